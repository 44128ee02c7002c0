// Server-side Streamable HTTP (lib/server/httpserver) driven by the library's own client
// (Mcp::Client over StreamableHttpTransport), in process and through the demo server binary.

#include "server/httpserver.h"
#include "server/requestcontext.h"
#include "server/server.h"
#include "server/serversession.h"
#include "session/client.h"
#include "transport/streamablehttptransport.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Mcp;

namespace {

class AcceptAll : public ServerRequestHandler
{
public:
    void handleRequest(IncomingRequest *request) override
    {
        request->respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")},
                                     {QStringLiteral("content"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}});
    }
};

Server *makeServer(QObject *parent)
{
    auto *server = new Server(parent);
    server->setServerInfo(QStringLiteral("http-test"), QStringLiteral("1"));
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("echo")},
                                {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                    [](ToolCall *call) {
                        call->respond(ToolResult::text(call->arguments().value(QLatin1String("text")).toString()));
                    });
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("steps")},
                                {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                    [](ToolCall *call) {
                        call->reportProgress(1, 2, QStringLiteral("half"));
                        call->log(LogLevel::Info, QStringLiteral("t"), QStringLiteral("working"));
                        QTimer::singleShot(20, call, [call] {
                            call->reportProgress(2, 2);
                            call->respond(ToolResult::text(QStringLiteral("done")));
                        });
                    });
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("ask")},
                                {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                    [](ToolCall *call) {
                        call->sendRequest(QStringLiteral("elicitation/create"),
                                          QJsonObject{{QStringLiteral("message"), QStringLiteral("Name?")},
                                                      {QStringLiteral("requestedSchema"),
                                                       QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                                          call, [call](const Message &reply) {
                                              call->respond(ToolResult::text(
                                                  reply.result().toObject().value(QLatin1String("content")).toObject()
                                                      .value(QLatin1String("name")).toString()));
                                          });
                    });
    return server;
}

struct Connected
{
    std::unique_ptr<Client> client;
    StreamableHttpTransport *transport = nullptr;
    QList<TrafficEvent> traffic;
    AcceptAll elicitation;

    explicit Connected(const QUrl &url)
    {
        transport = new StreamableHttpTransport(url);
        client = std::make_unique<Client>(transport);
        client->setElicitationHandler(&elicitation);
        QObject::connect(transport, &Transport::trafficEvent, client.get(),
                         [this](const TrafficEvent &e) { traffic.append(e); });
        client->connectToServer();
    }
    // Whether a tools/call POST was answered with an event stream.
    bool streamedAnswer() const
    {
        QSet<quint64> calls;
        for (const TrafficEvent &e : traffic) {
            if (e.httpMethod == "POST" && e.raw.contains("\"tools/call\""))
                calls.insert(e.exchangeId);
        }
        return std::any_of(traffic.begin(), traffic.end(), [&](const TrafficEvent &e) {
            return e.kind == TrafficEvent::Kind::HttpResponse && calls.contains(e.exchangeId)
                && e.note.contains(QLatin1String("stream"));
        });
    }
};

QJsonObject finishedResult(RequestHandle *handle)
{
    QSignalSpy finished(handle, &RequestHandle::finished);
    if (!handle->isFinished() && !finished.wait(10000))
        return {};
    return handle->result().toObject();
}

QString firstText(const QJsonObject &result)
{
    return result.value(QLatin1String("content")).toArray().first().toObject().value(QLatin1String("text")).toString();
}

} // namespace

class tst_HttpServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void jsonAnswers();
    void progressAndLoggingStream();
    void serverRequestOnStream();
    void alwaysSse();
    void getStreamCarriesListChanged();
    void deleteEndsSession();
    void refusals();
    void demoServerBinary();
};

void tst_HttpServer::initTestCase()
{
    qRegisterMetaType<TrafficEvent>();
}

void tst_HttpServer::jsonAnswers()
{
    QObject owner;
    StreamableHttpServer http(makeServer(&owner));
    QVERIFY(http.listen());
    QCOMPARE(http.url().host(), QStringLiteral("127.0.0.1"));
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QVERIFY(!c.transport->sessionId().isEmpty());
    QCOMPARE(http.sessionCount(), 1);
    const QJsonObject result = finishedResult(c.client->callTool(QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("hi")}}));
    QCOMPARE(firstText(result), QStringLiteral("hi"));
    QVERIFY(!c.streamedAnswer()); // nothing came before the answer: plain JSON
}

