#include "schemaform.h"

#include "widgets/jsontext.h"
#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/markdown.h"
#include "widgets/quietdestruction.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QFocusEvent>
#include <QFrame>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace Mcp::Ui {

using Kind = FormField::Kind;

// The widget that holds the editor of one value. It survives rebuilds of its content, so
// what the user chose about the part (collapsed, the value before "include" was unticked)
// is kept while the part is rebuilt after structural edits.
class FieldSlot : public QWidget
{
public:
    FieldSlot(const QString &path, int variantDepth, QWidget *parent)
        : QWidget(parent), path(path), variantDepth(variantDepth), layout(new QVBoxLayout(this))
    {
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
    }

    QString path;
    int variantDepth = 0; // how many Variant levels to step into below the node at path
    SchemaFormWidget::RowOptions options;
    QPointer<QWidget> content;
    QJsonValue snapshot = QJsonValue::Undefined; // value kept while "include" is unticked
    bool collapsed = false;
    QVBoxLayout *layout;
};

namespace {

// Clicking an unset (partially checked) box sets true; after that it toggles true/false.
// Unsetting is a separate button, so nobody lands on "unset" by clicking once too often.
class TwoStateCheckBox : public QCheckBox
{
public:
    using QCheckBox::QCheckBox;

protected:
    void nextCheckState() override { setCheckState(checkState() == Qt::Checked ? Qt::Unchecked : Qt::Checked); }
};

bool isSectionKind(Kind kind)
{
    return kind == Kind::Object || kind == Kind::Array || kind == Kind::Tuple || kind == Kind::Map
        || kind == Kind::Variant;
}

QString optionText(const EnumOption &option)
{
    if (!option.title.isEmpty())
        return option.title;
    return option.value.isString() ? option.value.toString() : JsonText::compact(option.value);
}

// A field that still shows its schema default (a required field starts with it) selects it
// all when focus arrives, by keyboard or by a click, so what the user types replaces the
// default instead of being appended to it.
class SelectDefaultOnFocus : public QObject
{
public:
    SelectDefaultOnFocus(QLineEdit *edit, const QString &defaultText)
        : QObject(edit)
        , m_edit(edit)
        , m_default(defaultText)
    {
        edit->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        // The event type first: a focus-out arrives while the edit is being destroyed.
        const QEvent::Type type = event->type();
        if ((type != QEvent::FocusIn && type != QEvent::MouseButtonRelease) || watched != m_edit || m_edit->text() != m_default)
            return false;
        if (type == QEvent::FocusIn) {
            m_edit->selectAll();
            m_clickFocused = static_cast<QFocusEvent *>(event)->reason() == Qt::MouseFocusReason;
        } else if (event->type() == QEvent::MouseButtonRelease && m_clickFocused) {
            m_clickFocused = false;
            if (!m_edit->hasSelectedText())
                QMetaObject::invokeMethod(m_edit, &QLineEdit::selectAll, Qt::QueuedConnection);
        }
        return false;
    }

private:
    QLineEdit *m_edit;
    QString m_default;
    bool m_clickFocused = false;
};

QLabel *helpLabel(const QString &text, QWidget *parent, bool italic = false)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    setMarkdownText(label, text);
    label->setForegroundRole(QPalette::PlaceholderText);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    font.setItalic(italic);
    label->setFont(font);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

bool wantsMultiLine(const FormField &field)
{
    static const QStringList keys = {QStringLiteral("content"), QStringLiteral("text"), QStringLiteral("body"),
                                     QStringLiteral("code"), QStringLiteral("script"), QStringLiteral("source"),
                                     QStringLiteral("patch"), QStringLiteral("diff"), QStringLiteral("sql"),
                                     QStringLiteral("markdown"), QStringLiteral("html"), QStringLiteral("template"),
                                     QStringLiteral("systemPrompt"), QStringLiteral("prompt")};
    if (!field.format.isEmpty())
        return false;
    if (field.constraints.maxLength && *field.constraints.maxLength > 256)
        return true;
    if (field.schema.toObject().contains(QLatin1String("contentMediaType")))
        return true;
    return keys.contains(field.key, Qt::CaseInsensitive);
}

QString formatHint(const QString &format)
{
    if (format == QLatin1String("email"))
        return QStringLiteral("name@example.com");
    if (format == QLatin1String("uri") || format == QLatin1String("url") || format == QLatin1String("iri"))
        return QStringLiteral("https://example.com/");
    if (format == QLatin1String("date"))
        return QStringLiteral("YYYY-MM-DD");
    if (format == QLatin1String("date-time"))
        return QStringLiteral("YYYY-MM-DDThh:mm:ssZ");
    if (format == QLatin1String("time"))
        return QStringLiteral("hh:mm:ss");
    if (format == QLatin1String("uuid"))
        return QStringLiteral("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
    if (format == QLatin1String("ipv4"))
        return QStringLiteral("192.0.2.1");
    return QString();
}

QString parentPointer(const QString &path)
{
    const int slash = path.lastIndexOf(u'/');
    return slash <= 0 ? QString() : path.left(slash);
}

} // namespace

SchemaFormWidget::SchemaFormWidget(QWidget *parent)
    : QWidget(parent)
    , m_state(QJsonValue(QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_toolbar = new QWidget(this);
    auto *bar = new QHBoxLayout(m_toolbar);
    bar->setContentsMargins(0, 0, 0, 0);
    m_jsonButton = new QToolButton(m_toolbar);
    m_jsonButton->setText(tr("Edit as JSON"));
    m_jsonButton->setCheckable(true);
    m_jsonButton->setObjectName(QStringLiteral("editAsJson"));
    m_jsonButton->setToolTip(tr("Switch between the form and the JSON text of the arguments; both stay in sync"));
    auto *defaults = new QToolButton(m_toolbar);
    defaults->setText(tr("Fill defaults"));
    defaults->setObjectName(QStringLiteral("fillDefaults"));
    defaults->setToolTip(tr("Fill every empty field that has a default with it"));
    auto *clearButton = new QToolButton(m_toolbar);
    clearButton->setText(tr("Clear"));
    clearButton->setObjectName(QStringLiteral("clearForm"));
    bar->addWidget(m_jsonButton);
    bar->addWidget(defaults);
    bar->addWidget(clearButton);
    bar->addStretch(1);
    layout->addWidget(m_toolbar);

    m_summary = hiddenNote<QLabel>(Theme::Role::Error, QStringLiteral("message:"), this);
    layout->addWidget(m_summary);

    m_stack = new QStackedWidget(this);
    m_scroll = new QScrollArea(m_stack);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // No Tab stop of its own (nothing shows it has the focus); Tab goes through the fields, and
    // it scrolls to the one that takes the focus.
    m_scroll->setFocusPolicy(Qt::NoFocus);
    m_stack->addWidget(m_scroll);

    auto *jsonPage = new QWidget(m_stack);
    auto *jsonLayout = new QVBoxLayout(jsonPage);
    jsonLayout->setContentsMargins(0, 0, 0, 0);
    m_jsonEdit = new QPlainTextEdit(jsonPage);
    m_jsonEdit->setObjectName(QStringLiteral("jsonEditor"));
    m_jsonEdit->setFont(JsonText::monospaceFont());
    m_jsonEdit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_jsonEdit->setTabChangesFocus(true);
    m_jsonErrorLabel = hiddenNote<QLabel>(Theme::Role::Error, QStringLiteral("jsonError"), jsonPage);
    jsonLayout->addWidget(m_jsonEdit, 1);
    jsonLayout->addWidget(m_jsonErrorLabel);
    m_stack->addWidget(jsonPage);
    layout->addWidget(m_stack, 1);

    m_validateTimer = new QTimer(this);
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(250);
    connect(m_validateTimer, &QTimer::timeout, this, &SchemaFormWidget::runLiveValidation);

    connect(m_jsonButton, &QToolButton::toggled, this, [this](bool on) {
        if (!setJsonMode(on)) {
            const QSignalBlocker blocker(m_jsonButton);
            m_jsonButton->setChecked(m_jsonMode);
        }
    });
    connect(defaults, &QToolButton::clicked, this, [this] {
        if (m_jsonMode && !applyJsonText(true))
            return;
        applyDefaults();
    });
    connect(clearButton, &QToolButton::clicked, this, &SchemaFormWidget::clear);
    connect(m_jsonEdit, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_settingJsonText)
            applyJsonText(true);
    });

