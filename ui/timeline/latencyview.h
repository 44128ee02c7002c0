#pragma once

#include "timeline/latencystats.h"
#include "timelinelayout.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace Mcp::Ui {

// LatencyStats' rows as a table: method, tool (or prompt, resource), server, calls, errors, p50,
// p90, p99, max, and the histogram drawn in its cell. Sorting is the view's (a proxy).
class LatencyModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { MethodColumn, SubjectColumn, ServerColumn, CountColumn, ErrorsColumn,
                  P50Column, P90Column, P99Column, MaxColumn, HistogramColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, HistogramRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setRows(QList<LatencyRow> rows, const QHash<int, QString> &serverNames);
    const QList<LatencyRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<LatencyRow> m_rows;
    QHash<int, QString> m_serverNames;
};

// Latency over the session: each finished call a point at its start (x) and its duration (y, on a
// logarithmic scale), coloured by outcome, so that drift and outliers show. Points that fall on
// one pixel are drawn once.
class LatencyScatter : public QWidget
{
    Q_OBJECT

public:
    explicit LatencyScatter(QWidget *parent = nullptr);
    void setLayout(std::shared_ptr<const TimelineLayout> layout);
    // Only calls of this method (empty: all).
    void setMethod(const QString &method);
    QSize sizeHint() const override;

Q_SIGNALS:
    void spanActivated(int span);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    bool wanted(const Span &span) const; // a finished call of the chosen method
    QPair<qint64, qint64> durationBounds() const;
    QRect plotRect() const;
    QPointF pointOf(const Span &span, qint64 minNs, qint64 maxNs) const;

    std::shared_ptr<const TimelineLayout> m_layout;
    QString m_method;
};

} // namespace Mcp::Ui
