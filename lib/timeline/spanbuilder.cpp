#include "spanbuilder.h"

#include "protocol/tracecontext.h"
#include "traffic/trafficlog.h"
#include "transport/httpheaders.h"
#include "transport/trafficevent.h"

#include <QSet>

#include <simdjson.h>

#include <optional>
#include <string_view>

namespace Mcp {

namespace {

using Direction = TrafficEvent::Direction;

constexpr int UnsupportedProtocolVersion = -32022;

QByteArray connectionKey(int connectionId, char tag, QByteArrayView text)
{
    QByteArray key;
    key.reserve(text.size() + 12);
    key.append(tag);
    key.append(QByteArray::number(connectionId));
    key.append(':');
    key.append(text.data(), text.size());
    return key;
}

std::string_view stringMember(simdjson::dom::object object, std::string_view name)
{
    std::string_view value;
    if (object[name].get(value) != simdjson::SUCCESS)
        return {};
    return value;
}

// A token or id as its JSON text, so 1 and "1" stay apart.
QByteArray jsonToken(simdjson::dom::element element)
{
    const std::string text = simdjson::minify(element);
    return QByteArray(text.data(), qsizetype(text.size()));
}

// What the builder reads of one frame's params or result.
struct FrameFacts
{
    QByteArray subject;        // params.name or params.uri
    QByteArray progressToken;  // params._meta.progressToken (JSON text)
    QByteArray taskId;         // params.taskId, or result.task.taskId
    QByteArray requestId;      // notifications/cancelled: params.requestId (JSON text)
    QByteArray paramsKey;      // params, minified, without _meta: to recognise a request sent again
    QByteArray traceId;        // params._meta.traceparent
    QByteArray parentSpanId;
    QByteArray protocolVersion; // result.protocolVersion, or the modern _meta's
    bool timedOut = false;     // notifications/cancelled whose reason says so
    bool isError = false;      // result.isError (or a finished task's result's)
    QByteArray taskStatus;     // tasks/get: result.status
    bool hasTaskResult = false; // tasks/get (2026-07-28): the finished task's result is inside
    int taskErrorCode = 0;     // tasks/get: a failed task's error code
};

class FrameReader
{
public:
    // paramsKey is made only when asked for: minifying every request's params would double the
    // cost of reading a log, and only a few requests can be repeated attempts.
    bool read(QByteArrayView raw, FrameFacts *facts, bool withParamsKey = false)
    {
        simdjson::dom::element root;
        if (m_parser.parse(raw.data(), size_t(raw.size())).get(root) != simdjson::SUCCESS)
            return false;
        simdjson::dom::object message;
        if (root.get(message) != simdjson::SUCCESS)
            return false;
        simdjson::dom::object params;
        if (message["params"].get(params) == simdjson::SUCCESS)
            readParams(params, facts, withParamsKey);
        simdjson::dom::object result;
        if (message["result"].get(result) == simdjson::SUCCESS)
            readResult(result, facts);
        return true;
    }

private:
    static void readResult(simdjson::dom::object result, FrameFacts *facts)
    {
        const std::string_view version = stringMember(result, "protocolVersion");
        facts->protocolVersion = QByteArray(version.data(), qsizetype(version.size()));
        bool isError = false;
        if (result["isError"].get(isError) == simdjson::SUCCESS)
            facts->isError = isError;
        // A task: {"task": {"taskId"}} (2025-11-25), or {"resultType": "task", "taskId"} and the
        // tasks/get answers with "status" (2026-07-28), the last of which carries the outcome.
        std::string_view taskId;
        simdjson::dom::object task;
        if (result["task"].get(task) == simdjson::SUCCESS)
            taskId = stringMember(task, "taskId");
        else
            taskId = stringMember(result, "taskId");
        facts->taskId = QByteArray(taskId.data(), qsizetype(taskId.size()));
        const std::string_view status = stringMember(result, "status");
        facts->taskStatus = QByteArray(status.data(), qsizetype(status.size()));
        simdjson::dom::object inner;
        if (result["result"].get(inner) == simdjson::SUCCESS) {
            facts->hasTaskResult = true;
            if (inner["isError"].get(isError) == simdjson::SUCCESS)
                facts->isError = isError;
        }
        simdjson::dom::object error;
        if (result["error"].get(error) == simdjson::SUCCESS) {
            int64_t code = 0;
            if (error["code"].get(code) == simdjson::SUCCESS)
                facts->taskErrorCode = int(code);
        }
    }

