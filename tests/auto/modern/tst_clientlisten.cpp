// The Client's subscriptions/listen stream on modern connections, against the demo server (a
// real child process, over stdio and over HTTP): the same signals as the legacy era, resource
// subscriptions through the stream's filter, and a reopen after the server drops the stream.
#include "session/client.h"
#include "transport/httpautotransport.h"
#include "transport/stdiotransport.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include "httppeer.h"

using namespace Mcp;

namespace {

const QString DemoServer = QStringLiteral(MCPSCOPE_DEMO_SERVER);

StdioServerParameters demo(const QString &era)
{
    StdioServerParameters parameters;
    parameters.program = DemoServer;
    parameters.arguments = {QStringLiteral("--era"), era, QStringLiteral("--conformance")};
    return parameters;
}

QUrl startHttp(QProcess &process, int port = 0)
{
    return Test::startHttpPeer(process, DemoServer, {QStringLiteral("--http"), QStringLiteral("--port"), QString::number(port),
                                                     QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")});
}

// Connects client and waits for it to be ready (15 s) on a modern connection whose listen stream
// opens (10 s more): false, and why, when it did not.
bool connectListening(Client &client)
{
    client.connectToServer();
    if (!QTest::qWaitFor([&client] { return client.state() == Client::State::Ready; }, 15000)) {
        qWarning("the client is not ready");
        return false;
    }
    if (!client.isModern()) {
        qWarning("the connection is not modern");
        return false;
    }
    if (!QTest::qWaitFor([&client] { return client.listenState() == Client::ListenState::Open; }, 10000)) {
        qWarning("the listen stream did not open");
        return false;
    }
    return true;
}

bool callTool(Client &client, const QString &name)
{
    OutgoingRequest *call = client.callTool(name, {});
    QSignalSpy finished(call, &OutgoingRequest::finished);
    return finished.wait(10000) && !call->isError();
}

} // namespace

class tst_ClientListen : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void stdioListChangeAndResourceUpdate();
    void legacyConnectionHasNoStream();
    void explicitFilter();
    void httpSurvivesServerDrop();
    void refusedNotificationIsOnlyANote();
};

void tst_ClientListen::stdioListChangeAndResourceUpdate()
{
    Client client(new StdioTransport(demo(QStringLiteral("modern"))));
    client.setEraChoice({Modern::EraChoice::Mode::Auto, {}});
    QSignalSpy states(&client, &Client::listenStateChanged);
    QSignalSpy tools(&client, &Client::toolsListChanged);
    QSignalSpy prompts(&client, &Client::promptsListChanged);
    QSignalSpy updated(&client, &Client::resourceUpdated);
    QVERIFY(connectListening(client));
    QCOMPARE(states.first().first().value<Client::ListenState>(), Client::ListenState::Opening);
    // The default filter: every list change the server offers.
    const QJsonObject capabilities = client.serverCapabilities();
    QCOMPARE(client.listenFilter().toolsListChanged,
             capabilities.value(QLatin1String("tools")).toObject().value(QLatin1String("listChanged")).toBool());
    QVERIFY(client.listenFilter().toolsListChanged);
    QCOMPARE(client.acknowledgedListenFilter(), client.listenFilter());

    QVERIFY(callTool(client, QStringLiteral("test_trigger_tool_change")));
    QTRY_COMPARE_WITH_TIMEOUT(tools.size(), 1, 5000);
    QVERIFY(callTool(client, QStringLiteral("test_trigger_prompt_change")));
    QTRY_COMPARE_WITH_TIMEOUT(prompts.size(), 1, 5000);

    // resources/subscribe becomes part of the stream's filter (the stream reopens).
    OutgoingRequest *subscribe = client.subscribeResource(QStringLiteral("demo://clock"));
    QSignalSpy subscribed(subscribe, &OutgoingRequest::finished);
    QVERIFY(subscribed.wait(5000));
    QVERIFY2(!subscribe->isError(), qPrintable(subscribe->error().message));
    QCOMPARE(client.listenFilter().resourceSubscriptions, QStringList{QStringLiteral("demo://clock")});
    QTRY_VERIFY_WITH_TIMEOUT(updated.size() >= 1, 5000); // the clock ticks every second
    QCOMPARE(updated.first().first().toString(), QStringLiteral("demo://clock"));
    QCOMPARE(client.listenState(), Client::ListenState::Open);
    QCOMPARE(client.acknowledgedListenFilter().resourceSubscriptions, QStringList{QStringLiteral("demo://clock")});
    QCOMPARE(tools.size(), 1); // the old stream's cancel did not bring anything twice

    // Asked for by method name (as Session::call does), it takes the same path.
    OutgoingRequest *unsubscribe = client.sendRequest(QStringLiteral("resources/unsubscribe"),
                                                      {{QStringLiteral("uri"), QStringLiteral("demo://clock")}});
    QSignalSpy unsubscribed(unsubscribe, &OutgoingRequest::finished);
    QVERIFY(unsubscribed.wait(5000));
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Open, 5000);
    QVERIFY(client.acknowledgedListenFilter().resourceSubscriptions.isEmpty());
    QTest::qWait(300); // an update already on its way may still arrive
    const qsizetype after = updated.size();
    QTest::qWait(2500);
    QCOMPARE(updated.size(), after); // no more ticks once unsubscribed

    client.disconnectFromServer();
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Off, 5000);
}

