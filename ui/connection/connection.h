#pragma once

#include "jsonrpc/message.h"
#include "session/client.h"
#include "transport/trafficevent.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QThread;
class QTimer;
QT_END_NAMESPACE

namespace Mcp {
class Transport;
class TrafficLog;
}

namespace Mcp {
namespace Ui {

class ConnectionWorker;
class Connection;

// What the server said about itself at initialize, plus transport facts. A value type, so
// it can cross from the connection's thread to the GUI.
struct SessionInfo
{
    QString protocolVersion;
    Implementation serverInfo;
    QJsonObject serverCapabilities;
    QJsonObject clientCapabilities;
    QString instructions;
    QString transportName;   // "stdio", "http", "sse"
    QString endpoint;        // command line or URL
    QString sessionId;       // HTTP session id, if any
    qint64 processId = 0;    // stdio child's pid while it runs
};

// One line for the Console page: the server's stderr, stdout lines that are not JSON-RPC,
// and process lifecycle notes.
struct ConsoleLine
{
    enum class Stream : quint8 { Stderr, Stdout, Note };
    qint64 wallClockMs = 0;
    Stream stream = Stream::Stderr;
    QString text;
};

// One notifications/message from the server, for the Logs page. Built on the connection's
// thread in the form the page keeps: a flood of them must cost the GUI thread little to
// store and to free (one allocation per entry; level and logger strings are shared).
struct LogEntry
{
    qint64 wallClockMs = 0;
    QString level;   // debug, info, notice, warning, error, critical, alert, emergency
    QString logger;
    QByteArray dataJson; // the data member as compact JSON (any JSON value, also a bare string)

    // The data member parsed back (Undefined when dataJson is empty or broken).
    QJsonValue data() const;
};

// The GUI-thread side of one client-to-server request made through a Connection.
// Deletes itself (deleteLater) after finished(); read the result in a slot connected to it.
class PendingCall : public QObject
{
    Q_OBJECT

public:
    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    bool isFinished() const { return m_finished; }
    bool isError() const { return m_isError; }
    QJsonValue result() const { return m_result; }
    RpcError error() const { return m_error; }
    qint64 elapsedMs() const { return m_elapsedMs; }
    // Sends notifications/cancelled and finishes with SessionErrorCode::Cancelled.
    void cancel(const QString &reason = {});

Q_SIGNALS:
    void progress(double progress, double total /* -1 when unknown */, const QString &message);
    void finished(); // exactly once

private:
    friend class Connection;
    PendingCall(Connection *connection, quint64 token, const QString &method, const QJsonObject &params);

    QPointer<Connection> m_connection;
    quint64 m_token = 0;
    QString m_method;
    QJsonObject m_params;
    QJsonValue m_result = QJsonValue::Undefined;
    RpcError m_error;
    qint64 m_elapsedMs = 0;
    bool m_finished = false;
    bool m_isError = false;
};

// A server-to-client request (sampling/createMessage, elicitation/create) on the GUI
// thread. Answer exactly once with respond() or reject(); destroying it unanswered
// rejects it. cancelled() means the server withdrew it (or the connection ended):
// close the dialog, nothing will be sent.
class ServerRequest : public QObject
{
    Q_OBJECT

public:
    ~ServerRequest() override;

    QString method() const { return m_method; }
    QJsonObject params() const { return m_params; }
    QString serverName() const;
    Connection *connection() const { return m_connection; }
    bool isAnswered() const { return m_answered; }
    bool isCancelled() const { return m_cancelled; }

    void respond(const QJsonValue &result);
    void reject(const RpcError &error);

Q_SIGNALS:
    void cancelled(const QString &reason);

private:
    friend class Connection;
    ServerRequest(Connection *connection, quint64 token, const QString &method, const QJsonObject &params);

    QPointer<Connection> m_connection;
    quint64 m_token = 0;
    QString m_method;
    QJsonObject m_params;
    bool m_answered = false;
    bool m_cancelled = false;
};

// One connection to one MCP server, as the GUI sees it. The transport and the Client live
// on a worker QThread owned by this object (DESIGN.md, Threads); everything here runs on
// the GUI thread and talks to the worker only through queued calls and signals. Traffic
// events reach the GUI in batches (every ~30 ms), never one queued signal per frame.
class Connection : public QObject
{
    Q_OBJECT

public:
    enum class State { Disconnected, Connecting, Connected, Failed, Exited };
    Q_ENUM(State)

    struct Options
    {
        RequestOptions request;          // defaults for call()
        int connectTimeoutMs = 30000;    // the initialize request
        int pingIntervalMs = 15000;      // 0: no periodic ping
        // Restart after the server exits or fails unexpectedly, with exponential backoff;
        // give up after restartMaxAttempts restarts in a row that died quickly (0: never).
        bool autoRestart = false;
        int restartInitialBackoffMs = 1000;
        int restartMaxBackoffMs = 30000;
        int restartMaxAttempts = 5;
        bool advertiseSampling = true;
        bool advertiseElicitation = true;
        bool advertiseRoots = true;
    };

    // Creates the transport. Runs on the connection's thread, once per connect.
    using TransportFactory = std::function<Transport *()>;

    Connection(int id, const QString &name, TransportFactory factory, const Options &options,
               QObject *parent = nullptr);
    ~Connection() override;

    // Stamped on every traffic event of this connection (TrafficEvent::connectionId).
    int id() const { return m_id; }
    QString name() const { return m_name; }
    void setName(const QString &name);
    Options options() const { return m_options; }
    // Takes effect at the next connect (ping interval and auto-restart at once).
    void setOptions(const Options &options);
    void setTransportFactory(TransportFactory factory);

