#include "legacyssetransport.h"
#include "networksettings.h"

#include "httpcommon_p.h"
#include "sseparser.h"

#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace Mcp {

Q_LOGGING_CATEGORY(lcLegacySse, "mcp.transport.sse")

using namespace HttpDetail;

LegacySseTransport::LegacySseTransport(const QUrl &url, const HttpTransportOptions &options, QObject *parent)
    : Transport(parent)
    , m_url(url)
    , m_options(options)
    , m_streamNam(secureNetworkAccess(m_options, this))
    , m_postNam(secureNetworkAccess(m_options, this))
    , m_endpointTimer(new QTimer(this))
{
    m_endpointTimer->setSingleShot(true);
    connect(m_endpointTimer, &QTimer::timeout, this, [this] {
        TransportError error = TransportError::of(TransportError::Kind::Protocol, tr("%1 sent no \"endpoint\" event within %2 ms; it does not look like a 2024-11-05 SSE server.")
                            .arg(endpointDescription())
                            .arg(m_options.endpointTimeoutMs));
        fail(error);
    });
    if (HttpAuthorizer *authorizer = m_options.authorizer) {
        connect(authorizer, &HttpAuthorizer::authorized, this, [this] {
            if (!isAuthorizationPending())
                return;
            setAuthorizationPending(false);
            if (state() == State::Opening)
                startStream();
        });
        connect(authorizer, &HttpAuthorizer::failed, this, [this](const QString &reason) {
            if (!isAuthorizationPending())
                return;
            setAuthorizationPending(false);
            TransportError error;
            error.kind = TransportError::Kind::Http;
            error.httpStatus = m_lastAuthStatus;
            error.message = tr("Authorization for %1 failed: %2").arg(endpointDescription(), reason);
            fail(error);
        });
        forwardAuthorizationTraffic(this, authorizer, &m_nextExchangeId);
    }
}

LegacySseTransport::~LegacySseTransport()
{
    if (m_stream) {
        disconnect(m_stream, nullptr, this, nullptr);
        m_stream->abort();
    }
}

QString LegacySseTransport::endpointDescription() const
{
    return m_url.toDisplayString(QUrl::RemoveUserInfo);
}

QNetworkRequest LegacySseTransport::makeRequest(const QByteArray &method, const QUrl &url) const
{
    QNetworkRequest request(url);
    applyOptions(&request, m_options, method);
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader("MCP-Protocol-Version", m_protocolVersion.toUtf8());
    return request;
}

void LegacySseTransport::open()
{
    if (state() != State::Closed)
        return;
    setState(State::Opening);
    m_postUrl.clear();
    setAuthorizationPending(false);
    m_authRounds = 0;
    startStream();
}

void LegacySseTransport::startStream()
{
    m_streamHeadersSeen = false;
    m_parser = std::make_unique<SseParser>(m_options.maxMessageSize);
    QNetworkRequest request = makeRequest("GET", m_url);
    request.setRawHeader("Accept", "text/event-stream");
    m_streamExchangeId = ++m_nextExchangeId;
    TrafficEvent event = httpEvent(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, m_streamExchangeId,
                                   "GET", m_url);
    event.headers = requestHeaders(request);
    event.note = tr("Legacy HTTP+SSE: opening the event stream") + proxyNote(m_options, m_url);
    Q_EMIT trafficEvent(event);
    m_stream = m_streamNam->get(request);
    connect(m_stream, &QNetworkReply::metaDataChanged, this, [this] {
        if (!m_streamHeadersSeen && m_stream && httpStatus(m_stream) >= 200 && httpStatus(m_stream) < 300) {
            m_streamHeadersSeen = true;
            TrafficEvent response = responseEvent(TrafficEvent::Kind::HttpResponse, m_streamExchangeId, m_stream);
            response.note = tr("Event stream opened");
            Q_EMIT trafficEvent(response);
        }
    });
    connect(m_stream, &QNetworkReply::readyRead, this, &LegacySseTransport::onStreamData);
    connect(m_stream, &QNetworkReply::finished, this, &LegacySseTransport::onStreamFinished);
    m_endpointTimer->start(m_options.endpointTimeoutMs);
}

void LegacySseTransport::onStreamData()
{
    QNetworkReply *reply = m_stream;
    if (!reply)
        return;
    const int status = httpStatus(reply);
    if (status < 200 || status >= 300 || mimeType(reply) != "text/event-stream")
        return; // judged when it finishes (error bodies are short)
    const QList<SseEvent> events = m_parser->feed(reply->readAll());
    for (const SseEvent &event : events) {
        handleEvent(event);
        if (m_stream != reply || state() == State::Closed)
            return;
    }
    if (m_parser->hasError()) {
        TransportError error = TransportError::of(TransportError::Kind::MessageTooLarge, m_parser->errorString());
        fail(error);
    }
}

