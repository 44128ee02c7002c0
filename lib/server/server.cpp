#include "server.h"

#include "requestcontext.h"
#include "serversession.h"
#include "servertransport.h"

#include "jsonrpc/objectshape.h"
#include "protocol/versions.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

Q_LOGGING_CATEGORY(lcServer, "mcp.server")

namespace Mcp {

namespace {
// The x-mcp-header annotations of a tool's input schema (streamable-http.mdx, Custom Headers),
// at any depth of its properties: header name (lower case) -> the argument's path.
void collectParamHeaders(const QJsonObject &schema, const QStringList &path, QHash<QString, QStringList> *headers)
{
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject property = it->toObject();
        const QStringList chain = path + QStringList{it.key()};
        if (property.value(QLatin1String("x-mcp-header")).isString())
            headers->insert(property.value(QLatin1String("x-mcp-header")).toString().toLower(), chain);
        collectParamHeaders(property, chain, headers);
    }
}

const QString nameKey = QStringLiteral("name");
const QString uriKey = QStringLiteral("uri");

// Removes the resources or prompts whose definition's `key` is `value`; how many there were.
template<typename Entries>
qsizetype removeWhere(Entries &entries, const QString &key, const QString &value)
{
    return entries.removeIf([&](const auto &each) { return each.definition.value(key).toString() == value; });
}

// The definitions of tools, resources, templates or prompts as listed: in the order they were added.
template<typename Entries>
QJsonArray definitionsOf(const Entries &entries)
{
    QJsonArray all;
    for (const auto &each : entries)
        all.append(each.definition);
    return all;
}

QString completionKey(const QString &a, const QString &b)
{
    return a + u'\n' + b;
}
}

namespace ToolResult {
QJsonObject text(const QString &text)
{
    static const ObjectShape blockShape{Key::Type, Key::Text};
    static const ObjectShape resultShape{Key::Content};
    QJsonArray content;
    content.append(blockShape.fill({ContentTypeValue::Text, text}));
    return resultShape.fill({content});
}

QJsonObject error(const QString &text)
{
    QJsonObject result = ToolResult::text(text);
    result.insert(QStringLiteral("isError"), true);
    return result;
}

QJsonObject structured(const QJsonObject &structuredContent)
{
    QJsonObject result = text(QString::fromUtf8(QJsonDocument(structuredContent).toJson(QJsonDocument::Compact)));
    result.insert(QStringLiteral("structuredContent"), structuredContent);
    return result;
}
}

namespace ResourceContents {
QJsonObject text(const QString &uri, const QString &mimeType, const QString &text)
{
    QJsonObject contents{{uriKey, uri}, {QStringLiteral("text"), text}};
    if (!mimeType.isEmpty())
        contents.insert(QStringLiteral("mimeType"), mimeType);
    return contents;
}

QJsonObject blob(const QString &uri, const QString &mimeType, const QByteArray &bytes)
{
    QJsonObject contents{{uriKey, uri}, {QStringLiteral("blob"), QString::fromLatin1(bytes.toBase64())}};
    if (!mimeType.isEmpty())
        contents.insert(QStringLiteral("mimeType"), mimeType);
    return contents;
}
}

Server::Server(QObject *parent) : QObject(parent)
{
    m_stateKey.resize(32);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(m_stateKey.data()), 8);
    setServerInfo(QStringLiteral("mcpscope-server"), QStringLiteral("0.1.0"));
}

Server::~Server() = default;

QStringList Server::supportedProtocolVersions()
{
    return ProtocolVersion::legacy();
}

QStringList Server::modernProtocolVersions()
{
    return ProtocolVersion::modern();
}

QString Server::signRequestState(const QJsonObject &state) const
{
    const QByteArray payload = QJsonDocument(state).toJson(QJsonDocument::Compact).toBase64(QByteArray::Base64UrlEncoding);
    const QByteArray mac = QMessageAuthenticationCode::hash(payload, m_stateKey, QCryptographicHash::Sha256);
    return QString::fromLatin1(payload + '.' + mac.toBase64(QByteArray::Base64UrlEncoding));
}

