// parseFrame() and summarizeFrame(): JSON-RPC frames through simdjson (see json.h for why).

#include "json.h"
#include "json_p.h"
#include "jsontext.h"
#include "message.h"
#include "message_p.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstring>
#include <optional>
#include <utility>

namespace Mcp {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::parseFrame)
};

enum class Payload { Convert, TypeOnly };

// Takes a message object apart straight from simdjson's DOM (no QJsonObject for the envelope),
// then applies the checks of Message::fromJson(). With Payload::TypeOnly, params and result are
// only checked for their JSON type, so the bulk of a frame is never converted.
// Frames up to this size convert their result on first use (parsing such a frame again costs
// little); bigger ones convert at once, so that a big result is never parsed twice.
constexpr qsizetype LazyResultMaxFrame = 64 * 1024;
// From this size on, a frame without escapes goes through Qt's parser (see parseFrame()).
constexpr qsizetype QtParserMinFrame = 256 * 1024;
// Up to this size, a lazy result without escapes is converted by Qt's parser (see resultOfFrame()).
constexpr qsizetype QtParserMaxSmallFrame = 2048;

// The memos below keep values whose memo key (json_p.h) is at most this long.
constexpr size_t MaxMemoKey = 4096;

// A frame with a schema in it ("inputSchema", "outputSchema", "requestedSchema") stays with
// simdjson, whose conversion notes the order of the schema's "properties" (propertiesorder.h);
// Qt's parser keeps no order.
bool holdsSchema(QByteArrayView frame)
{
    return std::string_view(frame.data(), size_t(frame.size())).find("Schema\"") != std::string_view::npos;
}

std::string memoKeyOf(simdjson::dom::element value)
{
    std::string key;
    key.reserve(256);
    Json::Internal::MemoKeyWriter writer{key};
    Json::Internal::memoKey(writer, value);
    return key;
}

bool hasMemoKey(simdjson::dom::element value, std::string_view key)
{
    Json::Internal::MemoKeyReader reader{key};
    return Json::Internal::memoKey(reader, value) && reader.rest.empty();
}

// A "_meta" object in Qt types. A client sends the same one (its capabilities and client info)
// with every request, and a server its serverInfo with every result, so the last few
// converted are kept per thread by their memo key; a request's own keys (a progressToken) make
// its _meta new, but not the objects inside it, which are looked up in turn.
QJsonValue metaToQt(simdjson::dom::element meta)
{
    if (!meta.is_object())
        return Json::Internal::toQt(meta);
    struct Remembered
    {
        std::string text;
        QJsonValue value;
    };
    thread_local Json::Internal::RecentEntries<Remembered, 8> remembered;
    auto lookUp = [](simdjson::dom::element value) -> const QJsonValue * {
        const Remembered *found = remembered.find([value](const Remembered &entry) { return hasMemoKey(value, entry.text); });
        return found ? &found->value : nullptr;
    };
    auto remember = [](simdjson::dom::element element, const QJsonValue &value) {
        std::string text = memoKeyOf(element);
        if (text.size() <= MaxMemoKey)
            remembered.add({std::move(text), value});
    };
    if (const QJsonValue *known = lookUp(meta))
        return *known;
    QJsonObject object;
    const simdjson::dom::object members = meta.get_object().value_unsafe(); // named: see messageFrom()
    for (simdjson::dom::key_value_pair member : members) {
        QJsonValue value;
        if (member.value.is_object()) {
            if (const QJsonValue *known = lookUp(member.value)) {
                value = *known;
            } else {
                value = Json::Internal::toQt(member.value);
                remember(member.value, value);
            }
        } else {
            value = Json::Internal::toQt(member.value);
        }
        object.insert(Json::Internal::toQString(member.key), value); // of duplicate keys the last one counts
    }
    remember(meta, object);
    return object;
}

