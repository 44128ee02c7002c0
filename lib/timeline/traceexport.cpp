#include "traceexport.h"

#include "latencystats.h"
#include "protocol/tracecontext.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <memory>

namespace Mcp {

namespace {

// OpenTelemetry's SpanKind and StatusCode, as OTLP numbers them.
constexpr int SpanKindServer = 2;
constexpr int SpanKindClient = 3;
constexpr int SpanKindInternal = 1;
constexpr int StatusError = 2;
constexpr int AggregationCumulative = 2;

QJsonObject attribute(const QString &key, const QJsonValue &value)
{
    QJsonObject typed;
    if (value.isDouble())
        typed.insert(QStringLiteral("intValue"), QString::number(qint64(value.toDouble())));
    else if (value.isBool())
        typed.insert(QStringLiteral("boolValue"), value.toBool());
    else
        typed.insert(QStringLiteral("stringValue"), value.toString());
    return QJsonObject{{QStringLiteral("key"), key}, {QStringLiteral("value"), typed}};
}

QString nanos(qint64 ns) { return QString::number(ns); }

// The semantic conventions' "{mcp.method.name} {target}".
QString spanName(const Timeline &timeline, const Span &span)
{
    const QString method = timeline.methodOf(span);
    const QString subject = timeline.subjectOf(span);
    return subject.isEmpty() ? method : method + u' ' + subject;
}

// error.type: the JSON-RPC error code, "tool_error", or what ended the wait.
QString errorType(const Span &span)
{
    switch (span.outcome) {
    case SpanOutcome::RpcError: return QString::number(span.errorCode);
    case SpanOutcome::ToolError: return QStringLiteral("tool_error");
    case SpanOutcome::Timeout: return QStringLiteral("timeout");
    case SpanOutcome::Cancelled: return QStringLiteral("cancelled");
    case SpanOutcome::Lost: return QStringLiteral("lost");
    case SpanOutcome::Result:
    case SpanOutcome::Pending: break;
    }
    return {};
}

// mcp.method.name, and what it is about: gen_ai.tool.name, gen_ai.prompt.name, or (on spans
// only: a metric's attributes stay few) mcp.resource.uri.
void appendMethodAttributes(QJsonArray &attributes, const Timeline &timeline, const Span &span, bool withResourceUri)
{
    const QString method = timeline.methodOf(span);
    const QString subject = timeline.subjectOf(span);
    attributes.append(attribute(QStringLiteral("mcp.method.name"), method));
    if (subject.isEmpty())
        return;
    if (method == QLatin1String("tools/call"))
        attributes.append(attribute(QStringLiteral("gen_ai.tool.name"), subject));
    else if (method == QLatin1String("prompts/get"))
        attributes.append(attribute(QStringLiteral("gen_ai.prompt.name"), subject));
    else if (withResourceUri && method.startsWith(QLatin1String("resources/")))
        attributes.append(attribute(QStringLiteral("mcp.resource.uri"), subject));
}

// What the connection adds: mcp.protocol.version and network.transport, where known.
void appendConnectionAttributes(QJsonArray &attributes, const Timeline &timeline, int connectionId)
{
    const QString version = timeline.protocolVersions.value(connectionId);
    if (!version.isEmpty())
        attributes.append(attribute(QStringLiteral("mcp.protocol.version"), version));
    const QString transport = timeline.networkTransports.value(connectionId);
    if (!transport.isEmpty())
        attributes.append(attribute(QStringLiteral("network.transport"), transport));
}

QJsonArray spanAttributes(const Timeline &timeline, const Span &span)
{
    QJsonArray attributes;
    appendMethodAttributes(attributes, timeline, span, true);
    if (!span.requestId.isEmpty()) {
        QByteArray id = span.requestId;
        if (id.startsWith('"'))
            id = QJsonDocument::fromJson('[' + id + ']').array().first().toString().toUtf8();
        attributes.append(attribute(QStringLiteral("jsonrpc.request.id"), QString::fromUtf8(id)));
    }
    appendConnectionAttributes(attributes, timeline, span.connectionId);
    // Spans only: a session id on the metric would make a series per session.
    const QString session = timeline.sessionIds.value(span.connectionId);
    if (!session.isEmpty())
        attributes.append(attribute(QStringLiteral("mcp.session.id"), session));
    if (span.outcome == SpanOutcome::RpcError)
        attributes.append(attribute(QStringLiteral("rpc.response.status_code"), QString::number(span.errorCode)));
    const QString error = errorType(span);
    if (!error.isEmpty())
        attributes.append(attribute(QStringLiteral("error.type"), error));
    if (span.kind != SpanKind::Call)
        attributes.append(attribute(QStringLiteral("mcpscope.span.kind"), spanKindName(span.kind)));
    attributes.append(attribute(QStringLiteral("mcpscope.connection"), timeline.connectionName(span.connectionId)));
    if (span.outcome == SpanOutcome::Pending)
        attributes.append(attribute(QStringLiteral("mcpscope.pending"), true));
    return attributes;
}

// Which spans an export holds: the selected top-level spans and everything under them.
QList<bool> chosenSpans(const Timeline &timeline, const QList<int> &selection)
{
    QList<bool> chosen(timeline.spans.size(), selection.isEmpty());
    if (selection.isEmpty())
        return chosen;
    const QSet<int> roots(selection.cbegin(), selection.cend());
    for (qsizetype i = 0; i < timeline.spans.size(); ++i) {
        int top = int(i);
        while (timeline.spans.at(top).parent >= 0)
            top = timeline.spans.at(top).parent;
        chosen[i] = roots.contains(top);
    }
    return chosen;
}

qint64 endOf(const Timeline &timeline, const Span &span) { return span.endNs >= 0 ? span.endNs : timeline.lastNs; }

QJsonObject resource(const TraceExport::Options &options)
{
    QJsonArray attributes{attribute(QStringLiteral("service.name"), options.serviceName)};
    if (!options.serviceVersion.isEmpty())
        attributes.append(attribute(QStringLiteral("service.version"), options.serviceVersion));
    attributes.append(attribute(QStringLiteral("telemetry.sdk.name"), QStringLiteral("mcpscope")));
    return QJsonObject{{QStringLiteral("attributes"), attributes}};
}

QJsonObject scope(const TraceExport::Options &options)
{
    QJsonObject scope{{QStringLiteral("name"), QStringLiteral("mcpscope")}};
    if (!options.serviceVersion.isEmpty())
        scope.insert(QStringLiteral("version"), options.serviceVersion);
    return scope;
}

QByteArray compact(const QJsonObject &object) { return QJsonDocument(object).toJson(QJsonDocument::Compact); }

QByteArray redacted(QByteArray text, const QStringList &secrets)
{
    for (const QString &secret : secrets) {
        if (secret.size() >= 4) // a shorter "secret" would blank out ordinary words
            text.replace(secret.toUtf8(), QByteArrayLiteral("[redacted]"));
    }
    return text;
}

} // namespace

TraceExport::Format TraceExport::formatForPath(const QString &path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    if (name.endsWith(QLatin1String(".trace")) || name.endsWith(QLatin1String(".perfetto-trace"))
        || name.endsWith(QLatin1String(".chrome.json")))
        return Format::Chrome;
    return Format::Otlp;
}

bool TraceExport::parseFormat(const QString &name, Format *format)
{
    if (name == QLatin1String("otlp"))
        *format = Format::Otlp;
    else if (name == QLatin1String("chrome"))
        *format = Format::Chrome;
    else
        return false;
    return true;
}

QByteArray TraceExport::otlpTraces(const Timeline &timeline, const Options &options)
{
    const QList<bool> chosen = chosenSpans(timeline, options.selection);
    // Ids: a request's own traceparent when it carried one (the server continues that trace),
    // else fresh ones; a part shares its root's trace.
    QList<QByteArray> spanIds(timeline.spans.size());
    QList<QByteArray> traceIds(timeline.spans.size());
    QHash<int, QByteArray> sessionTrace;
    QHash<int, QByteArray> sessionRoot;
    QJsonArray spans;
    const bool perSession = options.grouping == Grouping::PerSession;
    const auto traceOf = [&](int index) -> QByteArray {
        const Span &span = timeline.spans.at(index);
        if (!span.traceId.isEmpty())
            return span.traceId;
        if (span.parent >= 0)
            return traceIds.at(span.parent);
        if (perSession) {
            QByteArray &trace = sessionTrace[span.connectionId];
            if (trace.isEmpty())
                trace = TraceContext::randomTraceId();
            return trace;
        }
        return TraceContext::randomTraceId();
    };
    // A parent may come after a part in Timeline::spans (an attempt found to be one of several
    // later): ids are given in parent-first order.
    QList<int> order;
    order.reserve(timeline.spans.size());
    QList<bool> placed(timeline.spans.size(), false);
    for (int i = 0; i < timeline.spans.size(); ++i) {
        QList<int> chain;
        for (int at = i; at >= 0 && !placed.at(at); at = timeline.spans.at(at).parent)
            chain.prepend(at);
        for (int at : chain) {
            placed[at] = true;
            order.append(at);
        }
    }
    for (int index : std::as_const(order)) {
        const Span &span = timeline.spans.at(index);
        spanIds[index] = span.parentSpanId.isEmpty() ? TraceContext::randomSpanId() : span.parentSpanId;
        traceIds[index] = traceOf(index);
    }
    if (perSession) {
        for (int connection : timeline.connections) {
            if (!sessionTrace.contains(connection))
                continue;
            sessionRoot.insert(connection, TraceContext::randomSpanId());
            spans.append(QJsonObject{
                {QStringLiteral("traceId"), QString::fromLatin1(sessionTrace.value(connection).toHex())},
                {QStringLiteral("spanId"), QString::fromLatin1(sessionRoot.value(connection).toHex())},
                {QStringLiteral("name"), QStringLiteral("mcp session %1").arg(timeline.connectionName(connection))},
                {QStringLiteral("kind"), SpanKindInternal},
                {QStringLiteral("startTimeUnixNano"), nanos(timeline.epochNs(timeline.firstNs))},
                {QStringLiteral("endTimeUnixNano"), nanos(timeline.epochNs(timeline.lastNs))},
                {QStringLiteral("attributes"),
                 QJsonArray{attribute(QStringLiteral("mcpscope.connection"), timeline.connectionName(connection))}},
            });
        }
    }
    QHash<int, QJsonArray> events;
    for (const Mark &mark : timeline.marks) {
        if (mark.span < 0 || !chosen.value(mark.span))
            continue;
        const QString name = mark.kind == MarkKind::Progress ? QStringLiteral("progress") : QStringLiteral("cancelled");
        events[mark.span].append(QJsonObject{{QStringLiteral("timeUnixNano"), nanos(timeline.epochNs(mark.atNs))},
                                             {QStringLiteral("name"), name}});
    }
    for (int index : std::as_const(order)) {
        if (!chosen.at(index))
            continue;
        const Span &span = timeline.spans.at(index);
        QJsonObject out{
            {QStringLiteral("traceId"), QString::fromLatin1(traceIds.at(index).toHex())},
            {QStringLiteral("spanId"), QString::fromLatin1(spanIds.at(index).toHex())},
            {QStringLiteral("name"), spanName(timeline, span)},
            {QStringLiteral("kind"), span.direction == SpanDirection::ClientToServer ? SpanKindClient : SpanKindServer},
            {QStringLiteral("startTimeUnixNano"), nanos(timeline.epochNs(span.startNs))},
            {QStringLiteral("endTimeUnixNano"), nanos(timeline.epochNs(endOf(timeline, span)))},
            {QStringLiteral("attributes"), spanAttributes(timeline, span)},
        };
        QByteArray parentId;
        if (span.parent >= 0)
            parentId = spanIds.at(span.parent);
        else if (perSession && span.traceId.isEmpty())
            parentId = sessionRoot.value(span.connectionId);
        if (!parentId.isEmpty())
            out.insert(QStringLiteral("parentSpanId"), QString::fromLatin1(parentId.toHex()));
        if (events.contains(index))
            out.insert(QStringLiteral("events"), events.value(index));
        if (span.outcome != SpanOutcome::Result && span.outcome != SpanOutcome::Pending)
            out.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("code"), StatusError},
                                                             {QStringLiteral("message"), spanOutcomeName(span.outcome)}});
        spans.append(out);
    }
    const QJsonObject scopeSpans{{QStringLiteral("scope"), scope(options)}, {QStringLiteral("spans"), spans}};
    const QJsonObject resourceSpans{{QStringLiteral("resource"), resource(options)},
                                    {QStringLiteral("scopeSpans"), QJsonArray{scopeSpans}}};
    return redacted(compact(QJsonObject{{QStringLiteral("resourceSpans"), QJsonArray{resourceSpans}}}), options.secretValues);
}

