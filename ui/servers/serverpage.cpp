#include "servers/serverpage.h"

#include "servers/restartpanel.h"
#include "servers/serverlistdelegate.h"
#include "authorization/authorizationpage.h"
#include "logs/consolepage.h"
#include "logs/logspage.h"
#include "prompts/promptspage.h"
#include "resources/resourcespage.h"
#include "clientfeatures/rootspage.h"
#include "subscriptions/subscriptionspage.h"
#include "tasks/taskspage.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "protocol/keys.h"
#include "theme.h"
#include "traffic/trafficview.h"
#include "widgets/fittinglabel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QJsonDocument>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {

// A header button that folds a part of the header open and shut: its arrow points right while
// the part is folded, down while it is open.
QToolButton *foldToggle(const QString &text, QWidget *parent)
{
    auto *toggle = new QToolButton(parent);
    toggle->setText(text);
    toggle->setCheckable(true);
    toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toggle->setArrowType(Qt::RightArrow);
    toggle->setAutoRaise(true);
    QObject::connect(toggle, &QToolButton::toggled, toggle,
                     [toggle](bool on) { toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow); });
    return toggle;
}

} // namespace

QString describeCapabilities(const QJsonObject &capabilities)
{
    QStringList parts;
    for (auto it = capabilities.begin(); it != capabilities.end(); ++it) {
        QStringList flags;
        const QJsonObject inner = it.value().toObject();
        for (auto f = inner.begin(); f != inner.end(); ++f) {
            if (f.value().isBool() && f.value().toBool())
                flags.append(f.key());
            else if (f.value().isObject())
                flags.append(f.key());
        }
        parts.append(flags.isEmpty() ? it.key() : QStringLiteral("%1 (%2)").arg(it.key(), flags.join(QStringLiteral(", "))));
    }
    return parts.isEmpty() ? QCoreApplication::translate("Mcp::Ui::ServerPage", "none") : parts.join(QStringLiteral(" · "));
}

ServerPage::ServerPage(Connection *connection, QWidget *parent) : QWidget(parent), m_connection(connection)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(buildHeader());
    layout->addWidget(buildBanner());
    layout->addWidget(buildTabs(), 1);

    m_waitTicker = new QTimer(this);
    m_waitTicker->setInterval(1000);
    connect(m_waitTicker, &QTimer::timeout, this, [this] {
        if (m_connection->state() == Connection::State::Connecting)
            m_serverTitle->setText(waitingText());
    });
    connect(m_connect, &QPushButton::clicked, this, &ServerPage::connectRequested);
    connect(m_disconnect, &QPushButton::clicked, this, &ServerPage::disconnectRequested);
    connect(m_restart, &QPushButton::clicked, this, &ServerPage::restartRequested);
    connect(m_reprobe, &QPushButton::clicked, this, &ServerPage::reprobeRequested);
    connect(m_discoveryToggle, &QToolButton::toggled, m_discovery, &QWidget::setVisible);
    connect(m_capabilitiesToggle, &QToolButton::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("server/capabilitiesUnfolded"), on);
        updateHeader();
    });
    m_capabilitiesToggle->setChecked(QSettings().value(QStringLiteral("server/capabilitiesUnfolded"), false).toBool());
    connect(m_instructionsToggle, &QToolButton::toggled, m_instructions, &QWidget::setVisible);
    connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
        // A new attempt starts the clock; its end stops it.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (state == Connection::State::Connecting && (m_connectWait.startedMs == 0 || m_connectWait.endedMs != 0))
            m_connectWait = ConnectWait{now};
        else if (state != Connection::State::Connecting && m_connectWait.startedMs != 0 && m_connectWait.endedMs == 0)
            m_connectWait.endedMs = now;
        updateHeader();
        updateBanner();
    });
    connect(connection, &Connection::trafficBatch, this, &ServerPage::noteConnectProgress);
    connect(connection, &Connection::sessionInfoChanged, this, &ServerPage::updateHeader);
    connect(connection, &Connection::deprecatedFeatureUsed, this, &ServerPage::updateHeader);
    connect(connection, &Connection::pingLatencyChanged, this, &ServerPage::updateLatency);
    connect(connection, &Connection::healthChanged, this, &ServerPage::updateHeader);
    connect(connection, &Connection::restartScheduleChanged, this, &ServerPage::updateHeader);
    updateHeader();
    updateBanner();
}

