#include "dialogs/servereditordialog.h"
#include "widgets/screenfit.h"

#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/watch.h"
#include "session/client.h"
#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/quietdestruction.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkProxy>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {

enum EntryColumn { EntryName, EntryValue, EntrySecret };

// Shows the values of rows marked secret as bullets and edits them in a password field.
class SecretValueDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    static bool isSecret(const QModelIndex &index)
    {
        return index.siblingAtColumn(EntrySecret).data(Qt::CheckStateRole).toInt() == Qt::Checked;
    }

    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (isSecret(index) && !option->text.isEmpty())
            option->text = QString(qMin(12, int(option->text.size())), QChar(0x2022));
    }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
        if (auto *line = qobject_cast<QLineEdit *>(editor); line && isSecret(index))
            line->setEchoMode(QLineEdit::Password);
        return editor;
    }
};

// A program as the Command field shows it: quoted where the field's shell rule would otherwise
// read it as something else (a path with a blank that does not exist here, a backslash).
QString commandFieldText(const QString &program)
{
    if (program.isEmpty() || QFileInfo::exists(program))
        return program;
    const std::optional<QStringList> words = splitCommandLine(program);
    return words && *words == QStringList{program} ? program : shellQuote(program);
}

QSpinBox *secondsBox(int ms, QWidget *parent, const QString &zeroText)
{
    auto *box = new QSpinBox(parent);
    box->setRange(0, 24 * 3600);
    box->setSuffix(QCoreApplication::translate("Mcp::Ui::ServerEditorDialog", " s"));
    box->setSpecialValueText(zeroText);
    box->setValue(ms / 1000);
    return box;
}

} // namespace

ServerEditorDialog::ServerEditorDialog(const ServerConfig &config, ServerCatalog *catalog, QWidget *parent)
    : QDialog(parent), m_original(config), m_catalog(catalog)
{
    setWindowTitle(tr("Edit Server"));
    ScreenFit::resizeWithin(this, QSize(720, 640));
    auto *layout = new QVBoxLayout(this);
    auto *tabs = new QTabWidget(this);
    layout->addWidget(tabs, 1);

    tabs->addTab(buildGeneralTab(config, tabs), tr("General"));
    m_tabs = tabs;
    m_authTab = tabs->addTab(buildAuthorizationTab(config, tabs), tr("Authorization"));
    m_networkTab = tabs->addTab(buildNetworkTab(config, tabs), tr("Network"));
    // Timeouts; restarts and watched files have a tab of their own
    tabs->addTab(buildTimeoutsTab(config, tabs), tr("Timeouts"));
    tabs->addTab(buildRestartsTab(config, tabs), tr("Restarts"));
    tabs->addTab(buildProtocolTab(config, tabs), tr("Protocol"));

    // Notes
    m_notes = new QPlainTextEdit(config.notes, tabs);
    tabs->addTab(m_notes, tr("Notes"));

    m_preview = new QLabel(this);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_preview);
    m_notice = hiddenNote<QLabel>(Theme::Role::Info, QStringLiteral("notice"), this);
    layout->addWidget(m_notice);
    m_error = new QLabel(this);
    Theme::setTextColor(m_error, Theme::Role::Error);
    layout->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    // Not every platform theme gives Save a letter; Escape is Cancel's key.
    buttons->button(QDialogButtonBox::Save)->setText(tr("&Save"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ServerEditorDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_transport, &QComboBox::currentIndexChanged, this, &ServerEditorDialog::updateTransportPage);
    connect(m_command, &QLineEdit::editingFinished, this, &ServerEditorDialog::splitPastedCommandLine);
    for (QLineEdit *edit : {m_name, m_command, m_workingDir, m_url})
        connect(edit, &QLineEdit::textChanged, this, &ServerEditorDialog::updatePreview);
    connect(m_args, &QListWidget::itemChanged, this, &ServerEditorDialog::updatePreview);
    connect(m_env, &QTableWidget::itemChanged, this, &ServerEditorDialog::updatePreview);
    connect(m_inheritEnv, &QCheckBox::toggled, this, &ServerEditorDialog::updatePreview);
    updateTransportPage();
    // Typing starts at once, in the first field.
    m_name->setFocus();
    m_name->selectAll();
}

// Name, transport, where it is saved, and the transport's own page.
QWidget *ServerEditorDialog::buildGeneralTab(const ServerConfig &config, QTabWidget *tabs)
{
    auto *general = new QWidget(tabs);
    auto *generalLayout = new QVBoxLayout(general);
    auto *form = new QFormLayout;
    m_name = new QLineEdit(config.name, general);
    m_transport = new QComboBox(general);
    for (auto type : {ServerConfig::TransportType::Stdio, ServerConfig::TransportType::StreamableHttp,
                      ServerConfig::TransportType::Sse, ServerConfig::TransportType::Auto})
        m_transport->addItem(ServerConfig::displayName(type), int(type));
    m_transport->setCurrentIndex(m_transport->findData(int(config.transport)));
    m_scope = new QComboBox(general);
    m_scope->addItem(tr("My servers (user configuration)"), int(ServerConfig::Scope::User));
    if (m_catalog && !m_catalog->projectFolder().isEmpty())
        m_scope->addItem(tr("This project (.mcp.json)"), int(ServerConfig::Scope::Project));
    m_scope->setCurrentIndex(qMax(0, m_scope->findData(int(config.scope))));
    m_scope->setVisible(m_scope->count() > 1);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Transport:"), m_transport);
    if (m_scope->count() > 1)
        form->addRow(tr("Saved in:"), m_scope);
    generalLayout->addLayout(form);

    m_transportPages = new QStackedWidget(general);
    m_transportPages->addWidget(buildStdioPage(config, m_transportPages));
    m_transportPages->addWidget(buildHttpPage(config, m_transportPages));
    generalLayout->addWidget(m_transportPages, 1);

    return general;
}

