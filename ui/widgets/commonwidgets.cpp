#include "widgets/commonwidgets.h"

#include <QHeaderView>
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

} // namespace Mcp::Ui
