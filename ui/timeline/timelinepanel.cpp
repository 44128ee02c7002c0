#include "timelinepanel.h"

#include "latencyview.h"
#include "theme.h"
#include "timeline/latencystats.h"
#include "timeline/spanbuilder.h"
#include "timeline/traceexport.h"
#include "timelineview.h"
#include "traffic/trafficlog.h"
#include "widgets/units.h"
#include "workpool.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPainter>
#include <QPointer>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QThreadPool>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace Mcp::Ui {

namespace {

// A timeline and its latency rows, made together off the GUI thread.
struct Built
{
    std::shared_ptr<const TimelineLayout> layout;
    QList<LatencyRow> latency;
};

Built buildFrom(const SpanBuilder::Input &input)
{
    Timeline timeline = SpanBuilder::build(input);
    LatencyStats::Options options;
    options.byConnection = timeline.connections.size() > 1;
    Built built;
    built.latency = LatencyStats::compute(timeline, options);
    built.layout = std::make_shared<const TimelineLayout>(TimelineLayout::build(std::move(timeline)));
    return built;
}

// The Distribution column: the histogram's buckets as bars, scaled to the fullest one.
class HistogramDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::paint(painter, option, index);
        const QList<qint64> buckets = index.data(LatencyModel::HistogramRole).value<QList<qint64>>();
        int first = -1;
        int last = -1;
        qint64 fullest = 0;
        for (int i = 0; i < buckets.size(); ++i) {
            if (buckets.at(i) == 0)
                continue;
            first = first < 0 ? i : first;
            last = i;
            fullest = qMax(fullest, buckets.at(i));
        }
        if (first < 0)
            return;
        const QRect area = option.rect.adjusted(4, 3, -4, -3);
        const int count = last - first + 1;
        const double width = double(area.width()) / count;
        const QColor colour = (option.state & QStyle::State_Selected) ? option.palette.color(QPalette::HighlightedText)
                                                                      : Theme::color(Theme::Role::Info);
        for (int i = first; i <= last; ++i) {
            const int height = int(double(area.height()) * double(buckets.at(i)) / double(fullest));
            if (height == 0 && buckets.at(i) > 0)
                continue;
            const QRectF bar(area.left() + (i - first) * width, area.bottom() - height + 1, qMax(1.0, width - 1), height);
            painter->fillRect(bar, colour);
        }
    }
};

const QString PropagateKey = QStringLiteral("timeline/propagateTraceContext");

} // namespace

bool TimelinePanel::propagatesTraceContext()
{
    return QSettings().value(PropagateKey, false).toBool();
}

