#include "transport.h"

namespace Mcp {

void Transport::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void Transport::setAuthorizationPending(bool pending)
{
    if (m_authorizationPending == pending)
        return;
    m_authorizationPending = pending;
    Q_EMIT authorizationPendingChanged(pending);
}

void Transport::refuseUnsent(const Message &message, const QString &why)
{
    TransportError error = TransportError::of(TransportError::Kind::Protocol, why);
    if (message.isRequest())
        Q_EMIT requestFailed(message.id(), error);
    else
        Q_EMIT errorOccurred(error);
}

void Transport::failUnreadableReplies(const ParsedFrame &parsed)
{
    for (const MessageId &id : parsed.unreadableReplies) {
        TransportError error = TransportError::of(TransportError::Kind::Protocol, tr("The server's answer to request %1 arrived but could not be read: %2")
                            .arg(id.toDisplayString(), parsed.diagnostics.join(QLatin1String("; "))));
        Q_EMIT requestFailed(id, error);
    }
    // A request with an id that cannot be echoed still gets an answer, or the server would wait
    // forever: Invalid Request with a null id, as JSON-RPC 2.0 says.
    for (int i = 0; i < parsed.requestsWithBadIds && isOpen(); ++i) {
        send(Message::errorResponse(MessageId(), RpcError{ErrorCode::InvalidRequest,
                                                          tr("Invalid Request: the request's id must be a string or "
                                                             "an integer of at most 64 bits."),
                                                          QJsonValue::Undefined}));
    }
}

QString Transport::frameNote(const ParsedFrame &parsed)
{
    return (parsed.warnings + parsed.diagnostics).join(QLatin1String("; "));
}

} // namespace Mcp
