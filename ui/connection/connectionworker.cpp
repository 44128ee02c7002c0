#include "connection/connectionworker.h"

#include "transport/transport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcConnection, "mcp.ui.connection")

namespace Mcp {
namespace Ui {

// Forwards the Client's server-to-client requests to the worker.
class ConnectionWorker::Handler : public ServerRequestHandler
{
public:
    explicit Handler(ConnectionWorker *worker) : m_worker(worker) {}
    void handleRequest(IncomingRequest *request) override { m_worker->handleServerRequest(request); }

private:
    ConnectionWorker *m_worker;
};

namespace {
QByteArray compactJson(const QJsonValue &value)
{
    // QJsonDocument holds only objects and arrays: wrap the value and cut the brackets off.
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return array.size() >= 2 ? array.sliced(1, array.size() - 2) : QByteArray();
}

// Short enough that a live log feels live, long enough that a flood of notifications
// becomes a few dozen queued signals per second instead of thousands.
constexpr int TrafficFlushIntervalMs = 30;
}

ConnectionWorker::ConnectionWorker(int connectionId, Connection::TransportFactory factory,
                                   const Connection::Options &options,
                                   std::shared_ptr<std::atomic<bool>> wantsNotifications)
    : m_connectionId(connectionId)
    , m_factory(std::move(factory))
    , m_options(options)
    , m_wantsNotifications(std::move(wantsNotifications))
    , m_rootsHandler(new Handler(this))
    , m_samplingHandler(new Handler(this))
    , m_elicitationHandler(new Handler(this))
{
}

ConnectionWorker::~ConnectionWorker()
{
    shutdown();
    delete m_rootsHandler;
    delete m_samplingHandler;
    delete m_elicitationHandler;
}

void ConnectionWorker::setTransportFactory(Connection::TransportFactory factory)
{
    m_factory = std::move(factory);
}

void ConnectionWorker::setOptions(const Connection::Options &options)
{
    m_options = options;
    if (m_pingTimer) {
        if (m_options.pingIntervalMs > 0) {
            m_pingTimer->setInterval(m_options.pingIntervalMs);
            if (m_client && m_client->isReady() && !m_pingTimer->isActive())
                m_pingTimer->start();
        } else {
            m_pingTimer->stop();
        }
    }
}

void ConnectionWorker::createClient()
{
    if (m_client) {
        m_client->disconnect(this);
        m_client->deleteLater();
        m_client = nullptr;
    }
    if (!m_flushTimer) {
        m_flushTimer = new QTimer(this);
        m_flushTimer->setSingleShot(true);
        m_flushTimer->setInterval(TrafficFlushIntervalMs);
        connect(m_flushTimer, &QTimer::timeout, this, &ConnectionWorker::flushTraffic);
        m_pingTimer = new QTimer(this);
        connect(m_pingTimer, &QTimer::timeout, this, &ConnectionWorker::ping);
    }
    m_processExited = false;
    m_exitDescription.clear();
    m_lastError.clear();

    Transport *transport = m_factory ? m_factory() : nullptr;
    if (!transport) {
        Q_EMIT stateChanged(int(Client::State::Failed),
                            QCoreApplication::translate("Mcp::Ui::Connection", "The server settings are incomplete."),
                            false, {});
        return;
    }
    m_client = new Client(transport, this);
    Implementation info;
    info.name = QStringLiteral("mcpscope");
    info.title = QStringLiteral("MCP Scope");
    info.version = QCoreApplication::applicationVersion().isEmpty()
        ? QStringLiteral("0.1.0") : QCoreApplication::applicationVersion();
    m_client->setClientInfo(info);
    m_client->setInitializeTimeout(m_options.connectTimeoutMs);
    m_client->setRootsHandler(m_options.advertiseRoots ? m_rootsHandler : nullptr);
    m_client->setSamplingHandler(m_options.advertiseSampling ? m_samplingHandler : nullptr);
    m_client->setElicitationHandler(m_options.advertiseElicitation ? m_elicitationHandler : nullptr);

    connect(transport, &Transport::errorOccurred, this, [this](const TransportError &error) {
        if (error.kind == TransportError::Kind::ProcessExited) {
            m_processExited = true;
            if (m_exitDescription.isEmpty())
                m_exitDescription = error.message;
        }
        m_lastError = error.message;
    });
    connect(m_client, &Client::stateChanged, this, &ConnectionWorker::onClientState);
    connect(m_client, &Client::disconnected, this, [this](const QString &reason) {
        if (!reason.isEmpty())
            m_lastError = reason;
    });
    connect(m_client, &Client::errorOccurred, this, [this](const QString &message) { m_lastError = message; });
    connect(m_client, &Client::trafficEvent, this, &ConnectionWorker::onTraffic);
    connect(m_client, &Client::notificationReceived, this, [this](const Message &message) {
        if (!m_wantsNotifications->load(std::memory_order_relaxed))
            return;
        m_pendingNotifications.append(message);
        scheduleFlush();
    });
    connect(m_client, &Client::toolsListChanged, this, &ConnectionWorker::toolsListChanged);
    connect(m_client, &Client::resourcesListChanged, this, &ConnectionWorker::resourcesListChanged);
    connect(m_client, &Client::promptsListChanged, this, &ConnectionWorker::promptsListChanged);
    connect(m_client, &Client::resourceUpdated, this, &ConnectionWorker::resourceUpdated);
    connect(m_client, &Client::taskStatus, this, &ConnectionWorker::taskStatus);
    connect(m_client, &Client::logMessage, this,
            [this](const QString &level, const QString &logger, const QJsonValue &data) {
        // Equal strings share one buffer, so a flood of entries frees few strings on the GUI thread.
        if (level != m_lastLevel)
            m_lastLevel = level;
        if (logger != m_lastLogger)
            m_lastLogger = logger;
        m_pendingLogs.append(LogEntry{QDateTime::currentMSecsSinceEpoch(), m_lastLevel, m_lastLogger, compactJson(data)});
        scheduleFlush();
    });
    connect(m_client, &Client::sessionReinitialized, this, [this] {
        if (m_client)
            onClientState(m_client->state());
    });
}

void ConnectionWorker::connectToServer()
{
    m_userDisconnect = false;
    m_restartPending = false;
    if (m_client && m_client->state() != Client::State::Disconnected
        && m_client->state() != Client::State::Failed) {
        return; // already connecting or connected
    }
    createClient();
    if (m_client)
        m_client->connectToServer();
}

void ConnectionWorker::disconnectFromServer()
{
    m_userDisconnect = true;
    m_restartPending = false;
    if (m_pingTimer)
        m_pingTimer->stop();
    if (m_client)
        m_client->disconnectFromServer();
}

void ConnectionWorker::restart()
{
    if (!m_client || m_client->state() == Client::State::Disconnected
        || m_client->state() == Client::State::Failed) {
        connectToServer();
        return;
    }
    m_userDisconnect = true;
    m_restartPending = true;
    m_client->disconnectFromServer();
}

void ConnectionWorker::onClientState(Client::State state)
{
    switch (state) {
    case Client::State::Ready: {
        SessionInfo info;
        info.protocolVersion = m_client->protocolVersion();
        info.serverInfo = m_client->serverInfo();
        info.serverCapabilities = m_client->serverCapabilities();
        info.clientCapabilities = m_client->clientCapabilities();
        info.instructions = m_client->instructions();
        if (Transport *t = m_client->transport()) {
            info.transportName = t->transportName();
            info.endpoint = t->endpointDescription();
            info.sessionId = t->sessionId();
            info.processId = t->processId();
        }
        Q_EMIT sessionReady(info);
        Q_EMIT stateChanged(int(state), {}, false, {});
        if (m_options.pingIntervalMs > 0) {
            m_pingTimer->setInterval(m_options.pingIntervalMs);
            m_pingTimer->start();
        }
        ping(); // a first latency figure right away
        return;
    }
    case Client::State::Disconnected:
    case Client::State::Failed: {
        if (m_pingTimer)
            m_pingTimer->stop();
        m_pingInFlight = false;
        flushTraffic();
        if (m_restartPending) {
            m_restartPending = false;
            m_userDisconnect = false;
            createClient();
            if (m_client)
                m_client->connectToServer();
            return;
        }
        QString reason = m_client ? m_client->errorString() : QString();
        if (reason.isEmpty())
            reason = m_lastError;
        if (m_userDisconnect && state == Client::State::Disconnected)
            reason.clear();
        Q_EMIT stateChanged(int(state), reason, m_processExited && !m_userDisconnect, m_exitDescription);
        return;
    }
    default:
        Q_EMIT stateChanged(int(state), {}, false, {});
        return;
    }
}

void ConnectionWorker::onTraffic(const TrafficEvent &event)
{
    TrafficEvent stamped = event;
    stamped.connectionId = m_connectionId;
    if (stamped.kind == TrafficEvent::Kind::ProcessExited && !stamped.note.isEmpty())
        m_exitDescription = stamped.note;
    m_pendingTraffic.append(stamped);
    scheduleFlush();
}

void ConnectionWorker::scheduleFlush()
{
    if (m_flushTimer && !m_flushTimer->isActive())
        m_flushTimer->start();
}

void ConnectionWorker::flushTraffic()
{
    if (m_flushTimer)
        m_flushTimer->stop();
    if (!m_pendingTraffic.isEmpty()) {
        QList<TrafficEvent> batch;
        batch.swap(m_pendingTraffic);
        Q_EMIT trafficBatch(batch);
    }
    if (!m_pendingNotifications.isEmpty()) {
        QList<Message> batch;
        batch.swap(m_pendingNotifications);
        Q_EMIT notificationsReceived(batch);
    }
    if (!m_pendingLogs.isEmpty()) {
        QList<LogEntry> batch;
        batch.swap(m_pendingLogs);
        Q_EMIT logMessages(batch);
    }
}

void ConnectionWorker::ping()
{
    if (!m_client || !m_client->isReady() || m_pingInFlight)
        return;
    m_pingInFlight = true;
    RequestHandle *handle = m_client->ping();
    connect(handle, &RequestHandle::finished, this, [this, handle] {
        m_pingInFlight = false;
        if (!handle->isError())
            Q_EMIT pingMeasured(handle->elapsedMs());
    });
}

void ConnectionWorker::startCall(quint64 token, const QString &method, const QJsonObject &params,
                                 const RequestOptions &options)
{
    if (!m_client) {
        Q_EMIT callFinished(token, true, QJsonValue::Undefined,
                            RpcError{SessionErrorCode::ConnectionClosed,
                                     QCoreApplication::translate("Mcp::Ui::Connection", "Not connected."), QJsonValue::Undefined},
                            0);
        return;
    }
    RequestHandle *handle = m_client->sendRequest(method, params, options);
    m_calls.insert(token, handle);
    connect(handle, &RequestHandle::progress, this,
            [this, token](double progress, double total, const QString &message) {
        Q_EMIT callProgress(token, progress, total, message);
    });
    connect(handle, &RequestHandle::finished, this, [this, token, handle] {
        m_calls.remove(token);
        // The answer's traffic reaches the GUI before the answer itself, so whoever shows
        // the result can also find its messages in the log.
        flushTraffic();
        Q_EMIT callFinished(token, handle->isError(), handle->result(), handle->error(), handle->elapsedMs());
    });
}

void ConnectionWorker::cancelCall(quint64 token, const QString &reason)
{
    if (RequestHandle *handle = m_calls.value(token))
        handle->cancel(reason);
}

void ConnectionWorker::startListAll(quint64 token, const QString &method, const QString &itemsKey)
{
    if (!m_client) {
        Q_EMIT listFinished(token, {}, true,
                            RpcError{SessionErrorCode::ConnectionClosed,
                                     QCoreApplication::translate("Mcp::Ui::Connection", "Not connected."), QJsonValue::Undefined});
        return;
    }
    m_client->listAll(method, itemsKey, this,
                      [this, token](const QJsonArray &items, const std::optional<RpcError> &error) {
        Q_EMIT listFinished(token, items, error.has_value(), error.value_or(RpcError{}));
    });
}

void ConnectionWorker::notify(const QString &method, const QJsonObject &params)
{
    if (m_client && m_client->isReady())
        m_client->sendNotification(method, params);
}

void ConnectionWorker::setRoots(const QJsonArray &roots)
{
    m_roots = roots;
    if (m_client && m_client->isReady() && m_options.advertiseRoots)
        m_client->notifyRootsListChanged();
}

void ConnectionWorker::handleServerRequest(IncomingRequest *request)
{
    if (request->method() == QLatin1String("roots/list")) {
        answerRoots(request);
        return;
    }
    const quint64 token = m_nextRequestToken++;
    m_incoming.insert(token, request);
    connect(request, &IncomingRequest::cancelled, this, [this, token](const QString &reason) {
        m_incoming.remove(token);
        Q_EMIT serverRequestCancelled(token, reason);
    });
    connect(request, &QObject::destroyed, this, [this, token] {
        if (m_incoming.remove(token))
            Q_EMIT serverRequestCancelled(token, QString());
    });
    Q_EMIT serverRequest(token, request->method(), request->params());
}

void ConnectionWorker::answerRoots(IncomingRequest *request)
{
    QJsonObject result;
    result.insert(QStringLiteral("roots"), m_roots);
    request->respond(result);
}

void ConnectionWorker::answerServerRequest(quint64 token, bool isError, const QJsonValue &result,
                                           const RpcError &error)
{
    IncomingRequest *request = m_incoming.take(token);
    if (!request || request->isAnswered())
        return;
    if (isError)
        request->reject(error);
    else
        request->respond(result);
}

void ConnectionWorker::shutdown()
{
    if (m_pingTimer)
        m_pingTimer->stop();
    flushTraffic();
    m_incoming.clear();
    m_calls.clear();
    delete m_client; // the transport ends the child process in its destructor
    m_client = nullptr;
}

} // namespace Ui
} // namespace Mcp
