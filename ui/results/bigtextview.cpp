#include "bigtextview.h"

#include "widgets/commonwidgets.h"
#include "widgets/jsontext.h"
#include "theme.h"
#include "workpool.h"

#include <QApplication>
#include <QBoxLayout>
#include <QCheckBox>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QFrame>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QPromise>
#include <QScrollBar>
#include <QShortcut>
#include <QStyle>
#include <QTextLayout>
#include <QThreadPool>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <memory>

namespace Mcp::Ui {

namespace {

constexpr qsizetype FindSlice = 512 * 1024; // characters searched per step
constexpr int FindStepMs = 8;              // a find step yields to the event loop after this long
constexpr int RowsPerProgress = 8192;
constexpr int RightPadding = 4;          // pixels after the longest row
constexpr int IncrementalFindMs = 200;   // typing in the find bar searches after this pause


// Cuts `text` into rows in the thread pool; the worker holds its own reference to the text.
QFuture<TextRows> buildInWorker(const TextSource &text, int column)
{
    return startInWorkPool<TextRows>([text, column](QPromise<TextRows> &promise) {
        promise.setProgressRange(0, 100);
        TextRows rows = TextRows::build(text, column, [&promise](int percent) {
            promise.setProgressValue(percent);
            return !promise.isCanceled();
        });
        if (!promise.isCanceled())
            promise.addResult(std::move(rows));
    });
}

} // namespace

TextRows TextRows::build(const TextSource &text, int column, const std::function<bool(int)> &progress)
{
    TextReader reader(text);
    column = qMax(1, column);
    TextRows rows;
    rows.column = column;
    const qsizetype size = text.size();
    rows.starts.append(0);
    qsizetype pos = 0;
    qsizetype lineWidth = 0; // of the line so far, over the rows it was cut into
    int sinceProgress = 0;
    while (pos < size) {
        // Only the next column + 1 characters matter, so a giant line costs no more than many short ones.
        const QStringView window = reader.window(pos, qMin<qsizetype>(column + 1, size - pos));
        const qsizetype newline = window.indexOf(u'\n');
        const qsizetype lineChars = newline >= 0 ? newline : window.size();
        // How many characters fit in `column` cells; a tab reaches the next multiple of TabWidth.
        qsizetype fit;
        qsizetype width;
        if (!window.left(lineChars).contains(u'\t')) {
            fit = width = qMin<qsizetype>(lineChars, column);
        } else {
            // From tab to tab: the characters between take a cell each.
            const QStringView line = window.left(lineChars);
            fit = width = 0;
            while (fit < lineChars) {
                const qsizetype tab = line.indexOf(u'\t', fit);
                const qsizetype plain = (tab < 0 ? lineChars : tab) - fit;
                const qsizetype taken = qMin(plain, qMax<qsizetype>(0, column - width)); // a first tab may overfill
                fit += taken;
                width += taken;
                if (taken < plain || fit == lineChars)
                    break;
                const qsizetype cells = TabWidth - width % TabWidth;
                if (width + cells > column && fit > 0)
                    break;
                width += cells;
                ++fit;
            }
        }
        qsizetype next;
        const bool lineEnds = newline >= 0 && fit == newline;
        if (lineEnds) {
            next = pos + newline + 1;
        } else if (newline < 0 && pos + fit == size) {
            next = size;
        } else {
            if (fit > 1 && window.at(fit - 1).isHighSurrogate()) { // never cut a surrogate pair
                --fit;
                --width; // not a tab
            }
            next = pos + fit;
        }
        rows.longestRow = qMax(rows.longestRow, width);
        lineWidth += width;
        rows.longestLine = qMax(rows.longestLine, lineWidth);
        if (lineEnds)
            lineWidth = 0;
        if (next < size || lineEnds) // a text ending in a line break has an empty last row
            rows.starts.append(next);
        pos = next;
        if (++sinceProgress == RowsPerProgress) {
            sinceProgress = 0;
            if (progress && !progress(int(pos * 100 / size)))
                return {};
        }
    }
    return rows;
}

// ---------------------------------------------------------------------------------

BigTextView::BigTextView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    m_rows.starts.append(0); // before setFont: its FontChange lays the rows out
    setFont(JsonText::monospaceFont());
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setCursor(Qt::IBeamCursor);

    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, this, [this](int value) {
        if (!m_preparing || value == m_progress)
            return;
        m_progress = value;
        Q_EMIT progressChanged(value);
        viewport()->update();
    });
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        // A late signal of a dropped preparation finds another future (or none) being watched.
        const QFuture<TextRows> future = m_watcher.future();
        if (!m_preparing || !future.isFinished() || future.isCanceled() || future.resultCount() < 1)
            return;
        apply(m_pendingText, future.result());
    });
    connect(&m_recutWatcher, &QFutureWatcherBase::finished, this, [this] {
        const QFuture<TextRows> future = m_recutWatcher.future();
        if (!m_recutRunning || !future.isFinished() || future.isCanceled() || future.resultCount() < 1)
            return;
        m_recutRunning = false;
        setRows(future.result());
        Q_EMIT rowsRecut();
        scheduleRecut(); // the view may have been resized again meanwhile
    });
    m_recutTimer.setSingleShot(true);
    m_recutTimer.setInterval(RecutDelayMs);
    connect(&m_recutTimer, &QTimer::timeout, this, &BigTextView::recut);
    m_incrementalTimer.setSingleShot(true);
    m_incrementalTimer.setInterval(IncrementalFindMs);
    connect(&m_incrementalTimer, &QTimer::timeout, this, &BigTextView::findIncrementally);

    m_scrollTimer.setInterval(40);
    connect(&m_scrollTimer, &QTimer::timeout, this, [this] {
        const int y = m_dragPos.y();
        if (y < 0)
            verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub);
        else if (y > viewport()->height())
            verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        moveCursorTo(offsetAt(m_dragPos), true);
    });
    m_findTimer.setInterval(0);
    connect(&m_findTimer, &QTimer::timeout, this, &BigTextView::findStep);

    // Find bar: floats over the top right corner of the text, like a browser's.
    auto *bar = new QFrame(this);
    bar->setObjectName(QStringLiteral("findBar"));
    bar->setFrameShape(QFrame::StyledPanel);
    bar->setAutoFillBackground(true);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    m_findEdit = searchField(QStringLiteral("findText"), tr("Find"), bar);
    m_findEdit->setMinimumWidth(160);
    auto *previous = new QToolButton(bar);
    previous->setObjectName(QStringLiteral("findPrevious"));
    previous->setText(tr("Previous"));
    previous->setToolTip(tr("Find the previous match (Shift+F3)"));
    auto *next = new QToolButton(bar);
    next->setObjectName(QStringLiteral("findNext"));
    next->setText(tr("Next"));
    next->setToolTip(tr("Find the next match (F3)"));
    m_findCaseBox = new QCheckBox(tr("Match case"), bar);
    m_findCaseBox->setObjectName(QStringLiteral("findCase"));
    m_findStatus = new QLabel(bar);
    m_findStatus->setObjectName(QStringLiteral("findStatus"));
    auto *close = new QToolButton(bar);
    close->setText(tr("Close"));
    close->setToolTip(tr("Close the find bar (Esc)"));
    layout->addWidget(m_findEdit, 1);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(m_findCaseBox);
    layout->addWidget(m_findStatus);
    layout->addWidget(close);
    bar->hide();
    m_findBar = bar;
    auto findFromBar = [this](FindDirection direction) {
        m_incrementalTimer.stop();
        find(m_findEdit->text(), direction, barCase());
    };
    // Enter and Shift+Enter are taken in eventFilter: returnPressed does not tell Shift apart.
    m_findEdit->installEventFilter(this);
    connect(m_findEdit, &QLineEdit::textEdited, this, [this] { m_incrementalTimer.start(); });
    connect(m_findCaseBox, &QCheckBox::toggled, this, [this] {
        if (!m_findEdit->text().isEmpty())
            m_incrementalTimer.start();
    });
    connect(next, &QToolButton::clicked, this, [findFromBar] { findFromBar(FindForward); });
    connect(previous, &QToolButton::clicked, this, [findFromBar] { findFromBar(FindBackward); });
    auto closeBar = [this] {
        m_incrementalTimer.stop();
        stopFind();
        m_findBar->hide();
        setFocus();
    };
    connect(close, &QToolButton::clicked, this, closeBar);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), bar, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, closeBar);
    auto *findNextKey = new QShortcut(QKeySequence::FindNext, bar, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(findNextKey, &QShortcut::activated, this, [findFromBar] { findFromBar(FindForward); });
    auto *findPreviousKey = new QShortcut(QKeySequence::FindPrevious, bar, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(findPreviousKey, &QShortcut::activated, this, [findFromBar] { findFromBar(FindBackward); });
}

BigTextView::~BigTextView()
{
    // The worker holds its own reference to the text; it sees the cancel and stops soon.
    m_watcher.future().cancel();
    m_recutWatcher.future().cancel();
}

void BigTextView::setText(const TextSource &text)
{
    cancel();
    if (text.size() <= SyncLimit) {
        apply(text, TextRows::build(text, columnForWidth()));
        return;
    }
    m_pendingText = text;
    m_watcher.setFuture(buildInWorker(text, columnForWidth()));
    m_progress = 0;
    setPreparing(true);
    Q_EMIT progressChanged(0);
}

void BigTextView::cancel()
{
    if (!m_preparing)
        return;
    m_watcher.future().cancel();
    m_watcher.setFuture(QFuture<TextRows>());
    m_pendingText = {};
    setPreparing(false);
}

void BigTextView::setPreparing(bool preparing)
{
    if (m_preparing == preparing)
        return;
    m_preparing = preparing;
    viewport()->update();
    Q_EMIT preparingChanged(preparing);
}

void BigTextView::apply(const TextSource &text, const TextRows &rows)
{
    stopFind();
    stopRecut();
    // The full text usually replaces its own beginning: the top character, selection and caret stay valid.
    const qsizetype top = topOffset();
    m_text = text;
    m_reader = TextReader(text);
    m_pendingText = {};
    m_anchor = qMin(m_anchor, m_text.size());
    m_position = qMin(m_position, m_text.size());
    m_rows = {};
    setRows(rows, top);
    m_progress = 100;
    setPreparing(false);
    Q_EMIT textShown();
    scheduleRecut(); // the view may have been resized while the rows were built
}

void BigTextView::setRows(const TextRows &rows)
{
    setRows(rows, topOffset());
}

void BigTextView::setRows(const TextRows &rows, qsizetype top)
{
    m_rows = rows;
    if (m_rows.starts.isEmpty())
        m_rows.starts.append(0);
    m_caretX = -1;
    const qreal advance = QFontMetricsF(font()).horizontalAdvance(u'M');
    m_contentWidth = leftMargin() + int(std::ceil(qMin<qsizetype>(m_rows.longestRow, m_rows.column) * advance)) + RightPadding;
    updateScrollBars();
    verticalScrollBar()->setValue(int(qMin<qsizetype>(rowOf(top), std::numeric_limits<int>::max())));
    viewport()->update();
}

int BigTextView::columnForWidth() const
{
    const qreal advance = QFontMetricsF(font()).horizontalAdvance(u'M');
    int width = viewport()->width() - leftMargin() - RightPadding;
    // Room for the vertical scroll bar is always kept, so the rows need not be cut again
    // (in a worker, for seconds) when the rows themselves make it appear.
    if (!verticalScrollBar()->isVisibleTo(this))
        width -= style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, verticalScrollBar());
    return qMax(MinimumColumn, advance > 0 ? int(width / advance) : MinimumColumn);
}

