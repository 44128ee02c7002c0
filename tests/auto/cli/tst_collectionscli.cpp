// `mcpscope test` (collections) and `mcpscope replay`: the real binary against the real demo
// server; reports read back by parsers (QXmlStreamReader and python3's xml.etree for JUnit).
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include "eras.h"
#include "httppeer.h"
#include "processes.h"
#include "unauthorizedpeer.h"

class tst_CollectionsCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void help();
    void allPass();
    void failingAssertionsWithJUnit();
    void jsonReporter();
    void malformedCollection();
    void unreachableServer();
    void environmentVariables();
    void authorizationRequired();
    void httpServerBothEras_data();
    void httpServerBothEras();
    // mcpscope replay
    void replaySameServer_data();
    void replaySameServer();
    void replayToggledTool();
    void replayHar();
    void replayTaskCancelledAsRecorded();
    void replayUsage();

private:
    using Run = Mcp::Test::ProcessRun;
    Run mcpscope(const QStringList &arguments, int timeoutMs = 120000);
    QString writeCollection(const QString &name, const QJsonObject &servers, const QByteArray &calls);
    static QJsonObject demo(const QStringList &args = {}, const QString &era = {});
    // Records a capture of a collection's run against the stdio demo server in an era.
    QString recordCapture(const QString &era);

    QTemporaryDir m_dir;
};

tst_CollectionsCli::Run tst_CollectionsCli::mcpscope(const QStringList &arguments, int timeoutMs)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // subcommands need no display
    return Mcp::Test::runToEnd(QStringLiteral(MCPSCOPE_CLI), arguments, timeoutMs, env);
}

QJsonObject tst_CollectionsCli::demo(const QStringList &args, const QString &era)
{
    QJsonObject server{{QStringLiteral("command"), QStringLiteral(MCPSCOPE_DEMO_SERVER)},
                       {QStringLiteral("args"), QJsonArray::fromStringList(args)}};
    if (!era.isEmpty())
        server.insert(QStringLiteral("era"), era);
    return server;
}

QString tst_CollectionsCli::writeCollection(const QString &name, const QJsonObject &servers, const QByteArray &calls)
{
    QJsonParseError error;
    const QJsonArray callArray = QJsonDocument::fromJson(calls, &error).array();
    if (error.error != QJsonParseError::NoError)
        qWarning("bad calls in the test: %s", qPrintable(error.errorString()));
    const QJsonObject root{{QStringLiteral("format"), QStringLiteral("mcpscope-collection")},
                           {QStringLiteral("version"), 1},
                           {QStringLiteral("name"), name},
                           {QStringLiteral("servers"), servers},
                           {QStringLiteral("calls"), callArray}};
    const QString path = m_dir.filePath(name + QStringLiteral(".json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(root).toJson());
    return path;
}

void tst_CollectionsCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::exists(QStringLiteral(MCPSCOPE_DEMO_SERVER)));
}

void tst_CollectionsCli::help()
{
    const Run run = mcpscope({QStringLiteral("test"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("--reporter"));
    const Run usage = mcpscope({QStringLiteral("test"), QStringLiteral("--reporter"), QStringLiteral("tap"), QStringLiteral("x.json")});
    QCOMPARE(usage.exitCode, 2);
    QVERIFY(usage.err.contains("--reporter must be"));
}

void tst_CollectionsCli::allPass()
{
    const QString file = writeCollection(QStringLiteral("pass"), {{QStringLiteral("demo"), demo()}}, R"([
        {"name": "adds", "tool": "add", "arguments": {"a": 2, "b": 3},
         "expect": [{"path": "$.structuredContent.sum", "equals": 5}, {"structuredContentValid": true}]},
        {"name": "lists", "method": "tools/list", "expect": [{"path": "$.tools[*].name", "contains": "echo"}]}])");
    const Run run = mcpscope({QStringLiteral("test"), file});
    QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("PASS  adds [demo]"), run.out.constData());
    QVERIFY2(run.out.contains("2 passed, 0 failed, 0 errors"), run.out.constData());
}

