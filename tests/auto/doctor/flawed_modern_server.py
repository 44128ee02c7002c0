#!/usr/bin/env python3
"""A modern (2026-07-28) MCP server that breaks the rules of `mcpscope doctor`'s modern family,
one flaw at a time: each --flaw NAME breaks one (repeatable). Without flaws it breaks nothing, and
the doctor must find no error and no warning in it. stdio by default; with --http it serves
Streamable HTTP on 127.0.0.1 (a free port; the URL is its first stdout line).

Flaws: no-result-type (results without resultType), bad-result-type (the second server/discover
and later answered with resultType "finished"), no-server-info (no _meta serverInfo),
no-cache-hints (lists, reads and discover without ttlMs and cacheScope), bad-cache-hints
(ttlMs -5, cacheScope "everyone"), mixed-cache-scope (the second page of tools/list "private",
the first "public"), discover-no-capabilities, shuffled-tools (the second listing
and later in reverse order), bad-x-mcp-header (an x-mcp-header on a number parameter),
listen-no-ack (subscriptions/listen stays silent), listen-untagged-ack (the acknowledgement
without the subscription's id), listen-notify-first (a tagged list_changed before the
acknowledgement).
HTTP only: headers-unchecked (Mcp-Method and Mcp-Name are not compared with the body),
any-version (an unsupported protocol version is served), version-error-no-data (-32022 without
data.supported), version-error-no-requested (-32022 without data.requested), meta-unchecked (a
request without _meta is served), unknown-method-200 (an unknown method is answered 200, not 404),
ping-answered (ping, which 2026-07-28 removed, is answered).

--ttl MS gives the cacheable results that ttlMs (0 by default). --log FILE appends what it was sent, a line each: "request METHOD ID", "cancelled ID" (stdio)
and "listen-closed ID" (HTTP: the client closed a subscriptions/listen stream).
"""
import json
import sys
import threading

SUPPORTED = ["2026-07-28"]
META_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
META_SUBSCRIPTION = "io.modelcontextprotocol/subscriptionId"

flaws = set()
http = False
log_file = None
ttl_ms = 0
args = sys.argv[1:]
while args:
    if args[0] == "--flaw" and len(args) > 1:
        flaws.add(args[1])
        args = args[2:]
    elif args[0] == "--ttl" and len(args) > 1:
        ttl_ms = int(args[1])
        args = args[2:]
    elif args[0] == "--log" and len(args) > 1:
        log_file = args[1]
        args = args[2:]
    elif args[0] == "--http":
        http = True
        args = args[1:]
    else:
        sys.exit("unknown argument: " + args[0])

lock = threading.Lock()
counts = {"tools/list": 0, "server/discover": 0}


def log(line):
    if log_file:
        with lock, open(log_file, "a") as out:
            out.write(line + "\n")


def tool(name, description, properties):
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": properties}}


def tools(new_listing=False):
    """The tools; new_listing: a tools/list without a cursor asked for them."""
    listed = [tool("echo", "Returns what it is given.", {"text": {"type": "string"}}),
              tool("add_numbers", "Adds two numbers.", {"a": {"type": "integer"}, "b": {"type": "integer"}}),
              tool("lookup", "Looks a region up.", {"region": {"type": "string", "x-mcp-header": "Region"}})]
    if "bad-x-mcp-header" in flaws:
        listed.append(tool("scale", "Scales a number.", {"factor": {"type": "number", "x-mcp-header": "Factor"}}))
    if new_listing:
        with lock:
            counts["tools/list"] += 1
    if counts["tools/list"] > 1 and "shuffled-tools" in flaws:
        listed.reverse()
    return listed


def tools_page(cursor):
    """tools/list in two pages: the first two tools, then the rest (cursor "2")."""
    listed = tools(new_listing=cursor is None)
    if cursor is None:
        return {"tools": listed[:2], "nextCursor": "2"}
    if cursor != "2":
        return error(-32602, "Invalid cursor")
    return {"tools": listed[2:]}


