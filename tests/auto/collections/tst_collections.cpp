// Collections (lib/collections): loading with clear errors, JSON paths, and every assertion
// kind both passing and failing against the real demo server, in the legacy and modern eras.
#include "collections/collection.h"
#include "collections/collectionreport.h"
#include "collections/collectionrunner.h"
#include "collections/jsonpath.h"
#include "collections/replay.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QXmlStreamReader>

#include "eras.h"

using namespace Mcp;

class tst_Collections : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonPath_data();
    void jsonPath();
    void invalidPaths();
    void pointerOffsets();
    void schemaIsBuiltIn();
    void malformed_data();
    void malformed();
    void methodFromTarget();
    void assertionsAgainstDemo_data();
    void assertionsAgainstDemo();
    void unreachableServer();
    void serverCrashesMidRun();
    void timeoutIsAFailure();
    void reports();
    void replayNormalizationAndDifferences();
    void replayPlanFoldsRounds();
    void replayPlanFollowsTasks();
    void appendCallFromTheWindow();

private:
    static QByteArray collectionText(const QJsonObject &server, const QJsonArray &calls);
    RunReport run(const Collection &collection, int timeoutMs = 120000);
};

static QJsonObject demoServer(const QString &era)
{
    QJsonObject server{{QStringLiteral("command"), QStringLiteral(MCPSCOPE_DEMO_SERVER)}, {QStringLiteral("args"), QJsonArray()}};
    if (!era.isEmpty())
        server.insert(QStringLiteral("era"), era);
    return server;
}

// One message in a capture: when (its monotonic nanoseconds), which way ("out" or "in") and its
// JSON text as it went over the wire.
struct CapturedLine
{
    qint64 mono;
    const char *dir;
    const char *raw;
};

// A capture file of one connection (1, "demo") holding these messages, as the capture reader reads it.
static CapturedMessages demoCapture(std::initializer_list<CapturedLine> messages)
{
    QByteArray text = R"({"format":"mcpscope-capture","version":1,"connections":[{"id":1,"name":"demo"}]})" "\n";
    for (const CapturedLine &message : messages) {
        const QJsonObject event{{QStringLiteral("t"), 1},
                                {QStringLiteral("mono"), message.mono},
                                {QStringLiteral("conn"), 1},
                                {QStringLiteral("dir"), QLatin1String(message.dir)},
                                {QStringLiteral("kind"), QStringLiteral("message")},
                                {QStringLiteral("raw"), QString::fromUtf8(message.raw)}};
        text += QJsonDocument(event).toJson(QJsonDocument::Compact) + '\n';
    }
    return CapturedMessages::fromJsonLines(text);
}

QByteArray tst_Collections::collectionText(const QJsonObject &server, const QJsonArray &calls)
{
    const QJsonObject root{{QStringLiteral("format"), QStringLiteral("mcpscope-collection")},
                           {QStringLiteral("version"), 1},
                           {QStringLiteral("name"), QStringLiteral("demo")},
                           {QStringLiteral("servers"), QJsonObject{{QStringLiteral("demo"), server}}},
                           {QStringLiteral("calls"), calls}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

RunReport tst_Collections::run(const Collection &collection, int timeoutMs)
{
    CollectionRunner runner(collection);
    QSignalSpy finished(&runner, &CollectionRunner::finished);
    runner.start();
    if (!finished.wait(timeoutMs))
        qWarning("the run did not finish");
    return runner.report();
}

void tst_Collections::jsonPath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QByteArray>("expected"); // a JSON array of the selected values
    const QByteArray doc = R"({"a": {"b": [1, 2, {"c": "x"}], "d e": true}, "n": null})";
    QTest::newRow("root") << QStringLiteral("$") << doc << QByteArray("[" + doc + "]");
    QTest::newRow("member") << QStringLiteral("$.a.b") << doc << QByteArray(R"([[1, 2, {"c": "x"}]])");
    QTest::newRow("quoted") << QStringLiteral("$.a['d e']") << doc << QByteArray("[true]");
    QTest::newRow("index") << QStringLiteral("$.a.b[1]") << doc << QByteArray("[2]");
    QTest::newRow("negative index") << QStringLiteral("$.a.b[-1].c") << doc << QByteArray(R"(["x"])");
    QTest::newRow("wildcard") << QStringLiteral("$.a.b[*]") << doc << QByteArray(R"([1, 2, {"c": "x"}])");
    QTest::newRow("out of range") << QStringLiteral("$.a.b[3]") << doc << QByteArray("[]");
    QTest::newRow("null is a value") << QStringLiteral("$.n") << doc << QByteArray("[null]");
    QTest::newRow("pointer") << QStringLiteral("/a/b/2/c") << doc << QByteArray(R"(["x"])");
    QTest::newRow("pointer escapes") << QStringLiteral("/a/d e") << doc << QByteArray("[true]");
}

void tst_Collections::jsonPath()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, document);
    QFETCH(QByteArray, expected);
    QString error;
    const JsonPath parsed = JsonPath::parse(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QJsonArray selected;
    for (const QJsonValue &value : parsed.select(QJsonDocument::fromJson(document).object()))
        selected.append(value);
    QCOMPARE(selected, QJsonDocument::fromJson(expected).array());
}

