// `mcpscope record -- COMMAND`: the real binary between this test (the host) and real servers
// (cat, sh, the demo server). Byte-exact pass-through both ways, stderr, exit codes and
// signals, a host that closes stdin early, a slow or full capture disk.
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "framing.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Mcp;
using Mcp::Test::framedLines;

namespace {

QList<TrafficEvent> readCapture(const QString &path, bool *ok = nullptr)
{
    QFile file(path);
    QList<TrafficEvent> events;
    if (!file.open(QIODevice::ReadOnly))
        return events;
    TrafficLog log;
    const auto result = TrafficCapture::readJsonLines(&file, &log);
    if (ok)
        *ok = result.ok && result.issues.isEmpty();
    for (int row = 0; row < log.rowCount(); ++row)
        events.append(log.event(row));
    return events;
}

QByteArrayList rawOf(const QList<TrafficEvent> &events, TrafficEvent::Direction direction, bool stderrLines)
{
    QByteArrayList lines;
    for (const TrafficEvent &e : events) {
        if (e.direction == direction && (e.kind == TrafficEvent::Kind::StderrLine) == stderrLines
            && (e.kind == TrafficEvent::Kind::Message || e.kind == TrafficEvent::Kind::InvalidMessage
                || e.kind == TrafficEvent::Kind::StderrLine))
            lines.append(e.raw);
    }
    return lines;
}

} // namespace

class tst_Record : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void binaryGarbageAndHugeLines();
    void splitAtEveryOffset();
    void exitCodes_data();
    void exitCodes();
    void signalsForwarded_data();
    void signalsForwarded();
    void hostClosesStdinEarly();
    void requestsBeforeTheirAnswers();
    void grandchildKeepsOutputOpen();
    void slowCapture();
    void fullDisk();
    void tinyDisk();
    void usage();

private:
    void startRecorder(QProcess *process, const QStringList &command, const QString &capture,
                       const QStringList &extraArguments = {});
    QTemporaryDir m_dir;
};

void tst_Record::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::exists(QStringLiteral(MCPSCOPE_CLI)));
}

void tst_Record::startRecorder(QProcess *process, const QStringList &command, const QString &capture,
                               const QStringList &extraArguments)
{
    QStringList arguments{QStringLiteral("record"), QStringLiteral("--capture"), capture};
    arguments += extraArguments;
    arguments += QStringLiteral("--");
    arguments += command;
    process->start(QStringLiteral(MCPSCOPE_CLI), arguments);
    QVERIFY(process->waitForStarted());
}

void tst_Record::binaryGarbageAndHugeLines()
{
    // Random bytes (newlines, CRs and NULs included), an 8 MiB line, JSON-RPC lines, no final
    // newline. The server echoes stdin to stdout and stderr.
    QByteArray data(1024 * 1024, Qt::Uninitialized);
    QRandomGenerator generator(14);
    generator.fillRange(reinterpret_cast<quint32 *>(data.data()), data.size() / 4);
    data += '\n' + QByteArray(8 * 1024 * 1024, 'h') + '\n';
    for (int i = 0; i < 100; ++i)
        data += R"({"jsonrpc":"2.0","id":)" + QByteArray::number(i) + R"(,"method":"tools/list"})" "\n";
    data += "no newline at the end";

    const QString capture = m_dir.filePath(QStringLiteral("garbage.jsonl"));
    QProcess recorder;
    startRecorder(&recorder, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("tee /dev/stderr")}, capture);
    // Written in pieces of changing sizes.
    for (qsizetype at = 0, step = 1; at < data.size(); at += step, step = step * 7 % 100003 + 1)
        recorder.write(data.mid(at, step));
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(60000));
    QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
    QCOMPARE(recorder.exitCode(), 0);
    const QByteArray out = recorder.readAllStandardOutput();
    const QByteArray err = recorder.readAllStandardError();
    QCOMPARE(out.size(), data.size());
    QVERIFY(out == data);
    if (err != data) {
        qsizetype at = 0;
        while (at < qMin(err.size(), data.size()) && err.at(at) == data.at(at))
            ++at;
        qWarning("stderr differs at %lld of %lld/%lld: %s", qlonglong(at), qlonglong(err.size()), qlonglong(data.size()),
                 err.mid(at, 200).toHex().constData());
    }
    QVERIFY(err == data);

    bool ok = false;
    const QList<TrafficEvent> events = readCapture(capture, &ok);
    QVERIFY(ok);
    const QByteArrayList expected = framedLines(data);
    QVERIFY(rawOf(events, TrafficEvent::Direction::Outgoing, false) == expected);
    QVERIFY(rawOf(events, TrafficEvent::Direction::Incoming, false) == expected);
    QVERIFY(rawOf(events, TrafficEvent::Direction::Incoming, true) == expected);
    QCOMPARE(events.first().kind, TrafficEvent::Kind::ProcessStarted);
    QCOMPARE(events.last().kind, TrafficEvent::Kind::ProcessExited);
    QCOMPARE(events.last().note, QStringLiteral("exited with code 0"));
}

