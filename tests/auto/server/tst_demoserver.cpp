// Drives the real mcpscope-demo-server over stdio with raw JSON-RPC lines and checks every
// reply by hand, so that the server is tested independently of the client library.
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <functional>
#include <memory>

#include "toolresults.h"

using Mcp::Test::firstText;

namespace {

const char *const latestVersion = "2025-11-25";

QByteArray toLine(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

QJsonObject request(const QJsonValue &id, const QString &method, const QJsonObject &params = {})
{
    QJsonObject object{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.isEmpty())
        object.insert("params", params);
    return object;
}

QJsonObject notification(const QString &method, const QJsonObject &params = {})
{
    QJsonObject object{{"jsonrpc", "2.0"}, {"method", method}};
    if (!params.isEmpty())
        object.insert("params", params);
    return object;
}

// A list request's params: the cursor of the page asked for (none for the first page).
QJsonObject pageParams(const QJsonValue &cursor)
{
    QJsonObject params;
    if (!cursor.isUndefined())
        params.insert("cursor", cursor);
    return params;
}

QJsonObject callParams(const QString &tool, const QJsonObject &arguments = {}, const QJsonValue &progressToken = {})
{
    QJsonObject params{{"name", tool}, {"arguments", arguments}};
    if (!progressToken.isNull())
        params.insert("_meta", QJsonObject{{"progressToken", progressToken}});
    return params;
}

// One demo server process. Collects stdout lines (parsed when they are JSON objects, kept raw
// otherwise) and stderr bytes, and offers waits bounded by a timeout.
class DemoServer
{
public:
    explicit DemoServer(const QStringList &arguments = {})
    {
        QObject::connect(&process, &QProcess::readyReadStandardOutput, &process, [this] { readStdout(); });
        QObject::connect(&process, &QProcess::readyReadStandardError, &process,
                         [this] { stderrBytes += process.readAllStandardError(); });
        process.start(QStringLiteral(MCPSCOPE_DEMO_SERVER), arguments);
    }
    ~DemoServer()
    {
        if (process.state() != QProcess::NotRunning) {
            process.closeWriteChannel();
            if (!process.waitForFinished(3000)) {
                process.kill();
                process.waitForFinished(3000);
            }
        }
    }

    void write(const QByteArray &bytes) { process.write(bytes); }
    void send(const QJsonObject &object) { write(toLine(object)); }

    static bool waitUntil(const std::function<bool()> &condition, int timeoutMs = 5000)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!condition()) {
            if (deadline.hasExpired())
                return false;
            QTest::qWait(5);
        }
        return true;
    }

    // The reply (response or error) to the request with this id, or an empty object on timeout.
    QJsonObject reply(const QJsonValue &id, int timeoutMs = 5000)
    {
        QJsonObject found;
        waitUntil([&] {
            for (const QJsonObject &message : messages) {
                if (message.value("id") == id && !message.contains("method")) {
                    found = message;
                    return true;
                }
            }
            return false;
        }, timeoutMs);
        return found;
    }

    QJsonObject call(const QJsonValue &id, const QString &method, const QJsonObject &params = {}, int timeoutMs = 5000)
    {
        send(request(id, method, params));
        return reply(id, timeoutMs);
    }

    QJsonObject initialize(const QJsonObject &capabilities = {}, const QString &version = QString::fromLatin1(latestVersion))
    {
        const QJsonObject result = call(0, "initialize",
                                        {{"protocolVersion", version},
                                         {"capabilities", capabilities},
                                         {"clientInfo", QJsonObject{{"name", "tst_demoserver"}, {"version", "1"}}}})
                                       .value("result")
                                       .toObject();
        send(notification("notifications/initialized"));
        return result;
    }

    QList<QJsonObject> notifications(const QString &method) const
    {
        QList<QJsonObject> found;
        for (const QJsonObject &message : messages) {
            if (message.value("method").toString() == method && !message.contains("id"))
                found.append(message);
        }
        return found;
    }

    QList<QJsonObject> serverRequests(const QString &method) const
    {
        QList<QJsonObject> found;
        for (const QJsonObject &message : messages) {
            if (message.value("method").toString() == method && message.contains("id"))
                found.append(message);
        }
        return found;
    }

    QProcess process;
    QList<QJsonObject> messages;
    QList<QByteArray> nonJsonLines;
    QByteArray stderrBytes;
    qsizetype longestLine = 0;

private:
    void readStdout()
    {
        buffer += process.readAllStandardOutput();
        qsizetype start = 0;
        for (qsizetype newline; (newline = buffer.indexOf('\n', start)) >= 0; start = newline + 1) {
            const QByteArray line = buffer.mid(start, newline - start);
            longestLine = qMax(longestLine, line.size());
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(line, &error);
            if (error.error == QJsonParseError::NoError && document.isObject())
                messages.append(document.object());
            else
                nonJsonLines.append(line);
        }
        buffer.remove(0, start);
    }

    QByteArray buffer;
};

QJsonObject toolResult(DemoServer &server, int id, const QString &tool, const QJsonObject &arguments = {},
                       int timeoutMs = 10000)
{
    return server.call(id, "tools/call", callParams(tool, arguments), timeoutMs).value("result").toObject();
}

const char *const modernVersion = "2026-07-28";

// params with the per-request _meta of the 2026-07-28 revision.
QJsonObject modern(QJsonObject params = {}, const QJsonObject &capabilities = {}, const QJsonObject &extraMeta = {})
{
    QJsonObject meta{{"io.modelcontextprotocol/protocolVersion", modernVersion},
                     {"io.modelcontextprotocol/clientCapabilities", capabilities},
                     {"io.modelcontextprotocol/clientInfo", QJsonObject{{"name", "tst_demoserver"}, {"version", "1"}}}};
    for (auto it = extraMeta.begin(); it != extraMeta.end(); ++it)
        meta.insert(it.key(), it.value());
    params.insert("_meta", meta);
    return params;
}

} // namespace

class tst_DemoServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initialize_data();
    void initialize();
    void forcedProtocolVersion();
    void toolsPagination();
    void listsWithoutPagination();
    void toolResults_data();
    void toolResults();
    void contentGallery();
    void blobSizes_data();
    void blobSizes();
    void missingRequiredArgument();
    void progress();
    void cancellationStopsLongTask();
    void sampling_data();
    void sampling();
    void elicitation();
    void roots();
    void capabilityNotDeclared();
    void errors_data();
    void errors();
    void framing();
    void logging();
    void resources();
    void subscriptions();
    void completion_data();
    void completion();
    void prompts();
    void toolListChanged();
    void stdinClosedEndsServer();
    void faultGarbageAtStart();
    void faultCrashAfterInit();
    void crashTool();
    void hangTool();
    void garbageTool();
    void hugeResult();
    void stderrFlood();
    void stderrNoise();
    void conformanceFixtures();
    void tasks();
    void urlElicitation();
    void listChangedForResourcesAndPrompts();
    void initializeFaults();
    void notificationFlood();
    void rootsChangedIsNoticed();
    void taskCancelAndFailure();
    void taskInputRequired();
    void modernDiscover();
    void modernMetaValidation_data();
    void modernMetaValidation();
    void modernResults();
    void modernMultiRoundTrip();
    void modernMultiRoundTripRefusals();
    void modernLogLevel();
    void modernSubscriptions();
    void eras();
    void modernTasks();
};

void tst_DemoServer::initialize_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("expected");
    QTest::newRow("2025-11-25") << "2025-11-25" << "2025-11-25";
    QTest::newRow("2025-06-18") << "2025-06-18" << "2025-06-18";
    QTest::newRow("2025-03-26") << "2025-03-26" << "2025-03-26";
    QTest::newRow("2024-11-05") << "2024-11-05" << "2024-11-05";
    QTest::newRow("unknown old") << "2023-01-01" << latestVersion;
    QTest::newRow("unknown new") << "2099-12-31" << latestVersion;
}

void tst_DemoServer::initialize()
{
    QFETCH(QString, requested);
    QFETCH(QString, expected);
    DemoServer server;
    const QJsonObject result = server.initialize({}, requested);
    QCOMPARE(result.value("protocolVersion").toString(), expected);
    QCOMPARE(result.value("serverInfo").toObject().value("name").toString(), QStringLiteral("mcpscope-demo-server"));
    const QJsonObject capabilities = result.value("capabilities").toObject();
    for (const char *capability : {"tools", "resources", "prompts", "logging", "completions"})
        QVERIFY2(capabilities.contains(capability), capability);
    QCOMPARE(capabilities.value("resources").toObject().value("subscribe").toBool(), true);
    QCOMPARE(capabilities.value("tools").toObject().value("listChanged").toBool(), true);
    QVERIFY(!result.value("instructions").toString().isEmpty());
    QCOMPARE(server.call(1, "ping").value("result").toObject(), QJsonObject());
    QVERIFY(server.nonJsonLines.isEmpty());
}

void tst_DemoServer::forcedProtocolVersion()
{
    DemoServer server({"--protocol-version", "1999-01-01"});
    QCOMPARE(server.initialize().value("protocolVersion").toString(), QStringLiteral("1999-01-01"));
}

