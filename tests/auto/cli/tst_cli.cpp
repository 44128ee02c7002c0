// The real mcpscope binary in --cli mode against real servers: server-everything (npm)
// and the bundled demo server, including its fault tools.
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include "eras.h"
#include "httppeer.h"
#include "processes.h"
#include "unauthorizedpeer.h"

class tst_Cli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everythingEcho();
    void everythingToolsList();
    void everythingResourcesAndPrompts();
    void unknownToolIsARequestError();
    void programThatDoesNotExist();
    void commandLineGivenAsOneWord();
    void usageError();
    void help();
    void demoTimeoutSendsCancel();
    void demoCrashMidRequest();
    void demoToolError();
    void demoElicitationAcceptDefaults();
    void demoServerStderrPassthrough();
    void configFileDialects();
    void configFileErrors();
    void captureWithSecretsRedacted();
    void httpDemoServer();
    void everythingOverHttp_data();
    void everythingOverHttp();
    void protocolChoice_data();
    void protocolChoice();
    void verboseNamesTheEra();
    void listenPrintsNotifications_data();
    void listenPrintsNotifications();
    void discoverAndMultiRoundTrip();
    void watchRerunsOnChange();
    void watchAutoNeedsACommand();
    // Inspector v2 compatibility (issue 17).
    void v2ExitCodes_data();
    void v2ExitCodes();
    void v1ExitCodesStayTheDefault();
    void v2TargetFirstAndFormats();
    void v2InitializeAndServers();
    void v2ConnectTimeoutDefault();
    void v2AuthRequired();
    // mcpscope diff.
    void diffDemoServers();
    void diffSchemaChanges_data();
    void diffSchemaChanges();
    void diffSnapshotAgainstServerAndEverything();
    void diffCaptures();
    void noDisplayNeeded();

private:
    using Run = Mcp::Test::ProcessRun;
    Run cli(const QStringList &arguments, int timeoutMs = 60000);
    // The binary as given (no --cli added), with an environment.
    Run runBinary(const QStringList &arguments, const QProcessEnvironment &env, int timeoutMs = 60000);
    QStringList everything() const;
    // A server command for stdio, or a running HTTP server's URL, of the demo server or the SDK v2 peer.
    QStringList serverTarget(QProcess *httpServer, const QString &peer, const QString &era, bool http);

    QString m_node;
    QString m_everything;
    QString m_sdkNode;     // the Node 22 the SDK v2 needs
    QString m_sdk2Server;  // tests/peers/sdk2-server.mjs
};

tst_Cli::Run tst_Cli::cli(const QStringList &arguments, int timeoutMs)
{
    return Mcp::Test::runToEnd(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("--cli")} + arguments, timeoutMs);
}

tst_Cli::Run tst_Cli::runBinary(const QStringList &arguments, const QProcessEnvironment &env, int timeoutMs)
{
    return Mcp::Test::runToEnd(QStringLiteral(MCPSCOPE_CLI), arguments, timeoutMs, env);
}

// The v2 error envelope: the last line of stderr, one JSON object {"error": {"code", "message"}}.
static QJsonObject envelope(const QByteArray &err)
{
    const QList<QByteArray> lines = err.trimmed().split('\n');
    return QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("error")).toObject();
}

QStringList tst_Cli::serverTarget(QProcess *httpServer, const QString &peer, const QString &era, bool http)
{
    const bool demo = peer == QLatin1String("demo");
    const QString program = demo ? QStringLiteral(MCPSCOPE_DEMO_SERVER) : m_sdkNode;
    QStringList arguments = demo ? QStringList{QStringLiteral("--era"), era, QStringLiteral("--conformance")}
                                 : QStringList{m_sdk2Server, QStringLiteral("--era"), era};
    if (!http)
        return QStringList{program} + arguments;
    arguments += demo ? QStringList{QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")}
                      : QStringList{QStringLiteral("--transport"), QStringLiteral("http")};
    const QString url = Mcp::Test::startMergedHttpPeer(httpServer, program, arguments);
    return url.isEmpty() ? QStringList{} : QStringList{url};
}

QStringList tst_Cli::everything() const
{
    return {m_node, m_everything, QStringLiteral("stdio")};
}

void tst_Cli::initTestCase()
{
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!m_node.isEmpty(), "node is not on PATH (scripts/setup.sh installs it)");
    m_everything = QStringLiteral(MCPSCOPE_PEERS_DIR "/@modelcontextprotocol/server-everything/dist/index.js");
    QVERIFY2(QFile::exists(m_everything), "server-everything is missing: run scripts/setup.sh --test-peers");
    m_sdkNode = QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node");
    QVERIFY2(QFile::exists(m_sdkNode), "Node 22 of tests/peers is missing: run scripts/setup.sh --test-peers");
    m_sdk2Server = QStringLiteral(MCPSCOPE_PEERS_DIR "/../sdk2-server.mjs");
}

