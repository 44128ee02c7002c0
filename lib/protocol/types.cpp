#include "types.h"
#include "clienttypes.h"

#include "keys.h"

#include <array>

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

QString displayNameOf(const QString &title, const QString &annotationsTitle, const QString &name)
{
    if (!title.isEmpty())
        return title;
    return annotationsTitle.isEmpty() ? name : annotationsTitle;
}

// The ListedItem members, read and written the same way for every kind of item.
void readListedItem(const Reader &read, const QJsonObject &object, ListedItem &item)
{
    item.name = read.string(Key::Name, true);
    item.title = read.string(Key::Title);
    item.description = read.string(Key::Description);
    item.icons = read.list<Icon>(Key::Icons);
    item.json = object;
}

QJsonObject listedItemJson(const ListedItem &item)
{
    QJsonObject object = item.json;
    putString(object, Key::Name, item.name);
    putString(object, Key::Title, item.title);
    putString(object, Key::Description, item.description);
    putList(object, Key::Icons, item.icons);
    return object;
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

QJsonObject Icon::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Src, src);
    putString(object, Key::MimeType, mimeType);
    if (!sizes.isEmpty())
        object.insert(Key::Sizes, QJsonArray::fromStringList(sizes));
    putString(object, Key::Theme, theme);
    return object;
}

Icon Icon::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Icon icon;
    icon.src = read.string(Key::Src, true);
    icon.mimeType = read.string(Key::MimeType);
    icon.sizes = read.strings(Key::Sizes);
    icon.theme = read.string(Key::Theme);
    icon.json = object;
    return icon;
}

// ---- Tool -----------------------------------------------------------------------------

QJsonObject ToolAnnotations::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Title, title);
    putBool(object, Key::ReadOnlyHint, readOnlyHint);
    putBool(object, Key::DestructiveHint, destructiveHint);
    putBool(object, Key::IdempotentHint, idempotentHint);
    putBool(object, Key::OpenWorldHint, openWorldHint);
    return object;
}

ToolAnnotations ToolAnnotations::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ToolAnnotations annotations;
    annotations.title = read.string(Key::Title);
    annotations.readOnlyHint = read.boolean(Key::ReadOnlyHint);
    annotations.destructiveHint = read.boolean(Key::DestructiveHint);
    annotations.idempotentHint = read.boolean(Key::IdempotentHint);
    annotations.openWorldHint = read.boolean(Key::OpenWorldHint);
    annotations.json = object;
    return annotations;
}

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

QJsonObject Resource::toJson() const
{
    QJsonObject object = listedItemJson(*this);
    putString(object, Key::Uri, uri);
    putString(object, Key::MimeType, mimeType);
    if (size)
        object.insert(Key::Size, double(*size));
    if (!annotations.isEmpty())
        object.insert(Key::Annotations, annotations);
    return object;
}

Resource Resource::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Resource resource;
    resource.uri = read.string(Key::Uri, true);
    readListedItem(read, object, resource);
    resource.mimeType = read.string(Key::MimeType);
    if (const auto size = read.number(Key::Size))
        resource.size = qint64(*size);
    resource.annotations = read.object(Key::Annotations);
    return resource;
}

QJsonObject ResourceTemplate::toJson() const
{
    QJsonObject object = listedItemJson(*this);
    putString(object, Key::UriTemplate, uriTemplate);
    putString(object, Key::MimeType, mimeType);
    return object;
}

ResourceTemplate ResourceTemplate::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ResourceTemplate resourceTemplate;
    resourceTemplate.uriTemplate = read.string(Key::UriTemplate, true);
    readListedItem(read, object, resourceTemplate);
    resourceTemplate.mimeType = read.string(Key::MimeType);
    return resourceTemplate;
}

QJsonObject ResourceContent::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Uri, uri);
    putString(object, Key::MimeType, mimeType);
    if (text)
        object.insert(Key::Text, *text);
    if (blob)
        object.insert(Key::Blob, *blob);
    return object;
}

ResourceContent ResourceContent::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ResourceContent contents;
    contents.uri = read.string(Key::Uri, true);
    contents.mimeType = read.string(Key::MimeType);
    if (object.contains(Key::Text))
        contents.text = read.string(Key::Text);
    if (object.contains(Key::Blob))
        contents.blob = read.string(Key::Blob);
    if (!contents.text && !contents.blob)
        read.report(QStringLiteral("text or blob: missing"));
    contents.json = object;
    return contents;
}

// ---- Prompts --------------------------------------------------------------------------

QString PromptArgument::displayName() const { return displayNameOf(title, {}, name); }

QJsonObject PromptArgument::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Name, name);
    putString(object, Key::Title, title);
    putString(object, Key::Description, description);
    if (required || object.contains(Key::Required))
        object.insert(Key::Required, required);
    return object;
}

PromptArgument PromptArgument::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    PromptArgument argument;
    argument.name = read.string(Key::Name, true);
    argument.title = read.string(Key::Title);
    argument.description = read.string(Key::Description);
    argument.required = read.boolean(Key::Required).value_or(false);
    argument.json = object;
    return argument;
}