// The stdio page: command, arguments as rows, environment, working directory.
QWidget *ServerEditorDialog::buildStdioPage(const ServerConfig &config, QWidget *parent)
{
    auto *stdioPage = new QWidget(parent);
    auto *stdioForm = new QFormLayout(stdioPage);
    stdioForm->setContentsMargins(0, 0, 0, 0);
    // A row of the form: the field, a Browse… button beside it, a label whose mnemonic focuses the field.
    const auto addBrowseRow = [stdioPage, stdioForm](const QString &label, QLineEdit *field, const QString &browseText) {
        auto *row = new QHBoxLayout;
        auto *browse = new QPushButton(browseText, stdioPage);
        row->addWidget(field, 1);
        row->addWidget(browse);
        auto *rowLabel = new QLabel(label, stdioPage);
        rowLabel->setBuddy(field);
        stdioForm->addRow(rowLabel, row);
        return browse;
    };
    m_command = new QLineEdit(commandFieldText(config.command), stdioPage);
    m_command->setPlaceholderText(tr("Program, e.g. npx, uvx, node, python3, /path/to/server"));
    QPushButton *browseCommand = addBrowseRow(tr("&Command:"), m_command, tr("&Browse…"));
    m_args = new QListWidget(stdioPage);
    m_args->setObjectName(QStringLiteral("arguments"));
    m_args->setMaximumHeight(130);
    // Rows, not a text box: alternating rows show it, Return and F2 edit the current one (Return
    // never saves the dialog from here), Delete removes it.
    m_args->setAlternatingRowColors(true);
    m_args->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::SelectedClicked);
    m_args->installEventFilter(this);
    for (const QString &arg : config.args) {
        auto *item = new QListWidgetItem(arg, m_args);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
    }
    auto *argButtons = new QVBoxLayout;
    auto *addArg = iconButton(QStringLiteral("add"), tr("Add argument"), stdioPage);
    auto *removeArg = iconButton(QStringLiteral("remove"), tr("Remove argument"), stdioPage);
    auto *upArg = iconButton(QStringLiteral("up"), tr("Move up"), stdioPage);
    auto *downArg = iconButton(QStringLiteral("down"), tr("Move down"), stdioPage);
    for (QToolButton *b : {addArg, removeArg, upArg, downArg})
        argButtons->addWidget(b);
    argButtons->addStretch();
    auto *argRow = new QHBoxLayout;
    argRow->addWidget(m_args, 1);
    argRow->addLayout(argButtons);
    auto *argsLabel = new QLabel(tr("&Arguments:"), stdioPage);
    argsLabel->setBuddy(m_args);
    stdioForm->addRow(argsLabel, argRow);
    auto *argHint = new QLabel(tr("A list, one argument per row, exactly as the program receives it (no shell quoting): "
                                  "+ or Insert adds a row, Return or F2 edits the current one, Delete removes it."),
                               stdioPage);
    argHint->setWordWrap(true);
    stdioForm->addRow(QString(), argHint);
    m_env = new QTableWidget(0, 3, stdioPage);
    m_env->setItemDelegateForColumn(EntryValue, new SecretValueDelegate(m_env));
    for (const ConfigEntry &entry : config.env)
        addEntryRow(m_env, entry);
    stdioForm->addRow(tr("&Environment:"), entryTableWithButtons(m_env, tr("Add variable")));
    m_inheritEnv = new QCheckBox(tr("Start from MCP Scope's own environment"), stdioPage);
    m_inheritEnv->setChecked(config.inheritEnvironment);
    stdioForm->addRow(QString(), m_inheritEnv);
    m_workingDir = new QLineEdit(config.workingDirectory, stdioPage);
    m_workingDir->setPlaceholderText(tr("Default: MCP Scope's working directory"));
    QPushButton *browseDir = addBrowseRow(tr("&Working directory:"), m_workingDir, tr("Br&owse…"));
    connect(browseCommand, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Choose Program"));
        if (!path.isEmpty())
            m_command->setText(path);
    });
    connect(browseDir, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getExistingDirectory(this, tr("Working Directory"), m_workingDir->text());
        if (!path.isEmpty())
            m_workingDir->setText(path);
    });
    connect(addArg, &QToolButton::clicked, this, &ServerEditorDialog::addArgument);
    connect(removeArg, &QToolButton::clicked, this, &ServerEditorDialog::removeArgument);
    auto moveArg = [this](int delta) {
        const int row = m_args->currentRow();
        const int target = row + delta;
        if (row < 0 || target < 0 || target >= m_args->count())
            return;
        QListWidgetItem *item = m_args->takeItem(row);
        m_args->insertItem(target, item);
        m_args->setCurrentRow(target);
        updatePreview();
    };
    connect(upArg, &QToolButton::clicked, this, [moveArg] { moveArg(-1); });
    connect(downArg, &QToolButton::clicked, this, [moveArg] { moveArg(+1); });
    return stdioPage;
}

