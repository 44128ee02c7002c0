#pragma once

#include "schema/formstate.h"

#include <QHash>
#include <QJsonValue>
#include <QPointer>
#include <QWidget>

#include <functional>

QT_BEGIN_NAMESPACE
class QBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QScrollArea;
class QStackedWidget;
class QTimer;
class QToolButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

class FieldSlot;

// A form built from a JSON Schema (tool inputSchema, elicitation requestedSchema, prompt
// arguments), bound to the FormState it owns. One editor per FormField kind; every edit goes
// to the FormState by JSON pointer, so toJson() is always what the widgets show. Structural
// edits (items, entries, variants, include, expand) rebuild only the part they touch.
// An "Edit as JSON" view is kept in sync both ways; text that does not parse is reported and
// never replaces the form.
//
// Editors are named for tests and automation: "field:<path>" (the editor of a value),
// "include:<path>", "null:<path>", "add:<path>", "remove:<path>", "up:<path>", "down:<path>",
// "variant:<path>", "expand:<path>", "entrykey:<path>", "newkey:<path>", "message:<path>".
class SchemaFormWidget : public QWidget
{
    Q_OBJECT

public:
    explicit SchemaFormWidget(QWidget *parent = nullptr);
    ~SchemaFormWidget() override;

    void setSchema(const QJsonValue &schema);
    // Replaces the form state (schema and entries) and rebuilds the widgets.
    void setFormState(const FormState &state);
    const FormState &formState() const { return m_state; }

    // The value to send (unset optional fields left out).
    QJsonValue value() const { return m_state.toJson(); }
    // The height that shows every field (or the JSON editor at its usual size) without scrolling;
    // sizeHint() is bigger, as it counts the JSON editor page while the fields are shown.
    int naturalHeight() const;
    // Fills the form from a value; what the form cannot express is kept as JSON.
    void setValue(const QJsonValue &value);
    void applyDefaults();
    void clear();

    bool isJsonMode() const { return m_jsonMode; }
    // Switching back to the form fails (and stays in JSON mode) when the text does not parse.
    bool setJsonMode(bool on);
    // Why the JSON text does not parse (JSON mode only), or empty.
    QString jsonError() const { return m_jsonError; }

    // Validates, shows every message next to its field (including required fields left
    // empty) and returns the result. A JSON text that does not parse makes it invalid.
    ValidationResult validateAndShow();
    // The issues one per line, each field named as its row is labelled ("Address › Postcode:
    // must match …"), not by its JSON pointer.
    QString describe(const ValidationResult &result) const;
    QString fieldName(const QString &path) const;

Q_SIGNALS:
    void valueChanged();
    void jsonModeChanged(bool on);

private:
    struct RowOptions
    {
        QString label;
        bool allowPresence = true; // optional containers get an include check box
        std::function<void(QBoxLayout *)> addButtons;
    };
    friend class FieldSlot;

    void rebuildAll();
    FieldSlot *makeSlot(const QString &path, int variantDepth, const RowOptions &options);
    void fillSlot(FieldSlot *slot);
    const FormValue *resolve(const QString &path, int variantDepth) const;

    QWidget *buildScalarRow(const FormValue &node, FieldSlot *slot);
    QWidget *buildEditor(const FormValue &node, FieldSlot *slot, QWidget *parent);
    // One editor per field kind (buildEditor picks one and finishes it).
    QWidget *buildStringEditor(const FormValue &node, QWidget *parent);
    QWidget *buildNumberEditor(const FormValue &node, QWidget *parent);
    QWidget *buildBooleanEditor(const FormValue &node, QWidget *parent);
    QWidget *buildEnumEditor(const FormValue &node, QWidget *parent);
    QWidget *buildMultiSelectEditor(const FormValue &node, QWidget *parent);
    QWidget *buildSection(const FormValue &node, FieldSlot *slot);
    QWidget *buildSectionTitle(const FormValue &n, FieldSlot *slot, const QString &title, bool optional, QWidget *box);
    QComboBox *buildVariantChooser(const FormValue &n, FieldSlot *slot, bool present, QWidget *box);
    // The "null" box of a nullable field or section: ticked sends null, unticked leaves the field unset.
    QCheckBox *buildNullToggle(const FormValue &n, FieldSlot *slot, QWidget *box);
    void buildSectionBody(const FormValue &n, FieldSlot *slot, bool present, QWidget *bodyWidget, QBoxLayout *body);
    void buildObjectBody(const FormValue &node, FieldSlot *slot, QBoxLayout *body);
    void buildArrayBody(const FormValue &node, FieldSlot *slot, QBoxLayout *body);
    void buildEntries(const FormValue &node, FieldSlot *slot, QBoxLayout *body, bool isMap);
    QWidget *buildRawEditor(const FormValue &node, FieldSlot *slot, QWidget *parent);
    QLabel *messageLabel(const QString &path, QWidget *parent);
    QString labelText(const FormField &field, const QString &fallback) const;
    QString placeholderFor(const FormField &field) const;

    // After a scalar edit: emit, schedule validation.
    void edited();
    // Sets the field at path to value, or unsets it when set is false (an editor left empty).
    void setOrUnset(const QString &path, const QJsonValue &value, bool set);
    // After a structural edit of the part in `slot`: rebuild that part only.
    void structureChanged(FieldSlot *slot);
    void runLiveValidation();
    // What the validator finds and the form's own date and time checks, each problem once.
    ValidationResult checkAll() const;
    void showIssues(const QList<ValidationIssue> &issues, bool includeMissing);
    void syncJsonFromForm();
    bool applyJsonText(bool report);

    FormState m_state;
    QStackedWidget *m_stack = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_toolbar = nullptr;
    QToolButton *m_jsonButton = nullptr;
    QLabel *m_summary = nullptr;
    QPlainTextEdit *m_jsonEdit = nullptr;
    QLabel *m_jsonErrorLabel = nullptr;
    QTimer *m_validateTimer = nullptr;
    QTimer *m_jsonTimer = nullptr;
    FieldSlot *m_rootSlot = nullptr;
    QHash<QString, QPointer<QLabel>> m_messages;
    bool m_jsonMode = false;
    bool m_showMissing = false;
    bool m_settingJsonText = false;
    QString m_jsonError;
};

} // namespace Mcp::Ui
