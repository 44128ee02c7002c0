#!/usr/bin/env python3
"""A scripted MCP server over stdio for tst_client: normal answers plus faults on demand.

Test methods (test/*) let the client under test trigger one behaviour each: hang, crash,
late or unknown-id responses, progress, batches, server-to-client requests. Everything the
peer wants the test to see comes back in results or in notifications/message.
"""
import heapq
import itertools
import json
import os
import select
import sys
import time

args = sys.argv[1:]
def option(name, default=None):
    return args[args.index(name) + 1] if name in args else default

ANSWER_VERSION = option("--version")          # protocol version to answer (default: the offered one)
INIT_DELAY_MS = int(option("--init-delay", "0"))
STDERR_BANNER = option("--stderr", "scripted_server ready")

timers = []                      # heap of (deadline, seq, callback)
seq = itertools.count()
initialized = False
received = []                    # every message from the client, in order
client_replies = {}              # id (json form) -> reply message from the client
waiting_for_client = {}          # json(id) of our request -> id of the test request to answer
hanging = set()
stop_streams = set()

def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()

def later(ms, fn):
    heapq.heappush(timers, (time.monotonic() + ms / 1000.0, next(seq), fn))

def reply(rid, result):
    send({"jsonrpc": "2.0", "id": rid, "result": result})

def error(rid, code, message, data=None):
    err = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    send({"jsonrpc": "2.0", "id": rid, "error": err})

def log(data, level="info"):
    send({"jsonrpc": "2.0", "method": "notifications/message",
          "params": {"level": level, "logger": "peer", "data": data}})

def token_of(params):
    return (params.get("_meta") or {}).get("progressToken")

PAGES = [["a", "b"], ["c", "d"], ["e"]]