// The name, state and era, the buttons, the folded capabilities and what they unfold.
QWidget *ServerPage::buildHeader()
{
    auto *header = new QFrame(this);
    header->setFrameShape(QFrame::StyledPanel);
    header->setAutoFillBackground(true);
    header->setBackgroundRole(QPalette::Base);
    auto *headerLayout = new QGridLayout(header);
    headerLayout->setContentsMargins(10, 8, 10, 8);
    headerLayout->setHorizontalSpacing(12);
    headerLayout->setVerticalSpacing(2);
    // A name of any length (a whole command line, say) is elided: it never sets the window's width.
    auto *name = new FittingLabel(header);
    name->setElideMode(Qt::ElideRight);
    name->setObjectName(QStringLiteral("serverName"));
    m_name = name;
    QFont nameFont = m_name->font();
    nameFont.setBold(true);
    nameFont.setPointSizeF(nameFont.pointSizeF() * 1.35);
    m_name->setFont(nameFont);
    m_state = new FittingLabel(header);
    auto *serverTitle = new FittingLabel(header);
    serverTitle->setElideMode(Qt::ElideRight);
    m_serverTitle = serverTitle;
    m_serverTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_capabilities = new FittingLabel(header);
    m_capabilities->setObjectName(QStringLiteral("capabilitiesText"));
    m_capabilities->setWordWrap(true);
    m_capabilities->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_latency = new QLabel(header);
    m_latency->setObjectName(QStringLiteral("latency"));
    // Room for the widest time kept from the start: a ping that changes "8 ms" to "12 ms" moves nothing.
    m_latency->setMinimumWidth(m_latency->fontMetrics().horizontalAdvance(tr("Ping %1 ms").arg(9999)));
    m_latency->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto *era = new FittingLabel(header);
    era->setElideMode(Qt::ElideRight);
    m_era = era;
    m_era->setObjectName(QStringLiteral("eraBadge"));
    m_era->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_era->setToolTip(tr("The protocol era this connection speaks, its version and how it was decided: "
                         "probed (server/discover), pinned in the server's settings, or remembered "
                         "from an earlier connection."));
    m_extensions = new FittingLabel(header);
    m_extensions->setWordWrap(true);
    m_extensions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // What each side offers is folded under one line: at 1024x700 the unfolded header took eight
    // lines of a modern server's page, and the pages below are what a person works in.
    m_capabilitiesToggle = foldToggle(tr("Capabilities"), header);
    m_capabilitiesToggle->setObjectName(QStringLiteral("capabilitiesToggle"));
    m_capabilitiesToggle->setToolTip(tr("What the server and the client offer, and the extensions each side advertised"));
    auto *capabilitiesSummary = new FittingLabel(header);
    capabilitiesSummary->setElideMode(Qt::ElideRight);
    m_capabilitiesSummary = capabilitiesSummary;
    m_capabilitiesSummary->setObjectName(QStringLiteral("capabilitiesSummary"));
    Theme::setTextColor(m_capabilitiesSummary, Theme::Role::Muted);
    auto *deprecated = new FittingLabel(header);
    deprecated->setElideMode(Qt::ElideRight);
    m_deprecated = deprecated;
    m_deprecated->setObjectName(QStringLiteral("deprecatedFeatures"));
    Theme::setTextColor(m_deprecated, Theme::Role::Warning);
    m_reprobe = new QPushButton(tr("Re-probe"), header);
    m_reprobe->setObjectName(QStringLiteral("reprobeButton"));
    m_reprobe->setToolTip(tr("Connect again and detect the protocol era anew"));
    m_discoveryToggle = foldToggle(tr("Discovery"), header);
    m_discoveryToggle->setToolTip(tr("The full server/discover result: versions, capabilities, extensions, "
                                     "identity and instructions"));
    m_discovery = new QPlainTextEdit(header);
    m_discovery->setObjectName(QStringLiteral("discoveryView"));
    m_discovery->setReadOnly(true);
    m_discovery->setMaximumHeight(180);
    m_discovery->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_discovery->hide();
    m_connect = new QPushButton(Theme::icon(QStringLiteral("connect")), tr("Connect"), header);
    m_disconnect = new QPushButton(Theme::icon(QStringLiteral("disconnect")), tr("Disconnect"), header);
    m_restart = new QPushButton(Theme::icon(QStringLiteral("restart")), tr("Restart"), header);
    m_instructionsToggle = foldToggle(tr("Instructions"), header);
    m_instructions = new QTextBrowser(header);
    m_instructions->setOpenExternalLinks(true);
    m_instructions->setMaximumHeight(140);
    m_instructions->hide();

    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_name);
    titleRow->addSpacing(10);
    titleRow->addWidget(m_state);
    titleRow->addSpacing(10);
    titleRow->addWidget(m_era);
    titleRow->addStretch();
    titleRow->addSpacing(12);
    titleRow->addWidget(m_latency);
    titleRow->addSpacing(8);
    titleRow->addWidget(m_connect);
    titleRow->addWidget(m_disconnect);
    titleRow->addWidget(m_restart);
    titleRow->addWidget(m_reprobe);
    headerLayout->addLayout(titleRow, 0, 0, 1, 2);
    headerLayout->addWidget(m_serverTitle, 1, 0, 1, 2);
    auto *toggleRow = new QHBoxLayout;
    toggleRow->setSpacing(2);
    toggleRow->addWidget(m_capabilitiesToggle);
    toggleRow->addWidget(m_instructionsToggle);
    toggleRow->addWidget(m_discoveryToggle);
    toggleRow->addSpacing(8);
    toggleRow->addWidget(m_capabilitiesSummary, 1);
    toggleRow->addSpacing(8);
    toggleRow->addWidget(m_deprecated, 0);
    // Takes the room the summary leaves when it hides (unfolded): the toggles stay where they were.
    toggleRow->addStretch(0);
    headerLayout->addLayout(toggleRow, 2, 0, 1, 2);
    headerLayout->addWidget(buildDetailsStrip(header), 3, 0, 1, 2);
    m_restartPanel = new RestartPanel(m_connection, header);
    headerLayout->addWidget(m_restartPanel, 7, 0, 1, 2);
    return header;
}

