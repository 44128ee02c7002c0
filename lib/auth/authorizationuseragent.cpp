#include "authorizationuseragent.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpServer>
#include <QTcpSocket>

namespace Mcp {

HeadlessUserAgent::HeadlessUserAgent(const QUrl &redirectUri, QObject *parent)
    : AuthorizationUserAgent(parent)
    , m_redirectUri(redirectUri)
    , m_nam(new QNetworkAccessManager(this))
{
}

void HeadlessUserAgent::start(const QUrl &authorizationUrl)
{
    ++m_generation;
    get(authorizationUrl, 5);
}

void HeadlessUserAgent::cancel()
{
    ++m_generation;
}

static bool sameEndpoint(const QUrl &a, const QUrl &b)
{
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && a.port(a.scheme() == QLatin1String("https") ? 443 : 80) == b.port(b.scheme() == QLatin1String("https") ? 443 : 80)
        && a.path() == b.path();
}

void HeadlessUserAgent::get(const QUrl &url, int redirectsLeft)
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(20000);
    const quint64 exchangeId = ++m_nextExchangeId;
    TrafficEvent out = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, {},
                                          tr("Authorization request (headless user agent)"));
    out.httpMethod = "GET";
    out.url = url.toString();
    out.exchangeId = exchangeId;
    Q_EMIT trafficEvent(out);
    QNetworkReply *reply = m_nam->get(request);
    const quint64 generation = m_generation;
    connect(reply, &QNetworkReply::finished, this, [this, reply, url, redirectsLeft, generation, exchangeId] {
        reply->deleteLater();
        if (generation != m_generation)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        TrafficEvent in = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse, body);
        in.url = url.toString();
        in.httpStatus = status;
        in.headers = reply->rawHeaderPairs();
        in.exchangeId = exchangeId;
        Q_EMIT trafficEvent(in);
        const QByteArray location = reply->rawHeader("Location");
        if (status >= 300 && status < 400 && !location.isEmpty()) {
            const QUrl target = url.resolved(QUrl::fromEncoded(location));
            if (sameEndpoint(target, m_redirectUri)) {
                Q_EMIT redirected(target);
                return;
            }
            if (redirectsLeft > 0) {
                get(target, redirectsLeft - 1);
                return;
            }
        }
        if (status == 0) {
            Q_EMIT failed(tr("The authorization page %1 could not be loaded: %2")
                              .arg(url.toDisplayString(QUrl::RemoveQuery), reply->errorString()));
            return;
        }
        Q_EMIT failed(tr("The authorization page answered HTTP %1 instead of redirecting to %2; it needs a person "
                         "(use a browser).")
                          .arg(status)
                          .arg(m_redirectUri.toDisplayString()));
    });
}

LoopbackUserAgent::LoopbackUserAgent(QObject *parent)
    : AuthorizationUserAgent(parent)
    , m_server(new QTcpServer(this))
{
    m_server->listen(QHostAddress::LocalHost, 0);
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
}

LoopbackUserAgent::~LoopbackUserAgent() = default;

bool LoopbackUserAgent::isListening() const
{
    return m_server->isListening();
}

QString LoopbackUserAgent::errorString() const
{
    return m_server->errorString();
}

QUrl LoopbackUserAgent::redirectUri() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_server->serverPort());
    url.setPath(QStringLiteral("/callback"));
    return url;
}

void LoopbackUserAgent::start(const QUrl &authorizationUrl)
{
    if (!m_server->isListening()) {
        Q_EMIT failed(tr("Cannot receive the authorization answer: listening on 127.0.0.1 failed (%1).")
                          .arg(m_server->errorString()));
        return;
    }
    m_waiting = true;
    Q_EMIT openUrl(authorizationUrl);
}

void LoopbackUserAgent::cancel()
{
    m_waiting = false;
}

void LoopbackUserAgent::onReadyRead(QTcpSocket *socket)
{
    // Only the request line matters; a browser sends the whole head at once, but be patient.
    QByteArray head = socket->property("_head").toByteArray() + socket->readAll();
    if (head.size() > 16 * 1024) {
        socket->abort();
        return;
    }
    if (!head.contains("\r\n\r\n")) {
        socket->setProperty("_head", head);
        return;
    }
    const QList<QByteArray> requestLine = head.left(head.indexOf("\r\n")).split(' ');
    const QUrl target = redirectUri().resolved(QUrl::fromEncoded(requestLine.value(1)));
    const bool ours = requestLine.value(0) == "GET" && target.path() == QLatin1String("/callback") && m_waiting;
    const QByteArray page = ours
        ? QByteArrayLiteral("<!doctype html><meta charset=\"utf-8\"><title>MCP Scope</title><p>")
            + tr("Authorization received. You can close this window and return to MCP Scope.").toHtmlEscaped().toUtf8()
            + QByteArrayLiteral("</p>")
        : QByteArrayLiteral("Not Found");
    socket->write((ours ? QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n")
                        : QByteArrayLiteral("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n"))
                  + "Content-Length: " + QByteArray::number(page.size()) + "\r\nConnection: close\r\n\r\n" + page);
    socket->disconnectFromHost();
    if (!ours)
        return;
    m_waiting = false;
    Q_EMIT redirected(target);
}

} // namespace Mcp
