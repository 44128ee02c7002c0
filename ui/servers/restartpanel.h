#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QTimer;
QT_END_NAMESPACE

namespace Mcp::Ui {

class Connection;
struct ReloadDiff;

// The automatic restart as a person follows it, for a server's header: "restarting in 4 s
// (attempt 3 of 5)" counting down, or why it gave up; Restart Now and Stop Retrying; and the
// way to the exit history, which outlives every restart.
class RestartPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RestartPanel(Connection *connection, QWidget *parent = nullptr);

    QPushButton *restartNowButton() const { return m_restartNow; }
    QPushButton *historyButton() const { return m_history; }
    QPushButton *changesButton() const { return m_changes; }
    QString text() const;
    // What the last reload changed, one line ("Reloaded after a change to ...: added ...").
    QString reloadText() const;
    // The sentence for a reload's differences.
    static QString describe(const ReloadDiff &diff);

public Q_SLOTS:
    // A window (not modal) listing every exit, newest first.
    void showHistory();
    // A window (not modal) with the last reload's differences, field by field.
    void showChanges();

private:
    void update();

    Connection *m_connection;
    QLabel *m_text;
    QLabel *m_reload;
    QPushButton *m_restartNow;
    QPushButton *m_stopRetrying;
    QPushButton *m_history;
    QPushButton *m_changes;
    QTimer *m_countdown;
};

} // namespace Mcp::Ui
