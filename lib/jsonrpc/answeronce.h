#pragma once

#include "jsonrpc/message.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace Mcp {

// A request of the peer's that is answered later, exactly once: respond() or reject(), or -32603
// "request dropped" when it is destroyed unanswered. Deletes itself (deleteLater) once answered;
// keep it in a QPointer. What carries the answer is the subclass's (the server's connection, an
// MCP Apps view).
class AnswerOnce : public QObject
{
    Q_OBJECT

public:
    ~AnswerOnce() override;

    MessageId id() const { return m_id; }
    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    bool isAnswered() const { return m_answered; }

    // An undefined or null result is sent as {}: a JSON-RPC result is a value, MCP's an object.
    void respond(const QJsonValue &result);
    void reject(const RpcError &error);

protected:
    // deliver sends the answer: a result, or an error. It runs at most once.
    using Deliver = std::function<void(const QJsonValue &result, const std::optional<RpcError> &error)>;
    AnswerOnce(QObject *parent, const MessageId &id, const QString &method, const QJsonObject &params,
               Deliver deliver = nullptr);
    void setDeliver(Deliver deliver) { m_deliver = std::move(deliver); }
    // Nothing will be sent from now on (the peer cancelled the request, or it is gone). False
    // when it was answered already.
    bool close();

private:
    void answer(const QJsonValue &result, const std::optional<RpcError> &error);

    Deliver m_deliver;
    MessageId m_id;
    QString m_method;
    QJsonObject m_params;
    bool m_answered = false;
};

} // namespace Mcp