void tst_Collections::invalidPaths()
{
    for (const char *text : {"a.b", "$.a d", "$.", "$[", "$['a'", "$[x]", "$[*"}) {
        QString error;
        QVERIFY2(!JsonPath::parse(QString::fromLatin1(text), &error).isValid(), text);
        QVERIFY2(!error.isEmpty(), text);
    }
}

void tst_Collections::pointerOffsets()
{
    const QByteArray json = "{\"a\": [10, {\"b\": \"x\"}],\n \"c\": {\"d\\\"e\": 5}}";
    QCOMPARE(jsonPointerOffset(json, QString()), 0);
    QCOMPARE(json.mid(jsonPointerOffset(json, QStringLiteral("/a")), 1), QByteArray("["));
    QCOMPARE(json.mid(jsonPointerOffset(json, QStringLiteral("/a/1/b")), 3), QByteArray("\"x\""));
    QCOMPARE(json.mid(jsonPointerOffset(json, QStringLiteral("/c/d\"e")), 1), QByteArray("5"));
    QCOMPARE(jsonPointerOffset(json, QStringLiteral("/a/5")), -1);
    QCOMPARE(jsonPointerOffset(json, QStringLiteral("/nothing")), -1);
    // An empty array has no first element (its ']' was taken for one; found by fuzz_collection).
    QCOMPARE(jsonPointerOffset("{\"a\": [ ]}", QStringLiteral("/a/0")), -1);
    QCOMPARE(jsonPointerOffset("[[], [1]]", QStringLiteral("/0/0")), -1);
    QCOMPARE(jsonPointerOffset("[[], [1]]", QStringLiteral("/1/0")), 6);
}

void tst_Collections::schemaIsBuiltIn()
{
    // The built-in schema is the shipped file, and it is itself valid JSON.
    QFile shipped(QStringLiteral(MCPSCOPE_SOURCE_DIR "/resources/schemas/collection.schema.json"));
    QVERIFY(shipped.open(QIODevice::ReadOnly));
    QCOMPARE(Collection::schemaText(), shipped.readAll());
    QVERIFY(QJsonDocument::fromJson(Collection::schemaText()).isObject());
}

void tst_Collections::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");       // 0: not checked
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("pointer"); // null: a syntax error, no pointer
    QTest::addColumn<QString>("message"); // a part of the message

    const QByteArray head = "{\"format\": \"mcpscope-collection\", \"version\": 1,\n"
                            " \"servers\": {\"demo\": {\"command\": \"demo\"}},\n";
    QTest::newRow("syntax") << QByteArray(head + " \"calls\": [\n   {\"tool\": \"echo\",, }]}") << 4 << 20 << QString()
                            << QStringLiteral("not valid JSON");
    QTest::newRow("not a collection") << QByteArray("{\"mcpServers\": {}}") << 0 << 0 << QStringLiteral("/format")
                                      << QStringLiteral("not an MCP Scope collection");
    QTest::newRow("future version") << QByteArray("{\"format\": \"mcpscope-collection\",\n \"version\": 2}") << 2 << 13
                                    << QStringLiteral("/version") << QStringLiteral("version 2 is not supported");
    QTest::newRow("wrong type") << QByteArray(head + " \"calls\": [{\"tool\": \"echo\", \"timeoutMs\": \"soon\"}]}") << 3 << 0
                                << QStringLiteral("/calls/0/timeoutMs") << QStringLiteral("whole number");
    QTest::newRow("unknown member") << QByteArray(head + " \"calls\": [{\"tool\": \"echo\", \"expct\": []}]}") << 3 << 0
                                    << QStringLiteral("/calls/0/expct") << QStringLiteral("not an allowed property");
    QTest::newRow("unknown assertion") << QByteArray(head + " \"calls\": [{\"tool\": \"echo\",\n  \"expect\": [{\"bogus\": 1}]}]}")
                                       << 4 << 14 << QStringLiteral("/calls/0/expect/0") << QStringLiteral("an assertion has one of: status");
    QTest::newRow("path without a test") << QByteArray(head + " \"calls\": [{\"tool\": \"echo\", \"expect\": [{\"path\": \"$.a\"}]}]}")
                                         << 3 << 0 << QStringLiteral("/calls/0/expect/0") << QStringLiteral("a path goes with one of");
    QTest::newRow("bad regex") << QByteArray(head + " \"calls\": [{\"tool\": \"echo\",\n  \"expect\": [{\"path\": \"$.a\", \"matches\": \"(\"}]}]}")
                               << 4 << 0 << QStringLiteral("/calls/0/expect/0/matches") << QStringLiteral("not a regular expression");
    QTest::newRow("bad path") << QByteArray(head + " \"calls\": [{\"tool\": \"echo\", \"expect\": [{\"path\": \"$.a[\", \"exists\": true}]}]}")
                              << 3 << 0 << QStringLiteral("/calls/0/expect/0/path") << QStringLiteral("index");
    QTest::newRow("unknown server") << QByteArray(head + " \"calls\": [{\"server\": \"other\", \"tool\": \"echo\"}]}") << 3 << 0
                                    << QStringLiteral("/calls/0/server") << QStringLiteral("no server named \"other\"");
    QTest::newRow("bad era") << QByteArray("{\"format\": \"mcpscope-collection\", \"version\": 1,\n"
                                           " \"servers\": {\"demo\": {\"command\": \"demo\", \"era\": \"modern:1999-01-01\"}}, \"calls\": []}")
                             << 2 << 0 << QStringLiteral("/servers/demo/era") << QStringLiteral("not an era");
    QTest::newRow("schema keyword on a non-tool") << QByteArray(head + " \"calls\": [{\"uri\": \"demo://x\", \"expect\": [{\"structuredContentValid\": true}]}]}")
                                                  << 3 << 0 << QStringLiteral("/calls/0/expect/0") << QStringLiteral("tools/call only");
    QTest::newRow("server without command or url") << QByteArray("{\"format\": \"mcpscope-collection\", \"version\": 1,\n"
                                                                 " \"servers\": {\"demo\": {\"args\": []}}, \"calls\": []}")
                                                   << 2 << 22 << QStringLiteral("/servers/demo") << QStringLiteral("needs \"command\" (stdio) or \"url\"");
}

