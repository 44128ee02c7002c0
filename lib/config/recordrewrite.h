#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace Mcp {

// "Record this server in…" (issue 14): rewrites one stdio server entry of a host's mcp.json
// (Claude Desktop, Claude Code and Cursor's "mcpServers", VS Code's "servers" or settings.json's
// "mcp"."servers"; comments and trailing commas allowed) so that the host starts it through
// `mcpscope record`, and puts it back. Only the entry's "command" and "args" values change (an
// "args" member is added after "command" when there is none); every other byte of the file
// stays as it was, comments and formatting included.
class RecordRewrite
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::RecordRewrite)

public:
    struct Recorder
    {
        QString program;          // the mcpscope executable
        QString captureFile;      // empty: the recorder's default
    };

    // The text with the entry wrapped, or nullopt and why.
    static std::optional<QByteArray> wrap(const QByteArray &text, const QString &serverName, const Recorder &recorder,
                                          QString *error);

    struct FileChange
    {
        QString path;
        QString backupPath;       // the file as it was, byte for byte
        QByteArray rewritten;     // what we wrote, so that undo knows the file is still ours
    };
    // Wraps the entry in the file (atomically), keeping a backup next to it.
    static std::optional<FileChange> wrapFile(const QString &path, const QString &serverName, const Recorder &recorder,
                                              QString *error);
    // Puts the backup back, if the file is still exactly what wrapFile wrote; else says why not.
    static bool undo(const FileChange &change, QString *error);
};

} // namespace Mcp
