#include "traffic/trafficview.h"

#include "theme.h"
#include "timeline/timelinepanel.h"
#include "traffic/jsontree.h"
#include "results/bigtextview.h"
#include "workpool.h"
#include "widgets/commonwidgets.h"
#include "widgets/jsonview.h"

#include "traffic/trafficcapture.h"
#include "traffic/trafficfilter.h"
#include "traffic/trafficlog.h"
#include "widgets/fittinglabel.h"

#include <QAction>
#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPromise>
#include <QRadioButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {
// Messages bigger than this are not parsed for the tree and pretty views on the GUI thread.
constexpr int MaxParsedDetailBytes = 4 * 1024 * 1024;
constexpr qsizetype RawTextBytes = 256 * 1024; // the Raw tab's text; the All Text tab has the rest

// The Round column: a colour band per multi round-trip request, so its rounds are found at a glance.
class RoundBandDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (const uint group = index.data(TrafficLog::RoundGroupRole).toUInt())
            option->backgroundBrush = Theme::roundTint(group);
    }
};
}

QString hexDump(const QByteArray &bytes, int maxBytes)
{
    const int n = int(qMin<qsizetype>(bytes.size(), maxBytes));
    QString out;
    out.reserve(n * 4 + 64);
    for (int offset = 0; offset < n; offset += 16) {
        out += QStringLiteral("%1  ").arg(offset, 8, 16, QLatin1Char('0'));
        QString ascii;
        for (int i = 0; i < 16; ++i) {
            if (offset + i < n) {
                const uchar c = uchar(bytes.at(offset + i));
                out += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
                ascii += (c >= 0x20 && c < 0x7f) ? QChar(c) : QLatin1Char('.');
            } else {
                out += QStringLiteral("   ");
            }
            if (i == 7)
                out += QLatin1Char(' ');
        }
        out += QStringLiteral(" |") + ascii + QStringLiteral("|\n");
    }
    if (bytes.size() > n)
        out += QCoreApplication::translate("Mcp::Ui::TrafficView", "… %1 more bytes not shown").arg(bytes.size() - n);
    return out;
}

TrafficView::TrafficView(TrafficLog *log, QWidget *parent) : QWidget(parent), m_log(log)
{
    m_proxy = new TrafficFilterProxy(this);
    m_proxy->setSourceModel(log);
    buildUi();
}

TrafficView::~TrafficView() = default;

QAbstractItemModel *TrafficView::viewModel() const
{
    return m_table->model();
}

void TrafficView::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    layout->addLayout(buildFilterBar());
    layout->addWidget(buildToolBar());
    m_splitter = new QSplitter(Qt::Vertical, this);
    buildTable(m_splitter);
    buildDetailTabs(m_splitter);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_detailTabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter, 1);

    connectUi();
    updateStatus();
}

// The filter bar: scope, server, direction, kind, method, text and JSON filters, pings.
QHBoxLayout *TrafficView::buildFilterBar()
{
    auto *filters = new QHBoxLayout;
    filters->setContentsMargins(6, 4, 6, 0);
    m_server = new QComboBox(this);
    m_server->addItem(tr("All servers"), -1);
    m_server->setVisible(false);
    m_scope = new QTabBar(this);
    m_scope->setObjectName(QStringLiteral("trafficScope"));
    m_scope->setDocumentMode(true);
    m_scope->setDrawBase(false);
    m_scope->setExpanding(false);
    m_scope->addTab(tr("All"));
    m_scope->setTabToolTip(int(Scope::All), tr("Everything: the connection and its MCP Apps views"));
    m_scope->addTab(tr("Server"));
    m_scope->setTabToolTip(int(Scope::Server), tr("What crossed the connection, and local events; no MCP Apps view traffic"));
    m_scope->addTab(tr("App"));
    m_scope->setTabToolTip(int(Scope::App), tr("Only the messages between the window and MCP Apps views "
                                               "(ui/initialize, the tools/call a view makes...), paired"));
    m_scope->setVisible(m_log->hasAppTraffic());
    m_direction = new QComboBox(this);
    fillDirections();
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("All kinds"), -1);
    for (int k = 0; k < int(TrafficKind::Count); ++k)
        m_kind->addItem(TrafficLog::kindName(TrafficKind(k)), k);
    m_method = searchField(QString(), tr("Method"), this);
    m_method->setMaximumWidth(200);
    m_text = searchField(QStringLiteral("trafficTextFilter"), tr("Search text"), this);
    m_json = new QLineEdit(this);
    m_json->setPlaceholderText(tr("JSON: /params/name=echo"));
    m_json->setToolTip(tr("Match JSON content: a path (JSON pointer or dotted) with an optional =value, "
                          "e.g. /params/name=echo, result.isError=true, params.arguments"));
    m_json->setClearButtonEnabled(true);
    m_hidePings = new QCheckBox(tr("Hide pings"), this);
    m_hidePings->setObjectName(QStringLiteral("hidePings"));
    m_hidePings->setToolTip(tr("Leave out the keep-alive traffic: ping, and server/discover (the modern era has no ping)"));
    m_filterError = new QLabel(this);
    m_filterError->hide();
    m_roundsFilter = new QToolButton(this);
    m_roundsFilter->setObjectName(QStringLiteral("roundsFilter"));
    m_roundsFilter->setAutoRaise(true);
    m_roundsFilter->setToolTip(tr("Only the rounds of one multi round-trip request are shown; click to show everything"));
    m_roundsFilter->hide();
    filters->addWidget(m_scope);
    filters->addWidget(m_server);
    filters->addWidget(m_direction);
    filters->addWidget(m_kind);
    filters->addWidget(m_method);
    filters->addWidget(m_text, 2);
    filters->addWidget(m_json, 2);
    filters->addWidget(m_hidePings);
    filters->addWidget(m_filterError);
    filters->addWidget(m_roundsFilter);
    return filters;
}

