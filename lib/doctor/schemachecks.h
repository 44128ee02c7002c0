#pragma once

#include <QJsonValue>
#include <QStringList>

namespace Mcp::Doctor {

// What makes a tool's schema not a JSON Schema (2020-12) at all, each as "/properties/a/type:
// \"strng\" is not a type": keywords whose values have the wrong shape (a type no schema has,
// required that is not a list of names, a pattern that is not a regular expression...). The
// first few, depth first.
QStringList schemaProblems(const QJsonValue &schema);

// The $refs that point at a schema they are inside ("/properties/children/items -> #"): such a
// schema has no finite inline form.
QStringList recursiveRefs(const QJsonValue &schema);

// The keywords at the top of an input schema that model APIs refuse there (anyOf, oneOf, allOf,
// not, enum): hosts pass the schema on, and the request fails.
QStringList topLevelRejected(const QJsonValue &schema);

} // namespace Mcp::Doctor
