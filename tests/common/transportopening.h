#pragma once
// Opening a transport in a test.
#include "transport/transport.h"

#include <QSignalSpy>

namespace Mcp::Test {

// Opens transport and waits up to timeoutMs for it to say it is open.
inline bool openTransport(Transport &transport, int timeoutMs)
{
    QSignalSpy opened(&transport, &Transport::opened);
    transport.open();
    return opened.wait(timeoutMs);
}

} // namespace Mcp::Test
