// Feeds bytes to LineFramer in data-chosen pieces, through feed() and through
// appendSpace()/commitAppend(), and compares the frames with a model of the framing rules
// computed from the whole input: one frame per line, CR before LF dropped, a line over the
// limit reported once as oversized (with a prefix of its bytes), the unterminated rest last.

#include "fuzzcommon.h"
#include "transport/lineframer.h"

#include <cstddef>
#include <cstdint>

using Mcp::LineFramer;

namespace {

struct Expected
{
    QByteArray line; // without "\n" and without the one "\r" before it
    bool oversized = false;
};

QList<Expected> model(QByteArrayView input, qsizetype max)
{
    QList<Expected> lines;
    qsizetype start = 0;
    while (start < input.size()) {
        qsizetype end = input.indexOf('\n', start);
        const bool terminated = end >= 0;
        if (!terminated)
            end = input.size();
        QByteArrayView line = input.sliced(start, end - start);
        if (line.endsWith('\r'))
            line.chop(1);
        lines.append({line.toByteArray(), line.size() > max});
        start = end + 1;
    }
    return lines;
}

} // namespace

FUZZ_INITIALIZE()

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    // Byte 0: the line limit (small, or beyond the 4 KiB report prefix); byte 1: the piece
    // size; byte 2: which entry point each piece takes, and how much spare room appendSpace gets.
    const qsizetype max = data[0] & 0x80 ? 4000 + data[0] % 200 : 1 + data[0] % 64;
    const qsizetype piece = 1 + data[1] % 37;
    const uint8_t mode = data[2];
    const QByteArrayView input = Mcp::Fuzz::bytes(data, size, 3);

    LineFramer framer(max);
    QList<LineFramer::Frame> frames;
    qsizetype index = 0;
    for (qsizetype offset = 0; offset < input.size(); offset += piece, ++index) {
        const QByteArrayView chunk = input.sliced(offset, qMin(piece, input.size() - offset));
        if ((mode >> (index % 8)) & 1) {
            // A reader that asks for more room than it fills (a short read).
            const qsizetype room = chunk.size() + (mode & 0x0f);
            char *space = framer.appendSpace(room);
            memcpy(space, chunk.data(), size_t(chunk.size()));
            frames += framer.commitAppend(chunk.size());
        } else {
            frames += framer.feed(chunk);
        }
        FUZZ_CHECK(framer.bufferedSize() <= max + 1);
    }
    frames += framer.finish();
    FUZZ_CHECK(framer.bufferedSize() == 0 && !framer.isSkipping());

    const QList<Expected> expected = model(input, max);
    FUZZ_CHECK(frames.size() == expected.size());
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const LineFramer::Frame &frame = frames.at(i);
        const Expected &want = expected.at(i);
        FUZZ_CHECK(frame.oversized == want.oversized);
        if (want.oversized) {
            // Reported when it passed the limit: a prefix of the line (a trailing "\r" may be
            // counted, when the line was cut just after it), at most the report prefix long.
            FUZZ_CHECK(frame.size > max);
            FUZZ_CHECK(frame.line.size() == qMin(frame.size, LineFramer::OversizedPrefixSize));
            FUZZ_CHECK(QByteArray(want.line + '\r').startsWith(frame.line));
        } else {
            FUZZ_CHECK(frame.line == want.line);
            FUZZ_CHECK(frame.size == want.line.size());
        }
    }
    return 0;
}
