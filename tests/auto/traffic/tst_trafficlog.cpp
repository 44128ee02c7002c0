#include <traffic/trafficfilter.h>
#include <traffic/trafficlog.h>
#include <traffic/trafficsummary_p.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include "checkedmodels.h"

using namespace Mcp;

namespace {

TrafficEvent message(const QByteArray &raw, TrafficEvent::Direction direction, qint64 monotonicNs = 0,
                     int connection = 1)
{
    TrafficEvent e;
    e.wallClockMs = 1700000000000 + monotonicNs / 1000000;
    e.monotonicNs = monotonicNs;
    e.direction = direction;
    e.kind = TrafficEvent::Kind::Message;
    e.raw = raw;
    e.connectionId = connection;
    return e;
}

QByteArray request(int id, const char *method)
{
    return QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id) + R"(,"method":")" + method
        + R"(","params":{}})";
}

QByteArray response(int id)
{
    return QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id) + R"(,"result":{}})";
}

constexpr auto Out = TrafficEvent::Direction::Outgoing;
constexpr auto In = TrafficEvent::Direction::Incoming;

} // namespace

class tst_TrafficLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void batchIsOneInsert();
    void bigBatchIsStoredInSlices();
    void summary_data();
    void summary();
    void summaryOfEveryPrefix();
    void pairingAndLatency();
    void pairingIsPerConnectionAndDirection();
    void latencyCellUpdatesWhenResponseArrivesLater();
    void capDropsOldestInChunks();
    void pauseKeepsRecording();
    void clearEmptiesAndKeepsNumbering();
    void rolesAndFullEvent();
    void nonMessageEvents();
    void sealedChunksArePackedAndReadBack();
    void bigEventIsSharedThenPacked();
    void bigFramesSummarizedAheadMakeTheSameRows();
    void multiRoundTripRoundsAreGrouped();
    void retriesWithoutStateGroupByName();
};

void tst_TrafficLog::batchIsOneInsert()
{
    // The caller batches (a Session's trafficBatch): each batch is stored at once, one insert.
    CheckedLog log;
    QSignalSpy inserted(&log, &QAbstractItemModel::rowsInserted);
    QList<TrafficEvent> batch;
    for (int i = 0; i < 500; ++i)
        batch.append(message(request(i, "ping"), Out, i));
    log.appendBatch(batch);
    QCOMPARE(log.rowCount(), 500);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.at(0).at(1).toInt(), 0);
    QCOMPARE(inserted.at(0).at(2).toInt(), 499);

    batch.clear();
    for (int i = 0; i < 300; ++i)
        batch.append(message(response(i), In, 1000 + i));
    log.appendBatch(batch);
    QCOMPARE(log.rowCount(), 800);
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(inserted.at(1).at(1).toInt(), 500);
    QCOMPARE(inserted.at(1).at(2).toInt(), 799);
    QCOMPARE(log.pairedRow(500), 0);
}

void tst_TrafficLog::bigBatchIsStoredInSlices()
{
    // A backlog never holds the event loop for long: one pass now, the rest on later turns,
    // in order, even when more batches arrive meanwhile.
    CheckedLog log;
    QSignalSpy inserted(&log, &QAbstractItemModel::rowsInserted);
    const int total = TrafficLog::MaxEventsPerPass * 2 + 10;
    QList<TrafficEvent> batch;
    for (int i = 0; i < total; ++i)
        batch.append(message(request(i, "tools/list"), Out, i));
    log.appendBatch(batch);
    QCOMPARE(log.rowCount(), TrafficLog::MaxEventsPerPass);
    QCOMPARE(inserted.count(), 1);
    log.append(message(request(total, "ping"), Out, total)); // waits behind the backlog
    QCOMPARE(log.rowCount(), TrafficLog::MaxEventsPerPass);
    QTRY_COMPARE_WITH_TIMEOUT(log.rowCount(), total + 1, 5000);
    QCOMPARE(inserted.count(), 3);
    QCOMPARE(log.method(total - 1), QStringLiteral("tools/list"));
    QCOMPARE(log.method(total), QStringLiteral("ping"));

    // flush() stores what waits, now.
    log.appendBatch(batch);
    QCOMPARE(log.rowCount(), total + 1 + TrafficLog::MaxEventsPerPass);
    log.flush();
    QCOMPARE(log.rowCount(), 2 * total + 1);
}

