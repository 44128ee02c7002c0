#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace Mcp {

// An RFC 6570 URI template, enough of it for MCP resource templates: level 1 `{var}`
// (one path segment, percent-decoded) and level 2 `{+var}` (reserved: may span segments).
// Matches a concrete URI against the template and extracts the variables.
class UriTemplate
{
public:
    UriTemplate() = default;
    explicit UriTemplate(const QString &pattern);

    QString pattern() const { return m_pattern; }
    QStringList variableNames() const { return m_variables; }
    bool isValid() const { return !m_pattern.isEmpty(); }

    // True when uri is an expansion of this template; fills *variables when given.
    bool match(const QString &uri, QMap<QString, QString> *variables = nullptr) const;
    // Expands the template (values are percent-encoded; `{+var}` keeps reserved characters).
    QString expand(const QMap<QString, QString> &variables) const;

private:
    QString m_pattern;
    QStringList m_variables;
    QList<bool> m_reserved;
    QStringList m_literals; // the text before each variable, and after the last one

};

} // namespace Mcp
