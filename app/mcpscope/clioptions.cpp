#include "clioptions.h"
#include "clioutput.h"

#include "config/registryserver.h"
#include "config/serverconfig.h"
#include "session/client.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QJsonParseError>

namespace Mcp::Cli {

QStringList supportedMethods()
{
    return {QStringLiteral("tools/list"),          QStringLiteral("tools/call"),
            QStringLiteral("resources/list"),      QStringLiteral("resources/read"),
            QStringLiteral("resources/templates/list"), QStringLiteral("prompts/list"),
            QStringLiteral("prompts/get"),         QStringLiteral("logging/setLevel"),
            QStringLiteral("ping"),                QStringLiteral("completion/complete"),
            QStringLiteral("server/discover"),     QStringLiteral("subscriptions/listen")};
}

QStringList modernProtocolVersions()
{
    return Client::supportedModernVersions();
}

QStringList legacyProtocolVersions()
{
    return Client::supportedProtocolVersions();
}

QJsonValue parseArgumentValue(const QString &text)
{
    // Wrapping in an array lets QJsonDocument accept scalars (42, true, "x", null) too.
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray('[' + text.toUtf8() + ']'), &error);
    if (error.error == QJsonParseError::NoError && document.array().size() == 1 && !text.trimmed().isEmpty())
        return document.array().first();
    return QJsonValue(text);
}

// The authorization flags, apart from the rest of the usage so that each can change alone.
static QString oauthUsageText()
{
    return tr(
        "\n"
        "Authorization (OAuth, when an HTTP server asks; each replaces the --config file's \"auth\"):\n"
        "  --oauth-client-id ID     a pre-registered client\n"
        "  --oauth-client-secret S  its secret\n"
        "  --oauth-client-key FILE  its ES256 private key (PEM) for private_key_jwt\n"
        "  --oauth-client-issuer URL  the authorization server that issued it; elsewhere the CLI\n"
        "                           registers anew\n"
        "  --oauth-client-metadata-url URL  this client's metadata document (CIMD), used where offered\n"
        "  --oauth-workload-token FILE  a workload identity JWT, exchanged in the jwt-bearer grant\n"
        "  --oauth-scopes \"A B\"     scopes to ask for instead of the server's\n"
        "  --oauth-grant G          auto (default), authorization_code or client_credentials\n"
        "  --oauth-dpop auto|off    DPoP-bound tokens where the server offers them (default auto)\n");
}

// Applies one --oauth-* flag; false (with *error) for a value it cannot take.
static bool parseOAuthOption(const QString &name, const QString &value, CliOAuthOptions *oauth, QString *error)
{
    // The flags that take any text.
    static const std::pair<QLatin1StringView, std::optional<QString> CliOAuthOptions::*> textFlags[] = {
        {QLatin1StringView("--oauth-client-id"), &CliOAuthOptions::clientId},
        {QLatin1StringView("--oauth-client-secret"), &CliOAuthOptions::clientSecret},
        {QLatin1StringView("--oauth-client-issuer"), &CliOAuthOptions::clientIssuer},
        {QLatin1StringView("--oauth-client-key"), &CliOAuthOptions::clientKeyFile},
        {QLatin1StringView("--oauth-client-metadata-url"), &CliOAuthOptions::clientMetadataUrl},
        {QLatin1StringView("--oauth-workload-token"), &CliOAuthOptions::workloadTokenFile},
        {QLatin1StringView("--oauth-scopes"), &CliOAuthOptions::scopes},
    };
    for (const auto &[flag, field] : textFlags) {
        if (name == flag) {
            oauth->*field = value;
            return true;
        }
    }
    if (name == QLatin1String("--oauth-grant")) {
        if (ServerAuth::grantToString(ServerAuth::grantFromString(value)) != value) {
            *error = tr("--oauth-grant must be auto, authorization_code or client_credentials");
            return false;
        }
        oauth->grant = value;
    } else if (name == QLatin1String("--oauth-dpop")) {
        if (value != QLatin1String("auto") && value != QLatin1String("off")) {
            *error = tr("--oauth-dpop must be auto or off");
            return false;
        }
        oauth->dpop = value;
    }
    return true;
}

