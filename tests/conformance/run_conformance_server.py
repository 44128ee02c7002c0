#!/usr/bin/env python3
"""Runs the server scenarios of @modelcontextprotocol/conformance against the demo server.

Starts `mcpscope-demo-server --http --port 0 --conformance` (127.0.0.1, a free port) and runs
`conformance server --requirements REVISION --url ...`: exactly the scenarios that revision
requires (and those the suite runs beside them without scoring), at its wire version.
--http-responses sse runs it a second time with every answer as an event stream. A scenario
fails on any FAILURE or WARNING check, or when it produced no checks, in either run. Scenarios in
the baseline file are expected to fail (each with its reason there); one that starts passing is
reported; any other failure fails the run.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import conformance_results


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


def run_suite(url, requirements, env, outdir, timeout):
    """The suite's output; its exit code says nothing once some scenarios are expected to fail."""
    try:
        proc = subprocess.run(["conformance", "server", "--url", url, "--requirements", requirements, "-o", outdir],
                              env=env, capture_output=True, text=True, timeout=timeout)
        return proc.stdout + proc.stderr
    except subprocess.TimeoutExpired:
        return "the suite timed out"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the mcpscope-demo-server binary")
    parser.add_argument("--peers", required=True, help="tests/peers/node_modules")
    parser.add_argument("--requirements", required=True, help="a revision's requirement set, e.g. 2026-07-28")
    parser.add_argument("--baseline", required=True, help="the scenarios expected to fail")
    parser.add_argument("--output", help="where the suite writes its results (default: a temporary folder)")
    parser.add_argument("--http-responses", action="append", choices=["auto", "sse"],
                        help="server answer modes to test (default: auto and sse)")
    args = parser.parse_args()

    env = conformance_results.peers_env(args.peers)
    if env is None:
        print("SKIP: the conformance suite is not installed (scripts/setup.sh --test-peers)")
        return 0
    expected = conformance_results.scenarios("server", args.requirements, env)
    if not expected:
        print("FAIL: 'conformance list' named no server scenarios for %s" % args.requirements)
        return 1

    output = args.output or tempfile.mkdtemp(prefix="conformance-server-")
    runs = {scenario: [] for scenario in expected}
    for mode in args.http_responses or ["auto", "sse"]:
        outdir = os.path.join(output, mode)
        shutil.rmtree(outdir, ignore_errors=True)
        print("== demo server, --http-responses %s, requirements %s" % (mode, args.requirements))
        sys.stdout.flush()
        server, url = start_server(args.server, mode)
        try:
            log = run_suite(url, args.requirements, env, outdir, timeout=120)
        finally:
            server.terminate()
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
        found = conformance_results.results(outdir)
        missing = conformance_results.unfinished(log.splitlines())
        for scenario in expected:
            lines = found.get(scenario, missing)
            runs[scenario].append(None if lines is None else ["[%s] %s" % (mode, line) for line in lines])
    verdicts = {scenario: conformance_results.verdict(lines) for scenario, lines in runs.items()}
    return conformance_results.judge(verdicts, conformance_results.read_baseline(args.baseline), args.baseline)


if __name__ == "__main__":
    sys.exit(main())
