#include "requests.h"

#include "jsonrpc/objectshape.h"
#include "keys.h"
#include "methods.h"

namespace Mcp::Requests {

namespace {

Request withMember(QLatin1StringView method, QLatin1StringView key, const QString &value)
{
    QJsonObject params;
    params.insert(key, value);
    return {method, params};
}

} // namespace

Request listPage(const QString &method, const QString &cursor)
{
    QJsonObject params;
    if (!cursor.isEmpty())
        params.insert(Key::Cursor, cursor);
    return {method, params};
}

Request ping() { return {Method::Ping, {}}; }

Request listTools(const QString &cursor) { return listPage(Method::ToolsList, cursor); }

Request callTool(const QString &name, const QJsonObject &arguments, const QJsonObject &task, const QJsonObject &meta)
{
    static const ObjectShape shape{Key::Name, Key::Arguments};
    QJsonObject params = shape.fill({name, arguments});
    if (!task.isEmpty())
        params.insert(Key::Task, task);
    if (!meta.isEmpty())
        params.insert(Key::Meta, meta);
    return {Method::ToolsCall, params};
}

QJsonObject taskMetadata(qint64 ttlMs)
{
    QJsonObject task;
    task.insert(Key::Ttl, ttlMs);
    return task;
}

Request listResources(const QString &cursor) { return listPage(Method::ResourcesList, cursor); }

Request listResourceTemplates(const QString &cursor) { return listPage(Method::ResourcesTemplatesList, cursor); }

Request readResource(const QString &uri) { return withMember(Method::ResourcesRead, Key::Uri, uri); }

Request subscribeResource(const QString &uri) { return withMember(Method::ResourcesSubscribe, Key::Uri, uri); }

Request unsubscribeResource(const QString &uri) { return withMember(Method::ResourcesUnsubscribe, Key::Uri, uri); }

Request listPrompts(const QString &cursor) { return listPage(Method::PromptsList, cursor); }

Request getPrompt(const QString &name, const QJsonObject &arguments)
{
    Request request = withMember(Method::PromptsGet, Key::Name, name);
    if (!arguments.isEmpty())
        request.params.insert(Key::Arguments, arguments);
    return request;
}

Request complete(const QJsonObject &ref, const QString &argumentName, const QString &value,
                 const QJsonObject &contextArguments)
{
    QJsonObject argument;
    argument.insert(Key::Name, argumentName);
    argument.insert(Key::Value, value);
    QJsonObject params;
    params.insert(Key::Ref, ref);
    params.insert(Key::Argument, argument);
    if (!contextArguments.isEmpty()) {
        QJsonObject context;
        context.insert(Key::Arguments, contextArguments);
        params.insert(Key::Context, context);
    }
    return {Method::CompletionComplete, params};
}

QJsonObject promptReference(const QString &name)
{
    QJsonObject ref;
    ref.insert(Key::Type, QLatin1StringView("ref/prompt"));
    ref.insert(Key::Name, name);
    return ref;
}

QJsonObject resourceReference(const QString &uriTemplate)
{
    QJsonObject ref;
    ref.insert(Key::Type, QLatin1StringView("ref/resource"));
    ref.insert(Key::Uri, uriTemplate);
    return ref;
}

Request setLogLevel(const QString &level) { return withMember(Method::LoggingSetLevel, Key::Level, level); }

Request getTask(const QString &taskId) { return withMember(Method::TasksGet, Key::TaskId, taskId); }

Request getTaskResult(const QString &taskId) { return withMember(Method::TasksResult, Key::TaskId, taskId); }

Request listTasks(const QString &cursor) { return listPage(Method::TasksList, cursor); }

Request cancelTask(const QString &taskId) { return withMember(Method::TasksCancel, Key::TaskId, taskId); }

Request updateTask(const QString &taskId, const QJsonObject &inputResponses)
{
    return Request{Method::TasksUpdate, QJsonObject{{Key::TaskId, taskId}, {Key::InputResponses, inputResponses}}};
}

} // namespace Mcp::Requests
