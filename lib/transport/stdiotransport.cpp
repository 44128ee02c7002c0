#include "stdiotransport.h"

#include <QLoggingCategory>
#include <QPointer>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcStdio, "mcp.transport.stdio")

namespace Mcp {

namespace {

// A read of stdout smaller than this ends a pass that may pause (see readStdout()).
constexpr int SmallRead = 64 * 1024;

// stderr is free-form logging; a longer line is cut (and says so) rather than buffered.
constexpr qsizetype MaxStderrLineSize = qsizetype(1) * 1024 * 1024;

QString formatSize(qint64 bytes)
{
    constexpr qint64 MiB = 1024 * 1024;
    if (bytes >= MiB && bytes % MiB == 0)
        return QStringLiteral("%1 MiB").arg(bytes / MiB);
    return QStringLiteral("%1 bytes").arg(bytes);
}

} // namespace

const char *StdioTransport::signalName(int signal)
{
    switch (signal) {
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
    case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGKILL: return "SIGKILL";
    case SIGUSR1: return "SIGUSR1";
    case SIGSEGV: return "SIGSEGV";
    case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE";
    case SIGALRM: return "SIGALRM";
    case SIGTERM: return "SIGTERM";
    default: return nullptr;
    }
}

StdioTransport::StdioTransport(const StdioServerParameters &parameters, QObject *parent)
    : Transport(parent), m_parameters(parameters), m_shutdownTimer(new QTimer(this)),
      m_stdoutFramer(parameters.maxMessageSize), m_stderrFramer(MaxStderrLineSize)
{
    m_shutdownTimer->setSingleShot(true);
    connect(m_shutdownTimer, &QTimer::timeout, this, &StdioTransport::onShutdownTimer);
}

StdioTransport::~StdioTransport()
{
    closeStdoutPipe();
    closeStdinPipe();
    // No signals into a half-destroyed object; a server still running now gets no grace, nor
    // does what it started (its process group), nor a server being stopped in the background.
    const QList<QProcess *> processes = findChildren<QProcess *>(Qt::FindDirectChildrenOnly);
    for (QProcess *process : processes) {
        process->disconnect(this);
        if (process->state() == QProcess::Running) {
            signalGroup(process->processId(), SIGKILL);
            process->waitForFinished(1000);
        } else if (process->state() == QProcess::Starting) {
            process->kill();
            process->waitForFinished(1000);
        }
    }
}

// The group once its leader has ended (and been reaped): its pid may name another process by
// now, but not the group while a member of it is left.
void StdioTransport::killLeftovers(qint64 pid)
{
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
}

void StdioTransport::signalGroup(qint64 pid, int sig)
{
    if (pid <= 0)
        return;
    // The group bears the server's pid (setpgid in open()); a server that left it is signalled alone.
    if (::kill(-pid_t(pid), sig) != 0 && errno == ESRCH)
        ::kill(pid_t(pid), sig);
}

QString StdioTransport::shellQuote(const QString &argument)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (!argument.isEmpty() && safe.match(argument).hasMatch())
        return argument;
    QString quoted = argument;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

QString StdioTransport::endpointDescription() const
{
    QStringList parts{shellQuote(m_parameters.program)};
    for (const QString &argument : m_parameters.arguments)
        parts.append(shellQuote(argument));
    return parts.join(u' ');
}

QString StdioTransport::commandLineDescription() const
{
    QStringList parts;
    if (!m_parameters.workingDirectory.isEmpty())
        parts << QStringLiteral("cd") << shellQuote(m_parameters.workingDirectory) << QStringLiteral("&&");
    if (!m_parameters.inheritEnvironment)
        parts << QStringLiteral("env -i");
    for (auto it = m_parameters.environment.cbegin(); it != m_parameters.environment.cend(); ++it) {
        const bool secret = m_parameters.secretEnvironmentKeys.contains(it.key());
        parts << it.key() + u'=' + (secret ? QStringLiteral("******") : shellQuote(it.value()));
    }
    parts << endpointDescription();
    return parts.join(u' ');
}

qint64 StdioTransport::processId() const
{
    return m_process ? m_process->processId() : 0;
}

QString StdioTransport::describeExit(int exitCode, QProcess::ExitStatus status)
{
    if (status == QProcess::NormalExit)
        return tr("exited with code %1").arg(exitCode);
    // On Unix QProcess reports the signal number as the exit code of a crash.
    if (const char *name = signalName(exitCode))
        return tr("killed by signal %1 (%2)").arg(exitCode).arg(QLatin1String(name));
    return tr("killed by signal %1").arg(exitCode);
}

void StdioTransport::emitTraffic(TrafficEvent::Direction direction, TrafficEvent::Kind kind,
                                 const QByteArray &raw, const QString &note)
{
    Q_EMIT trafficEvent(TrafficEvent::make(direction, kind, raw, note));
}

void StdioTransport::open()
{
    if (state() != State::Closed) {
        qCWarning(lcStdio) << "open() ignored: the transport is not closed";
        return;
    }
    m_closeRequested = false;
    m_shutdownStage = ShutdownStage::None;
    m_pid = 0;
    m_stdoutFramer.reset();
    m_stdoutFramer.setMaxLineSize(m_parameters.maxMessageSize);
    m_stderrFramer.reset();

    m_process = new QProcess(this);
    QProcessEnvironment environment = m_parameters.inheritEnvironment
        ? QProcessEnvironment::systemEnvironment()
        : QProcessEnvironment();
    for (auto it = m_parameters.environment.cbegin(); it != m_parameters.environment.cend(); ++it)
        environment.insert(it.key(), it.value());
    m_process->setProcessEnvironment(environment);
    if (!m_parameters.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_parameters.workingDirectory);
    m_process->setProgram(m_parameters.program);
    m_process->setArguments(m_parameters.arguments);
    // stdout comes through a pipe of our own: QProcess reports the end of a channel only when
    // the process has ended, and a server that closes stdout and keeps running must end the
    // connection at once. stdin too: QProcess writes only in a later pass of the event loop.
    int stdoutPipe[2] = {-1, -1};
    int stdinPipe[2] = {-1, -1};
    if (::pipe2(stdoutPipe, O_CLOEXEC) != 0 || ::pipe2(stdinPipe, O_CLOEXEC) != 0) {
        const QString reason = tr("could not start '%1': no pipes for its stdin and stdout (%2)")
                                   .arg(m_parameters.program, QString::fromLocal8Bit(std::strerror(errno)));
        for (const int fd : {stdoutPipe[0], stdoutPipe[1], stdinPipe[0], stdinPipe[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
        m_process->deleteLater();
        m_process = nullptr;
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {}, reason);
        TransportError transportError = TransportError::of(TransportError::Kind::FailedToStart, reason);
        setState(State::Opening);
        Q_EMIT errorOccurred(transportError);
        finishClose(reason);
        return;
    }
#ifdef F_SETPIPE_SZ
    // Pipes hold 64 KiB by default: a 16 MiB result then takes hundreds of wake-ups on both
    // sides. 1 MiB is the unprivileged maximum; if the kernel refuses (per-user pipe budget),
    // the default stays.
    ::fcntl(stdoutPipe[0], F_SETPIPE_SZ, PipeSize);
    ::fcntl(stdinPipe[1], F_SETPIPE_SZ, PipeSize);
#endif
    // Writes to a server that has gone fail with EPIPE instead of ending this process (as
    // QProcess and Qt's sockets arrange too); QProcess gives its children the default back.
    static const bool sigpipeIgnored = [] { return ::signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
    Q_UNUSED(sigpipeIgnored);
    const int childStdout = stdoutPipe[1];
    const int childStdin = stdinPipe[0];
    m_process->setStandardOutputFile(QProcess::nullDevice()); // replaced by childStdout below
    m_process->setStandardInputFile(QProcess::nullDevice());  // replaced by childStdin below
    // Runs in the child between fork and exec, after QProcess has set up its channels.
    m_process->setChildProcessModifier([childStdout, childStdin] {
        // A group of its own: closing ends what a launcher (npx, uvx, a script) started too.
        ::setpgid(0, 0);
        ::dup2(childStdout, STDOUT_FILENO);
        ::dup2(childStdin, STDIN_FILENO);
    });

    connect(m_process, &QProcess::started, this, &StdioTransport::onStarted);
    connect(m_process, &QProcess::errorOccurred, this, &StdioTransport::onProcessError);
    connect(m_process, &QProcess::finished, this, &StdioTransport::onFinished);
    connect(m_process, &QProcess::readyReadStandardError, this, &StdioTransport::readStderr);

    qCDebug(lcStdio) << "starting" << commandLineDescription();
    setState(State::Opening);
    m_process->start(QIODevice::ReadOnly);
    // The child has its copies: each pipe ends when the server's copies do.
    ::close(childStdout);
    ::close(childStdin);
    if (!m_process) { // it failed to start, and finishClose() has run already
        ::close(stdoutPipe[0]);
        ::close(stdinPipe[1]);
        return;
    }
    m_stdoutFd = stdoutPipe[0];
    ::fcntl(m_stdoutFd, F_SETFL, ::fcntl(m_stdoutFd, F_GETFL) | O_NONBLOCK);
    m_stdoutNotifier = new QSocketNotifier(qintptr(m_stdoutFd), QSocketNotifier::Read, this);
    connect(m_stdoutNotifier, &QSocketNotifier::activated, this, [this] { readStdout(ReadUntil::Pause); });
    m_stdinFd = stdinPipe[1];
    ::fcntl(m_stdinFd, F_SETFL, ::fcntl(m_stdinFd, F_GETFL) | O_NONBLOCK);
    m_stdinNotifier = new QSocketNotifier(qintptr(m_stdinFd), QSocketNotifier::Write, this);
    m_stdinNotifier->setEnabled(false);
    connect(m_stdinNotifier, &QSocketNotifier::activated, this, &StdioTransport::flushStdinAndNote);
}

QString StdioTransport::writeStdinLine(const QByteArray &line)
{
    if (m_stdinFd < 0) // the server closed its stdin (or the connection is closing)
        return tr("%n byte(s) were not delivered: the server's stdin is closed.", nullptr, int(line.size() + 1));
    // One write per message, newline included: a peer that reads the half without the newline
    // first (Node's SDK does) pays for a second read and a buffer concatenation.
    m_stdinQueued.append(line);
    m_stdinQueued.append('\n');
    if (m_holdWrites == 0)
        return flushStdin();
    if (!m_flushPosted) {
        // Held: written when the answers are handled, or in the next pass of the event loop if
        // a slot runs one of its own meanwhile.
        m_flushPosted = true;
        QMetaObject::invokeMethod(this, [this] {
            m_flushPosted = false;
            flushStdinAndNote();
        }, Qt::QueuedConnection);
    }
    return {};
}

void StdioTransport::flushStdinAndNote()
{
    const QString failure = flushStdin();
    if (!failure.isEmpty())
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {}, failure);
}

QString StdioTransport::flushStdin()
{
    while (m_stdinFd >= 0 && m_stdinWritten < m_stdinQueued.size()) {
        const ssize_t written = ::write(m_stdinFd, m_stdinQueued.constData() + m_stdinWritten,
                                        size_t(m_stdinQueued.size() - m_stdinWritten));
        if (written > 0) {
            m_stdinWritten += written;
            continue;
        }
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            m_stdinNotifier->setEnabled(true); // the pipe is full: on when it drains
            return {};
        }
        // EPIPE: the server closed its stdin, or has ended (its exit comes through onFinished()).
        const QString reason = QString::fromLocal8Bit(std::strerror(errno));
        const qsizetype lost = m_stdinQueued.size() - m_stdinWritten;
        qCDebug(lcStdio) << "writing to stdin failed:" << reason;
        closeStdinPipe();
        return tr("%n byte(s) were not delivered: writing to the server's stdin failed (%1).", nullptr, int(lost))
            .arg(reason);
    }
    if (m_stdinFd < 0)
        return {};
    // Emptied, its room kept for the next message unless a big one made it big.
    if (m_stdinQueued.capacity() > PipeSize)
        m_stdinQueued = QByteArray();
    else
        m_stdinQueued.resize(0);
    m_stdinWritten = 0;
    m_stdinNotifier->setEnabled(false);
    if (m_closeStdinWhenWritten)
        closeStdinPipe();
    return {};
}

void StdioTransport::closeStdinWhenWritten()
{
    m_closeStdinWhenWritten = true;
    if (m_stdinWritten >= m_stdinQueued.size())
        closeStdinPipe();
}

void StdioTransport::closePipeEnd(QSocketNotifier *&notifier, int &fd)
{
    if (notifier) {
        notifier->setEnabled(false);
        notifier->deleteLater();
        notifier = nullptr;
    }
    if (fd >= 0) {
        ::close(fd);
        fd = -1;
    }
}

void StdioTransport::closeStdinPipe()
{
    closePipeEnd(m_stdinNotifier, m_stdinFd);
    m_stdinQueued = QByteArray();
    m_stdinWritten = 0;
    m_closeStdinWhenWritten = false;
}

void StdioTransport::closeStdoutPipe()
{
    closePipeEnd(m_stdoutNotifier, m_stdoutFd);
}

void StdioTransport::onStarted()
{
    m_pid = m_process->processId();
    qCDebug(lcStdio) << "started, pid" << m_pid;
    emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::ProcessStarted, {},
                commandLineDescription());
    if (m_closeRequested)
        return; // close() during start: the kill is already on its way
    setState(State::Open);
    Q_EMIT opened();
}

void StdioTransport::onProcessError(QProcess::ProcessError error)
{
    if (!m_process)
        return;
    if (error != QProcess::FailedToStart) {
        // Crashes arrive through finished(); read and write errors end in finished() too.
        qCDebug(lcStdio) << "process error" << error << m_process->errorString();
        return;
    }
    // QProcess says "execve: No such file or directory" or "chdir: ..."; keep the cause.
    QString cause = m_process->errorString();
    const qsizetype colon = cause.indexOf(QLatin1String(": "));
    if (colon >= 0 && colon < 16)
        cause = cause.mid(colon + 2);
    QString reason = tr("could not start '%1': %2").arg(m_parameters.program, cause);
    if (!m_parameters.workingDirectory.isEmpty() && m_process->errorString().startsWith(QLatin1String("chdir")))
        reason = tr("could not start '%1' in '%2': %3").arg(m_parameters.program, m_parameters.workingDirectory, cause);
    qCWarning(lcStdio).noquote() << reason;
    emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {}, reason);
    TransportError transportError = TransportError::of(TransportError::Kind::FailedToStart, reason);
    Q_EMIT errorOccurred(transportError);
    finishClose(reason);
}