// The params of a request or notification, with their "_meta" through metaToQt().
QJsonValue paramsToQt(simdjson::dom::element params)
{
    if (!params.is_object())
        return Json::Internal::toQt(params);
    return Json::Internal::objectToQt(params.get_object().value_unsafe(), [](std::string_view key, simdjson::dom::element value) {
        return key == Internal::MetaMember ? metaToQt(value) : Json::Internal::toQt(value);
    });
}

// Message::resultHead() of a result in simdjson's DOM. A server sends the same head (its
// resultType and serverInfo) with most results, so the last one built is kept per thread: a
// repeat costs a comparison of its text instead of new Qt objects, which cost far more.
QJsonObject resultHeadOf(simdjson::dom::element result)
{
    if (!result.is_object())
        return {};
    thread_local std::string lastText;
    thread_local QJsonObject lastHead;
    const simdjson::dom::object members = result.get_object().value_unsafe(); // named: see messageFrom()
    auto inHead = [](const simdjson::dom::key_value_pair &member) {
        return !(member.value.is_object() || member.value.is_array()) || member.key == Internal::MetaMember;
    };
    // Each member as its key (length-prefixed) and the value's memo key: no two heads alike.
    auto walkHead = [&members, &inHead](auto &sink) {
        for (simdjson::dom::key_value_pair member : members) {
            if (inHead(member) && !(Json::Internal::memoText(sink, member.key) && Json::Internal::memoKey(sink, member.value)))
                return false;
        }
        return true;
    };
    Json::Internal::MemoKeyReader last{lastText};
    if (walkHead(last) && last.rest.empty())
        return lastHead;
    std::string text;
    text.reserve(256);
    Json::Internal::MemoKeyWriter writer{text};
    walkHead(writer);
    QJsonObject head;
    for (simdjson::dom::key_value_pair member : members) {
        if (inHead(member)) {
            head.insert(Json::Internal::toQString(member.key), member.key == Internal::MetaMember
                                                                   ? metaToQt(member.value)
                                                                   : Json::Internal::toQt(member.value));
        }
    }
    if (text.size() <= MaxMemoKey) {
        lastText = std::move(text);
        lastHead = head;
    }
    return head;
}

// lazyFrame: the frame, when element is its only message and its result may be converted later.
// badRequestId: set when the element is a request whose id cannot be echoed (see ParsedFrame).
bool messageFrom(simdjson::dom::element element, Payload payload, Message *message, QString *diagnostic,
                 QByteArrayView lazyFrame = {}, bool *badRequestId = nullptr)
{
    if (!element.is_object()) {
        *diagnostic = Tr::tr("not a JSON object");
        return false;
    }
    using Presence = Internal::MessageParts::Presence;
    using Type = simdjson::dom::element_type;
    Internal::MessageParts parts;
    // Of duplicate keys the last one counts, as when the object is read into a QJsonObject.
    // A named copy: a range-for straight over value_unsafe() would iterate a dead temporary.
    const simdjson::dom::object object = element.get_object().value_unsafe();
    for (simdjson::dom::key_value_pair field : object) {
        const std::string_view key = field.key;
        const simdjson::dom::element value = field.value;
        if (key == "jsonrpc") {
            parts.jsonrpc = value.is_string() && value.get_string().value_unsafe() == "2.0" ? Presence::Valid
                                                                                             : Presence::Invalid;
        } else if (key == "id") {
            // The rules of MessageId::fromJson(): strings, null, and integers a 64-bit signed
            // integer holds exactly (an int64 id is echoed as it came).
            parts.id = Presence::Valid;
            parts.idValue = MessageId();
            double number = 0;
            switch (value.type()) {
            case Type::STRING:
                parts.idValue = MessageId(Json::Internal::toQString(value.get_string().value_unsafe()));
                break;
            case Type::NULL_VALUE:
                break;
            case Type::INT64:
                parts.idValue = MessageId(qint64(value.get_int64().value_unsafe()));
                break;
            case Type::DOUBLE: // "1.0" or "1e3": an integer all the same, when it is one exactly
                number = value.get_double().value_unsafe();
                if (std::isfinite(number) && std::floor(number) == number && std::fabs(number) < 9.007199254740992e15)
                    parts.idValue = MessageId(static_cast<qint64>(number));
                else
                    parts.id = Presence::Invalid;
                break;
            case Type::UINT64: // beyond int64: cannot be echoed exactly
            default:
                parts.id = Presence::Invalid;
                break;
            }
        } else if (key == "method") {
            parts.method = value.is_string() ? Presence::Valid : Presence::Invalid;
            parts.methodValue = value.is_string() ? Json::Internal::toQString(value.get_string().value_unsafe())
                                                  : QString();
        } else if (key == "params") {
            parts.params = value.is_object() || value.is_array() ? Presence::Valid : Presence::Invalid;
            parts.paramsValue = payload == Payload::Convert ? paramsToQt(value)
                : value.is_object()                         ? QJsonValue(QJsonObject())
                : value.is_array()                          ? QJsonValue(QJsonArray())
                                                            : QJsonValue(QJsonValue::Null);
        } else if (key == "result") {
            parts.hasResult = true;
            if (payload == Payload::Convert && !lazyFrame.isNull()) {
                parts.lazyResultFrame = lazyFrame.toByteArray();
                parts.lazyResultHead = resultHeadOf(value);
                continue;
            }
            parts.resultValue = payload == Payload::Convert ? Json::Internal::toQt(value)
                : value.is_object()                         ? QJsonValue(QJsonObject())
                                                            : QJsonValue(QJsonValue::Null);
        } else if (key == "error") {
            parts.hasError = true;
            parts.errorValue = Json::Internal::toQt(value);
        }
    }
    if (badRequestId)
        *badRequestId = parts.method == Presence::Valid && parts.id == Presence::Invalid;
    return Internal::messageFromParts(parts, message, diagnostic);
}