// The HTTP page: address, headers and a bearer token.
QWidget *ServerEditorDialog::buildHttpPage(const ServerConfig &config, QWidget *parent)
{
    auto *httpPage = new QWidget(parent);
    auto *httpForm = new QFormLayout(httpPage);
    httpForm->setContentsMargins(0, 0, 0, 0);
    // The page is as tall as the stdio one: the spare height goes below the rows, not between them.
    httpForm->setFormAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_url = new QLineEdit(config.url, httpPage);
    m_url->setPlaceholderText(QStringLiteral("https://example.com/mcp"));
    httpForm->addRow(tr("&URL:"), m_url);
    m_headers = new QTableWidget(0, 3, httpPage);
    m_headers->setItemDelegateForColumn(EntryValue, new SecretValueDelegate(m_headers));
    for (const ConfigEntry &entry : config.headers)
        addEntryRow(m_headers, entry);
    httpForm->addRow(tr("&Headers:"), entryTableWithButtons(m_headers, tr("Add header")));
    m_bearer = new QLineEdit(config.bearerToken, httpPage);
    m_bearer->setEchoMode(QLineEdit::Password);
    m_bearer->setPlaceholderText(tr("Sent as Authorization: Bearer …"));
    httpForm->addRow(tr("&Bearer token:"), m_bearer);
    return httpPage;
}

// Authorization (HTTP only): for a stdio server the tab stays readable and says why it is off.
QWidget *ServerEditorDialog::buildAuthorizationTab(const ServerConfig &config, QTabWidget *tabs)
{
    auto *authTab = new QWidget(tabs);
    auto *authLayout = new QVBoxLayout(authTab);
    m_authNote = new QLabel(tr("Authorization applies to HTTP servers. A stdio server runs on this computer and "
                               "takes its credentials from its command line or environment (General tab)."), authTab);
    m_authNote->setObjectName(QStringLiteral("authNote"));
    m_authNote->setWordWrap(true);
    authLayout->addWidget(m_authNote);
    m_authPage = new QWidget(authTab);
    authLayout->addWidget(m_authPage);
    authLayout->addStretch(1);
    auto *authForm = new QFormLayout(m_authPage);
    m_authMode = new QComboBox(m_authPage);
    m_authMode->addItem(tr("Automatic: bearer token if set, otherwise OAuth when the server asks"),
                        int(ServerAuth::Mode::Automatic));
    m_authMode->addItem(tr("OAuth when the server asks"), int(ServerAuth::Mode::OAuth));
    m_authMode->addItem(tr("Bearer token only"), int(ServerAuth::Mode::Bearer));
    m_authMode->addItem(tr("None"), int(ServerAuth::Mode::None));
    m_authMode->setCurrentIndex(qMax(0, m_authMode->findData(int(config.auth.mode))));
    authForm->addRow(tr("&Mode:"), m_authMode);
    m_grant = new QComboBox(m_authPage);
    m_grant->addItem(tr("Automatic"), int(ServerAuth::Grant::Automatic));
    m_grant->addItem(tr("Authorization code (browser sign-in)"), int(ServerAuth::Grant::AuthorizationCode));
    m_grant->addItem(tr("Client credentials (no person)"), int(ServerAuth::Grant::ClientCredentials));
    m_grant->setCurrentIndex(qMax(0, m_grant->findData(int(config.auth.grant))));
    authForm->addRow(tr("&Grant:"), m_grant);
    // A row of the form: a field with the configuration's text, a placeholder saying what empty means.
    const auto addTextRow = [this, authForm](const QString &label, const QString &text, const QString &placeholder) {
        auto *edit = new QLineEdit(text, m_authPage);
        edit->setPlaceholderText(placeholder);
        authForm->addRow(label, edit);
        return edit;
    };
    m_clientId = addTextRow(tr("&Client ID:"), config.auth.clientId, tr("Empty: register dynamically"));
    m_clientSecret = addTextRow(tr("Client s&ecret:"), config.auth.clientSecret, tr("Kept in the keychain"));
    m_clientSecret->setEchoMode(QLineEdit::Password);
    m_scopes = addTextRow(tr("Sc&opes:"), config.auth.scopes, tr("Empty: the scopes the server asks for"));
    m_clientIssuer = addTextRow(tr("Client &issuer:"), config.auth.clientIssuer,
                                tr("Empty: any; at another authorization server the client registers anew"));
    m_clientKeyFile = addTextRow(tr("Client &key file:"), config.auth.clientKeyFile,
                                 tr("PEM file with the client's ES256 key (private_key_jwt), read, never copied"));
    m_clientMetadataUrl = addTextRow(tr("Client metadata U&RL:"), config.auth.clientMetadataUrl,
                                     tr("https URL of this client's metadata document, used where offered"));
    m_workloadTokenFile = addTextRow(tr("&Workload token file:"), config.auth.workloadTokenFile,
                                     tr("File with a workload identity JWT (jwt-bearer grant)"));
    m_dpop = new QCheckBox(tr("Bind tokens to a key of this app (DPoP) where the server offers it"), m_authPage);
    m_dpop->setChecked(config.auth.dpop);
    authForm->addRow(QString(), m_dpop);
    auto *forget = new QPushButton(tr("&Forget stored tokens"), m_authPage);
    forget->setObjectName(QStringLiteral("forgetTokens"));
    connect(forget, &QPushButton::clicked, this, [this, forget] {
        Q_EMIT forgetTokensRequested(m_original.id);
        forget->setEnabled(false);
        forget->setText(tr("Stored tokens forgotten"));
    });
    authForm->addRow(QString(), forget);

    return authTab;
}

