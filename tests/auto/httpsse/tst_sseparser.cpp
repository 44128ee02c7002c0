#include "transport/sseparser.h"

#include <QTest>

using Mcp::SseEvent;
using Mcp::SseParser;

// Events rendered as one line each, so rows stay readable and comparisons show diffs.
static QString describe(const QList<SseEvent> &events)
{
    QStringList lines;
    for (const SseEvent &e : events) {
        lines << QStringLiteral("type=%1 data=%2 id=%3%4%5 retry=%6")
                     .arg(QString::fromUtf8(e.type), QString::fromUtf8(e.data).replace(u'\n', u'|'),
                          QString::fromUtf8(e.lastEventId), e.hasId ? QStringLiteral("!") : QString(),
                          e.hasData ? QString() : QStringLiteral(" nodata"))
                     .arg(e.retryMs);
    }
    return lines.join(u'\n');
}

static QList<SseEvent> feedAll(const QList<QByteArray> &chunks, SseParser *parser)
{
    QList<SseEvent> events;
    for (const QByteArray &chunk : chunks)
        events += parser->feed(chunk);
    return events;
}

class tst_SseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void retryAndIdPersist();
    void sizeCap();
    void sizeCapOnUnterminatedLine();
    void largeEventLinear();
    void reset();
};

void tst_SseParser::parse_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("expected");

    QTest::newRow("empty") << QByteArray() << QString();
    QTest::newRow("one LF") << QByteArray("data: hello\n\n") << QStringLiteral("type= data=hello id= retry=-1");
    QTest::newRow("one CRLF") << QByteArray("data: hello\r\n\r\n") << QStringLiteral("type= data=hello id= retry=-1");
    QTest::newRow("one CR") << QByteArray("data: hello\r\r") << QStringLiteral("type= data=hello id= retry=-1");
    QTest::newRow("mixed ends") << QByteArray("data: a\r\ndata: b\rdata: c\n\r\nevent: x\rdata:d\n\r")
                                << QStringLiteral("type= data=a|b|c id= retry=-1\ntype=x data=d id= retry=-1");
    QTest::newRow("multi-line data") << QByteArray("data: {\"a\":\ndata:  1}\n\n")
                                     << QStringLiteral("type= data={\"a\":| 1} id= retry=-1");
    QTest::newRow("no space after colon") << QByteArray("data:x\n\n") << QStringLiteral("type= data=x id= retry=-1");
    QTest::newRow("field without colon") << QByteArray("data\n\n") << QStringLiteral("type= data= id= retry=-1");
    QTest::newRow("empty data line") << QByteArray("data:\n\n") << QStringLiteral("type= data= id= retry=-1");
    QTest::newRow("two empty data lines") << QByteArray("data\ndata\n\n") << QStringLiteral("type= data=| id= retry=-1");
    QTest::newRow("comments only") << QByteArray(": keep-alive\n\n:\n\n") << QString();
    QTest::newRow("comment inside event") << QByteArray("data: a\n: note\ndata: b\n\n")
                                          << QStringLiteral("type= data=a|b id= retry=-1");
    QTest::newRow("event type") << QByteArray("event: endpoint\ndata: /messages?sessionId=1\n\n")
                                << QStringLiteral("type=endpoint data=/messages?sessionId=1 id= retry=-1");
    QTest::newRow("id and data") << QByteArray("id: 42\ndata: x\n\n") << QStringLiteral("type= data=x id=42! retry=-1");
    QTest::newRow("id persists") << QByteArray("id: 1\ndata: a\n\ndata: b\n\n")
                                 << QStringLiteral("type= data=a id=1! retry=-1\ntype= data=b id=1 retry=-1");
    QTest::newRow("empty id resets") << QByteArray("id: 1\ndata: a\n\nid\ndata: b\n\n")
                                     << QStringLiteral("type= data=a id=1! retry=-1\ntype= data=b id=! retry=-1");
    QTest::newRow("id with NUL ignored") << [] {
        static const char data[] = "id: 1\n\nid: a\0b\ndata: x\n\n"; // the NUL is part of the stream
        return QByteArray(data, sizeof(data) - 1);
    }()
                                         << QStringLiteral("type= data= id=1! nodata retry=-1\ntype= data=x id=1 retry=-1");
    QTest::newRow("priming event") << QByteArray("id: prime-1\ndata:\n\n")
                                   << QStringLiteral("type= data= id=prime-1! retry=-1");
    QTest::newRow("priming without data") << QByteArray("id: p\nretry: 500\n\n")
                                          << QStringLiteral("type= data= id=p! nodata retry=500");
    QTest::newRow("retry valid") << QByteArray("retry: 1000\ndata: x\n\n") << QStringLiteral("type= data=x id= retry=1000");
    QTest::newRow("retry invalid") << QByteArray("retry: 10a\ndata: x\n\nretry: -5\ndata: y\n\n")
                                   << QStringLiteral("type= data=x id= retry=-1\ntype= data=y id= retry=-1");
    QTest::newRow("unknown field") << QByteArray("foo: bar\ndata: x\n\n") << QStringLiteral("type= data=x id= retry=-1");
    QTest::newRow("unterminated event dropped") << QByteArray("data: a\n\ndata: b\n") << QStringLiteral("type= data=a id= retry=-1");
    QTest::newRow("BOM") << QByteArray("\xEF\xBB\xBF" "data: x\n\n") << QStringLiteral("type= data=x id= retry=-1");
    QTest::newRow("BOM only first") << QByteArray("\xEF\xBB\xBF" "data: a\xEF\xBB\xBFx\n\n")
                                    << QStringLiteral("type= data=a\uFEFFx id= retry=-1");
    QTest::newRow("near BOM") << QByteArray("\xEF\xBB" "data: x\n\n") << QString(); // field "\xEF\xBBdata" is unknown
    QTest::newRow("utf-8 data") << QByteArray("data: caf\xC3\xA9\n\n") << QStringLiteral("type= data=caf\u00e9 id= retry=-1");
    QTest::newRow("space in value kept") << QByteArray("data:   x  \n\n") << QStringLiteral("type= data=  x   id= retry=-1");
    QTest::newRow("event type resets") << QByteArray("event: a\ndata: 1\n\ndata: 2\n\n")
                                       << QStringLiteral("type=a data=1 id= retry=-1\ntype= data=2 id= retry=-1");
    QTest::newRow("json-rpc stream") << QByteArray("id: s1-0\ndata:\n\n"
                                                   "event: message\nid: s1-1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n"
                                                   "event: message\nid: s1-2\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n")
                                     << QStringLiteral("type= data= id=s1-0! retry=-1\n"
                                                       "type=message data={\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"} id=s1-1! retry=-1\n"
                                                       "type=message data={\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}} id=s1-2! retry=-1");
}

