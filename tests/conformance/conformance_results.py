"""What run_conformance.py and run_conformance_server.py share: the scenario list of a requirement
set, each scenario's verdict from the suite's checks.json files, and the comparison with an
expected-failures file.

An expected-failures file names one scenario a line; '#' lines above an entry say why it fails.
A scenario fails on any FAILURE or WARNING check or when it produced no checks (a scenario that
cannot fail proves nothing); the client runner's --scenario runs add the suite's exit code.
"""
import glob
import json
import os
import re
import subprocess
import sys

NO_RESULTS = "no checks.json (the scenario did not finish)"
LIST_ENTRY = re.compile(r"^\s+- (\S+)(?: \[([^\]]*)\])?")


def scenarios(kind, requirements, env):
    """The scenarios of one kind ('client' or 'server') that `conformance list` names, for a
    requirement set (with the ones it runs but does not score) or, without one, all of them."""
    command = ["conformance", "list", "--" + kind]
    if requirements:
        command += ["--requirements", requirements]
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120).stdout
    names, section = [], None
    for line in out.splitlines():
        if line.startswith("Client scenarios"):
            section = "client"
        elif line.startswith("Server scenarios"):
            section = "server"
        elif line and not line.startswith(" "):
            section = None
        match = LIST_ENTRY.match(line)
        if match:
            tag = match.group(2)
            if (tag if tag in ("client", "server") else section) == kind and match.group(1) not in names:
                names.append(match.group(1))
    return names


def read_baseline(path):
    with open(path) as f:
        return {line.strip() for line in f if line.strip() and not line.startswith("#")}


def describe(check):
    message = (check.get("errorMessage") or check.get("description") or "").strip()
    return "%s %s: %s" % (check.get("status"), check.get("name", check.get("id")),
                          message.splitlines()[0][:200] if message else "")


def bad_checks(checks_file):
    """FAILURE and WARNING checks of one checks.json, described one a line; None when the suite
    skipped every check (the scenario was not judged)."""
    with open(checks_file) as f:
        checks = json.load(f)
    if not checks:
        return ["produced no checks"]
    if all(check.get("status") == "SKIPPED" for check in checks):
        return None
    return [describe(check) for check in checks if check.get("status") in ("FAILURE", "WARNING")]


def scenario_of(result_dir, outdir):
    """The scenario a result folder of the suite belongs to: 'auth/x-<timestamp>' is auth/x,
    'server-x-<timestamp>' is x."""
    relative = os.path.relpath(result_dir, outdir).replace(os.sep, "/")
    return re.sub(r"^server-|-\d{4}-\d\d-\d\dT[\d-]+Z$", "", relative)


def results(outdir):
    """{scenario: bad check lines, or None when skipped} for every scenario with a checks.json
    under outdir (newest run)."""
    found = {}
    for path in sorted(glob.glob(os.path.join(outdir, "**", "checks.json"), recursive=True), key=os.path.getmtime):
        found[scenario_of(os.path.dirname(path), outdir)] = bad_checks(path)
    return found


def unfinished(log_lines):
    """The detail lines for a scenario without results: why, and the end of the suite's output."""
    return [NO_RESULTS] + ["| " + line for line in log_lines[-20:]]


def verdict(runs):
    """(ok, detail lines) of one scenario from its bad check lines in one or more runs (None for a
    run that skipped it); ok is None when every run skipped it."""
    judged = [lines for lines in runs if lines is not None]
    if not judged:
        return None, []
    details = [line for lines in judged for line in lines]
    return not details, details


def judge(verdicts, baseline, baseline_path):
    """Prints PASS/XFAIL/FAIL/SKIPPED per scenario; verdicts maps scenario -> (ok, detail lines),
    ok None for a scenario the suite skipped. Returns the process exit code: 1 when a scenario
    outside the baseline failed."""
    unexpected, fixed, expected, skipped = [], [], [], []
    for scenario, (ok, details) in verdicts.items():
        if ok is None:
            print("SKIPPED  %s (the suite judged none of its checks)" % scenario)
            skipped.append(scenario)
        elif ok:
            print("PASS     %s" % scenario)
            if scenario in baseline:
                fixed.append(scenario)
        else:
            listed = scenario in baseline
            print("%s %s" % ("XFAIL   " if listed else "FAIL    ", scenario))
            for line in details if not listed else details[:3]:
                print("           " + line)
            (expected if listed else unexpected).append(scenario)
    passed = len(verdicts) - len(expected) - len(unexpected) - len(skipped)
    print("\n%d scenarios: %d passed, %d expected failures, %d unexpected failures, %d skipped by the suite"
          % (len(verdicts), passed, len(expected), len(unexpected), len(skipped)))
    for scenario in fixed:
        print("NOTE: %s is in the baseline but passes now; remove it from %s" % (scenario, baseline_path))
    for scenario in sorted(baseline - set(verdicts)):
        print("NOTE: %s is in %s but was not run" % (scenario, baseline_path))
    sys.stdout.flush()
    return 1 if unexpected else 0


def peers_env(peers):
    """The environment with the peers' node_modules/.bin (the suite and its Node 22) first on PATH,
    or None when the suite is not installed."""
    bin_dir = os.path.join(peers, ".bin")
    if not os.path.exists(os.path.join(bin_dir, "conformance")):
        return None
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env.pop("MCP_CONFORMANCE_SCENARIO", None)
    return env
