#include "bytesearch_p.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>

namespace Mcp {
namespace {

inline char lowerAscii(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
}

inline bool equalFolded(const char *hay, const char *lowerNeedle, qsizetype n)
{
    for (qsizetype i = 0; i < n; ++i) {
        if (lowerAscii(hay[i]) != lowerNeedle[i])
            return false;
    }
    return true;
}

#if defined(__SSE2__)
inline __m128i lower16(__m128i v)
{
    // Bytes >= 0x80 are negative in the signed compares, so they are never "upper case".
    const __m128i isUpper = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                                          _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
    return _mm_add_epi8(v, _mm_and_si128(isUpper, _mm_set1_epi8(0x20)));
}
#endif

} // namespace

CaseInsensitiveSearcher::CaseInsensitiveSearcher(QByteArrayView needle)
    : m_needle(needle.toByteArray())
{
    for (char &c : m_needle)
        c = lowerAscii(c);
}

qsizetype CaseInsensitiveSearcher::indexIn(QByteArrayView haystack) const
{
    const qsizetype m = m_needle.size();
    const qsizetype n = haystack.size();
    if (m == 0)
        return 0;
    if (m > n)
        return -1;
    const char *hay = haystack.data();
    const char *needle = m_needle.constData();
    qsizetype i = 0;
#if defined(__SSE2__)
    // Compare the first and last needle bytes at 16 candidate positions at once, then
    // verify the candidates (W. Mula's "SIMD-friendly generic" substring search).
    const __m128i first = _mm_set1_epi8(needle[0]);
    const __m128i last = _mm_set1_epi8(needle[m - 1]);
    for (; i + m - 1 + 16 <= n; i += 16) {
        const __m128i blockFirst = lower16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(hay + i)));
        const __m128i blockLast = lower16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(hay + i + m - 1)));
        unsigned mask = unsigned(_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(blockFirst, first), _mm_cmpeq_epi8(blockLast, last))));
        while (mask) {
            const int bit = __builtin_ctz(mask);
            if (m <= 2 || equalFolded(hay + i + bit + 1, needle + 1, m - 2))
                return i + bit;
            mask &= mask - 1;
        }
    }
#endif
    for (; i + m <= n; ++i) {
        if (lowerAscii(hay[i]) == needle[0] && equalFolded(hay + i + 1, needle + 1, m - 1))
            return i;
    }
    return -1;
}

CaseInsensitiveMultiSearcher::CaseInsensitiveMultiSearcher(const QList<QByteArray> &needles)
{
    for (const QByteArray &needle : needles) {
        if (needle.isEmpty())
            continue;
        QByteArray lower = needle;
        for (char &c : lower)
            c = lowerAscii(c);
        m_needles.append(lower);
        if (lower.size() == 1) {
            m_oneByteNeedle = true; // no pair to look for: byte by byte
            continue;
        }
        const std::pair<char, char> pair(lower[0], lower[1]);
        if (std::find(m_pairs.begin(), m_pairs.end(), pair) == m_pairs.end())
            m_pairs.push_back(pair);
    }
}

bool CaseInsensitiveMultiSearcher::matchesAt(const char *hay, qsizetype size) const
{
    for (const QByteArray &needle : m_needles) {
        const qsizetype m = needle.size();
        if (m <= size && lowerAscii(hay[0]) == needle[0] && equalFolded(hay + 1, needle.constData() + 1, m - 1))
            return true;
    }
    return false;
}

bool CaseInsensitiveMultiSearcher::anyIn(QByteArrayView haystack) const
{
    const qsizetype n = haystack.size();
    const char *hay = haystack.data();
    qsizetype i = 0;
#if defined(__SSE2__)
    // The needles' first two bytes at 16 positions at once (a few distinct pairs for all the
    // needles, from two loads per block); candidates are verified in full.
    for (; !m_oneByteNeedle && i + 1 + 16 <= n; i += 16) {
        const __m128i first = lower16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(hay + i)));
        const __m128i second = lower16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(hay + i + 1)));
        __m128i any = _mm_setzero_si128();
        for (const auto &pair : m_pairs) {
            any = _mm_or_si128(any, _mm_and_si128(_mm_cmpeq_epi8(first, _mm_set1_epi8(pair.first)),
                                                  _mm_cmpeq_epi8(second, _mm_set1_epi8(pair.second))));
        }
        unsigned mask = unsigned(_mm_movemask_epi8(any));
        while (mask) {
            const qsizetype at = i + __builtin_ctz(mask);
            if (matchesAt(hay + at, n - at))
                return true;
            mask &= mask - 1;
        }
    }
#endif
    for (; i < n; ++i) {
        if (matchesAt(hay + i, n - i))
            return true;
    }
    return false;
}

} // namespace Mcp
