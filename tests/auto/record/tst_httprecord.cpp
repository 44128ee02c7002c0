// `mcpscope record --http`: the real binary between a real client (Client over the HTTP
// transports) and the demo server over HTTP, in both protocol eras, with JSON and SSE answers.
#include "session/client.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "transport/httptransportoptions.h"

#include <QJsonArray>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include "everythingpeer.h"
#include "recordtesting.h"

using namespace Mcp;

class tst_HttpRecord : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void recordsBothEras_data();
    void recordsBothEras();
    void legacyHttpSse();
    void loopbackOnly();

private:
    QTemporaryDir m_dir;
};

namespace {

QByteArray header(const HttpHeaders &headers, QByteArrayView name)
{
    for (const auto &h : headers) {
        if (QByteArrayView(h.first).compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

void stop(QProcess *process)
{
    if (process->state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(process->processId()), SIGTERM);
    if (!process->waitForFinished(5000)) {
        process->kill();
        process->waitForFinished(3000);
    }
}

} // namespace

void tst_HttpRecord::recordsBothEras_data()
{
    QTest::addColumn<QString>("era");
    QTest::addColumn<QString>("responses");
    QTest::addColumn<bool>("modern");
    QTest::newRow("modern, JSON") << "modern" << "auto" << true;
    QTest::newRow("modern, SSE") << "modern" << "sse" << true;
    QTest::newRow("legacy, JSON") << "legacy" << "auto" << false;
    QTest::newRow("legacy, SSE") << "legacy" << "sse" << false;
}

void tst_HttpRecord::recordsBothEras()
{
    QFETCH(QString, era);
    QFETCH(QString, responses);
    QFETCH(bool, modern);

    QProcess server;
    server.start(QStringLiteral(MCPSCOPE_DEMO_SERVER),
                 {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--era"), era,
                  QStringLiteral("--http-responses"), responses});
    QVERIFY(server.waitForStarted());
    QByteArray serverErr;
    QTRY_VERIFY_WITH_TIMEOUT((serverErr += server.readAllStandardError()).contains("listening on "), 10000);
    const QUrl target(QString::fromUtf8(
        QRegularExpression(QStringLiteral("listening on (\\S+)")).match(QString::fromUtf8(serverErr)).captured(1).toUtf8()));
    QVERIFY(target.isValid());

    const QString capture = m_dir.filePath(QStringLiteral("http-%1-%2.jsonl").arg(era, responses));
    QProcess recorder;
    const QUrl proxy = startHttpRecorder(&recorder, target, capture);
    QVERIFY(!proxy.isEmpty());
    QCOMPARE(proxy.host(), QStringLiteral("127.0.0.1"));
    QVERIFY(proxy.port() != target.port());
    QCOMPARE(proxy.path(), target.path());

    HttpTransportOptions options;
    options.headers = {{"Authorization", "Bearer not-for-the-capture"}};
    Client client(createHttpTransport(proxy, HttpTransportKind::Auto, options));
    client.setProbeTimeout(5000);
    const auto choice = Modern::EraChoice::fromString(QStringLiteral("auto"), Client::supportedModernVersions(),
                                                      Client::supportedProtocolVersions());
    QVERIFY(choice);
    client.setEraChoice(*choice);
    QSignalSpy ready(&client, &Client::ready);
    client.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || client.state() == Client::State::Failed, 30000);
    QVERIFY2(client.state() == Client::State::Ready, qPrintable(client.errorString()));
    QCOMPARE(client.isModern(), modern);
    OutgoingRequest *call = client.callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("through the recorder")}});
    QSignalSpy called(call, &OutgoingRequest::finished);
    QVERIFY(called.wait(15000));
    QVERIFY2(!call->isError(), qPrintable(call->error().message));
    QCOMPARE(call->result().toObject().value(QLatin1String("content")).toArray().first().toObject()
                 .value(QLatin1String("text")).toString(),
             QStringLiteral("through the recorder"));
    client.disconnectFromServer();
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == Client::State::Disconnected || client.state() == Client::State::Failed, 10000);

    stop(&recorder);
    QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
    QCOMPARE(recorder.exitCode(), 0);
    stop(&server);

    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(!text.contains("not-for-the-capture"), "the bearer token is redacted");
    QVERIFY(file.seek(0));
    TrafficLog log;
    const auto result = TrafficCapture::readJsonLines(&file, &log);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(result.issues.isEmpty());

    int callRow = -1;
    bool sawSse = false;
    QSet<quint64> requestExchanges;
    for (int row = 0; row < log.rowCount(); ++row) {
        const TrafficEvent e = log.event(row);
        if (e.direction == TrafficEvent::Direction::Outgoing) {
            QVERIFY(!e.httpMethod.isEmpty());
            QVERIFY(e.exchangeId != 0);
            requestExchanges.insert(e.exchangeId);
            QCOMPARE(header(e.headers, "Authorization"), QByteArray("[redacted]"));
            if (e.kind == TrafficEvent::Kind::Message && log.method(row) == QLatin1String("tools/call") && callRow < 0) {
                callRow = row;
                QCOMPARE(e.httpMethod, QByteArray("POST"));
                QCOMPARE(QUrl(e.url).path(), target.path());
                if (modern)
                    QCOMPARE(header(e.headers, "MCP-Protocol-Version"), QByteArray("2026-07-28"));
            }
        } else if (e.direction == TrafficEvent::Direction::Incoming) {
            QVERIFY2(requestExchanges.contains(e.exchangeId), "every answer belongs to a recorded request");
            sawSse = sawSse || !e.sseEventId.isEmpty() || e.sseEventType == "message"
                || header(e.headers, "Content-Type").contains("text/event-stream");
        }
    }
    QVERIFY2(callRow >= 0, "the tools/call request is recorded");
    const int answerRow = log.pairedRow(callRow);
    QVERIFY2(answerRow > callRow, "and paired with its answer");
    QCOMPARE(log.event(answerRow).exchangeId, log.event(callRow).exchangeId);
    QVERIFY(log.event(answerRow).raw.contains("through the recorder"));
    if (responses == QLatin1String("sse"))
        QVERIFY2(sawSse, "SSE answers are recorded as SSE");
}

