#include "types.h"
#include "clienttypes.h"

#include "keys.h"

#include <array>
#include <tuple>

namespace Mcp {

namespace {

// Diagnostics name JSON members and types as the schema does; they are not translated.
QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

// Reads members of one object, reporting each missing required member and each wrong type.
class Reader
{
public:
    Reader(const QJsonObject &object, QStringList *problems, const QString &prefix = {})
        : m_object(object), m_problems(problems), m_prefix(prefix)
    {
    }

    // A reader of the object member `key`, whose problems read "key.member: ...".
    Reader child(QLatin1StringView key, bool required = false) const
    {
        return Reader(object(key, required), m_problems, m_prefix + key + QLatin1Char('.'));
    }

    QString string(QLatin1StringView key, bool required = false) const
    {
        const QJsonValue value = member(key, QJsonValue::String, required);
        return value.toString();
    }
    std::optional<bool> boolean(QLatin1StringView key) const
    {
        const QJsonValue value = member(key, QJsonValue::Bool, false);
        return value.isBool() ? std::optional<bool>(value.toBool()) : std::nullopt;
    }
    std::optional<double> number(QLatin1StringView key) const
    {
        const QJsonValue value = member(key, QJsonValue::Double, false);
        return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
    }
    QJsonObject object(QLatin1StringView key, bool required = false) const
    {
        return member(key, QJsonValue::Object, required).toObject();
    }
    QJsonArray array(QLatin1StringView key, bool required = false) const
    {
        return member(key, QJsonValue::Array, required).toArray();
    }
    // Any JSON value, as sent; only a missing one is reported.
    QJsonValue value(QLatin1StringView key, bool required = false) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() && required)
            report(QStringLiteral("%1: missing").arg(key));
        return value;
    }
    bool contains(QLatin1StringView key) const { return m_object.contains(key); }
    QStringList strings(QLatin1StringView key, bool required = false) const
    {
        QStringList result;
        const QJsonArray items = array(key, required);
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (items.at(i).isString())
                result.append(items.at(i).toString());
            else
                report(QStringLiteral("%1[%2]: expected a string, found %3").arg(key).arg(i).arg(jsonTypeName(items.at(i))));
        }
        return result;
    }
    // Each element through T::fromJson; problems come back prefixed with "key[i].".
    template<typename T>
    QList<T> list(QLatin1StringView key, bool required = false) const
    {
        QList<T> result;
        const QJsonArray items = array(key, required);
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QString where = QStringLiteral("%1[%2]").arg(key).arg(i);
            if (!items.at(i).isObject())
                report(QStringLiteral("%1: expected an object, found %2").arg(where, jsonTypeName(items.at(i))));
            result.append(nested<T>(where, items.at(i).toObject()));
        }
        return result;
    }
    template<typename T>
    T nested(const QString &where, const QJsonObject &object) const
    {
        QStringList inner;
        T value = T::fromJson(object, m_problems ? &inner : nullptr);
        for (const QString &problem : std::as_const(inner))
            report(where + QLatin1Char('.') + problem);
        return value;
    }
    template<typename T>
    T nested(QLatin1StringView key, bool required = false) const
    {
        return nested<T>(QString(key), object(key, required));
    }
    void report(const QString &problem) const
    {
        if (m_problems)
            m_problems->append(m_prefix + problem);
    }

private:
    QJsonValue member(QLatin1StringView key, QJsonValue::Type type, bool required) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            if (required)
                report(QStringLiteral("%1: missing").arg(key));
            return value;
        }
        if (value.type() != type) {
            report(QStringLiteral("%1: expected %2, found %3").arg(key, jsonTypeName(QJsonValue(type)), jsonTypeName(value)));
            return QJsonValue::Undefined;
        }
        return value;
    }

    QJsonObject m_object;
    QStringList *m_problems;
    QString m_prefix;
};

// Writes a string member over what was sent; an empty value removes only a string that was
// cleared, so members the server sent empty or with another type stay as they were.
void putString(QJsonObject &object, QLatin1StringView key, const QString &value)
{
    if (!value.isEmpty())
        object.insert(key, value);
    else if (!object.value(key).toString().isEmpty())
        object.remove(key);
}

void putBool(QJsonObject &object, QLatin1StringView key, std::optional<bool> value)
{
    if (value)
        object.insert(key, *value);
}

