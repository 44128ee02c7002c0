#include "session/modernlifecycle.h"

#include "session/client_p.h"
#include "session/modern/modernerrors.h"
#include "jsonrpc/json.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/types.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include <QLoggingCategory>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcSession)

namespace Mcp {

QStringList ModernLifecycle::supportedProtocolVersions()
{
    return ProtocolVersion::modern();
}

Modern::MultiRoundTripRequest *ModernLifecycle::roundsOf(const OutgoingRequest *handle)
{
    return handle->m_record->multiRound;
}

void ModernLifecycle::reset()
{
    m_active = false;
    m_version.clear();
    m_discover = {};
    m_serverInfo = {};
    m_serverInfoJson = {};
    m_lastHead = {};
    m_deprecated.clear();
    d->toolHeaders.clear();
    d->listen.reset();
}

QJsonObject ModernLifecycle::discoverParams(const QString &version)
{
    m_version = version;
    return withMeta({});
}

void ModernLifecycle::useDiscoverResult(const QJsonObject &result)
{
    m_discover = result;
    m_serverInfo = Implementation::fromJson(result.value(Key::ServerInfo).toObject());
    m_serverInfoJson = {};
    m_lastHead = {};
    if (const QJsonObject info = Modern::serverInfoOf(result); !info.isEmpty()) {
        m_serverInfo = Implementation::fromJson(info);
        m_serverInfoJson = info;
    }
    if (result.value(Key::Capabilities).toObject().contains(Key::Logging))
        noteDeprecated(Key::Logging);
}

void ModernLifecycle::start(const QString &version, const QString &decidedBy)
{
    m_version = version;
    m_active = true;
    if (d->transport) {
        const Modern::ToolHeaderGuard *toolHeaders = &d->toolHeaders;
        d->transport->setRequestHeaders([toolHeaders](const Message &request) { return toolHeaders->paramHeaders(request); });
    }
    d->emitNote(Client::tr("Protocol era: modern, version %1 (%2).").arg(version, decidedBy));
    qCDebug(lcSession) << "modern" << m_serverInfo.name << m_serverInfo.version << version;
    d->setState(Client::State::Ready);
    // What the caller asked for while the era was being decided.
    for (const QPointer<OutgoingRequest> &handle : d->legacy.takeQueuedRequests()) {
        if (handle && !handle->m_finished && d->state == Client::State::Ready)
            sendNow(handle);
    }
    if (d->state == Client::State::Ready)
        Q_EMIT d->q->ready();
    if (d->state == Client::State::Ready && m_active)
        d->listen.open();
}

const Modern::RequestMeta &ModernLifecycle::meta() const
{
    const QJsonObject capabilities = d->q->clientCapabilities();
    const Implementation &info = d->options.clientInfo;
    const bool fresh = m_metaCache && m_metaCache->version == m_version && m_metaCache->logLevel == m_logLevel
        && m_metaCache->capabilities == capabilities && m_metaCache->clientInfo.name == info.name
        && m_metaCache->clientInfo.version == info.version && m_metaCache->clientInfo.title == info.title
        && m_metaCache->clientInfo.extra == info.extra;
    if (fresh)
        return m_metaCache->meta;
    MetaCache cache;
    cache.version = m_version;
    cache.logLevel = m_logLevel;
    cache.capabilities = capabilities;
    cache.clientInfo = info;
    Modern::RequestMeta &meta = cache.meta;
    meta.protocolVersion = m_version;
    QJsonObject withoutExtensions = capabilities;
    meta.extensions = withoutExtensions.take(Key::Extensions).toObject();
    // This client follows tasks to their end (SEP-2663), so it takes them.
    if (!meta.extensions.contains(ExtensionId::Tasks))
        meta.extensions.insert(ExtensionId::Tasks, QJsonObject());
    meta.clientCapabilities = withoutExtensions;
    meta.clientInfo = info.toJson();
    meta.logLevel = m_logLevel;
    cache.metaObject = meta.applyTo({}).value(Key::Meta).toObject();
    // Every request carries these: the whole _meta when the request adds no keys of its own
    // (progressToken), the capabilities and client info inside it when it does.
    for (const QJsonValue member : std::as_const(cache.metaObject)) {
        if (member.isObject())
            Json::rememberText(member.toObject());
    }
    Json::rememberText(cache.metaObject);
    cache.capabilitiesObject = meta.capabilitiesWithExtensions();
    m_metaCache = std::move(cache);
    return m_metaCache->meta;
}

QJsonObject ModernLifecycle::withMeta(QJsonObject params) const
{
    meta(); // brings the cache up to date
    const QJsonValue existing = params.value(Key::Meta);
    if (existing.isUndefined()) {
        params.insert(Key::Meta, m_metaCache->metaObject);
        return params;
    }
    // Other `_meta` keys (progressToken...) are kept; ours replace theirs, as in applyTo().
    QJsonObject meta = m_metaCache->metaObject;
    const QJsonObject theirs = existing.toObject();
    for (auto it = theirs.constBegin(); it != theirs.constEnd(); ++it) {
        if (!meta.contains(it.key()))
            meta.insert(it.key(), it.value());
    }
    params.insert(Key::Meta, meta);
    return params;
}

bool ModernLifecycle::send(OutgoingRequest *handle)
{
    if (d->state != Client::State::Ready)
        return false;
    sendNow(handle);
    return true;
}

void ModernLifecycle::sendNow(OutgoingRequest *handle)
{
    if (const std::optional<RpcError> refusal = d->toolHeaders.refusal(handle->m_method, handle->m_params)) {
        d->finishWithError(handle, *refusal);
        return;
    }
    attachMultiRound(handle, withMeta(handle->m_params));
    startRound(handle);
}

bool ModernLifecycle::send(const Message &notification)
{
    if (d->state != Client::State::Ready)
        return false;
    d->sendMessage(notification);
    return true;
}

OutgoingRequest *ModernLifecycle::answerLocally(const QString &method, const QJsonObject &params)
{
    // No resources/(un)subscribe on the wire, whoever asks (Session::call too).
    if (method == Method::ResourcesSubscribe || method == Method::ResourcesUnsubscribe)
        return d->listen.subscribe(method, params);
    // No logging/setLevel either: the level rides in every request's _meta from now on.
    if (method == Method::LoggingSetLevel) {
        m_logLevel = params.value(Key::Level).toString();
        OutgoingRequest *handle = d->createRequest(method, params, {});
        d->finishWithReply(handle, Message::response(handle->m_id, QJsonObject()));
        return handle;
    }
    return nullptr;
}

bool ModernLifecycle::acceptNotification(const Message &message)
{
    return d->listen.acceptNotification(message);
}

void ModernLifecycle::attachMultiRound(OutgoingRequest *handle, const QJsonObject &params)
{
    if (handle->m_record->multiRound)
        handle->m_record->multiRound->deleteLater();
    meta(); // brings the cache up to date
    auto *rounds = new Modern::MultiRoundTripRequest(handle->m_method, params, this,
                                                     m_metaCache->capabilitiesObject, handle);
    handle->m_record->multiRound = rounds; // it tells this lifecycle what becomes of it (the requestX() calls)
}

OutgoingRequest *ModernLifecycle::ownerOf(Modern::MultiRoundTripRequest *rounds)
{
    // A request's rounds replaced by newer ones (a protocol version retried) are ignored.
    auto *handle = qobject_cast<OutgoingRequest *>(rounds->parent());
    return handle && handle->m_record->multiRound == rounds ? handle : nullptr;
}

void ModernLifecycle::requestBecameTask(Modern::MultiRoundTripRequest *rounds)
{
    // Few requests become tasks: what following one takes is connected when it does.
    if (OutgoingRequest *handle = ownerOf(rounds))
        d->tasks.follow(handle, rounds);
}

void ModernLifecycle::requestRetryReady(Modern::MultiRoundTripRequest *rounds)
{
    if (OutgoingRequest *handle = ownerOf(rounds)) {
        handle->m_id = MessageId(d->nextId++);
        startRound(handle);
    }
}

void ModernLifecycle::requestFailed(Modern::MultiRoundTripRequest *rounds, const QString &message)
{
    OutgoingRequest *handle = ownerOf(rounds);
    if (!handle || rounds == m_failingWithServerError)
        return; // the server's own error finishes that one, with its code and data
    d->tasks.cancel(handle); // a task we stop following is stopped on the server too
    d->finishWithError(handle, RpcError{ErrorCode::InternalError, message});
}

void ModernLifecycle::requestRoundsChanged(Modern::MultiRoundTripRequest *rounds)
{
    if (OutgoingRequest *handle = ownerOf(rounds))
        Q_EMIT handle->roundsChanged();
}

void ModernLifecycle::failWithServerError(OutgoingRequest *handle, const RpcError &error)
{
    // The rounds learn of the answer too (their timeline), without finishing the request twice.
    if (Modern::MultiRoundTripRequest *rounds = handle->m_record->multiRound) {
        m_failingWithServerError = rounds;
        rounds->errorReceived(error.message);
        m_failingWithServerError = nullptr;
    }
    d->finishWithError(handle, error);
}

bool ModernLifecycle::reissueLostRequest(OutgoingRequest *handle, const QString &why)
{
    // The listen stream has its own reopening, with backoff and the state the window shows.
    if (!handle || !handle->m_record->multiRound || handle->m_finished || handle->m_record->internal
        || handle->m_method == Method::SubscriptionsListen)
        return false;
    int &count = m_reissues[handle];
    if (count == 0)
        QObject::connect(handle, &QObject::destroyed, handle, [this, handle] { m_reissues.remove(handle); });
    if (count >= MaxReissues)
        return false;
    ++count;
    const MessageId lost = handle->m_id;
    handle->m_id = MessageId(d->nextId++);
    d->emitNote(Client::tr("%1 (request %2) was lost with its response stream (%3); sent again as request %4.")
                    .arg(handle->m_method, lost.toDisplayString(), why, handle->m_id.toDisplayString()));
    // The same round again: its parameters (requestState included) go out unchanged under the new id.
    handle->m_roundIds.append(handle->m_id);
    d->armTimer(handle);
    d->transmit(handle);
    return true;
}

void ModernLifecycle::startRound(OutgoingRequest *handle)
{
    Modern::MultiRoundTripRequest *rounds = handle->m_record->multiRound;
    handle->m_params = rounds->params();
    rounds->sent(handle->m_id);
    if (rounds->state() != Modern::MultiRoundTripRequest::State::AwaitingResult)
        return; // failed (a reused id), which finished the handle
    handle->m_roundIds.append(handle->m_id);
    d->armTimer(handle);
    d->transmit(handle);
}

bool ModernLifecycle::onReply(OutgoingRequest *handle, const Message &reply)
{
    Modern::MultiRoundTripRequest *rounds = handle->m_record->multiRound;
    if (!rounds)
        return false;
    handle->m_record->sent = false; // between rounds nothing is in flight to cancel
    if (!reply.isResponse()) {
        RpcError error = reply.error();
        if (const auto unsupported = Modern::unsupportedVersionOf(error)) {
            const QStringList ours = supportedProtocolVersions();
            const auto mutual = std::find_if(ours.cbegin(), ours.cend(), [&](const QString &version) {
                return unsupported->supported.contains(version);
            });
            if (mutual != ours.cend() && !handle->m_record->versionRetried) {
                handle->m_record->versionRetried = true;
                m_version = *mutual;
                d->emitNote(Client::tr("The server does not accept protocol version %1; retrying with %2.")
                                .arg(unsupported->requested, *mutual));
                QJsonObject params = handle->m_record->multiRound->params();
                params.remove(Key::Meta);
                attachMultiRound(handle, withMeta(params));
                handle->m_id = MessageId(d->nextId++);
                startRound(handle);
                return true;
            }
        }
        if (error.code == ModernErrorCode::HeaderMismatch && handle->m_method == Method::ToolsCall
            && handle->m_record->callerParams) {
            relistAfterHeaderMismatch(handle, error);
            return true;
        }
        const QString described = Modern::ModernErrors::describe(error, supportedProtocolVersions());
        if (!described.isEmpty())
            error.message = described;
        error = ClientPrivate::explainServerError(handle, error);
        // The server's own error finishes the request, with its code and data.
        failWithServerError(handle, error);
        return true;
    }
    // Routing reads the result's head: a complete result's payload stays unconverted until
    // someone asks for it (a caller counting pipelined calls may never do).
    const QJsonObject head = reply.resultHead();
    // Most results repeat the last head (the parser hands out the very same object, which
    // compares in constant time): it is read once.
    if (head != m_lastHead || m_lastHead.isEmpty()) {
        m_lastHead = head;
        m_lastHeadComplete = Modern::resultTypeOf(head) == Modern::ResultType::Complete;
        if (const QJsonObject info = Modern::serverInfoOf(head); !info.isEmpty() && info != m_serverInfoJson) {
            m_serverInfo = Implementation::fromJson(info);
            m_serverInfoJson = info;
        }
    }
    if (m_lastHeadComplete)
        rounds->resultReceived(head, Modern::ResultType::Complete);
    else
        rounds->resultReceived(reply.result().toObject());
    switch (rounds->state()) {
    case Modern::MultiRoundTripRequest::State::Completed:
        if (handle->m_method == Method::ToolsList)
            d->toolHeaders.remember(reply.result().toObject());
        d->finishWithReply(handle, reply);
        break;
    case Modern::MultiRoundTripRequest::State::CollectingInput:
        d->clearDeadline(handle); // a person may be answering: not the server's time
        break;
    default:
        break; // failed: already finished
    }
    return true;
}

void ModernLifecycle::relistAfterHeaderMismatch(OutgoingRequest *handle, const RpcError &mismatch)
{
    d->toolHeaders.relistAfterMismatch(handle, handle->m_record->callerParams->value(Key::Name).toString(), mismatch,
                                       handle->m_record->headerRetried, [this, handle](const std::optional<RpcError> &failure) {
        if (failure) {
            failWithServerError(handle, *failure);
            return;
        }
        handle->m_record->headerRetried = true;
        handle->m_params = *handle->m_record->callerParams;
        handle->m_id = MessageId(d->nextId++);
        sendNow(handle);
    });
}

QJsonObject ModernLifecycle::serverCapabilities() const
{
    return m_discover.value(Key::Capabilities).toObject();
}

QString ModernLifecycle::instructions() const
{
    return m_discover.value(Key::Instructions).toString();
}

void ModernLifecycle::noteDeprecated(const QString &feature)
{
    if (m_deprecated.contains(feature))
        return;
    m_deprecated.append(feature);
    d->emitNote(feature == QLatin1String("HTTP+SSE")
                    ? Client::tr("This server is reached over the HTTP+SSE transport (2024-11-05), which is deprecated.")
                    : Client::tr("This modern server relies on %1, which the 2026-07-28 revision deprecates.").arg(feature));
    Q_EMIT d->q->deprecatedFeatureUsed(feature);
}

void ModernLifecycle::handleInputRequest(const Modern::InputRequest &input, Modern::InputReply *reply)
{
    ServerRequestHandler *handler = d->handlerFor(input.method);
    if (input.method == Method::RootsList)
        noteDeprecated(Key::Roots);
    else if (input.method == Method::SamplingCreateMessage)
        noteDeprecated(Key::Sampling);
    if (!handler) {
        reply->decline();
        return;
    }
    // The handlers know server requests: the input request becomes one, answered into the
    // next round instead of onto the wire.
    const QPointer<Modern::InputReply> target = reply;
    auto *request = new IncomingRequest(d->q, MessageId(input.key), input.method, input.params,
                                        [target](const Response &answer) {
                                            if (!target)
                                                return;
                                            if (answer.error || !answer.result.isObject())
                                                target->decline();
                                            else
                                                target->answer(answer.result.toObject());
                                        });
    const QPointer<IncomingRequest> guard = request;
    QObject::connect(reply, &QObject::destroyed, d->q, [guard] {
        if (guard)
            guard->withdraw(Client::tr("The request was cancelled or finished."), true);
    });
    handler->handleRequest(request);
}

} // namespace Mcp
