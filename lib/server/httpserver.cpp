#include "httpserver.h"

#include "server.h"
#include "serversession.h"

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
    case 410: return "Gone";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 501: return "Not Implemented";
    default: return "Error";
    }
}

QByteArray rpcErrorBody(int code, const QString &message)
{
    return Message::errorResponse(MessageId(), RpcError{code, message, QJsonValue::Undefined}).serialize();
}

// The HTTP status of a modern request's error (streamable-http.mdx: 404 for an unknown method,
// 400 for the errors about the request itself).
int modernErrorStatus(int code)
{
    switch (code) {
    case ErrorCode::MethodNotFound:
        return 404;
    case ErrorCode::InvalidRequest:
    case ErrorCode::InvalidParams:
    case ModernErrorCode::HeaderMismatch:
    case ModernErrorCode::MissingRequiredClientCapability:
    case ModernErrorCode::UnsupportedProtocolVersion:
        return 400;
    default:
        return 200;
    }
}

// A header value as the client meant it: the Base64 sentinel form "=?base64?...?=" decoded.
// False for characters RFC 9110 does not allow in a field value, or broken Base64.
bool decodeHeaderValue(const QByteArray &raw, QString *value)
{
    if (std::any_of(raw.begin(), raw.end(), [](char c) { return (uchar(c) < 0x20 && c != '\t') || uchar(c) >= 0x7f; }))
        return false;
    if (!raw.startsWith("=?base64?") || !raw.endsWith("?=") || raw.size() < 11) {
        *value = QString::fromLatin1(raw);
        return true;
    }
    const QByteArray encoded = raw.mid(9, raw.size() - 11);
    const auto decoded = QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || encoded.size() % 4 != 0)
        return false;
    *value = QString::fromUtf8(*decoded);
    return true;
}

// The argument at the end of path, a chain of `properties` keys (Server::toolParamHeaders());
// Undefined when it is absent.
QJsonValue valueAt(const QJsonObject &arguments, const QStringList &path)
{
    QJsonValue value = arguments;
    for (const QString &step : path)
        value = value.toObject().value(step);
    return value;
}

