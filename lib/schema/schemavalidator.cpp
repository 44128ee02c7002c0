#include "schemavalidator.h"

#include "schemanormalizer.h"
#include "schemaresolver.h"
#include "schemautil_p.h"

#include <QCoreApplication>
#include <QDate>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>

#ifndef VALIJSON_USE_EXCEPTIONS
#define VALIJSON_USE_EXCEPTIONS 1
#endif
#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

Q_LOGGING_CATEGORY(lcSchemaValidator, "mcp.schema.validator")

namespace Mcp {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::SchemaValidator)
};

using SchemaUtil::jsonEqual;
using SchemaUtil::jsonText;

const int maxDepth = 128; // guards $ref cycles that never consume any of the instance

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("boolean");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        return std::floor(d) == d && std::isfinite(d) ? QStringLiteral("integer") : QStringLiteral("number");
    }
    case QJsonValue::String: return QStringLiteral("string");
    case QJsonValue::Array: return QStringLiteral("array");
    case QJsonValue::Object: return QStringLiteral("object");
    default: return QStringLiteral("undefined");
    }
}

QString countPhrase(const QString &one, const QString &many, int n)
{
    return (n == 1 ? one : many).arg(n);
}

bool isInteger(const QJsonValue &value)
{
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    return std::isfinite(d) && std::floor(d) == d;
}

bool matchesType(const QJsonValue &value, const QString &type)
{
    using Check = bool (*)(const QJsonValue &);
    static const std::pair<QLatin1StringView, Check> checks[] = {
        {QLatin1StringView("integer"), isInteger},
        {QLatin1StringView("number"), [](const QJsonValue &v) { return v.isDouble(); }},
        {QLatin1StringView("string"), [](const QJsonValue &v) { return v.isString(); }},
        {QLatin1StringView("boolean"), [](const QJsonValue &v) { return v.isBool(); }},
        {QLatin1StringView("object"), [](const QJsonValue &v) { return v.isObject(); }},
        {QLatin1StringView("array"), [](const QJsonValue &v) { return v.isArray(); }},
        {QLatin1StringView("null"), [](const QJsonValue &v) { return v.isNull(); }},
    };
    for (const auto &[name, check] : checks) {
        if (type == name)
            return check(value);
    }
    return type == QLatin1String("any");
}

QString typePhrase(const QString &type)
{
    if (type == QLatin1String("integer")) return Tr::tr("a whole number");
    if (type == QLatin1String("number")) return Tr::tr("a number");
    if (type == QLatin1String("string")) return Tr::tr("text (a string)");
    if (type == QLatin1String("boolean")) return Tr::tr("true or false");
    if (type == QLatin1String("object")) return Tr::tr("an object");
    if (type == QLatin1String("array")) return Tr::tr("a list (an array)");
    if (type == QLatin1String("null")) return Tr::tr("null");
    return type;
}

qsizetype codePoints(const QString &s)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (!(s.at(i).isLowSurrogate() && i > 0 && s.at(i - 1).isHighSurrogate()))
            ++n;
    }
    return n;
}

bool validRfc3339Date(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{4})-(\\d{2})-(\\d{2})$"));
    const auto m = re.match(s);
    return m.hasMatch() && QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt()).isValid();
}

bool validRfc3339Time(const QString &s)
{
    static const QRegularExpression re(QStringLiteral(
        "^([01]\\d|2[0-3]):([0-5]\\d):([0-5]\\d|60)(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$"));
    return re.match(s).hasMatch();
}