QByteArray TraceExport::otlpMetrics(const Timeline &timeline, const Options &options)
{
    // The conventions' advised bucket bounds for mcp.client.operation.duration, in seconds.
    static const QList<double> bounds{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300};
    const QList<bool> chosen = chosenSpans(timeline, options.selection);
    struct Point
    {
        QJsonArray attributes;
        qint64 count = 0;
        double sum = 0;
        double min = 0;
        double max = 0;
        QList<qint64> buckets;
    };
    QMap<QString, Point> points; // by attribute set, in a stable order
    for (qsizetype i = 0; i < timeline.spans.size(); ++i) {
        const Span &span = timeline.spans.at(i);
        if (!chosen.at(i) || !span.isTopLevel() || span.endNs < 0 || span.direction != SpanDirection::ClientToServer)
            continue;
        QJsonArray attributes;
        appendMethodAttributes(attributes, timeline, span, false);
        const QString error = errorType(span);
        if (!error.isEmpty())
            attributes.append(attribute(QStringLiteral("error.type"), error));
        appendConnectionAttributes(attributes, timeline, span.connectionId);
        Point &point = points[QString::fromUtf8(QJsonDocument(attributes).toJson(QJsonDocument::Compact))];
        const double seconds = double(span.endNs - span.startNs) / 1e9;
        if (point.count == 0) {
            point.attributes = attributes;
            point.buckets.fill(0, bounds.size() + 1);
            point.min = point.max = seconds;
        }
        ++point.count;
        point.sum += seconds;
        point.min = qMin(point.min, seconds);
        point.max = qMax(point.max, seconds);
        const auto bucket = std::lower_bound(bounds.cbegin(), bounds.cend(), seconds) - bounds.cbegin();
        ++point.buckets[bucket];
    }
    QJsonArray dataPoints;
    for (const Point &point : std::as_const(points)) {
        QJsonArray buckets;
        for (qint64 count : point.buckets)
            buckets.append(QString::number(count));
        QJsonArray explicitBounds;
        for (double bound : bounds)
            explicitBounds.append(bound);
        dataPoints.append(QJsonObject{
            {QStringLiteral("attributes"), point.attributes},
            {QStringLiteral("startTimeUnixNano"), nanos(timeline.epochNs(timeline.firstNs))},
            {QStringLiteral("timeUnixNano"), nanos(timeline.epochNs(timeline.lastNs))},
            {QStringLiteral("count"), QString::number(point.count)},
            {QStringLiteral("sum"), point.sum},
            {QStringLiteral("min"), point.min},
            {QStringLiteral("max"), point.max},
            {QStringLiteral("bucketCounts"), buckets},
            {QStringLiteral("explicitBounds"), explicitBounds},
        });
    }
    const QJsonObject metric{
        {QStringLiteral("name"), QStringLiteral("mcp.client.operation.duration")},
        {QStringLiteral("description"), QStringLiteral("Duration of MCP requests as the client saw them.")},
        {QStringLiteral("unit"), QStringLiteral("s")},
        {QStringLiteral("histogram"), QJsonObject{{QStringLiteral("aggregationTemporality"), AggregationCumulative},
                                                  {QStringLiteral("dataPoints"), dataPoints}}},
    };
    const QJsonObject scopeMetrics{{QStringLiteral("scope"), scope(options)},
                                   {QStringLiteral("metrics"), QJsonArray{metric}}};
    const QJsonObject resourceMetrics{{QStringLiteral("resource"), resource(options)},
                                      {QStringLiteral("scopeMetrics"), QJsonArray{scopeMetrics}}};
    return redacted(compact(QJsonObject{{QStringLiteral("resourceMetrics"), QJsonArray{resourceMetrics}}}), options.secretValues);
}

