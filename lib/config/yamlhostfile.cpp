// Continue's and Goose's config.yaml, read with yaml-cpp. yaml-cpp marks where each node starts;
// where it ends is found here from the text (a scalar's quotes, a flow's brackets, a block's
// indentation), so a rewrite replaces one entry, or one value, and keeps every other byte.

#include "hostfiles_p.h"
#include "configkeys.h"
#include "jsonutil_p.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringDecoder>

#include <yaml-cpp/yaml.h>

namespace Mcp::HostFiles {

namespace {

constexpr const char *GooseMap = "extensions";
constexpr const char *ContinueList = "mcpServers";

QString toQString(const std::string &text)
{
    return QString::fromStdString(text);
}

// A map's member, or a null node: yaml-cpp's operator[] on a const node gives an invalid node
// for a missing key, and any question asked of that throws.
YAML::Node member(const YAML::Node &map, const char *key)
{
    if (map.IsDefined() && map.IsMap())
        for (auto it = map.begin(); it != map.end(); ++it)
            if (it->first.IsScalar() && it->first.Scalar() == key)
                return it->second;
    return YAML::Node(YAML::NodeType::Undefined);
}

// A scalar as what it means: a plain true, 3 or null is no string.
QJsonValue scalarValue(const YAML::Node &node)
{
    const QString text = toQString(node.Scalar());
    if (node.Tag() == "!")
        return text; // quoted
    static const QRegularExpression number(QStringLiteral("^[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?$"));
    const QString lower = text.toLower();
    if (lower == QLatin1String("true") || lower == QLatin1String("false"))
        return lower == QLatin1String("true");
    if (lower == QLatin1String("null") || text == QLatin1String("~") || text.isEmpty())
        return QJsonValue::Null;
    if (number.match(text).hasMatch())
        return text.toDouble();
    return text;
}

QJsonValue toJson(const YAML::Node &node)
{
    if (node.IsMap()) {
        QJsonObject object;
        for (auto it = node.begin(); it != node.end(); ++it)
            object.insert(toQString(it->first.Scalar()), toJson(it->second));
        return object;
    }
    if (node.IsSequence()) {
        QJsonArray array;
        for (const YAML::Node &item : node)
            array.append(toJson(item));
        return array;
    }
    if (node.IsScalar())
        return scalarValue(node);
    return QJsonValue::Null;
}

// The keys of a map in the order of the text (QJsonObject sorts them).
QStringList keysOf(const YAML::Node &node)
{
    QStringList keys;
    if (node.IsMap())
        for (auto it = node.begin(); it != node.end(); ++it)
            keys.append(toQString(it->first.Scalar()));
    return keys;
}

QList<ConfigEntry> entriesOf(const YAML::Node &node)
{
    QList<ConfigEntry> entries;
    if (!node.IsMap())
        return entries;
    for (auto it = node.begin(); it != node.end(); ++it) {
        const QString name = toQString(it->first.Scalar());
        const QString text = ConfigDetail::scalarToString(toJson(it->second));
        entries.append({name, text, !text.isEmpty() && McpJson::looksSecret(name) && !containsVariableReference(text)
                                        && !text.contains(QLatin1String("${{"))});
    }
    return entries;
}

// Whether yaml-cpp's marks are byte offsets into text: it counts what it decodes, so a byte
// that is not UTF-8, or a NUL, would shift every position after it.
bool offsetsHold(const QByteArray &text)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = decoder(text);
    return !decoder.hasError() && !text.contains('\0');
}

std::optional<YAML::Node> load(const QByteArray &text, const QString &path, ConfigParseError *error)
{
    try {
        return YAML::Load(text.toStdString());
    } catch (const YAML::Exception &failure) {
        error->path = path;
        error->line = failure.mark.line + 1;
        error->column = failure.mark.column + 1;
        error->offset = failure.mark.pos;
        error->reason = McpJson::tr("Not valid YAML: %1.").arg(toQString(failure.msg));
        return std::nullopt;
    }
}

// Continue's requestOptions beyond headers that MCP Scope keeps per server: caBundlePath (a path
// or a list), clientCertificate {cert, key, passphrase} and proxy. The others (verifySsl, noProxy,
// timeout) stay in the entry as they were; verifySsl: false is said, never taken.
void readContinueNetwork(QJsonObject *options, ServerConfig *config, QStringList *warnings)
{
    const QJsonValue ca = options->take(QLatin1String("caBundlePath"));
    if (ca.isString())
        config->network.tls.caFiles = {ca.toString()};
    for (const QJsonValue &file : ca.toArray())
        config->network.tls.caFiles.append(file.toString());
    const QJsonObject certificate = options->take(QLatin1String("clientCertificate")).toObject();
    config->network.tls.clientCertificateFile = certificate.value(QLatin1String("cert")).toString();
    config->network.tls.clientKeyFile = certificate.value(QLatin1String("key")).toString();
    config->network.tls.clientKeyPassphrase = certificate.value(QLatin1String("passphrase")).toString().toUtf8();
    const QString proxy = options->take(QLatin1String("proxy")).toString();
    if (!proxy.isEmpty()) {
        QUrl url = QUrl::fromUserInput(proxy);
        config->network.proxy.password = url.password(QUrl::FullyDecoded);
        url.setPassword(QString());
        config->network.proxy = {ProxySettings::Mode::Manual, url, config->network.proxy.password};
    }
    if (options->value(QLatin1String("verifySsl")) == QJsonValue(false))
        warnings->append(McpJson::tr("%1: \"verifySsl: false\" is kept in the file but not taken: trust a server's "
                                     "certificate with a pin or a CA file (Edit Server › Network).")
                             .arg(config->name));
}

void writeContinueNetwork(const ServerConfig &config, bool omitSecrets, QJsonObject *options)
{
    const TlsSettings &tls = config.network.tls;
    if (tls.caFiles.size() == 1)
        options->insert(QLatin1String("caBundlePath"), tls.caFiles.first());
    else if (!tls.caFiles.isEmpty())
        options->insert(QLatin1String("caBundlePath"), QJsonArray::fromStringList(tls.caFiles));
    if (!tls.clientCertificateFile.isEmpty()) {
        QJsonObject certificate{{QLatin1String("cert"), tls.clientCertificateFile}, {QLatin1String("key"), tls.clientKeyFile}};
        if (!tls.clientKeyPassphrase.isEmpty())
            certificate.insert(QLatin1String("passphrase"), omitSecrets ? QStringLiteral("${{ secrets.CLIENT_KEY_PASSPHRASE }}")
                                                                        : QString::fromUtf8(tls.clientKeyPassphrase));
        options->insert(QLatin1String("clientCertificate"), certificate);
    }
    if (config.network.proxy.mode == ProxySettings::Mode::Manual && !config.network.proxy.url.isEmpty()) {
        QUrl url = config.network.proxy.url;
        if (!omitSecrets && !config.network.proxy.password.isEmpty())
            url.setPassword(config.network.proxy.password);
        options->insert(QLatin1String("proxy"), url.toString());
    }
}

// Continue: {name, command, args, env, cwd, type, url, requestOptions: {headers, caBundlePath,
// clientCertificate, proxy, ...}}.
std::optional<ServerConfig> continueEntry(const YAML::Node &entry, QStringList *warnings)
{
    if (!entry.IsMap()) {
        warnings->append(McpJson::tr("An entry of \"mcpServers\" is not a map; skipped."));
        return std::nullopt;
    }
    const QString name = toQString(member(entry, "name").Scalar());
    if (name.isEmpty()) {
        warnings->append(McpJson::tr("An entry of \"mcpServers\" has no \"name\"; skipped."));
        return std::nullopt;
    }
    ServerConfig config = ServerConfig::create(name);
    QString type;
    QJsonObject extra;
    for (auto it = entry.begin(); it != entry.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node value = it->second;
        if (key == "name") {
            continue;
        } else if (key == "command") {
            config.command = toQString(value.Scalar());
        } else if (key == "args") {
            if (value.IsSequence()) {
                for (const YAML::Node &arg : value)
                    config.args.append(ConfigDetail::scalarToString(toJson(arg)));
            } else if (!value.IsNull()) {
                warnings->append(McpJson::tr("%1: \"args\" is not a list; ignored.").arg(config.name));
            }
        } else if (key == "env") {
            config.env = entriesOf(value);
        } else if (key == "cwd") {
            config.workingDirectory = toQString(value.Scalar());
        } else if (key == "url") {
            config.url = toQString(value.Scalar());
        } else if (key == "type") {
            type = toQString(value.Scalar());
        } else if (key == "requestOptions" && value.IsMap()) {
            config.headers = entriesOf(member(value, "headers"));
            QJsonObject options = toJson(value).toObject();
            options.remove(ConfigKey::Headers);
            readContinueNetwork(&options, &config, warnings);
            if (!options.isEmpty())
                extra.insert(toQString(key), options);
        } else {
            extra.insert(toQString(key), toJson(value));
        }
    }
    bool known = false;
    if (!type.isEmpty())
        config.transport = ServerConfig::transportFromString(type, &known);
    if (!known)
        config.transport = config.command.isEmpty() && !config.url.isEmpty() ? ServerConfig::TransportType::Auto
                                                                             : ServerConfig::TransportType::Stdio;
    if (config.usesCommand() && config.command.isEmpty())
        warnings->append(McpJson::tr("%1: no \"command\".").arg(name));
    config.extra = extra;
    return config;
}

// Goose: NAME: {name, type, cmd, args, envs, env_keys, uri, headers, timeout, enabled...}.
std::optional<ServerConfig> gooseEntry(const QString &key, const YAML::Node &entry, QStringList *warnings)
{
    if (!entry.IsMap()) {
        warnings->append(McpJson::tr("%1: not an object; skipped.").arg(key));
        return std::nullopt;
    }
    const QString type = toQString(member(entry, "type").Scalar());
    static const QStringList remote{QStringLiteral("sse"), QStringLiteral("streamable_http")};
    if (type != QLatin1String("stdio") && !remote.contains(type)) {
        warnings->append(McpJson::tr("%1: a Goose extension of type \"%2\", which Goose runs itself; skipped.").arg(key, type));
        return std::nullopt;
    }
    ServerConfig config = ServerConfig::create(key);
    QJsonObject extra;
    for (auto it = entry.begin(); it != entry.end(); ++it) {
        const std::string field = it->first.Scalar();
        const YAML::Node value = it->second;
        if (field == "type") {
            continue;
        } else if (field == "cmd") {
            config.command = toQString(value.Scalar());
        } else if (field == "args") {
            if (value.IsSequence()) {
                for (const YAML::Node &arg : value)
                    config.args.append(ConfigDetail::scalarToString(toJson(arg)));
            } else if (!value.IsNull()) {
                warnings->append(McpJson::tr("%1: \"args\" is not a list; ignored.").arg(config.name));
            }
        } else if (field == "envs") {
            config.env = entriesOf(value);
        } else if (field == "uri") {
            config.url = toQString(value.Scalar());
        } else if (field == "headers") {
            config.headers = entriesOf(value);
        } else {
            if (field == "enabled" && !toJson(value).toBool(true))
                warnings->append(McpJson::tr("%1: marked \"disabled\" in the source file.").arg(key));
            extra.insert(toQString(field), toJson(value));
        }
    }
    config.transport = type == QLatin1String("sse")  ? ServerConfig::TransportType::Sse
        : type == QLatin1String("streamable_http") ? ServerConfig::TransportType::StreamableHttp
                                                   : ServerConfig::TransportType::Stdio;
    if (config.usesCommand() && config.command.isEmpty())
        warnings->append(McpJson::tr("%1: no \"command\".").arg(key));
    config.extra = extra;
    return config;
}

// Text positions: lines, indentation, where a node's text ends.
class Layout
{
public:
    explicit Layout(const QByteArray &text) : m_text(text) {}

