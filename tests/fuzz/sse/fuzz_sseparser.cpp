// Feeds arbitrary bytes to SseParser, whole and split at data-chosen offsets, and checks
// that the split never changes the events (the parser's central promise).

#include "transport/sseparser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using Mcp::SseEvent;
using Mcp::SseParser;

static bool same(const QList<SseEvent> &a, const QList<SseEvent> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].type != b[i].type || a[i].data != b[i].data || a[i].lastEventId != b[i].lastEventId
            || a[i].hasId != b[i].hasId || a[i].hasData != b[i].hasData || a[i].retryMs != b[i].retryMs)
            return false;
    }
    return true;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    // The first byte picks the chunk size of the second pass and a small event-size cap.
    const qsizetype chunk = 1 + data[0] % 17;
    const qsizetype cap = data[0] & 0x80 ? 64 : SseParser::DefaultMaxEventSize;
    const QByteArrayView input(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));

    SseParser whole(cap);
    const QList<SseEvent> expected = whole.feed(input);

    SseParser pieces(cap);
    QList<SseEvent> got;
    for (qsizetype offset = 0; offset < input.size(); offset += chunk)
        got += pieces.feed(input.sliced(offset, qMin(chunk, input.size() - offset)));

    // With a cap, a split may fail earlier or later only in which events came before the error.
    if (!whole.hasError() && !pieces.hasError() && !same(expected, got))
        std::abort();
    if (whole.hasError() != pieces.hasError() && cap == SseParser::DefaultMaxEventSize)
        std::abort();
    if (!whole.hasError() && (whole.lastEventId() != pieces.lastEventId() || whole.retryMs() != pieces.retryMs()))
        std::abort();
    return 0;
}