void tst_Cli::everythingEcho()
{
    // The command from the issue's definition of done.
    const Run run = cli(everything() + QStringList{QStringLiteral("--method"), QStringLiteral("tools/call"),
                                                   QStringLiteral("--tool-name"), QStringLiteral("echo"),
                                                   QStringLiteral("--tool-arg"), QStringLiteral("message=hi")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonArray content = run.json().value(QStringLiteral("content")).toArray();
    QCOMPARE(content.size(), 1);
    QCOMPARE(content.at(0).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("text"));
    QCOMPARE(content.at(0).toObject().value(QStringLiteral("text")).toString(), QStringLiteral("Echo: hi"));
}

void tst_Cli::everythingToolsList()
{
    const Run run = cli(everything()); // no --method: tools/list
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonArray tools = run.json().value(QStringLiteral("tools")).toArray();
    QVERIFY(tools.size() >= 5);
    QStringList names;
    for (const QJsonValue &tool : tools) {
        names << tool.toObject().value(QStringLiteral("name")).toString();
        QVERIFY(tool.toObject().value(QStringLiteral("inputSchema")).isObject());
    }
    QVERIFY2(names.contains(QStringLiteral("echo")), qPrintable(names.join(u',')));
}

void tst_Cli::everythingResourcesAndPrompts()
{
    const Run resources = cli(everything() + QStringList{QStringLiteral("--method"), QStringLiteral("resources/list")});
    QVERIFY2(resources.exitCode == 0, resources.err.constData());
    const QJsonArray list = resources.json().value(QStringLiteral("resources")).toArray();
    QVERIFY(!list.isEmpty());
    const QString uri = list.first().toObject().value(QStringLiteral("uri")).toString();

    const Run read = cli(everything() + QStringList{QStringLiteral("--method"), QStringLiteral("resources/read"),
                                                    QStringLiteral("--uri"), uri});
    QVERIFY2(read.exitCode == 0, read.err.constData());
    const QJsonArray contents = read.json().value(QStringLiteral("contents")).toArray();
    QCOMPARE(contents.size(), 1);
    QCOMPARE(contents.first().toObject().value(QStringLiteral("uri")).toString(), uri);

    const Run prompts = cli(everything() + QStringList{QStringLiteral("--method"), QStringLiteral("prompts/list")});
    QVERIFY2(prompts.exitCode == 0, prompts.err.constData());
    QString promptWithoutArguments;
    for (const QJsonValue &p : prompts.json().value(QStringLiteral("prompts")).toArray()) {
        if (p.toObject().value(QStringLiteral("arguments")).toArray().isEmpty()) {
            promptWithoutArguments = p.toObject().value(QStringLiteral("name")).toString();
            break;
        }
    }
    QVERIFY(!promptWithoutArguments.isEmpty());
    const Run get = cli(everything() + QStringList{QStringLiteral("--method"), QStringLiteral("prompts/get"),
                                                   QStringLiteral("--prompt-name"), promptWithoutArguments});
    QVERIFY2(get.exitCode == 0, get.err.constData());
    QVERIFY(!get.json().value(QStringLiteral("messages")).toArray().isEmpty());
}

void tst_Cli::unknownToolIsARequestError()
{
    const Run run = cli(everything() + QStringList{QStringLiteral("--method"), QStringLiteral("tools/call"),
                                                   QStringLiteral("--tool-name"), QStringLiteral("no_such_tool")});
    // Some servers answer a JSON-RPC error (exit 1), others an isError result (exit 5); both are failures.
    QVERIFY2(run.exitCode == 1 || run.exitCode == 5, run.err.constData());
    QVERIFY(run.err.contains("no_such_tool") || run.out.contains("no_such_tool"));
}

void tst_Cli::programThatDoesNotExist()
{
    const Run run = cli({QStringLiteral("/nonexistent/mcp-server")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("/nonexistent/mcp-server"), run.err.constData());
    // Said once, with the reason; not "could not connect …: Could not connect …".
    QVERIFY2(run.err.toLower().count("could not connect") == 1, run.err.constData());
    QVERIFY(run.out.isEmpty());
}

// A whole command line given as one word (quoted for the shell) runs as the Add Server dialog
// would run it: split by the shell's rules, the quotes respected.
void tst_Cli::commandLineGivenAsOneWord()
{
    const QString line = QStringLiteral("sh -c 'exec \"$0\" \"$@\"' '" MCPSCOPE_DEMO_SERVER "'");
    const Run run = cli({line, QStringLiteral("--method"), QStringLiteral("tools/list")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("rich_form"), run.out.constData());
    // An unclosed quote is said, not run.
    const Run unclosed = cli({QStringLiteral("sh -c 'exit 0"), QStringLiteral("--method"), QStringLiteral("tools/list")});
    QCOMPARE(unclosed.exitCode, 2);
    QVERIFY2(unclosed.err.contains("not closed"), unclosed.err.constData());
}

void tst_Cli::usageError()
{
    const Run run = cli({QStringLiteral("--method"), QStringLiteral("tools/call")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("no server"));
}

void tst_Cli::help()
{
    const Run run = cli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("--tool-arg"));
}

// The bundled demo server and its fault tools.
static QStringList demo(const QStringList &tail)
{
    return QStringList{QStringLiteral(MCPSCOPE_DEMO_SERVER)} + tail;
}

void tst_Cli::demoTimeoutSendsCancel()
{
    const Run run = cli(demo({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                              QStringLiteral("hang"), QStringLiteral("--timeout"), QStringLiteral("500")}));
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains("tools/call"), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

void tst_Cli::demoCrashMidRequest()
{
    const Run run = cli(demo({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                              QStringLiteral("crash"), QStringLiteral("--tool-arg"), QStringLiteral("code=7")}));
    QCOMPARE(run.exitCode, 6);
    // The error names the exit, not just "connection closed".
    QVERIFY2(run.err.contains("code 7"), run.err.constData());
}

void tst_Cli::demoToolError()
{
    const Run run = cli(demo({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                              QStringLiteral("fail"), QStringLiteral("--tool-arg"), QStringLiteral("message=broken on purpose")}));
    QCOMPARE(run.exitCode, 5);
    QCOMPARE(run.json().value(QStringLiteral("isError")).toBool(), true);
    QVERIFY(run.out.contains("broken on purpose"));
}

void tst_Cli::demoElicitationAcceptDefaults()
{
    const QStringList call{QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"), QStringLiteral("ask_user")};
    const Run declined = cli(demo(call));
    QVERIFY2(declined.exitCode == 0, declined.err.constData());
    QVERIFY2(declined.out.contains("decline"), declined.out.constData());

    const Run accepted = cli(demo(call + QStringList{QStringLiteral("--elicitation"), QStringLiteral("accept-defaults")}));
    QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
    QVERIFY2(accepted.out.contains("accept"), accepted.out.constData());
    QVERIFY2(accepted.out.contains("Ada"), accepted.out.constData()); // the schema's default for "name"
}

void tst_Cli::demoServerStderrPassthrough()
{
    const QStringList call{QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                           QStringLiteral("stderr_flood"), QStringLiteral("--tool-arg"), QStringLiteral("mib=0.1")};
    const Run quiet = cli(demo(call));
    QVERIFY2(quiet.exitCode == 0, quiet.err.constData());
    QVERIFY(!quiet.err.contains("stderr flood line"));
    const Run loud = cli(demo(call + QStringList{QStringLiteral("--server-stderr")}));
    QVERIFY2(loud.exitCode == 0, loud.err.left(300).constData());
    QVERIFY(loud.err.contains("stderr flood line 000000"));
    QVERIFY(loud.err.size() >= 100 * 1024);
}

void tst_Cli::configFileDialects()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString demoPath = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    const QByteArray claude = "{\"mcpServers\": {\"demo\": {\"command\": \"" + demoPath.toUtf8()
        + "\", \"env\": {\"LABEL\": \"${CLI_TEST_LABEL}\"}}}}";
    // VS Code's dialect: "servers" with a type, and comments (JSONC).
    const QByteArray vscode = "{ // VS Code\n \"servers\": {\"demo\": {\"type\": \"stdio\", \"command\": \""
        + demoPath.toUtf8() + "\", \"args\": []}}}";
    // Codex's TOML, Goose's and Continue's YAML: told from the file, read the same way.
    const QByteArray codex = "# Codex\n[mcp_servers.demo]\ncommand = \"" + demoPath.toUtf8()
        + "\"\nenv = { LABEL = \"${CLI_TEST_LABEL}\" }\n";
    const QByteArray goose = "extensions:\n  demo:\n    type: stdio\n    cmd: \"" + demoPath.toUtf8() + "\"\n    args: []\n";
    const QByteArray continueYaml = "name: x\nmcpServers:\n  - name: demo\n    command: \"" + demoPath.toUtf8() + "\"\n";
    for (const auto &[name, text] : {std::pair{"mcp.json", claude}, std::pair{"mcp.json", vscode},
                                     std::pair{"config.toml", codex}, std::pair{"config.yaml", goose},
                                     std::pair{"continue.yml", continueYaml}}) {
        QFile file(dir.filePath(QLatin1String(name)));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        qputenv("CLI_TEST_LABEL", "from-env");
        const Run run = cli({QStringLiteral("--config"), file.fileName(), QStringLiteral("--server"), QStringLiteral("demo"),
                             QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                             QStringLiteral("echo"), QStringLiteral("--tool-arg"), QStringLiteral("message=via config")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.contains("via config"));
    }
}

void tst_Cli::configFileErrors()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mcp.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"mcpServers\": {\"a\": {\"command\": \"x\", \"env\": {\"K\": \"${CLI_TEST_UNSET_VARIABLE}\"}}, \"b\": {\"url\": \"http://127.0.0.1:9/mcp\"}}}");
    file.close();
    qunsetenv("CLI_TEST_UNSET_VARIABLE");

    const Run unknown = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("c")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("a, b"), unknown.err.constData()); // names the servers it has

    const Run unresolved = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("a")});
    QCOMPARE(unresolved.exitCode, 2);
    QVERIFY2(unresolved.err.contains("${CLI_TEST_UNSET_VARIABLE}"), unresolved.err.constData());

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"mcpServers\": {\n  \"a\": {\"command\": }\n}");
    file.close();
    const Run broken = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("a")});
    QCOMPARE(broken.exitCode, 2);
    QVERIFY2(broken.err.contains("mcp.json:2:"), broken.err.constData()); // file and line of the mistake
}

