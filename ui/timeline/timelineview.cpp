#include "timelineview.h"

#include "theme.h"
#include "widgets/units.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <utility>

namespace Mcp::Ui {

namespace {

constexpr int AxisHeight = 22;
constexpr int LaneHeaderHeight = 18;
constexpr int RowHeight = 16;
constexpr int MarkStripHeight = 8;
constexpr int LaneGap = 6;
constexpr int GutterWidth = 150;
constexpr qint64 MinimumSpanNs = 1000; // the deepest zoom shows a microsecond across the plot

// Severity, so that a pixel column where many calls meet shows the worst of them.
int severity(SpanOutcome outcome)
{
    switch (outcome) {
    case SpanOutcome::Result: return 0;
    case SpanOutcome::Pending: return 1;
    case SpanOutcome::Cancelled: return 2;
    case SpanOutcome::ToolError: return 3;
    case SpanOutcome::Timeout: return 4;
    case SpanOutcome::Lost: return 5;
    case SpanOutcome::RpcError: return 6;
    }
    return 0;
}

// A round step for the axis: 1, 2 or 5 times a power of ten nanoseconds.
qint64 niceStep(double rawNs)
{
    double power = std::pow(10.0, std::floor(std::log10(qMax(1.0, rawNs))));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (power * factor >= rawNs)
            return qint64(power * factor);
    }
    return qint64(power * 10);
}

} // namespace

TimelineView::TimelineView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setAttribute(Qt::WA_AcceptTouchEvents);
    setAccessibleName(tr("Timeline"));
    setMinimumHeight(AxisHeight + LaneHeaderHeight + RowHeight + MarkStripHeight + LaneGap);
}

TimelineView::~TimelineView() = default;

QColor TimelineView::outcomeColor(SpanOutcome outcome)
{
    switch (outcome) {
    case SpanOutcome::Result: return Theme::color(Theme::Role::Ok);
    case SpanOutcome::ToolError: return Theme::color(Theme::Role::Warning);
    case SpanOutcome::RpcError: return Theme::color(Theme::Role::Error);
    case SpanOutcome::Timeout: return Theme::color(Theme::Role::Outgoing);
    case SpanOutcome::Cancelled: return Theme::color(Theme::Role::Muted);
    case SpanOutcome::Lost: return Theme::color(Theme::Role::Error).darker(140);
    case SpanOutcome::Pending: return Theme::color(Theme::Role::Info);
    }
    return Theme::color(Theme::Role::Muted);
}

void TimelineView::setLayout(std::shared_ptr<const TimelineLayout> layout)
{
    const bool first = !m_layout || m_layout->timeline().spans.isEmpty();
    m_layout = std::move(layout);
    if (m_selected >= (m_layout ? m_layout->timeline().spans.size() : 0))
        m_selected = -1;
    relayout();
    if (first || !m_userMoved)
        fitAll();
    else if (m_follow)
        setVisibleRange(m_layout->timeline().lastNs - (m_toNs - m_fromNs), m_layout->timeline().lastNs);
    viewport()->update();
}

