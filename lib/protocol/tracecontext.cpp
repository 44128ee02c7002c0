#include "tracecontext.h"

#include <QRandomGenerator>
#include <QStringBuilder>

namespace Mcp::TraceContext {

namespace {

QByteArray randomBytes(int size)
{
    QByteArray bytes(size, '\0');
    while (bytes.count('\0') == size) // an all-zero id is invalid
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    return bytes;
}

bool isLowerHex(QByteArrayView text)
{
    for (char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

} // namespace

QByteArray randomTraceId() { return randomBytes(16); }
QByteArray randomSpanId() { return randomBytes(8); }

QByteArray traceparent(const QByteArray &traceId, const QByteArray &spanId)
{
    return QByteArrayLiteral("00-") + traceId.toHex() + '-' + spanId.toHex() + QByteArrayLiteral("-01");
}

bool parseTraceparent(QByteArrayView value, QByteArray *traceId, QByteArray *spanId)
{
    // version "-" trace-id (32) "-" parent-id (16) "-" flags (2); later versions may append more.
    if (value.size() < 55 || value.at(2) != '-' || value.at(35) != '-' || value.at(52) != '-'
        || !isLowerHex(value.first(2)) || value.first(2) == "ff" || !isLowerHex(value.sliced(3, 32))
        || !isLowerHex(value.sliced(36, 16)) || !isLowerHex(value.sliced(53, 2)))
        return false;
    const QByteArray trace = QByteArray::fromHex(value.sliced(3, 32).toByteArray());
    const QByteArray span = QByteArray::fromHex(value.sliced(36, 16).toByteArray());
    if (trace.count('\0') == trace.size() || span.count('\0') == span.size())
        return false;
    *traceId = trace;
    *spanId = span;
    return true;
}

} // namespace Mcp::TraceContext
