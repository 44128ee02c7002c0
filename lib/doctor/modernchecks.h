#pragma once

#include "doctor/finding.h"
#include "jsonrpc/message.h"
#include "transport/trafficevent.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

namespace Mcp {
class OutgoingRequest;
class ServerConnection;
namespace Modern {
class ListenStream;
}
}

namespace Mcp::Doctor {

// What the 2026-07-28 revision asks of a modern server's answers, checked without the network
// (HttpProbes has the HTTP ones). Pure: the same input gives the same findings.

// A server/discover result (server/discover.mdx, DiscoverResult): supportedVersions a non-empty
// list of strings that holds the version the connection speaks, capabilities an object.
QList<Finding> checkDiscoverResult(const QJsonObject &result, const QString &protocolVersion);
// The x-mcp-header annotations of the snapshot's tools (server/tools.mdx, x-mcp-header): a tool
// that breaks them is left out of tools/list by every host on Streamable HTTP.
QList<Finding> checkToolHeaders(const QJsonObject &snapshot);
// The order of the same items in two listings (server/tools.mdx: tools SHOULD come in a
// deterministic order); nothing when a list's items changed between them.
QList<Finding> checkListOrder(const QJsonObject &first, const QJsonObject &second);

// The modern family of the Doctor: every result the traffic shows (observe) checked for
// resultType, serverInfo and cache hints, each kind of fault reported once with a count and
// the first message as its evidence; then, once the server was listed twice (examine), the order
// of the two listings, the x-mcp-header annotations, server/discover's answer, and a
// subscriptions/listen of its own, acknowledged within the timeout and closed again.
class ModernChecks : public QObject
{
    Q_OBJECT

public:
    explicit ModernChecks(QObject *parent = nullptr);
    ~ModernChecks() override;

    // The connection's traffic (what a Doctor probe sent beside it is left out).
    void observe(const TrafficEvent &event);
    // protocolVersion: the one the connection speaks. done once, when every step is over.
    void examine(ServerConnection *connection, const QJsonObject &first, const QJsonObject &second,
                 const QString &protocolVersion, int timeoutMs, std::function<void()> done);
    // examine()'s findings, then one for each kind of fault the results showed, then
    // modern.checked (info) naming what the server did as the revision asks.
    QList<Finding> findings() const;

private:
    struct Pending
    {
        QString method;
        TrafficEvent request;
        bool nextPage = false; // a list request with a cursor
    };
    struct Fault
    {
        int count = 0;
        QString first;                 // what the first one showed
        QList<TrafficEvent> evidence;  // its request and answer
    };
    void checkResult(const Pending &request, const QJsonObject &result, const TrafficEvent &answer);
    void fault(const QString &id, const QString &first, const Pending &request, const TrafficEvent &answer);
    void discover();
    void listen(const QJsonObject &capabilities);
    void listenAnswered(const QString &seen, Severity severity);
    void finishExamination();

    QPointer<ServerConnection> m_connection;
    QString m_protocolVersion;
    QString m_firstResource; // the one a listen subscribes to, when the server offers subscribe
    int m_timeoutMs = 10000;
    std::function<void()> m_done;
    QList<Finding> m_findings;
    QStringList m_passed;                // for modern.checked
    QHash<MessageId, Pending> m_pending; // modern requests not answered yet
    QMap<QString, Fault> m_faults;       // by finding id
    int m_results = 0;
    QHash<QString, QJsonValue> m_firstPageScope; // a list's cacheScope on its first page, by method
    bool m_tasksOffered = true;          // a "task" result is valid (until a discover result says otherwise)
    QList<TrafficEvent> m_discoverExchange;
    bool m_discoverGotResult = false;    // the last server/discover was answered with a result
    // The Doctor's own subscriptions/listen: its id as the wire showed it, its reading, evidence.
    bool m_listenSent = false;
    std::optional<MessageId> m_listenId;
    std::unique_ptr<Modern::ListenStream> m_listenStream;
    QPointer<OutgoingRequest> m_listenRequest;
    QList<TrafficEvent> m_listenEvidence;
    bool m_listenDone = false;
    QElapsedTimer m_listenTime;
};

} // namespace Mcp::Doctor
