// MCP over WebSocket: WebSocketTransport against the demo server (--ws) in both protocol eras and
// against an MCP server this project did not write (the TypeScript SDK's McpServer on the npm
// `ws` package, tests/peers/ws-peer.mjs), the SDK's own WebSocket client against the demo server,
// wss:// with a certificate from a CA the test makes with openssl, close codes, binary frames,
// keepalive, the CLI, `mcpscope record` in front of a WebSocket server, and the capture's HAR.
#include "session/client.h"
#include "traffic/capturemessages.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "transport/networksettings.h"
#include "transport/websockettransport.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include "processes.h"
#include "recordtesting.h"
#include "toolresults.h"

using namespace Mcp;

class tst_WebSocket : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void demoServerBothEras_data();
    void demoServerBothEras();
    void cliBothEras();
    void sdkServer();
    void sdkClientAgainstDemoServer();
    void closeCodeAndReason();
    void binaryFrameIsInvalid();
    void messageTooLarge();
    void keepAlive();
    void wssWithTestCa();
    void cliWss();
    void handshakeRefused();
    void throughProxy();
    void recordAndHarRoundTrip();
    void recordWssTarget();

private:
    // Starts a peer that prints "listening on ws(s)://…" on stderr; the URL, empty on failure.
    QUrl startPeer(QProcess *process, const QString &program, const QStringList &arguments);
    QUrl startDemo(QProcess *process, const QString &era);
    QUrl startSdkServer(QProcess *process, const QStringList &extra = {});
    // The SDK server over wss://, its certificate from a CA made in the folder name of the
    // test's folder (*caFile: the CA's PEM); an invalid URL when either failed.
    QUrl startWssServer(QProcess *process, const QString &name, QString *caFile);
    // Opens a transport that must be refused: the error it ends with.
    static TransportError refusal(const QUrl &url, const HttpTransportOptions &options);
    // Connects client (its transport a WebSocketTransport) and waits for it to be ready.
    static bool connectClient(Client &client, const QString &era = QStringLiteral("auto"));
    // Calls a tool and returns its result (an invalid object on error or timeout).
    static QJsonObject callTool(Client &client, const QString &name, const QJsonObject &arguments, QString *error = nullptr);
    // A transport to url whose every traffic event is appended to *traffic.
    WebSocketTransport *recordedTransport(const QUrl &url, QList<TrafficEvent> *traffic,
                                          const HttpTransportOptions &options = HttpTransportOptions());

    QTemporaryDir m_dir;
    QString m_node; // the Node 22 of tests/peers (its WebSocket client is built in)
    QString m_peer;
};

static void stop(QProcess *process)
{
    if (process->state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(process->processId()), SIGCONT);
    ::kill(pid_t(process->processId()), SIGTERM);
    if (!process->waitForFinished(5000)) {
        process->kill();
        process->waitForFinished(3000);
    }
}

void tst_WebSocket::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_node = QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node");
    QVERIFY2(QFile::exists(m_node), "Node 22 of tests/peers is missing: run scripts/setup.sh --test-peers");
    QVERIFY2(QFile::exists(QStringLiteral(MCPSCOPE_PEERS_DIR "/ws/package.json")), "ws is missing: run scripts/setup.sh --test-peers");
    m_peer = QStringLiteral(MCPSCOPE_PEERS_DIR "/../ws-peer.mjs");
}

QUrl tst_WebSocket::startPeer(QProcess *process, const QString &program, const QStringList &arguments)
{
    process->start(program, arguments);
    if (!process->waitForStarted(10000))
        return {};
    const QRegularExpression listening(QStringLiteral("listening on (wss?://\\S+)"));
    QByteArray err;
    QRegularExpressionMatch match;
    if (!QTest::qWaitFor([&] { return (match = listening.match(QString::fromUtf8(err += process->readAllStandardError()))).hasMatch(); },
                         20000))
        return {};
    return QUrl(match.captured(1));
}

