#pragma once

#include <QJsonValue>
#include <QLatin1StringView>
#include <QString>

#include <cstddef>
#include <utility>

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

// The words a file uses for an enum's values, listed once (a constexpr array of pairs) for
// writing and reading them. The first entry is what an unknown word reads as.
template <typename Enum>
using EnumWord = std::pair<Enum, QLatin1StringView>;

template <typename Enum, std::size_t N>
QString wordOf(const EnumWord<Enum> (&words)[N], Enum value)
{
    for (const auto &[known, word] : words) {
        if (known == value)
            return word;
    }
    return words[0].second;
}

template <typename Enum, std::size_t N>
Enum valueOf(const EnumWord<Enum> (&words)[N], const QString &text, bool *ok = nullptr)
{
    for (const auto &[known, word] : words) {
        if (text == word) {
            if (ok)
                *ok = true;
            return known;
        }
    }
    if (ok)
        *ok = false;
    return words[0].first;
}

} // namespace Mcp::ConfigDetail
