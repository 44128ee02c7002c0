#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>

#include <optional>

namespace Mcp::ConfigDetail {

// A minimal scanner over comment-free JSON that reports where things are (offsets into the
// original text, which stripComments keeps).
struct Member
{
    QByteArray key;
    qsizetype keyStart = 0;
    qsizetype valueStart = 0;
    qsizetype valueEnd = 0; // one past
};

class JsonScanner
{
public:
    explicit JsonScanner(const QByteArray &text) : m_text(text) {}

    void skipSpace(qsizetype *i) const
    {
        while (*i < m_text.size() && (m_text.at(*i) == ' ' || m_text.at(*i) == '\t' || m_text.at(*i) == '\n'
                                      || m_text.at(*i) == '\r'))
            ++*i;
    }

    // Skips one value starting at *i; false if it is not one.
    bool skipValue(qsizetype *i) const
    {
        skipSpace(i);
        if (*i >= m_text.size())
            return false;
        const char c = m_text.at(*i);
        if (c == '"')
            return skipString(i);
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++*i;
            for (;;) {
                skipSpace(i);
                if (*i >= m_text.size())
                    return false;
                if (m_text.at(*i) == close) {
                    ++*i;
                    return true;
                }
                if (c == '{') {
                    if (!skipString(i))
                        return false;
                    skipSpace(i);
                    if (*i >= m_text.size() || m_text.at(*i) != ':')
                        return false;
                    ++*i;
                }
                if (!skipValue(i))
                    return false;
                skipSpace(i);
                if (*i < m_text.size() && m_text.at(*i) == ',')
                    ++*i;
            }
        }
        while (*i < m_text.size() && !QByteArrayView(",}] \t\r\n").contains(m_text.at(*i)))
            ++*i;
        return true;
    }

    bool skipString(qsizetype *i) const
    {
        if (*i >= m_text.size() || m_text.at(*i) != '"')
            return false;
        for (++*i; *i < m_text.size(); ++*i) {
            if (m_text.at(*i) == '\\')
                ++*i;
            else if (m_text.at(*i) == '"') {
                ++*i;
                return true;
            }
        }
        return false;
    }

    // The members of the object starting at `start`; *closing (optional) is where its '}' is.
    std::optional<QList<Member>> members(qsizetype start, qsizetype *closing = nullptr) const
    {
        qsizetype i = start;
        skipSpace(&i);
        if (i >= m_text.size() || m_text.at(i) != '{')
            return std::nullopt;
        ++i;
        QList<Member> list;
        for (;;) {
            skipSpace(&i);
            if (i >= m_text.size())
                return std::nullopt;
            if (m_text.at(i) == '}') {
                if (closing)
                    *closing = i;
                return list;
            }
            const qsizetype keyStart = i;
            if (!skipString(&i))
                return std::nullopt;
            Member member;
            member.keyStart = keyStart;
            member.key = QJsonDocument::fromJson("[" + m_text.mid(keyStart, i - keyStart) + "]")
                             .array().first().toString().toUtf8();
            skipSpace(&i);
            if (i >= m_text.size() || m_text.at(i) != ':')
                return std::nullopt;
            ++i;
            skipSpace(&i);
            member.valueStart = i;
            if (!skipValue(&i))
                return std::nullopt;
            member.valueEnd = i;
            list.append(member);
            skipSpace(&i);
            if (i < m_text.size() && m_text.at(i) == ',')
                ++i;
        }
    }

private:
    const QByteArray &m_text;
};

inline const Member *find(const QList<Member> &members, QByteArrayView key)
{
    for (const Member &m : members) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

} // namespace Mcp::ConfigDetail
