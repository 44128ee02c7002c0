/* zeropeer: an MCP server that costs (almost) nothing, for the benchmarks.
 *
 *   zeropeer                     stdio: one JSON-RPC message per line on stdin/stdout
 *   zeropeer --http [--sse]      HTTP/1.1 keep-alive on 127.0.0.1 (port 0 unless --port N),
 *                                answering each POST with JSON (or one SSE event with --sse);
 *                                prints "listening on http://127.0.0.1:PORT/mcp" on stderr
 *   --tools N, --resources N, --templates N, --prompts N
 *                                also list N generated items of that kind, in one page (200,000
 *                                tools make a tools/list of about 40 MiB); every 100th has a
 *                                data: icon. Resources and prompts are offered only when listed.
 *
 * It answers initialize (legacy era) and server/discover (modern era: a request whose params
 * carry _meta io.modelcontextprotocol/protocolVersion gets a result with _meta serverInfo and
 * resultType), ping, tools/list, and tools/call for "echo" (the message comes back as the
 * text) and "blob" (a text of exactly `size` bytes). The 1, 16 and 64 MiB blob results are
 * serialised once at start, so answering them is one writev. Requests are not parsed into a
 * tree: a small scanner finds the few top-level keys it needs, the way a hand-written C peer
 * would. Anything else gets -32601. Notifications and responses get nothing (202 over HTTP).
 *
 * Plain C that also compiles as C++ (the project enables only CXX). */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

typedef struct { const char *p; size_t n; } span;

/* ---- a scanner for the keys of one JSON object (no tree, no copies) ---- */

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        ++p;
    return p;
}

static const char *skip_string(const char *p, const char *end) /* p at the opening quote */
{
    for (++p; p < end; ++p) {
        if (*p == '\\')
            ++p;
        else if (*p == '"')
            return p + 1;
    }
    return end;
}

static const char *skip_value(const char *p, const char *end)
{
    p = skip_ws(p, end);
    if (p >= end)
        return end;
    if (*p == '"')
        return skip_string(p, end);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (p < end) {
            if (*p == '"') {
                p = skip_string(p, end);
                continue;
            }
            if (*p == '{' || *p == '[')
                ++depth;
            else if (*p == '}' || *p == ']') {
                if (--depth == 0)
                    return p + 1;
            }
            ++p;
        }
        return end;
    }
    while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\r' && *p != '\n' && *p != '\t')
        ++p;
    return p;
}

/* The raw value of `key` in the object `obj` (first match; obj.p at "{"); n == 0 when absent. */
static span find_key(span obj, const char *key)
{
    span none = {0, 0};
    const char *p = obj.p, *end = obj.p + obj.n;
    size_t keylen = strlen(key);
    p = skip_ws(p, end);
    if (p >= end || *p != '{')
        return none;
    ++p;
    for (;;) {
        p = skip_ws(p, end);
        if (p >= end || *p != '"')
            return none;
        const char *k = p + 1;
        p = skip_string(p, end);
        size_t klen = (size_t)(p - 1 - k);
        p = skip_ws(p, end);
        if (p >= end || *p != ':')
            return none;
        const char *v = skip_ws(p + 1, end);
        p = skip_value(v, end);
        if (klen == keylen && memcmp(k, key, keylen) == 0) {
            span s = {v, (size_t)(p - v)};
            return s;
        }
        p = skip_ws(p, end);
        if (p >= end || *p != ',')
            return none;
        ++p;
    }
}

static int span_is(span s, const char *text)
{
    size_t n = strlen(text);
    return s.n == n && memcmp(s.p, text, n) == 0;
}

/* ---- answers ---- */

#define BLOBS 3
static const size_t blob_sizes[BLOBS] = {(size_t)1 << 20, (size_t)16 << 20, (size_t)64 << 20};
static char *blob_tails[BLOBS]; /* "content":[{"type":"text","text":"xxxx"}]}} */
static size_t blob_tail_sizes[BLOBS];

static const char content_head[] = "\"content\":[{\"type\":\"text\",\"text\":\"";
static const char content_tail[] = "\"}]}}";