    qsizetype lineStart(qsizetype offset) const { return m_text.lastIndexOf('\n', offset - 1) + 1; }
    qsizetype lineEnd(qsizetype offset) const
    {
        const qsizetype newline = m_text.indexOf('\n', offset);
        return newline < 0 ? m_text.size() : newline;
    }
    qsizetype column(qsizetype offset) const { return offset - lineStart(offset); }
    QByteArray indentOf(qsizetype offset) const { return QByteArray(column(offset), ' '); }

    // The end of the block that starts on the line of `from` (a key or a "- " item at column
    // `indent`): the end of its last line that is more indented (or, with `dashes`, a "- " item
    // at that column). Comments and blank lines after it are not part of it.
    qsizetype blockEnd(qsizetype from, qsizetype indent, bool dashes) const
    {
        qsizetype end = contentEnd(lineStart(from));
        qsizetype line = lineEnd(from);
        while (line < m_text.size()) {
            const qsizetype start = line + 1;
            const qsizetype stop = lineEnd(start);
            const QByteArray trimmed = m_text.mid(start, stop - start).trimmed();
            line = stop;
            if (trimmed.isEmpty() || trimmed.startsWith('#'))
                continue;
            qsizetype column = 0;
            while (start + column < stop && m_text.at(start + column) == ' ')
                ++column;
            const bool item = dashes && column == indent && (trimmed == "-" || trimmed.startsWith("- "));
            if (column <= indent && !item)
                break;
            end = contentEnd(start);
        }
        return end;
    }

