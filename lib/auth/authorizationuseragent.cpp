#include "authorizationuseragent.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

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

} // namespace Mcp
