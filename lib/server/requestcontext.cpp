#include "requestcontext.h"

#include "serversession.h"
#include "servertransport.h"

namespace Mcp {

RequestContext::RequestContext(ServerSession *session, const Message &request)
    : QObject(session), m_session(session), m_id(request.id()), m_method(request.method()),
      m_params(request.paramsObject())
{
    const QJsonValue token = m_params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken"));
    if (token.isString() || token.isDouble())
        m_progressToken = token;
}

void RequestContext::respond(const QJsonObject &result)
{
    if (m_finished || m_cancelled)
        return;
    m_finished = true;
    if (m_session && !m_taskId.isEmpty())
        m_session->finishTask(this, result, std::nullopt);
    else if (m_session)
        m_session->finishRequest(this, Message::response(m_id, result));
    deleteLater();
}

void RequestContext::fail(const RpcError &error)
{
    if (m_finished || m_cancelled)
        return;
    m_finished = true;
    if (m_session && !m_taskId.isEmpty())
        m_session->finishTask(this, {}, error);
    else if (m_session)
        m_session->finishRequest(this, Message::errorResponse(m_id, error));
    deleteLater();
}

void RequestContext::fail(int code, const QString &message, const QJsonValue &data)
{
    fail(RpcError{code, message, data});
}

void RequestContext::reportProgress(double progress, double total, const QString &message)
{
    if (m_finished || m_cancelled || m_progressToken.isUndefined() || !m_session)
        return;
    QJsonObject params{{QStringLiteral("progressToken"), m_progressToken}, {QStringLiteral("progress"), progress}};
    if (total > 0)
        params.insert(QStringLiteral("total"), total);
    if (!message.isEmpty())
        params.insert(QStringLiteral("message"), message);
    m_session->sendNotification(QStringLiteral("notifications/progress"), params, m_id);
}

void RequestContext::log(LogLevel level, const QString &logger, const QJsonValue &data)
{
    if (m_session && !m_finished && !m_cancelled)
        m_session->log(level, logger, data, m_id);
}

bool RequestContext::closeResponseStream()
{
    // A task's answer goes to tasks/result, not to this request's stream.
    if (!m_session || m_finished || m_cancelled || !m_taskId.isEmpty() || !m_session->transport())
        return false;
    return m_session->transport()->closeResponseStream(m_id);
}

void RequestContext::sendRequest(const QString &method, const QJsonObject &params, const QObject *context,
                                 ReplyHandler handler)
{
    if (!m_session || m_finished || m_cancelled)
        return;
    if (m_taskId.isEmpty()) {
        m_session->sendRequest(method, params, context ? context : this, std::move(handler), m_id);
        return;
    }
    // Inside a task the client must be told which task asks, and pollers see input_required.
    QJsonObject taskParams = params;
    QJsonObject meta = taskParams.value(QStringLiteral("_meta")).toObject();
    meta.insert(QStringLiteral("io.modelcontextprotocol/related-task"), QJsonObject{{QStringLiteral("taskId"), m_taskId}});
    taskParams.insert(QStringLiteral("_meta"), meta);
    m_session->setTaskStatus(m_taskId, QStringLiteral("input_required"));
    QPointer<RequestContext> self(this);
    m_session->sendRequest(method, taskParams, context ? context : this,
                           [self, handler = std::move(handler)](const Message &reply) {
                               if (self && self->m_session && !self->m_finished && !self->m_cancelled)
                                   self->m_session->setTaskStatus(self->m_taskId, QStringLiteral("working"));
                               handler(reply);
                           },
                           m_id);
}

void RequestContext::cancel(const QString &reason)
{
    if (m_finished || m_cancelled)
        return;
    m_cancelled = true;
    Q_EMIT cancelled(reason);
    deleteLater();
}

} // namespace Mcp
