#include "mcpjson.h"
#include "config/configkeys.h"
#include "jsonutil_p.h"

#include "jsonrpc/json.h"
#include "jsonrpc/json_p.h"

#include <QFile>
#include <QHash>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <algorithm>
#include <numeric>

Q_LOGGING_CATEGORY(lcMcpJson, "mcp.config.mcpjson")

namespace Mcp {

namespace {

// Members of a server entry this importer understands; the rest is kept in `extra`.
const std::initializer_list<QLatin1String> kEntryKeys = {
    ConfigKey::Type, ConfigKey::Transport, ConfigKey::Command, ConfigKey::Args,
    ConfigKey::Env, ConfigKey::Cwd, ConfigKey::Url, ConfigKey::ServerUrl, ConfigKey::HttpUrl,
    ConfigKey::Headers, QLatin1String("x-mcpscope")};

bool isServerObject(const QJsonValue &value)
{
    const QJsonObject object = value.toObject();
    return value.isObject() && (object.value(ConfigKey::Command).isString()
                                || object.value(ConfigKey::Url).isString()
                                || object.value(ConfigKey::ServerUrl).isString()
                                || object.value(ConfigKey::HttpUrl).isString());
}

// The keys of object: first those of preferred that it has (once each), then the rest in
// QJsonObject's (sorted) order. Linear: a file may hold hundreds of thousands of servers.
QStringList orderedKeys(const QStringList &preferred, const QJsonObject &object)
{
    QStringList ordered;
    ordered.reserve(object.size());
    // A set for big objects; the few keys of a server's env are compared directly (a set per
    // object cost more than the rest of reading it).
    constexpr qsizetype FewKeys = 16;
    const bool few = object.size() <= FewKeys;
    QSet<QString> taken;
    if (!few)
        taken.reserve(object.size());
    const auto isTaken = [&](const QString &key) { return few ? ordered.contains(key) : taken.contains(key); };
    for (const QString &key : preferred) {
        if (object.contains(key) && !isTaken(key)) {
            if (!few)
                taken.insert(key);
            ordered.append(key);
        }
    }
    if (ordered.size() == object.size())
        return ordered;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!isTaken(it.key()))
            ordered.append(it.key());
    }
    return ordered;
}

// QJsonObject sorts its keys; people expect servers and environment variables in the
// order they wrote them. This reads the key order of every object of an already
// validated JSON text, by path (keys joined with \x1f).
class KeyOrder
{
public:
    explicit KeyOrder(const QByteArray &json) : m_text(json) { value(QString()); }

    // The keys of `object` (found at `path`) in document order.
    QStringList keys(const QString &path, const QJsonObject &object) const
    {
        return orderedKeys(m_orders.value(path), object);
    }
    // The keys as written (duplicates included) of the object at `path`.
    QStringList written(const QString &path) const { return m_orders.value(path); }
    static QString child(const QString &path, const QString &key) { return path + QChar(0x1f) + key; }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text.at(m_pos) == ' ' || m_text.at(m_pos) == '\t'
                                         || m_text.at(m_pos) == '\n' || m_text.at(m_pos) == '\r'))
            ++m_pos;
    }
    QString string()
    {
        // The text is valid JSON (QJsonDocument accepted it): let it decode the escapes.
        const qsizetype start = m_pos++;
        bool escaped = false;
        while (m_pos < m_text.size() && m_text.at(m_pos) != '"') {
            escaped = escaped || m_text.at(m_pos) == '\\';
            m_pos += m_text.at(m_pos) == '\\' ? 2 : 1;
        }
        ++m_pos;
        if (!escaped) // most keys: no parser needed
            return QString::fromUtf8(m_text.constData() + start + 1, m_pos - start - 2);
        const QByteArray literal = "[" + m_text.mid(start, m_pos - start) + "]";
        return QJsonDocument::fromJson(literal).array().at(0).toString();
    }
    // After a member or an element: past the comma before the next one, or false at the end.
    bool skipComma()
    {
        skipSpace();
        if (m_pos >= m_text.size() || m_text.at(m_pos) != ',')
            return false;
        ++m_pos;
        return true;
    }
    void value(const QString &path)
    {
        skipSpace();
        if (m_pos >= m_text.size())
            return;
        const char c = m_text.at(m_pos);
        if (c == '{') {
            ++m_pos;
            for (;;) {
                skipSpace();
                if (m_pos >= m_text.size() || m_text.at(m_pos) != '"')
                    break;
                const QString key = string();
                m_orders[path].append(key);
                skipSpace();
                ++m_pos; // ':'
                value(child(path, key));
                if (!skipComma())
                    break;
            }
            skipSpace();
            ++m_pos; // '}'
        } else if (c == '[') {
            ++m_pos;
            for (;;) {
                skipSpace();
                if (m_pos >= m_text.size() || m_text.at(m_pos) == ']')
                    break;
                value(child(path, QStringLiteral("[]")));
                if (!skipComma())
                    break;
            }
            skipSpace();
            ++m_pos; // ']'
        } else if (c == '"') {
            string();
        } else {
            static const QByteArray stops(",]} \t\r\n");
            while (m_pos < m_text.size() && !stops.contains(m_text.at(m_pos)))
                ++m_pos;
        }
    }

    const QByteArray m_text;
    qsizetype m_pos = 0;
    QHash<QString, QStringList> m_orders;
};

// McpJson::looksSecret(), remembered: a file of many servers names the same few variables again
// and again, and a regular expression match costs more than the rest of reading one.
bool looksSecretCached(const QString &name)
{
    thread_local QHash<QString, bool> known;
    const auto it = known.constFind(name);
    if (it != known.constEnd())
        return it.value();
    if (known.size() >= 4096)
        known.clear();
    const bool secret = McpJson::looksSecret(name);
    known.insert(name, secret);
    return secret;
}

// The keys of a server's "env" and "headers" objects as the text lists them.
struct EntryKeyOrder
{
    QStringList env;
    QStringList headers;
};

QList<ConfigEntry> mapToEntries(const QJsonValue &value, const QString &what, const QString &server,
                                const QStringList &written, QStringList *warnings)
{
    QList<ConfigEntry> entries;
    if (value.isUndefined() || value.isNull())
        return entries;
    if (!value.isObject()) {
        warnings->append(McpJson::tr("%1: \"%2\" is not an object; ignored.").arg(server, what));
        return entries;
    }
    const QJsonObject object = value.toObject();
    for (const QString &key : orderedKeys(written, object)) {
        bool ok = false;
        const QString text = ConfigDetail::scalarToString(object.value(key), &ok);
        if (!ok)
            warnings->append(McpJson::tr("%1: %2 \"%3\" is not a string; left empty.").arg(server, what, key));
        // A literal credential is marked secret so it leaves the plain file; a ${VAR}
        // reference is not a secret itself.
        const bool secret = !text.isEmpty() && looksSecretCached(key) && !containsVariableReference(text);
        entries.append({key, text, secret});
    }
    return entries;
}

