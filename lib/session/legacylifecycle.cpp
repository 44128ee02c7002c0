#include "session/legacylifecycle.h"

#include "session/client_p.h"

#include "protocol/keys.h"
#include "protocol/methods.h"

#include "protocol/versions.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSession)

namespace Mcp {

QStringList LegacyLifecycle::supportedProtocolVersions()
{
    return ProtocolVersion::legacy();
}

void LegacyLifecycle::reset()
{
    m_reinitializing = false;
    m_protocolVersion.clear();
    m_serverInfo = {};
    m_serverCapabilities = {};
    m_instructions.clear();
}

void LegacyLifecycle::start(const QString &version, const QString &decidedBy)
{
    d->emitNote(Client::tr("Protocol era: legacy (%1).").arg(decidedBy));
    m_offeredVersion = version;
    initialize();
}

void LegacyLifecycle::initialize()
{
    d->setState(Client::State::Initializing);
    const QJsonObject params{
        {Key::ProtocolVersion, m_offeredVersion.isEmpty() ? supportedProtocolVersions().constFirst() : m_offeredVersion},
        {Key::Capabilities, d->q->clientCapabilities()},
        {Key::ClientInfo, d->options.clientInfo.toJson()},
    };
    OutgoingRequest *handle = d->createLifecycleRequest(Method::Initialize, params,
                                                        d->connectTimeLeft(d->options.connectTimeoutMs),
                                                        [this](OutgoingRequest *initialize) { onInitializeFinished(initialize); });
    m_initializeHandle = handle;
    d->transmit(handle);
}

void LegacyLifecycle::onInitializeFinished(OutgoingRequest *handle)
{
    if (m_initializeHandle != handle)
        return;
    m_initializeHandle = nullptr;
    if (d->state != Client::State::Initializing)
        return; // the connection already ended; onTransportClosed said why
    if (handle->isError()) {
        if (d->negotiator.legacyInitializeFailed())
            return; // the era was remembered wrongly: detected again
        d->fail(Client::tr("The server did not complete initialize: %1").arg(handle->error().message));
        return;
    }
    const QJsonObject result = handle->result().toObject();
    const QJsonValue version = result.value(Key::ProtocolVersion);
    if (!version.isString()) {
        d->fail(Client::tr("The server's initialize result has no protocolVersion, so MCP Scope cannot tell "
                        "which protocol it speaks. Disconnected."));
        return;
    }
    if (!supportedProtocolVersions().contains(version.toString())) {
        d->fail(Client::tr("The server answered with protocol version \"%1\", which MCP Scope does not support "
                        "(it supports %2). Disconnected.")
                 .arg(version.toString(), supportedProtocolVersions().join(QStringLiteral(", "))));
        return;
    }
    m_protocolVersion = version.toString();
    m_serverCapabilities = result.value(Key::Capabilities).toObject();
    m_serverInfo = Implementation::fromJson(result.value(Key::ServerInfo).toObject());
    m_instructions = result.value(Key::Instructions).toString();
    qCDebug(lcSession) << "initialized" << m_serverInfo.name << m_serverInfo.version << m_protocolVersion;
    if (d->transport) {
        d->transport->setProtocolVersion(m_protocolVersion);
        d->transport->setHandshakeNotification(Method::InitializedNotification);
    }
    d->sendMessage(Message::notification(Method::InitializedNotification));
    d->setState(Client::State::Ready);
    flushQueue();
    if (d->state != Client::State::Ready)
        return;
    const bool wasReinitializing = std::exchange(m_reinitializing, false);
    if (wasReinitializing)
        d->emitNote(Client::tr("A new session was initialised after the server ended the previous one."));
    if (d->transport->transportName() == QLatin1String("sse")) // the HTTP auto transport fell back, or chosen
        d->modern.noteDeprecated(QStringLiteral("HTTP+SSE"));
    Q_EMIT d->q->ready();
    if (wasReinitializing)
        Q_EMIT d->q->sessionReinitialized();
}

void LegacyLifecycle::onSessionExpired()
{
    if (d->state != Client::State::Ready) {
        // While initializing, the initialize in flight succeeds or fails on its own; several
        // requests that all met the expired session must not start several new ones.
        qCDebug(lcSession) << "session expiry ignored in state" << d->state;
        return;
    }
    qCInfo(lcSession) << "session expired, initializing again";
    d->emitNote(Client::tr("The server ended the session; initialising a new one."));
    // Requests in flight stay pending: each one the server refuses with 404 (it never processed
    // it) comes back through resendOnNewSession(); one whose answer is already on its way (an
    // event stream of the old session) may still arrive; the others end at their timeouts.
    m_reinitializing = true;
    initialize();
}

bool LegacyLifecycle::resendOnNewSession(OutgoingRequest *handle)
{
    if (!handle || handle->m_record->internal || handle->m_finished)
        return false;
    switch (d->state) {
    case Client::State::Ready:
        // A late 404 from the old session, after the new one is ready.
        d->emitNote(Client::tr("Sent %1 again on the new session.").arg(handle->method()));
        d->transmit(handle);
        return true;
    case Client::State::Connecting:
    case Client::State::Initializing:
        d->emitNote(Client::tr("%1 met the ended session; it is sent again once the new session is ready.")
                        .arg(handle->method()));
        m_queue.append({handle, Message()});
        return true;
    default:
        return false;
    }
}

void LegacyLifecycle::flushQueue()
{
    const QList<Queued> items = std::exchange(m_queue, {});
    for (const Queued &item : items) {
        if (d->state != Client::State::Ready) {
            m_queue.append(item); // the connection ended while flushing
            continue;
        }
        if (item.handle) {
            if (!item.handle->m_finished)
                d->transmit(item.handle);
        } else {
            d->sendMessage(item.notification);
        }
    }
}


bool LegacyLifecycle::send(OutgoingRequest *handle)
{
    switch (d->state) {
    case Client::State::Ready:
        d->transmit(handle);
        return true;
    case Client::State::Initializing:
        if (handle->method() == Method::Ping) { // the only request allowed before the initialize result
            d->transmit(handle);
            return true;
        }
        Q_FALLTHROUGH();
    case Client::State::Connecting:
        qCDebug(lcSession) << "queued until initialized:" << handle->method();
        m_queue.append({handle, Message()});
        return true;
    case Client::State::Disconnected:
    case Client::State::Failed:
    case Client::State::Closing:
        break;
    }
    return false;
}

bool LegacyLifecycle::send(const Message &notification)
{
    switch (d->state) {
    case Client::State::Ready:
        d->sendMessage(notification);
        return true;
    case Client::State::Connecting:
    case Client::State::Initializing:
        m_queue.append({nullptr, notification});
        return true;
    default:
        return false;
    }
}

void LegacyLifecycle::forget(OutgoingRequest *handle)
{
    m_queue.removeIf([handle](const Queued &item) { return item.handle == handle; });
}

QList<QPointer<OutgoingRequest>> LegacyLifecycle::takeQueuedRequests()
{
    QList<QPointer<OutgoingRequest>> handles;
    for (const Queued &item : std::as_const(m_queue))
        if (item.handle)
            handles.append(item.handle);
    m_queue.clear();
    return handles;
}

int LegacyLifecycle::queuedRequestCount() const
{
    return int(std::count_if(m_queue.cbegin(), m_queue.cend(), [](const Queued &item) { return bool(item.handle); }));
}

} // namespace Mcp
