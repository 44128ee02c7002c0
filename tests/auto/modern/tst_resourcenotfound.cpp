// "Resource not found" in both eras against the demo server (a real child process): -32002 from
// a legacy session, -32602 from a modern one (2026-07-28 moved it); the Client accepts both and
// says which resource the server does not have, keeping the server's code.
#include "session/client.h"
#include "transport/stdiotransport.h"

#include <QSignalSpy>
#include <QTest>

using namespace Mcp;

class tst_ResourceNotFound : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void bothCodesSayTheSame_data();
    void bothCodesSayTheSame();
};

void tst_ResourceNotFound::bothCodesSayTheSame_data()
{
    QTest::addColumn<QString>("era");
    QTest::addColumn<int>("code");
    QTest::newRow("legacy: -32002") << QStringLiteral("legacy") << -32002;
    QTest::newRow("modern: -32602") << QStringLiteral("modern") << -32602;
}

void tst_ResourceNotFound::bothCodesSayTheSame()
{
    QFETCH(QString, era);
    QFETCH(int, code);
    StdioServerParameters demo;
    demo.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    demo.arguments = {QStringLiteral("--era"), era};
    Client client(new StdioTransport(demo));
    client.setEraChoice({Modern::EraChoice::Mode::Auto, {}});
    QSignalSpy ready(&client, &Client::ready);
    client.connectToServer();
    QVERIFY(ready.wait(20000));
    QCOMPARE(client.isModern(), era == QLatin1String("modern"));

    OutgoingRequest *read = client.readResource(QStringLiteral("demo://no-such-thing"));
    RpcError error;
    bool failed = false;
    bool done = false;
    connect(read, &OutgoingRequest::finished, read, [read, &error, &failed, &done] {
        failed = read->isError();
        error = read->error();
        done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    QVERIFY(failed);
    QCOMPARE(error.code, code);
    QVERIFY2(error.message.startsWith(QLatin1String("The server has no resource demo://no-such-thing")), qPrintable(error.message));
    QVERIFY2(error.message.contains(QLatin1String("Resource not found")), qPrintable(error.message)); // the server's words

    // Another invalid-params error of resources/read is not called "not found".
    OutgoingRequest *bad = client.sendRequest(QStringLiteral("resources/read"), {});
    QString badMessage;
    done = false;
    connect(bad, &OutgoingRequest::finished, bad, [bad, &badMessage, &done] {
        badMessage = bad->error().message;
        done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    QVERIFY2(!badMessage.contains(QLatin1String("has no resource")), qPrintable(badMessage));
}

QTEST_GUILESS_MAIN(tst_ResourceNotFound)
#include "tst_resourcenotfound.moc"
