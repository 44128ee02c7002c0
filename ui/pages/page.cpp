#include "pages/page.h"

#include <QTimer>

namespace Mcp::Ui {

Page::Page(Connection *connection, QWidget *parent) : QWidget(parent), m_connection(connection)
{
    connect(connection, &Connection::stateChanged, this, &Page::deliverState);
    // Virtual calls do not reach subclasses from a base constructor: deliver the current state later.
    QTimer::singleShot(0, this, [this] {
        if (m_connection)
            deliverState(m_connection->state());
    });
}

void Page::deliverState(Connection::State state)
{
    if (m_deliveredState == state)
        return;
    m_deliveredState = state;
    connectionStateChanged(state);
}

} // namespace Mcp::Ui
