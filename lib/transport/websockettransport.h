#pragma once

#include "transport/httptransportoptions.h"
#include "transport/transport.h"

#include <QElapsedTimer>
#include <QUrl>

#include <memory>

QT_BEGIN_NAMESPACE
class QTimer;
class QWebSocket;
QT_END_NAMESPACE

namespace Mcp {

// MCP over one WebSocket connection (ws://, wss://), as the MCP Python SDK's WebSocket client and
// server and the TypeScript SDK's WebSocket client transport speak it: the handshake asks for the
// "mcp" subprotocol, and every JSON-RPC message (or batch) travels as one text frame, both ways,
// for as long as the connection lasts. Like stdio it is a channel of messages: the session speaks
// either era over it (initialize and its session, or 2026-07-28's stateless requests).
//
// The handshake is an HTTP GET that carries the options' headers and bearer token; TLS and the
// proxy follow options.network as the HTTP transports do (CA files, pins, client certificate,
// errors refused unless a pin or --insecure says otherwise, a TransportError of Kind::Tls with
// its TlsFailure when refused). Every frame is a TrafficEvent with the handshake's exchange id:
// text frames as Message (InvalidMessage when not JSON-RPC), binary frames as InvalidMessage;
// neither ends the connection. The handshake request and its answer, pings, pongs and closes
// (code and reason) are in the log too. A ping goes out every keepAliveIntervalMs; a peer that
// has not answered one by the time the next is due is gone (a Network error).
class WebSocketTransport : public Transport
{
    Q_OBJECT

public:
    // The subprotocol MCP servers accept on their WebSocket endpoint.
    static constexpr const char *Subprotocol = "mcp";

    // options: headers, bearerToken, maxMessageSize, closeTimeoutMs, userAgent and network are used.
    WebSocketTransport(const QUrl &url, const HttpTransportOptions &options, QObject *parent = nullptr);
    ~WebSocketTransport() override;

    void open() override;
    void send(const Message &message) override;
    // Writes one text frame exactly as given: hand-written JSON, and tests of server behaviour.
    bool sendRaw(const QByteArray &text);
    // Sends a close frame (1000, "client closing") and waits for the server's, at most closeTimeoutMs.
    void close() override;

    QString transportName() const override { return QStringLiteral("websocket"); }
    QString endpointDescription() const override;

    // A ping every intervalMs (0: none). Default 30 s.
    void setKeepAliveInterval(int intervalMs);
    int keepAliveInterval() const { return m_keepAliveIntervalMs; }
    // The round trip of the last pong; -1 before the first.
    qint64 lastPongRoundTripMs() const { return m_lastRoundTripMs; }

    // "1000 Normal Closure", "1011 Internal Error": a close code as RFC 6455 names it.
    static QString describeCloseCode(int code);

private:
    void onConnected();
    void onDisconnected();
    void onSslErrors(const QList<QSslError> &errors);
    void onTextMessage(const QString &text);
    void onBinaryMessage(const QByteArray &data);
    void onPong(quint64 elapsedMs, const QByteArray &payload);
    void onKeepAliveTimer();
    void fail(const TransportError &error);
    void finishClose(const QString &reason);
    void dropSocket();
    void emitFrame(TrafficEvent::Direction direction, TrafficEvent::Kind kind, const QByteArray &raw,
                   const QString &note = {});
    void note(TrafficEvent::Kind kind, const QString &text);
    TransportError errorFromSocket() const;

    QUrl m_url;
    HttpTransportOptions m_options;
    QWebSocket *m_socket = nullptr;
    QTimer *m_keepAliveTimer = nullptr;
    QTimer *m_closeTimer = nullptr;
    int m_keepAliveIntervalMs = 30000;
    bool m_pingOutstanding = false;
    qint64 m_lastRoundTripMs = -1;
    quint64 m_exchangeId = 0;
    bool m_closeRequested = false;
    // Why TLS was refused in sslErrors (or after connecting, a pin), for the error that follows.
    std::shared_ptr<const TlsFailure> m_tlsFailure;
};

} // namespace Mcp