QUrl tst_WebSocket::startDemo(QProcess *process, const QString &era)
{
    return startPeer(process, QStringLiteral(MCPSCOPE_DEMO_SERVER),
                     {QStringLiteral("--ws"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--era"), era});
}

QUrl tst_WebSocket::startSdkServer(QProcess *process, const QStringList &extra)
{
    return startPeer(process, m_node, QStringList{m_peer, QStringLiteral("server")} + extra);
}

bool tst_WebSocket::connectClient(Client &client, const QString &era)
{
    const auto choice = Modern::EraChoice::fromString(era, Client::supportedModernVersions(), Client::supportedProtocolVersions());
    if (!choice)
        return false;
    client.setEraChoice(*choice);
    client.setProbeTimeout(5000);
    QSignalSpy ready(&client, &Client::ready);
    client.connectToServer();
    if (!QTest::qWaitFor([&] { return !ready.isEmpty() || client.state() == Client::State::Failed; }, 30000))
        qWarning("the client neither became ready nor failed within 30 s");
    if (client.state() != Client::State::Ready)
        qWarning("not ready: %s", qPrintable(client.errorString()));
    return client.state() == Client::State::Ready;
}

QJsonObject tst_WebSocket::callTool(Client &client, const QString &name, const QJsonObject &arguments, QString *error)
{
    OutgoingRequest *call = client.callTool(name, arguments);
    QObject context;
    bool answered = false;
    QJsonObject result;
    QObject::connect(call, &OutgoingRequest::finished, &context, [call, &answered, &result, error] {
        if (call->isError() && error)
            *error = call->error().message;
        else
            result = call->result().toObject();
        answered = true;
    });
    if (!QTest::qWaitFor([&] { return answered; }, 15000) && error)
        *error = QStringLiteral("no answer to %1 within 15 s").arg(name);
    return result;
}

WebSocketTransport *tst_WebSocket::recordedTransport(const QUrl &url, QList<TrafficEvent> *traffic, const HttpTransportOptions &options)
{
    auto *transport = new WebSocketTransport(url, options);
    connect(transport, &Transport::trafficEvent, this, [traffic](const TrafficEvent &event) { traffic->append(event); });
    return transport;
}

void tst_WebSocket::demoServerBothEras_data()
{
    QTest::addColumn<QString>("serverEra");
    QTest::addColumn<QString>("choice");
    QTest::addColumn<bool>("modern");
    QTest::newRow("modern server, auto") << "modern" << "auto" << true;
    QTest::newRow("dual server, auto") << "dual" << "auto" << true;
    QTest::newRow("dual server, legacy") << "dual" << "legacy" << false;
    QTest::newRow("legacy server, auto") << "legacy" << "auto" << false;
}

void tst_WebSocket::demoServerBothEras()
{
    QFETCH(QString, serverEra);
    QFETCH(QString, choice);
    QFETCH(bool, modern);
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startDemo(&server, serverEra);
    QVERIFY2(url.scheme() == QLatin1String("ws"), "the demo server did not say its ws:// URL");

    QList<TrafficEvent> traffic;
    auto *transport = recordedTransport(url, &traffic);
    Client client(transport);
    QVERIFY(connectClient(client, choice));
    QCOMPARE(client.isModern(), modern);
    QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("over ws")}})),
             QStringLiteral("over ws"));

    // The handshake asked for the subprotocol, which the server named; every frame is logged
    // with the handshake's exchange, both ways.
    const auto handshake = std::find_if(traffic.cbegin(), traffic.cend(), [](const TrafficEvent &e) { return e.kind == TrafficEvent::Kind::HttpRequest; });
    QVERIFY(handshake != traffic.cend());
    QCOMPARE(handshake->httpMethod, QByteArray("GET"));
    const auto upgraded = std::find_if(traffic.cbegin(), traffic.cend(), [](const TrafficEvent &e) { return e.kind == TrafficEvent::Kind::HttpResponse; });
    QVERIFY(upgraded != traffic.cend());
    QCOMPARE(upgraded->httpStatus, 101);
    QVERIFY2(upgraded->headers.contains(qMakePair(QByteArray("Sec-WebSocket-Protocol"), QByteArray("mcp"))), qPrintable(upgraded->note));
    int sent = 0;
    int received = 0;
    for (const TrafficEvent &e : std::as_const(traffic)) {
        if (e.kind != TrafficEvent::Kind::Message)
            continue;
        QCOMPARE(e.exchangeId, handshake->exchangeId);
        (e.direction == TrafficEvent::Direction::Outgoing ? sent : received)++;
    }
    QVERIFY(sent >= 2);
    QVERIFY(received >= 2);
    // The window's HAR export of this connection: one entry, the upgrade, with every frame on it.
    const QJsonArray entries = TrafficCapture::har(traffic, {}, TrafficCapture::ExportOptions())
                                   .value(QStringLiteral("log")).toObject().value(QStringLiteral("entries")).toArray();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().toObject().value(QStringLiteral("_webSocketMessages")).toArray().size(), sent + received);

    QSignalSpy closed(transport, &Transport::closed);
    client.disconnectFromServer();
    QVERIFY(closed.count() == 1 || closed.wait(5000));
    QVERIFY2(closed.first().first().toString().contains(QLatin1String("1000")), qPrintable(closed.first().first().toString()));
}

