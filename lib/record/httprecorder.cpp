#include "httprecorder.h"

#include "jsonrpc/message.h"
#include "transport/httpheaders.h"
#include "transport/sseparser.h"

#include <QCoreApplication>
#include <QPointer>
#include <QQueue>
#include <QNetworkProxy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>

namespace Mcp::Record {

// ---- HttpStreamParser ---------------------------------------------------------------------

namespace {

constexpr qsizetype MaxHeadSize = 1024 * 1024;

} // namespace

HttpStreamParser::HttpStreamParser(Side side, Callbacks callbacks) : m_side(side), m_callbacks(std::move(callbacks))
{
}

bool HttpStreamParser::takeBody()
{
    const qsizetype take = qsizetype(qMin<qint64>(m_remaining, m_buffer.size()));
    if (m_callbacks.body)
        m_callbacks.body(m_buffer.left(take));
    m_buffer.remove(0, take);
    m_remaining -= take;
    return m_remaining == 0;
}

void HttpStreamParser::feed(QByteArrayView bytes)
{
    m_buffer.append(bytes);
    for (;;) {
        switch (m_state) {
        case State::Failed:
            m_buffer.clear();
            return;
        case State::Head: {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0) {
                if (m_buffer.size() > MaxHeadSize) {
                    m_state = State::Failed;
                    if (m_callbacks.error)
                        m_callbacks.error(QStringLiteral("an HTTP head longer than 1 MiB"));
                }
                return;
            }
            const QByteArray head = m_buffer.left(end);
            m_buffer.remove(0, end + 4);
            parseHead(head);
            break;
        }
        case State::Length: {
            if (m_buffer.isEmpty())
                return;
            if (takeBody()) {
                m_state = State::Head;
                if (m_callbacks.end)
                    m_callbacks.end();
            }
            break;
        }
        case State::ChunkSize: {
            const qsizetype end = m_buffer.indexOf("\r\n");
            if (end < 0)
                return;
            QByteArray line = m_buffer.left(end);
            m_buffer.remove(0, end + 2);
            const qsizetype semicolon = line.indexOf(';');
            if (semicolon >= 0)
                line.truncate(semicolon);
            bool ok = false;
            m_remaining = line.trimmed().toLongLong(&ok, 16);
            if (!ok || m_remaining < 0) {
                m_state = State::Failed;
                if (m_callbacks.error)
                    m_callbacks.error(QStringLiteral("a bad chunk size"));
                break;
            }
            m_state = m_remaining == 0 ? State::Trailers : State::ChunkData;
            break;
        }
        case State::ChunkData: {
            if (m_buffer.isEmpty())
                return;
            if (takeBody())
                m_state = State::ChunkDataEnd;
            break;
        }
        case State::ChunkDataEnd:
            if (m_buffer.size() < 2)
                return;
            m_buffer.remove(0, 2);
            m_state = State::ChunkSize;
            break;
        case State::Trailers: {
            const qsizetype end = m_buffer.indexOf("\r\n");
            if (end < 0)
                return;
            m_buffer.remove(0, end + 2);
            if (end == 0) {
                m_state = State::Head;
                if (m_callbacks.end)
                    m_callbacks.end();
            }
            break;
        }
        case State::UntilClose:
            if (!m_buffer.isEmpty() && m_callbacks.body)
                m_callbacks.body(m_buffer);
            m_buffer.clear();
            return;
        }
    }
}

void HttpStreamParser::finish()
{
    if (m_state == State::UntilClose || m_state == State::Length || m_state == State::ChunkData
        || m_state == State::ChunkSize) {
        m_state = State::Head;
        if (m_callbacks.end)
            m_callbacks.end();
    }
}

void HttpStreamParser::parseHead(QByteArrayView headBytes)
{
    Head head;
    const QList<QByteArray> lines = headBytes.toByteArray().split('\n');
    QByteArray first = lines.value(0).trimmed();
    const QList<QByteArray> words = first.split(' ');
    if (m_side == Side::Request) {
        if (words.size() < 3) {
            m_state = State::Failed;
            if (m_callbacks.error)
                m_callbacks.error(QStringLiteral("not an HTTP request line"));
            return;
        }
        head.method = words.at(0);
        head.target = words.at(1);
    } else {
        bool ok = false;
        head.status = words.value(1).toInt(&ok);
        if (!first.startsWith("HTTP/") || !ok) {
            m_state = State::Failed;
            if (m_callbacks.error)
                m_callbacks.error(QStringLiteral("not an HTTP status line"));
            return;
        }
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).endsWith('\r') ? lines.at(i).chopped(1) : lines.at(i);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        head.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    if (m_callbacks.head)
        m_callbacks.head(head);
    startBody(head);
}