    rebuildAll();
}

SchemaFormWidget::~SchemaFormWidget()
{
    quietEditorsForDestruction(this);
}

int SchemaFormWidget::naturalHeight() const
{
    QWidget *page = m_stack->currentWidget();
    const int pageHeight = page == m_scroll && m_scroll->widget() ? m_scroll->widget()->sizeHint().height() : page->sizeHint().height();
    return sizeHint().height() - m_stack->sizeHint().height() + pageHeight;
}

void SchemaFormWidget::setSchema(const QJsonValue &schema)
{
    FormState state(schema);
    state.applyDefaults(FormState::Defaults::RequiredOnly); // required fields start at their default
    setFormState(state);
}

void SchemaFormWidget::setFormState(const FormState &state)
{
    m_state = state;
    m_showMissing = false;
    m_jsonError.clear();
    rebuildAll();
}

void SchemaFormWidget::setValue(const QJsonValue &value)
{
    m_state.fromJson(value);
    rebuildAll();
    edited();
}

void SchemaFormWidget::applyDefaults()
{
    m_state.applyDefaults();
    rebuildAll();
    edited();
}

void SchemaFormWidget::clear()
{
    m_state = FormState(m_state.schema());
    m_state.applyDefaults(FormState::Defaults::RequiredOnly);
    m_showMissing = false;
    rebuildAll();
    edited();
}

bool SchemaFormWidget::setJsonMode(bool on)
{
    if (on == m_jsonMode)
        return true;
    if (on) {
        syncJsonFromForm();
        m_jsonMode = true;
        m_stack->setCurrentIndex(1);
    } else {
        if (!applyJsonText(true))
            return false; // the error is on show; the form keeps its last valid value
        m_jsonMode = false;
        rebuildAll();
        m_stack->setCurrentIndex(0);
        runLiveValidation();
    }
    {
        const QSignalBlocker blocker(m_jsonButton);
        m_jsonButton->setChecked(m_jsonMode);
    }
    Q_EMIT jsonModeChanged(m_jsonMode);
    return true;
}

void SchemaFormWidget::syncJsonFromForm()
{
    const QJsonValue value = m_state.toJson();
    m_settingJsonText = true;
    m_jsonEdit->setPlainText(value.isUndefined() ? QString() : JsonText::pretty(value));
    m_settingJsonText = false;
    m_jsonError.clear();
    m_jsonErrorLabel->hide();
}

bool SchemaFormWidget::applyJsonText(bool report)
{
    const QString text = m_jsonEdit->toPlainText();
    QString error;
    const auto value = text.trimmed().isEmpty() ? std::optional<QJsonValue>(QJsonValue(QJsonValue::Undefined))
                                                : JsonText::parse(text, &error);
    if (!value) {
        m_jsonError = error;
        if (report) {
            m_jsonErrorLabel->setText(tr("Not valid JSON: %1. The form keeps its last valid value.").arg(error));
            m_jsonErrorLabel->show();
        }
        return false;
    }
    m_jsonError.clear();
    m_jsonErrorLabel->hide();
    m_state.fromJson(*value);
    Q_EMIT valueChanged();
    return true;
}

ValidationResult SchemaFormWidget::validateAndShow()
{
    if (m_jsonMode)
        applyJsonText(true);
    m_showMissing = true;
    ValidationResult result = checkAll();
    // Format problems are only warnings to the validator; a person filling a form wants them fixed.
    for (const ValidationIssue &issue : std::as_const(result.issues))
        if (issue.keyword == QLatin1String("format"))
            result.valid = false;
    if (!m_jsonError.isEmpty()) {
        result.valid = false;
        result.issues.prepend({QString(), tr("the JSON text does not parse: %1").arg(m_jsonError), QStringLiteral("json")});
    }
    showIssues(result.issues, true);
    return result;
}

QString SchemaFormWidget::fieldName(const QString &path) const
{
    QStringList names;
    for (QString at = path; !at.isEmpty(); at = parentPointer(at)) {
        const FormValue *node = m_state.node(at);
        const QString name = node && node->field() ? node->field()->displayName() : QString();
        // List items have no name of their own: their place in the list is theirs.
        names.prepend(name.isEmpty() ? at.mid(at.lastIndexOf(u'/') + 1) : name);
    }
    return names.join(QStringLiteral(" › "));
}