// TLS trust beyond the system store, the client certificate and the proxy (URL servers only).
QWidget *ServerEditorDialog::buildNetworkTab(const ServerConfig &config, QTabWidget *tabs)
{
    auto *tab = new QWidget(tabs);
    auto *tabLayout = new QVBoxLayout(tab);
    m_networkNote = new QLabel(tr("Network settings apply to servers reached by URL."), tab);
    m_networkNote->setWordWrap(true);
    tabLayout->addWidget(m_networkNote);
    m_networkPage = new QWidget(tab);
    tabLayout->addWidget(m_networkPage, 1);
    auto *form = new QFormLayout(m_networkPage);
    const TlsSettings &tls = config.network.tls;

    // A list with Add and Remove beside it; `add` fills it.
    const auto listRow = [this, form](const QString &label, const QString &addText, const QString &removeText,
                                      QListWidget **list, const std::function<void()> &add) {
        auto *row = new QWidget(m_networkPage);
        auto *rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        *list = new QListWidget(row);
        (*list)->setMaximumHeight(fontMetrics().height() * 5);
        rowLayout->addWidget(*list, 1);
        auto *buttons = new QVBoxLayout;
        auto *addButton = new QPushButton(addText, row);
        auto *removeButton = new QPushButton(removeText, row);
        // Enter in a field of the dialog saves it; these buttons never take it over.
        addButton->setAutoDefault(false);
        removeButton->setAutoDefault(false);
        buttons->addWidget(addButton);
        buttons->addWidget(removeButton);
        buttons->addStretch(1);
        rowLayout->addLayout(buttons);
        QListWidget *target = *list;
        connect(addButton, &QPushButton::clicked, this, add);
        connect(removeButton, &QPushButton::clicked, this, [target] { delete target->currentItem(); });
        form->addRow(label, row);
    };
    listRow(tr("Trusted &CAs:"), tr("&Add…"), tr("Re&move"), &m_caFiles, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("CA Certificate"), QString(),
                                                          tr("Certificates (*.pem *.crt *.cer);;All files (*)"));
        if (!path.isEmpty())
            m_caFiles->addItem(path);
    });
    m_caFiles->addItems(tls.caFiles);
    m_caFiles->setToolTip(tr("PEM files of certification authorities trusted for this server, besides the system's"));
    listRow(tr("&Pinned certificates:"), tr("A&dd…"), tr("Remo&ve"), &m_pins, [this] {
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Pin a Certificate"),
                                                   tr("SHA-256 fingerprint of the server's certificate:"),
                                                   QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return;
        if (const std::optional<QByteArray> pin = NetworkTrust::parseFingerprint(text))
            m_pins->addItem(NetworkTrust::displayFingerprint(*pin));
        else
            m_error->setText(tr("A SHA-256 fingerprint is 64 hex digits (colons optional)."));
    });
    for (const QByteArray &pin : tls.pinnedSha256)
        m_pins->addItem(NetworkTrust::displayFingerprint(pin));
    m_pins->setToolTip(tr("Only a certificate with one of these fingerprints is accepted (Trust This Certificate adds one)"));

    const auto fileRow = [this, form](const QString &label, const QString &text, const QString &placeholder,
                                      const QString &browseText) {
        auto *row = new QWidget(m_networkPage);
        auto *rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto *edit = new QLineEdit(text, row);
        edit->setPlaceholderText(placeholder);
        rowLayout->addWidget(edit, 1);
        auto *browse = new QPushButton(browseText, row);
        browse->setAutoDefault(false);
        rowLayout->addWidget(browse);
        connect(browse, &QPushButton::clicked, this, [this, edit] {
            const QString path = QFileDialog::getOpenFileName(this, QString(), edit->text(), tr("PEM files (*.pem *.crt *.key);;All files (*)"));
            if (!path.isEmpty())
                edit->setText(path);
        });
        form->addRow(label, row);
        return edit;
    };
    m_clientCertificate = fileRow(tr("Client c&ertificate:"), tls.clientCertificateFile, tr("PEM file; for servers that want mutual TLS"),
                                  tr("&Browse…"));
    m_clientKey = fileRow(tr("Client &key:"), tls.clientKeyFile, tr("PEM file with its private key"), tr("Br&owse…"));
    // Or the key itself in the keychain, where no file need stay on disk.
    m_importedKey = tls.clientKeyPem;
    auto *importKey = new QPushButton(tr("&Import Key into Keychain…"), m_networkPage);
    importKey->setObjectName(QStringLiteral("importClientKey"));
    importKey->setAutoDefault(false);
    form->addRow(QString(), importKey);
    const auto showImported = [this] {
        m_clientKey->setPlaceholderText(m_importedKey.isEmpty() ? tr("PEM file with its private key")
                                                                : tr("Imported into the keychain; a file here replaces it"));
    };
    showImported();
    connect(importKey, &QPushButton::clicked, this, [this, showImported] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Client Key"), QString(), tr("PEM files (*.pem *.crt *.key);;All files (*)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!importClientKey(path, &error)) {
            m_error->setText(error);
            return;
        }
        showImported();
    });
    m_clientKeyPassphrase = new QLineEdit(QString::fromUtf8(tls.clientKeyPassphrase), m_networkPage);
    m_clientKeyPassphrase->setEchoMode(QLineEdit::Password);
    m_clientKeyPassphrase->setPlaceholderText(tr("Kept in the keychain; empty for a key without one"));
    form->addRow(tr("Key passp&hrase:"), m_clientKeyPassphrase);

    m_proxyMode = new QComboBox(m_networkPage);
    m_proxyMode->addItem(tr("System: HTTPS_PROXY, HTTP_PROXY, NO_PROXY, then the desktop's settings"),
                         int(ProxySettings::Mode::System));
    m_proxyMode->addItem(tr("No proxy"), int(ProxySettings::Mode::None));
    m_proxyMode->addItem(tr("This proxy:"), int(ProxySettings::Mode::Manual));
    m_proxyMode->setCurrentIndex(qMax(0, m_proxyMode->findData(int(config.network.proxy.mode))));
    form->addRow(tr("Pro&xy:"), m_proxyMode);
    m_proxyUrl = new QLineEdit(config.network.proxy.url.toString(), m_networkPage);
    m_proxyUrl->setPlaceholderText(tr("http://[user@]host:port or socks5://host:port"));
    form->addRow(tr("Proxy &URL:"), m_proxyUrl);
    m_proxyPassword = new QLineEdit(config.network.proxy.password, m_networkPage);
    m_proxyPassword->setEchoMode(QLineEdit::Password);
    m_proxyPassword->setPlaceholderText(tr("Kept in the keychain"));
    form->addRow(tr("Proxy pass&word:"), m_proxyPassword);
    m_proxyInUse = new QLabel(m_networkPage);
    m_proxyInUse->setObjectName(QStringLiteral("proxyInUse"));
    m_proxyInUse->setWordWrap(true);
    Theme::setTextColor(m_proxyInUse, Theme::Role::Muted);
    form->addRow(QString(), m_proxyInUse);
    connect(m_proxyMode, &QComboBox::currentIndexChanged, this, &ServerEditorDialog::updateProxyInUse);
    connect(m_proxyUrl, &QLineEdit::textChanged, this, &ServerEditorDialog::updateProxyInUse);
    return tab;
}

