#pragma once

#include "config/registryserver.h"

#include <QDialog>
#include <QPointer>

#include <optional>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QNetworkAccessManager;
class QNetworkReply;
class QPlainTextEdit;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

// File › Open server.json…: a server of the MCP Registry from its server.json (a file, or an
// https:// URL fetched here): choose a package or a remote, fill in what it declares (secrets
// masked), see exactly what it runs, and add it. The added server is not approved: its command
// runs only after the usual confirmation when it is connected.
class RegistryServerDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RegistryServerDialog(QWidget *parent = nullptr);
    ~RegistryServerDialog() override;

    // A file path, or an https:// URL (http:// only for this computer's own addresses), which
    // is fetched: loaded() says when it is read.
    void setSource(const QString &source);
    void setText(const QByteArray &text, const QString &source = QString());

    const RegistryServer &server() const { return m_server; }
    int currentChoice() const;
    void setChoice(int index);
    // The field of one input (RegistryInput::key), as a person would type into it.
    bool setValue(const QString &key, const QString &value);
    bool hasField(const QString &key) const;
    // The configuration of the filled-in choice; set exactly when Add Server is enabled.
    std::optional<ServerConfig> config() const;
    QString statusText() const;
    QString previewText() const;
    QPushButton *addButton() const { return m_add; }

    // Responses larger than this are refused: a server.json is a few kilobytes.
    static constexpr qint64 MaxDownloadBytes = 1024 * 1024;

Q_SIGNALS:
    void loaded();

private:
    struct Field
    {
        QString key;
        QLineEdit *line = nullptr;
        QComboBox *combo = nullptr;
        QCheckBox *check = nullptr;
    };

    void fetch(const QUrl &url);
    void load(const RegistryServer &server);
    void buildForm();
    void refresh();
    void showStatus(const QString &text, bool error);

    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    RegistryServer m_server;
    std::optional<ServerConfig> m_config;
    QList<Field> m_fields;
    QLineEdit *m_source;
    QPushButton *m_browse;
    QPushButton *m_load;
    QLabel *m_header;
    QComboBox *m_choice;
    QWidget *m_formHost;
    QFormLayout *m_form;
    QLineEdit *m_name;
    QPlainTextEdit *m_preview;
    QLabel *m_status;
    QPushButton *m_add;
};

} // namespace Mcp::Ui
