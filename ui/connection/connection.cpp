#include "connection/connection.h"

#include "connection/connectionworker.h"

#include "traffic/trafficlog.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QMetaMethod>
#include <QThread>
#include <QTimer>

namespace Mcp {
namespace Ui {

namespace {
constexpr int StderrTailLines = 20;
// A server that dies within this time of connecting counts as a quick failure; after
// Options::restartMaxAttempts of them in a row, auto-restart stops (a crash loop helps nobody).
constexpr qint64 QuickFailureMs = 10000;

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<Mcp::Ui::SessionInfo>();
        qRegisterMetaType<Mcp::Ui::ConsoleLine>();
        qRegisterMetaType<Mcp::Ui::LogEntry>();
        qRegisterMetaType<QList<Mcp::Ui::ConsoleLine>>();
        qRegisterMetaType<QList<Mcp::Ui::LogEntry>>();
        qRegisterMetaType<QList<Mcp::Message>>();
        qRegisterMetaType<Mcp::TrafficEvent>();
        qRegisterMetaType<QList<Mcp::TrafficEvent>>();
        qRegisterMetaType<Mcp::Message>();
        qRegisterMetaType<Mcp::RpcError>();
        qRegisterMetaType<Mcp::RequestOptions>();
        qRegisterMetaType<Mcp::Ui::Connection::State>();
        return true;
    }();
    Q_UNUSED(done)
}
} // namespace

// ---- PendingCall

PendingCall::PendingCall(Connection *connection, quint64 token, const QString &method, const QJsonObject &params)
    : QObject(connection), m_connection(connection), m_token(token), m_method(method), m_params(params)
{
}

void PendingCall::cancel(const QString &reason)
{
    if (!m_finished && m_connection)
        m_connection->cancelCall(m_token, reason);
}

// ---- ServerRequest

ServerRequest::ServerRequest(Connection *connection, quint64 token, const QString &method, const QJsonObject &params)
    : QObject(connection), m_connection(connection), m_token(token), m_method(method), m_params(params)
{
}

ServerRequest::~ServerRequest()
{
    if (!m_answered && !m_cancelled && m_connection) {
        m_connection->answerServerRequest(m_token, true, QJsonValue::Undefined,
                                          RpcError{ErrorCode::InternalError, QStringLiteral("request dropped"),
                                                   QJsonValue::Undefined});
    }
}

QString ServerRequest::serverName() const
{
    return m_connection ? m_connection->name() : QString();
}

void ServerRequest::respond(const QJsonValue &result)
{
    if (m_answered || m_cancelled || !m_connection)
        return;
    m_answered = true;
    m_connection->answerServerRequest(m_token, false, result, RpcError{});
}

void ServerRequest::reject(const RpcError &error)
{
    if (m_answered || m_cancelled || !m_connection)
        return;
    m_answered = true;
    m_connection->answerServerRequest(m_token, true, QJsonValue::Undefined, error);
}

// ---- Connection

Connection::Connection(int id, const QString &name, TransportFactory factory, const Options &options,
                       QObject *parent)
    : QObject(parent), m_id(id), m_name(name), m_options(options)
{
    registerTypes();
    m_trafficLog = new TrafficLog(this);
    m_trafficLog->setConnectionName(id, name);
    // Rows (and with them relayout and repaint of the Traffic page) at most 20 times a second.
    m_trafficLog->setBatchInterval(50);
    m_restartTimer = new QTimer(this);
    m_restartTimer->setSingleShot(true);
    connect(m_restartTimer, &QTimer::timeout, this, [this] {
        connectToServer();
        m_userDisconnect = false;
    });

    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("mcp-connection-%1").arg(id));
    m_wantsNotifications = std::make_shared<std::atomic<bool>>(false);
    m_worker = new ConnectionWorker(id, std::move(factory), options, m_wantsNotifications);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &ConnectionWorker::stateChanged, this, &Connection::onWorkerState);
    connect(m_worker, &ConnectionWorker::sessionReady, this, &Connection::onSessionReady);
    connect(m_worker, &ConnectionWorker::trafficBatch, this, &Connection::onTrafficBatch);
    connect(m_worker, &ConnectionWorker::pingMeasured, this, [this](qint64 ms) {
        m_pingLatencyMs = ms;
        Q_EMIT pingLatencyChanged(ms);
    });
    connect(m_worker, &ConnectionWorker::callProgress, this, &Connection::onCallProgress);
    connect(m_worker, &ConnectionWorker::callFinished, this, &Connection::onCallFinished);
    connect(m_worker, &ConnectionWorker::listFinished, this, &Connection::onListFinished);
    connect(m_worker, &ConnectionWorker::serverRequest, this, &Connection::onServerRequest);
    connect(m_worker, &ConnectionWorker::serverRequestCancelled, this, &Connection::onServerRequestCancelled);
    connect(m_worker, &ConnectionWorker::logMessages, this, &Connection::logMessages);
    connect(m_worker, &ConnectionWorker::notificationsReceived, this, &Connection::notificationsReceived);
    connect(m_worker, &ConnectionWorker::toolsListChanged, this, &Connection::toolsListChanged);
    connect(m_worker, &ConnectionWorker::resourcesListChanged, this, &Connection::resourcesListChanged);
    connect(m_worker, &ConnectionWorker::promptsListChanged, this, &Connection::promptsListChanged);
    connect(m_worker, &ConnectionWorker::resourceUpdated, this, &Connection::resourceUpdated);
    connect(m_worker, &ConnectionWorker::taskStatus, this, &Connection::taskStatus);

    m_thread->start();
}