QString usageText()
{
    return tr(
        "Usage: mcpscope --cli [options] [--] COMMAND [ARGS...]\n"
        "       mcpscope --cli [options] URL\n"
        "       mcpscope --cli [options] --config FILE --server NAME\n"
        "\n"
        "Runs one MCP operation headless and prints its JSON result on stdout.\n"
        "\n"
        "Server:\n"
        "  -e KEY=VALUE             environment variable for a stdio server (repeatable)\n"
        "  --cwd DIR                working directory for a stdio server\n"
        "  --config FILE            an mcp.json file (Claude, Cursor or VS Code dialect) or a registry server.json\n"
        "  --server NAME            the server of --config to use (server.json: a registry type or a remote's URL;\n"
        "                           without it, the first remote, else the first package)\n"
        "  --transport T            stdio, http (Streamable HTTP), sse (legacy) or auto (default for URLs)\n"
        "  --header \"Name: value\"   HTTP header (repeatable)\n"
        "  --protocol P             auto (default: detect the server's era), modern (2026-07-28\n"
        "                           and later, no initialize), legacy (initialize), or a version,\n"
        "                           which pins it and its era (2026-07-28, 2025-06-18...)\n"
        "\n"
        "Operation:\n"
        "  --method M               tools/list (default), tools/call, resources/list, resources/read,\n"
        "                           resources/templates/list, prompts/list, prompts/get,\n"
        "                           logging/setLevel, ping, completion/complete, server/discover,\n"
        "                           subscriptions/listen\n"
        "  --tool-name NAME         tool for tools/call\n"
        "  --tool-arg KEY=VALUE     tool argument; VALUE is parsed as JSON when it is valid JSON,\n"
        "                           else sent as a string (repeatable; several pairs may follow one)\n"
        "  --uri URI                resource for resources/read\n"
        "  --prompt-name NAME       prompt for prompts/get\n"
        "  --prompt-args KEY=VALUE  prompt argument (repeatable; several pairs may follow one)\n"
        "  --log-level LEVEL        level for logging/setLevel\n"
        "  --ref prompt:NAME|resource:URI   reference for completion/complete\n"
        "  --argument NAME=VALUE    argument being completed\n"
        "  --listen-for SECONDS     subscriptions/listen: print each notification as one JSON line\n"
        "                           as it arrives, then end after SECONDS\n"
        "  --listen-filter LIST     what to listen for, comma-separated: tools, prompts, resources\n"
        "                           (list changes), resource:URI (updates of one resource);\n"
        "                           default tools,prompts,resources\n"
        "\n"
        "Behaviour:\n"
        "  --timeout MS             request timeout, reset by progress (default 60000)\n"
        "  --max-total-timeout MS   cap on a request's total time, progress or not\n"
        "  --connect-timeout MS     time to start or reach the server and initialize (default 30000)\n"
        "  --capture FILE          write the whole traffic capture, secrets redacted: JSON Lines,\n"
        "                           or HAR 1.2 when FILE ends in .har (HTTP servers)\n"
        "  --server-stderr          pass the server's stderr through to ours\n"
        "  --elicitation A          decline (default), cancel or accept-defaults\n"
        "  --root DIR               offer DIR as a root (repeatable)\n"
        "  --compact                print the result on one line\n"
        "  --verbose                say which era and version are in use and how they were decided\n"
        "                           (probed, pinned or cached), and print the library's debug log\n"
        "                           (mcp.*) on stderr\n"
        "\n"
        "Watch (the edit, rebuild, call again loop):\n"
        "  --watch GLOB             run the operation, then again on a fresh connection (a restarted\n"
        "                           server) each time a file matching GLOB changes; relative to --cwd;\n"
        "                           repeatable; \"auto\" watches the script or binary the command runs\n"
        "  --watch-debounce MS      quiet time before a change counts (default 300)\n"
        "  --watch-runs N           stop after N runs (default: until interrupted); with --capture,\n"
        "                           run K writes FILE with -runK before its extension\n"
        "\n"
        "Exit codes: 0 ok, 1 the server answered with an error, 2 usage, 3 could not connect or\n"
        "initialize, 4 timeout, 5 the tool reported isError, 6 connection lost mid-request.\n"
        "\n"
        "MCP Inspector v2 compatibility (chosen by --compat v2, or by a v2-only spelling below):\n"
        "  --compat v1|v2           v1 (default): the exit codes above; v2: 0 ok, 1 usage or other\n"
        "                           error, 3 authorization required, 4 unreachable or timed out,\n"
        "                           5 tool error (isError: true or the tool refused), and one JSON\n"
        "                           line {\"error\":{\"code\",\"message\"}} last on stderr\n"
        "  --format text|json       json: one {\"result\": ...} line on stdout\n"
        "  --tool-args-json JSON    tools/call arguments as one JSON object, verbatim\n"
        "  --method initialize      what the connection learned (version, capabilities, serverInfo)\n"
        "  --method servers/list|servers/show   the --config file's servers, without connecting\n"
        "  TARGET... -- OPTIONS     v2 order: the server (with its flags) before \"--\", ours after\n"
        "  In v2 --connect-timeout defaults to 15000.\n")
        + oauthUsageText() + u'\n' + NetworkOptions::helpText() + u'\n' + TraceOptions::helpText();
}