// What the header's toggles unfold scrolls in a strip of its own: unfolding never makes the page
// taller than the window (nor the window taller than the screen), and the rows above stay put.
QScrollArea *ServerPage::buildDetailsStrip(QWidget *header)
{
    m_details = new QScrollArea(header);
    m_details->setObjectName(QStringLiteral("headerDetails"));
    m_details->setWidgetResizable(true);
    m_details->setFrameShape(QFrame::NoFrame);
    m_details->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_details->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto *details = new QWidget;
    m_details->viewport()->setAutoFillBackground(false); // the header's own background
    auto *detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->setSpacing(2);
    for (QWidget *part : std::initializer_list<QWidget *>{m_capabilities, m_extensions, m_instructions, m_discovery}) {
        part->setParent(details);
        detailsLayout->addWidget(part);
        part->installEventFilter(this); // shown or hidden: the strip follows
    }
    m_details->setWidget(details);
    m_details->hide();
    return m_details;
}

// The banner for an exited or failed server: what went wrong and the end of its stderr.
QFrame *ServerPage::buildBanner()
{
    m_banner = new QFrame(this);
    m_banner->setFrameShape(QFrame::StyledPanel);
    auto *bannerLayout = new QVBoxLayout(m_banner);
    bannerLayout->setContentsMargins(10, 6, 10, 6);
    m_bannerTitle = new FittingLabel(m_banner);
    m_bannerTitle->setWordWrap(true);
    m_bannerTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    Theme::setTextColor(m_bannerTitle, Theme::Role::Error);
    m_bannerStderr = new QPlainTextEdit(m_banner);
    m_bannerStderr->setReadOnly(true);
    m_bannerStderr->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_bannerStderr->setMaximumHeight(110);
    m_bannerStderr->setLineWrapMode(QPlainTextEdit::NoWrap);
    bannerLayout->addWidget(m_bannerTitle);
    bannerLayout->addWidget(m_bannerStderr);
    m_banner->hide();
    return m_banner;
}

