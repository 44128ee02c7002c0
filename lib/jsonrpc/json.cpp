#include "json.h"
#include "json_p.h"
#include "propertiesorder.h"

#include <QVariant>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QHash>
#include <QMutex>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QLocale>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// Objects with the same keys come again and again (the params of every tools/call, the
// content blocks of every result). Qt 6.4 spends ~2.5k instructions on each insert into an
// empty QJsonObject; a copy of a shape with those keys whose values are replaced in place
// costs about half. The shapes are kept per thread by their key list.
constexpr size_t SmallObject = 16;
struct ObjectShape
{
    std::string keys;                     // each key as memoText() writes it, in the order of the text
    QJsonObject object;                   // those keys (sorted, as Qt keeps them), values null
    std::array<quint8, SmallObject> slot; // the sorted position of each key of the text
    int propertiesAt = -1;                // the position of a "properties" key in the text, if any
};

constexpr std::string_view PropertiesKey("properties");

// The document orders propertiesOrder() gives back, by a digest of the sorted object's text.
struct PropertiesOrders
{
    static constexpr qsizetype Capacity = 4096;
    QMutex mutex;
    QHash<QByteArray, QStringList> orders;
    QList<QByteArray> added; // oldest first
};
Q_GLOBAL_STATIC(PropertiesOrders, propertiesOrders)

QByteArray propertiesDigest(const QJsonObject &properties)
{
    return QCryptographicHash::hash(Json::serialize(properties), QCryptographicHash::Sha1);
}

// Notes the document order of a "properties" member (see propertiesOrder()).
void notePropertiesOrder(simdjson::dom::element element, const QJsonValue &converted)
{
    if (!converted.isObject())
        return;
    const simdjson::dom::object object = element.get_object().value_unsafe();
    if (object.size() < 2)
        return;
    QStringList order;
    order.reserve(qsizetype(object.size()));
    for (simdjson::dom::key_value_pair field : object) {
        if (!field.value.is_object() && !field.value.is_bool())
            return; // data that happens to be called "properties" (GeoJSON's, say)
        order.append(toQString(field.key));
    }
    if (std::is_sorted(order.cbegin(), order.cend()))
        return;
    const QByteArray digest = propertiesDigest(converted.toObject());
    PropertiesOrders &orders = *propertiesOrders;
    QMutexLocker locker(&orders.mutex);
    if (!orders.orders.contains(digest)) {
        orders.added.append(digest);
        if (orders.added.size() > PropertiesOrders::Capacity)
            orders.orders.remove(orders.added.takeFirst());
    }
    orders.orders.insert(digest, order);
}
thread_local Internal::RecentEntries<ObjectShape, 16> objectShapes;

const ObjectShape &shapeOf(simdjson::dom::object object)
{
    std::string keys;
    keys.reserve(128);
    Internal::MemoKeyWriter writer{keys};
    for (simdjson::dom::key_value_pair field : object)
        Internal::memoText(writer, field.key);
    if (const ObjectShape *known = objectShapes.find([&keys](const ObjectShape &shape) { return shape.keys == keys; }))
        return *known;
    ObjectShape shape{std::move(keys), {}, {}};
    int at = 0;
    for (simdjson::dom::key_value_pair field : object) {
        insertField(shape.object, field.key, QJsonValue(QJsonValue::Null));
        if (field.key == PropertiesKey)
            shape.propertiesAt = at;
        ++at;
    }
    // Of duplicate keys, both find the same slot and the last one assigned wins, as with inserts.
    const QStringList sorted = shape.object.keys();
    size_t i = 0;
    for (simdjson::dom::key_value_pair field : object)
        shape.slot[i++] = quint8(sorted.indexOf(toQString(field.key)));
    return objectShapes.add(std::move(shape));
}

} // namespace

