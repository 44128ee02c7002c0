#pragma once

#include "connection/connection.h"

#include <QJsonValue>
#include <QKeySequence>
#include <QList>
#include <QStringList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QShortcut;
class QTimer;
class QScrollArea;
class QTabWidget;
class QTextBrowser;
class QToolButton;
class QFrame;
QT_END_NAMESPACE

namespace Mcp::Ui {

class Page;
class ToolsPage;
class ResourcesPage;
class PromptsPage;
class SubscriptionsPage;
class TasksPage;
class RootsPage;
class LogsPage;
class ConsolePage;
class TrafficPage;
class AuthorizationPage;
class OAuthController;
class RestartPanel;

// Everything about one server: a header (name, title, version, protocol version,
// transport, session, capabilities both ways, instructions as Markdown, ping latency),
// a banner when the server exited or failed (exit code or signal, last stderr lines),
// and the pages in tabs: Tools, Resources, Prompts, Subscriptions, Tasks, Roots, Logs, Console, Traffic.
class ServerPage : public QWidget
{
    Q_OBJECT

public:
    explicit ServerPage(Connection *connection, QWidget *parent = nullptr);

    Connection *connection() const { return m_connection; }
    QTabWidget *tabs() const { return m_tabs; }

    // The era badge ("Modern 2026-07-28 · probed") and the Re-probe button.
    QLabel *eraLabel() const { return m_era; }
    QPushButton *reprobeButton() const { return m_reprobe; }
    QPlainTextEdit *discoveryView() const { return m_discovery; }

    ToolsPage *toolsPage() const { return m_tools; }
    ResourcesPage *resourcesPage() const { return m_resources; }
    PromptsPage *promptsPage() const { return m_prompts; }
    SubscriptionsPage *subscriptionsPage() const { return m_subscriptions; }
    TasksPage *tasksPage() const { return m_tasks; }
    RootsPage *rootsPage() const { return m_roots; }
    LogsPage *logsPage() const { return m_logs; }
    ConsolePage *consolePage() const { return m_console; }
    TrafficPage *trafficPage() const { return m_traffic; }
    // The OAuth steps of an HTTP server; null until setOAuthController().
    AuthorizationPage *authorizationPage() const { return m_authorization; }
    // Adds the Authorization tab (once).
    void setOAuthController(OAuthController *controller);

    // The text of the exit/failure banner (empty when hidden), for tests and screenshots.
    QString bannerText() const;
    RestartPanel *restartPanel() const { return m_restartPanel; }
    bool isBannerVisible() const;
    // Hides the failure banner until the next state change (its error was about a configuration
    // the user has since changed).
    void dismissBanner();

Q_SIGNALS:
    void connectRequested();
    void disconnectRequested();
    void restartRequested();
    // Decide the era again: connect anew, probing instead of trusting what is remembered.
    void reprobeRequested();

public:
    // What a connection attempt in progress waits for, and what the last one waited for once it
    // has ended, read from its traffic: the header shows it while connecting, the banner after.
    struct ConnectWait
    {
        struct Request
        {
            QString method;
            QJsonValue id;
            qint64 sentMs = 0;
            bool answered = false;
        };
        qint64 startedMs = 0;     // wall clock; 0 before the first attempt
        qint64 endedMs = 0;       // when it connected or failed; 0 while waiting
        QList<Request> requests;  // what the client asked while connecting, in order
        bool processStarted = false;
        int strayStdoutLines = 0; // stdout lines that are not JSON-RPC (on the Console page)
        // Whole seconds from the start to the end (or to now, while waiting).
        qint64 elapsedSeconds() const;
        // The last request while it has no answer ("initialize"), else empty; and since when.
        QString waitingFor() const;
        qint64 waitingSinceMs() const;
        // The requests that never got an answer, each with how long it was waited for:
        // "server/discover (10 s), initialize (30 s)".
        QString unansweredText() const;
    };

private:
    // The page's parts, top to bottom.
    QWidget *buildHeader();
    QScrollArea *buildDetailsStrip(QWidget *header);
    QFrame *buildBanner();
    QTabWidget *buildTabs();
    static QKeySequence tabShortcut(int index); // Alt+1…9
    void noteConnectProgress(const QList<Mcp::TrafficEvent> &events);
    void addPage(Page *page);
    void nameTabShortcuts();
    void updateDetails();
    bool eventFilter(QObject *watched, QEvent *event) override;
    void updateHeader();
    void updateBanner();
    void updateLatency(qint64 ms);
    // "Connecting for 12 s · waiting for the server's answer to initialize (sent 2 s ago)".
    QString waitingText() const;
    static QString strayLinesText(int lines);
    static QString capabilitiesSummary(const QJsonObject &serverCapabilities);

    Connection *m_connection;
    QLabel *m_name;
    QLabel *m_serverTitle; // identity and transport facts, one line
    QLabel *m_capabilities;
    QToolButton *m_capabilitiesToggle; // folds m_capabilities and m_extensions
    QLabel *m_capabilitiesSummary;     // one elided line beside the toggles
    QLabel *m_deprecated;              // features the server relies on that its revision deprecates
    QLabel *m_latency;
    QLabel *m_state;
    QLabel *m_era;        // "Modern 2026-07-28 · probed"
    QLabel *m_extensions; // the extensions each side advertised
    QToolButton *m_discoveryToggle;
    QPlainTextEdit *m_discovery; // the full server/discover result
    QPushButton *m_reprobe;
    QToolButton *m_instructionsToggle;
    QTextBrowser *m_instructions;
    QPushButton *m_connect;
    QPushButton *m_disconnect;
    QPushButton *m_restart;
    RestartPanel *m_restartPanel;
    QFrame *m_banner;
    QLabel *m_bannerTitle;
    QPlainTextEdit *m_bannerStderr;
    QTabWidget *m_tabs;
    ToolsPage *m_tools;
    ResourcesPage *m_resources;
    PromptsPage *m_prompts;
    SubscriptionsPage *m_subscriptions;
    TasksPage *m_tasks;
    RootsPage *m_roots;
    LogsPage *m_logs;
    ConsolePage *m_console;
    TrafficPage *m_traffic;
    AuthorizationPage *m_authorization = nullptr;
    QList<QShortcut *> m_tabShortcuts; // Alt+1…9
    QTimer *m_waitTicker; // counts the seconds while connecting
    QScrollArea *m_details; // what the Capabilities, Instructions and Discovery toggles unfold
    ConnectWait m_connectWait;
};

// "tools (listChanged), resources (subscribe, listChanged), logging" from a capabilities object.
QString describeCapabilities(const QJsonObject &capabilities);
// "Modern 2026-07-28 · probed" for an era record; empty for an unknown one.
QString describeEra(const Modern::EraRecord &record);

} // namespace Mcp::Ui
