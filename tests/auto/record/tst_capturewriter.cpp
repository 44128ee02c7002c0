// CaptureWriter (lib/record): framing of recorded streams split anywhere, a slow or full disk
// that never holds traffic up, redaction, and captures that traffic/ reads back.
#include "jsonrpc/message.h"
#include "record/capturewriter.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "framing.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QJsonDocument>
#include <QTest>
#include <QThread>
#include <QFileInfo>

#include <csignal>
#include <sys/resource.h>

#include <mutex>
#include <optional>

using namespace Mcp;
using Mcp::Test::framedLines;
using Mcp::Record::CaptureWriter;

namespace {

struct Read
{
    TrafficCapture::ImportResult result;
    QList<TrafficEvent> events;
};

Read readCapture(const QString &path)
{
    Read read;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return read;
    TrafficLog log;
    read.result = TrafficCapture::readJsonLines(&file, &log);
    for (int row = 0; row < log.rowCount(); ++row)
        read.events.append(log.event(row));
    return read;
}

QList<TrafficEvent> ofKinds(const QList<TrafficEvent> &events, std::initializer_list<TrafficEvent::Kind> kinds)
{
    QList<TrafficEvent> out;
    for (const TrafficEvent &e : events) {
        if (std::find(kinds.begin(), kinds.end(), e.kind) != kinds.end())
            out.append(e);
    }
    return out;
}

// A disk that is full past `bytes`: the files this process writes may not grow beyond them
// (EFBIG, as ENOSPC would; SIGXFSZ ignored), until the limit is destroyed.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        struct sigaction ignore = {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        ::sigaction(SIGXFSZ, &ignore, &m_previousAction);
        ::getrlimit(RLIMIT_FSIZE, &m_previous);
        rlimit small = m_previous;
        small.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &small);
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_previous);
        ::sigaction(SIGXFSZ, &m_previousAction, nullptr);
    }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;

private:
    struct sigaction m_previousAction = {};
    rlimit m_previous{};
};

} // namespace

class tst_CaptureWriter : public QObject
{
    Q_OBJECT

private slots:
    void splitAtEveryOffset();
    void hugeLineSplit();
    void bigLinesWrittenInPieces();
    void bigLineOnAFullDisk();
    void directionsAndStderr();
    void slowSinkNeverBlocks();
    void finishWaitsForAMovingDisk();
    void finishGivesUpOnAStuckDisk();
    void finishWaitsForAStarvedWriter();
    void fullDisk();
    void redactsCredentials();
    void tapSeesEveryEvent();

private:
    QTemporaryDir m_dir;
};

void tst_CaptureWriter::splitAtEveryOffset()
{
    const QByteArray data = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})" "\n"
                            "\xff\xfe garbage \x01\x02\n"
                            R"({"jsonrpc":"2.0","method":"notifications/initialized"})" "\r\n"
                            "\n"
                            R"({"jsonrpc":"2.0","id":"a","result":{"x":"é"}})" "\n"
                            "unterminated tail";
    const QByteArrayList expected = framedLines(data);
    QCOMPARE(expected.size(), 6);
    const QString path = m_dir.filePath(QStringLiteral("split.jsonl"));
    for (qsizetype offset = 0; offset <= data.size(); ++offset) {
        {
            CaptureWriter writer({path, QStringLiteral("split")});
            QVERIFY(writer.open(nullptr));
            writer.postChunk(CaptureWriter::Stream::ClientToServer, data.left(offset));
            writer.postChunk(CaptureWriter::Stream::ClientToServer, data.mid(offset));
            writer.postEnd(CaptureWriter::Stream::ClientToServer);
        }
        const Read read = readCapture(path);
        QVERIFY2(read.result.ok, qPrintable(read.result.error));
        QVERIFY(read.result.issues.isEmpty());
        QCOMPARE(read.result.connectionNames.value(CaptureWriter::ConnectionId), QStringLiteral("split"));
        QByteArrayList lines;
        for (const TrafficEvent &e : read.events) {
            QCOMPARE(e.direction, TrafficEvent::Direction::Outgoing);
            lines.append(e.raw);
        }
        QCOMPARE(lines, expected);
        QCOMPARE(read.events.at(0).kind, TrafficEvent::Kind::Message);
        QCOMPARE(read.events.at(1).kind, TrafficEvent::Kind::InvalidMessage);
        QCOMPARE(read.events.at(2).kind, TrafficEvent::Kind::Message);
        QCOMPARE(read.events.at(3).kind, TrafficEvent::Kind::InvalidMessage); // the empty line
        QCOMPARE(read.events.at(4).kind, TrafficEvent::Kind::Message);
    }
}

