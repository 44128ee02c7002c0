#include "httpprobes.h"

#include "jsonrpc/message.h"
#include "protocol/errorcodes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "session/modern/requestmeta.h"
#include "transport/modernheaders.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUuid>

#include <algorithm>
#include <memory>
#include <utility>

namespace Mcp::Doctor {

namespace {

// A probe that gets no answer in this long has its say as "no answer".
constexpr int ProbeTimeoutMs = 5000;
// What a probe keeps of a body: enough to show, not a whole result.
constexpr qsizetype KeptBodyBytes = 64 * 1024;
const QByteArray ProtocolVersionHeader = QByteArrayLiteral("MCP-Protocol-Version");
const QByteArray SessionHeader = QByteArrayLiteral("Mcp-Session-Id");

void setHeader(HttpHeaders &headers, const QByteArray &name, const QByteArray &value)
{
    for (auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0) {
            header.second = value;
            return;
        }
    }
    headers.append({name, value});
}

const QString TransportsRule = QStringLiteral("2025-11-25 basic/transports, Streamable HTTP");

// What each session check that fails says.
const HttpProbes::Rule VersionHeaderRule{
    QStringLiteral("http.protocol-version.unchecked"), QStringLiteral("HTTP 400 for MCP-Protocol-Version: 1900-01-01"),
    TransportsRule + QStringLiteral(", Protocol Version Header: a request with an invalid or unsupported "
                                    "MCP-Protocol-Version MUST be answered 400 Bad Request"),
    QStringLiteral("compare the header with the versions you support and answer 400 when it is not one")};
const HttpProbes::Rule GetStreamRule{
    QStringLiteral("http.get-stream"), QStringLiteral("a text/event-stream, or HTTP 405 when there is none"),
    TransportsRule + QStringLiteral(", Listening for Messages from the Server: the server MUST answer a GET with "
                                    "text/event-stream or 405 Method Not Allowed"),
    QStringLiteral("answer 405 to GET when the server sends nothing unasked")};
const HttpProbes::Rule UnknownSessionRule{
    QStringLiteral("http.session.unknown"), QStringLiteral("HTTP 404 for a session id it never gave"),
    TransportsRule + QStringLiteral(", Session Management: a session the server does not know is answered 404 Not "
                                    "Found, which is what makes a client start a new one"),
    QStringLiteral("answer 404 for a session id you do not hold (after a restart, every old one)")};
const HttpProbes::Rule DeleteRule{
    QStringLiteral("http.session.delete"), QStringLiteral("2xx, or HTTP 405 when clients may not end sessions"),
    TransportsRule + QStringLiteral(", Session Management: a client SHOULD DELETE its session when it leaves; the "
                                    "server MAY answer 405"),
    QStringLiteral("end the session on DELETE, or answer 405")};
const HttpProbes::Rule AfterDeleteRule{
    QStringLiteral("http.session.after-delete"), QStringLiteral("HTTP 404 for the session DELETE ended"),
    TransportsRule + QStringLiteral(", Session Management: after a session ends, the server MUST answer requests "
                                    "with its id with 404 Not Found"),
    QStringLiteral("forget the session on DELETE")};

const QString ModernTransportsRule = QStringLiteral("2026-07-28 basic/transports/streamable-http");

// The JSON-RPC message of an answer's body: a JSON object, or the first message of an SSE
// stream that answers a request (an error or a result); empty when there is none.
QJsonObject answerOf(const QByteArray &body)
{
    const QByteArray trimmed = body.trimmed();
    if (trimmed.startsWith('{'))
        return QJsonDocument::fromJson(trimmed).object();
    for (const QByteArray &line : body.split('\n')) {
        if (!line.startsWith("data:"))
            continue;
        const QJsonObject message = QJsonDocument::fromJson(line.mid(5).trimmed()).object();
        if (message.contains(QLatin1String("error")) || message.contains(QLatin1String("result")))
            return message;
    }
    return {};
}

// The code of the JSON-RPC error an answer carries; 0 when it carries none.
int errorCodeOf(const QJsonObject &answer)
{
    return answer.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(0);
}

// What an answer was, for a finding: its status and the error it carried.
QString answerText(int status, const QJsonObject &answer)
{
    const QJsonObject error = answer.value(QLatin1String("error")).toObject();
    const QString http = status == 0 ? QStringLiteral("no answer") : QStringLiteral("HTTP %1").arg(status);
    if (!error.isEmpty())
        return QStringLiteral("%1 with error %2: %3").arg(http).arg(error.value(QLatin1String("code")).toInt())
            .arg(error.value(QLatin1String("message")).toString().left(120));
    if (answer.contains(QLatin1String("result")))
        return QStringLiteral("%1 with a result").arg(http);
    return QStringLiteral("%1 without a JSON-RPC error").arg(http);
}

const HttpProbes::Rule HeaderMismatchRule{
    QStringLiteral("modern.header-mismatch"), QStringLiteral("HTTP 400 with error -32020 (HeaderMismatch)"),
    ModernTransportsRule + QStringLiteral(", Server Validation: a server that processes the body MUST reject a request "
                                          "whose Mcp-Method or Mcp-Name header differs from the body, or is missing, with "
                                          "400 and -32020; "
                                          "gateways route and authorize by the headers"),
    QStringLiteral("compare Mcp-Method with the body's method and Mcp-Name with params.name (params.uri) and answer "
                   "400 with error -32020 when they differ")};

} // namespace

