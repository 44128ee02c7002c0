#pragma once

#include "servers/servercontroller.h"

#include <QMainWindow>
#include <QSet>
#include <QPointer>
#include <QUuid>

QT_BEGIN_NAMESPACE
class QAction;
class QDockWidget;
class QLabel;
class QListView;
class QSplitter;
class QStackedWidget;
QT_END_NAMESPACE

namespace Mcp {
class IncomingRequest;
class SecretStore;
class ServerCatalog;
class TrafficLog;
struct TlsFailure;
struct TrafficEvent;
struct ServerConfig;
}

namespace Mcp::Ui {

class CertificateTrustDialog;
class CollectionRunDialog;
class CompareDialog;
class DoctorDialog;
class Connection;
class LiveRecordings;
class OAuthController;
class ServerPage;
class ServerListDelegate;
class TrafficView;

// The inspector window: saved servers on the left, the selected server's page on the
// right, all connections' traffic in a dock, menus, toolbar and a status bar.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // catalogPath: the user catalog file (empty: ServerCatalog::defaultUserFilePath()).
    explicit MainWindow(const QString &catalogPath = QString(), QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads the catalog, adds the demo server on first start and connects it, restores
    // the servers that were connected when the app last quit.
    void startUp();
    // A server named on the command line: the saved one with the same command or URL, else saved
    // now; approved (the user typed it), selected and connected.
    void openServer(const ServerConfig &config);

    ServerCatalog *catalog() const { return m_catalog; }
    QListView *serverList() const { return m_serverList; }
    TrafficLog *allTraffic() const { return m_allTraffic; }
    SecretStore *secretStore() const { return m_secretStore; }

    QUuid currentServerId() const;
    void selectServer(const QUuid &id);
    // The Connection of a server, created on first use.
    Connection *connectionFor(const QUuid &id);
    Connection *existingConnection(const QUuid &id) const { return m_servers.connection(id); }
    // The server's connection while it is connected, or null.
    Connection *connectedConnection(const QUuid &id) const;
    ServerPage *pageFor(const QUuid &id);
    // Forgets a server's stored OAuth tokens (also when it has no connection yet).
    void forgetTokens(const QUuid &id);
    ServerPage *currentPage() const;

    // When set, the command approval dialog is skipped and its answer is this (tests only).
    void setApprovalAnswerForTesting(int answer) { m_testApprovalAnswer = answer; }
    // When set, Save to Collection… writes to this file without asking (tests only).
    void setCollectionFileForTesting(const QString &path) { m_testCollectionFile = path; }

    // Every keyboard shortcut in the window with what it does, read from the actions and
    // shortcuts themselves so the list never goes stale.
    QList<QPair<QString, QKeySequence>> keyboardShortcuts() const;

public Q_SLOTS:
    void showKeyboardShortcuts();
    void connectServer(const QUuid &id);
    void disconnectServer(const QUuid &id);
    void restartServer(const QUuid &id);
    void addServer();
    void editServer(const QUuid &id);
    void duplicateServer(const QUuid &id);
    void removeServer(const QUuid &id);
    void moveServer(const QUuid &id, int delta);
    void importServers(const QString &initialText = QString());
    // File › Open server.json…: a RegistryServerDialog (on `source`, a file or URL, or on `text`);
    // the server it makes is added unapproved, so its command is confirmed before it runs.
    void openServerJson(const QString &source = QString(), const QByteArray &text = QByteArray());
    // An install link (mcpscope://, vscode:, cursor://): shows exactly what it runs and adds it,
    // approved, only when the user says so. False when refused, broken or cancelled.
    bool openInstallLink(const QString &link);
    // Server › Share…: the server's install links to copy.
    void shareServer(const QUuid &id);
    void exportServers(bool wholeFile);
    void openProjectFolder();
    void closeProject();
    void openCapture(const QString &path = QString());
    // Shows recordings of `mcpscope record` live (one window per recording); the app calls it
    // once for its main window.
    bool listenForRecordings(QString *error = nullptr);
    void showAbout();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void onCurrentServerChanged();
    void updateActions();
    void updateStatusBar();
    void refreshServerRow(const QUuid &id);
    // A server opened from the command line, still named after its command: named after the
    // title (else name) its serverInfo gives.
    void adoptServerTitle(const QUuid &id);
    // modernVersion: the revision a modern server speaks (empty for a legacy one), for what it deprecates.
    void onServerRequest(Mcp::IncomingRequest *request, const QString &server, const QString &modernVersion);
    // The Tools page's Save to Collection…: asks for a collection file and adds the call (and
    // the server's mcp.json entry, secrets left out) to it.
    void saveCallToCollection(const QUuid &id, const QJsonObject &call);
public:
    // File › Run Collection…: a CollectionRunDialog for the file (it deletes itself on close).
    CollectionRunDialog *runCollection(const QString &path);
    // Server › Compare With…: a CompareDialog for a connected server against another connected
    // one or a snapshot (it deletes itself on close); nullptr when the server is not connected.
    CompareDialog *compareServer(const QUuid &id);
    // Server › Run Doctor…: a DoctorDialog examining a connected server.
    DoctorDialog *runDoctor(const QUuid &id);
    // The server's page on its Traffic tab with the row of this event chosen (one the Doctor
    // points to as evidence); false when it is not in the server's traffic.
    bool showTrafficEvent(const QUuid &id, const TrafficEvent &event);
    // Server › Save Snapshot…: what a connected server offers, written to a snapshot file (asked
    // for when path is empty). Says in the status bar when it is written.
    void saveSnapshot(const QUuid &id, const QString &path = QString());
    // The configured servers a capture window may replay against: approved, ${...} resolved,
    // none that needs an ${input:…} answer.
    QList<ServerConfig> replayServers() const;
    // A server's certificate was refused: the trust dialog (once per server and certificate
    // while it is open or was declined); what it decides goes into the server's entry (or, for a
    // CA for all servers, the app's settings) and the server is connected again. Returns the
    // dialog shown (it deletes itself on close), or nullptr.
    CertificateTrustDialog *askToTrust(const QUuid &id, const TlsFailure &failure);
    // CA files trusted for every server (Add CA File… › For All Servers).
    static QStringList caFilesForAllServers();
private:
    bool confirmCommand(const ServerConfig &config);
    // Options at once; for what needs a new connection, the offer to reconnect.
    void applyToRunningConnection(const ServerConfig &before, const ServerConfig &after);
    void reconnectWithNewSettings(const QUuid &id);
    void restoreLayout();
    void saveLayout();
    TrafficView *currentTrafficView() const;

    ServerCatalog *m_catalog = nullptr;
    SecretStore *m_secretStore = nullptr;
    LiveRecordings *m_liveRecordings = nullptr;
    QAction *m_recordInHostAction = nullptr;
    QAction *m_runCollectionAction = nullptr;
    QAction *m_compareAction = nullptr;
    QAction *m_doctorAction = nullptr;
    QAction *m_saveSnapshotAction = nullptr;
    TrafficLog *m_allTraffic = nullptr;
    QSplitter *m_splitter = nullptr;
    QListView *m_serverList = nullptr;
    ServerListDelegate *m_delegate = nullptr;
    QStackedWidget *m_stack = nullptr;
    QWidget *m_placeholder = nullptr;
    QDockWidget *m_trafficDock = nullptr;
    TrafficView *m_allTrafficView = nullptr;
    ServerControllers m_servers;
    int m_nextConnectionId = 1;
    // "server id|fingerprint" of trust dialogs open or declined this run: a server that keeps
    // presenting the same certificate (auto-restart) asks once.
    QSet<QString> m_trustAsked;
    int m_testApprovalAnswer = -1;
    QString m_testCollectionFile;

    QLabel *m_statusProtocol = nullptr;
    QLabel *m_statusTransport = nullptr;
    QLabel *m_statusSession = nullptr;
    QLabel *m_statusSecrets = nullptr;
    bool m_secretsNoticeGiven = false;
    qint64 m_secretsNoticeUntilMs = 0;

    QAction *m_addAction = nullptr;
    QAction *m_editAction = nullptr;
    QAction *m_duplicateAction = nullptr;
    QAction *m_removeAction = nullptr;
    QAction *m_upAction = nullptr;
    QAction *m_downAction = nullptr;
    QAction *m_connectAction = nullptr;
    QAction *m_disconnectAction = nullptr;
    QAction *m_restartAction = nullptr;
    QAction *m_pingAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_openServerJsonAction = nullptr;
    QAction *m_shareAction = nullptr;
    QAction *m_pasteImportAction = nullptr;
    QAction *m_exportEntryAction = nullptr;
    QAction *m_exportFileAction = nullptr;
    QAction *m_openProjectAction = nullptr;
    QAction *m_closeProjectAction = nullptr;
    QAction *m_openCaptureAction = nullptr;
    QAction *m_exportTrafficAction = nullptr;
    QAction *m_pauseTrafficAction = nullptr;
    QAction *m_clearTrafficAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_shortcutsAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_secretsInFileAction = nullptr;
};

} // namespace Mcp::Ui
