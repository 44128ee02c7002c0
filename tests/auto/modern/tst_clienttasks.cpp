// The tasks extension (SEP-2663) on the client side, against the demo server (a real child
// process in the modern era with the conformance fixtures): a tools/call the server turns into a
// task is followed with tasks/get to its end as ONE request; input the task asks for is answered
// through the Client's handlers and sent with tasks/update; cancelling sends tasks/cancel.
#include "session/client.h"
#include "transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include "adaelicitation.h"
#include "toolresults.h"

using namespace Mcp;
using Mcp::Test::firstText;

namespace {

struct Finished
{
    bool error = false;
    RpcError rpcError;
    QJsonObject result;
    QList<Modern::RoundRecord> rounds;
};

// Runs one call to its end, reading the answer inside finished() (the handle deletes itself).
// A call that does not end in time comes back as an error saying so.
Finished run(OutgoingRequest *call, int timeoutMs = 20000)
{
    Finished out;
    bool done = false;
    QObject::connect(call, &OutgoingRequest::finished, call, [call, &out, &done] {
        out.error = call->isError();
        out.rpcError = call->error();
        out.result = call->result().toObject();
        out.rounds = call->rounds();
        done = true;
    });
    if (!QTest::qWaitFor([&done] { return done; }, timeoutMs)) {
        out.error = true;
        out.rpcError.message = QStringLiteral("the test's wait for the call ran out");
    }
    return out;
}

} // namespace

class tst_ClientTasks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void followedToTheResult();
    void toolErrorAndProtocolError();
    void inputThroughTasksUpdate();
    void inputDeclinedStopsTheTask();
    void cancelSendsTasksCancel();
    void followedTaskRecords();

private:
    std::unique_ptr<Client> m_client;
    Test::AdaElicitation m_elicitation;
    QList<Message> m_sent;     // what the client sent, in order
    QStringList m_notes;
};

