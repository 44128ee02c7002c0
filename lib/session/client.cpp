#include "client.h"
#include "client_p.h"
#include "session/listsnapshot.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/tracecontext.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QJsonDocument>
#include <QList>
#include <QLoggingCategory>
#include <QSet>
#include <QThread>
#include <QTimer>

#include <cmath>
#include <limits>
#include <map>

Q_LOGGING_CATEGORY(lcSession, "mcp.session")

namespace Mcp {

namespace {

// How many abandoned (timed out or cancelled) ids are remembered to recognise late responses.
constexpr int kAbandonedMemory = 4096;

QString durationText(qint64 ms)
{
    if (ms >= 1000 && ms % 1000 == 0)
        return Client::tr("%n s", nullptr, int(ms / 1000));
    return Client::tr("%n ms", nullptr, int(ms));
}

// "The server exited with code 3." -> "The server exited with code 3", so it reads inside a sentence.
QString withoutFinalStop(QString text)
{
    text = text.trimmed();
    while (text.endsWith(u'.'))
        text.chop(1);
    return text;
}

} // namespace

// ---- ClientPrivate -------------------------------------------------------------------

void ClientPrivate::setState(Client::State newState)
{
    if (state == newState)
        return;
    qCDebug(lcSession) << "state" << state << "->" << newState;
    state = newState;
    if (newState != Client::State::Connecting && newState != Client::State::Initializing) {
        connectDeadline = QDeadlineTimer(QDeadlineTimer::Forever); // connected, failed or closed
        connectTimeAtSignIn = -1;
    }
    Q_EMIT q->stateChanged(newState);
}

void ClientPrivate::emitNote(const QString &note, const QByteArray &raw)
{
    Q_EMIT q->trafficEvent(TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, raw, note));
}

void ClientPrivate::sendMessage(const Message &message)
{
    if (!transport || !transport->isOpen()) {
        qCDebug(lcSession) << "not sent, transport not open:" << message.method();
        return;
    }
    transport->send(message);
}

// -- lifecycle --

void ClientPrivate::fail(const QString &message)
{
    qCWarning(lcSession).noquote() << message;
    errorString = message;
    legacy.stop();
    setState(Client::State::Failed);
    Q_EMIT q->errorOccurred(message);
    failAll(SessionErrorCode::ConnectionClosed, [message](const QString &method) {
        return Client::tr("%1 could not be sent: %2").arg(method, message);
    });
    if (transport && transport->state() != Transport::State::Closed && transport->state() != Transport::State::Closing)
        transport->close();
}

void ClientPrivate::onTransportOpened()
{
    if (state != Client::State::Connecting) {
        qCDebug(lcSession) << "transport opened in state" << state;
        return;
    }
    negotiator.start();
}

void ClientPrivate::onTransportClosed(const QString &transportReason)
{
    QString reason = transportReason.trimmed();
    if (reason.isEmpty())
        reason = lastTransportError;
    if (reason.isEmpty())
        reason = Client::tr("The connection closed");
    qCDebug(lcSession).noquote() << "transport closed:" << reason;

    const Client::State before = state;
    const QString sentence = withoutFinalStop(reason);
    failAll(SessionErrorCode::ConnectionClosed, [sentence, before](const QString &method) {
        if (before == Client::State::Closing)
            return Client::tr("The connection was closed on request while %1 was pending.").arg(method);
        return Client::tr("%1 while %2 was pending.").arg(sentence, method);
    });
    dropIncoming(reason);
    legacy.stop();

    switch (before) {
    case Client::State::Closing:
    case Client::State::Disconnected:
        setState(Client::State::Disconnected);
        break;
    case Client::State::Failed:
        break;
    case Client::State::Connecting:
    case Client::State::Initializing:
        errorString = Client::tr("Could not connect to the server: %1").arg(reason);
        setState(Client::State::Failed);
        Q_EMIT q->errorOccurred(errorString);
        break;
    case Client::State::Ready:
        errorString = reason;
        setState(Client::State::Failed);
        if (reason != lastTransportError)
            Q_EMIT q->errorOccurred(errorString);
        break;
    }
    lastTransportError.clear();
    Q_EMIT q->disconnected(reason);
}

void ClientPrivate::onTransportError(const TransportError &error)
{
    qCDebug(lcSession).noquote() << "transport error:" << error.message;
    lastTransportError = error.message;
    Q_EMIT q->errorOccurred(error.message);
}

void ClientPrivate::onRequestFailed(const MessageId &id, const TransportError &error)
{
    const QPointer<OutgoingRequest> handle = pending.take(id);
    if (!handle) {
        qCDebug(lcSession) << "requestFailed for unknown id" << id.toDisplayString();
        return;
    }
    if (error.kind == TransportError::Kind::SessionExpired && legacy.resendOnNewSession(handle))
        return;
    if (error.kind == TransportError::Kind::ResponseLost && modern.reissueLostRequest(handle, error.message))
        return;
    rememberAbandoned(id, handle->method()); // an answer may still come some other way: show it as late
    RpcError rpcError;
    rpcError.code = SessionErrorCode::TransportFailure;
    rpcError.message = error.message.isEmpty()
        ? Client::tr("The transport could not deliver %1.").arg(handle->method())
        : error.message;
    if (error.httpStatus > 0) // what era detection reads from a refused probe
        rpcError.data = QJsonObject{{QStringLiteral("httpStatus"), error.httpStatus},
                                    {QStringLiteral("body"), QString::fromUtf8(error.bodyExcerpt)}};
    finishWithError(handle, rpcError);
}

