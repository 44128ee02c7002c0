#pragma once

#include "transport/trafficevent.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace Mcp::Record {

// Writes what a recorder sees to a JSON Lines capture (traffic/'s TrafficCapture format) on a
// thread of its own, so that the traffic it records never waits for the disk.
//
// Producers post raw chunks of a byte stream (stdio) or whole events (HTTP, lifecycle) and
// never block: what is queued is bounded (maxQueuedBytes); a chunk or event that does not fit
// is not recorded, counted, and a Note in the capture says where the gap is. A stream that
// lost a chunk skips to its next newline so that no half line is recorded as a message. A
// capture file that cannot be written (disk full) is the same: the queue keeps draining, and
// stats() says how much could not be recorded and why.
//
// Stream chunks are framed into lines (LineFramer) on the writer thread: stdin lines become
// Outgoing (client to server) messages, stdout lines Incoming messages, stderr lines
// StderrLine events. Valid JSON-RPC lines are Kind::Message, others Kind::InvalidMessage.
// Events are redacted as every export is (SecretRedactor: the secretValues given and every
// credential seen so far, wherever they occur) before they are written, and so is the name.
class CaptureWriter
{
public:
    enum class Stream : quint8 { ClientToServer, ServerToClient, ServerStderr };

    struct Options
    {
        QString path;               // the capture file; empty: no file (a live tap only)
        QString connectionName;     // the name in the capture header
        qsizetype maxQueuedBytes = qsizetype(64) * 1024 * 1024;
        bool redact = true;
        // Values to redact wherever they occur; shorter ones than minimumSecretLength are left
        // to the redaction by place (values taken from variable names that look secret).
        QStringList secretValues;
        qsizetype minimumSecretLength = 1;
        // Called on the writer thread with every event as written (redacted), for a live view.
        std::function<void(const TrafficEvent &)> tap;
        // Called on the writer thread after the last event (to close what the tap opened).
        std::function<void()> tapEnd;
    };

    struct Stats
    {
        qint64 eventsWritten = 0;
        qint64 eventsLost = 0;     // events (or chunks) that were not recorded
        qint64 bytesLost = 0;      // traffic bytes among them
        QString writeError;        // the first write error, if any
    };

    static constexpr int ConnectionId = 1;

    explicit CaptureWriter(Options options);
    ~CaptureWriter(); // finish()es

    // Creates the file and writes the header; false (and why) when the file cannot be created.
    bool open(QString *error);

    // Thread-safe, never blocks on I/O. A chunk of one direction's bytes, as they were passed on.
    void postChunk(Stream stream, const QByteArray &bytes);
    // End of one stream: its unterminated rest is recorded as a last line.
    void postEnd(Stream stream);
    // A whole event (connectionId is set here).
    void postEvent(TrafficEvent event);

    // Drains the queue, writes a closing note about anything lost, closes the file. Idempotent.
    // With a timeout (ms), what is still queued once one write to the disk has taken that long
    // (or 10 x that has passed in all) is counted as lost instead of written: a host that waits
    // for the recorder to exit should not wait for a stuck disk, nor lose the capture's end
    // because a busy machine gives the writer little CPU.
    void finish(int timeoutMs = -1);
    Stats stats() const;

    // Simulates a slow disk (tests): the writer sleeps this long before each write.
    void setWriteDelayForTesting(int milliseconds);
    // Simulates a writer thread starved of CPU (tests): it sleeps this long before each item.
    void setFrameDelayForTesting(int milliseconds);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Mcp::Record
