#include "schemanormalizer.h"

#include "schemaresolver.h"
#include "schemautil_p.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace Mcp {

namespace {

// Keywords whose value is one schema, a map of schemas, or an array of schemas.
const char *const singleSchemaKeys[] = {"additionalItems", "additionalProperties", "contains", "propertyNames",
                                        "not", "if", "then", "else", "items", "unevaluatedItems",
                                        "unevaluatedProperties", "contentSchema"};
const char *const schemaMapKeys[] = {"properties", "patternProperties", "definitions", "$defs", "dependencies",
                                     "dependentSchemas"};
const char *const schemaArrayKeys[] = {"allOf", "anyOf", "oneOf", "items", "prefixItems"};
const char *const unsupportedKeys[] = {"unevaluatedItems", "unevaluatedProperties", "$dynamicRef",
                                       "$recursiveRef", "minContains", "maxContains"};

QString pointerToFragment(const QString &pointer)
{
    QString out = pointer;
    out.replace(QLatin1Char('%'), QLatin1String("%25")); // valijson %-decodes after ~ unescaping
    return QLatin1Char('#') + out;
}

class Normalizer
{
public:
    Normalizer(const SchemaResolver &resolver, QStringList *unsupported)
        : m_resolver(resolver)
        , m_unsupported(unsupported)
    {
    }

    QJsonValue schema(const QJsonValue &node)
    {
        if (!node.isObject())
            return node;
        QJsonObject object = node.toObject();
        const bool modern = m_resolver.dialect() != SchemaDialect::Draft07;

        for (const char *key : unsupportedKeys) {
            const QString name = QLatin1String(key);
            if (object.contains(name) && m_unsupported && !m_unsupported->contains(name))
                m_unsupported->append(name);
        }

        for (const char *key : singleSchemaKeys) {
            const QString name = QLatin1String(key);
            const auto it = object.find(name);
            if (it != object.end() && (it->isObject() || it->isBool()))
                *it = schema(*it);
        }
        // Every entry of a map or an array of subschemas.
        const auto eachSchema = [this](auto entries) {
            for (auto entry = entries.begin(); entry != entries.end(); ++entry)
                *entry = schema(*entry);
            return entries;
        };
        for (const char *key : schemaMapKeys) {
            const auto it = object.find(QLatin1String(key));
            if (it != object.end() && it->isObject())
                *it = eachSchema(it->toObject()); // dependencies may hold arrays of names: left untouched
        }
        for (const char *key : schemaArrayKeys) {
            const auto it = object.find(QLatin1String(key));
            if (it != object.end() && it->isArray())
                *it = eachSchema(it->toArray());
        }

        // draft-04 boolean exclusiveMinimum/Maximum: the numeric form valijson's draft-07 expects.
        for (const auto &[exclusive, bound] : {std::pair{"exclusiveMinimum", "minimum"}, std::pair{"exclusiveMaximum", "maximum"}}) {
            const QJsonValue flag = object.value(QLatin1String(exclusive));
            if (!flag.isBool())
                continue;
            object.remove(QLatin1String(exclusive));
            if (flag.toBool() && object.value(QLatin1String(bound)).isDouble())
                object.insert(QLatin1String(exclusive), object.take(QLatin1String(bound)));
        }

        if (modern && object.contains(QLatin1String("prefixItems"))) {
            const QJsonValue rest = object.take(QLatin1String("items"));
            object.insert(QLatin1String("items"), object.take(QLatin1String("prefixItems")));
            if (!rest.isUndefined())
                object.insert(QLatin1String("additionalItems"), rest);
        }
        if (modern) {
            const QJsonObject required = object.take(QLatin1String("dependentRequired")).toObject();
            const QJsonObject schemas = object.take(QLatin1String("dependentSchemas")).toObject();
            const QJsonObject dependencies = SchemaUtil::mergedDependencies(
                object.value(QLatin1String("dependencies")).toObject(), required, schemas);
            if (!dependencies.isEmpty())
                object.insert(QLatin1String("dependencies"), dependencies);
        }

        const auto ref = object.constFind(QLatin1String("$ref"));
        if (ref != object.constEnd() && ref->isString()) {
            QString target = ref->toString();
            const SchemaResolver::Resolved resolved = m_resolver.resolveRef(target);
            if (resolved.isValid())
                target = pointerToFragment(resolved.pointer);
            if (modern && object.size() > 1) {
                // 2019-09 and later apply the siblings of $ref too; draft-07 engines ignore them.
                object.remove(QLatin1String("$ref"));
                QJsonArray allOf = object.value(QLatin1String("allOf")).toArray();
                allOf.append(QJsonObject{{QLatin1String("$ref"), target}});
                object.insert(QLatin1String("allOf"), allOf);
            } else {
                object.insert(QLatin1String("$ref"), target);
            }
        }
        return object;
    }

private:
    const SchemaResolver &m_resolver;
    QStringList *m_unsupported;
};

} // namespace

QJsonValue SchemaNormalizer::forDraft07(const QJsonValue &schema, QStringList *unsupported)
{
    const SchemaResolver resolver(schema);
    Normalizer normalizer(resolver, unsupported);
    return normalizer.schema(schema);
}

} // namespace Mcp
