#!/usr/bin/env python3
# `mcpscope --cli` as a conformance client: the suite runs "<this> <server-url>"; this starts the
# CLI (tools/list on that server) and plays the person at the browser: it opens the address the
# CLI prints when the server asks for sign-in. The suite's authorization server redirects at once
# to the CLI's 127.0.0.1 listener, as a real one does after the person signs in.
# MCP_CONFORMANCE_CONTEXT becomes --oauth-* flags: a pre-registered client (secret, or its private
# key in a file only this user can read, deleted afterwards), a workload identity JWT (a file too).
import json, os, re, subprocess, sys, tempfile, threading, urllib.request
cli = os.environ["MCPSCOPE_CLI"]
context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")
# The suite expects this Client ID Metadata Document URL (it never fetches it).
args = [cli, "--cli", sys.argv[1], "--transport", "http", "--method", "tools/list",
        "--oauth-client-metadata-url", "https://conformance-test.local/client-metadata.json"]
if context.get("client_id"):
    args += ["--oauth-client-id", context["client_id"]]
if context.get("client_secret"):
    args += ["--oauth-client-secret", context["client_secret"]]
# Pre-registered credentials go only to their own issuer: the person names it. The context names
# it for some scenarios; for the others the person looks it up where the server publishes it.
def authorization_server(server_url):
    origin = re.match(r"https?://[^/]+", server_url).group(0)
    path = server_url[len(origin):].rstrip("/")
    for candidate in ([origin + "/.well-known/oauth-protected-resource" + path] if path else []) + \
                     [origin + "/.well-known/oauth-protected-resource"]:
        try:
            with urllib.request.urlopen(candidate, timeout=10) as answer:
                return json.load(answer)["authorization_servers"][0]
        except Exception:
            continue
    return None
if context.get("client_id") or context.get("valid_jwt"):
    issuer = context.get("issuer") or authorization_server(sys.argv[1])
    if issuer:
        args += ["--oauth-client-issuer", issuer]
files = []
def private_file(contents):
    fd, path = tempfile.mkstemp(prefix="mcpscope-conformance-")  # mode 0600
    with os.fdopen(fd, "w") as f:
        f.write(contents)
    files.append(path)
    return path
if context.get("private_key_pem"):
    args += ["--oauth-client-key", private_file(context["private_key_pem"])]
if context.get("valid_jwt"):
    args += ["--oauth-workload-token", private_file(context["valid_jwt"])]
proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
def pump_err():
    for line in proc.stderr:
        sys.stderr.write(line)
        m = re.match(r"(https?://\S+)", line.strip())
        if m and "authorize" in m.group(1):
            try:
                urllib.request.urlopen(m.group(1), timeout=20).read()
            except Exception as e:
                sys.stderr.write("wrapper: browser step failed: %s\n" % e)
t = threading.Thread(target=pump_err, daemon=True); t.start()
out = proc.stdout.read()
sys.stdout.write(out)
code = proc.wait()
for path in files:
    os.unlink(path)
sys.exit(code)
