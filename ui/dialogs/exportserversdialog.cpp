#include "dialogs/exportserversdialog.h"
#include "widgets/screenfit.h"

#include "config/hostconfigs.h"
#include "theme.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
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
    m_dialect->addItem(tr("mcpServers (Claude Desktop, Claude Code, Cursor, Cline, LM Studio)"), int(McpJsonDialect::McpServers));
    m_dialect->addItem(tr("servers (VS Code)"), int(McpJsonDialect::VsCode));
    for (const McpJsonDialect dialect : {McpJsonDialect::Codex, McpJsonDialect::Gemini, McpJsonDialect::Windsurf,
                                         McpJsonDialect::Zed, McpJsonDialect::Continue, McpJsonDialect::Goose})
        m_dialect->addItem(HostConfig::dialectName(dialect), int(dialect));
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
    QPushButton *addButton = buttons->addButton(tr("&Add to Host File…"), QDialogButtonBox::ActionRole);
    addButton->setToolTip(tr("Writes these servers into an existing configuration file of the chosen host: "
                             "only their entries change, comments and everything else stay."));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(QString::fromUtf8(exportedText()));
        m_warning->setText(tr("Copied to the clipboard."));
    });
    connect(save, &QPushButton::clicked, this, &ExportServersDialog::save);
    connect(addButton, &QPushButton::clicked, this, [this] {
        // The chosen host's usual file (user scope) to start from.
        QString start = QDir::homePath();
        for (const HostConfig::Location &location : HostConfig::locations(QString()))
            if (location.dialect == dialect() && (start == QDir::homePath() || QFileInfo::exists(location.path)))
                start = location.path;
        const QString path = QFileDialog::getSaveFileName(this, tr("Add to Host File"), start,
                                                          tr("Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)"),
                                                          nullptr, QFileDialog::DontConfirmOverwrite);
        if (path.isEmpty())
            return;
        QString error;
        if (!addToFile(path, &error))
            QMessageBox::warning(this, windowTitle(), error);
    });
    connect(m_dialect, &QComboBox::currentIndexChanged, this, &ExportServersDialog::update);
    connect(m_secrets, &QCheckBox::toggled, this, &ExportServersDialog::update);
    update();
}

McpJsonDialect ExportServersDialog::dialect() const
{
    return McpJsonDialect(m_dialect->currentData().toInt());
}

void ExportServersDialog::setDialect(McpJsonDialect dialect)
{
    m_dialect->setCurrentIndex(qMax(0, m_dialect->findData(int(dialect))));
}

ServerConfig::SecretHandling ExportServersDialog::secretHandling() const
{
    return m_secrets->isChecked() ? ServerConfig::SecretHandling::Include : ServerConfig::SecretHandling::Omit;
}

QByteArray ExportServersDialog::exportedText() const
{
    return HostConfig::exportText(m_servers, dialect(), secretHandling());
}

bool ExportServersDialog::addToFile(const QString &path, QString *error)
{
    for (const ServerConfig &server : std::as_const(m_servers)) {
        if (!HostConfig::writeEntryToFile(path, server, dialect(), secretHandling(), error)) {
            *error = tr("Could not add %1 to %2: %3").arg(server.name, path, *error);
            return false;
        }
    }
    m_warning->setText(tr("Added to %1; the rest of the file is as it was.").arg(QDir::toNativeSeparators(path)));
    return true;
}

void ExportServersDialog::setIncludeSecrets(bool include) { m_secrets->setChecked(include); }

void ExportServersDialog::setVsCodeDialect(bool vsCode) { setDialect(vsCode ? McpJsonDialect::VsCode : McpJsonDialect::McpServers); }

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
    const QString suffix = HostConfig::suffix(dialect());
    const QString path = QFileDialog::getSaveFileName(this, windowTitle(), suffix == QLatin1String("json") ? QStringLiteral("mcp.json")
                                                      : suffix == QLatin1String("toml") ? QStringLiteral("config.toml")
                                                                                        : QStringLiteral("config.yaml"),
                                                      tr("Host configurations (*.json *.toml *.yaml);;All files (*)"));
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
