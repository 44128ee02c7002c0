#include "httpautotransport.h"

#include "legacyssetransport.h"
#include "modernheaders.h"
#include "streamablehttptransport.h"

#include <QTimer>

namespace Mcp {

Transport *createHttpTransport(const QUrl &url, HttpTransportKind kind, const HttpTransportOptions &options,
                               QObject *parent)
{
    switch (kind) {
    case HttpTransportKind::StreamableHttp: return new StreamableHttpTransport(url, options, parent);
    case HttpTransportKind::LegacySse: return new LegacySseTransport(url, options, parent);
    case HttpTransportKind::Auto: break;
    }
    return new HttpAutoTransport(url, options, parent);
}

HttpAutoTransport::HttpAutoTransport(const QUrl &url, const HttpTransportOptions &options, QObject *parent)
    : Transport(parent), m_url(url), m_options(options)
{
}

HttpAutoTransport::~HttpAutoTransport() = default;

QString HttpAutoTransport::transportName() const
{
    return m_chosen.isEmpty() ? QStringLiteral("http") : m_chosen;
}

QString HttpAutoTransport::endpointDescription() const
{
    return m_url.toDisplayString(QUrl::RemoveUserInfo);
}

HttpTransportKind HttpAutoTransport::chosenKind() const
{
    if (m_chosen == QLatin1String("http"))
        return HttpTransportKind::StreamableHttp;
    if (m_chosen == QLatin1String("sse"))
        return HttpTransportKind::LegacySse;
    return HttpTransportKind::Auto;
}

void HttpAutoTransport::setProtocolVersion(const QString &version)
{
    m_protocolVersion = version;
    if (m_inner)
        m_inner->setProtocolVersion(version);
}

void HttpAutoTransport::setHandshakeNotification(const QString &method)
{
    m_handshakeNotification = method;
    if (m_inner)
        m_inner->setHandshakeNotification(method);
}

QString HttpAutoTransport::sessionId() const
{
    return m_inner ? m_inner->sessionId() : QString();
}

void HttpAutoTransport::setRequestHeaders(RequestHeaders provider)
{
    m_requestHeaders = provider;
    if (m_inner)
        m_inner->setRequestHeaders(std::move(provider));
}

bool HttpAutoTransport::abandonRequest(const MessageId &id)
{
    return m_inner && m_inner->abandonRequest(id);
}

void HttpAutoTransport::adopt(Transport *inner)
{
    m_inner = inner;
    inner->setRequestHeaders(m_requestHeaders);
    inner->setProtocolVersion(m_protocolVersion);
    inner->setHandshakeNotification(m_handshakeNotification);
    connect(inner, &Transport::trafficEvent, this, &Transport::trafficEvent);
    connect(inner, &Transport::sessionExpired, this, &Transport::sessionExpired);
    connect(inner, &Transport::errorOccurred, this, &Transport::errorOccurred);
    connect(inner, &Transport::authorizationPendingChanged, this, [this](bool pending) { setAuthorizationPending(pending); });
    connect(inner, &Transport::opened, this, [this, inner] {
        if (inner != m_inner)
            return;
        if (m_fallingBack) {
            m_fallingBack = false;
            choose(QStringLiteral("sse"), tr("the server refused Streamable HTTP"));
            const QList<Message> queued = std::exchange(m_queued, {});
            inner->send(m_probe);
            for (const Message &message : queued)
                inner->send(message);
            return;
        }
        setState(State::Open);
        Q_EMIT opened();
    });
    connect(inner, &Transport::messageReceived, this, [this, inner](const Message &message) {
        if (inner != m_inner)
            return;
        const bool probeAnswered = m_probing && message.isReply() && message.id() == m_probe.id();
        if (probeAnswered) {
            m_probing = false;
            if (m_chosen.isEmpty())
                choose(QStringLiteral("http"), tr("the server answered the first request"));
        }
        Q_EMIT messageReceived(message);
        if (probeAnswered)
            flushQueue();
    });
    connect(inner, &Transport::requestFailed, this, [this, inner](const MessageId &id, const TransportError &error) {
        if (inner != m_inner)
            return;
        if (m_probing && id == m_probe.id() && m_chosen.isEmpty()
            && (error.httpStatus == 400 || error.httpStatus == 404 || error.httpStatus == 405)) {
            fallBack(error);
            return;
        }
        const bool probeFailed = m_probing && id == m_probe.id();
        if (probeFailed)
            m_probing = false;
        Q_EMIT requestFailed(id, error);
        if (probeFailed)
            flushQueue();
    });
    connect(inner, &Transport::closed, this, [this, inner](const QString &reason) {
        if (inner != m_inner)
            return;
        if (m_fallingBack) {
            // The legacy stream could not be opened either: the probe fails with what it said.
            m_fallingBack = false;
            m_probing = false;
            TransportError error = TransportError::of(TransportError::Kind::Protocol, tr("%1 speaks neither Streamable HTTP nor legacy HTTP+SSE: %2").arg(endpointDescription(), reason));
            Q_EMIT requestFailed(m_probe.id(), error);
            for (const Message &message : std::exchange(m_queued, {})) {
                if (message.isRequest())
                    Q_EMIT requestFailed(message.id(), error);
            }
            // Stay open with no transport underneath: the session decides what to do.
            return;
        }
        setState(State::Closed);
        Q_EMIT closed(reason);
    });
}

void HttpAutoTransport::flushQueue()
{
    const QList<Message> queued = std::exchange(m_queued, {});
    for (const Message &message : queued) {
        if (!m_inner)
            return;
        m_inner->send(message);
    }
}

void HttpAutoTransport::choose(const QString &name, const QString &why)
{
    m_chosen = name;
    const QString text = name == QLatin1String("sse")
                             ? tr("Auto-detection chose legacy HTTP+SSE (2024-11-05) for %1: %2").arg(endpointDescription(), why)
                             : tr("Auto-detection chose Streamable HTTP for %1: %2").arg(endpointDescription(), why);
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {}, text);
    event.url = m_url.toString();
    Q_EMIT trafficEvent(event);
    Q_EMIT transportChosen(name);
}

