#pragma once

#include "config/recordrewrite.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace Mcp::Ui {

// "Record a Server in a Host…": picks a host's configuration (Claude Desktop, Claude Code,
// Cursor, VS Code, or any mcp.json) and one of its stdio servers, rewrites that entry to run
// through `mcpscope record` (RecordRewrite: a backup, nothing else in the file touched), and
// offers the undo in the same place.
class RecordInHostDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RecordInHostDialog(QWidget *parent = nullptr);

    // The host configuration files that exist on this machine, by host name.
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

    QComboBox *m_files;
    QComboBox *m_servers;
    QLabel *m_status;
    QPushButton *m_recordButton;
    QPushButton *m_undoButton;
    RecordRewrite::Recorder m_recorder;
    std::optional<RecordRewrite::FileChange> m_change;
};

} // namespace Mcp::Ui
