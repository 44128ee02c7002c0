#pragma once

#include <QLatin1StringView>

// MCP method and notification names: 2025-11-25, plus what the 2026-07-28 revision adds.
// QLatin1StringView constants cost nothing until used; they compare with QString and
// convert to it where an API takes one.
namespace Mcp::Method {

inline constexpr QLatin1StringView Initialize("initialize");
inline constexpr QLatin1StringView Ping("ping");

inline constexpr QLatin1StringView ToolsList("tools/list");
inline constexpr QLatin1StringView ToolsCall("tools/call");
inline constexpr QLatin1StringView ResourcesList("resources/list");
inline constexpr QLatin1StringView ResourcesTemplatesList("resources/templates/list");
inline constexpr QLatin1StringView ResourcesRead("resources/read");
inline constexpr QLatin1StringView ResourcesSubscribe("resources/subscribe");
inline constexpr QLatin1StringView ResourcesUnsubscribe("resources/unsubscribe");
inline constexpr QLatin1StringView PromptsList("prompts/list");
inline constexpr QLatin1StringView PromptsGet("prompts/get");
inline constexpr QLatin1StringView CompletionComplete("completion/complete");
inline constexpr QLatin1StringView LoggingSetLevel("logging/setLevel");
inline constexpr QLatin1StringView TasksGet("tasks/get");
inline constexpr QLatin1StringView TasksResult("tasks/result");
inline constexpr QLatin1StringView TasksList("tasks/list");
inline constexpr QLatin1StringView TasksCancel("tasks/cancel");

// Server to client.
inline constexpr QLatin1StringView RootsList("roots/list");
inline constexpr QLatin1StringView SamplingCreateMessage("sampling/createMessage");
inline constexpr QLatin1StringView ElicitationCreate("elicitation/create");

// Notifications.
inline constexpr QLatin1StringView InitializedNotification("notifications/initialized");
inline constexpr QLatin1StringView CancelledNotification("notifications/cancelled");
inline constexpr QLatin1StringView ProgressNotification("notifications/progress");
inline constexpr QLatin1StringView MessageNotification("notifications/message");
inline constexpr QLatin1StringView ToolsListChangedNotification("notifications/tools/list_changed");
inline constexpr QLatin1StringView ResourcesListChangedNotification("notifications/resources/list_changed");
inline constexpr QLatin1StringView ResourceUpdatedNotification("notifications/resources/updated");
inline constexpr QLatin1StringView PromptsListChangedNotification("notifications/prompts/list_changed");
inline constexpr QLatin1StringView RootsListChangedNotification("notifications/roots/list_changed");
inline constexpr QLatin1StringView TaskStatusNotification("notifications/tasks/status");
inline constexpr QLatin1StringView ElicitationCompleteNotification("notifications/elicitation/complete");

// New in 2026-07-28 (initialize and logging/setLevel are deprecated there).
inline constexpr QLatin1StringView ServerDiscover("server/discover");
inline constexpr QLatin1StringView SubscriptionsListen("subscriptions/listen");
inline constexpr QLatin1StringView SubscriptionsAcknowledgedNotification("notifications/subscriptions/acknowledged");
// The io.modelcontextprotocol/tasks extension of 2026-07-28: client-to-server input for a task.
inline constexpr QLatin1StringView TasksUpdate("tasks/update");

} // namespace Mcp::Method