// Follow, Pause, Clear, Go to Pair, Copy, Export… and the status on the right.
QToolBar *TrafficView::buildToolBar()
{
    m_toolBar = new QToolBar(this);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_followAction = m_toolBar->addAction(Theme::icon(QStringLiteral("follow")), tr("Follow"));
    m_followAction->setCheckable(true);
    m_followAction->setChecked(true);
    m_followAction->setToolTip(tr("Keep the newest message in view"));
    m_pauseAction = m_toolBar->addAction(Theme::icon(QStringLiteral("pause")), tr("Pause"));
    m_pauseAction->setCheckable(true);
    m_pauseAction->setToolTip(tr("Stop updating the view; recording goes on"));
    m_clearAction = m_toolBar->addAction(Theme::icon(QStringLiteral("clear")), tr("Clear"));
    m_toolBar->addSeparator();
    m_jumpAction = m_toolBar->addAction(Theme::icon(QStringLiteral("jump")), tr("Go to Pair"));
    m_jumpAction->setToolTip(tr("Jump between a request and its response (Ctrl+J)"));
    m_jumpAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
    m_jumpAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copyAction = m_toolBar->addAction(Theme::icon(QStringLiteral("copy")), tr("Copy"));
    m_copyAction->setToolTip(tr("Copy the selected message"));
    m_copyAction->setShortcut(QKeySequence::Copy);
    m_copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_exportAction = m_toolBar->addAction(Theme::icon(QStringLiteral("export")), tr("Export…"));
    m_toolBar->addSeparator();
    m_timelineAction = m_toolBar->addAction(Theme::icon(QStringLiteral("timeline")), tr("Timeline"));
    m_timelineAction->setCheckable(true);
    m_timelineAction->setToolTip(tr("Where the time went: every call as a bar from sent to answered, "
                                    "latency per method, and trace exports"));
    connect(m_timelineAction, &QAction::toggled, this, &TrafficView::setTimelineShown);
    m_status = new FittingLabel(this);
    m_status->setContentsMargins(8, 0, 8, 0);
    auto *spacer = new QWidget(this);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);
    m_toolBar->addWidget(m_status);
    return m_toolBar;
}

// The message table: fixed row heights and columns sized to samples of their content.
QTableView *TrafficView::buildTable(QWidget *parent)
{
    m_table = new QTableView(parent);
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    // Uniform, fixed row heights: the view never measures a million rows.
    QHeaderView *vertical = m_table->verticalHeader();
    vertical->setSectionResizeMode(QHeaderView::Fixed);
    vertical->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    vertical->hide();
    QHeaderView *horizontal = m_table->horizontalHeader();
    // Columns sized to their content's samples. Method (with the tool, prompt or URI a request
    // names) gives way on a narrow screen and grows up to its longest names on a wide one; the
    // numbers keep their width, so Latency is never cut nor stretched away from its values.
    horizontal->setStretchLastSection(false);
    horizontal->setSectionResizeMode(QHeaderView::Interactive);
    horizontal->setHighlightSections(false);
    const QFontMetrics fm = m_table->fontMetrics();
    // The cell margins (3 px or more a side) and a little air.
    auto width = [&fm](const char *sample) { return fm.horizontalAdvance(QLatin1String(sample)) + 14; };
    m_table->setColumnWidth(TrafficLog::TimeColumn, width("00:00:00.000"));
    m_table->setColumnWidth(TrafficLog::RelativeTimeColumn, width("+0000.000 s"));
    m_table->setColumnWidth(TrafficLog::ConnectionColumn, width("server-everything"));
    m_table->setColumnWidth(TrafficLog::DirectionColumn, width("→ out"));
    m_table->setColumnWidth(TrafficLog::KindColumn, width("Notification"));
    m_methodWidth = width("notifications/resources/updated");
    m_leastMethodWidth = width("tools/call");
    m_table->setColumnWidth(TrafficLog::MethodColumn, m_methodWidth);
    m_table->setColumnWidth(TrafficLog::IdColumn, width("\"abc-123\""));
    m_table->setColumnWidth(TrafficLog::SizeColumn, width("1.2 MiB"));
    m_table->setColumnWidth(TrafficLog::LatencyColumn, width("10000.000 ms")); // as TrafficLog writes it
    m_table->setColumnWidth(TrafficLog::RoundColumn, width("10 of 10"));
    m_table->setItemDelegateForColumn(TrafficLog::RoundColumn, new RoundBandDelegate(m_table));
    // Shown beside the id it belongs with (the model keeps it last, so column numbers stay).
    horizontal->moveSection(horizontal->visualIndex(TrafficLog::RoundColumn), horizontal->visualIndex(TrafficLog::IdColumn) + 1);
    m_table->setColumnHidden(TrafficLog::ConnectionColumn, true);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->viewport()->installEventFilter(this);
    connect(horizontal, &QHeaderView::sectionResized, this, [this](int column) {
        if (m_fittingMethod)
            return;
        if (column == TrafficLog::MethodColumn)
            m_methodSizedByUser = true; // the user's width stays
        else
            fitMethodColumn();
    });
    return m_table;
}

