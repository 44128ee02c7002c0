// Mcp::Client over the HTTP transports against real peers: @modelcontextprotocol/server-everything
// in streamableHttp and sse modes (bound to 127.0.0.1 through loopback.mjs), and small local
// servers that misbehave on purpose (expired sessions, silence).

#include "../httpclient/testhttpserver.h"
#include "session/client.h"
#include "transport/httpautotransport.h"
#include "transport/httptransportoptions.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include "everythingpeer.h"

using namespace Mcp;

namespace {

const QString peers = QStringLiteral(MCPSCOPE_PEERS_DIR);

// server-everything in one mode, on a free loopback port.
class Everything
{
public:
    explicit Everything(const QString &mode)
    {
        const QString node = peers + QStringLiteral("/.bin/node");
        const QString entry = peers + QStringLiteral("/@modelcontextprotocol/server-everything/dist/index.js");
        if (!QFileInfo::exists(node) || !QFileInfo::exists(entry))
            return;
        m_port = Mcp::Test::startHttpEverything(m_process, node, entry, mode);
    }
    ~Everything()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(3000))
            m_process.kill();
    }
    bool isRunning() const { return m_port > 0; }
    QUrl url(const QString &path) const { return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path)); }

private:
    QProcess m_process;
    int m_port = 0;
};

struct HttpClientSession
{
    std::unique_ptr<Client> client;
    Transport *transport = nullptr;
    QList<TrafficEvent> traffic;

    HttpClientSession(const QUrl &url, HttpTransportKind kind, const HttpTransportOptions &options = {})
    {
        transport = createHttpTransport(url, kind, options);
        client = std::make_unique<Client>(transport);
        QObject::connect(transport, &Transport::trafficEvent, client.get(), [this](const TrafficEvent &e) { traffic.append(e); });
        client->connectToServer();
    }
};

OutgoingRequest *wait(OutgoingRequest *handle, int ms = 15000)
{
    if (!handle->isFinished()) {
        QSignalSpy finished(handle, &OutgoingRequest::finished);
        finished.wait(ms);
    }
    return handle;
}

} // namespace

class tst_HttpInterop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everything_data();
    void everything();
    void sessionExpiresAndReinitializes();
    void silentServerTimesOutAndCancels();
};

void tst_HttpInterop::initTestCase()
{
    qRegisterMetaType<TrafficEvent>();
}

void tst_HttpInterop::everything_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("expectedTransport");
    QTest::newRow("streamableHttp") << QStringLiteral("streamableHttp") << QStringLiteral("/mcp")
                                    << int(HttpTransportKind::StreamableHttp) << QStringLiteral("http");
    QTest::newRow("sse") << QStringLiteral("sse") << QStringLiteral("/sse") << int(HttpTransportKind::LegacySse)
                         << QStringLiteral("sse");
    QTest::newRow("auto on streamableHttp") << QStringLiteral("streamableHttp") << QStringLiteral("/mcp")
                                            << int(HttpTransportKind::Auto) << QStringLiteral("http");
    QTest::newRow("auto on sse") << QStringLiteral("sse") << QStringLiteral("/sse") << int(HttpTransportKind::Auto)
                                 << QStringLiteral("sse");
}

