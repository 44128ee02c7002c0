#pragma once

#include "formfield.h"
#include "schemavalidator.h"

#include <QJsonValue>
#include <QString>

#include <vector>

namespace Mcp {

// The user's entry for one FormField, and (for containers) for its parts.
// "Unset" is distinct from an empty string, 0, false or an empty list: unset optional fields
// are left out of the value. Read it through FormState::node(); change it through FormState.
class FormValue
{
public:
    struct Entry; // a key of an Object/Map that is not one of its declared properties

    FormFieldPtr field() const { return m_field; }
    FormField::Kind kind() const { return m_field->kind; }
    QString path() const { return m_path; } // JSON pointer of this value in the built value
    bool isSet() const { return m_set; }
    bool isNull() const { return m_set && m_null; }
    // The value does not fit the field (wrong type, not an option, ...): show it as JSON.
    bool isOverridden() const { return m_override; }
    QJsonValue value() const { return m_value; } // scalar kinds, Raw, MultiSelect (array), overridden nodes
    QString rawText() const { return m_rawText; }   // last text given to setRawText
    QString rawError() const { return m_rawError; } // why that text is not JSON, or empty
    int variantIndex() const { return m_variant; }
    // Object: one per field()->children, same order. Array/Tuple: the items. Variant: the chosen one.
    const std::vector<FormValue> &items() const { return m_items; }
    const std::vector<Entry> &entries() const { return m_entries; }
    const FormValue *child(const QString &key) const;
    const FormValue *entry(const QString &key) const;

private:
    friend class FormState;
    FormFieldPtr m_field;
    QString m_path;
    QJsonValue m_value;
    QString m_rawText;
    QString m_rawError;
    bool m_set = false;
    bool m_null = false;
    bool m_override = false;
    int m_variant = -1;
    std::vector<FormValue> m_items;
    std::vector<Entry> m_entries;
};

struct FormValue::Entry
{
    QString key;
    FormValue value;
};

// Why text is not a value of a JSON Schema "date", "time" or "date-time" format (RFC 3339);
// empty when it is one, or when the format is another.
QString dateTimeFormatProblem(const QString &format, const QString &text);

// A form built from a JSON Schema together with the user's entries, addressed by JSON pointer
// paths into the value ("/address/zip", "/tags/0"). A Variant shares its path with the chosen
// alternative, so "/shape/radius" reaches through the Variant at "/shape".
class FormState
{
public:
    FormState();
    explicit FormState(const QJsonValue &schema);

    const QJsonValue &schema() const { return m_builder.resolver().root(); }
    FormFieldPtr rootField() const { return m_root.field(); }
    const FormValue &root() const { return m_root; }
    const FormValue *node(const QString &path) const;

    // Set a value (any kind: containers take a whole JSON value, as fromJson does). Marks the
    // enclosing objects set. Undefined unsets. A value the field cannot express is kept as is
    // and the node is shown as JSON (isOverridden).
    bool setValue(const QString &path, const QJsonValue &value);
    // Text from a JSON editor: valid text sets the value; invalid text is kept and reported.
    bool setRawText(const QString &path, const QString &text);
    bool setNull(const QString &path);
    bool unset(const QString &path);
    // Include an optional object, list or map (empty), or expand a deferred recursive part.
    bool setPresent(const QString &path);
    int addItem(const QString &path); // returns the new index, or -1
    bool removeItem(const QString &path, int index);
    bool moveItem(const QString &path, int from, int to);
    bool addEntry(const QString &path, const QString &key);
    bool removeEntry(const QString &path, const QString &key);
    bool renameEntry(const QString &path, const QString &from, const QString &to);
    bool selectVariant(const QString &path, int index);

    // The value to send: unset optional fields left out, required objects present.
    QJsonValue toJson() const;
    // Fill the form from a value; anything the form cannot express is kept in that part as JSON.
    void fromJson(const QJsonValue &value);
    // Fill every unset field that has a default with it (elicitation: omitted means default);
    // RequiredOnly fills only required fields, which must be sent anyway: a new form starts
    // with those, while an optional field's default stays a placeholder (omitted, the server
    // applies it).
    enum class Defaults { All, RequiredOnly };
    void applyDefaults(Defaults which = Defaults::All);
    // Required fields left empty, empty list items, JSON text that does not parse.
    QList<ValidationIssue> missing() const;
    // missing() plus a full schema validation of toJson().
    ValidationResult validate() const;
    // Dates and times typed by hand that are not RFC 3339 (the validator checks no formats): one
    // issue with keyword "format" for each, saying what was expected.
    QList<ValidationIssue> formatIssues() const;

private:
    FormValue makeNode(const FormFieldPtr &field, const QString &path) const;
    void expand(FormValue &node) const;
    void load(FormValue &node, const QJsonValue &value) const;
    // Empties node and returns what it held; a Variant keeps the variant chosen.
    FormValue reset(FormValue &node) const;
    FormValue *walk(const QString &path, bool expandDeferred, QList<FormValue *> *chain = nullptr);
    void markSet(const QList<FormValue *> &chain);
    void applyDefaults(FormValue &node, bool emitted, Defaults which) const;
    static void repath(FormValue &node, const QString &path);

    FormBuilder m_builder;
    SchemaValidator m_validator;
    FormValue m_root;
};

} // namespace Mcp