HttpProbes::HttpProbes(const Target &target, QObject *parent)
    : QObject(parent), m_target(target), m_network(new SecureNetworkAccessManager(this))
{
    m_network->setNetworkSettings(target.network, nullptr);
}

HttpProbes::~HttpProbes() = default;

QByteArray HttpProbes::foreignOrigin()
{
    return QByteArrayLiteral("http://rebinding.example");
}

bool HttpProbes::isLoopback(const QUrl &url)
{
    const QString host = url.host();
    return host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0 || QHostAddress(host).isLoopback();
}

QByteArray HttpProbes::foreignHost(const QUrl &url)
{
    return QByteArrayLiteral("rebinding.example:") + QByteArray::number(url.port(url.scheme() == QLatin1String("https") ? 443 : 80));
}

QString HttpProbes::Exchange::statusText() const
{
    if (status == 0)
        return QStringLiteral("no answer (%1)").arg(error);
    return QStringLiteral("HTTP %1").arg(status);
}

void HttpProbes::start()
{
    if (m_target.modern)
        checkMethodMismatch();
    else
        openSession();
}

void HttpProbes::send(const QByteArray &method, const QString &what, const QByteArray &body, const HttpHeaders &extra,
                      Then then)
{
    QNetworkRequest request(m_target.url);
    request.setTransferTimeout(ProbeTimeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    HttpHeaders headers = m_target.headers;
    setHeader(headers, "Accept", method == "GET" ? QByteArrayLiteral("text/event-stream")
                                                 : QByteArrayLiteral("application/json, text/event-stream"));
    if (!body.isEmpty())
        setHeader(headers, "Content-Type", "application/json");
    for (const auto &header : extra)
        setHeader(headers, header.first, header.second);
    for (const auto &header : std::as_const(headers))
        request.setRawHeader(header.first, header.second);

    const quint64 exchangeId = m_nextExchangeId++;
    auto exchange = std::make_shared<Exchange>();
    TrafficEvent sent = TrafficEvent::make(TrafficEvent::Direction::Outgoing,
                                           body.isEmpty() ? TrafficEvent::Kind::HttpRequest : TrafficEvent::Kind::Message,
                                           body, QStringLiteral("Doctor probe: %1").arg(what));
    sent.httpMethod = method;
    sent.url = m_target.url.toString();
    sent.headers = headers;
    sent.exchangeId = exchangeId;
    exchange->events.append(sent);
    Q_EMIT trafficEvent(sent);

    QNetworkReply *reply = m_network->sendCustomRequest(request, method, body);
    // Once: when the headers are in (a GET is a stream: it is not read further), or at the end.
    auto conclude = [this, reply, exchange, exchangeId, then, method] {
        if (exchange->events.size() > 1)
            return;
        exchange->status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        exchange->headers = reply->rawHeaderPairs();
        if (method != "GET")
            exchange->body = reply->read(KeptBodyBytes);
        TrafficEvent answer = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse,
                                                 exchange->body);
        if (reply->bytesAvailable() > 0)
            answer.note = QStringLiteral("Doctor probe: the first %1 bytes of a longer body").arg(KeptBodyBytes);
        answer.exchangeId = exchangeId;
        answer.url = m_target.url.toString();
        if (exchange->status == 0) {
            // A transfer timeout ends the reply as cancelled: nothing came in ProbeTimeoutMs.
            exchange->timedOut = reply->error() == QNetworkReply::OperationCanceledError;
            exchange->error = exchange->timedOut ? QStringLiteral("nothing within %1 ms").arg(ProbeTimeoutMs)
                                                 : reply->errorString();
            answer.kind = TrafficEvent::Kind::TransportError;
            answer.note = QStringLiteral("Doctor probe: no answer: %1").arg(exchange->error);
        } else {
            answer.httpStatus = exchange->status;
            answer.headers = exchange->headers;
        }
        exchange->events.append(answer);
        Q_EMIT trafficEvent(answer);
        reply->disconnect(this);
        // A GET stream is closed once its headers are in; not from inside the reply's own signal.
        QTimer::singleShot(0, reply, [reply] {
            if (!reply->isFinished())
                reply->abort();
            reply->deleteLater();
        });
        then(*exchange);
    };
    if (method == "GET") {
        connect(reply, &QNetworkReply::metaDataChanged, this, [reply, conclude] {
            if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid())
                conclude();
        });
    }
    connect(reply, &QNetworkReply::finished, this, conclude);
}