void StdioTransport::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    // What the server started and left behind (its process group) goes with it.
    killLeftovers(m_pid);
    m_pid = 0;
    // Whatever the server wrote before it ended is still part of the conversation.
    readStdout(ReadUntil::Drained);
    readStderr();
    if (!m_process)
        return; // a slot ended the connection meanwhile
    handleStdoutFrames(m_stdoutFramer.finish());
    handleStderrFrames(m_stderrFramer.finish());

    const QString exit = describeExit(exitCode, status);
    // "exited with code 3" / "was killed by signal 9 (SIGKILL)"
    const QString predicate = status == QProcess::NormalExit ? exit : tr("was %1").arg(exit);
    emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::ProcessExited, {}, exit);
    QString reason;
    if (m_closeRequested) {
        reason = tr("Closed by the client; the server process %1.").arg(predicate);
        qCDebug(lcStdio).noquote() << reason;
    } else {
        reason = tr("The server process %1.").arg(predicate);
        qCWarning(lcStdio).noquote() << reason;
        TransportError error = TransportError::of(TransportError::Kind::ProcessExited, reason);
        Q_EMIT errorOccurred(error);
    }
    finishClose(reason);
}

void StdioTransport::finishClose(const QString &reason)
{
    closeStdoutPipe();
    closeStdinPipe();
    m_shutdownTimer->stop();
    m_shutdownStage = ShutdownStage::None;
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
        m_process = nullptr;
    }
    setState(State::Closed);
    Q_EMIT closed(reason);
}

