#include "demoserver.h"

#include "conformancefixtures.h"
#include "democontent.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "server/requestcontext.h"
#include "server/server.h"
#include "server/serversession.h"
#include "server/servertransport.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <memory>
#include <poll.h>
#include <unistd.h>

using namespace Mcp;

namespace {

using DemoContent::json;

QString compact(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return value.toVariant().toString();
}

// A client's error answer to what a tool asked it ends the call: "<what> failed (code): message".
// True when the reply was one.
bool respondedWithClientError(ToolCall *call, const Message &reply, const QString &what)
{
    if (!reply.isErrorResponse())
        return false;
    call->respond(ToolResult::error(QStringLiteral("%1 failed (%2): %3")
                                        .arg(what, QString::number(reply.error().code), reply.error().message)));
    return true;
}

QJsonObject textBlock(const QString &text)
{
    return {{Key::Type, ContentTypeValue::Text}, {Key::Text, text}};
}

QString dataUri(const char *mimeType, const QByteArray &bytes)
{
    return QStringLiteral("data:") + QLatin1String(mimeType) + QStringLiteral(";base64,")
        + QString::fromLatin1(bytes.toBase64());
}

QJsonArray icon(const char *letter, const char *colour)
{
    return {QJsonObject{{Key::Src, dataUri("image/svg+xml", DemoContent::svgIcon(letter, colour))},
                        {Key::MimeType, QStringLiteral("image/svg+xml")},
                        {Key::Sizes, QJsonArray{QStringLiteral("any")}}}};
}

// stderr may be a pipe someone else made non-blocking: wait instead of dropping bytes.
void writeStderr(const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t written = ::write(STDERR_FILENO, bytes.constData() + done, size_t(bytes.size() - done));
        if (written >= 0) {
            done += written;
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            pollfd descriptor{STDERR_FILENO, POLLOUT, 0};
            ::poll(&descriptor, 1, 1000);
        } else if (errno != EINTR) {
            return;
        }
    }
}

QStringList startingWith(const QStringList &candidates, const QString &prefix)
{
    QStringList matches;
    for (const QString &each : candidates) {
        if (each.startsWith(prefix, Qt::CaseInsensitive))
            matches.append(each);
    }
    return matches;
}

const QStringList itemIds = {QStringLiteral("apple"), QStringLiteral("apricot"), QStringLiteral("banana"), QStringLiteral("blueberry"), QStringLiteral("cherry"),
                             QStringLiteral("grape"), QStringLiteral("lemon"), QStringLiteral("mango"), QStringLiteral("orange"), QStringLiteral("peach")};
const QStringList styles = {QStringLiteral("formal"), QStringLiteral("casual"), QStringLiteral("pirate"), QStringLiteral("haiku"), QStringLiteral("shakespearean")};
const QStringList languages = {QStringLiteral("c"), QStringLiteral("c++"), QStringLiteral("go"), QStringLiteral("java"), QStringLiteral("javascript"), QStringLiteral("kotlin"),
                               QStringLiteral("python"), QStringLiteral("rust"), QStringLiteral("swift"), QStringLiteral("typescript")};
const QMap<QString, QStringList> filesByFolder = {
    {QStringLiteral("docs"), {QStringLiteral("guide.md"), QStringLiteral("changelog.md"), QStringLiteral("faq.md")}},
    {Key::Src, {QStringLiteral("main.cpp"), QStringLiteral("server.cpp"), QStringLiteral("server.h")}},
    {Key::Data, {QStringLiteral("cities.csv"), QStringLiteral("weather.json")}},
};

// ---------------------------------------------------------------------------------

class DemoServer : public Server
{
public:
    DemoServer(const DemoOptions &options, QObject *parent);

private:
    void addBasicTools();
    void addContentTools();
    void addInteractiveTools();
    void addExtraTool();
    void addFaultTools();
    void addResources();
    void addAppView();
    void addPrompts();
    void toggleExtraTool(ToolCall *call);
    void updateClock();

    DemoOptions m_options;
    QByteArray m_png;
    QByteArray m_wav;
    QTimer m_clockTimer;
    int m_clockTicks = 0;
    int m_appCounter = 0;
};

DemoServer::DemoServer(const DemoOptions &options, QObject *parent)
    : Server(parent), m_options(options), m_png(DemoContent::png(64, 64)), m_wav(DemoContent::wav(440, 600))
{
    setServerInfo(QStringLiteral("mcpscope-demo-server"), QStringLiteral("0.1.0"), QStringLiteral("MCP Scope demo server"));
    setInstructions(QStringLiteral("A demonstration server for MCP Scope. Try `content_gallery` for every content type, "
                        "`rich_form` for schema-driven forms, `long_task` for progress and cancellation, and "
                        "subscribe to demo://clock for live updates."));
    setPageSize(options.pageSize);
    setEra(options.era);
    if (options.listTtlMs >= 0)
        setCacheTtl(options.listTtlMs, readTtlMs());
    setTasksEnabled(true);
    if (!options.protocolVersion.isEmpty())
        setForcedProtocolVersion(options.protocolVersion);

    addBasicTools();
    if (options.extraTool)
        addExtraTool();
    addContentTools();
    addInteractiveTools();
    addFaultTools();
    addResources();
    addAppView();
    addPrompts();
    if (options.conformanceFixtures)
        addConformanceFixtures(this);

    // demo://clock changes every second, but only while somebody watches it.
    m_clockTimer.setInterval(1000);
    QObject::connect(&m_clockTimer, &QTimer::timeout, this, [this] { updateClock(); });
    QObject::connect(this, &Server::subscriptionsChanged, this, [this](const QString &uri) {
        if (uri != QLatin1String("demo://clock"))
            return;
        if (subscriberCount(uri) > 0 && !m_clockTimer.isActive())
            m_clockTimer.start();
        else if (subscriberCount(uri) == 0)
            m_clockTimer.stop();
    });

    if (options.garbageAtStart) {
        QObject::connect(this, &Server::sessionCreated, this, [](ServerSession *session) {
            session->transport()->sendRawFrame("mcpscope-demo-server: this line is not JSON-RPC (--fault garbage-at-start)");
        });
    }
    if (options.hangOnInitialize || options.errorOnInitialize) {
        const bool hang = options.hangOnInitialize;
        setRequestInterceptor([hang](ServerSession *session, const Message &request) {
            if (request.method() != QLatin1String("initialize"))
                return false;
            if (hang) {
                writeStderr("mcpscope-demo-server: not answering initialize (--fault hang-on-initialize)\n");
            } else {
                session->sendReply(Message::errorResponse(
                    request.id(), {ErrorCode::InternalError, QStringLiteral("Initialization failed on purpose (--fault error-on-initialize)")}));
            }
            return true;
        });
    }
    // When the client's roots change, look at them and say so in the log.
    QObject::connect(this, &Server::sessionCreated, this, [](ServerSession *session) {
        QObject::connect(session, &ServerSession::rootsListChanged, session, [session] {
            session->sendRequest(Method::RootsList, {}, session, [session](const Message &reply) {
                const QJsonArray roots = reply.result().toObject().value(Key::Roots).toArray();
                session->log(LoggingLevel::Info, Key::Roots,
                             QJsonObject{{Key::Message, QStringLiteral("The client now has %1 root(s)").arg(roots.size())},
                                         {Key::Roots, roots}});
            });
        });
    });
    if (options.crashAfterInit) {
        QObject::connect(this, &Server::sessionInitialized, this, [](ServerSession *) {
            writeStderr("mcpscope-demo-server: crashing after initialization (--fault crash-after-init)\n");
            ::_exit(3);
        });
    }
    if (options.stderrNoise) {
        auto *noise = new QTimer(this);
        auto counter = std::make_shared<int>(0);
        QObject::connect(noise, &QTimer::timeout, this, [counter] {
            ++*counter;
            QByteArray line = "[noise " + QByteArray::number(*counter) + "] ";
            switch (*counter % 4) {
            case 0: line += "\x1b[33mwarning:\x1b[0m coloured output on stderr"; break;
            case 1: line += "debug: {\"looks\": \"like JSON\", \"but\": \"is stderr\"}"; break;
            case 2: line += "info: invalid UTF-8 follows: \xff\xfe ok"; break;
            default: line += "a long line " + QByteArray(300, '~'); break;
            }
            writeStderr(line + '\n');
        });
        noise->start(100);
        for (int i = 0; i < 20; ++i)
            writeStderr("[noise] starting up, line " + QByteArray::number(i) + '\n');
    }
}

