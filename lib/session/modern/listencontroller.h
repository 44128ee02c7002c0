#pragma once

#include "jsonrpc/message.h"
#include "session/client.h"
#include "session/modern/subscriptions.h"

#include <QPointer>
#include <QStringList>

#include <optional>

namespace Mcp {
class ClientPrivate;
class OutgoingRequest;
}

namespace Mcp::Modern {

// The subscriptions/listen stream of a modern connection (basic/patterns/subscriptions.mdx):
// one request without a timeout, opened once the connection is ready when the filter asks for
// anything, its notifications checked by ListenStream, reopened with ReconnectBackoff when it
// drops. The modern era has no resources/subscribe, so resource subscriptions live here as part
// of the filter. Kept apart from ModernLifecycle because it has its own state machine
// (Client::ListenState) that outlives single requests.
class ListenController
{
public:
    explicit ListenController(ClientPrivate *d) : d(d) {}

    // A new connection: no stream, no subscriptions, no error, a fresh backoff.
    void reset();
    // (Re)opens the stream with the current filter, or leaves it Off when there is nothing to ask for.
    void open();

    Client::ListenState state() const { return m_state; }
    // The filter asked for: the explicit one, else what the server's capabilities offer.
    SubscriptionFilter filter() const;
    SubscriptionFilter acknowledgedFilter() const;
    QString error() const { return m_error; }
    void setFilter(const std::optional<SubscriptionFilter> &filter);
    // resources/subscribe or unsubscribe of the modern era: answered here by changing the
    // filter and reopening the stream, nothing of it goes on the wire.
    OutgoingRequest *subscribe(const QString &method, const QJsonObject &params);
    // A notification: false when it broke the listen stream's rules (a Note, and not delivered).
    bool acceptNotification(const Message &message);

private:
    // The modern connection is ready: a stream may be open.
    bool connectionReady() const;
    void setResourceSubscribed(const QString &uri, bool subscribed);
    void close();
    void onFinished(OutgoingRequest *handle);
    void setState(Client::ListenState state);

    ClientPrivate *d;
    std::optional<SubscriptionFilter> m_explicit; // setFilter()
    QStringList m_subscribedUris;                 // subscribe()
    QPointer<OutgoingRequest> m_listen;
    std::optional<ListenStream> m_stream;
    Client::ListenState m_state = Client::ListenState::Off;
    QString m_error;
    ReconnectBackoff m_backoff;
    quint64 m_generation = 0; // a reconnect timer of an older stream does nothing
};

} // namespace Mcp::Modern
