#pragma once

#include "doctor/finding.h"
#include "transport/trafficevent.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Mcp {
class Message;
class Transport;
}

namespace Mcp::Doctor {

// Legacy era: how the server negotiates a version it cannot know. A connection of the probe's
// own (a second process for stdio) sends initialize with a protocolVersion from the future; the
// server must answer with a version it supports (2025-11-25 basic/lifecycle, Version
// Negotiation), and the answer must have the shape of an InitializeResult. Then the connection
// is closed, unused. Every byte is reported (trafficEvent). finished() once, then findings().
class VersionProbe : public QObject
{
    Q_OBJECT

public:
    using TransportFactory = std::function<Transport *()>;

    VersionProbe(TransportFactory factory, int timeoutMs, QObject *parent = nullptr);
    ~VersionProbe() override;

    void start();
    QList<Finding> findings() const { return m_findings; }

    // The version asked for: no server supports it.
    static QString futureVersion();

Q_SIGNALS:
    void trafficEvent(const Mcp::TrafficEvent &event);
    void finished();

private:
    void answered(const Message &reply);
    void fail(const QString &why);
    void notRun(const QString &why); // refused for want of authorization: a note, not a fault
    void finish();

    TransportFactory m_factory;
    int m_timeoutMs;
    QPointer<Transport> m_transport;
    QList<Finding> m_findings;
    QList<TrafficEvent> m_exchange; // the initialize and its answer, as evidence
    bool m_done = false;
};

} // namespace Mcp::Doctor
