#include "websocketserver.h"

#include "server.h"
#include "serversession.h"

#include <QLoggingCategory>
#include <QPointer>
#include <QSslConfiguration>
#include <QWebSocket>
#include <QWebSocketServer>

Q_LOGGING_CATEGORY(lcWebSocketServer, "mcp.server.websocket")

namespace Mcp {

WebSocketServerTransport::WebSocketServerTransport(QWebSocket *socket, QObject *parent)
    : ServerTransport(parent), m_socket(socket)
{
    m_socket->setParent(this);
}

WebSocketServerTransport::~WebSocketServerTransport()
{
    m_socket->disconnect(this);
}

void WebSocketServerTransport::open()
{
    connect(m_socket, &QWebSocket::textMessageReceived, this, &WebSocketServerTransport::handleText);
    connect(m_socket, &QWebSocket::binaryMessageReceived, this, [this](const QByteArray &data) {
        const QString note = QStringLiteral("binary frame of %1 bytes ignored: MCP messages are text frames").arg(data.size());
        Q_EMIT trafficEvent(TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::InvalidMessage, data, note));
        Q_EMIT invalidFrameReceived(data, note);
    });
    connect(m_socket, &QWebSocket::disconnected, this, &WebSocketServerTransport::finish);
    if (m_socket->state() == QAbstractSocket::UnconnectedState)
        QMetaObject::invokeMethod(this, &WebSocketServerTransport::finish, Qt::QueuedConnection);
}

void WebSocketServerTransport::handleText(const QString &text)
{
    const QByteArray frame = text.toUtf8();
    const ParsedFrame parsed = parseFrame(frame);
    const QString diagnostic = parsed.diagnostics.join(QStringLiteral("; "));
    Q_EMIT trafficEvent(TrafficEvent::make(TrafficEvent::Direction::Outgoing,
                                           parsed.messages.isEmpty() ? TrafficEvent::Kind::InvalidMessage
                                                                     : TrafficEvent::Kind::Message,
                                           frame, diagnostic));
    if (!parsed.diagnostics.isEmpty()) {
        qCDebug(lcWebSocketServer).noquote() << "invalid frame:" << diagnostic;
        Q_EMIT invalidFrameReceived(frame, diagnostic);
        if (parsed.batch && !parsed.messages.isEmpty()) {
            for (const QString &each : parsed.diagnostics)
                send(Message::errorResponse(MessageId(), {ErrorCode::InvalidRequest, each}));
        } else {
            send(invalidFrameReply(frame, diagnostic));
        }
    }
    QPointer<WebSocketServerTransport> guard(this);
    for (const Message &message : parsed.messages) {
        Q_EMIT messageReceived(message);
        if (!guard)
            return;
    }
}

void WebSocketServerTransport::send(const Message &message, const MessageId &relatedRequest)
{
    Q_UNUSED(relatedRequest)
    if (m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    const QByteArray frame = message.serialize();
    Q_EMIT trafficEvent(TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::Message, frame));
    m_socket->sendTextMessage(QString::fromUtf8(frame));
}

bool WebSocketServerTransport::sendRawFrame(const QByteArray &frame)
{
    if (m_socket->state() != QAbstractSocket::ConnectedState)
        return false;
    m_socket->sendTextMessage(QString::fromUtf8(frame));
    return true;
}

void WebSocketServerTransport::close()
{
    if (m_socket->state() == QAbstractSocket::UnconnectedState) {
        finish();
        return;
    }
    m_socket->close(QWebSocketProtocol::CloseCodeNormal, QStringLiteral("server closing"));
}

void WebSocketServerTransport::finish()
{
    if (m_closedEmitted)
        return;
    m_closedEmitted = true;
    Q_EMIT closed();
}

WebSocketMcpServer::WebSocketMcpServer(Server *server, QObject *parent)
    : QObject(parent), m_server(server),
      m_webSockets(new QWebSocketServer(QStringLiteral("mcpscope"), QWebSocketServer::NonSecureMode, this))
{
    m_webSockets->setSupportedSubprotocols({QStringLiteral("mcp")});
    connect(m_webSockets, &QWebSocketServer::newConnection, this, &WebSocketMcpServer::acceptConnections);
}

WebSocketMcpServer::WebSocketMcpServer(Server *server, const QSslConfiguration &ssl, QObject *parent)
    : QObject(parent), m_server(server),
      m_webSockets(new QWebSocketServer(QStringLiteral("mcpscope"), QWebSocketServer::SecureMode, this))
{
    m_webSockets->setSslConfiguration(ssl);
    m_webSockets->setSupportedSubprotocols({QStringLiteral("mcp")});
    connect(m_webSockets, &QWebSocketServer::newConnection, this, &WebSocketMcpServer::acceptConnections);
}

WebSocketMcpServer::~WebSocketMcpServer() = default;

bool WebSocketMcpServer::listen(const QHostAddress &address, quint16 port)
{
    return m_webSockets->listen(address, port);
}

QString WebSocketMcpServer::errorString() const
{
    return m_webSockets->errorString();
}

quint16 WebSocketMcpServer::port() const
{
    return m_webSockets->serverPort();
}

QUrl WebSocketMcpServer::url() const
{
    QUrl url = m_webSockets->serverUrl();
    url.setHost(m_webSockets->serverAddress().toString());
    url.setPath(QStringLiteral("/mcp"));
    return url;
}

void WebSocketMcpServer::acceptConnections()
{
    while (QWebSocket *socket = m_webSockets->nextPendingConnection()) {
        if (m_requireSubprotocol && socket->subprotocol() != QLatin1String("mcp")) {
            socket->close(QWebSocketProtocol::CloseCodeProtocolError, QStringLiteral("the mcp subprotocol is required"));
            socket->deleteLater();
            continue;
        }
        m_server->createSession(new WebSocketServerTransport(socket));
    }
}

} // namespace Mcp
