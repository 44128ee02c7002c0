// `mcpscope doctor`: each flaw of flawed_server.py gives its finding with its id and severity; a
// server that breaks nothing (flawed_server.py without flaws, the demo server in both eras) gets
// no error and no warning, since a false alarm is a defect too.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include "httppeer.h"
#include "processes.h"
#include "reportvalidation.h"

namespace {

const QString FlawedServer = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_server.py");
const QString FlawedModernServer = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_modern_server.py");
const QString Node = QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node");
const QString Sdk2Server = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/peers/sdk2-server.mjs");

// Flaws of flawed_server.py over stdio, many at once (runs that find nearly everything, with
// --sample-calls): those of the listings, then those of calls and pages that would hide them.
const QStringList StdioFlaws{
    QStringLiteral("tool-name-space"), QStringLiteral("tool-name-long"), QStringLiteral("duplicate-tool"),
    QStringLiteral("no-description"), QStringLiteral("input-schema-array"), QStringLiteral("output-schema-string"),
    QStringLiteral("unresolved-ref"), QStringLiteral("remote-ref"), QStringLiteral("zero-width"),
    QStringLiteral("ignore-instructions"), QStringLiteral("prompt-argument-without-name"), QStringLiteral("duplicate-prompt"),
    QStringLiteral("resource-uri-without-scheme"), QStringLiteral("duplicate-resource"), QStringLiteral("template-unbalanced"),
    QStringLiteral("huge-tool-list"), QStringLiteral("unknown-method-wrong-code"), QStringLiteral("ping-error"),
    QStringLiteral("unknown-tool-result"), QStringLiteral("unknown-prompt-wrong-code"),
    QStringLiteral("unknown-resource-wrong-code"), QStringLiteral("changing-tools"), QStringLiteral("stdout-noise"),
    QStringLiteral("ignore-eof"), QStringLiteral("structured-invalid"), QStringLiteral("stray-progress"),
    QStringLiteral("repeated-item")};
const QStringList StdioCallFlaws{QStringLiteral("structured-not-text"), QStringLiteral("small-pages"),
                                 QStringLiteral("cursor-ignored"), QStringLiteral("invalid-params-result"),
                                 QStringLiteral("undeclared-list")};
// And over HTTP, with some of the listing's.
const QStringList HttpFlaws{QStringLiteral("any-origin"), QStringLiteral("any-host"), QStringLiteral("any-version"),
                            QStringLiteral("any-session"), QStringLiteral("delete-fails"), QStringLiteral("get-404"),
                            QStringLiteral("duplicate-tool"), QStringLiteral("zero-width"), QStringLiteral("ping-error")};

// id -> severity of every finding in a --format json report
QMap<QString, QString> findingsOf(const QJsonObject &report)
{
    QMap<QString, QString> found;
    for (const QJsonValue &finding : report.value(QLatin1String("findings")).toArray())
        found.insert(finding[QLatin1String("id")].toString(), finding[QLatin1String("severity")].toString());
    return found;
}

// What a finding says it saw ("" when there is none with that id).
QString seenOf(const QJsonObject &report, const QString &id)
{
    for (const QJsonValue &finding : report.value(QLatin1String("findings")).toArray()) {
        if (finding[QLatin1String("id")].toString() == id)
            return finding[QLatin1String("seen")].toString();
    }
    return {};
}

// What a server that does everything the 2026-07-28 revision asks has passed, by the modern
// checks' note (and, over HTTP, the probes'): the first check it did not pass, or nothing.
QString modernChecksNotPassed(const QJsonObject &report, bool http)
{
    QList<QPair<QString, QStringList>> expected{
        {QStringLiteral("modern.checked"),
         {QStringLiteral("result(s) with resultType, serverInfo and well-formed cache hints"),
          QStringLiteral("the same order when listed again"), QStringLiteral("server/discover"),
          QStringLiteral("subscriptions/listen acknowledged")}}};
    if (http) {
        expected.append({QStringLiteral("http.checked"),
                         {QStringLiteral("Mcp-Method unlike the body (400, -32020)"), QStringLiteral("Mcp-Method missing (400, -32020)"),
                          QStringLiteral("Mcp-Name unlike the body (400, -32020)"),
                          QStringLiteral("unsupported protocol version (400, -32022)"), QStringLiteral("no _meta (400, -32602)"),
                          QStringLiteral("unknown method (404, -32601)"), QStringLiteral("removed method ping (404, -32601)")}});
    }
    for (const auto &[id, checks] : std::as_const(expected)) {
        const QString seen = seenOf(report, id);
        for (const QString &check : checks) {
            if (!seen.contains(check))
                return QStringLiteral("%1: \"%2\" lacks %3").arg(id, seen, check);
        }
    }
    return {};
}


QStringList alarms(const QJsonObject &report)
{
    QStringList found;
    for (const QJsonValue &finding : report.value(QLatin1String("findings")).toArray()) {
        if (finding[QLatin1String("severity")].toString() != QLatin1String("info"))
            found << finding[QLatin1String("id")].toString() + QLatin1String(": ") + finding[QLatin1String("seen")].toString();
    }
    return found;
}

} // namespace

class tst_Doctor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanServerHasNoAlarms();
    void demoServerHasNoAlarms_data();
    void demoServerHasNoAlarms();
    void eachFlawIsFound_data();
    void eachFlawIsFound();
    void messageEvidence();
    void httpCleanServerPassesEveryCheck();
    void eachHttpFlawIsFound_data();
    void eachHttpFlawIsFound();
    void alikeCallFindingsMerge();
    void plainHttpBeyondLoopback();
    void ownConnectionsRefusedAreNotes();
    void failOnAndFilters();
    void textReport();
    void markdownReport();
    void junitReport();
    void usageAndUnreachable();
    void listChecks();
    void sourceIdsAreCatalogued();
    void reportsMatchTheirSchemas_data();
    void reportsMatchTheirSchemas();
    void validatorsRejectBrokenReports();
    void sarifReport();
    void junitHasACasePerCheck();
    void modernCleanServerHasNoAlarms_data();
    void modernCleanServerHasNoAlarms();
    void eachModernFlawIsFound_data();
    void eachModernFlawIsFound();
    void modernReferenceServers_data();
    void modernReferenceServers();
    void modernListsAskTheServer();

private:
    // The ids of a report's findings that have no row in the catalog (--list-checks).
    QStringList uncatalogued(const QJsonObject &report) const;
    // The catalog's ids of the checks that apply over this transport in this era.
    QStringList applicable(bool http, bool modern) const;

    using Run = Mcp::Test::ProcessRun;
    Run doctor(const QStringList &arguments);
    Run flawed(const QStringList &flaws, const QStringList &options = {QStringLiteral("--format"), QStringLiteral("json"),
                                                                      QStringLiteral("--sample-calls")});
    // flawed_server.py --http with these flaws, examined over HTTP (the JSON report).
    Run flawedHttp(const QStringList &flaws, const QStringList &options = {});

    QMap<QString, QJsonObject> m_catalog; // id -> check, as --list-checks --format json prints it
    // flawed_modern_server.py with these flaws (over HTTP when http), examined in the modern era
    // (the JSON report); what it was sent goes to log when given.
    Run flawedModern(const QStringList &flaws, bool http, const QString &log = {}, const QStringList &extra = {});
};

