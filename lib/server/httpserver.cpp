#include "httpserver.h"

#include "server.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMetaMethod>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUuid>

namespace Mcp {

Q_LOGGING_CATEGORY(lcHttpServer, "mcp.server.http")

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    default: return "Error";
    }
}

QByteArray rpcErrorBody(int code, const QString &message)
{
    return Message::errorResponse(MessageId(), RpcError{code, message, QJsonValue::Undefined}).serialize();
}

} // namespace

// One TCP connection: parses HTTP/1.1 requests one after the other (keep-alive) and
// writes one answer for each: a plain response, or a chunked SSE stream that stays open
// until every request it carries is answered (POST) or the client leaves (GET).
class HttpServerConnection : public QObject
{
public:
    HttpServerConnection(StreamableHttpServer *server, QTcpSocket *socket)
        : QObject(server), m_server(server), m_socket(socket)
    {
        socket->setParent(this);
        // Answers and events are small and latency-bound: send them without waiting for ACKs (Nagle).
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        connect(socket, &QTcpSocket::readyRead, this, &HttpServerConnection::parse);
        connect(socket, &QTcpSocket::disconnected, this, [this] {
            m_server->connectionGone(this);
            deleteLater();
        });
    }

    QByteArray method, path, body, sessionId;
    QHash<QByteArray, QByteArray> headers;
    QSet<MessageId> waiting;
    bool sseStarted = false;
    bool isGetStream = false;

    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }

    void respond(int status, const QByteArray &contentType = {}, const QByteArray &body = {},
                 const QByteArray &extraHeaders = {})
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
        if (!contentType.isEmpty())
            head += "Content-Type: " + contentType + "\r\n";
        if (!sessionId.isEmpty())
            head += "Mcp-Session-Id: " + sessionId + "\r\n";
        head += extraHeaders;
        head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        if (!m_keepAlive)
            head += "Connection: close\r\n";
        m_socket->write(head + "\r\n");
        m_socket->write(body);
        m_server->requestLogged(QStringLiteral("%1 %2 -> %3").arg(QString::fromLatin1(method), QString::fromLatin1(path)).arg(status));
        finishExchange();
    }

    void startSse()
    {
        if (sseStarted)
            return;
        sseStarted = true;
        QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                          "Transfer-Encoding: chunked\r\n";
        if (!sessionId.isEmpty())
            head += "Mcp-Session-Id: " + sessionId + "\r\n";
        m_socket->write(head + "\r\n");
        m_server->requestLogged(QStringLiteral("%1 %2 -> 200 (event stream)").arg(QString::fromLatin1(method), QString::fromLatin1(path)));
    }

    void writeEvent(const QByteArray &data)
    {
        // One chunk per event; data never contains a newline (compact JSON).
        const QByteArray event = "event: message\ndata: " + data + "\n\n";
        m_socket->write(QByteArray::number(event.size(), 16) + "\r\n" + event + "\r\n");
    }

    void endSse()
    {
        m_socket->write("0\r\n\r\n");
        finishExchange();
    }

    void abandon() { m_socket->disconnectFromHost(); }

    void parse();

private:
    void finishExchange()
    {
        m_busy = false;
        sseStarted = false;
        isGetStream = false;
        waiting.clear();
        if (!m_keepAlive) {
            m_socket->disconnectFromHost();
            return;
        }
        if (!m_buffer.isEmpty())
            QTimer::singleShot(0, this, &HttpServerConnection::parse);
    }

    StreamableHttpServer *m_server;
    QTcpSocket *m_socket;
    QByteArray m_buffer;
    bool m_busy = false;
    bool m_keepAlive = true;
};