void tst_TrafficLog::summary_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QVariant>("errorCode");

    QTest::newRow("request") << QByteArray(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}})")
                             << int(TrafficKind::Request) << "tools/call" << "7" << QVariant();
    QTest::newRow("string id, spaces") << QByteArray(R"( { "id" : "a\"b" , "method" : "ping" , "jsonrpc":"2.0" } )")
                                       << int(TrafficKind::Request) << "ping" << R"("a\"b")" << QVariant();
    QTest::newRow("notification") << QByteArray(R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"id":3}})")
                                  << int(TrafficKind::Notification) << "notifications/progress" << "" << QVariant();
    QTest::newRow("response") << QByteArray(R"({"jsonrpc":"2.0","result":{"id":9,"method":"nested"},"id":12})")
                              << int(TrafficKind::Response) << "" << "12" << QVariant();
    QTest::newRow("error") << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"message":"no","code":-32601,"data":{"code":5}}})")
                           << int(TrafficKind::Error) << "" << "1" << QVariant(-32601);
    QTest::newRow("error null id") << QByteArray(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse"}})")
                                   << int(TrafficKind::Error) << "" << "" << QVariant(-32700);
    QTest::newRow("escaped method") << QByteArray(R"({"jsonrpc":"2.0","method":"a\/b\u0041","id":1})")
                                    << int(TrafficKind::Request) << "a/bA" << "1" << QVariant();
    QTest::newRow("batch") << QByteArray(R"([{"jsonrpc":"2.0","method":"a"}])") << int(TrafficKind::Batch) << ""
                           << "" << QVariant();
    QTest::newRow("not json") << QByteArray("Server listening on port 3000") << int(TrafficKind::InvalidMessage)
                              << "" << "" << QVariant();
    QTest::newRow("truncated") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"pi)") << int(TrafficKind::InvalidMessage)
                               << "" << "" << QVariant();
    QTest::newRow("empty") << QByteArray() << int(TrafficKind::InvalidMessage) << "" << "" << QVariant();
}

void tst_TrafficLog::summary()
{
    QFETCH(QByteArray, raw);
    QFETCH(int, kind);
    QFETCH(QString, method);
    QFETCH(QString, id);
    QFETCH(QVariant, errorCode);
    CheckedLog log;
    log.append(message(raw, In));
    log.flush();
    QCOMPARE(log.rowCount(), 1);
    QCOMPARE(log.data(log.index(0, 0), TrafficLog::KindRole).toInt(), kind);
    QCOMPARE(log.data(log.index(0, 0), TrafficLog::MethodRole).toString(), method);
    QCOMPARE(log.data(log.index(0, TrafficLog::IdColumn)).toString(), id);
    QCOMPARE(log.data(log.index(0, 0), TrafficLog::ErrorCodeRole), errorCode);
    QCOMPARE(log.data(log.index(0, 0), TrafficLog::RawBytesRole).toByteArray(), raw);
}

void tst_TrafficLog::summaryOfEveryPrefix()
{
    // Truncated frames (a line cut by the size cap, a body cut by a dropped connection) must
    // never be read past their end nor be mistaken for a complete message.
    const QList<QByteArray> frames = {
        R"({"jsonrpc":"2.0","id":"a\"b","method":"tools/call","params":{"x":[1,{"y":"}"}]}})",
        R"({"jsonrpc":"2.0","id":12,"error":{"code":-32601,"message":"nope","data":{"s":"\\"}}})",
        R"({"jsonrpc":"2.0","method":"n\u0041","params":[true,false,null,-1.5e3]})",
        // Brackets and quotes on either side of 16-byte boundaries, and the id after the result.
        R"({"jsonrpc":"2.0","result":{"tools":[{"name":"a tool with a long name","inputSchema":{"type":"object",)"
        R"("properties":{"q":{"type":"string","description":"[not] a {bracket}"}}}},{"name":"b"},[[[[]]]]],)"
        R"("nextCursor":"0123456789abcdef0123456789"},"id":7})",
    };
    for (const QByteArray &frame : frames) {
        const FrameSummary whole = summarizeTrafficFrame(frame);
        QVERIFY(whole.kind != TrafficKind::InvalidMessage);
        for (qsizetype cut = 0; cut < frame.size(); ++cut) {
            // A heap copy of exactly `cut` bytes, so that sanitizers see any over-read.
            const QByteArray prefix(frame.constData(), cut);
            const FrameSummary part = summarizeTrafficFrame(prefix);
            QVERIFY2(part.kind == TrafficKind::InvalidMessage, prefix.constData());
            QCOMPARE(part.idOffset, qsizetype(-1));
        }
    }
    QCOMPARE(summarizeTrafficFrame(frames.at(0)).method, QByteArray("tools/call"));
    QCOMPARE(summarizeTrafficFrame(frames.at(1)).errorCode, -32601);
    QCOMPARE(summarizeTrafficFrame(frames.at(2)).method, QByteArray("nA"));
    const FrameSummary listing = summarizeTrafficFrame(frames.at(3));
    QCOMPARE(listing.kind, TrafficKind::Response);
    QCOMPARE(frames.at(3).mid(listing.idOffset, listing.idSize), QByteArray("7"));
}

