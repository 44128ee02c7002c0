#include "capturewriter.h"

#include "jsonrpc/message.h"
#include "traffic/trafficcapture.h"
#include "transport/lineframer.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef MCPSCOPE_VERSION
#define MCPSCOPE_VERSION "0.1.0"
#endif

namespace Mcp::Record {

namespace {

struct Item
{
    enum class Type : quint8 { Chunk, End, Event } type = Type::Event;
    CaptureWriter::Stream stream = CaptureWriter::Stream::ClientToServer;
    QByteArray bytes;
    qint64 wallClockMs = 0;
    qint64 monotonicNs = 0;
    TrafficEvent event;
    qint64 lostBefore = 0; // bytes of this stream dropped just before this item
};

QString formatBytes(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

} // namespace

struct CaptureWriter::Private
{
    Options options;
    QFile file;
    bool fileOk = false;

    mutable std::mutex mutex;
    std::condition_variable wake;
    std::deque<Item> queue;
    qsizetype queuedBytes = 0;
    bool stopping = false;
    bool finished = false;
    std::thread thread;
    // Per stream: bytes dropped since the last chunk that was queued (guarded by mutex).
    qint64 pendingLoss[3] = {0, 0, 0};
    Stats counters;
    std::atomic<qint64> eventsWritten{0};
    int writeDelayMs = 0;
    int frameDelayMs = 0;
    // Finishing: what is still queued is written, and counted as lost only once one disk write
    // has taken longer than finishStall (a disk that hangs) or 10 x that has passed in all. The
    // stall is timed around the write alone: on a busy machine this niced thread gets little CPU,
    // and the time it takes to frame a huge line must not cost the capture its end. Set before
    // `finishing`.
    using Clock = std::chrono::steady_clock;
    std::atomic<bool> finishing{false};
    bool finishBounded = false;
    Clock::time_point finishStart;
    Clock::duration finishStall{};
    bool diskStuck = false; // writer thread only

    // finishBounded and finishStall are read only once `finishing` is seen (release/acquire).
    bool finishingBounded() const { return finishing.load(std::memory_order_acquire) && finishBounded; }
    bool givingUp() const
    {
        return finishingBounded() && (diskStuck || Clock::now() - finishStart > 10 * finishStall);
    }
    static constexpr auto WakeInterval = std::chrono::milliseconds(20);

    // Writer thread only.
    LineFramer framers[3];
    // Writer thread only: learns the credentials the traffic carries as it goes (a token is
    // sent before a server can echo it).
    SecretRedactor redactor;
    bool resync[3] = {false, false, false};
    QByteArray out;

    static qsizetype cost(const Item &item)
    {
        return item.bytes.size() + item.event.raw.size() + 256;
    }

    bool enqueue(Item item)
    {
        std::lock_guard lock(mutex);
        if (stopping)
            return false;
        const qsizetype c = cost(item);
        const int s = int(item.stream);
        if (queuedBytes + c > options.maxQueuedBytes) {
            ++counters.eventsLost;
            const qint64 lost = item.type == Item::Type::Event ? item.event.raw.size() : item.bytes.size();
            counters.bytesLost += lost;
            if (item.type != Item::Type::Event)
                pendingLoss[s] += lost;
            return false;
        }
        if (item.type != Item::Type::Event) {
            item.lostBefore = pendingLoss[s];
            pendingLoss[s] = 0;
        }
        queuedBytes += c;
        queue.push_back(std::move(item));
        // The writer wakes by itself every WakeInterval: waking it for every chunk would cost
        // the traffic a system call and a core. Only a filling queue hurries it.
        if (queuedBytes > options.maxQueuedBytes / 4)
            wake.notify_one();
        return true;
    }

