#pragma once

#include <QJsonObject>
#include <QStringList>

namespace Mcp::Json {

// JSON Schema's "properties" is the one object whose key order a person reads (a form lists the
// fields as the author wrote them), and QJsonObject sorts its keys. Every parse of json.h and the
// frame parser note the document order of each "properties" member whose values are all objects
// or booleans (property schemas, not data) when it is not the sorted one; this gives it back for
// an object with the same contents, or an empty list when none was noted (then the sorted order is
// the author's, or the order is unknown). The most recent few thousand are kept, process-wide.
QStringList propertiesOrder(const QJsonObject &properties);

} // namespace Mcp::Json
