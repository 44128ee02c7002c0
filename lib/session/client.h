#pragma once

#include "jsonrpc/message.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "transport/trafficevent.h"
#include "transport/transport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

class Client;
class ClientPrivate;

struct RequestOptions
{
    int timeoutMs = 60000;               // per-request timeout; 0 = none
    bool resetTimeoutOnProgress = true;  // progress notifications restart the timeout...
    int maxTotalTimeoutMs = 0;           // ...but never beyond this total (0 = no cap)
    bool attachProgressToken = true;     // adds _meta.progressToken
    QJsonObject meta;                    // extra _meta members
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

// One client-to-server request. Owned by the Client; deletes itself (deleteLater) after
// finished(), so read result() or error() in a slot connected to finished().
class RequestHandle : public QObject
{
    Q_OBJECT

public:
    ~RequestHandle() override;

    MessageId id() const { return m_id; }
    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    // The progress token attached to the request, or Undefined.
    QJsonValue progressToken() const { return m_progressToken; }

    bool isFinished() const { return m_finished; }
    bool isError() const { return m_isError; }
    QJsonValue result() const;
    // error.message is a sentence a person can act on.
    RpcError error() const { return m_error; }
    // Time from sendRequest() to the answer (or until now while pending).
    qint64 elapsedMs() const;

    // Sends notifications/cancelled (never for initialize) and finishes with SessionErrorCode::Cancelled.
    void cancel(const QString &reason = {});

Q_SIGNALS:
    void progress(double progress, double total /* -1 when unknown */, const QString &message);
    void finished(); // exactly once

private:
    friend class ClientPrivate;
    friend class Client;
    explicit RequestHandle(Client *client);

    QPointer<Client> m_client;
    MessageId m_id;
    QString m_method;
    QJsonObject m_params;
    QJsonValue m_progressToken = QJsonValue::Undefined;
    RequestOptions m_options;
    QElapsedTimer m_elapsed;
    qint64 m_finalElapsedMs = -1;
    qint64 m_deadlineNs = -1; // on the client's deadline clock; -1: no timeout running
    QJsonValue m_result = QJsonValue::Undefined;
    Message m_reply; // the response, whose result is converted only when result() is called
    bool m_hasReply = false;
    RpcError m_error;
    bool m_finished = false;
    bool m_isError = false;
    bool m_sent = false;      // on the wire (false while queued before the initialize result)
    bool m_returned = false;  // handed to the caller: finished() may be emitted directly
    bool m_internal = false;  // initialize: never cancelled on the wire
    bool m_timerIsTotalCap = false; // the running deadline is maxTotalTimeoutMs, not timeoutMs
};

// A server-to-client request. Exactly one reply is ever sent: respond() or reject(), or
// -32603 "request dropped" when it is destroyed unanswered. Deletes itself (deleteLater)
// once answered, and is deleted with its Client: keep it in a QPointer. After the server cancels it (cancelled()) or the connection ends, no
// reply is sent (the spec says a cancelled request SHOULD NOT be answered) and
// isAnswered() is true.
class IncomingRequest : public QObject
{
    Q_OBJECT

public:
    ~IncomingRequest() override;

    MessageId id() const { return m_id; }
    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    Client *client() const { return m_client; }

    bool isAnswered() const { return m_answered; }
    void respond(const QJsonValue &result);
    void reject(const RpcError &error);

Q_SIGNALS:
    void cancelled(const QString &reason); // the server sent notifications/cancelled for it (or the connection ended)

private:
    friend class ClientPrivate;
    friend class Client;
    IncomingRequest(Client *client, const Message &message);
    void sendReply(const Message &reply);

    QPointer<Client> m_client;
    MessageId m_id;
    QString m_method;
    QJsonObject m_params;
    bool m_answered = false;
};

class ServerRequestHandler
{
public:
    virtual ~ServerRequestHandler() = default;
    // Answer now or later through request->respond()/reject().
    virtual void handleRequest(IncomingRequest *request) = 0;
};

// One MCP client session over one transport: lifecycle, request correlation, timeouts,
// cancellation, progress, server-to-client requests and notifications (DESIGN.md, session/).
// Use it from the thread it lives in (move it, with its transport, to a connection thread if
// wanted); call() and listAll() deliver results to a context object on any thread.
class Client : public QObject
{
    Q_OBJECT

public:
    enum class State { Disconnected, Connecting, Initializing, Ready, Closing, Failed };
    Q_ENUM(State)