    void run()
    {
#ifdef __linux__
        // The capture yields to the traffic: this thread runs at a low priority (nice 10), so the
        // pass-through threads come first and the bounded queue takes the slack. Not SCHED_IDLE:
        // on a machine that is busy anyway (a build running beside the host) an idle-class
        // thread gets no CPU at all and the capture would lose what it could have written.
        ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 10);
#endif
        for (;;) {
            std::deque<Item> batch;
            {
                std::unique_lock lock(mutex);
                wake.wait_for(lock, WakeInterval, [this] {
                    return stopping || queuedBytes > options.maxQueuedBytes / 4;
                });
                if (queue.empty() && stopping)
                    break;
                batch.swap(queue);
            }
            qsizetype batchCost = 0;
            for (Item &item : batch) {
                batchCost += cost(item);
                if (givingUp()) {
                    // The process is ending and the disk is stuck: what is left is lost.
                    std::lock_guard lock(mutex);
                    ++counters.eventsLost;
                    counters.bytesLost += item.type == Item::Type::Event ? item.event.raw.size() : item.bytes.size();
                    continue;
                }
                handle(item);
            }
            flushOut();
            {
                std::lock_guard lock(mutex);
                queuedBytes -= batchCost;
            }
        }
        for (int s = 0; s < 3; ++s)
            endStream(Stream(s), QDateTime::currentMSecsSinceEpoch(), TrafficEvent::clockNs());
        Stats last = snapshot();
        if (last.eventsLost > 0 || !last.writeError.isEmpty()) {
            TrafficEvent note = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note);
            note.note = QCoreApplication::translate("Mcp::Record::CaptureWriter",
                                                    "The recorder could not record %n message(s) or chunk(s) "
                                                    "(%1 of traffic); all traffic was passed on.",
                                                    nullptr, int(last.eventsLost))
                            .arg(formatBytes(last.bytesLost));
            if (!last.writeError.isEmpty())
                note.note += QLatin1Char(' ')
                    + QCoreApplication::translate("Mcp::Record::CaptureWriter", "Writing the capture failed: %1.")
                          .arg(last.writeError);
            write(note);
        }
        flushOut();
        if (fileOk)
            file.close();
        if (options.tapEnd)
            options.tapEnd();
    }

    Stats snapshot() const
    {
        std::lock_guard lock(mutex);
        Stats s = counters;
        s.eventsWritten = eventsWritten.load();
        return s;
    }

