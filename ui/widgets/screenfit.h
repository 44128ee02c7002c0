#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace Mcp::Ui::ScreenFit {

// The window manager's frame around a window: measured on a framed window of the application when
// there is one (the title bar's height differs between desktops), else a generous guess.
QMargins frameMargins(const QWidget *window);
// Where a window's contents may go on its screen (the parent's screen for a dialog): the screen's
// free area less the frame.
QRect room(const QWidget *window);
// Sizes a window to `preferred` (its size hint when empty), at least its minimum size, at most
// the room, and moves it inside the room when it would stick out. Call before show().
void resizeWithin(QWidget *window, QSize preferred = {});
// Keeps a window's current (say restored) geometry within the room: smaller if it must be, moved
// onto the screen when it lies off it.
void clampToScreen(QWidget *window);
// Every top-level window and dialog of the application is clamped this way when it is shown
// (QMessageBox, QInputDialog and windows of their own alike). Installs once.
void installGuard();

} // namespace Mcp::Ui::ScreenFit
