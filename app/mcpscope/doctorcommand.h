#pragma once

#include <QStringList>

namespace Mcp::Cli {

// `mcpscope doctor SERVER`: connects to a server in whatever era it speaks, lists everything it
// offers and checks it against the specification and what hosts are known to trip on
// (lib/doctor), and reports the findings as text or JSON. Needs a QCoreApplication.
// Exit 0: nothing at or above --fail-on (error by default), 1: something is, 2: usage,
// 3: the server could not be started, reached or initialized.
int runDoctor(const QStringList &arguments);

} // namespace Mcp::Cli