void tst_HttpServer::progressAndLoggingStream()
{
    QObject owner;
    StreamableHttpServer http(makeServer(&owner));
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QSignalSpy logs(c.client.get(), &Client::logMessage);
    RequestHandle *handle = c.client->callTool(QStringLiteral("steps"), {});
    QSignalSpy progress(handle, &RequestHandle::progress);
    QCOMPARE(firstText(finishedResult(handle)), QStringLiteral("done"));
    QCOMPARE(progress.size(), 2);
    QCOMPARE(logs.size(), 1);
    QVERIFY(c.streamedAnswer());
}

void tst_HttpServer::serverRequestOnStream()
{
    QObject owner;
    StreamableHttpServer http(makeServer(&owner));
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QCOMPARE(firstText(finishedResult(c.client->callTool(QStringLiteral("ask"), {}))), QStringLiteral("Ada"));
}

void tst_HttpServer::alwaysSse()
{
    QObject owner;
    StreamableHttpServer http(makeServer(&owner));
    http.setResponseMode(StreamableHttpServer::ResponseMode::AlwaysSse);
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QCOMPARE(firstText(finishedResult(c.client->callTool(QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("x")}}))),
             QStringLiteral("x"));
    QVERIFY(c.streamedAnswer());
}

void tst_HttpServer::getStreamCarriesListChanged()
{
    QObject owner;
    Server *server = makeServer(&owner);
    StreamableHttpServer http(server);
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    // The GET stream opens after notifications/initialized.
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(c.traffic.begin(), c.traffic.end(), [](const TrafficEvent &e) {
        return e.kind == TrafficEvent::Kind::HttpResponse && e.note.contains(QLatin1String("stream"));
    }), 5000);
    QSignalSpy changed(c.client.get(), &Client::toolsListChanged);
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("late")},
                                {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                    [](ToolCall *call) { call->respond(ToolResult::text(QString())); });
    QVERIFY(changed.wait(5000));
}

void tst_HttpServer::deleteEndsSession()
{
    QObject owner;
    StreamableHttpServer http(makeServer(&owner));
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QCOMPARE(http.sessionCount(), 1);
    c.client->disconnectFromServer();
    QTRY_COMPARE_WITH_TIMEOUT(http.sessionCount(), 0, 5000);
    QVERIFY(std::any_of(c.traffic.begin(), c.traffic.end(),
                        [](const TrafficEvent &e) { return e.httpMethod == "DELETE"; }));
}

void tst_HttpServer::refusals()
{
    QObject owner;
    StreamableHttpServer http(makeServer(&owner));
    QVERIFY(http.listen());
    QNetworkAccessManager nam;
    auto post = [&](const QByteArray &accept, const QByteArray &sessionId, const QByteArray &body,
                    const QByteArray &origin = {}) {
        QNetworkRequest request(http.url());
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", accept);
        if (!sessionId.isEmpty())
            request.setRawHeader("Mcp-Session-Id", sessionId);
        if (!origin.isEmpty())
            request.setRawHeader("Origin", origin);
        QNetworkReply *reply = nam.post(request, body);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        finished.wait(5000);
        reply->deleteLater();
        return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    };
    const QByteArray both = "application/json, text/event-stream";
    const QByteArray list = R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})";
    QCOMPARE(post("text/html", {}, list), 406);
    QCOMPARE(post(both, {}, list), 400);                  // no session, not initialize
    QCOMPARE(post(both, "no-such-session", list), 404);   // unknown session
    QCOMPARE(post(both, {}, "{not json"), 400);
    QCOMPARE(post(both, {}, list, "http://evil.example"), 403);
}

void tst_HttpServer::demoServerBinary()
{
#ifndef MCPSCOPE_DEMO_SERVER
    QSKIP("The demo server is not built.");
#else
    QProcess process;
    process.start(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(process.waitForStarted(5000));
    QRegularExpressionMatch match;
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += process.readAllStandardError(),
                              match = QRegularExpression(QStringLiteral("listening on (http://127\\.0\\.0\\.1:\\d+/mcp)"))
                                          .match(QString::fromUtf8(err)))
                                 .hasMatch(),
                             10000);
    {
        Connected c(QUrl(match.captured(1)));
        QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
        const QJsonObject result = finishedResult(
            c.client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("over http")}}));
        QVERIFY2(firstText(result).contains(QLatin1String("over http")), qPrintable(firstText(result)));
        RequestHandle *task = c.client->callTool(QStringLiteral("long_task"),
                                                 {{QStringLiteral("steps"), 3}, {QStringLiteral("delayMs"), 10}});
        QSignalSpy progress(task, &RequestHandle::progress);
        finishedResult(task);
        QVERIFY(progress.size() >= 3);
        c.client->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(c.client->state() == Client::State::Disconnected, 5000);
    }
    process.terminate();
    process.waitForFinished(5000);
#endif
}

QTEST_GUILESS_MAIN(tst_HttpServer)
#include "tst_httpserver.moc"
