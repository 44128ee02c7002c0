#pragma once

#include <QColor>
#include <QIcon>
#include <QList>
#include <QString>

QT_BEGIN_NAMESPACE
class QApplication;
class QPalette;
class QWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Colours and icons that follow the system's light or dark appearance.
namespace Theme {

// The user's choice (View › Theme, QSettings "ui/theme": "system", "light" or "dark").
enum class Choice { System, Light, Dark };
Choice savedChoice();
void saveChoice(Choice choice);

// Applies the Fusion style with a light or dark palette: the choice, or for System the
// platform theme's (MCPSCOPE_THEME=light|dark overrides System). Can be called again while
// running: icons follow at once, as do colours read through color().
void apply(QApplication *app, Choice choice = savedChoice());
bool isDark();
// The colour of the ring around the widget with the keyboard focus.
QColor focusRingColor();
// An SVG icon from resources/icons (":/icons/<name>.svg") drawn in the palette's text
// colour, sharp at every size and device pixel ratio.
QIcon icon(const QString &name);
// The application icon (resources/mcpscope.svg).
QIcon appIcon();

// Semantic colours readable on the current base colour.
enum class Role { Ok, Warning, Error, Muted, Info, Incoming, Outgoing,
                  JsonKey, JsonString, JsonNumber, JsonKeyword, JsonPunctuation };
QColor color(Role role);
// Words drawn on a coloured ground (a result's banner, a tool's badge, the output-schema verdict):
// the ground for each meaning, under badgeTextColor().
enum class Badge { Ok, Error, Failure, Neutral };
QColor badgeColor(Badge badge);
QColor badgeTextColor();
// A QLabel style sheet that draws the label as such a badge.
QString badgeStyleSheet(Badge badge, int padding);
// The tint behind the rows of one round trip in the traffic view (group > 0), and the base colour of
// a find field that matched nothing.
QColor roundTint(uint group);
QColor noMatchBase(const QColor &base);
// Every text colour the theme gives, against each ground it is drawn on, for the palette applied
// now: what must meet WCAG AA (4.5:1) in both palettes.
struct TextPair
{
    QString what;
    QColor text;
    QColor ground;
};
QList<TextPair> textPairs();
// Gives a label (or any widget) its text in a role's colour: an error, a warning, a muted note.
void setTextColor(QWidget *widget, Role role);
// Gives it back the text colour it inherits.
void resetTextColor(QWidget *widget);

} // namespace Theme
} // namespace Mcp::Ui
