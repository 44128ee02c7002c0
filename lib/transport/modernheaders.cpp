#include "modernheaders.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QSet>

#include <cmath>

namespace Mcp::ModernHeaders {

namespace {

const QLatin1String SentinelPrefix("=?base64?");
const QLatin1String SentinelSuffix("?=");
const QLatin1String XMcpHeader("x-mcp-header");
const QLatin1String Properties("properties");

// Keywords whose subschemas are not on a chain of `properties` keys: an annotation in any of
// them makes the tool invalid.
const QStringList UnreachableKeywords = {
    QStringLiteral("items"), QStringLiteral("prefixItems"), QStringLiteral("additionalItems"),
    QStringLiteral("contains"), QStringLiteral("additionalProperties"), QStringLiteral("unevaluatedProperties"),
    QStringLiteral("unevaluatedItems"), QStringLiteral("propertyNames"), QStringLiteral("patternProperties"),
    QStringLiteral("dependentSchemas"), QStringLiteral("dependencies"), QStringLiteral("oneOf"),
    QStringLiteral("anyOf"), QStringLiteral("allOf"), QStringLiteral("not"), QStringLiteral("if"),
    QStringLiteral("then"), QStringLiteral("else"), QStringLiteral("$defs"), QStringLiteral("definitions"),
};
// Of those, the ones whose value maps names to subschemas.
const QStringList NamedSubschemaKeywords = {
    QStringLiteral("patternProperties"), QStringLiteral("dependentSchemas"), QStringLiteral("dependencies"),
    QStringLiteral("$defs"), QStringLiteral("definitions"),
};
const QStringList HeaderTypes = {QStringLiteral("string"), QStringLiteral("integer"), QStringLiteral("boolean")};

constexpr double MaxSafeInteger = 9007199254740991.0; // 2^53 - 1

bool isTchar(QChar c)
{
    static const QString delimitersAllowed = QStringLiteral("!#$%&'*+-.^_`|~");
    return (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
        || (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || delimitersAllowed.contains(c);
}

bool isPlainHeaderValue(const QString &value)
{
    if (value.isEmpty() || value.front().isSpace() || value.back().isSpace())
        return false;
    if (value.startsWith(SentinelPrefix) && value.endsWith(SentinelSuffix))
        return false;
    return std::all_of(value.cbegin(), value.cend(), [](QChar c) {
        return c == QLatin1Char('\t') || (c.unicode() >= 0x20 && c.unicode() <= 0x7e);
    });
}

QString where(const QStringList &path)
{
    return path.isEmpty() ? QStringLiteral("(root)") : path.join(QLatin1Char('.'));
}

struct Inspection
{
    ToolHeaders result;
    QHash<QString, QString> seenLowercase; // lowercase name -> name as declared

    bool reject(const QString &reason)
    {
        result.valid = false;
        result.reason = reason;
        result.parameters.clear();
        return false;
    }

    // Returns false when the tool is invalid. `reachable`: the schema is on a chain of
    // `properties` keys from the root.
    bool visit(const QJsonValue &node, const QStringList &path, bool reachable)
    {
        if (!node.isObject())
            return true;
        const QJsonObject schema = node.toObject();
        if (schema.contains(XMcpHeader) && !annotation(schema, path, reachable))
            return false;
        const QJsonObject properties = schema.value(Properties).toObject();
        for (auto it = properties.constBegin(); it != properties.constEnd(); ++it) {
            if (!visit(it.value(), path + QStringList{it.key()}, reachable))
                return false;
        }
        for (const QString &keyword : UnreachableKeywords) {
            const QJsonValue sub = schema.value(keyword);
            const QStringList subPath = path + QStringList{QLatin1Char('<') + keyword + QLatin1Char('>')};
            QJsonArray branches;
            if (sub.isArray())
                branches = sub.toArray();
            else if (sub.isObject() && NamedSubschemaKeywords.contains(keyword)) {
                const QJsonObject named = sub.toObject();
                for (auto it = named.constBegin(); it != named.constEnd(); ++it)
                    branches.append(it.value());
            } else
                branches.append(sub);
            for (const QJsonValue &branch : std::as_const(branches)) {
                if (!visit(branch, subPath, false))
                    return false;
            }
        }
        return true;
    }

    bool annotation(const QJsonObject &schema, const QStringList &path, bool reachable)
    {
        if (!reachable || path.isEmpty())
            return reject(ToolHeaderRules::tr("%1: x-mcp-header may only annotate a property reached from the "
                                              "schema's root through \"properties\" alone (not items, "
                                              "composition, conditionals, definitions or $ref).")
                              .arg(where(path)));
        const QJsonValue value = schema.value(XMcpHeader);
        const QString name = value.toString();
        if (!value.isString() || name.isEmpty())
            return reject(ToolHeaderRules::tr("%1: x-mcp-header must be a non-empty string.").arg(where(path)));
        if (!std::all_of(name.cbegin(), name.cend(), isTchar))
            return reject(ToolHeaderRules::tr("%1: x-mcp-header \"%2\" is not an HTTP header name token (no "
                                              "spaces, control characters or delimiters).")
                              .arg(where(path), name));
        const QString type = schema.value(QStringLiteral("type")).toString();
        if (!HeaderTypes.contains(type))
            return reject(ToolHeaderRules::tr("%1: x-mcp-header \"%2\" is on a property of type %3; only string, "
                                              "integer and boolean are allowed.")
                              .arg(where(path), name, type.isEmpty() ? QStringLiteral("(none)") : type));
        const QString lower = name.toLower();
        if (seenLowercase.contains(lower))
            return reject(ToolHeaderRules::tr("x-mcp-header \"%1\" is declared twice (also as \"%2\"; names are "
                                              "compared without case).")
                              .arg(name, seenLowercase.value(lower)));
        seenLowercase.insert(lower, name);
        result.parameters.append({name, path});
        return true;
    }
};

} // namespace

QByteArray encodeValue(const QString &value)
{
    if (isPlainHeaderValue(value))
        return value.toLatin1();
    return SentinelPrefix.latin1() + value.toUtf8().toBase64() + SentinelSuffix.latin1();
}

QString metaProtocolVersion(const QJsonObject &params)
{
    return params.value(QStringLiteral("_meta")).toObject()
        .value(QStringLiteral("io.modelcontextprotocol/protocolVersion")).toString();
}

HeaderList standardHeaders(const QString &protocolVersion, const QString &method, const QJsonObject &params)
{
    HeaderList headers = {
        {ProtocolVersion, protocolVersion.toLatin1()},
        {Method, encodeValue(method)},
    };
    static const QStringList byName = {QStringLiteral("tools/call"), QStringLiteral("prompts/get")};
    if (byName.contains(method))
        headers.append({Name, encodeValue(params.value(QStringLiteral("name")).toString())});
    else if (method == QLatin1String("resources/read"))
        headers.append({Name, encodeValue(params.value(QStringLiteral("uri")).toString())});
    return headers;
}

ToolHeaders ToolHeaderRules::inspect(const QJsonObject &inputSchema)
{
    Inspection inspection;
    inspection.visit(inputSchema, {}, true);
    return inspection.result;
}

HeaderList ToolHeaderRules::paramHeaders(const ToolHeaders &tool, const QJsonObject &arguments, QString *error)
{
    HeaderList headers;
    for (const HeaderParameter &parameter : tool.parameters) {
        QJsonValue value = arguments;
        for (const QString &key : parameter.path)
            value = value.toObject().value(key);
        if (value.isUndefined() || value.isNull())
            continue;
        QString text;
        if (value.isString()) {
            text = value.toString();
        } else if (value.isBool()) {
            text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        } else if (value.isDouble() && std::trunc(value.toDouble()) == value.toDouble()
                   && std::fabs(value.toDouble()) <= MaxSafeInteger) {
            text = QString::number(qint64(value.toDouble()));
        } else {
            if (error)
                *error = tr("The argument %1 cannot be sent in the Mcp-Param-%2 header: it must be a string, a "
                            "boolean or an integer between -(2^53-1) and 2^53-1.")
                             .arg(parameter.path.join(QLatin1Char('.')), parameter.name);
            return {};
        }
        headers.append({QByteArray(ParamPrefix) + parameter.name.toLatin1(), encodeValue(text)});
    }
    return headers;
}

} // namespace Mcp::ModernHeaders
