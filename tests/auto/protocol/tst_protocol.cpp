#include "jsonrpc/json.h"
#include "protocol/clienttypes.h"
#include "protocol/keys.h"
#include "protocol/lists.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/types.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <type_traits>

#include "testjson.h"

using namespace Mcp;

namespace {

QJsonObject object(const char *json)
{
    return Test::testJson<QJsonObject>(json);
}

QByteArray text(const QJsonObject &o) { return Json::serialize(o); }

// Runs T::fromJson and returns the problems it reported.
template<typename T>
QStringList problemsOf(const char *json)
{
    QStringList problems;
    T::fromJson(object(json), &problems);
    return problems;
}

// What reading an object as a value type gave: the value written back, what the value keeps of the
// object (all of it, as sent; an Implementation only what it does not know, in extra) and the
// problems it reported.
struct Read
{
    QJsonObject written;
    QJsonObject kept;
    QStringList problems;
};

template<typename T>
Read readAs(const QJsonObject &in)
{
    Read read;
    const T value = T::fromJson(in, &read.problems);
    read.written = value.toJson();
    if constexpr (std::is_same_v<T, Implementation>)
        read.kept = value.extra;
    else
        read.kept = value.json;
    return read;
}

// Reads in as the type a data row names ("tool", "log"...); false for a name of no type.
bool readAsType(const QByteArray &type, const QJsonObject &in, Read *read)
{
    using Reader = Read (*)(const QJsonObject &);
    static const QHash<QByteArray, Reader> readers{
        {"tool", readAs<Tool>},
        {"resource", readAs<Resource>},
        {"template", readAs<ResourceTemplate>},
        {"prompt", readAs<Prompt>},
        {"content", readAs<ContentBlock>},
        {"callResult", readAs<CallToolResult>},
        {"readResult", readAs<ReadResourceResult>},
        {"promptResult", readAs<GetPromptResult>},
        {"completeResult", readAs<CompleteResult>},
        {"task", readAs<Task>},
        {"implementation", readAs<Implementation>},
        {"capabilities", readAs<Capabilities>},
        {"sampling", readAs<CreateMessageParams>},
        {"elicitation", readAs<ElicitRequestParams>},
        {"roots", readAs<ListRootsResult>},
        {"log", readAs<LogMessage>},
    };
    const Reader reader = readers.value(type);
    if (reader)
        *read = reader(in);
    return reader != nullptr;
}

} // namespace

class tst_Protocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void constantsAreTheWireNames();
    void toolReadsMembers();
    void roundTripsKeepUnknownMembers_data();
    void roundTripsKeepUnknownMembers();
    void editedFieldsReachTheJson();
    void diagnostics_data();
    void diagnostics();
    void wellFormedObjectsHaveNoProblems_data();
    void wellFormedObjectsHaveNoProblems();
    void contentBlocks();
    void results();
    void capabilities();
    void task();
    void loggingLevels();
    void implementationKeepsItsApi();
    void displayName_data();
    void displayName();
    void builders_data();
    void builders();
    void clientTypesRead();
    void typedLists();
};

void tst_Protocol::constantsAreTheWireNames()
{
    QCOMPARE(QString(Method::ToolsCall), QStringLiteral("tools/call"));
    QCOMPARE(QString(Method::ResourcesTemplatesList), QStringLiteral("resources/templates/list"));
    QCOMPARE(QString(Method::ServerDiscover), QStringLiteral("server/discover"));
    QCOMPARE(QString(Method::SubscriptionsAcknowledgedNotification), QStringLiteral("notifications/subscriptions/acknowledged"));
    QCOMPARE(QString(Key::Meta), QStringLiteral("_meta"));
    QCOMPARE(QString(Key::UriTemplate), QStringLiteral("uriTemplate"));
    QVERIFY(QStringLiteral("tools/list") == Method::ToolsList);
}

