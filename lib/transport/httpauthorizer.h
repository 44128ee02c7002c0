#pragma once

#include "transport/networksettings.h"
#include "transport/trafficevent.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QUrl>

namespace Mcp {

// The hook through which the HTTP transports obtain credentials, without knowing how
// (the OAuth client in auth/ implements it). The transports add authorizationHeader() to every
// request; when the server refuses one (401, or 403 with error="insufficient_scope") they hold
// it and every later message, call unauthorized(), and resend them once authorized() comes,
// or fail them with the reason of failed(). One round of unauthorized() always ends in
// exactly one of the two signals; a call while a round is running joins that round.
class HttpAuthorizer : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // The value of the Authorization header ("Bearer <token>"); empty: none. Never put in a URL.
    virtual QByteArray authorizationHeader() const = 0;
    // Every credential header of one request (method and URL): Authorization, and what a
    // sender-constrained token needs per request (a DPoP proof, RFC 9449 7). By default the
    // Authorization header alone.
    virtual HttpHeaders requestHeaders(const QByteArray &method, const QUrl &url) const
    {
        Q_UNUSED(method)
        Q_UNUSED(url)
        const QByteArray authorization = authorizationHeader();
        return authorization.isEmpty() ? HttpHeaders() : HttpHeaders{{QByteArrayLiteral("Authorization"), authorization}};
    }
    // The headers of a response from the resource, for what the scheme learns from them (a
    // DPoP-Nonce, RFC 9449 9); called before unauthorized() for a refusal.
    virtual void responseReceived(const HttpHeaders &headers) { Q_UNUSED(headers) }
    // The server's trust, client certificate and proxy settings: the authorizer's own requests
    // (discovery, registration, tokens) go out as the transport's do.
    virtual void setNetworkSettings(const NetworkSettings &settings) { Q_UNUSED(settings) }
    // resource: the MCP endpoint that refused; status: 401 or 403; wwwAuthenticate: the header as sent.
    virtual void unauthorized(const QUrl &resource, int status, const QByteArray &wwwAuthenticate) = 0;

Q_SIGNALS:
    void authorized();
    void failed(const QString &reason);
    // The authorizer's own HTTP exchanges (metadata, registration, token requests), for the
    // connection's traffic log; the transport waiting on the authorizer re-emits them.
    void trafficEvent(const Mcp::TrafficEvent &event);
};

} // namespace Mcp
