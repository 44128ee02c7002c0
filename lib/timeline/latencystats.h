#pragma once

#include "span.h"

#include <QList>
#include <QString>

#include <limits>

namespace Mcp {

// Latency at a glance: per method and per tool, prompt or resource (and per server, for a view
// of several), how many calls, how many failed, and their percentiles and histogram. Only the
// logical calls count (a call's rounds and polls are inside its time); pending ones do not.
struct LatencyRow
{
    int connectionId = -1;     // -1 when rows are not split by server
    QString method;
    QString subject;           // tool, prompt or resource; empty for the method's own row
    SpanDirection direction = SpanDirection::ClientToServer;
    qint64 count = 0;
    qint64 errors = 0;         // every outcome but Result
    qint64 p50Ns = 0;
    qint64 p90Ns = 0;
    qint64 p99Ns = 0;
    qint64 maxNs = 0;
    qint64 sumNs = 0;
    // Calls per power-of-two bucket of microseconds: [i] counts durations in [2^i, 2^(i+1)) us
    // (bucket 0 also holds everything under 1 us).
    QList<qint64> histogram;
};

class LatencyStats
{
public:
    static constexpr int HistogramBuckets = 40; // up to 2^40 us: 12 days

    struct Options
    {
        bool byConnection = false;   // a row per server too (All Traffic)
        bool bySubject = true;       // rows per tool, prompt or resource beside each method's row
        qint64 fromNs = std::numeric_limits<qint64>::min(); // spans that start in [fromNs, toNs]
        qint64 toNs = std::numeric_limits<qint64>::max();
    };

    // Rows sorted by method, then subject (the method's own row first), then server.
    static QList<LatencyRow> compute(const Timeline &timeline, const Options &options);
    static QList<LatencyRow> compute(const Timeline &timeline) { return compute(timeline, Options()); }
    // Nearest-rank percentile (0-100) of sorted durations.
    static qint64 percentile(const QList<qint64> &sorted, double percent);
    static int histogramBucket(qint64 durationNs);
};

} // namespace Mcp
