#include "servertransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace Mcp {

Message invalidFrameReply(QByteArrayView frame, const QString &diagnostic)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(frame.toByteArray(), &error);
    // QJsonDocument refuses top-level scalars ("42"), which are JSON all the same: not a parse error.
    const bool scalar = error.error != QJsonParseError::NoError
        && QJsonDocument::fromJson(QByteArray('[' + frame.toByteArray() + ']')).array().size() == 1;
    if (error.error != QJsonParseError::NoError && !scalar)
        return Message::errorResponse(MessageId(), {ErrorCode::ParseError, QStringLiteral("Parse error: ") + diagnostic});
    MessageId id;
    if (document.isObject()) {
        bool ok = false;
        const MessageId candidate = MessageId::fromJson(document.object().value(QStringLiteral("id")), &ok);
        if (ok)
            id = candidate;
    }
    return Message::errorResponse(id, {ErrorCode::InvalidRequest, QStringLiteral("Invalid request: ") + diagnostic});
}

} // namespace Mcp