void tst_Doctor::initTestCase()
{
    const Run run = doctor({QStringLiteral("--list-checks"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(run.exitCode, 0);
    for (const QJsonValue &check : run.json().value(QLatin1String("checks")).toArray())
        m_catalog.insert(check[QLatin1String("id")].toString(), check.toObject());
    QVERIFY2(m_catalog.size() > 30, run.out.constData());
}

QStringList tst_Doctor::uncatalogued(const QJsonObject &report) const
{
    QStringList missing;
    for (const QJsonValue &finding : report.value(QLatin1String("findings")).toArray()) {
        const QString id = finding[QLatin1String("id")].toString();
        if (!m_catalog.contains(id) && !missing.contains(id))
            missing << id;
    }
    return missing;
}

QStringList tst_Doctor::applicable(bool http, bool modern) const
{
    QStringList ids;
    for (const QJsonObject &check : m_catalog) {
        const QString transport = check[QLatin1String("transport")].toString();
        const QString era = check[QLatin1String("era")].toString();
        if ((transport == QLatin1String("any") || (transport == QLatin1String("http")) == http)
            && (era == QLatin1String("any") || (era == QLatin1String("modern")) == modern))
            ids << check[QLatin1String("id")].toString();
    }
    return ids;
}

tst_Doctor::Run tst_Doctor::doctor(const QStringList &arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // a subcommand needs no display
    return Mcp::Test::runToEnd(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("doctor")} + arguments, 60000, env);
}

tst_Doctor::Run tst_Doctor::flawed(const QStringList &flaws, const QStringList &options)
{
    QStringList arguments = options;
    arguments << QStringLiteral("--") << QStringLiteral("python3") << FlawedServer;
    for (const QString &flaw : flaws)
        arguments << QStringLiteral("--flaw") << flaw;
    return doctor(arguments);
}

tst_Doctor::Run tst_Doctor::flawedHttp(const QStringList &flaws, const QStringList &options)
{
    QStringList arguments{QStringLiteral("-u"), FlawedServer, QStringLiteral("--http")};
    for (const QString &flaw : flaws)
        arguments << QStringLiteral("--flaw") << flaw;
    const Mcp::Test::ScopedHttpPeer peer(QStringLiteral("python3"), arguments);
    if (peer.url.isEmpty())
        return {};
    return doctor(QStringList{QStringLiteral("--format"), QStringLiteral("json")} + options + QStringList{peer.url});
}

tst_Doctor::Run tst_Doctor::flawedModern(const QStringList &flaws, bool http, const QString &log, const QStringList &extra)
{
    QStringList arguments = QStringList{QStringLiteral("-u"), FlawedModernServer} + extra;
    for (const QString &flaw : flaws)
        arguments << QStringLiteral("--flaw") << flaw;
    if (!log.isEmpty())
        arguments << QStringLiteral("--log") << log;
    const QStringList options{QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--protocol"),
                              QStringLiteral("modern")};
    if (!http)
        return doctor(options + QStringList{QStringLiteral("--"), QStringLiteral("python3")} + arguments);
    const Mcp::Test::ScopedHttpPeer peer(QStringLiteral("python3"), arguments + QStringList{QStringLiteral("--http")});
    if (peer.url.isEmpty())
        return {};
    return doctor(options + QStringList{peer.url});
}

void tst_Doctor::cleanServerHasNoAlarms()
{
    const Run run = flawed({});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject report = run.json();
    QCOMPARE(alarms(report), QStringList());
    QCOMPARE(report[QLatin1String("server")][QLatin1String("name")].toString(), QStringLiteral("flawed-server"));
    QCOMPARE(report[QLatin1String("server")][QLatin1String("era")].toString(), QStringLiteral("legacy"));
    // What every report tells: the size of the tool list, how long listing and connecting took.
    const QMap<QString, QString> found = findingsOf(report);
    QCOMPARE(found.value(QStringLiteral("performance.tool-list-size")), QStringLiteral("info"));
    QCOMPARE(found.value(QStringLiteral("performance.connect-time")), QStringLiteral("info"));
    QCOMPARE(report[QLatin1String("summary")][QLatin1String("errors")].toInt(-1), 0);
    QCOMPARE(report[QLatin1String("summary")][QLatin1String("warnings")].toInt(-1), 0);
}

void tst_Doctor::demoServerHasNoAlarms_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<QString>("era");
    QTest::addColumn<bool>("http");
    QTest::addColumn<bool>("calls"); // --sample-calls: its read-only tools called, long_task cancelled
    QTest::newRow("modern, stdio") << QStringLiteral("modern") << QStringLiteral("modern") << false << true;
    QTest::newRow("legacy, stdio") << QStringLiteral("legacy") << QStringLiteral("legacy") << false << false;
    QTest::newRow("modern, http") << QStringLiteral("modern") << QStringLiteral("modern") << true << false;
    QTest::newRow("legacy, http") << QStringLiteral("legacy") << QStringLiteral("legacy") << true << true;
}

void tst_Doctor::demoServerHasNoAlarms()
{
    QFETCH(QString, protocol);
    QFETCH(QString, era);
    QFETCH(bool, http);
    QFETCH(bool, calls);
    std::unique_ptr<Mcp::Test::ScopedHttpPeer> peer;
    QString server = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    if (http) {
        peer = std::make_unique<Mcp::Test::ScopedHttpPeer>(server, QStringList{QStringLiteral("--http"), QStringLiteral("--port"),
                                                                                QStringLiteral("0")});
        QVERIFY(!peer->url.isEmpty());
        server = peer->url;
    }
    QStringList options{QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--protocol"), protocol};
    if (calls)
        options << QStringLiteral("--sample-calls");
    const Run run = doctor(options << server);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject report = run.json();
    QCOMPARE(report[QLatin1String("server")][QLatin1String("era")].toString(), era);
    QCOMPARE(alarms(report), QStringList());
    QVERIFY2(uncatalogued(report).isEmpty(), qPrintable(QStringLiteral("not in the catalog: ") + uncatalogued(report).join(u' ')));
    if (calls) {
        const QString called = seenOf(report, QStringLiteral("tools.calls"));
        QVERIFY2(called.startsWith(QLatin1String("9 read-only tool(s) called")), qPrintable(called));
    }
    QVERIFY(findingsOf(report).contains(QStringLiteral("performance.tool-list-size")));
    // Over HTTP the HTTP checks ran, and the demo server passed each (a foreign Origin and Host
    // are refused in both eras).
    if (http) {
        const QString checked = seenOf(report, QStringLiteral("http.checked"));
        QVERIFY2(checked.contains(QLatin1String("foreign Origin (403)")) && checked.contains(QLatin1String("foreign Host")),
                 qPrintable(checked));
    }
}

// A finding about an answer shows the request and the answer as the traffic had them.
void tst_Doctor::messageEvidence()
{
    const Run run = flawed({QStringLiteral("unknown-method-wrong-code"), QStringLiteral("ping-error"),
                            QStringLiteral("stdout-noise")});
    QMap<QString, QStringList> evidence;
    for (const QJsonValue &finding : run.json().value(QLatin1String("findings")).toArray()) {
        for (const QJsonValue &line : finding[QLatin1String("evidence")].toArray())
            evidence[finding[QLatin1String("id")].toString()] << line.toString();
    }
    const QStringList unknown = evidence.value(QStringLiteral("lifecycle.unknown-method"));
    QCOMPARE(unknown.size(), 2);
    QVERIFY2(unknown.at(0).startsWith(QStringLiteral("→ {")) && unknown.at(0).contains(QLatin1String("mcpscope/doctor/no-such-method")),
             qPrintable(unknown.at(0)));
    QVERIFY2(unknown.at(1).startsWith(QStringLiteral("← {")) && unknown.at(1).contains(QLatin1String("-32603")), qPrintable(unknown.at(1)));
    const QStringList ping = evidence.value(QStringLiteral("lifecycle.ping"));
    QCOMPARE(ping.size(), 2);
    QVERIFY2(ping.at(1).contains(QLatin1String("ping is not supported")), qPrintable(ping.at(1)));
    const QStringList noise = evidence.value(QStringLiteral("transport.invalid-message"));
    QCOMPARE(noise.size(), 1);
    QVERIFY2(noise.at(0).startsWith(QStringLiteral("← not valid JSON")) && noise.at(0).endsWith(QLatin1String("listing tools...")),
             qPrintable(noise.at(0)));
}

void tst_Doctor::httpCleanServerPassesEveryCheck()
{
    // The connection's own headers go with the probes (a key opens the door) but never into the report.
    const Run run = flawedHttp({}, {QStringLiteral("--header"), QStringLiteral("X-Api-Key: k3y-s3cret")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject report = run.json();
    QCOMPARE(alarms(report), QStringList());
    const QString checked = seenOf(report, QStringLiteral("http.checked"));
    for (const char *check : {"foreign Origin (403)", "foreign Host (HTTP 403)", "unsupported MCP-Protocol-Version (400)",
                              "GET stream (405)", "unknown session (404)", "DELETE (200, then 404)"})
        QVERIFY2(checked.contains(QLatin1String(check)), qPrintable(checked + QStringLiteral(" lacks ") + QLatin1String(check)));
    QVERIFY(!run.out.contains("k3y-s3cret"));
}

void tst_Doctor::eachHttpFlawIsFound_data()
{
    QTest::addColumn<QString>("flaw");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QString>("evidence"); // what the first line of the evidence shows
    const auto row = [](const char *flaw, const char *id, const char *severity, const char *evidence) {
        QTest::newRow(flaw) << QString::fromLatin1(flaw) << QString::fromLatin1(id) << QString::fromLatin1(severity)
                            << QString::fromUtf8(evidence);
    };
    row("any-origin", "http.origin.unchecked", "error", "Origin: http://rebinding.example");
    row("any-host", "http.host.unchecked", "warning", "Host: rebinding.example:");
    row("any-version", "http.protocol-version.unchecked", "error", "MCP-Protocol-Version: 1900-01-01");
    row("any-session", "http.session.unknown", "warning", "Mcp-Session-Id: (set)");
    row("delete-fails", "http.session.delete", "warning", "→ DELETE");
    row("keeps-deleted", "http.session.after-delete", "error", "→ POST");
    row("get-404", "http.get-stream", "warning", "→ GET");
}

void tst_Doctor::eachHttpFlawIsFound()
{
    QFETCH(QString, flaw);
    QFETCH(QString, id);
    QFETCH(QString, severity);
    QFETCH(QString, evidence);
    const Run run = flawedHttp({flaw});
    const QJsonObject report = run.json();
    QCOMPARE(findingsOf(report).value(id), severity);
    QVERIFY2(uncatalogued(report).isEmpty(), qPrintable(QStringLiteral("not in the catalog: ") + uncatalogued(report).join(u' ')));
    for (const QString &alarm : alarms(report))
        QVERIFY2(alarm.startsWith(id + QLatin1Char(':')), qPrintable(alarm));
    // The exchange that showed it: the request the Doctor sent, then the answer.
    for (const QJsonValue &finding : report.value(QLatin1String("findings")).toArray()) {
        if (finding[QLatin1String("id")].toString() != id)
            continue;
        const QJsonArray lines = finding[QLatin1String("evidence")].toArray();
        QVERIFY2(lines.size() >= 2, qPrintable(run.out));
        QVERIFY2(lines.at(0).toString().contains(evidence), qPrintable(lines.at(0).toString()));
        QVERIFY2(lines.at(1).toString().startsWith(QStringLiteral("← HTTP ")), qPrintable(lines.at(1).toString()));
        QVERIFY(!lines.at(0).toString().contains(QLatin1String("s-1"))); // a session id is never shown
    }
    QCOMPARE(run.exitCode, report[QLatin1String("summary")][QLatin1String("errors")].toInt() > 0 ? 1 : 0);
}

void tst_Doctor::eachFlawIsFound_data()
{
    QTest::addColumn<QString>("flaw");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("severity");
    const auto row = [](const char *flaw, const char *id, const char *severity) {
        QTest::newRow(flaw) << QString::fromLatin1(flaw) << QString::fromLatin1(id) << QString::fromLatin1(severity);
    };
    row("tool-name-space", "tools.name.format", "warning");
    row("tool-name-long", "tools.name.host-limits", "warning");
    row("tool-name-dot", "tools.name.host-limits", "warning");
    row("duplicate-tool", "tools.name.duplicate", "error");
    row("no-description", "tools.description.missing", "warning");
    row("input-schema-array", "tools.input-schema.type", "error");
    row("no-input-schema", "tools.input-schema.type", "error");
    row("output-schema-string", "tools.output-schema.type", "error");
    row("unresolved-ref", "tools.schema.ref-unresolved", "error");
    row("remote-ref", "tools.schema.ref-remote", "warning");
    row("zero-width", "security.hidden-characters", "error");
    row("tag-characters", "security.hidden-characters", "error");
    row("bidi-override", "security.hidden-characters", "error");
    row("ignore-instructions", "security.model-instructions", "warning");
    row("hide-from-user", "security.model-instructions", "warning");
    row("important-block", "security.model-instructions", "warning");
    row("prompt-argument-without-name", "prompts.argument.name", "error");
    row("duplicate-prompt", "prompts.name.duplicate", "error");
    row("resource-uri-without-scheme", "resources.uri.invalid", "error");
    row("duplicate-resource", "resources.uri.duplicate", "warning");
    row("template-unbalanced", "resources.template.invalid", "error");
    row("huge-tool-list", "performance.tool-list-size", "warning");
    row("unknown-method-result", "lifecycle.unknown-method", "error");
    row("unknown-method-wrong-code", "lifecycle.unknown-method", "error");
    row("ping-error", "lifecycle.ping", "error");
    row("unknown-tool-result", "tools.call.unknown-name", "error");
    row("unknown-tool-is-error", "tools.call.unknown-name", "info");
    row("unknown-prompt-wrong-code", "prompts.get.unknown-name", "warning");
    row("unknown-resource-wrong-code", "resources.read.unknown-uri", "warning");
    row("changing-tools", "security.definitions-changed", "warning");
    row("stdout-noise", "transport.invalid-message", "error");
    row("ignore-eof", "transport.stdin-close", "warning");
    row("latin1-text", "transport.invalid-utf8", "error");
    row("shadowing", "security.tool-shadowing", "info");
    // The read-only tool's result, as a host reads it.
    row("structured-missing", "tools.structured-content.missing", "error");
    row("structured-invalid", "tools.structured-content.invalid", "error");
    row("structured-not-text", "tools.structured-content.text", "warning");
    row("content-missing", "tools.result.content", "error");
    row("call-error", "tools.call.error", "warning");
    row("stray-progress", "lifecycle.progress-token", "error");
    row("slow-ignores-cancel", "lifecycle.cancel-ignored", "warning");
    // Pages.
    row("cursor-loop", "pagination.cursor-loop", "error");
    row("repeated-item", "pagination.repeated-item", "warning");
    row("small-pages", "pagination.small-pages", "warning");
    row("cursor-ignored", "pagination.invalid-cursor", "warning");
    row("invalid-params-result", "lifecycle.invalid-params", "error");
    row("undeclared-list", "lifecycle.capability.undeclared", "warning");
    row("version-echo", "lifecycle.version-negotiation", "error");
    row("version-error", "lifecycle.version-negotiation", "warning");
    row("no-server-info", "lifecycle.initialize.shape", "error");
    row("schema-bad-type", "tools.schema.invalid", "error");
    row("schema-recursive", "tools.schema.ref-recursive", "warning");
    row("schema-top-level-anyof", "tools.input-schema.top-level", "warning");
}

void tst_Doctor::eachFlawIsFound()
{
    QFETCH(QString, flaw);
    QFETCH(QString, id);
    QFETCH(QString, severity);
    const Run run = flawed({flaw});
    const QJsonObject report = run.json();
    const QMap<QString, QString> found = findingsOf(report);
    QVERIFY2(found.contains(id), qPrintable(run.out));
    QCOMPARE(found.value(id), severity);
    QVERIFY2(uncatalogued(report).isEmpty(), qPrintable(QStringLiteral("not in the catalog: ") + uncatalogued(report).join(u' ')));
    // The flaw and nothing else: every other alarm would be a false one. An item repeated on
    // two pages is also listed twice, which model APIs refuse: the one flaw that is two.
    const QString also = flaw == QLatin1String("repeated-item") ? QStringLiteral("tools.name.duplicate:") : id + QLatin1Char(':');
    for (const QString &alarm : alarms(report))
        QVERIFY2(alarm.startsWith(id + QLatin1Char(':')) || alarm.startsWith(also), qPrintable(alarm));
    QCOMPARE(run.exitCode, report[QLatin1String("summary")][QLatin1String("errors")].toInt() > 0 ? 1 : 0);
}

void tst_Doctor::alikeCallFindingsMerge()
{
    // Five read-only tools failing alike (an API the server cannot reach) are one finding.
    const Run run = flawed({QStringLiteral("call-error"), QStringLiteral("more-read-only-tools")});
    const QJsonArray findings = run.json()[QLatin1String("findings")].toArray();
    QList<QJsonObject> errors;
    for (const QJsonValue &finding : findings) {
        if (finding[QLatin1String("id")].toString() == QLatin1String("tools.call.error"))
            errors << finding.toObject();
    }
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.constFirst()[QLatin1String("subject")].toString(), QStringLiteral("5 tools"));
    const QString seen = errors.constFirst()[QLatin1String("seen")].toString();
    QVERIFY2(seen.startsWith(QLatin1String("tool \"lookup\": error -32603: lookup failed")) && seen.endsWith(QLatin1String("and 2 more")),
             qPrintable(seen));
    QCOMPARE(errors.constFirst()[QLatin1String("evidence")].toArray().size(), 2);
    // A few stay apart: each its own finding.
    const Run one = flawed({QStringLiteral("call-error")});
    QCOMPARE(findingsOf(one.json()).value(QStringLiteral("tools.call.error")), QStringLiteral("warning"));
}

void tst_Doctor::plainHttpBeyondLoopback()
{
    // The same server on the machine's own network address: tokens would cross the network in clear.
    const Mcp::Test::ScopedHttpPeer peer(QStringLiteral("python3"), {QStringLiteral("-u"), FlawedServer, QStringLiteral("--http"),
                                                                    QStringLiteral("--bind"), QStringLiteral("beyond-loopback")});
    if (peer.url.isEmpty())
        QSKIP("this machine has no network address beyond loopback");
    QVERIFY2(!peer.url.contains(QLatin1String("127.0.0.1")), qPrintable(peer.url));
    const Run run = doctor({QStringLiteral("--format=json"), peer.url});
    const QJsonObject report = run.json();
    QCOMPARE(findingsOf(report).value(QStringLiteral("http.plain-remote")), QStringLiteral("warning"));
    QCOMPARE(alarms(report).size(), 1);
}

void tst_Doctor::ownConnectionsRefusedAreNotes()
{
    // A server that wants a token for every new connection (OAuth): the Doctor's own connections
    // cannot ask, which is worth a note, not an alarm.
    const Run run = flawedHttp({QStringLiteral("one-session-only")});
    const QJsonObject report = run.json();
    QCOMPARE(alarms(report), QStringList());
    QCOMPARE(findingsOf(report).value(QStringLiteral("lifecycle.version-negotiation")), QStringLiteral("info"));
    QVERIFY2(seenOf(report, QStringLiteral("lifecycle.version-negotiation")).contains(QLatin1String("not checked")),
             qPrintable(seenOf(report, QStringLiteral("lifecycle.version-negotiation"))));
    QCOMPARE(findingsOf(report).value(QStringLiteral("http.probes.not-run")), QStringLiteral("info"));
    QCOMPARE(run.exitCode, 0);
}

void tst_Doctor::failOnAndFilters()
{
    // A warning fails only when asked to.
    QCOMPARE(flawed({QStringLiteral("no-description")}).exitCode, 0);
    const Run strict = flawed({QStringLiteral("no-description")}, {QStringLiteral("--fail-on"), QStringLiteral("warning")});
    QCOMPARE(strict.exitCode, 1);
    // --skip leaves a finding out, and with it the failure.
    const Run skipped = flawed({QStringLiteral("duplicate-tool")},
                               {QStringLiteral("--format=json"), QStringLiteral("--skip"), QStringLiteral("tools.name.duplicate")});
    QCOMPARE(skipped.exitCode, 0);
    QVERIFY(!findingsOf(skipped.json()).contains(QStringLiteral("tools.name.duplicate")));
    // --only keeps the categories named.
    const Run only = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("zero-width")},
                            {QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--only"), QStringLiteral("security")});
    QCOMPARE(only.exitCode, 1);
    const QMap<QString, QString> found = findingsOf(only.json());
    QCOMPARE(found.keys(), QStringList{QStringLiteral("security.hidden-characters")});
}

void tst_Doctor::textReport()
{
    const Run run = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("no-description")}, {});
    QCOMPARE(run.exitCode, 1);
    const QString text = QString::fromUtf8(run.out);
    QVERIFY2(text.startsWith(QLatin1String("flawed-server 1.0.0")), qPrintable(text));
    // Most severe first, each with what was expected, seen, the rule and the fix.
    const qsizetype error = text.indexOf(QLatin1String("error   tools.name.duplicate"));
    const qsizetype warning = text.indexOf(QLatin1String("warning tools.description.missing"));
    QVERIFY2(error >= 0 && warning > error, qPrintable(text));
    QVERIFY(text.contains(QLatin1String("        fix: give each tool its own name")));
    static const QRegularExpression tally(QStringLiteral("\\n1 error\\(s\\), 1 warning\\(s\\), \\d+ note\\(s\\)$"));
    QVERIFY2(tally.match(text.trimmed()).hasMatch(), qPrintable(text));
}

void tst_Doctor::markdownReport()
{
    const Run run = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("no-description"), QStringLiteral("ping-error")},
                           {QStringLiteral("--format=markdown")});
    QCOMPARE(run.exitCode, 1);
    const QString text = QString::fromUtf8(run.out);
    QVERIFY2(text.startsWith(QLatin1String("## mcpscope doctor: flawed-server 1.0.0")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("**2 error(s), 1 warning(s),")), qPrintable(text));
    // The table, most severe first, then a section for each.
    QVERIFY(text.contains(QLatin1String("| Severity | Finding | About |\n|---|---|---|\n| error |")));
    const qsizetype error = text.indexOf(QLatin1String("### error `tools.name.duplicate`"));
    const qsizetype warning = text.indexOf(QLatin1String("### warning `tools.description.missing`"));
    QVERIFY2(error > 0 && warning > error, qPrintable(text));
    QVERIFY(text.contains(QLatin1String("- **Fix:** give each tool its own name")));
    // Evidence in a fence: ping's request and answer.
    const qsizetype ping = text.indexOf(QLatin1String("### error `lifecycle.ping`"));
    QVERIFY(ping > 0);
    QVERIFY2(text.indexOf(QStringLiteral("- **Evidence:**\n\n  ````\n  → {"), ping) > ping, qPrintable(text.mid(ping)));
}