// -- requests --

OutgoingRequest *ClientPrivate::createLifecycleRequest(const QString &method, const QJsonObject &params, int timeoutMs,
                                                      std::function<void(OutgoingRequest *)> onFinished)
{
    RequestOptions options;
    options.timeoutMs = timeoutMs;
    options.attachProgressToken = false;
    OutgoingRequest *handle = createRequest(method, params, options);
    handle->m_record->internal = true;
    handle->m_record->returned = true;
    QObject::connect(handle, &OutgoingRequest::finished, q, [this, handle, onFinished = std::move(onFinished)] {
        if (handle->isError() && state == Client::State::Initializing) {
            connectFailureMethod = handle->m_method;
            connectFailure = handle->error();
        }
        onFinished(handle);
    });
    return handle;
}

OutgoingRequest *ClientPrivate::createRequest(const QString &method, const QJsonObject &params,
                                            const RequestOptions &options)
{
    auto *handle = new OutgoingRequest(q, nullptr);
    handle->m_canceller = [this, handle](const QString &reason) { cancel(handle, reason); };
    handle->m_id = MessageId(nextId++);
    handle->m_method = method;
    handle->m_record = std::make_unique<RequestRecord>();
    handle->m_record->options = options;

    if (options.meta.isEmpty() && !options.attachProgressToken && !params.contains(Key::Meta)) {
        // Nothing to merge and no token: the params go out as given (the common fast case).
        handle->m_params = params;
    } else {
        QJsonObject finalParams = params;
        QJsonObject meta = params.value(Key::Meta).toObject();
        for (auto it = options.meta.constBegin(); it != options.meta.constEnd(); ++it)
            meta.insert(it.key(), it.value());
        if (options.attachProgressToken && !meta.contains(Key::ProgressToken))
            meta.insert(Key::ProgressToken, handle->m_id.toJson()); // the id is unique in the session, so is the token
        if (!meta.isEmpty())
            finalParams.insert(Key::Meta, meta);
        handle->m_params = finalParams;

        const QJsonValue token = meta.value(Key::ProgressToken);
        bool tokenOk = false;
        const MessageId tokenKey = MessageId::fromJson(token, &tokenOk);
        if (tokenOk && !tokenKey.isNull()) {
            handle->m_progressToken = token;
            progressRoutes.insert(tokenKey, handle);
        }
    }
    armTimer(handle);
    return handle;
}

void ClientPrivate::transmit(OutgoingRequest *handle)
{
    handle->m_record->sent = true;
    pending.insert(handle->m_id, handle);
    if (!options.propagateTraceContext) {
        sendMessage(Message::request(handle->m_id, handle->m_method, handle->m_params));
        return;
    }
    // One trace per logical call; each round, reissue or retry is a span of its own in it.
    if (handle->m_traceId.isEmpty())
        handle->m_traceId = TraceContext::randomTraceId();
    QJsonObject params = handle->m_params;
    QJsonObject meta = params.value(Key::Meta).toObject();
    meta.insert(QLatin1String(TraceContext::TraceparentKey),
                QString::fromLatin1(TraceContext::traceparent(handle->m_traceId, TraceContext::randomSpanId())));
    params.insert(Key::Meta, meta);
    sendMessage(Message::request(handle->m_id, handle->m_method, params));
}

void ClientPrivate::onAuthorizationPending(bool waiting)
{
    if (waiting)
        resultCache.clear(); // another sign-in may be another authorization context

    // A person may be signing in: time spent there is not the server's. Timeouts start afresh after,
    // and the connect's own deadline is paused with what was left of it.
    authorizationPending = waiting;
    if (waiting && !connectDeadline.isForever()) {
        connectTimeAtSignIn = connectDeadline.remainingTime();
        connectDeadline = QDeadlineTimer(QDeadlineTimer::Forever);
    } else if (!waiting && connectTimeAtSignIn >= 0) {
        connectDeadline.setRemainingTime(connectTimeAtSignIn);
        connectTimeAtSignIn = -1;
    }
    const QList<QPointer<OutgoingRequest>> handles = pending.values();
    for (const QPointer<OutgoingRequest> &handle : handles) {
        if (!handle)
            continue;
        if (waiting)
            clearDeadline(handle);
        else
            armTimer(handle);
    }
}

void ClientPrivate::armTimer(OutgoingRequest *handle)
{
    if (authorizationPending) {
        clearDeadline(handle);
        return;
    }
    const RequestOptions &options = handle->m_record->options;
    std::optional<qint64> remaining;
    bool cap = false;
    if (options.timeoutMs > 0)
        remaining = options.timeoutMs;
    if (options.maxTotalTimeoutMs > 0) {
        // May be negative when progress arrives just after the total ran out: fire at once.
        const qint64 leftOfTotal = options.maxTotalTimeoutMs - handle->m_elapsed.elapsed();
        if (!remaining || leftOfTotal <= *remaining) {
            remaining = leftOfTotal;
            cap = true;
        }
    }
    clearDeadline(handle);
    if (!remaining)
        return;
    handle->m_record->timerIsTotalCap = cap;
    handle->m_record->deadlineNs = deadlineClock.nsecsElapsed() + qMax<qint64>(0, *remaining) * 1000000;
    deadlines.emplace(handle->m_record->deadlineNs, handle);
    if (scheduledDeadlineNs < 0 || handle->m_record->deadlineNs < scheduledDeadlineNs)
        scheduleDeadlineTimer();
}