// Exit 1, and a JUnit file that two JUnit-reading parsers agree on.
void tst_CollectionsCli::failingAssertionsWithJUnit()
{
    const QString file = writeCollection(QStringLiteral("fail"), {{QStringLiteral("demo"), demo()}}, R"([
        {"name": "adds", "tool": "add", "arguments": {"a": 2, "b": 3}, "expect": [{"path": "$.structuredContent.sum", "equals": 5}]},
        {"name": "adds wrongly", "tool": "add", "arguments": {"a": 2, "b": 3}, "expect": [{"path": "$.structuredContent.sum", "equals": 6}]},
        {"name": "tool error", "tool": "fail", "expect": [{"isError": false}]}])");
    const QString report = m_dir.filePath(QStringLiteral("report.xml"));
    const Run run = mcpscope({QStringLiteral("test"), file, QStringLiteral("--reporter"), QStringLiteral("junit"),
                              QStringLiteral("--output"), report});
    QVERIFY2(run.exitCode == 1, QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("FAIL  adds wrongly"), run.out.constData()); // the text summary still on stdout
    QFile xmlFile(report);
    QVERIFY(xmlFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&xmlFile);
    int cases = 0, failures = 0;
    QString suiteFailures;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        cases += xml.name() == QLatin1String("testcase");
        failures += xml.name() == QLatin1String("failure");
        if (xml.name() == QLatin1String("testsuite"))
            suiteFailures = xml.attributes().value(QStringLiteral("failures")).toString();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(cases, 3);
    QCOMPARE(failures, 2);
    QCOMPARE(suiteFailures, QStringLiteral("2"));

    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 is not on PATH");
    QProcess parse;
    parse.start(python, {QStringLiteral("-c"), QStringLiteral(
        "import sys, xml.etree.ElementTree as ET\n"
        "root = ET.parse(sys.argv[1]).getroot()\n"
        "assert root.tag == 'testsuites', root.tag\n"
        "cases = root.findall('./testsuite/testcase')\n"
        "failed = [c.get('name') for c in cases if c.find('failure') is not None]\n"
        "print(len(cases), root.get('tests'), root.get('failures'), ','.join(failed))\n"), report});
    QVERIFY(parse.waitForFinished(30000));
    QCOMPARE(parse.exitCode(), 0);
    QCOMPARE(parse.readAllStandardOutput().trimmed(), QByteArray("3 3 2 adds wrongly,tool error"));
}

void tst_CollectionsCli::jsonReporter()
{
    const QString file = writeCollection(QStringLiteral("json"), {{QStringLiteral("demo"), demo()}}, R"([
        {"name": "echo", "tool": "echo", "arguments": {"message": "hi"}, "expect": [{"maxLatencyMs": 10000}]},
        {"name": "slow", "tool": "long_task", "arguments": {"steps": 2, "delayMs": 250}, "expect": [{"maxLatencyMs": 100}]}])");
    const Run run = mcpscope({QStringLiteral("test"), file, QStringLiteral("--reporter=json")});
    QVERIFY2(run.exitCode == 1, run.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(report.value(QStringLiteral("passed")).toInt(), 1);
    QCOMPARE(report.value(QStringLiteral("failed")).toInt(), 1);
    const QJsonObject slow = report.value(QStringLiteral("calls")).toArray().at(1).toObject();
    QVERIFY(slow.value(QStringLiteral("elapsedMs")).toInt() >= 400); // 2 x 250 ms, less a coarse timer's slack
    const QString message = slow.value(QStringLiteral("assertions")).toArray().at(0).toObject().value(QStringLiteral("message")).toString();
    QVERIFY2(message.startsWith(QStringLiteral("took ")), qPrintable(message));
}