// Returns an empty string when the value satisfies the format, otherwise the message.
QString checkFormat(const QString &format, const QString &s)
{
    if (format == QLatin1String("email")) {
        static const QRegularExpression re(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
        return re.match(s).hasMatch() ? QString() : Tr::tr("must be an email address such as name@example.com");
    }
    if (format == QLatin1String("uri")) {
        const QUrl url(s, QUrl::StrictMode);
        return url.isValid() && !url.scheme().isEmpty() && !s.contains(QLatin1Char(' '))
            ? QString()
            : Tr::tr("must be an absolute URI such as https://example.com/path");
    }
    if (format == QLatin1String("date"))
        return validRfc3339Date(s) ? QString() : Tr::tr("must be a date such as 2024-01-31");
    if (format == QLatin1String("time"))
        return validRfc3339Time(s) ? QString() : Tr::tr("must be a time such as 13:45:00Z");
    if (format == QLatin1String("date-time")) {
        const int t = s.indexOf(QLatin1Char('T'), 0, Qt::CaseInsensitive);
        return t > 0 && validRfc3339Date(s.left(t)) && validRfc3339Time(s.mid(t + 1))
            ? QString()
            : Tr::tr("must be a date and time such as 2024-01-31T13:45:00Z");
    }
    if (format == QLatin1String("uuid")) {
        static const QRegularExpression re(QStringLiteral("^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$"));
        return re.match(s).hasMatch() ? QString() : Tr::tr("must be a UUID such as 123e4567-e89b-12d3-a456-426614174000");
    }
    if (format == QLatin1String("ipv4")) {
        static const QRegularExpression re(QStringLiteral(
            "^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$"));
        return re.match(s).hasMatch() ? QString() : Tr::tr("must be an IPv4 address such as 192.0.2.1");
    }
    return QString(); // unknown formats are annotations only
}

// Walks schema and instance together and says, per field, what is wrong. It is not the judge of
// validity (valijson is), but it must agree with it on everything a form can produce.
class Explainer
{
public:
    explicit Explainer(const SchemaResolver &resolver)
        : m_resolver(resolver)
    {
    }

    void check(const QJsonValue &schema, const QJsonValue &value, const QString &path, QList<ValidationIssue> &out,
               int depth = 0)
    {
        if (depth > maxDepth)
            return;
        if (schema.isBool()) {
            if (!schema.toBool())
                out.append({path, Tr::tr("is not allowed here"), QStringLiteral("false")});
            return;
        }
        if (!schema.isObject())
            return;
        const QJsonObject s = schema.toObject();
        const bool modern = m_resolver.dialect() != SchemaDialect::Draft07;

        if (s.contains(QLatin1String("$ref"))) {
            const auto resolved = m_resolver.resolveRef(s.value(QLatin1String("$ref")).toString());
            if (resolved.isValid())
                check(resolved.schema, value, path, out, depth + 1);
            if (!modern)
                return; // draft-07: siblings of $ref are ignored
        }

        checkType(s, value, path, out);
        if (s.contains(QLatin1String("enum"))) {
            const QJsonArray options = s.value(QLatin1String("enum")).toArray();
            bool found = false;
            for (const QJsonValue &option : options)
                found = found || jsonEqual(option, value);
            if (!found) {
                QStringList names;
                for (int i = 0; i < options.size() && i < 12; ++i)
                    names.append(jsonText(options.at(i)));
                if (options.size() > 12)
                    names.append(QStringLiteral("…"));
                out.append({path, Tr::tr("must be one of: %1").arg(names.join(QLatin1String(", "))),
                            QStringLiteral("enum")});
            }
        }
        if (s.contains(QLatin1String("const")) && !jsonEqual(s.value(QLatin1String("const")), value))
            out.append({path, Tr::tr("must be exactly %1").arg(jsonText(s.value(QLatin1String("const")))),
                        QStringLiteral("const")});

        if (value.isString())
            checkString(s, value.toString(), path, out);
        else if (value.isDouble())
            checkNumber(s, value.toDouble(), path, out);
        else if (value.isArray())
            checkArray(s, value.toArray(), path, out, depth);
        else if (value.isObject())
            checkObject(s, value.toObject(), path, out, depth);

        for (const QJsonValue &sub : s.value(QLatin1String("allOf")).toArray())
            check(sub, value, path, out, depth + 1);
        if (s.contains(QLatin1String("anyOf")))
            checkAlternatives(s.value(QLatin1String("anyOf")).toArray(), false, value, path, out, depth);
        if (s.contains(QLatin1String("oneOf")))
            checkAlternatives(s.value(QLatin1String("oneOf")).toArray(), true, value, path, out, depth);
        if (s.contains(QLatin1String("not"))) {
            QList<ValidationIssue> sub;
            check(s.value(QLatin1String("not")), value, path, sub, depth + 1);
            if (sub.isEmpty())
                out.append({path, Tr::tr("has a value that the schema forbids (it matches a 'not' rule)"),
                            QStringLiteral("not")});
        }
        if (s.contains(QLatin1String("if"))) {
            QList<ValidationIssue> sub;
            check(s.value(QLatin1String("if")), value, path, sub, depth + 1);
            const QString branch = sub.isEmpty() ? QStringLiteral("then") : QStringLiteral("else");
            if (s.contains(branch))
                check(s.value(branch), value, path, out, depth + 1);
        }
    }

private:
    void checkType(const QJsonObject &s, const QJsonValue &value, const QString &path, QList<ValidationIssue> &out)
    {
        const QJsonValue type = s.value(QLatin1String("type"));
        QStringList types;
        if (type.isString())
            types.append(type.toString());
        else if (type.isArray())
            for (const QJsonValue &t : type.toArray())
                types.append(t.toString());
        else
            return;
        for (const QString &t : types)
            if (matchesType(value, t))
                return;
        QStringList phrases;
        for (const QString &t : types)
            phrases.append(typePhrase(t));
        out.append({path, Tr::tr("must be %1, not %2").arg(phrases.join(Tr::tr(" or ")), typeName(value)),
                    QStringLiteral("type")});
    }

    void checkString(const QJsonObject &s, const QString &text, const QString &path, QList<ValidationIssue> &out)
    {
        const qsizetype length = codePoints(text);
        if (s.contains(QLatin1String("minLength")) && length < s.value(QLatin1String("minLength")).toDouble()) {
            const int n = s.value(QLatin1String("minLength")).toInt();
            out.append({path, n == 1 ? Tr::tr("must not be empty") : Tr::tr("must be at least %1 characters long").arg(n),
                        QStringLiteral("minLength")});
        }
        if (s.contains(QLatin1String("maxLength")) && length > s.value(QLatin1String("maxLength")).toDouble())
            out.append({path, Tr::tr("must be at most %1 characters long").arg(s.value(QLatin1String("maxLength")).toInt()),
                        QStringLiteral("maxLength")});
        if (s.contains(QLatin1String("pattern"))) {
            const QString pattern = s.value(QLatin1String("pattern")).toString();
            const QRegularExpression &re = regex(pattern);
            if (re.isValid() && !re.match(text).hasMatch())
                out.append({path, Tr::tr("must match pattern %1").arg(pattern), QStringLiteral("pattern")});
        }
        if (s.contains(QLatin1String("format"))) {
            const QString message = checkFormat(s.value(QLatin1String("format")).toString(), text);
            if (!message.isEmpty())
                out.append({path, message, QStringLiteral("format")});
        }
    }

    void checkNumber(const QJsonObject &s, double x, const QString &path, QList<ValidationIssue> &out)
    {
        const QJsonValue minimum = s.value(QLatin1String("minimum"));
        const QJsonValue maximum = s.value(QLatin1String("maximum"));
        const QJsonValue exMin = s.value(QLatin1String("exclusiveMinimum"));
        const QJsonValue exMax = s.value(QLatin1String("exclusiveMaximum"));
        if (minimum.isDouble()) {
            if (exMin.toBool() && x <= minimum.toDouble()) // draft-04 boolean form
                out.append({path, Tr::tr("must be greater than %1").arg(jsonText(minimum)), QStringLiteral("exclusiveMinimum")});
            else if (x < minimum.toDouble())
                out.append({path, Tr::tr("must be at least %1").arg(jsonText(minimum)), QStringLiteral("minimum")});
        }
        if (maximum.isDouble()) {
            if (exMax.toBool() && x >= maximum.toDouble())
                out.append({path, Tr::tr("must be less than %1").arg(jsonText(maximum)), QStringLiteral("exclusiveMaximum")});
            else if (x > maximum.toDouble())
                out.append({path, Tr::tr("must be at most %1").arg(jsonText(maximum)), QStringLiteral("maximum")});
        }
        if (exMin.isDouble() && x <= exMin.toDouble())
            out.append({path, Tr::tr("must be greater than %1").arg(jsonText(exMin)), QStringLiteral("exclusiveMinimum")});
        if (exMax.isDouble() && x >= exMax.toDouble())
            out.append({path, Tr::tr("must be less than %1").arg(jsonText(exMax)), QStringLiteral("exclusiveMaximum")});
        const QJsonValue multipleOf = s.value(QLatin1String("multipleOf"));
        if (multipleOf.isDouble() && multipleOf.toDouble() > 0) {
            const double q = x / multipleOf.toDouble();
            if (std::isfinite(q) && std::fabs(q - std::round(q)) > 1e-9 * std::max(1.0, std::fabs(q)))
                out.append({path, Tr::tr("must be a multiple of %1").arg(jsonText(multipleOf)), QStringLiteral("multipleOf")});
        }
    }

    void checkArray(const QJsonObject &s, const QJsonArray &array, const QString &path, QList<ValidationIssue> &out,
                    int depth)
    {
        const bool modern = m_resolver.dialect() != SchemaDialect::Draft07;
        const QJsonValue items = s.value(QLatin1String("items"));
        QJsonArray prefix;
        QJsonValue rest;
        if (modern && s.contains(QLatin1String("prefixItems"))) {
            prefix = s.value(QLatin1String("prefixItems")).toArray();
            rest = items;
        } else if (items.isArray()) {
            prefix = items.toArray();
            rest = s.value(QLatin1String("additionalItems"));
        } else {
            rest = items;
        }
        for (int i = 0; i < array.size(); ++i) {
            const QString itemPath = JsonPointer::append(path, i);
            if (i < prefix.size()) {
                check(prefix.at(i), array.at(i), itemPath, out, depth + 1);
            } else if (rest.isBool() && !rest.toBool()) {
                out.append({itemPath, Tr::tr("is one item too many: this list takes at most %1 items").arg(prefix.size()),
                            QStringLiteral("items")});
                break;
            } else if (!rest.isUndefined()) {
                check(rest, array.at(i), itemPath, out, depth + 1);
            }
        }
        if (s.contains(QLatin1String("minItems")) && array.size() < s.value(QLatin1String("minItems")).toDouble())
            out.append({path, countPhrase(Tr::tr("must have at least %1 item"), Tr::tr("must have at least %1 items"), s.value(QLatin1String("minItems")).toInt()),
                        QStringLiteral("minItems")});
        if (s.contains(QLatin1String("maxItems")) && array.size() > s.value(QLatin1String("maxItems")).toDouble())
            out.append({path, countPhrase(Tr::tr("must have at most %1 item"), Tr::tr("must have at most %1 items"), s.value(QLatin1String("maxItems")).toInt()),
                        QStringLiteral("maxItems")});
        if (s.value(QLatin1String("uniqueItems")).toBool()) {
            for (int i = 0; i < array.size(); ++i)
                for (int j = i + 1; j < array.size(); ++j)
                    if (jsonEqual(array.at(i), array.at(j))) {
                        out.append({path, Tr::tr("must not repeat items: items %1 and %2 are the same").arg(i).arg(j),
                                    QStringLiteral("uniqueItems")});
                        i = j = int(array.size());
                    }
        }
        if (s.contains(QLatin1String("contains"))) {
            bool found = false;
            for (int i = 0; i < array.size() && !found; ++i) {
                QList<ValidationIssue> sub;
                check(s.value(QLatin1String("contains")), array.at(i), path, sub, depth + 1);
                found = sub.isEmpty();
            }
            if (!found)
                out.append({path, Tr::tr("must contain at least one item of the required kind"), QStringLiteral("contains")});
        }
    }

    void checkObject(const QJsonObject &s, const QJsonObject &object, const QString &path, QList<ValidationIssue> &out,
                     int depth)
    {
        const QJsonObject properties = s.value(QLatin1String("properties")).toObject();
        const QJsonObject patterns = s.value(QLatin1String("patternProperties")).toObject();
        const QJsonValue additional = s.value(QLatin1String("additionalProperties"));

        for (const QJsonValue &name : s.value(QLatin1String("required")).toArray()) {
            if (!object.contains(name.toString()))
                out.append({JsonPointer::append(path, name.toString()), Tr::tr("is required"), QStringLiteral("required")});
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString childPath = JsonPointer::append(path, it.key());
            bool matched = false;
            if (properties.contains(it.key())) {
                matched = true;
                check(properties.value(it.key()), it.value(), childPath, out, depth + 1);
            }
            for (auto p = patterns.begin(); p != patterns.end(); ++p) {
                const QRegularExpression &re = regex(p.key());
                if (re.isValid() && re.match(it.key()).hasMatch()) {
                    matched = true;
                    check(p.value(), it.value(), childPath, out, depth + 1);
                }
            }
            if (!matched && !additional.isUndefined()) {
                if (additional.isBool() && !additional.toBool())
                    out.append({childPath, Tr::tr("is not an allowed property here"), QStringLiteral("additionalProperties")});
                else
                    check(additional, it.value(), childPath, out, depth + 1);
            }
            if (s.contains(QLatin1String("propertyNames"))) {
                QList<ValidationIssue> sub;
                check(s.value(QLatin1String("propertyNames")), QJsonValue(it.key()), childPath, sub, depth + 1);
                for (const ValidationIssue &issue : std::as_const(sub))
                    out.append({childPath, Tr::tr("has a name that is not allowed: the name %1").arg(issue.message),
                                QStringLiteral("propertyNames")});
            }
        }
        if (s.contains(QLatin1String("minProperties")) && object.size() < s.value(QLatin1String("minProperties")).toDouble())
            out.append({path, countPhrase(Tr::tr("must have at least %1 property"), Tr::tr("must have at least %1 properties"), s.value(QLatin1String("minProperties")).toInt()),
                        QStringLiteral("minProperties")});
        if (s.contains(QLatin1String("maxProperties")) && object.size() > s.value(QLatin1String("maxProperties")).toDouble())
            out.append({path, countPhrase(Tr::tr("must have at most %1 property"), Tr::tr("must have at most %1 properties"), s.value(QLatin1String("maxProperties")).toInt()),
                        QStringLiteral("maxProperties")});

        const QJsonObject dependencies = SchemaUtil::mergedDependencies(s.value(QLatin1String("dependencies")).toObject(),
                                                                        s.value(QLatin1String("dependentRequired")).toObject(),
                                                                        s.value(QLatin1String("dependentSchemas")).toObject());
        for (auto it = dependencies.begin(); it != dependencies.end(); ++it) {
            if (!object.contains(it.key()))
                continue;
            if (it.value().isArray()) {
                for (const QJsonValue &name : it.value().toArray())
                    if (!object.contains(name.toString()))
                        out.append({JsonPointer::append(path, name.toString()),
                                    Tr::tr("is required when %1 is given").arg(it.key()), QStringLiteral("dependencies")});
            } else {
                check(it.value(), object, path, out, depth + 1);
            }
        }
    }

    void checkAlternatives(const QJsonArray &alternatives, bool exactlyOne, const QJsonValue &value, const QString &path,
                           QList<ValidationIssue> &out, int depth)
    {
        QList<QList<ValidationIssue>> results;
        QList<int> passing;
        for (int i = 0; i < alternatives.size(); ++i) {
            QList<ValidationIssue> sub;
            check(alternatives.at(i), value, path, sub, depth + 1);
            if (sub.isEmpty())
                passing.append(i);
            results.append(sub);
        }
        if (exactlyOne && passing.size() > 1) {
            out.append({path, Tr::tr("matches more than one of the allowed forms (%1 and %2); it must match exactly one")
                                  .arg(passing.at(0) + 1).arg(passing.at(1) + 1),
                        QStringLiteral("oneOf")});
            return;
        }
        if (!passing.isEmpty() || results.isEmpty())
            return;
        // Report the alternative the value was most likely meant to be: one whose type and
        // discriminating constants match, with the fewest problems.
        int best = -1;
        int bestScore = 0;
        for (int i = 0; i < results.size(); ++i) {
            int score = int(results.at(i).size());
            for (const ValidationIssue &issue : results.at(i)) {
                if (issue.path == path && (issue.keyword == QLatin1String("type") || issue.keyword == QLatin1String("false")))
                    score += 1000;
                else if (issue.keyword == QLatin1String("const") || issue.keyword == QLatin1String("enum"))
                    score += 100;
            }
            if (best < 0 || score < bestScore) {
                best = i;
                bestScore = score;
            }
        }
        if (bestScore >= 1000) {
            QStringList kinds;
            for (const QJsonValue &alt : alternatives) {
                const QJsonObject a = alt.toObject();
                const QString name = a.value(QLatin1String("title")).toString();
                if (!name.isEmpty())
                    kinds.append(name);
                else if (a.contains(QLatin1String("type")))
                    kinds.append(typePhrase(a.value(QLatin1String("type")).toString()));
            }
            kinds.removeDuplicates();
            out.append({path, kinds.isEmpty() ? Tr::tr("does not match any of the allowed forms")
                                              : Tr::tr("must be one of the allowed forms: %1").arg(kinds.join(QLatin1String(", "))),
                        exactlyOne ? QStringLiteral("oneOf") : QStringLiteral("anyOf")});
            return;
        }
        out.append(results.at(best));
    }

    const QRegularExpression &regex(const QString &pattern)
    {
        auto it = m_regexes.find(pattern);
        if (it == m_regexes.end())
            it = m_regexes.insert(pattern, QRegularExpression(pattern, QRegularExpression::UseUnicodePropertiesOption));
        return it.value();
    }

    const SchemaResolver &m_resolver;
    QHash<QString, QRegularExpression> m_regexes;
};

void collectRefs(const QJsonValue &node, QStringList &refs)
{
    if (node.isObject()) {
        const QJsonObject object = node.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == QLatin1String("$ref") && it.value().isString())
                refs.append(it.value().toString());
            else if (it.key() != QLatin1String("enum") && it.key() != QLatin1String("const"))
                collectRefs(it.value(), refs);
        }
    } else if (node.isArray()) {
        for (const QJsonValue &v : node.toArray())
            collectRefs(v, refs);
    }
}