QString SchemaFormWidget::describe(const ValidationResult &result) const
{
    QStringList lines;
    for (const ValidationIssue &issue : result.issues)
        lines.append(issue.path.isEmpty() ? issue.message : fieldName(issue.path) + QLatin1String(": ") + issue.message);
    return lines.join(u'\n');
}

void SchemaFormWidget::setOrUnset(const QString &path, const QJsonValue &value, bool set)
{
    if (set)
        m_state.setValue(path, value);
    else
        m_state.unset(path);
}

void SchemaFormWidget::edited()
{
    Q_EMIT valueChanged();
    m_validateTimer->start();
}

void SchemaFormWidget::runLiveValidation()
{
    if (m_jsonMode)
        return;
    const ValidationResult result = checkAll();
    showIssues(result.issues, m_showMissing);
}

ValidationResult SchemaFormWidget::checkAll() const
{
    // The form's own date and time checks only add what the validator did not already say of
    // the field: one problem is said once, in one wording.
    ValidationResult result = m_state.validate();
    for (const ValidationIssue &issue : m_state.formatIssues()) {
        const bool known = std::any_of(result.issues.cbegin(), result.issues.cend(), [&issue](const ValidationIssue &other) {
            return other.path == issue.path && other.keyword == issue.keyword;
        });
        if (!known)
            result.issues.append(issue);
    }
    return result;
}

void SchemaFormWidget::showIssues(const QList<ValidationIssue> &issues, bool includeMissing)
{
    QHash<QLabel *, QStringList> texts;
    QStringList summary;
    for (const ValidationIssue &issue : issues) {
        if (!includeMissing && issue.keyword == QLatin1String("required"))
            continue;
        QString message = issue.message;
        if (issue.keyword == QLatin1String("json")) {
            const FormValue *node = m_state.node(issue.path);
            if (node && (node->kind() == Kind::Number || node->kind() == Kind::Integer) && !node->isOverridden())
                message = node->kind() == Kind::Integer ? tr("is not a whole number") : tr("is not a number");
        }
        QString path = issue.path;
        QLabel *label = nullptr;
        while (true) {
            const auto it = m_messages.constFind(path);
            if (it != m_messages.cend() && it.value()) {
                label = it.value();
                break;
            }
            if (path.isEmpty())
                break;
            path = parentPointer(path);
        }
        if (label && path == issue.path)
            texts[label].append(message);
        else if (label)
            texts[label].append(issue.path.mid(path.size() + 1) + QLatin1String(": ") + message);
        else
            summary.append(issue.path.isEmpty() ? message : fieldName(issue.path) + QLatin1String(": ") + message);
    }
    for (auto it = m_messages.begin(); it != m_messages.end(); ++it) {
        QLabel *label = it.value();
        if (!label)
            continue;
        const QStringList lines = texts.value(label);
        label->setText(lines.join(u'\n'));
        label->setVisible(!lines.isEmpty());
    }
    m_summary->setText(summary.join(u'\n'));
    m_summary->setVisible(!summary.isEmpty());
}

void SchemaFormWidget::rebuildAll()
{
    m_messages.clear();
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    m_rootSlot = new FieldSlot(QString(), 0, page);
    m_rootSlot->options.allowPresence = false;
    fillSlot(m_rootSlot);
    layout->addWidget(m_rootSlot);
    layout->addStretch(1);
    const int scroll = m_scroll->verticalScrollBar()->value();
    QWidget *old = m_scroll->takeWidget();
    m_scroll->setWidget(page);
    if (old)
        old->deleteLater();
    m_scroll->verticalScrollBar()->setValue(scroll);
    if (m_jsonMode)
        syncJsonFromForm();
}

const FormValue *SchemaFormWidget::resolve(const QString &path, int variantDepth) const
{
    const FormValue *node = m_state.node(path);
    for (int i = 0; node && i < variantDepth; ++i)
        node = node->kind() == Kind::Variant && !node->items().empty() ? &node->items().front() : nullptr;
    return node;
}

FieldSlot *SchemaFormWidget::makeSlot(const QString &path, int variantDepth, const RowOptions &options)
{
    auto *slot = new FieldSlot(path, variantDepth, nullptr);
    slot->options = options;
    fillSlot(slot);
    return slot;
}

void SchemaFormWidget::fillSlot(FieldSlot *slot)
{
    if (slot->content) {
        // deleteLater: the button that asked for this rebuild may live inside the old content.
        // Out of the tree at once, so nothing finds the stale editors before they are deleted.
        slot->content->hide();
        slot->layout->removeWidget(slot->content);
        slot->content->setParent(nullptr);
        slot->content->deleteLater();
    }
    const FormValue *node = resolve(slot->path, slot->variantDepth);
    QWidget *content = nullptr;
    if (!node) {
        content = helpLabel(tr("(no value at %1)").arg(slot->path), slot);
    } else {
        const FormField &field = *node->field();
        if (!node->isOverridden() && (field.deferred || isSectionKind(field.kind)))
            content = buildSection(*node, slot);
        else
            content = buildScalarRow(*node, slot);
    }
    content->setParent(slot);
    slot->layout->addWidget(content);
    slot->content = content;
}

QString SchemaFormWidget::labelText(const FormField &field, const QString &fallback) const
{
    QString text = fallback.isEmpty() ? field.displayName() : fallback;
    if (text.isEmpty())
        text = tr("Value");
    if (field.required)
        text += QLatin1String(" *");
    if (field.deprecated)
        text += QLatin1Char(' ') + tr("(deprecated)");
    return text;
}

QString SchemaFormWidget::placeholderFor(const FormField &field) const
{
    QStringList parts;
    if (field.hasDefault)
        parts.append(tr("default: %1").arg(field.defaultValue.isString() ? field.defaultValue.toString()
                                                                          : JsonText::compact(field.defaultValue)));
    else if (!field.examples.isEmpty())
        parts.append(tr("e.g. %1").arg(field.examples.first().isString() ? field.examples.first().toString()
                                                                          : JsonText::compact(field.examples.first())));
    else if (!formatHint(field.format).isEmpty())
        parts.append(formatHint(field.format));
    const FormConstraints &c = field.constraints;
    if (field.kind == Kind::Number || field.kind == Kind::Integer) {
        auto number = [](double v) { return JsonText::compact(QJsonValue(v)); };
        QString low, high;
        if (c.minimum)
            low = number(*c.minimum) + QStringLiteral(" ≤");
        else if (c.exclusiveMinimum)
            low = number(*c.exclusiveMinimum) + QLatin1String(" <");
        if (c.maximum)
            high = QStringLiteral("≤ ") + number(*c.maximum);
        else if (c.exclusiveMaximum)
            high = QStringLiteral("< ") + number(*c.exclusiveMaximum);
        if (!low.isEmpty() || !high.isEmpty())
            parts.append(QString(low + QLatin1String(" x ") + high).trimmed());
        if (c.multipleOf)
            parts.append(tr("multiple of %1").arg(number(*c.multipleOf)));
    } else if (field.kind == Kind::String) {
        if (c.minLength && c.maxLength)
            parts.append(tr("%1–%2 characters").arg(*c.minLength).arg(*c.maxLength));
        else if (c.maxLength)
            parts.append(tr("at most %1 characters").arg(*c.maxLength));
    }
    return parts.join(QStringLiteral(" · "));
}

