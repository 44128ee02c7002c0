/* The pipe floor: a parent writes a short line to a child over a pipe and waits for the
 * child to write it back over another pipe. Prints the median round trip in microseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "../common/floorclock.h"


int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 5000;
    int down[2], up[2];
    if (pipe(down) || pipe(up))
        return 1;
    pid_t pid = fork();
    if (pid == 0) {
        char buf[4096];
        ssize_t n;
        close(down[1]);
        close(up[0]);
        while ((n = read(down[0], buf, sizeof buf)) > 0)
            if (write(up[1], buf, (size_t)n) != n)
                return 1;
        return 0;
    }
    close(down[0]);
    close(up[1]);
    static const char line[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"message\":\"hello\"}}}\n";
    double *samples = (double *)malloc(sizeof(double) * (size_t)rounds);
    char buf[4096];
    for (int i = 0; i < rounds; ++i) {
        double t = now_us();
        if (write(down[1], line, sizeof line - 1) < 0)
            return 1;
        size_t got = 0;
        while (got < sizeof line - 1) {
            ssize_t n = read(up[0], buf, sizeof buf);
            if (n <= 0)
                return 1;
            got += (size_t)n;
        }
        samples[i] = now_us() - t;
    }
    qsort(samples, (size_t)rounds, sizeof(double), compare);
    printf("%.1f\n", samples[rounds / 2]);
    close(down[1]);
    waitpid(pid, NULL, 0);
    return 0;
}
