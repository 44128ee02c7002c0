// The spec's compatibility matrix (basic/versioning.mdx), cell by cell against real servers:
// our Client in auto, modern and legacy mode against the demo server and the TypeScript SDK v2
// server, each in its three eras, over stdio and Streamable HTTP (the auto HTTP transport).
// A cell either ends in the era it must choose, with tools/list and a tools/call of echo
// working, or fails to connect with a message that says why.

#include "session/client.h"
#include "transport/httpautotransport.h"
#include "transport/stdiotransport.h"

#include <QJsonArray>
#include <QPointer>
#include <QSet>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include "eras.h"
#include "httppeer.h"

using namespace Mcp;

namespace {

const QString Peers = QStringLiteral(MCPSCOPE_PEERS_DIR);
const QString Node = Peers + QStringLiteral("/.bin/node");
const QString Sdk2Server = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/peers/sdk2-server.mjs");
const QString DemoServer = QStringLiteral(MCPSCOPE_DEMO_SERVER);

enum class Expect { Modern, Legacy, Fail };

// handler answers elicitation in both modes; the era is detected (Auto).
void answerElicitation(Client *client, ServerRequestHandler *handler)
{
    ClientOptions options;
    options.features.elicitationForm = options.features.elicitationUrl = true;
    client->setOptions(options);
    client->setServerRequestHandler(handler);
}

// Answers form elicitations as the window's dialog or the CLI would: a name, then a yes.
class ScriptedElicitation : public ServerRequestHandler
{
public:
    void handleRequest(IncomingRequest *request) override
    {
        asked.append(request->params().value(QLatin1String("message")).toString());
        if (holdAnswers) {
            held = request;
            return;
        }
        const QJsonObject properties =
            request->params().value(QLatin1String("requestedSchema")).toObject().value(QLatin1String("properties")).toObject();
        QJsonObject content;
        if (properties.contains(QLatin1String("name")))
            content.insert(QStringLiteral("name"), QStringLiteral("Ada"));
        if (properties.contains(QLatin1String("confirm")))
            content.insert(QStringLiteral("confirm"), true);
        request->respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}, {QStringLiteral("content"), content}});
    }
    QStringList asked;
    bool holdAnswers = false;
    QPointer<IncomingRequest> held;
};

StdioServerParameters sdk2Modern()
{
    StdioServerParameters parameters;
    parameters.program = Node;
    parameters.arguments = {Sdk2Server, QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--transport"),
                            QStringLiteral("stdio")};
    return parameters;
}

} // namespace

class tst_CompatMatrix : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matrix_data();
    void matrix();
    // A modern multi round-trip request through the Client's elicitation handler, as one
    // OutgoingRequest with a new id per round; and cancelled while a person would answer.
    void multiRoundTripThroughTheHandler();
    void cancelBetweenRounds();

private:
    // The server's command line for this peer, era and transport.
    static QStringList commandFor(const QString &peer, const QString &era, bool http);
    // Starts an HTTP server and returns its URL (empty when it did not come up).
    static QUrl startHttp(QProcess &process, const QString &peer, const QString &era);
};

QStringList tst_CompatMatrix::commandFor(const QString &peer, const QString &era, bool http)
{
    if (peer == QLatin1String("demo")) {
        QStringList command{DemoServer, QStringLiteral("--era"), era};
        if (http)
            command << QStringLiteral("--http") << QStringLiteral("--port") << QStringLiteral("0");
        return command;
    }
    return {Node, Sdk2Server, QStringLiteral("--era"), era, QStringLiteral("--transport"),
            http ? QStringLiteral("http") : QStringLiteral("stdio")};
}

QUrl tst_CompatMatrix::startHttp(QProcess &process, const QString &peer, const QString &era)
{
    const QStringList command = commandFor(peer, era, true);
    return Test::startHttpPeer(process, command.first(), command.mid(1), 20000);
}

void tst_CompatMatrix::matrix_data()
{
    Test::addCompatibilityColumns();

    for (const QString peer : {QStringLiteral("demo"), QStringLiteral("sdk2")}) {
        for (const bool http : {false, true}) {
            for (const QString era : {QStringLiteral("modern"), QStringLiteral("dual"), QStringLiteral("legacy")}) {
                for (const QString choice : {QStringLiteral("auto"), QStringLiteral("modern"), QStringLiteral("legacy")}) {
                    Expect expected = Expect::Fail;
                    if (choice == QLatin1String("auto"))
                        expected = era == QLatin1String("legacy") ? Expect::Legacy : Expect::Modern;
                    else if (choice == QLatin1String("modern"))
                        expected = era == QLatin1String("legacy") ? Expect::Fail : Expect::Modern;
                    else
                        expected = era == QLatin1String("modern") ? Expect::Fail : Expect::Legacy;
                    const QString name = QStringLiteral("%1-%2-%3 client %4")
                                             .arg(peer, http ? QStringLiteral("http") : QStringLiteral("stdio"), era, choice);
                    QTest::newRow(qPrintable(name)) << peer << era << http << choice << int(expected);
                }
            }
        }
    }
}

