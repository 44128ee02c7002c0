// Mcp::Client against real child processes: a scripted python3 MCP server
// (peers/scripted_server.py) that answers, hangs, crashes, batches and asks on demand.

#include "session/client.h"
#include "session/session.h"
#include "transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

using namespace Mcp;

namespace {

constexpr int kWait = 10000;

QString peerScript()
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/session/peers/scripted_server.py");
}

StdioServerParameters peerParameters(const QStringList &extra = {})
{
    StdioServerParameters parameters;
    parameters.program = QStandardPaths::findExecutable(QStringLiteral("python3"));
    parameters.arguments = QStringList{QStringLiteral("-u"), peerScript()} + extra;
    parameters.closeStdinGraceMs = 1000;
    parameters.terminateGraceMs = 1000;
    return parameters;
}

// A transport that forwards to a real StdioTransport and lets a test play the parts only
// HTTP can play (sessionExpired, requestFailed), and records setProtocolVersion().
class ForwardingTransport : public Transport
{
    Q_OBJECT
public:
    explicit ForwardingTransport(const StdioServerParameters &parameters)
        : m_inner(new StdioTransport(parameters, this))
    {
        connect(m_inner, &Transport::opened, this, [this] {
            setState(State::Open);
            Q_EMIT opened();
        });
        connect(m_inner, &Transport::closed, this, [this](const QString &reason) {
            setState(State::Closed);
            Q_EMIT closed(reason);
        });
        connect(m_inner, &Transport::messageReceived, this, &Transport::messageReceived);
        connect(m_inner, &Transport::errorOccurred, this, &Transport::errorOccurred);
        connect(m_inner, &Transport::trafficEvent, this, &Transport::trafficEvent);
    }
    void open() override
    {
        setState(State::Opening);
        m_inner->open();
    }
    void send(const Message &message) override
    {
        sent.append(message);
        m_inner->send(message);
    }
    void close() override
    {
        setState(State::Closing);
        m_inner->close();
    }
    QString transportName() const override { return QStringLiteral("forwarding"); }
    QString endpointDescription() const override { return m_inner->endpointDescription(); }
    void setProtocolVersion(const QString &version) override { protocolVersions.append(version); }

    void expireSession() { Q_EMIT sessionExpired(); }
    void failRequest(const MessageId &id, const QString &message)
    {
        TransportError error;
        error.kind = TransportError::Kind::Http;
        error.httpStatus = 500;
        error.message = message;
        Q_EMIT requestFailed(id, error);
    }

    QStringList protocolVersions;
    QList<Message> sent;

private:
    StdioTransport *m_inner;
};

// What became of one request; captured in finished(), because the handle deletes itself.
struct Outcome
{
    bool finished = false;
    int finishedCount = 0;
    bool isError = false;
    QJsonValue result;
    RpcError error;
    MessageId id;
    QJsonValue progressToken;
    qint64 elapsedMs = 0;
    QList<double> progress;
    QList<double> totals;
    QStringList progressMessages;
};

std::shared_ptr<Outcome> watch(OutgoingRequest *handle)
{
    auto outcome = std::make_shared<Outcome>();
    outcome->id = handle->id();
    outcome->progressToken = handle->progressToken();
    QObject::connect(handle, &OutgoingRequest::finished, handle, [handle, outcome] {
        outcome->finished = true;
        ++outcome->finishedCount;
        outcome->isError = handle->isError();
        outcome->result = handle->result();
        outcome->error = handle->error();
        outcome->elapsedMs = handle->elapsedMs();
    });
    QObject::connect(handle, &OutgoingRequest::progress, handle,
                     [outcome](double progress, double total, const QString &message) {
                         outcome->progress.append(progress);
                         outcome->totals.append(total);
                         outcome->progressMessages.append(message);
                     });
    return outcome;
}

// Answers at once with a canned result, or keeps the request for the test to answer.
class TestHandler : public ServerRequestHandler
{
public:
    enum class Mode { Respond, Keep, Drop };
    explicit TestHandler(Mode mode, QJsonObject result = {}) : m_mode(mode), m_result(std::move(result)) {}
    void handleRequest(IncomingRequest *request) override
    {
        ++calls;
        lastParams = request->params();
        switch (m_mode) {
        case Mode::Respond:
            request->respond(m_result);
            break;
        case Mode::Keep:
            kept = request;
            break;
        case Mode::Drop:
            delete request;
            break;
        }
    }
    int calls = 0;
    QJsonObject lastParams;
    QPointer<IncomingRequest> kept;

private:
    Mode m_mode;
    QJsonObject m_result;
};

// handler answers what features advertise.
void answerWith(Client *client, ServerRequestHandler *handler, const ClientFeatures &features)
{
    ClientOptions options = client->options();
    options.features = features;
    client->setOptions(options);
    client->setServerRequestHandler(handler);
}

// The scripted peer sends the client a request of method with id, as a server does (how: the
// peer's instruction; instructions: more of it, as the request's params); the client's answer.
std::shared_ptr<Outcome> requestFromServer(Client *client, const QString &method, const QJsonValue &id,
                                           QJsonObject instructions = {},
                                           const QString &how = QStringLiteral("test/server-request"))
{
    instructions.insert(QStringLiteral("method"), method);
    instructions.insert(QStringLiteral("id"), id);
    return watch(client->sendRequest(how, instructions));
}

// requestFromServer, answered by handler where the client advertises only feature (&ClientFeatures::roots...).
std::shared_ptr<Outcome> requestFromServer(Client *client, ServerRequestHandler *handler, bool ClientFeatures::*feature,
                                           const QString &method, const QJsonValue &id, const QJsonObject &instructions = {},
                                           const QString &how = QStringLiteral("test/server-request"))
{
    ClientFeatures features;
    features.*feature = true;
    answerWith(client, handler, features);
    return requestFromServer(client, method, id, instructions, how);
}

