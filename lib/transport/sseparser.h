#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Mcp {

// One dispatched Server-Sent Event (WHATWG HTML, "event stream interpretation").
struct SseEvent
{
    QByteArray type;       // the "event" field; empty means "message"
    QByteArray data;       // "data" lines joined with LF, without the final LF
    QByteArray lastEventId; // the stream's last event id when this event was dispatched
    bool hasId = false;    // this event block carried an "id" field itself
    bool hasData = false;  // at least one "data" line (priming events have none, or an empty one)
    int retryMs = -1;      // a valid "retry" field in this block, else -1

    QByteArray typeOrDefault() const { return type.isEmpty() ? QByteArrayLiteral("message") : type; }
};

// Bytes in, events out. A pure class with no I/O so that it can be tested with input
// split at every offset and fuzzed. Accepts LF, CR and CRLF line ends, also mixed in one
// stream and with a CR and its LF in different chunks; strips a leading UTF-8 BOM.
// Unlike a browser it also dispatches blocks without data (id-only priming events,
// retry-only blocks), because MCP clients must remember their ids.
class SseParser
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::SseParser)

public:
    static constexpr qsizetype DefaultMaxEventSize = 128 * 1024 * 1024;

    explicit SseParser(qsizetype maxEventSize = DefaultMaxEventSize);

    // Parses a chunk and returns the events it completed. After an error, returns nothing.
    QList<SseEvent> feed(QByteArrayView chunk);

    // True once an event grew beyond the maximum size; the stream cannot be trusted after that.
    bool hasError() const { return !m_error.isEmpty(); }
    QString errorString() const { return m_error; }

    QByteArray lastEventId() const { return m_lastEventId; }
    // The reconnection time the server asked for, or -1 if it never sent a valid retry field.
    int retryMs() const { return m_retryMs; }
    qsizetype maxEventSize() const { return m_maxEventSize; }

    // Forgets everything, including the last event id and retry.
    void reset();

private:
    void processLine(QByteArrayView line, QList<SseEvent> *events);
    void dispatch(QList<SseEvent> *events);
    void fail(qsizetype size);

    qsizetype m_maxEventSize;
    QByteArray m_line;        // a line not yet terminated
    QByteArray m_data;
    QByteArray m_type;
    QByteArray m_lastEventId;
    QString m_error;
    int m_retryMs = -1;
    int m_blockRetryMs = -1;
    bool m_blockHasFields = false;
    bool m_blockHasId = false;
    bool m_blockHasData = false;
    bool m_afterCr = false;   // the previous chunk ended in CR: a leading LF belongs to it
    int m_bomBytesSeen = 0;   // bytes of the stream start checked against the BOM (0..3)
    bool m_bomChecked = false;
};

} // namespace Mcp
