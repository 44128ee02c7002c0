#pragma once

// An HTTP peer for tests of what a client does when a server wants authorization: header only.

#include <QString>

namespace Mcp::Test {

// A python3 program (for `python3 -c`) serving on 127.0.0.1 that answers every request 401 with a
// Bearer challenge: a server that wants an authorization the client has not got. It prints its
// URL first, as startHttpPeer waits for.
inline QString unauthorizedServerScript()
{
    return QStringLiteral("import http.server\n"
                          "class H(http.server.BaseHTTPRequestHandler):\n"
                          "    def answer(self):\n"
                          "        self.send_response(401)\n"
                          "        self.send_header('WWW-Authenticate', 'Bearer realm=\"mcp\"')\n"
                          "        self.send_header('Content-Length', '0')\n"
                          "        self.end_headers()\n"
                          "    do_GET = do_POST = answer\n"
                          "    def log_message(self, *args): pass\n"
                          "s = http.server.HTTPServer(('127.0.0.1', 0), H)\n"
                          "print('http://127.0.0.1:%d/mcp' % s.server_address[1], flush=True)\n"
                          "s.serve_forever()\n");
}

} // namespace Mcp::Test
