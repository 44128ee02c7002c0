#include "traffic/capturewindow.h"

#include "theme.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QStatusBar>

#include "traffic/trafficcapture.h"

namespace Mcp {
namespace Ui {

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

} // namespace Ui
} // namespace Mcp
