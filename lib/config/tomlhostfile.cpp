// Codex's config.toml: [mcp_servers.NAME] tables, read with toml++ (whose nodes carry their
// source regions: what lets a rewrite splice one table or one value and keep every other byte).

#include "hostfiles_p.h"
#include "configkeys.h"
#include "jsonutil_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <toml++/toml.h>

#include <algorithm>
#include <sstream>

namespace Mcp::HostFiles {

namespace {

constexpr std::string_view ServersTable = "mcp_servers";

// Byte offsets of toml++'s positions (1-based lines, columns counted in characters).
class Positions
{
public:
    explicit Positions(const QByteArray &text) : m_text(text)
    {
        m_lineStarts.append(0);
        for (qsizetype i = 0; i < text.size(); ++i)
            if (text.at(i) == '\n')
                m_lineStarts.append(i + 1);
    }
    qsizetype offset(const toml::source_position &position) const
    {
        if (position.line == 0 || qsizetype(position.line) > m_lineStarts.size())
            return m_text.size();
        qsizetype at = m_lineStarts.at(position.line - 1);
        for (toml::source_index column = 1; column < position.column && at < m_text.size(); ++column) {
            ++at; // one character: a lead byte and its continuation bytes
            while (at < m_text.size() && (uchar(m_text.at(at)) & 0xC0) == 0x80)
                ++at;
        }
        return at;
    }
    qsizetype lineStart(qsizetype offset) const { return m_text.lastIndexOf('\n', offset - 1) + 1; }
    qsizetype lineEnd(qsizetype offset) const
    {
        const qsizetype newline = m_text.indexOf('\n', offset);
        return newline < 0 ? m_text.size() : newline;
    }

private:
    const QByteArray &m_text;
    QList<qsizetype> m_lineStarts;
};

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QJsonValue toJson(const toml::node &node)
{
    if (const auto *text = node.as_string())
        return toQString(text->get());
    if (const auto *integer = node.as_integer())
        return double(integer->get());
    if (const auto *number = node.as_floating_point())
        return number->get();
    if (const auto *boolean = node.as_boolean())
        return boolean->get();
    if (const auto *array = node.as_array()) {
        QJsonArray out;
        for (const toml::node &item : *array)
            out.append(toJson(item));
        return out;
    }
    if (const auto *table = node.as_table()) {
        QJsonObject out;
        for (auto &&[key, value] : *table)
            out.insert(toQString(key.str()), toJson(value));
        return out;
    }
    // Dates and times: as TOML writes them.
    std::ostringstream text;
    node.visit([&text](const auto &value) { text << value; });
    return QString::fromStdString(text.str());
}

// The members of a table in the order of the text (toml++ keeps them sorted).
std::vector<std::pair<const toml::key *, const toml::node *>> inTextOrder(const toml::table &table)
{
    std::vector<std::pair<const toml::key *, const toml::node *>> members;
    for (auto &&[key, value] : table)
        members.emplace_back(&key, &value);
    std::stable_sort(members.begin(), members.end(), [](const auto &a, const auto &b) {
        const auto &x = a.first->source().begin;
        const auto &y = b.first->source().begin;
        return x.line != y.line ? x.line < y.line : x.column < y.column;
    });
    return members;
}

// The parsed file, or the located error.
std::optional<toml::table> parseToml(const QByteArray &text, const QString &path, ConfigParseError *error)
{
    try {
        return toml::parse(std::string_view(text.constData(), size_t(text.size())));
    } catch (const toml::parse_error &failure) {
        error->path = path;
        error->line = int(failure.source().begin.line);
        error->column = int(failure.source().begin.column);
        error->reason = McpJson::tr("Not valid TOML: %1.").arg(toQString(failure.description()));
        return std::nullopt;
    }
}

QList<ConfigEntry> entriesOf(const QJsonValue &value, bool guessSecrets)
{
    QList<ConfigEntry> entries;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString text = ConfigDetail::scalarToString(it.value());
        entries.append({it.key(), text, guessSecrets && !text.isEmpty() && McpJson::looksSecret(it.key())
                                            && !containsVariableReference(text)});
    }
    return entries;
}

// A header whose value is only "${NAME}" (Codex: env_http_headers) or "Bearer ${NAME}"
// (Codex: bearer_token_env_var): the variable's name, else empty.
QString variableOnly(const QString &value, const QString &prefix = QString())
{
    static const QRegularExpression reference(QStringLiteral("^\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}$"));
    if (!value.startsWith(prefix))
        return QString();
    const auto match = reference.match(value.mid(prefix.size()));
    return match.hasMatch() ? match.captured(1) : QString();
}

ServerConfig entryToConfig(const QString &name, const toml::table &table, const Positions &, QStringList *warnings)
{
    ServerConfig config = ServerConfig::create(name);
    QJsonObject extra;
    // Codex lists headers in two tables and the bearer token apart; kept in the text's order.
    for (const auto &[key, node] : inTextOrder(table)) {
        const std::string_view word = key->str();
        const QJsonValue value = toJson(*node);
        if (word == "command") {
            config.command = value.toString();
        } else if (word == "args") {
            for (const QJsonValue &arg : value.toArray())
                config.args.append(ConfigDetail::scalarToString(arg));
            if (!value.isArray())
                warnings->append(McpJson::tr("%1: \"args\" is not a list; ignored.").arg(name));
        } else if (word == "env") {
            config.env = entriesOf(value, true);
        } else if (word == "cwd") {
            config.workingDirectory = value.toString();
        } else if (word == "url") {
            config.url = value.toString();
        } else if (word == "http_headers") {
            config.headers += entriesOf(value, true);
        } else if (word == "env_http_headers") {
            // Header -> the variable holding its value: the ${VAR} form MCP Scope expands.
            const QJsonObject headers = value.toObject();
            for (auto it = headers.begin(); it != headers.end(); ++it)
                config.headers.append({it.key(), QStringLiteral("${%1}").arg(it.value().toString()), false});
        } else if (word == "bearer_token_env_var") {
            config.headers.append({QStringLiteral("Authorization"), QStringLiteral("Bearer ${%1}").arg(value.toString()), false});
        } else if (word == "startup_timeout_sec" || word == "startup_timeout_ms") {
            config.timeouts.connectMs = int(value.toDouble() * (word == "startup_timeout_sec" ? 1000 : 1));
        } else if (word == "tool_timeout_sec") {
            config.timeouts.requestMs = int(value.toDouble() * 1000);
        } else {
            if (word == "enabled" && !value.toBool(true))
                warnings->append(McpJson::tr("%1: marked \"disabled\" in the source file.").arg(name));
            extra.insert(toQString(word), value);
        }
    }
    // Codex speaks stdio and streamable HTTP.
    config.transport = config.command.isEmpty() && !config.url.isEmpty() ? ServerConfig::TransportType::StreamableHttp
                                                                         : ServerConfig::TransportType::Stdio;
    if (config.command.isEmpty() && config.url.isEmpty())
        warnings->append(McpJson::tr("%1: no \"command\".").arg(name));
    config.extra = extra;
    return config;
}

// A key as TOML writes it: bare when it can be, else a quoted string.
QByteArray tomlKey(const QString &key)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_-]+$"));
    return bare.match(key).hasMatch() ? key.toUtf8() : quoted(key);
}

