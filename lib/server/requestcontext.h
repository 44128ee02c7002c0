#pragma once

#include "server.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

namespace Mcp {

class ServerSession;

// One client request being handled (tools/call, prompts/get). It gets exactly one answer:
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

    // The request carries the modern per-request _meta (2026-07-28): it stands alone, and
    // the server asks the client for input by multi round-trip requests, not requests of its own.
    bool isModern() const { return m_modern; }
    // The capabilities that hold for this request: its own _meta (modern) or the session's.
    QJsonObject clientCapabilities() const;
    bool clientSupports(const QString &capability) const { return clientCapabilities().contains(capability); }
    // When the client did not declare capability, answers for it (modern: error -32021 with
    // data.requiredCapabilities; legacy: a tool error) and returns false.
    bool requireClientCapability(const QString &capability);
    // Whether log messages at level reach the client: the request's own logLevel (modern; none
    // means no log at all) or the session's logging/setLevel.
    bool wouldLog(LoggingLevel level) const;

    // Multi round-trip requests (basic/patterns/mrtr.mdx), modern requests only.
    // The client's answer to the input request named key: from this round's inputResponses, or
    // from an earlier round (carried in the signed requestState). Undefined when not answered.
    QJsonValue inputResponse(const QString &key) const;
    // Ends this round: answers resultType "input_required" with inputRequests (key ->
    // {method, params}) and a signed requestState holding the answers used so far. Fails with
    // -32021 instead when one of them needs a capability the client did not declare.
    void requireInput(const QJsonObject &inputRequests);
    // True when every input request (key -> {method, params}) has its answer (an object);
    // otherwise ends the round asking again for those still missing, and returns false.
    bool gatherInput(const QJsonObject &inputRequests);
    // The request carried a requestState this server signed for it.
    bool hasVerifiedRequestState() const { return m_stateVerified; }
    // Asks the client either way: legacy sessions get a server-to-client request (handler gets
    // the reply); modern requests get the answer from inputResponses, or end the round with
    // input_required (the handler runs again, from the start, on the client's retry).
    void askClient(const QString &key, const QString &method, const QJsonObject &params, ReplyHandler handler);

    bool isCancelled() const { return m_cancelled; }
    bool isFinished() const { return m_finished; }

    void respond(const QJsonObject &result);
    void fail(const RpcError &error);
    void fail(int code, const QString &message, const QJsonValue &data = QJsonValue::Undefined);

    // notifications/progress, only when the caller sent a progress token. total <= 0: unknown.
    void reportProgress(double progress, double total = 0, const QString &message = {});
    // notifications/message, subject to wouldLog().
    void log(LoggingLevel level, const QString &logger, const QJsonValue &data);
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
    // Modern requests: what _meta and the previous rounds say (checked by the session).
    void setModern(const QJsonObject &clientCapabilities, std::optional<LoggingLevel> logLevel,
                   const QJsonObject &previousAnswers, bool stateVerified);

    QPointer<ServerSession> m_session;
    MessageId m_id;
    QString m_method;
    QJsonObject m_params;
    QJsonValue m_progressToken = QJsonValue::Undefined;
    QString m_taskId;
    bool m_modern = false;
    QJsonObject m_clientCapabilities;
    std::optional<LoggingLevel> m_logLevel;
    QJsonObject m_previousAnswers;      // from requestState
    mutable QJsonObject m_usedAnswers;  // what the handler read, for the next round's state
    bool m_stateVerified = false;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace Mcp
