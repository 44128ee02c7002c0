#pragma once

#include "jsonrpc/answeronce.h"
#include "jsonrpc/message.h"
#include "session/modern/multiroundtrip.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QJsonValue>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace Mcp {

class Client;
class ClientPrivate;
class Session;

// Whether an answer came from the client's result cache (results with ttlMs, server/utilities/
// caching.mdx) rather than from the server, and how long from the answer it stays fresh.
struct CacheStatus
{
    bool fromCache = false;
    qint64 freshForMs = 0; // 0: not kept (no ttlMs, or a refresh the server marked stale at once)
};

// The answer to one JSON-RPC request, as a value that can cross threads: the result, or the
// error when there is one.
struct Response
{
    QJsonValue result = QJsonValue::Undefined;
    std::optional<RpcError> error;
    qint64 elapsedMs = 0; // from sending the request to the answer (0 for answers we give)
    // The rounds of a modern multi round-trip request (one per JSON-RPC id it was sent with).
    QList<Modern::RoundRecord> rounds;
    CacheStatus cache; // list calls: answered from the cache, fresh for how long
    qint64 bytes = 0;  // the size of the answer's frame (0 when unknown): a big result shows without converting it first
    // With RequestOptions::keepBigTexts: the result's big texts, left in the frame they came in;
    // `result` then holds a marker in place of each (see ResultTexts).
    QList<JsonText> texts;

    bool isError() const { return error.has_value(); }
};

// A request the server turned into a task (the tasks extension, SEP-2663) as the client follows
// it: the modern era has no tasks/list, so a view lists the tasks a connection followed from
// these. A value, so it crosses from the session's thread (Client/Session::followedTaskChanged).
struct FollowedTask
{
    QString taskId;
    QString method;          // the request that became the task (tools/call)
    QString name;            // the tool it called
    QJsonObject status;      // the latest status as the server sent it (a DetailedTask), without its `result`
    qint64 followedAtMs = 0; // wall clock: when the request became a task
    qint64 updatedAtMs = 0;  // wall clock: the latest status or input
    int polls = 0;           // statuses received (the CreateTaskResult, then each tasks/get answer)
    int pollIntervalMs = 0;  // what the client polls at now (the server's pollIntervalMs, bounded)
    // Every round of the request: the call itself, earlier multi round-trip rounds, and the
    // input the task asked for (RoundRecord::taskPoll), answered with tasks/update.
    QList<Modern::RoundRecord> rounds;
    bool following = true;   // false once the client stopped: the task ended, or the caller gave up
    QJsonObject result;      // the tool's result, once the task completed
    QString error;           // why following ended without a result (failed, cancelled, stopped)

    QString statusName() const;
};

struct RequestOptions
{
    int timeoutMs = 60000;               // per-request timeout; 0 = none
    bool resetTimeoutOnProgress = true;  // progress notifications restart the timeout...
    int maxTotalTimeoutMs = 0;           // ...but never beyond this total (0 = no cap)
    bool attachProgressToken = true;     // adds _meta.progressToken
    QJsonObject meta;                    // extra _meta members
    // List calls (tools/list, prompts/list, resources/list, resources/templates/list) are
    // answered from the result cache while fresh; true asks the server (and refreshes the cache).
    bool forceRefresh = false;
    // Session only: the answer crosses to the caller's thread with its big texts left in the
    // frame (OutgoingRequest::resultWithTexts()) instead of converted on the session's thread.
    // For a caller that shows or writes them in pieces; result() then converts on its thread.
    bool keepBigTexts = false;
};

// Codes of errors the session makes up itself (the request never got a JSON-RPC answer).
namespace SessionErrorCode {
enum : int {
    Timeout = -32001,          // the MCP SDKs' RequestTimeout
    Cancelled = -32800,        // cancelled by the user (LSP's RequestCancelled)
    ConnectionClosed = -32000, // the connection ended (or was never made) while the request was pending
    TransportFailure = -32003, // the transport could not deliver this one request (HTTP error on its POST)
};
}

// A request the caller made to the server, on the caller's thread (Client::sendRequest on the
// session's own thread, Session::call from any other). Deletes itself (deleteLater) after
// finished(), so read response() in a slot connected to finished().
struct RequestRecord;

class OutgoingRequest : public QObject
{
    Q_OBJECT

public:
    ~OutgoingRequest() override;

    MessageId id() const { return m_id; } // on the wire (the latest round's); null for a Session::call
    // A modern request may go out several times (multi round-trip, a version retry), each
    // time with a new id: every id it used, oldest first, to link its traffic to it.
    QList<MessageId> roundIds() const { return m_roundIds; }
    // The multi round-trip rounds: what the server asked for and what was answered.
    QList<Modern::RoundRecord> rounds() const;
    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    // The progress token attached to the request, or Undefined.
    QJsonValue progressToken() const { return m_progressToken; }

