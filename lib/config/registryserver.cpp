#include "registryserver.h"

#include "jsonutil_p.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QUrl>

namespace Mcp {

namespace {

using ConfigDetail::scalarToString;

const QLatin1String PackagesKey("packages");
const QLatin1String RemotesKey("remotes");
const QLatin1String RuntimeArgumentsKey("runtimeArguments");
const QLatin1String PackageArgumentsKey("packageArguments");
const QLatin1String EnvironmentVariablesKey("environmentVariables");
const QLatin1String HeadersKey("headers");
const QLatin1String VariablesKey("variables");
const QLatin1String TransportKey("transport");

QString indexed(const QString &path, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(path).arg(index);
}

QString member(const QString &path, const QString &name)
{
    return path.isEmpty() ? name : path + QLatin1Char('.') + name;
}

// The structural checks of one document, each failure a sentence naming where it is.
class Checker
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::RegistryServer)

public:
    QString error;

    bool fail(const QString &path, const QString &reason)
    {
        if (error.isEmpty())
            error = QStringLiteral("%1: %2").arg(path, reason);
        return false;
    }

    bool string(const QJsonObject &object, const QString &path, const QString &key, bool required)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return !required || fail(member(path, key), tr("missing"));
        if (!value.isString())
            return fail(member(path, key), tr("expected a string"));
        if (required && value.toString().isEmpty())
            return fail(member(path, key), tr("must not be empty"));
        return true;
    }

    bool boolean(const QJsonObject &object, const QString &path, const QString &key)
    {
        const QJsonValue value = object.value(key);
        return value.isUndefined() || value.isBool() || fail(member(path, key), tr("expected true or false"));
    }

    // Input: the fields every argument, variable, environment variable and header shares.
    bool input(const QJsonValue &value, const QString &path)
    {
        if (!value.isObject())
            return fail(path, tr("expected an object"));
        const QJsonObject object = value.toObject();
        for (const char *key : {"description", "value", "default", "placeholder", "format"}) {
            const QJsonValue field = object.value(QLatin1String(key));
            // Numbers and booleans are accepted where a string belongs, as hand-written files have them.
            if (!field.isUndefined() && !field.isString() && !field.isDouble() && !field.isBool())
                return fail(member(path, QLatin1String(key)), tr("expected a string"));
        }
        if (!boolean(object, path, QStringLiteral("isRequired")) || !boolean(object, path, QStringLiteral("isSecret"))
            || !boolean(object, path, QStringLiteral("isRepeated")))
            return false;
        const QString format = object.value(QLatin1String("format")).toString();
        if (!format.isEmpty() && format != QLatin1String("string") && format != QLatin1String("number")
            && format != QLatin1String("boolean") && format != QLatin1String("filepath"))
            return fail(member(path, QStringLiteral("format")),
                        tr("\"%1\" is not one of string, number, boolean, filepath").arg(format));
        const QJsonValue choices = object.value(QLatin1String("choices"));
        if (!choices.isUndefined() && !choices.isNull()) {
            if (!choices.isArray())
                return fail(member(path, QStringLiteral("choices")), tr("expected a list of strings"));
            const QJsonArray list = choices.toArray();
            for (qsizetype i = 0; i < list.size(); ++i) {
                if (!list.at(i).isString())
                    return fail(indexed(member(path, QStringLiteral("choices")), i), tr("expected a string"));
            }
        }
        return variables(object, path);
    }

    bool variables(const QJsonObject &object, const QString &path)
    {
        const QJsonValue map = object.value(VariablesKey);
        if (map.isUndefined())
            return true;
        if (!map.isObject())
            return fail(member(path, VariablesKey), tr("expected an object of variables"));
        const QJsonObject variables = map.toObject();
        for (auto it = variables.begin(); it != variables.end(); ++it) {
            if (!input(it.value(), member(member(path, VariablesKey), it.key())))
                return false;
        }
        return true;
    }

    bool keyValues(const QJsonObject &object, const QString &path, const QString &key)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() || value.isNull())
            return true;
        if (!value.isArray())
            return fail(member(path, key), tr("expected a list"));
        const QJsonArray list = value.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString itemPath = indexed(member(path, key), i);
            if (!input(list.at(i), itemPath) || !string(list.at(i).toObject(), itemPath, QStringLiteral("name"), true))
                return false;
        }
        return true;
    }

    bool arguments(const QJsonObject &object, const QString &path, const QString &key)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() || value.isNull())
            return true;
        if (!value.isArray())
            return fail(member(path, key), tr("expected a list of arguments"));
        const QJsonArray list = value.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString itemPath = indexed(member(path, key), i);
            if (!input(list.at(i), itemPath))
                return false;
            const QJsonObject argument = list.at(i).toObject();
            const QString type = argument.value(QLatin1String("type")).toString();
            if (type == QLatin1String("named")) {
                if (!string(argument, itemPath, QStringLiteral("name"), true))
                    return false;
            } else if (type == QLatin1String("positional")) {
                if (!argument.contains(QLatin1String("value")) && !argument.contains(QLatin1String("valueHint")))
                    return fail(itemPath, tr("a positional argument needs a \"value\" or a \"valueHint\""));
            } else {
                return fail(member(itemPath, QStringLiteral("type")),
                            argument.contains(QLatin1String("type"))
                                ? tr("\"%1\" is neither \"positional\" nor \"named\"").arg(type)
                                : tr("missing (\"positional\" or \"named\")"));
            }
        }
        return true;
    }

    bool transport(const QJsonObject &object, const QString &path, bool remote)
    {
        const QString type = object.value(QLatin1String("type")).toString();
        const bool http = type == QLatin1String("streamable-http") || type == QLatin1String("sse");
        if (!object.contains(QLatin1String("type")))
            return fail(member(path, QStringLiteral("type")), tr("missing"));
        if (!http && (remote || type != QLatin1String("stdio"))) {
            return fail(member(path, QStringLiteral("type")),
                        remote ? tr("\"%1\" is not a remote transport (streamable-http or sse)").arg(type)
                               : tr("\"%1\" is not one of stdio, streamable-http, sse").arg(type));
        }
        if (!http)
            return true;
        if (!string(object, path, QStringLiteral("url"), true))
            return false;
        const QString url = object.value(QLatin1String("url")).toString();
        if (!url.startsWith(QLatin1String("http://")) && !url.startsWith(QLatin1String("https://"))
            && !url.startsWith(QLatin1Char('{')))
            return fail(member(path, QStringLiteral("url")), tr("\"%1\" is not an http:// or https:// URL").arg(url));
        return keyValues(object, path, HeadersKey) && variables(object, path);
    }
};