void ClientPrivate::clearDeadline(OutgoingRequest *handle)
{
    if (handle->m_record->deadlineNs < 0)
        return;
    auto [it, end] = deadlines.equal_range(handle->m_record->deadlineNs);
    for (; it != end; ++it) {
        if (it->second == handle) {
            deadlines.erase(it);
            break;
        }
    }
    handle->m_record->deadlineNs = -1;
    // The timer stays set: if it fires for a deadline that is gone, it sets itself again.
}

void ClientPrivate::scheduleDeadlineTimer()
{
    if (deadlines.empty()) {
        if (deadlineTimer)
            deadlineTimer->stop();
        scheduledDeadlineNs = -1;
        return;
    }
    if (!deadlineTimer) {
        deadlineTimer = new QTimer(q);
        deadlineTimer->setSingleShot(true);
        // Coarse timers may fire up to 5 % early; onDeadlineTimer() also checks the clock.
        deadlineTimer->setTimerType(Qt::PreciseTimer);
        QObject::connect(deadlineTimer, &QTimer::timeout, q, [this] { onDeadlineTimer(); });
    }
    scheduledDeadlineNs = deadlines.begin()->first;
    const qint64 waitNs = scheduledDeadlineNs - deadlineClock.nsecsElapsed();
    const qint64 waitMs = waitNs <= 0 ? 0 : (waitNs + 999999) / 1000000; // never before the deadline
    deadlineTimer->start(int(qMin<qint64>(waitMs, std::numeric_limits<int>::max())));
}

void ClientPrivate::onDeadlineTimer()
{
    scheduledDeadlineNs = -1;
    const qint64 now = deadlineClock.nsecsElapsed();
    QList<QPointer<OutgoingRequest>> expired;
    while (!deadlines.empty() && deadlines.begin()->first <= now) {
        const QPointer<OutgoingRequest> handle = deadlines.begin()->second;
        deadlines.erase(deadlines.begin());
        if (handle) {
            handle->m_record->deadlineNs = -1;
            expired.append(handle);
        }
    }
    // In deadline order; a timeout may finish other requests (a callback cancels them) first.
    for (const QPointer<OutgoingRequest> &handle : std::as_const(expired))
        if (handle)
            onTimeout(handle);
    if (scheduledDeadlineNs < 0)
        scheduleDeadlineTimer();
}

ClientPrivate::Stopped ClientPrivate::sendCancelled(OutgoingRequest *handle, const QString &reason)
{
    if (tasks.cancel(handle))
        return Stopped::TaskCancelled; // nothing of a task is in flight but the server's work
    if (!handle->m_record->sent || handle->m_record->internal)
        return Stopped::Nothing; // never sent, between rounds, or initialize (which MUST NOT be cancelled)
    if (transport && transport->abandonRequest(handle->m_id)) {
        rememberAbandoned(handle->m_id, handle->m_method); // closing its stream cancelled it
        return Stopped::StreamClosed;
    }
    QJsonObject params{{Key::RequestId, handle->m_id.toJson()}};
    if (!reason.isEmpty())
        params.insert(Key::Reason, reason);
    sendMessage(Message::notification(Method::CancelledNotification, params));
    rememberAbandoned(handle->m_id, handle->m_method);
    return Stopped::CancelledNotification;
}

void ClientPrivate::onTimeout(OutgoingRequest *handle)
{
    if (handle->m_finished)
        return;
    const RequestOptions &options = handle->m_record->options;
    const qint64 elapsed = handle->m_elapsed.elapsed();
    const bool totalIsTheLimit = handle->m_record->timerIsTotalCap;
    const qint64 limit = totalIsTheLimit ? options.maxTotalTimeoutMs : options.timeoutMs;

    RpcError error;
    error.code = SessionErrorCode::Timeout;
    const QString wireReason = Client::tr("Request timed out after %1").arg(durationText(limit));
    // A modern request went out if any of its rounds did (between rounds nothing is in flight).
    const bool wentOut = handle->m_record->sent || !handle->m_roundIds.isEmpty();
    const QString taskId = handle->m_record->multiRound ? handle->m_record->multiRound->taskId() : QString();
    const Stopped stopped = sendCancelled(handle, wireReason);
    if (handle->m_record->internal) {
        error.message = Client::tr("The server did not answer %1 within %2.").arg(handle->m_method, durationText(limit));
    } else if (wentOut) {
        const QString late = totalIsTheLimit
            ? Client::tr("%1 did not finish within the maximum total time of %2").arg(handle->m_method, durationText(limit))
            : Client::tr("%1 got no answer within %2").arg(handle->m_method, durationText(limit));
        switch (stopped) {
        case Stopped::CancelledNotification:
            error.message = Client::tr("%1; MCP Scope sent notifications/cancelled and stopped waiting.").arg(late);
            break;
        case Stopped::TaskCancelled:
            error.message = Client::tr("%1; MCP Scope sent tasks/cancel for task %2 and stopped waiting.").arg(late, taskId);
            break;
        case Stopped::StreamClosed:
            error.message = Client::tr("%1; MCP Scope closed its response stream (which cancels it) and stopped waiting.")
                                .arg(late);
            break;
        case Stopped::Nothing:
            error.message = Client::tr("%1; MCP Scope stopped waiting.").arg(late);
            break;
        }
    } else {
        error.message = Client::tr("%1 timed out after %2 before the session was ready, so it was never sent.")
                            .arg(handle->m_method, durationText(limit));
    }
    error.data = QJsonObject{{QStringLiteral("timeoutMs"), limit}, {QStringLiteral("elapsedMs"), elapsed}};
    finishWithError(handle, error);
}

