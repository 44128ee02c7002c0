#pragma once

#include <QFuture>
#include <QList>
#include <QPointer>

#include <functional>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
class QAction;
class QComboBox;
class QDialog;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QModelIndex;
class QPlainTextEdit;
class QSplitter;
class QTabBar;
class QTabWidget;
class QCheckBox;
class QTableView;
class QTimer;
class QToolBar;
class QToolButton;
class QTreeWidget;
QT_END_NAMESPACE

#include "results/textsource.h"
#include "transport/trafficevent.h"

namespace Mcp {
class TrafficLog;
class TrafficFilterProxy;
}

namespace Mcp::Ui {

class BigTextView;
class JsonTree;
class JsonTextView;
class TimelinePanel;

// A traffic log in a table with filters, follow-tail, pause, clear, request/response
// jumps, a detail pane (JSON tree, pretty JSON, raw bytes as hex and text, all the text of a
// big message, transport metadata), copy and export. Used for one connection, for all connections, and for a
// capture opened from a file (offline): the view does not care where the rows came from.
class TrafficView : public QWidget
{
    Q_OBJECT

public:
    // What the scope tabs show: everything, the connection's own traffic, or only the MCP Apps
    // view protocol (HostToApp, AppToHost). The tabs appear once the log holds view traffic.
    enum class Scope { All, Server, App };
    Q_ENUM(Scope)

    explicit TrafficView(TrafficLog *log, QWidget *parent = nullptr);
    ~TrafficView() override;

    TrafficLog *log() const { return m_log; }
    QTableView *table() const { return m_table; }
    // The model the table shows (the filter proxy over the log).
    QAbstractItemModel *viewModel() const;
    // Offline captures cannot be paused or cleared meaningfully, and show the file name.
    void setOffline(const QString &sourceDescription);
    // Show the Server column and filter (the all-connections log).
    void setShowsServers(bool show);
    void setDefaultExportName(const QString &name) { m_exportName = name; }

    int visibleRowCount() const;
    bool isFollowingTail() const;

    // Filters (also driven by the filter bar).
    void setTextFilter(const QString &text);
    // Puts the keyboard in the text filter, its text selected (Ctrl+F).
    void focusTextFilter();
    void setMethodFilter(const QString &text);
    // "<path>=<value>" or "<path>" over the JSON content ("/params/name=echo", "result.isError=true").
    void setJsonFilter(const QString &expression);
    void setScope(Scope scope);
    Scope scope() const;
    QTabBar *scopeTabs() const { return m_scope; }
    TrafficFilterProxy *proxy() const { return m_proxy; }
    // Only the rounds of the multi round-trip request that this log row belongs to (its
    // requests and their answers); false when the row is no round of one.
    bool showRoundsOf(int logRow);
    // Only these absolute rows (a call or a time range chosen on the timeline), until cleared.
    void showOnlyRows(const QList<qint64> &absoluteRows, const QString &label);
    void clearRoundsFilter();
    // The timeline above the table (TimelinePanel over the same log); made when first shown.
    void setTimelineShown(bool shown);
    TimelinePanel *timelinePanel() const { return m_timeline; }
    QAction *timelineAction() const { return m_timelineAction; }
    // The Details tab's text for the current row (time, kind, HTTP method, URL, headers...).
    QString detailsText() const;
    // The Headers tab: the current row's HTTP headers (name, value, what an MCP header means;
    // Base64-encoded values decoded), shown for rows that have headers.
    QTreeWidget *headersView() const { return m_headers; }
    // Values to redact on export wherever they occur (secret environment values, tokens).
    void setSecretValuesProvider(std::function<QStringList()> provider) { m_secretValues = std::move(provider); }

    // Model row of the log for a row of the table, and back.
    int logRow(int viewRow) const;
    int viewRow(int logRow) const;

