#include "session/session.h"
#include "transport/networksettings.h"

#include "session/listsnapshot.h"
#include "session/sessionworker.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QMetaMethod>
#include <QThread>
#include <QTimer>

namespace Mcp {

namespace {
// A server that dies within this time of connecting counts as a quick failure; after
// Options::restartMaxAttempts of them in a row, auto-restart stops (a crash loop helps nobody).
constexpr qint64 QuickFailureMs = 10000;
// Stderr lines kept for the exit history (and the crash banner).
constexpr int StderrTailLines = 20;

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<Mcp::SessionInfo>();
        qRegisterMetaType<std::shared_ptr<const Mcp::TlsFailure>>();
        qRegisterMetaType<Mcp::LogEntry>();
        qRegisterMetaType<QList<Mcp::LogEntry>>();
        qRegisterMetaType<Mcp::Response>();
        qRegisterMetaType<QList<Mcp::Modern::RoundRecord>>();
        qRegisterMetaType<Mcp::FollowedTask>();
        qRegisterMetaType<Mcp::Client::State>();
        qRegisterMetaType<QList<Mcp::Message>>();
        qRegisterMetaType<Mcp::TrafficEvent>();
        qRegisterMetaType<QList<Mcp::TrafficEvent>>();
        qRegisterMetaType<Mcp::Message>();
        qRegisterMetaType<Mcp::RpcError>();
        qRegisterMetaType<Mcp::RequestOptions>();
        qRegisterMetaType<Mcp::Session::State>();
        qRegisterMetaType<Mcp::Session::Health>();
        qRegisterMetaType<Mcp::ExitRecord>();
        qRegisterMetaType<Mcp::ListenStatus>();
        return true;
    }();
    Q_UNUSED(done)
}
} // namespace

// ---- Session

Session::Session(int id, const QString &name, TransportFactory factory, const Options &options, QObject *parent)
    : ServerConnection(parent), m_id(id), m_name(name), m_factory(factory), m_options(options)
{
    registerTypes();
    m_restartTimer = new QTimer(this);
    m_restartTimer->setSingleShot(true);
    connect(m_restartTimer, &QTimer::timeout, this, [this] {
        startConnecting();
        m_userDisconnect = false;
        Q_EMIT restartScheduleChanged();
    });

    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("mcp-session-%1").arg(id));
    m_wantsNotifications = std::make_shared<NotificationWants>();
    m_worker = new SessionWorker(this, std::move(factory), options, m_wantsNotifications);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &SessionWorker::stateChanged, this, &Session::onWorkerState);
    connect(m_worker, &SessionWorker::sessionReady, this, &Session::onSessionReady);
    connect(m_worker, &SessionWorker::pingMeasured, this, [this](qint64 ms) {
        m_pingLatencyMs = ms;
        Q_EMIT pingLatencyChanged(ms);
    });
    connect(m_worker, &SessionWorker::healthReport, this, &Session::onHealthReport);
    connect(m_worker, &SessionWorker::tlsRefused, this, &Session::tlsRefused);
    connect(m_worker, &SessionWorker::notificationsArrived, this, &Session::onWorkerNotifications);
    connect(this, &Session::trafficBatch, this, &Session::onOwnTraffic);
    connect(m_worker, &SessionWorker::callProgress, this, &Session::onCallProgress);
    connect(m_worker, &SessionWorker::callRounds, this, &Session::onCallRounds);
    connect(m_worker, &SessionWorker::callFinished, this, &Session::onCallFinished);
    connect(m_worker, &SessionWorker::listFinished, this, &Session::onListFinished);
    connect(m_worker, &SessionWorker::serverRequest, this, &Session::onServerRequest);
    connect(m_worker, &SessionWorker::serverRequestCancelled, this, &Session::onServerRequestCancelled);
    connect(m_worker, &SessionWorker::listenStatusChanged, this, [this](const ListenStatus &status) {
        m_listenStatus = status;
        Q_EMIT listenStatusChanged();
    });
    connect(m_worker, &SessionWorker::invalidToolsChanged, this, [this](const QHash<QString, QString> &tools) {
        m_sessionInfo.invalidTools = tools;
        Q_EMIT invalidToolsChanged();
        Q_EMIT sessionInfoChanged();
    });

    m_thread->start();
}

Session::~Session()
{
    // Unanswered server requests are dropped with the worker; do not let their destructors
    // post to a worker that is going away.
    for (const auto &request : std::as_const(m_serverRequests)) {
        if (request)
            request->withdraw({}, false);
    }
    toWorker([](SessionWorker *worker) { worker->shutdown(); });
    m_thread->quit();
    // The worker only has to kill a child process; bounded so that quitting never hangs.
    m_thread->wait(5000);
}

