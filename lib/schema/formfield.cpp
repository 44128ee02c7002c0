#include "formfield.h"

#include "schemautil_p.h"

#include "jsonrpc/propertiesorder.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace Mcp {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::FormBuilder)
};

using SchemaUtil::jsonEqual;
using SchemaUtil::jsonText;

const int maxBuildDepth = 48;

const char *const annotationKeys[] = {"title", "description", "default", "examples", "readOnly", "writeOnly",
                                      "deprecated", "$comment"};

QStringList typeList(const QJsonValue &type)
{
    QStringList out;
    if (type.isString())
        out.append(type.toString());
    for (const QJsonValue &t : type.toArray())
        out.append(t.toString());
    return out;
}

QJsonValue typeValue(const QStringList &types)
{
    if (types.size() == 1)
        return types.first();
    return QJsonArray::fromStringList(types);
}

bool isAnnotation(const QString &key)
{
    for (const char *a : annotationKeys)
        if (key == QLatin1String(a))
            return true;
    return false;
}

// allOf semantics for a form: both schemas' constraints at once. Where `later` and `earlier`
// disagree on an annotation (title, description, default), `later` wins.
QJsonObject mergeSchemas(const QJsonObject &earlier, const QJsonObject &later)
{
    QJsonObject out = earlier;
    for (auto it = later.begin(); it != later.end(); ++it) {
        const QString key = it.key();
        const QJsonValue b = it.value();
        if (!out.contains(key)) {
            out.insert(key, b);
            continue;
        }
        const QJsonValue a = out.value(key);
        if (key == QLatin1String("properties") || key == QLatin1String("patternProperties")
            || key == QLatin1String("$defs") || key == QLatin1String("definitions")) {
            QJsonObject map = a.toObject();
            const QJsonObject other = b.toObject();
            for (auto p = other.begin(); p != other.end(); ++p) {
                if (map.contains(p.key()) && !jsonEqual(map.value(p.key()), p.value()))
                    map.insert(p.key(), QJsonObject{{QStringLiteral("allOf"), QJsonArray{map.value(p.key()), p.value()}}});
                else
                    map.insert(p.key(), p.value());
            }
            out.insert(key, map);
        } else if (key == QLatin1String("required")) {
            QJsonArray names = a.toArray();
            for (const QJsonValue &name : b.toArray())
                if (!names.contains(name))
                    names.append(name);
            out.insert(key, names);
        } else if (key == QLatin1String("type")) {
            QStringList common;
            const QStringList bt = typeList(b);
            for (const QString &t : typeList(a))
                if (bt.contains(t) || (t == QLatin1String("integer") && bt.contains(QLatin1String("number"))))
                    common.append(t);
            for (const QString &t : bt)
                if (t == QLatin1String("integer") && typeList(a).contains(QLatin1String("number")) && !common.contains(t))
                    common.append(t);
            out.insert(key, common.isEmpty() ? b : typeValue(common));
        } else if (key == QLatin1String("enum")) {
            QJsonArray common;
            for (const QJsonValue &x : a.toArray())
                for (const QJsonValue &y : b.toArray())
                    if (jsonEqual(x, y))
                        common.append(x);
            out.insert(key, common);
        } else if (key == QLatin1String("minimum") || key == QLatin1String("minLength") || key == QLatin1String("minItems")
                   || key == QLatin1String("minProperties")
                   || (key == QLatin1String("exclusiveMinimum") && a.isDouble() && b.isDouble())) {
            out.insert(key, std::max(a.toDouble(), b.toDouble()));
        } else if (key == QLatin1String("maximum") || key == QLatin1String("maxLength") || key == QLatin1String("maxItems")
                   || key == QLatin1String("maxProperties")
                   || (key == QLatin1String("exclusiveMaximum") && a.isDouble() && b.isDouble())) {
            out.insert(key, std::min(a.toDouble(), b.toDouble()));
        } else if (key == QLatin1String("uniqueItems")) {
            out.insert(key, a.toBool() || b.toBool());
        } else if (key == QLatin1String("items") || key == QLatin1String("additionalProperties")
                   || key == QLatin1String("additionalItems") || key == QLatin1String("propertyNames")
                   || key == QLatin1String("contains")) {
            if ((a.isBool() && !a.toBool()) || (b.isBool() && !b.toBool()))
                out.insert(key, false);
            else if (a.isObject() && b.isObject() && !jsonEqual(a, b))
                out.insert(key, QJsonObject{{QStringLiteral("allOf"), QJsonArray{a, b}}});
            else if (b.isObject())
                out.insert(key, b);
        } else if (key == QLatin1String("allOf")) {
            QJsonArray all = a.toArray();
            for (const QJsonValue &x : b.toArray())
                all.append(x);
            out.insert(key, all);
        } else if ((key == QLatin1String("anyOf") || key == QLatin1String("oneOf") || key == QLatin1String("pattern")
                    || key == QLatin1String("not"))
                   && !jsonEqual(a, b)) {
            // Both apply; the form shows the first, validation checks both.
            QJsonArray all = out.value(QLatin1String("x-mcpscope-also")).toArray();
            all.append(QJsonObject{{key, b}});
            out.insert(QStringLiteral("x-mcpscope-also"), all);
        } else {
            out.insert(key, b);
        }
    }
    return out;
}