void HttpServerConnection::parse()
{
    m_buffer += m_socket->readAll();
    if (m_busy)
        return; // one exchange at a time; the rest waits in the buffer
    const qsizetype headerEnd = m_buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (m_buffer.size() > 64 * 1024) {
            m_keepAlive = false;
            respond(400);
        }
        return;
    }
    const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    QHash<QByteArray, QByteArray> parsedHeaders;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            parsedHeaders.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    method = requestLine.value(0);
    path = requestLine.value(1);
    headers = parsedHeaders;
    sessionId.clear();
    m_busy = true;
    const QByteArray version = requestLine.value(2);
    const QByteArray connectionHeader = header("connection").toLower();
    m_keepAlive = version == "HTTP/1.1" ? connectionHeader != "close" : connectionHeader == "keep-alive";

    if (!header("transfer-encoding").isEmpty()) {
        m_keepAlive = false;
        respond(411, "text/plain", "Send the body with Content-Length.\n");
        return;
    }
    bool ok = true;
    const qsizetype length = header("content-length").isEmpty() ? 0 : header("content-length").toLongLong(&ok);
    if (!ok || length < 0 || length > m_server->m_maxBodySize) {
        m_keepAlive = false;
        respond(413, "text/plain", "The request body is too large.\n");
        return;
    }
    if (m_buffer.size() < headerEnd + 4 + length) {
        m_busy = false; // wait for the rest of the body
        return;
    }
    body = m_buffer.mid(headerEnd + 4, length);
    m_buffer.remove(0, headerEnd + 4 + length);
    m_server->handleRequest(this);
}

// ---- StreamableHttpServer ----------------------------------------------------------------

StreamableHttpServer::StreamableHttpServer(Server *server, QObject *parent)
    : QObject(parent), m_server(server), m_tcpServer(new QTcpServer(this))
{
    connect(m_tcpServer, &QTcpServer::newConnection, this, &StreamableHttpServer::onNewConnection);
}

StreamableHttpServer::~StreamableHttpServer()
{
    // Sessions outlive nothing: their transports must not call back into a half-destroyed server.
    const auto sessions = m_sessions;
    for (const SessionState &state : sessions) {
        if (state.transport)
            state.transport->m_server = nullptr;
    }
}

bool StreamableHttpServer::listen(const QHostAddress &address, quint16 port)
{
    return m_tcpServer->listen(address, port);
}

QString StreamableHttpServer::errorString() const
{
    return m_tcpServer->errorString();
}

quint16 StreamableHttpServer::port() const
{
    return m_tcpServer->serverPort();
}

QUrl StreamableHttpServer::url() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_tcpServer->serverAddress().toString());
    url.setPort(m_tcpServer->serverPort());
    url.setPath(QString::fromUtf8(m_path));
    return url;
}

void StreamableHttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcpServer->nextPendingConnection())
        new HttpServerConnection(this, socket);
}

bool StreamableHttpServer::originAllowed(const QByteArray &origin) const
{
    // DNS rebinding protection (spec, security warning): a browser page from elsewhere must
    // not drive a local server.
    if (origin.isEmpty() || origin == "null")
        return origin.isEmpty();
    const QString host = QUrl(QString::fromUtf8(origin)).host();
    return host == QLatin1String("127.0.0.1") || host == QLatin1String("localhost") || host == QLatin1String("::1");
}

void StreamableHttpServer::handleRequest(HttpServerConnection *connection)
{
    const qsizetype query = connection->path.indexOf('?');
    const QByteArray path = query < 0 ? connection->path : connection->path.left(query);
    if (path != m_path) {
        connection->respond(404, "text/plain", "Not found. The MCP endpoint is " + m_path + "\n");
        return;
    }
    if (!originAllowed(connection->header("origin"))) {
        connection->respond(403, "application/json", rpcErrorBody(ErrorCode::InvalidRequest, tr("Origin not allowed")));
        return;
    }
    if (connection->method == "POST")
        handlePost(connection);
    else if (connection->method == "GET")
        handleGet(connection);
    else if (connection->method == "DELETE")
        handleDelete(connection);
    else
        connection->respond(405, "text/plain", "Use POST, GET or DELETE.\n", "Allow: GET, POST, DELETE\r\n");
}

