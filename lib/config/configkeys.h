#pragma once

#include <QLatin1StringView>

// The member names of the files config/ reads and writes: MCP Scope's server catalog
// ("mcpscope-servers"), its server entries (also inside the mcp.json dialects' "x-mcpscope"),
// the mcp.json dialects (Claude Desktop and Code, Cursor, VS Code) and watch files. Named once,
// as protocol/keys.h names MCP's, so a reader and its writer cannot drift apart.
namespace Mcp::ConfigKey {
inline constexpr QLatin1StringView Id("id");
inline constexpr QLatin1StringView Name("name");
inline constexpr QLatin1StringView Transport("transport");
inline constexpr QLatin1StringView Command("command");
inline constexpr QLatin1StringView Args("args");
inline constexpr QLatin1StringView Env("env");
inline constexpr QLatin1StringView InheritEnvironment("inheritEnvironment");
inline constexpr QLatin1StringView Cwd("cwd");
inline constexpr QLatin1StringView Url("url");
inline constexpr QLatin1StringView Headers("headers");
inline constexpr QLatin1StringView BearerToken("bearerToken");
inline constexpr QLatin1StringView Auth("auth");
inline constexpr QLatin1StringView AuthMode("mode");
inline constexpr QLatin1StringView Grant("grant");
inline constexpr QLatin1StringView ClientId("clientId");
inline constexpr QLatin1StringView ClientSecret("clientSecret");
inline constexpr QLatin1StringView Scopes("scopes");
inline constexpr QLatin1StringView ClientIssuer("clientIssuer");
inline constexpr QLatin1StringView ClientKeyFile("clientKeyFile");
inline constexpr QLatin1StringView ClientMetadataUrl("clientMetadataUrl");
inline constexpr QLatin1StringView WorkloadTokenFile("workloadTokenFile");
inline constexpr QLatin1StringView Dpop("dpop");
inline constexpr QLatin1StringView Tls("tls");
inline constexpr QLatin1StringView CaFiles("caFiles");
inline constexpr QLatin1StringView PinnedSha256("pinnedSha256");
inline constexpr QLatin1StringView ClientCertificate("clientCertificate");
inline constexpr QLatin1StringView ClientKey("clientKey");
inline constexpr QLatin1StringView ClientKeyPassphrase("clientKeyPassphrase");
inline constexpr QLatin1StringView Proxy("proxy");
inline constexpr QLatin1StringView ProxyMode("mode");
inline constexpr QLatin1StringView Password("password");
inline constexpr QLatin1StringView Timeouts("timeouts");
inline constexpr QLatin1StringView PingIntervalMs("pingIntervalMs");
inline constexpr QLatin1StringView AutoRestart("autoRestart");
inline constexpr QLatin1StringView Notes("notes");
inline constexpr QLatin1StringView Era("era");
inline constexpr QLatin1StringView EraRecord("eraRecord");
inline constexpr QLatin1StringView Scope("scope");
inline constexpr QLatin1StringView Inputs("inputs");
inline constexpr QLatin1StringView RequestMs("requestMs");
inline constexpr QLatin1StringView ResetOnProgress("resetOnProgress");
inline constexpr QLatin1StringView MaxTotalMs("maxTotalMs");
inline constexpr QLatin1StringView ConnectMs("connectMs");
inline constexpr QLatin1StringView Enabled("enabled");
inline constexpr QLatin1StringView InitialBackoffMs("initialBackoffMs");
inline constexpr QLatin1StringView MaxBackoffMs("maxBackoffMs");
inline constexpr QLatin1StringView MaxAttempts("maxAttempts");
inline constexpr QLatin1StringView Secret("secret");
inline constexpr QLatin1StringView Value("value");
inline constexpr QLatin1StringView Format("format");
inline constexpr QLatin1StringView Version("version");
inline constexpr QLatin1StringView Servers("servers");
inline constexpr QLatin1StringView ApprovedCommands("approvedCommands");
inline constexpr QLatin1StringView SecretsInFile("secretsInFile");
inline constexpr QLatin1StringView DemoServerOffered("demoServerOffered");
inline constexpr QLatin1StringView McpscopeBundledDemo("mcpscopeBundledDemo");
inline constexpr QLatin1StringView McpServers("mcpServers");
inline constexpr QLatin1StringView XMcpscope("x-mcpscope");
inline constexpr QLatin1StringView Dev("dev");
inline constexpr QLatin1StringView Watch("watch");
inline constexpr QLatin1StringView DebounceMs("debounceMs");
inline constexpr QLatin1StringView Type("type");
inline constexpr QLatin1StringView ServerUrl("serverUrl");
inline constexpr QLatin1StringView HttpUrl("httpUrl");         // Gemini CLI: a streamable HTTP server
inline constexpr QLatin1StringView ContextServers("context_servers"); // Zed
inline constexpr QLatin1StringView Path("path");               // Zed: {"command": {"path", "args", "env"}}
inline constexpr QLatin1StringView SecretHeaders("secretHeaders");
inline constexpr QLatin1StringView SecretEnv("secretEnv");
} // namespace Mcp::ConfigKey
