#include "session/serverconnection.h"

#include "protocol/keys.h"
#include "protocol/methods.h"

namespace Mcp {

OutgoingRequest *ServerConnection::send(const Request &request, const std::optional<RequestOptions> &options)
{
    return sendRequest(request.method, request.params, options);
}

OutgoingRequest *ServerConnection::ping() { return send(Requests::ping()); }

OutgoingRequest *ServerConnection::discover() { return sendRequest(Method::ServerDiscover); }

OutgoingRequest *ServerConnection::listTools(const QString &cursor) { return send(Requests::listTools(cursor)); }

OutgoingRequest *ServerConnection::callTool(const QString &name, const QJsonObject &arguments,
                                            const std::optional<RequestOptions> &options, const QJsonObject &task)
{
    return send(Requests::callTool(name, arguments, task), options);
}

OutgoingRequest *ServerConnection::listResources(const QString &cursor)
{
    return send(Requests::listResources(cursor));
}

OutgoingRequest *ServerConnection::listResourceTemplates(const QString &cursor)
{
    return send(Requests::listResourceTemplates(cursor));
}

OutgoingRequest *ServerConnection::readResource(const QString &uri) { return send(Requests::readResource(uri)); }

OutgoingRequest *ServerConnection::subscribeResource(const QString &uri)
{
    return send(Requests::subscribeResource(uri));
}

OutgoingRequest *ServerConnection::unsubscribeResource(const QString &uri)
{
    return send(Requests::unsubscribeResource(uri));
}

OutgoingRequest *ServerConnection::listPrompts(const QString &cursor) { return send(Requests::listPrompts(cursor)); }

OutgoingRequest *ServerConnection::getPrompt(const QString &name, const QJsonObject &arguments)
{
    return send(Requests::getPrompt(name, arguments));
}

OutgoingRequest *ServerConnection::complete(const QJsonObject &ref, const QString &argumentName, const QString &value,
                                            const QJsonObject &contextArguments)
{
    return send(Requests::complete(ref, argumentName, value, contextArguments));
}

OutgoingRequest *ServerConnection::setLogLevel(const QString &level) { return send(Requests::setLogLevel(level)); }

OutgoingRequest *ServerConnection::getTask(const QString &taskId) { return send(Requests::getTask(taskId)); }

OutgoingRequest *ServerConnection::getTaskResult(const QString &taskId)
{
    return send(Requests::getTaskResult(taskId));
}

OutgoingRequest *ServerConnection::listTasks(const QString &cursor) { return send(Requests::listTasks(cursor)); }

OutgoingRequest *ServerConnection::cancelTask(const QString &taskId) { return send(Requests::cancelTask(taskId)); }

void ServerConnection::listAll(const ListDescriptor &list, const QObject *context,
                               std::function<void(const QJsonArray &, const std::optional<RpcError> &)> done)
{
    listAll(list, context, ListOptions(),
            [done = std::move(done)](const QJsonArray &items, const std::optional<RpcError> &error,
                                     const CacheStatus &) { done(items, error); });
}

namespace {

// Each notification with a signal of its own, and how it is emitted: one table, read by the
// predicate (which methods a Session's worker hands over) and by the decoder.
struct SignalFor
{
    QLatin1StringView method;
    void (*emitSignal)(ServerConnection *connection, const Message &notification);
};

constexpr SignalFor signalTable[] = {
    {Method::ToolsListChangedNotification, [](ServerConnection *c, const Message &) { Q_EMIT c->toolsListChanged(); }},
    {Method::ResourcesListChangedNotification,
     [](ServerConnection *c, const Message &) { Q_EMIT c->resourcesListChanged(); }},
    {Method::PromptsListChangedNotification, [](ServerConnection *c, const Message &) { Q_EMIT c->promptsListChanged(); }},
    {Method::ResourceUpdatedNotification,
     [](ServerConnection *c, const Message &n) { Q_EMIT c->resourceUpdated(n.paramsObject().value(Key::Uri).toString()); }},
    {Method::TaskStatusNotification, [](ServerConnection *c, const Message &n) { Q_EMIT c->taskStatus(n.paramsObject()); }},
};

const SignalFor *signalFor(const QString &method)
{
    for (const SignalFor &entry : signalTable) {
        if (method == entry.method)
            return &entry;
    }
    return nullptr;
}

} // namespace

bool ServerConnection::hasSignalFor(const QString &method)
{
    return signalFor(method) != nullptr;
}

void ServerConnection::deliver(const Message &notification)
{
    if (const SignalFor *entry = signalFor(notification.method()))
        entry->emitSignal(this, notification);
}

} // namespace Mcp
