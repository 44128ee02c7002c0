// Issue 12, class 4: same-origin 307/308 redirects, /mcp -> /mcp/ as Python frameworks send them
// (peers/redirect_server.py: the redirect closes its connection, the answer comes on a new one,
// as JSON or as a chunked event stream). Fifty connections in a row for each era and answer
// kind, each one initializing (or discovering), listing, calling and closing: every one must work.

#include "session/client.h"
#include "transport/httpautotransport.h"
#include "transport/httptransportoptions.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Mcp;

namespace {

class RedirectServer
{
public:
    RedirectServer(const QString &answer, int status)
    {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            return;
        m_process.start(python, {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpinterop/peers/redirect_server.py"),
                                 QStringLiteral("--answer"), answer, QStringLiteral("--status"), QString::number(status)});
        if (!m_process.waitForStarted(10000))
            return;
        const QRegularExpression pattern(QStringLiteral("listening on 127\\.0\\.0\\.1:(\\d+)"));
        QByteArray err;
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 10000 && m_port == 0) {
            m_process.waitForReadyRead(200);
            err += m_process.readAllStandardError();
            const auto match = pattern.match(QString::fromUtf8(err));
            if (match.hasMatch())
                m_port = match.captured(1).toInt();
        }
    }
    ~RedirectServer()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(3000))
            m_process.kill();
    }
    bool isRunning() const { return m_port > 0; }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_port)); }
    QByteArray errors() { return m_process.readAllStandardError(); }

private:
    QProcess m_process;
    int m_port = 0;
};

OutgoingRequest *wait(OutgoingRequest *handle)
{
    if (!handle->isFinished()) {
        QSignalSpy finished(handle, &OutgoingRequest::finished);
        finished.wait(10000);
    }
    return handle;
}

} // namespace

class tst_RedirectPeer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fiftyConnections_data();
    void fiftyConnections();
};

void tst_RedirectPeer::initTestCase()
{
    qRegisterMetaType<TrafficEvent>();
}

void tst_RedirectPeer::fiftyConnections_data()
{
    QTest::addColumn<bool>("modern");
    QTest::addColumn<QString>("answer");
    QTest::addColumn<int>("status");
    QTest::newRow("legacy json 307") << false << QStringLiteral("json") << 307;
    QTest::newRow("legacy sse 307") << false << QStringLiteral("sse") << 307;
    QTest::newRow("modern json 307") << true << QStringLiteral("json") << 307;
    QTest::newRow("modern sse 307") << true << QStringLiteral("sse") << 307;
    QTest::newRow("legacy sse 308") << false << QStringLiteral("sse") << 308;
    QTest::newRow("modern json 308") << true << QStringLiteral("json") << 308;
}

void tst_RedirectPeer::fiftyConnections()
{
    QFETCH(bool, modern);
    QFETCH(QString, answer);
    QFETCH(int, status);
    RedirectServer server(answer, status);
    if (!server.isRunning())
        QSKIP("python3 is not installed");

    for (int run = 0; run < 50; ++run) {
        const QByteArray where = "connection " + QByteArray::number(run + 1) + " of 50";
        Transport *transport = createHttpTransport(server.url(), HttpTransportKind::StreamableHttp, {});
        Client client(transport);
        client.setEraChoice({modern ? Modern::EraChoice::Mode::Modern : Modern::EraChoice::Mode::Legacy, {}});
        QList<TrafficEvent> traffic;
        QObject::connect(transport, &Transport::trafficEvent, &client, [&traffic](const TrafficEvent &e) { traffic.append(e); });
        client.connectToServer();
        QTRY_VERIFY2_WITH_TIMEOUT(client.isReady() || client.state() == Client::State::Failed,
                                  where.constData(), 10000);
        QVERIFY2(client.isReady(), QByteArray(where + ": " + client.errorString().toUtf8()).constData());
        QCOMPARE(client.isModern(), modern);

        OutgoingRequest *tools = wait(client.listTools());
        QVERIFY2(tools->isFinished() && !tools->isError(), QByteArray(where + ": " + tools->error().message.toUtf8()).constData());
        QCOMPARE(tools->result().toObject().value(QLatin1String("tools")).toArray().size(), 1);
        OutgoingRequest *echo = wait(client.callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QString::number(run)}}));
        QVERIFY2(echo->isFinished() && !echo->isError(), QByteArray(where + ": " + echo->error().message.toUtf8()).constData());
        QVERIFY2(QJsonDocument(echo->result().toObject()).toJson().contains(QByteArray("echo: " + QByteArray::number(run))), where.constData());

        // Every POST went to /mcp first and was answered behind the redirect, at /mcp/.
        QVERIFY(std::none_of(traffic.cbegin(), traffic.cend(), [](const TrafficEvent &e) {
            return e.kind == TrafficEvent::Kind::TransportError;
        }));

        QSignalSpy disconnected(&client, &Client::disconnected);
        client.disconnectFromServer();
        QVERIFY2(disconnected.count() > 0 || disconnected.wait(10000), where.constData());
    }
}

QTEST_GUILESS_MAIN(tst_RedirectPeer)
#include "tst_redirectpeer.moc"