Connection::~Connection()
{
    // Unanswered server requests are dropped with the worker; do not let their destructors
    // post to a worker that is going away.
    for (const auto &request : std::as_const(m_serverRequests)) {
        if (request)
            request->m_cancelled = true;
    }
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->shutdown(); }, Qt::QueuedConnection);
    m_thread->quit();
    // The worker only has to kill a child process; bounded so that quitting never hangs.
    m_thread->wait(5000);
}

void Connection::connectNotify(const QMetaMethod &signal)
{
    if (signal == QMetaMethod::fromSignal(&Connection::notificationsReceived))
        m_wantsNotifications->store(true);
}

void Connection::disconnectNotify(const QMetaMethod &signal)
{
    // An invalid signal means "all": ask the connection itself.
    if (!signal.isValid() || signal == QMetaMethod::fromSignal(&Connection::notificationsReceived))
        m_wantsNotifications->store(isSignalConnected(QMetaMethod::fromSignal(&Connection::notificationsReceived)));
}

QJsonValue LogEntry::data() const
{
    if (dataJson.isEmpty())
        return QJsonValue::Undefined;
    const QJsonDocument document = QJsonDocument::fromJson('[' + dataJson + ']');
    return document.isArray() && !document.array().isEmpty() ? document.array().at(0) : QJsonValue(QJsonValue::Undefined);
}

void Connection::setName(const QString &name)
{
    m_name = name;
    m_trafficLog->setConnectionName(m_id, name);
}

void Connection::setOptions(const Options &options)
{
    m_options = options;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, options] { worker->setOptions(options); },
                              Qt::QueuedConnection);
    if (!options.autoRestart)
        m_restartTimer->stop();
}

void Connection::setTransportFactory(TransportFactory factory)
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, factory = std::move(factory)] {
        worker->setTransportFactory(factory);
    }, Qt::QueuedConnection);
}

QString Connection::stateName(State state)
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

QString Connection::stateText() const
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

void Connection::connectToServer()
{
    m_restartTimer->stop();
    m_userDisconnect = false;
    if (m_state == State::Connected || m_state == State::Connecting)
        return;
    m_errorString.clear();
    m_exitDescription.clear();
    setState(State::Connecting);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->connectToServer(); }, Qt::QueuedConnection);
}

void Connection::disconnectFromServer()
{
    m_restartTimer->stop();
    m_userDisconnect = true;
    m_quickFailures = 0;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->disconnectFromServer(); }, Qt::QueuedConnection);
}

void Connection::restart()
{
    m_restartTimer->stop();
    m_userDisconnect = false;
    m_errorString.clear();
    m_exitDescription.clear();
    setState(State::Connecting);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->restart(); }, Qt::QueuedConnection);
}

void Connection::ping()
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->ping(); }, Qt::QueuedConnection);
}

void Connection::setRoots(const QJsonArray &roots)
{
    m_roots = roots;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, roots] { worker->setRoots(roots); }, Qt::QueuedConnection);
}

PendingCall *Connection::call(const QString &method, const QJsonObject &params,
                              const std::optional<RequestOptions> &options)
{
    const quint64 token = m_nextToken++;
    auto *pending = new PendingCall(this, token, method, params);
    m_calls.insert(token, pending);
    const RequestOptions effective = options.value_or(m_options.request);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, token, method, params, effective] {
        worker->startCall(token, method, params, effective);
    }, Qt::QueuedConnection);
    return pending;
}