void tst_CollectionsCli::malformedCollection()
{
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"mcpscope-collection\", \"version\": 1,\n  \"servers\": {\"demo\": {\"command\": \"x\"}},\n"
               "  \"calls\": [{\"tool\": \"echo\", \"expect\": [{\"status\": \"fine\"}]}]}\n");
    file.close();
    Run run = mcpscope({QStringLiteral("test"), broken});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains((broken + QStringLiteral(":3:")).toUtf8()), run.err.constData());
    QVERIFY2(run.err.contains("/calls/0/expect/0"), run.err.constData());

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"format\": \"mcpscope-collection\",\n  \"version\": 1 \"servers\": {}}");
    file.close();
    run = mcpscope({QStringLiteral("test"), broken});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains((broken + QStringLiteral(":2:")).toUtf8()), run.err.constData());
    QVERIFY2(run.err.contains("not valid JSON"), run.err.constData());

    run = mcpscope({QStringLiteral("test"), m_dir.filePath(QStringLiteral("missing.json"))});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("cannot read"), run.err.constData());
}

void tst_CollectionsCli::unreachableServer()
{
    const QString file = writeCollection(QStringLiteral("unreachable"),
                                         {{QStringLiteral("demo"), demo()},
                                          {QStringLiteral("gone"), QJsonObject{{QStringLiteral("command"), QStringLiteral("/nonexistent/server")}}}},
                                         R"([{"server": "demo", "tool": "echo", "arguments": {"message": "x"}, "expect": [{"isError": true}]},
                                             {"server": "gone", "tool": "echo"}])");
    const QString report = m_dir.filePath(QStringLiteral("unreachable.xml"));
    const Run run = mcpscope({QStringLiteral("test"), file, QStringLiteral("--reporter"), QStringLiteral("junit"),
                              QStringLiteral("--output"), report});
    // An unreachable server wins over a failed assertion: the run is incomplete.
    QVERIFY2(run.exitCode == 4, QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("ERROR  tools/call echo [gone]"), run.out.constData());
    QFile xmlFile(report);
    QVERIFY(xmlFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&xmlFile);
    int errors = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("error"))
            ++errors;
    }
    QCOMPARE(errors, 1);
}

// ${VAR} in a server entry comes from the environment; one that is not set is a usage error.
void tst_CollectionsCli::environmentVariables()
{
    QJsonObject entry{{QStringLiteral("command"), QStringLiteral("${MCPSCOPE_TEST_DEMO}")}};
    const QString file = writeCollection(QStringLiteral("env"), {{QStringLiteral("demo"), entry}},
                                         R"([{"tool": "echo", "arguments": {"message": "x"}}])");
    Run run = mcpscope({QStringLiteral("test"), file});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("MCPSCOPE_TEST_DEMO"), run.err.constData());
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MCPSCOPE_TEST_DEMO"), QStringLiteral(MCPSCOPE_DEMO_SERVER));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("test"), file});
    QVERIFY(process.waitForFinished(60000));
    QVERIFY2(process.exitCode() == 0, process.readAll().constData());
}

void tst_CollectionsCli::authorizationRequired()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 is not on PATH");
    const Mcp::Test::ScopedHttpPeer server(python, {QStringLiteral("-c"), Mcp::Test::unauthorizedServerScript()});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    const QJsonObject entry{{QStringLiteral("type"), QStringLiteral("http")}, {QStringLiteral("url"), url},
                            {QStringLiteral("x-mcpscope"), QJsonObject{{QStringLiteral("auth"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("none")}}}}}};
    const QString file = writeCollection(QStringLiteral("auth"), {{QStringLiteral("locked"), entry}}, R"([{"method": "tools/list"}])");
    const Run run = mcpscope({QStringLiteral("test"), file});
    QVERIFY2(run.exitCode == 3, QByteArray(run.out + run.err).constData());
}

// The same collection over Streamable HTTP, in each era.
void tst_CollectionsCli::httpServerBothEras_data()
{
    Mcp::Test::addEraRows();
}

