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

void Transport::failUnreadableReplies(const ParsedFrame &parsed)
{
    for (const MessageId &id : parsed.unreadableReplies) {
        TransportError error;
        error.kind = TransportError::Kind::Protocol;
        error.message = tr("The server's answer to request %1 arrived but could not be read: %2")
                            .arg(id.toDisplayString(), parsed.diagnostics.join(QLatin1String("; ")));
        Q_EMIT requestFailed(id, error);
    }
}

QString Transport::frameNote(const ParsedFrame &parsed)
{
    return (parsed.warnings + parsed.diagnostics).join(QLatin1String("; "));
}

} // namespace Mcp
