#include "requests.h"
#include "requestrecord_p.h"

#include "protocol/keys.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSession)

namespace Mcp {

QString FollowedTask::statusName() const
{
    return status.value(Key::Status).toString();
}

// ---- OutgoingRequest -----------------------------------------------------------------

OutgoingRequest::OutgoingRequest(QObject *parent, std::function<void(const QString &)> canceller)
    : QObject(parent), m_canceller(std::move(canceller))
{
    m_elapsed.start();
}

OutgoingRequest::~OutgoingRequest() = default;

QJsonValue OutgoingRequest::result() const
{
    return m_hasReply ? m_reply.result() : m_result;
}

qint64 OutgoingRequest::elapsedMs() const
{
    if (m_finalElapsedMs >= 0)
        return m_finalElapsedMs;
    return m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
}

QList<Modern::RoundRecord> OutgoingRequest::rounds() const
{
    if (m_record && m_record->multiRound)
        return m_record->multiRound->rounds();
    return m_finishedRounds;
}

void OutgoingRequest::cancel(const QString &reason)
{
    if (!m_finished && m_canceller)
        m_canceller(reason);
}

void OutgoingRequest::finish(const Response &response)
{
    if (m_finished)
        return;
    m_finished = true;
    m_result = response.result;
    m_error = response.error;
    m_finalElapsedMs = response.elapsedMs;
    m_finishedRounds = response.rounds;
    m_cache = response.cache;
    m_resultBytes = response.bytes;
    Q_EMIT finished();
    deleteLater();
}

// ---- IncomingRequest -----------------------------------------------------------------

IncomingRequest::IncomingRequest(QObject *parent, const MessageId &id, const QString &method,
                                 const QJsonObject &params, std::function<void(const Response &)> reply)
    : QObject(parent), m_reply(std::move(reply)), m_id(id), m_method(method), m_params(params)
{
}

IncomingRequest::~IncomingRequest()
{
    if (!m_answered)
        sendReply(Response{QJsonValue::Undefined, RpcError{ErrorCode::InternalError, QStringLiteral("request dropped")}});
}

void IncomingRequest::respond(const QJsonValue &result)
{
    sendReply(Response{result.isUndefined() || result.isNull() ? QJsonValue(QJsonObject()) : result, std::nullopt});
}

void IncomingRequest::reject(const RpcError &error)
{
    sendReply(Response{QJsonValue::Undefined, error});
}

void IncomingRequest::sendReply(const Response &answer)
{
    if (m_answered) {
        qCDebug(lcSession) << "second reply to" << m_method << m_id.toDisplayString() << "not sent";
        return;
    }
    m_answered = true;
    if (const auto reply = std::exchange(m_reply, nullptr))
        reply(answer);
    deleteLater();
}

void IncomingRequest::withdraw(const QString &reason, bool notify)
{
    if (m_answered)
        return;
    m_answered = true;
    m_reply = nullptr;
    if (notify) {
        Q_EMIT cancelled(reason);
        deleteLater();
    }
}

} // namespace Mcp