// The header form of an argument (streamable-http.mdx, Value Encoding: type conversion).
QString headerForm(const QJsonValue &value)
{
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    return value.toString();
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
    bool modern = false; // sessionId is internal: never sent
    QHash<QByteArray, QByteArray> headers;
    // The protocol version the client asks for in this exchange (initialize), for priming.
    QString requestedVersion;
    bool sseStarted = false;
    bool onStream = false; // carries a Stream of the session (streamNumber)
    quint64 streamNumber = 0;

    QByteArray header(const char *name) const { return headers.value(QByteArray::fromRawData(name, qstrlen(name))); }

    void respond(int status, const QByteArray &contentType = {}, const QByteArray &body = {},
                 const QByteArray &extraHeaders = {})
    {
        // A small answer in one buffer and one write; a big body is handed over as it is (the
        // socket's buffer shares it rather than copying).
        constexpr qsizetype SmallBody = 64 * 1024;
        const bool small = body.size() <= SmallBody;
        QByteArray answer;
        answer.reserve(256 + extraHeaders.size() + (small ? body.size() : 0));
        answer.append("HTTP/1.1 ").append(QByteArray::number(status)).append(' ').append(reasonPhrase(status)).append("\r\n");
        if (!contentType.isEmpty())
            answer.append("Content-Type: ").append(contentType).append("\r\n");
        if (!sessionId.isEmpty() && !modern)
            answer.append("Mcp-Session-Id: ").append(sessionId).append("\r\n");
        answer.append(extraHeaders);
        answer.append("Content-Length: ").append(QByteArray::number(body.size())).append("\r\n");
        if (!m_keepAlive)
            answer.append("Connection: close\r\n");
        answer.append("\r\n");
        if (small) {
            answer.append(body);
            m_socket->write(answer);
        } else {
            m_socket->write(answer);
            m_socket->write(body);
        }
        m_server->logRequest([this, status] {
            return QStringLiteral("%1 %2 -> %3").arg(QString::fromLatin1(method), QString::fromLatin1(path)).arg(status);
        });
        finishExchange();
    }

    void startSse()
    {
        if (sseStarted)
            return;
        sseStarted = true;
        QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                          "Transfer-Encoding: chunked\r\nX-Accel-Buffering: no\r\n";
        if (!sessionId.isEmpty() && !modern)
            head += "Mcp-Session-Id: " + sessionId + "\r\n";
        m_socket->write(head + "\r\n");
        m_server->logRequest([this] {
            return QStringLiteral("%1 %2 -> 200 (event stream)").arg(QString::fromLatin1(method), QString::fromLatin1(path));
        });
    }

    void writeEvent(const QByteArray &id, const QByteArray &data)
    {
        // One chunk per event; data never contains a newline (compact JSON). Modern streams have no ids.
        writeChunk((id.isEmpty() ? QByteArray() : "id: " + id + '\n') + "event: message\ndata: " + data + "\n\n");
    }

    // Empty data: nothing to parse, only a cursor for Last-Event-ID and the reconnection delay.
    void writePriming(const QByteArray &id, int retryMs)
    {
        writeChunk("id: " + id + "\nretry: " + QByteArray::number(retryMs) + "\ndata: \n\n");
    }

    void endSse()
    {
        m_socket->write("0\r\n\r\n");
        finishExchange();
    }

    void abandon() { m_socket->disconnectFromHost(); }

    void parse();

private:
    enum class BodyState : quint8 { Complete, Incomplete, Malformed, TooLarge };

    void writeChunk(const QByteArray &chunk)
    {
        m_socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
    }

    void finishExchange()
    {
        m_busy = false;
        sseStarted = false;
        onStream = false;
        streamNumber = 0;
        if (!m_keepAlive) {
            m_socket->disconnectFromHost();
            return;
        }
        if (!m_buffer.isEmpty())
            QTimer::singleShot(0, this, &HttpServerConnection::parse);
    }

    bool parseHead();
    BodyState decodeChunks();
    void refuse(int status, const QByteArray &text)
    {
        m_keepAlive = false; // the rest of the stream cannot be trusted to start a request
        m_headParsed = false;
        m_busy = true;
        respond(status, "text/plain", text);
    }

    StreamableHttpServer *m_server;
    QTcpSocket *m_socket;
    QByteArray m_buffer;
    bool m_busy = false;
    bool m_keepAlive = true;
    // The request head has been read; its body is still coming.
    bool m_headParsed = false;
    bool m_chunked = false;
    qsizetype m_contentLength = 0;
    // Chunked bodies are decoded as they arrive (m_buffer then holds only what is not decoded yet).
    enum class ChunkState : quint8 { Size, Data, Trailer } m_chunkState = ChunkState::Size;
    qsizetype m_chunkRemaining = 0;
    qsizetype m_trailerBytes = 0;
    QString m_chunkError;
};

