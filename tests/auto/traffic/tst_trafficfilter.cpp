#include <traffic/bytesearch_p.h>
#include <traffic/trafficfilter.h>
#include <traffic/trafficlog.h>

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

#include "checkedmodels.h"

using namespace Mcp;

namespace {

constexpr auto Out = TrafficEvent::Direction::Outgoing;
constexpr auto In = TrafficEvent::Direction::Incoming;

TrafficEvent makeEvent(const QByteArray &raw, TrafficEvent::Direction direction, int connection = 1,
                   TrafficEvent::Kind kind = TrafficEvent::Kind::Message, const QString &note = {})
{
    static qint64 clock = 0;
    TrafficEvent e;
    e.monotonicNs = ++clock * 1000;
    e.wallClockMs = 1700000000000 + clock;
    e.direction = direction;
    e.kind = kind;
    e.raw = raw;
    e.note = note;
    e.connectionId = connection;
    return e;
}

// A small log with one of everything the filters look at.
void fill(TrafficLog *log)
{
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})", Out)); // 0
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"Everything","version":"1.0"}}})", In));   // 1
    log->append(makeEvent(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", Out));                                 // 2
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"message":"Hello World"}}})", Out)); // 3
    log->append(makeEvent(R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":5,"total":10}})", In)); // 4
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Echo: Hello World"}],"isError":false}})", In)); // 5
    log->append(makeEvent("npm WARN deprecated something", TrafficEvent::Direction::Local, 1, TrafficEvent::Kind::StderrLine));                      // 6
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add","arguments":{"a":1.5,"b":2}}})", Out, 2)); // 7
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Invalid params"}})", In, 2));           // 8
    log->append(makeEvent("", TrafficEvent::Direction::Local, 2, TrafficEvent::Kind::ProcessExited, QStringLiteral("exit code 3"))); // 9
    log->append(makeEvent(R"({"jsonrpc":"2.0","id":"x\/y","method":"ping"})", In, 2));                                          // 10
    log->flush();
}

QList<int> rowsOf(const TrafficFilterProxy &proxy)
{
    return proxy.sourceRows();
}

} // namespace


class tst_TrafficFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void byteSearch_data();
    void byteSearch();
    void byteSearchRandom();
    void filters_data();
    void filters();
    void jsonExpressionErrors();
    void incrementalAppend();
    void asyncFilterMatchesSync();
    void staleResultsAreDropped();
    void dropsAndClearFollowTheLog();
    void pairedRowMapsThroughProxy();
    void destroyWhileFiltering();
};

void tst_TrafficFilter::byteSearch_data()
{
    QTest::addColumn<QByteArray>("haystack");
    QTest::addColumn<QByteArray>("needle");
    QTest::addColumn<int>("index");
    QTest::newRow("simple") << QByteArray("hello world") << QByteArray("WORLD") << 6;
    QTest::newRow("empty needle") << QByteArray("abc") << QByteArray() << 0;
    QTest::newRow("longer needle") << QByteArray("ab") << QByteArray("abc") << -1;
    QTest::newRow("one byte") << QByteArray("xyzQ") << QByteArray("q") << 3;
    QTest::newRow("no fold of @ and `") << QByteArray("a`b") << QByteArray("A@B") << -1;
    QTest::newRow("brackets are not letters") << QByteArray("[x]") << QByteArray("{X}") << -1;
    QTest::newRow("utf-8 exact") << QByteArray("caf\xc3\xa9 ok") << QByteArray("CAF\xc3\xa9") << 0;
    QTest::newRow("past 16 bytes") << QByteArray("0123456789abcdef0123456789ABCDEF-Needle-") << QByteArray("needle") << 33;
    QTest::newRow("at the very end") << QByteArray(40, 'a') + "Zz" << QByteArray("zZ") << 40;
    QTest::newRow("high bytes") << QByteArray("\x80\xff\xc1\xe1") << QByteArray("\xc1\xe1") << 2;
}

void tst_TrafficFilter::byteSearch()
{
    QFETCH(QByteArray, haystack);
    QFETCH(QByteArray, needle);
    QFETCH(int, index);
    QCOMPARE(CaseInsensitiveSearcher(needle).indexIn(haystack), qsizetype(index));
}