// The feature pages, one tab each, and Alt+1…9 and Ctrl+F to reach them.
QTabWidget *ServerPage::buildTabs()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    // Every tab stays in sight (ten for an HTTP server, at 1024 px too): long titles are elided
    // rather than pushed behind scroll arrows.
    m_tabs->setUsesScrollButtons(false);
    m_tabs->setElideMode(Qt::ElideRight);

    m_tools = new ToolsPage(m_connection, m_tabs);
    m_resources = new ResourcesPage(m_connection, m_tabs);
    m_prompts = new PromptsPage(m_connection, m_tabs);
    m_subscriptions = new SubscriptionsPage(m_connection, m_tabs);
    m_tasks = new TasksPage(m_connection, m_tabs);
    m_roots = new RootsPage(m_connection, m_tabs);
    m_logs = new LogsPage(m_connection, m_tabs);
    m_console = new ConsolePage(m_connection, m_tabs);
    m_traffic = new TrafficPage(m_connection, m_tabs);
    for (Page *page : std::initializer_list<Page *>{m_tools, m_resources, m_prompts, m_subscriptions, m_tasks, m_roots, m_logs,
                                                    m_console, m_traffic})
        addPage(page);
    // Resource links in results open on the Resources page.
    auto openResource = [this](const QString &uri) {
        if (!m_resources)
            return;
        m_tabs->setCurrentWidget(m_resources);
        m_resources->openUri(uri);
    };
    connect(m_tools, &ToolsPage::openResourceRequested, this, openResource);
    connect(m_prompts, &PromptsPage::openResourceRequested, this, openResource);

    // Alt+1…9 open the tabs in order (their tooltips say which), from anywhere in the window (the
    // server list too; only the page shown answers); Ctrl+F, from anywhere on the server's page,
    // the traffic filter.
    for (int index = 0; index < 9; ++index) {
        auto *shortcut = new QShortcut(tabShortcut(index), this);
        shortcut->setContext(Qt::WindowShortcut);
        m_tabShortcuts.append(shortcut); // named after their tabs in addPage()
        connect(shortcut, &QShortcut::activated, this, [this, index] {
            if (index < m_tabs->count())
                m_tabs->setCurrentIndex(index);
        });
    }
    nameTabShortcuts();
    auto *find = new QShortcut(QKeySequence::Find, this);
    find->setContext(Qt::WidgetWithChildrenShortcut);
    find->setWhatsThis(tr("Filter the traffic"));
    connect(find, &QShortcut::activated, this, [this] {
        m_tabs->setCurrentWidget(m_traffic);
        m_traffic->view()->focusTextFilter();
    });
    return m_tabs;
}

void ServerPage::setOAuthController(OAuthController *controller)
{
    if (m_authorization || !controller)
        return;
    m_authorization = new AuthorizationPage(m_connection, controller, m_tabs);
    addPage(m_authorization);
}

QKeySequence ServerPage::tabShortcut(int index)
{
    return QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + index));
}

void ServerPage::addPage(Page *page)
{
    const int index = m_tabs->addTab(page, page->icon(), page->title());
    connect(page, &Page::connectRequested, this, &ServerPage::connectRequested);
    if (index < 9)
        m_tabs->setTabToolTip(index, tabShortcut(index).toString(QKeySequence::NativeText));
    nameTabShortcuts();
}

void ServerPage::nameTabShortcuts()
{
    // Help › Keyboard Shortcuts lists what each Alt+digit opens by the tab's own name.
    for (int index = 0; index < m_tabShortcuts.size(); ++index) {
        QShortcut *shortcut = m_tabShortcuts.at(index);
        const bool used = index < m_tabs->count();
        shortcut->setWhatsThis(used ? tr("Show the %1 tab").arg(m_tabs->tabText(index)) : QString());
    }
}