void tst_Collections::malformed()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, pointer);
    QFETCH(QString, message);
    const Collection::LoadResult result = Collection::parse(text, QStringLiteral("c.json"));
    QVERIFY(!result.isValid());
    const QString all = result.errorText();
    qDebug().noquote() << all;
    bool found = false;
    for (const CollectionIssue &issue : result.issues) {
        if (issue.pointer != pointer && !(pointer.isNull() && issue.pointer.isNull()))
            continue;
        found = true;
        QVERIFY2(issue.message.contains(message), qPrintable(all));
        if (line)
            QCOMPARE(issue.line, line);
        if (column)
            QCOMPARE(issue.column, column);
        QVERIFY(issue.toString().startsWith(QStringLiteral("c.json:")));
    }
    QVERIFY2(found, qPrintable(all));
}

void tst_Collections::methodFromTarget()
{
    const QByteArray text = collectionText(demoServer({}), QJsonDocument::fromJson(R"([
        {"tool": "echo", "arguments": {"message": "x"}},
        {"prompt": "simple"},
        {"uri": "demo://readme"},
        {"method": "tools/list"},
        {"name": "named", "method": "ping"}])").array());
    const Collection::LoadResult result = Collection::parse(text);
    QVERIFY2(result.isValid(), qPrintable(result.errorText()));
    const QList<CollectionCall> &calls = result.collection.calls;
    QCOMPARE(calls.size(), 5);
    QCOMPARE(calls.at(0).method, QStringLiteral("tools/call"));
    QCOMPARE(calls.at(0).target, QStringLiteral("echo"));
    QCOMPARE(calls.at(0).name, QStringLiteral("tools/call echo"));
    QCOMPARE(calls.at(1).method, QStringLiteral("prompts/get"));
    QCOMPARE(calls.at(2).method, QStringLiteral("resources/read"));
    QCOMPARE(calls.at(2).target, QStringLiteral("demo://readme"));
    QCOMPARE(calls.at(3).method, QStringLiteral("tools/list"));
    QCOMPARE(calls.at(4).name, QStringLiteral("named"));
    QCOMPARE(calls.at(0).server, QStringLiteral("demo")); // the only server
    QCOMPARE(result.collection.servers.first().config.command, QStringLiteral(MCPSCOPE_DEMO_SERVER));
}

// Each row: a call with one assertion, and whether it must pass. Every kind passes in one row
// and fails in another; the server is the real demo server.
struct Row
{
    const char *name;
    const char *call;
    bool passes;
};

