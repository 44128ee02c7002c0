#pragma once

#include "config/serverconfig.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Shows the exact command line a server configuration will run (working directory,
// environment additions, program, arguments) and asks once whether to run it.
class CommandApprovalDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CommandApprovalDialog(const ServerConfig &config, QWidget *parent = nullptr);

    QString commandLineText() const;

private:
    ServerConfig m_config;
    QPlainTextEdit *m_commandLine;
    QCheckBox *m_reveal;
};

} // namespace Mcp::Ui