void ServerPage::updateHeader()
{
    const SessionInfo info = m_connection->sessionInfo();
    const Connection::State state = m_connection->state();
    m_name->setText(m_connection->name());
    const QColor stateColor = ServerListDelegate::stateColor(m_connection);
    // The state only: the error or exit, when there is one, is said once, in the banner.
    m_state->setText(QStringLiteral("<span style=\"color:%1\">●</span> %2")
                         .arg(stateColor.name(), Connection::stateName(state).toHtmlEscaped()));
    const bool connected = state == Connection::State::Connected;
    const bool busy = state == Connection::State::Connecting;
    m_connect->setVisible(!connected && !busy);
    m_disconnect->setVisible(connected || busy);
    m_restart->setEnabled(state != Connection::State::Disconnected); // most wanted after a crash
    m_reprobe->setEnabled(!busy);

    if (!info.protocolVersion.isEmpty()) {
        QString title = info.serverInfo.title.isEmpty() ? info.serverInfo.name
                                                        : QStringLiteral("%1 (%2)").arg(info.serverInfo.title, info.serverInfo.name);
        QStringList facts{tr("Server: %1, version %2").arg(title, info.serverInfo.version)};
        if (!info.era.isKnown()) // otherwise the era badge says it
            facts << tr("Protocol %1").arg(info.protocolVersion);
        facts << tr("Transport: %1").arg(info.transportName);
        if (!info.sessionId.isEmpty())
            facts << tr("Session %1").arg(info.sessionId);
        if (info.processId > 0)
            facts << tr("PID %1").arg(info.processId);
        facts << info.endpoint;
        // One line, elided, whole in its tooltip.
        QString line = facts.join(QStringLiteral("  ·  "));
        // The facts are those of a session that has ended: say so, and since when.
        if (!connected && m_connection->lastSeenMs() > 0) {
            const QString seen = QLocale().toString(QDateTime::fromMSecsSinceEpoch(m_connection->lastSeenMs()).time(),
                                                    QLocale::ShortFormat);
            line = tr("Last seen at %1: %2").arg(seen, line);
        }
        m_serverTitle->setText(line);
        m_capabilitiesSummary->setText(capabilitiesSummary(info.serverCapabilities));
        m_capabilities->setText(tr("Server offers: %1\nClient offers: %2")
                                    .arg(describeCapabilities(info.serverCapabilities),
                                         describeCapabilities(info.clientCapabilities)));
        m_instructions->setMarkdown(info.instructions);
        m_instructionsToggle->setVisible(!info.instructions.isEmpty());
        if (info.instructions.isEmpty())
            m_instructions->hide();
        // Each extension with its settings (the client's MIME types for MCP Apps, say), compact.
        const auto extensionNames = [](const QJsonObject &capabilities) {
            const QJsonObject extensions = capabilities.value(Key::Extensions).toObject();
            QStringList names;
            for (auto it = extensions.begin(); it != extensions.end(); ++it) {
                const QJsonObject settings = it.value().toObject();
                QString compact = QString::fromUtf8(QJsonDocument(settings).toJson(QJsonDocument::Compact));
                if (compact.size() > 160)
                    compact = compact.left(159) + QChar(0x2026);
                names << (settings.isEmpty() ? it.key() : QStringLiteral("%1 %2").arg(it.key(), compact));
            }
            return names.isEmpty() ? tr("none") : names.join(QStringLiteral(", "));
        };
        const bool anyExtensions = info.serverCapabilities.contains(Key::Extensions)
            || info.clientCapabilities.contains(Key::Extensions);
        m_extensions->setText(anyExtensions ? tr("Extensions: server %1 · client %2")
                                                  .arg(extensionNames(info.serverCapabilities),
                                                       extensionNames(info.clientCapabilities))
                                            : QString());
        const QStringList &deprecated = info.deprecatedFeatures;
        m_deprecated->setText(deprecated.isEmpty() ? QString()
                                                   : tr("⚠ Deprecated in %1: %2")
                                                         .arg(info.protocolVersion, deprecated.join(QStringLiteral(", "))));
        m_deprecated->setToolTip(tr("The server relies on features this revision deprecates: %1. Hosts may drop "
                                    "them; the pages that use them say what replaces them.")
                                     .arg(deprecated.join(QStringLiteral(", "))));
        m_discovery->setPlainText(info.discoverResult.isEmpty()
                                      ? QString()
                                      : QString::fromUtf8(QJsonDocument(info.discoverResult).toJson(QJsonDocument::Indented)));
        m_discoveryToggle->setVisible(!info.discoverResult.isEmpty());
        if (info.discoverResult.isEmpty())
            m_discovery->hide();
    } else {
        m_serverTitle->setText(busy ? waitingText() : connected ? QString() : tr("Not connected."));
        m_capabilities->clear();
        m_capabilitiesSummary->clear();
        m_deprecated->clear();
        m_instructionsToggle->hide();
        m_instructions->hide();
        m_extensions->clear();
        m_discoveryToggle->hide();
        m_discovery->hide();
        m_discovery->clear();
    }
    m_era->setText(info.protocolVersion.isEmpty() ? QString() : describeEra(info.era));
    m_era->setVisible(!m_era->text().isEmpty());
    const bool unfolded = m_capabilitiesToggle->isChecked();
    m_capabilitiesToggle->setVisible(!m_capabilities->text().isEmpty());
    m_capabilitiesSummary->setVisible(!unfolded && !m_capabilitiesSummary->text().isEmpty());
    m_extensions->setVisible(unfolded && !m_extensions->text().isEmpty());
    m_capabilities->setVisible(unfolded && !m_capabilities->text().isEmpty());
    m_deprecated->setVisible(!m_deprecated->text().isEmpty());
    m_serverTitle->setVisible(!m_serverTitle->text().isEmpty());
    updateLatency(m_connection->pingLatencyMs());
    // While connecting, the header counts the seconds and says what is awaited.
    if (busy && info.protocolVersion.isEmpty())
        m_waitTicker->start();
    else
        m_waitTicker->stop();
}