void DemoServer::addBasicTools()
{
    addTool(json(R"json({"name": "echo", "title": "Echo",
        "description": "Returns the message unchanged.",
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string", "description": "Text to echo back"}},
                        "required": ["message"]},
        "annotations": {"readOnlyHint": true, "idempotentHint": true, "openWorldHint": false}})json"),
            [](ToolCall *call) { call->respond(ToolResult::text(call->arguments().value(Key::Message).toString())); });

    addTool(json(R"json({"name": "add", "title": "Add two numbers",
        "description": "Adds a and b.",
        "inputSchema": {"type": "object", "properties": {"a": {"type": "number", "description": "First addend"},
                        "b": {"type": "number", "description": "Second addend"}}, "required": ["a", "b"]},
        "outputSchema": {"type": "object", "properties": {"sum": {"type": "number"}}, "required": ["sum"]},
        "annotations": {"readOnlyHint": true, "idempotentHint": true}})json"),
            [](ToolCall *call) {
                const QJsonObject arguments = call->arguments();
                if (!arguments.value(QStringLiteral("a")).isDouble() || !arguments.value(QStringLiteral("b")).isDouble()) {
                    call->respond(ToolResult::error(QStringLiteral("a and b must be numbers")));
                    return;
                }
                const double sum = arguments.value(QStringLiteral("a")).toDouble() + arguments.value(QStringLiteral("b")).toDouble();
                call->respond(ToolResult::structured({{QStringLiteral("sum"), sum}}));
            });

    // Streamable HTTP 2026-07-28 mirrors these arguments into Mcp-Param-* headers (x-mcp-header),
    // so that gateways can route on them; the server checks that the headers match the body.
    addTool(json(R"json({"name": "route_query", "title": "Route a query (x-mcp-header)",
        "description": "Pretends to run a query in a region. Over HTTP, region, tenant.id, priority and dryRun travel as Mcp-Param-Region, Mcp-Param-Tenant, Mcp-Param-Priority and Mcp-Param-Dry-Run headers.",
        "inputSchema": {"type": "object", "properties": {
            "region": {"type": "string", "description": "Where to run it", "x-mcp-header": "Region", "default": "eu-west1"},
            "tenant": {"type": "object", "properties": {"id": {"type": "string", "x-mcp-header": "Tenant"}}},
            "priority": {"type": "integer", "minimum": 0, "maximum": 9, "x-mcp-header": "Priority"},
            "dryRun": {"type": "boolean", "x-mcp-header": "Dry-Run"},
            "query": {"type": "string", "description": "The query"}},
            "required": ["region", "query"]},
        "annotations": {"readOnlyHint": true}})json"),
            [](ToolCall *call) {
                const QJsonObject arguments = call->arguments();
                call->respond(ToolResult::structured({{QStringLiteral("region"), arguments.value(QStringLiteral("region"))},
                                                      {QStringLiteral("query"), arguments.value(QStringLiteral("query"))},
                                                      {QStringLiteral("dryRun"), arguments.value(QStringLiteral("dryRun")).toBool()}}));
            });

    // A tool whose x-mcp-header annotations break the rules (two properties claim the header
    // name "Region", which header names compare case-insensitively): a 2026-07-28 client must
    // not call it. Only in the modern-only era, so legacy and dual listings stay as they were.
    if (m_options.era == Era::Modern) {
        addTool(json(R"json({"name": "broken_headers", "title": "Broken headers (x-mcp-header)",
            "description": "Its x-mcp-header annotations are invalid on purpose (Region twice): clients must list it as not callable.",
            "inputSchema": {"type": "object", "properties": {
                "region": {"type": "string", "x-mcp-header": "Region"},
                "fallbackRegion": {"type": "string", "x-mcp-header": "region"}}}})json"),
                [](ToolCall *call) { call->respond(ToolResult::error(QStringLiteral("A client called broken_headers, which it must not do."))); });
    }

    QJsonObject weather = json(R"json({"name": "get_weather", "title": "Weather",
        "description": "Current weather for a city (made up, but deterministic). Returns structuredContent that matches the outputSchema.",
        "inputSchema": {"type": "object", "properties": {
            "city": {"type": "string", "description": "City name", "examples": ["Berlin", "Lagos"]},
            "units": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"}},
            "required": ["city"]},
        "outputSchema": {"type": "object", "properties": {
            "city": {"type": "string"},
            "temperature": {"type": "number", "description": "In the requested units"},
            "units": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "conditions": {"type": "string", "enum": ["sunny", "cloudy", "rain", "snow", "fog"]},
            "humidity": {"type": "integer", "minimum": 0, "maximum": 100},
            "wind": {"type": "object", "properties": {"speedKmh": {"type": "number"}, "direction": {"type": "string"}},
                     "required": ["speedKmh", "direction"]}},
            "required": ["city", "temperature", "units", "conditions", "humidity", "wind"]},
        "annotations": {"readOnlyHint": true, "openWorldHint": true},
        "execution": {"taskSupport": "forbidden"}})json");
    weather.insert(Key::Icons, icon("W", "#1e88e5"));
    addTool(weather, [](ToolCall *call) {
        const QString city = call->arguments().value(QStringLiteral("city")).toString();
        const bool fahrenheit = call->arguments().value(QStringLiteral("units")).toString() == QLatin1String("fahrenheit");
        const uint hash = qHash(city.toLower());
        const double celsius = (int(hash % 400) - 50) / 10.0; // one decimal, no binary noise
        static const char *const conditions[] = {"sunny", "cloudy", "rain", "snow", "fog"};
        static const char *const directions[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
        call->respond(ToolResult::structured({
            {QStringLiteral("city"), city},
            {Key::Temperature, fahrenheit ? std::round((celsius * 9 / 5 + 32) * 10) / 10 : celsius},
            {QStringLiteral("units"), fahrenheit ? QStringLiteral("fahrenheit") : QStringLiteral("celsius")},
            {QStringLiteral("conditions"), QString::fromLatin1(conditions[(hash / 7) % 5])},
            {QStringLiteral("humidity"), int((hash / 13) % 101)},
            {QStringLiteral("wind"), QJsonObject{{QStringLiteral("speedKmh"), int((hash / 17) % 60)}, {QStringLiteral("direction"), QString::fromLatin1(directions[(hash / 19) % 8])}}},
        }));
    });

    addTool(json(R"json({"name": "fail", "title": "Always fails",
        "description": "Returns a tool error (isError: true), not a protocol error.",
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string", "default": "Something went wrong on purpose."}}}})json"),
            [](ToolCall *call) {
                call->respond(ToolResult::error(call->arguments().value(Key::Message).toString(QStringLiteral("Something went wrong on purpose."))));
            });

    addTool(json(R"json({"name": "toggle_extra_tool", "title": "Toggle the extra tool",
        "description": "Adds the tool `extra_tool`, or removes it if present; either way the server sends notifications/tools/list_changed. With kind resource or prompt it toggles demo://extra or the prompt extra_prompt instead (resources/list_changed, prompts/list_changed).",
        "inputSchema": {"type": "object", "properties": {
            "kind": {"type": "string", "enum": ["tool", "resource", "prompt"], "default": "tool"}}}})json"),
            [this](ToolCall *call) { toggleExtraTool(call); });
}

