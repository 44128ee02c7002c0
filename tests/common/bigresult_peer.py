#!/usr/bin/env python3
"""A legacy (2025-06-18) MCP server over stdio whose one tool, "big", answers with big texts
written exactly as this script chooses: every JSON escape, non-ASCII text raw and escaped,
surrogate pairs raw and escaped, lone surrogates, base64 blobs. Its answer frames are also
written to --frames FILE (one per line), so a test can compare what a client printed with what
Qt makes of the same bytes.

tools/call "big" arguments:
  size   escaped bytes of each big text (default 1 MiB)
  kind   "escapes" (default), "ascii", "blob" (base64 in an image and an embedded resource),
         "mixed" (several big texts beside small ones, numbers and nested arrays), "head" (a big
         text at the result's top level)
"""
import base64
import sys

FRAMES = sys.argv[sys.argv.index("--frames") + 1] if "--frames" in sys.argv else None

# Pieces of a JSON string's contents, escaped as given: every escape JSON has, raw and escaped
# non-ASCII, pairs, lone surrogates (JSON allows them; JavaScript writes them for a cut pair).
ESCAPES = [
    'plain text ', '\\"quoted\\" ', '\\\\back\\\\slash ', '\\/solidus ', '\\b\\f\\n\\r\\t ',
    '\\u0000\\u0001\\u001f\\u001F ', '\\u0041\\u007e\\u007f\\u0080 ', 'caf\u00e9 \\u00e9 \\u00E9 ',
    '\u4e2d\u6587 \\u4e2d\\u6587 ', '\U0001F600 \\uD83D\\uDE00 \\ud83d\\ude00 ', '\\u2028\\u2029 ',
    'lone high \\uD83D then text ', 'lone low \\uDE00 ', 'high high low \\uD83D\\uD83D\\uDE00 ',
    '\x7f del ', '\\u0022\\u005c ',
]


def fill(pieces, size):
    """Pieces repeated until the escaped text is `size` bytes (cut on a piece boundary, so
    every escape stays whole; padded with plain letters)."""
    out = []
    total = 0
    i = 0
    while True:
        piece = pieces[i % len(pieces)]
        length = len(piece.encode("utf-8"))
        if total + length > size:
            break
        out.append(piece)
        total += length
        i += 1
    out.append("x" * (size - total))
    return "".join(out)


def text_block(raw):
    return '{"type":"text","text":"%s"}' % raw


def result_for(kind, size):
    if kind == "ascii":
        return '{"content":[%s]}' % text_block(fill(["line of text\\twith \\\"quotes\\\"\\n"], size))
    if kind == "blob":
        data = base64.b64encode(bytes(range(256)) * (size // 340 + 1)).decode()[:size // 4 * 4]
        return ('{"content":[{"type":"image","mimeType":"image/png","data":"%s"},'
                '{"type":"resource","resource":{"uri":"file:///big.bin","mimeType":"application/octet-stream",'
                '"blob":"%s"}}]}' % (data, data.replace("/", "\\/")))
    if kind == "mixed":
        return ('{"content":[%s,{"type":"text","text":"small \\u00e9"},%s],'
                '"structuredContent":{"zeta":[1,2.5,-0.0,1e300,12345678901234567890,true,null,[[]],{}],'
                '"alpha":"%s","\\u00e9t\\u00e9":{"b":"%s","a":[]}},"isError":false}'
                % (text_block(fill(ESCAPES, size)), text_block(fill(ESCAPES[::-1], size // 2 + 3)),
                   fill(ESCAPES, size // 3), fill(["ascii "], size)))
    if kind == "head":
        return '{"content":[],"summary":"%s"}' % fill(ESCAPES, size)
    return '{"content":[%s]}' % text_block(fill(ESCAPES, size))


def send(line):
    sys.stdout.buffer.write(line.encode("utf-8", "surrogatepass") + b"\n")
    sys.stdout.buffer.flush()
    if FRAMES:
        with open(FRAMES, "ab") as frames:
            frames.write(line.encode("utf-8", "surrogatepass") + b"\n")


def main():
    import json
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        message = json.loads(line)
        method = message.get("method")
        if "id" not in message:
            continue
        mid = json.dumps(message["id"])
        if method == "initialize":
            send('{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},'
                 '"serverInfo":{"name":"bigresult-peer","version":"1.0"}}}' % mid)
        elif method == "tools/list":
            send('{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"big","inputSchema":{"type":"object"}}]}}' % mid)
        elif method == "tools/call":
            arguments = message.get("params", {}).get("arguments", {})
            result = result_for(arguments.get("kind", "escapes"), int(arguments.get("size", 1 << 20)))
            send('{"jsonrpc":"2.0","id":%s,"result":%s}' % (mid, result))
        else:
            send('{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}' % mid)


if __name__ == "__main__":
    main()
