#include "formstate.h"

#include "schemautil_p.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace Mcp {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::FormState)
};

using Kind = FormField::Kind;
using SchemaUtil::jsonEqual;

bool isInteger(const QJsonValue &v)
{
    return v.isDouble() && std::isfinite(v.toDouble()) && std::floor(v.toDouble()) == v.toDouble();
}

bool isOption(const FormField &field, const QJsonValue &v)
{
    for (const EnumOption &option : field.options)
        if (jsonEqual(option.value, v))
            return true;
    return false;
}

// Parts that must be in the value whenever their parent is, even if the user did not touch them.
bool emittedWhenRequired(const FormValue &v)
{
    const Kind k = v.kind();
    return k == Kind::Object || k == Kind::Const || k == Kind::Null
        || (k == Kind::Variant && !v.items().empty() && emittedWhenRequired(v.items().front()));
}

std::optional<QJsonValue> build(const FormValue &v, bool forced);

void buildEntries(const FormValue &v, QJsonObject &object)
{
    for (const FormValue::Entry &entry : v.entries()) {
        if (const auto value = build(entry.value, emittedWhenRequired(entry.value)))
            object.insert(entry.key, *value);
    }
}

std::optional<QJsonValue> build(const FormValue &v, bool forced)
{
    if (v.isOverridden())
        return v.isSet() ? std::optional<QJsonValue>(v.value()) : std::nullopt;
    if (!v.isSet() && !forced)
        return std::nullopt;
    if (v.isNull())
        return QJsonValue(QJsonValue::Null);
    switch (v.kind()) {
    case Kind::Const:
        return v.field()->constValue;
    case Kind::Null:
        return QJsonValue(QJsonValue::Null);
    case Kind::Object: {
        QJsonObject object;
        for (const FormValue &child : v.items()) {
            const bool childForced = child.field()->required && emittedWhenRequired(child);
            if (const auto value = build(child, childForced))
                object.insert(child.field()->key, *value);
        }
        buildEntries(v, object);
        return object;
    }
    case Kind::Map: {
        QJsonObject object;
        buildEntries(v, object);
        return object;
    }
    case Kind::Array: {
        QJsonArray array;
        for (const FormValue &item : v.items())
            if (const auto value = build(item, emittedWhenRequired(item)))
                array.append(*value);
        return array;
    }
    case Kind::Tuple: {
        QJsonArray array;
        int last = -1;
        std::vector<std::optional<QJsonValue>> values;
        for (const FormValue &item : v.items()) {
            values.push_back(build(item, false));
            if (values.back())
                last = int(values.size()) - 1;
        }
        for (int i = 0; i <= last; ++i)
            array.append(values.at(i).value_or(QJsonValue(QJsonValue::Null)));
        return array;
    }
    case Kind::Variant:
        if (v.items().empty())
            return std::nullopt;
        return build(v.items().front(), true);
    default:
        if (!v.isSet())
            return std::nullopt; // never invent 0, "" or false for a field nobody filled in
        return v.value();
    }
}

// How badly a value fits a form: values kept as JSON, keys the schema forbids, required parts missing.
int misfit(const FormValue &v)
{
    if (v.isOverridden())
        return 1;
    int score = 0;
    if (v.kind() == Kind::Object) {
        for (const FormValue &child : v.items())
            if (child.field()->required && !child.isSet() && !emittedWhenRequired(child))
                ++score;
    }
    for (const FormValue &item : v.items())
        score += misfit(item);
    for (const FormValue::Entry &entry : v.entries()) {
        score += misfit(entry.value);
        if (!v.field()->additionalAllowed && entry.value.field()->schema == QJsonValue(true))
            ++score;
    }
    return score;
}

