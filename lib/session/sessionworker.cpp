#include "session/sessionworker.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "transport/transport.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace Mcp {

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

SessionWorker::SessionWorker(Session *session, Session::TransportFactory factory, const Session::Options &options,
                             std::shared_ptr<NotificationWants> wantsNotifications)
    : m_session(session)
    , m_factory(std::move(factory))
    , m_options(options)
    , m_wantsNotifications(std::move(wantsNotifications))
{
}

SessionWorker::~SessionWorker()
{
    shutdown();
}

void SessionWorker::setTransportFactory(Session::TransportFactory factory)
{
    m_factory = std::move(factory);
}

void SessionWorker::setOptions(const Session::Options &options)
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

void SessionWorker::createClient()
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
        connect(m_flushTimer, &QTimer::timeout, this, &SessionWorker::flushTraffic);
        m_pingTimer = new QTimer(this);
        connect(m_pingTimer, &QTimer::timeout, this, &SessionWorker::ping);
    }
    m_processExited = false;
    m_exitDescription.clear();
    m_lastError.clear();

    Transport *transport = m_factory ? m_factory() : nullptr;
    if (!transport) {
        Q_EMIT stateChanged(Client::State::Failed, Session::tr("The server settings are incomplete."), false, {});
        return;
    }
    m_client = new Client(transport, this);
    m_client->setOptions(m_options.client);
    m_client->setServerRequestHandler(this);
    if (m_listenFilter)
        m_client->setListenFilter(*m_listenFilter);

    // A refused certificate is a decision for a person (the window's trust dialog), whichever
    // way the transport reported it.
    const auto reportTls = [this](const TransportError &error) {
        if (error.tlsFailure)
            Q_EMIT tlsRefused(error.tlsFailure);
    };
    connect(transport, &Transport::requestFailed, this,
            [reportTls](const MessageId &, const TransportError &error) { reportTls(error); });
    connect(transport, &Transport::errorOccurred, this, [this, reportTls](const TransportError &error) {
        reportTls(error);
        if (error.kind == TransportError::Kind::ProcessExited) {
            m_processExited = true;
            if (m_exitDescription.isEmpty())
                m_exitDescription = error.message;
        }
        m_lastError = error.message;
        // A stream that dropped while the session goes on (an HTTP server gone away).
        if (error.kind != TransportError::Kind::ProcessExited && m_client && m_client->isReady())
            Q_EMIT healthReport(false, error.message);
    });
    connect(m_client, &Client::stateChanged, this, &SessionWorker::onClientState);
    connect(m_client, &Client::disconnected, this, [this](const QString &reason) {
        if (!reason.isEmpty())
            m_lastError = reason;
    });
    connect(m_client, &Client::errorOccurred, this, [this](const QString &message) { m_lastError = message; });
    connect(m_client, &Client::trafficEvent, this, &SessionWorker::onTraffic);
    connect(m_client, &Client::notificationReceived, this, [this](const Message &message) {
        if (!m_wantsNotifications->wants(message.method()))
            return;
        m_pendingNotifications.append(message);
        scheduleFlush();
    });
    // The list changes and the like reach the session with the notifications above, decoded
    // there; what the Client itself finds out crosses as the same signal.
    connect(m_client, &ServerConnection::followedTaskChanged, m_session, &ServerConnection::followedTaskChanged);
    connect(m_client, &Client::deprecatedFeatureUsed, m_session, &Session::onDeprecatedFeatureUsed);
    connect(m_client, &Client::listenStateChanged, this, &SessionWorker::publishListenStatus);
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

void SessionWorker::connectToServer()
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

void SessionWorker::disconnectFromServer()
{
    m_userDisconnect = true;
    m_restartPending = false;
    if (m_pingTimer)
        m_pingTimer->stop();
    if (m_client)
        m_client->disconnectFromServer();
}

void SessionWorker::restart()
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