void tst_CaptureWriter::hugeLineSplit()
{
    QByteArray huge = R"({"jsonrpc":"2.0","id":7,"result":{"text":")";
    huge += QByteArray(3 * 1024 * 1024, 'x');
    huge += "\"}}";
    const QByteArray data = huge + '\n' + R"({"jsonrpc":"2.0","method":"n"})" + '\n';
    const QString path = m_dir.filePath(QStringLiteral("huge.jsonl"));
    for (qsizetype offset : {qsizetype(0), qsizetype(1), qsizetype(40), huge.size() / 2, huge.size() - 1,
                             huge.size(), huge.size() + 1, data.size() - 1}) {
        {
            CaptureWriter writer({path, QStringLiteral("huge")});
            QVERIFY(writer.open(nullptr));
            // The second part in 64 KiB chunks, as the pumps read it.
            writer.postChunk(CaptureWriter::Stream::ServerToClient, data.left(offset));
            for (qsizetype at = offset; at < data.size(); at += 65536)
                writer.postChunk(CaptureWriter::Stream::ServerToClient, data.mid(at, 65536));
            writer.postEnd(CaptureWriter::Stream::ServerToClient);
            QCOMPARE(writer.stats().eventsLost, 0);
        }
        const Read read = readCapture(path);
        QCOMPARE(read.events.size(), 2);
        QCOMPARE(read.events.at(0).raw, huge);
        QCOMPARE(read.events.at(0).kind, TrafficEvent::Kind::Message);
        QCOMPARE(read.events.at(0).direction, TrafficEvent::Direction::Incoming);
    }
}

void tst_CaptureWriter::bigLinesWrittenInPieces()
{
    // A big message's line, handed over in pieces, is the line appendJsonLine() builds whole:
    // a stdio line, an HTTP one (fields around the raw bytes), and bytes that are not UTF-8.
    QByteArray text = R"({"jsonrpc":"2.0","id":7,"result":{"text":")";
    for (int i = 0; text.size() < 3 * 1024 * 1024; ++i)
        text += "row " + QByteArray::number(i) + R"( \"quoted\"\n caf\u00e9 )" + "\xc3\xa9 \xe4\xb8\xad\t";
    text += "\"}}";
    TrafficEvent stdio = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::Message, text);
    stdio.connectionId = 1;
    TrafficEvent http = stdio;
    http.httpMethod = "POST";
    http.url = QStringLiteral("https://example.test/mcp?raw=1");
    http.httpStatus = 200;
    http.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    http.note = QStringLiteral("a note with \"raw\":\"\" in it");
    http.exchangeId = 4;
    TrafficEvent binary = stdio;
    binary.raw = QByteArray(2 * 1024 * 1024, '\xff');
    const QList<TrafficEvent> events{stdio, http, binary};
    for (const TrafficEvent &event : events) {
        QByteArray whole;
        TrafficCapture::appendJsonLine(&whole, event);
        QByteArray pieces;
        int count = 0;
        QVERIFY(TrafficCapture::writeJsonLine(event, 1024 * 1024, [&](QByteArrayView piece) {
            pieces += piece;
            ++count;
            return true;
        }));
        QCOMPARE(pieces.size(), whole.size());
        QVERIFY(pieces == whole);
        if (event.raw != binary.raw)
            QVERIFY(count >= 4); // three megabytes of text in pieces of one, and the ends
    }
    // A sink that refuses stops the line.
    int calls = 0;
    QVERIFY(!TrafficCapture::writeJsonLine(stdio, 1024 * 1024, [&calls](QByteArrayView) { return ++calls < 2; }));
    QCOMPARE(calls, 2);
}

