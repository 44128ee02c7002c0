#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace Mcp {

// Snapshots on disk, for `mcpscope diff` and the window's Compare With… and Save Snapshot…
// (protocol/snapshotdiff.h compares them). A snapshot file is a JSON object with any of the
// "tools", "prompts", "resources", "resourceTemplates" arrays; the window's files add
// "format": "mcpscope-snapshot", "version", "server" and "savedAt", which comparing ignores.
// A capture (*.jsonl) stands for the snapshot of the listings it answered.
struct SnapshotFile
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::SnapshotFile)

public:
    static constexpr int Version = 1;

    // Whether path names a file read as a snapshot (*.json) or a capture (*.jsonl, *.ndjson),
    // rather than, say, a server's executable.
    static bool isReadable(const QString &path);
    // The snapshot in a *.json file, or the one a capture's answered listings make; empty and
    // *error set when there is none.
    static QJsonObject read(const QString &path, QString *error);
    // The lists of a JSON Lines capture (TrafficCapture's format): the answers to the client's
    // tools/list, prompts/list, resources/list and resources/templates/list, pages joined; a
    // listing asked for again from its first page replaces the earlier one (the last one wins).
    static QJsonObject fromCapture(const QByteArray &jsonLines, QString *error);
    // The lists of snapshot with the window's header members, indented.
    static QByteArray toBytes(const QJsonObject &snapshot, const QString &serverName);
    // Writes toBytes() atomically.
    static bool write(const QString &path, const QJsonObject &snapshot, const QString &serverName, QString *error);
};

} // namespace Mcp