void DemoServer::toggleExtraTool(ToolCall *call)
{
    const QString kind = call->arguments().value(QStringLiteral("kind")).toString(QStringLiteral("tool"));
    if (kind == QLatin1String("resource")) {
        if (removeResource(QStringLiteral("demo://extra"))) {
            call->respond(ToolResult::text(QStringLiteral("Removed demo://extra.")));
        } else {
            addTextResource(json(R"json({"uri": "demo://extra", "name": "extra", "title": "Extra resource",
                "description": "Appears and disappears with toggle_extra_tool", "mimeType": "text/plain"})json"),
                            QStringLiteral("The extra resource is here."));
            call->respond(ToolResult::text(QStringLiteral("Added demo://extra.")));
        }
        return;
    }
    if (kind == QLatin1String("prompt")) {
        if (removePrompt(QStringLiteral("extra_prompt"))) {
            call->respond(ToolResult::text(QStringLiteral("Removed extra_prompt.")));
        } else {
            addPrompt(json(R"json({"name": "extra_prompt", "title": "Extra prompt",
                "description": "Appears and disappears with toggle_extra_tool"})json"),
                      [](const QJsonObject &, RpcError *) {
                          return QJsonObject{{Key::Messages, QJsonArray{QJsonObject{
                                                                   {Key::Role, RoleValue::User},
                                                                   {Key::Content, textBlock(QStringLiteral("The extra prompt is here."))}}}}};
                      });
            call->respond(ToolResult::text(QStringLiteral("Added extra_prompt.")));
        }
        return;
    }
    if (kind != QLatin1String("tool")) {
        call->respond(ToolResult::error(QStringLiteral("kind must be tool, resource or prompt")));
        return;
    }
    const QString name = QStringLiteral("extra_tool");
    if (hasTool(name)) {
        removeTool(name);
        call->respond(ToolResult::text(QStringLiteral("Removed extra_tool.")));
        return;
    }
    addExtraTool();
    call->respond(ToolResult::text(QStringLiteral("Added extra_tool.")));
}

void DemoServer::addExtraTool()
{
    addTool(json(R"json({"name": "extra_tool", "title": "Extra tool",
        "description": "Appears and disappears with toggle_extra_tool.",
        "inputSchema": {"type": "object", "properties": {}}})json"),
            [](ToolCall *call) { call->respond(ToolResult::text(QStringLiteral("The extra tool is here."))); });
}

void DemoServer::addContentTools()
{
    QJsonObject gallery = json(R"json({"name": "content_gallery", "title": "Content gallery",
        "description": "Returns one content block of every type: text, Markdown, image, audio, resource link, embedded text and blob resources, with annotations.",
        "inputSchema": {"type": "object", "properties": {}},
        "annotations": {"readOnlyHint": true}})json");
    gallery.insert(Key::Icons, QJsonArray{QJsonObject{{Key::Src, dataUri("image/png", DemoContent::png(32, 32))},
                                                        {Key::MimeType, QStringLiteral("image/png")},
                                                        {Key::Sizes, QJsonArray{QStringLiteral("32x32")}}}});
    addTool(gallery,
            [this](ToolCall *call) {
                const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
                QJsonObject markdown = textBlock(QStringLiteral("## Markdown\n\nThis block is **Markdown**: *emphasis*, `code`, "
                                                     "[a link](https://modelcontextprotocol.io), and a list:\n\n"
                                                     "- one\n- two\n\n```json\n{\"fenced\": true}\n```\n"));
                markdown.insert(Key::Annotations, QJsonObject{{Key::Audience, QJsonArray{RoleValue::User}}, {Key::Priority, 0.9}});
                QJsonObject content = textBlock(QStringLiteral("Plain text: every content type follows."));
                content.insert(Key::Annotations, QJsonObject{{Key::Audience, QJsonArray{RoleValue::User, RoleValue::Assistant}},
                                                               {Key::Priority, 1.0}, {Key::LastModified, now}});
                const QJsonArray blocks{
                    content,
                    markdown,
                    QJsonObject{{Key::Type, ContentTypeValue::Image}, {Key::MimeType, QStringLiteral("image/png")},
                                {Key::Data, QString::fromLatin1(m_png.toBase64())},
                                {Key::Annotations, QJsonObject{{Key::Audience, QJsonArray{RoleValue::User}}}}},
                    QJsonObject{{Key::Type, ContentTypeValue::Audio}, {Key::MimeType, QStringLiteral("audio/wav")},
                                {Key::Data, QString::fromLatin1(m_wav.toBase64())}},
                    QJsonObject{{Key::Type, ContentTypeValue::ResourceLink}, {Key::Uri, QStringLiteral("demo://docs/readme")},
                                {Key::Name, QStringLiteral("readme")}, {Key::Title, QStringLiteral("Read me")},
                                {Key::Description, QStringLiteral("A resource link: the client may read it with resources/read")},
                                {Key::MimeType, QStringLiteral("text/markdown")}},
                    QJsonObject{{Key::Type, ContentTypeValue::Resource},
                                {Key::Resource, ResourceContents::text(QStringLiteral("demo://docs/notes.txt"), QStringLiteral("text/plain"),
                                                                        QStringLiteral("An embedded text resource.\nSecond line."))}},
                    QJsonObject{{Key::Type, ContentTypeValue::Resource},
                                {Key::Resource, ResourceContents::blob(QStringLiteral("demo://images/logo.png"), QStringLiteral("image/png"), m_png)},
                                {Key::Annotations, QJsonObject{{Key::Priority, 0.2}}}},
                };
                call->respond({{Key::Content, blocks},
                               {Key::Meta, QJsonObject{{QStringLiteral("mcpscope.demo/generatedAt"), now}}}});
            });

    addTool(json(R"json({"name": "rich_form", "title": "Rich form",
        "description": "Every kind of input a schema-driven form must handle. Echoes its arguments back as JSON text and structuredContent.",
        "inputSchema": {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "$defs": {
            "address": {"type": "object", "title": "Address", "properties": {
                "street": {"type": "string", "title": "Street"},
                "city": {"type": "string", "title": "City"},
                "postcode": {"type": "string", "title": "Postcode", "pattern": "^[0-9A-Z -]{3,10}$"}},
              "required": ["city"]}
          },
          "properties": {
            "name": {"type": "string", "title": "Name", "description": "Your full name", "minLength": 1, "maxLength": 80, "default": "Ada Lovelace"},
            "age": {"type": "integer", "title": "Age", "minimum": 0, "maximum": 150, "default": 36},
            "ratio": {"type": "number", "title": "Ratio", "exclusiveMinimum": 0, "exclusiveMaximum": 1, "default": 0.5},
            "subscribe": {"type": "boolean", "title": "Subscribe to news", "default": false},
            "colour": {"type": "string", "title": "Favourite colour", "enum": ["red", "green", "blue"], "default": "green"},
            "size": {"title": "T-shirt size", "oneOf": [
                {"const": "s", "title": "Small"}, {"const": "m", "title": "Medium"}, {"const": "l", "title": "Large"}]},
            "nickname": {"type": ["string", "null"], "title": "Nickname", "description": "May be null", "default": null},
            "birthday": {"type": "string", "format": "date", "title": "Birthday"},
            "email": {"type": "string", "format": "email", "title": "E-mail"},
            "homepage": {"type": "string", "format": "uri", "title": "Home page"},
            "home": {"$ref": "#/$defs/address"},
            "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": ["alpha", "beta", "gamma", "delta"]},
                     "uniqueItems": true, "default": ["alpha"]},
            "contacts": {"type": "array", "title": "Contacts", "maxItems": 5, "items": {
                "type": "object", "properties": {
                    "kind": {"type": "string", "enum": ["phone", "email", "fax"]},
                    "value": {"type": "string"}},
                "required": ["kind", "value"]}},
            "settings": {"type": "object", "title": "Settings", "properties": {
                "theme": {"type": "string", "enum": ["light", "dark", "system"], "default": "system"},
                "notifications": {"type": "object", "properties": {
                    "email": {"type": "boolean", "default": true},
                    "frequency": {"type": "integer", "minimum": 1, "maximum": 30, "default": 7}}},
                "shipping": {"$ref": "#/$defs/address"}}}
          },
          "required": ["name", "colour"]
        },
        "annotations": {"readOnlyHint": true, "idempotentHint": true}})json"),
            [](ToolCall *call) {
                const QJsonObject arguments = call->arguments();
                QJsonObject result{
                    {Key::Content, QJsonArray{textBlock(QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Indented)))}},
                    {Key::StructuredContent, arguments}};
                call->respond(result);
            });

    addTool(json(R"json({"name": "blob", "title": "Text of a given size",
        "description": "Returns a text result of exactly `size` bytes, with quotes, backslashes, tabs and newlines mixed in (for benchmarks).",
        "inputSchema": {"type": "object", "properties": {"size": {"type": "integer", "minimum": 0, "maximum": 536870912, "default": 1048576}},
                        "required": ["size"]},
        "annotations": {"readOnlyHint": true, "idempotentHint": true}})json"),
            [](ToolCall *call) {
                const qint64 size = qBound<qint64>(0, qint64(call->arguments().value(Key::Size).toDouble()), 512ll << 20);
                static const QByteArray pattern("line of text\twith \"quotes\", a \\backslash\\ and a newline\n");
                // The pattern doubled until it is long enough: a few big copies, not one per line.
                QByteArray bytes = pattern.left(size);
                bytes.reserve(size);
                while (bytes.size() < size)
                    bytes.append(bytes.constData(), qMin(bytes.size(), size - bytes.size()));
                // What ToolResult::text() builds, but the ASCII text goes into Qt JSON as 8-bit
                // text directly, not through a UTF-16 QString (twice the size) that Qt compresses back.
                QJsonObject block;
                block.insert(QLatin1StringView("text"), QJsonValue(QLatin1StringView(bytes)));
                block.insert(QLatin1StringView("type"), QLatin1StringView("text"));
                QJsonObject result;
                result.insert(QLatin1StringView("content"), QJsonArray{block});
                call->respond(result);
            });
}

