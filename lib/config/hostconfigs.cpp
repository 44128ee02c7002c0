#include "hostconfigs.h"
#include "configkeys.h"
#include "hostfiles_p.h"
#include "jsonscanner_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSaveFile>

namespace Mcp {


namespace {

using namespace HostFiles;

bool startsLikeJson(const QByteArray &text)
{
    const QByteArray trimmed = text.trimmed();
    // A TOML file may start with its first [table] header.
    static const QRegularExpression tomlHeader(QStringLiteral("^\\[\\[?[A-Za-z0-9_.\"' -]+\\]\\]?\\s*(#.*)?$"));
    const QByteArray firstLine = trimmed.left(trimmed.indexOf('\n')).trimmed();
    return trimmed.isEmpty() || trimmed.startsWith('{') || trimmed.startsWith('"') || trimmed.startsWith("//")
        || trimmed.startsWith("/*") || trimmed.startsWith("```")
        || (trimmed.startsWith('[') && !tomlHeader.match(QString::fromUtf8(firstLine)).hasMatch());
}

bool looksLikeToml(const QByteArray &text)
{
    static const QRegularExpression table(QStringLiteral("^\\s*\\[[A-Za-z0-9_.\"' -]+\\]\\s*(#.*)?$"),
                                          QRegularExpression::MultilineOption);
    static const QRegularExpression assignment(QStringLiteral("^\\s*[A-Za-z0-9_.\"-]+\\s*=\\s*\\S"),
                                               QRegularExpression::MultilineOption);
    const QString content = QString::fromUtf8(text);
    return table.match(content).hasMatch() || assignment.match(content).hasMatch();
}

bool looksLikeYaml(const QByteArray &text)
{
    static const QRegularExpression key(QStringLiteral("^(mcpServers|extensions|name|schema|version)\\s*:"),
                                        QRegularExpression::MultilineOption);
    return key.match(QString::fromUtf8(text)).hasMatch();
}

} // namespace

namespace HostFiles {

QByteArray quoted(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

void keepWrittenOrder(Members *members, const QStringList &written)
{
    Members ordered;
    for (const QString &key : written)
        for (const auto &member : std::as_const(*members))
            if (member.first == key && !std::any_of(ordered.cbegin(), ordered.cend(), [&](const auto &m) { return m.first == key; }))
                ordered.append(member);
    for (const auto &member : std::as_const(*members))
        if (!written.contains(member.first))
            ordered.append(member);
    *members = ordered;
}

QByteArray quotedList(const QStringList &items)
{
    QByteArray out = "[";
    for (qsizetype i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + quoted(items.at(i));
    return out + ']';
}

Format formatOf(const QString &path, const QByteArray &text)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("toml"))
        return Format::Toml;
    if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return Format::Yaml;
    if (suffix == QLatin1String("json") || suffix == QLatin1String("jsonc") || startsLikeJson(text))
        return Format::Json;
    // Pasted text or a file named otherwise: a YAML key at the top, or TOML's tables and keys.
    if (looksLikeYaml(text))
        return Format::Yaml;
    return looksLikeToml(text) ? Format::Toml : Format::Json;
}

QByteArray inlineValue(const QJsonValue &value, const InlineSyntax &syntax)
{
    switch (value.type()) {
    case QJsonValue::String: return syntax.string(value.toString());
    case QJsonValue::Bool: return value.toBool() ? "true" : "false";
    case QJsonValue::Double: {
        const double number = value.toDouble();
        return number == double(qint64(number)) ? QByteArray::number(qint64(number)) : QByteArray::number(number, 'g', 17);
    }
    case QJsonValue::Array: {
        QByteArray out = "[";
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            out += (i ? ", " : "") + inlineValue(array.at(i), syntax);
        return out + ']';
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        if (object.isEmpty())
            return "{}";
        QByteArray out = syntax.open;
        for (auto it = object.begin(); it != object.end(); ++it)
            out += (it == object.begin() ? "" : ", ") + syntax.key(it.key()) + syntax.assign + inlineValue(it.value(), syntax);
        return out + syntax.close;
    }
    default: return syntax.string(QString());
    }
}

ConfigParseError errorAt(const QByteArray &text, qsizetype offset, const QString &reason, const QString &path)
{
    // McpJson::locate steps back one byte (Qt's offsets point past the fault): step forward first.
    return McpJson::locate(text, offset < 0 ? offset : offset + 1, reason, path);
}

} // namespace HostFiles

namespace {

// What a JSON file's "mcpServers" is when its path or members say which host wrote it.
McpJsonDialect refineMcpServers(const QString &path, const QByteArray &text)
{
    const QString normalized = QDir::fromNativeSeparators(path);
    if (normalized.contains(QLatin1String("/.gemini/")) || text.contains("\"httpUrl\""))
        return McpJsonDialect::Gemini;
    if (normalized.contains(QLatin1String("windsurf"), Qt::CaseInsensitive) || text.contains("\"serverUrl\""))
        return McpJsonDialect::Windsurf;
    return McpJsonDialect::McpServers;
}

// JSON as a person writes a config: objects one member a line, lists of scalars on one line
// when short. `unit` is the file's indentation step.
void writeJson(QByteArray &out, const QJsonValue &value, const QByteArray &unit, int level,
               const QStringList &keyOrder = QStringList())
{
    const auto indent = [&](int depth) {
        for (int i = 0; i < depth; ++i)
            out += unit;
    };
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += "{}";
            return;
        }
        QStringList keys;
        for (const QString &key : keyOrder)
            if (object.contains(key) && !keys.contains(key))
                keys.append(key);
        for (const QString &key : object.keys())
            if (!keys.contains(key))
                keys.append(key);
        out += "{\n";
        for (qsizetype i = 0; i < keys.size(); ++i) {
            indent(level + 1);
            out += quoted(keys.at(i)) + ": ";
            writeJson(out, object.value(keys.at(i)), unit, level + 1);
            out += i + 1 < keys.size() ? ",\n" : "\n";
        }
        indent(level);
        out += '}';
        return;
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        const bool scalars = std::all_of(array.begin(), array.end(), [](const QJsonValue &v) { return !v.isObject() && !v.isArray(); });
        const QByteArray compact = QJsonDocument(array).toJson(QJsonDocument::Compact);
        if (scalars && compact.size() <= 100) {
            out += "[";
            for (qsizetype i = 0; i < array.size(); ++i) {
                out += i ? ", " : "";
                writeJson(out, array.at(i), unit, level);
            }
            out += ']';
            return;
        }
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            indent(level + 1);
            writeJson(out, array.at(i), unit, level + 1);
            out += i + 1 < array.size() ? ",\n" : "\n";
        }
        indent(level);
        out += ']';
        return;
    }
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    out += wrapped.mid(1, wrapped.size() - 2);
}

