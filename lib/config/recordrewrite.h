#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace Mcp {

// "Record this server in…" (issue 14): rewrites one server entry of a host's mcp.json (Claude
// Desktop, Claude Code and Cursor's "mcpServers", VS Code's "servers" or settings.json's
// "mcp"."servers"; comments and trailing commas allowed) so that the host's traffic goes through
// the recorder, and puts it back. A stdio entry is started through `mcpscope record`: only its
// "command" and "args" values change (an "args" member is added after "command" when there is
// none). An HTTP entry's "url" is pointed at a running `mcpscope record --http` proxy, same path
// and query. Every other byte of the file stays as it was, comments and formatting included.
class RecordRewrite
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::RecordRewrite)

public:
    struct Recorder
    {
        QString program;          // the mcpscope executable
        QString captureFile;      // empty: the recorder's default
        QUrl httpProxy;           // HTTP entries: the recording proxy's origin (http://127.0.0.1:PORT)
    };

    // What an entry runs: a command line, or a url.
    struct Entry
    {
        QString command;
        QStringList args;
        QUrl url;
        bool recorded = false;    // a command line already run through the recorder
    };
    static std::optional<Entry> entry(const QByteArray &text, const QString &serverName, const QString &recorderProgram,
                                      QString *error);

    // The text with the entry wrapped, or nullopt and why.
    static std::optional<QByteArray> wrap(const QByteArray &text, const QString &serverName, const Recorder &recorder,
                                          QString *error);

    // The entry as it was before wrap(): a stdio entry from the recorder's own arguments, an
    // HTTP entry's url from `backup` (the file before wrap()).
    static std::optional<QByteArray> unwrap(const QByteArray &text, const QString &serverName, const QByteArray &backup,
                                            const QString &recorderProgram, QString *error);

    struct FileChange
    {
        QString path;
        QString serverName;
        QString recorderProgram;
        QString backupPath;       // the file as it was, byte for byte
        QByteArray rewritten;     // what we wrote, so that undo knows the file is still ours
    };
    // Wraps the entry in the file (atomically), keeping a backup next to it.
    static std::optional<FileChange> wrapFile(const QString &path, const QString &serverName, const Recorder &recorder,
                                              QString *error);
    // Puts the backup back when the file is still exactly what wrapFile wrote; when it was edited
    // since, puts back this entry alone (unwrap) and keeps the other edits.
    static bool undo(const FileChange &change, QString *error);
    // A change made earlier (another run of the window) that can still be undone: the entry is
    // recorded now and a backup beside the file holds it as it was.
    static std::optional<FileChange> pendingChange(const QString &path, const QString &serverName,
                                                   const QString &recorderProgram);

private:
    // wrap() and unwrap() before the check that their result reads back.
    static std::optional<QByteArray> wrapUnchecked(const QByteArray &text, const QString &serverName,
                                                   const Recorder &recorder, QString *error);
    static std::optional<QByteArray> unwrapUnchecked(const QByteArray &text, const QString &serverName,
                                                     const QByteArray &backup, const QString &recorderProgram,
                                                     QString *error);
};

} // namespace Mcp