void tst_ClientTasks::init()
{
    StdioServerParameters demo;
    demo.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    demo.arguments = {QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")};
    m_client = std::make_unique<Client>(new StdioTransport(demo));
    m_elicitation.asked.clear();
    m_elicitation.refuse = false;
    ClientOptions options; // the era detected (Auto)
    options.features.elicitationForm = options.features.elicitationUrl = true;
    m_client->setOptions(options);
    m_client->setServerRequestHandler(&m_elicitation);
    m_sent.clear();
    m_notes.clear();
    connect(m_client.get(), &Client::trafficEvent, this, [this](const TrafficEvent &event) {
        if (event.direction == TrafficEvent::Direction::Outgoing && event.kind == TrafficEvent::Kind::Message) {
            Message message;
            QString diagnostic;
            if (Message::fromJson(QJsonDocument::fromJson(event.raw).object(), &message, &diagnostic))
                m_sent.append(message);
        }
        if (event.kind == TrafficEvent::Kind::Note)
            m_notes.append(event.note);
    });
    QSignalSpy ready(m_client.get(), &Client::ready);
    m_client->connectToServer();
    QVERIFY(ready.wait(20000));
    QVERIFY(m_client->isModern());
    // The client says it takes tasks, on every request.
    const QJsonObject capabilities = m_sent.last().paramsObject().value(QLatin1String("_meta")).toObject()
                                         .value(QLatin1String("io.modelcontextprotocol/clientCapabilities")).toObject();
    QVERIFY2(capabilities.value(QLatin1String("extensions")).toObject().contains(QLatin1String("io.modelcontextprotocol/tasks")),
             qPrintable(QString::fromUtf8(QJsonDocument(capabilities).toJson())));
}

void tst_ClientTasks::cleanup()
{
    m_client.reset();
}

static int countSent(const QList<Message> &sent, QLatin1String method)
{
    return int(std::count_if(sent.cbegin(), sent.cend(), [method](const Message &m) { return m.method() == method; }));
}

void tst_ClientTasks::followedToTheResult()
{
    QSignalSpy statuses(m_client.get(), &Client::taskStatus);
    const Finished call = run(m_client->callTool(QStringLiteral("slow_compute"), {{QStringLiteral("seconds"), 1.2}}));
    QVERIFY2(!call.error, qPrintable(call.rpcError.message));
    QCOMPARE(firstText(call.result), QStringLiteral("Computed after 1.2 s"));
    QVERIFY2(countSent(m_sent, QLatin1String("tasks/get")) >= 2, "polled until the end, at the server's interval");
    QVERIFY(statuses.size() >= 2);
    QCOMPARE(statuses.last().first().toJsonObject().value(QLatin1String("status")).toString(), QStringLiteral("completed"));
    QVERIFY(std::any_of(m_notes.cbegin(), m_notes.cend(), [](const QString &n) { return n.contains(QLatin1String("became task")); }));
    // Every poll asks about the one task the call created.
    QString taskId;
    for (const Message &m : std::as_const(m_sent)) {
        if (m.method() != QLatin1String("tasks/get"))
            continue;
        const QString id = m.paramsObject().value(QLatin1String("taskId")).toString();
        QVERIFY(!id.isEmpty());
        QVERIFY(taskId.isEmpty() || taskId == id);
        taskId = id;
    }
}

void tst_ClientTasks::toolErrorAndProtocolError()
{
    // A tool error is the task's completed result (isError), not a failure of the request.
    const Finished failing = run(m_client->callTool(QStringLiteral("failing_job"), {}));
    QVERIFY2(!failing.error, qPrintable(failing.rpcError.message));
    QVERIFY(failing.result.value(QLatin1String("isError")).toBool());
    QCOMPARE(firstText(failing.result), QStringLiteral("The job failed"));
    // A JSON-RPC error inside the task fails the request, with the server's words.
    const Finished broken = run(m_client->callTool(QStringLiteral("protocol_error_job"), {}));
    QVERIFY(broken.error);
    QVERIFY2(broken.rpcError.message.contains(QLatin1String("The job broke down")), qPrintable(broken.rpcError.message));
}

void tst_ClientTasks::inputThroughTasksUpdate()
{
    const Finished call = run(m_client->callTool(QStringLiteral("multi_input"), {}));
    QVERIFY2(!call.error, qPrintable(call.rpcError.message));
    QCOMPARE(firstText(call.result), QStringLiteral("Ada and Ada"));
    QCOMPARE(m_elicitation.asked.size(), 2);
    QCOMPARE(countSent(m_sent, QLatin1String("tasks/update")), 1); // both answers in one update
    const auto update = std::find_if(m_sent.cbegin(), m_sent.cend(), [](const Message &m) { return m.method() == QLatin1String("tasks/update"); });
    const QJsonObject responses = update->paramsObject().value(QLatin1String("inputResponses")).toObject();
    QCOMPARE(responses.keys(), (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
    // The question shows as a round of the request, for the timeline.
    QVERIFY(std::any_of(call.rounds.cbegin(), call.rounds.cend(), [](const Modern::RoundRecord &r) {
        return r.inputRequired && r.inputs.size() == 2 && r.inputs.first().answered;
    }));

    // Input asked first by multi round-trip, then the work as a task.
    m_elicitation.asked.clear();
    const Finished composed = run(m_client->callTool(QStringLiteral("test_tool_with_task"), {}));
    QVERIFY2(!composed.error, qPrintable(composed.rpcError.message));
    QCOMPARE(firstText(composed.result), QStringLiteral("Hello, Ada!"));
    QCOMPARE(m_elicitation.asked, QStringList{QStringLiteral("What is your name?")});
}

void tst_ClientTasks::inputDeclinedStopsTheTask()
{
    m_elicitation.refuse = true;
    const Finished call = run(m_client->callTool(QStringLiteral("confirm_delete"), {}));
    QVERIFY(call.error);
    QVERIFY2(call.rpcError.message.contains(QLatin1String("none was given")), qPrintable(call.rpcError.message));
    QTRY_COMPARE_WITH_TIMEOUT(countSent(m_sent, QLatin1String("tasks/cancel")), 1, 5000);
}

void tst_ClientTasks::cancelSendsTasksCancel()
{
    OutgoingRequest *call = m_client->callTool(QStringLiteral("slow_compute"), {{QStringLiteral("seconds"), 30}});
    const QPointer<OutgoingRequest> guard = call;
    QTRY_VERIFY_WITH_TIMEOUT(countSent(m_sent, QLatin1String("tasks/get")) >= 1, 10000); // under way as a task
    QVERIFY(guard);
    Finished cancelled;
    bool done = false;
    connect(call, &OutgoingRequest::finished, call, [call, &cancelled, &done] {
        cancelled.error = call->isError();
        cancelled.rpcError = call->error();
        done = true;
    });
    call->cancel(QStringLiteral("enough"));
    QTRY_VERIFY_WITH_TIMEOUT(done, 5000);
    QVERIFY(cancelled.error);
    QCOMPARE(cancelled.rpcError.code, int(SessionErrorCode::Cancelled));
    QTRY_COMPARE_WITH_TIMEOUT(countSent(m_sent, QLatin1String("tasks/cancel")), 1, 5000);
    QCOMPARE(countSent(m_sent, QLatin1String("notifications/cancelled")), 0); // nothing was in flight
    // The server says the task is cancelled.
    const auto cancel = std::find_if(m_sent.cbegin(), m_sent.cend(), [](const Message &m) { return m.method() == QLatin1String("tasks/cancel"); });
    const QString taskId = cancel->paramsObject().value(QLatin1String("taskId")).toString();
    const Finished state = run(m_client->getTask(taskId));
    QVERIFY2(!state.error, qPrintable(state.rpcError.message));
    QCOMPARE(state.result.value(QLatin1String("status")).toString(), QStringLiteral("cancelled"));
}

// What a view lists a modern connection's tasks from (there is no tasks/list): one record per
// task on every change, with the tool, the statuses, the input rounds and the end.
void tst_ClientTasks::followedTaskRecords()
{
    QList<FollowedTask> records;
    connect(m_client.get(), &Client::followedTaskChanged, this, [&records](const FollowedTask &task) { records.append(task); });
    const Finished call = run(m_client->callTool(QStringLiteral("multi_input"), {}));
    QVERIFY2(!call.error, qPrintable(call.rpcError.message));
    QVERIFY(records.size() >= 3);
    const FollowedTask &first = records.first();
    QVERIFY(!first.taskId.isEmpty());
    QCOMPARE(first.method, QStringLiteral("tools/call"));
    QCOMPARE(first.name, QStringLiteral("multi_input"));
    QVERIFY(first.following);
    QCOMPARE(first.polls, 1); // the CreateTaskResult
    QVERIFY(first.followedAtMs > 0);
    QVERIFY(std::all_of(records.cbegin(), records.cend(), [&first](const FollowedTask &r) { return r.taskId == first.taskId; }));
    QVERIFY(std::any_of(records.cbegin(), records.cend(), [](const FollowedTask &r) {
        return r.statusName() == QLatin1String("input_required") && r.following;
    }));
    const FollowedTask &last = records.last();
    QVERIFY(!last.following);
    QCOMPARE(last.statusName(), QStringLiteral("completed"));
    QCOMPARE(firstText(last.result), QStringLiteral("Ada and Ada"));
    QVERIFY(last.error.isEmpty());
    QVERIFY(last.polls >= 2);
    QVERIFY(last.pollIntervalMs >= Modern::MultiRoundTripRequest::MinTaskPollMs);
    QVERIFY(last.rounds.first().becameTask);
    QVERIFY(std::any_of(last.rounds.cbegin(), last.rounds.cend(), [](const Modern::RoundRecord &r) {
        return r.taskPoll && r.inputs.size() == 2 && r.inputs.first().answered;
    }));

    // A call the caller cancels: the last record says it is no longer followed, and why.
    records.clear();
    OutgoingRequest *slow = m_client->callTool(QStringLiteral("slow_compute"), {{QStringLiteral("seconds"), 30}});
    QTRY_VERIFY_WITH_TIMEOUT(!records.isEmpty(), 10000);
    slow->cancel(QStringLiteral("enough"));
    QTRY_VERIFY_WITH_TIMEOUT(!records.last().following, 5000);
    QCOMPARE(records.last().statusName(), QStringLiteral("working")); // as last polled
    QVERIFY(!records.last().error.isEmpty());
    QVERIFY(records.last().result.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ClientTasks)
#include "tst_clienttasks.moc"
