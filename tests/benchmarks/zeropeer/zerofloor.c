/* zerofloor: the C floor, a bare client doing the benchmarks' round trips against zeropeer.
 *
 *   zerofloor stdio PEER SEQUENTIAL PIPELINED   spawns PEER, talks over pipes (1 MiB pipe buffers)
 *   zerofloor http PORT SEQUENTIAL              one keep-alive connection to 127.0.0.1:PORT
 *
 * Sequential tools/call echo round trips (median and mean, microseconds), stdio only: echo
 * calls with 64 in flight (calls/s), and blob results of 1 MiB and 16 MiB (best of 3, MB/s,
 * until the whole answer is in memory; no JSON parse: that is the transport floor). Prints
 * one JSON object. Plain C that also compiles as C++. */
#define _GNU_SOURCE 1
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/floorclock.h"

static char *in;
static size_t in_size, in_capacity;

static void reserve(size_t n)
{
    if (in_size + n > in_capacity) {
        size_t c = in_capacity ? in_capacity : 65536;
        while (c < in_size + n)
            c *= 2;
        in = (char *)realloc(in, c);
        in_capacity = c;
    }
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static char request[512];

static size_t echo_request(int id)
{
    return (size_t)snprintf(request, sizeof request,
                            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                            "\"arguments\":{\"message\":\"hello\"}}}",
                            id);
}

static size_t blob_request(int id, size_t size)
{
    return (size_t)snprintf(request, sizeof request,
                            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"blob\","
                            "\"arguments\":{\"size\":%zu}}}",
                            id, size);
}

/* ---- stdio ---- */

static int to_peer, from_peer;
static size_t scanned;

/* Reads until `lines` newlines have arrived; drops them. */
static int read_lines(int lines)
{
    while (lines > 0) {
        char *nl;
        while (lines > 0 && (nl = (char *)memchr(in + scanned, '\n', in_size - scanned))) {
            scanned = (size_t)(nl - in) + 1;
            --lines;
        }
        if (lines == 0)
            break;
        memmove(in, in + scanned, in_size - scanned);
        in_size -= scanned;
        scanned = 0;
        reserve(1 << 20);
        ssize_t n = read(from_peer, in + in_size, in_capacity - in_size);
        if (n <= 0)
            return -1;
        in_size += (size_t)n;
    }
    memmove(in, in + scanned, in_size - scanned);
    in_size -= scanned;
    scanned = 0;
    return 0;
}

/* Writes the request (n bytes) as one line to the peer. */
static int stdio_send(size_t n)
{
    request[n] = '\n';
    return write_all(to_peer, request, n + 1);
}

static int stdio_call(size_t n)
{
    return stdio_send(n) || read_lines(1) ? -1 : 0;
}

/* One request through a transport, its whole answer read; non-zero on failure. */
typedef int (*call_fn)(size_t n);

/* 50 echo calls to warm up, then `sequential` timed ones: their round trips sorted into samples
 * (microseconds), their sum in *total. Non-zero when a call failed. */
static int echo_round_trips(call_fn call, int *id, int sequential, double *samples, double *total)
{
    for (int i = 0; i < 50; ++i)
        if (call(echo_request(++*id)))
            return 1;
    *total = 0;
    for (int i = 0; i < sequential; ++i) {
        double t = now_us();
        if (call(echo_request(++*id)))
            return 1;
        samples[i] = now_us() - t;
        *total += samples[i];
    }
    qsort(samples, (size_t)sequential, sizeof(double), compare);
    return 0;
}

/* Blob results of 1 MiB and 16 MiB, the best of 3 runs each, in MB/s. Non-zero when a call failed. */
static int blob_rates(call_fn call, int *id, double mbps[2])
{
    for (int k = 0; k < 2; ++k) {
        size_t size = k == 0 ? (size_t)1 << 20 : (size_t)16 << 20;
        double best = 1e30;
        for (int run = 0; run < 3; ++run) {
            double t0 = now_us();
            if (call(blob_request(++*id, size)))
                return 1;
            double us = now_us() - t0;
            if (us < best)
                best = us;
        }
        mbps[k] = size / best;
    }
    return 0;
}

static int run_stdio(const char *peer, int sequential, int pipelined)
{
    int down[2], up[2];
    if (pipe(down) || pipe(up))
        return 1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(down[0], 0);
        dup2(up[1], 1);
        close(down[0]);
        close(down[1]);
        close(up[0]);
        close(up[1]);
        fcntl(0, F_SETPIPE_SZ, 1 << 20);
        fcntl(1, F_SETPIPE_SZ, 1 << 20);
        execl(peer, peer, (char *)0);
        _exit(127);
    }
    close(down[0]);
    close(up[1]);
    to_peer = down[1];
    from_peer = up[0];
    int id = 0;
    double *samples = (double *)malloc(sizeof(double) * (size_t)sequential);
    double total = 0;
    if (echo_round_trips(stdio_call, &id, sequential, samples, &total))
        return 1;

    /* 64 in flight: write 64, then one more for each answer. */
    double t = now_us();
    int sent = 0, received = 0;
    for (; sent < 64 && sent < pipelined; ++sent)
        stdio_send(echo_request(++id));
    while (received < pipelined) {
        if (read_lines(1))
            return 1;
        ++received;
        if (sent < pipelined) {
            stdio_send(echo_request(++id));
            ++sent;
        }
    }
    double rate = pipelined / ((now_us() - t) / 1e6);

    double mbps[2];
    if (blob_rates(stdio_call, &id, mbps))
        return 1;
    printf("{\"medianUs\":%.2f,\"meanUs\":%.2f,\"pipelinedPerSec\":%.0f,\"mbps1MiB\":%.1f,\"mbps16MiB\":%.1f}\n",
           samples[sequential / 2], total / sequential, rate, mbps[0], mbps[1]);
    close(to_peer);
    waitpid(pid, 0, 0);
    return 0;
}

