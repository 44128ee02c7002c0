#pragma once

#include "collection.h"
#include "collectionrunner.h"

#include "traffic/capturemessages.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QStringList>

#include <optional>

namespace Mcp {

// One request of a capture to send again, and what it got then.
struct ReplayStep
{
    int ordinal = 0;        // 1-based among the replayed requests
    QString method;
    QJsonObject params;     // as recorded, without _meta and the modern retry members
    std::optional<QJsonObject> recorded; // the final answer: {"result": ...} or {"error": {...}}; none if unanswered
    ScriptedAnswers answers;             // what the client answered the server during the request
    // The recorded client cancelled it (notifications/cancelled) this long after sending it
    // (0 when the capture has no times); the replay cancels it at the same point.
    std::optional<qint64> cancelAfterMs;
};

// The client requests of one connection of a capture, as logical requests: a modern
// multi round-trip request's retries (inputResponses, requestState) are folded into the
// request they retry, whose recorded answer is the final one; what the client answered
// (legacy server-to-client requests, modern inputResponses) becomes scripted answers.
// Lifecycle and keep-alive requests (initialize, server/discover, subscriptions/listen, ping)
// are not replayed: the fresh connection makes its own.
struct ReplayPlan
{
    int connectionId = 0;
    QString connectionName;
    QList<ReplayStep> steps;
    int skipped = 0;        // lifecycle requests left out
    // What the recorded client declared (initialize's params, or the modern _meta), so that the
    // replaying client declares the same and the server answers as it did; unset when the
    // capture does not show it.
    std::optional<QJsonObject> clientCapabilities;
    QJsonObject clientInfo;

    // connectionId 0: the first connection that made a request.
    static ReplayPlan fromCapture(const CapturedMessages &capture, int connectionId = 0);
    // The plan as a collection of calls (no assertions) against one server, which the runner
    // connects to with the recorded client's capabilities and info.
    Collection toCollection(const CollectionServer &server) const;
};

struct ReplayDifference
{
    QString path;           // "$.content[0].text"; "$" for the whole answer
    QJsonValue recorded = QJsonValue::Undefined; // Undefined: not there
    QJsonValue replayed = QJsonValue::Undefined;
};

// An answer ({"result": ...} or {"error": ...}) with what naturally varies taken out: every
// `_meta`, the modern era's envelope members (resultType, ttlMs, cacheScope, requestState),
// an error's data, and timestamps inside strings (RFC 3339, as "<timestamp>").
QJsonValue normalizedAnswer(const QJsonObject &answer);
// Where two JSON values differ, by path (at most `limit` entries).
QList<ReplayDifference> jsonDifferences(const QJsonValue &recorded, const QJsonValue &replayed, int limit = 20);

struct ReplayStepResult
{
    ReplayStep step;
    CallOutcome outcome;
    QList<ReplayDifference> differences; // empty: the same answer
    bool same() const { return differences.isEmpty(); }
};

// Each step's replayed answer against its recorded one.
QList<ReplayStepResult> compareReplay(const ReplayPlan &plan, const RunReport &report);

} // namespace Mcp
