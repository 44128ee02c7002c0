#include "requests.h"
#include "requestrecord_p.h"

#include "protocol/keys.h"



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
    if (m_hasReply)
        return m_reply.result();
    return m_texts.isEmpty() ? m_result : ResultTexts{m_result, m_texts}.resolved();
}

ResultTexts OutgoingRequest::resultWithTexts() const
{
    return m_hasReply ? m_reply.resultWithTexts() : ResultTexts{m_result, m_texts};
}

Response OutgoingRequest::responseWithTexts() const
{
    const ResultTexts texts = resultWithTexts();
    return Response{texts.value, m_error, elapsedMs(), rounds(), m_cache, resultBytes(), texts.texts};
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
    m_texts = response.texts;
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
    : AnswerOnce(parent, id, method, params)
{
    setReply(std::move(reply));
}

// The answer is given here, while the reply function still exists: the base's destructor would
// give it after this object's part is gone.
IncomingRequest::~IncomingRequest()
{
    if (!isAnswered())
        reject(RpcError{ErrorCode::InternalError, QStringLiteral("request dropped"), {}});
}

void IncomingRequest::setReply(std::function<void(const Response &)> reply)
{
    if (!reply) {
        setDeliver(nullptr);
        return;
    }
    setDeliver([reply = std::move(reply)](const QJsonValue &result, const std::optional<RpcError> &error) {
        reply(Response{result, error});
    });
}

void IncomingRequest::withdraw(const QString &reason, bool notify)
{
    if (close() && notify) {
        Q_EMIT cancelled(reason);
        deleteLater();
    }
}

} // namespace Mcp