namespace {

// A JUnit report's test cases: name -> "failure TYPE", "system-out" or "" (passed, nothing to say).
struct JUnitCases
{
    QString suite;
    QMap<QString, QString> cases;
    QStringList names; // in their order
    QString error;
};

JUnitCases readJUnit(const QByteArray &xml)
{
    JUnitCases read;
    QXmlStreamReader reader(xml);
    QString current;
    while (!reader.atEnd()) {
        if (reader.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (reader.name() == QLatin1String("testsuite")) {
            read.suite = reader.attributes().value(QLatin1String("name")).toString();
        } else if (reader.name() == QLatin1String("testcase")) {
            current = reader.attributes().value(QLatin1String("name")).toString();
            read.names << current;
            read.cases.insert(current, QString());
        } else if (reader.name() == QLatin1String("failure")) {
            read.cases[current] = QStringLiteral("failure ") + reader.attributes().value(QLatin1String("type")).toString();
        } else if (reader.name() == QLatin1String("system-out")) {
            read.cases[current] = QStringLiteral("system-out");
        }
    }
    read.error = reader.errorString();
    return read;
}

} // namespace

void tst_Doctor::junitReport()
{
    // The checks at or above --fail-on that found something fail.
    const Run run = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("no-description")},
                           {QStringLiteral("--format"), QStringLiteral("junit"), QStringLiteral("--fail-on=warning")});
    QCOMPARE(run.exitCode, 1);
    const JUnitCases read = readJUnit(run.out);
    QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
    QVERIFY2(read.suite.startsWith(QLatin1String("flawed-server 1.0.0")), qPrintable(read.suite));
    QCOMPARE(read.cases.value(QStringLiteral("tools.name.duplicate")), QStringLiteral("failure error"));
    QCOMPARE(read.cases.value(QStringLiteral("tools.description.missing")), QStringLiteral("failure warning"));
    QVERIFY(run.out.contains("classname=\"doctor.tools\""));
    QVERIFY(run.out.contains("fix: give each tool its own name"));
}

