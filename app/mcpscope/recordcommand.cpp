// mcpscope record: put the recorder between a host and a server (issue 14).
#include "recordcommand.h"
#include "clioptions.h"

#include "record/capturewriter.h"
#include "record/httprecorder.h"
#include "record/websocketrecorder.h"
#include "record/live.h"
#include "record/stdiorecorder.h"
#include "traffic/trafficcapture.h"
#include "transport/credentials.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QSocketNotifier>
#include <QStringList>
#include <QUrl>

#include <algorithm>
#include <csignal>
#include <iterator>
#include <utility>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

namespace Mcp::Cli {

namespace {

const char RecordUsage[] =
    "Usage: mcpscope record [--capture FILE] [--name NAME] -- COMMAND [ARGS...]\n"
    "       mcpscope record --http --target URL [--listen 127.0.0.1:PORT] [--capture FILE] [--name NAME]\n"
    "\n"
    "Sits between an MCP host and a server and records what they say to each other, byte for\n"
    "byte, into an MCP Scope capture (JSON Lines; File > Open Capture in the window).\n"
    "With a COMMAND it is a drop-in stdio wrapper: put it in front of the server's command in the\n"
    "host's configuration. With --http it is a reverse proxy on the loopback address for a\n"
    "Streamable HTTP (or legacy HTTP+SSE) server: point the host at the address it prints. A\n"
    "ws:// or wss:// target is a WebSocket server: every frame is passed through and recorded.\n"
    "\n"
    "Options:\n"
    "  --capture FILE     where to write the capture (default: a new file in the recordings folder)\n"
    "  --name NAME        the connection's name in the capture and the window\n"
    "  --keep-secrets     do not redact credentials in the capture\n"
    "  --no-live          do not show the recording in an open MCP Scope window\n"
    "  --http             record an HTTP server (with --target)\n"
    "  --target URL       the server's URL (http, https, ws or wss)\n"
    "  --listen ADDR      127.0.0.1:PORT or [::1]:PORT to listen on (default 127.0.0.1, any free port)\n"
    "  --ca-file, --pin-sha256, --client-cert, --client-key, --client-key-passphrase-env, --insecure,\n"
    "  --proxy, --no-proxy   how --http reaches an https:// or wss:// target (as in mcpscope --cli)\n"
    "  -h, --help         this text\n";

struct RecordOptions
{
    QString capture;
    QString name;
    bool keepSecrets = false;
    bool noLive = false;
    bool http = false;
    QString target;
    QString listen;
    QStringList command;
    TraceOptions trace;
    NetworkOptions network; // how --http reaches its target
};

constexpr int FinishTimeoutMs = 2000;

void complain(const QString &text)
{
    std::fprintf(stderr, "mcpscope record: %s\n", qPrintable(text));
}

QString defaultCapturePath(const QString &name)
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
        + QStringLiteral("/recordings");
    QDir().mkpath(dir);
    QString safe = name;
    for (QChar &c : safe) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    }
    return dir + QLatin1Char('/') + safe + QLatin1Char('-')
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QLatin1Char('-')
        + QString::number(QCoreApplication::applicationPid()) + QStringLiteral(".mcpscope.jsonl");
}

void reportLosses(const Record::CaptureWriter::Stats &stats, const QString &path)
{
    if (!stats.writeError.isEmpty())
        complain(QCoreApplication::translate("Mcp::Cli::Record", "could not write the capture %1: %2")
                     .arg(path, stats.writeError));
    if (stats.eventsLost > 0)
        complain(QCoreApplication::translate("Mcp::Cli::Record",
                                             "%1 message(s) or chunk(s) (%2 bytes) were passed on but not recorded")
                     .arg(stats.eventsLost)
                     .arg(stats.bytesLost));
}

} // namespace

int runHttpRecord(const RecordOptions &options, Record::CaptureWriter *writer);

