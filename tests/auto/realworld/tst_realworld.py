#!/usr/bin/env python3
"""The real-world matrix: `mcpscope --cli` (the real process) against third-party MCP servers from
the npm registry that nobody on the project wrote, pinned in tests/peers/package.json, on several
implementations, through every transport each one offers, in the default protocol mode (auto) and
the eras that apply. The expectations are what these servers really return (their tool names and
counts at the pinned versions, and calls that need no network or account).

Usage: tst_realworld.py PATH/TO/mcpscope PATH/TO/tests/peers/node_modules [case names...]
A case is SERVER/TRANSPORT/MODE, e.g. "effect/stdio/auto"; a prefix selects several.
"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, time

CLI, PEERS = sys.argv[1], sys.argv[2]
ONLY = sys.argv[3:]
# The Node 22 the peers bring (Debian 12 has Node 18).
NODE = os.path.join(PEERS, ".bin", "node") if os.path.exists(os.path.join(PEERS, ".bin", "node")) else shutil.which("node")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Each server: its npm package, the implementation it is built on, how to start it over stdio,
# how it serves HTTP (if it does), what tools/list returns, and calls that need no network.
# "http" gives the command (with {port}), extra environment, and the paths of its transports.
SERVERS = [
    dict(name="playwright", package="@playwright/mcp", implementation="TypeScript SDK v1 (inside Playwright)",
         stdio=["@playwright/mcp/cli.js"],
         http=dict(args=["@playwright/mcp/cli.js", "--port", "{port}", "--host", "127.0.0.1",
                         "--allowed-hosts", "127.0.0.1:{port}"],
                   paths={"streamable": "/mcp", "sse": "/sse"}),
         tools=25, some=["browser_navigate", "browser_click", "browser_close", "browser_snapshot"],
          # No browser on this machine: the tool says so, as a tool error (exit 5).
         calls=[dict(tool="browser_close", args=[], exit=5, is_error=True)]),
    dict(name="notion", package="@notionhq/notion-mcp-server", implementation="TypeScript SDK v1",
         stdio=["@notionhq/notion-mcp-server/bin/cli.mjs"],
         http=dict(args=["@notionhq/notion-mcp-server/bin/cli.mjs", "--transport", "http", "--port", "{port}",
                         "--unsafe-disable-auth"],
                   paths={"streamable": "/mcp"}),
         tools=24, some=["API-get-user", "API-post-search", "API-retrieve-a-page"], calls=[]),
    dict(name="context7", package="@upstash/context7-mcp", implementation="TypeScript SDK v2",
         stdio=["@upstash/context7-mcp/dist/index.js"],
         http=dict(args=["@upstash/context7-mcp/dist/index.js", "--transport", "http", "--port", "{port}"],
                   paths={"streamable": "/mcp"}),
         tools=2, some=["resolve-library-id", "query-docs"], calls=[], modern=True),
    dict(name="firecrawl", package="firecrawl-mcp", implementation="FastMCP (TypeScript)",
         stdio=["firecrawl-mcp/dist/index.js"],
         http=dict(args=["firecrawl-mcp/dist/index.js"],
                   # Its HTTP mode needs an API URL; listing tools never calls it.
                   env={"HTTP_STREAMABLE_SERVER": "true", "PORT": "{port}", "FIRECRAWL_API_URL": "http://127.0.0.1:9"},
                   paths={"streamable": "/mcp"}),
         # Over HTTP it serves the keyless profile: two tools more.
         tools=27, http_tools=29, some=["firecrawl_scrape", "firecrawl_map", "firecrawl_search", "firecrawl_crawl"],
         calls=[]),
    dict(name="git", package="@cyanheads/git-mcp-server", implementation="mcp-ts-template (bundled TypeScript SDK, Hono HTTP)",
         stdio=["@cyanheads/git-mcp-server/dist/index.js"],
         http=dict(args=["@cyanheads/git-mcp-server/dist/index.js"],
                   env={"MCP_TRANSPORT_TYPE": "http", "MCP_HTTP_PORT": "{port}", "MCP_HTTP_HOST": "127.0.0.1"},
                   paths={"streamable": "/mcp"}),
         tools=28, some=["git_status", "git_log", "git_commit", "git_set_working_dir"],
         calls=[dict(tool="git_status", args=["path={repo}"], exit=0, is_error=False, contains="main")]),
    dict(name="effect", package="effect-mcp", implementation="Effect (@effect/ai McpServer, bundled)",
         stdio=["effect-mcp/main.cjs"], http=None,
         tools=2, some=["effect_docs_search", "get_effect_doc"],
         calls=[dict(tool="effect_docs_search", args=["query=Layer"], exit=0, is_error=False, contains="results")]),
    dict(name="youtube-transcript", package="@kimtaeyoon83/mcp-server-youtube-transcript",
         implementation="TypeScript SDK 0.6 (2024-11-05 only)",
         stdio=["@kimtaeyoon83/mcp-server-youtube-transcript/dist/index.js"], http=None,
         tools=1, some=["get_transcript"], calls=[]),
    dict(name="chart", package="@antv/mcp-server-chart", implementation="TypeScript SDK v1 (Express)",
         stdio=["@antv/mcp-server-chart/build/index.js"],
         http=dict(args=["@antv/mcp-server-chart/build/index.js", "--transport", "{transport}", "--port", "{port}",
                         "--host", "127.0.0.1"],
                   transports={"streamable": "streamable", "sse": "sse"},
                   paths={"streamable": "/mcp", "sse": "/sse"}),
         tools=27, some=["generate_bar_chart", "generate_line_chart", "generate_pie_chart"], calls=[]),
]
# Only context7 (TypeScript SDK v2) speaks 2026-07-28; --protocol modern against the others must say
# so and point to what reaches them.
# mcp-proxy (TypeScript SDK v2's HTTP transports in another project's hands) puts a stdio server
# on Streamable HTTP and the 2024-11-05 HTTP+SSE transport.
PROXY = ["mcp-proxy/dist/bin/mcp-proxy.mjs"]
PROXIED = {"effect": "effect-mcp/main.cjs", "youtube-transcript": "@kimtaeyoon83/mcp-server-youtube-transcript/dist/index.js"}

failures = []
ran = 0


def check(condition, message):
    if not condition:
        failures.append(message)
        print("  FAIL  " + message, flush=True)
    return condition


def run_cli(target, mode, extra, env_extra=None):
    args = [CLI, "--cli", "--protocol", mode, "--connect-timeout", "30000", "--timeout", "30000"] + extra
    args += ["--"] + target if isinstance(target, list) else [target]
    env = dict(os.environ)
    env.update(env_extra or {})
    started = time.time()
    proc = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    return proc.returncode, proc.stdout, proc.stderr, time.time() - started


def expect_tools(case, server, target, mode):
    before = len(failures)
    code, out, err, secs = run_cli(target, mode, ["--method", "tools/list"])
    if not check(code == 0, "%s: tools/list exit %d: %s" % (case, code, err.strip()[-600:])):
        return
    names = [t.get("name") for t in json.loads(out).get("tools", [])]
    expected = server["tools"] if isinstance(target, list) else server.get("http_tools", server["tools"])
    check(len(names) == expected, "%s: %d tools, expected %d" % (case, len(names), expected))
    missing = [n for n in server["some"] if n not in names]
    check(not missing, "%s: tools missing: %s" % (case, missing))
    check(err.strip() == "", "%s: stderr on success: %s" % (case, err.strip()[-300:]))
    if len(failures) == before:
        print("  ok    %s: %d tools in %.1f s" % (case, len(names), secs), flush=True)


def expect_legacy_only(case, target):
    code, out, err, secs = run_cli(target, "modern", ["--method", "tools/list"])
    if check(code == 3 and "does not speak the modern protocol" in err
             and "--protocol auto or --protocol legacy reaches it" in err,
             "%s: exit %d: %s" % (case, code, err.strip()[-600:])):
        print("  ok    %s: refused, with the way that works, in %.1f s" % (case, secs), flush=True)


def expect_calls(case, server, target, mode, repo):
    for call in server["calls"]:
        before = len(failures)
        extra = ["--method", "tools/call", "--tool-name", call["tool"]]
        for arg in call["args"]:
            extra += ["--tool-arg", arg.replace("{repo}", repo)]
        code, out, err, secs = run_cli(target, mode, extra)
        label = "%s: tools/call %s" % (case, call["tool"])
        if not check(code == call["exit"], "%s exit %d (expected %d): %s" % (label, code, call["exit"], (out + err)[-600:])):
            continue
        result = json.loads(out)
        check(bool(result.get("isError", False)) == call["is_error"], "%s isError %s" % (label, result.get("isError")))
        text = "".join(c.get("text", "") for c in result.get("content", []) if c.get("type") == "text")
        if "contains" in call:
            check(call["contains"] in text, "%s: %r not in %r" % (label, call["contains"], text[:300]))
        if len(failures) == before:
            print("  ok    %s in %.1f s" % (label, secs), flush=True)


def wait_port(port, proc, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def start(command, env_extra):
    env = dict(os.environ)
    env.update(env_extra)
    return subprocess.Popen([NODE] + command, cwd=tempfile.gettempdir(), env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


def stop(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    proc.wait()


def selected(case):
    return not ONLY or any(case.startswith(prefix) for prefix in ONLY)


def http_cases(server):
    """(transport, command, env, path) for each HTTP transport the server itself serves."""
    http = server["http"]
    if not http:
        return []
    cases = []
    for transport, path in http["paths"].items():
        wire = http.get("transports", {}).get(transport, transport)
        cases.append((transport, http["args"], http.get("env", {}), path, wire))
    return cases


def fill(values, port, wire):
    return [v.replace("{port}", str(port)).replace("{transport}", wire) for v in values]


def main():
    global ran
    repo = tempfile.mkdtemp(prefix="mcpscope-realworld-")
    subprocess.run(["git", "init", "-q", "-b", "main", repo], check=True)
    for server in SERVERS:
        entry = os.path.join(PEERS, server["stdio"][0])
        if not check(os.path.exists(entry), "%s (%s) is not installed: scripts/setup.sh --test-peers" % (server["name"], server["package"])):
            continue
        print("%s (%s; %s)" % (server["name"], server["package"], server["implementation"]), flush=True)
        stdio = [NODE] + [os.path.join(PEERS, server["stdio"][0])] + server["stdio"][1:]
        for mode in ("auto", "legacy", "modern"):
            case = "%s/stdio/%s" % (server["name"], mode)
            if not selected(case):
                continue
            ran += 1
            if mode == "modern" and not server.get("modern"):
                expect_legacy_only(case, stdio)
            else:
                expect_tools(case, server, stdio, mode)
                if mode == "auto":
                    expect_calls(case, server, stdio, mode, repo)
        for transport, command, env, path, wire in http_cases(server):
            for mode in ("auto", "legacy") + (("modern",) if server.get("modern") else ()):
                case = "%s/%s/%s" % (server["name"], transport, mode)
                if not selected(case):
                    continue
                ran += 1
                port = free_port()
                proc = start([os.path.join(PEERS, command[0])] + fill(command[1:], port, wire),
                             {k: fill([v], port, wire)[0] for k, v in env.items()})
                try:
                    if not check(wait_port(port, proc), "%s: the server did not listen on %d: %s" % (
                            case, port, proc.stderr.read().decode(errors="replace")[-600:] if proc.poll() is not None else "")):
                        continue
                    expect_tools(case, server, "http://127.0.0.1:%d%s" % (port, path), mode)
                finally:
                    stop(proc)
    for name, entry in PROXIED.items():
        server = next(s for s in SERVERS if s["name"] == name)
        for transport, path in (("streamable", "/mcp"), ("sse", "/sse")):
            case = "%s/mcp-proxy-%s/auto" % (name, transport)
            if not selected(case):
                continue
            ran += 1
            port = free_port()
            proc = start([os.path.join(PEERS, PROXY[0]), "--port", str(port), "--host", "127.0.0.1", "--",
                          NODE, os.path.join(PEERS, entry)], {})
            try:
                if check(wait_port(port, proc), "%s: mcp-proxy did not listen" % case):
                    expect_tools(case, server, "http://127.0.0.1:%d%s" % (port, path), "auto")
            finally:
                stop(proc)
    shutil.rmtree(repo, ignore_errors=True)


if __name__ == "__main__":
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        os.environ.pop(var, None)
    main()
    print("%d cases, %d failures" % (ran, len(failures)))
    sys.exit(1 if failures or ran == 0 else 0)
