#pragma once

#include "config/recordrewrite.h"

#include <QDialog>
#include <QHash>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace Mcp::Ui {

// "Record a Server in a Host…": picks a host's configuration (any of config/'s HostConfig
// locations: Claude, Cursor, VS Code, Codex, Gemini CLI, Zed, Continue, Goose..., or any file of
// their dialects) and one of its servers, rewrites that entry to go through
// `mcpscope record` (RecordRewrite: a backup, nothing else in the file touched; an HTTP entry is
// pointed at a recording proxy the dialog starts), and offers the undo in the same place, also
// for a change made in an earlier run (a backup beside the file).
class RecordInHostDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RecordInHostDialog(QWidget *parent = nullptr);

    // The host configuration files that exist on this machine (HostConfig::existingLocations), by host name.
    static QList<QPair<QString, QString>> knownHostFiles();

    void setFile(const QString &path);
    void selectServer(const QString &name);
    void setRecorderProgram(const QString &program) { m_recorder.program = program; }
    bool record();
    bool undo();
    QString statusText() const;

private:
    void loadServers();
    void browse();
    void updateButtons();
    void findEarlierChange();
    std::optional<QUrl> startProxy(const QUrl &target, QString *error);
    bool stopProxy();
    QString changeKey() const;

    QComboBox *m_files;
    QComboBox *m_servers;
    QLabel *m_status;
    QPushButton *m_recordButton;
    QPushButton *m_undoButton;
    RecordRewrite::Recorder m_recorder;
    std::optional<RecordRewrite::FileChange> m_change;
    QHash<QString, qint64> m_proxyPids; // the recording proxies this dialog started, by file and entry
};

} // namespace Mcp::Ui