void tst_Protocol::toolReadsMembers()
{
    QStringList problems;
    const Tool tool = Tool::fromJson(object(R"({"name":"add","title":"Add","description":"Adds",
        "inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{}},
        "annotations":{"title":"Adder","readOnlyHint":true,"destructiveHint":false},
        "execution":{"taskSupport":"optional"},
        "icons":[{"src":"https://x/i.png","mimeType":"image/png","sizes":["48x48","any"],"theme":"dark"}]})"), &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    QCOMPARE(tool.name, QStringLiteral("add"));
    QCOMPARE(tool.title, QStringLiteral("Add"));
    QCOMPARE(tool.description, QStringLiteral("Adds"));
    const char *expected85_1 = R"({"type":"object"})";
    QCOMPARE(tool.inputSchema, object(expected85_1));
    QVERIFY(tool.outputSchema.has_value());
    QCOMPARE(tool.annotations.title, QStringLiteral("Adder"));
    QCOMPARE(tool.annotations.readOnlyHint, std::optional<bool>(true));
    QCOMPARE(tool.annotations.destructiveHint, std::optional<bool>(false));
    QVERIFY(!tool.annotations.idempotentHint.has_value());
    QCOMPARE(tool.taskSupport, QStringLiteral("optional"));
    QCOMPARE(tool.icons.size(), 1);
    QCOMPARE(tool.icons.first().sizes, (QStringList{QStringLiteral("48x48"), QStringLiteral("any")}));
    QCOMPARE(tool.icons.first().theme, QStringLiteral("dark"));

    // execution absent: tasks are forbidden.
    const char *expected98_1 = R"({"name":"t","inputSchema":{}})";
    QCOMPARE(Tool::fromJson(object(expected98_1)).taskSupport, QStringLiteral("forbidden"));
}

