#include "stdioservertransport.h"

#include <QLoggingCategory>
#include <QMetaMethod>
#include <QPointer>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcStdioServer, "mcp.server.stdio")

namespace Mcp {

namespace {
constexpr qsizetype ReadChunk = 256 * 1024;
}

StdioServerTransport::StdioServerTransport(QObject *parent)
    : StdioServerTransport(STDIN_FILENO, STDOUT_FILENO, parent)
{
}

StdioServerTransport::StdioServerTransport(int inputFd, int outputFd, QObject *parent)
    : ServerTransport(parent), m_inputFd(inputFd), m_outputFd(outputFd)
{
}

StdioServerTransport::~StdioServerTransport()
{
    flush();
    // The descriptor is shared with whoever started us: leave it as we found it.
    if (m_savedOutputFlags != -1)
        ::fcntl(m_outputFd, F_SETFL, m_savedOutputFlags);
}

void StdioServerTransport::open()
{
    if (m_opened)
        return;
    m_opened = true;
    // A client that goes away must show up as EPIPE on write, not kill the server.
    ::signal(SIGPIPE, SIG_IGN);

    // Only pipes and sockets get O_NONBLOCK: a terminal is shared with the shell.
    struct stat info {};
    if (::fstat(m_outputFd, &info) == 0 && (S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode))) {
        const int flags = ::fcntl(m_outputFd, F_GETFL);
        if (flags != -1 && !(flags & O_NONBLOCK) && ::fcntl(m_outputFd, F_SETFL, flags | O_NONBLOCK) == 0)
            m_savedOutputFlags = flags;
    }
    m_writeNotifier = new QSocketNotifier(m_outputFd, QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &StdioServerTransport::writeOutput);

    m_readNotifier = new QSocketNotifier(m_inputFd, QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &StdioServerTransport::readInput);
}

void StdioServerTransport::readInput()
{
    // One read() per notification: poll() said there is data, so it cannot block,
    // and stdin never needs O_NONBLOCK (which would leak to the parent's terminal).
    const qsizetype oldSize = m_input.size();
    m_input.resize(oldSize + ReadChunk);
    ssize_t count;
    do {
        count = ::read(m_inputFd, m_input.data() + oldSize, ReadChunk);
    } while (count < 0 && errno == EINTR);
    m_input.resize(oldSize + qMax<ssize_t>(count, 0));

    if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return;
    if (count <= 0) {
        if (count < 0)
            qCWarning(lcStdioServer) << "reading stdin failed:" << strerror(errno);
        m_readNotifier->setEnabled(false);
        // A last line without its newline is still a message.
        if (!m_input.isEmpty() && !m_discardingLine)
            m_input.append('\n');
        QPointer<StdioServerTransport> guard(this);
        processLines();
        if (!guard)
            return;
        m_closing = true;
        finishIfDone();
        return;
    }
    processLines();
}

void StdioServerTransport::processLines()
{
    QPointer<StdioServerTransport> guard(this);
    qsizetype lineStart = 0;
    while (guard) {
        const qsizetype newline = m_input.indexOf('\n', qMax(m_scanFrom, lineStart));
        if (newline < 0)
            break;
        if (m_discardingLine) {
            m_discardingLine = false;
        } else {
            qsizetype end = newline;
            if (end > lineStart && m_input.at(end - 1) == '\r')
                --end;
            if (end > lineStart)
                handleLine(m_input.sliced(lineStart, end - lineStart));
        }
        lineStart = newline + 1;
        m_scanFrom = 0;
    }
    if (!guard)
        return;
    if (lineStart > 0)
        m_input.remove(0, lineStart);
    m_scanFrom = m_input.size();
    if (m_discardingLine) {
        // The rest of a line already answered as too large.
        m_input.clear();
        m_scanFrom = 0;
    } else if (m_input.size() > m_maximumLineSize) {
        const QString note = QStringLiteral("line longer than %1 bytes dropped").arg(m_maximumLineSize);
        qCWarning(lcStdioServer).noquote() << note;
        Q_EMIT invalidFrameReceived(m_input.left(1024), note);
        enqueue(Message::errorResponse(MessageId(), {ErrorCode::InvalidRequest, note}).serialize());
        m_input.clear();
        m_scanFrom = 0;
        m_discardingLine = true;
    }
}

