#pragma once

#include "session/session.h"

#include <QHash>
#include <QObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

// Lives on the session's thread; owns the Client (and through it the transport). Private to
// Session: everything crosses the thread boundary as queued calls and signals with value types.
class SessionWorker : public QObject, public ServerRequestHandler
{
    Q_OBJECT

public:
    SessionWorker(Session *session, Session::TransportFactory factory, const Session::Options &options,
                  std::shared_ptr<NotificationWants> wantsNotifications);
    ~SessionWorker() override;

    // All of these run on the worker thread (invoked with Qt::QueuedConnection).
    void setTransportFactory(Session::TransportFactory factory);
    void setOptions(const Session::Options &options);
    void connectToServer();
    void disconnectFromServer();
    void restart();
    void ping();
    void startCall(quint64 token, const QString &method, const QJsonObject &params,
                   const Mcp::RequestOptions &options);
    void cancelCall(quint64 token, const QString &reason);
    void startListAll(quint64 token, const Mcp::ListDescriptor &list, const Client::ListOptions &options);
    void notify(const QString &method, const QJsonObject &params);
    void setRoots(const QJsonArray &roots);
    void answerServerRequest(quint64 token, const Mcp::Response &answer);
    void setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter);
    void setTrafficPreparer(Session::TrafficPreparer preparer) { m_trafficPreparer = std::move(preparer); }
    void shutdown();

Q_SIGNALS:
    // processExited says the stdio child ended on its own.
    void stateChanged(Mcp::Client::State clientState, const QString &reason, bool processExited,
                      const QString &exitDescription);
    void sessionReady(const Mcp::SessionInfo &info);
    void pingMeasured(qint64 ms);
    // A request was answered (answered), or got no answer from the server: timeout, transport
    // failure, a dropped stream (Session::Health).
    void healthReport(bool answered, const QString &error);
    void callProgress(quint64 token, double progress, double total, const QString &message);
    void callRounds(quint64 token, const QList<Mcp::Modern::RoundRecord> &rounds);
    void callFinished(quint64 token, const Mcp::Response &response);
    // The result of a listAll is the array of all items.
    void listFinished(quint64 token, const Mcp::Response &response);
    void serverRequest(quint64 token, const QString &method, const QJsonObject &params);
    // The notifications the Session wants (NotificationWants), in batches.
    void notificationsArrived(const QList<Mcp::Message> &messages);
    void serverRequestCancelled(quint64 token, const QString &reason);
    // Modern era: the tools a tools/list found invalid changed (sent before that list's answer).
    void invalidToolsChanged(const QHash<QString, QString> &tools);
    void listenStatusChanged(const Mcp::ListenStatus &status);
    // The server's certificate was refused (see Session::tlsRefused).
    void tlsRefused(std::shared_ptr<const Mcp::TlsFailure> failure);

private:
    void createClient();
    void onClientState(Mcp::Client::State state);
    void onTraffic(const Mcp::TrafficEvent &event);
    void flushTraffic();
    void scheduleFlush();
    // The Client's server-to-client requests, forwarded to the Session.
    void handleRequest(Mcp::IncomingRequest *request) override;
    void answerRoots(Mcp::IncomingRequest *request);
    Mcp::Response notConnected() const;
    void reportHealth(const Mcp::Response &response);
    // Tells the Session when the Client's invalid tools differ from what it last said.
    void publishInvalidTools();
    void publishListenStatus();

    Session *m_session; // on the caller's thread: only signals are sent to it
    Session::TransportFactory m_factory;
    Session::Options m_options;
    Client *m_client = nullptr;
    QJsonArray m_roots;
    QList<TrafficEvent> m_pendingTraffic;
    Session::TrafficPreparer m_trafficPreparer;
    QList<LogEntry> m_pendingLogs;
    QList<Message> m_pendingNotifications;
    std::shared_ptr<NotificationWants> m_wantsNotifications;
    QString m_lastLevel;   // shared by consecutive LogEntry values
    QString m_lastLogger;
    QTimer *m_flushTimer = nullptr;
    QTimer *m_pingTimer = nullptr;
    bool m_pingInFlight = false;
    bool m_userDisconnect = false;
    bool m_restartPending = false;
    bool m_processExited = false;
    QString m_exitDescription;
    QString m_lastError;
    quint64 m_nextRequestToken = 1;
    QHash<quint64, QPointer<OutgoingRequest>> m_calls;
    QHash<quint64, QPointer<IncomingRequest>> m_incoming;
    QHash<QString, QString> m_invalidTools; // as last told to the Session
    std::optional<Modern::SubscriptionFilter> m_listenFilter; // the caller's; nullopt: the Client's default
};

} // namespace Mcp
