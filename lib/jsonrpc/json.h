#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
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
// The same for a string and an integer, without making a QJsonValue of them first (which
// allocates for a string and goes through a QVariant to tell an integer from a double).
void serializeStringTo(QByteArray &out, const QString &string);
void serializeIntegerTo(QByteArray &out, qint64 value);
// Appends value laid out as QJsonDocument::toJson(Indented) lays it out (same bytes) when it
// is nested `level` deep: lines after the first indented by 4 * level spaces, no final newline.
// For writers of big files that assemble the document from parts.
void serializeIndentedTo(QByteArray &out, const QJsonValue &value, int level = 0);
// Appends the 4 * level spaces that begin a line `level` deep in that layout.
void appendIndentTo(QByteArray &out, int level);
// Keeps the text of an object that goes out again and again (a client's request metadata):
// serializeTo() then copies it for an equal object instead of walking the object, whose every
// key and string Qt hands out as a fresh QString. A shared copy compares in constant time.
// Per thread; the most recent few objects are kept.
void rememberText(const QJsonObject &object);

// For programs, once at the start of main() (a library does not change the allocator behind
// its host's back). A big message passes through a few buffers of its own size (the read
// buffer, the parsed document, the QString of its text); glibc gives each block above 128 KiB
// fresh pages from mmap and returns them on free, so every 16 MiB result paid for thousands of
// page faults, more than the parse itself. This keeps blocks up to 256 MiB on the heap and
// freed memory up to 512 MiB for reuse. Does nothing on other C libraries.
void keepBigBuffers();

} // namespace Mcp::Json