void tst_SseParser::parse()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);

    {
        SseParser parser;
        QCOMPARE(describe(feedAll({input}, &parser)), expected);
        QVERIFY(!parser.hasError());
    }
    // Split in two at every offset.
    for (qsizetype i = 0; i <= input.size(); ++i) {
        SseParser parser;
        const QString got = describe(feedAll({input.left(i), input.mid(i)}, &parser));
        if (got != expected)
            QFAIL(qPrintable(QStringLiteral("split at %1:\n%2\nexpected:\n%3").arg(i).arg(got, expected)));
    }
    // Split in three at every pair of offsets (small inputs only).
    if (input.size() <= 64) {
        for (qsizetype i = 0; i <= input.size(); ++i) {
            for (qsizetype j = i; j <= input.size(); ++j) {
                SseParser parser;
                const QString got = describe(feedAll({input.left(i), input.mid(i, j - i), input.mid(j)}, &parser));
                if (got != expected)
                    QFAIL(qPrintable(QStringLiteral("split at %1,%2:\n%3").arg(i).arg(j).arg(got)));
            }
        }
    }
    // Byte by byte.
    {
        SseParser parser;
        QList<QByteArray> bytes;
        for (char c : input)
            bytes << QByteArray(1, c);
        QCOMPARE(describe(feedAll(bytes, &parser)), expected);
    }
}

void tst_SseParser::retryAndIdPersist()
{
    SseParser parser;
    QCOMPARE(parser.retryMs(), -1);
    parser.feed("retry: 250\nid: 7\ndata: x\n\n");
    QCOMPARE(parser.retryMs(), 250);
    QCOMPARE(parser.lastEventId(), QByteArray("7"));
    const auto events = parser.feed("data: y\n\n");
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().retryMs, -1); // the block itself had no retry
    QCOMPARE(parser.retryMs(), 250);      // but the stream still remembers it
    QCOMPARE(events.first().lastEventId, QByteArray("7"));
}

void tst_SseParser::sizeCap()
{
    SseParser parser(100);
    QByteArray input;
    for (int i = 0; i < 20; ++i)
        input += "data: 0123456789\n";
    input += "\n";
    const auto events = parser.feed(input);
    QVERIFY(events.isEmpty());
    QVERIFY(parser.hasError());
    QVERIFY2(parser.errorString().contains(QLatin1String("100")), qPrintable(parser.errorString()));
    // Once broken, the parser stays quiet.
    QVERIFY(parser.feed("data: x\n\n").isEmpty());

    // Events under the cap pass, one after the other, without the cap adding up across events.
    SseParser ok(100);
    int count = 0;
    for (int i = 0; i < 50; ++i)
        count += ok.feed("data: 0123456789012345678901234567890123456789\n\n").size();
    QCOMPARE(count, 50);
    QVERIFY(!ok.hasError());
}

void tst_SseParser::sizeCapOnUnterminatedLine()
{
    SseParser parser(1000);
    const QByteArray chunk(300, 'a');
    parser.feed("data: ");
    for (int i = 0; i < 3; ++i)
        parser.feed(chunk);
    QVERIFY(!parser.hasError());
    parser.feed(chunk);
    QVERIFY(parser.hasError());
}

void tst_SseParser::largeEventLinear()
{
    // 16 MiB of data in 16 KiB chunks must parse quickly (no quadratic appends).
    SseParser parser;
    QByteArray payload(16 * 1024 * 1024, 'x');
    const QByteArray stream = "data: " + payload + "\n\n";
    QList<SseEvent> events;
    for (qsizetype i = 0; i < stream.size(); i += 16384)
        events += parser.feed(QByteArrayView(stream).sliced(i, qMin<qsizetype>(16384, stream.size() - i)));
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().data.size(), payload.size());
}

void tst_SseParser::reset()
{
    SseParser parser(500);
    parser.feed("id: 3\nretry: 9\ndata: partial");
    parser.reset();
    QCOMPARE(parser.lastEventId(), QByteArray());
    QCOMPARE(parser.retryMs(), -1);
    QCOMPARE(parser.maxEventSize(), 500);
    QCOMPARE(describe(parser.feed("data: x\n\n")), QStringLiteral("type= data=x id= retry=-1"));
}

QTEST_GUILESS_MAIN(tst_SseParser)
#include "tst_sseparser.moc"