void tst_CaptureWriter::bigLineOnAFullDisk()
{
    // The disk fills up in the middle of a big message's line: the line is cut back whole, the
    // message counted as lost, the lines before it kept.
    const QString path = m_dir.filePath(QStringLiteral("bigfull.jsonl"));
    std::optional<FileSizeLimit> limit(std::in_place, 2 * 1024 * 1024);
    const QByteArray first = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}})";
    QByteArray big = R"({"jsonrpc":"2.0","id":1,"result":{"text":")" + QByteArray(3 * 1024 * 1024, 'y') + "\"}}";
    CaptureWriter::Stats stats;
    {
        CaptureWriter writer({path, QStringLiteral("bigfull")});
        const bool opened = writer.open(nullptr);
        writer.postChunk(CaptureWriter::Stream::ClientToServer, first + '\n');
        writer.postChunk(CaptureWriter::Stream::ServerToClient, big + '\n');
        writer.finish();
        stats = writer.stats();
        limit.reset(); // the disk has room again
        QVERIFY(opened);
    }
    QCOMPARE(stats.eventsLost, 1);
    QCOMPARE(stats.bytesLost, big.size());
    QVERIFY(!stats.writeError.isEmpty());
    const Read read = readCapture(path);
    QVERIFY(read.result.ok);
    const QList<TrafficEvent> messages = ofKinds(read.events, {TrafficEvent::Kind::Message});
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().raw, first);
    for (const TrafficEvent &event : read.events)
        QVERIFY(event.raw.size() < 1024 * 1024); // no part of the big one
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().endsWith('\n'));
}

void tst_CaptureWriter::directionsAndStderr()
{
    const QString path = m_dir.filePath(QStringLiteral("dirs.jsonl"));
    {
        CaptureWriter writer({path, QStringLiteral("dirs")});
        QVERIFY(writer.open(nullptr));
        // Requests go both ways: the direction comes from the stream, not from the method.
        writer.postChunk(CaptureWriter::Stream::ClientToServer, R"({"jsonrpc":"2.0","id":1,"method":"ping"})" "\n");
        writer.postChunk(CaptureWriter::Stream::ServerToClient, R"({"jsonrpc":"2.0","id":1,"method":"ping"})" "\n");
        writer.postChunk(CaptureWriter::Stream::ServerStderr, "log line one\nlog ");
        writer.postChunk(CaptureWriter::Stream::ServerToClient, R"({"jsonrpc":"2.0","id":1,"result":{}})" "\n");
        writer.postChunk(CaptureWriter::Stream::ServerStderr, "line two\n");
    }
    const Read read = readCapture(path);
    QCOMPARE(read.events.size(), 5);
    QCOMPARE(read.events.at(0).direction, TrafficEvent::Direction::Outgoing);
    QCOMPARE(read.events.at(1).direction, TrafficEvent::Direction::Incoming);
    QCOMPARE(read.events.at(1).kind, TrafficEvent::Kind::Message);
    QCOMPARE(read.events.at(2).kind, TrafficEvent::Kind::StderrLine);
    QCOMPARE(read.events.at(2).raw, QByteArray("log line one"));
    QCOMPARE(read.events.at(4).raw, QByteArray("log line two"));
}

void tst_CaptureWriter::slowSinkNeverBlocks()
{
    const QString path = m_dir.filePath(QStringLiteral("slow.jsonl"));
    QByteArray line = R"({"jsonrpc":"2.0","method":"notifications/message","params":{"data":")";
    line += QByteArray(4000, 'y') + "\"}}\n";
    CaptureWriter::Options options{path, QStringLiteral("slow")};
    options.maxQueuedBytes = 256 * 1024;
    CaptureWriter writer(options);
    writer.setWriteDelayForTesting(50);
    QVERIFY(writer.open(nullptr));
    QElapsedTimer timer;
    timer.start();
    const int count = 3000;
    // Chunks that cut lines in two, so that a lost chunk leaves half lines behind.
    QByteArray all;
    for (int i = 0; i < count; ++i)
        all += line;
    for (qsizetype at = 0; at < all.size(); at += 6000)
        writer.postChunk(CaptureWriter::Stream::ServerToClient, all.mid(at, 6000));
    const qint64 postingMs = timer.elapsed();
    writer.postEnd(CaptureWriter::Stream::ServerToClient);
    writer.finish();
    // 12 MB through a 50 ms-per-write disk would take seconds if posting waited for it.
    QVERIFY2(postingMs < 500, qPrintable(QString::number(postingMs)));
    const CaptureWriter::Stats stats = writer.stats();
    QVERIFY(stats.eventsLost > 0);
    QVERIFY(stats.bytesLost > 0);
    const Read read = readCapture(path);
    QVERIFY(read.result.issues.isEmpty());
    int messages = 0;
    int gaps = 0;
    for (const TrafficEvent &e : read.events) {
        if (e.kind == TrafficEvent::Kind::Note && e.note.contains(QLatin1String("not recorded")))
            ++gaps;
        if (e.direction != TrafficEvent::Direction::Incoming)
            continue;
        // No half line is ever recorded as traffic: every recorded line is the whole line.
        QCOMPARE(e.kind, TrafficEvent::Kind::Message);
        QCOMPARE(e.raw.size(), line.size() - 1);
        ++messages;
    }
    QVERIFY(gaps > 0);
    QVERIFY(messages > 0);
    QVERIFY(messages < count);
    // The last event says how much was lost.
    QCOMPARE(read.events.last().kind, TrafficEvent::Kind::Note);
}

