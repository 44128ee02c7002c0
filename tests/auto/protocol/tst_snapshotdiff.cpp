// SnapshotDiff (protocol/snapshotdiff.h), what `mcpscope diff` and the window's Compare With…
// share: which changes break a client written against the old side, and the JSON form. And
// SnapshotFile (collections/snapshotfile.h): the window's snapshot files, a capture's listings.
#include "collections/snapshotfile.h"
#include "protocol/snapshotdiff.h"
#include "traffic/trafficcapture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

namespace {

QJsonObject object(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (!document.isObject())
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return document.object();
}

// A snapshot with one tool t(x required string, mode enum a|b) and one prompt p(q optional).
const QByteArray Before = R"({"tools": [{"name": "t", "inputSchema": {"type": "object", "required": ["x"], )"
                          R"("properties": {"x": {"type": "string"}, "mode": {"type": "string", "enum": ["a", "b"]}}}}], )"
                          R"("prompts": [{"name": "p", "arguments": [{"name": "q"}]}], "resources": [{"uri": "demo://a", "name": "a"}]})";

} // namespace

class tst_SnapshotDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void breaking_data();
    void breaking();
    void toJsonAndCounts();
    void snapshotFileRoundTrip();
    void snapshotFromCapture();
    void unreadableFiles();
};