template<typename T>
void putList(QJsonObject &object, QLatin1StringView key, const QList<T> &items)
{
    if (items.isEmpty() && !object.contains(key))
        return;
    QJsonArray array;
    for (const T &item : items)
        array.append(item.toJson());
    object.insert(key, array);
}

// ---- Members --------------------------------------------------------------------------
// Most types are a list of members, each read and written by its C++ type: the list is written
// once per type (a tuple of Member) and serves both fromJson and toJson.

// One member of a type's JSON object: its key, where it lives in the struct, and whether the
// schema requires it (a missing one is reported).
template<typename T, typename Value>
struct Member
{
    QLatin1StringView key;
    Value T::*field;
    bool required;
};

template<typename T, typename Value>
constexpr Member<T, Value> member(QLatin1StringView key, Value T::*field)
{
    return {key, field, false};
}

template<typename T, typename Value>
constexpr Member<T, Value> required(QLatin1StringView key, Value T::*field)
{
    return {key, field, true};
}

// Reading a member of each C++ type: the Reader checks its JSON type.
void readMember(const Reader &read, QLatin1StringView key, bool required, QString &out)
{
    out = read.string(key, required);
}
void readMember(const Reader &read, QLatin1StringView key, bool, bool &out)
{
    out = read.boolean(key).value_or(false);
}
void readMember(const Reader &read, QLatin1StringView key, bool, std::optional<bool> &out)
{
    out = read.boolean(key);
}
void readMember(const Reader &read, QLatin1StringView key, bool, std::optional<double> &out)
{
    out = read.number(key);
}
void readMember(const Reader &read, QLatin1StringView key, bool, std::optional<int> &out)
{
    if (const auto number = read.number(key))
        out = int(*number);
}
void readMember(const Reader &read, QLatin1StringView key, bool, std::optional<qint64> &out)
{
    if (const auto number = read.number(key))
        out = qint64(*number);
}
void readMember(const Reader &read, QLatin1StringView key, bool, std::optional<QString> &out)
{
    if (read.contains(key))
        out = read.string(key);
}
void readMember(const Reader &read, QLatin1StringView key, bool required, QStringList &out)
{
    out = read.strings(key, required);
}
void readMember(const Reader &read, QLatin1StringView key, bool required, QJsonObject &out)
{
    out = read.object(key, required);
}
void readMember(const Reader &read, QLatin1StringView key, bool required, QJsonValue &out)
{
    out = read.value(key, required);
}
template<typename T>
void readMember(const Reader &read, QLatin1StringView key, bool required, QList<T> &out)
{
    out = read.list<T>(key, required);
}
template<typename T>
void readMember(const Reader &read, QLatin1StringView key, bool required, T &out)
{
    out = read.nested<T>(key, required);
}