int runRecord(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("mcpscope"));
    QCoreApplication::setOrganizationName(QStringLiteral("MCPScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(MCPSCOPE_VERSION));

    RecordOptions options;
    const QStringList arguments = app.arguments().mid(2);
    // The options that take a value, and the switches ("--capture=PATH" or "--capture PATH").
    const std::pair<QLatin1StringView, QString *> valueOptions[] = {
        {QLatin1StringView("--capture"), &options.capture},
        {QLatin1StringView("--name"), &options.name},
        {QLatin1StringView("--target"), &options.target},
        {QLatin1StringView("--listen"), &options.listen},
    };
    const std::pair<QLatin1StringView, bool *> switches[] = {
        {QLatin1StringView("--http"), &options.http},
        {QLatin1StringView("--no-live"), &options.noLive},
        {QLatin1StringView("--keep-secrets"), &options.keepSecrets},
    };
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        if (a == QLatin1String("--")) {
            options.command = arguments.mid(i + 1);
            break;
        }
        if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            std::fputs(RecordUsage, stdout);
            std::fputs(("\n" + TraceOptions::helpText()).toUtf8().constData(), stdout);
            return 0;
        }
        if (!a.startsWith(QLatin1Char('-'))) {
            options.command = arguments.mid(i); // a command without "--" before it
            break;
        }
        const OptionWord word = OptionWord::of(a);
        const auto valueOption = std::find_if(std::begin(valueOptions), std::end(valueOptions),
                                              [&](const auto &option) { return word.name == option.first; });
        const auto switchOption = std::find_if(std::begin(switches), std::end(switches),
                                               [&](const auto &option) { return a == option.first; });
        if (word.name == QLatin1String("--trace-context")) {
            // A recorder passes the host's requests on as they are: it adds nothing to them.
            complain(QStringLiteral("--trace-context changes the requests; mcpscope record passes them on unchanged"));
            return 2;
        }
        if (TraceOptions::flagNames().contains(word.name) && !word.inlineValue) {
            options.trace.take(word.name, QString());
            continue;
        }
        if (NetworkOptions::flagNames().contains(word.name) || NetworkOptions::valuedNames().contains(word.name)) {
            const bool flag = NetworkOptions::flagNames().contains(word.name);
            const std::optional<QString> value = flag ? std::optional<QString>(QString()) : word.value(arguments, i);
            const QString problem = value ? options.network.take(word.name, *value) : QStringLiteral("%1 needs a value").arg(word.name);
            if (!problem.isEmpty()) {
                complain(problem);
                return 2;
            }
            continue;
        }
        if (TraceOptions::valuedNames().contains(word.name)) {
            const std::optional<QString> value = word.value(arguments, i);
            const QString problem = value ? options.trace.take(word.name, *value) : QStringLiteral("%1 needs a value").arg(word.name);
            if (!problem.isEmpty()) {
                complain(problem);
                return 2;
            }
            continue;
        }
        if (valueOption != std::end(valueOptions)) {
            const std::optional<QString> value = word.value(arguments, i);
            if (!value) {
                complain(QStringLiteral("%1 needs a value").arg(word.name));
                return 2;
            }
            *valueOption->second = *value;
        } else if (switchOption != std::end(switches)) {
            *switchOption->second = true;
        } else {
            complain(QStringLiteral("unknown option %1 (mcpscope record --help)").arg(a));
            return 2;
        }
    }
    if (options.http == options.target.isEmpty()) {
        if (options.http) {
            complain(QStringLiteral("--http needs --target URL"));
            return 2;
        }
    }
    if (!options.http && options.command.isEmpty()) {
        complain(QStringLiteral("no server command (mcpscope record -- COMMAND [ARGS...]; --help)"));
        return 2;
    }
    if (options.http && !options.command.isEmpty()) {
        complain(QStringLiteral("--http records a URL, not a command"));
        return 2;
    }
    if (options.name.isEmpty())
        options.name = options.http ? options.target : QFileInfo(options.command.first()).fileName();
    if (options.capture.isEmpty())
        options.capture = defaultCapturePath(options.http ? QStringLiteral("http") : options.name);

    Record::CaptureWriter::Options writerOptions;
    writerOptions.path = options.capture;
    writerOptions.connectionName = options.name;
    writerOptions.redact = !options.keepSecrets;
    // The host configured the server's secrets in its environment (GITHUB_TOKEN, API_KEY...)
    // or in the target URL: redacted wherever they occur, not only where they sit.
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : environment.keys()) {
        // The shell's working directory variables are no "pwd" secret.
        if (isCredentialName(name) && name != QLatin1String("PWD") && name != QLatin1String("OLDPWD"))
            writerOptions.secretValues << environment.value(name);
    }
    writerOptions.secretValues << credentialsInUrl(options.target);
    writerOptions.minimumSecretLength = SecretRedactor::MinimumLearnedLength;
    // A window of the user's that is open shows the recording live (through a user-only local
    // socket); without one, only the capture is written.
    std::shared_ptr<Record::LiveFeed> live;
    if (!options.noLive) {
        live = std::make_shared<Record::LiveFeed>(options.name, options.capture);
        writerOptions.tap = [live](const TrafficEvent &event) { live->send(event); };
        writerOptions.tapEnd = [live] { live->close(); };
    }
    // For tests of a slow capture: a small queue, and a pause before every write.
    if (const int bytes = qEnvironmentVariableIntValue("MCPSCOPE_RECORD_QUEUE_BYTES"); bytes > 0)
        writerOptions.maxQueuedBytes = bytes;
    auto writerPtr = std::make_unique<Record::CaptureWriter>(writerOptions);
    QString error;
    // A capture that cannot be created does not stop the server from working: record nothing.
    if (!writerPtr->open(&error)) {
        complain(QCoreApplication::translate("Mcp::Cli::Record", "cannot create the capture %1: %2; "
                                             "passing traffic on without recording it")
                     .arg(options.capture, error));
        writerOptions.path.clear();
        writerPtr = std::make_unique<Record::CaptureWriter>(writerOptions);
        writerPtr->open(nullptr);
    }
    Record::CaptureWriter &writer = *writerPtr;
    writer.setWriteDelayForTesting(qEnvironmentVariableIntValue("MCPSCOPE_RECORD_WRITE_DELAY_MS"));

    // The trace is read back from the capture once it is whole (redacted as the capture is).
    const auto writeTrace = [&options, &writerOptions] {
        QString problem;
        if (options.trace.wanted() && !options.trace.deliverCapture(options.capture, writerOptions.secretValues, &problem))
            complain(problem);
    };
    if (options.http) {
        const int code = runHttpRecord(options, &writer);
        writer.finish(FinishTimeoutMs);
        reportLosses(writer.stats(), options.capture);
        writeTrace();
        return code;
    }

    Record::StdioRecorder::Options recorderOptions;
    recorderOptions.program = options.command.first();
    recorderOptions.arguments = options.command.mid(1);
    Record::StdioRecorder recorder(recorderOptions, &writer);
    const Record::StdioRecorder::ExitStatus status = recorder.run();
    // Hosts wait a few seconds for a server to exit before they kill it.
    writer.finish(FinishTimeoutMs);
    reportLosses(writer.stats(), options.capture);
    writeTrace();
    if (!status.started)
        complain(QStringLiteral("%1 %2").arg(recorderOptions.program, Record::StdioRecorder::describe(status)));
    Record::StdioRecorder::reproduceExit(status);
}

