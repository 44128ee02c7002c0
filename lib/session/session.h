#pragma once

#include "jsonrpc/message.h"
#include "session/client.h"
#include "session/requests.h"
#include "session/serverconnection.h"
#include "transport/trafficevent.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QReadWriteLock>
#include <QSet>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QThread;
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

class SessionWorker;
class Transport;

// Which notifications the session's thread hands over: all of them (someone listens to
// Session::notificationsReceived), or those ServerConnection has a signal for and those of the
// methods subscribed with onNotification.
// Written on the caller's thread, read on the session's.
class NotificationWants
{
public:
    bool wants(const QString &method) const
    {
        if (m_all.load(std::memory_order_relaxed) || ServerConnection::hasSignalFor(method))
            return true;
        if (!m_any.load(std::memory_order_relaxed))
            return false;
        QReadLocker locker(&m_lock);
        return m_methods.contains(method);
    }
    void setAll(bool all) { m_all.store(all); }
    void setMethods(const QSet<QString> &methods)
    {
        QWriteLocker locker(&m_lock);
        m_methods = methods;
        m_any.store(!methods.isEmpty());
    }

private:
    std::atomic<bool> m_all{false};
    std::atomic<bool> m_any{false};
    mutable QReadWriteLock m_lock;
    QSet<QString> m_methods;
};

// What the server said about itself at initialize, plus transport facts. A value type, so
// it can cross from the session's thread to the caller's.
struct SessionInfo
{
    QString protocolVersion;
    Implementation serverInfo;
    QJsonObject serverCapabilities;
    QJsonObject clientCapabilities;
    QString instructions;
    QString transportName;   // "stdio", "http", "sse", "websocket"
    QString endpoint;        // command line or URL
    QString sessionId;       // HTTP session id, if any
    qint64 processId = 0;    // stdio child's pid while it runs
    // The protocol era: what was decided and how (probed, pinned, cached).
    Modern::EraRecord era;
    QJsonObject discoverResult;        // modern: the server/discover result
    QStringList deprecatedFeatures;    // modern: roots, sampling, logging the server relies on (grows as it uses them)
    // Modern: tool name -> why it cannot be called; updated after every tools/list
    // (Session::invalidToolsChanged), since the tools are checked as they are listed.
    QHash<QString, QString> invalidTools;
};

// The modern era's subscriptions/listen stream as the caller sees it (Client::listenState and
// its filters), a value that crosses from the session's thread.
struct ListenStatus
{
    Client::ListenState state = Client::ListenState::Off;
    Modern::SubscriptionFilter requested;    // what the stream asks for (or would)
    Modern::SubscriptionFilter acknowledged; // what the server agreed to send
    QString error;                           // why it was refused or dropped
    bool modern = false;                     // the connection speaks the modern era
    bool explicitFilter = false;             // requested is the caller's, not the default
};

// One notifications/message from the server. Built on the session's thread in the form a
// log view keeps: a flood of them must cost the receiving thread little to store and to
// free (one allocation per entry; level and logger strings are shared).
struct LogEntry
{
    qint64 wallClockMs = 0;
    QString level;   // debug, info, notice, warning, error, critical, alert, emergency
    QString logger;
    QByteArray dataJson; // the data member as compact JSON (any JSON value, also a bare string)

    // The data member parsed back (Undefined when dataJson is empty or broken).
    QJsonValue data() const;
};

// One unexpected end of a connection: a server process that exited or a connection that failed,
// with the evidence a person needs after an automatic restart has replaced it.
struct ExitRecord
{
    qint64 wallClockMs = 0;
    QString description;          // "exited with code 3", "killed by signal 9 (SIGKILL)", the failure
    QStringList stderrTail;       // the server's last stderr lines before it ended
    QStringList pendingRequests;  // methods of the requests it left unanswered
};