TimelinePanel::TimelinePanel(TrafficLog *log, QWidget *parent)
    : QWidget(parent)
    , m_log(log)
    , m_view(new TimelineView(this))
    , m_latency(new LatencyModel(this))
    , m_latencySorted(new QSortFilterProxyModel(this))
    , m_latencyTable(new QTableView(this))
    , m_scatter(new LatencyScatter(this))
    , m_scatterMethod(new QComboBox(this))
    , m_tabs(new QTabWidget(this))
    , m_toolBar(new QToolBar(this))
    , m_status(new QLabel(this))
    , m_rebuildTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    QAction *fit = m_toolBar->addAction(Theme::icon(QStringLiteral("fit")), tr("Fit All"));
    fit->setToolTip(tr("Show the whole session (Home)"));
    connect(fit, &QAction::triggered, m_view, &TimelineView::fitAll);
    QAction *zoomIn = m_toolBar->addAction(Theme::icon(QStringLiteral("zoom-in")), tr("Zoom In"));
    zoomIn->setToolTip(tr("Zoom in (+, or the mouse wheel)"));
    connect(zoomIn, &QAction::triggered, this, [this] { m_view->zoomBy(2.0, m_view->visibleMiddleNs()); });
    QAction *zoomOut = m_toolBar->addAction(Theme::icon(QStringLiteral("zoom-out")), tr("Zoom Out"));
    zoomOut->setToolTip(tr("Zoom out (-)"));
    connect(zoomOut, &QAction::triggered, this, [this] { m_view->zoomBy(0.5, m_view->visibleMiddleNs()); });
    m_followAction = m_toolBar->addAction(Theme::icon(QStringLiteral("follow")), tr("Follow Live End"));
    m_followAction->setCheckable(true);
    m_followAction->setChecked(m_view->isFollowingLiveEnd());
    m_followAction->setToolTip(tr("Keep the newest calls in view (End)"));
    connect(m_followAction, &QAction::toggled, m_view, &TimelineView::setFollowLiveEnd);
    connect(m_view, &TimelineView::followLiveEndChanged, m_followAction, &QAction::setChecked);
    m_toolBar->addSeparator();
    auto *exportButton = new QToolButton(this);
    exportButton->setIcon(Theme::icon(QStringLiteral("export")));
    exportButton->setText(tr("Export Traces"));
    exportButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *exportMenu = new QMenu(exportButton);
    exportMenu->setToolTipsVisible(true);
    connect(exportMenu->addAction(tr("OpenTelemetry (OTLP JSON)…")), &QAction::triggered, this, [this] { exportDialog(false); });
    connect(exportMenu->addAction(tr("Chrome Trace for Perfetto…")), &QAction::triggered, this, [this] { exportDialog(true); });
    connect(exportMenu->addAction(tr("Send to an OpenTelemetry Collector…")), &QAction::triggered, this, &TimelinePanel::sendToCollector);
    exportMenu->addSeparator();
    QAction *propagate = exportMenu->addAction(tr("Send Trace Context to Servers"));
    propagate->setCheckable(true);
    propagate->setChecked(propagatesTraceContext());
    propagate->setToolTip(tr("From the next connection on, each request carries a W3C traceparent in its _meta, so "
                             "a server with OpenTelemetry continues the trace"));
    connect(propagate, &QAction::toggled, this, [](bool on) { QSettings().setValue(PropagateKey, on); });
    m_perSessionAction = exportMenu->addAction(tr("One Trace per Session"));
    m_perSessionAction->setCheckable(true);
    m_perSessionAction->setToolTip(tr("One trace for the whole session instead of one per call"));
    exportButton->setMenu(exportMenu);
    m_toolBar->addWidget(exportButton);
    m_status->setContentsMargins(8, 0, 8, 0);
    Theme::setTextColor(m_status, Theme::Role::Muted);
    auto *spacer = new QWidget(this);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);
    m_toolBar->addWidget(m_status);
    layout->addWidget(m_toolBar);

    m_latencySorted->setSourceModel(m_latency);
    m_latencySorted->setSortRole(LatencyModel::SortRole);
    m_latencyTable->setModel(m_latencySorted);
    m_latencyTable->setSortingEnabled(true);
    m_latencyTable->sortByColumn(LatencyModel::P99Column, Qt::DescendingOrder);
    m_latencyTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_latencyTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_latencyTable->verticalHeader()->hide();
    m_latencyTable->verticalHeader()->setDefaultSectionSize(m_latencyTable->fontMetrics().height() + 6);
    m_latencyTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_latencyTable->horizontalHeader()->setStretchLastSection(true);
    m_latencyTable->setItemDelegateForColumn(LatencyModel::HistogramColumn, new HistogramDelegate(m_latencyTable));
    m_latencyTable->setAccessibleName(tr("Latency per method"));

    auto *scatterPage = new QWidget(this);
    auto *scatterLayout = new QVBoxLayout(scatterPage);
    scatterLayout->setContentsMargins(4, 4, 4, 4);
    auto *methodRow = new QHBoxLayout;
    auto *methodLabel = new QLabel(tr("&Method:"), scatterPage);
    methodLabel->setBuddy(m_scatterMethod);
    methodRow->addWidget(methodLabel);
    methodRow->addWidget(m_scatterMethod);
    methodRow->addStretch(1);
    scatterLayout->addLayout(methodRow);
    scatterLayout->addWidget(m_scatter, 1);
    m_scatterMethod->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_scatterMethod, &QComboBox::currentIndexChanged, this,
            [this] { m_scatter->setMethod(m_scatterMethod->currentData().toString()); });

    // One at a time, each with the panel's whole height: at 1024 x 700 there is no room for two.
    m_tabs->addTab(m_view, Theme::icon(QStringLiteral("timeline")), tr("Timeline"));
    m_tabs->addTab(m_latencyTable, tr("Latency"));
    m_tabs->addTab(scatterPage, tr("Latency over Time"));
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);

    connect(m_view, &TimelineView::spanActivated, this, &TimelinePanel::onSpanActivated);
    connect(m_scatter, &LatencyScatter::spanActivated, this, [this](int span) {
        m_view->showSpan(span);
        onSpanActivated(span);
    });
    connect(m_view, &TimelineView::rangeChosen, this, &TimelinePanel::onRangeChosen);

    // New rows are read a moment later, in one build however many arrived.
    m_rebuildTimer->setSingleShot(true);
    m_rebuildTimer->setInterval(400);
    connect(m_rebuildTimer, &QTimer::timeout, this, &TimelinePanel::startBuild);
    connect(m_log, &QAbstractItemModel::rowsInserted, this, &TimelinePanel::scheduleRebuild);
    connect(m_log, &QAbstractItemModel::rowsRemoved, this, &TimelinePanel::scheduleRebuild);
    connect(m_log, &QAbstractItemModel::modelReset, this, &TimelinePanel::scheduleRebuild);
    startBuild();
}

