#include "jsonrpc/json.h"
#include "jsonrpc/message.h"
#include "jsonrpc/objectshape.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace Mcp;

class tst_JsonRpc : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void objectShapeFillsInTheGivenOrder();
    void diagnostics_data();
    void diagnostics();
    void validFrames_data();
    void validFrames();
    void idsKeptExactly_data();
    void idsKeptExactly();
    void requestsWithBadIdsAreCounted_data();
    void requestsWithBadIdsAreCounted();
    void largeIntegers();
    void unicode();
    void invalidUtf8();
    void unreadableRepliesNameTheirIds_data();
    void unreadableRepliesNameTheirIds();
    void everyPrefixOfAFrameIsHandled();
    void roundTrip_data();
    void roundTrip();
    void serializationHasNoRawNewline();
    void serializerMatchesQt_data();
    void serializerMatchesQt();
    void parserMatchesQt_data();
    void parserMatchesQt();
    void bigObjectKeepsEveryKey();
    void resultHead_data();
    void resultHead();
    void resultHeadRepeats();
    void rememberedTexts();
    void loneSurrogateEscapes();
    void metaRepeats();
    void bigFrames_data();
    void bigFrames();
    void summary_data();
    void summary();
};

// Keys given out of QJsonObject's sorted order still get their own values, each copy its own.
void tst_JsonRpc::objectShapeFillsInTheGivenOrder()
{
    const ObjectShape shape{QLatin1StringView("type"), QLatin1StringView("text"), QLatin1StringView("annotations")};
    const QJsonObject first = shape.fill({QStringLiteral("t"), QStringLiteral("hello"), QJsonObject{{QStringLiteral("a"), 1}}});
    const QJsonObject second = shape.fill({QStringLiteral("u"), QStringLiteral("world"), QJsonValue()});
    const QJsonObject expected{{QStringLiteral("type"), QStringLiteral("t")},
                               {QStringLiteral("text"), QStringLiteral("hello")},
                               {QStringLiteral("annotations"), QJsonObject{{QStringLiteral("a"), 1}}}};
    QCOMPARE(first, expected);
    QCOMPARE(second.value(QLatin1StringView("type")).toString(), QStringLiteral("u"));
    QCOMPARE(second.value(QLatin1StringView("text")).toString(), QStringLiteral("world"));
    QVERIFY(second.value(QLatin1StringView("annotations")).isNull());
    QCOMPARE(second.size(), 3);
}

void tst_JsonRpc::diagnostics_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<int>("validMessages");
    QTest::addColumn<QStringList>("expected"); // substrings, one per diagnostic, in order

    auto row = [](const char *name, const QByteArray &frame, int valid, const QStringList &expected) {
        QTest::newRow(name) << frame << valid << expected;
    };
    row("not JSON", "hello", 0, {"not valid JSON"});
    row("truncated", "{\"jsonrpc\":\"2.0\",", 0, {"not valid JSON"});
    row("trailing garbage", "{\"jsonrpc\":\"2.0\",\"method\":\"a\"} x", 0, {"not valid JSON"});
    row("empty", "", 0, {"not valid JSON: empty input"});
    row("scalar number", "42", 0, {"not a JSON object"});
    row("scalar string", "\"x\"", 0, {"not a JSON object"});
    row("scalar null", "null", 0, {"not a JSON object"});
    row("missing jsonrpc", "{\"method\":\"a\"}", 0, {"missing \"jsonrpc\""});
    row("wrong jsonrpc", "{\"jsonrpc\":\"1.0\",\"method\":\"a\"}", 0, {"\"jsonrpc\" must be \"2.0\""});
    row("jsonrpc as number", "{\"jsonrpc\":2.0,\"method\":\"a\"}", 0, {"\"jsonrpc\" must be \"2.0\""});
    row("result and error", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}", 0,
        {"both \"result\" and \"error\""});
    row("method and result", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"result\":{}}", 0, {"both \"method\" and"});
    row("null request id", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"a\"}", 0, {"request id must not be null"});
    row("fractional id", "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"a\"}", 0, {"\"id\" must be a string or an integer"});
    row("boolean id", "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"a\"}", 0, {"\"id\" must be a string or an integer"});
    row("object id", "{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":{}}", 0, {"\"id\" must be a string or an integer"});
    row("method not a string", "{\"jsonrpc\":\"2.0\",\"method\":7}", 0, {"\"method\" must be a string"});
    row("params a string", "{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":\"x\"}", 0, {"\"params\" must be an object or an array"});
    row("params a number", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"params\":3}", 0, {"\"params\" must be"});
    row("params null", "{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":null}", 0, {"\"params\" must be"});
    row("error a string", "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":\"bad\"}", 0, {"\"error\" must be an object"});
    row("error without code", "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"message\":\"m\"}}", 0, {"\"error.code\" must be an integer"});
    row("error fractional code", "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1.5,\"message\":\"m\"}}", 0, {"\"error.code\" must be an integer"});
    row("error message not a string", "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1,\"message\":2}}", 0, {"\"error.message\" must be a string"});
    row("error response without id", "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":1,\"message\":\"m\"}}", 0, {"needs an \"id\""});
    row("response without id", "{\"jsonrpc\":\"2.0\",\"result\":{}}", 0, {"needs a non-null \"id\""});
    row("response with null id", "{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":{}}", 0, {"needs a non-null \"id\""});
    row("nothing", "{\"jsonrpc\":\"2.0\",\"id\":1}", 0, {"no \"method\", \"result\" or \"error\""});
    row("empty batch", "[]", 0, {"empty batch"});
    row("batch of scalars", "[1,2]", 0, {"batch element 0: not a JSON object", "batch element 1: not a JSON object"});
    row("batch mixed", "[{\"jsonrpc\":\"2.0\",\"method\":\"a\"},{\"method\":\"b\"},{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}]", 2,
        {"batch element 1: missing \"jsonrpc\""});
}