void tst_Protocol::roundTripsKeepUnknownMembers_data()
{
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("tool") << QByteArray("tool") << QByteArray(R"({"_meta":{"x":1},"annotations":{"future":1,"title":"T"},"execution":{"taskSupport":"forbidden","z":2},"icons":[{"src":"a","w":3}],"inputSchema":{"type":"object"},"name":"n","someday":[1,2]})");
    QTest::newRow("tool, empty title kept") << QByteArray("tool") << QByteArray(R"({"inputSchema":{},"name":"n","title":""})");
    QTest::newRow("tool, wrong types kept") << QByteArray("tool") << QByteArray(R"({"description":7,"inputSchema":{},"name":"n"})");
    QTest::newRow("resource") << QByteArray("resource") << QByteArray(R"({"annotations":{"priority":0.5},"extra":true,"mimeType":"text/plain","name":"r","size":12,"uri":"file:///r"})");
    QTest::newRow("template") << QByteArray("template") << QByteArray(R"({"name":"t","other":"x","uriTemplate":"file:///{p}"})");
    QTest::newRow("prompt") << QByteArray("prompt") << QByteArray(R"({"arguments":[{"name":"a","required":true,"x":1},{"name":"b"}],"name":"p","y":null})");
    QTest::newRow("text block") << QByteArray("content") << QByteArray(R"({"annotations":{"audience":["user"]},"text":"hi","type":"text","x":1})");
    QTest::newRow("image block") << QByteArray("content") << QByteArray(R"({"data":"AAAA","mimeType":"image/png","type":"image"})");
    QTest::newRow("resource link") << QByteArray("content") << QByteArray(R"({"name":"r","type":"resource_link","uri":"file:///r","x":[]})");
    QTest::newRow("embedded resource") << QByteArray("content") << QByteArray(R"({"resource":{"blob":"AA==","mimeType":"a/b","q":1,"uri":"u"},"type":"resource"})");
    QTest::newRow("unknown block") << QByteArray("content") << QByteArray(R"({"type":"hologram","z":1})");
    QTest::newRow("call result") << QByteArray("callResult") << QByteArray(R"({"_meta":{"a":1},"content":[{"text":"t","type":"text"}],"isError":false,"structuredContent":{"v":1}})");
    QTest::newRow("read result") << QByteArray("readResult") << QByteArray(R"({"contents":[{"text":"t","uri":"u"}],"x":1})");
    QTest::newRow("prompt result") << QByteArray("promptResult") << QByteArray(R"({"description":"d","messages":[{"content":{"text":"t","type":"text"},"role":"user","w":1}]})");
    QTest::newRow("complete result") << QByteArray("completeResult") << QByteArray(R"({"completion":{"hasMore":false,"total":2,"values":["a","b"],"x":1}})");
    QTest::newRow("task") << QByteArray("task") << QByteArray(R"({"createdAt":"2025-01-01T00:00:00Z","lastUpdatedAt":"2025-01-01T00:00:01Z","pollInterval":500,"status":"working","taskId":"t1","ttl":null,"x":1})");
    QTest::newRow("implementation") << QByteArray("implementation") << QByteArray(R"({"icons":[],"name":"s","title":"S","version":"1","websiteUrl":"https://x"})");
    QTest::newRow("sampling") << QByteArray("sampling") << QByteArray(R"({"includeContext":"thisServer","maxTokens":100,"messages":[{"content":{"text":"hi","type":"text"},"role":"user"}],"metadata":{"m":1},"modelPreferences":{"costPriority":0.25,"hints":[{"name":"claude"},{"name":"gpt"}],"x":1},"stopSequences":["\n\n"],"systemPrompt":"Be brief","temperature":0.5,"toolChoice":{"mode":"auto"},"tools":[{"inputSchema":{"type":"object"},"name":"t"}],"z":true})");
    QTest::newRow("sampling, minimal") << QByteArray("sampling") << QByteArray(R"({"maxTokens":1,"messages":[]})");
    QTest::newRow("sampling, hint with more than a name") << QByteArray("sampling") << QByteArray(R"({"maxTokens":1,"messages":[],"modelPreferences":{"hints":[{"name":"a","vendor":"v"}]}})");
    QTest::newRow("elicitation form") << QByteArray("elicitation") << QByteArray(R"({"message":"Who?","requestedSchema":{"properties":{"name":{"type":"string"}},"type":"object"},"w":2})");
    QTest::newRow("elicitation url") << QByteArray("elicitation") << QByteArray(R"({"elicitationId":"e1","message":"Sign in","mode":"url","url":"https://example.com/a"})");
    QTest::newRow("roots") << QByteArray("roots") << QByteArray(R"({"_meta":{},"roots":[{"name":"Home","uri":"file:///home","x":1},{"uri":"file:///tmp"}]})");
    QTest::newRow("log message") << QByteArray("log") << QByteArray(R"({"data":{"a":[1]},"level":"warning","logger":"db","q":0})");
    QTest::newRow("log message, unknown level") << QByteArray("log") << QByteArray(R"({"data":"d","level":"verbose"})");
}

void tst_Protocol::roundTripsKeepUnknownMembers()
{
    QFETCH(QByteArray, type);
    QFETCH(QByteArray, json);
    Read read;
    QVERIFY2(readAsType(type, object(json.constData()), &read), "unknown type");
    QCOMPARE(text(read.written), json);
}

void tst_Protocol::editedFieldsReachTheJson()
{
    Tool tool = Tool::fromJson(object(R"({"name":"n","title":"Old","inputSchema":{},"x":1})"));
    tool.title.clear();
    tool.description = QStringLiteral("new");
    tool.annotations.readOnlyHint = true;
    tool.taskSupport = QStringLiteral("required");
    const char *expected153_1 = R"({"annotations":{"readOnlyHint":true},"description":"new","execution":{"taskSupport":"required"},"inputSchema":{},"name":"n","x":1})";
    QCOMPARE(text(tool.toJson()), QByteArray(expected153_1));

    Resource resource;
    resource.uri = QStringLiteral("file:///a");
    resource.name = QStringLiteral("a");
    resource.size = 3;
    const char *expected160_1 = R"({"name":"a","size":3,"uri":"file:///a"})";
    QCOMPARE(text(resource.toJson()), QByteArray(expected160_1));
}

void tst_Protocol::diagnostics_data()
{
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected");
    const auto rows = [](const char *tag, const char *type, const char *json, QStringList expected) {
        QTest::newRow(tag) << QByteArray(type) << QByteArray(json) << expected;
    };
    rows("tool without name", "tool", R"({"inputSchema":{}})", {QStringLiteral("name: missing")});
    rows("tool without inputSchema", "tool", R"({"name":"n"})", {QStringLiteral("inputSchema: missing")});
    rows("tool name a number", "tool", R"({"name":3,"inputSchema":{}})", {QStringLiteral("name: expected a string, found a number")});
    rows("tool hint a string", "tool", R"({"name":"n","inputSchema":{},"annotations":{"readOnlyHint":"yes"}})",
         {QStringLiteral("annotations.readOnlyHint: expected a boolean, found a string")});
    rows("tool annotations an array", "tool", R"({"name":"n","inputSchema":{},"annotations":[]})",
         {QStringLiteral("annotations: expected an object, found an array")});
    rows("tool taskSupport wrong", "tool", R"({"name":"n","inputSchema":{},"execution":{"taskSupport":true}})",
         {QStringLiteral("execution.taskSupport: expected a string, found a boolean")});
    rows("icon without src", "tool", R"({"name":"n","inputSchema":{},"icons":[{"mimeType":"image/png"},"x"]})",
         {QStringLiteral("icons[0].src: missing"), QStringLiteral("icons[1]: expected an object, found a string"),
          QStringLiteral("icons[1].src: missing")});
    rows("icon sizes not strings", "tool", R"({"name":"n","inputSchema":{},"icons":[{"src":"s","sizes":[48]}]})",
         {QStringLiteral("icons[0].sizes[0]: expected a string, found a number")});
    rows("resource without uri and name", "resource", R"({"size":"big"})",
         {QStringLiteral("uri: missing"), QStringLiteral("name: missing"), QStringLiteral("size: expected a number, found a string")});
    rows("template without uriTemplate", "template", R"({"name":"t"})", {QStringLiteral("uriTemplate: missing")});
    rows("prompt argument without name", "prompt", R"({"name":"p","arguments":[{"required":1}]})",
         {QStringLiteral("arguments[0].name: missing"), QStringLiteral("arguments[0].required: expected a boolean, found a number")});
    rows("text block without text", "content", R"({"type":"text"})", {QStringLiteral("text: missing")});
    rows("image block without data", "content", R"({"type":"image","mimeType":"image/png"})", {QStringLiteral("data: missing")});
    rows("block without type", "content", R"({"text":"t"})", {QStringLiteral("type: missing")});
    rows("unknown block type", "content", R"({"type":"hologram"})", {QStringLiteral("type: unknown content type \"hologram\"")});
    rows("embedded resource without text or blob", "content", R"({"type":"resource","resource":{"uri":"u"}})",
         {QStringLiteral("resource.text or blob: missing")});
    rows("call result without content", "callResult", R"({"isError":"no"})",
         {QStringLiteral("content: missing"), QStringLiteral("isError: expected a boolean, found a string")});
    rows("call result bad block", "callResult", R"({"content":[{"type":"audio","data":"x"}]})",
         {QStringLiteral("content[0].mimeType: missing")});
    rows("prompt result message without role", "promptResult", R"({"messages":[{"content":{"type":"text","text":"t"}}]})",
         {QStringLiteral("messages[0].role: missing")});
    rows("complete result without values", "completeResult", R"({"completion":{}})", {QStringLiteral("completion.values: missing")});
    rows("complete result without completion", "completeResult", R"({})", {QStringLiteral("completion: missing")});
    rows("task without status", "task", R"({"taskId":"t","ttl":"long"})",
         {QStringLiteral("status: missing"), QStringLiteral("ttl: expected a number, found a string")});
    rows("capability not an object", "capabilities", R"({"tools":true,"logging":{}})",
         {QStringLiteral("tools: expected an object, found a boolean")});
    rows("implementation without version", "implementation", R"({"name":"n"})", {QStringLiteral("version: missing")});
    rows("sampling without messages and maxTokens", "sampling", R"({})",
         {QStringLiteral("messages: missing"), QStringLiteral("maxTokens: missing")});
    rows("sampling wrong types", "sampling", R"({"messages":[],"maxTokens":"9","temperature":"hot","modelPreferences":{"costPriority":"low"},"stopSequences":[1]})",
         {QStringLiteral("modelPreferences.costPriority: expected a number, found a string"),
          QStringLiteral("temperature: expected a number, found a string"),
          QStringLiteral("maxTokens: expected a number, found a string"),
          QStringLiteral("stopSequences[0]: expected a string, found a number")});
    rows("sampling tool without name", "sampling", R"({"messages":[],"maxTokens":1,"tools":[{"inputSchema":{}}]})",
         {QStringLiteral("tools[0].name: missing")});
    rows("form elicitation without schema", "elicitation", R"({"message":"m"})", {QStringLiteral("requestedSchema: missing")});
    rows("url elicitation without url", "elicitation", R"({"mode":"url","message":"m","elicitationId":"e"})",
         {QStringLiteral("url: missing")});
    rows("root without uri", "roots", R"({"roots":[{"name":"n"}]})", {QStringLiteral("roots[0].uri: missing")});
    rows("roots missing", "roots", R"({})", {QStringLiteral("roots: missing")});
    rows("log without data", "log", R"({"level":"info"})", {QStringLiteral("data: missing")});
    rows("log with an unknown level", "log", R"({"level":"loud","data":1})",
         {QStringLiteral("level: \"loud\" is not a logging level")});
}

void tst_Protocol::diagnostics()
{
    QFETCH(QByteArray, type);
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const QJsonObject in = object(json.constData());
    Read read;
    QVERIFY2(readAsType(type, in, &read), "unknown type");
    QCOMPARE(read.problems, expected);
    // What was wrong is still there as sent (an Implementation keeps only the members it does not
    // know, in extra).
    QCOMPARE(read.kept, type == "implementation" ? QJsonObject() : in);
}

void tst_Protocol::wellFormedObjectsHaveNoProblems_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("minimal") << QByteArray(R"({"name":"n","inputSchema":{"type":"object"}})");
    QTest::newRow("full") << QByteArray(R"({"name":"n","title":"T","description":"d","inputSchema":{},"outputSchema":{},
        "annotations":{"title":"A","readOnlyHint":false,"destructiveHint":true,"idempotentHint":true,"openWorldHint":false},
        "execution":{"taskSupport":"required"},"icons":[{"src":"data:image/png;base64,AA=="}],"_meta":{}})");
}

void tst_Protocol::wellFormedObjectsHaveNoProblems()
{
    QFETCH(QByteArray, json);
    QCOMPARE(problemsOf<Tool>(json.constData()), QStringList());
}

void tst_Protocol::contentBlocks()
{
    const char *expected252_1 = R"({"type":"text","text":"hi"})";
    QCOMPARE(ContentBlock::fromJson(object(expected252_1)).type, ContentBlock::Type::Text);
    const char *expected254_1 = R"({"type":"text","text":"hi"})";
    QCOMPARE(ContentBlock::fromJson(object(expected254_1)).text, QStringLiteral("hi"));
    const ContentBlock audio = ContentBlock::fromJson(object(R"({"type":"audio","data":"UklG","mimeType":"audio/wav"})"));
    QCOMPARE(audio.type, ContentBlock::Type::Audio);
    QCOMPARE(audio.data, QStringLiteral("UklG"));
    QCOMPARE(audio.mimeType, QStringLiteral("audio/wav"));
    const ContentBlock link = ContentBlock::fromJson(object(R"({"type":"resource_link","uri":"file:///a","name":"a","title":"A"})"));
    QCOMPARE(link.type, ContentBlock::Type::ResourceLink);
    QCOMPARE(link.link.uri, QStringLiteral("file:///a"));
    QCOMPARE(link.link.displayName(), QStringLiteral("A"));
    const ContentBlock embedded = ContentBlock::fromJson(object(R"({"type":"resource","resource":{"uri":"u","text":"t"}})"));
    QCOMPARE(embedded.type, ContentBlock::Type::EmbeddedResource);
    QCOMPARE(embedded.resource.text, std::optional<QString>(QStringLiteral("t")));
    QVERIFY(!embedded.resource.blob.has_value());
    const ContentBlock unknown = ContentBlock::fromJson(object(R"({"type":"hologram"})"));
    QCOMPARE(unknown.type, ContentBlock::Type::Unknown);
    QCOMPARE(unknown.typeName, QStringLiteral("hologram"));
}

void tst_Protocol::results()
{
    const CallToolResult call = CallToolResult::fromJson(object(R"({"content":[{"type":"text","text":"a"},{"type":"image","data":"AA","mimeType":"image/png"}],"structuredContent":{"v":2},"isError":true})"));
    QCOMPARE(call.content.size(), 2);
    QCOMPARE(call.content.at(1).type, ContentBlock::Type::Image);
    QVERIFY(call.isError);
    QCOMPARE(call.structuredContent.toObject().value(QStringLiteral("v")).toInt(), 2);
    const char *expected280_1 = R"({"content":[]})";
    QVERIFY(CallToolResult::fromJson(object(expected280_1)).structuredContent.isUndefined());

    const ReadResourceResult read = ReadResourceResult::fromJson(object(R"({"contents":[{"uri":"u","blob":"AA==","mimeType":"a/b"}]})"));
    QCOMPARE(read.contents.size(), 1);
    QCOMPARE(read.contents.first().blob, std::optional<QString>(QStringLiteral("AA==")));
    QCOMPARE(read.contents.first().mimeType, QStringLiteral("a/b"));

    const GetPromptResult prompt = GetPromptResult::fromJson(object(R"({"description":"d","messages":[{"role":"assistant","content":{"type":"text","text":"x"}}]})"));
    QCOMPARE(prompt.description, QStringLiteral("d"));
    QCOMPARE(prompt.messages.size(), 1);
    QCOMPARE(prompt.messages.first().role, QStringLiteral("assistant"));
    QCOMPARE(prompt.messages.first().content.text, QStringLiteral("x"));

    const CompleteResult complete = CompleteResult::fromJson(object(R"({"completion":{"values":["a","b"],"total":10,"hasMore":true}})"));
    QCOMPARE(complete.values, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(complete.total, std::optional<int>(10));
    QVERIFY(complete.hasMore);
}

void tst_Protocol::capabilities()
{
    const Capabilities server = Capabilities::fromJson(object(R"({"tools":{"listChanged":true},"resources":{"subscribe":true},"logging":{}})"));
    QVERIFY(server.has(Key::Tools));
    QVERIFY(server.has(Key::Logging));
    QVERIFY(!server.has(Key::Prompts));
    QVERIFY(server.listChanged(Key::Tools));
    QVERIFY(!server.listChanged(Key::Resources));
    QVERIFY(server.resourcesSubscribe());
    const char *expected309_1 = R"({"resources":{}})";
    QVERIFY(!Capabilities::fromJson(object(expected309_1)).resourcesSubscribe());
}

void tst_Protocol::task()
{
    const Task working = Task::fromJson(object(R"({"taskId":"t","status":"working","ttl":60000,"pollInterval":250})"));
    QCOMPARE(working.ttl, std::optional<qint64>(60000));
    QCOMPARE(working.pollInterval, std::optional<int>(250));
    QVERIFY(!working.isTerminal());
    const char *expected319_1 = R"({"taskId":"t","status":"completed","ttl":null})";
    QVERIFY(!Task::fromJson(object(expected319_1)).ttl.has_value());
    const char *expected321_1 = R"({"taskId":"t","status":"completed"})";
    QVERIFY(Task::fromJson(object(expected321_1)).isTerminal());
    const char *expected323_1 = R"({"taskId":"t","status":"failed"})";
    QVERIFY(Task::fromJson(object(expected323_1)).isTerminal());
    const char *expected325_1 = R"({"taskId":"t","status":"cancelled"})";
    QVERIFY(Task::fromJson(object(expected325_1)).isTerminal());
    const char *expected327_1 = R"({"taskId":"t","status":"input_required"})";
    QVERIFY(!Task::fromJson(object(expected327_1)).isTerminal());
}

void tst_Protocol::loggingLevels()
{
    QCOMPARE(loggingLevelNames().size(), 8);
    QCOMPARE(loggingLevelNames().first(), QStringLiteral("debug"));
    QCOMPARE(loggingLevelNames().last(), QStringLiteral("emergency"));
    QCOMPARE(loggingLevelName(LoggingLevel::Warning), QStringLiteral("warning"));
    QCOMPARE(loggingLevelFromName(u"critical"), std::optional<LoggingLevel>(LoggingLevel::Critical));
    QVERIFY(!loggingLevelFromName(u"verbose").has_value());
}

void tst_Protocol::implementationKeepsItsApi()
{
    const Implementation info = Implementation::fromJson(object(R"({"name":"s","version":"1","websiteUrl":"w"})"));
    QCOMPARE(info.name, QStringLiteral("s"));
    QCOMPARE(info.version, QStringLiteral("1"));
    QVERIFY(info.title.isEmpty());
    const char *expected347_1 = R"({"websiteUrl":"w"})";
    QCOMPARE(info.extra, object(expected347_1));
    const Implementation made{QStringLiteral("c"), QStringLiteral("2"), {}, {}};
    const char *expected350_1 = R"({"name":"c","version":"2"})";
    QCOMPARE(text(made.toJson()), QByteArray(expected350_1));
}

void tst_Protocol::displayName_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("title wins") << QByteArray(R"({"name":"n","title":"T","annotations":{"title":"A"}})") << QStringLiteral("T");
    QTest::newRow("annotations.title next") << QByteArray(R"({"name":"n","annotations":{"title":"A"}})") << QStringLiteral("A");
    QTest::newRow("name last") << QByteArray(R"({"name":"n"})") << QStringLiteral("n");
    QTest::newRow("empty title falls through") << QByteArray(R"({"name":"n","title":""})") << QStringLiteral("n");
    QTest::newRow("empty annotations.title falls through") << QByteArray(R"({"name":"n","annotations":{"title":""}})") << QStringLiteral("n");
    QTest::newRow("title not a string") << QByteArray(R"({"name":"n","title":5})") << QStringLiteral("n");
    QTest::newRow("nothing") << QByteArray(R"({"uri":"u"})") << QString();
}

void tst_Protocol::displayName()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QJsonObject item = object(json.constData());
    QCOMPARE(Mcp::displayName(item), expected);
    QCOMPARE(Tool::fromJson(item).displayName(), expected);
    // Resources, templates, prompts and arguments have no annotations.title.
    const QString withoutAnnotations = item.contains(QStringLiteral("title")) && !item.value(QStringLiteral("title")).toString().isEmpty()
        ? expected : item.value(QStringLiteral("name")).toString();
    QCOMPARE(Resource::fromJson(item).displayName(), withoutAnnotations);
    QCOMPARE(ResourceTemplate::fromJson(item).displayName(), withoutAnnotations);
    QCOMPARE(Prompt::fromJson(item).displayName(), withoutAnnotations);
    QCOMPARE(PromptArgument::fromJson(item).displayName(), withoutAnnotations);
}

void tst_Protocol::builders_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("expectedMethod");
    QTest::addColumn<QByteArray>("expectedParams");
    const auto row = [](const char *tag, const Request &request, const char *method, const char *params) {
        QTest::newRow(tag) << request.method << request.params << QString::fromLatin1(method) << QByteArray(params);
    };
    const QJsonObject args = object(R"({"a":1})");
    row("ping", Requests::ping(), "ping", "{}");
    row("tools/list", Requests::listTools(), "tools/list", "{}");
    row("tools/list cursor", Requests::listTools(QStringLiteral("c2")), "tools/list", R"({"cursor":"c2"})");
    row("tools/call", Requests::callTool(QStringLiteral("add"), args), "tools/call", R"({"arguments":{"a":1},"name":"add"})");
    row("tools/call empty arguments", Requests::callTool(QStringLiteral("t"), {}), "tools/call", R"({"arguments":{},"name":"t"})");
    row("tools/call task", Requests::callTool(QStringLiteral("add"), args, Requests::taskMetadata(600000)), "tools/call",
        R"({"arguments":{"a":1},"name":"add","task":{"ttl":600000}})");
    row("tools/call meta", Requests::callTool(QStringLiteral("add"), args, {}, object(R"({"k":"v"})")), "tools/call",
        R"({"_meta":{"k":"v"},"arguments":{"a":1},"name":"add"})");
    row("resources/list", Requests::listResources(QStringLiteral("x")), "resources/list", R"({"cursor":"x"})");
    row("resources/templates/list", Requests::listResourceTemplates(), "resources/templates/list", "{}");
    row("resources/read", Requests::readResource(QStringLiteral("file:///a")), "resources/read", R"({"uri":"file:///a"})");
    row("resources/subscribe", Requests::subscribeResource(QStringLiteral("u")), "resources/subscribe", R"({"uri":"u"})");
    row("resources/unsubscribe", Requests::unsubscribeResource(QStringLiteral("u")), "resources/unsubscribe", R"({"uri":"u"})");
    row("prompts/list", Requests::listPrompts(), "prompts/list", "{}");
    row("prompts/get", Requests::getPrompt(QStringLiteral("p")), "prompts/get", R"({"name":"p"})");
    row("prompts/get arguments", Requests::getPrompt(QStringLiteral("p"), object(R"({"x":"1"})")), "prompts/get",
        R"({"arguments":{"x":"1"},"name":"p"})");
    row("completion/complete prompt", Requests::complete(Requests::promptReference(QStringLiteral("p")), QStringLiteral("arg"), QStringLiteral("va")),
        "completion/complete", R"({"argument":{"name":"arg","value":"va"},"ref":{"name":"p","type":"ref/prompt"}})");
    row("completion/complete resource context", Requests::complete(Requests::resourceReference(QStringLiteral("file:///{x}")), QStringLiteral("x"), QString(), object(R"({"y":"1"})")),
        "completion/complete", R"({"argument":{"name":"x","value":""},"context":{"arguments":{"y":"1"}},"ref":{"type":"ref/resource","uri":"file:///{x}"}})");
    row("logging/setLevel", Requests::setLogLevel(QStringLiteral("debug")), "logging/setLevel", R"({"level":"debug"})");
    row("tasks/get", Requests::getTask(QStringLiteral("t1")), "tasks/get", R"({"taskId":"t1"})");
    row("tasks/result", Requests::getTaskResult(QStringLiteral("t1")), "tasks/result", R"({"taskId":"t1"})");
    row("tasks/list", Requests::listTasks(), "tasks/list", "{}");
    row("tasks/cancel", Requests::cancelTask(QStringLiteral("t1")), "tasks/cancel", R"({"taskId":"t1"})");
    row("any list page", Requests::listPage(QStringLiteral("x/list"), QStringLiteral("c")), "x/list", R"({"cursor":"c"})");
}

void tst_Protocol::builders()
{
    QFETCH(QString, method);
    QFETCH(QJsonObject, params);
    QFETCH(QString, expectedMethod);
    QFETCH(QByteArray, expectedParams);
    QCOMPARE(method, expectedMethod);
    QCOMPARE(text(params), expectedParams);
}

void tst_Protocol::clientTypesRead()
{
    const CreateMessageParams sampling = CreateMessageParams::fromJson(object(
        R"({"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":64,"temperature":0.7,
            "modelPreferences":{"hints":[{"name":"a"},{"name":"b"}],"speedPriority":1},"stopSequences":["x"],
            "tools":[{"name":"t","description":"d","inputSchema":{}}]})"));
    QCOMPARE(sampling.messages.size(), 1);
    QCOMPARE(sampling.maxTokens, std::optional<int>(64));
    QCOMPARE(sampling.temperature, std::optional<double>(0.7));
    QVERIFY(sampling.modelPreferences);
    QCOMPARE(sampling.modelPreferences->hints, QStringList({QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(sampling.modelPreferences->speedPriority, std::optional<double>(1));
    QVERIFY(!sampling.modelPreferences->costPriority);
    QCOMPARE(sampling.stopSequences, std::optional<QStringList>(QStringList{QStringLiteral("x")}));
    QCOMPARE(sampling.tools.size(), 1);
    QCOMPARE(sampling.tools.first().description, QStringLiteral("d"));
    QVERIFY(!sampling.toolChoice && !sampling.metadata && sampling.includeContext.isEmpty());

    const ElicitRequestParams url = ElicitRequestParams::fromJson(
        object(R"({"mode":"url","message":"m","url":"https://x","elicitationId":"e"})"));
    QVERIFY(url.isUrlMode());
    QCOMPARE(url.url, QStringLiteral("https://x"));
    QVERIFY(!ElicitRequestParams::fromJson(object(R"({"message":"m","requestedSchema":{}})")).isUrlMode());

    const QList<Root> roots = ListRootsResult::rootsFromJson(
        QJsonArray{QJsonObject{{Key::Uri, QStringLiteral("file:///a")}, {Key::Name, QStringLiteral("A")}}});
    QCOMPARE(roots.size(), 1);
    QCOMPARE(roots.first().name, QStringLiteral("A"));
    QCOMPARE(ListRootsResult::rootsToJson(roots).first().toObject().value(Key::Uri).toString(), QStringLiteral("file:///a"));

    LogMessage log;
    log.level = LoggingLevel::Error;
    log.data = QStringLiteral("boom");
    QCOMPARE(text(log.toJson()), QByteArray(R"({"data":"boom","level":"error"})"));
    QCOMPARE(LogMessage::fromJson(object(R"({"level":"critical","data":1})")).level, std::optional(LoggingLevel::Critical));
}

void tst_Protocol::typedLists()
{
    QCOMPARE(Lists::Tools.method, QStringLiteral("tools/list"));
    QCOMPARE(Lists::Tools.itemsKey, QStringLiteral("tools"));
    QCOMPARE(Lists::ResourceTemplates.itemsKey, QStringLiteral("resourceTemplates"));
    QCOMPARE(Lists::ResourceTemplates.capability, QStringLiteral("resources"));
    QCOMPARE(Lists::Tasks.method, QStringLiteral("tasks/list"));
    QStringList methods;
    for (const ListDescriptor &list : Lists::offered())
        methods.append(list.method);
    QCOMPARE(methods, QStringList({QStringLiteral("tools/list"), QStringLiteral("prompts/list"),
                                   QStringLiteral("resources/list"), QStringLiteral("resources/templates/list")}));
    QCOMPARE(Lists::offeredByMethod(u"prompts/list")->itemsKey, QStringLiteral("prompts"));
    QVERIFY(!Lists::offeredByMethod(u"tasks/list"));
    QVERIFY(!Lists::offeredByMethod(u"tools/call"));

    QStringList problems;
    const QList<Tool> tools = Lists::Tools.items(
        QJsonArray{QJsonObject{{Key::Name, QStringLiteral("a")}, {Key::InputSchema, QJsonObject()}},
                   QJsonObject{{Key::InputSchema, QJsonObject()}}},
        &problems);
    QCOMPARE(tools.size(), 2);
    QCOMPARE(tools.first().name, QStringLiteral("a"));
    QCOMPARE(problems, QStringList{QStringLiteral("[1] name: missing")});
    static_assert(std::is_same_v<std::remove_cv_t<decltype(Lists::Prompts)>::ItemType, Prompt>);
}

QTEST_GUILESS_MAIN(tst_Protocol)
#include "tst_protocol.moc"

