#pragma once

// Reading a tools/call result in a test.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace Mcp::Test {

// The text of the result's first content block (empty when there is none).
inline QString firstText(const QJsonObject &toolResult)
{
    return toolResult.value(QLatin1String("content")).toArray().at(0).toObject().value(QLatin1String("text")).toString();
}

} // namespace Mcp::Test
