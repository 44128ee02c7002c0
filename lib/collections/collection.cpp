#include "collection.h"

#include "jsonpath.h"

#include "config/mcpjson.h"
#include "protocol/methods.h"
#include "schema/schemavalidator.h"
#include "session/client.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace Mcp {

static const QLatin1String FormatName("mcpscope-collection");

QString Assertion::describe() const
{
    auto compact = [](const QJsonValue &value) {
        return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).mid(1));
    };
    switch (kind) {
    case Kind::Status:
        return code.isUndefined() ? QStringLiteral("status is %1").arg(expected.toString())
                                  : QStringLiteral("status is error %1").arg(code.toInteger());
    case Kind::IsError: return QStringLiteral("isError is %1").arg(expected.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case Kind::PathEquals: return QStringLiteral("%1 equals %2").arg(path, compact(expected));
    case Kind::PathContains: return QStringLiteral("%1 contains %2").arg(path, compact(expected));
    case Kind::PathMatches: return QStringLiteral("%1 matches /%2/").arg(path, expected.toString());
    case Kind::PathExists:
        return expected.toBool() ? QStringLiteral("%1 exists").arg(path) : QStringLiteral("%1 does not exist").arg(path);
    case Kind::OutputSchema:
        return expected.toBool() ? QStringLiteral("structuredContent is valid against the outputSchema")
                                 : QStringLiteral("structuredContent is not valid against the outputSchema");
    case Kind::MaxLatency: return QStringLiteral("latency is at most %1 ms").arg(expected.toInteger());
    case Kind::Asked: return QStringLiteral("the server asked %1").arg(expected.toString());
    }
    return {};
}

QString CollectionIssue::toString() const
{
    QString where = file;
    if (line > 0)
        where += QStringLiteral(":%1:%2").arg(line).arg(column);
    QString text = where.isEmpty() ? QString() : where + QStringLiteral(": ");
    if (!pointer.isNull())
        text += (pointer.isEmpty() ? QStringLiteral("(document)") : pointer) + QStringLiteral(": ");
    return text + message;
}

QString Collection::LoadResult::errorText() const
{
    QStringList lines;
    for (const CollectionIssue &issue : issues)
        lines.append(issue.toString());
    return lines.join(u'\n');
}