QLabel *SchemaFormWidget::messageLabel(const QString &path, QWidget *parent)
{
    auto *label = hiddenNote<QLabel>(Theme::Role::Error, QLatin1String("message:") + path, parent);
    m_messages.insert(path, label);
    return label;
}

QWidget *SchemaFormWidget::buildScalarRow(const FormValue &node, FieldSlot *slot)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    auto *row = new QWidget;
    // Label | editor | extras on the first line; help text and messages under the editor.
    auto *grid = new QGridLayout(row);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(1);
    QLabel *label = nullptr;
    int column = 0;
    if (slot->options.label != QLatin1String("\x01")) {
        label = new QLabel(labelText(field, slot->options.label), row);
        label->setFixedWidth(150);
        label->setWordWrap(true);
        QString tip = field.description;
        if (!field.key.isEmpty() && field.key != field.displayName())
            tip = field.key + (tip.isEmpty() ? QString() : QLatin1String("\n\n") + tip);
        label->setToolTip(tip);
        grid->addWidget(label, 0, column++, Qt::AlignTop);
    }
    const int editorColumn = column;
    QWidget *editor = buildEditor(node, slot, row);
    if (label)
        label->setBuddy(editor);
    auto *line = new QHBoxLayout;
    line->setSpacing(6);
    line->addWidget(editor, 1);

    const bool nullToggle = field.nullable && !node.isOverridden() && field.kind != Kind::Enum
        && field.kind != Kind::Raw && field.kind != Kind::Null;
    if (nullToggle) {
        QCheckBox *null = buildNullToggle(node, slot, row);
        null->setToolTip(tr("Send null for this field"));
        editor->setEnabled(!node.isNull() && !field.readOnly);
        line->addWidget(null, 0, Qt::AlignTop);
    }
    if (slot->options.addButtons)
        slot->options.addButtons(line);
    grid->addLayout(line, 0, editorColumn);
    grid->setColumnStretch(editorColumn, 1);

    int gridRow = 1;
    if (!field.description.isEmpty())
        grid->addWidget(helpLabel(field.description, row, false), gridRow++, editorColumn);
    if (!field.note.isEmpty() && (field.kind == Kind::Raw || node.isOverridden()))
        grid->addWidget(helpLabel(field.note, row, true), gridRow++, editorColumn);
    // Modern Streamable HTTP mirrors this argument into a request header (x-mcp-header).
    const QString header = field.schema.toObject().value(QLatin1String("x-mcp-header")).toString();
    if (!header.isEmpty()) {
        QLabel *headerNote = helpLabel(tr("Also sent as the HTTP header Mcp-Param-%1 (x-mcp-header)").arg(header), row, true);
        headerNote->setObjectName(QLatin1String("header:") + path);
        grid->addWidget(headerNote, gridRow++, editorColumn);
    }
    grid->addWidget(messageLabel(path, row), gridRow, editorColumn);
    return row;
}

QWidget *SchemaFormWidget::buildRawEditor(const FormValue &node, FieldSlot *slot, QWidget *parent)
{
    const QString path = node.path();
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *edit = new QPlainTextEdit(box);
    edit->setObjectName(QLatin1String("field:") + path);
    edit->setFont(JsonText::monospaceFont());
    edit->setTabChangesFocus(true);
    QString text = node.rawText();
    if (text.isEmpty() && node.isSet())
        text = JsonText::pretty(node.value());
    edit->setPlainText(text);
    edit->setPlaceholderText(node.field()->hasDefault ? tr("JSON, default: %1").arg(JsonText::compact(node.field()->defaultValue))
                                                      : tr("any JSON value"));
    const int lines = qBound(2, int(text.count(u'\n')) + 1, 10);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * lines + 14);
    edit->setReadOnly(node.field()->readOnly);
    layout->addWidget(edit);
    if (node.isOverridden()) {
        auto *row = new QHBoxLayout;
        row->addWidget(helpLabel(tr("This value does not fit the form, so it is kept and edited as JSON."), box, true), 1);
        auto *reset = new QPushButton(tr("Use the form"), box);
        reset->setObjectName(QLatin1String("reset:") + path);
        reset->setToolTip(tr("Show the form for this field again (keeps the value when it fits, clears it otherwise)"));
        QPointer<FieldSlot> guard(slot);
        connect(reset, &QPushButton::clicked, this, [this, path, guard] {
            const FormValue *current = guard ? resolve(guard->path, guard->variantDepth) : nullptr;
            if (current && current->isOverridden())
                m_state.unset(path);
            if (guard)
                structureChanged(guard);
        });
        row->addWidget(reset);
        layout->addLayout(row);
    }
    connect(edit, &QPlainTextEdit::textChanged, this, [this, edit, path] {
        m_state.setRawText(path, edit->toPlainText());
        const FormValue *current = m_state.node(path);
        if (QLabel *message = m_messages.value(path)) {
            const QString error = current ? current->rawError() : QString();
            message->setText(error.isEmpty() ? QString() : tr("is not valid JSON (%1)").arg(error));
            message->setVisible(!error.isEmpty());
        }
        edited();
    });
    return box;
}