// A chain of bare {"$ref"} schemas that leads back to itself, described; empty if none.
QString refLoop(const QJsonValue &schema)
{
    const SchemaResolver resolver(schema);
    QStringList refs;
    collectRefs(schema, refs);
    refs.removeDuplicates();
    for (const QString &ref : std::as_const(refs)) {
        const auto resolved = resolver.resolve(QJsonObject{{QStringLiteral("$ref"), ref}}, QStringLiteral("#ref"));
        if (!resolved.isValid() && resolved.schema.toObject().contains(QLatin1String("$ref")))
            return resolved.error;
    }
    return QString();
}

// The schema without a multipleOf that is not above zero (JSON Schema forbids them; our own
// messages ignore them): valijson divides by it unchecked (0, or -1 on the smallest integer, is
// undefined behaviour; found by fuzz_schema). Values (enum, const, default, examples) are kept.
// *integerMultipleOf: whether a whole multipleOf remains (valijson's integer arithmetic).
QJsonValue withoutInvalidMultipleOf(const QJsonValue &node, bool *integerMultipleOf)
{
    if (node.isObject()) {
        QJsonObject object = node.toObject();
        const QJsonValue multipleOf = object.value(QLatin1String("multipleOf"));
        if (multipleOf.isDouble() && !(multipleOf.toDouble() > 0))
            object.remove(QLatin1String("multipleOf"));
        else if (multipleOf.isDouble() && multipleOf.toInt(0) == multipleOf.toInt(1))
            *integerMultipleOf = true;
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() != QLatin1String("enum") && it.key() != QLatin1String("const")
                && it.key() != QLatin1String("default") && it.key() != QLatin1String("examples"))
                *it = withoutInvalidMultipleOf(*it, integerMultipleOf);
        }
        return object;
    }
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        for (auto it = array.begin(); it != array.end(); ++it)
            *it = withoutInvalidMultipleOf(*it, integerMultipleOf);
        return array;
    }
    return node;
}