// The 2024-11-05 HTTP+SSE transport through the recorder: server-everything's /sse stream names a
// relative endpoint, so the client's POSTs come through the recorder too, and the answers arrive
// on the long GET stream, paired with their requests across the two exchanges.
void tst_HttpRecord::legacyHttpSse()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!node.isEmpty(), "node is not on PATH (scripts/setup.sh installs it)");
    const QString everything = QStringLiteral(MCPSCOPE_PEERS_DIR "/@modelcontextprotocol/server-everything/dist/index.js");
    QVERIFY2(QFile::exists(everything), "server-everything is missing: run scripts/setup.sh --test-peers");
    QProcess server;
    const int port = Mcp::Test::startHttpEverything(server, node, everything, QStringLiteral("sse"));
    QVERIFY(port > 0);
    const QUrl target(QStringLiteral("http://127.0.0.1:%1/sse").arg(port));

    const QString capture = m_dir.filePath(QStringLiteral("http-sse-2024.jsonl"));
    QProcess recorder;
    const QUrl proxy = startHttpRecorder(&recorder, target, capture);
    QVERIFY(!proxy.isEmpty());
    QCOMPARE(proxy.path(), QStringLiteral("/sse"));

    {
        Client client(createHttpTransport(proxy, HttpTransportKind::LegacySse, HttpTransportOptions()));
        client.setEraChoice(*Modern::EraChoice::fromString(QStringLiteral("legacy"), Client::supportedModernVersions(),
                                                           Client::supportedProtocolVersions()));
        expectEcho(client, QStringLiteral("old transport"), QStringLiteral("Echo: old transport"));
        if (QTest::currentTestFailed())
            return;
    }
    stop(&recorder);
    QCOMPARE(recorder.exitCode(), 0);
    server.kill();
    server.waitForFinished();

    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    TrafficLog log;
    const auto result = TrafficCapture::readJsonLines(&file, &log);
    QVERIFY2(result.ok, qPrintable(result.error));
    log.flush();
    int callRow = -1;
    bool sawEndpoint = false;
    for (int row = 0; row < log.rowCount(); ++row) {
        const TrafficEvent e = log.event(row);
        if (e.kind == TrafficEvent::Kind::SseEvent && e.sseEventType == "endpoint") {
            sawEndpoint = true;
            QVERIFY2(e.note.isEmpty(), "a relative endpoint needs no warning");
        }
        if (e.direction == TrafficEvent::Direction::Outgoing && log.method(row) == QLatin1String("tools/call")) {
            callRow = row;
            QCOMPARE(e.httpMethod, QByteArray("POST"));
            QVERIFY(QUrl(e.url).path() != QLatin1String("/sse")); // the endpoint the stream named
        }
    }
    QVERIFY2(sawEndpoint, "the endpoint event of the GET stream is recorded");
    QVERIFY2(callRow >= 0, "the POSTed tools/call is recorded");
    const int answerRow = log.pairedRow(callRow);
    QVERIFY2(answerRow > callRow, "its answer, from the SSE stream, is paired with it");
    QVERIFY(log.event(answerRow).raw.contains("old transport"));
    QVERIFY(log.event(answerRow).exchangeId != log.event(callRow).exchangeId); // answered on the GET stream
}

void tst_HttpRecord::loopbackOnly()
{
    QProcess recorder;
    recorder.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record"), QStringLiteral("--http"), QStringLiteral("--target"),
                                                 QStringLiteral("http://127.0.0.1:9/mcp"), QStringLiteral("--listen"),
                                                 QStringLiteral("0.0.0.0:0"), QStringLiteral("--capture"),
                                                 m_dir.filePath(QStringLiteral("refused.jsonl"))});
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitCode(), 2);
    QVERIFY(recorder.readAllStandardError().contains("not a loopback address"));
}

QTEST_GUILESS_MAIN(tst_HttpRecord)
#include "tst_httprecord.moc"
