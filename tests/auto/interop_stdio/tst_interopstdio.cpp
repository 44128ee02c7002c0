// Mcp::Client over StdioTransport against real MCP servers: the reference servers from npm
// (server-everything, server-filesystem, server-memory). tst_interopdemo covers mcpscope-demo-server.

#include "interophelpers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Mcp;

namespace {

using namespace Interop;

const char kRootUri[] = "file:///tmp/mcpscope-interop-root";

} // namespace

class tst_InteropStdio : public QObject
{
    Q_OBJECT

private:
    ScriptedHandler m_roots{[](const QJsonObject &) {
        return QJsonObject{{QStringLiteral("roots"),
                            QJsonArray{QJsonObject{{QStringLiteral("uri"), QLatin1String(kRootUri)},
                                                   {QStringLiteral("name"), QStringLiteral("interop root")}}}}};
    }};
    ScriptedHandler m_sampling{[](const QJsonObject &) {
        return QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                           {QStringLiteral("model"), QStringLiteral("mcpscope-test-model")},
                           {QStringLiteral("stopReason"), QStringLiteral("endTurn")},
                           {QStringLiteral("content"),
                            QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                        {QStringLiteral("text"), QStringLiteral("Sampled answer from the test")}}}};
    }};
    ScriptedHandler m_elicitation{[](const QJsonObject &params) {
        if (params.value(QStringLiteral("mode")).toString() == QLatin1String("url"))
            return QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}};
        return QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")},
                           {QStringLiteral("content"),
                            QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada Lovelace")},
                                        {QStringLiteral("check"), true},
                                        {QStringLiteral("email"), QStringLiteral("ada@example.com")},
                                        {QStringLiteral("integer"), 7}}}};
    }};
    RequestRouter m_handlers{{QStringLiteral("roots/list"), &m_roots},
                             {QStringLiteral("sampling/createMessage"), &m_sampling},
                             {QStringLiteral("elicitation/create"), &m_elicitation}};

    std::unique_ptr<Client> m_everything;
    QStringList m_toolNames;

    std::unique_ptr<Client> connectTo(const StdioServerParameters &parameters, bool withHandlers)
    {
        return connectStdio(parameters, withHandlers ? &m_handlers : nullptr);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (node().isEmpty())
            QSKIP("node is not on PATH");
        if (!QFile::exists(peer("server-everything/dist/index.js")))
            QSKIP("npm test peers are not installed (scripts/setup.sh --test-peers)");
        m_everything = connectTo(nodeServer(peer("server-everything/dist/index.js"), {QStringLiteral("stdio")}), true);
        QCOMPARE(m_everything->state(), Client::State::Ready);
        // Tools that depend on client capabilities are registered after initialization
        // (and announced with list_changed): wait for them.
        QVERIFY(QTest::qWaitFor(
            [&] {
                m_toolNames = names(listAll(m_everything.get(), Lists::Tools));
                return m_toolNames.contains(QStringLiteral("trigger-sampling-request"));
            },
            kWait));
    }

    void cleanupTestCase()
    {
        if (!m_everything)
            return;
        disconnectAndWait(m_everything.get());
    }

    void everything_initialize()
    {
        Client *client = m_everything.get();
        QCOMPARE(client->protocolVersion(), QStringLiteral("2025-11-25"));
        QCOMPARE(client->serverInfo().name, QStringLiteral("mcp-servers/everything"));
        QVERIFY(!client->serverInfo().version.isEmpty());
        QVERIFY(client->instructions().contains(QStringLiteral("Everything")));
        const QJsonObject capabilities = client->serverCapabilities();
        for (const char *key : {"tools", "prompts", "resources", "logging", "completions"})
            QVERIFY2(capabilities.contains(QLatin1String(key)), key);
        // The server asked for our roots right after initialization.
        QTRY_VERIFY_WITH_TIMEOUT(m_roots.calls >= 1, kWait);
        auto ping = watch(client->ping());
        QTRY_VERIFY_WITH_TIMEOUT(ping->finished, kWait);
        QVERIFY(!ping->isError);
    }

    void everything_callEveryTool()
    {
        Client *client = m_everything.get();
        using Check = std::function<QString(const QJsonObject &result)>; // empty: fine
        struct ToolCall
        {
            QJsonObject arguments;
            Check check;
        };
        const QByteArray gzipInput = QByteArrayLiteral("hello from MCP Scope\n").toBase64();
        struct Entry
        {
            QString name;
            ToolCall call;
        };
        const std::vector<Entry> table{
            {QStringLiteral("echo"),
             {{{QStringLiteral("message"), QStringLiteral("hello from MCP Scope")}},
              [](const QJsonObject &r) {
                  return allText(r).contains(QStringLiteral("hello from MCP Scope")) ? QString() : allText(r);
              }}},
            {QStringLiteral("get-annotated-message"),
             {{{QStringLiteral("messageType"), QStringLiteral("success")}, {QStringLiteral("includeImage"), true}},
              [](const QJsonObject &r) {
                  return contentTypes(r).contains(QStringLiteral("image")) ? QString() : contentTypes(r).join(u',');
              }}},
            {QStringLiteral("get-env"),
             {{}, [](const QJsonObject &r) { return allText(r).contains(QStringLiteral("PATH")) ? QString() : allText(r); }}},
            {QStringLiteral("get-resource-links"),
             {{{QStringLiteral("count"), 4}},
              [](const QJsonObject &r) {
                  return contentTypes(r).count(QStringLiteral("resource_link")) == 4 ? QString() : contentTypes(r).join(u',');
              }}},
            {QStringLiteral("get-resource-reference"),
             {{{QStringLiteral("resourceType"), QStringLiteral("Blob")}, {QStringLiteral("resourceId"), 2}},
              [](const QJsonObject &r) {
                  return contentTypes(r).contains(QStringLiteral("resource")) ? QString() : contentTypes(r).join(u',');
              }}},
            {QStringLiteral("get-structured-content"),
             {{{QStringLiteral("location"), QStringLiteral("Chicago")}},
              [](const QJsonObject &r) {
                  return r.value(QStringLiteral("structuredContent")).toObject().contains(QStringLiteral("temperature"))
                      ? QString()
                      : QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
              }}},
            {QStringLiteral("get-sum"),
             {{{QStringLiteral("a"), 2}, {QStringLiteral("b"), 40}},
              [](const QJsonObject &r) { return allText(r).contains(QStringLiteral("42")) ? QString() : allText(r); }}},
            {QStringLiteral("get-tiny-image"),
             {{},
              [](const QJsonObject &r) {
                  for (const QJsonValue &block : r.value(QStringLiteral("content")).toArray())
                      if (block.toObject().value(QStringLiteral("mimeType")).toString() == QLatin1String("image/png")
                          && !block.toObject().value(QStringLiteral("data")).toString().isEmpty())
                          return QString();
                  return contentTypes(r).join(u',');
              }}},
            {QStringLiteral("gzip-file-as-resource"),
             {{{QStringLiteral("name"), QStringLiteral("hello.txt.gz")},
               {QStringLiteral("data"), QString(QStringLiteral("data:text/plain;base64,") + QString::fromLatin1(gzipInput))},
               {QStringLiteral("outputType"), QStringLiteral("resource")}},
              [](const QJsonObject &r) {
                  const QJsonArray content = r.value(QStringLiteral("content")).toArray();
                  const QJsonObject resource = content.at(0).toObject().value(QStringLiteral("resource")).toObject();
                  return resource.value(QStringLiteral("mimeType")).toString() == QLatin1String("application/gzip")
                          && QByteArray::fromBase64(resource.value(QStringLiteral("blob")).toString().toLatin1()).startsWith("\x1f\x8b")
                      ? QString()
                      : QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
              }}},
            // Toggled twice (on here, off in everything_logging) so nothing keeps running.
            {QStringLiteral("toggle-simulated-logging"), {{}, [](const QJsonObject &r) { return allText(r).isEmpty() ? QStringLiteral("no text") : QString(); }}},
            {QStringLiteral("toggle-subscriber-updates"), {{}, [](const QJsonObject &r) { return allText(r).isEmpty() ? QStringLiteral("no text") : QString(); }}},
            {QStringLiteral("trigger-long-running-operation"),
             {{{QStringLiteral("duration"), 0.4}, {QStringLiteral("steps"), 2}},
              [](const QJsonObject &r) {
                  return allText(r).contains(QStringLiteral("completed")) ? QString() : allText(r);
              }}},
            {QStringLiteral("get-roots-list"),
             {{}, [](const QJsonObject &r) { return allText(r).contains(QLatin1String(kRootUri)) ? QString() : allText(r); }}},
            {QStringLiteral("trigger-elicitation-request"),
             {{}, [](const QJsonObject &r) { return allText(r).contains(QStringLiteral("Ada Lovelace")) ? QString() : allText(r); }}},
            {QStringLiteral("trigger-url-elicitation"),
             {{{QStringLiteral("url"), QStringLiteral("https://example.com/consent")}},
              [](const QJsonObject &r) { return allText(r).contains(QStringLiteral("example.com")) ? QString() : allText(r); }}},
            {QStringLiteral("trigger-sampling-request"),
             {{{QStringLiteral("prompt"), QStringLiteral("Say hello")}, {QStringLiteral("maxTokens"), 20}},
              [](const QJsonObject &r) {
                  return allText(r).contains(QStringLiteral("Sampled answer from the test")) ? QString() : allText(r);
              }}},
            {QStringLiteral("simulate-research-query"),
             {{{QStringLiteral("topic"), QStringLiteral("MCP inspectors")}},
              [](const QJsonObject &r) {
                  return allText(r).contains(QStringLiteral("Research Report: MCP inspectors")) ? QString() : allText(r);
              }}},
        };
        QHash<QString, ToolCall> calls;
        for (const Entry &entry : table)
            calls.insert(entry.name, entry.call);

        const QJsonArray tools = listAll(client, Lists::Tools);
        QVERIFY(tools.size() >= 15);
        QStringList called;
        for (const QJsonValue &value : tools) {
            const QJsonObject tool = value.toObject();
            const QString name = tool.value(QStringLiteral("name")).toString();
            QVERIFY2(calls.contains(name), qPrintable(QStringLiteral("no arguments prepared for the new tool ") + name));
            QVERIFY(tool.value(QStringLiteral("inputSchema")).isObject());
            const ToolCall &call = calls.value(name);
            QJsonObject result;
            const QString taskSupport = tool.value(QStringLiteral("execution")).toObject().value(QStringLiteral("taskSupport")).toString();
            if (taskSupport == QLatin1String("required")) {
                result = callToolAsTask(client, name, call.arguments);
            } else {
                result = resultOf(client->callTool(name, call.arguments));
            }
            QVERIFY2(!result.isEmpty(), qPrintable(name));
            QVERIFY2(!result.value(QStringLiteral("isError")).toBool(),
                     qPrintable(name + u' ' + QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact))));
            const QString complaint = call.check(result);
            QVERIFY2(complaint.isEmpty(), qPrintable(name + QStringLiteral(": ") + complaint));
            called.append(name);
        }
        QCOMPARE(called.size(), tools.size());
        QVERIFY(m_sampling.calls >= 1);
        QVERIFY(m_elicitation.calls >= 2);
        QCOMPARE(m_elicitation.lastParams.value(QStringLiteral("mode")).toString(), QStringLiteral("url"));
        QVERIFY(m_elicitation.lastParams.value(QStringLiteral("url")).toString().contains(QStringLiteral("example.com")));
        QVERIFY(client->pendingRequestCount() == 0);
    }

    void everything_resources()
    {
        Client *client = m_everything.get();
        const QJsonArray resources = listAll(client, Lists::Resources);
        QVERIFY(resources.size() >= 3);
        for (const QJsonValue &value : resources) {
            const QString uri = value.toObject().value(QStringLiteral("uri")).toString();
            const QJsonArray contents = resultOf(client->readResource(uri)).value(QStringLiteral("contents")).toArray();
            QVERIFY2(!contents.isEmpty(), qPrintable(uri));
            const QJsonObject first = contents.at(0).toObject();
            QCOMPARE(first.value(QStringLiteral("uri")).toString(), uri);
            QVERIFY2(first.contains(QStringLiteral("text")) || first.contains(QStringLiteral("blob")), qPrintable(uri));
        }
        const QJsonArray templates = listAll(client, Lists::ResourceTemplates);
        QVERIFY(names(templates, QStringLiteral("uriTemplate")).contains(QStringLiteral("demo://resource/dynamic/text/{resourceId}")));
        const QJsonObject text = resultOf(client->readResource(QStringLiteral("demo://resource/dynamic/text/7")))
                                     .value(QStringLiteral("contents")).toArray().at(0).toObject();
        QVERIFY(!text.value(QStringLiteral("text")).toString().isEmpty());
        const QJsonObject blob = resultOf(client->readResource(QStringLiteral("demo://resource/dynamic/blob/3")))
                                     .value(QStringLiteral("contents")).toArray().at(0).toObject();
        QVERIFY(!QByteArray::fromBase64(blob.value(QStringLiteral("blob")).toString().toLatin1()).isEmpty());

        // An unknown resource is a protocol error, not a crash.
        auto missing = watch(client->readResource(QStringLiteral("demo://resource/nope")));
        QTRY_VERIFY_WITH_TIMEOUT(missing->finished, kWait);
        QVERIFY(missing->isError);
        QVERIFY(!missing->error.message.isEmpty());

        // Subscriptions: the (already toggled on) updater reports subscribed URIs.
        const QString uri = QStringLiteral("demo://resource/dynamic/text/1");
        QSignalSpy updated(client, &Client::resourceUpdated);
        QVERIFY(resultOf(client->subscribeResource(uri)).isEmpty()); // {} result
        // The updater runs every 5 s; toggling it off and on sends one update at once.
        resultOf(client->callTool(QStringLiteral("toggle-subscriber-updates"), {}));
        resultOf(client->callTool(QStringLiteral("toggle-subscriber-updates"), {}));
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1, kWait);
        QCOMPARE(updated.at(0).at(0).toString(), uri);
        resultOf(client->unsubscribeResource(uri));
        resultOf(client->callTool(QStringLiteral("toggle-subscriber-updates"), {})); // off again
    }

    void everything_prompts()
    {
        Client *client = m_everything.get();
        const QJsonArray prompts = listAll(client, Lists::Prompts);
        const QHash<QString, QJsonObject> arguments{
            {QStringLiteral("simple-prompt"), {}},
            {QStringLiteral("args-prompt"), {{QStringLiteral("city"), QStringLiteral("Paris")}, {QStringLiteral("state"), QStringLiteral("TX")}}},
            {QStringLiteral("completable-prompt"),
             {{QStringLiteral("department"), QStringLiteral("Engineering")}, {QStringLiteral("name"), QStringLiteral("Alice")}}},
            {QStringLiteral("resource-prompt"), {{QStringLiteral("resourceType"), QStringLiteral("Text")}, {QStringLiteral("resourceId"), QStringLiteral("2")}}},
        };
        QVERIFY(prompts.size() >= 4);
        for (const QJsonValue &value : prompts) {
            const QString name = value.toObject().value(QStringLiteral("name")).toString();
            QVERIFY2(arguments.contains(name), qPrintable(QStringLiteral("no arguments prepared for the new prompt ") + name));
            const QJsonArray messages = resultOf(client->getPrompt(name, arguments.value(name))).value(QStringLiteral("messages")).toArray();
            QVERIFY2(!messages.isEmpty(), qPrintable(name));
            const QString text = QString::fromUtf8(QJsonDocument(messages).toJson(QJsonDocument::Compact));
            for (const QJsonValue &argument : arguments.value(name))
                if (argument.toString().size() > 2)
                    QVERIFY2(text.contains(argument.toString()), qPrintable(name + u' ' + text));
        }
        // A missing required argument is refused by the server, with a message.
        auto bad = watch(client->getPrompt(QStringLiteral("args-prompt")));
        QTRY_VERIFY_WITH_TIMEOUT(bad->finished, kWait);
        QVERIFY(bad->isError);
    }

    void everything_progress()
    {
        Client *client = m_everything.get();
        RequestOptions options;
        options.timeoutMs = 700; // shorter than the operation: progress keeps it alive
        auto outcome = watch(client->callTool(QStringLiteral("trigger-long-running-operation"),
                                              {{QStringLiteral("duration"), 2}, {QStringLiteral("steps"), 5}}, options));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QVERIFY2(!outcome->isError, qPrintable(outcome->error.message));
        QCOMPARE(outcome->progress, (QList<double>{1, 2, 3, 4, 5}));
        QCOMPARE(outcome->totals.last(), 5.0);
        QVERIFY(outcome->elapsedMs >= 1900);
    }

    void everything_cancellation()
    {
        Client *client = m_everything.get();
        OutgoingRequest *handle = client->callTool(QStringLiteral("trigger-long-running-operation"),
                                                 {{QStringLiteral("duration"), 10}, {QStringLiteral("steps"), 20}});
        auto outcome = watch(handle);
        QTRY_VERIFY_WITH_TIMEOUT(!outcome->progress.isEmpty(), kWait);
        handle->cancel(QStringLiteral("the user pressed Cancel"));
        QVERIFY(outcome->finished);
        QCOMPARE(outcome->error.code, int(SessionErrorCode::Cancelled));
        QVERIFY(outcome->elapsedMs < 5000);
        // The session goes on.
        auto ping = watch(client->ping());
        QTRY_VERIFY_WITH_TIMEOUT(ping->finished, kWait);
        QVERIFY(!ping->isError);
        // A timeout cancels the same way.
        RequestOptions options;
        options.timeoutMs = 300;
        options.resetTimeoutOnProgress = false;
        auto timedOut = watch(client->callTool(QStringLiteral("trigger-long-running-operation"),
                                               {{QStringLiteral("duration"), 5}, {QStringLiteral("steps"), 5}}, options));
        QTRY_VERIFY_WITH_TIMEOUT(timedOut->finished, kWait);
        QCOMPARE(timedOut->error.code, int(SessionErrorCode::Timeout));
        QCOMPARE(client->state(), Client::State::Ready);
    }

    void everything_logging()
    {
        Client *client = m_everything.get();
        QSignalSpy logs(client, &Client::logMessage);
        QVERIFY(resultOf(client->setLogLevel(QStringLiteral("debug"))).isEmpty());
        // toggle-simulated-logging is on since everything_callEveryTool: turn it off and on
        // again, which sends one message at once.
        resultOf(client->callTool(QStringLiteral("toggle-simulated-logging"), {}));
        resultOf(client->callTool(QStringLiteral("toggle-simulated-logging"), {}));
        QTRY_VERIFY_WITH_TIMEOUT(logs.count() >= 1, kWait);
        const QStringList levels{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"};
        QVERIFY2(levels.contains(logs.at(0).at(0).toString()), qPrintable(logs.at(0).at(0).toString()));
        QVERIFY(logs.at(0).at(2).toJsonValue().toString().contains(QStringLiteral("message")));
        resultOf(client->callTool(QStringLiteral("toggle-simulated-logging"), {})); // off
        auto bad = watch(client->setLogLevel(QStringLiteral("loud")));
        QTRY_VERIFY_WITH_TIMEOUT(bad->finished, kWait);
        QVERIFY(bad->isError);
        QVERIFY(!bad->error.message.isEmpty()); // the SDK answers -32603, not -32602
    }

    void everything_completion()
    {
        Client *client = m_everything.get();
        const QJsonObject ref{{QStringLiteral("type"), QStringLiteral("ref/prompt")}, {QStringLiteral("name"), QStringLiteral("completable-prompt")}};
        const QJsonObject department = resultOf(client->complete(ref, QStringLiteral("department"), QStringLiteral("E")))
                                           .value(QStringLiteral("completion")).toObject();
        QCOMPARE(department.value(QStringLiteral("values")).toArray(), QJsonArray{QStringLiteral("Engineering")});
        const QJsonObject name = resultOf(client->complete(ref, QStringLiteral("name"), QString(),
                                                           QJsonObject{{QStringLiteral("department"), QStringLiteral("Sales")}}))
                                     .value(QStringLiteral("completion")).toObject();
        QCOMPARE(name.value(QStringLiteral("values")).toArray(),
                 (QJsonArray{QStringLiteral("David"), QStringLiteral("Eve"), QStringLiteral("Frank")}));
    }

    void everything_pagination()
    {
        Client *client = m_everything.get();
        // listAll gives the same items as walking the pages by hand.
        for (const ListDescriptor &list : {ListDescriptor(Lists::Tools), ListDescriptor(Lists::Resources),
                                           ListDescriptor(Lists::Prompts)}) {
            const QString &method = list.method;
            const QString &key = list.itemsKey;
            QJsonArray byHand;
            QString cursor;
            int pages = 0;
            do {
                QJsonObject params;
                if (!cursor.isEmpty())
                    params.insert(QStringLiteral("cursor"), cursor);
                const QJsonObject page = resultOf(client->sendRequest(method, params));
                for (const QJsonValue &item : page.value(key).toArray())
                    byHand.append(item);
                cursor = page.value(QStringLiteral("nextCursor")).toString();
            } while (!cursor.isEmpty() && ++pages < 100);
            const QJsonArray all = listAll(client, list);
            QVERIFY(!all.isEmpty());
            QCOMPARE(all, byHand);
        }
    }

    void everything_rootsListChanged()
    {
        Client *client = m_everything.get();
        const int before = m_roots.calls;
        client->notifyRootsListChanged();
        QTRY_VERIFY_WITH_TIMEOUT(m_roots.calls > before, kWait);
    }

    void filesystem()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString root = QDir(dir.path()).canonicalPath();
        QFile file(root + QStringLiteral("/hello.txt"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("Hello, filesystem server.\n");
        file.close();
        // No roots handler: the server would replace its directories with our roots.
        auto client = connectTo(nodeServer(peer("server-filesystem/dist/index.js"), {root}), false);
        QCOMPARE(client->state(), Client::State::Ready);
        QCOMPARE(client->serverInfo().name, QStringLiteral("secure-filesystem-server"));
        const QStringList tools = names(listAll(client.get(), Lists::Tools));
        QVERIFY(tools.contains(QStringLiteral("read_text_file")));
        QVERIFY(tools.contains(QStringLiteral("list_directory")));
        const QJsonObject listing = resultOf(client->callTool(QStringLiteral("list_directory"), {{QStringLiteral("path"), root}}));
        QVERIFY2(allText(listing).contains(QStringLiteral("hello.txt")), qPrintable(allText(listing)));
        const QJsonObject read = resultOf(client->callTool(QStringLiteral("read_text_file"),
                                                           {{QStringLiteral("path"), QString(root + QStringLiteral("/hello.txt"))}}));
        QVERIFY(allText(read).contains(QStringLiteral("Hello, filesystem server.")));
        // Outside the allowed directory: a tool error, not a protocol error.
        const QJsonObject denied = resultOf(client->callTool(QStringLiteral("read_text_file"), {{QStringLiteral("path"), QStringLiteral("/etc/hostname")}}));
        QCOMPARE(denied.value(QStringLiteral("isError")).toBool(), true);
        disconnectAndWait(client.get());
    }

    void memory()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        StdioServerParameters parameters = nodeServer(peer("server-memory/dist/index.js"));
        parameters.environment.insert(QStringLiteral("MEMORY_FILE_PATH"), dir.filePath(QStringLiteral("memory.jsonl")));
        auto client = connectTo(parameters, false);
        QCOMPARE(client->state(), Client::State::Ready);
        QCOMPARE(client->serverInfo().name, QStringLiteral("memory-server"));
        const QStringList tools = names(listAll(client.get(), Lists::Tools));
        QVERIFY(tools.contains(QStringLiteral("create_entities")));
        QVERIFY(tools.contains(QStringLiteral("read_graph")));
        const QJsonObject entity{{QStringLiteral("name"), QStringLiteral("Ada")},
                                 {QStringLiteral("entityType"), QStringLiteral("person")},
                                 {QStringLiteral("observations"), QJsonArray{QStringLiteral("wrote the first program")}}};
        const QJsonObject created = resultOf(client->callTool(QStringLiteral("create_entities"),
                                                              {{QStringLiteral("entities"), QJsonArray{entity}}}));
        QVERIFY(!created.value(QStringLiteral("isError")).toBool());
        const QJsonObject graph = resultOf(client->callTool(QStringLiteral("read_graph"), {}));
        QVERIFY2(allText(graph).contains(QStringLiteral("wrote the first program")), qPrintable(allText(graph)));
        disconnectAndWait(client.get());
    }
};

QTEST_GUILESS_MAIN(tst_InteropStdio)
#include "tst_interopstdio.moc"
