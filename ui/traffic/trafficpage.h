#pragma once

#include "connection/page.h"

namespace Mcp::Ui {

class TrafficView;

// The traffic of one connection (its Connection::trafficLog()), from the first byte.
class TrafficPage : public Page
{
    Q_OBJECT

public:
    explicit TrafficPage(Connection *connection, QWidget *parent = nullptr);


    TrafficView *view() const { return m_view; }

private:
    TrafficView *m_view;
};

} // namespace Mcp::Ui