void tst_WebSocket::cliBothEras()
{
    for (const QString era : {QStringLiteral("modern"), QStringLiteral("legacy")}) {
        QProcess server;
        const auto stopServer = qScopeGuard([&server] { stop(&server); });
        const QUrl url = startDemo(&server, era);
        QVERIFY(url.isValid());
        const Test::ProcessRun call = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI),
            {QStringLiteral("--cli"), url.toString(), QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
             QStringLiteral("echo"), QStringLiteral("--tool-arg"), QStringLiteral("message=hi over ws")}, 60000);
        QVERIFY2(call.exitCode == 0, call.err.constData());
        QCOMPARE(Test::firstText(call.json()), QStringLiteral("hi over ws"));
        const Test::ProcessRun list = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI),
            {QStringLiteral("--cli"), url.toString(), QStringLiteral("--method"), QStringLiteral("tools/list")}, 60000);
        QVERIFY2(list.exitCode == 0, list.err.constData());
        QVERIFY(list.json().value(QStringLiteral("tools")).toArray().size() > 5);
        // A legacy server refuses a modern-only client: the same cell of the matrix as over stdio.
        const Test::ProcessRun pinned = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI),
            {QStringLiteral("--cli"), QStringLiteral("--protocol"), QStringLiteral("modern"), url.toString(), QStringLiteral("--method"),
             QStringLiteral("tools/list")}, 60000);
        QCOMPARE(pinned.exitCode, era == QLatin1String("modern") ? 0 : 3);
    }
    // The scheme chooses WebSocket: an HTTP flavour asked for with it is refused at once.
    const Test::ProcessRun contradiction = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI),
        {QStringLiteral("--cli"), QStringLiteral("--transport"), QStringLiteral("http"), QStringLiteral("ws://127.0.0.1:1/mcp"),
         QStringLiteral("--method"), QStringLiteral("tools/list")}, 30000);
    QCOMPARE(contradiction.exitCode, 2);
    QVERIFY2(contradiction.err.contains("ws://"), contradiction.err.constData());
}

void tst_WebSocket::sdkServer()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startSdkServer(&server);
    QVERIFY2(url.isValid(), "ws-peer.mjs did not start");

    HttpTransportOptions options;
    options.headers = {{"X-Team", "inspector"}};
    options.bearerToken = QStringLiteral("token-for-the-handshake");
    Client client(new WebSocketTransport(url, options));
    QVERIFY(connectClient(client));
    QVERIFY(!client.isModern()); // the SDK v1 server speaks the legacy era
    QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("to the SDK")}})),
             QStringLiteral("to the SDK"));
    // The configured headers and the token rode on the handshake, which asked for mcp.
    const QJsonObject handshake = QJsonDocument::fromJson(Test::firstText(callTool(client, QStringLiteral("handshake"), {})).toUtf8()).object();
    QCOMPARE(handshake.value(QStringLiteral("protocol")).toString(), QStringLiteral("mcp"));
    const QJsonObject headers = handshake.value(QStringLiteral("headers")).toObject();
    QCOMPARE(headers.value(QStringLiteral("authorization")).toString(), QStringLiteral("Bearer token-for-the-handshake"));
    QCOMPARE(headers.value(QStringLiteral("x-team")).toString(), QStringLiteral("inspector"));
    QCOMPARE(headers.value(QStringLiteral("sec-websocket-protocol")).toString(), QStringLiteral("mcp"));
}

void tst_WebSocket::sdkClientAgainstDemoServer()
{
    // The other direction: the SDK's WebSocketClientTransport (Node's WebSocket, which refuses a
    // server that does not answer with the subprotocol it asked for) against the demo server.
    for (const QString era : {QStringLiteral("legacy"), QStringLiteral("dual")}) {
        QProcess server;
        const auto stopServer = qScopeGuard([&server] { stop(&server); });
        const QUrl url = startDemo(&server, era);
        QVERIFY(url.isValid());
        const Test::ProcessRun run = Test::runToEnd(m_node, {m_peer, QStringLiteral("client"), url.toString()}, 30000);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.json().value(QStringLiteral("tools")).toArray().contains(QStringLiteral("echo")));
        QCOMPARE(run.json().value(QStringLiteral("echo")).toString(), QStringLiteral("from the SDK"));
    }
}

