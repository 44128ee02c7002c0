#include "session/modern/modernerrors.h"
#include "session/modern/requestmeta.h"

#include "jsonrpc/json.h"
#include "jsonrpc/message.h"

#include <QJsonArray>
#include <QtTest>

using namespace Mcp;
using namespace Mcp::Modern;

class tst_ModernMeta : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void requestMetaCarriesTheRequiredFields();
    void requestMetaKeepsOtherMetaKeysAndParams();
    void optionalFieldsAreLeftOutWhenUnset();
    void resultType_data();
    void resultType();
    void serverInfoIsReadFromResultMeta();
    void unsupportedVersionData();
    void recognizedModernErrors_data();
    void recognizedModernErrors();
    void messagesNameBothVersionLists();
    void messagesForHeaderMismatchAndMissingCapability();
};

static QJsonObject object(const char *json)
{
    return Json::parse(QByteArray(json)).toObject();
}

void tst_ModernMeta::requestMetaCarriesTheRequiredFields()
{
    RequestMeta meta;
    meta.protocolVersion = QStringLiteral("2026-07-28");
    meta.clientCapabilities = object(R"({"elicitation":{"form":{}},"roots":{}})");
    meta.extensions = object(R"({"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}})");
    meta.clientInfo = object(R"({"name":"mcpscope","version":"0.1.0"})");
    meta.logLevel = QStringLiteral("warning");

    const QJsonObject params = meta.applyTo(object(R"({"name":"add","arguments":{"a":1}})"));
    const QJsonObject sent = params.value(QStringLiteral("_meta")).toObject();
    QCOMPARE(sent.value(QStringLiteral("io.modelcontextprotocol/protocolVersion")).toString(),
             QStringLiteral("2026-07-28"));
    QCOMPARE(sent.value(QStringLiteral("io.modelcontextprotocol/clientCapabilities")).toObject(),
             object(R"({"elicitation":{"form":{}},"roots":{},
                        "extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}})"));
    QCOMPARE(sent.value(QStringLiteral("io.modelcontextprotocol/clientInfo")).toObject(),
             object(R"({"name":"mcpscope","version":"0.1.0"})"));
    QCOMPARE(sent.value(QStringLiteral("io.modelcontextprotocol/logLevel")).toString(), QStringLiteral("warning"));
    QCOMPARE(params.value(QStringLiteral("name")).toString(), QStringLiteral("add"));
}