void tst_Cli::captureWithSecretsRedacted()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath(QStringLiteral("run.jsonl"));
    const Run run = cli(demo({QStringLiteral("-e"), QStringLiteral("DEMO_API_KEY=sup3r-s3cret-value"),
                              QStringLiteral("--capture"), capture, QStringLiteral("--method"), QStringLiteral("tools/call"),
                              QStringLiteral("--tool-name"), QStringLiteral("echo"), QStringLiteral("--tool-arg"),
                              QStringLiteral("message=captured")}));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray all = file.readAll();
    QVERIFY2(!all.contains("sup3r-s3cret-value"), "a secret environment value reached the capture");
    const QList<QByteArray> lines = all.trimmed().split('\n');
    QVERIFY(lines.size() >= 6);
    const QJsonObject header = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(header.value(QStringLiteral("format")).toString(), QStringLiteral("mcpscope-capture"));
    QCOMPARE(header.value(QStringLiteral("version")).toInt(), 1);
    QStringList kinds;
    bool sawCall = false, sawAnswer = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QJsonObject event = QJsonDocument::fromJson(lines.at(i)).object();
        kinds << event.value(QStringLiteral("kind")).toString();
        const QString raw = event.value(QStringLiteral("raw")).toString();
        sawCall |= event.value(QStringLiteral("dir")).toString() == QLatin1String("out") && raw.contains(QLatin1String("tools/call"));
        sawAnswer |= event.value(QStringLiteral("dir")).toString() == QLatin1String("in") && raw.contains(QLatin1String("captured"));
    }
    QVERIFY(sawCall);
    QVERIFY(sawAnswer);
    // From the first byte to the process exit.
    QCOMPARE(kinds.first(), QStringLiteral("processStarted"));
    QVERIFY2(kinds.contains(QStringLiteral("processExited")), qPrintable(kinds.join(u',')));
}