bool hasNumberOutsideInt64(const QJsonValue &value)
{
    if (value.isDouble())
        return !(std::fabs(value.toDouble()) < 9223372036854775808.0);
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        return std::any_of(object.begin(), object.end(), [](const QJsonValue &v) { return hasNumberOutsideInt64(v); });
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        return std::any_of(array.begin(), array.end(), [](const QJsonValue &v) { return hasNumberOutsideInt64(v); });
    }
    return false;
}

// valijson reports "<root>", "[address]", "[zip]" for /address/zip.
QString contextToPointer(const std::vector<std::string> &context)
{
    QString pointer;
    for (const std::string &part : context) {
        if (part == "<root>")
            continue;
        QString token = QString::fromStdString(part);
        if (token.startsWith(QLatin1Char('[')) && token.endsWith(QLatin1Char(']')))
            token = token.mid(1, token.size() - 2);
        pointer = JsonPointer::append(pointer, token);
    }
    return pointer;
}

} // namespace

QString ValidationIssue::text() const
{
    return (path.isEmpty() ? Tr::tr("The value") : path) + QLatin1String(": ") + message;
}

QString ValidationResult::summary() const
{
    QStringList lines;
    for (const ValidationIssue &issue : issues)
        lines.append(issue.text());
    return lines.join(QLatin1Char('\n'));
}

