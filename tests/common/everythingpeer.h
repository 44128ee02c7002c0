#pragma once

// server-everything (npm, tests/peers) over HTTP for a test, through
// tests/auto/httpinterop/loopback.mjs, which has it listen on 127.0.0.1 and name its port on stderr.

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace Mcp::Test {

// Starts node running entry (server-everything's index.js) in mode ("streamableHttp" or "sse");
// the port it listens on, or 0 when it did not start or name one within 20 s.
inline int startHttpEverything(QProcess &process, const QString &node, const QString &entry, const QString &mode)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PORT"), QStringLiteral("0"));
    process.setProcessEnvironment(env);
    process.start(node, {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpinterop/loopback.mjs"), entry, mode});
    if (!process.waitForStarted(10000))
        return 0;
    const QRegularExpression listening(QStringLiteral("listening on 127\\.0\\.0\\.1:(\\d+)"));
    QByteArray stderrText;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 20000) {
        process.waitForReadyRead(200);
        stderrText += process.readAllStandardError();
        const auto match = listening.match(QString::fromUtf8(stderrText));
        if (match.hasMatch())
            return match.captured(1).toInt();
    }
    return 0;
}

} // namespace Mcp::Test