void StdioTransport::send(const Message &message)
{
    if (state() != State::Open || !m_process) {
        qCWarning(lcStdio) << "send() while not open: message dropped";
        if (state() != State::Closing) {
            TransportError error = TransportError::of(TransportError::Kind::Protocol, tr("A message was sent while the server process was not running."));
            Q_EMIT errorOccurred(error);
        }
        return;
    }
    sendLine(message.serialize());
}

void StdioTransport::sendLine(const QByteArray &line)
{
    const QString failure = writeStdinLine(line);
    // The event after the write, which it would delay; a failed write's note after the event.
    emitTraffic(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message, line);
    if (!failure.isEmpty())
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {}, failure);
}

bool StdioTransport::sendRaw(const QByteArray &line)
{
    if (state() != State::Open || !m_process || line.contains('\n')) {
        qCWarning(lcStdio) << "sendRaw() refused: not open, or the line contains a newline";
        return false;
    }
    sendLine(line);
    return true;
}

void StdioTransport::close()
{
    if (!m_process || state() == State::Closed || state() == State::Closing)
        return;
    m_closeRequested = true;
    const bool running = m_process->state() == QProcess::Running;
    setState(State::Closing);
    if (!running) {
        // Still starting: there is no conversation to end gracefully.
        m_shutdownStage = ShutdownStage::Killed;
        m_process->kill();
        return;
    }
    qCDebug(lcStdio) << "closing stdin of pid" << m_process->processId();
    m_shutdownStage = ShutdownStage::StdinClosed;
    closeStdinWhenWritten();
    m_shutdownTimer->start(qMax(0, m_parameters.closeStdinGraceMs));
}

