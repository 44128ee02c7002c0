#pragma once

#include "timeline/span.h"

#include <QHash>
#include <QList>

namespace Mcp::Ui {

// Where each span of a Timeline is drawn: a lane per connection, in it a few rows for the
// client's calls (overlapping calls packed into the first row that is free, the rest piled on
// the last) and one row for the server's own requests. Built once per timeline, off the GUI
// thread; what the view reads while painting, so that a frame touches only what it shows.
class TimelineLayout
{
public:
    static constexpr int MaxCallRows = 6;

    struct Item
    {
        qint64 startNs = 0;
        qint64 endNs = 0;   // a pending span ends at the timeline's last event
        int span = -1;
        // Kept here so that a frame of a million slivers reads only the items, not the spans.
        SpanOutcome outcome = SpanOutcome::Pending;
    };

    // One row of a lane: its items sorted by start. Items longer than longNs are kept apart (a
    // listen stream spans the session) so that the rest can be found by binary search.
    struct Row
    {
        QList<Item> items;
        QList<Item> longItems;
        qint64 maxShortNs = 0;
        bool serverRequests = false;
    };

    struct Lane
    {
        int connectionId = -1;
        QList<Row> rows;          // call rows, then the server requests' row if there are any
        QList<int> marks;         // indexes into Timeline::marks, in time order
    };

    static TimelineLayout build(Timeline timeline);

    const Timeline &timeline() const { return m_timeline; }
    const QList<Lane> &lanes() const { return m_lanes; }
    // Parts of a span (rounds, attempts, polls; the server's requests are drawn in their own row).
    QList<int> childrenOf(int span) const;
    // The span a traffic row is the request of (-1: none); for an answer, ask with its request's row.
    int spanOfRequestRow(qint64 absoluteRow) const;
    // Lane and row a span is drawn in ({-1, -1}: not drawn).
    QPair<int, int> placeOf(int span) const;
    qint64 endOf(const Span &span) const { return span.endNs >= 0 ? span.endNs : m_timeline.lastNs; }
    // Indexes of the items of a row that may overlap [fromNs, toNs]: [first, last).
    static QPair<qsizetype, qsizetype> visibleRange(const Row &row, qint64 fromNs, qint64 toNs);

private:
    Timeline m_timeline;
    QList<Lane> m_lanes;
    QList<int> m_childStart;          // children of span i: m_children[m_childStart[i] .. m_childStart[i + 1])
    QList<int> m_children;
    QList<QPair<qint64, int>> m_requestRows; // (request row, span), ascending: 16 bytes a span, no hash
    QList<QPair<int, int>> m_placeOf; // per span: lane, row
};

} // namespace Mcp::Ui
