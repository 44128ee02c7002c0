#pragma once

// Starting a real HTTP peer for a test: the demo server (--http) names its URL on stderr, the
// SDK peers on their first stdout line. Header only: every test area includes it.

#include <QByteArray>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>

namespace Mcp::Test {

// The first http:// URL the started process prints on either channel (a whole line, so never a
// URL cut in the middle); an invalid QUrl when none came within timeoutMs or the process ended.
inline QUrl awaitHttpUrl(QProcess &process, int timeoutMs = 15000)
{
    const QRegularExpression pattern(QStringLiteral("(http://\\S+)\\s"));
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        seen += process.readAllStandardOutput() + process.readAllStandardError();
        const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(seen));
        if (match.hasMatch())
            return QUrl(match.captured(1));
        if (clock.elapsed() >= timeoutMs || process.state() == QProcess::NotRunning)
            return {};
        process.waitForReadyRead(200);
    }
}

// Starts program with arguments and waits for the URL it serves on.
inline QUrl startHttpPeer(QProcess &process, const QString &program, const QStringList &arguments,
                          int timeoutMs = 15000)
{
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return {};
    return awaitHttpUrl(process, timeoutMs);
}

// startHttpPeer with the peer's two channels merged into one; the URL as text, empty on failure.
inline QString startMergedHttpPeer(QProcess *process, const QString &program, const QStringList &arguments)
{
    process->setProcessChannelMode(QProcess::MergedChannels);
    return startHttpPeer(*process, program, arguments).toString();
}

// An HTTP peer for the length of a scope: started (startMergedHttpPeer), killed at its end.
class ScopedHttpPeer
{
public:
    ScopedHttpPeer(const QString &program, const QStringList &arguments)
        : url(startMergedHttpPeer(&process, program, arguments))
    {
    }
    ~ScopedHttpPeer()
    {
        process.kill();
        process.waitForFinished();
    }

    QProcess process;
    const QString url; // empty when it did not start
};

} // namespace Mcp::Test
