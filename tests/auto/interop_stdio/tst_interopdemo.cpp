// Mcp::Client over StdioTransport against mcpscope-demo-server (app/demoserver): every tool,
// resources, prompts, completion, logging, progress, cancellation, pagination and the faults.

#include "interophelpers.h"

#include <QElapsedTimer>
#include <QSignalSpy>

namespace {

using namespace Interop;

StdioServerParameters demoServer(const QStringList &arguments = {})
{
    return stdioServer(QStringLiteral(MCPSCOPE_DEMO_SERVER), arguments);
}

} // namespace

class tst_InteropDemo : public QObject
{
    Q_OBJECT

private:
    ScriptedHandler m_roots{[](const QJsonObject &) {
        return QJsonObject{{QStringLiteral("roots"), QJsonArray{QJsonObject{{QStringLiteral("uri"), QStringLiteral("file:///tmp/demo-root")},
                                                                            {QStringLiteral("name"), QStringLiteral("demo root")}}}}};
    }};
    ScriptedHandler m_sampling{[](const QJsonObject &) {
        return QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                           {QStringLiteral("model"), QStringLiteral("test-model")},
                           {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                   {QStringLiteral("text"), QStringLiteral("Protocols hum softly")}}}};
    }};
    ScriptedHandler m_elicitation{[](const QJsonObject &params) {
        if (params.value(QStringLiteral("mode")).toString() == QLatin1String("url"))
            return QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}};
        return QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")},
                           {QStringLiteral("content"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Grace")},
                                                                   {QStringLiteral("age"), 45}}}};
    }};
    RequestRouter m_handlers{{QStringLiteral("roots/list"), &m_roots},
                             {QStringLiteral("sampling/createMessage"), &m_sampling},
                             {QStringLiteral("elicitation/create"), &m_elicitation}};

    std::unique_ptr<Client> m_client;

    std::unique_ptr<Client> connectTo(const QStringList &arguments, bool withHandlers = true)
    {
        // The legacy protocol (initialize, ping, logging/setLevel, resources/subscribe) against
        // the dual-era demo; tst_clientlisten and tst_compatmatrix cover its modern side.
        return connectStdio(demoServer(arguments), withHandlers ? &m_handlers : nullptr,
                            Modern::EraChoice{Modern::EraChoice::Mode::Legacy, {}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Small pages, so that every list exercises listAll across pages.
        m_client = connectTo({QStringLiteral("--page-size"), QStringLiteral("2")});
        QCOMPARE(m_client->state(), Client::State::Ready);
    }

    void cleanupTestCase()
    {
        if (!m_client)
            return;
        disconnectAndWait(m_client.get());
    }

    void initialize()
    {
        QCOMPARE(m_client->protocolVersion(), QStringLiteral("2025-11-25"));
        QCOMPARE(m_client->serverInfo().name, QStringLiteral("mcpscope-demo-server"));
        QVERIFY(m_client->instructions().contains(QStringLiteral("content_gallery")));
        for (const char *capability : {"tools", "resources", "prompts", "logging", "completions"})
            QVERIFY2(m_client->serverCapabilities().contains(QLatin1String(capability)), capability);
    }

    void callEveryTool()
    {
        Client *client = m_client.get();
        using Check = std::function<QString(const QJsonObject &)>;
        struct ToolCall
        {
            QJsonObject arguments;
            Check check;
        };
        const auto textContains = [](const QString &needle) -> Check {
            return [needle](const QJsonObject &r) { return allText(r).contains(needle) ? QString() : allText(r); };
        };
        const auto structured = [](const QString &member) -> Check {
            return [member](const QJsonObject &r) {
                return r.value(QStringLiteral("structuredContent")).toObject().contains(member)
                    ? QString()
                    : QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
            };
        };
        QHash<QString, ToolCall> calls;
        calls.insert(QStringLiteral("echo"), {QJsonObject{{QStringLiteral("message"), QStringLiteral("hi demo")}}, textContains(QStringLiteral("hi demo"))});
        calls.insert(QStringLiteral("add"), {QJsonObject{{QStringLiteral("a"), 1.5}, {QStringLiteral("b"), 2}}, structured(QStringLiteral("sum"))});
        calls.insert(QStringLiteral("get_weather"), {QJsonObject{{QStringLiteral("city"), QStringLiteral("Lagos")}}, structured(QStringLiteral("temperature"))});
        calls.insert(QStringLiteral("fail"), {QJsonObject(), nullptr}); // isError: checked below
        calls.insert(QStringLiteral("extra_tool"), {QJsonObject(), textContains(QStringLiteral("extra tool"))});
        calls.insert(QStringLiteral("content_gallery"), {QJsonObject(), [](const QJsonObject &r) {
                         const QStringList types = contentTypes(r);
                         for (const char *type : {"text", "image", "audio", "resource_link", "resource"})
                             if (!types.contains(QLatin1String(type)))
                                 return types.join(u',');
                         return QString();
                     }});
        calls.insert(QStringLiteral("rich_form"), {QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}, {QStringLiteral("colour"), QStringLiteral("red")}},
                                                   structured(QStringLiteral("colour"))});
        calls.insert(QStringLiteral("blob"), {QJsonObject{{QStringLiteral("size"), 100000}}, [](const QJsonObject &r) {
                         return allText(r).toUtf8().size() == 100000 ? QString() : QString::number(allText(r).size());
                     }});
        calls.insert(QStringLiteral("long_task"), {QJsonObject{{QStringLiteral("steps"), 2}, {QStringLiteral("delayMs"), 50}},
                                                   textContains(QStringLiteral("Completed 2 steps"))});
        calls.insert(QStringLiteral("batch_job"), {QJsonObject{{QStringLiteral("items"), 3}, {QStringLiteral("delayMs"), 50}}, [](const QJsonObject &r) {
                         return r.value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("processed")).toInt() == 3
                             ? QString()
                             : QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
                     }});
        calls.insert(QStringLiteral("ask_llm"), {QJsonObject{{QStringLiteral("prompt"), QStringLiteral("haiku")}},
                                                 textContains(QStringLiteral("Protocols hum softly"))});
        calls.insert(QStringLiteral("ask_user"), {QJsonObject(), [](const QJsonObject &r) {
                         const QJsonObject s = r.value(QStringLiteral("structuredContent")).toObject();
                         return s.value(QStringLiteral("action")).toString() == QLatin1String("accept")
                                 && s.value(QStringLiteral("content")).toObject().value(QStringLiteral("name")).toString() == QLatin1String("Grace")
                             ? QString()
                             : QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
                     }});
        calls.insert(QStringLiteral("ask_user_url"), {QJsonObject{{QStringLiteral("url"), QStringLiteral("https://example.com/connect")}},
                                                      textContains(QStringLiteral("is complete"))});
        calls.insert(QStringLiteral("notification_flood"), {QJsonObject{{QStringLiteral("count"), 100}}, textContains(QStringLiteral("Sent 100"))});
        calls.insert(QStringLiteral("list_roots"), {QJsonObject(), [](const QJsonObject &r) {
                         return QJsonDocument(r).toJson().contains("file:///tmp/demo-root") ? QString() : QStringLiteral("root missing");
                     }});
        calls.insert(QStringLiteral("ping_client"), {QJsonObject(), textContains(QStringLiteral("answered ping"))});
        calls.insert(QStringLiteral("route_query"), {QJsonObject{{QStringLiteral("region"), QStringLiteral("eu-west1")},
                                                                 {QStringLiteral("query"), QStringLiteral("select 1")}},
                                                     structured(QStringLiteral("region"))});
        calls.insert(QStringLiteral("log_all_levels"), {QJsonObject(), textContains(QStringLiteral("log messages"))});
        calls.insert(QStringLiteral("garbage"), {QJsonObject(), textContains(QStringLiteral("garbage line"))});
        calls.insert(QStringLiteral("huge_result"), {QJsonObject{{QStringLiteral("mib"), 2}}, [](const QJsonObject &r) {
                         return allText(r).size() == 2 * 1024 * 1024 ? QString() : QString::number(allText(r).size());
                     }});
        // MCP Apps tools (visibility is the host's rule; a plain client may call them all).
        calls.insert(QStringLiteral("show_view"), {QJsonObject{{QStringLiteral("message"), QStringLiteral("hi view")}}, structured(QStringLiteral("message"))});
        calls.insert(QStringLiteral("app_counter"), {QJsonObject{{QStringLiteral("step"), 2}}, structured(QStringLiteral("count"))});
        calls.insert(QStringLiteral("model_only_note"), {QJsonObject(), textContains(QStringLiteral("Only the model"))});
        calls.insert(QStringLiteral("stderr_flood"), {QJsonObject{{QStringLiteral("mib"), 0.25}}, textContains(QStringLiteral("bytes to stderr"))});
        // Faults that end or stall the session are exercised in their own tests.
        const QStringList separately{QStringLiteral("crash"), QStringLiteral("hang"), QStringLiteral("needs_authorization")};
        QSignalSpy notifications(client, &Client::notificationReceived);

        QSignalSpy toolsChanged(client, &Client::toolsListChanged);
        // toggle_extra_tool first, so extra_tool is in the list.
        QVERIFY(allText(resultOf(client->callTool(QStringLiteral("toggle_extra_tool"), {}))).contains(QStringLiteral("Added")));
        QTRY_VERIFY_WITH_TIMEOUT(toolsChanged.count() >= 1, kWait);

        const QJsonArray tools = listAll(client, Lists::Tools);
        QVERIFY(tools.size() > 2); // more than one page of 2
        int called = 0;
        for (const QJsonValue &value : tools) {
            const QString name = value.toObject().value(QStringLiteral("name")).toString();
            if (separately.contains(name) || name == QLatin1String("toggle_extra_tool"))
                continue;
            QVERIFY2(calls.contains(name), qPrintable(QStringLiteral("no arguments prepared for the new tool ") + name));
            const ToolCall call = calls.value(name);
            const bool taskRequired = value.toObject().value(QStringLiteral("execution")).toObject()
                                          .value(QStringLiteral("taskSupport")).toString() == QLatin1String("required");
            const QJsonObject result = taskRequired ? callToolAsTask(client, name, call.arguments)
                                                    : resultOf(client->callTool(name, call.arguments));
            QVERIFY2(!result.isEmpty(), qPrintable(name));
            if (name == QLatin1String("fail")) {
                QCOMPARE(result.value(QStringLiteral("isError")).toBool(), true);
            } else {
                QVERIFY2(!result.value(QStringLiteral("isError")).toBool(), qPrintable(name + u' ' + allText(result)));
                const QString complaint = call.check(result);
                QVERIFY2(complaint.isEmpty(), qPrintable(name + QStringLiteral(": ") + complaint));
            }
            ++called;
        }
        QCOMPARE(called, calls.size());
        bool elicitationComplete = false;
        for (const QList<QVariant> &arguments : std::as_const(notifications))
            elicitationComplete = elicitationComplete
                || arguments.at(0).value<Message>().method() == QLatin1String("notifications/elicitation/complete");
        QVERIFY(elicitationComplete);

        // A protocol error with data: -32042, URL elicitation required.
        auto needsAuthorization = watch(client->callTool(QStringLiteral("needs_authorization"), {}));
        QTRY_VERIFY_WITH_TIMEOUT(needsAuthorization->finished, kWait);
        QCOMPARE(needsAuthorization->error.code, int(ErrorCode::UrlElicitationRequired));
        QCOMPARE(needsAuthorization->error.data.toObject().value(QStringLiteral("elicitations")).toArray().size(), 1);
        QVERIFY(allText(resultOf(client->callTool(QStringLiteral("toggle_extra_tool"), {}))).contains(QStringLiteral("Removed")));
        QCOMPARE(client->state(), Client::State::Ready); // garbage on stdout did not end the session
    }

    void resourcesAndTemplates()
    {
        Client *client = m_client.get();
        const QJsonArray resources = listAll(client, Lists::Resources);
        QVERIFY(resources.size() >= 6);
        for (const QJsonValue &value : resources) {
            const QString uri = value.toObject().value(QStringLiteral("uri")).toString();
            const QJsonArray contents = resultOf(client->readResource(uri)).value(QStringLiteral("contents")).toArray();
            QVERIFY2(!contents.isEmpty(), qPrintable(uri));
            QCOMPARE(contents.at(0).toObject().value(QStringLiteral("uri")).toString(), uri);
        }
        const QStringList templates = names(listAll(client, Lists::ResourceTemplates),
                                            QStringLiteral("uriTemplate"));
        QVERIFY(templates.contains(QStringLiteral("demo://items/{id}")));
        const QString apple = resultOf(client->readResource(QStringLiteral("demo://items/apple")))
                                  .value(QStringLiteral("contents")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
        QVERIFY(apple.contains(QStringLiteral("Apple")));
        auto missing = watch(client->readResource(QStringLiteral("demo://items/durian")));
        QTRY_VERIFY_WITH_TIMEOUT(missing->finished, kWait);
        QVERIFY(missing->isError);

        QSignalSpy updated(client, &Client::resourceUpdated);
        resultOf(client->subscribeResource(QStringLiteral("demo://clock")));
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1, 5000);
        QCOMPARE(updated.at(0).at(0).toString(), QStringLiteral("demo://clock"));
        resultOf(client->unsubscribeResource(QStringLiteral("demo://clock")));
    }

    void promptsAndCompletion()
    {
        Client *client = m_client.get();
        const QStringList prompts = names(listAll(client, Lists::Prompts));
        QCOMPARE(prompts.size(), 3);
        const QJsonArray greeting = resultOf(client->getPrompt(QStringLiteral("greeting"),
                                                               {{QStringLiteral("name"), QStringLiteral("Linus")},
                                                                {QStringLiteral("style"), QStringLiteral("pirate")}}))
                                        .value(QStringLiteral("messages")).toArray();
        QVERIFY(QJsonDocument(greeting).toJson().contains("Please greet Linus in a pirate style."));
        const QJsonArray review = resultOf(client->getPrompt(QStringLiteral("code_review"), {{QStringLiteral("code"), QStringLiteral("int main() {}")}}))
                                      .value(QStringLiteral("messages")).toArray();
        QVERIFY(review.size() >= 4);
        QVERIFY(QJsonDocument(review).toJson().contains("int main() {}"));
        QVERIFY(!resultOf(client->getPrompt(QStringLiteral("simple"))).value(QStringLiteral("messages")).toArray().isEmpty());

        const QJsonObject style = resultOf(client->complete({{QStringLiteral("type"), QStringLiteral("ref/prompt")}, {QStringLiteral("name"), QStringLiteral("greeting")}},
                                                            QStringLiteral("style"), QStringLiteral("p")));
        QCOMPARE(style.value(QStringLiteral("completion")).toObject().value(QStringLiteral("values")).toArray(), QJsonArray{QStringLiteral("pirate")});
        const QJsonObject item = resultOf(client->complete({{QStringLiteral("type"), QStringLiteral("ref/resource")}, {QStringLiteral("uri"), QStringLiteral("demo://items/{id}")}},
                                                           QStringLiteral("id"), QStringLiteral("ap")));
        QCOMPARE(item.value(QStringLiteral("completion")).toObject().value(QStringLiteral("values")).toArray(),
                 (QJsonArray{QStringLiteral("apple"), QStringLiteral("apricot")}));
        const QJsonObject file = resultOf(client->complete({{QStringLiteral("type"), QStringLiteral("ref/resource")}, {QStringLiteral("uri"), QStringLiteral("demo://files/{folder}/{name}")}},
                                                           QStringLiteral("name"), QString(), {{QStringLiteral("folder"), QStringLiteral("data")}}));
        QCOMPARE(file.value(QStringLiteral("completion")).toObject().value(QStringLiteral("values")).toArray().size(), 2);
    }

    void logging()
    {
        Client *client = m_client.get();
        QSignalSpy logs(client, &Client::logMessage);
        resultOf(client->setLogLevel(QStringLiteral("warning")));
        const QJsonObject result = resultOf(client->callTool(QStringLiteral("log_all_levels"), {{QStringLiteral("logger"), QStringLiteral("tst")}}));
        QVERIFY(allText(result).contains(QStringLiteral("Sent 5 of 8")));
        QCOMPARE(logs.count(), 5); // warning, error, critical, alert, emergency: before the result
        QStringList levels;
        for (const QList<QVariant> &arguments : logs)
            levels.append(arguments.at(0).toString());
        QCOMPARE(levels, (QStringList{"warning", "error", "critical", "alert", "emergency"}));
        QCOMPARE(logs.at(0).at(1).toString(), QStringLiteral("tst"));
        resultOf(client->setLogLevel(QStringLiteral("debug")));
    }

    void notificationFlood()
    {
        Client *client = m_client.get();
        resultOf(client->setLogLevel(QStringLiteral("debug")));
        int flood = 0;
        QObject context;
        connect(client, &Client::logMessage, &context, [&flood](const QString &, const QString &logger, const QJsonValue &) {
            flood += logger == QLatin1String("flood");
        });
        const int count = 20000;
        QElapsedTimer timer;
        timer.start();
        const QJsonObject result = resultOf(client->callTool(QStringLiteral("notification_flood"), {{QStringLiteral("count"), count}}), 60000);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(allText(result).contains(QString::number(count)));
        QCOMPARE(flood, count); // every one arrived, in order, before the result
        qInfo("notification flood: %d notifications/message and the result in %lld ms", count, elapsed);
    }

    void progressAndCancellation()
    {
        Client *client = m_client.get();
        RequestOptions options;
        options.timeoutMs = 400;
        auto outcome = watch(client->callTool(QStringLiteral("long_task"), {{QStringLiteral("steps"), 6}, {QStringLiteral("delayMs"), 150}}, options));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QVERIFY2(!outcome->isError, qPrintable(outcome->error.message));
        QCOMPARE(outcome->progress, (QList<double>{0, 1, 2, 3, 4, 5, 6}));
        QCOMPARE(outcome->totals.last(), 6.0);

        OutgoingRequest *handle = client->callTool(QStringLiteral("long_task"), {{QStringLiteral("steps"), 100}, {QStringLiteral("delayMs"), 100}});
        auto cancelled = watch(handle);
        QTRY_VERIFY_WITH_TIMEOUT(cancelled->progress.size() >= 2, kWait);
        handle->cancel(QStringLiteral("enough"));
        QCOMPARE(cancelled->error.code, int(SessionErrorCode::Cancelled));
        // The server stopped: no more traffic for that request, and the session goes on.
        auto ping = watch(client->ping());
        QTRY_VERIFY_WITH_TIMEOUT(ping->finished, kWait);
        QVERIFY(!ping->isError);

        RequestOptions shortTimeout;
        shortTimeout.timeoutMs = 200;
        auto hang = watch(client->callTool(QStringLiteral("hang"), {}, shortTimeout));
        QTRY_VERIFY_WITH_TIMEOUT(hang->finished, kWait);
        QCOMPARE(hang->error.code, int(SessionErrorCode::Timeout));
        QCOMPARE(client->state(), Client::State::Ready);
    }

    void olderProtocolVersion_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("2025-06-18") << QStringLiteral("2025-06-18") << true;
        QTest::newRow("2024-11-05") << QStringLiteral("2024-11-05") << true;
        QTest::newRow("unsupported") << QStringLiteral("2023-01-01") << false;
    }

    void olderProtocolVersion()
    {
        QFETCH(QString, version);
        QFETCH(bool, accepted);
        auto client = connectTo({QStringLiteral("--protocol-version"), version});
        if (!accepted) {
            QCOMPARE(client->state(), Client::State::Failed);
            QVERIFY(client->errorString().contains(version));
            QTRY_COMPARE_WITH_TIMEOUT(client->transport()->state(), Transport::State::Closed, kWait);
            return;
        }
        QCOMPARE(client->state(), Client::State::Ready);
        QCOMPARE(client->protocolVersion(), version);
        QCOMPARE(allText(resultOf(client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("old")}}))),
                 QStringLiteral("old"));
        disconnectAndWait(client.get());
    }

    void crashMidRequest()
    {
        auto client = connectTo({});
        QCOMPARE(client->state(), Client::State::Ready);
        QSignalSpy disconnected(client.get(), &Client::disconnected);
        auto crash = watch(client->callTool(QStringLiteral("crash"), {{QStringLiteral("code"), 3}}));
        QTRY_VERIFY_WITH_TIMEOUT(crash->finished, kWait);
        QCOMPARE(crash->error.code, int(SessionErrorCode::ConnectionClosed));
        QVERIFY2(crash->error.message.contains(QStringLiteral("code 3")), qPrintable(crash->error.message));
        QVERIFY2(crash->error.message.contains(QStringLiteral("tools/call")), qPrintable(crash->error.message));
        QCOMPARE(client->state(), Client::State::Failed);
        QCOMPARE(disconnected.count(), 1);
    }

    void crashAfterInitialize()
    {
        auto client = connectTo({QStringLiteral("--fault"), QStringLiteral("crash-after-init")});
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), Client::State::Failed, kWait);
        QVERIFY2(client->errorString().contains(QStringLiteral("code 3")), qPrintable(client->errorString()));
    }

    void garbageAtStart()
    {
        auto client = connectTo({QStringLiteral("--fault"), QStringLiteral("garbage-at-start")});
        QCOMPARE(client->state(), Client::State::Ready);
        QCOMPARE(allText(resultOf(client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("still fine")}}))),
                 QStringLiteral("still fine"));
        disconnectAndWait(client.get());
    }
};

QTEST_GUILESS_MAIN(tst_InteropDemo)
#include "tst_interopdemo.moc"
