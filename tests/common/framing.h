#pragma once

// The lines a stdio stream holds, as the library's LineFramer cuts them (a last line without its
// newline included): what a recorder must have written for the bytes that passed through it.

#include "transport/lineframer.h"

#include <QByteArrayList>

namespace Mcp::Test {

inline QByteArrayList framedLines(const QByteArray &data)
{
    LineFramer framer;
    QByteArrayList lines;
    for (const auto &frame : framer.feed(data))
        lines.append(frame.line);
    for (const auto &frame : framer.finish())
        lines.append(frame.line);
    return lines;
}

} // namespace Mcp::Test
