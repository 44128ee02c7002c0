#include "protocol/listdiff.h"

#include "protocol/keys.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace Mcp {

namespace {

// Arrays whose order carries no meaning in a JSON Schema.
bool isSetMember(const QString &member)
{
    return member == QLatin1String("required") || member == QLatin1String("enum")
        || member == QLatin1String("type");
}

QSet<QString> asSet(const QJsonArray &array)
{
    QSet<QString> set;
    for (const QJsonValue &value : array)
        set.insert(QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)));
    return set;
}

// Prompt arguments (and anything else listed as objects with a unique "name") by name.
bool keyedByName(const QJsonArray &array)
{
    QSet<QString> names;
    for (const QJsonValue &value : array) {
        const QString name = value.toObject().value(Key::Name).toString();
        if (name.isEmpty() || names.contains(name))
            return false;
        names.insert(name);
    }
    return true;
}

QJsonObject byName(const QJsonArray &array)
{
    QJsonObject object;
    for (const QJsonValue &value : array)
        object.insert(value.toObject().value(Key::Name).toString(), value);
    return object;
}

void diffInto(const QJsonValue &before, const QJsonValue &after, QStringList &path, QList<FieldChange> &out);

void diffObjects(const QJsonObject &before, const QJsonObject &after, QStringList &path, QList<FieldChange> &out)
{
    for (auto it = before.begin(); it != before.end(); ++it) {
        path.append(it.key());
        if (!after.contains(it.key()))
            out.append(FieldChange{FieldChange::Kind::Removed, path, it.value(), QJsonValue::Undefined});
        else
            diffInto(it.value(), after.value(it.key()), path, out);
        path.removeLast();
    }
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (before.contains(it.key()))
            continue;
        path.append(it.key());
        out.append(FieldChange{FieldChange::Kind::Added, path, QJsonValue::Undefined, it.value()});
        path.removeLast();
    }
}

void diffInto(const QJsonValue &before, const QJsonValue &after, QStringList &path, QList<FieldChange> &out)
{
    if (before == after)
        return;
    if (before.isObject() && after.isObject()) {
        diffObjects(before.toObject(), after.toObject(), path, out);
        return;
    }
    if (before.isArray() && after.isArray()) {
        const QJsonArray a = before.toArray();
        const QJsonArray b = after.toArray();
        if (!path.isEmpty() && isSetMember(path.constLast()) && asSet(a) == asSet(b))
            return;
        if (keyedByName(a) && keyedByName(b) && !a.isEmpty() && !b.isEmpty()) {
            diffObjects(byName(a), byName(b), path, out);
            return;
        }
    }
    out.append(FieldChange{FieldChange::Kind::Changed, path, before, after});
}

ListDiff diffLists(const QJsonArray &before, const QJsonArray &after, QLatin1StringView identity)
{
    QHash<QString, QJsonObject> afterByKey;
    QStringList afterOrder;
    for (const QJsonValue &value : after) {
        const QJsonObject item = value.toObject();
        const QString key = item.value(identity).toString();
        if (key.isEmpty() || afterByKey.contains(key))
            continue;
        afterByKey.insert(key, item);
        afterOrder.append(key);
    }

    ListDiff diff;
    QSet<QString> seen;
    for (const QJsonValue &value : before) {
        const QJsonObject item = value.toObject();
        const QString key = item.value(identity).toString();
        if (key.isEmpty() || seen.contains(key))
            continue;
        seen.insert(key);
        const auto found = afterByKey.constFind(key);
        if (found == afterByKey.constEnd()) {
            diff.items.append(ItemChange{ItemChange::Kind::Removed, key, {}});
            continue;
        }
        QStringList path;
        QList<FieldChange> fields;
        diffObjects(item, *found, path, fields);
        if (!fields.isEmpty())
            diff.items.append(ItemChange{ItemChange::Kind::Changed, key, fields});
    }
    for (const QString &key : std::as_const(afterOrder)) {
        if (!seen.contains(key))
            diff.items.append(ItemChange{ItemChange::Kind::Added, key, {}});
    }
    return diff;
}

} // namespace

bool FieldChange::operator==(const FieldChange &other) const
{
    return kind == other.kind && path == other.path && before == other.before && after == other.after;
}

int ListDiff::count(ItemChange::Kind kind) const
{
    return int(std::count_if(items.cbegin(), items.cend(), [kind](const ItemChange &item) { return item.kind == kind; }));
}

const ItemChange *ListDiff::find(const QString &key) const
{
    for (const ItemChange &item : items) {
        if (item.key == key)
            return &item;
    }
    return nullptr;
}

QList<FieldChange> diffJson(const QJsonValue &before, const QJsonValue &after)
{
    QStringList path;
    QList<FieldChange> out;
    diffInto(before, after, path, out);
    return out;
}

ListDiff diffTools(const QJsonArray &before, const QJsonArray &after)
{
    return diffLists(before, after, Key::Name);
}

ListDiff diffPrompts(const QJsonArray &before, const QJsonArray &after)
{
    return diffLists(before, after, Key::Name);
}

ListDiff diffResources(const QJsonArray &before, const QJsonArray &after)
{
    return diffLists(before, after, Key::Uri);
}

ListDiff diffResourceTemplates(const QJsonArray &before, const QJsonArray &after)
{
    return diffLists(before, after, Key::UriTemplate);
}

} // namespace Mcp