// Lists method page by page, request ids from firstId on, until a page has no next cursor: each
// page holds 1 to pageSize entries under itemsKey, each cursor is a string. Returns the entries
// of every page and counts the pages in *pages; the test has failed where a check did not hold.
static QJsonArray collectPages(DemoServer &server, const QString &method, const QString &itemsKey, int pageSize,
                               int firstId, int *pages = nullptr)
{
    QJsonArray items;
    int count = 0;
    [&] {
        QJsonValue cursor = QJsonValue::Undefined;
        do {
            const QJsonObject result = server.call(firstId + count, method, pageParams(cursor)).value("result").toObject();
            const QJsonArray page = result.value(itemsKey).toArray();
            QVERIFY(page.size() <= pageSize);
            QVERIFY(!page.isEmpty());
            for (const QJsonValue &item : page)
                items.append(item);
            cursor = result.value("nextCursor");
            QVERIFY(cursor.isUndefined() || cursor.isString());
            ++count;
        } while (!cursor.isUndefined() && count < 100);
    }();
    if (pages)
        *pages = count;
    return items;
}

void tst_DemoServer::toolsPagination()
{
    DemoServer unpaged;
    unpaged.initialize();
    const QJsonArray allTools = unpaged.call(1, "tools/list").value("result").toObject().value("tools").toArray();
    QVERIFY(allTools.size() > 10);

    DemoServer server({"--page-size", "4"});
    server.initialize();
    int pages = 0;
    const QJsonArray collected = collectPages(server, QStringLiteral("tools/list"), QStringLiteral("tools"), 4, 100, &pages);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(pages, int((allTools.size() + 3) / 4));
    QCOMPARE(collected, allTools);

    const QJsonObject bad = server.call(999, "tools/list", {{"cursor", "not-a-cursor"}});
    QCOMPARE(bad.value("error").toObject().value("code").toInt(), -32602);
}

void tst_DemoServer::listsWithoutPagination()
{
    DemoServer server;
    server.initialize();
    const QJsonObject tools = server.call(1, "tools/list").value("result").toObject();
    QVERIFY(!tools.contains("nextCursor"));
    QStringList names;
    for (const QJsonValue &tool : tools.value("tools").toArray()) {
        const QJsonObject definition = tool.toObject();
        names.append(definition.value("name").toString());
        QCOMPARE(definition.value("inputSchema").toObject().value("type").toString(), QStringLiteral("object"));
    }
    for (const char *name : {"echo", "add", "get_weather", "content_gallery", "rich_form", "long_task", "ask_llm",
                             "ask_user", "list_roots", "log_all_levels", "toggle_extra_tool", "fail", "blob", "crash",
                             "hang", "garbage", "huge_result", "stderr_flood"})
        QVERIFY2(names.contains(QLatin1String(name)), name);
    const QJsonArray prompts = server.call(2, "prompts/list").value("result").toObject().value("prompts").toArray();
    QVERIFY(prompts.size() >= 2);
    const QJsonArray templates = server.call(3, "resources/templates/list").value("result").toObject().value("resourceTemplates").toArray();
    QVERIFY(templates.contains(QJsonValue()) == false);
    QCOMPARE(templates.at(0).toObject().value("uriTemplate").toString(), QStringLiteral("demo://items/{id}"));
}

void tst_DemoServer::toolResults_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("text");                 // expected first text block ("" to skip)
    QTest::addColumn<QJsonObject>("structured");       // expected structuredContent (empty: absent)
    QTest::addColumn<bool>("isError");

    QTest::newRow("echo") << "echo" << QJsonObject{{"message", "h\u00e9llo \"world\"\n"}} << "h\u00e9llo \"world\"\n"
                          << QJsonObject() << false;
    QTest::newRow("add") << "add" << QJsonObject{{"a", 2.5}, {"b", 4}} << "{\"sum\":6.5}"
                         << QJsonObject{{"sum", 6.5}} << false;
    QTest::newRow("add with a string") << "add" << QJsonObject{{"a", "2"}, {"b", 4}} << "a and b must be numbers"
                                       << QJsonObject() << true;
    QTest::newRow("fail") << "fail" << QJsonObject() << "Something went wrong on purpose." << QJsonObject() << true;
    const QJsonObject form{{"name", "Ada"}, {"colour", "red"}, {"nickname", QJsonValue::Null},
                           {"tags", QJsonArray{"alpha", "gamma"}},
                           {"home", QJsonObject{{"city", "London"}}},
                           {"contacts", QJsonArray{QJsonObject{{"kind", "email"}, {"value", "ada@example.org"}}}}};
    QTest::newRow("rich_form echoes") << "rich_form" << form << "" << form << false;
}

void tst_DemoServer::toolResults()
{
    QFETCH(QString, tool);
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, text);
    QFETCH(QJsonObject, structured);
    QFETCH(bool, isError);
    DemoServer server;
    server.initialize();
    const QJsonObject result = toolResult(server, 1, tool, arguments);
    QVERIFY(result.contains("content"));
    if (!text.isEmpty())
        QCOMPARE(firstText(result), text);
    if (structured.isEmpty())
        QVERIFY(!result.contains("structuredContent"));
    else
        QCOMPARE(result.value("structuredContent").toObject(), structured);
    QCOMPARE(result.value("isError").toBool(), isError);
}

void tst_DemoServer::contentGallery()
{
    DemoServer server;
    server.initialize();
    const QJsonArray content = toolResult(server, 1, "content_gallery").value("content").toArray();
    QStringList types;
    bool embeddedText = false, embeddedBlob = false, annotated = false;
    for (const QJsonValue &value : content) {
        const QJsonObject block = value.toObject();
        types.append(block.value("type").toString());
        annotated = annotated || block.contains("annotations");
        if (block.value("type") == QJsonValue("image")) {
            QCOMPARE(block.value("mimeType").toString(), QStringLiteral("image/png"));
            QVERIFY(QByteArray::fromBase64(block.value("data").toString().toLatin1()).startsWith("\x89PNG\r\n\x1a\n"));
        } else if (block.value("type") == QJsonValue("audio")) {
            const QByteArray wav = QByteArray::fromBase64(block.value("data").toString().toLatin1());
            QVERIFY(wav.startsWith("RIFF"));
            QCOMPARE(wav.mid(8, 4), QByteArray("WAVE"));
            QVERIFY(wav.size() > 1000);
        } else if (block.value("type") == QJsonValue("resource")) {
            const QJsonObject resource = block.value("resource").toObject();
            QVERIFY(resource.contains("uri"));
            embeddedText = embeddedText || resource.contains("text");
            embeddedBlob = embeddedBlob || resource.contains("blob");
        } else if (block.value("type") == QJsonValue("resource_link")) {
            QVERIFY(!block.value("uri").toString().isEmpty());
            QVERIFY(!block.value("name").toString().isEmpty());
        }
    }
    for (const char *type : {"text", "image", "audio", "resource_link", "resource"})
        QVERIFY2(types.contains(QLatin1String(type)), type);
    QVERIFY(embeddedText);
    QVERIFY(embeddedBlob);
    QVERIFY(annotated);

    // get_weather's structuredContent carries every required member of its outputSchema.
    QJsonObject weatherTool;
    for (const QJsonValue &tool : server.call(2, "tools/list").value("result").toObject().value("tools").toArray()) {
        if (tool.toObject().value("name") == QJsonValue("get_weather"))
            weatherTool = tool.toObject();
    }
    const QJsonObject outputSchema = weatherTool.value("outputSchema").toObject();
    QVERIFY(!outputSchema.isEmpty());
    QVERIFY(weatherTool.contains("icons"));
    const QJsonObject weather = toolResult(server, 3, "get_weather", {{"city", "Oslo"}}).value("structuredContent").toObject();
    for (const QJsonValue &required : outputSchema.value("required").toArray())
        QVERIFY2(weather.contains(required.toString()), qPrintable(required.toString()));
    QCOMPARE(weather.value("city").toString(), QStringLiteral("Oslo"));
}

void tst_DemoServer::blobSizes_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("0") << 0;
    QTest::newRow("1") << 1;
    QTest::newRow("1000") << 1000;
    QTest::newRow("1 MiB") << 1024 * 1024;
}

void tst_DemoServer::blobSizes()
{
    QFETCH(int, size);
    DemoServer server;
    server.initialize();
    const QString text = firstText(toolResult(server, 1, "blob", {{"size", size}}));
    QCOMPARE(text.toUtf8().size(), size);
    if (size > 1000) {
        QVERIFY(text.contains(u'"'));
        QVERIFY(text.contains(u'\t'));
        QVERIFY(text.contains(u'\n'));
        QVERIFY(text.contains(u'\\'));
    }
    QVERIFY(server.nonJsonLines.isEmpty());
}

void tst_DemoServer::missingRequiredArgument()
{
    DemoServer server;
    server.initialize();
    const QJsonObject result = toolResult(server, 1, "echo");
    QCOMPARE(result.value("isError").toBool(), true);
    QVERIFY(firstText(result).contains("message"));
}

void tst_DemoServer::progress()
{
    DemoServer server;
    server.initialize();
    server.send(request(7, "tools/call", callParams("long_task", {{"steps", 5}, {"delayMs", 10}}, "tok-1")));
    const QJsonObject result = server.reply(7).value("result").toObject();
    QCOMPARE(firstText(result), QStringLiteral("Completed 5 steps."));
    const QList<QJsonObject> progress = server.notifications("notifications/progress");
    QCOMPARE(progress.size(), 6); // 0, 1, ..., 5
    double last = -1;
    for (const QJsonObject &each : progress) {
        const QJsonObject params = each.value("params").toObject();
        QCOMPARE(params.value("progressToken").toString(), QStringLiteral("tok-1"));
        QCOMPARE(params.value("total").toDouble(), 5.0);
        QVERIFY(params.value("progress").toDouble() > last);
        last = params.value("progress").toDouble();
    }
    // Without a progress token there is no progress.
    server.send(request(8, "tools/call", callParams("long_task", {{"steps", 2}, {"delayMs", 1}})));
    QVERIFY(!server.reply(8).isEmpty());
    QCOMPARE(server.notifications("notifications/progress").size(), 6);
}

