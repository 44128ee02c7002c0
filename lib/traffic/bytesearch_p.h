#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <utility>
#include <vector>

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

// Whether any of several needles occurs (case-insensitively, as above), in one pass over the
// haystack instead of one per needle: the capture's redaction asks this of every line.
class CaseInsensitiveMultiSearcher
{
public:
    explicit CaseInsensitiveMultiSearcher(const QList<QByteArray> &needles);
    bool anyIn(QByteArrayView haystack) const;

private:
    bool matchesAt(const char *hay, qsizetype size) const;
#if defined(__x86_64__) && defined(__GNUC__)
    qsizetype scanAvx2(const char *hay, qsizetype n, bool *found) const;
#endif

    QList<QByteArray> m_needles; // ASCII-lowercased, none empty
    // The needles' distinct first two bytes, each repeated 16 times (ready to compare).
    struct alignas(16) Pair
    {
        char first[16];
        char second[16];
    };
    std::vector<Pair> m_pairs;
    bool m_scalarOnly = false; // a needle that does not start with two letters
};

} // namespace Mcp