void tst_HttpInterop::everything()
{
    QFETCH(QString, mode);
    QFETCH(QString, path);
    QFETCH(int, kind);
    QFETCH(QString, expectedTransport);
    Everything server(mode);
    if (!server.isRunning())
        QSKIP("server-everything is not installed (scripts/setup.sh --test-peers)");

    HttpClientSession s(server.url(path), HttpTransportKind(kind));
    QTRY_VERIFY_WITH_TIMEOUT(s.client->isReady(), 20000);
    QCOMPARE(s.transport->transportName(), expectedTransport);
    if (HttpTransportKind(kind) == HttpTransportKind::StreamableHttp)
        QVERIFY(!s.transport->sessionId().isEmpty());

    // Tools: list and call.
    OutgoingRequest *tools = wait(s.client->listTools());
    QVERIFY2(!tools->isError(), qPrintable(tools->error().message));
    const QJsonArray list = tools->result().toObject().value(QLatin1String("tools")).toArray();
    QVERIFY(std::any_of(list.begin(), list.end(), [](const QJsonValue &t) {
        return t.toObject().value(QLatin1String("name")).toString() == QLatin1String("echo");
    }));
    OutgoingRequest *echo = wait(s.client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("héllo")}}));
    QVERIFY2(!echo->isError(), qPrintable(echo->error().message));
    QVERIFY(QJsonDocument(echo->result().toObject()).toJson().contains("h\xC3\xA9llo"));

    // Resources: list and read the first.
    OutgoingRequest *resources = wait(s.client->listResources());
    QVERIFY2(!resources->isError(), qPrintable(resources->error().message));
    const QString uri = resources->result().toObject().value(QLatin1String("resources")).toArray().first()
                            .toObject().value(QLatin1String("uri")).toString();
    QVERIFY(!uri.isEmpty());
    OutgoingRequest *read = wait(s.client->readResource(uri));
    QVERIFY2(!read->isError(), qPrintable(read->error().message));
    QCOMPARE(read->result().toObject().value(QLatin1String("contents")).toArray().first().toObject()
                 .value(QLatin1String("uri")).toString(), uri);

    // Prompts.
    OutgoingRequest *prompt = wait(s.client->getPrompt(QStringLiteral("simple-prompt")));
    QVERIFY2(!prompt->isError(), qPrintable(prompt->error().message));
    QVERIFY(!prompt->result().toObject().value(QLatin1String("messages")).toArray().isEmpty());

    // Progress notifications on the request's stream.
    OutgoingRequest *longOp = s.client->callTool(QStringLiteral("trigger-long-running-operation"),
                                               {{QStringLiteral("duration"), 0.3}, {QStringLiteral("steps"), 3}});
    QSignalSpy progress(longOp, &OutgoingRequest::progress);
    wait(longOp);
    QVERIFY2(!longOp->isError(), qPrintable(longOp->error().message));
    QCOMPARE(progress.size(), 3);

    // Logging notifications (sent at once when simulated logging starts; not tied to a request).
    QSignalSpy logs(s.client.get(), &Client::logMessage);
    wait(s.client->setLogLevel(QStringLiteral("debug")));
    OutgoingRequest *toggle = wait(s.client->callTool(QStringLiteral("toggle-simulated-logging"), {}));
    QVERIFY2(!toggle->isError(), qPrintable(toggle->error().message));
    QTRY_VERIFY_WITH_TIMEOUT(!logs.isEmpty(), 10000);
    wait(s.client->callTool(QStringLiteral("toggle-simulated-logging"), {}));

    // Every exchange is in the traffic with its metadata.
    QVERIFY(std::all_of(s.traffic.begin(), s.traffic.end(), [](const TrafficEvent &e) {
        return e.kind == TrafficEvent::Kind::Note || e.kind == TrafficEvent::Kind::TransportError || e.exchangeId > 0;
    }));
    QVERIFY(std::any_of(s.traffic.begin(), s.traffic.end(),
                        [](const TrafficEvent &e) { return e.httpMethod == "POST" && !e.headers.isEmpty(); }));

    // Session termination.
    QSignalSpy disconnected(s.client.get(), &Client::disconnected);
    s.client->disconnectFromServer();
    QVERIFY(disconnected.wait(10000));
    if (expectedTransport == QLatin1String("http")) {
        const auto del = std::find_if(s.traffic.begin(), s.traffic.end(), [](const TrafficEvent &e) { return e.httpMethod == "DELETE"; });
        QVERIFY(del != s.traffic.end());
        QVERIFY(std::any_of(s.traffic.begin(), s.traffic.end(), [&](const TrafficEvent &e) {
            return e.exchangeId == del->exchangeId && e.direction == TrafficEvent::Direction::Incoming && e.httpStatus == 200;
        }));
    }
}

