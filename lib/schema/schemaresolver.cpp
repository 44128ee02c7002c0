#include "schemaresolver.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QUrl>

namespace Mcp {

namespace {
struct ResolverTr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::SchemaResolver)
};
} // namespace

QString JsonPointer::escape(const QString &token)
{
    QString out = token;
    out.replace(QLatin1Char('~'), QLatin1String("~0"));
    out.replace(QLatin1Char('/'), QLatin1String("~1"));
    return out;
}

QString JsonPointer::unescape(const QString &token)
{
    QString out = token;
    out.replace(QLatin1String("~1"), QLatin1String("/"));
    out.replace(QLatin1String("~0"), QLatin1String("~"));
    return out;
}

QString JsonPointer::append(const QString &pointer, const QString &token)
{
    return pointer + QLatin1Char('/') + escape(token);
}

QString JsonPointer::append(const QString &pointer, int index)
{
    return pointer + QLatin1Char('/') + QString::number(index);
}

std::optional<QStringList> JsonPointer::split(const QString &pointer)
{
    if (pointer.isEmpty())
        return QStringList();
    if (!pointer.startsWith(QLatin1Char('/')))
        return std::nullopt;
    QStringList tokens = pointer.mid(1).split(QLatin1Char('/'));
    for (QString &token : tokens)
        token = unescape(token);
    return tokens;
}

std::optional<QJsonValue> JsonPointer::evaluate(const QJsonValue &root, const QString &pointer)
{
    const auto tokens = split(pointer);
    if (!tokens)
        return std::nullopt;
    QJsonValue current = root;
    for (const QString &token : *tokens) {
        if (current.isObject()) {
            const QJsonObject object = current.toObject();
            const auto it = object.constFind(token);
            if (it == object.constEnd())
                return std::nullopt;
            current = it.value();
        } else if (current.isArray()) {
            bool ok = false;
            const int index = token.toInt(&ok);
            const QJsonArray array = current.toArray();
            if (!ok || index < 0 || index >= array.size()
                || (token.size() > 1 && token.startsWith(QLatin1Char('0'))))
                return std::nullopt;
            current = array.at(index);
        } else {
            return std::nullopt;
        }
    }
    return current;
}

SchemaDialect schemaDialect(const QJsonValue &rootSchema)
{
    const QString uri = rootSchema.toObject().value(QLatin1String("$schema")).toString();
    if (uri.contains(QLatin1String("draft-07")) || uri.contains(QLatin1String("draft-06"))
        || uri.contains(QLatin1String("draft-04")) || uri.contains(QLatin1String("draft-03")))
        return SchemaDialect::Draft07;
    if (uri.contains(QLatin1String("2019-09")))
        return SchemaDialect::Draft2019;
    return SchemaDialect::Draft2020;
}

SchemaResolver::SchemaResolver(const QJsonValue &rootSchema)
    : m_root(rootSchema)
    , m_dialect(schemaDialect(rootSchema))
{
    const QString id = rootSchema.toObject().value(QLatin1String("$id")).toString();
    m_rootId = id.section(QLatin1Char('#'), 0, 0);
    collectIds(rootSchema, QString());
}

// Records $anchor names and the $id of subschemas so "#name" and "other.json" style references
// to parts of this same document can be followed. Walks every object: cheap, and schemas are small.
void SchemaResolver::collectIds(const QJsonValue &node, const QString &pointer)
{
    if (node.isObject()) {
        const QJsonObject object = node.toObject();
        const QString anchor = object.value(QLatin1String("$anchor")).toString();
        if (!anchor.isEmpty() && !m_anchors.contains(anchor))
            m_anchors.insert(anchor, pointer);
        const QString id = object.value(QLatin1String("$id")).toString();
        if (!pointer.isEmpty() && !id.isEmpty()) {
            if (id.startsWith(QLatin1Char('#')))
                m_anchors.insert(id.mid(1), pointer); // draft-07 location-independent identifier
            else
                m_anchors.insert(id, pointer);
        }
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            // enum and const hold data, not schemas
            if (it.key() == QLatin1String("enum") || it.key() == QLatin1String("const"))
                continue;
            collectIds(it.value(), JsonPointer::append(pointer, it.key()));
        }
    } else if (node.isArray()) {
        const QJsonArray array = node.toArray();
        for (int i = 0; i < array.size(); ++i)
            collectIds(array.at(i), JsonPointer::append(pointer, i));
    }
}

SchemaResolver::Resolved SchemaResolver::resolveRef(const QString &ref) const
{
    Resolved result;
    QString fragment;
    QString base = ref.section(QLatin1Char('#'), 0, 0);
    const bool hasFragment = ref.contains(QLatin1Char('#'));
    if (hasFragment)
        fragment = ref.section(QLatin1Char('#'), 1);

    QString basePointer;
    if (!base.isEmpty() && base != m_rootId) {
        auto it = m_anchors.constFind(base);
        if (it == m_anchors.constEnd() && !m_rootId.isEmpty()) {
            // Relative to the root's $id ("node" from "http://host/tree" is "http://host/node").
            const QString absolute = QUrl(m_rootId).resolved(QUrl(base)).toString();
            if (absolute == m_rootId)
                it = m_anchors.constEnd();
            else
                it = m_anchors.constFind(absolute);
            if (absolute == m_rootId)
                base.clear();
        }
        if (!base.isEmpty() && it == m_anchors.constEnd()) {
            result.error = ResolverTr::tr("The reference %1 points to another document, which is not fetched.").arg(ref);
            return result;
        }
        if (!base.isEmpty())
            basePointer = it.value();
    }

    QString pointer = basePointer;
    if (!fragment.isEmpty()) {
        if (fragment.startsWith(QLatin1Char('/'))) {
            pointer += QUrl::fromPercentEncoding(fragment.toUtf8());
        } else {
            const auto it = m_anchors.constFind(fragment);
            if (it == m_anchors.constEnd()) {
                result.error = ResolverTr::tr("The reference %1 names an anchor that this schema does not define.").arg(ref);
                return result;
            }
            pointer = it.value();
        }
    }
    const auto target = JsonPointer::evaluate(m_root, pointer);
    if (!target) {
        result.error = ResolverTr::tr("The reference %1 points to nothing in this schema.").arg(ref);
        return result;
    }
    result.schema = *target;
    result.pointer = pointer;
    return result;
}

SchemaResolver::Resolved SchemaResolver::resolve(const QJsonValue &schema, const QString &pointer) const
{
    Resolved current{schema, pointer, QString()};
    QSet<QString> seen;
    while (current.schema.isObject()) {
        const QJsonObject object = current.schema.toObject();
        const auto ref = object.constFind(QLatin1String("$ref"));
        if (ref == object.constEnd() || object.size() != 1)
            break;
        if (seen.contains(current.pointer)) {
            current.error = ResolverTr::tr("The reference %1 leads back to itself.").arg(ref.value().toString());
            return current;
        }
        seen.insert(current.pointer);
        Resolved next = resolveRef(ref.value().toString());
        if (!next.isValid())
            return next;
        current = next;
    }
    return current;
}

} // namespace Mcp