// Writing a member over what was sent: what is unset, empty or false is left out, unless the
// sender had it (see putString).
void writeMember(QJsonObject &object, QLatin1StringView key, const QString &value)
{
    putString(object, key, value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, bool value)
{
    if (value || object.contains(key))
        object.insert(key, value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, std::optional<bool> value)
{
    putBool(object, key, value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, std::optional<double> value)
{
    if (value)
        object.insert(key, *value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, std::optional<int> value)
{
    if (value)
        object.insert(key, *value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, std::optional<qint64> value)
{
    if (value)
        object.insert(key, double(*value));
}
void writeMember(QJsonObject &object, QLatin1StringView key, const std::optional<QString> &value)
{
    if (value)
        object.insert(key, *value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, const QStringList &values)
{
    if (!values.isEmpty())
        object.insert(key, QJsonArray::fromStringList(values));
}
void writeMember(QJsonObject &object, QLatin1StringView key, const QJsonObject &value)
{
    if (!value.isEmpty())
        object.insert(key, value);
}
void writeMember(QJsonObject &object, QLatin1StringView key, const QJsonValue &value)
{
    if (!value.isUndefined())
        object.insert(key, value);
}
template<typename T>
void writeMember(QJsonObject &object, QLatin1StringView key, const QList<T> &items)
{
    putList(object, key, items);
}
template<typename T>
void writeMember(QJsonObject &object, QLatin1StringView key, const T &value)
{
    object.insert(key, value.toJson());
}

template<typename T, typename Members>
void readMembers(const Reader &read, T &value, const Members &members)
{
    std::apply([&](const auto &...m) { (readMember(read, m.key, m.required, value.*m.field), ...); }, members);
}

template<typename T, typename Members>
void writeMembers(QJsonObject &object, const T &value, const Members &members)
{
    std::apply([&](const auto &...m) { (writeMember(object, m.key, value.*m.field), ...); }, members);
}

// fromJson and toJson of a type that is its members and the object as sent (json).
template<typename T, typename Members>
T fromMembers(const QJsonObject &object, QStringList *problems, const Members &members)
{
    const Reader read(object, problems);
    T value;
    readMembers(read, value, members);
    value.json = object;
    return value;
}

template<typename T, typename Members>
QJsonObject toMembers(const T &value, const Members &members)
{
    QJsonObject object = value.json;
    writeMembers(object, value, members);
    return object;
}

// toJson and fromJson of a type that is exactly its member table and the object as sent.
#define MCP_JSON_THROUGH_MEMBERS(Type, members)                                                  \
    QJsonObject Type::toJson() const { return toMembers(*this, members); }                     \
    Type Type::fromJson(const QJsonObject &object, QStringList *problems)                      \
    {                                                                                          \
        return fromMembers<Type>(object, problems, members);                                   \
    }

QString displayNameOf(const QString &title, const QString &annotationsTitle, const QString &name)
{
    if (!title.isEmpty())
        return title;
    return annotationsTitle.isEmpty() ? name : annotationsTitle;
}

// The ListedItem members, read and written the same way for every kind of item.
constexpr auto listedItemMembers = std::make_tuple(required(Key::Name, &ListedItem::name),
                                                   member(Key::Title, &ListedItem::title),
                                                   member(Key::Description, &ListedItem::description),
                                                   member(Key::Icons, &ListedItem::icons));

void readListedItem(const Reader &read, const QJsonObject &object, ListedItem &item)
{
    readMembers(read, item, listedItemMembers);
    item.json = object;
}

QJsonObject listedItemJson(const ListedItem &item)
{
    return toMembers(item, listedItemMembers);
}

} // namespace

QString ListedItem::displayName() const { return displayNameOf(title, {}, name); }

QString displayName(const QJsonObject &item)
{
    return displayNameOf(item.value(Key::Title).toString(),
                         item.value(Key::Annotations).toObject().value(Key::Title).toString(),
                         item.value(Key::Name).toString());
}

// ---- Implementation -------------------------------------------------------------------

QJsonObject Implementation::toJson() const
{
    QJsonObject object = extra;
    object.insert(Key::Name, name);
    object.insert(Key::Version, version);
    if (!title.isEmpty())
        object.insert(Key::Title, title);
    return object;
}

Implementation Implementation::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Implementation info;
    info.name = read.string(Key::Name, true);
    info.version = read.string(Key::Version, true);
    info.title = read.string(Key::Title);
    info.extra = object;
    info.extra.remove(Key::Name);
    info.extra.remove(Key::Version);
    info.extra.remove(Key::Title);
    return info;
}

// ---- Icon -----------------------------------------------------------------------------

namespace {
constexpr auto iconMembers = std::make_tuple(required(Key::Src, &Icon::src), member(Key::MimeType, &Icon::mimeType),
                                             member(Key::Sizes, &Icon::sizes), member(Key::Theme, &Icon::theme));
}

MCP_JSON_THROUGH_MEMBERS(Icon, iconMembers)

// ---- Tool -----------------------------------------------------------------------------

namespace {
constexpr auto toolAnnotationsMembers = std::make_tuple(member(Key::Title, &ToolAnnotations::title),
                                                        member(Key::ReadOnlyHint, &ToolAnnotations::readOnlyHint),
                                                        member(Key::DestructiveHint, &ToolAnnotations::destructiveHint),
                                                        member(Key::IdempotentHint, &ToolAnnotations::idempotentHint),
                                                        member(Key::OpenWorldHint, &ToolAnnotations::openWorldHint));
}

MCP_JSON_THROUGH_MEMBERS(ToolAnnotations, toolAnnotationsMembers)

QString Tool::displayName() const { return displayNameOf(title, annotations.title, name); }

QJsonObject Tool::toJson() const
{
    QJsonObject object = listedItemJson(*this);
    object.insert(Key::InputSchema, inputSchema);
    if (outputSchema)
        object.insert(Key::OutputSchema, *outputSchema);
    const QJsonObject annotationsJson = annotations.toJson();
    if (!annotationsJson.isEmpty())
        object.insert(Key::Annotations, annotationsJson);
    if (taskSupport != QLatin1String("forbidden") || object.contains(Key::Execution)) {
        QJsonObject execution = object.value(Key::Execution).toObject();
        execution.insert(Key::TaskSupport, taskSupport);
        object.insert(Key::Execution, execution);
    }
    return object;
}

Tool Tool::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Tool tool;
    readListedItem(read, object, tool);
    tool.inputSchema = read.object(Key::InputSchema, true);
    if (object.value(Key::OutputSchema).isObject())
        tool.outputSchema = object.value(Key::OutputSchema).toObject();
    else
        read.object(Key::OutputSchema); // reports a wrong type
    tool.annotations = read.nested<ToolAnnotations>(Key::Annotations);
    tool.taskSupport = read.child(Key::Execution).string(Key::TaskSupport);
    if (tool.taskSupport.isEmpty())
        tool.taskSupport = QStringLiteral("forbidden");
    return tool;
}

// ---- Resources ------------------------------------------------------------------------

namespace {
// The uri first: a problem with it is reported before the listed item's.
constexpr auto resourceMembers = std::tuple_cat(std::make_tuple(required(Key::Uri, &Resource::uri)), listedItemMembers,
                                                std::make_tuple(member(Key::MimeType, &Resource::mimeType),
                                                                member(Key::Size, &Resource::size),
                                                                member(Key::Annotations, &Resource::annotations)));
constexpr auto resourceTemplateMembers = std::tuple_cat(
    std::make_tuple(required(Key::UriTemplate, &ResourceTemplate::uriTemplate)), listedItemMembers,
    std::make_tuple(member(Key::MimeType, &ResourceTemplate::mimeType)));
constexpr auto resourceContentMembers = std::make_tuple(
    required(Key::Uri, &ResourceContent::uri), member(Key::MimeType, &ResourceContent::mimeType),
    member(Key::Text, &ResourceContent::text), member(Key::Blob, &ResourceContent::blob));
}

MCP_JSON_THROUGH_MEMBERS(Resource, resourceMembers)

MCP_JSON_THROUGH_MEMBERS(ResourceTemplate, resourceTemplateMembers)

QJsonObject ResourceContent::toJson() const { return toMembers(*this, resourceContentMembers); }

ResourceContent ResourceContent::fromJson(const QJsonObject &object, QStringList *problems)
{
    ResourceContent contents = fromMembers<ResourceContent>(object, problems, resourceContentMembers);
    if (!contents.text && !contents.blob && problems)
        problems->append(QStringLiteral("text or blob: missing"));
    return contents;
}

// ---- Prompts --------------------------------------------------------------------------

QString PromptArgument::displayName() const { return displayNameOf(title, {}, name); }

namespace {
constexpr auto promptArgumentMembers = std::make_tuple(
    required(Key::Name, &PromptArgument::name), member(Key::Title, &PromptArgument::title),
    member(Key::Description, &PromptArgument::description), member(Key::Required, &PromptArgument::required));
constexpr auto promptMembers = std::tuple_cat(listedItemMembers, std::make_tuple(member(Key::Arguments, &Prompt::arguments)));
}

MCP_JSON_THROUGH_MEMBERS(PromptArgument, promptArgumentMembers)

MCP_JSON_THROUGH_MEMBERS(Prompt, promptMembers)

// ---- Capabilities ---------------------------------------------------------------------

bool Capabilities::listChanged(QLatin1StringView capabilityName) const
{
    return capability(capabilityName).value(Key::ListChanged).toBool();
}

bool Capabilities::resourcesSubscribe() const
{
    return capability(Key::Resources).value(Key::Subscribe).toBool();
}

Capabilities Capabilities::fromJson(const QJsonObject &object, QStringList *problems)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isObject() && problems)
            problems->append(QStringLiteral("%1: expected an object, found %2").arg(it.key(), jsonTypeName(it.value())));
    }
    return {object};
}

