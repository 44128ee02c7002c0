#include "mainwindow.h"

#include "clientfeatures/elicitationdialog.h"
#include "clientfeatures/samplingdialog.h"
#include "clientfeatures/savedanswers.h"
#include "config/mcpjson.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/transportfactory.h"
#include "connection/connection.h"
#include "authorization/oauthcontroller.h"
#include "collections/snapshotfile.h"
#include "dialogs/certificatetrustdialog.h"
#include "dialogs/commandapprovaldialog.h"
#include "dialogs/comparedialog.h"
#include "dialogs/doctordialog.h"
#include "dialogs/exportserversdialog.h"
#include "dialogs/importdialog.h"
#include "dialogs/installlinkdialog.h"
#include "dialogs/registryserverdialog.h"
#include "dialogs/shareserverdialog.h"
#include "dialogs/servereditordialog.h"
#include "dialogs/serverrequestdialog.h"
#include "guimain.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "widgets/iconfetcher.h"
#include "secrets/keychainsecretstore.h"
#include "servers/serverlistdelegate.h"
#include "collections/collection.h"
#include "config/watch.h"
#include "timeline/timelinepanel.h"
#include "theme.h"
#include "widgets/units.h"
#include "traffic/capturewindow.h"
#include "traffic/liverecordings.h"
#include "dialogs/certificatetrustdialog.h"
#include "dialogs/collectionrundialog.h"
#include "dialogs/recordinhostdialog.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"
#include "widgets/fittinglabel.h"
#include "widgets/screenfit.h"
#include "config/servername.h"
#include "widgets/wheelguard.h"
#include "protocol/keys.h"
#include "protocol/methods.h"

#include <QAction>
#include <QApplication>
#include <QActionGroup>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFile>
#include <QDir>
#include <QSaveFile>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcessEnvironment>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include "apps/uimeta.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QShortcut>
#include <QTableWidget>
#include <QDate>
#include <QDateTime>
#include <QTimer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <memory>


namespace Mcp::Ui {

namespace {
const QString DemoServerName = QStringLiteral("MCP Scope demo server");

// Request defaults, connect timeout, ping interval and auto-restart from a configuration.
Connection::Options connectionOptionsFor(const ServerConfig &config, const Connection::Options &base = {})
{
    Connection::Options options = base;
    options.request.timeoutMs = config.timeouts.requestMs;
    options.request.resetTimeoutOnProgress = config.timeouts.resetOnProgress;
    options.request.maxTotalTimeoutMs = config.timeouts.maxTotalMs;
    options.client.connectTimeoutMs = config.timeouts.connectMs > 0 ? config.timeouts.connectMs : 30000;
    if (config.pingIntervalMs > 0)
        options.pingIntervalMs = config.pingIntervalMs;
    options.autoRestart = config.autoRestart.enabled;
    options.restartInitialBackoffMs = config.autoRestart.initialBackoffMs;
    options.restartMaxBackoffMs = config.autoRestart.maxBackoffMs;
    options.restartMaxAttempts = config.autoRestart.maxAttempts;
    // The era the configuration chose (Auto when it says nothing or what it says is unknown),
    // and what the last run detected.
    options.client.chooseEra(std::nullopt, config.era, config.eraRecord);
    options.client.propagateTraceContext = TimelinePanel::propagatesTraceContext();
    // The window renders MCP Apps (as their source when built without Qt WebEngine).
    options.client.extraCapabilities.insert(
        Key::Extensions, QJsonObject{{Apps::ExtensionId, Apps::clientExtensionSettings()}});
    return options;
}
} // namespace

MainWindow::MainWindow(const QString &catalogPath, QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("MCP Scope"));
    setWindowIcon(Theme::appIcon());
    ScreenFit::installGuard(); // no window or dialog of the application larger than the screen
    WheelGuard::install();

    m_catalog = catalogPath.isEmpty() ? new ServerCatalog(this) : new ServerCatalog(catalogPath, this);
    m_secretStore = new KeychainSecretStore(this);
    m_catalog->setSecretStore(m_secretStore);

    m_allTraffic = new TrafficLog(this);

    // Left: saved servers. Right: the selected server's page.
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 0, 4);
    leftLayout->setSpacing(2);
    auto *serversLabel = new QLabel(tr("Servers"), left);
    QFont labelFont = serversLabel->font();
    labelFont.setBold(true);
    serversLabel->setFont(labelFont);
    leftLayout->addWidget(serversLabel);
    m_serverList = new QListView(left);
    m_serverList->setObjectName(QStringLiteral("serverList"));
    m_serverList->setModel(m_catalog);
    m_delegate = new ServerListDelegate([this](const QUuid &id) { return m_servers.connection(id); }, this);
    m_serverList->setItemDelegate(m_delegate);
    m_serverList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_serverList->setContextMenuPolicy(Qt::CustomContextMenu);
    m_serverList->setUniformItemSizes(true);
    // Names and details are elided to the list's width, which the splitter decides.
    m_serverList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftLayout->addWidget(m_serverList, 1);
    m_stack = new QStackedWidget(m_splitter);
    m_placeholder = new QLabel(tr("Add a server, or import one from an mcp.json file, to get started."), m_stack);
    static_cast<QLabel *>(m_placeholder)->setAlignment(Qt::AlignCenter);
    static_cast<QLabel *>(m_placeholder)->setWordWrap(true);
    m_stack->addWidget(m_placeholder);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_stack);
    // The list takes a share of a wider window too, so long names have room at 1920 px.
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setSizes({260, 1000});
    setCentralWidget(m_splitter);

    // All connections' traffic, in a dock the user can move or hide.
    m_trafficDock = new QDockWidget(tr("All Traffic"), this);
    m_trafficDock->setObjectName(QStringLiteral("allTrafficDock"));
    m_allTrafficView = new TrafficView(m_allTraffic, m_trafficDock);
    m_allTrafficView->setShowsServers(true);
    m_allTrafficView->setDefaultExportName(QStringLiteral("mcpscope-traffic"));
    m_allTrafficView->setSecretValuesProvider([this] {
        QStringList values;
        for (const ServerController *server : m_servers.all())
            values += server->connection()->secretValues();
        return values;
    });
    m_trafficDock->setWidget(m_allTrafficView);
    addDockWidget(Qt::BottomDockWidgetArea, m_trafficDock);
    m_trafficDock->hide();

    createActions();
    createMenus();
    createToolBar();
    createStatusBar();

    // Add the left panel's buttons under the list.
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(0);
    for (QAction *action : {m_addAction, m_editAction, m_duplicateAction, m_removeAction, m_upAction, m_downAction}) {
        auto *button = new QToolButton(left);
        button->setDefaultAction(action);
        button->setAutoRaise(true);
        buttons->addWidget(button);
    }
    buttons->addStretch();
    leftLayout->addLayout(buttons);

    connect(m_serverList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onCurrentServerChanged);
    connect(m_serverList, &QListView::doubleClicked, this, [this](const QModelIndex &index) {
        const QUuid id = QUuid(index.data(ServerCatalog::IdRole).toString());
        if (!connectedConnection(id))
            connectServer(id);
    });
    connect(m_serverList, &QListView::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu menu(this);
        menu.addActions({m_connectAction, m_disconnectAction, m_restartAction});
        menu.addSeparator();
        menu.addActions({m_compareAction, m_saveSnapshotAction, m_doctorAction});
        menu.addSeparator();
        menu.addActions({m_editAction, m_duplicateAction, m_removeAction});
        menu.addSeparator();
        menu.addActions({m_upAction, m_downAction, m_exportEntryAction, m_shareAction});
        menu.exec(m_serverList->viewport()->mapToGlobal(pos));
    });
    connect(m_catalog, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateActions);
    connect(m_catalog, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateActions);
    connect(m_catalog, &QAbstractItemModel::rowsMoved, this, &MainWindow::updateActions);
    connect(m_catalog, &ServerCatalog::serverChanged, this, [this](const QUuid &id) {
        if (Connection *connection = m_servers.connection(id)) {
            connection->setName(m_catalog->find(id).name);
            if (m_servers.page(id))
                Q_EMIT connection->sessionInfoChanged(); // refresh the header's name
        }
    });
    connect(m_catalog, &ServerCatalog::saveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Could not save the server list: %1").arg(message), 10000);
    });
    connect(m_secretStore, &SecretStore::statusChanged, this, &MainWindow::updateStatusBar);

    restoreLayout();
    updateActions();
    updateStatusBar();
}