void Session::toWorker(std::function<void(SessionWorker *)> work)
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, work = std::move(work)] { work(worker); },
                              Qt::QueuedConnection);
}

void Session::connectNotify(const QMetaMethod &signal)
{
    if (signal == QMetaMethod::fromSignal(&Session::notificationsReceived))
        m_wantsNotifications->setAll(true);
}

void Session::disconnectNotify(const QMetaMethod &signal)
{
    // An invalid signal means "all": ask the connection itself.
    if (!signal.isValid() || signal == QMetaMethod::fromSignal(&Session::notificationsReceived))
        m_wantsNotifications->setAll(isSignalConnected(QMetaMethod::fromSignal(&Session::notificationsReceived)));
}

void Session::onNotification(const QString &method, QObject *receiver, std::function<void(const Message &)> handler)
{
    m_notificationSubscribers.insert(method, {receiver, std::move(handler)});
    connect(receiver, &QObject::destroyed, this, &Session::updateNotificationWants, Qt::UniqueConnection);
    updateNotificationWants();
}

void Session::updateNotificationWants()
{
    QSet<QString> methods;
    for (auto it = m_notificationSubscribers.begin(); it != m_notificationSubscribers.end();) {
        if (!it->receiver) {
            it = m_notificationSubscribers.erase(it);
            continue;
        }
        methods.insert(it.key());
        ++it;
    }
    m_wantsNotifications->setMethods(methods);
}

void Session::onWorkerNotifications(const QList<Message> &messages)
{
    for (const Message &message : messages)
        deliver(message);
    if (isSignalConnected(QMetaMethod::fromSignal(&Session::notificationsReceived)))
        Q_EMIT notificationsReceived(messages);
    for (const Message &message : messages) {
        // A copy: a handler may subscribe or be destroyed meanwhile.
        const QList<NotificationSubscriber> subscribers = m_notificationSubscribers.values(message.method());
        for (auto it = subscribers.crbegin(); it != subscribers.crend(); ++it) // in the order subscribed
            if (it->receiver)
                it->handler(message);
    }
}

QJsonValue LogEntry::data() const
{
    if (dataJson.isEmpty())
        return QJsonValue::Undefined;
    const QJsonDocument document = QJsonDocument::fromJson('[' + dataJson + ']');
    return document.isArray() && !document.array().isEmpty() ? document.array().at(0) : QJsonValue(QJsonValue::Undefined);
}

void Session::setName(const QString &name)
{
    m_name = name;
}

void Session::setOptions(const Options &options)
{
    m_options = options;
    toWorker([options](SessionWorker *worker) { worker->setOptions(options); });
    if (!options.autoRestart && m_restartTimer->isActive()) {
        m_restartTimer->stop();
        Q_EMIT restartScheduleChanged();
    }
}

void Session::setTransportFactory(TransportFactory factory)
{
    m_factory = factory;
    toWorker([factory = std::move(factory)](SessionWorker *worker) { worker->setTransportFactory(factory); });
}

QString Session::stateName(State state)
{
    switch (state) {
    case State::Disconnected: return tr("disconnected");
    case State::Connecting: return tr("connecting");
    case State::Connected: return tr("connected");
    case State::Failed: return tr("failed");
    case State::Exited: return tr("exited");
    }
    return {};
}

QString Session::stateText() const
{
    QString text;
    switch (m_state) {
    case State::Exited:
        text = m_exitDescription.isEmpty() ? tr("exited") : m_exitDescription;
        break;
    case State::Failed:
        text = m_errorString.isEmpty() ? tr("failed") : tr("failed: %1").arg(m_errorString);
        break;
    case State::Connected:
        if (m_health == Health::Degraded)
            return tr("degraded: %1").arg(m_healthError);
        if (m_health == Health::Unreachable)
            return tr("unreachable: %1").arg(m_healthError);
        return stateName(m_state);
    default:
        return stateName(m_state);
    }
    const QString restart = restartText();
    return restart.isEmpty() ? text : tr("%1; %2").arg(text, restart);
}

Session::Health Session::health() const
{
    return m_state == State::Connected ? m_health : Health::Unreachable;
}

int Session::restartAttempt() const
{
    return m_restartTimer->isActive() ? m_quickFailures : 0;
}

qint64 Session::restartDueMs() const
{
    return m_restartTimer->isActive() ? QDateTime::currentMSecsSinceEpoch() + m_restartTimer->remainingTime() : 0;
}

