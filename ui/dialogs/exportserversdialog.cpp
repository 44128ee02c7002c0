#include "dialogs/exportserversdialog.h"
#include "widgets/screenfit.h"

#include "config/mcpjson.h"
#include "theme.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace Mcp::Ui {

ExportServersDialog::ExportServersDialog(const QList<ServerConfig> &servers, QWidget *parent)
    : QDialog(parent), m_servers(servers)
{
    setWindowTitle(servers.size() == 1 ? tr("Export Server Entry") : tr("Export Servers"));
    ScreenFit::resizeWithin(this, QSize(640, 480));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_dialect = new QComboBox(this);
    m_dialect->addItem(tr("mcpServers (Claude Desktop, Claude Code, Cursor)"), int(McpJsonDialect::McpServers));
    m_dialect->addItem(tr("servers (VS Code)"), int(McpJsonDialect::VsCode));
    m_secrets = new QCheckBox(tr("Include secret values"), this);
    form->addRow(tr("Format:"), m_dialect);
    form->addRow(QString(), m_secrets);
    layout->addLayout(form);
    m_warning = new QLabel(this);
    m_warning->setWordWrap(true);
    layout->addWidget(m_warning);
    m_preview = new QPlainTextEdit(this);
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_preview, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    QPushButton *save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(QString::fromUtf8(exportedText()));
        m_warning->setText(tr("Copied to the clipboard."));
    });
    connect(save, &QPushButton::clicked, this, &ExportServersDialog::save);
    connect(m_dialect, &QComboBox::currentIndexChanged, this, &ExportServersDialog::update);
    connect(m_secrets, &QCheckBox::toggled, this, &ExportServersDialog::update);
    update();
}

QByteArray ExportServersDialog::exportedText() const
{
    McpJsonExportOptions options;
    options.dialect = McpJsonDialect(m_dialect->currentData().toInt());
    options.secrets = m_secrets->isChecked() ? ServerConfig::SecretHandling::Include : ServerConfig::SecretHandling::Omit;
    return McpJson::exportText(m_servers, options);
}

void ExportServersDialog::setIncludeSecrets(bool include) { m_secrets->setChecked(include); }

void ExportServersDialog::setVsCodeDialect(bool vsCode) { m_dialect->setCurrentIndex(vsCode ? 1 : 0); }

void ExportServersDialog::update()
{
    m_preview->setPlainText(QString::fromUtf8(exportedText()));
    if (m_secrets->isChecked()) {
        m_warning->setText(tr("Careful: the text contains secret values (tokens, keys) in plain text."));
        Theme::setTextColor(m_warning, Theme::Role::Error);
    } else {
        m_warning->setText(tr("Secret values are left out and replaced by ${NAME} references."));
        Theme::resetTextColor(m_warning);
    }
}

void ExportServersDialog::save()
{
    const QString path = QFileDialog::getSaveFileName(this, windowTitle(), QStringLiteral("mcp.json"),
                                                      tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(exportedText()) < 0 || !file.commit()) {
        QMessageBox::warning(this, windowTitle(), tr("Could not write %1: %2").arg(path, file.errorString()));
        return;
    }
    m_warning->setText(tr("Saved to %1").arg(path));
}

} // namespace Mcp::Ui
