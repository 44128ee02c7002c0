#include "transport/modernheaders.h"

#include "jsonrpc/json.h"

#include <QtTest>

using namespace Mcp;
using namespace Mcp::ModernHeaders;

namespace {
QJsonObject object(const char *json)
{
    return Json::parse(QByteArray(json)).toObject();
}

QByteArray header(const HeaderList &headers, const QByteArray &name)
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.first + ": " + h.second;
    }
    return {};
}
} // namespace

class tst_ModernHeaders : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void valueEncoding_data();
    void valueEncoding();
    void standardHeaders_data();
    void standardHeaders();
    void validTools_data();
    void validTools();
    void invalidTools_data();
    void invalidTools();
    void paramHeadersFromArguments();
    void paramHeadersRefuseWhatCannotBeAHeader_data();
    void paramHeadersRefuseWhatCannotBeAHeader();
};

void tst_ModernHeaders::valueEncoding_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("encoded");
    // The spec's table (streamable-http.mdx, Value Encoding).
    QTest::newRow("plain ASCII") << "us-west1" << QByteArray("us-west1");
    QTest::newRow("non-ASCII") << QString::fromUtf8("Hello, 世界") << QByteArray("=?base64?SGVsbG8sIOS4lueVjA==?=");
    QTest::newRow("leading/trailing spaces") << " padded " << QByteArray("=?base64?IHBhZGRlZCA=?=");
    QTest::newRow("newline") << "line1\nline2" << QByteArray("=?base64?bGluZTEKbGluZTI=?=");
    QTest::newRow("sentinel look-alike") << "=?base64?literal?=" << QByteArray("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
    // And around them.
    QTest::newRow("inner space") << "a b" << QByteArray("a b");
    QTest::newRow("inner tab") << "a\tb" << QByteArray("a\tb");
    QTest::newRow("trailing tab") << "ab\t" << QByteArray("=?base64?YWIJ?=");
    QTest::newRow("carriage return") << "a\rb" << QByteArray("=?base64?YQ1i?=");
    QTest::newRow("DEL") << QStringLiteral("a\x7f") << QByteArray("=?base64?YX8=?=");
    QTest::newRow("NUL") << QString(QChar(0)) << QByteArray("=?base64?AA==?=");
    QTest::newRow("empty") << "" << QByteArray("=?base64?" "?=");
    QTest::newRow("prefix only") << "=?base64?x" << QByteArray("=?base64?x");
    QTest::newRow("URI") << "file:///projects/myapp/config.json" << QByteArray("file:///projects/myapp/config.json");
    QTest::newRow("Latin-1 letter") << QString::fromUtf8("caf\xC3\xA9") << QByteArray("=?base64?Y2Fmw6k=?=");
}

void tst_ModernHeaders::valueEncoding()
{
    QFETCH(QString, value);
    QFETCH(QByteArray, encoded);
    QCOMPARE(encodeValue(value), encoded);
    if (encoded.startsWith("=?base64?") && encoded != value.toUtf8())
        QCOMPARE(QString::fromUtf8(QByteArray::fromBase64(encoded.mid(9, encoded.size() - 11))), value);
}

void tst_ModernHeaders::standardHeaders_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QByteArray>("name"); // empty: no Mcp-Name
    QTest::newRow("tools/call") << "tools/call" << QByteArray(R"({"name":"execute_sql","arguments":{}})") << QByteArray("Mcp-Name: execute_sql");
    QTest::newRow("resources/read") << "resources/read" << QByteArray(R"({"uri":"file:///projects/myapp/config.json"})")
                                    << QByteArray("Mcp-Name: file:///projects/myapp/config.json");
    QTest::newRow("prompts/get") << "prompts/get" << QByteArray(R"({"name":"résumé"})") << QByteArray("Mcp-Name: =?base64?csOpc3Vtw6k=?=");
    QTest::newRow("tools/list") << "tools/list" << QByteArray(R"({"name":"ignored"})") << QByteArray();
    QTest::newRow("server/discover") << "server/discover" << QByteArray("{}") << QByteArray();
    QTest::newRow("subscriptions/listen") << "subscriptions/listen" << QByteArray(R"({"notifications":{}})") << QByteArray();
    QTest::newRow("completion/complete") << "completion/complete" << QByteArray(R"({"ref":{"type":"ref/prompt","name":"p"}})") << QByteArray();
}

