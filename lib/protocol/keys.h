#pragma once

#include <QLatin1StringView>

// JSON member names of MCP's objects (2025-11-25 and 2026-07-28), for lookups without a
// string literal at each use: object.value(Key::Name), params.insert(Key::Cursor, ...).
namespace Mcp::Key {

// Common
inline constexpr QLatin1StringView Name("name");
inline constexpr QLatin1StringView Title("title");
inline constexpr QLatin1StringView Description("description");
inline constexpr QLatin1StringView Icons("icons");
inline constexpr QLatin1StringView Src("src");
inline constexpr QLatin1StringView MimeType("mimeType");
inline constexpr QLatin1StringView Sizes("sizes");
inline constexpr QLatin1StringView Theme("theme");
inline constexpr QLatin1StringView Meta("_meta");
inline constexpr QLatin1StringView ProgressToken("progressToken");
inline constexpr QLatin1StringView Cursor("cursor");
inline constexpr QLatin1StringView NextCursor("nextCursor");
inline constexpr QLatin1StringView Annotations("annotations");
inline constexpr QLatin1StringView Audience("audience");
inline constexpr QLatin1StringView Priority("priority");
inline constexpr QLatin1StringView LastModified("lastModified");

// Lifecycle
inline constexpr QLatin1StringView ProtocolVersion("protocolVersion");
inline constexpr QLatin1StringView Capabilities("capabilities");
inline constexpr QLatin1StringView ClientInfo("clientInfo");
inline constexpr QLatin1StringView ServerInfo("serverInfo");
inline constexpr QLatin1StringView Instructions("instructions");
inline constexpr QLatin1StringView Version("version");

// Capabilities
inline constexpr QLatin1StringView Tools("tools");
inline constexpr QLatin1StringView Resources("resources");
inline constexpr QLatin1StringView Prompts("prompts");
inline constexpr QLatin1StringView Logging("logging");
inline constexpr QLatin1StringView Completions("completions");
inline constexpr QLatin1StringView Tasks("tasks");
inline constexpr QLatin1StringView Experimental("experimental");
inline constexpr QLatin1StringView Roots("roots");
inline constexpr QLatin1StringView Sampling("sampling");
inline constexpr QLatin1StringView Elicitation("elicitation");
inline constexpr QLatin1StringView ListChanged("listChanged");
inline constexpr QLatin1StringView Subscribe("subscribe");

// Tools
inline constexpr QLatin1StringView InputSchema("inputSchema");
inline constexpr QLatin1StringView OutputSchema("outputSchema");
inline constexpr QLatin1StringView Execution("execution");
inline constexpr QLatin1StringView TaskSupport("taskSupport");
inline constexpr QLatin1StringView ReadOnlyHint("readOnlyHint");
inline constexpr QLatin1StringView DestructiveHint("destructiveHint");
inline constexpr QLatin1StringView IdempotentHint("idempotentHint");
inline constexpr QLatin1StringView OpenWorldHint("openWorldHint");
inline constexpr QLatin1StringView Arguments("arguments");
inline constexpr QLatin1StringView Content("content");
inline constexpr QLatin1StringView StructuredContent("structuredContent");
inline constexpr QLatin1StringView IsError("isError");

// Content blocks and resources
inline constexpr QLatin1StringView Type("type");
inline constexpr QLatin1StringView Text("text");
inline constexpr QLatin1StringView Data("data");
inline constexpr QLatin1StringView Resource("resource");
inline constexpr QLatin1StringView Uri("uri");
inline constexpr QLatin1StringView UriTemplate("uriTemplate");
inline constexpr QLatin1StringView Size("size");
inline constexpr QLatin1StringView Blob("blob");
inline constexpr QLatin1StringView Contents("contents");

// Prompts
inline constexpr QLatin1StringView Required("required");
inline constexpr QLatin1StringView Messages("messages");
inline constexpr QLatin1StringView Role("role");

// Completion
inline constexpr QLatin1StringView Ref("ref");
inline constexpr QLatin1StringView Argument("argument");
inline constexpr QLatin1StringView Context("context");
inline constexpr QLatin1StringView Value("value");
inline constexpr QLatin1StringView Completion("completion");
inline constexpr QLatin1StringView Values("values");
inline constexpr QLatin1StringView Total("total");
inline constexpr QLatin1StringView HasMore("hasMore");

// Tasks
inline constexpr QLatin1StringView Task("task");
inline constexpr QLatin1StringView TaskId("taskId");
inline constexpr QLatin1StringView Status("status");
inline constexpr QLatin1StringView StatusMessage("statusMessage");
inline constexpr QLatin1StringView CreatedAt("createdAt");
inline constexpr QLatin1StringView LastUpdatedAt("lastUpdatedAt");
inline constexpr QLatin1StringView Ttl("ttl");
inline constexpr QLatin1StringView PollInterval("pollInterval");

// Logging and progress
inline constexpr QLatin1StringView Level("level");
inline constexpr QLatin1StringView Logger("logger");
inline constexpr QLatin1StringView Progress("progress");
inline constexpr QLatin1StringView RequestId("requestId"); // notifications/cancelled
inline constexpr QLatin1StringView Reason("reason");
inline constexpr QLatin1StringView Message("message");

// Sampling and elicitation
inline constexpr QLatin1StringView MaxTokens("maxTokens");
inline constexpr QLatin1StringView SystemPrompt("systemPrompt");
inline constexpr QLatin1StringView Temperature("temperature");
inline constexpr QLatin1StringView StopSequences("stopSequences");
inline constexpr QLatin1StringView IncludeContext("includeContext");
inline constexpr QLatin1StringView ModelPreferences("modelPreferences");
inline constexpr QLatin1StringView Hints("hints");
inline constexpr QLatin1StringView Metadata("metadata");
inline constexpr QLatin1StringView Model("model");
inline constexpr QLatin1StringView StopReason("stopReason");
inline constexpr QLatin1StringView ToolChoice("toolChoice");
inline constexpr QLatin1StringView RequestedSchema("requestedSchema");
inline constexpr QLatin1StringView Mode("mode");
inline constexpr QLatin1StringView Action("action");
inline constexpr QLatin1StringView Url("url");
inline constexpr QLatin1StringView Form("form"); // elicitation capability: form mode
inline constexpr QLatin1StringView ElicitationId("elicitationId"); // URL mode

// Lists
inline constexpr QLatin1StringView ResourceTemplates("resourceTemplates");

// JSON-RPC envelope members, where an MCP object carries a request (inputRequests, listen filters)
inline constexpr QLatin1StringView Method("method");
inline constexpr QLatin1StringView Params("params");

// 2026-07-28: results and multi round-trip requests
inline constexpr QLatin1StringView ResultType("resultType");
inline constexpr QLatin1StringView InputRequests("inputRequests");
inline constexpr QLatin1StringView InputResponses("inputResponses");
inline constexpr QLatin1StringView RequestState("requestState");

// 2026-07-28: server/discover, extensions and errors
inline constexpr QLatin1StringView Extensions("extensions");
inline constexpr QLatin1StringView SupportedVersions("supportedVersions");
inline constexpr QLatin1StringView Supported("supported");
inline constexpr QLatin1StringView Requested("requested");
inline constexpr QLatin1StringView RequiredCapabilities("requiredCapabilities");

// 2026-07-28: cacheable results
inline constexpr QLatin1StringView TtlMs("ttlMs");
inline constexpr QLatin1StringView CacheScope("cacheScope");

// 2026-07-28: the tasks extension (SEP-2663)
inline constexpr QLatin1StringView PollIntervalMs("pollIntervalMs");
inline constexpr QLatin1StringView Result("result");
inline constexpr QLatin1StringView Error("error");

// 2026-07-28: subscriptions/listen filters
inline constexpr QLatin1StringView Notifications("notifications");
inline constexpr QLatin1StringView ToolsListChanged("toolsListChanged");
inline constexpr QLatin1StringView PromptsListChanged("promptsListChanged");
inline constexpr QLatin1StringView ResourcesListChanged("resourcesListChanged");
inline constexpr QLatin1StringView ResourceSubscriptions("resourceSubscriptions");

} // namespace Mcp::Key