void tst_CompatMatrix::matrix()
{
    QFETCH(QString, peer);
    QFETCH(QString, era);
    QFETCH(bool, http);
    QFETCH(QString, choice);
    QFETCH(int, expected);
    if (peer == QLatin1String("sdk2") && !QFile::exists(Node))
        QSKIP("tests/peers is not installed (scripts/setup.sh --test-peers)");

    QProcess httpServer;
    Transport *transport = nullptr;
    if (http) {
        const QUrl url = startHttp(httpServer, peer, era);
        QVERIFY2(url.isValid(), "the HTTP server did not start");
        transport = createHttpTransport(url, HttpTransportKind::Auto, {});
    } else {
        StdioServerParameters parameters;
        const QStringList command = commandFor(peer, era, false);
        parameters.program = command.first();
        parameters.arguments = command.mid(1);
        transport = new StdioTransport(parameters);
    }
    Client client(transport);
    client.setProbeTimeout(5000);
    const auto eraChoice = Modern::EraChoice::fromString(choice, Client::supportedModernVersions(),
                                                         Client::supportedProtocolVersions());
    QVERIFY(eraChoice);
    client.setEraChoice(*eraChoice);
    QSignalSpy ready(&client, &Client::ready);
    QSignalSpy failed(&client, &Client::errorOccurred);
    client.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || client.state() == Client::State::Failed, 30000);

    if (Expect(expected) == Expect::Fail) {
        QCOMPARE(client.state(), Client::State::Failed);
        QVERIFY2(!client.errorString().isEmpty(), "a failed connection says why");
        qInfo().noquote() << "refused as expected:" << client.errorString();
    } else {
        QVERIFY2(client.state() == Client::State::Ready, qPrintable(client.errorString()));
        QCOMPARE(client.isModern(), Expect(expected) == Expect::Modern);
        QCOMPARE(client.eraRecord().era,
                 Expect(expected) == Expect::Modern ? Modern::Era::Modern : Modern::Era::Legacy);
        if (Expect(expected) == Expect::Modern) {
            QVERIFY(!client.discoverResult().isEmpty());
            QCOMPARE(client.protocolVersion(), QStringLiteral("2026-07-28"));
        }

        OutgoingRequest *list = client.listTools();
        QSignalSpy listed(list, &OutgoingRequest::finished);
        QVERIFY(listed.wait(15000));
        QVERIFY2(!list->isError(), qPrintable(list->error().message));
        bool hasEcho = false;
        for (const QJsonValue &tool : list->result().toObject().value(QLatin1String("tools")).toArray())
            hasEcho = hasEcho || tool.toObject().value(QLatin1String("name")) == QLatin1String("echo");
        QVERIFY(hasEcho);

        OutgoingRequest *call = client.callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("matrix")}});
        QSignalSpy called(call, &OutgoingRequest::finished);
        QVERIFY(called.wait(15000));
        QVERIFY2(!call->isError(), qPrintable(call->error().message));
        const QJsonArray content = call->result().toObject().value(QLatin1String("content")).toArray();
        QCOMPARE(content.first().toObject().value(QLatin1String("text")).toString(), QStringLiteral("matrix"));
    }
    client.disconnectFromServer();
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == Client::State::Disconnected || client.state() == Client::State::Failed, 10000);
    if (httpServer.state() != QProcess::NotRunning) {
        httpServer.kill();
        httpServer.waitForFinished(3000);
    }
}

void tst_CompatMatrix::multiRoundTripThroughTheHandler()
{
    if (!QFile::exists(Node))
        QSKIP("tests/peers is not installed (scripts/setup.sh --test-peers)");
    ScriptedElicitation elicitation;
    Client client(new StdioTransport(sdk2Modern()));
    answerElicitation(&client, &elicitation);
    QSignalSpy ready(&client, &Client::ready);
    client.connectToServer();
    QVERIFY(ready.wait(20000));
    QVERIFY(client.isModern());

    OutgoingRequest *call = client.callTool(QStringLiteral("greet_confirmed"), {});
    QSignalSpy finished(call, &OutgoingRequest::finished);
    QVERIFY(finished.wait(20000));
    QVERIFY2(!call->isError(), qPrintable(call->error().message));
    QCOMPARE(call->result().toObject().value(QLatin1String("content")).toArray().first().toObject()
                 .value(QLatin1String("text")).toString(), QStringLiteral("Hello, Ada!"));
    QCOMPARE(elicitation.asked, (QStringList{QStringLiteral("Who is it?"), QStringLiteral("Greet Ada?")}));
    const QList<MessageId> ids = call->roundIds();
    QCOMPARE(ids.size(), 3);
    QCOMPARE(QSet<MessageId>(ids.cbegin(), ids.cend()).size(), 3); // a new id every round
    QCOMPARE(call->id(), ids.last());
    const QList<Modern::RoundRecord> rounds = call->rounds();
    QCOMPARE(rounds.size(), 3);
    QVERIFY(rounds.at(0).inputRequired && rounds.at(1).inputRequired && !rounds.at(2).inputRequired);
    QVERIFY(!rounds.at(1).carriedRequestState && rounds.at(2).carriedRequestState);
    QCOMPARE(call->response().rounds.size(), 3);
}

void tst_CompatMatrix::cancelBetweenRounds()
{
    if (!QFile::exists(Node))
        QSKIP("tests/peers is not installed (scripts/setup.sh --test-peers)");
    ScriptedElicitation elicitation;
    elicitation.holdAnswers = true;
    Client client(new StdioTransport(sdk2Modern()));
    answerElicitation(&client, &elicitation);
    QSignalSpy ready(&client, &Client::ready);
    client.connectToServer();
    QVERIFY(ready.wait(20000));

    OutgoingRequest *call = client.callTool(QStringLiteral("greet_confirmed"), {});
    QSignalSpy finished(call, &OutgoingRequest::finished);
    QTRY_VERIFY_WITH_TIMEOUT(elicitation.held, 20000);
    QSignalSpy withdrawn(elicitation.held.data(), &IncomingRequest::cancelled);
    call->cancel();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(call->error().code, int(SessionErrorCode::Cancelled));
    QCOMPARE(call->roundIds().size(), 1); // no retry after the cancel
    QTRY_COMPARE(withdrawn.size(), 1);   // the question the handler held is taken back
}

QTEST_GUILESS_MAIN(tst_CompatMatrix)
#include "tst_compatmatrix.moc"
