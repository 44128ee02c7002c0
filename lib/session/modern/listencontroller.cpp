#include "session/modern/listencontroller.h"

#include "session/client_p.h"
#include "protocol/errorcodes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"

#include <QJsonDocument>
#include <QTimer>

namespace Mcp::Modern {

void ListenController::reset()
{
    close();
    m_subscribedUris.clear(); // a new connection starts without subscriptions, as in the legacy era
    m_error.clear();
    m_backoff.reset();
    setState(Client::ListenState::Off);
}

bool ListenController::connectionReady() const
{
    return d->modern.isActive() && d->state == Client::State::Ready;
}

SubscriptionFilter ListenController::filter() const
{
    if (m_explicit)
        return *m_explicit;
    SubscriptionFilter filter;
    const QJsonObject capabilities = d->modern.serverCapabilities();
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

SubscriptionFilter ListenController::acknowledgedFilter() const
{
    return m_stream ? m_stream->acknowledged() : SubscriptionFilter();
}

void ListenController::setFilter(const std::optional<SubscriptionFilter> &filter)
{
    m_explicit = filter;
    if (connectionReady())
        open();
}

OutgoingRequest *ListenController::subscribe(const QString &method, const QJsonObject &params)
{
    const QString uri = params.value(Key::Uri).toString();
    const bool subscribed = method == Method::ResourcesSubscribe;
    OutgoingRequest *handle = d->createRequest(method, params, {});
    if (d->state != Client::State::Ready) {
        d->finishWithError(handle, RpcError{SessionErrorCode::ConnectionClosed,
                                            Client::tr("%1 was not sent: not connected to a server.").arg(method)});
    } else if (!d->modern.serverCapabilities().value(Key::Resources).toObject().value(Key::Subscribe).toBool()) {
        d->finishWithError(handle, RpcError{ErrorCode::MethodNotFound,
                                            Client::tr("The server does not offer resource subscriptions.")});
    } else {
        setResourceSubscribed(uri, subscribed);
        d->emitNote(subscribed ? Client::tr("Subscribed to %1 through the subscriptions/listen stream.").arg(uri)
                               : Client::tr("Unsubscribed from %1 through the subscriptions/listen stream.").arg(uri));
        d->finishWithReply(handle, Message::response(handle->id(), QJsonObject()));
    }
    return handle;
}

void ListenController::setResourceSubscribed(const QString &uri, bool subscribed)
{
    if (subscribed == m_subscribedUris.contains(uri))
        return;
    if (subscribed)
        m_subscribedUris.append(uri);
    else
        m_subscribedUris.removeAll(uri);
    if (m_explicit) {
        // An explicit filter follows the subscriptions too.
        m_explicit->resourceSubscriptions.removeAll(uri);
        if (subscribed)
            m_explicit->resourceSubscriptions.append(uri);
    }
    if (connectionReady())
        open();
}

void ListenController::setState(Client::ListenState state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT d->q->listenStateChanged(state);
}

void ListenController::close()
{
    ++m_generation;
    const QPointer<OutgoingRequest> handle = m_listen;
    m_listen = nullptr;
    m_stream.reset();
    if (handle && !handle->isFinished()) {
        QObject::disconnect(handle, &OutgoingRequest::finished, d->q, nullptr);
        handle->cancel(Client::tr("The subscription's filter changed."));
    }
}

void ListenController::open()
{
    close();
    const SubscriptionFilter wanted = filter();
    if (!connectionReady() || wanted.isEmpty()) {
        setState(Client::ListenState::Off);
        return;
    }
    RequestOptions options;
    options.timeoutMs = 0; // open until the server closes it or the connection drops
    options.attachProgressToken = false;
    OutgoingRequest *handle = d->q->sendRequest(Method::SubscriptionsListen, listenParams(wanted), options);
    if (handle->isFinished())
        return; // not sent; its finished() reports why
    m_listen = handle;
    m_stream.emplace(handle->id(), wanted);
    setState(Client::ListenState::Opening);
    QObject::connect(handle, &OutgoingRequest::finished, d->q, [this, handle] { onFinished(handle); });
}

void ListenController::onFinished(OutgoingRequest *handle)
{
    if (m_listen != handle)
        return;
    m_listen = nullptr;
    using End = ReconnectBackoff::StreamEnd;
    End end = End::ClosedByServer;
    if (handle->isError()) {
        const RpcError error = handle->error();
        const bool dropped = error.code == SessionErrorCode::ConnectionClosed
            || error.code == SessionErrorCode::TransportFailure || error.code == SessionErrorCode::Timeout;
        end = dropped ? End::Dropped : End::Refused;
        m_error = dropped ? Client::tr("The subscription stream dropped: %1").arg(error.message)
                          : Client::tr("The server refused the subscription (%1): %2")
                                .arg(QString::number(error.code), error.message);
        d->emitNote(m_error);
    } else {
        m_error.clear();
        d->emitNote(Client::tr("The server ended the subscription."));
    }
    if (!ReconnectBackoff::shouldReopen(end)) {
        setState(end == End::Refused ? Client::ListenState::Refused : Client::ListenState::Closed);
        return;
    }
    if (!connectionReady()) {
        setState(Client::ListenState::Off);
        return;
    }
    setState(Client::ListenState::Reconnecting);
    const int delay = m_backoff.nextDelayMs();
    const quint64 generation = ++m_generation;
    d->emitNote(Client::tr("Reopening the subscription stream in %1 ms.").arg(delay));
    QTimer::singleShot(delay, d->q, [this, generation] {
        if (generation != m_generation)
            return;
        if (!connectionReady()) {
            setState(Client::ListenState::Off);
            return;
        }
        open();
    });
}

bool ListenController::acceptNotification(const Message &message)
{
    if (!m_stream)
        return true;
    const ListenEvent event = m_stream->accept(message);
    switch (event.kind) {
    case ListenEvent::Kind::Acknowledged: {
        m_backoff.reset();
        m_error.clear();
        const SubscriptionFilter missing = filter().notHonouredBy(event.filter);
        if (!missing.isEmpty())
            d->emitNote(Client::tr("The server will not send everything the subscription asked for: %1")
                            .arg(QString::fromUtf8(QJsonDocument(missing.toJson()).toJson(QJsonDocument::Compact))));
        setState(Client::ListenState::Open);
        return true;
    }
    case ListenEvent::Kind::Violation:
        d->emitNote(event.message, message.serialize());
        return false;
    default:
        return true;
    }
}

} // namespace Mcp::Modern
