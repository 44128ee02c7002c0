#pragma once

namespace Mcp::Cli {

// `mcpscope record ...`: the recording proxy (lib/record). argv[1] is "record". Needs no
// display. Returns an exit code, or ends the process as the recorded server ended.
int runRecord(int argc, char **argv);

} // namespace Mcp::Cli