void tst_TrafficLog::pairingAndLatency()
{
    CheckedLog log;
    log.append(message(request(1, "tools/call"), Out, 1000000));       // row 0: client request
    log.append(message(R"({"jsonrpc":"2.0","method":"notifications/progress"})", In, 1500000)); // row 1
    log.append(message(R"({"jsonrpc":"2.0","id":"srv-1","method":"roots/list"})", In, 2000000)); // row 2: server request
    log.append(message(R"({"jsonrpc":"2.0","id":"srv-1","result":{"roots":[]}})", Out, 2250000)); // row 3: our answer
    log.append(message(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}})", In, 5000000)); // row 4
    log.append(message(request(2, "ping"), Out, 6000000));              // row 5: never answered
    log.flush();
    QCOMPARE(log.rowCount(), 6);
    QCOMPARE(log.pairedRow(0), 4);
    QCOMPARE(log.pairedRow(4), 0);
    QCOMPARE(log.pairedRow(2), 3);
    QCOMPARE(log.pairedRow(3), 2);
    QCOMPARE(log.pairedRow(1), -1);
    QCOMPARE(log.pairedRow(5), -1);
    QCOMPARE(log.latencyNs(0), 4000000);
    QCOMPARE(log.latencyNs(4), 4000000);
    QCOMPARE(log.latencyNs(2), 250000);
    QCOMPARE(log.latencyNs(5), -1);
    QCOMPARE(log.data(log.index(4, 0), TrafficLog::PairedRowRole).toInt(), 0);
    QCOMPARE(log.data(log.index(0, TrafficLog::LatencyColumn)).toString(), QStringLiteral("4.000 ms"));
    QVERIFY(!log.data(log.index(5, 0), TrafficLog::LatencyRole).isValid());
    // A response shows (and filters by) its request's method.
    QCOMPARE(log.method(4), QStringLiteral("tools/call"));
    QCOMPARE(log.method(3), QStringLiteral("roots/list"));
    QVERIFY(log.data(log.index(4, TrafficLog::KindColumn)).toString().contains(QStringLiteral("-32602")));
}

void tst_TrafficLog::pairingIsPerConnectionAndDirection()
{
    CheckedLog log;
    log.append(message(request(1, "a"), Out, 10, 1));     // 0
    log.append(message(request(1, "b"), Out, 20, 2));     // 1: same id, other connection
    log.append(message(request(1, "c"), In, 30, 1));      // 2: same id, server's request
    log.append(message(response(1), In, 40, 2));          // 3 answers 1
    log.append(message(response(1), Out, 50, 1));         // 4 answers 2
    log.append(message(response(1), In, 60, 1));          // 5 answers 0
    log.append(message(response(1), In, 70, 1));          // 6 duplicate: answers nothing
    log.flush();
    QCOMPARE(log.pairedRow(1), 3);
    QCOMPARE(log.pairedRow(2), 4);
    QCOMPARE(log.pairedRow(0), 5);
    QCOMPARE(log.pairedRow(6), -1);
    QCOMPARE(log.latencyNs(5), 50);
}

void tst_TrafficLog::latencyCellUpdatesWhenResponseArrivesLater()
{
    CheckedLog log;
    log.append(message(request(1, "tools/call"), Out, 100));
    log.append(message(request(2, "tools/call"), Out, 200));
    log.flush();
    QSignalSpy changed(&log, &QAbstractItemModel::dataChanged);
    log.append(message(response(2), In, 1200));
    log.flush();
    QCOMPARE(changed.count(), 1);
    const QModelIndex topLeft = changed.at(0).at(0).value<QModelIndex>();
    const QModelIndex bottomRight = changed.at(0).at(1).value<QModelIndex>();
    QCOMPARE(topLeft.row(), 1);
    QCOMPARE(bottomRight.row(), 1);
    QCOMPARE(topLeft.column(), int(TrafficLog::LatencyColumn));
    QCOMPARE(bottomRight.column(), int(TrafficLog::LatencyColumn));
    QCOMPARE(log.latencyNs(1), 1000);
}