void tst_DemoServer::cancellationStopsLongTask()
{
    DemoServer server;
    server.initialize();
    server.send(request("job", "tools/call", callParams("long_task", {{"steps", 200}, {"delayMs", 20}}, 42)));
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/progress").size() >= 3; }));
    server.send(notification("notifications/cancelled", {{"requestId", "job"}, {"reason", "test"}}));
    QVERIFY(DemoServer::waitUntil([&] { return server.stderrBytes.contains("long_task cancelled"); }));
    const qsizetype progressAtCancel = server.notifications("notifications/progress").size();
    QTest::qWait(300);
    QCOMPARE(server.notifications("notifications/progress").size(), progressAtCancel);
    QVERIFY(server.reply("job", 10).isEmpty()); // a cancelled request is not answered
    // The server is still there.
    QCOMPARE(server.call(2, "ping").value("result").toObject(), QJsonObject());
    // Cancelling something unknown is ignored.
    server.send(notification("notifications/cancelled", {{"requestId", 12345}}));
    QCOMPARE(server.call(3, "ping").value("result").toObject(), QJsonObject());
}

void tst_DemoServer::sampling_data()
{
    QTest::addColumn<bool>("reject");
    QTest::newRow("answered") << false;
    QTest::newRow("rejected") << true;
}

void tst_DemoServer::sampling()
{
    QFETCH(bool, reject);
    DemoServer server;
    server.initialize({{"sampling", QJsonObject()}});
    server.send(request(5, "tools/call", callParams("ask_llm", {{"prompt", "Say hi"}, {"maxTokens", 50}})));
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("sampling/createMessage").isEmpty(); }));
    const QJsonObject samplingRequest = server.serverRequests("sampling/createMessage").constFirst();
    const QJsonObject params = samplingRequest.value("params").toObject();
    QCOMPARE(params.value("maxTokens").toInt(), 50);
    QCOMPARE(params.value("messages").toArray().at(0).toObject().value("content").toObject().value("text").toString(),
             QStringLiteral("Say hi"));
    QVERIFY(server.reply(5, 100).isEmpty()); // the tool waits for the client
    if (reject) {
        server.send({{"jsonrpc", "2.0"}, {"id", samplingRequest.value("id")},
                     {"error", QJsonObject{{"code", -1}, {"message", "User rejected sampling request"}}}});
    } else {
        server.send({{"jsonrpc", "2.0"}, {"id", samplingRequest.value("id")},
                     {"result", QJsonObject{{"role", "assistant"}, {"model", "test-model"}, {"stopReason", "endTurn"},
                                            {"content", QJsonObject{{"type", "text"}, {"text", "Hi there"}}}}}});
    }
    const QJsonObject result = server.reply(5).value("result").toObject();
    QCOMPARE(result.value("isError").toBool(), reject);
    if (reject)
        QVERIFY(firstText(result).contains("User rejected"));
    else
        QCOMPARE(firstText(result), QStringLiteral("test-model answered: Hi there"));
}

void tst_DemoServer::elicitation()
{
    DemoServer server;
    server.initialize({{"elicitation", QJsonObject()}});
    server.send(request(5, "tools/call", callParams("ask_user")));
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("elicitation/create").isEmpty(); }));
    const QJsonObject elicitRequest = server.serverRequests("elicitation/create").constFirst();
    const QJsonObject schema = elicitRequest.value("params").toObject().value("requestedSchema").toObject();
    QCOMPARE(schema.value("type").toString(), QStringLiteral("object"));
    QCOMPARE(schema.value("properties").toObject().value("name").toObject().value("default").toString(), QStringLiteral("Ada"));
    QCOMPARE(elicitRequest.value("params").toObject().value("mode").toString(), QStringLiteral("form"));
    const QJsonObject content{{"name", "Grace"}, {"age", 85}};
    server.send({{"jsonrpc", "2.0"}, {"id", elicitRequest.value("id")},
                 {"result", QJsonObject{{"action", "accept"}, {"content", content}}}});
    const QJsonObject structured = server.reply(5).value("result").toObject().value("structuredContent").toObject();
    QCOMPARE(structured.value("action").toString(), QStringLiteral("accept"));
    QCOMPARE(structured.value("content").toObject(), content);
}

void tst_DemoServer::roots()
{
    DemoServer server;
    server.initialize({{"roots", QJsonObject{{"listChanged", true}}}});
    server.send(request(5, "tools/call", callParams("list_roots")));
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("roots/list").isEmpty(); }));
    const QJsonArray roots{QJsonObject{{"uri", "file:///home/user/project"}, {"name", "project"}}};
    server.send({{"jsonrpc", "2.0"}, {"id", server.serverRequests("roots/list").constFirst().value("id")},
                 {"result", QJsonObject{{"roots", roots}}}});
    QCOMPARE(server.reply(5).value("result").toObject().value("structuredContent").toObject().value("roots").toArray(), roots);
}

void tst_DemoServer::capabilityNotDeclared()
{
    DemoServer server;
    server.initialize();
    for (const char *tool : {"ask_llm", "ask_user", "list_roots"}) {
        const QJsonObject result = toolResult(server, 1 + int(qHash(QByteArray(tool)) % 1000), tool, {{"prompt", "x"}});
        QVERIFY2(result.value("isError").toBool(), tool);
    }
    QVERIFY(server.serverRequests("sampling/createMessage").isEmpty());
}