void tst_WebSocket::closeCodeAndReason()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startSdkServer(&server);
    QVERIFY(url.isValid());
    QList<TrafficEvent> traffic;
    auto *transport = recordedTransport(url, &traffic);
    QSignalSpy errors(transport, &Transport::errorOccurred);
    QSignalSpy closed(transport, &Transport::closed);
    Client client(transport);
    QVERIFY(connectClient(client));
    client.callTool(QStringLiteral("close_with"), {{QStringLiteral("code"), 4001}, {QStringLiteral("reason"), QStringLiteral("bye from the peer")}});
    QVERIFY(closed.wait(10000));
    QVERIFY(!errors.isEmpty());
    const auto error = errors.first().first().value<TransportError>();
    QCOMPARE(error.kind, TransportError::Kind::Network);
    QVERIFY2(error.message.contains(QLatin1String("4001")) && error.message.contains(QLatin1String("bye from the peer")), qPrintable(error.message));
    QVERIFY(closed.first().first().toString().contains(QLatin1String("bye from the peer")));
    QVERIFY(std::any_of(traffic.cbegin(), traffic.cend(), [](const TrafficEvent &e) {
        return e.kind == TrafficEvent::Kind::TransportError && e.note.contains(QLatin1String("4001"));
    }));
    QCOMPARE(WebSocketTransport::describeCloseCode(1011), QStringLiteral("1011 Internal Error"));
}

void tst_WebSocket::binaryFrameIsInvalid()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startSdkServer(&server);
    QVERIFY(url.isValid());
    QList<TrafficEvent> traffic;
    auto *transport = recordedTransport(url, &traffic);
    Client client(transport);
    QVERIFY(connectClient(client));
    QCOMPARE(Test::firstText(callTool(client, QStringLiteral("binary_frame"), {})), QStringLiteral("sent a binary frame"));
    const auto binary = std::find_if(traffic.cbegin(), traffic.cend(), [](const TrafficEvent &e) {
        return e.kind == TrafficEvent::Kind::InvalidMessage && e.direction == TrafficEvent::Direction::Incoming;
    });
    QVERIFY(binary != traffic.cend());
    QCOMPARE(binary->raw, QByteArray("\x00\xff\x10\x7b", 4));
    QVERIFY2(binary->note.contains(QLatin1String("binary")), qPrintable(binary->note));
    // Not fatal: the connection goes on.
    QVERIFY(transport->isOpen());
    QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("still here")}})),
             QStringLiteral("still here"));
}

void tst_WebSocket::messageTooLarge()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startDemo(&server, QStringLiteral("legacy"));
    QVERIFY(url.isValid());
    HttpTransportOptions options;
    options.maxMessageSize = 4096; // initialize's answer fits, the tool list does not
    auto *transport = new WebSocketTransport(url, options);
    QSignalSpy errors(transport, &Transport::errorOccurred);
    QSignalSpy closed(transport, &Transport::closed);
    Client client(transport);
    QVERIFY(connectClient(client));
    client.sendRequest(QStringLiteral("tools/list"));
    QVERIFY(closed.wait(10000));
    QVERIFY(!errors.isEmpty());
    const auto error = errors.first().first().value<TransportError>();
    QCOMPARE(error.kind, TransportError::Kind::MessageTooLarge);
    QVERIFY2(error.message.contains(QLatin1String("1009")) && error.message.contains(QLatin1String("4096")), qPrintable(error.message));
}

void tst_WebSocket::keepAlive()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startDemo(&server, QStringLiteral("dual"));
    QVERIFY(url.isValid());
    QList<TrafficEvent> traffic;
    auto *transport = recordedTransport(url, &traffic);
    transport->setKeepAliveInterval(300);
    QSignalSpy errors(transport, &Transport::errorOccurred);
    QSignalSpy closed(transport, &Transport::closed);
    Client client(transport);
    QVERIFY(connectClient(client));
    QTRY_VERIFY_WITH_TIMEOUT(transport->lastPongRoundTripMs() >= 0, 5000);
    QVERIFY(std::any_of(traffic.cbegin(), traffic.cend(), [](const TrafficEvent &e) { return e.note.contains(QLatin1String("pong after")); }));
    QVERIFY(errors.isEmpty());

    // A server that stops answering (stopped, its socket still open) is a lost connection.
    ::kill(pid_t(server.processId()), SIGSTOP);
    QVERIFY(closed.wait(5000));
    QVERIFY(!errors.isEmpty());
    const auto error = errors.last().first().value<TransportError>();
    QCOMPARE(error.kind, TransportError::Kind::Network);
    QVERIFY2(error.message.contains(QLatin1String("ping")), qPrintable(error.message));
}

