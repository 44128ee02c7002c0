"""A tiny stdio MCP server whose tools come from tools.json next to it (read at start), for
watch-mode tests: edit tools.json, the inspector restarts it, the tools differ. Tool "crash"
exits with the code given in its "code" argument."""
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "tools.json")) as f:
    TOOLS = json.load(f)

sys.stderr.write("reloading_server up with %d tools\n" % len(TOOLS))
sys.stderr.flush()

def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

for line in sys.stdin:
    msg = json.loads(line)
    method, rid = msg.get("method"), msg.get("id")
    if rid is None:
        continue
    params = msg.get("params") or {}
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": rid, "result": {
            "protocolVersion": params.get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {}}, "serverInfo": {"name": "reloading", "version": "1"}}})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": rid, "result": {"tools": TOOLS}})
    elif method == "tools/call":
        args = params.get("arguments") or {}
        if params.get("name") == "crash":
            sys.stderr.write("crash requested\n")
            sys.stderr.flush()
            os._exit(int(args.get("code", 3)))
        send({"jsonrpc": "2.0", "id": rid, "result": {
            "content": [{"type": "text", "text": "%s %s with %d tools" % (params.get("name"), json.dumps(args), len(TOOLS))}]}})
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": rid, "result": {}})
    else:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "no " + str(method)}})
