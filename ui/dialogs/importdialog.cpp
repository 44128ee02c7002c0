#include "dialogs/importdialog.h"
#include "widgets/screenfit.h"

#include "config/hostconfigs.h"
#include "config/mcpjson.h"
#include "config/registryserver.h"
#include "theme.h"
#include "widgets/quietdestruction.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {
enum Column { ActionColumn, NameColumn, EndpointColumn, ConflictColumn };
}

ImportDialog::ImportDialog(ServerCatalog *catalog, QWidget *parent) : QDialog(parent), m_catalog(catalog)
{
    setWindowTitle(tr("Import Servers"));
    ScreenFit::resizeWithin(this, QSize(820, 600));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Reads the configurations of Claude Desktop, Claude Code (.mcp.json), Cursor, VS Code, "
                                "Codex (config.toml), Gemini CLI, Windsurf, Zed, Cline, LM Studio, Continue and Goose "
                                "(config.yaml), a bare map of servers, a single server object, or an install link "
                                "(mcpscope://, vscode:, cursor://). Imported commands only run after you have seen and "
                                "confirmed them."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *fileRow = new QHBoxLayout;
    m_fromFile = new QRadioButton(tr("File:"), this);
    m_path = new QLineEdit(this);
    m_browse = new QPushButton(tr("Browse…"), this);
    fileRow->addWidget(m_fromFile);
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(m_browse);
    layout->addLayout(fileRow);
    // The hosts' files found on this computer (config/'s HostConfig locations), one click away.
    m_hosts = new QComboBox(this);
    m_hosts->addItem(tr("Choose a host's configuration…"));
    for (const HostConfig::Location &location : HostConfig::existingLocations(catalog->projectFolder()))
        m_hosts->addItem(QStringLiteral("%1 — %2").arg(location.host, QDir::toNativeSeparators(location.path)), location.path);
    m_hosts->setEnabled(m_hosts->count() > 1);
    layout->addWidget(m_hosts);
    connect(m_hosts, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            setFile(m_hosts->itemData(index).toString());
    });
    m_fromText = new QRadioButton(tr("Pasted text:"), this);
    layout->addWidget(m_fromText);
    m_text = new QPlainTextEdit(this);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(QStringLiteral("{\n  \"mcpServers\": {\n    \"name\": { \"command\": \"npx\", \"args\": [\"-y\", \"package\"] }\n  }\n}"));
    m_text->setMaximumHeight(160);
    layout->addWidget(m_text);
    m_fromText->setChecked(true);

    auto *scopeRow = new QHBoxLayout;
    m_scope = new QComboBox(this);
    m_scope->addItem(tr("My servers (user configuration)"), int(ServerConfig::Scope::User));
    if (!catalog->projectFolder().isEmpty())
        m_scope->addItem(tr("This project (%1)").arg(catalog->projectFilePath()), int(ServerConfig::Scope::Project));
    scopeRow->addWidget(new QLabel(tr("Add to:"), this));
    scopeRow->addWidget(m_scope, 1);
    layout->addLayout(scopeRow);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, 4, this);
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Name"), tr("Command or URL"), tr("Conflict")});
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    // The command line gets the room; the conflict note only what it needs.
    m_table->horizontalHeader()->setSectionResizeMode(EndpointColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ConflictColumn, QHeaderView::ResizeToContents);
    m_table->setColumnWidth(ActionColumn, 150);
    m_table->setColumnWidth(NameColumn, 170);
    layout->addWidget(m_table, 1);
    m_warnings = new QLabel(this);
    m_warnings->setWordWrap(true);
    layout->addWidget(m_warnings);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_import = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    m_openServerJson = buttons->addButton(tr("Open as server.&json…"), QDialogButtonBox::ActionRole);
    m_openServerJson->setToolTip(tr("A server.json of the MCP Registry: choose a package or remote and fill in its inputs"));
    connect(m_openServerJson, &QPushButton::clicked, this, [this] { done(OpenServerJson); });
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(300);
    connect(debounce, &QTimer::timeout, this, &ImportDialog::reparse);
    connect(m_text, &QPlainTextEdit::textChanged, this, [this, debounce] {
        m_fromText->setChecked(true);
        debounce->start();
    });
    // A typed path is read as it is typed, like pasted text, not only when the field loses focus.
    connect(m_path, &QLineEdit::textEdited, this, [this, debounce] {
        m_fromFile->setChecked(true);
        debounce->start();
    });
    connect(m_path, &QLineEdit::editingFinished, this, [this] {
        m_fromFile->setChecked(true);
        reparse();
    });
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import Servers"), QString(),
                                                          tr("Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)"));
        if (!path.isEmpty())
            setFile(path);
    });
    connect(m_fromFile, &QRadioButton::toggled, this, &ImportDialog::reparse);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ImportDialog::reparse);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling || item->column() != NameColumn || item->row() >= m_plan.entries.size())
            return;
        ImportEntry &entry = m_plan.entries[item->row()];
        if (entry.action == ImportEntry::Action::Rename)
            entry.newName = item->text();
        else
            entry.config.name = item->text();
    });
    reparse();
}

