// Mcp::Session as a person sees it, against real servers: the demo server over stdio (killed by a
// signal, ended with an exit code by the scripted peer) and over Streamable HTTP (stopped and
// started again on the same port).

#include "session/session.h"
#include "transport/stdiotransport.h"
#include "transport/streamablehttptransport.h"
#include "transport/httpautotransport.h"
#include "eras.h"
#include "httppeer.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>
#include <QTest>

#include <csignal>

using namespace Mcp;

namespace {

constexpr int kWait = 15000;

StdioServerParameters scriptedPeer()
{
    StdioServerParameters parameters;
    parameters.program = QStandardPaths::findExecutable(QStringLiteral("python3"));
    parameters.arguments = {QStringLiteral("-u"),
                            QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/session/peers/scripted_server.py")};
    return parameters;
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

// The demo server serving Streamable HTTP on a fixed port, as a child process.
class HttpDemoServer
{
public:
    explicit HttpDemoServer(quint16 port) : m_port(port) {}
    ~HttpDemoServer() { stop(); }
    bool start()
    {
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QStringLiteral(MCPSCOPE_DEMO_SERVER),
                        {QStringLiteral("--http"), QStringLiteral("--port"), QString::number(m_port)});
        if (!m_process.waitForStarted(kWait))
            return false;
        // Listening once a connection is accepted.
        for (int i = 0; i < 100; ++i) {
            QTcpSocket socket;
            socket.connectToHost(QHostAddress::LocalHost, m_port);
            if (socket.waitForConnected(100))
                return true;
            QTest::qWait(50);
        }
        return false;
    }
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.kill();
        m_process.waitForFinished(kWait);
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_port)); }

private:
    quint16 m_port;
    QProcess m_process;
};

} // namespace

class tst_Session : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void httpServerStoppedAndStartedAgain();
    void exitHistoryKeepsSignalAndExitCode();
    void restartScheduleAndGiveUp();
    void settingChangedOnARunningConnection();
    // Issue 32, as the window connects: a legacy Streamable HTTP server that answers the era
    // probe with HTTP 500 and a JSON-RPC error is reached; a stdio server that closes its stdout
    // is disconnected at once.
    void legacyHttpServerAnsweringTheProbeWith500();
    void closedStdoutLeavesConnectedAtOnce();
    // onNotification: each subscriber gets its method's notifications, in order, until it is gone.
    void notificationsByMethod();
    // ServerConnection: the list changes decoded once, arriving as the Session's own signals on the
    // caller's thread, in both eras (legacy: straight from the server; modern: the listen stream).
    void serverEventsOnTheCallersThread_data();
    void serverEventsOnTheCallersThread();
};

void tst_Session::legacyHttpServerAnsweringTheProbeWith500()
{
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    const QUrl url = Test::startHttpPeer(server, QStandardPaths::findExecutable(QStringLiteral("python3")),
                                         {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/common/hostile_peer.py"),
                                          QStringLiteral("--http"), QStringLiteral("--discover"), QStringLiteral("500-json")});
    QVERIFY(url.isValid());
    Session session(5, QStringLiteral("http"), [url]() -> Transport * {
        return createHttpTransport(url, HttpTransportKind::Auto, {});
    }, {});
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    // Decided by probing, so it is what the catalog remembers for the next connection.
    QCOMPARE(session.sessionInfo().era.era, Modern::Era::Legacy);
    QCOMPARE(session.sessionInfo().era.source, Modern::EraRecord::Source::Probed);
    server.kill();
    server.waitForFinished();
}

void tst_Session::closedStdoutLeavesConnectedAtOnce()
{
    StdioServerParameters parameters;
    parameters.program = QStandardPaths::findExecutable(QStringLiteral("python3"));
    parameters.arguments = {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/common/hostile_peer.py"),
                            QStringLiteral("--close-stdout-after-init")};
    Session session(6, QStringLiteral("closes stdout"), [parameters] { return new StdioTransport(parameters); }, {});
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    QElapsedTimer clock;
    clock.start();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() != Session::State::Connected, kWait);
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
}

void tst_Session::notificationsByMethod()
{
    StdioServerParameters demo;
    demo.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    Session::Options options;
    options.client.era = {Modern::EraChoice::Mode::Legacy, {}}; // log messages unasked for
    Session session(7, QStringLiteral("demo"), [demo] { return new StdioTransport(demo); }, options);
    QObject logs;
    QStringList logged;
    session.onNotification(QStringLiteral("notifications/message"), &logs, [&logged](const Message &notification) {
        logged.append(notification.paramsObject().value(QLatin1String("data")).toString());
    });
    QObject lists;
    int listChanges = 0;
    session.onNotification(QStringLiteral("notifications/tools/list_changed"), &lists, [&listChanges](const Message &) {
        ++listChanges;
    });
    int afterGone = 0;
    {
        QObject gone;
        session.onNotification(QStringLiteral("notifications/message"), &gone, [&afterGone](const Message &) { ++afterGone; });
    }
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    OutgoingRequest *flood = session.sendRequest(QStringLiteral("tools/call"),
                                          {{QStringLiteral("name"), QStringLiteral("notification_flood")},
                                           {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("count"), 300}}}});
    QSignalSpy done(flood, &OutgoingRequest::finished);
    QVERIFY(done.wait(kWait));
    QTRY_COMPARE_WITH_TIMEOUT(logged.size(), 300, kWait);
    QCOMPARE(logged.constFirst(), QStringLiteral("flood message 1 of 300"));
    QCOMPARE(logged.constLast(), QStringLiteral("flood message 300 of 300"));
    QCOMPARE(listChanges, 0);
    QCOMPARE(afterGone, 0);
    session.disconnectFromServer();
}