PROMPTS = [{"name": "greeting", "description": "Greets someone.", "arguments": [{"name": "who", "required": True}]}]
RESOURCES = [{"uri": "flawed://docs/readme", "name": "readme", "mimeType": "text/plain"}]
TEMPLATES = [{"uriTemplate": "flawed://items/{id}", "name": "item"}]
CAPABILITIES = {"tools": {"listChanged": True}, "prompts": {"listChanged": True},
                "resources": {"listChanged": True, "subscribe": True}}
CACHEABLE = ("server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list",
             "resources/read")


def error(code, message, data=None):
    body = {"code": code, "message": message}
    if data is not None:
        body["data"] = data
    return {"error": body}


def outcome(method, params):
    """The result or {"error": ...} of a modern request."""
    if method == "server/discover":
        with lock:
            counts["server/discover"] += 1
        result = {"supportedVersions": SUPPORTED, "capabilities": CAPABILITIES}
        if "discover-no-capabilities" in flaws:
            del result["capabilities"]
        return result
    if method == "ping" and "ping-answered" in flaws:
        return {}
    lists = ("tools/list", "prompts/list", "resources/list", "resources/templates/list")
    if method in lists and "discover-no-capabilities" in flaws:
        return error(-32601, "Method not found: %s (no capabilities)" % method)
    if method == "tools/list":
        return tools_page(params.get("cursor"))
    if method == "prompts/list":
        return {"prompts": PROMPTS}
    if method == "resources/list":
        return {"resources": RESOURCES}
    if method == "resources/templates/list":
        return {"resourceTemplates": TEMPLATES}
    if method == "tools/call":
        if any(t["name"] == params.get("name") for t in tools()):
            return {"content": [{"type": "text", "text": str(params.get("arguments", {}).get("text", ""))}]}
        return error(-32602, "Unknown tool: %s" % params.get("name"))
    if method == "prompts/get":
        if any(p["name"] == params.get("name") for p in PROMPTS):
            return {"messages": [{"role": "user", "content": {"type": "text", "text": "Hello"}}]}
        return error(-32602, "Unknown prompt: %s" % params.get("name"))
    if method == "resources/read":
        if any(r["uri"] == params.get("uri") for r in RESOURCES):
            return {"contents": [{"uri": params["uri"], "mimeType": "text/plain", "text": "Read me."}]}
        return error(-32602, "Resource not found: %s" % params.get("uri"))
    return error(-32601, "Method not found: %s" % method)


def decorate(method, result, params):
    """What every modern result carries, less what a flaw leaves out."""
    if "no-result-type" not in flaws:
        result["resultType"] = "complete"
        if method == "server/discover" and "bad-result-type" in flaws and counts["server/discover"] > 1:
            result["resultType"] = "finished"
    if "no-server-info" not in flaws:
        result["_meta"] = {"io.modelcontextprotocol/serverInfo": {"name": "flawed-modern-server", "version": "1.0.0"}}
    if method in CACHEABLE and "no-cache-hints" not in flaws:
        bad = "bad-cache-hints" in flaws
        result["ttlMs"] = -5 if bad else ttl_ms
        result["cacheScope"] = "everyone" if bad else "public"
        if "mixed-cache-scope" in flaws and params.get("cursor") is not None:
            result["cacheScope"] = "private"
    return result


def validate(message):
    """The error a modern request's _meta earns (None: it may go on)."""
    meta = (message.get("params") or {}).get("_meta") or {}
    version = meta.get(META_VERSION)
    if not isinstance(version, str) or not isinstance(meta.get(META_CAPABILITIES), dict):
        if "meta-unchecked" in flaws:
            return None
        return error(-32602, "_meta needs the protocol version and the client capabilities")
    if version not in SUPPORTED and "any-version" not in flaws:
        data = None if "version-error-no-data" in flaws else {"supported": SUPPORTED, "requested": version}
        if "version-error-no-requested" in flaws:
            del data["requested"]
        return error(-32022, "Unsupported protocol version", data)
    return None


def reply(message, answer):
    if "error" in answer and len(answer) == 1:
        return {"jsonrpc": "2.0", "id": message["id"], "error": answer["error"]}
    return {"jsonrpc": "2.0", "id": message["id"],
            "result": decorate(message["method"], answer, message.get("params") or {})}