QString variantTitle(const QJsonObject &branch, int index)
{
    const QString title = branch.value(QLatin1String("title")).toString();
    if (!title.isEmpty())
        return title;
    // A discriminating constant ({"type": {"const": "circle"}}) names the alternative best.
    const QJsonObject properties = branch.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject p = it.value().toObject();
        if (p.contains(QLatin1String("const")))
            return p.value(QLatin1String("const")).isString() ? p.value(QLatin1String("const")).toString()
                                                               : jsonText(p.value(QLatin1String("const")));
    }
    if (branch.contains(QLatin1String("type")))
        return typeList(branch.value(QLatin1String("type"))).join(QLatin1String(" or "));
    return Tr::tr("Option %1").arg(index + 1);
}

QString inferType(const QJsonObject &s)
{
    static const char *const objectKeys[] = {"properties", "additionalProperties", "patternProperties", "required",
                                             "minProperties", "maxProperties"};
    static const char *const arrayKeys[] = {"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"};
    static const char *const stringKeys[] = {"minLength", "maxLength", "pattern", "format"};
    static const char *const numberKeys[] = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"};
    const auto hasAny = [&s](const auto &keys) {
        return std::any_of(std::begin(keys), std::end(keys), [&s](const char *k) { return s.contains(QLatin1String(k)); });
    };
    if (hasAny(objectKeys))
        return QStringLiteral("object");
    if (hasAny(arrayKeys))
        return QStringLiteral("array");
    if (hasAny(stringKeys))
        return QStringLiteral("string");
    if (hasAny(numberKeys))
        return QStringLiteral("number");
    return QString();
}

bool isNullSchema(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    if (o.value(QLatin1String("type")).toString() == QLatin1String("null"))
        return true;
    if (o.contains(QLatin1String("const")) && o.value(QLatin1String("const")).isNull())
        return true;
    const QJsonArray e = o.value(QLatin1String("enum")).toArray();
    return e.size() == 1 && e.first().isNull();
}

} // namespace

QString FormField::displayName() const
{
    return title.isEmpty() ? key : title;
}

bool FormField::isContainer() const
{
    switch (kind) {
    case Kind::Object: case Kind::Array: case Kind::MultiSelect: case Kind::Tuple: case Kind::Map: case Kind::Variant:
        return true;
    default:
        return false;
    }
}

FormFieldPtr FormField::child(const QString &name) const
{
    for (const FormFieldPtr &c : children)
        if (c->key == name)
            return c;
    return {};
}

