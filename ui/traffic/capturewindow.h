#pragma once

#include <QMainWindow>

namespace Mcp {
class TrafficLog;
}

namespace Mcp {
namespace Ui {

class TrafficView;

// A capture file (JSON Lines) opened for offline browsing, in its own window, with the
// same view, filters, detail pane and export as a live log.
class CaptureWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Reads the file; returns nullptr and sets *error when it cannot be read.
    static CaptureWindow *open(const QString &path, QString *error);

    TrafficLog *log() const { return m_log; }
    TrafficView *view() const { return m_view; }
    int importIssueCount() const { return m_importIssues; }

private:
    CaptureWindow(const QString &path, TrafficLog *log);

    TrafficLog *m_log;
    TrafficView *m_view;
    int m_importIssues = 0;
};

} // namespace Ui
} // namespace Mcp