// A CA and a certificate for 127.0.0.1 it signed, made with openssl in dir.
static bool makeTestCa(const QString &dir)
{
    const auto run = [&dir](const QStringList &arguments) {
        QProcess openssl;
        openssl.setWorkingDirectory(dir);
        openssl.start(QStringLiteral("openssl"), arguments);
        return openssl.waitForFinished(30000) && openssl.exitStatus() == QProcess::NormalExit && openssl.exitCode() == 0;
    };
    QFile extensions(dir + QStringLiteral("/server.ext"));
    if (!extensions.open(QIODevice::WriteOnly))
        return false;
    extensions.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n"
                     "keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n");
    extensions.close();
    return run({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"), QStringLiteral("ca.pem"), QStringLiteral("-days"),
                QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=MCP Scope WebSocket test CA")})
        && run({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"),
                QStringLiteral("server.key"), QStringLiteral("-out"), QStringLiteral("server.csr"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1")})
        && run({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), QStringLiteral("server.csr"), QStringLiteral("-CA"),
                QStringLiteral("ca.pem"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"),
                QStringLiteral("-out"), QStringLiteral("server.pem"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"),
                QStringLiteral("server.ext")});
}

QUrl tst_WebSocket::startWssServer(QProcess *process, const QString &name, QString *caFile)
{
    const QString dir = m_dir.filePath(name);
    if (!QDir().mkpath(dir) || !makeTestCa(dir))
        return {};
    *caFile = dir + QStringLiteral("/ca.pem");
    return startSdkServer(process, {QStringLiteral("--tls"), dir + QStringLiteral("/server.pem"), dir + QStringLiteral("/server.key")});
}

TransportError tst_WebSocket::refusal(const QUrl &url, const HttpTransportOptions &options)
{
    auto *transport = new WebSocketTransport(url, options);
    QSignalSpy errors(transport, &Transport::errorOccurred);
    QSignalSpy closed(transport, &Transport::closed);
    Client client(transport);
    client.connectToServer();
    if (!closed.wait(15000) || errors.isEmpty())
        return TransportError::of(TransportError::Kind::Protocol, QStringLiteral("not refused"));
    return errors.first().first().value<TransportError>();
}

void tst_WebSocket::wssWithTestCa()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    QString caFile;
    const QUrl url = startWssServer(&server, QStringLiteral("ca"), &caFile);
    QVERIFY2(url.scheme() == QLatin1String("wss"), "the test CA or the wss:// server could not be made");

    // Without the CA: refused, with what was presented and why.
    {
        const TransportError error = refusal(url, HttpTransportOptions());
        QCOMPARE(error.kind, TransportError::Kind::Tls);
        QVERIFY(error.tlsFailure);
        QVERIFY(!error.tlsFailure->chain.isEmpty());
        QVERIFY(!error.tlsFailure->errors.isEmpty());
        QCOMPARE(error.tlsFailure->host, QStringLiteral("127.0.0.1"));
        QCOMPARE(error.tlsFailure->presentedSha256, NetworkTrust::sha256Of(error.tlsFailure->chain.first()));
    }
    // With the CA file in the server's settings: trusted.
    HttpTransportOptions options;
    options.network.tls.caFiles = {caFile};
    {
        Client client(new WebSocketTransport(url, options));
        QVERIFY(connectClient(client));
        QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("over wss")}})),
                 QStringLiteral("over wss"));
    }
    // A pin that the certificate does not match is refused even though the CA vouches for it.
    options.network.tls.pinnedSha256 = {QByteArray(64, 'a')};
    {
        const TransportError error = refusal(url, options);
        QCOMPARE(error.kind, TransportError::Kind::Tls);
        QVERIFY(error.tlsFailure && error.tlsFailure->isPinMismatch());
    }
}

void tst_WebSocket::cliWss()
{
    // The command line's trust flags apply to wss:// as to https://.
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    QString caFile;
    const QUrl url = startWssServer(&server, QStringLiteral("cli-ca"), &caFile);
    QVERIFY2(url.scheme() == QLatin1String("wss"), "the test CA or the wss:// server could not be made");
    const QStringList call{QStringLiteral("--cli"), url.toString(), QStringLiteral("--method"), QStringLiteral("tools/call"),
                           QStringLiteral("--tool-name"), QStringLiteral("echo"), QStringLiteral("--tool-arg"), QStringLiteral("message=cli over wss")};
    const Test::ProcessRun refused = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI), call, 60000);
    QCOMPARE(refused.exitCode, 3);
    QVERIFY2(refused.err.contains("SHA-256"), refused.err.constData()); // the fingerprint to pin is said
    const Test::ProcessRun trusted = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI),
                                                    call + QStringList{QStringLiteral("--ca-file"), caFile}, 60000);
    QVERIFY2(trusted.exitCode == 0, trusted.err.constData());
    QCOMPARE(Test::firstText(trusted.json()), QStringLiteral("cli over wss"));
}