QJsonObject Internal::objectToQt(simdjson::dom::object object, MemberConverter convert)
{
    auto valueOf = [convert](const simdjson::dom::key_value_pair &field) {
        return convert ? convert(field.key, field.value) : Internal::toQt(field.value);
    };
    QJsonObject result;
    if (object.size() == 0)
        return result;
    // QJsonObject keeps its keys sorted; inserting in sorted order appends at the end
    // instead of shifting the middle, which keeps big objects from going quadratic.
    if (object.size() <= SmallObject) {
        const ObjectShape &shape = shapeOf(object);
        std::array<quint8, SmallObject> slot = shape.slot; // the memo may move while values convert
        const int propertiesAt = shape.propertiesAt;
        result = shape.object;
        size_t i = 0;
        for (simdjson::dom::key_value_pair field : object) {
            QJsonValue value = valueOf(field); // before begin(): it may use the memo too
            if (int(i) == propertiesAt)
                notePropertiesOrder(field.value, value);
            (result.begin() + slot[i++]).value() = value;
        }
        return result;
    }
    struct Field
    {
        QString key;
        simdjson::dom::key_value_pair member;
    };
    QList<Field> fields;
    fields.reserve(qsizetype(object.size()));
    for (simdjson::dom::key_value_pair field : object)
        fields.append({toQString(field.key), field});
    // Stable, so that of duplicate keys the last one is inserted last and wins, as in Qt.
    std::stable_sort(fields.begin(), fields.end(), [](const Field &a, const Field &b) { return a.key < b.key; });
    for (const Field &field : std::as_const(fields)) {
        const QJsonValue value = valueOf(field.member);
        if (field.member.key == PropertiesKey)
            notePropertiesOrder(field.member.value, value);
        result.insert(field.key, value);
    }
    return result;
}

QStringList propertiesOrder(const QJsonObject &properties)
{
    if (properties.size() < 2)
        return {};
    const QByteArray digest = propertiesDigest(properties);
    PropertiesOrders &orders = *propertiesOrders;
    QMutexLocker locker(&orders.mutex);
    return orders.orders.value(digest);
}

QString Internal::toQString(std::string_view s)
{
    return Json::toQString(s);
}