// The id of a response that could not be read: an object with an "id" (string or integer) and
// no "method". Null ids (a server's own parse error) name no request.
bool replyIdOf(simdjson::dom::element element, MessageId *id)
{
    if (!element.is_object())
        return false;
    bool found = false;
    const simdjson::dom::object object = element.get_object().value_unsafe();
    for (simdjson::dom::key_value_pair field : object) {
        if (field.key == "method")
            return false;
        if (field.key != "id")
            continue;
        const simdjson::dom::element value = field.value;
        found = false;
        if (value.is_string()) {
            *id = MessageId(Json::Internal::toQString(value.get_string().value_unsafe()));
            found = true;
        } else if (value.is_int64()) {
            *id = MessageId(qint64(value.get_int64().value_unsafe()));
            found = true;
        }
    }
    return found;
}

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The same for a frame that is not JSON at all (cut off, a stray byte): the top-level members
// are read lexically, skipping strings and nested values, and "id" is taken when it is an
// integer or a string without escapes. Bounded by one pass over the frame.
bool scanReplyId(QByteArrayView frame, MessageId *id)
{
    const qsizetype n = frame.size();
    qsizetype i = 0;
    while (i < n && isJsonSpace(frame[i]))
        ++i;
    if (i >= n || frame[i] != '{')
        return false;
    int depth = 0;
    bool found = false;
    while (i < n) {
        const char c = frame[i];
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth <= 0)
                break;
        } else if (c == '"') {
            const qsizetype start = ++i;
            while (i < n && frame[i] != '"')
                i += frame[i] == '\\' ? 2 : 1;
            if (i >= n)
                break;
            const QByteArrayView text = frame.sliced(start, i - start);
            qsizetype j = i + 1;
            while (j < n && isJsonSpace(frame[j]))
                ++j;
            if (depth == 1 && j < n && frame[j] == ':') {
                if (text == "method")
                    return false;
                ++j;
                while (j < n && isJsonSpace(frame[j]))
                    ++j;
                if (text == "id" && !found && j < n) {
                    if (frame[j] == '"') {
                        qsizetype end = j + 1;
                        while (end < n && frame[end] != '"' && frame[end] != '\\')
                            ++end;
                        if (end < n && frame[end] == '"') {
                            *id = MessageId(QString::fromUtf8(frame.sliced(j + 1, end - j - 1)));
                            found = true;
                        }
                    } else {
                        qsizetype end = j + (frame[j] == '-' ? 1 : 0);
                        const qsizetype digits = end;
                        while (end < n && frame[end] >= '0' && frame[end] <= '9')
                            ++end;
                        bool fits = false; // an int64, as every integer id this client sends
                        const qint64 number = end > digits && end - digits <= 19
                            ? QByteArrayView(frame.sliced(j, end - j)).toLongLong(&fits) : 0;
                        const bool integer = fits
                            && (end >= n || frame[end] == ',' || frame[end] == '}' || isJsonSpace(frame[end]));
                        if (integer) {
                            *id = MessageId(number);
                            found = true;
                        }
                    }
                }
                i = j;
                continue;
            }
        }
        ++i;
    }
    return found;
}