void tst_ModernMeta::requestMetaKeepsOtherMetaKeysAndParams()
{
    RequestMeta meta;
    meta.protocolVersion = QStringLiteral("2026-07-28");
    const QJsonObject params = meta.applyTo(
        object(R"({"uri":"file:///a","_meta":{"progressToken":7,"traceparent":"00-abc-def-01"}})"));
    const QJsonObject sent = params.value(QStringLiteral("_meta")).toObject();
    QCOMPARE(sent.value(QStringLiteral("progressToken")).toInt(), 7);
    QCOMPARE(sent.value(QStringLiteral("traceparent")).toString(), QStringLiteral("00-abc-def-01"));
    QCOMPARE(sent.value(QStringLiteral("io.modelcontextprotocol/protocolVersion")).toString(),
             QStringLiteral("2026-07-28"));
    QCOMPARE(params.value(QStringLiteral("uri")).toString(), QStringLiteral("file:///a"));
}

void tst_ModernMeta::optionalFieldsAreLeftOutWhenUnset()
{
    RequestMeta meta;
    meta.protocolVersion = QStringLiteral("2026-07-28");
    meta.logLevel = QStringLiteral("verbose"); // not a LoggingLevel
    const QJsonObject sent = meta.applyTo({}).value(QStringLiteral("_meta")).toObject();
    QVERIFY(!sent.contains(QStringLiteral("io.modelcontextprotocol/clientInfo")));
    QVERIFY(!sent.contains(QStringLiteral("io.modelcontextprotocol/logLevel")));
    // clientCapabilities is required: present even when empty, and with no empty "extensions".
    QVERIFY(sent.contains(QStringLiteral("io.modelcontextprotocol/clientCapabilities")));
    QCOMPARE(sent.value(QStringLiteral("io.modelcontextprotocol/clientCapabilities")).toObject(), QJsonObject());
}

void tst_ModernMeta::resultType_data()
{
    QTest::addColumn<QByteArray>("result");
    QTest::addColumn<int>("expected");
    QTest::newRow("absent (legacy server)") << QByteArray(R"({"tools":[]})") << int(ResultType::Complete);
    QTest::newRow("complete") << QByteArray(R"({"resultType":"complete"})") << int(ResultType::Complete);
    QTest::newRow("input_required") << QByteArray(R"({"resultType":"input_required","requestState":"x"})")
                                    << int(ResultType::InputRequired);
    QTest::newRow("task (the tasks extension)") << QByteArray(R"({"resultType":"task","taskId":"t"})") << int(ResultType::Task);
    QTest::newRow("unknown") << QByteArray(R"({"resultType":"stream"})") << int(ResultType::Unrecognized);
    QTest::newRow("wrong case") << QByteArray(R"({"resultType":"Complete"})") << int(ResultType::Unrecognized);
    QTest::newRow("not a string") << QByteArray(R"({"resultType":1})") << int(ResultType::Unrecognized);
    QTest::newRow("null") << QByteArray(R"({"resultType":null})") << int(ResultType::Unrecognized);
}

void tst_ModernMeta::resultType()
{
    QFETCH(QByteArray, result);
    QFETCH(int, expected);
    QCOMPARE(int(resultTypeOf(Json::parse(result).toObject())), expected);
}

void tst_ModernMeta::serverInfoIsReadFromResultMeta()
{
    const QJsonObject result = object(
        R"({"resultType":"complete","tools":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"2"}}})");
    QCOMPARE(serverInfoOf(result), object(R"({"name":"s","version":"2"})"));
    QVERIFY(serverInfoOf(object(R"({"tools":[]})")).isEmpty());
}

void tst_ModernMeta::unsupportedVersionData()
{
    RpcError error = RpcError::fromJson(object(
        R"({"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28","2025-11-25"],"requested":"1900-01-01"}})"));
    const auto data = unsupportedVersionOf(error);
    QVERIFY(data);
    QCOMPARE(data->supported, QStringList({QStringLiteral("2026-07-28"), QStringLiteral("2025-11-25")}));
    QCOMPARE(data->requested, QStringLiteral("1900-01-01"));

    error.data = object(R"({"supported":"2026-07-28"})");
    QVERIFY(!unsupportedVersionOf(error));
    error.data = object(R"({"supported":[2026]})");
    QVERIFY(!unsupportedVersionOf(error));
}

void tst_ModernMeta::recognizedModernErrors_data()
{
    QTest::addColumn<QByteArray>("error");
    QTest::addColumn<bool>("modern");
    QTest::newRow("-32022 with supported") << QByteArray(R"({"code":-32022,"message":"m","data":{"supported":["2026-07-28"]}})") << true;
    QTest::newRow("-32022 without data") << QByteArray(R"({"code":-32022,"message":"m"})") << false;
    QTest::newRow("-32020") << QByteArray(R"({"code":-32020,"message":"Header mismatch"})") << true;
    QTest::newRow("-32021") << QByteArray(R"({"code":-32021,"message":"m","data":{"requiredCapabilities":{"elicitation":{}}}})") << true;
    QTest::newRow("-32601") << QByteArray(R"({"code":-32601,"message":"Method not found"})") << false;
    QTest::newRow("-32602") << QByteArray(R"({"code":-32602,"message":"Invalid params"})") << false;
    QTest::newRow("-32001 (legacy session not found)") << QByteArray(R"({"code":-32001,"message":"Session not found"})") << false;
    QTest::newRow("-32000") << QByteArray(R"({"code":-32000,"message":"Bad Request: Server not initialized"})") << false;
}

void tst_ModernMeta::recognizedModernErrors()
{
    QFETCH(QByteArray, error);
    QFETCH(bool, modern);
    QCOMPARE(isRecognizedModernError(RpcError::fromJson(Json::parse(error).toObject())), modern);
}

void tst_ModernMeta::messagesNameBothVersionLists()
{
    const RpcError error = RpcError::fromJson(object(
        R"({"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2027-01-01","2026-12-01"],"requested":"2026-07-28"}})"));
    const QString message = ModernErrors::describe(error, {QStringLiteral("2026-07-28")});
    QVERIFY2(message.contains(QStringLiteral("2027-01-01, 2026-12-01")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("2026-07-28")), qPrintable(message));
}

void tst_ModernMeta::messagesForHeaderMismatchAndMissingCapability()
{
    const QString mismatch = ModernErrors::describe(
        RpcError::fromJson(object(R"({"code":-32020,"message":"Mcp-Name header value 'foo' does not match body value 'bar'"})")), {});
    QVERIFY2(mismatch.contains(QStringLiteral("-32020")), qPrintable(mismatch));
    QVERIFY2(mismatch.contains(QStringLiteral("'foo'")), qPrintable(mismatch));

    const QString missing = ModernErrors::describe(
        RpcError::fromJson(object(R"({"code":-32021,"message":"m","data":{"requiredCapabilities":{"elicitation":{},"sampling":{}}}})")), {});
    QVERIFY2(missing.contains(QStringLiteral("-32021")), qPrintable(missing));
    QVERIFY2(missing.contains(QStringLiteral("elicitation, sampling")), qPrintable(missing));

    QVERIFY(ModernErrors::describe(RpcError::fromJson(object(R"({"code":-32601,"message":"m"})")), {}).isEmpty());
}

QTEST_GUILESS_MAIN(tst_ModernMeta)
#include "tst_modernmeta.moc"