const CollectionServer *Collection::server(const QString &name) const
{
    for (const CollectionServer &s : servers) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

QByteArray Collection::schemaText()
{
    QFile file(QStringLiteral(":/mcpscope/schemas/collection.schema.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray Collection::appendCall(const QByteArray &existing, const QString &serverName, const QJsonObject &serverEntry,
                                  QJsonObject call, QString *error)
{
    QJsonObject root;
    if (existing.trimmed().isEmpty()) {
        root = QJsonObject{{QStringLiteral("format"), FormatName}, {QStringLiteral("version"), FormatVersion},
                           {QStringLiteral("servers"), QJsonObject()}, {QStringLiteral("calls"), QJsonArray()}};
    } else {
        const LoadResult loaded = parse(existing);
        if (!loaded.isValid()) {
            *error = tr("the file is not a collection this version can add to: %1").arg(loaded.errorText());
            return {};
        }
        root = QJsonDocument::fromJson(existing).object();
    }
    QJsonObject servers = root.value(QLatin1String("servers")).toObject();
    QString name = serverName.isEmpty() ? QStringLiteral("server") : serverName;
    for (int n = 2; servers.contains(name) && servers.value(name).toObject() != serverEntry; ++n)
        name = QStringLiteral("%1 (%2)").arg(serverName).arg(n);
    servers.insert(name, serverEntry);
    root.insert(QStringLiteral("servers"), servers);
    call.insert(QStringLiteral("server"), name);
    QJsonArray calls = root.value(QLatin1String("calls")).toArray();
    calls.append(call);
    root.insert(QStringLiteral("calls"), calls);
    const QByteArray text = QJsonDocument(root).toJson(QJsonDocument::Indented);
    const LoadResult check = parse(text);
    if (!check.isValid()) {
        *error = check.errorText();
        return {};
    }
    return text;
}

QJsonObject Collection::toolCall(const QString &tool, const QJsonObject &arguments, const QJsonValue &result,
                                 const std::optional<RpcError> &error, const QJsonValue &outputSchema)
{
    // A text as a "contains" assertion holds it: whole, or its beginning (not cut inside a
    // surrogate pair).
    auto beginning = [](const QString &text) {
        if (text.size() <= SavedTextLimit)
            return text;
        qsizetype end = SavedTextLimit;
        if (text.at(end - 1).isHighSurrogate())
            --end;
        return text.left(end);
    };
    QJsonArray expect;
    if (error) {
        expect.append(QJsonObject{{QStringLiteral("status"), QStringLiteral("error")}, {QStringLiteral("code"), error->code}});
        if (!error->message.isEmpty())
            expect.append(QJsonObject{{QStringLiteral("path"), QStringLiteral("$.message")},
                                      {QStringLiteral("contains"), beginning(error->message)}});
    } else {
        const QJsonObject object = result.toObject();
        expect.append(QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}});
        expect.append(QJsonObject{{QStringLiteral("isError"), object.value(QLatin1String("isError")).toBool()}});
        const QJsonValue structured = object.value(QLatin1String("structuredContent"));
        if (outputSchema.isObject() && !structured.isUndefined()) {
            const bool valid = SchemaValidator(outputSchema).validate(structured).valid;
            expect.append(QJsonObject{{QStringLiteral("structuredContentValid"), valid}});
        }
        if (!structured.isUndefined()
            && QJsonDocument(QJsonArray{structured}).toJson(QJsonDocument::Compact).size() <= SavedValueLimit + 2)
            expect.append(QJsonObject{{QStringLiteral("path"), QStringLiteral("$.structuredContent")},
                                      {QStringLiteral("equals"), structured}});
        const QJsonArray content = object.value(QLatin1String("content")).toArray();
        int texts = 0;
        for (qsizetype i = 0; i < content.size() && texts < SavedTextBlocks; ++i) {
            const QJsonObject block = content.at(i).toObject();
            const QString text = block.value(QLatin1String("text")).toString();
            if (block.value(QLatin1String("type")).toString() != QLatin1String("text") || text.isEmpty())
                continue;
            ++texts;
            expect.append(QJsonObject{{QStringLiteral("path"), QStringLiteral("$.content[%1].text").arg(i)},
                                      {QStringLiteral("contains"), beginning(text)}});
        }
    }
    return QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("tool"), tool},
                       {QStringLiteral("arguments"), arguments}, {QStringLiteral("expect"), expect}};
}

Collection::LoadResult Collection::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        LoadResult result;
        result.issues.append({path, 0, 0, QString(), tr("cannot read the file: %1").arg(file.errorString())});
        return result;
    }
    return parse(file.readAll(), path);
}

namespace {

// Reads what the schema has already allowed into the collection's value types.
class Reader
{
public:
    Reader(const QByteArray &text, const QString &path, Collection::LoadResult *result)
        : m_text(text), m_path(path), m_result(result)
    {
    }

    void issue(const QString &pointer, const QString &message)
    {
        CollectionIssue issue{m_path, 0, 0, pointer, message};
        // A missing member has no place of its own: its object's place will do.
        QString at = pointer;
        qsizetype offset = jsonPointerOffset(m_text, at);
        while (offset < 0 && !at.isEmpty()) {
            at.truncate(at.lastIndexOf(u'/'));
            offset = jsonPointerOffset(m_text, at);
        }
        if (offset >= 0) {
            const ConfigParseError located = McpJson::locate(m_text, offset + 1, message);
            issue.line = located.line;
            issue.column = located.column;
        }
        m_result->issues.append(issue);
    }

