#include "sseparser.h"

#include <cstring>

namespace Mcp {

SseParser::SseParser(qsizetype maxEventSize)
    : m_maxEventSize(maxEventSize > 0 ? maxEventSize : DefaultMaxEventSize)
{
}

void SseParser::reset()
{
    *this = SseParser(m_maxEventSize);
}

void SseParser::fail(qsizetype size)
{
    m_error = tr("An SSE event grew to %1 bytes, more than the limit of %2 bytes; the stream was abandoned.")
                  .arg(size)
                  .arg(m_maxEventSize);
    m_line.clear();
    m_data.clear();
}

QList<SseEvent> SseParser::feed(QByteArrayView chunk)
{
    QList<SseEvent> events;
    if (hasError())
        return events;

    // A BOM may only open the stream, and it may arrive split over several chunks.
    if (!m_bomChecked) {
        static const char bom[] = "\xEF\xBB\xBF";
        while (m_bomBytesSeen < 3 && !chunk.isEmpty()) {
            if (chunk.front() != bom[m_bomBytesSeen]) {
                // Not a BOM: the bytes matched so far are content.
                m_line.append(bom, m_bomBytesSeen);
                m_bomChecked = true;
                break;
            }
            ++m_bomBytesSeen;
            chunk = chunk.sliced(1);
        }
        if (m_bomBytesSeen == 3)
            m_bomChecked = true;
        if (!m_bomChecked)
            return events; // only a BOM prefix so far
    }

    const char *p = chunk.data();
    const char *end = p + chunk.size();
    if (m_afterCr && p != end) {
        if (*p == '\n')
            ++p;
        m_afterCr = false;
    }
    while (p != end) {
        // Find the next CR or LF; memchr on both is faster than a byte loop on big data.
        const char *lf = static_cast<const char *>(std::memchr(p, '\n', end - p));
        const char *limit = lf ? lf : end;
        const char *cr = static_cast<const char *>(std::memchr(p, '\r', limit - p));
        const char *eol = cr ? cr : lf;
        if (!eol) {
            if (m_line.size() + (end - p) + m_data.size() > m_maxEventSize) {
                fail(m_line.size() + (end - p) + m_data.size());
                return events;
            }
            m_line.append(p, end - p);
            break;
        }
        const qsizetype lineSize = m_line.size() + (eol - p);
        if (lineSize + m_data.size() > m_maxEventSize) {
            fail(lineSize + m_data.size());
            return events;
        }
        if (m_line.isEmpty()) {
            processLine(QByteArrayView(p, eol - p), &events);
        } else {
            m_line.append(p, eol - p);
            processLine(m_line, &events);
            m_line.clear();
        }
        if (hasError())
            return events;
        p = eol + 1;
        if (*eol == '\r') {
            if (p == end)
                m_afterCr = true;
            else if (*p == '\n')
                ++p;
        }
    }
    return events;
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent> *events)
{
    if (line.isEmpty()) {
        dispatch(events);
        return;
    }
    if (line.front() == ':')
        return; // a comment (keep-alive)

    QByteArrayView field = line;
    QByteArrayView value;
    const qsizetype colon = line.indexOf(':');
    if (colon >= 0) {
        field = line.first(colon);
        value = line.sliced(colon + 1);
        if (!value.isEmpty() && value.front() == ' ')
            value = value.sliced(1);
    }

    if (field == "data") {
        if (m_blockHasData)
            m_data.append('\n');
        m_data.append(value.data(), value.size());
        m_blockHasData = true;
        m_blockHasFields = true;
        if (m_data.size() > m_maxEventSize)
            fail(m_data.size());
    } else if (field == "event") {
        m_type = value.toByteArray();
        m_blockHasFields = true;
    } else if (field == "id") {
        // An id containing NUL is ignored (WHATWG).
        if (!value.contains('\0')) {
            m_lastEventId = value.toByteArray();
            m_blockHasId = true;
        }
        m_blockHasFields = true;
    } else if (field == "retry") {
        bool digitsOnly = !value.isEmpty() && value.size() <= 9;
        for (char c : value)
            digitsOnly = digitsOnly && c >= '0' && c <= '9';
        if (digitsOnly) {
            m_retryMs = value.toInt();
            m_blockRetryMs = m_retryMs;
        }
        m_blockHasFields = true;
    }
    // Any other field is ignored, as the standard says.
}

void SseParser::dispatch(QList<SseEvent> *events)
{
    if (m_blockHasFields) {
        SseEvent event;
        event.type = std::move(m_type);
        event.data = std::move(m_data);
        event.lastEventId = m_lastEventId;
        event.hasId = m_blockHasId;
        event.hasData = m_blockHasData;
        event.retryMs = m_blockRetryMs;
        events->append(std::move(event));
    }
    m_type.clear();
    m_data.clear();
    m_blockRetryMs = -1;
    m_blockHasFields = false;
    m_blockHasId = false;
    m_blockHasData = false;
}

} // namespace Mcp
