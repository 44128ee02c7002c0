#pragma once

// Child processes in tests: a program run to its end (the mcpscope binary's subcommands, mostly),
// and whether a process is still running. Header only.

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QtGlobal>

namespace Mcp::Test {

// What a finished run said. exitCode: -1 when it did not start or finish in time, -2 when it crashed.
struct ProcessRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

// Runs program with arguments in env until it ends; killed (and said so) after timeoutMs.
inline ProcessRun runToEnd(const QString &program, const QStringList &arguments, int timeoutMs,
                           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    ProcessRun run;
    if (!process.waitForStarted(10000) || !process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        qWarning("%s did not finish: %s", qPrintable(program), qPrintable(arguments.join(u' ')));
        return run;
    }
    run.elapsedMs = clock.elapsed();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// Whether the process pid runs; a zombie is gone for our purposes (its parent has not reaped it yet).
inline bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && text.size() > close + 2 && text.at(close + 2) != 'Z';
}

} // namespace Mcp::Test
