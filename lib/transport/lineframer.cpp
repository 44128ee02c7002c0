#include "lineframer.h"

#include <cstring>
#include <utility>

namespace Mcp {

LineFramer::LineFramer(qsizetype maxLineSize) : m_maxLineSize(maxLineSize > 0 ? maxLineSize : DefaultMaxLineSize) {}

void LineFramer::setMaxLineSize(qsizetype maxLineSize)
{
    m_maxLineSize = maxLineSize > 0 ? maxLineSize : DefaultMaxLineSize;
}

void LineFramer::reset()
{
    m_appendBase = -1;
    m_buffer.clear();
    m_scanned = 0;
    m_skipping = false;
}

LineFramer::Frame LineFramer::oversized(const char *data, qsizetype size) const
{
    Frame frame;
    frame.line = QByteArray(data, qMin(size, OversizedPrefixSize));
    frame.size = size;
    frame.oversized = true;
    return frame;
}

LineFramer::Frame LineFramer::takeLine(qsizetype start, qsizetype end, bool wholeBuffer)
{
    qsizetype length = end - start;
    const char *data = m_buffer.constData() + start;
    if (length > 0 && data[length - 1] == '\r')
        --length;
    if (length > m_maxLineSize)
        return oversized(data, length);
    Frame frame;
    frame.size = length;
    if (wholeBuffer) {
        // The common case for big messages: the buffer is exactly one line. Hand it over
        // instead of copying it (truncating an unshared array does not reallocate).
        frame.line = std::move(m_buffer);
        m_buffer = QByteArray();
        frame.line.truncate(length);
    } else {
        frame.line = QByteArray(data, length);
    }
    return frame;
}

QList<LineFramer::Frame> LineFramer::feed(QByteArray data)
{
    QList<Frame> frames;
    if (data.isEmpty())
        return frames;

    qsizetype from = 0;
    if (m_skipping) {
        const void *newline = std::memchr(data.constData(), '\n', size_t(data.size()));
        if (!newline)
            return frames;
        m_skipping = false;
        from = static_cast<const char *>(newline) - data.constData() + 1;
        if (from == data.size())
            return frames;
    }

    if (m_buffer.isEmpty() && from == 0) {
        m_buffer = std::move(data);
        m_scanned = 0;
    } else {
        m_buffer.append(data.constData() + from, data.size() - from);
    }
    return scan(std::move(frames));
}

char *LineFramer::appendSpace(qsizetype n)
{
    if (m_appendBase < 0)
        m_appendBase = m_buffer.size();
    m_buffer.resize(m_appendBase + qMax<qsizetype>(n, 0));
    return m_buffer.data() + m_appendBase;
}

QList<LineFramer::Frame> LineFramer::commitAppend(qsizetype written)
{
    QList<Frame> frames;
    if (m_appendBase < 0)
        return frames;
    const qsizetype base = std::exchange(m_appendBase, -1);
    written = qBound<qsizetype>(0, written, m_buffer.size() - base);
    m_buffer.resize(base + written); // shrinking keeps the allocation
    if (written == 0)
        return frames;
    if (m_skipping) {
        const char *start = m_buffer.constData() + base;
        const void *newline = std::memchr(start, '\n', size_t(written));
        if (!newline) {
            m_buffer.resize(base);
            return frames;
        }
        m_skipping = false;
        m_buffer.remove(base, static_cast<const char *>(newline) - start + 1);
        if (m_buffer.size() == base)
            return frames;
    }
    return scan(std::move(frames));
}

QList<LineFramer::Frame> LineFramer::scan(QList<Frame> frames)
{
    qsizetype lineStart = 0;
    while (m_scanned < m_buffer.size()) {
        const char *base = m_buffer.constData();
        const void *newline = std::memchr(base + m_scanned, '\n', size_t(m_buffer.size() - m_scanned));
        if (!newline) {
            m_scanned = m_buffer.size();
            break;
        }
        const qsizetype end = static_cast<const char *>(newline) - base;
        const bool wholeBuffer = lineStart == 0 && end + 1 == m_buffer.size();
        const qsizetype after = m_buffer.size() - end - 1;
        if (lineStart == 0 && !wholeBuffer && after < end / 4) {
            // A big line with a little after it (the next message came in the same read): the
            // buffer goes with the line, and the little is copied instead of the line.
            QByteArray rest(base + end + 1, after);
            frames.append(takeLine(0, end, true));
            m_buffer = std::move(rest);
            m_scanned = 0;
            continue;
        }
        frames.append(takeLine(lineStart, end, wholeBuffer));
        if (wholeBuffer) {
            // m_buffer was handed over with the line (or the line was too long)
            m_buffer = QByteArray();
            m_scanned = 0;
            return frames;
        }
        lineStart = end + 1;
        m_scanned = lineStart;
    }

    if (lineStart > 0) {
        m_buffer.remove(0, lineStart);
        m_scanned -= lineStart;
    }
    // One byte of slack for a "\r" whose "\n" has not arrived yet.
    const bool pendingCr = !m_buffer.isEmpty() && m_buffer.endsWith('\r');
    if (m_buffer.size() > m_maxLineSize + (pendingCr ? 1 : 0)) {
        frames.append(oversized(m_buffer.constData(), m_buffer.size()));
        m_buffer = QByteArray();
        m_scanned = 0;
        m_skipping = true;
    }
    return frames;
}

QList<LineFramer::Frame> LineFramer::finish()
{
    QList<Frame> frames;
    if (!m_buffer.isEmpty())
        frames.append(takeLine(0, m_buffer.size(), true));
    reset();
    return frames;
}

} // namespace Mcp
