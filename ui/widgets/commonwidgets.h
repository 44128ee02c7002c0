#pragma once

#include "theme.h"

#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QToolButton;
class QTreeWidget;
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

} // namespace Mcp::Ui