void tst_Cli::httpDemoServer()
{
    QProcess server;
    const QString url = Mcp::Test::startMergedHttpPeer(&server, QStringLiteral(MCPSCOPE_DEMO_SERVER),
                                                       {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(!url.isEmpty());

    QTemporaryDir dir;
    const QString har = dir.filePath(QStringLiteral("run.har"));
    // Legacy: the entries counted below are the initialize handshake's.
    const Run echo = cli({url, QStringLiteral("--protocol"), QStringLiteral("legacy"), QStringLiteral("--header"), QStringLiteral("Authorization: Bearer t0ken-for-cli-test"),
                          QStringLiteral("--capture"), har, QStringLiteral("--method"), QStringLiteral("tools/call"),
                          QStringLiteral("--tool-name"), QStringLiteral("echo"), QStringLiteral("--tool-arg"),
                          QStringLiteral("message=over http")});
    QVERIFY2(echo.exitCode == 0, echo.err.constData());
    QVERIFY(echo.out.contains("over http"));
    QFile file(har);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray harText = file.readAll();
    QVERIFY2(!harText.contains("t0ken-for-cli-test"), "the bearer token reached the HAR file");
    const QJsonArray entries = QJsonDocument::fromJson(harText).object().value(QStringLiteral("log")).toObject()
                                   .value(QStringLiteral("entries")).toArray();
    QVERIFY(entries.size() >= 3); // initialize, notifications/initialized, tools/call (and DELETE)
    QCOMPARE(entries.first().toObject().value(QStringLiteral("request")).toObject().value(QStringLiteral("method")).toString(),
             QStringLiteral("POST"));

    const Run list = cli({QStringLiteral("--transport"), QStringLiteral("http"), url, QStringLiteral("--method"),
                          QStringLiteral("prompts/list")});
    QVERIFY2(list.exitCode == 0, list.err.constData());
    QVERIFY(!list.json().value(QStringLiteral("prompts")).toArray().isEmpty());

    server.kill();
    server.waitForFinished();
    const Run gone = cli({url, QStringLiteral("--method"), QStringLiteral("ping")}, 60000);
    QCOMPARE(gone.exitCode, 3);
}

void tst_Cli::everythingOverHttp_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("transport");
    QTest::newRow("streamableHttp, auto") << QStringLiteral("streamableHttp") << QStringLiteral("/mcp") << QStringLiteral("auto");
    QTest::newRow("streamableHttp, http") << QStringLiteral("streamableHttp") << QStringLiteral("/mcp") << QStringLiteral("http");
    QTest::newRow("legacy sse, auto") << QStringLiteral("sse") << QStringLiteral("/sse") << QStringLiteral("auto");
    QTest::newRow("legacy sse, sse") << QStringLiteral("sse") << QStringLiteral("/sse") << QStringLiteral("sse");
}

void tst_Cli::everythingOverHttp()
{
    QFETCH(QString, mode);
    QFETCH(QString, path);
    QFETCH(QString, transport);
    // server-everything listens on every interface; the wrapper binds it to 127.0.0.1 on a free port.
    QProcess server;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PORT"), QStringLiteral("0"));
    server.setProcessEnvironment(env);
    server.start(m_node, {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpinterop/loopback.mjs"), m_everything, mode});
    QVERIFY(server.waitForStarted());
    QByteArray banner;
    const QRegularExpression listening(QStringLiteral("listening on 127\\.0\\.0\\.1:(\\d+)"));
    QRegularExpressionMatch match;
    QTRY_VERIFY_WITH_TIMEOUT((match = listening.match(QString::fromUtf8(banner += server.readAllStandardError()))).hasMatch(), 20000);
    const QString url = QStringLiteral("http://127.0.0.1:%1%2").arg(match.captured(1), path);

    const Run echo = cli({QStringLiteral("--transport"), transport, url, QStringLiteral("--method"), QStringLiteral("tools/call"),
                          QStringLiteral("--tool-name"), QStringLiteral("echo"), QStringLiteral("--tool-arg"), QStringLiteral("message=hi")});
    QVERIFY2(echo.exitCode == 0, echo.err.constData());
    QCOMPARE(echo.json().value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("Echo: hi"));
    const Run resources = cli({QStringLiteral("--transport"), transport, url, QStringLiteral("--method"), QStringLiteral("resources/list")});
    QVERIFY2(resources.exitCode == 0, resources.err.constData());
    QVERIFY(!resources.json().value(QStringLiteral("resources")).toArray().isEmpty());
    server.kill();
    server.waitForFinished();
}

// --protocol against servers of each era, over stdio and HTTP: the cells of the spec's
// compatibility matrix. Where the client's choice and the server's eras have nothing in
// common (a legacy client against a modern-only server, a modern one against a legacy server),
// the run ends at connect with exit 3.
void tst_Cli::protocolChoice_data()
{
    Mcp::Test::addCompatibilityColumns(); // the choice is --protocol's value, expected the exit code
    struct Cell
    {
        const char *era;
        const char *protocol;
        int exitCode;
    };
    static const Cell cells[] = {
        {"dual", "auto", 0},         {"dual", "legacy", 0},          {"dual", "2025-11-25", 0},
        {"dual", "modern", 0},       {"dual", "2026-07-28", 0},
        {"modern", "auto", 0},       {"modern", "modern", 0},        {"modern", "2026-07-28", 0},
        {"legacy", "auto", 0},       {"legacy", "legacy", 0},        {"legacy", "2025-11-25", 0},
        {"legacy", "modern", 3},     {"legacy", "2026-07-28", 3},
        {"modern", "legacy", 3},     {"modern", "2025-11-25", 3},
    };
    for (const char *peer : {"demo", "sdk2"}) {
        for (const bool http : {false, true}) {
            for (const Cell &cell : cells) {
                QTest::addRow("%s %s %s, --protocol %s", peer, cell.era, http ? "http" : "stdio", cell.protocol)
                    << QString::fromLatin1(peer) << QString::fromLatin1(cell.era) << http
                    << QString::fromLatin1(cell.protocol) << cell.exitCode;
            }
        }
    }
}

void tst_Cli::protocolChoice()
{
    QFETCH(QString, peer);
    QFETCH(QString, era);
    QFETCH(bool, http);
    QFETCH(QString, choice);
    QFETCH(int, expected);
    QProcess httpServer;
    const auto stopServer = qScopeGuard([&httpServer] { httpServer.kill(); httpServer.waitForFinished(); });
    const QStringList target = serverTarget(&httpServer, peer, era, http);
    QVERIFY2(!target.isEmpty(), "the HTTP server did not say its URL");
    const QStringList chosen{QStringLiteral("--protocol"), choice, QStringLiteral("--")};

    const Run list = cli(chosen + target);
    QVERIFY2(list.exitCode == expected, list.err.constData());
    if (expected != 0) {
        // Refused before any operation: nothing on stdout, a sentence on stderr, and for a
        // modern choice against a legacy server the hint that reaches it.
        QVERIFY(list.out.isEmpty());
        QVERIFY2(list.err.startsWith("mcpscope: "), list.err.constData());
        const bool legacyServer = QString::fromLatin1(QTest::currentDataTag()).contains(QLatin1String(" legacy "));
        const bool modernChosen = choice != QLatin1String("legacy") && !choice.startsWith(QLatin1String("2025"))
            && !choice.startsWith(QLatin1String("2024"));
        if (legacyServer && modernChosen) {
            QCOMPARE(list.err.count('\n'), 2);
            QVERIFY2(list.err.contains("--protocol auto or --protocol legacy reaches it"), list.err.constData());
        } else {
            QVERIFY2(list.err.count('\n') == 1, list.err.constData());
        }
        return;
    }
    QStringList names;
    for (const QJsonValue &tool : list.json().value(QStringLiteral("tools")).toArray())
        names << tool.toObject().value(QStringLiteral("name")).toString();
    QVERIFY2(names.contains(QStringLiteral("echo")), qPrintable(names.join(u',')));

    const Run call = cli(QStringList{QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                                     QStringLiteral("echo"), QStringLiteral("--tool-arg"), QStringLiteral("message=matrix")}
                         + chosen + target);
    QVERIFY2(call.exitCode == 0, call.err.constData());
    QVERIFY2(call.out.contains("matrix"), call.out.constData());
}

void tst_Cli::verboseNamesTheEra()
{
    const QStringList legacyDemo = demo({QStringLiteral("--era"), QStringLiteral("legacy")});
    const Run probed = cli(QStringList{QStringLiteral("--verbose"), QStringLiteral("--method"), QStringLiteral("ping"),
                                       QStringLiteral("--")} + legacyDemo);
    QVERIFY2(probed.exitCode == 0, probed.err.constData());
    QVERIFY2(probed.err.contains("mcpscope: legacy era, protocol version 2025-11-25 (probed)"), probed.err.constData());

    const Run pinned = cli(QStringList{QStringLiteral("--verbose"), QStringLiteral("--protocol"), QStringLiteral("2025-11-25"),
                                       QStringLiteral("--method"), QStringLiteral("ping"), QStringLiteral("--")} + legacyDemo);
    QVERIFY2(pinned.exitCode == 0, pinned.err.constData());
    QVERIFY2(pinned.err.contains("mcpscope: legacy era, protocol version 2025-11-25 (pinned)"), pinned.err.constData());

    // Without --verbose the era is not mentioned.
    const Run quiet = cli(QStringList{QStringLiteral("--method"), QStringLiteral("ping"), QStringLiteral("--")} + legacyDemo);
    QCOMPARE(quiet.exitCode, 0);
    QVERIFY2(!quiet.err.contains("era"), quiet.err.constData());
}

// subscriptions/listen prints what the filter asks for, one JSON line each, and ends after
// --listen-for. Another CLI run on the same HTTP server changes its tool and prompt lists.
// Legacy era: the connection's own notifications; modern era: the library's listen stream
// (the notification carries the stream's subscriptionId).
void tst_Cli::listenPrintsNotifications_data()
{
    Mcp::Test::addEraRows();
}

void tst_Cli::listenPrintsNotifications()
{
    QFETCH(QString, era);
    const Mcp::Test::ScopedHttpPeer server(QStringLiteral(MCPSCOPE_DEMO_SERVER),
                                           {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0"),
                                            QStringLiteral("--conformance"), QStringLiteral("--era"),
                                            era == QLatin1String("legacy") ? QStringLiteral("dual") : era});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    QProcess listener;
    QElapsedTimer elapsed;
    elapsed.start();
    listener.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("--cli"), url, QStringLiteral("--method"),
                                                  QStringLiteral("subscriptions/listen"), QStringLiteral("--listen-for"),
                                                  QStringLiteral("4"), QStringLiteral("--listen-filter"), QStringLiteral("tools"),
                                                  QStringLiteral("--protocol"), era});
    QVERIFY(listener.waitForStarted());
    QTest::qWait(1500); // connected and listening
    for (const char *tool : {"test_trigger_tool_change", "test_trigger_prompt_change"}) {
        const Run trigger = cli({url, QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                                 QString::fromLatin1(tool)});
        QVERIFY2(trigger.exitCode == 0, trigger.err.constData());
    }
    QVERIFY(listener.waitForFinished(20000));
    const QByteArray err = listener.readAllStandardError();
    QVERIFY2(listener.exitCode() == 0, err.constData());
    QVERIFY2(elapsed.elapsed() >= 4000, "the listen ended before --listen-for");
    const QList<QByteArray> lines = listener.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), 1); // the prompt change was not asked for
    const QJsonObject notification = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(notification.value(QStringLiteral("method")).toString(), QStringLiteral("notifications/tools/list_changed"));
    const bool tagged = notification.value(QStringLiteral("params")).toObject().value(QStringLiteral("_meta")).toObject()
                            .contains(QStringLiteral("io.modelcontextprotocol/subscriptionId"));
    QCOMPARE(tagged, era == QLatin1String("modern"));
}