static const Row rows[] = {
    {"status ok: passes", R"({"tool": "echo", "arguments": {"message": "hi"}, "expect": [{"status": "ok"}]})", true},
    {"status ok: fails on an error", R"({"method": "no/such_method", "expect": [{"status": "ok"}]})", false},
    {"status error: passes", R"({"method": "no/such_method", "expect": [{"status": "error"}]})", true},
    {"status error with code: passes", R"({"tool": "no_such_tool", "expect": [{"status": "error", "code": -32602}]})", true},
    {"status error with code: fails on another code", R"({"method": "no/such_method", "expect": [{"status": "error", "code": -32602}]})", false},
    {"status error: fails on a result", R"({"tool": "echo", "arguments": {"message": "hi"}, "expect": [{"status": "error"}]})", false},
    {"isError true: passes", R"({"tool": "fail", "expect": [{"isError": true}]})", true},
    {"isError false: fails", R"({"tool": "fail", "expect": [{"isError": false}]})", false},
    {"isError false: passes", R"({"tool": "echo", "arguments": {"message": "hi"}, "expect": [{"isError": false}]})", true},
    {"equals: passes", R"({"tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"path": "$.structuredContent.sum", "equals": 3}]})", true},
    {"equals: fails", R"({"tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"path": "$.structuredContent.sum", "equals": 4}]})", false},
    {"equals by pointer: passes", R"({"tool": "add", "arguments": {"a": 2, "b": 2}, "expect": [{"path": "/structuredContent/sum", "equals": 4}]})", true},
    {"equals on the error: passes", R"({"method": "no/such_method", "expect": [{"path": "$.code", "equals": -32601}]})", true},
    {"contains text: passes", R"({"tool": "echo", "arguments": {"message": "hello world"}, "expect": [{"path": "$.content[0].text", "contains": "world"}]})", true},
    {"contains text: fails", R"({"tool": "echo", "arguments": {"message": "hello world"}, "expect": [{"path": "$.content[0].text", "contains": "mars"}]})", false},
    {"contains element: passes", R"({"tool": "echo", "arguments": {"message": "x"}, "expect": [{"path": "$.content", "contains": {"type": "text", "text": "x"}}]})", true},
    {"contains element: fails", R"({"tool": "echo", "arguments": {"message": "x"}, "expect": [{"path": "$.content", "contains": {"type": "image"}}]})", false},
    {"matches: passes", R"({"tool": "echo", "arguments": {"message": "hello world"}, "expect": [{"path": "$.content[0].text", "matches": "^hel+o\\s"}]})", true},
    {"matches: fails", R"({"tool": "echo", "arguments": {"message": "hello world"}, "expect": [{"path": "$.content[0].text", "matches": "^world"}]})", false},
    {"matches in a list: passes", R"({"method": "tools/list", "expect": [{"path": "$.tools[*].name", "matches": "^get_weather$"}]})", true},
    {"exists: passes", R"({"tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"path": "$.structuredContent", "exists": true}]})", true},
    {"exists: fails", R"({"tool": "echo", "arguments": {"message": "x"}, "expect": [{"path": "$.structuredContent", "exists": true}]})", false},
    {"not exists: passes", R"({"tool": "echo", "arguments": {"message": "x"}, "expect": [{"path": "$.structuredContent", "exists": false}]})", true},
    {"output schema valid: passes", R"({"tool": "get_weather", "arguments": {"city": "Berlin"}, "expect": [{"structuredContentValid": true}]})", true},
    {"output schema invalid expected: fails", R"({"tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"structuredContentValid": false}]})", false},
    {"output schema missing: fails", R"({"tool": "route_query", "arguments": {"region": "eu", "query": "q"}, "expect": [{"structuredContentValid": true}]})", false},
    {"latency: passes", R"({"tool": "echo", "arguments": {"message": "x"}, "expect": [{"maxLatencyMs": 10000}]})", true},
    {"latency: fails", R"({"tool": "long_task", "arguments": {"steps": 2, "delayMs": 300}, "expect": [{"maxLatencyMs": 150}]})", false},
    {"elicitation answered: passes", R"({"tool": "ask_user", "answers": {"elicitation": {"action": "accept", "content": {"name": "Grace"}}},
        "expect": [{"path": "$.structuredContent.content.name", "equals": "Grace"}]})", true},
    {"elicitation unscripted: fails", R"({"tool": "ask_user", "expect": [{"path": "$.structuredContent.action", "equals": "accept"}]})", false},
    {"asked elicitation: passes", R"({"tool": "ask_user", "answers": {"elicitation": {"action": "decline"}}, "expect": [{"asked": "elicitation/create"}]})", true},
    {"asked sampling: fails", R"({"tool": "echo", "arguments": {"message": "x"}, "expect": [{"asked": "sampling/createMessage"}]})", false},
    {"sampling answered: passes", R"({"tool": "ask_llm", "arguments": {"prompt": "hi"}, "answers": {"sampling": {"text": "Scripted words", "model": "scripted-1"}},
        "expect": [{"path": "$.content[0].text", "contains": "Scripted words"}]})", true},
    {"sampling error answer: fails", R"({"tool": "ask_llm", "arguments": {"prompt": "hi"}, "answers": {"sampling": {"error": {"code": -1, "message": "no"}}},
        "expect": [{"isError": false}]})", false},
    {"roots answered: passes", R"({"tool": "list_roots", "answers": {"roots": [{"uri": "file:///tmp/collection-root", "name": "r"}]},
        "expect": [{"path": "$.structuredContent.roots[0].uri", "equals": "file:///tmp/collection-root"}]})", true},
    {"roots unscripted: fails", R"({"tool": "list_roots", "expect": [{"path": "$.structuredContent.roots[0]", "exists": true}]})", false},
    {"prompt: passes", R"({"prompt": "greeting", "arguments": {"name": "Ada"}, "expect": [{"path": "$.messages[0].content.text", "contains": "Ada"}]})", true},
    {"resource: fails", R"({"uri": "demo://no-such-resource", "expect": [{"status": "ok"}]})", false},
};