    void read(const QJsonObject &root)
    {
        Collection &c = m_result->collection;
        c.name = root.value(QLatin1String("name")).toString();
        c.defaultTimeoutMs = root.value(QLatin1String("timeoutMs")).toInt(c.defaultTimeoutMs);
        readServers(root.value(QLatin1String("servers")).toObject());
        const QJsonArray calls = root.value(QLatin1String("calls")).toArray();
        for (qsizetype i = 0; i < calls.size(); ++i)
            readCall(calls.at(i).toObject(), QStringLiteral("/calls/%1").arg(i));
    }

private:
    void readServers(const QJsonObject &servers)
    {
        // The entries are mcp.json entries: the importer reads them, in the file's order.
        QJsonObject document{{QLatin1String("mcpServers"), servers}};
        const McpJsonImport imported = McpJson::parse(QJsonDocument(document).toJson());
        for (const ServerConfig &config : imported.servers) {
            CollectionServer server;
            server.name = config.name;
            server.config = config;
            server.era = servers.value(config.name).toObject().value(QLatin1String("era")).toString();
            if (!server.era.isEmpty()
                && !Modern::EraChoice::fromString(server.era, Client::supportedModernVersions(),
                                                  Client::supportedProtocolVersions())) {
                issue(QStringLiteral("/servers/%1/era").arg(server.name),
                      Collection::tr("\"%1\" is not an era this client speaks").arg(server.era));
            }
            m_result->collection.servers.append(server);
        }
    }

    static QList<QJsonObject> answerList(const QJsonValue &value)
    {
        QList<QJsonObject> list;
        if (value.isObject())
            list.append(value.toObject());
        for (const QJsonValue &item : value.toArray())
            list.append(item.toObject());
        return list;
    }

    void readCall(const QJsonObject &object, const QString &pointer)
    {
        const Collection &c = m_result->collection;
        CollectionCall call;
        call.pointer = pointer;
        call.server = object.value(QLatin1String("server")).toString();
        if (call.server.isEmpty()) {
            if (c.servers.size() == 1)
                call.server = c.servers.first().name;
            else
                issue(pointer, Collection::tr("the collection has %1 servers: say which one with \"server\"").arg(c.servers.size()));
        } else if (!c.server(call.server)) {
            QStringList names;
            for (const CollectionServer &s : c.servers)
                names.append(s.name);
            issue(pointer + QStringLiteral("/server"), Collection::tr("no server named \"%1\" (the collection has: %2)")
                                                           .arg(call.server, names.join(QStringLiteral(", "))));
        }
        // The method follows from what is named, unless given.
        call.method = object.value(QLatin1String("method")).toString();
        const QString tool = object.value(QLatin1String("tool")).toString();
        const QString prompt = object.value(QLatin1String("prompt")).toString();
        const QString uri = object.value(QLatin1String("uri")).toString();
        if (call.method.isEmpty())
            call.method = !tool.isEmpty() ? QString(Method::ToolsCall)
                        : !prompt.isEmpty() ? QString(Method::PromptsGet) : QString(Method::ResourcesRead);
        if (call.method == Method::ToolsCall)
            call.target = tool;
        else if (call.method == Method::PromptsGet)
            call.target = prompt;
        else if (call.method == Method::ResourcesRead)
            call.target = uri;
        if ((call.method == Method::ToolsCall || call.method == Method::PromptsGet || call.method == Method::ResourcesRead)
            && call.target.isEmpty()) {
            const QString needed = call.method == Method::ToolsCall ? QStringLiteral("tool")
                                 : call.method == Method::PromptsGet ? QStringLiteral("prompt") : QStringLiteral("uri");
            issue(pointer, Collection::tr("%1 needs \"%2\"").arg(call.method, needed));
        }
        call.arguments = object.value(QLatin1String("arguments")).toObject();
        call.params = object.value(QLatin1String("params")).toObject();
        call.timeoutMs = object.value(QLatin1String("timeoutMs")).toInt(0);
        call.name = object.value(QLatin1String("name")).toString();
        if (call.name.isEmpty())
            call.name = call.target.isEmpty() ? call.method : call.method + u' ' + call.target;

        const QJsonObject answers = object.value(QLatin1String("answers")).toObject();
        call.answers.elicitation = answerList(answers.value(QLatin1String("elicitation")));
        call.answers.sampling = answerList(answers.value(QLatin1String("sampling")));
        if (answers.contains(QLatin1String("roots")))
            call.answers.roots = answers.value(QLatin1String("roots")).toArray();

        const QJsonArray expect = object.value(QLatin1String("expect")).toArray();
        for (qsizetype i = 0; i < expect.size(); ++i)
            readAssertion(expect.at(i).toObject(), pointer + QStringLiteral("/expect/%1").arg(i), &call);
        m_result->collection.calls.append(call);
    }