    void handle(Item &item)
    {
        if (frameDelayMs > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(frameDelayMs));
        const int s = int(item.stream);
        if (item.type == Item::Type::Event) {
            write(item.event);
            return;
        }
        if (item.lostBefore > 0) {
            // The framer's partial line is unusable now: drop it and the rest of the broken line.
            framers[s].reset();
            resync[s] = true;
            TrafficEvent gap = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note);
            gap.wallClockMs = item.wallClockMs;
            gap.monotonicNs = item.monotonicNs;
            gap.note = QCoreApplication::translate("Mcp::Record::CaptureWriter",
                                                   "%1 of %2 traffic were passed on but not recorded (the "
                                                   "capture could not keep up).")
                           .arg(formatBytes(item.lostBefore), streamName(item.stream));
            write(gap);
        }
        if (item.type == Item::Type::End) {
            endStream(item.stream, item.wallClockMs, item.monotonicNs);
            return;
        }
        QByteArray bytes = std::move(item.bytes);
        if (resync[s]) {
            const qsizetype newline = bytes.indexOf('\n');
            if (newline < 0)
                return;
            bytes.remove(0, newline + 1);
            resync[s] = false;
        }
        frames(item.stream, framers[s].feed(std::move(bytes)), item.wallClockMs, item.monotonicNs);
    }

    void endStream(Stream stream, qint64 wallClockMs, qint64 monotonicNs)
    {
        const int s = int(stream);
        if (resync[s]) {
            framers[s].reset();
            resync[s] = false;
            return;
        }
        frames(stream, framers[s].finish(), wallClockMs, monotonicNs);
    }

    static QString streamName(Stream stream)
    {
        switch (stream) {
        case Stream::ClientToServer: return QStringLiteral("client-to-server");
        case Stream::ServerToClient: return QStringLiteral("server-to-client");
        case Stream::ServerStderr: return QStringLiteral("stderr");
        }
        return {};
    }

    void frames(Stream stream, const QList<LineFramer::Frame> &list, qint64 wallClockMs, qint64 monotonicNs)
    {
        for (const LineFramer::Frame &frame : list) {
            TrafficEvent e;
            e.wallClockMs = wallClockMs;
            e.monotonicNs = monotonicNs;
            e.raw = frame.line;
            e.direction = stream == Stream::ClientToServer ? TrafficEvent::Direction::Outgoing
                                                           : TrafficEvent::Direction::Incoming;
            if (stream == Stream::ServerStderr) {
                e.kind = TrafficEvent::Kind::StderrLine;
            } else if (frame.oversized) {
                e.kind = TrafficEvent::Kind::InvalidMessage;
                e.note = QCoreApplication::translate("Mcp::Record::CaptureWriter",
                                                     "line longer than %1: passed on whole, only its start "
                                                     "is recorded")
                             .arg(formatBytes(framers[int(stream)].maxLineSize()));
            } else {
                const MessageSummary summary = summarizeFrame(frame.line);
                e.kind = summary.valid ? TrafficEvent::Kind::Message : TrafficEvent::Kind::InvalidMessage;
                if (!summary.valid)
                    e.note = frame.line.isEmpty() ? QStringLiteral("empty line") : summary.diagnostic;
            }
            write(e);
        }
    }

    void write(TrafficEvent event)
    {
        event.connectionId = ConnectionId;
        if (options.redact)
            redactor.learn(event);
        const TrafficEvent shown = options.redact ? redactor.redacted(event) : event;
        if (options.tap)
            options.tap(shown);
        // Counted without the lock: the producers must never wait for this thread.
        eventsWritten.fetch_add(1, std::memory_order_relaxed);
        if (!fileOk)
            return; // delivered to the tap
        if (shown.raw.size() >= TrafficCapture::StreamedLineBytes) {
            writeStreamed(shown);
            return;
        }
        TrafficCapture::appendJsonLine(&out, shown);
        if (out.size() > 1024 * 1024)
            flushOut();
    }

    // A big message's line goes to the file in pieces as it is escaped, never built whole (a
    // 64 MiB result would otherwise cost one more copy of itself here). Whole lines or none, as
    // flushOut() keeps them: a write that fails cuts the file back to where the line began.
    void writeStreamed(const TrafficEvent &event)
    {
        flushOut();
        if (!fileOk)
            return;
        const int fd = file.handle();
        const off_t start = ::lseek(fd, 0, SEEK_CUR);
        int writeErrno = 0;
        const bool written = TrafficCapture::writeJsonLine(event, TrafficCapture::StreamedLineBytes, [&](QByteArrayView piece) {
            qsizetype unused = 0;
            writeErrno = writeAll(fd, piece, &unused);
            return writeErrno == 0;
        });
        if (written)
            return;
        if (start >= 0 && ::ftruncate(fd, start) == 0)
            ::lseek(fd, start, SEEK_SET);
        std::lock_guard lock(mutex);
        ++counters.eventsLost;
        counters.bytesLost += event.raw.size();
        if (counters.writeError.isEmpty())
            counters.writeError = describeWriteError(writeErrno);
    }

    // Writes all of bytes to fd: 0, or the errno of the write that failed (*written says how
    // far it got).
    static int writeAll(int fd, QByteArrayView bytes, qsizetype *written)
    {
        *written = 0;
        while (*written < bytes.size()) {
            const ssize_t n = ::write(fd, bytes.data() + *written, size_t(bytes.size() - *written));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return n < 0 ? errno : EIO;
            *written += n;
        }
        return 0;
    }

    // Writes `out` (whole lines) to the file: whole lines or none. A write the disk took only
    // part of (full, over quota, over the size limit) is cut back to its last whole line, and
    // the lines after it are counted as not recorded, with the reason the system gave.
    void flushOut()
    {
        if (out.isEmpty() || !fileOk) {
            out.clear();
            return;
        }
        const Clock::time_point began = Clock::now();
        if (writeDelayMs > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(writeDelayMs));
        const int fd = file.handle();
        const off_t start = ::lseek(fd, 0, SEEK_CUR);
        qsizetype written = 0;
        const int writeErrno = writeAll(fd, out, &written);
        if (finishingBounded() && Clock::now() - began > finishStall)
            diskStuck = true;
        if (written < out.size()) {
            const qsizetype kept = written > 0 ? out.lastIndexOf('\n', written - 1) + 1 : 0;
            if (kept < written && start >= 0 && ::ftruncate(fd, start + kept) == 0)
                ::lseek(fd, start + kept, SEEK_SET);
            const qint64 lines = std::count(out.cbegin() + kept, out.cend(), '\n');
            std::lock_guard lock(mutex);
            counters.eventsLost += qMax<qint64>(1, lines);
            counters.bytesLost += out.size() - kept;
            if (counters.writeError.isEmpty())
                counters.writeError = describeWriteError(writeErrno);
        }
        out.truncate(0); // keeps its capacity: the next batch reuses the block
    }

    static QString describeWriteError(int error)
    {
        const QString system = QString::fromLocal8Bit(std::strerror(error));
        switch (error) {
        case ENOSPC:
            return QCoreApplication::translate("Mcp::Record::CaptureWriter", "disk full (%1)").arg(system);
        case EDQUOT:
            return QCoreApplication::translate("Mcp::Record::CaptureWriter", "disk quota exceeded (%1)").arg(system);
        case EFBIG:
            return QCoreApplication::translate("Mcp::Record::CaptureWriter", "file size limit reached (%1)").arg(system);
        default:
            return system;
        }
    }
};

