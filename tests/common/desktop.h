// Real input on a real X11 desktop, for tests that run under tests/common/desktop-session.sh
// (Xvfb, the openbox window manager, the xcb platform; ctest label `desktop`). Input goes
// through the X server with XTest (xdotool), so it reaches the window the way a person's does:
// a window manager decides focus and placement, the wheel goes to whatever is under the pointer.
#pragma once

#include <QApplication>
#include <QCursor>
#include <QMouseEvent>
#include <QProcess>
#include <QRect>
#include <QScreen>
#include <QString>
#include <QStyleHints>
#include <QStringList>
#include <QTest>
#include <QWidget>
#include <QWindow>

namespace Desktop {

// The size desktop-session.sh gave the screen ("1024x700"); an empty size outside a session.
inline QSize sessionScreen()
{
    const QStringList parts = qEnvironmentVariable("MCPSCOPE_DESKTOP_SCREEN").split(QLatin1Char('x'));
    if (parts.size() != 2)
        return {};
    return QSize(parts[0].toInt(), parts[1].toInt());
}

inline bool onDesktop()
{
    return QGuiApplication::platformName() == QLatin1String("xcb") && sessionScreen().isValid();
}

// Runs xdotool and lets the window see what it sent before returning.
inline bool xdotool(const QStringList &args)
{
    QProcess process;
    process.start(QStringLiteral("xdotool"), args);
    const bool ok = process.waitForFinished(10000) && process.exitStatus() == QProcess::NormalExit
        && process.exitCode() == 0;
    if (!ok)
        qWarning("xdotool %s failed: %s", qPrintable(args.join(QLatin1Char(' '))),
                 process.readAllStandardError().constData());
    QTest::qWait(60);
    return ok;
}

inline bool moveTo(QPoint global)
{
    return xdotool({QStringLiteral("mousemove"), QString::number(global.x()), QString::number(global.y())});
}

inline bool moveTo(const QWidget *widget, QPoint local = {-1, -1})
{
    if (local == QPoint(-1, -1))
        local = widget->rect().center();
    return moveTo(widget->mapToGlobal(local));
}

// Sees whether one press and release reached a widget (or a widget inside it), and where.
class ClickWatcher : public QObject
{
public:
    explicit ClickWatcher(const QWidget *widget) : m_widget(widget) { qApp->installEventFilter(this); }
    ~ClickWatcher() override { qApp->removeEventFilter(this); }

    bool pressed = false;
    bool released = false;
    bool releasedInside = false;

    bool eventFilter(QObject *receiver, QEvent *event) override
    {
        const bool press = event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseButtonDblClick;
        const bool release = event->type() == QEvent::MouseButtonRelease;
        auto *target = qobject_cast<QWidget *>(receiver);
        if ((press || release) && target && (target == m_widget || m_widget->isAncestorOf(target))) {
            if (press) {
                pressed = true;
            } else if (pressed) {
                released = true;
                const QPoint at = static_cast<QMouseEvent *>(event)->globalPosition().toPoint();
                releasedInside = m_widget->rect().contains(m_widget->mapFromGlobal(at));
            }
        }
        return false;
    }

private:
    const QWidget *m_widget;
};

// What lies under the pointer, for a click that went elsewhere.
inline QString underPointer()
{
    const QPoint at = QCursor::pos();
    const QWidget *there = QApplication::widgetAt(at);
    QString what = there ? QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(there->metaObject()->className()),
                                                           there->objectName())
                         : QStringLiteral("no widget of this application");
    return QStringLiteral("%1 at %2,%3").arg(what).arg(at.x()).arg(at.y());
}