void HttpStreamParser::startBody(const Head &head)
{
    if (m_side == Side::Response) {
        if (head.status >= 100 && head.status < 200)
            return; // an interim response: the real one follows
        const bool headRequest = !m_headResponses.isEmpty() && m_headResponses.takeFirst();
        if (headRequest || head.status == 204 || head.status == 304) {
            if (m_callbacks.end)
                m_callbacks.end();
            return;
        }
    }
    const QByteArray encoding = headerValue(head.headers, "transfer-encoding").toLower();
    const QByteArray length = headerValue(head.headers, "content-length");
    if (encoding.contains("chunked")) {
        m_state = State::ChunkSize;
    } else if (!length.isEmpty()) {
        m_remaining = length.trimmed().toLongLong();
        m_state = m_remaining > 0 ? State::Length : State::Head;
        if (m_remaining <= 0 && m_callbacks.end)
            m_callbacks.end();
    } else if (m_side == Side::Response) {
        m_state = State::UntilClose;
    } else {
        m_state = State::Head; // a request without a body
        if (m_callbacks.end)
            m_callbacks.end();
    }
}

// ---- One proxied connection ---------------------------------------------------------------

namespace {

class ProxyConnection : public QObject
{
public:
    ProxyConnection(QTcpSocket *client, const QUrl &target, CaptureWriter *writer, quint64 *nextExchange,
                    const NetworkSettings &network, const std::optional<QSslConfiguration> &ssl, QObject *parent)
        : QObject(parent), m_client(client), m_target(target), m_writer(writer), m_nextExchange(nextExchange),
          m_requests(HttpStreamParser::Side::Request, requestCallbacks()),
          m_responses(HttpStreamParser::Side::Response, responseCallbacks())
    {
        client->setParent(this);
        client->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        const bool tls = target.scheme() == QLatin1String("https");
        if (tls) {
            auto *socket = new QSslSocket(this);
            m_upstream = socket;
            if (ssl)
                socket->setSslConfiguration(*ssl);
            NetworkTrust::guardHandshake(socket, &QSslSocket::encrypted, network.tls, target, [this](const TlsFailure &failure) {
                m_writer->postEvent(TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {},
                                                       failure.describe()));
            });
        } else {
            m_upstream = new QTcpSocket(this);
        }
        m_upstream->setProxy(NetworkTrust::proxyFor(network.proxy, target));
        if (tls)
            static_cast<QSslSocket *>(m_upstream)->connectToHostEncrypted(target.host(), quint16(target.port(443)));
        else
            m_upstream->connectToHost(target.host(), quint16(target.port(80)));
        m_upstream->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        connect(m_upstream, &QTcpSocket::connected, this, [this] {
            if (!qobject_cast<QSslSocket *>(m_upstream))
                flushPending();
        });
        if (auto *ssl = qobject_cast<QSslSocket *>(m_upstream))
            connect(ssl, &QSslSocket::encrypted, this, [this] { flushPending(); });
        connect(m_client, &QTcpSocket::readyRead, this, [this] { fromClient(); });
        connect(m_upstream, &QTcpSocket::readyRead, this, [this] { fromServer(); });
        connect(m_client, &QTcpSocket::disconnected, this, [this] { clientGone(); });
        connect(m_upstream, &QTcpSocket::disconnected, this, [this] { serverGone(); });
        connect(m_upstream, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
            if (error == QAbstractSocket::RemoteHostClosedError)
                return;
            TrafficEvent e = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError);
            e.note = QCoreApplication::translate("Mcp::Record::HttpRecorder", "the target %1: %2")
                         .arg(m_target.toString(QUrl::RemoveUserInfo), m_upstream->errorString());
            m_writer->postEvent(e);
            if (!m_ready)
                m_client->abort(); // the host sees the connection fail, as it would have
            serverGone();
        });
        fromClient();
    }

