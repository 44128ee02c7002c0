#pragma once

#include <QAbstractSpinBox>
#include <QLineEdit>
#include <QWidget>

namespace Mcp::Ui {

// Call from the destructor of a widget whose slots handle its editors' editingFinished: while
// the base QWidget destructor runs, hiding the window or deleting a focused editor sends a
// focus-out, the editor says editingFinished, and a slot would run on a half-destroyed object
// (UndefinedBehaviorSanitizer reported it). Their signals are blocked first.
inline void quietEditorsForDestruction(QWidget *widget)
{
    for (QLineEdit *edit : widget->findChildren<QLineEdit *>())
        edit->blockSignals(true);
    for (QAbstractSpinBox *box : widget->findChildren<QAbstractSpinBox *>())
        box->blockSignals(true);
}

} // namespace Mcp::Ui