void StdioServerTransport::handleLine(const QByteArray &line)
{
    const ParsedFrame parsed = parseFrame(line);
    emitTraffic(TrafficEvent::Direction::Outgoing,
                parsed.messages.isEmpty() ? TrafficEvent::Kind::InvalidMessage : TrafficEvent::Kind::Message, line,
                parsed.diagnostics.join(QStringLiteral("; ")));
    if (!parsed.diagnostics.isEmpty()) {
        const QString diagnostic = parsed.diagnostics.join(QStringLiteral("; "));
        qCDebug(lcStdioServer).noquote() << "invalid frame:" << diagnostic;
        Q_EMIT invalidFrameReceived(line, diagnostic);
        if (parsed.batch && !parsed.messages.isEmpty()) {
            for (const QString &each : parsed.diagnostics)
                send(Message::errorResponse(MessageId(), {ErrorCode::InvalidRequest, each}));
        } else {
            send(invalidFrameReply(line, diagnostic));
        }
    }
    QPointer<StdioServerTransport> guard(this);
    for (const Message &message : parsed.messages) {
        Q_EMIT messageReceived(message);
        if (!guard)
            return;
    }
}

void StdioServerTransport::send(const Message &message, const MessageId &relatedRequest)
{
    Q_UNUSED(relatedRequest)
    QByteArray frame = message.serialize();
    emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::Message, frame);
    enqueue(std::move(frame));
}

bool StdioServerTransport::sendRawFrame(const QByteArray &frame)
{
    emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame);
    enqueue(frame);
    return true;
}

void StdioServerTransport::enqueue(QByteArray frame)
{
    if (m_outputBroken)
        return;
    frame.append('\n');
    m_output.append(std::move(frame));
    if (m_output.size() == 1)
        writeOutput();
}

void StdioServerTransport::writeOutput()
{
    while (!m_output.isEmpty()) {
        const QByteArray &frame = m_output.constFirst();
        const ssize_t written = ::write(m_outputFd, frame.constData() + m_outputOffset, frame.size() - m_outputOffset);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                if (m_writeNotifier)
                    m_writeNotifier->setEnabled(true);
                return;
            }
            qCWarning(lcStdioServer) << "writing stdout failed:" << strerror(errno);
            m_outputBroken = true;
            m_output.clear();
            m_outputOffset = 0;
            m_closing = true;
            break;
        }
        m_outputOffset += written;
        if (m_outputOffset == frame.size()) {
            m_output.removeFirst();
            m_outputOffset = 0;
        }
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    finishIfDone();
}

void StdioServerTransport::flush()
{
    while (!m_output.isEmpty() && !m_outputBroken) {
        pollfd descriptor{m_outputFd, POLLOUT, 0};
        if (::poll(&descriptor, 1, -1) < 0 && errno != EINTR)
            break;
        writeOutput();
    }
}

qsizetype StdioServerTransport::pendingOutputBytes() const
{
    qsizetype total = -m_outputOffset;
    for (const QByteArray &frame : m_output)
        total += frame.size();
    return total;
}

void StdioServerTransport::close()
{
    if (m_readNotifier)
        m_readNotifier->setEnabled(false);
    m_closing = true;
    finishIfDone();
}

void StdioServerTransport::finishIfDone()
{
    if (!m_closing || !m_output.isEmpty() || m_closedEmitted)
        return;
    m_closedEmitted = true;
    Q_EMIT closed();
}

void StdioServerTransport::emitTraffic(TrafficEvent::Direction direction, TrafficEvent::Kind kind,
                                       const QByteArray &raw, const QString &note)
{
    static const QMetaMethod signal = QMetaMethod::fromSignal(&ServerTransport::trafficEvent);
    if (isSignalConnected(signal))
        Q_EMIT trafficEvent(TrafficEvent::make(direction, kind, raw, note));
}

} // namespace Mcp