bool ServerEditorDialog::importClientKey(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1 could not be read: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const QByteArray pem = file.readAll();
    // Checked now, with the passphrase typed so far: a key that does not open is not kept.
    if (NetworkTrust::readPrivateKey(pem, m_clientKeyPassphrase->text().toUtf8(), QDir::toNativeSeparators(path), error).isNull())
        return false;
    m_importedKey = pem;
    m_clientKey->clear();
    m_error->clear();
    return true;
}

// What the proxy choice means for this URL now, so a person sees an environment variable at work.
void ServerEditorDialog::updateProxyInUse()
{
    const bool manual = ProxySettings::Mode(m_proxyMode->currentData().toInt()) == ProxySettings::Mode::Manual;
    m_proxyUrl->setEnabled(manual);
    m_proxyPassword->setEnabled(manual);
    const ServerConfig c = config();
    const QUrl target(c.url);
    if (!target.isValid() || target.host().isEmpty()) {
        m_proxyInUse->clear();
        return;
    }
    QString source;
    const QString proxy = NetworkTrust::describeProxy(NetworkTrust::proxyFor(c.network.proxy, target, &source));
    m_proxyInUse->setText(proxy.isEmpty() ? tr("Now: straight to %1%2").arg(target.host(),
                                                                            source.isEmpty() ? QString() : tr(" (%1)").arg(source))
                                          : tr("Now: through %1 (%2)").arg(proxy, source));
}

// Request, total and connect timeouts, and the ping interval.
QWidget *ServerEditorDialog::buildTimeoutsTab(const ServerConfig &config, QTabWidget *tabs)
{
    auto *timing = new QWidget(tabs);
    auto *timingForm = new QFormLayout(timing);
    m_requestTimeout = secondsBox(config.timeouts.requestMs, timing, tr("none"));
    m_resetOnProgress = new QCheckBox(tr("Progress notifications restart the request timeout"), timing);
    m_resetOnProgress->setChecked(config.timeouts.resetOnProgress);
    m_maxTotal = secondsBox(config.timeouts.maxTotalMs, timing, tr("no limit"));
    m_connectTimeout = secondsBox(config.timeouts.connectMs, timing, tr("none"));
    m_pingInterval = secondsBox(config.pingIntervalMs, timing, tr("app default"));
    timingForm->addRow(tr("Request timeout:"), m_requestTimeout);
    timingForm->addRow(QString(), m_resetOnProgress);
    timingForm->addRow(tr("Maximum total time:"), m_maxTotal);
    timingForm->addRow(tr("Connect timeout:"), m_connectTimeout);
    timingForm->addRow(tr("Ping every:"), m_pingInterval);
    return timing;
}

// Restarts after a crash, and watch mode (VS Code's dev.watch).
QWidget *ServerEditorDialog::buildRestartsTab(const ServerConfig &config, QTabWidget *tabs)
{
    auto *restarts = new QWidget(tabs);
    restarts->setObjectName(QStringLiteral("restartsTab"));
    auto *restartForm = new QFormLayout(restarts);
    m_autoRestart = new QCheckBox(tr("Restart the server when it exits unexpectedly"), restarts);
    m_autoRestart->setChecked(config.autoRestart.enabled);
    m_restartAttempts = new QSpinBox(restarts);
    m_restartAttempts->setRange(0, 100);
    m_restartAttempts->setSpecialValueText(tr("never give up"));
    m_restartAttempts->setValue(config.autoRestart.maxAttempts);
    restartForm->addRow(QString(), m_autoRestart);
    restartForm->addRow(tr("Give up after quick failures:"), m_restartAttempts);
    // Watch mode: VS Code's dev.watch, kept in the entry so that import and export carry it.
    const WatchSettings watch = WatchSettings::of(config);
    m_watch = new QCheckBox(tr("Restart when files change (stdio; an HTTP server is reconnected)"), restarts);
    m_watch->setObjectName(QStringLiteral("watchEnabled"));
    m_watch->setChecked(watch.enabled);
    m_watchGlobs = new QLineEdit(watch.globs.join(QStringLiteral(", ")), restarts);
    m_watchGlobs->setObjectName(QStringLiteral("watchGlobs"));
    m_watchGlobs->setToolTip(tr("Globs relative to the working directory, comma-separated: ** any path, * and ? "
                                "within one folder. Empty: the script or binary the command runs."));
    m_watchDebounce = new QSpinBox(restarts);
    m_watchDebounce->setObjectName(QStringLiteral("watchDebounce"));
    m_watchDebounce->setRange(0, 60000);
    m_watchDebounce->setSingleStep(100);
    m_watchDebounce->setSuffix(tr(" ms"));
    m_watchDebounce->setValue(watch.debounceMs);
    auto followWatch = [this](bool on) {
        m_watchGlobs->setEnabled(on);
        m_watchDebounce->setEnabled(on);
    };
    connect(m_watch, &QCheckBox::toggled, this, followWatch);
    followWatch(watch.enabled);
    restartForm->addRow(QString(), m_watch);
    restartForm->addRow(tr("Files to watch:"), m_watchGlobs);
    restartForm->addRow(tr("Quiet time before a restart:"), m_watchDebounce);

    return restarts;
}

