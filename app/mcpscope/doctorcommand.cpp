#include "doctorcommand.h"
#include "clioutput.h"

#include "clioptions.h"
#include "clirunner.h"

#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "doctor/catalog.h"
#include "doctor/doctorrun.h"
#include "session/client.h"
#include "transport/trafficevent.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTimer>

#include <cstdio>

namespace Mcp::Cli {

namespace {

const char DoctorUsage[] =
    "Usage: mcpscope doctor [options] [--] COMMAND [ARGS...]\n"
    "       mcpscope doctor [options] URL\n"
    "       mcpscope doctor [options] --config FILE --server NAME\n"
    "       mcpscope doctor --list-checks [--format text|json|markdown]\n"
    "\n"
    "Connects to the server (in the era it speaks), lists everything it offers and reports what a\n"
    "host will trip on: tool names, schemas, descriptions, resource URIs and templates, prompt\n"
    "arguments, text hidden from the user or addressed to the model, the size of the tool list.\n"
    "It asks what hosts ask at the edges: a method, tool, prompt or resource the server does not\n"
    "have, a request without its parameters, lists it did not declare, a cursor it never gave;\n"
    "it walks every list page by page and times it; in the legacy era it pings, and opens a\n"
    "second connection to ask for a protocol version from the future. At a URL it also sends\n"
    "requests of its own, as a web page or a careless client would: a foreign Origin and Host\n"
    "(DNS rebinding), an unsupported MCP-Protocol-Version, an unknown session, the GET stream\n"
    "and DELETE. A finding about an answer shows the exchange.\n"
    "Nothing that could change the server's state is called: only tools annotated readOnlyHint:\n"
    "true, and only with arguments given (--call) or made from their schemas (--sample-calls);\n"
    "their results are checked as a host reads them (content; structuredContent against the\n"
    "outputSchema).\n"
    "\n"
    "Options:\n"
    "  --format F            text (default), json, markdown (to paste into an issue), junit (for\n"
    "                        CI: a test case per check that applies, failing when it found\n"
    "                        something at or above --fail-on) or sarif (SARIF 2.1.0, for\n"
    "                        code-scanning dashboards)\n"
    "  --fail-on LEVEL       error (default), warning or info: exit 1 when a finding is at least this\n"
    "  --only CATEGORY,...   only these categories (transport, http, lifecycle, modern, tools,\n"
    "                        resources, prompts, pagination, performance, security)\n"
    "  --skip ID,...         leave out these findings (e.g. tools.description.missing)\n"
    "  --list-checks         print every check (its id, level, title, rule, fix and when it\n"
    "                        applies) and exit, with no server\n"
    "  --connect-timeout MS  how long the server may take to connect (default 30000)\n"
    "  --call NAME=JSON      call the read-only tool NAME with these arguments (repeatable)\n"
    "  --sample-calls        call the other read-only tools with arguments made from their schemas\n"
    "  -e, --header, --cwd, --transport, --protocol, --config, --server: as for mcpscope --cli\n"
    "  -h, --help            this text\n"
    "\n"
    "Exit codes: 0 nothing at or above --fail-on, 1 something is, 2 usage, 3 the server could not\n"
    "be started, reached or initialized.\n";

struct DoctorOptions
{
    QString format = QStringLiteral("text");
    bool listChecks = false;
    Doctor::Severity failOn = Doctor::Severity::Error;
    QStringList only;
    QStringList skip;
    int connectTimeoutMs = 30000;
    QHash<QString, QJsonObject> callArguments;
    bool sampleCalls = false;
    QStringList serverArguments; // for parseArguments: the server and how to reach it
};

// The doctor's own options, anywhere before "--"; everything else names the server.
std::optional<DoctorOptions> parseDoctorOptions(const QStringList &arguments, QString *error, bool *help)
{
    DoctorOptions options;
    static const QStringList valued{QStringLiteral("--format"), QStringLiteral("--fail-on"), QStringLiteral("--only"),
                                    QStringLiteral("--skip"), QStringLiteral("--connect-timeout"), QStringLiteral("--call")};
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString arg = arguments.at(i);
        if (arg == QLatin1String("--")) {
            options.serverArguments += arguments.mid(i);
            break;
        }
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            *help = true;
            return options;
        }
        if (arg == QLatin1String("--list-checks")) {
            options.listChecks = true;
            continue;
        }
        const OptionWord word = OptionWord::of(arg);
        const QString &name = word.name;
        if (arg == QLatin1String("--sample-calls")) {
            options.sampleCalls = true;
            continue;
        }
        if (!valued.contains(name)) {
            options.serverArguments.append(arg);
            continue;
        }
        const std::optional<QString> given = word.value(arguments, i);
        if (!given) {
            *error = tr("%1 needs a value").arg(name);
            return std::nullopt;
        }
        const QString value = *given;
        if (name == QLatin1String("--format")) {
            static const QStringList formats{QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("markdown"),
                                             QStringLiteral("junit"), QStringLiteral("sarif")};
            if (!formats.contains(value)) {
                *error = tr("--format must be text, json, markdown, junit or sarif");
                return std::nullopt;
            }
            options.format = value;
        } else if (name == QLatin1String("--fail-on")) {
            const auto level = Doctor::severityNamed(value);
            if (!level) {
                *error = tr("--fail-on must be error, warning or info");
                return std::nullopt;
            }
            options.failOn = *level;
        } else if (name == QLatin1String("--only")) {
            options.only = value.split(u',', Qt::SkipEmptyParts);
        } else if (name == QLatin1String("--skip")) {
            options.skip = value.split(u',', Qt::SkipEmptyParts);
        } else if (name == QLatin1String("--call")) {
            const qsizetype equals = value.indexOf(u'=');
            QJsonParseError parseError;
            const QJsonDocument arguments = QJsonDocument::fromJson(value.mid(equals + 1).toUtf8(), &parseError);
            if (equals <= 0 || !arguments.isObject()) {
                *error = equals <= 0 ? tr("--call expects NAME=JSON, e.g. --call search='{\"query\": \"mcp\"}'")
                                     : tr("--call %1: the arguments must be a JSON object (%2)")
                                           .arg(value.left(equals), arguments.isNull() ? parseError.errorString() : tr("not an object"));
                return std::nullopt;
            }
            options.callArguments.insert(value.left(equals), arguments.object());
        } else {
            bool ok = false;
            options.connectTimeoutMs = value.toInt(&ok);
            if (!ok || options.connectTimeoutMs <= 0) {
                *error = tr("--connect-timeout expects milliseconds");
                return std::nullopt;
            }
        }
    }
    if (options.listChecks && (options.format == QLatin1String("junit") || options.format == QLatin1String("sarif"))) {
        *error = tr("--list-checks prints text, json or markdown");
        return std::nullopt;
    }
    return options;
}

