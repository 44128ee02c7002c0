#pragma once

#include "transport/trafficevent.h"
#include "trafficstore.h"

#include <QAbstractTableModel>
#include <QBasicTimer>
#include <QHash>
#include <QList>
#include <QPair>
#include <QThreadPool>

#include <atomic>

#include <deque>

namespace Mcp {

// Every traffic event of one or more connections, as a flat table.
//
// Appends come in batches (a Session's trafficBatch, a capture's chunks) and are stored at
// once with one beginInsertRows(first, last), on the log's thread; a batch bigger than
// MaxEventsPerPass is stored in slices on the next event-loop turns.
// Requests and their responses are paired per connection by id, in both directions.
// The log keeps at most rowCap() rows and drops the oldest in chunks of rowCap() / 16,
// counting them in droppedCount(). Pausing stops view updates, never recording.
class TrafficLog : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        TimeColumn,
        RelativeTimeColumn,
        ConnectionColumn,
        DirectionColumn,
        KindColumn,
        MethodColumn,
        IdColumn,
        SizeColumn,
        LatencyColumn,
        RoundColumn, // "2 of 3": a round of a multi round-trip request (modern era)
        ColumnCount
    };

    enum Role {
        RawBytesRole = Qt::UserRole + 1, // QByteArray
        PrettyJsonRole,                  // QString, indented JSON (or the raw text when it is not JSON)
        EventRole,                       // Mcp::TrafficEvent, every field
        KindRole,                        // int (TrafficKind)
        DirectionRole,                   // int (TrafficEvent::Direction)
        ConnectionIdRole,                // int
        MethodRole,                      // QString
        IdRole,                          // QString, the id's exact JSON token
        ErrorCodeRole,                   // int, or invalid QVariant when not an error
        SizeRole,                        // qint64 bytes
        LatencyRole,                     // qint64 ns, or invalid QVariant when unpaired
        PairedRowRole,                   // int, -1 when unpaired
        WallClockRole,                   // qint64 ms since epoch
        MonotonicRole,                   // qint64 ns
        NoteRole,                        // QString
        RoundGroupRole,                  // quint32: the multi round-trip request a row belongs to, 0: none
    };

    // One million rows of realistic traffic (about 500 bytes per event) take about 350 MB
    // with packed chunks (tests/benchmarks/trafficlog): hours of a busy server, and still
    // comfortable on a laptop. Past the cap the oldest rowCap() / 16 rows go at once.
    static constexpr int DefaultRowCap = 1000000;
    // At most this many events are stored per pass (flush() stores all).
    static constexpr int MaxEventsPerPass = 4096;

    explicit TrafficLog(QObject *parent = nullptr);
    ~TrafficLog() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    void append(const TrafficEvent &event); // a batch of one
    void appendBatch(const QList<TrafficEvent> &events);
    // Reads the Message frames of at least BigFrameBytes (kind, method, id) into their events'
    // summary, on the calling thread: a session's own (Session::setTrafficPreparer), so that
    // appending a 40 MiB tools/list does not scan it on the log's thread, once per log.
    static constexpr qsizetype BigFrameBytes = 64 * 1024;
    static void summarizeBigFrames(QList<TrafficEvent> &events);
    // Stores (and, unless paused, shows) what waits of a big batch, now.
    void flush();

    void setConnectionName(int connectionId, const QString &name);
    QString connectionName(int connectionId) const;
    QHash<int, QString> connectionNames() const { return m_connectionNames; }

    void setRowCap(int rows);
    int rowCap() const { return m_rowCap; }
    qint64 droppedCount() const { return m_dropped; }

    // While paused, events are still recorded (and dropped past the cap) but no rows are
    // inserted; resume() inserts everything recorded meanwhile in one go.
    void pause();
    void resume();
    bool isPaused() const { return m_paused; }
    // Rows recorded while paused and not shown yet.
    qint64 hiddenRowCount() const;

    // Removes every row (and queued events). Connection names stay.
    void clear();

    // Row accessors; row is a model row.
    TrafficEvent event(int row) const;
    QByteArray rawBytes(int row) const;
    QString prettyJson(int row) const;
    TrafficKind kind(int row) const;
    QString method(int row) const;
    // The response row for a request row, the request row for a response row, else -1.
    int pairedRow(int row) const;
    // Response time of a paired request or response in ns, else -1.
    qint64 latencyNs(int row) const;
    // Multi round-trip requests (modern era): a request answered input_required goes out again
    // with a new id, carrying `inputResponses` and the `requestState` the server sent. The log
    // links each retry to the round before it from the wire alone (requestState echoed, else
    // the same method and name), so captures group the same way. A group is numbered from 1
    // (0: the row is no round of one); the rows are its requests and their answers, ascending.
    quint32 roundGroup(int row) const;
    QList<int> roundRows(int row) const;
    // Every request row of a multi round-trip group (absolute row -> group), for readers of a
    // snapshot on another thread (the timeline).
    QHash<qint64, quint32> roundGroupsOfRequests() const { return m_roundGroupOf; }
    // This row's round and the group's round count ({1, 3}); {0, 0} when it is none.
    QPair<int, int> roundOf(int row) const;

    // Whether MCP Apps view traffic (HostToApp, AppToHost) was recorded since the last clear().
    bool hasAppTraffic() const { return m_hasAppTraffic; }

    static QString kindName(TrafficKind kind);
    static QString directionName(TrafficEvent::Direction direction);

    // For the filter proxy and exporters: absolute row numbers never change while a row
    // exists (row = absolute - firstAbsoluteRow()), and survive drops and clear().
    qint64 firstAbsoluteRow() const { return m_store.begin(); }
    qint64 endAbsoluteRow() const { return m_store.begin() + m_visible; }
    // Rows [firstAbsoluteRow(), endAbsoluteRow()) as they are now, readable from any thread.
    TrafficSnapshot snapshot() const { return m_store.snapshot(endAbsoluteRow()); }
    // Paired absolute row (or -1) of an absolute row; GUI thread.
    qint64 pairedAbsoluteRow(qint64 abs) const;
    qint64 allocatedBytes() const
    {
        // The store, plus the per-row pairing index (kept as long as the rows).
        return m_store.allocatedBytes() + qint64(m_paired.size() * sizeof(qint64));
    }
    // Sealed arena chunks still being packed on the background thread.
    int pendingPackCount() const { return m_pendingPacks.load(); }

