#include "httpcommon_p.h"
#include "httpauthorizer.h"
#include "networksettings.h"

#include <QCoreApplication>
#include <QHash>
#include <QNetworkProxy>
#include <QUrl>
#include <QVariant>

#include <memory>
#if QT_CONFIG(ssl)
#include <QSslError>
#endif

namespace Mcp::HttpDetail {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::HttpTransport)
};
} // namespace

SecureNetworkAccessManager *secureNetworkAccess(const HttpTransportOptions &options, QObject *parent)
{
    auto *manager = new SecureNetworkAccessManager(parent);
    manager->setNetworkSettings(options.network, nullptr);
    return manager;
}

QString proxyNote(const HttpTransportOptions &options, const QUrl &url)
{
    QString source;
    const QString proxy = NetworkTrust::describeProxy(NetworkTrust::proxyFor(options.network.proxy, url, &source));
    if (proxy.isEmpty())
        return {};
    return Tr::tr(" through the proxy %1 (%2)").arg(proxy, source);
}

void applyOptions(QNetworkRequest *request, const HttpTransportOptions &options, const QByteArray &method)
{
    // Redirects only within the origin: a credentialed POST must never follow a server elsewhere.
    request->setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    if (!options.userAgent.isEmpty())
        request->setRawHeader("User-Agent", options.userAgent);
    for (const auto &header : options.headers) {
        const QByteArray lower = header.first.toLower();
        if (lower == "accept" || lower == "content-type" || lower == "mcp-session-id"
            || lower == "mcp-protocol-version" || lower == "last-event-id")
            continue;
        request->setRawHeader(header.first, header.second);
    }
    if (!options.bearerToken.isEmpty())
        request->setRawHeader("Authorization", "Bearer " + options.bearerToken.toUtf8());
    if (options.authorizer) {
        for (const auto &header : options.authorizer->requestHeaders(method, request->url()))
            request->setRawHeader(header.first, header.second);
    }
}

HttpHeaders requestHeaders(const QNetworkRequest &request)
{
    HttpHeaders headers;
    const QList<QByteArray> names = request.rawHeaderList();
    for (const QByteArray &name : names)
        headers.append({name, request.rawHeader(name)});
    return headers;
}

HttpHeaders responseHeaders(const QNetworkReply *reply)
{
    return reply->rawHeaderPairs();
}

int httpStatus(const QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

bool hasHttpStatus(const QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid();
}

QByteArray mimeType(const QNetworkReply *reply)
{
    QByteArray type = reply->rawHeader("Content-Type");
    const qsizetype semicolon = type.indexOf(';');
    if (semicolon >= 0)
        type.truncate(semicolon);
    return type.trimmed().toLower();
}

bool isAuthorizationChallenge(int status, const QByteArray &wwwAuthenticate)
{
    return status == 401 || (status == 403 && wwwAuthenticate.toLower().contains("insufficient_scope"));
}

void forwardAuthorizationTraffic(Transport *transport, HttpAuthorizer *authorizer, quint64 *nextExchangeId)
{
    QObject::connect(authorizer, &HttpAuthorizer::trafficEvent, transport,
                     [transport, renumber = exchangeRenumberer(nextExchangeId)](const TrafficEvent &event) {
                         if (transport->isAuthorizationPending())
                             Q_EMIT transport->trafficEvent(renumber(event));
                     });
}

std::function<TrafficEvent(const TrafficEvent &)> exchangeRenumberer(quint64 *nextExchangeId)
{
    auto idMap = std::make_shared<QHash<quint64, quint64>>();
    return [idMap, nextExchangeId](const TrafficEvent &event) {
        TrafficEvent copy = event;
        if (event.exchangeId != 0) {
            auto it = idMap->find(event.exchangeId);
            if (it == idMap->end())
                it = idMap->insert(event.exchangeId, ++*nextExchangeId);
            copy.exchangeId = it.value();
        }
        return copy;
    };
}

TransportError errorFromReply(const QNetworkReply *reply, const QByteArray &body)
{
    TransportError error;
    const QString where = reply->url().toDisplayString(QUrl::RemoveUserInfo);
    if (std::shared_ptr<const TlsFailure> failure = NetworkTrust::tlsFailureOf(reply)) {
        error.kind = TransportError::Kind::Tls;
        error.message = failure->describe();
        error.tlsFailure = std::move(failure);
        return error;
    }
    if (reply->error() == QNetworkReply::SslHandshakeFailedError) {
        error.kind = TransportError::Kind::Tls;
        error.message = Tr::tr("The TLS connection to %1 could not be trusted: %2").arg(where, reply->errorString());
        return error;
    }
    if (hasHttpStatus(reply)) {
        error.kind = TransportError::Kind::Http;
        error.httpStatus = httpStatus(reply);
        error.bodyExcerpt = body.left(BodyExcerptSize);
        error.wwwAuthenticate = reply->rawHeader("WWW-Authenticate");
        const QString reason = QString::fromUtf8(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray());
        error.message = Tr::tr("%1 answered HTTP %2 %3").arg(where).arg(error.httpStatus).arg(reason).trimmed();
        if (error.httpStatus == 401 || error.httpStatus == 403)
            error.message += Tr::tr(" (the server wants credentials%1)")
                                 .arg(error.wwwAuthenticate.isEmpty() ? QString()
                                                                      : QStringLiteral(": ") + QString::fromUtf8(error.wwwAuthenticate));
        const QString excerpt = QString::fromUtf8(body.left(200)).simplified();
        if (!excerpt.isEmpty())
            error.message += QStringLiteral(": ") + excerpt;
        return error;
    }
    error.kind = TransportError::Kind::Network;
    error.message = Tr::tr("Could not reach %1: %2").arg(where, reply->errorString());
    return error;
}

TrafficEvent httpEvent(TrafficEvent::Direction direction, TrafficEvent::Kind kind, quint64 exchangeId,
                       const QByteArray &method, const QUrl &url, const QByteArray &raw)
{
    return httpEvent(direction, kind, exchangeId, method, url.toString(), raw);
}

TrafficEvent httpEvent(TrafficEvent::Direction direction, TrafficEvent::Kind kind, quint64 exchangeId,
                       const QByteArray &method, const QString &url, const QByteArray &raw)
{
    TrafficEvent event = TrafficEvent::make(direction, kind, raw);
    event.exchangeId = exchangeId;
    event.httpMethod = method;
    event.url = url;
    return event;
}

void setHeaderIn(HttpHeaders &headers, const QByteArray &name, const QByteArray &value)
{
    headers.removeIf([&name](const QPair<QByteArray, QByteArray> &header) {
        return header.first.compare(name, Qt::CaseInsensitive) == 0;
    });
    if (!value.isNull())
        headers.append({name, value});
}

TrafficEvent responseEvent(TrafficEvent::Kind kind, quint64 exchangeId, const QNetworkReply *reply,
                           const QByteArray &raw)
{
    // The method stays on the request event; the exchange id links the two.
    TrafficEvent event = httpEvent(TrafficEvent::Direction::Incoming, kind, exchangeId, {}, reply->url(), raw);
    event.httpStatus = httpStatus(reply);
    event.headers = responseHeaders(reply);
    return event;
}

} // namespace Mcp::HttpDetail
