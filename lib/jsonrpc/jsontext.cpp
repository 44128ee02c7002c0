// JsonText: a JSON string read from its frame's bytes in pieces (see jsontext.h).

#include "jsontext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace Mcp {

namespace {

// The first byte at or after p that ends a run of plain string contents: a quote, a backslash or a
// control character (end when there is none).
const char *nextSpecial(const char *p, const char *end)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lastControl = _mm_set1_epi8(0x1f);
    for (; end - p >= 16; p += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
        const __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
                                             _mm_cmpeq_epi8(_mm_max_epu8(bytes, lastControl), lastControl));
        if (const int mask = _mm_movemask_epi8(special))
            return p + __builtin_ctz(unsigned(mask));
    }
#endif
    for (; p < end; ++p) {
        const uchar c = uchar(*p);
        if (c == '"' || c == '\\' || c < 0x20)
            return p;
    }
    return end;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The code unit of "\uXXXX" at p (p[0] == '\\'), or -1 when there is none.
int escapedUnit(const char *p, const char *end)
{
    if (end - p < 6 || p[1] != 'u')
        return -1;
    int unit = 0;
    for (int i = 2; i < 6; ++i) {
        const int digit = hexValue(p[i]);
        if (digit < 0)
            return -1;
        unit = unit * 16 + digit;
    }
    return unit;
}

bool isHighSurrogate(int unit) { return unit >= 0xd800 && unit <= 0xdbff; }
bool isLowSurrogate(int unit) { return unit >= 0xdc00 && unit <= 0xdfff; }

// The length of the escape at p (p[0] == '\\'), 0 when it is not a valid one.
qsizetype escapeLength(const char *p, const char *end)
{
    if (end - p < 2)
        return 0;
    switch (p[1]) {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
        return 2;
    case 'u':
        return escapedUnit(p, end) >= 0 ? 6 : 0;
    default:
        return 0;
    }
}

// Walks valid string contents: plain(p, n) for each run of raw bytes (valid UTF-8 without escapes),
// codePoint(c) for each escaped character (a surrogate pair joined), lone(unit) for an escaped
// surrogate without its other half. Returns false as soon as one of them does.
template<typename Plain, typename CodePoint, typename Lone>
bool walk(QByteArrayView raw, Plain plain, CodePoint codePoint, Lone lone)
{
    const char *p = raw.data();
    const char *const end = p + raw.size();
    while (p < end) {
        const char *special = static_cast<const char *>(std::memchr(p, '\\', size_t(end - p)));
        if (!special)
            special = end;
        if (special > p && !plain(p, special - p))
            return false;
        p = special;
        if (p >= end)
            break;
        char32_t c = 0;
        switch (p[1]) {
        case 'b': c = 0x08; break;
        case 'f': c = 0x0c; break;
        case 'n': c = 0x0a; break;
        case 'r': c = 0x0d; break;
        case 't': c = 0x09; break;
        case 'u': {
            const int unit = escapedUnit(p, end);
            if (isHighSurrogate(unit)) {
                const int next = p + 6 < end && p[6] == '\\' ? escapedUnit(p + 6, end) : -1;
                if (isLowSurrogate(next)) {
                    if (!codePoint(char32_t(0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00))))
                        return false;
                    p += 12;
                    continue;
                }
            }
            if (isHighSurrogate(unit) || isLowSurrogate(unit)) {
                if (!lone(char16_t(unit)))
                    return false;
            } else if (!codePoint(char32_t(unit))) {
                return false;
            }
            p += 6;
            continue;
        }
        default: c = char32_t(uchar(p[1])); break; // '"', '\\', '/'
        }
        if (!codePoint(c))
            return false;
        p += 2;
    }
    return true;
}

bool isAscii(const char *p, qsizetype n)
{
    quint64 bits = 0; // OR-ed words: vectorised, at memory speed
    qsizetype i = 0;
    for (; i + 8 <= n; i += 8) {
        quint64 word;
        std::memcpy(&word, p + i, 8);
        bits |= word;
    }
    for (; i < n; ++i)
        bits |= uchar(p[i]);
    return (bits & 0x8080808080808080ULL) == 0;
}

char hexDigit(uint value)
{
    return "0123456789abcdef"[value & 0xf];
}

