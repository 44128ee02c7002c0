// Server-side Streamable HTTP (lib/server/httpserver) driven by the library's own client
// (Mcp::Client over StreamableHttpTransport), in process and through the demo server binary,
// and by raw HTTP/1.1 on 127.0.0.1 sockets where the bytes matter (event ids, resumption,
// chunked request bodies).

#include "server/httpserver.h"
#include "server/requestcontext.h"
#include "server/server.h"
#include "server/serversession.h"
#include "session/client.h"
#include "transport/streamablehttptransport.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTcpSocket>
#include <QTimer>

#include <optional>

#include "toolresults.h"

using namespace Mcp;
using Mcp::Test::firstText;

namespace {

// The tools/call "held" that a test answers (and logs through) by hand.
QPointer<ToolCall> g_held;

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
                        call->log(LoggingLevel::Info, QStringLiteral("t"), QStringLiteral("working"));
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
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("held")},
                                {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                    [](ToolCall *call) { g_held = call; });
    // SEP-1699 polling: the POST's stream ends at once, the answer comes a little later.
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("poll")},
                                {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                    [](ToolCall *call) {
                        call->setProperty("closed", call->closeResponseStream());
                        QTimer::singleShot(30, call, [call] {
                            call->respond(ToolResult::text(call->property("closed").toBool() ? QStringLiteral("closed first")
                                                                                              : QStringLiteral("not closed")));
                        });
                    });
    // x-mcp-header parameters (2026-07-28): mirrored into Mcp-Param-* headers by clients.
    server->addTool(QJsonDocument::fromJson(R"({"name": "route", "inputSchema": {"type": "object", "properties": {
                        "region": {"type": "string", "x-mcp-header": "Region"},
                        "count": {"type": "integer", "x-mcp-header": "Count"},
                        "tenant": {"type": "object", "properties": {"id": {"type": "string", "x-mcp-header": "Tenant"}}}}}})")
                        .object(),
                    [](ToolCall *call) { call->respond(ToolResult::text(QStringLiteral("routed"))); });
    return server;
}

// One HTTP/1.1 connection written and read by hand.
class RawHttp
{
public:
    struct Event
    {
        QByteArray id, data;
        int retry = -1;
    };

    explicit RawHttp(quint16 port) { m_socket.connectToHost(QHostAddress::LocalHost, port); }

    bool waitConnected()
    {
        // No Nagle: a request written in two parts must not wait for a delayed ACK.
        m_socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
        return m_socket.waitForConnected(5000);
    }
    void write(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }
    void cut() { m_socket.abort(); }
    // Writes request and reads the head of its response: the status, 0 when no head came in time.
    int statusFor(const QByteArray &request)
    {
        write(request);
        return readHead() ? status : 0;
    }

    // Reads the status line and headers of the next response.
    bool readHead(int timeout = 5000)
    {
        headers.clear();
        status = 0;
        ended = false;
        m_chunked = false;
        m_sse.clear();
        qsizetype end = -1;
        if (!fill([&] { return (end = m_raw.indexOf("\r\n\r\n")) >= 0; }, timeout))
            return false;
        const QList<QByteArray> lines = m_raw.left(end).split('\n');
        status = lines.value(0).split(' ').value(1).toInt();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
        }
        m_raw.remove(0, end + 4);
        m_chunked = headers.value("transfer-encoding") == "chunked";
        return true;
    }
    // The whole body of a Content-Length response.
    QByteArray readBody(int timeout = 5000)
    {
        const qsizetype length = headers.value("content-length").toLongLong();
        if (!fill([&] { return m_raw.size() >= length; }, timeout))
            return {};
        const QByteArray body = m_raw.left(length);
        m_raw.remove(0, length);
        return body;
    }
    // The next event of a chunked event stream; nothing on timeout or at its end.
    std::optional<Event> nextEvent(int timeout = 5000)
    {
        qsizetype end = -1;
        if (!fill([&] { decodeChunks(); return (end = m_sse.indexOf("\n\n")) >= 0 || ended; }, timeout) || end < 0)
            return std::nullopt;
        Event event;
        for (const QByteArray &line : m_sse.left(end).split('\n')) {
            if (line.startsWith("id: "))
                event.id = line.mid(4);
            else if (line.startsWith("data: "))
                event.data = line.mid(6);
            else if (line.startsWith("retry: "))
                event.retry = line.mid(7).toInt();
        }
        m_sse.remove(0, end + 2);
        return event;
    }
    // Whether the stream ends (its last chunk) within timeout.
    bool waitEnd(int timeout = 5000)
    {
        return fill([&] { decodeChunks(); return ended; }, timeout);
    }

    int status = 0;
    QHash<QByteArray, QByteArray> headers;
    bool ended = false;

private:
    template<typename Done>
    bool fill(Done done, int timeout)
    {
        QDeadlineTimer deadline(timeout);
        while (!done()) {
            if (deadline.hasExpired())
                return false;
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
            m_raw += m_socket.readAll();
        }
        return true;
    }
    void decodeChunks()
    {
        while (m_chunked && !ended) {
            const qsizetype lineEnd = m_raw.indexOf("\r\n");
            if (lineEnd < 0)
                return;
            const qsizetype size = m_raw.left(lineEnd).toLongLong(nullptr, 16);
            if (m_raw.size() < lineEnd + 2 + size + 2)
                return;
            m_sse += m_raw.mid(lineEnd + 2, size);
            m_raw.remove(0, lineEnd + 2 + size + 2);
            ended = size == 0;
        }
    }

    QTcpSocket m_socket;
    QByteArray m_raw, m_sse;
    bool m_chunked = false;
};