QList<Message> outgoingMessages(const QList<TrafficEvent> &events)
{
    QList<Message> messages;
    for (const TrafficEvent &event : events)
        if (event.direction == TrafficEvent::Direction::Outgoing && event.kind == TrafficEvent::Kind::Message)
            messages += parseFrame(event.raw).messages;
    return messages;
}

QStringList notes(const QList<TrafficEvent> &events)
{
    QStringList result;
    for (const TrafficEvent &event : events)
        if (event.kind == TrafficEvent::Kind::Note)
            result.append(event.note);
    return result;
}

} // namespace

class tst_Client : public QObject
{
    Q_OBJECT

private:
    // A ready client on a fresh peer; the caller owns it.
    std::unique_ptr<Client> connected(const QStringList &peerArgs = {})
    {
        auto client = std::make_unique<Client>(new StdioTransport(peerParameters(peerArgs)));
        connect(client.get(), &Client::trafficEvent, this, [this](const TrafficEvent &event) { m_events.append(event); });
        client->connectToServer();
        [&] { QTRY_COMPARE_WITH_TIMEOUT(client->state(), Client::State::Ready, kWait); }();
        return client;
    }

    QList<TrafficEvent> m_events;

private Q_SLOTS:
    void init() { m_events.clear(); }

    void initialize_negotiatesVersion_data()
    {
        QTest::addColumn<QString>("answered");
        for (const QString &version : Client::supportedProtocolVersions())
            QTest::newRow(qPrintable(version)) << version;
    }

    void initialize_negotiatesVersion()
    {
        QFETCH(QString, answered);
        auto *transport = new ForwardingTransport(peerParameters({QStringLiteral("--version"), answered}));
        Client client(transport);
        client.setEraChoice({Modern::EraChoice::Mode::Legacy, {}}); // the legacy handshake on the wire, no probe
        TestHandler handler(TestHandler::Mode::Respond);
        ClientOptions options = client.options();
        options.clientInfo = {QStringLiteral("tst_client"), QStringLiteral("9.9"), QStringLiteral("Client test"), {}};
        options.features = ClientFeatures::all();
        client.setOptions(options);
        client.setServerRequestHandler(&handler);
        QSignalSpy readySpy(&client, &Client::ready);
        QSignalSpy stateSpy(&client, &Client::stateChanged);
        QCOMPARE(client.state(), Client::State::Disconnected);
        client.connectToServer();
        QCOMPARE(client.state(), Client::State::Connecting);
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Ready, kWait);
        QCOMPARE(readySpy.count(), 1);
        QCOMPARE(stateSpy.count(), 3);
        QCOMPARE(stateSpy.at(0).at(0).value<Client::State>(), Client::State::Connecting);
        QCOMPARE(stateSpy.at(1).at(0).value<Client::State>(), Client::State::Initializing);
        QCOMPARE(stateSpy.at(2).at(0).value<Client::State>(), Client::State::Ready);

        QCOMPARE(client.protocolVersion(), answered);
        QCOMPARE(transport->protocolVersions, QStringList{answered});
        QCOMPARE(client.serverInfo().name, QStringLiteral("scripted-server"));
        QCOMPARE(client.serverInfo().version, QStringLiteral("1.2.3"));
        QCOMPARE(client.serverInfo().title, QStringLiteral("Scripted"));
        QCOMPARE(client.instructions(), QStringLiteral("Use test/* methods."));
        QVERIFY(client.serverCapabilities().contains(QStringLiteral("tools")));

        // What went out: initialize offering the newest version, then notifications/initialized.
        QVERIFY(transport->sent.size() >= 2);
        const Message initialize = transport->sent.at(0);
        QCOMPARE(initialize.method(), QStringLiteral("initialize"));
        QVERIFY(initialize.id().isInteger());
        const QJsonObject params = initialize.paramsObject();
        QCOMPARE(params.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2025-11-25"));
        QCOMPARE(params.value(QStringLiteral("clientInfo")).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("tst_client"));
        QCOMPARE(params.value(QStringLiteral("clientInfo")).toObject().value(QStringLiteral("title")).toString(),
                 QStringLiteral("Client test"));
        const QJsonObject capabilities = params.value(QStringLiteral("capabilities")).toObject();
        QCOMPARE(capabilities.value(QStringLiteral("roots")).toObject().value(QStringLiteral("listChanged")).toBool(), true);
        QVERIFY(capabilities.value(QStringLiteral("sampling")).isObject());
        QVERIFY(capabilities.value(QStringLiteral("elicitation")).toObject().contains(QStringLiteral("form")));
        QVERIFY(capabilities.value(QStringLiteral("elicitation")).toObject().contains(QStringLiteral("url")));
        QVERIFY(!params.value(QStringLiteral("_meta")).toObject().contains(QStringLiteral("progressToken")));
        QCOMPARE(transport->sent.at(1).method(), QStringLiteral("notifications/initialized"));
        QVERIFY(transport->sent.at(1).isNotification());
        QCOMPARE(client.clientCapabilities(), capabilities);
    }

    void initialize_noHandlersAdvertisesNothing()
    {
        auto client = connected();
        QVERIFY(client->clientCapabilities().isEmpty());
        TestHandler elicitation(TestHandler::Mode::Respond);
        ClientFeatures formOnly;
        formOnly.elicitationForm = true;
        answerWith(client.get(), &elicitation, formOnly);
        const QJsonObject elicit = client->clientCapabilities().value(QStringLiteral("elicitation")).toObject();
        QVERIFY(elicit.contains(QStringLiteral("form")));
        QVERIFY(!elicit.contains(QStringLiteral("url")));
    }