qint64 ServerPage::ConnectWait::elapsedSeconds() const
{
    if (startedMs == 0)
        return 0;
    return ((endedMs != 0 ? endedMs : QDateTime::currentMSecsSinceEpoch()) - startedMs) / 1000;
}

QString ServerPage::ConnectWait::waitingFor() const
{
    return requests.isEmpty() || requests.constLast().answered ? QString() : requests.constLast().method;
}

qint64 ServerPage::ConnectWait::waitingSinceMs() const
{
    return requests.isEmpty() ? 0 : requests.constLast().sentMs;
}

QString ServerPage::ConnectWait::unansweredText() const
{
    QStringList parts;
    const qint64 end = endedMs != 0 ? endedMs : QDateTime::currentMSecsSinceEpoch();
    for (qsizetype i = 0; i < requests.size(); ++i) {
        const Request &request = requests.at(i);
        if (request.answered)
            continue;
        // Waited for until the client gave up on it and asked the next thing, or until the end.
        const qint64 until = i + 1 < requests.size() ? requests.at(i + 1).sentMs : end;
        parts << tr("%1 (%2 s)").arg(request.method).arg(qMax<qint64>(0, until - request.sentMs) / 1000);
    }
    return parts.join(QStringLiteral(", "));
}

void ServerPage::noteConnectProgress(const QList<TrafficEvent> &events)
{
    if (m_connectWait.startedMs == 0 || m_connectWait.endedMs != 0)
        return; // only while connecting
    for (const TrafficEvent &event : events) {
        if (event.kind == TrafficEvent::Kind::ProcessStarted) {
            m_connectWait.processStarted = true;
        } else if (event.kind == TrafficEvent::Kind::InvalidMessage && event.direction == TrafficEvent::Direction::Incoming) {
            ++m_connectWait.strayStdoutLines;
        } else if (event.kind == TrafficEvent::Kind::Message) {
            const QJsonObject message = QJsonDocument::fromJson(event.raw).object();
            const QJsonValue id = message.value(QLatin1String("id"));
            if (id.isUndefined())
                continue; // a notification
            if (event.direction == TrafficEvent::Direction::Outgoing && message.contains(Key::Method)) {
                m_connectWait.requests.append({message.value(Key::Method).toString(), id, event.wallClockMs, false});
            } else if (event.direction == TrafficEvent::Direction::Incoming && !message.contains(Key::Method)) {
                for (ConnectWait::Request &request : m_connectWait.requests) {
                    if (request.id == id)
                        request.answered = true;
                }
            }
        }
    }
}

QString ServerPage::waitingText() const
{
    const ConnectWait &wait = m_connectWait;
    QStringList parts{tr("Connecting for %1 s").arg(wait.elapsedSeconds())};
    if (const QString method = wait.waitingFor(); !method.isEmpty()) {
        const qint64 since = qMax<qint64>(0, (QDateTime::currentMSecsSinceEpoch() - wait.waitingSinceMs()) / 1000);
        parts << tr("waiting for the server's answer to %1 (sent %2 s ago)").arg(method).arg(since);
    } else if (!wait.processStarted && m_connection->sessionInfo().transportName == QLatin1String("stdio")) {
        parts << tr("starting the server process");
    } else {
        parts << tr("opening the connection");
    }
    if (wait.strayStdoutLines > 0)
        parts << strayLinesText(wait.strayStdoutLines);
    return parts.join(QStringLiteral(" · "));
}

QString ServerPage::strayLinesText(int lines)
{
    return tr("the server printed %n line(s) on stdout that are not JSON-RPC (see the Console tab)", nullptr, lines);
}

