#pragma once

#include <functional>

// Internal helpers shared by the HTTP transports. Not part of the library's API.

#include "httptransportoptions.h"
#include "transport.h"

#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStringList>

namespace Mcp::HttpDetail {

inline constexpr int BodyExcerptSize = 2048;

// Options' headers, bearer token or the authorizer's headers for `method`, user agent and the
// same-origin redirect policy.
void applyOptions(QNetworkRequest *request, const HttpTransportOptions &options, const QByteArray &method = "POST");
// A network manager for one transport, made as options.network says (see
// SecureNetworkAccessManager). Settings that cannot be used were refused by transportFactoryFor
// already; a file gone since leaves the system's trust, with the pins still enforced.
SecureNetworkAccessManager *secureNetworkAccess(const HttpTransportOptions &options, QObject *parent);
// The note a transport opens with: " through the proxy http://host:port (HTTPS_PROXY)" when one is in use.
QString proxyNote(const HttpTransportOptions &options, const QUrl &url);
// Every header this request will carry, as set on it (for the traffic log).
HttpHeaders requestHeaders(const QNetworkRequest &request);
HttpHeaders responseHeaders(const QNetworkReply *reply);
int httpStatus(const QNetworkReply *reply);
QByteArray mimeType(const QNetworkReply *reply); // lower case, without parameters
bool hasHttpStatus(const QNetworkReply *reply);

// 401, or 403 with error="insufficient_scope": an authorizer may fix it (step-up for the latter).
bool isAuthorizationChallenge(int status, const QByteArray &wwwAuthenticate);
// Renumbers an authorizer's exchanges into a transport's exchange-id sequence (*nextExchangeId,
// which must outlive the returned function), so OAuth requests join the connection's log.
std::function<TrafficEvent(const TrafficEvent &)> exchangeRenumberer(quint64 *nextExchangeId);
// The OAuth exchanges belong in the transport's log while it waits for them (isAuthorizationPending):
// the authorizer's traffic goes out as the transport's, renumbered into *nextExchangeId.
void forwardAuthorizationTraffic(Transport *transport, HttpAuthorizer *authorizer, quint64 *nextExchangeId);
// A transport error for a reply that failed: TLS, network or HTTP status (with body excerpt
// and WWW-Authenticate).
TransportError errorFromReply(const QNetworkReply *reply, const QByteArray &body);

// A traffic event filled with an exchange's HTTP metadata.
TrafficEvent httpEvent(TrafficEvent::Direction direction, TrafficEvent::Kind kind, quint64 exchangeId,
                       const QByteArray &method, const QUrl &url, const QByteArray &raw = {});
// The same with the URL as text already (a transport's own URL, written once).
TrafficEvent httpEvent(TrafficEvent::Direction direction, TrafficEvent::Kind kind, quint64 exchangeId,
                       const QByteArray &method, const QString &url, const QByteArray &raw = {});
// Sets a header in a list as QNetworkRequest::setRawHeader() does in its own: one of the same
// name (in any case) goes, the new one comes last.
void setHeaderIn(HttpHeaders &headers, const QByteArray &name, const QByteArray &value);
TrafficEvent responseEvent(TrafficEvent::Kind kind, quint64 exchangeId, const QNetworkReply *reply,
                           const QByteArray &raw = {});

} // namespace Mcp::HttpDetail
