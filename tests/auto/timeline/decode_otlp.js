// Reads an OTLP JSON Lines file (the traces request, then the metrics request), and decodes
// each line through the OpenTelemetry JS packages' own protobuf definitions: the OTLP/JSON
// mapping (hex ids, enums as numbers, 64-bit integers as strings) turned into the protobuf
// message, verified, encoded to the wire format and decoded again. Prints what came back as
// JSON (ids as hex, 64-bit integers as strings) for the test to compare field by field.
// Usage: node decode_otlp.js PEERS_NODE_MODULES FILE
'use strict';
const fs = require('fs');
const path = require('path');

const [peers, file] = process.argv.slice(2);
const root = require(path.join(peers, '@opentelemetry/otlp-transformer/build/src/generated/root.js'));
const proto = root.opentelemetry.proto;

const Long = require(path.join(peers, 'long'));
const idFields = new Set(['traceId', 'spanId', 'parentSpanId']);
// The 64-bit fields OTLP/JSON writes as decimal strings (fixed64 unsigned, int64 signed).
const unsigned64 = new Set(['startTimeUnixNano', 'endTimeUnixNano', 'timeUnixNano', 'count', 'bucketCounts']);
const signed64 = new Set(['intValue', 'asInt']);
function toLong(value, key, unsigned) {
  if (typeof value !== 'string' || !/^-?[0-9]+$/.test(value)) throw new Error(`${key} is not a decimal string: ${value}`);
  return Long.fromString(value, unsigned);
}
// OTLP/JSON to protobufjs's object form: ids from hex to bytes, 64-bit integers to Long.
function toProto(value, key) {
  if (Array.isArray(value)) {
    if (unsigned64.has(key)) return value.map((v) => toLong(v, key, true));
    return value.map((v) => toProto(v));
  }
  if (unsigned64.has(key)) return toLong(value, key, true);
  if (signed64.has(key)) return toLong(value, key, false);
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = toProto(v, k);
    return out;
  }
  if (idFields.has(key)) {
    if (!/^([0-9a-f]{2})*$/.test(value)) throw new Error(`${key} is not lower-case hex: ${value}`);
    return Buffer.from(value, 'hex');
  }
  return value;
}

function decode(Type, json) {
  const object = toProto(json);
  const problem = Type.verify(object);
  if (problem) throw new Error(`${Type.name}: ${problem}`);
  const wire = Type.encode(Type.fromObject(object)).finish();
  const back = Type.decode(wire);
  return Type.toObject(back, { longs: String, enums: Number, bytes: String, defaults: false, arrays: true });
}

function hexIds(value, key) {
  if (Array.isArray(value)) return value.map((v) => hexIds(v));
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = hexIds(v, k);
    return out;
  }
  if (idFields.has(key)) return Buffer.from(value, 'base64').toString('hex');
  return value;
}

const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
if (lines.length !== 2) throw new Error(`expected 2 lines (traces, metrics), got ${lines.length}`);
const traces = decode(proto.collector.trace.v1.ExportTraceServiceRequest, JSON.parse(lines[0]));
const metrics = decode(proto.collector.metrics.v1.ExportMetricsServiceRequest, JSON.parse(lines[1]));
process.stdout.write(JSON.stringify({ traces: hexIds(traces), metrics: hexIds(metrics) }) + '\n');
