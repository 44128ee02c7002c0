#!/usr/bin/env python3
"""A legacy (2025-06-18) MCP server that misbehaves on demand, over stdio or Streamable HTTP.

Shared by the test areas (issue 32): each option is one way a real server behaves that a client
must survive. Without options it is an ordinary server with one tool, "echo".

HTTP (--http): serves on 127.0.0.1 (port 0) and prints its URL on stdout.
  --discover MODE   how server/discover is answered: 404, 400, 500-json (the TypeScript SDK's
                    "Error in httpTransport"), 500-html, 200-html, close (the connection is
                    closed without an answer), hang (never answered)
  --refuse-post     every POST answered 404 (a legacy HTTP+SSE endpoint)
stdio (default):
  --close-stdout-after-init   after the initialize answer, close stdout and keep running
  --odd-ids                   tools/call "odd" sends server requests (ping) with the ids of
                              --odd-ids-list and answers with what came back
  --ignore-eof                keep running when stdin ends
  --pidfile FILE              write this process's pid to FILE
  --ignore-term               ignore SIGTERM
Both:
  --discover-delay MS, --init-delay MS   wait before answering
  --discover-error-id ID      answer server/discover with an error under this id instead of
                              the request's (effect-mcp sends the error code as the id)
  --silent-list               never answer tools/list, prompts/list, resources/list
  --no-prompts                do not declare prompts; prompts/list answers -32601
  --cursor-pages N            tools/list in N pages of one tool each
  --cursor-bytes B            each cursor B bytes long, the page number at its
  --cursor-differ end|start   end (the default) or start
"""
import json
import os
import signal
import socket
import sys
import threading
import time

args = sys.argv[1:]


def option(name, default=None):
    return args[args.index(name) + 1] if name in args else default


def flag(name):
    return name in args


DISCOVER = option("--discover", "")
DISCOVER_DELAY = int(option("--discover-delay", "0")) / 1000.0
DISCOVER_ERROR_ID = option("--discover-error-id")
INIT_DELAY = int(option("--init-delay", "0")) / 1000.0
SILENT_LIST = flag("--silent-list")
NO_PROMPTS = flag("--no-prompts")
CURSOR_PAGES = int(option("--cursor-pages", "0"))
CURSOR_BYTES = int(option("--cursor-bytes", "0"))
CURSOR_DIFFER = option("--cursor-differ", "end")
PIDFILE = option("--pidfile")