void tst_Collections::assertionsAgainstDemo_data()
{
    Mcp::Test::addEraRows();
}

void tst_Collections::assertionsAgainstDemo()
{
    QFETCH(QString, era);
    QJsonArray calls;
    for (const Row &row : rows) {
        QJsonParseError error;
        QJsonObject call = QJsonDocument::fromJson(row.call, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, row.name);
        call.insert(QStringLiteral("name"), QString::fromLatin1(row.name));
        calls.append(call);
    }
    const Collection::LoadResult loaded = Collection::parse(collectionText(demoServer(era), calls));
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    const RunReport report = run(loaded.collection);
    QCOMPARE(report.calls.size(), qsizetype(std::size(rows)));
    QVERIFY(report.unreachable.isEmpty());
    for (qsizetype i = 0; i < report.calls.size(); ++i) {
        const CallReport &call = report.calls.at(i);
        const Row &row = rows[i];
        QCOMPARE(call.call.name, QString::fromLatin1(row.name));
        QVERIFY2(call.outcome.ran, row.name);
        QCOMPARE(call.results.size(), 1);
        const AssertionResult &result = call.results.first();
        QVERIFY2(result.passed == row.passes,
                 qPrintable(QStringLiteral("%1: %2 (%3)").arg(QString::fromLatin1(row.name), result.assertion.describe(), result.message)));
        QCOMPARE(call.status, row.passes ? CallReport::Status::Passed : CallReport::Status::Failed);
        if (!row.passes)
            QVERIFY2(!result.message.isEmpty(), row.name); // a failure says what was found
    }
    // The era is the one asked for: a modern elicitation is a multi round-trip request.
    for (const CallReport &call : report.calls) {
        if (call.call.name == QLatin1String("elicitation answered: passes"))
            QCOMPARE(call.outcome.response.rounds.size() > 1, era == QLatin1String("modern"));
    }
}