    explicit Client(Transport *transport, QObject *parent = nullptr); // takes ownership of the transport
    ~Client() override;

    Transport *transport() const;

    void setClientInfo(const Implementation &info);
    Implementation clientInfo() const;
    // Handlers for roots/list, sampling/createMessage, elicitation/create; installing one
    // advertises the capability. The client does not own them. Takes effect at the next initialize.
    void setRootsHandler(ServerRequestHandler *handler);
    void setSamplingHandler(ServerRequestHandler *handler);
    void setElicitationHandler(ServerRequestHandler *handler);
    void setElicitationModes(bool form, bool url); // which modes to advertise (default: both)
    // Extra members merged into the capabilities sent with initialize (experimental, tasks...).
    void setExtraClientCapabilities(const QJsonObject &capabilities);
    // Timeout of the initialize request itself (default 60 s).
    void setInitializeTimeout(int timeoutMs);

    void connectToServer();      // open transport, initialize, notifications/initialized; Ready or Failed
    void disconnectFromServer(); // graceful

    State state() const;
    QString errorString() const;
    bool isReady() const { return state() == State::Ready; }

    QString protocolVersion() const;
    Implementation serverInfo() const;
    QJsonObject serverCapabilities() const;
    QJsonObject clientCapabilities() const;
    QString instructions() const;

    // Newest first: "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05".
    static QStringList supportedProtocolVersions();

    // Requests made before the initialize result are queued until the session is ready
    // (except ping, which goes out at once); without a connection they fail at once.
    RequestHandle *sendRequest(const QString &method, const QJsonObject &params = {},
                               const RequestOptions &options = {});
    // Convenience: callback runs on `context`'s thread, never after context is destroyed.
    void call(const QString &method, const QJsonObject &params, const QObject *context,
              std::function<void(RequestHandle *)> callback, const RequestOptions &options = {});
    void sendNotification(const QString &method, const QJsonObject &params = {});

    // A request made by Requests:: (the typed calls below are shorthands for them).
    RequestHandle *send(const Request &request, const RequestOptions &options = {});
    // Typed calls
    RequestHandle *ping();
    RequestHandle *listTools(const QString &cursor = {});
    RequestHandle *callTool(const QString &name, const QJsonObject &arguments,
                            const RequestOptions &options = {}, const QJsonObject &task = {});
    RequestHandle *listResources(const QString &cursor = {});
    RequestHandle *listResourceTemplates(const QString &cursor = {});
    RequestHandle *readResource(const QString &uri);
    RequestHandle *subscribeResource(const QString &uri);
    RequestHandle *unsubscribeResource(const QString &uri);
    RequestHandle *listPrompts(const QString &cursor = {});
    RequestHandle *getPrompt(const QString &name, const QJsonObject &arguments = {});
    RequestHandle *complete(const QJsonObject &ref, const QString &argumentName, const QString &value,
                            const QJsonObject &contextArguments = {});
    RequestHandle *setLogLevel(const QString &level);
    RequestHandle *getTask(const QString &taskId);
    RequestHandle *getTaskResult(const QString &taskId);
    RequestHandle *listTasks(const QString &cursor = {});
    RequestHandle *cancelTask(const QString &taskId);

    // Pagination: follows nextCursor until the end (or maxPages), concatenating result[itemsKey];
    // done(items, error) runs on context. On an error, items holds what was fetched before it.
    void listAll(const QString &method, const QString &itemsKey, const QObject *context,
                 std::function<void(const QJsonArray &items, const std::optional<RpcError> &error)> done,
                 int maxPages = 1000);

    void notifyRootsListChanged();

    // Number of requests waiting for an answer (sent or queued).
    int pendingRequestCount() const;

Q_SIGNALS:
    void stateChanged(Mcp::Client::State state);
    void ready(); // initialized
    void disconnected(const QString &reason);
    void errorOccurred(const QString &message);
    void notificationReceived(const Mcp::Message &message); // every notification, after the typed signals below
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    void resourceUpdated(const QString &uri);
    void logMessage(const QString &level, const QString &logger, const QJsonValue &data);
    void taskStatus(const QJsonObject &task);
    // The transport's events, plus session-level ones (Note: unknown response id, late response, re-initialised).
    void trafficEvent(const Mcp::TrafficEvent &event);
    void sessionReinitialized(); // after an HTTP session expired and a new initialize succeeded

private:
    friend class ClientPrivate;
    friend class RequestHandle;
    friend class IncomingRequest;
    std::unique_ptr<ClientPrivate> d;
};

} // namespace Mcp