static char *make_blob_tail(size_t size, size_t *length)
{
    static const char pattern[] = "The quick brown fox jumps over the lazy dog 0123456789. ";
    size_t head = sizeof content_head - 1, tail = sizeof content_tail - 1;
    char *out = (char *)malloc(head + size + tail);
    memcpy(out, content_head, head);
    for (size_t i = 0; i < size; ++i)
        out[head + i] = pattern[i % (sizeof pattern - 1)];
    memcpy(out + head + size, content_tail, tail);
    *length = head + size + tail;
    return out;
}

/* One answer: a head built per request, then an optional big constant part, then "}" or "}}" etc. */
typedef struct {
    char head[4096];
    size_t head_n;
    const char *body; /* borrowed or owned */
    size_t body_n;
    char *owned;
    int none; /* notification or response: nothing to answer */
} answer;

static const char modern_meta[] =
    "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"zeropeer\",\"version\":\"1.0.0\"}},"
    "\"resultType\":\"complete\",";

static const char tools_list_head[] =
    "\"tools\":[{\"name\":\"echo\",\"description\":\"Echoes the message.\",\"inputSchema\":{\"type\":\"object\","
    "\"properties\":{\"message\":{\"type\":\"string\"}},\"required\":[\"message\"]}},"
    "{\"name\":\"blob\",\"description\":\"A text of the given size.\",\"inputSchema\":{\"type\":\"object\","
    "\"properties\":{\"size\":{\"type\":\"integer\"}},\"required\":[\"size\"]}}";

/* ---- generated lists (--tools N and the like), serialised once at start ---- */

enum { ToolsKind, ResourcesKind, TemplatesKind, PromptsKind, Kinds };
static long list_counts[Kinds];
static char *list_bodies[Kinds]; /* the items after the key's "[" (tools: after echo and blob), then "]}}" */
static size_t list_body_sizes[Kinds];

static const char small_icon[] =
    ",\"icons\":[{\"src\":\"data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+"
    "PHJlY3Qgd2lkdGg9IjE2IiBoZWlnaHQ9IjE2IiBmaWxsPSIjMzY2Ii8+PC9zdmc+\",\"mimeType\":\"image/svg+xml\"}]";

static size_t make_item(int kind, long i, long count, char *out, size_t room)
{
    const char *icon = i % 100 == 0 ? small_icon : "";
    switch (kind) {
    case ToolsKind: {
        /* every other one has a title, so both ways of showing a row are exercised */
        char title[64] = "";
        if (i % 2)
            snprintf(title, sizeof title, ",\"title\":\"Tool %ld\"", i);
        return (size_t)snprintf(out, room,
                                "{\"name\":\"tool_%06ld\"%s,\"description\":\"Tool %ld of %ld in the big-list benchmark: it "
                                "takes a query.\",\"annotations\":{\"readOnlyHint\":true},\"inputSchema\":{\"type\":\"object\","
                                "\"properties\":{\"query\":{\"type\":\"string\"}}}%s}",
                                i, title, i, count, icon);
    }
    case ResourcesKind:
        return (size_t)snprintf(out, room,
                                "{\"uri\":\"file:///big/item_%06ld.txt\",\"name\":\"item_%06ld.txt\",\"title\":\"Resource %ld\","
                                "\"description\":\"Resource %ld of %ld in the big-list benchmark.\",\"mimeType\":\"text/plain\"%s}",
                                i, i, i, i, count, icon);
    case TemplatesKind:
        return (size_t)snprintf(out, room,
                                "{\"uriTemplate\":\"file:///big/%06ld/{name}\",\"name\":\"template_%06ld\",\"title\":\"Template %ld\","
                                "\"description\":\"Template %ld of %ld in the big-list benchmark.\"%s}",
                                i, i, i, i, count, icon);
    default:
        return (size_t)snprintf(out, room,
                                "{\"name\":\"prompt_%06ld\",\"description\":\"Prompt %ld of %ld in the big-list benchmark.\","
                                "\"arguments\":[{\"name\":\"topic\",\"required\":true}]%s}",
                                i, i, count, icon);
    }
}

static void make_list(int kind)
{
    long count = list_counts[kind];
    size_t capacity = (size_t)count * 512 + 16, n = 0;
    char *out = (char *)malloc(capacity);
    for (long i = 0; i < count; ++i) {
        if (kind == ToolsKind || i > 0)
            out[n++] = ',';
        n += make_item(kind, i, count, out + n, capacity - n);
    }
    memcpy(out + n, "]}}", 3);
    list_bodies[kind] = out;
    list_body_sizes[kind] = n + 3;
}

