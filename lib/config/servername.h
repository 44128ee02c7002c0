#pragma once

#include <QString>
#include <QStringList>

namespace Mcp {

// A short name for a server started by a command, as a person would call it: the package or
// script it runs rather than the whole command line ("node /srv/weather/dist/index.js" gives
// "weather", its package.json's name when there is one; "npx -y @scope/server-files" gives
// "server-files"). What `mcpscope COMMAND…` names a new server.
QString serverNameForCommand(const QString &program, const QStringList &arguments);

} // namespace Mcp
