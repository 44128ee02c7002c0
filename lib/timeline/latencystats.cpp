#include "latencystats.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace Mcp {

qint64 LatencyStats::percentile(const QList<qint64> &sorted, double percent)
{
    if (sorted.isEmpty())
        return 0;
    const qsizetype rank = qsizetype(std::ceil(percent / 100.0 * double(sorted.size())));
    return sorted.at(qBound(qsizetype(0), rank - 1, sorted.size() - 1));
}

int LatencyStats::histogramBucket(qint64 durationNs)
{
    const qint64 us = durationNs / 1000;
    if (us < 2)
        return 0;
    int bucket = 0;
    for (qint64 v = us; v > 1; v >>= 1)
        ++bucket;
    return qMin(bucket, HistogramBuckets - 1);
}

QList<LatencyRow> LatencyStats::compute(const Timeline &timeline, const Options &options)
{
    struct Group
    {
        LatencyRow row;
        QList<qint64> durations;
    };
    QHash<QString, Group> groups;
    const auto add = [&](const Span &span, const QString &subject) {
        const int connection = options.byConnection ? span.connectionId : -1;
        const QString method = timeline.methodOf(span);
        const QString key = QString::number(connection) + u'\n' + method + u'\n' + subject;
        Group &group = groups[key];
        if (group.row.count == 0) {
            group.row.connectionId = connection;
            group.row.method = method;
            group.row.subject = subject;
            group.row.direction = span.direction;
            group.row.histogram.fill(0, HistogramBuckets);
        }
        const qint64 duration = span.endNs - span.startNs;
        ++group.row.count;
        if (span.outcome != SpanOutcome::Result)
            ++group.row.errors;
        group.row.sumNs += duration;
        ++group.row.histogram[histogramBucket(duration)];
        group.durations.append(duration);
    };
    for (const Span &span : timeline.spans) {
        if (!span.isTopLevel() || span.endNs < 0 || span.startNs < options.fromNs || span.startNs > options.toNs)
            continue;
        add(span, QString());
        if (options.bySubject && span.subject != 0)
            add(span, timeline.subjectOf(span));
    }
    QList<LatencyRow> rows;
    rows.reserve(groups.size());
    for (Group &group : groups) {
        std::sort(group.durations.begin(), group.durations.end());
        group.row.p50Ns = percentile(group.durations, 50);
        group.row.p90Ns = percentile(group.durations, 90);
        group.row.p99Ns = percentile(group.durations, 99);
        group.row.maxNs = group.durations.last();
        rows.append(std::move(group.row));
    }
    std::sort(rows.begin(), rows.end(), [](const LatencyRow &a, const LatencyRow &b) {
        if (a.method != b.method)
            return a.method < b.method;
        if (a.subject != b.subject)
            return a.subject < b.subject;
        return a.connectionId < b.connectionId;
    });
    return rows;
}

} // namespace Mcp