// The snake_case names of the first schema (2025-07-09), refused with a pointer to the new ones.
const char *const OldNames[][2] = {
    {"registry_type", "registryType"},       {"registry_name", "registryType"},
    {"package_arguments", "packageArguments"}, {"runtime_arguments", "runtimeArguments"},
    {"environment_variables", "environmentVariables"}, {"runtime_hint", "runtimeHint"},
    {"version_detail", "version"},
};

QString oldNameIn(const QJsonObject &object)
{
    for (const auto &names : OldNames) {
        if (object.contains(QLatin1String(names[0])))
            return QStringLiteral("%1 (now %2)").arg(QLatin1String(names[0]), QLatin1String(names[1]));
    }
    return QString();
}

// What a choice's inputs become, shared by parse() (which only collects the inputs) and
// configFor() (which fills them in): one walk, so the keys always agree.
class Filler
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::RegistryServer)

public:
    explicit Filler(const QHash<QString, QString> &values) : m_values(values) { }

    QList<RegistryInput> inputs;
    QList<InputPrompt> prompts;
    QStringList missing;
    QStringList problems;

    // The text of one Input, or nullopt when it is left out (optional and empty). A secret in
    // text that cannot be kept secret (literalSecretAllowed false: an argument or a URL) becomes
    // an ${input:id} reference. *secret says whether the text holds a secret value.
    std::optional<QString> text(const QString &key, const QString &label, RegistryInput::Role role,
                                const QJsonObject &input, bool literalSecretAllowed, bool *secret)
    {
        const bool isSecret = input.value(QLatin1String("isSecret")).toBool();
        if (secret)
            *secret = false;
        if (input.contains(QLatin1String("value"))) {
            // A fixed value; its {variables} are what the user gives.
            const QString value = scalarToString(input.value(QLatin1String("value")));
            const QJsonObject variables = input.value(VariablesKey).toObject();
            static const QRegularExpression braces(QStringLiteral("\\{([^{}\\s]+)\\}"));
            QString out;
            qsizetype last = 0;
            bool anySecret = isSecret;
            for (auto it = braces.globalMatch(value); it.hasNext();) {
                const QRegularExpressionMatch match = it.next();
                const QString name = match.captured(1);
                if (!variables.contains(name))
                    continue; // not a variable of this value: stays as written
                bool variableSecret = false;
                const std::optional<QString> sub = text(key + QLatin1Char('.') + name, name, role,
                                                        variables.value(name).toObject(), literalSecretAllowed,
                                                        &variableSecret);
                anySecret = anySecret || variableSecret;
                out += value.mid(last, match.capturedStart() - last) + sub.value_or(QString());
                last = match.capturedEnd();
            }
            out += value.mid(last);
            if (secret)
                *secret = anySecret;
            return out;
        }

        RegistryInput in;
        in.key = key;
        in.label = label;
        in.role = role;
        in.description = input.value(QLatin1String("description")).toString();
        in.defaultValue = scalarToString(input.value(QLatin1String("default")));
        in.placeholder = input.value(QLatin1String("placeholder")).toString();
        for (const QJsonValue &choice : input.value(QLatin1String("choices")).toArray())
            in.choices << choice.toString();
        in.format = input.value(QLatin1String("format")).toString(QStringLiteral("string"));
        in.required = input.value(QLatin1String("isRequired")).toBool();
        in.secret = isSecret;
        in.askedOnConnect = isSecret && !literalSecretAllowed;
        inputs.append(in);

        // Required, or optional and given: the reference, whatever was typed (it is asked for again).
        if (in.askedOnConnect)
            return in.required || !m_values.value(key).isEmpty() ? std::optional(reference(in)) : std::nullopt;
        const QString value = m_values.contains(key) ? m_values.value(key) : in.defaultValue;
        if (value.isEmpty()) {
            if (!in.required)
                return std::nullopt;
            if (isSecret)
                return reference(in); // asked when connecting
            missing << label;
            return std::nullopt;
        }
        if (!in.choices.isEmpty() && !in.choices.contains(value))
            problems << tr("%1: \"%2\" is not one of %3").arg(label, value, in.choices.join(QStringLiteral(", ")));
        bool number = true;
        if (in.format == QLatin1String("number"))
            value.toDouble(&number);
        if (!number)
            problems << tr("%1: \"%2\" is not a number").arg(label, value);
        if (in.format == QLatin1String("boolean") && value != QLatin1String("true") && value != QLatin1String("false"))
            problems << tr("%1: \"%2\" is neither true nor false").arg(label, value);
        if (secret)
            *secret = isSecret;
        return value;
    }

    // A value substituted into a template with {name} references (URLs).
    QString substitute(const QString &text, const QHash<QString, QString> &values) const
    {
        static const QRegularExpression braces(QStringLiteral("\\{([^{}\\s]+)\\}"));
        QString out;
        qsizetype last = 0;
        for (auto it = braces.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const auto found = values.constFind(match.captured(1));
            if (found == values.constEnd())
                continue;
            out += text.mid(last, match.capturedStart() - last) + found.value();
            last = match.capturedEnd();
        }
        return out + text.mid(last);
    }

