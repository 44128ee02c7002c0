#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QString>

namespace Mcp::Json {

// Fast JSON text <-> Qt JSON types. QJsonDocument parses text full of escapes at tens of
// MB/s; these go through simdjson and a hand-written writer and keep the Qt types at the API.

// Parses any JSON text (object, array or scalar at the top). On failure returns
// Undefined, sets *ok to false and describes the problem in *error.
QJsonValue parse(QByteArrayView text, QString *error = nullptr, bool *ok = nullptr);

// Compact JSON on one line, with the same bytes as QJsonDocument::toJson(Compact) would
// produce for objects and arrays: control characters, quotes and backslashes escaped,
// everything else kept as UTF-8, integers in decimal, non-finite numbers as null.
QByteArray serialize(const QJsonValue &value);
// Appends the compact form of value to out.
void serializeTo(QByteArray &out, const QJsonValue &value);

} // namespace Mcp::Json
