#include "snapshotdiff.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace Mcp {

namespace {

QSet<QString> stringSet(const QJsonValue &value)
{
    QSet<QString> set;
    for (const QJsonValue &item : value.toArray())
        set.insert(QString::fromUtf8(QJsonDocument(QJsonArray{item}).toJson(QJsonDocument::Compact)));
    if (value.isString())
        set.insert(QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)));
    return set;
}

// The word of an item's or a field's change (ItemChange::Kind, FieldChange::Kind).
template<typename Kind>
QString kindName(Kind kind)
{
    switch (kind) {
    case Kind::Added: return QStringLiteral("added");
    case Kind::Removed: return QStringLiteral("removed");
    case Kind::Changed: break;
    }
    return QStringLiteral("changed");
}

} // namespace

const QStringList &SnapshotDiff::listKeys()
{
    static const QStringList keys{QStringLiteral("tools"), QStringLiteral("prompts"), QStringLiteral("resources"),
                                  QStringLiteral("resourceTemplates")};
    return keys;
}

QString SnapshotDiff::breakingReason(const QString &kind, const ItemChange &change)
{
    if (change.kind == ItemChange::Kind::Removed)
        return tr("removed");
    if (change.kind == ItemChange::Kind::Added)
        return {};
    for (const FieldChange &field : change.fields) {
        const QStringList &path = field.path;
        if (kind == QLatin1String("tools") && !path.isEmpty() && path.first() == QLatin1String("inputSchema")) {
            const QString last = path.constLast();
            const QString where = path.mid(1).join(u'.');
            // inputSchema.properties.NAME removed: a client that sends it may now be refused.
            if (field.kind == FieldChange::Kind::Removed && path.size() == 3 && path.at(1) == QLatin1String("properties"))
                return tr("input property %1 removed").arg(path.at(2));
            if (last == QLatin1String("required")) {
                const QSet<QString> added = stringSet(field.after) - stringSet(field.before);
                if (!added.isEmpty()) {
                    // Each set member is a one-element JSON array: named without its brackets, in order.
                    QStringList names;
                    for (const QString &member : added)
                        names.append(member.mid(1).chopped(1));
                    names.sort();
                    return tr("new required argument at %1: %2").arg(where, names.join(QStringLiteral(", ")));
                }
            }
            if (last == QLatin1String("type") && field.kind != FieldChange::Kind::Removed) {
                const QSet<QString> before = stringSet(field.before);
                if (field.kind == FieldChange::Kind::Added || !(before - stringSet(field.after)).isEmpty())
                    return tr("type narrowed at %1").arg(where);
            }
            if (last == QLatin1String("enum") && field.kind != FieldChange::Kind::Removed) {
                if (field.kind == FieldChange::Kind::Added || !(stringSet(field.before) - stringSet(field.after)).isEmpty())
                    return tr("allowed values narrowed at %1").arg(where);
            }
        }
        if (kind == QLatin1String("prompts") && !path.isEmpty() && path.first() == QLatin1String("arguments")) {
            // arguments.NAME.required became true, or a new argument is required from the start.
            if (path.constLast() == QLatin1String("required") && field.after.toBool() && !field.before.toBool())
                return tr("argument %1 is now required").arg(path.size() > 1 ? path.at(1) : QString());
            if (field.kind == FieldChange::Kind::Added && path.size() == 2
                && field.after.toObject().value(QStringLiteral("required")).toBool())
                return tr("new required argument %1").arg(path.at(1));
            if (field.kind == FieldChange::Kind::Removed && path.size() == 2)
                return tr("argument %1 removed").arg(path.at(1));
        }
    }
    return {};
}

SnapshotDiff SnapshotDiff::compare(const QJsonObject &before, const QJsonObject &after)
{
    SnapshotDiff result;
    for (const QString &key : listKeys()) {
        const QJsonArray a = before.value(key).toArray();
        const QJsonArray b = after.value(key).toArray();
        const ListDiff diff = key == QLatin1String("tools")       ? diffTools(a, b)
                            : key == QLatin1String("prompts")     ? diffPrompts(a, b)
                            : key == QLatin1String("resources")   ? diffResources(a, b)
                                                                  : diffResourceTemplates(a, b);
        for (const ItemChange &change : diff.items) {
            if (!breakingReason(key, change).isEmpty())
                ++result.breaking;
        }
        result.lists.append({key, diff});
    }
    return result;
}

int SnapshotDiff::changeCount() const
{
    int count = 0;
    for (const auto &entry : lists)
        count += int(entry.second.items.size());
    return count;
}

QJsonObject SnapshotDiff::toJson() const
{
    QJsonObject out;
    for (const auto &[key, list] : lists) {
        QJsonArray items;
        for (const ItemChange &change : list.items) {
            QJsonObject item{{QStringLiteral("change"), kindName(change.kind)}, {QStringLiteral("key"), change.key}};
            const QString reason = breakingReason(key, change);
            item.insert(QStringLiteral("breaking"), !reason.isEmpty());
            if (!reason.isEmpty())
                item.insert(QStringLiteral("reason"), reason);
            QJsonArray fields;
            for (const FieldChange &field : change.fields) {
                QJsonObject f{{QStringLiteral("change"), kindName(field.kind)},
                              {QStringLiteral("path"), QJsonArray::fromStringList(field.path)}};
                if (!field.before.isUndefined())
                    f.insert(QStringLiteral("before"), field.before);
                if (!field.after.isUndefined())
                    f.insert(QStringLiteral("after"), field.after);
                fields.append(f);
            }
            if (!fields.isEmpty())
                item.insert(QStringLiteral("fields"), fields);
            items.append(item);
        }
        out.insert(key, items);
    }
    out.insert(QStringLiteral("breaking"), breaking);
    return out;
}

} // namespace Mcp
