#include "websocketrecorder.h"
#include "httprecorder.h"

#include "jsonrpc/message.h"
#include "transport/networksettings.h"

#include <QCoreApplication>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>
#include <QNetworkProxy>
#include <QWebSocket>
#include <QWebSocketHandshakeOptions>
#include <QWebSocketServer>

namespace Mcp::Record {

namespace {

// What the recorder says about a connection, in the capture's words.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Record::WebSocketRecorder)
};

QString describeClose(int code, const QString &reason)
{
    return reason.isEmpty() ? QString::number(code) : QStringLiteral("%1 \"%2\"").arg(code).arg(reason);
}

// One client's connection and its own connection to the target.
class WebSocketProxyConnection : public QObject
{
public:
    WebSocketProxyConnection(QWebSocket *client, const QUrl &target, CaptureWriter *writer, quint64 exchangeId,
                             const NetworkSettings &network, const std::optional<QSslConfiguration> &ssl, QObject *parent)
        : QObject(parent), m_client(client), m_upstream(new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this)),
          m_target(target), m_writer(writer), m_exchangeId(exchangeId)
    {
        m_client->setParent(this);
        m_upstream->setProxy(NetworkTrust::proxyFor(network.proxy, target));
        if (target.scheme() == QLatin1String("wss")) {
            if (ssl)
                m_upstream->setSslConfiguration(*ssl);
            NetworkTrust::guardHandshake(m_upstream, &QWebSocket::connected, network.tls, target, [this](const TlsFailure &failure) {
                post(TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {}, failure.describe()));
            });
        }
        connect(m_client, &QWebSocket::textMessageReceived, this, [this](const QString &text) { fromClient(text.toUtf8(), false); });
        connect(m_client, &QWebSocket::binaryMessageReceived, this, [this](const QByteArray &data) { fromClient(data, true); });
        connect(m_client, &QWebSocket::disconnected, this, [this] { ended(m_client, m_upstream, Tr::tr("the client")); });
        connect(m_upstream, &QWebSocket::textMessageReceived, this, [this](const QString &text) {
            const QByteArray frame = text.toUtf8();
            record(TrafficEvent::Direction::Incoming, frame, false);
            m_client->sendTextMessage(text);
        });
        connect(m_upstream, &QWebSocket::binaryMessageReceived, this, [this](const QByteArray &data) {
            record(TrafficEvent::Direction::Incoming, data, true);
            m_client->sendBinaryMessage(data);
        });
        connect(m_upstream, &QWebSocket::connected, this, &WebSocketProxyConnection::upstreamOpened);
        connect(m_upstream, &QWebSocket::disconnected, this, [this] { ended(m_upstream, m_client, Tr::tr("the server")); });
        connect(m_upstream, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this, [this](QAbstractSocket::SocketError) {
            if (m_upstreamOpen || m_ended)
                return; // disconnected() follows
            m_ended = true;
            const QString why = Tr::tr("The recorder could not reach %1: %2")
                                    .arg(m_target.toDisplayString(QUrl::RemoveUserInfo), m_upstream->errorString());
            post(TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {}, why));
            m_client->close(QWebSocketProtocol::CloseCodeBadOperation, why.left(120));
            deleteLater();
        });

        // The client's handshake, as the target is to see it: its headers (not those the
        // WebSocket handshake makes anew) and the mcp subprotocol.
        QUrl url = m_target;
        const QUrl asked = m_client->requestUrl();
        if (asked.hasQuery())
            url.setQuery(asked.query());
        QNetworkRequest request(url);
        const QNetworkRequest incoming = m_client->request();
        const QList<QByteArray> names = incoming.rawHeaderList();
        for (const QByteArray &name : names) {
            const QByteArray lower = name.toLower();
            if (lower == "host" || lower == "upgrade" || lower == "connection" || lower.startsWith("sec-websocket-")
                || lower == "origin")
                continue;
            request.setRawHeader(name, incoming.rawHeader(name));
        }
        TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest);
        event.exchangeId = m_exchangeId;
        event.httpMethod = "GET";
        event.url = url.toString();
        for (const QByteArray &name : request.rawHeaderList())
            event.headers.append({name, request.rawHeader(name)});
        event.headers.append({QByteArrayLiteral("Upgrade"), QByteArrayLiteral("websocket")});
        event.headers.append({QByteArrayLiteral("Connection"), QByteArrayLiteral("Upgrade")});
        event.headers.append({QByteArrayLiteral("Sec-WebSocket-Protocol"), QByteArrayLiteral("mcp")});
        post(event);
        QWebSocketHandshakeOptions options;
        options.setSubprotocols({QStringLiteral("mcp")});
        m_upstream->open(request, options);
    }

