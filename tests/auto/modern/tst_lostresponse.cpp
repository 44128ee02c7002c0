// A 2026-07-28 request whose response stream breaks before its answer is lost: the changelog
// (SEP-2575) says the client MUST send it again as a new request with a new id. Against a real
// HTTP server on 127.0.0.1 that opens an SSE answer and closes it unanswered, as often as told.
#include "../httpclient/testhttpserver.h"
#include "session/client.h"
#include "transport/httpautotransport.h"

#include <QTest>

using namespace Mcp;

namespace {

constexpr int kWait = 15000;
constexpr int MaxReissues = 2; // ModernLifecycle::MaxReissues

// A modern-only server: server/discover, and tools/call answered on an SSE stream that it
// closes without the answer for the first `losses` calls.
class LosingServer
{
public:
    explicit LosingServer(int losses) : m_losses(losses)
    {
        http.setHandler([this](QTcpSocket *socket, const TestHttpRequest &request) {
            const QString method = request.rpcMethod();
            if (request.rpcId().isUndefined()) { // a notification
                TestHttpServer::respond(socket, 202);
                return;
            }
            if (method == QLatin1String("server/discover")) {
                TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), QJsonObject{
                    {QStringLiteral("supportedVersions"), QJsonArray{QStringLiteral("2026-07-28")}},
                    {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject()}}}}));
                return;
            }
            if (method == QLatin1String("tools/call")) {
                calls.append(request.json());
                if (calls.size() <= m_losses) {
                    TestHttpServer::startSse(socket);
                    socket->write(":\n\n"); // the stream is open...
                    socket->flush();
                    socket->disconnectFromHost(); // ...and breaks before the answer
                    return;
                }
                TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), QJsonObject{
                    {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                       {QStringLiteral("text"), QStringLiteral("done")}}}}}));
                return;
            }
            TestHttpServer::respondJson(socket, QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                                            {QStringLiteral("id"), request.rpcId()},
                                                            {QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), -32601},
                                                                                                  {QStringLiteral("message"), QStringLiteral("no")}}}});
        });
    }

    TestHttpServer http;
    QList<QJsonObject> calls;

private:
    int m_losses;
};

struct Outcome
{
    Response response;
    QStringList notes;
};

Outcome callThrough(LosingServer &server)
{
    Client client(createHttpTransport(server.http.url(), HttpTransportKind::Auto, {}));
    client.setEraChoice({Modern::EraChoice::Mode::Modern, {}});
    client.setListenFilter(Modern::SubscriptionFilter()); // no listen stream: only the call is on the wire
    QStringList notes;
    QObject::connect(&client, &Client::trafficEvent, &client, [&notes](const TrafficEvent &event) {
        if (event.kind == TrafficEvent::Kind::Note)
            notes.append(event.note);
    });
    client.connectToServer();
    if (!QTest::qWaitFor([&] { return client.state() == Client::State::Ready; }, kWait) || !client.isModern())
        return {Response{QJsonValue::Undefined, RpcError{-1, QStringLiteral("not connected in the modern era")}}, notes};
    OutgoingRequest *call = client.sendRequest(QStringLiteral("tools/call"),
                                               {{QStringLiteral("name"), QStringLiteral("slow")},
                                                {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("n"), 1}}}});
    // The handle deletes itself after finished(): its response is read in the slot.
    Outcome outcome;
    bool done = false;
    QObject::connect(call, &OutgoingRequest::finished, &client, [&outcome, &done, call] {
        outcome.response = call->response();
        done = true;
    });
    if (!QTest::qWaitFor([&done] { return done; }, kWait))
        outcome.response = Response{QJsonValue::Undefined, RpcError{-1, QStringLiteral("no answer in time")}};
    outcome.notes = notes;
    client.disconnectFromServer();
    return outcome;
}

QJsonObject paramsOf(const QJsonObject &request)
{
    return request.value(QLatin1String("params")).toObject();
}

} // namespace

class tst_LostResponse : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lostRequestIsSentAgainWithANewId();
    void reissuesAreBounded();
};

void tst_LostResponse::lostRequestIsSentAgainWithANewId()
{
    LosingServer server(1);
    const Outcome outcome = callThrough(server);
    QVERIFY2(!outcome.response.isError(),
             qPrintable(outcome.response.error ? outcome.response.error->message : QString()));
    QCOMPARE(outcome.response.result.toObject().value(QLatin1String("content")).toArray().first().toObject()
                 .value(QLatin1String("text")).toString(),
             QStringLiteral("done"));
    QCOMPARE(server.calls.size(), 2);
    // A new request: a new id, the same parameters (the _meta included).
    QVERIFY(server.calls.at(0).value(QLatin1String("id")) != server.calls.at(1).value(QLatin1String("id")));
    QCOMPARE(paramsOf(server.calls.at(1)), paramsOf(server.calls.at(0)));
    QVERIFY2(!outcome.notes.filter(QStringLiteral("sent again as request")).isEmpty(), qPrintable(outcome.notes.join(u'\n')));
}

void tst_LostResponse::reissuesAreBounded()
{
    LosingServer server(100);
    const Outcome outcome = callThrough(server);
    QVERIFY(outcome.response.isError());
    QCOMPARE(outcome.response.error->code, int(SessionErrorCode::TransportFailure));
    QVERIFY2(outcome.response.error->message.contains(QLatin1String("event stream")),
             qPrintable(outcome.response.error->message));
    QCOMPARE(server.calls.size(), 1 + MaxReissues);
    QCOMPARE(outcome.notes.filter(QStringLiteral("sent again as request")).size(), MaxReissues);
}

QTEST_GUILESS_MAIN(tst_LostResponse)
#include "tst_lostresponse.moc"