qsizetype BigTextView::topOffset() const
{
    if (m_rows.starts.isEmpty())
        return 0;
    return rowStart(qBound<qsizetype>(0, qsizetype(verticalScrollBar()->value()), rowCount() - 1));
}

void BigTextView::scheduleRecut()
{
    if (m_preparing) // the new text's rows are checked when they arrive
        return;
    if (m_rows.sameRowsAt(columnForWidth())) {
        stopRecut(); // back at the width the rows were cut for: a re-cut under way is stale
        return;
    }
    if (m_text.size() <= SyncLimit)
        recut(); // takes a millisecond or two: no flicker of too wide rows
    else
        m_recutTimer.start(); // restarted by every resize of a drag
}

void BigTextView::recut()
{
    m_recutTimer.stop();
    const int column = columnForWidth();
    if (m_preparing || m_rows.sameRowsAt(column))
        return;
    stopRecut();
    if (m_text.size() <= SyncLimit) {
        setRows(TextRows::build(m_text, column));
        Q_EMIT rowsRecut();
        return;
    }
    // The old rows stay shown until the new ones arrive.
    m_recutWatcher.setFuture(buildInWorker(m_text, column));
    m_recutRunning = true;
}

void BigTextView::stopRecut()
{
    m_recutTimer.stop();
    if (!m_recutRunning)
        return;
    m_recutRunning = false;
    m_recutWatcher.future().cancel();
    m_recutWatcher.setFuture(QFuture<TextRows>());
}

