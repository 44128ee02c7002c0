#pragma once

#include "connection/page.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QVector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QTimer;
QT_END_NAMESPACE

namespace Mcp::Ui {

class JsonTextView;

// notifications/message entries of one server, capped (oldest dropped first).
class LogModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Time, Level, Logger, Message, ColumnCount };
    static constexpr int LevelRankRole = Qt::UserRole + 1;

    explicit LogModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void append(const LogEntry &entry);
    // One insertion for the whole batch; drops the oldest beyond the cap in one removal.
    void appendBatch(const QList<LogEntry> &entries);
    void clear();
    const LogEntry &entry(int row) const { return m_entries.at(row); }
    int droppedCount() const { return m_dropped; }

    // RFC 5424 levels as MCP names them, least severe first.
    static const QStringList &levels();
    static int levelRank(const QString &level);

private:
    QVector<LogEntry> m_entries;
    int m_cap = 20000;
    int m_dropped = 0;
};

class LogLevelFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setMinimumRank(int rank);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    int m_minimumRank = 0;
};

// The server's log messages (notifications/message) with level colours and a level
// filter, and the level the server should send (logging/setLevel).
class LogsPage : public Page
{
    Q_OBJECT

public:
    explicit LogsPage(Connection *connection, QWidget *parent = nullptr);


    LogModel *model() const { return m_model; }
    // Shown when a modern server uses logging, which its revision deprecates.
    QLabel *deprecationLabel() const { return m_deprecation; }

    // Moves entries that arrived since the last update into the model now.
    void appendPending();

protected:
    void connectionStateChanged(Connection::State state) override;
    void showEvent(QShowEvent *event) override;

private:
    void setServerLevel();
    void showDeprecation();
    void save();
    void showCurrent();

    LogModel *m_model;
    LogLevelFilter *m_filter;
    QTableView *m_view;
    QComboBox *m_filterLevel;
    QComboBox *m_serverLevel;
    QLabel *m_status;
    QLabel *m_deprecation; // a modern server uses logging, which that revision deprecates
    QPushButton *m_setLevel = nullptr;
    bool m_levelSentForConnection = false; // modern: the shown level went into _meta for this connection
    QTimer *m_statusTimer;
    QTimer *m_appendTimer;
    QList<LogEntry> m_pending;
    JsonTextView *m_detail;
};

} // namespace Mcp::Ui