// Clicks a widget the way a person does and makes sure the widget got the click. On a busy
// machine the window manager may still be moving or resizing the window, or the layout may still
// be settling after the last click, so a place computed a moment earlier can miss: the pointer is
// moved until the X server reports it entered the widget, and a click the widget did not receive
// whole (no press, or for a button a release that landed outside it once the layout moved, which
// a button ignores) is tried again from a freshly computed place.
inline bool click(const QWidget *widget, QPoint local = {-1, -1})
{
    const bool button = widget->inherits("QAbstractButton");
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (!moveTo(widget, local))
            return false;
        (void)QTest::qWaitFor([widget] { return widget->underMouse(); }, 1000);
        ClickWatcher watcher(widget);
        if (!xdotool({QStringLiteral("click"), QStringLiteral("1")}))
            return false;
        (void)QTest::qWaitFor([&watcher] { return watcher.released; }, 1000);
        if (watcher.pressed && (!button || watcher.releasedInside))
            return true;
        qWarning("Desktop::click: %s %s did not get the click whole (pressed %d, released inside %d); "
                 "under the pointer: %s", widget->metaObject()->className(), qPrintable(widget->objectName()),
                 watcher.pressed, watcher.releasedInside, qPrintable(underPointer()));
        // Past the double-click interval, so the next press is a press.
        QTest::qWait(QGuiApplication::styleHints()->mouseDoubleClickInterval() + 100);
    }
    return false;
}

// Wheel notches at the pointer's place: positive scrolls down (button 5), negative up (4).
inline bool wheel(int notches)
{
    const QString button = notches > 0 ? QStringLiteral("5") : QStringLiteral("4");
    return xdotool({QStringLiteral("click"), QStringLiteral("--repeat"), QString::number(qAbs(notches)),
                    QStringLiteral("--delay"), QStringLiteral("30"), button});
}

// Keys as xdotool names them: "Tab", "Return", "alt+1", "ctrl+Return", "shift+Tab".
inline bool key(const QString &keys)
{
    return xdotool({QStringLiteral("key"), QStringLiteral("--clearmodifiers"), keys});
}

inline bool type(const QString &text)
{
    return xdotool({QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("15"), text});
}

// What the screen leaves for windows (the whole screen under openbox, which has no panel).
inline QRect available(const QWidget *widget)
{
    const QScreen *screen = widget->screen() ? widget->screen() : QGuiApplication::primaryScreen();
    return screen->availableGeometry();
}

// The window with its frame (title bar, borders) lies within the screen.
// Whether the window, frame included, lies within the screen once the window manager has caught
// up: on a busy machine openbox may apply a maximize or new frame extents a second later, and a
// frame measured in between (the old margins around the new geometry) is not the window's size.
inline bool fitsScreen(const QWidget *window, int settleMs = 3000)
{
    return QTest::qWaitFor([window] { return available(window).contains(window->frameGeometry()); }, settleMs);
}

inline QString describe(const QWidget *window)
{
    const QRect f = window->frameGeometry();
    const QRect a = available(window);
    return QStringLiteral("%1 \"%2\": frame %3x%4+%5+%6, screen %7x%8")
        .arg(QString::fromLatin1(window->metaObject()->className()), window->windowTitle())
        .arg(f.width()).arg(f.height()).arg(f.x()).arg(f.y()).arg(a.width()).arg(a.height());
}

// Waits until the window manager has mapped, placed and framed a window and given it focus.
inline bool waitShown(QWidget *window)
{
    if (!QTest::qWaitForWindowExposed(window, 10000))
        return false;
    // openbox reparents and frames the window after mapping it; the frame margins arrive with
    // _NET_FRAME_EXTENTS a moment later.
    QTest::qWait(150);
    return QTest::qWaitForWindowActive(window, 5000);
}

} // namespace Desktop

namespace Desktop {

// Presses the left button at `from` (in widget's coordinates), moves to `to` and releases it:
// a drag, as of a scroll bar's thumb.
inline bool drag(const QWidget *widget, QPoint from, QPoint to)
{
    const QPoint start = widget->mapToGlobal(from);
    const QPoint end = widget->mapToGlobal(to);
    return moveTo(start) && xdotool({QStringLiteral("mousedown"), QStringLiteral("1")})
        && moveTo(QPoint((start.x() + end.x()) / 2, (start.y() + end.y()) / 2)) && moveTo(end)
        && xdotool({QStringLiteral("mouseup"), QStringLiteral("1")});
}

} // namespace Desktop
