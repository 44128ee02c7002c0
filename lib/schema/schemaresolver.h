#pragma once

#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace Mcp {

// RFC 6901 JSON pointers ("/a/b~1c/0"), used for schema locations and value paths alike.
namespace JsonPointer {
QString escape(const QString &token);
QString unescape(const QString &token);
QString append(const QString &pointer, const QString &token);
QString append(const QString &pointer, int index);
// Tokens of a pointer; nullopt when it is neither empty nor starts with '/'.
std::optional<QStringList> split(const QString &pointer);
std::optional<QJsonValue> evaluate(const QJsonValue &root, const QString &pointer);
} // namespace JsonPointer

// Which JSON Schema dialect a document is written in. Without $schema it is 2020-12 (MCP spec).
enum class SchemaDialect { Draft2020, Draft2019, Draft07 };
SchemaDialect schemaDialect(const QJsonValue &rootSchema);

// Resolves $ref inside one schema document: "#", "#/json/pointer" (with ~0 ~1 and %-escapes),
// "#anchor" ($anchor), and $id-relative references to subschemas of the same document.
// Remote documents are never fetched: such references come back with an error.
class SchemaResolver
{
public:
    struct Resolved
    {
        QJsonValue schema;
        QString pointer; // where the schema lives in the document
        QString error;   // set when the reference cannot be followed
        bool isValid() const { return error.isEmpty(); }
    };

    SchemaResolver() = default;
    explicit SchemaResolver(const QJsonValue &rootSchema);

    const QJsonValue &root() const { return m_root; }
    SchemaDialect dialect() const { return m_dialect; }

    // Follows one reference.
    Resolved resolveRef(const QString &ref) const;
    // Follows a chain of bare {"$ref": ...} schemas to the first real schema; detects ref loops.
    Resolved resolve(const QJsonValue &schema, const QString &pointer) const;

private:
    void collectIds(const QJsonValue &node, const QString &pointer);

    QJsonValue m_root;
    SchemaDialect m_dialect = SchemaDialect::Draft2020;
    QString m_rootId;                 // root $id without fragment
    QHash<QString, QString> m_anchors; // anchor name or $id -> pointer
};

} // namespace Mcp