QWidget *SchemaFormWidget::buildEditor(const FormValue &node, FieldSlot *slot, QWidget *parent)
{
    const FormField &field = *node.field();
    if (node.isOverridden() || field.kind == Kind::Raw)
        return buildRawEditor(node, slot, parent);

    QWidget *editor = nullptr;
    switch (field.kind) {
    case Kind::String: editor = buildStringEditor(node, parent); break;
    case Kind::Number:
    case Kind::Integer: editor = buildNumberEditor(node, parent); break;
    case Kind::Boolean: return buildBooleanEditor(node, parent); // a row of its own, finished there
    case Kind::Enum: editor = buildEnumEditor(node, parent); break;
    case Kind::MultiSelect: editor = buildMultiSelectEditor(node, parent); break;
    case Kind::Const: {
        auto *label = new QLabel(JsonText::compact(field.constValue), parent);
        label->setToolTip(tr("A fixed value: it is always sent"));
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        editor = label;
        break;
    }
    case Kind::Null: {
        auto *label = new QLabel(QStringLiteral("null"), parent);
        label->setToolTip(tr("Only null is allowed here"));
        editor = label;
        break;
    }
    default:
        return buildRawEditor(node, slot, parent);
    }
    editor->setObjectName(QLatin1String("field:") + node.path());
    if (!field.description.isEmpty())
        editor->setToolTip(field.description);
    if (field.readOnly) {
        editor->setEnabled(false);
        editor->setToolTip(tr("Read-only: the server sets this value"));
    }
    return editor;
}

QWidget *SchemaFormWidget::buildStringEditor(const FormValue &node, QWidget *parent)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    const QString text = node.isSet() && node.value().isString() ? node.value().toString() : QString();
    if (wantsMultiLine(field)) {
        auto *edit = new QPlainTextEdit(parent);
        edit->setPlainText(text);
        edit->setPlaceholderText(placeholderFor(field));
        edit->setTabChangesFocus(true);
        edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 4 + 14);
        connect(edit, &QPlainTextEdit::textChanged, this, [this, edit, path] {
            const QString t = edit->toPlainText();
            setOrUnset(path, t, !t.isEmpty());
            edited();
        });
        return edit;
    }
    auto *edit = new QLineEdit(text, parent);
    edit->setPlaceholderText(placeholderFor(field));
    edit->setClearButtonEnabled(true);
    if (field.hasDefault && field.defaultValue.isString())
        new SelectDefaultOnFocus(edit, field.defaultValue.toString());
    if (field.constraints.maxLength && *field.constraints.maxLength > 0)
        edit->setMaxLength(*field.constraints.maxLength);
    // textChanged, not textEdited: the clear button and programmatic edits count too.
    connect(edit, &QLineEdit::textChanged, this, [this, path](const QString &t) {
        setOrUnset(path, t, !t.isEmpty());
        edited();
    });
    return edit;
}

QWidget *SchemaFormWidget::buildNumberEditor(const FormValue &node, QWidget *parent)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    // A line edit, not a spin box: an empty editor means unset, never 0.
    QString text;
    if (node.isSet() && node.value().isDouble())
        text = JsonText::compact(node.value());
    else if (!node.rawText().isEmpty())
        text = node.rawText();
    auto *edit = new QLineEdit(text, parent);
    edit->setPlaceholderText(placeholderFor(field));
    edit->setClearButtonEnabled(true);
    if (field.hasDefault && field.defaultValue.isDouble())
        new SelectDefaultOnFocus(edit, JsonText::compact(field.defaultValue));
    const bool integer = field.kind == Kind::Integer;
    connect(edit, &QLineEdit::textChanged, this, [this, path, integer](const QString &raw) {
        const QString t = raw.trimmed();
        m_state.unset(path);
        if (!t.isEmpty()) {
            bool ok = false;
            const double number = QLocale::c().toDouble(t, &ok);
            if (ok && std::isfinite(number)) {
                m_state.setValue(path, number);
            } else {
                m_state.setRawText(path, t); // kept as an error: never silently dropped
                if (QLabel *message = m_messages.value(path)) {
                    message->setText(integer ? tr("is not a whole number") : tr("is not a number"));
                    message->show();
                }
            }
        }
        edited();
    });
    return edit;
}

QWidget *SchemaFormWidget::buildBooleanEditor(const FormValue &node, QWidget *parent)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    // Optional: unset until clicked, then true/false; the small button unsets it again.
    const bool optional = !field.required || field.nullable;
    if (!optional && !node.isSet())
        m_state.setValue(path, false); // a required box that shows unticked sends false
    const FormValue *current = m_state.node(path);
    const bool set = current && current->isSet() && current->value().isBool();
    const QString defaultText = field.hasDefault ? JsonText::compact(field.defaultValue) : QString();
    auto *container = new QWidget(parent);
    auto *h = new QHBoxLayout(container);
    h->setContentsMargins(0, 0, 0, 0);
    auto *box = new TwoStateCheckBox(container);
    box->setObjectName(QLatin1String("field:") + path);
    box->setTristate(optional);
    auto *unsetButton = new QToolButton(container);
    unsetButton->setObjectName(QLatin1String("unset:") + path);
    unsetButton->setText(tr("Unset"));
    unsetButton->setAutoRaise(true);
    unsetButton->setToolTip(tr("Leave this field out"));
    auto show = [box, unsetButton, defaultText, optional](Qt::CheckState state) {
        box->setText(state == Qt::PartiallyChecked
                         ? (defaultText.isEmpty() ? tr("(unset)") : tr("(unset, default: %1)").arg(defaultText))
                         : (state == Qt::Checked ? tr("true") : tr("false")));
        unsetButton->setVisible(optional && state != Qt::PartiallyChecked);
    };
    const Qt::CheckState initial = !set ? (optional ? Qt::PartiallyChecked : Qt::Unchecked)
                                        : (current->value().toBool() ? Qt::Checked : Qt::Unchecked);
    box->setCheckState(initial);
    show(initial);
    connect(box, &QCheckBox::stateChanged, this, [this, path, show](int state) {
        setOrUnset(path, state == Qt::Checked, state != Qt::PartiallyChecked);
        show(Qt::CheckState(state));
        edited();
    });
    connect(unsetButton, &QToolButton::clicked, box, [box] { box->setCheckState(Qt::PartiallyChecked); });
    h->addWidget(box);
    h->addWidget(unsetButton);
    h->addStretch(1);
    if (!field.description.isEmpty())
        box->setToolTip(field.description);
    if (field.readOnly)
        container->setEnabled(false);
    return container;
}

