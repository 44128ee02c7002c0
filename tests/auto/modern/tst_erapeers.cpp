// Era detection against a real legacy server: @modelcontextprotocol/server-everything (npm,
// SDK v1) over stdio, Streamable HTTP and HTTP+SSE. The modern probe goes out as the modern
// client will send it (RequestMeta, the modern HTTP headers); EraDetector reads what really
// comes back, and its next step (initialize, then HTTP+SSE) must work on that server.
#include "session/client.h"
#include "session/modern/eradetector.h"
#include "transport/httpautotransport.h"
#include "session/modern/requestmeta.h"
#include "transport/modernheaders.h"
#include "transport/sseparser.h"

#include "jsonrpc/json.h"
#include "jsonrpc/message.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "everythingpeer.h"

using namespace Mcp;
using namespace Mcp::Modern;
using Action = EraStep::Action;

namespace {

const QString Peers = QStringLiteral(MCPSCOPE_PEERS_DIR);
const QString Node = Peers + QStringLiteral("/.bin/node");
const QString EverythingEntry = Peers + QStringLiteral("/@modelcontextprotocol/server-everything/dist/index.js");
const QStringList ModernVersions = {QStringLiteral("2026-07-28")};
const QStringList LegacyVersions = {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                    QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};

QJsonObject probeParams(const QString &version)
{
    RequestMeta meta;
    meta.protocolVersion = version;
    meta.clientInfo = {{QStringLiteral("name"), QStringLiteral("tst_erapeers")}, {QStringLiteral("version"), QStringLiteral("1")}};
    return meta.applyTo({});
}

QJsonObject initializeParams()
{
    return {{QStringLiteral("protocolVersion"), LegacyVersions.first()},
            {QStringLiteral("capabilities"), QJsonObject()},
            {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("tst_erapeers")},
                                                       {QStringLiteral("version"), QStringLiteral("1")}}}};
}

// The JSON-RPC reply in an HTTP body: plain JSON, or the first message of an SSE stream.
Message replyIn(const QByteArray &body)
{
    if (body.trimmed().startsWith('{'))
        return parseFrame(body).messages.value(0);
    SseParser parser;
    for (const SseEvent &event : parser.feed(body)) {
        if (event.hasData && !event.data.trimmed().isEmpty())
            return parseFrame(event.data).messages.value(0);
    }
    return {};
}

} // namespace

class tst_EraPeers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void stdioLegacyServer();
    void streamableHttpLegacyServer();
    void legacySseServer();
    void clientReportsSseAsDeprecated();

private:
    struct HttpAnswer
    {
        int status = 0;
        QByteArray body;
    };
    HttpAnswer post(const QUrl &url, const Message &message, const ModernHeaders::HeaderList &headers);
    HttpAnswer sendProbe(const QUrl &url, EraDetector &detector);
    int startHttpEverything(QProcess &process, const QString &mode);
    // server-everything over HTTP and an HTTP era detector's first probe to it; the server is
    // killed when the test ends.
    struct ProbedServer
    {
        QProcess server;
        QUrl url;
        EraDetector detector{EraDetector::Transport::Http, {}, ModernVersions, LegacyVersions};
        HttpAnswer probe;
        ~ProbedServer()
        {
            server.kill();
            server.waitForFinished(3000);
        }
    };
    // Starts the server in mode, its endpoint at path, and probes it: false if it did not start.
    bool startAndProbe(ProbedServer *peer, const QString &mode, const QString &path);

    QNetworkAccessManager m_network;
};

void tst_EraPeers::initTestCase()
{
    if (!QFileInfo::exists(Node) || !QFileInfo::exists(EverythingEntry))
        QSKIP("server-everything is not installed (scripts/setup.sh --test-peers)");
}

void tst_EraPeers::stdioLegacyServer()
{
    QProcess server;
    server.start(Node, {EverythingEntry, QStringLiteral("stdio")});
    QVERIFY(server.waitForStarted(10000));
    auto replyTo = [&server](const MessageId &id, int timeoutMs) -> std::optional<Message> {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            while (server.canReadLine()) {
                const Message message = parseFrame(server.readLine().trimmed()).messages.value(0);
                if (message.isReply() && message.id() == id)
                    return message;
            }
            server.waitForReadyRead(100);
        }
        return std::nullopt;
    };

    EraDetector detector(EraDetector::Transport::Stdio, {}, ModernVersions, LegacyVersions);
    EraStep step = detector.start();
    QCOMPARE(step.action, Action::SendModern);
    server.write(Message::request(MessageId(1), QStringLiteral("server/discover"), probeParams(step.version)).serialize() + '\n');
    const auto probeReply = replyTo(MessageId(1), 5000);
    if (!probeReply)
        step = detector.timeout();
    else if (probeReply->isErrorResponse())
        step = detector.error(probeReply->error());
    else
        step = detector.result(probeReply->result().toObject());
    QCOMPARE(step.action, Action::Initialize);
    QCOMPARE(detector.record().era, Era::Legacy);

    // The step holds on the real server: initialize answers.
    server.write(Message::request(MessageId(2), QStringLiteral("initialize"), initializeParams()).serialize() + '\n');
    const auto initialized = replyTo(MessageId(2), 10000);
    QVERIFY(initialized);
    QVERIFY(initialized->isResponse());
    QVERIFY(LegacyVersions.contains(initialized->result().toObject().value(QStringLiteral("protocolVersion")).toString()));

    server.closeWriteChannel();
    if (!server.waitForFinished(3000))
        server.kill();
}

