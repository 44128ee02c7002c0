#include "transport/lineframer.h"

#include <QElapsedTimer>
#include <QTest>

#include <cstring>

using Mcp::LineFramer;

namespace {

// Oversized frames are written as "<oversized>" so rows can state where they are expected.
const QByteArray Oversized = QByteArrayLiteral("<oversized>");

QList<QByteArray> render(const QList<LineFramer::Frame> &frames, const QByteArray &input, qsizetype max)
{
    QList<QByteArray> out;
    for (const LineFramer::Frame &frame : frames) {
        if (frame.oversized) {
            // The report keeps the line's first bytes, and passed the limit.
            if (frame.size <= max || !input.contains(frame.line) || frame.line.size() > LineFramer::OversizedPrefixSize)
                out.append(QByteArrayLiteral("<bad oversized report>"));
            else
                out.append(Oversized);
        } else {
            if (frame.size != frame.line.size())
                out.append(QByteArrayLiteral("<bad size>"));
            out.append(frame.line);
        }
    }
    return out;
}

} // namespace

class tst_LineFramer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitAnywhere_data();
    void splitAnywhere();
    void byteByByte_data() { splitAnywhere_data(); }
    void byteByByte();
    void appendSpaceSplitAnywhere_data() { splitAnywhere_data(); }
    void appendSpaceSplitAnywhere();
    void appendSpaceByteByByte_data() { splitAnywhere_data(); }
    void appendSpaceByteByByte();
    void maxLineSizeIsExclusiveOfTerminator();
    void resynchronisesAfterOversizedLineAcrossManyChunks();
    void bigLineInSmallChunksIsLinear();
    void finishReturnsUnterminatedTail();
};

void tst_LineFramer::splitAnywhere_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qsizetype>("max");
    QTest::addColumn<QList<QByteArray>>("expected");
    QTest::addColumn<QList<QByteArray>>("tail"); // what finish() returns afterwards

    const qsizetype big = LineFramer::DefaultMaxLineSize;
    using L = QList<QByteArray>;
    QTest::newRow("empty") << QByteArray() << big << L{} << L{};
    QTest::newRow("one line") << QByteArray("{\"a\":1}\n") << big << L{"{\"a\":1}"} << L{};
    QTest::newRow("two lines") << QByteArray("ab\ncd\n") << big << L{"ab", "cd"} << L{};
    QTest::newRow("crlf") << QByteArray("ab\r\ncd\r\n") << big << L{"ab", "cd"} << L{};
    QTest::newRow("mixed lf and crlf") << QByteArray("ab\ncd\r\nef\n") << big << L{"ab", "cd", "ef"} << L{};
    QTest::newRow("lone cr inside a line is kept") << QByteArray("a\rb\n") << big << L{"a\rb"} << L{};
    QTest::newRow("only one cr is stripped") << QByteArray("a\r\r\n") << big << L{"a\r"} << L{};
    QTest::newRow("empty lines") << QByteArray("\n\r\n\n") << big << L{"", "", ""} << L{};
    QTest::newRow("unterminated tail") << QByteArray("ab\ncd") << big << L{"ab"} << L{"cd"};
    QTest::newRow("unterminated tail with cr") << QByteArray("ab\ncd\r") << big << L{"ab"} << L{"cd"};
    QTest::newRow("nul bytes and invalid utf-8") << QByteArray("a\0b\xff\xfe\n", 6) << big
                                                 << L{QByteArray("a\0b\xff\xfe", 5)} << L{};
    QTest::newRow("line at the limit") << QByteArray("abcd\nxy\n") << qsizetype(4) << L{"abcd", "xy"} << L{};
    QTest::newRow("crlf line at the limit") << QByteArray("abcd\r\nxy\n") << qsizetype(4) << L{"abcd", "xy"} << L{};
    QTest::newRow("oversized then recovery") << QByteArray("abcdefgh\nok\n") << qsizetype(4) << L{Oversized, "ok"} << L{};
    QTest::newRow("oversized between lines") << QByteArray("ok\nabcdefgh\r\nok2\n") << qsizetype(4)
                                             << L{"ok", Oversized, "ok2"} << L{};
    QTest::newRow("two oversized in a row") << QByteArray("abcdefgh\n123456789\nz\n") << qsizetype(4)
                                            << L{Oversized, Oversized, "z"} << L{};
    QTest::newRow("oversized unterminated") << QByteArray("ok\nabcdefgh") << qsizetype(4) << L{"ok", Oversized} << L{};
}

// How a reader hands a chunk to the framer: feed(), or appendSpace()/commitAppend() (the reader
// writes into the framer's buffer itself, which must frame exactly as feed() does, also when the
// reader asks for more room than it fills).
using Feeder = QList<LineFramer::Frame> (*)(LineFramer &framer, const QByteArray &chunk);

static QList<LineFramer::Frame> feedChunk(LineFramer &framer, const QByteArray &chunk)
{
    return framer.feed(chunk);
}