// Posts 5 MiB of server-to-client results in 64 KiB chunks; returns what it posted.
static QByteArray postResults(CaptureWriter *writer)
{
    QByteArray all;
    for (int i = 0; all.size() < 5 * 1024 * 1024; ++i)
        all += R"({"jsonrpc":"2.0","id":)" + QByteArray::number(i) + R"(,"result":{"text":")" + QByteArray(1000, 'r') + "\"}}\n";
    for (qsizetype at = 0; at < all.size(); at += 64 * 1024)
        writer->postChunk(CaptureWriter::Stream::ServerToClient, all.mid(at, 64 * 1024));
    return all;
}

// Finishing with a bound: a disk that is slow but moves (or a writer thread a busy machine
// gives little CPU) still gets the whole capture; only a disk that stops moving loses the rest.
void tst_CaptureWriter::finishWaitsForAMovingDisk()
{
    const QString path = m_dir.filePath(QStringLiteral("moving.jsonl"));
    CaptureWriter writer({path, QStringLiteral("moving")});
    writer.setWriteDelayForTesting(100); // per write of up to 1 MiB
    QVERIFY(writer.open(nullptr));
    const QByteArray all = postResults(&writer);
    writer.postEnd(CaptureWriter::Stream::ServerToClient);
    // Six writes of 100 ms each: more than the 200 ms bound in all, never 200 ms without one.
    writer.finish(200);
    QCOMPARE(writer.stats().eventsLost, 0);
    const Read read = readCapture(path);
    QVERIFY(read.result.issues.isEmpty());
    QByteArrayList recorded;
    for (const TrafficEvent &e : ofKinds(read.events, {TrafficEvent::Kind::Message}))
        recorded.append(e.raw);
    QCOMPARE(recorded.size(), framedLines(all).size());
    QVERIFY(recorded == framedLines(all));
}

void tst_CaptureWriter::finishGivesUpOnAStuckDisk()
{
    const QString path = m_dir.filePath(QStringLiteral("stuck.jsonl"));
    CaptureWriter writer({path, QStringLiteral("stuck")});
    writer.setWriteDelayForTesting(800); // each write stalls far longer than the bound
    QVERIFY(writer.open(nullptr));
    postResults(&writer);
    QElapsedTimer timer;
    timer.start();
    writer.finish(200);
    // Waiting for every write would take six of them and more; it gives up after the first
    // stall (the closing note's write is the last one).
    QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
    const CaptureWriter::Stats stats = writer.stats();
    QVERIFY(stats.eventsLost > 0);
    QVERIFY(stats.bytesLost > 0);
    const Read read = readCapture(path);
    QCOMPARE(read.events.last().kind, TrafficEvent::Kind::Note);
    QVERIFY(read.events.last().note.contains(QLatin1String("could not record")));
}

// The stall is timed around the disk write alone: a writer that is slow to get through the
// items (a huge line on a thread a busy machine gives little CPU) is not a stuck disk.
void tst_CaptureWriter::finishWaitsForAStarvedWriter()
{
    const QString path = m_dir.filePath(QStringLiteral("starved.jsonl"));
    CaptureWriter writer({path, QStringLiteral("starved")});
    writer.setFrameDelayForTesting(150); // per item: longer than the 100 ms bound
    QVERIFY(writer.open(nullptr));
    const QByteArray line = R"({"jsonrpc":"2.0","id":1,"result":{"text":")" + QByteArray(3 * 1024 * 1024, 't') + "\"}}";
    const qsizetype third = line.size() / 3;
    writer.postChunk(CaptureWriter::Stream::ServerToClient, line.left(third));
    writer.postChunk(CaptureWriter::Stream::ServerToClient, line.mid(third, third));
    writer.postChunk(CaptureWriter::Stream::ServerToClient, line.mid(2 * third) + "\n");
    writer.postEnd(CaptureWriter::Stream::ServerToClient);
    writer.finish(100); // four items of 150 ms each: 600 ms, within the 1 s cap
    QCOMPARE(writer.stats().eventsLost, 0);
    const QList<TrafficEvent> messages = ofKinds(readCapture(path).events, {TrafficEvent::Kind::Message});
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().raw, line);
}

