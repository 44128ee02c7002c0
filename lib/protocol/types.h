#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Value types for MCP's objects (2025-11-25 schema). fromJson() reads what it knows, keeps the
// object exactly as sent in `json` (so raw views and the traffic log stay lossless) and appends
// one line per problem to *problems ("name: missing", "size: expected a number, found a string").
// toJson() writes the known members over `json`, so unknown members survive a round trip.
namespace Mcp {

// The one rule for an item's label: title, then annotations.title (tools), then name.
// Empty when all three are; callers then fall back to what identifies the item (a URI...).
QString displayName(const QJsonObject &item);

// clientInfo / serverInfo of initialize.
struct Implementation
{
    QString name;
    QString version;
    QString title;           // optional (2025-06-18 and later)
    QJsonObject extra;       // any other members (websiteUrl, icons, ...), carried through untouched

    QJsonObject toJson() const;
    static Implementation fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct Icon
{
    QString src;
    QString mimeType;
    QStringList sizes;
    QString theme; // "light" or "dark", or empty
    QJsonObject json;

    QJsonObject toJson() const;
    static Icon fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct ToolAnnotations
{
    QString title;
    std::optional<bool> readOnlyHint;
    std::optional<bool> destructiveHint;
    std::optional<bool> idempotentHint;
    std::optional<bool> openWorldHint;
    QJsonObject json;

    QJsonObject toJson() const;
    static ToolAnnotations fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// What tools, resources, templates and prompts share: BaseMetadata (name, title), a
// description and icons, and the object as sent.
struct ListedItem
{
    QString name;
    QString title;
    QString description;
    QList<Icon> icons;
    QJsonObject json;

    QString displayName() const; // title, then name
};

struct Tool : ListedItem
{
    QJsonObject inputSchema;
    std::optional<QJsonObject> outputSchema;
    ToolAnnotations annotations;
    QString taskSupport; // execution.taskSupport: "forbidden" (also when absent), "optional", "required"

    QString displayName() const; // title, then annotations.title, then name
    QJsonObject toJson() const;
    static Tool fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct Resource : ListedItem
{
    QString uri;
    QString mimeType;
    std::optional<qint64> size;
    QJsonObject annotations; // audience, priority, lastModified

    QJsonObject toJson() const;
    static Resource fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct ResourceTemplate : ListedItem
{
    QString uriTemplate;
    QString mimeType;

    QJsonObject toJson() const;
    static ResourceTemplate fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct PromptArgument
{
    QString name;
    QString title;
    QString description;
    bool required = false;
    QJsonObject json;

    QString displayName() const;
    QJsonObject toJson() const;
    static PromptArgument fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct Prompt : ListedItem
{
    QList<PromptArgument> arguments;

    QJsonObject toJson() const;
    static Prompt fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// ServerCapabilities or ClientCapabilities: the object as sent, with accessors for what the
// spec defines (tools, resources, prompts, logging, completions, tasks; roots, sampling,
// elicitation). Every capability is an object; anything else is reported.
struct Capabilities
{
    QJsonObject json;

    bool has(QLatin1StringView capability) const { return json.contains(capability); }
    QJsonObject capability(QLatin1StringView name) const { return json.value(name).toObject(); }
    bool listChanged(QLatin1StringView capability) const;
    bool resourcesSubscribe() const;

    QJsonObject toJson() const { return json; }
    static Capabilities fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// TextResourceContents or BlobResourceContents (singular here: lib/server has a namespace
// ResourceContents of builders for them).
struct ResourceContent
{
    QString uri;
    QString mimeType;
    std::optional<QString> text; // set for text contents
    std::optional<QString> blob; // base64, set for blob contents
    QJsonObject json;

    QJsonObject toJson() const;
    static ResourceContent fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct ContentBlock
{
    enum class Type { Text, Image, Audio, ResourceLink, EmbeddedResource, Unknown };

    Type type = Type::Unknown;
    QString typeName;        // as sent ("text", "image", ... or an unknown one)
    QString text;            // text
    QString data;            // image, audio: base64
    QString mimeType;        // image, audio
    Resource link;           // resource_link
    ResourceContent resource; // resource (embedded)
    QJsonObject annotations;
    QJsonObject json;

    QJsonObject toJson() const;
    static ContentBlock fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct CallToolResult
{
    QList<ContentBlock> content;
    QJsonValue structuredContent = QJsonValue::Undefined;
    bool isError = false;
    QJsonObject json;

    QJsonObject toJson() const;
    static CallToolResult fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct ReadResourceResult
{
    QList<ResourceContent> contents;
    QJsonObject json;

    QJsonObject toJson() const;
    static ReadResourceResult fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct PromptMessage
{
    QString role; // "user" or "assistant"
    ContentBlock content;
    QJsonObject json;

    QJsonObject toJson() const;
    static PromptMessage fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct GetPromptResult
{
    QString description;
    QList<PromptMessage> messages;
    QJsonObject json;

    QJsonObject toJson() const;
    static GetPromptResult fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct CompleteResult
{
    QStringList values;
    std::optional<int> total;
    bool hasMore = false;
    QJsonObject json;

    QJsonObject toJson() const;
    static CompleteResult fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

struct Task
{
    QString taskId;
    QString status; // working, input_required, completed, failed, cancelled
    QString statusMessage;
    QString createdAt;
    QString lastUpdatedAt;
    std::optional<qint64> ttl; // null on the wire: unlimited
    std::optional<int> pollInterval;
    QJsonObject json;

    bool isTerminal() const;
    QJsonObject toJson() const;
    static Task fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// Syslog severities of logging/setLevel and notifications/message, least severe first.
enum class LoggingLevel { Debug, Info, Notice, Warning, Error, Critical, Alert, Emergency };
QString loggingLevelName(LoggingLevel level);
std::optional<LoggingLevel> loggingLevelFromName(QStringView name);
QStringList loggingLevelNames(); // in severity order

} // namespace Mcp
