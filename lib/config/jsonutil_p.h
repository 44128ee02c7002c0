#pragma once

#include <QJsonValue>
#include <QString>

namespace Mcp::ConfigDetail {

// A JSON scalar as the text a person wrote: hand-written configs put numbers and
// booleans where strings belong ("args": ["--port", 8080]).
inline QString scalarToString(const QJsonValue &value, bool *ok = nullptr)
{
    if (ok)
        *ok = true;
    switch (value.type()) {
    case QJsonValue::String: return value.toString();
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(value.toDouble(), 'g', 17);
    default:
        if (ok)
            *ok = false;
        return QString();
    }
}

} // namespace Mcp::ConfigDetail