// Appends c (not a surrogate) in UTF-8.
void appendUtf8(QByteArray &out, char32_t c)
{
    if (c < 0x80) {
        out.append(char(c));
    } else if (c < 0x800) {
        out.append(char(0xc0 | (c >> 6)));
        out.append(char(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
        out.append(char(0xe0 | (c >> 12)));
        out.append(char(0x80 | ((c >> 6) & 0x3f)));
        out.append(char(0x80 | (c & 0x3f)));
    } else {
        out.append(char(0xf0 | (c >> 18)));
        out.append(char(0x80 | ((c >> 12) & 0x3f)));
        out.append(char(0x80 | ((c >> 6) & 0x3f)));
        out.append(char(0x80 | (c & 0x3f)));
    }
}

void appendUnitEscape(QByteArray &out, char16_t unit)
{
    const char escape[] = {'\\', 'u', hexDigit(unit >> 12), hexDigit(unit >> 8), hexDigit(unit >> 4), hexDigit(unit)};
    out.append(escape, sizeof escape);
}

// Pieces of at most JsonText::PieceSize bytes for a sink.
class PieceWriter
{
public:
    explicit PieceWriter(const JsonText::Sink &sink) : m_sink(sink) { m_piece.reserve(JsonText::PieceSize + 16); }

    QByteArray &buffer() { return m_piece; }
    // Hands the piece over once it is full (call after each small append).
    bool settle() { return m_piece.size() < JsonText::PieceSize || flush(); }
    bool append(const char *p, qsizetype n)
    {
        while (n > 0) {
            const qsizetype room = JsonText::PieceSize - m_piece.size();
            const qsizetype take = qMin(room, n);
            m_piece.append(p, take);
            p += take;
            n -= take;
            if (!settle())
                return false;
        }
        return true;
    }
    bool flush()
    {
        if (m_piece.isEmpty())
            return true;
        const bool more = m_sink(m_piece);
        m_piece.resize(0);
        return more;
    }

private:
    const JsonText::Sink &m_sink;
    QByteArray m_piece;
};

} // namespace

// The random part of the markers: no text a server sends can hold it by chance.
const QString &ResultTexts::markerPrefix()
{
    static const QString prefix = QStringLiteral("mcpscope-big-text-%1-")
                                      .arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
    return prefix;
}

bool JsonText::writeEscaped(const Sink &sink) const
{
    PieceWriter out(sink);
    const bool completed = walk(
        raw(), [&out](const char *p, qsizetype n) { return out.append(p, n); },
        [&out](char32_t c) {
            QByteArray &piece = out.buffer();
            if (c >= 0x80) {
                appendUtf8(piece, c);
            } else if (c == '"' || c == '\\') {
                piece.append('\\');
                piece.append(char(c));
            } else if (c >= 0x20) {
                piece.append(char(c));
            } else {
                // What QJsonDocument writes for a control character.
                switch (c) {
                case 0x08: piece.append("\\b"); break;
                case 0x0c: piece.append("\\f"); break;
                case 0x0a: piece.append("\\n"); break;
                case 0x0d: piece.append("\\r"); break;
                case 0x09: piece.append("\\t"); break;
                default: appendUnitEscape(piece, char16_t(c)); break;
                }
            }
            return out.settle();
        },
        [&out](char16_t unit) {
            appendUnitEscape(out.buffer(), unit); // as QJsonDocument writes a lone surrogate
            return out.settle();
        });
    return completed && out.flush();
}

bool JsonText::writeUtf8(const Sink &sink) const
{
    PieceWriter out(sink);
    const bool completed = walk(
        raw(), [&out](const char *p, qsizetype n) { return out.append(p, n); },
        [&out](char32_t c) {
            appendUtf8(out.buffer(), c);
            return out.settle();
        },
        [&out](char16_t) {
            appendUtf8(out.buffer(), 0xfffd);
            return out.settle();
        });
    return completed && out.flush();
}

QString JsonText::toString() const
{
    // Every byte of the contents gives at most one UTF-16 unit: written in place, then cut to size.
    QString text(m_size, Qt::Uninitialized);
    char16_t *out = reinterpret_cast<char16_t *>(text.data());
    auto appendCodePoint = [&out](char32_t c) {
        if (c < 0x10000) {
            *out++ = char16_t(c);
        } else {
            *out++ = char16_t(0xd800 + ((c - 0x10000) >> 10));
            *out++ = char16_t(0xdc00 + ((c - 0x10000) & 0x3ff));
        }
        return true;
    };
    walk(
        raw(),
        [&out, &appendCodePoint](const char *p, qsizetype n) {
            // Valid UTF-8 (the frame was checked): decoded here, without a QString per run.
            const uchar *s = reinterpret_cast<const uchar *>(p);
            const uchar *const end = s + n;
            while (s < end) {
                const uchar b = *s;
                if (b < 0x80) {
                    *out++ = b;
                    ++s;
                } else if (b < 0xe0) {
                    appendCodePoint(char32_t(b & 0x1f) << 6 | (s[1] & 0x3f));
                    s += 2;
                } else if (b < 0xf0) {
                    appendCodePoint(char32_t(b & 0x0f) << 12 | char32_t(s[1] & 0x3f) << 6 | (s[2] & 0x3f));
                    s += 3;
                } else {
                    appendCodePoint(char32_t(b & 0x07) << 18 | char32_t(s[1] & 0x3f) << 12 | char32_t(s[2] & 0x3f) << 6
                                    | (s[3] & 0x3f));
                    s += 4;
                }
            }
            return true;
        },
        appendCodePoint,
        [&out](char16_t unit) {
            *out++ = unit;
            return true;
        });
    text.truncate(out - reinterpret_cast<const char16_t *>(text.constData()));
    return text;
}

QJsonValue JsonText::toJsonValue() const
{
    // ASCII text goes into Qt JSON as 8-bit text (see json.cpp's stringToQt()); without escapes
    // (base64 blobs) straight from the frame, with no unescaped copy on the way.
    const QByteArrayView contents = raw();
    if (!std::memchr(contents.data(), '\\', size_t(contents.size())) && isAscii(contents.data(), contents.size()))
        return QJsonValue(QLatin1StringView(contents));
    // Unescaped in place into a buffer of the escaped size (never smaller), then cut to size.
    QByteArray ascii(m_size, Qt::Uninitialized);
    char *out = ascii.data();
    const bool ascii7 = walk(
        contents,
        [&out](const char *p, qsizetype n) {
            if (!isAscii(p, n))
                return false;
            std::memcpy(out, p, size_t(n));
            out += n;
            return true;
        },
        [&out](char32_t c) {
            if (c >= 0x80)
                return false;
            *out++ = char(c);
            return true;
        },
        [](char16_t) { return false; });
    if (ascii7) {
        ascii.truncate(out - ascii.constData());
        return QJsonValue(QLatin1StringView(ascii));
    }
    ascii = QByteArray();
    return QJsonValue(toString());
}

qsizetype JsonText::Index::blockOf(qsizetype unit) const
{
    const auto after = std::upper_bound(unitStarts.cbegin(), unitStarts.cend(), unit);
    return qMax<qsizetype>(0, (after - unitStarts.cbegin()) - 1);
}

JsonText::Index JsonText::index(qsizetype blockUnits, const std::function<bool(int)> &progress) const
{
    Index index;
    const QByteArrayView contents = raw();
    const char *const begin = contents.data();
    const char *const end = begin + contents.size();
    blockUnits = qMax<qsizetype>(1, blockUnits);
    qsizetype units = 0;
    qsizetype utf8 = 0;
    qsizetype nextBlock = 0; // a block starts at the first character from this unit on
    auto character = [&](const char *at, qsizetype unitCount, qsizetype utf8Bytes) {
        if (units >= nextBlock) {
            index.rawStarts.append(at - begin);
            index.unitStarts.append(units);
            nextBlock = units + blockUnits;
        }
        units += unitCount;
        utf8 += utf8Bytes;
    };
    constexpr qsizetype ProgressBytes = 2 * 1024 * 1024;
    qsizetype sinceProgress = 0;
    const char *p = begin;
    while (p < end) {
        const uchar b = uchar(*p);
        if (b != '\\') {
            // Valid UTF-8 (the frame was checked): a lead byte starts a character, four-byte ones
            // take two UTF-16 units. Runs of ASCII between block starts are counted at once.
            if (b < 0x80 && units < nextBlock) {
                const char *run = p + 1;
                const qsizetype room = nextBlock - units; // characters before the next block
                const char *const stop = end - p > room ? p + room : end;
                while (run < stop && uchar(*run) < 0x80 && *run != '\\')
                    ++run;
                units += run - p;
                utf8 += run - p;
                sinceProgress += run - p;
                p = run;
            } else {
                const qsizetype length = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
                character(p, length == 4 ? 2 : 1, length);
                p += length;
                sinceProgress += length;
            }
        } else {
            qsizetype length = escapeLength(p, end);
            if (length == 0)
                return {}; // not valid contents: the frame parser would have refused them
            qsizetype unitCount = 1;
            qsizetype utf8Bytes = 1;
            if (length == 6) {
                const int unit = escapedUnit(p, end);
                const int next = isHighSurrogate(unit) && p + 6 < end && p[6] == '\\' ? escapedUnit(p + 6, end) : -1;
                if (isLowSurrogate(next)) {
                    length = 12;
                    unitCount = 2;
                    utf8Bytes = 4;
                } else {
                    // A lone surrogate is U+FFFD in UTF-8 (three bytes), as writeUtf8() writes it.
                    utf8Bytes = unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
                }
            }
            character(p, unitCount, utf8Bytes);
            p += length;
            sinceProgress += length;
        }
        if (sinceProgress >= ProgressBytes) {
            sinceProgress = 0;
            if (progress && !progress(int((p - begin) * 100 / qMax<qsizetype>(1, end - begin))))
                return {};
        }
    }
    if (index.rawStarts.isEmpty()) {
        index.rawStarts.append(0);
        index.unitStarts.append(0);
    }
    index.size = units;
    index.utf8Size = utf8;
    return index;
}

qsizetype ResultTexts::indexOf(QStringView string) const
{
    const QString &prefix = markerPrefix();
    if (texts.isEmpty() || !string.startsWith(prefix))
        return -1;
    bool ok = false;
    const qsizetype index = string.sliced(prefix.size()).toLongLong(&ok);
    return ok && index >= 0 && index < texts.size() ? index : -1;
}

QString ResultTexts::marker(qsizetype index)
{
    return markerPrefix() + QString::number(index);
}

namespace {

QJsonValue resolvedValue(const QJsonValue &value, const ResultTexts &texts, bool *changed)
{
    if (value.isString()) {
        const qsizetype index = texts.indexOf(value.toString());
        if (index < 0)
            return value;
        *changed = true;
        return texts.texts.at(index).toJsonValue();
    }
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            bool inner = false;
            const QJsonValue item = resolvedValue(array.at(i), texts, &inner);
            if (inner) {
                array.replace(i, item);
                *changed = true;
            }
        }
        return array;
    }
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            bool inner = false;
            const QJsonValue member = resolvedValue(it.value(), texts, &inner);
            if (inner) {
                it.value() = member;
                *changed = true;
            }
        }
        return object;
    }
    return value;
}

} // namespace

