#pragma once

#include "servertransport.h"

#include <QByteArray>
#include <QList>

class QSocketNotifier;

namespace Mcp {

// The server end of the stdio transport: newline-delimited JSON-RPC on stdin and stdout
// (any pair of file descriptors, for tests). Nothing but messages is ever written to the
// output descriptor. Reads never block (one read() per readiness notification); writes go
// through a queue and a non-blocking pipe, so a 16 MiB result neither blocks the event loop
// nor gets cut short, and a client that writes while we write cannot deadlock us.
class StdioServerTransport : public ServerTransport
{
    Q_OBJECT

public:
    explicit StdioServerTransport(QObject *parent = nullptr);
    StdioServerTransport(int inputFd, int outputFd, QObject *parent = nullptr);
    ~StdioServerTransport() override;

    void open() override;
    void send(const Message &message, const MessageId &relatedRequest = {}) override;
    void close() override;
    bool sendRawFrame(const QByteArray &frame) override;

    // Writes everything queued, waiting as long as it takes. Only for the moment before the
    // process exits on purpose; never call it from library code that must stay responsive.
    void flush();

    // Lines longer than this are dropped and answered with -32600 (default 256 MiB).
    void setMaximumLineSize(qsizetype bytes) { m_maximumLineSize = bytes; }
    qsizetype pendingOutputBytes() const;

private:
    void readInput();
    void processLines();
    void handleLine(const QByteArray &line);
    void enqueue(QByteArray frame);
    void writeOutput();
    void finishIfDone();
    void emitTraffic(TrafficEvent::Direction direction, TrafficEvent::Kind kind, const QByteArray &raw,
                     const QString &note = {});

    int m_inputFd;
    int m_outputFd;
    int m_savedOutputFlags = -1;
    QSocketNotifier *m_readNotifier = nullptr;
    QSocketNotifier *m_writeNotifier = nullptr;
    QByteArray m_input;
    qsizetype m_scanFrom = 0;      // bytes of m_input already known to hold no newline
    bool m_discardingLine = false; // inside a line longer than the maximum
    qsizetype m_maximumLineSize = qsizetype(256) * 1024 * 1024;
    QList<QByteArray> m_output;    // frames with their newline, oldest first
    qsizetype m_outputOffset = 0;  // bytes of m_output.first() already written
    bool m_opened = false;
    bool m_closing = false;
    bool m_outputBroken = false;
    bool m_closedEmitted = false;
};

} // namespace Mcp