QString BigTextView::selectedText() const
{
    return m_text.mid(selectionStart(), selectionEnd() - selectionStart());
}

void BigTextView::setSelection(qsizetype anchor, qsizetype position)
{
    m_anchor = qBound<qsizetype>(0, anchor, m_text.size());
    m_position = qBound<qsizetype>(0, position, m_text.size());
    viewport()->update();
}

void BigTextView::selectAll()
{
    setSelection(0, m_text.size());
}

void BigTextView::copy() const
{
    if (selectionEnd() > selectionStart())
        QGuiApplication::clipboard()->setText(selectedText());
}

void BigTextView::moveCursorTo(qsizetype position, bool extend)
{
    m_position = qBound<qsizetype>(0, position, m_text.size());
    if (!extend)
        m_anchor = m_position;
    m_caretX = -1;
    viewport()->update();
}

int BigTextView::caretX() const
{
    const qsizetype row = rowOf(m_position);
    QTextLayout layout;
    layoutRow(layout, row);
    return layout.lineCount() > 0 ? int(layout.lineAt(0).cursorToX(int(m_position - rowStart(row)))) : 0;
}

void BigTextView::moveCaretByRows(qsizetype rows)
{
    const int x = m_caretX >= 0 ? m_caretX : caretX();
    const qsizetype target = rowOf(m_position) + rows;
    qsizetype position;
    if (target < 0) {
        position = 0;
    } else if (target >= rowCount()) {
        position = m_text.size();
    } else {
        QTextLayout layout;
        layoutRow(layout, target);
        const int column = layout.lineCount() > 0 ? layout.lineAt(0).xToCursor(x, QTextLine::CursorBetweenCharacters) : 0;
        position = qMin(rowStart(target) + column, rowDisplayEnd(target));
    }
    moveCursorTo(position, true);
    m_caretX = x; // Up and Down keep to the column they started from
    ensureVisible(position);
}