    void readAssertion(const QJsonObject &o, const QString &pointer, CollectionCall *call)
    {
        // The word that makes each kind, in the order they are tried; the last four test a "path",
        // and a path with none of them is PathExists.
        struct KindWord
        {
            QLatin1StringView word;
            Assertion::Kind kind;
        };
        static constexpr KindWord kindWords[] = {
            {QLatin1StringView("status"), Assertion::Kind::Status},
            {QLatin1StringView("isError"), Assertion::Kind::IsError},
            {QLatin1StringView("structuredContentValid"), Assertion::Kind::OutputSchema},
            {QLatin1StringView("maxLatencyMs"), Assertion::Kind::MaxLatency},
            {QLatin1StringView("asked"), Assertion::Kind::Asked},
            {QLatin1StringView("equals"), Assertion::Kind::PathEquals},
            {QLatin1StringView("contains"), Assertion::Kind::PathContains},
            {QLatin1StringView("matches"), Assertion::Kind::PathMatches},
            {QLatin1StringView("exists"), Assertion::Kind::PathExists},
        };
        const auto *found = std::find_if(std::begin(kindWords), std::end(kindWords),
                                         [&o](const KindWord &k) { return o.contains(k.word); });
        const KindWord &kindWord = found != std::end(kindWords) ? *found : kindWords[std::size(kindWords) - 1];

        Assertion a;
        a.pointer = pointer;
        a.kind = kindWord.kind;
        a.expected = o.value(kindWord.word);
        switch (a.kind) {
        case Assertion::Kind::Status:
            a.code = o.value(QLatin1String("code"));
            if (!a.code.isUndefined() && a.expected.toString() != QLatin1String("error"))
                issue(pointer + QStringLiteral("/code"), Collection::tr("\"code\" goes with \"status\": \"error\""));
            break;
        case Assertion::Kind::OutputSchema:
            if (call->method != Method::ToolsCall)
                issue(pointer, Collection::tr("structuredContentValid applies to tools/call only"));
            break;
        case Assertion::Kind::PathEquals:
        case Assertion::Kind::PathContains:
        case Assertion::Kind::PathMatches:
        case Assertion::Kind::PathExists: {
            a.path = o.value(QLatin1String("path")).toString();
            QString error;
            JsonPath::parse(a.path, &error);
            if (!error.isEmpty())
                issue(pointer + QStringLiteral("/path"), error);
            if (a.kind != Assertion::Kind::PathMatches)
                break;
            if (const QRegularExpression re(a.expected.toString()); !re.isValid())
                issue(pointer + QStringLiteral("/matches"),
                      Collection::tr("not a regular expression: %1 at offset %2")
                          .arg(re.errorString())
                          .arg(re.patternErrorOffset()));
            break;
        }
        case Assertion::Kind::IsError:
        case Assertion::Kind::MaxLatency:
        case Assertion::Kind::Asked:
            break;
        }
        call->assertions.append(a);
    }

    const QByteArray &m_text;
    QString m_path;
    Collection::LoadResult *m_result;
};

} // namespace