void tst_TrafficLog::capDropsOldestInChunks()
{
    CheckedLog log;
    log.setRowCap(160); // drops in chunks of 10
    QSignalSpy removed(&log, &QAbstractItemModel::rowsRemoved);
    QSignalSpy dropped(&log, &TrafficLog::droppedCountChanged);
    for (int i = 0; i < 150; ++i)
        log.append(message(request(i, "ping"), Out, i));
    log.flush();
    QCOMPARE(log.rowCount(), 150);
    log.append(message(response(0), In, 1000));
    for (int i = 150; i < 175; ++i)
        log.append(message(request(i, "ping"), Out, i));
    log.flush();
    QVERIFY(log.rowCount() <= 160);
    QCOMPARE(log.droppedCount(), 176 - log.rowCount());
    QVERIFY(dropped.count() >= 1);
    QCOMPARE(dropped.last().at(0).toLongLong(), log.droppedCount());
    QCOMPARE(removed.count(), 2);           // 176 rows past a cap of 160: two chunks of 10
    for (const auto &args : removed) {
        QCOMPARE(args.at(1).toInt(), 0);
        QCOMPARE(args.at(2).toInt(), 9);
    }
    // The oldest surviving row is what came after the dropped ones.
    const qint64 firstId = log.droppedCount();
    QCOMPARE(log.data(log.index(0, TrafficLog::IdColumn)).toString(), QString::number(firstId));
    // The response's request was dropped: it stays unpaired.
    QCOMPARE(log.pairedRow(150 - int(log.droppedCount())), -1);

    // Long runs never hold more than the cap.
    for (int i = 0; i < 5000; ++i)
        log.append(message(request(1000 + i, "ping"), Out, i));
    log.flush();
    QVERIFY(log.rowCount() <= 160);
    QCOMPARE(log.droppedCount() + log.rowCount(), 5176);
    QVERIFY(log.allocatedBytes() < 4 * 1024 * 1024);
}

void tst_TrafficLog::pauseKeepsRecording()
{
    CheckedLog log;
    log.append(message(request(1, "a"), Out, 10));
    log.flush();
    QSignalSpy paused(&log, &TrafficLog::pausedChanged);
    log.pause();
    QVERIFY(log.isPaused());
    QSignalSpy inserted(&log, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&log, &QAbstractItemModel::dataChanged);
    log.append(message(response(1), In, 30));
    for (int i = 0; i < 99; ++i)
        log.append(message(request(100 + i, "b"), Out, 40 + i));
    log.flush();
    QCOMPARE(log.rowCount(), 1);
    QCOMPARE(log.hiddenRowCount(), 100);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(changed.count(), 0);
    log.resume();
    QCOMPARE(paused.count(), 2);
    QCOMPARE(log.rowCount(), 101);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(changed.count(), 1); // the request's latency, deferred while paused
    QCOMPARE(log.latencyNs(0), 20);
}

void tst_TrafficLog::clearEmptiesAndKeepsNumbering()
{
    CheckedLog log;
    log.append(message(request(1, "a"), Out, 10));
    log.append(message(request(2, "a"), Out, 10));
    log.flush();
    const qint64 endBefore = log.endAbsoluteRow();
    QSignalSpy reset(&log, &QAbstractItemModel::modelReset);
    log.append(message(request(3, "a"), Out, 10)); // stored, then cleared too
    log.clear();
    QCOMPARE(reset.count(), 1);
    QCOMPARE(log.rowCount(), 0);
    log.flush();
    QCOMPARE(log.rowCount(), 0);
    log.append(message(response(1), In, 50)); // its request is gone: unpaired
    log.flush();
    QCOMPARE(log.rowCount(), 1);
    QCOMPARE(log.pairedRow(0), -1);
    QVERIFY(log.firstAbsoluteRow() >= endBefore);
    QCOMPARE(log.droppedCount(), 0);
}

