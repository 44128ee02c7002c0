#pragma once

// Server-side MCP over WebSocket on Qt WebSockets, as the MCP Python SDK's WebSocket server
// speaks it: the handshake must offer the "mcp" subprotocol, which the answer names, and every
// JSON-RPC message travels as one text frame. One ServerSession per connection, which speaks
// either era as over stdio (initialize and its session, or 2026-07-28's stateless requests).

#include "servertransport.h"

#include <QHostAddress>
#include <QObject>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QSslConfiguration;
class QWebSocket;
class QWebSocketServer;
QT_END_NAMESPACE

namespace Mcp {

class Server;

// The server end of one WebSocket connection. Text frames that are not messages are answered
// as on stdio (-32700 or -32600); binary frames are reported and not read.
class WebSocketServerTransport : public ServerTransport
{
    Q_OBJECT

public:
    // Takes ownership of socket, an accepted connection.
    explicit WebSocketServerTransport(QWebSocket *socket, QObject *parent = nullptr);
    ~WebSocketServerTransport() override;

    void open() override;
    void send(const Message &message, const MessageId &relatedRequest = {}) override;
    void close() override;
    bool sendRawFrame(const QByteArray &frame) override;

private:
    void handleText(const QString &text);
    void finish();

    QWebSocket *m_socket;
    bool m_closedEmitted = false;
};

// Serves one Server over WebSocket at ws://ADDRESS:PORT/mcp (wss:// with an SSL configuration).
class WebSocketMcpServer : public QObject
{
    Q_OBJECT

public:
    explicit WebSocketMcpServer(Server *server, QObject *parent = nullptr);
    // TLS (wss://) with this configuration's certificate and key; before listen().
    WebSocketMcpServer(Server *server, const QSslConfiguration &ssl, QObject *parent = nullptr);
    ~WebSocketMcpServer() override;

    // A loopback address: MCP on a workstation must not be reachable from elsewhere.
    bool listen(const QHostAddress &address = QHostAddress::LocalHost, quint16 port = 0);
    QString errorString() const;
    quint16 port() const;
    // ws://127.0.0.1:PORT/mcp
    QUrl url() const;
    // Connections that did not ask for the "mcp" subprotocol are refused (close code 1002)
    // unless this is false (the default: accepted, as the subprotocol is optional for clients
    // that predate it).
    void setRequireSubprotocol(bool require) { m_requireSubprotocol = require; }

private:
    void acceptConnections();

    Server *m_server;
    QWebSocketServer *m_webSockets;
    bool m_requireSubprotocol = false;
};

} // namespace Mcp
