#pragma once

#include <QStringList>

namespace Mcp::Cli {

// `mcpscope test FILE [--reporter text|junit|json] [--output PATH] [--protocol ERA]
// [--connect-timeout MS] [--capture FILE]`: runs a collection (docs/collections.md) headless.
// Exit codes: 0 every call passed, 1 an assertion failed, 2 usage or a malformed collection,
// and the Inspector v2 codes for servers that could not be used: 3 authorization required,
// 4 unreachable (these win over 1: the run is incomplete). Needs a QCoreApplication.
int runTest(const QStringList &arguments);

} // namespace Mcp::Cli