private:
    QString reference(const RegistryInput &in)
    {
        QString id;
        for (const QChar c : in.label)
            id += (c.unicode() < 128 && (c.isLetterOrNumber() || c == QLatin1Char('_'))) ? c : QLatin1Char('-');
        while (id.startsWith(QLatin1Char('-')))
            id.remove(0, 1);
        if (id.isEmpty())
            id = QStringLiteral("secret");
        const QString base = id;
        for (int n = 2; std::any_of(prompts.begin(), prompts.end(), [&](const InputPrompt &p) { return p.id == id; }); ++n)
            id = base + QLatin1Char('-') + QString::number(n);
        prompts.append({id, in.description.isEmpty() ? in.label : in.description, QString(), true});
        return QStringLiteral("${input:%1}").arg(id);
    }

    const QHash<QString, QString> &m_values;
};

struct Arguments
{
    QStringList words;
    QHash<QString, QString> byName; // flag names and valueHints, for a package's URL template
};

Arguments fillArguments(Filler &filler, const QJsonArray &list, const QString &path)
{
    Arguments out;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject argument = list.at(i).toObject();
        const bool named = argument.value(QLatin1String("type")).toString() == QLatin1String("named");
        const QString name = argument.value(QLatin1String("name")).toString();
        const QString hint = argument.value(QLatin1String("valueHint")).toString();
        const QString label = named ? name : !hint.isEmpty() ? hint : QStringLiteral("%1 %2").arg(path).arg(i + 1);
        const std::optional<QString> value =
            filler.text(indexed(path, i), label, RegistryInput::Role::Argument, argument, false, nullptr);
        if (!value)
            continue;
        if (named) {
            // Two words, "--flag value": what "-e NAME=VALUE" of docker and most parsers expect.
            out.words << name;
            if (!value->isEmpty())
                out.words << *value;
            out.byName.insert(name, *value);
        } else {
            out.words << *value;
        }
        if (!hint.isEmpty())
            out.byName.insert(hint, *value);
    }
    return out;
}