void DemoServer::addInteractiveTools()
{
    addTool(json(R"json({"name": "long_task", "title": "Long task",
        "description": "Works for `steps` steps of `delayMs` each, reporting progress (send a progressToken) and stopping when cancelled.",
        "inputSchema": {"type": "object", "properties": {
            "steps": {"type": "integer", "minimum": 1, "maximum": 10000, "default": 10},
            "delayMs": {"type": "integer", "minimum": 0, "maximum": 60000, "default": 500}}},
        "annotations": {"readOnlyHint": true},
        "execution": {"taskSupport": "optional"}})json"),
            [](ToolCall *call) {
                const int steps = qBound(1, call->arguments().value(QStringLiteral("steps")).toInt(10), 10000);
                const int delay = qBound(0, call->arguments().value(QStringLiteral("delayMs")).toInt(500), 60000);
                auto *timer = new QTimer(call);
                timer->setInterval(delay);
                auto done = std::make_shared<int>(0);
                call->reportProgress(0, steps, QStringLiteral("Starting"));
                QObject::connect(timer, &QTimer::timeout, call, [call, timer, done, steps] {
                    ++*done;
                    call->reportProgress(*done, steps, QStringLiteral("Step %1 of %2").arg(*done).arg(steps));
                    if (*done == steps) {
                        timer->stop();
                        call->respond(ToolResult::text(QStringLiteral("Completed %1 steps.").arg(steps)));
                    }
                });
                QObject::connect(call, &RequestContext::cancelled, call, [timer, done](const QString &reason) {
                    timer->stop();
                    writeStderr("mcpscope-demo-server: long_task cancelled after step " + QByteArray::number(*done)
                                + " (" + reason.toUtf8() + ")\n");
                });
                timer->start();
            });

    addTool(json(R"json({"name": "batch_job", "title": "Batch job (task)",
        "description": "Processes `items` items of `delayMs` each. Must be called as a task (execution.taskSupport: required): poll it with tasks/get and fetch the outcome with tasks/result.",
        "inputSchema": {"type": "object", "properties": {
            "items": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 5},
            "delayMs": {"type": "integer", "minimum": 0, "maximum": 60000, "default": 400},
            "failAt": {"type": "integer", "minimum": 0, "description": "Fail when this item is reached (0: never)", "default": 0}}},
        "outputSchema": {"type": "object", "properties": {"processed": {"type": "integer"}, "checksum": {"type": "string"}},
                         "required": ["processed", "checksum"]},
        "execution": {"taskSupport": "required"}})json"),
            [](ToolCall *call) {
                const int items = qBound(1, call->arguments().value(QStringLiteral("items")).toInt(5), 1000);
                const int delay = qBound(0, call->arguments().value(QStringLiteral("delayMs")).toInt(400), 60000);
                const int failAt = call->arguments().value(QStringLiteral("failAt")).toInt(0);
                auto *timer = new QTimer(call);
                timer->setInterval(delay);
                auto done = std::make_shared<int>(0);
                QObject::connect(timer, &QTimer::timeout, call, [call, timer, done, items, failAt] {
                    ++*done;
                    call->reportProgress(*done, items, QStringLiteral("Item %1 of %2").arg(*done).arg(items));
                    if (*done == failAt) {
                        timer->stop();
                        call->respond(ToolResult::error(QStringLiteral("Item %1 could not be processed.").arg(*done)));
                    } else if (*done == items) {
                        timer->stop();
                        const QByteArray checksum = QByteArray::number(qHash(items) % 0xffffff, 16);
                        call->respond(ToolResult::structured({{QStringLiteral("processed"), items}, {QStringLiteral("checksum"), QString::fromLatin1(checksum)}}));
                    }
                });
                QObject::connect(call, &RequestContext::cancelled, timer, &QTimer::stop);
                timer->start();
            });

    addTool(json(R"json({"name": "ask_llm", "title": "Ask the client's LLM",
        "description": "Sends sampling/createMessage to the client and returns what the model answered.",
        "inputSchema": {"type": "object", "properties": {
            "prompt": {"type": "string", "description": "What to ask", "default": "Write a haiku about protocols."},
            "systemPrompt": {"type": "string"},
            "maxTokens": {"type": "integer", "minimum": 1, "maximum": 100000, "default": 200}},
            "required": ["prompt"]},
        "execution": {"taskSupport": "optional"}})json"),
            [](ToolCall *call) {
                if (!call->requireClientCapability(Key::Sampling))
                    return;
                const QJsonObject arguments = call->arguments();
                QJsonObject params{
                    {Key::Messages, QJsonArray{QJsonObject{{Key::Role, RoleValue::User},
                                                             {Key::Content, textBlock(arguments.value(QStringLiteral("prompt")).toString())}}}},
                    {Key::MaxTokens, arguments.value(Key::MaxTokens).toInt(200)},
                    {Key::ModelPreferences, QJsonObject{{Key::Hints, QJsonArray{QJsonObject{{Key::Name, QStringLiteral("claude")}}}},
                                                          {QStringLiteral("intelligencePriority"), 0.8},
                                                          {QStringLiteral("speedPriority"), 0.5}}},
                    {Key::IncludeContext, QStringLiteral("none")},
                };
                if (arguments.contains(Key::SystemPrompt))
                    params.insert(Key::SystemPrompt, arguments.value(Key::SystemPrompt));
                call->askClient(QStringLiteral("answer"), Method::SamplingCreateMessage, params, [call](const Message &reply) {
                    if (respondedWithClientError(call, reply, QStringLiteral("Sampling")))
                        return;
                    const QJsonObject result = reply.result().toObject();
                    const QJsonValue content = result.value(Key::Content);
                    QStringList texts;
                    const QJsonArray blocks = content.isArray() ? content.toArray() : QJsonArray{content};
                    for (const QJsonValue &block : blocks) {
                        if (block.toObject().value(Key::Type).toString() == QLatin1String("text"))
                            texts.append(block.toObject().value(Key::Text).toString());
                    }
                    call->respond(ToolResult::text(QStringLiteral("%1 answered: %2")
                                                       .arg(result.value(Key::Model).toString(QStringLiteral("The model")),
                                                            texts.join(u'\n'))));
                });
            });

    addTool(json(R"json({"name": "ask_user", "title": "Ask the user",
        "description": "Sends elicitation/create (form mode, with defaults) and returns the action and content.",
        "inputSchema": {"type": "object", "properties": {
            "message": {"type": "string", "default": "Please tell us a little about yourself."}}},
        "execution": {"taskSupport": "optional"}})json"),
            [](ToolCall *call) {
                if (!call->requireClientCapability(Key::Elicitation))
                    return;
                QJsonObject params{
                    {Key::Message, call->arguments().value(Key::Message).toString(QStringLiteral("Please tell us a little about yourself."))},
                    {Key::RequestedSchema, json(R"json({"type": "object", "properties": {
                        "name": {"type": "string", "title": "Name", "minLength": 1, "default": "Ada"},
                        "email": {"type": "string", "title": "E-mail", "format": "email"},
                        "age": {"type": "integer", "title": "Age", "minimum": 0, "maximum": 150, "default": 36},
                        "score": {"type": "number", "title": "Score", "minimum": 0, "maximum": 10, "default": 7.5},
                        "colour": {"type": "string", "title": "Favourite colour", "enum": ["red", "green", "blue"], "default": "blue"},
                        "size": {"type": "string", "title": "Size", "oneOf": [
                            {"const": "s", "title": "Small"}, {"const": "m", "title": "Medium"}, {"const": "l", "title": "Large"}],
                            "default": "m"},
                        "topics": {"type": "array", "title": "Topics", "items": {"type": "string", "enum": ["mcp", "qt", "c++"]},
                                   "default": ["mcp"]},
                        "newsletter": {"type": "boolean", "title": "Newsletter", "default": false}},
                        "required": ["name"]})json")},
                };
                if (call->isModern() || call->session()->protocolVersion() >= QLatin1String("2025-11-25"))
                    params.insert(Key::Mode, Key::Form);
                call->askClient(QStringLiteral("profile"), Method::ElicitationCreate, params, [call](const Message &reply) {
                    if (respondedWithClientError(call, reply, QStringLiteral("Elicitation")))
                        return;
                    const QJsonObject result = reply.result().toObject();
                    QJsonObject structured{{Key::Action, result.value(Key::Action)}};
                    if (result.contains(Key::Content))
                        structured.insert(Key::Content, result.value(Key::Content));
                    call->respond(ToolResult::structured(structured));
                });
            });

    addTool(json(R"json({"name": "ask_user_url", "title": "Send the user to a URL",
        "description": "Sends elicitation/create in URL mode (2025-11-25); after accept, notifications/elicitation/complete follows.",
        "inputSchema": {"type": "object", "properties": {
            "url": {"type": "string", "format": "uri", "default": "https://example.com/connect?client=mcpscope-demo"}}}})json"),
            [](ToolCall *call) {
                if (!call->clientCapabilities().value(Key::Elicitation).toObject().contains(Key::Url)) {
                    call->respond(ToolResult::error(QStringLiteral("The client did not declare URL mode elicitation (capabilities.elicitation.url).")));
                    return;
                }
                const QString elicitationId = QStringLiteral("demo-url-") + call->id().toString();
                QJsonObject params{
                    {Key::Mode, Key::Url},
                    {Key::Message, QStringLiteral("Please open this page to connect your (imaginary) account.")},
                    {Key::Url, call->arguments().value(Key::Url).toString(QStringLiteral("https://example.com/connect?client=mcpscope-demo"))}};
                // 2026-07-28 dropped elicitationId and the completion notification: the retry is the signal.
                if (!call->isModern())
                    params.insert(Key::ElicitationId, elicitationId);
                call->askClient(QStringLiteral("connect"), Method::ElicitationCreate, params, [call, elicitationId](const Message &reply) {
                    if (respondedWithClientError(call, reply, QStringLiteral("Elicitation")))
                        return;
                    const QString action = reply.result().toObject().value(Key::Action).toString();
                    if (action != ElicitActionValue::Accept) {
                        call->respond(ToolResult::text(QStringLiteral("The user chose %1.").arg(action)));
                        return;
                    }
                    if (call->isModern()) {
                        call->respond(ToolResult::text(QStringLiteral("The user accepted and came back.")));
                        return;
                    }
                    // Pretend the out-of-band flow takes a moment, then say it is done.
                    QTimer::singleShot(300, call, [call, elicitationId] {
                        call->session()->sendNotification(Method::ElicitationCompleteNotification,
                                                          {{Key::ElicitationId, elicitationId}}, call->id());
                        call->respond(ToolResult::text(QStringLiteral("The user accepted; elicitation %1 is complete.").arg(elicitationId)));
                    });
                });
            });

    addTool(json(R"json({"name": "needs_authorization", "title": "Needs authorization (URL elicitation required)",
        "description": "Fails with error -32042 (URL elicitation required), listing the URL the user must visit.",
        "inputSchema": {"type": "object", "properties": {}}})json"),
            [](ToolCall *call) {
                const QJsonObject elicitation{{Key::Mode, Key::Url},
                                              {Key::ElicitationId, QStringLiteral("demo-auth-1")},
                                              {Key::Url, QStringLiteral("https://example.com/authorize?demo=1")},
                                              {Key::Message, QStringLiteral("Authorize the demo server to continue.")}};
                call->fail(ErrorCode::UrlElicitationRequired, QStringLiteral("This request requires more information."),
                           QJsonObject{{QStringLiteral("elicitations"), QJsonArray{elicitation}}});
            });

    addTool(json(R"json({"name": "list_roots", "title": "List the client's roots",
        "description": "Sends roots/list to the client and returns the roots.",
        "inputSchema": {"type": "object", "properties": {}}})json"),
            [](ToolCall *call) {
                if (!call->requireClientCapability(Key::Roots))
                    return;
                call->askClient(Key::Roots, Method::RootsList, {}, [call](const Message &reply) {
                    if (respondedWithClientError(call, reply, QStringLiteral("roots/list")))
                        return;
                    call->respond(ToolResult::structured({{Key::Roots, reply.result().toObject().value(Key::Roots)}}));
                });
            });

    addTool(json(R"json({"name": "ping_client", "title": "Ping the client",
        "description": "Sends ping to the client and reports the round trip time.",
        "inputSchema": {"type": "object", "properties": {}}})json"),
            [](ToolCall *call) {
                if (call->isModern()) {
                    call->respond(ToolResult::error(QStringLiteral("ping left the protocol in 2026-07-28: a stateless server cannot ping its client.")));
                    return;
                }
                const qint64 started = QDateTime::currentMSecsSinceEpoch();
                call->sendRequest(Method::Ping, {}, call, [call, started](const Message &reply) {
                    if (reply.isErrorResponse())
                        call->respond(ToolResult::error(QStringLiteral("ping failed: ") + reply.error().message));
                    else
                        call->respond(ToolResult::text(QStringLiteral("The client answered ping in %1 ms.")
                                                           .arg(QDateTime::currentMSecsSinceEpoch() - started)));
                });
            });

    addTool(json(R"json({"name": "log_all_levels", "title": "Log at every level",
        "description": "Sends notifications/message at each of the eight levels (those below the level set with logging/setLevel are dropped).",
        "inputSchema": {"type": "object", "properties": {"logger": {"type": "string", "default": "demo"}}}})json"),
            [](ToolCall *call) {
                const QString logger = call->arguments().value(Key::Logger).toString(QStringLiteral("demo"));
                int sent = 0;
                for (int i = int(LoggingLevel::Debug); i <= int(LoggingLevel::Emergency); ++i) {
                    const LoggingLevel level = LoggingLevel(i);
                    sent += call->wouldLog(level) ? 1 : 0;
                    const QString text = QStringLiteral("A %1 message from the demo server").arg(loggingLevelName(level));
                    // Log data may be any JSON value: alternate strings and objects.
                    call->log(level, logger, i % 2 ? QJsonValue(QJsonObject{{Key::Message, text}, {Key::Level, i}})
                                                   : QJsonValue(text));
                }
                call->respond(ToolResult::text(QStringLiteral("Sent %1 of 8 log messages.").arg(sent)));
            });
}

