#include "watchloop.h"

#include "clirunner.h"

#include "config/serverconfig.h"
#include "config/watch.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTime>
#include <QTimer>

#include <cstdio>

namespace Mcp::Cli {

static void say(const QString &line)
{
    std::fputs(qUtf8Printable(QStringLiteral("mcpscope: ") + line + u'\n'), stderr);
    std::fflush(stderr);
}

WatchLoop::WatchLoop(const CliOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
}

bool WatchLoop::start(QString *error)
{
    ServerConfig config;
    if (!serverConfiguration(m_options, &config, error))
        return false;
    QStringList globs;
    for (const QString &glob : std::as_const(m_options.watchGlobs)) {
        if (glob != QLatin1String("auto")) {
            globs.append(glob);
            continue;
        }
        const QStringList defaults = WatchSettings::defaultGlobs(config);
        if (defaults.isEmpty()) {
            *error = tr("--watch auto finds no script or binary in the server's command; name the files "
                        "to watch, e.g. --watch 'build/**'");
            return false;
        }
        globs += defaults;
    }
    const QString base = config.workingDirectory.isEmpty() ? QDir::currentPath() : config.workingDirectory;
    m_watcher = new FileChangeWatcher(this);
    connect(m_watcher, &FileChangeWatcher::filesChanged, this, [this](const QStringList &paths) {
        if (m_runner) {
            // Mid-run: the change is taken up by one more run when this one ends.
            m_pendingChanges += paths;
            m_rerunQueued = true;
            return;
        }
        say(tr("[%1] changed: %2; running again").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")),
                                                       paths.join(QStringLiteral(", "))));
        runOnce();
    });
    m_watcher->watch(base, globs, m_options.watchDebounceMs);
    const int matching = int(m_watcher->matchingFiles().size());
    say(tr("watching %1 under %2 (%n file(s) match now); Ctrl+C stops", nullptr, matching)
            .arg(globs.join(QStringLiteral(", ")), QDir::toNativeSeparators(base)));
    runOnce();
    return true;
}

QString WatchLoop::captureFileForRun(int run) const
{
    return fileForRun(m_options.captureFile, run);
}

QString WatchLoop::fileForRun(const QString &path, int run)
{
    if (path.isEmpty())
        return {};
    // Every run keeps its own capture and trace: a later run never overwrites the evidence of an
    // earlier one ("run.chrome.json" becomes "run-run2.chrome.json", so its format still shows).
    const QFileInfo file(path);
    const QString suffix = file.completeSuffix();
    const QString stem = suffix.isEmpty() ? file.fileName() : file.fileName().chopped(suffix.size() + 1);
    return file.dir().filePath(stem + QStringLiteral("-run%1").arg(run) + (suffix.isEmpty() ? QString() : u'.' + suffix));
}

void WatchLoop::runOnce()
{
    ++m_runs;
    CliOptions options = m_options;
    options.captureFile = captureFileForRun(m_runs);
    options.trace.file = fileForRun(m_options.trace.file, m_runs);
    m_runner = new CliRunner(options, this);
    connect(m_runner, &CliRunner::finished, this, &WatchLoop::onRunFinished);
    m_runner->start();
}

void WatchLoop::onRunFinished(int exitCode)
{
    if (m_runner)
        m_runner->deleteLater();
    m_runner = nullptr;
    say(tr("run %1 ended with exit code %2").arg(m_runs).arg(exitCode));
    if (m_options.watchRuns > 0 && m_runs >= m_options.watchRuns) {
        Q_EMIT finished(exitCode);
        return;
    }
    if (m_rerunQueued) {
        m_rerunQueued = false;
        const QStringList changes = std::exchange(m_pendingChanges, {});
        say(tr("[%1] changed during the run: %2; running again").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")),
                                                                     changes.join(QStringLiteral(", "))));
        QTimer::singleShot(0, this, &WatchLoop::runOnce);
        return;
    }
    say(tr("waiting for a change"));
}

} // namespace Mcp::Cli