// The selected message: Pretty, Tree, Raw, Details and (HTTP) Headers.
QTabWidget *TrafficView::buildDetailTabs(QWidget *parent)
{
    m_detailTabs = new QTabWidget(parent);
    m_detailTabs->setDocumentMode(true);
    m_tree = new JsonTree(m_detailTabs);
    m_pretty = new JsonTextView(m_detailTabs);
    m_pretty->setPlaceholderText(tr("Select a message to see it here."));
    m_raw = new QPlainTextEdit(m_detailTabs);
    m_raw->setReadOnly(true);
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_meta = new QPlainTextEdit(m_detailTabs);
    m_meta->setReadOnly(true);
    m_meta->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detailTabs->addTab(m_pretty, tr("Pretty"));
    m_detailTabs->addTab(m_tree, tr("Tree"));
    m_detailTabs->addTab(m_raw, tr("Raw"));
    // A message too big for the Raw tab's text, all of it as it came: paged from the log's own
    // copy of its bytes, never converted whole.
    m_wholeText = new BigTextView(m_detailTabs);
    m_wholeText->setObjectName(QStringLiteral("wholeText"));
    m_detailTabs->addTab(m_wholeText, tr("All Text"));
    m_detailTabs->setTabVisible(m_detailTabs->indexOf(m_wholeText), false);
    m_detailTabs->addTab(m_meta, tr("Details"));
    m_headers = flatTree({tr("Header"), tr("Value"), tr("Meaning")}, m_detailTabs);
    m_headers->setObjectName(QStringLiteral("headersView"));
    m_detailTabs->addTab(m_headers, tr("Headers"));
    m_detailTabs->setTabVisible(m_detailTabs->indexOf(m_headers), false);
    return m_detailTabs;
}

// What the filters, actions, table and log do to each other.
void TrafficView::connectUi()
{
    m_statusTimer = new QTimer(this);
    m_statusTimer->setSingleShot(true);
    m_statusTimer->setInterval(250);
    connect(m_statusTimer, &QTimer::timeout, this, &TrafficView::updateStatus);
    connect(m_followAction, &QAction::toggled, this, &TrafficView::setFollowTail);
    connect(m_pauseAction, &QAction::toggled, this, &TrafficView::setPaused);
    connect(m_clearAction, &QAction::triggered, this, &TrafficView::clear);
    connect(m_jumpAction, &QAction::triggered, this, &TrafficView::jumpToPair);
    connect(m_copyAction, &QAction::triggered, this, &TrafficView::copyMessage);
    connect(m_exportAction, &QAction::triggered, this, &TrafficView::exportDialog);
    connect(m_server, &QComboBox::currentIndexChanged, this, &TrafficView::updateFilter);
    connect(m_direction, &QComboBox::currentIndexChanged, this, &TrafficView::updateFilter);
    connect(m_scope, &QTabBar::currentChanged, this, [this] {
        fillDirections();
        updateFilter();
    });
    const auto showScopeForAppTraffic = [this] {
        if (m_scope->isHidden() && m_log->hasAppTraffic())
            m_scope->show();
    };
    connect(m_log, &QAbstractItemModel::rowsInserted, m_scope, showScopeForAppTraffic);
    connect(m_log, &QAbstractItemModel::modelReset, m_scope, showScopeForAppTraffic);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &TrafficView::updateFilter);
    connect(m_hidePings, &QCheckBox::toggled, this, &TrafficView::updateFilter);
    // Typing should not refilter a big log on every key stroke.
    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(250);
    connect(debounce, &QTimer::timeout, this, &TrafficView::updateFilter);
    connect(m_method, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(m_text, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(m_json, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(m_proxy, &TrafficFilterProxy::filterApplied, this, &TrafficView::updateStatus);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TrafficView::showCurrent);
    // Reading a message stops the view from running away under it (as terminals and Wireshark
    // do): choosing a row, or scrolling away from the end, pauses Follow; scrolling back to
    // the end (or Follow) resumes it.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (current.isValid() && !m_restoringSelection)
            setFollowTail(false);
    });
    connect(m_table->verticalScrollBar(), &QAbstractSlider::actionTriggered, this, [this] {
        const QScrollBar *bar = m_table->verticalScrollBar();
        // The position the action moves to; the value follows after this signal.
        const bool atEnd = bar->sliderPosition() >= bar->maximum();
        if (atEnd != m_followAction->isChecked())
            setFollowTail(atEnd);
    });
    connect(m_proxy, &TrafficFilterProxy::filterApplied, this, &TrafficView::restoreSelection);
    connect(m_table->model(), &QAbstractItemModel::rowsInserted, this, &TrafficView::onRowsInserted);
    connect(m_table->model(), &QAbstractItemModel::modelReset, this, &TrafficView::updateStatus);
    connect(m_table->model(), &QAbstractItemModel::rowsRemoved, this, &TrafficView::updateStatus);
    connect(m_log, &TrafficLog::droppedCountChanged, this, &TrafficView::updateStatus);
    connect(m_log, &TrafficLog::pausedChanged, this, [this](bool paused) {
        QSignalBlocker blocker(m_pauseAction);
        m_pauseAction->setChecked(paused);
        m_pauseAction->setIcon(Theme::icon(paused ? QStringLiteral("resume") : QStringLiteral("pause")));
        m_pauseAction->setText(paused ? tr("Resume") : tr("Pause"));
        updateStatus();
    });
    m_showRoundsAction = new QAction(tr("Show Rounds of This Request"), this);
    m_showRoundsAction->setToolTip(tr("Only the requests and answers of this multi round-trip request"));
    connect(m_showRoundsAction, &QAction::triggered, this, [this] { showRoundsOf(logRow(m_table->currentIndex().row())); });
    connect(m_roundsFilter, &QToolButton::clicked, this, &TrafficView::clearRoundsFilter);
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu menu(this);
        menu.addAction(m_copyAction);
        QAction *copyPretty = menu.addAction(tr("Copy as Pretty JSON"));
        menu.addAction(m_jumpAction);
        m_showRoundsAction->setEnabled(m_log->roundGroup(logRow(m_table->currentIndex().row())) != 0);
        menu.addAction(m_showRoundsAction);
        menu.addSeparator();
        menu.addAction(m_exportAction);
        if (menu.exec(m_table->viewport()->mapToGlobal(pos)) == copyPretty) {
            const int row = logRow(m_table->currentIndex().row());
            if (row >= 0)
                QApplication::clipboard()->setText(m_log->prettyJson(row));
        }
    });
}

