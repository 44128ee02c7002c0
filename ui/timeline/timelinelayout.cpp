#include "timelinelayout.h"

#include <algorithm>
#include <numeric>

namespace Mcp::Ui {

TimelineLayout TimelineLayout::build(Timeline timeline)
{
    TimelineLayout layout;
    layout.m_timeline = std::move(timeline);
    const Timeline &t = layout.m_timeline;
    const qsizetype count = t.spans.size();

    // Children in compressed rows: count, prefix sums, fill.
    layout.m_childStart.fill(0, count + 1);
    for (const Span &span : t.spans) {
        if (span.parent >= 0)
            ++layout.m_childStart[span.parent + 1];
    }
    for (qsizetype i = 0; i < count; ++i)
        layout.m_childStart[i + 1] += layout.m_childStart[i];
    layout.m_children.resize(layout.m_childStart.last());
    QList<int> fill = layout.m_childStart;
    for (int i = 0; i < count; ++i) {
        const int parent = t.spans.at(i).parent;
        if (parent >= 0)
            layout.m_children[fill[parent]++] = i;
    }
    layout.m_requestRows.reserve(count);
    for (int i = 0; i < count; ++i) {
        if (t.spans.at(i).requestRow >= 0)
            layout.m_requestRows.append({t.spans.at(i).requestRow, i});
    }
    std::sort(layout.m_requestRows.begin(), layout.m_requestRows.end());

    QHash<int, int> laneOf;
    QList<int> connections = t.connections;
    for (const Span &span : t.spans) { // spans of a connection that never said its id first
        if (!connections.contains(span.connectionId))
            connections.append(span.connectionId);
    }
    for (int connection : std::as_const(connections)) {
        laneOf.insert(connection, int(layout.m_lanes.size()));
        Lane lane;
        lane.connectionId = connection;
        layout.m_lanes.append(lane);
    }
    // Spans in order of start: the builder appends a logical call after its first part sometimes.
    QList<int> order(count);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&t](int a, int b) { return t.spans.at(a).startNs < t.spans.at(b).startNs; });

    const qint64 total = qMax<qint64>(1, t.lastNs - t.firstNs);
    const qint64 longNs = qMax<qint64>(1, total / 2048);
    QList<QList<qint64>> rowEnds(layout.m_lanes.size()); // per lane: the end of each call row's last item
    QList<int> serverRow(layout.m_lanes.size(), -1);
    layout.m_placeOf.fill({-1, -1}, count);
    for (int index : std::as_const(order)) {
        const Span &span = t.spans.at(index);
        const bool serverRequest = span.direction == SpanDirection::ServerToClient;
        if (!serverRequest && !span.isTopLevel())
            continue; // drawn inside its call
        const int laneIndex = laneOf.value(span.connectionId);
        Lane &lane = layout.m_lanes[laneIndex];
        const Item item{span.startNs, layout.endOf(span), index, span.outcome};
        int rowIndex;
        if (serverRequest) {
            if (serverRow[laneIndex] < 0) {
                serverRow[laneIndex] = int(lane.rows.size());
                Row row;
                row.serverRequests = true;
                lane.rows.append(row);
            }
            rowIndex = serverRow[laneIndex];
        } else {
            QList<qint64> &ends = rowEnds[laneIndex];
            rowIndex = -1;
            for (qsizetype r = 0; r < ends.size(); ++r) {
                if (ends.at(r) <= item.startNs) {
                    rowIndex = int(r);
                    break;
                }
            }
            if (rowIndex < 0 && ends.size() < MaxCallRows) {
                ends.append(0);
                // Call rows come first: the server requests' row, if any, moves down.
                Row row;
                rowIndex = int(ends.size() - 1);
                lane.rows.insert(rowIndex, row);
                if (serverRow[laneIndex] >= 0)
                    ++serverRow[laneIndex];
            }
            if (rowIndex < 0)
                rowIndex = MaxCallRows - 1;
            ends[rowIndex] = qMax(ends.at(rowIndex), item.endNs);
        }
        Row &row = lane.rows[rowIndex];
        if (item.endNs - item.startNs > longNs) {
            row.longItems.append(item);
        } else {
            row.items.append(item);
            row.maxShortNs = qMax(row.maxShortNs, item.endNs - item.startNs);
        }
    }
    // Places, now that rows stopped moving.
    for (qsizetype l = 0; l < layout.m_lanes.size(); ++l) {
        const Lane &lane = layout.m_lanes.at(l);
        for (qsizetype r = 0; r < lane.rows.size(); ++r) {
            for (const QList<Item> *items : {&lane.rows.at(r).items, &lane.rows.at(r).longItems}) {
                for (const Item &item : *items)
                    layout.m_placeOf[item.span] = {int(l), int(r)};
            }
        }
    }
    for (int i = 0; i < t.marks.size(); ++i) {
        const auto lane = laneOf.constFind(t.marks.at(i).connectionId);
        if (lane != laneOf.constEnd())
            layout.m_lanes[lane.value()].marks.append(i);
    }
    return layout;
}

int TimelineLayout::spanOfRequestRow(qint64 absoluteRow) const
{
    const auto it = std::lower_bound(m_requestRows.cbegin(), m_requestRows.cend(), QPair<qint64, int>{absoluteRow, -1});
    return it != m_requestRows.cend() && it->first == absoluteRow ? it->second : -1;
}

QList<int> TimelineLayout::childrenOf(int span) const
{
    if (span < 0 || span + 1 >= m_childStart.size())
        return {};
    return m_children.mid(m_childStart.at(span), m_childStart.at(span + 1) - m_childStart.at(span));
}

QPair<int, int> TimelineLayout::placeOf(int span) const
{
    // A part is drawn where its call is.
    while (span >= 0 && span < m_timeline.spans.size() && m_placeOf.at(span).first < 0)
        span = m_timeline.spans.at(span).parent;
    return span >= 0 ? m_placeOf.at(span) : QPair<int, int>{-1, -1};
}

QPair<qsizetype, qsizetype> TimelineLayout::visibleRange(const Row &row, qint64 fromNs, qint64 toNs)
{
    const auto byStart = [](const Item &item, qint64 at) { return item.startNs < at; };
    const auto first = std::lower_bound(row.items.cbegin(), row.items.cend(), fromNs - row.maxShortNs, byStart);
    const auto last = std::lower_bound(first, row.items.cend(), toNs + 1, byStart);
    return {first - row.items.cbegin(), last - row.items.cbegin()};
}

} // namespace Mcp::Ui