void StreamableHttpServer::handlePost(HttpServerConnection *connection)
{
    const QByteArray accept = connection->header("accept").toLower();
    const bool acceptsJson = accept.contains("application/json") || accept.contains("*/*");
    const bool acceptsSse = accept.contains("text/event-stream") || accept.contains("*/*");
    if (!acceptsJson && !acceptsSse) {
        connection->respond(406, "application/json",
                            rpcErrorBody(ErrorCode::InvalidRequest,
                                         tr("Not Acceptable: the client must accept application/json and text/event-stream")));
        return;
    }
    if (!connection->header("content-type").toLower().startsWith("application/json")) {
        connection->respond(415, "application/json",
                            rpcErrorBody(ErrorCode::InvalidRequest, tr("Content-Type must be application/json")));
        return;
    }
    const ParsedFrame parsed = parseFrame(connection->body);
    if (parsed.messages.isEmpty()) {
        const QString diagnostic = parsed.diagnostics.join(QStringLiteral("; "));
        connection->respond(400, "application/json", invalidFrameReply(connection->body, diagnostic).serialize());
        return;
    }
    const bool initializing = std::any_of(parsed.messages.begin(), parsed.messages.end(), [](const Message &m) {
        return m.isRequest() && m.method() == QLatin1String("initialize");
    });
    QByteArray sessionId = connection->header("mcp-session-id");
    if (sessionId.isEmpty()) {
        if (!initializing) {
            connection->respond(400, "application/json",
                                rpcErrorBody(ErrorCode::InvalidRequest, tr("Bad Request: Mcp-Session-Id header is required")));
            return;
        }
        sessionId = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
        auto *transport = new HttpServerTransport(this, sessionId);
        m_sessions[sessionId].transport = transport;
        m_server->createSession(transport);
    } else if (!m_sessions.contains(sessionId)) {
        connection->respond(404, "application/json", rpcErrorBody(ErrorCode::InvalidRequest, tr("Session not found")));
        return;
    } else {
        const QByteArray version = connection->header("mcp-protocol-version");
        if (!version.isEmpty() && !Server::supportedProtocolVersions().contains(QString::fromUtf8(version))) {
            connection->respond(400, "application/json",
                                rpcErrorBody(ErrorCode::InvalidRequest,
                                             tr("Unsupported MCP-Protocol-Version: %1").arg(QString::fromUtf8(version))));
            return;
        }
    }
    connection->sessionId = sessionId;
    QPointer<HttpServerTransport> transport = m_sessions.value(sessionId).transport;
    if (!transport) {
        connection->respond(404, "application/json", rpcErrorBody(ErrorCode::InvalidRequest, tr("Session not found")));
        return;
    }

    for (const QString &diagnostic : parsed.diagnostics)
        Q_EMIT transport->invalidFrameReceived(connection->body, diagnostic);

    QSet<MessageId> requests;
    for (const Message &message : parsed.messages) {
        if (message.isRequest())
            requests.insert(message.id());
    }
    QPointer<HttpServerConnection> guard(connection);
    if (requests.isEmpty()) {
        connection->respond(202);
    } else {
        connection->waiting = requests;
        auto &channels = m_channels[sessionId];
        for (const MessageId &id : std::as_const(requests))
            channels.insert(id, connection);
        if (m_responseMode == ResponseMode::AlwaysSse || !acceptsJson || requests.size() > 1)
            connection->startSse();
    }
    for (const Message &message : parsed.messages) {
        if (!transport)
            return;
        transport->deliver(message);
    }
}

void StreamableHttpServer::handleGet(HttpServerConnection *connection)
{
    const QByteArray sessionId = connection->header("mcp-session-id");
    if (!connection->header("accept").toLower().contains("text/event-stream")) {
        connection->respond(406, "text/plain", "Accept text/event-stream for the GET stream.\n");
        return;
    }
    if (sessionId.isEmpty()) {
        connection->respond(400, "text/plain", "Mcp-Session-Id header is required.\n");
        return;
    }
    auto it = m_sessions.find(sessionId);
    if (it == m_sessions.end()) {
        connection->respond(404, "text/plain", "Session not found.\n");
        return;
    }
    if (it->getStream) {
        connection->respond(409, "text/plain", "This session already has a GET stream.\n");
        return;
    }
    connection->sessionId = sessionId;
    connection->isGetStream = true;
    connection->startSse();
    it->getStream = connection;
    const QList<Message> queued = std::exchange(it->queued, {});
    for (const Message &message : queued)
        connection->writeEvent(message.serialize());
}

void StreamableHttpServer::handleDelete(HttpServerConnection *connection)
{
    const QByteArray sessionId = connection->header("mcp-session-id");
    auto it = m_sessions.find(sessionId);
    if (sessionId.isEmpty() || it == m_sessions.end()) {
        connection->respond(404, "text/plain", "Session not found.\n");
        return;
    }
    QPointer<HttpServerTransport> transport = it->transport;
    connection->respond(200);
    if (transport)
        transport->close();
}