void TrafficView::setOffline(const QString &sourceDescription)
{
    m_offline = true;
    m_pauseAction->setVisible(false);
    m_followAction->setChecked(false);
    m_followAction->setVisible(false);
    m_clearAction->setVisible(false);
    m_status->setToolTip(sourceDescription);
    updateStatus();
}

void TrafficView::setShowsServers(bool show)
{
    m_table->setColumnHidden(TrafficLog::ConnectionColumn, !show);
    fitMethodColumn();
    m_server->setVisible(show);
    if (show) {
        // Keep the server filter's entries in step with the log's connection names.
        auto refresh = [this] {
            const QHash<int, QString> names = m_log->connectionNames();
            const int current = m_server->currentData().toInt();
            QSignalBlocker blocker(m_server);
            while (m_server->count() > 1)
                m_server->removeItem(1);
            QList<int> ids = names.keys();
            std::sort(ids.begin(), ids.end());
            for (int id : ids)
                m_server->addItem(names.value(id), id);
            const int index = m_server->findData(current);
            m_server->setCurrentIndex(index < 0 ? 0 : index);
        };
        refresh();
        connect(m_log, &QAbstractItemModel::rowsInserted, m_server, [this, refresh] {
            if (m_server->count() - 1 != m_log->connectionNames().size())
                refresh();
        });
    }
}

int TrafficView::visibleRowCount() const
{
    return m_table->model()->rowCount();
}

bool TrafficView::isFollowingTail() const
{
    return m_followAction->isChecked();
}

int TrafficView::logRow(int viewRow) const
{
    if (viewRow < 0 || viewRow >= m_proxy->rowCount())
        return -1;
    return m_proxy->mapToSource(m_proxy->index(viewRow, 0)).row();
}

int TrafficView::viewRow(int logRow) const
{
    if (logRow < 0 || logRow >= m_log->rowCount())
        return -1;
    const QModelIndex index = m_proxy->mapFromSource(m_log->index(logRow, 0));
    return index.isValid() ? index.row() : -1;
}

void TrafficView::focusTextFilter()
{
    m_text->setFocus(Qt::ShortcutFocusReason);
    m_text->selectAll();
}

void TrafficView::setTextFilter(const QString &text)
{
    m_text->setText(text);
    updateFilter();
}

void TrafficView::setMethodFilter(const QString &text)
{
    m_method->setText(text);
    updateFilter();
}

void TrafficView::setJsonFilter(const QString &expression)
{
    m_json->setText(expression);
    updateFilter();
}

void TrafficView::setScope(Scope scope)
{
    m_scope->show();
    m_scope->setCurrentIndex(int(scope));
}

TrafficView::Scope TrafficView::scope() const
{
    return Scope(qMax(0, m_scope->currentIndex()));
}

// The direction choices the scope leaves (no "Client → server" among a view's messages), keeping
// the current one when it is still there.
void TrafficView::fillDirections()
{
    using D = TrafficEvent::Direction;
    const int current = m_direction->currentData().isValid() ? m_direction->currentData().toInt() : -1;
    QSignalBlocker blocker(m_direction);
    m_direction->clear();
    m_direction->addItem(tr("Both directions"), -1);
    const Scope shown = scope();
    if (shown != Scope::App) {
        m_direction->addItem(tr("Client → server"), int(D::Outgoing));
        m_direction->addItem(tr("Server → client"), int(D::Incoming));
        m_direction->addItem(tr("Local events"), int(D::Local));
    }
    if (shown != Scope::Server) {
        m_direction->addItem(tr("Host → app view"), int(D::HostToApp));
        m_direction->addItem(tr("App view → host"), int(D::AppToHost));
    }
    m_direction->setCurrentIndex(qMax(0, m_direction->findData(current)));
}