QJsonValue Internal::toQt(simdjson::dom::element element)
{
    using Type = simdjson::dom::element_type;
    switch (element.type()) {
    case Type::OBJECT:
        return Internal::objectToQt(element.get_object().value_unsafe());
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

bool Internal::hasSurrogateEscape(QByteArrayView text)
{
    for (qsizetype at = text.indexOf("\\u"); at >= 0 && at + 2 < text.size(); at = text.indexOf("\\u", at + 2)) {
        if ((text.at(at + 2) | 0x20) == 'd')
            return true;
    }
    return false;
}

QJsonValue parse(QByteArrayView text, QString *error, bool *ok)
{
    QJsonValue value = QJsonValue::Undefined;
    bool parsed = Internal::withDocument(text, error, [&value](simdjson::dom::element root) {
        value = Internal::toQt(root);
    });
    if (!parsed && Internal::hasSurrogateEscape(text)) {
        // A lone surrogate escape, which simdjson refuses and Qt's parser keeps (see parseInto()).
        // Qt's parser reads documents, so a scalar is read as the one element of an array.
        QJsonParseError qtError;
        const QJsonDocument document = QJsonDocument::fromJson("[" + text.toByteArray() + "]", &qtError);
        if (qtError.error == QJsonParseError::NoError && document.array().size() == 1) {
            value = document.array().first();
            parsed = true;
            if (error)
                error->clear();
        }
    }
    if (ok)
        *ok = parsed;
    return value;
}

// ---- Serialisation -------------------------------------------------------------------

namespace {

// Each byte's form inside a JSON string: itself, or its escape (\" \\ \b \f \n \r \t, \u00XX for
// the other control characters). Eight bytes each so that writing one is a single store.
struct EscapeForm
{
    char text[8];
    quint8 size;
};
constexpr char Hex[] = "0123456789abcdef";
constexpr auto makeForms()
{
    std::array<EscapeForm, 256> forms{};
    for (int c = 0; c < 256; ++c) {
        EscapeForm &form = forms[c];
        char shortEscape = 0;
        switch (c) {
        case '\b': shortEscape = 'b'; break;
        case '\f': shortEscape = 'f'; break;
        case '\n': shortEscape = 'n'; break;
        case '\r': shortEscape = 'r'; break;
        case '\t': shortEscape = 't'; break;
        case '"': shortEscape = '"'; break;
        case '\\': shortEscape = '\\'; break;
        default: break;
        }
        if (shortEscape) {
            form.text[0] = '\\';
            form.text[1] = shortEscape;
            form.size = 2;
        } else if (c < 0x20) {
            form.text[0] = '\\';
            form.text[1] = 'u';
            form.text[2] = '0';
            form.text[3] = '0';
            form.text[4] = Hex[c >> 4];
            form.text[5] = Hex[c & 0xf];
            form.size = 6;
        } else {
            form.text[0] = char(c);
            form.size = 1;
        }
    }
    return forms;
}
constexpr std::array<EscapeForm, 256> Forms = makeForms();

// Writes the form of an ASCII character at o with one full store (room for eight bytes
// needed); returns where the next one goes.
inline char *writeForm(char *o, char16_t c)
{
    const EscapeForm &form = Forms[quint8(c)];
    std::memcpy(o, form.text, sizeof(form.text));
    return o + form.size;
}

// Writes n ASCII UTF-16 code units whose escaped forms take `size` bytes as a JSON string:
// every character's form is copied without a branch (text full of quotes and newlines
// defeats branch prediction; appending escapes one by one ran at a tenth of this).
void appendAsciiForms(QByteArray &out, const char16_t *in, qsizetype n, qsizetype size)
{
    const qsizetype start = out.size();
    if (size == n) { // nothing to escape: a plain copy, narrowing
        out.resize(start + n + 2);
        char *o = out.data() + start;
        *o++ = '"';
        for (qsizetype i = 0; i < n; ++i)
            o[i] = char(in[i]);
        o[n] = '"';
        return;
    }
    out.resize(start + size + 2 + qsizetype(sizeof(EscapeForm::text))); // room for the last full store
    char *o = out.data() + start;
    *o++ = '"';
    for (qsizetype i = 0; i < n; ++i)
        o = writeForm(o, in[i]);
    *o++ = '"';
    out.resize(o - out.constData());
}

constexpr quint64 Lanes = 0x0001000100010001ull; // one in each UTF-16 unit of a 64-bit word

// Four ASCII UTF-16 code units (one 64-bit load) that are all printable other than '"' and
// '\\': written as they are, one byte each.
inline bool arePlain(quint64 units)
{
    constexpr quint64 High = 0x0080 * Lanes;
    // Each lane is below 0x80, so adding to it never carries into the next one.
    const bool noControl = ((units + 0x0060 * Lanes) & High) == High; // every lane >= 0x20
    const quint64 quotes = units ^ ('"' * Lanes);
    const quint64 backslashes = units ^ ('\\' * Lanes);
    const bool noQuote = ((quotes + 0x007f * Lanes) & High) == High; // every lane nonzero
    const bool noBackslash = ((backslashes + 0x007f * Lanes) & High) == High;
    return noControl && noQuote && noBackslash;
}

// The low bytes of four UTF-16 units loaded into one little-endian 64-bit word.
inline quint32 lowBytes(quint64 units)
{
    return quint32((units & 0xff) | ((units >> 8) & 0xff00) | ((units >> 16) & 0xff0000) | ((units >> 24) & 0xff000000));
}

// Long or non-ASCII text in one pass from UTF-16: sixteen code units at a time (SSE2; eight
// without it) while they are ASCII (most text), one character at a time otherwise (escapes,
// UTF-8 sequences). The bytes QJsonDocument writes, without a UTF-8 copy of the text and a
// pass that sizes it.
void appendUtf16(QByteArray &out, QStringView string)
{
    const char16_t *in = string.utf16();
    const qsizetype n = string.size();
    // What one step may write: eight six-byte escapes (SWAR), or a sixteen-byte store and one
    // character's eight-byte form (SSE2).
    constexpr qsizetype MaxPerStep = 8 * 6;
    qsizetype at = out.size();
    out.resize(at + n + n / 8 + MaxPerStep + 2);
    char *o = out.data() + at;
    *o++ = '"';
    qsizetype i = 0;
    while (i < n) {
        if (out.size() - (o - out.constData()) < MaxPerStep + 2) {
            at = o - out.constData();
            out.resize(out.size() + out.size() / 2 + MaxPerStep);
            o = out.data() + at;
        }
#if defined(__SSE2__)
        if (i + 16 <= n) {
            // Sixteen units narrowed to bytes and stored whole; the first one that is not a
            // plain ASCII character (an escape, or non-ASCII) cuts the step short there and is
            // written below on its own. Text with an escape every ten characters (the demo's
            // blob, code, logs) costs one step per escape instead of a form per character.
            const __m128i first = _mm_loadu_si128(reinterpret_cast<const __m128i *>(in + i));
            const __m128i second = _mm_loadu_si128(reinterpret_cast<const __m128i *>(in + i + 8));
            const __m128i nonAsciiBits = _mm_set1_epi16(short(0xff80));
            const __m128i ascii = _mm_packs_epi16(_mm_cmpeq_epi16(_mm_and_si128(first, nonAsciiBits), _mm_setzero_si128()),
                                                  _mm_cmpeq_epi16(_mm_and_si128(second, nonAsciiBits), _mm_setzero_si128()));
            const __m128i bytes = _mm_packus_epi16(first, second);
            const __m128i escaped = _mm_or_si128(_mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20)),
                                                 _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')),
                                                              _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))));
            const unsigned plain = unsigned(_mm_movemask_epi8(_mm_andnot_si128(escaped, ascii)));
            _mm_storeu_si128(reinterpret_cast<__m128i *>(o), bytes);
            if (plain == 0xffff) {
                o += 16;
                i += 16;
                continue;
            }
            const int run = __builtin_ctz(~plain);
            o += run;
            i += run;
        }