// server/discover prints the server's discover result; a modern server's roots tool is a multi
// round-trip request that --root answers.
void tst_Cli::discoverAndMultiRoundTrip()
{
    const QStringList modernDemo = demo({QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")});
    const Run discover = cli(QStringList{QStringLiteral("--verbose"), QStringLiteral("--method"), QStringLiteral("server/discover"),
                                         QStringLiteral("--")} + modernDemo);
    QVERIFY2(discover.exitCode == 0, discover.err.constData());
    QVERIFY2(discover.err.contains("mcpscope: modern era, protocol version 2026-07-28 (probed)"), discover.err.constData());
    QVERIFY2(discover.json().value(QStringLiteral("supportedVersions")).toArray().contains(QStringLiteral("2026-07-28")),
             discover.out.constData());

    QTemporaryDir root;
    const Run roots = cli(QStringList{QStringLiteral("--root"), root.path(), QStringLiteral("--method"), QStringLiteral("tools/call"),
                                      QStringLiteral("--tool-name"), QStringLiteral("test_input_required_result_list_roots"),
                                      QStringLiteral("--")} + modernDemo);
    QVERIFY2(roots.exitCode == 0, roots.err.constData());
    QVERIFY2(roots.out.contains(QUrl::fromLocalFile(root.path()).toString().toUtf8()), roots.out.constData());
}


// A stdio server whose one tool is named by tool.txt as it was when the server started: each
// run of the watch loop must start it anew and show the renamed tool.
static const char watchedServer[] = R"(
const fs = require('fs');
const readline = require('readline');
const tool = fs.readFileSync('tool.txt', 'utf8').trim();
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} },
                                               serverInfo: { name: 'watched', version: '1' } } });
  else if (m.method === 'tools/list')
    send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: tool, inputSchema: { type: 'object' } }] } });
  else
    send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } });
});
)";