QByteArray tomlValue(const QJsonValue &value)
{
    static const InlineSyntax toml{quoted, tomlKey, " = ", "{ ", " }"};
    return inlineValue(value, toml);
}

// The entry's members as inline-table text ({ a = 1, b = "x" }).
QByteArray inlineTable(const Members &members)
{
    QByteArray out = "{ ";
    for (qsizetype i = 0; i < members.size(); ++i)
        out += (i ? ", " : "") + tomlKey(members.at(i).first) + " = " + tomlValue(members.at(i).second);
    return out + " }";
}

QByteArray tableText(const QString &name, const Members &members)
{
    QByteArray out = "[mcp_servers." + tomlKey(name) + "]\n";
    for (const auto &[key, value] : members)
        out += tomlKey(key) + " = " + tomlValue(value) + '\n';
    return out;
}

// The offsets of the [header] and [[header]] lines of every table in `node` outside `skip`.
void collectHeaders(const toml::node &node, const toml::node *skip, const Positions &positions,
                    const QByteArray &text, QList<qsizetype> *headers)
{
    if (&node == skip)
        return;
    if (const toml::table *table = node.as_table()) {
        if (!table->is_inline()) {
            const qsizetype at = positions.offset(table->source().begin);
            if (at < text.size() && text.at(at) == '[')
                headers->append(at);
        }
        for (auto &&[key, value] : *table)
            collectHeaders(value, skip, positions, text, headers);
    } else if (const toml::array *array = node.as_array()) {
        for (const toml::node &item : *array)
            collectHeaders(item, skip, positions, text, headers);
    }
}

