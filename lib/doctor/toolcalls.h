#pragma once

#include "doctor/finding.h"
#include "session/requests.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Mcp::Doctor {

// The tools a Doctor run may call: only those annotated readOnlyHint: true (a call that could
// change the server's state is never made), with the arguments the user gave or, when asked for,
// arguments made from the schema (samplearguments.h).
struct ToolCallPlan
{
    struct Call
    {
        QJsonObject tool; // as listed
        QJsonObject arguments;
        bool sampled = false; // made from the schema, not given
    };
    QList<Call> calls;
    // What was left out and why, for the report's tools.calls summary.
    QStringList notReadOnly;     // annotated otherwise, or not at all
    QStringList withoutArguments; // read-only, but no arguments given and none to be made
    QStringList unsampleable;    // the made arguments do not meet the schema
    QStringList unknown;         // given arguments for a tool the server does not list

    // given: arguments by tool name; sample: make them for the read-only tools given none.
    static ToolCallPlan of(const QJsonArray &tools, const QHash<QString, QJsonObject> &given, bool sample);
};

// A host's reading of one call's answer: an error or a result; content as the specification
// shapes it; structuredContent present and valid where the tool declares an outputSchema, and
// also given as text for hosts that read only content.
QList<Finding> checkToolResult(const ToolCallPlan::Call &call, const Response &response, int timeoutMs);

// The findings with more than a few of one id as one finding of that id ("13 tools", what the
// first few saw, the first one's evidence), the others as they are, in their order.
QList<Finding> mergeAlike(const QList<Finding> &findings);

// What was called, what was not and why, and how long the calls took (milliseconds, by tool).
Finding toolCallsSummary(const ToolCallPlan &plan, const QList<QPair<QString, qint64>> &times);

} // namespace Mcp::Doctor
