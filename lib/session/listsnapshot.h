#pragma once

#include "session/client.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace Mcp {

// Everything a server offers, listed: its tools, prompts, resources and templates, each list its
// capabilities announce, every page, all at once, as a snapshot (protocol/snapshotdiff.h). The one
// way for the CLI (Client::listSnapshot) and the window (Session::listSnapshot); listAll is the
// Client's or the Session's. done runs once, on context's thread, never after context is gone;
// error names the first list that failed ("tools/list failed: ..."; the snapshot then lacks it).
using SnapshotDone = Client::SnapshotDone;
using ListAllFunction = std::function<void(const ListDescriptor &list, const QObject *context,
                                           const Client::ListOptions &options, Client::ListDone done)>;
void listSnapshot(const QJsonObject &serverCapabilities, const ListAllFunction &listAll, const QObject *context,
                  const Client::ListOptions &options, SnapshotDone done);

} // namespace Mcp