QString invalidUtf8Warning()
{
    return Tr::tr("invalid UTF-8 read as U+FFFD (the raw bytes are kept)");
}

QString notJson(const QString &why)
{
    return Tr::tr("not valid JSON: %1").arg(why);
}

QString batchElement(size_t index, const QString &diagnostic)
{
    return Tr::tr("batch element %1: %2").arg(index).arg(diagnostic);
}

} // namespace

namespace {

bool parseInto(QByteArrayView frame, ParsedFrame &parsed, QString *error)
{
    // Big frames without one backslash (base64 images, plain text): Qt's own parser builds the
    // Qt JSON containers directly, ASCII text staying 8-bit. Converting simdjson's DOM instead
    // takes every string through UTF-16 and back once more when it is inserted into its
    // QJsonObject (Qt 6.4's QCborValue::fromJsonValue() goes via QString): at 16 MiB that was
    // three quarters of the time. Escapes send Qt's parser down a slow path of its own, so
    // those frames stay with simdjson, and so does any frame Qt's parser refuses (invalid UTF-8
    // included) or that is not a valid message, for the diagnostics of the one path below.
    auto readWithQt = [&parsed, frame] {
        QJsonParseError qtError;
        const QJsonDocument document
            = QJsonDocument::fromJson(QByteArray::fromRawData(frame.data(), frame.size()), &qtError);
        Message message;
        QString diagnostic;
        if (qtError.error == QJsonParseError::NoError && document.isObject()
            && Message::fromJson(document.object(), &message, &diagnostic)) {
            parsed.messages.append(message);
            return true;
        }
        return false;
    };
    if (frame.size() >= QtParserMinFrame && !std::memchr(frame.data(), '\\', size_t(frame.size())) && !holdsSchema(frame)
        && readWithQt())
        return true;
    const bool read = Json::Internal::withDocument(frame, error, [&parsed, frame](simdjson::dom::element root) {
        if (root.is_array()) {
            parsed.batch = true;
            const simdjson::dom::array array = root.get_array().value_unsafe();
            if (array.size() == 0)
                parsed.diagnostics.append(Tr::tr("empty batch"));
            size_t index = 0;
            for (simdjson::dom::element item : array) {
                Message message;
                QString diagnostic;
                MessageId id;
                bool badRequestId = false;
                if (messageFrom(item, Payload::Convert, &message, &diagnostic, {}, &badRequestId)) {
                    parsed.messages.append(message);
                } else {
                    parsed.requestsWithBadIds += badRequestId ? 1 : 0;
                    parsed.diagnostics.append(batchElement(index, diagnostic));
                    if (replyIdOf(item, &id))
                        parsed.unreadableReplies.append(id);
                }
                ++index;
            }
            return;
        }
        Message message;
        QString diagnostic;
        MessageId id;
        const QByteArrayView lazyFrame = frame.size() <= LazyResultMaxFrame ? frame : QByteArrayView();
        bool badRequestId = false;
        if (messageFrom(root, Payload::Convert, &message, &diagnostic, lazyFrame, &badRequestId)) {
            parsed.messages.append(message);
        } else {
            parsed.requestsWithBadIds += badRequestId ? 1 : 0;
            parsed.diagnostics.append(diagnostic);
            if (replyIdOf(root, &id))
                parsed.unreadableReplies.append(id);
        }
    });
    // simdjson refuses a lone surrogate escaped in a string ("\ud83d" alone), which JSON allows
    // and JavaScript's JSON.stringify() writes for a string cut inside a pair; Qt's parser keeps it.
    if (read || (Json::Internal::hasSurrogateEscape(frame) && readWithQt()))
        return true;
    // simdjson also refuses an integer beyond 64 bits, which JSON allows and Qt reads as a
    // double. A request with such an id is still a request, to be answered (requestsWithBadIds).
    // (Only valid UTF-8: invalid bytes are for readRepairingUtf8() to repair, with a warning.)
    if (!simdjson::validate_utf8(frame.data(), size_t(frame.size())))
        return false;
    QJsonParseError qtError;
    const QJsonDocument document = QJsonDocument::fromJson(frame.toByteArray(), &qtError);
    if (qtError.error != QJsonParseError::NoError || !document.isObject())
        return false;
    const QJsonObject object = document.object();
    Message message;
    QString diagnostic;
    if (Message::fromJson(object, &message, &diagnostic)) {
        parsed.messages.append(message);
        return true;
    }
    bool idOk = true;
    MessageId::fromJson(object.value(QLatin1String("id")), &idOk);
    if (object.value(QLatin1String("method")).isString() && !idOk)
        ++parsed.requestsWithBadIds;
    parsed.diagnostics.append(diagnostic);
    return true;
}

bool isValidUtf8(QByteArrayView frame)
{
    return simdjson::validate_utf8(frame.data(), size_t(frame.size()));
}

// Invalid UTF-8 replaced by U+FFFD, as the WHATWG decoder of browsers and Node does.
QByteArray repairedUtf8(QByteArrayView frame)
{
    return QString::fromUtf8(frame).toUtf8();
}

enum class FrameRead { Read, ReadRepaired, Failed };

// Reads a frame with readInto(frame, result, error); a frame that fails and is not valid UTF-8
// is read once more with its bad bytes as U+FFFD (browsers and Node deliver such messages).
// On failure, result and error are the first attempt's.
template<typename Result, typename ReadInto>
FrameRead readRepairingUtf8(QByteArrayView frame, Result &result, QString *error, ReadInto readInto)
{
    if (readInto(frame, result, error))
        return FrameRead::Read;
    if (frame.isEmpty() || isValidUtf8(frame))
        return FrameRead::Failed;
    Result again;
    QString ignored;
    if (!readInto(repairedUtf8(frame), again, &ignored))
        return FrameRead::Failed;
    result = std::move(again);
    return FrameRead::ReadRepaired;
}

} // namespace

