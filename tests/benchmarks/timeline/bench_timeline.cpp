// The timeline at a million events: how long the spans take to build (against reading every frame
// once with QJsonDocument, in the same run), what they cost in memory per event (against what the
// traffic log itself costs per event), and the longest frame while zooming and panning across
// them in the real TimelineView (offscreen, 1920 x 600).
//
//   bench_timeline [events=1000000]
// Build it in Release for meaningful numbers. Ends with `target NAME: MEASURED vs GOAL: met` lines.

#include "timeline/timelinelayout.h"
#include "timeline/timelineview.h"
#include "theme.h"

#include <timeline/spanbuilder.h>
#include <traffic/trafficlog.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

#include <cstdio>

#include <malloc.h>

#include "../common/resident.h"

using namespace Mcp;

namespace {

// A busy session on two servers: calls of a dozen tools (a tenth fail, some report progress),
// pings, list calls, and now and then a notification, in realistic sizes.
QList<TrafficEvent> makeTraffic(int events)
{
    QRandomGenerator rng(20261129);
    QList<TrafficEvent> out;
    out.reserve(events);
    qint64 now = 1000000000;
    int id = 0;
    const QByteArray padding(300, 'x');
    while (out.size() < events) {
        const int connection = int(rng.bounded(2)) + 1;
        const QByteArray idText = QByteArray::number(++id);
        const int kind = int(rng.bounded(20));
        TrafficEvent request;
        request.direction = TrafficEvent::Direction::Outgoing;
        request.kind = TrafficEvent::Kind::Message;
        request.connectionId = connection;
        request.monotonicNs = now;
        request.wallClockMs = now / 1000000;
        TrafficEvent answer = request;
        answer.direction = TrafficEvent::Direction::Incoming;
        const qint64 took = 200000 + qint64(rng.bounded(20000000));
        answer.monotonicNs = now + took;
        if (kind == 0) {
            request.raw = R"({"jsonrpc":"2.0","id":)" + idText + R"(,"method":"ping"})";
            answer.raw = R"({"jsonrpc":"2.0","id":)" + idText + R"(,"result":{}})";
        } else if (kind == 1) {
            request.raw = R"({"jsonrpc":"2.0","id":)" + idText + R"(,"method":"tools/list","params":{}})";
            answer.raw = R"({"jsonrpc":"2.0","id":)" + idText + R"(,"result":{"tools":[{"name":"a","description":")" + padding + R"("}]}})";
        } else {
            const QByteArray tool = "tool_" + QByteArray::number(rng.bounded(12));
            request.raw = R"({"jsonrpc":"2.0","id":)" + idText + R"(,"method":"tools/call","params":{"name":")" + tool
                          + R"(","arguments":{"q":"weather in Berlin"},"_meta":{"progressToken":)" + idText + "}}}";
            const bool failed = rng.bounded(10) == 0;
            answer.raw = R"({"jsonrpc":"2.0","id":)" + idText + R"(,"result":{"content":[{"type":"text","text":")" + padding
                         + R"("}],"isError":)" + (failed ? "true" : "false") + "}}";
        }
        out.append(request);
        if (kind == 2 && out.size() < events) {
            TrafficEvent progress = answer;
            progress.monotonicNs = now + took / 2;
            progress.raw = R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":)" + idText
                           + R"(,"progress":50,"total":100}})";
            out.append(progress);
        }
        if (out.size() < events)
            out.append(answer);
        now += 50000 + qint64(rng.bounded(2000000)); // calls overlap: several are in flight at once
    }
    std::sort(out.begin(), out.end(), [](const TrafficEvent &a, const TrafficEvent &b) { return a.monotonicNs < b.monotonicNs; });
    return out;
}

// Bytes the heap holds for the program (small blocks and malloc's own mappings): the timeline is
// heap only, and freed memory that RSS still counts would hide it.
qint64 heapBytes()
{
    const struct mallinfo2 info = mallinfo2();
    return qint64(info.uordblks + info.hblkhd);
}