TimelinePanel::~TimelinePanel()
{
    m_builds.cancel();
}

void TimelinePanel::scheduleRebuild()
{
    if (m_building || !isVisible()) {
        m_dirty = true; // once more when the build under way ends
        return;
    }
    if (!m_rebuildTimer->isActive())
        m_rebuildTimer->start();
}

void TimelinePanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty && !m_building)
        startBuild(); // what arrived while hidden
}

void TimelinePanel::startBuild()
{
    m_building = true;
    m_dirty = false;
    const quint64 ticket = m_builds.start();
    QPointer<TimelinePanel> guard(this);
    auto input = std::make_shared<SpanBuilder::Input>(SpanBuilder::inputFrom(*m_log));
    m_buildClock.start();
    m_status->setText(tr("Reading %n event(s)…", nullptr, int(qMin<qint64>(input->snapshot.end() - input->snapshot.begin(), INT_MAX))));
    workPool()->start([guard, ticket, input] {
        auto built = std::make_shared<Built>(buildFrom(*input));
        QMetaObject::invokeMethod(qApp, [guard, ticket, built] {
            if (!guard || !guard->m_builds.isLatest(ticket))
                return;
            guard->m_latency->setRows(built->latency, built->layout->timeline().connectionNames);
            guard->apply(built->layout);
        });
    });
}

void TimelinePanel::rebuildNow()
{
    m_builds.cancel(); // a build under way is stale
    m_rebuildTimer->stop();
    const Built built = buildFrom(SpanBuilder::inputFrom(*m_log));
    m_latency->setRows(built.latency, built.layout->timeline().connectionNames);
    apply(built.layout);
}

void TimelinePanel::apply(std::shared_ptr<const TimelineLayout> layout)
{
    m_layout = std::move(layout);
    m_building = false;
    // A big log takes a while to read: wait twice as long as that before the next build, so a
    // busy session never keeps a core reading it.
    if (m_buildClock.isValid())
        m_rebuildTimer->setInterval(int(qBound(qint64(400), 2 * m_buildClock.elapsed(), qint64(10000))));
    m_view->setLayout(m_layout);
    m_scatter->setLayout(m_layout);
    const Timeline &timeline = m_layout->timeline();
    m_latencyTable->setColumnHidden(LatencyModel::ServerColumn, timeline.connections.size() < 2);
    // The methods the scatter can show, keeping the one chosen.
    const QString chosen = m_scatterMethod->currentData().toString();
    QStringList methods;
    for (const LatencyRow &row : m_latency->rows()) {
        if (row.subject.isEmpty() && !methods.contains(row.method))
            methods.append(row.method);
    }
    QSignalBlocker blocker(m_scatterMethod);
    m_scatterMethod->clear();
    m_scatterMethod->addItem(tr("All methods"), QString());
    for (const QString &method : std::as_const(methods))
        m_scatterMethod->addItem(method, method);
    m_scatterMethod->setCurrentIndex(qMax(0, m_scatterMethod->findData(chosen)));
    m_scatter->setMethod(m_scatterMethod->currentData().toString());
    qsizetype calls = 0;
    qsizetype failed = 0;
    for (const Span &span : timeline.spans) {
        if (!span.isTopLevel())
            continue;
        ++calls;
        failed += span.outcome != SpanOutcome::Result && span.outcome != SpanOutcome::Pending;
    }
    m_status->setText(tr("%n call(s)", nullptr, int(calls)) + QStringLiteral(" · ")
                      + tr("%n failed", nullptr, int(failed)) + QStringLiteral(" · ")
                      + Units::preciseDuration(timeline.lastNs - timeline.firstNs));
    Q_EMIT built();
    if (m_dirty)
        scheduleRebuild();
}

void TimelinePanel::showLogRow(int logRow)
{
    if (!m_layout || logRow < 0)
        return;
    // A request's own span; an answer's is its request's.
    int span = m_layout->spanOfRequestRow(m_log->firstAbsoluteRow() + logRow);
    if (span < 0 && m_log->pairedRow(logRow) >= 0)
        span = m_layout->spanOfRequestRow(m_log->firstAbsoluteRow() + m_log->pairedRow(logRow));
    if (span >= 0)
        m_view->showSpan(span);
}