// One test case per check that applies to the run (the issue: "one test case per check"), so
// that CI sees what passed too.
void tst_Doctor::junitHasACasePerCheck()
{
    const Run run = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("no-description")},
                           {QStringLiteral("--format"), QStringLiteral("junit")});
    QCOMPARE(run.exitCode, 1);
    const JUnitCases read = readJUnit(run.out);
    QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
    // A legacy stdio server: every check but the HTTP ones and the modern era's.
    QStringList expected = applicable(false, false);
    QStringList names = read.names;
    expected.sort();
    names.sort();
    QCOMPARE(names, expected);
    QVERIFY(!names.contains(QStringLiteral("http.origin.unchecked")));
    QVERIFY(names.contains(QStringLiteral("lifecycle.ping")) && names.contains(QStringLiteral("transport.stdin-close")));
    // At or above --fail-on (error): a failure; below it: passing, with what it found; the rest
    // pass with nothing to say.
    QCOMPARE(read.cases.value(QStringLiteral("tools.name.duplicate")), QStringLiteral("failure error"));
    QCOMPARE(read.cases.value(QStringLiteral("tools.description.missing")), QStringLiteral("system-out"));
    QCOMPARE(read.cases.value(QStringLiteral("performance.tool-list-size")), QStringLiteral("system-out"));
    QCOMPARE(read.cases.value(QStringLiteral("tools.name.format")), QString());
    QVERIFY(read.cases.contains(QStringLiteral("tools.name.format")));
    const QByteArray counts = "<testsuites name=\"mcpscope doctor\" tests=\"" + QByteArray::number(expected.size()) + "\" failures=\"1\">";
    QVERIFY2(run.out.contains(counts), run.out.left(300).constData());

    // --only and --skip leave their checks out of the cases too.
    const Run narrowed = flawed({QStringLiteral("duplicate-tool")},
                                {QStringLiteral("--format=junit"), QStringLiteral("--only"), QStringLiteral("tools,security"),
                                 QStringLiteral("--skip"), QStringLiteral("tools.name.duplicate")});
    QCOMPARE(narrowed.exitCode, 0);
    const JUnitCases few = readJUnit(narrowed.out);
    QVERIFY(!few.names.isEmpty());
    for (const QString &name : few.names)
        QVERIFY2(name.startsWith(QLatin1String("tools.")) || name.startsWith(QLatin1String("security.")), qPrintable(name));
    QVERIFY(!few.names.contains(QStringLiteral("tools.name.duplicate")));

    // Over HTTP in the legacy era the HTTP checks are cases, and stdio's are not.
    const Run http = flawedHttp({QStringLiteral("any-origin")}, {QStringLiteral("--format=junit")});
    const JUnitCases overHttp = readJUnit(http.out);
    QCOMPARE(overHttp.cases.value(QStringLiteral("http.origin.unchecked")), QStringLiteral("failure error"));
    QCOMPARE(overHttp.cases.value(QStringLiteral("http.session.unknown"), QStringLiteral("absent")), QString());
    QVERIFY(!overHttp.cases.contains(QStringLiteral("transport.stdin-close")));
}