void DemoServer::addFaultTools()
{
    addTool(json(R"json({"name": "crash", "title": "Crash (fault)",
        "description": "Exits the server process in the middle of this request with the given exit code.",
        "inputSchema": {"type": "object", "properties": {"code": {"type": "integer", "minimum": 0, "maximum": 255, "default": 1}}},
        "annotations": {"destructiveHint": true}})json"),
            [](ToolCall *call) {
                const int code = call->arguments().value(QStringLiteral("code")).toInt(1);
                writeStderr("mcpscope-demo-server: crashing with exit code " + QByteArray::number(code) + '\n');
                ::_exit(code);
            });

    addTool(json(R"json({"name": "hang", "title": "Hang (fault)",
        "description": "Never answers (until cancelled).",
        "inputSchema": {"type": "object", "properties": {}}})json"),
            [](ToolCall *call) {
                writeStderr("mcpscope-demo-server: hang: request " + call->id().toDisplayString().toUtf8() + " will never be answered\n");
            });

    addTool(json(R"json({"name": "garbage", "title": "Garbage on stdout (fault)",
        "description": "Writes a line that is not JSON-RPC to stdout, then answers normally.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string", "default": "this is not JSON {oops"}}}})json"),
            [](ToolCall *call) {
                const QString text = call->arguments().value(Key::Text).toString(QStringLiteral("this is not JSON {oops"));
                const bool written = call->session()->transport()->sendRawFrame(text.toUtf8());
                call->respond(ToolResult::text(written ? QStringLiteral("Wrote a garbage line before this answer.")
                                                       : QStringLiteral("This transport cannot write raw lines.")));
            });

    addTool(json(R"json({"name": "huge_result", "title": "Huge result (fault)",
        "description": "Returns a text result of `mib` MiB.",
        "inputSchema": {"type": "object", "properties": {"mib": {"type": "number", "minimum": 0, "maximum": 512, "default": 16}}}})json"),
            [](ToolCall *call) {
                const qint64 bytes = qint64(qBound(0.0, call->arguments().value(QStringLiteral("mib")).toDouble(16), 512.0) * 1024 * 1024);
                QByteArray text(bytes, 'x');
                for (qint64 i = 79; i < bytes; i += 80)
                    text[i] = '\n';
                call->respond(ToolResult::text(QString::fromLatin1(text)));
            });

    addTool(json(R"json({"name": "notification_flood", "title": "Notification flood (fault)",
        "description": "Sends `count` notifications/message as fast as it can, then answers; or, with `perSecond`, that many per second for `seconds` seconds.",
        "inputSchema": {"type": "object", "properties": {
            "count": {"type": "integer", "minimum": 0, "maximum": 1000000, "default": 10000},
            "perSecond": {"type": "integer", "minimum": 0, "maximum": 1000000, "description": "Paced rate (0: as fast as possible)", "default": 0},
            "seconds": {"type": "number", "minimum": 0, "maximum": 600, "description": "How long to send at perSecond", "default": 10}}}})json"),
            [](ToolCall *call) {
                const int perSecond = qBound(0, call->arguments().value(QStringLiteral("perSecond")).toInt(0), 1000000);
                if (perSecond == 0) {
                    const int count = qBound(0, call->arguments().value(QStringLiteral("count")).toInt(10000), 1000000);
                    for (int i = 0; i < count; ++i)
                        call->log(LoggingLevel::Info, QStringLiteral("flood"), QStringLiteral("flood message %1 of %2").arg(i + 1).arg(count));
                    call->respond(ToolResult::text(QStringLiteral("Sent %1 notifications.").arg(count)));
                    return;
                }
                // Paced: every few milliseconds, send what the rate owes by now, so the rate holds
                // however coarse the timer is.
                const double seconds = qBound(0.0, call->arguments().value(QStringLiteral("seconds")).toDouble(10), 600.0);
                const qint64 total = qint64(perSecond * seconds);
                auto *timer = new QTimer(call);
                timer->setTimerType(Qt::PreciseTimer);
                timer->setInterval(5);
                auto clock = std::make_shared<QElapsedTimer>();
                auto sent = std::make_shared<qint64>(0);
                auto send = [call, timer, clock, sent, total, perSecond] {
                    const qint64 due = qMin(total, clock->nsecsElapsed() * perSecond / 1000000000);
                    for (; *sent < due; ++*sent)
                        call->log(LoggingLevel::Info, QStringLiteral("flood"), QStringLiteral("flood message %1 of %2").arg(*sent + 1).arg(total));
                    if (*sent >= total) {
                        timer->stop();
                        call->respond(ToolResult::text(QStringLiteral("Sent %1 notifications in %2 ms.")
                                                           .arg(total).arg(clock->elapsed())));
                    }
                };
                QObject::connect(timer, &QTimer::timeout, call, send);
                QObject::connect(call, &RequestContext::cancelled, timer, &QTimer::stop);
                clock->start();
                timer->start();
            });

    addTool(json(R"json({"name": "stderr_flood", "title": "Flood stderr (fault)",
        "description": "Writes `mib` MiB of lines to stderr, then answers.",
        "inputSchema": {"type": "object", "properties": {"mib": {"type": "number", "minimum": 0, "maximum": 256, "default": 1}}}})json"),
            [](ToolCall *call) {
                const qint64 bytes = qint64(qBound(0.0, call->arguments().value(QStringLiteral("mib")).toDouble(1), 256.0) * 1024 * 1024);
                QByteArray chunk;
                for (int line = 0; chunk.size() < 64 * 1024; ++line)
                    chunk += "stderr flood line " + QByteArray::number(line).rightJustified(6, '0') + ' ' + QByteArray(40, '.') + '\n';
                qint64 written = 0;
                while (written < bytes) {
                    const QByteArray part = chunk.left(qMin<qint64>(chunk.size(), bytes - written));
                    writeStderr(part);
                    written += part.size();
                }
                call->respond(ToolResult::text(QStringLiteral("Wrote %1 bytes to stderr.").arg(written)));
            });
}

