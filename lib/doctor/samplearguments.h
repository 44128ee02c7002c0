#pragma once

#include <QJsonObject>
#include <QJsonValue>

namespace Mcp::Doctor {

// Arguments for a tool made from its inputSchema alone, for `doctor --sample-calls`: every
// required property (and only those) with its default, const, first enum value or first example,
// else the least value of its type that meets the schema's bounds ("a", 0, false, [] ...). Local
// $refs are followed, to a bounded depth. What it makes is validated against the schema before it
// is sent: a schema too clever for it gets no call, never a wrong one.
QJsonObject sampleArguments(const QJsonObject &inputSchema);

} // namespace Mcp::Doctor