void tst_ModernHeaders::standardHeaders()
{
    QFETCH(QString, method);
    QFETCH(QByteArray, params);
    QFETCH(QByteArray, name);
    const HeaderList headers = ModernHeaders::standardHeaders(QStringLiteral("2026-07-28"), method,
                                                              Json::parse(params).toObject());
    QCOMPARE(header(headers, "mcp-protocol-version"), QByteArray("MCP-Protocol-Version: 2026-07-28"));
    QCOMPARE(header(headers, "mcp-method"), QByteArray("Mcp-Method: " + method.toUtf8()));
    QCOMPARE(header(headers, "mcp-name"), name);
    QCOMPARE(headers.size(), name.isEmpty() ? 2 : 3);
}

void tst_ModernHeaders::validTools_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("paths");
    QTest::newRow("spec example") << QByteArray(R"({"type":"object","properties":{
            "region":{"type":"string","description":"The region","x-mcp-header":"Region"},
            "query":{"type":"string"}},"required":["region","query"]})")
        << QStringList{"Region"} << QStringList{"region"};
    QTest::newRow("no annotations") << QByteArray(R"({"type":"object","properties":{"a":{"type":"number"}}})")
                                    << QStringList() << QStringList();
    QTest::newRow("nested properties") << QByteArray(R"({"type":"object","properties":{"ctx":{"type":"object","properties":{
            "tenant":{"type":"string","x-mcp-header":"Tenant-Id"},"dry":{"type":"boolean","x-mcp-header":"Dry_Run"}}},
            "n":{"type":"integer","x-mcp-header":"N"}}})")
        << QStringList{"Tenant-Id", "Dry_Run", "N"} << QStringList{"ctx.tenant", "ctx.dry", "n"};
    QTest::newRow("every tchar") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"!#$%&'*+-.^_`|~09azAZ"}}})")
                                 << QStringList{"!#$%&'*+-.^_`|~09azAZ"} << QStringList{"a"};
    QTest::newRow("property named x-mcp-header") << QByteArray(R"({"type":"object","properties":{"x-mcp-header":{"type":"string"}}})")
                                                 << QStringList() << QStringList();
    QTest::newRow("annotation text in a default value") << QByteArray(R"({"type":"object","properties":{"a":{"type":"object","default":{"x-mcp-header":"X"}}}})")
                                                        << QStringList() << QStringList();
}

void tst_ModernHeaders::validTools()
{
    QFETCH(QByteArray, schema);
    QFETCH(QStringList, names);
    QFETCH(QStringList, paths);
    const ToolHeaders tool = ToolHeaderRules::inspect(Json::parse(schema).toObject());
    QVERIFY2(tool.valid, qPrintable(tool.reason));
    QStringList gotNames, gotPaths;
    for (const HeaderParameter &p : tool.parameters) {
        gotNames.append(p.name);
        gotPaths.append(p.path.join(QLatin1Char('.')));
    }
    // Properties come in key order: compare as sets.
    std::sort(gotNames.begin(), gotNames.end());
    std::sort(gotPaths.begin(), gotPaths.end());
    std::sort(names.begin(), names.end());
    std::sort(paths.begin(), paths.end());
    QCOMPARE(gotNames, names);
    QCOMPARE(gotPaths, paths);
}

