#pragma once

#include "jsonrpc/message.h"
#include "transport/trafficevent.h"

#include <QObject>

namespace Mcp {

// The server side of one MCP connection: moves whole messages between a ServerSession and
// one client. Framing, pipes and HTTP live below this line; protocol meaning lives above it.
// A Streamable HTTP server creates one transport (and one ServerSession) per Mcp-Session-Id.
class ServerTransport : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // Starts reading. Messages arrive through messageReceived().
    virtual void open() = 0;
    // Queues one message. Never blocks. relatedRequest names the client request this message
    // belongs to (a response, or progress, logging and server requests issued while handling it)
    // so that HTTP can put it on that request's response stream; null means "not tied to one".
    virtual void send(const Message &message, const MessageId &relatedRequest = {}) = 0;
    // Ends the connection after the queued output has been written; emits closed() once.
    virtual void close() = 0;

    // Polling (SEP-1699): ends the stream that carries request's messages now, while the
    // request goes on; the client comes back for the rest (HTTP: GET with Last-Event-ID).
    // False when the transport has no such stream or could not resume it.
    virtual bool closeResponseStream(const MessageId &request)
    {
        Q_UNUSED(request)
        return false;
    }

    // Writes bytes that are not a message, as one frame. Only test servers use it (fault
    // injection: garbage on stdout). Transports that cannot do it return false.
    virtual bool sendRawFrame(const QByteArray &frame)
    {
        Q_UNUSED(frame)
        return false;
    }

Q_SIGNALS:
    void messageReceived(const Mcp::Message &message);
    // A frame that was not a valid message. The transport has already answered it when the
    // protocol asks for an answer (invalidFrameReply()); this is for logs.
    void invalidFrameReceived(const QByteArray &raw, const QString &diagnostic);
    // The client went away (stdin closed, HTTP session deleted) or close() finished.
    void closed();
    // Every frame in and out, raw. Optional: emitted only when something listens.
    void trafficEvent(const Mcp::TrafficEvent &event);
};

// The JSON-RPC error response for a frame that parseFrame() did not accept: -32700 with a
// null id when it is not JSON, -32600 (with the request's id when one can be read) otherwise.
Message invalidFrameReply(QByteArrayView frame, const QString &diagnostic);

} // namespace Mcp