    void readParams(simdjson::dom::object params, FrameFacts *facts, bool withParamsKey)
    {
        std::string_view subject = stringMember(params, "name");
        if (subject.empty())
            subject = stringMember(params, "uri");
        facts->subject = QByteArray(subject.data(), qsizetype(subject.size()));
        const std::string_view taskId = stringMember(params, "taskId");
        facts->taskId = QByteArray(taskId.data(), qsizetype(taskId.size()));
        simdjson::dom::element token; // notifications/progress names its request's token here
        if (params["progressToken"].get(token) == simdjson::SUCCESS)
            facts->progressToken = jsonToken(token);
        simdjson::dom::element requestId;
        if (params["requestId"].get(requestId) == simdjson::SUCCESS)
            facts->requestId = jsonToken(requestId);
        const std::string_view reason = stringMember(params, "reason");
        facts->timedOut = reason.find("timed out") != std::string_view::npos;
        simdjson::dom::object meta;
        if (params["_meta"].get(meta) == simdjson::SUCCESS) {
            simdjson::dom::element token;
            if (meta["progressToken"].get(token) == simdjson::SUCCESS)
                facts->progressToken = jsonToken(token);
            const std::string_view version = stringMember(meta, "io.modelcontextprotocol/protocolVersion");
            facts->protocolVersion = QByteArray(version.data(), qsizetype(version.size()));
            const std::string_view traceparent = stringMember(meta, TraceContext::TraceparentKey);
            TraceContext::parseTraceparent(QByteArrayView(traceparent.data(), qsizetype(traceparent.size())),
                                           &facts->traceId, &facts->parentSpanId);
        }
        // The request's own parameters, for "the same request again" (reissue, version retry):
        // _meta differs between attempts (protocol version, trace context) and is left out.
        if (!withParamsKey)
            return;
        for (auto [key, value] : params) {
            if (key == "_meta")
                continue;
            facts->paramsKey.append(key.data(), qsizetype(key.size()));
            facts->paramsKey.append('=');
            facts->paramsKey.append(jsonToken(value));
            facts->paramsKey.append('\n');
        }
    }

    simdjson::dom::parser m_parser;
};

class Builder
{
public:
    explicit Builder(const SpanBuilder::Input &input)
        : m_input(input)
        , m_snapshot(input.snapshot)
    {
        m_timeline.methods = m_snapshot.methods();
        m_timeline.subjects.append(QString());
        m_timeline.connectionNames = input.connectionNames;
        m_timeline.sessionIds = input.sessionIds;
    }