// ---- Content --------------------------------------------------------------------------

namespace {
struct ContentTypeName
{
    ContentBlock::Type type;
    QLatin1StringView name;
};
constexpr std::array<ContentTypeName, 5> contentTypeNames{{
    {ContentBlock::Type::Text, QLatin1StringView("text")},
    {ContentBlock::Type::Image, QLatin1StringView("image")},
    {ContentBlock::Type::Audio, QLatin1StringView("audio")},
    {ContentBlock::Type::ResourceLink, QLatin1StringView("resource_link")},
    {ContentBlock::Type::EmbeddedResource, QLatin1StringView("resource")},
}};
} // namespace

QJsonObject ContentBlock::toJson() const
{
    QJsonObject object = type == Type::ResourceLink ? link.toJson() : json;
    putString(object, Key::Type, typeName);
    switch (type) {
    case Type::Text:
        object.insert(Key::Text, text);
        break;
    case Type::Image:
    case Type::Audio:
        object.insert(Key::Data, data);
        object.insert(Key::MimeType, mimeType);
        break;
    case Type::EmbeddedResource:
        object.insert(Key::Resource, resource.toJson());
        break;
    case Type::ResourceLink:
    case Type::Unknown:
        break;
    }
    if (!annotations.isEmpty())
        object.insert(Key::Annotations, annotations);
    return object;
}