namespace {

// Frames from this size look for big texts, string values of at least BigTextMin escaped bytes,
// which stay in the frame (Message::resultWithTexts()).
constexpr qsizetype BigTextFrameMin = 1024 * 1024;
constexpr qsizetype BigTextMin = 256 * 1024;

// A response whose big texts stay in its frame: the frame with a marker in place of each is
// parsed as usual (small now), and the message gets the texts as JsonTexts of the frame (of
// *shared itself when given). Nothing when the frame has no big text, or is anything but one
// valid response without a big text in its head: those are read whole.
std::optional<ParsedFrame> parseLeavingBigTexts(QByteArrayView frame, const QByteArray *shared)
{
    if (frame.size() < BigTextFrameMin)
        return std::nullopt;
    QList<std::pair<qsizetype, qsizetype>> ranges;
    if (!isValidUtf8(frame) || !Json::Internal::findBigStrings(frame, BigTextMin, &ranges) || ranges.isEmpty())
        return std::nullopt;
    QByteArray reduced;
    qsizetype kept = frame.size();
    for (const auto &range : ranges)
        kept -= range.second;
    reduced.reserve(kept + ranges.size() * 64);
    qsizetype from = 0;
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        reduced.append(frame.sliced(from, ranges.at(i).first - from));
        reduced.append(ResultTexts::marker(i).toLatin1());
        from = ranges.at(i).first + ranges.at(i).second;
    }
    reduced.append(frame.sliced(from));
    ParsedFrame parsed;
    QString error;
    if (!parseInto(reduced, parsed, &error) || parsed.batch || parsed.messages.size() != 1 || !parsed.diagnostics.isEmpty()
        || !parsed.warnings.isEmpty() || !parsed.messages.first().isResponse())
        return std::nullopt;
    Message &message = parsed.messages.first();
    if (Json::serialize(message.resultHead()).contains(ResultTexts::markerPrefix().toLatin1()))
        return std::nullopt; // routing reads the head: it gets no markers
    // A frame of Qt's raw data (QByteArray::fromRawData()) may go away: its bytes are copied.
    const QByteArray bytes = shared && const_cast<QByteArray *>(shared)->data_ptr().isMutable() ? *shared : frame.toByteArray();
    QList<JsonText> texts;
    texts.reserve(ranges.size());
    for (const auto &[offset, size] : ranges)
        texts.append(JsonText(bytes, offset, size));
    Internal::setResultTexts(message, texts);
    Internal::setFrameSize(message, frame.size());
    return parsed;
}