void tst_WebSocket::handshakeRefused()
{
    // An HTTP server that is no WebSocket endpoint: the demo server's Streamable HTTP.
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    server.start(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(server.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += server.readAllStandardError()).contains("listening on "), 10000);
    QUrl url(QRegularExpression(QStringLiteral("listening on (\\S+)")).match(QString::fromUtf8(err)).captured(1));
    url.setScheme(QStringLiteral("ws"));
    auto transport = std::make_unique<WebSocketTransport>(url, HttpTransportOptions());
    QSignalSpy errors(transport.get(), &Transport::errorOccurred);
    QSignalSpy closed(transport.get(), &Transport::closed);
    transport->open();
    QVERIFY(closed.wait(10000));
    QCOMPARE(errors.size(), 1);
    const auto error = errors.first().first().value<TransportError>();
    QVERIFY2(error.kind == TransportError::Kind::Http && error.httpStatus >= 400, qPrintable(error.message));
    QCOMPARE(transport->state(), Transport::State::Closed);
}

namespace {

// A forward proxy for the test: answers CONNECT host:port with 200 and then tunnels the bytes
// both ways, noting each CONNECT it was asked for.
class ConnectProxy : public QObject
{
public:
    ConnectProxy() { QObject::connect(&m_server, &QTcpServer::newConnection, this, &ConnectProxy::accept); }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    quint16 port() const { return m_server.serverPort(); }
    QList<QByteArray> connects;

private:
    void accept()
    {
        while (QTcpSocket *client = m_server.nextPendingConnection()) {
            client->setParent(this);
            auto *head = new QByteArray;
            QObject::connect(client, &QObject::destroyed, this, [head] { delete head; });
            QObject::connect(client, &QTcpSocket::readyRead, this, [this, client, head] {
                if (client->property("tunnel").value<QObject *>())
                    return;
                *head += client->readAll();
                const qsizetype end = head->indexOf("\r\n\r\n");
                if (end < 0)
                    return;
                const QList<QByteArray> words = head->left(head->indexOf("\r\n")).split(' ');
                if (words.size() < 2 || words.first() != "CONNECT") {
                    client->write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n");
                    client->disconnectFromHost();
                    return;
                }
                connects.append(words.at(1));
                const QList<QByteArray> hostPort = words.at(1).split(':');
                auto *upstream = new QTcpSocket(client);
                client->setProperty("tunnel", QVariant::fromValue<QObject *>(upstream));
                const QByteArray early = head->mid(end + 4);
                QObject::connect(upstream, &QTcpSocket::connected, client, [client, upstream, early] {
                    client->write("HTTP/1.1 200 Connection established\r\n\r\n");
                    if (!early.isEmpty())
                        upstream->write(early);
                    QObject::connect(client, &QTcpSocket::readyRead, upstream, [client, upstream] { upstream->write(client->readAll()); });
                    if (client->bytesAvailable())
                        upstream->write(client->readAll());
                });
                QObject::connect(upstream, &QTcpSocket::readyRead, client, [client, upstream] { client->write(upstream->readAll()); });
                QObject::connect(upstream, &QTcpSocket::disconnected, client, &QTcpSocket::disconnectFromHost);
                QObject::connect(client, &QTcpSocket::disconnected, upstream, &QTcpSocket::disconnectFromHost);
                upstream->connectToHost(QString::fromLatin1(hostPort.value(0)), quint16(hostPort.value(1).toUInt()));
            });
        }
    }

    QTcpServer m_server;
};

} // namespace