QSet<QString> referencedInputs(const ServerConfig &config)
{
    static const QRegularExpression re(QStringLiteral("\\$\\{input:([^}]+)\\}"));
    QStringList texts{config.command, config.workingDirectory, config.url, config.bearerToken};
    texts += config.args;
    for (const ConfigEntry &e : config.env)
        texts << e.value;
    for (const ConfigEntry &e : config.headers)
        texts << e.value;
    QSet<QString> ids;
    for (const QString &text : texts) {
        auto it = re.globalMatch(text);
        while (it.hasNext())
            ids.insert(it.next().captured(1));
    }
    return ids;
}

// Applies what an "x-mcpscope" member (written by us into project files) carries.
void applyMcpScopeFields(ServerConfig *config, const QJsonObject &fields)
{
    const ServerConfig ours = ServerConfig::fromJson(fields);
    // A member the fields leave out keeps what the file's standard part set.
    const auto takePresent = [&](const auto &key, auto ServerConfig::*member) {
        if (fields.contains(key))
            config->*member = ours.*member;
    };
    takePresent(ConfigKey::Id, &ServerConfig::id);
    takePresent(ConfigKey::InheritEnvironment, &ServerConfig::inheritEnvironment);
    takePresent(ConfigKey::Timeouts, &ServerConfig::timeouts);
    takePresent(ConfigKey::PingIntervalMs, &ServerConfig::pingIntervalMs);
    takePresent(ConfigKey::AutoRestart, &ServerConfig::autoRestart);
    takePresent(ConfigKey::Notes, &ServerConfig::notes);
    takePresent(ConfigKey::Inputs, &ServerConfig::inputs);
    takePresent(ConfigKey::Auth, &ServerConfig::auth);
    if (fields.contains(ConfigKey::Tls))
        config->network.tls = ours.network.tls;
    if (fields.contains(ConfigKey::Proxy))
        config->network.proxy = ours.network.proxy;
    if (fields.value(ConfigKey::Transport).toString() == QLatin1String("auto"))
        config->transport = ServerConfig::TransportType::Auto;
    const auto markSecret = [](QList<ConfigEntry> &entries, const QJsonValue &names, bool all) {
        const QVariantList list = names.toArray().toVariantList();
        for (ConfigEntry &entry : entries)
            entry.secret = all ? false : entry.secret;
        for (const QVariant &name : list)
            for (ConfigEntry &entry : entries)
                if (entry.name == name.toString())
                    entry.secret = true;
    };
    // Our own file says exactly which entries are secret: it replaces the guess.
    markSecret(config->env, fields.value(ConfigKey::SecretEnv), true);
    markSecret(config->headers, fields.value(ConfigKey::SecretHeaders), true);
}

// The transport from `type` or else the other members (config's command and url set), and
// what is missing said so.
void readTransport(ServerConfig &config, const QString &name, const QString &type, QStringList *warnings)
{
    bool known = false;
    if (!type.isEmpty()) {
        config.transport = ServerConfig::transportFromString(type, &known);
        if (!known)
            warnings->append(McpJson::tr("%1: unknown type \"%2\"; guessed from the other members.").arg(name, type));
    }
    if (!known) {
        // Cursor and VS Code accept a URL without a type and detect the HTTP flavour.
        config.transport = config.command.isEmpty() && !config.url.isEmpty()
            ? ServerConfig::TransportType::Auto : ServerConfig::TransportType::Stdio;
    }
    if (config.usesCommand() && config.command.isEmpty())
        warnings->append(McpJson::tr("%1: no \"command\".").arg(name));
    if (config.usesUrl() && config.url.isEmpty())
        warnings->append(McpJson::tr("%1: no \"url\".").arg(name));
}

// A whole command line written as the command ("npx -y server") is split by the rule of the
// Add Server dialog, and said so; an existing path with a blank in it is a program.
void splitWholeCommandLine(ServerConfig &config, const QString &name, QStringList *warnings)
{
    if (config.usesCommand() && config.args.isEmpty() && looksLikeCommandLine(config.command)) {
        QString splitError;
        if (const std::optional<QStringList> words = splitCommandLine(config.command.trimmed(), &splitError)) {
            warnings->append(McpJson::tr("%1: the command \"%2\" is a whole command line; split into the program and %n argument(s).",
                                         nullptr, int(words->size() - 1)).arg(name, config.command));
            config.command = words->first();
            config.args = words->mid(1);
        } else {
            warnings->append(McpJson::tr("%1: the command \"%2\" cannot be split: %3").arg(name, config.command, splitError));
        }
    }
}

ServerConfig entryToConfig(const QString &name, const QJsonObject &entry, const EntryKeyOrder &order,
                           QStringList *warnings)
{
    ServerConfig config = ServerConfig::create(name);
    // Zed's older form: "command": {"path", "args", "env"}; read as the flat members.
    const QJsonObject commandObject = entry.value(ConfigKey::Command).toObject();
    const bool nestedCommand = entry.value(ConfigKey::Command).isObject();
    const auto member = [&](QLatin1StringView key) {
        return nestedCommand && commandObject.contains(key) ? commandObject.value(key) : entry.value(key);
    };
    config.command = nestedCommand ? commandObject.value(ConfigKey::Path).toString()
                                   : entry.value(ConfigKey::Command).toString();
    config.url = entry.value(ConfigKey::Url).toString();
    if (config.url.isEmpty())
        config.url = entry.value(ConfigKey::ServerUrl).toString(); // Windsurf
    const QString httpUrl = entry.value(ConfigKey::HttpUrl).toString(); // Gemini CLI: streamable HTTP
    if (config.url.isEmpty())
        config.url = httpUrl;

    QString type = entry.value(ConfigKey::Type).toString();
    if (type.isEmpty())
        type = entry.value(ConfigKey::Transport).toString();
    if (type.isEmpty() && !httpUrl.isEmpty() && config.url == httpUrl && config.command.isEmpty())
        type = QStringLiteral("http");
    readTransport(config, name, type, warnings);

    const QJsonValue args = member(ConfigKey::Args);
    if (args.isArray()) {
        for (const QJsonValue &arg : args.toArray())
            config.args.append(ConfigDetail::scalarToString(arg));
    } else if (args.isString()) {
        // Never split on spaces: the text is one argument, as written.
        config.args.append(args.toString());
        warnings->append(McpJson::tr("%1: \"args\" is a string, not a list; kept as one argument.").arg(name));
    } else if (!args.isUndefined() && !args.isNull()) {
        warnings->append(McpJson::tr("%1: \"args\" is not a list; ignored.").arg(name));
    }
    splitWholeCommandLine(config, name, warnings);

    config.env = mapToEntries(member(ConfigKey::Env), ConfigKey::Env, name, order.env, warnings);
    config.headers =
        mapToEntries(entry.value(ConfigKey::Headers), ConfigKey::Headers, name, order.headers, warnings);
    config.workingDirectory = entry.value(ConfigKey::Cwd).toString();

    if (entry.contains(QLatin1String("envFile")))
        warnings->append(McpJson::tr("%1: \"envFile\" is kept but not read; add its variables to the environment.").arg(name));
    if (entry.value(QLatin1String("disabled")).toBool())
        warnings->append(McpJson::tr("%1: marked \"disabled\" in the source file.").arg(name));

    if (entry.value(ConfigKey::XMcpscope).isObject())
        applyMcpScopeFields(&config, entry.value(ConfigKey::XMcpscope).toObject());

    QJsonObject extra = entry;
    for (QLatin1String key : kEntryKeys)
        extra.remove(key);
    config.extra = extra;
    return config;
}