QJsonValue ResultTexts::resolved() const
{
    if (texts.isEmpty())
        return value;
    bool changed = false;
    return resolvedValue(value, *this, &changed);
}

bool Json::Internal::findBigStrings(QByteArrayView frame, qsizetype minSize,
                                    QList<std::pair<qsizetype, qsizetype>> *ranges)
{
    const char *const begin = frame.data();
    const char *const end = begin + frame.size();
    const char *p = begin;
    while (true) {
        // Outside strings only a quote matters: JSON has no other place for a backslash.
        p = static_cast<const char *>(std::memchr(p, '"', size_t(end - p)));
        if (!p)
            return true;
        const char *const start = ++p;
        while (true) {
            p = nextSpecial(p, end);
            if (p >= end || uchar(*p) < 0x20)
                return false; // cut off, or a raw control character
            if (*p == '"')
                break;
            const qsizetype escape = escapeLength(p, end);
            if (escape == 0)
                return false;
            p += escape;
        }
        const qsizetype size = p - start;
        ++p; // past the closing quote
        if (size < minSize)
            continue;
        const char *next = p;
        while (next < end && (*next == ' ' || *next == '\t' || *next == '\n' || *next == '\r'))
            ++next;
        if (next < end && *next == ':')
            continue; // a key
        ranges->append({start - begin, size});
    }
}

} // namespace Mcp
