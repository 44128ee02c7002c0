// The official TypeScript SDK client, measured the way bench_stdio measures ours.
// Usage: node sdk-client.mjs <v1|v2> <sequential calls> <pipelined calls> <command> [args...]
// v1 is @modelcontextprotocol/sdk, v2 is @modelcontextprotocol/client 2.4.0 (legacy era, as
// our client uses by default).
// Prints one JSON object: medianUs, pipelinedPerSec, mbps1MiB, mbps16MiB (null when it failed).
const peers = new URL('../../peers/node_modules/', import.meta.url);
const [sdk, sequential, pipelined, command, ...args] = process.argv.slice(2);
let client, transport;
const opts = { timeout: 600000 };
let call;
if (sdk === 'v2') {
    const { Client } = await import(new URL('@modelcontextprotocol/client/dist/index.mjs', peers));
    const { StdioClientTransport } = await import(new URL('@modelcontextprotocol/client/dist/stdio.mjs', peers));
    transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
    client = new Client({ name: 'sdk-bench-client', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    call = params => client.callTool(params, opts);
} else {
    const { Client } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/client/index.js', peers));
    const { StdioClientTransport } = await import(new URL('@modelcontextprotocol/sdk/dist/esm/client/stdio.js', peers));
    transport = new StdioClientTransport({ command, args, stderr: 'ignore',
        maxBufferSize: 64 * 1024 * 1024 }); // raised from the 10 MiB default where the SDK allows it
    client = new Client({ name: 'sdk-bench-client', version: '1.0.0' });
    call = params => client.callTool(params, undefined, opts);
}
await client.connect(transport);

const out = {};
for (let i = 0; i < 50; ++i) await call({ name: 'echo', arguments: { message: 'warm' } });
const samples = [];
for (let i = 0; i < Number(sequential); ++i) {
    const t = process.hrtime.bigint();
    await call({ name: 'echo', arguments: { message: 'hello' } });
    samples.push(Number(process.hrtime.bigint() - t) / 1000);
}
samples.sort((a, b) => a - b);
out.medianUs = samples[Math.floor(samples.length / 2)];

{
    const total = Number(pipelined);
    let started = 0;
    const t = process.hrtime.bigint();
    async function worker() {
        while (started < total) {
            ++started;
            await call({ name: 'echo', arguments: { message: 'hello' } });
        }
    }
    await Promise.all(Array.from({ length: 64 }, worker));
    out.pipelinedPerSec = total / (Number(process.hrtime.bigint() - t) / 1e9);
}

for (const [label, size] of [['mbps1MiB', 1 << 20], ['mbps16MiB', 16 << 20]]) {
    try {
        let best = Infinity;
        for (let run = 0; run < 3; ++run) {
            const t = process.hrtime.bigint();
            const result = await call({ name: 'blob', arguments: { size } });
            const seconds = Number(process.hrtime.bigint() - t) / 1e9;
            if (result.content[0].text.length !== size) throw new Error('wrong size');
            best = Math.min(best, seconds);
        }
        out[label] = size / best / 1e6;
    } catch (e) {
        out[label] = null;
        out[label + 'Error'] = String(e.message || e);
    }
}
console.log(JSON.stringify(out));
await client.close();
process.exit(0);