void tst_TrafficLog::rolesAndFullEvent()
{
    CheckedLog log;
    log.setConnectionName(4, QStringLiteral("everything"));
    TrafficEvent e = message(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})", Out, 5, 4);
    e.httpMethod = "POST";
    e.url = QStringLiteral("http://127.0.0.1:3001/mcp");
    e.headers = {{"Content-Type", "application/json"}, {"Mcp-Session-Id", "abc"}};
    e.exchangeId = 42;
    e.note = QStringLiteral("ünïcode note");
    log.append(e);
    TrafficEvent binary = message(QByteArray("\xff\xfe\x00garbage", 10), In, 9, 4);
    binary.kind = TrafficEvent::Kind::InvalidMessage;
    binary.note = QStringLiteral("not valid JSON");
    binary.sseEventId = "17";
    binary.sseEventType = "message";
    binary.httpStatus = 200;
    log.append(binary);
    log.flush();

    const TrafficEvent back = log.data(log.index(0, 0), TrafficLog::EventRole).value<TrafficEvent>();
    QCOMPARE(back.raw, e.raw);
    QCOMPARE(back.note, e.note);
    QCOMPARE(back.httpMethod, e.httpMethod);
    QCOMPARE(back.url, e.url);
    QCOMPARE(back.headers, e.headers);
    QCOMPARE(back.exchangeId, e.exchangeId);
    QCOMPARE(back.connectionId, 4);
    QCOMPARE(back.monotonicNs, e.monotonicNs);
    QCOMPARE(back.wallClockMs, e.wallClockMs);
    QCOMPARE(back.direction, e.direction);
    QCOMPARE(back.kind, e.kind);
    const TrafficEvent back2 = log.event(1);
    QCOMPARE(back2.raw, binary.raw);
    QCOMPARE(back2.sseEventId, binary.sseEventId);
    QCOMPARE(back2.sseEventType, binary.sseEventType);
    QCOMPARE(back2.httpStatus, 200);
    QCOMPARE(log.data(log.index(1, 0), TrafficLog::NoteRole).toString(), binary.note);

    QCOMPARE(log.data(log.index(0, TrafficLog::ConnectionColumn)).toString(), QStringLiteral("everything"));
    QSignalSpy changed(&log, &QAbstractItemModel::dataChanged);
    log.setConnectionName(4, QStringLiteral("renamed"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(log.data(log.index(1, TrafficLog::ConnectionColumn)).toString(), QStringLiteral("renamed"));
    QVERIFY(log.data(log.index(0, 0), TrafficLog::PrettyJsonRole).toString().contains(QStringLiteral("\n    \"method\": \"tools/list\"")));
    QCOMPARE(log.data(log.index(0, TrafficLog::SizeColumn)).toString(), QString::number(e.raw.size()));
    QCOMPARE(log.data(log.index(0, TrafficLog::MethodColumn)).toString(), QStringLiteral("tools/list"));
    QCOMPARE(log.data(log.index(0, TrafficLog::RelativeTimeColumn)).toString(), QStringLiteral("0.000"));
    QCOMPARE(log.data(log.index(1, TrafficLog::RelativeTimeColumn)).toString(), QStringLiteral("0.000"));
    QVERIFY(!log.headerData(TrafficLog::LatencyColumn, Qt::Horizontal).toString().isEmpty());
}

void tst_TrafficLog::nonMessageEvents()
{
    CheckedLog log;
    const QList<QPair<TrafficEvent::Kind, TrafficKind>> kinds = {
        {TrafficEvent::Kind::StderrLine, TrafficKind::Stderr},
        {TrafficEvent::Kind::HttpRequest, TrafficKind::HttpRequest},
        {TrafficEvent::Kind::HttpResponse, TrafficKind::HttpResponse},
        {TrafficEvent::Kind::SseEvent, TrafficKind::SseEvent},
        {TrafficEvent::Kind::ProcessStarted, TrafficKind::ProcessStarted},
        {TrafficEvent::Kind::ProcessExited, TrafficKind::ProcessExited},
        {TrafficEvent::Kind::TransportError, TrafficKind::TransportError},
        {TrafficEvent::Kind::Note, TrafficKind::Note},
    };
    for (const auto &k : kinds) {
        TrafficEvent e = TrafficEvent::make(TrafficEvent::Direction::Local, k.first, "x", QStringLiteral("n"));
        log.append(e);
    }
    log.flush();
    for (int i = 0; i < kinds.size(); ++i)
        QCOMPARE(log.kind(i), kinds.at(i).second);
    QCOMPARE(log.data(log.index(0, TrafficLog::MethodColumn)).toString(), QStringLiteral("n"));
}

void tst_TrafficLog::sealedChunksArePackedAndReadBack()
{
    CheckedLog log;
    QList<QByteArray> raws;
    QList<TrafficEvent> batch;
    for (int i = 0; i < 4000; ++i) {
        // ~1 KiB of compressible JSON per event, plus one event too big for a shared chunk.
        QByteArray body = QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(i)
            + R"(,"result":{"content":[{"type":"text","text":")" + QByteArray::number(i).repeated(1 + 900 / (1 + QByteArray::number(i).size())) + R"("}]}})";
        if (i == 1234)
            body = QByteArray(R"({"jsonrpc":"2.0","method":"big","params":{"blob":")") + QByteArray(200000, 'b') + "\"}}";
        raws.append(body);
        TrafficEvent e = message(body, i == 1234 ? In : In, i);
        e.note = QStringLiteral("note %1").arg(i);
        batch.append(e);
    }
    log.appendBatch(batch);
    log.flush();
    const qint64 plainBytes = log.allocatedBytes();
    QTRY_COMPARE_WITH_TIMEOUT(log.pendingPackCount(), 0, 10000);
    QVERIFY2(log.allocatedBytes() < plainBytes * 2 / 3,
             qPrintable(QStringLiteral("%1 -> %2").arg(plainBytes).arg(log.allocatedBytes())));
    for (int i = 0; i < raws.size(); ++i) {
        QCOMPARE(log.rawBytes(i), raws.at(i));
        QCOMPARE(log.data(log.index(i, 0), TrafficLog::NoteRole).toString(), QStringLiteral("note %1").arg(i));
    }
    // Reading backwards defeats the cache: every chunk is unpacked again.
    for (int i = raws.size() - 1; i >= 0; i -= 97)
        QCOMPARE(log.data(log.index(i, TrafficLog::IdColumn)).toString(), i == 1234 ? QString() : QString::number(i));
    QCOMPARE(log.method(1234), QStringLiteral("big"));
}

// A big event without note or extra keeps its bytes where they are (no copy on the GUI thread),
// reads back whole, pairs with its request, and is packed like any other chunk afterwards.
void tst_TrafficLog::bigEventIsSharedThenPacked()
{
    CheckedLog log;
    const QByteArray big = QByteArray(R"({"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":")")
        + QByteArray("The quick brown fox jumps over the lazy dog. ").repeated(3 * 1024 * 1024 / 45) + R"("}]}})";
    QVERIFY(big.size() >= 3 * 1024 * 1024);
    log.append(message(request(7, "tools/call"), Out, 100));
    log.append(message(big, In, 200));
    // Borrowed memory must be copied: its owner may free it as soon as append() returns.
    QByteArray borrowedBytes = big;
    borrowedBytes.replace(R"("id":7)", R"("id":8)");
    log.append(message(QByteArray::fromRawData(borrowedBytes.constData(), borrowedBytes.size()), In, 300));
    log.flush();
    borrowedBytes.fill('x');
    QCOMPARE(log.rowCount(), 3);
    QCOMPARE(log.rawBytes(1), big);
    QVERIFY(log.rawBytes(2).startsWith(R"({"jsonrpc":"2.0","id":8,)"));
    QCOMPARE(log.data(log.index(0, TrafficLog::IdColumn)).toString(), QStringLiteral("7"));
    QCOMPARE(log.method(1), QStringLiteral("tools/call"));
    QTRY_COMPARE_WITH_TIMEOUT(log.pendingPackCount(), 0, 20000);
    QVERIFY2(log.allocatedBytes() < big.size(), qPrintable(QString::number(log.allocatedBytes())));
    QCOMPARE(log.rawBytes(1), big);
    QVERIFY(log.rawBytes(2).startsWith(R"({"jsonrpc":"2.0","id":8,)"));
}

