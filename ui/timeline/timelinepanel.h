#pragma once

#include "timeline/traceexport.h"
#include "timelinelayout.h"
#include "widgets/latestonly.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QLabel;
class QNetworkAccessManager;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;
class QToolBar;
QT_END_NAMESPACE

namespace Mcp {
class TrafficLog;
}

namespace Mcp::Ui {

class LatencyModel;
class LatencyScatter;
class TimelineView;

// A traffic log's timeline with its latency table and scatter, and the trace exports: built from
// the log off the GUI thread, again a moment after new rows arrive. Knows no session: it reads a
// TrafficLog (a connection's, all of them, or an opened capture) and says which rows a person
// chose; the traffic view shows them.
class TimelinePanel : public QWidget
{
    Q_OBJECT

public:
    explicit TimelinePanel(TrafficLog *log, QWidget *parent = nullptr);
    ~TimelinePanel() override;

    TimelineView *view() const { return m_view; }
    // Timeline, Latency and Latency over Time, one at a time.
    QTabWidget *tabs() const { return m_tabs; }
    LatencyModel *latencyModel() const { return m_latency; }
    QTableView *latencyTable() const { return m_latencyTable; }
    LatencyScatter *scatter() const { return m_scatter; }
    std::shared_ptr<const TimelineLayout> timelineLayout() const { return m_layout; }
    // Values to redact from exports wherever they occur.
    void setSecretValuesProvider(std::function<QStringList()> provider) { m_secretValues = std::move(provider); }
    // Whether a build is under way (tests wait for it to end).
    bool isBuilding() const { return m_building; }
    // Builds now, on the calling thread (tests, and before an export).
    void rebuildNow();
    // Selects the span a traffic row belongs to (the other way round from spanActivated).
    void showLogRow(int logRow);

    // Whether new connections put a W3C traceparent into each request's _meta (the export menu's
    // "Send Trace Context to Servers", kept in the settings; read at each connect).
    static bool propagatesTraceContext();

    // Exports what the timeline holds (OpenTelemetry JSON Lines or a Chrome trace) to path.
    bool exportTo(const QString &path, bool chrome, bool perSession, QString *error);

Q_SIGNALS:
    // A span was chosen: its request's row (to select) and every row it is made of.
    void rowActivated(int logRow);
    void rowsChosen(const QList<qint64> &absoluteRows, const QString &label);
    void built();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void scheduleRebuild();
    void startBuild();
    void apply(std::shared_ptr<const TimelineLayout> layout);
    void onSpanActivated(int span);
    void onRangeChosen(qint64 fromNs, qint64 toNs);
    void exportDialog(bool chrome);
    void sendToCollector();
    QString defaultExportName() const;
    // What every export of the panel shares: grouping, version, the secrets to redact.
    TraceExport::Options exportOptions(bool perSession) const;

    TrafficLog *m_log;
    std::shared_ptr<const TimelineLayout> m_layout;
    TimelineView *m_view;
    LatencyModel *m_latency;
    QSortFilterProxyModel *m_latencySorted;
    QTableView *m_latencyTable;
    LatencyScatter *m_scatter;
    QComboBox *m_scatterMethod;
    QTabWidget *m_tabs;
    QToolBar *m_toolBar;
    QAction *m_followAction;
    QAction *m_perSessionAction;
    QLabel *m_status;
    QTimer *m_rebuildTimer;
    QNetworkAccessManager *m_network = nullptr;
    std::function<QStringList()> m_secretValues;
    LatestOnly m_builds;
    QElapsedTimer m_buildClock;
    bool m_building = false;
    bool m_dirty = false;
};

} // namespace Mcp::Ui
