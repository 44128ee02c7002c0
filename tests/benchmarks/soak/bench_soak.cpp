// Soak: many servers at once, a steady request rate across them and notification floods, for
// minutes, the way the window holds them (a Connection each: the session on its own thread, the
// traffic log and console on the GUI thread). Prints lost responses (must be 0), resident memory
// at the start and after 1, 5 and 10 minutes (growth must flatten), and the longest gap between
// ticks of a 5 ms timer on the GUI thread.
//
//   bench_soak [--minutes M] [--servers N] [--rate R] [--flood-every S]
//     defaults: 10 minutes, 20 servers (half stdio, half Streamable HTTP), 1000 requests/s,
//     a notification flood (5,000 log messages) from one server every 10 s.
//   QT_QPA_PLATFORM=offscreen works; the load average is printed because shared machines are noisy.
#include "connection/connection.h"
#include "traffic/trafficlog.h"
#include "transport/stdiotransport.h"
#include "transport/streamablehttptransport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>

#include <cstdio>
#include <malloc.h>
#include <memory>
#include <vector>

#include "../common/resident.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

constexpr int TickMs = 5;

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).section(u' ', 0, 2) : QStringLiteral("?");
}

// Resident set size of this process, in MiB.
double residentMiB()
{
    const qint64 kib = residentKiB();
    return kib < 0 ? -1 : kib / 1024.0;
}

// Heap bytes in use (every malloc arena), in MiB: unlike the resident size, it does not count
// what the allocator keeps for reuse after a burst.
double heapMiB()
{
    const struct mallinfo2 info = mallinfo2();
    return double(info.uordblks + info.hblkhd) / 1048576.0;
}

