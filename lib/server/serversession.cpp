#include "serversession.h"

#include "requestcontext.h"
#include "servertransport.h"

#include "jsonrpc/json.h"

#include "protocol/clienttypes.h"
#include "protocol/methods.h"

#include <QJsonArray>
#include <QTimer>
#include <QUuid>
#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcServer)

namespace Mcp {

namespace {
QString key(const char *name)
{
    return QString::fromLatin1(name);
}

Message invalidParams(const Message &request, const QString &message)
{
    return Message::errorResponse(request.id(), {ErrorCode::InvalidParams, message});
}

// MissingRequiredClientCapability for the tasks extension (SEP-2663).
Message tasksExtensionMissing(const Message &request, const QString &message)
{
    const QJsonObject required{{QStringLiteral("extensions"), QJsonObject{{Server::tasksExtension(), QJsonObject()}}}};
    return Message::errorResponse(request.id(), {ModernErrorCode::MissingRequiredClientCapability, message,
                                                 QJsonObject{{QStringLiteral("requiredCapabilities"), required}}});
}
}

ServerSession::ServerSession(Server *server, ServerTransport *transport, QObject *parent)
    : QObject(parent), m_server(server), m_transport(transport)
{
    transport->setParent(this);
    connect(transport, &ServerTransport::messageReceived, this, &ServerSession::handleMessage);
    connect(transport, &ServerTransport::closed, this, &ServerSession::handleTransportClosed);
    connect(server, &Server::toolListChanged, this,
            [this] { notifyListChanged(QStringLiteral("notifications/tools/list_changed")); });
    connect(server, &Server::resourceListChanged, this,
            [this] { notifyListChanged(QStringLiteral("notifications/resources/list_changed")); });
    connect(server, &Server::promptListChanged, this,
            [this] { notifyListChanged(QStringLiteral("notifications/prompts/list_changed")); });
}

ServerSession::~ServerSession()
{
    // Handlers still running hear that no answer can be sent any more.
    const auto inFlight = m_inFlight;
    m_inFlight.clear();
    for (RequestContext *context : inFlight)
        context->cancel(QStringLiteral("session closed"));
    for (const Task &task : std::as_const(m_tasks)) {
        if (task.context)
            task.context->cancel(QStringLiteral("session closed"));
    }
}

void ServerSession::close()
{
    if (m_closed)
        return;
    m_transport->close();
}

void ServerSession::handleTransportClosed()
{
    if (m_closed)
        return;
    m_closed = true;
    const auto inFlight = m_inFlight;
    m_inFlight.clear();
    for (RequestContext *context : inFlight)
        context->cancel(QStringLiteral("connection closed"));
    for (const Task &task : std::as_const(m_tasks)) {
        if (task.context)
            task.context->cancel(QStringLiteral("connection closed"));
    }
    m_pending.clear();
    Q_EMIT closed();
}

// ---- Dispatch --------------------------------------------------------------------

void ServerSession::handleMessage(const Message &message)
{
    if (m_closed)
        return;
    if (message.isRequest())
        handleRequest(message);
    else if (message.isNotification())
        handleNotification(message);
    else
        handleReply(message);
}

void ServerSession::handleRequest(const Message &request)
{
    if (!request.params().isUndefined() && !request.params().isObject()) {
        reply(invalidParams(request, QStringLiteral("params must be an object")));
        return;
    }
    if (m_server->m_interceptor && m_server->m_interceptor(this, request))
        return;
    const ModernParts parts = modernPartsOf(request.paramsObject());
    if (isModernRequest(request, parts)) {
        handleModernRequest(request, parts);
        return;
    }
    if (!m_server->speaksLegacy()) {
        refuseLegacyRequest(request);
        return;
    }
    dispatch(request, Era::Legacy);
}

void ServerSession::dispatch(const Message &request, Era era)
{
    // Which handler answers a method in each era, side by side: a method both eras share is
    // served by the same code, and what one era lacks is visible at a glance.
    using S = ServerSession;
    struct Route
    {
        QLatin1StringView method;
        bool legacy;
        bool modern;
        bool needsTasks;
        void (*handle)(S *session, const Message &request);
    };
    static const Route routes[] = {
        {Method::Initialize, true, false, false, [](S *s, const Message &r) { s->initialize(r); }},
        {Method::Ping, true, false, false, [](S *s, const Message &r) { s->reply(Message::response(r.id(), QJsonObject())); }},
        {Method::ServerDiscover, false, true, false, [](S *s, const Message &r) { s->discover(r); }},
        {Method::ToolsList, true, true, false, [](S *s, const Message &r) { s->listTools(r); }},
        {Method::ToolsCall, true, true, false, [](S *s, const Message &r) { s->callTool(r); }},
        {Method::ResourcesList, true, true, false, [](S *s, const Message &r) { s->listResources(r); }},
        {Method::ResourcesTemplatesList, true, true, false, [](S *s, const Message &r) { s->listResourceTemplates(r); }},
        {Method::ResourcesRead, true, true, false, [](S *s, const Message &r) { s->readResource(r); }},
        // The modern era subscribes through subscriptions/listen.
        {Method::ResourcesSubscribe, true, false, false, [](S *s, const Message &r) { s->subscribe(r, true); }},
        {Method::ResourcesUnsubscribe, true, false, false, [](S *s, const Message &r) { s->subscribe(r, false); }},
        {Method::SubscriptionsListen, false, true, false, [](S *s, const Message &r) { s->listen(r); }},
        {Method::PromptsList, true, true, false, [](S *s, const Message &r) { s->listPrompts(r); }},
        {Method::PromptsGet, true, true, false, [](S *s, const Message &r) { s->getPrompt(r); }},
        {Method::CompletionComplete, true, true, false, [](S *s, const Message &r) { s->complete(r); }},
        // The modern era sends the level in each request's _meta.
        {Method::LoggingSetLevel, true, false, false, [](S *s, const Message &r) { s->setLogLevel(r); }},
        // Tasks: the 2025-11-25 API, and the tasks extension of the modern era.
        {Method::TasksGet, true, false, true, [](S *s, const Message &r) { s->getTask(r); }},
        {Method::TasksResult, true, false, true, [](S *s, const Message &r) { s->getTaskResult(r); }},
        {Method::TasksCancel, true, false, true, [](S *s, const Message &r) { s->cancelTask(r); }},
        {Method::TasksList, true, false, true, [](S *s, const Message &r) { s->listTasks(r); }},
        {Method::TasksGet, false, true, true, [](S *s, const Message &r) { s->getModernTask(r); }},
        {Method::TasksUpdate, false, true, true, [](S *s, const Message &r) { s->updateModernTask(r); }},
        {Method::TasksCancel, false, true, true, [](S *s, const Message &r) { s->cancelModernTask(r); }},
    };
    const QString method = request.method();
    for (const Route &route : routes) {
        if (route.method == method && (era == Era::Legacy ? route.legacy : route.modern)
            && (!route.needsTasks || m_server->tasksEnabled())) {
            route.handle(this, request);
            return;
        }
    }
    reply(Message::errorResponse(request.id(), {ErrorCode::MethodNotFound, QStringLiteral("Method not found: ") + method}));
}

void ServerSession::handleNotification(const Message &notification)
{
    const QString method = notification.method();
    if (method == QLatin1String("notifications/initialized")) {
        if (!m_initialized) {
            m_initialized = true;
            Q_EMIT initialized();
        }
    } else if (method == QLatin1String("notifications/cancelled")) {
        bool ok = false;
        const MessageId id = MessageId::fromJson(notification.paramsObject().value(Key::RequestId), &ok);
        RequestContext *context = ok ? m_inFlight.take(id) : nullptr;
        // Unknown or already answered requests are ignored, as the spec asks.
        if (context)
            context->cancel(notification.paramsObject().value(Key::Reason).toString());
        if (ok && m_listens.contains(id))
            endListen(id); // stdio ends a subscription this way (subscriptions.mdx)
        if (ok)
            m_modernRequests.remove(id);
    } else if (method == QLatin1String("notifications/roots/list_changed")) {
        Q_EMIT rootsListChanged();
    }
    // Everything else (progress, unknown notifications) needs no answer.
}

void ServerSession::handleReply(const Message &reply)
{
    const auto it = m_pending.find(reply.id());
    if (it == m_pending.end()) {
        qCDebug(lcServer) << "reply to an unknown request" << reply.id().toDisplayString();
        return;
    }
    // Taken out before it runs, so a handler that sends another request cannot disturb it.
    const PendingRequest pending = it.value();
    m_pending.erase(it);
    if (pending.context && pending.handler)
        pending.handler(reply);
}

void ServerSession::reply(const Message &message)
{
    if (m_closed)
        return;
    if (m_modernRequests.contains(message.id()))
        m_transport->send(decorateModernReply(message), message.id());
    else
        m_transport->send(message, message.id());
}

void ServerSession::finishRequest(RequestContext *context, const Message &answer)
{
    m_inFlight.remove(context->id());
    reply(answer);
}

// ---- Outgoing --------------------------------------------------------------------

void ServerSession::sendNotification(const QString &method, const QJsonObject &params, const MessageId &relatedRequest)
{
    if (!m_closed)
        m_transport->send(Message::notification(method, params), relatedRequest);
}

void ServerSession::log(LoggingLevel level, const QString &logger, const QJsonValue &data, const MessageId &relatedRequest)
{
    if (wouldLog(level))
        sendLog(level, logger, data, relatedRequest);
}

void ServerSession::sendLog(LoggingLevel level, const QString &logger, const QJsonValue &data, const MessageId &relatedRequest)
{
    LogMessage message;
    message.level = level;
    message.logger = logger;
    message.data = data;
    sendNotification(Method::MessageNotification, message.toJson(), relatedRequest);
}

void ServerSession::sendRequest(const QString &method, const QJsonObject &params, const QObject *context,
                                ReplyHandler handler, const MessageId &relatedRequest)
{
    if (m_closed)
        return;
    const MessageId id(m_nextId++);
    m_pending.insert(id, {context, std::move(handler)});
    m_transport->send(Message::request(id, method, params), relatedRequest);
}

QSet<QString> ServerSession::subscriptions() const
{
    QSet<QString> uris = m_subscriptions;
    for (const QJsonObject &filter : m_listens) {
        for (const QJsonValue &uri : filter.value(Key::ResourceSubscriptions).toArray())
            uris.insert(uri.toString());
    }
    return uris;
}

void ServerSession::notifyListChanged(const QString &method)
{
    if (isInitializeAnswered())
        sendNotification(method, {});
    // notifications/tools/list_changed -> toolsListChanged
    const QString kind = method.section(u'/', 1, 1);
    const QString filterKey = kind + QStringLiteral("ListChanged");
    for (auto it = m_listens.begin(); it != m_listens.end(); ++it) {
        if (it->value(filterKey).toBool())
            sendNotification(method, {{Key::Meta, QJsonObject{{QString(MetaKey::SubscriptionId), it.key().toJson()}}}}, it.key());
    }
}

void ServerSession::notifyResourceUpdated(const QString &uri)
{
    if (m_subscriptions.contains(uri))
        sendNotification(QStringLiteral("notifications/resources/updated"), {{Key::Uri, uri}});
    for (auto it = m_listens.begin(); it != m_listens.end(); ++it) {
        if (it->value(Key::ResourceSubscriptions).toArray().contains(uri))
            sendNotification(QStringLiteral("notifications/resources/updated"),
                             {{Key::Uri, uri}, {Key::Meta, QJsonObject{{QString(MetaKey::SubscriptionId), it.key().toJson()}}}},
                             it.key());
    }
}

// ---- The modern era (2026-07-28) ---------------------------------------------------

ServerSession::ModernParts ServerSession::modernPartsOf(const QJsonObject &params)
{
    ModernParts parts;
    QJsonObject meta;
    for (auto it = params.constBegin(); it != params.constEnd(); ++it) {
        const QString key = it.key();
        if (key == Key::Meta)
            meta = it.value().toObject();
        else if (key == Key::InputResponses)
            parts.inputResponses = it.value();
        else if (key == Key::RequestState)
            parts.requestState = it.value();
    }
    for (auto it = meta.constBegin(); it != meta.constEnd(); ++it) {
        const QString key = it.key();
        if (key == MetaKey::ProtocolVersion)
            parts.version = it.value();
        else if (key == MetaKey::ClientCapabilities)
            parts.capabilities = it.value();
        else if (key == MetaKey::LogLevel)
            parts.logLevel = it.value();
    }
    return parts;
}

bool ServerSession::isModernRequest(const Message &request, const ModernParts &parts) const
{
    if (!m_server->speaksModern())
        return false;
    // Modern-only: everything but a legacy client's initialize, which is refused by name.
    if (!m_server->speaksLegacy())
        return request.method() != QLatin1String("initialize") || !parts.version.isUndefined();
    return !parts.version.isUndefined() || !parts.capabilities.isUndefined()
        || request.method() == QLatin1String("server/discover") || request.method() == QLatin1String("subscriptions/listen");
}

void ServerSession::refuseLegacyRequest(const Message &request)
{
    // versioning.mdx: a modern-only server names its versions in the error to initialize,
    // the only diagnostic a legacy client can show.
    const QStringList supported = Server::modernProtocolVersions();
    reply(Message::errorResponse(
        request.id(), {ModernErrorCode::UnsupportedProtocolVersion,
                       QStringLiteral("Unsupported protocol version: this server speaks only MCP %1, without the initialize "
                                      "handshake").arg(supported.join(QStringLiteral(", "))),
                       QJsonObject{{Key::Supported, QJsonArray::fromStringList(supported)},
                                   {Key::Requested, request.paramsObject().value(Key::ProtocolVersion)}}}));
}

void ServerSession::handleModernRequest(const Message &request, const ModernParts &parts)
{
    const QString method = request.method();
    const QJsonObject params = request.paramsObject();
    const QJsonValue &version = parts.version;
    const QJsonValue &capabilities = parts.capabilities;
    if (!version.isString()) {
        reply(invalidParams(request, QStringLiteral("_meta needs io.modelcontextprotocol/protocolVersion")));
        return;
    }
    if (!capabilities.isObject()) {
        reply(invalidParams(request, QStringLiteral("_meta needs io.modelcontextprotocol/clientCapabilities")));
        return;
    }
    if (!Server::modernProtocolVersions().contains(version.toString())) {
        reply(Message::errorResponse(request.id(), {ModernErrorCode::UnsupportedProtocolVersion, QStringLiteral("Unsupported protocol version"),
                                                    QJsonObject{{Key::Supported, QJsonArray::fromStringList(Server::modernProtocolVersions())},
                                                                {Key::Requested, version}}}));
        return;
    }
    ModernRequest modern{method, capabilities.toObject(), std::nullopt, {}, false};
    if (!parts.logLevel.isUndefined()) {
        modern.logLevel = loggingLevelFromName(parts.logLevel.toString());
        if (!modern.logLevel) {
            reply(invalidParams(request, QStringLiteral("Unknown log level in _meta")));
            return;
        }
    }
    const QJsonValue &inputResponses = parts.inputResponses;
    if (!inputResponses.isUndefined() && !inputResponses.isObject()) {
        reply(invalidParams(request, QStringLiteral("inputResponses must be an object")));
        return;
    }
    if (!parts.requestState.isUndefined()) {
        // Attacker-controlled input (mrtr.mdx): only a state we signed for this very request counts.
        const QJsonObject state = m_server->verifyRequestState(parts.requestState.toString());
        const QString name = params.value(method == QLatin1String("resources/read") ? Key::Uri : Key::Name).toString();
        if (state.isEmpty() || state.value(Key::Method).toString() != method || state.value(Key::Name).toString() != name) {
            reply(invalidParams(request, QStringLiteral("requestState failed verification")));
            return;
        }
        modern.previousAnswers = state.value(key("answers")).toObject();
        modern.stateVerified = true;
    }
    m_modernRequests.insert(request.id(), modern);

    if (m_server->tasksEnabled() && method.startsWith(QLatin1String("tasks/"))
        && !modern.clientCapabilities.value(Key::Extensions).toObject().contains(Server::tasksExtension())) {
        reply(tasksExtensionMissing(request, QStringLiteral("%1 needs the %2 extension").arg(method, Server::tasksExtension())));
        return;
    }
    dispatch(request, Era::Modern);
}

Message ServerSession::decorateModernReply(const Message &reply)
{
    const ModernRequest modern = m_modernRequests.take(reply.id());
    if (!reply.isResponse())
        return reply;
    QJsonObject result = reply.result().toObject();
    const QJsonValue theirMeta = result.value(Key::Meta);
    if (theirMeta.isUndefined() && !result.contains(Key::ResultType)) {
        result = withModernMembers(result);
    } else if (theirMeta.isUndefined()) {
        result.insert(Key::Meta, serverInfoMeta());
    } else {
        if (!result.contains(Key::ResultType))
            result.insert(Key::ResultType, ResultTypeValue::Complete);
        QJsonObject meta = theirMeta.toObject();
        meta.insert(MetaKey::ServerInfo, m_server->serverInfo());
        result.insert(Key::Meta, meta);
    }
    static const QStringList lists{Method::ServerDiscover, Method::ToolsList, Method::PromptsList, Method::ResourcesList,
                                   Method::ResourcesTemplatesList};
    const bool list = lists.contains(modern.method);
    if ((list || modern.method == QLatin1String("resources/read")) && result.value(Key::ResultType) == QLatin1String("complete")) {
        result.insert(Key::TtlMs, list ? m_server->listTtlMs() : m_server->readTtlMs());
        result.insert(Key::CacheScope, CacheScopeValue::Public);
    }
    return Message::response(reply.id(), result);
}

const QJsonObject &ServerSession::serverInfoMeta()
{
    // Most results: the same _meta every time, built once (and its text remembered).
    const QJsonObject info = m_server->serverInfo();
    if (m_serverInfoMeta.isEmpty() || info != m_serverInfoSource) {
        m_serverInfoSource = info;
        m_serverInfoMeta = QJsonObject();
        m_serverInfoMeta.insert(MetaKey::ServerInfo, info);
        Json::rememberText(m_serverInfoMeta);
        m_resultShape = {};
    }
    return m_serverInfoMeta;
}

QJsonObject ServerSession::withModernMembers(const QJsonObject &result)
{
    const QJsonObject &meta = serverInfoMeta();
    const QStringList keys = result.keys();
    if (keys != m_resultShape.keys || m_resultShape.object.isEmpty()) {
        ResultShape shape{keys, {}, {}};
        for (const QString &key : keys)
            shape.object.insert(key, QJsonValue(QJsonValue::Null));
        shape.object.insert(Key::ResultType, ResultTypeValue::Complete);
        shape.object.insert(Key::Meta, meta);
        const QStringList all = shape.object.keys();
        for (const QString &key : keys)
            shape.positions.append(all.indexOf(key));
        m_resultShape = shape;
    }
    QJsonObject decorated = m_resultShape.object;
    qsizetype i = 0;
    for (auto it = result.constBegin(); it != result.constEnd(); ++it)
        (decorated.begin() + m_resultShape.positions.at(i++)).value() = it.value();
    return decorated;
}

QJsonObject ServerSession::modernCapabilities() const
{
    QJsonObject capabilities = m_server->capabilities();
    capabilities.remove(Key::Tasks); // the 2025-11-25 form; tasks are an extension now
    if (m_server->tasksEnabled()) {
        QJsonObject extensions = capabilities.value(Key::Extensions).toObject();
        extensions.insert(Server::tasksExtension(), QJsonObject());
        capabilities.insert(Key::Extensions, extensions);
    }
    return capabilities;
}

void ServerSession::discover(const Message &request)
{
    QJsonObject result{{Key::SupportedVersions, QJsonArray::fromStringList(Server::modernProtocolVersions())},
                       {Key::Capabilities, modernCapabilities()}};
    if (!m_server->instructions().isEmpty())
        result.insert(Key::Instructions, m_server->instructions());
    reply(Message::response(request.id(), result));
}

void ServerSession::listen(const Message &request)
{
    const QJsonObject requested = request.paramsObject().value(Key::Notifications).toObject();
    // The acknowledgement names what the server honours: everything it can send of what was asked.
    QJsonObject accepted;
    for (const char *flag : {"toolsListChanged", "promptsListChanged", "resourcesListChanged"}) {
        if (requested.value(key(flag)).toBool())
            accepted.insert(key(flag), true);
    }
    QJsonArray uris;
    for (const QJsonValue &uri : requested.value(Key::ResourceSubscriptions).toArray()) {
        if (uri.isString())
            uris.append(uri);
    }
    if (requested.contains(Key::ResourceSubscriptions))
        accepted.insert(Key::ResourceSubscriptions, uris);
    m_listens.insert(request.id(), accepted);
    sendNotification(QStringLiteral("notifications/subscriptions/acknowledged"),
                     {{Key::Meta, QJsonObject{{QString(MetaKey::SubscriptionId), request.id().toJson()}}},
                      {Key::Notifications, accepted}},
                     request.id());
    for (const QJsonValue &uri : std::as_const(uris))
        Q_EMIT m_server->subscriptionsChanged(uri.toString());
}

void ServerSession::endListen(const MessageId &id)
{
    const QJsonObject filter = m_listens.take(id);
    for (const QJsonValue &uri : filter.value(Key::ResourceSubscriptions).toArray())
        Q_EMIT m_server->subscriptionsChanged(uri.toString());
}

RequestContext *ServerSession::startRequest(const Message &request)
{
    auto *context = new RequestContext(this, request);
    const auto modern = m_modernRequests.constFind(request.id());
    if (modern != m_modernRequests.constEnd())
        context->setModern(modern->clientCapabilities, modern->logLevel, modern->previousAnswers, modern->stateVerified);
    return context;
}

// ---- Methods ---------------------------------------------------------------------

void ServerSession::initialize(const Message &request)
{
    const QJsonObject params = request.paramsObject();
    const QJsonValue requested = params.value(Key::ProtocolVersion);
    if (!requested.isString()) {
        reply(invalidParams(request, QStringLiteral("initialize needs a protocolVersion string")));
        return;
    }
    m_protocolVersion = m_server->negotiateProtocolVersion(requested.toString());
    m_clientInfo = params.value(Key::ClientInfo).toObject();
    m_clientCapabilities = params.value(Key::Capabilities).toObject();
    QJsonObject result{
        {Key::ProtocolVersion, m_protocolVersion},
        {Key::Capabilities, m_server->capabilities()},
        {Key::ServerInfo, m_server->serverInfo()},
    };
    if (!m_server->instructions().isEmpty())
        result.insert(Key::Instructions, m_server->instructions());
    reply(Message::response(request.id(), result));
}

void ServerSession::replyWithPage(const Message &request, const QJsonArray &all, const QString &listKey)
{
    const QJsonValue cursor = request.paramsObject().value(Key::Cursor);
    QJsonArray items;
    QString nextCursor;
    if ((!cursor.isUndefined() && !cursor.isString())
        || !m_server->page(all, cursor.toString(), &items, &nextCursor)) {
        reply(invalidParams(request, QStringLiteral("Invalid cursor")));
        return;
    }
    QJsonObject result{{listKey, items}};
    if (!nextCursor.isEmpty())
        result.insert(Key::NextCursor, nextCursor);
    reply(Message::response(request.id(), result));
}

void ServerSession::listTools(const Message &request)
{
    replyWithPage(request, m_server->toolDefinitions(), Key::Tools);
}

void ServerSession::callTool(const Message &request)
{
    const QJsonObject params = request.paramsObject();
    // The members read, in one pass (a lookup by key costs Qt 6.4 ~1k instructions).
    QString name;
    QJsonValue arguments = QJsonValue::Undefined;
    QJsonValue task = QJsonValue::Undefined;
    for (auto it = params.constBegin(); it != params.constEnd(); ++it) {
        const QString key = it.key();
        if (key == Key::Name)
            name = it.value().toString();
        else if (key == Key::Arguments)
            arguments = it.value();
        else if (key == Key::Task)
            task = it.value();
    }
    const Server::Tool *tool = m_server->tool(name);
    if (!tool) {
        reply(invalidParams(request, QStringLiteral("Unknown tool: ") + name));
        return;
    }
    if (!arguments.isUndefined() && !arguments.isObject()) {
        reply(invalidParams(request, QStringLiteral("arguments must be an object")));
        return;
    }
    // Tasks: only when the server offers them; otherwise params.task is ignored, as the spec asks.
    const auto modern = m_modernRequests.constFind(request.id());
    bool mayBecomeTask = false;
    if (m_server->tasksEnabled() && modern != m_modernRequests.constEnd()) {
        const QString &support = tool->taskSupport;
        const bool declared = modern->clientCapabilities.value(Key::Extensions).toObject().contains(Server::tasksExtension());
        if (support == QLatin1String("required") && !declared) {
            reply(tasksExtensionMissing(request, QStringLiteral("Tool %1 runs only as a task: declare %2").arg(name, Server::tasksExtension())));
            return;
        }
        // The server decides (SEP-2663): a call to such a tool that does not answer at once
        // (nor asks for input at once) becomes a task, for clients that take them.
        mayBecomeTask = declared && (support == QLatin1String("optional") || support == QLatin1String("required"));
    }
    const bool legacyTasks = m_server->tasksEnabled() && modern == m_modernRequests.constEnd();
    const bool asTask = legacyTasks && task.isObject();
    if (legacyTasks) {
        const QString &support = tool->taskSupport;
        const bool taskAllowed = support == QLatin1String("optional") || support == QLatin1String("required");
        if (asTask && !taskAllowed) {
            reply(Message::errorResponse(request.id(), {ErrorCode::MethodNotFound,
                                                        QStringLiteral("Tool %1 does not support task execution").arg(name)}));
            return;
        }
        if (!asTask && support == QLatin1String("required")) {
            reply(Message::errorResponse(request.id(), {ErrorCode::MethodNotFound,
                                                        QStringLiteral("Tool %1 must be called as a task").arg(name)}));
            return;
        }
    }
    // Input validation failures are tool errors (2025-11-25), so the model can correct itself.
    QString missing;
    if (!tool->required.isEmpty()) {
        const QJsonObject given = arguments.toObject();
        for (const QString &each : tool->required) {
            if (!given.contains(each)) {
                missing = each;
                break;
            }
        }
    }
    RequestContext *context = startRequest(request);
    if (asTask)
        startTask(request, context);
    else
        m_inFlight.insert(request.id(), context);
    if (!missing.isEmpty()) {
        context->respond(ToolResult::error(QStringLiteral("Missing required argument: ") + missing));
        return;
    }
    const ToolHandler handler = tool->handler; // the tool may remove itself while running
    const QPointer<RequestContext> running(context);
    handler(context);
    if (mayBecomeTask && running && !running->isFinished() && !running->isCancelled()) {
        m_inFlight.remove(request.id());
        reply(Message::response(request.id(), m_server->taskHost()->adoptModernTask(running)));
    }
}

// ---- Tasks -----------------------------------------------------------------------

bool ServerSession::Task::isTerminal() const
{
    return status == TaskStatusValue::Completed || status == TaskStatusValue::Failed || status == TaskStatusValue::Cancelled;
}

QJsonObject ServerSession::taskJson(const Task &task) const
{
    QJsonObject object{
        {Key::TaskId, task.id},
        {Key::Status, task.status},
        {Key::CreatedAt, task.createdAt.toString(Qt::ISODateWithMs)},
        {Key::LastUpdatedAt, task.lastUpdatedAt.toString(Qt::ISODateWithMs)},
        {Key::Ttl, task.ttl},
        {Key::PollInterval, m_server->taskPollInterval()},
    };
    if (!task.statusMessage.isEmpty())
        object.insert(Key::StatusMessage, task.statusMessage);
    return object;
}

void ServerSession::startTask(const Message &request, RequestContext *context)
{
    Task task;
    task.id = QStringLiteral("task-%1").arg(m_nextTaskNumber++);
    task.status = QString(TaskStatusValue::Working);
    task.createdAt = task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
    const QJsonValue ttl = request.paramsObject().value(Key::Task).toObject().value(Key::Ttl);
    // Results are kept for the requested time, at most an hour (null would mean forever).
    task.ttl = ttl.isDouble() ? qBound(0.0, ttl.toDouble(), 3600000.0) : 300000.0;
    task.context = context;
    context->m_taskId = task.id;
    m_tasks.insert(task.id, task);
    m_taskOrder.append(task.id);
    reply(Message::response(request.id(), QJsonObject{{Key::Task, taskJson(task)}}));
}

ServerSession::Task *ServerSession::findTask(const Message &request)
{
    const QString id = request.paramsObject().value(Key::TaskId).toString();
    const auto it = m_tasks.find(id);
    if (it == m_tasks.end()) {
        reply(invalidParams(request, QStringLiteral("Unknown task: ") + id));
        return nullptr;
    }
    return &it.value();
}

void ServerSession::setTaskStatus(const QString &taskId, const QString &status, const QString &message)
{
    const auto it = m_tasks.find(taskId);
    if (it == m_tasks.end() || it->isTerminal() || (it->status == status && it->statusMessage == message))
        return;
    it->status = status;
    it->statusMessage = message;
    it->lastUpdatedAt = QDateTime::currentDateTimeUtc();
    // Optional in the spec; it spares the client a poll.
    sendNotification(QStringLiteral("notifications/tasks/status"), taskJson(*it));
}

void ServerSession::finishTask(RequestContext *context, const QJsonObject &result, const std::optional<RpcError> &error)
{
    const auto it = m_tasks.find(context->taskId());
    if (it == m_tasks.end() || it->isTerminal())
        return;
    it->context = nullptr;
    if (it->modern && !error && result.value(Key::ResultType) == ResultTypeValue::InputRequired) {
        // The round asked for input: the client answers it with tasks/update.
        it->inputRequests = result.value(Key::InputRequests).toObject();
        setTaskStatus(it->id, QString(TaskStatusValue::InputRequired));
        return;
    }
    it->result = result;
    it->error = error;
    // A modern task fails only with a JSON-RPC error; a tool error is a completed result.
    const bool failed = error || (!it->modern && result.value(Key::IsError).toBool());
    setTaskStatus(it->id, failed ? QString(TaskStatusValue::Failed) : QString(TaskStatusValue::Completed),
                  error ? error->message : QString());
    const QList<MessageId> waiting = std::exchange(it->waiting, {});
    for (const MessageId &id : waiting)
        answerTaskResult(*it, id);
    const double ttl = it->ttl.toDouble();
    const QString taskId = it->id;
    QTimer::singleShot(int(ttl), this, [this, taskId] {
        m_tasks.remove(taskId);
        m_taskOrder.removeOne(taskId);
    });
}

void ServerSession::answerTaskResult(const Task &task, const MessageId &request)
{
    if (task.status == TaskStatusValue::Cancelled) {
        reply(Message::errorResponse(request, {ErrorCode::InvalidParams, QStringLiteral("Task %1 was cancelled").arg(task.id)}));
        return;
    }
    if (task.error) {
        reply(Message::errorResponse(request, *task.error));
        return;
    }
    QJsonObject result = task.result;
    QJsonObject meta = result.value(Key::Meta).toObject();
    meta.insert(key("io.modelcontextprotocol/related-task"), QJsonObject{{Key::TaskId, task.id}});
    result.insert(Key::Meta, meta);
    reply(Message::response(request, result));
}

void ServerSession::getTask(const Message &request)
{
    if (const Task *task = findTask(request))
        reply(Message::response(request.id(), taskJson(*task)));
}

void ServerSession::getTaskResult(const Message &request)
{
    Task *task = findTask(request);
    if (!task)
        return;
    if (task->isTerminal())
        answerTaskResult(*task, request.id());
    else
        task->waiting.append(request.id()); // answered when the task ends
}

void ServerSession::cancelTask(const Message &request)
{
    Task *task = findTask(request);
    if (!task)
        return;
    if (task->isTerminal()) {
        reply(invalidParams(request, QStringLiteral("Task %1 has already ended (%2)").arg(task->id, task->status)));
        return;
    }
    const QString taskId = task->id;
    setTaskStatus(taskId, QString(TaskStatusValue::Cancelled), QStringLiteral("Cancelled by the client"));
    Task &cancelled = m_tasks[taskId];
    if (RequestContext *context = cancelled.context.data())
        context->cancel(QStringLiteral("task cancelled"));
    cancelled.context = nullptr;
    reply(Message::response(request.id(), taskJson(cancelled)));
    const QList<MessageId> waiting = std::exchange(cancelled.waiting, {});
    for (const MessageId &id : waiting)
        answerTaskResult(cancelled, id);
    QTimer::singleShot(int(cancelled.ttl.toDouble()), this, [this, taskId] {
        m_tasks.remove(taskId);
        m_taskOrder.removeOne(taskId);
    });
}

void ServerSession::listTasks(const Message &request)
{
    QJsonArray all;
    for (const QString &id : std::as_const(m_taskOrder))
        all.append(taskJson(m_tasks.value(id)));
    replyWithPage(request, all, Key::Tasks);
}

QJsonObject ServerSession::adoptModernTask(RequestContext *context)
{
    Task task;
    task.id = QUuid::createUuid().toString(QUuid::WithoutBraces); // tasks are shared by every client
    task.status = QString(TaskStatusValue::Working);
    task.createdAt = task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
    task.ttl = 300000.0;
    task.modern = true;
    task.request = Message::request(context->id(), context->method(), context->params());
    task.clientCapabilities = context->m_clientCapabilities;
    // The input gathered by multi round-trip requests before the task began (SEP-2663: MRTR first).
    task.answers = context->m_previousAnswers;
    for (auto it = context->m_usedAnswers.begin(); it != context->m_usedAnswers.end(); ++it)
        task.answers.insert(it.key(), it.value());
    // The work goes on here, where it outlives the request (and, over HTTP, its session).
    context->setParent(this);
    context->m_session = this;
    context->m_taskId = task.id;
    task.context = context;
    m_tasks.insert(task.id, task);
    m_taskOrder.append(task.id);
    QJsonObject created = modernTaskJson(task, false);
    created.insert(Key::ResultType, Key::Task);
    return created;
}

void ServerSession::runModernTaskRound(const QString &taskId)
{
    Task &task = m_tasks[taskId];
    const Server::Tool *tool = m_server->tool(task.request.paramsObject().value(Key::Name).toString());
    auto *context = new RequestContext(this, task.request);
    context->setModern(task.clientCapabilities, std::nullopt, task.answers, false);
    context->m_taskId = taskId;
    task.context = context;
    task.inputRequests = {};
    setTaskStatus(taskId, QString(TaskStatusValue::Working));
    if (!tool) {
        context->fail(ErrorCode::InvalidParams, QStringLiteral("The tool of this task is gone"));
        return;
    }
    const ToolHandler handler = tool->handler;
    handler(context);
}

QJsonObject ServerSession::modernTaskJson(const Task &task, bool detailed) const
{
    QJsonObject object{
        {Key::TaskId, task.id},
        {Key::Status, task.status},
        {Key::CreatedAt, task.createdAt.toString(Qt::ISODateWithMs)},
        {Key::LastUpdatedAt, task.lastUpdatedAt.toString(Qt::ISODateWithMs)},
        {Key::TtlMs, task.ttl},
        {key("pollIntervalMs"), m_server->taskPollInterval()},
    };
    if (!task.statusMessage.isEmpty())
        object.insert(Key::StatusMessage, task.statusMessage);
    if (!detailed)
        return object;
    if (task.status == TaskStatusValue::Completed)
        object.insert(key("result"), task.result);
    else if (task.status == TaskStatusValue::Failed && task.error)
        object.insert(key("error"), task.error->toJson());
    else if (task.status == TaskStatusValue::InputRequired)
        object.insert(Key::InputRequests, task.inputRequests);
    return object;
}

void ServerSession::getModernTask(const Message &request)
{
    ServerSession *host = m_server->taskHost();
    const auto it = host->m_tasks.constFind(request.paramsObject().value(Key::TaskId).toString());
    if (it == host->m_tasks.constEnd() || !it->modern) {
        reply(invalidParams(request, QStringLiteral("Unknown task")));
        return;
    }
    reply(Message::response(request.id(), host->modernTaskJson(*it, true)));
}

void ServerSession::updateModernTask(const Message &request)
{
    ServerSession *host = m_server->taskHost();
    const QString taskId = request.paramsObject().value(Key::TaskId).toString();
    const auto it = host->m_tasks.find(taskId);
    const QJsonValue responses = request.paramsObject().value(Key::InputResponses);
    if (it == host->m_tasks.end() || !it->modern) {
        reply(invalidParams(request, QStringLiteral("Unknown task")));
        return;
    }
    if (!responses.isObject()) {
        reply(invalidParams(request, QStringLiteral("tasks/update needs inputResponses")));
        return;
    }
    // Answers to keys that are not outstanding are ignored; the task goes on once none is (SEP-2663).
    bool answered = false;
    const QJsonObject answers = responses.toObject();
    for (auto answer = answers.begin(); answer != answers.end(); ++answer) {
        if (it->inputRequests.contains(answer.key())) {
            it->answers.insert(answer.key(), answer.value());
            it->inputRequests.remove(answer.key());
            answered = true;
        }
    }
    reply(Message::response(request.id(), QJsonObject()));
    if (answered && it->inputRequests.isEmpty() && it->status == TaskStatusValue::InputRequired)
        host->runModernTaskRound(taskId);
}

void ServerSession::cancelModernTask(const Message &request)
{
    ServerSession *host = m_server->taskHost();
    const QString taskId = request.paramsObject().value(Key::TaskId).toString();
    const auto it = host->m_tasks.find(taskId);
    if (it == host->m_tasks.end() || !it->modern) {
        reply(invalidParams(request, QStringLiteral("Unknown task")));
        return;
    }
    reply(Message::response(request.id(), QJsonObject()));
    if (it->isTerminal())
        return; // cooperative: nothing left to stop
    RequestContext *context = it->context.data();
    host->setTaskStatus(taskId, QString(TaskStatusValue::Cancelled), QStringLiteral("Cancelled by the client"));
    host->m_tasks[taskId].context = nullptr;
    if (context)
        context->cancel(QStringLiteral("task cancelled"));
    QTimer::singleShot(int(host->m_tasks.value(taskId).ttl.toDouble()), host, [host, taskId] {
        host->m_tasks.remove(taskId);
        host->m_taskOrder.removeOne(taskId);
    });
}

void ServerSession::listResources(const Message &request)
{
    replyWithPage(request, m_server->resourceDefinitions(), Key::Resources);
}

void ServerSession::listResourceTemplates(const Message &request)
{
    replyWithPage(request, m_server->resourceTemplateDefinitions(), Key::ResourceTemplates);
}

void ServerSession::readResource(const Message &request)
{
    const QJsonValue uri = request.paramsObject().value(Key::Uri);
    if (!uri.isString()) {
        reply(invalidParams(request, QStringLiteral("resources/read needs a uri")));
        return;
    }
    const QJsonArray contents = m_server->readResource(uri.toString());
    if (contents.isEmpty()) {
        // 2026-07-28 moved "not found" to Invalid params (-32602).
        const int code = m_modernRequests.contains(request.id()) ? int(ErrorCode::InvalidParams) : int(ErrorCode::ResourceNotFound);
        reply(Message::errorResponse(request.id(), {code, QStringLiteral("Resource not found"),
                                                    QJsonObject{{Key::Uri, uri}}}));
        return;
    }
    reply(Message::response(request.id(), QJsonObject{{Key::Contents, contents}}));
}

void ServerSession::subscribe(const Message &request, bool on)
{
    const QJsonValue uri = request.paramsObject().value(Key::Uri);
    if (!uri.isString()) {
        reply(invalidParams(request, QStringLiteral("a uri is needed")));
        return;
    }
    const bool changed = on ? !m_subscriptions.contains(uri.toString()) : m_subscriptions.contains(uri.toString());
    if (on)
        m_subscriptions.insert(uri.toString());
    else
        m_subscriptions.remove(uri.toString());
    reply(Message::response(request.id(), QJsonObject()));
    if (changed)
        Q_EMIT m_server->subscriptionsChanged(uri.toString());
}

void ServerSession::listPrompts(const Message &request)
{
    replyWithPage(request, m_server->promptDefinitions(), Key::Prompts);
}

void ServerSession::getPrompt(const Message &request)
{
    const QJsonObject params = request.paramsObject();
    const QString name = params.value(Key::Name).toString();
    const Server::Prompt *prompt = m_server->prompt(name);
    if (!prompt) {
        reply(invalidParams(request, QStringLiteral("Unknown prompt: ") + name));
        return;
    }
    const QJsonObject arguments = params.value(Key::Arguments).toObject();
    const QJsonArray declared = prompt->definition.value(Key::Arguments).toArray();
    for (const QJsonValue &each : declared) {
        const QJsonObject argument = each.toObject();
        if (argument.value(Key::Required).toBool() && !arguments.contains(argument.value(Key::Name).toString())) {
            reply(invalidParams(request, QStringLiteral("Missing required argument: ")
                                             + argument.value(Key::Name).toString()));
            return;
        }
    }
    RequestContext *context = startRequest(request);
    m_inFlight.insert(request.id(), context);
    const InteractivePromptHandler handler = prompt->handler;
    handler(context);
}

void ServerSession::complete(const Message &request)
{
    const QJsonObject params = request.paramsObject();
    const QJsonObject ref = params.value(Key::Ref).toObject();
    const QJsonObject argument = params.value(Key::Argument).toObject();
    const QJsonObject contextArguments = params.value(Key::Context).toObject().value(Key::Arguments).toObject();
    bool known = false;
    QStringList values = m_server->complete(ref, argument.value(Key::Name).toString(),
                                            argument.value(Key::Value).toString(), contextArguments, &known);
    if (!known) {
        reply(invalidParams(request, QStringLiteral("Unknown completion reference")));
        return;
    }
    const qsizetype total = values.size();
    if (values.size() > 100)
        values = values.first(100);
    QJsonObject completion{{Key::Values, QJsonArray::fromStringList(values)},
                           {Key::Total, total},
                           {Key::HasMore, total > values.size()}};
    reply(Message::response(request.id(), QJsonObject{{Key::Completion, completion}}));
}

void ServerSession::setLogLevel(const Message &request)
{
    const std::optional<LoggingLevel> level = loggingLevelFromName(request.paramsObject().value(Key::Level).toString());
    if (!level) {
        reply(invalidParams(request, QStringLiteral("Unknown log level")));
        return;
    }
    m_logLevel = level;
    reply(Message::response(request.id(), QJsonObject()));
}

} // namespace Mcp