void LegacySseTransport::handleEvent(const SseEvent &sse)
{
    const QByteArray type = sse.typeOrDefault();
    if (type == "endpoint") {
        TrafficEvent event = responseEvent(TrafficEvent::Kind::SseEvent, m_streamExchangeId, m_stream, sse.data);
        event.headers.clear();
        event.sseEventId = sse.hasId ? sse.lastEventId : QByteArray();
        event.sseEventType = sse.type;
        const QUrl endpoint = m_url.resolved(QUrl::fromEncoded(sse.data.trimmed()));
        const bool sameOrigin = endpoint.scheme() == m_url.scheme() && endpoint.host() == m_url.host()
                                && endpoint.port(m_url.scheme() == QLatin1String("https") ? 443 : 80)
                                       == m_url.port(m_url.scheme() == QLatin1String("https") ? 443 : 80);
        event.note = tr("POST endpoint: %1").arg(endpoint.toString());
        Q_EMIT trafficEvent(event);
        if (!endpoint.isValid() || !sameOrigin) {
            TransportError error = TransportError::of(TransportError::Kind::Protocol, tr("The server's endpoint %1 is not on the origin of %2; refusing to send messages there.")
                                .arg(endpoint.toString(), endpointDescription()));
            fail(error);
            return;
        }
        const bool first = m_postUrl.isEmpty();
        m_postUrl = endpoint;
        if (first && state() == State::Opening) {
            m_endpointTimer->stop();
            setState(State::Open);
            Q_EMIT opened();
        }
        return;
    }
    if (type != "message" || sse.data.isEmpty()) {
        TrafficEvent event = responseEvent(TrafficEvent::Kind::SseEvent, m_streamExchangeId, m_stream, sse.data);
        event.headers.clear();
        event.sseEventId = sse.hasId ? sse.lastEventId : QByteArray();
        event.sseEventType = sse.type;
        Q_EMIT trafficEvent(event);
        return;
    }
    const ParsedFrame parsed = parseSharedFrame(sse.data);
    TrafficEvent event = responseEvent(parsed.messages.isEmpty() ? TrafficEvent::Kind::InvalidMessage : TrafficEvent::Kind::Message,
                                       m_streamExchangeId, m_stream, sse.data);
    event.headers.clear();
    event.sseEventId = sse.hasId ? sse.lastEventId : QByteArray();
    event.sseEventType = sse.type;
    event.note = frameNote(parsed);
    Q_EMIT trafficEvent(event);
    for (const Message &message : parsed.messages) {
        Q_EMIT messageReceived(message);
        if (state() == State::Closed)
            return;
    }
    failUnreadableReplies(parsed);
}

void LegacySseTransport::onStreamFinished()
{
    QNetworkReply *reply = m_stream;
    if (!reply)
        return;
    reply->deleteLater();
    const int status = httpStatus(reply);
    const bool okStream = status >= 200 && status < 300 && mimeType(reply) == "text/event-stream";
    if (okStream) {
        if (reply->isOpen()) {
            const QList<SseEvent> events = m_parser->feed(reply->readAll());
            for (const SseEvent &event : events) {
                handleEvent(event);
                if (state() == State::Closed)
                    return;
            }
        }
        m_stream = nullptr;
        if (state() == State::Closing || state() == State::Closed)
            return;
        TransportError error = TransportError::of(TransportError::Kind::Network, reply->error() == QNetworkReply::NoError
                            ? tr("The server closed the SSE stream; the legacy HTTP+SSE session is over.")
                            : tr("The SSE stream broke: %1").arg(reply->errorString()));
        fail(error);
        return;
    }
    m_stream = nullptr;
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    if (hasHttpStatus(reply))
        Q_EMIT trafficEvent(responseEvent(TrafficEvent::Kind::HttpResponse, m_streamExchangeId, reply, body));
    if (state() == State::Closing || state() == State::Closed)
        return;
    if (awaitAuthorization(reply, body))
        return;
    TransportError error = errorFromReply(reply, body);
    if (hasHttpStatus(reply) && status < 300) {
        error.kind = TransportError::Kind::Protocol;
        error.message = tr("%1 answered the GET with \"%2\", not an event stream.")
                            .arg(endpointDescription(), QString::fromUtf8(mimeType(reply)));
    }
    fail(error);
}

