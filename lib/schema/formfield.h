#pragma once

#include "schemaresolver.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>
#include <QSharedPointer>
#include <QString>

#include <optional>

namespace Mcp {

class FormField;
using FormFieldPtr = QSharedPointer<const FormField>;

struct EnumOption
{
    QJsonValue value;
    QString title; // from a titled const, legacy enumNames, or empty (show the value)
};

struct FormConstraints
{
    std::optional<double> minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf;
    std::optional<int> minLength, maxLength, minItems, maxItems, minProperties, maxProperties;
    QString pattern;
    bool uniqueItems = false;
};

struct PatternField
{
    QString pattern; // ECMA-262 regular expression the key must match
    FormFieldPtr field;
};

// One field of a form, described from a JSON Schema (value type, shared read-only).
// The widget builder walks this tree; the user's entries live in FormValue/FormState.
class FormField
{
public:
    enum class Kind {
        String,      // text; format says email, uri, date, date-time, ...
        Number,      // floating point
        Integer,     // whole number
        Boolean,     // check box
        Enum,        // one of options (select); titles from oneOf/anyOf consts or enumNames
        Const,       // one fixed value: show it, nothing to edit
        Object,      // children are the properties; itemField/patternFields for other keys
        Array,       // list of itemField values: add, remove, reorder
        MultiSelect, // array of distinct options (check list)
        Tuple,       // children are the positions (prefixItems); itemField for the rest
        Map,         // key/value editor: itemField and patternFields give the value field per key
        Variant,     // variants are the alternatives (oneOf/anyOf/type lists); pick one
        Null,        // only null is allowed
        Raw,         // a JSON editor for what a form cannot express; note says why
    };

    Kind kind = Kind::Raw;
    QString key;        // property name in the parent object (empty for the root, items, variants)
    QString schemaPath; // JSON pointer of the schema this field was built from, in the schema document
    QString title;      // schema title (may be empty: use displayName())
    QString description;
    QString format;     // string format (email, uri, date, date-time, ...)
    QString note;       // why this part is Raw, or what the form leaves to validation
    bool required = false; // parent object lists it in required
    bool nullable = false; // null is allowed besides the kind's own values
    bool readOnly = false;
    bool writeOnly = false;
    bool deprecated = false;
    bool hasDefault = false;
    QJsonValue defaultValue;
    QJsonArray examples;
    QList<EnumOption> options; // Enum and MultiSelect
    QJsonValue constValue;     // Const
    FormConstraints constraints;
    QList<FormFieldPtr> children; // Object properties (in the schema text's order), Tuple positions
    QList<FormFieldPtr> variants; // Variant alternatives, each with a title
    FormFieldPtr itemField;       // Array items; Tuple items after children; Object/Map values of other keys
    QList<PatternField> patternFields; // Object/Map: value field for keys matching a pattern
    bool additionalAllowed = true;     // Object/Map: other keys allowed; Tuple: items after children allowed
    bool deferred = false;             // recursive part not built yet: FormBuilder::expand() builds it
    QJsonValue schema;                 // the (resolved, merged) schema of this field

    QString displayName() const; // title, else key, else empty
    bool isContainer() const;    // Object, Array, MultiSelect, Tuple, Map, Variant
    // The field for the value of `key` in an Object/Map that is not one of its children.
    FormFieldPtr fieldForKey(const QString &key) const;
    FormFieldPtr child(const QString &key) const;

    static QString kindName(Kind kind);
};

// Builds FormFields from one schema document. Recursive $refs stop at the second visit with a
// deferred field, which expand() builds one level further when the user opens it: never a loop.
class FormBuilder
{
public:
    FormBuilder() = default;
    explicit FormBuilder(const QJsonValue &rootSchema);

    const SchemaResolver &resolver() const { return m_resolver; }
    FormFieldPtr build() const;
    FormFieldPtr expand(const FormFieldPtr &field) const; // returns field itself unless deferred
    // A field that accepts any JSON value (Raw), for unknown keys and items.
    static FormFieldPtr anyField(const QString &key = QString());

private:
    struct Context;
    FormFieldPtr buildField(const QJsonValue &schema, const QString &schemaPath, const QString &key, bool required,
                            Context &context, int depth) const;

    SchemaResolver m_resolver;
};

} // namespace Mcp
