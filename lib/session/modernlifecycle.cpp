#include "session/modernlifecycle.h"

#include "session/client_p.h"
#include "session/modern/modernerrors.h"
#include "jsonrpc/json.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/types.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcSession)

namespace Mcp {

QStringList ModernLifecycle::supportedProtocolVersions()
{
    return ProtocolVersion::modern();
}

void ModernLifecycle::reset()
{
    m_active = false;
    m_detector.reset();
    m_record = {};
    m_version.clear();
    m_discover = {};
    m_serverInfo = {};
    m_serverInfoJson = {};
    m_lastHead = {};
    m_deprecated.clear();
    m_toolHeaders.clear();
    closeListen();
    m_subscribedUris.clear(); // a new connection starts without subscriptions, as in the legacy era
    m_listenError.clear();
    m_backoff.reset();
    setListenState(Client::ListenState::Off);
}

void ModernLifecycle::start()
{
    d->setState(Client::State::Initializing);
    const bool http = d->transport->transportName() != QLatin1String("stdio");
    m_detector.emplace(http ? Modern::EraDetector::Transport::Http : Modern::EraDetector::Transport::Stdio, d->options.era,
                       supportedProtocolVersions(), LegacyLifecycle::supportedProtocolVersions(), d->options.cachedEra);
    step(m_detector->start());
}

void ModernLifecycle::step(const Modern::EraStep &next)
{
    using Action = Modern::EraStep::Action;
    m_record = m_detector->record();
    switch (next.action) {
    case Action::SendModern:
        sendProbe(next.version);
        return;
    case Action::UseModern:
        if (m_record.source == Modern::EraRecord::Source::Cached && m_discover.isEmpty()) {
            // Cached, so not probed: server/discover still fetches what the connection keeps,
            // and checks that the record still holds.
            sendProbe(next.version);
            return;
        }
        becomeModern(next.version);
        return;
    case Action::Initialize:
        d->emitNote(Client::tr("Protocol era: legacy (%1).").arg(eraSourceText(m_record)));
        d->lifecycle.setOfferedVersion(next.version);
        d->lifecycle.start();
        return;
    case Action::LegacySse: // the HTTP auto transport falls back on its own when initialize is refused
    case Action::Fail:
        d->fail(next.message);
        return;
    }
}

QString ModernLifecycle::eraSourceText(const Modern::EraRecord &record)
{
    switch (record.source) {
    case Modern::EraRecord::Source::Probed: return Client::tr("detected by probing");
    case Modern::EraRecord::Source::Pinned: return Client::tr("chosen in the configuration");
    case Modern::EraRecord::Source::Cached: return Client::tr("remembered from an earlier connection");
    }
    return {};
}

void ModernLifecycle::sendProbe(const QString &version)
{
    m_version = version;
    // Within the connect's bound, leaving half of what is left for initialize should the
    // probe go unanswered (a legacy server that ignores it).
    const int timeoutMs = d->connectDeadline.isForever() ? m_probeTimeoutMs
                                                         : qMin(m_probeTimeoutMs, qMax(1, d->connectTimeLeft(0) / 2));
    OutgoingRequest *handle = d->createLifecycleRequest(Method::ServerDiscover, withMeta({}), timeoutMs,
                                                        [this](OutgoingRequest *probe) { onProbeFinished(probe); });
    m_probe = handle;
    d->transmit(handle);
}

void ModernLifecycle::onProbeFinished(OutgoingRequest *handle)
{
    if (m_probe != handle)
        return;
    m_probe = nullptr;
    if (d->state != Client::State::Initializing)
        return; // the connection already ended
    const bool cached = m_record.source == Modern::EraRecord::Source::Cached;
    if (!handle->isError()) {
        const QJsonObject result = handle->result().toObject();
        const Modern::EraStep next = m_detector->result(result);
        if (next.action == Modern::EraStep::Action::UseModern)
            useDiscoverResult(result);
        step(cached && next.action != Modern::EraStep::Action::UseModern ? m_detector->cachedAssumptionFailed()
                                                                          : next);
        return;
    }
    const RpcError error = handle->error();
    Modern::EraStep next;
    const QJsonObject data = error.data.toObject();
    if (cached) {
        next = m_detector->cachedAssumptionFailed();
    } else if (error.code == SessionErrorCode::Timeout) {
        next = m_detector->timeout();
    } else if (error.code == SessionErrorCode::TransportFailure && data.contains(QLatin1String("httpStatus"))) {
        const int status = data.value(QLatin1String("httpStatus")).toInt();
        next = m_detector->httpStatus(status, data.value(QLatin1String("body")).toString().toUtf8());
        // Refused authorization: the transport's sentence says why (sign-in cancelled, no
        // token, ...), which "the probe got HTTP 401" would hide.
        if (next.action == Modern::EraStep::Action::Fail && (status == 401 || status == 403) && !error.message.isEmpty())
            next.message = error.message;
    } else {
        next = m_detector->error(error);
    }
    step(next);
}

bool ModernLifecycle::legacyInitializeFailed()
{
    if (!m_detector || m_record.source != Modern::EraRecord::Source::Cached)
        return false;
    step(m_detector->cachedAssumptionFailed());
    return true;
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

void ModernLifecycle::becomeModern(const QString &version)
{
    m_version = version;
    m_active = true;
    m_record = m_detector->record();
    if (d->transport)
        d->transport->setRequestHeaders([this](const Message &request) { return paramHeaders(request); });
    d->emitNote(Client::tr("Protocol era: modern, version %1 (%2).").arg(version, eraSourceText(m_record)));
    qCDebug(lcSession) << "modern" << m_serverInfo.name << m_serverInfo.version << version;
    d->setState(Client::State::Ready);
    // What the caller asked for while the era was being decided.
    for (const QPointer<OutgoingRequest> &handle : d->lifecycle.takeQueuedRequests()) {
        if (handle && !handle->m_finished && d->state == Client::State::Ready)
            send(handle);
    }
    if (d->state == Client::State::Ready)
        Q_EMIT d->q->ready();
    if (d->state == Client::State::Ready && m_active)
        openListen();
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

void ModernLifecycle::send(OutgoingRequest *handle)
{
    if (handle->m_method == Method::ToolsCall && !m_toolHeaders.isEmpty()) {
        const QString tool = handle->m_params.value(Key::Name).toString();
        const ModernHeaders::ToolHeaders headers = m_toolHeaders.value(tool);
        if (!headers.valid) {
            d->finishWithError(handle, RpcError{ErrorCode::InvalidParams,
                                                Client::tr("The tool %1 was not called: its x-mcp-header annotations "
                                                           "are invalid (%2).").arg(tool, headers.reason)});
            return;
        }
        QString error;
        ModernHeaders::ToolHeaderRules::paramHeaders(headers, handle->m_params.value(Key::Arguments).toObject(), &error);
        if (!error.isEmpty()) {
            d->finishWithError(handle, RpcError{ErrorCode::InvalidParams,
                                                Client::tr("The tool %1 was not called: %2").arg(tool, error)});
            return;
        }
    }
    attachMultiRound(handle, withMeta(handle->m_params));
    startRound(handle);
}

void ModernLifecycle::attachMultiRound(OutgoingRequest *handle, const QJsonObject &params)
{
    if (handle->m_multiRound)
        handle->m_multiRound->deleteLater();
    meta(); // brings the cache up to date
    auto *rounds = new Modern::MultiRoundTripRequest(handle->m_method, params, this,
                                                     m_metaCache->capabilitiesObject, handle);
    handle->m_multiRound = rounds; // it tells this lifecycle what becomes of it (the requestX() calls)
}

OutgoingRequest *ModernLifecycle::ownerOf(Modern::MultiRoundTripRequest *rounds)
{
    // A request's rounds replaced by newer ones (a protocol version retried) are ignored.
    auto *handle = qobject_cast<OutgoingRequest *>(rounds->parent());
    return handle && handle->m_multiRound == rounds ? handle : nullptr;
}

void ModernLifecycle::requestBecameTask(Modern::MultiRoundTripRequest *rounds)
{
    // Few requests become tasks: what following one takes is connected when it does.
    if (OutgoingRequest *handle = ownerOf(rounds))
        followTask(handle, rounds);
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
    cancelTask(handle); // a task we stop following is stopped on the server too
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
    if (Modern::MultiRoundTripRequest *rounds = handle->m_multiRound) {
        m_failingWithServerError = rounds;
        rounds->errorReceived(error.message);
        m_failingWithServerError = nullptr;
    }
    d->finishWithError(handle, error);
}

void ModernLifecycle::followTask(OutgoingRequest *handle, Modern::MultiRoundTripRequest *rounds)
{
    // A task's end arrives on a poll, not as the reply to a round: its inlined result is the answer.
    QObject::connect(rounds, &Modern::MultiRoundTripRequest::completed, handle, [this, handle, rounds] {
        d->finishWithReply(handle, Message::response(handle->m_id, rounds->taskStatus().value(Key::Result)));
    });
    QObject::connect(rounds, &Modern::MultiRoundTripRequest::taskStatusChanged, handle,
                     [this, handle, rounds](const QJsonObject &task) {
        if (rounds->taskStatus() == task && task.value(Key::ResultType) == ResultTypeValue::Task)
            d->emitNote(Client::tr("%1 became task %2 on the server (%3); following it with tasks/get.")
                            .arg(handle->m_method, rounds->taskId(), task.value(Key::Status).toString()));
        // Each answer to a poll shows the server is alive: the request's timeout starts again.
        d->armTimer(handle);
        Q_EMIT d->q->taskStatus(task);
        FollowedTask &record = m_followedTasks[handle];
        if (record.taskId.isEmpty()) {
            record.taskId = rounds->taskId();
            record.method = handle->m_method;
            record.name = handle->m_params.value(Key::Name).toString();
            record.followedAtMs = QDateTime::currentMSecsSinceEpoch();
            QObject::connect(handle, &QObject::destroyed, handle, [this, handle] { m_followedTasks.remove(handle); });
        }
        record.status = task;
        record.status.remove(Key::Result); // a big result is carried once, in record.result at the end
        ++record.polls;
        publishTask(handle);
    });
    // Input the task asked for, and each answer to it.
    QObject::connect(rounds, &Modern::MultiRoundTripRequest::roundsChanged, handle, [this, handle] {
        if (m_followedTasks.contains(handle))
            publishTask(handle);
    });
    QObject::connect(rounds, &Modern::MultiRoundTripRequest::taskPollDue, handle, [this, handle, rounds] {
        OutgoingRequest *poll = d->q->send(Requests::getTask(rounds->taskId()));
        const QPointer<Modern::MultiRoundTripRequest> guard = rounds;
        QObject::connect(poll, &OutgoingRequest::finished, handle, [poll, guard] {
            if (!guard)
                return;
            if (poll->isError())
                guard->taskPollFailed(poll->error().message);
            else
                guard->taskStatusReceived(poll->id(), poll->result().toObject());
        });
    });
    QObject::connect(rounds, &Modern::MultiRoundTripRequest::taskInputReady, handle,
                     [this, handle, rounds](const QJsonObject &responses) {
        OutgoingRequest *update = d->q->send(Requests::updateTask(rounds->taskId(), responses));
        const QPointer<Modern::MultiRoundTripRequest> guard = rounds;
        QObject::connect(update, &OutgoingRequest::finished, handle, [update, guard] {
            if (guard && update->isError())
                guard->taskPollFailed(update->error().message);
        });
    });
}

void ModernLifecycle::publishTask(OutgoingRequest *handle)
{
    const auto found = m_followedTasks.find(handle);
    if (found == m_followedTasks.end())
        return;
    FollowedTask &record = *found;
    record.updatedAtMs = QDateTime::currentMSecsSinceEpoch();
    record.rounds = handle->rounds();
    if (const Modern::MultiRoundTripRequest *rounds = handle->m_multiRound)
        record.pollIntervalMs = rounds->taskPollIntervalMs();
    Q_EMIT d->q->followedTaskChanged(record);
}

void ModernLifecycle::requestFinished(OutgoingRequest *handle)
{
    const auto found = m_followedTasks.find(handle);
    if (found == m_followedTasks.end())
        return;
    found->following = false;
    if (handle->m_error)
        found->error = handle->m_error->message;
    else
        found->result = handle->result().toObject();
    publishTask(handle);
    m_followedTasks.erase(m_followedTasks.find(handle));
}

bool ModernLifecycle::cancelTask(OutgoingRequest *handle)
{
    Modern::MultiRoundTripRequest *rounds = handle ? handle->m_multiRound.data() : nullptr;
    if (!rounds || !rounds->isTask())
        return false;
    if (Task::fromJson(rounds->taskStatus()).isTerminal())
        return false;
    d->q->send(Requests::cancelTask(rounds->taskId())); // fire and forget: its answer shows in the traffic
    return true;
}

bool ModernLifecycle::reissueLostRequest(OutgoingRequest *handle, const QString &why)
{
    // The listen stream has its own reopening, with backoff and the state the window shows.
    if (!handle || !handle->m_multiRound || handle->m_finished || handle->m_internal
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
    Modern::MultiRoundTripRequest *rounds = handle->m_multiRound;
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
    Modern::MultiRoundTripRequest *rounds = handle->m_multiRound;
    if (!rounds)
        return false;
    handle->m_sent = false; // between rounds nothing is in flight to cancel
    if (!reply.isResponse()) {
        RpcError error = reply.error();
        if (const auto unsupported = Modern::unsupportedVersionOf(error)) {
            const QStringList ours = supportedProtocolVersions();
            const auto mutual = std::find_if(ours.cbegin(), ours.cend(), [&](const QString &version) {
                return unsupported->supported.contains(version);
            });
            if (mutual != ours.cend() && !handle->m_versionRetried) {
                handle->m_versionRetried = true;
                m_version = *mutual;
                d->emitNote(Client::tr("The server does not accept protocol version %1; retrying with %2.")
                                .arg(unsupported->requested, *mutual));
                QJsonObject params = handle->m_multiRound->params();
                params.remove(Key::Meta);
                attachMultiRound(handle, withMeta(params));
                handle->m_id = MessageId(d->nextId++);
                startRound(handle);
                return true;
            }
        }
        if (error.code == ModernErrorCode::HeaderMismatch && handle->m_method == Method::ToolsCall
            && handle->m_callerParams) {
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
            rememberTools(reply.result().toObject());
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

void ModernLifecycle::rememberTools(const QJsonObject &result)
{
    const QJsonArray tools = result.value(Key::Tools).toArray();
    for (const QJsonValue &tool : tools) {
        const QJsonObject object = tool.toObject();
        const QString name = object.value(Key::Name).toString();
        const ModernHeaders::ToolHeaders headers =
            ModernHeaders::ToolHeaderRules::inspect(object.value(Key::InputSchema).toObject());
        // Only tools with a mapping (or an invalid one) are kept: the others read as the
        // default, and a call to one of them skips the header checks.
        if (headers.valid && headers.parameters.isEmpty())
            m_toolHeaders.remove(name);
        else
            m_toolHeaders.insert(name, headers);
        if (!headers.valid)
            d->emitNote(Client::tr("The tool %1 is invalid and will not be called: %2").arg(name, headers.reason));
    }
}

void ModernLifecycle::relistAfterHeaderMismatch(OutgoingRequest *handle, const RpcError &mismatch)
{
    const QString tool = handle->m_callerParams->value(Key::Name).toString();
    const ModernHeaders::ToolHeaders before = m_toolHeaders.value(tool);
    // The spec's advice (streamable-http.mdx, Custom Headers): check tools/list for a changed
    // inputSchema, then retry. A cached list would only repeat the mapping that failed.
    d->emitNote(Client::tr("The server rejected the headers of tools/call %1 (HeaderMismatch, -32020); listing the "
                           "tools again for its current x-mcp-header mapping.").arg(tool));
    RpcError error = mismatch;
    error.message = Modern::ModernErrors::describe(mismatch, supportedProtocolVersions());
    const QPointer<OutgoingRequest> guard = handle;
    Client::ListOptions options;
    options.forceRefresh = true;
    d->q->listAll(Method::ToolsList, Key::Tools, handle, options,
                  [this, guard, error, tool, before](const QJsonArray &tools, const std::optional<RpcError> &listError,
                                                     const CacheStatus &) {
        if (!guard || guard->m_finished)
            return; // cancelled or timed out meanwhile
        OutgoingRequest *handle = guard;
        RpcError failure = error;
        const bool listed = std::any_of(tools.cbegin(), tools.cend(), [&tool](const QJsonValue &each) {
            return each.toObject().value(Key::Name).toString() == tool;
        });
        const ModernHeaders::ToolHeaders now = m_toolHeaders.value(tool);
        if (listError) {
            failure.message += QStringLiteral(" ") + Client::tr("Listing the tools again failed too: %1").arg(listError->message);
        } else if (!listed) {
            failure.message += QStringLiteral(" ") + Client::tr("The server no longer lists the tool %1.").arg(tool);
        } else if (!now.valid) {
            failure.message += QStringLiteral(" ") + Client::tr("Listed again, the tool's x-mcp-header annotations are invalid (%1), "
                                                 "so it was not called again.").arg(now.reason);
        } else if (handle->m_headerRetried || (now.parameters == before.parameters && now.valid == before.valid)) {
            failure.message += QStringLiteral(" ") + Client::tr("The tools were listed again and the tool's x-mcp-header mapping is "
                                                 "unchanged, so MCP Scope did not retry.");
        } else {
            handle->m_headerRetried = true;
            d->emitNote(Client::tr("The x-mcp-header mapping of %1 changed; calling it again with the current "
                                   "headers.").arg(tool));
            handle->m_params = *handle->m_callerParams;
            handle->m_id = MessageId(d->nextId++);
            send(handle);
            return;
        }
        failWithServerError(handle, failure);
    });
}

QHash<QString, QString> ModernLifecycle::invalidTools() const
{
    QHash<QString, QString> invalid;
    for (auto it = m_toolHeaders.cbegin(); it != m_toolHeaders.cend(); ++it)
        if (!it->valid)
            invalid.insert(it.key(), it->reason);
    return invalid;
}

Transport::HeaderList ModernLifecycle::paramHeaders(const Message &request) const
{
    if (request.method() != Method::ToolsCall || m_toolHeaders.isEmpty())
        return {};
    const QJsonObject params = request.paramsObject();
    QString error;
    return ModernHeaders::ToolHeaderRules::paramHeaders(m_toolHeaders.value(params.value(Key::Name).toString()),
                                                        params.value(Key::Arguments).toObject(), &error);
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

// ---- subscriptions/listen -----------------------------------------------------------

Modern::SubscriptionFilter ModernLifecycle::listenFilter() const
{
    if (m_listenExplicit)
        return *m_listenExplicit;
    Modern::SubscriptionFilter filter;
    const QJsonObject capabilities = serverCapabilities();
    const auto offers = [&](const QString &capability, const QString &flag) {
        return capabilities.value(capability).toObject().value(flag).toBool();
    };
    filter.toolsListChanged = offers(Key::Tools, Key::ListChanged);
    filter.promptsListChanged = offers(Key::Prompts, Key::ListChanged);
    filter.resourcesListChanged = offers(Key::Resources, Key::ListChanged);
    if (offers(Key::Resources, Key::Subscribe))
        filter.resourceSubscriptions = m_subscribedUris;
    return filter;
}

Modern::SubscriptionFilter ModernLifecycle::acknowledgedListenFilter() const
{
    return m_listenStream ? m_listenStream->acknowledged() : Modern::SubscriptionFilter();
}

void ModernLifecycle::setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter)
{
    m_listenExplicit = filter;
    if (m_active && d->state == Client::State::Ready)
        openListen();
}

void ModernLifecycle::setResourceSubscribed(const QString &uri, bool subscribed)
{
    if (subscribed == m_subscribedUris.contains(uri))
        return;
    if (subscribed)
        m_subscribedUris.append(uri);
    else
        m_subscribedUris.removeAll(uri);
    if (m_listenExplicit) {
        // An explicit filter follows the subscriptions too.
        m_listenExplicit->resourceSubscriptions.removeAll(uri);
        if (subscribed)
            m_listenExplicit->resourceSubscriptions.append(uri);
    }
    if (m_active && d->state == Client::State::Ready)
        openListen();
}

void ModernLifecycle::setListenState(Client::ListenState state)
{
    if (m_listenState == state)
        return;
    m_listenState = state;
    Q_EMIT d->q->listenStateChanged(state);
}

void ModernLifecycle::closeListen()
{
    ++m_listenGeneration;
    const QPointer<OutgoingRequest> handle = m_listen;
    m_listen = nullptr;
    m_listenStream.reset();
    if (handle && !handle->isFinished()) {
        QObject::disconnect(handle, &OutgoingRequest::finished, d->q, nullptr);
        handle->cancel(Client::tr("The subscription's filter changed."));
    }
}

void ModernLifecycle::openListen()
{
    closeListen();
    const Modern::SubscriptionFilter filter = listenFilter();
    if (!m_active || d->state != Client::State::Ready || filter.isEmpty()) {
        setListenState(Client::ListenState::Off);
        return;
    }
    RequestOptions options;
    options.timeoutMs = 0; // open until the server closes it or the connection drops
    options.attachProgressToken = false;
    OutgoingRequest *handle = d->q->sendRequest(Method::SubscriptionsListen, Modern::listenParams(filter), options);
    if (handle->isFinished())
        return; // not sent; its finished() reports why
    m_listen = handle;
    m_listenStream.emplace(handle->id(), filter);
    setListenState(Client::ListenState::Opening);
    QObject::connect(handle, &OutgoingRequest::finished, d->q, [this, handle] { onListenFinished(handle); });
}

void ModernLifecycle::onListenFinished(OutgoingRequest *handle)
{
    if (m_listen != handle)
        return;
    m_listen = nullptr;
    using End = Modern::ReconnectBackoff::StreamEnd;
    End end = End::ClosedByServer;
    if (handle->isError()) {
        const RpcError error = handle->error();
        const bool dropped = error.code == SessionErrorCode::ConnectionClosed
            || error.code == SessionErrorCode::TransportFailure || error.code == SessionErrorCode::Timeout;
        end = dropped ? End::Dropped : End::Refused;
        m_listenError = dropped ? Client::tr("The subscription stream dropped: %1").arg(error.message)
                                : Client::tr("The server refused the subscription (%1): %2")
                                      .arg(QString::number(error.code), error.message);
        d->emitNote(m_listenError);
    } else {
        m_listenError.clear();
        d->emitNote(Client::tr("The server ended the subscription."));
    }
    if (!Modern::ReconnectBackoff::shouldReopen(end)) {
        setListenState(end == End::Refused ? Client::ListenState::Refused : Client::ListenState::Closed);
        return;
    }
    if (!m_active || d->state != Client::State::Ready) {
        setListenState(Client::ListenState::Off);
        return;
    }
    setListenState(Client::ListenState::Reconnecting);
    const int delay = m_backoff.nextDelayMs();
    const quint64 generation = ++m_listenGeneration;
    d->emitNote(Client::tr("Reopening the subscription stream in %1 ms.").arg(delay));
    QTimer::singleShot(delay, d->q, [this, generation] {
        if (generation != m_listenGeneration)
            return;
        if (!m_active || d->state != Client::State::Ready) {
            setListenState(Client::ListenState::Off);
            return;
        }
        openListen();
    });
}

bool ModernLifecycle::acceptNotification(const Message &message)
{
    if (!m_listenStream)
        return true;
    const Modern::ListenEvent event = m_listenStream->accept(message);
    switch (event.kind) {
    case Modern::ListenEvent::Kind::Acknowledged: {
        m_backoff.reset();
        m_listenError.clear();
        const Modern::SubscriptionFilter missing = listenFilter().notHonouredBy(event.filter);
        if (!missing.isEmpty())
            d->emitNote(Client::tr("The server will not send everything the subscription asked for: %1")
                            .arg(QString::fromUtf8(QJsonDocument(missing.toJson()).toJson(QJsonDocument::Compact))));
        setListenState(Client::ListenState::Open);
        return true;
    }
    case Modern::ListenEvent::Kind::Violation:
        d->emitNote(event.message, message.serialize());
        return false;
    default:
        return true;
    }
}

} // namespace Mcp