    Timeline run()
    {
        bool first = true;
        for (qint64 abs = m_snapshot.begin(); abs < m_snapshot.end(); ++abs) {
            if ((abs & 0xffff) == 0 && m_input.cancelled && m_input.cancelled->load(std::memory_order_relaxed))
                return {};
            const TrafficRecord &r = m_snapshot.record(abs);
            const auto direction = Direction(r.direction);
            if (TrafficEvent::isAppDirection(direction))
                continue; // an MCP Apps view's own protocol, not the server's time
            if (first) {
                m_timeline.firstNs = r.monotonicNs;
                m_timeline.firstWallClockMs = r.wallClockMs;
                first = false;
            }
            m_timeline.lastNs = qMax(m_timeline.lastNs, r.monotonicNs);
            if (r.connectionId >= 0 && !m_seenConnections.contains(r.connectionId)) {
                m_seenConnections.insert(r.connectionId);
                m_timeline.connections.append(r.connectionId);
            }
            visit(abs, r, direction);
        }
        return std::move(m_timeline);
    }

private:
    void visit(qint64 abs, const TrafficRecord &r, Direction direction)
    {
        switch (r.kind) {
        case TrafficKind::Request:
            onRequest(abs, r, direction);
            break;
        case TrafficKind::Response:
        case TrafficKind::Error:
            onAnswer(abs, r, direction);
            break;
        case TrafficKind::Notification:
            onNotification(abs, r, direction);
            break;
        case TrafficKind::HttpRequest:
        case TrafficKind::HttpResponse:
        case TrafficKind::SseEvent:
            m_timeline.networkTransports.insert(r.connectionId, QStringLiteral("tcp"));
            break;
        case TrafficKind::ProcessStarted:
            m_timeline.networkTransports.insert(r.connectionId, QStringLiteral("pipe"));
            Q_FALLTHROUGH();
        case TrafficKind::ProcessExited:
            endInFlight(r.connectionId, r.monotonicNs);
            addMark(abs, r, r.kind == TrafficKind::ProcessStarted ? MarkKind::ProcessStarted : MarkKind::ProcessExited);
            break;
        case TrafficKind::TransportError:
            addMark(abs, r, MarkKind::TransportError);
            break;
        case TrafficKind::Note:
            addMark(abs, r, MarkKind::Note);
            break;
        default:
            break; // HTTP and SSE details, stderr and invalid lines: the traffic view shows them
        }
    }

    QByteArray idKey(const TrafficRecord &r, QByteArrayView raw, Direction requestDirection) const
    {
        const char tag = requestDirection == Direction::Outgoing ? 'o' : 'i';
        return connectionKey(r.connectionId, tag, raw.sliced(r.idOffset, r.idSize));
    }

    quint32 internSubject(const QByteArray &subject)
    {
        if (subject.isEmpty())
            return 0;
        const auto it = m_subjectIndex.constFind(subject);
        if (it != m_subjectIndex.constEnd())
            return it.value();
        const quint32 index = quint32(m_timeline.subjects.size());
        m_timeline.subjects.append(QString::fromUtf8(subject));
        m_subjectIndex.insert(subject, index);
        return index;
    }

    QByteArrayView raw(qint64 abs) { return m_snapshot.raw(abs, m_cache); }

