// The timeline read from real traffic: the demo server (a real child process) in both eras, a
// real HTTP server that loses a response stream, and the mcpscope binary writing traces. The
// OTLP output is decoded by the OpenTelemetry JS packages' own protobuf definitions (tests/peers)
// and compared field by field; the Chrome trace is checked against a Trace Event schema; the trace
// context is seen on the wire the server reads, and a real collector on 127.0.0.1 receives both
// OTLP requests.
#include "../doctor/reportvalidation.h"
#include "../httpclient/testhttpserver.h"
#include "adaelicitation.h"
#include "processes.h"
#include "protocol/tracecontext.h"
#include "session/client.h"
#include "timeline/latencystats.h"
#include "timeline/spanbuilder.h"
#include "timeline/traceexport.h"
#include "traffic/trafficcapture.h"
#include "transport/httpautotransport.h"
#include "transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Mcp;

namespace {

constexpr int kWait = 20000;

// A client and every traffic event it saw, as connection 1.
struct Recorded
{
    explicit Recorded(Transport *transport, bool traceContext = false)
        : client(transport)
    {
        ClientOptions options;
        options.features.elicitationForm = true;
        options.propagateTraceContext = traceContext;
        client.setOptions(options);
        client.setServerRequestHandler(&answers);
        QObject::connect(&client, &Client::trafficEvent, &client, [this](TrafficEvent event) {
            event.connectionId = 1;
            events.append(event);
        });
    }

    bool connect()
    {
        QSignalSpy ready(&client, &Client::ready);
        client.connectToServer();
        return ready.wait(kWait);
    }

    // Runs a call to its end (a timed-out or cancelled one ends too).
    bool call(const QString &tool, const QJsonObject &arguments = {}, int timeoutMs = 60000)
    {
        RequestOptions options;
        options.timeoutMs = timeoutMs;
        OutgoingRequest *request = client.callTool(tool, arguments, options);
        bool done = false;
        QObject::connect(request, &OutgoingRequest::finished, request, [&done] { done = true; });
        return QTest::qWaitFor([&done] { return done; }, kWait);
    }

    Timeline timeline() const { return SpanBuilder::build(events, {{1, QStringLiteral("demo")}}); }

    // Before the client: its destructor still reports traffic (the requests it fails).
    Test::AdaElicitation answers;
    QList<TrafficEvent> events;
    Client client;
};

StdioServerParameters demo(const QString &era)
{
    StdioServerParameters parameters;
    parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    parameters.arguments = {QStringLiteral("--era"), era, QStringLiteral("--conformance")};
    return parameters;
}

// The top-level client calls of a method (and subject), in order.
QList<int> calls(const Timeline &timeline, const QString &method, const QString &subject = QString())
{
    QList<int> found;
    for (int i = 0; i < timeline.spans.size(); ++i) {
        const Span &span = timeline.spans.at(i);
        if (span.isTopLevel() && span.direction == SpanDirection::ClientToServer && timeline.methodOf(span) == method
            && (subject.isEmpty() || timeline.subjectOf(span) == subject))
            found.append(i);
    }
    return found;
}

QList<int> childrenOf(const Timeline &timeline, int parent)
{
    QList<int> found;
    for (int i = 0; i < timeline.spans.size(); ++i) {
        if (timeline.spans.at(i).parent == parent)
            found.append(i);
    }
    return found;
}

// The one top-level call of a tool; fails the test (returns -1) when there is not exactly one.
int soleCall(const Timeline &timeline, const QString &tool)
{
    const QList<int> found = calls(timeline, QStringLiteral("tools/call"), tool);
    if (found.size() != 1)
        qWarning("%s: %lld top-level calls", qPrintable(tool), qint64(found.size()));
    return found.size() == 1 ? found.first() : -1;
}

// How many requests went out on the wire (each is a span or a part of one).
int outgoingRequests(const QList<TrafficEvent> &events)
{
    int count = 0;
    for (const TrafficEvent &event : events) {
        if (event.direction == TrafficEvent::Direction::Outgoing && event.kind == TrafficEvent::Kind::Message) {
            const QJsonObject message = QJsonDocument::fromJson(event.raw).object();
            count += message.contains(QLatin1String("method")) && message.contains(QLatin1String("id"));
        }
    }
    return count;
}

QJsonObject decodedAttributes(const QJsonObject &span)
{
    QJsonObject out;
    for (const QJsonValue &attribute : span.value(QLatin1String("attributes")).toArray()) {
        const QJsonObject value = attribute.toObject().value(QLatin1String("value")).toObject();
        out.insert(attribute.toObject().value(QLatin1String("key")).toString(), value.begin().value());
    }
    return out;
}

TrafficEvent wireEvent(TrafficEvent::Direction direction, qint64 atNs, const QByteArray &json)
{
    TrafficEvent event;
    event.direction = direction;
    event.kind = TrafficEvent::Kind::Message;
    event.monotonicNs = atNs;
    event.wallClockMs = 1764400000000 + atNs / 1000000;
    event.raw = json;
    event.connectionId = 7;
    return event;
}

} // namespace

