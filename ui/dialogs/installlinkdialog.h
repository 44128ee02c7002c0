#pragma once

#include "config/installlink.h"
#include "config/serverconfig.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

// What an install link proposes, shown exactly (program, each argument, environment names,
// working directory, URL, header names, the values asked at connect) before anything is added.
// Accepting adds the server as approved: the user has seen the command it runs.
class InstallLinkDialog : public QDialog
{
    Q_OBJECT

public:
    InstallLinkDialog(const ServerConfig &config, InstallLink::Format format, const QStringList &warnings,
                      QWidget *parent = nullptr);

    // The proposed configuration with the name the user chose.
    ServerConfig config() const;
    QString detailsText() const;
    QPushButton *addButton() const { return m_add; }

    // The exact description of what a configuration runs or reaches, one fact a line; secret
    // values masked. Also the preview of RegistryServerDialog.
    static QString describe(const ServerConfig &config);

private:
    ServerConfig m_config;
    QLineEdit *m_name;
    QPlainTextEdit *m_details;
    QPushButton *m_add;
};

} // namespace Mcp::Ui