void readInputs(const QJsonValue &value, McpJsonImport *result);

// An entry of the plainest kind, each member once, all text: "command", "args" (a list),
// "env", "cwd", "url", "type", "headers". Read straight from simdjson's tree into *config, as
// entryToConfig() reads it (no member it would warn about or keep in extra can be there).
// False, with nothing read or said, for any other entry: entryToConfig() reads those.
bool readPlainEntry(const QString &name, simdjson::dom::element value, ServerConfig *config, QStringList *warnings)
{
    simdjson::dom::object entry;
    if (value.get(entry) != simdjson::SUCCESS)
        return false;
    enum Member : quint8 { Command = 1, Args = 2, Env = 4, Cwd = 8, Url = 16, Type = 32, Headers = 64 };
    static constexpr std::pair<std::string_view, Member> members[] = {
        {"command", Command}, {"args", Args}, {"env", Env}, {"cwd", Cwd}, {"url", Url}, {"type", Type}, {"headers", Headers}};
    const auto allText = [](simdjson::dom::element element, bool object) {
        constexpr size_t FewKeys = 32; // keys checked pairwise for repeats below
        if (object) {
            simdjson::dom::object fields;
            if (element.get(fields) != simdjson::SUCCESS || fields.size() > FewKeys)
                return false;
            for (auto it = fields.begin(); it != fields.end(); ++it) {
                if (!it.value().is_string())
                    return false;
                for (auto other = fields.begin(); other != it; ++other)
                    if (other.key() == it.key())
                        return false;
            }
            return true;
        }
        simdjson::dom::array items;
        if (element.get(items) != simdjson::SUCCESS)
            return false;
        for (simdjson::dom::element item : items)
            if (!item.is_string())
                return false;
        return true;
    };
    quint8 seen = 0;
    std::string_view command, cwd, url, type;
    simdjson::dom::element args, env, headers;
    for (simdjson::dom::key_value_pair field : entry) {
        const auto known = std::find_if(std::begin(members), std::end(members),
                                        [&field](const auto &member) { return member.first == field.key; });
        if (known == std::end(members) || (seen & known->second))
            return false;
        seen |= known->second;
        switch (known->second) {
        case Args:
        case Env:
        case Headers:
            if (!allText(field.value, known->second != Args))
                return false;
            (known->second == Args ? args : known->second == Env ? env : headers) = field.value;
            break;
        default:
            if (field.value.get(known->second == Command ? command : known->second == Cwd ? cwd : known->second == Url ? url : type)
                != simdjson::SUCCESS)
                return false;
        }
    }
    using Json::Internal::toQString;
    *config = ServerConfig::create(name);
    config->command = toQString(command);
    config->url = toQString(url);
    readTransport(*config, name, toQString(type), warnings);
    if (seen & Args) {
        // Named copies: a range-for straight over value_unsafe() would iterate a dead temporary.
        const simdjson::dom::array items = args.get_array().value_unsafe();
        for (simdjson::dom::element item : items)
            config->args.append(toQString(item.get_string().value_unsafe()));
    }
    splitWholeCommandLine(*config, name, warnings);
    const auto entries = [](simdjson::dom::element object, bool present) {
        QList<ConfigEntry> list;
        if (!present)
            return list;
        const simdjson::dom::object fields = object.get_object().value_unsafe();
        for (simdjson::dom::key_value_pair field : fields) {
            const QString key = toQString(field.key);
            const QString text = toQString(field.value.get_string().value_unsafe());
            list.append({key, text, !text.isEmpty() && looksSecretCached(key) && !containsVariableReference(text)});
        }
        return list;
    };
    config->env = entries(env, seen & Env);
    config->headers = entries(headers, seen & Headers);
    config->workingDirectory = toQString(cwd);
    return true;
}

// One member of a server map into result->servers (skipped, said so, when it is no object).
// `listed` tells whether a name is a key of the map.
template<typename Listed>
void addServer(ServerConfig config, const Listed &listed, McpJsonImport *result);

template<typename Listed>
void readServer(const QString &name, const QJsonValue &value, const EntryKeyOrder &keys, const Listed &listed,
                McpJsonImport *result)
{
    if (!value.isObject()) {
        result->warnings.append(McpJson::tr("%1: not an object; skipped.").arg(name));
        return;
    }
    addServer(entryToConfig(name, value.toObject(), keys, &result->warnings), listed, result);
}

// A server read into result->servers; one listed under "" is given a name first.
template<typename Listed>
void addServer(ServerConfig config, const Listed &listed, McpJsonImport *result)
{
    if (config.name.isEmpty()) {
        // Listed under "": it gets the name a pasted server would, unlike the others'.
        const QString suggested = McpJson::suggestName(config);
        config.name = suggested;
        // Once per map at most (keys are unique), so one walk over the servers read is fine.
        const auto taken = [&](const QString &candidate) {
            return listed(candidate)
                || std::any_of(result->servers.cbegin(), result->servers.cend(),
                               [&](const ServerConfig &other) { return other.name == candidate; });
        };
        for (int n = 2; taken(config.name); ++n)
            config.name = suggested + QStringLiteral(" (%1)").arg(n);
        result->warnings.append(McpJson::tr("A server without a name was named \"%1\".").arg(config.name));
    }
    result->servers.append(std::move(config));
}

void readServerMap(const QJsonObject &map, const KeyOrder &order, const QString &path, McpJsonImport *result)
{
    const QStringList names = order.keys(path, map);
    result->servers.reserve(result->servers.size() + names.size());
    for (const QString &name : names) {
        const QString entryPath = KeyOrder::child(path, name);
        const EntryKeyOrder keys{order.written(KeyOrder::child(entryPath, ConfigKey::Env)),
                                 order.written(KeyOrder::child(entryPath, ConfigKey::Headers))};
        readServer(name, map.value(name), keys, [&map](const QString &candidate) { return map.contains(candidate); },
                   result);
    }
}

// The keys of entry's `member` objects in the order of the text (of each, should the member be
// given twice, as KeyOrder lists them).
QStringList textKeys(simdjson::dom::element entry, std::string_view member)
{
    QStringList keys;
    simdjson::dom::object fields;
    if (entry.get(fields) != simdjson::SUCCESS)
        return keys;
    for (simdjson::dom::key_value_pair field : fields) {
        simdjson::dom::object object;
        if (field.key != member || field.value.get(object) != simdjson::SUCCESS)
            continue;
        for (simdjson::dom::key_value_pair inner : object)
            keys.append(Json::Internal::toQString(inner.key));
    }
    return keys;
}