void tst_DemoServer::errors_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QJsonValue>("id");
    QTest::addColumn<int>("code");

    QTest::newRow("unknown method, integer id") << QByteArray(R"({"jsonrpc":"2.0","id":11,"method":"no/such"})")
                                                << QJsonValue(11) << -32601;
    QTest::newRow("unknown method, string id") << QByteArray(R"({"jsonrpc":"2.0","id":"s-1","method":"no/such"})")
                                               << QJsonValue("s-1") << -32601;
    QTest::newRow("unknown tool") << QByteArray(R"({"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"nope"}})")
                                  << QJsonValue(12) << -32602;
    QTest::newRow("arguments not an object")
        << QByteArray(R"({"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"echo","arguments":[1]}})")
        << QJsonValue(13) << -32602;
    QTest::newRow("not JSON") << QByteArray("this is {not json") << QJsonValue(QJsonValue::Null) << -32700;
    QTest::newRow("truncated JSON") << QByteArray(R"({"jsonrpc":"2.0","id":14,"meth)") << QJsonValue(QJsonValue::Null) << -32700;
    QTest::newRow("no jsonrpc member") << QByteArray(R"({"id":15,"method":"ping"})") << QJsonValue(15) << -32600;
    QTest::newRow("not an object") << QByteArray("[]") << QJsonValue(QJsonValue::Null) << -32600;
    QTest::newRow("unknown prompt") << QByteArray(R"({"jsonrpc":"2.0","id":16,"method":"prompts/get","params":{"name":"nope"}})")
                                    << QJsonValue(16) << -32602;
    QTest::newRow("unknown resource")
        << QByteArray(R"({"jsonrpc":"2.0","id":17,"method":"resources/read","params":{"uri":"demo://nothing"}})")
        << QJsonValue(17) << -32002;
    QTest::newRow("template without match")
        << QByteArray(R"({"jsonrpc":"2.0","id":18,"method":"resources/read","params":{"uri":"demo://items/durian"}})")
        << QJsonValue(18) << -32002;
    QTest::newRow("bad log level")
        << QByteArray(R"({"jsonrpc":"2.0","id":19,"method":"logging/setLevel","params":{"level":"loud"}})")
        << QJsonValue(19) << -32602;
}

void tst_DemoServer::errors()
{
    QFETCH(QByteArray, line);
    QFETCH(QJsonValue, id);
    QFETCH(int, code);
    DemoServer server;
    server.initialize();
    server.write(line + '\n');
    const QJsonObject reply = server.reply(id);
    QVERIFY2(!reply.isEmpty(), "no reply");
    QCOMPARE(reply.value("error").toObject().value("code").toInt(), code);
    QVERIFY(!reply.value("error").toObject().value("message").toString().isEmpty());
    QVERIFY(!reply.contains("result"));
    // One bad message never ends the connection.
    QCOMPARE(firstText(toolResult(server, 99, "echo", {{"message", "still here"}})), QStringLiteral("still here"));
    QVERIFY(server.nonJsonLines.isEmpty());
}

void tst_DemoServer::framing()
{
    DemoServer server;
    server.initialize();
    // CRLF line ends, empty lines, and a message that arrives in pieces.
    server.write("\r\n\n" + toLine(request(1, "ping")).replace("\n", "\r\n"));
    QVERIFY(!server.reply(1).isEmpty());
    const QByteArray line = toLine(request(2, "tools/call", callParams("echo", {{"message", "pieces"}})));
    for (qsizetype at = 0; at < line.size(); at += 7) {
        server.write(line.mid(at, 7));
        server.process.waitForBytesWritten(1000);
        QTest::qWait(1);
    }
    QCOMPARE(firstText(server.reply(2).value("result").toObject()), QStringLiteral("pieces"));
    // Two messages on one write, and a batch (2025-03-26).
    server.write(toLine(request(3, "ping")) + toLine(request(4, "ping")));
    QVERIFY(!server.reply(3).isEmpty());
    QVERIFY(!server.reply(4).isEmpty());
    server.write(QJsonDocument(QJsonArray{request(5, "ping"), request(6, "ping")}).toJson(QJsonDocument::Compact) + '\n');
    QVERIFY(!server.reply(5).isEmpty());
    QVERIFY(!server.reply(6).isEmpty());
    // A large request while the server writes a large answer: nothing deadlocks or tears.
    const QString big(4 * 1024 * 1024, u'a');
    server.send(request(7, "tools/call", callParams("blob", {{"size", 8 * 1024 * 1024}})));
    server.send(request(8, "tools/call", callParams("echo", {{"message", big}})));
    QCOMPARE(firstText(server.reply(7, 20000).value("result").toObject()).size(), 8 * 1024 * 1024);
    QCOMPARE(firstText(server.reply(8, 20000).value("result").toObject()), big);
    // Notifications are never answered.
    const qsizetype before = server.messages.size();
    server.send(notification("notifications/whatever"));
    QCOMPARE(server.call(9, "ping").value("result").toObject(), QJsonObject());
    QCOMPARE(server.messages.size(), before + 1);
    QVERIFY(server.nonJsonLines.isEmpty());
}

void tst_DemoServer::logging()
{
    DemoServer server;
    server.initialize();
    QCOMPARE(firstText(toolResult(server, 1, "log_all_levels")), QStringLiteral("Sent 8 of 8 log messages."));
    QCOMPARE(server.notifications("notifications/message").size(), 8);
    QCOMPARE(server.call(2, "logging/setLevel", {{"level", "warning"}}).value("result").toObject(), QJsonObject());
    QCOMPARE(firstText(toolResult(server, 3, "log_all_levels", {{"logger", "mine"}})), QStringLiteral("Sent 5 of 8 log messages."));
    const QList<QJsonObject> messages = server.notifications("notifications/message");
    QCOMPARE(messages.size(), 13);
    QStringList levels;
    for (qsizetype i = 8; i < messages.size(); ++i) {
        const QJsonObject params = messages.at(i).value("params").toObject();
        QCOMPARE(params.value("logger").toString(), QStringLiteral("mine"));
        QVERIFY(params.contains("data"));
        levels.append(params.value("level").toString());
    }
    QCOMPARE(levels, QStringList({"warning", "error", "critical", "alert", "emergency"}));
}

void tst_DemoServer::resources()
{
    DemoServer server({"--page-size", "2"});
    server.initialize();
    const QJsonArray resources = collectPages(server, QStringLiteral("resources/list"), QStringLiteral("resources"), 2, 1);
    if (QTest::currentTestFailed())
        return;
    QStringList uris;
    for (const QJsonValue &resource : std::as_const(resources))
        uris.append(resource.toObject().value("uri").toString());
    for (const char *uri : {"demo://docs/readme", "demo://images/logo.png", "demo://clock"})
        QVERIFY2(uris.contains(QLatin1String(uri)), uri);

    const QJsonObject text = server.call(100, "resources/read", {{"uri", "demo://docs/readme"}})
                                 .value("result").toObject().value("contents").toArray().at(0).toObject();
    QCOMPARE(text.value("uri").toString(), QStringLiteral("demo://docs/readme"));
    QCOMPARE(text.value("mimeType").toString(), QStringLiteral("text/markdown"));
    QVERIFY(text.value("text").toString().startsWith("# "));

    const QJsonObject blob = server.call(101, "resources/read", {{"uri", "demo://images/logo.png"}})
                                 .value("result").toObject().value("contents").toArray().at(0).toObject();
    QVERIFY(!blob.contains("text"));
    QVERIFY(QByteArray::fromBase64(blob.value("blob").toString().toLatin1()).startsWith("\x89PNG"));

    const QJsonObject item = server.call(102, "resources/read", {{"uri", "demo://items/mango"}})
                                 .value("result").toObject().value("contents").toArray().at(0).toObject();
    QCOMPARE(item.value("uri").toString(), QStringLiteral("demo://items/mango"));
    QCOMPARE(QJsonDocument::fromJson(item.value("text").toString().toUtf8()).object().value("id").toString(),
             QStringLiteral("mango"));
}

void tst_DemoServer::subscriptions()
{
    DemoServer server;
    server.initialize();
    QCOMPARE(server.call(1, "resources/subscribe", {{"uri", "demo://clock"}}).value("result").toObject(), QJsonObject());
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/resources/updated").size() >= 2; }, 3500));
    for (const QJsonObject &update : server.notifications("notifications/resources/updated"))
        QCOMPARE(update.value("params").toObject().value("uri").toString(), QStringLiteral("demo://clock"));
    const QString first = server.call(2, "resources/read", {{"uri", "demo://clock"}}).value("result").toObject()
                              .value("contents").toArray().at(0).toObject().value("text").toString();
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/resources/updated").size() >= 3; }, 3500));
    const QString second = server.call(3, "resources/read", {{"uri", "demo://clock"}}).value("result").toObject()
                               .value("contents").toArray().at(0).toObject().value("text").toString();
    QVERIFY(first != second);

    QCOMPARE(server.call(4, "resources/unsubscribe", {{"uri", "demo://clock"}}).value("result").toObject(), QJsonObject());
    const qsizetype count = server.notifications("notifications/resources/updated").size();
    QTest::qWait(1500);
    QCOMPARE(server.notifications("notifications/resources/updated").size(), count);
}

void tst_DemoServer::completion_data()
{
    QTest::addColumn<QJsonObject>("ref");
    QTest::addColumn<QString>("argument");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QJsonObject>("context");
    QTest::addColumn<QStringList>("expected");

    const QJsonObject items{{"type", "ref/resource"}, {"uri", "demo://items/{id}"}};
    const QJsonObject files{{"type", "ref/resource"}, {"uri", "demo://files/{folder}/{name}"}};
    QTest::newRow("template id") << items << "id" << "b" << QJsonObject() << QStringList{"banana", "blueberry"};
    QTest::newRow("template id, no match") << items << "id" << "zz" << QJsonObject() << QStringList{};
    QTest::newRow("depends on context") << files << "name" << "" << QJsonObject{{"folder", "src"}}
                                        << QStringList{"main.cpp", "server.cpp", "server.h"};
    QTest::newRow("greeting style") << QJsonObject{{"type", "ref/prompt"}, {"name", "greeting"}} << "style" << "p"
                                    << QJsonObject() << QStringList{"pirate"};
    QTest::newRow("code_review language") << QJsonObject{{"type", "ref/prompt"}, {"name", "code_review"}} << "language"
                                          << "ja" << QJsonObject() << QStringList{"java", "javascript"};
}

void tst_DemoServer::completion()
{
    QFETCH(QJsonObject, ref);
    QFETCH(QString, argument);
    QFETCH(QString, value);
    QFETCH(QJsonObject, context);
    QFETCH(QStringList, expected);
    DemoServer server;
    server.initialize();
    QJsonObject params{{"ref", ref}, {"argument", QJsonObject{{"name", argument}, {"value", value}}}};
    if (!context.isEmpty())
        params.insert("context", QJsonObject{{"arguments", context}});
    const QJsonObject completion = server.call(1, "completion/complete", params).value("result").toObject().value("completion").toObject();
    QStringList values;
    for (const QJsonValue &each : completion.value("values").toArray())
        values.append(each.toString());
    QCOMPARE(values, expected);
    QCOMPARE(completion.value("hasMore").toBool(), false);

    const QJsonObject unknown = server.call(2, "completion/complete",
                                            {{"ref", QJsonObject{{"type", "ref/prompt"}, {"name", "nope"}}},
                                             {"argument", QJsonObject{{"name", "x"}, {"value", ""}}}});
    QCOMPARE(unknown.value("error").toObject().value("code").toInt(), -32602);
}

void tst_DemoServer::prompts()
{
    DemoServer server;
    server.initialize();
    const QJsonArray prompts = server.call(1, "prompts/list").value("result").toObject().value("prompts").toArray();
    QJsonObject greeting;
    for (const QJsonValue &prompt : prompts) {
        if (prompt.toObject().value("name") == QJsonValue("greeting"))
            greeting = prompt.toObject();
    }
    QCOMPARE(greeting.value("arguments").toArray().at(0).toObject().value("required").toBool(), true);

    const QJsonObject missing = server.call(2, "prompts/get", {{"name", "greeting"}});
    QCOMPARE(missing.value("error").toObject().value("code").toInt(), -32602);

    const QJsonArray messages = server.call(3, "prompts/get", {{"name", "greeting"}, {"arguments", QJsonObject{{"name", "Ada"}, {"style", "pirate"}}}})
                                    .value("result").toObject().value("messages").toArray();
    QCOMPARE(messages.size(), 1);
    QVERIFY(messages.at(0).toObject().value("content").toObject().value("text").toString().contains("Ada"));

    const QJsonArray review = server.call(4, "prompts/get", {{"name", "code_review"}, {"arguments", QJsonObject{{"code", "int x;"}}}})
                                  .value("result").toObject().value("messages").toArray();
    QStringList types;
    for (const QJsonValue &message : review)
        types.append(message.toObject().value("content").toObject().value("type").toString());
    QVERIFY(types.contains("text"));
    QVERIFY(types.contains("resource"));
    QVERIFY(types.contains("image"));
}

void tst_DemoServer::toolListChanged()
{
    DemoServer server;
    server.initialize();
    auto names = [&](int id) {
        QStringList result;
        for (const QJsonValue &tool : server.call(id, "tools/list").value("result").toObject().value("tools").toArray())
            result.append(tool.toObject().value("name").toString());
        return result;
    };
    QVERIFY(!names(1).contains("extra_tool"));
    QCOMPARE(firstText(toolResult(server, 2, "toggle_extra_tool")), QStringLiteral("Added extra_tool."));
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/tools/list_changed").size() == 1; }));
    QVERIFY(names(3).contains("extra_tool"));
    QCOMPARE(firstText(toolResult(server, 4, "extra_tool")), QStringLiteral("The extra tool is here."));
    QCOMPARE(firstText(toolResult(server, 5, "toggle_extra_tool")), QStringLiteral("Removed extra_tool."));
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/tools/list_changed").size() == 2; }));
    QVERIFY(!names(6).contains("extra_tool"));
}

void tst_DemoServer::stdinClosedEndsServer()
{
    DemoServer server;
    server.initialize();
    server.process.closeWriteChannel();
    QVERIFY(server.process.waitForFinished(5000));
    QCOMPARE(server.process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(server.process.exitCode(), 0);
}

void tst_DemoServer::faultGarbageAtStart()
{
    DemoServer server({"--fault", "garbage-at-start"});
    QCOMPARE(server.initialize().value("protocolVersion").toString(), QString::fromLatin1(latestVersion));
    QCOMPARE(server.nonJsonLines.size(), 1);
    QVERIFY(server.nonJsonLines.constFirst().contains("not JSON-RPC"));
    QCOMPARE(server.call(1, "ping").value("result").toObject(), QJsonObject());
}

void tst_DemoServer::faultCrashAfterInit()
{
    DemoServer server({"--fault", "crash-after-init"});
    QVERIFY(!server.initialize().isEmpty());
    QVERIFY(server.process.waitForFinished(5000));
    QCOMPARE(server.process.exitCode(), 3);
}

void tst_DemoServer::crashTool()
{
    DemoServer server;
    server.initialize();
    server.send(request(1, "tools/call", callParams("crash", {{"code", 7}})));
    QVERIFY(server.process.waitForFinished(5000));
    QCOMPARE(server.process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(server.process.exitCode(), 7);
    QVERIFY(server.reply(1, 10).isEmpty());
}

void tst_DemoServer::hangTool()
{
    DemoServer server;
    server.initialize();
    server.send(request(1, "tools/call", callParams("hang")));
    QCOMPARE(server.call(2, "ping").value("result").toObject(), QJsonObject()); // still responsive
    QVERIFY(server.reply(1, 800).isEmpty());
    QCOMPARE(server.process.state(), QProcess::Running);
}

void tst_DemoServer::garbageTool()
{
    DemoServer server;
    server.initialize();
    const QJsonObject result = toolResult(server, 1, "garbage", {{"text", "oops, not json"}});
    QCOMPARE(firstText(result), QStringLiteral("Wrote a garbage line before this answer."));
    QCOMPARE(server.nonJsonLines, QList<QByteArray>{"oops, not json"});
}

void tst_DemoServer::hugeResult()
{
    DemoServer server;
    server.initialize();
    const QString text = firstText(toolResult(server, 1, "huge_result", {{"mib", 16}}, 60000));
    QCOMPARE(text.size(), 16 * 1024 * 1024);
    QVERIFY(server.longestLine > 16 * 1024 * 1024);
    QVERIFY(server.nonJsonLines.isEmpty());
    QCOMPARE(server.call(2, "ping").value("result").toObject(), QJsonObject());
}

void tst_DemoServer::stderrFlood()
{
    DemoServer server;
    server.initialize();
    const QJsonObject result = toolResult(server, 1, "stderr_flood", {{"mib", 4}}, 30000);
    QCOMPARE(firstText(result), QStringLiteral("Wrote 4194304 bytes to stderr."));
    QVERIFY(DemoServer::waitUntil([&] { return server.stderrBytes.size() >= 4 * 1024 * 1024; }));
    QVERIFY(server.nonJsonLines.isEmpty());
}

void tst_DemoServer::stderrNoise()
{
    DemoServer server({"--stderr-noise"});
    server.initialize();
    QVERIFY(DemoServer::waitUntil([&] { return server.stderrBytes.count("[noise") >= 25; }));
    QCOMPARE(firstText(toolResult(server, 1, "echo", {{"message", "quiet"}})), QStringLiteral("quiet"));
    QVERIFY(server.nonJsonLines.isEmpty());
}

void tst_DemoServer::conformanceFixtures()
{
    DemoServer plain;
    plain.initialize();
    QVERIFY(toolResult(plain, 1, "test_simple_text").isEmpty()); // -32602: not there without --conformance

    DemoServer server({"--conformance"});
    server.initialize({{"elicitation", QJsonObject()}});
    QCOMPARE(firstText(toolResult(server, 1, "test_simple_text")), QStringLiteral("This is a simple text response for testing."));
    QCOMPARE(toolResult(server, 2, "test_error_handling").value("isError").toBool(), true);
    const QJsonObject text = server.call(3, "resources/read", {{"uri", "test://template/123/data"}}).value("result").toObject();
    QVERIFY(text.value("contents").toArray().at(0).toObject().value("text").toString().contains("123"));
    const QJsonArray messages = server.call(4, "prompts/get", {{"name", "test_prompt_with_arguments"},
                                                               {"arguments", QJsonObject{{"arg1", "v1"}, {"arg2", "v2"}}}})
                                    .value("result").toObject().value("messages").toArray();
    const QString prompt = messages.at(0).toObject().value("content").toObject().value("text").toString();
    QVERIFY(prompt.contains("v1") && prompt.contains("v2"));

    server.send(request(5, "tools/call", callParams("test_elicitation_sep1034_defaults")));
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("elicitation/create").isEmpty(); }));
    const QJsonObject elicit = server.serverRequests("elicitation/create").constFirst();
    QCOMPARE(elicit.value("params").toObject().value("requestedSchema").toObject().value("properties").toObject()
                 .value("score").toObject().value("default").toDouble(), 95.5);
    server.send({{"jsonrpc", "2.0"}, {"id", elicit.value("id")}, {"result", QJsonObject{{"action", "decline"}}}});
    QVERIFY(firstText(server.reply(5).value("result").toObject()).contains("action=decline"));

    // Every tool has a description and every prompt too (the suite checks both).
    for (const QJsonValue &tool : server.call(6, "tools/list").value("result").toObject().value("tools").toArray())
        QVERIFY2(!tool.toObject().value("description").toString().isEmpty(), qPrintable(tool.toObject().value("name").toString()));
    for (const QJsonValue &prompt : server.call(7, "prompts/list").value("result").toObject().value("prompts").toArray())
        QVERIFY2(!prompt.toObject().value("description").toString().isEmpty(), qPrintable(prompt.toObject().value("name").toString()));
}