QByteArray HttpProbes::openingBody() const
{
    const QString id = QStringLiteral("doctor-probe-%1").arg(m_nextRequestId);
    const QJsonObject clientInfo{{Key::Name, QStringLiteral("mcpscope-doctor")},
                                 {Key::Version, QCoreApplication::applicationVersion()}};
    if (m_target.modern) {
        Modern::RequestMeta meta;
        meta.protocolVersion = m_target.protocolVersion;
        meta.clientInfo = clientInfo;
        return Message::request(MessageId(id), Method::ServerDiscover, meta.applyTo({})).serialize();
    }
    const QJsonObject params{{Key::ProtocolVersion, m_target.protocolVersion},
                             {Key::Capabilities, QJsonObject()},
                             {Key::ClientInfo, clientInfo}};
    return Message::request(MessageId(id), Method::Initialize, params).serialize();
}

HttpHeaders HttpProbes::openingHeaders() const
{
    if (!m_target.modern)
        return {};
    Modern::RequestMeta meta;
    meta.protocolVersion = m_target.protocolVersion;
    return ModernHeaders::standardHeaders(m_target.protocolVersion, Method::ServerDiscover, meta.applyTo({}));
}

QByteArray HttpProbes::pingBody()
{
    return Message::request(MessageId(QStringLiteral("doctor-probe-%1").arg(m_nextRequestId++)), Method::Ping, QJsonObject())
        .serialize();
}

HttpHeaders HttpProbes::sessionHeaders(const QByteArray &session, const QByteArray &version) const
{
    HttpHeaders headers{{ProtocolVersionHeader, version.isEmpty() ? m_target.protocolVersion.toUtf8() : version}};
    if (!session.isEmpty())
        headers.append({SessionHeader, session});
    return headers;
}

void HttpProbes::judge(const Exchange &seen, bool passed, const QString &passedAs, Severity severity, const Rule &rule)
{
    if (passed) {
        m_passed << passedAs;
        return;
    }
    Finding finding = Finding::make(rule.id, severity, QStringLiteral("HTTP %1").arg(m_target.url.toString()), rule.expected,
                                    seen.statusText(), rule.text, rule.fix);
    finding.evidence = seen.events;
    m_findings.append(finding);
}