// "tools,prompts,resources,resource:URI" into *filter; false for an empty or unknown entry.
static bool parseListenFilter(const QString &text, Modern::SubscriptionFilter *filter)
{
    static const QLatin1StringView resourcePrefix("resource:");
    for (const QString &entry : text.split(u',')) {
        const QString item = entry.trimmed();
        if (item == QLatin1String("tools"))
            filter->toolsListChanged = true;
        else if (item == QLatin1String("prompts"))
            filter->promptsListChanged = true;
        else if (item == QLatin1String("resources"))
            filter->resourcesListChanged = true;
        else if (item.startsWith(resourcePrefix) && item.size() > resourcePrefix.size())
            filter->resourceSubscriptions.append(item.mid(resourcePrefix.size()));
        else
            return false;
    }
    return true;
}

static bool splitPair(const QString &text, QChar separator, QString *key, QString *value)
{
    const qsizetype at = text.indexOf(separator);
    if (at <= 0)
        return false;
    *key = text.left(at).trimmed();
    *value = text.mid(at + 1);
    if (separator == u':')
        *value = value->trimmed();
    return !key->isEmpty();
}

// A further KEY=VALUE after --tool-arg or --prompt-args (the Inspector v1 takes them all): a
// name, "=", anything. A server command (node, ./server, -x) does not look like one.
static bool looksLikePair(const QString &text)
{
    static const QRegularExpression pair(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.-]*="));
    return pair.match(text).hasMatch();
}

OptionWord OptionWord::of(const QString &word)
{
    const qsizetype eq = word.indexOf(u'=');
    if (!word.startsWith(QLatin1String("--")) || eq < 0)
        return {word, std::nullopt};
    return {word.left(eq), word.mid(eq + 1)};
}

std::optional<QString> OptionWord::value(const QStringList &words, qsizetype &i) const
{
    if (inlineValue)
        return inlineValue;
    if (i + 1 >= words.size())
        return std::nullopt;
    return words.at(++i);
}

