#pragma once

#include "protocol/listdiff.h"

#include <QJsonObject>
#include <QStringList>

namespace Mcp::Cli {

// `mcpscope diff A B`: what changed from A to B in tools, prompts, resources and resource
// templates. A and B are each a server (a command line in one argument, "node server.js", or an
// http(s) URL) or a snapshot file: a JSON object with any of "tools", "prompts", "resources",
// "resourceTemplates" arrays (what `mcpscope --cli X --method tools/list` prints is one).

// A change that breaks a client written against A: an item removed, a tool input property
// removed or its type changed or its enum narrowed, a new required tool or prompt argument.
// Empty when the change is compatible; else the reason.
QString breakingReason(const QString &kind, const ItemChange &change);

struct SnapshotDiff
{
    QList<QPair<QString, ListDiff>> lists; // "tools", "prompts", "resources", "resourceTemplates"
    int breaking = 0;
};
SnapshotDiff diffSnapshots(const QJsonObject &before, const QJsonObject &after);
QJsonObject diffToJson(const SnapshotDiff &diff);
QString diffToText(const SnapshotDiff &diff);

// Entry point for `mcpscope diff ARGS`. Needs a QCoreApplication. Exit 0: no breaking change,
// 1: breaking changes, 2: usage, 3: a server could not be reached or listed.
int runDiff(const QStringList &arguments);

} // namespace Mcp::Cli