ParsedFrame parseWholeFrame(QByteArrayView frame)
{
    ParsedFrame parsed;
    QString error;
    switch (readRepairingUtf8(frame, parsed, &error, parseInto)) {
    case FrameRead::Read:
        if (!parsed.batch && parsed.messages.size() == 1)
            Internal::setFrameSize(parsed.messages.first(), frame.size());
        return parsed;
    case FrameRead::ReadRepaired:
        parsed.warnings.prepend(invalidUtf8Warning());
        if (!parsed.batch && parsed.messages.size() == 1)
            Internal::setFrameSize(parsed.messages.first(), frame.size());
        return parsed;
    case FrameRead::Failed:
        break;
    }
    parsed.diagnostics.append(notJson(error));
    MessageId id;
    if (scanReplyId(frame, &id))
        parsed.unreadableReplies.append(id);
    return parsed;
}

} // namespace

ParsedFrame parseFrame(QByteArrayView frame)
{
    if (std::optional<ParsedFrame> parsed = parseLeavingBigTexts(frame, nullptr))
        return std::move(*parsed);
    return parseWholeFrame(frame);
}

ParsedFrame parseSharedFrame(const QByteArray &frame)
{
    if (std::optional<ParsedFrame> parsed = parseLeavingBigTexts(frame, &frame))
        return std::move(*parsed);
    return parseWholeFrame(frame);
}

QJsonValue Json::Internal::resultOfWholeFrame(QByteArrayView frame)
{
    const ParsedFrame parsed = parseWholeFrame(frame);
    return parsed.messages.size() == 1 ? parsed.messages.first().result() : QJsonValue(QJsonObject());
}