def listen_messages(message):
    """What a subscriptions/listen gets first: the acknowledgement (as flawed as asked)."""
    notifications = (message.get("params") or {}).get("notifications") or {}
    tag = {META_SUBSCRIPTION: message["id"]}
    ack = {"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
           "params": {"_meta": {} if "listen-untagged-ack" in flaws else tag, "notifications": notifications}}
    if "listen-no-ack" in flaws:
        return []
    if "listen-notify-first" in flaws:
        early = {"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": {"_meta": tag}}
        return [early, ack]
    return [ack]


def serve_stdio():
    def write(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        if message.get("method") == "notifications/cancelled":
            log("cancelled %s" % (message.get("params") or {}).get("requestId"))
        if "id" not in message or "method" not in message:
            continue  # notifications (cancelled ends a listen: nothing to send) and answers
        log("request %s %s" % (message["method"], message["id"]))
        problem = validate(message)
        if problem:
            write(reply(message, problem))
        elif message["method"] == "subscriptions/listen":
            for each in listen_messages(message):
                write(each)
        else:
            write(reply(message, outcome(message["method"], message.get("params") or {})))


def serve_http():
    import base64
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from urllib.parse import urlparse

    def decoded(value):
        if value and value.startswith("=?base64?") and value.endswith("?="):
            return base64.b64decode(value[9:-2]).decode()
        return value

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send(self, status, body=None, headers=()):
            data = json.dumps(body).encode() if body is not None else b""
            self.send_response(status)
            if data:
                self.send_header("Content-Type", "application/json")
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def refused(self):
            origin = self.headers.get("Origin")
            if origin and urlparse(origin).hostname not in ("localhost", "127.0.0.1"):
                return True
            return (self.headers.get("Host") or "").rsplit(":", 1)[0] not in ("localhost", "127.0.0.1")

        def mismatch(self, message):
            params = message.get("params") or {}
            version = (params.get("_meta") or {}).get(META_VERSION)
            # A body without its version is malformed (-32602, validate says so), not a mismatch.
            if version is not None and self.headers.get("MCP-Protocol-Version") != version:
                return "MCP-Protocol-Version differs from _meta"
            if "headers-unchecked" in flaws:
                return None
            if self.headers.get("Mcp-Method") != message["method"]:
                return "Mcp-Method differs from the body"
            if message["method"] in ("tools/call", "prompts/get", "resources/read"):
                name = params.get("uri" if message["method"] == "resources/read" else "name")
                if decoded(self.headers.get("Mcp-Name")) != name:
                    return "Mcp-Name differs from the body"
            return None

        def do_POST(self):
            message = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            if self.refused():
                return self.send(403, {"jsonrpc": "2.0", "error": {"code": -32600, "message": "refused"}})
            if "id" not in message:
                return self.send(202)
            log("request %s %s" % (message["method"], message["id"]))
            problem = None if "meta-unchecked" in flaws and "_meta" not in (message.get("params") or {}) \
                else self.mismatch(message)
            if problem:
                return self.send(400, reply(message, error(-32020, "Header mismatch: " + problem)))
            problem = validate(message)
            if problem:
                return self.send(400, reply(message, problem))
            if message["method"] == "subscriptions/listen":
                return self.listen(message)
            answer = outcome(message["method"], message.get("params") or {})
            code = answer.get("error", {}).get("code")
            status = 200
            if code == -32601 and "unknown-method-200" not in flaws:
                status = 404
            elif code in (-32602, -32600):
                status = 400
            self.send(status, reply(message, answer))

        def listen(self, message):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            try:
                for each in listen_messages(message):
                    self.wfile.write(b"event: message\ndata: " + json.dumps(each).encode() + b"\n\n")
                    self.wfile.flush()
                # Open until the client closes it: a client sends nothing more on this
                # connection while the answer runs, so the read ends when it is closed.
                self.connection.settimeout(60)
                self.rfile.read(1)
                log("listen-closed %s" % message["id"])
            except OSError:
                pass
            self.close_connection = True

        def do_GET(self):
            self.send(405, headers=[("Allow", "POST")])

        def do_DELETE(self):
            self.send(405, headers=[("Allow", "POST")])

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    sys.stdout.write("listening on http://127.0.0.1:%d/mcp \n" % server.server_address[1])
    sys.stdout.flush()
    server.serve_forever()


if http:
    serve_http()
else:
    serve_stdio()