bool LegacySseTransport::awaitAuthorization(QNetworkReply *reply, const QByteArray &body)
{
    const int status = httpStatus(reply);
    const QByteArray challenge = reply->rawHeader("WWW-Authenticate");
    if (!m_options.authorizer || state() != State::Opening || !isAuthorizationChallenge(status, challenge))
        return false;
    if (m_authRounds >= m_options.maxAuthorizationRounds) {
        TransportError error = errorFromReply(reply, body);
        error.message = tr("The server still refused the event stream after %1 authorizations: %2")
                            .arg(m_authRounds)
                            .arg(error.message);
        fail(error);
        return true;
    }
    ++m_authRounds;
    setAuthorizationPending(true);
    m_lastAuthStatus = status;
    m_options.authorizer->responseReceived(responseHeaders(reply));
    // A person may take a while in the browser: the endpoint wait starts again with the new stream.
    m_endpointTimer->stop();
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                                            tr("The server wants credentials (HTTP %1); authorizing").arg(status));
    event.exchangeId = m_streamExchangeId;
    event.url = m_url.toString();
    Q_EMIT trafficEvent(event);
    const QUrl url = m_url;
    QTimer::singleShot(0, this, [this, url, status, challenge] {
        if (!isAuthorizationPending() || state() != State::Opening)
            return;
        if (HttpAuthorizer *authorizer = m_options.authorizer) {
            authorizer->unauthorized(url, status, challenge);
            return;
        }
        setAuthorizationPending(false);
        TransportError error;
        error.kind = TransportError::Kind::Http;
        error.httpStatus = status;
        error.message = tr("Authorization for %1 failed: the authorizer is gone.").arg(endpointDescription());
        fail(error);
    });
    return true;
}

void LegacySseTransport::send(const Message &message)
{
    if (!isOpen() || m_postUrl.isEmpty()) {
        refuseUnsent(message, tr("Cannot send: the SSE transport to %1 is not open.").arg(endpointDescription()));
        return;
    }
    QNetworkRequest request = makeRequest("POST", m_postUrl);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    if (m_options.transferTimeoutMs > 0)
        request.setTransferTimeout(m_options.transferTimeoutMs);
    const QByteArray body = message.serialize();
    const quint64 id = ++m_nextExchangeId;
    TrafficEvent event = httpEvent(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message, id, "POST", m_postUrl, body);
    event.headers = requestHeaders(request);
    Q_EMIT trafficEvent(event);
    QNetworkReply *reply = m_postNam->post(request, body);
    connect(reply, &QNetworkReply::finished, this, [this, reply, id, message] {
        reply->deleteLater();
        if (state() != State::Open)
            return;
        const QByteArray answer = reply->isOpen() ? reply->readAll() : QByteArray();
        const int status = httpStatus(reply);
        if (hasHttpStatus(reply)) {
            const bool json = mimeType(reply) == "application/json" && !answer.isEmpty();
            TrafficEvent response = responseEvent(json ? TrafficEvent::Kind::Message : TrafficEvent::Kind::HttpResponse, id,
                                                  reply, answer);
            Q_EMIT trafficEvent(response);
            if (status >= 200 && status < 300) {
                // Answers belong on the stream; a JSON body here is tolerated and dispatched.
                if (json) {
                    const ParsedFrame parsed = parseSharedFrame(answer);
                    for (const Message &m : parsed.messages)
                        Q_EMIT messageReceived(m);
                    failUnreadableReplies(parsed);
                }
                return;
            }
        }
        const TransportError error = errorFromReply(reply, answer);
        TrafficEvent failure = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {},
                                                  error.message);
        failure.exchangeId = id;
        failure.httpStatus = error.httpStatus;
        Q_EMIT trafficEvent(failure);
        if (message.isRequest())
            Q_EMIT requestFailed(message.id(), error);
        else
            Q_EMIT errorOccurred(error);
    });
}

void LegacySseTransport::fail(const TransportError &error)
{
    if (state() == State::Closed)
        return;
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {},
                                            error.message);
    event.exchangeId = m_streamExchangeId;
    event.httpStatus = error.httpStatus;
    event.url = m_url.toString();
    Q_EMIT trafficEvent(event);
    Q_EMIT errorOccurred(error);
    finishClose(error.message);
}

void LegacySseTransport::close()
{
    if (state() == State::Closed || state() == State::Closing)
        return;
    setState(State::Closing);
    // Legacy sessions end with their stream; there is nothing to DELETE.
    QTimer::singleShot(0, this, [this] { finishClose(tr("Closed")); });
}

void LegacySseTransport::finishClose(const QString &reason)
{
    if (state() == State::Closed)
        return;
    m_endpointTimer->stop();
    setAuthorizationPending(false);
    if (m_stream) {
        QNetworkReply *stream = m_stream;
        m_stream = nullptr;
        disconnect(stream, nullptr, this, nullptr);
        stream->abort();
        stream->deleteLater();
    }
    m_postUrl.clear();
    setState(State::Closed);
    Q_EMIT closed(reason);
}

} // namespace Mcp
