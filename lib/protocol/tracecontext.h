#pragma once

// W3C Trace Context as MCP carries it: the keys "traceparent" and "tracestate" in a request's
// params._meta (the one exception to _meta's prefixed names), "00-<trace id>-<span id>-01".

#include <QByteArray>
#include <QByteArrayView>

namespace Mcp::TraceContext {

inline constexpr char TraceparentKey[] = "traceparent";

QByteArray randomTraceId(); // 16 random bytes, never all zero
QByteArray randomSpanId();  // 8 random bytes, never all zero
QByteArray traceparent(const QByteArray &traceId, const QByteArray &spanId);
// The trace and parent span ids of a traceparent value; false when it is not one.
bool parseTraceparent(QByteArrayView value, QByteArray *traceId, QByteArray *spanId);

} // namespace Mcp::TraceContext