// The server map member stands in root as an empty object: it is read member by member.
QJsonValue exceptMcpServers(std::string_view key, simdjson::dom::element value)
{
    return key == std::string_view("mcpServers") ? QJsonValue(QJsonObject()) : Json::Internal::toQt(value);
}
QJsonValue exceptServers(std::string_view key, simdjson::dom::element value)
{
    return key == std::string_view("servers") ? QJsonValue(QJsonObject()) : Json::Internal::toQt(value);
}

// The usual files, {"mcpServers": {...}} and {"servers": {...}} (VS Code), read through simdjson
// in the order of the text: QJsonDocument and a second pass for the key order cost several
// times more on a file of many servers. Returns false, having read nothing, for anything else
// (another dialect, not JSON, a server listed twice): the general path reads those, and its
// errors and choices stay the only ones.
bool readUsualFile(const QByteArray &json, McpJsonImport *result, QJsonObject *root)
{
    bool read = false;
    Json::Internal::withDocument(json, nullptr, [&](simdjson::dom::element document) {
        simdjson::dom::object top;
        if (document.get(top) != simdjson::SUCCESS)
            return;
        // As in the general path: "mcpServers" first, then "servers"; a name given twice is
        // left to it (Qt keeps the last one).
        const auto onlyObject = [&top](std::string_view key, simdjson::dom::object *object) {
            int seen = 0;
            bool isObject = false;
            for (simdjson::dom::key_value_pair field : top) {
                if (field.key == key) {
                    ++seen;
                    isObject = field.value.get(*object) == simdjson::SUCCESS;
                }
            }
            return seen == 0 ? 0 : (seen == 1 && isObject ? 1 : -1);
        };
        simdjson::dom::object map;
        const int mcpServers = onlyObject("mcpServers", &map);
        if (mcpServers < 0)
            return;
        if (mcpServers == 0 && onlyObject("servers", &map) != 1)
            return;
        QStringList names;
        names.reserve(qsizetype(map.size()));
        QSet<QString> listed;
        listed.reserve(qsizetype(map.size()));
        for (simdjson::dom::key_value_pair field : map) {
            const QString name = Json::Internal::toQString(field.key);
            if (listed.contains(name))
                return;
            listed.insert(name);
            names.append(name);
        }
        result->dialect = mcpServers == 1 ? McpJsonDialect::McpServers : McpJsonDialect::VsCode;
        *root = Json::Internal::objectToQt(top, mcpServers == 1 ? exceptMcpServers : exceptServers);
        result->servers.reserve(names.size());
        qsizetype i = 0;
        const auto isListed = [&listed](const QString &candidate) { return listed.contains(candidate); };
        for (simdjson::dom::key_value_pair field : map) {
            const QString &name = names.at(i++);
            ServerConfig config;
            if (readPlainEntry(name, field.value, &config, &result->warnings)) {
                addServer(std::move(config), isListed, result);
                continue;
            }
            const EntryKeyOrder keys{textKeys(field.value, "env"), textKeys(field.value, "headers")};
            readServer(name, Json::Internal::toQt(field.value), keys, isListed, result);
        }
        if (result->dialect == McpJsonDialect::VsCode)
            readInputs(root->value(ConfigKey::Inputs), result);
        read = true;
    });
    return read;
}

void readInputs(const QJsonValue &value, McpJsonImport *result)
{
    for (const QJsonValue &item : value.toArray()) {
        const QJsonObject object = item.toObject();
        InputPrompt prompt = InputPrompt::fromJson(object);
        if (prompt.id.isEmpty()) {
            result->warnings.append(McpJson::tr("An input without \"id\" was skipped."));
            continue;
        }
        const QString type = object.value(ConfigKey::Type).toString();
        if (type != QLatin1String("promptString"))
            result->warnings.append(McpJson::tr("Input \"%1\" has type \"%2\"; it will be asked as text.").arg(prompt.id, type));
        result->inputs.append(prompt);
    }
    // Each server carries the prompts it refers to, so it can be connected on its own.
    for (ServerConfig &config : result->servers) {
        const QSet<QString> used = referencedInputs(config);
        for (const InputPrompt &prompt : std::as_const(result->inputs))
            if (used.contains(prompt.id) && !std::any_of(config.inputs.begin(), config.inputs.end(),
                                                         [&](const InputPrompt &p) { return p.id == prompt.id; }))
                config.inputs.append(prompt);
    }
}

bool parseObject(const QByteArray &json, QJsonObject *object, QJsonParseError *error)
{
    const QJsonDocument document = QJsonDocument::fromJson(json, error);
    if (error->error != QJsonParseError::NoError)
        return false;
    if (!document.isObject()) {
        error->error = QJsonParseError::IllegalValue;
        error->offset = 0;
        return false;
    }
    *object = document.object();
    return true;
}

QString envNameFor(const QString &name)
{
    QString out;
    for (const QChar c : name)
        out += (c.unicode() < 128 && c.isLetterOrNumber()) ? c.toUpper() : QLatin1Char('_');
    if (out.isEmpty() || out.at(0).isDigit())
        out.prepend(QLatin1Char('_'));
    return out;
}

QString inputIdFor(const QString &server, const QString &key)
{
    QString out;
    for (const QChar c : QString(server + QLatin1Char('-') + key))
        out += (c.unicode() < 128 && c.isLetterOrNumber()) ? c.toLower() : QLatin1Char('-');
    return out;
}

} // namespace

QString ConfigParseError::toString() const
{
    QString where = path;
    if (line > 0)
        where += (where.isEmpty() ? QString() : QStringLiteral(":")) + QString::number(line)
            + QLatin1Char(':') + QString::number(column);
    return where.isEmpty() ? reason : where + QStringLiteral(": ") + reason;
}