ParseOutcome parseArguments(const QStringList &arguments)
{
    ParseOutcome outcome;
    CliOptions &o = outcome.options;
    bool targetSeen = false;
    bool allTarget = false;

    auto fail = [&outcome](const QString &message) {
        outcome.error = message;
        return outcome;
    };

    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString arg = arguments.at(i);
        auto addTarget = [&] {
            if (!targetSeen) {
                o.target = arg;
                targetSeen = true;
            } else {
                o.targetArguments.append(arg);
            }
        };
        if (allTarget) {
            addTarget();
            continue;
        }
        if (arg == QLatin1String("--")) {
            allTarget = true;
            continue;
        }
        // "--name=value" is accepted as well as "--name value".
        const OptionWord word = OptionWord::of(arg);
        const QString &name = word.name;
        static const QStringList valued = {
            QStringLiteral("-e"), QStringLiteral("--cwd"), QStringLiteral("--config"),
            QStringLiteral("--server"), QStringLiteral("--transport"), QStringLiteral("--header"),
            QStringLiteral("--method"), QStringLiteral("--tool-name"), QStringLiteral("--tool-arg"),
            QStringLiteral("--uri"), QStringLiteral("--prompt-name"), QStringLiteral("--prompt-args"),
            QStringLiteral("--log-level"), QStringLiteral("--timeout"), QStringLiteral("--max-total-timeout"),
            QStringLiteral("--connect-timeout"),
            QStringLiteral("--capture"), QStringLiteral("--elicitation"), QStringLiteral("--root"),
            QStringLiteral("--ref"), QStringLiteral("--argument"), QStringLiteral("--oauth-client-id"),
            QStringLiteral("--oauth-client-secret"), QStringLiteral("--oauth-client-issuer"),
            QStringLiteral("--oauth-client-key"), QStringLiteral("--oauth-client-metadata-url"),
            QStringLiteral("--oauth-workload-token"), QStringLiteral("--oauth-scopes"), QStringLiteral("--oauth-grant"),
            QStringLiteral("--oauth-dpop"), QStringLiteral("--protocol"), QStringLiteral("--listen-for"),
            QStringLiteral("--listen-filter"), QStringLiteral("--watch"), QStringLiteral("--watch-debounce"),
            QStringLiteral("--watch-runs")};
        static const QStringList flags = {QStringLiteral("--server-stderr"), QStringLiteral("--compact"),
                                          QStringLiteral("--verbose"), QStringLiteral("--help"), QStringLiteral("-h"), QStringLiteral("--cli")};
        if (TraceOptions::flagNames().contains(name) && !word.inlineValue) {
            o.trace.take(name, QString());
            continue;
        }
        if (NetworkOptions::flagNames().contains(name) && !word.inlineValue) {
            if (const QString error = o.network.take(name, QString()); !error.isEmpty())
                return fail(error);
            continue;
        }
        if (flags.contains(name) && !word.inlineValue) {
            if (name == QLatin1String("--server-stderr"))
                o.passServerStderr = true;
            else if (name == QLatin1String("--compact"))
                o.compact = true;
            else if (name == QLatin1String("--verbose"))
                o.verbose = true;
            else if (name == QLatin1String("--help") || name == QLatin1String("-h"))
                outcome.helpRequested = true;
            continue; // a repeated --cli is harmless
        }
        if (!valued.contains(name) && !TraceOptions::valuedNames().contains(name)
            && !NetworkOptions::valuedNames().contains(name)) {
            if (arg.startsWith(u'-') && !targetSeen)
                return fail(tr("unknown option %1 (use --help; put the server command after --)").arg(arg));
            addTarget();
            continue;
        }
        const std::optional<QString> given = word.value(arguments, i);
        if (!given)
            return fail(tr("%1 needs a value").arg(name));
        const QString value = *given;
        QString key, pairValue;
        if (name == QLatin1String("-e")) {
            if (!splitPair(value, u'=', &key, &pairValue))
                return fail(tr("-e expects KEY=VALUE, got \"%1\"").arg(value));
            o.environment.append({key, pairValue});
        } else if (name == QLatin1String("--cwd")) {
            o.workingDirectory = value;
        } else if (name == QLatin1String("--config")) {
            o.configFile = value;
        } else if (name == QLatin1String("--server")) {
            o.serverName = value;
        } else if (name == QLatin1String("--transport")) {
            const QString t = value.toLower();
            if (t == QLatin1String("stdio"))
                o.transport = TransportChoice::Stdio;
            else if (t == QLatin1String("http") || t == QLatin1String("streamable-http") || t == QLatin1String("streamablehttp"))
                o.transport = TransportChoice::Http;
            else if (t == QLatin1String("sse"))
                o.transport = TransportChoice::Sse;
            else if (t == QLatin1String("auto"))
                o.transport = TransportChoice::Auto;
            else
                return fail(tr("--transport must be stdio, http, sse or auto, not \"%1\"").arg(value));
        } else if (name == QLatin1String("--header")) {
            if (!splitPair(value, u':', &key, &pairValue))
                return fail(tr("--header expects \"Name: value\", got \"%1\"").arg(value));
            o.headers.append({key, pairValue});
        } else if (name == QLatin1String("--method")) {
            if (!supportedMethods().contains(value))
                return fail(tr("unsupported --method \"%1\"; supported: %2").arg(value, supportedMethods().join(QStringLiteral(", "))));
            o.method = value;
        } else if (name == QLatin1String("--tool-name")) {
            o.toolName = value;
        } else if (name == QLatin1String("--tool-arg")) {
            if (!splitPair(value, u'=', &key, &pairValue))
                return fail(tr("--tool-arg expects KEY=VALUE, got \"%1\"").arg(value));
            o.toolArguments.insert(key, parseArgumentValue(pairValue));
            // The Inspector v1 spelling: several pairs after one --tool-arg (a=1 b=2).
            while (!word.inlineValue && i + 1 < arguments.size() && looksLikePair(arguments.at(i + 1))) {
                splitPair(arguments.at(++i), u'=', &key, &pairValue);
                o.toolArguments.insert(key, parseArgumentValue(pairValue));
            }
        } else if (name == QLatin1String("--uri")) {
            o.uri = value;
        } else if (name == QLatin1String("--prompt-name")) {
            o.promptName = value;
        } else if (name == QLatin1String("--prompt-args")) {
            if (!splitPair(value, u'=', &key, &pairValue))
                return fail(tr("--prompt-args expects KEY=VALUE, got \"%1\"").arg(value));
            o.promptArguments.insert(key, pairValue);
            while (!word.inlineValue && i + 1 < arguments.size() && looksLikePair(arguments.at(i + 1))) {
                splitPair(arguments.at(++i), u'=', &key, &pairValue);
                o.promptArguments.insert(key, pairValue);
            }
        } else if (name == QLatin1String("--log-level")) {
            static const QStringList levels = {QStringLiteral("debug"), QStringLiteral("info"), QStringLiteral("notice"),
                                               QStringLiteral("warning"), QStringLiteral("error"), QStringLiteral("critical"),
                                               QStringLiteral("alert"), QStringLiteral("emergency")};
            if (!levels.contains(value))
                return fail(tr("--log-level must be one of %1").arg(levels.join(QStringLiteral(", "))));
            o.logLevel = value;
        } else if (name == QLatin1String("--timeout") || name == QLatin1String("--max-total-timeout")
                   || name == QLatin1String("--connect-timeout")) {
            bool ok = false;
            const int ms = value.toInt(&ok);
            if (!ok || ms < 0)
                return fail(tr("%1 expects milliseconds, got \"%2\"").arg(name, value));
            (name == QLatin1String("--timeout")           ? o.timeoutMs
             : name == QLatin1String("--max-total-timeout") ? o.maxTotalTimeoutMs
                                                             : o.connectTimeoutMs) = ms;
        } else if (name == QLatin1String("--capture")) {
            o.captureFile = value;
        } else if (TraceOptions::valuedNames().contains(name)) {
            if (const QString error = o.trace.take(name, value); !error.isEmpty())
                return fail(error);
        } else if (NetworkOptions::valuedNames().contains(name)) {
            if (const QString error = o.network.take(name, value); !error.isEmpty())
                return fail(error);
        } else if (name == QLatin1String("--elicitation")) {
            if (value == QLatin1String("decline"))
                o.elicitation = ElicitationAnswer::Decline;
            else if (value == QLatin1String("cancel"))
                o.elicitation = ElicitationAnswer::Cancel;
            else if (value == QLatin1String("accept-defaults"))
                o.elicitation = ElicitationAnswer::AcceptDefaults;
            else
                return fail(tr("--elicitation must be decline, cancel or accept-defaults"));
        } else if (name == QLatin1String("--root")) {
            o.roots.append(value);
        } else if (name == QLatin1String("--ref")) {
            if (!value.startsWith(QLatin1String("prompt:")) && !value.startsWith(QLatin1String("resource:")))
                return fail(tr("--ref expects prompt:NAME or resource:URI-TEMPLATE"));
            o.completionRef = value;
        } else if (name == QLatin1String("--argument")) {
            if (!value.contains(u'='))
                return fail(tr("--argument expects NAME=VALUE"));
            o.completionArgument = value;
        } else if (name == QLatin1String("--protocol")) {
            o.protocol = Modern::EraChoice::fromString(value, modernProtocolVersions(), legacyProtocolVersions());
            if (!o.protocol)
                return fail(tr("--protocol must be auto, modern, legacy or one of the versions %1, not \"%2\"")
                                .arg((modernProtocolVersions() + legacyProtocolVersions()).join(QStringLiteral(", ")), value));
        } else if (name == QLatin1String("--listen-for")) {
            bool ok = false;
            o.listenForSeconds = value.toInt(&ok);
            if (!ok || o.listenForSeconds <= 0)
                return fail(tr("--listen-for expects a number of seconds, got \"%1\"").arg(value));
        } else if (name == QLatin1String("--watch")) {
            if (value.trimmed().isEmpty())
                return fail(tr("--watch expects a glob such as \"build/**\", or auto"));
            o.watchGlobs.append(value.trimmed());
        } else if (name == QLatin1String("--watch-debounce") || name == QLatin1String("--watch-runs")) {
            bool ok = false;
            const int number = value.toInt(&ok);
            if (!ok || number < 0)
                return fail(tr("%1 expects a number, got \"%2\"").arg(name, value));
            (name == QLatin1String("--watch-runs") ? o.watchRuns : o.watchDebounceMs) = number;
        } else if (name == QLatin1String("--listen-filter")) {
            if (!parseListenFilter(value, &o.listenFilter))
                return fail(tr("--listen-filter expects tools, prompts, resources or resource:URI, comma-separated, got \"%1\"").arg(value));
        } else if (QString error; !parseOAuthOption(name, value, &o.oauth, &error)) {
            return fail(error);
        }
    }

    if (outcome.helpRequested)
        return outcome;
    if (o.method.isEmpty())
        o.method = QStringLiteral("tools/list");
    if (o.target.isEmpty() && o.configFile.isEmpty())
        return fail(tr("no server given: name a command, a URL, or --config FILE --server NAME"));
    if (!o.target.isEmpty() && !o.configFile.isEmpty())
        return fail(tr("give either a server command/URL or --config, not both"));
    if (!o.configFile.isEmpty() && o.serverName.isEmpty() && !RegistryServer::isServerJsonFile(o.configFile))
        return fail(tr("--config needs --server NAME"));
    if (o.method == QLatin1String("tools/call") && o.toolName.isEmpty())
        return fail(tr("tools/call needs --tool-name"));
    if (o.method == QLatin1String("resources/read") && o.uri.isEmpty())
        return fail(tr("resources/read needs --uri"));
    if (o.method == QLatin1String("prompts/get") && o.promptName.isEmpty())
        return fail(tr("prompts/get needs --prompt-name"));
    if (o.method == QLatin1String("logging/setLevel") && o.logLevel.isEmpty())
        return fail(tr("logging/setLevel needs --log-level"));
    const bool listens = o.method == Method::SubscriptionsListen;
    if (o.watchGlobs.isEmpty() && (o.watchRuns > 0 || o.watchDebounceMs != CliOptions().watchDebounceMs))
        return fail(tr("--watch-runs and --watch-debounce go with --watch GLOB"));
    if (listens && o.listenForSeconds == 0)
        return fail(tr("subscriptions/listen needs --listen-for SECONDS"));
    if (!listens && (o.listenForSeconds > 0 || !o.listenFilter.isEmpty()))
        return fail(tr("--listen-for and --listen-filter go with --method subscriptions/listen"));
    if (listens && o.listenFilter.isEmpty())
        o.listenFilter = {true, true, true, {}};
    if (o.method == QLatin1String("completion/complete") && (o.completionRef.isEmpty() || o.completionArgument.isEmpty()))
        return fail(tr("completion/complete needs --ref and --argument"));
    const bool isUrl = o.target.startsWith(QLatin1String("http://")) || o.target.startsWith(QLatin1String("https://"));
    const bool isWebSocket = o.target.startsWith(QLatin1String("ws://")) || o.target.startsWith(QLatin1String("wss://"));
    if ((isUrl || isWebSocket) && o.transport == TransportChoice::Stdio)
        return fail(tr("--transport stdio cannot be used with a URL"));
    // The scheme chooses WebSocket; an HTTP flavour asked for with it is a contradiction.
    if (isWebSocket && (o.transport == TransportChoice::Http || o.transport == TransportChoice::Sse))
        return fail(tr("--transport %1 cannot be used with a ws:// or wss:// URL: WebSocket is chosen by the URL")
                        .arg(o.transport == TransportChoice::Http ? QStringLiteral("http") : QStringLiteral("sse")));
    if (!o.target.isEmpty() && !isUrl && (o.transport == TransportChoice::Http || o.transport == TransportChoice::Sse))
        return fail(tr("--transport %1 needs an http:// or https:// URL").arg(o.transport == TransportChoice::Http ? QStringLiteral("http") : QStringLiteral("sse")));
    return outcome;
}

} // namespace Mcp::Cli