private:
    void post(TrafficEvent event) { m_writer->postEvent(std::move(event)); }

    void record(TrafficEvent::Direction direction, const QByteArray &frame, bool binary)
    {
        TrafficEvent event = TrafficEvent::make(direction, TrafficEvent::Kind::Message, frame);
        event.exchangeId = m_exchangeId;
        event.url = m_target.toString();
        if (binary) {
            event.kind = TrafficEvent::Kind::InvalidMessage;
            event.note = Tr::tr("a binary frame of %1 bytes (MCP messages travel as text frames)").arg(frame.size());
        } else {
            const ParsedFrame parsed = parseFrame(frame);
            if (parsed.messages.isEmpty())
                event.kind = TrafficEvent::Kind::InvalidMessage;
            event.note = (parsed.warnings + parsed.diagnostics).join(QLatin1String("; "));
        }
        post(event);
    }

    void fromClient(const QByteArray &frame, bool binary)
    {
        if (!m_upstreamOpen) {
            m_pending.append({frame, binary}); // the target has not answered the handshake yet
            return;
        }
        record(TrafficEvent::Direction::Outgoing, frame, binary);
        if (binary)
            m_upstream->sendBinaryMessage(frame);
        else
            m_upstream->sendTextMessage(QString::fromUtf8(frame));
    }

    void upstreamOpened()
    {
        m_upstreamOpen = true;
        TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse);
        event.exchangeId = m_exchangeId;
        event.url = m_target.toString();
        event.httpStatus = 101;
        event.headers = {{QByteArrayLiteral("Upgrade"), QByteArrayLiteral("websocket")},
                         {QByteArrayLiteral("Connection"), QByteArrayLiteral("Upgrade")}};
        if (!m_upstream->subprotocol().isEmpty())
            event.headers.append({QByteArrayLiteral("Sec-WebSocket-Protocol"), m_upstream->subprotocol().toUtf8()});
        post(event);
        const QList<QPair<QByteArray, bool>> pending = std::exchange(m_pending, {});
        for (const auto &frame : pending)
            fromClient(frame.first, frame.second);
    }

    // One side closed: the other is closed with the same code and reason (codes that may not be
    // sent, 1005 and 1006, become 1001 Going Away), and the connection is done.
    void ended(QWebSocket *closedSide, QWebSocket *otherSide, const QString &who)
    {
        if (m_ended)
            return;
        m_ended = true;
        int code = int(closedSide->closeCode());
        const QString reason = closedSide->closeReason();
        post(TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                                Tr::tr("WebSocket closed by %1: %2").arg(who, describeClose(code, reason))));
        if (code == 1005 || code == 1006 || code == 1015)
            code = QWebSocketProtocol::CloseCodeGoingAway;
        if (otherSide->state() == QAbstractSocket::ConnectedState)
            otherSide->close(QWebSocketProtocol::CloseCode(code), reason);
        else
            otherSide->abort();
        connect(otherSide, &QWebSocket::disconnected, this, &QObject::deleteLater);
        // A peer that never answers the close frame does not keep the connection forever.
        QTimer::singleShot(3000, this, &QObject::deleteLater);
    }

    QWebSocket *m_client;
    QWebSocket *m_upstream;
    QUrl m_target;
    CaptureWriter *m_writer;
    quint64 m_exchangeId;
    bool m_upstreamOpen = false;
    bool m_ended = false;
    QList<QPair<QByteArray, bool>> m_pending;
};

} // namespace

WebSocketRecorder::WebSocketRecorder(const QUrl &target, CaptureWriter *writer, QObject *parent)
    : QObject(parent), m_target(target), m_writer(writer),
      m_server(new QWebSocketServer(QStringLiteral("mcpscope-record"), QWebSocketServer::NonSecureMode, this))
{
    m_server->setSupportedSubprotocols({QStringLiteral("mcp")});
    connect(m_server, &QWebSocketServer::newConnection, this, &WebSocketRecorder::acceptConnections);
}

WebSocketRecorder::~WebSocketRecorder() = default;

bool WebSocketRecorder::listen(const QHostAddress &address, quint16 port, QString *error)
{
    return listenInFrontOf(m_server, m_target, QLatin1StringView("ws"), QLatin1StringView("wss"),
                           QCoreApplication::translate("Mcp::Record::WebSocketRecorder", "the target must be a ws or wss URL"),
                           address, port, error);
}

QUrl WebSocketRecorder::url() const
{
    return recorderUrl(QStringLiteral("ws"), m_server->serverAddress(), m_server->serverPort(), m_target);
}

bool WebSocketRecorder::setNetworkSettings(const NetworkSettings &settings, QString *error)
{
    if (!upstreamTls(m_target, settings.tls, &m_ssl, error))
        return false;
    m_network = settings;
    return true;
}

void WebSocketRecorder::acceptConnections()
{
    while (QWebSocket *client = m_server->nextPendingConnection())
        new WebSocketProxyConnection(client, m_target, m_writer, ++m_nextExchange, m_network, m_ssl, this);
}

} // namespace Mcp::Record
