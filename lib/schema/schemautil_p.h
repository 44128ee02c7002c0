#pragma once

// Small JSON helpers shared by the schema layer (not installed, not API).

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace Mcp::SchemaUtil {

// JSON equality with numbers compared by value (1 == 1.0), as JSON Schema requires.
inline bool jsonEqual(const QJsonValue &a, const QJsonValue &b)
{
    if (a.isDouble() && b.isDouble())
        return a.toDouble() == b.toDouble();
    if (a.type() != b.type())
        return false;
    if (a.isArray()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        if (x.size() != y.size())
            return false;
        for (qsizetype i = 0; i < x.size(); ++i)
            if (!jsonEqual(x.at(i), y.at(i)))
                return false;
        return true;
    }
    if (a.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        if (x.size() != y.size())
            return false;
        for (auto it = x.begin(); it != x.end(); ++it)
            if (!y.contains(it.key()) || !jsonEqual(it.value(), y.value(it.key())))
                return false;
        return true;
    }
    return a == b;
}

// Compact JSON text of any value, scalars included ("\"a\"", "1.5", "null").
inline QString jsonText(const QJsonValue &value)
{
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

// The draft-2019 split of "dependencies" (dependentRequired: names, dependentSchemas: schemas)
// merged back into one draft-07 "dependencies" object.
inline QJsonObject mergedDependencies(QJsonObject dependencies, const QJsonObject &dependentRequired,
                                      const QJsonObject &dependentSchemas)
{
    for (auto it = dependentRequired.begin(); it != dependentRequired.end(); ++it)
        dependencies.insert(it.key(), it.value());
    for (auto it = dependentSchemas.begin(); it != dependentSchemas.end(); ++it)
        dependencies.insert(it.key(), it.value());
    return dependencies;
}

} // namespace Mcp::SchemaUtil