ImportDialog::~ImportDialog()
{
    quietEditorsForDestruction(this);
}

void ImportDialog::setPastedText(const QString &text)
{
    m_text->setPlainText(text);
    m_fromText->setChecked(true);
    reparse();
}

void ImportDialog::setFile(const QString &path)
{
    m_path->setText(path);
    m_fromFile->setChecked(true);
    reparse();
}

void ImportDialog::showServerJsonHint()
{
    m_plan = ImportPlan();
    m_summary->setText(tr("This is a server.json of the MCP Registry, not an mcp.json: open it with \"Open as "
                          "server.json…\" to choose a package or remote and fill in what it asks for."));
    Theme::setTextColor(m_summary, Theme::Role::Warning);
    m_openServerJson->setDefault(true);
    fillTable();
}

QString ImportDialog::serverJsonPath() const
{
    return m_fromFile->isChecked() ? m_path->text() : QString();
}

QByteArray ImportDialog::serverJsonText() const
{
    return m_fromFile->isChecked() ? QByteArray() : m_text->toPlainText().toUtf8();
}

void ImportDialog::reparse()
{
    McpJsonImport source;
    m_link.reset();
    m_openServerJson->setDefault(false);
    if (m_fromFile->isChecked()) {
        if (m_path->text().isEmpty()) {
            m_plan = ImportPlan();
            m_summary->setText(tr("Choose a file."));
            fillTable();
            return;
        }
        if (RegistryServer::isServerJsonFile(m_path->text())) {
            showServerJsonHint();
            return;
        }
        source = HostConfig::readFile(m_path->text());
    } else {
        const QString text = m_text->toPlainText().trimmed();
        if (text.isEmpty()) {
            m_plan = ImportPlan();
            m_summary->setText(tr("Paste a configuration above."));
            fillTable();
            return;
        }
        if (InstallLink::looksLikeInstallLink(text)) {
            const InstallLink::Parsed link = InstallLink::parse(text);
            if (!link.config) {
                m_plan = ImportPlan();
                m_summary->setText(tr("Cannot use this link: %1").arg(link.error));
                Theme::setTextColor(m_summary, Theme::Role::Error);
                fillTable();
                return;
            }
            m_link = link.format;
            source.dialect = McpJsonDialect::SingleServer;
            source.servers = {*link.config};
            source.warnings = link.warnings;
        } else if (RegistryServer::looksLikeServerJson(text.toUtf8())) {
            showServerJsonHint();
            return;
        } else {
            source = HostConfig::parse(text.toUtf8());
        }
    }
    if (!source.isValid()) {
        m_plan = ImportPlan();
        m_summary->setText(tr("Cannot read this: %1").arg(source.error.toString()));
        Theme::setTextColor(m_summary, Theme::Role::Error);
        fillTable();
        return;
    }
    m_summary->setPalette(palette());
    m_plan = m_catalog->planImport(source, ServerConfig::Scope(m_scope->currentData().toInt()));
    const int conflicts = m_plan.conflictCount();
    QString summary = tr("%1: %n server(s)", nullptr, int(m_plan.entries.size())).arg(dialectName());
    if (conflicts > 0)
        summary += QStringLiteral(" · ") + tr("%n name conflict(s): choose what to do in the Action column", nullptr, conflicts);
    m_summary->setText(summary);
    m_warnings->setText(m_plan.warnings.join(QLatin1Char('\n')));
    fillTable();
}