void HttpProbes::openSession()
{
    send("POST", QStringLiteral("initialize a session of its own"), openingBody(), {}, [this](const Exchange &opened) {
        ++m_nextRequestId;
        if (!opened.isSuccess()) {
            const bool refused = opened.status == 401 || opened.status == 403;
            judge(opened, false, {}, Severity::Info,
                  {QStringLiteral("http.probes.not-run"), QStringLiteral("initialize answered, so that the HTTP checks can run"),
                   refused ? QStringLiteral("the checks send the connection's headers but no OAuth token")
                           : QStringLiteral("the checks cover Streamable HTTP; an HTTP+SSE (2024-11-05) server answers "
                                            "POST only at the endpoint its stream names"),
                   {}});
            return finish();
        }
        m_session = opened.sessionId();
        const QByteArray initialized = Message::notification(Method::InitializedNotification, QJsonObject()).serialize();
        send("POST", QStringLiteral("notifications/initialized"), initialized, sessionHeaders(m_session),
             [this](const Exchange &) { checkVersionHeader(); });
    });
}

void HttpProbes::checkVersionHeader()
{
    send("POST", QStringLiteral("ping with an unsupported MCP-Protocol-Version"), pingBody(),
         sessionHeaders(m_session, "1900-01-01"), [this](const Exchange &seen) {
        judge(seen, seen.status == 400, QStringLiteral("unsupported MCP-Protocol-Version (400)"),
              seen.isSuccess() ? Severity::Error : Severity::Warning, VersionHeaderRule);
        checkGetStream();
    });
}

void HttpProbes::checkGetStream()
{
    send("GET", QStringLiteral("open the GET stream"), {}, sessionHeaders(m_session), [this](const Exchange &seen) {
        const bool stream = seen.status == 200 && headerValue(seen.headers, "content-type").toLower().startsWith("text/event-stream");
        // Held open without headers: a stream with nothing to say yet (Node sends its headers
        // with the first event); clients wait on it the same way.
        const bool heldOpen = seen.status == 0 && seen.timedOut;
        const QString how = stream     ? QStringLiteral("a stream")
                            : heldOpen ? QStringLiteral("held open, silent for %1 ms").arg(ProbeTimeoutMs)
                                       : QStringLiteral("405");
        judge(seen, stream || heldOpen || seen.status == 405, QStringLiteral("GET stream (%1)").arg(how),
              Severity::Warning, GetStreamRule);
        checkUnknownSession();
    });
}

void HttpProbes::checkUnknownSession()
{
    if (m_session.isEmpty())
        return checkDelete();
    send("POST", QStringLiteral("ping with a session id the server never gave"), pingBody(),
         sessionHeaders(QUuid::createUuid().toByteArray(QUuid::WithoutBraces)), [this](const Exchange &seen) {
        judge(seen, seen.status == 404, QStringLiteral("unknown session (404)"), Severity::Warning, UnknownSessionRule);
        checkDelete();
    });
}

void HttpProbes::checkDelete()
{
    if (m_session.isEmpty())
        return checkOrigin();
    // Whatever comes of it, the session is not the probes' to end again.
    const QByteArray session = std::exchange(m_session, QByteArray());
    send("DELETE", QStringLiteral("end its session"), {}, sessionHeaders(session), [this, session](const Exchange &deleted) {
        if (!deleted.isSuccess()) {
            judge(deleted, deleted.status == 405, QStringLiteral("DELETE (405: sessions end by themselves)"),
                  Severity::Warning, DeleteRule);
            return checkOrigin();
        }
        send("POST", QStringLiteral("ping in the session it ended"), pingBody(), sessionHeaders(session),
             [this, deleted](const Exchange &seen) {
            judge(seen, seen.status == 404, QStringLiteral("DELETE (%1, then 404)").arg(deleted.status),
                  Severity::Error, AfterDeleteRule);
            checkOrigin();
        });
    });
}