void tst_JsonRpc::diagnostics()
{
    QFETCH(QByteArray, frame);
    QFETCH(int, validMessages);
    QFETCH(QStringList, expected);
    const ParsedFrame parsed = parseFrame(frame);
    QCOMPARE(parsed.messages.size(), validMessages);
    QCOMPARE(parsed.diagnostics.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QVERIFY2(parsed.diagnostics.at(i).contains(expected.at(i)), qPrintable(parsed.diagnostics.at(i)));
    QVERIFY(!parsed.isValid());
    // The summary agrees that something is wrong.
    const MessageSummary summary = summarizeFrame(frame);
    if (!frame.startsWith('[') || validMessages == 0)
        QVERIFY(!summary.diagnostic.isEmpty() || summary.batch);
}

void tst_JsonRpc::validFrames_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<int>("kind");
    QTest::newRow("request") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{}}") << int(Message::Kind::Request);
    QTest::newRow("request, array params") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":[1,2]}") << int(Message::Kind::Request);
    QTest::newRow("notification") << QByteArray("{\"method\":\"notifications/initialized\",\"jsonrpc\":\"2.0\"}") << int(Message::Kind::Notification);
    QTest::newRow("response") << QByteArray(" {\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{\"x\":[]}} ") << int(Message::Kind::Response);
    QTest::newRow("response with null result") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}") << int(Message::Kind::Response);
    QTest::newRow("error with null id") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}") << int(Message::Kind::ErrorResponse);
    QTest::newRow("error with data") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32602,\"message\":\"m\",\"data\":{\"a\":1}}}") << int(Message::Kind::ErrorResponse);
    QTest::newRow("unknown members ignored") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"extra\":true}") << int(Message::Kind::Response);
}

void tst_JsonRpc::validFrames()
{
    QFETCH(QByteArray, frame);
    QFETCH(int, kind);
    const ParsedFrame parsed = parseFrame(frame);
    QVERIFY2(parsed.isValid(), qPrintable(parsed.diagnostics.join(u'\n')));
    QCOMPARE(parsed.messages.size(), 1);
    QCOMPARE(int(parsed.messages.first().kind()), kind);
    QVERIFY(!parsed.batch);
    // Same verdict as the Qt-based reference path.
    Message reference;
    QString diagnostic;
    QVERIFY(Message::fromJson(QJsonDocument::fromJson(frame).object(), &reference, &diagnostic));
    QCOMPARE(parsed.messages.first(), reference);
}

void tst_JsonRpc::idsKeptExactly_data()
{
    QTest::addColumn<QByteArray>("idJson");
    QTest::addColumn<bool>("isString");
    QTest::addColumn<QString>("text");
    QTest::newRow("string abc") << QByteArray("\"abc\"") << true << QStringLiteral("abc");
    QTest::newRow("integer 1") << QByteArray("1") << false << QStringLiteral("1");
    QTest::newRow("string 1") << QByteArray("\"1\"") << true << QStringLiteral("1");
    QTest::newRow("zero") << QByteArray("0") << false << QStringLiteral("0");
    QTest::newRow("negative") << QByteArray("-5") << false << QStringLiteral("-5");
    QTest::newRow("empty string") << QByteArray("\"\"") << true << QString();
    QTest::newRow("2^53 - 1") << QByteArray("9007199254740991") << false << QStringLiteral("9007199254740991");
    // int64 ids beyond 2^53 are ids too, echoed exactly (issue 32).
    QTest::newRow("2^53 + 1") << QByteArray("9007199254740993") << false << QStringLiteral("9007199254740993");
    QTest::newRow("int64 max") << QByteArray("9223372036854775807") << false << QStringLiteral("9223372036854775807");
    QTest::newRow("int64 min") << QByteArray("-9223372036854775808") << false << QStringLiteral("-9223372036854775808");
    QTest::newRow("unicode string") << QByteArray("\"\xc3\xa9\\u00e9\"") << true << QStringLiteral("\u00e9\u00e9");
}

void tst_JsonRpc::idsKeptExactly()
{
    QFETCH(QByteArray, idJson);
    QFETCH(bool, isString);
    QFETCH(QString, text);
    const ParsedFrame parsed = parseFrame(QByteArray("{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"ping\"}"));
    QVERIFY(parsed.isValid());
    const MessageId id = parsed.messages.first().id();
    QCOMPARE(id.isString(), isString);
    QCOMPARE(id.isInteger(), !isString);
    QCOMPARE(id.toString(), text);
    // Echoed back in the same JSON form.
    const QByteArray reply = Message::response(id, QJsonObject()).serialize();
    const QByteArray expectedId = isString ? Json::serialize(QJsonValue(text)) : text.toUtf8();
    QVERIFY2(reply.contains(QByteArray("\"id\":" + expectedId + ",")), reply.constData());
    QCOMPARE(parseFrame(reply).messages.first().id(), id);
    QVERIFY(MessageId(QStringLiteral("1")) != MessageId(1));
}

