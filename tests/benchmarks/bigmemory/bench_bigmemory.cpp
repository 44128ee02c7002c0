// bench_bigmemory (issue 38): what one big result costs in memory. The demo server's blob tool
// returns a text of 16, 64 and 256 MiB (its JSON is ~11 % more: escapes); `mcpscope --cli` calls it
// once, the window does (a fresh MainWindow, offscreen, run from the Tools tab and the text shown
// whole: `bench_guistall window-call`), and so does the official TypeScript SDK client (v1, and
// v2) in the same run, the runs interleaved (cli, window, v1, v2, cli, ...). Each client's peak resident size is read from
// /proc/PID/status (VmHWM, this process only: not the server it runs, which wait4()'s figure
// would include) every millisecond while it runs; the same client calling blob(1) is its idle
// process. The figure is the best of N runs above the best idle run.
//
// Usage: bench_bigmemory [--runs N] [--sizes 16,64,230] [--node PATH] [--sdk v1,v2]
//                        [--sdk-timeout SECONDS] [--before OLDER_MCPSCOPE]
// The biggest default size is 230 MiB of text: its 255 MiB of JSON is the biggest line the stdio
// transport takes (LineFramer::DefaultMaxLineSize, 256 MiB); 256 MiB of text would be dropped.
// An SDK run that does not end within the timeout is stopped; its peak so far is a lower bound
// (marked ">="), which is still a fair bar to be below.
// Ends with `target NAME: MEASURED vs GOAL: met|NOT met` lines: above the idle process at most
// 3x the result's JSON size for the CLI and 4x for the window, and below each SDK client's.

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace {

struct Run
{
    bool ok = false;
    bool timedOut = false;
    qint64 peakKiB = 0;   // VmHWM, the last seen before the process ended
    qint64 outBytes = 0;  // what it wrote on stdout
    double seconds = 0;
    QString error;
};

qint64 peakKiBOf(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// Runs program until it ends (or timeoutS passes), reading its peak resident size as it goes and
// counting (and dropping) its stdout.
Run measure(const QString &program, const QStringList &arguments, int timeoutS,
            const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    Run run;
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.setStandardErrorFile(QProcess::nullDevice());
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    if (!process.waitForStarted(10000)) {
        run.error = process.errorString();
        return run;
    }
    const qint64 pid = process.processId();
    while (process.state() != QProcess::NotRunning) {
        const qint64 peak = peakKiBOf(pid);
        run.peakKiB = qMax(run.peakKiB, peak);
        process.waitForReadyRead(1);
        run.outBytes += process.readAllStandardOutput().size();
        if (clock.elapsed() > qint64(timeoutS) * 1000) {
            run.timedOut = true;
            process.kill();
            process.waitForFinished();
            run.seconds = clock.elapsed() / 1000.0;
            run.error = QStringLiteral("stopped after %1 s").arg(timeoutS);
            return run;
        }
    }
    run.seconds = clock.elapsed() / 1000.0;
    run.outBytes += process.readAllStandardOutput().size();
    run.ok = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    if (!run.ok)
        run.error = QStringLiteral("exit code %1").arg(process.exitCode());
    return run;
}

struct Client
{
    QString name;
    std::function<Run(qint64 size)> call;
    double goal = 0;          // ours: at most this many times the JSON above idle (0: not ours)
    Run idle;                 // best (lowest peak) of the blob(1) runs
    QList<Run> runs;          // at the current size
};

double mb(qint64 kib)
{
    return kib * 1024.0 / 1e6;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Peak memory of one big result: mcpscope --cli against the TypeScript SDK clients."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Runs per client and size (best of)."), QStringLiteral("N"), QStringLiteral("3")});
    parser.addOption({QStringLiteral("sizes"), QStringLiteral("Result sizes in MiB."), QStringLiteral("LIST"), QStringLiteral("16,64,230")});
    parser.addOption({QStringLiteral("node"), QStringLiteral("Node.js binary."), QStringLiteral("PATH"),
                      QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node")});
    parser.addOption({QStringLiteral("sdk"), QStringLiteral("SDK clients to compare with (v1, v2; none for none)."), QStringLiteral("LIST"),
                      QStringLiteral("v1,v2")});
    parser.addOption({QStringLiteral("before"), QStringLiteral("Another mcpscope binary (an older build) measured beside ours, for information."),
                      QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("sdk-timeout"), QStringLiteral("Seconds an SDK run may take."), QStringLiteral("S"),
                      QStringLiteral("180")});
    parser.process(app);
    const int runs = qMax(1, parser.value(QStringLiteral("runs")).toInt());
    const int sdkTimeout = qMax(1, parser.value(QStringLiteral("sdk-timeout")).toInt());
    QString node = parser.value(QStringLiteral("node"));
    if (!QFile::exists(node))
        node = QStringLiteral("node");
    const QString demo = QStringLiteral(MCPSCOPE_DEMO_SERVER);

    auto cli = [demo](const QString &binary) {
        return [demo, binary](qint64 size) {
            return measure(binary,
                           {QStringLiteral("--cli"), QStringLiteral("--timeout"), QStringLiteral("600000"), QStringLiteral("--method"),
                            QStringLiteral("tools/call"), QStringLiteral("--tool-name"), QStringLiteral("blob"),
                            QStringLiteral("--tool-arg"), QStringLiteral("size=%1").arg(size), QStringLiteral("--"), demo},
                           3600);
        };
    };
    QList<Client> clients;
    clients.append({QStringLiteral("mcpscope --cli"), cli(QStringLiteral(MCPSCOPE_CLI)), 3, {}, {}});
    QProcessEnvironment offscreen = QProcessEnvironment::systemEnvironment();
    offscreen.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    clients.append({QStringLiteral("window"), [offscreen](qint64 size) {
                        return measure(QStringLiteral(MCPSCOPE_GUISTALL), {QStringLiteral("window-call"), QString::number(size)},
                                       3600, offscreen);
                    }, 4, {}, {}});
    const qsizetype oursCount = clients.size();
    // Compared with: the SDK clients (targets), an older build (information only, last).
    const QString before = parser.value(QStringLiteral("before"));
    for (const QString &sdk : parser.value(QStringLiteral("sdk")).split(u',', Qt::SkipEmptyParts)) {
        if (sdk != QLatin1String("v1") && sdk != QLatin1String("v2"))
            continue;
        clients.append({QStringLiteral("SDK %1").arg(sdk), [node, sdk, demo, sdkTimeout](qint64 size) {
                            return measure(node, {QStringLiteral(MCPSCOPE_BENCH_DIR "/sdk-bigcall.mjs"), sdk,
                                                  QString::number(size), demo},
                                           sdkTimeout);
                        }, 0, {}, {}});
    }

    const qsizetype sdkEnd = clients.size();
    if (!before.isEmpty())
        clients.append({QStringLiteral("mcpscope before"), cli(before), 0, {}, {}});

    std::printf("peak resident size of one blob(size) call through each client, best of %d (runs interleaved);\n"
                "\"above idle\": minus the same client's blob(1) run\n", runs);
    for (Client &client : clients) {
        for (int i = 0; i < runs; ++i) {
            const Run run = client.call(1);
            if (run.ok && (!client.idle.ok || run.peakKiB < client.idle.peakKiB))
                client.idle = run;
        }
        std::printf("  idle %-16s %7.1f MB%s\n", qPrintable(client.name), mb(client.idle.peakKiB),
                    client.idle.ok ? "" : " (failed)");
    }
    std::fflush(stdout);

    QStringList targets;
    bool allMet = true;
    for (const QString &sizeText : parser.value(QStringLiteral("sizes")).split(u',', Qt::SkipEmptyParts)) {
        const qint64 size = sizeText.toLongLong() * 1024 * 1024;
        for (Client &client : clients)
            client.runs.clear();
        for (int i = 0; i < runs; ++i) {
            for (Client &client : clients)
                client.runs.append(client.call(size));
        }
        // The result's JSON size: what our CLI printed (the result, indented: a few bytes more).
        qint64 jsonBytes = 0;
        for (const Run &run : clients.first().runs)
            jsonBytes = qMax(jsonBytes, run.outBytes);
        std::printf("\n%s MiB text, %.1f MB of JSON:\n", qPrintable(sizeText), jsonBytes / 1e6);
        struct Best
        {
            qint64 aboveKiB = -1;
            double seconds = 0;
            bool lowerBound = false; // only timed-out runs: their peak so far
        };
        QList<Best> best;
        for (const Client &client : clients) {
            Best b;
            QList<qint64> above;
            QList<double> seconds;
            for (const Run &run : client.runs) {
                if (!run.ok && !run.timedOut)
                    continue;
                const qint64 kib = run.peakKiB - client.idle.peakKiB;
                if (run.ok) {
                    above.append(kib);
                    seconds.append(run.seconds);
                } else if (above.isEmpty()) {
                    b.lowerBound = true;
                    b.aboveKiB = qMax(b.aboveKiB, kib);
                }
            }
            QString line;
            if (!above.isEmpty()) {
                std::sort(above.begin(), above.end());
                std::sort(seconds.begin(), seconds.end());
                b.aboveKiB = above.first();
                b.seconds = seconds.first();
                b.lowerBound = false;
                line = QStringLiteral("%1 MB above idle (runs %2-%3 MB, %4x the JSON), %5 s (runs %6-%7 s)")
                           .arg(mb(b.aboveKiB), 0, 'f', 1).arg(mb(above.first()), 0, 'f', 1).arg(mb(above.last()), 0, 'f', 1)
                           .arg(b.aboveKiB * 1024.0 / jsonBytes, 0, 'f', 2).arg(b.seconds, 0, 'f', 2)
                           .arg(seconds.first(), 0, 'f', 2).arg(seconds.last(), 0, 'f', 2);
            } else if (b.lowerBound) {
                line = QStringLiteral(">= %1 MB above idle (stopped after %2 s)").arg(mb(b.aboveKiB), 0, 'f', 1).arg(sdkTimeout);
            } else {
                line = QStringLiteral("failed: %1").arg(client.runs.isEmpty() ? QString() : client.runs.first().error);
            }
            std::printf("  %-16s %s\n", qPrintable(client.name), qPrintable(line));
            best.append(b);
        }
        std::fflush(stdout);
        // Ours (the CLI: 3x the JSON, the window: 4x), and below each SDK client.
        for (qsizetype o = 0; o < oursCount; ++o) {
            const Best &ours = best.at(o);
            const QString who = o == 0 ? QStringLiteral("cli") : QStringLiteral("window");
            const double goal = clients.at(o).goal;
            const double ratio = ours.aboveKiB < 0 ? qInf() : ours.aboveKiB * 1024.0 / jsonBytes;
            const bool met = ours.aboveKiB >= 0 && ratio <= goal;
            allMet = allMet && met;
            targets << QStringLiteral("target %1 %2 MiB memory above idle: %3x the JSON (%4 MB) vs <= %5x: %6")
                           .arg(who, sizeText).arg(ratio, 0, 'f', 2).arg(mb(qMax<qint64>(0, ours.aboveKiB)), 0, 'f', 1)
                           .arg(goal).arg(met ? QStringLiteral("met") : QStringLiteral("NOT met"));
            for (qsizetype i = oursCount; i < sdkEnd; ++i) {
                const Best &sdk = best.at(i);
                if (sdk.aboveKiB < 0) {
                    targets << QStringLiteral("target %1 %2 MiB memory below %3: %4 MB vs (the SDK failed): NOT met")
                                   .arg(who, sizeText, clients.at(i).name).arg(mb(ours.aboveKiB), 0, 'f', 1);
                    allMet = false;
                    continue;
                }
                const bool below = ours.aboveKiB >= 0 && ours.aboveKiB < sdk.aboveKiB;
                allMet = allMet && below;
                targets << QStringLiteral("target %1 %2 MiB memory below %3: %4 MB vs < %5%6 MB: %7")
                               .arg(who, sizeText, clients.at(i).name).arg(mb(ours.aboveKiB), 0, 'f', 1)
                               .arg(sdk.lowerBound ? QStringLiteral(">= ") : QString()).arg(mb(sdk.aboveKiB), 0, 'f', 1)
                               .arg(below ? QStringLiteral("met") : QStringLiteral("NOT met"));
            }
        }
    }
    std::printf("\n");
    for (const QString &target : targets)
        std::printf("%s\n", qPrintable(target));
    return allMet ? 0 : 1;
}
