#!/usr/bin/env python3
"""A scriptable stdio peer for tst_stdiotransport.

It answers JSON-RPC requests one line at a time; the method says what to do
(echo, misbehave, exit, die). Flags:
  --ignore-stdin-close  keep running after stdin ends
  --ignore-sigterm      ignore SIGTERM
  --read-after-ms N     read nothing on stdin for N ms after starting (the pipe fills)
"""
import json
import os
import signal
import sys
import time

ignore_stdin_close = "--ignore-stdin-close" in sys.argv
if "--ignore-sigterm" in sys.argv:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

out = sys.stdout.buffer
err = sys.stderr.buffer


def write_line(data, terminator=b"\n"):
    out.write(data + terminator)
    out.flush()


def reply(msg_id, result, terminator=b"\n"):
    line = json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": result}, separators=(",", ":"))
    write_line(line.encode(), terminator)


if "--read-after-ms" in sys.argv:
    time.sleep(int(sys.argv[sys.argv.index("--read-after-ms") + 1]) / 1000)

for raw in iter(sys.stdin.buffer.readline, b""):
    msg = json.loads(raw)
    method = msg.get("method")
    params = msg.get("params") or {}
    msg_id = msg.get("id")
    if msg_id is None:
        continue
    if method == "echo":
        reply(msg_id, params)
    elif method == "crlf":
        reply(msg_id, params, b"\r\n")
    elif method == "garbage":
        write_line(b"this is not json")
        write_line(b"")
        reply(msg_id, params)
    elif method == "stderr":
        # Many lines on stderr before the answer: the client must drain stderr meanwhile.
        line = b"e" * (params["lineLength"] - 1) + b"\n"
        for _ in range(params["lines"]):
            err.write(line)
        err.flush()
        reply(msg_id, params)
    elif method == "big":
        reply(msg_id, {"text": "x" * params["size"]})
    elif method == "oversized":
        write_line(b"a" * params["size"])
        reply(msg_id, params)
    elif method == "invalidUtf8":
        write_line(b'{"jsonrpc":"2.0","method":"note","params":{"s":"\xff\xfe"}}')
        reply(msg_id, params)
    elif method == "invalidUtf8Reply":
        # The answer itself holds invalid UTF-8 in a string: it must still be delivered.
        write_line(b'{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"caf\xe9 \xff!"}]}}' % msg_id)
    elif method == "unreadableReply":
        # An answer that is not JSON (cut off) but names its id: the request must fail at once.
        write_line(b'{"jsonrpc":"2.0","id":%d,"result":{"text":"cut' % msg_id)
    elif method == "replyWithoutJsonrpc":
        write_line(b'{"id":%d,"result":{}}' % msg_id)
    elif method == "batch":
        batch = [{"jsonrpc": "2.0", "id": msg_id, "result": {"n": 1}},
                 {"jsonrpc": "2.0", "method": "notifications/message", "params": {"n": 2}}]
        write_line(json.dumps(batch, separators=(",", ":")).encode())
    elif method == "env":
        reply(msg_id, {"value": os.environ.get(params["name"]), "home": "HOME" in os.environ})
    elif method == "cwd":
        reply(msg_id, {"cwd": os.getcwd()})
    elif method == "unterminated":
        out.write(b'{"jsonrpc":"2.0","id":%d,"result":{}}' % msg_id)
        out.flush()
        sys.exit(0)
    elif method == "twoAnswers":
        # Two answers in one write: the client reads them in one pass.
        out.write(json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": {"n": 1}}).encode() + b"\n"
                  + json.dumps({"jsonrpc": "2.0", "id": params["secondId"], "result": {"n": 2}}).encode() + b"\n")
        out.flush()
    elif method == "closeStdin":
        # Answers, then closes stdin and keeps running: what the client writes next fails (EPIPE).
        reply(msg_id, params)
        os.close(0)
        while True:
            time.sleep(1)
    elif method == "exit":
        err.write(b"exiting\n")
        err.flush()
        sys.exit(params["code"])
    elif method == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    else:
        write_line(json.dumps({"jsonrpc": "2.0", "id": msg_id,
                               "error": {"code": -32601, "message": "no such method"}}).encode())

if ignore_stdin_close:
    while True:
        time.sleep(1)
