#include "theme.h"

#include "connection/connection.h"

#include <QApplication>
#include <QFile>
#include <QHash>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QPixmapCache>
#include <QProxyStyle>
#include <QStyleOption>
#include <QSettings>
#include <QWidget>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>
#include <QSvgRenderer>

namespace Mcp::Ui::Theme {

namespace {

bool g_dark = false;

// Renders SVG bytes at whatever size is asked, with "currentColor" replaced by the
// palette's text colour for the mode (disabled icons get the disabled text colour).
class SvgIconEngine : public QIconEngine
{
public:
    explicit SvgIconEngine(const QByteArray &svg) : m_svg(svg), m_svgHash(qHash(svg)) {}

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override
    {
        QSvgRenderer renderer(colored(mode));
        renderer.render(painter, QRectF(rect));
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return scaledPixmap(size, mode, state, 1.0);
    }

    // Tab bars, tool buttons and list rows ask for their icons on every paint: rendered once per
    // picture, size, colour and scale, then taken from QPixmapCache (parsing and drawing the SVG
    // each time cost whole milliseconds of a repaint).
    QPixmap scaledPixmap(const QSize &size, QIcon::Mode mode, QIcon::State state, qreal scale) override
    {
        const QSize deviceSize = size * scale;
        const QString key = QStringLiteral("mcpscope-svg-%1-%2x%3-%4-%5-%6")
                                .arg(m_svgHash)
                                .arg(deviceSize.width())
                                .arg(deviceSize.height())
                                .arg(int(mode))
                                .arg(color(mode).rgba())
                                .arg(scale);
        QPixmap pm;
        if (QPixmapCache::find(key, &pm))
            return pm;
        pm = QPixmap(deviceSize);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        paint(&p, QRect(QPoint(), deviceSize), mode, state);
        p.end();
        pm.setDevicePixelRatio(scale);
        QPixmapCache::insert(key, pm);
        return pm;
    }

    QIconEngine *clone() const override { return new SvgIconEngine(m_svg); }
    QString key() const override { return QStringLiteral("McpScopeSvg"); }

private:
    static QColor color(QIcon::Mode mode)
    {
        return QApplication::palette().color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active,
                                             mode == QIcon::Selected ? QPalette::HighlightedText : QPalette::WindowText);
    }

    QByteArray colored(QIcon::Mode mode) const
    {
        QByteArray svg = m_svg;
        svg.replace("currentColor", color(mode).name().toLatin1());
        return svg;
    }

    QByteArray m_svg;
    size_t m_svgHash;
};

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabled(0x7a, 0x7e, 0x85);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x68));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x43, 0x46));
    p.setColor(QPalette::Mid, QColor(0x32, 0x34, 0x37));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    p.setColor(QPalette::LinkVisited, QColor(0xa3, 0x7a, 0xcc));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x48, 0x4c));
    return p;
}

// The platform theme's palette, kept from before we set ours.
const QPalette &platformPalette()
{
    static const QPalette palette = QApplication::palette();
    return palette;
}

bool systemPrefersDark()
{
    const QByteArray forced = qgetenv("MCPSCOPE_THEME");
    if (forced == "dark")
        return true;
    if (forced == "light")
        return false;
    // Before we set a palette, the application palette is the platform theme's (GTK, KDE,
    // Windows, macOS): a dark window colour there means the desktop is in dark mode.
    // (QStyleHints::colorScheme() only exists from Qt 6.5.)
    return platformPalette().color(QPalette::Window).lightness() < 128;
}

constexpr QLatin1StringView ThemeSetting("ui/theme");

// Fusion marks the keyboard focus with a 1 px outline at a fraction of the highlight colour, hard
// to find on either palette. This draws a 2 px ring in focusRingColor() around the focused field,
// box or button, over what Fusion drew.
class FocusRingStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    static constexpr int Width = 2;

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget) const override
    {
        if (element == PE_FrameFocusRect) {
            // Item views and check box labels: Fusion draws only after a keyboard focus change.
            if (option->state & State_KeyboardFocusChange)
                ring(painter, option->rect);
            return;
        }
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        const bool focused = option->state & State_HasFocus;
        if (!focused)
            return;
        switch (element) {
        case PE_FrameLineEdit:
            ring(painter, option->rect);
            break;
        case PE_PanelButtonCommand:
        case PE_PanelButtonTool:
        case PE_IndicatorCheckBox:
        case PE_IndicatorRadioButton:
            if (option->state & State_KeyboardFocusChange)
                ring(painter, option->rect);
            break;
        default:
            break;
        }
    }

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option, QPainter *painter,
                            const QWidget *widget) const override
    {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        if ((control == CC_ComboBox || control == CC_SpinBox) && (option->state & State_HasFocus))
            ring(painter, option->rect);
        else if (control == CC_Slider && (option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange))
            ring(painter, option->rect);
    }

