#pragma once

#include "protocol/snapshotdiff.h"

#include <QJsonObject>
#include <QStringList>

namespace Mcp::Cli {

// `mcpscope diff A B`: what changed from A to B in tools, prompts, resources and resource
// templates. A and B are each a server (a command line in one argument, "node server.js", or an
// http(s) URL) or a snapshot file: a JSON object with any of "tools", "prompts", "resources",
// "resourceTemplates" arrays (what `mcpscope --cli X --method tools/list` prints is one).

// The comparison and the breaking rules are lib's (protocol/snapshotdiff.h, shared with the
// window's Compare With…); this is the command's text form of it.
QString diffToText(const SnapshotDiff &diff);

// Entry point for `mcpscope diff ARGS`. Needs a QCoreApplication. Exit 0: no breaking change,
// 1: breaking changes, 2: usage, 3: a server could not be reached or listed.
int runDiff(const QStringList &arguments);

} // namespace Mcp::Cli