QJsonObject Prompt::toJson() const
{
    QJsonObject object = listedItemJson(*this);
    putList(object, Key::Arguments, arguments);
    return object;
}

Prompt Prompt::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Prompt prompt;
    readListedItem(read, object, prompt);
    prompt.arguments = read.list<PromptArgument>(Key::Arguments);
    return prompt;
}

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

QJsonObject CallToolResult::toJson() const
{
    QJsonObject object = json;
    putList(object, Key::Content, content);
    if (!structuredContent.isUndefined())
        object.insert(Key::StructuredContent, structuredContent);
    if (isError || object.contains(Key::IsError))
        object.insert(Key::IsError, isError);
    return object;
}

CallToolResult CallToolResult::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    CallToolResult result;
    result.content = read.list<ContentBlock>(Key::Content, true);
    result.structuredContent = object.value(Key::StructuredContent);
    result.isError = read.boolean(Key::IsError).value_or(false);
    result.json = object;
    return result;
}

QJsonObject ReadResourceResult::toJson() const
{
    QJsonObject object = json;
    putList(object, Key::Contents, contents);
    return object;
}

ReadResourceResult ReadResourceResult::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    return {read.list<ResourceContent>(Key::Contents, true), object};
}

QJsonObject PromptMessage::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Role, role);
    object.insert(Key::Content, content.toJson());
    return object;
}

PromptMessage PromptMessage::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    PromptMessage message;
    message.role = read.string(Key::Role, true);
    message.content = read.nested<ContentBlock>(Key::Content, true);
    message.json = object;
    return message;
}

QJsonObject GetPromptResult::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Description, description);
    putList(object, Key::Messages, messages);
    return object;
}

GetPromptResult GetPromptResult::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    GetPromptResult result;
    result.description = read.string(Key::Description);
    result.messages = read.list<PromptMessage>(Key::Messages, true);
    result.json = object;
    return result;
}

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

QJsonObject Task::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::TaskId, taskId);
    putString(object, Key::Status, status);
    putString(object, Key::StatusMessage, statusMessage);
    putString(object, Key::CreatedAt, createdAt);
    putString(object, Key::LastUpdatedAt, lastUpdatedAt);
    if (ttl)
        object.insert(Key::Ttl, double(*ttl));
    if (pollInterval)
        object.insert(Key::PollInterval, *pollInterval);
    return object;
}

Task Task::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Task task;
    task.taskId = read.string(Key::TaskId, true);
    task.status = read.string(Key::Status, true);
    task.statusMessage = read.string(Key::StatusMessage);
    task.createdAt = read.string(Key::CreatedAt);
    task.lastUpdatedAt = read.string(Key::LastUpdatedAt);
    if (!object.value(Key::Ttl).isNull()) { // null: unlimited
        if (const auto ttl = read.number(Key::Ttl))
            task.ttl = qint64(*ttl);
    }
    if (const auto interval = read.number(Key::PollInterval))
        task.pollInterval = int(*interval);
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
void putNumber(QJsonObject &object, QLatin1StringView key, std::optional<double> value)
{
    if (value)
        object.insert(key, *value);
}

const QLatin1StringView CostPriority("costPriority");
const QLatin1StringView SpeedPriority("speedPriority");
const QLatin1StringView IntelligencePriority("intelligencePriority");
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
    putNumber(object, CostPriority, costPriority);
    putNumber(object, SpeedPriority, speedPriority);
    putNumber(object, IntelligencePriority, intelligencePriority);
    return object;
}

ModelPreferences ModelPreferences::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ModelPreferences preferences;
    for (const QJsonValue &hint : read.array(Key::Hints))
        preferences.hints.append(hint.toObject().value(Key::Name).toString());
    preferences.costPriority = read.number(CostPriority);
    preferences.speedPriority = read.number(SpeedPriority);
    preferences.intelligencePriority = read.number(IntelligencePriority);
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
    putNumber(object, Key::Temperature, temperature);
    if (maxTokens)
        object.insert(Key::MaxTokens, *maxTokens);
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

QJsonObject ElicitRequestParams::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Mode, mode);
    putString(object, Key::Message, message);
    if (!requestedSchema.isUndefined())
        object.insert(Key::RequestedSchema, requestedSchema);
    putString(object, Key::Url, url);
    putString(object, Key::ElicitationId, elicitationId);
    return object;
}

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

QJsonObject Root::toJson() const
{
    QJsonObject object = json;
    putString(object, Key::Uri, uri);
    putString(object, Key::Name, name);
    return object;
}

Root Root::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    Root root;
    root.uri = read.string(Key::Uri, true);
    root.name = read.string(Key::Name);
    root.json = object;
    return root;
}

QJsonObject ListRootsResult::toJson() const
{
    QJsonObject object = json;
    object.insert(Key::Roots, rootsToJson(roots));
    return object;
}

ListRootsResult ListRootsResult::fromJson(const QJsonObject &object, QStringList *problems)
{
    const Reader read(object, problems);
    ListRootsResult result;
    result.roots = read.list<Root>(Key::Roots, true);
    result.json = object;
    return result;
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
    putString(object, Key::Logger, logger);
    if (!data.isUndefined())
        object.insert(Key::Data, data);
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
