#include "traffic/capturewindow.h"
#include "widgets/screenfit.h"

#include "theme.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include "config/serverconfig.h"
#include "traffic/capturemessages.h"
#include "traffic/replaydialog.h"
#include "traffic/trafficcapture.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

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
    m_name = QFileInfo(path).fileName();
    createMenus();
    ScreenFit::resizeWithin(this, QSize(1100, 700));
}

CaptureWindow::CaptureWindow(TrafficLog *log) : m_log(log)
{
    setAttribute(Qt::WA_DeleteOnClose);
    log->setParent(this);
    setWindowIcon(Theme::appIcon());
    m_view = new TrafficView(log, this);
    m_view->setShowsServers(true);
    setCentralWidget(m_view);
    createMenus();
    ScreenFit::resizeWithin(this, QSize(1100, 700));
}

void CaptureWindow::createMenus()
{
    QMenu *capture = menuBar()->addMenu(tr("&Capture"));
    QAction *replay = capture->addAction(Theme::icon(QStringLiteral("run")), tr("&Replay Against…"));
    replay->setObjectName(QStringLiteral("replayAgainst"));
    replay->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    replay->setStatusTip(tr("Send this capture's client requests to a fresh server and compare its answers with the recorded ones"));
    connect(replay, &QAction::triggered, this, [this] { replayAgainst(); });
    capture->addSeparator();
    QAction *close = capture->addAction(tr("&Close"));
    close->setShortcut(QKeySequence::Close);
    connect(close, &QAction::triggered, this, &QWidget::close);
}

ReplayDialog *CaptureWindow::replayAgainst()
{
    // What the window holds now (a live recording included), secrets kept: it stays in memory.
    m_log->flush();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    TrafficCapture::ExportOptions options;
    options.redaction = TrafficCapture::Redaction::KeepSecrets;
    QString error;
    if (!TrafficCapture::writeJsonLines(&buffer, *m_log, options, &error)) {
        QMessageBox::warning(this, tr("Replay"), error);
        return nullptr;
    }
    const CapturedMessages capture = CapturedMessages::fromJsonLines(buffer.data());
    if (!capture.error.isEmpty()) {
        QMessageBox::warning(this, tr("Replay"), capture.error);
        return nullptr;
    }
    auto *dialog = new ReplayDialog(capture, m_name, m_servers ? m_servers() : QList<ServerConfig>(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

CaptureWindow *CaptureWindow::openLive(const QString &name, const QString &capturePath, qint64 pid)
{
    auto *log = new TrafficLog;
    // The recorder's events carry its one connection id.
    log->setConnectionName(1, name);
    auto *window = new CaptureWindow(log);
    window->m_live = true;
    window->m_liveName = name;
    window->m_name = name;
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
