#include "transport.h"

namespace Mcp {

void Transport::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

} // namespace Mcp