QByteArray TraceExport::otlpJsonLines(const Timeline &timeline, const Options &options)
{
    return otlpTraces(timeline, options) + '\n' + otlpMetrics(timeline, options) + '\n';
}

QByteArray TraceExport::chromeTrace(const Timeline &timeline, const Options &options)
{
    const QList<bool> chosen = chosenSpans(timeline, options.selection);
    // Microseconds from the first event, as Trace Event timestamps are.
    const auto micros = [&](qint64 ns) { return double(ns - timeline.firstNs) / 1000.0; };
    QJsonArray events;
    for (int connection : timeline.connections) {
        events.append(QJsonObject{{QStringLiteral("ph"), QStringLiteral("M")}, {QStringLiteral("name"), QStringLiteral("process_name")},
                                  {QStringLiteral("pid"), connection}, {QStringLiteral("tid"), 0},
                                  {QStringLiteral("args"), QJsonObject{{QStringLiteral("name"), timeline.connectionName(connection)}}}});
    }
    // Async slices: calls overlap freely, and a call's parts nest under it by sharing its id.
    for (qsizetype i = 0; i < timeline.spans.size(); ++i) {
        if (!chosen.at(i))
            continue;
        const Span &span = timeline.spans.at(i);
        int top = int(i);
        while (timeline.spans.at(top).parent >= 0)
            top = timeline.spans.at(top).parent;
        const QString category = span.direction == SpanDirection::ClientToServer ? QStringLiteral("mcp.client")
                                                                                  : QStringLiteral("mcp.server-request");
        QJsonObject args{{QStringLiteral("outcome"), spanOutcomeName(span.outcome)},
                         {QStringLiteral("kind"), spanKindName(span.kind)}};
        if (!span.requestId.isEmpty())
            args.insert(QStringLiteral("id"), QString::fromUtf8(span.requestId));
        if (span.errorCode != 0)
            args.insert(QStringLiteral("code"), span.errorCode);
        if (span.progressCount > 0)
            args.insert(QStringLiteral("progress"), qint64(span.progressCount));
        const QJsonObject common{{QStringLiteral("name"), spanName(timeline, span)},
                                 {QStringLiteral("cat"), category},
                                 {QStringLiteral("id"), QStringLiteral("0x%1").arg(top, 0, 16)},
                                 {QStringLiteral("pid"), span.connectionId},
                                 {QStringLiteral("tid"), 0}};
        QJsonObject begin = common;
        begin.insert(QStringLiteral("ph"), QStringLiteral("b"));
        begin.insert(QStringLiteral("ts"), micros(span.startNs));
        begin.insert(QStringLiteral("args"), args);
        QJsonObject end = common;
        end.insert(QStringLiteral("ph"), QStringLiteral("e"));
        end.insert(QStringLiteral("ts"), micros(endOf(timeline, span)));
        events.append(begin);
        events.append(end);
    }
    for (const Mark &mark : timeline.marks) {
        if (mark.span >= 0 && !chosen.value(mark.span))
            continue;
        QString name;
        switch (mark.kind) {
        case MarkKind::Progress: name = QStringLiteral("progress"); break;
        case MarkKind::Cancel: name = QStringLiteral("cancelled"); break;
        case MarkKind::Notification: name = timeline.methods.value(int(mark.method)); break;
        case MarkKind::ProcessStarted: name = QStringLiteral("process started"); break;
        case MarkKind::ProcessExited: name = QStringLiteral("process exited"); break;
        case MarkKind::TransportError: name = QStringLiteral("transport error"); break;
        case MarkKind::Note: name = QStringLiteral("note"); break;
        }
        const bool acrossTheLane = mark.kind != MarkKind::Progress && mark.kind != MarkKind::Notification
                                   && mark.kind != MarkKind::Cancel;
        events.append(QJsonObject{{QStringLiteral("name"), name},
                                  {QStringLiteral("cat"), QStringLiteral("mcp.mark")},
                                  {QStringLiteral("ph"), QStringLiteral("i")},
                                  {QStringLiteral("s"), acrossTheLane ? QStringLiteral("p") : QStringLiteral("t")},
                                  {QStringLiteral("ts"), micros(mark.atNs)},
                                  {QStringLiteral("pid"), mark.connectionId},
                                  {QStringLiteral("tid"), 0}});
    }
    return redacted(compact(QJsonObject{{QStringLiteral("traceEvents"), events},
                                        {QStringLiteral("displayTimeUnit"), QStringLiteral("ms")},
                                        {QStringLiteral("otherData"), QJsonObject{{QStringLiteral("producer"), options.serviceName}}}}),
                    options.secretValues);
}

