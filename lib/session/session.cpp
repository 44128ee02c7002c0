#include "session/session.h"

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

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<Mcp::SessionInfo>();
        qRegisterMetaType<Mcp::LogEntry>();
        qRegisterMetaType<QList<Mcp::LogEntry>>();
        qRegisterMetaType<Mcp::Response>();
        qRegisterMetaType<Mcp::Client::State>();
        qRegisterMetaType<QList<Mcp::Message>>();
        qRegisterMetaType<Mcp::TrafficEvent>();
        qRegisterMetaType<QList<Mcp::TrafficEvent>>();
        qRegisterMetaType<Mcp::Message>();
        qRegisterMetaType<Mcp::RpcError>();
        qRegisterMetaType<Mcp::RequestOptions>();
        qRegisterMetaType<Mcp::Session::State>();
        return true;
    }();
    Q_UNUSED(done)
}
} // namespace

// ---- Session

Session::Session(int id, const QString &name, TransportFactory factory, const Options &options, QObject *parent)
    : QObject(parent), m_id(id), m_name(name), m_options(options)
{
    registerTypes();
    m_restartTimer = new QTimer(this);
    m_restartTimer->setSingleShot(true);
    connect(m_restartTimer, &QTimer::timeout, this, [this] {
        connectToServer();
        m_userDisconnect = false;
    });

    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("mcp-session-%1").arg(id));
    m_wantsNotifications = std::make_shared<std::atomic<bool>>(false);
    m_worker = new SessionWorker(this, std::move(factory), options, m_wantsNotifications);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &SessionWorker::stateChanged, this, &Session::onWorkerState);
    connect(m_worker, &SessionWorker::sessionReady, this, &Session::onSessionReady);
    connect(m_worker, &SessionWorker::pingMeasured, this, [this](qint64 ms) {
        m_pingLatencyMs = ms;
        Q_EMIT pingLatencyChanged(ms);
    });
    connect(m_worker, &SessionWorker::callProgress, this, &Session::onCallProgress);
    connect(m_worker, &SessionWorker::callFinished, this, &Session::onCallFinished);
    connect(m_worker, &SessionWorker::listFinished, this, &Session::onListFinished);
    connect(m_worker, &SessionWorker::serverRequest, this, &Session::onServerRequest);
    connect(m_worker, &SessionWorker::serverRequestCancelled, this, &Session::onServerRequestCancelled);

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
        m_wantsNotifications->store(true);
}

void Session::disconnectNotify(const QMetaMethod &signal)
{
    // An invalid signal means "all": ask the connection itself.
    if (!signal.isValid() || signal == QMetaMethod::fromSignal(&Session::notificationsReceived))
        m_wantsNotifications->store(isSignalConnected(QMetaMethod::fromSignal(&Session::notificationsReceived)));
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
    if (!options.autoRestart)
        m_restartTimer->stop();
}

void Session::setTransportFactory(TransportFactory factory)
{
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
    switch (m_state) {
    case State::Exited:
        return m_exitDescription.isEmpty() ? tr("exited") : m_exitDescription;
    case State::Failed:
        return m_errorString.isEmpty() ? tr("failed") : tr("failed: %1").arg(m_errorString);
    default:
        return stateName(m_state);
    }
}

void Session::connectToServer()
{
    m_restartTimer->stop();
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
    m_restartTimer->stop();
    m_userDisconnect = true;
    m_quickFailures = 0;
    toWorker([](SessionWorker *worker) { worker->disconnectFromServer(); });
}

void Session::restart()
{
    m_restartTimer->stop();
    m_userDisconnect = false;
    m_errorString.clear();
    m_exitDescription.clear();
    setState(State::Connecting);
    toWorker([](SessionWorker *worker) { worker->restart(); });
}

void Session::ping()
{
    toWorker([](SessionWorker *worker) { worker->ping(); });
}

void Session::setRoots(const QJsonArray &roots)
{
    m_roots = roots;
    toWorker([roots](SessionWorker *worker) { worker->setRoots(roots); });
}

OutgoingRequest *Session::call(const QString &method, const QJsonObject &params,
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

void Session::listAll(const QString &method, const QString &itemsKey, const QObject *context,
                      std::function<void(const QJsonArray &, const std::optional<RpcError> &)> done)
{
    const quint64 token = m_nextToken++;
    m_lists.insert(token, ListWaiter{context, std::move(done)});
    toWorker([token, method, itemsKey](SessionWorker *worker) { worker->startListAll(token, method, itemsKey); });
}

void Session::notify(const QString &method, const QJsonObject &params)
{
    toWorker([method, params](SessionWorker *worker) { worker->notify(method, params); });
}

void Session::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
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
        Q_EMIT autoRestartGaveUp(tr("Not restarting: the server failed %n times in a row shortly after starting.",
                                    nullptr, m_quickFailures));
        return;
    }
    const qint64 backoff = qint64(qMax(100, m_options.restartInitialBackoffMs)) << qMin(qMax(m_quickFailures - 1, 0), 16);
    const int delayMs = int(qMin<qint64>(qMax(m_options.restartMaxBackoffMs, 100), backoff));
    m_restartTimer->start(delayMs);
    Q_EMIT autoRestartScheduled(delayMs);
}

void Session::onSessionReady(const SessionInfo &info)
{
    m_sessionInfo = info;
    Q_EMIT sessionInfoChanged();
}

void Session::onCallProgress(quint64 token, double progress, double total, const QString &message)
{
    if (OutgoingRequest *call = m_calls.value(token))
        Q_EMIT call->progress(progress, total, message);
}

void Session::onCallFinished(quint64 token, const Response &response)
{
    if (OutgoingRequest *request = m_calls.take(token))
        request->finish(response);
}

void Session::onListFinished(quint64 token, const Response &response)
{
    const ListWaiter waiter = m_lists.take(token);
    if (!waiter.context || !waiter.done)
        return;
    waiter.done(response.result.toArray(), response.error);
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