void tst_Doctor::usageAndUnreachable()
{
    const Run help = doctor({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("Usage: mcpscope doctor"));
    const Run format = doctor({QStringLiteral("--format"), QStringLiteral("xml"), QStringLiteral("x")});
    QCOMPARE(format.exitCode, 2);
    QVERIFY2(format.err.contains("--format must be text, json, markdown, junit or sarif"), format.err.constData());
    const Run level = doctor({QStringLiteral("--fail-on"), QStringLiteral("never"), QStringLiteral("x")});
    QCOMPARE(level.exitCode, 2);
    const Run method = doctor({QStringLiteral("--method"), QStringLiteral("resources/list"), QStringLiteral("x")});
    QCOMPARE(method.exitCode, 2);
    QVERIFY2(method.err.contains("calls nothing by hand"), method.err.constData());
    const Run none = doctor({});
    QCOMPARE(none.exitCode, 2);
    const Run missing = doctor({QStringLiteral("/nonexistent/server")});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY2(missing.err.contains("could not connect"), missing.err.constData());
    // A server that ends before it answers anything.
    const Run exits = doctor({QStringLiteral("--"), QStringLiteral("/bin/true")});
    QCOMPARE(exits.exitCode, 3);
}

void tst_Doctor::listChecks()
{
    // The catalog needs no server.
    const Run text = doctor({QStringLiteral("--list-checks")});
    QCOMPARE(text.exitCode, 0);
    for (const QString &id : m_catalog.keys())
        QVERIFY2(text.out.contains(QByteArray(' ' + id.toUtf8() + "  ")), qPrintable(id));
    QVERIFY2(text.out.trimmed().endsWith(QByteArray(QByteArray::number(m_catalog.size()) + " checks")), text.out.constData());

    const Run markdown = doctor({QStringLiteral("--list-checks"), QStringLiteral("--format=markdown")});
    QCOMPARE(markdown.exitCode, 0);
    QVERIFY(markdown.out.startsWith("| Check | Category | Level | Applies | What it checks | Rule | Fix |\n|---|"));
    QCOMPARE(markdown.out.count("\n| `"), m_catalog.size());

    // Each row complete, each id once, its category its first word.
    const Run json = doctor({QStringLiteral("--list-checks"), QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonArray checks = json.json().value(QLatin1String("checks")).toArray();
    QCOMPARE(checks.size(), m_catalog.size());
    static const QStringList categories{QStringLiteral("transport"), QStringLiteral("http"), QStringLiteral("lifecycle"),
                                        QStringLiteral("modern"), QStringLiteral("tools"), QStringLiteral("schema"),
                                        QStringLiteral("resources"), QStringLiteral("prompts"), QStringLiteral("pagination"),
                                        QStringLiteral("performance"), QStringLiteral("security")};
    for (const QJsonValue &check : checks) {
        const QString id = check[QLatin1String("id")].toString();
        QCOMPARE(check[QLatin1String("category")].toString(), id.section(u'.', 0, 0));
        QVERIFY2(categories.contains(check[QLatin1String("category")].toString()), qPrintable(id));
        QVERIFY2(QStringList({QStringLiteral("error"), QStringLiteral("warning"), QStringLiteral("info")})
                     .contains(check[QLatin1String("level")].toString()), qPrintable(id));
        QVERIFY2(QStringList({QStringLiteral("any"), QStringLiteral("stdio"), QStringLiteral("http")})
                     .contains(check[QLatin1String("transport")].toString()), qPrintable(id));
        QVERIFY2(QStringList({QStringLiteral("any"), QStringLiteral("legacy"), QStringLiteral("modern")})
                     .contains(check[QLatin1String("era")].toString()), qPrintable(id));
        QVERIFY2(!check[QLatin1String("title")].toString().isEmpty() && !check[QLatin1String("rule")].toString().isEmpty(),
                 qPrintable(id));
    }

    const Run sarif = doctor({QStringLiteral("--list-checks"), QStringLiteral("--format=sarif")});
    QCOMPARE(sarif.exitCode, 2);
    QVERIFY2(sarif.err.contains("--list-checks prints text, json or markdown"), sarif.err.constData());
}

// Every id the sources hand to a finding has its row: an id added without one fails here even
// before a test server produces it; and every row is an id the sources make.
void tst_Doctor::sourceIdsAreCatalogued()
{
    static const QRegularExpression literalId(
        QStringLiteral("QStringLiteral\\(\"((?:transport|http|lifecycle|modern|tools|schema|resources|prompts|pagination|"
                       "performance|security)\\.[a-z0-9.-]+)\"\\)"));
    QStringList files{QStringLiteral(MCPSCOPE_SOURCE_DIR "/app/mcpscope/doctorcommand.cpp")};
    const QDir doctor(QStringLiteral(MCPSCOPE_SOURCE_DIR "/lib/doctor"));
    for (const QString &name : doctor.entryList({QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files)) {
        if (name != QLatin1String("catalog.cpp"))
            files << doctor.filePath(name);
    }
    QStringList found;
    QStringList missing;
    for (const QString &path : std::as_const(files)) {
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QString source = QString::fromUtf8(file.readAll());
        for (const QRegularExpressionMatch &match : literalId.globalMatch(source)) {
            found << match.captured(1);
            if (!m_catalog.contains(match.captured(1)))
                missing << QStringLiteral("%1 (%2)").arg(match.captured(1), QFileInfo(path).fileName());
        }
    }
    QVERIFY2(found.size() > 30, qPrintable(found.join(u' ')));
    // And no row outlives its check (a JUnit case that can never fail). These two ids are put
    // together from the kind of item (listingchecks.cpp's checkUniqueNames).
    QStringList stale;
    for (const QString &id : m_catalog.keys()) {
        if (!found.contains(id) && id != QLatin1String("tools.name.duplicate") && id != QLatin1String("prompts.name.duplicate"))
            stale << id;
    }
    QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("catalogued, never made: ") + stale.join(QStringLiteral(", "))));
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in the catalog (lib/doctor/catalog.cpp): ") + missing.join(QStringLiteral(", "))));
}

// The JSON report against docs/doctor-report.schema.json, SARIF against the official SARIF 2.1.0
// schema (Ajv), JUnit against Jenkins' junit-10.xsd (xmllint); on runs that find much, and on a
// clean one. Every finding's id is catalogued, and SARIF's results point at their rules.
void tst_Doctor::reportsMatchTheirSchemas_data()
{
    QTest::addColumn<QString>("server");
    QTest::newRow("stdio, many flaws") << QStringLiteral("stdio");
    QTest::newRow("stdio, flaws of calls and pages") << QStringLiteral("stdio-calls");
    QTest::newRow("http, many flaws") << QStringLiteral("http");
    QTest::newRow("demo server, modern") << QStringLiteral("demo");
    QTest::newRow("demo server, modern, http") << QStringLiteral("demo-http");
}

void tst_Doctor::reportsMatchTheirSchemas()
{
    QFETCH(QString, server);
    const auto report = [&](const QString &format) {
        const QStringList options{QStringLiteral("--format"), format};
        if (server == QLatin1String("stdio"))
            return flawed(StdioFlaws, options + QStringList{QStringLiteral("--sample-calls")});
        if (server == QLatin1String("stdio-calls"))
            return flawed(StdioCallFlaws, options + QStringList{QStringLiteral("--sample-calls")});
        if (server == QLatin1String("http"))
            return flawedHttp(HttpFlaws, options);
        const QStringList modern{QStringLiteral("--protocol"), QStringLiteral("modern")};
        if (server == QLatin1String("demo"))
            return doctor(options + modern + QStringList{QStringLiteral(MCPSCOPE_DEMO_SERVER)});
        const Mcp::Test::ScopedHttpPeer peer(QStringLiteral(MCPSCOPE_DEMO_SERVER),
                                             {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")});
        return doctor(options + modern + QStringList{peer.url});
    };
    const bool demo = server.startsWith(QLatin1String("demo"));
    const int exitCode = demo ? 0 : 1;

    const Run json = report(QStringLiteral("json"));
    QCOMPARE(json.exitCode, exitCode);
    const Mcp::Test::Verdict jsonVerdict = Mcp::Test::validateJson(Mcp::Test::ReportSchema, json.out);
    QVERIFY2(jsonVerdict.exitCode == 0, qPrintable(jsonVerdict.said));
    QVERIFY2(uncatalogued(json.json()).isEmpty(), qPrintable(QStringLiteral("not in the catalog: ") + uncatalogued(json.json()).join(u' ')));
    const QJsonArray findings = json.json().value(QLatin1String("findings")).toArray();
    QVERIFY(!findings.isEmpty());
    // What the catalog says of when a check applies is what the run did.
    const QStringList applies = applicable(server.endsWith(QLatin1String("http")), demo);
    for (const QJsonValue &finding : findings)
        QVERIFY2(applies.contains(finding[QLatin1String("id")].toString()), qPrintable(finding[QLatin1String("id")].toString()));

    const Run sarif = report(QStringLiteral("sarif"));
    QCOMPARE(sarif.exitCode, exitCode);
    const Mcp::Test::Verdict sarifVerdict = Mcp::Test::validateJson(Mcp::Test::SarifSchema, sarif.out);
    QVERIFY2(sarifVerdict.exitCode == 0, qPrintable(sarifVerdict.said));
    const QJsonObject run = sarif.json().value(QLatin1String("runs")).toArray().at(0).toObject();
    const QJsonArray rules = run[QLatin1String("tool")][QLatin1String("driver")][QLatin1String("rules")].toArray();
    const QJsonArray results = run.value(QLatin1String("results")).toArray();
    QCOMPARE(results.size(), findings.size());
    for (const QJsonValue &result : results) {
        const QString ruleId = result[QLatin1String("ruleId")].toString();
        const int index = result[QLatin1String("ruleIndex")].toInt(-1);
        QVERIFY2(index >= 0 && index < rules.size(), qPrintable(ruleId));
        QCOMPARE(rules.at(index)[QLatin1String("id")].toString(), ruleId);
    }

    const Run junit = report(QStringLiteral("junit"));
    QCOMPARE(junit.exitCode, exitCode);
    const Mcp::Test::Verdict junitVerdict = Mcp::Test::validateXml(Mcp::Test::JUnitSchema, junit.out);
    QVERIFY2(junitVerdict.exitCode == 0, qPrintable(junitVerdict.said));
}

// The validation can fail: what the schemas accept, broken in one place, they refuse.
void tst_Doctor::validatorsRejectBrokenReports()
{
    const Run json = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("ping-error")});
    QCOMPARE(Mcp::Test::validateJson(Mcp::Test::ReportSchema, json.out).exitCode, 0);
    QJsonObject report = json.json();
    QJsonArray findings = report.value(QLatin1String("findings")).toArray();
    QJsonObject finding = findings.at(0).toObject();
    finding.insert(QStringLiteral("severity"), QStringLiteral("fatal"));
    findings.replace(0, finding);
    report.insert(QStringLiteral("findings"), findings);
    const Mcp::Test::Verdict badSeverity = Mcp::Test::validateJson(Mcp::Test::ReportSchema, QJsonDocument(report).toJson());
    QCOMPARE(badSeverity.exitCode, 1);
    QVERIFY2(badSeverity.said.contains(QLatin1String("/findings/0/severity")), qPrintable(badSeverity.said));
    report = json.json();
    report.remove(QStringLiteral("summary"));
    QCOMPARE(Mcp::Test::validateJson(Mcp::Test::ReportSchema, QJsonDocument(report).toJson()).exitCode, 1);

    const Run sarif = flawed({QStringLiteral("duplicate-tool")}, {QStringLiteral("--format=sarif")});
    QCOMPARE(Mcp::Test::validateJson(Mcp::Test::SarifSchema, sarif.out).exitCode, 0);
    QByteArray broken = sarif.out;
    broken.replace("\"level\": \"error\"", "\"level\": \"fatal\"");
    QVERIFY(broken != sarif.out);
    const Mcp::Test::Verdict badLevel = Mcp::Test::validateJson(Mcp::Test::SarifSchema, broken);
    QCOMPARE(badLevel.exitCode, 1);
    QVERIFY2(badLevel.said.contains(QLatin1String("level")), qPrintable(badLevel.said));
    broken = sarif.out;
    broken.replace("\"version\": \"2.1.0\"", "\"version\": \"2.0.0\"");
    QCOMPARE(Mcp::Test::validateJson(Mcp::Test::SarifSchema, broken).exitCode, 1);

    const Run junit = flawed({QStringLiteral("duplicate-tool")}, {QStringLiteral("--format=junit")});
    QCOMPARE(Mcp::Test::validateXml(Mcp::Test::JUnitSchema, junit.out).exitCode, 0);
    broken = junit.out;
    broken.replace("<testcase name=", "<testcase title=");
    const Mcp::Test::Verdict badCase = Mcp::Test::validateXml(Mcp::Test::JUnitSchema, broken);
    QVERIFY2(badCase.exitCode > 0 && badCase.said.contains(QLatin1String("testcase")), qPrintable(badCase.said));
}

void tst_Doctor::sarifReport()
{
    const Run run = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("ping-error")}, {QStringLiteral("--format=sarif")});
    QCOMPARE(run.exitCode, 1);
    const QJsonObject log = run.json();
    QCOMPARE(log[QLatin1String("version")].toString(), QStringLiteral("2.1.0"));
    const QJsonObject sarif = log[QLatin1String("runs")].toArray().at(0).toObject();
    const QJsonObject driver = sarif[QLatin1String("tool")][QLatin1String("driver")].toObject();
    QCOMPARE(driver[QLatin1String("name")].toString(), QStringLiteral("mcpscope doctor"));
    QVERIFY(!driver[QLatin1String("version")].toString().isEmpty());
    // Every catalogued check is a rule, with its title, rule, fix and level.
    const QJsonArray rules = driver[QLatin1String("rules")].toArray();
    QCOMPARE(rules.size(), m_catalog.size());
    for (const QJsonValue &rule : rules) {
        const QJsonObject check = m_catalog.value(rule[QLatin1String("id")].toString());
        QVERIFY2(!check.isEmpty(), qPrintable(rule[QLatin1String("id")].toString()));
        QCOMPARE(rule[QLatin1String("shortDescription")][QLatin1String("text")].toString(), check[QLatin1String("title")].toString());
        QCOMPARE(rule[QLatin1String("fullDescription")][QLatin1String("text")].toString(), check[QLatin1String("rule")].toString());
        QCOMPARE(rule[QLatin1String("help")][QLatin1String("text")].toString(), check[QLatin1String("fix")].toString());
        const QString level = check[QLatin1String("level")].toString();
        QCOMPARE(rule[QLatin1String("defaultConfiguration")][QLatin1String("level")].toString(),
                 level == QLatin1String("info") ? QStringLiteral("note") : level);
    }
    QMap<QString, QJsonObject> results;
    for (const QJsonValue &result : sarif[QLatin1String("results")].toArray())
        results.insert(result[QLatin1String("ruleId")].toString(), result.toObject());
    const QJsonObject duplicate = results.value(QStringLiteral("tools.name.duplicate"));
    QCOMPARE(duplicate[QLatin1String("level")].toString(), QStringLiteral("error"));
    const QString message = duplicate[QLatin1String("message")][QLatin1String("text")].toString();
    QVERIFY2(message.contains(QLatin1String("tool \"echo\"")) && message.contains(QLatin1String("listed 2 times"))
                 && message.contains(QLatin1String("each tool name once")),
             qPrintable(message));
    const QJsonObject location = duplicate[QLatin1String("locations")].toArray().at(0).toObject();
    QCOMPARE(location[QLatin1String("logicalLocations")].toArray().at(0)[QLatin1String("name")].toString(), QStringLiteral("tool \"echo\""));
    const QJsonObject artifact = location[QLatin1String("physicalLocation")][QLatin1String("artifactLocation")].toObject();
    const QString uri = artifact[QLatin1String("uri")].toString();
    QVERIFY2(uri.startsWith(QLatin1String("python3%20")) && uri.contains(QLatin1String("flawed_server.py")) && !uri.contains(u' '),
             qPrintable(uri));
    QVERIFY(artifact[QLatin1String("description")][QLatin1String("text")].toString().startsWith(QLatin1String("python3 ")));
    QCOMPARE(duplicate[QLatin1String("properties")][QLatin1String("category")].toString(), QStringLiteral("tools"));
    // The evidence goes along; a note is a note.
    QCOMPARE(results.value(QStringLiteral("lifecycle.ping"))[QLatin1String("properties")][QLatin1String("evidence")].toArray().size(), 2);
    QCOMPARE(results.value(QStringLiteral("performance.connect-time"))[QLatin1String("level")].toString(), QStringLiteral("note"));

    // Over HTTP the artifact is the server's URL.
    const Run http = flawedHttp({QStringLiteral("any-origin")}, {QStringLiteral("--format=sarif")});
    const QJsonObject httpRun = http.json()[QLatin1String("runs")].toArray().at(0).toObject();
    const QString httpUri = httpRun[QLatin1String("results")].toArray().at(0)[QLatin1String("locations")].toArray().at(0)
                                [QLatin1String("physicalLocation")][QLatin1String("artifactLocation")][QLatin1String("uri")].toString();
    QVERIFY2(httpUri.startsWith(QLatin1String("http://127.0.0.1:")) && httpUri.endsWith(QLatin1String("/mcp")), qPrintable(httpUri));
}

