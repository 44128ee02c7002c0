#pragma once

#include <QJsonObject>
#include <QString>

// The requests an inspector makes, as {method, params}: the one place their params are built,
// for Client's typed calls, the window and the CLI alike. Empty optional arguments are left out.
namespace Mcp {

struct Request
{
    QString method;
    QJsonObject params;
};

namespace Requests {

// One page of any paginated list method (tools/list, resources/list...).
Request listPage(const QString &method, const QString &cursor = {});
Request ping();
Request listTools(const QString &cursor = {});
// task: {"ttl": ms} to run it as a task (taskMetadata()); meta: extra _meta members.
Request callTool(const QString &name, const QJsonObject &arguments, const QJsonObject &task = {},
                 const QJsonObject &meta = {});
QJsonObject taskMetadata(qint64 ttlMs);
Request listResources(const QString &cursor = {});
Request listResourceTemplates(const QString &cursor = {});
Request readResource(const QString &uri);
Request subscribeResource(const QString &uri);
Request unsubscribeResource(const QString &uri);
Request listPrompts(const QString &cursor = {});
Request getPrompt(const QString &name, const QJsonObject &arguments = {});
// ref: promptReference() or resourceReference(); contextArguments: values of the other arguments.
Request complete(const QJsonObject &ref, const QString &argumentName, const QString &value,
                 const QJsonObject &contextArguments = {});
QJsonObject promptReference(const QString &name);
QJsonObject resourceReference(const QString &uriTemplate);
Request setLogLevel(const QString &level);
Request getTask(const QString &taskId);
Request getTaskResult(const QString &taskId);
Request listTasks(const QString &cursor = {});
Request cancelTask(const QString &taskId);
// The answers to a task's inputRequests (keyed as they were asked).
Request updateTask(const QString &taskId, const QJsonObject &inputResponses);

} // namespace Requests
} // namespace Mcp
