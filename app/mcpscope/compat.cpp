#include "compat.h"
#include "clioutput.h"

#include "clirunner.h"

#include "config/hostconfigs.h"
#include "config/mcpjson.h"
#include "config/serverconfig.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTimer>

#include <cstdio>

namespace Mcp::Cli {

static const QStringList &v2OnlyMethods()
{
    static const QStringList methods{QStringLiteral("initialize"), QStringLiteral("servers/list"),
                                     QStringLiteral("servers/show")};
    return methods;
}

// The options of the Inspector's CLI (both generations) that may open its side of a v2 "--".
static const QStringList &inspectorOptions()
{
    static const QStringList names{
        QStringLiteral("--method"), QStringLiteral("--tool-name"), QStringLiteral("--tool-arg"),
        QStringLiteral("--tool-args-json"), QStringLiteral("--uri"), QStringLiteral("--prompt-name"),
        QStringLiteral("--prompt-args"), QStringLiteral("--log-level"), QStringLiteral("--format"),
        QStringLiteral("--compat"), QStringLiteral("--connect-timeout"), QStringLiteral("--header"),
        QStringLiteral("--transport")};
    return names;
}

CompatSelection selectCompat(const QStringList &arguments)
{
    CompatSelection s;
    bool v2Spelling = false;
    // Only our side of a "--" is looked at; the option may come as "--name value" or "--name=value".
    const qsizetype dashDash = arguments.indexOf(QStringLiteral("--"));
    QStringList options = dashDash < 0 ? arguments : arguments.mid(0, dashDash);
    const QStringList tail = dashDash < 0 ? QStringList() : arguments.mid(dashDash + 1);
    QStringList kept;
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QString arg = options.at(i);
        const OptionWord word = OptionWord::of(arg);
        const QString &name = word.name;
        const std::optional<QString> &value = word.inlineValue;
        auto takeValue = [&]() -> std::optional<QString> {
            const std::optional<QString> given = word.value(options, i);
            if (!given)
                s.error = tr("%1 needs a value").arg(name);
            return given;
        };
        // A value that must be one of two words; nullopt (and s.error) when it is missing or another.
        auto takeEither = [&](QLatin1StringView first, QLatin1StringView second) -> std::optional<QString> {
            const auto v = takeValue();
            if (v && *v != first && *v != second) {
                s.error = tr("%1 must be %2 or %3, not \"%4\"").arg(name, first, second, *v);
                return std::nullopt;
            }
            return v;
        };
        if (name == QLatin1String("--compat")) {
            const auto v = takeEither(QLatin1StringView("v1"), QLatin1StringView("v2"));
            if (!v)
                return s;
            s.generation = *v == QLatin1String("v2") ? Generation::V2 : Generation::V1;
            s.explicitChoice = true;
        } else if (name == QLatin1String("--format")) {
            v2Spelling = true;
            if (!s.explicitChoice)
                s.generation = Generation::V2; // so that its own usage error is reported the v2 way
            const auto v = takeEither(QLatin1StringView("text"), QLatin1StringView("json"));
            if (!v)
                return s;
            s.formatJson = *v == QLatin1String("json");
            v2Spelling = true;
        } else if (name == QLatin1String("--tool-args-json")) {
            v2Spelling = true;
            if (!s.explicitChoice)
                s.generation = Generation::V2;
            const auto v = takeValue();
            if (!v)
                return s;
            QJsonParseError parseError;
            const QJsonDocument document = QJsonDocument::fromJson(v->toUtf8(), &parseError);
            if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
                s.error = tr("--tool-args-json expects one JSON object, got \"%1\"").arg(*v);
                return s;
            }
            s.toolArgsJson = document.object();
            v2Spelling = true;
        } else if (name == QLatin1String("--method") && i + (value ? 0 : 1) < options.size()
                   && v2OnlyMethods().contains(value.value_or(options.value(i + 1)))) {
            s.v2Method = *takeValue();
            v2Spelling = true;
        } else {
            if (name == QLatin1String("--connect-timeout"))
                s.connectTimeoutGiven = true;
            if (name == QLatin1String("--config") || name == QLatin1String("--server")) {
                const QString v = value.value_or(options.value(i + 1));
                (name == QLatin1String("--config") ? s.configFile : s.serverName) = v;
            }
            kept.append(arg);
        }
    }
    if (!s.explicitChoice && v2Spelling)
        s.generation = Generation::V2;
    // v2 reads "--" the other way round: the target (with its own flags) before it, our options
    // after. "TARGET -- --method ..." says so by itself: v1 put the server's own flags after "--",
    // never an Inspector option with the target before it.
    const bool targetFirst = dashDash >= 0 && !kept.isEmpty() && !kept.first().startsWith(u'-');
    const bool inspectorOptionAfter = !tail.isEmpty() && inspectorOptions().contains(tail.first().section(u'=', 0, 0));
    if (targetFirst && (s.generation == Generation::V2 || (!s.explicitChoice && inspectorOptionAfter))) {
        const QStringList compat = s.explicitChoice || !tail.contains(QStringLiteral("--compat"))
            ? QStringList{QStringLiteral("--compat"), QStringLiteral("v2")} : QStringList();
        CompatSelection reversed = selectCompat(tail + compat);
        if (!reversed.error.isEmpty()) {
            s.error = reversed.error;
            return s;
        }
        reversed.arguments += QStringList{QStringLiteral("--")} + kept;
        // What the first pass found on the target side (none of it belongs to the target in v2).
        if (!reversed.toolArgsJson)
            reversed.toolArgsJson = s.toolArgsJson;
        reversed.formatJson = reversed.formatJson || s.formatJson;
        reversed.connectTimeoutGiven = reversed.connectTimeoutGiven || s.connectTimeoutGiven;
        return reversed;
    }
    s.arguments = kept;
    if (dashDash >= 0)
        s.arguments += QStringList{QStringLiteral("--")} + tail;
    return s;
}

