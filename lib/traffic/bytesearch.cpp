#include "bytesearch_p.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cstring>

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
        // A pair is compared after OR 0x20, which is exact for letters only.
        auto isLetter = [](char c) { return c >= 'a' && c <= 'z'; };
        if (lower.size() == 1 || !isLetter(lower[0]) || !isLetter(lower[1])) {
            m_scalarOnly = true; // byte by byte then
            continue;
        }
        const bool known = std::any_of(m_pairs.begin(), m_pairs.end(), [&lower](const Pair &pair) {
            return pair.first[0] == lower[0] && pair.second[0] == lower[1];
        });
        if (!known) {
            Pair pair;
            std::memset(pair.first, lower[0], sizeof pair.first);
            std::memset(pair.second, lower[1], sizeof pair.second);
            m_pairs.push_back(pair);
        }
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

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2"))) qsizetype CaseInsensitiveMultiSearcher::scanAvx2(const char *hay, qsizetype n,
                                                                                bool *found) const
{
    // As anyIn's SSE2 loop, 32 positions at a time; returns where it stopped.
    const __m256i caseBit = _mm256_set1_epi8(0x20);
    qsizetype i = 0;
    for (; i + 1 + 32 <= n; i += 32) {
        const __m256i first = _mm256_or_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(hay + i)), caseBit);
        const __m256i second = _mm256_or_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(hay + i + 1)), caseBit);
        __m256i any = _mm256_setzero_si256();
        for (const Pair &pair : m_pairs) {
            const __m256i a = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i *>(pair.first)));
            const __m256i b = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i *>(pair.second)));
            any = _mm256_or_si256(any, _mm256_and_si256(_mm256_cmpeq_epi8(first, a), _mm256_cmpeq_epi8(second, b)));
        }
        unsigned mask = unsigned(_mm256_movemask_epi8(any));
        while (mask) {
            const qsizetype at = i + __builtin_ctz(mask);
            if (matchesAt(hay + at, n - at)) {
                *found = true;
                return i;
            }
            mask &= mask - 1;
        }
    }
    return i;
}
#endif

bool CaseInsensitiveMultiSearcher::anyIn(QByteArrayView haystack) const
{
    const qsizetype n = haystack.size();
    const char *hay = haystack.data();
    qsizetype i = 0;
#if defined(__x86_64__) && defined(__GNUC__)
    // Twice the width where the CPU has it: the capture asks this of every byte it records.
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2 && !m_scalarOnly) {
        bool found = false;
        i = scanAvx2(hay, n, &found);
        if (found)
            return true;
    }
#endif
#if defined(__SSE2__)
    // The needles' first two bytes at 16 positions at once (a few distinct pairs for all the
    // needles, from two loads per block); candidates are verified in full.
    for (; !m_scalarOnly && i + 1 + 16 <= n; i += 16) {
        // OR 0x20 lowers a letter and is cheaper than lower16; it also maps a few other bytes
        // onto letters ('B' and 'b' and nothing else become 'b'), which only makes candidates.
        const __m128i caseBit = _mm_set1_epi8(0x20);
        const __m128i first = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i *>(hay + i)), caseBit);
        const __m128i second = _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i *>(hay + i + 1)), caseBit);
        __m128i any = _mm_setzero_si128();
        for (const Pair &pair : m_pairs) {
            const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i *>(pair.first));
            const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i *>(pair.second));
            any = _mm_or_si128(any, _mm_and_si128(_mm_cmpeq_epi8(first, a), _mm_cmpeq_epi8(second, b)));
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
