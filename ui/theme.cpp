#include "theme.h"

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
    // Placeholder text is read, not skipped as a disabled control is: it needs AA contrast (4.5:1).
    const QColor placeholder(0x9d, 0xa1, 0xa8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, placeholder);
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
    p.setColor(QPalette::LinkVisited, QColor(0xb9, 0x94, 0xe0));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x48, 0x4c));
    return p;
}

// Fusion's own light palette, with the colours that fall short of AA contrast (4.5:1) darkened:
// the selection under white text, placeholder text and visited links.
QPalette lightPalette(const QStyle *fusion)
{
    QPalette p = fusion->standardPalette();
    for (auto group : {QPalette::Active, QPalette::Inactive})
        p.setColor(group, QPalette::Highlight, QColor(0x27, 0x67, 0xa8));
    p.setColor(QPalette::PlaceholderText, QColor(0x66, 0x66, 0x66));
    p.setColor(QPalette::LinkVisited, QColor(0x7b, 0x1f, 0xa2));
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
    app->setPalette(g_dark ? darkPalette() : lightPalette(app->style()));
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
    case Role::Ok: return g_dark ? QColor(0x6a, 0xc9, 0x7a) : QColor(0x17, 0x69, 0x2d);
    case Role::Warning: return g_dark ? QColor(0xe5, 0xb5, 0x4a) : QColor(0x87, 0x56, 0x00);
    case Role::Error: return g_dark ? QColor(0xff, 0x6b, 0x68) : QColor(0xc4, 0x1e, 0x1e);
    // Muted text is still read (a note, a time): not the disabled colour, which may be fainter than AA.
    case Role::Muted: return g_dark ? QColor(0x9d, 0xa1, 0xa8) : QColor(0x5f, 0x63, 0x68);
    case Role::Info: return g_dark ? QColor(0x58, 0x9d, 0xf6) : QColor(0x1f, 0x5f, 0xbf);
    case Role::Incoming: return g_dark ? QColor(0x7f, 0xc8, 0xf8) : QColor(0x0b, 0x5c, 0x99);
    case Role::Outgoing: return g_dark ? QColor(0xc9, 0xa2, 0xf2) : QColor(0x7a, 0x2e, 0xa8);
    case Role::JsonKey: return g_dark ? QColor(0x9c, 0xdc, 0xfe) : QColor(0x04, 0x51, 0xa5);
    case Role::JsonString: return g_dark ? QColor(0xce, 0x91, 0x78) : QColor(0xa3, 0x15, 0x15);
    case Role::JsonNumber: return g_dark ? QColor(0xb5, 0xce, 0xa8) : QColor(0x07, 0x70, 0x4a);
    case Role::JsonKeyword: return g_dark ? QColor(0x56, 0x9c, 0xd6) : QColor(0x00, 0x00, 0xff);
    case Role::JsonPunctuation: return color(Role::Muted);
    }
    return {};
}

QColor badgeColor(Badge badge)
{
    switch (badge) {
    case Badge::Ok: return QColor(0x2e, 0x7d, 0x32);
    case Badge::Error: return QColor(0xc6, 0x28, 0x28);
    case Badge::Failure: return QColor(0x6d, 0x4c, 0x41);
    case Badge::Neutral: return QColor(0x54, 0x6e, 0x7a);
    }
    return {};
}

QColor badgeTextColor()
{
    return Qt::white;
}

QString badgeStyleSheet(Badge badge, int padding)
{
    return QStringLiteral("QLabel { background: %1; color: %2; padding: %3px; border-radius: 3px; font-weight: bold; }")
        .arg(badgeColor(badge).name(), badgeTextColor().name())
        .arg(padding);
}

QColor roundTint(uint group)
{
    return QColor::fromHsv(int((group * 67) % 360), 150, 220, 90);
}

QColor noMatchBase(const QColor &base)
{
    // A red tint of the theme's own base colour, readable in light and dark themes.
    const QColor red(220, 40, 40);
    return QColor::fromRgbF(base.redF() * 0.7f + red.redF() * 0.3f, base.greenF() * 0.7f + red.greenF() * 0.3f,
                            base.blueF() * 0.7f + red.blueF() * 0.3f);
}