void tst_Doctor::modernCleanServerHasNoAlarms_data()
{
    QTest::addColumn<bool>("http");
    QTest::newRow("stdio") << false;
    QTest::newRow("http") << true;
}

// A modern server that breaks nothing gets no alarm; the Doctor's own subscriptions/listen was
// acknowledged, and closed again before the Doctor went on (the server's log of what it was sent).
void tst_Doctor::modernCleanServerHasNoAlarms()
{
    QFETCH(bool, http);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString log = dir.filePath(QStringLiteral("sent.log"));
    const Run run = flawedModern({}, http, log);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject report = run.json();
    QCOMPARE(report[QLatin1String("server")][QLatin1String("era")].toString(), QStringLiteral("modern"));
    QCOMPARE(alarms(report), QStringList());
    const QString unchecked = modernChecksNotPassed(report, http);
    QVERIFY2(unchecked.isEmpty(), qPrintable(unchecked));
    // The last subscriptions/listen is the Doctor's: closed (stdio: cancelled, before its next request).
    QFile file(log);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    qsizetype listen = -1;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).startsWith(QLatin1String("request subscriptions/listen ")))
            listen = i;
    }
    QVERIFY2(listen >= 0, qPrintable(lines.join(u'\n')));
    const QString id = lines.at(listen).section(u' ', 2);
    const QString closed = (http ? QStringLiteral("listen-closed ") : QStringLiteral("cancelled ")) + id;
    const qsizetype closedAt = lines.indexOf(closed);
    const qsizetype next = lines.indexOf(QStringLiteral("request mcpscope/doctor/no-such-method %1").arg(id.toInt() + 1));
    // Over HTTP the server learns of the close when the connection drops, which may be after the
    // next request has come in on another connection: closed, then, not closed first.
    QVERIFY2(closedAt > listen && (http || next > closedAt), qPrintable(lines.join(u'\n')));
}

