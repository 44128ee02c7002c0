#pragma once

#include <QJsonValue>
#include <QStringList>

namespace Mcp {

class SchemaResolver;

// Rewrites a schema so that a draft-07 engine (valijson 1.0) validates it as its own dialect asks:
// 2020-12 prefixItems/items become items/additionalItems, dependentRequired/dependentSchemas
// become dependencies, $ref with sibling keywords (2019-09+) becomes allOf, and every $ref that
// this document can satisfy ($defs, $anchor, $id of a subschema) becomes a plain JSON pointer.
// Keywords with no draft-07 equivalent are listed in unsupported (they are then ignored).
class SchemaNormalizer
{
public:
    static QJsonValue forDraft07(const QJsonValue &schema, QStringList *unsupported = nullptr);
};

} // namespace Mcp
