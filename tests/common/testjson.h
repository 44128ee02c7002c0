#pragma once

// JSON written into a test, read with the library's parser. A mistake in it stops the run (qFatal)
// instead of testing against an empty value.

#include "jsonrpc/json.h"

#include <QJsonArray>
#include <QJsonObject>

#include <type_traits>

namespace Mcp::Test {

// T: QJsonObject or QJsonArray, what the text must hold.
template<typename T>
T testJson(const char *json)
{
    static_assert(std::is_same_v<T, QJsonObject> || std::is_same_v<T, QJsonArray>);
    QString error;
    const QJsonValue value = Json::parse(QByteArrayView(json), &error);
    if constexpr (std::is_same_v<T, QJsonObject>) {
        if (!value.isObject())
            qFatal("bad test JSON: %s", qPrintable(error));
        return value.toObject();
    } else {
        if (!value.isArray())
            qFatal("bad test JSON: %s", qPrintable(error));
        return value.toArray();
    }
}

} // namespace Mcp::Test
