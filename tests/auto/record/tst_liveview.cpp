// The live view: a real `mcpscope record` in front of the demo server shows its traffic in
// the window (LiveRecordings, offscreen) as it happens, through a user-only local socket.
#include "record/live.h"
#include "traffic/capturewindow.h"
#include "traffic/liverecordings.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

namespace {

// `mcpscope record --capture capture --name name` in front of the demo server, sent initialize;
// false when it did not start.
bool startDemoRecording(QProcess *recorder, const QString &capture, const QString &name)
{
    recorder->start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record"), QStringLiteral("--capture"), capture,
                                                   QStringLiteral("--name"), name, QStringLiteral("--"),
                                                   QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    if (!recorder->waitForStarted())
        return false;
    recorder->write(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})" "\n");
    return true;
}

// Whether log shows a request of method answered (paired with a later row).
bool answered(TrafficLog *log, QLatin1String method)
{
    log->flush();
    for (int row = 0; row < log->rowCount(); ++row) {
        if (log->method(row) == method && log->pairedRow(row) > row)
            return true;
    }
    return false;
}

} // namespace

class tst_LiveView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void recordingShowsLive();
    void windowOpenedLateShowsTheRecordingSoFar();
    void noWindowJustWritesTheCapture();

private:
    QTemporaryDir m_dir;
    QString m_socket;
};

void tst_LiveView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_socket = m_dir.filePath(QStringLiteral("live"));
    qputenv("MCPSCOPE_LIVE_SOCKET", m_socket.toLocal8Bit()); // the recorders inherit it
}

void tst_LiveView::recordingShowsLive()
{
    Ui::LiveRecordings live;
    QString error;
    QVERIFY2(live.listen(&error), qPrintable(error));
    // Only the user may open it.
    const QFileInfo socket(m_socket);
    QVERIFY(socket.exists());
    QCOMPARE(socket.permissions() & (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
             QFile::Permissions());
    QSignalSpy opened(&live, &Ui::LiveRecordings::windowOpened);

    const QString capture = m_dir.filePath(QStringLiteral("live.jsonl"));
    QProcess recorder;
    QVERIFY(startDemoRecording(&recorder, capture, QStringLiteral("demo")));
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 10000);
    auto *window = opened.first().first().value<Ui::CaptureWindow *>();
    QVERIFY(window);
    QVERIFY(window->isLive());
    QVERIFY(window->windowTitle().contains(QLatin1String("demo")));
    QVERIFY(window->view());
    TrafficLog *log = window->log();
    // The answer shows while the recorder still runs, paired with its request.
    QTRY_VERIFY_WITH_TIMEOUT(answered(log, QLatin1String("initialize")), 10000);
    QCOMPARE(recorder.state(), QProcess::Running);
    QCOMPARE(log->connectionName(1), QStringLiteral("demo"));

    recorder.write(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})" "\n");
    QTRY_VERIFY_WITH_TIMEOUT(answered(log, QLatin1String("tools/list")), 10000);
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isLive(), 10000);
    log->flush();
    QCOMPARE(log->event(log->rowCount() - 1).kind, TrafficEvent::Kind::ProcessExited);
    QVERIFY(window->windowTitle().contains(QLatin1String("ended")));
    delete window;
}

void tst_LiveView::windowOpenedLateShowsTheRecordingSoFar()
{
    // The recorder runs, and its first exchange is over, before any window listens.
    const QString capture = m_dir.filePath(QStringLiteral("late.jsonl"));
    QProcess recorder;
    QVERIFY(startDemoRecording(&recorder, capture, QStringLiteral("late")));
    QByteArray answers;
    QTRY_VERIFY_WITH_TIMEOUT((answers += recorder.readAllStandardOutput()).contains("\"id\":1"), 10000);

    Ui::LiveRecordings live;
    QString error;
    QVERIFY2(live.listen(&error), qPrintable(error));
    QSignalSpy opened(&live, &Ui::LiveRecordings::windowOpened);
    QTest::qWait(2100); // the recorder tries to connect again at most every two seconds
    recorder.write(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})" "\n");
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 10000);
    auto *window = opened.first().first().value<Ui::CaptureWindow *>();
    QVERIFY(window);
    TrafficLog *log = window->log();
    // Both exchanges, the one before the window opened too, in order.
    QTRY_VERIFY_WITH_TIMEOUT(answered(log, QLatin1String("tools/list")), 10000);
    QVERIFY(answered(log, QLatin1String("initialize")));
    QCOMPARE(log->event(0).kind, TrafficEvent::Kind::ProcessStarted);
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isLive(), 10000);
    delete window;
}

void tst_LiveView::noWindowJustWritesTheCapture()
{
    // Nobody listens on the socket: the recorder records and passes traffic as ever.
    const QString capture = m_dir.filePath(QStringLiteral("alone.jsonl"));
    QProcess recorder;
    recorder.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record"), QStringLiteral("--capture"), capture,
                                                 QStringLiteral("--"), QStringLiteral("cat")});
    QVERIFY(recorder.waitForStarted());
    recorder.write("{\"jsonrpc\":\"2.0\",\"method\":\"n\"}\n");
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitCode(), 0);
    QCOMPARE(recorder.readAllStandardOutput(), QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"n\"}\n"));
    QVERIFY(recorder.readAllStandardError().isEmpty());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains(R"(\"method\":\"n\")"));
}

QTEST_MAIN(tst_LiveView)
#include "tst_liveview.moc"