void tst_Collections::unreachableServer()
{
    QJsonObject missing{{QStringLiteral("command"), QStringLiteral("/nonexistent/mcp-server")}};
    const Collection::LoadResult loaded = Collection::parse(collectionText(missing, QJsonDocument::fromJson(R"([
        {"tool": "echo", "expect": [{"status": "ok"}]}, {"tool": "echo"}])").array()));
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    const RunReport report = run(loaded.collection, 60000);
    QCOMPARE(report.calls.size(), 2);
    QCOMPARE(report.count(CallReport::Status::Error), 2);
    QCOMPARE(report.unreachable.size(), 1);
    QVERIFY2(report.calls.first().outcome.connectionError.contains(QStringLiteral("demo")),
             qPrintable(report.calls.first().outcome.connectionError));
}

// A server that dies during a call: that call fails (the connection closed), and the calls
// after it that need the server are errors, without a hang.
void tst_Collections::serverCrashesMidRun()
{
    const Collection::LoadResult loaded = Collection::parse(collectionText(demoServer(QStringLiteral("legacy")), QJsonDocument::fromJson(R"([
        {"name": "before", "tool": "echo", "arguments": {"message": "x"}},
        {"name": "crash", "tool": "crash", "arguments": {"code": 7}},
        {"name": "after", "tool": "echo", "arguments": {"message": "y"}}])").array()));
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    const RunReport report = run(loaded.collection, 60000);
    QCOMPARE(report.calls.size(), 3);
    QCOMPARE(report.calls.at(0).status, CallReport::Status::Passed);
    QCOMPARE(report.calls.at(1).status, CallReport::Status::Failed);
    QVERIFY(report.calls.at(1).outcome.response.isError());
    QCOMPARE(report.calls.at(2).status, CallReport::Status::Error);
    QVERIFY2(report.calls.at(2).outcome.connectionError.contains(QStringLiteral("lost")),
             qPrintable(report.calls.at(2).outcome.connectionError));
}

// A call that outlives its timeout is a failed status, and the next call still runs.
void tst_Collections::timeoutIsAFailure()
{
    const Collection::LoadResult loaded = Collection::parse(collectionText(demoServer({}), QJsonDocument::fromJson(R"([
        {"name": "slow", "tool": "long_task", "arguments": {"steps": 1, "delayMs": 3000}, "timeoutMs": 300,
         "expect": [{"status": "error", "code": -32001}]},
        {"name": "next", "tool": "echo", "arguments": {"message": "still here"},
         "expect": [{"path": "$.content[0].text", "equals": "still here"}]}])").array()));
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    const RunReport report = run(loaded.collection, 60000);
    QCOMPARE(report.calls.size(), 2);
    QVERIFY2(report.allPassed(), qPrintable(CollectionReport::text(report)));
    QVERIFY(report.calls.at(0).outcome.response.elapsedMs < 2500);
}

void tst_Collections::reports()
{
    const Collection::LoadResult loaded = Collection::parse(collectionText(demoServer({}), QJsonDocument::fromJson(R"([
        {"name": "sum", "tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"path": "$.structuredContent.sum", "equals": 3}]},
        {"name": "wrong sum", "tool": "add", "arguments": {"a": 1, "b": 2},
         "expect": [{"path": "$.structuredContent.sum", "equals": 4}, {"isError": true}]},
        {"name": "echo <&>", "tool": "echo", "arguments": {"message": "x"}}])").array()));
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    const RunReport report = run(loaded.collection);
    QCOMPARE(report.count(CallReport::Status::Passed), 2);
    QCOMPARE(report.count(CallReport::Status::Failed), 1);

    const QString text = CollectionReport::text(report);
    QVERIFY2(text.contains(QStringLiteral("FAIL  wrong sum")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("found 3")), qPrintable(text));
    QVERIFY2(text.trimmed().endsWith(QStringLiteral("ms)")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("2 passed, 1 failed, 0 errors")));

    // The JUnit file, read back by an XML reader: the counts and the failure.
    QXmlStreamReader xml(CollectionReport::junit(report));
    int suites = 0, cases = 0, failures = 0;
    QString failureMessage, testsAttribute;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("testsuites"))
            testsAttribute = xml.attributes().value(QStringLiteral("tests")).toString();
        suites += xml.name() == QLatin1String("testsuite");
        cases += xml.name() == QLatin1String("testcase");
        if (xml.name() == QLatin1String("failure")) {
            ++failures;
            failureMessage = xml.attributes().value(QStringLiteral("message")).toString();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(testsAttribute, QStringLiteral("3"));
    QCOMPARE(suites, 1);
    QCOMPARE(cases, 3);
    QCOMPARE(failures, 1);
    QVERIFY2(failureMessage.contains(QStringLiteral("and 1 more")), qPrintable(failureMessage));

    const QJsonObject json = CollectionReport::json(report);
    QCOMPARE(json.value(QStringLiteral("passed")).toInt(), 2);
    QCOMPARE(json.value(QStringLiteral("failed")).toInt(), 1);
    const QJsonObject wrong = json.value(QStringLiteral("calls")).toArray().at(1).toObject();
    QCOMPARE(wrong.value(QStringLiteral("status")).toString(), QStringLiteral("fail"));
    QCOMPARE(wrong.value(QStringLiteral("response")).toObject().value(QStringLiteral("result")).toObject()
                 .value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("sum")).toDouble(), 3.0);
}

// What naturally varies is not a difference; what changed is, by path.
void tst_Collections::replayNormalizationAndDifferences()
{
    const QJsonObject recorded = QJsonDocument::fromJson(R"json({"result": {"content": [{"type": "text",
        "text": "2026-11-25T10:00:00.123Z (tick 0)"}], "_meta": {"x": 1}, "resultType": "complete", "ttlMs": 5,
        "tools": [{"name": "a"}, {"name": "b"}]}})json").object();
    const QJsonObject replayed = QJsonDocument::fromJson(R"json({"result": {"content": [{"type": "text",
        "text": "2026-11-25T11:30:59.999Z (tick 0)", "_meta": {"y": 2}}], "tools": [{"name": "a"}, {"name": "c"}, {"name": "d"}]}})json").object();
    const QList<ReplayDifference> diffs = jsonDifferences(normalizedAnswer(recorded), normalizedAnswer(replayed));
    // Listings are matched by name: b went, c and d came.
    QCOMPARE(diffs.size(), 3);
    QCOMPARE(diffs.at(0).path, QStringLiteral("$.result.tools[?(@.name==\"b\")]"));
    QCOMPARE(diffs.at(0).recorded, QJsonValue(QJsonObject{{QStringLiteral("name"), QStringLiteral("b")}}));
    QVERIFY(diffs.at(0).replayed.isUndefined());
    QCOMPARE(diffs.at(1).path, QStringLiteral("$.result.tools[?(@.name==\"c\")]"));
    QVERIFY(diffs.at(1).recorded.isUndefined());
    // Other arrays by index.
    const QList<ReplayDifference> byIndex = jsonDifferences(QJsonArray{1, 2}, QJsonArray{1, 3, 4});
    QCOMPARE(byIndex.size(), 2);
    QCOMPARE(byIndex.at(0).path, QStringLiteral("$[1]"));
    QCOMPARE(byIndex.at(1).path, QStringLiteral("$[2]"));
    // An error's data varies (stack traces, ids); its code and message do not.
    QVERIFY(jsonDifferences(normalizedAnswer(QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), 1}, {QStringLiteral("data"), 1}}}}),
                            normalizedAnswer(QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), 1}, {QStringLiteral("data"), 2}}}}))
                .isEmpty());
}

