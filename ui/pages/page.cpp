#include "pages/page.h"

#include <QTimer>

namespace Mcp::Ui {

Page::Page(Connection *connection, QWidget *parent) : QWidget(parent), m_connection(connection)
{
    connect(connection, &Connection::stateChanged, this,
            [this](Connection::State state) { connectionStateChanged(state); });
    // Virtual calls do not reach subclasses from a base constructor: deliver the current state later.
    QTimer::singleShot(0, this, [this] {
        if (m_connection)
            connectionStateChanged(m_connection->state());
    });
}

} // namespace Mcp::Ui
