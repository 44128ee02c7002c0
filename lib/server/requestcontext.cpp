#include "requestcontext.h"

#include "serversession.h"
#include "servertransport.h"

#include "protocol/keys.h"

#include <QDateTime>

namespace Mcp {

namespace {
// How long a requestState stays valid: enough for a person to answer an elicitation.
constexpr qint64 requestStateLifetimeMs = 30 * 60 * 1000;

// The client capability each kind of input request needs.
QString capabilityFor(const QString &method)
{
    if (method == QLatin1String("elicitation/create"))
        return QStringLiteral("elicitation");
    if (method == QLatin1String("sampling/createMessage"))
        return QStringLiteral("sampling");
    if (method == QLatin1String("roots/list"))
        return QStringLiteral("roots");
    return {};
}
}

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

void RequestContext::log(LoggingLevel level, const QString &logger, const QJsonValue &data)
{
    if (m_session && !m_finished && !m_cancelled && wouldLog(level))
        m_session->sendLog(level, logger, data, m_id);
}

void RequestContext::setModern(const QJsonObject &clientCapabilities, std::optional<LoggingLevel> logLevel,
                               const QJsonObject &previousAnswers, bool stateVerified)
{
    m_modern = true;
    m_clientCapabilities = clientCapabilities;
    m_logLevel = logLevel;
    m_previousAnswers = previousAnswers;
    m_stateVerified = stateVerified;
}

QJsonObject RequestContext::clientCapabilities() const
{
    if (m_modern || !m_session)
        return m_clientCapabilities;
    return m_session->clientCapabilities();
}

bool RequestContext::requireClientCapability(const QString &capability)
{
    if (clientSupports(capability))
        return true;
    if (m_modern) {
        fail(ModernErrorCode::MissingRequiredClientCapability,
             QStringLiteral("Missing required client capability: ") + capability,
             QJsonObject{{QStringLiteral("requiredCapabilities"), QJsonObject{{capability, QJsonObject()}}}});
    } else {
        respond(ToolResult::error(QStringLiteral("The client did not declare the %1 capability.").arg(capability)));
    }
    return false;
}

bool RequestContext::wouldLog(LoggingLevel level) const
{
    if (m_modern)
        return m_logLevel && level >= *m_logLevel;
    return m_session && m_session->wouldLog(level);
}

QJsonValue RequestContext::inputResponse(const QString &key) const
{
    QJsonValue answer = m_params.value(QStringLiteral("inputResponses")).toObject().value(key);
    if (answer.isUndefined())
        answer = m_previousAnswers.value(key);
    if (!answer.isUndefined())
        m_usedAnswers.insert(key, answer);
    return answer;
}

void RequestContext::requireInput(const QJsonObject &inputRequests)
{
    if (!m_modern) {
        fail(ErrorCode::InternalError, QStringLiteral("requireInput() needs a modern request"));
        return;
    }
    // mrtr.mdx: never ask for what the client did not declare.
    for (auto it = inputRequests.begin(); it != inputRequests.end(); ++it) {
        const QString capability = capabilityFor(it->toObject().value(QStringLiteral("method")).toString());
        if (!capability.isEmpty() && !requireClientCapability(capability))
            return;
    }
    QJsonObject answers = m_previousAnswers;
    for (auto it = m_usedAnswers.begin(); it != m_usedAnswers.end(); ++it)
        answers.insert(it.key(), it.value());
    const QJsonObject state{
        {QStringLiteral("method"), m_method},
        {QStringLiteral("name"), m_params.value(m_method == QLatin1String("resources/read") ? QStringLiteral("uri")
                                                                                             : QStringLiteral("name"))},
        {QStringLiteral("answers"), answers},
        {QStringLiteral("expires"), double(QDateTime::currentMSecsSinceEpoch() + requestStateLifetimeMs)},
    };
    respond({{Key::ResultType, QString(ResultTypeValue::InputRequired)},
             {Key::InputRequests, inputRequests},
             {Key::RequestState, m_session ? m_session->server()->signRequestState(state) : QString()}});
}

void RequestContext::askClient(const QString &key, const QString &method, const QJsonObject &params, ReplyHandler handler)
{
    if (!m_modern) {
        sendRequest(method, params, this, std::move(handler));
        return;
    }
    if (gatherInput({{key, QJsonObject{{QStringLiteral("method"), method}, {QStringLiteral("params"), params}}}}))
        handler(Message::response(m_id, inputResponse(key)));
}

bool RequestContext::gatherInput(const QJsonObject &inputRequests)
{
    QJsonObject missing;
    for (auto it = inputRequests.begin(); it != inputRequests.end(); ++it) {
        // A malformed answer is asked for again rather than failed (mrtr.mdx, error handling).
        if (!inputResponse(it.key()).isObject())
            missing.insert(it.key(), it.value());
    }
    if (missing.isEmpty())
        return true;
    requireInput(missing);
    return false;
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
    // The optional statusMessage says what the task waits for, as pollers show it.
    m_session->setTaskStatus(m_taskId, QString(TaskStatusValue::InputRequired),
                             QStringLiteral("Waiting for the client to answer %1").arg(method));
    QPointer<RequestContext> self(this);
    m_session->sendRequest(method, taskParams, context ? context : this,
                           [self, handler = std::move(handler)](const Message &reply) {
                               if (self && self->m_session && !self->m_finished && !self->m_cancelled)
                                   self->m_session->setTaskStatus(self->m_taskId, QString(TaskStatusValue::Working));
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
