// Big texts left in their frame (JsonText, Message::resultWithTexts(), parseSharedFrame()): every
// way of reading them gives what Qt makes of the same bytes.

#include "jsonrpc/json.h"
#include "jsonrpc/jsontext.h"
#include "jsonrpc/message.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace Mcp;

namespace {

// The contents of a JSON string, escaped as written here: every escape JSON has, non-ASCII raw
// and escaped, surrogate pairs both ways, lone surrogates (which JSON allows).
const QList<QByteArray> &pieces()
{
    static const QList<QByteArray> list{
        "plain ", "\\\"quoted\\\" ", "\\\\back\\\\slash ", "\\/ ", "\\b\\f\\n\\r\\t ", "\\u0000\\u0001\\u001f\\u001F ",
        "\\u0041\\u007e\\u007f\\u0080 ", "caf\xc3\xa9 \\u00e9\\u00E9 ", "\xe4\xb8\xad \\u4e2d ",
        "\xf0\x9f\x98\x80 \\uD83D\\uDE00\\ud83d\\ude00 ", "\\u2028\\u2029 ", "lone \\uD83D high ", "lone \\uDE00 low ",
        "\\uD83D\\uD83D\\uDE00 ", "\x7f ", "\\u0022\\u005c ", "\\uDBFF\\uDFFF ", "\\uFFFF\\uFFFE ",
    };
    return list;
}

QByteArray randomContents(qsizetype size, quint32 seed)
{
    QRandomGenerator random(seed);
    QByteArray contents;
    while (contents.size() < size)
        contents += pieces().at(random.bounded(int(pieces().size())));
    return contents;
}

// What QJsonDocument makes of the string: its value, and how it writes it between the quotes.
QJsonValue qtValue(const QByteArray &contents)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson("[\"" + contents + "\"]", &error);
    return error.error == QJsonParseError::NoError ? document.array().at(0) : QJsonValue(QJsonValue::Undefined);
}

QByteArray qtEscaped(const QJsonValue &value)
{
    const QByteArray written = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return written.mid(2, written.size() - 4); // ["..."]
}

QByteArray collect(const JsonText &text, bool (JsonText::*write)(const JsonText::Sink &) const, int *pieces = nullptr)
{
    QByteArray out;
    int count = 0;
    const bool completed = (text.*write)([&out, &count](QByteArrayView piece) {
        if (piece.size() > JsonText::PieceSize + 16)
            return false;
        out += piece;
        ++count;
        return true;
    });
    if (pieces)
        *pieces = count;
    return completed ? out : QByteArray("(stopped)");
}

QByteArray response(const QByteArray &result)
{
    return R"({"jsonrpc":"2.0","id":7,"result":)" + result + "}";
}

} // namespace

class tst_JsonText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsAsQtDoes_data();
    void readsAsQtDoes();
    void utf8();
    void indexFindsEveryBlock_data();
    void indexFindsEveryBlock();
    void stopsWhenTheSinkSaysSo();
    void findsBigStringValuesOnly();
    void refusesWhatIsNotAString_data();
    void refusesWhatIsNotAString();
    void bigResultSharesTheFrame();
    void bigResultThroughAView();
    void whatIsReadWhole_data();
    void whatIsReadWhole();
    void markers();
};

void tst_JsonText::readsAsQtDoes_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::newRow("empty") << QByteArray();
    for (qsizetype i = 0; i < pieces().size(); ++i)
        QTest::addRow("piece %lld", qlonglong(i)) << pieces().at(i);
    QTest::newRow("high surrogate last") << QByteArray("end \\uD83D");
    QTest::newRow("high then raw pair") << QByteArray("\\uD83D\xf0\x9f\x98\x80");
    QTest::newRow("escape across pieces") << QByteArray(JsonText::PieceSize - 3, 'a') + "\\uD83D\\uDE00\\n" + QByteArray(10, 'b');
    QTest::newRow("random 300 KiB") << randomContents(300 * 1024, 1);
    QTest::newRow("random 1 MiB") << randomContents(1024 * 1024, 2);
    QTest::newRow("ascii only") << QByteArray(200 * 1024, 'z');
}