static void appendf(answer *a, const char *text, size_t n)
{
    if (a->head_n + n > sizeof a->head)
        n = sizeof a->head - a->head_n;
    memcpy(a->head + a->head_n, text, n);
    a->head_n += n;
}
#define APPEND_LIT(a, s) appendf((a), (s), sizeof(s) - 1)

static void append_capabilities(answer *a)
{
    APPEND_LIT(a, "{\"tools\":{}");
    if (list_counts[ResourcesKind] || list_counts[TemplatesKind])
        APPEND_LIT(a, ",\"resources\":{}");
    if (list_counts[PromptsKind])
        APPEND_LIT(a, ",\"prompts\":{}");
    APPEND_LIT(a, "}");
}

static void answer_message(const char *msg, size_t len, answer *a)
{
    span obj = {msg, len};
    a->head_n = 0;
    a->body = 0;
    a->body_n = 0;
    a->owned = 0;
    a->none = 0;
    span id = find_key(obj, "id");
    span method = find_key(obj, "method");
    if (!id.n || !method.n) {
        a->none = 1;
        return;
    }
    span params = find_key(obj, "params");
    span meta = find_key(params, "_meta");
    int modern = find_key(meta, "io.modelcontextprotocol/protocolVersion").n > 0;

    APPEND_LIT(a, "{\"jsonrpc\":\"2.0\",\"id\":");
    appendf(a, id.p, id.n);
    APPEND_LIT(a, ",\"result\":{");
    if (modern)
        APPEND_LIT(a, modern_meta);

    if (span_is(method, "\"tools/call\"")) {
        span name = find_key(params, "name");
        span args = find_key(params, "arguments");
        if (span_is(name, "\"echo\"")) {
            span message = find_key(args, "message");
            if (!message.n || message.p[0] != '"') {
                message.p = "\"\"";
                message.n = 2;
            }
            APPEND_LIT(a, "\"content\":[{\"type\":\"text\",\"text\":");
            if (message.n > 2048) { /* keep the head bounded: long messages go in the body */
                a->owned = (char *)malloc(message.n + 32);
                memcpy(a->owned, message.p, message.n);
                memcpy(a->owned + message.n, "}]}}", 4);
                a->body = a->owned;
                a->body_n = message.n + 4;
            } else {
                appendf(a, message.p, message.n);
                APPEND_LIT(a, "}]}}");
            }
            return;
        }
        if (span_is(name, "\"blob\"")) {
            span size = find_key(args, "size");
            size_t n = size.n ? (size_t)strtod(size.p, 0) : 0;
            for (int i = 0; i < BLOBS; ++i) {
                if (n == blob_sizes[i]) {
                    a->body = blob_tails[i];
                    a->body_n = blob_tail_sizes[i];
                    return;
                }
            }
            a->owned = make_blob_tail(n, &a->body_n);
            a->body = a->owned;
            return;
        }
        a->head_n = 0;
        APPEND_LIT(a, "{\"jsonrpc\":\"2.0\",\"id\":");
        appendf(a, id.p, id.n);
        APPEND_LIT(a, ",\"error\":{\"code\":-32602,\"message\":\"unknown tool\"}}");
        return;
    }
    if (span_is(method, "\"initialize\"")) {
        span version = find_key(params, "protocolVersion");
        APPEND_LIT(a, "\"protocolVersion\":");
        if (version.n && version.n < 64)
            appendf(a, version.p, version.n);
        else
            APPEND_LIT(a, "\"2025-06-18\"");
        APPEND_LIT(a, ",\"capabilities\":");
        append_capabilities(a);
        APPEND_LIT(a, ",\"serverInfo\":{\"name\":\"zeropeer\",\"version\":\"1.0.0\"}}}");
        return;
    }
    if (span_is(method, "\"server/discover\"")) {
        APPEND_LIT(a, "\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":");
        append_capabilities(a);
        APPEND_LIT(a, ",\"serverInfo\":{\"name\":\"zeropeer\",\"version\":\"1.0.0\"}}}");
        return;
    }
    if (span_is(method, "\"tools/list\"")) {
        APPEND_LIT(a, tools_list_head);
        a->body = list_bodies[ToolsKind];
        a->body_n = list_body_sizes[ToolsKind];
        return;
    }
    static const char *const list_methods[Kinds] = {0, "\"resources/list\"", "\"resources/templates/list\"", "\"prompts/list\""};
    static const char *const list_keys[Kinds] = {0, "\"resources\":[", "\"resourceTemplates\":[", "\"prompts\":["};
    for (int kind = ResourcesKind; kind < Kinds; ++kind) {
        if (list_counts[kind] && span_is(method, list_methods[kind])) {
            appendf(a, list_keys[kind], strlen(list_keys[kind]));
            a->body = list_bodies[kind];
            a->body_n = list_body_sizes[kind];
            return;
        }
    }
    if (span_is(method, "\"ping\"")) {
        if (modern)
            a->head_n -= 1; /* the trailing comma of the meta */
        APPEND_LIT(a, "}}");
        return;
    }
    a->head_n = 0;
    APPEND_LIT(a, "{\"jsonrpc\":\"2.0\",\"id\":");
    appendf(a, id.p, id.n);
    APPEND_LIT(a, ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
}

static int write_all(int fd, struct iovec *iov, int count)
{
    while (count > 0) {
        ssize_t n = writev(fd, iov, count);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) {
                if (errno == EAGAIN) {
                    struct pollfd pfd = {fd, POLLOUT, 0};
                    poll(&pfd, 1, -1);
                }
                continue;
            }
            return -1;
        }
        while (count > 0 && (size_t)n >= iov->iov_len) {
            n -= (ssize_t)iov->iov_len;
            ++iov;
            --count;
        }
        if (count > 0) {
            iov->iov_base = (char *)iov->iov_base + n;
            iov->iov_len -= (size_t)n;
        }
    }
    return 0;
}

