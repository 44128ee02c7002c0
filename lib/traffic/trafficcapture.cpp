#include "trafficcapture.h"

#include "bytesearch_p.h"
#include "transport/credentials.h"
#include "transport/httpheaders.h"
#include "trafficlog.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <array>
#include <cmath>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cstring>
#include <map>
#include <numeric>

#ifndef MCPSCOPE_VERSION
#define MCPSCOPE_VERSION "0.1.0"
#endif

namespace Mcp {

Q_LOGGING_CATEGORY(lcTrafficCapture, "mcp.traffic.capture", QtInfoMsg)

namespace {

const QLatin1String FormatName("mcpscope-capture");
const QByteArray Redacted("[redacted]");

// ---- Bytes in JSON ---------------------------------------------------------------------

bool decodeUtf8Exactly(const QByteArray &bytes, QString *text)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    *text = decoder(bytes);
    return !decoder.hasError() && text->toUtf8() == bytes;
}

QJsonValue bytesToJson(const QByteArray &bytes)
{
    QString text;
    if (decodeUtf8Exactly(bytes, &text))
        return text;
    return QJsonObject{{QStringLiteral("base64"), QString::fromLatin1(bytes.toBase64())}};
}

bool bytesFromJson(const QJsonValue &value, QByteArray *bytes)
{
    if (value.isUndefined()) {
        bytes->clear();
        return true;
    }
    if (value.isString()) {
        *bytes = value.toString().toUtf8();
        return true;
    }
    if (value.isObject() && value.toObject().value(QLatin1String("base64")).isString()) {
        const auto decoded = QByteArray::fromBase64Encoding(
            value.toObject().value(QLatin1String("base64")).toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return false;
        *bytes = *decoded;
        return true;
    }
    return false;
}

const char *directionName(TrafficEvent::Direction d)
{
    switch (d) {
    case TrafficEvent::Direction::Outgoing: return "out";
    case TrafficEvent::Direction::Incoming: return "in";
    case TrafficEvent::Direction::Local: return "local";
    case TrafficEvent::Direction::HostToApp: return "toApp";
    case TrafficEvent::Direction::AppToHost: return "fromApp";
    }
    return "local";
}

const std::map<QString, TrafficEvent::Kind> &kindsByName()
{
    using K = TrafficEvent::Kind;
    static const std::map<QString, K> kinds = {
        {QStringLiteral("message"), K::Message},
        {QStringLiteral("invalid"), K::InvalidMessage},
        {QStringLiteral("stderr"), K::StderrLine},
        {QStringLiteral("httpRequest"), K::HttpRequest},
        {QStringLiteral("httpResponse"), K::HttpResponse},
        {QStringLiteral("sse"), K::SseEvent},
        {QStringLiteral("processStarted"), K::ProcessStarted},
        {QStringLiteral("processExited"), K::ProcessExited},
        {QStringLiteral("transportError"), K::TransportError},
        {QStringLiteral("note"), K::Note},
    };
    return kinds;
}

QString kindName(TrafficEvent::Kind kind)
{
    for (const auto &entry : kindsByName()) {
        if (entry.second == kind)
            return entry.first;
    }
    return QStringLiteral("note");
}

// ---- Redaction --------------------------------------------------------------------------

// Cheap test before running regular expressions over every body ("@": a URL's userinfo).
bool mayHoldCredentials(QByteArrayView bytes)
{
    static const CaseInsensitiveMultiSearcher words({"bearer", "dpop", "token", "secret", "passw", "pwd", "key",
                                                     "sig", "auth", "credential", "assertion", "code"});
    return words.anyIn(bytes) || bytes.contains('@');
}

// The patterns, on a Latin-1 view of arbitrary bytes or on Unicode text: they are ASCII, so
// UTF-8 and binary survive. Each has the credential as its capture group "value".
struct CredentialPatterns
{
    // Not a parameter of a challenge (Bearer realm="...", error="...").
    QRegularExpression bearer{QStringLiteral(R"re(\b(?:bearer|dpop)\s+(?![A-Za-z_\-]+=")(?<value>[A-Za-z0-9\-._~+/]+=*))re"),
                              QRegularExpression::CaseInsensitiveOption};
    // "name": "value", and \"name\": \"value\" in a JSON string inside a JSON string.
    QRegularExpression jsonField{QStringLiteral(R"re("(?:%1)"\s*:\s*"(?<value>(?:[^"\\]|\\.)*)")re")
                                     .arg(credentialNamePattern(CredentialName::JsonField)),
                                 QRegularExpression::CaseInsensitiveOption};
    QRegularExpression escapedJsonField{QStringLiteral(R"re(\\"(?:%1)\\"\s*:\s*\\"(?<value>[^"\\]*))re")
                                            .arg(credentialNamePattern(CredentialName::JsonField)),
                                        QRegularExpression::CaseInsensitiveOption};
    // Query, fragment and form parameters (JSON-RPC errors have a "code" too, but never "code=").
    QRegularExpression parameter{QStringLiteral(R"re((?:^|(?<=[?&#;\s"'(]))(?:%1)=(?<value>[^&#\s"'<>\\]*))re")
                                     .arg(credentialNamePattern(CredentialName::Parameter)),
                                 QRegularExpression::CaseInsensitiveOption};
    QRegularExpression userinfo{QStringLiteral(
        R"re(\b[A-Za-z][A-Za-z0-9+.\-]*://[^/\s:@"'<>?#\\]*:(?<value>[^/\s@"'<>?#\\]*)@)re")};

    static const CredentialPatterns &instance()
    {
        static const CredentialPatterns patterns;
        return patterns;
    }
    std::array<const QRegularExpression *, 5> all() const
    {
        return {&bearer, &jsonField, &escapedJsonField, &parameter, &userinfo};
    }
};

// The text with every pattern's value replaced; each value found is passed to found().
template<typename Found>
QString redactCredentialText(const QString &text, Found found)
{
    QString result = text;
    for (const QRegularExpression *pattern : CredentialPatterns::instance().all()) {
        QString out;
        qsizetype copied = 0;
        QRegularExpressionMatchIterator it = pattern->globalMatch(result);
        while (it.hasNext()) {
            const QRegularExpressionMatch match = it.next();
            const qsizetype start = match.capturedStart(u"value");
            const qsizetype end = match.capturedEnd(u"value");
            if (start < 0 || end <= start || match.capturedView(u"value") == QLatin1String(Redacted))
                continue;
            found(pattern, match.capturedView(u"value"));
            out += QStringView(result).mid(copied, start - copied);
            out += QLatin1String(Redacted);
            copied = end;
        }
        if (copied > 0) {
            out += QStringView(result).mid(copied);
            result = out;
        }
    }
    return result;
}

QByteArray lowerPercentHex(QByteArray encoded)
{
    for (qsizetype i = 0; i + 2 < encoded.size(); ++i) {
        if (encoded.at(i) == '%') {
            encoded[i + 1] = char(QChar::toLower(uint(uchar(encoded.at(i + 1)))));
            encoded[i + 2] = char(QChar::toLower(uint(uchar(encoded.at(i + 2)))));
        }
    }
    return encoded;
}

QByteArray jsonStringContent(const QString &text)
{
    const QByteArray json = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return json.mid(2, json.size() - 4); // ["..."]
}

// JSON escapes for everything but printable ASCII, as many writers produce them.
QByteArray asciiJsonStringContent(const QString &text, bool upperHex)
{
    QByteArray out;
    for (const QChar c : text) {
        if (c.unicode() >= 0x20 && c.unicode() < 0x7f && c != u'"' && c != u'\\') {
            out += char(c.unicode());
            continue;
        }
        const QByteArray hex = QByteArray::number(c.unicode(), 16).rightJustified(4, '0');
        out += "\\u" + (upperHex ? hex.toUpper() : hex);
    }
    return out;
}

// Every way the secret may be written in traffic: bare, in JSON strings, in URLs and forms.
QList<QByteArray> framingsOf(const QString &secret)
{
    QList<QByteArray> forms;
    const QByteArray json = jsonStringContent(secret);
    forms << secret.toUtf8() << json << QByteArray(json).replace("/", "\\/")
          << jsonStringContent(QString::fromUtf8(json)) << asciiJsonStringContent(secret, false)
          << asciiJsonStringContent(secret, true);
    // RFC 3986 (every reserved character encoded), JavaScript's encodeURIComponent, and URL
    // path and query encoders that keep sub-delimiters.
    for (const QByteArray &kept : {QByteArray(), QByteArray("!'()*"), QByteArray("!$&'()*+,;=:@/")}) {
        const QByteArray encoded = QUrl::toPercentEncoding(secret, kept);
        forms << encoded << lowerPercentHex(encoded) << QByteArray(encoded).replace("%20", "+");
    }
    // As QUrl shows a URL (PrettyDecoded: non-ASCII decoded, delimiters kept encoded), which is
    // how a request's URL is recorded.
    QUrl url;
    url.setQuery(QStringLiteral("x=") + QString::fromLatin1(QUrl::toPercentEncoding(secret)));
    url.setPassword(secret);
    url.setPath(QLatin1Char('/') + QString::fromLatin1(QUrl::toPercentEncoding(secret)));
    forms << url.query(QUrl::PrettyDecoded).mid(2).toUtf8() << url.password(QUrl::PrettyDecoded).toUtf8()
          << url.password(QUrl::FullyEncoded).toUtf8() << url.path(QUrl::PrettyDecoded).mid(1).toUtf8();
    std::sort(forms.begin(), forms.end());
    forms.erase(std::unique(forms.begin(), forms.end()), forms.end());
    forms.removeAll(QByteArray());
    // Longest first, so that a longer framing is replaced before a shorter one inside it.
    std::stable_sort(forms.begin(), forms.end(), [](const QByteArray &a, const QByteArray &b) { return a.size() > b.size(); });
    return forms;
}

} // namespace

struct SecretRedactor::Private
{
    QSet<QString> known;
    QList<QByteArray> forms;  // longest first
    QStringList textForms;    // the same, as text

    void add(const QString &value)
    {
        if (value.isEmpty() || value == QLatin1String(Redacted) || known.contains(value))
            return;
        known.insert(value);
        for (const QByteArray &form : framingsOf(value)) {
            if (!forms.contains(form))
                forms.append(form);
        }
        std::stable_sort(forms.begin(), forms.end(), [](const QByteArray &a, const QByteArray &b) { return a.size() > b.size(); });
        textForms.clear();
        for (const QByteArray &form : std::as_const(forms))
            textForms.append(QString::fromUtf8(form));
    }

    void replaceKnown(QByteArray *bytes) const
    {
        if (bytes->isEmpty())
            return;
        for (const QByteArray &form : forms) {
            if (bytes->contains(form))
                bytes->replace(form, Redacted);
        }
    }
    void replaceKnown(QString *text) const
    {
        if (text->isEmpty())
            return;
        for (const QString &form : textForms) {
            if (text->contains(form))
                text->replace(form, QLatin1String(Redacted));
        }
    }
};

SecretRedactor::SecretRedactor(const QStringList &secrets) : d(std::make_unique<Private>())
{
    for (const QString &secret : secrets)
        addSecret(secret);
}

SecretRedactor::~SecretRedactor() = default;
SecretRedactor::SecretRedactor(SecretRedactor &&other) noexcept = default;
SecretRedactor &SecretRedactor::operator=(SecretRedactor &&other) noexcept = default;

void SecretRedactor::addSecret(const QString &value, qsizetype minimumLength)
{
    const QString trimmed = value.trimmed();
    if (trimmed.size() < qMax<qsizetype>(1, minimumLength))
        return;
    d->add(value);
    d->add(trimmed);
    // "Bearer TOKEN", "Basic BASE64", "token TOKEN": the credential alone is a secret too.
    static const QRegularExpression schemeValue(QStringLiteral(R"re(^([A-Za-z][A-Za-z0-9_\-]*)\s+(\S+)$)re"));
    const QRegularExpressionMatch match = schemeValue.match(trimmed);
    if (!match.hasMatch() || match.capturedLength(2) < minimumLength)
        return;
    d->add(match.captured(2));
    if (match.captured(1).compare(QLatin1String("basic"), Qt::CaseInsensitive) == 0) {
        const auto decoded = QByteArray::fromBase64Encoding(match.captured(2).toLatin1(),
                                                            QByteArray::AbortOnBase64DecodingErrors);
        const qsizetype colon = decoded ? decoded.decoded.indexOf(':') : -1;
        if (colon >= 0 && decoded.decoded.size() - colon - 1 >= minimumLength) {
            d->add(QString::fromUtf8(decoded.decoded));
            d->add(QString::fromUtf8(decoded.decoded.mid(colon + 1)));
        }
    }
}

void SecretRedactor::learn(const TrafficEvent &event)
{
    auto learnText = [this](const QString &text, bool latin1) {
        redactCredentialText(text, [this, latin1](const QRegularExpression *pattern, QStringView value) {
            const CredentialPatterns &patterns = CredentialPatterns::instance();
            QString secret = latin1 ? QString::fromUtf8(value.toLatin1()) : value.toString();
            // A word after "Bearer" in prose is not a token; tokens have digits or punctuation.
            if (pattern == &patterns.bearer && std::all_of(value.begin(), value.end(), [](QChar c) { return c.isLetter(); }))
                return;
            if (pattern == &patterns.parameter || pattern == &patterns.userinfo)
                secret = QUrl::fromPercentEncoding(secret.replace(QLatin1Char('+'), QLatin1Char(' ')).toUtf8());
            else if (pattern == &patterns.jsonField)
                secret = QJsonDocument::fromJson("[\"" + secret.toUtf8() + "\"]").array().at(0).toString(secret);
            addSecret(secret, MinimumLearnedLength);
        });
    };
    auto learnBytes = [&learnText](const QByteArray &bytes) {
        if (mayHoldCredentials(bytes))
            learnText(QString::fromLatin1(bytes), true);
    };
    learnBytes(event.raw);
    if (mayHoldCredentials(event.note.toUtf8()))
        learnText(event.note, false);
    if (mayHoldCredentials(event.url.toUtf8()))
        learnText(event.url, false);
    for (const auto &header : event.headers) {
        if (TrafficCapture::isSecretHeader(header.first))
            addSecret(QString::fromUtf8(header.second), MinimumLearnedLength);
        else
            learnBytes(header.second);
    }
}

TrafficEvent SecretRedactor::redacted(const TrafficEvent &event) const
{
    TrafficEvent e = event;
    // The secrets known, wherever they are; then credentials by where they sit.
    d->replaceKnown(&e.raw);
    d->replaceKnown(&e.note);
    d->replaceKnown(&e.url);
    d->replaceKnown(&e.httpMethod);
    d->replaceKnown(&e.sseEventId);
    d->replaceKnown(&e.sseEventType);
    auto nothing = [](const QRegularExpression *, QStringView) {};
    auto bytes = [&nothing](QByteArray *value) {
        if (mayHoldCredentials(*value))
            *value = redactCredentialText(QString::fromLatin1(*value), nothing).toLatin1();
    };
    bytes(&e.raw);
    bytes(&e.sseEventId);
    e.note = redactedText(e.note);
    e.url = redactedText(e.url);
    for (auto &header : e.headers) {
        if (TrafficCapture::isSecretHeader(header.first)) {
            header.second = Redacted;
        } else {
            d->replaceKnown(&header.second);
            bytes(&header.second);
        }
    }
    return e;
}

QString SecretRedactor::redactedText(const QString &text) const
{
    QString result = text;
    d->replaceKnown(&result);
    if (mayHoldCredentials(result.toUtf8()))
        result = redactCredentialText(result, [](const QRegularExpression *, QStringView) {});
    return result;
}

namespace {
// Connection names as written: a name may be a URL with a key in it.
QHash<int, QString> redactedNames(const QHash<int, QString> &names, const SecretRedactor &redactor)
{
    QHash<int, QString> result;
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        result.insert(it.key(), redactor.redactedText(it.value()));
    return result;
}
} // namespace

bool TrafficCapture::isSecretHeader(QByteArrayView name)
{
    const QByteArray lower = name.toByteArray().toLower();
    // DPoP: a proof stands in for its key within its lifetime.
    static const QByteArrayList exact = {"authorization", "proxy-authorization", "cookie", "set-cookie",
                                         "x-api-key", "api-key", "dpop"};
    return exact.contains(lower) || lower.contains("token") || lower.contains("secret") || lower.contains("key");
}

TrafficEvent TrafficCapture::redacted(const TrafficEvent &event, const ExportOptions &options)
{
    if (options.redaction == Redaction::KeepSecrets)
        return event;
    SecretRedactor redactor(options.secretValues);
    redactor.learn(event);
    return redactor.redacted(event);
}

// ---- JSON Lines -------------------------------------------------------------------------

QJsonObject TrafficCapture::eventToJson(const TrafficEvent &event)
{
    QJsonObject o;
    o.insert(QLatin1String("t"), double(event.wallClockMs));
    o.insert(QLatin1String("mono"), double(event.monotonicNs));
    o.insert(QLatin1String("conn"), event.connectionId);
    o.insert(QLatin1String("dir"), QLatin1String(directionName(event.direction)));
    o.insert(QLatin1String("kind"), kindName(event.kind));
    QString text;
    if (decodeUtf8Exactly(event.raw, &text)) {
        o.insert(QLatin1String("raw"), text);
    } else {
        o.insert(QLatin1String("raw"), QString::fromLatin1(event.raw.toBase64()));
        o.insert(QLatin1String("rawBase64"), true);
    }
    if (!event.note.isEmpty())
        o.insert(QLatin1String("note"), event.note);
    if (!event.httpMethod.isEmpty())
        o.insert(QLatin1String("httpMethod"), bytesToJson(event.httpMethod));
    if (!event.url.isEmpty())
        o.insert(QLatin1String("url"), event.url);
    if (event.httpStatus)
        o.insert(QLatin1String("status"), event.httpStatus);
    if (!event.headers.isEmpty()) {
        QJsonArray headers;
        for (const auto &h : event.headers)
            headers.append(QJsonArray{bytesToJson(h.first), bytesToJson(h.second)});
        o.insert(QLatin1String("headers"), headers);
    }
    if (!event.sseEventId.isEmpty())
        o.insert(QLatin1String("sseId"), bytesToJson(event.sseEventId));
    if (!event.sseEventType.isEmpty())
        o.insert(QLatin1String("sseType"), bytesToJson(event.sseEventType));
    if (event.exchangeId) {
        // JSON numbers are exact up to 2^53; larger ids are written as decimal strings.
        if (event.exchangeId < (quint64(1) << 53))
            o.insert(QLatin1String("exchange"), double(event.exchangeId));
        else
            o.insert(QLatin1String("exchange"), QString::number(event.exchangeId));
    }
    return o;
}

namespace {

// JSON string escaping as QJsonDocument writes it (compact): '"' and '\\' escaped, the control
// characters as \b \f \n \r \t or \u00xx, everything else (UTF-8 included) as is. Written
// straight into the output, 16 bytes at a time where nothing needs escaping.
void appendEscaped(QByteArray *json, QByteArrayView utf8)
{
    static const char hex[] = "0123456789abcdef";
    const char *p = utf8.constData();
    const char *const end = p + utf8.size();
    while (p < end) {
        // In pieces, so that the worst case (6 bytes out for each byte in) stays small.
        const char *const pieceEnd = p + qMin<qsizetype>(end - p, 64 * 1024);
        const qsizetype before = json->size();
        json->resize(before + 6 * (pieceEnd - p));
        char *out = json->data() + before;
        while (p < pieceEnd) {
#if defined(__SSE2__)
            if (pieceEnd - p >= 16) {
                const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
                const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f));
                const __m128i special = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
                const unsigned mask = unsigned(_mm_movemask_epi8(_mm_or_si128(control, special)));
                if (mask == 0) {
                    _mm_storeu_si128(reinterpret_cast<__m128i *>(out), v);
                    p += 16;
                    out += 16;
                    continue;
                }
                const int clean = __builtin_ctz(mask);
                std::memcpy(out, p, size_t(clean));
                p += clean;
                out += clean;
            }
#endif
            const uchar c = uchar(*p++);
            if (c >= 0x20 && c != '"' && c != '\\') {
                *out++ = char(c);
                continue;
            }
            *out++ = '\\';
            switch (c) {
            case '"': *out++ = '"'; break;
            case '\\': *out++ = '\\'; break;
            case '\b': *out++ = 'b'; break;
            case '\f': *out++ = 'f'; break;
            case '\n': *out++ = 'n'; break;
            case '\r': *out++ = 'r'; break;
            case '\t': *out++ = 't'; break;
            default:
                *out++ = 'u';
                *out++ = '0';
                *out++ = '0';
                *out++ = hex[c >> 4];
                *out++ = hex[c & 0xf];
            }
        }
        json->truncate(out - json->constData());
    }
}

// A clock value as QJsonDocument writes the double eventToJson makes of it: integral values
// up to 2^53 as integers, larger ones in the shortest form that reads back ("1e+17").
QByteArray jsonNumber(qint64 value)
{
    constexpr qint64 exact = qint64(1) << 53;
    if (value >= -exact && value <= exact)
        return QByteArray::number(value);
    return QByteArray::number(double(value), 'g', QLocale::FloatingPointShortest);
}

bool isAscii(const QByteArray &bytes)
{
    const char *p = bytes.constData();
    const char *end = p + bytes.size();
    for (; end - p >= 8; p += 8) {
        quint64 word;
        std::memcpy(&word, p, 8);
        if (word & 0x8080808080808080ULL)
            return false;
    }
    for (; p < end; ++p) {
        if (uchar(*p) >= 0x80)
            return false;
    }
    return true;
}

} // namespace

namespace {

// Whether the event's capture line has only the fields of a stdio line (written directly).
bool isPlainLine(const TrafficEvent &event)
{
    return event.note.isEmpty() && event.httpMethod.isEmpty() && event.url.isEmpty() && !event.httpStatus
        && event.headers.isEmpty() && event.sseEventId.isEmpty() && event.sseEventType.isEmpty() && !event.exchangeId;
}

// A plain line up to the raw bytes' text, and after it. Keys in the order QJsonObject keeps them
// (sorted), numbers as QJsonDocument writes a double.
void appendPlainHead(QByteArray *line, const TrafficEvent &event)
{
    *line += R"({"conn":)";
    *line += QByteArray::number(event.connectionId);
    *line += R"(,"dir":")";
    *line += directionName(event.direction);
    *line += R"(","kind":")";
    static const auto kindNames = [] {
        std::array<QByteArray, size_t(TrafficEvent::Kind::Note) + 1> names;
        for (size_t k = 0; k < names.size(); ++k)
            names[k] = kindName(TrafficEvent::Kind(k)).toLatin1();
        return names;
    }();
    *line += kindNames[qMin(size_t(event.kind), kindNames.size() - 1)];
    *line += R"(","mono":)";
    *line += jsonNumber(event.monotonicNs);
    *line += R"(,"raw":")";
}

void appendPlainTail(QByteArray *line, const TrafficEvent &event)
{
    *line += R"(","t":)";
    *line += jsonNumber(event.wallClockMs);
    *line += "}\n";
}

} // namespace