void tst_EraPeers::streamableHttpLegacyServer()
{
    ProbedServer peer;
    QVERIFY2(startAndProbe(&peer, QStringLiteral("streamableHttp"), QStringLiteral("/mcp")), "server-everything did not start");
    const HttpAnswer &probe = peer.probe;
    QVERIFY2(probe.status > 0, "no HTTP answer");
    EraStep step;
    if (probe.status / 100 == 2) {
        const Message reply = replyIn(probe.body);
        step = reply.isErrorResponse() ? peer.detector.error(reply.error()) : peer.detector.result(reply.result().toObject());
    } else {
        step = peer.detector.httpStatus(probe.status, probe.body);
    }
    QVERIFY2(step.action == Action::Initialize,
             qPrintable(QStringLiteral("HTTP %1: %2 -> %3").arg(probe.status).arg(QString::fromUtf8(probe.body)).arg(step.message)));

    const HttpAnswer initialized = post(peer.url, Message::request(MessageId(2), QStringLiteral("initialize"), initializeParams()), {});
    QCOMPARE(initialized.status, 200);
    QVERIFY2(replyIn(initialized.body).isResponse(), initialized.body.constData());
}

void tst_EraPeers::legacySseServer()
{
    ProbedServer peer;
    QVERIFY2(startAndProbe(&peer, QStringLiteral("sse"), QStringLiteral("/sse")), "server-everything did not start");
    EraStep step;
    QVERIFY2(peer.probe.status / 100 == 4, qPrintable(QString::number(peer.probe.status)));
    step = peer.detector.httpStatus(peer.probe.status, peer.probe.body);
    QCOMPARE(step.action, Action::Initialize);

    const HttpAnswer initialize = post(peer.url, Message::request(MessageId(2), QStringLiteral("initialize"), initializeParams()), {});
    step = peer.detector.initializeRefused(initialize.status);
    QVERIFY2(step.action == Action::LegacySse, qPrintable(QString::number(initialize.status)));
}

// A Client in Auto against the HTTP+SSE server: the probe and initialize fall back to
// HTTP+SSE, and the connection reports that transport as deprecated.
void tst_EraPeers::clientReportsSseAsDeprecated()
{
    QProcess server;
    const int port = startHttpEverything(server, QStringLiteral("sse"));
    QVERIFY(port > 0);
    Client client(createHttpTransport(QUrl(QStringLiteral("http://127.0.0.1:%1/sse").arg(port)), HttpTransportKind::Auto, {}));
    client.setEraChoice({EraChoice::Mode::Auto, {}});
    QSignalSpy deprecated(&client, &Client::deprecatedFeatureUsed);
    client.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == Client::State::Ready || client.state() == Client::State::Failed, 30000);
    QVERIFY2(client.state() == Client::State::Ready, qPrintable(client.errorString()));
    QVERIFY(!client.isModern());
    QCOMPARE(client.transport()->transportName(), QStringLiteral("sse"));
    QCOMPARE(deprecated.size(), 1);
    QCOMPARE(deprecated.first().first().toString(), QStringLiteral("HTTP+SSE"));
    QVERIFY(client.deprecatedFeatures().contains(QStringLiteral("HTTP+SSE")));
    client.disconnectFromServer();
    server.kill();
    server.waitForFinished(3000);
}

tst_EraPeers::HttpAnswer tst_EraPeers::post(const QUrl &url, const Message &message,
                                            const ModernHeaders::HeaderList &headers)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    for (const auto &header : headers)
        request.setRawHeader(header.first, header.second);
    QNetworkReply *reply = m_network.post(request, message.serialize());
    HttpAnswer answer;
    // An SSE answer may stay open after the response: read until the reply's event arrives.
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 10000 && !reply->isFinished()) {
        QTest::qWait(20);
        answer.body += reply->readAll();
        if (replyIn(answer.body).isReply())
            break;
    }
    answer.body += reply->readAll();
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->abort();
    reply->deleteLater();
    return answer;
}

// The modern probe the detector starts with, as the modern client sends it.
tst_EraPeers::HttpAnswer tst_EraPeers::sendProbe(const QUrl &url, EraDetector &detector)
{
    const EraStep step = detector.start();
    const QJsonObject params = probeParams(step.version);
    return post(url, Message::request(MessageId(1), QStringLiteral("server/discover"), params),
                ModernHeaders::standardHeaders(step.version, QStringLiteral("server/discover"), params));
}

int tst_EraPeers::startHttpEverything(QProcess &process, const QString &mode)
{
    return Test::startHttpEverything(process, Node, EverythingEntry, mode);
}

bool tst_EraPeers::startAndProbe(ProbedServer *peer, const QString &mode, const QString &path)
{
    const int port = startHttpEverything(peer->server, mode);
    if (port <= 0)
        return false;
    peer->url = QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path));
    peer->probe = sendProbe(peer->url, peer->detector);
    return true;
}

QTEST_GUILESS_MAIN(tst_EraPeers)
#include "tst_erapeers.moc"
