#pragma once

#include "config/serverconfig.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Exports one server entry or a whole mcp.json (Claude/Cursor "mcpServers" or VS Code
// "servers"), to the clipboard or a file. Secrets are left out unless asked for.
class ExportServersDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExportServersDialog(const QList<ServerConfig> &servers, QWidget *parent = nullptr);

    QByteArray exportedText() const;
    void setIncludeSecrets(bool include);
    void setVsCodeDialect(bool vsCode);

private:
    void update();
    void save();

    QList<ServerConfig> m_servers;
    QComboBox *m_dialect;
    QCheckBox *m_secrets;
    QLabel *m_warning;
    QPlainTextEdit *m_preview;
};

} // namespace Mcp::Ui