static QJsonObject taskCall(const QString &tool, const QJsonObject &arguments)
{
    QJsonObject params = callParams(tool, arguments);
    params.insert("task", QJsonObject{{"ttl", 60000}});
    return params;
}

void tst_DemoServer::tasks()
{
    DemoServer server;
    const QJsonObject capabilities = server.initialize().value("capabilities").toObject();
    QVERIFY(capabilities.value("tasks").toObject().value("requests").toObject().value("tools").toObject().contains("call"));

    // taskSupport is enforced both ways.
    QCOMPARE(server.call(1, "tools/call", callParams("batch_job")).value("error").toObject().value("code").toInt(), -32601);
    QCOMPARE(server.call(2, "tools/call", taskCall("get_weather", {{"city", "Rome"}})).value("error").toObject().value("code").toInt(), -32601);
    QCOMPARE(server.call(3, "tasks/get", {{"taskId", "no-such-task"}}).value("error").toObject().value("code").toInt(), -32602);

    const QJsonObject created = server.call(4, "tools/call", taskCall("long_task", {{"steps", 3}, {"delayMs", 100}}))
                                    .value("result").toObject().value("task").toObject();
    const QString taskId = created.value("taskId").toString();
    QVERIFY(!taskId.isEmpty());
    QCOMPARE(created.value("status").toString(), QStringLiteral("working"));
    QCOMPARE(created.value("ttl").toDouble(), 60000.0);
    QVERIFY(created.value("pollInterval").toInt() > 0);
    QVERIFY(!created.value("createdAt").toString().isEmpty());

    QCOMPARE(server.call(5, "tasks/get", {{"taskId", taskId}}).value("result").toObject().value("status").toString(),
             QStringLiteral("working"));
    const QJsonArray listed = server.call(6, "tasks/list").value("result").toObject().value("tasks").toArray();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.at(0).toObject().value("taskId").toString(), taskId);

    // tasks/result waits for the end, then carries the tool's result.
    server.send(request(7, "tasks/result", {{"taskId", taskId}}));
    QVERIFY(server.reply(7, 100).isEmpty());
    const QJsonObject result = server.reply(7).value("result").toObject();
    QCOMPARE(firstText(result), QStringLiteral("Completed 3 steps."));
    QCOMPARE(result.value("_meta").toObject().value("io.modelcontextprotocol/related-task").toObject().value("taskId").toString(), taskId);
    QCOMPARE(server.call(8, "tasks/get", {{"taskId", taskId}}).value("result").toObject().value("status").toString(),
             QStringLiteral("completed"));
    const QList<QJsonObject> statuses = server.notifications("notifications/tasks/status");
    QVERIFY(!statuses.isEmpty());
    QCOMPARE(statuses.constLast().value("params").toObject().value("status").toString(), QStringLiteral("completed"));
    // A second tasks/result after the end is answered at once.
    QCOMPARE(firstText(server.call(9, "tasks/result", {{"taskId", taskId}}, 500).value("result").toObject()),
             QStringLiteral("Completed 3 steps."));
}

