#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Mcp {

// Cuts a byte stream into newline-terminated lines (stdio framing). A pure class: bytes in,
// lines out, no I/O, so it can be tested and fuzzed alone.
//
// - "\n" ends a line; one "\r" before it is dropped, so CRLF peers work too.
// - A line longer than maxLineSize() is not buffered without bound: it is reported once as
//   an oversized frame (with its first bytes) as soon as it passes the limit, and the rest
//   of it is skipped up to the next "\n". The stream goes on after that.
// - Only newly arrived bytes are searched for "\n", so a 64 MiB line that arrives in 64 KiB
//   chunks costs linear time.
class LineFramer
{
public:
    static constexpr qsizetype DefaultMaxLineSize = qsizetype(256) * 1024 * 1024;
    // How many leading bytes of an oversized line are kept for the report.
    static constexpr qsizetype OversizedPrefixSize = 4096;

    struct Frame
    {
        // The line without its terminator; for an oversized line, its first bytes only.
        QByteArray line;
        // The length of the line; for an oversized line, how many bytes had arrived when
        // it passed the limit (the rest is skipped unseen).
        qsizetype size = 0;
        bool oversized = false;
    };

    explicit LineFramer(qsizetype maxLineSize = DefaultMaxLineSize);

    qsizetype maxLineSize() const { return m_maxLineSize; }
    void setMaxLineSize(qsizetype maxLineSize);

    // Adds bytes; returns the lines they complete and oversized-line reports, in stream order.
    QList<Frame> feed(QByteArray data);
    QList<Frame> feed(QByteArrayView data) { return feed(data.toByteArray()); }
    // For readers that can write into the buffer themselves (one copy less than feed()):
    // appendSpace(n) returns room for n bytes at the end of the buffer; commitAppend(written)
    // then frames the first `written` of them, exactly as feed() would have.
    char *appendSpace(qsizetype n);
    QList<Frame> commitAppend(qsizetype written);
    // End of stream: returns the unterminated rest as a last line, if there is one.
    QList<Frame> finish();

    // Bytes waiting for their "\n".
    qsizetype bufferedSize() const { return m_buffer.size(); }
    // True while the tail of an oversized line is being skipped.
    bool isSkipping() const { return m_skipping; }
    void reset();

private:
    Frame takeLine(qsizetype start, qsizetype end, bool wholeBuffer);
    Frame oversized(const char *data, qsizetype size) const;
    QList<Frame> scan(QList<Frame> frames);

    QByteArray m_buffer;
    qsizetype m_scanned = 0; // m_buffer[0, m_scanned) holds no "\n"
    qsizetype m_maxLineSize;
    bool m_skipping = false;
    qsizetype m_appendBase = -1; // where appendSpace() put the room; -1 when none is open
};

} // namespace Mcp