void TrafficCapture::appendJsonLine(QByteArray *line, const TrafficEvent &event)
{
    // Only the fields of a stdio line; anything else takes the general path.
    QString unused;
    if (!isPlainLine(event) || !(isAscii(event.raw) || decodeUtf8Exactly(event.raw, &unused))) {
        *line += QJsonDocument(eventToJson(event)).toJson(QJsonDocument::Compact);
        *line += '\n';
        return;
    }
    if (line->capacity() - line->size() < event.raw.size() + 160)
        line->reserve(qMax(line->size() + event.raw.size() + 160, 2 * line->capacity()));
    appendPlainHead(line, event);
    appendEscaped(line, event.raw);
    appendPlainTail(line, event);
}

bool TrafficCapture::writeJsonLine(const TrafficEvent &event, qsizetype pieceSize,
                                   const std::function<bool(QByteArrayView piece)> &sink)
{
    const bool text = isAscii(event.raw) || QUtf8StringView(event.raw).isValidUtf8();
    if (event.raw.size() < pieceSize || !text) {
        QByteArray line;
        appendJsonLine(&line, event);
        return sink(line);
    }
    // The line around the raw bytes: written directly, or the general way around a placeholder
    // (random, so no other field can hold it) that is then cut out.
    QByteArray head;
    QByteArray tail;
    if (isPlainLine(event)) {
        appendPlainHead(&head, event);
        appendPlainTail(&tail, event);
    } else {
        const QByteArray placeholder = "mcpscope-raw-" + QByteArray::number(QRandomGenerator::global()->generate64(), 16);
        TrafficEvent around = event;
        around.raw = placeholder;
        const QByteArray line = QJsonDocument(eventToJson(around)).toJson(QJsonDocument::Compact) + '\n';
        const qsizetype at = line.indexOf(placeholder);
        head = line.left(at);
        tail = line.mid(at + placeholder.size());
    }
    QByteArray piece = std::move(head);
    piece.reserve(pieceSize + 6 * 64 * 1024);
    for (qsizetype from = 0; from < event.raw.size(); from += pieceSize) {
        appendEscaped(&piece, QByteArrayView(event.raw).sliced(from, qMin(pieceSize, event.raw.size() - from)));
        if (!sink(piece))
            return false;
        piece.truncate(0);
    }
    return sink(tail);
}