void tst_Doctor::eachModernFlawIsFound_data()
{
    QTest::addColumn<QString>("flaw");
    QTest::addColumn<bool>("http");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QString>("seen"); // part of what the finding saw
    const auto row = [](const char *flaw, bool http, const char *id, const char *severity, const char *seen) {
        QTest::newRow(qPrintable(QString::fromLatin1(flaw) + (http ? QLatin1String(", http") : QLatin1String(", stdio"))))
            << QString::fromLatin1(flaw) << http << QString::fromLatin1(id) << QString::fromLatin1(severity)
            << QString::fromUtf8(seen);
    };
    for (const bool http : {false, true}) {
        row("no-result-type", http, "modern.result-type.missing", "error", "result(s); the first: server/discover answered without resultType");
        row("bad-result-type", http, "modern.result-type.invalid", "error", "resultType \"finished\"");
        row("no-server-info", http, "modern.server-info.missing", "warning", "without _meta serverInfo");
        row("no-cache-hints", http, "modern.cache-hint.missing", "error", "without ttlMs and cacheScope");
        row("bad-cache-hints", http, "modern.cache-hint.invalid", "error", "ttlMs -5");
        row("mixed-cache-scope", http, "modern.cache-hint.invalid", "error",
            "the first: tools/list pages with cacheScope public, then private");
        row("discover-no-capabilities", http, "modern.discover.shape", "error", "no capabilities");
        row("shuffled-tools", http, "modern.tool-order", "warning", "first: echo, add_numbers, lookup; then: lookup, add_numbers, echo");
        row("bad-x-mcp-header", http, "modern.x-mcp-header", "error", "type number");
        row("listen-untagged-ack", http, "modern.listen.ack", "error", "without _meta[\"io.modelcontextprotocol/subscriptionId\"]");
        row("listen-notify-first", http, "modern.listen.ack", "error", "before acknowledging it");
    }
    row("listen-no-ack", false, "modern.listen.ack", "error", "no acknowledgement within 10000 ms");
    row("headers-unchecked", true, "modern.header-mismatch", "error", "HTTP 200 with a result");
    row("any-version", true, "modern.protocol-version.unsupported", "error", "HTTP 200 with a result");
    row("version-error-no-data", true, "modern.protocol-version.unsupported", "error", "(no data.supported list)");
    row("version-error-no-requested", true, "modern.protocol-version.unsupported", "warning",
        "(data.requested does not name 1900-01-01)");
    row("meta-unchecked", true, "modern.meta.missing", "error", "HTTP 200 with a result");
    row("unknown-method-200", true, "modern.unknown-method-http", "warning", "HTTP 200 with error -32601");
    row("ping-answered", true, "modern.unknown-method-http", "error", "HTTP 200 with a result");
}