void DemoServer::updateClock()
{
    ++m_clockTicks;
    notifyResourceUpdated(QStringLiteral("demo://clock"));
}

// An MCP App (io.modelcontextprotocol/ui): a tool with a ui:// view that uses every message of
// the view protocol, a tool only views may call and one they may not.
void DemoServer::addAppView()
{
    const QString viewUri = QStringLiteral("ui://mcpscope-demo/view");
    QFile page(QStringLiteral(":/demoserver/appview.html"));
    page.open(QIODevice::ReadOnly);
    const QString html = QString::fromUtf8(page.readAll());
    // No csp in _meta.ui: the host's default, no network at all. The _meta.ui is on the listing
    // entry only (as ext-apps' registerAppResource config puts it), so a host must fall back to it.
    addResource(json(R"json({"uri": "ui://mcpscope-demo/view", "name": "demo-view", "title": "Demo view (MCP App)",
        "description": "An interactive view that exercises every message of the MCP Apps view protocol",
        "mimeType": "text/html;profile=mcp-app", "_meta": {"ui": {"prefersBorder": true}}})json"),
                [html](const QString &uri, const QMap<QString, QString> &) {
                    return QJsonArray{ResourceContents::text(uri, QStringLiteral("text/html;profile=mcp-app"), html)};
                });

    QJsonObject showView = json(R"json({"name": "show_view", "title": "Show the demo view (MCP App)",
        "description": "Returns a greeting that the demo view renders. probeUrl: a URL the view tries to fetch (its CSP forbids it); autorun: the view sends every message once.",
        "inputSchema": {"type": "object", "properties": {
            "message": {"type": "string", "description": "Text for the view", "default": "Hello, view"},
            "probeUrl": {"type": "string", "format": "uri", "description": "A URL the view tries to fetch"},
            "autorun": {"type": "boolean", "description": "The view calls tools, resizes, asks for a link... once each"}}},
        "annotations": {"readOnlyHint": true}})json");
    showView.insert(Key::Meta, QJsonObject{{QStringLiteral("ui"), QJsonObject{{QStringLiteral("resourceUri"), viewUri}}}});
    addTool(showView, [](ToolCall *call) {
        const QString message = call->arguments().value(Key::Message).toString(QStringLiteral("Hello, view"));
        call->respond(ToolResult::structured(
            {{Key::Message, message}, {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}}));
    });

    QJsonObject counter = json(R"json({"name": "app_counter", "title": "Counter (views only)",
        "description": "Adds step to a counter; only views may call it (visibility: app).",
        "inputSchema": {"type": "object", "properties": {"step": {"type": "integer", "default": 1}}}})json");
    counter.insert(Key::Meta, QJsonObject{{QStringLiteral("ui"), QJsonObject{{QStringLiteral("resourceUri"), viewUri},
                                                                      {QStringLiteral("visibility"), QJsonArray{QStringLiteral("app")}}}}});
    addTool(counter, [this](ToolCall *call) {
        m_appCounter += call->arguments().value(QStringLiteral("step")).toInt(1);
        call->respond(ToolResult::structured({{QStringLiteral("count"), m_appCounter}}));
    });

    QJsonObject hidden = json(R"json({"name": "model_only_note", "title": "Note for the model (not for views)",
        "description": "Visible to the model only (visibility: model); a view that calls it is refused by the host.",
        "inputSchema": {"type": "object", "properties": {}}})json");
    hidden.insert(Key::Meta, QJsonObject{{QStringLiteral("ui"), QJsonObject{{QStringLiteral("visibility"), QJsonArray{Key::Model}}}}});
    addTool(hidden, [](ToolCall *call) { call->respond(ToolResult::text(QStringLiteral("Only the model should see this."))); });
}

