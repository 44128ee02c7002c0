// bench_record_relay: the floor of any stdio relay, for bench_record to measure the recorder
// against. `bench_record_relay COMMAND [ARGS...]` starts COMMAND with pipes for its stdin and
// stdout and copies bytes both ways, one thread per direction blocking in read(2) then
// write(2): no poll, no recording, no work but the two copies a relay cannot avoid. Its pipes
// hold 1 MiB, as the recorder's do, so that the floor is the best a relay can do.
#include <csignal>
#include <initializer_list>
#include <thread>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

void copy(int from, int to)
{
    static thread_local char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(from, buffer, sizeof buffer);
        if (n <= 0)
            break;
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(to, buffer + done, size_t(n - done));
            if (w <= 0) {
                ::close(to);
                return;
            }
            done += w;
        }
    }
    ::close(to);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    std::signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0)
        return 1;
    (void)::fcntl(in[1], F_SETPIPE_SZ, 1024 * 1024);
    (void)::fcntl(out[0], F_SETPIPE_SZ, 1024 * 1024);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    for (int fd : {in[0], in[1], out[0], out[1]})
        posix_spawn_file_actions_addclose(&actions, fd);
    pid_t pid = 0;
    if (::posix_spawnp(&pid, argv[1], &actions, nullptr, argv + 1, environ) != 0)
        return 127;
    ::close(in[0]);
    ::close(out[1]);
    std::thread(copy, 0, in[1]).detach(); // may block on the host's stdin to the end
    std::thread output(copy, out[0], 1);
    output.join();
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
