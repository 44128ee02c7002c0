#!/usr/bin/env python3
"""Runs the client scenarios of @modelcontextprotocol/conformance against our client.

With --requirements REVISION: `conformance client --requirements REVISION`, exactly the scenarios
that revision requires (and those the suite runs beside them without scoring), each at the
revision's wire version, in parallel; a scenario passes when none of its checks is FAILURE or
WARNING (the suite's own verdict for a requirement set, which leaves the client's exit code out).
With --scenario (repeatable) instead: one `conformance client --scenario` run each, one after
the other, at the suite's default version; there a client that exits non-zero also fails, except in
the scenarios that allow it.

Scenarios in the baseline file are expected to fail (each with its reason there): they do not fail
the run, and one that starts passing is reported so that the baseline can shrink. Any other
failure fails the run. Everything happens on 127.0.0.1: the suite starts its own local servers.
"""
import argparse
import os
import shutil
import subprocess
import sys

import conformance_results


def run_requirements(requirements, client, outdir, env):
    """{scenario: (ok, detail lines)} for a whole requirement set."""
    shutil.rmtree(outdir, ignore_errors=True)
    expected = conformance_results.scenarios("client", requirements, env)
    try:
        proc = subprocess.run(["conformance", "client", "--command", client, "--requirements", requirements,
                               "-o", outdir], env=env, capture_output=True, text=True, timeout=240)
        log = (proc.stdout + proc.stderr).splitlines()
    except subprocess.TimeoutExpired:
        log = ["the suite timed out"]
    found = conformance_results.results(outdir)
    missing = conformance_results.unfinished(log)
    return {scenario: conformance_results.verdict([found.get(scenario, missing)]) for scenario in expected}


def run_one(scenario, client, outdir, env):
    """(ok, detail lines) for one scenario run on its own."""
    target = os.path.join(outdir, scenario.replace("/", "_"))
    shutil.rmtree(target, ignore_errors=True)
    try:
        proc = subprocess.run(["conformance", "client", "--command", client, "--scenario", scenario, "-o", target],
                              env=env, capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        return False, ["timed out"]
    bad = conformance_results.results(target).get(scenario, [conformance_results.NO_RESULTS])
    if proc.returncode != 0 and not bad:
        output = (proc.stdout + proc.stderr).splitlines()
        bad = ["the suite exited %d" % proc.returncode] + ["| " + line for line in output[-30:]]
    return conformance_results.verdict([bad])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", required=True)
    parser.add_argument("--peers", required=True, help="tests/peers/node_modules")
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--output", required=True)
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--requirements", help="a revision's requirement set, e.g. 2026-07-28")
    which.add_argument("--scenario", action="append", help="run these scenarios one by one")
    args = parser.parse_args()

    env = conformance_results.peers_env(args.peers)
    if env is None:
        print("SKIP: the conformance suite is not installed (scripts/setup.sh --test-peers)")
        return 0
    if args.scenario:
        verdicts = {scenario: run_one(scenario, args.client, args.output, env) for scenario in args.scenario}
    else:
        verdicts = run_requirements(args.requirements, args.client, args.output, env)
        if not verdicts:
            print("FAIL: 'conformance list' named no client scenarios for %s" % args.requirements)
            return 1
    return conformance_results.judge(verdicts, conformance_results.read_baseline(args.baseline), args.baseline)


if __name__ == "__main__":
    sys.exit(main())