MainWindow::~MainWindow()
{
    // Each server's page, then its connection, which ends its thread.
    m_servers.clear();
}

void MainWindow::createActions()
{
    auto make = [this](const QString &icon, const QString &text, const QKeySequence &shortcut = {}) {
        auto *action = new QAction(icon.isEmpty() ? QIcon() : Theme::icon(icon), text, this);
        if (!shortcut.isEmpty())
            action->setShortcut(shortcut);
        return action;
    };
    m_addAction = make(QStringLiteral("add"), tr("&Add Server…"), QKeySequence(Qt::CTRL | Qt::Key_N));
    m_editAction = make(QStringLiteral("edit"), tr("&Edit Server…"), QKeySequence(Qt::CTRL | Qt::Key_E));
    m_duplicateAction = make(QStringLiteral("duplicate"), tr("D&uplicate Server"), QKeySequence(Qt::CTRL | Qt::Key_D));
    m_removeAction = make(QStringLiteral("remove"), tr("&Remove Server"), QKeySequence(Qt::CTRL | Qt::Key_Delete));
    m_upAction = make(QStringLiteral("up"), tr("Move &Up"), QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Up));
    m_downAction = make(QStringLiteral("down"), tr("Move Do&wn"), QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Down));
    m_connectAction = make(QStringLiteral("connect"), tr("&Connect"), QKeySequence(Qt::CTRL | Qt::Key_K));
    m_disconnectAction = make(QStringLiteral("disconnect"), tr("&Disconnect"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    m_restartAction = make(QStringLiteral("restart"), tr("Res&tart"), QKeySequence(Qt::CTRL | Qt::Key_R));
    m_pingAction = make(QStringLiteral("ping"), tr("&Ping"), QKeySequence(Qt::CTRL | Qt::Key_P));
    m_importAction = make(QStringLiteral("import"), tr("&Import mcp.json…"), QKeySequence(Qt::CTRL | Qt::Key_I));
    m_pasteImportAction = make(QString(), tr("Import from &Clipboard…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    m_exportEntryAction = make(QStringLiteral("export"), tr("Export &Server Entry…"));
    m_openServerJsonAction = make(QString(), tr("Open Server.&json…"));
    m_openServerJsonAction->setObjectName(QStringLiteral("openServerJson"));
    m_openServerJsonAction->setStatusTip(tr("Add a server of the MCP Registry from its server.json (a file or an https URL)"));
    m_shareAction = make(QString(), tr("S&hare…"));
    m_shareAction->setObjectName(QStringLiteral("shareServer"));
    m_shareAction->setStatusTip(tr("Install links for this server (MCP Scope, VS Code, Cursor), secrets left out"));
    m_exportFileAction = make(QString(), tr("Export &All Servers…"));
    m_openProjectAction = make(QStringLiteral("open"), tr("Open &Project Folder…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_closeProjectAction = make(QString(), tr("C&lose Project"));
    m_openCaptureAction = make(QStringLiteral("open"), tr("&Open Capture…"), QKeySequence::Open);
    m_exportTrafficAction = make(QStringLiteral("export"), tr("E&xport Traffic…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_pauseTrafficAction = make(QStringLiteral("pause"), tr("&Pause Traffic"), QKeySequence(Qt::CTRL | Qt::Key_Space));
    m_clearTrafficAction = make(QStringLiteral("clear"), tr("C&lear Traffic"), QKeySequence(Qt::CTRL | Qt::Key_L));
    m_quitAction = make(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit);
    m_aboutAction = make(QStringLiteral("about"), tr("&About MCP Scope"));
    m_shortcutsAction = make(QString(), tr("&Keyboard Shortcuts"));
    connect(m_shortcutsAction, &QAction::triggered, this, &MainWindow::showKeyboardShortcuts);

    connect(m_addAction, &QAction::triggered, this, &MainWindow::addServer);
    connect(m_editAction, &QAction::triggered, this, [this] { editServer(currentServerId()); });
    connect(m_duplicateAction, &QAction::triggered, this, [this] { duplicateServer(currentServerId()); });
    connect(m_removeAction, &QAction::triggered, this, [this] { removeServer(currentServerId()); });
    connect(m_upAction, &QAction::triggered, this, [this] { moveServer(currentServerId(), -1); });
    connect(m_downAction, &QAction::triggered, this, [this] { moveServer(currentServerId(), +1); });
    connect(m_connectAction, &QAction::triggered, this, [this] { connectServer(currentServerId()); });
    connect(m_disconnectAction, &QAction::triggered, this, [this] { disconnectServer(currentServerId()); });
    connect(m_restartAction, &QAction::triggered, this, [this] { restartServer(currentServerId()); });
    connect(m_pingAction, &QAction::triggered, this, [this] {
        if (Connection *connection = existingConnection(currentServerId()))
            connection->pingNow();
    });
    connect(m_importAction, &QAction::triggered, this, [this] { importServers(); });
    connect(m_pasteImportAction, &QAction::triggered, this, [this] {
        importServers(QApplication::clipboard() ? QApplication::clipboard()->text() : QString());
    });
    connect(m_exportEntryAction, &QAction::triggered, this, [this] { exportServers(false); });
    connect(m_openServerJsonAction, &QAction::triggered, this, [this] { openServerJson(); });
    connect(m_shareAction, &QAction::triggered, this, [this] { shareServer(currentServerId()); });
    connect(m_exportFileAction, &QAction::triggered, this, [this] { exportServers(true); });
    connect(m_openProjectAction, &QAction::triggered, this, &MainWindow::openProjectFolder);
    connect(m_closeProjectAction, &QAction::triggered, this, &MainWindow::closeProject);
    connect(m_openCaptureAction, &QAction::triggered, this, [this] { openCapture(); });
    m_runCollectionAction = new QAction(tr("Run &Collection…"), this);
    connect(m_runCollectionAction, &QAction::triggered, this, [this] {
        QSettings settings;
        const QString path = QFileDialog::getOpenFileName(this, tr("Run Collection"),
                                                          settings.value(QStringLiteral("collections/lastFile")).toString(),
                                                          tr("MCP Scope collections (*.json);;All files (*)"));
        if (path.isEmpty())
            return;
        settings.setValue(QStringLiteral("collections/lastFile"), path);
        runCollection(path);
    });
    m_compareAction = new QAction(tr("Co&mpare With…"), this);
    m_compareAction->setObjectName(QStringLiteral("compareWith"));
    m_compareAction->setStatusTip(tr("What this server offers against another connected server or a saved snapshot, "
                                     "breaking changes marked"));
    connect(m_compareAction, &QAction::triggered, this, [this] { compareServer(currentServerId()); });
    m_doctorAction = new QAction(tr("Run D&octor…"), this);
    m_doctorAction->setObjectName(QStringLiteral("runDoctor"));
    m_doctorAction->setStatusTip(tr("What a host will trip on in this server: names, schemas, hidden text, how it "
                                    "answers, as mcpscope doctor finds it"));
    connect(m_doctorAction, &QAction::triggered, this, [this] { runDoctor(currentServerId()); });
    m_saveSnapshotAction = new QAction(Theme::icon(QStringLiteral("save")), tr("Save S&napshot…"), this);
    m_saveSnapshotAction->setObjectName(QStringLiteral("saveSnapshot"));
    m_saveSnapshotAction->setStatusTip(tr("Save this server's tools, prompts, resources and templates to compare with later"));
    connect(m_saveSnapshotAction, &QAction::triggered, this, [this] { saveSnapshot(currentServerId()); });
    m_recordInHostAction = new QAction(tr("&Record a Server in a Host…"), this);
    connect(m_recordInHostAction, &QAction::triggered, this, [this] {
        auto *dialog = new RecordInHostDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    connect(m_exportTrafficAction, &QAction::triggered, this, [this] {
        if (TrafficView *view = currentTrafficView())
            view->exportDialog();
    });
    connect(m_pauseTrafficAction, &QAction::triggered, this, [this] {
        if (TrafficView *view = currentTrafficView())
            view->setPaused(!view->log()->isPaused());
    });
    connect(m_clearTrafficAction, &QAction::triggered, this, [this] {
        if (TrafficView *view = currentTrafficView())
            view->clear();
    });
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_importAction);
    file->addAction(m_pasteImportAction);
    file->addAction(m_openServerJsonAction);
    file->addAction(m_exportEntryAction);
    file->addAction(m_exportFileAction);
    file->addSeparator();
    file->addAction(m_openProjectAction);
    file->addAction(m_closeProjectAction);
    file->addSeparator();
    file->addAction(m_openCaptureAction);
    file->addAction(m_recordInHostAction);
    file->addAction(m_runCollectionAction);
    file->addSeparator();
    // Without a keychain, secrets live in memory only unless the user explicitly chooses the file.
    QAction *secretsInFile = file->addAction(tr("Keep Secrets in the Server List File"));
    m_secretsInFileAction = secretsInFile;
    secretsInFile->setCheckable(true);
    secretsInFile->setChecked(m_catalog->secretsInFile());
    connect(secretsInFile, &QAction::toggled, this, [this, secretsInFile](bool on) {
        if (on && QMessageBox::warning(this, tr("Secrets in a Plain File"),
                                       tr("Tokens and secret environment values will be written unencrypted to %1. "
                                          "Anyone who can read that file can use them. Continue?")
                                           .arg(m_catalog->userFilePath()),
                                       QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes) {
            QSignalBlocker blocker(secretsInFile);
            secretsInFile->setChecked(false);
            return;
        }
        m_catalog->setSecretsInFile(on);
        updateStatusBar();
    });
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *server = menuBar()->addMenu(tr("&Server"));
    server->addActions({m_connectAction, m_disconnectAction, m_restartAction, m_pingAction});
    server->addSeparator();
    server->addActions({m_compareAction, m_saveSnapshotAction, m_doctorAction});
    server->addSeparator();
    server->addActions({m_addAction, m_editAction, m_duplicateAction, m_removeAction});
    server->addSeparator();
    server->addActions({m_upAction, m_downAction});
    server->addSeparator();
    server->addAction(m_shareAction);

    QMenu *traffic = menuBar()->addMenu(tr("&Traffic"));
    traffic->addActions({m_exportTrafficAction, m_pauseTrafficAction, m_clearTrafficAction});

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *toggleTraffic = m_trafficDock->toggleViewAction();
    toggleTraffic->setText(tr("&All Traffic"));
    toggleTraffic->setIcon(Theme::icon(QStringLiteral("traffic")));
    toggleTraffic->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    view->addAction(toggleTraffic);
    // Servers name https icons; fetching them tells the icon's host that MCP Scope is in use.
    QAction *webIcons = view->addAction(tr("Fetch Icons from the &Web"));
    webIcons->setCheckable(true);
    webIcons->setChecked(IconFetcher::instance()->isEnabled());
    webIcons->setStatusTip(tr("Download the https icons of tools, resources and prompts (no cookies, no credentials)"));
    connect(webIcons, &QAction::toggled, this, [](bool on) {
        QSettings().setValue(IconFetcher::fetchSettingKey(), on);
        IconFetcher::instance()->setEnabled(on);
    });
    QMenu *theme = view->addMenu(tr("&Theme"));
    auto *themes = new QActionGroup(theme);
    const QList<QPair<Theme::Choice, QString>> themeChoices = {
        {Theme::Choice::System, tr("System")}, {Theme::Choice::Light, tr("Light")}, {Theme::Choice::Dark, tr("Dark")}};
    for (const auto &entry : themeChoices) {
        QAction *action = theme->addAction(entry.second);
        action->setObjectName(QStringLiteral("theme") + QString::number(int(entry.first)));
        action->setCheckable(true);
        action->setChecked(entry.first == Theme::savedChoice());
        themes->addAction(action);
        connect(action, &QAction::triggered, this, [choice = entry.first] {
            Theme::saveChoice(choice);
            Theme::apply(qApp, choice); // at once: no restart
        });
    }
    QMenu *language = view->addMenu(tr("&Language"));
    const QList<QPair<QString, QString>> languages = {
        {QString(), tr("System Default")}, {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")}, {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    const QString currentLanguage = QSettings().value(QStringLiteral("ui/language")).toString();
    auto *group = new QActionGroup(language);
    for (const auto &entry : languages) {
        QAction *action = language->addAction(entry.second);
        action->setCheckable(true);
        action->setChecked(entry.first == currentLanguage);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code = entry.first] {
            QSettings().setValue(QStringLiteral("ui/language"), code);
            QMessageBox::information(this, tr("Language"), tr("The new language is used from the next start."));
        });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_shortcutsAction);
    help->addAction(m_aboutAction);
}

QList<QPair<QString, QKeySequence>> MainWindow::keyboardShortcuts() const
{
    QList<QPair<QString, QKeySequence>> shortcuts;
    auto add = [&shortcuts](QString text, const QKeySequence &key) {
        text.remove(u'&');
        if (text.endsWith(u'…'))
            text.chop(1);
        const QPair<QString, QKeySequence> entry(text, key);
        if (!text.isEmpty() && !key.isEmpty() && !shortcuts.contains(entry))
            shortcuts.append(entry);
    };
    for (QAction *action : findChildren<QAction *>())
        add(action->text(), action->shortcut());
    // Shortcuts without an action say what they do in their What's This text.
    for (QShortcut *shortcut : findChildren<QShortcut *>())
        add(shortcut->whatsThis(), shortcut->key());
    return shortcuts;
}

void MainWindow::showKeyboardShortcuts()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(&dialog);
    const QList<QPair<QString, QKeySequence>> shortcuts = keyboardShortcuts();
    auto *table = new QTableWidget(int(shortcuts.size()), 2, &dialog);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    for (int row = 0; row < shortcuts.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(shortcuts.at(row).first));
        table->setItem(row, 1, new QTableWidgetItem(shortcuts.at(row).second.toString(QKeySequence::NativeText)));
    }
    table->resizeColumnsToContents();
    table->resizeRowsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    // As large as the whole list, as far as the screen allows (then the rows scroll).
    const QMargins margins = layout->contentsMargins();
    const int frame = 2 * table->frameWidth();
    const int tableWidth = table->horizontalHeader()->length() + frame + table->verticalScrollBar()->sizeHint().width();
    const int tableHeight = table->horizontalHeader()->height() + table->verticalHeader()->length() + frame;
    dialog.setObjectName(QStringLiteral("keyboardShortcuts"));
    ScreenFit::resizeWithin(&dialog, QSize(qMax(tableWidth, buttons->sizeHint().width()) + margins.left() + margins.right(),
                                           tableHeight + layout->spacing() + buttons->sizeHint().height() + margins.top()
                                               + margins.bottom()));
    dialog.exec();
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setIconSize(QSize(20, 20));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_addAction);
    bar->addAction(m_importAction);
    // Connect, Disconnect and Restart are on the server's page, next to its state: once is enough.
    bar->addSeparator();
    bar->addAction(m_trafficDock->toggleViewAction());
    bar->addAction(m_openCaptureAction);
}

void MainWindow::createStatusBar()
{
    m_statusProtocol = new FittingLabel(this);
    m_statusTransport = new QLabel(this);
    m_statusSession = new QLabel(this);
    m_statusSecrets = new FittingLabel(this);
    m_statusSecrets->setObjectName(QStringLiteral("secretsStatus"));
    m_statusSecrets->setStyleSheet(QStringLiteral("color: %1").arg(Theme::color(Theme::Role::Warning).name()));
    static_cast<FittingLabel *>(m_statusSecrets)->setElideMode(Qt::ElideRight);
    // In the message area, elided to the room beside the protocol label (a long message drawn as a
    // status message was cut mid-word there).
    statusBar()->addWidget(m_statusSecrets, 1);
    statusBar()->addPermanentWidget(m_statusProtocol);
    statusBar()->addPermanentWidget(m_statusTransport);
    statusBar()->addPermanentWidget(m_statusSession);
    // A temporary message hides the notice beside it; showing the notice again while a message
    // is up drew the two on top of each other.
    connect(statusBar(), &QStatusBar::messageChanged, this, &MainWindow::updateStatusBar);
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("mainWindow"));
    // The first size, and one saved on a bigger screen or another screen, stay within this
    // screen's free area, frame included.
    if (restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray()))
        ScreenFit::clampToScreen(this);
    else
        ScreenFit::resizeWithin(this, QSize(1280, 820));
    restoreState(settings.value(QStringLiteral("state")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("splitter")).toByteArray());
    settings.endGroup();
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("mainWindow"));
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("state"), saveState());
    settings.setValue(QStringLiteral("splitter"), m_splitter->saveState());
    QStringList connected;
    for (const ServerController *server : m_servers.all()) {
        if (server->connection()->isConnected())
            connected.append(server->id().toString(QUuid::WithoutBraces));
    }
    settings.setValue(QStringLiteral("connectedServers"), connected);
    settings.setValue(QStringLiteral("currentServer"), currentServerId().toString(QUuid::WithoutBraces));
    settings.endGroup();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::startUp()
{
    if (!m_catalog->load()) {
        QStringList messages;
        for (const CatalogProblem &problem : m_catalog->problems())
            messages << problem.toString();
        QMessageBox::warning(this, tr("Server List"), messages.join(QStringLiteral("\n\n")));
    }
    {
        QSignalBlocker blocker(m_secretsInFileAction);
        m_secretsInFileAction->setChecked(m_catalog->secretsInFile());
    }
    updateStatusBar();
    const QString demo = demoServerProgram();
    const bool firstStart = !demo.isEmpty() && m_catalog->ensureDemoServer(demo);

    QSettings settings;
    settings.beginGroup(QStringLiteral("mainWindow"));
    const QStringList toConnect = settings.value(QStringLiteral("connectedServers")).toStringList();
    const QUuid current(settings.value(QStringLiteral("currentServer")).toString());
    settings.endGroup();

    if (m_catalog->count() > 0)
        selectServer(m_catalog->indexOf(current) >= 0 ? current : m_catalog->server(0).id);

    if (firstStart) {
        // The window is alive at once: the bundled demo server, connected.
        const int row = m_catalog->indexOfName(m_catalog->server(0).name);
        Q_UNUSED(row)
        for (const ServerConfig &config : m_catalog->servers()) {
            if (config.command == demo) {
                selectServer(config.id);
                connectServer(config.id);
                break;
            }
        }
        return;
    }
    for (const QString &id : toConnect) {
        const QUuid uuid(id);
        // Only servers already approved reconnect by themselves; nothing new starts unseen.
        if (m_catalog->indexOf(uuid) >= 0 && m_catalog->isApproved(m_catalog->find(uuid)))
            connectServer(uuid);
    }
}

QUuid MainWindow::currentServerId() const
{
    const QModelIndex index = m_serverList->currentIndex();
    return index.isValid() ? QUuid(index.data(ServerCatalog::IdRole).toString()) : QUuid();
}

void MainWindow::selectServer(const QUuid &id)
{
    const int row = m_catalog->indexOf(id);
    if (row < 0)
        return;
    m_serverList->setCurrentIndex(m_catalog->index(row));
}

Connection *MainWindow::connectionFor(const QUuid &id)
{
    if (Connection *existing = m_servers.connection(id))
        return existing;
    const ServerConfig config = m_catalog->find(id);
    if (config.id.isNull())
        return nullptr;
    auto *connection = new Connection(m_nextConnectionId++, config.name, {}, connectionOptionsFor(config), nullptr);
    auto *oauth = new OAuthController(id, m_secretStore, connection);
    oauth->setServerName(config.name);
    m_servers.add(std::make_unique<ServerController>(id, connection, oauth));
    m_allTraffic->setConnectionName(connection->id(), config.name);
    connect(connection, &Connection::trafficBatch, m_allTraffic, &TrafficLog::appendBatch);
    const auto refresh = [this, id] {
        refreshServerRow(id);
        if (id == currentServerId()) {
            updateActions();
            updateStatusBar();
        }
    };
    connect(connection, &Connection::stateChanged, this, refresh);
    connect(connection, &Connection::healthChanged, this, refresh);
    connect(connection, &Connection::restartScheduleChanged, this, refresh);
    connect(connection, &Connection::sessionInfoChanged, this, [this, id] {
        adoptServerTitle(id);
        if (id == currentServerId())
            updateStatusBar();
    });
    connect(connection, &Connection::pingLatencyChanged, this, [this, id] { refreshServerRow(id); });
    // The detected era is kept with the configuration, so the next run starts from it.
    connect(connection, &Connection::eraDetected, this, [this, id](const Modern::EraRecord &record) {
        m_catalog->rememberEraRecord(id, record.toJson());
    });
    connect(connection, &Connection::serverRequestReceived, this, [this, connection](IncomingRequest *request) {
        const SessionInfo info = connection->sessionInfo();
        onServerRequest(request, connection->name(),
                        info.era.era == Modern::Era::Modern ? info.protocolVersion : QString());
    });
    // The out-of-band step of a URL elicitation ended (2025-11-25): said where the person looks
    // on coming back from the browser.
    connection->onNotification(Method::ElicitationCompleteNotification, this, [this, connection](const Message &notification) {
        statusBar()->showMessage(tr("%1: the server says the page it sent you to is done (elicitation %2).")
                                     .arg(connection->name(), notification.paramsObject().value(Key::ElicitationId).toString()),
                                 15000);
    });
    connect(connection, &Connection::tlsRefused, this, [this, id](const std::shared_ptr<const TlsFailure> &failure) {
        if (failure)
            askToTrust(id, *failure);
    });
    connect(connection, &Connection::autoRestartScheduled, this, [this, connection](int ms) {
        statusBar()->showMessage(tr("%1 stopped; restarting in %2").arg(connection->name(), Units::duration(ms)), ms);
    });
    connect(connection, &Connection::autoRestartGaveUp, this, [this, connection](const QString &reason) {
        statusBar()->showMessage(tr("%1: %2").arg(connection->name(), reason), 15000);
    });
    return connection;
}

ServerPage *MainWindow::pageFor(const QUuid &id)
{
    if (ServerPage *page = m_servers.page(id))
        return page;
    Connection *connection = connectionFor(id);
    if (!connection)
        return nullptr;
    ServerController *server = m_servers.find(id);
    auto *page = new ServerPage(connection, m_stack);
    server->setPage(page);
    if (m_catalog->find(id).usesUrl())
        page->setOAuthController(server->oauth());
    m_stack->addWidget(page);
    connect(page, &ServerPage::connectRequested, this, [this, id] { connectServer(id); });
    connect(page, &ServerPage::disconnectRequested, this, [this, id] { disconnectServer(id); });
    connect(page, &ServerPage::restartRequested, this, [this, id] { restartServer(id); });
    // Forget the era the configuration remembers, so the new connection probes again.
    connect(page, &ServerPage::reprobeRequested, this, [this, id] {
        m_catalog->rememberEraRecord(id, {});
        if (Connection *connection = existingConnection(id))
            connection->setOptions(connectionOptionsFor(m_catalog->find(id), connection->options()));
        restartServer(id);
    });
    connect(page->toolsPage(), &ToolsPage::saveToCollectionRequested, this,
            [this, id](const QJsonObject &call) { saveCallToCollection(id, call); });
    return page;
}

CollectionRunDialog *MainWindow::runCollection(const QString &path)
{
    auto *dialog = new CollectionRunDialog(path, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setCommandApproval([guard = QPointer<MainWindow>(this)](const ServerConfig &config) {
        if (!guard)
            return false;
        if (guard->m_catalog->isApproved(config))
            return true;
        if (!guard->confirmCommand(config))
            return false;
        guard->m_catalog->approve(config);
        return true;
    });
    dialog->show();
    return dialog;
}

Connection *MainWindow::connectedConnection(const QUuid &id) const
{
    Connection *connection = existingConnection(id);
    return connection && connection->isConnected() ? connection : nullptr;
}

CompareDialog *MainWindow::compareServer(const QUuid &id)
{
    Connection *connection = connectedConnection(id);
    if (!connection)
        return nullptr;
    // The other connected servers, in the list's order.
    QList<CompareDialog::Peer> peers;
    for (const ServerConfig &config : m_catalog->servers()) {
        if (Connection *other = connectedConnection(config.id); other && config.id != id)
            peers.append({config.name, other});
    }
    auto *dialog = new CompareDialog(m_catalog->find(id).name, connection, peers, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

DoctorDialog *MainWindow::runDoctor(const QUuid &id)
{
    Connection *connection = connectedConnection(id);
    if (!connection)
        return nullptr;
    auto *dialog = new DoctorDialog(m_catalog->find(id).name, connection, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DoctorDialog::showTrafficRequested, this, [this, id](const TrafficEvent &event) {
        if (showTrafficEvent(id, event)) {
            raise();
            activateWindow();
        }
        else
            statusBar()->showMessage(tr("That exchange is no longer in the server's traffic."), 5000);
    });
    dialog->show();
    return dialog;
}

bool MainWindow::showTrafficEvent(const QUuid &id, const TrafficEvent &event)
{
    Connection *connection = existingConnection(id);
    if (!connection)
        return false;
    TrafficLog *log = connection->trafficLog();
    log->flush();
    // Recent, so from the end; the same moment, direction and bytes make the same event.
    int found = -1;
    for (int row = log->rowCount() - 1; row >= 0 && found < 0; --row) {
        const TrafficEvent candidate = log->event(row);
        if (candidate.monotonicNs == event.monotonicNs && candidate.direction == event.direction && candidate.raw == event.raw)
            found = row;
    }
    if (found < 0)
        return false;
    selectServer(id);
    ServerPage *page = pageFor(id);
    page->tabs()->setCurrentWidget(page->trafficPage());
    TrafficView *view = page->trafficPage()->view();
    // A filter that hides the row is cleared rather than leave the person looking at nothing.
    if (view->viewRow(found) < 0)
        view->setTextFilter(QString());
    view->selectViewRow(view->viewRow(found));
    return true;
}

void MainWindow::saveSnapshot(const QUuid &id, const QString &path)
{
    Connection *connection = connectedConnection(id);
    if (!connection)
        return;
    const QString name = m_catalog->find(id).name;
    QString file = path;
    if (file.isEmpty()) {
        QSettings settings;
        const QString folder = QFileInfo(settings.value(QStringLiteral("compare/lastSnapshot")).toString()).absolutePath();
        QString base = name;
        base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
        file = QFileDialog::getSaveFileName(this, tr("Save Snapshot of %1").arg(name),
                                            QDir(folder).filePath(QStringLiteral("%1-%2.json").arg(base, QDate::currentDate().toString(Qt::ISODate))),
                                            tr("Snapshots (*.json);;All files (*)"));
        if (file.isEmpty())
            return;
        settings.setValue(QStringLiteral("compare/lastSnapshot"), file);
    }
    statusBar()->showMessage(tr("Listing what %1 offers…").arg(name));
    connection->listSnapshot(this, Client::ListOptions::fromServer(), [this, file, name](const QJsonObject &snapshot, const QString &error) {
        QString writeError;
        if (!error.isEmpty()) {
            QMessageBox::warning(this, tr("Save Snapshot"), tr("Could not list what %1 offers: %2").arg(name, error));
            statusBar()->clearMessage();
        } else if (!SnapshotFile::write(file, snapshot, name, &writeError)) {
            QMessageBox::warning(this, tr("Save Snapshot"), writeError);
            statusBar()->clearMessage();
        } else {
            statusBar()->showMessage(tr("Snapshot of %1 saved in %2").arg(name, QDir::toNativeSeparators(file)), 10000);
        }
    });
}

QList<ServerConfig> MainWindow::replayServers() const
{
    QList<ServerConfig> servers;
    for (const ServerConfig &config : m_catalog->servers()) {
        // A command never starts before the user has seen it and said yes (on connecting).
        if (!m_catalog->isApproved(config))
            continue;
        QStringList unresolved;
        const ServerConfig resolved = m_catalog->resolve(config, QProcessEnvironment::systemEnvironment(), {}, &unresolved);
        if (std::any_of(unresolved.cbegin(), unresolved.cend(),
                        [](const QString &reference) { return !ServerConfig::inputIdOf(reference).isEmpty(); }))
            continue; // needs an answer only a connection asks for
        servers.append(resolved);
    }
    return servers;
}

void MainWindow::saveCallToCollection(const QUuid &id, const QJsonObject &call)
{
    const ServerConfig config = m_catalog->find(id);
    QSettings settings;
    const QString path = !m_testCollectionFile.isEmpty() ? m_testCollectionFile : QFileDialog::getSaveFileName(
        this, tr("Save Call to Collection"), settings.value(QStringLiteral("collections/lastFile")).toString(),
        tr("MCP Scope collections (*.json);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("collections/lastFile"), path);
    QByteArray existing;
    QFile file(path);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly)) {
            QMessageBox::warning(this, tr("Save Call to Collection"), tr("Cannot read %1: %2").arg(path, file.errorString()));
            return;
        }
        existing = file.readAll();
        file.close();
    }
    // The server as an mcp.json entry, secret values left out (${NAME} references instead).
    QJsonObject entry = McpJson::exportEntry(config, McpJsonExportOptions());
    if (!config.era.isEmpty())
        entry.insert(QStringLiteral("era"), config.era);
    QString error;
    const QByteArray text = Collection::appendCall(existing, config.name, entry, call, &error);
    if (text.isEmpty()) {
        QMessageBox::warning(this, tr("Save Call to Collection"), tr("Cannot add the call to %1:\n%2").arg(path, error));
        return;
    }
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size() || !out.commit()) {
        QMessageBox::warning(this, tr("Save Call to Collection"), tr("Cannot write %1: %2").arg(path, out.errorString()));
        return;
    }
    statusBar()->showMessage(tr("Saved %1 to %2 (run it with: mcpscope test %2)")
                                 .arg(call.value(QStringLiteral("tool")).toString(), QDir::toNativeSeparators(path)),
                             10000);
}

ServerPage *MainWindow::currentPage() const
{
    return qobject_cast<ServerPage *>(m_stack->currentWidget());
}

TrafficView *MainWindow::currentTrafficView() const
{
    if (m_trafficDock->isVisible() && m_allTrafficView->isAncestorOf(QApplication::focusWidget()))
        return m_allTrafficView;
    if (ServerPage *page = currentPage())
        return page->trafficPage()->view();
    return m_trafficDock->isVisible() ? m_allTrafficView : nullptr;
}

void MainWindow::onCurrentServerChanged()
{
    const QUuid id = currentServerId();
    if (id.isNull()) {
        m_stack->setCurrentWidget(m_placeholder);
    } else if (ServerPage *page = pageFor(id)) {
        m_stack->setCurrentWidget(page);
    }
    updateActions();
    updateStatusBar();
}

void MainWindow::refreshServerRow(const QUuid &id)
{
    const int row = m_catalog->indexOf(id);
    if (row >= 0)
        m_serverList->update(m_catalog->index(row));
}

void MainWindow::updateActions()
{
    const QUuid id = currentServerId();
    const bool has = !id.isNull();
    const int row = has ? m_catalog->indexOf(id) : -1;
    Connection *connection = has ? existingConnection(id) : nullptr;
    const Connection::State state = connection ? connection->state() : Connection::State::Disconnected;
    const bool live = state == Connection::State::Connected || state == Connection::State::Connecting;
    m_editAction->setEnabled(has);
    m_duplicateAction->setEnabled(has);
    m_removeAction->setEnabled(has);
    m_upAction->setEnabled(row > 0);
    m_downAction->setEnabled(has && row < m_catalog->count() - 1);
    m_connectAction->setEnabled(has && !live);
    m_disconnectAction->setEnabled(live);
    // Restarting is most wanted after the server crashed or failed to start.
    m_restartAction->setEnabled(has && state != Connection::State::Disconnected);
    m_pingAction->setEnabled(state == Connection::State::Connected);
    m_compareAction->setEnabled(state == Connection::State::Connected);
    m_doctorAction->setEnabled(state == Connection::State::Connected);
    m_saveSnapshotAction->setEnabled(state == Connection::State::Connected);
    m_exportEntryAction->setEnabled(has);
    m_shareAction->setEnabled(has);
    m_exportFileAction->setEnabled(m_catalog->count() > 0);
    m_closeProjectAction->setEnabled(!m_catalog->projectFolder().isEmpty());
}

void MainWindow::updateStatusBar()
{
    Connection *connection = existingConnection(currentServerId());
    if (connection && connection->health() == Connection::Health::Reachable) {
        const SessionInfo info = connection->sessionInfo();
        m_statusProtocol->setText(tr("Protocol %1").arg(info.protocolVersion));
        m_statusTransport->setText(info.transportName);
        m_statusSession->setText(info.sessionId.isEmpty() ? QString() : tr("Session %1").arg(info.sessionId.left(12)));
        m_statusSession->setToolTip(info.sessionId);
    } else {
        // The state only; the server page's banner says why.
        m_statusProtocol->setText(connection ? Connection::stateName(connection->state()) : tr("Not connected"));
        m_statusTransport->clear();
        m_statusSession->clear();
    }
    m_statusTransport->setVisible(!m_statusTransport->text().isEmpty());
    m_statusSession->setVisible(!m_statusSession->text().isEmpty());
    const QString secrets = (m_secretStore->isPersistent() || m_catalog->secretsInFile()) ? QString()
                                                                                         : m_secretStore->statusText();
    const QString meaning = tr("Secret values (tokens, secret environment values) are not written to the server "
                               "list file. Without a keychain they are kept only until MCP Scope quits.");
    const bool checking = static_cast<KeychainSecretStore *>(m_secretStore)->availability()
        == KeychainSecretStore::Availability::Unknown;
    // "No keychain" is said once, with what it means, for 20 s, and then let go; only the check
    // in progress stays in the status bar.
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!secrets.isEmpty() && !checking && !m_secretsNoticeGiven) {
        m_secretsNoticeGiven = true;
        m_secretsNoticeUntilMs = now + 20000;
        // The timer ends the notice itself: a coarse timer may fire before the clock says 20 s.
        QTimer::singleShot(20000, this, [this] {
            m_secretsNoticeUntilMs = 0;
            updateStatusBar();
        });
    }
    const bool notice = !secrets.isEmpty() && !checking && now < m_secretsNoticeUntilMs;
    m_statusSecrets->setText(notice ? tr("⚠ %1").arg(secrets + QLatin1Char(' ') + meaning) : secrets);
    m_statusSecrets->setToolTip(secrets + QLatin1Char('\n') + meaning);
    m_statusSecrets->setVisible(!secrets.isEmpty() && (checking || notice) && statusBar()->currentMessage().isEmpty());
}

bool MainWindow::confirmCommand(const ServerConfig &config)
{
    if (m_testApprovalAnswer >= 0)
        return m_testApprovalAnswer > 0;
    CommandApprovalDialog dialog(config, this);
    return dialog.exec() == QDialog::Accepted;
}

void MainWindow::openServer(const ServerConfig &config)
{
    // A saved entry is reused only when it starts exactly what was typed: the same command,
    // arguments, environment and working directory (the approval covers all of them). One that
    // differs in any (an env with NODE_OPTIONS, another cwd) is not what the user approved here.
    QUuid id;
    for (const ServerConfig &saved : m_catalog->servers()) {
        const bool same = config.usesCommand()
            ? saved.usesCommand() && saved.commandFingerprint() == config.commandFingerprint()
            : saved.transport == config.transport && saved.url == config.url && saved.headers == config.headers;
        if (same) {
            id = saved.id;
            break;
        }
    }
    if (id.isNull()) {
        id = m_catalog->add(config);
        // A name made from the command gives way to the server's own title once it answers.
        if (config.usesCommand() && config.name == serverNameForCommand(config.command, config.args)) {
            if (connectionFor(id))
                m_servers.find(id)->setProvisionalName(config.name);
        }
    }
    m_catalog->approve(m_catalog->find(id));
    selectServer(id);
    connectServer(id);
}

void MainWindow::adoptServerTitle(const QUuid &id)
{
    ServerController *server = m_servers.find(id);
    if (!server)
        return;
    const Implementation info = server->connection()->sessionInfo().serverInfo;
    QString title = (info.title.isEmpty() ? info.name : info.title).simplified();
    if (title.isEmpty())
        return;
    const std::optional<QString> provisional = server->takeProvisionalName();
    if (!provisional)
        return;
    const QString madeName = *provisional;
    ServerConfig config = m_catalog->find(id);
    if (config.name != madeName || title == madeName)
        return; // renamed by the user meanwhile, or already right
    if (title.size() > 48)
        title = title.left(47) + QChar(0x2026);
    config.name = m_catalog->uniqueName(title);
    m_catalog->update(config);
}

void MainWindow::connectServer(const QUuid &id)
{
    ServerConfig config = m_catalog->find(id);
    if (config.id.isNull())
        return;
    // An imported or edited command never starts before the user has seen it and said yes.
    if (!m_catalog->isApproved(config)) {
        if (!confirmCommand(config))
            return;
        m_catalog->approve(config);
    }

    // ${input:...} values are asked for at connect time, never stored.
    QHash<QString, QString> inputs;
    QStringList unresolved;
    m_catalog->resolve(config, QProcessEnvironment::systemEnvironment(), inputs, &unresolved);
    for (const QString &reference : std::as_const(unresolved)) {
        const QString inputId = ServerConfig::inputIdOf(reference);
        if (inputId.isEmpty())
            continue;
        InputPrompt prompt;
        for (const InputPrompt &candidate : config.inputs) {
            if (candidate.id == inputId)
                prompt = candidate;
        }
        bool ok = false;
        const QString value = QInputDialog::getText(
            this, tr("Input for %1").arg(config.name),
            prompt.description.isEmpty() ? tr("Value for %1:").arg(inputId) : prompt.description,
            prompt.password ? QLineEdit::Password : QLineEdit::Normal, prompt.defaultValue, &ok);
        if (!ok)
            return;
        inputs.insert(inputId, value);
    }
    unresolved.clear();
    ServerConfig resolved = m_catalog->resolve(config, QProcessEnvironment::systemEnvironment(), inputs, &unresolved);
    for (const QString &file : caFilesForAllServers()) {
        if (!resolved.network.tls.caFiles.contains(file))
            resolved.network.tls.caFiles.append(file);
    }
    if (!unresolved.isEmpty()) {
        statusBar()->showMessage(tr("Unresolved references left as written: %1").arg(unresolved.join(QStringLiteral(", "))),
                                 10000);
    }
    QString error;
    Connection::TransportFactory factory = transportFactoryFor(resolved, &error);
    if (!factory) {
        QMessageBox::warning(this, tr("Connect"), error);
        return;
    }
    Connection *connection = connectionFor(id);
    ServerPage *page = pageFor(id);
    OAuthController *oauth = m_servers.oauth(id);
    oauth->setServerName(config.name);
    if (resolved.usesUrl())
        page->setOAuthController(oauth);
    connection->setName(config.name);
    m_allTraffic->setConnectionName(connection->id(), config.name);
    connection->setOptions(connectionOptionsFor(config, connection->options()));
    connection->setSecretValues(resolved.secretValues());
    connection->setHttpEndpoint(httpEndpointFor(resolved));
    connection->setWatch(resolved);
    // Stored OAuth tokens are read before the first request, so a restart reuses them.
    QPointer<Connection> guard(connection);
    oauth->prepare(resolved, [guard, oauth, resolved] {
        if (!guard)
            return;
        guard->setTransportFactory(transportFactoryFor(resolved, nullptr, oauth->authorizerFactory()));
        guard->connectToServer();
    });
    Q_UNUSED(factory)
}

QStringList MainWindow::caFilesForAllServers()
{
    return QSettings().value(QStringLiteral("network/caFiles")).toStringList();
}

CertificateTrustDialog *MainWindow::askToTrust(const QUuid &id, const TlsFailure &failure)
{
    ServerConfig config = m_catalog->find(id);
    const QString asked = id.toString() + u'|' + QString::fromLatin1(failure.presentedSha256);
    if (config.id.isNull() || m_trustAsked.contains(asked))
        return nullptr;
    m_trustAsked.insert(asked);
    auto *dialog = new CertificateTrustDialog(failure, config.name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, id, dialog, asked, presented = failure.presentedSha256,
                                               pinMismatch = failure.isPinMismatch()] {
        ServerConfig entry = m_catalog->find(id);
        if (entry.id.isNull())
            return;
        TlsSettings &tls = entry.network.tls;
        switch (dialog->decision()) {
        case CertificateTrustDialog::Decision::TrustCertificate:
            // A changed certificate replaces the old pin: both would be trusted otherwise.
            if (pinMismatch)
                tls.pinnedSha256.clear();
            tls.pinnedSha256.append(presented);
            statusBar()->showMessage(tr("%1: the certificate %2 is trusted for this server.")
                                         .arg(entry.name, NetworkTrust::displayFingerprint(presented)), 10000);
            break;
        case CertificateTrustDialog::Decision::AddCaForServer:
            if (!tls.caFiles.contains(dialog->caFile()))
                tls.caFiles.append(dialog->caFile());
            break;
        case CertificateTrustDialog::Decision::AddCaForAll: {
            QStringList all = caFilesForAllServers();
            if (!all.contains(dialog->caFile()))
                all.append(dialog->caFile());
            QSettings().setValue(QStringLiteral("network/caFiles"), all);
            break;
        }
        case CertificateTrustDialog::Decision::Cancel:
            return;
        }
        m_trustAsked.remove(asked);
        m_catalog->update(entry);
        reconnectWithNewSettings(id);
    });
    dialog->open();
    return dialog;
}

void MainWindow::forgetTokens(const QUuid &id)
{
    if (OAuthController *oauth = m_servers.oauth(id))
        oauth->forgetTokens();
    else
        m_secretStore->remove(id.toString(QUuid::WithoutBraces), OAuthController::tokensKey());
}

void MainWindow::disconnectServer(const QUuid &id)
{
    if (Connection *connection = existingConnection(id))
        connection->disconnectFromServer();
}

void MainWindow::restartServer(const QUuid &id)
{
    Connection *connection = existingConnection(id);
    if (!connection || connection->state() == Connection::State::Disconnected
        || connection->state() == Connection::State::Failed || connection->state() == Connection::State::Exited) {
        connectServer(id);
        return;
    }
    connection->restart();
}

void MainWindow::addServer()
{
    ServerConfig config = ServerConfig::create(m_catalog->uniqueName(tr("New server")));
    if (!m_catalog->projectFolder().isEmpty())
        config.scope = ServerConfig::Scope::User;
    ServerEditorDialog dialog(config, m_catalog, this);
    dialog.setWindowTitle(tr("Add Server"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QUuid id = m_catalog->add(dialog.config());
    selectServer(id);
}

void MainWindow::editServer(const QUuid &id)
{
    const ServerConfig config = m_catalog->find(id);
    if (config.id.isNull())
        return;
    ServerEditorDialog dialog(config, m_catalog, this);
    connect(&dialog, &ServerEditorDialog::forgetTokensRequested, this, &MainWindow::forgetTokens);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ServerConfig edited = dialog.config();
    const bool changed = !(edited == config);
    m_catalog->update(edited);
    // The last failure was about the old settings.
    if (ServerPage *page = m_servers.page(id); page && changed)
        page->dismissBanner();
    applyToRunningConnection(config, edited);
}

void MainWindow::applyToRunningConnection(const ServerConfig &before, const ServerConfig &after)
{
    Connection *connection = existingConnection(after.id);
    if (!connection)
        return;
    connection->setOptions(connectionOptionsFor(after, connection->options()));
    // Watch mode follows the editor at once, on the running connection.
    if (!(WatchSettings::of(before) == WatchSettings::of(after)))
        connection->setWatch(after);
    const Connection::State state = connection->state();
    if ((state != Connection::State::Connected && state != Connection::State::Connecting)
        || !Connection::needsReconnect(before, after))
        return;
    if (QMessageBox::question(this, tr("Settings Changed"),
                              tr("\"%1\" keeps its current connection until it reconnects; the new command, "
                                 "address or credentials take effect then. Reconnect now?").arg(after.name))
        != QMessageBox::Yes)
        return;
    reconnectWithNewSettings(after.id);
}

void MainWindow::reconnectWithNewSettings(const QUuid &id)
{
    // Connect again through connectServer(), which resolves the new settings, once the old
    // connection has ended (one still connecting would swallow the new attempt).
    Connection *connection = existingConnection(id);
    const auto running = [](Connection::State state) {
        return state == Connection::State::Connecting || state == Connection::State::Connected;
    };
    if (!connection || !running(connection->state())) {
        connectServer(id);
        return;
    }
    auto ended = std::make_shared<QMetaObject::Connection>();
    *ended = connect(connection, &Connection::stateChanged, this, [this, id, ended, running](Connection::State now) {
        if (running(now))
            return;
        QObject::disconnect(*ended);
        connectServer(id);
    });
    connection->disconnectFromServer();
}

void MainWindow::duplicateServer(const QUuid &id)
{
    const QUuid copy = m_catalog->duplicate(id);
    if (!copy.isNull())
        selectServer(copy);
}

void MainWindow::removeServer(const QUuid &id)
{
    const ServerConfig config = m_catalog->find(id);
    if (config.id.isNull())
        return;
    if (QMessageBox::question(this, tr("Remove Server"), tr("Remove \"%1\" from the list?").arg(config.name))
        != QMessageBox::Yes)
        return;
    if (ServerPage *page = m_servers.page(id))
        m_stack->removeWidget(page);
    forgetTokens(id); // a removed server leaves no OAuth tokens behind in the keychain
    m_servers.remove(id); // its page, authorization and connection
    m_catalog->remove(id);
    onCurrentServerChanged();
}

void MainWindow::moveServer(const QUuid &id, int delta)
{
    const int row = m_catalog->indexOf(id);
    if (row < 0)
        return;
    const int target = row + delta;
    if (target < 0 || target >= m_catalog->count())
        return;
    m_catalog->move(row, target);
    selectServer(id);
}

void MainWindow::importServers(const QString &initialText)
{
    ImportDialog dialog(m_catalog, this);
    if (!initialText.isEmpty())
        dialog.setPastedText(initialText);
    const int result = dialog.exec();
    if (result == ImportDialog::OpenServerJson) {
        openServerJson(dialog.serverJsonPath(), dialog.serverJsonText());
        return;
    }
    if (result != QDialog::Accepted)
        return;
    const QList<QUuid> ids = m_catalog->applyImport(dialog.plan());
    if (!ids.isEmpty())
        selectServer(ids.first());
    statusBar()->showMessage(tr("Imported %n server(s). Their commands run only after you confirm them.", nullptr,
                                int(ids.size())), 8000);
}

void MainWindow::openServerJson(const QString &source, const QByteArray &text)
{
    RegistryServerDialog dialog(this);
    if (!text.isEmpty())
        dialog.setText(text, source);
    else if (!source.isEmpty())
        dialog.setSource(source);
    if (dialog.exec() != QDialog::Accepted || !dialog.config())
        return;
    ServerConfig config = *dialog.config();
    config.name = m_catalog->uniqueName(config.name);
    const QUuid id = m_catalog->add(config);
    selectServer(id);
    statusBar()->showMessage(config.usesCommand() ? tr("Added %1. Its command runs only after you confirm it.").arg(config.name)
                                                  : tr("Added %1.").arg(config.name),
                             8000);
}

bool MainWindow::openInstallLink(const QString &link)
{
    const InstallLink::Parsed parsed = InstallLink::parse(link);
    if (!parsed.config) {
        QMessageBox::warning(this, tr("Install Link"), tr("This install link cannot be used: %1").arg(parsed.error));
        return false;
    }
    InstallLinkDialog dialog(*parsed.config, parsed.format, parsed.warnings, this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    ServerConfig config = dialog.config();
    config.name = m_catalog->uniqueName(config.name);
    const QUuid id = m_catalog->add(config);
    // The user has just read exactly what it runs and said yes: that is the approval.
    m_catalog->approve(m_catalog->find(id));
    selectServer(id);
    statusBar()->showMessage(tr("Added %1 from a %2 link. Connect it when you are ready.")
                                 .arg(config.name, InstallLink::formatName(parsed.format)),
                             8000);
    return true;
}

void MainWindow::shareServer(const QUuid &id)
{
    const ServerConfig config = m_catalog->find(id);
    if (config.id.isNull())
        return;
    ShareServerDialog dialog(config, this);
    dialog.exec();
}

void MainWindow::exportServers(bool wholeFile)
{
    QList<ServerConfig> servers;
    if (wholeFile) {
        servers = m_catalog->servers();
    } else {
        const ServerConfig config = m_catalog->find(currentServerId());
        if (config.id.isNull())
            return;
        servers.append(config);
    }
    ExportServersDialog dialog(servers, this);
    dialog.exec();
}

void MainWindow::openProjectFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Project Folder"), m_catalog->projectFolder());
    if (folder.isEmpty())
        return;
    if (!m_catalog->setProjectFolder(folder)) {
        QStringList messages;
        for (const CatalogProblem &problem : m_catalog->problems())
            messages << problem.toString();
        QMessageBox::warning(this, tr("Project"), messages.join(QStringLiteral("\n\n")));
    }
    statusBar()->showMessage(tr("Project: %1").arg(m_catalog->projectFilePath()), 8000);
    updateActions();
}

void MainWindow::closeProject()
{
    m_catalog->setProjectFolder(QString());
    updateActions();
}

bool MainWindow::listenForRecordings(QString *error)
{
    if (!m_liveRecordings) {
        m_liveRecordings = new LiveRecordings(this);
        connect(m_liveRecordings, &LiveRecordings::windowOpened, this, [this](CaptureWindow *window) {
            window->setServerProvider([guard = QPointer<MainWindow>(this)] {
                return guard ? guard->replayServers() : QList<ServerConfig>();
            });
        });
    }
    return m_liveRecordings->listen(error);
}

void MainWindow::openCapture(const QString &path)
{
    const QString file = path.isEmpty()
        ? QFileDialog::getOpenFileName(this, tr("Open Capture"), QString(), tr("JSON Lines captures (*.jsonl *.ndjson);;All files (*)"))
        : path;
    if (file.isEmpty())
        return;
    QString error;
    CaptureWindow *window = CaptureWindow::open(file, &error);
    if (!window) {
        QMessageBox::warning(this, tr("Open Capture"), error);
        return;
    }
    window->setServerProvider([guard = QPointer<MainWindow>(this)] { return guard ? guard->replayServers() : QList<ServerConfig>(); });
    window->show();
}

void MainWindow::onServerRequest(IncomingRequest *request, const QString &server, const QString &modernVersion)
{
    const bool sampling = request->method() == QLatin1String("sampling/createMessage");
    const bool elicitation = request->method() == QLatin1String("elicitation/create");
    // Answers saved for this server from the sampling and elicitation dialogs answer at once.
    ScriptedResponder scripted(SavedAnswers::load(server).scripted());
    if (scripted.answers().answers(request->method())) {
        scripted.handleRequest(request);
        return;
    }
    if (!sampling && !elicitation) {
        auto *dialog = new ServerRequestDialog(request, server, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
        dialog->raise();
        return;
    }
    QPointer<IncomingRequest> guard(request);
    PendingRequestDialog::Responder responder;
    responder.respond = [guard](const QJsonObject &result) {
        if (guard)
            guard->respond(result);
    };
    responder.reject = [guard](const RpcError &error) {
        if (guard)
            guard->reject(error);
    };
    PendingRequestDialog *dialog = nullptr;
    if (sampling) {
        auto *samplingDialog = new SamplingDialog({request->params(), responder}, server, this);
        samplingDialog->setDeprecatedIn(modernVersion);
        dialog = samplingDialog;
    } else {
        dialog = new ElicitationDialog({request->params(), responder}, server, this);
    }
    connect(dialog, &PendingRequestDialog::scriptedAnswerRequested, this, [server, sampling](const QJsonObject &answer) {
        SavedAnswers answers = SavedAnswers::load(server);
        if (sampling) {
            answers.samplingEnabled = true;
            answers.sampling = answer;
        } else {
            answers.elicitationEnabled = true;
            answers.elicitation = answer;
        }
        answers.save(server);
    });
    connect(request, &IncomingRequest::cancelled, dialog, &PendingRequestDialog::withdraw);
    connect(request, &QObject::destroyed, dialog, [dialog] {
        dialog->withdraw(tr("The connection ended before this request was answered."));
    });
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setModal(false);
    dialog->show();
    dialog->raise();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About MCP Scope"),
                       tr("<h3>MCP Scope %1</h3>"
                          "<p>A native inspector for Model Context Protocol servers.</p>"
                          "<p>Built with Qt %2. Supported protocol versions: %3.</p>")
                           .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()),
                                Client::supportedProtocolVersions().join(QStringLiteral(", "))));
}

} // namespace Mcp::Ui