bool McpJson::looksSecret(const QString &name)
{
    static const QRegularExpression re(
        QStringLiteral("token|secret|passw|api[-_]?key|access[-_]?key|private[-_]?key|credential|"
                       "^authorization$|^proxy-authorization$|^cookie$|^x-api-key$|auth[-_]?key|^pat$"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(name).hasMatch();
}

QByteArray McpJson::stripComments(const QByteArray &input)
{
    QByteArray text = input;
    const qsizetype n = text.size();
    // Through pointers: at() and operator[] check on every byte of a file that may be many
    // megabytes. The text is copied (detached) only when something is blanked.
    const char *c = text.constData();
    char *w = nullptr;
    const auto blank = [&](qsizetype i) {
        if (!w) {
            w = text.data();
            c = w;
        }
        w[i] = ' ';
    };
    // Both passes step over strings whole: whether c[i] (with the byte a backslash escapes) is
    // part of one, its quotes included.
    bool inString = false;
    const auto stepInString = [&](qsizetype &i) {
        if (inString) {
            if (c[i] == '\\')
                ++i;
            else if (c[i] == '"')
                inString = false;
            return true;
        }
        inString = c[i] == '"';
        return inString;
    };
    // Pass 1: comments become spaces (newlines kept, so lines stay where they were).
    for (qsizetype i = 0; i < n; ++i) {
        if (stepInString(i))
            continue;
        if (c[i] == '/' && i + 1 < n && c[i + 1] == '/') {
            while (i < n && c[i] != '\n')
                blank(i++);
        } else if (c[i] == '/' && i + 1 < n && c[i + 1] == '*') {
            const qsizetype end = text.indexOf("*/", i + 2);
            const qsizetype stop = end < 0 ? n : end + 2;
            for (; i < stop; ++i)
                if (c[i] != '\n')
                    blank(i);
            --i;
        }
    }
    // Pass 2: a comma followed only by whitespace and a closing bracket goes.
    inString = false;
    for (qsizetype i = 0; i < n; ++i) {
        if (stepInString(i))
            continue;
        if (c[i] == ',') {
            qsizetype j = i + 1;
            while (j < n && (c[j] == ' ' || c[j] == '\t' || c[j] == '\n' || c[j] == '\r'))
                ++j;
            if (j < n && (c[j] == '}' || c[j] == ']'))
                blank(i);
        }
    }
    return text;
}

ConfigParseError McpJson::locate(const QByteArray &text, qsizetype offset, const QString &reason,
                                 const QString &path)
{
    ConfigParseError error;
    error.path = path;
    error.reason = reason;
    if (offset < 0)
        return error;
    // QJsonParseError::offset points just past the character that broke the parse, or
    // at the end when the text stopped too early.
    // Qt is not consistent about which, so a blank is stepped over to the next character.
    offset = offset >= text.size() ? text.size() : qMax(qsizetype(0), offset - 1);
    while (offset < text.size() && (text.at(offset) == ' ' || text.at(offset) == '\t'))
        ++offset;
    error.offset = offset;
    const qsizetype lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    error.line = int(text.left(lineStart).count('\n')) + 1;
    error.column = int(QString::fromUtf8(text.mid(lineStart, offset - lineStart)).size()) + 1;
    return error;
}

// Text copied from a README often keeps its Markdown fence (```json ... ```): the fence
// lines become spaces, so offsets in error messages still match what was pasted.
static QByteArray blankMarkdownFence(const QByteArray &text)
{
    if (!QByteArrayView(text).trimmed().startsWith("```")) // a view: no copy of a big file
        return text;
    QByteArray out = text;
    const qsizetype open = out.indexOf("```");
    for (qsizetype i = open; i < out.size() && out.at(i) != '\n'; ++i)
        out[i] = ' ';
    const qsizetype close = out.lastIndexOf("```");
    if (close > open && out.mid(close).trimmed() == "```")
        for (qsizetype i = close; i < close + 3; ++i)
            out[i] = ' ';
    return out;
}

McpJsonImport McpJson::parse(const QByteArray &pasted, const QString &sourcePath)
{
    McpJsonImport result;
    result.sourcePath = sourcePath;
    const QByteArray text = blankMarkdownFence(pasted);
    const QByteArray trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        result.error = locate(text, -1, tr("The text is empty."), sourcePath);
        return result;
    }

    QJsonObject root;
    QByteArray json = stripComments(text);
    if (!readUsualFile(json, &result, &root)) {
        QJsonParseError parseError;
        if (!parseObject(json, &root, &parseError)) {
            // A snippet copied without its outer braces: "name": {...} or "mcpServers": {...}.
            // Only tried when the text cannot be a whole document, so a real error is not masked.
            QJsonParseError wrappedError;
            const bool wrappable = !trimmed.startsWith('{') && !trimmed.startsWith('[');
            const QByteArray wrapped = stripComments("{" + text + "\n}");
            if (!wrappable || !parseObject(wrapped, &root, &wrappedError)) {
                const QString reason = parseError.error == QJsonParseError::IllegalValue && parseError.offset == 0
                        && QJsonDocument::fromJson(stripComments(text)).isArray()
                    ? tr("the top level is a list, not an object")
                    : parseError.errorString();
                result.error = locate(text, parseError.offset, tr("Not valid JSON: %1.").arg(reason), sourcePath);
                return result;
            }
            json = wrapped;
        }
        const KeyOrder order(json);
        const QString top;

        if (root.value(ConfigKey::McpServers).isObject()) {
            result.dialect = McpJsonDialect::McpServers;
            readServerMap(root.value(ConfigKey::McpServers).toObject(), order, KeyOrder::child(top, ConfigKey::McpServers), &result);
        } else if (root.value(ConfigKey::Servers).isObject()) {
            result.dialect = McpJsonDialect::VsCode;
            readServerMap(root.value(ConfigKey::Servers).toObject(), order, KeyOrder::child(top, ConfigKey::Servers), &result);
            readInputs(root.value(ConfigKey::Inputs), &result);
        } else if (root.value(ConfigKey::ContextServers).isObject()) {
            // Zed's settings.json. A server a Zed extension provides has only "settings": it is
            // started by the extension, and there is nothing here to run.
            result.dialect = McpJsonDialect::Zed;
            QJsonObject map = root.value(ConfigKey::ContextServers).toObject();
            for (const QString &name : map.keys()) {
                const QJsonObject entry = map.value(name).toObject();
                if (!entry.contains(ConfigKey::Command) && !entry.contains(ConfigKey::Url)) {
                    result.warnings.append(tr("%1: provided by a Zed extension (no \"command\" or \"url\"); skipped.").arg(name));
                    map.remove(name);
                }
            }
            readServerMap(map, order, KeyOrder::child(top, ConfigKey::ContextServers), &result);
        } else if (root.value(QLatin1String("mcp")).toObject().value(ConfigKey::Servers).isObject()) {
            // VS Code user settings.json: {"mcp": {"servers": {...}, "inputs": [...]}}
            const QJsonObject mcp = root.value(QLatin1String("mcp")).toObject();
            result.dialect = McpJsonDialect::VsCode;
            readServerMap(mcp.value(ConfigKey::Servers).toObject(), order,
                          KeyOrder::child(KeyOrder::child(top, QStringLiteral("mcp")), ConfigKey::Servers), &result);
            readInputs(mcp.value(ConfigKey::Inputs), &result);
        } else if (isServerObject(root)) {
            result.dialect = McpJsonDialect::SingleServer;
            QString name = root.value(ConfigKey::Name).toString();
            QJsonObject entry = root;
            if (!name.isEmpty())
                entry.remove(ConfigKey::Name);
            const EntryKeyOrder keys{order.written(KeyOrder::child(top, ConfigKey::Env)),
                                     order.written(KeyOrder::child(top, ConfigKey::Headers))};
            ServerConfig config = entryToConfig(name, entry, keys, &result.warnings);
            if (config.name.isEmpty())
                config.name = suggestName(config);
            result.servers.append(config);
        } else if (!root.isEmpty() && std::all_of(root.begin(), root.end(), [](const QJsonValue &v) { return v.isObject(); })
                   && std::any_of(root.begin(), root.end(), [](const QJsonValue &v) { return isServerObject(v); })) {
            result.dialect = McpJsonDialect::ServerMap;
            readServerMap(root, order, top, &result);
        } else {
            result.error = locate(text, -1,
                                  tr("No MCP servers found: expected \"mcpServers\", \"servers\", or a server "
                                     "with \"command\" or \"url\"."),
                                  sourcePath);
            return result;
        }
    }
    // Claude Code's ~/.claude.json also keeps servers per project folder.
    int perProject = 0;
    const QJsonObject projects = root.value(QLatin1String("projects")).toObject();
    for (auto it = projects.begin(); it != projects.end(); ++it)
        perProject += int(it.value().toObject().value(ConfigKey::McpServers).toObject().size());
    if (perProject > 0)
        result.warnings.append(tr("%n server(s) listed under \"projects\" were not imported; open the project "
                                  "folder or import its .mcp.json instead.", nullptr, perProject));
    if (result.servers.isEmpty())
        result.warnings.append(tr("The file lists no servers."));
    for (const QString &warning : std::as_const(result.warnings))
        qCDebug(lcMcpJson) << sourcePath << warning;
    return result;
}

McpJsonImport McpJson::unreadable(const QString &path, const QString &why)
{
    McpJsonImport result;
    result.sourcePath = path;
    result.error.path = path;
    result.error.reason = tr("Cannot read the file: %1.").arg(why);
    return result;
}

McpJsonImport McpJson::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return unreadable(path, file.errorString());
    return parse(file.readAll(), path);
}

