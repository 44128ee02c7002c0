#pragma once

#include <QtGlobal>

namespace Mcp::Ui {

// Work whose answer may come back after newer work of the same kind was started (a listing asked
// again, another prompt fetched, a completion typed further): start() hands out a ticket, and only
// the newest ticket's answer is used. cancel() makes whatever is under way stale.
class LatestOnly
{
public:
    quint64 start() { return ++m_latest; }
    bool isLatest(quint64 ticket) const { return ticket == m_latest; }
    void cancel() { ++m_latest; }

private:
    quint64 m_latest = 0;
};

} // namespace Mcp::Ui