private:
    HttpStreamParser::Callbacks requestCallbacks()
    {
        HttpStreamParser::Callbacks c;
        c.head = [this](const HttpStreamParser::Head &head) {
            m_request = head;
            m_requestBody.clear();
            // Answers come in request order (HTTP/1.1); a HEAD answer has no body.
            if (head.method.compare("HEAD", Qt::CaseInsensitive) == 0)
                m_responses.expectHeadResponse();
            else
                m_responses.expectResponse();
        };
        c.body = [this](const QByteArray &bytes) { m_requestBody += bytes; };
        c.end = [this] {
            const quint64 exchange = ++*m_nextExchange;
            m_exchanges.enqueue(exchange);
            TrafficEvent e = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest,
                                                m_requestBody);
            if (!m_requestBody.isEmpty()) {
                const MessageSummary summary = summarizeFrame(m_requestBody);
                e.kind = summary.valid ? TrafficEvent::Kind::Message : TrafficEvent::Kind::InvalidMessage;
                if (!summary.valid)
                    e.note = summary.diagnostic;
            }
            e.httpMethod = m_request.method;
            QUrl url = m_target;
            const QUrl relative = QUrl::fromEncoded(m_request.target);
            url = url.resolved(relative);
            e.url = url.toString();
            e.headers = m_request.headers;
            e.exchangeId = exchange;
            m_writer->postEvent(e);
        };
        return c;
    }

    HttpStreamParser::Callbacks responseCallbacks()
    {
        HttpStreamParser::Callbacks c;
        c.head = [this](const HttpStreamParser::Head &head) {
            if (head.status >= 100 && head.status < 200)
                return;
            m_exchange = m_exchanges.isEmpty() ? 0 : m_exchanges.dequeue();
            m_responseBody.clear();
            m_sse = headerValue(head.headers, "content-type").toLower().contains("text/event-stream");
            m_sseParser.reset();
            TrafficEvent e = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse);
            e.httpStatus = head.status;
            e.headers = head.headers;
            e.exchangeId = m_exchange;
            m_writer->postEvent(e);
        };
        c.body = [this](const QByteArray &bytes) {
            if (!m_sse) {
                m_responseBody += bytes;
                return;
            }
            for (const SseEvent &event : m_sseParser.feed(bytes)) {
                TrafficEvent e = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::SseEvent,
                                                    event.data);
                const bool message = event.hasData && !event.data.isEmpty()
                    && event.typeOrDefault() == QByteArrayLiteral("message");
                if (message) {
                    const MessageSummary summary = summarizeFrame(event.data);
                    e.kind = summary.valid ? TrafficEvent::Kind::Message : TrafficEvent::Kind::InvalidMessage;
                    if (!summary.valid)
                        e.note = summary.diagnostic;
                }
                if (event.hasId)
                    e.sseEventId = event.lastEventId;
                e.sseEventType = event.type;
                e.exchangeId = m_exchange;
                // Legacy HTTP+SSE: a relative endpoint keeps the host's POSTs on the recorder; an
                // absolute one sends them straight to the server, unrecorded. Say so where it shows.
                if (event.type == QByteArrayLiteral("endpoint")) {
                    const QUrl endpoint = QUrl::fromEncoded(event.data.trimmed());
                    if (!endpoint.isRelative())
                        e.note = QCoreApplication::translate(
                            "Mcp::Record::HttpRecorder",
                            "the server names an absolute endpoint (%1): the host posts its messages there "
                            "directly, past the recorder, and they are not recorded")
                                     .arg(endpoint.toString());
                }
                m_writer->postEvent(e);
            }
        };
        c.end = [this] {
            if (m_sse || m_responseBody.isEmpty())
                return;
            const MessageSummary summary = summarizeFrame(m_responseBody);
            TrafficEvent e = TrafficEvent::make(TrafficEvent::Direction::Incoming,
                                                summary.valid ? TrafficEvent::Kind::Message
                                                              : TrafficEvent::Kind::InvalidMessage,
                                                m_responseBody);
            if (!summary.valid)
                e.note = summary.diagnostic;
            e.exchangeId = m_exchange;
            m_writer->postEvent(e);
            m_responseBody.clear();
        };
        return c;
    }

    void flushPending()
    {
        m_ready = true;
        if (!m_pending.isEmpty())
            m_upstream->write(m_pending);
        m_pending.clear();
        if (m_clientGone)
            m_upstream->disconnectFromHost();
    }

    void fromClient()
    {
        const QByteArray bytes = m_client->readAll();
        if (bytes.isEmpty())
            return;
        if (m_ready)
            m_upstream->write(bytes);
        else
            m_pending += bytes;
        m_requests.feed(bytes);
    }

    void fromServer()
    {
        const QByteArray bytes = m_upstream->readAll();
        if (bytes.isEmpty())
            return;
        m_client->write(bytes);
        m_responses.feed(bytes);
    }

    void clientGone()
    {
        if (m_clientGone)
            return;
        m_clientGone = true;
        fromClient();
        if (m_ready)
            m_upstream->disconnectFromHost();
        maybeDone();
    }

    void serverGone()
    {
        if (m_serverGone)
            return;
        m_serverGone = true;
        fromServer();
        m_responses.finish();
        m_client->disconnectFromHost();
        maybeDone();
    }

    void maybeDone()
    {
        if (m_clientGone && m_serverGone)
            deleteLater();
        else if (m_serverGone && m_client->state() == QAbstractSocket::UnconnectedState)
            deleteLater();
    }

    QTcpSocket *m_client;
    QTcpSocket *m_upstream = nullptr;
    QUrl m_target;
    CaptureWriter *m_writer;
    quint64 *m_nextExchange;
    HttpStreamParser m_requests;
    HttpStreamParser m_responses;
    bool m_ready = false;
    bool m_clientGone = false;
    bool m_serverGone = false;
    QByteArray m_pending;

    HttpStreamParser::Head m_request;
    QByteArray m_requestBody;
    QQueue<quint64> m_exchanges;
    quint64 m_exchange = 0;
    bool m_sse = false;
    SseParser m_sseParser;
    QByteArray m_responseBody;
};

} // namespace