void BigTextView::ensureVisible(qsizetype offset)
{
    const qsizetype row = rowOf(offset);
    QScrollBar *vertical = verticalScrollBar();
    if (row < vertical->value())
        vertical->setValue(int(row));
    else if (row >= vertical->value() + visibleRows())
        vertical->setValue(int(row - visibleRows() + 1));
}

// ---------------------------------------------------------------------------------
// Rows and geometry

qsizetype BigTextView::rowOf(qsizetype offset) const
{
    const auto it = std::upper_bound(m_rows.starts.cbegin(), m_rows.starts.cend(), offset);
    return qMax<qsizetype>(0, (it - m_rows.starts.cbegin()) - 1);
}

qsizetype BigTextView::rowDisplayEnd(qsizetype row) const
{
    const qsizetype start = rowStart(row);
    qsizetype end = row + 1 < rowCount() ? rowStart(row + 1) : m_text.size();
    if (end > start && charAt(end - 1) == u'\n') {
        --end;
        if (end > start && charAt(end - 1) == u'\r')
            --end;
    }
    return end;
}

bool BigTextView::isContinuation(qsizetype row) const
{
    return row > 0 && charAt(rowStart(row) - 1) != u'\n';
}

void BigTextView::layoutRow(QTextLayout &layout, qsizetype row) const
{
    const qsizetype start = rowStart(row);
    const qsizetype end = rowDisplayEnd(row);
    layout.setText(m_reader.window(start, end - start).toString());
    layout.setFont(font());
    QTextOption option;
    option.setWrapMode(QTextOption::NoWrap);
    option.setTabStopDistance(TextRows::TabWidth * QFontMetricsF(font()).horizontalAdvance(u' '));
    layout.setTextOption(option);
    layout.setCacheEnabled(true);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (line.isValid())
        line.setPosition(QPointF(0, 0));
    layout.endLayout();
}

int BigTextView::lineHeight() const
{
    return qMax(1, QFontMetrics(font()).lineSpacing());
}

int BigTextView::leftMargin() const
{
    return QFontMetrics(font()).horizontalAdvance(u'M') * 2;
}

int BigTextView::visibleRows() const
{
    return qMax(1, viewport()->height() / lineHeight());
}

