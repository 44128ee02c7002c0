#pragma once

#include "doctor/finding.h"

#include <QJsonObject>
#include <QStringList>

namespace Mcp::Doctor {

// What a server lists (a snapshot: its "tools", "prompts", "resources" and "resourceTemplates"
// arrays, session/listsnapshot.h), checked against the specification's rules for each item and
// what hosts are known to reject. Pure: the same snapshot gives the same findings, in order.
QList<Finding> checkListings(const QJsonObject &snapshot);

// The tools and prompts whose definitions differ between two snapshots, as "tool echo",
// "tool added_one (added)", "prompt old (removed)". Resources are left out: their lists follow
// the data they name (files, rows) and change for good reasons.
QStringList changedDefinitions(const QJsonObject &before, const QJsonObject &after);

// The strings in a JSON value, depth first: every one, or (key given) those of members so named.
void collectStrings(const QJsonValue &value, QStringList &out, QLatin1StringView key = {});

// The characters in text that hide it from a person while a model still reads it (zero-width
// characters, Unicode tag characters, bidirectional controls), each once, as "U+200B".
QStringList hiddenCharacters(const QString &text);

// The phrases in text that speak to the model instead of describing a tool ("ignore previous
// instructions", "do not tell the user", an <IMPORTANT> block), as found.
QStringList modelInstructions(const QString &text);

// Above this many estimated tokens (a token per four bytes of JSON) a tool list is a warning:
// every host sends the whole list to the model with every request.
inline constexpr int ToolListTokenBudget = 20000;

} // namespace Mcp::Doctor
