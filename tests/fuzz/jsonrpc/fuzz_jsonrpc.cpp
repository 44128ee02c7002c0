// Fuzzes the JSON-RPC frame parser, the frame summary, the serialiser (round trip) and the
// stdio line framer. Crashes, sanitizer reports and broken invariants (abort) are findings.

#include "jsonrpc/message.h"
#include "transport/lineframer.h"

#include <cstdint>
#include <cstdlib>

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort();
}

void fuzzFrame(QByteArrayView data)
{
    const Mcp::ParsedFrame parsed = Mcp::parseFrame(data);
    const Mcp::MessageSummary summary = Mcp::summarizeFrame(data);
    check(parsed.messages.isEmpty() || summary.count > 0);
    if (!parsed.batch && parsed.isValid()) {
        check(summary.valid);
        check(summary.kind == parsed.messages.first().kind());
        check(summary.id == parsed.messages.first().id());
    }
    for (const Mcp::Message &message : parsed.messages) {
        // What we write is one line, and reads back as the same message.
        const QByteArray bytes = message.serialize();
        check(!bytes.contains('\n'));
        const Mcp::ParsedFrame again = Mcp::parseFrame(bytes);
        check(again.isValid() && again.messages.size() == 1);
        check(again.messages.first() == message);
    }
}

void fuzzFramer(const uint8_t *data, size_t size)
{
    if (size < 2)
        return;
    // First byte: maximum line size; second: chunk size.
    const qsizetype max = 1 + data[0] % 64;
    const size_t chunk = 1 + data[1] % 17;
    data += 2;
    size -= 2;
    Mcp::LineFramer framer(max);
    qsizetype newlines = 0;
    for (size_t i = 0; i < size; ++i)
        newlines += data[i] == '\n';
    qsizetype frames = 0;
    auto checkFrames = [&](const QList<Mcp::LineFramer::Frame> &list) {
        for (const auto &frame : list) {
            check(!frame.line.contains('\n'));
            if (frame.oversized)
                check(frame.size > max);
            else
                check(frame.line.size() <= max && frame.size == frame.line.size());
            ++frames;
        }
    };
    for (size_t offset = 0; offset < size; offset += chunk)
        checkFrames(framer.feed(QByteArray(reinterpret_cast<const char *>(data) + offset, qsizetype(qMin(chunk, size - offset)))));
    checkFrames(framer.finish());
    // Every line ends in one frame at most, and oversized lines never produce more than one.
    check(frames <= newlines + 1);
    check(framer.bufferedSize() == 0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzzFrame(QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size)));
    fuzzFramer(data, size);
    return 0;
}