void BigTextView::updateScrollBars()
{
    const int rows = int(qMin<qsizetype>(rowCount(), std::numeric_limits<int>::max()));
    verticalScrollBar()->setRange(0, qMax(0, rows - visibleRows()));
    verticalScrollBar()->setPageStep(visibleRows());
    verticalScrollBar()->setSingleStep(1);
    horizontalScrollBar()->setRange(0, qMax(0, m_contentWidth - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    horizontalScrollBar()->setSingleStep(QFontMetrics(font()).horizontalAdvance(u'M') * 4);
}

qsizetype BigTextView::offsetAt(const QPoint &viewportPos) const
{
    const int height = lineHeight();
    const int y = viewportPos.y();
    const qsizetype row = verticalScrollBar()->value() + (y >= 0 ? y / height : (y - height + 1) / height);
    if (row < 0)
        return 0;
    if (row >= rowCount())
        return m_text.size();
    QTextLayout layout;
    layoutRow(layout, row);
    const qreal x = viewportPos.x() - leftMargin() + horizontalScrollBar()->value();
    const int column = layout.lineCount() > 0 ? layout.lineAt(0).xToCursor(x, QTextLine::CursorBetweenCharacters) : 0;
    return rowStart(row) + column;
}

void BigTextView::scrollToOffset(qsizetype offset)
{
    const qsizetype row = rowOf(offset);
    QScrollBar *vertical = verticalScrollBar();
    // Rows under the find bar count as hidden: a match found there is scrolled to the middle.
    const int covered = m_findBar->isVisible() ? qMax(0, m_findBar->geometry().bottom() - viewport()->y()) / lineHeight() + 1 : 0;
    if (row < vertical->value() + covered || row >= vertical->value() + visibleRows())
        vertical->setValue(int(qMax<qsizetype>(0, row - visibleRows() / 2)));
    QTextLayout layout;
    layoutRow(layout, row);
    if (layout.lineCount() == 0)
        return;
    const int x = int(layout.lineAt(0).cursorToX(int(offset - rowStart(row))));
    QScrollBar *horizontal = horizontalScrollBar();
    const int width = viewport()->width() - leftMargin();
    if (x < horizontal->value() || x > horizontal->value() + width - 20)
        horizontal->setValue(qMax(0, x - width / 2));
}

// ---------------------------------------------------------------------------------
// Painting and input

void BigTextView::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    const QRect area = viewport()->rect();
    painter.fillRect(area, palette().base());
    painter.setPen(palette().text().color());
    const int height = lineHeight();
    const int margin = leftMargin();
    const qreal x = margin - horizontalScrollBar()->value();
    const qsizetype selectionFrom = selectionStart();
    const qsizetype selectionTo = selectionEnd();
    QTextCharFormat selected;
    selected.setBackground(palette().highlight());
    selected.setForeground(palette().highlightedText());
    const QRect textArea(margin, 0, area.width() - margin, area.height());
    // The caret shows where Shift+arrows extend the selection from.
    const bool caretShown = hasFocus() && !m_text.isEmpty();
    const qsizetype caretRow = caretShown ? rowOf(m_position) : -1;
    int widest = 0;
    int y = 0;
    for (qsizetype row = verticalScrollBar()->value(); row < rowCount() && y < area.height(); ++row, y += height) {
        if (isContinuation(row)) {
            // A row cut from a longer line: marked in the margin, so a copy is not expected to break there.
            painter.setPen(palette().color(QPalette::PlaceholderText));
            painter.drawText(QRect(0, y, margin, height), Qt::AlignCenter, QStringLiteral("↪"));
            painter.setPen(palette().text().color());
        }
        QTextLayout layout;
        layoutRow(layout, row);
        QList<QTextLayout::FormatRange> formats;
        const qsizetype start = rowStart(row);
        const qsizetype end = rowDisplayEnd(row);
        if (selectionTo > selectionFrom && selectionTo > start && selectionFrom < end) {
            const qsizetype from = qMax(selectionFrom, start) - start;
            const qsizetype to = qMin(selectionTo, end) - start;
            formats.append({int(from), int(to - from), selected});
        }
        painter.save();
        painter.setClipRect(textArea);
        layout.draw(&painter, QPointF(x, y), formats);
        if (row == caretRow)
            layout.drawCursor(&painter, QPointF(x, y), int(m_position - start));
        painter.restore();
        if (layout.lineCount() > 0) // tabs and wide characters make a row wider than its characters
            widest = qMax(widest, int(std::ceil(layout.lineAt(0).naturalTextWidth())) + margin + RightPadding);
    }
    if (widest > m_contentWidth) { // wide characters: measured rows are wider than estimated
        m_contentWidth = widest;
        QTimer::singleShot(0, this, &BigTextView::updateScrollBars);
    }
    if (m_preparing) {
        const QString note = tr("Preparing… (%1 %)").arg(m_progress);
        const QFontMetrics metrics(font());
        QRect box = metrics.boundingRect(note).adjusted(-8, -4, 8, 4);
        box.moveBottomRight(area.bottomRight() - QPoint(8, 8));
        painter.fillRect(box, palette().toolTipBase());
        painter.setPen(palette().toolTipText().color());
        painter.drawText(box, Qt::AlignCenter, note);
    }
}

void BigTextView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
    placeFindBar();
    scheduleRecut();
}