// Reads the request line and headers. False: incomplete, or refused (already answered).
bool HttpServerConnection::parseHead()
{
    const qsizetype headerEnd = m_buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (m_buffer.size() > 64 * 1024)
            refuse(400, "The request head is too long.\n");
        return false;
    }
    // Read through views of the buffer: only each header's name and value are copied.
    const QByteArrayView head = QByteArrayView(m_buffer).first(headerEnd);
    qsizetype lineEnd = head.indexOf('\n');
    const QByteArrayView requestLine = (lineEnd < 0 ? head : head.first(lineEnd)).trimmed();
    auto word = [&requestLine](int index) { // the index-th of the request line's words, split at single spaces
        qsizetype start = 0;
        for (int i = 0; i < index; ++i) {
            const qsizetype space = requestLine.indexOf(' ', start);
            if (space < 0)
                return QByteArray();
            start = space + 1;
        }
        const qsizetype end = requestLine.indexOf(' ', start);
        return requestLine.sliced(start, (end < 0 ? requestLine.size() : end) - start).toByteArray();
    };
    QHash<QByteArray, QByteArray> parsedHeaders;
    while (lineEnd >= 0) {
        const qsizetype start = lineEnd + 1;
        lineEnd = head.indexOf('\n', start);
        const QByteArrayView line = head.sliced(start, (lineEnd < 0 ? head.size() : lineEnd) - start);
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            parsedHeaders.insert(line.first(colon).trimmed().toByteArray().toLower(), line.sliced(colon + 1).trimmed().toByteArray());
    }
    method = word(0);
    path = word(1);
    const QByteArray version = word(2);
    m_buffer.remove(0, headerEnd + 4);
    headers = parsedHeaders;
    sessionId.clear();
    modern = false;
    requestedVersion.clear();
    body.clear();
    const QByteArray connectionHeader = header("connection").toLower();
    m_keepAlive = version == "HTTP/1.1" ? connectionHeader != "close" : connectionHeader == "keep-alive";

    const QByteArray transferEncoding = header("transfer-encoding").toLower();
    m_chunked = false;
    m_contentLength = 0;
    if (!transferEncoding.isEmpty()) {
        if (transferEncoding != "chunked") {
            refuse(501, "Only the chunked transfer coding is supported for request bodies.\n");
            return false;
        }
        if (!header("content-length").isEmpty()) {
            // RFC 9112 6.1: both at once is how requests get smuggled past proxies.
            refuse(400, "A request must not have both Transfer-Encoding and Content-Length.\n");
            return false;
        }
        m_chunked = true;
        m_chunkState = ChunkState::Size;
        m_chunkRemaining = 0;
        m_trailerBytes = 0;
    } else {
        bool ok = true;
        const QByteArray lengthHeader = header("content-length");
        m_contentLength = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&ok);
        if (!ok || m_contentLength < 0) {
            refuse(400, "The Content-Length header is not a number.\n");
            return false;
        }
        if (m_contentLength > m_server->m_maxBodySize) {
            refuse(413, "The request body is too large.\n");
            return false;
        }
    }
    m_headParsed = true;
    return true;
}

// RFC 9112 7.1: chunk-size [; ext] CRLF data CRLF ... 0 CRLF *(trailer CRLF) CRLF.
HttpServerConnection::BodyState HttpServerConnection::decodeChunks()
{
    qsizetype pos = 0;
    auto consume = [&] {
        m_buffer.remove(0, pos);
        pos = 0;
    };
    for (;;) {
        switch (m_chunkState) {
        case ChunkState::Size: {
            const qsizetype lineEnd = m_buffer.indexOf("\r\n", pos);
            if (lineEnd < 0) {
                consume();
                if (m_buffer.size() > 1024) {
                    m_chunkError = QStringLiteral("a chunk-size line is longer than 1024 bytes");
                    return BodyState::Malformed;
                }
                return BodyState::Incomplete;
            }
            QByteArray line = m_buffer.mid(pos, lineEnd - pos);
            const qsizetype extension = line.indexOf(';');
            if (extension >= 0)
                line.truncate(extension);
            line = line.trimmed();
            const bool hexOnly = !line.isEmpty() && line.size() <= 15
                && std::all_of(line.begin(), line.end(), [](char c) { return std::isxdigit(uchar(c)); });
            if (!hexOnly) {
                m_chunkError = QStringLiteral("'%1' is not a hexadecimal chunk size")
                                   .arg(QString::fromLatin1(m_buffer.mid(pos, qMin<qsizetype>(lineEnd - pos, 40))));
                return BodyState::Malformed;
            }
            const qsizetype size = line.toLongLong(nullptr, 16);
            pos = lineEnd + 2;
            if (size == 0) {
                m_chunkState = ChunkState::Trailer;
                break;
            }
            if (size > m_server->m_maxBodySize - body.size())
                return BodyState::TooLarge;
            m_chunkRemaining = size;
            m_chunkState = ChunkState::Data;
            break;
        }
        case ChunkState::Data: {
            const qsizetype available = qMin(m_chunkRemaining, m_buffer.size() - pos);
            body.append(m_buffer.constData() + pos, available);
            pos += available;
            m_chunkRemaining -= available;
            if (m_chunkRemaining > 0 || m_buffer.size() - pos < 2) {
                consume();
                return BodyState::Incomplete;
            }
            if (m_buffer.at(pos) != '\r' || m_buffer.at(pos + 1) != '\n') {
                m_chunkError = QStringLiteral("chunk data is not followed by CRLF (the chunk is longer than its size)");
                return BodyState::Malformed;
            }
            pos += 2;
            m_chunkState = ChunkState::Size;
            break;
        }
        case ChunkState::Trailer: {
            const qsizetype lineEnd = m_buffer.indexOf("\r\n", pos);
            if (lineEnd < 0 || m_trailerBytes + (lineEnd - pos) > 8 * 1024) {
                consume();
                if (lineEnd >= 0 || m_trailerBytes + m_buffer.size() > 8 * 1024) {
                    m_chunkError = QStringLiteral("the trailer section is longer than 8 KiB");
                    return BodyState::Malformed;
                }
                return BodyState::Incomplete;
            }
            const bool last = lineEnd == pos;
            m_trailerBytes += lineEnd - pos + 2;
            pos = lineEnd + 2; // trailer fields are ignored
            if (last) {
                consume();
                return BodyState::Complete;
            }
            break;
        }
        }
    }
}