void tst_TrafficFilter::byteSearchRandom()
{
    // Against a naive lower-case search, at every alignment and length.
    QRandomGenerator rng(42);
    const char alphabet[] = "aAbB{[@`zZ\xc3\xa9 ";
    for (int round = 0; round < 3000; ++round) {
        QByteArray hay(int(rng.bounded(70)), Qt::Uninitialized);
        for (char &c : hay)
            c = alphabet[rng.bounded(int(sizeof alphabet - 1))];
        QByteArray needle(int(rng.bounded(1, 5)), Qt::Uninitialized);
        for (char &c : needle)
            c = alphabet[rng.bounded(int(sizeof alphabet - 1))];
        auto lower = [](QByteArray b) {
            for (char &c : b)
                c = (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
            return b;
        };
        QCOMPARE(CaseInsensitiveSearcher(needle).indexIn(hay), lower(hay).indexOf(lower(needle)));
    }
}

void tst_TrafficFilter::filters_data()
{
    QTest::addColumn<TrafficFilter>("filter");
    QTest::addColumn<QList<int>>("rows");
    auto f = [] { return TrafficFilter(); };
    TrafficFilter t;

    QTest::newRow("none") << f() << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    t = f(); t.connections = {2};
    QTest::newRow("connection") << t << QList<int>{7, 8, 9, 10};
    t = f(); t.connections = {1, 2};
    QTest::newRow("both connections") << t << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    t = f(); t.directions = {Out};
    QTest::newRow("outgoing") << t << QList<int>{0, 2, 3, 7};
    t = f(); t.directions = {TrafficEvent::Direction::Local};
    QTest::newRow("local") << t << QList<int>{6, 9};
    t = f(); t.kinds = {TrafficKind::Error, TrafficKind::Stderr};
    QTest::newRow("kind set") << t << QList<int>{6, 8};
    t = f(); t.kinds = {TrafficKind::Notification};
    QTest::newRow("notifications") << t << QList<int>{2, 4};
    t = f(); t.method = QStringLiteral("TOOLS/");
    QTest::newRow("method substring, with replies") << t << QList<int>{3, 5, 7, 8};
    t = f(); t.method = QStringLiteral("tools/call"); t.methodMatch = TrafficFilter::MethodMatch::Exact;
    QTest::newRow("method exact") << t << QList<int>{3, 5, 7, 8};
    t = f(); t.method = QStringLiteral("Tools/call"); t.methodMatch = TrafficFilter::MethodMatch::Exact;
    QTest::newRow("method exact is case-sensitive") << t << QList<int>{};
    t = f(); t.method = QStringLiteral("notifications"); t.directions = {In};
    QTest::newRow("method and direction") << t << QList<int>{4};
    t = f(); t.text = QStringLiteral("hello world");
    QTest::newRow("text ignores case") << t << QList<int>{3, 5};
    t = f(); t.text = QStringLiteral("EXIT CODE");
    QTest::newRow("text in a note") << t << QList<int>{9};
    t = f(); t.text = QStringLiteral("deprecated"); t.kinds = {TrafficKind::Stderr};
    QTest::newRow("text and kind") << t << QList<int>{6};
    t = f(); t.text = QStringLiteral("nowhere to be found");
    QTest::newRow("text absent") << t << QList<int>{};
    t = f(); t.json = QStringLiteral("/params/name=echo");
    QTest::newRow("json pointer string") << t << QList<int>{3};
    t = f(); t.json = QStringLiteral("params.arguments.a=1.5");
    QTest::newRow("json dotted number") << t << QList<int>{7};
    t = f(); t.json = QStringLiteral("/id=7");
    QTest::newRow("json number id") << t << QList<int>{7, 8};
    t = f(); t.json = QStringLiteral("/id=\"x/y\"");
    QTest::newRow("json escaped string id") << t << QList<int>{10};
    t = f(); t.json = QStringLiteral("/result/isError=false");
    QTest::newRow("json bool") << t << QList<int>{5};
    t = f(); t.json = QStringLiteral("/error");
    QTest::newRow("json exists") << t << QList<int>{8};
    t = f(); t.json = QStringLiteral("/result/content/0/type=text");
    QTest::newRow("json array index") << t << QList<int>{5};
    t = f(); t.json = QStringLiteral("/params={\"progress\":5,\"total\":10}");
    QTest::newRow("json object value") << t << QList<int>{4};
    t = f(); t.json = QStringLiteral("/method=tools/call"); t.connections = {1};
    QTest::newRow("json and connection") << t << QList<int>{3};
}

void tst_TrafficFilter::filters()
{
    QFETCH(TrafficFilter, filter);
    QFETCH(QList<int>, rows);
    TrafficLog log;
    fill(&log);
    CheckedProxy proxy(&log);
    QSignalSpy filtering(&proxy, &TrafficFilterProxy::filteringChanged);
    proxy.setFilter(filter);
    QCOMPARE(filtering.count(), 0); // small logs are filtered at once
    QCOMPARE(rowsOf(proxy), rows);
    QVERIFY(!proxy.isFiltering());
    for (int i = 0; i < rows.size(); ++i)
        QCOMPARE(proxy.index(i, TrafficLog::MethodColumn).data(), log.index(rows.at(i), TrafficLog::MethodColumn).data());
    // The worker path gives the same answer.
    const std::vector<qint64> threaded = TrafficFilterProxy::filterSnapshot(log.snapshot(), filter, 2);
    QCOMPARE(int(threaded.size()), rows.size());
}

void tst_TrafficFilter::jsonExpressionErrors()
{
    QVERIFY(TrafficFilter::jsonExpressionError(QStringLiteral("/params/name=echo")).isEmpty());
    QVERIFY(TrafficFilter::jsonExpressionError(QString()).isEmpty());
    QVERIFY(!TrafficFilter::jsonExpressionError(QStringLiteral("=echo")).isEmpty());
    QVERIFY(!TrafficFilter::jsonExpressionError(QStringLiteral("params..name")).isEmpty());
    QVERIFY(!TrafficFilter::jsonExpressionError(QStringLiteral("/params={broken")).isEmpty());
}

void tst_TrafficFilter::incrementalAppend()
{
    TrafficLog log;
    fill(&log);
    CheckedProxy proxy(&log);
    TrafficFilter filter;
    filter.method = QStringLiteral("tools/call");
    proxy.setFilter(filter);
    QCOMPARE(proxy.rowCount(), 4);
    QSignalSpy inserted(&proxy, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&proxy, &QAbstractItemModel::modelReset);
    // One batch (as a Session delivers it): one insert.
    log.appendBatch({makeEvent(R"({"jsonrpc":"2.0","id":30,"method":"tools/call","params":{}})", Out),   // 11
                     makeEvent(R"({"jsonrpc":"2.0","method":"notifications/message"})", In),             // 12
                     makeEvent(R"({"jsonrpc":"2.0","id":31,"method":"brand/new/tools/call/x"})", Out),   // 13, a method not seen before
                     makeEvent(R"({"jsonrpc":"2.0","id":30,"result":{}})", In)});                        // 14
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.at(0).at(1).toInt(), 4);
    QCOMPARE(inserted.at(0).at(2).toInt(), 6);
    QCOMPARE(rowsOf(proxy), (QList<int>{3, 5, 7, 8, 11, 13, 14}));
}