void BigTextView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        setRows(m_rows); // the content width follows the font
        scheduleRecut();
    }
}

void BigTextView::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    viewport()->update();
}

void BigTextView::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}

bool BigTextView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_findEdit && event->type() == QEvent::ShortcutOverride
        && static_cast<QKeyEvent *>(event)->matches(QKeySequence::Find)) {
        event->accept(); // Ctrl+F in the find bar stays in it (see event())
        return true;
    }
    if (watched == m_findEdit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (m_incrementalTimer.isActive()) {
                // Typed and pressed Enter at once: the search for what was typed comes first.
                m_incrementalTimer.stop();
                findIncrementally();
            } else {
                find(m_findEdit->text(), key->modifiers().testFlag(Qt::ShiftModifier) ? FindBackward : FindForward,
                     barCase());
            }
            return true;
        }
    }
    return QAbstractScrollArea::eventFilter(watched, event);
}

bool BigTextView::event(QEvent *event)
{
    // The keys the view answers itself win over a window's shortcuts for them (the server
    // page's Ctrl+F filters the traffic): in the text, Ctrl+F finds in the text.
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Find) || key->matches(QKeySequence::FindNext) || key->matches(QKeySequence::FindPrevious)
            || key->matches(QKeySequence::Copy) || key->matches(QKeySequence::SelectAll)) {
            event->accept();
            return true;
        }
    }
    return QAbstractScrollArea::event(event);
}

void BigTextView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void BigTextView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copy();
    } else if (event->matches(QKeySequence::SelectAll)) {
        selectAll();
    } else if (event->matches(QKeySequence::Find)) {
        showFindBar();
    } else if (event->matches(QKeySequence::FindNext) || event->matches(QKeySequence::FindPrevious)) {
        const FindDirection direction = event->matches(QKeySequence::FindNext) ? FindForward : FindBackward;
        if (m_findEdit->text().isEmpty())
            showFindBar();
        else
            find(m_findEdit->text(), direction, m_findCaseBox->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive);
    } else if (event->key() == Qt::Key_Escape && m_findBar->isVisible()) {
        m_incrementalTimer.stop();
        stopFind();
        m_findBar->hide();
    } else if (event->matches(QKeySequence::SelectNextLine) || event->matches(QKeySequence::SelectPreviousLine)
               || event->matches(QKeySequence::SelectNextPage) || event->matches(QKeySequence::SelectPreviousPage)) {
        placeCaretInView();
        const qsizetype rows = event->matches(QKeySequence::SelectNextPage) || event->matches(QKeySequence::SelectPreviousPage)
            ? visibleRows() : 1;
        const bool down = event->matches(QKeySequence::SelectNextLine) || event->matches(QKeySequence::SelectNextPage);
        moveCaretByRows(down ? rows : -rows);
    } else if (event->matches(QKeySequence::SelectNextChar) || event->matches(QKeySequence::SelectPreviousChar)) {
        placeCaretInView();
        qsizetype position = m_position;
        if (event->matches(QKeySequence::SelectNextChar) && position < m_text.size())
            position += position + 1 < m_text.size() && charAt(position).isHighSurrogate() && charAt(position + 1).isLowSurrogate() ? 2 : 1;
        else if (event->matches(QKeySequence::SelectPreviousChar) && position > 0)
            position -= position > 1 && charAt(position - 1).isLowSurrogate() && charAt(position - 2).isHighSurrogate() ? 2 : 1;
        moveCursorTo(position, true);
        ensureVisible(position);
    } else if (event->matches(QKeySequence::SelectStartOfLine) || event->matches(QKeySequence::SelectEndOfLine)) {
        placeCaretInView();
        const qsizetype row = rowOf(m_position);
        const qsizetype position = event->matches(QKeySequence::SelectStartOfLine) ? rowStart(row) : rowDisplayEnd(row);
        moveCursorTo(position, true);
        ensureVisible(position);
    } else if (event->matches(QKeySequence::SelectStartOfDocument) || event->matches(QKeySequence::SelectEndOfDocument)) {
        placeCaretInView();
        const qsizetype position = event->matches(QKeySequence::SelectStartOfDocument) ? 0 : m_text.size();
        moveCursorTo(position, true);
        ensureVisible(position);
    } else if (event->matches(QKeySequence::MoveToStartOfDocument) || event->matches(QKeySequence::MoveToStartOfLine)) {
        // Plain Home/End scroll like Ctrl+Home/End: rows are cut to fit, so there is no line start to go to.
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderToMinimum);
        horizontalScrollBar()->triggerAction(QAbstractSlider::SliderToMinimum);
    } else if (event->matches(QKeySequence::MoveToEndOfDocument) || event->matches(QKeySequence::MoveToEndOfLine)) {
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderToMaximum);
    } else {
        QAbstractScrollArea::keyPressEvent(event);
    }
}

