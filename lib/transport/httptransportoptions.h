#pragma once

#include "httpauthorizer.h"
#include "transport/networksettings.h"
#include "transport/trafficevent.h"

#include <QByteArray>
#include <QPointer>
#include <QString>
#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QObject;
class QUrl;
QT_END_NAMESPACE

namespace Mcp {

class Transport;

// Which HTTP flavour of MCP to speak.
enum class HttpTransportKind : quint8 {
    Auto,           // Streamable HTTP, falling back to legacy SSE on 400/404/405 (spec, backwards compatibility)
    StreamableHttp, // 2025-03-26 and later
    LegacySse,      // 2024-11-05 HTTP+SSE
};

// Per-server settings of the HTTP transports.
struct HttpTransportOptions
{
    // Sent on every request. Cannot replace the headers the protocol needs (Accept,
    // Content-Type, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID).
    HttpHeaders headers;
    // Sent as "Authorization: Bearer <token>" on every request when not empty.
    QString bearerToken;
    // Not owned. When set, its authorizationHeader() replaces bearerToken, and 401 (or 403
    // insufficient_scope) answers start an authorization and a resend (Streamable HTTP: any
    // POST; legacy SSE: the GET that opens the session).
    QPointer<HttpAuthorizer> authorizer;
    // How many authorizations one message may trigger before it fails (a server that keeps
    // refusing must end with an error, not a loop).
    int maxAuthorizationRounds = 3;
    // Abort a POST or DELETE after this many milliseconds without any byte transferred
    // (QNetworkRequest::setTransferTimeout); 0: never. SSE streams are never cut by it once they started.
    int transferTimeoutMs = 0;
    // The largest JSON body or SSE event accepted; bigger ones end the exchange with MessageTooLarge.
    qsizetype maxMessageSize = 256 * 1024 * 1024;
    // Open the optional GET stream for server-initiated messages once the session is initialized.
    bool openGetStream = true;
    // Reconnection of SSE streams: without a server "retry" field, wait initialBackoffMs,
    // doubling up to maxBackoffMs; give up after maxReconnectAttempts attempts in a row that brought nothing.
    int initialBackoffMs = 1000;
    int maxBackoffMs = 10000;
    int maxReconnectAttempts = 5;
    // Legacy SSE: how long open() waits for the "endpoint" event.
    int endpointTimeoutMs = 15000;
    // close() waits at most this long for the DELETE of the session.
    int closeTimeoutMs = 3000;
    QByteArray userAgent = QByteArrayLiteral("MCPScope");
    // Trust beyond the system store, the client certificate and the proxy.
    NetworkSettings network;
};

// Creates the transport for an HTTP MCP server. The caller owns the result (or its parent does).
Transport *createHttpTransport(const QUrl &url, HttpTransportKind kind, const HttpTransportOptions &options,
                               QObject *parent = nullptr);

} // namespace Mcp
