#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

QT_BEGIN_NAMESPACE
class QApplication;
class QPalette;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

class Connection;

// Colours and icons that follow the system's light or dark appearance.
namespace Theme {

// Applies the Fusion style with a light or dark palette chosen from the system
// (the platform theme's palette, or the colour scheme hint where the platform has one).
void apply(QApplication *app);
bool isDark();
// An SVG icon from resources/icons (":/icons/<name>.svg") drawn in the palette's text
// colour, sharp at every size and device pixel ratio.
QIcon icon(const QString &name);
// The application icon (resources/mcpscope.svg).
QIcon appIcon();

// Semantic colours readable on the current base colour.
enum class Role { Ok, Warning, Error, Muted, Info, Incoming, Outgoing,
                  JsonKey, JsonString, JsonNumber, JsonKeyword, JsonPunctuation };
QColor color(Role role);
// The colour of a server-connection state dot: its state, and while connected its health
// (nullptr: not connected).
QColor stateColor(const Connection *connection);

} // namespace Theme
} // namespace Ui
} // namespace Mcp
