#include "stdiotransport.h"

#include <QLoggingCategory>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTimer>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcStdio, "mcp.transport.stdio")

namespace Mcp {

namespace {

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
    if (m_process) {
        // No signals into a half-destroyed object; a server still running now gets no grace.
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
}

void StdioTransport::setParameters(const StdioServerParameters &parameters)
{
    m_parameters = parameters;
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
#ifdef F_SETPIPE_SZ
    // Runs in the child between fork and exec. Pipes hold 64 KiB by default: a 16 MiB result
    // then takes hundreds of wake-ups on both sides. 1 MiB is the unprivileged maximum; if the
    // kernel refuses (per-user pipe budget), the default stays.
    m_process->setChildProcessModifier([] {
        ::fcntl(STDIN_FILENO, F_SETPIPE_SZ, PipeSize);
        ::fcntl(STDOUT_FILENO, F_SETPIPE_SZ, PipeSize);
    });
#endif

    connect(m_process, &QProcess::started, this, &StdioTransport::onStarted);
    connect(m_process, &QProcess::errorOccurred, this, &StdioTransport::onProcessError);
    connect(m_process, &QProcess::finished, this, &StdioTransport::onFinished);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &StdioTransport::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &StdioTransport::readStderr);

    qCDebug(lcStdio) << "starting" << commandLineDescription();
    setState(State::Opening);
    m_process->start(QIODevice::ReadWrite);
}

void StdioTransport::onStarted()
{
    qCDebug(lcStdio) << "started, pid" << m_process->processId();
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
    TransportError transportError;
    transportError.kind = TransportError::Kind::FailedToStart;
    transportError.message = reason;
    Q_EMIT errorOccurred(transportError);
    finishClose(reason);
}

void StdioTransport::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    // Whatever the server wrote before it ended is still part of the conversation.
    readStdout();
    readStderr();
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
        TransportError error;
        error.kind = TransportError::Kind::ProcessExited;
        error.message = reason;
        Q_EMIT errorOccurred(error);
    }
    finishClose(reason);
}

void StdioTransport::finishClose(const QString &reason)
{
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
            TransportError error;
            error.kind = TransportError::Kind::Protocol;
            error.message = tr("A message was sent while the server process was not running.");
            Q_EMIT errorOccurred(error);
        }
        return;
    }
    // One write per message, newline included: a peer that reads the half without the newline
    // first (Node's SDK does) pays for a second read and a buffer concatenation.
    QByteArray line = message.serialize();
    line.append('\n');
    m_process->write(line);
    line.chop(1);
    emitTraffic(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message, line);
}

bool StdioTransport::sendRaw(const QByteArray &line)
{
    if (state() != State::Open || !m_process || line.contains('\n')) {
        qCWarning(lcStdio) << "sendRaw() refused: not open, or the line contains a newline";
        return false;
    }
    m_process->write(line + '\n');
    emitTraffic(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::Message, line);
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
    m_process->closeWriteChannel();
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
        m_process->terminate();
        m_shutdownTimer->start(qMax(0, m_parameters.terminateGraceMs));
        break;
    case ShutdownStage::Terminated:
        emitTraffic(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {},
                    tr("The server did not exit within %1 ms of SIGTERM; sending SIGKILL.")
                        .arg(m_parameters.terminateGraceMs));
        m_shutdownStage = ShutdownStage::Killed;
        m_process->kill();
        break;
    case ShutdownStage::None:
    case ShutdownStage::Killed:
        break;
    }
}

void StdioTransport::readStdout()
{
    if (!m_process)
        return;
    // Straight from QProcess's buffer into the framer's: readAll() would first copy into a
    // fresh array of its own, which for a 16 MiB result is thousands of page faults.
    m_process->setReadChannel(QProcess::StandardOutput);
    const qint64 available = m_process->bytesAvailable();
    if (available <= 0)
        return;
    char *space = m_stdoutFramer.appendSpace(available);
    const qint64 read = m_process->read(space, available);
    handleStdoutFrames(m_stdoutFramer.commitAppend(qMax<qint64>(read, 0)));
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
    for (const LineFramer::Frame &frame : frames) {
        if (frame.oversized) {
            const QString text = tr("A message from the server was dropped: it was longer than the maximum "
                                    "message size of %1 (at least %2 bytes arrived before it was cut off).")
                                     .arg(formatSize(m_parameters.maxMessageSize))
                                     .arg(frame.size);
            qCWarning(lcStdio).noquote() << text;
            emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame.line, text);
            TransportError error;
            error.kind = TransportError::Kind::MessageTooLarge;
            error.message = text;
            Q_EMIT errorOccurred(error);
            continue;
        }
        if (frame.line.isEmpty()) {
            emitTraffic(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::InvalidMessage, frame.line,
                        tr("empty line on stdout"));
            continue;
        }
        const ParsedFrame parsed = parseFrame(frame.line);
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
