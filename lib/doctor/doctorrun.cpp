#include "doctor/doctorrun.h"

#include "doctor/listingchecks.h"
#include "doctor/modernchecks.h"
#include "jsonrpc/message.h"
#include "protocol/methods.h"
#include "session/serverconnection.h"

namespace Mcp::Doctor {

namespace {

bool isClientSide(int code)
{
    return code == SessionErrorCode::Timeout || code == SessionErrorCode::Cancelled
        || code == SessionErrorCode::ConnectionClosed || code == SessionErrorCode::TransportFailure;
}

} // namespace

DoctorRun::DoctorRun(ServerConnection *connection, const Options &options, QObject *parent)
    : QObject(parent), m_connection(connection), m_options(options), m_modernChecks(new ModernChecks(this))
{
}

QString DoctorRun::unknownMethod()
{
    return QStringLiteral("mcpscope/doctor/no-such-method");
}

QString DoctorRun::unknownName()
{
    return QStringLiteral("mcpscope-doctor-no-such-name");
}

QString DoctorRun::unknownUri()
{
    return QStringLiteral("mcpscope-doctor://no-such-resource");
}

void DoctorRun::start(bool modern, const QString &protocolVersion)
{
    m_modern = modern;
    m_protocolVersion = protocolVersion;
    if (m_options.http) {
        m_options.http->modern = modern;
        m_options.http->protocolVersion = protocolVersion;
    }
    listEverything();
}

void DoctorRun::observe(const TrafficEvent &event)
{
    m_modernChecks->observe(event);
    // Kept as evidence: the run's own requests, and small answers (the ones to them are empty
    // results or errors).
    constexpr qsizetype SmallAnswerBytes = 4096;
    constexpr qsizetype KeptAnswers = 256;
    const bool message = event.kind == TrafficEvent::Kind::Message;
    const bool incoming = event.direction == TrafficEvent::Direction::Incoming;
    if (message && event.direction == TrafficEvent::Direction::Outgoing
        && (event.raw.contains("no-such-") || event.raw.contains("\"ping\""))) {
        m_requests.append(event);
    } else if (message && incoming) {
        m_listChanged = m_listChanged || event.raw.contains("/list_changed");
        if (event.raw.size() <= SmallAnswerBytes) {
            m_replies.append(event);
            if (m_replies.size() > KeptAnswers)
                m_replies.removeFirst();
        }
    }
    if (event.kind == TrafficEvent::Kind::InvalidMessage && event.direction == TrafficEvent::Direction::Incoming) {
        if (m_invalidMessages++ == 0)
            m_firstInvalid = event;
    } else if (event.kind == TrafficEvent::Kind::StderrLine) {
        ++m_stderrLines;
        m_stderrBytes += event.raw.size();
    }
}

void DoctorRun::listEverything()
{
    if (!m_connection)
        return finish();
    ServerConnection::ListOptions options = ServerConnection::ListOptions::fromServer();
    options.pageTimeoutMs = m_options.timeoutMs;
    m_listing.start();
    m_connection->listSnapshot(this, options, [this](const QJsonObject &snapshot, const QString &error) {
        const qint64 elapsedMs = m_listing.elapsed();
        m_snapshot = snapshot;
        if (!error.isEmpty()) {
            m_findings.append(Finding::make(QStringLiteral("lifecycle.list-failed"), Severity::Error,
                                            QStringLiteral("the lists the capabilities announce"),
                                            QStringLiteral("every list the server's capabilities announce answers"), error,
                                            QStringLiteral("2025-11-25 server/tools, server/prompts, server/resources: a "
                                                           "server that declares the capability MUST answer its list request"),
                                            QStringLiteral("answer the list, or do not declare the capability")));
        }
        m_findings += checkListings(snapshot);
        m_findings.append(Finding::make(QStringLiteral("performance.list-time"), Severity::Info, QStringLiteral("all lists"),
                                        {}, QStringLiteral("listed everything in %1 ms").arg(elapsedMs),
                                        QStringLiteral("hosts list a server's offer when they connect and after every list_changed")));
        listAgain();
    });
}

void DoctorRun::listAgain()
{
    if (!m_connection)
        return finish();
    ServerConnection::ListOptions options = ServerConnection::ListOptions::fromServer();
    options.pageTimeoutMs = m_options.timeoutMs;
    m_connection->listSnapshot(this, options, [this](const QJsonObject &again, const QString &error) {
        const QStringList changed = changedDefinitions(m_snapshot, again);
        if (error.isEmpty() && !changed.isEmpty() && !m_listChanged) {
            m_findings.append(Finding::make(
                QStringLiteral("security.definitions-changed"), Severity::Warning, changed.constFirst(),
                QStringLiteral("the same definitions when listed again, or a list_changed notification first"),
                QStringLiteral("changed between two listings: %1").arg(changed.join(QStringLiteral(", "))),
                QStringLiteral("hosts show a user the definitions they approve and cache them; a definition that "
                               "changes unannounced is what the user did not approve (a \"rug pull\"), and "
                               "2025-11-25 server/tools says a server that changes its list SHOULD notify"),
                QStringLiteral("keep definitions stable; when they change, send notifications/tools/list_changed "
                               "(prompts/, resources/) and declare listChanged")));
        }
        if (m_modern && m_connection)
            return m_modernChecks->examine(m_connection, m_snapshot, again, m_protocolVersion, m_options.timeoutMs,
                                            [this] { askUnknownMethod(); });
        askUnknownMethod();
    });
}

void DoctorRun::ask(const Request &request, std::function<void(const OutgoingRequest *)> answered)
{
    if (!m_connection)
        return finish();
    RequestOptions options;
    options.timeoutMs = m_options.timeoutMs;
    OutgoingRequest *sent = m_connection->send(request, options);
    connect(sent, &OutgoingRequest::finished, this, [sent, answered = std::move(answered)] { answered(sent); });
}

void DoctorRun::askUnknownMethod()
{
    ask(Request{unknownMethod(), {}}, [this](const OutgoingRequest *request) {
        const Response response = request->response();
        const auto report = [this](Severity severity, const QString &seen) {
            m_findings.append(Finding::make(QStringLiteral("lifecycle.unknown-method"), severity,
                                            QStringLiteral("a method the server does not know"),
                                            QStringLiteral("an error with code -32601 (Method not found)"), seen,
                                            QStringLiteral("JSON-RPC 2.0, 5.1: -32601 when the method does not exist; "
                                                           "hosts send methods of newer revisions and rely on it"),
                                            QStringLiteral("answer every unknown method with -32601")));
        };
        if (!response.error) {
            report(Severity::Error, QStringLiteral("a result"));
        } else if (response.error->code == SessionErrorCode::Timeout) {
            report(Severity::Error, QStringLiteral("no answer within %1 ms").arg(m_options.timeoutMs));
        } else if (isClientSide(response.error->code)) {
            report(Severity::Warning, response.error->message);
        } else if (response.error->code != ErrorCode::MethodNotFound) {
            report(Severity::Error, QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message));
        }
        // One request a list the server offers (its key in the snapshot).
        const QList<UnknownName> asks{
            {QStringLiteral("tools"), QStringLiteral("tools.call.unknown-name"), Requests::callTool(unknownName(), {})},
            {QStringLiteral("prompts"), QStringLiteral("prompts.get.unknown-name"), Requests::getPrompt(unknownName())},
            {QStringLiteral("resources"), QStringLiteral("resources.read.unknown-uri"), Requests::readResource(unknownUri())}};
        QList<UnknownName> offered;
        for (const UnknownName &ask : asks) {
            if (m_snapshot.contains(ask.list))
                offered << ask;
        }
        askUnknownNames(offered);
    });
}