    void onRequest(qint64 abs, const TrafficRecord &r, Direction direction)
    {
        if (r.idSize == 0)
            return;
        const QByteArrayView bytes = raw(abs);
        FrameFacts facts;
        // Only a modern call that can be re-sent, or a method the server just refused for its
        // version, can be a second attempt.
        const bool mayRepeat = direction == Direction::Outgoing
                               && ((r.flags & TrafficRecord::MayTakeRounds) || m_versionRefused.contains(connectionMethod(r)));
        m_reader.read(bytes, &facts, mayRepeat);
        const QByteArray key = idKey(r, bytes, direction);
        if (!facts.protocolVersion.isEmpty())
            m_timeline.protocolVersions.insert(r.connectionId, QString::fromUtf8(facts.protocolVersion));
        if (r.flags & TrafficRecord::HasExtra)
            m_timeline.networkTransports.insert(r.connectionId, QStringLiteral("tcp"));

        Span span;
        span.startNs = r.monotonicNs;
        span.requestRow = abs;
        span.connectionId = r.connectionId;
        span.method = r.method;
        span.subject = internSubject(facts.subject);
        span.direction = direction == Direction::Outgoing ? SpanDirection::ClientToServer : SpanDirection::ServerToClient;
        span.requestId = bytes.sliced(r.idOffset, r.idSize).toByteArray();
        span.traceId = facts.traceId;
        span.parentSpanId = facts.parentSpanId;
        const int index = int(m_timeline.spans.size());

        if (span.direction == SpanDirection::ServerToClient) {
            span.parent = soleCallInFlight(r.connectionId);
        } else if (const auto group = m_input.roundGroups.constFind(abs); group != m_input.roundGroups.constEnd()) {
            int &logical = m_roundParents[group.value()];
            if (logical == 0) { // the group's first round: the logical call starts here
                Span call = span;
                call.requestRow = -1;
                m_timeline.spans.append(call);
                logical = index + 1;
                span.parent = index;
            } else {
                span.parent = logical - 1;
            }
            span.kind = SpanKind::Round;
        } else if (!facts.taskId.isEmpty() && methodName(r.method).startsWith(QLatin1String("tasks/"))) {
            const int owner = m_taskOwners.value(connectionKey(r.connectionId, 't', facts.taskId), -1);
            if (owner >= 0) {
                span.parent = owner;
                span.kind = SpanKind::TaskPoll;
            }
        }

        const int spanIndex = int(m_timeline.spans.size());
        m_timeline.spans.append(span);
        if (span.parent >= 0 && span.direction == SpanDirection::ClientToServer)
            reopen(span.parent);
        if (mayRepeat && m_timeline.spans.at(spanIndex).kind == SpanKind::Call)
            groupWithEarlierAttempt(spanIndex, r, facts);

        if (m_pending.contains(key)) // the same id again while the first waits: the first is lost
            finish(m_pending.take(key), r.monotonicNs, SpanOutcome::Lost);
        m_pending.insert(key, spanIndex);
        m_inFlight[r.connectionId].append(spanIndex);
        if (!facts.progressToken.isEmpty())
            m_progressTokens.insert(connectionKey(r.connectionId, 'p', facts.progressToken), spanIndex);
    }

    // A request repeated while its first attempt waits (the response stream was lost), or right
    // after the server refused its protocol version, is one logical call with two attempts.
    QByteArray attemptKey(const TrafficRecord &r, const FrameFacts &facts) const
    {
        return connectionKey(r.connectionId, 'a', QByteArray(QByteArray::number(r.method) + '\n' + facts.paramsKey));
    }

    static quint64 connectionMethod(const TrafficRecord &r) { return (quint64(quint32(r.connectionId)) << 32) | r.method; }

    void groupWithEarlierAttempt(int spanIndex, const TrafficRecord &r, const FrameFacts &facts)
    {
        const QByteArray attemptKey = this->attemptKey(r, facts);
        const auto earlier = m_lastAttempt.constFind(attemptKey);
        if (earlier != m_lastAttempt.constEnd()) {
            const int previous = earlier.value();
            Span &before = m_timeline.spans[previous];
            SpanKind kind = SpanKind::Call;
            if (before.endNs < 0 && (r.flags & TrafficRecord::MayTakeRounds))
                kind = SpanKind::Reissue;
            else if (before.outcome == SpanOutcome::RpcError && before.errorCode == UnsupportedProtocolVersion)
                kind = SpanKind::VersionRetry;
            if (kind != SpanKind::Call) {
                if (before.endNs < 0)
                    finish(previous, r.monotonicNs, SpanOutcome::Lost);
                int parent = m_timeline.spans.at(previous).parent;
                if (parent < 0) { // the first repeat: a logical call around both attempts
                    Span call = m_timeline.spans.at(previous);
                    call.requestRow = -1;
                    call.responseRow = -1;
                    call.kind = SpanKind::Call;
                    parent = int(m_timeline.spans.size());
                    m_timeline.spans.append(call);
                    m_timeline.spans[previous].parent = parent;
                }
                Span &span = m_timeline.spans[spanIndex];
                span.parent = parent;
                span.kind = kind;
                reopen(parent);
            }
        }
        if (r.flags & TrafficRecord::MayTakeRounds)
            m_lastAttempt.insert(attemptKey, spanIndex);
    }