class tst_Timeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void legacyCallsOutcomesAndNesting();
    void modernRoundsAndTasks();
    void reissueAfterALostStream();
    void versionRetryCancelAndStrayAnswers();
    void latencyPercentiles();
    void otlpDecodedByOpenTelemetry();
    void chromeTraceMatchesTheTraceEventSchema();
    void traceContextReachesTheServer();
    void cliWritesTracesAndFeedsACollector();
};

void tst_Timeline::legacyCallsOutcomesAndNesting()
{
    auto *transport = new StdioTransport(demo(QStringLiteral("legacy")));
    Recorded run(transport);
    QVERIFY(run.connect());
    QVERIFY(run.call(QStringLiteral("greet"), {{QStringLiteral("name"), QStringLiteral("Ada")}}));
    QVERIFY(run.call(QStringLiteral("test_error_handling")));
    QVERIFY(run.call(QStringLiteral("no_such_tool")));
    QVERIFY(run.call(QStringLiteral("test_tool_with_progress")));
    QVERIFY(run.call(QStringLiteral("test_elicitation"), {{QStringLiteral("message"), QStringLiteral("Who are you?")}}));
    QVERIFY(run.call(QStringLiteral("slow_compute"), {{QStringLiteral("seconds"), 5}}, 300));
    // A call in flight when the server dies is lost.
    OutgoingRequest *dying = run.client.callTool(QStringLiteral("slow_compute"), {{QStringLiteral("seconds"), 10}});
    QSignalSpy dyingDone(dying, &OutgoingRequest::finished);
    QTest::qWait(200);
    ::kill(pid_t(transport->processId()), SIGKILL);
    QVERIFY(dyingDone.wait(kWait));
    // Started again (a restart, as the window's auto-restart does): the same lane goes on.
    QVERIFY(run.connect());
    QVERIFY(run.call(QStringLiteral("greet"), {{QStringLiteral("name"), QStringLiteral("again")}}));

    const Timeline timeline = run.timeline();
    QCOMPARE(timeline.connections, QList<int>{1});
    QCOMPARE(timeline.protocolVersions.value(1), QStringLiteral("2025-11-25"));
    QCOMPARE(timeline.networkTransports.value(1), QStringLiteral("pipe"));
    // Every request on the wire is one span (nothing in the legacy era groups them).
    int clientSpans = 0;
    for (const Span &span : timeline.spans)
        clientSpans += span.direction == SpanDirection::ClientToServer;
    QCOMPARE(clientSpans, outgoingRequests(run.events));
    const QList<int> initialize = calls(timeline, QStringLiteral("initialize"));
    QCOMPARE(initialize.size(), 2);
    QCOMPARE(timeline.spans.at(initialize.first()).outcome, SpanOutcome::Result);

    const auto outcome = [&](const QString &tool) { return timeline.spans.value(soleCall(timeline, tool)).outcome; };
    const QList<int> greets = calls(timeline, QStringLiteral("tools/call"), QStringLiteral("greet"));
    QCOMPARE(greets.size(), 2); // before the kill and after the restart
    for (int greet : greets)
        QCOMPARE(timeline.spans.at(greet).outcome, SpanOutcome::Result);

    QCOMPARE(outcome(QStringLiteral("test_error_handling")), SpanOutcome::ToolError);
    const Span unknown = timeline.spans.value(soleCall(timeline, QStringLiteral("no_such_tool")));
    QCOMPARE(unknown.outcome, SpanOutcome::RpcError);
    QVERIFY2(unknown.errorCode == -32602 || unknown.errorCode == -32601, qPrintable(QString::number(unknown.errorCode)));
    QCOMPARE(outcome(QStringLiteral("slow_compute")), SpanOutcome::Pending); // two calls: see below

    const Span progress = timeline.spans.value(soleCall(timeline, QStringLiteral("test_tool_with_progress")));
    QCOMPARE(progress.progressCount, 3u);
    int ticks = 0;
    for (const Mark &mark : timeline.marks)
        ticks += mark.kind == MarkKind::Progress && mark.span == soleCall(timeline, QStringLiteral("test_tool_with_progress"));
    QCOMPARE(ticks, 3);

    // The server's elicitation request is a span of its own, inside the call that caused it.
    const int elicitationCall = soleCall(timeline, QStringLiteral("test_elicitation"));
    const QList<int> inside = childrenOf(timeline, elicitationCall);
    QCOMPARE(inside.size(), 1);
    const Span &asked = timeline.spans.at(inside.first());
    QCOMPARE(asked.direction, SpanDirection::ServerToClient);
    QCOMPARE(timeline.methodOf(asked), QStringLiteral("elicitation/create"));
    QCOMPARE(asked.outcome, SpanOutcome::Result);
    QVERIFY(asked.startNs >= timeline.spans.at(elicitationCall).startNs);
    QVERIFY(asked.endNs <= timeline.spans.at(elicitationCall).endNs);
    QCOMPARE(timeline.spans.at(elicitationCall).outcome, SpanOutcome::Result);

    // Timed out: notifications/cancelled ends the span with the cancel, 300 ms in.
    const QList<int> slow = calls(timeline, QStringLiteral("tools/call"), QStringLiteral("slow_compute"));
    QCOMPARE(slow.size(), 2);
    const Span &timedOut = timeline.spans.at(slow.at(0));
    QCOMPARE(timedOut.outcome, SpanOutcome::Timeout);
    QVERIFY2(timedOut.durationNs(0) >= 300 * 1000000LL && timedOut.durationNs(0) < 5000 * 1000000LL,
             qPrintable(QString::number(timedOut.durationNs(0))));
    const Span &lost = timeline.spans.at(slow.at(1));
    QCOMPARE(lost.outcome, SpanOutcome::Lost);
    QVERIFY(lost.endNs > lost.startNs);
    const auto marked = [&](MarkKind kind) {
        return std::count_if(timeline.marks.cbegin(), timeline.marks.cend(), [kind](const Mark &m) { return m.kind == kind; });
    };
    QCOMPARE(marked(MarkKind::ProcessStarted), 2);
    QVERIFY(marked(MarkKind::ProcessExited) >= 1); // the kill (the last run is still up)
    QCOMPARE(marked(MarkKind::Cancel), 1);
    QVERIFY(marked(MarkKind::Notification) >= 1); // notifications/initialized at least
}