QWidget *SchemaFormWidget::buildEnumEditor(const FormValue &node, QWidget *parent)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    auto *combo = new QComboBox(parent);
    enum Role { KindRole = Qt::UserRole + 1, ValueRole };
    enum Choice { Unset, Null, Option };
    combo->addItem(field.required ? tr("(choose…)") : (field.hasDefault ? tr("(unset, default: %1)").arg(
                                                          field.defaultValue.isString() ? field.defaultValue.toString()
                                                                                        : JsonText::compact(field.defaultValue))
                                                                        : tr("(unset)")));
    combo->setItemData(0, Unset, KindRole);
    if (field.nullable) {
        combo->addItem(QStringLiteral("null"));
        combo->setItemData(combo->count() - 1, Null, KindRole);
    }
    int current = 0;
    for (const EnumOption &option : field.options) {
        combo->addItem(optionText(option));
        const int index = combo->count() - 1;
        combo->setItemData(index, Option, KindRole);
        combo->setItemData(index, QVariant::fromValue(option.value), ValueRole);
        if (!option.title.isEmpty())
            combo->setItemData(index, JsonText::compact(option.value), Qt::ToolTipRole);
        if (node.isSet() && !node.isNull() && node.value() == option.value)
            current = index;
    }
    if (node.isNull())
        current = 1;
    combo->setCurrentIndex(current);
    connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, path](int index) {
        switch (combo->itemData(index, KindRole).toInt()) {
        case Unset: m_state.unset(path); break;
        case Null: m_state.setNull(path); break;
        default: m_state.setValue(path, combo->itemData(index, ValueRole).toJsonValue()); break;
        }
        edited();
    });
    return combo;
}

QWidget *SchemaFormWidget::buildMultiSelectEditor(const FormValue &node, QWidget *parent)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    auto *list = new QListWidget(parent);
    if (field.required && !node.isSet())
        m_state.setValue(path, QJsonArray());
    const QJsonArray chosen = node.value().toArray();
    for (const EnumOption &option : field.options) {
        auto *item = new QListWidgetItem(optionText(option), list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setData(Qt::UserRole, QVariant::fromValue(option.value));
        item->setCheckState(chosen.contains(option.value) ? Qt::Checked : Qt::Unchecked);
    }
    const int rows = qBound(1, int(field.options.size()), 8);
    list->setFixedHeight(list->sizeHintForRow(0) * rows + 2 * list->frameWidth() + 4);
    if (field.hasDefault)
        list->setToolTip(tr("Default: %1").arg(JsonText::compact(field.defaultValue)));
    const bool required = field.required;
    connect(list, &QListWidget::itemChanged, this, [this, list, path, required] {
        QJsonArray values;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->checkState() == Qt::Checked)
                values.append(list->item(i)->data(Qt::UserRole).toJsonValue());
        setOrUnset(path, values, !values.isEmpty() || required);
        edited();
    });
    return list;
}

QWidget *SchemaFormWidget::buildSection(const FormValue &node, FieldSlot *slot)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    // The root and a chosen object alternative have no frame of their own.
    const bool isRoot = slot == m_rootSlot || (slot->variantDepth > 0 && field.kind == Kind::Object);
    const bool optional = slot->options.allowPresence && !field.required && !isRoot;
    QPointer<FieldSlot> guard(slot);

    // Required lists and maps exist from the start: adding the first item is the user's job.
    if (!optional && !isRoot && !node.isSet() && !field.deferred
        && (field.kind == Kind::Array || field.kind == Kind::Map) && slot->variantDepth == 0)
        m_state.setPresent(path);
    const FormValue *current = resolve(slot->path, slot->variantDepth);
    const FormValue &n = current ? *current : node;

    QFrame *box = new QFrame;
    if (!isRoot) {
        box->setFrameShape(QFrame::StyledPanel);
        box->setFrameShadow(QFrame::Plain);
    }
    auto *outer = new QVBoxLayout(box);
    outer->setContentsMargins(isRoot ? 0 : 6, isRoot ? 0 : 4, isRoot ? 0 : 6, isRoot ? 0 : 4);
    outer->setSpacing(2);

    auto *bodyWidget = new QWidget(box);
    auto *body = new QVBoxLayout(bodyWidget);
    body->setContentsMargins(isRoot ? 0 : 12, 0, 0, 0);
    body->setSpacing(2);

    const bool present = !optional || n.isSet();
    auto updateBody = [bodyWidget, guard, present, &n] {
        if (guard)
            bodyWidget->setVisible(present && !n.isNull() && !guard->collapsed);
    };

    if (!isRoot) {
        auto *header = new QHBoxLayout;
        header->setSpacing(6);
        auto *arrow = new QToolButton(box);
        arrow->setObjectName(QLatin1String("collapse:") + path);
        arrow->setAutoRaise(true);
        arrow->setArrowType(slot->collapsed ? Qt::RightArrow : Qt::DownArrow);
        arrow->setEnabled(present);
        header->addWidget(arrow);
        const QString title = slot->options.label == QLatin1String("\x01") ? field.displayName()
                                                                           : labelText(field, slot->options.label);
        header->addWidget(buildSectionTitle(n, slot, title, optional, box));
        if (field.kind == Kind::Variant && !field.deferred)
            header->addWidget(buildVariantChooser(n, slot, present, box));
        if (field.nullable)
            header->addWidget(buildNullToggle(n, slot, box));
        if (field.kind == Kind::Array && !field.deferred) {
            QString count = tr("%n item(s)", nullptr, int(n.items().size()));
            if (field.constraints.minItems && field.constraints.maxItems)
                count += QLatin1Char(' ') + tr("(%1–%2)").arg(*field.constraints.minItems).arg(*field.constraints.maxItems);
            else if (field.constraints.maxItems)
                count += QLatin1Char(' ') + tr("(at most %1)").arg(*field.constraints.maxItems);
            else if (field.constraints.minItems)
                count += QLatin1Char(' ') + tr("(at least %1)").arg(*field.constraints.minItems);
            auto *counter = helpLabel(count, box);
            counter->setWordWrap(false);
            counter->setVisible(present);
            header->addWidget(counter);
        }
        header->addStretch(1);
        if (slot->options.addButtons)
            slot->options.addButtons(header);
        outer->addLayout(header);
        connect(arrow, &QToolButton::clicked, this, [guard, arrow, bodyWidget] {
            if (!guard)
                return;
            guard->collapsed = !guard->collapsed;
            arrow->setArrowType(guard->collapsed ? Qt::RightArrow : Qt::DownArrow);
            bodyWidget->setVisible(!guard->collapsed);
        });
        if (!field.description.isEmpty()) {
            QLabel *help = helpLabel(field.description, box);
            help->setContentsMargins(24, 0, 0, 0);
            outer->addWidget(help);
        }
    }
    outer->addWidget(messageLabel(path, box));
    outer->addWidget(bodyWidget);

    buildSectionBody(n, slot, present, bodyWidget, body);
    updateBody();
    return box;
}