if flag("--ignore-term"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if PIDFILE:
    with open(PIDFILE, "w") as f:
        f.write(str(os.getpid()))

declared = {}  # what the client declared in initialize


def capabilities():
    caps = {"tools": {}, "resources": {}}
    if not NO_PROMPTS:
        caps["prompts"] = {}
    return caps


def result(rid, value):
    return {"jsonrpc": "2.0", "id": rid, "result": value}


def error(rid, code, message):
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


def cursor_for(page):
    if CURSOR_BYTES <= 0:
        return str(page)
    pad = "x" * CURSOR_BYTES
    return pad + str(page) if CURSOR_DIFFER == "end" else str(page) + pad


def tools_page(params):
    if CURSOR_PAGES <= 0:
        return {"tools": [{"name": "echo", "inputSchema": {"type": "object"}}]}
    page = int(((params or {}).get("cursor") or "0").strip("x"))
    answer = {"tools": [{"name": "t%d" % page, "inputSchema": {"type": "object"}}]}
    if page + 1 < CURSOR_PAGES:
        answer["nextCursor"] = cursor_for(page + 1)
    return answer


def answer(message, ask=None):
    """The answer to one request (None: no answer)."""
    rid, method, params = message.get("id"), message.get("method"), message.get("params") or {}
    if method == "initialize":
        declared.update(params.get("capabilities") or {})
        time.sleep(INIT_DELAY)
        return result(rid, {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                            "capabilities": capabilities(),
                            "serverInfo": {"name": "hostile-peer", "version": "1"}})
    if method == "server/discover":
        time.sleep(DISCOVER_DELAY)
        if DISCOVER_ERROR_ID is not None:
            return error(int(DISCOVER_ERROR_ID), -32603, "A defect occurred")
        return error(rid, -32601, "Method not found")
    if method in ("tools/list", "prompts/list", "resources/list") and SILENT_LIST:
        return None
    if method == "tools/list":
        return result(rid, tools_page(params))
    if method == "prompts/list":
        if NO_PROMPTS:
            return error(rid, -32601, "Method not found")
        return result(rid, {"prompts": []})
    if method == "resources/list":
        return result(rid, {"resources": []})
    if method == "tools/call":
        name = params.get("name")
        if name == "declared":
            return result(rid, {"content": [{"type": "text", "text": json.dumps(declared, sort_keys=True)}]})
        if name == "odd" and ask:
            return result(rid, {"content": [{"type": "text", "text": ask()}]})
        return result(rid, {"content": [{"type": "text", "text": json.dumps(params.get("arguments") or {})}]})
    if method == "ping":
        return result(rid, {})
    return error(rid, -32601, "Method not found")


# ---- stdio --------------------------------------------------------------------------------

ODD_IDS = ['9007199254740993', '9223372036854775807', '18446744073709551616', '1.5', '{"n":1}', '[1]', 'true']


def serve_stdio():
    out = sys.stdout

    def send(obj):
        out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        out.flush()

    def read_line():
        line = sys.stdin.readline()
        if not line and flag("--ignore-eof"):
            while True:
                time.sleep(3600)
        return line

    def ask_odd():
        # Each id written as raw JSON text, so that an integer above 2^53 reaches the client exactly.
        seen = []
        for raw in ODD_IDS:
            out.write('{"jsonrpc":"2.0","id":%s,"method":"ping"}\n' % raw)
            out.flush()
            line = read_line()
            seen.append(line.strip())
        return "\n".join(seen)

    while True:
        line = read_line()
        if not line:
            return
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        if "method" not in message or "id" not in message:
            continue
        reply = answer(message, ask_odd if flag("--odd-ids") else None)
        if reply is not None:
            send(reply)
        if message.get("method") == "initialize" and flag("--close-stdout-after-init"):
            os.close(1)
            sys.stderr.write("hostile peer: stdout closed, still running\n")
            sys.stderr.flush()
            while True:
                time.sleep(3600)


# ---- HTTP ---------------------------------------------------------------------------------

def http_response(status, reason, body, content_type="application/json", extra=""):
    return ("HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%sConnection: close\r\n\r\n"
            % (status, reason, content_type, len(body), extra)).encode() + body


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None, None, None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method = lines[0].split(" ")[0]
    length = 0
    for header in lines[1:]:
        name, _, value = header.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        body += chunk
    return method, lines, body


def discover_answer(conn, rid):
    time.sleep(DISCOVER_DELAY)
    mode = DISCOVER
    if mode == "404":
        conn.sendall(http_response(404, "Not Found", b"Cannot POST /mcp", "text/plain"))
    elif mode == "400":
        conn.sendall(http_response(400, "Bad Request", json.dumps(
            error(None, -32000, "Bad Request: No valid session ID provided")).encode()))
    elif mode == "500-json":
        conn.sendall(http_response(500, "Internal Server Error",
                                   b'{"jsonrpc":"2.0","error":{"code":-32603,"message":"Error in httpTransport: "},"id":null}'))
    elif mode == "500-html":
        conn.sendall(http_response(500, "Internal Server Error",
                                   b"<html><body><h1>500 Internal Server Error</h1></body></html>", "text/html"))
    elif mode == "200-html":
        conn.sendall(http_response(200, "OK", b"<!doctype html><html><body>Welcome</body></html>", "text/html"))
    elif mode == "close":
        pass  # closed below without a byte
    elif mode == "hang":
        time.sleep(3600)
    else:
        conn.sendall(http_response(200, "OK", json.dumps(error(rid, -32601, "Method not found")).encode()))


def handle_http(conn):
    try:
        method, _, body = read_request(conn)
        if method is None:
            return
        if method != "POST":
            conn.sendall(http_response(405, "Method Not Allowed", b"", "text/plain"))
            return
        if flag("--refuse-post"):
            conn.sendall(http_response(404, "Not Found", b"Cannot POST /mcp", "text/plain"))
            return
        message = json.loads(body or b"{}")
        if message.get("method") == "server/discover":
            discover_answer(conn, message.get("id"))
            return
        if "id" not in message:
            conn.sendall(http_response(202, "Accepted", b"", "text/plain"))
            return
        reply = answer(message)
        if reply is None:
            time.sleep(3600)
            return
        extra = "Mcp-Session-Id: hostile-1\r\n" if message.get("method") == "initialize" else ""
        conn.sendall(http_response(200, "OK", json.dumps(reply).encode(), extra=extra))
    except (BrokenPipeError, ConnectionResetError):
        pass
    finally:
        try:
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        conn.close()


def serve_http():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    print("http://127.0.0.1:%d/mcp" % server.getsockname()[1], flush=True)
    while True:
        conn, _ = server.accept()
        threading.Thread(target=handle_http, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    if flag("--http"):
        serve_http()
    else:
        serve_stdio()
