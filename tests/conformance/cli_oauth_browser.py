#!/usr/bin/env python3
# `mcpscope --cli` as a conformance client: the suite runs "<this> <server-url>"; this starts the
# CLI (tools/list on that server) and plays the person at the browser: it opens the address the
# CLI prints when the server asks for sign-in. The suite's authorization server redirects at once
# to the CLI's 127.0.0.1 listener, as a real one does after the person signs in.
import os, re, subprocess, sys, threading, urllib.request
cli = os.environ["MCPSCOPE_CLI"]
proc = subprocess.Popen([cli, "--cli", sys.argv[1], "--transport", "http", "--method", "tools/list"],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
sys.exit(proc.wait())
