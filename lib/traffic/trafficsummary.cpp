#include "trafficsummary_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QtAlgorithms>

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace Mcp {
namespace {

struct Scanner
{
    const char *p;
    const char *end;

    void skipWs()
    {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            ++p;
    }
    // p at the opening quote; leaves p after the closing quote. Sets *escaped if a backslash occurs.
    bool skipString(bool *escaped = nullptr)
    {
        ++p;
        for (;;) {
            const void *q = std::memchr(p, '"', size_t(end - p));
            if (!q)
                return false;
            const char *quote = static_cast<const char *>(q);
            // Count the backslashes right before the quote: an odd number escapes it.
            const char *b = quote;
            while (b > p && b[-1] == '\\')
                --b;
            if (escaped && (quote != p) && std::memchr(p, '\\', size_t(quote - p)))
                *escaped = true;
            p = quote + 1;
            if (((quote - b) & 1) == 0)
                return true;
        }
    }
    // Moves p to the next quote or bracket (or end). A 43 MiB tools/list is mostly such
    // stretches; a byte at a time they held the GUI thread for tens of milliseconds.
    void skipToStructural()
    {
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i openBrace = _mm_set1_epi8('{');
        const __m128i closeBrace = _mm_set1_epi8('}');
        const __m128i openBracket = _mm_set1_epi8('[');
        const __m128i closeBracket = _mm_set1_epi8(']');
        while (end - p >= 16) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, openBrace)),
                                              _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, closeBrace),
                                                                        _mm_cmpeq_epi8(chunk, openBracket)),
                                                           _mm_cmpeq_epi8(chunk, closeBracket)));
            const int mask = _mm_movemask_epi8(hits);
            if (mask) {
                p += qCountTrailingZeroBits(quint32(mask));
                return;
            }
            p += 16;
        }
#endif
        while (p < end && *p != '"' && *p != '{' && *p != '}' && *p != '[' && *p != ']')
            ++p;
    }
    bool skipValue()
    {
        if (p >= end)
            return false;
        const char c = *p;
        if (c == '"')
            return skipString();
        if (c == '{' || c == '[') {
            int depth = 0;
            while (p < end) {
                skipToStructural();
                if (p >= end)
                    break;
                const char d = *p;
                if (d == '"') {
                    if (!skipString())
                        return false;
                    continue;
                }
                if (d == '{' || d == '[')
                    ++depth;
                else if (d == '}' || d == ']') {
                    if (--depth == 0) {
                        ++p;
                        return true;
                    }
                }
                ++p;
            }
            return false;
        }
        const char *start = p;
        while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\t' && *p != '\n'
               && *p != '\r')
            ++p;
        return p > start;
    }
};

QByteArray decodeStringToken(QByteArrayView token)
{
    // Rare path (escapes in a method name): let QJsonDocument decode it.
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray('[' + token.toByteArray() + ']'));
    return doc.array().at(0).toString().toUtf8();
}

bool scanErrorCode(Scanner s, int *code)
{
    // s.p at '{' of the error object.
    ++s.p;
    for (;;) {
        s.skipWs();
        if (s.p >= s.end || *s.p != '"')
            return false;
        const char *keyStart = s.p + 1;
        if (!s.skipString())
            return false;
        const QByteArrayView key(keyStart, s.p - 1 - keyStart);
        s.skipWs();
        if (s.p >= s.end || *s.p != ':')
            return false;
        ++s.p;
        s.skipWs();
        const char *valueStart = s.p;
        if (!s.skipValue())
            return false;
        if (key == "code") {
            bool ok = false;
            const double value = QByteArrayView(valueStart, s.p - valueStart).toByteArray().toDouble(&ok);
            if (!ok)
                return false;
            *code = int(value);
            return true;
        }
        s.skipWs();
        if (s.p < s.end && *s.p == ',') {
            ++s.p;
            continue;
        }
        return false;
    }
}

} // namespace

FrameSummary summarizeTrafficFrame(QByteArrayView frame)
{
    FrameSummary summary;
    Scanner s{frame.data(), frame.data() + frame.size()};
    s.skipWs();
    if (s.p >= s.end)
        return summary;
    if (*s.p == '[') {
        summary.kind = TrafficKind::Batch;
        return summary;
    }
    if (*s.p != '{')
        return summary;
    ++s.p;
    bool hasMethod = false, hasId = false, hasResult = false, hasError = false;
    for (;;) {
        s.skipWs();
        if (s.p >= s.end)
            return FrameSummary();
        if (*s.p == '}')
            break;
        if (*s.p != '"')
            return FrameSummary();
        const char *keyStart = s.p + 1;
        if (!s.skipString())
            return FrameSummary();
        const QByteArrayView key(keyStart, s.p - 1 - keyStart);
        s.skipWs();
        if (s.p >= s.end || *s.p != ':')
            return FrameSummary();
        ++s.p;
        s.skipWs();
        const char *valueStart = s.p;
        if (key == "method" && s.p < s.end && *s.p == '"') {
            bool escaped = false;
            if (!s.skipString(&escaped))
                return FrameSummary();
            const QByteArrayView token(valueStart, s.p - valueStart);
            summary.method = escaped ? decodeStringToken(token) : token.sliced(1, token.size() - 2).toByteArray();
            hasMethod = true;
            // skipString already advanced past the value.
        } else {
            if (key == "error" && s.p < s.end && *s.p == '{') {
                int code = 0;
                if (scanErrorCode(s, &code)) {
                    summary.hasErrorCode = true;
                    summary.errorCode = code;
                }
            }
            if (!s.skipValue())
                return FrameSummary();
            if (key == "id") {
                const QByteArrayView token(valueStart, s.p - valueStart);
                if (token != "null") {
                    summary.idOffset = valueStart - frame.data();
                    summary.idSize = token.size();
                }
                hasId = true;
            } else if (key == "result") {
                hasResult = true;
            } else if (key == "error") {
                hasError = true;
            }
        }
        s.skipWs();
        if (s.p < s.end && *s.p == ',') {
            ++s.p;
            continue;
        }
        if (s.p < s.end && *s.p == '}')
            break;
        return FrameSummary();
    }
    if (hasMethod)
        summary.kind = hasId ? TrafficKind::Request : TrafficKind::Notification;
    else if (hasError)
        summary.kind = TrafficKind::Error;
    else if (hasResult)
        summary.kind = TrafficKind::Response;
    else
        summary.kind = TrafficKind::InvalidMessage;
    return summary;
}

} // namespace Mcp
