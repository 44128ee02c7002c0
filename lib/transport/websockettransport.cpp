#include "websockettransport.h"

#include "httpcommon_p.h"
#include "networksettings.h"

#include <QLoggingCategory>
#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTimer>
#include <QWebSocket>
#include <QWebSocketHandshakeOptions>

Q_LOGGING_CATEGORY(lcWebSocket, "mcp.transport.websocket")

namespace Mcp {

using namespace HttpDetail;

WebSocketTransport::WebSocketTransport(const QUrl &url, const HttpTransportOptions &options, QObject *parent)
    : Transport(parent), m_url(url), m_options(options), m_keepAliveTimer(new QTimer(this)),
      m_closeTimer(new QTimer(this))
{
    connect(m_keepAliveTimer, &QTimer::timeout, this, &WebSocketTransport::onKeepAliveTimer);
    m_closeTimer->setSingleShot(true);
    connect(m_closeTimer, &QTimer::timeout, this, [this] {
        if (state() != State::Closing)
            return;
        note(TrafficEvent::Kind::Note, tr("The server did not answer the close frame within %1 ms; the connection was cut.")
                                           .arg(m_options.closeTimeoutMs));
        finishClose(tr("Closed by the client; the server did not answer the close frame."));
    });
}

WebSocketTransport::~WebSocketTransport()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

QString WebSocketTransport::endpointDescription() const
{
    return m_url.toDisplayString(QUrl::RemoveUserInfo);
}

void WebSocketTransport::setKeepAliveInterval(int intervalMs)
{
    m_keepAliveIntervalMs = qMax(0, intervalMs);
    if (m_keepAliveIntervalMs == 0)
        m_keepAliveTimer->stop();
    else if (isOpen())
        m_keepAliveTimer->start(m_keepAliveIntervalMs);
}

QString WebSocketTransport::describeCloseCode(int code)
{
    // The names RFC 6455 (section 7.4.1) and the IANA registry give them.
    static const QHash<int, QLatin1StringView> names = {
        {1000, QLatin1StringView("Normal Closure")},     {1001, QLatin1StringView("Going Away")},
        {1002, QLatin1StringView("Protocol Error")},     {1003, QLatin1StringView("Unsupported Data")},
        {1005, QLatin1StringView("No Status Received")}, {1006, QLatin1StringView("Abnormal Closure")},
        {1007, QLatin1StringView("Invalid Payload Data")}, {1008, QLatin1StringView("Policy Violation")},
        {1009, QLatin1StringView("Message Too Big")},    {1010, QLatin1StringView("Mandatory Extension")},
        {1011, QLatin1StringView("Internal Error")},     {1012, QLatin1StringView("Service Restart")},
        {1013, QLatin1StringView("Try Again Later")},    {1014, QLatin1StringView("Bad Gateway")},
        {1015, QLatin1StringView("TLS Handshake")},
    };
    const auto it = names.constFind(code);
    if (it != names.constEnd())
        return QString::number(code) + QLatin1Char(' ') + *it;
    return QString::number(code);
}

void WebSocketTransport::emitFrame(TrafficEvent::Direction direction, TrafficEvent::Kind kind, const QByteArray &raw,
                                   const QString &note)
{
    // Frames belong to the handshake's exchange: a capture's HAR keeps them on its entry.
    TrafficEvent event = TrafficEvent::make(direction, kind, raw, note);
    event.exchangeId = m_exchangeId;
    event.url = m_url.toString();
    Q_EMIT trafficEvent(event);
}

void WebSocketTransport::note(TrafficEvent::Kind kind, const QString &text)
{
    Q_EMIT trafficEvent(TrafficEvent::make(TrafficEvent::Direction::Local, kind, {}, text));
}

void WebSocketTransport::open()
{
    if (state() != State::Closed) {
        qCWarning(lcWebSocket) << "open() ignored: the transport is not closed";
        return;
    }
    m_closeRequested = false;
    m_pingOutstanding = false;
    m_lastRoundTripMs = -1;
    m_tlsFailure.reset();
    setState(State::Opening);

    m_socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    if (m_options.maxMessageSize > 0)
        m_socket->setMaxAllowedIncomingMessageSize(quint64(m_options.maxMessageSize));
    m_socket->setProxy(NetworkTrust::proxyFor(m_options.network.proxy, m_url));
    const bool secure = m_url.scheme() == QLatin1String("wss");
    if (secure) {
        QString why;
        const std::optional<QSslConfiguration> ssl = NetworkTrust::sslConfigurationFor(m_options.network.tls, &why);
        if (!ssl) {
            const QUrl url = m_url;
            QTimer::singleShot(0, this, [this, why, url] {
                TransportError error = TransportError::of(
                    TransportError::Kind::Tls, tr("The TLS settings for %1 cannot be used: %2")
                                                   .arg(url.toDisplayString(QUrl::RemoveUserInfo), why));
                fail(error);
                finishClose(error.message);
            });
            return;
        }
        m_socket->setSslConfiguration(*ssl);
        connect(m_socket, &QWebSocket::sslErrors, this, &WebSocketTransport::onSslErrors);
    }
    connect(m_socket, &QWebSocket::connected, this, &WebSocketTransport::onConnected);
    connect(m_socket, &QWebSocket::disconnected, this, &WebSocketTransport::onDisconnected);
    connect(m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this, [this](QAbstractSocket::SocketError) {
        // A handshake that fails never connected: nothing else will end it. An open connection
        // that breaks is ended by disconnected(), which follows.
        if (state() == State::Opening) {
            const TransportError error = errorFromSocket();
            fail(error);
            finishClose(error.message);
        }
    });
    connect(m_socket, &QWebSocket::textMessageReceived, this, &WebSocketTransport::onTextMessage);
    connect(m_socket, &QWebSocket::binaryMessageReceived, this, &WebSocketTransport::onBinaryMessage);
    connect(m_socket, &QWebSocket::pong, this, &WebSocketTransport::onPong);

    QNetworkRequest request(m_url);
    applyOptions(&request, m_options, "GET");
    QWebSocketHandshakeOptions handshake;
    handshake.setSubprotocols({QString::fromLatin1(Subprotocol)});

    ++m_exchangeId;
    TrafficEvent event = httpEvent(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, m_exchangeId,
                                   "GET", m_url);
    event.headers = requestHeaders(request);
    event.headers.append({QByteArrayLiteral("Upgrade"), QByteArrayLiteral("websocket")});
    event.headers.append({QByteArrayLiteral("Connection"), QByteArrayLiteral("Upgrade")});
    event.headers.append({QByteArrayLiteral("Sec-WebSocket-Version"), QByteArrayLiteral("13")});
    event.headers.append({QByteArrayLiteral("Sec-WebSocket-Protocol"), QByteArray(Subprotocol)});
    event.note = tr("WebSocket handshake with %1 (subprotocol %2)").arg(endpointDescription(), QLatin1String(Subprotocol))
        + proxyNote(m_options, m_url);
    Q_EMIT trafficEvent(event);
    m_socket->open(request, handshake);
}

void WebSocketTransport::onSslErrors(const QList<QSslError> &errors)
{
    const QList<QSslCertificate> chain = m_socket->sslConfiguration().peerCertificateChain();
    TlsFailure failure;
    failure.host = m_url.host();
    failure.port = m_url.port(443);
    if (const std::optional<QList<QSslError>> ignore = NetworkTrust::errorsToIgnore(m_options.network.tls, errors, chain, &failure)) {
        m_socket->ignoreSslErrors(*ignore);
        return;
    }
    m_tlsFailure = std::make_shared<const TlsFailure>(failure);
}

void WebSocketTransport::onConnected()
{
    if (m_url.scheme() == QLatin1String("wss")) {
        TlsFailure failure;
        failure.host = m_url.host();
        failure.port = m_url.port(443);
        if (!NetworkTrust::leafMatchesPins(m_options.network.tls, m_socket->sslConfiguration().peerCertificateChain(), &failure)) {
            m_tlsFailure = std::make_shared<const TlsFailure>(failure);
            const TransportError error = errorFromSocket();
            fail(error);
            finishClose(error.message);
            return;
        }
    }
    // Qt WebSockets checks the 101 answer (Upgrade, Connection, Sec-WebSocket-Accept) and keeps
    // only the subprotocol it named: these are the headers that made the connection.
    TrafficEvent event = httpEvent(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse, m_exchangeId, {}, m_url);
    event.httpStatus = 101;
    event.headers = {{QByteArrayLiteral("Upgrade"), QByteArrayLiteral("websocket")},
                     {QByteArrayLiteral("Connection"), QByteArrayLiteral("Upgrade")}};
    const QString subprotocol = m_socket->subprotocol();
    if (!subprotocol.isEmpty())
        event.headers.append({QByteArrayLiteral("Sec-WebSocket-Protocol"), subprotocol.toUtf8()});
    event.note = subprotocol == QLatin1String(Subprotocol)
        ? tr("Switching Protocols: WebSocket open, subprotocol %1").arg(subprotocol)
        : subprotocol.isEmpty()
        ? tr("Switching Protocols: WebSocket open, but the server chose no subprotocol (asked for %1)").arg(QLatin1String(Subprotocol))
        : tr("Switching Protocols: WebSocket open, but the server chose the subprotocol %1 (asked for %2)")
              .arg(subprotocol, QLatin1String(Subprotocol));
    Q_EMIT trafficEvent(event);
    setState(State::Open);
    if (m_keepAliveIntervalMs > 0)
        m_keepAliveTimer->start(m_keepAliveIntervalMs);
    Q_EMIT opened();
}

TransportError WebSocketTransport::errorFromSocket() const
{
    const QString where = endpointDescription();
    if (m_tlsFailure) {
        TransportError error = TransportError::of(TransportError::Kind::Tls, m_tlsFailure->describe());
        error.tlsFailure = m_tlsFailure;
        return error;
    }
    const QString why = m_socket ? m_socket->errorString() : QString();
    if (m_socket && m_socket->error() == QAbstractSocket::SslHandshakeFailedError)
        return TransportError::of(TransportError::Kind::Tls, tr("The TLS connection to %1 could not be trusted: %2").arg(where, why));
    // Qt WebSockets reports a handshake answered with another status than 101 in its error
    // string only ("Unhandled http status code: 401 (Unauthorized)").
    static const QRegularExpression statusPattern(QStringLiteral("status code: (\\d{3})(?: \\(([^)]*)\\))?"));
    const QRegularExpressionMatch match = statusPattern.match(why);
    if (match.hasMatch()) {
        TransportError error;
        error.kind = TransportError::Kind::Http;
        error.httpStatus = match.captured(1).toInt();
        error.message = tr("%1 refused the WebSocket handshake with HTTP %2 %3").arg(where).arg(error.httpStatus).arg(match.captured(2)).trimmed();
        return error;
    }
    return TransportError::of(TransportError::Kind::Network, tr("Could not reach %1 over WebSocket: %2").arg(where, why));
}

void WebSocketTransport::fail(const TransportError &error)
{
    if (error.httpStatus) {
        TrafficEvent event = httpEvent(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse, m_exchangeId, {}, m_url);
        event.httpStatus = error.httpStatus;
        event.note = error.message;
        Q_EMIT trafficEvent(event);
    }
    qCWarning(lcWebSocket).noquote() << error.message;
    note(TrafficEvent::Kind::TransportError, error.message);
    Q_EMIT errorOccurred(error);
}

void WebSocketTransport::onDisconnected()
{
    if (state() == State::Closed || !m_socket)
        return;
    const int code = int(m_socket->closeCode());
    const QString reason = m_socket->closeReason();
    const QString closeText = reason.isEmpty() ? describeCloseCode(code)
                                               : tr("%1, reason \"%2\"").arg(describeCloseCode(code), reason);
    if (state() == State::Opening) {
        const TransportError error = errorFromSocket();
        fail(error);
        finishClose(error.message);
        return;
    }
    if (m_closeRequested) {
        note(TrafficEvent::Kind::Note, tr("WebSocket closed: %1").arg(closeText));
        finishClose(tr("Closed by the client (%1).").arg(closeText));
        return;
    }
    if (code == QWebSocketProtocol::CloseCodeTooMuchData) {
        // Qt WebSockets closes with 1009 itself when a message is over the maximum; a server does
        // for one of ours that is over its own.
        const QString text = tr("The WebSocket connection was closed: %1. A message was larger than one side "
                                "accepts (this side accepts up to %2 bytes).")
                                 .arg(closeText)
                                 .arg(m_options.maxMessageSize);
        fail(TransportError::of(TransportError::Kind::MessageTooLarge, text));
        finishClose(text);
        return;
    }
    const QString text = tr("The server closed the WebSocket connection: %1.").arg(closeText);
    fail(TransportError::of(TransportError::Kind::Network, text));
    finishClose(text);
}

void WebSocketTransport::onTextMessage(const QString &text)
{
    const QByteArray frame = text.toUtf8();
    if (frame.trimmed().isEmpty()) {
        emitFrame(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame, tr("empty text frame"));
        return;
    }
    const ParsedFrame parsed = parseSharedFrame(frame);
    const QString frameText = frameNote(parsed);
    if (parsed.messages.isEmpty()) {
        emitFrame(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame, frameText);
        failUnreadableReplies(parsed);
        return;
    }
    emitFrame(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::Message, frame, frameText);
    for (const Message &message : parsed.messages)
        Q_EMIT messageReceived(message);
    failUnreadableReplies(parsed);
}

void WebSocketTransport::onBinaryMessage(const QByteArray &data)
{
    emitFrame(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, data,
              tr("a binary frame of %1 bytes: MCP messages travel as text frames, so it was not read").arg(data.size()));
}

void WebSocketTransport::onPong(quint64 elapsedMs, const QByteArray &payload)
{
    Q_UNUSED(payload)
    m_pingOutstanding = false;
    m_lastRoundTripMs = qint64(elapsedMs);
    note(TrafficEvent::Kind::Note, tr("WebSocket pong after %1 ms").arg(elapsedMs));
}

void WebSocketTransport::onKeepAliveTimer()
{
    if (!isOpen() || !m_socket)
        return;
    if (m_pingOutstanding) {
        const QString text = tr("The server did not answer a WebSocket ping within %1 ms: the connection is taken as lost.")
                                 .arg(m_keepAliveIntervalMs);
        fail(TransportError::of(TransportError::Kind::Network, text));
        finishClose(text);
        return;
    }
    m_pingOutstanding = true;
    note(TrafficEvent::Kind::Note, tr("WebSocket ping"));
    m_socket->ping();
}

void WebSocketTransport::send(const Message &message)
{
    if (state() != State::Open || !m_socket) {
        refuseUnsent(message, tr("Cannot send: the WebSocket connection to %1 is not open.").arg(endpointDescription()));
        return;
    }
    const QByteArray frame = message.serialize();
    m_socket->sendTextMessage(QString::fromUtf8(frame));
    emitFrame(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message, frame);
}

bool WebSocketTransport::sendRaw(const QByteArray &text)
{
    if (state() != State::Open || !m_socket)
        return false;
    m_socket->sendTextMessage(QString::fromUtf8(text));
    emitFrame(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message, text);
    return true;
}

void WebSocketTransport::close()
{
    if (state() == State::Closed || state() == State::Closing)
        return;
    m_closeRequested = true;
    if (state() == State::Opening || !m_socket) {
        setState(State::Closing);
        finishClose(tr("Closed by the client before the WebSocket opened."));
        return;
    }
    setState(State::Closing);
    m_keepAliveTimer->stop();
    note(TrafficEvent::Kind::Note, tr("Closing the WebSocket: %1").arg(describeCloseCode(1000)));
    m_socket->close(QWebSocketProtocol::CloseCodeNormal, QStringLiteral("client closing"));
    m_closeTimer->start(qMax(1, m_options.closeTimeoutMs));
}

void WebSocketTransport::dropSocket()
{
    if (!m_socket)
        return;
    m_socket->disconnect(this);
    if (m_socket->state() != QAbstractSocket::UnconnectedState)
        m_socket->abort();
    m_socket->deleteLater();
    m_socket = nullptr;
}

void WebSocketTransport::finishClose(const QString &reason)
{
    if (state() == State::Closed)
        return;
    m_keepAliveTimer->stop();
    m_closeTimer->stop();
    dropSocket();
    setState(State::Closed);
    Q_EMIT closed(reason);
}

} // namespace Mcp
