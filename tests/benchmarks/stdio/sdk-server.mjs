// A minimal MCP server on the official TypeScript SDK, for bench_stdio: tools echo(message)
// and blob(size) (text of exactly `size` bytes with quotes, backslashes, tabs and newlines,
// like the demo server's blob). Run: node sdk-server.mjs
const peers = new URL('../../peers/node_modules/', import.meta.url);
const { McpServer } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/server/mcp.js', peers));
const { StdioServerTransport } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/server/stdio.js', peers));
const { z } = await import(new URL('zod/index.js', peers));

const server = new McpServer({ name: 'sdk-bench-server', version: '1.0.0' });
server.registerTool('echo', { description: 'Returns the message unchanged.', inputSchema: { message: z.string() } },
    async ({ message }) => ({ content: [{ type: 'text', text: message }] }));

const pattern = 'line "quoted" \\ back\tslash\n';
server.registerTool('blob', { description: 'Text of exactly size bytes.', inputSchema: { size: z.number().int() } },
    async ({ size }) => {
        const text = pattern.repeat(Math.ceil(size / pattern.length)).slice(0, size);
        return { content: [{ type: 'text', text }] };
    });

await server.connect(new StdioServerTransport());
