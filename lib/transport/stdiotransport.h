#pragma once

#include "transport/lineframer.h"
#include "transport/transport.h"

#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QSocketNotifier;
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

// How to start a stdio MCP server.
struct StdioServerParameters
{
    QString program;
    QStringList arguments;
    // Added to the inherited environment, or the whole environment when
    // inheritEnvironment is false.
    QMap<QString, QString> environment;
    bool inheritEnvironment = true;
    QString workingDirectory; // empty: this process's current directory
    // Keys of environment whose values are shown as ****** in traffic events and logs.
    QStringList secretEnvironmentKeys;
    // The largest stdout line (one message) accepted; longer lines are dropped and reported.
    qint64 maxMessageSize = qint64(256) * 1024 * 1024;
    // Shutdown: after closing stdin, wait this long before SIGTERM, then this long before SIGKILL.
    int closeStdinGraceMs = 2000;
    int terminateGraceMs = 2000;
};

// MCP over a child process's stdin and stdout, one JSON-RPC message per line.
//
// The server runs in a process group of its own (a launcher such as npx, uvx or a shell
// script and what it starts), and SIGTERM and SIGKILL go to the whole group, so nothing it
// started outlives the connection. stdout is read from a pipe of this class's own, so that
// its end is seen at once: a server that closes stdout and keeps running ends the connection
// then (closed()), and its process group is stopped as at shutdown. stdin is a pipe of its
// own too, written at once when a message is sent (QProcess writes in a later pass of the
// event loop, which put that pass on every call's round trip); what the pipe cannot take yet
// waits and goes out as it drains. Messages sent while answers are being read go out together
// once they are read.
//
// Every stdout line, every line written to stdin and every stderr line becomes a
// TrafficEvent (exact bytes), as do the process start and its exit. A stdout line that is
// not a valid message is kept as an InvalidMessage event with a diagnostic, and the
// connection goes on; so it does after a line over maxMessageSize (errorOccurred with
// MessageTooLarge, no closed()). closed() is the only signal that ends the connection.
class StdioTransport : public Transport
{
    Q_OBJECT

public:
    // The pipe size asked for on the child's stdin and stdout (see open()); the recorder asks
    // for it on its pipes too.
    static constexpr int PipeSize = 1024 * 1024;

    explicit StdioTransport(const StdioServerParameters &parameters, QObject *parent = nullptr);

    // "SIGTERM" for 15, and so on for the signals that end servers; nullptr for others.
    static const char *signalName(int signal);
    ~StdioTransport() override;

    StdioServerParameters parameters() const { return m_parameters; }

    void open() override;
    void send(const Message &message) override;
    // Writes one line exactly as given (a newline is appended; embedded newlines are
    // refused). For hand-written JSON in the inspector and for tests of server behaviour.
    bool sendRaw(const QByteArray &line);
    // Shutdown per spec: close stdin, wait, SIGTERM, wait, SIGKILL. closed() follows.
    void close() override;

    QString transportName() const override { return QStringLiteral("stdio"); }
    // The command line, shell-quoted.
    QString endpointDescription() const override;
    // The command line with working directory and environment additions
    // (secret values as ******), as shown in the ProcessStarted event.
    QString commandLineDescription() const;

    qint64 processId() const override;

    // "exited with code 3", "killed by signal 9 (SIGKILL)".
    static QString describeExit(int exitCode, QProcess::ExitStatus status);
    static QString shellQuote(const QString &argument);

private:
    void onStarted();
    void onProcessError(QProcess::ProcessError error);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    // Pause: the notifier's pass, which may leave bytes that arrive meanwhile to its next one.
    // Drained: until the pipe is empty (the server has ended).
    enum class ReadUntil : quint8 { Pause, Drained };
    void readStdout(ReadUntil until);
    void readStderr();
    void handleStdoutFrames(const QList<LineFramer::Frame> &frames);
    void handleStderrFrames(const QList<LineFramer::Frame> &frames);
    void onShutdownTimer();
    // stdout ended while the process runs: the connection ends now, the process is stopped.
    void onStdoutEnded();
    void closeStdoutPipe();
    // Our end of a pipe to the child, and its notifier.
    static void closePipeEnd(QSocketNotifier *&notifier, int &fd);
    // Queues a line for stdin and writes what the pipe takes now (unless writes are held while
    // answers are handled); the rest goes out as the pipe drains. Returns why bytes were not
    // delivered (for a note after the message's own event), or nothing.
    QString writeStdinLine(const QByteArray &line);
    // A message's line to stdin, then its traffic event.
    void sendLine(const QByteArray &line);
    QString flushStdin();
    void flushStdinAndNote();
    // Closes stdin once what is queued is written (the spec's first shutdown step).
    void closeStdinWhenWritten();
    // Closes stdin now; what is queued is dropped.
    void closeStdinPipe();
    // sig to a running server's process group (to the process alone if it has none).
    static void signalGroup(qint64 pid, int sig);
    // SIGKILL to what is left of the group of a server that has ended.
    static void killLeftovers(qint64 pid);
    // Stops a process that no longer serves a connection: stdin closed, SIGTERM, SIGKILL, to its group.
    void stopDetached(QProcess *process);
    void finishClose(const QString &reason);
    void emitTraffic(TrafficEvent::Direction direction, TrafficEvent::Kind kind,
                     const QByteArray &raw, const QString &note = {});

    enum class ShutdownStage : quint8 { None, StdinClosed, Terminated, Killed };

    StdioServerParameters m_parameters;
    QProcess *m_process = nullptr;
    QTimer *m_shutdownTimer = nullptr;
    int m_stdoutFd = -1; // our end of the child's stdout
    int m_stdinFd = -1;  // our end of the child's stdin
    QSocketNotifier *m_stdinNotifier = nullptr; // on while bytes wait for room in the pipe
    QByteArray m_stdinQueued;                    // bytes not written yet, from m_stdinWritten on
    qsizetype m_stdinWritten = 0;
    int m_holdWrites = 0;                        // > 0 while answers are handled (handleStdoutFrames())
    bool m_flushPosted = false;
    bool m_closeStdinWhenWritten = false;
    qint64 m_pid = 0;    // the running server's pid, which names its process group
    QSocketNotifier *m_stdoutNotifier = nullptr;
    LineFramer m_stdoutFramer;
    LineFramer m_stderrFramer;
    ShutdownStage m_shutdownStage = ShutdownStage::None;
    bool m_closeRequested = false;
};

} // namespace Mcp