void tst_JsonText::readsAsQtDoes()
{
    QFETCH(QByteArray, contents);
    const QJsonValue expected = qtValue(contents);
    QVERIFY(expected.isString());
    const QByteArray frame = "[\"" + contents + "\"]";
    const JsonText text(frame, 2, contents.size());
    QCOMPARE(text.raw(), QByteArrayView(contents));
    QCOMPARE(text.toString(), expected.toString());
    QCOMPARE(text.toJsonValue(), expected);
    int count = 0;
    const QByteArray escaped = collect(text, &JsonText::writeEscaped, &count);
    QCOMPARE(escaped, qtEscaped(expected));
    QVERIFY(count <= escaped.size() / JsonText::PieceSize + 1);
}

void tst_JsonText::utf8()
{
    // Without lone surrogates, the text's own UTF-8; each lone one is U+FFFD.
    const QByteArray contents = "a\\u00e9\xc3\xa9\\uD83D\\uDE00\\n\\/" + randomContents(100000, 3).replace("lone", "x");
    QByteArray clean = contents;
    for (const char *lone : {"\\uD83D high", "\\uDE00 low", "\\uD83D\\uD83D\\uDE00"})
        clean.replace(lone, "");
    QCOMPARE(collect(JsonText(clean, 0, clean.size()), &JsonText::writeUtf8), qtValue(clean).toString().toUtf8());
    const QByteArray lone = "x\\uDE00y\\uD83D";
    QCOMPARE(collect(JsonText(lone, 0, lone.size()), &JsonText::writeUtf8), QByteArray("x\xef\xbf\xbdy\xef\xbf\xbd"));
}

void tst_JsonText::indexFindsEveryBlock_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<int>("blockUnits");
    QTest::newRow("empty") << QByteArray() << 16;
    QTest::newRow("one unit a block") << randomContents(4000, 5) << 1;
    QTest::newRow("seven units") << randomContents(20000, 6) << 7;
    QTest::newRow("pairs at every cut") << QByteArray("\\uD83D\\uDE00\xf0\x9f\x98\x80").repeated(500) << 3;
    QTest::newRow("ascii 1 MiB, 16 Ki blocks") << QByteArray(1024 * 1024, 'q') << 16384;
    QTest::newRow("random 1 MiB, 16 Ki blocks") << randomContents(1024 * 1024, 7) << 16384;
}

void tst_JsonText::indexFindsEveryBlock()
{
    // Read block by block from where the index says, the text is toString()'s, and each block
    // starts at the unit the index gives; the sizes are those of toString() and writeUtf8().
    QFETCH(QByteArray, contents);
    QFETCH(int, blockUnits);
    const QByteArray frame = "[\"" + contents + "\"]";
    const JsonText text(frame, 2, contents.size());
    const QString whole = text.toString();
    const JsonText::Index index = text.index(blockUnits);
    QCOMPARE(index.size, whole.size());
    QCOMPARE(index.utf8Size, collect(text, &JsonText::writeUtf8).size());
    QCOMPARE(index.rawStarts.size(), index.unitStarts.size());
    QCOMPARE(index.rawStarts.first(), 0);
    QString joined;
    for (qsizetype block = 0; block < index.rawStarts.size(); ++block) {
        QCOMPARE(index.unitStarts.at(block), joined.size());
        const qsizetype raw = index.rawStarts.at(block);
        const QString part = text.sliced(raw, index.rawEnd(block, text.rawSize()) - raw).toString();
        if (block + 1 < index.rawStarts.size())
            QVERIFY2(part.size() >= blockUnits && part.size() <= blockUnits + 1, qPrintable(QString::number(part.size())));
        joined += part;
        QCOMPARE(index.blockOf(index.unitStarts.at(block)), block);
    }
    QCOMPARE(joined, whole);
    QCOMPARE(index.blockOf(whole.size()), index.rawStarts.size() - 1);
    // Cancelled (progress is asked every few megabytes), it is empty.
    if (contents.size() >= 1024 * 1024) {
        const QByteArray big = "\"" + contents.repeated(6) + '"';
        QVERIFY(JsonText(big, 1, big.size() - 2).index(blockUnits, [](int) { return false; }).rawStarts.isEmpty());
    }
}

void tst_JsonText::stopsWhenTheSinkSaysSo()
{
    const QByteArray contents = randomContents(5 * JsonText::PieceSize, 4);
    const JsonText text(contents, 0, contents.size());
    int calls = 0;
    QVERIFY(!text.writeEscaped([&calls](QByteArrayView) { return ++calls < 2; }));
    QCOMPARE(calls, 2);
}

