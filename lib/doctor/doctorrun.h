#pragma once

#include "doctor/finding.h"
#include "protocol/requests.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Mcp {
class OutgoingRequest;
class ServerConnection;
}

namespace Mcp::Doctor {

// One examination of a connected server, through the library's front door (a Client or a
// Session): it lists everything the server offers and checks it (listingchecks.h), then asks
// what a host asks at the edges (a method the server does not know; ping in the legacy era).
// Nothing that could change the server's state is called. finished() once, then findings().
class DoctorRun : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        bool modern = false;     // the connection speaks the modern era (it has no ping)
        int timeoutMs = 10000;   // each request's
    };

    DoctorRun(ServerConnection *connection, const Options &options, QObject *parent = nullptr);

    void start();
    QList<Finding> findings() const { return m_findings; }
    // What the server listed, as a snapshot.
    QJsonObject snapshot() const { return m_snapshot; }

    // The method no server defines, sent to see that it is refused with -32601.
    static QString unknownMethod();

Q_SIGNALS:
    void finished();

private:
    void listEverything();
    // Sends request with the run's timeout; answered gets it once it finished.
    void ask(const Request &request, std::function<void(const OutgoingRequest *)> answered);
    void askUnknownMethod();
    void ping();
    void finish();

    QPointer<ServerConnection> m_connection;
    Options m_options;
    QList<Finding> m_findings;
    QJsonObject m_snapshot;
    QElapsedTimer m_listing;
};

} // namespace Mcp::Doctor
