#include "clioptions.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Mcp::Cli;

class tst_CliOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void officialInspectorForm();
    void variadicPairs();
    void optionsBeforeAndAfterTarget();
    void targetOptionsAreNotOurs();
    void doubleDashEndsOptions();
    void argumentValues_data();
    void argumentValues();
    void errors_data();
    void errors();
    void environmentAndHeaders();
    void defaultsToToolsList();
    void oauthFlags();
    void protocolChoice_data();
    void protocolChoice();
    void listenOptions();
};

void tst_CliOptions::officialInspectorForm()
{
    // The official Inspector's documented form: flags after the server command.
    const ParseOutcome p = parseArguments({QStringLiteral("node"), QStringLiteral("build/index.js"),
                                           QStringLiteral("--method"), QStringLiteral("tools/call"),
                                           QStringLiteral("--tool-name"), QStringLiteral("mytool"),
                                           QStringLiteral("--tool-arg"), QStringLiteral("key=value"),
                                           QStringLiteral("--tool-arg"), QStringLiteral("another=42")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.target, QStringLiteral("node"));
    QCOMPARE(p.options.targetArguments, QStringList{QStringLiteral("build/index.js")});
    QCOMPARE(p.options.method, QStringLiteral("tools/call"));
    QCOMPARE(p.options.toolName, QStringLiteral("mytool"));
    QCOMPARE(p.options.toolArguments.value(QStringLiteral("key")), QJsonValue(QStringLiteral("value")));
    QCOMPARE(p.options.toolArguments.value(QStringLiteral("another")), QJsonValue(42));
}

// The Inspector v1's variadic spelling (issue 32): several pairs after one --tool-arg or
// --prompt-args; the server command starts at the first word that is not a pair.
void tst_CliOptions::variadicPairs()
{
    ParseOutcome p = parseArguments({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                                     QStringLiteral("add"), QStringLiteral("--tool-arg"), QStringLiteral("a=1"),
                                     QStringLiteral("b=2"), QStringLiteral("--"), QStringLiteral("node"), QStringLiteral("server.js")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.toolArguments, (QJsonObject{{QStringLiteral("a"), 1}, {QStringLiteral("b"), 2}}));
    QCOMPARE(p.options.target, QStringLiteral("node"));
    QCOMPARE(p.options.targetArguments, QStringList{QStringLiteral("server.js")});

    p = parseArguments({QStringLiteral("--method"), QStringLiteral("prompts/get"), QStringLiteral("--prompt-name"), QStringLiteral("greet"),
                        QStringLiteral("--prompt-args"), QStringLiteral("name=Ada"), QStringLiteral("tone=warm"),
                        QStringLiteral("node"), QStringLiteral("server.js"), QStringLiteral("PORT=3")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.promptArguments.size(), 2);
    QCOMPARE(p.options.promptArguments.value(QStringLiteral("tone")).toString(), QStringLiteral("warm"));
    // After the command, a pair is the server's.
    QCOMPARE(p.options.target, QStringLiteral("node"));
    QCOMPARE(p.options.targetArguments, (QStringList{QStringLiteral("server.js"), QStringLiteral("PORT=3")}));

    // --tool-arg=a=1 takes its one value; the next word is the target.
    p = parseArguments({QStringLiteral("--tool-arg=a=1"), QStringLiteral("b=2")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.toolArguments.size(), 1);
    QCOMPARE(p.options.target, QStringLiteral("b=2"));
}

void tst_CliOptions::optionsBeforeAndAfterTarget()
{
    const ParseOutcome p = parseArguments({QStringLiteral("--timeout"), QStringLiteral("500"), QStringLiteral("npx"),
                                           QStringLiteral("-y"), QStringLiteral("pkg"), QStringLiteral("--method=prompts/list"),
                                           QStringLiteral("--compact")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.timeoutMs, 500);
    QCOMPARE(p.options.connectTimeoutMs, 30000); // --timeout leaves connecting alone
    QCOMPARE(p.options.target, QStringLiteral("npx"));
    QCOMPARE(p.options.targetArguments, (QStringList{QStringLiteral("-y"), QStringLiteral("pkg")}));
    QCOMPARE(p.options.method, QStringLiteral("prompts/list"));
    QVERIFY(p.options.compact);
}

void tst_CliOptions::targetOptionsAreNotOurs()
{
    // An unknown option after the command belongs to the server (npx -y, --port, ...).
    const ParseOutcome p = parseArguments({QStringLiteral("server"), QStringLiteral("--port"), QStringLiteral("3000")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.targetArguments, (QStringList{QStringLiteral("--port"), QStringLiteral("3000")}));
    // Before the command it is a mistake, reported as such.
    const ParseOutcome bad = parseArguments({QStringLiteral("--port"), QStringLiteral("3000"), QStringLiteral("server")});
    QVERIFY(bad.error.contains(QStringLiteral("--port")));
}

void tst_CliOptions::doubleDashEndsOptions()
{
    const ParseOutcome p = parseArguments({QStringLiteral("--method"), QStringLiteral("ping"), QStringLiteral("--"),
                                           QStringLiteral("srv"), QStringLiteral("--method"), QStringLiteral("x")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.method, QStringLiteral("ping"));
    QCOMPARE(p.options.target, QStringLiteral("srv"));
    QCOMPARE(p.options.targetArguments, (QStringList{QStringLiteral("--method"), QStringLiteral("x")}));
}

void tst_CliOptions::argumentValues_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QJsonValue>("expected");
    QTest::newRow("word") << QStringLiteral("hi") << QJsonValue(QStringLiteral("hi"));
    QTest::newRow("integer") << QStringLiteral("42") << QJsonValue(42);
    QTest::newRow("float") << QStringLiteral("1.5") << QJsonValue(1.5);
    QTest::newRow("true") << QStringLiteral("true") << QJsonValue(true);
    QTest::newRow("null") << QStringLiteral("null") << QJsonValue(QJsonValue::Null);
    QTest::newRow("quoted string stays a string") << QStringLiteral("\"42\"") << QJsonValue(QStringLiteral("42"));
    QTest::newRow("object") << QStringLiteral("{\"a\":[1,2]}")
                            << QJsonValue(QJsonObject{{QStringLiteral("a"), QJsonArray{1, 2}}});
    QTest::newRow("broken JSON is a string") << QStringLiteral("{a:1") << QJsonValue(QStringLiteral("{a:1"));
    QTest::newRow("two values are a string") << QStringLiteral("1,2") << QJsonValue(QStringLiteral("1,2"));
    QTest::newRow("empty is an empty string") << QString() << QJsonValue(QString());
    QTest::newRow("equals sign inside") << QStringLiteral("a=b") << QJsonValue(QStringLiteral("a=b"));
}

void tst_CliOptions::argumentValues()
{
    QFETCH(QString, text);
    QFETCH(QJsonValue, expected);
    QCOMPARE(parseArgumentValue(text), expected);
}

void tst_CliOptions::errors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expectedFragment");
    QTest::newRow("watch runs without watch") << QStringList{QStringLiteral("s"), QStringLiteral("--watch-runs"), QStringLiteral("2")}
                                               << QStringLiteral("go with --watch");
    QTest::newRow("bad watch debounce") << QStringList{QStringLiteral("s"), QStringLiteral("--watch"), QStringLiteral("b/**"),
                                                       QStringLiteral("--watch-debounce"), QStringLiteral("soon")}
                                        << QStringLiteral("expects a number");
    QTest::newRow("no server") << QStringList{QStringLiteral("--method"), QStringLiteral("ping")} << QStringLiteral("no server");
    QTest::newRow("unknown method") << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("tools/run")}
                                    << QStringLiteral("unsupported --method");
    QTest::newRow("call without tool") << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("tools/call")}
                                       << QStringLiteral("--tool-name");
    QTest::newRow("read without uri") << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("resources/read")}
                                      << QStringLiteral("--uri");
    QTest::newRow("bad tool arg") << QStringList{QStringLiteral("s"), QStringLiteral("--tool-arg"), QStringLiteral("novalue")}
                                  << QStringLiteral("KEY=VALUE");
    QTest::newRow("bad header") << QStringList{QStringLiteral("http://x"), QStringLiteral("--header"), QStringLiteral("NoColon")}
                                << QStringLiteral("Name: value");
    QTest::newRow("unknown protocol") << QStringList{QStringLiteral("s"), QStringLiteral("--protocol"), QStringLiteral("2019-01-01")}
                                      << QStringLiteral("--protocol must be");
    QTest::newRow("listen without duration")
        << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("subscriptions/listen")}
        << QStringLiteral("--listen-for SECONDS");
    QTest::newRow("zero listen duration")
        << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("subscriptions/listen"),
                       QStringLiteral("--listen-for"), QStringLiteral("0")}
        << QStringLiteral("number of seconds");
    QTest::newRow("unknown listen filter")
        << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("subscriptions/listen"),
                       QStringLiteral("--listen-for"), QStringLiteral("1"), QStringLiteral("--listen-filter"),
                       QStringLiteral("tools,logs")}
        << QStringLiteral("--listen-filter expects");
    QTest::newRow("listen options without listen")
        << QStringList{QStringLiteral("s"), QStringLiteral("--listen-for"), QStringLiteral("5")}
        << QStringLiteral("go with --method subscriptions/listen");
    QTest::newRow("missing value") << QStringList{QStringLiteral("s"), QStringLiteral("--timeout")} << QStringLiteral("needs a value");
    QTest::newRow("bad connect timeout") << QStringList{QStringLiteral("s"), QStringLiteral("--connect-timeout"), QStringLiteral("-1")}
                                         << QStringLiteral("milliseconds");
    QTest::newRow("bad timeout") << QStringList{QStringLiteral("s"), QStringLiteral("--timeout"), QStringLiteral("soon")}
                                 << QStringLiteral("milliseconds");
    QTest::newRow("bad level") << QStringList{QStringLiteral("s"), QStringLiteral("--method"), QStringLiteral("logging/setLevel"),
                                              QStringLiteral("--log-level"), QStringLiteral("loud")} << QStringLiteral("--log-level");
    QTest::newRow("config without server") << QStringList{QStringLiteral("--config"), QStringLiteral("m.json")}
                                           << QStringLiteral("--server");
    QTest::newRow("stdio with url") << QStringList{QStringLiteral("--transport"), QStringLiteral("stdio"), QStringLiteral("http://h/mcp")}
                                    << QStringLiteral("URL");
    QTest::newRow("http with command") << QStringList{QStringLiteral("--transport"), QStringLiteral("http"), QStringLiteral("node")}
                                       << QStringLiteral("URL");
    QTest::newRow("stdio with ws url") << QStringList{QStringLiteral("--transport"), QStringLiteral("stdio"), QStringLiteral("ws://h/mcp")}
                                       << QStringLiteral("URL");
    QTest::newRow("sse with wss url") << QStringList{QStringLiteral("--transport"), QStringLiteral("sse"), QStringLiteral("wss://h/mcp")}
                                      << QStringLiteral("WebSocket is chosen by the URL");
    QTest::newRow("bad elicitation") << QStringList{QStringLiteral("s"), QStringLiteral("--elicitation"), QStringLiteral("maybe")}
                                     << QStringLiteral("accept-defaults");
    QTest::newRow("bad oauth grant") << QStringList{QStringLiteral("http://x"), QStringLiteral("--oauth-grant"), QStringLiteral("password")}
                                     << QStringLiteral("client_credentials");
    QTest::newRow("bad oauth dpop") << QStringList{QStringLiteral("http://x"), QStringLiteral("--oauth-dpop"), QStringLiteral("on")}
                                    << QStringLiteral("auto or off");
}