void SessionWorker::onClientState(Client::State state)
{
    switch (state) {
    case Client::State::Ready: {
        SessionInfo info;
        info.protocolVersion = m_client->protocolVersion();
        info.serverInfo = m_client->serverInfo();
        info.serverCapabilities = m_client->serverCapabilities();
        info.clientCapabilities = m_client->clientCapabilities();
        info.instructions = m_client->instructions();
        info.era = m_client->eraRecord();
        if (info.era.isKnown() && info.era.source == Modern::EraRecord::Source::Probed)
            m_options.client.cachedEra = info.era; // a restart starts from it
        info.discoverResult = m_client->discoverResult();
        info.deprecatedFeatures = m_client->deprecatedFeatures();
        info.invalidTools = m_client->invalidTools();
        m_invalidTools = info.invalidTools;
        if (Transport *t = m_client->transport()) {
            info.transportName = t->transportName();
            info.endpoint = t->endpointDescription();
            info.sessionId = t->sessionId();
            info.processId = t->processId();
        }
        Q_EMIT sessionReady(info);
        publishListenStatus();
        Q_EMIT stateChanged(state, {}, false, {});
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
        Q_EMIT stateChanged(state, reason, m_processExited && !m_userDisconnect, m_exitDescription);
        return;
    }
    default:
        Q_EMIT stateChanged(state, {}, false, {});
        return;
    }
}

void SessionWorker::onTraffic(const TrafficEvent &event)
{
    TrafficEvent stamped = event;
    stamped.connectionId = m_session->id();
    if (stamped.kind == TrafficEvent::Kind::ProcessExited && !stamped.note.isEmpty())
        m_exitDescription = stamped.note;
    m_pendingTraffic.append(stamped);
    scheduleFlush();
}

void SessionWorker::scheduleFlush()
{
    if (m_flushTimer && !m_flushTimer->isActive())
        m_flushTimer->start();
}

void SessionWorker::flushTraffic()
{
    if (m_flushTimer)
        m_flushTimer->stop();
    if (!m_pendingTraffic.isEmpty()) {
        QList<TrafficEvent> batch;
        batch.swap(m_pendingTraffic);
        if (m_trafficPreparer)
            m_trafficPreparer(batch);
        Q_EMIT m_session->trafficBatch(batch);
    }
    if (!m_pendingNotifications.isEmpty()) {
        QList<Message> batch;
        batch.swap(m_pendingNotifications);
        Q_EMIT notificationsArrived(batch);
    }
    if (!m_pendingLogs.isEmpty()) {
        QList<LogEntry> batch;
        batch.swap(m_pendingLogs);
        Q_EMIT m_session->logMessages(batch);
    }
}

void SessionWorker::ping()
{
    if (!m_client || !m_client->isReady() || m_pingInFlight)
        return;
    m_pingInFlight = true;
    // The modern era has no ping: server/discover is its cheapest request.
    OutgoingRequest *handle = m_client->isModern() ? m_client->discover() : m_client->ping();
    connect(handle, &OutgoingRequest::finished, this, [this, handle] {
        m_pingInFlight = false;
        if (!handle->isError())
            Q_EMIT pingMeasured(handle->elapsedMs());
        reportHealth(handle->response());
    });
}

void SessionWorker::startCall(quint64 token, const QString &method, const QJsonObject &params,
                                 const RequestOptions &options)
{
    if (!m_client) {
        Q_EMIT callFinished(token, notConnected());
        return;
    }
    OutgoingRequest *handle = m_client->sendRequest(method, params, options);
    m_calls.insert(token, handle);
    connect(handle, &OutgoingRequest::progress, this,
            [this, token](double progress, double total, const QString &message) {
        Q_EMIT callProgress(token, progress, total, message);
    });
    connect(handle, &OutgoingRequest::roundsChanged, this, [this, token, handle] {
        Q_EMIT callRounds(token, handle->rounds());
    });
    const bool keepBigTexts = options.keepBigTexts;
    connect(handle, &OutgoingRequest::finished, this, [this, token, handle, keepBigTexts] {
        m_calls.remove(token);
        // The answer's traffic reaches the GUI before the answer itself, so whoever shows
        // the result can also find its messages in the log.
        flushTraffic();
        publishInvalidTools();
        const Response response = keepBigTexts ? handle->responseWithTexts() : handle->response();
        reportHealth(response);
        Q_EMIT callFinished(token, response);
    });
}