void DemoServer::addResources()
{
    addTextResource(json(R"json({"uri": "demo://docs/readme", "name": "readme", "title": "Read me",
        "description": "What this server offers", "mimeType": "text/markdown",
        "annotations": {"audience": ["user"], "priority": 0.8}})json"),
                    QStringLiteral("# MCP Scope demo server\n\nTools for every content type, rich forms, progress, "
                        "sampling, elicitation, roots and logging; resources with templates and subscriptions; "
                        "prompts with completion.\n"));
    addTextResource(json(R"json({"uri": "demo://docs/config.json", "name": "config.json", "title": "Configuration",
        "description": "A JSON document", "mimeType": "application/json"})json"),
                    QStringLiteral("{\n  \"theme\": \"dark\",\n  \"features\": [\"tools\", \"resources\", \"prompts\"],\n  \"limits\": {\"maxItems\": 100}\n}\n"));
    addTextResource(json(R"json({"uri": "demo://docs/notes.txt", "name": "notes.txt", "title": "Notes",
        "description": "Plain text with annotations", "mimeType": "text/plain",
        "annotations": {"audience": ["assistant"], "priority": 0.3, "lastModified": "2025-01-01T00:00:00Z"}})json"),
                    QStringLiteral("An embedded text resource.\nSecond line.\n"));
    QJsonObject logo = json(R"json({"uri": "demo://images/logo.png", "name": "logo.png", "title": "Logo",
        "description": "A binary resource (PNG)", "mimeType": "image/png"})json");
    logo.insert(Key::Size, m_png.size());
    addBlobResource(logo, m_png);
    QJsonObject tone = json(R"json({"uri": "demo://audio/tone.wav", "name": "tone.wav", "title": "Tone",
        "description": "A binary resource (WAV, 440 Hz)", "mimeType": "audio/wav"})json");
    tone.insert(Key::Size, m_wav.size());
    addBlobResource(tone, m_wav);
    addResource(json(R"json({"uri": "demo://clock", "name": "clock", "title": "Clock",
        "description": "The current time; subscribe to get notifications/resources/updated every second", "mimeType": "text/plain"})json"),
                [this](const QString &uri, const QMap<QString, QString> &) {
                    return QJsonArray{ResourceContents::text(
                        uri, QStringLiteral("text/plain"),
                        QStringLiteral("%1 (tick %2)").arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)).arg(m_clockTicks))};
                });

    addResourceTemplate(json(R"json({"uriTemplate": "demo://items/{id}", "name": "item", "title": "Item by id",
        "description": "A fruit record; completion offers the ids", "mimeType": "application/json"})json"),
                        [](const QString &uri, const QMap<QString, QString> &variables) {
                            const QString id = variables.value(QStringLiteral("id"));
                            if (!itemIds.contains(id))
                                return QJsonArray();
                            const QJsonObject item{{QStringLiteral("id"), id}, {Key::Name, QString(id.at(0).toUpper() + id.mid(1))},
                                                   {QStringLiteral("index"), int(itemIds.indexOf(id))}};
                            return QJsonArray{ResourceContents::text(uri, QStringLiteral("application/json"), compact(item))};
                        });
    addResourceTemplateCompletion(QStringLiteral("demo://items/{id}"), QStringLiteral("id"),
                                  [](const QString &value, const QJsonObject &) { return startingWith(itemIds, value); });

    addResourceTemplate(json(R"json({"uriTemplate": "demo://files/{folder}/{name}", "name": "file", "title": "File in a folder",
        "description": "Two variables: completion for name depends on the folder already chosen", "mimeType": "text/plain"})json"),
                        [](const QString &uri, const QMap<QString, QString> &variables) {
                            if (!filesByFolder.value(variables.value(QStringLiteral("folder"))).contains(variables.value(Key::Name)))
                                return QJsonArray();
                            return QJsonArray{ResourceContents::text(uri, QStringLiteral("text/plain"),
                                                                     QStringLiteral("Contents of %1/%2\n")
                                                                         .arg(variables.value(QStringLiteral("folder")), variables.value(Key::Name)))};
                        });
    addResourceTemplateCompletion(QStringLiteral("demo://files/{folder}/{name}"), QStringLiteral("folder"),
                                  [](const QString &value, const QJsonObject &) { return startingWith(filesByFolder.keys(), value); });
    addResourceTemplateCompletion(QStringLiteral("demo://files/{folder}/{name}"), Key::Name,
                                  [](const QString &value, const QJsonObject &context) {
                                      const QString folder = context.value(QStringLiteral("folder")).toString();
                                      QStringList names;
                                      for (auto it = filesByFolder.begin(); it != filesByFolder.end(); ++it) {
                                          if (folder.isEmpty() || it.key() == folder)
                                              names += it.value();
                                      }
                                      return startingWith(names, value);
                                  });
}

