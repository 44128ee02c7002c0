#pragma once

// Server-side MCP Streamable HTTP on QTcpServer.
//
// Why not Qt HttpServer: on Qt 6.4 QHttpServer can neither stream a response body that
// stays open (an SSE stream written event by event) nor tell us reliably that the client
// closed it, and lib/ must stay Qt Core, Network and WebSockets. The HTTP/1.1 needed here (one endpoint,
// Content-Length or chunked request bodies, JSON or chunked SSE answers, keep-alive) is small.

#include "servertransport.h"

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QMetaMethod>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QUrl>

#include <deque>

QT_BEGIN_NAMESPACE
class QTcpServer;
class QTcpSocket;
QT_END_NAMESPACE

namespace Mcp {

class Server;
class HttpServerTransport;
class HttpServerConnection;

// Serves one Server over Streamable HTTP. The modern era (2026-07-28, when the Server speaks it):
// a POST without Mcp-Session-Id that is not a legacy initialize is one stateless request, served
// by a ServerSession of its own after its MCP-Protocol-Version, Mcp-Method, Mcp-Name and
// Mcp-Param-* headers are checked against the body (-32020); errors get 400 (404 for -32601),
// and closing the response stream cancels the request. The legacy era, below:
// one ServerSession per Mcp-Session-Id, created by
// an initialize POST; answers as JSON when a request needs nothing else, as an SSE stream
// when progress, logging or server requests come first (or always, if asked); an optional
// GET stream for messages tied to no request; DELETE ends a session.
//
// Resumability (spec 2025-11-25, "Resumability and Redelivery", SEP-1699): every SSE event
// carries an id "<stream>-<sequence>", unique within the session, whose first part names
// the stream it belongs to (0 is the session's GET stream, then one number per POST answered
// with events). Events are kept in a bounded per-session replay buffer, so that a GET with
// Last-Event-ID replays what followed on that stream and then continues it, whether the
// stream was a POST's or the GET stream. A new stream starts with a priming event (id, retry,
// empty data) when the client speaks 2025-11-25 or later; RequestContext::closeResponseStream()
// ends a POST's stream early so that the client polls for the rest. A resume that would skip
// events already dropped from the buffer is refused (410 Gone) rather than silently lossy.
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

    Server *server() const { return m_server; }
    void setPath(const QString &path) { m_path = path.toUtf8(); }
    QString path() const { return QString::fromUtf8(m_path); }
    void setResponseMode(ResponseMode mode) { m_responseMode = mode; }
    // Requests with bigger bodies are refused with 413.
    void setMaxBodySize(qsizetype bytes) { m_maxBodySize = bytes; }
    // The "retry" (ms) of priming events: how long a client waits before resuming a closed stream.
    void setRetryInterval(int milliseconds) { m_retryInterval = milliseconds; }
    // Bounds of each session's replay buffer; the oldest events are dropped first.
    void setReplayLimits(int maxEvents, qsizetype maxBytes)
    {
        m_replayMaxEvents = qMax(1, maxEvents);
        m_replayMaxBytes = maxBytes;
    }

    // Legacy sessions (modern requests are served without one).
    int sessionCount() const;

Q_SIGNALS:
    // One line per HTTP exchange, for a server's stderr log.
    void requestLogged(const QString &line);

private:
    friend class HttpServerTransport;
    friend class HttpServerConnection;

    // requestLogged() with its line formatted only when someone listens: a line for every
    // request costs as much as the rest of answering a small one.
    template<typename Line>
    void logRequest(Line line)
    {
        if (isSignalConnected(QMetaMethod::fromSignal(&StreamableHttpServer::requestLogged)))
            Q_EMIT requestLogged(line());
    }

    struct BufferedEvent
    {
        quint64 sequence;
        quint64 stream;
        quint64 previousInStream; // the sequence of this stream's previous buffered event, 0 if none
        QByteArray data;
    };
    // One SSE stream. It outlives the connection that carries it: when the client is cut
    // off, its events go on into the replay buffer until a GET with Last-Event-ID takes it up.
    struct Stream
    {
        QPointer<HttpServerConnection> connection;
        QSet<MessageId> waiting; // POST streams: the requests whose answers end it
        quint64 lastSequence = 0; // of the last event put on this stream (not counting priming)
        bool eventStream = false; // answered as text/event-stream (a JSON answer has no ids)
        bool standalone = false;  // the GET stream (number 0)
        // Modern requests in AlwaysSse mode (or for a client that accepts only SSE): the stream
        // starts with the first message, so that an error can still get its HTTP status.
        bool preferSse = false;
        bool isFinished() const { return !standalone && waiting.isEmpty(); }
    };
    struct SessionState
    {
        QPointer<HttpServerTransport> transport;
        // One modern request (2026-07-28): no session id on the wire, no event ids, no
        // resumption; it ends with its answer, and its stream closing cancels it.
        bool modern = false;
        QHash<quint64, Stream> streams;
        QHash<MessageId, quint64> requestStreams; // which stream answers which request
        std::deque<BufferedEvent> replay;
        qsizetype replayBytes = 0;
        quint64 nextSequence = 1;
        quint64 nextStream = 1;
        quint64 standaloneWritten = 0; // GET-stream events up to here reached a connection
    };

    void onNewConnection();
    void handleRequest(HttpServerConnection *connection);
    void handlePost(HttpServerConnection *connection);
    void handleModernPost(HttpServerConnection *connection, const Message &message);
    // Server Validation (streamable-http.mdx): why the mirrored headers disagree with the body, or empty.
    QString headerMismatch(const HttpServerConnection *connection, const Message &request) const;
    void handleGet(HttpServerConnection *connection);
    void handleDelete(HttpServerConnection *connection);
    void handleResume(HttpServerConnection *connection, SessionState &state, const QByteArray &lastEventId);
    void route(HttpServerTransport *transport, const Message &message, const MessageId &relatedRequest);
    bool closeResponseStream(HttpServerTransport *transport, const MessageId &request);
    // Switches a POST's connection to an event stream and primes it.
    void startEventStream(SessionState &state, quint64 number, Stream &stream);
    void putEvent(SessionState &state, quint64 number, const QByteArray &data);
    void trimReplay(SessionState &state);
    bool primingAllowed(const SessionState &state, const QString &requestedVersion = {}) const;
    void transportClosing(HttpServerTransport *transport);
    void connectionGone(HttpServerConnection *connection);
    bool originAllowed(const QByteArray &origin) const;
    // On loopback, the names this server is reached by (a DNS-rebinding page reaches it under
    // its own, and a same-origin GET carries no Origin).
    bool hostAllowed(const QByteArray &host) const;

    Server *m_server;
    QTcpServer *m_tcpServer;
    QByteArray m_path = QByteArrayLiteral("/mcp");
    ResponseMode m_responseMode = ResponseMode::Auto;
    qsizetype m_maxBodySize = 256 * 1024 * 1024;
    int m_retryInterval = 1000;
    // Per session: enough for a client to come back after a short cut, small enough that
    // a thousand idle sessions stay in a few GiB at worst. The oldest events go first.
    int m_replayMaxEvents = 1000;
    qsizetype m_replayMaxBytes = 4 * 1024 * 1024;
    QHash<QByteArray, SessionState> m_sessions;
    quint64 m_nextModernRequest = 1;
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
    bool closeResponseStream(const MessageId &request) override;

    QByteArray sessionId() const { return m_sessionId; }

private:
    friend class StreamableHttpServer;
    void deliver(const Message &message);

    QPointer<StreamableHttpServer> m_server;
    QByteArray m_sessionId;
    bool m_closed = false;
};

} // namespace Mcp
