#include "config/transportfactory.h"

#include "transport/httptransportoptions.h"
#include "transport/stdiotransport.h"
#include "transport/websockettransport.h"

#include <QCoreApplication>
#include <QUrl>

namespace Mcp {

namespace {

bool isWebSocketUrl(const QUrl &url)
{
    return url.scheme() == QLatin1String("ws") || url.scheme() == QLatin1String("wss");
}

// An http(s):// URL, or a ws(s):// one: the scheme chooses the WebSocket transport, whose
// handshake is an HTTP request with the same headers, token, TLS and proxy settings.
std::optional<QUrl> httpUrlOf(const ServerConfig &resolved)
{
    const QUrl url(resolved.url.trimmed(), QUrl::StrictMode);
    if (!url.isValid()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https") && !isWebSocketUrl(url))
        || url.host().isEmpty())
        return std::nullopt;
    return url;
}

HttpHeaders configuredHeaders(const ServerConfig &resolved)
{
    HttpHeaders headers;
    for (const ConfigEntry &header : resolved.headers)
        headers.append({header.name.toUtf8(), header.value.toUtf8()});
    return headers;
}

// A static token (not OAuth's, which the authorizer gets and keeps).
bool sendsBearerToken(const ServerConfig &resolved)
{
    return resolved.auth.mode != ServerAuth::Mode::None && resolved.auth.mode != ServerAuth::Mode::OAuth
        && !resolved.bearerToken.isEmpty();
}

} // namespace

std::optional<HttpEndpoint> httpEndpointFor(const ServerConfig &resolved)
{
    const std::optional<QUrl> url = httpUrlOf(resolved);
    if (resolved.transport == ServerConfig::TransportType::Stdio || !url || isWebSocketUrl(*url))
        return std::nullopt;
    HttpEndpoint endpoint{*url, configuredHeaders(resolved), resolved.network};
    if (sendsBearerToken(resolved))
        endpoint.headers.append({QByteArrayLiteral("Authorization"), "Bearer " + resolved.bearerToken.toUtf8()});
    return endpoint;
}

TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error)
{
    return transportFactoryFor(resolved, error, {});
}

TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error, AuthorizerFactory authorizer)
{
    if (resolved.usesCommand()) {
        if (resolved.command.trimmed().isEmpty()) {
            if (error)
                *error = QCoreApplication::translate("Mcp::TransportFactory", "The server has no command to start.");
            return {};
        }
        StdioServerParameters parameters;
        parameters.program = resolved.command;
        parameters.arguments = resolved.args;
        parameters.inheritEnvironment = resolved.inheritEnvironment;
        parameters.workingDirectory = resolved.workingDirectory;
        for (const ConfigEntry &entry : resolved.env) {
            parameters.environment.insert(entry.name, entry.value);
            if (entry.secret)
                parameters.secretEnvironmentKeys.append(entry.name);
        }
        return [parameters]() -> Transport * { return new StdioTransport(parameters); };
    }

    const std::optional<QUrl> validUrl = httpUrlOf(resolved);
    if (!validUrl) {
        if (error)
            *error = QCoreApplication::translate("Mcp::TransportFactory", "The server URL is not a valid http://, https://, ws:// or wss:// URL: %1")
                         .arg(resolved.url);
        return {};
    }
    const QUrl url = *validUrl;
    HttpTransportOptions options;
    options.network = resolved.network;
    // A file the settings name that cannot be read, or a key its passphrase does not open, is
    // said before connecting, not as a handshake failure.
    if ((url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("wss")) && !resolved.network.tls.isDefault()) {
        QString why;
        if (!NetworkTrust::sslConfigurationFor(resolved.network.tls, &why)) {
            if (error)
                *error = why;
            return {};
        }
    }
    options.headers = configuredHeaders(resolved);
    if (sendsBearerToken(resolved))
        options.bearerToken = resolved.bearerToken;
    if (isWebSocketUrl(url)) {
        // OAuth is not offered here: a WebSocket handshake cannot be answered with a resend.
        return [url, options]() -> Transport * { return new WebSocketTransport(url, options); };
    }
    HttpTransportKind kind = HttpTransportKind::Auto;
    if (resolved.transport == ServerConfig::TransportType::StreamableHttp)
        kind = HttpTransportKind::StreamableHttp;
    else if (resolved.transport == ServerConfig::TransportType::Sse)
        kind = HttpTransportKind::LegacySse;
    if (authorizer && resolved.auth.usesOAuth(resolved.bearerToken)) {
        return [url, kind, options, authorizer]() -> Transport * {
            HttpTransportOptions withAuthorizer = options;
            HttpAuthorizer *made = authorizer(url);
            withAuthorizer.authorizer = made;
            if (made)
                made->setNetworkSettings(options.network);
            Transport *transport = createHttpTransport(url, kind, withAuthorizer);
            if (made)
                made->setParent(transport);
            return transport;
        };
    }
    return [url, kind, options]() -> Transport * { return createHttpTransport(url, kind, options); };
}

} // namespace Mcp
