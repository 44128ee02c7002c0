#pragma once

#include <QStringList>

namespace Mcp::Cli {

// `mcpscope replay CAPTURE [options] -- COMMAND [ARGS...]` or `... --url URL`: sends the
// client requests of a capture (JSON Lines or HAR) to a fresh server and compares each answer
// with the recorded one, ids, timestamps and _meta aside (lib/collections/replay.h).
// Exit codes: 0 every answer the same, 1 differences, 2 usage or an unreadable capture,
// 3 authorization required, 4 the server could not be started or reached. Needs a QCoreApplication.
int runReplay(const QStringList &arguments);

} // namespace Mcp::Cli
