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

// Each byte's form inside a JSON string: itself, or its escape (\" \\ \b \f \n \r \t, \u00XX for
// the other control characters). Eight bytes each so that writing one is a single store.
struct EscapeForm
{
    char text[8];
    quint8 size;
};
constexpr auto makeForms()
{
    std::array<EscapeForm, 256> forms{};
    constexpr char hex[] = "0123456789abcdef";
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
            form.text[4] = hex[c >> 4];
            form.text[5] = hex[c & 0xf];
            form.size = 6;
        } else {
            form.text[0] = char(c);
            form.size = 1;
        }
    }
    return forms;
}
constexpr std::array<EscapeForm, 256> Forms = makeForms();

// Writes n characters (bytes, or ASCII UTF-16 code units) whose escaped forms take `size` bytes
// as a JSON string: every character's form is copied without a branch (text full of quotes and
// newlines defeats branch prediction; appending escapes one by one ran at a tenth of this).
template<typename Char>
void appendForms(QByteArray &out, const Char *in, qsizetype n, qsizetype size)
{
    const qsizetype start = out.size();
    if (size == n) { // nothing to escape: a plain copy (narrowing, from UTF-16)
        out.resize(start + n + 2);
        char *o = out.data() + start;
        *o++ = '"';
        if constexpr (sizeof(Char) == 1) {
            std::memcpy(o, in, size_t(n));
        } else {
            for (qsizetype i = 0; i < n; ++i)
                o[i] = char(in[i]);
        }
        o[n] = '"';
        return;
    }
    out.resize(start + size + 2 + qsizetype(sizeof(EscapeForm::text))); // room for the last full store
    char *o = out.data() + start;
    *o++ = '"';
    for (qsizetype i = 0; i < n; ++i) {
        const EscapeForm &form = Forms[quint8(in[i])];
        std::memcpy(o, form.text, sizeof(form.text));
        o += form.size;
    }
    *o++ = '"';
    out.resize(o - out.constData());
}

void appendString(QByteArray &out, const QString &string)
{
    // Short ASCII text (keys, methods, most values) is written straight from UTF-16, without a
    // UTF-8 copy; long text goes through toUtf8(), whose vectorised conversion costs less than
    // checking it here character by character.
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
            appendForms(out, in, n, size);
            return;
        }
    }
    const QByteArray utf8 = string.toUtf8();
    qsizetype size = 0;
    for (const char c : utf8)
        size += Forms[quint8(c)].size;
    appendForms(out, utf8.constData(), utf8.size(), size);
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

struct RememberedText
{
    QJsonObject object;
    QByteArray text;
};
constexpr qsizetype MaxRememberedTexts = 8;
thread_local QList<RememberedText> rememberedTexts; // the most recent first

} // namespace

void rememberText(const QJsonObject &object)
{
    for (qsizetype i = 0; i < rememberedTexts.size(); ++i) {
        if (rememberedTexts.at(i).object == object) {
            rememberedTexts.move(i, 0);
            return;
        }
    }
    RememberedText remembered{object, {}};
    // Written before it is kept, so that the text is the walk's own.
    serializeTo(remembered.text, object);
    rememberedTexts.prepend(std::move(remembered));
    if (rememberedTexts.size() > MaxRememberedTexts)
        rememberedTexts.removeLast();
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
        for (const RememberedText &remembered : std::as_const(rememberedTexts)) {
            if (remembered.object.size() == object.size() && remembered.object == object) {
                out.append(remembered.text);
                return;
            }
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