// The section's title: a box that includes the optional part, or a bold label.
QWidget *SchemaFormWidget::buildSectionTitle(const FormValue &n, FieldSlot *slot, const QString &title, bool optional,
                                             QWidget *box)
{
    const QString path = n.path();
    QPointer<FieldSlot> guard(slot);
    if (optional) {
        auto *include = new QCheckBox(title, box);
        include->setObjectName(QLatin1String("include:") + path);
        include->setChecked(n.isSet());
        include->setToolTip(tr("Include this optional part in the value"));
        connect(include, &QCheckBox::toggled, this, [this, guard, path](bool on) {
            if (!guard)
                return;
            if (on) {
                if (!guard->snapshot.isUndefined())
                    m_state.setValue(path, guard->snapshot);
                else
                    m_state.setPresent(path);
            } else {
                // Keep what was typed, so ticking it again brings it back.
                guard->snapshot = JsonPointer::evaluate(m_state.toJson(), path).value_or(QJsonValue::Undefined);
                m_state.unset(path);
            }
            structureChanged(guard);
        });
        return include;
    }
    auto *label = new QLabel(title, box);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

// Chooses among the alternatives of a variant.
QComboBox *SchemaFormWidget::buildVariantChooser(const FormValue &n, FieldSlot *slot, bool present, QWidget *box)
{
    const FormField &field = *n.field();
    const QString path = n.path();
    QPointer<FieldSlot> guard(slot);
    auto *combo = new QComboBox(box);
    combo->setObjectName(QLatin1String("variant:") + path);
    for (int i = 0; i < field.variants.size(); ++i) {
        const FormField &variant = *field.variants.at(i);
        QString text = variant.displayName();
        if (text.isEmpty())
            text = tr("Option %1 (%2)").arg(i + 1).arg(FormField::kindName(variant.kind).toLower());
        combo->addItem(text);
        if (!variant.description.isEmpty())
            combo->setItemData(i, variant.description, Qt::ToolTipRole);
    }
    combo->setCurrentIndex(qMax(0, n.variantIndex()));
    combo->setEnabled(present && !n.isNull());
    connect(combo, &QComboBox::activated, this, [this, guard, path](int index) {
        m_state.selectVariant(path, index);
        if (guard)
            structureChanged(guard);
    });
    return combo;
}

QCheckBox *SchemaFormWidget::buildNullToggle(const FormValue &n, FieldSlot *slot, QWidget *box)
{
    const QString path = n.path();
    QPointer<FieldSlot> guard(slot);
    auto *null = new QCheckBox(tr("null"), box);
    null->setObjectName(QLatin1String("null:") + path);
    null->setChecked(n.isNull());
    connect(null, &QCheckBox::toggled, this, [this, guard, path](bool on) {
        if (on)
            m_state.setNull(path);
        else
            m_state.unset(path);
        if (guard)
            structureChanged(guard);
    });
    return null;
}

// A section's content: an Expand button for a deferred recursive part, else the fields, items,
// entries or chosen alternative.
void SchemaFormWidget::buildSectionBody(const FormValue &n, FieldSlot *slot, bool present, QWidget *bodyWidget,
                                        QBoxLayout *body)
{
    const FormField &field = *n.field();
    const QString path = n.path();
    QPointer<FieldSlot> guard(slot);
    if (field.deferred) {
        body->addWidget(helpLabel(field.note.isEmpty() ? tr("Recursive part: it is built when you open it.") : field.note,
                                  bodyWidget, true));
        auto *expand = new QPushButton(tr("Expand"), bodyWidget);
        expand->setObjectName(QLatin1String("expand:") + path);
        connect(expand, &QPushButton::clicked, this, [this, guard, path] {
            m_state.setPresent(path);
            if (guard)
                structureChanged(guard);
        });
        body->addWidget(expand, 0, Qt::AlignLeft);
    } else if (present && !n.isNull()) {
        switch (field.kind) {
        case Kind::Object: buildObjectBody(n, slot, body); break;
        case Kind::Array:
        case Kind::Tuple: buildArrayBody(n, slot, body); break;
        case Kind::Map: buildEntries(n, slot, body, true); break;
        case Kind::Variant: {
            RowOptions options;
            options.allowPresence = false;
            options.label = QStringLiteral("\x01");
            body->addWidget(makeSlot(path, slot->variantDepth + 1, options));
            break;
        }
        default: break;
        }
    }
}

void SchemaFormWidget::buildObjectBody(const FormValue &node, FieldSlot *slot, QBoxLayout *body)
{
    for (const FormValue &child : node.items())
        body->addWidget(makeSlot(child.path(), 0, {}));
    const FormField &field = *node.field();
    if (!node.entries().empty() || field.itemField || !field.patternFields.isEmpty())
        buildEntries(node, slot, body, false);
    else if (node.items().empty() && slot == m_rootSlot)
        body->addWidget(helpLabel(tr("No arguments: the value is an empty object."), slot, true));
}

void SchemaFormWidget::buildArrayBody(const FormValue &node, FieldSlot *slot, QBoxLayout *body)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    const int count = int(node.items().size());
    const int positions = field.kind == Kind::Tuple ? int(field.children.size()) : 0;
    const int minItems = field.constraints.minItems.value_or(0);
    const int maxItems = field.constraints.maxItems.value_or(std::numeric_limits<int>::max());
    QPointer<FieldSlot> guard(slot);

    for (int i = 0; i < count; ++i) {
        const FormValue &item = node.items().at(i);
        RowOptions options;
        options.allowPresence = false;
        if (i < positions) {
            const QString title = item.field()->displayName();
            options.label = title.isEmpty() ? QStringLiteral("[%1]").arg(i) : QStringLiteral("[%1] ").arg(i) + title;
            options.addButtons = [this, guard, path, i](QBoxLayout *row) {
                auto *clearButton = new QToolButton;
                clearButton->setText(tr("Clear"));
                clearButton->setObjectName(QStringLiteral("remove:%1/%2").arg(path).arg(i));
                connect(clearButton, &QToolButton::clicked, this, [this, guard, path, i] {
                    m_state.removeItem(path, i);
                    if (guard)
                        structureChanged(guard);
                });
                row->addWidget(clearButton, 0, Qt::AlignTop);
            };
        } else {
            options.label = tr("Item %1").arg(i + 1);
            options.addButtons = [this, guard, path, i, count, positions, minItems](QBoxLayout *row) {
                auto button = [&](const QString &text, const QString &name, const QString &tip, bool enabled) {
                    auto *b = new QToolButton;
                    b->setText(text);
                    b->setObjectName(name + QLatin1Char(':') + path + QLatin1Char('/') + QString::number(i));
                    b->setToolTip(tip);
                    b->setAutoRaise(true);
                    b->setEnabled(enabled);
                    row->addWidget(b, 0, Qt::AlignTop);
                    return b;
                };
                auto *up = button(QStringLiteral("↑"), QStringLiteral("up"), tr("Move up"), i > positions);
                auto *down = button(QStringLiteral("↓"), QStringLiteral("down"), tr("Move down"), i + 1 < count);
                auto *remove = button(QStringLiteral("✕"), QStringLiteral("remove"), tr("Remove this item"),
                                      count > minItems);
                connect(up, &QToolButton::clicked, this, [this, guard, path, i] {
                    m_state.moveItem(path, i, i - 1);
                    if (guard)
                        structureChanged(guard);
                });
                connect(down, &QToolButton::clicked, this, [this, guard, path, i] {
                    m_state.moveItem(path, i, i + 1);
                    if (guard)
                        structureChanged(guard);
                });
                connect(remove, &QToolButton::clicked, this, [this, guard, path, i] {
                    m_state.removeItem(path, i);
                    if (guard)
                        structureChanged(guard);
                });
            };
        }
        body->addWidget(makeSlot(item.path(), 0, options));
    }
    const bool canGrow = field.kind == Kind::Array || (field.itemField && field.additionalAllowed);
    if (canGrow) {
        auto *add = new QPushButton(tr("Add item"));
        add->setObjectName(QLatin1String("add:") + path);
        add->setEnabled(count < maxItems);
        if (count >= maxItems)
            add->setToolTip(tr("At most %1 items").arg(maxItems));
        connect(add, &QPushButton::clicked, this, [this, guard, path] {
            m_state.addItem(path);
            if (guard)
                structureChanged(guard);
        });
        body->addWidget(add, 0, Qt::AlignLeft);
    }
}

