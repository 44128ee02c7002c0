#include "json.h"
#include "json_p.h"

#include <QVariant>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace Mcp::Json {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Json)
};

QString toQString(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

bool isAscii(std::string_view s)
{
    // OR-ing whole words lets the compiler vectorise this; it runs at memory speed.
    const char *p = s.data();
    size_t n = s.size();
    quint64 bits = 0;
    for (; n >= 8; p += 8, n -= 8) {
        quint64 word;
        std::memcpy(&word, p, 8);
        bits |= word;
    }
    for (; n > 0; ++p, --n)
        bits |= quint8(*p);
    return (bits & 0x8080808080808080ULL) == 0;
}

// Qt keeps ASCII strings inside QJsonValue as 8-bit text; handing it Latin-1 directly skips
// building a UTF-16 QString (twice the size, fresh memory) that Qt would compress back.
QJsonValue stringToQt(std::string_view s)
{
    if (isAscii(s))
        return QJsonValue(QLatin1StringView(s.data(), qsizetype(s.size())));
    return QJsonValue(toQString(s));
}

void insertField(QJsonObject &object, std::string_view key, const QJsonValue &value)
{
    if (isAscii(key))
        object.insert(QLatin1StringView(key.data(), qsizetype(key.size())), value);
    else
        object.insert(toQString(key), value);
}

QJsonObject objectToQt(simdjson::dom::object object)
{
    QJsonObject result;
    // QJsonObject keeps its keys sorted; inserting in sorted order appends at the end
    // instead of shifting the middle, which keeps big objects from going quadratic.
    constexpr size_t SmallObject = 16;
    if (object.size() <= SmallObject) {
        for (simdjson::dom::key_value_pair field : object)
            insertField(result, field.key, Internal::toQt(field.value));
        return result;
    }
    QList<std::pair<QString, simdjson::dom::element>> fields;
    fields.reserve(qsizetype(object.size()));
    for (simdjson::dom::key_value_pair field : object)
        fields.append({toQString(field.key), field.value});
    // Stable, so that of duplicate keys the last one is inserted last and wins, as in Qt.
    std::stable_sort(fields.begin(), fields.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &field : std::as_const(fields))
        result.insert(field.first, Internal::toQt(field.second));
    return result;
}

} // namespace

QString Internal::toQString(std::string_view s)
{
    return Json::toQString(s);
}

QJsonValue Internal::toQt(simdjson::dom::element element)
{
    using Type = simdjson::dom::element_type;
    switch (element.type()) {
    case Type::OBJECT:
        return objectToQt(element.get_object().value_unsafe());
    case Type::ARRAY: {
        // A named copy: a range-for straight over value_unsafe() would iterate a dead temporary.
        const simdjson::dom::array items = element.get_array().value_unsafe();
        QJsonArray array;
        for (simdjson::dom::element item : items)
            array.append(toQt(item));
        return array;
    }
    case Type::STRING:
        // Qt stores the string again inside QJsonValue (as Latin-1 when it is ASCII); there is
        // no public way to hand it UTF-8 directly, so non-ASCII text pays for a UTF-16 step.
        return stringToQt(element.get_string().value_unsafe());
    case Type::INT64:
        return QJsonValue(qint64(element.get_int64().value_unsafe()));
    case Type::UINT64:
        // Above qint64: Qt's own parser makes these doubles too.
        return QJsonValue(double(element.get_uint64().value_unsafe()));
    case Type::DOUBLE:
        return QJsonValue(element.get_double().value_unsafe());
    case Type::BOOL:
        return QJsonValue(element.get_bool().value_unsafe());
    case Type::NULL_VALUE:
        return QJsonValue(QJsonValue::Null);
    }
    return QJsonValue(QJsonValue::Null);
}

QString Internal::describe(simdjson::error_code code)
{
    switch (code) {
    case simdjson::EMPTY: return Tr::tr("empty input");
    case simdjson::UTF8_ERROR: return Tr::tr("invalid UTF-8");
    case simdjson::DEPTH_ERROR: return Tr::tr("nested too deeply");
    case simdjson::UNCLOSED_STRING: return Tr::tr("a string is not closed");
    case simdjson::STRING_ERROR: return Tr::tr("invalid string (bad escape or control character)");
    case simdjson::UNESCAPED_CHARS: return Tr::tr("a string contains an unescaped control character");
    case simdjson::NUMBER_ERROR: return Tr::tr("invalid number");
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return Tr::tr("invalid literal (true, false or null expected)");
    case simdjson::CAPACITY: return Tr::tr("document too large");
    case simdjson::MEMALLOC: return Tr::tr("out of memory");
    case simdjson::TAPE_ERROR:
        return Tr::tr("invalid structure (a missing or extra comma, brace, bracket, colon or value)");
    default: break;
    }
    return QString::fromUtf8(simdjson::error_message(code));
}

simdjson::dom::parser *Internal::parserFor(size_t size, std::unique_ptr<simdjson::dom::parser> &owner)
{
    // A parser keeps its buffers between documents, and fresh memory is expensive (page
    // faults), so each thread reuses one. Beyond this size a document gets a parser of its
    // own, so that a rare huge message does not pin its buffers for good.
    constexpr size_t ReusedParserCapacity = 64 * 1024 * 1024;
    thread_local simdjson::dom::parser reusedParser;
    if (size <= ReusedParserCapacity)
        return &reusedParser;
    owner = std::make_unique<simdjson::dom::parser>(size);
    return owner.get();
}