// Protocol era: Auto (detect), Modern or Legacy, optionally pinned to one version.
QWidget *ServerEditorDialog::buildProtocolTab(const ServerConfig &config, QTabWidget *tabs)
{
    auto *protocol = new QWidget(tabs);
    auto *protocolForm = new QFormLayout(protocol);
    m_era = new QComboBox(protocol);
    m_era->setObjectName(QStringLiteral("eraCombo"));
    m_era->addItem(tr("Auto (detect at connect)"), QStringLiteral("auto"));
    m_era->addItem(tr("Modern (2026-07-28 and later)"), QStringLiteral("modern"));
    m_era->addItem(tr("Legacy (initialize handshake)"), QStringLiteral("legacy"));
    m_eraVersion = new QComboBox(protocol);
    m_eraVersion->setObjectName(QStringLiteral("eraVersionCombo"));
    auto *eraHint = new QLabel(tr("Auto sends server/discover first and falls back to initialize when the "
                                  "server does not know it. Modern or Legacy skip the detection; a pinned "
                                  "version is the only one offered."),
                               protocol);
    eraHint->setWordWrap(true);
    protocolForm->addRow(tr("Protocol era:"), m_era);
    protocolForm->addRow(tr("Version:"), m_eraVersion);
    protocolForm->addRow(QString(), eraHint);
    const Modern::EraChoice choice = Modern::EraChoice::fromString(config.era, Client::supportedModernVersions(),
                                                                   Client::supportedProtocolVersions())
                                         .value_or(Modern::EraChoice{});
    m_era->setCurrentIndex(static_cast<int>(choice.mode));
    const auto fillVersions = [this] {
        const QString mode = m_era->currentData().toString();
        m_eraVersion->clear();
        m_eraVersion->addItem(tr("any"), QString());
        if (mode == QLatin1String("modern"))
            for (const QString &v : Client::supportedModernVersions())
                m_eraVersion->addItem(v, v);
        else if (mode == QLatin1String("legacy"))
            for (const QString &v : Client::supportedProtocolVersions())
                m_eraVersion->addItem(v, v);
        m_eraVersion->setEnabled(mode != QLatin1String("auto"));
    };
    fillVersions();
    m_eraVersion->setCurrentIndex(qMax(0, m_eraVersion->findData(choice.pinnedVersion)));
    connect(m_era, &QComboBox::currentIndexChanged, this, fillVersions);

    return protocol;
}

void ServerEditorDialog::addArgument()
{
    auto *item = new QListWidgetItem(QString(), m_args);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    m_args->setCurrentItem(item);
    m_args->editItem(item);
}

void ServerEditorDialog::removeArgument()
{
    delete m_args->currentItem();
    updatePreview();
}

