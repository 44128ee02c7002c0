#pragma once

#include "collections/replay.h"
#include "config/serverconfig.h"
#include "traffic/capturemessages.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QThread;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace Mcp::Ui {

class FittingLabel;

// A capture window's Capture › Replay Against…: the client requests of one connection of the
// capture sent again to a fresh server, a configured one or a command (or URL) typed here, and
// each answer compared with the recorded one: Same, or Different with where and how. The plan,
// the run and the comparison are lib/collections' (ReplayPlan, CollectionRunner, compareReplay),
// the code `mcpscope replay` runs; the runner and the comparisons run on a thread of their own.
class ReplayDialog : public QDialog
{
    Q_OBJECT

public:
    // servers: the configured servers that may be started (approved, resolved).
    ReplayDialog(const CapturedMessages &capture, const QString &captureName, const QList<ServerConfig> &servers,
                 QWidget *parent = nullptr);
    ~ReplayDialog() override;

    // Which connection of the capture to replay (the first with requests at first).
    void setConnection(int connectionId);
    int requestCount() const { return int(m_plan.steps.size()); }
    // Starts the replay against servers[index], or against a command line or http(s) URL.
    void replayAgainstServer(int index);
    void replayAgainstCommand(const QString &commandOrUrl);
    bool isRunning() const { return m_thread != nullptr; }

    QTreeWidget *tree() const { return m_tree; }
    QString summaryText() const;
    int sameCount() const { return m_same; }
    int differentCount() const { return m_different; }

Q_SIGNALS:
    void replayFinished();

private:
    void start();
    void run(const ServerConfig &config);
    void fillSteps();
    void onStepCompared(int index, const Mcp::ReplayStepResult &result);
    void onFinished(const QList<QPair<QString, QString>> &unreachable);
    void updateReplayButton();
    void stop();

    CapturedMessages m_capture;
    QList<ServerConfig> m_servers;
    ReplayPlan m_plan;
    QComboBox *m_connection;
    FittingLabel *m_planText;
    QRadioButton *m_useServer;
    QRadioButton *m_useCommand;
    QComboBox *m_server;
    QLineEdit *m_command;
    QPushButton *m_replay;
    QTreeWidget *m_tree;
    FittingLabel *m_summary;
    QThread *m_thread = nullptr;
    QString m_target;
    int m_done = 0, m_same = 0, m_different = 0;
};

} // namespace Mcp::Ui