void tst_Record::splitAtEveryOffset()
{
    // One recorder, the same two messages written again and again, cut at every offset with a
    // pause between the halves so that the recorder reads them apart.
    const QByteArray message = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"é"}})" "\n"
                               R"({"jsonrpc":"2.0","method":"notifications/cancelled"})" "\r\n";
    const QString capture = m_dir.filePath(QStringLiteral("split.jsonl"));
    QProcess recorder;
    startRecorder(&recorder, {QStringLiteral("cat")}, capture);
    QByteArray sent;
    for (qsizetype offset = 0; offset <= message.size(); ++offset) {
        for (const QByteArray &part : {message.left(offset), message.mid(offset)}) {
            if (part.isEmpty())
                continue;
            recorder.write(part);
            QVERIFY(recorder.waitForBytesWritten(5000));
            QTest::qWait(1);
        }
        sent += message;
    }
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(30000));
    QCOMPARE(recorder.readAllStandardOutput(), sent);
    const QList<TrafficEvent> events = readCapture(capture);
    const QByteArrayList expected = framedLines(sent);
    QCOMPARE(rawOf(events, TrafficEvent::Direction::Outgoing, false), expected);
    QCOMPARE(rawOf(events, TrafficEvent::Direction::Incoming, false), expected);
    for (const TrafficEvent &e : events) {
        if (e.direction != TrafficEvent::Direction::Local)
            QCOMPARE(e.kind, TrafficEvent::Kind::Message);
    }
}

void tst_Record::exitCodes_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<bool>("crashed");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("note");
    QTest::newRow("0") << "exit 0" << false << 0 << "exited with code 0";
    QTest::newRow("3") << "exit 3" << false << 3 << "exited with code 3";
    QTest::newRow("255") << "exit 255" << false << 255 << "exited with code 255";
    QTest::newRow("SIGKILL") << "kill -KILL $$" << true << int(SIGKILL) << "was killed by signal 9 (SIGKILL)";
    QTest::newRow("SIGSEGV") << "kill -SEGV $$" << true << int(SIGSEGV) << "was killed by signal 11 (SIGSEGV)";
    QTest::newRow("SIGTERM") << "kill -TERM $$" << true << int(SIGTERM) << "was killed by signal 15 (SIGTERM)";
}

void tst_Record::exitCodes()
{
    QFETCH(QString, script);
    QFETCH(bool, crashed);
    QFETCH(int, code);
    QFETCH(QString, note);
    const QString capture = m_dir.filePath(QStringLiteral("exit.jsonl"));
    QProcess recorder;
    startRecorder(&recorder, {QStringLiteral("sh"), QStringLiteral("-c"), script}, capture);
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitStatus(), crashed ? QProcess::CrashExit : QProcess::NormalExit);
    QCOMPARE(recorder.exitCode(), code);
    const QList<TrafficEvent> events = readCapture(capture);
    QVERIFY(!events.isEmpty());
    QCOMPARE(events.last().kind, TrafficEvent::Kind::ProcessExited);
    QCOMPARE(events.last().note, note);
}

void tst_Record::signalsForwarded_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<QString>("name");
    QTest::newRow("SIGINT") << int(SIGINT) << "INT";
    QTest::newRow("SIGTERM") << int(SIGTERM) << "TERM";
    QTest::newRow("SIGHUP") << int(SIGHUP) << "HUP";
}