qsizetype columnOf(const QByteArray &text, qsizetype offset)
{
    return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

std::optional<QByteArray> writeJsonEntry(const QByteArray &text, McpJsonDialect dialect, const ServerConfig &config,
                                         ServerConfig::SecretHandling secrets, QString *error)
{
    using ConfigDetail::JsonScanner;
    using ConfigDetail::Member;
    const QByteArray stripped = McpJson::stripComments(text);
    if (stripped.size() != text.size()) {
        *error = HostConfig::tr("the file cannot be rewritten in place");
        return std::nullopt;
    }
    // The scanner below is lenient: a file that is not JSON is refused before it, where it is wrong.
    QJsonParseError parseError;
    QJsonDocument::fromJson(stripped, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = McpJson::locate(text, parseError.offset, McpJson::tr("Not valid JSON: %1.").arg(parseError.errorString()))
                     .toString();
        return std::nullopt;
    }
    JsonScanner scanner(stripped);
    qsizetype rootClosing = -1;
    const auto root = scanner.members(0, &rootClosing);
    if (!root) {
        *error = HostConfig::tr("the file is not a JSON object");
        return std::nullopt;
    }
    // The file's indentation step: that of its first member (none: the file is on one line).
    QByteArray unit = "  ";
    if (!root->isEmpty()) {
        const qsizetype column = columnOf(text, root->first().keyStart);
        const qsizetype lineStart = root->first().keyStart - column;
        if (column > 0 && text.mid(lineStart, column).trimmed().isEmpty())
            unit = text.mid(lineStart, column);
    }
    const QByteArray mapKey = dialect == McpJsonDialect::VsCode ? "servers"
        : dialect == McpJsonDialect::Zed                      ? "context_servers"
                                                              : "mcpServers";
    McpJsonExportOptions options;
    options.dialect = dialect;
    options.secrets = secrets;
    const QJsonObject entry = McpJson::exportEntry(config, options);
    QByteArray out = text;

    // The map of servers: at the top, or (VS Code's settings.json) under "mcp".
    const Member *map = ConfigDetail::find(*root, mapKey);
    int mapLevel = 1;
    std::optional<QList<Member>> mcp;
    if (!map && dialect == McpJsonDialect::VsCode) {
        if (const Member *settings = ConfigDetail::find(*root, "mcp")) {
            mcp = scanner.members(settings->valueStart);
            map = mcp ? ConfigDetail::find(*mcp, "servers") : nullptr;
            mapLevel = 2;
        }
    }
    if (!map) {
        // No map yet: one is added as the last member of the file.
        QByteArray value;
        writeJson(value, QJsonObject{{config.name, entry}}, unit, 1);
        const QByteArray member = unit + quoted(QString::fromUtf8(mapKey)) + ": " + value;
        if (root->isEmpty()) {
            const qsizetype opening = stripped.indexOf('{');
            return out.replace(opening + 1, rootClosing - opening - 1, QByteArray("\n" + member + "\n"));
        }
        return out.insert(root->last().valueEnd, QByteArray(",\n" + member));
    }
    qsizetype mapClosing = -1;
    const auto servers = scanner.members(map->valueStart, &mapClosing);
    if (!servers) {
        *error = HostConfig::tr("\"%1\" is not an object").arg(QString::fromUtf8(mapKey));
        return std::nullopt;
    }
    if (const Member *existing = ConfigDetail::find(*servers, config.name.toUtf8())) {
        // Its members keep their order; new ones follow.
        QStringList order;
        QJsonObject written = entry;
        if (const auto members = scanner.members(existing->valueStart)) {
            for (const Member &m : *members) {
                order.append(QString::fromUtf8(m.key));
                // The "type" word as the host wrote it (Cline's "stdio" or "streamableHttp") stays
                // while it still names the transport.
                const QJsonValue type = QJsonDocument::fromJson("[" + stripped.mid(m.valueStart, m.valueEnd - m.valueStart) + "]")
                                            .array().first();
                bool known = false;
                if (m.key == "type" && ServerConfig::transportFromString(type.toString(), &known) == config.transport && known)
                    written.insert(ConfigKey::Type, type);
            }
        }
        const int level = unit.isEmpty() ? 0 : int(columnOf(text, existing->keyStart) / unit.size());
        QByteArray value;
        writeJson(value, written, unit, level, order);
        return out.replace(existing->valueStart, existing->valueEnd - existing->valueStart, value);
    }
    const int level = mapLevel + 1;
    QByteArray indent;
    for (int i = 0; i < level; ++i)
        indent += unit;
    QByteArray value;
    writeJson(value, entry, unit, level);
    const QByteArray member = quoted(config.name) + ": " + value;
    if (servers->isEmpty()) {
        QByteArray closingIndent;
        for (int i = 0; i < level - 1; ++i)
            closingIndent += unit;
        return out.replace(map->valueStart + 1, mapClosing - map->valueStart - 1,
                           QByteArray("\n" + indent + member + "\n" + closingIndent));
    }
    return out.insert(servers->last().valueEnd, QByteArray(",\n" + indent + member));
}

} // namespace