void tst_JsonText::findsBigStringValuesOnly()
{
    const QByteArray big(100, 'b');
    const QByteArray escaped = "\\\"" + QByteArray(96, 'e') + "\\u00e9";
    const QByteArray frame = R"({"small":"s", ")" + big + R"(" : ")" + big + R"(", "list":[")" + escaped + R"(", 1, "x"]})";
    QList<std::pair<qsizetype, qsizetype>> ranges;
    QVERIFY(Json::Internal::findBigStrings(frame, 100, &ranges));
    QCOMPARE(ranges.size(), 2); // the key of the same length is not taken
    QCOMPARE(frame.mid(ranges.at(0).first, ranges.at(0).second), big);
    QCOMPARE(frame.mid(ranges.at(1).first, ranges.at(1).second), escaped);
    QVERIFY(frame.at(ranges.at(0).first - 1) == '"' && frame.at(ranges.at(0).first + ranges.at(0).second) == '"');
    ranges.clear();
    QVERIFY(Json::Internal::findBigStrings(frame, 1000, &ranges));
    QVERIFY(ranges.isEmpty());
}

void tst_JsonText::refusesWhatIsNotAString_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::newRow("cut off") << QByteArray(R"({"a":"abc)");
    QTest::newRow("raw newline") << QByteArray("{\"a\":\"ab\nc\"}");
    QTest::newRow("bad escape") << QByteArray(R"({"a":"ab\qc"})");
    QTest::newRow("short \\u") << QByteArray(R"({"a":"ab\u12"})");
    QTest::newRow("\\u not hex") << QByteArray(R"({"a":"ab\u12g4"})");
    QTest::newRow("backslash last") << QByteArray(R"({"a":"ab\)");
}

void tst_JsonText::refusesWhatIsNotAString()
{
    QFETCH(QByteArray, frame);
    QList<std::pair<qsizetype, qsizetype>> ranges;
    QVERIFY(!Json::Internal::findBigStrings(frame, 1, &ranges));
}

void tst_JsonText::bigResultSharesTheFrame()
{
    const QByteArray first = randomContents(2 * 1024 * 1024, 5);
    const QByteArray second = QByteArray(300 * 1024, 'q');
    const QByteArray frame = response(R"({"content":[{"type":"text","text":")" + first
                                      + R"("},{"type":"text","text":"small"}],"structuredContent":{"b":")" + second
                                      + R"(","a":[1,2.5,true,null]},"isError":false,"_meta":{"k":"v"}})");
    const QJsonValue expected = Json::parse(frame).toObject().value(QLatin1String("result"));
    QVERIFY(expected.isObject());

    const ParsedFrame parsed = parseSharedFrame(frame);
    QVERIFY(parsed.isValid());
    QCOMPARE(parsed.messages.size(), 1);
    const Message message = parsed.messages.first();
    QCOMPARE(message.frameSize(), frame.size());
    const ResultTexts texts = message.resultWithTexts();
    QCOMPARE(texts.texts.size(), 2);
    for (const JsonText &text : texts.texts)
        QCOMPARE(text.frame().constData(), frame.constData()); // the very bytes, not a copy
    QCOMPARE(texts.texts.at(0).raw(), QByteArrayView(first));
    QCOMPARE(texts.texts.at(1).raw(), QByteArrayView(second));
    // The markers stand where the texts were; everything else is converted as usual.
    const QJsonObject skeleton = texts.value.toObject();
    const QString marker0 = skeleton.value(QLatin1String("content")).toArray().at(0).toObject().value(QLatin1String("text")).toString();
    QCOMPARE(texts.indexOf(marker0), 0);
    QCOMPARE(texts.indexOf(skeleton.value(QLatin1String("structuredContent")).toObject().value(QLatin1String("b")).toString()), 1);
    QCOMPARE(texts.indexOf(u"small"), -1);
    QCOMPARE(skeleton.value(QLatin1String("isError")), QJsonValue(false));
    // The head has no marker, and result() is the whole result, as Qt JSON.
    QCOMPARE(message.resultHead(), (QJsonObject{{QLatin1String("isError"), false}, {QLatin1String("_meta"), QJsonObject{{QLatin1String("k"), QLatin1String("v")}}}}));
    QCOMPARE(message.result(), expected);
    QCOMPARE(texts.resolved(), expected);
    QCOMPARE(message.result(), expected); // once converted, kept
    // Written as QJsonDocument writes the whole result.
    QCOMPARE(Json::serialize(message.result()), QJsonDocument(expected.toObject()).toJson(QJsonDocument::Compact));
}

