#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QVariant>

namespace Mcp {

// The JSON paths of a collection's assertions: a JSONPath subset ($, .name, ['name'],
// [index] with negative indexes from the end, [*] and .* for every member or element) or a
// JSON pointer (/a/b/0, RFC 6901). Pure.
class JsonPath
{
public:
    JsonPath() = default;
    // Empty error when the text is a path; else why not.
    static JsonPath parse(const QString &text, QString *error);

    bool isValid() const { return m_valid; }
    QString text() const { return m_text; }
    // Every value the path selects (none when a step finds nothing).
    QList<QJsonValue> select(const QJsonValue &root) const;

private:
    struct Step
    {
        enum class Kind { Member, Index, Wildcard } kind = Kind::Member;
        QString name;
        qsizetype index = 0;
    };
    QList<Step> m_steps;
    QString m_text;
    bool m_valid = false;
};

// The byte offset in a JSON text where the value at a JSON pointer starts, or -1. The text
// must be valid JSON; used to give schema errors a line and column.
qsizetype jsonPointerOffset(const QByteArray &json, const QString &pointer);

} // namespace Mcp
