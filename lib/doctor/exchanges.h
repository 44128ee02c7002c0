#pragma once

#include "jsonrpc/message.h"
#include "transport/trafficevent.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Mcp {
class OutgoingRequest;
}

namespace Mcp::Doctor {

// A request as a run knows it: its id on the wire where the connection tells it (a Client), and
// its method and parameters (a Session sends on its own thread and does not tell the id).
struct SentRequest
{
    MessageId id;
    QString method;
    QJsonObject params;

    static SentRequest of(const OutgoingRequest *request);
};

// The requests a Doctor run sent and the answers to them, as the traffic showed them: the
// evidence its findings point to. Only small messages are kept (the answers findings are about
// are errors, empty results and short pages), and only the latest of them.
class Exchanges
{
public:
    void observe(const TrafficEvent &event);
    // The request and its answer, as much of them as has arrived: by its id, or else the latest
    // request of its method with its parameters (_meta aside).
    QList<TrafficEvent> of(const SentRequest &request) const;
    // The latest request of method and its answer.
    QList<TrafficEvent> lastOf(const QString &method) const;

private:
    QList<TrafficEvent> m_requests;
    QList<TrafficEvent> m_replies;
};

} // namespace Mcp::Doctor