void StreamableHttpServer::route(HttpServerTransport *transport, const Message &message, const MessageId &relatedRequest)
{
    const QByteArray sessionId = transport->sessionId();
    const MessageId key = !relatedRequest.isNull() ? relatedRequest : message.isReply() ? message.id() : MessageId();
    auto channelsIt = m_channels.find(sessionId);
    HttpServerConnection *connection = nullptr;
    if (!key.isNull() && channelsIt != m_channels.end())
        connection = channelsIt->value(key);
    if (connection) {
        const bool final = message.isReply() && connection->waiting.contains(message.id());
        if (final) {
            connection->waiting.remove(message.id());
            channelsIt->remove(message.id());
        }
        if (final && !connection->sseStarted && connection->waiting.isEmpty()) {
            connection->respond(200, "application/json", message.serialize());
            return;
        }
        connection->startSse();
        connection->writeEvent(message.serialize());
        if (final && connection->waiting.isEmpty())
            connection->endSse();
        return;
    }
    if (message.isReply()) {
        // Its request's connection is gone; a response may not travel on the GET stream.
        qCDebug(lcHttpServer) << "dropping the answer to" << message.id().toDisplayString() << ": the client left";
        return;
    }
    auto it = m_sessions.find(sessionId);
    if (it == m_sessions.end())
        return;
    if (it->getStream) {
        it->getStream->writeEvent(message.serialize());
        return;
    }
    // Kept for a GET stream that may come; bounded so that a client without one cannot grow us.
    if (it->queued.size() >= 1000)
        it->queued.removeFirst();
    it->queued.append(message);
}

void StreamableHttpServer::transportClosing(HttpServerTransport *transport)
{
    const QByteArray sessionId = transport->sessionId();
    const auto channels = m_channels.take(sessionId);
    QSet<HttpServerConnection *> ended;
    for (const QPointer<HttpServerConnection> &connection : channels) {
        if (connection && !ended.contains(connection)) {
            ended.insert(connection);
            connection->abandon();
        }
    }
    const SessionState state = m_sessions.take(sessionId);
    if (state.getStream)
        state.getStream->endSse();
}

void StreamableHttpServer::connectionGone(HttpServerConnection *connection)
{
    if (connection->sessionId.isEmpty())
        return;
    auto it = m_sessions.find(connection->sessionId);
    if (it != m_sessions.end() && it->getStream == connection)
        it->getStream = nullptr;
    auto channelsIt = m_channels.find(connection->sessionId);
    if (channelsIt == m_channels.end())
        return;
    // A disconnect is not a cancellation: the requests go on, their answers have nowhere to go.
    for (auto c = channelsIt->begin(); c != channelsIt->end();) {
        if (c.value() == connection || !c.value())
            c = channelsIt->erase(c);
        else
            ++c;
    }
}

// ---- HttpServerTransport -------------------------------------------------------------------

HttpServerTransport::HttpServerTransport(StreamableHttpServer *server, const QByteArray &sessionId)
    : m_server(server), m_sessionId(sessionId)
{
}

HttpServerTransport::~HttpServerTransport()
{
    if (!m_closed && m_server)
        m_server->transportClosing(this);
}

void HttpServerTransport::open()
{
}

void HttpServerTransport::deliver(const Message &message)
{
    static const QMetaMethod trafficSignal = QMetaMethod::fromSignal(&ServerTransport::trafficEvent);
    if (isSignalConnected(trafficSignal)) {
        TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::Message,
                                                message.serialize());
        event.httpMethod = "POST";
        Q_EMIT trafficEvent(event);
    }
    Q_EMIT messageReceived(message);
}

void HttpServerTransport::send(const Message &message, const MessageId &relatedRequest)
{
    if (m_closed || !m_server)
        return;
    static const QMetaMethod trafficSignal = QMetaMethod::fromSignal(&ServerTransport::trafficEvent);
    if (isSignalConnected(trafficSignal))
        Q_EMIT trafficEvent(TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message,
                                               message.serialize()));
    m_server->route(this, message, relatedRequest);
}

void HttpServerTransport::close()
{
    if (m_closed)
        return;
    m_closed = true;
    if (m_server)
        m_server->transportClosing(this);
    // The session deletes itself (and us) on closed(): not from inside the caller's stack.
    QTimer::singleShot(0, this, [this] { Q_EMIT closed(); });
}

} // namespace Mcp
