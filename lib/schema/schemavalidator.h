#pragma once

#include <QJsonValue>
#include <QList>
#include <QSharedPointer>
#include <QString>

namespace Mcp {

// One thing wrong with a value, located by a JSON pointer into the value ("/address/zip").
struct ValidationIssue
{
    QString path;    // "" is the whole value
    QString message; // a sentence fragment a person can act on: "must match pattern ^[0-9]{5}$"
    QString keyword; // the schema keyword that failed ("pattern", "required", ...)

    // "/address/zip: must match pattern ^[0-9]{5}$"
    QString text() const;
    bool operator==(const ValidationIssue &other) const
    {
        return path == other.path && message == other.message && keyword == other.keyword;
    }
};

struct ValidationResult
{
    bool valid = true;
    QList<ValidationIssue> issues; // may hold format warnings even when valid
    QString schemaProblem;         // set when the schema itself could not be compiled
    QString summary() const;       // issues joined one per line
};

// Validates JSON values against a JSON Schema (2020-12 by default, draft-07 when $schema says so).
// The verdict comes from valijson (compiled once, after SchemaNormalizer rewrites 2019-09/2020-12
// keywords it lacks); messages come from our own walk of the schema, which names each field
// and says what would make it valid. Formats email, uri, uuid, ipv4 are checked by us.
class SchemaValidator
{
public:
    // Which engine decides validity; Combined is what the application uses.
    // ValijsonUnnormalized (valijson on the schema as given) exists to measure what the
    // normaliser adds.
    enum class Engine { Combined, ValijsonOnly, MessagesOnly, ValijsonUnnormalized };

    SchemaValidator();
    explicit SchemaValidator(const QJsonValue &schema, Engine engine = Engine::Combined);
    ~SchemaValidator();
    SchemaValidator(const SchemaValidator &);
    SchemaValidator &operator=(const SchemaValidator &);

    // Empty when valijson compiled the schema; otherwise why not (messages still work).
    QString schemaProblem() const;
    // True when valijson compiled the schema (the verdict is then valijson's).
    bool isCompiled() const;

    ValidationResult validate(const QJsonValue &instance) const;

    // Validate against the subschema at a JSON pointer of the same document (refs still resolve).
    static ValidationResult validate(const QJsonValue &schema, const QJsonValue &instance);

private:
    struct Private;
    QSharedPointer<Private> d;
};

} // namespace Mcp