#else
        if (i + 8 <= n) {
            quint64 first;
            quint64 second;
            std::memcpy(&first, in + i, sizeof first);
            std::memcpy(&second, in + i + 4, sizeof second);
            if (!((first | second) & (0xff80 * Lanes))) { // ASCII
                if (arePlain(first) && arePlain(second)) {
#if Q_BYTE_ORDER == Q_LITTLE_ENDIAN
                    const quint64 bytes = quint64(lowBytes(first)) | (quint64(lowBytes(second)) << 32);
                    std::memcpy(o, &bytes, sizeof bytes);
#else
                    for (int k = 0; k < 8; ++k)
                        o[k] = char(in[i + k]);
#endif
                    o += 8;
                } else {
                    // Escapes: each character's form, without a branch (see appendAsciiForms());
                    // unrolled, since -O2 keeps an eight-step loop as a loop (a third of the work).
#pragma GCC unroll 8
                    for (int k = 0; k < 8; ++k)
                        o = writeForm(o, in[i + k]);
                }
                i += 8;
                continue;
            }
        }
#endif
        const char16_t c = in[i];
        if (c < 0x80) {
            o = writeForm(o, c);
            ++i;
        } else if (c < 0x800) {
            *o++ = char(0xc0 | (c >> 6));
            *o++ = char(0x80 | (c & 0x3f));
            ++i;
        } else if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(in[i + 1])) {
            const char32_t u = QChar::surrogateToUcs4(c, in[i + 1]);
            *o++ = char(0xf0 | (u >> 18));
            *o++ = char(0x80 | ((u >> 12) & 0x3f));
            *o++ = char(0x80 | ((u >> 6) & 0x3f));
            *o++ = char(0x80 | (u & 0x3f));
            i += 2;
        } else if (QChar::isSurrogate(c)) {
            // A lone surrogate has no UTF-8 form (toUtf8() makes it '?'); QJsonDocument writes
            // it as an escape, which keeps it.
            const char escape[6] = {'\\', 'u', Hex[c >> 12], Hex[(c >> 8) & 0xf], Hex[(c >> 4) & 0xf], Hex[c & 0xf]};
            std::memcpy(o, escape, sizeof escape);
            o += sizeof escape;
            ++i;
        } else {
            *o++ = char(0xe0 | (c >> 12));
            *o++ = char(0x80 | ((c >> 6) & 0x3f));
            *o++ = char(0x80 | (c & 0x3f));
            ++i;
        }
    }
    *o++ = '"';
    out.resize(o - out.constData());
}

