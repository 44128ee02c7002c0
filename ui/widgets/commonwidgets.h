#pragma once

#include "theme.h"

#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QToolButton;
class QTreeWidget;
class QVBoxLayout;
class QWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Widget set-ups that recur across the window, written once.

// A word-wrapped note in a role's colour (an error, a warning, a notice), hidden until there is
// something to say. Label: QLabel, or FittingLabel for text of any length.
template<typename Label>
Label *hiddenNote(Theme::Role role, const QString &objectName, QWidget *parent)
{
    auto *label = new Label(parent);
    if (!objectName.isEmpty())
        label->setObjectName(objectName);
    label->setWordWrap(true);
    Theme::setTextColor(label, role);
    label->hide();
    return label;
}

// A flat tool button that shows one of Theme's icons and says what it does in its tooltip.
QToolButton *iconButton(const QString &iconName, const QString &toolTip, QWidget *parent);

// A table of rows (no tree lines, rows of one height, alternate colours) with these column
// headers: each column as wide as its contents, the last one taking the rest.
QTreeWidget *flatTree(const QStringList &headers, QWidget *parent);

// A page of a list and the details of its chosen item: `page` is filled with a splitter, the
// list's column on the left (two parts of five), the details' on the right (three parts).
struct ListAndDetails
{
    QWidget *listColumn;
    QVBoxLayout *listLayout;
    QWidget *detailsColumn;
    QVBoxLayout *detailsLayout;
};
ListAndDetails splitListAndDetails(QWidget *page);

// The field that filters a list as one types: clearable, with this placeholder.
QLineEdit *searchField(const QString &objectName, const QString &placeholder, QWidget *parent);

// The heading above an item's details: bold, a fifth larger than the text around it.
QLabel *headingLabel(const QString &text, QWidget *parent);

} // namespace Mcp::Ui
