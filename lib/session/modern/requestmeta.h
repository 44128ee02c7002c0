#pragma once

#include <QJsonObject>
#include <QString>

namespace Mcp::Modern {

// What every modern request says about the client in `params._meta` (basic/index.mdx,
// "Per-request protocol fields"): the version it speaks, its capabilities (with the
// extensions it supports), who it is, and the log level the user asked for, if any.
struct RequestMeta
{
    QString protocolVersion;
    QJsonObject clientCapabilities;      // without "extensions": those come from `extensions`
    QJsonObject extensions;              // extension identifier -> settings object
    QJsonObject clientInfo;              // Implementation: name, version, title...; empty to omit
    QString logLevel;                    // not a LoggingLevel (empty): no log messages wanted

    // The clientCapabilities object as sent: the capabilities plus a non-empty "extensions".
    QJsonObject capabilitiesWithExtensions() const;
    // `params` with the per-request fields written into its `_meta`; other `_meta` keys
    // (progressToken, trace context...) are kept.
    QJsonObject applyTo(QJsonObject params) const;
};

// The eight syslog levels of LoggingLevel.
bool isLoggingLevel(const QString &level);

// The kind of a result by its `resultType`: absent means complete (results of legacy servers).
enum class ResultType { Complete, InputRequired, Task, Unrecognized };
ResultType resultTypeOf(const QJsonObject &result);

// `_meta["io.modelcontextprotocol/serverInfo"]` of a result; empty when the server did not say.
QJsonObject serverInfoOf(const QJsonObject &result);

} // namespace Mcp::Modern
