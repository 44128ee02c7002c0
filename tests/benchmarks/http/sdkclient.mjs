// The TypeScript SDK client doing what http_benchmark does, for a same-machine comparison.
// Usage: node sdkclient.mjs <peers node_modules> <url> <sequential> <pipelined> <bigCount> <bigSize> [v1|v2]
// v1 is @modelcontextprotocol/sdk, v2 @modelcontextprotocol/client 2.4.0 (legacy era, like ours).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [peers, url, seqN, pipeN, bigN, bigSize, sdk = 'v1'] = process.argv.slice(2);
let client, call;
if (sdk === 'v2') {
    const { Client, StreamableHTTPClientTransport } =
        await import(pathToFileURL(peers + '/@modelcontextprotocol/client/dist/index.mjs').href);
    client = new Client({ name: 'bench-sdk-client', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    call = (params, options) => client.callTool(params, options);
} else {
    const require = createRequire(peers + '/');
    const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
    client = new Client({ name: 'bench-sdk-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    call = (params, options) => client.callTool(params, undefined, options);
}
const echo = () => call({ name: 'echo', arguments: { message: 'ping' } });

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
    const r = await call({ name: 'blob', arguments: { size: Number(bigSize) } }, { timeout: 120000 });
    bytes += r.content[0].text.length;
}
const mbps = bytes / 1e6 / ((performance.now() - t) / 1000);
console.log(JSON.stringify({ seqUs, pipeRate, mbps }));
await client.close();
process.exit(0);