void tst_Record::signalsForwarded()
{
    QFETCH(int, signal);
    QFETCH(QString, name);
    const QString capture = m_dir.filePath(QStringLiteral("signal.jsonl"));
    // The server catches the signal, waits a little (a second delivery would count), says how
    // many it got and exits with 42: the signal reached it, once.
    const QString script = QStringLiteral(
        "import signal, sys, time\n"
        "got = []\n"
        "signal.signal(%1, lambda *a: got.append(1))\n"
        "print('ready', flush=True)\n"
        "while not got: time.sleep(0.01)\n"
        "time.sleep(0.3)\n"
        "print('got-%2-%d' % len(got), flush=True)\n"
        "sys.exit(42)\n").arg(signal).arg(name);
    auto waitForReady = [](QProcess *process) {
        QByteArray seen;
        QElapsedTimer timer;
        timer.start();
        while (!seen.contains("ready") && process->state() == QProcess::Running && timer.elapsed() < 10000) {
            process->waitForReadyRead(100);
            seen += process->readAllStandardOutput();
        }
        return seen.contains("ready");
    };
    QProcess recorder;
    startRecorder(&recorder, {QStringLiteral("python3"), QStringLiteral("-c"), script}, capture);
    QVERIFY(waitForReady(&recorder));
    ::kill(pid_t(recorder.processId()), signal);
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
    QCOMPARE(recorder.exitCode(), 42);
    QCOMPARE(recorder.readAllStandardOutput().trimmed(), QByteArray("got-" + name.toLatin1() + "-1"));

    // Not caught, the signal ends the server, and the recorder ends the same way.
    QProcess plain;
    startRecorder(&plain, {QStringLiteral("python3"), QStringLiteral("-c"),
                           QStringLiteral("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_DFL)\n"
                                          "print('ready', flush=True)\ntime.sleep(30)\n")},
                  capture);
    QVERIFY(waitForReady(&plain));
    ::kill(pid_t(plain.processId()), signal);
    QVERIFY(plain.waitForFinished(10000));
    QCOMPARE(plain.exitStatus(), QProcess::CrashExit);
    QCOMPARE(plain.exitCode(), signal);
}

void tst_Record::hostClosesStdinEarly()
{
    // The host sends initialize and closes stdin at once: the demo server still answers, the
    // answer reaches the host, and everything ends cleanly.
    const QString capture = m_dir.filePath(QStringLiteral("early.jsonl"));
    QProcess recorder;
    startRecorder(&recorder, {QStringLiteral(MCPSCOPE_DEMO_SERVER)}, capture, {QStringLiteral("--name"), QStringLiteral("demo")});
    const QByteArray initialize = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})" "\n";
    recorder.write(initialize);
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(20000));
    QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
    QCOMPARE(recorder.exitCode(), 0);
    const QByteArray out = recorder.readAllStandardOutput();
    QVERIFY2(out.startsWith(R"({"id":1,"jsonrpc":"2.0","result":)"), out.left(200).constData());
    QVERIFY(recorder.readAllStandardError().contains("serving MCP on stdio"));
    bool ok = false;
    const QList<TrafficEvent> events = readCapture(capture, &ok);
    QVERIFY(ok);
    QCOMPARE(rawOf(events, TrafficEvent::Direction::Outgoing, false), QByteArrayList{initialize.chopped(1)});
    QCOMPARE(rawOf(events, TrafficEvent::Direction::Incoming, false), QByteArrayList{out.chopped(1)});
    // The log pairs the recorded request with its answer, as in a connection's traffic view.
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    TrafficLog log;
    QVERIFY(TrafficCapture::readJsonLines(&file, &log).ok);
    int requestRow = -1;
    for (int row = 0; row < log.rowCount(); ++row) {
        if (requestRow < 0 && log.method(row) == QLatin1String("initialize"))
            requestRow = row; // the response carries its request's method too
    }
    QVERIFY(requestRow >= 0);
    QVERIFY(log.pairedRow(requestRow) > requestRow);
    QVERIFY(log.latencyNs(requestRow) >= 0);
}