void DoctorRun::askUnknownNames(QList<UnknownName> asks)
{
    if (asks.isEmpty()) {
        if (m_modern)
            probeHttp();
        else
            ping();
        return;
    }
    const UnknownName asked = asks.takeFirst();
    // 2026-07-28 moved "resource not found" from -32002 to Invalid params; a legacy server may
    // answer either (the SDKs long used -32602).
    const bool resources = asked.request.method == Method::ResourcesRead;
    const int expectedCode = resources && !m_modern ? int(ErrorCode::ResourceNotFound) : int(ErrorCode::InvalidParams);
    const int alsoAccepted = resources ? int(ErrorCode::InvalidParams) : expectedCode;
    const QString subject = QStringLiteral("%1 of a %2 it does not have")
                                .arg(asked.request.method, resources ? QStringLiteral("URI") : QStringLiteral("name"));
    const QString id = asked.id;
    ask(asked.request, [this, asks, expectedCode, alsoAccepted, subject, id](const OutgoingRequest *sent) {
        const Response response = sent->response();
        const auto report = [&](Severity severity, const QString &seen) {
            m_findings.append(Finding::make(
                id, severity, subject, QStringLiteral("an error with code %1").arg(expectedCode), seen,
                expectedCode == int(ErrorCode::ResourceNotFound)
                    ? QStringLiteral("2025-11-25 server/resources, Error Handling: a resource that is not found is "
                                     "answered with -32002")
                    : QStringLiteral("server/tools, server/prompts and (2026-07-28) server/resources, Error Handling: "
                                     "an unknown name is a protocol error, -32602 (Invalid params); a host that calls "
                                     "what was just removed must not see a result"),
                QStringLiteral("answer a name you do not have with the error code %1").arg(expectedCode)));
        };
        if (!response.error) {
            // The TypeScript SDK (v1) answers an unknown tool with an isError result on purpose:
            // hosts show it to the model, so it is worth knowing, not a fault.
            const bool isError = response.result.toObject().value(QLatin1String("isError")).toBool();
            report(isError ? Severity::Info : Severity::Error,
                   isError ? QStringLiteral("a tool result with isError: true (hosts show it to the model as the "
                                            "tool's answer)")
                           : QStringLiteral("a result"));
        } else if (response.error->code == SessionErrorCode::Timeout) {
            report(Severity::Error, QStringLiteral("no answer within %1 ms").arg(m_options.timeoutMs));
        } else if (!isClientSide(response.error->code) && response.error->code != expectedCode
                   && response.error->code != alsoAccepted) {
            report(Severity::Warning, QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message));
        }
        askUnknownNames(asks);
    });
}

