#!/usr/bin/env python3
# `mcpscope --cli` (a real process) against hostile authorization servers of this script's own
# (real HTTP servers on loopback; 127.0.0.2 is another origin than 127.0.0.1):
# - the sign-in listener: none before the sign-in, one during it, none after; a forged callback
#   (another state, or none) is answered and ignored, and the real answer still gets through;
# - pre-registered credentials (secret, private_key_jwt key, workload token) never reach an
#   authorization server at another origin that --oauth-client-issuer does not name, and an
#   authorization server outside this machine must be https;
# - a server that sends its metadata or tokens at one byte a second cannot hold the run past its
#   deadline (plus a second), and a 1 GiB answer cannot take the process's memory up.
# Usage: tst_oauth_hostile.py PATH/TO/mcpscope [test names...]
import base64, json, os, re, socket, subprocess, sys, tempfile, threading, time, traceback
import urllib.error, urllib.parse, urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CLI = sys.argv[1]
ONLY = sys.argv[2:]
SECRET = "s3cr3t-0f-the-us3r"
WORKLOAD_JWT = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ3b3JrbG9hZC1zZWNyZXQtand0In0."
# An ES256 key for private_key_jwt (the assertion it signs must not reach a foreign server).
CLIENT_KEY = ("-----BEGIN PRIVATE KEY-----\n"
              "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgne856Z489tK/6tNT\n"
              "qdwtb/2ncnWxzj+0vF2SA0Lh62OhRANCAAQWpSmvYwNdPhcPIwKpPmfJ27PfCEXh\n"
              "LzWsa/K+u8A+Tg1zeipE2ayQhDCIjbF4z7/AHyCFS3u3aAJo/uzszOXo\n"
              "-----END PRIVATE KEY-----\n")


def listening_ports(pid):
    """The TCP ports process `pid` listens on (its socket inodes matched in /proc/net/tcp*)."""
    inodes = set()
    try:
        for fd in os.listdir("/proc/%d/fd" % pid):
            try:
                target = os.readlink("/proc/%d/fd/%s" % (pid, fd))
            except OSError:
                continue
            m = re.match(r"socket:\[(\d+)\]", target)
            if m:
                inodes.add(m.group(1))
    except OSError:
        return set()
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].split(":")[1], 16))
    return ports


def rss_mib(pid):
    try:
        for line in open("/proc/%d/status" % pid):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