void tst_Doctor::eachModernFlawIsFound()
{
    QFETCH(QString, flaw);
    QFETCH(bool, http);
    QFETCH(QString, id);
    QFETCH(QString, severity);
    QFETCH(QString, seen);
    const Run run = flawedModern({flaw}, http);
    const QJsonObject report = run.json();
    QCOMPARE(report[QLatin1String("server")][QLatin1String("era")].toString(), QStringLiteral("modern"));
    QCOMPARE(findingsOf(report).value(id), severity);
    QVERIFY2(seenOf(report, id).contains(seen), qPrintable(seenOf(report, id)));
    // The flaw and nothing else: every other alarm would be a false one.
    for (const QString &alarm : alarms(report))
        QVERIFY2(alarm.startsWith(id + QLatin1Char(':')), qPrintable(alarm));
    // Its evidence: the request and what answered it (what a listen was sent, at least).
    for (const QJsonValue &finding : report.value(QLatin1String("findings")).toArray()) {
        if (finding[QLatin1String("id")].toString() != id)
            continue;
        const QJsonArray lines = finding[QLatin1String("evidence")].toArray();
        if (id == QLatin1String("modern.tool-order") || id == QLatin1String("modern.x-mcp-header"))
            QVERIFY(lines.isEmpty()); // about two listings, or a definition: no one message shows it
        else
            QVERIFY2(!lines.isEmpty() && lines.at(0).toString().startsWith(QStringLiteral("→ ")), qPrintable(run.out));
    }
    QCOMPARE(run.exitCode, severity == QLatin1String("error") ? 1 : 0);
}

void tst_Doctor::modernReferenceServers_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<bool>("http");
    QTest::newRow("demo server, stdio") << QStringLiteral("demo") << false;
    QTest::newRow("demo server, http") << QStringLiteral("demo") << true;
    QTest::newRow("SDK v2, stdio") << QStringLiteral("sdk2") << false;
    QTest::newRow("SDK v2, http") << QStringLiteral("sdk2") << true;
}

// The demo server and the TypeScript SDK v2 (the revision's reference implementation) in the
// modern era: every modern check runs and none alarms.
void tst_Doctor::modernReferenceServers()
{
    QFETCH(QString, server);
    QFETCH(bool, http);
    const bool sdk2 = server == QLatin1String("sdk2");
    if (sdk2 && !QFile::exists(Node))
        QSKIP("tests/peers/node_modules has no node (scripts/setup.sh installs it)");
    const QString program = sdk2 ? Node : QStringLiteral(MCPSCOPE_DEMO_SERVER);
    QStringList arguments = sdk2 ? QStringList{Sdk2Server, QStringLiteral("--era"), QStringLiteral("modern")} : QStringList();
    if (http)
        arguments += sdk2 ? QStringList{QStringLiteral("--transport"), QStringLiteral("http")}
                          : QStringList{QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")};
    const QStringList options{QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--protocol"),
                              QStringLiteral("modern")};
    std::unique_ptr<Mcp::Test::ScopedHttpPeer> peer;
    Run run;
    if (http) {
        peer = std::make_unique<Mcp::Test::ScopedHttpPeer>(program, arguments);
        QVERIFY(!peer->url.isEmpty());
        run = doctor(options + QStringList{peer->url});
    } else {
        run = doctor(options + QStringList{QStringLiteral("--"), program} + arguments);
    }
    const QJsonObject report = run.json();
    QCOMPARE(report[QLatin1String("server")][QLatin1String("era")].toString(), QStringLiteral("modern"));
    for (const QString &alarm : alarms(report))
        QVERIFY2(!alarm.startsWith(QLatin1String("modern.")), qPrintable(alarm));
    const QString unchecked = modernChecksNotPassed(report, http);
    QVERIFY2(unchecked.isEmpty(), qPrintable(unchecked));
}

// What the Doctor asks reaches the server whatever the cache hints say: a list with ttlMs is not
// answered from the client's result cache (the page walk and the latency samples time the server).
void tst_Doctor::modernListsAskTheServer()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto listsSent = [&dir](const QString &name) {
        QFile file(dir.filePath(name));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).count(QLatin1String("request tools/list ")) : -1;
    };
    QCOMPARE(flawedModern({}, false, dir.filePath(QStringLiteral("fresh.log"))).exitCode, 0);
    QCOMPARE(flawedModern({}, false, dir.filePath(QStringLiteral("cached.log")), {QStringLiteral("--ttl"), QStringLiteral("60000")})
                 .exitCode,
             0);
    QVERIFY(listsSent(QStringLiteral("fresh.log")) > 4); // two snapshots of two pages, then the walk
    QCOMPARE(listsSent(QStringLiteral("cached.log")), listsSent(QStringLiteral("fresh.log")));
}

QTEST_GUILESS_MAIN(tst_Doctor)
#include "tst_doctor.moc"