void collectMissing(const FormValue &v, bool emitted, QList<ValidationIssue> &out)
{
    if (!v.rawError().isEmpty())
        out.append({v.path(), Tr::tr("is not valid JSON (%1)").arg(v.rawError()), QStringLiteral("json")});
    if (v.isOverridden() || v.isNull() || !(v.isSet() || emitted))
        return;
    switch (v.kind()) {
    case Kind::Object:
        for (const FormValue &child : v.items()) {
            const bool forced = child.field()->required && emittedWhenRequired(child);
            if (child.field()->required && !child.isSet() && !forced)
                out.append({child.path(), Tr::tr("is required"), QStringLiteral("required")});
            collectMissing(child, forced, out);
        }
        for (const FormValue::Entry &entry : v.entries())
            collectMissing(entry.value, emittedWhenRequired(entry.value), out);
        break;
    case Kind::Map:
        for (const FormValue::Entry &entry : v.entries()) {
            if (!entry.value.isSet() && !emittedWhenRequired(entry.value))
                out.append({entry.value.path(), Tr::tr("is empty: fill it in or remove it"), QStringLiteral("required")});
            collectMissing(entry.value, emittedWhenRequired(entry.value), out);
        }
        break;
    case Kind::Array:
    case Kind::Tuple: {
        int last = -1;
        for (int i = 0; i < int(v.items().size()); ++i)
            if (v.items().at(i).isSet() || emittedWhenRequired(v.items().at(i)))
                last = i;
        for (int i = 0; i < int(v.items().size()); ++i) {
            const FormValue &item = v.items().at(i);
            const bool forced = emittedWhenRequired(item);
            if (!item.isSet() && !forced && (v.kind() == Kind::Array || i < last))
                out.append({item.path(), Tr::tr("is empty: fill it in or remove it"), QStringLiteral("required")});
            collectMissing(item, forced, out);
        }
        break;
    }
    case Kind::Variant:
        if (!v.items().empty())
            collectMissing(v.items().front(), true, out);
        break;
    default:
        break;
    }
}

} // namespace

QString dateTimeFormatProblem(const QString &format, const QString &text)
{
    static const QRegularExpression date(QStringLiteral("^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$"));
    static const QRegularExpression time(
        QStringLiteral("^([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)?$"));
    static const QRegularExpression dateTime(
        QStringLiteral("^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt ]([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)"
                       "(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$"));
    if (format == QLatin1String("date") && !date.match(text).hasMatch())
        return Tr::tr("must be a date such as 2024-01-31");
    if (format == QLatin1String("time") && !time.match(text).hasMatch())
        return Tr::tr("must be a time such as 13:45:00Z");
    if (format == QLatin1String("date-time") && !dateTime.match(text).hasMatch())
        return Tr::tr("must be a date and time such as 2024-01-31T13:45:00Z");
    return QString();
}

const FormValue *FormValue::child(const QString &key) const
{
    if (kind() != Kind::Object)
        return nullptr;
    for (const FormValue &c : m_items)
        if (c.m_field->key == key)
            return &c;
    return nullptr;
}

const FormValue *FormValue::entry(const QString &key) const
{
    for (const Entry &e : m_entries)
        if (e.key == key)
            return &e.value;
    return nullptr;
}

FormState::FormState()
    : FormState(QJsonValue(true))
{
}

FormState::FormState(const QJsonValue &schema)
    : m_builder(schema)
    , m_validator(schema)
{
    m_root = makeNode(m_builder.build(), QString());
}

FormValue FormState::makeNode(const FormFieldPtr &field, const QString &path) const
{
    FormValue v;
    v.m_field = field;
    v.m_path = path;
    if (field->deferred)
        return v;
    if (field->kind == Kind::Object) {
        for (const FormFieldPtr &child : field->children)
            v.m_items.push_back(makeNode(child, JsonPointer::append(path, child->key)));
    } else if (field->kind == Kind::Tuple) {
        for (int i = 0; i < int(field->children.size()); ++i)
            v.m_items.push_back(makeNode(field->children.at(i), JsonPointer::append(path, i)));
    } else if (field->kind == Kind::Variant && !field->variants.isEmpty()) {
        v.m_variant = 0;
        v.m_items.push_back(makeNode(field->variants.first(), path));
    }
    return v;
}

void FormState::expand(FormValue &node) const
{
    if (!node.m_field->deferred)
        return;
    const bool set = node.m_set;
    node = makeNode(m_builder.expand(node.m_field), node.m_path);
    node.m_set = set;
}

