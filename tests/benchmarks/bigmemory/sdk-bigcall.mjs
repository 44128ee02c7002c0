// One tools/call of the demo server's blob tool through the official TypeScript SDK client, the
// way `mcpscope --cli` makes it: connect, call, check the text's length, exit. bench_bigmemory
// reads this process's peak resident size from /proc while it runs.
// Usage: node sdk-bigcall.mjs <v1|v2> <size> <command> [args...]
const peers = new URL('../../peers/node_modules/', import.meta.url);
const [sdk, sizeText, command, ...args] = process.argv.slice(2);
const size = Number(sizeText);
const opts = { timeout: 3600000 };
let client, transport, call;
// Both SDKs' line limit (10 MiB by default) raised above the biggest result.
if (sdk === 'v2') {
    const { Client } = await import(new URL('@modelcontextprotocol/client/dist/index.mjs', peers));
    const { StdioClientTransport } = await import(new URL('@modelcontextprotocol/client/dist/stdio.mjs', peers));
    transport = new StdioClientTransport({ command, args, stderr: 'ignore', maxBufferSize: 1024 * 1024 * 1024 });
    client = new Client({ name: 'sdk-bench-client', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    call = params => client.callTool(params, opts);
} else {
    const { Client } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/client/index.js', peers));
    const { StdioClientTransport } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/client/stdio.js', peers));
    transport = new StdioClientTransport({ command, args, stderr: 'ignore', maxBufferSize: 1024 * 1024 * 1024 });
    client = new Client({ name: 'sdk-bench-client', version: '1.0.0' });
    call = params => client.callTool(params, undefined, opts);
}
await client.connect(transport);
const result = await call({ name: 'blob', arguments: { size } });
const length = result.content[0].text.length;
console.log(JSON.stringify({ length }));
await client.close();
process.exit(length === size ? 0 : 1);
