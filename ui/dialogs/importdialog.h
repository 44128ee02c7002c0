#pragma once

#include "config/secretstore.h"
#include "config/servercatalog.h"

#include "config/installlink.h"

#include <QDialog>

#include <optional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QTableWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Imports servers from a host's configuration file or pasted text (any dialect HostConfig reads:
// JSON, Codex's TOML, Continue's and Goose's YAML); the hosts' files found here are offered.
// Every server is listed with what will happen to it; a server whose name is taken is a
// conflict the user resolves per row: add under a new name, replace, or skip.
class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    // exec()'s result when the user chose to open the source as a registry server.json.
    enum { OpenServerJson = 2 };

    explicit ImportDialog(ServerCatalog *catalog, QWidget *parent = nullptr);
    ~ImportDialog() override;

    void setPastedText(const QString &text);
    void setFile(const QString &path);
    // The plan with the user's choices, for ServerCatalog::applyImport().
    ImportPlan plan() const;

    int entryCount() const;
    int conflictCount() const;
    void setAction(int row, ImportEntry::Action action);
    void setNewName(int row, const QString &name);
    QString errorText() const;
    QString dialectName() const;
    // What Open server.json… hands on: the file chosen, or the text pasted.
    QString serverJsonPath() const;
    QByteArray serverJsonText() const;

private:
    void reparse();
    void showServerJsonHint();
    void fillTable();
    void updateButtons();

    ServerCatalog *m_catalog;
    ImportPlan m_plan;
    QRadioButton *m_fromFile;
    QRadioButton *m_fromText;
    QLineEdit *m_path;
    QComboBox *m_hosts;
    QPushButton *m_browse;
    QPlainTextEdit *m_text;
    QComboBox *m_scope;
    QLabel *m_summary;
    QTableWidget *m_table;
    QLabel *m_warnings;
    QPushButton *m_import;
    QPushButton *m_openServerJson;
    std::optional<InstallLink::Format> m_link; // the pasted text is an install link of this kind
    bool m_filling = false;
};

} // namespace Mcp::Ui