QString McpJson::suggestName(const ServerConfig &config)
{
    if (config.usesUrl()) {
        const QUrl url(config.url);
        if (!url.host().isEmpty())
            return url.host();
    }
    const QString program = QFileInfo(config.command).completeBaseName();
    static const QStringList runners{QStringLiteral("npx"), QStringLiteral("bunx"), QStringLiteral("pnpx"),
                                     QStringLiteral("uvx"), QStringLiteral("pipx")};
    if (runners.contains(program)) {
        for (const QString &arg : config.args) {
            if (arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("run"))
                continue;
            QString package = arg.section(QLatin1Char('/'), -1); // @scope/name -> name
            const qsizetype at = package.indexOf(QLatin1Char('@'), 1);
            if (at > 0)
                package.truncate(at); // name@1.2.3 -> name
            if (!package.isEmpty())
                return package;
        }
    }
    if (!program.isEmpty())
        return program;
    return QStringLiteral("server");
}

QJsonObject McpJson::exportEntry(const ServerConfig &config, const McpJsonExportOptions &options,
                                 QList<InputPrompt> *generatedInputs)
{
    const bool vscode = options.dialect == McpJsonDialect::VsCode;
    const bool omit = options.secrets == ServerConfig::SecretHandling::Omit;

    // What a literal secret becomes when it must stay out of the file.
    const auto secretValue = [&](const QString &key, const QString &envName, const QString &value) -> QString {
        if (!omit || value.isEmpty() || containsVariableReference(value))
            return value;
        if (options.mcpScopeFields)
            return QString(); // our project file: the value lives in the secret store
        // Keep an auth scheme visible: "Bearer abc" -> "Bearer ${NAME}".
        QString prefix;
        static const QRegularExpression scheme(QStringLiteral("^(Bearer|Basic|Token) "),
                                               QRegularExpression::CaseInsensitiveOption);
        const auto match = scheme.match(value);
        if (match.hasMatch())
            prefix = match.captured(0);
        if (vscode) {
            const QString id = inputIdFor(config.name, key);
            if (generatedInputs && !std::any_of(generatedInputs->begin(), generatedInputs->end(),
                                                [&](const InputPrompt &p) { return p.id == id; }))
                generatedInputs->append({id, tr("%1 for %2").arg(key, config.name), QString(), true});
            return prefix + QStringLiteral("${input:") + id + QLatin1Char('}');
        }
        return prefix + QStringLiteral("${") + envName + QLatin1Char('}');
    };

    QJsonObject entry;
    // Keys we did not understand on import go back out unchanged.
    for (auto it = config.extra.begin(); it != config.extra.end(); ++it)
        entry.insert(it.key(), it.value());

    if (config.usesCommand()) {
        if (vscode)
            entry.insert(ConfigKey::Type, QLatin1String("stdio"));
        entry.insert(ConfigKey::Command, config.command);
        entry.insert(ConfigKey::Args, QJsonArray::fromStringList(config.args));
        if (!config.env.isEmpty()) {
            QJsonObject env;
            for (const ConfigEntry &e : config.env)
                env.insert(e.name, e.secret ? secretValue(e.name, e.name, e.value) : e.value);
            entry.insert(ConfigKey::Env, env);
        }
        if (!config.workingDirectory.isEmpty())
            entry.insert(ConfigKey::Cwd, config.workingDirectory);
    } else {
        const bool sse = config.transport == ServerConfig::TransportType::Sse;
        if (options.dialect == McpJsonDialect::Gemini) {
            // Gemini CLI tells the transports apart by the member: "url" is SSE, "httpUrl" streamable.
            entry.insert(sse ? ConfigKey::Url : ConfigKey::HttpUrl, config.url);
        } else if (options.dialect == McpJsonDialect::Windsurf) {
            entry.insert(ConfigKey::ServerUrl, config.url);
        } else {
            // Zed has no "type": it detects the transport from the url.
            const bool typed = options.dialect != McpJsonDialect::Zed;
            if (typed && sse)
                entry.insert(ConfigKey::Type, QLatin1String("sse"));
            else if (typed && (config.transport == ServerConfig::TransportType::StreamableHttp || vscode))
                entry.insert(ConfigKey::Type, QLatin1String("http"));
            // Auto in the mcpServers dialect: a bare "url", as Cursor writes it.
            entry.insert(ConfigKey::Url, config.url);
        }
        QJsonObject headers;
        bool hasAuthorization = false;
        for (const ConfigEntry &h : config.headers) {
            headers.insert(h.name, h.secret ? secretValue(h.name, envNameFor(h.name), h.value) : h.value);
            hasAuthorization |= h.name.compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0;
        }
        // The dialects have no bearer field: it travels as the Authorization header. Our own
        // project file keeps it in the secret store instead.
        if (!config.bearerToken.isEmpty() && !hasAuthorization && !options.mcpScopeFields) {
            headers.insert(QLatin1String("Authorization"),
                           secretValue(QStringLiteral("token"), QStringLiteral("MCP_BEARER_TOKEN"),
                                       QStringLiteral("Bearer ") + config.bearerToken));
        }
        if (!headers.isEmpty())
            entry.insert(ConfigKey::Headers, headers);
    }

    if (options.mcpScopeFields) {
        const ServerConfig defaults;
        QJsonObject ours{{ConfigKey::Id, config.id.toString(QUuid::WithoutBraces)}};
        const QJsonObject full = config.toJson(ServerConfig::SecretHandling::Omit);
        if (config.transport == ServerConfig::TransportType::Auto)
            ours.insert(ConfigKey::Transport, QLatin1String("auto"));
        if (!config.inheritEnvironment)
            ours.insert(ConfigKey::InheritEnvironment, false);
        if (!(config.timeouts == defaults.timeouts))
            ours.insert(ConfigKey::Timeouts, full.value(ConfigKey::Timeouts));
        if (config.pingIntervalMs != 0)
            ours.insert(ConfigKey::PingIntervalMs, config.pingIntervalMs);
        if (!(config.autoRestart == defaults.autoRestart))
            ours.insert(ConfigKey::AutoRestart, full.value(ConfigKey::AutoRestart));
        if (!config.notes.isEmpty())
            ours.insert(ConfigKey::Notes, config.notes);
        if (!config.inputs.isEmpty())
            ours.insert(ConfigKey::Inputs, full.value(ConfigKey::Inputs));
        if (config.usesUrl() && !config.auth.isDefault()) {
            // The dialects have no OAuth settings; the client secret goes out only when asked.
            QJsonObject auth = full.value(ConfigKey::Auth).toObject();
            auth.insert(QLatin1String("clientSecret"), secretValue(QStringLiteral("clientSecret"),
                                                                   QStringLiteral("MCP_OAUTH_CLIENT_SECRET"),
                                                                   config.auth.clientSecret));
            ours.insert(ConfigKey::Auth, auth);
        }
        // Trust and proxy settings (the dialects have none); the passphrase and the proxy's
        // password stay in the keychain.
        if (config.usesUrl() && !config.network.tls.isDefault())
            ours.insert(ConfigKey::Tls, full.value(ConfigKey::Tls));
        if (config.usesUrl() && !config.network.proxy.isDefault())
            ours.insert(ConfigKey::Proxy, full.value(ConfigKey::Proxy));
        QJsonArray secretEnv, secretHeaders;
        for (const ConfigEntry &e : config.env)
            if (e.secret)
                secretEnv.append(e.name);
        for (const ConfigEntry &h : config.headers)
            if (h.secret)
                secretHeaders.append(h.name);
        if (!secretEnv.isEmpty())
            ours.insert(ConfigKey::SecretEnv, secretEnv);
        if (!secretHeaders.isEmpty())
            ours.insert(ConfigKey::SecretHeaders, secretHeaders);
        entry.insert(ConfigKey::XMcpscope, ours);
    }
    return entry;
}