void BigTextView::placeCaretInView()
{
    // Without a selection and with the caret scrolled away, the keyboard selects from the top of the view.
    if (selectionEnd() > selectionStart())
        return;
    const qsizetype row = rowOf(m_position);
    if (row < verticalScrollBar()->value() || row >= verticalScrollBar()->value() + visibleRows())
        moveCursorTo(topOffset(), false);
}

void BigTextView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    setFocus(Qt::MouseFocusReason);
    m_dragPos = event->position().toPoint();
    moveCursorTo(offsetAt(m_dragPos), event->modifiers().testFlag(Qt::ShiftModifier));
}

void BigTextView::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton))
        return;
    m_dragPos = event->position().toPoint();
    moveCursorTo(offsetAt(m_dragPos), true);
    const bool outside = m_dragPos.y() < 0 || m_dragPos.y() > viewport()->height();
    if (outside && !m_scrollTimer.isActive())
        m_scrollTimer.start();
    else if (!outside)
        m_scrollTimer.stop();
}

void BigTextView::mouseReleaseEvent(QMouseEvent *event)
{
    m_scrollTimer.stop();
    event->accept();
}

void BigTextView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    // Selects the word (letters, digits, '_') under the mouse, across row cuts (a line break
    // ends a word anyway), but not for ever in a giant run of word characters.
    constexpr qsizetype MaxWord = 4096;
    const qsizetype at = offsetAt(event->position().toPoint());
    auto isWord = [this](qsizetype i) { return charAt(i).isLetterOrNumber() || charAt(i) == u'_'; };
    qsizetype from = at;
    qsizetype to = at;
    while (from > 0 && at - from < MaxWord && isWord(from - 1))
        --from;
    while (to < m_text.size() && to - at < MaxWord && isWord(to))
        ++to;
    setSelection(from, to);
}

void BigTextView::contextMenuEvent(QContextMenuEvent *event)
{
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *copyAction = menu->addAction(tr("Copy"), this, &BigTextView::copy);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setEnabled(selectionEnd() > selectionStart());
    menu->addAction(tr("Select All"), this, &BigTextView::selectAll)->setShortcut(QKeySequence::SelectAll);
    menu->addSeparator();
    menu->addAction(tr("Find…"), this, &BigTextView::showFindBar)->setShortcut(QKeySequence::Find);
    menu->popup(event->globalPos());
}

// ---------------------------------------------------------------------------------
// Find

void BigTextView::showFindBar()
{
    if (selectionEnd() > selectionStart() && selectionEnd() - selectionStart() <= 200 && !selectedText().contains(u'\n'))
        m_findEdit->setText(selectedText());
    m_findBar->show();
    m_findBar->raise();
    placeFindBar();
    m_findEdit->setFocus(Qt::ShortcutFocusReason);
    m_findEdit->selectAll();
}

void BigTextView::placeFindBar()
{
    if (!m_findBar || !m_findBar->isVisible())
        return;
    m_findBar->adjustSize();
    const QRect area = viewport()->geometry();
    const int width = qMin(m_findBar->sizeHint().width(), area.width());
    m_findBar->resize(width, m_findBar->sizeHint().height());
    m_findBar->move(qMax(area.left(), area.right() - width - 4), area.top() + 4);
}

