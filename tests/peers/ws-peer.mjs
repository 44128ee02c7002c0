#!/usr/bin/env node
// MCP over WebSocket from code this project did not write, for tests/auto/websocket:
//
//   node ws-peer.mjs server [--tls CERT KEY]
//     An MCP server of the TypeScript SDK v1 (McpServer, the legacy era) on the npm `ws` package,
//     as the MCP Python SDK's WebSocket server speaks it: the handshake must offer the "mcp"
//     subprotocol, which the answer names, and each JSON-RPC message is one text frame. Listens on
//     127.0.0.1 (a free port) at /mcp and prints "listening on ws://127.0.0.1:PORT/mcp" (wss:// with
//     --tls) on stderr. Its tools: echo; handshake (the request headers it was opened with);
//     binary_frame (sends a binary frame, then answers); close_with {code, reason} (closes the
//     socket with that code and reason instead of answering).
//   node ws-peer.mjs client URL
//     The SDK v1's own WebSocketClientTransport (Node's WebSocket) against URL: lists the tools,
//     calls echo {message: "from the SDK"}, and prints {"tools": [...], "echo": "..."} on stdout.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { WebSocketServer } from 'ws';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const mode = process.argv[2];

// One WebSocket connection as an SDK transport: text frames in and out, one message each.
class WebSocketServerTransport {
    constructor(socket) {
        this.socket = socket;
    }
    async start() {
        this.socket.on('message', (data, isBinary) => {
            if (isBinary) return this.onerror?.(new Error('binary frame ignored'));
            let message;
            try {
                message = JSONRPCMessageSchema.parse(JSON.parse(data.toString('utf8')));
            } catch (error) {
                return this.onerror?.(error);
            }
            this.onmessage?.(message);
        });
        this.socket.on('close', () => this.onclose?.());
    }
    async send(message) {
        this.socket.send(JSON.stringify(message));
    }
    async close() {
        this.socket.close();
    }
}

function createServer(socket, request) {
    const server = new McpServer({ name: 'ws-peer', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.tool('echo', { message: z.string() }, async ({ message }) => ({ content: [{ type: 'text', text: message }] }));
    server.tool('handshake', {}, async () => ({
        content: [{ type: 'text', text: JSON.stringify({ headers: request.headers, protocol: socket.protocol }) }]
    }));
    server.tool('binary_frame', {}, async () => {
        socket.send(Buffer.from([0x00, 0xff, 0x10, 0x7b]), { binary: true });
        return { content: [{ type: 'text', text: 'sent a binary frame' }] };
    });
    server.tool('close_with', { code: z.number(), reason: z.string() }, async ({ code, reason }) => {
        socket.close(code, reason);
        return new Promise(() => {}); // never answered: the connection ends first
    });
    return server;
}

if (mode === 'server') {
    const tls = process.argv.indexOf('--tls');
    const handleProtocols = protocols => (protocols.has('mcp') ? 'mcp' : false);
    let wss;
    let scheme = 'ws';
    if (tls >= 0) {
        const web = https.createServer({ cert: readFileSync(process.argv[tls + 1]), key: readFileSync(process.argv[tls + 2]) });
        wss = new WebSocketServer({ server: web, path: '/mcp', handleProtocols });
        await new Promise(resolve => web.listen(0, '127.0.0.1', resolve));
        wss.address = () => web.address();
        scheme = 'wss';
    } else {
        wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/mcp', handleProtocols });
        await new Promise(resolve => wss.on('listening', resolve));
    }
    wss.on('connection', async (socket, request) => {
        await createServer(socket, request).connect(new WebSocketServerTransport(socket));
    });
    console.error(`listening on ${scheme}://127.0.0.1:${wss.address().port}/mcp`);
} else if (mode === 'client') {
    const client = new Client({ name: 'ws-peer-client', version: '1.0.0' });
    await client.connect(new WebSocketClientTransport(new URL(process.argv[3])));
    const tools = (await client.listTools()).tools.map(tool => tool.name);
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'from the SDK' } });
    console.log(JSON.stringify({ tools, echo: echo.content[0].text }));
    await client.close();
    process.exit(0);
} else {
    console.error('usage: ws-peer.mjs server [--tls CERT KEY] | client URL');
    process.exit(2);
}
