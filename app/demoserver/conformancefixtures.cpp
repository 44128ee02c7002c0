#include "conformancefixtures.h"

#include "democontent.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "server/requestcontext.h"
#include "server/server.h"
#include "server/serversession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

using namespace Mcp;
using DemoContent::json;

namespace {

QJsonObject textBlock(const QString &text)
{
    return {{Key::Type, ContentTypeValue::Text}, {Key::Text, text}};
}

QJsonObject imageBlock()
{
    static const QByteArray png = DemoContent::png(8, 8);
    return {{Key::Type, ContentTypeValue::Image}, {Key::MimeType, QStringLiteral("image/png")}, {Key::Data, QString::fromLatin1(png.toBase64())}};
}

QJsonObject noArguments(const char *name, const char *description)
{
    return {{Key::Name, QString::fromLatin1(name)}, {Key::Description, QString::fromLatin1(description)},
            {Key::InputSchema, QJsonObject{{Key::Type, QStringLiteral("object")}, {QStringLiteral("properties"), QJsonObject()}}}};
}

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

// Sends an elicitation and answers with `prefix` plus the action and content.
void elicit(ToolCall *call, const QString &message, const QJsonObject &schema, const QString &prefix)
{
    if (!call->requireClientCapability(Key::Elicitation))
        return;
    call->askClient(Key::Elicitation, Method::ElicitationCreate, {{Key::Message, message}, {Key::RequestedSchema, schema}},
                      [call, prefix](const Message &reply) {
                          if (reply.isErrorResponse()) {
                              call->respond(ToolResult::error(QStringLiteral("Elicitation failed: ") + reply.error().message));
                              return;
                          }
                          const QJsonObject result = reply.result().toObject();
                          call->respond(ToolResult::text(QStringLiteral("%1action=%2, content=%3")
                                                             .arg(prefix, result.value(Key::Action).toString(),
                                                                  compact(result.value(Key::Content).toObject()))));
                      });
}

// An input request of a multi round-trip request: {method, params}.
QJsonObject inputRequest(const char *method, const QJsonObject &params)
{
    return {{Key::Method, QString::fromLatin1(method)}, {Key::Params, params}};
}

QJsonObject askText(const QString &message, const char *property)
{
    return inputRequest("elicitation/create",
                        {{Key::Message, message},
                         {Key::RequestedSchema, QJsonObject{{Key::Type, QStringLiteral("object")},
                                                              {QStringLiteral("properties"), QJsonObject{{QString::fromLatin1(property), QJsonObject{{Key::Type, QStringLiteral("string")}}}}},
                                                              {Key::Required, QJsonArray{QString::fromLatin1(property)}}}}});
}

QJsonObject askSampling(const char *text, int maxTokens)
{
    return inputRequest("sampling/createMessage",
                        {{Key::Messages, QJsonArray{QJsonObject{{Key::Role, RoleValue::User}, {Key::Content, textBlock(QString::fromLatin1(text))}}}},
                         {Key::MaxTokens, maxTokens}});
}

// The text an elicitation answer gave for property, or empty when it gave none.
QString elicited(ToolCall *call, const char *inputKey, const char *property)
{
    return call->inputResponse(QString::fromLatin1(inputKey)).toObject().value(Key::Content).toObject().value(QString::fromLatin1(property)).toString();
}

QString sampledText(ToolCall *call, const char *inputKey)
{
    return call->inputResponse(QString::fromLatin1(inputKey)).toObject().value(Key::Content).toObject().value(Key::Text).toString();
}

QString rootUris(ToolCall *call, const char *inputKey)
{
    QStringList uris;
    for (const QJsonValue &root : call->inputResponse(QString::fromLatin1(inputKey)).toObject().value(Key::Roots).toArray())
        uris.append(root.toObject().value(Key::Uri).toString());
    return uris.join(QStringLiteral(", "));
}

// The fixtures of the 2026-07-28 scenarios: multi round-trip requests (input-required-result-*)
// and the probes of server-stateless.
void addModernFixtures(Server *server)
{
    server->addTool(noArguments("test_input_required_result_elicitation", "Asks for a name (MRTR)"), [](ToolCall *call) {
        const QJsonObject ask{{QStringLiteral("user_name"), askText(QStringLiteral("What is your name?"), "name")}};
        if (!call->gatherInput(ask))
            return;
        const QString name = elicited(call, "user_name", "name");
        if (name.isEmpty()) // an answer without a name is no answer: ask again
            call->requireInput(ask);
        else
            call->respond(ToolResult::text(QStringLiteral("Hello, %1!").arg(name)));
    });
    server->addTool(noArguments("test_input_required_result_sampling", "Asks the client's LLM (MRTR)"), [](ToolCall *call) {
        if (call->gatherInput({{QStringLiteral("capital_question"), askSampling("What is the capital of France?", 100)}}))
            call->respond(ToolResult::text(QStringLiteral("The model said: ") + sampledText(call, "capital_question")));
    });
    server->addTool(noArguments("test_input_required_result_list_roots", "Asks for the client's roots (MRTR)"), [](ToolCall *call) {
        if (call->gatherInput({{QStringLiteral("client_roots"), inputRequest("roots/list", {})}}))
            call->respond(ToolResult::text(QStringLiteral("Roots: ") + rootUris(call, "client_roots")));
    });
    server->addTool(noArguments("test_input_required_result_request_state", "Checks its requestState (MRTR)"), [](ToolCall *call) {
        const QJsonObject ask{{QStringLiteral("confirm"), inputRequest("elicitation/create",
                                                            json(R"json({"message": "Please confirm", "requestedSchema": {"type": "object",
                                                                "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}})json"))}};
        if (!call->gatherInput(ask))
            return;
        call->respond(ToolResult::text(call->hasVerifiedRequestState() ? QStringLiteral("Confirmed: state-ok") : QStringLiteral("Confirmed without state")));
    });
    server->addTool(noArguments("test_input_required_result_multiple_inputs", "Asks for three inputs at once (MRTR)"),
                    [](ToolCall *call) {
        const QJsonObject ask{{QStringLiteral("user_name"), askText(QStringLiteral("What is your name?"), "name")},
                              {QStringLiteral("greeting"), askSampling("Generate a greeting", 50)},
                              {QStringLiteral("client_roots"), inputRequest("roots/list", {})}};
        if (call->gatherInput(ask))
            call->respond(ToolResult::text(QStringLiteral("%1, %2 (roots: %3)")
                                               .arg(sampledText(call, "greeting"), elicited(call, "user_name", "name"),
                                                    rootUris(call, "client_roots"))));
    });
    server->addTool(noArguments("test_input_required_result_multi_round", "Asks twice, one round after the other (MRTR)"),
                    [](ToolCall *call) {
        if (!call->gatherInput({{QStringLiteral("step1"), askText(QStringLiteral("Step 1: What is your name?"), "name")}}))
            return;
        if (call->gatherInput({{QStringLiteral("step2"), askText(QStringLiteral("Step 2: What is your favorite color?"), "color")}}))
            call->respond(ToolResult::text(QStringLiteral("%1 likes %2.").arg(elicited(call, "step1", "name"), elicited(call, "step2", "color"))));
    });
    server->addTool(noArguments("test_input_required_result_tampered_state", "Signs its requestState (MRTR)"), [](ToolCall *call) {
        if (call->gatherInput({{QStringLiteral("confirm"), askText(QStringLiteral("Please confirm"), "ok")}}))
            call->respond(ToolResult::text(QStringLiteral("The requestState was intact.")));
    });
    server->addTool(noArguments("test_input_required_result_capabilities", "Asks only for what the client declared (MRTR)"),
                    [](ToolCall *call) {
        QJsonObject ask;
        if (call->clientSupports(Key::Elicitation))
            ask.insert(QStringLiteral("user_name"), askText(QStringLiteral("What is your name?"), "name"));
        if (call->clientSupports(Key::Sampling))
            ask.insert(QStringLiteral("greeting"), askSampling("Generate a greeting", 50));
        if (call->clientSupports(Key::Roots))
            ask.insert(QStringLiteral("client_roots"), inputRequest("roots/list", {}));
        if (call->gatherInput(ask))
            call->respond(ToolResult::text(QStringLiteral("Gathered %1 input(s).").arg(ask.size())));
    });
    server->addPrompt(json(R"json({"name": "test_input_required_result_prompt", "description": "A prompt that asks for context (MRTR)"})json"),
                      [](RequestContext *request) {
        if (!request->gatherInput({{QStringLiteral("user_context"), askText(QStringLiteral("What context should the prompt use?"), "context")}}))
            return;
        const QString context = request->inputResponse(QStringLiteral("user_context")).toObject().value(Key::Content).toObject()
                                    .value(Key::Context).toString();
        request->respond({{Key::Messages, QJsonArray{QJsonObject{{Key::Role, RoleValue::User},
                                                                   {Key::Content, textBlock(QStringLiteral("Context: ") + context)}}}}});
    });
    // server-stateless: a tool that cannot work without sampling (-32021 when undeclared).
    server->addTool(noArguments("test_missing_capability", "Needs the sampling capability"), [](ToolCall *call) {
        if (!call->requireClientCapability(Key::Sampling))
            return;
        if (call->gatherInput({{QStringLiteral("sample"), askSampling("Say hello", 20)}}))
            call->respond(ToolResult::text(sampledText(call, "sample")));
    });
    server->addTool(noArguments("test_streaming_elicitation", "Reports progress, then asks for a name"), [](ToolCall *call) {
        call->reportProgress(1, 2);
        if (call->gatherInput({{QStringLiteral("user_name"), askText(QStringLiteral("What is your name?"), "name")}}))
            call->respond(ToolResult::text(QStringLiteral("Hello, %1!").arg(elicited(call, "user_name", "name"))));
    });
    server->addTool(noArguments("test_trigger_tool_change", "Adds or removes test_dynamic_tool"), [server](ToolCall *call) {
        if (!server->removeTool(QStringLiteral("test_dynamic_tool")))
            server->addTool(noArguments("test_dynamic_tool", "Comes and goes"),
                            [](ToolCall *dynamic) { dynamic->respond(ToolResult::text(QStringLiteral("still here"))); });
        call->respond(ToolResult::text(QStringLiteral("The tool list changed.")));
    });
    // A tool whose x-mcp-header mapping changes under the client: a call with the old mapping
    // gets HeaderMismatch (-32020) over HTTP until the client lists the tools again.
    const auto headerTool = [](const QString &header) {
        QJsonObject region{{Key::Type, QStringLiteral("string")}, {QStringLiteral("x-mcp-header"), header}};
        return QJsonObject{{Key::Name, QStringLiteral("test_header_route")},
                           {Key::Description, QStringLiteral("Echoes region, mirrored into an Mcp-Param header")},
                           {Key::InputSchema, QJsonObject{{Key::Type, QStringLiteral("object")},
                                                            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("region"), region}}}}}};
    };
    const auto echoRegion = [](ToolCall *call) {
        call->respond(ToolResult::text(call->arguments().value(QStringLiteral("region")).toString()));
    };
    server->addTool(headerTool(QStringLiteral("Region")), echoRegion);
    server->addTool(json(R"json({"name": "test_trigger_header_change",
        "description": "Renames the x-mcp-header of test_header_route's region argument",
        "inputSchema": {"type": "object", "properties": {"header": {"type": "string"}}, "required": ["header"]}})json"),
                    [server, headerTool, echoRegion](ToolCall *call) {
                        server->addTool(headerTool(call->arguments().value(QStringLiteral("header")).toString()), echoRegion);
                        call->respond(ToolResult::text(QStringLiteral("The header mapping changed.")));
                    });
    server->addTool(noArguments("test_trigger_prompt_change", "Adds or removes test_dynamic_prompt"), [server](ToolCall *call) {
        if (!server->removePrompt(QStringLiteral("test_dynamic_prompt")))
            server->addPrompt(json(R"json({"name": "test_dynamic_prompt", "description": "Comes and goes"})json"),
                              [](const QJsonObject &, RpcError *) {
                                  return QJsonObject{{Key::Messages, QJsonArray{QJsonObject{{Key::Role, RoleValue::User},
                                                                                              {Key::Content, textBlock(QStringLiteral("still here"))}}}}};
                              });
        call->respond(ToolResult::text(QStringLiteral("The prompt list changed.")));
    });
}