    bool isFinished() const { return m_finished; }
    bool isError() const { return m_error.has_value(); }
    QJsonValue result() const;
    // The result with its big texts left in the frame they came in (Message::resultWithTexts()),
    // for a caller that writes or shows them in pieces.
    ResultTexts resultWithTexts() const;
    // error.message is a sentence a person can act on (empty error when there is none).
    RpcError error() const { return m_error.value_or(RpcError{}); }
    // Time from the request to the answer (or until now while pending).
    qint64 elapsedMs() const;
    Response response() const { return Response{result(), m_error, elapsedMs(), rounds(), m_cache, resultBytes(), {}}; }
    // The same with the result's big texts left in the frame (Response::texts).
    Response responseWithTexts() const;
    // The size of the answer's frame, 0 when unknown (see Message::frameSize()).
    qint64 resultBytes() const { return m_hasReply ? m_reply.frameSize() : m_resultBytes; }
    // Whether the answer came from the result cache, and how long it stays fresh from then.
    CacheStatus cacheStatus() const { return m_cache; }

    // Sends notifications/cancelled (never for initialize) and finishes with SessionErrorCode::Cancelled.
    void cancel(const QString &reason = {});

Q_SIGNALS:
    void progress(double progress, double total /* -1 when unknown */, const QString &message);
    void finished(); // exactly once
    // A modern multi round-trip request moved on while running: a round went out, the server
    // asked for input, an input was answered (rounds() has the timeline so far).
    void roundsChanged();

private:
    friend class ClientPrivate;
    friend class Client;
    friend class LegacyLifecycle;
    friend class ModernLifecycle;
    friend class Session;
    // canceller asks whoever runs the request to cancel it.
    OutgoingRequest(QObject *parent, std::function<void(const QString &reason)> canceller);
    // Finishes a request whose answer came from another thread.
    void finish(const Response &response);

    // What the caller sees.
    std::function<void(const QString &)> m_canceller;
    MessageId m_id;
    QString m_method;
    QJsonObject m_params;
    QJsonValue m_progressToken = QJsonValue::Undefined;
    QByteArray m_traceId; // W3C trace id of this call when the client propagates trace context
    QElapsedTimer m_elapsed;
    qint64 m_finalElapsedMs = -1;
    QJsonValue m_result = QJsonValue::Undefined;
    QList<JsonText> m_texts; // of m_result, from another thread's Response
    Message m_reply; // the response, whose result is converted only when result() is called
    qint64 m_resultBytes = 0; // from another thread's Response
    bool m_hasReply = false;
    std::optional<RpcError> m_error;
    bool m_finished = false;
    QList<MessageId> m_roundIds;
    QList<Modern::RoundRecord> m_finishedRounds; // from a Session's worker thread (so far, then final)
    CacheStatus m_cache;
    // What the Client that runs it keeps about it while it runs (session/requestrecord_p.h);
    // null for a Session's request, which its worker's Client runs.
    std::unique_ptr<RequestRecord> m_record;
};

// A request the server made to us (roots/list, sampling/createMessage, elicitation/create), on
// the thread that answers it (the Client's, or the GUI's through a Session). Exactly one reply
// is ever sent: respond() or reject(), or -32603 "request dropped" when it is destroyed
// unanswered. Deletes itself (deleteLater) once answered; keep it in a QPointer. After the
// server cancels it (cancelled()) or the connection ends, no reply is sent (the spec says a
// cancelled request SHOULD NOT be answered) and isAnswered() is true.
class IncomingRequest : public AnswerOnce
{
    Q_OBJECT

public:
    ~IncomingRequest() override;

Q_SIGNALS:
    void cancelled(const QString &reason); // the server sent notifications/cancelled for it (or the connection ended)

private:
    friend class ClientPrivate;
    friend class Client;
    friend class Session;
    friend class ModernLifecycle;
    // reply sends the answer to the server; it runs at most once.
    IncomingRequest(QObject *parent, const MessageId &id, const QString &method, const QJsonObject &params,
                    std::function<void(const Response &answer)> reply);
    void setReply(std::function<void(const Response &answer)> reply);
    // No reply will ever be sent (cancelled, or the connection is gone).
    void withdraw(const QString &reason, bool notify);
};

class ServerRequestHandler
{
public:
    virtual ~ServerRequestHandler() = default;
    // Answer now or later through request->respond()/reject().
    virtual void handleRequest(IncomingRequest *request) = 0;
};

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::Response)
Q_DECLARE_METATYPE(Mcp::FollowedTask)