void ClientPrivate::cancel(OutgoingRequest *handle, const QString &reason)
{
    if (handle->m_finished)
        return;
    sendCancelled(handle, reason.isEmpty() ? Client::tr("Cancelled by the user") : reason);
    RpcError error;
    error.code = SessionErrorCode::Cancelled;
    error.message = reason.isEmpty() ? Client::tr("%1 was cancelled.").arg(handle->m_method)
                                     : Client::tr("%1 was cancelled: %2").arg(handle->m_method, reason);
    finishWithError(handle, error);
}

void ClientPrivate::rememberAbandoned(const MessageId &id, const QString &method)
{
    abandoned.insert(id, method);
    abandonedOrder.append(id);
    while (abandonedOrder.size() > kAbandonedMemory)
        abandoned.remove(abandonedOrder.takeFirst());
}

bool ClientPrivate::isCachedList(const QString &method)
{
    return method == Method::ToolsList || method == Method::PromptsList || method == Method::ResourcesList
        || method == Method::ResourcesTemplatesList;
}

void ClientPrivate::answerFromCache(OutgoingRequest *handle, const Modern::ResultCache::Fresh &fresh)
{
    handle->m_cache = CacheStatus{true, fresh.freshForMs};
    // A Note, so the traffic log says why no request went out.
    const qint64 ms = fresh.freshForMs;
    const QString left = ms < 1000 ? Client::tr("%n ms", nullptr, int(ms)) : Client::tr("%n s", nullptr, int(ms / 1000));
    emitNote(Client::tr("%1 answered from the cache (fresh for another %2); nothing was sent.").arg(handle->m_method, left));
    finishWithReply(handle, Message::response(handle->m_id, fresh.result));
}

OutgoingRequest *ClientPrivate::listInFlight(const QString &method, const QJsonObject &params) const
{
    // As the cache keys lists: by what was asked, not the request's own _meta (its progress token).
    const auto asked = [](QJsonObject params) {
        params.remove(Key::Meta);
        return params;
    };
    const QJsonObject wanted = asked(params);
    for (const QPointer<OutgoingRequest> &sent : pending) {
        if (sent && !sent->m_finished && sent->m_method == method && sent->m_record->callerParams
            && asked(*sent->m_record->callerParams) == wanted)
            return sent;
    }
    return nullptr;
}

void ClientPrivate::shareAnswer(OutgoingRequest *handle, OutgoingRequest *sent)
{
    // Several parts of a window list at connect (each page, the reload snapshot): over HTTP the
    // second asks before the first answer is in the cache, and would send the list again.
    emitNote(Client::tr("%1 is already on its way (id %2): its answer is shared; nothing more was sent.")
                 .arg(handle->m_method, sent->m_id.toString()));
    QObject::connect(sent, &OutgoingRequest::finished, handle, [this, handle, sent] {
        if (sent->m_error) {
            finishWithError(handle, *sent->m_error);
            return;
        }
        handle->m_cache.freshForMs = sent->m_cache.freshForMs;
        finishWithReply(handle, Message::response(handle->m_id, sent->result()));
    });
}

void ClientPrivate::invalidateList(Client *client, const QString &method)
{
    client->d->resultCache.invalidateMethod(method);
}

void ClientPrivate::finishWithReply(OutgoingRequest *handle, const Message &reply)
{
    if (handle->m_finished)
        return;
    if (handle->m_record->callerParams && !handle->m_cache.fromCache && isCachedList(handle->m_method)) {
        const QJsonObject result = reply.result().toObject();
        resultCache.store(handle->m_method, *handle->m_record->callerParams, result);
        handle->m_cache.freshForMs = Modern::ResultCache::freshForMs(handle->m_method, *handle->m_record->callerParams, result);
    }
    handle->m_reply = reply;
    handle->m_hasReply = true;
    finishCommon(handle);
}

void ClientPrivate::finishWithError(OutgoingRequest *handle, const RpcError &error)
{
    if (handle->m_finished)
        return;
    handle->m_error = error;
    finishCommon(handle);
}

