#pragma once

#include "answers/scriptedresponder.h"
#include "config/serverconfig.h"
#include "jsonrpc/message.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Mcp {

// One check on a call's outcome (docs/collections.md, "expect").
struct Assertion
{
    enum class Kind {
        Status,            // {"status": "ok"|"error"} (+ optional "code" for an error)
        IsError,           // {"isError": true|false}: the tool result's isError
        PathEquals,        // {"path": P, "equals": V}
        PathContains,      // {"path": P, "contains": V}
        PathMatches,       // {"path": P, "matches": REGEX}
        PathExists,        // {"path": P, "exists": true|false}
        OutputSchema,      // {"structuredContentValid": true|false}: against the tool's outputSchema
        MaxLatency,        // {"maxLatencyMs": N}
        Asked,             // {"asked": METHOD}: the server asked the client this (legacy request or MRTR round)
    };
    Kind kind = Kind::Status;
    QString path;          // the JSON path of the Path* kinds
    QJsonValue expected;   // what the kind compares with
    QJsonValue code;       // Status error: the JSON-RPC error code asked for, Undefined when any
    QString pointer;       // where the assertion sits in the file ("/calls/2/expect/0")

    // "status is ok", "$.structuredContent.sum equals 3": what the assertion asks, for reports.
    QString describe() const;
};

// One request to make, and what its outcome must satisfy.
struct CollectionCall
{
    QString name;          // as reports name it ("add: 1 + 2"); defaults to method and target
    QString server;        // a key of Collection::servers
    QString method;        // tools/call, prompts/get, resources/read, a list method, ping, or any other
    QString target;        // the tool or prompt name, or the resource URI
    QJsonObject arguments; // tool or prompt arguments
    QJsonObject params;    // other methods: the params as sent
    bool paramsAsRecorded = false; // send params as they are even when empty (a replay)
    int timeoutMs = 0;     // 0: the collection's default
    std::optional<qint64> cancelAfterMs; // cancelled (notifications/cancelled) this long after it is sent (a replay)
    ScriptedAnswers answers; // what the server may ask during the call
    QList<Assertion> assertions;
    QString pointer;       // "/calls/3"
};

// One server of a collection: an mcp.json entry, plus the era to speak.
struct CollectionServer
{
    QString name;
    ServerConfig config;   // as the entry says, ${VAR} not yet expanded
    QString era;           // EraChoice::toString() form; empty: auto
    // The client capabilities and info to declare (a replay: the recorded client's); unset,
    // the runner declares everything a server may ask, so that scripted answers can be given.
    std::optional<QJsonObject> clientCapabilities;
    QJsonObject clientInfo;
};

// Where a collection file is wrong: a JSON syntax error has a line and column, a schema or
// meaning error a JSON pointer.
struct CollectionIssue
{
    QString file;
    int line = 0;          // 1-based; 0 when located by pointer
    int column = 0;
    QString pointer;       // "/calls/0/expect/1"; "" is the whole document
    QString message;

    // "file:3:14: message" or "file: /calls/0/method: message"
    QString toString() const;
};

// A versioned collection of servers and calls with assertions (docs/collections.md). The
// format is "mcpscope-collection" version 1; its JSON Schema is
// resources/schemas/collection.schema.json (built in as :/mcpscope/schemas/collection.schema.json),
// which every load validates against before the meaning is read.
struct Collection
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Collection)

public:
    static constexpr int FormatVersion = 1;

    QString name;
    QString sourcePath;
    int defaultTimeoutMs = 30000;
    QList<CollectionServer> servers;
    QList<CollectionCall> calls;

    const CollectionServer *server(const QString &name) const;

    struct LoadResult;
    static LoadResult parse(const QByteArray &text, const QString &sourcePath = QString());
    static LoadResult load(const QString &path);
    // The JSON Schema text every load validates against.
    static QByteArray schemaText();

    // Saving a call from the window. A collection's text with `call` added (its "server" set)
    // and the server entry (an mcp.json entry, McpJson::exportEntry) added under serverName
    // unless the file has it already (an entry of that name that differs gets "name (2)").
    // existing empty: a new collection. Empty with *error set when existing is not a collection
    // or the result would not load.
    static QByteArray appendCall(const QByteArray &existing, const QString &serverName,
                                 const QJsonObject &serverEntry, QJsonObject call, QString *error);
    // A tools/call as it was just made, with assertions its outcome satisfies: status (and the
    // error code, and that the error message contains what it said), isError, structuredContentValid
    // (true or false, as it is) when the tool has an outputSchema (Undefined: none) and the result
    // structuredContent, that structuredContent equals what came (up to SavedValueLimit bytes of
    // JSON), and that each text block (the first SavedTextBlocks) contains its text, or its first
    // SavedTextLimit characters.
    static constexpr qsizetype SavedValueLimit = 4096;
    static constexpr qsizetype SavedTextLimit = 200;
    static constexpr int SavedTextBlocks = 3;
    static QJsonObject toolCall(const QString &tool, const QJsonObject &arguments, const QJsonValue &result,
                                const std::optional<RpcError> &error, const QJsonValue &outputSchema);
};

struct Collection::LoadResult
{
    Collection collection;
    QList<CollectionIssue> issues; // empty when the collection can be run
    bool isValid() const { return issues.isEmpty(); }
    QString errorText() const;     // the issues, one per line
};

} // namespace Mcp