// One connection to one MCP server for a caller on another thread (the window, tests): the
// Client's API (ServerConnection) across a thread. The transport and the Client live on a QThread
// owned by this object; everything here runs on the thread that created it and talks to the
// Client only through queued calls and signals with value types. Traffic events arrive in batches
// (every ~30 ms), never one queued signal per frame. Adds what a long-lived connection needs: a
// periodic ping, restarts with backoff, and the roots it answers. The server's notifications
// arrive as ServerConnection's signals (decoded here from what the Client accepted),
// notificationsReceived and onNotification.
class Session : public ServerConnection
{
    Q_OBJECT

public:
    // The connection as a person sees it (Client::State is the protocol's lifecycle inside it).
    enum class State { Disconnected, Connecting, Connected, Failed, Exited };
    Q_ENUM(State)
    // Whether a connected server answers: failed pings and requests and dropped streams make it
    // Degraded, a second failure in a row Unreachable; any answer makes it Reachable again.
    // Unreachable whenever the state is not Connected.
    enum class Health { Reachable, Degraded, Unreachable };
    Q_ENUM(Health)

    struct Options
    {
        // The client's own options; by default it answers everything a server may ask (a
        // person does) and connects within 30 s.
        ClientOptions client = ClientOptions::interactive();
        RequestOptions request;          // defaults for sendRequest()
        int pingIntervalMs = 15000;      // 0: no periodic ping
        // Restart after the server exits or fails unexpectedly, with exponential backoff;
        // give up after restartMaxAttempts restarts in a row that died quickly (0: never).
        bool autoRestart = false;
        int restartInitialBackoffMs = 1000;
        int restartMaxBackoffMs = 30000;
        int restartMaxAttempts = 5;
        // The client's cachedEra is what an earlier connection detected: each detection
        // replaces it, so restarts use the latest.
    };

    // Creates the transport. Runs on the session's thread, once per connect.
    using TransportFactory = std::function<Transport *()>;

    Session(int id, const QString &name, TransportFactory factory, const Options &options,
            QObject *parent = nullptr);
    ~Session() override;

    // Stamped on every traffic event of this session (TrafficEvent::connectionId).
    int id() const { return m_id; }
    QString name() const { return m_name; }
    virtual void setName(const QString &name);
    Options options() const { return m_options; }
    // Takes effect at the next connect (ping interval and auto-restart at once).
    void setOptions(const Options &options);
    void setTransportFactory(TransportFactory factory);
    // What makes this server's transports: a second connection of its own (the Doctor's) is
    // made as the session's are.
    TransportFactory transportFactory() const { return m_factory; }