void HttpServerConnection::parse()
{
    m_buffer += m_socket->readAll();
    if (m_busy)
        return; // one exchange at a time; the rest waits in the buffer
    if (!m_headParsed && !parseHead())
        return;
    if (m_chunked) {
        switch (decodeChunks()) {
        case BodyState::Incomplete:
            return;
        case BodyState::Malformed:
            refuse(400, "Malformed chunked request body: " + m_chunkError.toUtf8() + ".\n");
            return;
        case BodyState::TooLarge:
            refuse(413, "The request body is too large.\n");
            return;
        case BodyState::Complete:
            break;
        }
    } else {
        if (m_buffer.size() < m_contentLength)
            return; // wait for the rest of the body
        body = m_buffer.left(m_contentLength);
        m_buffer.remove(0, m_contentLength);
    }
    m_headParsed = false;
    m_busy = true;
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

int StreamableHttpServer::sessionCount() const
{
    return int(std::count_if(m_sessions.begin(), m_sessions.end(), [](const SessionState &state) { return !state.modern; }));
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

bool StreamableHttpServer::hostAllowed(const QByteArray &host) const
{
    if (!m_tcpServer->serverAddress().isLoopback())
        return true;
    // "localhost:8080", "127.0.0.1", "[::1]:8080": the name without the port.
    const QUrl url(QStringLiteral("http://") + QString::fromLatin1(host));
    const QString name = url.host();
    return url.isValid() && (name == QLatin1String("localhost") || QHostAddress(name).isLoopback());
}

void StreamableHttpServer::handleRequest(HttpServerConnection *connection)
{
    const qsizetype query = connection->path.indexOf('?');
    const QByteArray path = query < 0 ? connection->path : connection->path.left(query);
    if (path != m_path) {
        connection->respond(404, "text/plain", "Not found. The MCP endpoint is " + m_path + "\n");
        return;
    }
    if (!hostAllowed(connection->header("host"))) {
        connection->respond(403, "application/json", rpcErrorBody(ErrorCode::InvalidRequest, tr("Host not allowed")));
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
        return m.isRequest() && m.method() == QLatin1String("initialize")
            && !m.paramsObject().value(QLatin1String("_meta")).toObject().contains(MetaKey::ProtocolVersion);
    });
    QByteArray sessionId = connection->header("mcp-session-id");
    // versioning.mdx: a request with no session that does not open one with initialize is
    // modern; a modern-only server ignores session ids and refuses initialize itself.
    const bool modern = m_server->speaksModern()
        && (!m_server->speaksLegacy() || (sessionId.isEmpty() && !initializing));
    if (modern) {
        if (parsed.messages.size() != 1) {
            connection->respond(400, "application/json",
                                rpcErrorBody(ErrorCode::InvalidRequest, QStringLiteral("Send one JSON-RPC message per POST")));
            return;
        }
        handleModernPost(connection, parsed.messages.constFirst());
        return;
    }
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
    } else if (!m_sessions.contains(sessionId) || m_sessions.value(sessionId).modern) {
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
        if (message.isRequest()) {
            requests.insert(message.id());
            if (message.method() == QLatin1String("initialize"))
                connection->requestedVersion = message.params().toObject().value(QLatin1String("protocolVersion")).toString();
        }
    }
    if (requests.isEmpty()) {
        connection->respond(202);
    } else {
        SessionState &state = m_sessions[sessionId];
        const quint64 number = state.nextStream++;
        Stream &stream = state.streams[number];
        stream.connection = connection;
        stream.waiting = requests;
        connection->onStream = true;
        connection->streamNumber = number;
        for (const MessageId &id : std::as_const(requests))
            state.requestStreams.insert(id, number);
        if (m_responseMode == ResponseMode::AlwaysSse || !acceptsJson || requests.size() > 1)
            startEventStream(state, number, stream);
    }
    for (const Message &message : parsed.messages) {
        if (!transport)
            return;
        transport->deliver(message);
    }
}

