#pragma once

#include "clioptions.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

namespace Mcp {
class FileChangeWatcher;
}

namespace Mcp::Cli {

class CliRunner;

// `mcpscope --cli --watch GLOB ...`: runs the operation, then again on a fresh connection each
// time a watched file changes, so a stdio server starts anew with the rebuilt code. Each run
// prints its result as it arrives; a change during a run queues one more run after it.
class WatchLoop : public QObject
{
    Q_OBJECT

public:
    explicit WatchLoop(const CliOptions &options, QObject *parent = nullptr);

    // False (with *error) when there is nothing to watch.
    bool start(QString *error);

Q_SIGNALS:
    // After --watch-runs runs: the last run's exit code.
    void finished(int exitCode);

private:
    void runOnce();
    void onRunFinished(int exitCode);
    QString captureFileForRun(int run) const;
    // PATH with "-runN" before its extension (empty stays empty).
    static QString fileForRun(const QString &path, int run);

    CliOptions m_options;
    FileChangeWatcher *m_watcher = nullptr;
    QPointer<CliRunner> m_runner;
    QStringList m_pendingChanges; // changes seen during a run: one more run after it
    bool m_rerunQueued = false;
    int m_runs = 0;
};

} // namespace Mcp::Cli