void tst_JsonRpc::requestsWithBadIdsAreCounted_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<int>("badRequests");
    QTest::newRow("beyond int64") << QByteArray(R"({"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"})") << 1;
    QTest::newRow("uint64") << QByteArray(R"({"jsonrpc":"2.0","id":18446744073709551615,"method":"ping"})") << 1;
    QTest::newRow("fraction") << QByteArray(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})") << 1;
    QTest::newRow("object") << QByteArray(R"({"jsonrpc":"2.0","id":{"n":1},"method":"ping"})") << 1;
    QTest::newRow("array") << QByteArray(R"({"jsonrpc":"2.0","id":[1],"method":"ping"})") << 1;
    QTest::newRow("boolean") << QByteArray(R"({"jsonrpc":"2.0","id":true,"method":"ping"})") << 1;
    QTest::newRow("batch of two") << QByteArray(R"([{"jsonrpc":"2.0","id":1.5,"method":"a"},{"jsonrpc":"2.0","id":1,"method":"b"},)"
                                                R"({"jsonrpc":"2.0","id":{},"method":"c"}])") << 2;
    // A response with a bad id answers nothing: it gets no answer of its own.
    QTest::newRow("response") << QByteArray(R"({"jsonrpc":"2.0","id":1.5,"result":{}})") << 0;
    QTest::newRow("valid") << QByteArray(R"({"jsonrpc":"2.0","id":9223372036854775807,"method":"ping"})") << 0;
}

void tst_JsonRpc::requestsWithBadIdsAreCounted()
{
    QFETCH(QByteArray, frame);
    QFETCH(int, badRequests);
    QCOMPARE(parseFrame(frame).requestsWithBadIds, badRequests);
}

void tst_JsonRpc::largeIntegers()
{
    const QByteArray frame("{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"big\":9007199254740993,\"max\":9223372036854775807,"
                           "\"min\":-9223372036854775808,\"huge\":18446744073709551615,\"d\":1e20}}");
    const ParsedFrame parsed = parseFrame(frame);
    QVERIFY(parsed.isValid());
    const QJsonObject params = parsed.messages.first().paramsObject();
    QCOMPARE(params.value(QStringLiteral("big")).toInteger(), Q_INT64_C(9007199254740993));
    QCOMPARE(params.value(QStringLiteral("max")).toInteger(), std::numeric_limits<qint64>::max());
    QCOMPARE(params.value(QStringLiteral("min")).toInteger(), std::numeric_limits<qint64>::min());
    QCOMPARE(params.value(QStringLiteral("huge")).toDouble(), 18446744073709551615.0);
    const QByteArray written = parsed.messages.first().serialize();
    QVERIFY2(written.contains("\"big\":9007199254740993"), written.constData());
    QVERIFY(written.contains("\"max\":9223372036854775807"));
    QVERIFY(written.contains("\"min\":-9223372036854775808"));
    QVERIFY(written.contains("\"d\":1e+20"));
    // The same as Qt's own reading and writing.
    QCOMPARE(Json::parse(frame), QJsonValue(QJsonDocument::fromJson(frame).object()));
    QCOMPARE(written, QJsonDocument(parsed.messages.first().toJson()).toJson(QJsonDocument::Compact));
}

void tst_JsonRpc::unicode()
{
    const QByteArray frame("{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"s\":\"h\xc3\xa9llo \xf0\x9f\x98\x80 \\u00e9 \\ud83d\\ude00 \\u0000\"}}");
    const ParsedFrame parsed = parseFrame(frame);
    QVERIFY(parsed.isValid());
    const QString s = parsed.messages.first().paramsObject().value(QStringLiteral("s")).toString();
    QCOMPARE(s, QString(QStringLiteral("h\u00e9llo \U0001F600 \u00e9 \U0001F600 ") + QChar(0)));
    const QByteArray written = parsed.messages.first().serialize();
    // Non-ASCII stays UTF-8; NUL is escaped.
    QVERIFY(written.contains("h\xc3\xa9llo \xf0\x9f\x98\x80"));
    QVERIFY(written.contains("\\u0000"));
}

void tst_JsonRpc::invalidUtf8()
{
    // Read as U+FFFD (as browsers and Node do), delivered, and flagged with a warning.
    const QByteArray frame("{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"s\":\"a\xff\xfe\xc3\"}}");
    const ParsedFrame parsed = parseFrame(frame);
    QVERIFY(parsed.isValid());
    QCOMPARE(parsed.messages.size(), 1);
    QCOMPARE(parsed.messages.first().params().toObject().value(QLatin1String("s")).toString(), QStringLiteral("a\uFFFD\uFFFD\uFFFD"));
    QCOMPARE(parsed.warnings.size(), 1);
    QVERIFY2(parsed.warnings.first().contains(QLatin1String("UTF-8")), qPrintable(parsed.warnings.first()));
    const MessageSummary summary = summarizeFrame(frame);
    QVERIFY(summary.valid);
    QCOMPARE(summary.method, QStringLiteral("m"));
    QVERIFY(!summary.warning.isEmpty());
    // A response's result (converted lazily) survives the repair too.
    const ParsedFrame reply = parseFrame("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"t\":\"\xe9\"}}");
    QVERIFY(reply.isValid());
    QCOMPARE(reply.messages.first().result().toObject().value(QLatin1String("t")).toString(), QStringLiteral("\uFFFD"));
    // Invalid UTF-8 in the structure is still not JSON.
    QVERIFY(!parseFrame("{\"jsonrpc\":\"2.0\",\xff\"method\":\"m\"}").isValid());
    // Json::parse, for documents other than frames, stays strict.
    QString error;
    bool ok = true;
    QVERIFY(Json::parse(frame, &error, &ok).isUndefined());
    QVERIFY(!ok);
    QVERIFY(!error.isEmpty());
}