QList<ConfigEntry> fillEntries(Filler &filler, const QJsonArray &list, const QString &prefix, RegistryInput::Role role)
{
    QList<ConfigEntry> entries;
    for (const QJsonValue &item : list) {
        const QJsonObject object = item.toObject();
        const QString name = object.value(QLatin1String("name")).toString();
        bool secret = false;
        const std::optional<QString> value = filler.text(prefix + name, name, role, object, true, &secret);
        if (value)
            entries.append({name, *value, secret});
    }
    return entries;
}

QString sentence(const QString &text)
{
    return text.endsWith(QLatin1Char('.')) ? text : text + QLatin1Char('.');
}

RegistryConfigResult fillChoice(const RegistryServer &server, const RegistryChoice &choice,
                                const QHash<QString, QString> &values, QList<RegistryInput> *inputs);

} // namespace

QString RegistryChoice::label() const
{
    if (kind == Kind::Remote)
        return QStringLiteral("%1 %2").arg(transport, url);
    QString text = registryType + QLatin1Char(' ') + identifier;
    if (!version.isEmpty() && !identifier.endsWith(version))
        text += QLatin1Char(' ') + version;
    return text + QStringLiteral(" (%1)").arg(transport);
}

bool RegistryChoice::matches(const QString &text) const
{
    if (kind == Kind::Remote)
        return text == url || text == transport;
    return text.compare(registryType, Qt::CaseInsensitive) == 0 || text == identifier;
}

QString RegistryServer::displayName() const
{
    if (!title.isEmpty())
        return title;
    return name.section(QLatin1Char('/'), -1);
}

int RegistryServer::defaultChoice() const
{
    for (int i = 0; i < choices.size(); ++i) {
        if (choices.at(i).kind == RegistryChoice::Kind::Remote)
            return i;
    }
    return choices.isEmpty() ? -1 : 0;
}

int RegistryServer::findChoice(const QString &text) const
{
    for (int i = 0; i < choices.size(); ++i) {
        if (choices.at(i).matches(text))
            return i;
    }
    return -1;
}

