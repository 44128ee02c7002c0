#pragma once

#include "capturewriter.h"

#include <QStringList>

namespace Mcp::Record {

// A drop-in stdio wrapper (`mcpscope record -- COMMAND ARGS...`): starts the server with
// pipes for its stdin, stdout and stderr and passes every byte both ways unchanged, in
// order and at once, on threads of its own (read, hand a copy to the capture, then write: a
// request is in the capture before its answer can be), while a CaptureWriter records what
// went by. POSIX only.
//
// - The host closing our stdin closes the server's stdin; the host closing our stdout makes
//   the server's next write fail as it would have (EPIPE, SIGPIPE by default).
// - SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 are forwarded to the server, which
//   runs in a process group of its own so that a terminal's Ctrl+C reaches it once.
// - run() returns when the server has ended and its output is passed on; exitStatus() tells
//   how it ended, and reproduceExit() ends this process the same way (code or signal).
class StdioRecorder
{
public:
    struct Options
    {
        QString program;
        QStringList arguments;
        int stdinFd = 0;   // the host's side
        int stdoutFd = 1;
        int stderrFd = 2;
        bool forwardSignals = true;
    };

    struct ExitStatus
    {
        bool started = false;
        QString startError;  // why the server could not be started
        int exitCode = 0;    // when it exited
        int signal = 0;      // when a signal ended it
    };

    StdioRecorder(Options options, CaptureWriter *writer);
    ~StdioRecorder();

    // Starts the server and passes traffic until it has ended. Blocks.
    ExitStatus run();

    // "exited with code 3" / "was killed by signal 15 (SIGTERM)".
    static QString describe(const ExitStatus &status);
    // Exits this process as the server did: the same code, or death by the same signal.
    [[noreturn]] static void reproduceExit(const ExitStatus &status);

private:
    Options m_options;
    CaptureWriter *m_writer;
};

} // namespace Mcp::Record
