#pragma once

#include "mcpjson.h"
#include "serverconfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace Mcp {

// The MCP hosts whose configuration files MCP Scope reads and writes (issue 37), where those
// files usually are, and one way to read, export and rewrite every dialect: JSON (Claude
// Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI, Zed, Cline, LM Studio), TOML
// (Codex) and YAML (Continue, Goose). The Import dialog, Record in a Host and the command line's
// --config all go through here.
class HostConfig
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::HostConfig)

public:
    // One place a host keeps its servers.
    struct Location
    {
        QString host;             // "Claude Desktop", "Codex", ...
        QString path;             // absolute
        ServerConfig::Scope scope = ServerConfig::Scope::User;
        McpJsonDialect dialect = McpJsonDialect::McpServers;
    };

    // Every usual location, user scope (Linux first, then macOS) and project scope (in
    // `projectFolder`), whether or not the file exists. `home` defaults to QDir::homePath().
    static QList<Location> locations(const QString &projectFolder, const QString &home = QString());
    // Those of locations() that exist as files.
    static QList<Location> existingLocations(const QString &projectFolder, const QString &home = QString());

    // The dialect of a host file, from its name and content; Unknown when nothing fits.
    static McpJsonDialect detect(const QString &path, const QByteArray &text);
    // The host that writes a dialect, as a person names it ("Codex", "Gemini CLI").
    static QString dialectName(McpJsonDialect dialect);
    // Whether a dialect is written as TOML or YAML rather than JSON.
    static bool isToml(McpJsonDialect dialect) { return dialect == McpJsonDialect::Codex; }
    static bool isYaml(McpJsonDialect dialect)
    {
        return dialect == McpJsonDialect::Continue || dialect == McpJsonDialect::Goose;
    }
    // The file name suffix a dialect's files have ("json", "toml", "yaml").
    static QString suffix(McpJsonDialect dialect);

    // Reads any host file or pasted text (McpJson::parse for JSON, and TOML and YAML). `path`
    // (optional) helps tell the dialect and is named in errors.
    static McpJsonImport parse(const QByteArray &text, const QString &path = QString());
    static McpJsonImport readFile(const QString &path);

    // A whole file of the dialect with these servers (Export).
    static QByteArray exportText(const QList<ServerConfig> &servers, McpJsonDialect dialect,
                                 ServerConfig::SecretHandling secrets = ServerConfig::SecretHandling::Omit);

    // `text` (a host file of the dialect `detect` finds) with the entry named config.name
    // written anew from config, or added when there is none: only that entry's text changes,
    // comments, order and everything else stay byte for byte. nullopt and why when it cannot.
    static std::optional<QByteArray> writeEntry(const QByteArray &text, const QString &path, const ServerConfig &config,
                                                ServerConfig::SecretHandling secrets, QString *error);
    // Whether text (a rewritten file) reads as its dialect and still lists serverName: what
    // every rewrite checks before it is written, so a file whose layout defeated it stays as it was.
    static bool readsBack(const QByteArray &text, const QString &path, const QString &serverName);
    // writeEntry() on a file, saved atomically (a missing file is created).
    static bool writeEntryToFile(const QString &path, const ServerConfig &config, McpJsonDialect dialect,
                                 ServerConfig::SecretHandling secrets, QString *error);
};

} // namespace Mcp
