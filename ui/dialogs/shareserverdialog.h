#pragma once

#include "config/installlink.h"
#include "config/serverconfig.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Server › Share…: the server's install links (MCP Scope, VS Code, VS Code Insiders, Cursor),
// each with a Copy button. Secret values are never part of a link.
class ShareServerDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShareServerDialog(const ServerConfig &config, QWidget *parent = nullptr);

    QString link(InstallLink::Format format) const;
    void copy(InstallLink::Format format);

private:
    QList<QPair<InstallLink::Format, QLineEdit *>> m_links;
    QLabel *m_status;
};

} // namespace Mcp::Ui