void tst_DemoServer::taskCancelAndFailure()
{
    DemoServer server;
    server.initialize();
    const QString running = server.call(1, "tools/call", taskCall("batch_job", {{"items", 100}, {"delayMs", 50}}))
                                .value("result").toObject().value("task").toObject().value("taskId").toString();
    server.send(request(2, "tasks/result", {{"taskId", running}}));
    const QJsonObject cancelled = server.call(3, "tasks/cancel", {{"taskId", running}}).value("result").toObject();
    QCOMPARE(cancelled.value("status").toString(), QStringLiteral("cancelled"));
    QVERIFY(server.reply(2).contains("error")); // the waiting tasks/result hears about it
    QCOMPARE(server.call(4, "tasks/cancel", {{"taskId", running}}).value("error").toObject().value("code").toInt(), -32602);
    QCOMPARE(server.call(5, "tasks/get", {{"taskId", running}}).value("result").toObject().value("status").toString(),
             QStringLiteral("cancelled"));

    const QString failing = server.call(6, "tools/call", taskCall("batch_job", {{"items", 5}, {"delayMs", 10}, {"failAt", 2}}))
                                .value("result").toObject().value("task").toObject().value("taskId").toString();
    const QJsonObject failed = server.call(7, "tasks/result", {{"taskId", failing}}).value("result").toObject();
    QCOMPARE(failed.value("isError").toBool(), true);
    QCOMPARE(server.call(8, "tasks/get", {{"taskId", failing}}).value("result").toObject().value("status").toString(),
             QStringLiteral("failed"));

    const QString succeeding = server.call(9, "tools/call", taskCall("batch_job", {{"items", 2}, {"delayMs", 10}}))
                                   .value("result").toObject().value("task").toObject().value("taskId").toString();
    const QJsonObject structured = server.call(10, "tasks/result", {{"taskId", succeeding}}).value("result").toObject()
                                       .value("structuredContent").toObject();
    QCOMPARE(structured.value("processed").toInt(), 2);
}

void tst_DemoServer::taskInputRequired()
{
    DemoServer server;
    server.initialize({{"elicitation", QJsonObject()}});
    const QString taskId = server.call(1, "tools/call", taskCall("ask_user", {}))
                               .value("result").toObject().value("task").toObject().value("taskId").toString();
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("elicitation/create").isEmpty(); }));
    const QJsonObject elicit = server.serverRequests("elicitation/create").constFirst();
    QCOMPARE(elicit.value("params").toObject().value("_meta").toObject().value("io.modelcontextprotocol/related-task")
                 .toObject().value("taskId").toString(), taskId);
    QCOMPARE(server.call(2, "tasks/get", {{"taskId", taskId}}).value("result").toObject().value("status").toString(),
             QStringLiteral("input_required"));
    server.send({{"jsonrpc", "2.0"}, {"id", elicit.value("id")}, {"result", QJsonObject{{"action", "cancel"}}}});
    const QJsonObject result = server.call(3, "tasks/result", {{"taskId", taskId}}).value("result").toObject();
    QCOMPARE(result.value("structuredContent").toObject().value("action").toString(), QStringLiteral("cancel"));
}

void tst_DemoServer::listChangedForResourcesAndPrompts()
{
    DemoServer server;
    server.initialize();
    QCOMPARE(firstText(toolResult(server, 1, "toggle_extra_tool", {{"kind", "resource"}})), QStringLiteral("Added demo://extra."));
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/resources/list_changed").size() == 1; }));
    QCOMPARE(server.call(2, "resources/read", {{"uri", "demo://extra"}}).value("result").toObject().value("contents").toArray().size(), 1);
    QCOMPARE(firstText(toolResult(server, 3, "toggle_extra_tool", {{"kind", "prompt"}})), QStringLiteral("Added extra_prompt."));
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/prompts/list_changed").size() == 1; }));
    QVERIFY(server.call(4, "prompts/get", {{"name", "extra_prompt"}}).contains("result"));
    QCOMPARE(firstText(toolResult(server, 5, "toggle_extra_tool", {{"kind", "resource"}})), QStringLiteral("Removed demo://extra."));
    QVERIFY(DemoServer::waitUntil([&] { return server.notifications("notifications/resources/list_changed").size() == 2; }));
    QCOMPARE(server.call(6, "resources/read", {{"uri", "demo://extra"}}).value("error").toObject().value("code").toInt(), -32002);
    QVERIFY(server.notifications("notifications/tools/list_changed").isEmpty());
}

void tst_DemoServer::initializeFaults()
{
    DemoServer hanging({"--fault", "hang-on-initialize"});
    hanging.send(request(1, "initialize", {{"protocolVersion", latestVersion}, {"capabilities", QJsonObject()},
                                           {"clientInfo", QJsonObject{{"name", "t"}, {"version", "1"}}}}));
    QCOMPARE(hanging.call(2, "ping").value("result").toObject(), QJsonObject()); // alive, just silent
    QVERIFY(hanging.reply(1, 300).isEmpty());

    DemoServer failing({"--fault", "error-on-initialize"});
    const QJsonObject reply = failing.call(1, "initialize", {{"protocolVersion", latestVersion}, {"capabilities", QJsonObject()},
                                                             {"clientInfo", QJsonObject{{"name", "t"}, {"version", "1"}}}});
    QCOMPARE(reply.value("error").toObject().value("code").toInt(), -32603);

    DemoServer bad({"--fault", "no-such-fault"});
    QVERIFY(bad.process.waitForFinished(5000));
    QCOMPARE(bad.process.exitCode(), 2);
    QVERIFY(bad.stderrBytes.contains("unknown fault") || bad.process.readAllStandardError().contains("unknown fault"));
}

void tst_DemoServer::notificationFlood()
{
    DemoServer server;
    server.initialize();
    QCOMPARE(firstText(toolResult(server, 1, "notification_flood", {{"count", 5000}}, 30000)), QStringLiteral("Sent 5000 notifications."));
    // Everything sent before the answer arrived before it.
    QCOMPARE(server.notifications("notifications/message").size(), 5000);
    QCOMPARE(server.notifications("notifications/message").constLast().value("params").toObject().value("data").toString(),
             QStringLiteral("flood message 5000 of 5000"));
}

void tst_DemoServer::rootsChangedIsNoticed()
{
    DemoServer server;
    server.initialize({{"roots", QJsonObject{{"listChanged", true}}}});
    server.send(notification("notifications/roots/list_changed"));
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("roots/list").isEmpty(); }));
    const QJsonArray roots{QJsonObject{{"uri", "file:///tmp"}}, QJsonObject{{"uri", "file:///home"}}};
    server.send({{"jsonrpc", "2.0"}, {"id", server.serverRequests("roots/list").constFirst().value("id")},
                 {"result", QJsonObject{{"roots", roots}}}});
    QVERIFY(DemoServer::waitUntil([&] { return !server.notifications("notifications/message").isEmpty(); }));
    const QJsonObject params = server.notifications("notifications/message").constFirst().value("params").toObject();
    QCOMPARE(params.value("logger").toString(), QStringLiteral("roots"));
    QCOMPARE(params.value("data").toObject().value("roots").toArray(), roots);
}

void tst_DemoServer::urlElicitation()
{
    DemoServer formOnly;
    formOnly.initialize({{"elicitation", QJsonObject()}});
    QVERIFY(toolResult(formOnly, 1, "ask_user_url").value("isError").toBool());

    DemoServer server;
    server.initialize({{"elicitation", QJsonObject{{"form", QJsonObject()}, {"url", QJsonObject()}}}});
    server.send(request(1, "tools/call", callParams("ask_user_url", {{"url", "https://example.org/x"}})));
    QVERIFY(DemoServer::waitUntil([&] { return !server.serverRequests("elicitation/create").isEmpty(); }));
    const QJsonObject elicit = server.serverRequests("elicitation/create").constFirst();
    const QJsonObject params = elicit.value("params").toObject();
    QCOMPARE(params.value("mode").toString(), QStringLiteral("url"));
    QCOMPARE(params.value("url").toString(), QStringLiteral("https://example.org/x"));
    const QString elicitationId = params.value("elicitationId").toString();
    QVERIFY(!elicitationId.isEmpty());
    server.send({{"jsonrpc", "2.0"}, {"id", elicit.value("id")}, {"result", QJsonObject{{"action", "accept"}}}});
    QVERIFY(firstText(server.reply(1).value("result").toObject()).contains("accepted"));
    const QList<QJsonObject> complete = server.notifications("notifications/elicitation/complete");
    QCOMPARE(complete.size(), 1);
    QCOMPARE(complete.constFirst().value("params").toObject().value("elicitationId").toString(), elicitationId);

    const QJsonObject error = server.call(2, "tools/call", callParams("needs_authorization")).value("error").toObject();
    QCOMPARE(error.value("code").toInt(), -32042);
    QCOMPARE(error.value("data").toObject().value("elicitations").toArray().at(0).toObject().value("mode").toString(),
             QStringLiteral("url"));
}

void tst_DemoServer::modernDiscover()
{
    DemoServer server;
    const QJsonObject result = server.call(1, "server/discover", modern()).value("result").toObject();
    QCOMPARE(result.value("supportedVersions").toArray(), QJsonArray{modernVersion});
    QVERIFY(result.value("capabilities").toObject().contains("tools"));
    QVERIFY(!result.value("capabilities").toObject().contains("tasks")); // the 2025-11-25 form
    QCOMPARE(result.value("resultType").toString(), QStringLiteral("complete"));
    QCOMPARE(result.value("_meta").toObject().value("io.modelcontextprotocol/serverInfo").toObject().value("name").toString(),
             QStringLiteral("mcpscope-demo-server"));
    QVERIFY(!result.value("instructions").toString().isEmpty());
    // No handshake happened: the same process still serves a legacy client afterwards (dual era).
    QCOMPARE(server.initialize().value("protocolVersion").toString(), QString::fromLatin1(latestVersion));
}

