#pragma once

#include "jsonrpc/message.h"
#include "transport/trafficevent.h"

#include <QList>
#include <QString>

namespace Mcp::Doctor {

// The requests a Doctor run sent and the answers to them, as the traffic showed them: the
// evidence its findings point to. Only small messages are kept (the answers findings are about
// are errors, empty results and short pages), and only the latest of them.
class Exchanges
{
public:
    void observe(const TrafficEvent &event);
    // The request with this id and its answer, as much of them as has arrived.
    QList<TrafficEvent> of(const MessageId &id) const;
    // The latest request of method and its answer.
    QList<TrafficEvent> lastOf(const QString &method) const;

private:
    QList<TrafficEvent> m_requests;
    QList<TrafficEvent> m_replies;
};

} // namespace Mcp::Doctor