QString v2ErrorClass(int exitCode, const QString &message)
{
    switch (exitCode) {
    case ExitOk: return {};
    case ExitUsage: return QStringLiteral("usage");
    case ExitRequestFailed: return QStringLiteral("request_failed");
    case ExitTimeout: return QStringLiteral("timeout");
    case ExitToolError: return QStringLiteral("tool_error");
    case ExitConnectionLost: return QStringLiteral("connection_lost");
    case ExitConnectFailed: {
        // The library says 401/403 or "authoriz..." when the server wants credentials we lack.
        const QString lower = message.toLower();
        if (lower.contains(QLatin1String("401")) || lower.contains(QLatin1String("403"))
            || lower.contains(QLatin1String("unauthori")) || lower.contains(QLatin1String("authoriz"))
            || lower.contains(QLatin1String("sign in")))
            return QStringLiteral("auth_required");
        return QStringLiteral("unreachable");
    }
    }
    return QStringLiteral("error");
}

int v2ExitCode(int exitCode, const QString &message)
{
    const QString kind = v2ErrorClass(exitCode, message);
    if (kind.isEmpty())
        return V2Ok;
    if (kind == QLatin1String("auth_required"))
        return V2AuthRequired;
    if (kind == QLatin1String("unreachable") || kind == QLatin1String("timeout")
        || kind == QLatin1String("connection_lost"))
        return V2Unreachable;
    if (kind == QLatin1String("tool_error"))
        return V2ToolError;
    return V2Usage;
}