    // A call waits again while another of its parts is out (a round, a poll).
    void reopen(int index)
    {
        for (; index >= 0; index = m_timeline.spans.at(index).parent) {
            m_timeline.spans[index].endNs = -1;
            m_timeline.spans[index].outcome = SpanOutcome::Pending;
        }
    }

    QString methodName(quint32 method) const { return m_timeline.methods.value(int(method)); }

    int soleCallInFlight(int connectionId)
    {
        const QList<int> &flying = m_inFlight[connectionId];
        int found = -1;
        for (int index : flying) {
            const Span &span = m_timeline.spans.at(index);
            if (span.direction != SpanDirection::ClientToServer)
                continue;
            const int top = topOf(index);
            if (found >= 0 && found != top)
                return -1;
            found = top;
        }
        return found;
    }

    int topOf(int index) const
    {
        while (m_timeline.spans.at(index).parent >= 0)
            index = m_timeline.spans.at(index).parent;
        return index;
    }

    void onAnswer(qint64 abs, const TrafficRecord &r, Direction direction)
    {
        if (r.idSize == 0)
            return;
        const QByteArrayView bytes = raw(abs);
        const Direction requestDirection = direction == Direction::Incoming ? Direction::Outgoing : Direction::Incoming;
        const auto pending = m_pending.constFind(idKey(r, bytes, requestDirection));
        if (pending == m_pending.constEnd())
            return; // an answer to nothing we saw asked (a capture that starts mid-call)
        const int index = pending.value();
        m_pending.erase(pending);
        Span &span = m_timeline.spans[index];
        span.responseRow = abs;
        if (span.outcome == SpanOutcome::Cancelled || span.outcome == SpanOutcome::Timeout)
            return; // a late answer after the cancel: the span ended with the cancel
        SpanOutcome outcome = SpanOutcome::Result;
        if (r.kind == TrafficKind::Error) {
            outcome = SpanOutcome::RpcError;
            span.errorCode = r.errorCode;
            if (r.errorCode == UnsupportedProtocolVersion && span.requestRow >= 0)
                rememberRefusedAttempt(index, span.requestRow);
        } else if (expectsFacts(span)) {
            FrameFacts facts;
            m_reader.read(bytes, &facts);
            if (!facts.protocolVersion.isEmpty())
                m_timeline.protocolVersions.insert(r.connectionId, QString::fromUtf8(facts.protocolVersion));
            if (facts.isError)
                outcome = SpanOutcome::ToolError;
            if (span.kind == SpanKind::TaskPoll) {
                finishPoll(index, r.monotonicNs, outcome, facts);
                return;
            }
            if (!facts.taskId.isEmpty()) // the call became a task: its polls go under it
                m_taskOwners.insert(connectionKey(r.connectionId, 't', facts.taskId), span.parent >= 0 ? span.parent : index);
        }
        finish(index, r.monotonicNs, outcome);
    }

    // A request refused for its protocol version may come again at another: its parameters are
    // read now, so that the retry is recognised.
    void rememberRefusedAttempt(int index, qint64 requestRow)
    {
        const TrafficRecord &request = m_snapshot.record(requestRow);
        FrameFacts facts;
        m_reader.read(raw(requestRow), &facts, true);
        m_lastAttempt.insert(attemptKey(request, facts), index);
        m_versionRefused.insert(connectionMethod(request));
    }

    // A poll's answer decides its call when it holds the task's end: tasks/result, a tasks/get
    // of a failed or cancelled task, or of a completed one with its result inside.
    void finishPoll(int index, qint64 atNs, SpanOutcome outcome, const FrameFacts &facts)
    {
        const QString method = methodName(m_timeline.spans.at(index).method);
        std::optional<SpanOutcome> callOutcome;
        if (method == QLatin1String("tasks/result") || (facts.taskStatus == "completed" && facts.hasTaskResult))
            callOutcome = outcome;
        else if (facts.taskStatus == "failed")
            callOutcome = SpanOutcome::RpcError;
        else if (facts.taskStatus == "cancelled" || method == QLatin1String("tasks/cancel"))
            callOutcome = SpanOutcome::Cancelled;
        const SpanOutcome pollOutcome = method == QLatin1String("tasks/result") ? outcome : SpanOutcome::Result;
        finish(index, atNs, pollOutcome, callOutcome, facts.taskErrorCode);
    }