/* ---- HTTP ---- */

static int sock;
static int port;

/* Sends one POST and reads the whole answer (head and Content-Length body). */
static int http_call(size_t body_n)
{
    char head[256];
    int hn = snprintf(head, sizeof head,
                      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                      "Accept: application/json, text/event-stream\r\nContent-Length: %zu\r\n\r\n",
                      port, body_n);
    char out[1024];
    memcpy(out, head, (size_t)hn);
    memcpy(out + hn, request, body_n);
    if (write_all(sock, out, (size_t)hn + body_n))
        return -1;
    in_size = 0;
    size_t need = 0;
    for (;;) {
        reserve(1 << 20);
        ssize_t n = read(sock, in + in_size, in_capacity - in_size);
        if (n <= 0)
            return -1;
        in_size += (size_t)n;
        if (!need) {
            char *end = (char *)memmem(in, in_size, "\r\n\r\n", 4);
            if (!end)
                continue;
            size_t head_len = (size_t)(end - in) + 4;
            char *cl = (char *)memmem(in, head_len, "Content-Length:", 15);
            if (!cl)
                return -1;
            need = head_len + (size_t)strtoul(cl + 15, 0, 10);
            reserve(need - in_size);
        }
        if (in_size >= need)
            return 0;
    }
}

static int run_http(int sequential)
{
    sock = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(sock, (struct sockaddr *)&addr, sizeof addr))
        return 1;
    int one = 1;
    setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    int id = 0;
    double *samples = (double *)malloc(sizeof(double) * (size_t)sequential);
    double total = 0;
    if (echo_round_trips(http_call, &id, sequential, samples, &total))
        return 1;
    double mbps[2];
    if (blob_rates(http_call, &id, mbps))
        return 1;
    printf("{\"medianUs\":%.2f,\"meanUs\":%.2f,\"mbps1MiB\":%.1f,\"mbps16MiB\":%.1f}\n", samples[sequential / 2],
           total / sequential, mbps[0], mbps[1]);
    close(sock);
    return 0;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    if (argc >= 5 && !strcmp(argv[1], "stdio"))
        return run_stdio(argv[2], atoi(argv[3]), atoi(argv[4]));
    if (argc >= 4 && !strcmp(argv[1], "http")) {
        port = atoi(argv[2]);
        return run_http(atoi(argv[3]));
    }
    fprintf(stderr, "usage: zerofloor stdio PEER SEQUENTIAL PIPELINED | zerofloor http PORT SEQUENTIAL\n");
    return 2;
}