void tst_JsonText::bigResultThroughAView()
{
    // parseFrame() on a view cannot share the caller's bytes: the texts get a copy of the frame.
    const QByteArray contents = randomContents(1500 * 1024, 6);
    const QByteArray frame = response(R"({"content":[{"type":"text","text":")" + contents + R"("}]})");
    const ParsedFrame parsed = parseFrame(QByteArrayView(frame));
    QVERIFY(parsed.isValid());
    const ResultTexts texts = parsed.messages.first().resultWithTexts();
    QCOMPARE(texts.texts.size(), 1);
    QVERIFY(texts.texts.first().frame().constData() != frame.constData());
    QCOMPARE(texts.texts.first().raw(), QByteArrayView(contents));
    QCOMPARE(parsed.messages.first().result(), Json::parse(frame).toObject().value(QLatin1String("result")));
    // Raw data the caller may free is copied too.
    const QByteArray raw = QByteArray::fromRawData(frame.constData(), frame.size());
    const ResultTexts fromRaw = parseSharedFrame(raw).messages.first().resultWithTexts();
    QCOMPARE(fromRaw.texts.size(), 1);
    QVERIFY(fromRaw.texts.first().frame().constData() != frame.constData());
}

void tst_JsonText::whatIsReadWhole_data()
{
    QTest::addColumn<QByteArray>("frame");
    const QByteArray big = randomContents(1100 * 1024, 7);
    QTest::newRow("request") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"t":")" + big + "\"}}}");
    QTest::newRow("notification") << QByteArray(R"({"jsonrpc":"2.0","method":"notifications/message","params":{"data":")" + big + "\"}}");
    QTest::newRow("error") << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","data":")" + big + "\"}}");
    QTest::newRow("text in the head") << response(R"({"content":[],"summary":")" + big + "\"}");
    QTest::newRow("text in _meta") << response(R"({"content":[],"_meta":{"log":")" + big + "\"}}");
    // (A batch with a lone surrogate is refused whole, as it always was: Qt's parser, which reads
    // lone surrogates, takes single objects only.)
    QTest::newRow("batch") << "[" + response(R"({"t":")" + QByteArray(1100 * 1024, 'b') + "\"}") + "]";
    QTest::newRow("not a message") << QByteArray(R"({"jsonrpc":"2.0","id":1,"result":{"t":")" + big + "\"},\"error\":{}}");
    QTest::newRow("cut off") << QByteArray(R"({"jsonrpc":"2.0","id":1,"result":{"t":")" + big + "\"");
    QTest::newRow("no big text") << response("[" + QByteArray(1100 * 1024, '1').replace(QByteArray("11"), QByteArray("1,")) + "1]");
}

void tst_JsonText::whatIsReadWhole()
{
    // Anything but one response with its big texts outside its head is read as before: same
    // messages, same diagnostics, no texts.
    QFETCH(QByteArray, frame);
    const ParsedFrame parsed = parseSharedFrame(frame);
    const QJsonValue whole = Json::parse(frame);
    for (const Message &message : parsed.messages) {
        QVERIFY(message.resultWithTexts().texts.isEmpty());
        if (!parsed.batch)
            QCOMPARE(message.toJson(), whole.toObject());
    }
    if (QByteArrayView(QTest::currentDataTag()) == "cut off" || QByteArrayView(QTest::currentDataTag()) == "not a message")
        QVERIFY(!parsed.isValid() && !parsed.diagnostics.isEmpty());
    else
        QVERIFY(parsed.isValid());
}

void tst_JsonText::markers()
{
    ResultTexts texts;
    texts.texts = {JsonText("\"a\"", 1, 1), JsonText("\"b\"", 1, 1)};
    QCOMPARE(texts.indexOf(ResultTexts::marker(1)), 1);
    QCOMPARE(texts.indexOf(ResultTexts::marker(2)), -1);
    QCOMPARE(texts.indexOf(QString(ResultTexts::markerPrefix() + QLatin1String("x"))), -1);
    QVERIFY(ResultTexts::marker(0).startsWith(ResultTexts::markerPrefix()));
    texts.value = QJsonObject{{QLatin1String("x"), QJsonArray{ResultTexts::marker(1), ResultTexts::marker(0), 3}}};
    QCOMPARE(texts.resolved(), QJsonValue(QJsonObject{{QLatin1String("x"), QJsonArray{QLatin1String("b"), QLatin1String("a"), 3}}}));
}

QTEST_GUILESS_MAIN(tst_JsonText)
#include "tst_jsontext.moc"