FormValue FormState::reset(FormValue &node) const
{
    const bool variant = node.kind() == Kind::Variant && !node.m_override;
    const int chosen = variant && node.m_variant >= 0 && node.m_variant < int(node.m_field->variants.size()) ? node.m_variant : -1;
    FormValue previous = std::move(node);
    node = makeNode(previous.m_field, previous.m_path);
    // Clearing a value inside a variant empties it; the variant the user chose stays chosen.
    if (chosen > 0) {
        node.m_variant = chosen;
        node.m_items.clear();
        node.m_items.push_back(makeNode(node.m_field->variants.at(chosen), node.m_path));
    }
    return previous;
}

void FormState::load(FormValue &node, const QJsonValue &value) const
{
    expand(node);
    // What the node held guides the load: where a variant was chosen below it, the same variant is
    // tried first (see Kind::Variant), so loading JSON that still fits keeps the user's choices.
    FormValue previous = reset(node);
    if (value.isUndefined())
        return;
    const FormField &f = *node.m_field;
    node.m_set = true;
    if (value.isNull() && (f.nullable || f.kind == Kind::Null || f.kind == Kind::Raw)) {
        node.m_null = true;
        node.m_value = value;
        return;
    }
    auto keep = [&node, &value]() {
        node.m_override = true;
        node.m_value = value;
    };
    switch (f.kind) {
    case Kind::String:
        value.isString() ? void(node.m_value = value) : keep();
        break;
    case Kind::Number:
        value.isDouble() ? void(node.m_value = value) : keep();
        break;
    case Kind::Integer:
        isInteger(value) ? void(node.m_value = value) : keep();
        break;
    case Kind::Boolean:
        value.isBool() ? void(node.m_value = value) : keep();
        break;
    case Kind::Enum:
        isOption(f, value) ? void(node.m_value = value) : keep();
        break;
    case Kind::Const:
        jsonEqual(f.constValue, value) ? void(node.m_value = value) : keep();
        break;
    case Kind::Null:
        keep();
        break;
    case Kind::Raw:
        node.m_value = value;
        break;
    case Kind::MultiSelect: {
        bool fits = value.isArray();
        for (const QJsonValue &item : value.toArray())
            fits = fits && isOption(f, item);
        fits ? void(node.m_value = value) : keep();
        break;
    }
    case Kind::Object:
    case Kind::Map: {
        if (!value.isObject()) {
            keep();
            break;
        }
        const QJsonObject object = value.toObject();
        // Properties keep what they held (loaded below, or emptied when absent) so that variant
        // choices inside them survive, e.g. a trip through "Edit as JSON". Both lists were made
        // from the same field, so they line up.
        for (size_t i = 0; i < node.m_items.size() && i < previous.m_items.size(); ++i) {
            FormValue &child = node.m_items.at(i);
            FormValue &old = previous.m_items.at(i);
            if (old.m_field != child.m_field || old.m_path != child.m_path)
                continue;
            child = std::move(old);
            if (!object.contains(child.m_field->key))
                reset(child);
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            FormValue *child = nullptr;
            for (FormValue &c : node.m_items)
                if (c.m_field->key == it.key())
                    child = &c;
            if (child) {
                load(*child, it.value());
                continue;
            }
            FormValue::Entry entry{it.key(), makeNode(f.fieldForKey(it.key()), JsonPointer::append(node.m_path, it.key()))};
            for (FormValue::Entry &old : previous.m_entries)
                if (old.key == it.key() && old.value.m_field == entry.value.m_field)
                    entry.value = std::move(old.value);
            load(entry.value, it.value());
            node.m_entries.push_back(std::move(entry));
        }
        break;
    }
    case Kind::Array:
    case Kind::Tuple: {
        if (!value.isArray()) {
            keep();
            break;
        }
        const QJsonArray array = value.toArray();
        for (int i = 0; i < int(array.size()); ++i) {
            if (i >= int(node.m_items.size())) {
                const FormFieldPtr itemField = f.itemField ? f.itemField : FormBuilder::anyField();
                node.m_items.push_back(makeNode(itemField, JsonPointer::append(node.m_path, i)));
            }
            // A null hole in a tuple is what toJson writes for a position left unset.
            if (f.kind == Kind::Tuple && array.at(i).isNull() && i < int(f.children.size())
                && !f.children.at(i)->nullable && f.children.at(i)->kind != Kind::Null
                && f.children.at(i)->kind != Kind::Raw)
                continue;
            if (i < int(previous.m_items.size()) && previous.m_items.at(i).m_field == node.m_items.at(i).m_field)
                node.m_items.at(i) = std::move(previous.m_items.at(i));
            load(node.m_items.at(i), array.at(i));
        }
        break;
    }
    case Kind::Variant: {
        // The variant already chosen keeps the value when it fits: several variants of one type
        // (strings of different formats, say) all fit, and typing must not switch the choice.
        const int chosenVariant = previous.m_override ? -1 : previous.m_variant;
        if (chosenVariant >= 0 && chosenVariant < int(f.variants.size())) {
            const bool sameChild = !previous.m_items.empty() && previous.m_items.front().m_field == f.variants.at(chosenVariant);
            FormValue trial = sameChild ? std::move(previous.m_items.front()) : makeNode(f.variants.at(chosenVariant), node.m_path);
            load(trial, value);
            if (misfit(trial) == 0) {
                node.m_variant = chosenVariant;
                node.m_items.clear();
                node.m_items.push_back(std::move(trial));
                break;
            }
        }
        int best = -1;
        int bestScore = 0;
        FormValue bestValue;
        for (int i = 0; i < int(f.variants.size()); ++i) {
            FormValue trial = makeNode(f.variants.at(i), node.m_path);
            load(trial, value);
            const int score = misfit(trial);
            if (best < 0 || score < bestScore) {
                best = i;
                bestScore = score;
                bestValue = std::move(trial);
            }
            if (score == 0)
                break;
        }
        if (best < 0) {
            keep();
            break;
        }
        node.m_variant = best;
        node.m_items.clear();
        node.m_items.push_back(std::move(bestValue));
        break;
    }
    }
}