bool RegistryServer::looksLikeServerJson(const QByteArray &text)
{
    const QJsonObject root = QJsonDocument::fromJson(text).object();
    if (root.isEmpty() || root.contains(QLatin1String("mcpServers")) || root.contains(QLatin1String("servers")))
        return false;
    if (root.value(QLatin1String("$schema")).toString().contains(QLatin1String("server.schema.json")))
        return true;
    return root.value(QLatin1String("name")).isString()
        && (root.value(PackagesKey).isArray() || root.value(RemotesKey).isArray());
}

bool RegistryServer::isServerJsonFile(const QString &path)
{
    QFile file(path);
    // A server.json is a few kilobytes; a big file is something else.
    return file.open(QIODevice::ReadOnly) && file.size() < 4 * 1024 * 1024 && looksLikeServerJson(file.readAll());
}

RegistryServer RegistryServer::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        RegistryServer result;
        result.sourcePath = path;
        result.error.path = path;
        result.error.reason = tr("Cannot open the file: %1").arg(file.errorString());
        return result;
    }
    return parse(file.readAll(), path);
}

RegistryServer RegistryServer::parse(const QByteArray &text, const QString &sourcePath)
{
    RegistryServer result;
    result.sourcePath = sourcePath;
    const auto fail = [&](const QString &reason) {
        result.error = McpJson::locate(text, -1, reason, sourcePath);
        result.choices.clear();
        return result;
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.error = McpJson::locate(text, parseError.offset, tr("Not valid JSON: %1.").arg(parseError.errorString()),
                                       sourcePath);
        return result;
    }
    if (!document.isObject())
        return fail(tr("A server.json is a JSON object; this is a list or a value."));
    const QJsonObject root = document.object();
    if (root.contains(QLatin1String("mcpServers")) || root.contains(QLatin1String("servers")))
        return fail(tr("This is an mcp.json (it has \"mcpServers\" or \"servers\"), not a registry server.json: "
                       "import it with Import mcp.json."));
    if (const QString old = oldNameIn(root); !old.isEmpty())
        return fail(tr("This server.json uses the snake_case names of the first registry schema (%1); "
                       "MCP Scope reads the camelCase schema of 2025-09-29 and later.").arg(old));

    Checker check;
    if (!check.string(root, QString(), QStringLiteral("name"), true)
        || !check.string(root, QString(), QStringLiteral("title"), false)
        || !check.string(root, QString(), QStringLiteral("description"), false)
        || !check.string(root, QString(), QStringLiteral("version"), false)
        || !check.string(root, QString(), QStringLiteral("websiteUrl"), false))
        return fail(check.error);
    result.name = root.value(QLatin1String("name")).toString();
    result.title = root.value(QLatin1String("title")).toString();
    result.description = root.value(QLatin1String("description")).toString();
    result.version = root.value(QLatin1String("version")).toString();
    result.websiteUrl = root.value(QLatin1String("websiteUrl")).toString();
    static const QRegularExpression namePattern(QStringLiteral("^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"));
    if (!namePattern.match(result.name).hasMatch())
        result.warnings << tr("The name \"%1\" is not in the registry's reverse-DNS form (namespace/name).").arg(result.name);
    const QString schema = root.value(QLatin1String("$schema")).toString();
    if (!schema.isEmpty() && !schema.contains(QLatin1String("server.schema.json")) && !schema.contains(QLatin1String("server.json")))
        result.warnings << tr("\"$schema\" is %1, not a registry server.json schema.").arg(schema);

    for (const QString key : {PackagesKey, RemotesKey}) {
        const QJsonValue list = root.value(key);
        if (!list.isUndefined() && !list.isNull() && !list.isArray())
            return fail(tr("%1: expected a list").arg(key));
    }
    const QJsonArray packages = root.value(PackagesKey).toArray();
    const QJsonArray remotes = root.value(RemotesKey).toArray();
    if (packages.isEmpty() && remotes.isEmpty()) {
        return fail(result.websiteUrl.isEmpty()
                        ? tr("This server.json lists no packages and no remotes: there is nothing to run.")
                        : tr("This server.json lists no packages and no remotes: %1 says how to install it.")
                              .arg(result.websiteUrl));
    }

    for (qsizetype i = 0; i < packages.size(); ++i) {
        const QString path = indexed(PackagesKey, i);
        if (!packages.at(i).isObject())
            return fail(tr("%1: expected an object").arg(path));
        const QJsonObject package = packages.at(i).toObject();
        if (const QString old = oldNameIn(package); !old.isEmpty())
            return fail(tr("%1 uses the snake_case names of the first registry schema (%2).").arg(path, old));
        if (!check.string(package, path, QStringLiteral("registryType"), true)
            || !check.string(package, path, QStringLiteral("identifier"), true)
            || !check.string(package, path, QStringLiteral("version"), false)
            || !check.string(package, path, QStringLiteral("runtimeHint"), false)
            || !check.string(package, path, QStringLiteral("fileSha256"), false)
            || !check.arguments(package, path, RuntimeArgumentsKey) || !check.arguments(package, path, PackageArgumentsKey)
            || !check.keyValues(package, path, EnvironmentVariablesKey))
            return fail(check.error);
        if (!package.value(TransportKey).isObject())
            return fail(tr("%1: missing (an object with \"type\": stdio, streamable-http or sse)").arg(member(path, TransportKey)));
        if (!check.transport(package.value(TransportKey).toObject(), member(path, TransportKey), false))
            return fail(check.error);
        RegistryChoice choice;
        choice.kind = RegistryChoice::Kind::Package;
        choice.index = int(i);
        choice.registryType = package.value(QLatin1String("registryType")).toString();
        choice.identifier = package.value(QLatin1String("identifier")).toString();
        choice.version = package.value(QLatin1String("version")).toString();
        choice.runtimeHint = package.value(QLatin1String("runtimeHint")).toString();
        choice.fileSha256 = package.value(QLatin1String("fileSha256")).toString();
        choice.transport = package.value(TransportKey).toObject().value(QLatin1String("type")).toString();
        choice.url = package.value(TransportKey).toObject().value(QLatin1String("url")).toString();
        choice.entry = package;
        if (choice.version == QLatin1String("latest"))
            result.warnings << tr("%1: version \"latest\" is not pinned: whatever is newest runs.").arg(path);
        result.choices.append(choice);
    }
    for (qsizetype i = 0; i < remotes.size(); ++i) {
        const QString path = indexed(RemotesKey, i);
        if (!remotes.at(i).isObject())
            return fail(tr("%1: expected an object").arg(path));
        const QJsonObject remote = remotes.at(i).toObject();
        if (!check.transport(remote, path, true))
            return fail(check.error);
        RegistryChoice choice;
        choice.kind = RegistryChoice::Kind::Remote;
        choice.index = int(i);
        choice.transport = remote.value(QLatin1String("type")).toString();
        choice.url = remote.value(QLatin1String("url")).toString();
        choice.entry = remote;
        result.choices.append(choice);
    }
    // The inputs of each choice, found by the same walk that fills them in.
    for (RegistryChoice &choice : result.choices)
        fillChoice(result, choice, {}, &choice.inputs);
    return result;
}

