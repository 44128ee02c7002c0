#pragma once

#include "serverconfig.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace Mcp {

// One-click install links for a server, in the three forms in use:
//   mcpscope://install?name=NAME&config=BASE64URL(JSON)
//   vscode:mcp/install?URL-ENCODED(JSON with "name")     (and vscode-insiders:)
//   cursor://anysphere.cursor-deeplink/mcp/install?name=NAME&config=BASE64(JSON)
//   https://vscode.dev/redirect/mcp/install?name=NAME&config=URL-ENCODED(JSON)   (README badges; read only)
// The JSON is a server entry as VS Code writes it (type, command, args, env, url, headers), with
// "inputs" for the ${input:id} prompts; MCP Scope's own link adds its "x-mcpscope" settings
// (timeouts, auth, notes). A parsed link is only a proposal: nothing runs before the user has
// seen its command or URL and approved it.
class InstallLink
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::InstallLink)

public:
    enum class Format : quint8 { McpScope, VsCode, VsCodeInsiders, Cursor };

    struct Parsed
    {
        std::optional<ServerConfig> config; // name set, fresh id, not approved
        Format format = Format::McpScope;
        QStringList warnings;
        QString error;                      // set when config is empty
    };

    // Whether the text (trimmed) starts like one of the links above.
    static bool looksLikeInstallLink(const QString &text);
    static Parsed parse(const QString &link);
    // The link for a configuration. Secret values are never part of it: a literal secret
    // becomes an ${input:id} prompt (or, for Cursor, an ${env:NAME} reference).
    static QString build(const ServerConfig &config, Format format);

    static QString formatName(Format format); // "MCP Scope", "VS Code", "VS Code Insiders", "Cursor"
    // Links longer than this are refused: a real server entry is a few hundred bytes.
    static constexpr int MaxLinkLength = 64 * 1024;
};

} // namespace Mcp