// Where the [header] table `node` (starting at `start`) ends: at the next header that is not
// one of its sub-tables, less the comments and blank lines just before it (they belong to
// what follows).
qsizetype tableEnd(const QByteArray &text, const toml::table &root, const toml::node &node, qsizetype start,
                   const Positions &positions)
{
    QList<qsizetype> headers;
    collectHeaders(root, &node, positions, text, &headers);
    qsizetype end = text.size();
    for (const qsizetype at : std::as_const(headers))
        if (at > start && at < end)
            end = at;
    end = positions.lineStart(end);
    const qsizetype headerLineEnd = positions.lineEnd(start);
    for (;;) {
        if (end <= headerLineEnd + 1)
            break;
        const qsizetype previousStart = positions.lineStart(end - 1);
        const QByteArray line = text.mid(previousStart, end - 1 - previousStart).trimmed();
        if (!line.isEmpty() && !line.startsWith('#'))
            break;
        end = previousStart;
    }
    return end;
}

const toml::table *serversOf(const toml::table &root)
{
    const toml::node *node = root.get(ServersTable);
    return node ? node->as_table() : nullptr;
}

} // namespace

McpJsonImport parseCodex(const QByteArray &text, const QString &path)
{
    McpJsonImport result;
    result.sourcePath = path;
    result.dialect = McpJsonDialect::Codex;
    const auto root = parseToml(text, path, &result.error);
    if (!root)
        return result;
    const Positions positions(text);
    if (const toml::node *node = root->get(ServersTable); node && !node->is_table()) {
        result.error = errorAt(text, positions.offset(node->source().begin),
                               McpJson::tr("\"mcp_servers\" is not a table."), path);
        return result;
    }
    if (const toml::table *servers = serversOf(*root)) {
        for (const auto &[key, node] : inTextOrder(*servers)) {
            const QString name = toQString(key->str());
            if (const toml::table *table = node->as_table())
                result.servers.append(entryToConfig(name, *table, positions, &result.warnings));
            else
                result.warnings.append(McpJson::tr("%1: not an object; skipped.").arg(name));
        }
    }
    if (result.servers.isEmpty())
        result.warnings.append(McpJson::tr("The file lists no servers."));
    return result;
}