void SessionWorker::cancelCall(quint64 token, const QString &reason)
{
    if (OutgoingRequest *handle = m_calls.value(token))
        handle->cancel(reason);
}

void SessionWorker::startListAll(quint64 token, const ListDescriptor &list, const Client::ListOptions &options)
{
    if (!m_client) {
        Q_EMIT listFinished(token, notConnected());
        return;
    }
    m_client->listAll(list, this, options,
                      [this, token](const QJsonArray &items, const std::optional<RpcError> &error,
                                    const CacheStatus &cache) {
        // A tools/list checked the tools' x-mcp-header rules: the list's reader learns first.
        publishInvalidTools();
        Response response{items, error};
        response.cache = cache;
        Q_EMIT listFinished(token, response);
    });
}

void SessionWorker::notify(const QString &method, const QJsonObject &params)
{
    if (m_client && m_client->isReady())
        m_client->sendNotification(method, params);
}

void SessionWorker::setRoots(const QJsonArray &roots)
{
    m_roots = roots;
    if (m_client && m_client->isReady() && m_options.client.features.roots)
        m_client->notifyRootsListChanged();
}

void SessionWorker::handleRequest(IncomingRequest *request)
{
    if (request->method() == Method::RootsList) {
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

void SessionWorker::answerRoots(IncomingRequest *request)
{
    QJsonObject result;
    result.insert(Key::Roots, m_roots);
    request->respond(result);
}

void SessionWorker::answerServerRequest(quint64 token, const Response &answer)
{
    IncomingRequest *request = m_incoming.take(token);
    if (!request || request->isAnswered())
        return;
    if (answer.error)
        request->reject(*answer.error);
    else
        request->respond(answer.result);
}

void SessionWorker::reportHealth(const Response &response)
{
    // An error the server sent is an answer; these three mean no answer came.
    const int code = response.error ? response.error->code : 0;
    const bool unanswered = code == SessionErrorCode::Timeout || code == SessionErrorCode::TransportFailure
        || code == SessionErrorCode::ConnectionClosed;
    if (code == SessionErrorCode::Cancelled)
        return;
    Q_EMIT healthReport(!unanswered, unanswered ? response.error->message : QString());
}

void SessionWorker::setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter)
{
    m_listenFilter = filter;
    if (!m_client)
        return;
    m_client->setListenFilter(filter);
    publishListenStatus(); // the requested filter changed even when the state did not
}

void SessionWorker::publishListenStatus()
{
    ListenStatus status;
    if (m_client) {
        status.state = m_client->listenState();
        status.requested = m_client->listenFilter();
        status.acknowledged = m_client->acknowledgedListenFilter();
        status.error = m_client->listenError();
        status.modern = m_client->isModern();
    }
    status.explicitFilter = m_listenFilter.has_value();
    Q_EMIT listenStatusChanged(status);
}

void SessionWorker::publishInvalidTools()
{
    if (!m_client || !m_client->isModern())
        return;
    const QHash<QString, QString> tools = m_client->invalidTools();
    if (tools == m_invalidTools)
        return;
    m_invalidTools = tools;
    Q_EMIT invalidToolsChanged(tools);
}

Response SessionWorker::notConnected() const
{
    return Response{QJsonValue::Undefined, RpcError{SessionErrorCode::ConnectionClosed, Session::tr("Not connected.")}};
}

void SessionWorker::shutdown()
{
    if (m_pingTimer)
        m_pingTimer->stop();
    flushTraffic();
    m_incoming.clear();
    m_calls.clear();
    delete m_client; // the transport ends the child process in its destructor
    m_client = nullptr;
}

} // namespace Mcp