void HttpProbes::checkOrigin()
{
    const QString origin = QString::fromLatin1(foreignOrigin());
    HttpHeaders headers = openingHeaders();
    headers.append({QByteArrayLiteral("Origin"), foreignOrigin()});
    send("POST", QStringLiteral("connect from a foreign web page (Origin: %1)").arg(origin), openingBody(), headers,
         [this, origin](const Exchange &seen) {
        ++m_nextRequestId;
        judge(seen, seen.status == 403, QStringLiteral("foreign Origin (403)"),
              seen.isSuccess() ? Severity::Error : Severity::Warning,
              {QStringLiteral("http.origin.unchecked"), QStringLiteral("HTTP 403 for Origin: %1").arg(origin),
               TransportsRule + QStringLiteral(", Security Warning: servers MUST validate the Origin header and answer "
                                               "403 Forbidden when it is present and not allowed; otherwise a web page "
                                               "the user visits can drive the server (DNS rebinding)"),
               QStringLiteral("refuse an Origin you do not serve with 403 (the SDKs' DNS rebinding protection, "
                              "allowedOrigins)")});
        forget(seen, [this] { checkHost(); });
    });
}

void HttpProbes::checkHost()
{
    if (!isLoopback(m_target.url))
        return finish();
    const QString host = QString::fromLatin1(foreignHost(m_target.url));
    HttpHeaders headers = openingHeaders();
    headers.append({QByteArrayLiteral("Host"), foreignHost(m_target.url)});
    send("POST", QStringLiteral("reach it under a foreign name (Host: %1)").arg(host), openingBody(), headers,
         [this, host](const Exchange &seen) {
        ++m_nextRequestId;
        judge(seen, !seen.isSuccess(), QStringLiteral("foreign Host (%1)").arg(seen.statusText()), Severity::Warning,
              {QStringLiteral("http.host.unchecked"), QStringLiteral("a refusal (403 or 421) for Host: %1").arg(host),
               TransportsRule + QStringLiteral(", Security Warning: a local server is reached by a web page through "
                                               "DNS rebinding under the page's own name; checking Host stops the "
                                               "requests that carry no Origin"),
               QStringLiteral("accept only the Host names you listen on (localhost, 127.0.0.1): the SDKs' "
                              "allowedHosts")});
        forget(seen, [this] { finish(); });
    });
}

QPair<QByteArray, HttpHeaders> HttpProbes::modernRequest(const QString &method, const QJsonObject &params,
                                                         const QString &version)
{
    Modern::RequestMeta meta;
    meta.protocolVersion = version.isEmpty() ? m_target.protocolVersion : version;
    meta.clientInfo = QJsonObject{{Key::Name, QStringLiteral("mcpscope-doctor")},
                                  {Key::Version, QCoreApplication::applicationVersion()}};
    const QJsonObject withMeta = meta.applyTo(params);
    const QString id = QStringLiteral("doctor-probe-%1").arg(m_nextRequestId++);
    return {Message::request(MessageId(id), method, withMeta).serialize(),
            ModernHeaders::standardHeaders(meta.protocolVersion, method, withMeta)};
}

void HttpProbes::checkMethodMismatch()
{
    // tools/list in the body, another method in the header: harmless whichever the server runs.
    auto [body, headers] = modernRequest(Method::ToolsList, {});
    setHeader(headers, ModernHeaders::Method, "prompts/list");
    send("POST", QStringLiteral("tools/list with the header Mcp-Method: prompts/list"), body, headers,
         [this](const Exchange &seen) {
        const QJsonObject answer = answerOf(seen.body);
        const bool passed = seen.status == 400 && errorCodeOf(answer) == ModernErrorCode::HeaderMismatch;
        judge(seen, passed, QStringLiteral("Mcp-Method unlike the body (400, -32020)"),
              seen.status >= 400 && seen.status < 500 ? Severity::Warning : Severity::Error, HeaderMismatchRule);
        if (!passed)
            m_findings.last().seen = QStringLiteral("Mcp-Method: prompts/list on tools/list: ") + answerText(seen.status, answer);
        checkMethodMissing();
    });
}