void tst_Cli::watchRerunsOnChange()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&dir](const QString &name, const QByteArray &content) {
        QFile file(dir.filePath(name));
        return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
    };
    QVERIFY(write(QStringLiteral("server.cjs"), watchedServer));
    QVERIFY(write(QStringLiteral("tool.txt"), "first_tool\n"));

    QProcess process;
    process.start(QStringLiteral(MCPSCOPE_CLI),
                  {QStringLiteral("--cli"), QStringLiteral("--watch"), QStringLiteral("tool.txt"), QStringLiteral("--watch-runs"),
                   QStringLiteral("2"), QStringLiteral("--watch-debounce"), QStringLiteral("100"), QStringLiteral("--compact"),
                   QStringLiteral("--protocol"), QStringLiteral("legacy"), QStringLiteral("--capture"), dir.filePath(QStringLiteral("c.jsonl")),
                   QStringLiteral("--cwd"), dir.path(), QStringLiteral("--"), m_node, QStringLiteral("server.cjs")});
    QVERIFY(process.waitForStarted());
    auto cleanup = qScopeGuard([&process] {
        process.kill();
        process.waitForFinished();
    });
    QByteArray err;
    QDeadlineTimer deadline(30000);
    while (!err.contains("run 1 ended")) {
        QVERIFY2(!deadline.hasExpired() && process.state() == QProcess::Running, err.constData());
        process.waitForReadyRead(200);
        err += process.readAllStandardError();
    }
    QVERIFY(write(QStringLiteral("tool.txt"), "second_tool\n"));
    QVERIFY2(process.waitForFinished(30000), err.constData());
    err += process.readAllStandardError();
    QCOMPARE(process.exitCode(), 0);

    const QList<QByteArray> results = process.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(results.size(), 2);
    QVERIFY2(results.at(0).contains("first_tool") && !results.at(0).contains("second_tool"), results.at(0).constData());
    QVERIFY2(results.at(1).contains("second_tool"), results.at(1).constData());
    QVERIFY2(err.contains("changed: tool.txt; running again"), err.constData());
    QVERIFY2(err.contains("run 2 ended with exit code 0"), err.constData());
    // Each run keeps its own capture, the first one's not overwritten by the second.
    for (const char *name : {"c-run1.jsonl", "c-run2.jsonl"}) {
        QFile capture(dir.filePath(QLatin1String(name)));
        QVERIFY2(capture.open(QIODevice::ReadOnly), name);
        QVERIFY2(capture.readAll().contains("tools/list"), name);
    }
}

void tst_Cli::watchAutoNeedsACommand()
{
    const Run run = cli({QStringLiteral("--watch"), QStringLiteral("auto"), QStringLiteral("http://127.0.0.1:9/mcp")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--watch auto finds no script"), run.err.constData());
}


// Each failure kind under --compat v2: the v2 exit code and the class in the JSON error line.
void tst_Cli::v2ExitCodes_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("errorClass");
    const QString demoServer = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    const QStringList call{QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name")};
    QTest::newRow("isError") << QStringList{demoServer} + call + QStringList{QStringLiteral("fail")} << 5 << "tool_error";
    QTest::newRow("unknown tool") << QStringList{demoServer} + call + QStringList{QStringLiteral("no_such_tool")} << 5 << "tool_error";
    QTest::newRow("usage") << QStringList{QStringLiteral("--method"), QStringLiteral("tools/call")} << 1 << "usage";
    QTest::newRow("bad --format") << QStringList{demoServer, QStringLiteral("--format"), QStringLiteral("yaml")} << 1 << "usage";
    QTest::newRow("unreachable command") << QStringList{QStringLiteral("/nonexistent/mcp-server")} << 4 << "unreachable";
    QTest::newRow("unreachable URL") << QStringList{QStringLiteral("http://127.0.0.1:9/mcp"), QStringLiteral("--transport"), QStringLiteral("http")}
                                     << 4 << "unreachable";
    QTest::newRow("timeout") << QStringList{demoServer} + call + QStringList{QStringLiteral("hang"), QStringLiteral("--timeout"), QStringLiteral("500")}
                             << 4 << "timeout";
    QTest::newRow("connection lost") << QStringList{demoServer} + call + QStringList{QStringLiteral("crash")} << 4 << "connection_lost";
    QTest::newRow("success") << QStringList{demoServer} << 0 << QString();
}

void tst_Cli::v2ExitCodes()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, errorClass);
    const Run run = cli(QStringList{QStringLiteral("--compat"), QStringLiteral("v2")} + arguments);
    QVERIFY2(run.exitCode == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(QString::fromUtf8(run.err))));
    if (errorClass.isEmpty()) {
        QVERIFY2(!run.err.contains("{\"error\""), run.err.constData());
        return;
    }
    const QJsonObject error = envelope(run.err);
    QCOMPARE(error.value(QStringLiteral("code")).toString(), errorClass);
    QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
    // The sentence for a person stays, before the envelope.
    QVERIFY2(run.err.startsWith("mcpscope: "), run.err.constData());
}