void tst_JsonRpc::unreadableRepliesNameTheirIds_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<QVariantList>("ids"); // qint64 or QString
    auto row = [](const char *name, const QByteArray &frame, const QVariantList &ids) {
        QTest::newRow(name) << frame << ids;
    };
    row("cut off", "{\"jsonrpc\":\"2.0\",\"id\":12,\"result\":{\"a\":", {qint64(12)});
    row("string id, cut off", "{\"jsonrpc\":\"2.0\", \"id\" : \"abc\",\"result\":[", {QStringLiteral("abc")});
    row("nested id ignored", "{\"jsonrpc\":\"2.0\",\"result\":{\"id\":5},\"id\":6,", {qint64(6)});
    row("id in a string ignored", "{\"result\":\"\\\"id\\\":5\",\"x", {});
    row("request, not a reply", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",", {});
    row("no jsonrpc", "{\"id\":7,\"result\":{}}", {qint64(7)});
    row("both result and error", "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{},\"error\":{}}", {qint64(8)});
    row("null id", "{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":{}}", {});
    row("fractional id", "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"result\":", {});
    // int64 ids beyond 2^53 name their requests too, read or scanned.
    row("int64 id, cut off", "{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"result\":{\"a\":", {Q_INT64_C(9007199254740993)});
    row("int64 id, no jsonrpc", "{\"id\":9223372036854775807,\"result\":{}}", {Q_INT64_C(9223372036854775807)});
    row("beyond int64, cut off", "{\"jsonrpc\":\"2.0\",\"id\":18446744073709551616,\"result\":", {});
    row("batch element", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}},{\"id\":2,\"result\":{}}]", {qint64(2)});
    row("garbage", "hello", {});
}

void tst_JsonRpc::unreadableRepliesNameTheirIds()
{
    QFETCH(QByteArray, frame);
    QFETCH(QVariantList, ids);
    const ParsedFrame parsed = parseFrame(frame);
    QList<MessageId> expected;
    for (const QVariant &id : ids)
        expected.append(id.typeId() == QMetaType::QString ? MessageId(id.toString()) : MessageId(id.toLongLong()));
    QCOMPARE(parsed.unreadableReplies, expected);
    QVERIFY(!parsed.diagnostics.isEmpty());
}

void tst_JsonRpc::everyPrefixOfAFrameIsHandled()
{
    const QByteArray frame("[{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"a\",\"params\":{\"t\":\"\\n\\\"\xc3\xa9\",\"n\":[1,2.5,-3e2,true,null]}},"
                           "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-1,\"message\":\"no\"}}]");
    QVERIFY(parseFrame(frame).isValid());
    QCOMPARE(parseFrame(frame).messages.size(), 2);
    for (qsizetype cut = 0; cut < frame.size(); ++cut) {
        const QByteArray prefix = frame.left(cut);
        const ParsedFrame parsed = parseFrame(prefix);
        QVERIFY2(!parsed.isValid(), prefix.constData());
        QVERIFY(!parsed.diagnostics.isEmpty());
        const MessageSummary summary = summarizeFrame(prefix);
        QVERIFY(!summary.valid);
        // Same answer for a copy without slack after the end (simdjson reads past it otherwise).
        const QByteArray exact(prefix.constData(), prefix.size());
        QCOMPARE(parseFrame(QByteArrayView(exact)).diagnostics, parsed.diagnostics);
    }
}

void tst_JsonRpc::roundTrip_data()
{
    QTest::addColumn<Message>("message");
    QJsonObject params{{QStringLiteral("name"), QStringLiteral("echo")},
                       {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("text"), QStringLiteral("a\nb\t\"c\"\\ \u00e9 \U0001F600 \x01")}}},
                       {QStringLiteral("list"), QJsonArray{1, 2.5, -3, true, false, QJsonValue(QJsonValue::Null), QJsonObject(), QJsonArray()}},
                       {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("progressToken"), QStringLiteral("p1")}}}};
    QTest::newRow("request") << Message::request(MessageId(1), QStringLiteral("tools/call"), params);
    QTest::newRow("request, string id") << Message::request(MessageId(QStringLiteral("r-1")), QStringLiteral("ping"));
    QTest::newRow("request, array params") << Message::request(MessageId(2), QStringLiteral("m"), QJsonArray{1, QStringLiteral("x")});
    QTest::newRow("notification") << Message::notification(QStringLiteral("notifications/initialized"));
    QTest::newRow("notification with params") << Message::notification(QStringLiteral("notifications/progress"), params);
    QTest::newRow("response") << Message::response(MessageId(3), params);
    QTest::newRow("response, string id") << Message::response(MessageId(QStringLiteral("3")), QJsonObject());
    RpcError error{ErrorCode::InvalidParams, QStringLiteral("bad \"params\"\n"), QJsonObject{{QStringLiteral("field"), QStringLiteral("x")}}};
    QTest::newRow("error") << Message::errorResponse(MessageId(4), error);
    QTest::newRow("error, null id") << Message::errorResponse(MessageId(), RpcError{ErrorCode::ParseError, QStringLiteral("Parse error"), QJsonValue::Undefined});
    QTest::newRow("error, string data") << Message::errorResponse(MessageId(QStringLiteral("e")), RpcError{-1, QStringLiteral("no"), QStringLiteral("why")});
}

void tst_JsonRpc::roundTrip()
{
    QFETCH(Message, message);
    const QByteArray bytes = message.serialize();
    const ParsedFrame parsed = parseFrame(bytes);
    QVERIFY2(parsed.isValid(), qPrintable(parsed.diagnostics.join(u'\n')));
    QCOMPARE(parsed.messages.size(), 1);
    QCOMPARE(parsed.messages.first(), message);
    // Byte for byte what QJsonDocument writes.
    QCOMPARE(bytes, QJsonDocument(message.toJson()).toJson(QJsonDocument::Compact));
    QVERIFY(!bytes.contains('\n'));
}