QList<HostConfig::Location> HostConfig::locations(const QString &projectFolder, const QString &homeFolder)
{
    const QString home = homeFolder.isEmpty() ? QDir::homePath() : homeFolder;
    const QString macSupport = home + QStringLiteral("/Library/Application Support");
    const QString cline = QStringLiteral("/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json");
    const QString codexHome = qEnvironmentVariableIsSet("CODEX_HOME") && homeFolder.isEmpty()
        ? qEnvironmentVariable("CODEX_HOME") : home + QStringLiteral("/.codex");
    using Scope = ServerConfig::Scope;
    using D = McpJsonDialect;
    QList<Location> list = {
        {QStringLiteral("Claude Desktop"), home + QStringLiteral("/.config/Claude/claude_desktop_config.json"), Scope::User, D::McpServers},
        {QStringLiteral("Claude Desktop"), macSupport + QStringLiteral("/Claude/claude_desktop_config.json"), Scope::User, D::McpServers},
        {QStringLiteral("Claude Code"), home + QStringLiteral("/.claude.json"), Scope::User, D::McpServers},
        {QStringLiteral("Cursor"), home + QStringLiteral("/.cursor/mcp.json"), Scope::User, D::McpServers},
        {QStringLiteral("VS Code"), home + QStringLiteral("/.config/Code/User/mcp.json"), Scope::User, D::VsCode},
        {QStringLiteral("VS Code"), macSupport + QStringLiteral("/Code/User/mcp.json"), Scope::User, D::VsCode},
        {QStringLiteral("VS Code"), home + QStringLiteral("/.config/Code/User/settings.json"), Scope::User, D::VsCode},
        {QStringLiteral("Codex"), codexHome + QStringLiteral("/config.toml"), Scope::User, D::Codex},
        {QStringLiteral("Gemini CLI"), home + QStringLiteral("/.gemini/settings.json"), Scope::User, D::Gemini},
        {QStringLiteral("Windsurf"), home + QStringLiteral("/.codeium/windsurf/mcp_config.json"), Scope::User, D::Windsurf},
        {QStringLiteral("Zed"), home + QStringLiteral("/.config/zed/settings.json"), Scope::User, D::Zed},
        {QStringLiteral("Cline"), home + QStringLiteral("/.config/Code") + cline, Scope::User, D::McpServers},
        {QStringLiteral("Cline"), macSupport + QStringLiteral("/Code") + cline, Scope::User, D::McpServers},
        {QStringLiteral("LM Studio"), home + QStringLiteral("/.lmstudio/mcp.json"), Scope::User, D::McpServers},
        {QStringLiteral("Continue"), home + QStringLiteral("/.continue/config.yaml"), Scope::User, D::Continue},
        {QStringLiteral("Goose"), home + QStringLiteral("/.config/goose/config.yaml"), Scope::User, D::Goose},
    };
    if (!projectFolder.isEmpty()) {
        const QDir project(projectFolder);
        list += {
            {QStringLiteral("Claude Code"), project.filePath(QStringLiteral(".mcp.json")), Scope::Project, D::McpServers},
            {QStringLiteral("Cursor"), project.filePath(QStringLiteral(".cursor/mcp.json")), Scope::Project, D::McpServers},
            {QStringLiteral("VS Code"), project.filePath(QStringLiteral(".vscode/mcp.json")), Scope::Project, D::VsCode},
            {QStringLiteral("Codex"), project.filePath(QStringLiteral(".codex/config.toml")), Scope::Project, D::Codex},
            {QStringLiteral("Gemini CLI"), project.filePath(QStringLiteral(".gemini/settings.json")), Scope::Project, D::Gemini},
            {QStringLiteral("Zed"), project.filePath(QStringLiteral(".zed/settings.json")), Scope::Project, D::Zed},
        };
        // Continue: one block file per server (or several) in .continue/mcpServers/.
        const QDir blocks(project.filePath(QStringLiteral(".continue/mcpServers")));
        for (const QString &name : blocks.entryList({QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name))
            list.append({QStringLiteral("Continue"), blocks.filePath(name), Scope::Project, D::Continue});
    }
    return list;
}

QList<HostConfig::Location> HostConfig::existingLocations(const QString &projectFolder, const QString &home)
{
    QList<Location> found;
    for (const Location &location : locations(projectFolder, home))
        if (QFileInfo(location.path).isFile())
            found.append(location);
    return found;
}

McpJsonDialect HostConfig::detect(const QString &path, const QByteArray &text)
{
    switch (formatOf(path, text)) {
    case Format::Toml: return McpJsonDialect::Codex;
    case Format::Yaml: return isGooseYaml(text) ? McpJsonDialect::Goose : McpJsonDialect::Continue;
    case Format::Json: break;
    }
    return parse(text, path).dialect;
}

QString HostConfig::dialectName(McpJsonDialect dialect)
{
    switch (dialect) {
    case McpJsonDialect::McpServers: return tr("mcpServers (Claude, Cursor, Cline, LM Studio)");
    case McpJsonDialect::VsCode: return tr("VS Code servers");
    case McpJsonDialect::ServerMap: return tr("Map of servers");
    case McpJsonDialect::SingleServer: return tr("Single server");
    case McpJsonDialect::Windsurf: return QStringLiteral("Windsurf");
    case McpJsonDialect::Gemini: return QStringLiteral("Gemini CLI");
    case McpJsonDialect::Zed: return QStringLiteral("Zed");
    case McpJsonDialect::Codex: return QStringLiteral("Codex");
    case McpJsonDialect::Continue: return QStringLiteral("Continue");
    case McpJsonDialect::Goose: return QStringLiteral("Goose");
    case McpJsonDialect::Unknown: break;
    }
    return tr("Unknown format");
}

QString HostConfig::suffix(McpJsonDialect dialect)
{
    return isToml(dialect) ? QStringLiteral("toml") : isYaml(dialect) ? QStringLiteral("yaml") : QStringLiteral("json");
}

McpJsonImport HostConfig::parse(const QByteArray &text, const QString &path)
{
    switch (formatOf(path, text)) {
    case Format::Toml: return parseCodex(text, path);
    case Format::Yaml: return parseYaml(text, path);
    case Format::Json: break;
    }
    McpJsonImport result = McpJson::parse(text, path);
    if (result.isValid() && result.dialect == McpJsonDialect::McpServers) {
        result.dialect = refineMcpServers(path, text);
        if (result.dialect == McpJsonDialect::Gemini) {
            // Gemini CLI's "url" is an SSE server ("httpUrl" a streamable one, read as such).
            for (ServerConfig &config : result.servers)
                if (config.transport == ServerConfig::TransportType::Auto)
                    config.transport = ServerConfig::TransportType::Sse;
        }
    }
    return result;
}

McpJsonImport HostConfig::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return McpJson::unreadable(path, file.errorString());
    return parse(file.readAll(), path);
}