void HttpProbes::checkMethodMissing()
{
    auto [body, headers] = modernRequest(Method::ToolsList, {});
    headers.removeIf([](const auto &header) { return header.first.compare(ModernHeaders::Method, Qt::CaseInsensitive) == 0; });
    send("POST", QStringLiteral("tools/list without the header Mcp-Method"), body, headers, [this](const Exchange &seen) {
        const QJsonObject answer = answerOf(seen.body);
        const bool passed = seen.status == 400 && errorCodeOf(answer) == ModernErrorCode::HeaderMismatch;
        judge(seen, passed, QStringLiteral("Mcp-Method missing (400, -32020)"),
              seen.status >= 400 && seen.status < 500 ? Severity::Warning : Severity::Error, HeaderMismatchRule);
        if (!passed)
            m_findings.last().seen = QStringLiteral("no Mcp-Method on tools/list: ") + answerText(seen.status, answer);
        checkNameMismatch();
    });
}

void HttpProbes::checkNameMismatch()
{
    // A tool no server has, so that a server that runs the body's call changes nothing.
    auto [body, headers] = modernRequest(Method::ToolsCall, QJsonObject{{Key::Name, QStringLiteral("mcpscope-doctor-no-such-name")},
                                                                       {Key::Arguments, QJsonObject()}});
    setHeader(headers, ModernHeaders::Name, "mcpscope-doctor-other-name");
    send("POST", QStringLiteral("tools/call with an Mcp-Name unlike the body's name"), body, headers,
         [this](const Exchange &seen) {
        const QJsonObject answer = answerOf(seen.body);
        const int code = errorCodeOf(answer);
        const bool passed = seen.status == 400 && code == ModernErrorCode::HeaderMismatch;
        judge(seen, passed, QStringLiteral("Mcp-Name unlike the body (400, -32020)"),
              // An unknown tool's -32602 says the server judged the body and never looked at the header.
              seen.status >= 400 && seen.status < 500 && code != ErrorCode::InvalidParams ? Severity::Warning
                                                                                        : Severity::Error,
              HeaderMismatchRule);
        if (!passed)
            m_findings.last().seen = QStringLiteral("Mcp-Name unlike params.name: ") + answerText(seen.status, answer);
        checkUnsupportedVersion();
    });
}

void HttpProbes::checkUnsupportedVersion()
{
    const QString unsupported = QStringLiteral("1900-01-01");
    const auto [body, headers] = modernRequest(Method::ServerDiscover, {}, unsupported);
    send("POST", QStringLiteral("server/discover at an unsupported protocol version (%1)").arg(unsupported), body, headers,
         [this, unsupported](const Exchange &seen) {
        const QJsonObject error = answerOf(seen.body).value(QLatin1String("error")).toObject();
        const QJsonArray supported = error.value(QLatin1String("data")).toObject().value(Key::Supported).toArray();
        const bool listed = !supported.isEmpty()
            && std::all_of(supported.cbegin(), supported.cend(), [](const QJsonValue &version) { return version.isString(); });
        const bool rightError = error.value(QLatin1String("code")).toInt() == ModernErrorCode::UnsupportedProtocolVersion && listed;
        // The schema's data.requested too; a host acts on the list alone, so its lack is a warning.
        const bool echoed = error.value(QLatin1String("data")).toObject().value(Key::Requested).toString() == unsupported;
        Rule rule{QStringLiteral("modern.protocol-version.unsupported"),
                  QStringLiteral("HTTP 400 with error -32022 whose data.supported lists the supported versions"),
                  QStringLiteral("2026-07-28 basic/versioning, Protocol Version Negotiation, and ") + ModernTransportsRule
                      + QStringLiteral(", Protocol Version Header: a version the server does not implement MUST be "
                                       "answered 400 with UnsupportedProtocolVersionError listing its versions; a host "
                                       "retries with one of them, or else takes the server for a legacy one"),
                  QStringLiteral("answer 400 with {\"code\": -32022, \"data\": {\"supported\": [...], \"requested\": ...}}")};
        const bool passed = seen.status == 400 && rightError && echoed;
        judge(seen, passed, QStringLiteral("unsupported protocol version (400, -32022)"),
              rightError ? Severity::Warning : Severity::Error, rule);
        if (!passed)
            m_findings.last().seen = answerText(seen.status, answerOf(seen.body))
                + (error.isEmpty() || listed ? QString() : QStringLiteral(" (no data.supported list)"))
                + (!rightError || echoed ? QString() : QStringLiteral(" (data.requested does not name %1)").arg(unsupported));
        checkMissingMeta();
    });
}

