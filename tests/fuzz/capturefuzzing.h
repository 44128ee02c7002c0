#pragma once

// Shared by the capture fuzz targets: captures written back with every secret kept (a fuzz input's
// "secrets" are no one's, and a round trip must give back exactly what went in).

#include "fuzzcommon.h"
#include "traffic/trafficcapture.h"

#include <QBuffer>

namespace Mcp::Fuzz {

inline TrafficCapture::ExportOptions keepSecrets()
{
    TrafficCapture::ExportOptions keep;
    keep.redaction = TrafficCapture::Redaction::KeepSecrets;
    return keep;
}

// The events as JSON Lines, as the CLI and the window save a capture.
inline QByteArray jsonLines(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames)
{
    QByteArray written;
    QBuffer output(&written);
    FUZZ_CHECK(output.open(QIODevice::WriteOnly));
    FUZZ_CHECK(TrafficCapture::writeJsonLines(&output, events, connectionNames, keepSecrets()));
    return written;
}

} // namespace Mcp::Fuzz
