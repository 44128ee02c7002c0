#include "doctor/samplearguments.h"

#include "schema/schemaresolver.h"

#include <QJsonArray>

namespace Mcp::Doctor {

namespace {

constexpr int MaxDepth = 8; // deeper schemas (or $ref cycles) get what is made so far

QJsonValue sample(const SchemaResolver &resolver, const QJsonValue &node, int depth);

QJsonObject sampleObject(const SchemaResolver &resolver, const QJsonObject &schema, int depth)
{
    QJsonObject object;
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    for (const QJsonValue &required : schema.value(QLatin1String("required")).toArray()) {
        const QString name = required.toString();
        object.insert(name, sample(resolver, properties.value(name), depth + 1));
    }
    return object;
}

QString sampleString(const QJsonObject &schema)
{
    const QString format = schema.value(QLatin1String("format")).toString();
    static const QList<QPair<QLatin1StringView, QLatin1StringView>> byFormat{
        {QLatin1StringView("uri"), QLatin1StringView("https://example.com/")},
        {QLatin1StringView("url"), QLatin1StringView("https://example.com/")},
        {QLatin1StringView("email"), QLatin1StringView("someone@example.com")},
        {QLatin1StringView("date"), QLatin1StringView("2026-01-01")},
        {QLatin1StringView("date-time"), QLatin1StringView("2026-01-01T00:00:00Z")},
        {QLatin1StringView("time"), QLatin1StringView("00:00:00Z")},
        {QLatin1StringView("uuid"), QLatin1StringView("00000000-0000-4000-8000-000000000000")},
        {QLatin1StringView("ipv4"), QLatin1StringView("127.0.0.1")}};
    for (const auto &[name, value] : byFormat) {
        if (format == name)
            return value;
    }
    const int minLength = qMax(1, schema.value(QLatin1String("minLength")).toInt(1));
    return QString(minLength, u'a');
}

QJsonValue sample(const SchemaResolver &resolver, const QJsonValue &node, int depth)
{
    if (depth > MaxDepth || !node.isObject())
        return QJsonValue(QJsonValue::Null);
    QJsonObject schema = node.toObject();
    if (schema.contains(QLatin1String("$ref"))) {
        const SchemaResolver::Resolved resolved = resolver.resolveRef(schema.value(QLatin1String("$ref")).toString());
        if (!resolved.isValid())
            return QJsonValue(QJsonValue::Null);
        return sample(resolver, resolved.schema, depth + 1);
    }
    for (const char *given : {"default", "const"}) {
        if (schema.contains(QLatin1String(given)))
            return schema.value(QLatin1String(given));
    }
    for (const char *listed : {"enum", "examples"}) {
        const QJsonArray values = schema.value(QLatin1String(listed)).toArray();
        if (!values.isEmpty())
            return values.first();
    }
    for (const char *alternatives : {"anyOf", "oneOf"}) {
        const QJsonArray choices = schema.value(QLatin1String(alternatives)).toArray();
        if (!choices.isEmpty())
            return sample(resolver, choices.first(), depth + 1);
    }
    QJsonValue type = schema.value(QLatin1String("type"));
    if (type.isArray()) // ["string", "null"]: the first
        type = type.toArray().first();
    const QString name = type.toString();
    if (name == QLatin1String("string"))
        return sampleString(schema);
    if (name == QLatin1String("integer") || name == QLatin1String("number")) {
        if (schema.contains(QLatin1String("minimum")))
            return schema.value(QLatin1String("minimum"));
        if (schema.contains(QLatin1String("exclusiveMinimum")))
            return schema.value(QLatin1String("exclusiveMinimum")).toDouble() + 1;
        return name == QLatin1String("integer") ? 1 : 1.0;
    }
    if (name == QLatin1String("boolean"))
        return false;
    if (name == QLatin1String("array")) {
        QJsonArray items;
        for (int i = 0; i < schema.value(QLatin1String("minItems")).toInt(0); ++i)
            items.append(sample(resolver, schema.value(QLatin1String("items")), depth + 1));
        return items;
    }
    if (name == QLatin1String("null"))
        return QJsonValue(QJsonValue::Null);
    return sampleObject(resolver, schema, depth); // "object", or no type with properties
}

} // namespace

QJsonObject sampleArguments(const QJsonObject &inputSchema)
{
    const SchemaResolver resolver(inputSchema);
    return sampleObject(resolver, inputSchema, 0);
}

} // namespace Mcp::Doctor