ContentBlock ContentBlock::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ContentBlock block;
    block.typeName = read.string(Key::Type, true);
    for (const ContentTypeName &known : contentTypeNames) {
        if (block.typeName == known.name)
            block.type = known.type;
    }
    switch (block.type) {
    case Type::Text:
        block.text = read.string(Key::Text, true);
        break;
    case Type::Image:
    case Type::Audio:
        block.data = read.string(Key::Data, true);
        block.mimeType = read.string(Key::MimeType, true);
        break;
    case Type::ResourceLink:
        block.link = Resource::fromJson(object, problems);
        break;
    case Type::EmbeddedResource:
        block.resource = read.nested<ResourceContent>(Key::Resource, true);
        break;
    case Type::Unknown:
        if (!block.typeName.isEmpty())
            read.report(QStringLiteral("type: unknown content type \"%1\"").arg(block.typeName));
        break;
    }
    block.annotations = read.object(Key::Annotations);
    block.json = object;
    return block;
}

namespace {
constexpr auto callToolResultMembers = std::make_tuple(required(Key::Content, &CallToolResult::content),
                                                       member(Key::StructuredContent, &CallToolResult::structuredContent),
                                                       member(Key::IsError, &CallToolResult::isError));
constexpr auto readResourceResultMembers = std::make_tuple(required(Key::Contents, &ReadResourceResult::contents));
constexpr auto promptMessageMembers = std::make_tuple(required(Key::Role, &PromptMessage::role),
                                                      required(Key::Content, &PromptMessage::content));
constexpr auto getPromptResultMembers = std::make_tuple(member(Key::Description, &GetPromptResult::description),
                                                        required(Key::Messages, &GetPromptResult::messages));
}

MCP_JSON_THROUGH_MEMBERS(CallToolResult, callToolResultMembers)

MCP_JSON_THROUGH_MEMBERS(ReadResourceResult, readResourceResultMembers)

MCP_JSON_THROUGH_MEMBERS(PromptMessage, promptMessageMembers)

MCP_JSON_THROUGH_MEMBERS(GetPromptResult, getPromptResultMembers)

QJsonObject CompleteResult::toJson() const
{
    QJsonObject object = json;
    QJsonObject completion = object.value(Key::Completion).toObject();
    completion.insert(Key::Values, QJsonArray::fromStringList(values));
    if (total)
        completion.insert(Key::Total, *total);
    if (hasMore || completion.contains(Key::HasMore))
        completion.insert(Key::HasMore, hasMore);
    object.insert(Key::Completion, completion);
    return object;
}

CompleteResult CompleteResult::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    CompleteResult result;
    if (object.contains(Key::Completion)) {
        const Reader completion = read.child(Key::Completion);
        result.values = completion.strings(Key::Values, true);
        if (const auto total = completion.number(Key::Total))
            result.total = int(*total);
        result.hasMore = completion.boolean(Key::HasMore).value_or(false);
    } else {
        read.report(QStringLiteral("completion: missing"));
    }
    result.json = object;
    return result;
}

// ---- Tasks ----------------------------------------------------------------------------