void tst_TrafficFilter::asyncFilterMatchesSync()
{
    TrafficLog log;
    QList<TrafficEvent> batch;
    for (int i = 0; i < 30000; ++i) {
        batch.append(makeEvent(QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(i)
                               + R"(,"method":"tools/call","params":{"name":")" + (i % 7 == 0 ? "Needle" : "hay") + R"("}})",
                           Out, 1 + i % 3));
    }
    log.appendBatch(batch);
    log.flush();
    CheckedProxy proxy(&log, 0);
    QCOMPARE(proxy.rowCount(), 30000); // an empty filter is always immediate
    QSignalSpy filtering(&proxy, &TrafficFilterProxy::filteringChanged);
    QSignalSpy applied(&proxy, &TrafficFilterProxy::filterApplied);
    TrafficFilter filter;
    filter.text = QStringLiteral("needle");
    filter.connections = {2};
    proxy.setFilter(filter);
    QVERIFY(proxy.isFiltering());
    QCOMPARE(proxy.rowCount(), 30000); // old rows stay until the result lands
    // Rows appended while the worker runs are tested when the result is applied.
    log.append(makeEvent(R"({"jsonrpc":"2.0","method":"x","params":{"needle":1}})", Out, 2));
    log.append(makeEvent(R"({"jsonrpc":"2.0","method":"x","params":{"needle":1}})", Out, 1));
    log.flush();
    QTRY_VERIFY_WITH_TIMEOUT(!proxy.isFiltering(), 10000);
    QCOMPARE(applied.count(), 1);
    QCOMPARE(filtering.count(), 2);
    int expected = 0;
    for (int i = 0; i < 30000; ++i)
        expected += (i % 7 == 0 && 1 + i % 3 == 2);
    QCOMPARE(proxy.rowCount(), expected + 1);
    QCOMPARE(proxy.sourceRows().constLast(), 30000);
    // A running pass overtaken by an immediate one ends "filtering" exactly once.
    TrafficFilter other;
    other.text = QStringLiteral("hay");
    proxy.setFilter(other);
    QVERIFY(proxy.isFiltering());
    QCOMPARE(filtering.count(), 3);
    proxy.setSynchronousThreshold(1000000);
    TrafficFilter same = filter;
    same.method = QStringLiteral("tools/call");
    proxy.setFilter(same);
    QVERIFY(!proxy.isFiltering());
    QCOMPARE(filtering.count(), 4);
    QCOMPARE(filtering.last().at(0).toBool(), false);
    QCOMPARE(proxy.rowCount(), expected);
    QTest::qWait(100); // the overtaken pass must not land
    QCOMPARE(proxy.rowCount(), expected);
}