struct SchemaValidator::Private
{
    Engine engine = Engine::Combined;
    SchemaResolver resolver;
    QJsonValue normalized;
    std::unique_ptr<valijson::Schema> compiled;
    bool integerMultipleOf = false; // valijson got a whole multipleOf
    QString problem;
};

SchemaValidator::SchemaValidator()
    : SchemaValidator(QJsonValue(true))
{
}

SchemaValidator::SchemaValidator(const QJsonValue &schema, Engine engine)
    : d(new Private)
{
    d->engine = engine;
    d->resolver = SchemaResolver(schema);
    if (engine == Engine::MessagesOnly)
        return;
    QStringList unsupported;
    d->normalized = engine == Engine::ValijsonUnnormalized ? schema : SchemaNormalizer::forDraft07(schema, &unsupported);
    const QString loop = refLoop(d->normalized);
    if (!loop.isEmpty()) {
        // valijson follows such a chain until the stack overflows: never hand it one.
        d->problem = Tr::tr("The schema could not be compiled for validation (%1); field checks still apply.").arg(loop);
        return;
    }
    try {
        auto compiled = std::make_unique<valijson::Schema>();
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        d->normalized = withoutInvalidMultipleOf(d->normalized, &d->integerMultipleOf);
        parser.populateSchema(valijson::adapters::QtJsonAdapter(d->normalized), *compiled);
        d->compiled = std::move(compiled);
    } catch (const std::exception &e) {
        d->problem = Tr::tr("The schema could not be compiled for validation (%1); field checks still apply.")
                         .arg(QString::fromStdString(e.what()));
        qCDebug(lcSchemaValidator) << "valijson rejected schema:" << e.what();
    }
    if (!unsupported.isEmpty() && d->problem.isEmpty())
        d->problem = Tr::tr("These schema keywords are not checked: %1.").arg(unsupported.join(QLatin1String(", ")));
}