void tst_Timeline::modernRoundsAndTasks()
{
    Recorded run(new StdioTransport(demo(QStringLiteral("modern"))));
    QVERIFY(run.connect());
    QVERIFY(run.client.isModern());
    QVERIFY(run.call(QStringLiteral("test_input_required_result_multi_round")));
    QVERIFY(run.call(QStringLiteral("slow_compute"), {{QStringLiteral("seconds"), 1.2}}));
    QVERIFY(run.call(QStringLiteral("failing_job")));
    const Timeline timeline = run.timeline();
    QCOMPARE(timeline.protocolVersions.value(1), QStringLiteral("2026-07-28"));

    // Asked twice, one round after the other: one logical call, three rounds inside.
    const int rounds = soleCall(timeline, QStringLiteral("test_input_required_result_multi_round"));
    QVERIFY(rounds >= 0);
    const QList<int> parts = childrenOf(timeline, rounds);
    QCOMPARE(parts.size(), 3);
    for (int part : parts) {
        QCOMPARE(timeline.spans.at(part).kind, SpanKind::Round);
        QCOMPARE(timeline.spans.at(part).outcome, SpanOutcome::Result);
        QVERIFY(!timeline.spans.at(part).requestId.isEmpty());
    }
    const Span &logical = timeline.spans.at(rounds);
    QCOMPARE(logical.outcome, SpanOutcome::Result);
    QCOMPARE(logical.startNs, timeline.spans.at(parts.first()).startNs);
    QCOMPARE(logical.endNs, timeline.spans.at(parts.last()).endNs);

    // A task: the call, then its tasks/get polls inside it, until the result.
    const int task = soleCall(timeline, QStringLiteral("slow_compute"));
    QVERIFY(task >= 0);
    const QList<int> polls = childrenOf(timeline, task);
    QVERIFY2(polls.size() >= 2, qPrintable(QString::number(polls.size())));
    for (int poll : polls) {
        QCOMPARE(timeline.spans.at(poll).kind, SpanKind::TaskPoll);
        QCOMPARE(timeline.methodOf(timeline.spans.at(poll)), QStringLiteral("tasks/get"));
    }
    QCOMPARE(timeline.spans.at(task).outcome, SpanOutcome::Result);
    QCOMPARE(timeline.spans.at(task).endNs, timeline.spans.at(polls.last()).endNs);
    QVERIFY(timeline.spans.at(task).durationNs(0) >= 1200 * 1000000LL);
    // A task that ends in a tool error makes its call a tool error.
    QCOMPARE(timeline.spans.at(soleCall(timeline, QStringLiteral("failing_job"))).outcome, SpanOutcome::ToolError);
}