void StdioTransport::onShutdownTimer()
{
    if (!m_process)
        return;
    switch (m_shutdownStage) {
    case ShutdownStage::StdinClosed:
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                    tr("The server did not exit within %1 ms of stdin being closed; sending SIGTERM.")
                        .arg(m_parameters.closeStdinGraceMs));
        m_shutdownStage = ShutdownStage::Terminated;
        signalGroup(m_process->processId(), SIGTERM);
        m_shutdownTimer->start(qMax(0, m_parameters.terminateGraceMs));
        break;
    case ShutdownStage::Terminated:
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                    tr("The server did not exit within %1 ms of SIGTERM; sending SIGKILL.")
                        .arg(m_parameters.terminateGraceMs));
        m_shutdownStage = ShutdownStage::Killed;
        signalGroup(m_process->processId(), SIGKILL);
        break;
    case ShutdownStage::None:
    case ShutdownStage::Killed:
        break;
    }
}

void StdioTransport::readStdout(ReadUntil until)
{
    // Straight from the pipe into the framer's buffer, as much as the pipe holds at a time.
    while (m_stdoutFd >= 0) {
        int available = 0;
        if (::ioctl(m_stdoutFd, FIONREAD, &available) != 0 || available <= 0)
            available = 4096; // the end of the stream reads as 0 bytes
        char *space = m_stdoutFramer.appendSpace(available);
        const ssize_t read = ::read(m_stdoutFd, space, size_t(available));
        const int readError = errno;
        handleStdoutFrames(m_stdoutFramer.commitAppend(qMax<ssize_t>(read, 0)));
        if (read == 0) {
            if (m_stdoutFd >= 0)
                onStdoutEnded();
            return;
        }
        if (read < 0 && readError == EINTR)
            continue;
        // Drained (or EAGAIN); after a small read the pipe is most likely empty, and asking
        // again costs two more system calls on every answer's way in (the notifier tells if
        // not). A big read means a big message is streaming in: read on while it does.
        if (read < available || (until == ReadUntil::Pause && read < SmallRead))
            return;
    }
}

