#pragma once

// JSON-RPC error codes MCP defines beyond JSON-RPC's own (jsonrpc/message.h has those).
namespace Mcp {

// The codes the 2026-07-28 revision defines, in the range it reserves (-32020 to -32099).
namespace ModernErrorCode {
enum : int {
    HeaderMismatch = -32020,
    MissingRequiredClientCapability = -32021,
    UnsupportedProtocolVersion = -32022,
};
}

} // namespace Mcp
