#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace Mcp {

// Case-insensitive substring search over raw bytes for the traffic filter. Only ASCII letters
// fold (raw bytes may not be UTF-8); other bytes must match exactly. Uses SSE2 where available.
class CaseInsensitiveSearcher
{
public:
    explicit CaseInsensitiveSearcher(QByteArrayView needle);
    bool isEmpty() const { return m_needle.isEmpty(); }
    qsizetype indexIn(QByteArrayView haystack) const;
    bool containedIn(QByteArrayView haystack) const { return indexIn(haystack) >= 0; }

private:
    QByteArray m_needle; // ASCII-lowercased
};

} // namespace Mcp