void tst_Session::serverEventsOnTheCallersThread_data()
{
    Test::addEraRows();
}

void tst_Session::serverEventsOnTheCallersThread()
{
    QFETCH(QString, era);
    StdioServerParameters demo;
    demo.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    demo.arguments = {QStringLiteral("--era"), era, QStringLiteral("--conformance")};
    Session::Options options;
    options.client.era = {Modern::EraChoice::Mode::Auto, {}};
    QList<QThread *> threads; // before the session, which outlives what its signals reach
    int tools = 0;
    int prompts = 0;
    Session session(3, QStringLiteral("demo"), [demo] { return new StdioTransport(demo); }, options);
    connect(&session, &Session::toolsListChanged, this, [&] { ++tools; threads.append(QThread::currentThread()); });
    connect(&session, &Session::promptsListChanged, this, [&] { ++prompts; threads.append(QThread::currentThread()); });
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    if (era == QLatin1String("modern"))
        QTRY_COMPARE_WITH_TIMEOUT(session.listenStatus().state, Client::ListenState::Open, kWait);
    for (const QString &tool : {QStringLiteral("test_trigger_tool_change"), QStringLiteral("test_trigger_prompt_change")}) {
        OutgoingRequest *call = session.send(Requests::callTool(tool, {}));
        QSignalSpy done(call, &OutgoingRequest::finished);
        QVERIFY(done.wait(kWait));
    }
    QTRY_COMPARE_WITH_TIMEOUT(tools, 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(prompts, 1, kWait);
    QTest::qWait(100); // room for a second signal, had one notification been delivered twice
    QCOMPARE(tools, 1);
    QCOMPARE(prompts, 1);
    QCOMPARE(threads, QList<QThread *>({QThread::currentThread(), QThread::currentThread()}));
    session.disconnectFromServer();
}

void tst_Session::httpServerStoppedAndStartedAgain()
{
    HttpDemoServer server(freePort());
    QVERIFY(server.start());
    Session::Options options;
    options.pingIntervalMs = 300;
    const QUrl url = server.url();
    Session session(1, QStringLiteral("http"), [url]() -> Transport * { return new StreamableHttpTransport(url); }, options);
    QSignalSpy health(&session, &Session::healthChanged);
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    QCOMPARE(session.health(), Session::Health::Reachable);
    QTRY_VERIFY_WITH_TIMEOUT(session.pingLatencyMs() >= 0, kWait);

    server.stop();
    // Two ping intervals: degraded at the first failed ping, unreachable at the second.
    QTRY_COMPARE_WITH_TIMEOUT(session.health(), Session::Health::Unreachable, 3000);
    QCOMPARE(health.at(0).at(0).value<Session::Health>(), Session::Health::Degraded);
    QVERIFY(!session.healthError().isEmpty());
    QVERIFY(session.unhealthySinceMs() > 0);
    QVERIFY2(session.stateText().startsWith(QLatin1String("unreachable")), qPrintable(session.stateText()));
    QCOMPARE(session.pingLatencyMs(), -1);
    QCOMPARE(session.state(), Session::State::Connected); // the session goes on; the server does not answer

    // Back on the same port: reachable again without a click.
    QVERIFY(server.start());
    QTRY_COMPARE_WITH_TIMEOUT(session.health(), Session::Health::Reachable, kWait);
    QCOMPARE(session.stateText(), Session::stateName(Session::State::Connected));
    QVERIFY(session.healthError().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(session.pingLatencyMs() >= 0, kWait);
}

void tst_Session::exitHistoryKeepsSignalAndExitCode()
{
    Session::Options options;
    options.autoRestart = true;
    options.restartInitialBackoffMs = 100;
    Session session(2, QStringLiteral("peer"), [] { return new StdioTransport(scriptedPeer()); }, options);
    QStringList notes;
    connect(&session, &Session::trafficBatch, this, [&notes](const QList<TrafficEvent> &events) {
        for (const TrafficEvent &event : events) {
            if (event.kind == TrafficEvent::Kind::Note)
                notes.append(event.note);
        }
    });
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);

    // Killed by a signal while a request waits for its answer.
    OutgoingRequest *hang = session.sendRequest(QStringLiteral("test/hang"));
    QSignalSpy hangDone(hang, &OutgoingRequest::finished);
    QTest::qWait(100);
    QTRY_VERIFY_WITH_TIMEOUT(session.sessionInfo().processId > 0, kWait);
    ::kill(pid_t(session.sessionInfo().processId), SIGKILL);
    QTRY_COMPARE_WITH_TIMEOUT(session.exitHistory().size(), 1, kWait);
    QVERIFY(hangDone.count() == 1 || hangDone.wait(kWait));
    const ExitRecord killed = session.exitHistory().at(0);
    QVERIFY2(killed.description.contains(QLatin1String("signal")), qPrintable(killed.description));
    QVERIFY(killed.wallClockMs > 0);
    QVERIFY2(killed.stderrTail.contains(QLatin1String("scripted_server ready")), qPrintable(killed.stderrTail.join(u'|')));
    QCOMPARE(killed.pendingRequests, QStringList{QStringLiteral("test/hang")});

    // The automatic restart brings it back; the history stays.
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    session.sendRequest(QStringLiteral("test/crash"), {{QStringLiteral("code"), 7}});
    QTRY_COMPARE_WITH_TIMEOUT(session.exitHistory().size(), 2, kWait);
    const ExitRecord crashed = session.exitHistory().at(1);
    QVERIFY2(crashed.description.contains(QLatin1String("7")), qPrintable(crashed.description));
    QVERIFY2(crashed.stderrTail.contains(QLatin1String("crashing on purpose")), qPrintable(crashed.stderrTail.join(u'|')));
    QCOMPARE(session.exitHistory().at(0).description, killed.description);

    // Both ends are in the traffic too, where a capture export finds them.
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    const QStringList ends = notes.filter(QStringLiteral("Connection ended"));
    QCOMPARE(ends.size(), 2);
    QVERIFY2(ends.at(0).contains(QLatin1String("test/hang")), qPrintable(ends.at(0)));
    QVERIFY2(ends.at(1).contains(QLatin1String("crashing on purpose")), qPrintable(ends.at(1)));
}

void tst_Session::restartScheduleAndGiveUp()
{
    Session::Options options;
    options.autoRestart = true;
    options.restartInitialBackoffMs = 200;
    options.restartMaxAttempts = 2;
    // A server that cannot start: every attempt is a quick failure.
    StdioServerParameters missing;
    missing.program = QStringLiteral("/nonexistent/mcp-server");
    Session session(3, QStringLiteral("missing"), [missing] { return new StdioTransport(missing); }, options);
    QSignalSpy scheduled(&session, &Session::autoRestartScheduled);
    QSignalSpy gaveUp(&session, &Session::autoRestartGaveUp);
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(scheduled.count(), 1, kWait);
    QCOMPARE(session.restartAttempt(), 1);
    QVERIFY(session.restartDueMs() > 0);
    QVERIFY2(session.restartText().contains(QLatin1String("attempt 1 of 2")), qPrintable(session.restartText()));
    QVERIFY2(session.stateText().contains(QLatin1String("restarting in")), qPrintable(session.stateText()));

    QTRY_COMPARE_WITH_TIMEOUT(gaveUp.count(), 1, kWait);
    QCOMPARE(scheduled.count(), 2);
    QCOMPARE(scheduled.at(1).at(0).toInt(), 400); // doubled
    QCOMPARE(session.restartAttempt(), 0);
    QVERIFY(!session.restartGaveUpReason().isEmpty());
    QVERIFY2(session.stateText().contains(QLatin1String("gave up")), qPrintable(session.stateText()));
    QCOMPARE(session.exitHistory().size(), 3);

    // A manual connect starts over: the give-up is forgotten, a new schedule starts.
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(scheduled.count(), 3, kWait);
    QVERIFY(session.restartGaveUpReason().isEmpty());
    session.stopRetrying();
    QCOMPARE(session.restartAttempt(), 0);
    QVERIFY(session.restartText().isEmpty());
    QTest::qWait(600);
    QCOMPARE(scheduled.count(), 3);
}

void tst_Session::settingChangedOnARunningConnection()
{
    Session::Options options;
    options.pingIntervalMs = 0;
    Session session(4, QStringLiteral("peer"), [] { return new StdioTransport(scriptedPeer()); }, options);
    session.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
    QSignalSpy latency(&session, &Session::pingLatencyChanged);
    QTest::qWait(300);
    const int before = latency.count();

    // Auto-restart switched on while connected: the next crash is restarted.
    options.autoRestart = true;
    options.restartInitialBackoffMs = 100;
    options.pingIntervalMs = 100;
    session.setOptions(options);
    QTRY_VERIFY_WITH_TIMEOUT(latency.count() >= before + 2, kWait); // ping interval applied at once
    QSignalSpy scheduled(&session, &Session::autoRestartScheduled);
    session.sendRequest(QStringLiteral("test/crash"));
    QTRY_COMPARE_WITH_TIMEOUT(scheduled.count(), 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), Session::State::Connected, kWait);
}

QTEST_GUILESS_MAIN(tst_Session)
#include "tst_session.moc"
