// `mcpscope doctor`: each flaw of flawed_server.py gives its finding with its id and severity; a
// server that breaks nothing (flawed_server.py without flaws, the demo server in both eras) gets
// no error and no warning, since a false alarm is a defect too.
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include "httppeer.h"
#include "processes.h"

namespace {

const QString FlawedServer = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_server.py");
const QString FlawedModernServer = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_modern_server.py");
const QString Node = QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node");
const QString Sdk2Server = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/peers/sdk2-server.mjs");

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
    void failOnAndFilters();
    void textReport();
    void markdownReport();
    void junitReport();
    void usageAndUnreachable();
    void modernCleanServerHasNoAlarms_data();
    void modernCleanServerHasNoAlarms();
    void eachModernFlawIsFound_data();
    void eachModernFlawIsFound();
    void modernReferenceServers_data();
    void modernReferenceServers();
    void modernListsAskTheServer();

private:
    using Run = Mcp::Test::ProcessRun;
    Run doctor(const QStringList &arguments);
    Run flawed(const QStringList &flaws, const QStringList &options = {QStringLiteral("--format"), QStringLiteral("json"),
                                                                      QStringLiteral("--sample-calls")});
    // flawed_server.py --http with these flaws, examined over HTTP (the JSON report).
    Run flawedHttp(const QStringList &flaws, const QStringList &options = {});
    // flawed_modern_server.py with these flaws (over HTTP when http), examined in the modern era
    // (the JSON report); what it was sent goes to log when given.
    Run flawedModern(const QStringList &flaws, bool http, const QString &log = {}, const QStringList &extra = {});
};

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

void tst_Doctor::junitReport()
{
    // A test case per finding; the ones at or above --fail-on fail.
    const Run run = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("no-description")},
                           {QStringLiteral("--format"), QStringLiteral("junit"), QStringLiteral("--fail-on=warning")});
    QCOMPARE(run.exitCode, 1);
    QXmlStreamReader xml(run.out);
    int cases = 0;
    QStringList failures;
    QString suite;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("testsuite"))
            suite = xml.attributes().value(QLatin1String("name")).toString();
        else if (xml.name() == QLatin1String("testcase"))
            ++cases;
        else if (xml.name() == QLatin1String("failure"))
            failures << xml.attributes().value(QLatin1String("type")).toString();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(suite.startsWith(QLatin1String("flawed-server 1.0.0")), qPrintable(suite));
    // The two flaws and the notes: as many as the JSON report has findings.
    const Run json = flawed({QStringLiteral("duplicate-tool"), QStringLiteral("no-description")}, {QStringLiteral("--format=json")});
    QCOMPARE(cases, json.json()[QLatin1String("findings")].toArray().size());
    QCOMPARE(failures, (QStringList{QStringLiteral("error"), QStringLiteral("warning")}));
    QVERIFY(run.out.contains("classname=\"doctor.tools\""));
    QVERIFY(run.out.contains("fix: give each tool its own name"));
}

void tst_Doctor::usageAndUnreachable()
{
    const Run help = doctor({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("Usage: mcpscope doctor"));
    const Run format = doctor({QStringLiteral("--format"), QStringLiteral("xml"), QStringLiteral("x")});
    QCOMPARE(format.exitCode, 2);
    QVERIFY2(format.err.contains("--format must be text, json, markdown or junit"), format.err.constData());
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
    const QString checked = seenOf(report, QStringLiteral("modern.checked"));
    for (const char *check : {"result(s) with resultType, serverInfo and well-formed cache hints",
                              "the same order when listed again", "server/discover", "subscriptions/listen acknowledged"})
        QVERIFY2(checked.contains(QLatin1String(check)), qPrintable(checked + QStringLiteral(" lacks ") + QLatin1String(check)));
    if (http) {
        const QString httpChecked = seenOf(report, QStringLiteral("http.checked"));
        for (const char *check : {"Mcp-Method unlike the body (400, -32020)", "Mcp-Method missing (400, -32020)",
                                  "Mcp-Name unlike the body (400, -32020)",
                                  "unsupported protocol version (400, -32022)", "no _meta (400, -32602)",
                                  "unknown method (404, -32601)", "removed method ping (404, -32601)"})
            QVERIFY2(httpChecked.contains(QLatin1String(check)),
                     qPrintable(httpChecked + QStringLiteral(" lacks ") + QLatin1String(check)));
    }
    // The last subscriptions/listen is the Doctor's: closed (stdio: cancelled) before its next request.
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
    QVERIFY2(closedAt > listen && next > closedAt, qPrintable(lines.join(u'\n')));
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
    const QString checked = seenOf(report, QStringLiteral("modern.checked"));
    for (const char *check : {"result(s) with resultType, serverInfo and well-formed cache hints",
                              "the same order when listed again", "server/discover", "subscriptions/listen acknowledged"})
        QVERIFY2(checked.contains(QLatin1String(check)), qPrintable(checked + QStringLiteral(" lacks ") + QLatin1String(check)));
    if (http) {
        const QString httpChecked = seenOf(report, QStringLiteral("http.checked"));
        for (const char *check : {"Mcp-Method unlike the body (400, -32020)", "Mcp-Method missing (400, -32020)",
                                  "Mcp-Name unlike the body (400, -32020)",
                                  "unsupported protocol version (400, -32022)", "no _meta (400, -32602)",
                                  "unknown method (404, -32601)", "removed method ping (404, -32601)"})
            QVERIFY2(httpChecked.contains(QLatin1String(check)),
                     qPrintable(httpChecked + QStringLiteral(" lacks ") + QLatin1String(check)));
    }
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