void tst_CaptureWriter::fullDisk()
{
    // A disk that fills up during the recording: the file may grow to 8 KiB, then every write
    // fails (EFBIG, as ENOSPC would).
    const QString path = m_dir.filePath(QStringLiteral("full.jsonl"));
    std::optional<FileSizeLimit> limit(std::in_place, 8192);
    QElapsedTimer timer;
    CaptureWriter::Stats stats;
    {
        CaptureWriter writer({path, QStringLiteral("full")});
        const bool opened = writer.open(nullptr);
        timer.start();
        for (int i = 0; i < 2000; ++i) {
            writer.postChunk(CaptureWriter::Stream::ClientToServer,
                             R"({"jsonrpc":"2.0","method":"notifications/progress","params":{}})" "\n");
            if (i % 100 == 0)
                QThread::msleep(2); // several writes, not one
        }
        writer.finish();
        stats = writer.stats();
        limit.reset(); // the disk has room again
        QVERIFY(opened);
    }
    QVERIFY(timer.elapsed() < 5000);
    QVERIFY2(!stats.writeError.isEmpty(), "the write error is reported");
    QVERIFY(stats.eventsLost > 0);
    QVERIFY(stats.bytesLost > 0);
    // What fit is a readable capture.
    const Read read = readCapture(path);
    QVERIFY(read.result.ok);
    QVERIFY(!read.events.isEmpty());
    QVERIFY(QFileInfo(path).size() <= 8192);
    // Whole lines or none (issue 32): no torn last line, every line one JSON object.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QVERIFY2(content.endsWith('\n'), content.right(80).constData());
    for (const QByteArray &line : content.split('\n')) {
        if (!line.isEmpty())
            QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
    }
    // The reason the system gave, not "Unknown error".
    QVERIFY2(stats.writeError.contains(QLatin1String("file size limit reached")), qPrintable(stats.writeError));
    QVERIFY2(stats.eventsLost > 1, qPrintable(QString::number(stats.eventsLost))); // the lines, not the batches
}

void tst_CaptureWriter::redactsCredentials()
{
    const QString path = m_dir.filePath(QStringLiteral("secret.jsonl"));
    {
        CaptureWriter writer({path, QStringLiteral("secret")});
        QVERIFY(writer.open(nullptr));
        TrafficEvent request = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message,
                                                  R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
        request.httpMethod = "POST";
        request.url = QStringLiteral("http://127.0.0.1:1/mcp");
        request.headers = {{"Authorization", "Bearer s3cr3t-token"}, {"Accept", "application/json"}};
        request.exchangeId = 1;
        writer.postEvent(request);
        writer.postChunk(CaptureWriter::Stream::ServerToClient,
                         R"({"jsonrpc":"2.0","id":1,"result":{"access_token":"s3cr3t-token"}})" "\n");
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(!text.contains("s3cr3t"));
    QVERIFY(text.contains("[redacted]"));
    QVERIFY(text.contains("application/json"));
    QVERIFY(text.startsWith(R"({"format":"mcpscope-capture","version":1,)"));
}

void tst_CaptureWriter::tapSeesEveryEvent()
{
    QList<TrafficEvent> tapped;
    std::mutex mutex;
    CaptureWriter::Options options{QString(), QStringLiteral("tap")};
    options.tap = [&](const TrafficEvent &e) {
        std::lock_guard lock(mutex);
        tapped.append(e);
    };
    {
        CaptureWriter writer(options);
        QVERIFY(writer.open(nullptr));
        writer.postChunk(CaptureWriter::Stream::ClientToServer, "a\nb\n");
    }
    QCOMPARE(tapped.size(), 2);
    QCOMPARE(tapped.at(1).raw, QByteArray("b"));
    QCOMPARE(tapped.at(1).connectionId, CaptureWriter::ConnectionId);
}

QTEST_GUILESS_MAIN(tst_CaptureWriter)
#include "tst_capturewriter.moc"
