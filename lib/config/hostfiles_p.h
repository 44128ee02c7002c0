#pragma once

// The TOML (Codex) and YAML (Continue, Goose) host files, and what the JSON, TOML and YAML
// writers share. Private to config/: hostconfigs.h and recordrewrite.h are the way in. toml++
// and yaml-cpp stay inside tomlhostfile.cpp and yamlhostfile.cpp.

#include "mcpjson.h"
#include "serverconfig.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace Mcp::HostFiles {

enum class Format : quint8 { Json, Toml, Yaml };
// A host file's format, from its name (optional) and its text.
Format formatOf(const QString &path, const QByteArray &text);

// One member's value in a host file: its bytes [start, end) and what it holds.
struct ValueSpan
{
    qsizetype start = -1;
    qsizetype end = -1;
    QJsonValue value;
    // The value is a block (YAML "args:\n  - a"): the span starts right after the key's ':',
    // so what replaces it needs a blank first.
    bool afterColon = false;
};

// Where a server entry's command, arguments and url are in a host file, whatever its format:
// what Record in a Host rewrites, byte for byte around them.
struct LocatedEntry
{
    std::optional<ValueSpan> command;
    std::optional<ValueSpan> args;
    std::optional<ValueSpan> url;
    // Where an "args" member goes when the entry has none, and what comes before its value
    // (`, "args": ` in JSON, "\nargs = " in a TOML table, "\n    args: " in a YAML block).
    qsizetype argsInsertAt = -1;
    QByteArray argsInsertPrefix;
};

// An entry's members in the order they are written (a JSON object sorts its keys).
using Members = QList<QPair<QString, QJsonValue>>;

// `members` with the keys an entry had in the file (`written`, in the file's order) first, in
// that order, then the new ones: a rewritten entry keeps the order its author chose.
void keepWrittenOrder(Members *members, const QStringList &written);

// A string as a JSON string literal, quotes included: also a valid TOML basic string and a
// valid YAML double-quoted scalar, so every format's rewrite writes values this way.
QByteArray quoted(const QString &text);
// A list of strings as a JSON array on one line: also TOML and YAML (flow) syntax.
QByteArray quotedList(const QStringList &items);

// How TOML and YAML write a value on one line (an inline table, a flow mapping).
struct InlineSyntax
{
    QByteArray (*string)(const QString &);
    QByteArray (*key)(const QString &);
    const char *assign; // " = " or ": "
    const char *open;   // "{ " or "{"
    const char *close;
};
QByteArray inlineValue(const QJsonValue &value, const InlineSyntax &syntax);

// Line and column (1-based, in characters) of a byte offset, as a ConfigParseError.
ConfigParseError errorAt(const QByteArray &text, qsizetype offset, const QString &reason, const QString &path);

// Codex (config.toml).
McpJsonImport parseCodex(const QByteArray &text, const QString &path);
std::optional<LocatedEntry> locateCodex(const QByteArray &text, const QString &serverName, QString *error);
Members codexMembers(const ServerConfig &config, ServerConfig::SecretHandling secrets);
QByteArray exportCodex(const QList<ServerConfig> &servers, ServerConfig::SecretHandling secrets);
std::optional<QByteArray> writeCodexEntry(const QByteArray &text, const ServerConfig &config,
                                          ServerConfig::SecretHandling secrets, QString *error);

// Continue (config.yaml, or a .continue/mcpServers block) and Goose (config.yaml). Which one a
// file is comes from its top level: "extensions" is Goose's.
bool isGooseYaml(const QByteArray &text);
McpJsonImport parseYaml(const QByteArray &text, const QString &path);
std::optional<LocatedEntry> locateYaml(const QByteArray &text, const QString &serverName, QString *error);
QByteArray exportYaml(const QList<ServerConfig> &servers, McpJsonDialect dialect, ServerConfig::SecretHandling secrets);
std::optional<QByteArray> writeYamlEntry(const QByteArray &text, const ServerConfig &config, McpJsonDialect dialect,
                                         ServerConfig::SecretHandling secrets, QString *error);

} // namespace Mcp::HostFiles
