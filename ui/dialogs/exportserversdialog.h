#pragma once

#include "config/mcpjson.h"
#include "config/serverconfig.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Exports one server entry or a whole file in any host's dialect (HostConfig::exportText: the
// mcp.json families, Codex's TOML, Gemini CLI, Windsurf, Zed, Continue's and Goose's YAML), to
// the clipboard or a file, or adds the servers to an existing host file (only their entries
// change). Secrets are left out unless asked for.
class ExportServersDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExportServersDialog(const QList<ServerConfig> &servers, QWidget *parent = nullptr);

    QByteArray exportedText() const;
    void setIncludeSecrets(bool include);
    void setVsCodeDialect(bool vsCode);
    McpJsonDialect dialect() const;
    void setDialect(McpJsonDialect dialect);
    // Writes each server into the host file at path (HostConfig::writeEntryToFile).
    bool addToFile(const QString &path, QString *error);

private:
    void update();
    ServerConfig::SecretHandling secretHandling() const;
    void save();

    QList<ServerConfig> m_servers;
    QComboBox *m_dialect;
    QCheckBox *m_secrets;
    QLabel *m_warning;
    QPlainTextEdit *m_preview;
};

} // namespace Mcp::Ui
