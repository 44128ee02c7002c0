#pragma once

#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QJsonObject>

#include "session/modern/eradetector.h"
#include "networkoptions.h"
#include "traceoptions.h"
#include "session/modern/subscriptions.h"

#include <optional>

namespace Mcp::Cli {

// Distinct exit codes so scripts can tell failures apart (documented in README.md).
enum ExitCode : int {
    ExitOk = 0,
    ExitRequestFailed = 1,   // the server answered the request with a JSON-RPC error
    ExitUsage = 2,           // the command line is wrong
    ExitConnectFailed = 3,   // the server could not be started, reached or initialized
    ExitTimeout = 4,         // the request timed out (notifications/cancelled was sent)
    ExitToolError = 5,       // tools/call answered with isError: true
    ExitConnectionLost = 6,  // the server exited or the connection dropped mid-request
};

enum class TransportChoice { Default, Stdio, Http, Sse, Auto };
enum class ElicitationAnswer { Decline, Cancel, AcceptDefaults };

// The --oauth-* flags. Each one given replaces that setting of the configuration file's "auth"
// (ServerAuth), an empty value included.
struct CliOAuthOptions
{
    std::optional<QString> clientId;           // --oauth-client-id
    std::optional<QString> clientSecret;       // --oauth-client-secret
    std::optional<QString> clientIssuer;       // --oauth-client-issuer
    std::optional<QString> clientKeyFile;      // --oauth-client-key FILE (private_key_jwt)
    std::optional<QString> clientMetadataUrl;  // --oauth-client-metadata-url URL (CIMD)
    std::optional<QString> workloadTokenFile;  // --oauth-workload-token FILE (jwt-bearer grant)
    std::optional<QString> scopes;             // --oauth-scopes "a b"
    std::optional<QString> grant;              // --oauth-grant auto|authorization_code|client_credentials
    std::optional<QString> dpop;               // --oauth-dpop auto|off
};

// Everything `mcpscope --cli` accepts. The flags follow the official MCP Inspector CLI
// (--method, --tool-name, --tool-arg, --uri, --prompt-name, --prompt-args, --log-level,
// -e, --header, --transport, --config/--server) so scripts written for it keep working.
struct CliOptions
{
    QString target;                 // a command to start, or an http(s) URL
    QStringList targetArguments;    // arguments for the command
    QList<QPair<QString, QString>> environment;  // -e KEY=VALUE, in order
    QString workingDirectory;       // --cwd
    QString configFile;             // --config
    QString serverName;             // --server
    TransportChoice transport = TransportChoice::Default;
    QList<QPair<QString, QString>> headers;      // --header "Name: value"
    CliOAuthOptions oauth;
    NetworkOptions network;         // --ca-file, --pin-sha256, --client-cert, --proxy, ...
    std::optional<Modern::EraChoice> protocol;  // --protocol; unset: the --config entry's choice, else auto

    QString method;                 // --method; empty means tools/list
    QString toolName;
    QJsonObject toolArguments;      // --tool-arg key=value (JSON when valid JSON, else a string)
    QString uri;
    QString promptName;
    QJsonObject promptArguments;    // --prompt-args key=value (always strings, as prompts take strings)
    QString logLevel;
    QString completionRef;          // --ref prompt:NAME or resource:URI-TEMPLATE (completion/complete)
    QString completionArgument;     // --argument name=value (completion/complete)
    int listenForSeconds = 0;       // --listen-for (subscriptions/listen)
    Modern::SubscriptionFilter listenFilter; // --listen-filter; default: every list change

    int timeoutMs = 60000;          // --timeout, reset by progress
    int maxTotalTimeoutMs = 0;      // --max-total-timeout
    int connectTimeoutMs = 30000;   // --connect-timeout: starting or reaching the server and initialize
    QString captureFile;            // --capture FILE.jsonl
    TraceOptions trace;             // --trace FILE, --trace-endpoint URL, ...
    bool passServerStderr = false;  // --server-stderr
    ElicitationAnswer elicitation = ElicitationAnswer::Decline;
    QStringList roots;              // --root DIR (answers roots/list)
    bool compact = false;           // --compact: one-line JSON output
    bool resultEnvelope = false;    // --format json (Inspector v2): {"result": ...} on one line
    bool verbose = false;           // --verbose: the library's debug log on stderr

    // --watch GLOB (repeatable; "auto": the script or binary the command runs): run the operation,
    // then again on a fresh connection each time a matching file changes (a server author's loop).
    QStringList watchGlobs;
    int watchDebounceMs = 300;      // --watch-debounce
    int watchRuns = 0;              // --watch-runs N: stop after N runs (0: until interrupted)
};

struct ParseOutcome
{
    CliOptions options;
    QString error;        // empty on success
    bool helpRequested = false;
};

// One word of a command line that may be an option: "--name=value" (the value given inline) or
// "--name" (its value, if it takes one, is the next word). Every mcpscope command reads its
// options through it.
struct OptionWord
{
    QString name;                       // the whole word when it has no inline value
    std::optional<QString> inlineValue; // "--name=" gives an empty one

    static OptionWord of(const QString &word);
    // The option's value: the inline one, else the word after words[i] (i moves onto it);
    // nullopt when there is none.
    std::optional<QString> value(const QStringList &words, qsizetype &i) const;
};

// Parses the arguments that follow `--cli`. Our options may come before or after the target;
// once the target command is seen, unknown options belong to the target, and after `--`
// everything does.
ParseOutcome parseArguments(const QStringList &arguments);

// The --tool-arg rule: a value that is valid JSON is sent as that JSON, anything else as a string.
QJsonValue parseArgumentValue(const QString &text);

QString usageText();

QStringList supportedMethods();

// The versions --protocol VERSION may pin, newest first.
QStringList modernProtocolVersions();
QStringList legacyProtocolVersions();

} // namespace Mcp::Cli
