#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

// The request headers of Streamable HTTP in the modern era (2026-07-28,
// basic/transports/streamable-http.mdx, "Request Metadata").
namespace Mcp::ModernHeaders {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

inline constexpr char ProtocolVersion[] = "MCP-Protocol-Version";
inline constexpr char Method[] = "Mcp-Method";
inline constexpr char Name[] = "Mcp-Name";
inline constexpr char ParamPrefix[] = "Mcp-Param-";

// A header value as the spec's Value Encoding says: plain when it is visible ASCII, space or
// tab without whitespace at either end; otherwise (and when it looks like the sentinel
// itself, or is empty) `=?base64?{Base64 of UTF-8}?=`.
QByteArray encodeValue(const QString &value);

// The `_meta` protocol version of a modern request's params; empty for a legacy message.
QString metaProtocolVersion(const QJsonObject &params);

// MCP-Protocol-Version (equal to the `_meta` version), Mcp-Method, and Mcp-Name for
// tools/call and prompts/get (params.name) and resources/read (params.uri).
HeaderList standardHeaders(const QString &protocolVersion, const QString &method, const QJsonObject &params);

// One `x-mcp-header` parameter: the header's name part and the chain of `properties` keys
// that leads to the annotated property.
struct HeaderParameter
{
    QString name;
    QStringList path;
    friend bool operator==(const HeaderParameter &a, const HeaderParameter &b)
    {
        return a.name == b.name && a.path == b.path;
    }
};

// A tool's `x-mcp-header` parameters, or why the tool is invalid (then it must not be
// offered or called over Streamable HTTP; the other tools stay usable).
struct ToolHeaders
{
    bool valid = true;
    QString reason;
    QList<HeaderParameter> parameters;
};

class ToolHeaderRules
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::ModernHeaders::ToolHeaderRules)
public:
    // Checks every constraint of "Schema Extension": a non-empty string of RFC 9110 token
    // characters (so no control characters), case-insensitively unique, on a property typed
    // string, integer or boolean, reached from the root through `properties` keys only.
    static ToolHeaders inspect(const QJsonObject &inputSchema);

    // The `Mcp-Param-{Name}` headers for a call's arguments: values absent or null are
    // omitted; strings as they are, integers in decimal, booleans as true/false, encoded.
    // An integer outside JavaScript's safe range, or a value that is not a string, integer
    // or boolean, is refused: *error says which.
    static HeaderList paramHeaders(const ToolHeaders &tool, const QJsonObject &arguments, QString *error);
};

} // namespace Mcp::ModernHeaders