private:
    static void ring(QPainter *painter, const QRect &rect)
    {
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setBrush(Qt::NoBrush);
        QPen pen(focusRingColor(), Width);
        pen.setJoinStyle(Qt::MiterJoin);
        painter->setPen(pen);
        // A pen of width 2 straddles the path: inset by 1 so both pixels fall inside the rectangle.
        painter->drawRect(QRectF(rect).adjusted(1, 1, -1, -1));
        painter->restore();
    }
};

} // namespace

Choice savedChoice()
{
    const QString saved = QSettings().value(ThemeSetting).toString();
    return saved == QLatin1String("dark") ? Choice::Dark : saved == QLatin1String("light") ? Choice::Light : Choice::System;
}

void saveChoice(Choice choice)
{
    QSettings().setValue(ThemeSetting, choice == Choice::Dark    ? QStringLiteral("dark")
                                       : choice == Choice::Light ? QStringLiteral("light")
                                                                 : QStringLiteral("system"));
}

void apply(QApplication *app, Choice choice)
{
    platformPalette(); // kept before the first palette of ours replaces it
    g_dark = choice == Choice::System ? systemPrefersDark() : choice == Choice::Dark;
    if (!dynamic_cast<FocusRingStyle *>(app->style()))
        app->setStyle(new FocusRingStyle(QStyleFactory::create(QStringLiteral("Fusion"))));
    app->setPalette(g_dark ? darkPalette() : app->style()->standardPalette());
}

bool isDark() { return g_dark; }

QColor focusRingColor()
{
    // At least 3:1 against the window and the base colour of its palette (WCAG 2.2, focus
    // appearance), unlike either palette's highlight.
    return g_dark ? QColor(0x58, 0x9d, 0xf6) : QColor(0x1f, 0x5f, 0xbf);
}

QIcon icon(const QString &name)
{
    static QHash<QString, QByteArray> cache;
    auto it = cache.find(name);
    if (it == cache.end()) {
        QFile file(QStringLiteral(":/icons/") + name + QStringLiteral(".svg"));
        QByteArray svg;
        if (file.open(QIODevice::ReadOnly))
            svg = file.readAll();
        it = cache.insert(name, svg);
    }
    if (it->isEmpty())
        return {};
    return QIcon(new SvgIconEngine(*it));
}

QIcon appIcon()
{
    return QIcon(QStringLiteral(":/mcpscope.svg"));
}

void setTextColor(QWidget *widget, Role role)
{
    QPalette palette = widget->palette();
    palette.setColor(QPalette::WindowText, color(role));
    widget->setPalette(palette);
}

void resetTextColor(QWidget *widget)
{
    widget->setPalette(QPalette()); // an empty palette resolves nothing: all of it is inherited again
}

QColor color(Role role)
{
    switch (role) {
    case Role::Ok: return g_dark ? QColor(0x6a, 0xc9, 0x7a) : QColor(0x1e, 0x87, 0x3a);
    case Role::Warning: return g_dark ? QColor(0xe5, 0xb5, 0x4a) : QColor(0xa6, 0x6a, 0x00);
    case Role::Error: return g_dark ? QColor(0xff, 0x6b, 0x68) : QColor(0xc4, 0x1e, 0x1e);
    case Role::Muted: return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
    case Role::Info: return g_dark ? QColor(0x58, 0x9d, 0xf6) : QColor(0x1f, 0x5f, 0xbf);
    case Role::Incoming: return g_dark ? QColor(0x7f, 0xc8, 0xf8) : QColor(0x0b, 0x5c, 0x99);
    case Role::Outgoing: return g_dark ? QColor(0xc9, 0xa2, 0xf2) : QColor(0x7a, 0x2e, 0xa8);
    case Role::JsonKey: return g_dark ? QColor(0x9c, 0xdc, 0xfe) : QColor(0x04, 0x51, 0xa5);
    case Role::JsonString: return g_dark ? QColor(0xce, 0x91, 0x78) : QColor(0xa3, 0x15, 0x15);
    case Role::JsonNumber: return g_dark ? QColor(0xb5, 0xce, 0xa8) : QColor(0x09, 0x86, 0x58);
    case Role::JsonKeyword: return g_dark ? QColor(0x56, 0x9c, 0xd6) : QColor(0x00, 0x00, 0xff);
    case Role::JsonPunctuation: return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
    }
    return {};
}

QColor stateColor(const Connection *connection)
{
    if (!connection)
        return color(Role::Muted);
    switch (connection->state()) {
    case Connection::State::Disconnected: return color(Role::Muted);
    case Connection::State::Connecting: return color(Role::Warning);
    case Connection::State::Connected:
        switch (connection->health()) {
        case Connection::Health::Reachable: return color(Role::Ok);
        case Connection::Health::Degraded: return color(Role::Warning);
        case Connection::Health::Unreachable: return color(Role::Error);
        }
        return color(Role::Ok);
    case Connection::State::Failed: return color(Role::Error);
    case Connection::State::Exited: return color(Role::Error);
    }
    return color(Role::Muted);
}

} // namespace Mcp::Ui::Theme