void TrafficView::updateFilter()
{
    TrafficFilter filter;
    if (m_server->isVisible() || m_server->currentIndex() > 0) {
        const int id = m_server->currentData().toInt();
        if (id >= 0 && m_server->currentIndex() > 0)
            filter.connections = {id};
    }
    using D = TrafficEvent::Direction;
    if (m_direction->currentIndex() > 0)
        filter.directions = {D(m_direction->currentData().toInt())};
    else if (scope() == Scope::App)
        filter.directions = {D::HostToApp, D::AppToHost};
    else if (scope() == Scope::Server)
        filter.directions = {D::Outgoing, D::Incoming, D::Local};
    if (m_kind->currentIndex() > 0)
        filter.kinds = {TrafficKind(m_kind->currentData().toInt())};
    filter.method = m_method->text().trimmed();
    filter.text = m_text->text();
    filter.hidePings = m_hidePings->isChecked();
    filter.rows = m_roundRows;
    const QString json = m_json->text().trimmed();
    const QString jsonError = json.isEmpty() ? QString() : TrafficFilter::jsonExpressionError(json);
    m_filterError->setVisible(!jsonError.isEmpty());
    m_filterError->setText(QStringLiteral("<span style=\"color:%1\">%2</span>")
                               .arg(Theme::color(Theme::Role::Error).name(), jsonError.toHtmlEscaped()));
    if (jsonError.isEmpty())
        filter.json = json;
    if (filter != m_proxy->filter()) {
        // Refiltering resets the table: the selected message is chosen again afterwards.
        const int selected = logRow(m_table->currentIndex().row());
        if (selected >= 0)
            m_selectedAbsoluteRow = m_log->firstAbsoluteRow() + selected;
        m_proxy->setFilter(filter);
    }
    updateStatus();
}

void TrafficView::restoreSelection()
{
    if (m_selectedAbsoluteRow < 0)
        return;
    const int row = viewRow(int(m_selectedAbsoluteRow - m_log->firstAbsoluteRow()));
    if (row < 0)
        return; // filtered out: chosen again once a filter lets it through
    m_selectedAbsoluteRow = -1;
    const QModelIndex index = m_table->model()->index(row, 0);
    m_restoringSelection = true;
    m_table->setCurrentIndex(index);
    m_restoringSelection = false;
    if (!m_followAction->isChecked())
        m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

bool TrafficView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitMethodColumn();
    return QWidget::eventFilter(watched, event);
}

void TrafficView::fitMethodColumn()
{
    if (m_methodSizedByUser)
        return;
    int others = 0;
    for (int column = 0; column < TrafficLog::ColumnCount; ++column) {
        if (column != TrafficLog::MethodColumn && !m_table->isColumnHidden(column))
            others += m_table->columnWidth(column);
    }
    const int width = qBound(m_leastMethodWidth, m_table->viewport()->width() - others, m_methodWidth);
    if (width == m_table->columnWidth(TrafficLog::MethodColumn))
        return;
    m_fittingMethod = true;
    m_table->setColumnWidth(TrafficLog::MethodColumn, width);
    m_fittingMethod = false;
}

namespace {
// What the modern era's request headers (2026-07-28 Streamable HTTP) carry, for the Headers tab.
QString headerMeaning(const QByteArray &name)
{
    const QByteArray lower = name.toLower();
    if (lower == "mcp-protocol-version")
        return TrafficView::tr("the protocol version (equal to the _meta version in the modern era)");
    if (lower == "mcp-method")
        return TrafficView::tr("the JSON-RPC method (modern era)");
    if (lower == "mcp-name")
        return TrafficView::tr("params.name or params.uri (modern era)");
    if (lower.startsWith("mcp-param-"))
        return TrafficView::tr("a tool argument annotated x-mcp-header \"%1\"").arg(QString::fromLatin1(name.mid(10)));
    if (lower == "mcp-session-id")
        return TrafficView::tr("the legacy era's HTTP session");
    if (lower == "last-event-id")
        return TrafficView::tr("resumes an event stream after this event");
    return QString();
}

// The value as sent, and the text a `=?base64?...?=` sentinel stands for.
QString headerValue(const QByteArray &value)
{
    if (value.startsWith("=?base64?") && value.endsWith("?=") && value.size() >= 11) {
        const auto decoded = QByteArray::fromBase64Encoding(value.mid(9, value.size() - 11));
        if (decoded)
            return TrafficView::tr("%1 (Base64 of \"%2\")").arg(QString::fromLatin1(value), QString::fromUtf8(*decoded));
    }
    return QString::fromLatin1(value);
}
} // namespace