void tst_Timeline::reissueAfterALostStream()
{
    // A modern-only server whose first tools/call answer stream breaks before the answer.
    TestHttpServer http;
    int toolCalls = 0;
    http.setHandler([&](QTcpSocket *socket, const TestHttpRequest &request) {
        const QString method = request.rpcMethod();
        if (request.rpcId().isUndefined()) {
            TestHttpServer::respond(socket, 202);
        } else if (method == QLatin1String("server/discover")) {
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), QJsonObject{
                {QStringLiteral("supportedVersions"), QJsonArray{QStringLiteral("2026-07-28")}},
                {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject()}}}}));
        } else if (method == QLatin1String("tools/call") && ++toolCalls == 1) {
            TestHttpServer::startSse(socket);
            socket->write(":\n\n");
            socket->flush();
            socket->disconnectFromHost();
        } else {
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), QJsonObject{
                {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                   {QStringLiteral("text"), QStringLiteral("done")}}}}}));
        }
    });
    Recorded run(createHttpTransport(http.url(), HttpTransportKind::Auto, {}));
    run.client.setEraChoice({Modern::EraChoice::Mode::Modern, {}});
    run.client.setListenFilter(Modern::SubscriptionFilter());
    QVERIFY(run.connect());
    QVERIFY(run.call(QStringLiteral("work")));
    QCOMPARE(toolCalls, 2);

    const Timeline timeline = run.timeline();
    QCOMPARE(timeline.networkTransports.value(1), QStringLiteral("tcp"));
    const int call = soleCall(timeline, QStringLiteral("work"));
    QVERIFY(call >= 0);
    const QList<int> attempts = childrenOf(timeline, call);
    QCOMPARE(attempts.size(), 2);
    const Span &first = timeline.spans.at(attempts.at(0));
    const Span &second = timeline.spans.at(attempts.at(1));
    QCOMPARE(first.outcome, SpanOutcome::Lost);
    QCOMPARE(first.endNs, second.startNs);
    QCOMPARE(second.kind, SpanKind::Reissue);
    QCOMPARE(second.outcome, SpanOutcome::Result);
    QVERIFY(first.requestId != second.requestId);
    QCOMPARE(timeline.spans.at(call).outcome, SpanOutcome::Result);
    QCOMPARE(timeline.spans.at(call).startNs, first.startNs);
    QCOMPARE(timeline.spans.at(call).endNs, second.endNs);
}

void tst_Timeline::versionRetryCancelAndStrayAnswers()
{
    // Wire patterns the live servers above do not make on demand, as the log would hold them.
    using D = TrafficEvent::Direction;
    const QList<TrafficEvent> events{
        wireEvent(D::Outgoing, 1000, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2027-01-01"}}})"),
        wireEvent(D::Incoming, 2000, R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"unsupported","data":{"supported":["2026-07-28"]}}})"),
        wireEvent(D::Outgoing, 3000, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}})"),
        wireEvent(D::Incoming, 5000, R"({"jsonrpc":"2.0","id":2,"result":{"content":[]}})"),
        // Cancelled by the user, then answered anyway: the span ends with the cancel.
        wireEvent(D::Outgoing, 6000, R"({"jsonrpc":"2.0","id":"a","method":"prompts/get","params":{"name":"p"}})"),
        wireEvent(D::Outgoing, 7000, R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a","reason":"Cancelled by the user"}})"),
        wireEvent(D::Incoming, 8000, R"({"jsonrpc":"2.0","id":"a","result":{"messages":[]}})"),
        // An answer to nothing asked, and id 1 as a string (not the number 1): no span.
        wireEvent(D::Incoming, 9000, R"({"jsonrpc":"2.0","id":"1","result":{}})"),
        wireEvent(D::Incoming, 9500, R"({"jsonrpc":"2.0","id":99,"result":{}})"),
        // Still waiting at the end.
        wireEvent(D::Outgoing, 10000, R"({"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"file:///a"}})"),
    };
    const Timeline timeline = SpanBuilder::build(events);
    QCOMPARE(timeline.protocolVersions.value(7), QStringLiteral("2026-07-28"));
    QCOMPARE(timeline.spans.size(), 5); // the retry's logical call, its two attempts, the prompt, the read
    const int call = soleCall(timeline, QStringLiteral("t"));
    QCOMPARE(call, 2); // made when the retry showed the first attempt was one of two
    const QList<int> attempts = childrenOf(timeline, call);
    QCOMPARE(attempts, (QList<int>{0, 1}));
    QCOMPARE(timeline.spans.at(0).outcome, SpanOutcome::RpcError);
    QCOMPARE(timeline.spans.at(0).errorCode, -32022);
    QCOMPARE(timeline.spans.at(1).kind, SpanKind::VersionRetry);
    QCOMPARE(timeline.spans.at(call).outcome, SpanOutcome::Result);
    QCOMPARE(timeline.spans.at(call).startNs, 1000);
    QCOMPARE(timeline.spans.at(call).endNs, 5000);
    QCOMPARE(timeline.spans.at(call).errorCode, 0);

    const Span &prompt = timeline.spans.at(calls(timeline, QStringLiteral("prompts/get")).value(0));
    QCOMPARE(prompt.outcome, SpanOutcome::Cancelled);
    QCOMPARE(prompt.endNs, 7000);
    QCOMPARE(prompt.responseRow, 6); // the late answer is still linked to it
    QCOMPARE(timeline.subjectOf(prompt), QStringLiteral("p"));

    const Span &read = timeline.spans.at(calls(timeline, QStringLiteral("resources/read")).value(0));
    QCOMPARE(read.outcome, SpanOutcome::Pending);
    QCOMPARE(read.endNs, -1);
    QCOMPARE(timeline.subjectOf(read), QStringLiteral("file:///a"));
    QCOMPARE(timeline.firstNs, 1000);
    QCOMPARE(timeline.lastNs, 10000);
}