void tst_ModernHeaders::invalidTools_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QString>("reasonMentions");
    QTest::newRow("empty name") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}})") << "non-empty";
    QTest::newRow("not a string") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":7}}})") << "non-empty string";
    QTest::newRow("space") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"My Header"}}})") << "My Header";
    QTest::newRow("colon") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A:B"}}})") << "A:B";
    QTest::newRow("CR LF") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\r\nX-Injected: 1"}}})") << "token";
    QTest::newRow("control") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\u0001"}}})") << "control";
    QTest::newRow("non-ASCII") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Région"}}})") << "Région";
    QTest::newRow("duplicate, other case") << QByteArray(R"({"type":"object","properties":{
            "a":{"type":"string","x-mcp-header":"Region"},"b":{"type":"string","x-mcp-header":"REGION"}}})") << "Region";
    QTest::newRow("number") << QByteArray(R"({"type":"object","properties":{"a":{"type":"number","x-mcp-header":"N"}}})") << "number";
    QTest::newRow("object") << QByteArray(R"({"type":"object","properties":{"a":{"type":"object","x-mcp-header":"O"}}})") << "object";
    QTest::newRow("array") << QByteArray(R"({"type":"object","properties":{"a":{"type":"array","x-mcp-header":"A"}}})") << "array";
    QTest::newRow("no type") << QByteArray(R"({"type":"object","properties":{"a":{"x-mcp-header":"A"}}})") << "(none)";
    QTest::newRow("type list") << QByteArray(R"({"type":"object","properties":{"a":{"type":["string","null"],"x-mcp-header":"A"}}})") << "string, integer and boolean";
    QTest::newRow("root") << QByteArray(R"({"type":"object","x-mcp-header":"Root"})") << "(root)";
    QTest::newRow("under items") << QByteArray(R"({"type":"object","properties":{"l":{"type":"array","items":{"type":"string","x-mcp-header":"I"}}}})") << "l.<items>";
    QTest::newRow("under prefixItems") << QByteArray(R"({"type":"object","properties":{"l":{"type":"array","prefixItems":[{"type":"string","x-mcp-header":"I"}]}}})") << "<prefixItems>";
    QTest::newRow("under additionalProperties") << QByteArray(R"({"type":"object","additionalProperties":{"type":"string","x-mcp-header":"I"}})") << "<additionalProperties>";
    QTest::newRow("under patternProperties") << QByteArray(R"({"type":"object","patternProperties":{"^a":{"type":"string","x-mcp-header":"I"}}})") << "<patternProperties>";
    QTest::newRow("under oneOf") << QByteArray(R"({"type":"object","oneOf":[{"properties":{"a":{"type":"string","x-mcp-header":"I"}}}]})") << "<oneOf>";
    QTest::newRow("under anyOf") << QByteArray(R"({"type":"object","properties":{"a":{"anyOf":[{"type":"string","x-mcp-header":"I"}]}}})") << "<anyOf>";
    QTest::newRow("under allOf") << QByteArray(R"({"type":"object","allOf":[{"properties":{"a":{"type":"string","x-mcp-header":"I"}}}]})") << "<allOf>";
    QTest::newRow("under not") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","not":{"type":"string","x-mcp-header":"I"}}}})") << "<not>";
    QTest::newRow("under if/then/else") << QByteArray(R"({"type":"object","if":{},"then":{"properties":{"a":{"type":"string","x-mcp-header":"I"}}}})") << "<then>";
    QTest::newRow("in $defs (reached by $ref)") << QByteArray(R"({"type":"object","properties":{"a":{"$ref":"#/$defs/r"}},
            "$defs":{"r":{"type":"string","x-mcp-header":"R"}}})") << "<$defs>";
    QTest::newRow("on a $ref property") << QByteArray(R"({"type":"object","properties":{"a":{"$ref":"#/$defs/r","x-mcp-header":"R"}},
            "$defs":{"r":{"type":"string"}}})") << "(none)";
    QTest::newRow("in definitions") << QByteArray(R"({"type":"object","definitions":{"r":{"type":"string","x-mcp-header":"R"}}})") << "<definitions>";
    QTest::newRow("one bad among good") << QByteArray(R"({"type":"object","properties":{
            "a":{"type":"string","x-mcp-header":"Good"},"b":{"type":"number","x-mcp-header":"Bad"}}})") << "Bad";
}