bool TrafficCapture::eventFromJson(const QJsonObject &o, TrafficEvent *event, QString *reason)
{
    auto fail = [reason](const QString &why) {
        if (reason)
            *reason = why;
        return false;
    };
    auto integer = [&o](QLatin1String key, qint64 *out) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return true;
        if (!v.isDouble())
            return false;
        const double d = v.toDouble();
        // Outside qint64's range the conversion itself is undefined (found by fuzz_capture).
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || d != std::trunc(d))
            return false;
        *out = qint64(d);
        return true;
    };
    TrafficEvent e;
    qint64 connection = -1;
    qint64 status = 0;
    if (!o.value(QLatin1String("t")).isDouble())
        return fail(tr("\"t\" (wall clock time) is missing or not a number"));
    if (!integer(QLatin1String("t"), &e.wallClockMs))
        return fail(tr("\"t\" is not an integer"));
    if (!integer(QLatin1String("mono"), &e.monotonicNs))
        return fail(tr("\"mono\" is not an integer"));
    if (!integer(QLatin1String("conn"), &connection))
        return fail(tr("\"conn\" is not an integer"));
    e.connectionId = int(connection);
    const QString dir = o.value(QLatin1String("dir")).toString();
    if (dir == QLatin1String("out"))
        e.direction = TrafficEvent::Direction::Outgoing;
    else if (dir == QLatin1String("in"))
        e.direction = TrafficEvent::Direction::Incoming;
    else if (dir == QLatin1String("local"))
        e.direction = TrafficEvent::Direction::Local;
    else if (dir == QLatin1String("toApp"))
        e.direction = TrafficEvent::Direction::HostToApp;
    else if (dir == QLatin1String("fromApp"))
        e.direction = TrafficEvent::Direction::AppToHost;
    else
        return fail(tr("\"dir\" must be \"out\", \"in\", \"local\", \"toApp\" or \"fromApp\""));
    const auto kind = kindsByName().find(o.value(QLatin1String("kind")).toString());
    if (kind == kindsByName().end())
        return fail(tr("unknown \"kind\": %1").arg(o.value(QLatin1String("kind")).toString()));
    e.kind = kind->second;
    const QJsonValue raw = o.value(QLatin1String("raw"));
    if (!raw.isUndefined() && !raw.isString())
        return fail(tr("\"raw\" must be a string"));
    if (o.value(QLatin1String("rawBase64")).toBool()) {
        const auto decoded = QByteArray::fromBase64Encoding(raw.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return fail(tr("\"raw\" is not valid base64"));
        e.raw = *decoded;
    } else {
        e.raw = raw.toString().toUtf8();
    }
    const QJsonValue note = o.value(QLatin1String("note"));
    if (!note.isUndefined() && !note.isString())
        return fail(tr("\"note\" must be a string"));
    e.note = note.toString();
    if (!bytesFromJson(o.value(QLatin1String("httpMethod")), &e.httpMethod))
        return fail(tr("\"httpMethod\" is malformed"));
    const QJsonValue url = o.value(QLatin1String("url"));
    if (!url.isUndefined() && !url.isString())
        return fail(tr("\"url\" must be a string"));
    e.url = url.toString();
    if (!integer(QLatin1String("status"), &status))
        return fail(tr("\"status\" is not an integer"));
    e.httpStatus = int(status);
    const QJsonValue headers = o.value(QLatin1String("headers"));
    if (!headers.isUndefined()) {
        if (!headers.isArray())
            return fail(tr("\"headers\" must be an array of [name, value] pairs"));
        for (const QJsonValue &h : headers.toArray()) {
            const QJsonArray pair = h.toArray();
            QByteArray name, value;
            if (pair.size() != 2 || !bytesFromJson(pair.at(0), &name) || !bytesFromJson(pair.at(1), &value))
                return fail(tr("\"headers\" must be an array of [name, value] pairs"));
            e.headers.append({name, value});
        }
    }
    if (!bytesFromJson(o.value(QLatin1String("sseId")), &e.sseEventId))
        return fail(tr("\"sseId\" is malformed"));
    if (!bytesFromJson(o.value(QLatin1String("sseType")), &e.sseEventType))
        return fail(tr("\"sseType\" is malformed"));
    const QJsonValue exchange = o.value(QLatin1String("exchange"));
    if (exchange.isString()) {
        bool ok = false;
        e.exchangeId = exchange.toString().toULongLong(&ok);
        if (!ok)
            return fail(tr("\"exchange\" is not a number"));
    } else if (!exchange.isUndefined()) {
        qint64 id = 0;
        if (!integer(QLatin1String("exchange"), &id) || id < 0)
            return fail(tr("\"exchange\" is not a number"));
        e.exchangeId = quint64(id);
    }
    *event = e;
    return true;
}