void Connection::listAll(const QString &method, const QString &itemsKey, const QObject *context,
                         std::function<void(const QJsonArray &, const std::optional<RpcError> &)> done)
{
    const quint64 token = m_nextToken++;
    m_lists.insert(token, ListWaiter{context, std::move(done)});
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, token, method, itemsKey] {
        worker->startListAll(token, method, itemsKey);
    }, Qt::QueuedConnection);
}

void Connection::notify(const QString &method, const QJsonObject &params)
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, method, params] { worker->notify(method, params); },
                              Qt::QueuedConnection);
}

void Connection::cancelCall(quint64 token, const QString &reason)
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, token, reason] { worker->cancelCall(token, reason); },
                              Qt::QueuedConnection);
}

void Connection::answerServerRequest(quint64 token, bool isError, const QJsonValue &result, const RpcError &error)
{
    m_serverRequests.remove(token);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, token, isError, result, error] {
        worker->answerServerRequest(token, isError, result, error);
    }, Qt::QueuedConnection);
}

void Connection::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void Connection::onWorkerState(int clientState, const QString &reason, bool processExited,
                               const QString &exitDescription)
{
    switch (Client::State(clientState)) {
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
    else if (Client::State(clientState) == Client::State::Failed || (!reason.isEmpty() && !m_userDisconnect))
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

void Connection::scheduleAutoRestart()
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

void Connection::onSessionReady(const SessionInfo &info)
{
    m_sessionInfo = info;
    Q_EMIT sessionInfoChanged();
}

void Connection::onTrafficBatch(const QList<TrafficEvent> &events)
{
    QList<ConsoleLine> lines;
    for (const TrafficEvent &event : events) {
        switch (event.kind) {
        case TrafficEvent::Kind::StderrLine: {
            const QString text = QString::fromUtf8(event.raw);
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Stderr, text});
            m_stderrTail.append(text);
            if (m_stderrTail.size() > StderrTailLines)
                m_stderrTail.removeFirst();
            break;
        }
        case TrafficEvent::Kind::InvalidMessage:
            if (event.direction == TrafficEvent::Direction::Incoming)
                lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Stdout, QString::fromUtf8(event.raw)});
            break;
        case TrafficEvent::Kind::ProcessStarted:
            m_stderrTail.clear();
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note,
                                     tr("Started: %1").arg(event.note)});
            break;
        case TrafficEvent::Kind::ProcessExited:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note,
                                     tr("Process %1").arg(event.note)});
            break;
        case TrafficEvent::Kind::TransportError:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note, event.note});
            break;
        default:
            break;
        }
    }
    m_trafficLog->appendBatch(events);
    if (!lines.isEmpty())
        Q_EMIT consoleLines(lines);
    Q_EMIT trafficBatch(events);
}

void Connection::onCallProgress(quint64 token, double progress, double total, const QString &message)
{
    if (PendingCall *call = m_calls.value(token))
        Q_EMIT call->progress(progress, total, message);
}

void Connection::onCallFinished(quint64 token, bool isError, const QJsonValue &result, const RpcError &error,
                                qint64 elapsedMs)
{
    PendingCall *call = m_calls.take(token);
    if (!call)
        return;
    call->m_finished = true;
    call->m_isError = isError;
    call->m_result = result;
    call->m_error = error;
    call->m_elapsedMs = elapsedMs;
    Q_EMIT call->finished();
    call->deleteLater();
}

void Connection::onListFinished(quint64 token, const QJsonArray &items, bool hasError, const RpcError &error)
{
    const ListWaiter waiter = m_lists.take(token);
    if (!waiter.context || !waiter.done)
        return;
    waiter.done(items, hasError ? std::optional<RpcError>(error) : std::nullopt);
}

void Connection::onServerRequest(quint64 token, const QString &method, const QJsonObject &params)
{
    auto *request = new ServerRequest(this, token, method, params);
    m_serverRequests.insert(token, request);
    Q_EMIT serverRequestReceived(request);
    // Nobody took it (no dialog listening): decline rather than leave the server waiting.
    if (!request->isAnswered() && receivers(SIGNAL(serverRequestReceived(Mcp::Ui::ServerRequest*))) == 0) {
        request->reject(RpcError{ErrorCode::UserRejected, tr("No one is there to answer this request."),
                                 QJsonValue::Undefined});
        request->deleteLater();
    }
}

void Connection::onServerRequestCancelled(quint64 token, const QString &reason)
{
    ServerRequest *request = m_serverRequests.take(token);
    if (!request || request->m_answered)
        return;
    request->m_cancelled = true;
    Q_EMIT request->cancelled(reason);
}

} // namespace Ui
} // namespace Mcp