void BigTextView::find(const QString &needle, FindDirection direction, Qt::CaseSensitivity cs)
{
    // The bar shows what is searched for, whoever asked (setText does not emit textEdited).
    m_incrementalTimer.stop();
    if (m_findEdit->text() != needle)
        m_findEdit->setText(needle);
    {
        const QSignalBlocker blocker(m_findCaseBox);
        m_findCaseBox->setChecked(cs == Qt::CaseSensitive);
    }
    // After the selection (a repeated "next" does not find the same match again), or before it.
    findFrom(needle, direction, cs, direction == FindForward ? selectionEnd() : selectionStart());
}

void BigTextView::findIncrementally()
{
    // From the match being refined (or the caret) when it is in view, else from the top of the view.
    qsizetype from = selectionStart();
    const qsizetype row = rowOf(from);
    if (row < verticalScrollBar()->value() || row >= verticalScrollBar()->value() + visibleRows())
        from = topOffset();
    findFrom(m_findEdit->text(), FindForward, barCase(), from);
}

Qt::CaseSensitivity BigTextView::barCase() const
{
    return m_findCaseBox->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive;
}

void BigTextView::setFindStatus(const QString &text, bool noMatch)
{
    m_findStatus->setText(text);
    if (m_findEdit->property("noMatch").toBool() != noMatch) {
        m_findEdit->setProperty("noMatch", noMatch);
        if (noMatch) {
            QPalette palette = m_findEdit->palette();
            palette.setColor(QPalette::Base, Theme::noMatchBase(palette.color(QPalette::Base)));
            m_findEdit->setPalette(palette);
        } else {
            m_findEdit->setPalette(QPalette());
        }
    }
    placeFindBar();
}

void BigTextView::findFrom(const QString &needle, FindDirection direction, Qt::CaseSensitivity cs, qsizetype from)
{
    stopFind();
    if (needle.isEmpty() || m_text.isEmpty()) {
        setFindStatus({}, false);
        Q_EMIT findFinished(false);
        return;
    }
    m_needle = needle;
    m_findCase = cs;
    m_findDirection = direction;
    m_findPos = from;
    m_findRemaining = m_text.size();
    findStep();
}

void BigTextView::stopFind()
{
    m_findTimer.stop();
    m_findRemaining = 0;
}

void BigTextView::findStep()
{
    const qsizetype size = m_text.size();
    const qsizetype length = m_needle.size();
    const bool forward = m_findDirection == FindForward;
    QElapsedTimer elapsed;
    elapsed.start();
    // Searches slices of start positions, wrapping around at either end, until all were tried.
    while (m_findRemaining > 0) {
        qsizetype from;
        qsizetype to;
        if (forward) {
            if (m_findPos >= size)
                m_findPos = 0;
            const qsizetype chunk = std::min({FindSlice, size - m_findPos, m_findRemaining});
            from = m_findPos;
            to = from + chunk;
            m_findPos = to;
            m_findRemaining -= chunk;
        } else {
            if (m_findPos <= 0)
                m_findPos = size;
            const qsizetype chunk = std::min({FindSlice, m_findPos, m_findRemaining});
            to = m_findPos;
            from = to - chunk;
            m_findPos = from;
            m_findRemaining -= chunk;
        }
        const QStringView window = m_reader.window(from, qMin(size, to + length - 1) - from);
        const qsizetype at = forward ? window.indexOf(m_needle, 0, m_findCase) : window.lastIndexOf(m_needle, m_findCase);
        if (at >= 0) {
            stopFind();
            const qsizetype start = from + at;
            setSelection(start, start + length);
            scrollToOffset(start + length);
            scrollToOffset(start);
            setFindStatus({}, false);
            Q_EMIT findFinished(true);
            return;
        }
        if (m_findRemaining > 0 && elapsed.elapsed() >= FindStepMs) {
            setFindStatus(tr("Searching… %1 %").arg(int((size - m_findRemaining) * 100 / size)), false);
            if (!m_findTimer.isActive())
                m_findTimer.start();
            return;
        }
    }
    stopFind();
    setFindStatus(tr("No match"), true);
    Q_EMIT findFinished(false);
}

} // namespace Mcp::Ui
