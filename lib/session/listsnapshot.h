#pragma once

#include "session/serverconnection.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace Mcp {

// Everything a server offers, listed: its tools, prompts, resources and templates, each list its
// capabilities announce, every page, all at once, as a snapshot (protocol/snapshotdiff.h). The one
// way for the CLI (Client::listSnapshot) and the window (Session::listSnapshot), each listing
// through its own listAll. done runs once, on context's thread, never after context is gone;
// error names the first list that failed ("tools/list failed: ..."; the snapshot then lacks it).
void listSnapshot(ServerConnection &connection, const QJsonObject &serverCapabilities, const QObject *context,
                  const ServerConnection::ListOptions &options, ServerConnection::SnapshotDone done);

} // namespace Mcp