def handle_request(msg):
    rid, method, params = msg["id"], msg["method"], msg.get("params") or {}
    if method == "initialize":
        result = {
            "protocolVersion": ANSWER_VERSION or params.get("protocolVersion"),
            "capabilities": {"tools": {"listChanged": True}, "logging": {},
                             "resources": {"subscribe": True, "listChanged": True}},
            "serverInfo": {"name": "scripted-server", "version": "1.2.3", "title": "Scripted"},
            "instructions": "Use test/* methods.",
        }
        result["_echo"] = {"offered": params.get("protocolVersion"), "capabilities": params.get("capabilities"),
                           "clientInfo": params.get("clientInfo")}
        if INIT_DELAY_MS:
            later(INIT_DELAY_MS, lambda: reply(rid, result))
        else:
            reply(rid, result)
    elif method == "ping":
        reply(rid, {})
    elif method == "test/echo":
        reply(rid, {"params": params, "sawInitialized": initialized,
                    "methodsSoFar": [m.get("method", "<reply>") for m in received]})
    elif method == "test/hang":
        hanging.add(json.dumps(rid))
    elif method == "test/error":
        error(rid, -32602, "bad arguments", {"field": "x"})
    elif method == "test/late":
        later(int(params.get("delayMs", 500)), lambda: reply(rid, {"late": True}))
    elif method == "test/crash":
        sys.stderr.write("crashing on purpose\n")
        sys.stderr.flush()
        os._exit(int(params.get("code", 3)))
    elif method == "test/unknown-id":
        reply(987654, {"stray": True})
        reply("no-such-id", {"stray": True})
        reply(rid, {"ok": True})
    elif method == "test/progress":
        token = token_of(params)
        steps = int(params.get("steps", 3))
        interval = int(params.get("intervalMs", 50))
        for i in range(1, steps + 1):
            def step(i=i):
                p = {"progressToken": token, "progress": i, "message": "step %d" % i}
                if params.get("withTotal", True):
                    p["total"] = steps
                send({"jsonrpc": "2.0", "method": "notifications/progress", "params": p})
            later(interval * i, step)
        later(interval * steps + 1, lambda: reply(rid, {"done": True, "steps": steps}))
    elif method == "test/progress-forever":
        token = token_of(params)
        interval = int(params.get("intervalMs", 50))
        key = json.dumps(rid)
        counter = itertools.count(1)
        def tick():
            if key in stop_streams:
                return
            send({"jsonrpc": "2.0", "method": "notifications/progress",
                  "params": {"progressToken": token, "progress": next(counter)}})
            later(interval, tick)
        later(interval, tick)
    elif method == "test/server-request":
        sid = params["id"]
        waiting_for_client[json.dumps(sid)] = rid
        req = {"jsonrpc": "2.0", "id": sid, "method": params["method"]}
        if "params" in params:
            req["params"] = params["params"]
        send(req)
    elif method == "test/server-request-then-cancel":
        sid = params["id"]
        req = {"jsonrpc": "2.0", "id": sid, "method": params["method"], "params": params.get("params", {})}
        send(req)
        def cancel():
            send({"jsonrpc": "2.0", "method": "notifications/cancelled",
                  "params": {"requestId": sid, "reason": "changed my mind"}})
            reply(rid, {"cancelledSent": True})
        later(int(params.get("delayMs", 100)), cancel)
    elif method == "test/replies":
        reply(rid, {"replies": list(client_replies.values())})
    elif method == "test/batch":
        send([
            {"jsonrpc": "2.0", "method": "notifications/message",
             "params": {"level": "info", "logger": "peer", "data": "batch-1"}},
            {"jsonrpc": "2.0", "id": "batch-ping", "method": "ping"},
            {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"},
            {"jsonrpc": "2.0", "id": rid, "result": {"batched": True}},
        ])
    elif method == "test/notify":
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        send({"jsonrpc": "2.0", "method": "notifications/resources/list_changed"})
        send({"jsonrpc": "2.0", "method": "notifications/prompts/list_changed"})
        send({"jsonrpc": "2.0", "method": "notifications/resources/updated", "params": {"uri": "test://r/1"}})
        send({"jsonrpc": "2.0", "method": "notifications/tasks/status",
              "params": {"taskId": "t-1", "status": "working"}})
        send({"jsonrpc": "2.0", "method": "notifications/message",
              "params": {"level": "warning", "logger": "notify", "data": {"n": 1}}})
        send({"jsonrpc": "2.0", "method": "notifications/custom/thing", "params": {"x": 1}})
        reply(rid, {"notified": 7})
    elif method == "test/pages":
        cursor = params.get("cursor")
        index = int(cursor) if cursor else 0
        result = {"things": [{"name": n} for n in PAGES[index]]}
        if index + 1 < len(PAGES):
            result["nextCursor"] = str(index + 1)
        reply(rid, result)
    elif method == "test/pages-loop":
        reply(rid, {"things": [{"name": "x"}], "nextCursor": "same"})
    elif method == "test/pages-error":
        if params.get("cursor"):
            error(rid, -32603, "page two broke")
        else:
            reply(rid, {"things": [{"name": "first"}], "nextCursor": "2"})
    else:
        error(rid, -32601, "Method not found: " + method)

def handle(msg):
    global initialized
    if not isinstance(msg, dict):
        return
    received.append(msg)
    if "method" in msg and "id" in msg:
        handle_request(msg)
    elif "method" in msg:
        method = msg["method"]
        params = msg.get("params") or {}
        if method == "notifications/initialized":
            initialized = True
        elif method == "notifications/cancelled":
            key = json.dumps(params.get("requestId"))
            stop_streams.add(key)
            log({"event": "cancelled", "requestId": params.get("requestId"), "reason": params.get("reason"),
                 "wasHanging": key in hanging})
    else:
        key = json.dumps(msg.get("id"))
        client_replies[key] = msg
        if key in waiting_for_client:
            reply(waiting_for_client.pop(key), {"reply": msg})

def main():
    sys.stderr.write(STDERR_BANNER + "\n")
    sys.stderr.flush()
    fd = sys.stdin.fileno()
    buffer = b""
    while True:
        now = time.monotonic()
        while timers and timers[0][0] <= now:
            _, _, fn = heapq.heappop(timers)
            fn()
            now = time.monotonic()
        timeout = max(0.0, timers[0][0] - now) if timers else None
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            line = line.strip()
            if not line:
                continue
            try:
                data = json.loads(line)
            except ValueError:
                sys.stderr.write("bad line from client: %r\n" % line[:200])
                continue
            for msg in (data if isinstance(data, list) else [data]):
                handle(msg)

if __name__ == "__main__":
    main()
