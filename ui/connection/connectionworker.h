#pragma once

#include "connection/connection.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

// Lives on the connection's thread; owns the Client (and through it the transport).
// Private to Connection: everything crosses the thread boundary as queued calls and
// signals with value-type arguments.
class ConnectionWorker : public QObject
{
    Q_OBJECT

public:
    ConnectionWorker(int connectionId, Connection::TransportFactory factory,
                     const Connection::Options &options, std::shared_ptr<std::atomic<bool>> wantsNotifications);
    ~ConnectionWorker() override;

    // All of these run on the worker thread (invoked with Qt::QueuedConnection).
    void setTransportFactory(Connection::TransportFactory factory);
    void setOptions(const Connection::Options &options);
    void connectToServer();
    void disconnectFromServer();
    void restart();
    void ping();
    void startCall(quint64 token, const QString &method, const QJsonObject &params,
                   const Mcp::RequestOptions &options);
    void cancelCall(quint64 token, const QString &reason);
    void startListAll(quint64 token, const QString &method, const QString &itemsKey);
    void notify(const QString &method, const QJsonObject &params);
    void setRoots(const QJsonArray &roots);
    void answerServerRequest(quint64 token, bool isError, const QJsonValue &result, const Mcp::RpcError &error);
    void shutdown();

Q_SIGNALS:
    // clientState is a Client::State; processExited says the stdio child ended on its own.
    void stateChanged(int clientState, const QString &reason, bool processExited, const QString &exitDescription);
    void sessionReady(const Mcp::Ui::SessionInfo &info);
    void trafficBatch(const QList<Mcp::TrafficEvent> &events);
    void pingMeasured(qint64 ms);
    void callProgress(quint64 token, double progress, double total, const QString &message);
    void callFinished(quint64 token, bool isError, const QJsonValue &result, const Mcp::RpcError &error, qint64 elapsedMs);
    void listFinished(quint64 token, const QJsonArray &items, bool hasError, const Mcp::RpcError &error);
    void serverRequest(quint64 token, const QString &method, const QJsonObject &params);
    void serverRequestCancelled(quint64 token, const QString &reason);
    // Batched with the traffic: a flooding server costs a few queued signals per second.
    void logMessages(const QList<Mcp::Ui::LogEntry> &entries);
    void notificationsReceived(const QList<Mcp::Message> &messages);
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    void resourceUpdated(const QString &uri);
    void taskStatus(const QJsonObject &task);

private:
    class Handler;
    void createClient();
    void onClientState(Mcp::Client::State state);
    void onTraffic(const Mcp::TrafficEvent &event);
    void flushTraffic();
    void scheduleFlush();
    void handleServerRequest(Mcp::IncomingRequest *request);
    void answerRoots(Mcp::IncomingRequest *request);

    int m_connectionId;
    Connection::TransportFactory m_factory;
    Connection::Options m_options;
    Mcp::Client *m_client = nullptr;
    Handler *m_rootsHandler = nullptr;
    Handler *m_samplingHandler = nullptr;
    Handler *m_elicitationHandler = nullptr;
    QJsonArray m_roots;
    QList<Mcp::TrafficEvent> m_pendingTraffic;
    QList<Mcp::Ui::LogEntry> m_pendingLogs;
    QList<Mcp::Message> m_pendingNotifications;
    std::shared_ptr<std::atomic<bool>> m_wantsNotifications;
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
    QHash<quint64, QPointer<Mcp::RequestHandle>> m_calls;
    QHash<quint64, QPointer<Mcp::IncomingRequest>> m_incoming;
};

} // namespace Ui
} // namespace Mcp
