#pragma once

#include "doctor/exchanges.h"
#include "doctor/finding.h"
#include "doctor/httpprobes.h"
#include "doctor/toolcalls.h"
#include "doctor/versionprobe.h"
#include "protocol/lists.h"
#include "protocol/requests.h"
#include "transport/trafficevent.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>
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
// what a host asks at the edges (a method the server does not know, names it does not have,
// missing parameters, lists it did not declare, a cursor it never gave; ping in the legacy era),
// walks every list page by page and times it, calls the read-only tools it may (toolcalls.h),
// and looks at the traffic it is shown (observe) for bytes that are not messages, progress
// notifications nobody asked for, and stderr. Nothing that could change the server's state is
// called. finished() once, then findings().
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
        // Arguments for read-only tools, by name (`--call NAME=JSON`), and whether the other
        // read-only tools are called with arguments made from their schemas.
        QHash<QString, QJsonObject> callArguments;
        bool sampleCalls = false;
        // The run is shown the traffic from the connection's first byte (the CLI): a progress
        // token it never saw sent was never sent. The window's run starts later.
        bool seesFirstByte = false;
        // Makes a second connection to the server (a second process for stdio), for the legacy
        // era's version negotiation (VersionProbe); none: not checked.
        VersionProbe::TransportFactory secondConnection;
    };

    DoctorRun(ServerConnection *connection, const Options &options, QObject *parent = nullptr);

    // Examines the connection, which is ready; modern: it speaks the modern era (it has no ping),
    // at protocolVersion, with these capabilities.
    void start(bool modern, const QString &protocolVersion, const QJsonObject &serverCapabilities);
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
    // What the HTTP checks and the second connection send and receive beside the connection:
    // every byte belongs in the traffic view with the connection's own.
    void probeTraffic(const Mcp::TrafficEvent &event);

private:
    // A progress notification whose token no request of the run's carried.
    void checkProgress(const TrafficEvent &event);
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
    // A request without the parameter it must have (a tools/call without a name): -32602.
    void askInvalidParams();
    // The lists the capabilities do not announce: -32601, or hosts never see what they hold.
    void askUndeclaredLists(QList<ListDescriptor> lists);
    // Every offered list page by page (cursor loops, items on two pages, tiny pages), its first
    // page again (latency), and a cursor the server never gave (-32602).
    struct ListWalk
    {
        ListDescriptor list;
        QList<QJsonArray> pages;  // each page's items
        QList<SentRequest> pageRequests; // each page's
        QSet<QString> cursors;
        QList<qint64> firstPageMs;
        QString error;
    };
    void walkLists(QList<ListDescriptor> lists);
    void walkPage(QList<ListDescriptor> lists, ListWalk walk, const QString &cursor);
    void timeFirstPage(QList<ListDescriptor> lists, ListWalk walk);
    void reportLatencies();
    void askInvalidCursor();
    void callTools(QList<ToolCallPlan::Call> calls);
    // The slowest read-only call again, cancelled at once: does the answer still come?
    void checkCancellation();
    void ping();
    void negotiateVersion();
    void probeHttp();
    void finish();

    QPointer<ServerConnection> m_connection;
    Options m_options;
    ModernChecks *m_modernChecks; // the 2026-07-28 family (modernchecks.h)
    QList<Finding> m_findings;
    QJsonObject m_snapshot;
    QElapsedTimer m_listing;
    bool m_modern = false;
    QString m_protocolVersion;
    QJsonObject m_capabilities;
    QString m_paginatedList; // the first list that came in more than one page
    struct ListLatency
    {
        QString method;
        qint64 medianMs = 0;
        qint64 slowestMs = 0;
        qsizetype pages = 0;
        qsizetype items = 0;
    };
    QList<ListLatency> m_latencies; // of the first pages, a list each
    ToolCallPlan m_plan;
    QList<QPair<QString, qint64>> m_callTimes;
    QList<Finding> m_callFindings; // the calls' findings, merged when alike at the end
    QSet<QString> m_progressTokens;     // the ones the run's requests carried
    QStringList m_strayProgressTokens;  // progress notifications for tokens nobody gave
    TrafficEvent m_firstStrayProgress;
    int m_invalidMessages = 0;   // what the server sent that is not a message
    TrafficEvent m_firstInvalid;
    int m_invalidUtf8 = 0; // messages with bytes that are not UTF-8
    TrafficEvent m_firstInvalidUtf8;
    bool m_listChanged = false;      // the server said a list changed while the run went on
    Exchanges m_exchanges; // the run's requests on the wire and their answers: the evidence
    // Findings (by index) whose evidence is the exchange of a request (by id), filled in at the
    // end, when the window's traffic has caught up.
    QList<QPair<qsizetype, SentRequest>> m_evidenceOf;
    int m_stderrLines = 0;
    qint64 m_stderrBytes = 0;
};

} // namespace Mcp::Doctor