QString ServerPage::capabilitiesSummary(const QJsonObject &serverCapabilities)
{
    // The names only ("tools · resources · prompts · 1 extension"); the flags are in the unfolded view.
    QStringList names;
    int extensions = 0;
    for (auto it = serverCapabilities.begin(); it != serverCapabilities.end(); ++it) {
        if (it.key() == Key::Extensions)
            extensions = int(it.value().toObject().size());
        else
            names << it.key();
    }
    if (extensions > 0)
        names << tr("%n extension(s)", nullptr, extensions);
    return names.isEmpty() ? QString() : tr("Server offers %1").arg(names.join(QStringLiteral(" · ")));
}

void ServerPage::updateLatency(qint64 ms)
{
    if (ms == 0)
        m_latency->setText(tr("Ping < 1 ms"));
    else
        m_latency->setText(ms > 0 ? tr("Ping %1 ms").arg(ms) : QString());
}

void ServerPage::updateBanner()
{
    const Connection::State state = m_connection->state();
    if (state != Connection::State::Exited && state != Connection::State::Failed) {
        m_banner->hide();
        return;
    }
    // How long the attempt waited, from its start, and what stdout held that was not a message.
    const ConnectWait &wait = m_connectWait;
    QString title;
    if (state == Connection::State::Exited) {
        title = tr("The server process %1.").arg(m_connection->exitDescription());
    } else if (wait.startedMs == 0) {
        title = tr("Connection failed: %1").arg(m_connection->errorString());
    } else if (const QString unanswered = wait.unansweredText(); !wait.waitingFor().isEmpty() && !unanswered.isEmpty()) {
        // Gave up waiting: the whole wait, and what it was spent on (an era probe may come first).
        title = tr("Connection failed after %1 s without an answer from the server to %2.")
                    .arg(wait.elapsedSeconds()).arg(unanswered);
    } else {
        title = tr("Connection failed after %1 s: %2").arg(wait.elapsedSeconds()).arg(m_connection->errorString());
    }
    if (wait.strayStdoutLines > 0) {
        QString stray = strayLinesText(wait.strayStdoutLines);
        stray[0] = stray[0].toUpper();
        title += QLatin1Char(' ') + stray + QLatin1Char('.');
    }
    m_bannerTitle->setText(title);
    const QStringList tail = m_connection->lastStderrLines();
    m_bannerStderr->setPlainText(tail.join(QLatin1Char('\n')));
    m_bannerStderr->setVisible(!tail.isEmpty());
    m_banner->show();
}

bool ServerPage::eventFilter(QObject *watched, QEvent *event)
{
    if ((event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent) && m_details
        && m_details->widget() && watched->parent() == m_details->widget())
        QTimer::singleShot(0, this, &ServerPage::updateDetails);
    return QWidget::eventFilter(watched, event);
}

void ServerPage::updateDetails()
{
    // As tall as what is unfolded, up to a share of the screen; the rest scrolls.
    QWidget *details = m_details->widget();
    bool any = false;
    for (QWidget *part : details->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        any = any || part->isVisibleTo(details);
    const int screenHeight = screen() ? screen()->availableGeometry().height() : 700;
    m_details->setMaximumHeight(qMin(details->sizeHint().height(), screenHeight / 4));
    m_details->setVisible(any);
}

QString ServerPage::bannerText() const
{
    if (m_banner->isHidden())
        return {};
    return m_bannerTitle->text() + QLatin1Char('\n') + m_bannerStderr->toPlainText();
}

void ServerPage::dismissBanner()
{
    m_banner->hide();
}

bool ServerPage::isBannerVisible() const
{
    return !m_banner->isHidden();
}

} // namespace Mcp::Ui

namespace Mcp::Ui {

QString describeEra(const Modern::EraRecord &record)
{
    if (!record.isKnown())
        return {};
    const QString era = record.era == Modern::Era::Modern ? ServerPage::tr("Modern") : ServerPage::tr("Legacy");
    QString how;
    switch (record.source) {
    case Modern::EraRecord::Source::Probed: how = ServerPage::tr("probed"); break;
    case Modern::EraRecord::Source::Pinned: how = ServerPage::tr("pinned"); break;
    case Modern::EraRecord::Source::Cached: how = ServerPage::tr("cached"); break;
    }
    return ServerPage::tr("%1 %2 · %3").arg(era, record.version, how);
}

} // namespace Mcp::Ui