Collection::LoadResult Collection::parse(const QByteArray &text, const QString &sourcePath)
{
    LoadResult result;
    result.collection.sourcePath = sourcePath;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const ConfigParseError located = McpJson::locate(text, parseError.offset, parseError.errorString(), sourcePath);
        result.issues.append({sourcePath, located.line, located.column, QString(),
                              tr("not valid JSON: %1").arg(parseError.errorString())});
        return result;
    }
    if (!document.isObject()) {
        result.issues.append({sourcePath, 0, 0, QStringLiteral(""), tr("a collection is a JSON object")});
        return result;
    }
    const QJsonObject root = document.object();
    Reader reader(text, sourcePath, &result);
    // Say what the file is before what is wrong inside it.
    if (root.value(QLatin1String("format")).toString() != FormatName) {
        reader.issue(QStringLiteral("/format"), tr("not an MCP Scope collection (\"format\" must be \"%1\")").arg(FormatName));
        return result;
    }
    if (root.value(QLatin1String("version")).toInt(-1) != FormatVersion) {
        reader.issue(QStringLiteral("/version"), tr("collection version %1 is not supported (this MCP Scope reads version %2)")
                                                     .arg(root.value(QLatin1String("version")).toVariant().toString())
                                                     .arg(FormatVersion));
        return result;
    }
    // The schema's verdict on a oneOf or anyOf names the first branch's needs; the two places
    // where that misleads are said plainly first, and the schema's words about them dropped.
    QStringList explained;
    const QJsonObject servers = root.value(QLatin1String("servers")).toObject();
    for (auto it = servers.begin(); it != servers.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        if (it.value().isObject() && !entry.contains(QLatin1String("command")) && !entry.contains(QLatin1String("url"))) {
            explained.append(QStringLiteral("/servers/") + it.key());
            reader.issue(explained.last(), tr("a server needs \"command\" (stdio) or \"url\" (HTTP)"));
        }
    }
    static const QStringList assertionKinds{QStringLiteral("status"), QStringLiteral("isError"), QStringLiteral("path"),
                                            QStringLiteral("structuredContentValid"), QStringLiteral("maxLatencyMs"),
                                            QStringLiteral("asked")};
    const QJsonArray calls = root.value(QLatin1String("calls")).toArray();
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const QJsonArray expect = calls.at(i).toObject().value(QLatin1String("expect")).toArray();
        for (qsizetype j = 0; j < expect.size(); ++j) {
            const QJsonObject assertion = expect.at(j).toObject();
            if (!expect.at(j).isObject())
                continue;
            const bool known = std::any_of(assertionKinds.begin(), assertionKinds.end(),
                                           [&assertion](const QString &kind) { return assertion.contains(kind); });
            const bool pathWithoutTest = assertion.contains(QLatin1String("path"))
                && !assertion.contains(QLatin1String("equals")) && !assertion.contains(QLatin1String("contains"))
                && !assertion.contains(QLatin1String("matches")) && !assertion.contains(QLatin1String("exists"));
            if (!known || pathWithoutTest) {
                explained.append(QStringLiteral("/calls/%1/expect/%2").arg(i).arg(j));
                reader.issue(explained.last(),
                             !known ? tr("an assertion has one of: %1 (docs/collections.md)").arg(assertionKinds.join(QStringLiteral(", ")))
                                    : tr("a path goes with one of: equals, contains, matches, exists"));
            }
        }
    }
    static const SchemaValidator validator(QJsonDocument::fromJson(schemaText()).object());
    const ValidationResult validation = validator.validate(root);
    if (!validation.schemaProblem.isEmpty()) {
        result.issues.append({sourcePath, 0, 0, QString(), tr("the collection schema is broken: %1").arg(validation.schemaProblem)});
        return result;
    }
    if (!validation.valid) {
        for (const ValidationIssue &issue : validation.issues) {
            const bool said = std::any_of(explained.begin(), explained.end(), [&issue](const QString &pointer) {
                return issue.path == pointer || issue.path.startsWith(pointer + u'/');
            });
            if (!said)
                reader.issue(issue.path, issue.message);
        }
        if (result.issues.isEmpty())
            reader.issue(QString(), tr("does not match the collection schema"));
        return result;
    }
    reader.read(root);
    return result;
}

} // namespace Mcp