namespace {

QJsonObject captureHeader(const QHash<int, QString> &names, const TrafficCapture::ExportOptions &options,
                          qint64 eventCount)
{
    QJsonArray connections;
    QList<int> ids = names.keys();
    std::sort(ids.begin(), ids.end());
    for (int id : ids)
        connections.append(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("name"), names.value(id)}});
    const QString appVersion = QCoreApplication::applicationVersion().isEmpty()
        ? QStringLiteral(MCPSCOPE_VERSION)
        : QCoreApplication::applicationVersion();
    return QJsonObject{
        {QStringLiteral("app"), QStringLiteral("MCP Scope")},
        {QStringLiteral("appVersion"), appVersion},
        {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("redacted"), options.redaction == TrafficCapture::Redaction::Redact},
        {QStringLiteral("events"), double(eventCount)},
        {QStringLiteral("connections"), connections},
    };
}

// A redactor that knows the options' secrets and those the events carry (learned from all of
// them before any is written: a token sent late may have been echoed early).
template<typename EventAt>
std::unique_ptr<SecretRedactor> redactorFor(const TrafficCapture::ExportOptions &options, qint64 count, EventAt eventAt)
{
    if (options.redaction == TrafficCapture::Redaction::KeepSecrets)
        return nullptr;
    auto redactor = std::make_unique<SecretRedactor>(options.secretValues);
    for (qint64 i = 0; i < count; ++i)
        redactor->learn(eventAt(i));
    return redactor;
}