void tst_Timeline::latencyPercentiles()
{
    // 100 calls of 1..100 ms to one tool, every tenth a tool error; 3 pings of 5 ms.
    using D = TrafficEvent::Direction;
    QList<TrafficEvent> events;
    qint64 at = 0;
    for (int i = 1; i <= 100; ++i) {
        events.append(wireEvent(D::Outgoing, at, QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"method":"tools/call","params":{"name":"x"}})").arg(i).toUtf8()));
        const bool failed = i % 10 == 0;
        events.append(wireEvent(D::Incoming, at + i * 1000000LL,
                                QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":{"content":[],"isError":%2}})")
                                    .arg(i).arg(failed ? QStringLiteral("true") : QStringLiteral("false")).toUtf8()));
        at += 200 * 1000000LL;
    }
    for (int i = 0; i < 3; ++i) {
        events.append(wireEvent(D::Outgoing, at, QStringLiteral(R"({"jsonrpc":"2.0","id":"p%1","method":"ping"})").arg(i).toUtf8()));
        events.append(wireEvent(D::Incoming, at + 5000000, QStringLiteral(R"({"jsonrpc":"2.0","id":"p%1","result":{}})").arg(i).toUtf8()));
        at += 10000000;
    }
    const QList<LatencyRow> rows = LatencyStats::compute(SpanBuilder::build(events));
    QCOMPARE(rows.size(), 3); // ping; tools/call; tools/call x
    QCOMPARE(rows.at(0).method, QStringLiteral("ping"));
    QCOMPARE(rows.at(0).count, 3);
    QCOMPARE(rows.at(0).p99Ns, 5000000);
    const LatencyRow &method = rows.at(1);
    const LatencyRow &tool = rows.at(2);
    QCOMPARE(method.subject, QString());
    QCOMPARE(tool.subject, QStringLiteral("x"));
    for (const LatencyRow &row : {method, tool}) {
        QCOMPARE(row.count, 100);
        QCOMPARE(row.errors, 10);
        QCOMPARE(row.p50Ns, 50 * 1000000LL);
        QCOMPARE(row.p90Ns, 90 * 1000000LL);
        QCOMPARE(row.p99Ns, 99 * 1000000LL);
        QCOMPARE(row.maxNs, 100 * 1000000LL);
        QCOMPARE(row.sumNs, 5050 * 1000000LL);
        // 1 ms = 1000 us is in bucket 9 ([512, 1024) us); 100 ms = 100000 us in bucket 16.
        QCOMPARE(row.histogram.at(9), 1);
        QCOMPARE(row.histogram.at(16), 100 - 66 + 1); // [65.536, 131.072) ms: 66..100 ms
        qint64 total = 0;
        for (qint64 n : row.histogram)
            total += n;
        QCOMPARE(total, 100);
    }
    LatencyStats::Options window;
    window.fromNs = 0;
    window.toNs = 9 * 200 * 1000000LL; // the first ten calls start in it
    QCOMPARE(LatencyStats::compute(SpanBuilder::build(events), window).value(0).count, 10);
}

