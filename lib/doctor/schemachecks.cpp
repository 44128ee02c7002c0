#include "doctor/schemachecks.h"

#include "schema/schemaresolver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace Mcp::Doctor {

namespace {

constexpr qsizetype MaxProblems = 5;

bool isSchema(const QJsonValue &value)
{
    return value.isObject() || value.isBool();
}

bool isCount(const QJsonValue &value)
{
    return value.isDouble() && value.toDouble() >= 0 && value.toDouble() == qint64(value.toDouble());
}

struct Walker
{
    QStringList problems;
    QList<QPair<QString, QString>> refs; // (where, $ref)

    void problem(const QString &pointer, const QString &text)
    {
        if (problems.size() < MaxProblems)
            problems << QStringLiteral("%1: %2").arg(pointer.isEmpty() ? QStringLiteral("(top)") : pointer, text);
    }

    void walk(const QJsonValue &node, const QString &pointer)
    {
        if (node.isBool())
            return;
        if (!node.isObject())
            return problem(pointer, QStringLiteral("a schema is an object or a boolean"));
        const QJsonObject schema = node.toObject();
        static const QSet<QString> types{QStringLiteral("null"),   QStringLiteral("boolean"), QStringLiteral("object"),
                                         QStringLiteral("array"),  QStringLiteral("number"),  QStringLiteral("string"),
                                         QStringLiteral("integer")};
        const QJsonValue type = schema.value(QLatin1String("type"));
        const QJsonArray typeList = type.isArray() ? type.toArray() : QJsonArray{type};
        if (!type.isUndefined()) {
            for (const QJsonValue &name : typeList) {
                if (!types.contains(name.toString()))
                    problem(JsonPointer::append(pointer, QStringLiteral("type")),
                            QStringLiteral("%1 is not a type").arg(name.isString() ? QLatin1Char('"') + name.toString() + QLatin1Char('"')
                                                                                    : QStringLiteral("a non-string")));
            }
        }
        const QJsonValue required = schema.value(QLatin1String("required"));
        const QJsonArray names = required.toArray();
        if (!required.isUndefined()
            && (!required.isArray()
                || std::any_of(names.begin(), names.end(), [](const QJsonValue &name) { return !name.isString(); }))) {
            problem(JsonPointer::append(pointer, QStringLiteral("required")), QStringLiteral("must be a list of property names"));
        }
        for (const char *counted : {"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"}) {
            const QJsonValue value = schema.value(QLatin1String(counted));
            if (!value.isUndefined() && !isCount(value))
                problem(JsonPointer::append(pointer, QLatin1String(counted)), QStringLiteral("must be a whole number, 0 or more"));
        }
        for (const char *bound : {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}) {
            const QJsonValue value = schema.value(QLatin1String(bound));
            if (!value.isUndefined() && !value.isDouble())
                problem(JsonPointer::append(pointer, QLatin1String(bound)), QStringLiteral("must be a number"));
        }
        if (schema.contains(QLatin1String("enum")) && !schema.value(QLatin1String("enum")).isArray())
            problem(JsonPointer::append(pointer, QStringLiteral("enum")), QStringLiteral("must be a list"));
        const QJsonValue pattern = schema.value(QLatin1String("pattern"));
        if (!pattern.isUndefined() && (!pattern.isString() || !QRegularExpression(pattern.toString()).isValid()))
            problem(JsonPointer::append(pointer, QStringLiteral("pattern")), QStringLiteral("is not a regular expression"));
        if (schema.contains(QLatin1String("$ref")))
            refs.append({pointer, schema.value(QLatin1String("$ref")).toString()});

        // Keywords whose value is a schema, a map of schemas or a list of schemas.
        for (const char *single : {"items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
                                   "unevaluatedProperties", "unevaluatedItems", "additionalItems"}) {
            const QString key = QLatin1String(single);
            if (!schema.contains(key))
                continue;
            const QJsonValue value = schema.value(key);
            const QString at = JsonPointer::append(pointer, key);
            if (key == QLatin1String("items") && value.isArray()) { // draft-07's tuple form
                for (int i = 0; i < value.toArray().size(); ++i)
                    walk(value.toArray().at(i), JsonPointer::append(at, i));
            } else if (!isSchema(value)) {
                problem(at, QStringLiteral("must be a schema"));
            } else {
                walk(value, at);
            }
        }
        for (const char *map : {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}) {
            const QString key = QLatin1String(map);
            if (!schema.contains(key))
                continue;
            const QString at = JsonPointer::append(pointer, key);
            if (!schema.value(key).isObject()) {
                problem(at, QStringLiteral("must be an object of schemas"));
                continue;
            }
            const QJsonObject members = schema.value(key).toObject();
            for (auto it = members.begin(); it != members.end(); ++it)
                walk(it.value(), JsonPointer::append(at, it.key()));
        }
        for (const char *list : {"anyOf", "oneOf", "allOf", "prefixItems"}) {
            const QString key = QLatin1String(list);
            if (!schema.contains(key))
                continue;
            const QString at = JsonPointer::append(pointer, key);
            const QJsonArray items = schema.value(key).toArray();
            if (!schema.value(key).isArray() || items.isEmpty()) {
                problem(at, QStringLiteral("must be a non-empty list of schemas"));
                continue;
            }
            for (int i = 0; i < items.size(); ++i)
                walk(items.at(i), JsonPointer::append(at, i));
        }
    }
};

} // namespace

QStringList schemaProblems(const QJsonValue &schema)
{
    Walker walker;
    walker.walk(schema, {});
    return walker.problems;
}

QStringList recursiveRefs(const QJsonValue &schema)
{
    Walker walker;
    walker.walk(schema, {});
    const SchemaResolver resolver(schema);
    QStringList recursive;
    for (const auto &[where, ref] : std::as_const(walker.refs)) {
        const SchemaResolver::Resolved target = resolver.resolveRef(ref);
        // The target holds the reference: following it comes back to it, without end.
        if (target.isValid() && (target.pointer.isEmpty() || where == target.pointer || where.startsWith(target.pointer + u'/')))
            recursive << QStringLiteral("%1 -> %2").arg(where.isEmpty() ? QStringLiteral("(top)") : where, ref);
    }
    return recursive;
}

QStringList topLevelRejected(const QJsonValue &schema)
{
    QStringList found;
    for (const char *keyword : {"anyOf", "oneOf", "allOf", "not", "enum"}) {
        if (schema.toObject().contains(QLatin1String(keyword)))
            found << QLatin1String(keyword);
    }
    return found;
}

} // namespace Mcp::Doctor
