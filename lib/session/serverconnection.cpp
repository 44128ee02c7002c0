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

bool ServerConnection::hasSignalFor(const QString &method)
{
    return method == Method::ToolsListChangedNotification || method == Method::ResourcesListChangedNotification
        || method == Method::PromptsListChangedNotification || method == Method::ResourceUpdatedNotification
        || method == Method::TaskStatusNotification;
}

void ServerConnection::deliver(const Message &notification)
{
    const QString method = notification.method();
    if (method == Method::ToolsListChangedNotification)
        Q_EMIT toolsListChanged();
    else if (method == Method::ResourcesListChangedNotification)
        Q_EMIT resourcesListChanged();
    else if (method == Method::PromptsListChangedNotification)
        Q_EMIT promptsListChanged();
    else if (method == Method::ResourceUpdatedNotification)
        Q_EMIT resourceUpdated(notification.paramsObject().value(Key::Uri).toString());
    else if (method == Method::TaskStatusNotification)
        Q_EMIT taskStatus(notification.paramsObject());
}

} // namespace Mcp