QByteArray v2ErrorEnvelope(int exitCode, const QString &message)
{
    const QJsonObject error{{QStringLiteral("code"), v2ErrorClass(exitCode, message)},
                            {QStringLiteral("message"), message}};
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

// servers/list and servers/show: the --config file's entries, without connecting.
static int listServers(const CompatSelection &s, QString *error, QJsonObject *result)
{
    if (s.configFile.isEmpty()) {
        *error = tr("%1 needs --config FILE").arg(s.v2Method);
        return ExitUsage;
    }
    const McpJsonImport imported = HostConfig::readFile(s.configFile);
    if (!imported.isValid()) {
        *error = tr("cannot read %1: %2").arg(s.configFile, imported.error.toString());
        return ExitUsage;
    }
    auto describe = [](const ServerConfig &server) {
        QJsonObject entry{{QStringLiteral("name"), server.name},
                          {QStringLiteral("transport"), ServerConfig::transportToString(server.transport)}};
        if (server.usesCommand()) {
            entry.insert(QStringLiteral("command"), server.command);
            entry.insert(QStringLiteral("args"), QJsonArray::fromStringList(server.args));
        } else {
            entry.insert(QStringLiteral("url"), server.url);
        }
        return entry; // environment and headers are left out: they may hold secrets
    };
    QJsonArray servers;
    for (const ServerConfig &server : imported.servers) {
        if (s.v2Method == QLatin1String("servers/show") && server.name == s.serverName) {
            *result = describe(server);
            return ExitOk;
        }
        servers.append(describe(server));
    }
    if (s.v2Method == QLatin1String("servers/show")) {
        *error = s.serverName.isEmpty() ? tr("servers/show needs --server NAME")
                                        : tr("%1 has no server named \"%2\"").arg(s.configFile, s.serverName);
        return ExitUsage;
    }
    *result = QJsonObject{{QStringLiteral("servers"), servers}};
    return ExitOk;
}

int runWithCompat(const QStringList &arguments)
{
    const CompatSelection s = selectCompat(arguments);
    if (s.generation == Generation::V1 && s.error.isEmpty() && !s.formatJson && !s.toolArgsJson && s.v2Method.isEmpty())
        return run(s.arguments); // --compat v1 (or nothing v2-only): exactly as before
    const bool v2 = s.generation == Generation::V2;
    auto failWith = [v2](int exitCode, const QString &message) {
        writeLine(stderr, (QStringLiteral("mcpscope: ") + message).toUtf8());
        if (!v2)
            return exitCode;
        writeLine(stderr, v2ErrorEnvelope(exitCode, message));
        return v2ExitCode(exitCode, message);
    };
    if (!s.error.isEmpty())
        return failWith(ExitUsage, s.error);
    if (s.v2Method.startsWith(QLatin1String("servers/"))) {
        QString error;
        QJsonObject result;
        const int code = listServers(s, &error, &result);
        if (code != ExitOk)
            return failWith(code, error);
        const QJsonDocument document(s.formatJson ? QJsonObject{{QStringLiteral("result"), result}} : result);
        writeLine(stdout, document.toJson(s.formatJson ? QJsonDocument::Compact : QJsonDocument::Indented).trimmed());
        return v2 ? int(V2Ok) : int(ExitOk);
    }
    QStringList rest = s.arguments;
    // parseArguments() checks what a method needs; initialize needs nothing, like ping.
    if (s.v2Method == QLatin1String("initialize"))
        rest += QStringList{QStringLiteral("--method"), QStringLiteral("ping")};
    ParseOutcome parsed = parseArguments(rest);
    if (parsed.helpRequested) {
        std::fputs(usageText().toUtf8().constData(), stdout);
        return ExitOk;
    }
    if (!parsed.error.isEmpty())
        return failWith(ExitUsage, parsed.error);
    CliOptions options = parsed.options;
    if (!s.v2Method.isEmpty())
        options.method = s.v2Method;
    if (s.toolArgsJson) {
        if (options.method != QLatin1String("tools/call"))
            return failWith(ExitUsage, tr("--tool-args-json goes with --method tools/call"));
        // Verbatim: the JSON object's values as they are; --tool-arg entries add to it.
        QJsonObject merged = *s.toolArgsJson;
        for (auto it = options.toolArguments.begin(); it != options.toolArguments.end(); ++it)
            merged.insert(it.key(), it.value());
        options.toolArguments = merged;
    }
    options.resultEnvelope = s.formatJson;
    if (v2 && !s.connectTimeoutGiven)
        options.connectTimeoutMs = 15000; // v2's default, so that a black-holed host fails fast
    if (!options.watchGlobs.isEmpty())
        return failWith(ExitUsage, tr("--watch is not available with --compat v2"));
    if (!options.verbose)
        QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false\nmcp.*.warning=false"));
    int exitCode = ExitOk;
    CliRunner runner(options);
    QObject::connect(&runner, &CliRunner::finished, qApp, [&exitCode](int code) {
        exitCode = code;
        QCoreApplication::exit(code);
    });
    QTimer::singleShot(0, &runner, &CliRunner::start);
    QCoreApplication::exec();
    if (!v2 || exitCode == ExitOk)
        return exitCode;
    // v2 counts a tools/call the server refused (no such tool, bad arguments) as a tool error.
    if (options.method == QLatin1String("tools/call") && exitCode == ExitRequestFailed)
        exitCode = ExitToolError;
    // The runner said its sentence already; the envelope is the last line of stderr.
    writeLine(stderr, v2ErrorEnvelope(exitCode, runner.errorMessage()));
    return v2ExitCode(exitCode, runner.errorMessage());
}

} // namespace Mcp::Cli