// A session reads its big frames on its own thread (Session::setTrafficPreparer): only those get a
// summary, and a log shows them exactly as it does when it reads them itself.
void tst_TrafficLog::bigFramesSummarizedAheadMakeTheSameRows()
{
    const QByteArray tools = QByteArray(R"({"jsonrpc":"2.0","id":"list-1","result":{"tools":[)")
        + QByteArray(R"({"name":"t","description":"[not] a {bracket} \"quoted\"","inputSchema":{"type":"object"}},)")
              .repeated(TrafficLog::BigFrameBytes / 64)
        + R"({"name":"last"}]}})";
    const QByteArray failure = QByteArray(R"({"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":")")
        + QByteArray("x").repeated(TrafficLog::BigFrameBytes) + R"("}})";
    const QByteArray bigCall = QByteArray(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":")")
        + QByteArray("y").repeated(TrafficLog::BigFrameBytes) + R"("}})";
    QVERIFY(tools.size() >= TrafficLog::BigFrameBytes);
    TrafficEvent stderrLine = message(tools, In, 600);
    stderrLine.kind = TrafficEvent::Kind::StderrLine;
    const QList<TrafficEvent> batch = {
        message(R"({"jsonrpc":"2.0","id":"list-1","method":"tools/list"})", Out, 100),
        message(tools, In, 200),
        message(bigCall, Out, 300),
        message(failure, In, 400),
        message(R"({"jsonrpc":"2.0","method":"notifications/tools/list_changed"})", In, 500),
        stderrLine,
    };
    QList<TrafficEvent> prepared = batch;
    TrafficLog::summarizeBigFrames(prepared);
    for (qsizetype i = 0; i < prepared.size(); ++i) {
        const bool big = prepared.at(i).kind == TrafficEvent::Kind::Message
            && prepared.at(i).raw.size() >= TrafficLog::BigFrameBytes;
        QCOMPARE(bool(prepared.at(i).summary), big);
        QVERIFY(!batch.at(i).summary);
    }

    TrafficLog itself, ahead;
    itself.appendBatch(batch);
    ahead.appendBatch(prepared);
    itself.flush();
    ahead.flush();
    QCOMPARE(ahead.rowCount(), batch.size());
    QCOMPARE(ahead.rowCount(), itself.rowCount());
    for (int row = 0; row < ahead.rowCount(); ++row) {
        QCOMPARE(ahead.kind(row), itself.kind(row));
        QCOMPARE(ahead.method(row), itself.method(row));
        QCOMPARE(ahead.pairedRow(row), itself.pairedRow(row));
        QCOMPARE(ahead.rawBytes(row), itself.rawBytes(row));
        for (int column = 0; column < TrafficLog::ColumnCount; ++column)
            QCOMPARE(ahead.data(ahead.index(row, column)), itself.data(itself.index(row, column)));
        QCOMPARE(ahead.data(ahead.index(row, 0), TrafficLog::ErrorCodeRole),
                 itself.data(itself.index(row, 0), TrafficLog::ErrorCodeRole));
    }
    QCOMPARE(ahead.kind(1), TrafficKind::Response);
    QCOMPARE(ahead.pairedRow(1), 0);
    QCOMPARE(ahead.method(1), QStringLiteral("tools/list"));
    QCOMPARE(ahead.pairedRow(3), 2);
    QCOMPARE(ahead.data(ahead.index(3, 0), TrafficLog::ErrorCodeRole).toInt(), -32603);
}