void ClientPrivate::finishCommon(OutgoingRequest *handle)
{
    handle->m_finished = true;
    handle->m_finalElapsedMs = handle->m_elapsed.elapsed();
    clearDeadline(handle);
    if (pending.value(handle->m_id) == handle)
        pending.remove(handle->m_id);
    if (!handle->m_progressToken.isUndefined()) {
        const MessageId tokenKey = MessageId::fromJson(handle->m_progressToken);
        if (progressRoutes.value(tokenKey) == handle)
            progressRoutes.remove(tokenKey);
    }
    legacy.forget(handle);
    tasks.requestFinished(handle);

    if (handle->m_record->returned) {
        Q_EMIT handle->finished();
        handle->deleteLater();
    } else {
        // Finished inside sendRequest(): let the caller connect to finished() first.
        QMetaObject::invokeMethod(
            handle,
            [handle] {
                Q_EMIT handle->finished();
                handle->deleteLater();
            },
            Qt::QueuedConnection);
    }
}

void ClientPrivate::failAll(int code, const std::function<QString(const QString &)> &message)
{
    QList<QPointer<OutgoingRequest>> handles = pending.values();
    pending.clear();
    handles.append(legacy.takeQueuedRequests());
    // Oldest first, so callbacks run in the order the requests were made.
    std::sort(handles.begin(), handles.end(), [](const QPointer<OutgoingRequest> &a, const QPointer<OutgoingRequest> &b) {
        return (a ? a->m_id.toInteger() : 0) < (b ? b->m_id.toInteger() : 0);
    });
    for (const QPointer<OutgoingRequest> &handle : std::as_const(handles)) {
        if (!handle || handle->m_finished)
            continue;
        RpcError error;
        error.code = code;
        error.message = message(handle->m_method);
        finishWithError(handle, error);
    }
}

void ClientPrivate::dropIncoming(const QString &reason)
{
    const QList<QPointer<IncomingRequest>> requests = incoming.values();
    incoming.clear();
    for (const QPointer<IncomingRequest> &request : requests) {
        if (request)
            request->withdraw(reason, true); // no way left to answer it
    }
}

// -- incoming --

void ClientPrivate::onMessage(const Message &message)
{
    switch (message.kind()) {
    case Message::Kind::Response:
    case Message::Kind::ErrorResponse:
        onReply(message);
        break;
    case Message::Kind::Request:
        onRequest(message);
        break;
    case Message::Kind::Notification:
        onNotification(message);
        break;
    }
}

void ClientPrivate::onReply(const Message &message)
{
    // Taken out of the hash before anything runs, so a re-entrant call cannot find it again.
    const QPointer<OutgoingRequest> handle = pending.take(message.id());
    if (!handle || handle->m_finished) {
        // Some servers answer a method they do not know with an error under another id (effect-mcp
        // sends the error code as the id). While the era probe is all that is in flight, that error
        // can only be its answer: taken as such, the connection falls back at once instead of
        // waiting out the probe's timeout.
        OutgoingRequest *probe = negotiator.probe();
        if (!message.isResponse() && probe && !probe->m_finished && pending.size() == 1
            && pending.value(probe->m_id) == probe && !abandoned.contains(message.id())) {
            emitNote(Client::tr("The server answered with an error under id %1 while only server/discover (id %2) was "
                                "waiting; taken as that request's answer.")
                         .arg(message.id().toDisplayString(), probe->m_id.toDisplayString()),
                     message.serialize());
            pending.remove(probe->m_id);
            finishWithError(probe, explainServerError(probe, message.error()));
            return;
        }
        const auto abandonedIt = abandoned.constFind(message.id());
        if (abandonedIt != abandoned.constEnd()) {
            emitNote(Client::tr("Late response to %1 (id %2) ignored: MCP Scope had already stopped waiting for it.")
                         .arg(abandonedIt.value(), message.id().toDisplayString()),
                     message.serialize());
        } else {
            emitNote(Client::tr("Response with unknown id %1 ignored: no request with that id is pending.")
                         .arg(message.id().toDisplayString()),
                     message.serialize());
        }
        return;
    }
    if (era().onReply(handle, message))
        return;
    if (message.isResponse())
        finishWithReply(handle, message);
    else
        finishWithError(handle, explainServerError(handle, message.error()));
}

RpcError ClientPrivate::explainServerError(const OutgoingRequest *handle, RpcError error)
{
    // "Resource not found" is -32002 up to 2025-11-25 and -32602 (Invalid params) since
    // 2026-07-28; clients SHOULD accept both (server/resources.mdx). Either way a person reads
    // which resource the server does not have.
    if (handle->m_method != Method::ResourcesRead)
        return error;
    const QString uri = handle->m_params.value(Key::Uri).toString();
    const bool notFound = error.code == ErrorCode::ResourceNotFound
        || (error.code == ErrorCode::InvalidParams
            && ((!uri.isEmpty() && error.data.toObject().value(Key::Uri).toString() == uri)
                || error.message.contains(QLatin1String("not found"), Qt::CaseInsensitive)));
    if (notFound)
        error.message = Client::tr("The server has no resource %1 (%2): %3").arg(uri).arg(error.code).arg(error.message);
    return error;
}

