#pragma once

#include "jsonrpc/message.h"
#include "protocol/types.h"

#include <QJsonObject>
#include <QString>

namespace Mcp {

class OutgoingRequest;

// What the Client needs of a protocol era's lifecycle, so that it asks the one its connection
// speaks (ClientPrivate::era()) instead of branching on which one that is. LegacyLifecycle
// (initialize) and ModernLifecycle (no handshake) implement it; EraNegotiator decides at
// connect which of the two speaks and starts it.
class EraLifecycle
{
public:
    virtual ~EraLifecycle() = default;

    // A new connection: forget what the last one negotiated.
    virtual void reset() = 0;
    // The negotiator chose this era (decidedBy says how): say so and start speaking it at
    // version (empty: the newest this era supports).
    virtual void start(const QString &version, const QString &decidedBy) = 0;

    // Sends a request, or queues it until the connection is ready; false when there is no
    // connection to send it on (the Client then finishes it with an error).
    virtual bool send(OutgoingRequest *handle) = 0;
    virtual bool send(const Message &notification) = 0;
    // A request this era answers without the server (created and finished here); null when it
    // goes to the server.
    virtual OutgoingRequest *answerLocally(const QString &method, const QJsonObject &params)
    {
        Q_UNUSED(method);
        Q_UNUSED(params);
        return nullptr;
    }
    // The answer to a request: true when the era took care of it, false when the Client
    // finishes the request with it.
    virtual bool onReply(OutgoingRequest *handle, const Message &reply)
    {
        Q_UNUSED(handle);
        Q_UNUSED(reply);
        return false;
    }
    // A notification: false when it broke the era's rules (a Note, and not delivered).
    virtual bool acceptNotification(const Message &message)
    {
        Q_UNUSED(message);
        return true;
    }

    // What the connection negotiated.
    virtual QString protocolVersion() const = 0;
    virtual Implementation serverInfo() const = 0;
    virtual QJsonObject serverCapabilities() const = 0;
    virtual QString instructions() const = 0;
};

} // namespace Mcp
