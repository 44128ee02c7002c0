#pragma once

#include "transport/trafficevent.h"
#include "trafficstore.h"

#include <QAbstractProxyModel>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

namespace Mcp {

class TrafficLog;

// What the traffic view shows. Every criterion that is set must match (AND); an empty list
// or string means "any".
struct TrafficFilter
{
    enum class MethodMatch { Substring, Exact };

    QList<int> connections;
    QList<TrafficEvent::Direction> directions;
    QList<TrafficKind> kinds;
    // Responses and errors carry the method of the request they answer.
    // Substring matching ignores case; exact matching does not.
    QString method;
    MethodMatch methodMatch = MethodMatch::Substring;
    // Case-insensitive (ASCII letters) substring of the raw bytes or of the note.
    QString text;
    // JSON content: "<path>=<value>" or just "<path>" (the member exists). The path is a JSON
    // pointer ("/params/name", RFC 6901) or dotted ("params.name", "params.items.0").
    // The value matches a string member by its text ("=echo", or "=\"7\"" for a string that
    // looks like a number), a number numerically ("=7"), true/false/null literally, and an
    // object or array by JSON equality ("={\"a\":1}").
    QString json;
    // Leaves out ping requests and their responses (keep-alive noise), and server/discover,
    // the modern era's keep-alive (which has no ping).
    bool hidePings = false;
    // Only these absolute rows (TrafficLog::firstAbsoluteRow() based), ascending: for instance
    // the rounds of one multi round-trip request (TrafficLog::roundRows). Empty: any row.
    QList<qint64> rows;

    bool isEmpty() const
    {
        return connections.isEmpty() && directions.isEmpty() && kinds.isEmpty() && method.isEmpty()
            && text.isEmpty() && json.isEmpty() && !hidePings && rows.isEmpty();
    }
    // Empty when the json expression is usable, else why not (for the filter bar).
    static QString jsonExpressionError(const QString &expression);

    friend bool operator==(const TrafficFilter &a, const TrafficFilter &b)
    {
        return a.connections == b.connections && a.directions == b.directions && a.kinds == b.kinds
            && a.method == b.method && a.methodMatch == b.methodMatch && a.text == b.text && a.json == b.json
            && a.hidePings == b.hidePings && a.rows == b.rows;
    }
    friend bool operator!=(const TrafficFilter &a, const TrafficFilter &b) { return !(a == b); }
};

class TrafficMatcher;

// A filter over a TrafficLog that keeps its own vector of visible rows.
// New source rows are tested as they arrive and appended; a changed filter over a big log is
// evaluated on a worker thread over an immutable snapshot of the log (split across the cores),
// and the result replaces the visible rows with one model reset. A result that a newer filter
// has made stale is dropped. Until then the previous rows stay visible and isFiltering() is true.
class TrafficFilterProxy : public QAbstractProxyModel
{
    Q_OBJECT

public:
    explicit TrafficFilterProxy(QObject *parent = nullptr);
    ~TrafficFilterProxy() override;

    // The source must be a TrafficLog.
    void setSourceModel(QAbstractItemModel *sourceModel) override;

    void setFilter(const TrafficFilter &filter);
    TrafficFilter filter() const { return m_filter; }
    bool isFiltering() const { return m_pendingGeneration != 0; }

    // Logs with fewer rows than this are filtered at once on the calling thread.
    void setSynchronousThreshold(int rows) { m_syncThreshold = rows; }

    // Source rows of the visible rows, in order (for exporting what is shown).
    QList<int> sourceRows() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &idx) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Filters rows [snapshot.begin(), snapshot.end()) on the calling thread; used by the
    // worker and by the benchmark. Returns absolute row numbers.
    static std::vector<qint64> filterSnapshot(const TrafficSnapshot &snapshot, const TrafficFilter &filter,
                                              int threads = 1);

Q_SIGNALS:
    void filteringChanged(bool filtering);
    // A filter pass replaced the visible rows.
    void filterApplied(int visibleRows, qint64 elapsedMs);

private:
    struct Shared;

    void refilter();
    void onWorkerResult(quint64 generation, std::vector<qint64> rows, qint64 snapshotEnd, qint64 elapsedMs);
    void applyRows(std::vector<qint64> rows, qint64 snapshotEnd, qint64 elapsedMs);
    void appendMatching(qint64 firstAbs, qint64 endAbs, std::vector<qint64> *rows);
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void onRowsRemoved(const QModelIndex &parent, int first, int last);
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles);
    int proxyRowOfAbsolute(qint64 abs) const;

    TrafficLog *m_log = nullptr;
    TrafficFilter m_filter;
    std::unique_ptr<TrafficMatcher> m_matcher; // for incremental appends, on this thread
    std::vector<qint64> m_rows;                // absolute source rows, ascending
    int m_pendingRemove = 0;
    int m_syncThreshold = 50000;
    quint64 m_pendingGeneration = 0;          // of the worker pass in flight, or 0
    std::shared_ptr<Shared> m_shared;
    QList<QMetaObject::Connection> m_sourceConnections;
};

} // namespace Mcp