void tst_Record::requestsBeforeTheirAnswers()
{
    // Round trips one after the other: in the capture every request comes before its answer,
    // although the two directions are passed on (and recorded) by threads of their own. (The
    // live view pairs a request with an answer that follows it; a flaky tst_liveview case
    // showed an answer recorded first.)
    const QString capture = m_dir.filePath(QStringLiteral("order.jsonl"));
    QProcess recorder;
    startRecorder(&recorder, {QStringLiteral(MCPSCOPE_DEMO_SERVER)}, capture);
    recorder.write(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})" "\n");
    constexpr int Pings = 1000;
    QByteArray out;
    for (int id = 0; id <= Pings; ++id) {
        if (id > 0)
            recorder.write(R"({"jsonrpc":"2.0","method":"ping","id":)" + QByteArray::number(id) + "}\n");
        const QByteArray answer = R"({"id":)" + QByteArray::number(id) + ',';
        while (!out.contains(answer)) {
            QVERIFY2(recorder.waitForReadyRead(10000), answer.constData());
            out += recorder.readAllStandardOutput();
        }
        out.clear();
    }
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(20000));
    QCOMPARE(recorder.exitCode(), 0);
    bool ok = false;
    const QList<TrafficEvent> events = readCapture(capture, &ok);
    QVERIFY(ok);
    QHash<QByteArray, int> requestAt;
    int answers = 0;
    for (int i = 0; i < events.size(); ++i) {
        const TrafficEvent &e = events.at(i);
        if (e.kind != TrafficEvent::Kind::Message)
            continue;
        const QJsonObject object = QJsonDocument::fromJson(e.raw).object();
        const QByteArray id = QByteArray::number(object.value(QLatin1String("id")).toInteger(-1));
        if (e.direction == TrafficEvent::Direction::Outgoing && object.contains(QLatin1String("method"))) {
            requestAt.insert(id, i);
        } else if (e.direction == TrafficEvent::Direction::Incoming && object.contains(QLatin1String("result"))) {
            QVERIFY2(requestAt.contains(id), qPrintable(QStringLiteral("the answer to %1 is recorded before its request")
                                                            .arg(QString::fromLatin1(id))));
            ++answers;
        }
    }
    QCOMPARE(answers, Pings + 1);
}

void tst_Record::grandchildKeepsOutputOpen()
{
    // The server leaves a child behind that holds its stdout (npx and shell wrappers do): the
    // recorder ends a moment after the server, not when the grandchild does.
    const QString capture = m_dir.filePath(QStringLiteral("grandchild.jsonl"));
    QProcess recorder;
    QElapsedTimer timer;
    timer.start();
    startRecorder(&recorder, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 20 & echo hi; exit 4")},
                  capture);
    QVERIFY(recorder.waitForFinished(10000));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
    QCOMPARE(recorder.exitCode(), 4);
    QCOMPARE(recorder.readAllStandardOutput(), QByteArray("hi\n"));
    const QList<TrafficEvent> events = readCapture(capture);
    QVERIFY(!events.isEmpty());
    QCOMPARE(events.last().note, QStringLiteral("exited with code 4"));
}

void tst_Record::slowCapture()
{
    // A capture disk that takes 200 ms per write and a 64 KiB queue: 8 MB pass through at
    // full speed, the recorder says what it could not record.
    QByteArray data;
    for (int i = 0; i < 20000; ++i)
        data += R"({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"line )"
            + QByteArray::number(i) + QByteArray(300, '.') + "\"}}\n";
    const QString capture = m_dir.filePath(QStringLiteral("slow.jsonl"));
    QProcess recorder;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MCPSCOPE_RECORD_WRITE_DELAY_MS"), QStringLiteral("200"));
    env.insert(QStringLiteral("MCPSCOPE_RECORD_QUEUE_BYTES"), QStringLiteral("65536"));
    recorder.setProcessEnvironment(env);
    startRecorder(&recorder, {QStringLiteral("cat")}, capture);
    QElapsedTimer timer;
    timer.start();
    recorder.write(data);
    QByteArray out;
    // Read as it comes: what a host does.
    while (out.size() < data.size() && timer.elapsed() < 20000) {
        recorder.waitForReadyRead(100);
        out += recorder.readAllStandardOutput();
    }
    const qint64 throughMs = timer.elapsed();
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(20000));
    QVERIFY(out == data);
    // Waiting for the disk would take (8 MB / 64 KiB) * 200 ms = 25 s.
    QVERIFY2(throughMs < 8000, qPrintable(QString::number(throughMs)));
    const QByteArray err = recorder.readAllStandardError();
    QVERIFY2(err.contains("were passed on but not recorded"), err.constData());
    bool ok = false;
    const QList<TrafficEvent> events = readCapture(capture, &ok);
    QVERIFY(ok);
    bool gapNoted = false;
    for (const TrafficEvent &e : events) {
        gapNoted = gapNoted || e.note.contains(QLatin1String("not recorded"));
        if (e.direction != TrafficEvent::Direction::Local)
            QCOMPARE(e.kind, TrafficEvent::Kind::Message); // never a half line
    }
    QVERIFY(gapNoted);
}