// A modern request answered input_required goes out again with a new id carrying the
// answers and the server's requestState: the log groups the rounds from the wire alone.
void tst_TrafficLog::multiRoundTripRoundsAreGrouped()
{
    CheckedLog log;
    const QByteArray call = R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"ask","arguments":{}}})";
    const QByteArray asks = R"({"jsonrpc":"2.0","id":5,"result":{"resultType":"input_required","requestState":"st-1",)"
                            R"("inputRequests":{"q":{"method":"elicitation/create","params":{"message":"?"}}}}})";
    const QByteArray retry = R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"ask","arguments":{},)"
                             R"("inputResponses":{"q":{"action":"accept"}},"requestState":"st-1"}})";
    const QByteArray asksAgain = R"({"jsonrpc":"2.0","id":6,"result":{"resultType":"input_required","requestState":"st-2",)"
                                 R"("inputRequests":{"r":{"method":"roots/list"}}}})";
    const QByteArray retry2 = R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"ask","arguments":{},)"
                              R"("inputResponses":{"r":{"roots":[]}},"requestState":"st-2"}})";
    const QByteArray done = R"({"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[]}})";
    log.append(message(call, Out, 100));
    log.append(message(request(9, "tools/list"), Out, 150)); // another request in between
    log.append(message(asks, In, 200));
    log.append(message(response(9), In, 250));
    log.append(message(retry, Out, 300));
    log.flush();
    QCOMPARE(log.roundOf(0), qMakePair(1, 2));
    QCOMPARE(log.roundOf(2), qMakePair(1, 2)); // the answer belongs to its request's round
    QCOMPARE(log.roundOf(4), qMakePair(2, 2));
    QCOMPARE(log.roundOf(1), qMakePair(0, 0));
    QCOMPARE(log.roundOf(3), qMakePair(0, 0));
    QCOMPARE(log.data(log.index(4, TrafficLog::RoundColumn)).toString(), TrafficLog::tr("%1 of %2").arg(2).arg(2));
    QVERIFY(log.data(log.index(1, TrafficLog::RoundColumn)).toString().isEmpty());

    // A third round: the earlier rows now say "of 3" (one dataChanged over the round column).
    QSignalSpy changed(&log, &QAbstractItemModel::dataChanged);
    log.append(message(asksAgain, In, 400));
    log.append(message(retry2, Out, 500));
    log.append(message(done, In, 600));
    log.flush();
    QCOMPARE(log.roundOf(0), qMakePair(1, 3));
    QCOMPARE(log.roundOf(7), qMakePair(3, 3));
    QCOMPARE(log.roundOf(6), qMakePair(3, 3));
    bool roundColumnChanged = false;
    for (const QList<QVariant> &args : changed)
        roundColumnChanged |= args.at(0).value<QModelIndex>().column() == TrafficLog::RoundColumn
            && args.at(0).value<QModelIndex>().row() == 0;
    QVERIFY(roundColumnChanged);
    QCOMPARE(log.roundGroup(0), log.roundGroup(7));
    QVERIFY(log.roundGroup(0) != 0);
    // Pairing and latency stay per id.
    QCOMPARE(log.pairedRow(4), 5);
    QCOMPARE(log.latencyNs(4), 100);
    QCOMPARE(log.roundRows(5), (QList<int>{0, 2, 4, 5, 6, 7}));

    // "Show the rounds of this request" is a filter of those rows.
    TrafficFilterProxy proxy;
    proxy.setSourceModel(&log);
    TrafficFilter filter;
    for (int row : log.roundRows(0))
        filter.rows.append(log.firstAbsoluteRow() + row);
    proxy.setFilter(filter);
    QCOMPARE(proxy.sourceRows(), (QList<int>{0, 2, 4, 5, 6, 7}));

    log.clear();
    log.append(message(retry, Out, 700)); // nothing waits for it any more
    log.flush();
    QCOMPARE(log.roundOf(0), qMakePair(0, 0));
}