void StdioTransport::onStdoutEnded()
{
    handleStdoutFrames(m_stdoutFramer.finish());
    closeStdoutPipe();
    if (!m_process || m_closeRequested || state() != State::Open)
        return;
    // A server that exits closes stdout just before QProcess learns of its end: that is an
    // exit, reported by onFinished(). Only one still running a moment later closed stdout alone.
    const QPointer<QProcess> process = m_process;
    QTimer::singleShot(200, this, [this, process] {
        if (!process || process != m_process || m_closeRequested || state() != State::Open
            || process->state() != QProcess::Running)
            return;
        const QString reason = tr("The server closed its stdout while its process (pid %1) kept running; the "
                                  "connection ends, and the process is stopped as at shutdown.")
                                   .arg(process->processId());
        qCWarning(lcStdio).noquote() << reason;
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError, {}, reason);
        TransportError error = TransportError::of(TransportError::Kind::Protocol, reason);
        Q_EMIT errorOccurred(error);
        if (process != m_process)
            return;
        m_process->disconnect(this);
        m_process = nullptr;
        stopDetached(process);
        finishClose(reason);
    });
}

void StdioTransport::stopDetached(QProcess *process)
{
    const qint64 pid = process->processId();
    closeStdinPipe(); // the server's stdin: its first step towards ending
    const int terminateAfter = qMax(0, m_parameters.closeStdinGraceMs);
    const int killAfter = terminateAfter + qMax(0, m_parameters.terminateGraceMs);
    QTimer::singleShot(terminateAfter, process, [process, pid] {
        if (process->state() == QProcess::Running)
            signalGroup(pid, SIGTERM);
    });
    QTimer::singleShot(killAfter, process, [process, pid] {
        if (process->state() == QProcess::Running)
            signalGroup(pid, SIGKILL);
    });
    connect(process, &QProcess::finished, this, [this, process, pid](int exitCode, QProcess::ExitStatus status) {
        killLeftovers(pid);
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::ProcessExited, {}, describeExit(exitCode, status));
        process->deleteLater();
    });
}