void tst_Record::fullDisk()
{
    // The file may grow to 4 KiB (ulimit -f in 512-byte blocks for dash; SIGXFSZ ignored, so
    // writes fail with EFBIG as they would with ENOSPC): traffic flows on regardless.
    QByteArray data;
    for (int i = 0; i < 2000; ++i)
        data += R"({"jsonrpc":"2.0","id":)" + QByteArray::number(i) + R"(,"method":"ping"})" "\n";
    const QString capture = m_dir.filePath(QStringLiteral("full.jsonl"));
    QProcess recorder;
    const QString script = QStringLiteral("trap '' XFSZ; ulimit -f 8; exec \"$0\" record --capture \"$1\" -- cat");
    recorder.start(QStringLiteral("sh"), {QStringLiteral("-c"), script, QStringLiteral(MCPSCOPE_CLI), capture});
    QVERIFY(recorder.waitForStarted());
    for (qsizetype at = 0; at < data.size(); at += 4096) {
        recorder.write(data.mid(at, 4096));
        QTest::qWait(2);
    }
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(20000));
    QCOMPARE(recorder.exitCode(), 0);
    QVERIFY(recorder.readAllStandardOutput() == data);
    const QByteArray err = recorder.readAllStandardError();
    QVERIFY2(err.contains("could not write the capture"), err.constData());
    QVERIFY2(err.contains("file size limit reached"), err.constData());
    QVERIFY2(err.contains("were passed on but not recorded"), err.constData());
    QVERIFY(QFileInfo(capture).size() <= 8 * 512);
    bool ok = false;
    QVERIFY(!readCapture(capture, &ok).isEmpty());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().endsWith('\n')); // no torn last line
}

void tst_Record::tinyDisk()
{
    // A real full disk: a 64 KiB tmpfs in a mount namespace of the test's own, where the machine
    // lets us make one; the capture is copied out before the namespace ends.
    const QString capture = m_dir.filePath(QStringLiteral("tiny-copy.jsonl"));
    const QString mountPoint = m_dir.filePath(QStringLiteral("tiny"));
    QVERIFY(QDir().mkpath(mountPoint));
    QByteArray data;
    for (int i = 0; i < 3000; ++i)
        data += R"({"jsonrpc":"2.0","id":)" + QByteArray::number(i) + R"(,"method":"ping"})" "\n";
    const QString script = QStringLiteral(
        "mount -t tmpfs -o size=64k tmpfs \"$2\" 2>/dev/null || { echo NO-MOUNT; exit 0; }; "
        "\"$0\" record --capture \"$2/c.jsonl\" -- cat; code=$?; cp \"$2/c.jsonl\" \"$1\"; exit $code");
    QProcess recorder;
    recorder.start(QStringLiteral("unshare"), {QStringLiteral("-m"), QStringLiteral("sh"), QStringLiteral("-c"), script,
                                              QStringLiteral(MCPSCOPE_CLI), capture, mountPoint});
    if (!recorder.waitForStarted())
        QSKIP("unshare(1) cannot be started here: no tiny disk to fill");
    for (qsizetype at = 0; at < data.size(); at += 4096) {
        recorder.write(data.mid(at, 4096));
        QTest::qWait(2);
    }
    recorder.closeWriteChannel();
    QVERIFY(recorder.waitForFinished(20000));
    const QByteArray out = recorder.readAllStandardOutput();
    const QByteArray err = recorder.readAllStandardError();
    if (out.startsWith("NO-MOUNT") || (recorder.exitCode() != 0 && err.contains("unshare")))
        QSKIP("this machine does not let the test mount a tmpfs (needs a mount namespace and CAP_SYS_ADMIN)");
    QCOMPARE(recorder.exitCode(), 0);
    QVERIFY(out == data); // all traffic was passed on
    QVERIFY2(err.contains("disk full"), err.constData());
    QVERIFY2(err.contains("were passed on but not recorded"), err.constData());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QVERIFY(!content.isEmpty());
    QVERIFY2(content.endsWith('\n'), content.right(80).constData());
    for (const QByteArray &line : content.split('\n')) {
        if (!line.isEmpty())
            QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
    }
}

void tst_Record::usage()
{
    QProcess recorder;
    recorder.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record")});
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitCode(), 2);
    QVERIFY(recorder.readAllStandardError().contains("no server command"));
    recorder.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record"), QStringLiteral("--"),
                                                   QStringLiteral("/nonexistent/server")});
    QVERIFY(recorder.waitForFinished(10000));
    QCOMPARE(recorder.exitCode(), 127);
    QVERIFY(recorder.readAllStandardError().contains("could not be started"));
}

QTEST_GUILESS_MAIN(tst_Record)
#include "tst_record.moc"