void tst_JsonRpc::serializationHasNoRawNewline()
{
    QString nasty;
    for (char16_t c = 0; c < 0x20; ++c)
        nasty += QChar(c);
    nasty += QStringLiteral("\u2028\u2029\u0085\"\\/");
    const Message message = Message::request(MessageId(nasty), nasty, QJsonObject{{nasty, nasty}});
    const QByteArray bytes = message.serialize();
    QVERIFY(!bytes.contains('\n'));
    QVERIFY(!bytes.contains('\r'));
    for (char c : bytes)
        QVERIFY(static_cast<unsigned char>(c) >= 0x20);
    QCOMPARE(parseFrame(bytes).messages.value(0), message);
}

void tst_JsonRpc::serializerMatchesQt_data()
{
    QTest::addColumn<QJsonValue>("value");
    QString controls;
    for (char16_t c = 0; c < 0x80; ++c)
        controls += QChar(c);
    QTest::newRow("every ASCII character") << QJsonValue(QJsonArray{controls});
    QTest::newRow("unicode") << QJsonValue(QJsonArray{QStringLiteral("\u00e9\u4e2d\U0001F600\uffff\u2028")});
    QTest::newRow("numbers") << QJsonValue(QJsonArray{0, 1, -1, 1.5, -0.25, 1e20, 1e-7, 3.14159265358979, 123456789012.0,
                                                      qint64(1) << 62, std::numeric_limits<qint64>::min(), 1e300, 2.5e-300,
                                                      double(1 << 30), 0.1, 100.0});
    QTest::newRow("non-finite") << QJsonValue(QJsonArray{qInf(), -qInf(), qQNaN()});
    QTest::newRow("literals") << QJsonValue(QJsonArray{true, false, QJsonValue(QJsonValue::Null)});
    QTest::newRow("empty containers") << QJsonValue(QJsonObject{{QStringLiteral("a"), QJsonObject()}, {QStringLiteral("b"), QJsonArray()}});
    QTest::newRow("nested") << QJsonValue(QJsonObject{{QStringLiteral("z"), 1}, {QStringLiteral("a"), QJsonArray{QJsonObject{{QStringLiteral("k\"ey"), QStringLiteral("v\\")}}}}});
    QTest::newRow("empty key and string") << QJsonValue(QJsonObject{{QString(), QString()}});
    // Long text takes another path (through UTF-8) than short text: the same bytes either way.
    QTest::newRow("long, every ASCII character") << QJsonValue(QJsonArray{controls.repeated(100)});
    QTest::newRow("long, plain") << QJsonValue(QJsonObject{{QStringLiteral("text"), QString(70000, u'x')}});
    QTest::newRow("long, escapes") << QJsonValue(QJsonArray{
        QStringLiteral("line of text\twith \"quotes\", a \\backslash\\ and a newline\n").repeated(500)});
    QTest::newRow("long, unicode") << QJsonValue(QJsonArray{QString(QStringLiteral("\u00e9\u4e2d\U0001F600 \"\n") + controls).repeated(60)});
    // Lone surrogates, and escapes at every offset of the sixteen-unit steps of long text.
    const QChar high(0xd83d);
    const QChar low(0xdc00);
    QTest::newRow("lone surrogates") << QJsonValue(QJsonArray{QString(high), QString(QString(low) + u'x'),
                                                              QString(QStringLiteral("a") + high), QString(QString(low) + high)});
    QString shifted;
    for (int offset = 0; offset < 20; ++offset)
        shifted += QString(offset, u'x') + u'"' + QString(9, u'y') + u'\\' + QStringLiteral("\u00e9\n") + QString(offset, u'z');
    QTest::newRow("long, escapes at every offset") << QJsonValue(QJsonArray{shifted.repeated(20)});
    QTest::newRow("just below and at the long-text size")
        << QJsonValue(QJsonArray{QString(4095, u'\n'), QString(4096, u'\n'), QString(QString(4095, u'a') + QChar(0xe9))});
}

void tst_JsonRpc::serializerMatchesQt()
{
    QFETCH(QJsonValue, value);
    const QByteArray expected = value.isObject() ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
                                                 : QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    QCOMPARE(Json::serialize(value), expected);
    // And it reads back to the same value (non-finite numbers become null, as in Qt).
    QCOMPARE(Json::parse(expected), value.isObject() ? QJsonValue(QJsonDocument::fromJson(expected).object())
                                                     : QJsonValue(QJsonDocument::fromJson(expected).array()));
}

void tst_JsonRpc::parserMatchesQt_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("scalars") << QByteArray("[1,-1,1.0,1.5,-0,0.0,1e3,1E-3,true,false,null,\"\"]");
    QTest::newRow("escapes") << QByteArray("[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u00e9\\ud83d\\ude00\"]");
    QTest::newRow("duplicate keys") << QByteArray("{\"a\":1,\"b\":2,\"a\":3}");
    QTest::newRow("nested") << QByteArray("{\"a\":{\"b\":[{\"c\":[[],{}]}]}}");
    QTest::newRow("whitespace") << QByteArray(" \t\r\n{ \"a\" : [ 1 , 2 ] } \n");
    // Objects of the same keys are built from a shape kept per thread (json.cpp): repeats in
    // any order, duplicates, non-ASCII keys, the 16-key limit, more shapes than are kept, and
    // shapes nested inside objects of other shapes.
    QTest::newRow("same keys again") << QByteArray(R"([{"b":1,"a":2},{"b":"x","a":[1]},{"a":3,"b":4},{"b":{"b":5,"a":6},"a":null}])");
    QTest::newRow("duplicate keys again") << QByteArray(R"([{"a":1,"b":2,"a":3},{"a":4,"b":5,"a":6},{"b":7,"a":8}])");
    QTest::newRow("non-ASCII keys again") << QByteArray("[{\"\xc3\xa9\":1,\"z\":2,\"\xc3\xbc\":3},{\"\xc3\xa9\":4,\"z\":5,\"\xc3\xbc\":6}]");
    for (const int keys : {16, 17}) {
        QByteArray object("{");
        for (int k = keys - 1; k >= 0; --k)
            object += "\"k" + QByteArray::number(k) + "\":" + QByteArray::number(k) + (k ? "," : "}");
        QTest::newRow(qPrintable(QStringLiteral("%1 keys again").arg(keys))) << ("[" + object + "," + object + "]");
    }
    QByteArray manyShapes("[");
    QByteArray nestedShapes;
    for (int i = 0; i < 40; ++i) {
        const QByteArray key = "\"s" + QByteArray::number(i % 20) + "\"";
        manyShapes += "{" + key + ":" + QByteArray::number(i) + ",\"v\":" + QByteArray::number(-i) + "},";
        nestedShapes = "{" + key + ":" + (nestedShapes.isEmpty() ? QByteArray("0") : nestedShapes) + ",\"w\":" + QByteArray::number(i) + "}";
    }
    manyShapes += nestedShapes + "," + nestedShapes + "]";
    QTest::newRow("more shapes than are kept, nested") << manyShapes;
    QByteArray deep;
    for (int i = 0; i < 500; ++i)
        deep += '[';
    for (int i = 0; i < 500; ++i)
        deep += ']';
    QTest::newRow("500 levels") << deep;
}