// The name each server is written under, in order: its own, or a suggested one, made unique.
static QStringList entryNames(const QList<ServerConfig> &servers)
{
    QStringList names;
    names.reserve(servers.size());
    QSet<QString> taken;
    taken.reserve(servers.size());
    for (const ServerConfig &config : servers) {
        QString name = config.name.isEmpty() ? McpJson::suggestName(config) : config.name;
        for (int n = 2; taken.contains(name); ++n)
            name = config.name + QStringLiteral(" (%1)").arg(n);
        taken.insert(name);
        names.append(name);
    }
    return names;
}

static void appendIndent(QByteArray &out, int level)
{
    Json::appendIndentTo(out, level);
}

// Appends value as QJsonDocument::Indented lays it out at nesting `level`, the members of an
// object in the order orderedKeys(first, object) gives: QJsonObject sorts its keys, and a file
// written by hand must not come back reordered. One buffer for the whole file rather than a
// QJsonDocument per value.
static void writeIndented(QByteArray &out, const QJsonValue &value, int level, const QStringList &first = {})
{
    if (first.isEmpty() || !value.isObject() || value.toObject().isEmpty()) {
        Json::serializeIndentedTo(out, value, level);
        return;
    }
    const QJsonObject object = value.toObject();
    out += "{\n";
    const QStringList keys = orderedKeys(first, object);
    for (qsizetype i = 0; i < keys.size(); ++i) {
        appendIndent(out, level + 1);
        Json::serializeStringTo(out, keys.at(i));
        out += ": ";
        Json::serializeIndentedTo(out, object.value(keys.at(i)), level + 1);
        out += i + 1 < keys.size() ? ",\n" : "\n";
    }
    appendIndent(out, level);
    out += '}';
}

// The names of entries (environment variables, headers) in their order.
static QStringList entryOrder(const QList<ConfigEntry> &entries)
{
    QStringList names;
    names.reserve(entries.size());
    for (const ConfigEntry &entry : entries)
        names.append(entry.name);
    return names;
}

// Whether exportEntry() of config is only its command, arguments, environment (no secret,
// each name once) and working directory: appendPlainEntry() writes those without it.
static bool isPlainEntry(const ServerConfig &config, const McpJsonExportOptions &options)
{
    constexpr qsizetype FewNames = 32; // compared pairwise below
    if (!config.usesCommand() || !config.extra.isEmpty() || options.mcpScopeFields || config.env.size() > FewNames)
        return false;
    for (qsizetype i = 0; i < config.env.size(); ++i) {
        if (config.env.at(i).secret)
            return false;
        for (qsizetype j = 0; j < i; ++j)
            if (config.env.at(j).name == config.env.at(i).name)
                return false;
    }
    return true;
}

// What writing exportEntry() of a plain entry (isPlainEntry()) nested `level` deep gives:
// its members sorted, as QJsonObject keeps them, the environment in its own order.
static void appendPlainEntry(QByteArray &out, const ServerConfig &config, const McpJsonExportOptions &options, int level)
{
    const auto key = [&out, level](const char *name) {
        appendIndent(out, level + 1);
        out += '"';
        out += name;
        out += "\": ";
    };
    out += "{\n";
    key("args");
    Json::serializeIndentedTo(out, QJsonArray::fromStringList(config.args), level + 1);
    out += ",\n";
    key("command");
    Json::serializeStringTo(out, config.command);
    if (!config.workingDirectory.isEmpty()) {
        out += ",\n";
        key("cwd");
        Json::serializeStringTo(out, config.workingDirectory);
    }
    if (!config.env.isEmpty()) {
        out += ",\n";
        key("env");
        out += "{\n";
        for (qsizetype i = 0; i < config.env.size(); ++i) {
            appendIndent(out, level + 2);
            Json::serializeStringTo(out, config.env.at(i).name);
            out += ": ";
            Json::serializeStringTo(out, config.env.at(i).value);
            out += i + 1 < config.env.size() ? ",\n" : "\n";
        }
        appendIndent(out, level + 1);
        out += '}';
    }
    if (options.dialect == McpJsonDialect::VsCode) {
        out += ",\n";
        key("type");
        out += "\"stdio\"";
    }
    out += '\n';
    appendIndent(out, level);
    out += '}';
}