    State state() const { return m_state; }
    static QString stateName(State state);
    // "connected", "unreachable: ...", "exited with code 3", "failed: ...", with the restart
    // schedule, for lists and status lines: the one text every view shows.
    QString stateText() const;
    Health health() const;
    // The failure behind Degraded or Unreachable, and since when (ms since the epoch).
    QString healthError() const { return m_healthError; }
    qint64 unhealthySinceMs() const { return m_unhealthySinceMs; }
    // The automatic restart: the attempt waiting (0: none) of how many, when it is due, and why
    // the restarts stopped (empty unless they gave up).
    int restartAttempt() const;
    int restartMaxAttempts() const { return m_options.restartMaxAttempts; }
    qint64 restartDueMs() const;
    QString restartGaveUpReason() const { return m_restartGaveUpReason; }
    // "restarting in 4 s (attempt 3 of 5)" or "gave up: ...", empty otherwise.
    QString restartText() const;
    // Every unexpected end so far, oldest first; kept across restarts.
    QList<ExitRecord> exitHistory() const { return m_exitHistory; }
    // The last stderr lines seen (most recent last), kept across a crash.
    QStringList lastStderrLines() const { return m_stderrTail; }
    QString errorString() const override { return m_errorString; }
    // "exited with code 3" / "killed by signal 9 (SIGKILL)" after a stdio server ended.
    QString exitDescription() const { return m_exitDescription; }
    // What the server said at its last initialize; kept after the connection ends ("last seen").
    SessionInfo sessionInfo() const { return m_sessionInfo; }
    // When a connection that had been up ended (0: never); sessionInfo() is as of then.
    qint64 lastSeenMs() const { return m_lastSeenMs; }
    bool isConnected() const { return m_state == State::Connected; }
    // The latest ping round trip; -1 before the first answer.
    qint64 pingLatencyMs() const { return m_pingLatencyMs; }
    // Roots answered to roots/list.
    QJsonArray roots() const { return m_roots; }
    // The listen stream of a modern connection (Off otherwise), as of the last report.
    ListenStatus listenStatus() const { return m_listenStatus; }
    // From now on and on later connections; nullopt also takes the resources subscribed on the
    // Resources page.
    void setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter) override;

    // Client's requests, carried to the session's thread; nullopt options: Options::request.
    OutgoingRequest *sendRequest(const QString &method, const QJsonObject &params = {},
                                 const std::optional<RequestOptions> &options = std::nullopt) override;
    void sendNotification(const QString &method, const QJsonObject &params = {}) override;
    // ListOptions::joinUnderWay: the answer of a listing under way may serve this one too.
    using ServerConnection::listAll;
    void listAll(const ListDescriptor &list, const QObject *context, const ListOptions &options,
                 ListDone done) override;
    // Not connected: done gets an empty snapshot and says so.
    void listSnapshot(const QObject *context, const ListOptions &options, SnapshotDone done) override;

    // Runs on the session's thread on every batch of traffic before trafficBatch carries it over:
    // work on the events that would otherwise hold each receiver's thread
    // (TrafficLog::summarizeBigFrames). From the next batch on.
    using TrafficPreparer = std::function<void(QList<Mcp::TrafficEvent> &events)>;
    void setTrafficPreparer(TrafficPreparer preparer);
    // Events that belong with this session's traffic without crossing its transport (the window's
    // MCP Apps views: what passed between a view and the host, HostToApp/AppToHost; the Doctor's
    // own HTTP requests to the server), stamped with id() and delivered with trafficBatch.
    void addLocalTraffic(const QList<Mcp::TrafficEvent> &events);

    // Every notification of `method` the server sends, handed to handler on receiver's thread
    // (in order, after its ServerConnection signal) until receiver is destroyed. Only the methods
    // someone asked for cross from the session's thread: a flood of others costs nothing here.
    // A notification the window shows takes one such line where it is shown.
    void onNotification(const QString &method, QObject *receiver, std::function<void(const Mcp::Message &)> handler);

public Q_SLOTS:
    void connectToServer() override;
    void disconnectFromServer() override;
    // Disconnect (for stdio: end the process) and connect again.
    void restart();
    // The scheduled automatic restart, at once / not at all (until the next unexpected end).
    void restartNow();
    void stopRetrying();
    // The periodic health ping, now (ping, or server/discover in the modern era, which has no
    // ping): measures pingLatencyMs() and the health. ping() is the plain request.
    void pingNow();
    void setRoots(const QJsonArray &roots);

Q_SIGNALS:
    void stateChanged(Mcp::Session::State state);
    void sessionInfoChanged();
    void pingLatencyChanged(qint64 ms);
    // Every traffic event, in batches, already stamped with id().
    void trafficBatch(const QList<Mcp::TrafficEvent> &events);
    // notifications/message entries, in batches (a flooding server must not flood the receiver).
    void logMessages(const QList<Mcp::LogEntry> &entries);
    // Every notification the Client accepted, in batches, after their ServerConnection signals.
    void notificationsReceived(const QList<Mcp::Message> &messages);
    // Sampling and elicitation. The receiver answers it; nobody listening: it is declined.
    void serverRequestReceived(Mcp::IncomingRequest *request);
    void autoRestartScheduled(int delayMs);
    void autoRestartGaveUp(const QString &reason);
    // Scheduled, started, stopped or given up: restartText() changed.
    void restartScheduleChanged();
    void healthChanged(Mcp::Session::Health health);
    // The server's TLS certificate was refused: what it presented and why (untrusted, or not the
    // pinned one), for a person to decide whether to trust it.
    void tlsRefused(std::shared_ptr<const Mcp::TlsFailure> failure);
    void exitRecorded(const Mcp::ExitRecord &record);
    // A connection detected the era by probing (not pinned, not taken from cachedEra), also
    // after a cached era failed: the record to persist with the configuration.
    void eraDetected(const Mcp::Modern::EraRecord &record);
    // A tools/list changed sessionInfo().invalidTools (emitted before that list's answer
    // arrives, and followed by sessionInfoChanged()).
    void invalidToolsChanged();
    // listenStatus() changed: the stream's state or either filter.
    void listenStatusChanged();