    // Exports rows to a file; filteredOnly takes only the rows the filters let through.
    // Secrets are redacted unless includeSecrets. Returns false and sets *error on failure.
    // No file is written when there is nothing to put in it (no rows; HAR of rows none of which
    // crossed HTTP). *written: the events (JSON Lines) or HTTP exchanges (HAR) written.
    bool exportTo(const QString &path, bool har, bool filteredOnly, bool includeSecrets, QString *error,
                  int *written = nullptr);
    // The line above the table: counts, and what the last export did.
    QString statusText() const;
    // Tests: called with the Export dialog before it runs; the file name the save dialog would ask for.
    void setExportDialogHookForTesting(std::function<void(QDialog *)> hook) { m_exportDialogHook = std::move(hook); }
    void setExportPathForTesting(const QString &path) { m_exportPathForTesting = path; }
    // The format follows the file name's extension (.har or .jsonl); another name keeps the chosen one.
    static bool exportsAsHar(const QString &path, bool harChosen);

public Q_SLOTS:
    void setFollowTail(bool follow);
    void setPaused(bool paused);
    void clear();
    void jumpToPair();
    void copyMessage();
    void exportDialog();
    void selectViewRow(int row);

Q_SIGNALS:
    void currentEventChanged(int logRow);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void restoreSelection();
    void fitMethodColumn();
    void buildUi();
    QHBoxLayout *buildFilterBar();
    QToolBar *buildToolBar();
    QTableView *buildTable(QWidget *parent);
    QTabWidget *buildDetailTabs(QWidget *parent);
    void connectUi();
    void updateFilter();
    void showCurrent();
    void updateStatus();
    void onRowsInserted();
    void showHeaders(const HttpHeaders &headers);
    // The All Text tab: shown with all of raw, or hidden when raw is empty.
    void showWholeText(const QByteArray &raw);
    void fillDirections();

    TrafficLog *m_log;
    TrafficFilterProxy *m_proxy = nullptr;
    QToolBar *m_toolBar = nullptr;
    QTabBar *m_scope = nullptr;
    QComboBox *m_server = nullptr;
    QComboBox *m_direction = nullptr;
    QComboBox *m_kind = nullptr;
    QCheckBox *m_hidePings = nullptr;
    QLineEdit *m_method = nullptr;
    QLineEdit *m_text = nullptr;
    QLineEdit *m_json = nullptr;
    QLabel *m_filterError = nullptr;
    void showRows(const QList<qint64> &absoluteRows, const QString &buttonText);
    QToolButton *m_roundsFilter = nullptr; // "Rounds of request 5 ✕" while showRoundsOf() applies
    QList<qint64> m_roundRows;             // absolute rows it shows
    QAction *m_showRoundsAction = nullptr;
    QAction *m_followAction = nullptr;
    QAction *m_pauseAction = nullptr;
    QAction *m_clearAction = nullptr;
    QAction *m_jumpAction = nullptr;
    QAction *m_copyAction = nullptr;
    QAction *m_exportAction = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_statusTimer = nullptr;
    QSplitter *m_splitter = nullptr;
    TimelinePanel *m_timeline = nullptr;
    QAction *m_timelineAction = nullptr;
    QTableView *m_table = nullptr;
    QTabWidget *m_detailTabs = nullptr;
    JsonTree *m_tree = nullptr;
    JsonTextView *m_pretty = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    BigTextView *m_wholeText = nullptr;
    quint64 m_wholeTextGeneration = 0;
    QFuture<TextSource> m_wholeTextIndexing; // of the message shown, while it runs
    QPlainTextEdit *m_meta = nullptr;
    QTreeWidget *m_headers = nullptr;
    QString m_exportName = QStringLiteral("traffic");
    std::function<QStringList()> m_secretValues;
    std::function<void(QDialog *)> m_exportDialogHook;
    QString m_exportPathForTesting;
    bool m_offline = false;
    bool m_followScheduled = false;
    bool m_restoringSelection = false;
    qint64 m_selectedAbsoluteRow = -1; // the row to select again once a new filter is applied
    int m_methodWidth = 0;             // what Method grows to: its longest names
    int m_leastMethodWidth = 0;        // and what it gives way to on a narrow screen
    bool m_fittingMethod = false;
    bool m_methodSizedByUser = false;
};

// "00000000  7b 22 6a 73 ...  |{"js...|" lines, at most maxBytes of the input.
QString hexDump(const QByteArray &bytes, int maxBytes = 64 * 1024);

} // namespace Mcp::Ui