// A modern multi round-trip request is one step whose answer is the last round's, with the
// client's input responses as scripted answers; legacy server requests are answered the same way.
void tst_Collections::replayPlanFoldsRounds()
{
    CapturedMessages capture = demoCapture({
        {1, "out", R"({"jsonrpc":"2.0","id":1,"method":"server/discover"})"},
        {2, "out", R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask_user","_meta":{"progressToken":2}}})"},
        {3, "in", R"({"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","inputRequests":{"profile":{"method":"elicitation/create","params":{}}},"requestState":"s"}})"},
        {4, "out", R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask_user","inputResponses":{"profile":{"action":"accept","content":{"name":"Z"}}},"requestState":"s"}})"},
        {5, "in", R"({"jsonrpc":"2.0","id":3,"result":{"content":[],"structuredContent":{"action":"accept"}}})"},
        {6, "out", R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_roots"}})"},
        {7, "in", R"({"jsonrpc":"2.0","id":0,"method":"roots/list"})"},
        {8, "out", R"({"jsonrpc":"2.0","id":0,"result":{"roots":[{"uri":"file:///r"}]}})"},
        {9, "in", R"({"jsonrpc":"2.0","id":4,"result":{"content":[]}})"}});
    QVERIFY2(capture.error.isEmpty(), qPrintable(capture.error));
    const ReplayPlan plan = ReplayPlan::fromCapture(capture);
    QCOMPARE(plan.skipped, 1);
    QCOMPARE(plan.steps.size(), 2);
    const ReplayStep &ask = plan.steps.at(0);
    const QJsonObject askParams{{QStringLiteral("name"), QStringLiteral("ask_user")}};
    QCOMPARE(ask.params, askParams);
    QVERIFY(ask.recorded.has_value());
    QCOMPARE(ask.recorded->value(QStringLiteral("result")).toObject().value(QStringLiteral("structuredContent")).toObject()
                 .value(QStringLiteral("action")).toString(), QStringLiteral("accept"));
    QCOMPARE(ask.answers.elicitation.size(), 1);
    QCOMPARE(ask.answers.elicitation.first().value(QStringLiteral("content")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("Z"));
    const ReplayStep &roots = plan.steps.at(1);
    QVERIFY(roots.answers.roots.has_value());
    QCOMPARE(roots.answers.roots->at(0).toObject().value(QStringLiteral("uri")).toString(), QStringLiteral("file:///r"));
}

// A modern call that became a task: its polls, input and cancel belong to it (no steps of their
// own); a task cancelled is replayed cancelled at the same moment; one completed is answered by the
// result its last poll carried. ("mono" is in nanoseconds.)
void tst_Collections::replayPlanFollowsTasks()
{
    CapturedMessages capture = demoCapture({
        {100000000, "out", R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"batch_job","arguments":{"items":50}}})"},
        {110000000, "in", R"({"jsonrpc":"2.0","id":2,"result":{"resultType":"task","taskId":"t1","status":"working"}})"},
        {300000000, "out", R"({"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t1"}})"},
        {310000000, "in", R"({"jsonrpc":"2.0","id":3,"result":{"taskId":"t1","status":"working"}})"},
        {600000000, "out", R"({"jsonrpc":"2.0","id":4,"method":"tasks/cancel","params":{"taskId":"t1"}})"},
        {610000000, "in", R"({"jsonrpc":"2.0","id":4,"result":{"taskId":"t1","status":"cancelled"}})"},
        {700000000, "out", R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"confirm_delete"}})"},
        {710000000, "in", R"({"jsonrpc":"2.0","id":5,"result":{"resultType":"task","taskId":"t2","status":"working"}})"},
        {800000000, "out", R"({"jsonrpc":"2.0","id":6,"method":"tasks/get","params":{"taskId":"t2"}})"},
        {810000000, "in", R"({"jsonrpc":"2.0","id":6,"result":{"taskId":"t2","status":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{}}}}})"},
        {900000000, "out", R"({"jsonrpc":"2.0","id":7,"method":"tasks/update","params":{"taskId":"t2","inputResponses":{"ok":{"action":"accept","content":{"confirm":"yes"}}}}})"},
        {910000000, "in", R"({"jsonrpc":"2.0","id":7,"result":{}})"},
        {1000000000, "out", R"({"jsonrpc":"2.0","id":8,"method":"tasks/get","params":{"taskId":"t2"}})"},
        {1010000000, "in", R"({"jsonrpc":"2.0","id":8,"result":{"taskId":"t2","status":"completed","result":{"content":[{"type":"text","text":"Deleted"}]}}})"}});
    QVERIFY2(capture.error.isEmpty(), qPrintable(capture.error));
    const ReplayPlan plan = ReplayPlan::fromCapture(capture);
    QCOMPARE(plan.steps.size(), 2);
    const ReplayStep &cancelled = plan.steps.at(0);
    QCOMPARE(cancelled.method, QStringLiteral("tools/call"));
    QCOMPARE(cancelled.cancelAfterMs, std::optional<qint64>(500));
    QVERIFY(!cancelled.recorded.has_value()); // cancelled: no answer, as the replay's own cancel gives none
    const ReplayStep &completed = plan.steps.at(1);
    QCOMPARE(completed.params.value(QStringLiteral("name")).toString(), QStringLiteral("confirm_delete"));
    QVERIFY(!completed.cancelAfterMs);
    QVERIFY(completed.recorded.has_value());
    QCOMPARE(completed.recorded->value(QStringLiteral("result")).toObject().value(QStringLiteral("content")).toArray().at(0)
                 .toObject().value(QStringLiteral("text")).toString(), QStringLiteral("Deleted"));
    QCOMPARE(completed.answers.elicitation.size(), 1);
    QCOMPARE(completed.answers.elicitation.first().value(QStringLiteral("content")).toObject().value(QStringLiteral("confirm")).toString(),
             QStringLiteral("yes"));
}

