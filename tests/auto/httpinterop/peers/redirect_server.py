#!/usr/bin/env python3
"""An MCP server over Streamable HTTP that redirects /mcp to /mcp/ the way Python frameworks do.

Starlette (FastMCP, the Python SDK) answers a POST to /mcp with 307 (or 308) and a Location of
/mcp/, and closes that connection; the answer then comes on a new connection, as JSON or as a
chunked text/event-stream. Both protocol eras: initialize with a session id (legacy) and
server/discover with per-request _meta (modern, 2026-07-28). Standard library only.

    redirect_server.py [--answer json|sse] [--status 307|308]

Prints "listening on 127.0.0.1:PORT" on stderr once it accepts connections.
"""
import json
import sys
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = sys.argv[1:]


def option(name, default):
    return args[args.index(name) + 1] if name in args else default


ANSWER = option("--answer", "json")
STATUS = int(option("--status", "307"))
LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"]
MODERN_VERSIONS = ["2026-07-28"]
SERVER_INFO = {"name": "redirect-server", "version": "1.0.0"}
TOOLS = [{"name": "echo", "description": "Echoes its message",
          "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}}}]


def result_for(message):
    method = message.get("method")
    params = message.get("params") or {}
    if method == "initialize":
        requested = params.get("protocolVersion")
        version = requested if requested in LEGACY_VERSIONS else LEGACY_VERSIONS[0]
        return {"protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": SERVER_INFO}, True
    if method == "server/discover":
        return {"supportedVersions": MODERN_VERSIONS, "capabilities": {"tools": {}},
                "_meta": {"io.modelcontextprotocol/serverInfo": SERVER_INFO}}, False
    if method == "ping":
        return {}, False
    if method == "tools/list":
        return {"tools": TOOLS}, False
    if method == "tools/call":
        text = (params.get("arguments") or {}).get("message", "")
        return {"content": [{"type": "text", "text": "echo: " + text}]}, False
    return None, False


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *unused):
        pass

    def redirect(self):
        # What Starlette's redirect_slashes sends: no body, and this connection ends here.
        self.send_response(STATUS)
        self.send_header("Location", "http://127.0.0.1:%d/mcp/" % self.server.server_port)
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def plain(self, status, body=b"", content_type="text/plain"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        if self.path == "/mcp":
            self.redirect()
            return
        if self.path != "/mcp/":
            self.plain(404, b"not found")
            return
        message = json.loads(body)
        if "id" not in message:
            self.plain(202)
            return
        result, new_session = result_for(message)
        if result is None:
            answer = {"jsonrpc": "2.0", "id": message["id"],
                      "error": {"code": -32601, "message": "Method not found: %s" % message.get("method")}}
        else:
            answer = {"jsonrpc": "2.0", "id": message["id"], "result": result}
        payload = json.dumps(answer).encode()
        self.send_response(200)
        if new_session:
            self.send_header("Mcp-Session-Id", uuid.uuid4().hex)
        if ANSWER == "sse":
            # A chunked event stream that ends after the answer, as sse-starlette sends it.
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for chunk in (b"event: message\r\n", b"data: " + payload + b"\r\n\r\n"):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        else:
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    def do_GET(self):
        if self.path == "/mcp":
            self.redirect()
            return
        self.plain(405, b"no GET stream")

    def do_DELETE(self):
        if self.path == "/mcp":
            self.redirect()
            return
        self.plain(200)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    sys.stderr.write("listening on 127.0.0.1:%d\n" % server.server_port)
    sys.stderr.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
