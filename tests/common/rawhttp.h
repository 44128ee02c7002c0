#pragma once

// The tests' raw HTTP/1.1 peers: cutting the requests out of what a socket received.

#include <QByteArray>
#include <QList>

namespace Mcp::Test {

// The size of the whole request (head and Content-Length body) at the front of received, with its
// head (request line and headers) and body; 0 while some of it is still to come.
inline qsizetype wholeRequest(const QByteArray &received, QByteArray *head, QByteArray *body)
{
    const qsizetype end = received.indexOf("\r\n\r\n");
    if (end < 0)
        return 0;
    *head = received.left(end);
    qsizetype length = 0;
    for (const QByteArray &line : head->split('\n')) {
        if (line.toLower().startsWith("content-length:"))
            length = line.mid(15).trimmed().toLongLong();
    }
    if (received.size() < end + 4 + length)
        return 0;
    *body = received.mid(end + 4, length);
    return end + 4 + length;
}

} // namespace Mcp::Test
