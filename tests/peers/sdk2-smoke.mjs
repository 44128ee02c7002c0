#!/usr/bin/env node
// Checks sdk2-server.mjs against the SDK v2 client, run by hand after changing either:
//
//   node sdk2-smoke.mjs [--negotiation auto|legacy] -- <server command...>   (stdio)
//   node sdk2-smoke.mjs [--negotiation auto|legacy] --url http://127.0.0.1:N/mcp
//
// Lists tools, resources and prompts, calls echo and add, runs the two-round elicitation tool
// (answered "Ada", then yes), reads the resource, gets the prompt, and prints the negotiated era
// and version. Exits non-zero on the first thing that does not come back as expected.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const args = process.argv.slice(2);
const negotiation = args.includes('--negotiation') ? args[args.indexOf('--negotiation') + 1] : 'auto';
const url = args.includes('--url') ? args[args.indexOf('--url') + 1] : null;
const command = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
if (!url && command.length === 0) {
    console.error('usage: sdk2-smoke.mjs [--negotiation auto|legacy] (--url URL | -- command...)');
    process.exit(2);
}

const client = new Client(
    { name: 'sdk2-smoke', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: negotiation } }
);
const asked = [];
client.setRequestHandler('elicitation/create', async request => {
    asked.push(request.params.message);
    return { action: 'accept', content: asked.length === 1 ? { name: 'Ada' } : { confirm: true } };
});

function expect(what, actual, wanted) {
    const same = JSON.stringify(actual) === JSON.stringify(wanted);
    console.log(`${same ? 'ok  ' : 'FAIL'} ${what}: ${JSON.stringify(actual)}`);
    if (!same) process.exitCode = 1;
}
const text = result => result.content?.map(block => block.text).join('');

const transport = url
    ? new StreamableHTTPClientTransport(new URL(url))
    : new StdioClientTransport({ command: command[0], args: command.slice(1) });
await client.connect(transport);
console.log(`era ${client.getProtocolEra()}, version ${client.getNegotiatedProtocolVersion()}`);
expect('tools', (await client.listTools()).tools.map(tool => tool.name).sort(),
    ['add', 'echo', 'greet_confirmed', 'regional_lookup']);
const lookup = (await client.listTools()).tools.find(tool => tool.name === 'regional_lookup');
expect('x-mcp-header', lookup.inputSchema.properties.region['x-mcp-header'], 'Region');
expect('echo', text(await client.callTool({ name: 'echo', arguments: { message: 'hi' } })), 'hi');
expect('add', (await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).structuredContent, { sum: 5 });
expect('elicitation rounds', text(await client.callTool({ name: 'greet_confirmed', arguments: {} })), 'Hello, Ada!');
expect('questions asked', asked, ['Who is it?', 'Greet Ada?']);
expect('regional_lookup', text(await client.callTool({ name: 'regional_lookup', arguments: { region: 'eu-west', query: 'q' } })),
    'q in eu-west');
expect('resource', (await client.readResource({ uri: 'greeting://hello' })).contents[0].text, 'Hello from the SDK v2 peer');
expect('prompt', (await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } })).messages[0].content.text,
    'Please greet Ada.');
await client.close();
