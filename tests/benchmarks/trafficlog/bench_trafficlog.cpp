// Fills a TrafficLog with realistic MCP traffic and prints what a demanding user cares about:
// how fast events go in, what a million of them cost in memory, and how long filters take.
// Targets (issue 4): 1M events under 400 MB resident; a text filter over 1M rows under 300 ms.
//
//   bench_trafficlog [events=1000000] [threads=2] [http]
// With "http", every message carries the metadata Streamable HTTP adds (URL, status, exchange id,
// response headers on answers), as the HTTP transports record it.

#include <traffic/trafficfilter.h>
#include <traffic/trafficlog.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QRandomGenerator>
#include <QTimer>

#include <cstdio>
#include <ctime>

#include "../common/resident.h"

using namespace Mcp;

namespace {

// Traffic shaped like a busy tool-calling session: per 10 events, 3 requests, 3 responses
// (200-2000 byte bodies), 3 notifications (progress and logging), 1 stderr line.
class TrafficGenerator
{
public:
    explicit TrafficGenerator(bool http)
        : m_rng(20240601)
        , m_http(http)
    {
        const char *seed[] = {"the", "server", "returned", "a", "list", "of", "files", "in", "directory", "with",
                              "metadata", "JSON", "schema", "tool", "result", "content", "resource", "prompt",
                              "weather", "forecast", "temperature", "Berlin", "Paris", "database", "query",
                              "rows", "user", "request", "timeout", "progress", "completed", "error", "retry",
                              "context", "window", "token", "model", "sampling", "message", "assistant"};
        for (const char *w : seed)
            m_words.append(QByteArray(w));
        // A larger vocabulary with generated words so that text is not trivially repetitive.
        for (int i = 0; i < 2000; ++i) {
            QByteArray w;
            const int length = 3 + int(m_rng.bounded(9));
            for (int k = 0; k < length; ++k)
                w.append(char((k == 0 && m_rng.bounded(5) == 0 ? 'A' : 'a') + m_rng.bounded(26)));
            m_words.append(w);
        }
    }

    QByteArray text(int bytes)
    {
        QByteArray t;
        t.reserve(bytes + 16);
        while (t.size() < bytes) {
            t.append(m_words.at(int(m_rng.bounded(m_words.size()))));
            t.append(m_rng.bounded(12) == 0 ? ". " : " ");
        }
        return t;
    }

    TrafficEvent next()
    {
        TrafficEvent e;
        m_clockNs += 50000 + qint64(m_rng.bounded(200000));
        e.monotonicNs = m_clockNs;
        e.wallClockMs = 1760000000000 + m_clockNs / 1000000;
        e.connectionId = 1 + int(m_rng.bounded(3));
        e.kind = TrafficEvent::Kind::Message;
        const int slot = int(m_counter++ % 10);
        static const char *methods[] = {"tools/call", "tools/call", "tools/call", "resources/read", "prompts/get",
                                        "tools/list", "completion/complete"};
        if (slot < 3) {
            const qint64 id = ++m_nextId;
            m_open.append(qMakePair(id, e.connectionId));
            e.direction = TrafficEvent::Direction::Outgoing;
            e.raw = QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id) + R"(,"method":")"
                + methods[m_rng.bounded(7)] + R"(","params":{"name":"search_files","arguments":{"query":")"
                + text(40 + int(m_rng.bounded(160))) + R"("},"_meta":{"progressToken":)" + QByteArray::number(id)
                + "}}}";
        } else if (slot < 6 && !m_open.isEmpty()) {
            const auto open = m_open.takeFirst();
            e.connectionId = open.second;
            e.direction = TrafficEvent::Direction::Incoming;
            if (m_rng.bounded(20) == 0) {
                e.raw = QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(open.first)
                    + R"(,"error":{"code":-32602,"message":"Invalid params: )" + text(60) + "\"}}";
            } else {
                e.raw = QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(open.first)
                    + R"(,"result":{"content":[{"type":"text","text":")" + text(200 + int(m_rng.bounded(1800)))
                    + R"("}],"isError":false}})";
            }
        } else if (slot < 9) {
            e.direction = TrafficEvent::Direction::Incoming;
            if (m_rng.bounded(2)) {
                e.raw = QByteArray(R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":)")
                    + QByteArray::number(m_nextId) + R"(,"progress":)" + QByteArray::number(m_rng.bounded(100))
                    + R"(,"total":100,"message":")" + text(20 + int(m_rng.bounded(60))) + "\"}}";
            } else {
                e.raw = QByteArray(R"({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"server","data":")")
                    + text(60 + int(m_rng.bounded(240))) + "\"}}";
            }
        } else {
            e.kind = TrafficEvent::Kind::StderrLine;
            e.direction = TrafficEvent::Direction::Incoming;
            e.raw = QByteArray("[2025-11-25T10:00:00Z] INFO handled request ") + QByteArray::number(m_nextId)
                + " in " + QByteArray::number(m_rng.bounded(900)) + "ms: " + text(20 + int(m_rng.bounded(60)));
        }
        if (m_http && e.kind == TrafficEvent::Kind::Message) {
            e.url = QStringLiteral("https://mcp.example.com/mcp");
            e.exchangeId = quint64(++m_exchange);
            if (e.direction == TrafficEvent::Direction::Outgoing) {
                e.httpMethod = "POST";
                e.headers = {{"Content-Type", "application/json"}, {"Accept", "application/json, text/event-stream"},
                             {"Mcp-Session-Id", "9f1c2d7e-4b5a-4c3d-8e9f-0a1b2c3d4e5f"},
                             {"MCP-Protocol-Version", "2025-11-25"}};
            } else {
                e.httpStatus = 200;
                if (slot < 6)
                    e.headers = {{"Content-Type", "application/json"}, {"Date", "Tue, 25 Nov 2025 10:00:00 GMT"}};
            }
        }
        m_bytes += e.raw.size();
        return e;
    }

    qint64 bytes() const { return m_bytes; }

