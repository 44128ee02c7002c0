#include "testhttpserver.h"
#include "transport/httpautotransport.h"
#include "transport/legacyssetransport.h"

#include <QSignalSpy>
#include <QTest>

#include "transportopening.h"

using namespace Mcp;

namespace {

// A 2024-11-05 server: GET <ssePath> opens the stream and names the POST endpoint;
// POSTs are accepted with 202 and answered on the stream. POST to <ssePath> gets `postStatus`.
struct LegacyServer
{
    TestHttpServer http;
    QPointer<QTcpSocket> stream;
    QByteArray endpoint = "/messages?sessionId=abc";
    int postStatus = 405;

    LegacyServer()
    {
        http.setHandler([this](QTcpSocket *socket, const TestHttpRequest &request) {
            if (request.method == "GET" && request.path == "/sse") {
                stream = socket;
                TestHttpServer::startSse(socket);
                socket->write("event: endpoint\r\ndata: " + endpoint + "\r\n\r\n");
                return;
            }
            if (request.method == "POST" && request.path.startsWith("/messages")) {
                TestHttpServer::respond(socket, 202, "text/plain", "Accepted");
                if (stream && !request.rpcId().isUndefined()) {
                    const QJsonObject result{{QStringLiteral("echo"), request.rpcMethod()}};
                    stream->write("event: message\r\ndata: " + TestHttpServer::compact(TestHttpServer::result(request.rpcId(), result))
                                  + "\r\n\r\n");
                }
                return;
            }
            TestHttpServer::respond(socket, postStatus, "text/plain", "Method Not Allowed");
        });
    }
    QUrl url() const { return http.url(QStringLiteral("/sse")); }
};

} // namespace

class tst_LegacySseTransport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<Message>();
        qRegisterMetaType<MessageId>();
        qRegisterMetaType<TransportError>();
        qRegisterMetaType<TrafficEvent>();
    }
    void endpointAndMessages();
    void foreignEndpointRefused();
    void streamEndCloses();
    void notAnSseServer();
    void autoFallsBack_data();
    void autoFallsBack();
    void autoKeepsStreamable();
};

void tst_LegacySseTransport::endpointAndMessages()
{
    LegacyServer server;
    LegacySseTransport transport(server.url());
    QSignalSpy messages(&transport, &Transport::messageReceived);
    QSignalSpy traffic(&transport, &Transport::trafficEvent);
    QVERIFY(Test::openTransport(transport, 5000));
    QCOMPARE(transport.postUrl(), server.http.url(QStringLiteral("/messages")).resolved(QUrl(QStringLiteral("?sessionId=abc"))));
    transport.send(Message::request(1, QStringLiteral("initialize")));
    QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 1, 5000);
    const Message answer = messages.at(0).at(0).value<Message>();
    QCOMPARE(answer.id(), MessageId(1));
    QCOMPARE(answer.result().toObject().value(QLatin1String("echo")).toString(), QStringLiteral("initialize"));
    QCOMPARE(server.http.requests.last().header("accept"), QByteArray("application/json, text/event-stream"));
    bool sawEndpoint = false;
    for (const auto &args : traffic) {
        const TrafficEvent e = args.at(0).value<TrafficEvent>();
        sawEndpoint = sawEndpoint || (e.kind == TrafficEvent::Kind::SseEvent && e.sseEventType == "endpoint");
    }
    QVERIFY(sawEndpoint);
    QSignalSpy closed(&transport, &Transport::closed);
    transport.close();
    QVERIFY(closed.wait(2000));
}

void tst_LegacySseTransport::foreignEndpointRefused()
{
    LegacyServer server;
    server.endpoint = "http://198.51.100.7/messages";
    LegacySseTransport transport(server.url());
    QSignalSpy errors(&transport, &Transport::errorOccurred);
    QSignalSpy closed(&transport, &Transport::closed);
    transport.open();
    QVERIFY(closed.wait(5000));
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.at(0).at(0).value<TransportError>().kind, TransportError::Kind::Protocol);
}

