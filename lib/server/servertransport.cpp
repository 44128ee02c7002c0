#include "servertransport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace Mcp {

Message invalidFrameReply(QByteArrayView frame, const QString &diagnostic)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(frame.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError)
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
