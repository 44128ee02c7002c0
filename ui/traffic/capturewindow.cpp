#include "traffic/capturewindow.h"

#include "theme.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QStatusBar>

#include "traffic/trafficcapture.h"

namespace Mcp::Ui {

CaptureWindow::CaptureWindow(const QString &path, TrafficLog *log) : m_log(log)
{
    setAttribute(Qt::WA_DeleteOnClose);
    log->setParent(this);
    setWindowTitle(tr("%1 — Capture").arg(QFileInfo(path).fileName()));
    setWindowIcon(Theme::appIcon());
    m_view = new TrafficView(log, this);
    m_view->setOffline(path);
    m_view->setShowsServers(true);
    m_view->setDefaultExportName(QFileInfo(path).completeBaseName());
    setCentralWidget(m_view);
    resize(1100, 700);
}

CaptureWindow::CaptureWindow(TrafficLog *log) : m_log(log)
{
    setAttribute(Qt::WA_DeleteOnClose);
    log->setParent(this);
    setWindowIcon(Theme::appIcon());
    m_view = new TrafficView(log, this);
    m_view->setShowsServers(true);
    setCentralWidget(m_view);
    resize(1100, 700);
}

CaptureWindow *CaptureWindow::openLive(const QString &name, const QString &capturePath, qint64 pid)
{
    auto *log = new TrafficLog;
    // The recorder's events carry its one connection id.
    log->setConnectionName(1, name);
    auto *window = new CaptureWindow(log);
    window->m_live = true;
    window->m_liveName = name;
    window->m_capturePath = capturePath;
    window->setWindowTitle(tr("%1 — Recording").arg(name));
    window->m_view->setDefaultExportName(name);
    window->statusBar()->showMessage(capturePath.isEmpty()
                                         ? tr("Recording live (process %1); no capture file").arg(pid)
                                         : tr("Recording live (process %1) into %2").arg(pid).arg(capturePath));
    return window;
}

void CaptureWindow::setRecordingEnded()
{
    m_live = false;
    m_log->flush();
    setWindowTitle(tr("%1 — Recording ended").arg(m_liveName));
    statusBar()->showMessage(m_capturePath.isEmpty()
                                 ? tr("The recording has ended; %n event(s)", nullptr, m_log->rowCount())
                                 : tr("The recording has ended; %n event(s), saved in %1", nullptr, m_log->rowCount())
                                       .arg(m_capturePath));
}

CaptureWindow *CaptureWindow::open(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Could not open %1: %2").arg(path, file.errorString());
        return nullptr;
    }
    auto *log = new TrafficLog;
    const TrafficCapture::ImportResult result = TrafficCapture::readJsonLines(&file, log);
    if (!result.ok) {
        delete log;
        if (error)
            *error = tr("%1 is not an MCP Scope capture: %2").arg(QFileInfo(path).fileName(), result.error);
        return nullptr;
    }
    for (auto it = result.connectionNames.begin(); it != result.connectionNames.end(); ++it)
        log->setConnectionName(it.key(), it.value());
    log->flush();
    auto *window = new CaptureWindow(path, log);
    QStringList notes;
    notes << tr("%n event(s)", nullptr, int(result.imported));
    if (result.created.isValid())
        notes << tr("recorded %1").arg(QLocale().toString(result.created.toLocalTime(), QLocale::ShortFormat));
    if (result.redacted)
        notes << tr("secrets redacted");
    if (!result.issues.isEmpty())
        notes << tr("%n line(s) skipped (first: line %1, %2)", nullptr, int(result.issues.size()))
                     .arg(result.issues.first().line).arg(result.issues.first().reason);
    window->statusBar()->showMessage(notes.join(QStringLiteral(" · ")));
    window->m_importIssues = int(result.issues.size());
    return window;
}

} // namespace Mcp::Ui