QJsonObject taskTool(const char *name, const char *description, const char *taskSupport, const QJsonObject &properties = {})
{
    QJsonObject tool = noArguments(name, description);
    tool.insert(Key::InputSchema, QJsonObject{{Key::Type, QStringLiteral("object")}, {QStringLiteral("properties"), properties}});
    tool.insert(Key::Execution, QJsonObject{{Key::TaskSupport, QString::fromLatin1(taskSupport)}});
    return tool;
}

// The fixtures of the tasks extension scenarios (tasks-*, SEP-2663).
void addTaskFixtures(Server *server)
{
    server->addTool(json(R"json({"name": "greet", "description": "Greets, at once",
        "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}}})json"), [](ToolCall *call) {
        call->respond(ToolResult::text(QStringLiteral("Hello, %1!").arg(call->arguments().value(Key::Name).toString(QStringLiteral("world")))));
    });
    server->addTool(taskTool("slow_compute", "Sleeps `seconds` seconds, then answers", "optional",
                             {{QStringLiteral("seconds"), QJsonObject{{Key::Type, QStringLiteral("number")}}}}),
                    [](ToolCall *call) {
        const double seconds = call->arguments().value(QStringLiteral("seconds")).toDouble(1);
        QTimer::singleShot(int(seconds * 1000), call, [call, seconds] {
            call->respond(ToolResult::text(QStringLiteral("Computed after %1 s").arg(seconds)));
        });
    });
    server->addTool(taskTool("failing_job", "Reports a tool error after a second", "required"), [](ToolCall *call) {
        QTimer::singleShot(1000, call, [call] { call->respond(ToolResult::error(QStringLiteral("The job failed"))); });
    });
    server->addTool(taskTool("protocol_error_job", "Fails with a JSON-RPC error", "optional"), [](ToolCall *call) {
        QTimer::singleShot(200, call, [call] { call->fail(ErrorCode::InternalError, QStringLiteral("The job broke down")); });
    });
    // These ask once they are under way, so the question reaches the client through the task.
    server->addTool(taskTool("confirm_delete", "Asks for confirmation, then deletes (nothing)", "optional"), [](ToolCall *call) {
        QTimer::singleShot(20, call, [call] {
            if (call->gatherInput({{QStringLiteral("confirm"), askText(QStringLiteral("Delete everything?"), "confirm")}}))
                call->respond(ToolResult::text(QStringLiteral("Deleted (not really).")));
        });
    });
    server->addTool(taskTool("multi_input", "Asks two questions at once", "optional"), [](ToolCall *call) {
        QTimer::singleShot(20, call, [call] {
            if (call->gatherInput({{QStringLiteral("first"), askText(QStringLiteral("First question?"), "answer")},
                                   {QStringLiteral("second"), askText(QStringLiteral("Second question?"), "answer")}}))
                call->respond(ToolResult::text(QStringLiteral("%1 and %2").arg(elicited(call, "first", "answer"),
                                                                               elicited(call, "second", "answer"))));
        });
    });
    // tasks-mrtr-composition: input by multi round-trip request first, then the work as a task.
    server->addTool(taskTool("test_tool_with_task", "Asks for a name, then greets as a task", "required"), [](ToolCall *call) {
        if (!call->gatherInput({{QStringLiteral("user_name"), askText(QStringLiteral("What is your name?"), "name")}}))
            return;
        const QString name = elicited(call, "user_name", "name");
        QTimer::singleShot(100, call, [call, name] { call->respond(ToolResult::text(QStringLiteral("Hello, %1!").arg(name))); });
    });
}

} // namespace

