#pragma once

#include "config/serverconfig.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QStackedWidget;
class QTableWidget;
class QTabWidget;
QT_END_NAMESPACE

namespace Mcp {
class ServerCatalog;
}

namespace Mcp::Ui {

// Edits every setting of one server: name, transport (stdio, Streamable HTTP, SSE, auto),
// command, arguments as a list, environment as a key/value table with secret flags,
// working directory, URL, headers, bearer token, authorization (OAuth), TLS trust, client
// certificate and proxy, timeouts, ping interval, auto-restart
// and notes. The exact command line is previewed as it will be shown for approval.
class ServerEditorDialog : public QDialog
{
    Q_OBJECT

public:
    ServerEditorDialog(const ServerConfig &config, ServerCatalog *catalog, QWidget *parent = nullptr);
    ~ServerEditorDialog() override;

    ServerConfig config() const;

    // For tests: the editors by role.
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *transportCombo() const { return m_transport; }
    QLineEdit *commandEdit() const { return m_command; }
    QLineEdit *urlEdit() const { return m_url; }
    void setArguments(const QStringList &arguments);
    void addEnvironment(const QString &name, const QString &value, bool secret);
    void addHeader(const QString &name, const QString &value, bool secret);
    QString commandLinePreview() const;

    void accept() override;

    // For tests: the authorization editors.
    QComboBox *authModeCombo() const { return m_authMode; }
    QLineEdit *clientIdEdit() const { return m_clientId; }
    QLineEdit *clientSecretEdit() const { return m_clientSecret; }
    QLineEdit *scopesEdit() const { return m_scopes; }
    QLineEdit *clientIssuerEdit() const { return m_clientIssuer; }
    QLineEdit *clientKeyFileEdit() const { return m_clientKeyFile; }
    QLineEdit *clientMetadataUrlEdit() const { return m_clientMetadataUrl; }
    QLineEdit *workloadTokenFileEdit() const { return m_workloadTokenFile; }
    QCheckBox *dpopCheck() const { return m_dpop; }
    QListWidget *caFilesList() const { return m_caFiles; }
    QListWidget *pinsList() const { return m_pins; }
    QLineEdit *clientCertificateEdit() const { return m_clientCertificate; }
    QLineEdit *clientKeyEdit() const { return m_clientKey; }
    QLineEdit *clientKeyPassphraseEdit() const { return m_clientKeyPassphrase; }
    QComboBox *proxyModeCombo() const { return m_proxyMode; }
    QLineEdit *proxyUrlEdit() const { return m_proxyUrl; }
    QLineEdit *proxyPasswordEdit() const { return m_proxyPassword; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    // "Forget stored tokens": the OAuth tokens of this server are to be removed at once.
    void forgetTokensRequested(const QUuid &serverId);

private:
    // The dialog's tabs and pages, each from the configuration being edited.
    QWidget *buildGeneralTab(const ServerConfig &config, QTabWidget *tabs);
    QWidget *buildStdioPage(const ServerConfig &config, QWidget *parent);
    QWidget *buildHttpPage(const ServerConfig &config, QWidget *parent);
    QWidget *buildAuthorizationTab(const ServerConfig &config, QTabWidget *tabs);
    QWidget *buildNetworkTab(const ServerConfig &config, QTabWidget *tabs);
    void updateProxyInUse();
    QWidget *buildTimeoutsTab(const ServerConfig &config, QTabWidget *tabs);
    QWidget *buildRestartsTab(const ServerConfig &config, QTabWidget *tabs);
    QWidget *buildProtocolTab(const ServerConfig &config, QTabWidget *tabs);
    void updateTransportPage();
    void updatePreview();
    void splitPastedCommandLine();
    void addArgument();
    void removeArgument();
    // The Command field as words: the program and what follows it.
    QStringList commandWords(QString *error = nullptr) const;
    // A URL typed as the command moves to the URL field and the transport to HTTP; true if so.
    bool recogniseUrlInCommand();
    static void addEntryRow(QTableWidget *table, const ConfigEntry &entry);
    static QList<ConfigEntry> entries(const QTableWidget *table);
    QWidget *entryTableWithButtons(QTableWidget *table, const QString &addText);

    ServerConfig m_original;
    ServerCatalog *m_catalog;
    QLineEdit *m_name;
    QComboBox *m_transport;
    QComboBox *m_scope;
    QStackedWidget *m_transportPages;
    QLineEdit *m_command;
    QListWidget *m_args;
    QTableWidget *m_env;
    QCheckBox *m_inheritEnv;
    QLineEdit *m_workingDir;
    QLineEdit *m_url;
    QTableWidget *m_headers;
    QLineEdit *m_bearer;
    QWidget *m_authPage;
    QLabel *m_authNote;
    QTabWidget *m_tabs;
    int m_authTab = -1;
    QComboBox *m_authMode;
    QComboBox *m_grant;
    QLineEdit *m_clientId;
    QLineEdit *m_clientSecret;
    QLineEdit *m_scopes;
    QLineEdit *m_clientIssuer;
    QLineEdit *m_clientKeyFile;
    QLineEdit *m_clientMetadataUrl;
    QLineEdit *m_workloadTokenFile;
    QCheckBox *m_dpop;
    QWidget *m_networkPage;
    QLabel *m_networkNote;
    int m_networkTab = -1;
    QListWidget *m_caFiles;
    QListWidget *m_pins;
    QLineEdit *m_clientCertificate;
    QLineEdit *m_clientKey;
    QLineEdit *m_clientKeyPassphrase;
    QComboBox *m_proxyMode;
    QLineEdit *m_proxyUrl;
    QLineEdit *m_proxyPassword;
    QLabel *m_proxyInUse;
    QSpinBox *m_requestTimeout;
    QCheckBox *m_resetOnProgress;
    QSpinBox *m_maxTotal;
    QSpinBox *m_connectTimeout;
    QSpinBox *m_pingInterval;
    QCheckBox *m_autoRestart;
    QSpinBox *m_restartAttempts;
    QCheckBox *m_watch;
    QLineEdit *m_watchGlobs;
    QSpinBox *m_watchDebounce;
    QPlainTextEdit *m_notes;
    QComboBox *m_era;        // Auto, Modern, Legacy (EraChoice::Mode order)
    QComboBox *m_eraVersion; // any, or the pinned version
    QLabel *m_preview;
    QLabel *m_error;
    QLabel *m_notice; // what the dialog did with what was typed
};

} // namespace Mcp::Ui