bool ServerEditorDialog::eventFilter(QObject *watched, QEvent *event)
{
    // The lists and tables of the dialog keep Return for themselves: it edits the current row, or
    // ends an edit (the editor passes it on to its view), and never reaches the Save button.
    if (event->type() == QEvent::KeyPress) {
        auto *view = qobject_cast<QAbstractItemView *>(watched);
        const int key = static_cast<QKeyEvent *>(event)->key();
        const Qt::KeyboardModifiers modifiers = static_cast<QKeyEvent *>(event)->modifiers();
        // An open row editor holds the focus inside the view.
        const QWidget *focus = QApplication::focusWidget();
        const bool editing = view && focus && focus != view && view->isAncestorOf(focus);
        if (view && (key == Qt::Key_Return || key == Qt::Key_Enter) && !(modifiers & Qt::ControlModifier)) {
            if (!editing) {
                if (view->currentIndex().isValid())
                    view->edit(view->currentIndex());
                else if (view == m_args)
                    addArgument();
            }
            return true;
        }
        if (view == m_args && key == Qt::Key_Insert) {
            addArgument();
            return true;
        }
        if (view == m_args && key == Qt::Key_Delete && !editing) {
            removeArgument();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

QWidget *ServerEditorDialog::entryTableWithButtons(QTableWidget *table, const QString &addText)
{
    table->setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Secret")});
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(EntryValue, QHeaderView::Stretch);
    table->setColumnWidth(EntryName, 180);
    table->setColumnWidth(EntrySecret, 60);
    table->setMaximumHeight(150);
    table->installEventFilter(this);
    auto *box = new QWidget(this);
    // No taller than its table: a taller row would float the table in a gap.
    box->setMaximumHeight(table->maximumHeight());
    box->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto *row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(table, 1);
    auto *buttons = new QVBoxLayout;
    auto *add = iconButton(QStringLiteral("add"), addText, box);
    auto *remove = iconButton(QStringLiteral("remove"), tr("Remove"), box);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    row->addLayout(buttons);
    connect(add, &QToolButton::clicked, table, [table] {
        addEntryRow(table, ConfigEntry());
        table->setCurrentCell(table->rowCount() - 1, EntryName);
        table->editItem(table->item(table->rowCount() - 1, EntryName));
    });
    connect(remove, &QToolButton::clicked, table, [table] {
        if (table->currentRow() >= 0)
            table->removeRow(table->currentRow());
    });
    return box;
}

ServerEditorDialog::~ServerEditorDialog()
{
    quietEditorsForDestruction(this);
}

void ServerEditorDialog::addEntryRow(QTableWidget *table, const ConfigEntry &entry)
{
    const int row = table->rowCount();
    table->insertRow(row);
    table->setItem(row, EntryName, new QTableWidgetItem(entry.name));
    table->setItem(row, EntryValue, new QTableWidgetItem(entry.value));
    auto *secret = new QTableWidgetItem;
    secret->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    secret->setCheckState(entry.secret ? Qt::Checked : Qt::Unchecked);
    secret->setToolTip(QCoreApplication::translate("Mcp::Ui::ServerEditorDialog",
                                                   "Secret values are kept out of plain files and masked in logs."));
    table->setItem(row, EntrySecret, secret);
}

QList<ConfigEntry> ServerEditorDialog::entries(const QTableWidget *table)
{
    QList<ConfigEntry> list;
    for (int row = 0; row < table->rowCount(); ++row) {
        ConfigEntry entry;
        entry.name = table->item(row, EntryName) ? table->item(row, EntryName)->text().trimmed() : QString();
        entry.value = table->item(row, EntryValue) ? table->item(row, EntryValue)->text() : QString();
        entry.secret = table->item(row, EntrySecret) && table->item(row, EntrySecret)->checkState() == Qt::Checked;
        if (!entry.name.isEmpty())
            list.append(entry);
    }
    return list;
}

void ServerEditorDialog::setArguments(const QStringList &arguments)
{
    m_args->clear();
    for (const QString &arg : arguments) {
        auto *item = new QListWidgetItem(arg, m_args);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
    }
    updatePreview();
}

QStringList ServerEditorDialog::commandWords(QString *error) const
{
    // A whole command line ("npx -y server --flag x") is not a program name; an existing path with
    // spaces in it is. Split as a shell would, so that what runs is what the preview shows.
    const QString text = m_command->text().trimmed();
    if (text.isEmpty())
        return {};
    if (QFileInfo::exists(text))
        return {text};
    return splitCommandLine(text, error).value_or(QStringList{text});
}

void ServerEditorDialog::splitPastedCommandLine()
{
    if (recogniseUrlInCommand())
        return;
    QStringList words = commandWords();
    if (words.size() < 2)
        return;
    // The words go where they can be seen and edited one by one.
    m_command->setText(commandFieldText(words.takeFirst()));
    for (int i = 0; i < m_args->count(); ++i)
        words.append(m_args->item(i)->text());
    setArguments(words);
}

bool ServerEditorDialog::recogniseUrlInCommand()
{
    const bool stdio = ServerConfig::TransportType(m_transport->currentData().toInt()) == ServerConfig::TransportType::Stdio;
    const QString typed = m_command->text().trimmed();
    if (!stdio || !looksLikeUrl(typed))
        return false;
    // A URL is no program: it is kept, in the URL field, and the transport follows it.
    m_url->setText(typed);
    m_command->clear();
    m_transport->setCurrentIndex(m_transport->findData(int(ServerConfig::TransportType::Auto)));
    const bool webSocket = typed.startsWith(QLatin1String("ws://"), Qt::CaseInsensitive)
        || typed.startsWith(QLatin1String("wss://"), Qt::CaseInsensitive);
    m_notice->setText(webSocket ? tr("That is a WebSocket URL: the server is reached over WebSocket (subprotocol mcp).")
                                : tr("That is a URL: the server is reached over HTTP (the transport is detected at connect). "
                                     "Choose another transport above if it is not."));
    m_notice->show();
    return true;
}

void ServerEditorDialog::addEnvironment(const QString &name, const QString &value, bool secret)
{
    addEntryRow(m_env, ConfigEntry{name, value, secret});
    updatePreview();
}

void ServerEditorDialog::addHeader(const QString &name, const QString &value, bool secret)
{
    addEntryRow(m_headers, ConfigEntry{name, value, secret});
}

ServerConfig ServerEditorDialog::config() const
{
    ServerConfig c = m_original;
    c.name = m_name->text().trimmed();
    c.transport = ServerConfig::TransportType(m_transport->currentData().toInt());
    c.scope = ServerConfig::Scope(m_scope->currentData().toInt());
    // The program and the arguments as they will run: the preview, Save and the approval dialog
    // all read them from here.
    c.args = commandWords();
    c.command = c.args.isEmpty() ? QString() : c.args.takeFirst();
    for (int i = 0; i < m_args->count(); ++i)
        c.args.append(m_args->item(i)->text());
    c.env = entries(m_env);
    c.inheritEnvironment = m_inheritEnv->isChecked();
    c.workingDirectory = m_workingDir->text().trimmed();
    c.url = m_url->text().trimmed();
    c.headers = entries(m_headers);
    c.bearerToken = m_bearer->text();
    c.auth.mode = ServerAuth::Mode(m_authMode->currentData().toInt());
    c.auth.grant = ServerAuth::Grant(m_grant->currentData().toInt());
    c.auth.clientId = m_clientId->text().trimmed();
    c.auth.clientSecret = m_clientSecret->text();
    c.auth.scopes = m_scopes->text().simplified();
    c.auth.clientIssuer = m_clientIssuer->text().trimmed();
    c.auth.clientKeyFile = m_clientKeyFile->text().trimmed();
    c.auth.clientMetadataUrl = m_clientMetadataUrl->text().trimmed();
    c.auth.workloadTokenFile = m_workloadTokenFile->text().trimmed();
    c.auth.dpop = m_dpop->isChecked();
    TlsSettings &tls = c.network.tls;
    tls.caFiles.clear();
    for (int i = 0; i < m_caFiles->count(); ++i)
        tls.caFiles.append(m_caFiles->item(i)->text());
    tls.pinnedSha256.clear();
    for (int i = 0; i < m_pins->count(); ++i) {
        if (const std::optional<QByteArray> pin = NetworkTrust::parseFingerprint(m_pins->item(i)->text()))
            tls.pinnedSha256.append(*pin);
    }
    tls.clientCertificateFile = m_clientCertificate->text().trimmed();
    tls.clientKeyFile = m_clientKey->text().trimmed();
    tls.clientKeyPassphrase = m_clientKeyPassphrase->text().toUtf8();
    tls.clientKeyPem = tls.clientKeyFile.isEmpty() ? m_importedKey : QByteArray();
    c.network.proxy.mode = ProxySettings::Mode(m_proxyMode->currentData().toInt());
    c.network.proxy.url = QUrl::fromUserInput(m_proxyUrl->text().trimmed());
    if (m_proxyUrl->text().trimmed().isEmpty())
        c.network.proxy.url.clear();
    c.network.proxy.password = m_proxyPassword->text();
    c.timeouts.requestMs = m_requestTimeout->value() * 1000;
    c.timeouts.resetOnProgress = m_resetOnProgress->isChecked();
    c.timeouts.maxTotalMs = m_maxTotal->value() * 1000;
    c.timeouts.connectMs = m_connectTimeout->value() * 1000;
    c.pingIntervalMs = m_pingInterval->value() * 1000;
    c.autoRestart.enabled = m_autoRestart->isChecked();
    c.autoRestart.maxAttempts = m_restartAttempts->value();
    WatchSettings watch;
    watch.enabled = m_watch->isChecked();
    for (const QString &glob : m_watchGlobs->text().split(u',', Qt::SkipEmptyParts)) {
        if (!glob.trimmed().isEmpty())
            watch.globs.append(glob.trimmed());
    }
    watch.debounceMs = m_watchDebounce->value();
    watch.applyTo(c);
    c.notes = m_notes->toPlainText();
    Modern::EraChoice era;
    era.mode = static_cast<Modern::EraChoice::Mode>(qMax(0, m_era->currentIndex()));
    era.pinnedVersion = m_eraVersion->currentData().toString();
    // Auto is the default and is not written.
    c.era = era == Modern::EraChoice{} ? QString() : era.toString();
    return c;
}

QString ServerEditorDialog::commandLinePreview() const
{
    return m_preview->text();
}

void ServerEditorDialog::updateTransportPage()
{
    const bool stdio = ServerConfig::TransportType(m_transport->currentData().toInt()) == ServerConfig::TransportType::Stdio;
    // A URL typed as the command before switching to HTTP is what the URL field needs.
    if (!stdio && looksLikeUrl(m_command->text()) && m_url->text().trimmed().isEmpty()) {
        m_url->setText(m_command->text().trimmed());
        m_command->clear();
    }
    m_transportPages->setCurrentIndex(stdio ? 0 : 1);
    m_authPage->setEnabled(!stdio);
    m_authNote->setVisible(stdio);
    m_tabs->setTabToolTip(m_authTab, stdio ? m_authNote->text() : QString());
    m_networkPage->setEnabled(!stdio);
    m_networkNote->setVisible(stdio);
    m_tabs->setTabToolTip(m_networkTab, stdio ? m_networkNote->text() : QString());
    updateProxyInUse();
    updatePreview();
}

void ServerEditorDialog::updatePreview()
{
    const ServerConfig c = config();
    QString splitError;
    if (c.usesCommand())
        commandWords(&splitError);
    m_preview->setText(!splitError.isEmpty() ? splitError
                       : c.usesCommand()     ? tr("Runs: %1").arg(c.commandLineForDisplay())
                                             : tr("Connects to: %1").arg(c.url));
    const QStringList defaults = WatchSettings::defaultGlobs(c);
    m_watchGlobs->setPlaceholderText(defaults.isEmpty() ? tr("name the files to watch, e.g. build/**")
                                                        : tr("default: %1").arg(defaults.join(QStringLiteral(", "))));
}

void ServerEditorDialog::accept()
{
    // A URL in the Command field switches the transport first: the person sees it before saving.
    if (recogniseUrlInCommand())
        return;
    if (ServerConfig::TransportType(m_transport->currentData().toInt()) == ServerConfig::TransportType::Stdio) {
        QString error;
        commandWords(&error);
        if (!error.isEmpty()) {
            m_error->setText(error);
            return;
        }
    }
    const ServerConfig c = config();
    if (c.name.isEmpty()) {
        m_error->setText(tr("The server needs a name."));
        return;
    }
    if (m_catalog) {
        const int existing = m_catalog->indexOfName(c.name);
        if (existing >= 0 && m_catalog->server(existing).id != c.id) {
            m_error->setText(tr("Another server is already called \"%1\".").arg(c.name));
            return;
        }
    }
    if (c.usesCommand() && c.command.isEmpty()) {
        m_error->setText(tr("A stdio server needs a command."));
        return;
    }
    if (c.usesUrl() && c.url.isEmpty()) {
        m_error->setText(tr("An HTTP server needs a URL."));
        return;
    }
    if (c.usesUrl()
        && c.network.tls.clientCertificateFile.isEmpty() != (c.network.tls.clientKeyFile.isEmpty() && c.network.tls.clientKeyPem.isEmpty())) {
        m_error->setText(tr("A client certificate needs both its certificate file and its key file."));
        m_tabs->setCurrentIndex(m_networkTab);
        return;
    }
    if (c.usesUrl() && c.network.proxy.mode == ProxySettings::Mode::Manual && c.network.proxy.url.host().isEmpty()) {
        m_error->setText(tr("\"This proxy\" needs the proxy's URL, such as http://proxy.example:3128."));
        m_tabs->setCurrentIndex(m_networkTab);
        return;
    }
    QDialog::accept();
}

} // namespace Mcp::Ui