CaptureWriter::CaptureWriter(Options options) : d(std::make_unique<Private>())
{
    d->options = std::move(options);
    for (const QString &secret : std::as_const(d->options.secretValues))
        d->redactor.addSecret(secret, d->options.minimumSecretLength);
}

CaptureWriter::~CaptureWriter()
{
    finish();
}

bool CaptureWriter::open(QString *error)
{
    if (!d->options.path.isEmpty()) {
        d->file.setFileName(d->options.path);
        // Unbuffered: a full disk shows at the write that hit it, not at a later flush.
        if (!d->file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
            if (error)
                *error = d->file.errorString();
            return false;
        }
        d->fileOk = true;
        const QString appVersion = QCoreApplication::applicationVersion().isEmpty()
            ? QStringLiteral(MCPSCOPE_VERSION)
            : QCoreApplication::applicationVersion();
        const QJsonObject rest{
            {QStringLiteral("app"), QStringLiteral("MCP Scope")},
            {QStringLiteral("appVersion"), appVersion},
            {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {QStringLiteral("redacted"), d->options.redact},
            {QStringLiteral("recorder"), true},
            {QStringLiteral("connections"),
             QJsonArray{QJsonObject{{QStringLiteral("id"), ConnectionId},
                                    {QStringLiteral("name"), d->options.redact
                                                                 ? d->redactor.redactedText(d->options.connectionName)
                                                                 : d->options.connectionName}}}},
        };
        // "format" and "version" first, as TrafficCapture writes them, for file sniffers. The
        // event count is unknown while recording, so the header leaves "events" out.
        const QByteArray header = QByteArray(R"({"format":"mcpscope-capture","version":)")
            + QByteArray::number(TrafficCapture::FormatVersion) + ','
            + QJsonDocument(rest).toJson(QJsonDocument::Compact).mid(1) + '\n';
        if (d->file.write(header) != header.size()) {
            if (error)
                *error = d->file.errorString();
            d->file.close();
            d->fileOk = false;
            return false;
        }
    }
    d->thread = std::thread([this] { d->run(); });
    return true;
}

void CaptureWriter::postChunk(Stream stream, const QByteArray &bytes)
{
    Item item;
    item.type = Item::Type::Chunk;
    item.stream = stream;
    item.bytes = bytes;
    item.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    item.monotonicNs = TrafficEvent::clockNs();
    d->enqueue(std::move(item));
}

void CaptureWriter::postEnd(Stream stream)
{
    Item item;
    item.type = Item::Type::End;
    item.stream = stream;
    item.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    item.monotonicNs = TrafficEvent::clockNs();
    // An end marker must not be lost: it costs nothing, so it bypasses the bound.
    std::lock_guard lock(d->mutex);
    if (d->stopping)
        return;
    item.lostBefore = d->pendingLoss[int(stream)];
    d->pendingLoss[int(stream)] = 0;
    d->queue.push_back(std::move(item));
    d->wake.notify_one();
}

void CaptureWriter::postEvent(TrafficEvent event)
{
    Item item;
    item.type = Item::Type::Event;
    item.event = std::move(event);
    d->enqueue(std::move(item));
}

void CaptureWriter::finish(int timeoutMs)
{
    {
        std::lock_guard lock(d->mutex);
        if (d->finished)
            return;
        d->finished = true;
        d->stopping = true;
        if (timeoutMs >= 0) {
            d->finishBounded = true;
            d->finishStart = Private::Clock::now();
            d->finishStall = std::chrono::milliseconds(timeoutMs);
        }
        d->finishing.store(true, std::memory_order_release);
        d->wake.notify_one();
    }
    if (d->thread.joinable())
        d->thread.join();
}

CaptureWriter::Stats CaptureWriter::stats() const
{
    return d->snapshot();
}

void CaptureWriter::setWriteDelayForTesting(int milliseconds)
{
    d->writeDelayMs = milliseconds;
}

void CaptureWriter::setFrameDelayForTesting(int milliseconds)
{
    d->frameDelayMs = milliseconds;
}

} // namespace Mcp::Record