QJsonObject Server::verifyRequestState(const QString &requestState) const
{
    const QByteArray bytes = requestState.toLatin1();
    const qsizetype dot = bytes.indexOf('.');
    if (dot < 0)
        return {};
    const QByteArray payload = bytes.left(dot);
    const QByteArray expected = QMessageAuthenticationCode::hash(payload, m_stateKey, QCryptographicHash::Sha256)
                                    .toBase64(QByteArray::Base64UrlEncoding);
    if (expected != bytes.mid(dot + 1))
        return {};
    const QJsonObject state = QJsonDocument::fromJson(QByteArray::fromBase64(payload, QByteArray::Base64UrlEncoding)).object();
    // A short lifetime bounds replays of a state the client saw (mrtr.mdx, server requirements).
    if (state.value(QStringLiteral("expires")).toDouble() < double(QDateTime::currentMSecsSinceEpoch()))
        return {};
    return state;
}

QString Server::negotiateProtocolVersion(const QString &requested) const
{
    if (!m_forcedVersion.isEmpty())
        return m_forcedVersion;
    const QStringList supported = supportedProtocolVersions();
    return supported.contains(requested) ? requested : supported.constFirst();
}

void Server::setServerInfo(const QString &name, const QString &version, const QString &title)
{
    m_serverInfo = {{nameKey, name}, {QStringLiteral("version"), version}};
    if (!title.isEmpty())
        m_serverInfo.insert(QStringLiteral("title"), title);
}

QJsonObject Server::capabilities() const
{
    const QJsonObject listChanged{{QStringLiteral("listChanged"), true}};
    QJsonObject capabilities{
        {QStringLiteral("tools"), listChanged},
        {QStringLiteral("resources"), QJsonObject{{QStringLiteral("subscribe"), true}, {QStringLiteral("listChanged"), true}}},
        {QStringLiteral("prompts"), listChanged},
        {QStringLiteral("logging"), QJsonObject()},
        {QStringLiteral("completions"), QJsonObject()},
    };
    if (m_tasksEnabled) {
        capabilities.insert(QStringLiteral("tasks"),
                            QJsonObject{{QStringLiteral("list"), QJsonObject()},
                                        {QStringLiteral("cancel"), QJsonObject()},
                                        {QStringLiteral("requests"),
                                         QJsonObject{{QStringLiteral("tools"),
                                                      QJsonObject{{QStringLiteral("call"), QJsonObject()}}}}}});
    }
    return capabilities;
}

// ---- Registries ------------------------------------------------------------------

void Server::addTool(const QJsonObject &definition, ToolHandler handler)
{
    const QString name = definition.value(nameKey).toString();
    Tool tool{definition, std::move(handler), name, {}, {}};
    tool.taskSupport = definition.value(QLatin1String("execution")).toObject().value(QLatin1String("taskSupport"))
                           .toString(QStringLiteral("forbidden"));
    const QJsonObject inputSchema = definition.value(QLatin1String("inputSchema")).toObject();
    for (const QJsonValue &each : inputSchema.value(QLatin1String("required")).toArray())
        tool.required.append(each.toString());
    collectParamHeaders(inputSchema, {}, &tool.paramHeaders);
    auto it = std::find_if(m_tools.begin(), m_tools.end(), [&name](const Tool &each) { return each.name == name; });
    if (it != m_tools.end())
        *it = std::move(tool);
    else
        m_tools.append(std::move(tool));
    Q_EMIT toolListChanged();
}

bool Server::removeTool(const QString &name)
{
    const qsizetype removed = m_tools.removeIf([&name](const Tool &each) { return each.name == name; });
    if (removed)
        Q_EMIT toolListChanged();
    return removed > 0;
}

bool Server::hasTool(const QString &name) const
{
    return tool(name) != nullptr;
}