void tst_Timeline::otlpDecodedByOpenTelemetry()
{
    auto *transport = new StdioTransport(demo(QStringLiteral("legacy")));
    Recorded run(transport);
    QVERIFY(run.connect());
    QVERIFY(run.call(QStringLiteral("greet"), {{QStringLiteral("name"), QStringLiteral("Ada")}}));
    QVERIFY(run.call(QStringLiteral("test_error_handling")));
    QVERIFY(run.call(QStringLiteral("test_tool_with_progress")));
    QVERIFY(run.call(QStringLiteral("test_elicitation"), {{QStringLiteral("message"), QStringLiteral("Who are you?")}}));
    const Timeline timeline = run.timeline();

    for (const TraceExport::Grouping grouping : {TraceExport::Grouping::PerCall, TraceExport::Grouping::PerSession}) {
        TraceExport::Options options;
        options.grouping = grouping;
        options.serviceVersion = QStringLiteral("9.9");
        const auto file = Test::fileWith(TraceExport::otlpJsonLines(timeline, options));
        const Test::ProcessRun decoded = Test::runToEnd(
            QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node"),
            {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/timeline/decode_otlp.js"), QStringLiteral(MCPSCOPE_PEERS_DIR),
             file->fileName()},
            60000);
        QVERIFY2(decoded.exitCode == 0, decoded.err.constData());
        const QJsonObject back = decoded.json();
        const QJsonObject resourceSpans = back.value(QLatin1String("traces")).toObject()
                                              .value(QLatin1String("resourceSpans")).toArray().at(0).toObject();
        QCOMPARE(decodedAttributes(resourceSpans.value(QLatin1String("resource")).toObject()).value(QLatin1String("service.name")).toString(),
                 QStringLiteral("mcpscope"));
        const QJsonArray spans = resourceSpans.value(QLatin1String("scopeSpans")).toArray().at(0).toObject()
                                     .value(QLatin1String("spans")).toArray();
        const bool perSession = grouping == TraceExport::Grouping::PerSession;
        QCOMPARE(spans.size(), timeline.spans.size() + (perSession ? 1 : 0));

        QHash<QString, QJsonObject> byId;
        for (const QJsonValue &value : spans)
            byId.insert(value.toObject().value(QLatin1String("spanId")).toString(), value.toObject());
        QCOMPARE(byId.size(), spans.size()); // every span id unique
        QSet<QString> traces;
        for (const QJsonValue &value : spans) {
            const QJsonObject span = value.toObject();
            QCOMPARE(span.value(QLatin1String("traceId")).toString().size(), 32);
            QCOMPARE(span.value(QLatin1String("spanId")).toString().size(), 16);
            const QString parent = span.value(QLatin1String("parentSpanId")).toString();
            if (!parent.isEmpty()) { // a parent is in the same export and the same trace
                QVERIFY(byId.contains(parent));
                QCOMPARE(byId.value(parent).value(QLatin1String("traceId")), span.value(QLatin1String("traceId")));
            }
            traces.insert(span.value(QLatin1String("traceId")).toString());
            QVERIFY(span.value(QLatin1String("startTimeUnixNano")).toString().toLongLong()
                    <= span.value(QLatin1String("endTimeUnixNano")).toString().toLongLong());
        }
        // Per call: a trace for each top-level span; per session: one.
        qsizetype topLevel = 0;
        for (const Span &span : timeline.spans)
            topLevel += span.isTopLevel();
        QCOMPARE(traces.size(), perSession ? 1 : topLevel);

        // Field by field for the calls.
        const auto spanNamed = [&](const QString &name) {
            for (const QJsonValue &value : spans) {
                if (value.toObject().value(QLatin1String("name")).toString() == name)
                    return value.toObject();
            }
            return QJsonObject();
        };
        const Span &greet = timeline.spans.at(soleCall(timeline, QStringLiteral("greet")));
        const QJsonObject greetOut = spanNamed(QStringLiteral("tools/call greet"));
        QCOMPARE(greetOut.value(QLatin1String("kind")).toInt(), 3); // CLIENT
        QCOMPARE(greetOut.value(QLatin1String("startTimeUnixNano")).toString(), QString::number(timeline.epochNs(greet.startNs)));
        QCOMPARE(greetOut.value(QLatin1String("endTimeUnixNano")).toString(), QString::number(timeline.epochNs(greet.endNs)));
        QVERIFY(!greetOut.contains(QLatin1String("status")));
        const QJsonObject attributes = decodedAttributes(greetOut);
        QCOMPARE(attributes.value(QLatin1String("mcp.method.name")).toString(), QStringLiteral("tools/call"));
        QCOMPARE(attributes.value(QLatin1String("gen_ai.tool.name")).toString(), QStringLiteral("greet"));
        QCOMPARE(attributes.value(QLatin1String("jsonrpc.request.id")).toString(), QString::fromUtf8(greet.requestId));
        QCOMPARE(attributes.value(QLatin1String("mcp.protocol.version")).toString(), QStringLiteral("2025-11-25"));
        QCOMPARE(attributes.value(QLatin1String("network.transport")).toString(), QStringLiteral("pipe"));
        QCOMPARE(greetOut.value(QLatin1String("parentSpanId")).toString().isEmpty(), !perSession);

        const QJsonObject failed = spanNamed(QStringLiteral("tools/call test_error_handling"));
        QCOMPARE(failed.value(QLatin1String("status")).toObject().value(QLatin1String("code")).toInt(), 2); // ERROR
        QCOMPARE(decodedAttributes(failed).value(QLatin1String("error.type")).toString(), QStringLiteral("tool_error"));
        QCOMPARE(spanNamed(QStringLiteral("tools/call test_tool_with_progress")).value(QLatin1String("events")).toArray().size(), 3);
        const QJsonObject asked = spanNamed(QStringLiteral("elicitation/create"));
        QCOMPARE(asked.value(QLatin1String("kind")).toInt(), 2); // SERVER: we answered it
        QCOMPARE(asked.value(QLatin1String("parentSpanId")), spanNamed(QStringLiteral("tools/call test_elicitation")).value(QLatin1String("spanId")));

        // The metric: a histogram point per method, tool and outcome, counting the calls.
        const QJsonObject metric = back.value(QLatin1String("metrics")).toObject().value(QLatin1String("resourceMetrics")).toArray()
                                       .at(0).toObject().value(QLatin1String("scopeMetrics")).toArray().at(0).toObject()
                                       .value(QLatin1String("metrics")).toArray().at(0).toObject();
        QCOMPARE(metric.value(QLatin1String("name")).toString(), QStringLiteral("mcp.client.operation.duration"));
        QCOMPARE(metric.value(QLatin1String("unit")).toString(), QStringLiteral("s"));
        qint64 counted = 0;
        for (const QJsonValue &point : metric.value(QLatin1String("histogram")).toObject().value(QLatin1String("dataPoints")).toArray()) {
            const QJsonObject p = point.toObject();
            qint64 inBuckets = 0;
            for (const QJsonValue &n : p.value(QLatin1String("bucketCounts")).toArray())
                inBuckets += n.toString().toLongLong();
            QCOMPARE(inBuckets, p.value(QLatin1String("count")).toString().toLongLong());
            QVERIFY(p.value(QLatin1String("min")).toDouble() <= p.value(QLatin1String("max")).toDouble());
            counted += inBuckets;
        }
        qint64 finishedClientCalls = 0;
        for (const Span &span : timeline.spans)
            finishedClientCalls += span.isTopLevel() && span.endNs >= 0 && span.direction == SpanDirection::ClientToServer;
        QCOMPARE(counted, finishedClientCalls);
    }
}

