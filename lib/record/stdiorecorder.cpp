#include "stdiorecorder.h"

#include "transport/stdiotransport.h"

#include <QCoreApplication>
#include <QFile>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace Mcp::Record {

namespace {

constexpr int ForwardedSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
// What one read takes at most: what a default pipe holds. Larger blocks would be allocated
// with mmap(2) (glibc's threshold is 128 KiB) and cost page faults every chunk.
constexpr size_t ChunkSize = 64 * 1024;
// After the server has ended, how long its stdout and stderr may stay open (a grandchild that
// kept them) before the recorder stops waiting for their end.
constexpr auto DrainGrace = std::chrono::milliseconds(1000);

std::atomic<pid_t> g_serverPid{0};

void forwardSignal(int signal)
{
    const pid_t pid = g_serverPid.load();
    if (pid > 0)
        ::kill(pid, signal);
}

bool writeAll(int fd, const char *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        size -= size_t(n);
    }
    return true;
}

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// The host's end of a stream ends: it reads EOF now, not when this process exits, and the
// descriptor number stays taken (by /dev/null) so that no later file lands on stdout.
void endHostStream(int fd)
{
    const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0) {
        ::close(fd);
        return;
    }
    ::dup2(null, fd);
    ::close(null);
}

// How a pump is told to stop: the flag, then WakeSignal (no SA_RESTART) until it has ended, so
// that a read(2) blocked in the kernel returns EINTR. A signal that comes just before the read
// is missed, hence the repetition.
struct PumpControl
{
    std::atomic<bool> stop{false};
    std::atomic<bool> ended{false};
};

constexpr int WakeSignal = SIGURG; // ignored by default; never forwarded
void onWakeSignal(int) {}

// Adaptive spinning. A thread blocked in read(2) costs a wake-up when its data comes, and a
// relay adds two of them to every round trip (the request, then the answer); on an otherwise
// idle machine each means waking an idle core, several microseconds (more on a virtual
// machine). So, right after a chunk has gone by either way, the stdin and stdout pumps look
// for their next chunk without sleeping for SpinWindow: in request/response traffic the
// answer, and then the host's next request, usually come within it and are passed on at once.
// 100 us covers a quick server's answer (the demo server's takes 5 to 10 us) and a host's
// burst of requests; it bounds the cost: a pump spins only within SpinWindow of the last
// chunk, never while the traffic is idle, so a message costs at most 2 x SpinWindow of CPU.
// While it spins, a pump yields its core at every turn: the host and the server have to run
// for the answer to come, and on a busy machine they may need that very core.
constexpr std::chrono::nanoseconds SpinWindow = std::chrono::microseconds(100);
constexpr size_t SpinArmMaxChunk = 16 * 1024;

// Until when (steady-clock nanoseconds) the stdin and stdout pumps may spin: a chunk passed on
// either way arms both (a request passed on: its answer comes next; an answer passed on: the
// host's next request may come next). Each pump must already be spinning when its data comes:
// a pump asleep in read(2) cannot be armed without the very wake-up spinning saves.
struct SpinArm
{
    std::atomic<std::int64_t> untilNs{0};

    static std::int64_t now()
    {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    void passed() { untilNs.store(now() + SpinWindow.count(), std::memory_order_relaxed); }
};

inline void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Waits (without sleeping) for `fd` to become readable while the spin window lasts; returns
// at once when there has been no traffic lately. The blocking read that follows then either
// finds the data waiting or sleeps as before.
void spinForInput(int fd, const SpinArm *arm, const PumpControl *control)
{
    if (!arm)
        return;
    while (SpinArm::now() < arm->untilNs.load(std::memory_order_relaxed)
           && !control->stop.load(std::memory_order_relaxed)) {
        pollfd p = {fd, POLLIN, 0};
        if (::poll(&p, 1, 0) != 0)
            return; // data, end of input or an error: the read sees which
        for (int i = 0; i < 8; ++i)
            cpuRelax();
        ::sched_yield();
    }
}

// Copies one direction: read from `from`, hand the bytes to the capture, write them to `to`.
// A thread per direction blocking in read(2) is the shortest path a byte can take through a
// process (no poll(2) before each read, no event loop). Ends at end of input, when `to`
// refuses (the reader is gone: `from` is closed so that the writer on the other side sees that
// too), or when told to stop (then whatever is already waiting in `from` is still passed on).
void pump(int from, int to, PumpControl *control, SpinArm *spin, CaptureWriter *writer,
          CaptureWriter::Stream stream, bool closeFromOnEnd, bool closeToOnEnd, bool endToOnEnd)
{
    QByteArray buffer(ChunkSize, Qt::Uninitialized);
    bool lastLook = false;
    for (;;) {
        if (!lastLook && control->stop.load(std::memory_order_acquire))
            lastLook = true;
        if (lastLook) {
            // Stopping: pass on what is waiting, but do not wait for more.
            pollfd fd = {from, POLLIN, 0};
            const int ready = ::poll(&fd, 1, 0);
            if (ready < 0 && errno == EINTR)
                continue;
            if (ready <= 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR)))
                break;
        } else {
            spinForInput(from, spin, control);
        }
        const ssize_t n = ::read(from, buffer.data(), size_t(buffer.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        // Recorded before it is passed on: an answer can only come after its request has been
        // passed on, so the capture always has the request first (recorded after the write, a
        // pump preempted between the two could let the other direction's answer in before it).
        // A big read hands its buffer over (no copy); a small one is copied, so that a queued
        // 100-byte message does not hold a whole block.
        const bool handOver = n >= ssize_t(ChunkSize / 4);
        if (handOver) {
            buffer.truncate(n);
            writer->postChunk(stream, buffer); // shares the bytes; they are only read from now on
        } else {
            writer->postChunk(stream, QByteArray(buffer.constData(), n));
        }
        if (!writeAll(to, buffer.constData(), size_t(n))) {
            // The reader is gone: what the sender wrote last is in the capture but was not
            // delivered; the capture says so.
            TrafficEvent lost = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note);
            lost.note = QCoreApplication::translate("Mcp::Record::StdioRecorder",
                                                    "the chunk recorded last (%1 bytes) could not be passed on: "
                                                    "its reader had gone")
                            .arg(n);
            writer->postEvent(lost);
            if (closeFromOnEnd)
                closeFd(from);
            if (closeToOnEnd)
                closeFd(to);
            writer->postEnd(stream);
            control->ended.store(true, std::memory_order_release);
            return;
        }
        if (handOver)
            buffer = QByteArray(ChunkSize, Qt::Uninitialized);
        // Only a message-sized chunk arms the spin: big ones are a stream (a pump rarely waits
        // then), and on a busy machine spinning there would take the CPU the capture needs.
        if (spin && n < ssize_t(SpinArmMaxChunk))
            spin->passed();
    }
    writer->postEnd(stream);
    if (closeFromOnEnd)
        closeFd(from);
    if (closeToOnEnd)
        closeFd(to);
    if (endToOnEnd)
        endHostStream(to);
    control->ended.store(true, std::memory_order_release);
}

