#include "authorizationuseragent.h"
#include "cappedhttp.h"
#include "oauthtypes.h"

#include <QNetworkAccessManager>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>

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
    CappedHttpExchange::Request request;
    request.url = url;
    request.maxBodyBytes = MaxOAuthResponseBytes;
    request.transferTimeoutMs = 20000;
    const quint64 exchangeId = ++m_nextExchangeId;
    TrafficEvent out = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, {},
                                          tr("Authorization request (headless user agent)"));
    out.httpMethod = "GET";
    out.url = url.toString();
    out.exchangeId = exchangeId;
    Q_EMIT trafficEvent(out);
    const quint64 generation = m_generation;
    auto *exchange = new CappedHttpExchange(m_nam, this);
    connect(exchange, &CappedHttpExchange::finished, this,
            [this, url, redirectsLeft, generation, exchangeId](const CappedHttpExchange::Response &response) {
        if (generation != m_generation)
            return;
        if (response.tooLarge) {
            Q_EMIT failed(tr("The authorization page %1 is larger than %2 MiB; it was not read.")
                              .arg(url.toDisplayString(QUrl::RemoveQuery))
                              .arg(MaxOAuthResponseBytes / (1024 * 1024)));
            return;
        }
        TrafficEvent in = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse,
                                             response.body);
        in.url = url.toString();
        in.httpStatus = response.status;
        in.headers = response.headers;
        in.exchangeId = exchangeId;
        Q_EMIT trafficEvent(in);
        const QByteArray location = response.header("Location");
        if (response.status >= 300 && response.status < 400 && !location.isEmpty()) {
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
        if (response.status == 0) {
            Q_EMIT failed(tr("The authorization page %1 could not be loaded: %2")
                              .arg(url.toDisplayString(QUrl::RemoveQuery), response.errorString));
            return;
        }
        Q_EMIT failed(tr("The authorization page answered HTTP %1 instead of redirecting to %2; it needs a person "
                         "(use a browser).")
                          .arg(response.status)
                          .arg(m_redirectUri.toDisplayString()));
    });
    exchange->start(request);
}

LoopbackUserAgent::LoopbackUserAgent(QObject *parent)
    : AuthorizationUserAgent(parent)
    , m_server(new QTcpServer(this))
    , m_waitTimer(new QTimer(this))
{
    m_waitTimer->setSingleShot(true);
    connect(m_waitTimer, &QTimer::timeout, this, [this] {
        const quint16 port = m_server->serverPort();
        close();
        Q_EMIT failed(tr("No answer came back from the browser within %1 s; the sign-in was abandoned and "
                         "127.0.0.1:%2 no longer listens.")
                          .arg(m_waitLimitMs / 1000)
                          .arg(port));
    });
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

QString LoopbackUserAgent::prepare()
{
    close();
    // The previous port first: a client registered with its redirect URI can use it again.
    if ((m_lastPort && m_server->listen(QHostAddress::LocalHost, m_lastPort)) || m_server->listen(QHostAddress::LocalHost, 0)) {
        m_lastPort = m_server->serverPort();
        return {};
    }
    return tr("Cannot receive the authorization answer: listening on 127.0.0.1 failed (%1).").arg(m_server->errorString());
}

QUrl LoopbackUserAgent::redirectUri() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_server->isListening() ? m_server->serverPort() : m_lastPort);
    url.setPath(QStringLiteral("/callback"));
    return url;
}

void LoopbackUserAgent::start(const QUrl &authorizationUrl)
{
    if (!m_server->isListening()) {
        const QString problem = prepare();
        if (!problem.isEmpty()) {
            Q_EMIT failed(problem);
            return;
        }
    }
    m_state = QUrlQuery(authorizationUrl).queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded);
    m_waiting = true;
    if (m_waitLimitMs > 0)
        m_waitTimer->start(m_waitLimitMs);
    Q_EMIT openUrl(authorizationUrl);
}

void LoopbackUserAgent::cancel()
{
    close();
}

void LoopbackUserAgent::close()
{
    m_waiting = false;
    m_state.clear();
    m_waitTimer->stop();
    m_server->close();
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
    const bool callback = requestLine.value(0) == "GET" && target.path() == QLatin1String("/callback") && m_waiting;
    // The state ties the answer to the authorization URL this sign-in opened; any other is not its answer.
    const bool ours = callback && !m_state.isEmpty()
        && QUrlQuery(target).queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded) == m_state;
    const auto page = [](const QString &text) -> QByteArray {
        return QByteArrayLiteral("<!doctype html><meta charset=\"utf-8\"><title>MCP Scope</title><p>")
            + text.toHtmlEscaped().toUtf8() + QByteArrayLiteral("</p>");
    };
    QByteArray status = QByteArrayLiteral("200 OK");
    QByteArray body;
    if (ours) {
        body = page(tr("Authorization received. You can close this window and return to MCP Scope."));
    } else if (callback) {
        status = QByteArrayLiteral("400 Bad Request");
        body = page(tr("This answer does not belong to the sign-in MCP Scope is waiting for; it was ignored."));
    } else {
        status = QByteArrayLiteral("404 Not Found");
        body = page(tr("Not found."));
    }
    socket->write("HTTP/1.1 " + status + "\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: "
                  + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
    socket->disconnectFromHost();
    if (callback && !ours) {
        TrafficEvent note = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                                               tr("A request to the sign-in listener carried another state than the "
                                                  "sign-in sent; it was answered and ignored."));
        Q_EMIT trafficEvent(note);
        return;
    }
    if (!ours)
        return;
    close();
    Q_EMIT redirected(target);
}

} // namespace Mcp
