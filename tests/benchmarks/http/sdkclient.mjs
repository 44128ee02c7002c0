// The TypeScript SDK client doing what http_benchmark does, for a same-machine comparison.
// Usage: node sdkclient.mjs <peers node_modules> <url> <sequential> <pipelined> <bigCount> <bigSize>
import { createRequire } from 'node:module';

const [peers, url, seqN, pipeN, bigN, bigSize] = process.argv.slice(2);
const require = createRequire(peers + '/');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const client = new Client({ name: 'bench-sdk-client', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const echo = () => client.callTool({ name: 'echo', arguments: { message: 'ping' } });

let t = performance.now();
for (let i = 0; i < Number(seqN); ++i)
    await echo();
const seqUs = (performance.now() - t) * 1000 / Number(seqN);

t = performance.now();
let started = 0;
const worker = async () => { while (started < Number(pipeN)) { ++started; await echo(); } };
await Promise.all(Array.from({ length: 64 }, worker));
const pipeRate = Number(pipeN) / ((performance.now() - t) / 1000);

t = performance.now();
let bytes = 0;
for (let i = 0; i < Number(bigN); ++i) {
    const r = await client.callTool({ name: 'blob', arguments: { size: Number(bigSize) } }, undefined, { timeout: 120000 });
    bytes += r.content[0].text.length;
}
const mbps = bytes / 1e6 / ((performance.now() - t) / 1000);
console.log(JSON.stringify({ seqUs, pipeRate, mbps }));
await client.close();
process.exit(0);