void tst_CliOptions::errors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expectedFragment);
    const ParseOutcome p = parseArguments(arguments);
    QVERIFY2(p.error.contains(expectedFragment), qPrintable(QStringLiteral("got: ") + p.error));
}

void tst_CliOptions::environmentAndHeaders()
{
    const ParseOutcome p = parseArguments({QStringLiteral("-e"), QStringLiteral("A=1"), QStringLiteral("-e"), QStringLiteral("B=x=y"),
                                           QStringLiteral("--header"), QStringLiteral("Authorization: Bearer t:k"),
                                           QStringLiteral("https://example.test/mcp")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.environment.size(), 2);
    QCOMPARE(p.options.environment.at(1).second, QStringLiteral("x=y"));
    QCOMPARE(p.options.headers.at(0).first, QStringLiteral("Authorization"));
    QCOMPARE(p.options.headers.at(0).second, QStringLiteral("Bearer t:k"));
}

void tst_CliOptions::defaultsToToolsList()
{
    const ParseOutcome p = parseArguments({QStringLiteral("server")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.method, QStringLiteral("tools/list"));
    QCOMPARE(p.options.elicitation, ElicitationAnswer::Decline);
}

void tst_CliOptions::oauthFlags()
{
    const ParseOutcome none = parseArguments({QStringLiteral("https://example.test/mcp")});
    QVERIFY(!none.options.oauth.clientId); // not given: the configuration file's value stays
    QVERIFY(!none.options.oauth.dpop);

    const ParseOutcome p = parseArguments(
        {QStringLiteral("--oauth-client-id"), QStringLiteral("c1"), QStringLiteral("--oauth-client-secret"), QStringLiteral(""),
         QStringLiteral("--oauth-client-issuer=https://as.example"), QStringLiteral("--oauth-client-key"), QStringLiteral("k.pem"),
         QStringLiteral("--oauth-client-metadata-url"), QStringLiteral("https://app.example/client.json"),
         QStringLiteral("--oauth-workload-token"), QStringLiteral("/var/run/token"), QStringLiteral("--oauth-scopes"),
         QStringLiteral("a b"), QStringLiteral("--oauth-grant"), QStringLiteral("client_credentials"),
         QStringLiteral("--oauth-dpop"), QStringLiteral("off"), QStringLiteral("https://example.test/mcp")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    const CliOAuthOptions &o = p.options.oauth;
    QCOMPARE(o.clientId.value_or(QString()), QStringLiteral("c1"));
    QVERIFY(o.clientSecret.has_value() && o.clientSecret->isEmpty()); // given empty: clears the file's secret
    QCOMPARE(o.clientIssuer.value_or(QString()), QStringLiteral("https://as.example"));
    QCOMPARE(o.clientKeyFile.value_or(QString()), QStringLiteral("k.pem"));
    QCOMPARE(o.clientMetadataUrl.value_or(QString()), QStringLiteral("https://app.example/client.json"));
    QCOMPARE(o.workloadTokenFile.value_or(QString()), QStringLiteral("/var/run/token"));
    QCOMPARE(o.scopes.value_or(QString()), QStringLiteral("a b"));
    QCOMPARE(o.grant.value_or(QString()), QStringLiteral("client_credentials"));
    QCOMPARE(o.dpop.value_or(QString()), QStringLiteral("off"));
    QCOMPARE(p.options.target, QStringLiteral("https://example.test/mcp"));
}

void tst_CliOptions::protocolChoice_data()
{
    using Mode = Mcp::Modern::EraChoice::Mode;
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("pinned");
    QTest::newRow("auto") << QStringLiteral("auto") << int(Mode::Auto) << QString();
    QTest::newRow("modern") << QStringLiteral("modern") << int(Mode::Modern) << QString();
    QTest::newRow("legacy") << QStringLiteral("legacy") << int(Mode::Legacy) << QString();
    QTest::newRow("modern version pins modern") << QStringLiteral("2026-07-28") << int(Mode::Modern) << QStringLiteral("2026-07-28");
    QTest::newRow("legacy version pins legacy") << QStringLiteral("2025-06-18") << int(Mode::Legacy) << QStringLiteral("2025-06-18");
}

void tst_CliOptions::protocolChoice()
{
    QFETCH(QString, text);
    QFETCH(int, mode);
    QFETCH(QString, pinned);
    const ParseOutcome p = parseArguments({QStringLiteral("server"), QStringLiteral("--protocol"), text});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QVERIFY(p.options.protocol.has_value());
    QCOMPARE(int(p.options.protocol->mode), mode);
    QCOMPARE(p.options.protocol->pinnedVersion, pinned);
    // Without the flag the choice is left to the configuration.
    QVERIFY(!parseArguments({QStringLiteral("server")}).options.protocol.has_value());
}

void tst_CliOptions::listenOptions()
{
    const ParseOutcome p = parseArguments({QStringLiteral("server"), QStringLiteral("--method"),
                                           QStringLiteral("subscriptions/listen"), QStringLiteral("--listen-for"),
                                           QStringLiteral("3"), QStringLiteral("--listen-filter"),
                                           QStringLiteral("prompts, resource:demo://a,resource:demo://b")});
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.options.listenForSeconds, 3);
    const Mcp::Modern::SubscriptionFilter expected{false, true, false,
                                                   {QStringLiteral("demo://a"), QStringLiteral("demo://b")}};
    QVERIFY(p.options.listenFilter == expected);

    // No filter: every list change.
    const ParseOutcome all = parseArguments({QStringLiteral("server"), QStringLiteral("--method=subscriptions/listen"),
                                             QStringLiteral("--listen-for=1")});
    QVERIFY2(all.error.isEmpty(), qPrintable(all.error));
    QVERIFY(all.options.listenFilter == (Mcp::Modern::SubscriptionFilter{true, true, true, {}}));
}

QTEST_GUILESS_MAIN(tst_CliOptions)
#include "tst_clioptions.moc"