    // Where the scalar or flow collection starting at `start` ends.
    qsizetype inlineEnd(qsizetype start) const
    {
        const char first = m_text.at(start);
        if (first == '"' || first == '\'') {
            for (qsizetype i = start + 1; i < m_text.size(); ++i) {
                if (first == '"' && m_text.at(i) == '\\')
                    ++i;
                else if (m_text.at(i) == first && first == '\'' && i + 1 < m_text.size() && m_text.at(i + 1) == '\'')
                    ++i; // '' inside single quotes
                else if (m_text.at(i) == first)
                    return i + 1;
            }
            return m_text.size();
        }
        if (first == '[' || first == '{') {
            int depth = 0;
            for (qsizetype i = start; i < m_text.size(); ++i) {
                const char c = m_text.at(i);
                if (c == '"' || c == '\'') {
                    i = inlineEnd(i) - 1;
                } else if (c == '[' || c == '{') {
                    ++depth;
                } else if ((c == ']' || c == '}') && --depth == 0) {
                    return i + 1;
                }
            }
            return m_text.size();
        }
        // A plain scalar: to the end of the line, less a comment.
        qsizetype end = lineEnd(start);
        const qsizetype comment = m_text.indexOf(" #", start);
        if (comment >= 0 && comment < end)
            end = comment;
        while (end > start && (m_text.at(end - 1) == ' ' || m_text.at(end - 1) == '\t' || m_text.at(end - 1) == '\r'))
            --end;
        return end;
    }

private:
    // The end of a line's text, less trailing blanks.
    qsizetype contentEnd(qsizetype lineStartOffset) const
    {
        qsizetype end = lineEnd(lineStartOffset);
        while (end > lineStartOffset && (m_text.at(end - 1) == ' ' || m_text.at(end - 1) == '\r'))
            --end;
        return end;
    }

