// bench_stdio: MCP over stdio, measured.
//
// For each server (the demo server and a minimal server on the official TypeScript SDK) and
// each client (ours: Mcp::Client over StdioTransport; the SDK's: sdk-client.mjs on Node) it
// measures sequential tools/call echo round trips (median), 64 calls in flight (calls/s),
// and tools/call results of 1 MiB and 16 MiB (MB/s, until the text is in hand). A C program
// echoing lines over pipes gives the floor. Prints a table and the ratios the issue asks for.
//
// Usage: bench_stdio [--sequential N] [--pipelined N] [--node PATH] [--only ROWS] [--no-large]
// (--only ours-demo,ours-sdk,sdk-demo,sdk-sdk runs just those rows, for profiling one path.)

#include "session/client.h"
#include "transport/stdiotransport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QProcess>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

using namespace Mcp;

namespace {

struct Figures
{
    double medianUs = qQNaN();
    double perSecond = qQNaN();
    double mbps1MiB = qQNaN();
    double mbps16MiB = qQNaN();
    QString note;
};

// A benchmark program may wait: run the event loop until done() says so. It must sleep in
// poll() like the SDK client does: processEvents(flags, ms) drops WaitForMoreEvents and spun a
// whole core here, which the server on the other end of the pipe then lacked.
bool waitFor(const std::function<bool()> &done, int timeoutMs = 600000)
{
    QElapsedTimer timer;
    timer.start();
    QTimer wake; // so that the timeout is noticed even when nothing else happens
    wake.start(50);
    while (!done()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

// One tools/call, waited for; returns the handle's result (invalid on error).
QJsonValue callAndWait(Client &client, const QString &tool, const QJsonObject &arguments)
{
    RequestOptions options;
    options.timeoutMs = 600000;
    options.attachProgressToken = false;
    OutgoingRequest *handle = client.callTool(tool, arguments, options);
    bool finished = false;
    QJsonValue result;
    QObject::connect(handle, &OutgoingRequest::finished, handle, [&finished, &result, handle] {
        finished = true;
        if (!handle->isError())
            result = handle->result();
    });
    waitFor([&finished] { return finished; });
    return result;
}

Figures measureOurs(const QString &program, const QStringList &arguments, int sequential, int pipelined, bool large)
{
    Figures figures;
    StdioServerParameters parameters;
    parameters.program = program;
    parameters.arguments = arguments;
    auto *transport = new StdioTransport(parameters);
    Client client(transport);
    client.connectToServer();
    if (!waitFor([&client] { return client.isReady() || client.state() == Client::State::Failed; }, 30000)
        || !client.isReady()) {
        figures.note = QStringLiteral("could not connect: ") + client.errorString();
        return figures;
    }
    const QJsonObject hello{{QStringLiteral("message"), QStringLiteral("hello")}};
    for (int i = 0; i < 50; ++i)
        callAndWait(client, QStringLiteral("echo"), hello);

    QList<double> samples;
    for (int i = 0; i < sequential; ++i) {
        QElapsedTimer timer;
        timer.start();
        callAndWait(client, QStringLiteral("echo"), hello);
        samples.append(double(timer.nsecsElapsed()) / 1000.0);
    }
    std::sort(samples.begin(), samples.end());
    figures.medianUs = samples.value(samples.size() / 2);

    {
        int started = 0;
        int done = 0;
        RequestOptions options;
        options.timeoutMs = 600000;
        options.attachProgressToken = false;
        std::function<void()> startOne = [&] {
            ++started;
            OutgoingRequest *handle = client.callTool(QStringLiteral("echo"), hello, options);
            QObject::connect(handle, &OutgoingRequest::finished, &client, [&] {
                ++done;
                if (started < pipelined)
                    startOne();
            });
        };
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 64 && started < pipelined; ++i)
            startOne();
        waitFor([&] { return done >= pipelined; });
        figures.perSecond = pipelined / (double(timer.nsecsElapsed()) / 1e9);
    }

    for (const qint64 size : {qint64(1) << 20, qint64(16) << 20}) {
        if (!large)
            break;
        double best = qInf();
        for (int run = 0; run < 3; ++run) {
            QElapsedTimer timer;
            timer.start();
            const QJsonValue result = callAndWait(client, QStringLiteral("blob"), {{QStringLiteral("size"), size}});
            // End to end: until the text is in hand as a QString.
            const QString text = result.toObject().value(QStringLiteral("content")).toArray().at(0).toObject()
                                     .value(QStringLiteral("text")).toString();
            const double seconds = double(timer.nsecsElapsed()) / 1e9;
            if (text.toUtf8().size() != size) {
                figures.note = QStringLiteral("blob(%1) came back with %2 bytes").arg(size).arg(text.toUtf8().size());
                break;
            }
            best = std::min(best, seconds);
        }
        (size == (1 << 20) ? figures.mbps1MiB : figures.mbps16MiB) = double(size) / best / 1e6;
    }

    client.disconnectFromServer();
    waitFor([&client] { return client.state() == Client::State::Disconnected || client.state() == Client::State::Failed; }, 10000);
    return figures;
}

Figures measureSdk(const QString &node, const QString &program, const QStringList &arguments, int sequential, int pipelined)
{
    Figures figures;
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(node, QStringList{QStringLiteral(MCPSCOPE_BENCH_DIR "/sdk-client.mjs"), QString::number(sequential),
                                    QString::number(pipelined), program} + arguments);
    if (!process.waitForFinished(900000) || process.exitCode() != 0) {
        figures.note = QStringLiteral("the SDK client failed: ") + process.errorString();
        return figures;
    }
    const QJsonObject out = QJsonDocument::fromJson(process.readAllStandardOutput().trimmed().split('\n').last()).object();
    auto number = [&out](const char *key) {
        const QJsonValue v = out.value(QLatin1String(key));
        return v.isDouble() ? v.toDouble() : qQNaN();
    };
    figures.medianUs = number("medianUs");
    figures.perSecond = number("pipelinedPerSec");
    figures.mbps1MiB = number("mbps1MiB");
    figures.mbps16MiB = number("mbps16MiB");
    if (out.contains(QLatin1String("mbps16MiBError")))
        figures.note = QStringLiteral("16 MiB: ") + out.value(QLatin1String("mbps16MiBError")).toString();
    return figures;
}

double pipeFloorUs()
{
    QProcess process;
    process.start(QStringLiteral(MCPSCOPE_PIPE_FLOOR), {QStringLiteral("20000")});
    if (!process.waitForFinished(120000))
        return qQNaN();
    bool ok = false;
    const double us = process.readAllStandardOutput().trimmed().toDouble(&ok);
    return ok ? us : qQNaN();
}

void printRow(const char *name, const Figures &f)
{
    std::printf("%-28s %10.1f %12.0f %12.1f %12.1f  %s\n", name, f.medianUs, f.perSecond, f.mbps1MiB, f.mbps16MiB,
                qPrintable(f.note));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // Debug output of connects and disconnects would land between the rows of the table.
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("MCP over stdio: our client against the TypeScript SDK client."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("sequential"), QStringLiteral("Sequential echo calls."), QStringLiteral("N"), QStringLiteral("2000")});
    parser.addOption({QStringLiteral("pipelined"), QStringLiteral("Echo calls with 64 in flight."), QStringLiteral("N"), QStringLiteral("20000")});
    parser.addOption({QStringLiteral("node"), QStringLiteral("Node.js binary."), QStringLiteral("PATH"), QStringLiteral("node")});
    parser.addOption({QStringLiteral("only"), QStringLiteral("Rows to run: ours-demo, ours-sdk, sdk-demo, sdk-sdk (comma-separated)."),
                      QStringLiteral("ROWS"), QStringLiteral("sdk-sdk,ours-sdk,sdk-demo,ours-demo")});
    parser.addOption({QStringLiteral("no-large"), QStringLiteral("Skip the 1 MiB and 16 MiB results (our client only).")});
    parser.process(app);
    const QStringList only = parser.value(QStringLiteral("only")).split(u',');
    const bool large = !parser.isSet(QStringLiteral("no-large"));
    const int sequential = parser.value(QStringLiteral("sequential")).toInt();
    const int pipelined = parser.value(QStringLiteral("pipelined")).toInt();
    const QString node = parser.value(QStringLiteral("node"));

    const QString demo = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    const QStringList sdkServer{QStringLiteral(MCPSCOPE_BENCH_DIR "/sdk-server.mjs")};

    std::printf("%-28s %10s %12s %12s %12s\n", "", "median us", "calls/s (64)", "1 MiB MB/s", "16 MiB MB/s");
    const double floorUs = pipeFloorUs();
    std::printf("%-28s %10.1f\n", "pipe floor (C)", floorUs);
    Figures sdkOnSdk, oursOnSdk, sdkOnDemo, oursOnDemo;
    if (only.contains(QLatin1String("sdk-sdk"))) {
        sdkOnSdk = measureSdk(node, node, sdkServer, sequential, pipelined);
        printRow("SDK client -> SDK server", sdkOnSdk);
    }
    if (only.contains(QLatin1String("ours-sdk"))) {
        oursOnSdk = measureOurs(node, sdkServer, sequential, pipelined, large);
        printRow("ours -> SDK server", oursOnSdk);
    }
    if (only.contains(QLatin1String("sdk-demo"))) {
        sdkOnDemo = measureSdk(node, demo, {}, sequential, pipelined);
        printRow("SDK client -> demo server", sdkOnDemo);
    }
    if (only.contains(QLatin1String("ours-demo"))) {
        oursOnDemo = measureOurs(demo, {}, sequential, pipelined, large);
        printRow("ours -> demo server", oursOnDemo);
    }

    std::printf("\nRatios (targets in brackets):\n");
    std::printf("  sequential rate, ours / SDK, SDK server:  %.2fx  [>= 1.5x]\n", sdkOnSdk.medianUs / oursOnSdk.medianUs);
    std::printf("  pipelined rate, ours / SDK, SDK server:   %.2fx  [>= 2x]\n", oursOnSdk.perSecond / sdkOnSdk.perSecond);
    std::printf("  16 MiB MB/s, ours / SDK, SDK server:      %.2fx  [>= 10x]%s\n", oursOnSdk.mbps16MiB / sdkOnSdk.mbps16MiB,
                std::isnan(sdkOnSdk.mbps16MiB) ? "  (the SDK client failed on 16 MiB)" : "");
    std::printf("  demo server median / pipe floor:          %.2fx  [< 2x]\n", oursOnDemo.medianUs / floorUs);
    return 0;
}