void tst_SnapshotDiff::breaking_data()
{
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<int>("changes");
    QTest::addColumn<QString>("reason"); // of the first change; empty: not breaking
    QTest::newRow("same") << Before << 0 << QString();
    QTest::newRow("enum reordered") << QByteArray(Before).replace(R"(["a", "b"])", R"(["b", "a"])") << 0 << QString();
    QTest::newRow("enum widened") << QByteArray(Before).replace(R"(["a", "b"])", R"(["a", "b", "c"])") << 1 << QString();
    QTest::newRow("enum narrowed") << QByteArray(Before).replace(R"(["a", "b"])", R"(["a"])") << 1
                                   << QStringLiteral("allowed values narrowed at properties.mode.enum");
    QTest::newRow("new required") << QByteArray(Before).replace(R"("required": ["x"])", R"("required": ["x", "mode"])") << 1
                                  << QStringLiteral("new required argument at required: \"mode\"");
    QTest::newRow("type narrowed") << QByteArray(Before).replace(R"("x": {"type": "string"})", R"("x": {"type": "integer"})") << 1
                                   << QStringLiteral("type narrowed at properties.x.type");
    QTest::newRow("property removed") << QByteArray(Before).replace(R"("x": {"type": "string"}, )", "") << 1
                                      << QStringLiteral("input property x removed");
    QTest::newRow("tool removed") << QByteArray(R"({"prompts": [{"name": "p", "arguments": [{"name": "q"}]}], "resources": [{"uri": "demo://a", "name": "a"}]})")
                                  << 1 << QStringLiteral("removed");
    QTest::newRow("prompt argument required") << QByteArray(Before).replace(R"({"name": "q"})", R"({"name": "q", "required": true})") << 1
                                              << QStringLiteral("argument q is now required");
    QTest::newRow("resource added") << QByteArray(Before).replace(R"([{"uri": "demo://a", "name": "a"}])",
                                                                  R"([{"uri": "demo://a", "name": "a"}, {"uri": "demo://b", "name": "b"}])")
                                    << 1 << QString();
}

void tst_SnapshotDiff::breaking()
{
    QFETCH(QByteArray, after);
    QFETCH(int, changes);
    QFETCH(QString, reason);
    const SnapshotDiff diff = SnapshotDiff::compare(object(Before), object(after));
    QCOMPARE(diff.changeCount(), changes);
    QCOMPARE(diff.breaking, reason.isEmpty() ? 0 : 1);
    QCOMPARE(diff.lists.size(), 4);
    for (const auto &[key, list] : diff.lists) {
        for (const ItemChange &change : list.items)
            QCOMPARE(SnapshotDiff::breakingReason(key, change), reason);
    }
}

void tst_SnapshotDiff::toJsonAndCounts()
{
    const SnapshotDiff diff = SnapshotDiff::compare(object(Before), object(QByteArray(Before).replace(R"("x": {"type": "string"}, )", "")));
    const QJsonObject json = diff.toJson();
    QCOMPARE(json.value(QStringLiteral("breaking")).toInt(), 1);
    const QJsonObject tool = json.value(QStringLiteral("tools")).toArray().first().toObject();
    QCOMPARE(tool.value(QStringLiteral("change")).toString(), QStringLiteral("changed"));
    QCOMPARE(tool.value(QStringLiteral("key")).toString(), QStringLiteral("t"));
    QVERIFY(tool.value(QStringLiteral("breaking")).toBool());
    QCOMPARE(tool.value(QStringLiteral("reason")).toString(), QStringLiteral("input property x removed"));
    const QJsonArray fields = tool.value(QStringLiteral("fields")).toArray();
    QVERIFY(!fields.isEmpty());
    QVERIFY(json.value(QStringLiteral("prompts")).toArray().isEmpty());
    QVERIFY(json.contains(QStringLiteral("resourceTemplates")));
}

void tst_SnapshotDiff::snapshotFileRoundTrip()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QString error;
    QVERIFY(SnapshotFile::write(path, object(Before), QStringLiteral("demo"), &error));
    QVERIFY(SnapshotFile::isReadable(path));
    const QJsonObject read = SnapshotFile::read(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(read.value(QStringLiteral("format")).toString(), QStringLiteral("mcpscope-snapshot"));
    QCOMPARE(read.value(QStringLiteral("version")).toInt(), SnapshotFile::Version);
    QCOMPARE(read.value(QStringLiteral("server")).toString(), QStringLiteral("demo"));
    QVERIFY(read.value(QStringLiteral("resourceTemplates")).isArray());
    // The header members are no change.
    QCOMPARE(SnapshotDiff::compare(object(Before), read).changeCount(), 0);
    // A server's executable is not a snapshot, whatever it holds.
    QVERIFY(!SnapshotFile::isReadable(dir.filePath(QStringLiteral("missing.json"))));
    QVERIFY(!SnapshotFile::isReadable(QStringLiteral(MCPSCOPE_DEMO_SERVER)));
}

void tst_SnapshotDiff::snapshotFromCapture()
{
    // Two pages of tools/list on connection 1, then a fresh listing that wins; a prompts/list
    // that failed; an answer with no request of ours.
    auto event = [](int, const char *direction, const QByteArray &raw) {
        TrafficEvent e;
        e.kind = TrafficEvent::Kind::Message;
        e.direction = qstrcmp(direction, "out") == 0 ? TrafficEvent::Direction::Outgoing : TrafficEvent::Direction::Incoming;
        e.connectionId = 1;
        e.raw = raw;
        return QJsonDocument(TrafficCapture::eventToJson(e)).toJson(QJsonDocument::Compact);
    };
    QByteArrayList lines{R"({"format":"mcpscope-capture","version":1})",
                         event(1, "out", R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"),
                         event(2, "in", R"({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}],"nextCursor":"2"}})"),
                         event(3, "out", R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"2"}})"),
                         event(4, "in", R"({"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"b"}]}})"),
                         event(5, "out", R"({"jsonrpc":"2.0","id":3,"method":"prompts/list"})"),
                         event(6, "in", R"({"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}})"),
                         event(7, "in", R"({"jsonrpc":"2.0","id":9,"result":{"resources":[{"uri":"x://y"}]}})")};
    QString error;
    QJsonObject snapshot = SnapshotFile::fromCapture(lines.join('\n'), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(snapshot.value(QStringLiteral("tools")).toArray().size(), 2);
    QVERIFY(!snapshot.contains(QStringLiteral("resources")));
    lines << event(8, "out", R"({"jsonrpc":"2.0","id":4,"method":"tools/list"})")
          << event(9, "in", R"({"jsonrpc":"2.0","id":4,"result":{"tools":[{"name":"c"}]}})");
    snapshot = SnapshotFile::fromCapture(lines.join('\n'), &error);
    const QJsonArray onlyC{QJsonObject{{QStringLiteral("name"), QStringLiteral("c")}}};
    QCOMPARE(snapshot.value(QStringLiteral("tools")).toArray(), onlyC);
}

void tst_SnapshotDiff::unreadableFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A file of dir holding content: its path, empty when it could not be written.
    const auto written = [&dir](const char *name, const QByteArray &content) {
        const QString path = dir.filePath(QLatin1String(name));
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(content) == content.size() ? path : QString();
    };
    QString error;
    QVERIFY(SnapshotFile::read(dir.filePath(QStringLiteral("none.json")), &error).isEmpty());
    QVERIFY2(error.contains(QLatin1String("cannot read")), qPrintable(error));
    const QString broken = written("broken.json", "[1, 2]");
    QVERIFY(!broken.isEmpty());
    QVERIFY(SnapshotFile::read(broken, &error).isEmpty());
    QVERIFY2(error.contains(QLatin1String("not a JSON object")), qPrintable(error));
    const QString empty = written("empty.jsonl", "{}\n");
    QVERIFY(!empty.isEmpty());
    QVERIFY(SnapshotFile::read(empty, &error).isEmpty());
    QVERIFY2(error.contains(QLatin1String("holds no answered")), qPrintable(error));
}

QTEST_GUILESS_MAIN(tst_SnapshotDiff)
#include "tst_snapshotdiff.moc"