FormValue *FormState::walk(const QString &path, bool expandDeferred, QList<FormValue *> *chain)
{
    const auto tokens = JsonPointer::split(path);
    if (!tokens)
        return nullptr;
    FormValue *current = &m_root;
    for (const QString &token : *tokens) {
        if (expandDeferred)
            expand(*current);
        while (current->kind() == Kind::Variant && !current->m_items.empty() && !current->m_override) {
            if (chain)
                chain->append(current);
            current = &current->m_items.front();
            if (expandDeferred)
                expand(*current);
        }
        if (chain)
            chain->append(current);
        FormValue *next = nullptr;
        switch (current->kind()) {
        case Kind::Object:
            for (FormValue &c : current->m_items)
                if (c.m_field->key == token)
                    next = &c;
            Q_FALLTHROUGH();
        case Kind::Map:
            if (!next)
                for (FormValue::Entry &e : current->m_entries)
                    if (e.key == token)
                        next = &e.value;
            break;
        case Kind::Array:
        case Kind::Tuple: {
            bool ok = false;
            const int index = token.toInt(&ok);
            if (ok && index >= 0 && index < int(current->m_items.size()))
                next = &current->m_items.at(index);
            break;
        }
        default:
            break;
        }
        if (!next)
            return nullptr;
        current = next;
    }
    if (expandDeferred)
        expand(*current);
    return current;
}

const FormValue *FormState::node(const QString &path) const
{
    return const_cast<FormState *>(this)->walk(path, false);
}

void FormState::markSet(const QList<FormValue *> &chain)
{
    for (FormValue *v : chain)
        v->m_set = true;
}

bool FormState::setValue(const QString &path, const QJsonValue &value)
{
    QList<FormValue *> chain;
    FormValue *v = walk(path, true, &chain);
    if (!v)
        return false;
    load(*v, value);
    if (!value.isUndefined())
        markSet(chain);
    return true;
}

