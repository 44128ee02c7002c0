#pragma once

#include "serverconfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Mcp {

// The mcp.json families people copy servers from.
enum class McpJsonDialect : quint8 {
    Unknown,
    McpServers,   // {"mcpServers": {...}}: Claude Desktop, Claude Code (.mcp.json), Cursor, Cline, LM Studio
    VsCode,       // {"servers": {...}, "inputs": [...]} (.vscode/mcp.json), or "mcp" in settings.json
    ServerMap,    // a bare {"name": {server}, ...} map (pasted without its "mcpServers")
    SingleServer, // a bare {"command": ...} or {"url": ...} object (pasted)
    // The other hosts' files (config/hostconfigs.h reads and writes them).
    Windsurf,     // "mcpServers" with "serverUrl" for HTTP servers (~/.codeium/windsurf/mcp_config.json)
    Gemini,       // Gemini CLI's settings.json: "mcpServers" with "httpUrl" (streamable) or "url" (SSE)
    Zed,          // Zed's settings.json: "context_servers", "command" flat or as {path, args, env}
    Codex,        // Codex's config.toml: [mcp_servers.NAME] tables
    Continue,     // Continue's config.yaml (or a .continue/mcpServers block): an "mcpServers" list
    Goose,        // Goose's config.yaml: an "extensions" map of {type, cmd, args, envs, uri...}
};

// Where a file or pasted text stopped being valid JSON, in terms a person can find.
struct ConfigParseError
{
    QString path;       // empty for pasted text
    int line = 0;       // 1-based; 0 when there is no position
    int column = 0;     // 1-based, in characters
    qsizetype offset = -1;
    QString reason;

    bool isNull() const { return reason.isEmpty(); }
    // "path:line:column: reason" (path and position left out when unknown).
    QString toString() const;
};

// What an mcp.json file or pasted text holds, before it meets the catalog.
struct McpJsonImport
{
    QString sourcePath;               // empty for pasted text
    McpJsonDialect dialect = McpJsonDialect::Unknown;
    QList<ServerConfig> servers;      // in document order; names set, fresh ids, scope User
    QList<InputPrompt> inputs;        // VS Code "inputs" (also attached to the servers that use them)
    QStringList warnings;             // things that were ignored or guessed, one sentence each
    ConfigParseError error;           // set when nothing could be read

    bool isValid() const { return error.isNull(); }
};

struct McpJsonExportOptions
{
    // McpServers (Claude Desktop, Claude Code, Cursor), VsCode, Windsurf, Gemini or Zed; the
    // TOML and YAML hosts are written by HostConfig::exportText.
    McpJsonDialect dialect = McpJsonDialect::McpServers;
    // Omit: literal secret values become ${NAME} references (VS Code: ${input:id} with a
    // generated password input); values that already hold a reference are kept.
    ServerConfig::SecretHandling secrets = ServerConfig::SecretHandling::Omit;
    // Write an "x-mcpscope" member with what the dialect has no place for (id, timeouts,
    // notes, secret flags...) and leave secret values empty. Used for project .mcp.json files.
    bool mcpScopeFields = false;
};

class McpJson
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::McpJson)

public:
    // Reads any supported dialect. `text` may be a whole file or pasted text: a bare server
    // object, a map of servers, or a snippet without its outer braces. Comments and trailing
    // commas (JSONC, as VS Code writes) are accepted. Imported servers keep ${...} text as is.
    static McpJsonImport parse(const QByteArray &text, const QString &sourcePath = QString());
    static McpJsonImport readFile(const QString &path);
    // What readFile() gives for a file it cannot open (`why`: the file's errorString()).
    static McpJsonImport unreadable(const QString &path, const QString &why);

    // One server's entry in the chosen dialect (the value under its name). Inputs generated
    // for omitted secrets (VS Code) are appended to *generatedInputs.
    static QJsonObject exportEntry(const ServerConfig &config, const McpJsonExportOptions &options,
                                   QList<InputPrompt> *generatedInputs = nullptr);
    // A whole file. `base` (for example the file being rewritten) keeps its other members.
    static QJsonObject exportDocument(const QList<ServerConfig> &servers,
                                      const McpJsonExportOptions &options,
                                      const QJsonObject &base = QJsonObject());
    // exportDocument() as indented JSON text with the servers in the order given (JSON objects
    // sort their keys; a file written by hand keeps its order when MCP Scope rewrites it).
    static QByteArray exportDocumentText(const QList<ServerConfig> &servers, const McpJsonExportOptions &options,
                                         const QJsonObject &base = QJsonObject());
    // Indented JSON text of exportDocument() for one or more servers (clipboard, Save As).
    static QByteArray exportText(const QList<ServerConfig> &servers, const McpJsonExportOptions &options);
    // One entry as `"name": {...}`, ready to paste into the "mcpServers" (or "servers")
    // object of an existing file. VS Code inputs generated for omitted secrets are not part
    // of it: use exportText() when they matter.
    static QByteArray exportEntryText(const ServerConfig &config, const McpJsonExportOptions &options);

    // JSONC to JSON: comments and trailing commas become spaces, so offsets stay valid.
    static QByteArray stripComments(const QByteArray &text);
    // Line and column of a byte offset in UTF-8 text.
    static ConfigParseError locate(const QByteArray &text, qsizetype offset, const QString &reason,
                                   const QString &path = QString());

    // A name for a server pasted without one: the package an npx/uvx command runs, the
    // command's base name, or the URL's host.
    static QString suggestName(const ServerConfig &config);
    // Whether an env or header name usually carries a credential (TOKEN, API_KEY, Authorization...).
    static bool looksSecret(const QString &name);
};

} // namespace Mcp