    const QByteArray &m_text;
};

// The value of map member `key` in entry (a map): its span.
std::optional<ValueSpan> valueSpan(const QByteArray &text, const Layout &layout, const YAML::Node &entry,
                                   const char *key)
{
    for (auto it = entry.begin(); it != entry.end(); ++it) {
        if (it->first.Scalar() != key)
            continue;
        const YAML::Node value = it->second;
        const qsizetype keyStart = it->first.Mark().pos;
        ValueSpan span;
        span.value = toJson(value);
        const bool block = (value.IsSequence() || value.IsMap()) && value.Style() != YAML::EmitterStyle::Flow;
        if (block || value.IsNull()) {
            // From right after "key:" to the end of the block.
            span.start = text.indexOf(':', keyStart + qsizetype(it->first.Scalar().size())) + 1;
            span.end = block ? layout.blockEnd(keyStart, layout.column(keyStart), true) : span.start;
            span.afterColon = true;
        } else {
            span.start = value.Mark().pos;
            span.end = layout.inlineEnd(span.start);
            // A plain scalar may go on over more indented lines (and a | or > block scalar
            // does): then it ends where they do.
            const char first = text.at(span.start);
            if (entry.Style() != YAML::EmitterStyle::Flow && first != '"' && first != '\'' && first != '['
                && first != '{') {
                const qsizetype block = layout.blockEnd(keyStart, layout.column(keyStart), false);
                if (block > layout.lineEnd(span.start))
                    span.end = block;
            }
        }
        return span;
    }
    return std::nullopt;
}

// A scalar as YAML text: plain when that reads back as the same string (in block and flow
// context alike), else double-quoted.
QByteArray yamlScalar(const QString &text)
{
    static const QRegularExpression meaning(
        QStringLiteral("^(true|false|yes|no|on|off|y|n|null|~|[-+]?[0-9.][0-9._eE+-]*|0x[0-9a-f]+|[-+]?\\.inf|\\.nan)$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QString indicators = QStringLiteral("@`!&*|>'\"%#?:,[]{}");
    const bool plain = !text.isEmpty() && text == text.trimmed() && !indicators.contains(text.front())
        && !(text.front() == QLatin1Char('-') && (text.size() == 1 || text.at(1) == QLatin1Char(' ')))
        && !text.contains(QLatin1String(": ")) && !text.contains(QLatin1String(" #")) && !text.endsWith(QLatin1Char(':'))
        && std::none_of(text.begin(), text.end(), [](QChar c) {
               return c.unicode() < 0x20 || c == QLatin1Char(',') || c == QLatin1Char('[') || c == QLatin1Char(']')
                   || c == QLatin1Char('{') || c == QLatin1Char('}') || c == QLatin1Char('"') || c == QLatin1Char('\\');
           })
        && !meaning.match(text).hasMatch();
    return plain ? text.toUtf8() : quoted(text);
}

QByteArray flowValue(const QJsonValue &value)
{
    static const InlineSyntax yaml{yamlScalar, yamlScalar, ": ", "{", "}"};
    return value.isNull() ? QByteArray("null") : inlineValue(value, yaml);
}

// What follows "key:" in block YAML: a scalar on the same line, or a non-empty map or list of
// scalars on the lines below, one level deeper than `indent`.
void appendBlockValue(QByteArray &out, const QJsonValue &value, const QByteArray &indent)
{
    const QJsonArray array = value.toArray();
    const bool list = value.isArray() && !array.isEmpty()
        && std::all_of(array.begin(), array.end(), [](const QJsonValue &v) { return !v.isObject() && !v.isArray(); });
    if (list) {
        for (const QJsonValue &item : array)
            out += '\n' + indent + "  - " + flowValue(item);
    } else if (value.isObject() && !value.toObject().isEmpty()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            out += '\n' + indent + "  " + yamlScalar(it.key()) + ':';
            appendBlockValue(out, it.value(), indent + "  ");
        }
    } else {
        out += ' ' + flowValue(value);
    }
}

// Members as block YAML, each line starting with `indent` (the first line's indent is the
// caller's when it follows "- ").
QByteArray blockMembers(const Members &members, const QByteArray &indent, bool firstIndented)
{
    QByteArray out;
    for (qsizetype i = 0; i < members.size(); ++i) {
        const auto &[key, value] = members.at(i);
        out += (i || firstIndented ? indent : QByteArray()) + yamlScalar(key) + ':';
        appendBlockValue(out, value, indent);
        if (i + 1 < members.size())
            out += '\n';
    }
    return out;
}

QJsonObject orderedObject(const QList<ConfigEntry> &entries, bool omit, const QString &secretFormat)
{
    // QJsonObject sorts: the writers below take the order from the entries themselves.
    QJsonObject object;
    for (const ConfigEntry &e : entries)
        object.insert(e.name, e.secret && omit && !containsVariableReference(e.value) ? secretFormat.arg(e.name) : e.value);
    return object;
}

// Continue's entry (its "name" first).
Members continueMembers(const ServerConfig &config, ServerConfig::SecretHandling secrets)
{
    const bool omit = secrets == ServerConfig::SecretHandling::Omit;
    // Continue's own secret syntax keeps the value out of the file.
    const QString secretFormat = QStringLiteral("${{ secrets.%1 }}");
    Members members{{ConfigKey::Name, config.name.isEmpty() ? McpJson::suggestName(config) : config.name}};
    if (config.usesCommand()) {
        members.append({ConfigKey::Command, config.command});
        members.append({ConfigKey::Args, QJsonArray::fromStringList(config.args)});
        if (!config.env.isEmpty())
            members.append({ConfigKey::Env, orderedObject(config.env, omit, secretFormat)});
        if (!config.workingDirectory.isEmpty())
            members.append({ConfigKey::Cwd, config.workingDirectory});
    } else {
        members.append({ConfigKey::Type, config.transport == ServerConfig::TransportType::Sse ? QStringLiteral("sse")
                                                                                              : QStringLiteral("streamable-http")});
        members.append({ConfigKey::Url, config.url});
    }
    QJsonObject extra = config.extra;
    QList<ConfigEntry> headers = config.headers;
    if (!config.bearerToken.isEmpty())
        headers.append({QStringLiteral("Authorization"), QString(QStringLiteral("Bearer ") + config.bearerToken), true});
    if (config.usesUrl() && (!headers.isEmpty() || !config.network.isDefault() || extra.contains(QLatin1String("requestOptions")))) {
        QJsonObject options = extra.take(QLatin1String("requestOptions")).toObject();
        if (!headers.isEmpty())
            options.insert(ConfigKey::Headers, orderedObject(headers, omit, secretFormat));
        writeContinueNetwork(config, omit, &options);
        members.append({QStringLiteral("requestOptions"), options});
    }
    for (auto it = extra.begin(); it != extra.end(); ++it)
        members.append({it.key(), it.value()});
    return members;
}

// Goose's extension entry.
Members gooseMembers(const ServerConfig &config, ServerConfig::SecretHandling secrets)
{
    const bool omit = secrets == ServerConfig::SecretHandling::Omit;
    QJsonObject extra = config.extra;
    Members members{{ConfigKey::Name, extra.contains(ConfigKey::Name) ? extra.take(ConfigKey::Name) : QJsonValue(config.name)}};
    QStringList envKeys; // Goose reads these from its keyring or the environment
    for (const QJsonValue &key : extra.take(QLatin1String("env_keys")).toArray())
        envKeys.append(key.toString());
    if (config.usesCommand()) {
        members.append({ConfigKey::Type, QStringLiteral("stdio")});
        members.append({QStringLiteral("cmd"), config.command});
        members.append({ConfigKey::Args, QJsonArray::fromStringList(config.args)});
        QJsonObject envs;
        for (const ConfigEntry &e : config.env) {
            if (e.secret && omit && !containsVariableReference(e.value)) {
                if (!envKeys.contains(e.name))
                    envKeys.append(e.name);
            } else {
                envs.insert(e.name, e.value);
            }
        }
        members.append({QStringLiteral("envs"), envs});
    } else {
        members.append({ConfigKey::Type, config.transport == ServerConfig::TransportType::Sse ? QStringLiteral("sse")
                                                                                              : QStringLiteral("streamable_http")});
        members.append({QStringLiteral("uri"), config.url});
        QList<ConfigEntry> headers = config.headers;
        if (!config.bearerToken.isEmpty())
            headers.append({QStringLiteral("Authorization"), QString(QStringLiteral("Bearer ") + config.bearerToken), true});
        if (!headers.isEmpty())
            members.append({ConfigKey::Headers, orderedObject(headers, omit, QStringLiteral("${%1}"))});
        members.append({QStringLiteral("envs"), QJsonObject()});
    }
    members.append({QStringLiteral("env_keys"), QJsonArray::fromStringList(envKeys)});
    if (!extra.contains(ConfigKey::Enabled))
        members.append({ConfigKey::Enabled, true});
    if (!extra.contains(QLatin1String("timeout")))
        members.append({QStringLiteral("timeout"), 300});
    for (auto it = extra.begin(); it != extra.end(); ++it)
        members.append({it.key(), it.value()});
    return members;
}

QByteArray continueItem(const ServerConfig &config, ServerConfig::SecretHandling secrets, const QByteArray &indent,
                        const QStringList &written = QStringList())
{
    Members members = continueMembers(config, secrets);
    keepWrittenOrder(&members, written);
    return indent + "- " + blockMembers(members, indent + "  ", false);
}

QByteArray gooseItem(const ServerConfig &config, ServerConfig::SecretHandling secrets, const QByteArray &indent,
                     const QStringList &written = QStringList())
{
    Members members = gooseMembers(config, secrets);
    keepWrittenOrder(&members, written);
    return indent + yamlScalar(config.name) + ":\n" + blockMembers(members, indent + "  ", true);
}

} // namespace

bool isGooseYaml(const QByteArray &text)
{
    static const QRegularExpression extensions(QStringLiteral("^extensions\\s*:"), QRegularExpression::MultilineOption);
    return extensions.match(QString::fromUtf8(text)).hasMatch();
}

namespace {

// The readers and the writer on yaml-cpp's nodes; the functions below catch what yaml-cpp
// throws on a node it finds unusable, so no file stops the program.
McpJsonImport parseYamlText(const QByteArray &text, const QString &path)
{
    McpJsonImport result;
    result.sourcePath = path;
    const auto root = load(text, path, &result.error);
    if (!root)
        return result;
    if (!root->IsMap() && !root->IsNull()) {
        result.error = errorAt(text, 0, McpJson::tr("The top level is not a map."), path);
        return result;
    }
    const YAML::Node goose = root->IsMap() ? member(*root, GooseMap) : YAML::Node();
    const YAML::Node list = root->IsMap() ? member(*root, ContinueList) : YAML::Node();
    if (goose.IsDefined() && !goose.IsNull()) {
        result.dialect = McpJsonDialect::Goose;
        if (!goose.IsMap()) {
            result.error = errorAt(text, goose.Mark().pos, McpJson::tr("\"extensions\" is not a map."), path);
            return result;
        }
        for (auto it = goose.begin(); it != goose.end(); ++it)
            if (auto config = gooseEntry(toQString(it->first.Scalar()), it->second, &result.warnings))
                result.servers.append(*config);
    } else {
        result.dialect = isGooseYaml(text) ? McpJsonDialect::Goose : McpJsonDialect::Continue;
        if (list.IsDefined() && !list.IsNull() && !list.IsSequence()) {
            result.error = errorAt(text, list.Mark().pos, McpJson::tr("\"mcpServers\" is not a list."), path);
            return result;
        }
        for (const YAML::Node &entry : list)
            if (auto config = continueEntry(entry, &result.warnings))
                result.servers.append(*config);
    }
    if (result.servers.isEmpty())
        result.warnings.append(McpJson::tr("The file lists no servers."));
    return result;
}

// The entry named `name` and where its text starts (a Goose key, a Continue item's "- ").
struct YamlEntry
{
    YAML::Node node;
    qsizetype start = -1;
    qsizetype indent = 0;
};

std::optional<YamlEntry> findEntry(const QByteArray &text, const YAML::Node &root, const QString &name)
{
    const Layout layout(text);
    const YAML::Node goose = member(root, GooseMap);
    if (goose.IsMap()) {
        for (auto it = goose.begin(); it != goose.end(); ++it) {
            if (toQString(it->first.Scalar()) == name) {
                const qsizetype start = it->first.Mark().pos;
                return YamlEntry{it->second, start, layout.column(start)};
            }
        }
        return std::nullopt;
    }
    const YAML::Node list = member(root, ContinueList);
    if (!list.IsSequence())
        return std::nullopt;
    for (const YAML::Node &entry : list) {
        if (!entry.IsMap() || toQString(member(entry, "name").Scalar()) != name)
            continue;
        // A block item's mark is its first key: its "- " is before it on the line.
        qsizetype start = entry.Mark().pos;
        const qsizetype dash = text.lastIndexOf('-', start);
        if (dash >= layout.lineStart(start))
            start = dash;
        return YamlEntry{entry, start, layout.column(start)};
    }
    return std::nullopt;
}

std::optional<LocatedEntry> locateYamlText(const QByteArray &text, const QString &serverName, QString *error)
{
    if (!offsetsHold(text)) {
        *error = McpJson::tr("the file is not UTF-8 text; it cannot be rewritten in place");
        return std::nullopt;
    }
    ConfigParseError parseError;
    const auto root = load(text, QString(), &parseError);
    if (!root || !root->IsMap()) {
        *error = root ? McpJson::tr("the file is not a YAML map") : parseError.toString();
        return std::nullopt;
    }
    const auto entry = findEntry(text, *root, serverName);
    if (!entry) {
        *error = McpJson::tr("there is no server \"%1\" in the file").arg(serverName);
        return std::nullopt;
    }
    if (!entry->node.IsMap()) {
        *error = McpJson::tr("the entry \"%1\" is not an object").arg(serverName);
        return std::nullopt;
    }
    const bool goose = member(*root, GooseMap).IsMap();
    const Layout layout(text);
    LocatedEntry located;
    located.command = valueSpan(text, layout, entry->node, goose ? "cmd" : "command");
    located.args = valueSpan(text, layout, entry->node, "args");
    located.url = valueSpan(text, layout, entry->node, goose ? "uri" : "url");
    if (located.command && !located.command->afterColon) {
        if (entry->node.Style() == YAML::EmitterStyle::Flow) {
            located.argsInsertAt = located.command->end;
            located.argsInsertPrefix = ", args: ";
        } else {
            // A line of its own after the command's, at the command key's column.
            qsizetype keyStart = layout.lineStart(located.command->start);
            while (keyStart < text.size() && (text.at(keyStart) == ' ' || text.at(keyStart) == '-'))
                ++keyStart;
            located.argsInsertAt = layout.lineEnd(located.command->end);
            located.argsInsertPrefix = '\n' + layout.indentOf(keyStart) + "args: ";
        }
    }
    return located;
}

} // namespace

QByteArray exportYaml(const QList<ServerConfig> &servers, McpJsonDialect dialect, ServerConfig::SecretHandling secrets)
{
    QByteArray out;
    if (dialect == McpJsonDialect::Goose) {
        out = "extensions:\n";
        for (const ServerConfig &config : servers)
            out += gooseItem(config, secrets, "  ") + '\n';
        return out;
    }
    out = "name: MCP servers\nversion: 0.0.1\nschema: v1\nmcpServers:\n";
    for (const ServerConfig &config : servers)
        out += continueItem(config, secrets, "  ") + '\n';
    return out;
}

namespace {

std::optional<QByteArray> writeYamlText(const QByteArray &text, const ServerConfig &config, McpJsonDialect dialect,
                                        ServerConfig::SecretHandling secrets, QString *error)
{
    if (!offsetsHold(text)) {
        *error = McpJson::tr("the file is not UTF-8 text; it cannot be rewritten in place");
        return std::nullopt;
    }
    ConfigParseError parseError;
    const auto root = load(text, QString(), &parseError);
    if (!root || (!root->IsMap() && !root->IsNull())) {
        *error = root ? McpJson::tr("the file is not a YAML map") : parseError.toString();
        return std::nullopt;
    }
    const bool goose = dialect == McpJsonDialect::Goose;
    const Layout layout(text);
    QByteArray out = text;
    const auto item = [&](const QByteArray &indent, const QStringList &written = QStringList()) {
        return goose ? gooseItem(config, secrets, indent, written) : continueItem(config, secrets, indent, written);
    };
    if (const auto entry = root->IsMap() ? findEntry(text, *root, config.name) : std::nullopt) {
        const qsizetype end = layout.blockEnd(entry->start, entry->indent, false);
        // The entry's first line keeps its indentation; the item brings its own.
        const qsizetype lineStart = layout.lineStart(entry->start);
        return out.replace(lineStart, end - lineStart, item(layout.indentOf(entry->start), keysOf(entry->node)));
    }
    const YAML::Node collection = root->IsMap() ? member(*root, goose ? GooseMap : ContinueList) : YAML::Node();
    if (collection.IsDefined() && !collection.IsNull() && (goose ? !collection.IsMap() : !collection.IsSequence())) {
        *error = goose ? McpJson::tr("\"extensions\" is not a map.") : McpJson::tr("\"mcpServers\" is not a list.");
        return std::nullopt;
    }
    if (!collection.IsDefined() || collection.IsNull() || collection.size() == 0) {
        if (collection.IsDefined() && !collection.IsNull()) {
            *error = McpJson::tr("\"%1\" is written inline; add the server by hand").arg(QLatin1String(goose ? GooseMap : ContinueList));
            return std::nullopt;
        }
        if (!out.isEmpty() && !out.endsWith('\n'))
            out += '\n';
        // A "mcpServers:" or "extensions:" with nothing under it is replaced.
        static const QRegularExpression emptyKey(QStringLiteral("^(extensions|mcpServers)\\s*:[^\\n]*\\n?"),
                                                 QRegularExpression::MultilineOption);
        const auto match = emptyKey.match(QString::fromUtf8(out));
        if (collection.IsDefined() && match.hasMatch())
            out.remove(QString::fromUtf8(out).left(match.capturedStart()).toUtf8().size(), match.captured().toUtf8().size());
        return out + (goose ? GooseMap : ContinueList) + ":\n" + item("  ") + '\n';
    }
    if (collection.Style() == YAML::EmitterStyle::Flow) {
        *error = McpJson::tr("\"%1\" is written inline; add the server by hand").arg(QLatin1String(goose ? GooseMap : ContinueList));
        return std::nullopt;
    }
    // After the last entry, at its indentation.
    qsizetype lastStart = -1;
    qsizetype indent = 0;
    if (goose) {
        for (auto it = collection.begin(); it != collection.end(); ++it)
            lastStart = it->first.Mark().pos;
        indent = layout.column(lastStart);
    } else {
        const YAML::Node last = collection[collection.size() - 1];
        lastStart = last.Mark().pos;
        const qsizetype dash = text.lastIndexOf('-', lastStart);
        if (dash >= layout.lineStart(lastStart))
            lastStart = dash;
        indent = layout.column(lastStart);
    }
    const qsizetype end = layout.blockEnd(lastStart, indent, false);
    return out.insert(end, QByteArray('\n' + item(QByteArray(indent, ' '))));
}

} // namespace

McpJsonImport parseYaml(const QByteArray &text, const QString &path)
{
    try {
        return parseYamlText(text, path);
    } catch (const YAML::Exception &failure) {
        McpJsonImport result;
        result.sourcePath = path;
        result.error = errorAt(text, failure.mark.pos, McpJson::tr("Not valid YAML: %1.").arg(toQString(failure.msg)), path);
        return result;
    }
}

std::optional<LocatedEntry> locateYaml(const QByteArray &text, const QString &serverName, QString *error)
{
    try {
        return locateYamlText(text, serverName, error);
    } catch (const YAML::Exception &failure) {
        *error = McpJson::tr("Not valid YAML: %1.").arg(toQString(failure.msg));
        return std::nullopt;
    }
}

std::optional<QByteArray> writeYamlEntry(const QByteArray &text, const ServerConfig &config, McpJsonDialect dialect,
                                         ServerConfig::SecretHandling secrets, QString *error)
{
    try {
        return writeYamlText(text, config, dialect, secrets, error);
    } catch (const YAML::Exception &failure) {
        *error = McpJson::tr("Not valid YAML: %1.").arg(toQString(failure.msg));
        return std::nullopt;
    }
}

} // namespace Mcp::HostFiles