QByteArray TraceExport::render(Format format, const Timeline &timeline, const Options &options)
{
    return format == Format::Chrome ? chromeTrace(timeline, options) : otlpJsonLines(timeline, options);
}

bool TraceExport::writeFile(const QString &path, Format format, const Timeline &timeline, const Options &options,
                            QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(render(format, timeline, options)) < 0 || !file.commit()) {
        *error = tr("cannot write the trace %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void TraceExport::sendToCollector(QNetworkAccessManager *network, const QUrl &endpoint, const Timeline &timeline,
                                  const Options &options, std::function<void(const QString &error)> done)
{
    struct Progress
    {
        int waiting = 2;
        QStringList errors;
        std::function<void(const QString &)> done;
    };
    auto progress = std::make_shared<Progress>();
    progress->done = std::move(done);
    const auto post = [&](const QString &path, const QByteArray &body) {
        QUrl url = endpoint;
        url.setPath(url.path().endsWith(u'/') ? url.path() + path.mid(1) : url.path() + path);
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply *reply = network->post(request, body);
        QObject::connect(reply, &QNetworkReply::finished, reply, [reply, url, progress] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (reply->error() != QNetworkReply::NoError || status / 100 != 2) {
                progress->errors.append(status > 0 ? tr("%1 answered HTTP %2").arg(url.toString()).arg(status)
                                                   : tr("%1: %2").arg(url.toString(), reply->errorString()));
            }
            if (--progress->waiting == 0)
                progress->done(progress->errors.join(QStringLiteral("; ")));
        });
    };
    post(QStringLiteral("/v1/traces"), otlpTraces(timeline, options));
    post(QStringLiteral("/v1/metrics"), otlpMetrics(timeline, options));
}

} // namespace Mcp