void tst_Timeline::chromeTraceMatchesTheTraceEventSchema()
{
    Recorded run(new StdioTransport(demo(QStringLiteral("modern"))));
    QVERIFY(run.connect());
    QVERIFY(run.call(QStringLiteral("test_input_required_result_multi_round")));
    QVERIFY(run.call(QStringLiteral("test_tool_with_progress")));
    const Timeline timeline = run.timeline();
    const QByteArray trace = TraceExport::chromeTrace(timeline, {});
    const Test::Verdict verdict = Test::validateJson(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/timeline/trace-event.schema.json"), trace);
    QVERIFY2(verdict.exitCode == 0, qPrintable(verdict.said));

    // Every span is a begin and an end with the same id, the end no earlier; the process is named.
    const QJsonArray events = QJsonDocument::fromJson(trace).object().value(QLatin1String("traceEvents")).toArray();
    QHash<QString, int> open;
    int begins = 0;
    bool named = false;
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        const QString phase = event.value(QLatin1String("ph")).toString();
        if (phase == QLatin1String("M"))
            named = named || event.value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString() == QLatin1String("demo");
        const QString key = event.value(QLatin1String("id")).toString() + u'\n' + event.value(QLatin1String("name")).toString();
        if (phase == QLatin1String("b")) {
            ++begins;
            ++open[key];
        } else if (phase == QLatin1String("e")) {
            QVERIFY(open.value(key) > 0);
            --open[key];
        }
    }
    QVERIFY(named);
    QCOMPARE(begins, timeline.spans.size());
    for (int n : std::as_const(open))
        QCOMPARE(n, 0);
    // A bad document fails the schema: the check can fail.
    const Test::Verdict bad = Test::validateJson(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/timeline/trace-event.schema.json"),
                                                 R"({"traceEvents":[{"ph":"b","name":"x","pid":1,"tid":0}]})");
    QVERIFY(bad.exitCode != 0);
}

void tst_Timeline::traceContextReachesTheServer()
{
    // The test's own HTTP server plays an MCP server and records what arrives: each request's
    // _meta carries a traceparent, one trace per logical call, and the export keeps those very ids.
    TestHttpServer http;
    QList<QJsonObject> arrived;
    http.setHandler([&](QTcpSocket *socket, const TestHttpRequest &request) {
        arrived.append(request.json());
        const QString method = request.rpcMethod();
        if (request.rpcId().isUndefined())
            TestHttpServer::respond(socket, 202);
        else if (method == QLatin1String("initialize"))
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), QJsonObject{
                {QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")},
                {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject()}}},
                {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")}, {QStringLiteral("version"), QStringLiteral("1")}}}}),
                {{"Mcp-Session-Id", "session-7f3a"}});
        else
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), QJsonObject{{QStringLiteral("content"), QJsonArray()}}),
                                        {{"Mcp-Session-Id", "session-7f3a"}});
    });
    Recorded run(createHttpTransport(http.url(), HttpTransportKind::StreamableHttp, {}), true);
    run.client.setEraChoice({Modern::EraChoice::Mode::Legacy, {}});
    QVERIFY(run.connect());
    QVERIFY(run.call(QStringLiteral("a")));
    QVERIFY(run.call(QStringLiteral("b")));

    QHash<QString, QByteArray> spanIdOfCall; // tool -> the span id the server was told
    QSet<QByteArray> traceIds;
    for (const QJsonObject &request : std::as_const(arrived)) {
        if (!request.contains(QLatin1String("id")))
            continue;
        const QString traceparent = request.value(QLatin1String("params")).toObject().value(QLatin1String("_meta")).toObject()
                                        .value(QLatin1String("traceparent")).toString();
        QByteArray traceId, spanId;
        QVERIFY2(TraceContext::parseTraceparent(traceparent.toLatin1(), &traceId, &spanId), qPrintable(traceparent));
        traceIds.insert(traceId);
        const QString tool = request.value(QLatin1String("params")).toObject().value(QLatin1String("name")).toString();
        if (!tool.isEmpty())
            spanIdOfCall.insert(tool, spanId.toHex());
    }
    QCOMPARE(traceIds.size(), outgoingRequests(run.events)); // a trace per call (initialize, a, b)

    const Timeline timeline = run.timeline();
    TraceExport::Options options;
    options.grouping = TraceExport::Grouping::PerSession; // the wire's ids win over the session's trace
    const QJsonArray spans = QJsonDocument::fromJson(TraceExport::otlpTraces(timeline, options)).object()
                                 .value(QLatin1String("resourceSpans")).toArray().at(0).toObject()
                                 .value(QLatin1String("scopeSpans")).toArray().at(0).toObject()
                                 .value(QLatin1String("spans")).toArray();
    int matched = 0;
    for (const QJsonValue &value : spans) {
        const QJsonObject span = value.toObject();
        const QString name = span.value(QLatin1String("name")).toString();
        for (const QString &tool : {QStringLiteral("a"), QStringLiteral("b")}) {
            if (name == QLatin1String("tools/call ") + tool) {
                QCOMPARE(span.value(QLatin1String("spanId")).toString().toLatin1(), spanIdOfCall.value(tool));
                QVERIFY(!span.contains(QLatin1String("parentSpanId")));
                // The session the server gave, from the answers' Mcp-Session-Id header.
                QCOMPARE(decodedAttributes(span).value(QLatin1String("mcp.session.id")).toString(), QStringLiteral("session-7f3a"));
                ++matched;
            }
        }
    }
    QCOMPARE(matched, 2);
}