void tst_ModernHeaders::invalidTools()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, reasonMentions);
    QString parseError;
    const QJsonValue parsed = Json::parse(schema, &parseError);
    QVERIFY2(parseError.isEmpty(), qPrintable(parseError));
    const ToolHeaders tool = ToolHeaderRules::inspect(parsed.toObject());
    QVERIFY(!tool.valid);
    QVERIFY(tool.parameters.isEmpty());
    QVERIFY2(tool.reason.contains(reasonMentions), qPrintable(tool.reason));
}

void tst_ModernHeaders::paramHeadersFromArguments()
{
    const ToolHeaders tool = ToolHeaderRules::inspect(object(R"({"type":"object","properties":{
        "region":{"type":"string","x-mcp-header":"Region"},
        "greeting":{"type":"string","x-mcp-header":"Greeting"},
        "count":{"type":"integer","x-mcp-header":"Count"},
        "dry":{"type":"boolean","x-mcp-header":"Dry"},
        "ctx":{"type":"object","properties":{"tenant":{"type":"string","x-mcp-header":"Tenant"}}},
        "absent":{"type":"string","x-mcp-header":"Absent"},
        "nothing":{"type":"string","x-mcp-header":"Nothing"}}})"));
    QVERIFY2(tool.valid, qPrintable(tool.reason));
    QString error;
    const HeaderList headers = ToolHeaderRules::paramHeaders(tool, object(R"({
        "region":"us-west1","greeting":"Hello, 世界","count":-7,"dry":false,"ctx":{"tenant":"acme"},
        "nothing":null,"query":"SELECT 1"})"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(header(headers, "Mcp-Param-Region"), QByteArray("Mcp-Param-Region: us-west1"));
    QCOMPARE(header(headers, "Mcp-Param-Greeting"), QByteArray("Mcp-Param-Greeting: =?base64?SGVsbG8sIOS4lueVjA==?="));
    QCOMPARE(header(headers, "Mcp-Param-Count"), QByteArray("Mcp-Param-Count: -7"));
    QCOMPARE(header(headers, "Mcp-Param-Dry"), QByteArray("Mcp-Param-Dry: false"));
    QCOMPARE(header(headers, "Mcp-Param-Tenant"), QByteArray("Mcp-Param-Tenant: acme"));
    QVERIFY(header(headers, "Mcp-Param-Absent").isEmpty());
    QVERIFY(header(headers, "Mcp-Param-Nothing").isEmpty());
    QCOMPARE(headers.size(), 5);

    // Integers at the edge of the safe range, and written as 42.0.
    const ToolHeaders n = ToolHeaderRules::inspect(object(R"({"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"}}})"));
    QCOMPARE(header(ToolHeaderRules::paramHeaders(n, object(R"({"n":9007199254740991})"), &error), "Mcp-Param-N"),
             QByteArray("Mcp-Param-N: 9007199254740991"));
    QCOMPARE(header(ToolHeaderRules::paramHeaders(n, object(R"({"n":42.0})"), &error), "Mcp-Param-N"),
             QByteArray("Mcp-Param-N: 42"));
    QVERIFY(error.isEmpty());
}

void tst_ModernHeaders::paramHeadersRefuseWhatCannotBeAHeader_data()
{
    QTest::addColumn<QByteArray>("arguments");
    QTest::newRow("beyond 2^53-1") << QByteArray(R"({"n":9007199254740993})");
    QTest::newRow("below -(2^53-1)") << QByteArray(R"({"n":-9007199254740993})");
    QTest::newRow("fraction") << QByteArray(R"({"n":1.5})");
    QTest::newRow("object") << QByteArray(R"({"n":{"v":1}})");
    QTest::newRow("array") << QByteArray(R"({"n":[1]})");
}

void tst_ModernHeaders::paramHeadersRefuseWhatCannotBeAHeader()
{
    QFETCH(QByteArray, arguments);
    const ToolHeaders n = ToolHeaderRules::inspect(object(R"({"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"}}})"));
    QString error;
    QVERIFY(ToolHeaderRules::paramHeaders(n, Json::parse(arguments).toObject(), &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("Mcp-Param-N")), qPrintable(error));
}

QTEST_GUILESS_MAIN(tst_ModernHeaders)
#include "tst_modernheaders.moc"
