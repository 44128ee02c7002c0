#pragma once

#include "jsonrpc/message.h"
#include "transport/trafficevent.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <functional>
#include <memory>

namespace Mcp {

struct TlsFailure; // transport/networksettings.h

struct TransportError
{
    enum class Kind : quint8 {
        FailedToStart,   // the server process could not be started
        ProcessExited,   // the server process ended (crash, signal or exit code)
        MessageTooLarge, // one incoming message exceeded the configured maximum size
        Network,         // connection refused, reset, DNS, timeout at the socket level
        Tls,             // certificate or handshake problem (never ignored silently)
        Http,            // an HTTP error status (see httpStatus, wwwAuthenticate)
        Protocol,        // the peer broke the transport's rules (bad content type, no endpoint event...)
        SessionExpired,  // HTTP 404 on a session: a new initialize is needed
        ResponseLost,    // a 2026-07-28 request's response stream broke before its answer: the
                         // request is lost and is to be sent again with a new id (SEP-2575)
    };

    Kind kind = Kind::Protocol;
    QString message;         // a sentence a person can act on
    int httpStatus = 0;
    QByteArray bodyExcerpt;  // the first bytes of an HTTP error body
    QByteArray wwwAuthenticate;
    // Kind::Tls: what the server presented and why it was refused, for a person to decide
    // whether to trust it; null when the handshake failed before any certificate was seen.
    std::shared_ptr<const TlsFailure> tlsFailure;

    static TransportError of(Kind kind, const QString &message)
    {
        TransportError error;
        error.kind = kind;
        error.message = message;
        return error;
    }
};

// Moves whole JSON-RPC messages between this process and one MCP peer.
// Framing, processes, sockets and HTTP live below this line; protocol meaning
// (methods, ids, ordering) lives above it, in the session.
class Transport : public QObject
{
    Q_OBJECT

public:
    enum class State : quint8 { Closed, Opening, Open, Closing };
    Q_ENUM(State)

    using QObject::QObject;

    // Starts the process or prepares the connection; emits opened() or errorOccurred()+closed().
    virtual void open() = 0;
    // Queues one message. Never blocks. Messages sent before opened() are an error.
    virtual void send(const Message &message) = 0;
    // Ends the connection gracefully (stdio: close stdin, wait, terminate, kill;
    // HTTP: DELETE the session). Emits closed() once, when done.
    virtual void close() = 0;

    State state() const { return m_state; }
    bool isOpen() const { return m_state == State::Open; }

    // "stdio", "http", "sse": for status lines and logs.
    virtual QString transportName() const = 0;
    // The command line or URL, for status lines and logs.
    virtual QString endpointDescription() const = 0;

    // The session tells the transport the negotiated version (HTTP sends it as a header).
    virtual void setProtocolVersion(const QString &version) { Q_UNUSED(version) }
    // The session names the notification that completes its handshake (MCP:
    // notifications/initialized). A transport may open what the peer refuses before it once the
    // peer has accepted it (HTTP: the optional GET stream).
    virtual void setHandshakeNotification(const QString &method) { Q_UNUSED(method) }
    // Extra HTTP headers for one outgoing request, asked for just before it is sent (the modern
    // era's Mcp-Param-* headers, which only the session can derive from the tool list).
    using HeaderList = QList<QPair<QByteArray, QByteArray>>;
    using RequestHeaders = std::function<HeaderList(const Message &request)>;
    virtual void setRequestHeaders(RequestHeaders provider) { Q_UNUSED(provider) }
    // Stops waiting for the answer to a request by closing what carries it, where closing is
    // how a request is cancelled (modern Streamable HTTP). False when the transport has no such
    // channel: then the session sends notifications/cancelled.
    virtual bool abandonRequest(const MessageId &id) { Q_UNUSED(id) return false; }
    // The HTTP session id, if the transport has one.
    virtual QString sessionId() const { return {}; }
    // The server's process id while the transport runs it; 0 otherwise.
    virtual qint64 processId() const { return 0; }
    // True while messages wait for an authorization that may need a person (see
    // authorizationPendingChanged).
    bool isAuthorizationPending() const { return m_authorizationPending; }

Q_SIGNALS:
    void stateChanged(Mcp::Transport::State state);
    void opened();
    void messageReceived(const Mcp::Message &message);
    // A request that was sent but whose answer will never come through this transport
    // (an HTTP error on its POST, for example). The session fails that request only.
    void requestFailed(const Mcp::MessageId &id, const Mcp::TransportError &error);
    // HTTP 404 on a session: the server forgot us. The session must initialize again.
    void sessionExpired();
    void errorOccurred(const Mcp::TransportError &error);
    // Emitted exactly once per open(), after which the transport can be opened again.
    void closed(const QString &reason);
    // Every frame in and out, raw, before parsing; also lifecycle events.
    void trafficEvent(const Mcp::TrafficEvent &event);
    // Messages wait for an authorization (HTTP: OAuth), which may mean a person signing in in a
    // browser: the session does not count that time against their timeouts.
    void authorizationPendingChanged(bool pending);

protected:
    void setState(State state);
    void setAuthorizationPending(bool pending);
    // Fails at once every request whose answer arrived but could not be read (see
    // ParsedFrame::unreadableReplies), so that none of them waits out its timeout, and answers
    // each request whose id cannot be echoed (ParsedFrame::requestsWithBadIds).
    void failUnreadableReplies(const ParsedFrame &parsed);
    // A message that could not go out: a request fails alone (requestFailed), anything else is
    // a transport error; why is a sentence a person can act on.
    void refuseUnsent(const Message &message, const QString &why);
    // What a traffic event says about a frame: its diagnostics and warnings.
    static QString frameNote(const ParsedFrame &parsed);

private:
    State m_state = State::Closed;
    bool m_authorizationPending = false;
};

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::TransportError)