void tst_TrafficFilter::staleResultsAreDropped()
{
    TrafficLog log;
    QList<TrafficEvent> batch;
    for (int i = 0; i < 60000; ++i)
        batch.append(makeEvent(QByteArray(R"({"jsonrpc":"2.0","method":"m)") + QByteArray::number(i % 10) + R"("})", In));
    log.appendBatch(batch);
    log.flush();
    CheckedProxy proxy(&log, 0);
    QSignalSpy applied(&proxy, &TrafficFilterProxy::filterApplied);
    TrafficFilter a;
    a.text = QStringLiteral("\"m1\"");
    proxy.setFilter(a);
    TrafficFilter b;
    b.text = QStringLiteral("\"m2\"");
    proxy.setFilter(b);
    QTRY_VERIFY_WITH_TIMEOUT(!proxy.isFiltering(), 10000);
    QTest::qWait(50); // give a stale result time to (wrongly) arrive
    QCOMPARE(applied.count(), 1);
    QCOMPARE(proxy.rowCount(), 6000);
    QCOMPARE(proxy.index(0, TrafficLog::MethodColumn).data().toString(), QStringLiteral("m2"));
}

void tst_TrafficFilter::dropsAndClearFollowTheLog()
{
    TrafficLog log;
    log.setRowCap(100);
    CheckedProxy proxy(&log);
    TrafficFilter filter;
    filter.kinds = {TrafficKind::Request};
    proxy.setFilter(filter);
    for (int i = 0; i < 100; ++i) {
        log.append(makeEvent(QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(i) + R"(,"method":"a"})", Out));
        log.append(makeEvent(R"({"jsonrpc":"2.0","method":"n"})", In));
        log.flush();
    }
    QVERIFY(log.droppedCount() > 0);
    QCOMPARE(proxy.rowCount(), (log.rowCount() + 1) / 2);
    const QList<int> rows = proxy.sourceRows();
    for (int row : rows)
        QCOMPARE(log.kind(row), TrafficKind::Request);
    QSignalSpy reset(&proxy, &QAbstractItemModel::modelReset);
    log.clear();
    QCOMPARE(reset.count(), 1);
    QCOMPARE(proxy.rowCount(), 0);
    log.append(makeEvent(R"({"jsonrpc":"2.0","id":1,"method":"a"})", Out));
    log.flush();
    QCOMPARE(proxy.rowCount(), 1);
}

void tst_TrafficFilter::pairedRowMapsThroughProxy()
{
    TrafficLog log;
    fill(&log);
    CheckedProxy proxy(&log);
    TrafficFilter filter;
    filter.connections = {2};
    proxy.setFilter(filter);
    QCOMPARE(proxy.index(0, 0).data(TrafficLog::PairedRowRole).toInt(), 1);
    QCOMPARE(proxy.index(1, 0).data(TrafficLog::PairedRowRole).toInt(), 0);
    filter.kinds = {TrafficKind::Request};
    proxy.setFilter(filter);
    QCOMPARE(proxy.index(0, 0).data(TrafficLog::PairedRowRole).toInt(), -1); // the error row is hidden
    // Latency changes reach the proxy as its own rows.
    QSignalSpy changed(&proxy, &QAbstractItemModel::dataChanged);
    log.append(makeEvent(R"({"jsonrpc":"2.0","id":"x\/y","result":{}})", Out, 2));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 1);
}

void tst_TrafficFilter::destroyWhileFiltering()
{
    TrafficLog log;
    QList<TrafficEvent> batch;
    for (int i = 0; i < 50000; ++i)
        batch.append(makeEvent(QByteArray(500, 'x'), In, 1, TrafficEvent::Kind::StderrLine));
    log.appendBatch(batch);
    log.flush();
    auto *proxy = new TrafficFilterProxy;
    proxy->setSynchronousThreshold(0);
    proxy->setSourceModel(&log);
    TrafficFilter filter;
    filter.text = QStringLiteral("not there");
    proxy->setFilter(filter);
    QVERIFY(proxy->isFiltering());
    delete proxy;
    QTest::qWait(300); // a late result must not reach the deleted proxy
    QCOMPARE(log.rowCount(), 50000);
}

QTEST_GUILESS_MAIN(tst_TrafficFilter)
#include "tst_trafficfilter.moc"