void DoctorRun::ping()
{
    ask(Requests::ping(), [this](const OutgoingRequest *request) {
        if (request->isError()) {
            m_findings.append(Finding::make(QStringLiteral("lifecycle.ping"), Severity::Error, QStringLiteral("ping"),
                                            QStringLiteral("an empty result"), request->error().message,
                                            QStringLiteral("2025-11-25 basic/utilities/ping: the receiver MUST respond "
                                                           "promptly with an empty response"),
                                            QStringLiteral("answer ping with {}")));
        }
        probeHttp();
    });
}

void DoctorRun::probeHttp()
{
    if (!m_options.http)
        return finish();
    auto *probes = new HttpProbes(*m_options.http, this);
    connect(probes, &HttpProbes::trafficEvent, this, &DoctorRun::probeTraffic);
    connect(probes, &HttpProbes::finished, this, [this, probes] {
        m_findings += probes->findings();
        probes->deleteLater();
        finish();
    });
    probes->start();
}

QList<TrafficEvent> DoctorRun::exchangeOf(const QString &method) const
{
    for (auto request = m_requests.crbegin(); request != m_requests.crend(); ++request) {
        const MessageSummary sent = summarizeFrame(request->raw);
        if (!sent.valid || sent.method != method)
            continue;
        QList<TrafficEvent> exchange{*request};
        for (const TrafficEvent &reply : m_replies) {
            const MessageSummary answer = summarizeFrame(reply.raw);
            if (answer.valid && answer.id == sent.id && answer.kind != Message::Kind::Request
                && answer.kind != Message::Kind::Notification) {
                exchange.append(reply);
                break;
            }
        }
        return exchange;
    }
    return {};
}

void DoctorRun::finish()
{
    // The findings about an answer, and the method whose exchange shows it.
    const QList<QPair<QString, QString>> answered{{QStringLiteral("lifecycle.unknown-method"), unknownMethod()},
                                                  {QStringLiteral("lifecycle.ping"), Method::Ping},
                                                  {QStringLiteral("tools.call.unknown-name"), Method::ToolsCall},
                                                  {QStringLiteral("prompts.get.unknown-name"), Method::PromptsGet},
                                                  {QStringLiteral("resources.read.unknown-uri"), Method::ResourcesRead}};
    for (Finding &finding : m_findings) {
        for (const auto &[id, method] : answered) {
            if (finding.id == id)
                finding.evidence = exchangeOf(method);
        }
    }
    if (m_modern)
        m_findings += m_modernChecks->findings();
    if (m_invalidMessages > 0) {
        m_findings.append(Finding::make(
            QStringLiteral("transport.invalid-message"), Severity::Error, QStringLiteral("what the server sent"),
            QStringLiteral("only JSON-RPC messages"),
            QStringLiteral("%1 time(s) something else, first: %2 (%3)")
                .arg(m_invalidMessages)
                .arg(QString::fromUtf8(m_firstInvalid.raw.left(80)), m_firstInvalid.note),
            QStringLiteral("2025-11-25 basic/transports, stdio: the server MUST NOT write anything to its stdout "
                           "that is not a valid MCP message; hosts drop the connection or the message"),
            QStringLiteral("log to stderr, never to stdout (print, console.log)")));
        m_findings.last().evidence = {m_firstInvalid};
    }
    if (m_stderrLines > 0) {
        m_findings.append(Finding::make(QStringLiteral("transport.stderr"), Severity::Info, QStringLiteral("stderr"), {},
                                        QStringLiteral("%1 line(s), %2 bytes").arg(m_stderrLines).arg(m_stderrBytes),
                                        QStringLiteral("2025-11-25 basic/transports, stdio: stderr MAY carry logging; "
                                                       "hosts keep or show it")));
    }
    Q_EMIT finished();
}

} // namespace Mcp::Doctor