void appendString(QByteArray &out, const QString &string)
{
    // Short ASCII text (keys, methods, most values) is sized first and written in one go;
    // long or non-ASCII text goes through appendUtf16().
    constexpr qsizetype LongText = 4096;
    if (string.size() < LongText) {
        const char16_t *in = QStringView(string).utf16();
        const qsizetype n = string.size();
        char16_t bits = 0;
        qsizetype size = 0;
        for (qsizetype i = 0; i < n; ++i) {
            bits |= in[i];
            size += Forms[quint8(in[i])].size;
        }
        if (bits < 0x80) {
            appendAsciiForms(out, in, n, size);
            return;
        }
    }
    appendUtf16(out, string);
}

void appendInteger(QByteArray &out, qint64 value)
{
    char digits[24];
    const auto written = std::to_chars(digits, digits + sizeof digits, value);
    out.append(digits, written.ptr - digits);
}

void appendNumber(QByteArray &out, const QJsonValue &value)
{
    // QJsonValue keeps integers and doubles apart inside, and Qt writes them differently
    // (the digits for the integer 100000000000000000, 1e+17 for the double); toVariant()
    // is the public way to tell which one this is.
    const QVariant variant = value.toVariant();
    if (variant.typeId() == QMetaType::LongLong) {
        appendInteger(out, variant.toLongLong());
        return;
    }
    const double d = value.toDouble();
    if (std::isfinite(d))
        out.append(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
    else
        out.append("null", 4);
}

struct RememberedText
{
    QJsonObject object;
    QByteArray text;
};
thread_local Internal::RecentEntries<RememberedText, 8> rememberedTexts;

// The remembered text of an object equal to this one, if any (sizes first: most differ there).
const RememberedText *rememberedTextOf(const QJsonObject &object)
{
    return rememberedTexts.find([&object](const RememberedText &remembered) {
        return remembered.object.size() == object.size() && remembered.object == object;
    });
}

} // namespace

void rememberText(const QJsonObject &object)
{
    if (rememberedTextOf(object))
        return;
    RememberedText remembered{object, {}};
    // Written before it is kept, so that the text is the walk's own.
    serializeTo(remembered.text, object);
    rememberedTexts.add(std::move(remembered));
}

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
        if (const RememberedText *remembered = rememberedTextOf(object)) {
            out.append(remembered->text);
            return;
        }
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

void serializeStringTo(QByteArray &out, const QString &string)
{
    appendString(out, string);
}

void serializeIntegerTo(QByteArray &out, qint64 value)
{
    appendInteger(out, value);
}

void appendIndentTo(QByteArray &out, int level)
{
    // One copy from a block of blanks: QByteArray::append(n, ' ') goes through a general insert.
    static constexpr char Blanks[] = "                                                                ";
    constexpr int Block = int(sizeof Blanks) - 1;
    for (int n = 4 * level; n > 0; n -= Block)
        out.append(Blanks, qMin(n, Block));
}

void serializeIndentedTo(QByteArray &out, const QJsonValue &value, int level)
{
    // Qt's writer: "{" or "[", a line per member or item one level deeper, the closing
    // bracket on a line of its own, also when there is nothing inside.
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        out += "{\n";
        for (auto it = object.begin(); it != object.end(); ++it) {
            appendIndentTo(out, level + 1);
            serializeStringTo(out, it.key());
            out += ": ";
            serializeIndentedTo(out, it.value(), level + 1);
            out += std::next(it) != object.end() ? ",\n" : "\n";
        }
        appendIndentTo(out, level);
        out += '}';
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            appendIndentTo(out, level + 1);
            serializeIndentedTo(out, array.at(i), level + 1);
            out += i + 1 < array.size() ? ",\n" : "\n";
        }
        appendIndentTo(out, level);
        out += ']';
    } else {
        serializeTo(out, value);
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