void tst_WebSocket::throughProxy()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl url = startDemo(&server, QStringLiteral("dual"));
    QVERIFY(url.isValid());
    ConnectProxy proxy;
    QVERIFY(proxy.listen());
    const QByteArray proxyUrl = "http://127.0.0.1:" + QByteArray::number(proxy.port());

    // The server's own proxy setting: the handshake and every frame go through the tunnel.
    HttpTransportOptions options;
    options.network.proxy.mode = ProxySettings::Mode::Manual;
    options.network.proxy.url = QUrl(QString::fromLatin1(proxyUrl));
    {
        auto *transport = new WebSocketTransport(url, options);
        QString opening;
        connect(transport, &Transport::trafficEvent, this, [&opening](const TrafficEvent &event) {
            if (event.kind == TrafficEvent::Kind::HttpRequest)
                opening = event.note;
        });
        Client client(transport);
        QVERIFY(connectClient(client));
        QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("tunnelled")}})),
                 QStringLiteral("tunnelled"));
        QCOMPARE(proxy.connects, QList<QByteArray>{"127.0.0.1:" + QByteArray::number(url.port())});
        QVERIFY2(opening.contains(QString::fromLatin1(proxyUrl)), qPrintable(opening)); // the log says which proxy
    }
    // The environment's proxy, and NO_PROXY naming the host: straight to the server.
    const QByteArray savedProxy = qgetenv("http_proxy");
    const QByteArray savedNoProxy = qgetenv("no_proxy");
    const auto restore = qScopeGuard([&] {
        savedProxy.isNull() ? qunsetenv("http_proxy") : qputenv("http_proxy", savedProxy);
        savedNoProxy.isNull() ? qunsetenv("no_proxy") : qputenv("no_proxy", savedNoProxy);
    });
    qputenv("http_proxy", proxyUrl);
    qputenv("no_proxy", "127.0.0.1");
    {
        Client client(new WebSocketTransport(url, HttpTransportOptions()));
        QVERIFY(connectClient(client));
        QCOMPARE(proxy.connects.size(), 1);
    }
    qunsetenv("no_proxy");
    {
        Client client(new WebSocketTransport(url, HttpTransportOptions()));
        QVERIFY(connectClient(client));
        QCOMPARE(proxy.connects.size(), 2);
    }
}

