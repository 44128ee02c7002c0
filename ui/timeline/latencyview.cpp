#include "latencyview.h"

#include "theme.h"
#include "timelineview.h"
#include "widgets/units.h"

#include <QImage>
#include <QMouseEvent>
#include <QPainter>

#include <cmath>
#include <limits>

namespace Mcp::Ui {

void LatencyModel::setRows(QList<LatencyRow> rows, const QHash<int, QString> &serverNames)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_serverNames = serverNames;
    endResetModel();
}

int LatencyModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int LatencyModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LatencyModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const LatencyRow &row = m_rows.at(index.row());
    const auto sortValue = [&]() -> QVariant {
        switch (index.column()) {
        case MethodColumn: return row.method;
        case SubjectColumn: return row.subject;
        case ServerColumn: return m_serverNames.value(row.connectionId);
        case CountColumn: return row.count;
        case ErrorsColumn: return row.errors;
        case P50Column: return row.p50Ns;
        case P90Column: return row.p90Ns;
        case P99Column: return row.p99Ns;
        case MaxColumn:
        case HistogramColumn: return row.maxNs;
        }
        return {};
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case P50Column: return Units::preciseDuration(row.p50Ns);
        case P90Column: return Units::preciseDuration(row.p90Ns);
        case P99Column: return Units::preciseDuration(row.p99Ns);
        case MaxColumn: return Units::preciseDuration(row.maxNs);
        case HistogramColumn: return {};
        case SubjectColumn:
            return row.subject.isEmpty() ? tr("(all)") : row.subject;
        default: return sortValue();
        }
    case SortRole: return sortValue();
    case HistogramRole: return QVariant::fromValue(row.histogram);
    case Qt::TextAlignmentRole:
        return int(index.column() >= CountColumn ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        if (index.column() == ErrorsColumn && row.errors > 0)
            return Theme::color(Theme::Role::Error);
        if (index.column() == SubjectColumn && row.subject.isEmpty())
            return Theme::color(Theme::Role::Muted);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == HistogramColumn) {
            QStringList lines;
            for (int i = 0; i < row.histogram.size(); ++i) {
                if (row.histogram.at(i) > 0)
                    lines.append(tr("%1 – %2: %3").arg(Units::preciseDuration(i == 0 ? 0 : (qint64(1) << i) * 1000),
                                                       Units::preciseDuration((qint64(1) << (i + 1)) * 1000))
                                     .arg(row.histogram.at(i)));
            }
            return lines.join(u'\n');
        }
        return {};
    default:
        return {};
    }
}

QVariant LatencyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case MethodColumn: return tr("Method");
    case SubjectColumn: return tr("Tool, prompt or resource");
    case ServerColumn: return tr("Server");
    case CountColumn: return tr("Calls");
    case ErrorsColumn: return tr("Errors");
    case P50Column: return tr("p50");
    case P90Column: return tr("p90");
    case P99Column: return tr("p99");
    case MaxColumn: return tr("Max");
    case HistogramColumn: return tr("Distribution");
    }
    return {};
}

LatencyScatter::LatencyScatter(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Latency over the session"));
}

QSize LatencyScatter::sizeHint() const { return {400, 160}; }

void LatencyScatter::setLayout(std::shared_ptr<const TimelineLayout> layout)
{
    m_layout = std::move(layout);
    update();
}

void LatencyScatter::setMethod(const QString &method)
{
    m_method = method;
    update();
}

bool LatencyScatter::wanted(const Span &span) const
{
    return span.isTopLevel() && span.endNs >= 0 && (m_method.isEmpty() || m_layout->timeline().methodOf(span) == m_method);
}

QPair<qint64, qint64> LatencyScatter::durationBounds() const
{
    qint64 minNs = std::numeric_limits<qint64>::max();
    qint64 maxNs = 0;
    for (const Span &span : m_layout->timeline().spans) {
        if (!wanted(span))
            continue;
        minNs = qMin(minNs, span.endNs - span.startNs);
        maxNs = qMax(maxNs, span.endNs - span.startNs);
    }
    return {minNs, maxNs};
}

QRect LatencyScatter::plotRect() const
{
    const int left = fontMetrics().horizontalAdvance(QStringLiteral("000.0 ms")) + 10;
    return rect().adjusted(left, 8, -10, -8);
}

QPointF LatencyScatter::pointOf(const Span &span, qint64 minNs, qint64 maxNs) const
{
    const Timeline &t = m_layout->timeline();
    const QRect plot = plotRect();
    const double x = plot.left() + double(span.startNs - t.firstNs) * plot.width() / double(qMax<qint64>(1, t.lastNs - t.firstNs));
    const double low = std::log10(double(qMax<qint64>(1, minNs)));
    const double high = std::log10(double(qMax<qint64>(minNs + 1, maxNs)));
    const double value = std::log10(double(qMax<qint64>(1, span.endNs - span.startNs)));
    const double y = plot.bottom() - (value - low) / qMax(1e-9, high - low) * plot.height();
    return {x, y};
}

void LatencyScatter::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_layout)
        return;
    const Timeline &t = m_layout->timeline();
    const auto [minNs, maxNs] = durationBounds();
    const QRect plot = plotRect();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(plot);
    if (maxNs == 0) {
        p.setPen(Theme::color(Theme::Role::Muted));
        p.drawText(plot, Qt::AlignCenter, tr("No finished calls yet"));
        return;
    }
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(0, plot.top() - 6, plot.left() - 4, 14), Qt::AlignRight, Units::preciseDuration(maxNs));
    p.drawText(QRect(0, plot.bottom() - 8, plot.left() - 4, 14), Qt::AlignRight, Units::preciseDuration(minNs));
    // One dot per pixel, the worst outcome on top: a bitmap of what was drawn.
    QImage drawn(plot.size() + QSize(1, 1), QImage::Format_Grayscale8);
    drawn.fill(0);
    for (int pass = 0; pass < 2; ++pass) { // results first, failures over them
        for (const Span &span : t.spans) {
            if (!wanted(span) || (span.outcome != SpanOutcome::Result) != (pass == 1))
                continue;
            const QPointF point = pointOf(span, minNs, maxNs);
            const QPoint at = point.toPoint() - plot.topLeft();
            if (at.x() < 0 || at.y() < 0 || at.x() >= drawn.width() || at.y() >= drawn.height())
                continue;
            uchar &seen = drawn.scanLine(at.y())[at.x()];
            if (seen > pass)
                continue;
            seen = uchar(pass + 1);
            p.fillRect(QRectF(point.x() - 1.5, point.y() - 1.5, 3, 3), TimelineView::outcomeColor(span.outcome));
        }
    }
}

void LatencyScatter::mousePressEvent(QMouseEvent *event)
{
    if (!m_layout)
        return;
    // The call nearest to the click, within a few pixels.
    const Timeline &t = m_layout->timeline();
    const auto [minNs, maxNs] = durationBounds();
    int best = -1;
    double bestDistance = 36.0;
    for (int i = 0; i < t.spans.size(); ++i) {
        const Span &span = t.spans.at(i);
        if (!wanted(span))
            continue;
        const QPointF delta = pointOf(span, minNs, maxNs) - event->position();
        const double distance = delta.x() * delta.x() + delta.y() * delta.y();
        if (distance < bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    if (best >= 0)
        Q_EMIT spanActivated(best);
}

} // namespace Mcp::Ui