namespace {
// A translucent colour as it shows over an opaque one.
QColor over(const QColor &top, const QColor &under)
{
    const float a = top.alphaF();
    return QColor::fromRgbF(top.redF() * a + under.redF() * (1 - a), top.greenF() * a + under.greenF() * (1 - a),
                            top.blueF() * a + under.blueF() * (1 - a));
}
} // namespace

QList<TextPair> textPairs()
{
    const QPalette p = QApplication::palette();
    QList<TextPair> pairs;
    auto add = [&pairs](const QString &what, const QColor &text, const QColor &ground) { pairs.append({what, over(text, ground), ground}); };
    const QColor window = p.color(QPalette::Window);
    const QColor base = p.color(QPalette::Base);
    const QColor alternate = over(p.color(QPalette::AlternateBase), base);
    for (auto group : {QPalette::Active, QPalette::Inactive}) {
        const QString g = group == QPalette::Active ? QStringLiteral("active ") : QStringLiteral("inactive ");
        add(g + QStringLiteral("WindowText on Window"), p.color(group, QPalette::WindowText), p.color(group, QPalette::Window));
        add(g + QStringLiteral("Text on Base"), p.color(group, QPalette::Text), p.color(group, QPalette::Base));
        add(g + QStringLiteral("Text on AlternateBase"), p.color(group, QPalette::Text), over(p.color(group, QPalette::AlternateBase), base));
        add(g + QStringLiteral("ButtonText on Button"), p.color(group, QPalette::ButtonText), p.color(group, QPalette::Button));
        add(g + QStringLiteral("ToolTipText on ToolTipBase"), p.color(group, QPalette::ToolTipText), p.color(group, QPalette::ToolTipBase));
        add(g + QStringLiteral("HighlightedText on Highlight"), p.color(group, QPalette::HighlightedText), p.color(group, QPalette::Highlight));
        add(g + QStringLiteral("PlaceholderText on Base"), p.color(group, QPalette::PlaceholderText), p.color(group, QPalette::Base));
        add(g + QStringLiteral("PlaceholderText on Window"), p.color(group, QPalette::PlaceholderText), p.color(group, QPalette::Window));
        add(g + QStringLiteral("Link on Base"), p.color(group, QPalette::Link), p.color(group, QPalette::Base));
        add(g + QStringLiteral("Link on Window"), p.color(group, QPalette::Link), p.color(group, QPalette::Window));
        add(g + QStringLiteral("LinkVisited on Base"), p.color(group, QPalette::LinkVisited), p.color(group, QPalette::Base));
    }
    const QList<std::pair<Role, const char *>> roles{
        {Role::Ok, "Ok"}, {Role::Warning, "Warning"}, {Role::Error, "Error"}, {Role::Muted, "Muted"}, {Role::Info, "Info"},
        {Role::Incoming, "Incoming"}, {Role::Outgoing, "Outgoing"}, {Role::JsonKey, "JsonKey"}, {Role::JsonString, "JsonString"},
        {Role::JsonNumber, "JsonNumber"}, {Role::JsonKeyword, "JsonKeyword"}, {Role::JsonPunctuation, "JsonPunctuation"}};
    for (const auto &[role, name] : roles) {
        add(QStringLiteral("%1 on Window").arg(QLatin1String(name)), color(role), window);
        add(QStringLiteral("%1 on Base").arg(QLatin1String(name)), color(role), base);
        add(QStringLiteral("%1 on AlternateBase").arg(QLatin1String(name)), color(role), alternate);
    }
    const QList<std::pair<Badge, const char *>> badges{
        {Badge::Ok, "Ok"}, {Badge::Error, "Error"}, {Badge::Failure, "Failure"}, {Badge::Neutral, "Neutral"}};
    for (const auto &[badge, name] : badges)
        add(QStringLiteral("badge text on the %1 badge").arg(QLatin1String(name)), badgeTextColor(), badgeColor(badge));
    // The server list's second line: the text colour at 70 % opacity.
    QColor detail = p.color(QPalette::Text);
    detail.setAlphaF(0.7);
    add(QStringLiteral("server detail on Base"), detail, base);
    for (uint group = 1; group <= 360; ++group)
        add(QStringLiteral("Text on the tint of round %1").arg(group), p.color(QPalette::Text), over(roundTint(group), base));
    add(QStringLiteral("Text on a find field that matched nothing"), p.color(QPalette::Text), noMatchBase(base));
    return pairs;
}

} // namespace Mcp::Ui::Theme
