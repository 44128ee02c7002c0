#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include <memory>

namespace Mcp {

struct FrameSummary; // the traffic log's (traffic/trafficsummary_p.h)

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

// One thing that crossed the wire or the process boundary, recorded before any parsing
// so that every byte stays visible. Transports emit these; the
// traffic log stores them compactly and derives summaries (JSON-RPC kind, method, id) lazily.
struct TrafficEvent
{
    enum class Direction : quint8 {
        Outgoing, // client to server
        Incoming, // server to client
        Local,    // neither: process lifecycle, transport notes
        // MCP Apps (io.modelcontextprotocol/ui): the view protocol between the window and a
        // server's view (postMessage, never the wire). Kept apart from client/server traffic,
        // paired among themselves; the note names the view (its ui:// URI).
        HostToApp, // host (the window) to a view
        AppToHost, // a view to the host
    };

    enum class Kind : quint8 {
        Message,        // a JSON-RPC frame (stdio line, HTTP body, SSE data); may be a batch
        InvalidMessage, // bytes where a message was expected but that are not one; note says why
        StderrLine,     // one line of the server's stderr (free-form logging, never an error)
        HttpRequest,    // an HTTP request without a JSON-RPC body (GET stream, DELETE)
        HttpResponse,   // an HTTP response's status and headers (and a body that is not JSON-RPC)
        SseEvent,       // an SSE event that carries no message (priming event, endpoint event)
        ProcessStarted, // note: command line; raw: empty
        ProcessExited,  // note: exit code or signal
        TransportError, // note: what went wrong
        Note,           // something a person should know: fallback chosen, session re-initialised, ...
    };

    qint64 wallClockMs = 0;  // milliseconds since the epoch
    qint64 monotonicNs = 0;  // nanoseconds on TrafficEvent::clockNs(), for latency
    Direction direction = Direction::Local;
    Kind kind = Kind::Note;
    QByteArray raw;          // the exact bytes: a line without its terminator, a body, SSE data
    QString note;            // diagnostic or human-readable detail

    // HTTP metadata; empty for stdio.
    QByteArray httpMethod;   // on requests
    QString url;
    int httpStatus = 0;      // on responses
    HttpHeaders headers;
    QByteArray sseEventId;   // on events that came from an SSE stream
    QByteArray sseEventType;
    quint64 exchangeId = 0;  // links a request, its response and its SSE events (0: none)

    int connectionId = -1;   // set by whoever owns the connection; -1 when unknown

    // A big Message frame's kind, method and id as the traffic log reads them, taken on the thread
    // it arrived on (TrafficLog::summarizeBigFrames), so that the log's thread need not scan
    // megabytes again; null: the log reads the frame itself.
    std::shared_ptr<const FrameSummary> summary;

    // Traffic between the window and an MCP Apps view rather than with the server.
    static bool isAppDirection(Direction d) { return d == Direction::HostToApp || d == Direction::AppToHost; }

    // A monotonic clock shared by the whole process, in nanoseconds.
    static qint64 clockNs();
    // An event stamped with the current wall clock and monotonic time.
    static TrafficEvent make(Direction direction, Kind kind, const QByteArray &raw = {},
                             const QString &note = {});
};

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::TrafficEvent)