// Makes a pipe we own hold more than the default 64 KiB, so that a server writing a big answer
// (or a host a big request) is not stopped every 64 KiB. Best effort: the user's limit on pipe
// memory may refuse it.
void enlargePipe(int fd)
{
#ifdef F_SETPIPE_SZ
    (void)::fcntl(fd, F_SETPIPE_SZ, StdioTransport::PipeSize);
#else
    Q_UNUSED(fd);
#endif
}

// Stops a pump thread and waits for it.
void stopPump(std::thread &thread, PumpControl &control)
{
    control.stop.store(true, std::memory_order_release);
    while (!control.ended.load(std::memory_order_acquire)) {
        ::pthread_kill(thread.native_handle(), WakeSignal);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    thread.join();
}

} // namespace

StdioRecorder::StdioRecorder(Options options, CaptureWriter *writer)
    : m_options(std::move(options)), m_writer(writer)
{
}

StdioRecorder::~StdioRecorder() = default;

QString StdioRecorder::describe(const ExitStatus &status)
{
    if (!status.started)
        return QCoreApplication::translate("Mcp::Record::StdioRecorder", "could not be started: %1")
            .arg(status.startError);
    if (status.signal) {
        const char *name = StdioTransport::signalName(status.signal);
        return name ? QCoreApplication::translate("Mcp::Record::StdioRecorder", "was killed by signal %1 (%2)")
                          .arg(status.signal)
                          .arg(QLatin1String(name))
                    : QCoreApplication::translate("Mcp::Record::StdioRecorder", "was killed by signal %1")
                          .arg(status.signal);
    }
    return QCoreApplication::translate("Mcp::Record::StdioRecorder", "exited with code %1").arg(status.exitCode);
}

void StdioRecorder::reproduceExit(const ExitStatus &status)
{
    std::fflush(stdout);
    std::fflush(stderr);
    if (!status.started)
        ::_exit(127);
    if (status.signal) {
        // Die the same way, without a core file of our own.
        rlimit none{0, 0};
        ::setrlimit(RLIMIT_CORE, &none);
        struct sigaction action = {};
        action.sa_handler = SIG_DFL;
        sigemptyset(&action.sa_mask);
        ::sigaction(status.signal, &action, nullptr);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, status.signal);
        ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
        ::raise(status.signal);
        ::_exit(128 + status.signal); // a signal that does not end a process by default
    }
    ::_exit(status.exitCode);
}