QString Session::restartText() const
{
    if (m_restartTimer->isActive()) {
        const int seconds = (m_restartTimer->remainingTime() + 999) / 1000;
        if (m_options.restartMaxAttempts > 0) {
            return tr("restarting in %1 s (attempt %2 of %3)")
                .arg(seconds).arg(qMax(1, m_quickFailures)).arg(m_options.restartMaxAttempts);
        }
        return tr("restarting in %1 s").arg(seconds);
    }
    if (!m_restartGaveUpReason.isEmpty() && (m_state == State::Exited || m_state == State::Failed))
        return tr("gave up: %1").arg(m_restartGaveUpReason);
    return {};
}

void Session::restartNow()
{
    if (!m_restartTimer->isActive())
        return;
    m_restartTimer->stop();
    startConnecting();
    Q_EMIT restartScheduleChanged();
}

void Session::stopRetrying()
{
    if (!m_restartTimer->isActive())
        return;
    m_restartTimer->stop();
    m_quickFailures = 0;
    Q_EMIT restartScheduleChanged();
}

void Session::onHealthReport(bool answered, const QString &error)
{
    if (m_state != State::Connected)
        return;
    const Health before = m_health;
    if (answered) {
        m_failuresInARow = 0;
        m_health = Health::Reachable;
        m_healthError.clear();
        m_unhealthySinceMs = 0;
    } else {
        ++m_failuresInARow;
        m_healthError = error;
        if (m_unhealthySinceMs == 0)
            m_unhealthySinceMs = QDateTime::currentMSecsSinceEpoch();
        m_health = m_failuresInARow >= 2 ? Health::Unreachable : Health::Degraded;
        // The last round trip no longer says anything about a server that does not answer.
        if (m_pingLatencyMs >= 0) {
            m_pingLatencyMs = -1;
            Q_EMIT pingLatencyChanged(-1);
        }
    }
    if (m_health != before)
        Q_EMIT healthChanged(m_health);
}

void Session::setTrafficPreparer(TrafficPreparer preparer)
{
    toWorker([preparer = std::move(preparer)](SessionWorker *worker) { worker->setTrafficPreparer(preparer); });
}

void Session::addLocalTraffic(const QList<TrafficEvent> &events)
{
    QList<TrafficEvent> stamped = events;
    for (TrafficEvent &event : stamped)
        event.connectionId = m_id;
    Q_EMIT trafficBatch(stamped);
}

void Session::onOwnTraffic(const QList<TrafficEvent> &events)
{
    for (const TrafficEvent &event : events) {
        if (event.kind == TrafficEvent::Kind::ProcessStarted)
            m_stderrTail.clear();
        if (event.kind != TrafficEvent::Kind::StderrLine)
            continue;
        m_stderrTail.append(QString::fromUtf8(event.raw));
        if (m_stderrTail.size() > StderrTailLines)
            m_stderrTail.removeFirst();
    }
}

void Session::recordExit(const QString &description)
{
    ExitRecord record;
    record.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    record.description = description;
    record.stderrTail = m_stderrTail;
    record.pendingRequests = m_lostRequests;
    for (const auto &call : std::as_const(m_calls)) {
        if (call)
            record.pendingRequests.append(call->method());
    }
    m_lostRequests.clear();
    m_exitHistory.append(record);

    // Into the traffic too, so that a capture exported later carries the evidence.
    QString note = tr("Connection ended: %1").arg(description);
    if (!record.pendingRequests.isEmpty())
        note += u'\n' + tr("Unanswered: %1").arg(record.pendingRequests.join(QStringLiteral(", ")));
    if (!record.stderrTail.isEmpty())
        note += u'\n' + tr("Last stderr lines:") + u'\n' + record.stderrTail.join(u'\n');
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {}, note);
    event.connectionId = m_id;
    Q_EMIT trafficBatch({event});
    Q_EMIT exitRecorded(record);
}

void Session::connectToServer()
{
    // Asked for by a person: a new series of attempts.
    m_quickFailures = 0;
    startConnecting();
}

void Session::startConnecting()
{
    m_restartTimer->stop();
    m_restartGaveUpReason.clear();
    m_userDisconnect = false;
    if (m_state == State::Connected || m_state == State::Connecting)
        return;
    m_errorString.clear();
    m_exitDescription.clear();
    setState(State::Connecting);
    toWorker([](SessionWorker *worker) { worker->connectToServer(); });
}

