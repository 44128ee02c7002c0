#pragma once

#include "types.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Value types for what a server sends its client: the requests a client answers
// (sampling/createMessage, elicitation/create, roots/list) and the log messages it receives
// (notifications/message). Same rules as types.h: fromJson() keeps the object as sent in `json`
// and reports problems; toJson() writes the known members over it.
namespace Mcp {

// ModelPreferences of sampling/createMessage.
struct ModelPreferences
{
    QStringList hints; // each hint's name, in the order sent
    std::optional<double> costPriority;
    std::optional<double> speedPriority;
    std::optional<double> intelligencePriority;
    QJsonObject json;

    QJsonObject toJson() const;
    static ModelPreferences fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// CreateMessageRequest params (sampling/createMessage).
struct CreateMessageParams
{
    QJsonArray messages; // SamplingMessage objects, as sent (ResultView renders them)
    std::optional<ModelPreferences> modelPreferences;
    QString systemPrompt;
    QString includeContext; // "none", "thisServer", "allServers", or empty when not sent
    std::optional<double> temperature;
    std::optional<int> maxTokens;
    std::optional<QStringList> stopSequences;
    std::optional<QJsonObject> metadata;
    QList<Tool> tools;                    // 2025-11-25: tools the model may use
    std::optional<QJsonObject> toolChoice; // {mode: auto|required|none}
    QJsonObject json;

    QJsonObject toJson() const;
    static CreateMessageParams fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// ElicitRequest params (elicitation/create): a form (requestedSchema) or, from 2025-11-25, a URL
// to open (mode "url", url, elicitationId).
struct ElicitRequestParams
{
    QString mode; // as sent; empty means form
    QString message;
    QJsonValue requestedSchema = QJsonValue::Undefined; // form mode: the schema as sent
    QString url;                 // url mode
    QString elicitationId;       // url mode
    QJsonObject json;

    bool isUrlMode() const;
    QJsonObject toJson() const;
    static ElicitRequestParams fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// One entry of roots/list's answer.
struct Root
{
    QString uri;
    QString name; // optional
    QJsonObject json;

    QJsonObject toJson() const;
    static Root fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

// ListRootsResult: the answer to roots/list.
struct ListRootsResult
{
    QList<Root> roots;
    QJsonObject json;

    QJsonObject toJson() const;
    static ListRootsResult fromJson(const QJsonObject &object, QStringList *problems = nullptr);
    // The roots array alone (what the answer's "roots" member holds).
    static QList<Root> rootsFromJson(const QJsonArray &array, QStringList *problems = nullptr);
    static QJsonArray rootsToJson(const QList<Root> &roots);
};

// LoggingMessageNotification params (notifications/message).
struct LogMessage
{
    std::optional<LoggingLevel> level; // nullopt when missing or not one of the eight (json keeps it)
    QString logger;                    // optional
    QJsonValue data = QJsonValue::Undefined;
    QJsonObject json;

    QJsonObject toJson() const;
    static LogMessage fromJson(const QJsonObject &object, QStringList *problems = nullptr);
};

} // namespace Mcp