void tst_Timeline::cliWritesTracesAndFeedsACollector()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A collector on 127.0.0.1 that takes what OTLP/HTTP sends.
    TestHttpServer collector;
    QHash<QString, QByteArray> received;
    collector.setHandler([&](QTcpSocket *socket, const TestHttpRequest &request) {
        received.insert(QString::fromLatin1(request.path), request.body);
        QCOMPARE(request.header("content-type"), QByteArray("application/json"));
        TestHttpServer::respondJson(socket, QJsonObject());
    });
    const QString otlp = dir.filePath(QStringLiteral("run.jsonl"));
    const QString chrome = dir.filePath(QStringLiteral("run.trace"));
    for (const QString &file : {otlp, chrome}) {
        QProcess cli;
        cli.start(QStringLiteral(MCPSCOPE_CLI),
                  {QStringLiteral("--cli"), QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                   QStringLiteral("echo"), QStringLiteral("--tool-arg"), QStringLiteral("message=hi"), QStringLiteral("--trace"), file,
                   QStringLiteral("--trace-endpoint"), collector.url(QStringLiteral("/")).toString(), QStringLiteral("--trace-context"),
                   QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
        QVERIFY(QTest::qWaitFor([&cli] { return cli.state() == QProcess::NotRunning; }, 60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    }
    QCOMPARE(received.keys().size(), 2);
    QVERIFY(QJsonDocument::fromJson(received.value(QStringLiteral("/v1/traces"))).object().contains(QLatin1String("resourceSpans")));
    QVERIFY(QJsonDocument::fromJson(received.value(QStringLiteral("/v1/metrics"))).object().contains(QLatin1String("resourceMetrics")));

    QFile otlpFile(otlp);
    QVERIFY(otlpFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = otlpFile.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines.first().contains("\"tools/call echo\""));
    QFile chromeFile(chrome);
    QVERIFY(chromeFile.open(QIODevice::ReadOnly));
    const QJsonObject trace = QJsonDocument::fromJson(chromeFile.readAll()).object();
    QVERIFY(!trace.value(QLatin1String("traceEvents")).toArray().isEmpty());

    // A collector that is not there is a clear error, and the file is still written.
    QProcess cli;
    const QString kept = dir.filePath(QStringLiteral("kept.jsonl"));
    cli.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("--cli"), QStringLiteral("--trace"), kept, QStringLiteral("--trace-endpoint"),
                                             QStringLiteral("http://127.0.0.1:1/"), QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QVERIFY(QTest::qWaitFor([&cli] { return cli.state() == QProcess::NotRunning; }, 60000));
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY2(cli.readAllStandardError().contains("trace collector"), "the failure names the collector");
    QVERIFY(QFileInfo::exists(kept));
    // And a bad format is a usage error before anything runs.
    const Test::ProcessRun bad = Test::runToEnd(QStringLiteral(MCPSCOPE_CLI),
                                                {QStringLiteral("--cli"), QStringLiteral("--trace-format"), QStringLiteral("xml"),
                                                 QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)}, 30000);
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains("otlp or chrome"));
}

QTEST_GUILESS_MAIN(tst_Timeline)
#include "tst_timeline.moc"