void StreamableHttpServer::handleModernPost(HttpServerConnection *connection, const Message &message)
{
    if (!message.isRequest()) {
        connection->respond(202); // this era defines no client notification over HTTP; nothing to answer
        return;
    }
    const bool legacyInitialize = message.method() == QLatin1String("initialize")
        && !message.paramsObject().value(QLatin1String("_meta")).toObject().contains(MetaKey::ProtocolVersion);
    // A legacy client sends initialize without the new headers: let the session name our versions.
    if (!legacyInitialize) {
        const QString mismatch = headerMismatch(connection, message);
        if (!mismatch.isEmpty()) {
            connection->respond(400, "application/json",
                                Message::errorResponse(message.id(), {ModernErrorCode::HeaderMismatch,
                                                                      QStringLiteral("Header mismatch: ") + mismatch})
                                    .serialize());
            return;
        }
    }
    const QByteArray key = "modern:" + QByteArray::number(m_nextModernRequest++);
    auto *transport = new HttpServerTransport(this, key);
    SessionState &state = m_sessions[key];
    state.transport = transport;
    state.modern = true;
    m_server->createSession(transport);
    connection->sessionId = key;
    connection->modern = true;
    const quint64 number = state.nextStream++;
    Stream &stream = state.streams[number];
    stream.connection = connection;
    stream.waiting = {message.id()};
    connection->onStream = true;
    connection->streamNumber = number;
    state.requestStreams.insert(message.id(), number);
    const QByteArray accept = connection->header("accept").toLower();
    stream.preferSse = m_responseMode == ResponseMode::AlwaysSse || !(accept.contains("application/json") || accept.contains("*/*"));
    transport->deliver(message);
}

QString StreamableHttpServer::headerMismatch(const HttpServerConnection *connection, const Message &request) const
{
    const QJsonObject params = request.paramsObject();
    const QByteArray version = connection->header("mcp-protocol-version");
    const QJsonValue metaVersion = params.value(QLatin1String("_meta")).toObject().value(MetaKey::ProtocolVersion);
    if (version.isEmpty())
        return QStringLiteral("the MCP-Protocol-Version header is missing");
    // A body without a version is malformed (-32602, the session says so); only a disagreement is a mismatch.
    if (metaVersion.isString() && metaVersion.toString() != QString::fromLatin1(version))
        return QStringLiteral("MCP-Protocol-Version %1 differs from the _meta protocol version %2")
            .arg(QString::fromLatin1(version), metaVersion.toString());
    const QByteArray method = connection->header("mcp-method");
    if (method.isEmpty())
        return QStringLiteral("the Mcp-Method header is missing");
    if (QString::fromLatin1(method) != request.method())
        return QStringLiteral("Mcp-Method %1 differs from the method %2").arg(QString::fromLatin1(method), request.method());
    static const QStringList named{QStringLiteral("tools/call"), QStringLiteral("prompts/get"), QStringLiteral("resources/read")};
    if (request.method().startsWith(QLatin1String("tasks/")) && !connection->header("mcp-name").isEmpty()) {
        // The tasks extension mirrors the taskId into Mcp-Name; when it is there, it must agree.
        QString taskId;
        if (!decodeHeaderValue(connection->header("mcp-name"), &taskId) || taskId != params.value(QLatin1String("taskId")).toString())
            return QStringLiteral("Mcp-Name differs from the taskId in the body");
    }
    if (!named.contains(request.method()))
        return {};
    const QJsonValue bodyName = params.value(request.method() == QLatin1String("resources/read") ? QLatin1String("uri")
                                                                                                   : QLatin1String("name"));
    QString name;
    if (connection->header("mcp-name").isEmpty())
        return QStringLiteral("the Mcp-Name header is missing");
    if (!decodeHeaderValue(connection->header("mcp-name"), &name))
        return QStringLiteral("the Mcp-Name header is not a valid header value");
    if (name != bodyName.toString())
        return QStringLiteral("Mcp-Name '%1' differs from '%2' in the body").arg(name, bodyName.toString());
    if (request.method() != QLatin1String("tools/call"))
        return {};
    const QHash<QString, QStringList> paramHeaders = m_server->toolParamHeaders(name);
    if (paramHeaders.isEmpty())
        return {};
    const QJsonObject arguments = params.value(QLatin1String("arguments")).toObject();
    for (auto it = paramHeaders.cbegin(); it != paramHeaders.cend(); ++it) {
        const QByteArray raw = connection->headers.value("mcp-param-" + it.key().toLatin1());
        const QJsonValue value = valueAt(arguments, it.value());
        const bool present = !value.isUndefined() && !value.isNull();
        if (raw.isEmpty() && !present)
            continue;
        if (raw.isEmpty())
            return QStringLiteral("the Mcp-Param-%1 header is missing").arg(it.key());
        QString headerValue;
        if (!decodeHeaderValue(raw, &headerValue))
            return QStringLiteral("the Mcp-Param-%1 header is not a valid header value").arg(it.key());
        if (!present)
            return QStringLiteral("Mcp-Param-%1 is set but the argument is not").arg(it.key());
        // Integers compare as numbers (42.0 equals 42).
        bool numeric = false;
        const double number = headerValue.toDouble(&numeric);
        const bool same = value.isDouble() ? numeric && number == value.toDouble() : headerValue == headerForm(value);
        if (!same)
            return QStringLiteral("Mcp-Param-%1 '%2' differs from the argument").arg(it.key(), headerValue);
    }
    return {};
}