private:
    QRandomGenerator m_rng;
    QList<QByteArray> m_words;
    QList<QPair<qint64, int>> m_open;
    qint64 m_nextId = 0;
    qint64 m_counter = 0;
    qint64 m_clockNs = 0;
    qint64 m_bytes = 0;
    bool m_http = false;
    qint64 m_exchange = 0;
};

double processCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Timing
{
    double wallMs = 1e18; // best of three: the machine is shared
    double cpuMs = 0;     // CPU time of that run, all threads: robust against other load
};

Timing timeFilter(const TrafficLog &log, const TrafficFilter &filter, int threads, size_t *matches)
{
    const TrafficSnapshot snapshot = log.snapshot();
    Timing best;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        const double cpu = processCpuMs();
        const std::vector<qint64> rows = TrafficFilterProxy::filterSnapshot(snapshot, filter, threads);
        const double wall = double(timer.nsecsElapsed()) / 1e6;
        if (qEnvironmentVariableIsSet("BENCH_VERBOSE"))
            std::printf("  run %d: %.1f ms\n", run, wall);
        if (wall < best.wallMs)
            best = {wall, processCpuMs() - cpu};
        *matches = rows.size();
    }
    return best;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int events = args.size() > 1 ? args.at(1).toInt() : 1000000;
    const int threads = args.size() > 2 ? args.at(2).toInt() : 2;
    const bool http = args.contains(QStringLiteral("http"));

    const qint64 rssStart = residentKiB();
    TrafficLog log;
    log.setRowCap(events);
    TrafficGenerator generator(http);
    qint64 appendNs = 0;
    const int batchSize = 10000;
    for (int done = 0; done < events; done += batchSize) {
        QList<TrafficEvent> batch;
        batch.reserve(batchSize);
        for (int i = 0; i < batchSize && done + i < events; ++i)
            batch.append(generator.next());
        QElapsedTimer timer;
        timer.start();
        log.appendBatch(batch);
        log.flush();
        appendNs += timer.nsecsElapsed();
    }
    // Sealed chunks are packed on a background thread; wait for it like a GUI would idle.
    QElapsedTimer packTimer;
    packTimer.start();
    while (log.pendingPackCount() > 0)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    const double packWaitS = double(packTimer.nsecsElapsed()) / 1e9;
    const qint64 rssEnd = residentKiB();
    std::printf("events:              %d%s (%.1f MB of raw bytes, %.0f bytes/event on average)\n", log.rowCount(),
                http ? " with HTTP metadata" : "",
                double(generator.bytes()) / 1e6, double(generator.bytes()) / events);
    std::printf("append rate:         %.0f events/s (%.2f s in appendBatch+flush)\n", events / (double(appendNs) / 1e9),
                double(appendNs) / 1e9);
    std::printf("packing backlog:     %.2f s after the last append\n", packWaitS);
    std::printf("resident before:     %.1f MB\n", double(rssStart) / 1024.0);
    std::printf("resident after:      %.1f MB  (target: under 400 MB)\n", double(rssEnd) / 1024.0);
    std::printf("per event:           %.0f bytes resident (%.0f bytes stored by the log)\n",
                double(rssEnd - rssStart) * 1024.0 / events, double(log.allocatedBytes()) / events);

    struct Case
    {
        const char *name;
        TrafficFilter filter;
    };
    // A filter on one member.
    const auto filterOn = [](auto TrafficFilter::*member, auto value) {
        TrafficFilter filter;
        filter.*member = value;
        return filter;
    };
    TrafficFilter exactMethod = filterOn(&TrafficFilter::method, QStringLiteral("tools/call"));
    exactMethod.methodMatch = TrafficFilter::MethodMatch::Exact;
    TrafficFilter errorsOfOneConnection = filterOn(&TrafficFilter::kinds, QList<TrafficKind>{TrafficKind::Error});
    errorsOfOneConnection.connections = {2};
    const QList<Case> cases{
        {"method exact tools/call", exactMethod},
        {"method substring complet", filterOn(&TrafficFilter::method, QStringLiteral("complet"))},
        {"text 'berlin forecast'", filterOn(&TrafficFilter::text, QStringLiteral("berlin forecast"))},
        {"text absent", filterOn(&TrafficFilter::text, QStringLiteral("zzzznotthere"))},
        {"text 'e' (every row)", filterOn(&TrafficFilter::text, QStringLiteral("e"))},
        {"kind error + connection", errorsOfOneConnection},
        {"json /params/level=info", filterOn(&TrafficFilter::json, QStringLiteral("/params/level=info"))},
    };

    for (const Case &c : std::as_const(cases)) {
        size_t matches = 0;
        const Timing one = timeFilter(log, c.filter, 1, &matches);
        const Timing many = timeFilter(log, c.filter, threads, &matches);
        std::printf("filter %-26s 1 thread: %7.1f ms wall %7.1f ms CPU | %d threads: %7.1f ms wall %7.1f ms CPU | %zu rows\n",
                    c.name, one.wallMs, one.cpuMs, threads, many.wallMs, many.cpuMs, matches);
    }
    // The proxy as a view uses it: the GUI thread only starts the pass and swaps the result
    // in. A 5 ms ticker stands in for the GUI; its longest gap is the stall a user would see.
    {
        TrafficFilterProxy proxy;
        QElapsedTimer timer;
        timer.start();
        proxy.setSourceModel(&log);
        const double attachMs = double(timer.nsecsElapsed()) / 1e6;
        TrafficFilter f;
        f.text = QStringLiteral("berlin forecast");
        QEventLoop loop;
        QObject::connect(&proxy, &TrafficFilterProxy::filterApplied, &loop, &QEventLoop::quit);
        double longestGapMs = 0;
        QElapsedTimer sinceTick;
        QTimer ticker;
        ticker.setInterval(5);
        QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
            longestGapMs = qMax(longestGapMs, double(sinceTick.nsecsElapsed()) / 1e6);
            sinceTick.restart();
        });
        timer.restart();
        const double cpuStart = processCpuMs();
        proxy.setFilter(f);
        const double setFilterMs = double(timer.nsecsElapsed()) / 1e6;
        sinceTick.start();
        ticker.start();
        loop.exec();
        const double totalMs = double(timer.nsecsElapsed()) / 1e6;
        const double totalCpuMs = processCpuMs() - cpuStart;
        longestGapMs = qMax(longestGapMs, double(sinceTick.nsecsElapsed()) / 1e6);
        std::printf("proxy: attach (identity pass) %.1f ms; setFilter(text) returns in %.2f ms; result after %.1f ms wall "
                    "(%.1f ms CPU); longest GUI-thread gap %.1f ms (ticker every 5 ms); %d rows\n",
                    attachMs, setFilterMs, totalMs, totalCpuMs, longestGapMs, proxy.rowCount());
    }
    std::printf("(text filter target: under 300 ms over 1M rows; load average now: %s)\n",
                [] {
                    QFile f(QStringLiteral("/proc/loadavg"));
                    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray("?");
                }()
                    .constData());
    return 0;
}