void tst_DemoServer::modernMetaValidation_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<int>("code");

    QJsonObject noCapabilities = modern();
    QJsonObject meta = noCapabilities.value("_meta").toObject();
    meta.remove("io.modelcontextprotocol/clientCapabilities");
    noCapabilities.insert("_meta", meta);
    QTest::newRow("discover without _meta") << "server/discover" << QJsonObject{} << -32602;
    QTest::newRow("without clientCapabilities") << "tools/list" << noCapabilities << -32602;
    QTest::newRow("bad log level") << "tools/list" << modern({}, {}, {{"io.modelcontextprotocol/logLevel", "loud"}}) << -32602;
    QTest::newRow("ping is gone") << "ping" << modern() << -32601;
    QTest::newRow("logging/setLevel is gone") << "logging/setLevel" << modern({{"level", "info"}}) << -32601;
    QTest::newRow("resources/subscribe is gone") << "resources/subscribe" << modern({{"uri", "demo://clock"}}) << -32601;
    QTest::newRow("initialize with modern _meta") << "initialize" << modern() << -32601;
    QTest::newRow("resource not found") << "resources/read" << modern({{"uri", "demo://nothing"}}) << -32602;
    QTest::newRow("undeclared capability") << "tools/call" << modern(callParams("ask_llm", {{"prompt", "hi"}})) << -32021;
}

void tst_DemoServer::modernMetaValidation()
{
    QFETCH(QString, method);
    QFETCH(QJsonObject, params);
    QFETCH(int, code);
    DemoServer server;
    const QJsonObject reply = server.call(7, method, params);
    QCOMPARE(reply.value("id").toInt(), 7);
    QCOMPARE(reply.value("error").toObject().value("code").toInt(), code);
}

void tst_DemoServer::modernResults()
{
    DemoServer server;
    QJsonObject params = modern();
    QJsonObject meta = params.value("_meta").toObject();
    meta.insert("io.modelcontextprotocol/protocolVersion", "1900-01-01");
    params.insert("_meta", meta);
    const QJsonObject unsupported = server.call(1, "tools/list", params).value("error").toObject();
    QCOMPARE(unsupported.value("code").toInt(), -32022);
    QCOMPARE(unsupported.value("data").toObject().value("supported").toArray(), QJsonArray{modernVersion});
    QCOMPARE(unsupported.value("data").toObject().value("requested").toString(), QStringLiteral("1900-01-01"));

    for (const char *method : {"tools/list", "prompts/list", "resources/list", "resources/templates/list"}) {
        const QJsonObject result = server.call(method, method, modern()).value("result").toObject();
        QCOMPARE(result.value("resultType").toString(), QStringLiteral("complete"));
        QVERIFY2(result.value("ttlMs").isDouble() && result.value("ttlMs").toInt() >= 0, method);
        QCOMPARE(result.value("cacheScope").toString(), QStringLiteral("public"));
        QVERIFY(result.value("_meta").toObject().contains("io.modelcontextprotocol/serverInfo"));
    }
    const QJsonObject read = server.call(2, "resources/read", modern({{"uri", "demo://docs/readme"}})).value("result").toObject();
    QVERIFY(!read.value("contents").toArray().isEmpty());
    QCOMPARE(read.value("ttlMs").toInt(-1), 0);
    const QJsonObject call = server.call(3, "tools/call", modern(callParams("echo", {{"message", "hi"}}))).value("result").toObject();
    QCOMPARE(firstText(call), QStringLiteral("hi"));
    QCOMPARE(call.value("resultType").toString(), QStringLiteral("complete"));
    QVERIFY(!call.contains("ttlMs")); // tool results are not cacheable
    // Legacy results keep their old shape.
    server.initialize();
    const QJsonObject legacy = server.call(4, "tools/list").value("result").toObject();
    QVERIFY(!legacy.contains("resultType"));
    QVERIFY(!legacy.contains("ttlMs"));
}

void tst_DemoServer::modernMultiRoundTrip()
{
    DemoServer server;
    const QJsonObject capabilities{{"elicitation", QJsonObject()}, {"roots", QJsonObject()}};
    const QJsonObject first = server.call(1, "tools/call", modern(callParams("ask_user"), capabilities)).value("result").toObject();
    QCOMPARE(first.value("resultType").toString(), QStringLiteral("input_required"));
    const QJsonObject ask = first.value("inputRequests").toObject().value("profile").toObject();
    QCOMPARE(ask.value("method").toString(), QStringLiteral("elicitation/create"));
    QCOMPARE(ask.value("params").toObject().value("mode").toString(), QStringLiteral("form"));
    const QString state = first.value("requestState").toString();
    QVERIFY(!state.isEmpty());
    QVERIFY(server.serverRequests("elicitation/create").isEmpty()); // no server-to-client request in this era

    QJsonObject retry = modern(callParams("ask_user"), capabilities);
    retry.insert("inputResponses", QJsonObject{{"profile", QJsonObject{{"action", "accept"}, {"content", QJsonObject{{"name", "Grace"}}}}}});
    retry.insert("requestState", state);
    const QJsonObject done = server.call(2, "tools/call", retry).value("result").toObject();
    QCOMPARE(done.value("resultType").toString(), QStringLiteral("complete"));
    QCOMPARE(done.value("structuredContent").toObject().value("content").toObject().value("name").toString(), QStringLiteral("Grace"));

    // An answer that is not an object is asked for again, not failed.
    retry.insert("inputResponses", QJsonObject{{"profile", "yes"}});
    retry.remove("requestState");
    const QJsonObject again = server.call(3, "tools/call", retry).value("result").toObject();
    QCOMPARE(again.value("resultType").toString(), QStringLiteral("input_required"));

    const QJsonObject roots = server.call(4, "tools/call", modern(callParams("list_roots"), capabilities)).value("result").toObject();
    QCOMPARE(roots.value("inputRequests").toObject().value("roots").toObject().value("method").toString(), QStringLiteral("roots/list"));
    QJsonObject rootsRetry = modern(callParams("list_roots"), capabilities);
    rootsRetry.insert("inputResponses", QJsonObject{{"roots", QJsonObject{{"roots", QJsonArray{QJsonObject{{"uri", "file:///w"}}}}}}});
    rootsRetry.insert("requestState", roots.value("requestState"));
    const QJsonObject listed = server.call(5, "tools/call", rootsRetry).value("result").toObject();
    QCOMPARE(listed.value("structuredContent").toObject().value("roots").toArray().at(0).toObject().value("uri").toString(),
             QStringLiteral("file:///w"));
}

void tst_DemoServer::modernMultiRoundTripRefusals()
{
    DemoServer server;
    const QJsonObject capabilities{{"sampling", QJsonObject()}};
    const QJsonObject first = server.call(1, "tools/call", modern(callParams("ask_llm", {{"prompt", "hi"}}), capabilities))
                                  .value("result").toObject();
    QCOMPARE(first.value("inputRequests").toObject().value("answer").toObject().value("method").toString(),
             QStringLiteral("sampling/createMessage"));
    QString state = first.value("requestState").toString();
    QVERIFY(state.size() > 10);

    // A requestState changed by the client fails verification.
    QString tampered = state;
    tampered[3] = tampered.at(3) == u'A' ? u'B' : u'A';
    QJsonObject retry = modern(callParams("ask_llm", {{"prompt", "hi"}}), capabilities);
    retry.insert("inputResponses", QJsonObject{{"answer", QJsonObject{{"role", "assistant"}, {"model", "m"},
                                                                      {"content", QJsonObject{{"type", "text"}, {"text", "Hello"}}}}}});
    retry.insert("requestState", tampered);
    QCOMPARE(server.call(2, "tools/call", retry).value("error").toObject().value("code").toInt(), -32602);
    // So does a state minted for another request.
    retry.insert("requestState", state);
    retry.insert("name", "ask_user");
    QCOMPARE(server.call(3, "tools/call", retry).value("error").toObject().value("code").toInt(), -32602);
    retry.insert("name", "ask_llm");
    QCOMPARE(firstText(server.call(4, "tools/call", retry).value("result").toObject()), QStringLiteral("m answered: Hello"));

    // Without the capability the tool fails with MissingRequiredClientCapability naming it.
    const QJsonObject error = server.call(5, "tools/call", modern(callParams("list_roots"))).value("error").toObject();
    QCOMPARE(error.value("code").toInt(), -32021);
    QVERIFY(error.value("data").toObject().value("requiredCapabilities").toObject().value("roots").isObject());
}

void tst_DemoServer::modernLogLevel()
{
    DemoServer server;
    QCOMPARE(firstText(toolResult(server, 0, "echo", {{"message", "warm up"}})), QStringLiteral("warm up")); // legacy, unlogged
    const QJsonObject quiet = server.call(1, "tools/call", modern(callParams("log_all_levels"))).value("result").toObject();
    QCOMPARE(firstText(quiet), QStringLiteral("Sent 0 of 8 log messages."));
    QVERIFY(server.notifications("notifications/message").isEmpty()); // no logLevel, no log at all
    const QJsonObject loud = server.call(2, "tools/call",
                                         modern(callParams("log_all_levels"), {}, {{"io.modelcontextprotocol/logLevel", "error"}}))
                                 .value("result").toObject();
    QCOMPARE(firstText(loud), QStringLiteral("Sent 4 of 8 log messages."));
    QCOMPARE(server.notifications("notifications/message").size(), 4);
    QCOMPARE(server.notifications("notifications/message").constFirst().value("params").toObject().value("level").toString(),
             QStringLiteral("error"));
}