// A content block's type.
namespace Mcp::ContentTypeValue {
inline constexpr QLatin1StringView Text("text");
inline constexpr QLatin1StringView Image("image");
inline constexpr QLatin1StringView Audio("audio");
inline constexpr QLatin1StringView ResourceLink("resource_link");
inline constexpr QLatin1StringView Resource("resource"); // an embedded resource
}

// An elicitation result's action.
namespace Mcp::ElicitActionValue {
inline constexpr QLatin1StringView Accept("accept");
inline constexpr QLatin1StringView Decline("decline");
inline constexpr QLatin1StringView Cancel("cancel");
}

// A message's role (prompts, sampling) and an annotation's audience.
namespace Mcp::RoleValue {
inline constexpr QLatin1StringView User("user");
inline constexpr QLatin1StringView Assistant("assistant");
}

// Values of 2026-07-28 members that are words.
namespace Mcp::ResultTypeValue {
inline constexpr QLatin1StringView Complete("complete"); // also what an absent resultType means
inline constexpr QLatin1StringView InputRequired("input_required");
inline constexpr QLatin1StringView Task("task"); // the tasks extension: a task handle
}

// A task's status (the tasks extension).
namespace Mcp::TaskStatusValue {
inline constexpr QLatin1StringView Working("working");
inline constexpr QLatin1StringView InputRequired("input_required");
inline constexpr QLatin1StringView Completed("completed");
inline constexpr QLatin1StringView Failed("failed");
inline constexpr QLatin1StringView Cancelled("cancelled");
}

// The extensions of 2026-07-28 the client itself speaks (capabilities.extensions keys).
namespace Mcp::ExtensionId {
inline constexpr QLatin1StringView Tasks("io.modelcontextprotocol/tasks");
}

namespace Mcp::CacheScopeValue {
inline constexpr QLatin1StringView Public("public");
inline constexpr QLatin1StringView Private("private");
}

// The _meta keys the 2026-07-28 revision reserves.
namespace Mcp::MetaKey {
inline constexpr QLatin1StringView ProtocolVersion("io.modelcontextprotocol/protocolVersion");
inline constexpr QLatin1StringView ClientCapabilities("io.modelcontextprotocol/clientCapabilities");
inline constexpr QLatin1StringView ClientInfo("io.modelcontextprotocol/clientInfo");
inline constexpr QLatin1StringView LogLevel("io.modelcontextprotocol/logLevel");
inline constexpr QLatin1StringView ServerInfo("io.modelcontextprotocol/serverInfo");
inline constexpr QLatin1StringView SubscriptionId("io.modelcontextprotocol/subscriptionId");
}