bool FormState::setRawText(const QString &path, const QString &text)
{
    QList<FormValue *> chain;
    FormValue *v = walk(path, true, &chain);
    if (!v)
        return false;
    if (text.trimmed().isEmpty()) {
        load(*v, QJsonValue(QJsonValue::Undefined));
        return true;
    }
    // Wrapped in an array so that scalars parse too (QJsonDocument takes objects and arrays only).
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[\n") + text.toUtf8() + QByteArray("\n]"), &error);
    if (error.error != QJsonParseError::NoError || doc.array().size() != 1) {
        v->m_rawText = text;
        v->m_rawError = error.error != QJsonParseError::NoError ? error.errorString() : Tr::tr("expected one JSON value");
        return false;
    }
    load(*v, doc.array().first());
    v->m_rawText = text;
    markSet(chain);
    return true;
}

bool FormState::setNull(const QString &path)
{
    return setValue(path, QJsonValue(QJsonValue::Null));
}

bool FormState::unset(const QString &path)
{
    FormValue *v = walk(path, false);
    if (!v)
        return false;
    reset(*v);
    return true;
}

bool FormState::setPresent(const QString &path)
{
    QList<FormValue *> chain;
    FormValue *v = walk(path, true, &chain);
    if (!v)
        return false;
    markSet(chain);
    v->m_set = true;
    return true;
}

int FormState::addItem(const QString &path)
{
    QList<FormValue *> chain;
    FormValue *v = walk(path, true, &chain);
    if (!v || (v->kind() != Kind::Array && v->kind() != Kind::Tuple) || v->m_override)
        return -1;
    const FormField &f = *v->m_field;
    if (v->kind() == Kind::Tuple && !f.additionalAllowed && v->m_items.size() >= size_t(f.children.size()))
        return -1;
    const int index = int(v->m_items.size());
    FormValue item = makeNode(f.itemField ? f.itemField : FormBuilder::anyField(), JsonPointer::append(path, index));
    expand(item);
    v->m_items.push_back(std::move(item));
    markSet(chain);
    v->m_set = true;
    return index;
}

bool FormState::removeItem(const QString &path, int index)
{
    FormValue *v = walk(path, false);
    if (!v || (v->kind() != Kind::Array && v->kind() != Kind::Tuple) || index < 0 || index >= int(v->m_items.size()))
        return false;
    if (v->kind() == Kind::Tuple && index < int(v->m_field->children.size())) {
        v->m_items.at(index) = makeNode(v->m_field->children.at(index), v->m_items.at(index).m_path);
        return true; // positions of a tuple are cleared, not removed
    }
    v->m_items.erase(v->m_items.begin() + index);
    repath(*v, v->m_path);
    return true;
}

bool FormState::moveItem(const QString &path, int from, int to)
{
    FormValue *v = walk(path, false);
    const int n = v ? int(v->m_items.size()) : 0;
    if (!v || v->kind() != Kind::Array || from < 0 || from >= n || to < 0 || to >= n)
        return false;
    FormValue item = std::move(v->m_items.at(from));
    v->m_items.erase(v->m_items.begin() + from);
    v->m_items.insert(v->m_items.begin() + to, std::move(item));
    repath(*v, v->m_path);
    return true;
}

bool FormState::addEntry(const QString &path, const QString &key)
{
    QList<FormValue *> chain;
    FormValue *v = walk(path, true, &chain);
    if (!v || (v->kind() != Kind::Object && v->kind() != Kind::Map) || v->m_override || v->entry(key) || v->child(key))
        return false;
    FormValue value = makeNode(v->m_field->fieldForKey(key), JsonPointer::append(path, key));
    expand(value);
    v->m_entries.push_back({key, std::move(value)});
    markSet(chain);
    v->m_set = true;
    return true;
}

bool FormState::removeEntry(const QString &path, const QString &key)
{
    FormValue *v = walk(path, false);
    if (!v)
        return false;
    for (auto it = v->m_entries.begin(); it != v->m_entries.end(); ++it) {
        if (it->key == key) {
            v->m_entries.erase(it);
            return true;
        }
    }
    return false;
}

bool FormState::renameEntry(const QString &path, const QString &from, const QString &to)
{
    FormValue *v = walk(path, false);
    if (!v || v->entry(to) || v->child(to))
        return false;
    for (FormValue::Entry &e : v->m_entries) {
        if (e.key != from)
            continue;
        const std::optional<QJsonValue> kept = build(e.value, false);
        e.key = to;
        // The new key may match another patternProperties field: keep the value, refit it.
        e.value = makeNode(v->m_field->fieldForKey(to), JsonPointer::append(path, to));
        if (kept)
            load(e.value, *kept);
        return true;
    }
    return false;
}