class Peer:
    """One HTTP origin; `routes` maps (method, path) to a function(handler, body) -> None."""

    def __init__(self, host="127.0.0.1"):
        self.routes = {}
        self.requests = []  # (method, path, headers dict, body bytes)
        peer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                self.dispatch("GET")

            def do_POST(self):
                self.dispatch("POST")

            def dispatch(self, method):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                path = self.path.split("?")[0]
                peer.requests.append((method, self.path, dict(self.headers.items()), body))
                route = peer.routes.get((method, path))
                try:
                    if route:
                        route(self, body)
                    else:
                        self.send_json(404, {"error": "not_found"})
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def send_json(self, status, obj, headers=None):
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer((host, 0), Handler)
        self.server.daemon_threads = True
        self.base = "http://%s:%d" % (host, self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def saw(self, needle):
        """Whether any request carried `needle`, in its target, a header (Basic decoded too) or its body."""
        for method, path, headers, body in self.requests:
            texts = [path, body.decode("utf-8", "replace")]
            for k, v in headers.items():
                texts.append(v)
                if v.lower().startswith("basic "):
                    try:
                        texts.append(urllib.parse.unquote(base64.b64decode(v[6:]).decode("utf-8", "replace")))
                    except Exception:
                        pass
            texts = [urllib.parse.unquote_plus(t) for t in texts] + texts
            if any(needle in t for t in texts):
                return True
        return False


def mcp_server(peer, as_base, tokens, delay_first_401=0.0, tools_delay=0.0):
    """A protected MCP endpoint at peer/mcp whose resource metadata names `as_base`."""
    state = {"first": True}

    def mcp(h, body):
        auth = h.headers.get("Authorization") or ""
        if auth.split(" ", 1)[-1] not in tokens:
            if state["first"] and delay_first_401:
                state["first"] = False
                time.sleep(delay_first_401)
            h.send_json(401, {"error": "invalid_token"}, {
                "WWW-Authenticate": 'Bearer resource_metadata="%s/.well-known/oauth-protected-resource/mcp"' % peer.base})
            return
        msg = json.loads(body)
        if "id" not in msg:
            h.send_response(202)
            h.send_header("Content-Length", "0")
            h.end_headers()
            return
        if msg["method"] == "initialize":
            result = {"protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
                      "serverInfo": {"name": "hostile-test", "version": "1"}}
        elif msg["method"] == "tools/list":
            time.sleep(tools_delay)
            result = {"tools": [{"name": "only-after-sign-in", "inputSchema": {"type": "object"}}]}
        else:
            h.send_json(200, {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
            return
        h.send_json(200, {"jsonrpc": "2.0", "id": msg["id"], "result": result})

    peer.routes[("POST", "/mcp")] = mcp
    peer.routes[("GET", "/mcp")] = lambda h, b: h.send_json(405, {"error": "no stream here"})
    peer.routes[("GET", "/.well-known/oauth-protected-resource/mcp")] = lambda h, b: h.send_json(
        200, {"resource": peer.base + "/mcp", "authorization_servers": [as_base]})


def authorization_server(peer, tokens, grants=("authorization_code", "client_credentials")):
    """A well-behaved authorization server at `peer`; it issues tokens into `tokens`."""
    peer.routes[("GET", "/.well-known/oauth-authorization-server")] = lambda h, b: h.send_json(200, {
        "issuer": peer.base, "authorization_endpoint": peer.base + "/authorize",
        "token_endpoint": peer.base + "/token", "registration_endpoint": peer.base + "/register",
        "response_types_supported": ["code"], "grant_types_supported": list(grants),
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt", "none"],
        "token_endpoint_auth_signing_alg_values_supported": ["ES256"]})

    def authorize(h, body):
        q = urllib.parse.parse_qs(urllib.parse.urlsplit(h.path).query)
        target = q["redirect_uri"][0] + "?" + urllib.parse.urlencode({"code": "real-code", "state": q["state"][0]})
        h.send_response(302)
        h.send_header("Location", target)
        h.send_header("Content-Length", "0")
        h.end_headers()

    def token(h, body):
        form = urllib.parse.parse_qs(body.decode())
        if form.get("grant_type") == ["authorization_code"] and form.get("code") != ["real-code"]:
            h.send_json(400, {"error": "invalid_grant"})
            return
        t = "tok-%d" % (len(tokens) + 1)
        tokens.add(t)
        h.send_json(200, {"access_token": t, "token_type": "Bearer", "expires_in": 3600})

    peer.routes[("GET", "/authorize")] = authorize
    peer.routes[("POST", "/token")] = token
    peer.routes[("POST", "/register")] = lambda h, b: h.send_json(201, {"client_id": "dyn-client"})


def run_cli(url, *extra, timeout=60):
    args = [CLI, "--cli", url, "--transport", "http", "--protocol", "2025-11-25", "--method", "tools/list"]
    return subprocess.Popen(args + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc, timeout=60):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError("mcpscope did not end within %d s; stderr: %s" % (timeout, err[-2000:]))
    return proc.returncode, out, err


def check(condition, message):
    if not condition:
        raise AssertionError(message)


# ---- the sign-in listener -------------------------------------------------------------------

def test_listener_only_while_signing_in():
    peer = Peer()
    tokens = set()
    # The first 401 comes late and tools/list answers late: time to look before and after.
    mcp_server(peer, peer.base, tokens, delay_first_401=1.5, tools_delay=2.0)
    authorization_server(peer, tokens)
    proc = run_cli(peer.base + "/mcp", "--connect-timeout", "20000")
    try:
        time.sleep(1.0)  # connecting, no sign-in yet
        before = listening_ports(proc.pid)
        check(not before, "mcpscope listens before any sign-in: ports %s" % before)
        url = None
        stderr_seen = ""
        deadline = time.time() + 20
        while time.time() < deadline and url is None:
            line = proc.stderr.readline()
            stderr_seen += line
            m = re.match(r"(https?://\S+/authorize\S*)", line.strip())
            if m:
                url = m.group(1)
        check(url, "no sign-in address printed; stderr: %s" % stderr_seen)
        redirect = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["redirect_uri"][0]
        port = urllib.parse.urlsplit(redirect).port
        during = listening_ports(proc.pid)
        check(during == {port}, "while signing in mcpscope should listen on %d only, it listens on %s" % (port, during))
        # Any local process can call the listener: another state, or none, is answered and ignored.
        for forged in ("?code=evil&state=forged", "?code=evil", "?error=access_denied"):
            try:
                answer = urllib.request.urlopen(redirect + forged, timeout=5)
                status, page = answer.status, answer.read()
            except urllib.error.HTTPError as e:
                status, page = e.code, e.read()
            check(status == 400 and b"ignored" in page, "forged callback %s got %s %r" % (forged, status, page[:200]))
            check(proc.poll() is None, "a forged callback ended the run")
            now = listening_ports(proc.pid)
            check(now == {port}, "after the forged callback %s mcpscope listens on %s, not %d" % (forged, now, port))
        # The person's browser: the authorization server redirects to the listener with the real state.
        page = urllib.request.urlopen(url, timeout=10).read()
        check(b"Authorization received" in page, "the real answer was not taken: %r" % page[:200])
        time.sleep(1.0)  # authorized; tools/list is still being answered
        after = listening_ports(proc.pid)
        check(proc.poll() is None, "the run ended before the check after the sign-in")
        check(not after, "mcpscope still listens after the sign-in: ports %s" % after)
        code, out, err = finish(proc)
        check(code == 0 and "only-after-sign-in" in out, "exit %s, stdout %r, stderr %s" % (code, out, err[-1500:]))
        codes = [urllib.parse.parse_qs(b.decode()).get("code") for m, p, h, b in peer.requests if p == "/token"]
        check(codes == [["real-code"]], "token requests carried codes %s" % codes)
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()


def test_sign_in_wait_is_bounded():
    peer = Peer()
    tokens = set()
    mcp_server(peer, peer.base, tokens)
    authorization_server(peer, tokens)
    start = time.time()
    proc = run_cli(peer.base + "/mcp", "--connect-timeout", "3000")
    try:
        code, out, err = finish(proc, timeout=30)  # nobody opens the address
        elapsed = time.time() - start
        check(code == 3, "exit %s (want 3); stderr %s" % (code, err[-1500:]))
        check(elapsed < 3 + 2, "the unanswered sign-in held the run %.1f s" % elapsed)
        check("no longer listens" in err, "stderr does not say the listener closed: %s" % err[-1500:])
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()


# ---- credentials bound to their issuer --------------------------------------------------------

def credential_cases(tmp):
    key_file = os.path.join(tmp, "client.pem")
    with open(key_file, "w") as f:
        f.write(CLIENT_KEY)
    jwt_file = os.path.join(tmp, "workload.jwt")
    with open(jwt_file, "w") as f:
        f.write(WORKLOAD_JWT + "\n")
    assertion_prefix = "eyJ"  # any JWS the client signs with the key
    return [
        ("client secret, client_credentials", ["--oauth-client-id", "my-client", "--oauth-client-secret", SECRET,
                                               "--oauth-grant", "client_credentials"], [SECRET]),
        ("client secret, authorization code", ["--oauth-client-id", "my-client", "--oauth-client-secret", SECRET],
         [SECRET, "my-client"]),
        ("private_key_jwt", ["--oauth-client-id", "my-client", "--oauth-client-key", key_file,
                             "--oauth-grant", "client_credentials"], ["client_assertion", "my-client"]),
        ("workload token", ["--oauth-workload-token", jwt_file], [WORKLOAD_JWT]),
    ]


def test_credentials_stay_with_their_issuer():
    tmp = tempfile.mkdtemp(prefix="mcpscope-hostile-")
    try:
        for name, flags, secrets in credential_cases(tmp):
            mcp = Peer("127.0.0.1")
            foreign = Peer("127.0.0.2")  # another origin, named by the MCP server's metadata
            tokens = set()
            mcp_server(mcp, foreign.base, tokens)
            authorization_server(foreign, tokens)
            try:
                code, out, err = finish(run_cli(mcp.base + "/mcp", "--connect-timeout", "5000", *flags), timeout=30)
                for s in secrets:
                    check(not foreign.saw(s), "%s: the foreign authorization server received %r" % (name, s))
                check(code == 3, "%s: exit %s (want 3); stderr %s" % (name, code, err[-1500:]))
                check("--oauth-client-issuer" in err, "%s: the refusal does not say how to name the issuer: %s"
                      % (name, err[-1500:]))
            finally:
                mcp.close()
                foreign.close()
        # Named as the issuer, the same server does get them (the refusal above is the binding, not a failure).
        mcp = Peer("127.0.0.1")
        foreign = Peer("127.0.0.2")
        tokens = set()
        mcp_server(mcp, foreign.base, tokens)
        authorization_server(foreign, tokens)
        try:
            code, out, err = finish(run_cli(mcp.base + "/mcp", "--oauth-client-id", "my-client", "--oauth-client-secret",
                                            SECRET, "--oauth-grant", "client_credentials",
                                            "--oauth-client-issuer", foreign.base), timeout=30)
            check(code == 0 and "only-after-sign-in" in out, "named issuer: exit %s; stderr %s" % (code, err[-1500:]))
            check(foreign.saw(SECRET), "the named issuer did not receive the secret")
        finally:
            mcp.close()
            foreign.close()
    finally:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)


def test_plain_http_authorization_server_refused():
    # An issuer outside this machine over http, and a loopback issuer whose token endpoint is.
    for case in ("issuer", "token endpoint"):
        mcp = Peer()
        tokens = set()
        if case == "issuer":
            mcp_server(mcp, "http://as.example.invalid", tokens)
        else:
            mcp_server(mcp, mcp.base, tokens)
            authorization_server(mcp, tokens)
            mcp.routes[("GET", "/.well-known/oauth-authorization-server")] = lambda h, b: h.send_json(200, {
                "issuer": mcp.base, "authorization_endpoint": mcp.base + "/authorize",
                "token_endpoint": "http://as.example.invalid/token", "response_types_supported": ["code"],
                "grant_types_supported": ["client_credentials"], "code_challenge_methods_supported": ["S256"]})
        try:
            start = time.time()
            code, out, err = finish(run_cli(mcp.base + "/mcp", "--oauth-client-id", "c", "--oauth-client-secret", SECRET,
                                            "--oauth-grant", "client_credentials", "--oauth-client-issuer",
                                            "http://as.example.invalid" if case == "issuer" else mcp.base,
                                            "--connect-timeout", "10000"), timeout=30)
            check(code == 3, "%s: exit %s; stderr %s" % (case, code, err[-1500:]))
            check("not https" in err, "%s: the refusal does not say https: %s" % (case, err[-1500:]))
            check(time.time() - start < 8, "%s: took %.1f s (was something sent?)" % (case, time.time() - start))
        finally:
            mcp.close()


# ---- bounded in time and size -----------------------------------------------------------------

def slow_json(obj):
    data = json.dumps(obj).encode() + b" " * 100000

    def send(h, body):
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        for i in range(len(data)):
            h.wfile.write(data[i:i + 1])
            h.wfile.flush()
            time.sleep(1.0)
    return send


def test_slow_authorization_server_bounded():
    cases = [
        ("resource metadata", ["--connect-timeout", "3000", "--timeout", "3000"], 3.0),
        ("authorization server metadata", ["--connect-timeout", "3000"], 3.0),
        ("token", ["--connect-timeout", "3000"], 3.0),
        ("resource metadata, --max-total-timeout", ["--connect-timeout", "20000", "--max-total-timeout", "2000"], 2.0),
    ]
    for name, flags, deadline in cases:
        peer = Peer()
        tokens = set()
        mcp_server(peer, peer.base, tokens)
        authorization_server(peer, tokens)
        if name.startswith("resource metadata"):
            peer.routes[("GET", "/.well-known/oauth-protected-resource/mcp")] = slow_json(
                {"resource": peer.base + "/mcp", "authorization_servers": [peer.base]})
        elif name == "authorization server metadata":
            peer.routes[("GET", "/.well-known/oauth-authorization-server")] = slow_json({"issuer": peer.base})
        else:
            peer.routes[("POST", "/token")] = slow_json({"access_token": "t", "token_type": "Bearer"})
        try:
            start = time.time()
            code, out, err = finish(run_cli(peer.base + "/mcp", "--oauth-client-id", "c", "--oauth-client-secret", SECRET,
                                            "--oauth-grant", "client_credentials", *flags), timeout=90)
            elapsed = time.time() - start
            check(elapsed <= deadline + 1.0, "%s: the run took %.1f s, past its %.0f s deadline" % (name, elapsed, deadline))
            check(code == 3, "%s: exit %s; stderr %s" % (name, code, err[-1500:]))
        finally:
            peer.close()


def huge(total, chunked):
    block = b" " * (1 << 20)

    def send(h, body):
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        if chunked:
            h.send_header("Transfer-Encoding", "chunked")
        else:
            h.send_header("Content-Length", str(total))
        h.end_headers()
        h.wfile.write((b"%x\r\n" % 1 + b"{\r\n") if chunked else b"{")
        sent = 1
        while sent < total:
            piece = block[:min(len(block), total - sent)]
            h.wfile.write((b"%x\r\n" % len(piece) + piece + b"\r\n") if chunked else piece)
            sent += len(piece)
        if chunked:
            h.wfile.write(b"0\r\n\r\n")
    return send


def test_huge_answers_capped():
    gib = 1 << 30
    for name, chunked in (("token, chunked", True), ("token, with Content-Length", False),
                          ("resource metadata, chunked", True)):
        peer = Peer()
        tokens = set()
        mcp_server(peer, peer.base, tokens)
        authorization_server(peer, tokens)
        if name.startswith("token"):
            peer.routes[("POST", "/token")] = huge(gib, chunked)
        else:
            peer.routes[("GET", "/.well-known/oauth-protected-resource/mcp")] = huge(gib, chunked)
        try:
            proc = run_cli(peer.base + "/mcp", "--oauth-client-id", "c", "--oauth-client-secret", SECRET,
                           "--oauth-grant", "client_credentials", "--connect-timeout", "60000")
            peak = 0.0
            while proc.poll() is None:
                peak = max(peak, rss_mib(proc.pid))
                time.sleep(0.02)
            code, out, err = finish(proc)
            check(peak < 200, "%s: mcpscope grew to %.0f MiB" % (name, peak))
            # Resource metadata that cannot be read counts as none: the 2025-03-26 fallback may still sign in.
            if name.startswith("token"):
                check(code == 3, "%s: exit %s; stderr %s" % (name, code, err[-1500:]))
                check("1 MiB" in err, "%s: the error does not say the cap: %s" % (name, err[-1500:]))
        finally:
            peer.close()


TESTS = [test_listener_only_while_signing_in, test_sign_in_wait_is_bounded, test_credentials_stay_with_their_issuer,
         test_plain_http_authorization_server_refused, test_slow_authorization_server_bounded,
         test_huge_answers_capped]

if __name__ == "__main__":
    # Nothing here may leave loopback: no proxy.
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        os.environ.pop(var, None)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    failed = 0
    for test in TESTS:
        if ONLY and test.__name__ not in ONLY:
            continue
        start = time.time()
        try:
            test()
            print("PASS   %s (%.1f s)" % (test.__name__, time.time() - start), flush=True)
        except Exception:
            failed += 1
            print("FAIL!  %s (%.1f s)" % (test.__name__, time.time() - start), flush=True)
            traceback.print_exc()
    print("%d failed" % failed)
    sys.exit(1 if failed else 0)
