#include "doctor/doctorrun.h"

#include "doctor/listingchecks.h"
#include "jsonrpc/message.h"
#include "protocol/methods.h"
#include "session/serverconnection.h"

namespace Mcp::Doctor {

namespace {

Finding lifecycleFinding(const QString &id, Severity severity, const QString &subject)
{
    Finding found;
    found.id = id;
    found.severity = severity;
    found.category = QStringLiteral("lifecycle");
    found.subject = subject;
    return found;
}

bool isClientSide(int code)
{
    return code == SessionErrorCode::Timeout || code == SessionErrorCode::Cancelled
        || code == SessionErrorCode::ConnectionClosed || code == SessionErrorCode::TransportFailure;
}

} // namespace

DoctorRun::DoctorRun(ServerConnection *connection, const Options &options, QObject *parent)
    : QObject(parent), m_connection(connection), m_options(options)
{
}

QString DoctorRun::unknownMethod()
{
    return QStringLiteral("mcpscope/doctor/no-such-method");
}

void DoctorRun::start()
{
    listEverything();
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
            Finding found = lifecycleFinding(QStringLiteral("lifecycle.list-failed"), Severity::Error,
                                             QStringLiteral("the lists the capabilities announce"));
            found.expected = QStringLiteral("every list the server's capabilities announce answers");
            found.seen = error;
            found.rule = QStringLiteral("2025-11-25 server/tools, server/prompts, server/resources: a server that "
                                        "declares the capability MUST answer its list request");
            found.fix = QStringLiteral("answer the list, or do not declare the capability");
            m_findings.append(found);
        }
        m_findings += checkListings(snapshot);
        Finding timing;
        timing.id = QStringLiteral("performance.list-time");
        timing.category = QStringLiteral("performance");
        timing.subject = QStringLiteral("all lists");
        timing.seen = QStringLiteral("listed everything in %1 ms").arg(elapsedMs);
        timing.rule = QStringLiteral("hosts list a server's offer when they connect and after every list_changed");
        m_findings.append(timing);
        askUnknownMethod();
    });
}

void DoctorRun::askUnknownMethod()
{
    if (!m_connection)
        return finish();
    RequestOptions options;
    options.timeoutMs = m_options.timeoutMs;
    OutgoingRequest *request = m_connection->sendRequest(unknownMethod(), {}, options);
    connect(request, &OutgoingRequest::finished, this, [this, request] {
        const Response response = request->response();
        const QString subject = QStringLiteral("a method the server does not know");
        const auto report = [&](Severity severity, const QString &seen) {
            Finding found = lifecycleFinding(QStringLiteral("lifecycle.unknown-method"), severity, subject);
            found.expected = QStringLiteral("an error with code -32601 (Method not found)");
            found.seen = seen;
            found.rule = QStringLiteral("JSON-RPC 2.0, 5.1: -32601 when the method does not exist; hosts send "
                                        "methods of newer revisions and rely on it");
            found.fix = QStringLiteral("answer every unknown method with -32601");
            m_findings.append(found);
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
        if (m_options.modern)
            finish();
        else
            ping();
    });
}

void DoctorRun::ping()
{
    if (!m_connection)
        return finish();
    RequestOptions options;
    options.timeoutMs = m_options.timeoutMs;
    OutgoingRequest *request = m_connection->send(Requests::ping(), options);
    connect(request, &OutgoingRequest::finished, this, [this, request] {
        if (request->isError()) {
            Finding found = lifecycleFinding(QStringLiteral("lifecycle.ping"), Severity::Error, QStringLiteral("ping"));
            found.expected = QStringLiteral("an empty result");
            found.seen = request->error().message;
            found.rule = QStringLiteral("2025-11-25 basic/utilities/ping: the receiver MUST respond promptly with an "
                                        "empty response");
            found.fix = QStringLiteral("answer ping with {}");
            m_findings.append(found);
        }
        finish();
    });
}

void DoctorRun::finish()
{
    Q_EMIT finished();
}

} // namespace Mcp::Doctor