FormFieldPtr FormField::fieldForKey(const QString &name) const
{
    for (const PatternField &p : patternFields) {
        const QRegularExpression re(p.pattern, QRegularExpression::UseUnicodePropertiesOption);
        if (re.isValid() && re.match(name).hasMatch())
            return p.field;
    }
    if (itemField)
        return itemField;
    return FormBuilder::anyField(name);
}

QString FormField::kindName(Kind kind)
{
    switch (kind) {
    case Kind::String: return QStringLiteral("String");
    case Kind::Number: return QStringLiteral("Number");
    case Kind::Integer: return QStringLiteral("Integer");
    case Kind::Boolean: return QStringLiteral("Boolean");
    case Kind::Enum: return QStringLiteral("Enum");
    case Kind::Const: return QStringLiteral("Const");
    case Kind::Object: return QStringLiteral("Object");
    case Kind::Array: return QStringLiteral("Array");
    case Kind::MultiSelect: return QStringLiteral("MultiSelect");
    case Kind::Tuple: return QStringLiteral("Tuple");
    case Kind::Map: return QStringLiteral("Map");
    case Kind::Variant: return QStringLiteral("Variant");
    case Kind::Null: return QStringLiteral("Null");
    case Kind::Raw: return QStringLiteral("Raw");
    }
    return QString();
}

struct FormBuilder::Context
{
    QStringList refStack; // schema pointers being expanded on the current path
    bool shallow = false; // describe this field only, not its parts
};

namespace {

struct Flat
{
    QJsonObject schema;
    QString error;        // the part cannot be a field
    QString cyclePointer; // a $ref back to a schema being built: defer
};

} // namespace

FormBuilder::FormBuilder(const QJsonValue &rootSchema)
    : m_resolver(rootSchema)
{
}

FormFieldPtr FormBuilder::anyField(const QString &key)
{
    auto f = QSharedPointer<FormField>::create();
    f->kind = FormField::Kind::Raw;
    f->key = key;
    f->schema = true;
    f->note = Tr::tr("Any JSON value.");
    return f;
}

FormFieldPtr FormBuilder::build() const
{
    Context context;
    context.refStack.append(QString()); // "#" refers back to the root being built
    return buildField(m_resolver.root(), QString(), QString(), false, context, 0);
}

FormFieldPtr FormBuilder::expand(const FormFieldPtr &field) const
{
    if (!field || !field->deferred)
        return field;
    Context context;
    FormFieldPtr built = buildField(field->schema, field->schemaPath, field->key, field->required, context, 0);
    if (field->nullable && !built->nullable) {
        auto copy = QSharedPointer<FormField>::create(*built);
        copy->nullable = true;
        built = copy;
    }
    return built;
}