QString ImportDialog::dialectName() const
{
    if (m_link)
        return tr("%1 install link").arg(InstallLink::formatName(*m_link));
    return HostConfig::dialectName(m_plan.dialect);
}

void ImportDialog::fillTable()
{
    m_filling = true;
    m_table->setRowCount(0);
    m_table->setRowCount(int(m_plan.entries.size()));
    for (int row = 0; row < m_plan.entries.size(); ++row) {
        const ImportEntry &entry = m_plan.entries.at(row);
        auto *action = new QComboBox(m_table);
        action->addItem(tr("Add"), int(ImportEntry::Action::Add));
        if (entry.hasConflict()) {
            action->setItemText(0, tr("Add (rename)"));
            action->setItemData(0, int(ImportEntry::Action::Rename));
            action->addItem(tr("Replace existing"), int(ImportEntry::Action::Replace));
        }
        action->addItem(tr("Skip"), int(ImportEntry::Action::Skip));
        action->setCurrentIndex(qMax(0, action->findData(int(entry.action))));
        m_table->setCellWidget(row, ActionColumn, action);
        connect(action, &QComboBox::currentIndexChanged, this, [this, row, action] {
            if (row < m_plan.entries.size())
                m_plan.entries[row].action = ImportEntry::Action(action->currentData().toInt());
            if (m_table->item(row, NameColumn)) {
                const bool rename = m_plan.entries[row].action == ImportEntry::Action::Rename;
                m_table->item(row, NameColumn)->setText(rename ? m_plan.entries[row].newName
                                                               : m_plan.entries[row].config.name);
            }
            updateButtons();
        });
        const bool rename = entry.action == ImportEntry::Action::Rename;
        auto *name = new QTableWidgetItem(rename ? entry.newName : entry.config.name);
        name->setToolTip(tr("For \"Add (rename)\", the name the server gets; edit it if you like."));
        m_table->setItem(row, NameColumn, name);
        const QString endpoint = entry.config.usesCommand() ? entry.config.commandLineForDisplay() : entry.config.url;
        auto *endpointItem = new QTableWidgetItem(endpoint);
        endpointItem->setFlags(endpointItem->flags() & ~Qt::ItemIsEditable);
        endpointItem->setToolTip(endpoint);
        m_table->setItem(row, EndpointColumn, endpointItem);
        QString conflict;
        if (entry.hasConflict()) {
            conflict = entry.identical ? tr("Same as the existing \"%1\"").arg(entry.config.name)
                                       : tr("\"%1\" already exists").arg(entry.config.name);
        }
        auto *conflictItem = new QTableWidgetItem(conflict);
        conflictItem->setFlags(conflictItem->flags() & ~Qt::ItemIsEditable);
        if (entry.hasConflict())
            conflictItem->setForeground(Theme::color(entry.identical ? Theme::Role::Muted : Theme::Role::Warning));
        m_table->setItem(row, ConflictColumn, conflictItem);
    }
    m_filling = false;
    updateButtons();
}

void ImportDialog::updateButtons()
{
    bool any = false;
    for (const ImportEntry &entry : std::as_const(m_plan.entries))
        any = any || entry.action != ImportEntry::Action::Skip;
    m_import->setEnabled(any);
}

ImportPlan ImportDialog::plan() const
{
    return m_plan;
}

int ImportDialog::entryCount() const
{
    return int(m_plan.entries.size());
}

int ImportDialog::conflictCount() const
{
    return m_plan.conflictCount();
}

void ImportDialog::setAction(int row, ImportEntry::Action action)
{
    auto *combo = qobject_cast<QComboBox *>(m_table->cellWidget(row, ActionColumn));
    if (!combo)
        return;
    const int index = combo->findData(int(action));
    if (index >= 0)
        combo->setCurrentIndex(index);
}

void ImportDialog::setNewName(int row, const QString &name)
{
    if (QTableWidgetItem *item = m_table->item(row, NameColumn))
        item->setText(name);
}

QString ImportDialog::errorText() const
{
    return m_plan.entries.isEmpty() ? m_summary->text() : QString();
}

} // namespace Mcp::Ui