void StreamableHttpServer::handleGet(HttpServerConnection *connection)
{
    if (!m_server->speaksLegacy()) {
        connection->respond(405, "text/plain", "This server speaks only MCP 2026-07-28: POST only.\n", "Allow: POST\r\n");
        return;
    }
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
    if (it == m_sessions.end() || it->modern) {
        connection->respond(404, "text/plain", "Session not found.\n");
        return;
    }
    connection->sessionId = sessionId;
    const QByteArray lastEventId = connection->header("last-event-id");
    if (!lastEventId.isEmpty()) {
        handleResume(connection, *it, lastEventId);
        return;
    }
    SessionState &state = *it;
    Stream &stream = state.streams[0];
    stream.standalone = true;
    stream.eventStream = true;
    if (stream.connection) {
        connection->respond(409, "text/plain", "This session already has a GET stream.\n");
        return;
    }
    stream.connection = connection;
    connection->onStream = true;
    connection->streamNumber = 0;
    connection->startSse();
    if (primingAllowed(state))
        connection->writePriming("0-" + QByteArray::number(state.nextSequence++), m_retryInterval);
    // What was sent while no GET stream was open.
    for (const BufferedEvent &event : state.replay) {
        if (event.stream == 0 && event.sequence > state.standaloneWritten)
            connection->writeEvent("0-" + QByteArray::number(event.sequence), event.data);
    }
    state.standaloneWritten = state.nextSequence - 1;
}

void StreamableHttpServer::handleResume(HttpServerConnection *connection, SessionState &state, const QByteArray &lastEventId)
{
    const QList<QByteArray> parts = lastEventId.split('-');
    bool numberOk = false, sequenceOk = false;
    const quint64 number = parts.value(0).toULongLong(&numberOk);
    const quint64 after = parts.value(1).toULongLong(&sequenceOk);
    if (parts.size() != 2 || !numberOk || !sequenceOk || number >= state.nextStream || after >= state.nextSequence) {
        connection->respond(400, "text/plain", "Last-Event-ID " + lastEventId + " was not sent in this session.\n");
        return;
    }
    auto streamIt = state.streams.find(number);
    QList<const BufferedEvent *> missed;
    for (const BufferedEvent &event : state.replay) {
        if (event.stream == number && event.sequence > after)
            missed.append(&event);
    }
    // A resumed stream must not silently skip anything: when events that followed
    // Last-Event-ID have left the bounded replay buffer (or the whole finished stream has),
    // the stream cannot be continued. 410 Gone says exactly that, without claiming the
    // session is gone (404 would make the client start a new one).
    const bool gap = streamIt == state.streams.end()
        || (streamIt->lastSequence > after && (missed.isEmpty() || missed.first()->previousInStream > after));
    if (gap) {
        connection->respond(410, "text/plain",
                            "The events after " + lastEventId + " are no longer in the replay buffer.\n");
        return;
    }
    Stream &stream = *streamIt;
    if (stream.connection && stream.connection != connection) {
        // The client has given up on that connection (or it would not resume): this one takes over.
        HttpServerConnection *stale = stream.connection;
        stream.connection = nullptr;
        stale->abandon();
    }
    connection->startSse();
    for (const BufferedEvent *event : std::as_const(missed))
        connection->writeEvent(QByteArray::number(number) + '-' + QByteArray::number(event->sequence), event->data);
    if (stream.standalone)
        state.standaloneWritten = qMax(state.standaloneWritten, stream.lastSequence);
    if (stream.isFinished()) {
        connection->endSse();
        return;
    }
    stream.connection = connection;
    connection->onStream = true;
    connection->streamNumber = number;
}