void ClientPrivate::onRequest(const Message &message)
{
    const MessageId id = message.id();
    if (const QPointer<IncomingRequest> existing = incoming.value(id); existing && !existing->isAnswered()) {
        RpcError error{ErrorCode::InvalidRequest,
                       Client::tr("Request id %1 is already in use by an unanswered request.").arg(id.toDisplayString())};
        sendMessage(Message::errorResponse(id, error));
        return;
    }
    auto *request = new IncomingRequest(q, id, message.method(), message.paramsObject(), nullptr);
    request->setReply([this, id, request](const Response &answer) {
        if (incoming.value(id) == request)
            incoming.remove(id);
        sendMessage(answer.error ? Message::errorResponse(id, *answer.error) : Message::response(id, answer.result));
    });
    incoming.insert(id, request);

    const QString method = message.method();
    if (method == Method::Ping) {
        request->respond(QJsonObject());
        return;
    }
    ServerRequestHandler *handler = handlerFor(method);
    if (!handler) {
        request->reject(RpcError{ErrorCode::MethodNotFound,
                                 Client::tr("Method not found: MCP Scope does not handle %1.").arg(method)});
        return;
    }
    handler->handleRequest(request);
}

void ClientPrivate::onProgress(const QJsonObject &params)
{
    bool ok = false;
    const MessageId token = MessageId::fromJson(params.value(Key::ProgressToken), &ok);
    const QPointer<OutgoingRequest> handle = ok ? progressRoutes.value(token) : QPointer<OutgoingRequest>();
    if (!handle || handle->m_finished) {
        qCDebug(lcSession) << "progress for unknown token" << params.value(Key::ProgressToken);
        return;
    }
    const QJsonValue total = params.value(Key::Total);
    if (handle->m_record->options.resetTimeoutOnProgress)
        armTimer(handle);
    Q_EMIT handle->progress(params.value(Key::Progress).toDouble(),
                            total.isDouble() ? total.toDouble() : -1.0,
                            params.value(Key::Message).toString());
}

void ClientPrivate::onNotification(const Message &message)
{
    const QString method = message.method();
    const QJsonObject params = message.paramsObject();
    if (!era().acceptNotification(message))
        return; // tagged for the listen stream but breaking its rules: a Note says so
    // Before the signals: whoever re-lists on toolsListChanged must reach the server.
    resultCache.invalidateFor(method, params);
    if (method == Method::ProgressNotification) {
        onProgress(params);
    } else if (method == Method::CancelledNotification) {
        bool ok = false;
        const MessageId id = MessageId::fromJson(params.value(Key::RequestId), &ok);
        const QPointer<IncomingRequest> request = ok ? incoming.take(id) : QPointer<IncomingRequest>();
        if (request) // a cancelled request SHOULD NOT be answered
            request->withdraw(params.value(Key::Reason).toString(), true);
    } else if (method == Method::MessageNotification) {
        Q_EMIT q->logMessage(params.value(Key::Level).toString(),
                             params.value(Key::Logger).toString(), params.value(Key::Data));
    } else {
        q->deliver(message);
    }
    Q_EMIT q->notificationReceived(message);
}

// ---- Client --------------------------------------------------------------------------

Client::Client(Transport *transport, QObject *parent) : ServerConnection(parent), d(new ClientPrivate(this))
{
    d->transport = transport;
    Q_ASSERT(transport);
    transport->setParent(this);
    connect(transport, &Transport::opened, this, [this] { d->onTransportOpened(); });
    connect(transport, &Transport::closed, this, [this](const QString &reason) { d->onTransportClosed(reason); });
    connect(transport, &Transport::errorOccurred, this, [this](const TransportError &error) { d->onTransportError(error); });
    connect(transport, &Transport::messageReceived, this, [this](const Message &message) { d->onMessage(message); });
    connect(transport, &Transport::requestFailed, this,
            [this](const MessageId &id, const TransportError &error) { d->onRequestFailed(id, error); });
    connect(transport, &Transport::sessionExpired, this, [this] { d->legacy.onSessionExpired(); });
    connect(transport, &Transport::trafficEvent, this, &Client::trafficEvent);
    connect(transport, &Transport::authorizationPendingChanged, this, [this](bool pending) { d->onAuthorizationPending(pending); });
}

Client::~Client()
{
    // Nothing from the transport may reach a half-destroyed session.
    if (d->transport)
        d->transport->disconnect(this);
    d->failAll(SessionErrorCode::ConnectionClosed, [](const QString &method) {
        return Client::tr("The session was closed while %1 was pending.").arg(method);
    });
    for (const QPointer<IncomingRequest> &request : std::as_const(d->incoming))
        if (request)
            request->withdraw({}, false);
    d->incoming.clear();
    delete d->transport;
    d->transport = nullptr;
    // The requests (our children) go while d is still here: their destroyed() handlers clean up
    // the session's own state (followed tasks, reissues); ~QObject would delete them after d.
    while (!children().isEmpty())
        delete children().constFirst();
}

Transport *Client::transport() const { return d->transport; }

void Client::setOptions(const ClientOptions &options)
{
    d->options = options;
}

ClientOptions Client::options() const { return d->options; }

void Client::setServerRequestHandler(ServerRequestHandler *handler) { d->requestHandler = handler; }

void Client::connectToServer()
{
    switch (d->state) {
    case State::Connecting:
    case State::Initializing:
    case State::Ready:
    case State::Closing:
        qCWarning(lcSession) << "connectToServer() ignored in state" << d->state;
        return;
    case State::Disconnected:
    case State::Failed:
        break;
    }
    d->errorString.clear();
    d->lastTransportError.clear();
    d->connectFailureMethod.clear();
    d->connectFailure = {};
    d->legacy.reset();
    d->negotiator.reset();
    d->modern.reset();
    d->resultCache.clear(); // the server may have changed while we were away
    d->setState(State::Connecting);
    if (d->options.connectTimeoutMs > 0)
        d->connectDeadline.setRemainingTime(d->options.connectTimeoutMs);
    if (d->transport->isOpen())
        d->negotiator.start();
    else
        d->transport->open();
}