void StdioTransport::readStderr()
{
    if (!m_process)
        return;
    QByteArray data = m_process->readAllStandardError();
    if (!data.isEmpty())
        handleStderrFrames(m_stderrFramer.feed(std::move(data)));
}

void StdioTransport::handleStdoutFrames(const QList<LineFramer::Frame> &frames)
{
    // Messages sent while several answers are handled go out in one write once they are (64
    // calls in flight: one write instead of 64); one answer's sends go out at once.
    const bool holdWrites = frames.size() > 1;
    if (holdWrites)
        ++m_holdWrites;
    const auto release = qScopeGuard([this, holdWrites] {
        if (holdWrites && --m_holdWrites == 0)
            flushStdinAndNote();
    });
    for (const LineFramer::Frame &frame : frames) {
        if (frame.oversized) {
            const QString text = tr("A message from the server was dropped: it was longer than the maximum "
                                    "message size of %1 (at least %2 bytes arrived before it was cut off).")
                                     .arg(formatSize(m_parameters.maxMessageSize))
                                     .arg(frame.size);
            qCWarning(lcStdio).noquote() << text;
            emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame.line, text);
            TransportError error = TransportError::of(TransportError::Kind::MessageTooLarge, text);
            Q_EMIT errorOccurred(error);
            continue;
        }
        if (frame.line.isEmpty()) {
            emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame.line,
                        tr("empty line on stdout"));
            continue;
        }
        const ParsedFrame parsed = parseSharedFrame(frame.line);
        const QString note = frameNote(parsed);
        if (!parsed.warnings.isEmpty())
            qCWarning(lcStdio).noquote() << "stdout line repaired:" << note;
        if (parsed.messages.isEmpty()) {
            qCDebug(lcStdio).noquote() << "invalid stdout line:" << note;
            emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame.line, note);
            failUnreadableReplies(parsed);
            continue;
        }
        emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::Message, frame.line, note);
        for (const Message &message : parsed.messages)
            Q_EMIT messageReceived(message);
        failUnreadableReplies(parsed);
    }
}

void StdioTransport::handleStderrFrames(const QList<LineFramer::Frame> &frames)
{
    for (const LineFramer::Frame &frame : frames) {
        QString note;
        if (frame.oversized)
            note = tr("line longer than %1; the rest of it was not kept").arg(formatSize(MaxStderrLineSize));
        emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::StderrLine, frame.line, note);
    }
}

} // namespace Mcp