// A server that sends no requestState: the retry is linked by method and name.
void tst_TrafficLog::retriesWithoutStateGroupByName()
{
    TrafficLog log;
    const QByteArray get = R"({"jsonrpc":"2.0","id":"a","method":"prompts/get","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"p"}})";
    const QByteArray asks = R"({"jsonrpc":"2.0","id":"a","result":{"resultType":"input_required",)"
                            R"("inputRequests":{"s":{"method":"sampling/createMessage","params":{}}}}})";
    const QByteArray other = R"({"jsonrpc":"2.0","id":"b","method":"prompts/get","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"other","inputResponses":{}}})";
    const QByteArray retry = R"({"jsonrpc":"2.0","id":"c","method":"prompts/get","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"p","inputResponses":{"s":{}}}})";
    log.append(message(get, Out, 100));
    log.append(message(asks, In, 200));
    log.append(message(other, Out, 300));
    log.append(message(retry, Out, 400, 2)); // another connection's request is not a retry
    log.append(message(retry, Out, 500));
    log.flush();
    QCOMPARE(log.roundOf(0), qMakePair(1, 2));
    QCOMPARE(log.roundOf(2), qMakePair(0, 0));
    QCOMPARE(log.roundOf(3), qMakePair(0, 0));
    QCOMPARE(log.roundOf(4), qMakePair(2, 2));

    // Without the modern _meta nothing is linked (a legacy server's own requestState member).
    TrafficLog legacy;
    QByteArray plainGet = get, plainAsks = asks, plainRetry = retry;
    plainGet.replace(R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},)", "");
    plainRetry.replace(R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},)", "");
    legacy.append(message(plainGet, Out, 100));
    legacy.append(message(plainAsks, In, 200));
    legacy.append(message(plainRetry, Out, 300));
    legacy.flush();
    QCOMPARE(legacy.roundOf(0), qMakePair(0, 0));
    QCOMPARE(legacy.roundOf(2), qMakePair(0, 0));
}

QTEST_GUILESS_MAIN(tst_TrafficLog)
#include "tst_trafficlog.moc"