void Client::disconnectFromServer()
{
    switch (d->state) {
    case State::Disconnected:
    case State::Closing:
        return;
    case State::Failed:
        if (d->transport->state() == Transport::State::Closed)
            return;
        break;
    default:
        break;
    }
    d->setState(State::Closing);
    if (d->transport->state() == Transport::State::Closed) {
        d->onTransportClosed(Client::tr("Disconnected"));
        return;
    }
    if (d->transport->state() != Transport::State::Closing)
        d->transport->close();
}

Client::State Client::state() const { return d->state; }
QString Client::errorString() const { return d->errorString; }
QString Client::protocolVersion() const
{
    return d->era().protocolVersion();
}

Implementation Client::serverInfo() const
{
    return d->era().serverInfo();
}

QJsonObject Client::serverCapabilities() const
{
    return d->era().serverCapabilities();
}

QString Client::instructions() const
{
    return d->era().instructions();
}

void Client::setEraChoice(const Modern::EraChoice &choice) { d->options.era = choice; }
Modern::EraChoice Client::eraChoice() const { return d->options.era; }
QString Client::connectFailureMethod() const { return d->connectFailureMethod; }
RpcError Client::connectFailure() const { return d->connectFailure; }

Modern::EraRecord Client::eraRecord() const
{
    Modern::EraRecord record = d->negotiator.record();
    // Legacy: the version is the one initialize negotiated.
    if (record.era == Modern::Era::Legacy && !d->legacy.protocolVersion().isEmpty())
        record.version = d->legacy.protocolVersion();
    return record;
}
bool Client::isModern() const { return d->modern.isActive(); }
void Client::setProbeTimeout(int timeoutMs) { d->negotiator.setProbeTimeout(timeoutMs); }
QJsonObject Client::discoverResult() const { return d->modern.discoverResult(); }
QStringList Client::deprecatedFeatures() const { return d->modern.deprecatedFeatures(); }
QHash<QString, QString> Client::invalidTools() const { return d->toolHeaders.invalidTools(); }
QStringList Client::supportedModernVersions() { return ModernLifecycle::supportedProtocolVersions(); }

QJsonObject Client::clientCapabilities() const
{
    QJsonObject capabilities = d->options.extraCapabilities;
    const QJsonObject answered = d->requestHandler ? d->options.features.capabilities() : QJsonObject();
    for (auto it = answered.begin(); it != answered.end(); ++it)
        capabilities.insert(it.key(), it.value());
    return capabilities;
}

QStringList Client::supportedProtocolVersions()
{
    return LegacyLifecycle::supportedProtocolVersions();
}

OutgoingRequest *Client::sendRequest(const QString &method, const QJsonObject &params,
                                     const std::optional<RequestOptions> &requested)
{
    const RequestOptions options = requested.value_or(RequestOptions());
    // The modern era answers resources/(un)subscribe and logging/setLevel itself, whoever asks.
    if (OutgoingRequest *local = d->era().answerLocally(method, params)) {
        local->m_record->returned = true;
        return local;
    }
    OutgoingRequest *handle = d->createRequest(method, params, options);
    if (ClientPrivate::isCachedList(method) || method == Method::ToolsCall) {
        if (d->state == State::Ready && !options.forceRefresh && ClientPrivate::isCachedList(method)) {
            if (const auto fresh = d->resultCache.find(method, params)) {
                d->answerFromCache(handle, *fresh);
                handle->m_record->returned = true;
                return handle;
            }
            if (OutgoingRequest *sent = d->listInFlight(method, params)) {
                d->shareAnswer(handle, sent);
                handle->m_record->returned = true;
                return handle;
            }
        }
        handle->m_record->callerParams = handle->m_params; // the cache key (no _meta), the -32020 retry
    }
    if (!d->era().send(handle)) {
        RpcError error;
        error.code = SessionErrorCode::ConnectionClosed;
        error.message = d->state == State::Failed && !d->errorString.isEmpty()
            ? Client::tr("%1 was not sent: the connection failed (%2).").arg(method, withoutFinalStop(d->errorString))
            : Client::tr("%1 was not sent: not connected to a server.").arg(method);
        d->finishWithError(handle, error);
    }
    handle->m_record->returned = true;
    return handle;
}

void Client::sendNotification(const QString &method, const QJsonObject &params)
{
    const Message message = Message::notification(method, params.isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                                           : QJsonValue(params));
    if (!d->era().send(message))
        qCWarning(lcSession) << "notification" << method << "not sent: not connected";
}

Client::ListenState Client::listenState() const { return d->listen.state(); }
Modern::SubscriptionFilter Client::listenFilter() const { return d->listen.filter(); }
Modern::SubscriptionFilter Client::acknowledgedListenFilter() const { return d->listen.acknowledgedFilter(); }
void Client::setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter) { d->listen.setFilter(filter); }
QString Client::listenError() const { return d->listen.error(); }