void TrafficView::showHeaders(const HttpHeaders &headers)
{
    m_headers->clear();
    for (const auto &[name, value] : headers) {
        auto *item = new QTreeWidgetItem(m_headers, {QString::fromLatin1(name), headerValue(value), headerMeaning(name)});
        item->setToolTip(1, item->text(1));
        if (name.toLower().startsWith("mcp-")) {
            QFont bold = item->font(0);
            bold.setBold(true);
            item->setFont(0, bold);
        }
    }
    m_detailTabs->setTabVisible(m_detailTabs->indexOf(m_headers), !headers.isEmpty());
}

bool TrafficView::showRoundsOf(int row)
{
    const QList<int> rows = m_log->roundRows(row);
    if (rows.isEmpty())
        return false;
    QList<qint64> absolute;
    for (int r : rows)
        absolute.append(m_log->firstAbsoluteRow() + r);
    const QPair<int, int> round = m_log->roundOf(rows.first());
    showRows(absolute, tr("%n round(s) of request %1 ✕", nullptr, round.second).arg(m_log->data(m_log->index(rows.first(), TrafficLog::IdColumn)).toString()));
    return true;
}

void TrafficView::showOnlyRows(const QList<qint64> &absoluteRows, const QString &label)
{
    showRows(absoluteRows, tr("Only %1 ✕").arg(label));
}

void TrafficView::showRows(const QList<qint64> &absoluteRows, const QString &buttonText)
{
    if (absoluteRows.isEmpty()) { // an empty list would mean every row
        m_status->setText(tr("Nothing crossed the wire in that range"));
        return;
    }
    m_roundRows = absoluteRows;
    m_roundsFilter->setText(buttonText);
    m_roundsFilter->show();
    setFollowTail(false);
    updateFilter();
}

void TrafficView::setTimelineShown(bool shown)
{
    if (shown && !m_timeline) {
        m_timeline = new TimelinePanel(m_log, m_splitter);
        m_timeline->setSecretValuesProvider([this] { return m_secretValues ? m_secretValues() : QStringList(); });
        m_splitter->insertWidget(0, m_timeline);
        // The timeline gets the larger share: a picture needs height, and the table keeps a few rows.
        const int total = qMax(300, m_splitter->height());
        m_splitter->setSizes({total / 2, total * 3 / 10, total / 5});
        connect(m_timeline, &TimelinePanel::rowsChosen, this, &TrafficView::showOnlyRows);
        connect(m_timeline, &TimelinePanel::rowActivated, this, [this](int row) { selectViewRow(viewRow(row)); });
        connect(this, &TrafficView::currentEventChanged, m_timeline, &TimelinePanel::showLogRow);
    }
    if (m_timeline)
        m_timeline->setVisible(shown);
    const QSignalBlocker blocker(m_timelineAction);
    m_timelineAction->setChecked(shown);
}

void TrafficView::clearRoundsFilter()
{
    if (m_roundRows.isEmpty())
        return;
    m_roundRows.clear();
    m_roundsFilter->hide();
    updateFilter();
}

QString TrafficView::detailsText() const
{
    return m_meta->toPlainText();
}

void TrafficView::onRowsInserted()
{
    // A flood inserts rows many times a second: the count follows a few times a second.
    if (!m_statusTimer->isActive())
        m_statusTimer->start();
    if (!m_followAction->isChecked() || m_followScheduled)
        return;
    // Scroll once per event-loop turn however many batches arrived.
    m_followScheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_followScheduled = false;
        if (m_followAction->isChecked())
            m_table->scrollToBottom();
    });
}

void TrafficView::setFollowTail(bool follow)
{
    if (m_followAction->isChecked() != follow)
        m_followAction->setChecked(follow);
    if (follow)
        m_table->scrollToBottom();
}

void TrafficView::setPaused(bool paused)
{
    if (paused)
        m_log->pause();
    else
        m_log->resume();
}

void TrafficView::clear()
{
    m_selectedAbsoluteRow = -1;
    clearRoundsFilter();
    m_log->clear();
    m_tree->clear();
    m_pretty->clear();
    m_raw->clear();
    m_meta->clear();
    showWholeText({});
    showHeaders({});
    updateStatus();
}