// Each server's entry (exportEntry()), and in *inputs the VS Code inputs they use or generate.
// With `plain`, plain entries (isPlainEntry()) are left empty: the caller writes them.
static QList<QJsonObject> exportEntries(const QList<ServerConfig> &servers, const McpJsonExportOptions &options,
                                        QList<InputPrompt> *inputs, QList<bool> *plain = nullptr)
{
    const bool vscode = options.dialect == McpJsonDialect::VsCode;
    QList<QJsonObject> entries;
    entries.reserve(servers.size());
    if (plain)
        plain->reserve(servers.size());
    QSet<QString> inputIds; // of the servers' own inputs
    QSet<QString> listed;   // of everything in *inputs
    for (const ServerConfig &config : servers) {
        const bool skip = plain && isPlainEntry(config, options);
        if (plain)
            plain->append(skip);
        // Inputs generated for this server's secrets, kept unless one of that id is listed
        // already: looked up in a set, not searched in the list (a VS Code file of many servers
        // with secrets went quadratic).
        QList<InputPrompt> generated;
        entries.append(skip ? QJsonObject() : McpJson::exportEntry(config, options, &generated));
        for (const InputPrompt &prompt : std::as_const(generated)) {
            if (!listed.contains(prompt.id)) {
                listed.insert(prompt.id);
                inputs->append(prompt);
            }
        }
        if (vscode) {
            for (const InputPrompt &prompt : config.inputs) {
                if (!inputIds.contains(prompt.id)) {
                    inputIds.insert(prompt.id);
                    listed.insert(prompt.id);
                    inputs->append(prompt);
                }
            }
        }
    }
    return entries;
}

// The document around the server map: `base`, the map (left empty here) and VS Code's inputs.
static QJsonObject documentAround(const QJsonObject &map, const QList<InputPrompt> &inputs,
                                  const McpJsonExportOptions &options, const QJsonObject &base)
{
    QJsonObject document = base;
    if (options.dialect == McpJsonDialect::VsCode) {
        document.insert(ConfigKey::Servers, map);
        QJsonArray array;
        for (const InputPrompt &prompt : inputs)
            array.append(prompt.toJson());
        if (!array.isEmpty() || document.contains(ConfigKey::Inputs))
            document.insert(ConfigKey::Inputs, array);
    } else {
        document.insert(options.dialect == McpJsonDialect::Zed ? ConfigKey::ContextServers : ConfigKey::McpServers, map);
    }
    return document;
}

QByteArray McpJson::exportDocumentText(const QList<ServerConfig> &servers, const McpJsonExportOptions &options,
                                       const QJsonObject &base)
{
    const QString mapKey = options.dialect == McpJsonDialect::VsCode ? QString(ConfigKey::Servers)
        : options.dialect == McpJsonDialect::Zed                     ? QString(ConfigKey::ContextServers)
                                                                     : QString(ConfigKey::McpServers);
    const QStringList names = entryNames(servers);
    QList<InputPrompt> inputs;
    QList<bool> plain;
    const QList<QJsonObject> entries = exportEntries(servers, options, &inputs, &plain);
    // The map is written from the lists, servers in their order, and each server's environment
    // and headers in theirs: no QJsonObject of all the servers (each insert sorts it in).
    const QJsonObject document = documentAround(QJsonObject(), inputs, options, base);
    QByteArray out;
    out.reserve(256 * servers.size() + 1024);
    out += "{\n";
    const QStringList keys = document.keys();
    for (qsizetype k = 0; k < keys.size(); ++k) {
        appendIndent(out, 1);
        Json::serializeStringTo(out, keys.at(k));
        out += ": ";
        if (keys.at(k) != mapKey || servers.isEmpty()) {
            writeIndented(out, document.value(keys.at(k)), 1);
        } else {
            out += "{\n";
            for (qsizetype i = 0; i < servers.size(); ++i) {
                appendIndent(out, 2);
                Json::serializeStringTo(out, names.at(i));
                out += ": ";
                if (plain.at(i)) {
                    appendPlainEntry(out, servers.at(i), options, 2);
                    out += i + 1 < servers.size() ? ",\n" : "\n";
                    continue;
                }
                const QJsonObject &entry = entries.at(i);
                out += "{\n"; // an entry always has members ("command" or "url" at least)
                for (auto it = entry.begin(); it != entry.end(); ++it) {
                    appendIndent(out, 3);
                    Json::serializeStringTo(out, it.key());
                    out += ": ";
                    const QList<ConfigEntry> *order = it.key() == ConfigKey::Env ? &servers.at(i).env
                        : it.key() == ConfigKey::Headers                        ? &servers.at(i).headers
                                                                                       : nullptr;
                    writeIndented(out, it.value(), 3, order ? entryOrder(*order) : QStringList());
                    out += std::next(it) != entry.end() ? ",\n" : "\n";
                }
                appendIndent(out, 2);
                out += '}';
                out += i + 1 < servers.size() ? ",\n" : "\n";
            }
            appendIndent(out, 1);
            out += '}';
        }
        out += k + 1 < keys.size() ? ",\n" : "\n";
    }
    out += "}\n";
    return out;
}

QJsonObject McpJson::exportDocument(const QList<ServerConfig> &servers, const McpJsonExportOptions &options,
                                    const QJsonObject &base)
{
    const QStringList names = entryNames(servers);
    QList<InputPrompt> inputs;
    const QList<QJsonObject> entries = exportEntries(servers, options, &inputs);
    // Inserted in key order: QJsonObject keeps its keys sorted, and an insert in the middle
    // moves all those after it (quadratic for a file of many servers). The names are unique.
    QList<qsizetype> sorted(servers.size());
    std::iota(sorted.begin(), sorted.end(), 0);
    std::sort(sorted.begin(), sorted.end(), [&names](qsizetype a, qsizetype b) { return names.at(a) < names.at(b); });
    QJsonObject map;
    for (const qsizetype i : std::as_const(sorted))
        map.insert(names.at(i), entries.at(i));
    return documentAround(map, inputs, options, base);
}

QByteArray McpJson::exportText(const QList<ServerConfig> &servers, const McpJsonExportOptions &options)
{
    return exportDocumentText(servers, options);
}

QByteArray McpJson::exportEntryText(const ServerConfig &config, const McpJsonExportOptions &options)
{
    const QString name = config.name.isEmpty() ? suggestName(config) : config.name;
    const QJsonObject wrapper{{name, exportEntry(config, options)}};
    // {"name": {...}} without its outer braces, one level less indented.
    const QList<QByteArray> lines = QJsonDocument(wrapper).toJson(QJsonDocument::Indented).trimmed().split('\n');
    QByteArray text;
    for (qsizetype i = 1; i + 1 < lines.size(); ++i)
        text += lines.at(i).mid(qMin<qsizetype>(4, lines.at(i).size() - lines.at(i).trimmed().size())) + '\n';
    return text;
}

} // namespace Mcp
