#include "modernerrors.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include "jsonrpc/message.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Mcp::Modern {

std::optional<UnsupportedVersion> unsupportedVersionOf(const RpcError &error)
{
    if (error.code != ModernErrorCode::UnsupportedProtocolVersion)
        return std::nullopt;
    const QJsonObject data = error.data.toObject();
    const QJsonValue supported = data.value(Key::Supported);
    if (!supported.isArray())
        return std::nullopt;
    UnsupportedVersion result;
    for (const QJsonValue &version : supported.toArray()) {
        if (!version.isString())
            return std::nullopt;
        result.supported.append(version.toString());
    }
    result.requested = data.value(Key::Requested).toString();
    return result;
}

bool isRecognizedModernError(const RpcError &error)
{
    return error.code == ModernErrorCode::HeaderMismatch
        || error.code == ModernErrorCode::MissingRequiredClientCapability
        || unsupportedVersionOf(error).has_value();
}

QString ModernErrors::noCommonVersion(const QStringList &serverVersions, const QStringList &clientVersions)
{
    const QString separator = QStringLiteral(", ");
    return tr("The server and MCP Scope have no protocol version in common: the server supports %1, "
              "MCP Scope supports %2.")
        .arg(serverVersions.isEmpty() ? tr("none") : serverVersions.join(separator),
             clientVersions.join(separator));
}

QString ModernErrors::describe(const RpcError &error, const QStringList &clientVersions)
{
    if (const auto unsupported = unsupportedVersionOf(error))
        return noCommonVersion(unsupported->supported, clientVersions);
    if (error.code == ModernErrorCode::HeaderMismatch)
        return tr("The server found that the request's HTTP headers do not match its body "
                  "(HeaderMismatch, -32020): %1").arg(error.message);
    if (error.code == ModernErrorCode::MissingRequiredClientCapability) {
        const QStringList missing = error.data.toObject().value(Key::RequiredCapabilities).toObject().keys();
        return tr("The server needs client capabilities that this request did not declare "
                  "(MissingRequiredClientCapability, -32021): %1")
            .arg(missing.isEmpty() ? error.message : missing.join(QStringLiteral(", ")));
    }
    return {};
}

} // namespace Mcp::Modern
