#include "requestmeta.h"

#include "protocol/keys.h"
#include "protocol/types.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include <QJsonValue>

namespace Mcp::Modern {

QJsonObject RequestMeta::capabilitiesWithExtensions() const
{
    QJsonObject capabilities = clientCapabilities;
    if (!extensions.isEmpty())
        capabilities.insert(Key::Extensions, extensions);
    return capabilities;
}

QJsonObject RequestMeta::applyTo(QJsonObject params) const
{
    QJsonObject meta = params.value(Key::Meta).toObject();
    meta.insert(MetaKey::ProtocolVersion, protocolVersion);
    meta.insert(MetaKey::ClientCapabilities, capabilitiesWithExtensions());
    if (!clientInfo.isEmpty())
        meta.insert(MetaKey::ClientInfo, clientInfo);
    if (isLoggingLevel(logLevel))
        meta.insert(MetaKey::LogLevel, logLevel);
    params.insert(Key::Meta, meta);
    return params;
}

bool isLoggingLevel(const QString &level)
{
    return loggingLevelFromName(level).has_value();
}

ResultType resultTypeOf(const QJsonObject &result)
{
    const QJsonValue type = result.value(Key::ResultType);
    if (type.isUndefined())
        return ResultType::Complete;
    const QString name = type.toString();
    if (name == ResultTypeValue::Complete)
        return ResultType::Complete;
    if (name == ResultTypeValue::InputRequired)
        return ResultType::InputRequired;
    if (name == ResultTypeValue::Task)
        return ResultType::Task;
    return ResultType::Unrecognized;
}

QJsonObject serverInfoOf(const QJsonObject &result)
{
    return result.value(Key::Meta).toObject().value(MetaKey::ServerInfo).toObject();
}

} // namespace Mcp::Modern
