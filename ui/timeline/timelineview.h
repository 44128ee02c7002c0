#pragma once

#include "timelinelayout.h"

#include <QAbstractScrollArea>

#include <memory>

namespace Mcp::Ui {

// A session's time as a picture: a lane per server, every call a bar from sent to answered in the
// colour of its outcome, its rounds, attempts and polls inside it, the server's own requests in a
// row of their own, progress as ticks, notifications as marks, and process starts, exits, errors
// and notes as lines across the lanes.
//
// The wheel zooms around the pointer (Shift or a horizontal wheel pans, over the names it scrolls
// the lanes), a pinch zooms; the keyboard: + and - zoom, Left and Right pan, Home fits all, End
// follows the live end, Up and Down choose the previous or next call, Enter shows its messages.
// A click selects a call (spanActivated), a drag across the time chooses a range (rangeChosen).
// Painting reads only what is on screen, and what falls into one pixel column is drawn once, so a
// frame stays short at a million events.
class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    void setLayout(std::shared_ptr<const TimelineLayout> layout);
    std::shared_ptr<const TimelineLayout> timelineLayout() const { return m_layout; }

    // The visible time, in the timeline's monotonic nanoseconds.
    qint64 visibleFromNs() const { return m_fromNs; }
    qint64 visibleToNs() const { return m_toNs; }
    qint64 visibleMiddleNs() const { return m_fromNs + (m_toNs - m_fromNs) / 2; }
    void setVisibleRange(qint64 fromNs, qint64 toNs);
    void fitAll();
    void zoomBy(double factor, qint64 aroundNs);
    void panBy(double fractionOfView);
    bool isFollowingLiveEnd() const { return m_follow; }
    void setFollowLiveEnd(bool follow);

    int selectedSpan() const { return m_selected; }
    // Selects a span and brings it into view; no signal.
    void showSpan(int span);
    // The span drawn at a point of the viewport (-1: none), for the tests and the tooltip.
    int spanAt(const QPoint &viewportPos) const;
    // Where a time is drawn (viewport x), and the time at a viewport x.
    double xOf(qint64 ns) const;
    qint64 nsAt(double x) const;
    // The viewport rectangle a span's bar takes (empty when not drawn or out of view).
    QRect spanRect(int span) const;
    // One line on a span, as the tooltip says it.
    QString describeSpan(int span) const;

    static QColor outcomeColor(SpanOutcome outcome);

Q_SIGNALS:
    void spanActivated(int span);
    void rangeChosen(qint64 fromNs, qint64 toNs);
    void visibleRangeChanged(qint64 fromNs, qint64 toNs);
    void followLiveEndChanged(bool follow);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct Geometry
    {
        int top = 0;      // of the lane, in content coordinates
        int height = 0;
    };
    void relayout();
    int laneTop(int lane) const;
    int rowY(int lane, int row) const; // viewport y of a row's top
    int plotLeft() const;
    void paintAxis(QPainter &p, const QRect &area);
    void paintLane(QPainter &p, int laneIndex, const QRect &clip);
    void paintRow(QPainter &p, const TimelineLayout::Row &row, int y, int height);
    void paintMarks(QPainter &p, const TimelineLayout::Lane &lane, int y, int height);
    void paintAcrossMarks(QPainter &p);
    void selectNeighbour(int step);
    void clampRange();

    std::shared_ptr<const TimelineLayout> m_layout;
    QList<Geometry> m_lanes;
    qint64 m_fromNs = 0;
    qint64 m_toNs = 1;
    bool m_follow = true;
    bool m_userMoved = false;  // fitted until the person zooms or pans
    int m_selected = -1;
    // A drag: a range chosen with the left button, a pan with the middle one.
    enum class Drag { None, Range, Pan } m_drag = Drag::None;
    QPoint m_dragStart;
    qint64 m_dragFromNs = 0;
    qint64 m_panFromNs = 0;
    qint64 m_panToNs = 0;
    int m_hoverX = -1;
};

} // namespace Mcp::Ui