namespace {

int g_quitPipe[2] = {-1, -1};

void quitOnSignal(int)
{
    const char byte = 'q';
    (void)!::write(g_quitPipe[1], &byte, 1);
}

} // namespace

int runHttpRecord(const RecordOptions &options, Record::CaptureWriter *writer)
{
    const QUrl target(options.target, QUrl::StrictMode);
    if (!target.isValid() || target.host().isEmpty()) {
        complain(QStringLiteral("--target needs an http://, https://, ws:// or wss:// URL"));
        return 2;
    }
    QHostAddress address(QHostAddress::LocalHost);
    quint16 port = 0;
    if (!options.listen.isEmpty()) {
        // 127.0.0.1:PORT, [::1]:PORT, or a bare PORT.
        const QString listen = options.listen;
        const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
        QString host = colon >= 0 ? listen.left(colon) : QString();
        const QString portText = colon >= 0 ? listen.mid(colon + 1) : listen;
        if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
            host = host.mid(1, host.size() - 2);
        if (host == QLatin1String("localhost"))
            host = QStringLiteral("127.0.0.1");
        bool ok = false;
        const uint number = portText.toUInt(&ok);
        if (!ok || number > 65535 || (!host.isEmpty() && !address.setAddress(host))) {
            complain(QStringLiteral("--listen needs 127.0.0.1:PORT or [::1]:PORT"));
            return 2;
        }
        port = quint16(number);
    }
    // A ws:// or wss:// target is recorded frame by frame, anything else byte by byte.
    const bool webSocket = target.scheme() == QLatin1String("ws") || target.scheme() == QLatin1String("wss");
    std::unique_ptr<Record::HttpRecorder> httpRecorder;
    std::unique_ptr<Record::WebSocketRecorder> webSocketRecorder;
    QString error;
    bool listening = false;
    QUrl recorderUrl;
    NetworkSettings network;
    if (const QString problem = options.network.applyTo(&network); !problem.isEmpty()) {
        complain(problem);
        return 2;
    }
    if (const QString warning = options.network.warning(); !warning.isEmpty())
        std::fprintf(stderr, "%s\n", qPrintable(warning));
    if (webSocket) {
        webSocketRecorder = std::make_unique<Record::WebSocketRecorder>(target, writer);
        listening = webSocketRecorder->setNetworkSettings(network, &error) && webSocketRecorder->listen(address, port, &error);
        recorderUrl = webSocketRecorder->url();
    } else {
        httpRecorder = std::make_unique<Record::HttpRecorder>(target, writer);
        listening = httpRecorder->setNetworkSettings(network, &error) && httpRecorder->listen(address, port, &error);
        recorderUrl = httpRecorder->url();
    }
    if (!listening) {
        complain(error);
        return 2;
    }
    // The address for the host's configuration: on stdout, one line, for scripts.
    std::printf("%s\n", recorderUrl.toString().toUtf8().constData());
    std::fflush(stdout);
    complain(QCoreApplication::translate("Mcp::Cli::Record", "recording %1 at %2 into %3 (Ctrl+C ends)")
                 .arg(target.toString(QUrl::RemoveUserInfo), recorderUrl.toString(), options.capture));

    if (::pipe2(g_quitPipe, O_CLOEXEC) == 0) {
        struct sigaction action = {};
        action.sa_handler = quitOnSignal;
        sigemptyset(&action.sa_mask);
        for (int s : {SIGINT, SIGTERM, SIGHUP})
            ::sigaction(s, &action, nullptr);
        auto *notifier = new QSocketNotifier(g_quitPipe[0], QSocketNotifier::Read, qApp);
        QObject::connect(notifier, &QSocketNotifier::activated, qApp, &QCoreApplication::quit);
    }
    ::signal(SIGPIPE, SIG_IGN);
    QCoreApplication::exec();
    return 0;
}

} // namespace Mcp::Cli
