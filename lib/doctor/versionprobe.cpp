#include "doctor/versionprobe.h"

#include "jsonrpc/message.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "transport/transport.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTimer>

namespace Mcp::Doctor {

namespace {

const QString Rule = QStringLiteral(
    "2025-11-25 basic/lifecycle, Version Negotiation: if the server does not support the requested "
    "version, it MUST respond with another protocol version it supports; hosts newer than the server "
    "ask for versions it has never heard of, and connect at the one it answers");

} // namespace

VersionProbe::VersionProbe(TransportFactory factory, int timeoutMs, QObject *parent)
    : QObject(parent), m_factory(std::move(factory)), m_timeoutMs(timeoutMs)
{
}

VersionProbe::~VersionProbe()
{
    if (m_transport)
        m_transport->close(); // ends the process or the session; the transport deletes itself
}

QString VersionProbe::futureVersion()
{
    return QStringLiteral("2099-01-01");
}

void VersionProbe::start()
{
    m_transport = m_factory ? m_factory() : nullptr;
    if (!m_transport)
        return fail(QStringLiteral("no second connection could be made"));
    connect(m_transport, &Transport::closed, m_transport, &QObject::deleteLater);
    connect(m_transport, &Transport::trafficEvent, this, [this](const TrafficEvent &event) {
        if (event.kind == TrafficEvent::Kind::Message && m_exchange.size() < 2)
            m_exchange.append(event);
        Q_EMIT trafficEvent(event);
    });
    connect(m_transport, &Transport::opened, this, [this] {
        const QJsonObject params{{Key::ProtocolVersion, futureVersion()},
                                 {QStringLiteral("capabilities"), QJsonObject{}},
                                 {QStringLiteral("clientInfo"),
                                  QJsonObject{{Key::Name, QStringLiteral("mcpscope-doctor")},
                                              {QStringLiteral("version"), QCoreApplication::applicationVersion()}}}};
        m_transport->send(Message::request(MessageId(1), Method::Initialize, params));
    });
    connect(m_transport, &Transport::messageReceived, this, [this](const Message &message) {
        if (message.isReply() && message.id() == MessageId(1))
            answered(message);
    });
    // A server behind authorization: the probe has no token of its own, so it cannot ask.
    const auto failed = [this](const TransportError &error) {
        if (error.httpStatus == 401 || error.httpStatus == 403)
            return notRun(error.message);
        fail(error.message);
    };
    connect(m_transport, &Transport::errorOccurred, this, failed);
    connect(m_transport, &Transport::requestFailed, this, [failed](const MessageId &, const TransportError &error) { failed(error); });
    connect(m_transport, &Transport::authorizationPendingChanged, this, [this](bool pending) {
        if (pending)
            notRun(QStringLiteral("the server asks for authorization"));
    });
    connect(m_transport, &Transport::closed, this, [this](const QString &reason) { fail(reason); });
    QTimer::singleShot(m_timeoutMs, this, [this] { fail(QStringLiteral("no answer within %1 ms").arg(m_timeoutMs)); });
    m_transport->open();
}

void VersionProbe::answered(const Message &reply)
{
    if (m_done)
        return;
    const auto report = [this](const QString &id, Severity severity, const QString &expected, const QString &seen,
                               const QString &rule, const QString &fix) {
        m_findings.append(Finding::make(id, severity, QStringLiteral("initialize at %1").arg(futureVersion()), expected,
                                        seen, rule, fix));
    };
    if (reply.isErrorResponse()) {
        // The specification's own example answers with an error; a host then has nothing to retry.
        report(QStringLiteral("lifecycle.version-negotiation"), Severity::Warning,
               QStringLiteral("a result with a protocolVersion the server supports"),
               QStringLiteral("error %1: %2").arg(reply.error().code).arg(reply.error().message), Rule,
               QStringLiteral("answer initialize with your latest version whatever is asked"));
        return finish();
    }
    static const QRegularExpression dated(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    const QJsonObject result = reply.result().toObject();
    const QString version = result.value(Key::ProtocolVersion).toString();
    if (version == futureVersion()) {
        report(QStringLiteral("lifecycle.version-negotiation"), Severity::Error,
               QStringLiteral("a protocolVersion the server supports"),
               QStringLiteral("%1, the version asked for, which no server supports").arg(version), Rule,
               QStringLiteral("answer with a version you support when the one asked for is not among them"));
    } else if (!dated.match(version).hasMatch()) {
        report(QStringLiteral("lifecycle.version-negotiation"), Severity::Error,
               QStringLiteral("a protocolVersion such as 2025-11-25"),
               version.isEmpty() ? QStringLiteral("no protocolVersion") : QStringLiteral("\"%1\"").arg(version), Rule,
               QStringLiteral("answer with the version you support, as a date"));
    }
    QStringList missing;
    if (!result.value(QLatin1String("capabilities")).isObject())
        missing << QStringLiteral("capabilities");
    const QJsonObject info = result.value(QLatin1String("serverInfo")).toObject();
    if (info.value(Key::Name).toString().isEmpty())
        missing << QStringLiteral("serverInfo.name");
    if (!info.value(QLatin1String("version")).isString())
        missing << QStringLiteral("serverInfo.version");
    if (!missing.isEmpty()) {
        report(QStringLiteral("lifecycle.initialize.shape"), Severity::Error,
               QStringLiteral("an InitializeResult: protocolVersion, capabilities, serverInfo {name, version}"),
               QStringLiteral("missing: %1").arg(missing.join(QStringLiteral(", "))),
               QStringLiteral("2025-11-25 schema.ts, InitializeResult (each required); hosts that validate results "
                              "refuse the connection"),
               QStringLiteral("answer initialize with every required member"));
    }
    finish();
}

void VersionProbe::fail(const QString &why)
{
    if (m_done)
        return;
    m_findings.append(Finding::make(QStringLiteral("lifecycle.version-negotiation"), Severity::Warning,
                                    QStringLiteral("initialize at %1").arg(futureVersion()),
                                    QStringLiteral("a result with a protocolVersion the server supports"),
                                    QStringLiteral("no answer: %1").arg(why), Rule,
                                    QStringLiteral("answer initialize with your latest version whatever is asked")));
    finish();
}

void VersionProbe::notRun(const QString &why)
{
    if (m_done)
        return;
    m_findings.append(Finding::make(QStringLiteral("lifecycle.version-negotiation"), Severity::Info,
                                    QStringLiteral("initialize at %1").arg(futureVersion()), {},
                                    QStringLiteral("not checked: the second connection was refused (%1)").arg(why), Rule));
    finish();
}

void VersionProbe::finish()
{
    if (m_done)
        return;
    m_done = true;
    for (Finding &finding : m_findings)
        finding.evidence = m_exchange;
    if (m_transport) {
        disconnect(m_transport, nullptr, this, nullptr);
        m_transport->close();
        m_transport = nullptr;
    }
    QTimer::singleShot(0, this, &VersionProbe::finished);
}

} // namespace Mcp::Doctor
