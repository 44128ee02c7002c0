#pragma once

#include "span.h"
#include "traffic/trafficstore.h"

#include <QHash>

#include <atomic>

namespace Mcp {

class TrafficLog;
struct TrafficEvent;

// Reads a traffic log (or any snapshot of one) into a Timeline in one pass over its rows.
//
// Pairs requests and answers by connection, direction and id; nests what belongs to one logical
// call under it: the rounds of a multi round-trip request (the log's round groups), a request
// sent again under a new id while the first is still unanswered (a lost response stream), a
// request repeated after -32022 (another protocol version), and the tasks/* requests for a task
// the call created. A server's request (sampling, elicitation, roots) goes under the one client
// call in flight on its connection, when there is exactly one. Progress for a request's token is
// a tick on its span; notifications/cancelled ends the span it names (Timeout when its reason
// says "timed out"); a process that exits or starts again ends what was in flight as Lost.
class SpanBuilder
{
public:
    struct Input
    {
        TrafficSnapshot snapshot;
        QHash<qint64, quint32> roundGroups;   // request row -> multi round-trip group (TrafficLog)
        QHash<int, QString> connectionNames;
        QHash<int, QString> sessionIds;       // the latest Mcp-Session-Id each connection was given
        const std::atomic<bool> *cancelled = nullptr; // checked now and then; a worker's stop flag
    };

    // GUI thread: the log's rows as they are now.
    static Input inputFrom(const TrafficLog &log);
    // Any thread.
    static Timeline build(const Input &input);
    // Convenience for the CLI and the tests: events straight from a session or a capture.
    static Timeline build(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames = {});
};

} // namespace Mcp