void tst_WebSocket::recordAndHarRoundTrip()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    const QUrl target = startSdkServer(&server);
    QVERIFY(target.isValid());
    const QString capture = m_dir.filePath(QStringLiteral("ws.jsonl"));
    QProcess recorder;
    const auto stopRecorder = qScopeGuard([&recorder] { stop(&recorder); });
    const QUrl proxy = startHttpRecorder(&recorder, target, capture, {QStringLiteral("--no-live")});
    QCOMPARE(proxy.scheme(), QStringLiteral("ws"));
    QVERIFY(proxy.port() != target.port());

    HttpTransportOptions options;
    options.bearerToken = QStringLiteral("not-for-the-capture");
    QList<TrafficEvent> clientTraffic;
    auto *transport = recordedTransport(proxy, &clientTraffic, options);
    {
        Client client(transport);
        QVERIFY(connectClient(client));
        QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("recorded")}})),
                 QStringLiteral("recorded"));
        // The token went through to the server.
        const QJsonObject handshake = QJsonDocument::fromJson(Test::firstText(callTool(client, QStringLiteral("handshake"), {})).toUtf8()).object();
        QCOMPARE(handshake.value(QStringLiteral("headers")).toObject().value(QStringLiteral("authorization")).toString(),
                 QStringLiteral("Bearer not-for-the-capture"));
        QCOMPARE(Test::firstText(callTool(client, QStringLiteral("binary_frame"), {})), QStringLiteral("sent a binary frame"));
        QSignalSpy closed(transport, &Transport::closed);
        client.disconnectFromServer();
        QVERIFY(closed.count() == 1 || closed.wait(5000));
    }
    QTest::qWait(300);
    ::kill(pid_t(recorder.processId()), SIGTERM);
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitCode(), 0);

    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(!text.contains("not-for-the-capture"), "the bearer token is redacted");
    QVERIFY(file.seek(0));
    TrafficLog log;
    const auto read = TrafficCapture::readJsonLines(&file, &log);
    QVERIFY2(read.ok, qPrintable(read.error));

    // Every text frame the client saw is in the capture, byte for byte, in order, each way.
    QList<QByteArray> clientFrames;
    for (const TrafficEvent &e : std::as_const(clientTraffic)) {
        if (e.kind == TrafficEvent::Kind::Message)
            clientFrames.append((e.direction == TrafficEvent::Direction::Outgoing ? "> " : "< ") + e.raw);
    }
    QList<QByteArray> recordedFrames;
    bool sawUpgrade = false;
    bool sawBinary = false;
    for (int row = 0; row < log.rowCount(); ++row) {
        const TrafficEvent e = log.event(row);
        if (e.kind == TrafficEvent::Kind::Message)
            recordedFrames.append((e.direction == TrafficEvent::Direction::Outgoing ? "> " : "< ") + e.raw);
        sawUpgrade = sawUpgrade || (e.kind == TrafficEvent::Kind::HttpResponse && e.httpStatus == 101);
        sawBinary = sawBinary || (e.kind == TrafficEvent::Kind::InvalidMessage && e.raw == QByteArray("\x00\xff\x10\x7b", 4));
    }
    QVERIFY(sawUpgrade);
    QVERIFY(sawBinary);
    // The capture redacts the token the handshake tool echoed; compare what carries none.
    QCOMPARE(recordedFrames.size(), clientFrames.size());
    for (qsizetype i = 0; i < clientFrames.size(); ++i) {
        if (!clientFrames.at(i).contains("not-for-the-capture"))
            QCOMPARE(recordedFrames.at(i), clientFrames.at(i));
    }

    // HAR: the frames on the upgrade's entry as browsers write them, and read back as the capture's messages.
    QBuffer har;
    QVERIFY(har.open(QIODevice::WriteOnly));
    QString error;
    int exchanges = 0;
    QVERIFY2(TrafficCapture::writeHar(&har, log, TrafficCapture::ExportOptions(), &error, &exchanges), qPrintable(error));
    QCOMPARE(exchanges, 1);
    const QJsonObject entry = QJsonDocument::fromJson(har.data()).object().value(QStringLiteral("log")).toObject()
                                  .value(QStringLiteral("entries")).toArray().first().toObject();
    QCOMPARE(entry.value(QStringLiteral("response")).toObject().value(QStringLiteral("status")).toInt(), 101);
    const QJsonArray frames = entry.value(QStringLiteral("_webSocketMessages")).toArray();
    QCOMPARE(frames.size(), recordedFrames.size() + 1); // and the binary frame
    const QJsonObject first = frames.first().toObject();
    QCOMPARE(first.value(QStringLiteral("type")).toString(), QStringLiteral("send"));
    QCOMPARE(first.value(QStringLiteral("opcode")).toInt(), 1);
    QVERIFY(first.value(QStringLiteral("time")).toDouble() > 1.7e9);
    QVERIFY(std::any_of(frames.begin(), frames.end(), [](const QJsonValue &v) {
        return v.toObject().value(QStringLiteral("opcode")).toInt() == 2
            && v.toObject().value(QStringLiteral("data")).toString() == QString::fromLatin1(QByteArray("\x00\xff\x10\x7b", 4).toBase64());
    }));
    const CapturedMessages fromHar = CapturedMessages::fromHar(har.data());
    const CapturedMessages fromCapture = CapturedMessages::fromJsonLines(text);
    QVERIFY(fromHar.error.isEmpty());
    QCOMPARE(fromHar.messages.size(), fromCapture.messages.size());
    for (qsizetype i = 0; i < fromHar.messages.size(); ++i) {
        QCOMPARE(fromHar.messages.at(i).outgoing, fromCapture.messages.at(i).outgoing);
        QCOMPARE(fromHar.messages.at(i).message, fromCapture.messages.at(i).message);
    }
}

void tst_WebSocket::recordWssTarget()
{
    // The recorder reaches a wss:// server it trusts through SSL_CERT_FILE, as other tools do.
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { stop(&server); });
    QString caFile;
    const QUrl target = startWssServer(&server, QStringLiteral("record-ca"), &caFile);
    QVERIFY2(target.scheme() == QLatin1String("wss"), "the test CA or the wss:// server could not be made");
    QProcess recorder;
    const auto stopRecorder = qScopeGuard([&recorder] { stop(&recorder); });
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SSL_CERT_FILE"), caFile);
    const QString capture = m_dir.filePath(QStringLiteral("wss.jsonl"));
    const QUrl proxy = startHttpRecorder(&recorder, target, capture, {QStringLiteral("--no-live")}, env);
    QCOMPARE(proxy.scheme(), QStringLiteral("ws"));
    {
        Client client(new WebSocketTransport(proxy, HttpTransportOptions()));
        QVERIFY(connectClient(client));
        QCOMPARE(Test::firstText(callTool(client, QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("via wss")}})),
                 QStringLiteral("via wss"));
    }
    QTest::qWait(300);
    ::kill(pid_t(recorder.processId()), SIGTERM);
    QVERIFY(recorder.waitForFinished(10000));
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("via wss"));
}

QTEST_GUILESS_MAIN(tst_WebSocket)
#include "tst_websocket.moc"