void tst_CollectionsCli::httpServerBothEras()
{
    QFETCH(QString, era);
    const Mcp::Test::ScopedHttpPeer server(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http")});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    const QJsonObject entry{{QStringLiteral("type"), QStringLiteral("http")}, {QStringLiteral("url"), url}, {QStringLiteral("era"), era}};
    const QString file = writeCollection(QStringLiteral("http-") + era, {{QStringLiteral("demo"), entry}}, R"([
        {"name": "weather", "tool": "get_weather", "arguments": {"city": "Lagos"}, "expect": [{"structuredContentValid": true}]},
        {"name": "elicit", "tool": "ask_user", "answers": {"elicitation": [{"action": "accept", "content": {"name": "Lin"}}]},
         "expect": [{"asked": "elicitation/create"}, {"path": "$.structuredContent.content.name", "equals": "Lin"}]},
        {"name": "wrong", "tool": "echo", "arguments": {"message": "a"}, "expect": [{"path": "$.content[0].text", "equals": "b"}]}])");
    const Run run = mcpscope({QStringLiteral("test"), file, QStringLiteral("--reporter"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 1, QByteArray(run.out + run.err).constData());
    const QJsonObject report = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(report.value(QStringLiteral("passed")).toInt(), 2);
    QCOMPARE(report.value(QStringLiteral("failed")).toInt(), 1);
    const QJsonObject elicit = report.value(QStringLiteral("calls")).toArray().at(1).toObject();
    // A modern elicitation takes a second round (input_required, then the answer).
    QCOMPARE(elicit.value(QStringLiteral("rounds")).toInt() > 1, era == QLatin1String("modern"));
}

QString tst_CollectionsCli::recordCapture(const QString &era)
{
    const QString file = writeCollection(QStringLiteral("record-") + era, {{QStringLiteral("demo"), demo({}, era)}}, R"([
        {"method": "tools/list"},
        {"tool": "echo", "arguments": {"message": "replay me"}},
        {"tool": "add", "arguments": {"a": 20, "b": 22}},
        {"tool": "ask_user", "answers": {"elicitation": {"action": "accept", "content": {"name": "Replay"}}}},
        {"prompt": "greeting", "arguments": {"name": "Ada"}},
        {"uri": "demo://docs/readme"},
        {"uri": "demo://clock"},
        {"method": "no/such_method", "expect": [{"status": "error"}]}])");
    const QString capture = m_dir.filePath(QStringLiteral("record-%1.jsonl").arg(era));
    const Run run = mcpscope({QStringLiteral("test"), file, QStringLiteral("--capture"), capture});
    if (run.exitCode != 0)
        qWarning("recording failed: %s %s", run.out.constData(), run.err.constData());
    return capture;
}

void tst_CollectionsCli::replaySameServer_data()
{
    QTest::addColumn<QString>("recordEra");
    QTest::addColumn<QString>("replayEra");
    QTest::newRow("legacy") << QStringLiteral("legacy") << QStringLiteral("legacy");
    QTest::newRow("modern") << QStringLiteral("modern") << QStringLiteral("modern");
    QTest::newRow("legacy capture, modern replay") << QStringLiteral("legacy") << QStringLiteral("modern");
}

// A capture replayed against the server it was recorded from: every answer the same, the
// elicitation answered again as it was, and the clock's changing text taken for a timestamp.
void tst_CollectionsCli::replaySameServer()
{
    QFETCH(QString, recordEra);
    QFETCH(QString, replayEra);
    const QString capture = recordCapture(recordEra);
    QVERIFY(QFile::exists(capture));
    // "--name=value" and "--name value" alike.
    const Run run = mcpscope({QStringLiteral("replay"), capture, QStringLiteral("--protocol"), replayEra,
                              QStringLiteral("--format=json"), QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
    const QJsonObject report = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(report.value(QStringLiteral("replayed")).toInt(), 8);
    QCOMPARE(report.value(QStringLiteral("different")).toInt(), 0);
    const QJsonArray steps = report.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.at(3).toObject().value(QStringLiteral("method")).toString(), QStringLiteral("tools/call"));
    QCOMPARE(steps.at(3).toObject().value(QStringLiteral("params")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("ask_user"));
}

// The same capture against the demo server with extra_tool toggled on: tools/list differs, shown.
void tst_CollectionsCli::replayToggledTool()
{
    const QString capture = recordCapture(QStringLiteral("legacy"));
    const Run run = mcpscope({QStringLiteral("replay"), capture, QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER),
                              QStringLiteral("--extra-tool")});
    QVERIFY2(run.exitCode == 1, QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("DIFFERS  #1 tools/list"), run.out.constData());
    QVERIFY2(run.out.contains("$.result.tools[?(@.name==\"extra_tool\")]: (absent) -> {"), run.out.constData());
    // One tool added is one difference, not a shift of the tools after it.
    QCOMPARE(run.out.count("      $.result.tools"), 1);
    QVERIFY2(run.out.contains("same     #2 tools/call echo"), run.out.constData());
    QVERIFY2(run.out.contains("replayed 8 requests: 7 same, 1 different"), run.out.constData());
}

// A HAR file saved over Streamable HTTP, replayed against the stdio demo server.
void tst_CollectionsCli::replayHar()
{
    const Mcp::Test::ScopedHttpPeer server(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http")});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    const QString har = m_dir.filePath(QStringLiteral("add.har"));
    Run run = mcpscope({QStringLiteral("--cli"), url, QStringLiteral("--protocol"), QStringLiteral("legacy"),
                        QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"), QStringLiteral("add"),
                        QStringLiteral("--tool-arg"), QStringLiteral("a=1"), QStringLiteral("--tool-arg"), QStringLiteral("b=2"),
                        QStringLiteral("--capture"), har});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = mcpscope({QStringLiteral("replay"), har, QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("same     #1 tools/call add"), run.out.constData());
    QVERIFY2(run.out.contains("replayed 1 requests"), run.out.constData());
    // Against the HTTP server itself, too.
    run = mcpscope({QStringLiteral("replay"), har, QStringLiteral("--url"), url});
    QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
}

// A modern call that became a task and was cancelled (here by --max-total-timeout): the capture
// holds the call, the task's polls and tasks/cancel; the replay sends the call once, follows its own
// task and cancels it at the same moment, which is the same outcome.
void tst_CollectionsCli::replayTaskCancelledAsRecorded()
{
    const QString capture = m_dir.filePath(QStringLiteral("task-cancelled.jsonl"));
    const QStringList call{QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                           QStringLiteral("batch_job"), QStringLiteral("--tool-arg"), QStringLiteral("items=50"),
                           QStringLiteral("--tool-arg"), QStringLiteral("delayMs=200")};
    Run run = mcpscope(QStringList{QStringLiteral("--cli"), QStringLiteral("--protocol"), QStringLiteral("modern"),
                                   QStringLiteral("--max-total-timeout"), QStringLiteral("800"), QStringLiteral("--capture"), capture}
                       + call + QStringList{QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QVERIFY2(run.exitCode == 4, run.err.constData());
    // The error says what went out: the task was sent and cancelled, not "never sent".
    QVERIFY2(run.err.contains("sent tasks/cancel for task"), run.err.constData());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray recorded = file.readAll();
    QVERIFY(recorded.contains("tasks/cancel"));
    QVERIFY(recorded.contains("tasks/get"));
    run = mcpscope({QStringLiteral("replay"), capture, QStringLiteral("--protocol"), QStringLiteral("modern"),
                    QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("same     #1 tools/call batch_job"), run.out.constData());
    QVERIFY2(run.out.contains("replayed 1 requests: 1 same, 0 different"), run.out.constData());
}

void tst_CollectionsCli::replayUsage()
{
    Run run = mcpscope({QStringLiteral("replay"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    run = mcpscope({QStringLiteral("replay"), m_dir.filePath(QStringLiteral("x.jsonl"))});
    QCOMPARE(run.exitCode, 2);
    run = mcpscope({QStringLiteral("replay"), m_dir.filePath(QStringLiteral("x.jsonl")), QStringLiteral("--format=xml")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--format: \"xml\" is not a valid value"), run.err.constData());
    const QString notACapture = m_dir.filePath(QStringLiteral("not-a-capture.jsonl"));
    QFile file(notACapture);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"hello\": 1}\n");
    file.close();
    run = mcpscope({QStringLiteral("replay"), notACapture, QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("not an MCP Scope capture"), run.err.constData());
    run = mcpscope({QStringLiteral("replay"), recordCapture(QStringLiteral("legacy")), QStringLiteral("--"),
                    QStringLiteral("/nonexistent/server")});
    QCOMPARE(run.exitCode, 4);
}

QTEST_GUILESS_MAIN(tst_CollectionsCli)
#include "tst_collectionscli.moc"