    State state() const { return m_state; }
    static QString stateName(State state);
    // "connected", "exited with code 3", "failed: ..." for lists and status lines.
    QString stateText() const;
    // Why the last connection ended or failed (empty while connected).
    QString errorString() const { return m_errorString; }
    // "exited with code 3" / "killed by signal 9 (SIGKILL)" after a stdio server ended.
    QString exitDescription() const { return m_exitDescription; }
    // The last stderr lines seen (most recent last), kept across a crash.
    QStringList lastStderrLines() const { return m_stderrTail; }
    SessionInfo sessionInfo() const { return m_sessionInfo; }
    bool isConnected() const { return m_state == State::Connected; }
    // The latest ping round trip; -1 before the first answer.
    qint64 pingLatencyMs() const { return m_pingLatencyMs; }
    // This connection's own traffic, from the first byte (owned).
    TrafficLog *trafficLog() const { return m_trafficLog; }
    // Roots answered to roots/list.
    QJsonArray roots() const { return m_roots; }
    // Secret values of the current configuration (secret env values and headers, bearer
    // token), redacted from traffic exports.
    QStringList secretValues() const { return m_secretValues; }
    void setSecretValues(const QStringList &values) { m_secretValues = values; }

    // Client-to-server requests. Without a connection they finish at once with an error.
    PendingCall *call(const QString &method, const QJsonObject &params = {},
                      const std::optional<RequestOptions> &options = std::nullopt);
    // Follows nextCursor to the end (Client::listAll); done runs on the GUI thread, never
    // after context is destroyed.
    void listAll(const QString &method, const QString &itemsKey, const QObject *context,
                 std::function<void(const QJsonArray &items, const std::optional<RpcError> &error)> done);
    void notify(const QString &method, const QJsonObject &params = {});

public Q_SLOTS:
    void connectToServer();
    void disconnectFromServer();
    // Disconnect (for stdio: end the process) and connect again.
    void restart();
    void ping();
    void setRoots(const QJsonArray &roots);

Q_SIGNALS:
    void stateChanged(Mcp::Ui::Connection::State state);
    void sessionInfoChanged();
    void pingLatencyChanged(qint64 ms);
    // Every traffic event, in batches, already stamped with id() and appended to trafficLog().
    void trafficBatch(const QList<Mcp::TrafficEvent> &events);
    void consoleLines(const QList<Mcp::Ui::ConsoleLine> &lines);
    // notifications/message entries, in batches (a flooding server must not flood the GUI).
    void logMessages(const QList<Mcp::Ui::LogEntry> &entries);
    // Every notification, in batches, after the typed signals.
    void notificationsReceived(const QList<Mcp::Message> &messages);
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    void resourceUpdated(const QString &uri);
    void taskStatus(const QJsonObject &task);
    // Sampling and elicitation. The receiver answers it; nobody listening: it is declined.
    void serverRequestReceived(Mcp::Ui::ServerRequest *request);
    void autoRestartScheduled(int delayMs);
    void autoRestartGaveUp(const QString &reason);

private:
    friend class PendingCall;
    friend class ServerRequest;

    void connectNotify(const QMetaMethod &signal) override;
    void disconnectNotify(const QMetaMethod &signal) override;
    void onWorkerState(int clientState, const QString &reason, bool processExited,
                       const QString &exitDescription);
    void onSessionReady(const Mcp::Ui::SessionInfo &info);
    void onTrafficBatch(const QList<Mcp::TrafficEvent> &events);
    void onCallProgress(quint64 token, double progress, double total, const QString &message);
    void onCallFinished(quint64 token, bool isError, const QJsonValue &result,
                        const Mcp::RpcError &error, qint64 elapsedMs);
    void onListFinished(quint64 token, const QJsonArray &items, bool hasError, const Mcp::RpcError &error);
    void onServerRequest(quint64 token, const QString &method, const QJsonObject &params);
    void onServerRequestCancelled(quint64 token, const QString &reason);
    void setState(State state);
    void scheduleAutoRestart();
    void cancelCall(quint64 token, const QString &reason);
    void answerServerRequest(quint64 token, bool isError, const QJsonValue &result, const RpcError &error);

    int m_id;
    QString m_name;
    Options m_options;
    QThread *m_thread = nullptr;
    ConnectionWorker *m_worker = nullptr;
    TrafficLog *m_trafficLog = nullptr;
    State m_state = State::Disconnected;
    QString m_errorString;
    QString m_exitDescription;
    QStringList m_stderrTail;
    SessionInfo m_sessionInfo;
    qint64 m_pingLatencyMs = -1;
    QJsonArray m_roots;
    QStringList m_secretValues;
    quint64 m_nextToken = 1;
    QHash<quint64, QPointer<PendingCall>> m_calls;
    struct ListWaiter
    {
        QPointer<const QObject> context;
        std::function<void(const QJsonArray &, const std::optional<RpcError> &)> done;
    };
    QHash<quint64, ListWaiter> m_lists;
    QHash<quint64, QPointer<ServerRequest>> m_serverRequests;
    bool m_userDisconnect = false;
    qint64 m_connectedSinceMs = 0;
    int m_quickFailures = 0;
    QTimer *m_restartTimer = nullptr;
    // Read by the worker: whether anyone listens to notificationsReceived (a flood of
    // notifications is not copied to the GUI thread for nobody).
    std::shared_ptr<std::atomic<bool>> m_wantsNotifications;
};

} // namespace Ui
} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::Ui::SessionInfo)
Q_DECLARE_METATYPE(Mcp::Ui::ConsoleLine)
Q_DECLARE_METATYPE(Mcp::Ui::LogEntry)