std::optional<LocatedEntry> locateCodex(const QByteArray &text, const QString &serverName, QString *error)
{
    ConfigParseError parseError;
    const auto root = parseToml(text, QString(), &parseError);
    if (!root) {
        *error = parseError.toString();
        return std::nullopt;
    }
    const toml::table *servers = serversOf(*root);
    const toml::node *node = servers ? servers->get(serverName.toStdString()) : nullptr;
    if (!node) {
        *error = McpJson::tr("there is no server \"%1\" in the file").arg(serverName);
        return std::nullopt;
    }
    const toml::table *table = node->as_table();
    if (!table) {
        *error = McpJson::tr("the entry \"%1\" is not an object").arg(serverName);
        return std::nullopt;
    }
    const Positions positions(text);
    LocatedEntry located;
    for (const auto &[key, slot] : {std::pair{std::string_view("command"), &located.command},
                                    std::pair{std::string_view("args"), &located.args},
                                    std::pair{std::string_view("url"), &located.url}}) {
        if (const toml::node *member = table->get(key)) {
            *slot = ValueSpan{positions.offset(member->source().begin), positions.offset(member->source().end),
                              toJson(*member), false};
        }
    }
    if (located.command) {
        if (table->is_inline()) {
            located.argsInsertAt = located.command->end;
            located.argsInsertPrefix = ", args = ";
        } else {
            // On a line of its own after the command's (and its comment).
            located.argsInsertAt = positions.lineEnd(located.command->end);
            located.argsInsertPrefix = "\nargs = ";
        }
    }
    return located;
}

Members codexMembers(const ServerConfig &config, ServerConfig::SecretHandling secrets)
{
    const bool omit = secrets == ServerConfig::SecretHandling::Omit;
    Members members;
    QStringList passedVariables; // env_vars: taken from Codex's own environment
    if (config.usesCommand()) {
        members.append({ConfigKey::Command, config.command});
        members.append({ConfigKey::Args, QJsonArray::fromStringList(config.args)});
        QJsonObject env;
        for (const ConfigEntry &e : config.env) {
            if (e.secret && omit && !containsVariableReference(e.value))
                passedVariables.append(e.name); // the value stays out of the file
            else
                env.insert(e.name, e.value);
        }
        if (!env.isEmpty())
            members.append({ConfigKey::Env, env});
        if (!config.workingDirectory.isEmpty())
            members.append({ConfigKey::Cwd, config.workingDirectory});
    } else {
        members.append({ConfigKey::Url, config.url});
        QString bearerVariable;
        QJsonObject literal, fromEnvironment;
        for (const ConfigEntry &h : config.headers) {
            const bool authorization = h.name.compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0;
            if (authorization && !variableOnly(h.value, QStringLiteral("Bearer ")).isEmpty())
                bearerVariable = variableOnly(h.value, QStringLiteral("Bearer "));
            else if (authorization && h.secret && omit && h.value.startsWith(QLatin1String("Bearer ")))
                bearerVariable = QStringLiteral("MCP_BEARER_TOKEN"); // the token stays in the environment
            else if (!variableOnly(h.value).isEmpty())
                fromEnvironment.insert(h.name, variableOnly(h.value));
            else if (h.secret && omit)
                fromEnvironment.insert(h.name, QString(h.name).toUpper().replace(QLatin1Char('-'), QLatin1Char('_')));
            else
                literal.insert(h.name, h.value);
        }
        if (!config.bearerToken.isEmpty() && bearerVariable.isEmpty()) {
            if (omit)
                bearerVariable = QStringLiteral("MCP_BEARER_TOKEN");
            else
                literal.insert(QStringLiteral("Authorization"), QString(QStringLiteral("Bearer ") + config.bearerToken));
        }
        if (!bearerVariable.isEmpty())
            members.append({QStringLiteral("bearer_token_env_var"), bearerVariable});
        if (!literal.isEmpty())
            members.append({QStringLiteral("http_headers"), literal});
        if (!fromEnvironment.isEmpty())
            members.append({QStringLiteral("env_http_headers"), fromEnvironment});
    }
    const ServerTimeouts defaults;
    if (config.timeouts.connectMs != defaults.connectMs)
        members.append({QStringLiteral("startup_timeout_sec"), config.timeouts.connectMs / 1000.0});
    if (config.timeouts.requestMs != defaults.requestMs)
        members.append({QStringLiteral("tool_timeout_sec"), config.timeouts.requestMs / 1000.0});
    QJsonObject extra = config.extra;
    if (!passedVariables.isEmpty()) {
        QStringList names;
        for (const QJsonValue &name : extra.value(QLatin1String("env_vars")).toArray())
            names.append(name.toString());
        for (const QString &name : std::as_const(passedVariables))
            if (!names.contains(name))
                names.append(name);
        extra.insert(QStringLiteral("env_vars"), QJsonArray::fromStringList(names));
    }
    for (auto it = extra.begin(); it != extra.end(); ++it)
        if (!it.value().isNull() && !it.value().isUndefined())
            members.append({it.key(), it.value()});
    return members;
}

