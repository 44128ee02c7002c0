#include "widgets/commonwidgets.h"

#include <QBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>

namespace Mcp::Ui {

QToolButton *iconButton(const QString &iconName, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setIcon(Theme::icon(iconName));
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    return button;
}

QTreeWidget *flatTree(const QStringList &headers, QWidget *parent)
{
    auto *tree = new QTreeWidget(parent);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setAlternatingRowColors(true);
    tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tree->header()->setStretchLastSection(true);
    return tree;
}

ListAndDetails splitListAndDetails(QWidget *page)
{
    auto *layout = new QHBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *splitter = new QSplitter(Qt::Horizontal, page);
    ListAndDetails columns;
    columns.listColumn = new QWidget(splitter);
    columns.listLayout = new QVBoxLayout(columns.listColumn);
    columns.listLayout->setContentsMargins(0, 0, 0, 0);
    columns.detailsColumn = new QWidget(splitter);
    columns.detailsLayout = new QVBoxLayout(columns.detailsColumn);
    columns.detailsLayout->setContentsMargins(6, 0, 0, 0);
    splitter->addWidget(columns.listColumn);
    splitter->addWidget(columns.detailsColumn);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter);
    return columns;
}

QLineEdit *searchField(const QString &objectName, const QString &placeholder, QWidget *parent)
{
    auto *field = new QLineEdit(parent);
    field->setObjectName(objectName);
    field->setPlaceholderText(placeholder);
    field->setClearButtonEnabled(true);
    return field;
}

QLabel *headingLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.2);
    label->setFont(font);
    return label;
}

} // namespace Mcp::Ui