void tst_DemoServer::modernSubscriptions()
{
    DemoServer server;
    server.send(request("sub-1", "subscriptions/listen",
                        modern({{"notifications", QJsonObject{{"toolsListChanged", true},
                                                              {"resourceSubscriptions", QJsonArray{"demo://clock"}}}}})));
    QVERIFY(DemoServer::waitUntil([&] { return !server.notifications("notifications/subscriptions/acknowledged").isEmpty(); }));
    const QJsonObject ack = server.notifications("notifications/subscriptions/acknowledged").constFirst().value("params").toObject();
    QCOMPARE(ack.value("_meta").toObject().value("io.modelcontextprotocol/subscriptionId").toString(), QStringLiteral("sub-1"));
    QCOMPARE(ack.value("notifications").toObject().value("toolsListChanged").toBool(), true);
    QVERIFY(!ack.value("notifications").toObject().contains("promptsListChanged"));

    QVERIFY(!server.call(1, "tools/call", modern(callParams("toggle_extra_tool"))).contains("error"));
    QVERIFY(DemoServer::waitUntil([&] { return !server.notifications("notifications/tools/list_changed").isEmpty(); }));
    const QJsonObject changed = server.notifications("notifications/tools/list_changed").constFirst();
    QCOMPARE(changed.value("params").toObject().value("_meta").toObject().value("io.modelcontextprotocol/subscriptionId").toString(),
             QStringLiteral("sub-1"));
    // The clock ticks while the subscription is open, tagged with it.
    QVERIFY(DemoServer::waitUntil([&] { return !server.notifications("notifications/resources/updated").isEmpty(); }, 4000));
    const QJsonObject tick = server.notifications("notifications/resources/updated").constFirst().value("params").toObject();
    QCOMPARE(tick.value("uri").toString(), QStringLiteral("demo://clock"));
    QCOMPARE(tick.value("_meta").toObject().value("io.modelcontextprotocol/subscriptionId").toString(), QStringLiteral("sub-1"));

    // Cancelling the listen request ends it: no response, no more ticks.
    server.send(notification("notifications/cancelled", {{"requestId", "sub-1"}}));
    QTest::qWait(200);
    const qsizetype ticks = server.notifications("notifications/resources/updated").size();
    QTest::qWait(2300);
    QCOMPARE(server.notifications("notifications/resources/updated").size(), ticks);
    QVERIFY(server.reply("sub-1", 10).isEmpty());
    QVERIFY(server.notifications("notifications/prompts/list_changed").isEmpty());
}

void tst_DemoServer::eras()
{
    {
        DemoServer modernOnly({"--era", "modern"});
        const QJsonObject refused = modernOnly.call(0, "initialize",
                                                    {{"protocolVersion", latestVersion}, {"capabilities", QJsonObject()},
                                                     {"clientInfo", QJsonObject{{"name", "legacy"}, {"version", "1"}}}})
                                        .value("error").toObject();
        QCOMPARE(refused.value("code").toInt(), -32022);
        QCOMPARE(refused.value("data").toObject().value("supported").toArray(), QJsonArray{modernVersion});
        QVERIFY(refused.value("message").toString().contains(modernVersion));
        QCOMPARE(modernOnly.call(1, "tools/list").value("error").toObject().value("code").toInt(), -32602);
        QVERIFY(modernOnly.call(2, "server/discover", modern()).contains("result"));
    }
    {
        DemoServer legacyOnly({"--era", "legacy"});
        QCOMPARE(legacyOnly.call(1, "server/discover", modern()).value("error").toObject().value("code").toInt(), -32601);
        QCOMPARE(legacyOnly.initialize().value("protocolVersion").toString(), QString::fromLatin1(latestVersion));
        const QJsonObject result = legacyOnly.call(2, "tools/list", modern()).value("result").toObject();
        QVERIFY(!result.contains("resultType")); // served as the legacy request it is to this server
    }
    DemoServer wrong({"--era", "future"});
    QVERIFY(wrong.process.waitForFinished(5000));
    QCOMPARE(wrong.process.exitCode(), 2);
}

void tst_DemoServer::modernTasks()
{
    DemoServer server;
    const QJsonObject tasks{{"extensions", QJsonObject{{"io.modelcontextprotocol/tasks", QJsonObject()}}}};
    const QJsonObject discovered = server.call(0, "server/discover", modern()).value("result").toObject();
    QVERIFY(discovered.value("capabilities").toObject().value("extensions").toObject().contains("io.modelcontextprotocol/tasks"));

    // Without the extension a task-only tool, and the tasks methods, name what is missing.
    const QJsonObject refused = server.call(1, "tools/call", modern(callParams("batch_job"))).value("error").toObject();
    QCOMPARE(refused.value("code").toInt(), -32021);
    QVERIFY(refused.value("data").toObject().value("requiredCapabilities").toObject().value("extensions").toObject()
                .contains("io.modelcontextprotocol/tasks"));
    QCOMPARE(server.call(2, "tasks/get", modern({{"taskId", "x"}})).value("error").toObject().value("code").toInt(), -32021);

    const QJsonObject created = server.call(3, "tools/call", modern(callParams("batch_job", {{"items", 2}, {"delayMs", 20}}), tasks))
                                    .value("result").toObject();
    QCOMPARE(created.value("resultType").toString(), QStringLiteral("task"));
    QCOMPARE(created.value("status").toString(), QStringLiteral("working"));
    QVERIFY(created.value("ttlMs").isDouble() && created.value("pollIntervalMs").isDouble());
    const QString taskId = created.value("taskId").toString();
    QJsonObject polled;
    QVERIFY(DemoServer::waitUntil([&] {
        polled = server.call(QString("poll-%1").arg(server.messages.size()), "tasks/get", modern({{"taskId", taskId}}, tasks))
                     .value("result").toObject();
        return polled.value("status").toString() == QLatin1String("completed");
    }));
    QCOMPARE(polled.value("resultType").toString(), QStringLiteral("complete"));
    QCOMPARE(polled.value("result").toObject().value("structuredContent").toObject().value("processed").toInt(), 2);
    QCOMPARE(server.call(4, "tasks/list", modern({}, tasks)).value("error").toObject().value("code").toInt(), -32601);
    QCOMPARE(server.call(5, "tasks/result", modern({{"taskId", taskId}}, tasks)).value("error").toObject().value("code").toInt(), -32601);

    // A call that asks for input at once is a multi round-trip request, not a task.
    QJsonObject capabilities = tasks;
    capabilities.insert("elicitation", QJsonObject());
    QCOMPARE(server.call(6, "tools/call", modern(callParams("ask_user"), capabilities)).value("result").toObject()
                 .value("resultType").toString(), QStringLiteral("input_required"));

    // Input during a task: tasks/get shows what is still asked, tasks/update answers, and the
    // task goes on once nothing is outstanding.
    DemoServer fixtures({"--conformance"});
    const QString asking = fixtures.call(1, "tools/call", modern(callParams("multi_input"), capabilities))
                               .value("result").toObject().value("taskId").toString();
    QVERIFY(!asking.isEmpty());
    QJsonObject waiting;
    QVERIFY(DemoServer::waitUntil([&] {
        waiting = fixtures.call(QString("get-%1").arg(fixtures.messages.size()), "tasks/get", modern({{"taskId", asking}}, capabilities))
                      .value("result").toObject();
        return waiting.value("status").toString() == QLatin1String("input_required");
    }));
    QCOMPARE(waiting.value("inputRequests").toObject().keys(), (QStringList{"first", "second"}));
    const QJsonObject answer{{"action", "accept"}, {"content", QJsonObject{{"answer", "yes"}}}};
    const QJsonObject ack = fixtures.call(2, "tasks/update", modern({{"taskId", asking}, {"inputResponses", QJsonObject{{"first", answer}}}},
                                                                    capabilities)).value("result").toObject();
    QCOMPARE(ack.value("resultType").toString(), QStringLiteral("complete"));
    const QJsonObject partly = fixtures.call(3, "tasks/get", modern({{"taskId", asking}}, capabilities)).value("result").toObject();
    QCOMPARE(partly.value("status").toString(), QStringLiteral("input_required"));
    QCOMPARE(partly.value("inputRequests").toObject().keys(), QStringList{"second"});
    fixtures.call(4, "tasks/update", modern({{"taskId", asking}, {"inputResponses", QJsonObject{{"second", answer}}}}, capabilities));
    QJsonObject done;
    QVERIFY(DemoServer::waitUntil([&] {
        done = fixtures.call(QString("done-%1").arg(fixtures.messages.size()), "tasks/get", modern({{"taskId", asking}}, capabilities))
                   .value("result").toObject();
        return done.value("status").toString() == QLatin1String("completed");
    }));
    QCOMPARE(firstText(done.value("result").toObject()), QStringLiteral("yes and yes"));

    // Cancelling is acknowledged with an empty result and stops the work.
    const QString slow = server.call(10, "tools/call", modern(callParams("long_task", {{"steps", 50}, {"delayMs", 100}}), tasks))
                             .value("result").toObject().value("taskId").toString();
    QVERIFY(server.call(11, "tasks/cancel", modern({{"taskId", slow}}, tasks)).contains("result"));
    QCOMPARE(server.call(12, "tasks/get", modern({{"taskId", slow}}, tasks)).value("result").toObject().value("status").toString(),
             QStringLiteral("cancelled"));
    QVERIFY(DemoServer::waitUntil([&] { return server.stderrBytes.contains("long_task cancelled"); }));
}

QTEST_GUILESS_MAIN(tst_DemoServer)
#include "tst_demoserver.moc"