bool Task::isTerminal() const
{
    return status == TaskStatusValue::Completed || status == TaskStatusValue::Failed
        || status == TaskStatusValue::Cancelled;
}

namespace {
// Then ttl, which may be null (unlimited), and pollInterval.
constexpr auto taskMembers = std::make_tuple(required(Key::TaskId, &Task::taskId), required(Key::Status, &Task::status),
                                             member(Key::StatusMessage, &Task::statusMessage),
                                             member(Key::CreatedAt, &Task::createdAt),
                                             member(Key::LastUpdatedAt, &Task::lastUpdatedAt));
}

QJsonObject Task::toJson() const
{
    QJsonObject object = toMembers(*this, taskMembers);
    writeMember(object, Key::Ttl, ttl);
    writeMember(object, Key::PollInterval, pollInterval);
    return object;
}

Task Task::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Task task;
    readMembers(read, task, taskMembers);
    if (!object.value(Key::Ttl).isNull()) // null: unlimited
        readMember(read, Key::Ttl, false, task.ttl);
    readMember(read, Key::PollInterval, false, task.pollInterval);
    task.json = object;
    return task;
}

// ---- Logging --------------------------------------------------------------------------

namespace {
constexpr std::array<QLatin1StringView, 8> loggingLevels{
    QLatin1StringView("debug"), QLatin1StringView("info"), QLatin1StringView("notice"),
    QLatin1StringView("warning"), QLatin1StringView("error"), QLatin1StringView("critical"),
    QLatin1StringView("alert"), QLatin1StringView("emergency"),
};
} // namespace

QString loggingLevelName(LoggingLevel level) { return loggingLevels.at(size_t(level)); }

std::optional<LoggingLevel> loggingLevelFromName(QStringView name)
{
    for (size_t i = 0; i < loggingLevels.size(); ++i) {
        if (name == loggingLevels[i])
            return LoggingLevel(i);
    }
    return std::nullopt;
}

QStringList loggingLevelNames()
{
    QStringList names;
    for (QLatin1StringView name : loggingLevels)
        names.append(name);
    return names;
}

} // namespace Mcp

// ---- What a server sends its client (clienttypes.h) ----------------------------------

namespace Mcp {

namespace {
constexpr QLatin1StringView CostPriority("costPriority");
constexpr QLatin1StringView SpeedPriority("speedPriority");
constexpr QLatin1StringView IntelligencePriority("intelligencePriority");
// After the hints, which are written as sent while their names are unchanged.
constexpr auto modelPreferencesMembers = std::make_tuple(member(CostPriority, &ModelPreferences::costPriority),
                                                         member(SpeedPriority, &ModelPreferences::speedPriority),
                                                         member(IntelligencePriority, &ModelPreferences::intelligencePriority));
} // namespace

QJsonObject ModelPreferences::toJson() const
{
    QJsonObject object = json;
    // The hints as sent while their names are unchanged (a hint may carry more than its name).
    if ((!hints.isEmpty() || object.contains(Key::Hints)) && fromJson(json).hints != hints) {
        QJsonArray array;
        for (const QString &hint : hints)
            array.append(QJsonObject{{Key::Name, hint}});
        object.insert(Key::Hints, array);
    }
    writeMembers(object, *this, modelPreferencesMembers);
    return object;
}

ModelPreferences ModelPreferences::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ModelPreferences preferences;
    for (const QJsonValue &hint : read.array(Key::Hints))
        preferences.hints.append(hint.toObject().value(Key::Name).toString());
    readMembers(read, preferences, modelPreferencesMembers);
    preferences.json = object;
    return preferences;
}

QJsonObject CreateMessageParams::toJson() const
{
    QJsonObject object = json;
    object.insert(Key::Messages, messages);
    if (modelPreferences)
        object.insert(Key::ModelPreferences, modelPreferences->toJson());
    putString(object, Key::SystemPrompt, systemPrompt);
    putString(object, Key::IncludeContext, includeContext);
    writeMember(object, Key::Temperature, temperature);
    writeMember(object, Key::MaxTokens, maxTokens);
    if (stopSequences)
        object.insert(Key::StopSequences, QJsonArray::fromStringList(*stopSequences));
    if (metadata)
        object.insert(Key::Metadata, *metadata);
    putList(object, Key::Tools, tools);
    if (toolChoice)
        object.insert(Key::ToolChoice, *toolChoice);
    return object;
}