QByteArray HostConfig::exportText(const QList<ServerConfig> &servers, McpJsonDialect dialect,
                                  ServerConfig::SecretHandling secrets)
{
    if (isToml(dialect))
        return exportCodex(servers, secrets);
    if (isYaml(dialect))
        return exportYaml(servers, dialect, secrets);
    McpJsonExportOptions options;
    options.dialect = dialect;
    options.secrets = secrets;
    return McpJson::exportText(servers, options);
}

std::optional<QByteArray> HostConfig::writeEntry(const QByteArray &text, const QString &path, const ServerConfig &config,
                                                 ServerConfig::SecretHandling secrets, QString *error)
{
    const McpJsonDialect dialect = detect(path, text);
    std::optional<QByteArray> written;
    if (isToml(dialect))
        written = writeCodexEntry(text, config, secrets, error);
    else if (isYaml(dialect))
        written = writeYamlEntry(text, config, dialect, secrets, error);
    else
        written = writeJsonEntry(text, dialect, config, secrets, error);
    if (written && !readsBack(*written, path, config.name)) {
        *error = tr("the file is laid out in a way MCP Scope cannot rewrite safely; it was left as it was");
        return std::nullopt;
    }
    return written;
}

bool HostConfig::readsBack(const QByteArray &text, const QString &path, const QString &serverName)
{
    const McpJsonImport again = parse(text, path);
    return again.isValid()
        && std::any_of(again.servers.cbegin(), again.servers.cend(), [&](const ServerConfig &c) { return c.name == serverName; });
}

bool HostConfig::writeEntryToFile(const QString &path, const ServerConfig &config, McpJsonDialect dialect,
                                  ServerConfig::SecretHandling secrets, QString *error)
{
    QByteArray text;
    QFile file(path);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly)) {
            *error = tr("cannot read %1: %2").arg(path, file.errorString());
            return false;
        }
        text = file.readAll();
        file.close();
    }
    std::optional<QByteArray> written;
    if (text.trimmed().isEmpty())
        written = exportText({config}, dialect, secrets);
    else
        written = writeEntry(text, path, config, secrets, error);
    if (!written)
        return false;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile save(path);
    if (!save.open(QIODevice::WriteOnly) || save.write(*written) != written->size() || !save.commit()) {
        *error = tr("cannot write %1: %2").arg(path, save.errorString());
        return false;
    }
    return true;
}

} // namespace Mcp
