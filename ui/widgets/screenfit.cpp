#include "widgets/screenfit.h"

#include "widgets/applicationfilter.h"

#include <QApplication>
#include <QEvent>
#include <QScreen>
#include <QWidget>

#include <optional>

namespace Mcp::Ui::ScreenFit {

namespace {

std::optional<QMargins> measuredFrame(const QWidget *window)
{
    if (!window || !window->isVisible())
        return std::nullopt;
    const QRect frame = window->frameGeometry();
    const QRect inner = window->geometry();
    const QMargins margins(inner.left() - frame.left(), inner.top() - frame.top(), frame.right() - inner.right(),
                           frame.bottom() - inner.bottom());
    // No title bar yet: the window manager has not framed it.
    if (margins.top() <= 0)
        return std::nullopt;
    return margins;
}

QScreen *screenOf(const QWidget *window)
{
    if (window->parentWidget() && window->parentWidget()->window()->screen())
        return window->parentWidget()->window()->screen();
    return window->screen() ? window->screen() : QGuiApplication::primaryScreen();
}

// Moves the window, frame included, into the room (its contents' room).
void moveInto(QWidget *window, const QRect &room)
{
    const QMargins margins = frameMargins(window);
    const QRect now = window->geometry();
    const int x = qBound(room.left(), now.x(), qMax(room.left(), room.right() + 1 - now.width()));
    const int y = qBound(room.top(), now.y(), qMax(room.top(), room.bottom() + 1 - now.height()));
    if (x != now.x() || y != now.y())
        window->move(x - margins.left(), y - margins.top()); // move() places the frame
}

bool isClampable(const QWidget *widget)
{
    if (!widget->isWindow())
        return false;
    const Qt::WindowType type = widget->windowType();
    if (type != Qt::Window && type != Qt::Dialog)
        return false;
    return !(widget->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen | Qt::WindowMinimized));
}

class Guard : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Show && watched->isWidgetType()) {
            auto *widget = static_cast<QWidget *>(watched);
            if (isClampable(widget))
                clampToScreen(widget);
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

QMargins frameMargins(const QWidget *window)
{
    if (window) {
        if (const auto own = measuredFrame(window))
            return *own;
        if (window->parentWidget()) {
            if (const auto parents = measuredFrame(window->parentWidget()->window()))
                return *parents;
        }
    }
    for (const QWidget *other : QApplication::topLevelWidgets()) {
        if (other->windowType() == Qt::Window || other->windowType() == Qt::Dialog) {
            if (const auto margins = measuredFrame(other))
                return *margins;
        }
    }
    return QMargins(6, 36, 6, 6);
}

QRect room(const QWidget *window)
{
    return screenOf(window)->availableGeometry().marginsRemoved(frameMargins(window));
}

void resizeWithin(QWidget *window, QSize preferred)
{
    const QRect space = room(window);
    QSize size = preferred.isValid() ? preferred : window->sizeHint();
    size = size.expandedTo(window->minimumSizeHint()).expandedTo(window->minimumSize());
    window->resize(size.boundedTo(space.size()));
    if (window->testAttribute(Qt::WA_Moved))
        moveInto(window, space);
}

void clampToScreen(QWidget *window)
{
    const QRect space = room(window);
    if (window->width() > space.width() || window->height() > space.height())
        window->resize(window->size().boundedTo(space.size()));
    // A window that has not been placed yet is placed by the window manager (or centred on its
    // parent, for a dialog): within the screen.
    if (window->testAttribute(Qt::WA_Moved) && !space.contains(window->geometry()))
        moveInto(window, space);
}

void installGuard()
{
    installApplicationFilter<Guard>();
}

} // namespace Mcp::Ui::ScreenFit
