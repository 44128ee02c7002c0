#pragma once

#include <QJsonArray>
#include <QJsonValue>
#include <QList>
#include <QStringList>

namespace Mcp {

// What changed between two listings of tools, prompts, resources or resource templates (after a
// server reload, or between two captures: the window and the CLI's `diff` use the same
// comparison). Pure data; wording is the caller's.

// One difference inside an item, at a path of JSON member names ("inputSchema", "properties",
// "count", "type"). Added: before is Undefined; Removed: after is Undefined; Changed: both set.
struct FieldChange
{
    enum class Kind { Added, Removed, Changed };
    Kind kind = Kind::Changed;
    QStringList path;
    QJsonValue before;
    QJsonValue after;

    bool operator==(const FieldChange &other) const;
};

struct ItemChange
{
    enum class Kind { Added, Removed, Changed };
    Kind kind = Kind::Changed;
    QString key;               // the item's identity: name, uri or uriTemplate
    QList<FieldChange> fields; // Changed only: changed and removed members by name, then added ones
};

struct ListDiff
{
    QList<ItemChange> items; // removed and changed in the old order, then added in the new order

    bool isEmpty() const { return items.isEmpty(); }
    int count(ItemChange::Kind kind) const;
    const ItemChange *find(const QString &key) const;
};

// Items are matched by their identity member. Schemas are compared the way they mean:
// "properties" property by property, "required", "enum" and a "type" array as sets (order is not
// a change), prompt "arguments" by argument name; any other array as one value. Items without
// the identity member are ignored.
ListDiff diffTools(const QJsonArray &before, const QJsonArray &after);
ListDiff diffPrompts(const QJsonArray &before, const QJsonArray &after);
ListDiff diffResources(const QJsonArray &before, const QJsonArray &after);
ListDiff diffResourceTemplates(const QJsonArray &before, const QJsonArray &after);

// The differences between two JSON values under the rules above (path relative to them).
QList<FieldChange> diffJson(const QJsonValue &before, const QJsonValue &after);

} // namespace Mcp
