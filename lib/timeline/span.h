#pragma once

// Where a session's time went, read from its traffic alone (so a capture draws the same as a
// live connection): every request as a span from sent to answered, one logical call as one span
// with its rounds, reissues and task polls inside it, and the moments between as marks.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace Mcp {

enum class SpanOutcome : quint8 {
    Result,    // answered with a result
    ToolError, // a tools/call result with isError: true
    RpcError,  // a JSON-RPC error response
    Timeout,   // the client gave up waiting (notifications/cancelled "timed out")
    Cancelled, // cancelled by notifications/cancelled or tasks/cancel
    Lost,      // never answered before the connection ended, or sent again under a new id
    Pending,   // still waiting at the end of the traffic
};

enum class SpanKind : quint8 {
    Call,          // a request (or the logical call around its parts)
    Round,         // one round of a multi round-trip request (modern era)
    Reissue,       // a request sent again under a new id after its response stream was lost
    TaskPoll,      // tasks/get, tasks/result, tasks/cancel for a task the parent call created
    VersionRetry,  // a request sent again at another protocol version after -32022
};

// Which way a span's request went: client to server, or the server's own request (sampling,
// elicitation, roots), drawn in a row of its own.
enum class SpanDirection : quint8 { ClientToServer, ServerToClient };

struct Span
{
    qint64 startNs = 0;       // TrafficEvent::monotonicNs of the request
    qint64 endNs = -1;        // of the answer (or of the last part); -1 while pending
    qint64 requestRow = -1;   // absolute traffic rows
    qint64 responseRow = -1;
    int connectionId = -1;
    int parent = -1;          // index of the enclosing span, -1 for a top-level one
    quint32 method = 0;       // index into Timeline::methods (0: none)
    quint32 subject = 0;      // index into Timeline::subjects: tool, prompt or resource (0: none)
    int errorCode = 0;        // RpcError only
    quint32 progressCount = 0;
    SpanKind kind = SpanKind::Call;
    SpanOutcome outcome = SpanOutcome::Pending;
    SpanDirection direction = SpanDirection::ClientToServer;
    QByteArray requestId;     // the request's id as its JSON text (jsonrpc.request.id)
    // W3C trace context the request carried in params._meta.traceparent (all zero: none).
    QByteArray traceId;       // 16 bytes, or empty
    QByteArray parentSpanId;  // 8 bytes, or empty

    qint64 durationNs(qint64 nowNs) const { return (endNs >= 0 ? endNs : nowNs) - startNs; }
    bool isTopLevel() const { return parent < 0; }
};

enum class MarkKind : quint8 {
    Progress,       // notifications/progress for a span's token
    Notification,   // any other notification, either way
    Cancel,         // notifications/cancelled sent or received
    ProcessStarted,
    ProcessExited,
    TransportError,
    Note,           // connect, era probe, reconnect, restart, watch reload...: the log's notes
};

struct Mark
{
    qint64 atNs = 0;
    qint64 row = -1;          // absolute traffic row
    int connectionId = -1;
    int span = -1;            // the span a progress tick or cancel belongs to, -1: none
    quint32 method = 0;       // index into Timeline::methods for notifications
    MarkKind kind = MarkKind::Note;
    bool incoming = false;    // server to client
};

struct Timeline
{
    QList<Span> spans;        // in request order; a parent always comes before its parts
    QList<Mark> marks;        // in time order
    QStringList methods;      // [0] is ""
    QStringList subjects;     // [0] is ""
    QHash<int, QString> connectionNames;
    QList<int> connections;   // in order of first appearance
    QHash<int, QString> protocolVersions; // as negotiated (initialize) or sent (modern _meta)
    QHash<int, QString> networkTransports; // "pipe" (stdio) or "tcp" (HTTP), as OpenTelemetry names them
    QHash<int, QString> sessionIds;        // Mcp-Session-Id (legacy Streamable HTTP), mcp.session.id
    qint64 firstNs = 0;       // earliest event
    qint64 lastNs = 0;        // latest event
    // Wall clock at firstNs, to place monotonic times on the calendar (exports).
    qint64 firstWallClockMs = 0;

    qint64 epochNs(qint64 monotonicNs) const { return firstWallClockMs * 1000000 + (monotonicNs - firstNs); }
    QString methodOf(const Span &span) const { return methods.value(int(span.method)); }
    QString subjectOf(const Span &span) const { return subjects.value(int(span.subject)); }
    QString connectionName(int connectionId) const;
    bool isEmpty() const { return spans.isEmpty() && marks.isEmpty(); }
};

QString spanOutcomeName(SpanOutcome outcome);
QString spanKindName(SpanKind kind);

} // namespace Mcp