void Session::disconnectFromServer()
{
    if (m_restartTimer->isActive()) {
        m_restartTimer->stop();
        Q_EMIT restartScheduleChanged();
    }
    m_userDisconnect = true;
    m_quickFailures = 0;
    toWorker([](SessionWorker *worker) { worker->disconnectFromServer(); });
}

void Session::restart()
{
    m_quickFailures = 0;
    m_restartTimer->stop();
    m_restartGaveUpReason.clear();
    m_userDisconnect = false;
    m_errorString.clear();
    m_exitDescription.clear();
    setState(State::Connecting);
    toWorker([](SessionWorker *worker) { worker->restart(); });
}

void Session::pingNow()
{
    toWorker([](SessionWorker *worker) { worker->ping(); });
}

void Session::setRoots(const QJsonArray &roots)
{
    m_roots = roots;
    toWorker([roots](SessionWorker *worker) { worker->setRoots(roots); });
}

OutgoingRequest *Session::sendRequest(const QString &method, const QJsonObject &params,
                                      const std::optional<RequestOptions> &options)
{
    const quint64 token = m_nextToken++;
    auto *request = new OutgoingRequest(this, [this, token](const QString &reason) {
        toWorker([token, reason](SessionWorker *worker) { worker->cancelCall(token, reason); });
    });
    request->m_method = method;
    request->m_params = params;
    m_calls.insert(token, request);
    const RequestOptions effective = options.value_or(m_options.request);
    toWorker([token, method, params, effective](SessionWorker *worker) {
        worker->startCall(token, method, params, effective);
    });
    return request;
}

void Session::listAll(const ListDescriptor &list, const QObject *context, const ListOptions &options, ListDone done)
{
    ListWaiter waiter{context, std::move(done)};
    if (options.joinUnderWay) {
        for (auto it = m_lists.begin(); it != m_lists.end(); ++it) {
            const ListOptions &asked = it->options;
            if (it->connection == m_connections && isConnected() && it->list.method == list.method
                && it->list.itemsKey == list.itemsKey
                && asked.forceRefresh == options.forceRefresh
                && asked.maxPages == options.maxPages && asked.pageTimeoutMs == options.pageTimeoutMs
                && asked.totalTimeoutMs == options.totalTimeoutMs) {
                it->waiters.append(std::move(waiter));
                return;
            }
        }
    }
    const quint64 token = m_nextToken++;
    m_lists.insert(token, ListUnderWay{list, options, m_connections, {std::move(waiter)}});
    toWorker([token, list, options](SessionWorker *worker) {
        worker->startListAll(token, list, options);
    });
}

void Session::listSnapshot(const QObject *context, const ListOptions &options, SnapshotDone done)
{
    if (!isConnected()) {
        QTimer::singleShot(0, context, [done, message = tr("%1 is not connected").arg(name())] { done({}, message); });
        return;
    }
    Mcp::listSnapshot(*this, m_sessionInfo.serverCapabilities, context, options, std::move(done));
}

void Session::sendNotification(const QString &method, const QJsonObject &params)
{
    toWorker([method, params](SessionWorker *worker) { worker->notify(method, params); });
}

void Session::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    if (state == State::Connected)
        ++m_connections;
    // Each connection starts out answering (Health is Unreachable while not connected).
    m_health = Health::Reachable;
    m_failuresInARow = 0;
    m_healthError.clear();
    m_unhealthySinceMs = 0;
    Q_EMIT stateChanged(state);
}

void Session::onWorkerState(Client::State clientState, const QString &reason, bool processExited,
                            const QString &exitDescription)
{
    switch (clientState) {
    case Client::State::Connecting:
    case Client::State::Initializing:
        setState(State::Connecting);
        return;
    case Client::State::Closing:
        return;
    case Client::State::Ready:
        m_lostRequests.clear();
        m_errorString.clear();
        m_exitDescription.clear();
        m_connectedSinceMs = QDateTime::currentMSecsSinceEpoch();
        setState(State::Connected);
        return;
    case Client::State::Disconnected:
    case Client::State::Failed:
        break;
    }

    const bool wasUp = m_connectedSinceMs > 0;
    const qint64 upFor = wasUp ? QDateTime::currentMSecsSinceEpoch() - m_connectedSinceMs : 0;
    m_connectedSinceMs = 0;
    if (wasUp)
        m_lastSeenMs = QDateTime::currentMSecsSinceEpoch();
    m_errorString = reason;
    m_exitDescription = exitDescription;
    m_sessionInfo.sessionId.clear();
    m_sessionInfo.processId = 0;
    m_pingLatencyMs = -1;

    State next = State::Disconnected;
    if (processExited)
        next = State::Exited;
    else if (clientState == Client::State::Failed || (!reason.isEmpty() && !m_userDisconnect))
        next = State::Failed;
    setState(next);
    Q_EMIT sessionInfoChanged();
    if (next != State::Disconnected)
        recordExit(next == State::Exited && !exitDescription.isEmpty() ? exitDescription : stateText());

    if (m_userDisconnect || !m_options.autoRestart || next == State::Disconnected)
        return;
    if (!wasUp || upFor < QuickFailureMs)
        ++m_quickFailures;
    else
        m_quickFailures = 0;
    scheduleAutoRestart();
}

