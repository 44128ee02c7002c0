#pragma once

#include "server.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Mcp {

class ServerSession;

// One client request being handled (a tools/call, for now). It gets exactly one answer:
// respond() or fail(); after notifications/cancelled it answers nothing and emits cancelled().
// It deletes itself (deleteLater) once answered or cancelled, so handlers that continue
// asynchronously use it as the context object of their connections and timers.
class RequestContext : public QObject
{
    Q_OBJECT

public:
    using ReplyHandler = std::function<void(const Mcp::Message &reply)>;

    ServerSession *session() const { return m_session; }
    MessageId id() const { return m_id; }
    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    // params.arguments (tools/call).
    QJsonObject arguments() const { return m_params.value(QStringLiteral("arguments")).toObject(); }
    // params._meta.progressToken, Undefined when the caller did not ask for progress.
    QJsonValue progressToken() const { return m_progressToken; }

    // Set when the client asked for a task: the answer goes to tasks/result instead.
    QString taskId() const { return m_taskId; }

    bool isCancelled() const { return m_cancelled; }
    bool isFinished() const { return m_finished; }

    void respond(const QJsonObject &result);
    void fail(const RpcError &error);
    void fail(int code, const QString &message, const QJsonValue &data = QJsonValue::Undefined);

    // notifications/progress, only when the caller sent a progress token. total <= 0: unknown.
    void reportProgress(double progress, double total = 0, const QString &message = {});
    // notifications/message, subject to the session's logging/setLevel.
    void log(LogLevel level, const QString &logger, const QJsonValue &data);
    // A server-to-client request (sampling/createMessage, elicitation/create, roots/list, ping)
    // tied to this request. handler gets the response or error response, unless context
    // (this request when null) is gone by then.
    void sendRequest(const QString &method, const QJsonObject &params, const QObject *context,
                     ReplyHandler handler);

    // Ends the response stream of this request now (HTTP: the SSE stream of its POST, after
    // a priming event), so that the client polls for the answer with GET + Last-Event-ID
    // (SEP-1699). The request goes on. False when the transport cannot (stdio, an old client).
    bool closeResponseStream();

Q_SIGNALS:
    // The client cancelled the request, or the connection closed. No answer will be sent.
    void cancelled(const QString &reason);

private:
    friend class ServerSession;
    RequestContext(ServerSession *session, const Message &request);
    void cancel(const QString &reason);

    QPointer<ServerSession> m_session;
    MessageId m_id;
    QString m_method;
    QJsonObject m_params;
    QJsonValue m_progressToken = QJsonValue::Undefined;
    QString m_taskId;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace Mcp
