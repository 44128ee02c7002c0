#pragma once

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QAbstractItemView;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Enter in an item's editor commits that item and nothing more. Without this the key, which the
// line edit ignores after the delegate has taken the text, travels up to the dialog and presses
// its default button: the dialog closes and the edit in progress is lost.
void keepEnterInItemEditors(QAbstractItemView *view);

} // namespace Mcp::Ui