void HttpAutoTransport::fallBack(const TransportError &error)
{
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                                            tr("Streamable HTTP refused (HTTP %1); trying legacy HTTP+SSE").arg(error.httpStatus));
    event.url = m_url.toString();
    Q_EMIT trafficEvent(event);
    Transport *old = m_inner;
    quint64 base = 0;
    if (auto *streamable = qobject_cast<StreamableHttpTransport *>(old))
        base = streamable->lastExchangeId();
    if (old) {
        disconnect(old, nullptr, this, nullptr);
        old->deleteLater();
    }
    m_fallingBack = true;
    auto *legacy = new LegacySseTransport(m_url, m_options, this);
    legacy->setExchangeIdBase(base);
    adopt(legacy);
    legacy->open();
}

void HttpAutoTransport::open()
{
    if (state() != State::Closed)
        return;
    setState(State::Opening);
    m_chosen.clear();
    m_probing = false;
    m_fallingBack = false;
    if (m_inner) {
        disconnect(m_inner, nullptr, this, nullptr);
        m_inner->deleteLater();
    }
    auto *streamable = new StreamableHttpTransport(m_url, m_options, this);
    adopt(streamable);
    streamable->open();
}

void HttpAutoTransport::send(const Message &message)
{
    // Until the first request shows which protocol the server speaks, later messages wait.
    if (m_fallingBack || (m_probing && m_chosen.isEmpty())) {
        m_queued.append(message);
        return;
    }
    if (!m_inner || !isOpen()) {
        refuseUnsent(message, tr("Cannot send: the HTTP transport to %1 is not open.").arg(endpointDescription()));
        return;
    }
    if (m_chosen.isEmpty() && !m_probing && message.isRequest()
        && ModernHeaders::metaProtocolVersion(message.paramsObject()).isEmpty()) {
        m_probing = true;
        m_probe = message;
    }
    m_inner->send(message);
}

void HttpAutoTransport::close()
{
    if (state() == State::Closed || state() == State::Closing)
        return;
    setState(State::Closing);
    m_fallingBack = false;
    if (m_inner && m_inner->state() != State::Closed) {
        m_inner->close();
        return;
    }
    QTimer::singleShot(0, this, [this] {
        if (state() != State::Closing)
            return;
        setState(State::Closed);
        Q_EMIT closed(tr("Closed"));
    });
}

} // namespace Mcp