CreateMessageParams CreateMessageParams::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    CreateMessageParams params;
    params.messages = read.array(Key::Messages, true);
    if (object.contains(Key::ModelPreferences))
        params.modelPreferences = read.nested<ModelPreferences>(Key::ModelPreferences);
    params.systemPrompt = read.string(Key::SystemPrompt);
    params.includeContext = read.string(Key::IncludeContext);
    params.temperature = read.number(Key::Temperature);
    if (const auto maxTokens = read.number(Key::MaxTokens))
        params.maxTokens = int(*maxTokens);
    else if (!object.contains(Key::MaxTokens))
        read.report(QStringLiteral("maxTokens: missing"));
    if (object.contains(Key::StopSequences))
        params.stopSequences = read.strings(Key::StopSequences);
    if (object.value(Key::Metadata).isObject())
        params.metadata = object.value(Key::Metadata).toObject();
    else
        read.object(Key::Metadata); // reports a wrong type
    params.tools = read.list<Tool>(Key::Tools);
    if (object.value(Key::ToolChoice).isObject())
        params.toolChoice = object.value(Key::ToolChoice).toObject();
    else
        read.object(Key::ToolChoice);
    params.json = object;
    return params;
}

bool ElicitRequestParams::isUrlMode() const { return mode == Key::Url; }

// Written by the table; read by hand, since what is required depends on the mode.
namespace {
constexpr auto elicitRequestMembers = std::make_tuple(
    member(Key::Mode, &ElicitRequestParams::mode), member(Key::Message, &ElicitRequestParams::message),
    member(Key::RequestedSchema, &ElicitRequestParams::requestedSchema), member(Key::Url, &ElicitRequestParams::url),
    member(Key::ElicitationId, &ElicitRequestParams::elicitationId));
}

QJsonObject ElicitRequestParams::toJson() const { return toMembers(*this, elicitRequestMembers); }

ElicitRequestParams ElicitRequestParams::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ElicitRequestParams params;
    params.mode = read.string(Key::Mode);
    params.message = read.string(Key::Message, true);
    const bool urlMode = params.isUrlMode();
    read.object(Key::RequestedSchema, !urlMode); // reports a missing or wrong schema
    params.requestedSchema = object.value(Key::RequestedSchema);
    params.url = read.string(Key::Url, urlMode);
    params.elicitationId = read.string(Key::ElicitationId, urlMode);
    params.json = object;
    return params;
}

namespace {
constexpr auto rootMembers = std::make_tuple(required(Key::Uri, &Root::uri), member(Key::Name, &Root::name));
}

MCP_JSON_THROUGH_MEMBERS(Root, rootMembers)

QJsonObject ListRootsResult::toJson() const
{
    QJsonObject object = json;
    object.insert(Key::Roots, rootsToJson(roots));
    return object;
}

ListRootsResult ListRootsResult::fromJson(const QJsonObject &object, QStringList *problems)
{
    // Written with its roots always, even none (toJson); read as any list.
    return fromMembers<ListRootsResult>(object, problems, std::make_tuple(required(Key::Roots, &ListRootsResult::roots)));
}

QList<Root> ListRootsResult::rootsFromJson(const QJsonArray &array, QStringList *problems)
{
    return fromJson(QJsonObject{{Key::Roots, array}}, problems).roots;
}

QJsonArray ListRootsResult::rootsToJson(const QList<Root> &roots)
{
    QJsonArray array;
    for (const Root &root : roots)
        array.append(root.toJson());
    return array;
}

QJsonObject LogMessage::toJson() const
{
    QJsonObject object = json;
    if (level)
        object.insert(Key::Level, loggingLevelName(*level));
    writeMember(object, Key::Logger, logger);
    writeMember(object, Key::Data, data);
    return object;
}

LogMessage LogMessage::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    LogMessage message;
    const QString level = read.string(Key::Level, true);
    message.level = loggingLevelFromName(level);
    if (!message.level && object.value(Key::Level).isString())
        read.report(QStringLiteral("level: \"%1\" is not a logging level").arg(level));
    message.logger = read.string(Key::Logger);
    message.data = object.value(Key::Data);
    if (message.data.isUndefined())
        read.report(QStringLiteral("data: missing"));
    message.json = object;
    return message;
}

} // namespace Mcp