void DemoServer::addPrompts()
{
    addPrompt(json(R"json({"name": "greeting", "title": "Greeting",
        "description": "Greets someone in a chosen style",
        "arguments": [
            {"name": "name", "title": "Name", "description": "Who to greet", "required": true},
            {"name": "style", "title": "Style", "description": "formal, casual, pirate, haiku...", "required": false}]})json"),
              [](const QJsonObject &arguments, RpcError *) {
                  const QString name = arguments.value(Key::Name).toString();
                  const QString style = arguments.value(QStringLiteral("style")).toString(QStringLiteral("casual"));
                  return QJsonObject{
                      {Key::Description, QStringLiteral("A %1 greeting").arg(style)},
                      {Key::Messages, QJsonArray{QJsonObject{
                           {Key::Role, RoleValue::User},
                           {Key::Content, textBlock(QStringLiteral("Please greet %1 in a %2 style.").arg(name, style))}}}}};
              });
    addPromptCompletion(QStringLiteral("greeting"), QStringLiteral("style"),
                        [](const QString &value, const QJsonObject &) { return startingWith(styles, value); });

    addPrompt(json(R"json({"name": "code_review", "title": "Code review",
        "description": "Asks for a review of a piece of code; the messages carry embedded resource and image content",
        "arguments": [
            {"name": "code", "title": "Code", "description": "The code to review", "required": true},
            {"name": "language", "title": "Language", "description": "Programming language", "required": false}]})json"),
              [this](const QJsonObject &arguments, RpcError *) {
                  const QString language = arguments.value(QStringLiteral("language")).toString(QStringLiteral("c++"));
                  const QString code = arguments.value(QStringLiteral("code")).toString();
                  const QJsonArray messages{
                      QJsonObject{{Key::Role, RoleValue::User},
                                  {Key::Content, textBlock(QStringLiteral("Please review this %1 code.").arg(language))}},
                      QJsonObject{{Key::Role, RoleValue::User},
                                  {Key::Content, QJsonObject{{Key::Type, ContentTypeValue::Resource},
                                                               {Key::Resource, ResourceContents::text(
                                                                                     QStringLiteral("demo://review/snippet"),
                                                                                     QStringLiteral("text/plain"), code)}}}},
                      QJsonObject{{Key::Role, RoleValue::User},
                                  {Key::Content, QJsonObject{{Key::Type, ContentTypeValue::Image}, {Key::MimeType, QStringLiteral("image/png")},
                                                               {Key::Data, QString::fromLatin1(m_png.toBase64())}}}},
                      QJsonObject{{Key::Role, RoleValue::User},
                                  {Key::Content, QJsonObject{{Key::Type, ContentTypeValue::Audio}, {Key::MimeType, QStringLiteral("audio/wav")},
                                                               {Key::Data, QString::fromLatin1(m_wav.toBase64())}}}},
                      QJsonObject{{Key::Role, RoleValue::Assistant},
                                  {Key::Content, textBlock(QStringLiteral("I will look at correctness, clarity and tests."))}},
                  };
                  return QJsonObject{{Key::Description, QStringLiteral("Code review request")}, {Key::Messages, messages}};
              });
    addPromptCompletion(QStringLiteral("code_review"), QStringLiteral("language"),
                        [](const QString &value, const QJsonObject &) { return startingWith(languages, value); });

    addPrompt(json(R"json({"name": "simple", "title": "Simple prompt", "description": "A prompt without arguments"})json"),
              [](const QJsonObject &, RpcError *) {
                  return QJsonObject{{Key::Messages, QJsonArray{QJsonObject{
                                                           {Key::Role, RoleValue::User},
                                                           {Key::Content, textBlock(QStringLiteral("This is a simple prompt without arguments."))}}}}};
              });
}

} // namespace

void addDemoOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("page-size"), QStringLiteral("Paginate lists with N items per page (0: no pagination)."), QStringLiteral("N"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("protocol-version"), QStringLiteral("Answer initialize with this protocol version, whatever the client asks."),
                      Key::Version});
    parser.addOption({QStringLiteral("fault"),
                      QStringLiteral("Inject a fault: garbage-at-start, crash-after-init, hang-on-initialize, error-on-initialize. "
                          "May be repeated."),
                      QStringLiteral("fault")});
    parser.addOption({QStringLiteral("stderr-noise"), QStringLiteral("Write noise to stderr all the time.")});
    parser.addOption({QStringLiteral("extra-tool"), QStringLiteral("Start with extra_tool, as if toggle_extra_tool had run (a changed tool list for tests).")});
    parser.addOption({QStringLiteral("conformance"), QStringLiteral("Add the fixtures that `conformance server` expects (test_simple_text, ...).")});
    parser.addOption({QStringLiteral("list-ttl"), QStringLiteral("The ttlMs of modern list and server/discover results (default 60000)."),
                      QStringLiteral("ms")});
    parser.addOption({QStringLiteral("era"),
                      QStringLiteral("Protocol eras to speak: dual (2026-07-28 per-request _meta and the legacy initialize handshake), "
                          "modern (2026-07-28 only) or legacy (up to 2025-11-25)."),
                      QStringLiteral("era"), QStringLiteral("dual")});
}

bool demoOptionsFromParser(const QCommandLineParser &parser, DemoOptions *options, QString *error)
{
    bool ok = true;
    options->pageSize = parser.value(QStringLiteral("page-size")).toInt(&ok);
    if (!ok || options->pageSize < 0) {
        *error = QStringLiteral("--page-size needs a number >= 0");
        return false;
    }
    if (parser.isSet(QStringLiteral("list-ttl"))) {
        options->listTtlMs = parser.value(QStringLiteral("list-ttl")).toInt(&ok);
        if (!ok || options->listTtlMs < 0) {
            *error = QStringLiteral("--list-ttl needs a number of milliseconds >= 0");
            return false;
        }
    }
    options->protocolVersion = parser.value(QStringLiteral("protocol-version"));
    options->stderrNoise = parser.isSet(QStringLiteral("stderr-noise"));
    options->conformanceFixtures = parser.isSet(QStringLiteral("conformance"));
    options->extraTool = parser.isSet(QStringLiteral("extra-tool"));
    const QString era = parser.value(QStringLiteral("era"));
    if (era == QLatin1String("dual")) {
        options->era = Era::Dual;
    } else if (era == QLatin1String("modern")) {
        options->era = Era::Modern;
    } else if (era == QLatin1String("legacy")) {
        options->era = Era::Legacy;
    } else {
        *error = QStringLiteral("unknown era: %1 (known: dual, modern, legacy)").arg(era);
        return false;
    }
    for (const QString &fault : parser.values(QStringLiteral("fault"))) {
        if (fault == QLatin1String("garbage-at-start")) {
            options->garbageAtStart = true;
        } else if (fault == QLatin1String("crash-after-init")) {
            options->crashAfterInit = true;
        } else if (fault == QLatin1String("hang-on-initialize")) {
            options->hangOnInitialize = true;
        } else if (fault == QLatin1String("error-on-initialize")) {
            options->errorOnInitialize = true;
        } else {
            *error = QStringLiteral("unknown fault: %1 (known: garbage-at-start, crash-after-init, hang-on-initialize, "
                                    "error-on-initialize)").arg(fault);
            return false;
        }
    }
    return true;
}

Server *buildDemoServer(const DemoOptions &options, QObject *parent)
{
    return new DemoServer(options, parent);
}