template<typename EventAt>
bool writeEvents(QIODevice *device, qint64 count, EventAt eventAt, QHash<int, QString> names,
                 const TrafficCapture::ExportOptions &options, const SecretRedactor *redactor, QString *error)
{
    if (redactor)
        names = redactedNames(names, *redactor);
    // "format" and "version" come first (QJsonObject sorts keys) so that a file sniffer
    // recognises a capture from its first bytes.
    QByteArray header = QJsonDocument(captureHeader(names, options, count)).toJson(QJsonDocument::Compact);
    header = QByteArray(R"({"format":")") + QLatin1String(FormatName).data() + R"(","version":)"
        + QByteArray::number(TrafficCapture::FormatVersion) + ',' + header.mid(1) + '\n';
    if (device->write(header) != header.size()) {
        if (error)
            *error = TrafficCapture::tr("could not write the capture: %1").arg(device->errorString());
        return false;
    }
    // Each line as the recorder writes it: a big message's in pieces, never built whole.
    const auto sink = [device](QByteArrayView piece) { return device->write(piece.data(), piece.size()) == piece.size(); };
    for (qint64 i = 0; i < count; ++i) {
        const TrafficEvent event = redactor ? redactor->redacted(eventAt(i)) : eventAt(i);
        if (!TrafficCapture::writeJsonLine(event, TrafficCapture::StreamedLineBytes, sink)) {
            if (error)
                *error = TrafficCapture::tr("could not write the capture: %1").arg(device->errorString());
            return false;
        }
    }
    return true;
}

QList<TrafficEvent> eventsOf(const TrafficLog &log, const QList<int> &rows)
{
    QList<TrafficEvent> events;
    events.reserve(rows.size());
    for (int row : rows)
        events.append(log.event(row));
    return events;
}

QList<int> allRows(const TrafficLog &log)
{
    QList<int> rows(log.rowCount());
    std::iota(rows.begin(), rows.end(), 0);
    return rows;
}

} // namespace

