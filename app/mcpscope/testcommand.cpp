#include "testcommand.h"
#include "clioutput.h"

#include "clioptions.h"
#include "compat.h"

#include "collections/collection.h"
#include "collections/collectionreport.h"
#include "collections/collectionrunner.h"
#include "traffic/trafficcapture.h"
#include "networkoptions.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QTimer>

#include <cstdio>

namespace Mcp::Cli {

static const char TestUsage[] =
    "Usage: mcpscope test FILE [options]\n"
    "\n"
    "Runs the calls of a collection (docs/collections.md) against its servers and checks each\n"
    "call's assertions.\n"
    "\n"
    "Options:\n"
    "  --reporter R          text (default), junit or json\n"
    "  --output PATH         write the report there (the text summary still goes to stdout)\n"
    "  --protocol ERA        auto, modern, legacy or a version, over every server's \"era\"\n"
    "  --connect-timeout MS  how long a server may take to connect (default: its configuration's)\n"
    "  --capture FILE        save the run's traffic as a capture (*.jsonl), e.g. for mcpscope replay\n"
    "  -h, --help            this text\n"
    "\n"
    "Exit codes: 0 all calls passed, 1 an assertion failed, 2 usage or a malformed collection,\n"
    "3 a server requires authorization, 4 a server could not be started or reached.\n";

int runTest(const QStringList &arguments)
{
    QString file, reporter = QStringLiteral("text"), output, capture;
    TraceOptions trace;
    NetworkOptions network;
    CollectionRunner::Options options;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString arg = arguments.at(i);
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            std::fputs(TestUsage, stdout);
            std::fputs(("\n" + NetworkOptions::helpText() + "\n" + TraceOptions::helpText()).toUtf8().constData(), stdout);
            return ExitOk;
        }
        static const QStringList valued{QStringLiteral("--reporter"), QStringLiteral("--output"), QStringLiteral("--protocol"),
                                        QStringLiteral("--connect-timeout"), QStringLiteral("--capture")};
        const OptionWord word = OptionWord::of(arg);
        const QString &name = word.name;
        if (TraceOptions::flagNames().contains(name) && !word.inlineValue) {
            trace.take(name, QString());
            continue;
        }
        if (NetworkOptions::flagNames().contains(name) && !word.inlineValue) {
            if (const QString error = network.take(name, QString()); !error.isEmpty()) {
                writeCommandError("test", error);
                return ExitUsage;
            }
            continue;
        }
        if (valued.contains(name) || TraceOptions::valuedNames().contains(name) || NetworkOptions::valuedNames().contains(name)) {
            const std::optional<QString> given = word.value(arguments, i);
            if (!given) {
                writeCommandError("test", tr("%1 needs a value").arg(name));
                return ExitUsage;
            }
            const QString value = *given;
            if (TraceOptions::valuedNames().contains(name)) {
                if (const QString error = trace.take(name, value); !error.isEmpty()) {
                    writeCommandError("test", error);
                    return ExitUsage;
                }
            } else if (NetworkOptions::valuedNames().contains(name)) {
                if (const QString error = network.take(name, value); !error.isEmpty()) {
                    writeCommandError("test", error);
                    return ExitUsage;
                }
            } else if (name == QLatin1String("--reporter")) {
                if (value != QLatin1String("text") && value != QLatin1String("junit") && value != QLatin1String("json")) {
                    writeCommandError("test", tr("--reporter must be text, junit or json, not \"%1\"").arg(value));
                    return ExitUsage;
                }
                reporter = value;
            } else if (name == QLatin1String("--output")) {
                output = value;
            } else if (name == QLatin1String("--capture")) {
                capture = value;
            } else if (name == QLatin1String("--protocol")) {
                options.era = Modern::EraChoice::fromString(value, Client::supportedModernVersions(),
                                                            Client::supportedProtocolVersions());
                if (!options.era) {
                    writeCommandError("test", tr("--protocol must be auto, modern, legacy or a protocol version, not \"%1\"").arg(value));
                    return ExitUsage;
                }
            } else {
                bool ok = false;
                options.connectTimeoutMs = value.toInt(&ok);
                if (!ok || options.connectTimeoutMs <= 0) {
                    writeCommandError("test", tr("--connect-timeout expects milliseconds"));
                    return ExitUsage;
                }
            }
            continue;
        }
        if (arg.startsWith(u'-') && arg.size() > 1) {
            writeCommandError("test", tr("unknown option %1 (mcpscope test --help)").arg(arg));
            return ExitUsage;
        }
        if (!file.isEmpty()) {
            writeCommandError("test", tr("give one collection file (mcpscope test --help)"));
            return ExitUsage;
        }
        file = arg;
    }
    if (file.isEmpty()) {
        writeCommandError("test", tr("give a collection file (mcpscope test --help)"));
        return ExitUsage;
    }
    Collection::LoadResult loaded = Collection::load(file);
    if (!loaded.isValid()) {
        writeLine(stderr, loaded.errorText().toUtf8());
        return ExitUsage;
    }
    // The TLS and proxy flags apply to every server of the collection.
    for (CollectionServer &server : loaded.collection.servers) {
        if (const QString error = network.applyTo(&server.config.network); !error.isEmpty()) {
            writeCommandError("test", error);
            return ExitUsage;
        }
    }
    if (const QString warning = network.warning(); !warning.isEmpty())
        writeLine(stderr, warning.toUtf8());
    // A value the collection needs from the environment and does not get is a usage error.
    QStringList secretValues; // redacted from --capture and the report wherever they occur
    for (const CollectionServer &server : loaded.collection.servers) {
        QStringList unresolved;
        secretValues << server.config.resolved(options.environment, {}, &unresolved).secretValues();
        if (!unresolved.isEmpty()) {
            writeCommandError("test", tr("%1: server \"%2\" refers to values that are not set: %3 (set them in the environment)")
                         .arg(file, server.name, unresolved.join(QStringLiteral(", "))));
            return ExitUsage;
        }
    }
    // stdout carries the report; the library's diagnostics stay quiet.
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false\nmcp.*.warning=false"));
    options.keepTraffic = !capture.isEmpty() || trace.wanted();
    options.propagateTraceContext = trace.propagate;
    CollectionRunner runner(loaded.collection, options);
    QObject::connect(&runner, &CollectionRunner::finished, qApp, [] { QCoreApplication::exit(0); });
    QTimer::singleShot(0, &runner, &CollectionRunner::start);
    QCoreApplication::exec();
    const RunReport report = runner.report();

    QByteArray rendered;
    if (reporter == QLatin1String("junit"))
        rendered = CollectionReport::junit(report);
    else if (reporter == QLatin1String("json"))
        rendered = QJsonDocument(CollectionReport::json(report)).toJson(QJsonDocument::Indented);
    else
        rendered = CollectionReport::text(report).toUtf8();
    // The report holds what the servers answered: their echoes of a secret are redacted from it
    // as from the capture (a CI log or artifact is read by others).
    const SecretRedactor redactor(secretValues);
    rendered = redactor.redactedText(QString::fromUtf8(rendered)).toUtf8();
    int exitCode = report.allPassed() ? ExitOk : 1;
    if (!output.isEmpty()) {
        QSaveFile out(output);
        if (!out.open(QIODevice::WriteOnly) || out.write(rendered) != rendered.size() || !out.commit()) {
            writeCommandError("test", tr("cannot write %1: %2").arg(output, out.errorString()));
            exitCode = ExitUsage;
        }
        if (reporter != QLatin1String("text"))
            writeLine(stdout, redactor.redactedText(CollectionReport::text(report)).toUtf8());
    } else {
        writeLine(stdout, rendered);
    }
    if (!capture.isEmpty()) {
        QSaveFile out(capture);
        QString error;
        const QList<TrafficEvent> traffic = runner.traffic();
        TrafficCapture::ExportOptions exportOptions;
        exportOptions.secretValues = secretValues;
        if (!out.open(QIODevice::WriteOnly)
            || !TrafficCapture::writeJsonLines(&out, traffic, runner.connectionNames(), exportOptions, &error) || !out.commit()) {
            writeCommandError("test", tr("cannot write the capture %1: %2").arg(capture, error.isEmpty() ? out.errorString() : error));
            exitCode = ExitUsage;
        }
    }
    if (trace.wanted()) {
        QString error;
        if (!trace.deliver(runner.traffic(), runner.connectionNames(), secretValues, &error)) {
            writeCommandError("test", error);
            exitCode = ExitUsage;
        }
    }
    // A server that could not be used: the Inspector v2 codes (3 authorization, 4 unreachable).
    for (const auto &[server, error] : report.unreachable) {
        writeCommandError("test", error);
        const int code = v2ExitCode(ExitConnectFailed, error);
        if (exitCode != V2AuthRequired)
            exitCode = code;
    }
    return exitCode;
}

} // namespace Mcp::Cli
