#pragma once

#include "config/serverconfig.h"
#include "transport/networksettings.h"
#include "transport/trafficevent.h"

#include <QUrl>

#include <functional>
#include <optional>

namespace Mcp {

class HttpAuthorizer;
class Transport;

// Makes a fresh, unopened transport each time it is called (a reconnect needs a new one).
using TransportFactory = std::function<Transport *()>;

// The transport for a server configuration whose ${...} references are already expanded
// (ServerConfig::resolved). Returns an empty factory and sets *error when the configuration
// cannot be used: no command, no URL, an invalid URL. Shared by the GUI and the CLI.
TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error);

// Where an HTTP configuration's requests go and the headers they carry (its own, and the bearer
// token as Authorization) and its network settings; nullopt for a stdio server, a WebSocket
// (ws://, wss://) or a URL that is not http(s).
struct HttpEndpoint
{
    QUrl url;
    HttpHeaders headers;
    NetworkSettings network; // its trust, client certificate and proxy
};
std::optional<HttpEndpoint> httpEndpointFor(const ServerConfig &resolved);

// Makes the authorizer (an OAuthClient) of one connection attempt. Called on the transport's
// thread right before the transport is made; the transport becomes its parent.
using AuthorizerFactory = std::function<HttpAuthorizer *(const QUrl &serverUrl)>;

// As above; for an HTTP server whose auth settings allow OAuth (ServerAuth::usesOAuth), each
// transport gets an authorizer from `authorizer`. Auth mode None sends no bearer token.
TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error, AuthorizerFactory authorizer);

} // namespace Mcp