void addConformanceFixtures(Server *server)
{
    addModernFixtures(server);
    addTaskFixtures(server);
    server->addTool(noArguments("test_simple_text", "Returns simple text"), [](ToolCall *call) {
        call->respond(ToolResult::text(QStringLiteral("This is a simple text response for testing.")));
    });
    server->addTool(noArguments("test_image_content", "Returns an image"), [](ToolCall *call) {
        call->respond({{Key::Content, QJsonArray{imageBlock()}}});
    });
    server->addTool(noArguments("test_audio_content", "Returns audio"), [](ToolCall *call) {
        static const QByteArray wav = DemoContent::wav(440, 100);
        call->respond({{Key::Content, QJsonArray{QJsonObject{{Key::Type, ContentTypeValue::Audio}, {Key::MimeType, QStringLiteral("audio/wav")},
                                                               {Key::Data, QString::fromLatin1(wav.toBase64())}}}}});
    });
    server->addTool(noArguments("test_embedded_resource", "Returns an embedded resource"), [](ToolCall *call) {
        call->respond({{Key::Content, QJsonArray{QJsonObject{
                                            {Key::Type, ContentTypeValue::Resource},
                                            {Key::Resource, ResourceContents::text(QStringLiteral("test://embedded-resource"), QStringLiteral("text/plain"),
                                                                                     QStringLiteral("This is an embedded resource content."))}}}}});
    });
    server->addTool(noArguments("test_multiple_content_types", "Returns text, an image and a resource"), [](ToolCall *call) {
        call->respond({{Key::Content,
                        QJsonArray{textBlock(QStringLiteral("Multiple content types test:")), imageBlock(),
                                   QJsonObject{{Key::Type, ContentTypeValue::Resource},
                                               {Key::Resource, ResourceContents::text(QStringLiteral("test://mixed-content-resource"),
                                                                                        QStringLiteral("application/json"),
                                                                                        QStringLiteral("{\"test\":\"data\",\"value\":123}"))}}}}});
    });
    const ToolHandler logThrice = [](ToolCall *call) {
        call->log(LoggingLevel::Info, QStringLiteral("conformance"), QStringLiteral("Tool execution started"));
        QTimer::singleShot(50, call, [call] {
            call->log(LoggingLevel::Info, QStringLiteral("conformance"), QStringLiteral("Tool processing data"));
            QTimer::singleShot(50, call, [call] {
                call->log(LoggingLevel::Info, QStringLiteral("conformance"), QStringLiteral("Tool execution completed"));
                call->respond(ToolResult::text(QStringLiteral("Tool with logging executed successfully")));
            });
        });
    };
    server->addTool(noArguments("test_tool_with_logging", "Logs three messages while it runs"), logThrice);
    server->addTool(noArguments("test_logging_tool", "Logs three messages while it runs (server-stateless)"), logThrice);
    server->addTool(noArguments("test_error_handling", "Always returns a tool error"), [](ToolCall *call) {
        call->respond(ToolResult::error(QStringLiteral("This tool intentionally returns an error for testing")));
    });
    server->addTool(noArguments("test_tool_with_progress", "Reports progress 0, 50, 100 of 100"), [](ToolCall *call) {
        call->reportProgress(0, 100);
        QTimer::singleShot(50, call, [call] {
            call->reportProgress(50, 100);
            QTimer::singleShot(50, call, [call] {
                call->reportProgress(100, 100);
                call->respond(ToolResult::text(QStringLiteral("Tool with progress executed successfully")));
            });
        });
    });
    server->addTool(json(R"json({"name": "test_sampling", "description": "Asks the client's LLM",
        "inputSchema": {"type": "object", "properties": {"prompt": {"type": "string"}}, "required": ["prompt"]}})json"),
                    [](ToolCall *call) {
                        if (!call->requireClientCapability(Key::Sampling))
                            return;
                        const QJsonObject params{
                            {Key::Messages, QJsonArray{QJsonObject{{Key::Role, RoleValue::User},
                                                                     {Key::Content, textBlock(call->arguments().value(QStringLiteral("prompt")).toString())}}}},
                            {Key::MaxTokens, 100}};
                        call->askClient(Key::Sampling, Method::SamplingCreateMessage, params, [call](const Message &reply) {
                            if (reply.isErrorResponse()) {
                                call->respond(ToolResult::error(QStringLiteral("Sampling failed: ") + reply.error().message));
                                return;
                            }
                            const QJsonObject content = reply.result().toObject().value(Key::Content).toObject();
                            call->respond(ToolResult::text(QStringLiteral("LLM response: ") + content.value(Key::Text).toString()));
                        });
                    });
    server->addTool(json(R"json({"name": "test_elicitation", "description": "Asks the user for a name and an e-mail address",
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]}})json"),
                    [](ToolCall *call) {
                        elicit(call, call->arguments().value(Key::Message).toString(),
                               json(R"json({"type": "object", "properties": {
                                   "username": {"type": "string", "description": "User's response"},
                                   "email": {"type": "string", "description": "User's email address"}},
                                   "required": ["username", "email"]})json"),
                               QStringLiteral("User response: "));
                    });
    server->addTool(noArguments("test_elicitation_sep1034_defaults", "Elicitation with a default for every primitive type"),
                    [](ToolCall *call) {
                        elicit(call, QStringLiteral("Please review the defaults"),
                               json(R"json({"type": "object", "properties": {
                                   "name": {"type": "string", "default": "John Doe"},
                                   "age": {"type": "integer", "default": 30},
                                   "score": {"type": "number", "default": 95.5},
                                   "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
                                   "verified": {"type": "boolean", "default": true}}})json"),
                               QStringLiteral("Elicitation completed: "));
                    });
    server->addTool(noArguments("test_elicitation_sep1330_enums", "Elicitation with every enum variant"), [](ToolCall *call) {
        elicit(call, QStringLiteral("Please choose"),
               json(R"json({"type": "object", "properties": {
                   "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
                   "titledSingle": {"type": "string", "oneOf": [{"const": "value1", "title": "First Option"},
                       {"const": "value2", "title": "Second Option"}, {"const": "value3", "title": "Third Option"}]},
                   "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                       "enumNames": ["Option One", "Option Two", "Option Three"]},
                   "untitledMulti": {"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
                   "titledMulti": {"type": "array", "items": {"anyOf": [{"const": "value1", "title": "First Choice"},
                       {"const": "value2", "title": "Second Choice"}, {"const": "value3", "title": "Third Choice"}]}}}})json"),
               QStringLiteral("Elicitation completed: "));
    });
    server->addTool(json(R"json({"name": "json_schema_2020_12_tool", "description": "Tool with JSON Schema 2020-12 features",
        "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
            "$defs": {"address": {"$anchor": "address", "type": "object",
                                  "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
            "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"},
                           "contact": {"type": "string"}, "kind": {"type": "string"}},
            "allOf": [{"anyOf": [{"required": ["name"]}, {"required": ["contact"]}]}],
            "if": {"properties": {"kind": {"const": "business"}}},
            "then": {"required": ["address"]},
            "else": {"required": []},
            "additionalProperties": false}})json"),
                    [](ToolCall *call) { call->respond(ToolResult::text(compact(call->arguments()))); });
    // server-sse-polling (SEP-1699): the POST's event stream ends after its priming event;
    // the answer comes later and reaches the client when it resumes with Last-Event-ID.
    server->addTool(noArguments("test_reconnection", "Closes its response stream, then answers after a short delay"),
                    [](ToolCall *call) {
        call->closeResponseStream();
        QTimer::singleShot(200, call, [call] { call->respond(ToolResult::text(QStringLiteral("Reconnection test completed successfully"))); });
    });

    server->addTextResource(json(R"json({"uri": "test://static-text", "name": "static-text", "description": "Static text",
        "mimeType": "text/plain"})json"),
                            QStringLiteral("This is the content of the static text resource."));
    server->addBlobResource(json(R"json({"uri": "test://static-binary", "name": "static-binary", "description": "Static PNG",
        "mimeType": "image/png"})json"),
                            DemoContent::png(8, 8));
    server->addTextResource(json(R"json({"uri": "test://watched-resource", "name": "watched-resource",
        "description": "Subscribable", "mimeType": "text/plain"})json"),
                            QStringLiteral("Watched resource content"));
    server->addTextResource(json(R"json({"uri": "test://example-resource", "name": "example-resource",
        "description": "For embedding in prompts", "mimeType": "text/plain"})json"),
                            QStringLiteral("Example resource content"));
    server->addResourceTemplate(json(R"json({"uriTemplate": "test://template/{id}/data", "name": "template",
        "description": "Data by id", "mimeType": "application/json"})json"),
                                [](const QString &uri, const QMap<QString, QString> &variables) {
                                    return QJsonArray{ResourceContents::text(
                                        uri, QStringLiteral("application/json"),
                                        compact({{QStringLiteral("id"), variables.value(QStringLiteral("id"))}, {QStringLiteral("templateTest"), true},
                                                 {Key::Data, QStringLiteral("Data for ID: %1").arg(variables.value(QStringLiteral("id")))}}))};
                                });

    server->addPrompt(json(R"json({"name": "test_simple_prompt", "description": "A prompt without arguments"})json"),
                      [](const QJsonObject &, RpcError *) {
                          return QJsonObject{{Key::Messages, QJsonArray{QJsonObject{
                                                                   {Key::Role, RoleValue::User},
                                                                   {Key::Content, textBlock(QStringLiteral("This is a simple prompt for testing."))}}}}};
                      });
    server->addPrompt(json(R"json({"name": "test_prompt_with_arguments", "description": "A prompt with two arguments",
        "arguments": [{"name": "arg1", "description": "First argument", "required": true},
                      {"name": "arg2", "description": "Second argument", "required": true}]})json"),
                      [](const QJsonObject &arguments, RpcError *) {
                          return QJsonObject{{Key::Messages, QJsonArray{QJsonObject{
                                                                   {Key::Role, RoleValue::User},
                                                                   {Key::Content, textBlock(QStringLiteral("Prompt with arguments: arg1='%1', arg2='%2'")
                                                                                                  .arg(arguments.value(QStringLiteral("arg1")).toString(),
                                                                                                       arguments.value(QStringLiteral("arg2")).toString()))}}}}};
                      });
    server->addPromptCompletion(QStringLiteral("test_prompt_with_arguments"), QStringLiteral("arg1"), [](const QString &value, const QJsonObject &) {
        QStringList values;
        for (const char *each : {"paris", "park", "party", "test-value"}) {
            if (QString::fromLatin1(each).startsWith(value))
                values.append(QString::fromLatin1(each));
        }
        return values;
    });
    server->addPrompt(json(R"json({"name": "test_prompt_with_embedded_resource", "description": "A prompt that embeds a resource",
        "arguments": [{"name": "resourceUri", "description": "URI of the resource to embed", "required": true}]})json"),
                      [](const QJsonObject &arguments, RpcError *) {
                          const QString uri = arguments.value(QStringLiteral("resourceUri")).toString();
                          return QJsonObject{{Key::Messages,
                                              QJsonArray{QJsonObject{{Key::Role, RoleValue::User},
                                                                     {Key::Content, QJsonObject{{Key::Type, ContentTypeValue::Resource},
                                                                                                  {Key::Resource, ResourceContents::text(uri, QStringLiteral("text/plain"), QStringLiteral("Embedded resource content for testing."))}}}},
                                                         QJsonObject{{Key::Role, RoleValue::User},
                                                                     {Key::Content, textBlock(QStringLiteral("Please process the embedded resource above."))}}}}};
                      });
    server->addPrompt(json(R"json({"name": "test_prompt_with_image", "description": "A prompt with an image"})json"),
                      [](const QJsonObject &, RpcError *) {
                          return QJsonObject{{Key::Messages,
                                              QJsonArray{QJsonObject{{Key::Role, RoleValue::User}, {Key::Content, imageBlock()}},
                                                         QJsonObject{{Key::Role, RoleValue::User},
                                                                     {Key::Content, textBlock(QStringLiteral("Please analyze the image above."))}}}}};
                      });
}