Q_SIGNALS:
    void droppedCountChanged(qint64 droppedCount);
    void pausedChanged(bool paused);

protected:
    void timerEvent(QTimerEvent *event) override;

private:
    // Stores at most maxEvents waiting events (all when negative); true when more wait.
    bool storeSome(qsizetype maxEvents);
    void packSealedChunks();
    void ingest(const TrafficEvent &event);
    void dropOldest(qint64 count);
    void insertHiddenRows();
    void emitLatencyChanged(qint64 firstAbs, qint64 lastAbs);
    // Multi round-trip linking at ingest (see roundGroup()).
    void noteInputRequired(qint64 requestAbs, QByteArrayView responseRaw);
    void linkRetry(qint64 abs, int connectionId, QByteArrayView requestRaw, const QString &method);
    qint64 requestAbsOf(qint64 abs) const; // the request of a reply row, or abs itself
    qint64 absOf(int row) const { return m_store.begin() + row; }
    QString displayText(qint64 abs, int column) const;
    // What a tools/call, prompts/get or resources/read request is about (params.name or
    // params.uri), so that such rows do not all look alike; empty for other rows.
    QString requestSubject(qint64 abs, const QString &method) const;
    QString idText(qint64 abs) const;
    // The HTTP metadata of a row (fills only those members of *event).
    void readExtra(qint64 abs, TrafficEvent *event) const;

    TrafficStore m_store;
    qint64 m_visible = 0;              // rows shown: [begin, begin + m_visible)
    std::deque<qint64> m_paired;       // per stored row: paired absolute row or -1
    QHash<QByteArray, qint64> m_pendingRequests; // connection|direction|id token -> request row
    qint64 m_logStartNs = -1;
    QHash<int, QString> m_connectionNames;
    int m_rowCap = DefaultRowCap;
    qint64 m_dropped = 0;
    bool m_hasAppTraffic = false;
    bool m_paused = false;
    qint64 m_latencyDirtyFirst = -1;   // requests paired while paused
    qint64 m_latencyDirtyLast = -1;
    QHash<qint64, quint32> m_roundGroupOf;          // request row -> its multi round-trip group
    QHash<quint32, QList<qint64>> m_roundGroups;    // group -> its request rows, oldest first
    QHash<QByteArray, qint64> m_awaitingRetry;      // retry key -> request answered input_required
    quint32 m_nextRoundGroup = 1;
    qint64 m_roundDirtyFirst = -1;                  // rows whose round text changed
    qint64 m_roundDirtyLast = -1;

    mutable QHash<qint64, QString> m_subjects;     // requestSubject() of rows shown so far

    QList<TrafficEvent> m_backlog;     // appended, not stored yet from m_backlogDone on
    qsizetype m_backlogDone = 0;
    QBasicTimer m_backlogTimer;

    QThreadPool m_packPool;            // one thread: packing is background work
    std::atomic<int> m_pendingPacks{0};
};

} // namespace Mcp