// ---- HttpRecorder -------------------------------------------------------------------------

HttpRecorder::HttpRecorder(const QUrl &target, CaptureWriter *writer, QObject *parent)
    : QObject(parent), m_target(target), m_writer(writer), m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &HttpRecorder::acceptConnections);
}

HttpRecorder::~HttpRecorder() = default;

bool acceptsListenAddress(const QHostAddress &address, QString *error)
{
    if (address.isLoopback())
        return true;
    if (error)
        *error = QCoreApplication::translate("Mcp::Record::HttpRecorder",
                                             "%1 is not a loopback address; the recorder listens on "
                                             "127.0.0.1 or ::1 only")
                     .arg(address.toString());
    return false;
}

QUrl recorderUrl(const QString &scheme, const QHostAddress &address, quint16 port, const QUrl &target)
{
    QUrl url;
    url.setScheme(scheme);
    url.setHost(address.toString());
    url.setPort(port);
    url.setPath(target.path());
    url.setQuery(target.query());
    return url;
}

bool HttpRecorder::listen(const QHostAddress &address, quint16 port, QString *error)
{
    return listenInFrontOf(m_server, m_target, QLatin1StringView("http"), QLatin1StringView("https"),
                           QCoreApplication::translate("Mcp::Record::HttpRecorder", "the target must be an http or https URL"),
                           address, port, error);
}

QUrl HttpRecorder::url() const
{
    return recorderUrl(QStringLiteral("http"), m_server->serverAddress(), m_server->serverPort(), m_target);
}

bool upstreamTls(const QUrl &target, const TlsSettings &tls, std::optional<QSslConfiguration> *ssl, QString *error)
{
    ssl->reset();
    if (target.scheme() != QLatin1String("https") && target.scheme() != QLatin1String("wss"))
        return true;
    // The system's trust and SSL_CERT_FILE / SSL_CERT_DIR, with what the settings add.
    *ssl = NetworkTrust::sslConfigurationFor(tls, error);
    return ssl->has_value();
}

bool HttpRecorder::setNetworkSettings(const NetworkSettings &settings, QString *error)
{
    if (!upstreamTls(m_target, settings.tls, &m_ssl, error))
        return false;
    m_network = settings;
    return true;
}

void HttpRecorder::acceptConnections()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection())
        new ProxyConnection(socket, m_target, m_writer, &m_nextExchange, m_network, m_ssl, this);
}

} // namespace Mcp::Record
