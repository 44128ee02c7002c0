#include "answeronce.h"

#include <QLoggingCategory>

#include <utility>

namespace Mcp {

Q_LOGGING_CATEGORY(lcAnswerOnce, "mcp.jsonrpc.answer")

AnswerOnce::AnswerOnce(QObject *parent, const MessageId &id, const QString &method, const QJsonObject &params,
                       Deliver deliver)
    : QObject(parent), m_deliver(std::move(deliver)), m_id(id), m_method(method), m_params(params)
{
}

AnswerOnce::~AnswerOnce()
{
    if (!m_answered)
        answer(QJsonValue::Undefined, RpcError{ErrorCode::InternalError, QStringLiteral("request dropped"), {}});
}

void AnswerOnce::respond(const QJsonValue &result)
{
    answer(result.isUndefined() || result.isNull() ? QJsonValue(QJsonObject()) : result, std::nullopt);
}

void AnswerOnce::reject(const RpcError &error)
{
    answer(QJsonValue::Undefined, error);
}

void AnswerOnce::answer(const QJsonValue &result, const std::optional<RpcError> &error)
{
    if (m_answered) {
        qCDebug(lcAnswerOnce) << "second answer to" << m_method << m_id.toDisplayString() << "not sent";
        return;
    }
    m_answered = true;
    if (const Deliver deliver = std::exchange(m_deliver, nullptr))
        deliver(result, error);
    deleteLater();
}

bool AnswerOnce::close()
{
    if (m_answered)
        return false;
    m_answered = true;
    m_deliver = nullptr;
    return true;
}

} // namespace Mcp