StdioRecorder::ExitStatus StdioRecorder::run()
{
    ExitStatus status;
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        status.startError = QString::fromLocal8Bit(std::strerror(errno));
        for (int *p : {in, out, err}) {
            closeFd(p[0]);
            closeFd(p[1]);
        }
        return status;
    }
    enlargePipe(in[1]);
    enlargePipe(out[0]);

    // The server gets default dispositions (we ignore SIGPIPE; ignored signals survive exec)
    // and a process group of its own (a terminal's Ctrl+C reaches it once, through us).
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int s : ForwardedSignals)
        sigaddset(&defaults, s);
    sigaddset(&defaults, SIGPIPE);
    sigset_t noMask;
    sigemptyset(&noMask);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &noMask);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);

    const QByteArray program = QFile::encodeName(m_options.program);
    QList<QByteArray> argumentBytes{program};
    for (const QString &argument : std::as_const(m_options.arguments))
        argumentBytes.append(argument.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &a : argumentBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    // Signals that arrive before the server exists are held, then forwarded.
    sigset_t forwarded, previousMask;
    sigemptyset(&forwarded);
    for (int s : ForwardedSignals)
        sigaddset(&forwarded, s);
    ::pthread_sigmask(SIG_BLOCK, &forwarded, &previousMask);

    pid_t pid = 0;
    const int spawnError = ::posix_spawnp(&pid, program.constData(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    closeFd(in[0]);
    closeFd(out[1]);
    closeFd(err[1]);
    if (spawnError != 0) {
        ::pthread_sigmask(SIG_SETMASK, &previousMask, nullptr);
        status.startError = QString::fromLocal8Bit(std::strerror(spawnError));
        for (int *p : {in, out, err}) {
            closeFd(p[0]);
            closeFd(p[1]);
        }
        TrafficEvent failure = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::TransportError);
        failure.note = QCoreApplication::translate("Mcp::Record::StdioRecorder", "could not start '%1': %2")
                           .arg(m_options.program, status.startError);
        m_writer->postEvent(failure);
        return status;
    }
    status.started = true;
    {
        QStringList words{m_options.program};
        words += m_options.arguments;
        TrafficEvent started = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::ProcessStarted);
        started.note = words.join(QLatin1Char(' '));
        m_writer->postEvent(started);
    }

    struct sigaction ignore = {}, previousPipe = {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGPIPE, &ignore, &previousPipe);
    struct sigaction previous[std::size(ForwardedSignals)] = {};
    g_serverPid = pid;
    if (m_options.forwardSignals) {
        struct sigaction forward = {};
        forward.sa_handler = forwardSignal;
        forward.sa_flags = SA_RESTART;
        sigemptyset(&forward.sa_mask);
        for (size_t i = 0; i < std::size(ForwardedSignals); ++i)
            ::sigaction(ForwardedSignals[i], &forward, &previous[i]);
    }

    // A pump blocked in read(2) is woken by WakeSignal to see that it should stop.
    struct sigaction wake = {}, previousWake = {};
    wake.sa_handler = onWakeSignal;
    wake.sa_flags = 0; // no SA_RESTART: the read must return
    sigemptyset(&wake.sa_mask);
    ::sigaction(WakeSignal, &wake, &previousWake);

    // The pump threads must not take the forwarded signals: only this thread does.
    std::mutex mutex;
    std::condition_variable outputsEnded;
    int outputsLeft = 2;
    PumpControl inputControl, stdoutControl, stderrControl;
    // The host's stdout ends with the server's; its stderr stays ours, for what we have to say.
    // stderr does not spin: it is no part of the request/response traffic.
    SpinArm spin;
    auto outputPump = [&](int from, int to, PumpControl *control, CaptureWriter::Stream stream) {
        pump(from, to, control, stream == CaptureWriter::Stream::ServerToClient ? &spin : nullptr, m_writer, stream,
             true, false, stream == CaptureWriter::Stream::ServerToClient);
        std::lock_guard lock(mutex);
        --outputsLeft;
        outputsEnded.notify_all();
    };
    std::thread inputThread(pump, m_options.stdinFd, in[1], &inputControl, &spin, m_writer,
                            CaptureWriter::Stream::ClientToServer, false, true, false);
    in[1] = -1; // the input pump closes it
    std::thread stdoutThread(outputPump, out[0], m_options.stdoutFd, &stdoutControl,
                             CaptureWriter::Stream::ServerToClient);
    std::thread stderrThread(outputPump, err[0], m_options.stderrFd, &stderrControl,
                             CaptureWriter::Stream::ServerStderr);
    out[0] = err[0] = -1;
    ::pthread_sigmask(SIG_SETMASK, &previousMask, nullptr);

    int waitStatus = 0;
    while (::waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR) {
    }
    g_serverPid = 0;
    if (WIFSIGNALED(waitStatus))
        status.signal = WTERMSIG(waitStatus);
    else
        status.exitCode = WEXITSTATUS(waitStatus);

    // Everything the server wrote is in the pipes by now; wait for their ends a little (a
    // grandchild may hold them), then stop every pump.
    {
        std::unique_lock lock(mutex);
        outputsEnded.wait_for(lock, DrainGrace, [&] { return outputsLeft == 0; });
    }
    stopPump(stdoutThread, stdoutControl);
    stopPump(stderrThread, stderrControl);
    stopPump(inputThread, inputControl);
    ::sigaction(WakeSignal, &previousWake, nullptr);

    if (m_options.forwardSignals) {
        for (size_t i = 0; i < std::size(ForwardedSignals); ++i)
            ::sigaction(ForwardedSignals[i], &previous[i], nullptr);
    }
    ::sigaction(SIGPIPE, &previousPipe, nullptr);

    TrafficEvent exited = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::ProcessExited);
    exited.note = describe(status);
    m_writer->postEvent(exited);
    return status;
}

} // namespace Mcp::Record
