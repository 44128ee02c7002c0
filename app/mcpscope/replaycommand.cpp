#include "replaycommand.h"
#include "clioutput.h"

#include "clioptions.h"
#include "compat.h"

#include "collections/collectionrunner.h"
#include "collections/replay.h"
#include "config/serverconfig.h"
#include "protocol/keys.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>
#include <QUrl>

#include <cstdio>

namespace Mcp::Cli {

static const char ReplayUsage[] =
    "Usage: mcpscope replay CAPTURE [options] -- COMMAND [ARGS...]\n"
    "       mcpscope replay CAPTURE [options] --url URL\n"
    "\n"
    "Sends the client requests of CAPTURE (a *.jsonl capture from the window, --capture or\n"
    "mcpscope record, or a HAR file) to a fresh server and compares every answer with the\n"
    "recorded one. Request ids, timestamps, _meta and the protocol era's envelope (resultType,\n"
    "ttlMs, cacheScope) are not compared. What the client answered the server during a request\n"
    "(elicitation, sampling, roots) is answered again the same way. initialize, server/discover,\n"
    "subscriptions/listen and ping are not replayed: the new connection makes its own.\n"
    "\n"
    "Options:\n"
    "  --url URL             an HTTP or WebSocket (ws://, wss://) server instead of a command\n"
    "  --transport T         http (Streamable HTTP), sse (legacy) or auto (default) for --url\n"
    "  --header \"Name: v\"    HTTP header (repeatable)\n"
    "  -e KEY=VALUE          environment variable for the command (repeatable)\n"
    "  --protocol ERA        auto (default), modern, legacy or a version\n"
    "  --connection N        which connection of the capture (default: the first with requests)\n"
    "  --format F            text (default) or json\n"
    "  --connect-timeout MS  how long the server may take to connect (default 30000)\n"
    "  -h, --help            this text\n"
    "\n"
    "Exit codes: 0 every answer the same, 1 differences, 2 usage or an unreadable capture,\n"
    "3 the server requires authorization, 4 the server could not be started or reached.\n";

static QString compact(const QJsonValue &value)
{
    if (value.isUndefined())
        return QStringLiteral("(absent)");
    QString text = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
    text = text.mid(1, text.size() - 2);
    return text.size() > 160 ? text.left(160) + QStringLiteral("…") : text;
}

static QString label(const ReplayStep &step)
{
    const QString name = step.params.value(Key::Name).toString();
    const QString uri = step.params.value(Key::Uri).toString();
    return QStringLiteral("#%1 %2").arg(step.ordinal).arg(step.method) + (name.isEmpty() ? (uri.isEmpty() ? QString() : u' ' + uri) : u' ' + name);
}

int runReplay(const QStringList &arguments)
{
    QString capturePath, url, format = QStringLiteral("text");
    QStringList command;
    ServerConfig config = ServerConfig::create(QStringLiteral("replay"));
    ServerConfig::TransportType httpTransport = ServerConfig::TransportType::Auto;
    CollectionRunner::Options options;
    options.connectTimeoutMs = 30000;
    TraceOptions trace;
    int connectionId = 0;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString arg = arguments.at(i);
        if (arg == QLatin1String("--")) {
            command = arguments.mid(i + 1);
            break;
        }
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            std::fputs(ReplayUsage, stdout);
            std::fputs(("\n" + TraceOptions::helpText()).toUtf8().constData(), stdout);
            return ExitOk;
        }
        static const QStringList valued{QStringLiteral("--url"), QStringLiteral("--transport"), QStringLiteral("--header"),
                                        QStringLiteral("-e"), QStringLiteral("--protocol"), QStringLiteral("--connection"),
                                        QStringLiteral("--format"), QStringLiteral("--connect-timeout")};
        // "--name value" or "--name=value".
        const OptionWord word = OptionWord::of(arg);
        const QString &name = word.name;
        if (TraceOptions::flagNames().contains(name) && !word.inlineValue) {
            trace.take(name, QString());
            continue;
        }
        if (valued.contains(name) || TraceOptions::valuedNames().contains(name)) {
            const std::optional<QString> given = word.value(arguments, i);
            if (!given) {
                writeCommandError("replay", tr("%1 needs a value").arg(name));
                return ExitUsage;
            }
            const QString value = *given;
            bool ok = true;
            if (TraceOptions::valuedNames().contains(name)) {
                if (const QString error = trace.take(name, value); !error.isEmpty()) {
                    writeCommandError("replay", error);
                    return ExitUsage;
                }
            } else if (name == QLatin1String("--url")) {
                url = value;
            } else if (name == QLatin1String("--transport")) {
                if (value == QLatin1String("http"))
                    httpTransport = ServerConfig::TransportType::StreamableHttp;
                else if (value == QLatin1String("sse"))
                    httpTransport = ServerConfig::TransportType::Sse;
                else if (value == QLatin1String("auto"))
                    httpTransport = ServerConfig::TransportType::Auto;
                else
                    ok = false;
            } else if (name == QLatin1String("--header")) {
                ok = value.contains(u':');
                config.headers.append({value.section(u':', 0, 0).trimmed(), value.section(u':', 1).trimmed(), false});
            } else if (name == QLatin1String("-e")) {
                ok = value.contains(u'=');
                config.env.append({value.section(u'=', 0, 0), value.section(u'=', 1), false});
            } else if (name == QLatin1String("--protocol")) {
                options.era = Modern::EraChoice::fromString(value, Client::supportedModernVersions(), Client::supportedProtocolVersions());
                ok = options.era.has_value();
            } else if (name == QLatin1String("--connection")) {
                connectionId = value.toInt(&ok);
                ok = ok && connectionId > 0;
            } else if (name == QLatin1String("--format")) {
                format = value;
                ok = value == QLatin1String("text") || value == QLatin1String("json");
            } else {
                options.connectTimeoutMs = value.toInt(&ok);
                ok = ok && options.connectTimeoutMs > 0;
            }
            if (!ok) {
                writeCommandError("replay", tr("%1: \"%2\" is not a valid value (mcpscope replay --help)").arg(name, value));
                return ExitUsage;
            }
            continue;
        }
        if (arg.startsWith(u'-')) {
            writeCommandError("replay", tr("unknown option %1 (mcpscope replay --help)").arg(arg));
            return ExitUsage;
        }
        if (!capturePath.isEmpty()) {
            writeCommandError("replay", tr("give one capture, then the server after \"--\" or with --url (mcpscope replay --help)"));
            return ExitUsage;
        }
        capturePath = arg;
    }
    if (capturePath.isEmpty() || (command.isEmpty() == url.isEmpty())) {
        writeCommandError("replay", tr("give a capture and a server: -- COMMAND [ARGS...] or --url URL (mcpscope replay --help)"));
        return ExitUsage;
    }
    const CapturedMessages capture = CapturedMessages::readFile(capturePath);
    if (!capture.error.isEmpty()) {
        writeCommandError("replay", capture.error);
        return ExitUsage;
    }
    const ReplayPlan plan = ReplayPlan::fromCapture(capture, connectionId);
    if (plan.steps.isEmpty()) {
        writeCommandError("replay", tr("%1 holds no client requests to replay%2").arg(capturePath,
                 connectionId ? tr(" on connection %1").arg(connectionId) : QString()));
        return ExitUsage;
    }
    if (url.isEmpty()) {
        config.transport = ServerConfig::TransportType::Stdio;
        config.command = command.first();
        config.args = command.mid(1);
    } else {
        config.transport = httpTransport;
        config.url = url;
    }
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false\nmcp.*.warning=false"));
    const CollectionServer server{config.name, config, QString()};
    options.keepTraffic = trace.wanted();
    options.propagateTraceContext = trace.propagate;
    CollectionRunner runner(plan.toCollection(server), options);
    QObject::connect(&runner, &CollectionRunner::finished, qApp, [] { QCoreApplication::exit(0); });
    QTimer::singleShot(0, &runner, &CollectionRunner::start);
    QCoreApplication::exec();
    const RunReport report = runner.report();
    const QList<ReplayStepResult> results = compareReplay(plan, report);
    const int different = int(std::count_if(results.begin(), results.end(), [](const ReplayStepResult &r) { return !r.same(); }));

    if (format == QLatin1String("json")) {
        QJsonArray steps;
        for (const ReplayStepResult &r : results) {
            QJsonArray diffs;
            for (const ReplayDifference &d : r.differences) {
                QJsonObject diff{{QStringLiteral("path"), d.path}};
                if (!d.recorded.isUndefined())
                    diff.insert(QStringLiteral("recorded"), d.recorded);
                if (!d.replayed.isUndefined())
                    diff.insert(QStringLiteral("replayed"), d.replayed);
                diffs.append(diff);
            }
            steps.append(QJsonObject{{QStringLiteral("ordinal"), r.step.ordinal},
                                     {QStringLiteral("method"), r.step.method},
                                     {QStringLiteral("params"), r.step.params},
                                     {QStringLiteral("same"), r.same()},
                                     {QStringLiteral("elapsedMs"), r.outcome.response.elapsedMs},
                                     {QStringLiteral("differences"), diffs}});
        }
        const QJsonObject out{{QStringLiteral("capture"), capturePath},
                              {QStringLiteral("connection"), plan.connectionId},
                              {QStringLiteral("replayed"), int(results.size())},
                              {QStringLiteral("same"), int(results.size()) - different},
                              {QStringLiteral("different"), different},
                              {QStringLiteral("skipped"), plan.skipped},
                              {QStringLiteral("steps"), steps}};
        writeLine(stdout, QJsonDocument(out).toJson(QJsonDocument::Indented));
    } else {
        QStringList lines;
        for (const ReplayStepResult &r : results) {
            lines.append(QStringLiteral("%1  %2").arg(r.same() ? QStringLiteral("same   ") : QStringLiteral("DIFFERS"), label(r.step)));
            for (const ReplayDifference &d : r.differences)
                lines.append(QStringLiteral("      %1: %2 -> %3").arg(d.path, compact(d.recorded), compact(d.replayed)));
        }
        lines.append(QStringLiteral("replayed %1 requests: %2 same, %3 different (%4 lifecycle requests not replayed)")
                         .arg(results.size())
                         .arg(results.size() - different)
                         .arg(different)
                         .arg(plan.skipped));
        writeLine(stdout, lines.join(u'\n').toUtf8());
    }
    if (trace.wanted()) {
        QString error;
        if (!trace.deliver(runner.traffic(), runner.connectionNames(), config.secretValues(), &error)) {
            writeCommandError("replay", error);
            return ExitUsage;
        }
    }
    for (const auto &[name, error] : report.unreachable) {
        writeCommandError("replay", error);
        return v2ExitCode(ExitConnectFailed, error);
    }
    return different > 0 ? 1 : 0;
}

} // namespace Mcp::Cli