// Without v2 spellings the codes are ours (0-6) and stderr has sentences only.
void tst_Cli::v1ExitCodesStayTheDefault()
{
    for (const QStringList &prefix : {QStringList(), QStringList{QStringLiteral("--compat"), QStringLiteral("v1")}}) {
        Run run = cli(prefix + QStringList{QStringLiteral("/nonexistent/mcp-server")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(!run.err.contains("{\"error\""), run.err.constData());
        run = cli(prefix + QStringList{QStringLiteral("--method"), QStringLiteral("tools/call")});
        QCOMPARE(run.exitCode, 2);
        run = cli(prefix + demo({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                                 QStringLiteral("crash")}));
        QCOMPARE(run.exitCode, 6);
    }
    // v1: after "--" everything is the server's, even an option of ours (the demo rejects it).
    const Run run = cli({QStringLiteral("--compat"), QStringLiteral("v1"), QStringLiteral(MCPSCOPE_DEMO_SERVER),
                         QStringLiteral("--"), QStringLiteral("--method"), QStringLiteral("tools/list")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.out.isEmpty());
}

// The v2 order "TARGET -- OPTIONS", --tool-args-json passed verbatim, --format json and text.
void tst_Cli::v2TargetFirstAndFormats()
{
    Run run = cli({QStringLiteral(MCPSCOPE_DEMO_SERVER), QStringLiteral("--"), QStringLiteral("--method"),
                   QStringLiteral("tools/call"), QStringLiteral("--tool-name"), QStringLiteral("echo"),
                   QStringLiteral("--tool-args-json"), QStringLiteral("{\"message\": \"012\"}"),
                   QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // One line, one object: {"result": ...}, with "012" still a string.
    QCOMPARE(run.out.trimmed().count('\n'), 0);
    const QJsonObject result = run.json().value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("content")).toArray().first().toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("012"));
    // --format text: the result itself, pretty-printed, ending in a newline.
    run = cli(demo({QStringLiteral("--method"), QStringLiteral("tools/list"), QStringLiteral("--format"), QStringLiteral("text")}));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.json().value(QStringLiteral("tools")).isArray());
    QVERIFY(run.out.endsWith("}\n"));
    QVERIFY(run.out.count('\n') > 3);
    // --tool-args-json that is not an object is a v2 usage error (detected from the spelling).
    run = cli(demo({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                    QStringLiteral("echo"), QStringLiteral("--tool-args-json"), QStringLiteral("[1]")}));
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(envelope(run.err).value(QStringLiteral("code")).toString(), QStringLiteral("usage"));
}

void tst_Cli::v2InitializeAndServers()
{
    Run run = cli(demo({QStringLiteral("--method"), QStringLiteral("initialize"), QStringLiteral("--format"), QStringLiteral("json")}));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject result = run.json().value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("mcpscope-demo-server"));
    QVERIFY(result.value(QStringLiteral("capabilities")).toObject().contains(QStringLiteral("tools")));
    QVERIFY(!result.value(QStringLiteral("protocolVersion")).toString().isEmpty());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("mcp.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"mcpServers\": {\"demo\": {\"command\": \"" + QByteArray(MCPSCOPE_DEMO_SERVER)
               + "\", \"env\": {\"API_KEY\": \"s3cret\"}}, \"web\": {\"type\": \"http\", \"url\": \"http://127.0.0.1:1/mcp\"}}}");
    file.close();
    run = cli({QStringLiteral("--config"), file.fileName(), QStringLiteral("--method"), QStringLiteral("servers/list")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonArray servers = run.json().value(QStringLiteral("servers")).toArray();
    QCOMPARE(servers.size(), 2);
    QVERIFY(!run.out.contains("s3cret"));
    run = cli({QStringLiteral("--config"), file.fileName(), QStringLiteral("--server"), QStringLiteral("web"),
               QStringLiteral("--method"), QStringLiteral("servers/show")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.json().value(QStringLiteral("url")).toString(), QStringLiteral("http://127.0.0.1:1/mcp"));
    run = cli({QStringLiteral("--config"), file.fileName(), QStringLiteral("--server"), QStringLiteral("nope"),
               QStringLiteral("--method"), QStringLiteral("servers/show")});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(envelope(run.err).value(QStringLiteral("code")).toString(), QStringLiteral("usage"));
}

// v2 gives up connecting after 15 s unless --connect-timeout says otherwise; v1 keeps 30 s.
void tst_Cli::v2ConnectTimeoutDefault()
{
    // Pinned to the legacy era: the fault hangs initialize, which a modern connection never sends.
    const QStringList hang = demo({QStringLiteral("--fault"), QStringLiteral("hang-on-initialize")})
        + QStringList{QStringLiteral("--protocol"), QStringLiteral("legacy")};
    QElapsedTimer timer;
    timer.start();
    Run run = cli(QStringList{QStringLiteral("--compat"), QStringLiteral("v2")} + hang, 40000);
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(run.exitCode, 4);
    QCOMPARE(envelope(run.err).value(QStringLiteral("code")).toString(), QStringLiteral("unreachable"));
    QVERIFY2(elapsed >= 14000 && elapsed < 25000, qPrintable(QString::number(elapsed)));
    timer.restart();
    run = cli(QStringList{QStringLiteral("--compat"), QStringLiteral("v2"), QStringLiteral("--connect-timeout"),
                          QStringLiteral("1000")} + hang);
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(timer.elapsed() < 8000, qPrintable(QString::number(timer.elapsed())));
}

// --help, --version and --cli without a display; the window without one says so and exits 2.
void tst_Cli::noDisplayNeeded()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    Run run = runBinary({QStringLiteral("--help")}, env);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("Usage: mcpscope"));
    run = runBinary({QStringLiteral("--version")}, env);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.startsWith("mcpscope "));
    run = runBinary({QStringLiteral("--cli"), QStringLiteral("--help")}, env);
    QCOMPARE(run.exitCode, 0);
    run = runBinary({QStringLiteral("--cli"), QStringLiteral(MCPSCOPE_DEMO_SERVER), QStringLiteral("--method"), QStringLiteral("tools/list")}, env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runBinary({QStringLiteral("diff"), QStringLiteral("--help")}, env);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("Usage: mcpscope diff"));
    run = runBinary({QStringLiteral("diff"), QStringLiteral(MCPSCOPE_DEMO_SERVER), QStringLiteral(MCPSCOPE_DEMO_SERVER)}, env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runBinary({}, env);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.trimmed().count('\n'), 0);
    QVERIFY2(run.err.contains("DISPLAY") && run.err.contains("--cli"), run.err.constData());
    QVERIFY(!run.err.contains("platform plugin"));
}

// An HTTP server on 127.0.0.1 that answers every request 401 with a Bearer challenge: v2 exit 3,
// "auth_required"; our own code for it stays 3 (could not connect).
void tst_Cli::v2AuthRequired()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 is not on PATH");
    const Mcp::Test::ScopedHttpPeer server(python, {QStringLiteral("-c"), Mcp::Test::unauthorizedServerScript()});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    Run run = cli({QStringLiteral("--compat"), QStringLiteral("v2"), url, QStringLiteral("--transport"), QStringLiteral("http")});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(envelope(run.err).value(QStringLiteral("code")).toString(), QStringLiteral("auth_required"));
    run = cli({url, QStringLiteral("--transport"), QStringLiteral("http")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY(!run.err.contains("{\"error\""));
}

// The demo server with and without its conformance fixtures: removing them breaks, adding does not.
void tst_Cli::diffDemoServers()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString plain = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    const QString fixtures = plain + QStringLiteral(" --conformance");
    Run run = runBinary({QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("json"), fixtures, plain}, env);
    QVERIFY2(run.exitCode == 1, run.err.constData());
    QJsonObject diff = run.json();
    QVERIFY(diff.value(QStringLiteral("breaking")).toInt() > 0);
    bool removedTool = false;
    for (const QJsonValue &item : diff.value(QStringLiteral("tools")).toArray()) {
        const QJsonObject change = item.toObject();
        if (change.value(QStringLiteral("key")).toString() == QLatin1String("test_simple_text")) {
            removedTool = change.value(QStringLiteral("change")).toString() == QLatin1String("removed")
                && change.value(QStringLiteral("breaking")).toBool();
        }
        // The demo's own tools are in both.
        QVERIFY(change.value(QStringLiteral("key")).toString() != QLatin1String("echo"));
    }
    QVERIFY(removedTool);
    run = runBinary({QStringLiteral("diff"), plain, fixtures}, env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.contains("+ tools test_simple_text"));
    QVERIFY(run.out.contains("breaking changes: 0"));
    run = runBinary({QStringLiteral("diff"), plain}, env);
    QCOMPARE(run.exitCode, 2);
    run = runBinary({QStringLiteral("diff"), plain, QStringLiteral("/nonexistent/server")}, env);
    QCOMPARE(run.exitCode, 3);
}

void tst_Cli::diffSchemaChanges_data()
{
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("expected");
    // Before: t(x: string required, y: string|number, mode: a|b); prompt p(q optional).
    QTest::newRow("same") << QByteArray() << 0 << QByteArray("no differences");
    QTest::newRow("enum reordered") << QByteArray(R"({"enum":["b","a"]})") << 0 << QByteArray("no differences");
    QTest::newRow("description") << QByteArray(R"({"description":"new words"})") << 0 << QByteArray("~ tools t");
    QTest::newRow("new required") << QByteArray(R"({"required":["x","y"]})") << 1 << QByteArray("new required argument");
    QTest::newRow("type narrowed") << QByteArray(R"({"ytype":"string"})") << 1 << QByteArray("type narrowed");
    QTest::newRow("type widened") << QByteArray(R"({"ytype":["string","number","boolean"]})") << 0 << QByteArray("~ tools t");
    QTest::newRow("enum narrowed") << QByteArray(R"({"enum":["a"]})") << 1 << QByteArray("allowed values narrowed");
    QTest::newRow("enum widened") << QByteArray(R"({"enum":["b","a","c"]})") << 0 << QByteArray("~ tools t");
    QTest::newRow("property removed") << QByteArray(R"({"dropY":true})") << 1 << QByteArray("input property y removed");
    QTest::newRow("prompt argument required") << QByteArray(R"({"qRequired":true})") << 1 << QByteArray("argument q is now required");
}

// Snapshot files built from one template, changed as the row says.
static QByteArray snapshot(const QJsonObject &change)
{
    QJsonObject y{{QStringLiteral("type"), change.contains(QStringLiteral("ytype")) ? change.value(QStringLiteral("ytype"))
                                                                                    : QJsonArray{QStringLiteral("string"), QStringLiteral("number")}}};
    QJsonObject properties{{QStringLiteral("x"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}},
                           {QStringLiteral("mode"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                                {QStringLiteral("enum"), change.contains(QStringLiteral("enum"))
                                                                     ? change.value(QStringLiteral("enum"))
                                                                     : QJsonArray{QStringLiteral("a"), QStringLiteral("b")}}}}};
    if (!change.value(QStringLiteral("dropY")).toBool())
        properties.insert(QStringLiteral("y"), y);
    const QJsonObject schema{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), properties},
                             {QStringLiteral("required"), change.value(QStringLiteral("required")).toArray(QJsonArray{QStringLiteral("x")})}};
    const QJsonObject tool{{QStringLiteral("name"), QStringLiteral("t")},
                           {QStringLiteral("description"), change.value(QStringLiteral("description")).toString(QStringLiteral("a tool"))},
                           {QStringLiteral("inputSchema"), schema}};
    const QJsonObject prompt{{QStringLiteral("name"), QStringLiteral("p")},
                             {QStringLiteral("arguments"), QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("q")},
                                                                                  {QStringLiteral("required"), change.value(QStringLiteral("qRequired")).toBool()}}}}};
    return QJsonDocument(QJsonObject{{QStringLiteral("tools"), QJsonArray{tool}}, {QStringLiteral("prompts"), QJsonArray{prompt}}}).toJson();
}

