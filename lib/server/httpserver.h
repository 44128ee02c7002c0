#pragma once

// Server-side MCP Streamable HTTP on QTcpServer.
//
// Why not Qt HttpServer: on Qt 6.4 QHttpServer can neither stream a response body that
// stays open (an SSE stream written event by event) nor tell us reliably that the client
// closed it, and lib/ must stay Qt Core + Network. The HTTP/1.1 needed here (one endpoint,
// Content-Length request bodies, JSON or chunked SSE answers, keep-alive) is small.

#include "servertransport.h"

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QTcpServer;
class QTcpSocket;
QT_END_NAMESPACE

namespace Mcp {

class Server;
class HttpServerTransport;
class HttpServerConnection;

// Serves one Server over Streamable HTTP: one ServerSession per Mcp-Session-Id, created by
// an initialize POST; answers as JSON when a request needs nothing else, as an SSE stream
// when progress, logging or server requests come first (or always, if asked); an optional
// GET stream for messages tied to no request; DELETE ends a session.
class StreamableHttpServer : public QObject
{
    Q_OBJECT

public:
    enum class ResponseMode : quint8 {
        Auto,      // JSON unless something other than the answer comes first (or the client accepts only SSE)
        AlwaysSse, // every request is answered with an event stream
    };
    Q_ENUM(ResponseMode)

    explicit StreamableHttpServer(Server *server, QObject *parent = nullptr);
    ~StreamableHttpServer() override;

    // Listens on address:port (port 0 picks a free one). MCP over HTTP on a workstation
    // must not be reachable from elsewhere: use a loopback address.
    bool listen(const QHostAddress &address = QHostAddress::LocalHost, quint16 port = 0);
    QString errorString() const;
    quint16 port() const;
    // http://127.0.0.1:PORT/mcp
    QUrl url() const;

    void setPath(const QString &path) { m_path = path.toUtf8(); }
    QString path() const { return QString::fromUtf8(m_path); }
    void setResponseMode(ResponseMode mode) { m_responseMode = mode; }
    ResponseMode responseMode() const { return m_responseMode; }
    // Requests with bigger bodies are refused with 413.
    void setMaxBodySize(qsizetype bytes) { m_maxBodySize = bytes; }

    int sessionCount() const { return int(m_sessions.size()); }

Q_SIGNALS:
    // One line per HTTP exchange, for a server's stderr log.
    void requestLogged(const QString &line);

private:
    friend class HttpServerTransport;
    friend class HttpServerConnection;

    struct SessionState
    {
        QPointer<HttpServerTransport> transport;
        QPointer<HttpServerConnection> getStream;
        QList<Message> queued; // for the GET stream, while none is open
    };

    void onNewConnection();
    void handleRequest(HttpServerConnection *connection);
    void handlePost(HttpServerConnection *connection);
    void handleGet(HttpServerConnection *connection);
    void handleDelete(HttpServerConnection *connection);
    void route(HttpServerTransport *transport, const Message &message, const MessageId &relatedRequest);
    void transportClosing(HttpServerTransport *transport);
    void connectionGone(HttpServerConnection *connection);
    bool originAllowed(const QByteArray &origin) const;

    Server *m_server;
    QTcpServer *m_tcpServer;
    QByteArray m_path = QByteArrayLiteral("/mcp");
    ResponseMode m_responseMode = ResponseMode::Auto;
    qsizetype m_maxBodySize = 256 * 1024 * 1024;
    QHash<QByteArray, SessionState> m_sessions;
    // Which connection waits for the answer to a request, per session.
    QHash<QByteArray, QHash<MessageId, QPointer<HttpServerConnection>>> m_channels;
};

// The ServerTransport of one HTTP session. Created by StreamableHttpServer.
class HttpServerTransport : public ServerTransport
{
    Q_OBJECT

public:
    HttpServerTransport(StreamableHttpServer *server, const QByteArray &sessionId);
    ~HttpServerTransport() override;

    void open() override;
    void send(const Message &message, const MessageId &relatedRequest = {}) override;
    void close() override;

    QByteArray sessionId() const { return m_sessionId; }

private:
    friend class StreamableHttpServer;
    void deliver(const Message &message);

    QPointer<StreamableHttpServer> m_server;
    QByteArray m_sessionId;
    bool m_closed = false;
};

} // namespace Mcp