private:
    friend class SessionWorker;

    void connectNotify(const QMetaMethod &signal) override;
    void disconnectNotify(const QMetaMethod &signal) override;
    void onWorkerState(Mcp::Client::State clientState, const QString &reason, bool processExited,
                       const QString &exitDescription);
    void onSessionReady(const Mcp::SessionInfo &info);
    void onCallProgress(quint64 token, double progress, double total, const QString &message);
    void onCallRounds(quint64 token, const QList<Modern::RoundRecord> &rounds);
    void onDeprecatedFeatureUsed(const QString &feature);
    void onCallFinished(quint64 token, const Mcp::Response &response);
    void onListFinished(quint64 token, const Mcp::Response &response);
    void onServerRequest(quint64 token, const QString &method, const QJsonObject &params);
    void onServerRequestCancelled(quint64 token, const QString &reason);
    void setState(State state);
    // connectToServer() without starting a new series of restart attempts.
    void startConnecting();
    void onHealthReport(bool answered, const QString &error);
    void recordExit(const QString &description);
    void onOwnTraffic(const QList<Mcp::TrafficEvent> &events);
    void scheduleAutoRestart();
    // Runs work on the session's thread with the worker.
    void toWorker(std::function<void(SessionWorker *)> work);

    int m_id;
    QString m_name;
    TransportFactory m_factory; // a copy of the worker's, for transportFactory()
    Options m_options;
    QThread *m_thread = nullptr;
    SessionWorker *m_worker = nullptr;
    State m_state = State::Disconnected;
    QString m_errorString;
    QString m_exitDescription;
    SessionInfo m_sessionInfo;
    qint64 m_pingLatencyMs = -1;
    QJsonArray m_roots;
    ListenStatus m_listenStatus;
    quint64 m_nextToken = 1;
    QHash<quint64, QPointer<OutgoingRequest>> m_calls;
    struct ListWaiter
    {
        QPointer<const QObject> context;
        ListDone done;
    };
    struct ListUnderWay
    {
        ListDescriptor list;
        ListOptions options;
        quint64 connection = 0;    // m_connections when it started: only this connection's are joined
        QList<ListWaiter> waiters; // whoever asked first, then whoever joined
    };
    QHash<quint64, ListUnderWay> m_lists;
    quint64 m_connections = 0; // times Connected so far
    QHash<quint64, QPointer<IncomingRequest>> m_serverRequests;
    bool m_userDisconnect = false;
    qint64 m_connectedSinceMs = 0;
    qint64 m_lastSeenMs = 0;
    int m_quickFailures = 0;
    QTimer *m_restartTimer = nullptr;
    QString m_restartGaveUpReason;
    Health m_health = Health::Reachable;
    int m_failuresInARow = 0;
    QString m_healthError;
    qint64 m_unhealthySinceMs = 0;
    QList<ExitRecord> m_exitHistory;
    QStringList m_stderrTail;
    QStringList m_lostRequests; // calls that ended with the connection, for the next ExitRecord
    // Read by the worker: whether anyone listens to notificationsReceived (a flood of
    // notifications is not copied to this thread for nobody).
    std::shared_ptr<NotificationWants> m_wantsNotifications;
    struct NotificationSubscriber
    {
        QPointer<QObject> receiver;
        std::function<void(const Mcp::Message &)> handler;
    };
    QMultiHash<QString, NotificationSubscriber> m_notificationSubscribers; // method ->
    void onWorkerNotifications(const QList<Mcp::Message> &messages);
    void updateNotificationWants();
};

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::SessionInfo)
Q_DECLARE_METATYPE(Mcp::LogEntry)
Q_DECLARE_METATYPE(Mcp::ExitRecord)
Q_DECLARE_METATYPE(Mcp::ListenStatus)