static QList<LineFramer::Frame> appendThroughSpace(LineFramer &framer, const QByteArray &chunk)
{
    char *room = framer.appendSpace(chunk.size() + 7);
    if (!chunk.isEmpty())
        std::memcpy(room, chunk.constData(), size_t(chunk.size()));
    return framer.commitAppend(chunk.size());
}

// The row's input in two chunks, split at every place.
static void checkSplitAnywhere(Feeder feeder)
{
    QFETCH(QByteArray, input);
    QFETCH(qsizetype, max);
    QFETCH(QList<QByteArray>, expected);
    QFETCH(QList<QByteArray>, tail);

    for (qsizetype split = 0; split <= input.size(); ++split) {
        LineFramer framer(max);
        QList<LineFramer::Frame> frames = feeder(framer, input.left(split));
        frames += feeder(framer, input.mid(split));
        QCOMPARE(render(frames, input, max), expected);
        QCOMPARE(render(framer.finish(), input, max), tail);
        QCOMPARE(framer.bufferedSize(), 0);
    }
}

// The row's input one byte at a time, every third byte (from the first) through everyThird.
static void checkByteByByte(Feeder everyThird, Feeder others)
{
    QFETCH(QByteArray, input);
    QFETCH(qsizetype, max);
    QFETCH(QList<QByteArray>, expected);
    QFETCH(QList<QByteArray>, tail);

    LineFramer framer(max);
    QList<LineFramer::Frame> frames;
    for (qsizetype i = 0; i < input.size(); ++i) {
        const QByteArray one(1, input.at(i));
        frames += (i % 3 == 0) ? everyThird(framer, one) : others(framer, one);
    }
    QCOMPARE(render(frames, input, max), expected);
    QCOMPARE(render(framer.finish(), input, max), tail);
}

void tst_LineFramer::splitAnywhere()
{
    checkSplitAnywhere(feedChunk);
}

void tst_LineFramer::byteByByte()
{
    checkByteByByte(feedChunk, feedChunk);
}

void tst_LineFramer::appendSpaceSplitAnywhere()
{
    checkSplitAnywhere(appendThroughSpace);
}

// Mixed with feed(), as a reader might fall back to it.
void tst_LineFramer::appendSpaceByteByByte()
{
    checkByteByByte(feedChunk, appendThroughSpace);
}

void tst_LineFramer::maxLineSizeIsExclusiveOfTerminator()
{
    LineFramer framer(3);
    QCOMPARE(framer.maxLineSize(), 3);
    // "abc\r" waits for its "\n": it must not be reported as a 4-byte line.
    QVERIFY(framer.feed(QByteArray("abc\r")).isEmpty());
    const auto frames = framer.feed(QByteArray("\n"));
    QCOMPARE(frames.size(), 1);
    QVERIFY(!frames.first().oversized);
    QCOMPARE(frames.first().line, QByteArray("abc"));
}

void tst_LineFramer::resynchronisesAfterOversizedLineAcrossManyChunks()
{
    LineFramer framer(1000);
    QList<LineFramer::Frame> frames;
    frames += framer.feed(QByteArray("before\n"));
    for (int i = 0; i < 100; ++i)
        frames += framer.feed(QByteArray(100, 'x'));
    QVERIFY(framer.isSkipping());
    QVERIFY(framer.bufferedSize() <= 1000); // skipped bytes are not kept
    frames += framer.feed(QByteArray("xxx\nafter\n"));
    QCOMPARE(frames.size(), 3);
    QCOMPARE(frames.at(0).line, QByteArray("before"));
    QVERIFY(frames.at(1).oversized);
    QVERIFY(frames.at(1).size > 1000);
    QCOMPARE(frames.at(1).line, QByteArray(frames.at(1).line.size(), 'x'));
    QCOMPARE(frames.at(2).line, QByteArray("after"));
    QVERIFY(!framer.isSkipping());
}

void tst_LineFramer::bigLineInSmallChunksIsLinear()
{
    const qsizetype total = qsizetype(64) * 1024 * 1024;
    const qsizetype chunk = 64 * 1024;
    const QByteArray piece(chunk, 'a');
    LineFramer framer;
    QElapsedTimer timer;
    timer.start();
    QList<LineFramer::Frame> frames;
    for (qsizetype sent = 0; sent < total; sent += chunk)
        frames += framer.feed(piece);
    frames += framer.feed(QByteArray("\r\n"));
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(frames.size(), 1);
    QCOMPARE(frames.first().line.size(), total);
    QVERIFY(!frames.first().oversized);
    // Quadratic rescanning would take minutes; linear takes well under a second even in Debug.
    QVERIFY2(elapsed < 5000, qPrintable(QStringLiteral("took %1 ms").arg(elapsed)));
}

void tst_LineFramer::finishReturnsUnterminatedTail()
{
    LineFramer framer;
    QVERIFY(framer.feed(QByteArray("partial")).isEmpty());
    QCOMPARE(framer.bufferedSize(), 7);
    const auto frames = framer.finish();
    QCOMPARE(frames.size(), 1);
    QCOMPARE(frames.first().line, QByteArray("partial"));
    QVERIFY(framer.finish().isEmpty());
}

QTEST_GUILESS_MAIN(tst_LineFramer)
#include "tst_lineframer.moc"
