#pragma once

#include "doctor/finding.h"
#include "doctor/httpprobes.h"
#include "protocol/requests.h"
#include "transport/trafficevent.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

namespace Mcp {
class OutgoingRequest;
class ServerConnection;
}

namespace Mcp::Doctor {

class ModernChecks;

// One examination of a connected server, through the library's front door (a Client or a
// Session): it lists everything the server offers and checks it (listingchecks.h), then asks
// what a host asks at the edges (a method the server does not know; ping in the legacy era), and
// looks at the traffic it is shown (observe) for bytes that are not messages and for stderr.
// Nothing that could change the server's state is called. finished() once, then findings().
class DoctorRun : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int timeoutMs = 10000;   // each request's
        // A Streamable HTTP server: the HTTP checks (HttpProbes) run after the rest, at this
        // target (its protocolVersion and modern are filled in from the connection).
        std::optional<HttpProbes::Target> http;
    };

    DoctorRun(ServerConnection *connection, const Options &options, QObject *parent = nullptr);

    // Examines the connection, which is ready; modern: it speaks the modern era (it has no ping),
    // at protocolVersion.
    void start(bool modern, const QString &protocolVersion);
    // The connection's traffic, from when the caller could show it (the CLI: the first byte;
    // the window: while the examination runs).
    void observe(const TrafficEvent &event);
    QList<Finding> findings() const { return m_findings; }
    // What the server listed, as a snapshot.
    QJsonObject snapshot() const { return m_snapshot; }

    // The method no server defines, sent to see that it is refused with -32601, and the tool,
    // prompt and resource URI no server has.
    static QString unknownMethod();
    static QString unknownName();
    static QString unknownUri();

Q_SIGNALS:
    void finished();
    // What the HTTP checks send and receive beside the connection: every byte belongs in the
    // traffic view with the connection's own.
    void probeTraffic(const Mcp::TrafficEvent &event);

private:
    void listEverything();
    // Lists again and compares: definitions that change without a list_changed notification
    // (what a user approved is not what runs: a "rug pull").
    void listAgain();
    // Sends request with the run's timeout; answered gets it once it finished.
    void ask(const Request &request, std::function<void(const OutgoingRequest *)> answered);
    void askUnknownMethod();
    // tools/call, prompts/get and resources/read of names no server has, for each list the
    // server offers: a host that calls what was just removed must get an error, not a result.
    struct UnknownName
    {
        QString list;    // the snapshot's key of the list that must be offered
        QString id;      // the finding's
        Request request;
    };
    void askUnknownNames(QList<UnknownName> asks);
    void ping();
    void probeHttp();
    // The request of `method` the run sent and the answer to it, as the traffic showed them
    // (what has arrived of them by now).
    QList<TrafficEvent> exchangeOf(const QString &method) const;
    void finish();

    QPointer<ServerConnection> m_connection;
    Options m_options;
    ModernChecks *m_modernChecks; // the 2026-07-28 family (modernchecks.h)
    QList<Finding> m_findings;
    QJsonObject m_snapshot;
    QElapsedTimer m_listing;
    bool m_modern = false;
    QString m_protocolVersion;
    int m_invalidMessages = 0;   // what the server sent that is not a message
    TrafficEvent m_firstInvalid;
    bool m_listChanged = false;      // the server said a list changed while the run went on
    QList<TrafficEvent> m_requests; // the run's own requests on the wire (unknown method, ping)
    QList<TrafficEvent> m_replies;  // answers that came while it ran (the last ones)
    int m_stderrLines = 0;
    qint64 m_stderrBytes = 0;
};

} // namespace Mcp::Doctor