void tst_LegacySseTransport::streamEndCloses()
{
    LegacyServer server;
    LegacySseTransport transport(server.url());
    QSignalSpy closed(&transport, &Transport::closed);
    QVERIFY(Test::openTransport(transport, 5000));
    server.stream->disconnectFromHost();
    QVERIFY(closed.wait(5000));
    QCOMPARE(transport.state(), Transport::State::Closed);
}

void tst_LegacySseTransport::notAnSseServer()
{
    TestHttpServer http;
    http.setHandler([](QTcpSocket *socket, const TestHttpRequest &) { TestHttpServer::respond(socket, 404, "text/plain", "nope"); });
    LegacySseTransport transport(http.url());
    QSignalSpy errors(&transport, &Transport::errorOccurred);
    QSignalSpy closed(&transport, &Transport::closed);
    transport.open();
    QVERIFY(closed.wait(5000));
    QCOMPARE(errors.at(0).at(0).value<TransportError>().httpStatus, 404);
}

void tst_LegacySseTransport::autoFallsBack_data()
{
    QTest::addColumn<int>("status");
    QTest::newRow("405") << 405;
    QTest::newRow("404") << 404;
    QTest::newRow("400") << 400;
}

void tst_LegacySseTransport::autoFallsBack()
{
    QFETCH(int, status);
    LegacyServer server;
    server.postStatus = status;
    HttpAutoTransport transport(server.url());
    QSignalSpy messages(&transport, &Transport::messageReceived);
    QSignalSpy failures(&transport, &Transport::requestFailed);
    QSignalSpy traffic(&transport, &Transport::trafficEvent);
    QVERIFY(Test::openTransport(transport, 5000));
    transport.send(Message::request(1, QStringLiteral("initialize")));
    transport.send(Message::notification(QStringLiteral("notifications/initialized"))); // queued during the fallback
    transport.send(Message::request(2, QStringLiteral("tools/list")));
    QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 2, 5000);
    QCOMPARE(messages.at(0).at(0).value<Message>().id(), MessageId(1));
    QCOMPARE(messages.at(1).at(0).value<Message>().id(), MessageId(2));
    QVERIFY(failures.isEmpty());
    QCOMPARE(transport.chosenTransport(), QStringLiteral("sse"));
    QCOMPARE(transport.chosenKind(), HttpTransportKind::LegacySse);
    QCOMPARE(transport.transportName(), QStringLiteral("sse"));
    bool noted = false;
    for (const auto &args : traffic) {
        const TrafficEvent e = args.at(0).value<TrafficEvent>();
        noted = noted || (e.kind == TrafficEvent::Kind::Note && e.note.contains(QLatin1String("legacy HTTP+SSE (2024-11-05)")));
    }
    QVERIFY(noted);
}

void tst_LegacySseTransport::autoKeepsStreamable()
{
    TestHttpServer http;
    http.setHandler([](QTcpSocket *socket, const TestHttpRequest &request) {
        if (request.method == "POST" && !request.rpcId().isUndefined())
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {}));
        else
            TestHttpServer::respond(socket, request.method == "POST" ? 202 : 405);
    });
    HttpAutoTransport transport(http.url());
    QSignalSpy messages(&transport, &Transport::messageReceived);
    QSignalSpy chosen(&transport, &HttpAutoTransport::transportChosen);
    QVERIFY(Test::openTransport(transport, 5000));
    transport.send(Message::request(1, QStringLiteral("initialize")));
    QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 1, 5000);
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(transport.chosenTransport(), QStringLiteral("http"));
    QVERIFY(std::none_of(http.requests.begin(), http.requests.end(),
                         [](const TestHttpRequest &r) { return r.method == "GET" && r.path == "/mcp" && r.header("mcp-session-id").isEmpty(); }));
}

QTEST_GUILESS_MAIN(tst_LegacySseTransport)
#include "tst_legacyssetransport.moc"
