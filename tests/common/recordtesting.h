#pragma once

// Shared by the recorder tests: `mcpscope record --http` started in front of a server, and a
// client that talks to a server through a recorder (or any proxy) and reads back the echo tool.

#include "session/client.h"
#include "toolresults.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTest>
#include <QUrl>

// Starts `mcpscope record --http --target target --capture capture` and `extra` arguments, in
// `environment`; the URL it listens on, which it prints as its first line. Empty when it did not
// start or said nothing within 10 s.
inline QUrl startHttpRecorder(QProcess *recorder, const QUrl &target, const QString &capture, const QStringList &extra = {},
                              const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    recorder->setProcessEnvironment(environment);
    recorder->start(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("record"), QStringLiteral("--http"), QStringLiteral("--target"),
                                                              target.toString(), QStringLiteral("--capture"), capture}
                                                      + extra);
    if (!recorder->waitForStarted())
        return {};
    QByteArray out;
    if (!QTest::qWaitFor([&] { return (out += recorder->readAllStandardOutput()).contains('\n'); }, 10000))
        return {};
    return QUrl(QString::fromUtf8(out.trimmed()));
}

// Connects client, calls the demo server's echo tool with message, expects the text echoed, and
// disconnects; fails the test when the client does not connect or the answer is not expected.
inline void expectEcho(Mcp::Client &client, const QString &message, const QString &echoed)
{
    QSignalSpy ready(&client, &Mcp::Client::ready);
    client.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || client.state() == Mcp::Client::State::Failed, 30000);
    QVERIFY2(client.state() == Mcp::Client::State::Ready, qPrintable(client.errorString()));
    Mcp::OutgoingRequest *call = client.callTool(QStringLiteral("echo"), {{QStringLiteral("message"), message}});
    // The handle deletes itself after finished(): the answer is read there.
    QObject context;
    bool answered = false;
    QString text;
    QObject::connect(call, &Mcp::OutgoingRequest::finished, &context, [call, &answered, &text] {
        text = Mcp::Test::firstText(call->result().toObject());
        answered = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 15000);
    QCOMPARE(text, echoed);
    client.disconnectFromServer();
}