void tst_JsonRpc::parserMatchesQt()
{
    QFETCH(QByteArray, text);
    QJsonParseError error;
    const QJsonDocument reference = QJsonDocument::fromJson(text, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    bool ok = false;
    const QJsonValue value = Json::parse(text, nullptr, &ok);
    QVERIFY(ok);
    QCOMPARE(value, reference.isObject() ? QJsonValue(reference.object()) : QJsonValue(reference.array()));
}

void tst_JsonRpc::bigObjectKeepsEveryKey()
{
    // Keys in random order, with duplicates: the sorted-insert path must give Qt's result.
    QRandomGenerator random(7);
    QByteArray text("{");
    for (int i = 0; i < 5000; ++i) {
        if (i)
            text += ',';
        text += "\"k" + QByteArray::number(random.bounded(4000)) + "\":" + QByteArray::number(i);
    }
    text += '}';
    const QJsonValue value = Json::parse(text);
    QCOMPARE(value, QJsonValue(QJsonDocument::fromJson(text).object()));
    QVERIFY(value.toObject().size() > 2000);
}

void tst_JsonRpc::resultHead_data()
{
    // A small frame keeps its result unconverted and takes the head apart with the frame; a big
    // one converts at once; a message built here has no frame. All must give the same head.
    QTest::addColumn<QByteArray>("result");
    QTest::addColumn<QByteArray>("head");
    const QByteArray big = "\"" + QByteArray(100 * 1024, 'x') + "\"";
    QTest::newRow("scalars and _meta") << QByteArray(R"({"resultType":"complete","isError":false,"n":1.5,"z":null,)"
                                                     R"("_meta":{"a":{"b":[1]}},"content":[{"type":"text"}],"o":{}})")
                                       << QByteArray(R"({"resultType":"complete","isError":false,"n":1.5,"z":null,)"
                                                     R"("_meta":{"a":{"b":[1]}}})");
    QTest::newRow("only a payload") << QByteArray(R"({"content":[]})") << QByteArray("{}");
    QTest::newRow("empty") << QByteArray("{}") << QByteArray("{}");
    QTest::newRow("duplicate: the last counts") << QByteArray(R"({"t":"a","t":"b"})") << QByteArray(R"({"t":"b"})");
    QTest::newRow("a scalar result") << QByteArray("42") << QByteArray("{}");
    QTest::newRow("an array result") << QByteArray("[1]") << QByteArray("{}");
    QTest::newRow("big payload") << QByteArray(R"({"resultType":"task","content":[)" + big + "]}")
                                 << QByteArray(R"({"resultType":"task"})");
    QTest::newRow("big scalar") << QByteArray(R"({"text":)" + big + "}") << QByteArray(R"({"text":)" + big + "}");
}

void tst_JsonRpc::resultHead()
{
    QFETCH(QByteArray, result);
    QFETCH(QByteArray, head);
    const QJsonObject expected = QJsonDocument::fromJson(head).object();
    const QByteArray frame = R"({"jsonrpc":"2.0","id":7,"result":)" + result + "}";
    const ParsedFrame parsed = parseFrame(frame);
    QCOMPARE(parsed.messages.size(), 1);
    const Message &message = parsed.messages.first();
    QCOMPARE(message.resultHead(), expected);
    // The head first and the result after it, or the other way round: the same answers.
    QCOMPARE(message.result(), Json::parse(result));
    QCOMPARE(message.resultHead(), expected);
    QCOMPARE(parseFrame(frame).messages.first().result(), Json::parse(result));
    QCOMPARE(Message::response(MessageId(7), Json::parse(result)).resultHead(), expected);
    QCOMPARE(Message::request(MessageId(7), QStringLiteral("m"), QJsonObject{{QStringLiteral("a"), 1}}).resultHead(),
             QJsonObject());
}

void tst_JsonRpc::resultHeadRepeats()
{
    // The parser keeps the last head it built: a repeat must give it, anything else must not.
    auto headOf = [](const QByteArray &result) {
        const QByteArray frame = R"({"jsonrpc":"2.0","id":1,"result":)" + result + "}";
        return parseFrame(frame).messages.value(0).resultHead();
    };
    auto expected = [](const QByteArray &head) { return QJsonDocument::fromJson(head).object(); };
    const QByteArray a = R"({"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}},"content":[1]})";
    const QByteArray b = R"({"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"2"}},"content":[1]})";
    QCOMPARE(headOf(a), expected(R"({"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}})"));
    QCOMPARE(headOf(a), expected(R"({"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}})"));
    QCOMPARE(headOf(b), expected(R"({"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"2"}}})"));
    QCOMPARE(headOf(a), expected(R"({"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}})"));
    // The same bytes split differently between keys and values are different heads.
    QCOMPARE(headOf(R"({"ab":"c"})"), expected(R"({"ab":"c"})"));
    QCOMPARE(headOf(R"({"a":"bc"})"), expected(R"({"a":"bc"})"));
    QCOMPARE(headOf(R"({"a":1,"b":2})"), expected(R"({"a":1,"b":2})"));
    QCOMPARE(headOf(R"({"a":1,"b":2,"c":[]})"), expected(R"({"a":1,"b":2})"));
    QCOMPARE(headOf(R"({"a":1})"), expected(R"({"a":1})"));
    QCOMPARE(headOf(R"({"content":[]})"), QJsonObject());
}