bool TrafficCapture::writeJsonLines(QIODevice *device, const TrafficLog &log, const ExportOptions &options,
                                    QString *error)
{
    return writeJsonLines(device, log, allRows(log), options, error);
}

bool TrafficCapture::writeJsonLines(QIODevice *device, const TrafficLog &log, const QList<int> &rows,
                                    const ExportOptions &options, QString *error)
{
    // Learned from the whole log: a secret sent in a row left out may be echoed in one written.
    const auto redactor = redactorFor(options, log.rowCount(), [&log](qint64 i) { return log.event(int(i)); });
    return writeEvents(device, rows.size(), [&log, &rows](qint64 i) { return log.event(rows.at(i)); },
                       log.connectionNames(), options, redactor.get(), error);
}

bool TrafficCapture::writeJsonLines(QIODevice *device, const QList<TrafficEvent> &events,
                                    const QHash<int, QString> &connectionNames, const ExportOptions &options,
                                    QString *error)
{
    const auto eventAt = [&events](qint64 i) { return events.at(i); };
    const auto redactor = redactorFor(options, events.size(), eventAt);
    return writeEvents(device, events.size(), eventAt, connectionNames, options, redactor.get(), error);
}

bool TrafficCapture::readHeader(const QJsonDocument &line, const QJsonParseError &parseError, qint64 lineNumber,
                                ImportResult *result)
{
    const QJsonObject header = line.object();
    if (parseError.error != QJsonParseError::NoError || !line.isObject()
        || header.value(QLatin1String("format")).toString() != FormatName) {
        result->error = tr("line %1: not an MCP Scope capture (the first line must be a header with "
                           "\"format\": \"mcpscope-capture\")")
                            .arg(lineNumber);
        return false;
    }
    const int version = header.value(QLatin1String("version")).toInt(-1);
    if (version < 1 || version > FormatVersion) {
        result->error = tr("line %1: capture format version %2 is not supported (this MCP Scope reads "
                           "version %3)")
                            .arg(lineNumber)
                            .arg(header.value(QLatin1String("version")).toVariant().toString())
                            .arg(FormatVersion);
        return false;
    }
    for (const QJsonValue &c : header.value(QLatin1String("connections")).toArray()) {
        const QJsonObject connection = c.toObject();
        result->connectionNames.insert(connection.value(QLatin1String("id")).toInt(),
                                       connection.value(QLatin1String("name")).toString());
    }
    result->created = QDateTime::fromString(header.value(QLatin1String("created")).toString(), Qt::ISODateWithMs);
    result->appVersion = header.value(QLatin1String("appVersion")).toString();
    result->redacted = header.value(QLatin1String("redacted")).toBool();
    result->ok = true;
    return true;
}