void HttpProbes::checkMissingMeta()
{
    // The headers as usual, the body without the per-request _meta.
    auto [body, headers] = modernRequest(Method::ServerDiscover, {});
    body = Message::request(MessageId(QStringLiteral("doctor-probe-%1").arg(m_nextRequestId++)), Method::ServerDiscover,
                            QJsonObject())
               .serialize();
    send("POST", QStringLiteral("server/discover without _meta"), body, headers, [this](const Exchange &seen) {
        const QJsonObject answer = answerOf(seen.body);
        const bool invalidParams = errorCodeOf(answer) == ErrorCode::InvalidParams;
        const bool passed = seen.status == 400 && invalidParams;
        judge(seen, passed, QStringLiteral("no _meta (400, -32602)"),
              seen.status >= 400 && seen.status < 500 ? Severity::Warning : Severity::Error,
              {QStringLiteral("modern.meta.missing"), QStringLiteral("HTTP 400 with error -32602 (Invalid params)"),
               QStringLiteral("2026-07-28 basic/index, _meta, Per-request protocol fields: a request without "
                              "io.modelcontextprotocol/protocolVersion or clientCapabilities is malformed; the server "
                              "MUST reject it with -32602, on HTTP with 400 Bad Request"),
               QStringLiteral("refuse a request whose _meta lacks the protocol version or the client capabilities "
                              "with 400 and error -32602")});
        if (!passed)
            m_findings.last().seen = answerText(seen.status, answer);
        checkMethodNotFound(QStringLiteral("mcpscope/doctor/no-such-method"), QStringLiteral("a method no server has"),
                            QStringLiteral("unknown method (404, -32601)"), [this] {
            // ping left the protocol with 2026-07-28: a modern request of it is an unknown method.
            checkMethodNotFound(Method::Ping, QStringLiteral("ping, which 2026-07-28 removed"),
                                QStringLiteral("removed method ping (404, -32601)"), [this] { checkOrigin(); });
        });
    });
}

void HttpProbes::checkMethodNotFound(const QString &method, const QString &what, const QString &passedAs,
                                     std::function<void()> next)
{
    const auto [body, headers] = modernRequest(method, {});
    send("POST", what, body, headers, [this, passedAs, next = std::move(next)](const Exchange &seen) {
        const QJsonObject answer = answerOf(seen.body);
        const bool methodNotFound = errorCodeOf(answer) == ErrorCode::MethodNotFound;
        const bool passed = seen.status == 404 && methodNotFound;
        judge(seen, passed, passedAs,
              methodNotFound ? Severity::Warning : Severity::Error,
              {QStringLiteral("modern.unknown-method-http"), QStringLiteral("HTTP 404 with error -32601 (Method not found)"),
               ModernTransportsRule + QStringLiteral(", Protocol Version Header: a method the server does not implement "
                                                     "MUST be answered 404 with a JSON-RPC error -32601; the body tells it "
                                                     "from the 404 of a server with no MCP endpoint there"),
               QStringLiteral("answer an unknown method with 404 and {\"error\": {\"code\": -32601, ...}}")});
        if (!passed)
            m_findings.last().seen = answerText(seen.status, answer);
        next();
    });
}

void HttpProbes::forget(const Exchange &opened, std::function<void()> then)
{
    const QByteArray session = opened.sessionId();
    if (!opened.isSuccess() || session.isEmpty())
        return then();
    send("DELETE", QStringLiteral("end the session it opened for the probe"), {}, sessionHeaders(session),
         [then = std::move(then)](const Exchange &) { then(); });
}

void HttpProbes::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (!m_passed.isEmpty()) {
        m_findings.append(Finding::make(QStringLiteral("http.checked"), Severity::Info,
                                        QStringLiteral("HTTP %1").arg(m_target.url.toString()), {},
                                        QStringLiteral("answered as the specification asks: %1")
                                            .arg(m_passed.join(QStringLiteral(", "))),
                                        TransportsRule));
    }
    Q_EMIT finished();
}

} // namespace Mcp::Doctor