const Server::Tool *Server::tool(const QString &name) const
{
    for (const Tool &each : m_tools) {
        if (each.name == name)
            return &each;
    }
    return nullptr;
}

QHash<QString, QStringList> Server::toolParamHeaders(const QString &name) const
{
    const Tool *found = tool(name);
    return found ? found->paramHeaders : QHash<QString, QStringList>();
}

QJsonArray Server::toolDefinitions() const
{
    return definitionsOf(m_tools);
}

void Server::addResource(const QJsonObject &definition, ResourceReader reader)
{
    const QString uri = definition.value(uriKey).toString();
    removeWhere(m_resources, uriKey, uri);
    m_resources.append({definition, std::move(reader)});
    Q_EMIT resourceListChanged();
}

void Server::addTextResource(const QJsonObject &definition, const QString &text)
{
    const QString mimeType = definition.value(QStringLiteral("mimeType")).toString();
    addResource(definition, [mimeType, text](const QString &uri, const QMap<QString, QString> &) {
        return QJsonArray{ResourceContents::text(uri, mimeType, text)};
    });
}

void Server::addBlobResource(const QJsonObject &definition, const QByteArray &bytes)
{
    const QString mimeType = definition.value(QStringLiteral("mimeType")).toString();
    addResource(definition, [mimeType, bytes](const QString &uri, const QMap<QString, QString> &) {
        return QJsonArray{ResourceContents::blob(uri, mimeType, bytes)};
    });
}

bool Server::removeResource(const QString &uri)
{
    const qsizetype removed = removeWhere(m_resources, uriKey, uri);
    if (removed)
        Q_EMIT resourceListChanged();
    return removed > 0;
}

void Server::addResourceTemplate(const QJsonObject &definition, ResourceReader reader)
{
    const QString pattern = definition.value(QStringLiteral("uriTemplate")).toString();
    m_templates.append({definition, UriTemplate(pattern), std::move(reader)});
    Q_EMIT resourceListChanged();
}

QJsonArray Server::resourceDefinitions() const
{
    return definitionsOf(m_resources);
}

QJsonArray Server::resourceTemplateDefinitions() const
{
    return definitionsOf(m_templates);
}

QJsonArray Server::readResource(const QString &uri) const
{
    for (const Resource &each : m_resources) {
        if (each.definition.value(uriKey).toString() == uri)
            return each.reader(uri, {});
    }
    for (const ResourceTemplate &each : m_templates) {
        QMap<QString, QString> variables;
        if (each.uriTemplate.match(uri, &variables)) {
            const QJsonArray contents = each.reader(uri, variables);
            if (!contents.isEmpty())
                return contents;
        }
    }
    return {};
}

void Server::notifyResourceUpdated(const QString &uri)
{
    for (ServerSession *session : std::as_const(m_sessions))
        session->notifyResourceUpdated(uri);
    Q_EMIT resourceUpdated(uri);
}

int Server::subscriberCount(const QString &uri) const
{
    return int(std::count_if(m_sessions.begin(), m_sessions.end(),
                             [&uri](const ServerSession *session) { return session->subscriptions().contains(uri); }));
}

void Server::addPrompt(const QJsonObject &definition, PromptHandler handler)
{
    addPrompt(definition, [handler = std::move(handler)](RequestContext *request) {
        RpcError error;
        const QJsonObject result = handler(request->params().value(QStringLiteral("arguments")).toObject(), &error);
        if (error.code != 0)
            request->fail(error);
        else
            request->respond(result);
    });
}

void Server::addPrompt(const QJsonObject &definition, InteractivePromptHandler handler)
{
    const QString name = definition.value(nameKey).toString();
    removeWhere(m_prompts, nameKey, name);
    m_prompts.append({definition, std::move(handler)});
    Q_EMIT promptListChanged();
}

bool Server::removePrompt(const QString &name)
{
    const qsizetype removed = removeWhere(m_prompts, nameKey, name);
    if (removed)
        Q_EMIT promptListChanged();
    return removed > 0;
}

