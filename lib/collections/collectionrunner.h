#pragma once

#include "collection.h"

#include "session/client.h"
#include "session/modern/eradetector.h"
#include "session/requests.h"
#include "transport/trafficevent.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QProcessEnvironment>
#include <QStringList>

#include <functional>
#include <optional>

namespace Mcp {

// What came of one call: the answer (or why there was none) and what the server asked on the
// way, which is what assertions look at.
struct CallOutcome
{
    bool ran = false;            // the request was sent; false: the server could not be reached
    QString connectionError;     // why not, when !ran
    Response response;           // result or error, elapsedMs, modern rounds
    QStringList asked;           // server-to-client requests during the call, in order (method names)
    QStringList unscripted;      // those answered without a scripted answer
    QJsonValue outputSchema = QJsonValue::Undefined; // the tool's outputSchema (tools/call), from tools/list
    QString outputSchemaProblem; // why there is none
};

struct AssertionResult
{
    Assertion assertion;
    bool passed = false;
    QString message;             // what was found, when it failed (and a short note when it passed)
};

// Judges one assertion; pure.
AssertionResult evaluateAssertion(const Assertion &assertion, const CallOutcome &outcome);

struct CallReport
{
    enum class Status { Passed, Failed, Error }; // Error: the server could not be reached
    CollectionCall call;
    CallOutcome outcome;
    QList<AssertionResult> results;
    Status status = Status::Passed;
};

struct RunReport
{
    QString collectionName;
    QString sourcePath;
    QDateTime started;
    qint64 elapsedMs = 0;
    QList<CallReport> calls;
    // Servers that could not be reached, name -> why (the calls that needed them are errors).
    QList<QPair<QString, QString>> unreachable;

    int count(CallReport::Status status) const;
    bool allPassed() const { return count(CallReport::Status::Passed) == calls.size(); }
};

// Runs a collection's calls in order, one connection per server (opened when first needed,
// kept for the rest of the run, closed at the end), answering what the servers ask from each
// call's scripted answers. Lives on one thread, as its Clients do; never blocks.
class CollectionRunner : public QObject, private ServerRequestHandler
{
    Q_OBJECT

public:
    struct Options
    {
        std::optional<Modern::EraChoice> era; // over every server's own choice
        int connectTimeoutMs = 0;            // 0: each server's configuration's connect timeout
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment(); // for ${VAR}
        bool keepTraffic = false;            // keep every TrafficEvent for traffic()
        bool propagateTraceContext = false;  // W3C traceparent in each request's _meta (ClientOptions)
    };

    explicit CollectionRunner(const Collection &collection, const Options &options, QObject *parent = nullptr);
    explicit CollectionRunner(const Collection &collection, QObject *parent = nullptr);
    ~CollectionRunner() override;

    void start();
    RunReport report() const { return m_report; }
    // The traffic of the run (Options::keepTraffic), connection ids 1.. in the order of
    // collection servers; connectionNames() names them.
    QList<TrafficEvent> traffic() const { return m_traffic; }
    QHash<int, QString> connectionNames() const;

Q_SIGNALS:
    void callStarted(int index);
    void callFinished(const Mcp::CallReport &report);
    void finished();

private:
    struct Connection
    {
        QPointer<Client> client;
        bool wasReady = false;
        bool failed = false;
        QString error;
        bool toolsListed = false;
        std::optional<RpcError> toolsError;
        QHash<QString, QJsonObject> tools;
    };

    void handleRequest(IncomingRequest *request) override;
    void next();
    void proceed();
    void connectServer(const QString &name);
    void withTools(const QString &name, std::function<void()> then);
    void send();
    void complete(CallOutcome outcome);
    void closeAll();

    Collection m_collection;
    Options m_options;
    RunReport m_report;
    QHash<QString, Connection> m_connections;
    QList<TrafficEvent> m_traffic;
    QElapsedTimer m_clock;
    int m_index = -1;
    CallOutcome m_current;
    ScriptedResponder m_responder; // the current call's answers
    bool m_closing = false;
};

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::CallReport)