FormFieldPtr FormBuilder::buildField(const QJsonValue &schema, const QString &schemaPath, const QString &key,
                                     bool required, Context &context, int depth) const
{
    using Kind = FormField::Kind;
    auto f = QSharedPointer<FormField>::create();
    f->key = key;
    f->schemaPath = schemaPath;
    f->required = required;
    f->schema = schema;

    if (schema.isBool() || !schema.isObject()) {
        f->kind = Kind::Raw;
        f->note = schema.isBool() && !schema.toBool() ? Tr::tr("The schema allows no value here.")
                  : schema.isBool()                   ? Tr::tr("Any JSON value.")
                                                      : Tr::tr("The schema here is not a JSON object; edit the value as JSON.");
        return f;
    }

    const qsizetype stackSize = context.refStack.size();
    struct Pop
    {
        QStringList &stack;
        qsizetype size;
        ~Pop() { stack.resize(size); }
    } pop{context.refStack, stackSize};

    // Follow $ref and merge allOf until neither is left at the top.
    auto resolveInto = [&](QJsonObject object, Flat &flat) -> QJsonObject {
        const QString ref = object.take(QLatin1String("$ref")).toString();
        const SchemaResolver::Resolved target = m_resolver.resolveRef(ref);
        if (!target.isValid()) {
            flat.error = target.error;
            return object;
        }
        if (const qsizetype seen = context.refStack.indexOf(target.pointer); seen >= 0) {
            // Followed earlier in this same field, the chain of references loops before it
            // reaches a schema of its own: there is nothing to build one level further, ever
            // (deferring it would offer a part that never opens).
            if (seen >= stackSize)
                flat.error = Tr::tr("The $ref chain loops without reaching a schema (%1).").arg(target.pointer);
            else
                flat.cyclePointer = target.pointer;
            return object;
        }
        context.refStack.append(target.pointer);
        if (target.schema.isBool() && !target.schema.toBool()) {
            flat.error = Tr::tr("The schema allows no value here.");
            return object;
        }
        return mergeSchemas(target.schema.toObject(), object);
    };
    Flat flat;
    flat.schema = schema.toObject();
    for (int guard = 0; guard < 64 && flat.error.isEmpty() && flat.cyclePointer.isEmpty(); ++guard) {
        if (flat.schema.contains(QLatin1String("$ref"))) {
            flat.schema = resolveInto(flat.schema, flat);
            continue;
        }
        if (flat.schema.contains(QLatin1String("allOf"))) {
            const QJsonArray branches = flat.schema.take(QLatin1String("allOf")).toArray();
            QJsonObject merged;
            for (const QJsonValue &branch : branches) {
                if (branch.isBool() && !branch.toBool()) {
                    flat.error = Tr::tr("The schema allows no value here.");
                    break;
                }
                QJsonObject b = branch.toObject();
                if (b.contains(QLatin1String("$ref"))) {
                    Flat sub;
                    b = resolveInto(b, sub);
                    if (!sub.cyclePointer.isEmpty() || !sub.error.isEmpty()) {
                        f->note = Tr::tr("Part of this field's schema (allOf) is recursive or unresolved and is only checked on sending.");
                        continue;
                    }
                }
                merged = mergeSchemas(merged, b);
            }
            flat.schema = mergeSchemas(merged, flat.schema);
            continue;
        }
        break;
    }
    if (!flat.error.isEmpty()) {
        f->kind = Kind::Raw;
        f->note = flat.error;
        return f;
    }
    if (!flat.cyclePointer.isEmpty()) {
        // Describe the recursive part without its parts; expand() builds them on demand.
        f->deferred = true;
        if (context.shallow) {
            f->kind = Kind::Raw;
            return f;
        }
        const auto target = JsonPointer::evaluate(m_resolver.root(), flat.cyclePointer);
        Context shallow = context;
        shallow.shallow = true;
        QJsonObject described = mergeSchemas(target.value_or(QJsonValue()).toObject(), flat.schema);
        described.remove(QLatin1String("$ref"));
        FormFieldPtr shape = buildField(described, schemaPath, key, required, shallow, depth + 1);
        auto copy = QSharedPointer<FormField>::create(*shape);
        copy->deferred = true;
        copy->schema = schema;
        copy->schemaPath = schemaPath;
        copy->children.clear();
        copy->variants.clear();
        copy->itemField.reset();
        copy->patternFields.clear();
        copy->note = Tr::tr("Recursive part: it is built when you open it.");
        return copy;
    }
    if (depth > maxBuildDepth && !context.shallow) {
        f->deferred = true;
        f->kind = Kind::Raw;
        f->note = Tr::tr("Deeply nested part: it is built when you open it.");
        return f;
    }

    QJsonObject s = flat.schema;
    f->schema = s;
    f->title = s.value(QLatin1String("title")).toString();
    f->description = s.value(QLatin1String("description")).toString();
    f->format = s.value(QLatin1String("format")).toString();
    f->readOnly = s.value(QLatin1String("readOnly")).toBool();
    f->writeOnly = s.value(QLatin1String("writeOnly")).toBool();
    f->deprecated = s.value(QLatin1String("deprecated")).toBool();
    if (s.contains(QLatin1String("default"))) {
        f->hasDefault = true;
        f->defaultValue = s.value(QLatin1String("default"));
    }
    f->examples = s.value(QLatin1String("examples")).toArray();
    if (s.contains(QLatin1String("example")))
        f->examples.append(s.value(QLatin1String("example")));

    // Nullable: type lists with null, OpenAPI's nullable, anyOf/oneOf [X, null], enum with null.
    QStringList types = typeList(s.value(QLatin1String("type")));
    if (types.size() > 1 && types.contains(QLatin1String("null"))) {
        f->nullable = true;
        types.removeAll(QStringLiteral("null"));
    }
    if (s.value(QLatin1String("nullable")).toBool())
        f->nullable = true;
    for (const QString combinator : {QStringLiteral("anyOf"), QStringLiteral("oneOf")}) {
        if (!s.contains(combinator))
            continue;
        QJsonArray branches = s.value(combinator).toArray();
        QJsonArray rest;
        for (const QJsonValue &b : std::as_const(branches)) {
            QJsonValue resolved = b;
            if (b.toObject().contains(QLatin1String("$ref")) && b.toObject().size() == 1) {
                const auto target = m_resolver.resolve(b, QString());
                if (target.isValid())
                    resolved = target.schema;
            }
            if (isNullSchema(resolved))
                f->nullable = true;
            else
                rest.append(b);
        }
        if (rest.size() == branches.size())
            continue;
        s.remove(combinator);
        if (rest.size() == 1) {
            // [X, null]: the field is X. Build X with this field's annotations on top.
            QJsonObject outer = s;
            outer.insert(QStringLiteral("allOf"), QJsonArray{rest.first()});
            FormFieldPtr inner = buildField(outer, schemaPath, key, required, context, depth + 1);
            auto copy = QSharedPointer<FormField>::create(*inner);
            copy->nullable = true;
            return copy;
        }
        if (!rest.isEmpty())
            s.insert(combinator, rest);
    }

    const QJsonArray enumValues = s.value(QLatin1String("enum")).toArray();
    if (types == QStringList{QStringLiteral("null")}
        || (s.contains(QLatin1String("const")) && s.value(QLatin1String("const")).isNull())) {
        f->kind = Kind::Null;
        return f;
    }
    if (s.contains(QLatin1String("const"))) {
        f->kind = Kind::Const;
        f->constValue = s.value(QLatin1String("const"));
        return f;
    }
    if (s.contains(QLatin1String("enum"))) {
        f->kind = Kind::Enum;
        const QJsonArray names = s.value(QLatin1String("enumNames")).toArray();
        for (qsizetype i = 0; i < enumValues.size(); ++i) {
            if (enumValues.at(i).isNull()) {
                f->nullable = true;
                continue;
            }
            f->options.append({enumValues.at(i), names.size() == enumValues.size() ? names.at(i).toString() : QString()});
        }
        return f;
    }

    const QString combinator = s.contains(QLatin1String("oneOf")) ? QStringLiteral("oneOf")
                               : s.contains(QLatin1String("anyOf")) ? QStringLiteral("anyOf")
                                                                   : QString();
    if (!combinator.isEmpty()) {
        const QJsonArray branches = s.value(combinator).toArray();
        // Titled constants: an enum whose options have names.
        QList<EnumOption> options;
        bool allConst = !branches.isEmpty();
        for (const QJsonValue &b : branches) {
            QJsonObject o = b.toObject();
            if (o.contains(QLatin1String("$ref")) && o.size() == 1) {
                const auto target = m_resolver.resolve(b, QString());
                o = target.schema.toObject();
            }
            const QJsonArray e = o.value(QLatin1String("enum")).toArray();
            if (o.contains(QLatin1String("const")))
                options.append({o.value(QLatin1String("const")), o.value(QLatin1String("title")).toString()});
            else if (e.size() == 1)
                options.append({e.first(), o.value(QLatin1String("title")).toString()});
            else
                allConst = false;
        }
        if (allConst) {
            f->kind = Kind::Enum;
            f->options = options;
            return f;
        }
        f->kind = Kind::Variant;
        if (combinator == QLatin1String("oneOf") && s.contains(QLatin1String("anyOf")))
            f->note = Tr::tr("The anyOf part of this schema is only checked on sending.");
        if (context.shallow)
            return f;
        QJsonObject base = s;
        base.remove(combinator);
        for (const char *a : annotationKeys)
            base.remove(QLatin1String(a));
        for (qsizetype i = 0; i < branches.size(); ++i) {
            const QString branchPath = JsonPointer::append(JsonPointer::append(schemaPath, combinator), int(i));
            QJsonValue variantSchema = branches.at(i);
            bool baseHasContent = false;
            for (auto it = base.begin(); it != base.end(); ++it)
                baseHasContent = baseHasContent || !isAnnotation(it.key());
            if (baseHasContent)
                variantSchema = QJsonObject{{QStringLiteral("allOf"), QJsonArray{base, branches.at(i)}}};
            FormFieldPtr v = buildField(variantSchema, branchPath, QString(), false, context, depth + 1);
            QJsonObject branchObject = branches.at(i).toObject();
            if (branchObject.contains(QLatin1String("$ref")))
                branchObject = v->schema.toObject();
            if (v->title.isEmpty()) {
                auto copy = QSharedPointer<FormField>::create(*v);
                copy->title = variantTitle(branchObject, int(i));
                if (copy->title.startsWith(Tr::tr("Option")) && !copy->isContainer() && copy->kind != Kind::Raw)
                    copy->title = FormField::kindName(copy->kind).toLower();
                v = copy;
            }
            f->variants.append(v);
        }
        return f;
    }

    if (types.size() > 1) {
        f->kind = Kind::Variant;
        if (context.shallow)
            return f;
        for (const QString &type : std::as_const(types)) {
            QJsonObject variantSchema = s;
            variantSchema.insert(QStringLiteral("type"), type);
            for (const char *a : annotationKeys)
                variantSchema.remove(QLatin1String(a));
            auto v = QSharedPointer<FormField>::create(
                *buildField(variantSchema, schemaPath, QString(), false, context, depth + 1));
            v->title = type;
            f->variants.append(v);
        }
        return f;
    }

    const QString type = types.isEmpty() ? inferType(s) : types.first();
    const auto number = [&](const char *name) -> std::optional<double> {
        const QJsonValue v = s.value(QLatin1String(name));
        return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
    };
    const auto count = [&](const char *name) -> std::optional<int> {
        const QJsonValue v = s.value(QLatin1String(name));
        return v.isDouble() ? std::optional<int>(v.toInt()) : std::nullopt;
    };
    FormConstraints &c = f->constraints;

    if (type == QLatin1String("string")) {
        f->kind = Kind::String;
        c.minLength = count("minLength");
        c.maxLength = count("maxLength");
        c.pattern = s.value(QLatin1String("pattern")).toString();
    } else if (type == QLatin1String("number") || type == QLatin1String("integer")) {
        f->kind = type == QLatin1String("integer") ? Kind::Integer : Kind::Number;
        c.minimum = number("minimum");
        c.maximum = number("maximum");
        c.exclusiveMinimum = number("exclusiveMinimum");
        c.exclusiveMaximum = number("exclusiveMaximum");
        if (s.value(QLatin1String("exclusiveMinimum")).toBool() && c.minimum) // draft-04 boolean form
            c.exclusiveMinimum = std::exchange(c.minimum, std::nullopt);
        if (s.value(QLatin1String("exclusiveMaximum")).toBool() && c.maximum)
            c.exclusiveMaximum = std::exchange(c.maximum, std::nullopt);
        c.multipleOf = number("multipleOf");
    } else if (type == QLatin1String("boolean")) {
        f->kind = Kind::Boolean;
    } else if (type == QLatin1String("null")) {
        f->kind = Kind::Null;
    } else if (type == QLatin1String("object")) {
        c.minProperties = count("minProperties");
        c.maxProperties = count("maxProperties");
        const QJsonObject properties = s.value(QLatin1String("properties")).toObject();
        const QJsonValue additional = s.value(QLatin1String("additionalProperties"));
        const QJsonObject patterns = s.value(QLatin1String("patternProperties")).toObject();
        f->additionalAllowed = !(additional.isBool() && !additional.toBool());
        const bool hasProperties = s.contains(QLatin1String("properties"));
        f->kind = hasProperties || !f->additionalAllowed ? Kind::Object : Kind::Map;
        if (context.shallow)
            return f;
        QStringList requiredNames;
        for (const QJsonValue &name : s.value(QLatin1String("required")).toArray())
            requiredNames.append(name.toString());
        // The fields in the order the schema's author wrote them: QJsonObject keeps its keys sorted,
        // the parse noted the text's order (Json::propertiesOrder()). Required ones stay where
        // they were written.
        QStringList order = Json::propertiesOrder(properties);
        for (auto it = properties.begin(); it != properties.end(); ++it)
            if (!order.contains(it.key()))
                order.append(it.key());
        const QString propertiesPath = JsonPointer::append(schemaPath, QStringLiteral("properties"));
        for (const QString &name : std::as_const(order))
            f->children.append(buildField(properties.value(name), JsonPointer::append(propertiesPath, name), name,
                                          requiredNames.contains(name), context, depth + 1));
        const QString patternsPath = JsonPointer::append(schemaPath, QStringLiteral("patternProperties"));
        for (auto it = patterns.begin(); it != patterns.end(); ++it)
            f->patternFields.append({it.key(), buildField(it.value(), JsonPointer::append(patternsPath, it.key()),
                                                          QString(), false, context, depth + 1)});
        if (additional.isObject())
            f->itemField = buildField(additional, JsonPointer::append(schemaPath, QStringLiteral("additionalProperties")),
                                      QString(), false, context, depth + 1);
    } else if (type == QLatin1String("array")) {
        c.minItems = count("minItems");
        c.maxItems = count("maxItems");
        c.uniqueItems = s.value(QLatin1String("uniqueItems")).toBool();
        const bool modern = m_resolver.dialect() != SchemaDialect::Draft07;
        QJsonArray prefix;
        QJsonValue rest;
        QString prefixKey, restKey;
        if (modern && s.contains(QLatin1String("prefixItems"))) {
            prefix = s.value(QLatin1String("prefixItems")).toArray();
            prefixKey = QStringLiteral("prefixItems");
            rest = s.value(QLatin1String("items"));
            restKey = QStringLiteral("items");
        } else if (s.value(QLatin1String("items")).isArray()) {
            prefix = s.value(QLatin1String("items")).toArray();
            prefixKey = QStringLiteral("items");
            rest = s.value(QLatin1String("additionalItems"));
            restKey = QStringLiteral("additionalItems");
        } else {
            rest = s.value(QLatin1String("items"));
            restKey = QStringLiteral("items");
        }
        f->kind = prefixKey.isEmpty() ? Kind::Array : Kind::Tuple;
        if (context.shallow)
            return f;
        if (!prefixKey.isEmpty()) {
            f->additionalAllowed = !(rest.isBool() && !rest.toBool());
            for (qsizetype i = 0; i < prefix.size(); ++i)
                f->children.append(buildField(prefix.at(i),
                                              JsonPointer::append(JsonPointer::append(schemaPath, prefixKey), int(i)),
                                              QString(), true, context, depth + 1));
        }
        if (rest.isObject())
            f->itemField = buildField(rest, JsonPointer::append(schemaPath, restKey), QString(), false, context, depth + 1);
        else if (f->kind == Kind::Array)
            f->itemField = anyField();
        if (f->kind == Kind::Array && f->itemField && f->itemField->kind == Kind::Enum && !f->itemField->nullable) {
            f->kind = Kind::MultiSelect;
            f->options = f->itemField->options;
        }
    } else {
        f->kind = Kind::Raw;
        f->note = s.isEmpty() ? Tr::tr("Any JSON value.")
                              : Tr::tr("This part of the schema has no form field; edit it as JSON.");
    }
    return f;
}

} // namespace Mcp
