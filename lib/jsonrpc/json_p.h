#pragma once

// Internal to lib/jsonrpc: the simdjson side of json.cpp, shared with the frame parser (and
// with lib/config's mcp.json reader, which links simdjson itself).

#include <QByteArrayView>
#include <QList>
#include <QJsonValue>
#include <QString>

#include <simdjson.h>

#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace Mcp::Json::Internal {

QJsonValue toQt(simdjson::dom::element element);
// An object, each member's value converted by convert (toQt() when null); objects of up to 16
// members are built from a shape kept per thread for their key list (see json.cpp).
using MemberConverter = QJsonValue (*)(std::string_view key, simdjson::dom::element value);
QJsonObject objectToQt(simdjson::dom::object object, MemberConverter convert = nullptr);
QString toQString(std::string_view s);
QString describe(simdjson::error_code code);
// The "result" member of a frame that holds one message object, converted; Undefined if absent.
QJsonValue resultOfFrame(QByteArrayView frame);
// The "result" of a response frame whose big texts were left in it (Message::resultWithTexts()),
// read whole as any other frame is: the same values, at the same cost, as before they were left.
QJsonValue resultOfWholeFrame(QByteArrayView frame);
// A parser suited to a document of this size; big ones are owned by owner.
simdjson::dom::parser *parserFor(size_t size, std::unique_ptr<simdjson::dom::parser> &owner);

// The most recent few entries of a memo (remembered texts, converted _meta objects): a hit
// moves to the front, and a new entry pushes out the oldest beyond Capacity.
template<typename Entry, qsizetype Capacity>
class RecentEntries
{
public:
    template<typename Matches>
    const Entry *find(Matches matches)
    {
        for (qsizetype i = 0; i < m_entries.size(); ++i) {
            if (matches(m_entries.at(i))) {
                if (i > 0)
                    m_entries.move(i, 0);
                return &m_entries.first();
            }
        }
        return nullptr;
    }
    // Returns the entry added, now the most recent.
    const Entry &add(Entry entry)
    {
        m_entries.prepend(std::move(entry));
        if (m_entries.size() > Capacity)
            m_entries.removeLast();
        return m_entries.first();
    }

private:
    QList<Entry> m_entries;
};

// The key by which a memo recognises a value it converted before (the frame parser's _meta and
// result heads, objectToQt()'s shapes by their key lists): its type, sizes and raw contents,
// length-prefixed (so no two values share one), written far faster than its JSON
// (simdjson::to_string() escapes every string and formats every number). One walk both
// writes a key (MemoKeyWriter) and checks a value against a key kept (MemoKeyReader, which
// stops at the first difference): a repeat costs a comparison, not a new key.
struct MemoKeyWriter
{
    std::string &key;
    bool bytes(const void *data, size_t size)
    {
        key.append(static_cast<const char *>(data), size);
        return true;
    }
};

struct MemoKeyReader
{
    std::string_view rest;
    bool bytes(const void *data, size_t size)
    {
        if (rest.size() < size || std::memcmp(rest.data(), data, size) != 0)
            return false;
        rest.remove_prefix(size);
        return true;
    }
};

template<typename Sink, typename Raw>
bool memoRaw(Sink &sink, const Raw &raw)
{
    return sink.bytes(&raw, sizeof raw);
}

template<typename Sink>
bool memoText(Sink &sink, std::string_view text)
{
    return memoRaw(sink, text.size()) && sink.bytes(text.data(), text.size());
}

template<typename Sink>
bool memoKey(Sink &sink, simdjson::dom::element value)
{
    using Type = simdjson::dom::element_type;
    auto tag = [&sink](char c) { return sink.bytes(&c, 1); };
    switch (value.type()) {
    case Type::OBJECT: {
        const simdjson::dom::object members = value.get_object().value_unsafe(); // named: see messageFrom()
        if (!tag('{') || !memoRaw(sink, members.size()))
            return false;
        for (simdjson::dom::key_value_pair member : members) {
            if (!memoText(sink, member.key) || !memoKey(sink, member.value))
                return false;
        }
        return true;
    }
    case Type::ARRAY: {
        const simdjson::dom::array items = value.get_array().value_unsafe();
        if (!tag('[') || !memoRaw(sink, items.size()))
            return false;
        for (simdjson::dom::element item : items) {
            if (!memoKey(sink, item))
                return false;
        }
        return true;
    }
    case Type::STRING: return tag('"') && memoText(sink, value.get_string().value_unsafe());
    case Type::INT64: return tag('i') && memoRaw(sink, value.get_int64().value_unsafe());
    case Type::UINT64: return tag('u') && memoRaw(sink, value.get_uint64().value_unsafe());
    case Type::DOUBLE: return tag('d') && memoRaw(sink, value.get_double().value_unsafe());
    case Type::BOOL: return tag(value.get_bool().value_unsafe() ? 't' : 'f');
    case Type::NULL_VALUE: return tag('n');
    }
    return false;
}

// Whether text has a \uD800-\uDFFF escape: simdjson refuses one that is not half of a pair.
bool hasSurrogateEscape(QByteArrayView text);

// Parses text and calls use(root) while the parsed document is alive.
// Returns false (with *error) when the text is not JSON.
template<typename Use>
bool withDocument(QByteArrayView text, QString *error, Use &&use)
{
    if (text.isEmpty()) {
        if (error)
            *error = describe(simdjson::EMPTY);
        return false;
    }
    std::unique_ptr<simdjson::dom::parser> owner;
    simdjson::dom::parser *parser = parserFor(size_t(text.size()), owner);
    // realloc_if_needed: simdjson reads up to SIMDJSON_PADDING bytes past the end, which a
    // view does not promise to have; the copy costs far less than the parse.
    simdjson::dom::element root;
    const simdjson::error_code code = parser->parse(text.data(), size_t(text.size()), true).get(root);
    if (code != simdjson::SUCCESS) {
        if (error)
            *error = describe(code);
        return false;
    }
    use(root);
    return true;
}

} // namespace Mcp::Json::Internal
