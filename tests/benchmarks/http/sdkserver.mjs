// A minimal TypeScript SDK server for the HTTP benchmark: Streamable HTTP on 127.0.0.1,
// stateful sessions, tools "echo" and "blob". Usage: node sdkserver.mjs <peers node_modules> json|sse
import { createRequire } from 'node:module';
import http from 'node:http';
import { randomUUID } from 'node:crypto';

const peers = process.argv[2];
const mode = process.argv[3] || 'json';
const require = createRequire(peers + '/');
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { z } = require('zod');

const pattern = 'line of text\twith "quotes", a \\backslash\\ and a newline\n';
function text(size) {
    return pattern.repeat(Math.floor(size / pattern.length)) + pattern.slice(0, size % pattern.length);
}

function makeServer() {
    const server = new McpServer({ name: 'bench-sdk-server', version: '1.0.0' });
    server.registerTool('echo', { inputSchema: { message: z.string() } },
        async ({ message }) => ({ content: [{ type: 'text', text: message }] }));
    server.registerTool('blob', { inputSchema: { size: z.number() } },
        async ({ size }) => ({ content: [{ type: 'text', text: text(size) }] }));
    return server;
}

const transports = {};
const httpServer = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req)
        chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? transports[sessionId] : undefined;
    if (!transport) {
        if (req.method !== 'POST' || !body || body.method !== 'initialize') {
            res.writeHead(sessionId ? 404 : 400).end();
            return;
        }
        transport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            enableJsonResponse: mode === 'json',
            onsessioninitialized: (id) => { transports[id] = transport; },
        });
        transport.onclose = () => { if (transport.sessionId) delete transports[transport.sessionId]; };
        await makeServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
});
httpServer.listen(0, '127.0.0.1', () => {
    console.error(`listening on http://127.0.0.1:${httpServer.address().port}/mcp`);
});