void StreamableHttpServer::handleDelete(HttpServerConnection *connection)
{
    if (!m_server->speaksLegacy()) {
        connection->respond(405, "text/plain", "This server speaks only MCP 2026-07-28: no sessions to end.\n", "Allow: POST\r\n");
        return;
    }
    const QByteArray sessionId = connection->header("mcp-session-id");
    auto it = m_sessions.find(sessionId);
    if (sessionId.isEmpty() || it == m_sessions.end() || it->modern) {
        connection->respond(404, "text/plain", "Session not found.\n");
        return;
    }
    QPointer<HttpServerTransport> transport = it->transport;
    connection->respond(200);
    if (transport)
        transport->close();
}

bool StreamableHttpServer::primingAllowed(const SessionState &state, const QString &requestedVersion) const
{
    // Older clients parse every event's data as JSON and fail on the empty priming event
    // (the 2025-11-25 spec introduced it). The negotiated version decides; before it is
    // negotiated, the version the initialize request asks for.
    QString version = requestedVersion;
    if (state.transport) {
        if (const auto *session = qobject_cast<const ServerSession *>(state.transport->parent())) {
            if (!session->protocolVersion().isEmpty())
                version = session->protocolVersion();
        }
    }
    return version >= QLatin1String("2025-11-25");
}

void StreamableHttpServer::startEventStream(SessionState &state, quint64 number, Stream &stream)
{
    if (stream.eventStream || !stream.connection)
        return;
    stream.eventStream = true;
    stream.connection->startSse();
    if (primingAllowed(state, stream.connection->requestedVersion))
        stream.connection->writePriming(QByteArray::number(number) + '-' + QByteArray::number(state.nextSequence++),
                                        m_retryInterval);
}

void StreamableHttpServer::putEvent(SessionState &state, quint64 number, const QByteArray &data)
{
    Stream &stream = state.streams[number];
    const quint64 sequence = state.nextSequence++;
    state.replay.push_back({sequence, number, stream.lastSequence, data});
    state.replayBytes += data.size();
    stream.lastSequence = sequence;
    if (stream.connection) {
        stream.connection->writeEvent(state.modern ? QByteArray() : QByteArray::number(number) + '-' + QByteArray::number(sequence), data);
        if (stream.standalone)
            state.standaloneWritten = sequence;
    }
    trimReplay(state);
}

void StreamableHttpServer::trimReplay(SessionState &state)
{
    // Bounded by count and bytes, oldest first; the newest event always stays.
    while (state.replay.size() > 1
           && (state.replay.size() > size_t(m_replayMaxEvents) || state.replayBytes > m_replayMaxBytes)) {
        const BufferedEvent &oldest = state.replay.front();
        auto streamIt = state.streams.find(oldest.stream);
        // A finished stream whose last event is gone cannot be resumed any more: forget it.
        if (streamIt != state.streams.end() && streamIt->isFinished() && !streamIt->connection
            && streamIt->lastSequence == oldest.sequence)
            state.streams.erase(streamIt);
        state.replayBytes -= oldest.data.size();
        state.replay.pop_front();
    }
}