void SchemaFormWidget::buildEntries(const FormValue &node, FieldSlot *slot, QBoxLayout *body, bool isMap)
{
    const FormField &field = *node.field();
    const QString path = node.path();
    QPointer<FieldSlot> guard(slot);
    if (!isMap && !node.entries().empty())
        body->addWidget(helpLabel(tr("Other properties"), nullptr));
    for (const FormValue::Entry &entry : node.entries()) {
        auto *row = new QWidget;
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        auto *keyEdit = new QLineEdit(entry.key, row);
        keyEdit->setObjectName(QLatin1String("entrykey:") + entry.value.path());
        keyEdit->setFixedWidth(150);
        keyEdit->setToolTip(tr("Key (press Enter to rename)"));
        const QString oldKey = entry.key;
        connect(keyEdit, &QLineEdit::editingFinished, this, [this, guard, keyEdit, path, oldKey] {
            const QString newKey = keyEdit->text();
            if (newKey == oldKey)
                return;
            if (newKey.isEmpty() || !m_state.renameEntry(path, oldKey, newKey)) {
                keyEdit->setText(oldKey);
                if (QLabel *message = m_messages.value(path)) {
                    message->setText(tr("Cannot rename \"%1\" to \"%2\": the key is empty or already used").arg(oldKey, newKey));
                    message->show();
                }
                return;
            }
            // Rebuild after the signal has returned: the key editor is part of what is rebuilt.
            QTimer::singleShot(0, this, [this, guard] {
                if (guard)
                    structureChanged(guard);
            });
        });
        h->addWidget(keyEdit, 0, Qt::AlignTop);
        RowOptions options;
        options.allowPresence = false;
        options.label = QStringLiteral("\x01");
        h->addWidget(makeSlot(entry.value.path(), 0, options), 1);
        auto *remove = new QToolButton(row);
        remove->setText(QStringLiteral("✕"));
        remove->setAutoRaise(true);
        remove->setObjectName(QLatin1String("remove:") + entry.value.path());
        remove->setToolTip(tr("Remove this entry"));
        connect(remove, &QToolButton::clicked, this, [this, guard, path, oldKey] {
            m_state.removeEntry(path, oldKey);
            if (guard)
                structureChanged(guard);
        });
        h->addWidget(remove, 0, Qt::AlignTop);
        body->addWidget(row);
    }
    const bool allowed = isMap ? true : (field.itemField || !field.patternFields.isEmpty() || field.additionalAllowed);
    if (!allowed)
        return;
    auto *footer = new QWidget;
    auto *h = new QHBoxLayout(footer);
    h->setContentsMargins(0, 0, 0, 0);
    auto *newKey = new QLineEdit(footer);
    newKey->setObjectName(QLatin1String("newkey:") + path);
    newKey->setFixedWidth(150);
    QStringList patterns;
    for (const PatternField &p : field.patternFields)
        patterns.append(p.pattern);
    newKey->setPlaceholderText(patterns.isEmpty() ? tr("new key") : tr("key matching %1").arg(patterns.join(QLatin1String(", "))));
    auto *add = new QPushButton(isMap ? tr("Add entry") : tr("Add property"), footer);
    add->setObjectName(QLatin1String("add:") + path);
    const int maxProperties = field.constraints.maxProperties.value_or(std::numeric_limits<int>::max());
    add->setEnabled(int(node.entries().size() + (isMap ? 0 : node.items().size())) < maxProperties);
    auto addEntry = [this, guard, newKey, path] {
        const QString key = newKey->text();
        if (key.isEmpty() || !m_state.addEntry(path, key)) {
            if (QLabel *message = m_messages.value(path)) {
                message->setText(key.isEmpty() ? tr("Type a key first") : tr("The key \"%1\" is already used").arg(key));
                message->show();
            }
            return;
        }
        QTimer::singleShot(0, this, [this, guard] {
            if (guard)
                structureChanged(guard);
        });
    };
    connect(add, &QPushButton::clicked, this, addEntry);
    connect(newKey, &QLineEdit::returnPressed, this, addEntry);
    h->addWidget(newKey);
    h->addWidget(add);
    h->addStretch(1);
    body->addWidget(footer);
}

void SchemaFormWidget::structureChanged(FieldSlot *slot)
{
    fillSlot(slot);
    edited();
}

} // namespace Mcp::Ui
