#pragma once

#include <QString>

// The words of the 2026-07-28 revision that the modern session pieces use, in one place so
// that they can switch to lib/protocol's constants when that vocabulary is merged.
namespace Mcp::Modern {

namespace Version {
inline constexpr QLatin1StringView Current("2026-07-28");
}

namespace MetaKey {
inline constexpr QLatin1StringView Meta("_meta");
inline constexpr QLatin1StringView ProtocolVersion("io.modelcontextprotocol/protocolVersion");
inline constexpr QLatin1StringView ClientCapabilities("io.modelcontextprotocol/clientCapabilities");
inline constexpr QLatin1StringView ClientInfo("io.modelcontextprotocol/clientInfo");
inline constexpr QLatin1StringView LogLevel("io.modelcontextprotocol/logLevel");
inline constexpr QLatin1StringView ServerInfo("io.modelcontextprotocol/serverInfo");
inline constexpr QLatin1StringView SubscriptionId("io.modelcontextprotocol/subscriptionId");
}

namespace Method {
inline constexpr QLatin1StringView Discover("server/discover");
inline constexpr QLatin1StringView Initialize("initialize");
inline constexpr QLatin1StringView ToolsCall("tools/call");
inline constexpr QLatin1StringView ToolsList("tools/list");
inline constexpr QLatin1StringView PromptsGet("prompts/get");
inline constexpr QLatin1StringView PromptsList("prompts/list");
inline constexpr QLatin1StringView ResourcesRead("resources/read");
inline constexpr QLatin1StringView ResourcesList("resources/list");
inline constexpr QLatin1StringView ResourceTemplatesList("resources/templates/list");
inline constexpr QLatin1StringView SubscriptionsListen("subscriptions/listen");
inline constexpr QLatin1StringView ElicitationCreate("elicitation/create");
inline constexpr QLatin1StringView SamplingCreateMessage("sampling/createMessage");
inline constexpr QLatin1StringView RootsList("roots/list");
}

namespace Notification {
inline constexpr QLatin1StringView SubscriptionsAcknowledged("notifications/subscriptions/acknowledged");
inline constexpr QLatin1StringView ToolsListChanged("notifications/tools/list_changed");
inline constexpr QLatin1StringView PromptsListChanged("notifications/prompts/list_changed");
inline constexpr QLatin1StringView ResourcesListChanged("notifications/resources/list_changed");
inline constexpr QLatin1StringView ResourceUpdated("notifications/resources/updated");
}

namespace Field {
inline constexpr QLatin1StringView ResultType("resultType");
inline constexpr QLatin1StringView Complete("complete");
inline constexpr QLatin1StringView InputRequired("input_required");
inline constexpr QLatin1StringView InputRequests("inputRequests");
inline constexpr QLatin1StringView InputResponses("inputResponses");
inline constexpr QLatin1StringView RequestState("requestState");
inline constexpr QLatin1StringView Method("method");
inline constexpr QLatin1StringView Params("params");
inline constexpr QLatin1StringView Extensions("extensions");
inline constexpr QLatin1StringView SupportedVersions("supportedVersions");
inline constexpr QLatin1StringView Supported("supported");
inline constexpr QLatin1StringView Requested("requested");
inline constexpr QLatin1StringView RequiredCapabilities("requiredCapabilities");
inline constexpr QLatin1StringView Capabilities("capabilities");
inline constexpr QLatin1StringView Instructions("instructions");
inline constexpr QLatin1StringView TtlMs("ttlMs");
inline constexpr QLatin1StringView CacheScope("cacheScope");
inline constexpr QLatin1StringView Public("public");
inline constexpr QLatin1StringView Private("private");
inline constexpr QLatin1StringView Notifications("notifications");
inline constexpr QLatin1StringView ToolsListChanged("toolsListChanged");
inline constexpr QLatin1StringView PromptsListChanged("promptsListChanged");
inline constexpr QLatin1StringView ResourcesListChanged("resourcesListChanged");
inline constexpr QLatin1StringView ResourceSubscriptions("resourceSubscriptions");
inline constexpr QLatin1StringView Uri("uri");
inline constexpr QLatin1StringView Name("name");
inline constexpr QLatin1StringView Elicitation("elicitation");
inline constexpr QLatin1StringView Sampling("sampling");
inline constexpr QLatin1StringView Roots("roots");
inline constexpr QLatin1StringView Mode("mode");
inline constexpr QLatin1StringView Form("form");
inline constexpr QLatin1StringView Tools("tools");
}

// The codes the revision reserves (-32020 to -32099) and defines.
namespace ModernErrorCode {
enum : int {
    HeaderMismatch = -32020,
    MissingRequiredClientCapability = -32021,
    UnsupportedProtocolVersion = -32022,
};
}

} // namespace Mcp::Modern