void target(const char *name, double measured, const char *unit, const char *relation, double goal, bool met)
{
    std::printf("target %s: %.1f %s vs %s %.1f %s: %s\n", name, measured, unit, relation, goal, unit, met ? "met" : "NOT met");
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    Ui::Theme::apply(&app, Ui::Theme::Choice::Light);
    const int events = argc > 1 ? QByteArray(argv[1]).toInt() : 1000000;

    QList<TrafficEvent> traffic = makeTraffic(events);
    const qint64 idleKiB = residentKiB();
    TrafficLog log;
    log.setConnectionName(1, QStringLiteral("weather"));
    log.setConnectionName(2, QStringLiteral("files"));
    log.appendBatch(traffic);
    log.flush();
    traffic.clear();
    traffic.squeeze();
    const qint64 logKiB = residentKiB() - idleKiB;

    // The other side: every frame parsed once with QJsonDocument, which is what a reader that
    // builds spans from parsed messages would pay at least.
    const TrafficSnapshot snapshot = log.snapshot();
    QElapsedTimer clock;
    clock.start();
    TrafficChunkCache cache;
    qint64 parsedMembers = 0;
    for (qint64 abs = snapshot.begin(); abs < snapshot.end(); ++abs)
        parsedMembers += QJsonDocument::fromJson(snapshot.raw(abs, cache).toByteArray()).object().size();
    const double qtParseMs = double(clock.nsecsElapsed()) / 1e6;

    const qint64 heapBefore = heapBytes();
    clock.restart();
    Timeline timeline = SpanBuilder::build(SpanBuilder::inputFrom(log));
    const double buildMs = double(clock.nsecsElapsed()) / 1e6;
    clock.restart();
    auto layout = std::make_shared<const Ui::TimelineLayout>(Ui::TimelineLayout::build(std::move(timeline)));
    const double layoutMs = double(clock.nsecsElapsed()) / 1e6;
    const double timelineBytes = double(heapBytes() - heapBefore);
    const qsizetype spans = layout->timeline().spans.size();

    Ui::TimelineView view;
    view.resize(1920, 600);
    view.show();
    view.setLayout(layout);
    QCoreApplication::processEvents();
    // Frames: fit all, zoom in to a millisecond around the middle, pan across, zoom back out.
    QList<double> frames;
    const auto frame = [&] {
        QElapsedTimer f;
        f.start();
        view.viewport()->repaint();
        frames.append(double(f.nsecsElapsed()) / 1e6);
    };
    view.fitAll();
    frame();
    const qint64 middle = layout->timeline().firstNs + (layout->timeline().lastNs - layout->timeline().firstNs) / 2;
    while (view.visibleToNs() - view.visibleFromNs() > 1000000) {
        view.zoomBy(1.5, middle);
        frame();
    }
    for (int i = 0; i < 40; ++i) {
        view.panBy(0.25);
        frame();
    }
    while (view.visibleToNs() - view.visibleFromNs() < layout->timeline().lastNs - layout->timeline().firstNs) {
        view.zoomBy(1.0 / 1.5, middle);
        frame();
    }
    double worst = 0;
    double total = 0;
    for (double ms : frames) {
        worst = qMax(worst, ms);
        total += ms;
    }

    std::printf("events: %d, spans: %lld, marks: %lld (%lld JSON members read by QJsonDocument)\n", events, qint64(spans),
                qint64(layout->timeline().marks.size()), parsedMembers);
    std::printf("spans built in %.0f ms, laid out in %.0f ms; QJsonDocument reading every frame once: %.0f ms\n", buildMs,
                layoutMs, qtParseMs);
    std::printf("memory: traffic log %.0f bytes per event (resident), timeline %.0f bytes per event (heap)\n",
                double(logKiB) * 1024 / events, timelineBytes / events);
    std::printf("frames: %lld, mean %.2f ms, longest %.2f ms\n", qint64(frames.size()), total / double(frames.size()), worst);
    target("build spans of 1M events", buildMs + layoutMs, "ms", "<", qtParseMs, buildMs + layoutMs < qtParseMs);
    target("timeline memory per event", timelineBytes / events, "bytes", "<", double(logKiB) * 1024 / events / 2,
           timelineBytes * 2 < double(logKiB) * 1024);
    target("longest frame zooming and panning", worst, "ms", "<", 16.0, worst < 16.0);
    return 0;
}