void tst_HttpInterop::sessionExpiresAndReinitializes()
{
    // The server forgets session 1 after initialize; the client must start session 2 by itself.
    TestHttpServer http;
    int generation = 0;
    http.setHandler([&generation](QTcpSocket *socket, const TestHttpRequest &request) {
        if (request.method != "POST") {
            TestHttpServer::respond(socket, 405);
            return;
        }
        if (request.rpcMethod() == QLatin1String("initialize")) {
            ++generation;
            const QJsonObject result{{QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")},
                                     {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject()}}},
                                     {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("forgetful")},
                                                                                {QStringLiteral("version"), QStringLiteral("1")}}}};
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), result),
                                        {{"Mcp-Session-Id", "s" + QByteArray::number(generation)}});
            return;
        }
        if (request.header("mcp-session-id") == "s1") {
            TestHttpServer::respond(socket, 404, "application/json", R"({"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null})");
            return;
        }
        if (request.rpcId().isUndefined())
            TestHttpServer::respond(socket, 202);
        else
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {{QStringLiteral("tools"), QJsonArray()}}));
    });
    HttpTransportOptions options;
    options.openGetStream = false;
    HttpClientSession s(http.url(), HttpTransportKind::StreamableHttp, options);
    QSignalSpy reinitialized(s.client.get(), &Client::sessionReinitialized);
    QTRY_VERIFY_WITH_TIMEOUT(reinitialized.size() == 1 || s.client->isReady(), 10000);
    // notifications/initialized already hit the 404: the session re-initializes.
    QTRY_COMPARE_WITH_TIMEOUT(reinitialized.size(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(s.client->isReady(), 10000);
    QCOMPARE(s.transport->sessionId(), QStringLiteral("s2"));
    OutgoingRequest *tools = wait(s.client->listTools());
    QVERIFY2(!tools->isError(), qPrintable(tools->error().message));
    QCOMPARE(http.requests.last().header("mcp-session-id"), QByteArray("s2"));
    QVERIFY(std::any_of(s.traffic.begin(), s.traffic.end(), [](const TrafficEvent &e) {
        return e.kind == TrafficEvent::Kind::Note && e.note.contains(QLatin1String("404"));
    }));
}

void tst_HttpInterop::silentServerTimesOutAndCancels()
{
    // tools/call is never answered: the session's timeout fires and notifications/cancelled is POSTed.
    TestHttpServer http;
    http.setHandler([](QTcpSocket *socket, const TestHttpRequest &request) {
        if (request.method != "POST") {
            TestHttpServer::respond(socket, 405);
        } else if (request.rpcMethod() == QLatin1String("initialize")) {
            const QJsonObject result{{QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")},
                                     {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject()}}},
                                     {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("silent")},
                                                                                {QStringLiteral("version"), QStringLiteral("1")}}}};
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), result), {{"Mcp-Session-Id", "q"}});
        } else if (request.rpcId().isUndefined()) {
            TestHttpServer::respond(socket, 202);
        }
        // tools/call: silence.
    });
    HttpClientSession s(http.url(), HttpTransportKind::StreamableHttp);
    QTRY_VERIFY_WITH_TIMEOUT(s.client->isReady(), 10000);
    RequestOptions options;
    options.timeoutMs = 400;
    OutgoingRequest *call = wait(s.client->callTool(QStringLiteral("slow"), {}, options), 5000);
    QVERIFY(call->isFinished());
    QVERIFY(call->isError());
    QCOMPARE(call->error().code, int(SessionErrorCode::Timeout));
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(http.requests.begin(), http.requests.end(), [](const TestHttpRequest &r) {
        return r.rpcMethod() == QLatin1String("notifications/cancelled")
            && r.json().value(QLatin1String("params")).toObject().value(QLatin1String("requestId")).toInt() > 0;
    }), 5000);
}

QTEST_GUILESS_MAIN(tst_HttpInterop)
#include "tst_httpinterop.moc"