RegistryConfigResult RegistryServer::configFor(int index, const QHash<QString, QString> &values) const
{
    if (index < 0 || index >= choices.size()) {
        RegistryConfigResult result;
        result.error = tr("There is no such package or remote.");
        return result;
    }
    return fillChoice(*this, choices.at(index), values, nullptr);
}

RegistryConfigResult RegistryServer::configForCommandLine(int index, QList<QPair<QString, QString>> *variables,
                                                          QList<QPair<QString, QString>> *headers,
                                                          const QProcessEnvironment &environment) const
{
    QHash<QString, QString> values;
    if (index >= 0 && index < choices.size()) {
        const auto take = [](QList<QPair<QString, QString>> *pairs, const QString &name) -> std::optional<QString> {
            for (qsizetype i = 0; pairs && i < pairs->size(); ++i) {
                if (pairs->at(i).first.compare(name, Qt::CaseSensitive) == 0)
                    return pairs->takeAt(i).second;
            }
            return std::nullopt;
        };
        for (const RegistryInput &input : choices.at(index).inputs) {
            // A header as a whole comes from --header; a {variable} in its value from -e.
            const bool header = input.role == RegistryInput::Role::Header
                && input.key == QStringLiteral("header.") + input.label;
            std::optional<QString> value = take(header ? headers : variables, input.label);
            if (!value && input.role == RegistryInput::Role::Environment && environment.contains(input.label))
                value = environment.value(input.label);
            if (value)
                values.insert(input.key, *value);
        }
    }
    return configFor(index, values);
}