TrafficCapture::ImportResult TrafficCapture::readJsonLines(QIODevice *device, TrafficLog *log)
{
    ImportResult result;
    qint64 lineNumber = 0;
    bool headerSeen = false;
    QList<TrafficEvent> batch;
    while (!device->atEnd()) {
        QByteArray line = device->readLine();
        ++lineNumber;
        while (line.endsWith('\n') || line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        if (!headerSeen) {
            if (!readHeader(doc, parseError, lineNumber, &result))
                return result;
            headerSeen = true;
            for (auto it = result.connectionNames.cbegin(); it != result.connectionNames.cend(); ++it)
                log->setConnectionName(it.key(), it.value());
            continue;
        }
        if (parseError.error != QJsonParseError::NoError) {
            result.issues.append({lineNumber, tr("not valid JSON at offset %1: %2")
                                                  .arg(parseError.offset)
                                                  .arg(parseError.errorString())});
            continue;
        }
        if (!doc.isObject()) {
            result.issues.append({lineNumber, tr("not a JSON object")});
            continue;
        }
        TrafficEvent event;
        QString reason;
        if (!eventFromJson(doc.object(), &event, &reason)) {
            result.issues.append({lineNumber, reason});
            continue;
        }
        batch.append(event);
        ++result.imported;
        if (batch.size() >= 10000) {
            log->appendBatch(batch);
            batch.clear();
        }
    }
    if (!headerSeen && result.error.isEmpty())
        result.error = tr("the file is empty");
    log->appendBatch(batch);
    log->flush();
    for (const ImportIssue &issue : std::as_const(result.issues))
        qCDebug(lcTrafficCapture) << "skipped capture line" << issue.line << issue.reason;
    return result;
}

// ---- HAR 1.2 ------------------------------------------------------------------------------

namespace {

QJsonArray harHeaders(const HttpHeaders &headers)
{
    QJsonArray array;
    for (const auto &h : headers)
        array.append(QJsonObject{{QStringLiteral("name"), QString::fromLatin1(h.first)},
                                 {QStringLiteral("value"), QString::fromLatin1(h.second)}});
    return array;
}

QString isoTime(qint64 wallClockMs)
{
    return QDateTime::fromMSecsSinceEpoch(wallClockMs, Qt::UTC).toString(Qt::ISODateWithMs);
}

double msBetween(qint64 fromNs, qint64 toNs)
{
    return qMax(0.0, double(toNs - fromNs) / 1e6);
}

// Transports record the status code, not the reason phrase; HAR wants one.
QString reasonPhrase(int status)
{
    static const QHash<int, QString> phrases = {
        {100, QStringLiteral("Continue")}, {200, QStringLiteral("OK")}, {201, QStringLiteral("Created")},
        {202, QStringLiteral("Accepted")}, {204, QStringLiteral("No Content")}, {301, QStringLiteral("Moved Permanently")},
        {302, QStringLiteral("Found")}, {303, QStringLiteral("See Other")}, {304, QStringLiteral("Not Modified")},
        {307, QStringLiteral("Temporary Redirect")}, {308, QStringLiteral("Permanent Redirect")},
        {400, QStringLiteral("Bad Request")}, {401, QStringLiteral("Unauthorized")}, {403, QStringLiteral("Forbidden")},
        {404, QStringLiteral("Not Found")}, {405, QStringLiteral("Method Not Allowed")},
        {406, QStringLiteral("Not Acceptable")}, {408, QStringLiteral("Request Timeout")}, {409, QStringLiteral("Conflict")},
        {410, QStringLiteral("Gone")}, {413, QStringLiteral("Content Too Large")},
        {415, QStringLiteral("Unsupported Media Type")}, {422, QStringLiteral("Unprocessable Content")},
        {429, QStringLiteral("Too Many Requests")}, {500, QStringLiteral("Internal Server Error")},
        {501, QStringLiteral("Not Implemented")}, {502, QStringLiteral("Bad Gateway")},
        {503, QStringLiteral("Service Unavailable")}, {504, QStringLiteral("Gateway Timeout")},
    };
    return phrases.value(status);
}

// Fills text (and encoding) of a HAR content or postData object.
void setHarText(QJsonObject *object, const QByteArray &bytes)
{
    QString text;
    if (decodeUtf8Exactly(bytes, &text)) {
        object->insert(QStringLiteral("text"), text);
    } else {
        object->insert(QStringLiteral("text"), QString::fromLatin1(bytes.toBase64()));
        object->insert(QStringLiteral("encoding"), QStringLiteral("base64"));
    }
}

} // namespace

namespace {

// The HAR document, redacted by redactor (none: as the events are).
QJsonObject harOf(const QList<TrafficEvent> &events, const QHash<int, QString> &names, const SecretRedactor *redactor)
{
    const QHash<int, QString> connectionNames = redactor ? redactedNames(names, *redactor) : names;
    const auto redact = [&redactor](const TrafficEvent &event) { return redactor ? redactor->redacted(event) : event; };
    // Exchanges in order of their first event.
    QList<QPair<int, quint64>> order;
    QHash<QPair<int, quint64>, QList<TrafficEvent>> exchanges;
    for (const TrafficEvent &raw : events) {
        if (!raw.exchangeId || TrafficEvent::isAppDirection(raw.direction))
            continue;
        const QPair<int, quint64> key(raw.connectionId, raw.exchangeId);
        auto it = exchanges.find(key);
        if (it == exchanges.end()) {
            order.append(key);
            it = exchanges.insert(key, {});
        }
        it->append(redact(raw));
    }

    QJsonArray entries;
    for (const auto &key : std::as_const(order)) {
        const QList<TrafficEvent> &group = exchanges.value(key);
        const TrafficEvent *request = nullptr;
        const TrafficEvent *response = nullptr;
        const TrafficEvent *failure = nullptr;
        for (const TrafficEvent &e : group) {
            if (!request && e.direction == TrafficEvent::Direction::Outgoing && !e.httpMethod.isEmpty())
                request = &e;
            else if (!response && e.direction == TrafficEvent::Direction::Incoming
                     && (e.kind == TrafficEvent::Kind::HttpResponse || e.httpStatus != 0))
                response = &e;
            else if (!failure && e.kind == TrafficEvent::Kind::TransportError)
                failure = &e;
        }
        if (!request)
            continue; // HAR needs a request; events without one stay in the JSON Lines capture

        QJsonArray queryString;
        const QUrl url(request->url);
        for (const auto &item : QUrlQuery(url).queryItems(QUrl::FullyDecoded))
            queryString.append(QJsonObject{{QStringLiteral("name"), item.first}, {QStringLiteral("value"), item.second}});
        QJsonObject harRequest{
            {QStringLiteral("method"), QString::fromLatin1(request->httpMethod)},
            {QStringLiteral("url"), request->url},
            {QStringLiteral("httpVersion"), QString()},
            {QStringLiteral("cookies"), QJsonArray()},
            {QStringLiteral("headers"), harHeaders(request->headers)},
            {QStringLiteral("queryString"), queryString},
            {QStringLiteral("headersSize"), -1},
            {QStringLiteral("bodySize"), request->raw.size()},
        };
        if (!request->raw.isEmpty()) {
            QString mime = QString::fromLatin1(headerValue(request->headers, "content-type"));
            QJsonObject postData{{QStringLiteral("mimeType"), mime.isEmpty() ? QStringLiteral("application/json") : mime}};
            setHarText(&postData, request->raw);
            harRequest.insert(QStringLiteral("postData"), postData);
        }

        // A WebSocket: its frames go on the entry of the upgrade request as browsers write them
        // (_webSocketMessages), not into a body. Text frames are opcode 1; frames that are not
        // UTF-8 (binary ones) opcode 2, base64.
        const bool webSocket = headerValue(request->headers, "upgrade").toLower() == "websocket";
        QJsonArray webSocketMessages;
        if (webSocket) {
            for (const TrafficEvent &e : group) {
                if (&e == request || &e == response
                    || (e.kind != TrafficEvent::Kind::Message && e.kind != TrafficEvent::Kind::InvalidMessage)
                    || (e.direction != TrafficEvent::Direction::Outgoing && e.direction != TrafficEvent::Direction::Incoming))
                    continue;
                QString text;
                const bool isText = decodeUtf8Exactly(e.raw, &text);
                webSocketMessages.append(QJsonObject{
                    {QStringLiteral("type"), e.direction == TrafficEvent::Direction::Outgoing ? QStringLiteral("send")
                                                                                             : QStringLiteral("receive")},
                    {QStringLiteral("time"), double(e.wallClockMs) / 1000.0},
                    {QStringLiteral("opcode"), isText ? 1 : 2},
                    {QStringLiteral("data"), isText ? text : QString::fromLatin1(e.raw.toBase64())},
                });
            }
        }

        // The body: what the response event carries plus every later incoming frame of the
        // exchange; SSE frames are written back in text/event-stream form.
        QByteArray body;
        qint64 lastNs = response ? response->monotonicNs : request->monotonicNs;
        bool streamed = response && headerValue(response->headers, "content-type").contains("text/event-stream");
        QList<const TrafficEvent *> frames;
        for (const TrafficEvent &e : group) {
            if (webSocket || &e == request || &e == response || e.direction != TrafficEvent::Direction::Incoming)
                continue;
            if (e.kind == TrafficEvent::Kind::Message || e.kind == TrafficEvent::Kind::InvalidMessage
                || e.kind == TrafficEvent::Kind::SseEvent) {
                frames.append(&e);
                streamed = streamed || !e.sseEventId.isEmpty() || !e.sseEventType.isEmpty()
                    || e.kind == TrafficEvent::Kind::SseEvent;
            }
        }
        if (response)
            body += response->raw;
        for (const TrafficEvent *e : std::as_const(frames)) {
            lastNs = qMax(lastNs, e->monotonicNs);
            if (streamed) {
                if (!e->sseEventId.isEmpty())
                    body += "id: " + e->sseEventId + '\n';
                if (!e->sseEventType.isEmpty())
                    body += "event: " + e->sseEventType + '\n';
                if (!e->raw.isEmpty() || (e->sseEventId.isEmpty() && e->sseEventType.isEmpty())) {
                    for (const QByteArray &line : e->raw.split('\n'))
                        body += "data: " + line + '\n';
                }
                body += '\n';
            } else {
                body += e->raw;
            }
        }

        QJsonObject content{{QStringLiteral("size"), body.size()}};
        QString mime = response ? QString::fromLatin1(headerValue(response->headers, "content-type")) : QString();
        if (mime.isEmpty())
            mime = streamed ? QStringLiteral("text/event-stream") : QStringLiteral("application/json");
        content.insert(QStringLiteral("mimeType"), response || !body.isEmpty() ? mime : QStringLiteral("x-unknown"));
        if (!body.isEmpty())
            setHarText(&content, body);
        QJsonObject harResponse{
            {QStringLiteral("status"), response ? response->httpStatus : 0},
            {QStringLiteral("statusText"), response ? reasonPhrase(response->httpStatus) : QString()},
            {QStringLiteral("httpVersion"), QString()},
            {QStringLiteral("cookies"), QJsonArray()},
            {QStringLiteral("headers"), response ? harHeaders(response->headers) : QJsonArray()},
            {QStringLiteral("content"), content},
            {QStringLiteral("redirectURL"), response ? QString::fromLatin1(headerValue(response->headers, "location")) : QString()},
            {QStringLiteral("headersSize"), -1},
            {QStringLiteral("bodySize"), response ? body.size() : -1},
        };

        const double wait = response ? msBetween(request->monotonicNs, response->monotonicNs) : msBetween(request->monotonicNs, lastNs);
        const double receive = response ? msBetween(response->monotonicNs, lastNs) : 0.0;
        QJsonObject timings{
            {QStringLiteral("blocked"), -1}, {QStringLiteral("dns"), -1}, {QStringLiteral("connect"), -1},
            {QStringLiteral("ssl"), -1},     {QStringLiteral("send"), 0},  {QStringLiteral("wait"), wait},
            {QStringLiteral("receive"), receive},
        };
        QJsonObject entry{
            {QStringLiteral("startedDateTime"), isoTime(request->wallClockMs)},
            {QStringLiteral("time"), wait + receive},
            {QStringLiteral("request"), harRequest},
            {QStringLiteral("response"), harResponse},
            {QStringLiteral("cache"), QJsonObject()},
            {QStringLiteral("timings"), timings},
            {QStringLiteral("_connection"), connectionNames.value(key.first)},
            {QStringLiteral("_exchangeId"), double(key.second)},
        };
        if (webSocket)
            entry.insert(QStringLiteral("_webSocketMessages"), webSocketMessages);
        if (failure)
            entry.insert(QStringLiteral("_error"), failure->note);
        if (response && !response->note.isEmpty())
            entry.insert(QStringLiteral("_note"), response->note);
        entries.append(entry);
    }

    // MCP Apps view traffic never crossed HTTP, so it is no entry: it goes along in the capture's
    // own event form (a custom field, which HAR readers ignore).
    QJsonArray appMessages;
    for (const TrafficEvent &event : events) {
        if (!TrafficEvent::isAppDirection(event.direction))
            continue;
        QJsonObject object = TrafficCapture::eventToJson(redact(event));
        object.insert(QStringLiteral("_connection"), connectionNames.value(event.connectionId));
        appMessages.append(object);
    }

    const QString appVersion = QCoreApplication::applicationVersion().isEmpty()
        ? QStringLiteral(MCPSCOPE_VERSION)
        : QCoreApplication::applicationVersion();
    QJsonObject log{
        {QStringLiteral("version"), QStringLiteral("1.2")},
        {QStringLiteral("creator"), QJsonObject{{QStringLiteral("name"), QStringLiteral("MCP Scope")},
                                                {QStringLiteral("version"), appVersion}}},
        {QStringLiteral("pages"), QJsonArray()},
        {QStringLiteral("entries"), entries},
    };
    if (!appMessages.isEmpty())
        log.insert(QStringLiteral("_mcpAppMessages"), appMessages);
    return QJsonObject{{QStringLiteral("log"), log}};
}

} // namespace

QJsonObject TrafficCapture::har(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames,
                                const ExportOptions &options)
{
    const auto redactor = redactorFor(options, events.size(), [&events](qint64 i) { return events.at(i); });
    return harOf(events, connectionNames, redactor.get());
}

bool TrafficCapture::writeHar(QIODevice *device, const TrafficLog &log, const ExportOptions &options, QString *error,
                              int *exchanges)
{
    return writeHar(device, log, allRows(log), options, error, exchanges);
}

bool TrafficCapture::writeHar(QIODevice *device, const TrafficLog &log, const QList<int> &rows,
                              const ExportOptions &options, QString *error, int *exchanges)
{
    // Learned from the whole log, as the JSON Lines export is.
    const auto redactor = redactorFor(options, log.rowCount(), [&log](qint64 i) { return log.event(int(i)); });
    const QJsonObject harDocument = harOf(eventsOf(log, rows), log.connectionNames(), redactor.get());
    const QJsonObject harLog = harDocument.value(QLatin1String("log")).toObject();
    const qsizetype entries = harLog.value(QLatin1String("entries")).toArray().size();
    if (exchanges)
        *exchanges = int(entries);
    if (entries == 0 && !harLog.contains(QLatin1String("_mcpAppMessages"))) {
        // An empty HAR file would look like a successful export of nothing.
        if (error)
            *error = rows.isEmpty()
                ? tr("There is nothing to export.")
                : tr("HAR holds HTTP exchanges, and none of these %n event(s) crossed HTTP (a stdio connection's "
                     "messages have no HTTP request): no HAR file was written. Export as JSON Lines to keep them.",
                     nullptr, int(rows.size()));
        return false;
    }
    const QByteArray document = QJsonDocument(harDocument).toJson(QJsonDocument::Indented);
    if (device->write(document) != document.size()) {
        if (error)
            *error = tr("could not write the HAR file: %1").arg(device->errorString());
        return false;
    }
    return true;
}

} // namespace Mcp