QJsonValue parse(QByteArrayView text, QString *error, bool *ok)
{
    QJsonValue value = QJsonValue::Undefined;
    const bool parsed = Internal::withDocument(text, error, [&value](simdjson::dom::element root) {
        value = Internal::toQt(root);
    });
    if (ok)
        *ok = parsed;
    return value;
}

// ---- Serialisation -------------------------------------------------------------------

namespace {

// 0: copy as is; otherwise the character after the backslash ('u' for \u00XX).
constexpr auto makeEscapes()
{
    std::array<char, 256> table{};
    for (int c = 0; c < 0x20; ++c)
        table[c] = 'u';
    table['\b'] = 'b';
    table['\f'] = 'f';
    table['\n'] = 'n';
    table['\r'] = 'r';
    table['\t'] = 't';
    table['"'] = '"';
    table['\\'] = '\\';
    return table;
}
constexpr std::array<char, 256> Escapes = makeEscapes();

// Extra bytes each input byte needs when escaped.
constexpr auto makeGrowth()
{
    std::array<quint8, 256> table{};
    for (int c = 0; c < 256; ++c)
        table[c] = Escapes[c] == 0 ? 0 : Escapes[c] == 'u' ? 5 : 1;
    return table;
}
constexpr std::array<quint8, 256> Growth = makeGrowth();

// ASCII (the usual case for keys, methods and most text) is written straight from UTF-16,
// without the UTF-8 copy; returns false, having written nothing, when string is not ASCII.
bool appendAsciiString(QByteArray &out, QStringView string)
{
    const char16_t *in = string.utf16();
    const qsizetype n = string.size();
    qsizetype growth = 0;
    char16_t bits = 0;
    for (qsizetype i = 0; i < n; ++i) {
        bits |= in[i];
        growth += Growth[quint8(in[i])];
    }
    if (bits >= 0x80)
        return false;
    const qsizetype start = out.size();
    out.resize(start + n + growth + 2);
    char *o = out.data() + start;
    *o++ = '"';
    static const char hex[] = "0123456789abcdef";
    for (qsizetype i = 0; i < n; ++i) {
        const auto c = quint8(in[i]);
        const char escape = Escapes[c];
        if (Q_LIKELY(!escape)) {
            *o++ = char(c);
        } else if (escape == 'u') {
            *o++ = '\\';
            *o++ = 'u';
            *o++ = '0';
            *o++ = '0';
            *o++ = hex[c >> 4];
            *o++ = hex[c & 0xf];
        } else {
            *o++ = '\\';
            *o++ = escape;
        }
    }
    *o = '"';
    return true;
}

void appendString(QByteArray &out, const QString &string)
{
    if (appendAsciiString(out, string))
        return;
    const QByteArray utf8 = string.toUtf8();
    const auto *in = reinterpret_cast<const unsigned char *>(utf8.constData());
    const qsizetype n = utf8.size();
    // Two passes (measure, then write through a pointer): appending escapes one by one
    // runs at a tenth of the speed on text full of quotes and newlines.
    qsizetype growth = 0;
    for (qsizetype i = 0; i < n; ++i)
        growth += Growth[in[i]];
    const qsizetype start = out.size();
    out.resize(start + n + growth + 2);
    char *o = out.data() + start;
    *o++ = '"';
    if (growth == 0) {
        std::memcpy(o, in, size_t(n));
        o += n;
    } else {
        static const char hex[] = "0123456789abcdef";
        for (qsizetype i = 0; i < n; ++i) {
            const unsigned char c = in[i];
            const char escape = Escapes[c];
            if (Q_LIKELY(!escape)) {
                *o++ = char(c);
            } else if (escape == 'u') {
                *o++ = '\\';
                *o++ = 'u';
                *o++ = '0';
                *o++ = '0';
                *o++ = hex[c >> 4];
                *o++ = hex[c & 0xf];
            } else {
                *o++ = '\\';
                *o++ = escape;
            }
        }
    }
    *o = '"';
}

void appendNumber(QByteArray &out, const QJsonValue &value)
{
    // QJsonValue keeps integers and doubles apart inside, and Qt writes them differently
    // (the digits for the integer 100000000000000000, 1e+17 for the double); toVariant()
    // is the public way to tell which one this is.
    const QVariant variant = value.toVariant();
    if (variant.typeId() == QMetaType::LongLong) {
        out.append(QByteArray::number(variant.toLongLong()));
        return;
    }
    const double d = value.toDouble();
    if (std::isfinite(d))
        out.append(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
    else
        out.append("null", 4);
}

} // namespace

void serializeTo(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out.append("null", 4);
        return;
    case QJsonValue::Bool:
        if (value.toBool())
            out.append("true", 4);
        else
            out.append("false", 5);
        return;
    case QJsonValue::Double:
        appendNumber(out, value);
        return;
    case QJsonValue::String:
        appendString(out, value.toString());
        return;
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        out.append('[');
        bool first = true;
        for (const QJsonValue item : array) {
            if (!first)
                out.append(',');
            first = false;
            serializeTo(out, item);
        }
        out.append(']');
        return;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out.append('{');
        bool first = true;
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!first)
                out.append(',');
            first = false;
            appendString(out, it.key());
            out.append(':');
            serializeTo(out, it.value());
        }
        out.append('}');
        return;
    }
    }
}

QByteArray serialize(const QJsonValue &value)
{
    QByteArray out;
    serializeTo(out, value);
    return out;
}

void keepBigBuffers()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
#endif
}

} // namespace Mcp::Json