namespace {

RegistryConfigResult fillChoice(const RegistryServer &server, const RegistryChoice &choice,
                                const QHash<QString, QString> &values, QList<RegistryInput> *inputs)
{
    RegistryConfigResult result;
    const QJsonObject &entry = choice.entry;
    Filler filler(values);
    ServerConfig config = ServerConfig::create(server.displayName());
    QStringList notes;
    if (!server.description.isEmpty())
        notes << sentence(server.description);
    notes << RegistryServer::tr("From the server.json of %1 %2: %3.").arg(server.name, server.version, choice.label());
    if (!server.websiteUrl.isEmpty())
        notes << server.websiteUrl;

    if (choice.kind == RegistryChoice::Kind::Remote) {
        config.transport = choice.transport == QLatin1String("sse") ? ServerConfig::TransportType::Sse
                                                                    : ServerConfig::TransportType::StreamableHttp;
        const QJsonObject variables = entry.value(VariablesKey).toObject();
        QHash<QString, QString> substitutions;
        for (auto it = variables.begin(); it != variables.end(); ++it) {
            const std::optional<QString> value = filler.text(QStringLiteral("url.") + it.key(), it.key(),
                                                             RegistryInput::Role::UrlVariable, it.value().toObject(),
                                                             false, nullptr);
            substitutions.insert(it.key(), value.value_or(QString()));
        }
        config.url = filler.substitute(choice.url, substitutions);
        config.headers = fillEntries(filler, entry.value(HeadersKey).toArray(), QStringLiteral("header."),
                                     RegistryInput::Role::Header);
    } else {
        const Arguments runtime = fillArguments(filler, entry.value(RuntimeArgumentsKey).toArray(), RuntimeArgumentsKey);
        const Arguments package = fillArguments(filler, entry.value(PackageArgumentsKey).toArray(), PackageArgumentsKey);
        const QList<ConfigEntry> env = fillEntries(filler, entry.value(EnvironmentVariablesKey).toArray(),
                                                   QStringLiteral("env."), RegistryInput::Role::Environment);
        const QString type = choice.registryType.toLower();
        const QString hint = choice.runtimeHint;
        QString command;
        QStringList args = runtime.words;
        if (type == QLatin1String("npm")) {
            command = hint.isEmpty() ? QStringLiteral("npx") : hint;
            if (command == QLatin1String("npx") && !args.contains(QLatin1String("-y")) && !args.contains(QLatin1String("--yes")))
                args << QStringLiteral("-y");
            args << (choice.version.isEmpty() ? choice.identifier : choice.identifier + QLatin1Char('@') + choice.version);
            args += package.words;
        } else if (type == QLatin1String("pypi")) {
            command = hint.isEmpty() ? QStringLiteral("uvx") : hint;
            if (command == QLatin1String("pipx"))
                args.prepend(QStringLiteral("run"));
            args << (choice.version.isEmpty() ? choice.identifier : choice.identifier + QStringLiteral("==") + choice.version);
            args += package.words;
        } else if (type == QLatin1String("oci")) {
            command = hint.isEmpty() ? QStringLiteral("docker") : hint;
            args = QStringList{QStringLiteral("run"), QStringLiteral("-i"), QStringLiteral("--rm")} + runtime.words;
            // "-e NAME" without a value: docker takes it from its own environment, so a secret
            // never appears on the command line.
            for (const ConfigEntry &variable : env)
                args << QStringLiteral("-e") << variable.name;
            QString image = choice.identifier;
            const bool tagged = image.section(QLatin1Char('/'), -1).contains(QLatin1Char(':')) || image.contains(QLatin1Char('@'));
            if (!tagged && !choice.version.isEmpty())
                image += QLatin1Char(':') + choice.version;
            args << image;
            args += package.words;
        } else if (type == QLatin1String("nuget")) {
            command = hint.isEmpty() ? QStringLiteral("dnx") : hint;
            args << (choice.version.isEmpty() ? choice.identifier : choice.identifier + QLatin1Char('@') + choice.version)
                 << QStringLiteral("--yes");
            if (!package.words.isEmpty())
                args << QStringLiteral("--") << package.words;
        } else if (type == QLatin1String("mcpb")) {
            result.error = RegistryServer::tr("%1 is an MCP bundle (.mcpb). A bundle is a zip archive that must be downloaded, checked "
                              "against its SHA-256 (%2) and unpacked; MCP Scope does not install bundles. Install it "
                              "in a host that does, or unpack it and add its command with Add Server.")
                               .arg(choice.identifier, choice.fileSha256.isEmpty() ? RegistryServer::tr("none given") : choice.fileSha256);
        } else {
            result.error = RegistryServer::tr("Packages of the registry type \"%1\" cannot be run by MCP Scope (it runs npm, pypi, oci "
                              "and nuget packages).").arg(choice.registryType);
        }
        config.env = env;
        if (choice.transport == QLatin1String("stdio")) {
            config.transport = ServerConfig::TransportType::Stdio;
            config.command = command;
            config.args = args;
        } else {
            // The package serves HTTP itself: the configuration connects to it, and says how to start it.
            QHash<QString, QString> byName = runtime.byName;
            for (auto it = package.byName.begin(); it != package.byName.end(); ++it)
                byName.insert(it.key(), it.value());
            for (const ConfigEntry &variable : env) {
                if (!variable.secret)
                    byName.insert(variable.name, variable.value);
            }
            config.transport = choice.transport == QLatin1String("sse") ? ServerConfig::TransportType::Sse
                                                                        : ServerConfig::TransportType::StreamableHttp;
            config.url = filler.substitute(choice.url, byName);
            config.headers = fillEntries(filler, entry.value(TransportKey).toObject().value(HeadersKey).toArray(),
                                         QStringLiteral("header."), RegistryInput::Role::Header);
            ServerConfig starter = config;
            starter.transport = ServerConfig::TransportType::Stdio;
            starter.command = command;
            starter.args = args;
            const QString line = starter.commandLineForDisplay();
            config.env.clear();
            if (result.error.isEmpty()) {
                result.warnings << RegistryServer::tr("This package serves %1 itself: start it with %2 before connecting.")
                                       .arg(choice.transport, line);
                notes << RegistryServer::tr("Start the server first: %1").arg(line);
            }
        }
    }
    config.notes = notes.join(QLatin1Char('\n'));
    config.inputs = filler.prompts;
    result.missing = filler.missing;
    if (result.error.isEmpty() && !filler.problems.isEmpty())
        result.error = filler.problems.join(QLatin1Char('\n'));
    if (result.error.isEmpty() && !filler.missing.isEmpty())
        result.error = RegistryServer::tr("Needs a value for: %1").arg(filler.missing.join(QStringLiteral(", ")));
    if (result.error.isEmpty())
        result.config = config;
    if (inputs)
        *inputs = filler.inputs;
    return result;
}

} // namespace

} // namespace Mcp
