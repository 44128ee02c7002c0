#pragma once

#include <QJsonValue>
#include <QLatin1StringView>
#include <QString>

#include <initializer_list>
#include <utility>
#include <vector>

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

// The words a file uses for an enum's values, listed once for writing and reading them. The
// first entry is what an unknown word reads as.
template <typename Enum>
class EnumWords
{
public:
    EnumWords(std::initializer_list<std::pair<Enum, QLatin1StringView>> words) : m_words(words) {}

    QString toString(Enum value) const
    {
        for (const auto &[known, word] : m_words) {
            if (known == value)
                return word;
        }
        return m_words.front().second;
    }
    Enum fromString(const QString &text, bool *ok = nullptr) const
    {
        for (const auto &[known, word] : m_words) {
            if (text == word) {
                if (ok)
                    *ok = true;
                return known;
            }
        }
        if (ok)
            *ok = false;
        return m_words.front().first;
    }

private:
    std::vector<std::pair<Enum, QLatin1StringView>> m_words;
};

} // namespace Mcp::ConfigDetail