// A demo server serving Streamable HTTP on a free port; its URL from its first stderr line.
QUrl startHttpDemo(QProcess *process)
{
    process->setProcessChannelMode(QProcess::SeparateChannels);
    process->setReadChannel(QProcess::StandardError);
    process->start(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")});
    QByteArray banner;
    QElapsedTimer clock;
    clock.start();
    static const QRegularExpression url(QStringLiteral("listening on (http://\\S+)"));
    while (clock.elapsed() < 15000) {
        process->waitForReadyRead(500);
        banner += process->readAllStandardError();
        const QRegularExpressionMatch match = url.match(QString::fromUtf8(banner));
        if (match.hasMatch())
            return QUrl(match.captured(1));
    }
    return {};
}

struct Server
{
    std::unique_ptr<Connection> connection;
    std::unique_ptr<QProcess> httpProcess; // HTTP servers only
    bool http = false;
    qint64 sent = 0;
    qint64 answered = 0;
    qint64 failed = 0;
    qint64 inFlight = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false"));
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("minutes"), QStringLiteral("How long to run."), QStringLiteral("M"), QStringLiteral("10")});
    parser.addOption({QStringLiteral("servers"), QStringLiteral("Servers at once (half over HTTP)."), QStringLiteral("N"), QStringLiteral("20")});
    parser.addOption({QStringLiteral("rate"), QStringLiteral("Requests per second, all servers together."), QStringLiteral("R"), QStringLiteral("1000")});
    parser.addOption({QStringLiteral("flood-every"), QStringLiteral("Seconds between notification floods (0: none)."), QStringLiteral("S"), QStringLiteral("10")});
    parser.process(app);
    const double minutes = parser.value(QStringLiteral("minutes")).toDouble();
    const int serverCount = qMax(1, parser.value(QStringLiteral("servers")).toInt());
    const int rate = qMax(1, parser.value(QStringLiteral("rate")).toInt());
    const int floodEvery = parser.value(QStringLiteral("flood-every")).toInt();

    std::printf("soak: %d servers (%d stdio, %d HTTP), %d requests/s, %.1f minutes, load %s\n", serverCount,
                serverCount - serverCount / 2, serverCount / 2, rate, minutes, qPrintable(loadAverage()));
    std::fflush(stdout);

    Connection::Options options;
    options.pingIntervalMs = 5000;
    std::vector<Server> servers(serverCount);
    for (int i = 0; i < serverCount; ++i) {
        Server &server = servers[i];
        server.http = i % 2 == 1;
        Session::TransportFactory factory;
        if (server.http) {
            server.httpProcess = std::make_unique<QProcess>();
            const QUrl url = startHttpDemo(server.httpProcess.get());
            if (url.isEmpty()) {
                std::fprintf(stderr, "soak: the HTTP demo server %d did not start\n", i);
                return 1;
            }
            factory = [url] { return new StreamableHttpTransport(url); };
        } else {
            factory = [] {
                StdioServerParameters parameters;
                parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
                return new StdioTransport(parameters);
            };
        }
        server.connection = std::make_unique<Connection>(i + 1, QStringLiteral("soak %1").arg(i + 1), factory, options);
        server.connection->connectToServer();
    }
    QElapsedTimer waitClock;
    waitClock.start();
    for (Server &server : servers) {
        while (!server.connection->isConnected() && waitClock.elapsed() < 60000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        if (!server.connection->isConnected()) {
            std::fprintf(stderr, "soak: %s did not connect: %s\n", qPrintable(server.connection->name()),
                         qPrintable(server.connection->errorString()));
            return 1;
        }
    }

    // The GUI thread's pulse: the longest gap between ticks, overall and per report period.
    QElapsedTimer tickClock;
    tickClock.start();
    qint64 lastTick = 0;
    qint64 worstGap = 0;
    qint64 periodWorstGap = 0;
    QTimer ticker;
    ticker.setInterval(TickMs);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = tickClock.elapsed();
        const qint64 gap = now - lastTick;
        lastTick = now;
        worstGap = qMax(worstGap, gap);
        periodWorstGap = qMax(periodWorstGap, gap);
    });
    ticker.start();

    // The request pump: every 10 ms, rate/100 calls spread round-robin (echo with a counter, so
    // every answer can be checked against its request).
    qint64 issued = 0;
    qint64 mismatched = 0;
    int next = 0;
    QTimer pump;
    pump.setInterval(10);
    const double perTick = rate / 100.0;
    double owed = 0;
    QObject::connect(&pump, &QTimer::timeout, [&] {
        owed += perTick;
        while (owed >= 1) {
            owed -= 1;
            Server &server = servers[next];
            next = (next + 1) % serverCount;
            const QString message = QStringLiteral("soak %1").arg(++issued);
            OutgoingRequest *call = server.connection->sendRequest(QStringLiteral("tools/call"),
                                                            {{QStringLiteral("name"), QStringLiteral("echo")},
                                                             {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), message}}}});
            ++server.sent;
            ++server.inFlight;
            QObject::connect(call, &OutgoingRequest::finished, &app, [&server, &mismatched, call, message] {
                --server.inFlight;
                if (call->isError()) {
                    ++server.failed;
                    return;
                }
                ++server.answered;
                if (!QString::fromUtf8(QJsonDocument(call->result().toObject()).toJson()).contains(message))
                    ++mismatched;
            });
        }
    });
    pump.start();

    // Notification floods: one server at a time sends 5,000 log messages as fast as it can.
    QTimer flood;
    int floodNext = 0;
    if (floodEvery > 0) {
        flood.setInterval(floodEvery * 1000);
        QObject::connect(&flood, &QTimer::timeout, [&] {
            Server &server = servers[floodNext];
            floodNext = (floodNext + 1) % serverCount;
            server.connection->sendRequest(QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("notification_flood")},
                                                                   {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("count"), 5000}}}});
        });
        flood.start();
    }

    const double startRss = residentMiB();
    std::printf("rss at start: %.1f MiB\n", startRss);
    std::fflush(stdout);
    QList<double> checkpoints{1, 5, 10};
    if (minutes < 10)
        checkpoints = {qMin(1.0, minutes / 4), minutes / 2, minutes};
    // The traffic logs keep every byte by design (lz4-packed); what they hold is counted apart, so
    // that what is left is what would show a leak.
    auto trafficMiB = [&servers] {
        qint64 bytes = 0;
        for (const Server &server : servers)
            bytes += server.connection->trafficLog()->allocatedBytes();
        return bytes / 1048576.0;
    };
    QMap<double, double> rssAt;
    QMap<double, double> trafficAt;
    QMap<double, double> heapAt;
    QElapsedTimer runClock;
    runClock.start();
    const qint64 runMs = qint64(minutes * 60000);
    qint64 lastReport = 0;
    while (runClock.elapsed() < runMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 100);
        const double elapsedMin = runClock.elapsed() / 60000.0;
        for (double checkpoint : checkpoints) {
            if (!rssAt.contains(checkpoint) && elapsedMin >= checkpoint) {
                rssAt.insert(checkpoint, residentMiB());
                trafficAt.insert(checkpoint, trafficMiB());
                heapAt.insert(checkpoint, heapMiB());
                std::printf("after %.2f min: rss %.1f MiB, heap in use %.1f MiB, traffic logs %.1f MiB\n", checkpoint,
                            rssAt.value(checkpoint), heapAt.value(checkpoint), trafficAt.value(checkpoint));
                std::fflush(stdout);
            }
        }
        if (runClock.elapsed() - lastReport >= 30000) {
            lastReport = runClock.elapsed();
            qint64 answered = 0, failed = 0;
            for (const Server &server : servers) {
                answered += server.answered;
                failed += server.failed;
            }
            std::printf("  %5.1f min: %lld sent, %lld answered, %lld failed, worst GUI gap this period %lld ms, load %s\n",
                        elapsedMin, static_cast<long long>(issued), static_cast<long long>(answered),
                        static_cast<long long>(failed), static_cast<long long>(periodWorstGap), qPrintable(loadAverage()));
            std::fflush(stdout);
            periodWorstGap = 0;
        }
    }
    pump.stop();
    flood.stop();
    // Everything sent must come back: wait for the last answers (bounded).
    QElapsedTimer drain;
    drain.start();
    auto inFlight = [&servers] {
        qint64 n = 0;
        for (const Server &server : servers)
            n += server.inFlight;
        return n;
    };
    while (inFlight() > 0 && drain.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    rssAt.insert(minutes, residentMiB());
    trafficAt.insert(minutes, trafficMiB());
    heapAt.insert(minutes, heapMiB());
    ticker.stop();

    qint64 sent = 0, answered = 0, failed = 0;
    for (const Server &server : servers) {
        sent += server.sent;
        answered += server.answered;
        failed += server.failed;
    }
    const qint64 lost = sent - answered;
    const double seconds = runMs / 1000.0;
    std::printf("sent %lld, answered %lld, failed %lld, still waiting %lld, wrong answers %lld; %.0f requests/s\n",
                static_cast<long long>(sent), static_cast<long long>(answered), static_cast<long long>(failed),
                static_cast<long long>(inFlight()), static_cast<long long>(mismatched), sent / seconds);
    // Growth from the first checkpoint to the last, per minute: flat means no leak.
    const double firstRss = rssAt.first();
    const double lastRss = rssAt.last();
    const double span = qMax(0.01, rssAt.lastKey() - rssAt.firstKey());
    const double trafficGrowth = (trafficAt.last() - trafficAt.first()) / span;
    const double rssGrowth = (lastRss - firstRss) / span;
    const double heapGrowth = (heapAt.last() - heapAt.first()) / span;
    // The traffic logs keep every event by design; any other growth of the heap would be a leak.
    const double growthPerMinute = qMax(0.0, heapGrowth - trafficGrowth);
    std::printf("rss: start %.1f MiB, first checkpoint %.1f MiB, end %.1f MiB (%.2f MiB/min); heap in use %.2f MiB/min, "
                "of which the traffic logs (kept by design) %.2f MiB/min; everything else %.2f MiB/min\n",
                startRss, firstRss, lastRss, rssGrowth, heapGrowth, trafficGrowth, growthPerMinute);
    std::printf("longest GUI-thread gap: %lld ms (timer every %d ms); load %s\n", static_cast<long long>(worstGap), TickMs,
                qPrintable(loadAverage()));
    auto target = [](const char *name, const QString &measured, const QString &goal, bool met) {
        std::printf("target %s: %s vs %s: %s\n", name, qPrintable(measured), qPrintable(goal), met ? "met" : "NOT met");
    };
    target("lost_responses", QString::number(lost + mismatched), QStringLiteral("0"), lost + mismatched == 0);
    target("memory_growth_besides_traffic", QStringLiteral("%1 MiB/min").arg(growthPerMinute, 0, 'f', 2), QStringLiteral("< 1 MiB/min"),
           growthPerMinute < 1.0);
    target("gui_stall", QStringLiteral("%1 ms").arg(worstGap), QStringLiteral("< 100 ms"), worstGap < 100);
    std::fflush(stdout);
    for (Server &server : servers)
        server.connection->disconnectFromServer();
    // What a backlog held is gone once it is stored: the heap after the drain, when idle.
    QElapsedTimer idle;
    idle.start();
    while (idle.elapsed() < 2000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    std::printf("heap in use when idle after the run: %.1f MiB (traffic logs %.1f MiB)\n", heapMiB(), trafficMiB());
    std::fflush(stdout);
    QElapsedTimer bye;
    bye.start();
    while (bye.elapsed() < 3000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    for (Server &server : servers) {
        if (server.httpProcess) {
            server.httpProcess->terminate();
            server.httpProcess->waitForFinished(3000);
        }
    }
    return lost + mismatched == 0 ? 0 : 1;
}
