#pragma once

#include "clioptions.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace Mcp::Cli {

// Which generation of the MCP Inspector's CLI the command line follows (README "Inspector CLI
// generations"). V1 is the default and keeps our own exit codes (0-6, a sentence on stderr);
// V2 maps them onto the Inspector v2 codes 0-5 and adds one JSON error line on stderr.
enum class Generation { V1, V2 };

// v2 exit codes (Inspector v2 clients/cli/README.md).
enum V2ExitCode : int {
    V2Ok = 0,
    V2Usage = 1,          // usage or unexpected error (the catch-all)
    V2NoApp = 2,          // --app-info: not offered
    V2AuthRequired = 3,   // the server requires authorization
    V2Unreachable = 4,    // could not start or reach the server, connect or request timeout
    V2ToolError = 5,      // tools/call answered isError: true, or the tool was not found
};

// What the compatibility layer takes out of the command line before parseArguments() sees it.
struct CompatSelection
{
    Generation generation = Generation::V1;
    bool explicitChoice = false;          // --compat given (no detection then)
    QStringList arguments;                // the rest, in our own order, for parseArguments()
    std::optional<QJsonObject> toolArgsJson; // --tool-args-json
    bool formatJson = false;              // --format json
    bool connectTimeoutGiven = false;     // --connect-timeout on the line (v2's default is 15 s)
    QString v2Method;                     // initialize, servers/list or servers/show
    QString configFile;                   // --config, for servers/list and servers/show
    QString serverName;                   // --server, for servers/show
    QString error;                        // a usage error found here
};

// Reads --compat, --format, --tool-args-json and the v2-only methods; detects v2 from a
// spelling only v2 has (--format, --tool-args-json, --method initialize|servers/list|servers/show)
// unless --compat says otherwise. In v2, "TARGET... -- OPTIONS" (target before the "--") is
// rewritten into our "OPTIONS -- TARGET..." order.
CompatSelection selectCompat(const QStringList &arguments);

// Our exit code (ExitCode) as the v2 code, and the failure class named in the error line.
int v2ExitCode(int exitCode, const QString &message);
QString v2ErrorClass(int exitCode, const QString &message);
// The v2 error envelope: {"error":{"code":CLASS,"message":MESSAGE}} on one line.
QByteArray v2ErrorEnvelope(int exitCode, const QString &message);

// `mcpscope --cli ARGS` with both generations. Needs a QCoreApplication.
int runWithCompat(const QStringList &arguments);

} // namespace Mcp::Cli
