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

} // namespace Mcp
