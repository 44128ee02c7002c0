#pragma once

// A fast look at the top level of one JSON-RPC frame: kind, method, id token, error code.
// Runs on every appended event, so it scans bytes instead of building a QJsonDocument;
// it does not validate (the transport already classified the frame).

#include "trafficstore.h"

#include <QByteArrayView>

namespace Mcp {

struct FrameSummary
{
    TrafficKind kind = TrafficKind::InvalidMessage;
    QByteArray method;         // decoded; empty when absent
    qsizetype idOffset = -1;   // JSON token of a non-null id inside the frame
    qsizetype idSize = 0;
    bool hasErrorCode = false;
    int errorCode = 0;
};

FrameSummary summarizeTrafficFrame(QByteArrayView frame);

} // namespace Mcp