// What the window's Save to Collection… writes: a new file, the same server reused, a differing
// one renamed, a file that is no collection refused; the saved calls load and pass when run.
void tst_Collections::appendCallFromTheWindow()
{
    const QJsonObject entry{{QStringLiteral("command"), QStringLiteral(MCPSCOPE_DEMO_SERVER)}, {QStringLiteral("args"), QJsonArray()}};
    const QJsonObject outputSchema = QJsonDocument::fromJson(R"({"type": "object", "properties": {"sum": {"type": "number"}},
        "required": ["sum"]})").object();
    QString error;
    QByteArray text = Collection::appendCall({}, QStringLiteral("demo"), entry,
        Collection::toolCall(QStringLiteral("add"), {{QStringLiteral("a"), 1}, {QStringLiteral("b"), 2}},
                             QJsonObject{{QStringLiteral("content"), QJsonArray()}, {QStringLiteral("structuredContent"), QJsonObject{{QStringLiteral("sum"), 3}}}},
                             std::nullopt, outputSchema), &error);
    QVERIFY2(!text.isEmpty(), qPrintable(error));
    text = Collection::appendCall(text, QStringLiteral("demo"), entry,
        Collection::toolCall(QStringLiteral("no_such_tool"), {}, QJsonValue::Undefined, RpcError{-32602, QStringLiteral("Unknown tool"), QJsonValue::Undefined},
                             QJsonValue::Undefined), &error);
    QVERIFY2(!text.isEmpty(), qPrintable(error));
    QJsonObject other = entry;
    other.insert(QStringLiteral("args"), QJsonArray{QStringLiteral("--extra-tool")});
    text = Collection::appendCall(text, QStringLiteral("demo"), other,
        Collection::toolCall(QStringLiteral("extra_tool"), {}, QJsonObject{{QStringLiteral("content"), QJsonArray()}}, std::nullopt,
                             QJsonValue::Undefined), &error);
    QVERIFY2(!text.isEmpty(), qPrintable(error));

    const Collection::LoadResult loaded = Collection::parse(text);
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    QCOMPARE(loaded.collection.servers.size(), 2);
    QCOMPARE(loaded.collection.calls.size(), 3);
    QCOMPARE(loaded.collection.calls.at(0).server, QStringLiteral("demo"));
    QCOMPARE(loaded.collection.calls.at(1).server, QStringLiteral("demo"));
    QCOMPARE(loaded.collection.calls.at(2).server, QStringLiteral("demo (2)"));
    // What the result satisfies: status, isError, structuredContentValid, and structuredContent equals
    // what came; an error's code and its message.
    auto kinds = [](const CollectionCall &call) {
        QList<Assertion::Kind> out;
        for (const Assertion &assertion : call.assertions)
            out.append(assertion.kind);
        return out;
    };
    QCOMPARE(kinds(loaded.collection.calls.at(0)), (QList<Assertion::Kind>{Assertion::Kind::Status, Assertion::Kind::IsError,
                                                                           Assertion::Kind::OutputSchema, Assertion::Kind::PathEquals}));
    QCOMPARE(loaded.collection.calls.at(0).assertions.at(3).path, QStringLiteral("$.structuredContent"));
    QCOMPARE(loaded.collection.calls.at(0).assertions.at(3).expected, QJsonValue(QJsonObject{{QStringLiteral("sum"), 3}}));
    QCOMPARE(kinds(loaded.collection.calls.at(1)), (QList<Assertion::Kind>{Assertion::Kind::Status, Assertion::Kind::PathContains}));
    QCOMPARE(loaded.collection.calls.at(1).assertions.at(1).expected, QJsonValue(QStringLiteral("Unknown tool")));
    const RunReport report = run(loaded.collection);
    QCOMPARE(report.calls.size(), 3);
    for (const CallReport &call : report.calls)
        QVERIFY2(call.status == CallReport::Status::Passed, qPrintable(CollectionReport::text(report)));

    QVERIFY(Collection::appendCall("{\"mcpServers\": {}}", QStringLiteral("demo"), entry, {}, &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("not a collection")), qPrintable(error));
}

QTEST_GUILESS_MAIN(tst_Collections)
#include "tst_collections.moc"
