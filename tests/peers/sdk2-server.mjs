#!/usr/bin/env node
// An MCP server built on the official TypeScript SDK v2 (@modelcontextprotocol/server), the
// reference implementation of the 2026-07-28 revision, for tests to talk to in every era:
//
//   node sdk2-server.mjs [--era modern|dual|legacy] [--transport stdio|http] [--port N]
//
// --era modern: 2026-07-28 only, a legacy opening is refused with -32022 (legacy: 'reject').
// --era dual (default): both eras, as the SDK's serving entries do by default (on HTTP the
//   legacy leg is the SDK's stateless fallback: no sessions, no server-to-client requests).
// --era legacy: a 2025-era server only: a plain McpServer on a StdioServerTransport, or one
//   sessionful Streamable HTTP transport per session; server/discover is an unknown method.
// HTTP listens on 127.0.0.1 only (port 0, the default, picks a free one) at /mcp, and prints that
// URL as its first stdout line.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import {
    McpServer,
    SUPPORTED_PROTOCOL_VERSIONS,
    WebStandardStreamableHTTPServerTransport,
    acceptedContent,
    createMcpHandler,
    createRequestStateCodec,
    hostHeaderValidationResponse,
    inputRequired,
    localhostAllowedHostnames
} from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

function option(name, allowed, fallback) {
    const at = process.argv.indexOf(`--${name}`);
    const value = at >= 0 ? process.argv[at + 1] : fallback;
    if (allowed && !allowed.includes(value)) {
        console.error(`sdk2-server: --${name} must be one of ${allowed.join(', ')}`);
        process.exit(2);
    }
    return value;
}
const era = option('era', ['modern', 'dual', 'legacy'], 'dual');
const transport = option('transport', ['stdio', 'http'], 'stdio');
const port = Number(option('port', null, '0'));

const LEGACY_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.filter(version => version < '2026');
// The state of the elicitation tool's first round travels through the client: sealed so a
// tampered one is refused (-32602), as the MRTR page requires of state a server relies on.
const stateCodec = createRequestStateCodec({ key: randomBytes(32) });

function createServer() {
    const server = new McpServer(
        { name: 'sdk2-peer', version: '1.0.0' },
        {
            capabilities: { tools: {}, resources: {}, prompts: {} },
            requestState: { verify: stateCodec.verify },
            // A legacy-only server knows nothing newer than 2025-11-25.
            ...(era === 'legacy' ? { supportedProtocolVersions: LEGACY_VERSIONS } : {})
        }
    );
    server.registerTool(
        'echo',
        { description: 'Returns its message', inputSchema: z.object({ message: z.string() }) },
        async ({ message }) => ({ content: [{ type: 'text', text: message }] })
    );
    server.registerTool(
        'add',
        {
            description: 'Adds two numbers',
            inputSchema: z.object({ a: z.number(), b: z.number() }),
            outputSchema: z.object({ sum: z.number() })
        },
        async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } })
    );
    // Two rounds of elicitation: a name, then a confirmation. In the modern era each round is an
    // input_required result the client answers by retrying; in the legacy era the SDK asks the
    // client with real elicitation/create requests and re-enters the handler itself.
    const nameSchema = z.object({ name: z.string() });
    const confirmSchema = z.object({ confirm: z.boolean() });
    server.registerTool(
        'greet_confirmed',
        { description: 'Asks for a name, then for a confirmation, then greets', inputSchema: z.object({}) },
        async (_args, ctx) => {
            const named = ctx.mcpReq.requestState() ?? acceptedContent(ctx.mcpReq.inputResponses, 'name', nameSchema);
            if (!named) {
                return inputRequired({
                    inputRequests: { name: inputRequired.elicit({ message: 'Who is it?', requestedSchema: nameSchema }) }
                });
            }
            const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmSchema);
            if (!confirmed) {
                return inputRequired({
                    inputRequests: {
                        confirm: inputRequired.elicit({ message: `Greet ${named.name}?`, requestedSchema: confirmSchema })
                    },
                    requestState: await stateCodec.mint(named)
                });
            }
            const text = confirmed.confirm ? `Hello, ${named.name}!` : 'Not greeted.';
            return { content: [{ type: 'text', text }] };
        }
    );
    // `region` is mirrored into an Mcp-Param-Region header by modern HTTP clients (SEP-2243).
    server.registerTool(
        'regional_lookup',
        {
            description: 'Looks a query up in a region (the region travels as a header too)',
            inputSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }), query: z.string() })
        },
        async ({ region, query }) => ({ content: [{ type: 'text', text: `${query} in ${region}` }] })
    );
    server.registerResource(
        'greeting',
        'greeting://hello',
        { title: 'Greeting', mimeType: 'text/plain' },
        async uri => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Hello from the SDK v2 peer' }] })
    );
    server.registerPrompt(
        'greet',
        { description: 'A greeting for someone', argsSchema: z.object({ name: z.string() }) },
        ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Please greet ${name}.` } }] })
    );
    return server;
}

if (transport === 'stdio') {
    if (era === 'legacy') await createServer().connect(new StdioServerTransport());
    else serveStdio(createServer, era === 'modern' ? { legacy: 'reject' } : {});
} else {
    const handle = era === 'legacy' ? sessionfulLegacyHandler() : createMcpHandler(createServer, { legacy: era === 'modern' ? 'reject' : 'stateless' }).fetch;
    const listener = http.createServer(async (req, res) => {
        const aborted = new AbortController();
        res.on('close', () => aborted.abort());
        try {
            const request = await toWebRequest(req, aborted.signal);
            const response = new URL(request.url).pathname !== '/mcp'
                ? new Response('Not found', { status: 404 })
                : hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? (await handle(request));
            await sendWebResponse(response, res);
        } catch (error) {
            if (!res.headersSent) res.writeHead(500).end(String(error));
            else res.destroy();
        }
    });
    listener.listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${listener.address().port}/mcp`));
}

// The 2025 deployment the SDK documents: one transport and server per session, found by the
// Mcp-Session-Id header; a request without one must be an initialize that starts a session.
function sessionfulLegacyHandler() {
    const sessions = new Map();
    return async request => {
        const sessionId = request.headers.get('mcp-session-id');
        if (sessionId) {
            const session = sessions.get(sessionId);
            return session ? session.handleRequest(request) : new Response('Unknown session', { status: 404 });
        }
        const session = new WebStandardStreamableHTTPServerTransport({
            sessionIdGenerator: randomUUID,
            onsessioninitialized: id => sessions.set(id, session),
            onsessionclosed: id => sessions.delete(id)
        });
        await createServer().connect(session);
        return session.handleRequest(request);
    };
}

async function toWebRequest(req, signal) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
    return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
        signal
    });
}

// Streams the body as it comes (event streams stay open); closing the connection cancels it.
async function sendWebResponse(response, res) {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return res.end();
    const reader = response.body.getReader();
    res.on('close', () => reader.cancel().catch(() => {}));
    for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
    }
    res.end();
}