QJsonValue Json::Internal::resultOfFrame(QByteArrayView frame)
{
    // Small frames without a backslash (most answers: an echo, a listing page) convert two to
    // three times faster through Qt's own parser, which fills the Qt containers directly, than
    // through simdjson plus one QJsonObject::insert() per member. Escapes send Qt's parser down
    // its slow path, and from a few KiB on simdjson wins anyway (measured: 400 bytes 2.1 against
    // 4.7 us, 1 KiB 3.7 against 5.6 us, 4 KiB 8.9 against 8.2 us; with escapes Qt loses at any size).
    if (frame.size() <= QtParserMaxSmallFrame && !std::memchr(frame.data(), '\\', size_t(frame.size()))
        && !holdsSchema(frame)) {
        QJsonParseError qtError;
        const QJsonDocument document
            = QJsonDocument::fromJson(QByteArray::fromRawData(frame.data(), frame.size()), &qtError);
        if (qtError.error == QJsonParseError::NoError && document.isObject())
            return document.object().value(QLatin1String("result"));
    }
    // A parser of its own: this may run while the shared one holds another document (a slot
    // that reads a result while frames are being parsed), and lazy frames are small.
    thread_local simdjson::dom::parser lazyParser;
    QJsonValue result = QJsonValue::Undefined;
    simdjson::dom::element root;
    if (frame.isEmpty() || lazyParser.parse(frame.data(), size_t(frame.size()), true).get(root) != simdjson::SUCCESS
        || !root.is_object())
        return result;
    const simdjson::dom::object object = root.get_object().value_unsafe();
    for (simdjson::dom::key_value_pair field : object) {
        if (field.key == "result")
            result = toQt(field.value); // of duplicate keys the last one counts
    }
    return result;
}

namespace {

void summarizeMessage(MessageSummary &summary, const Message &message)
{
    summary.valid = true;
    summary.kind = message.kind();
    summary.id = message.id();
    summary.method = message.method();
    if (message.isErrorResponse()) {
        summary.errorCode = message.error().code;
        summary.errorMessage = message.error().message;
    }
}

// A frame simdjson refused for a lone surrogate escape, read by Qt's parser (see parseInto()).
bool summarizeWithQt(QByteArrayView frame, MessageSummary &summary)
{
    QJsonParseError qtError;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromRawData(frame.data(), frame.size()), &qtError);
    if (qtError.error != QJsonParseError::NoError)
        return false;
    summary.batch = document.isArray();
    summary.count = summary.batch ? int(document.array().size()) : 1;
    if (summary.batch && summary.count == 0) {
        summary.diagnostic = Tr::tr("empty batch");
        return true;
    }
    const QJsonValue first = summary.batch ? document.array().first() : QJsonValue(document.object());
    Message message;
    QString diagnostic = Tr::tr("not a JSON object");
    if (first.isObject() && Message::fromJson(first.toObject(), &message, &diagnostic))
        summarizeMessage(summary, message);
    else
        summary.diagnostic = summary.batch ? batchElement(0, diagnostic) : diagnostic;
    return true;
}

bool summarizeInto(QByteArrayView frame, MessageSummary &summary, QString *error)
{
    const bool read = Json::Internal::withDocument(frame, error, [&summary](simdjson::dom::element root) {
        simdjson::dom::element first = root;
        if (root.is_array()) {
            summary.batch = true;
            const simdjson::dom::array array = root.get_array().value_unsafe();
            summary.count = int(array.size());
            if (summary.count == 0) {
                summary.diagnostic = Tr::tr("empty batch");
                return;
            }
            first = array.at(0).value_unsafe();
        } else {
            summary.count = 1;
        }
        Message message;
        QString diagnostic;
        if (!messageFrom(first, Payload::TypeOnly, &message, &diagnostic)) {
            summary.diagnostic = summary.batch ? batchElement(0, diagnostic) : diagnostic;
            return;
        }
        summarizeMessage(summary, message);
    });
    // Qt's parser also reads what simdjson refuses: a lone surrogate, an integer beyond 64 bits
    // (in valid UTF-8: invalid bytes are repaired, with a warning, by the caller).
    return read || (isValidUtf8(frame) && summarizeWithQt(frame, summary));
}

} // namespace

MessageSummary summarizeFrame(QByteArrayView frame)
{
    MessageSummary summary;
    QString error;
    switch (readRepairingUtf8(frame, summary, &error, summarizeInto)) {
    case FrameRead::Read:
        return summary;
    case FrameRead::ReadRepaired:
        summary.warning = invalidUtf8Warning();
        return summary;
    case FrameRead::Failed:
        break;
    }
    summary.diagnostic = notJson(error);
    return summary;
}


} // namespace Mcp