    bool expectsFacts(const Span &span) const
    {
        const QString method = methodName(span.method);
        return method == QLatin1String("tools/call") || span.kind == SpanKind::TaskPoll
               || method == QLatin1String("initialize");
    }

    // Ends a span, and lets its enclosing calls end no earlier. A round's or an attempt's outcome
    // is its call's (the last one decides); a task poll's only when finishPoll() says so, and a
    // server's request is inside the call's time, never its outcome.
    void finish(int index, qint64 atNs, SpanOutcome outcome, std::optional<SpanOutcome> parentOutcome = {},
                int parentErrorCode = 0)
    {
        Span &span = m_timeline.spans[index];
        span.endNs = atNs;
        span.outcome = outcome;
        m_inFlight[span.connectionId].removeOne(index);
        if (span.direction == SpanDirection::ServerToClient)
            return;
        if (span.kind != SpanKind::TaskPoll) {
            parentOutcome = outcome;
            parentErrorCode = span.errorCode;
        }
        for (int parent = span.parent; parent >= 0; parent = m_timeline.spans.at(parent).parent) {
            Span &up = m_timeline.spans[parent];
            up.endNs = qMax(up.endNs, atNs);
            if (parentOutcome) {
                up.outcome = *parentOutcome;
                up.errorCode = parentErrorCode;
            }
        }
    }

    void onNotification(qint64 abs, const TrafficRecord &r, Direction direction)
    {
        const QString method = methodName(r.method);
        MarkKind kind = MarkKind::Notification;
        int spanIndex = -1;
        const bool progress = method == QLatin1String("notifications/progress");
        const bool cancel = method == QLatin1String("notifications/cancelled");
        if (progress || cancel) {
            FrameFacts facts;
            m_reader.read(raw(abs), &facts);
            if (progress) {
                kind = MarkKind::Progress;
                // Progress flows opposite to the request that gave the token.
                spanIndex = m_progressTokens.value(connectionKey(r.connectionId, 'p', facts.progressToken), -1);
                if (spanIndex >= 0)
                    ++m_timeline.spans[spanIndex].progressCount;
            } else {
                kind = MarkKind::Cancel;
                const char tag = direction == Direction::Outgoing ? 'o' : 'i';
                const QByteArray key = connectionKey(r.connectionId, tag, facts.requestId);
                spanIndex = m_pending.value(key, -1);
                if (spanIndex >= 0)
                    finish(spanIndex, r.monotonicNs, facts.timedOut ? SpanOutcome::Timeout : SpanOutcome::Cancelled);
            }
        }
        Mark &mark = addMark(abs, r, kind);
        mark.span = spanIndex;
        mark.method = r.method;
        mark.incoming = direction == Direction::Incoming;
    }

    Mark &addMark(qint64 abs, const TrafficRecord &r, MarkKind kind)
    {
        Mark mark;
        mark.atNs = r.monotonicNs;
        mark.row = abs;
        mark.connectionId = r.connectionId;
        mark.kind = kind;
        m_timeline.marks.append(mark);
        return m_timeline.marks.last();
    }

    // A process that exits or starts again answers nothing more of what was in flight.
    void endInFlight(int connectionId, qint64 atNs)
    {
        const QList<int> flying = m_inFlight.value(connectionId);
        for (int index : flying) {
            if (m_timeline.spans.at(index).endNs < 0)
                finish(index, atNs, SpanOutcome::Lost);
        }
        m_inFlight.remove(connectionId);
        for (auto it = m_pending.begin(); it != m_pending.end();) {
            if (m_timeline.spans.at(it.value()).connectionId == connectionId)
                it = m_pending.erase(it);
            else
                ++it;
        }
    }