void TrafficView::updateStatus()
{
    m_statusTimer->stop();
    QStringList parts;
    const int shown = m_table->model()->rowCount();
    const int total = m_log->rowCount();
    if (shown != total)
        parts << tr("%1 of %n message(s)", nullptr, total).arg(shown);
    else
        parts << tr("%n message(s)", nullptr, total);
    if (m_log->droppedCount() > 0)
        parts << tr("%n oldest dropped (cap %1)", nullptr, int(qMin<qint64>(m_log->droppedCount(), INT_MAX)))
                     .arg(m_log->rowCap());
    if (m_log->isPaused())
        parts << tr("paused, %n new", nullptr, int(m_log->hiddenRowCount()));
    if (m_offline)
        parts << tr("offline capture");
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

void TrafficView::selectViewRow(int row)
{
    if (row < 0 || row >= m_table->model()->rowCount())
        return;
    const QModelIndex index = m_table->model()->index(row, 0);
    m_table->setCurrentIndex(index);
    m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void TrafficView::jumpToPair()
{
    const int row = logRow(m_table->currentIndex().row());
    if (row < 0)
        return;
    const int paired = m_log->pairedRow(row);
    if (paired < 0) {
        m_status->setText(tr("This message has no paired request or response."));
        return;
    }
    const int target = viewRow(paired);
    if (target < 0) {
        m_status->setText(tr("The paired message is hidden by the filter."));
        return;
    }
    setFollowTail(false);
    selectViewRow(target);
}

void TrafficView::copyMessage()
{
    const int row = logRow(m_table->currentIndex().row());
    if (row < 0)
        return;
    QApplication::clipboard()->setText(QString::fromUtf8(m_log->rawBytes(row)));
}

void TrafficView::showCurrent()
{
    const int row = logRow(m_table->currentIndex().row());
    if (row < 0) {
        m_tree->clear();
        m_pretty->clear();
        m_raw->clear();
        m_meta->clear();
        showWholeText({});
        m_headers->clear();
        m_detailTabs->setTabVisible(m_detailTabs->indexOf(m_headers), false);
        return;
    }
    const TrafficEvent event = m_log->event(row);
    const QByteArray raw = event.raw;
    if (raw.size() <= MaxParsedDetailBytes) {
        if (!m_tree->setJsonBytes(raw))
            m_tree->clear();
        m_pretty->setPlainText(m_log->prettyJson(row));
    } else {
        m_tree->clear();
        m_pretty->setPlainText(tr("This message is %1 bytes long: too big to format here. "
                                  "The All Text tab shows all of it as it came; Copy or Export gets all of it.")
                                   .arg(raw.size()));
    }
    QString text = hexDump(raw);
    if (!raw.isEmpty()) {
        text += QLatin1Char('\n') + tr("Text:") + QLatin1Char('\n');
        text += QString::fromUtf8(raw.left(RawTextBytes));
    }
    m_raw->setPlainText(text);
    showWholeText(raw.size() > RawTextBytes ? raw : QByteArray());

    QStringList meta;
    meta << tr("Time: %1").arg(QDateTime::fromMSecsSinceEpoch(event.wallClockMs).toString(Qt::ISODateWithMs));
    meta << tr("Direction: %1").arg(TrafficLog::directionName(event.direction));
    meta << tr("Kind: %1").arg(TrafficLog::kindName(m_log->kind(row)));
    meta << tr("Size: %1 bytes").arg(raw.size());
    const qint64 latency = m_log->latencyNs(row);
    if (latency >= 0)
        meta << tr("Latency: %1 ms").arg(double(latency) / 1e6, 0, 'f', 2);
    if (!m_log->connectionName(event.connectionId).isEmpty())
        meta << tr("Server: %1").arg(m_log->connectionName(event.connectionId));
    if (!event.note.isEmpty())
        meta << tr("Note: %1").arg(event.note);
    if (!event.httpMethod.isEmpty())
        meta << tr("HTTP method: %1").arg(QString::fromLatin1(event.httpMethod));
    if (!event.url.isEmpty() && TrafficEvent::isAppDirection(event.direction))
        meta << tr("MCP Apps view: %1").arg(event.url);
    else if (!event.url.isEmpty())
        meta << tr("URL: %1").arg(event.url);
    if (event.httpStatus)
        meta << tr("HTTP status: %1").arg(event.httpStatus);
    if (!event.sseEventId.isEmpty() || !event.sseEventType.isEmpty())
        meta << tr("SSE event: %1 id %2").arg(QString::fromUtf8(event.sseEventType), QString::fromUtf8(event.sseEventId));
    if (!event.headers.isEmpty()) {
        meta << tr("Headers:");
        for (const auto &header : event.headers)
            meta << QStringLiteral("  %1: %2").arg(QString::fromLatin1(header.first), QString::fromLatin1(header.second));
    }
    m_meta->setPlainText(meta.join(QLatin1Char('\n')));
    showHeaders(event.headers);
    Q_EMIT currentEventChanged(row);
}

void TrafficView::showWholeText(const QByteArray &raw)
{
    // Indexed in the thread pool (it reads every byte); a later selection wins, and stops the
    // indexing of the one before.
    const quint64 generation = ++m_wholeTextGeneration;
    m_wholeTextIndexing.cancel();
    m_detailTabs->setTabVisible(m_detailTabs->indexOf(m_wholeText), !raw.isEmpty());
    m_wholeText->setText(QString());
    if (raw.isEmpty())
        return;
    m_wholeTextIndexing = startInWorkPool<TextSource>([raw](QPromise<TextSource> &promise) {
        promise.addResult(TextSource::fromUtf8(raw, [&promise](int) { return !promise.isCanceled(); }));
    });
    m_wholeTextIndexing.then(this, [this, generation](const TextSource &source) {
        if (generation == m_wholeTextGeneration)
            m_wholeText->setText(source);
    });
}

bool TrafficView::exportTo(const QString &path, bool har, bool filteredOnly, bool includeSecrets, QString *error,
                           int *written)
{
    m_log->flush();
    TrafficCapture::ExportOptions options;
    options.redaction = includeSecrets ? TrafficCapture::Redaction::KeepSecrets : TrafficCapture::Redaction::Redact;
    if (m_secretValues)
        options.secretValues = m_secretValues();
    const QList<int> rows = filteredOnly ? m_proxy->sourceRows() : QList<int>();
    const int rowCount = filteredOnly ? int(rows.size()) : m_log->rowCount();
    if (rowCount == 0) {
        // No file that looks like an export of something.
        if (error)
            *error = filteredOnly ? tr("The filters show no rows: nothing was exported.")
                                  : tr("The log is empty: nothing was exported.");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    QString writeError;
    int exchanges = 0;
    bool ok;
    if (filteredOnly) {
        ok = har ? TrafficCapture::writeHar(&file, *m_log, rows, options, &writeError, &exchanges)
                 : TrafficCapture::writeJsonLines(&file, *m_log, rows, options, &writeError);
    } else {
        ok = har ? TrafficCapture::writeHar(&file, *m_log, options, &writeError, &exchanges)
                 : TrafficCapture::writeJsonLines(&file, *m_log, options, &writeError);
    }
    if (!ok || !file.commit()) {
        file.cancelWriting();
        if (error)
            *error = writeError.isEmpty() ? tr("Could not write %1: %2").arg(path, file.errorString()) : writeError;
        return false;
    }
    if (written)
        *written = har ? exchanges : rowCount;
    return true;
}

bool TrafficView::exportsAsHar(const QString &path, bool harChosen)
{
    if (path.endsWith(QLatin1String(".har"), Qt::CaseInsensitive))
        return true;
    if (path.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive))
        return false;
    return harChosen;
}

void TrafficView::exportDialog()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Export Traffic"));
    auto *form = new QFormLayout(&dialog);
    auto *jsonl = new QRadioButton(tr("JSON Lines (every event, re-openable in MCP Scope)"), &dialog);
    jsonl->setObjectName(QStringLiteral("exportJsonLines"));
    auto *har = new QRadioButton(tr("HAR 1.2 (HTTP exchanges, for browser tools)"), &dialog);
    har->setObjectName(QStringLiteral("exportHar"));
    auto *harNote = new QLabel(tr("HAR holds only what crossed HTTP: a stdio connection's messages are not in it."), &dialog);
    harNote->setWordWrap(true);
    jsonl->setChecked(true);
    auto *all = new QRadioButton(tr("The whole log"), &dialog);
    all->setObjectName(QStringLiteral("exportAll"));
    auto *filtered = new QRadioButton(tr("Only the rows the filters show"), &dialog);
    filtered->setObjectName(QStringLiteral("exportFiltered"));
    all->setChecked(true);
    // Two questions, two groups: the format and the rows are chosen independently.
    auto *formats = new QButtonGroup(&dialog);
    formats->addButton(jsonl);
    formats->addButton(har);
    auto *rowChoice = new QButtonGroup(&dialog);
    rowChoice->addButton(all);
    rowChoice->addButton(filtered);
    auto *secrets = new QCheckBox(tr("Include secrets (tokens, Authorization headers, secret environment values)"), &dialog);
    auto *warning = new QLabel(tr("Secrets are replaced by \"[REDACTED]\" unless you include them."), &dialog);
    warning->setWordWrap(true);
    form->addRow(tr("Format:"), jsonl);
    form->addRow(QString(), har);
    form->addRow(QString(), harNote);
    form->addRow(tr("Rows:"), all);
    form->addRow(QString(), filtered);
    form->addRow(QString(), secrets);
    form->addRow(QString(), warning);
    connect(secrets, &QCheckBox::toggled, warning, [warning, this](bool on) {
        warning->setText(on ? tr("Careful: the file will contain credentials in plain text.")
                            : tr("Secrets are replaced by \"[REDACTED]\" unless you include them."));
        if (on)
            Theme::setTextColor(warning, Theme::Role::Error);
        else
            Theme::resetTextColor(warning);
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (m_exportDialogHook)
        m_exportDialogHook(&dialog);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const bool asHar = har->isChecked();
    const QString suffix = asHar ? QStringLiteral(".har") : QStringLiteral(".jsonl");
    const QString harFilter = tr("HAR files (*.har)");
    const QString jsonlFilter = tr("JSON Lines (*.jsonl)");
    QString chosenFilter = asHar ? harFilter : jsonlFilter;
    const QString path = m_exportPathForTesting.isEmpty()
        ? QFileDialog::getSaveFileName(this, tr("Export Traffic"), m_exportName + suffix,
                                       jsonlFilter + QStringLiteral(";;") + harFilter, &chosenFilter)
        : m_exportPathForTesting;
    if (path.isEmpty())
        return;
    QString error;
    int written = 0;
    const bool harFile = exportsAsHar(path, chosenFilter == harFilter);
    if (!exportTo(path, harFile, filtered->isChecked(), secrets->isChecked(), &error, &written)) {
        m_status->setText(tr("Not exported: %1").arg(error));
        if (!m_exportPathForTesting.isEmpty())
            return;
        QMessageBox::warning(this, tr("Export Traffic"), error);
    } else {
        m_status->setText(harFile ? tr("Exported %n HTTP exchange(s) to %1", nullptr, written).arg(path)
                                  : tr("Exported %n event(s) to %1", nullptr, written).arg(path));
    }
}

QString TrafficView::statusText() const
{
    return m_status->text();
}

} // namespace Mcp::Ui