void Session::scheduleAutoRestart()
{
    if (m_options.restartMaxAttempts > 0 && m_quickFailures > m_options.restartMaxAttempts) {
        m_restartGaveUpReason = tr("Not restarting: the server failed %n times in a row shortly after starting.",
                                   nullptr, m_quickFailures);
        Q_EMIT autoRestartGaveUp(m_restartGaveUpReason);
        Q_EMIT restartScheduleChanged();
        return;
    }
    const qint64 backoff = qint64(qMax(100, m_options.restartInitialBackoffMs)) << qMin(qMax(m_quickFailures - 1, 0), 16);
    const int delayMs = int(qMin<qint64>(qMax(m_options.restartMaxBackoffMs, 100), backoff));
    m_restartTimer->start(delayMs);
    Q_EMIT autoRestartScheduled(delayMs);
    Q_EMIT restartScheduleChanged();
}

void Session::setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter)
{
    toWorker([filter](SessionWorker *worker) { worker->setListenFilter(filter); });
}

void Session::onSessionReady(const SessionInfo &info)
{
    m_sessionInfo = info;
    const bool detected = info.era.isKnown() && info.era.source == Modern::EraRecord::Source::Probed;
    if (detected)
        m_options.client.cachedEra = info.era; // as the worker does, so options() tells the truth
    Q_EMIT sessionInfoChanged();
    if (detected)
        Q_EMIT eraDetected(info.era);
}

void Session::onCallProgress(quint64 token, double progress, double total, const QString &message)
{
    if (OutgoingRequest *call = m_calls.value(token))
        Q_EMIT call->progress(progress, total, message);
}

void Session::onCallRounds(quint64 token, const QList<Modern::RoundRecord> &rounds)
{
    if (OutgoingRequest *call = m_calls.value(token)) {
        call->m_finishedRounds = rounds;
        Q_EMIT call->roundsChanged();
    }
}

void Session::onDeprecatedFeatureUsed(const QString &feature)
{
    // sessionInfo() stays the one list of what the server relies on: pages read it, and the signal
    // says when to read it again.
    if (!m_sessionInfo.deprecatedFeatures.contains(feature))
        m_sessionInfo.deprecatedFeatures.append(feature);
    Q_EMIT deprecatedFeatureUsed(feature);
}

void Session::onCallFinished(quint64 token, const Response &response)
{
    OutgoingRequest *request = m_calls.take(token);
    if (request && response.error && response.error->code == SessionErrorCode::ConnectionClosed)
        m_lostRequests.append(request->method());
    if (request)
        request->finish(response);
}

void Session::onListFinished(quint64 token, const Response &response)
{
    const ListUnderWay listing = m_lists.take(token);
    const QJsonArray items = response.result.toArray();
    for (const ListWaiter &waiter : listing.waiters) {
        if (waiter.context && waiter.done)
            waiter.done(items, response.error, response.cache);
    }
}

void Session::onServerRequest(quint64 token, const QString &method, const QJsonObject &params)
{
    auto *request = new IncomingRequest(this, MessageId(), method, params, [this, token](const Response &answer) {
        m_serverRequests.remove(token);
        toWorker([token, answer](SessionWorker *worker) { worker->answerServerRequest(token, answer); });
    });
    m_serverRequests.insert(token, request);
    Q_EMIT serverRequestReceived(request);
    // Nobody took it (no dialog listening): decline rather than leave the server waiting.
    if (!request->isAnswered() && receivers(SIGNAL(serverRequestReceived(Mcp::IncomingRequest*))) == 0)
        request->reject(RpcError{ErrorCode::UserRejected, tr("No one is there to answer this request.")});
}

void Session::onServerRequestCancelled(quint64 token, const QString &reason)
{
    if (IncomingRequest *request = m_serverRequests.take(token))
        request->withdraw(reason, true);
}

} // namespace Mcp