const Server::Prompt *Server::prompt(const QString &name) const
{
    for (const Prompt &each : m_prompts) {
        if (each.definition.value(nameKey).toString() == name)
            return &each;
    }
    return nullptr;
}

QJsonArray Server::promptDefinitions() const
{
    return definitionsOf(m_prompts);
}

void Server::addPromptCompletion(const QString &prompt, const QString &argument, CompletionProvider provider)
{
    m_promptCompletions.insert(completionKey(prompt, argument), std::move(provider));
}

void Server::addResourceTemplateCompletion(const QString &uriTemplate, const QString &variable,
                                           CompletionProvider provider)
{
    m_templateCompletions.insert(completionKey(uriTemplate, variable), std::move(provider));
}

QStringList Server::complete(const QJsonObject &ref, const QString &argument, const QString &value,
                             const QJsonObject &contextArguments, bool *known) const
{
    const QString type = ref.value(QStringLiteral("type")).toString();
    CompletionProvider provider;
    *known = false;
    if (type == QLatin1String("ref/prompt")) {
        const QString name = ref.value(nameKey).toString();
        *known = prompt(name) != nullptr;
        provider = m_promptCompletions.value(completionKey(name, argument));
    } else if (type == QLatin1String("ref/resource")) {
        const QString uri = ref.value(uriKey).toString();
        *known = std::any_of(m_templates.begin(), m_templates.end(), [&uri](const ResourceTemplate &each) {
            return each.uriTemplate.pattern() == uri;
        }) || std::any_of(m_resources.begin(), m_resources.end(), [&uri](const Resource &each) {
            return each.definition.value(uriKey).toString() == uri;
        });
        provider = m_templateCompletions.value(completionKey(uri, argument));
    }
    return provider ? provider(value, contextArguments) : QStringList();
}

// Cursors are opaque to clients; ours carry the offset of the next item.
bool Server::page(const QJsonArray &all, const QString &cursor, QJsonArray *items, QString *nextCursor) const
{
    qsizetype start = 0;
    if (!cursor.isEmpty()) {
        const QByteArray decoded = QByteArray::fromBase64(cursor.toLatin1());
        bool ok = false;
        start = decoded.startsWith("offset:") ? decoded.mid(7).toLongLong(&ok) : 0;
        if (!ok || start < 0 || start > all.size())
            return false;
    }
    const qsizetype end = m_pageSize > 0 ? qMin(all.size(), start + m_pageSize) : all.size();
    for (qsizetype i = start; i < end; ++i)
        items->append(all.at(i));
    nextCursor->clear();
    if (end < all.size())
        *nextCursor = QString::fromLatin1(QByteArray(QByteArrayLiteral("offset:") + QByteArray::number(end)).toBase64());
    return true;
}

// ---- Sessions --------------------------------------------------------------------

ServerSession *Server::createSession(ServerTransport *transport)
{
    auto *session = new ServerSession(this, transport, this);
    m_sessions.append(session);
    connect(session, &ServerSession::initialized, this, [this, session] { Q_EMIT sessionInitialized(session); });
    connect(session, &ServerSession::closed, this, [this, session] {
        forgetSession(session);
        session->deleteLater();
    });
    Q_EMIT sessionCreated(session);
    transport->open();
    return session;
}

namespace {
// The transport of the task host: its tasks answer through tasks/get, never on a connection.
class DetachedTransport : public ServerTransport
{
public:
    void open() override { }
    void send(const Message &, const MessageId &) override { }
    void close() override { }
};
}

ServerSession *Server::taskHost()
{
    if (!m_taskHost)
        m_taskHost = new ServerSession(this, new DetachedTransport, this);
    return m_taskHost;
}

void Server::forgetSession(ServerSession *session)
{
    if (!m_sessions.removeOne(session))
        return;
    for (const QString &uri : session->subscriptions())
        Q_EMIT subscriptionsChanged(uri);
    Q_EMIT sessionClosed(session);
}

} // namespace Mcp