/* ---- a growing input buffer ---- */

typedef struct {
    char *data;
    size_t size, capacity;
} buffer;

static char *buffer_space(buffer *b, size_t n)
{
    if (b->size + n > b->capacity) {
        size_t c = b->capacity ? b->capacity : 65536;
        while (c < b->size + n)
            c *= 2;
        b->data = (char *)realloc(b->data, c);
        b->capacity = c;
    }
    return b->data + b->size;
}

static void buffer_consume(buffer *b, size_t n)
{
    memmove(b->data, b->data + n, b->size - n);
    b->size -= n;
}

/* ---- stdio ---- */

static int run_stdio(void)
{
    buffer in = {0, 0, 0};
    size_t scanned = 0;
    answer a;
    for (;;) {
        char *space = buffer_space(&in, 65536);
        ssize_t n = read(0, space, in.capacity - in.size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        in.size += (size_t)n;
        size_t start = 0;
        for (;;) {
            char *nl = (char *)memchr(in.data + scanned, '\n', in.size - scanned);
            if (!nl) {
                scanned = in.size;
                break;
            }
            size_t end = (size_t)(nl - in.data);
            if (end > start) {
                answer_message(in.data + start, end - start, &a);
                if (!a.none) {
                    struct iovec iov[3] = {{a.head, a.head_n}, {(void *)a.body, a.body_n}, {(void *)"\n", 1}};
                    if (write_all(1, iov, 3) < 0)
                        return 1;
                }
                free(a.owned);
            }
            start = scanned = end + 1;
        }
        buffer_consume(&in, start);
        scanned -= start;
    }
}

/* ---- HTTP/1.1 ---- */

typedef struct {
    int fd;
    buffer in;
} connection;

static int sse_mode;

static void send_status(int fd, const char *status)
{
    char head[256];
    int n = snprintf(head, sizeof head, "HTTP/1.1 %s\r\nContent-Length: 0\r\n\r\n", status);
    struct iovec iov = {head, (size_t)n};
    write_all(fd, &iov, 1);
}

/* Handles every complete request in c->in; returns -1 when the connection should close. */
static int serve(connection *c)
{
    for (;;) {
        char *end = (char *)memmem(c->in.data, c->in.size, "\r\n\r\n", 4);
        if (!end)
            return 0;
        size_t head_len = (size_t)(end - c->in.data) + 4;
        size_t content_length = 0;
        for (char *line = (char *)memchr(c->in.data, '\n', head_len); line && line < end;
             line = (char *)memchr(line + 1, '\n', (size_t)(end - line))) {
            if (strncasecmp(line + 1, "content-length:", 15) == 0)
                content_length = (size_t)strtoul(line + 16, 0, 10);
        }
        if (c->in.size < head_len + content_length)
            return 0;
        if (strncmp(c->in.data, "POST ", 5) != 0) {
            send_status(c->fd, "405 Method Not Allowed");
        } else {
            answer a;
            answer_message(c->in.data + head_len, content_length, &a);
            if (a.none) {
                send_status(c->fd, "202 Accepted");
            } else {
                static const char sse_head[] = "event: message\ndata: ";
                static const char sse_tail[] = "\n\n";
                size_t length = a.head_n + a.body_n + (sse_mode ? sizeof sse_head - 1 + sizeof sse_tail - 1 : 0);
                char head[256];
                int hn = snprintf(head, sizeof head,
                                  "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %zu\r\n\r\n%s",
                                  sse_mode ? "text/event-stream" : "application/json", length,
                                  sse_mode ? sse_head : "");
                struct iovec iov[4] = {{head, (size_t)hn}, {a.head, a.head_n}, {(void *)a.body, a.body_n},
                                       {(void *)sse_tail, sse_mode ? sizeof sse_tail - 1 : 0}};
                if (write_all(c->fd, iov, 4) < 0) {
                    free(a.owned);
                    return -1;
                }
            }
            free(a.owned);
        }
        buffer_consume(&c->in, head_len + content_length);
    }
}

static int run_http(int port)
{
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) || listen(listener, 128)) {
        perror("zeropeer: bind");
        return 1;
    }
    socklen_t addrlen = sizeof addr;
    getsockname(listener, (struct sockaddr *)&addr, &addrlen);
    fprintf(stderr, "listening on http://127.0.0.1:%d/mcp\n", ntohs(addr.sin_port));
    fflush(stderr);

    enum { MaxConnections = 256 };
    connection connections[MaxConnections];
    struct pollfd fds[MaxConnections + 1];
    int count = 0;
    for (;;) {
        fds[0].fd = listener;
        fds[0].events = POLLIN;
        for (int i = 0; i < count; ++i) {
            fds[i + 1].fd = connections[i].fd;
            fds[i + 1].events = POLLIN;
        }
        if (poll(fds, (nfds_t)count + 1, -1) < 0) {
            if (errno == EINTR)
                continue;
            return 1;
        }
        for (int i = count - 1; i >= 0; --i) {
            if (!fds[i + 1].revents)
                continue;
            connection *c = &connections[i];
            char *space = buffer_space(&c->in, 65536);
            ssize_t n = read(c->fd, space, c->in.capacity - c->in.size);
            if (n > 0) {
                c->in.size += (size_t)n;
                if (serve(c) == 0)
                    continue;
            } else if (n < 0 && errno == EINTR) {
                continue;
            }
            close(c->fd);
            free(c->in.data);
            connections[i] = connections[--count];
        }
        if (fds[0].revents & POLLIN) {
            int fd = accept(listener, 0, 0);
            if (fd >= 0 && count < MaxConnections) {
                setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                connections[count].fd = fd;
                connections[count].in.data = 0;
                connections[count].in.size = connections[count].in.capacity = 0;
                ++count;
            } else if (fd >= 0) {
                close(fd);
            }
        }
    }
}

int main(int argc, char **argv)
{
    int http = 0, port = 0;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--http"))
            http = 1;
        else if (!strcmp(argv[i], "--sse"))
            sse_mode = 1;
        else if (!strcmp(argv[i], "--port") && i + 1 < argc)
            port = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--tools") && i + 1 < argc)
            list_counts[ToolsKind] = atol(argv[++i]);
        else if (!strcmp(argv[i], "--resources") && i + 1 < argc)
            list_counts[ResourcesKind] = atol(argv[++i]);
        else if (!strcmp(argv[i], "--templates") && i + 1 < argc)
            list_counts[TemplatesKind] = atol(argv[++i]);
        else if (!strcmp(argv[i], "--prompts") && i + 1 < argc)
            list_counts[PromptsKind] = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: zeropeer [--http [--sse] [--port N]] [--tools N] [--resources N] [--templates N] [--prompts N]\n");
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < BLOBS; ++i)
        blob_tails[i] = make_blob_tail(blob_sizes[i], &blob_tail_sizes[i]);
    for (int kind = 0; kind < Kinds; ++kind)
        make_list(kind);
    return http ? run_http(port) : run_stdio();
}