void tst_JsonRpc::rememberedTexts()
{
    // A remembered object is written from its text wherever an equal one appears, shared or
    // not; an object of the same size with other contents is walked as usual.
    const QJsonObject info = Json::parse(R"({"name":"n","title":"t \"q\"","version":"1"})").toObject();
    const QByteArray infoText = R"({"name":"n","title":"t \"q\"","version":"1"})";
    Json::rememberText(info);
    QJsonObject params;
    params.insert(QStringLiteral("info"), info);
    params.insert(QStringLiteral("copy"), Json::parse(infoText));
    params.insert(QStringLiteral("other"), Json::parse(R"({"name":"m","title":"u","version":"2"})"));
    const QByteArray expected = R"({"copy":)" + infoText + R"(,"info":)" + infoText
        + R"(,"other":{"name":"m","title":"u","version":"2"}})";
    QCOMPARE(Json::serialize(params), expected);
    QCOMPARE(Json::serialize(params), QJsonDocument(params).toJson(QJsonDocument::Compact));
    // More objects than are kept: the oldest is forgotten, and the text stays right.
    for (int i = 0; i < 20; ++i)
        Json::rememberText(QJsonObject{{QStringLiteral("k"), i}});
    QCOMPARE(Json::serialize(params), expected);
    QCOMPARE(Json::serialize(QJsonObject{{QStringLiteral("k"), 19}}), QByteArray(R"({"k":19})"));
    QCOMPARE(Json::serialize(QJsonObject{{QStringLiteral("k"), 2}}), QByteArray(R"({"k":2})"));
}

void tst_JsonRpc::loneSurrogateEscapes()
{
    // JSON allows a lone surrogate escaped ("\ud83d"), and JavaScript's JSON.stringify() writes
    // one for a string cut inside a pair; simdjson refuses it. Every reader must keep it.
    const QString cut = QStringLiteral("cut ") + QChar(0xd83d);
    const QByteArray small = R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"cut \ud83d"}]}})";
    const QByteArray big = R"({"jsonrpc":"2.0","id":4,"result":{"text":")" + QByteArray(300 * 1024, 'x')
        + R"(\udc00"}})";
    for (const QByteArray &frame : {small, big}) {
        const ParsedFrame parsed = parseFrame(frame);
        QVERIFY2(parsed.diagnostics.isEmpty(), qPrintable(parsed.diagnostics.join(u'\n')));
        QCOMPARE(parsed.messages.size(), 1);
        QCOMPARE(parsed.messages.first().result(), QJsonDocument::fromJson(frame).object().value(u"result"));
        const MessageSummary summary = summarizeFrame(frame);
        QVERIFY(summary.valid);
        QCOMPARE(summary.kind, Message::Kind::Response);
    }
    QCOMPARE(parseFrame(small).messages.first().result()[u"content"][0][u"text"].toString(), cut);
    QCOMPARE(Json::parse(R"("cut \ud83d")").toString(), cut);
    QCOMPARE(Json::serialize(QJsonArray{cut}), QByteArray(R"(["cut \ud83d"])"));
    // A string that is not JSON stays refused, by both parsers.
    QVERIFY(!parseFrame(R"({"jsonrpc":"2.0","id":5,"result":"\ud83"})").diagnostics.isEmpty());
    bool ok = true;
    Json::parse(R"("\ud83d)", nullptr, &ok);
    QVERIFY(!ok);
}

void tst_JsonRpc::metaRepeats()
{
    // The parser keeps the last few "_meta" objects it converted, and the objects inside them:
    // repeats, near repeats and changes must all read as Qt reads them.
    const QByteArray caps = R"("io.modelcontextprotocol/clientCapabilities":{"sampling":{},"elicitation":{"form":{}}})";
    const QList<QByteArray> metas{
        "{" + caps + "}",
        "{" + caps + "}",
        "{" + caps + R"(,"progressToken":1})",
        "{" + caps + R"(,"progressToken":2})",
        R"({"io.modelcontextprotocol/clientCapabilities":{"sampling":{}},"progressToken":2})",
        "{" + caps + R"(,"progressToken":2})",
        R"({"a":1,"a":{"b":2}})",
        R"({"a":{"b":2},"a":1})",
        R"([1,2])",
        R"("text")",
        "{}",
    };
    for (const QByteArray &meta : metas) {
        const QByteArray request = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":)" + meta + "}}";
        const QByteArray notification = R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"_meta":)" + meta + "}}";
        for (const QByteArray &frame : {request, notification}) {
            const ParsedFrame parsed = parseFrame(frame);
            QCOMPARE(parsed.messages.size(), 1);
            QCOMPARE(parsed.messages.first().params(), QJsonDocument::fromJson(frame).object().value(u"params"));
        }
    }
}