void tst_ClientListen::legacyConnectionHasNoStream()
{
    Client client(new StdioTransport(demo(QStringLiteral("legacy"))));
    client.setEraChoice({Modern::EraChoice::Mode::Auto, {}});
    QSignalSpy tools(&client, &Client::toolsListChanged);
    client.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Ready, 15000);
    QVERIFY(!client.isModern());
    QCOMPARE(client.listenState(), Client::ListenState::Off);
    // The era record carries the version initialize negotiated (what a configuration persists).
    QCOMPARE(client.eraRecord().era, Modern::Era::Legacy);
    QVERIFY(!client.protocolVersion().isEmpty());
    QCOMPARE(client.eraRecord().version, client.protocolVersion());
    QVERIFY(callTool(client, QStringLiteral("test_trigger_tool_change")));
    QTRY_COMPARE_WITH_TIMEOUT(tools.size(), 1, 5000); // the legacy notification, same signal
}

void tst_ClientListen::explicitFilter()
{
    Client client(new StdioTransport(demo(QStringLiteral("modern"))));
    client.setEraChoice({Modern::EraChoice::Mode::Auto, {}});
    Modern::SubscriptionFilter filter;
    filter.promptsListChanged = true;
    client.setListenFilter(filter); // before connecting: the first stream uses it
    QSignalSpy tools(&client, &Client::toolsListChanged);
    QSignalSpy prompts(&client, &Client::promptsListChanged);
    client.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Open, 15000);
    QCOMPARE(client.acknowledgedListenFilter(), filter);
    QVERIFY(callTool(client, QStringLiteral("test_trigger_tool_change")));
    QVERIFY(callTool(client, QStringLiteral("test_trigger_prompt_change")));
    QTRY_COMPARE_WITH_TIMEOUT(prompts.size(), 1, 5000);
    QCOMPARE(tools.size(), 0); // not asked for

    client.setListenFilter(Modern::SubscriptionFilter()); // nothing to listen for: the stream closes
    QCOMPARE(client.listenState(), Client::ListenState::Off);
}

void tst_ClientListen::httpSurvivesServerDrop()
{
    QProcess server;
    const QUrl url = startHttp(server);
    QVERIFY2(url.isValid(), "the demo server did not start");
    Client client(createHttpTransport(url, HttpTransportKind::Auto, {}));
    client.setEraChoice({Modern::EraChoice::Mode::Auto, {}});
    QSignalSpy states(&client, &Client::listenStateChanged);
    QSignalSpy tools(&client, &Client::toolsListChanged);
    QVERIFY(connectListening(client));
    QVERIFY(callTool(client, QStringLiteral("test_trigger_tool_change")));
    QTRY_COMPARE_WITH_TIMEOUT(tools.size(), 1, 5000);

    // The server goes away: its listen response stream drops without a result.
    server.kill();
    server.waitForFinished(5000);
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Reconnecting, 10000);
    QVERIFY2(!client.listenError().isEmpty(), "a dropped stream says why");
    // It comes back on the same port (modern HTTP keeps no session): the stream reopens.
    QProcess again;
    QVERIFY(startHttp(again, url.port()).isValid());
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Open, 40000);
    QCOMPARE(client.state(), Client::State::Ready);
    QVERIFY(callTool(client, QStringLiteral("test_trigger_tool_change")));
    QTRY_COMPARE_WITH_TIMEOUT(tools.size(), 2, 5000);

    client.disconnectFromServer();
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == Client::State::Disconnected || client.state() == Client::State::Failed, 10000);
    again.kill();
    again.waitForFinished(3000);
}


// A modern server (a few lines of Python over stdio) that sends a tools/list_changed on the
// stream before acknowledging it, then the acknowledgement and a proper one: the first is a
// Note in the traffic and nothing else (no signal, no notificationReceived), the second arrives.
void tst_ClientListen::refusedNotificationIsOnlyANote()
{
    const QString peer = QStringLiteral(R"py(
import json, sys
def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n"); sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)
    method, rid = message.get("method"), message.get("id")
    if method == "server/discover":
        send({"jsonrpc": "2.0", "id": rid, "result": {"supportedVersions": ["2026-07-28"],
              "capabilities": {"tools": {"listChanged": True}},
              "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "early-peer", "version": "1"}}}})
    elif method == "subscriptions/listen":
        tag = {"io.modelcontextprotocol/subscriptionId": rid}
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": {"_meta": tag}})
        send({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
              "params": {"_meta": tag, "notifications": message["params"]["notifications"]}})
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": {"_meta": tag}})
    elif rid is not None:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "not here"}})
)py");
    StdioServerParameters parameters;
    parameters.program = QStringLiteral("python3");
    parameters.arguments = {QStringLiteral("-c"), peer};
    QStringList received; // before the client: its destructor still reports
    QStringList notes;
    Client client(new StdioTransport(parameters));
    client.setEraChoice({Modern::EraChoice::Mode::Auto, {}});
    QSignalSpy tools(&client, &Client::toolsListChanged);
    connect(&client, &Client::notificationReceived, this, [&received](const Message &message) { received.append(message.method()); });
    connect(&client, &Client::trafficEvent, this, [&notes](const TrafficEvent &event) {
        if (event.kind == TrafficEvent::Kind::Note)
            notes.append(event.note);
    });
    client.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Open, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(tools.size(), 1, 5000);
    QTest::qWait(200); // room for a second signal, had the early one been let through
    QCOMPARE(tools.size(), 1);
    QCOMPARE(received.count(QStringLiteral("notifications/tools/list_changed")), 1);
    QVERIFY2(notes.filter(QStringLiteral("before acknowledging")).size() == 1, qPrintable(notes.join(u'\n')));
}

QTEST_GUILESS_MAIN(tst_ClientListen)
#include "tst_clientlisten.moc"
