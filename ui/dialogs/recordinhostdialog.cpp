#include "dialogs/recordinhostdialog.h"

#include "config/mcpjson.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

RecordInHostDialog::RecordInHostDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Record a Server in a Host"));
    m_recorder.program = QCoreApplication::applicationFilePath();
    m_files = new QComboBox(this);
    for (const auto &host : knownHostFiles())
        m_files->addItem(QStringLiteral("%1 — %2").arg(host.first, QDir::toNativeSeparators(host.second)), host.second);
    auto *browseButton = new QPushButton(tr("Other File…"), this);
    m_servers = new QComboBox(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_files, 1);
    fileRow->addWidget(browseButton);
    auto *form = new QFormLayout;
    form->addRow(tr("Host configuration:"), fileRow);
    form->addRow(tr("Server:"), m_servers);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_recordButton = buttons->addButton(tr("Record Through MCP Scope"), QDialogButtonBox::ActionRole);
    m_undoButton = buttons->addButton(tr("Undo"), QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("The host will start the server through mcpscope record, which passes everything "
                                    "on and records it; an open MCP Scope window shows it live. Only this server's "
                                    "command changes, and a backup of the file is kept."),
                                 this));
    layout->itemAt(0)->widget()->setProperty("wordWrap", true);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &RecordInHostDialog::browse);
    connect(m_files, &QComboBox::currentIndexChanged, this, &RecordInHostDialog::loadServers);
    connect(m_recordButton, &QPushButton::clicked, this, &RecordInHostDialog::record);
    connect(m_undoButton, &QPushButton::clicked, this, &RecordInHostDialog::undo);
    loadServers();
}

QList<QPair<QString, QString>> RecordInHostDialog::knownHostFiles()
{
    const QString home = QDir::homePath();
    const QList<QPair<QString, QString>> candidates = {
        {QStringLiteral("Claude Desktop"), home + QStringLiteral("/.config/Claude/claude_desktop_config.json")},
        {QStringLiteral("Claude Desktop"), home + QStringLiteral("/Library/Application Support/Claude/claude_desktop_config.json")},
        {QStringLiteral("Claude Code"), home + QStringLiteral("/.claude.json")},
        {QStringLiteral("Claude Code"), QDir::currentPath() + QStringLiteral("/.mcp.json")},
        {QStringLiteral("Cursor"), home + QStringLiteral("/.cursor/mcp.json")},
        {QStringLiteral("VS Code"), home + QStringLiteral("/.config/Code/User/mcp.json")},
        {QStringLiteral("VS Code"), QDir::currentPath() + QStringLiteral("/.vscode/mcp.json")},
        {QStringLiteral("VS Code"), home + QStringLiteral("/.config/Code/User/settings.json")},
    };
    QList<QPair<QString, QString>> found;
    for (const auto &candidate : candidates) {
        if (QFileInfo(candidate.second).isFile())
            found.append(candidate);
    }
    return found;
}

void RecordInHostDialog::setFile(const QString &path)
{
    int index = m_files->findData(path);
    if (index < 0) {
        m_files->addItem(QDir::toNativeSeparators(path), path);
        index = m_files->count() - 1;
    }
    m_files->setCurrentIndex(index);
    loadServers();
}

void RecordInHostDialog::selectServer(const QString &name)
{
    m_servers->setCurrentIndex(m_servers->findText(name));
}

void RecordInHostDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Host Configuration"), QDir::homePath(),
                                                      tr("JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        setFile(path);
}

void RecordInHostDialog::loadServers()
{
    m_servers->clear();
    const QString path = m_files->currentData().toString();
    if (path.isEmpty()) {
        m_status->setText(tr("No host configuration found; choose one with Other File…"));
        updateButtons();
        return;
    }
    const McpJsonImport imported = McpJson::readFile(path);
    if (!imported.isValid()) {
        m_status->setText(imported.error.toString());
    } else {
        for (const ServerConfig &server : imported.servers) {
            if (!server.command.isEmpty())
                m_servers->addItem(server.name);
        }
        m_status->setText(m_servers->count() ? QString() : tr("This file has no stdio servers."));
    }
    updateButtons();
}

bool RecordInHostDialog::record()
{
    QString error;
    const auto change = RecordRewrite::wrapFile(m_files->currentData().toString(), m_servers->currentText(), m_recorder,
                                                &error);
    if (!change) {
        m_status->setText(tr("Not changed: %1").arg(error));
        return false;
    }
    m_change = change;
    m_status->setText(tr("“%1” now runs through the recorder; restart the host to start recording. The file as it "
                         "was is in %2.")
                          .arg(m_servers->currentText(), QDir::toNativeSeparators(change->backupPath)));
    updateButtons();
    return true;
}

bool RecordInHostDialog::undo()
{
    if (!m_change)
        return false;
    QString error;
    if (!RecordRewrite::undo(*m_change, &error)) {
        m_status->setText(tr("Not undone: %1").arg(error));
        return false;
    }
    m_change.reset();
    m_status->setText(tr("Undone: the file is as it was."));
    updateButtons();
    return true;
}

QString RecordInHostDialog::statusText() const
{
    return m_status->text();
}

void RecordInHostDialog::updateButtons()
{
    m_recordButton->setEnabled(!m_change && m_servers->count() > 0);
    m_undoButton->setEnabled(bool(m_change));
}

} // namespace Mcp::Ui