void TimelineView::relayout()
{
    m_lanes.clear();
    int top = AxisHeight;
    if (m_layout) {
        for (const TimelineLayout::Lane &lane : m_layout->lanes()) {
            const int height = LaneHeaderHeight + int(qMax<qsizetype>(1, lane.rows.size())) * RowHeight + MarkStripHeight;
            m_lanes.append({top, height});
            top += height + LaneGap;
        }
    }
    verticalScrollBar()->setRange(0, qMax(0, top - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
    verticalScrollBar()->setSingleStep(RowHeight);
}

int TimelineView::plotLeft() const { return GutterWidth; }

double TimelineView::xOf(qint64 ns) const
{
    const double width = qMax(1, viewport()->width() - plotLeft());
    return plotLeft() + double(ns - m_fromNs) * width / double(qMax<qint64>(1, m_toNs - m_fromNs));
}

qint64 TimelineView::nsAt(double x) const
{
    const double width = qMax(1, viewport()->width() - plotLeft());
    return m_fromNs + qint64((x - plotLeft()) * double(m_toNs - m_fromNs) / width);
}

void TimelineView::clampRange()
{
    if (!m_layout)
        return;
    const Timeline &t = m_layout->timeline();
    const qint64 total = qMax<qint64>(MinimumSpanNs, t.lastNs - t.firstNs);
    const qint64 margin = total / 50;
    qint64 span = qBound<qint64>(MinimumSpanNs, m_toNs - m_fromNs, total + 2 * margin);
    m_fromNs = qBound(t.firstNs - margin, m_fromNs, t.firstNs + total + margin - span);
    m_toNs = m_fromNs + span;
}

void TimelineView::setVisibleRange(qint64 fromNs, qint64 toNs)
{
    m_fromNs = fromNs;
    m_toNs = qMax(fromNs + 1, toNs);
    clampRange();
    viewport()->update();
    Q_EMIT visibleRangeChanged(m_fromNs, m_toNs);
}

void TimelineView::fitAll()
{
    m_userMoved = false;
    if (!m_layout || m_layout->timeline().isEmpty()) {
        setVisibleRange(0, 1000000000);
        return;
    }
    const Timeline &t = m_layout->timeline();
    const qint64 total = qMax<qint64>(MinimumSpanNs, t.lastNs - t.firstNs);
    setVisibleRange(t.firstNs - total / 50, t.firstNs + total + total / 50);
}

void TimelineView::zoomBy(double factor, qint64 aroundNs)
{
    m_userMoved = true;
    const double from = double(m_fromNs - aroundNs) / factor;
    const double to = double(m_toNs - aroundNs) / factor;
    const bool atEnd = m_layout && m_toNs >= m_layout->timeline().lastNs;
    setVisibleRange(aroundNs + qint64(from), aroundNs + qint64(to));
    if (!atEnd)
        setFollowLiveEnd(false);
}

void TimelineView::panBy(double fractionOfView)
{
    m_userMoved = true;
    const qint64 delta = qint64(double(m_toNs - m_fromNs) * fractionOfView);
    setVisibleRange(m_fromNs + delta, m_toNs + delta);
    if (delta < 0)
        setFollowLiveEnd(false);
}

void TimelineView::setFollowLiveEnd(bool follow)
{
    if (m_follow == follow)
        return;
    m_follow = follow;
    if (follow && m_layout) {
        const qint64 width = m_toNs - m_fromNs;
        setVisibleRange(m_layout->timeline().lastNs - width + width / 50, m_layout->timeline().lastNs + width / 50);
    }
    Q_EMIT followLiveEndChanged(follow);
}

int TimelineView::laneTop(int lane) const { return m_lanes.at(lane).top - verticalScrollBar()->value(); }

int TimelineView::rowY(int lane, int row) const { return laneTop(lane) + LaneHeaderHeight + row * RowHeight; }

void TimelineView::showSpan(int span)
{
    if (!m_layout || span < 0 || span >= m_layout->timeline().spans.size())
        return;
    m_selected = span;
    const Span &s = m_layout->timeline().spans.at(span);
    const qint64 end = m_layout->endOf(s);
    if (s.startNs < m_fromNs || end > m_toNs) {
        const qint64 width = qMax(m_toNs - m_fromNs, (end - s.startNs) * 3 / 2);
        const qint64 middle = s.startNs + (end - s.startNs) / 2;
        m_userMoved = true;
        setFollowLiveEnd(false);
        setVisibleRange(middle - width / 2, middle + width / 2);
    }
    const QPair<int, int> place = m_layout->placeOf(span);
    if (place.first >= 0) {
        const int y = m_lanes.at(place.first).top + LaneHeaderHeight + place.second * RowHeight;
        QScrollBar *bar = verticalScrollBar();
        if (y - AxisHeight < bar->value() || y + RowHeight > bar->value() + viewport()->height())
            bar->setValue(y - AxisHeight - LaneHeaderHeight);
    }
    viewport()->update();
}

QRect TimelineView::spanRect(int span) const
{
    if (!m_layout || span < 0 || span >= m_layout->timeline().spans.size())
        return {};
    const QPair<int, int> place = m_layout->placeOf(span);
    if (place.first < 0)
        return {};
    const Span &s = m_layout->timeline().spans.at(span);
    const double left = qMax<double>(plotLeft(), xOf(s.startNs));
    const double right = qMin<double>(viewport()->width(), xOf(m_layout->endOf(s)));
    if (right < plotLeft() || left > viewport()->width())
        return {};
    const int y = rowY(place.first, place.second);
    const bool part = !s.isTopLevel() && s.direction == SpanDirection::ClientToServer;
    const int top = part ? y + RowHeight / 2 : y + 2;
    const int height = part ? RowHeight / 2 - 2 : RowHeight - 4;
    return QRect(QPoint(int(left), top), QPoint(qMax(int(left), int(std::ceil(right)) - 1), top + height - 1));
}

int TimelineView::spanAt(const QPoint &pos) const
{
    if (!m_layout || pos.x() < plotLeft())
        return -1;
    // Two pixels of slack either way: a call of a few microseconds is still a target.
    const qint64 from = nsAt(pos.x() - 2);
    const qint64 to = nsAt(pos.x() + 2);
    for (int l = 0; l < m_lanes.size(); ++l) {
        const TimelineLayout::Lane &lane = m_layout->lanes().at(l);
        for (int r = 0; r < lane.rows.size(); ++r) {
            const int y = rowY(l, r);
            if (pos.y() < y || pos.y() >= y + RowHeight)
                continue;
            const TimelineLayout::Row &row = lane.rows.at(r);
            int best = -1;
            const auto consider = [&](const TimelineLayout::Item &item) {
                if (item.endNs >= from && item.startNs <= to)
                    best = item.span; // the latest one started wins, as it is drawn on top
            };
            const auto range = TimelineLayout::visibleRange(row, from, to);
            for (qsizetype i = range.first; i < range.second; ++i)
                consider(row.items.at(i));
            if (best < 0) {
                for (const TimelineLayout::Item &item : row.longItems)
                    consider(item);
            }
            if (best < 0)
                return -1;
            // A part under the pointer (lower half of the bar) is more exact than its call.
            if (pos.y() >= y + RowHeight / 2) {
                for (int child : m_layout->childrenOf(best)) {
                    const Span &c = m_layout->timeline().spans.at(child);
                    if (c.direction == SpanDirection::ClientToServer && m_layout->endOf(c) >= from && c.startNs <= to)
                        return child;
                }
            }
            return best;
        }
    }
    return -1;
}

QString TimelineView::describeSpan(int span) const
{
    if (!m_layout || span < 0 || span >= m_layout->timeline().spans.size())
        return {};
    const Timeline &t = m_layout->timeline();
    const Span &s = t.spans.at(span);
    QString name = t.methodOf(s);
    if (!t.subjectOf(s).isEmpty())
        name += u' ' + t.subjectOf(s);
    QString outcome;
    switch (s.outcome) {
    case SpanOutcome::Result: outcome = tr("answered"); break;
    case SpanOutcome::ToolError: outcome = tr("tool error"); break;
    case SpanOutcome::RpcError: outcome = tr("error %1").arg(s.errorCode); break;
    case SpanOutcome::Timeout: outcome = tr("timed out"); break;
    case SpanOutcome::Cancelled: outcome = tr("cancelled"); break;
    case SpanOutcome::Lost: outcome = tr("lost"); break;
    case SpanOutcome::Pending: outcome = tr("waiting"); break;
    }
    QString kind;
    switch (s.kind) {
    case SpanKind::Call: break;
    case SpanKind::Round: kind = tr("round"); break;
    case SpanKind::Reissue: kind = tr("sent again"); break;
    case SpanKind::TaskPoll: kind = tr("task poll"); break;
    case SpanKind::VersionRetry: kind = tr("version retry"); break;
    }
    QStringList lines{name};
    QString line = tr("%1 in %2").arg(outcome, Units::preciseDuration(m_layout->endOf(s) - s.startNs));
    if (s.endNs < 0)
        line = tr("%1 for %2 so far").arg(outcome, Units::preciseDuration(m_layout->endOf(s) - s.startNs));
    lines.append(line);
    if (!kind.isEmpty())
        lines.append(kind);
    if (s.direction == SpanDirection::ServerToClient)
        lines.append(tr("asked by the server"));
    if (!s.requestId.isEmpty())
        lines.append(tr("id %1").arg(QString::fromUtf8(s.requestId)));
    if (s.progressCount > 0)
        lines.append(tr("%n progress notification(s)", nullptr, int(s.progressCount)));
    const int parts = int(m_layout->childrenOf(span).size());
    if (parts > 0)
        lines.append(tr("%n part(s) inside", nullptr, parts));
    lines.append(tr("started %1 after the first event").arg(Units::preciseDuration(s.startNs - t.firstNs)));
    return lines.join(u'\n');
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QPalette &palette = this->palette();
    p.fillRect(viewport()->rect(), palette.color(QPalette::Base));
    if (!m_layout || m_layout->timeline().isEmpty()) {
        p.setPen(Theme::color(Theme::Role::Muted));
        p.drawText(viewport()->rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No traffic yet: calls appear here as bars from sent to answered."));
        return;
    }
    const QRect plot(plotLeft(), AxisHeight, viewport()->width() - plotLeft(), viewport()->height() - AxisHeight);
    for (int l = 0; l < m_lanes.size(); ++l) {
        const int top = laneTop(l);
        if (top + m_lanes.at(l).height < AxisHeight || top > viewport()->height())
            continue;
        paintLane(p, l, plot);
    }
    paintAcrossMarks(p);
    // The range being chosen.
    if (m_drag == Drag::Range) {
        const int a = m_dragStart.x();
        const int b = m_hoverX;
        QColor tint = palette.color(QPalette::Highlight);
        tint.setAlpha(60);
        p.fillRect(QRect(QPoint(qMin(a, b), AxisHeight), QPoint(qMax(a, b), viewport()->height())), tint);
    }
    paintAxis(p, QRect(0, 0, viewport()->width(), AxisHeight));
}

void TimelineView::paintAxis(QPainter &p, const QRect &area)
{
    const QPalette &palette = this->palette();
    p.fillRect(area, palette.color(QPalette::Window));
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(area.bottomLeft(), area.bottomRight());
    const Timeline &t = m_layout->timeline();
    const double width = qMax(1, viewport()->width() - plotLeft());
    const QFontMetrics metrics(font());
    const double labelPx = metrics.horizontalAdvance(QStringLiteral("000.00 ms")) + 16;
    const qint64 step = niceStep(double(m_toNs - m_fromNs) * labelPx / width);
    const qint64 first = t.firstNs + ((m_fromNs - t.firstNs) / step) * step;
    p.setPen(palette.color(QPalette::WindowText));
    for (qint64 at = first; at <= m_toNs; at += step) {
        const int x = int(xOf(at));
        if (x < plotLeft())
            continue;
        p.setPen(palette.color(QPalette::Mid));
        p.drawLine(x, area.bottom() - 4, x, area.bottom());
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(QRect(x + 3, area.top(), int(labelPx), area.height() - 2), Qt::AlignLeft | Qt::AlignVCenter,
                   Units::preciseDuration(at - t.firstNs));
    }
    p.drawText(QRect(6, area.top(), plotLeft() - 12, area.height()), Qt::AlignLeft | Qt::AlignVCenter,
               m_follow ? tr("Live end") : tr("Span %1").arg(Units::preciseDuration(m_toNs - m_fromNs)));
}

void TimelineView::paintLane(QPainter &p, int laneIndex, const QRect &plot)
{
    const TimelineLayout::Lane &lane = m_layout->lanes().at(laneIndex);
    const Timeline &t = m_layout->timeline();
    const QPalette &palette = this->palette();
    const int top = laneTop(laneIndex);
    const Geometry &geometry = m_lanes.at(laneIndex);
    // The name, in the gutter, over an alternating ground.
    QColor ground = palette.color(QPalette::AlternateBase);
    if (laneIndex % 2)
        p.fillRect(QRect(0, top, viewport()->width(), geometry.height), ground);
    p.setPen(palette.color(QPalette::Mid));
    p.drawLine(0, top + geometry.height + LaneGap / 2, viewport()->width(), top + geometry.height + LaneGap / 2);
    p.setPen(palette.color(QPalette::Text));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const QString name = QFontMetrics(bold).elidedText(t.connectionName(lane.connectionId), Qt::ElideMiddle, plotLeft() - 12);
    p.drawText(QRect(6, top, plotLeft() - 12, LaneHeaderHeight), Qt::AlignLeft | Qt::AlignVCenter, name);
    p.setFont(font());
    p.setClipRect(QRect(plot.left(), AxisHeight, plot.width(), viewport()->height() - AxisHeight));
    for (int r = 0; r < lane.rows.size(); ++r) {
        const int y = rowY(laneIndex, r);
        if (y + RowHeight < AxisHeight || y > viewport()->height())
            continue;
        paintRow(p, lane.rows.at(r), y, RowHeight);
    }
    paintMarks(p, lane, top + geometry.height - MarkStripHeight, MarkStripHeight);
    p.setClipping(false);
    p.setPen(Theme::color(Theme::Role::Muted));
    for (int r = 0; r < lane.rows.size(); ++r) {
        if (lane.rows.at(r).serverRequests)
            p.drawText(QRect(14, rowY(laneIndex, r), plotLeft() - 20, RowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("server requests"));
    }
}

void TimelineView::paintRow(QPainter &p, const TimelineLayout::Row &row, int y, int height)
{
    const Timeline &t = m_layout->timeline();
    const int left = plotLeft();
    const int width = viewport()->width() - left;
    if (width <= 0)
        return;
    // What is narrower than a pixel lands in its column, which shows the worst outcome there.
    QList<qint8> columns(width, qint8(-1));
    QList<SpanOutcome> columnOutcome(width, SpanOutcome::Result);
    const double nsPerPx = double(m_toNs - m_fromNs) / double(width);
    const auto draw = [&](const TimelineLayout::Item &item) {
        const double x0 = (double(item.startNs - m_fromNs)) / nsPerPx;
        const double x1 = (double(item.endNs - m_fromNs)) / nsPerPx;
        if (x1 < 0 || x0 >= width)
            return;
        if (x1 - x0 < 2.0) {
            const int column = qBound(0, int(x0), width - 1);
            const int level = severity(item.outcome);
            if (level > columns.at(column)) {
                columns[column] = qint8(level);
                columnOutcome[column] = item.outcome;
            }
            return;
        }
        const Span &span = t.spans.at(item.span);
        const int a = left + int(qMax(-2.0, x0));
        const int b = left + int(qMin(double(width) + 2.0, x1));
        const QRect bar(a, y + 2, qMax(2, b - a), height - 4);
        QColor colour = outcomeColor(span.outcome);
        p.fillRect(bar, colour);
        if (span.endNs < 0) { // still waiting: an open end
            QColor faded = colour;
            faded.setAlpha(90);
            p.fillRect(QRect(bar.right() - qMin(12, bar.width() / 3), bar.top(), qMin(12, bar.width() / 3), bar.height()), faded);
        }
        // Parts inside, in the lower half, where there is room.
        if (bar.width() >= 6) {
            for (int child : m_layout->childrenOf(item.span)) {
                const Span &c = t.spans.at(child);
                if (c.direction != SpanDirection::ClientToServer)
                    continue;
                const int ca = left + int(qMax(-2.0, double(c.startNs - m_fromNs) / nsPerPx));
                const int cb = left + int(qMin(double(width) + 2.0, double(m_layout->endOf(c) - m_fromNs) / nsPerPx));
                QColor partColour = outcomeColor(c.outcome).darker(130);
                p.fillRect(QRect(ca, y + height / 2, qMax(1, cb - ca - 1), height / 2 - 2), partColour);
            }
        }
        if (bar.width() >= 40) {
            QString label = t.methodOf(span);
            if (!t.subjectOf(span).isEmpty())
                label = t.subjectOf(span);
            p.setPen(Theme::badgeTextColor());
            const QRect text = bar.adjusted(3, 0, -3, -(bar.width() >= 6 && !m_layout->childrenOf(item.span).isEmpty() ? height / 2 - 2 : 0));
            p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, p.fontMetrics().elidedText(label, Qt::ElideRight, text.width()));
        }
        if (item.span == m_selected) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(bar.adjusted(-1, -1, 1, 1));
        }
    };
    const auto range = TimelineLayout::visibleRange(row, m_fromNs, m_toNs);
    for (const TimelineLayout::Item &item : row.longItems)
        draw(item);
    for (qsizetype i = range.first; i < range.second; ++i)
        draw(row.items.at(i));
    for (int column = 0; column < width; ++column) {
        if (columns.at(column) < 0)
            continue;
        // A run of columns of one outcome is one rectangle.
        int end = column + 1;
        while (end < width && columns.at(end) == columns.at(column))
            ++end;
        p.fillRect(QRect(left + column, y + 2, qMax(2, end - column), height - 4), outcomeColor(columnOutcome.at(column)));
        column = end - 1;
    }
    // The selected span, even when it is a sliver.
    if (m_selected >= 0 && m_layout->placeOf(m_selected) != QPair<int, int>{-1, -1}) {
        const QRect selected = spanRect(m_selected);
        if (!selected.isEmpty() && selected.top() >= y && selected.top() < y + height) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(selected.adjusted(-2, -2, 2, 2));
        }
    }
}

void TimelineView::paintMarks(QPainter &p, const TimelineLayout::Lane &lane, int y, int height)
{
    const Timeline &t = m_layout->timeline();
    const int left = plotLeft();
    const int width = viewport()->width() - left;
    if (width <= 0 || lane.marks.isEmpty())
        return;
    // Marks in view: binary search by time (lane.marks is in time order).
    const auto byTime = [&t](int mark, qint64 at) { return t.marks.at(mark).atNs < at; };
    auto it = std::lower_bound(lane.marks.cbegin(), lane.marks.cend(), m_fromNs, byTime);
    const auto end = std::lower_bound(it, lane.marks.cend(), m_toNs + 1, byTime);
    int lastNotification = -1;
    int lastTick = -1;
    // Ticks sit on their call's bar; where there are more than the pixels can show, the bars are
    // slivers anyway and the ticks are left out.
    const bool ticks = end - it <= 4 * width;
    const QColor notification = Theme::color(Theme::Role::Incoming);
    const QColor tick = palette().color(QPalette::Text);
    for (; it != end; ++it) {
        const Mark &mark = t.marks.at(*it);
        const int x = left + int(double(mark.atNs - m_fromNs) * double(width) / double(m_toNs - m_fromNs));
        switch (mark.kind) {
        case MarkKind::Progress: {
            if (!ticks || x == lastTick)
                break;
            lastTick = x;
            // A tick on its call's bar.
            const QRect bar = spanRect(mark.span);
            p.setPen(tick);
            if (!bar.isEmpty())
                p.drawLine(x, bar.top(), x, bar.top() + 3);
            break;
        }
        case MarkKind::Notification:
        case MarkKind::Cancel: {
            if (x == lastNotification)
                break;
            lastNotification = x;
            p.setPen(mark.kind == MarkKind::Cancel ? Theme::color(Theme::Role::Warning) : notification);
            p.drawLine(x, y + 1, x, y + height - 2);
            break;
        }
        default:
            break; // drawn across the lanes
        }
    }
}

void TimelineView::paintAcrossMarks(QPainter &p)
{
    const Timeline &t = m_layout->timeline();
    const int left = plotLeft();
    const int width = viewport()->width() - left;
    const auto byTime = [](const Mark &mark, qint64 at) { return mark.atNs < at; };
    auto it = std::lower_bound(t.marks.cbegin(), t.marks.cend(), m_fromNs, byTime);
    const auto end = std::lower_bound(it, t.marks.cend(), m_toNs + 1, byTime);
    int lastX = -1;
    int lastLevel = -1;
    p.setClipRect(QRect(left, AxisHeight, width, viewport()->height() - AxisHeight));
    for (; it != end; ++it) {
        int level;
        QColor colour;
        Qt::PenStyle style = Qt::SolidLine;
        switch (it->kind) {
        case MarkKind::ProcessStarted: level = 2; colour = Theme::color(Theme::Role::Ok); break;
        case MarkKind::ProcessExited: level = 3; colour = Theme::color(Theme::Role::Error); break;
        case MarkKind::TransportError: level = 4; colour = Theme::color(Theme::Role::Error); style = Qt::DashLine; break;
        case MarkKind::Note: level = 1; colour = Theme::color(Theme::Role::Muted); style = Qt::DotLine; break;
        default: continue;
        }
        const int x = left + int(double(it->atNs - m_fromNs) * double(width) / double(m_toNs - m_fromNs));
        if (x == lastX && level <= lastLevel)
            continue; // one line per pixel column, the most telling one
        lastX = x;
        lastLevel = level;
        p.setPen(QPen(colour, 1, style));
        p.drawLine(x, AxisHeight, x, viewport()->height());
    }
    p.setClipping(false);
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void TimelineView::scrollContentsBy(int, int) { viewport()->update(); }

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPoint angle = event->angleDelta();
    if (event->position().x() < plotLeft() && angle.y() != 0) { // over the names: the lanes scroll
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    if (angle.x() != 0 || (event->modifiers() & Qt::ShiftModifier)) {
        const int delta = angle.x() != 0 ? angle.x() : angle.y();
        panBy(-double(delta) / 120.0 * 0.1);
    } else if (angle.y() != 0) {
        zoomBy(std::pow(1.25, double(angle.y()) / 120.0), nsAt(event->position().x()));
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (event->button() == Qt::MiddleButton) {
        m_drag = Drag::Pan;
        m_dragStart = event->position().toPoint();
        m_panFromNs = m_fromNs;
        m_panToNs = m_toNs;
        return;
    }
    if (event->button() != Qt::LeftButton || event->position().x() < plotLeft())
        return;
    m_drag = Drag::Range;
    m_dragStart = event->position().toPoint();
    m_hoverX = m_dragStart.x();
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    m_hoverX = event->position().toPoint().x();
    if (m_drag == Drag::Pan) {
        const double width = qMax(1, viewport()->width() - plotLeft());
        const qint64 delta = qint64(double(m_dragStart.x() - m_hoverX) * double(m_panToNs - m_panFromNs) / width);
        m_userMoved = true;
        setFollowLiveEnd(false);
        setVisibleRange(m_panFromNs + delta, m_panToNs + delta);
    } else if (m_drag == Drag::Range) {
        viewport()->update();
    }
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    const Drag drag = std::exchange(m_drag, Drag::None);
    if (drag != Drag::Range)
        return;
    const QPoint at = event->position().toPoint();
    viewport()->update();
    if (std::abs(at.x() - m_dragStart.x()) < 4) { // a click
        const int span = spanAt(at);
        if (span >= 0) {
            m_selected = span;
            Q_EMIT spanActivated(span);
        }
        return;
    }
    const qint64 a = nsAt(m_dragStart.x());
    const qint64 b = nsAt(at.x());
    Q_EMIT rangeChosen(qMin(a, b), qMax(a, b));
}

void TimelineView::selectNeighbour(int step)
{
    if (!m_layout || m_layout->timeline().spans.isEmpty())
        return;
    const QList<Span> &spans = m_layout->timeline().spans;
    int at = m_selected;
    // The next or previous call (top-level, in request order); from nothing, the first in view.
    if (at < 0) {
        for (int i = 0; i < spans.size(); ++i) {
            if (spans.at(i).isTopLevel() && spans.at(i).startNs >= m_fromNs) {
                showSpan(i);
                Q_EMIT spanActivated(i);
                return;
            }
        }
        return;
    }
    for (int i = at + step; i >= 0 && i < spans.size(); i += step) {
        if (spans.at(i).isTopLevel()) {
            showSpan(i);
            Q_EMIT spanActivated(i);
            return;
        }
    }
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    const qint64 middle = visibleMiddleNs();
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(2.0, m_selected >= 0 ? m_layout->timeline().spans.at(m_selected).startNs : middle);
        break;
    case Qt::Key_Minus:
        zoomBy(0.5, middle);
        break;
    case Qt::Key_Left:
        panBy(-0.2);
        break;
    case Qt::Key_Right:
        panBy(0.2);
        break;
    case Qt::Key_Home:
    case Qt::Key_F:
        fitAll();
        break;
    case Qt::Key_End:
        setFollowLiveEnd(true);
        break;
    case Qt::Key_Up:
        selectNeighbour(-1);
        break;
    case Qt::Key_Down:
        selectNeighbour(1);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_selected >= 0)
            Q_EMIT spanActivated(m_selected);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int span = spanAt(help->pos());
        if (span >= 0)
            QToolTip::showText(help->globalPos(), describeSpan(span), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    if (event->type() == QEvent::NativeGesture) {
        const auto *gesture = static_cast<QNativeGestureEvent *>(event);
        if (gesture->gestureType() == Qt::ZoomNativeGesture) {
            zoomBy(1.0 + gesture->value(), nsAt(gesture->position().x()));
            return true;
        }
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace Mcp::Ui