    const SpanBuilder::Input &m_input;
    const TrafficSnapshot &m_snapshot;
    TrafficChunkCache m_cache;
    FrameReader m_reader;
    Timeline m_timeline;
    QSet<int> m_seenConnections;
    QHash<QByteArray, int> m_pending;        // request id key -> span
    QHash<QByteArray, int> m_progressTokens; // progress token key -> span
    QHash<QByteArray, int> m_taskOwners;     // task id key -> the call that created it
    QHash<QByteArray, int> m_lastAttempt;    // method and params -> latest span (reissue, retry)
    QSet<quint64> m_versionRefused;          // connection and method answered -32022
    QHash<quint32, int> m_roundParents;      // round group -> logical span + 1
    QHash<int, QList<int>> m_inFlight;       // connection -> spans not answered yet
    QHash<QByteArray, quint32> m_subjectIndex;
};

} // namespace

QString Timeline::connectionName(int connectionId) const
{
    const QString name = connectionNames.value(connectionId);
    return name.isEmpty() ? QStringLiteral("connection %1").arg(connectionId) : name;
}

QString spanOutcomeName(SpanOutcome outcome)
{
    switch (outcome) {
    case SpanOutcome::Result: return QStringLiteral("result");
    case SpanOutcome::ToolError: return QStringLiteral("tool error");
    case SpanOutcome::RpcError: return QStringLiteral("error");
    case SpanOutcome::Timeout: return QStringLiteral("timeout");
    case SpanOutcome::Cancelled: return QStringLiteral("cancelled");
    case SpanOutcome::Lost: return QStringLiteral("lost");
    case SpanOutcome::Pending: return QStringLiteral("pending");
    }
    return {};
}

QString spanKindName(SpanKind kind)
{
    switch (kind) {
    case SpanKind::Call: return QStringLiteral("call");
    case SpanKind::Round: return QStringLiteral("round");
    case SpanKind::Reissue: return QStringLiteral("reissue");
    case SpanKind::TaskPoll: return QStringLiteral("task poll");
    case SpanKind::VersionRetry: return QStringLiteral("version retry");
    }
    return {};
}

SpanBuilder::Input SpanBuilder::inputFrom(const TrafficLog &log)
{
    Input input;
    input.snapshot = log.snapshot();
    input.roundGroups = log.roundGroupsOfRequests();
    input.connectionNames = log.connectionNames();
    // Each connection's latest HTTP session id, from the newest answers back (HTTP metadata is the
    // log's to read, on its thread); a few hundred rows are enough, and big frames are not copied.
    constexpr qint64 SessionScanRows = 512;
    const TrafficSnapshot &snapshot = input.snapshot;
    QSet<int> seen;
    for (qint64 abs = snapshot.end() - 1; abs >= qMax(snapshot.begin(), snapshot.end() - SessionScanRows); --abs) {
        const TrafficRecord &r = snapshot.record(abs);
        if (!(r.flags & TrafficRecord::HasExtra) || r.direction != quint8(Direction::Incoming) || r.rawSize > 65536
            || seen.contains(r.connectionId))
            continue;
        const QByteArray id = headerValue(log.event(int(abs - log.firstAbsoluteRow())).headers, "mcp-session-id");
        if (id.isEmpty())
            continue;
        seen.insert(r.connectionId);
        input.sessionIds.insert(r.connectionId, QString::fromLatin1(id));
    }
    return input;
}

Timeline SpanBuilder::build(const Input &input)
{
    return Builder(input).run();
}

Timeline SpanBuilder::build(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames)
{
    TrafficLog log;
    for (auto it = connectionNames.cbegin(); it != connectionNames.cend(); ++it)
        log.setConnectionName(it.key(), it.value());
    log.appendBatch(events);
    log.flush();
    return build(inputFrom(log));
}

} // namespace Mcp
