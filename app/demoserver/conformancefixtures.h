#pragma once

namespace Mcp {
class Server;
}

// The tools, resources and prompts that `conformance server` (@modelcontextprotocol/conformance)
// expects: test_simple_text, test://static-text, test_simple_prompt, ... (--conformance).
void addConformanceFixtures(Mcp::Server *server);