namespace {

// State of one listAll(): pages are fetched on the session's thread; only the final
// callback goes to the context's thread.
struct Pager
{
    ListDescriptor list;
    QPointer<const QObject> context;
    Client::ListDone done;
    int maxPages = 0;
    int pages = 0;
    bool forceRefresh = false;
    QJsonArray items;
    // A hash set: a server decides how many cursors there are and how long each is (a list
    // would compare each new one with all before it).
    QSet<QString> cursorsSeen;
    int pageTimeoutMs = 60000;
    QDeadlineTimer total = QDeadlineTimer::Forever; // ListOptions::totalTimeoutMs
    bool allFromCache = true;
    std::optional<qint64> freshForMs; // the shortest of the pages
};

void deliverPages(const std::shared_ptr<Pager> &pager, const std::optional<RpcError> &error)
{
    if (!pager->context || !pager->done)
        return;
    const CacheStatus cache{!error && pager->allFromCache && pager->pages > 0, error ? 0 : pager->freshForMs.value_or(0)};
    const auto call = [pager, error, cache] { pager->done(pager->items, error, cache); };
    QObject *context = const_cast<QObject *>(pager->context.data());
    if (context->thread() == QThread::currentThread()) {
        call();
        return;
    }
    QMetaObject::invokeMethod(context, call, Qt::QueuedConnection);
}

void fetchPage(Client *client, const std::shared_ptr<Pager> &pager, const QString &cursor)
{
    RequestOptions options;
    options.forceRefresh = pager->forceRefresh;
    options.timeoutMs = pager->pageTimeoutMs;
    if (!pager->total.isForever()) {
        const qint64 left = pager->total.remainingTime();
        if (left <= 0) {
            deliverPages(pager, RpcError{SessionErrorCode::Timeout,
                                         Client::tr("Listing %1 took longer than its total timeout.").arg(pager->list.method)});
            return;
        }
        options.maxTotalTimeoutMs = int(left);
        if (options.timeoutMs <= 0 || options.timeoutMs > left)
            options.timeoutMs = int(left);
    }
    OutgoingRequest *handle = client->send(Requests::listPage(pager->list.method, cursor), options);
    ++pager->pages;
    QObject::connect(handle, &OutgoingRequest::finished, client, [client, handle, pager, cursor] {
        if (!pager->context)
            return; // nobody is waiting any more
        if (handle->isError()) {
            // A cursor the server no longer takes: the cached pages are no good (pagination).
            const int code = handle->error().code;
            const bool serverRefused = code != SessionErrorCode::Timeout && code != SessionErrorCode::Cancelled
                && code != SessionErrorCode::ConnectionClosed && code != SessionErrorCode::TransportFailure;
            if (!cursor.isEmpty() && serverRefused)
                ClientPrivate::invalidateList(client, pager->list.method);
            deliverPages(pager, handle->error());
            return;
        }
        const CacheStatus cache = handle->cacheStatus();
        pager->allFromCache = pager->allFromCache && cache.fromCache;
        pager->freshForMs = qMin(pager->freshForMs.value_or(cache.freshForMs), cache.freshForMs);
        const QJsonObject result = handle->result().toObject();
        const QJsonArray page = result.value(pager->list.itemsKey).toArray();
        for (const QJsonValue &item : page)
            pager->items.append(item);
        const QString next = result.value(Key::NextCursor).toString();
        if (next.isEmpty()) {
            deliverPages(pager, std::nullopt);
        } else if (pager->cursorsSeen.contains(next)) {
            deliverPages(pager, RpcError{ErrorCode::InternalError,
                                         Client::tr("The server returned the cursor \"%1\" twice while listing %2; "
                                                    "stopped to avoid an endless loop.")
                                             .arg(next, pager->list.method)});
        } else if (pager->pages >= pager->maxPages) {
            deliverPages(pager, RpcError{ErrorCode::InternalError,
                                         Client::tr("Stopped listing %1 after %n page(s); the server still had more.",
                                                    nullptr, pager->pages)
                                             .arg(pager->list.method)});
        } else {
            pager->cursorsSeen.insert(next);
            fetchPage(client, pager, next);
        }
    });
}

} // namespace

void Client::listAll(const ListDescriptor &list, const QObject *context, const ListOptions &options, ListDone done)
{
    auto pager = std::make_shared<Pager>();
    pager->list = list;
    pager->context = context;
    pager->done = std::move(done);
    pager->maxPages = qMax(1, options.maxPages);
    pager->forceRefresh = options.forceRefresh;
    pager->pageTimeoutMs = options.pageTimeoutMs;
    if (options.totalTimeoutMs > 0)
        pager->total.setRemainingTime(options.totalTimeoutMs);
    fetchPage(this, pager, QString());
}

void Client::listSnapshot(const QObject *context, const ListOptions &options, SnapshotDone done)
{
    Mcp::listSnapshot(*this, serverCapabilities(), context, options, std::move(done));
}


void Client::notifyRootsListChanged()
{
    if (!d->modern.isActive()) // modern servers ask for roots with each request instead
        sendNotification(Method::RootsListChangedNotification);
}

int Client::pendingRequestCount() const
{
    int count = 0;
    for (const QPointer<OutgoingRequest> &handle : std::as_const(d->pending))
        if (handle && !handle->m_record->internal)
            ++count;
    return count + d->legacy.queuedRequestCount();
}

} // namespace Mcp