bool FormState::selectVariant(const QString &path, int index)
{
    QList<FormValue *> chain;
    FormValue *v = walk(path, true, &chain);
    // walk() stops at the Variant itself when it is the last step.
    if (!v || v->kind() != Kind::Variant || index < 0 || index >= int(v->m_field->variants.size()))
        return false;
    if (v->m_variant == index && !v->m_override)
        return true;
    v->m_override = false;
    v->m_value = QJsonValue();
    v->m_variant = index;
    v->m_items.clear();
    FormValue chosen = makeNode(v->m_field->variants.at(index), v->m_path);
    expand(chosen);
    v->m_items.push_back(std::move(chosen));
    return true;
}

QJsonValue FormState::toJson() const
{
    return build(m_root, true).value_or(QJsonValue(QJsonValue::Undefined));
}

void FormState::fromJson(const QJsonValue &value)
{
    load(m_root, value);
}

void FormState::applyDefaults(FormValue &v, bool emitted, Defaults which) const
{
    const FormField &f = *v.m_field;
    if (!v.m_set && f.hasDefault && !f.readOnly && (which == Defaults::All || f.required)) {
        load(v, f.defaultValue);
        return;
    }
    if (v.m_override || v.isNull() || !(v.m_set || emitted))
        return;
    for (FormValue &child : v.m_items) {
        const bool forced = v.kind() == Kind::Variant
            || (v.kind() == Kind::Object && child.m_field->required && emittedWhenRequired(child))
            || (v.kind() == Kind::Array && emittedWhenRequired(child));
        applyDefaults(child, forced, which);
    }
    for (FormValue::Entry &entry : v.m_entries)
        applyDefaults(entry.value, emittedWhenRequired(entry.value), which);
}

void FormState::applyDefaults(Defaults which)
{
    applyDefaults(m_root, true, which);
}

void FormState::repath(FormValue &v, const QString &path)
{
    v.m_path = path;
    const Kind k = v.kind();
    for (int i = 0; i < int(v.m_items.size()); ++i) {
        FormValue &item = v.m_items.at(i);
        if (k == Kind::Array || k == Kind::Tuple)
            repath(item, JsonPointer::append(path, i));
        else if (k == Kind::Object)
            repath(item, JsonPointer::append(path, item.m_field->key));
        else
            repath(item, path); // Variant: same place
    }
    for (FormValue::Entry &entry : v.m_entries)
        repath(entry.value, JsonPointer::append(path, entry.key));
}

QList<ValidationIssue> FormState::missing() const
{
    QList<ValidationIssue> out;
    collectMissing(m_root, true, out);
    return out;
}

namespace {

void collectFormatIssues(const FormValue &node, QList<ValidationIssue> &out)
{
    if (node.kind() == Kind::String && node.isSet() && !node.isNull() && !node.isOverridden()
        && !node.field()->format.isEmpty()) {
        const QString problem = dateTimeFormatProblem(node.field()->format, node.value().toString());
        if (!problem.isEmpty())
            out.append({node.path(), problem, QStringLiteral("format")});
    }
    for (const FormValue &item : node.items())
        collectFormatIssues(item, out);
    for (const FormValue::Entry &entry : node.entries())
        collectFormatIssues(entry.value, out);
}

} // namespace

QList<ValidationIssue> FormState::formatIssues() const
{
    QList<ValidationIssue> out;
    collectFormatIssues(m_root, out);
    return out;
}

ValidationResult FormState::validate() const
{
    ValidationResult result = m_validator.validate(toJson());
    const QList<ValidationIssue> gaps = missing();
    for (const ValidationIssue &gap : gaps) {
        bool known = false;
        for (const ValidationIssue &issue : std::as_const(result.issues))
            known = known || (issue.path == gap.path && issue.keyword == gap.keyword);
        if (!known)
            result.issues.prepend(gap);
    }
    result.valid = result.valid && gaps.isEmpty();
    return result;
}

} // namespace Mcp