void tst_JsonRpc::bigFrames_data()
{
    // Frames of 256 KiB and more without a backslash go through Qt's parser, the others through
    // simdjson (frameparser.cpp); both must give the same messages and the same diagnostics.
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("diagnostic"); // a substring of the one diagnostic when not valid
    const QByteArray ascii(300 * 1024, 'a');
    QByteArray utf8;
    while (utf8.size() < 300 * 1024)
        utf8 += "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac ";
    QByteArray escaped;
    while (escaped.size() < 300 * 1024)
        escaped += "line \\\"quoted\\\"\\n";
    auto response = [](const QByteArray &id, const QByteArray &text) -> QByteArray {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + text
            + "\"}],\"n\":[1,2.5,-3e2,true,null]}}";
    };
    QTest::newRow("ASCII") << response("7", ascii) << true << QString();
    QTest::newRow("UTF-8") << response("\"s-1\"", utf8) << true << QString();
    QTest::newRow("escapes") << response("8", escaped) << true << QString();
    QTest::newRow("request") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"a\":\"" + ascii
                                            + "\"}}")
                             << true << QString();
    // An int64 id, echoed exactly (issue 32).
    QTest::newRow("id above 2^53") << response("9007199254740993", ascii) << true << QString();
    QTest::newRow("id beyond 64 bits") << response("18446744073709551616", ascii) << false << QString();
    QTest::newRow("no jsonrpc") << QByteArray("{\"id\":1,\"result\":\"" + ascii + "\"}") << false << QString();
    // Read as U+FFFD and delivered, with a warning (valid rows: `diagnostic` is the warning).
    QTest::newRow("invalid UTF-8") << response("1", ascii + "\xff\xfe") << true << QStringLiteral("U+FFFD");
    QTest::newRow("truncated") << response("1", ascii).chopped(2) << false << QStringLiteral("not valid JSON");
}

void tst_JsonRpc::bigFrames()
{
    QFETCH(QByteArray, frame);
    QFETCH(bool, valid);
    QFETCH(QString, diagnostic);
    QVERIFY(frame.size() >= 256 * 1024);
    const ParsedFrame parsed = parseFrame(frame);
    QCOMPARE(parsed.isValid(), valid);
    if (!valid) {
        QVERIFY(parsed.messages.isEmpty());
        QCOMPARE(parsed.diagnostics.size(), 1);
        QVERIFY2(parsed.diagnostics.first().contains(diagnostic), qPrintable(parsed.diagnostics.first()));
        // The same diagnostic as the simdjson path gives the same frame made small.
        const QByteArray small = QByteArray(frame).replace(QByteArray(300 * 1024, 'a'), "a");
        QVERIFY(small.size() < 1024);
        QCOMPARE(parsed.diagnostics, parseFrame(small).diagnostics);
        return;
    }
    QCOMPARE(parsed.messages.size(), 1);
    QCOMPARE(parsed.warnings.isEmpty(), diagnostic.isEmpty());
    if (!diagnostic.isEmpty())
        QVERIFY2(parsed.warnings.first().contains(diagnostic), qPrintable(parsed.warnings.first()));
    const Message &message = parsed.messages.first();
    // What a browser's decoder makes of the bytes (the same bytes when they are valid UTF-8).
    const QJsonObject expected = QJsonDocument::fromJson(QString::fromUtf8(frame).toUtf8()).object();
    QCOMPARE(message.id(), MessageId::fromJson(expected.value(QLatin1String("id"))));
    if (message.kind() == Message::Kind::Response)
        QCOMPARE(message.result(), expected.value(QLatin1String("result")));
    else
        QCOMPARE(QJsonValue(message.paramsObject()), expected.value(QLatin1String("params")));
}

void tst_JsonRpc::summary_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("errorCode");
    QTest::addColumn<int>("count");
    QTest::newRow("request") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"a\":[1,2,3]}}")
                             << true << int(Message::Kind::Request) << "tools/call" << "5" << 0 << 1;
    QTest::newRow("notification") << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}")
                                  << true << int(Message::Kind::Notification) << "notifications/progress" << "" << 0 << 1;
    QTest::newRow("response") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"result\":{\"content\":[]}}")
                              << true << int(Message::Kind::Response) << "" << "s" << 0 << 1;
    QTest::newRow("error") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":-32601,\"message\":\"nope\"}}")
                           << true << int(Message::Kind::ErrorResponse) << "" << "9" << -32601 << 1;
    QTest::newRow("batch") << QByteArray("[{\"jsonrpc\":\"2.0\",\"method\":\"a\"},{\"jsonrpc\":\"2.0\",\"method\":\"b\"}]")
                           << true << int(Message::Kind::Notification) << "a" << "" << 0 << 2;
    QTest::newRow("bad params") << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":1}")
                                << false << int(Message::Kind::Notification) << "" << "" << 0 << 1;
}

void tst_JsonRpc::summary()
{
    QFETCH(QByteArray, frame);
    QFETCH(bool, valid);
    QFETCH(int, kind);
    QFETCH(QString, method);
    QFETCH(QString, id);
    QFETCH(int, errorCode);
    QFETCH(int, count);
    const MessageSummary summary = summarizeFrame(frame);
    QCOMPARE(summary.valid, valid);
    QCOMPARE(summary.count, count);
    QCOMPARE(summary.diagnostic.isEmpty(), valid);
    if (!valid)
        return;
    QCOMPARE(int(summary.kind), kind);
    QCOMPARE(summary.method, method);
    QCOMPARE(summary.id.toString(), id);
    QCOMPARE(summary.errorCode, errorCode);
    QCOMPARE(summary.batch, frame.startsWith('['));
}

QTEST_GUILESS_MAIN(tst_JsonRpc)
#include "tst_jsonrpc.moc"