void StreamableHttpServer::route(HttpServerTransport *transport, const Message &message, const MessageId &relatedRequest)
{
    auto sessionIt = m_sessions.find(transport->sessionId());
    if (sessionIt == m_sessions.end())
        return;
    SessionState &state = *sessionIt;
    const MessageId key = !relatedRequest.isNull() ? relatedRequest : message.isReply() ? message.id() : MessageId();
    auto requestIt = key.isNull() ? state.requestStreams.end() : state.requestStreams.find(key);
    if (requestIt != state.requestStreams.end()) {
        const quint64 number = *requestIt;
        Stream &stream = state.streams[number];
        const bool final = message.isReply() && stream.waiting.contains(message.id());
        if (final) {
            stream.waiting.remove(message.id());
            state.requestStreams.remove(message.id());
        }
        const bool modern = state.modern;
        if (!stream.eventStream) {
            HttpServerConnection *connection = stream.connection;
            if (final && stream.waiting.isEmpty() && !(stream.preferSse && message.isResponse())) {
                state.streams.remove(number);
                const int status = modern && message.isErrorResponse() ? modernErrorStatus(message.error().code) : 200;
                if (connection)
                    connection->respond(status, "application/json", message.serialize());
                if (modern)
                    transport->close(); // the request is over, and with it its session
                return;
            }
            startEventStream(state, number, stream);
        }
        putEvent(state, number, message.serialize());
        Stream &current = state.streams[number];
        if (current.isFinished() && current.connection) {
            HttpServerConnection *connection = current.connection;
            current.connection = nullptr;
            connection->endSse();
        }
        if (modern && final)
            transport->close();
        return;
    }
    if (message.isReply()) {
        // Its request's connection is gone; a response may not travel on the GET stream.
        qCDebug(lcHttpServer) << "dropping the answer to" << message.id().toDisplayString() << ": the client left";
        return;
    }
    // Kept in the replay buffer (bounded) for a GET stream that is open, or may come.
    Stream &standalone = state.streams[0];
    standalone.standalone = true;
    standalone.eventStream = true;
    putEvent(state, 0, message.serialize());
}

bool StreamableHttpServer::closeResponseStream(HttpServerTransport *transport, const MessageId &request)
{
    auto sessionIt = m_sessions.find(transport->sessionId());
    if (sessionIt == m_sessions.end())
        return false;
    SessionState &state = *sessionIt;
    auto requestIt = state.requestStreams.find(request);
    if (requestIt == state.requestStreams.end())
        return false;
    const quint64 number = *requestIt;
    Stream &stream = state.streams[number];
    if (!stream.connection)
        return false;
    HttpServerConnection *connection = stream.connection;
    // Without a priming event the client holds no event id to resume from.
    if (!stream.eventStream && !primingAllowed(state, connection->requestedVersion))
        return false;
    startEventStream(state, number, stream);
    stream.connection = nullptr;
    connection->endSse();
    return true;
}

void StreamableHttpServer::transportClosing(HttpServerTransport *transport)
{
    const SessionState state = m_sessions.take(transport->sessionId());
    for (const Stream &stream : state.streams) {
        if (!stream.connection)
            continue;
        if (stream.standalone)
            stream.connection->endSse();
        else
            stream.connection->abandon();
    }
}

void StreamableHttpServer::connectionGone(HttpServerConnection *connection)
{
    if (connection->sessionId.isEmpty() || !connection->onStream)
        return;
    auto it = m_sessions.find(connection->sessionId);
    if (it == m_sessions.end())
        return;
    auto streamIt = it->streams.find(connection->streamNumber);
    if (streamIt == it->streams.end() || streamIt->connection != connection)
        return;
    streamIt->connection = nullptr;
    if (it->modern) {
        // streamable-http.mdx, Cancellation: closing the response stream cancels the request.
        if (HttpServerTransport *transport = it->transport)
            transport->close();
        return;
    }
    if (streamIt->eventStream)
        return; // events go on into the replay buffer, for a GET with Last-Event-ID
    // A JSON answer has no event id to resume from: its request goes on (a disconnect is
    // not a cancellation), its answer has nowhere to go.
    for (const MessageId &id : std::as_const(streamIt->waiting))
        it->requestStreams.remove(id);
    it->streams.erase(streamIt);
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

bool HttpServerTransport::closeResponseStream(const MessageId &request)
{
    return !m_closed && m_server && m_server->closeResponseStream(this, request);
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
