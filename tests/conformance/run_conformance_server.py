#!/usr/bin/env python3
"""Runs every server scenario of @modelcontextprotocol/conformance against the demo server.

Starts `mcpscope-demo-server --http --port 0 --conformance` (127.0.0.1, a free port), runs
`conformance server --suite all --url ...`, prints each check's name and status, and fails
on any FAILURE or WARNING check, on a scenario that produced no checks, or when the suite
itself fails. --http-responses sse runs it a second time with every answer as an event stream.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def start_server(server, mode):
    proc = subprocess.Popen([server, "--http", "--port", "0", "--conformance", "--http-responses", mode],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+/mcp)", line)
        if match:
            return proc, match.group(1)
    proc.kill()
    raise RuntimeError("the demo server did not say where it listens")


def run_suite(url, env, outdir, timeout):
    proc = subprocess.run(["conformance", "server", "--url", url, "--suite", "all", "-o", outdir],
                          env=env, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout + proc.stderr


def report(outdir):
    """Prints each check; returns (number of checks, bad checks, scenarios without checks)."""
    total, bad, empty = 0, [], []
    for path in sorted(glob.glob(os.path.join(outdir, "*", "checks.json"))):
        scenario = re.sub(r"^server-|-\d{4}-\d\d-\d\dT.*$", "", os.path.basename(os.path.dirname(path)))
        with open(path) as f:
            checks = json.load(f)
        if not checks:
            empty.append(scenario)
        for check in checks:
            status = check.get("status", "?")
            if status == "INFO":
                continue  # traffic records, not verdicts
            total += 1
            name = check.get("name", check.get("id"))
            line = "%-8s %-32s %s" % (status, scenario, name)
            if status in ("FAILURE", "WARNING"):
                bad.append(line)
                if check.get("errorMessage"):
                    line += "\n         " + check["errorMessage"]
            print(line)
    return total, bad, empty


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the mcpscope-demo-server binary")
    parser.add_argument("--peers", required=True, help="tests/peers/node_modules")
    parser.add_argument("--output", help="where the suite writes its results (default: a temporary folder)")
    parser.add_argument("--http-responses", action="append", choices=["auto", "sse"],
                        help="server answer modes to test (default: auto and sse)")
    args = parser.parse_args()

    bin_dir = os.path.join(args.peers, ".bin")
    if not os.path.exists(os.path.join(bin_dir, "conformance")):
        print("SKIP: the conformance suite is not installed (scripts/setup.sh --test-peers)")
        return 0
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")  # Node 22 from the peers first

    output = args.output or tempfile.mkdtemp(prefix="conformance-server-")
    failed = False
    for mode in args.http_responses or ["auto", "sse"]:
        outdir = os.path.join(output, mode)
        if os.path.isdir(outdir):
            for old in glob.glob(os.path.join(outdir, "*", "checks.json")):
                os.remove(old)
        os.makedirs(outdir, exist_ok=True)
        print("== demo server, --http-responses %s" % mode)
        server, url = start_server(args.server, mode)
        try:
            code, output_text = run_suite(url, env, outdir, timeout=100)
        except subprocess.TimeoutExpired:
            code, output_text = -1, "timed out"
        finally:
            server.terminate()
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
        total, bad, empty = report(outdir)
        print("%s: %d checks, %d failures or warnings, suite exit %d" % (mode, total, len(bad), code))
        for scenario in empty:
            print("NO CHECKS %s" % scenario)
        if code != 0 or bad or empty or total == 0:
            failed = True
            print("\n".join("    | " + line for line in output_text.splitlines()[-40:]))
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