void tst_Cli::diffSchemaChanges()
{
    QFETCH(QByteArray, after);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath(QStringLiteral("a.json"));
    const QString b = dir.filePath(QStringLiteral("b.json"));
    QFile fa(a), fb(b);
    QVERIFY(fa.open(QIODevice::WriteOnly) && fb.open(QIODevice::WriteOnly));
    fa.write(snapshot({}));
    fb.write(snapshot(QJsonDocument::fromJson(after.isEmpty() ? QByteArray("{}") : after).object()));
    fa.close();
    fb.close();
    const Run run = runBinary({QStringLiteral("diff"), a, b}, QProcessEnvironment::systemEnvironment());
    QVERIFY2(run.exitCode == exitCode, run.out.constData());
    QVERIFY2(run.out.contains(expected), run.out.constData());
}

// A snapshot printed by --cli against the live server it came from; server-everything against the demo.
void tst_Cli::diffSnapshotAgainstServerAndEverything()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Run run = cli(demo({QStringLiteral("--method"), QStringLiteral("tools/list")}));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString snap = dir.filePath(QStringLiteral("tools.json"));
    QFile file(snap);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(run.out);
    file.close();
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    run = runBinary({QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("json"), snap,
                     QStringLiteral(MCPSCOPE_DEMO_SERVER)}, env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.json().value(QStringLiteral("tools")).toArray().isEmpty());
    QVERIFY(!run.json().value(QStringLiteral("prompts")).toArray().isEmpty()); // not in the snapshot: added
    const QString everything = m_node + u' ' + m_everything;
    run = runBinary({QStringLiteral("diff"), everything, QStringLiteral(MCPSCOPE_DEMO_SERVER)}, env, 90000);
    QVERIFY2(run.exitCode == 1, run.err.constData());
    QVERIFY2(run.out.contains("- tools ") && run.out.contains("BREAKING: removed"), run.out.constData());
}

// Two captures written by --capture: the demo server's tools without and with its fixtures.
void tst_Cli::diffCaptures()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString before = dir.filePath(QStringLiteral("before.jsonl"));
    const QString after = dir.filePath(QStringLiteral("after.jsonl"));
    Run run = cli(demo({QStringLiteral("--capture"), before}));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = cli(demo({QStringLiteral("--conformance"), QStringLiteral("--capture"), after}));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    run = runBinary({QStringLiteral("diff"), before, after}, env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("+ tools test_simple_text"), run.out.constData());
    QVERIFY(!run.out.contains("- tools"));
    run = runBinary({QStringLiteral("diff"), after, before}, env);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.contains("- tools test_simple_text  BREAKING: removed"));
    // A capture without a listing says so.
    const QString empty = dir.filePath(QStringLiteral("ping.jsonl"));
    QFile file(empty);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{}\n");
    file.close();
    run = runBinary({QStringLiteral("diff"), empty, before}, env);
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains("holds no answered"));
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