SchemaValidator::~SchemaValidator() = default;
SchemaValidator::SchemaValidator(const SchemaValidator &) = default;
SchemaValidator &SchemaValidator::operator=(const SchemaValidator &) = default;

QString SchemaValidator::schemaProblem() const
{
    return d->problem;
}

bool SchemaValidator::isCompiled() const
{
    return d->compiled != nullptr;
}

ValidationResult SchemaValidator::validate(const QJsonValue &instance) const
{
    ValidationResult result;
    QList<ValidationIssue> explained;
    // valijson casts a number to int64 unchecked for a whole multipleOf, undefined beyond that
    // range (found by fuzz_schema): such values are judged by our own walk alone.
    const bool outsideInt64 = d->integerMultipleOf && hasNumberOutsideInt64(instance);
    const bool valijsonOnly = (d->engine == Engine::ValijsonOnly || d->engine == Engine::ValijsonUnnormalized) && !outsideInt64;
    if (!valijsonOnly) {
        Explainer explainer(d->resolver);
        explainer.check(d->resolver.root(), instance, QString(), explained);
    }
    result.schemaProblem = d->problem;
    if (d->engine == Engine::MessagesOnly || !d->compiled || outsideInt64) {
        result.issues = explained;
        result.valid = explained.isEmpty();
        return result;
    }

    bool valid = false;
    valijson::ValidationResults errors;
    try {
        valijson::Validator validator;
        valid = validator.validate(*d->compiled, valijson::adapters::QtJsonAdapter(instance), &errors);
    } catch (const std::exception &e) {
        // std::regex rejects some patterns PCRE accepts; our own walk has the last word then.
        result.schemaProblem = Tr::tr("Validation stopped early (%1); field checks still apply.")
                                   .arg(QString::fromStdString(e.what()));
        result.issues = explained;
        result.valid = explained.isEmpty();
        return result;
    }
    result.valid = valid;
    if (valijsonOnly) {
        for (const auto &error : errors)
            result.issues.append({contextToPointer(error.context), QString::fromStdString(error.description), QString()});
        return result;
    }
    if (valid) {
        // Formats valijson does not know (email, uri, ...) still deserve a word before sending.
        for (const ValidationIssue &issue : std::as_const(explained))
            if (issue.keyword == QLatin1String("format"))
                result.issues.append(issue);
        result.valid = result.issues.isEmpty();
        return result;
    }
    if (!explained.isEmpty()) {
        result.issues = explained;
        return result;
    }
    // Our walk missed it: fall back to valijson's own words, the innermost error first.
    std::vector<valijson::ValidationResults::Error> raw(errors.begin(), errors.end());
    for (auto it = raw.rbegin(); it != raw.rend(); ++it)
        result.issues.append({contextToPointer(it->context), QString::fromStdString(it->description), QString()});
    return result;
}

ValidationResult SchemaValidator::validate(const QJsonValue &schema, const QJsonValue &instance)
{
    return SchemaValidator(schema).validate(instance);
}

} // namespace Mcp
