#pragma once

#include <QMainWindow>

#include <functional>

namespace Mcp {
class TrafficLog;
struct ServerConfig;
}

namespace Mcp::Ui {

class ReplayDialog;
class TrafficView;

// A capture file (JSON Lines) opened for offline browsing, in its own window, with the
// same view, filters, detail pane and export as a live log.
class CaptureWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Reads the file; returns nullptr and sets *error when it cannot be read.
    static CaptureWindow *open(const QString &path, QString *error);
    // A recording in progress (`mcpscope record`), filled as it arrives (LiveRecordings).
    static CaptureWindow *openLive(const QString &name, const QString &capturePath, qint64 pid);
    // The recorder has ended: the window stays, with what it received.
    void setRecordingEnded();
    bool isLive() const { return m_live; }

    // The configured servers Replay Against… offers (approved, resolved); MainWindow sets it.
    using ServerProvider = std::function<QList<ServerConfig>()>;
    void setServerProvider(ServerProvider provider) { m_servers = std::move(provider); }
    // Capture › Replay Against…: the capture's client requests sent to a fresh server, answers
    // compared (a ReplayDialog over what this window holds; it deletes itself on close).
    ReplayDialog *replayAgainst();

    TrafficLog *log() const { return m_log; }
    TrafficView *view() const { return m_view; }
    int importIssueCount() const { return m_importIssues; }

private:
    CaptureWindow(const QString &path, TrafficLog *log);
    CaptureWindow(TrafficLog *log);
    void createMenus();

    TrafficLog *m_log;
    TrafficView *m_view;
    int m_importIssues = 0;
    bool m_live = false;
    QString m_liveName;
    QString m_capturePath;
    QString m_name;
    ServerProvider m_servers;
};

} // namespace Mcp::Ui