int listChecks(const QString &format)
{
    if (format == QLatin1String("json"))
        writeLine(stdout, QJsonDocument(QJsonObject{{QStringLiteral("checks"), Doctor::catalogJson()}}).toJson(QJsonDocument::Indented));
    else if (format == QLatin1String("markdown"))
        writeLine(stdout, Doctor::catalogMarkdown());
    else
        writeLine(stdout, Doctor::catalogText());
    return ExitOk;
}

} // namespace

int runDoctor(const QStringList &arguments)
{
    QString error;
    bool help = false;
    const std::optional<DoctorOptions> doctor = parseDoctorOptions(arguments, &error, &help);
    if (help) {
        std::fputs(DoctorUsage, stdout);
        return ExitOk;
    }
    if (!doctor) {
        writeCommandError("doctor", error);
        return ExitUsage;
    }
    if (doctor->listChecks)
        return listChecks(doctor->format);
    const ParseOutcome parsed = parseArguments(doctor->serverArguments);
    // tools/list is --cli's operation when none is named.
    if (parsed.error.isEmpty() && (parsed.options.method != QLatin1String("tools/list") || !parsed.options.toolName.isEmpty()
                                   || !parsed.options.captureFile.isEmpty() || !parsed.options.watchGlobs.isEmpty())) {
        writeCommandError("doctor", tr("the doctor calls nothing by hand: leave out --method, --tool-name, --capture and --watch"));
        return ExitUsage;
    }
    ServerConfig config;
    if (!parsed.error.isEmpty() || !serverConfiguration(parsed.options, &config, &error)) {
        writeCommandError("doctor", (parsed.error.isEmpty() ? error : parsed.error) + tr(" (mcpscope doctor --help)"));
        return ExitUsage;
    }
    if (const QString warning = parsed.options.network.warning(); !warning.isEmpty())
        std::fputs(qPrintable(warning + u'\n'), stderr);
    const TransportFactory factory = transportFactoryFor(config, &error);
    if (!factory) {
        writeCommandError("doctor", error);
        return ExitUsage;
    }
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false\nmcp.*.warning=false"));

    // Declared before the Client: its destructor still emits to the lambdas below.
    int exitCode = ExitOk;
    QElapsedTimer connecting;
    qint64 connectMs = 0;
    bool started = false;
    Client client(factory());
    ClientOptions clientOptions;
    clientOptions.clientInfo = {QStringLiteral("mcpscope-doctor"), QCoreApplication::applicationVersion(),
                                QStringLiteral("MCP Scope Doctor"), {}};
    clientOptions.connectTimeoutMs = doctor->connectTimeoutMs;
    clientOptions.chooseEra(parsed.options.protocol, config.era, config.eraRecord);
    client.setOptions(clientOptions);

    Doctor::DoctorRun::Options runOptions;
    runOptions.callArguments = doctor->callArguments;
    runOptions.sampleCalls = doctor->sampleCalls;
    runOptions.seesFirstByte = true;
    runOptions.secondConnection = factory;
    const std::optional<HttpEndpoint> endpoint = httpEndpointFor(config);
    if (endpoint)
        runOptions.http = Doctor::HttpProbes::Target{endpoint->url, endpoint->headers, false, {}, endpoint->network};
    Doctor::DoctorRun run(&client, runOptions);
    QObject::connect(&client, &Client::trafficEvent, &run, &Doctor::DoctorRun::observe); // from the first byte
    QObject::connect(&run, &Doctor::DoctorRun::finished, &client, [] { QCoreApplication::exit(0); });
    QObject::connect(&client, &Client::ready, &run, [&] {
        connectMs = connecting.elapsed();
        started = true;
        run.start(client.isModern(), client.protocolVersion(), client.serverCapabilities());
    });
    QObject::connect(&client, &Client::stateChanged, &client, [&](Client::State state) {
        // Failed, or ended before it was ready (a server that exits at once).
        if (!started && exitCode == ExitOk && (state == Client::State::Failed || state == Client::State::Disconnected)) {
            writeCommandError("doctor", tr("could not connect: %1").arg(client.errorString()));
            exitCode = ExitConnectFailed;
            QCoreApplication::exit(0);
        }
    });
    connecting.start();
    QTimer::singleShot(0, &client, [&client] { client.connectToServer(); });
    QCoreApplication::exec();
    if (exitCode != ExitOk || !started)
        return exitCode == ExitOk ? ExitConnectFailed : exitCode;

    QList<Doctor::Finding> all = run.findings();
    // A stdio server should end when its stdin closes (the spec's shutdown); the transport signals
    // it after StdioServerParameters::closeStdinGraceMs (2 s) if not. 1.5 s: that timer is coarse.
    if (config.transport == ServerConfig::TransportType::Stdio) {
        QElapsedTimer closing;
        qint64 exitedAfterMs = -1;
        QObject::connect(&client, &Client::trafficEvent, &run, [&](const TrafficEvent &event) {
            if (event.kind == TrafficEvent::Kind::ProcessExited && exitedAfterMs < 0) {
                exitedAfterMs = closing.elapsed();
                QCoreApplication::exit(0);
            }
        });
        QTimer::singleShot(10000, &run, [] { QCoreApplication::exit(0); });
        closing.start();
        client.disconnectFromServer();
        QCoreApplication::exec();
        if (exitedAfterMs < 0 || exitedAfterMs >= 1500) {
            all.append(Doctor::Finding::make(
                QStringLiteral("transport.stdin-close"), Doctor::Severity::Warning, QStringLiteral("the server process"),
                QStringLiteral("it exits within 1.5 s of its stdin closing"),
                exitedAfterMs < 0 ? tr("still running 10 s after stdin closed")
                                  : tr("it ran on after stdin closed and ended after %1 ms, when signalled").arg(exitedAfterMs),
                QStringLiteral("2025-11-25 basic/lifecycle, Shutdown (stdio): the client closes the server's input "
                               "stream and waits for it to exit, then sends SIGTERM; hosts kill what stays"),
                QStringLiteral("exit when stdin reaches its end (EOF)")));
        }
    }
    all.append(Doctor::Finding::make(QStringLiteral("performance.connect-time"), Doctor::Severity::Info,
                                     client.isModern() ? QStringLiteral("server/discover") : QStringLiteral("initialize"), {},
                                     tr("connected in %1 ms").arg(connectMs),
                                     QStringLiteral("hosts start or reach every configured server when they start")));
    QList<Doctor::Finding> findings; // what --only and --skip leave
    for (const Doctor::Finding &finding : std::as_const(all)) {
        if ((doctor->only.isEmpty() || doctor->only.contains(finding.category)) && !doctor->skip.contains(finding.id))
            findings.append(finding);
    }

    const Implementation server = client.serverInfo();
    const QString era = client.isModern() ? QStringLiteral("modern") : QStringLiteral("legacy");
    const Doctor::Tally tally = Doctor::Tally::of(findings);
    const QString title = tr("%1 %2 · %3 %4").arg(server.name, server.version, era, client.protocolVersion());
    if (doctor->format == QLatin1String("json")) {
        const Doctor::ReportServer examined{server.name, server.version, client.protocolVersion(), era,
                                            ServerConfig::transportToString(config.transport)};
        writeLine(stdout, Doctor::reportJson(examined, findings));
    } else if (doctor->format == QLatin1String("junit")) {
        const QList<Doctor::Check> checks =
            Doctor::applicableChecks(runOptions.http.has_value(), client.isModern(), doctor->only, doctor->skip);
        writeLine(stdout, Doctor::reportJUnit(title, findings, doctor->failOn, checks));
    } else if (doctor->format == QLatin1String("sarif")) {
        const QString where = endpoint ? endpoint->url.toString() : (QStringList{config.command} + config.args).join(u' ');
        writeLine(stdout, Doctor::reportSarif(findings, Doctor::SarifArtifact::of(where), QCoreApplication::applicationVersion()));
    } else if (doctor->format == QLatin1String("markdown")) {
        writeLine(stdout, Doctor::reportMarkdown(tr("mcpscope doctor: %1").arg(title), findings));
    } else {
        writeLine(stdout, title);
        writeLine(stdout, Doctor::reportText(findings));
    }
    client.disconnectFromServer();
    return tally.reaches(doctor->failOn) ? 1 : ExitOk;
}

} // namespace Mcp::Cli