void TimelinePanel::onSpanActivated(int span)
{
    if (!m_layout)
        return;
    const Timeline &timeline = m_layout->timeline();
    QList<qint64> rows;
    QList<int> pending{span};
    while (!pending.isEmpty()) {
        const int at = pending.takeFirst();
        const Span &s = timeline.spans.at(at);
        if (s.requestRow >= 0)
            rows.append(s.requestRow);
        if (s.responseRow >= 0)
            rows.append(s.responseRow);
        pending += m_layout->childrenOf(at);
    }
    for (const Mark &mark : timeline.marks) {
        if (mark.span >= 0 && (mark.span == span || rows.contains(timeline.spans.at(mark.span).requestRow)))
            rows.append(mark.row);
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    const qint64 first = m_log->firstAbsoluteRow();
    rows.erase(std::remove_if(rows.begin(), rows.end(), [first](qint64 row) { return row < first; }), rows.end());
    if (rows.isEmpty())
        return;
    const Span &s = timeline.spans.at(span);
    QString label = timeline.methodOf(s);
    if (!timeline.subjectOf(s).isEmpty())
        label += u' ' + timeline.subjectOf(s);
    Q_EMIT rowsChosen(rows, label);
    Q_EMIT rowActivated(int(rows.first() - first));
}

void TimelinePanel::onRangeChosen(qint64 fromNs, qint64 toNs)
{
    const TrafficSnapshot snapshot = m_log->snapshot();
    QList<qint64> rows;
    for (qint64 abs = snapshot.begin(); abs < snapshot.end(); ++abs) {
        const qint64 at = snapshot.record(abs).monotonicNs;
        if (at >= fromNs && at <= toNs)
            rows.append(abs);
    }
    const qint64 firstNs = m_layout ? m_layout->timeline().firstNs : fromNs;
    Q_EMIT rowsChosen(rows, tr("%1 to %2").arg(Units::preciseDuration(fromNs - firstNs), Units::preciseDuration(toNs - firstNs)));
}

QString TimelinePanel::defaultExportName() const
{
    const QStringList names = m_log->connectionNames().values();
    return names.size() == 1 ? names.first() : QStringLiteral("mcpscope");
}

TraceExport::Options TimelinePanel::exportOptions(bool perSession) const
{
    TraceExport::Options options;
    options.grouping = perSession ? TraceExport::Grouping::PerSession : TraceExport::Grouping::PerCall;
    options.serviceVersion = QCoreApplication::applicationVersion();
    if (m_secretValues)
        options.secretValues = m_secretValues();
    return options;
}

bool TimelinePanel::exportTo(const QString &path, bool chrome, bool perSession, QString *error)
{
    rebuildNow(); // what the log holds now, not what the last build saw
    return TraceExport::writeFile(path, chrome ? TraceExport::Format::Chrome : TraceExport::Format::Otlp, m_layout->timeline(),
                                  exportOptions(perSession), error);
}

void TimelinePanel::exportDialog(bool chrome)
{
    const QString suggested = QDir::home().filePath(defaultExportName() + (chrome ? QStringLiteral("-trace.chrome.json")
                                                                                  : QStringLiteral("-otlp.jsonl")));
    const QString path = QFileDialog::getSaveFileName(this, chrome ? tr("Export Chrome Trace") : tr("Export OpenTelemetry Traces"),
                                                      suggested,
                                                      chrome ? tr("Chrome traces (*.json *.trace)") : tr("OTLP JSON Lines (*.jsonl *.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, chrome, m_perSessionAction->isChecked(), &error))
        QMessageBox::warning(this, tr("Export Traces"), error);
    else
        m_status->setText(tr("Traces written to %1").arg(QDir::toNativeSeparators(path)));
}

void TimelinePanel::sendToCollector()
{
    QSettings settings;
    bool ok = false;
    const QString address = QInputDialog::getText(
        this, tr("Send to an OpenTelemetry Collector"),
        tr("OTLP/HTTP address of the collector (traces go to /v1/traces, the metric to /v1/metrics):"), QLineEdit::Normal,
        settings.value(QStringLiteral("timeline/collector"), QStringLiteral("http://127.0.0.1:4318")).toString(), &ok);
    if (!ok || address.trimmed().isEmpty())
        return;
    const QUrl url(address.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        QMessageBox::warning(this, tr("Send to an OpenTelemetry Collector"),
                             tr("\"%1\" is not an http or https address.").arg(address));
        return;
    }
    settings.setValue(QStringLiteral("timeline/collector"), url.toString());
    rebuildNow();
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    const TraceExport::Options options = exportOptions(m_perSessionAction->isChecked());
    m_status->setText(tr("Sending to %1…").arg(url.toString()));
    QPointer<TimelinePanel> guard(this);
    TraceExport::sendToCollector(m_network, url, m_layout->timeline(), options, [guard, url](const QString &error) {
        if (!guard)
            return;
        if (error.isEmpty()) {
            guard->m_status->setText(tr("Sent to %1").arg(url.toString()));
            return;
        }
        guard->m_status->setText(tr("Not sent"));
        QMessageBox::warning(guard, tr("Send to an OpenTelemetry Collector"), error);
    });
}

} // namespace Mcp::Ui