    void initialize_refusesUnknownVersion()
    {
        Client client(new StdioTransport(peerParameters({QStringLiteral("--version"), QStringLiteral("1999-01-01")})));
        QSignalSpy errorSpy(&client, &Client::errorOccurred);
        QSignalSpy disconnectedSpy(&client, &Client::disconnected);
        QSignalSpy readySpy(&client, &Client::ready);
        client.connectToServer();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Failed, kWait);
        QVERIFY2(client.errorString().contains(QStringLiteral("1999-01-01")), qPrintable(client.errorString()));
        QVERIFY2(client.errorString().contains(QStringLiteral("does not support")), qPrintable(client.errorString()));
        QVERIFY(client.errorString().contains(QStringLiteral("2025-11-25")));
        QCOMPARE(errorSpy.count(), 1);
        QCOMPARE(readySpy.count(), 0);
        QVERIFY(client.protocolVersion().isEmpty());
        // ...and it disconnects.
        QTRY_COMPARE_WITH_TIMEOUT(disconnectedSpy.count(), 1, kWait);
        QCOMPARE(client.transport()->state(), Transport::State::Closed);
        QCOMPARE(client.state(), Client::State::Failed);
        // A request now fails at once with the reason.
        auto outcome = watch(client.ping());
        QVERIFY(!outcome->finished); // finished() comes later, so the caller can connect first
        QTRY_VERIFY(outcome->finished);
        QCOMPARE(outcome->error.code, int(SessionErrorCode::ConnectionClosed));
        QVERIFY(outcome->error.message.contains(QStringLiteral("1999-01-01")));
    }

    void initialize_failsToStart()
    {
        StdioServerParameters parameters;
        parameters.program = QStringLiteral("/nonexistent/mcp-server");
        Client client(new StdioTransport(parameters));
        QSignalSpy disconnectedSpy(&client, &Client::disconnected);
        auto queued = watch(client.sendRequest(QStringLiteral("tools/list")));
        client.connectToServer();
        auto queuedAfter = watch(client.sendRequest(QStringLiteral("tools/list")));
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Failed, kWait);
        QVERIFY2(client.errorString().contains(QStringLiteral("mcp-server")), qPrintable(client.errorString()));
        QTRY_VERIFY(queuedAfter->finished);
        QCOMPARE(queuedAfter->error.code, int(SessionErrorCode::ConnectionClosed));
        QVERIFY2(queuedAfter->error.message.contains(QStringLiteral("tools/list")), qPrintable(queuedAfter->error.message));
        QVERIFY(queued->finished && queued->isError); // sent while disconnected: failed at once
        QCOMPARE(disconnectedSpy.count(), 1);
    }

    void onlyPingBeforeInitializeResult()
    {
        auto *transport = new ForwardingTransport(peerParameters({QStringLiteral("--init-delay"), QStringLiteral("400")}));
        Client client(transport);
        client.setEraChoice({Modern::EraChoice::Mode::Legacy, {}}); // the legacy handshake on the wire, no probe
        client.connectToServer();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Initializing, kWait);
        auto echo = watch(client.sendRequest(QStringLiteral("test/echo"), {{QStringLiteral("n"), 1}}));
        auto ping = watch(client.ping());
        // Only initialize and ping are on the wire until the initialize result.
        QCOMPARE(transport->sent.size(), 2);
        QCOMPARE(transport->sent.at(1).method(), QStringLiteral("ping"));
        QCOMPARE(client.pendingRequestCount(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(ping->finished, kWait);
        QVERIFY(!ping->isError);
        QCOMPARE(client.state(), Client::State::Initializing); // answered before the initialize result
        QVERIFY(!echo->finished);
        QTRY_VERIFY_WITH_TIMEOUT(echo->finished, kWait);
        QVERIFY2(!echo->isError, qPrintable(echo->error.message));
        const QJsonObject result = echo->result.toObject();
        QCOMPARE(result.value(QStringLiteral("sawInitialized")).toBool(), true);
        const QJsonArray methods = result.value(QStringLiteral("methodsSoFar")).toArray();
        QCOMPARE(methods.at(0).toString(), QStringLiteral("initialize"));
        QCOMPARE(methods.at(1).toString(), QStringLiteral("ping"));
        QCOMPARE(methods.at(2).toString(), QStringLiteral("notifications/initialized"));
        QCOMPARE(methods.at(3).toString(), QStringLiteral("test/echo"));
    }

    void idsFromCounterNeverReused()
    {
        auto client = connected();
        QList<std::shared_ptr<Outcome>> outcomes;
        for (int i = 0; i < 5; ++i)
            outcomes.append(watch(client->sendRequest(QStringLiteral("test/echo"))));
        for (int i = 0; i < outcomes.size(); ++i) {
            QVERIFY(outcomes.at(i)->id.isInteger());
            if (i > 0)
                QCOMPARE(outcomes.at(i)->id.toInteger(), outcomes.at(i - 1)->id.toInteger() + 1);
        }
        for (const auto &outcome : outcomes)
            QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        const qint64 lastId = outcomes.last()->id.toInteger();

        // After a reconnect the counter goes on: ids are never reused by this session object.
        client->disconnectFromServer();
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), Client::State::Disconnected, kWait);
        client->connectToServer();
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), Client::State::Ready, kWait);
        auto next = watch(client->ping());
        QVERIFY(next->id.toInteger() > lastId + 1); // initialize took one in between
        QTRY_VERIFY_WITH_TIMEOUT(next->finished, kWait);
        QVERIFY(!next->isError);
    }

    void resultAndErrorResponses()
    {
        auto client = connected();
        auto echo = watch(client->sendRequest(QStringLiteral("test/echo"), {{QStringLiteral("x"), 42}}));
        auto error = watch(client->sendRequest(QStringLiteral("test/error")));
        auto unknown = watch(client->sendRequest(QStringLiteral("no/such/method")));
        QTRY_VERIFY_WITH_TIMEOUT(echo->finished && error->finished && unknown->finished, kWait);
        QCOMPARE(echo->finishedCount, 1);
        QVERIFY(!echo->isError);
        const QJsonObject params = echo->result.toObject().value(QStringLiteral("params")).toObject();
        QCOMPARE(params.value(QStringLiteral("x")).toInt(), 42);
        // The progress token rides in _meta, and it is the handle's.
        QCOMPARE(params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken")),
                 echo->progressToken);
        QVERIFY(error->isError);
        QCOMPARE(error->error.code, -32602);
        QCOMPARE(error->error.message, QStringLiteral("bad arguments"));
        QCOMPARE(error->error.data.toObject().value(QStringLiteral("field")).toString(), QStringLiteral("x"));
        QCOMPARE(unknown->error.code, -32601);
    }

    void metaAndProgressTokenOptions()
    {
        auto client = connected();
        RequestOptions options;
        options.attachProgressToken = false;
        options.meta = {{QStringLiteral("com.example/trace"), QStringLiteral("t-1")}};
        auto plain = watch(client->sendRequest(QStringLiteral("test/echo"), {}, options));
        QVERIFY(plain->progressToken.isUndefined());
        QTRY_VERIFY_WITH_TIMEOUT(plain->finished, kWait);
        const QJsonObject meta = plain->result.toObject()
                                     .value(QStringLiteral("params")).toObject()
                                     .value(QStringLiteral("_meta")).toObject();
        QCOMPARE(meta.value(QStringLiteral("com.example/trace")).toString(), QStringLiteral("t-1"));
        QVERIFY(!meta.contains(QStringLiteral("progressToken")));
    }

    void timeoutSendsCancelled()
    {
        auto client = connected();
        QSignalSpy logSpy(client.get(), &Client::logMessage);
        RequestOptions options;
        options.timeoutMs = 300;
        auto hang = watch(client->sendRequest(QStringLiteral("test/hang"), {}, options));
        QTRY_VERIFY_WITH_TIMEOUT(hang->finished, kWait);
        QCOMPARE(hang->error.code, int(SessionErrorCode::Timeout));
        QVERIFY2(hang->error.message.contains(QStringLiteral("test/hang")), qPrintable(hang->error.message));
        QVERIFY(hang->error.message.contains(QStringLiteral("300 ms")));
        QVERIFY(hang->elapsedMs >= 290);
        QVERIFY2(hang->elapsedMs < 3000, QByteArray::number(hang->elapsedMs).constData());
        // The server got notifications/cancelled {requestId, reason} for exactly that request.
        QTRY_COMPARE_WITH_TIMEOUT(logSpy.count(), 1, kWait);
        const QJsonObject data = logSpy.at(0).at(2).toJsonValue().toObject();
        QCOMPARE(data.value(QStringLiteral("event")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(data.value(QStringLiteral("requestId")), hang->id.toJson());
        QCOMPARE(data.value(QStringLiteral("wasHanging")).toBool(), true);
        QVERIFY(!data.value(QStringLiteral("reason")).toString().isEmpty());
        QCOMPARE(client->pendingRequestCount(), 0);
    }

    void userCancelSendsCancelled()
    {
        auto client = connected();
        QSignalSpy logSpy(client.get(), &Client::logMessage);
        OutgoingRequest *handle = client->sendRequest(QStringLiteral("test/hang"));
        auto hang = watch(handle);
        QTest::qWait(50);
        handle->cancel(QStringLiteral("stop it"));
        QVERIFY(hang->finished); // at once
        QCOMPARE(hang->error.code, int(SessionErrorCode::Cancelled));
        QVERIFY(hang->error.message.contains(QStringLiteral("stop it")));
        QTRY_COMPARE_WITH_TIMEOUT(logSpy.count(), 1, kWait);
        const QJsonObject data = logSpy.at(0).at(2).toJsonValue().toObject();
        QCOMPARE(data.value(QStringLiteral("requestId")), hang->id.toJson());
        QCOMPARE(data.value(QStringLiteral("reason")).toString(), QStringLiteral("stop it"));
        QCOMPARE(hang->finishedCount, 1);
    }

    void lateResponseIgnoredWithNote()
    {
        auto client = connected();
        RequestOptions options;
        options.timeoutMs = 150;
        auto late = watch(client->sendRequest(QStringLiteral("test/late"), {{QStringLiteral("delayMs"), 600}}, options));
        QTRY_VERIFY_WITH_TIMEOUT(late->finished, kWait);
        QCOMPARE(late->error.code, int(SessionErrorCode::Timeout));
        QTRY_VERIFY_WITH_TIMEOUT(notes(m_events).join(u'\n').contains(QStringLiteral("Late response")), kWait);
        const QString note = notes(m_events).filter(QStringLiteral("Late response")).constFirst();
        QVERIFY2(note.contains(QStringLiteral("test/late")), qPrintable(note));
        QCOMPARE(late->finishedCount, 1);
        // The session goes on.
        auto ping = watch(client->ping());
        QTRY_VERIFY_WITH_TIMEOUT(ping->finished, kWait);
        QVERIFY(!ping->isError);
    }

    void unknownResponseIdsAreNotes()
    {
        auto client = connected();
        auto outcome = watch(client->sendRequest(QStringLiteral("test/unknown-id")));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QVERIFY(!outcome->isError);
        QCOMPARE(outcome->result.toObject().value(QStringLiteral("ok")).toBool(), true);
        const QStringList unknown = notes(m_events).filter(QStringLiteral("unknown id"));
        QCOMPARE(unknown.size(), 2);
        QVERIFY(unknown.at(0).contains(QStringLiteral("987654")));
        QVERIFY(unknown.at(1).contains(QStringLiteral("\"no-such-id\"")));
        QCOMPARE(client->state(), Client::State::Ready);
    }

    void progressKeepsRequestAlive_data()
    {
        QTest::addColumn<bool>("reset");
        QTest::newRow("reset on progress") << true;
        QTest::newRow("no reset") << false;
    }

    void progressKeepsRequestAlive()
    {
        QFETCH(bool, reset);
        auto client = connected();
        RequestOptions options;
        options.timeoutMs = 400;
        options.resetTimeoutOnProgress = reset;
        // 8 steps 150 ms apart: 1.2 s in all, three times the timeout.
        auto outcome = watch(client->sendRequest(QStringLiteral("test/progress"),
                                                 {{QStringLiteral("steps"), 8}, {QStringLiteral("intervalMs"), 150}},
                                                 options));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        if (!reset) {
            QCOMPARE(outcome->error.code, int(SessionErrorCode::Timeout));
            QVERIFY(outcome->progress.size() < 8);
            return;
        }
        QVERIFY2(!outcome->isError, qPrintable(outcome->error.message));
        QVERIFY(outcome->elapsedMs > 400);
        QCOMPARE(outcome->progress.size(), 8);
        QCOMPARE(outcome->progress.last(), 8.0);
        QCOMPARE(outcome->totals.last(), 8.0);
        QCOMPARE(outcome->progressMessages.last(), QStringLiteral("step 8"));
    }

    void maxTotalTimeoutCapsProgress_data()
    {
        QTest::addColumn<int>("timeoutMs");
        QTest::addColumn<int>("maxTotalMs");
        QTest::newRow("reset timeout under a cap") << 300 << 900;
        QTest::newRow("cap only") << 0 << 900;
        QTest::newRow("cap shorter than the timeout") << 5000 << 900;
    }

    void maxTotalTimeoutCapsProgress()
    {
        QFETCH(int, timeoutMs);
        QFETCH(int, maxTotalMs);
        auto client = connected();
        QSignalSpy logSpy(client.get(), &Client::logMessage);
        RequestOptions options;
        options.timeoutMs = timeoutMs;
        options.maxTotalTimeoutMs = maxTotalMs;
        auto outcome = watch(client->sendRequest(QStringLiteral("test/progress-forever"),
                                                 {{QStringLiteral("intervalMs"), 60}}, options));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QCOMPARE(outcome->error.code, int(SessionErrorCode::Timeout));
        QVERIFY2(outcome->elapsedMs >= 880 && outcome->elapsedMs < 3000, QByteArray::number(outcome->elapsedMs).constData());
        QVERIFY2(outcome->error.message.contains(QStringLiteral("maximum total")), qPrintable(outcome->error.message));
        QVERIFY2(outcome->error.message.contains(QStringLiteral("900 ms")), qPrintable(outcome->error.message));
        QVERIFY(outcome->progress.size() >= 5); // progress did arrive; the cap ended it anyway
        QVERIFY(outcome->totals.contains(-1.0)); // no total given
        QTRY_COMPARE_WITH_TIMEOUT(logSpy.count(), 1, kWait);
        QCOMPARE(logSpy.at(0).at(2).toJsonValue().toObject().value(QStringLiteral("requestId")), outcome->id.toJson());
    }

    void progressRoutedToItsOwnHandle()
    {
        auto client = connected();
        auto a = watch(client->sendRequest(QStringLiteral("test/progress"),
                                           {{QStringLiteral("steps"), 3}, {QStringLiteral("intervalMs"), 40}}));
        auto b = watch(client->sendRequest(QStringLiteral("test/progress"),
                                           {{QStringLiteral("steps"), 5}, {QStringLiteral("intervalMs"), 30},
                                            {QStringLiteral("withTotal"), false}}));
        QVERIFY(a->progressToken != b->progressToken);
        QTRY_VERIFY_WITH_TIMEOUT(a->finished && b->finished, kWait);
        QCOMPARE(a->progress, (QList<double>{1, 2, 3}));
        QCOMPARE(b->progress, (QList<double>{1, 2, 3, 4, 5}));
        QCOMPARE(b->totals, (QList<double>{-1, -1, -1, -1, -1}));
    }

    void crashFailsPendingRequests()
    {
        auto client = connected();
        QSignalSpy disconnectedSpy(client.get(), &Client::disconnected);
        auto hang = watch(client->sendRequest(QStringLiteral("test/hang")));
        auto crash = watch(client->sendRequest(QStringLiteral("test/crash"), {{QStringLiteral("code"), 3}}));
        QTRY_VERIFY_WITH_TIMEOUT(hang->finished && crash->finished, kWait);
        QCOMPARE(hang->error.code, int(SessionErrorCode::ConnectionClosed));
        QVERIFY2(hang->error.message.contains(QStringLiteral("code 3")), qPrintable(hang->error.message));
        QVERIFY2(hang->error.message.contains(QStringLiteral("while test/hang was pending")),
                 qPrintable(hang->error.message));
        QVERIFY(crash->error.message.contains(QStringLiteral("while test/crash was pending")));
        QVERIFY(hang->elapsedMs < 3000);
        QCOMPARE(client->state(), Client::State::Failed);
        QVERIFY(client->errorString().contains(QStringLiteral("code 3")));
        QCOMPARE(disconnectedSpy.count(), 1);
        QCOMPARE(client->pendingRequestCount(), 0);
    }

    void serverRequests_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QJsonValue>("serverId");
        QTest::addColumn<bool>("withHandler");
        QTest::addColumn<int>("expectedError"); // 0: a result
        QTest::addColumn<QJsonObject>("expectedResult");

        const QJsonObject roots{{QStringLiteral("roots"),
                                 QJsonArray{QJsonObject{{QStringLiteral("uri"), QStringLiteral("file:///tmp")},
                                                        {QStringLiteral("name"), QStringLiteral("tmp")}}}}};
        const QJsonObject sampled{{QStringLiteral("role"), QStringLiteral("assistant")},
                                  {QStringLiteral("model"), QStringLiteral("test-model")},
                                  {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                          {QStringLiteral("text"), QStringLiteral("hi")}}}};
        const QJsonObject elicited{{QStringLiteral("action"), QStringLiteral("accept")},
                                   {QStringLiteral("content"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}};
        QTest::newRow("ping, integer id") << QStringLiteral("ping") << QJsonValue(7) << false << 0 << QJsonObject();
        QTest::newRow("ping, string id") << QStringLiteral("ping") << QJsonValue(QStringLiteral("p-1")) << false << 0
                                         << QJsonObject();
        QTest::newRow("roots/list") << QStringLiteral("roots/list") << QJsonValue(QStringLiteral("007")) << true << 0
                                    << roots;
        QTest::newRow("roots/list without handler")
            << QStringLiteral("roots/list") << QJsonValue(8) << false << -32601 << QJsonObject();
        QTest::newRow("sampling/createMessage") << QStringLiteral("sampling/createMessage") << QJsonValue(0) << true
                                                << 0 << sampled;
        QTest::newRow("sampling without handler") << QStringLiteral("sampling/createMessage")
                                                  << QJsonValue(QStringLiteral("s")) << false << -32601 << QJsonObject();
        QTest::newRow("elicitation/create") << QStringLiteral("elicitation/create")
                                            << QJsonValue(QStringLiteral("e 1 é")) << true << 0 << elicited;
        QTest::newRow("unknown method") << QStringLiteral("foo/bar") << QJsonValue(-5) << true << -32601 << QJsonObject();
    }

    void serverRequests()
    {
        QFETCH(QString, method);
        QFETCH(QJsonValue, serverId);
        QFETCH(bool, withHandler);
        QFETCH(int, expectedError);
        QFETCH(QJsonObject, expectedResult);

        auto client = connected();
        TestHandler handler(TestHandler::Mode::Respond, expectedResult);
        if (withHandler) {
            answerWith(client.get(), &handler, ClientFeatures::all());
        }
        const QJsonObject requestParams{{QStringLiteral("hello"), QStringLiteral("world")}};
        auto outcome = requestFromServer(client.get(), method, serverId, {{QStringLiteral("params"), requestParams}});
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QVERIFY2(!outcome->isError, qPrintable(outcome->error.message));
        const QJsonObject reply = outcome->result.toObject().value(QStringLiteral("reply")).toObject();
        // The id comes back exactly: same type, same value.
        QCOMPARE(reply.value(QStringLiteral("id")), serverId);
        QCOMPARE(reply.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
        if (expectedError) {
            QVERIFY(!reply.contains(QStringLiteral("result")));
            QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), expectedError);
            QVERIFY(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString().contains(method));
        } else {
            QVERIFY(!reply.contains(QStringLiteral("error")));
            QCOMPARE(reply.value(QStringLiteral("result")).toObject(), expectedResult);
        }
        if (withHandler && !expectedError && method != QLatin1String("ping")) {
            QCOMPARE(handler.calls, 1);
            QCOMPARE(handler.lastParams.value(QStringLiteral("hello")).toString(), QStringLiteral("world"));
        }
        // Exactly one reply went out for that id.
        const QList<Message> replies = [&] {
            QList<Message> found;
            for (const Message &message : outgoingMessages(m_events))
                if (message.isReply() && message.id().toJson() == serverId)
                    found.append(message);
            return found;
        }();
        QCOMPARE(replies.size(), 1);
    }

    void incomingRequestAnsweredLaterAndOnlyOnce()
    {
        auto client = connected();
        TestHandler handler(TestHandler::Mode::Keep);
        auto outcome = requestFromServer(client.get(), &handler, &ClientFeatures::sampling,
                                         QStringLiteral("sampling/createMessage"), QStringLiteral("later"));
        QTRY_VERIFY_WITH_TIMEOUT(handler.kept, kWait);
        QVERIFY(!handler.kept->isAnswered());
        QCOMPARE(handler.kept->method(), QStringLiteral("sampling/createMessage"));
        QCOMPARE(handler.kept->id(), MessageId(QStringLiteral("later")));
        QTest::qWait(50);
        QVERIFY(!outcome->finished);
        IncomingRequest *request = handler.kept;
        request->reject(RpcError{ErrorCode::UserRejected, QStringLiteral("User rejected sampling")});
        QVERIFY(request->isAnswered());
        request->respond(QJsonObject{{QStringLiteral("second"), true}}); // ignored
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        const QJsonObject reply = outcome->result.toObject().value(QStringLiteral("reply")).toObject();
        QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), -1);
        QTRY_VERIFY(!handler.kept); // deleted itself once answered
        QTest::qWait(100);
        int repliesForId = 0;
        for (const Message &message : outgoingMessages(m_events))
            repliesForId += message.isReply() && message.id() == MessageId(QStringLiteral("later"));
        QCOMPARE(repliesForId, 1);
    }

    void droppedIncomingRequestGetsInternalError()
    {
        auto client = connected();
        TestHandler handler(TestHandler::Mode::Drop);
        auto outcome = requestFromServer(client.get(), &handler, &ClientFeatures::roots, QStringLiteral("roots/list"), 99);
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        const QJsonObject error = outcome->result.toObject().value(QStringLiteral("reply")).toObject()
                                      .value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toInt(), -32603);
        QCOMPARE(error.value(QStringLiteral("message")).toString(), QStringLiteral("request dropped"));
    }

    void serverCancelsIncomingRequest()
    {
        auto client = connected();
        TestHandler handler(TestHandler::Mode::Keep);
        auto outcome = requestFromServer(client.get(), &handler, &ClientFeatures::elicitationForm,
                                         QStringLiteral("elicitation/create"), QStringLiteral("el-1"),
                                         {{QStringLiteral("delayMs"), 100}},
                                         QStringLiteral("test/server-request-then-cancel"));
        QTRY_VERIFY_WITH_TIMEOUT(handler.kept, kWait);
        QStringList reasons;
        bool answeredWhenCancelled = false;
        IncomingRequest *request = handler.kept;
        connect(request, &IncomingRequest::cancelled, this, [&, request](const QString &reason) {
            reasons.append(reason);
            answeredWhenCancelled = request->isAnswered();
            request->respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}}); // not sent
        });
        QTRY_COMPARE_WITH_TIMEOUT(reasons.size(), 1, kWait);
        QCOMPARE(reasons.at(0), QStringLiteral("changed my mind"));
        QVERIFY(answeredWhenCancelled);
        QTRY_VERIFY(!handler.kept); // deletes itself after the cancellation
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        auto replies = watch(client->sendRequest(QStringLiteral("test/replies")));
        QTRY_VERIFY_WITH_TIMEOUT(replies->finished, kWait);
        QVERIFY(replies->result.toObject().value(QStringLiteral("replies")).toArray().isEmpty());
    }

    void batchesHandledMessageByMessage()
    {
        auto client = connected();
        QSignalSpy logSpy(client.get(), &Client::logMessage);
        QSignalSpy toolsSpy(client.get(), &Client::toolsListChanged);
        auto outcome = watch(client->sendRequest(QStringLiteral("test/batch")));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QCOMPARE(outcome->result.toObject().value(QStringLiteral("batched")).toBool(), true);
        QCOMPARE(logSpy.count(), 1);
        QCOMPARE(logSpy.at(0).at(2).toJsonValue().toString(), QStringLiteral("batch-1"));
        QCOMPARE(toolsSpy.count(), 1);
        // The ping inside the batch was answered.
        auto replies = watch(client->sendRequest(QStringLiteral("test/replies")));
        QTRY_VERIFY_WITH_TIMEOUT(replies->finished, kWait);
        const QJsonArray list = replies->result.toObject().value(QStringLiteral("replies")).toArray();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("batch-ping"));
        QCOMPARE(list.at(0).toObject().value(QStringLiteral("result")).toObject(), QJsonObject());
    }

    void notificationsBecomeSignals()
    {
        auto client = connected();
        QSignalSpy tools(client.get(), &Client::toolsListChanged);
        QSignalSpy resources(client.get(), &Client::resourcesListChanged);
        QSignalSpy prompts(client.get(), &Client::promptsListChanged);
        QSignalSpy updated(client.get(), &Client::resourceUpdated);
        QSignalSpy tasks(client.get(), &Client::taskStatus);
        QSignalSpy logs(client.get(), &Client::logMessage);
        QSignalSpy all(client.get(), &Client::notificationReceived);
        auto outcome = watch(client->sendRequest(QStringLiteral("test/notify")));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QCOMPARE(tools.count(), 1);
        QCOMPARE(resources.count(), 1);
        QCOMPARE(prompts.count(), 1);
        QCOMPARE(updated.count(), 1);
        QCOMPARE(updated.at(0).at(0).toString(), QStringLiteral("test://r/1"));
        QCOMPARE(tasks.count(), 1);
        QCOMPARE(tasks.at(0).at(0).toJsonObject().value(QStringLiteral("taskId")).toString(), QStringLiteral("t-1"));
        QCOMPARE(logs.count(), 1);
        QCOMPARE(logs.at(0).at(0).toString(), QStringLiteral("warning"));
        QCOMPARE(logs.at(0).at(1).toString(), QStringLiteral("notify"));
        QCOMPARE(logs.at(0).at(2).toJsonValue().toObject().value(QStringLiteral("n")).toInt(), 1);
        QCOMPARE(all.count(), 7);
        QCOMPARE(all.at(6).at(0).value<Message>().method(), QStringLiteral("notifications/custom/thing"));
    }

    void listAllFollowsCursors_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("maxPages");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("errorContains"); // empty: no error
        QTest::newRow("three pages") << QStringLiteral("test/pages") << 1000
                                     << QStringList{"a", "b", "c", "d", "e"} << QString();
        QTest::newRow("page cap") << QStringLiteral("test/pages") << 2 << QStringList{"a", "b", "c", "d"}
                                  << QStringLiteral("after 2 page");
        QTest::newRow("same cursor twice") << QStringLiteral("test/pages-loop") << 1000 << QStringList{"x", "x"}
                                           << QStringLiteral("twice");
        QTest::newRow("error on page two") << QStringLiteral("test/pages-error") << 1000 << QStringList{"first"}
                                           << QStringLiteral("page two broke");
    }

    void listAllFollowsCursors()
    {
        QFETCH(QString, method);
        QFETCH(int, maxPages);
        QFETCH(QStringList, names);
        QFETCH(QString, errorContains);
        auto client = connected();
        bool done = false;
        QJsonArray items;
        std::optional<RpcError> error;
        QObject context;
        Client::ListOptions options;
        options.maxPages = maxPages;
        client->listAll({method, QStringLiteral("things")}, &context, options,
                        [&](const QJsonArray &all, const std::optional<RpcError> &e, const CacheStatus &) {
                            QVERIFY(!done);
                            done = true;
                            items = all;
                            error = e;
                        });
        QTRY_VERIFY_WITH_TIMEOUT(done, kWait);
        QStringList got;
        for (const QJsonValue &item : std::as_const(items))
            got.append(item.toObject().value(QStringLiteral("name")).toString());
        QCOMPARE(got, names);
        QCOMPARE(error.has_value(), !errorContains.isEmpty());
        if (error)
            QVERIFY2(error->message.contains(errorContains), qPrintable(error->message));
    }

    // Session: the same requests from a thread other than the Client's.
    std::unique_ptr<Session> connectedSession(std::atomic<QThread *> *transportThread = nullptr)
    {
        auto session = std::make_unique<Session>(1, QStringLiteral("peer"), [this, transportThread]() -> Transport * {
            if (transportThread)
                *transportThread = QThread::currentThread();
            return new StdioTransport(peerParameters({}));
        }, Session::Options{});
        session->connectToServer();
        [&] { QTRY_COMPARE_WITH_TIMEOUT(session->state(), Session::State::Connected, kWait); }();
        return session;
    }

    void sessionCallRespectsContext()
    {
        auto session = connectedSession();
        int calls = 0;
        QJsonValue result;
        QObject context;
        OutgoingRequest *echo = session->sendRequest(QStringLiteral("test/echo"), {{QStringLiteral("v"), 1}});
        connect(echo, &OutgoingRequest::finished, &context, [&, echo] {
            ++calls;
            result = echo->result();
        });
        QTRY_COMPARE_WITH_TIMEOUT(calls, 1, kWait);
        QCOMPARE(result.toObject().value(QStringLiteral("params")).toObject().value(QStringLiteral("v")).toInt(), 1);

        // A context destroyed before the answer: the callback never runs.
        bool ranAfterDestruction = false;
        auto shortLived = std::make_unique<QObject>();
        session->listAll({QStringLiteral("test/late"), QStringLiteral("things")}, shortLived.get(),
                         [&](const QJsonArray &, const std::optional<RpcError> &) { ranAfterDestruction = true; });
        shortLived.reset();
        bool markerFinished = false;
        // after the listing's answer (test/late answers in 500 ms by default)
        OutgoingRequest *marker = session->sendRequest(QStringLiteral("test/late"), {{QStringLiteral("delayMs"), 700}});
        connect(marker, &OutgoingRequest::finished, this, [&] { markerFinished = true; });
        QTRY_VERIFY_WITH_TIMEOUT(markerFinished, kWait);
        QVERIFY(!ranAfterDestruction);
    }

    void sessionCallOnAnotherThread()
    {
        std::atomic<QThread *> clientThread{nullptr};
        auto session = connectedSession(&clientThread);
        QVERIFY(clientThread.load() != nullptr);
        QVERIFY(clientThread.load() != QThread::currentThread());
        QThread *ranOn = nullptr;
        bool ok = false;
        OutgoingRequest *request = session->sendRequest(QStringLiteral("test/echo"), {{QStringLiteral("w"), 2}});
        connect(request, &OutgoingRequest::finished, this, [&, request] {
            ok = !request->isError() && request->isFinished()
                && request->result().toObject().value(QStringLiteral("params")).toObject().value(QStringLiteral("w")).toInt() == 2
                && !request->response().error;
            ranOn = QThread::currentThread();
        });
        QTRY_VERIFY_WITH_TIMEOUT(ranOn != nullptr, kWait);
        QCOMPARE(ranOn, QThread::currentThread());
        QVERIFY(ok);
    }

    void gracefulDisconnectFailsPending()
    {
        auto client = connected();
        QSignalSpy disconnectedSpy(client.get(), &Client::disconnected);
        QSignalSpy errorSpy(client.get(), &Client::errorOccurred);
        auto hang = watch(client->sendRequest(QStringLiteral("test/hang")));
        QTest::qWait(50);
        client->disconnectFromServer();
        QCOMPARE(client->state(), Client::State::Closing);
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), Client::State::Disconnected, kWait);
        QVERIFY(hang->finished);
        QCOMPARE(hang->error.code, int(SessionErrorCode::ConnectionClosed));
        QVERIFY2(hang->error.message.contains(QStringLiteral("test/hang")), qPrintable(hang->error.message));
        QCOMPARE(disconnectedSpy.count(), 1);
        QCOMPARE(errorSpy.count(), 0);
        QVERIFY(client->errorString().isEmpty());
    }

    void requestFailedFailsOnlyThatRequest()
    {
        auto *transport = new ForwardingTransport(peerParameters());
        Client client(transport);
        client.connectToServer();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Ready, kWait);
        auto hang = watch(client.sendRequest(QStringLiteral("test/hang")));
        auto other = watch(client.sendRequest(QStringLiteral("test/late"), {{QStringLiteral("delayMs"), 200}}));
        transport->failRequest(hang->id, QStringLiteral("The server answered HTTP 500 to the POST of test/hang."));
        QVERIFY(hang->finished);
        QCOMPARE(hang->error.code, int(SessionErrorCode::TransportFailure));
        QVERIFY(hang->error.message.contains(QStringLiteral("HTTP 500")));
        QTRY_VERIFY_WITH_TIMEOUT(other->finished, kWait);
        QVERIFY(!other->isError);
        QCOMPARE(client.state(), Client::State::Ready);
    }

    void sessionExpiredReinitializes()
    {
        auto *transport = new ForwardingTransport(peerParameters());
        Client client(transport);
        connect(&client, &Client::trafficEvent, this, [this](const TrafficEvent &event) { m_events.append(event); });
        QSignalSpy reinitSpy(&client, &Client::sessionReinitialized);
        QSignalSpy readySpy(&client, &Client::ready);
        client.connectToServer();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Ready, kWait);
        auto hang = watch(client.sendRequest(QStringLiteral("test/hang")));
        transport->expireSession();
        // Still pending: an answer on its way (an event stream of the old session) may still come;
        // had the server refused it with 404, the transport would hand it back to be sent again.
        QVERIFY(!hang->finished);
        QCOMPARE(client.state(), Client::State::Initializing);
        auto queued = watch(client.sendRequest(QStringLiteral("test/echo")));
        QTRY_COMPARE_WITH_TIMEOUT(reinitSpy.count(), 1, kWait);
        QCOMPARE(readySpy.count(), 2);
        QCOMPARE(client.state(), Client::State::Ready);
        QTRY_VERIFY_WITH_TIMEOUT(queued->finished, kWait);
        QVERIFY(!queued->isError);
        int initializes = 0;
        for (const Message &message : std::as_const(transport->sent))
            initializes += message.method() == QLatin1String("initialize");
        QCOMPARE(initializes, 2);
        QCOMPARE(transport->protocolVersions.size(), 2);
        QVERIFY(!notes(m_events).filter(QStringLiteral("session")).isEmpty());
    }

    void destroyingClientFinishesPending()
    {
        auto client = connected();
        auto hang = watch(client->sendRequest(QStringLiteral("test/hang")));
        client.reset();
        QVERIFY(hang->finished);
        QCOMPARE(hang->finishedCount, 1);
        QCOMPARE(hang->error.code, int(SessionErrorCode::ConnectionClosed));
    }
};

QTEST_GUILESS_MAIN(tst_Client)
#include "tst_client.moc"