QByteArray exportCodex(const QList<ServerConfig> &servers, ServerConfig::SecretHandling secrets)
{
    QByteArray out;
    for (qsizetype i = 0; i < servers.size(); ++i) {
        const ServerConfig &config = servers.at(i);
        out += (i ? "\n" : "") + tableText(config.name.isEmpty() ? McpJson::suggestName(config) : config.name,
                                           codexMembers(config, secrets));
    }
    return out;
}

std::optional<QByteArray> writeCodexEntry(const QByteArray &text, const ServerConfig &config,
                                          ServerConfig::SecretHandling secrets, QString *error)
{
    ConfigParseError parseError;
    const auto root = parseToml(text, QString(), &parseError);
    if (!root) {
        *error = parseError.toString();
        return std::nullopt;
    }
    Members members = codexMembers(config, secrets);
    if (const toml::node *node = root->get(ServersTable); node && !node->is_table()) {
        *error = McpJson::tr("\"mcp_servers\" is not a table.");
        return std::nullopt;
    }
    const toml::table *servers = serversOf(*root);
    const toml::node *node = servers ? servers->get(config.name.toStdString()) : nullptr;
    QByteArray out = text;
    if (!node) {
        // A new table at the end, a blank line before it.
        if (!out.isEmpty() && !out.endsWith('\n'))
            out += '\n';
        if (!out.isEmpty() && !out.endsWith("\n\n"))
            out += '\n';
        return out + tableText(config.name, members);
    }
    const Positions positions(text);
    const toml::table *table = node->as_table();
    if (table) {
        QStringList written;
        for (const auto &[key, value] : inTextOrder(*table))
            written.append(toQString(key->str()));
        keepWrittenOrder(&members, written);
    }
    if (table && table->is_inline()) {
        const qsizetype start = positions.offset(node->source().begin);
        const qsizetype end = positions.offset(node->source().end);
        return out.replace(start, end - start, inlineTable(members));
    }
    const qsizetype start = positions.offset(node->source().begin);
    if (!table || start >= text.size() || text.at(start) != '[') {
        *error = McpJson::tr("the entry \"%1\" is written with dotted keys; it cannot be rewritten in place").arg(config.name);
        return std::nullopt;
    }
    const qsizetype end = tableEnd(text, *root, *node, start, positions);
    // The header line stays as written (its comment too), and so do the comments right under it.
    qsizetype bodyStart = qMin(positions.lineEnd(start) + 1, end);
    while (bodyStart < end && text.mid(bodyStart, positions.lineEnd(bodyStart) - bodyStart).trimmed().startsWith('#'))
        bodyStart = qMin(positions.lineEnd(bodyStart) + 1, end);
    QByteArray replacement = tableText(config.name, members);
    replacement = replacement.mid(replacement.indexOf('\n') + 1); // the members, without a header
    if (end >= text.size() && !text.endsWith('\n')) {
        replacement.chop(1); // the file had no final newline: neither has it now
        if (bodyStart >= text.size())
            replacement.prepend('\n'); // nor a line after the header
    }
    return out.replace(bodyStart, end - bodyStart, replacement);
}

} // namespace Mcp::HostFiles
