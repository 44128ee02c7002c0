#!/usr/bin/env python3
"""Runs every client scenario of @modelcontextprotocol/conformance against our client.

A scenario passes when the tool exits 0 and no check is FAILURE or WARNING. Scenarios in the
baseline file are expected to fail (each with its reason there): they do not fail the run,
and one that starts passing is reported so that the baseline can shrink. Any other failure
fails the run. Everything happens on 127.0.0.1: the suite starts its own local servers.
"""
import argparse
import glob
import json
import os
import subprocess
import sys


def client_scenarios(env):
    out = subprocess.run(["conformance", "list"], env=env, capture_output=True, text=True, timeout=120).stdout
    names, in_client = [], False
    for line in out.splitlines():
        if line.startswith("Client scenarios"):
            in_client = True
        elif line and not line.startswith(" "):
            in_client = False
        elif in_client and line.strip().startswith("- "):
            names.append(line.strip()[2:].split(" ")[0])
    return names


def run_one(scenario, client, outdir, env):
    target = os.path.join(outdir, scenario.replace("/", "_"))
    os.makedirs(target, exist_ok=True)
    try:
        proc = subprocess.run(["conformance", "client", "--command", client, "--scenario", scenario, "-o", target],
                              env=env, capture_output=True, text=True, timeout=180)
        code, output = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired:
        return False, "timed out", ""
    runs = sorted(glob.glob(os.path.join(target, "**", "checks.json"), recursive=True), key=os.path.getmtime)
    failures, warnings = [], []
    if runs:
        with open(runs[-1]) as f:
            for check in json.load(f):
                if check.get("status") == "FAILURE":
                    failures.append(check.get("name", check.get("id")))
                elif check.get("status") == "WARNING":
                    warnings.append(check.get("name", check.get("id")))
    ok = code == 0 and not failures and not warnings and bool(runs)
    detail = "exit %d, %d failures, %d warnings" % (code, len(failures), len(warnings))
    if failures or warnings:
        detail += ": " + ", ".join(failures + warnings)
    return ok, detail, output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", required=True)
    parser.add_argument("--peers", required=True, help="tests/peers/node_modules")
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--scenario", action="append", help="run only these (default: all client scenarios)")
    args = parser.parse_args()

    bin_dir = os.path.join(args.peers, ".bin")
    if not os.path.exists(os.path.join(bin_dir, "conformance")):
        print("SKIP: the conformance suite is not installed (scripts/setup.sh --test-peers)")
        return 0
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env.pop("MCP_CONFORMANCE_SCENARIO", None)

    with open(args.baseline) as f:
        baseline = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    scenarios = args.scenario or client_scenarios(env)
    if not scenarios:
        print("FAIL: 'conformance list' named no client scenarios")
        return 1

    unexpected, fixed, expected = [], [], []
    for scenario in scenarios:
        ok, detail, output = run_one(scenario, args.client, args.output, env)
        if ok:
            print("PASS     %-45s %s" % (scenario, detail))
            if scenario in baseline:
                fixed.append(scenario)
        elif scenario in baseline:
            print("XFAIL    %-45s %s" % (scenario, detail))
            expected.append(scenario)
        else:
            print("FAIL     %-45s %s" % (scenario, detail))
            print("\n".join("    | " + line for line in output.splitlines()[-40:]))
            unexpected.append(scenario)
        sys.stdout.flush()

    print("\n%d scenarios: %d passed, %d expected failures, %d unexpected failures"
          % (len(scenarios), len(scenarios) - len(expected) - len(unexpected), len(expected), len(unexpected)))
    for scenario in fixed:
        print("NOTE: %s is in the baseline but passes now; remove it from %s" % (scenario, args.baseline))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