QByteArray rawPost(const QByteArray &body, const QByteArray &sessionId = {})
{
    QByteArray head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      "Accept: application/json, text/event-stream\r\n";
    if (!sessionId.isEmpty())
        head += "Mcp-Session-Id: " + sessionId + "\r\nMCP-Protocol-Version: 2025-11-25\r\n";
    return head + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QByteArray rawGet(const QByteArray &sessionId, const QByteArray &lastEventId = {})
{
    QByteArray head = "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: " + sessionId
        + "\r\nMCP-Protocol-Version: 2025-11-25\r\n";
    if (!lastEventId.isEmpty())
        head += "Last-Event-ID: " + lastEventId + "\r\n";
    return head + "\r\n";
}

// initialize + notifications/initialized over raw HTTP; the session id, empty on failure.
QByteArray rawSession(quint16 port, const QString &version = QStringLiteral("2025-11-25"))
{
    RawHttp http(port);
    if (!http.waitConnected())
        return {};
    http.write(rawPost(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":")" + version.toLatin1()
                       + R"(","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}})"));
    if (!http.readHead() || http.status != 200)
        return {};
    http.readBody();
    const QByteArray sessionId = http.headers.value("mcp-session-id");
    http.write(rawPost(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", sessionId));
    if (!http.readHead() || http.status != 202)
        return {};
    return sessionId;
}

// The test server (makeServer) behind Streamable HTTP, which owns it: what most tests serve;
// in one era only when era is given.
struct ServerOwner
{
    QObject owner;
};
class TestServerOverHttp : private ServerOwner, public StreamableHttpServer
{
public:
    explicit TestServerOverHttp(std::optional<Era> era = {})
        : StreamableHttpServer(inEra(makeServer(&owner), era))
    {
    }

    // Listens and opens a session over raw HTTP (rawSession): its id, empty when either failed.
    QByteArray listenWithSession() { return listen() ? rawSession(port()) : QByteArray(); }

private:
    static Server *inEra(Server *server, std::optional<Era> era)
    {
        if (era)
            server->setEra(*era);
        return server;
    }
};

#ifdef MCPSCOPE_DEMO_SERVER
// Starts the demo server over HTTP on a free port with extraArguments: the URL it says it listens
// on ("listening on http://127.0.0.1:PORT/mcp" on stderr), invalid when it said none within 10 s.
QUrl startDemoServer(QProcess &process, const QStringList &extraArguments = {})
{
    process.start(QStringLiteral(MCPSCOPE_DEMO_SERVER),
                  QStringList{QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")} + extraArguments);
    if (!process.waitForStarted(5000))
        return {};
    const QRegularExpression listening(QStringLiteral("listening on (http://127\\.0\\.0\\.1:\\d+/mcp)"));
    QRegularExpressionMatch match;
    QByteArray err;
    const bool said = QTest::qWaitFor(
        [&] { return (match = listening.match(QString::fromUtf8(err += process.readAllStandardError()))).hasMatch(); }, 10000);
    return said ? QUrl(match.captured(1)) : QUrl();
}
#endif

// A 2026-07-28 POST: the standard headers mirror the body unless headers says otherwise
// ("Name: value" lines; an empty value drops the header); extraMeta: more "key":value members of _meta.
QByteArray modernPost(const QByteArray &method, const QByteArray &params, const QByteArray &name = {},
                      const QList<QByteArray> &headers = {}, const QByteArray &extraMeta = {},
                      const QByteArray &capabilities = "{}")
{
    const QByteArray meta = R"("_meta":{)" + (extraMeta.isEmpty() ? QByteArray() : extraMeta + ',')
        + R"("io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":)"
        + capabilities + '}';
    const QByteArray body = R"({"jsonrpc":"2.0","id":5,"method":")" + method + R"(","params":{)" + params
        + (params.isEmpty() ? "" : ",") + meta + "}}";
    QMap<QByteArray, QByteArray> all{{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", method}};
    if (!name.isEmpty())
        all.insert("Mcp-Name", name);
    for (const QByteArray &header : headers)
        all.insert(header.left(header.indexOf(':')), header.mid(header.indexOf(':') + 1).trimmed());
    QByteArray head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      "Accept: application/json, text/event-stream\r\n";
    for (auto it = all.begin(); it != all.end(); ++it) {
        if (!it.value().isEmpty())
            head += it.key() + ": " + it.value() + "\r\n";
    }
    return head + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QJsonObject jsonBody(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray callHeld(int id)
{
    return R"({"jsonrpc":"2.0","id":)" + QByteArray::number(id) + R"(,"method":"tools/call","params":{"name":"held","arguments":{}}})";
}

// Posts the held call with id over post and waits until the server holds it.
bool startHeldCall(RawHttp &post, const QByteArray &sessionId, int id)
{
    post.write(rawPost(callHeld(id), sessionId));
    return QTest::qWaitFor([id] { return g_held && g_held->id() == MessageId(id); }, 5000);
}

// "<stream>-<sequence>" -> the two numbers.
std::pair<quint64, quint64> splitId(const QByteArray &id)
{
    const QList<QByteArray> parts = id.split('-');
    return {parts.value(0).toULongLong(), parts.value(1).toULongLong()};
}

QByteArray logData(const RawHttp::Event &event)
{
    return QJsonDocument::fromJson(event.data).object().value(QLatin1String("params")).toObject()
        .value(QLatin1String("data")).toString().toUtf8();
}

void logHeld(const QString &text)
{
    if (g_held)
        g_held->log(LoggingLevel::Info, QStringLiteral("t"), text);
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
        ClientOptions options;
        options.features.elicitationForm = options.features.elicitationUrl = true;
        client->setOptions(options);
        client->setServerRequestHandler(&elicitation);
        // These tests are about the legacy era's HTTP sessions (Mcp-Session-Id, the GET
        // stream, DELETE, resumption); the modern era's HTTP is tst_compatmatrix's and
        // tst_clientlisten's.
        client->setEraChoice({Modern::EraChoice::Mode::Legacy, {}});
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

QJsonObject finishedResult(OutgoingRequest *handle)
{
    QSignalSpy finished(handle, &OutgoingRequest::finished);
    if (!handle->isFinished() && !finished.wait(10000))
        return {};
    return handle->result().toObject();
}

} // namespace

class tst_HttpServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void modernJsonAnswer();
    void modernHeaderValidation_data();
    void modernHeaderValidation();
    void modernStreamCarriesProgressAndLog();
    void modernClosingStreamCancels();
    void modernListen();
    void modernOnlyEra();
    void modernAlwaysSse();
    void modernDemoServerBinary();
    void legacyEraRefusesModern();
    void jsonAnswers();
    void progressAndLoggingStream();
    void serverRequestOnStream();
    void alwaysSse();
    void getStreamCarriesListChanged();
    void deleteEndsSession();
    void refusals();
    void demoServerBinary();
    void eventIdsAndPriming();
    void resumeCutPostStream();
    void resumeGetStream();
    void replayBound_data();
    void replayBound();
    void unknownLastEventId();
    void noPrimingForOldClients();
    void clientResumesAfterServerClose();
    void chunkedBody_data();
    void chunkedBody();
    void chunkedSplitEverywhere();
    void chunkedRefused_data();
    void chunkedRefused();
};

void tst_HttpServer::initTestCase()
{
    qRegisterMetaType<TrafficEvent>();
}

void tst_HttpServer::jsonAnswers()
{
    TestServerOverHttp http;
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
    TestServerOverHttp http;
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QSignalSpy logs(c.client.get(), &Client::logMessage);
    OutgoingRequest *handle = c.client->callTool(QStringLiteral("steps"), {});
    QSignalSpy progress(handle, &OutgoingRequest::progress);
    QCOMPARE(firstText(finishedResult(handle)), QStringLiteral("done"));
    QCOMPARE(progress.size(), 2);
    QCOMPARE(logs.size(), 1);
    QVERIFY(c.streamedAnswer());
}

void tst_HttpServer::serverRequestOnStream()
{
    TestServerOverHttp http;
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    QCOMPARE(firstText(finishedResult(c.client->callTool(QStringLiteral("ask"), {}))), QStringLiteral("Ada"));
}

void tst_HttpServer::alwaysSse()
{
    TestServerOverHttp http;
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
    TestServerOverHttp http;
    Server *server = http.server();
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
    TestServerOverHttp http;
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
    TestServerOverHttp http;
    QVERIFY(http.listen());
    QNetworkAccessManager nam;
    auto post = [&](const QByteArray &accept, const QByteArray &sessionId, const QByteArray &body,
                    const QByteArray &origin = {}, const QByteArray &host = {}) {
        QNetworkRequest request(http.url());
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", accept);
        if (!sessionId.isEmpty())
            request.setRawHeader("Mcp-Session-Id", sessionId);
        if (!origin.isEmpty())
            request.setRawHeader("Origin", origin);
        if (!host.isEmpty())
            request.setRawHeader("Host", host);
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
    // On loopback, reached under another name (DNS rebinding: a page's own name, no Origin).
    const QByteArray initialize = R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                                  R"("capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
    const QByteArray port = QByteArray::number(http.url().port());
    QCOMPARE(post(both, {}, initialize, {}, "rebinding.example:" + port), 403);
    QCOMPARE(post(both, {}, initialize, {}, "localhost:" + port), 200);
    QCOMPARE(post(both, {}, initialize, {}, "[::1]:" + port), 200);
}

void tst_HttpServer::demoServerBinary()
{
#ifndef MCPSCOPE_DEMO_SERVER
    QSKIP("The demo server is not built.");
#else
    QProcess process;
    const QUrl url = startDemoServer(process);
    QVERIFY2(url.isValid(), "the demo server did not say where it listens");
    {
        Connected c(url);
        QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
        const QJsonObject result = finishedResult(
            c.client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("over http")}}));
        QVERIFY2(firstText(result).contains(QLatin1String("over http")), qPrintable(firstText(result)));
        OutgoingRequest *task = c.client->callTool(QStringLiteral("long_task"),
                                                 {{QStringLiteral("steps"), 3}, {QStringLiteral("delayMs"), 10}});
        QSignalSpy progress(task, &OutgoingRequest::progress);
        finishedResult(task);
        QVERIFY(progress.size() >= 3);
        c.client->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(c.client->state() == Client::State::Disconnected, 5000);
    }
    process.terminate();
    process.waitForFinished(5000);
#endif
}

void tst_HttpServer::eventIdsAndPriming()
{
    TestServerOverHttp http;
    http.setRetryInterval(750);
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    RawHttp post(http.port());
    QVERIFY(post.waitConnected());
    QVERIFY(startHeldCall(post, sessionId, 7));
    logHeld(QStringLiteral("one"));
    logHeld(QStringLiteral("two"));
    g_held->respond(ToolResult::text(QStringLiteral("answer")));
    QVERIFY(post.readHead());
    QCOMPARE(post.headers.value("content-type"), QByteArray("text/event-stream"));
    const auto priming = post.nextEvent();
    QVERIFY(priming);
    QVERIFY(!priming->id.isEmpty());
    QCOMPARE(priming->retry, 750);
    QVERIFY(priming->data.isEmpty());
    QSet<QByteArray> ids{priming->id};
    QList<RawHttp::Event> events;
    while (const auto event = post.nextEvent())
        events.append(*event);
    QCOMPARE(events.size(), 3);
    QCOMPARE(logData(events[0]), QByteArray("one"));
    QVERIFY(events[2].data.contains("answer"));
    for (const RawHttp::Event &event : std::as_const(events)) {
        QVERIFY(!event.id.isEmpty());
        QVERIFY2(!ids.contains(event.id), event.id.constData());
        ids.insert(event.id);
        QCOMPARE(splitId(event.id).first, splitId(priming->id).first); // one stream
    }
    QVERIFY(post.ended);

    // A second stream of the same session: a new stream number, ids still unique.
    QVERIFY(startHeldCall(post, sessionId, 8));
    logHeld(QStringLiteral("three"));
    QVERIFY(post.readHead());
    const auto secondPriming = post.nextEvent();
    QVERIFY(secondPriming);
    QVERIFY(splitId(secondPriming->id).first != splitId(priming->id).first);
    QVERIFY(!ids.contains(secondPriming->id));
    const auto three = post.nextEvent();
    QVERIFY(three && !ids.contains(three->id));
    g_held->respond(ToolResult::text(QString()));
    QVERIFY(post.waitEnd());
}

void tst_HttpServer::resumeCutPostStream()
{
    TestServerOverHttp http;
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    auto post = std::make_unique<RawHttp>(http.port());
    QVERIFY(post->waitConnected());
    QVERIFY(startHeldCall(*post, sessionId, 1));
    for (int i = 1; i <= 3; ++i)
        logHeld(QString::number(i));
    QVERIFY(post->readHead());
    QVERIFY(post->nextEvent()); // priming
    const auto first = post->nextEvent();
    QVERIFY(first);
    QCOMPARE(logData(*first), QByteArray("1"));
    // Cut after the first event: "2" and "3" may be in the dead socket, never read.
    post->cut();
    post.reset();
    QTest::qWait(20);
    logHeld(QStringLiteral("4"));
    logHeld(QStringLiteral("5"));

    RawHttp resume(http.port());
    QVERIFY(resume.waitConnected());
    resume.write(rawGet(sessionId, first->id));
    QVERIFY(resume.readHead());
    QCOMPARE(resume.status, 200);
    QList<QByteArray> seen;
    QSet<QByteArray> ids{first->id};
    for (int i = 0; i < 4; ++i) {
        const auto event = resume.nextEvent();
        QVERIFY(event);
        QVERIFY(!ids.contains(event->id));
        ids.insert(event->id);
        seen.append(logData(*event));
    }
    QCOMPARE(seen, (QList<QByteArray>{"2", "3", "4", "5"})); // exactly what was missed, in order
    logHeld(QStringLiteral("6")); // live on the resumed stream
    const auto six = resume.nextEvent();
    QVERIFY(six);
    QCOMPARE(logData(*six), QByteArray("6"));
    g_held->respond(ToolResult::text(QStringLiteral("the end")));
    const auto answer = resume.nextEvent();
    QVERIFY(answer);
    QVERIFY(answer->data.contains("the end"));
    QVERIFY(resume.waitEnd()); // the POST's stream ends with its answer

    // Resuming again from the middle replays the rest, answer included, and ends.
    RawHttp again(http.port());
    QVERIFY(again.waitConnected());
    again.write(rawGet(sessionId, six->id));
    QVERIFY(again.readHead());
    const auto replayed = again.nextEvent();
    QVERIFY(replayed);
    QCOMPARE(replayed->id, answer->id);
    QVERIFY(again.waitEnd());
}

void tst_HttpServer::resumeGetStream()
{
    TestServerOverHttp http;
    Server *server = http.server();
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    auto addTool = [server](const QString &name) {
        server->addTool(QJsonObject{{QStringLiteral("name"), name},
                                    {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                        [](ToolCall *call) { call->respond(ToolResult::text(QString())); });
    };
    auto get = std::make_unique<RawHttp>(http.port());
    QVERIFY(get->waitConnected());
    get->write(rawGet(sessionId));
    QVERIFY(get->readHead());
    const auto priming = get->nextEvent();
    QVERIFY(priming && priming->data.isEmpty() && priming->retry > 0);
    addTool(QStringLiteral("a"));
    const auto changed = get->nextEvent();
    QVERIFY(changed);
    QVERIFY(changed->data.contains("notifications/tools/list_changed"));

    // A second plain GET while one is open is refused.
    RawHttp second(http.port());
    QVERIFY(second.waitConnected());
    second.write(rawGet(sessionId));
    QVERIFY(second.readHead());
    QCOMPARE(second.status, 409);

    get->cut();
    get.reset();
    QTest::qWait(20);
    addTool(QStringLiteral("b")); // while no GET stream is open

    RawHttp resume(http.port());
    QVERIFY(resume.waitConnected());
    resume.write(rawGet(sessionId, changed->id));
    QVERIFY(resume.readHead());
    QCOMPARE(resume.status, 200);
    const auto missed = resume.nextEvent();
    QVERIFY(missed);
    QVERIFY(missed->data.contains("notifications/tools/list_changed"));
    QVERIFY(splitId(missed->id).second > splitId(changed->id).second);
    addTool(QStringLiteral("c")); // the resumed stream is the GET stream again
    const auto live = resume.nextEvent();
    QVERIFY(live);
    QVERIFY(live->data.contains("notifications/tools/list_changed"));
    QVERIFY(!resume.ended);
}

void tst_HttpServer::replayBound_data()
{
    QTest::addColumn<int>("maxEvents");
    QTest::addColumn<int>("maxBytes");
    // Each log event is about 400 bytes; both rows keep the last three.
    QTest::newRow("by count") << 3 << (1 << 20);
    QTest::newRow("by bytes") << 1000 << 1300;
}

void tst_HttpServer::replayBound()
{
    QFETCH(int, maxEvents);
    QFETCH(int, maxBytes);
    TestServerOverHttp http;
    http.setReplayLimits(maxEvents, maxBytes);
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    auto post = std::make_unique<RawHttp>(http.port());
    QVERIFY(post->waitConnected());
    QVERIFY(startHeldCall(*post, sessionId, 1));
    const QString padding(300, QLatin1Char('x'));
    logHeld(QStringLiteral("1") + padding);
    QVERIFY(post->readHead());
    QVERIFY(post->nextEvent()); // priming
    const auto first = post->nextEvent();
    QVERIFY(first);
    post->cut();
    post.reset();
    QTest::qWait(20);
    for (int i = 2; i <= 6; ++i)
        logHeld(QString::number(i) + padding);

    // Events 2 and 3 are gone: resuming after 1 would skip them, so it is refused.
    RawHttp fromDropped(http.port());
    QVERIFY(fromDropped.waitConnected());
    fromDropped.write(rawGet(sessionId, first->id));
    QVERIFY(fromDropped.readHead());
    QCOMPARE(fromDropped.status, 410);
    QVERIFY(fromDropped.readBody().contains("no longer"));

    // After event 3 (itself dropped), everything that followed is still there.
    const auto [stream, sequence] = splitId(first->id);
    RawHttp fromKept(http.port());
    QVERIFY(fromKept.waitConnected());
    fromKept.write(rawGet(sessionId, QByteArray::number(stream) + '-' + QByteArray::number(sequence + 2)));
    QVERIFY(fromKept.readHead());
    QCOMPARE(fromKept.status, 200);
    for (char expected : {'4', '5', '6'}) {
        const auto event = fromKept.nextEvent();
        QVERIFY(event);
        QCOMPARE(logData(*event).at(0), expected);
    }
    g_held->respond(ToolResult::text(QString()));
    QVERIFY(fromKept.nextEvent());
    QVERIFY(fromKept.waitEnd());
}

void tst_HttpServer::unknownLastEventId()
{
    TestServerOverHttp http;
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    for (const QByteArray &id : {QByteArray("garbage"), QByteArray("99-1"), QByteArray("0-999999"), QByteArray("1-2-3")}) {
        RawHttp get(http.port());
        QVERIFY(get.waitConnected());
        get.write(rawGet(sessionId, id));
        QVERIFY(get.readHead());
        QVERIFY2(get.status == 400, id.constData());
    }
}

void tst_HttpServer::noPrimingForOldClients()
{
    TestServerOverHttp http;
    QVERIFY(http.listen());
    const QByteArray sessionId = rawSession(http.port(), QStringLiteral("2025-06-18"));
    QVERIFY(!sessionId.isEmpty());
    RawHttp post(http.port());
    QVERIFY(post.waitConnected());
    QVERIFY(startHeldCall(post, sessionId, 3));
    // An empty data field breaks clients older than 2025-11-25: no priming, and so no polling.
    QVERIFY(!g_held->closeResponseStream());
    logHeld(QStringLiteral("x"));
    QVERIFY(post.readHead());
    const auto event = post.nextEvent();
    QVERIFY(event);
    QVERIFY(!event->data.isEmpty());
    QVERIFY(!event->id.isEmpty()); // ids are fine for every version since 2025-03-26
    g_held->respond(ToolResult::text(QString()));
    QVERIFY(post.nextEvent());
    QVERIFY(post.waitEnd());
}

void tst_HttpServer::clientResumesAfterServerClose()
{
    // Our own client against our own server: the POST's stream ends after its priming event,
    // the client waits `retry` and resumes with GET + Last-Event-ID, and gets the answer.
    TestServerOverHttp http;
    http.setRetryInterval(50);
    QVERIFY(http.listen());
    Connected c(http.url());
    QTRY_VERIFY_WITH_TIMEOUT(c.client->isReady(), 5000);
    const QJsonObject result = finishedResult(c.client->callTool(QStringLiteral("poll"), {}));
    QCOMPARE(firstText(result), QStringLiteral("closed first"));
    QVERIFY(std::any_of(c.traffic.begin(), c.traffic.end(), [](const TrafficEvent &e) {
        return e.httpMethod == "GET" && e.note.contains(QLatin1String("Resuming"));
    }));
    QVERIFY(std::any_of(c.traffic.begin(), c.traffic.end(),
                        [](const TrafficEvent &e) { return !e.sseEventId.isEmpty(); }));
}

namespace {

QByteArray chunked(const QByteArray &body, const QList<int> &sizes, const QByteArray &extension = {},
                   const QByteArray &trailer = {})
{
    QByteArray out;
    qsizetype pos = 0;
    for (int i = 0; pos < body.size(); ++i) {
        const int size = qMin<qsizetype>(sizes.value(i, sizes.last()), body.size() - pos);
        out += QByteArray::number(size, 16) + extension + "\r\n" + body.mid(pos, size) + "\r\n";
        pos += size;
    }
    return out + "0\r\n" + trailer + "\r\n";
}

QByteArray chunkedPost(const QByteArray &sessionId, const QByteArray &encodedBody)
{
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           "Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + sessionId
        + "\r\nTransfer-Encoding: chunked\r\n\r\n" + encodedBody;
}

QByteArray ping(int id)
{
    return R"({"jsonrpc":"2.0","id":)" + QByteArray::number(id) + R"(,"method":"ping"})";
}

} // namespace

void tst_HttpServer::chunkedBody_data()
{
    QTest::addColumn<QByteArray>("encoded");
    QTest::newRow("one chunk") << chunked(ping(5), {1000});
    QTest::newRow("byte by byte") << chunked(ping(5), {1});
    QTest::newRow("odd sizes") << chunked(ping(5), {3, 7, 1, 11});
    QTest::newRow("uppercase hex, extension") << chunked(ping(5), {26}, ";name=value").replace("1a", "1A");
    QTest::newRow("trailer fields") << chunked(ping(5), {16}, {}, "X-Checksum: 1\r\nX-Other: 2\r\n");
}

void tst_HttpServer::chunkedBody()
{
    QFETCH(QByteArray, encoded);
    TestServerOverHttp http;
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    // Two pipelined requests: the first body's end is found exactly, the second still parses.
    QCOMPARE(raw.statusFor(chunkedPost(sessionId, encoded) + rawPost(ping(6), sessionId)), 200);
    QCOMPARE(QJsonDocument::fromJson(raw.readBody()).object().value(QLatin1String("id")).toInt(), 5);
    QVERIFY(raw.readHead());
    QCOMPARE(raw.status, 200);
    QCOMPARE(QJsonDocument::fromJson(raw.readBody()).object().value(QLatin1String("id")).toInt(), 6);
}

void tst_HttpServer::chunkedSplitEverywhere()
{
    TestServerOverHttp http;
    const QByteArray sessionId = http.listenWithSession();
    QVERIFY2(!sessionId.isEmpty(), "not listening, or no session");
    const QByteArray request = chunkedPost(sessionId, chunked(ping(9), {5, 2}, {}, "X-T: 1\r\n"));
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    // Keep-alive: every split of the same request on one connection.
    for (qsizetype split = 1; split < request.size(); ++split) {
        raw.write(request.left(split));
        QTest::qWait(1); // the server reads the first part on its own
        raw.write(request.mid(split));
        QVERIFY2(raw.readHead(), qPrintable(QString::number(split)));
        QCOMPARE(raw.status, 200);
        QCOMPARE(QJsonDocument::fromJson(raw.readBody()).object().value(QLatin1String("id")).toInt(), 9);
    }
}

void tst_HttpServer::chunkedRefused_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("text");
    const QByteArray head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            "Accept: application/json\r\n";
    const QByteArray te = head + "Transfer-Encoding: chunked\r\n\r\n";
    QTest::newRow("not hex") << te + "zz\r\nabc\r\n0\r\n\r\n" << 400 << QByteArray("Malformed chunked");
    QTest::newRow("empty size") << te + "\r\nabc\r\n0\r\n\r\n" << 400 << QByteArray("Malformed chunked");
    QTest::newRow("negative") << te + "-3\r\nabc\r\n0\r\n\r\n" << 400 << QByteArray("Malformed chunked");
    QTest::newRow("data longer than size") << te + "3\r\nabcd\r\n0\r\n\r\n" << 400 << QByteArray("Malformed chunked");
    QTest::newRow("size overflows") << te + "fffffffffffffffffff\r\n" << 400 << QByteArray("Malformed chunked");
    QTest::newRow("endless size line") << te + QByteArray(2000, '1') << 400 << QByteArray("Malformed chunked");
    QTest::newRow("over the cap") << te + "400\r\n" << 413 << QByteArray("too large");
    QTest::newRow("with Content-Length")
        << head + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\nabc\r\n0\r\n\r\n" << 400
        << QByteArray("both");
    QTest::newRow("gzip") << head + "Transfer-Encoding: gzip, chunked\r\n\r\n" << 501 << QByteArray("Only the chunked");
}

void tst_HttpServer::chunkedRefused()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(QByteArray, text);
    TestServerOverHttp http;
    http.setMaxBodySize(512);
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    QCOMPARE(raw.statusFor(request), status);
    QCOMPARE(raw.headers.value("connection"), QByteArray("close"));
    const QByteArray body = raw.readBody();
    QVERIFY2(body.contains(text), body.constData());
}

void tst_HttpServer::modernJsonAnswer()
{
    TestServerOverHttp http;
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    QCOMPARE(raw.statusFor(modernPost("tools/list", {})), 200);
    QVERIFY(!raw.headers.contains("mcp-session-id")); // no sessions in this era
    const QJsonObject result = jsonBody(raw.readBody()).value(QLatin1String("result")).toObject();
    QCOMPARE(result.value(QLatin1String("resultType")).toString(), QStringLiteral("complete"));
    QVERIFY(result.value(QLatin1String("ttlMs")).isDouble());
    QCOMPARE(result.value(QLatin1String("_meta")).toObject().value(QLatin1String("io.modelcontextprotocol/serverInfo")).toObject()
                 .value(QLatin1String("name")).toString(), QStringLiteral("http-test"));
    // The same connection serves the next request (keep-alive), and nothing outlives an answer.
    QCOMPARE(raw.statusFor(modernPost("server/discover", {})), 200);
    QVERIFY(jsonBody(raw.readBody()).value(QLatin1String("result")).toObject().contains(QLatin1String("supportedVersions")));
    QTRY_COMPARE(http.server()->sessions().size(), 0);
    QCOMPARE(http.sessionCount(), 0);
}

void tst_HttpServer::modernHeaderValidation_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("code"); // 0: a result

    const QByteArray route = R"("name":"route","arguments":{"region":"us-west1","count":42,"tenant":{"id":"acme"}})";
    const QList<QByteArray> params{"Mcp-Param-Region: us-west1", "Mcp-Param-Count: 42", "Mcp-Param-Tenant: acme"};
    auto with = [&](const QList<QByteArray> &changes) { return params + changes; };
    QTest::newRow("all headers match") << modernPost("tools/call", route, "route", params) << 200 << 0;
    QTest::newRow("header names are case-insensitive")
        << modernPost("tools/call", route, "route", {"mcp-param-region: us-west1", "MCP-PARAM-COUNT: 42", "Mcp-Param-Tenant: acme"})
        << 200 << 0;
    QTest::newRow("Base64 sentinel decoded") << modernPost("tools/call", route, "=?base64?cm91dGU=?=",
                                                           with({"Mcp-Param-Region: =?base64?dXMtd2VzdDE=?="})) << 200 << 0;
    QTest::newRow("integer compared as a number") << modernPost("tools/call", route, "route", with({"Mcp-Param-Count: 42.0"}))
                                                  << 200 << 0;
    QTest::newRow("version header missing") << modernPost("tools/list", {}, {}, {"MCP-Protocol-Version: "}) << 400 << -32020;
    QTest::newRow("version header differs") << modernPost("tools/list", {}, {}, {"MCP-Protocol-Version: 2025-11-25"})
                                            << 400 << -32020;
    QTest::newRow("Mcp-Method missing") << modernPost("tools/list", {}, {}, {"Mcp-Method: "}) << 400 << -32020;
    QTest::newRow("Mcp-Method differs") << modernPost("tools/list", {}, {}, {"Mcp-Method: prompts/list"}) << 400 << -32020;
    QTest::newRow("Mcp-Method is case-sensitive") << modernPost("tools/list", {}, {}, {"Mcp-Method: TOOLS/LIST"}) << 400 << -32020;
    QTest::newRow("Mcp-Name missing") << modernPost("tools/call", route, {}, params) << 400 << -32020;
    QTest::newRow("Mcp-Name differs") << modernPost("tools/call", route, "echo", params) << 400 << -32020;
    QTest::newRow("param header missing") << modernPost("tools/call", route, "route", with({"Mcp-Param-Tenant: "})) << 400 << -32020;
    QTest::newRow("param header differs") << modernPost("tools/call", route, "route", with({"Mcp-Param-Region: eu"})) << 400 << -32020;
    QTest::newRow("broken Base64") << modernPost("tools/call", route, "route", with({"Mcp-Param-Region: =?base64?dXMtd2!?="}))
                                   << 400 << -32020;
    QTest::newRow("param header without argument")
        << modernPost("tools/call", R"("name":"route","arguments":{})", "route", {"Mcp-Param-Region: us-west1"}) << 400 << -32020;
    // Header and _meta agree on a version the server does not speak (same length: Content-Length holds).
    QTest::newRow("unsupported version") << modernPost("tools/list", {}).replace("2026-07-28", "2099-01-01") << 400 << -32022;
    QTest::newRow("unknown method") << modernPost("nothing/here", {}) << 404 << -32601;
    QTest::newRow("removed method") << modernPost("ping", {}) << 404 << -32601;
}

void tst_HttpServer::modernHeaderValidation()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(int, code);
    TestServerOverHttp http;
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    raw.write(request);
    QVERIFY(raw.readHead());
    const QJsonObject body = jsonBody(raw.readBody());
    QCOMPARE(raw.status, status);
    QCOMPARE(body.value(QLatin1String("id")).toInt(), 5);
    if (code == 0)
        QCOMPARE(firstText(body.value(QLatin1String("result")).toObject()), QStringLiteral("routed"));
    else
        QCOMPARE(body.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), code);
}

void tst_HttpServer::modernStreamCarriesProgressAndLog()
{
    TestServerOverHttp http;
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    raw.write(modernPost("tools/call", R"("name":"steps","arguments":{})", "steps", {},
                         R"("progressToken":"p1","io.modelcontextprotocol/logLevel":"info")"));
    QVERIFY(raw.readHead());
    QCOMPARE(raw.headers.value("content-type"), QByteArray("text/event-stream"));
    QVERIFY(!raw.headers.contains("mcp-session-id"));
    QStringList methods;
    for (;;) {
        const std::optional<RawHttp::Event> event = raw.nextEvent();
        QVERIFY(event);
        QVERIFY2(event->id.isEmpty(), event->id.constData()); // no resumption in this era: no event ids
        QVERIFY(event->retry < 0);
        const QJsonObject message = jsonBody(event->data);
        if (message.contains(QLatin1String("result"))) {
            QCOMPARE(message.value(QLatin1String("result")).toObject().value(QLatin1String("resultType")).toString(),
                     QStringLiteral("complete"));
            break;
        }
        methods.append(message.value(QLatin1String("method")).toString());
    }
    QCOMPARE(methods, (QStringList{QStringLiteral("notifications/progress"), QStringLiteral("notifications/message"),
                                   QStringLiteral("notifications/progress")}));
    QVERIFY(raw.waitEnd());
}

void tst_HttpServer::modernClosingStreamCancels()
{
    TestServerOverHttp http;
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    raw.write(modernPost("tools/call", R"("name":"held","arguments":{})", "held"));
    QTRY_VERIFY(g_held);
    QVERIFY(g_held->isModern());
    QSignalSpy cancelled(g_held.data(), &RequestContext::cancelled);
    raw.cut();
    QTRY_COMPARE(cancelled.size(), 1);
    QTRY_COMPARE(http.server()->sessions().size(), 0);
}

void tst_HttpServer::modernListen()
{
    TestServerOverHttp http;
    Server *server = http.server();
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    QCOMPARE(raw.statusFor(modernPost("subscriptions/listen", R"("notifications":{"toolsListChanged":true})")), 200);
    QCOMPARE(raw.headers.value("content-type"), QByteArray("text/event-stream"));
    // The next event on the stream: the method of its notification and the subscription it names
    // (an empty method when no event came).
    const auto nextNotification = [&raw]() -> std::pair<QString, int> {
        const std::optional<RawHttp::Event> event = raw.nextEvent();
        if (!event)
            return {};
        const QJsonObject message = jsonBody(event->data);
        return {message.value(QLatin1String("method")).toString(),
                message.value(QLatin1String("params")).toObject().value(QLatin1String("_meta")).toObject()
                    .value(QLatin1String("io.modelcontextprotocol/subscriptionId")).toInt()};
    };
    QCOMPARE(nextNotification(), std::make_pair(QStringLiteral("notifications/subscriptions/acknowledged"), 5));
    // A change of the prompts is not what this stream asked for; a change of the tools is.
    server->removePrompt(QStringLiteral("none"));
    server->addPrompt(QJsonObject{{QStringLiteral("name"), QStringLiteral("p")}},
                      [](const QJsonObject &, RpcError *) { return QJsonObject(); });
    server->addTool(QJsonObject{{QStringLiteral("name"), QStringLiteral("late")}}, [](ToolCall *call) { call->respond({}); });
    QCOMPARE(nextNotification(), std::make_pair(QStringLiteral("notifications/tools/list_changed"), 5));
    QVERIFY(!raw.waitEnd(300)); // the stream stays open
    QCOMPARE(server->sessions().size(), 1);
    raw.cut(); // and ends when the client closes it
    QTRY_COMPARE(server->sessions().size(), 0);
}

void tst_HttpServer::modernOnlyEra()
{
    TestServerOverHttp http(Era::Modern);
    QVERIFY(http.listen());
    {
        RawHttp raw(http.port());
        QVERIFY(raw.waitConnected());
        QCOMPARE(raw.statusFor(rawPost(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}})")), 400);
        const QJsonObject error = jsonBody(raw.readBody()).value(QLatin1String("error")).toObject();
        QCOMPARE(error.value(QLatin1String("code")).toInt(), -32022);
        QCOMPARE(error.value(QLatin1String("data")).toObject().value(QLatin1String("supported")).toArray(),
                 QJsonArray{QStringLiteral("2026-07-28")});
        QVERIFY(!raw.headers.contains("mcp-session-id"));
    }
    for (const QByteArray &request : {QByteArray("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"),
                                      QByteArray("DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nMcp-Session-Id: x\r\n\r\n")}) {
        RawHttp raw(http.port());
        QVERIFY(raw.waitConnected());
        QCOMPARE(raw.statusFor(request), 405);
    }
    // A session id from an older client is ignored, not echoed.
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    QCOMPARE(raw.statusFor(modernPost("tools/list", {}, {}, {"Mcp-Session-Id: stale"})), 200);
    QVERIFY(!raw.headers.contains("mcp-session-id"));
}

void tst_HttpServer::legacyEraRefusesModern()
{
    TestServerOverHttp http(Era::Legacy);
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    QCOMPARE(raw.statusFor(modernPost("server/discover", {})), 400); // what a 2025-11-25 server answers: no session
    const QJsonObject error = jsonBody(raw.readBody()).value(QLatin1String("error")).toObject();
    QCOMPARE(error.value(QLatin1String("code")).toInt(), -32600);
    QVERIFY(!rawSession(http.port()).isEmpty());
}

void tst_HttpServer::modernAlwaysSse()
{
    TestServerOverHttp http;
    http.setResponseMode(StreamableHttpServer::ResponseMode::AlwaysSse);
    QVERIFY(http.listen());
    RawHttp raw(http.port());
    QVERIFY(raw.waitConnected());
    // An error keeps its status: the stream starts only with a message that is not one.
    QCOMPARE(raw.statusFor(modernPost("ping", {})), 404);
    QCOMPARE(jsonBody(raw.readBody()).value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), -32601);
    QCOMPARE(raw.statusFor(modernPost("tools/list", {})), 200);
    QCOMPARE(raw.headers.value("content-type"), QByteArray("text/event-stream"));
    const std::optional<RawHttp::Event> answer = raw.nextEvent();
    QVERIFY(answer);
    QVERIFY(jsonBody(answer->data).value(QLatin1String("result")).toObject().contains(QLatin1String("tools")));
    QVERIFY(raw.waitEnd());
}

void tst_HttpServer::modernDemoServerBinary()
{
#ifndef MCPSCOPE_DEMO_SERVER
    QSKIP("The demo server is not built.");
#else
    QProcess process;
    const QUrl url = startDemoServer(process, {QStringLiteral("--era"), QStringLiteral("modern")});
    QVERIFY2(url.isValid(), "the demo server did not say where it listens");
    RawHttp raw(quint16(url.port()));
    QVERIFY(raw.waitConnected());
    // A multi round-trip request over HTTP: input_required, then the retry with the answer.
    const QByteArray capabilities = R"({"elicitation":{}})";
    QCOMPARE(raw.statusFor(modernPost("tools/call", R"("name":"ask_user","arguments":{})", "ask_user", {}, {}, capabilities)), 200);
    const QJsonObject first = jsonBody(raw.readBody()).value(QLatin1String("result")).toObject();
    QCOMPARE(first.value(QLatin1String("resultType")).toString(), QStringLiteral("input_required"));
    const QByteArray state = first.value(QLatin1String("requestState")).toString().toLatin1();
    QVERIFY(!state.isEmpty());
    const QByteArray retry = modernPost("tools/call",
                                        R"("name":"ask_user","arguments":{},"inputResponses":{"profile":{"action":"accept","content":{"name":"Lin"}}},"requestState":")"
                                            + state + '"',
                                        "ask_user", {}, {}, capabilities);
    QCOMPARE(raw.statusFor(retry), 200);
    const QJsonObject done = jsonBody(raw.readBody()).value(QLatin1String("result")).toObject();
    QCOMPARE(done.value(QLatin1String("structuredContent")).toObject().value(QLatin1String("content")).toObject()
                 .value(QLatin1String("name")).toString(), QStringLiteral("Lin"));
    // No GET stream in this era.
    QCOMPARE(raw.statusFor("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"), 405);
    process.terminate();
    process.waitForFinished(5000);
#endif
}

QTEST_GUILESS_MAIN(tst_HttpServer)
#include "tst_httpserver.moc"
