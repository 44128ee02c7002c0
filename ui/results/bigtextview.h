#pragma once

#include "results/textsource.h"

#include <QAbstractScrollArea>
#include <QFutureWatcher>
#include <QList>
#include <QString>
#include <QTimer>

#include <functional>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
class QLineEdit;
class QTextLayout;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Where the rows of a text start: lines, with lines wider than `column` cut into rows of that
// many cells (a 16 MiB minified JSON line in a 900 px view becomes ~150,000 rows instead of
// one line nobody can lay out). Pure and cancellable, so it runs off the GUI thread.
// Widths are in cells of a monospace font: a character takes one, a tab reaches the next
// multiple of TabWidth (counted from the row's start, as the row is laid out).
struct TextRows
{
    static constexpr int TabWidth = 8;

    QList<qsizetype> starts;   // offsets of the rows' first characters, ascending, never empty; 8 bytes a row
    qsizetype longestRow = 0;  // in cells, without the line break
    qsizetype longestLine = 0; // in cells; exact when no line was cut, else more than `column`
    int column = 0;            // the cells the rows were cut at

    // True when cutting at `otherColumn` gives the same rows (no line is cut at either column).
    bool sameRowsAt(int otherColumn) const
    {
        return otherColumn == column || (longestLine <= column && longestLine <= otherColumn);
    }

    // `progress(percent)` is called now and then; it returns false to cancel (the result is then empty).
    static TextRows build(const TextSource &text, int column, const std::function<bool(int)> &progress = {});
};

// A read-only view for texts of many megabytes that never blocks the GUI thread: it paints
// only the visible rows, builds its row index in a worker (the previous text stays on screen
// meanwhile), and finds in slices between events. Long lines are cut at the viewport's width
// (re-cut in a worker after a resize), so there is no sideways scrolling. Selection with mouse
// and keyboard (Shift+arrows, pages, Home/End from the caret), Ctrl+C copies the exact
// characters, Ctrl+A, Ctrl+F finds incrementally (Enter / F3 next, Shift+Enter / Shift+F3 previous).
class BigTextView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit BigTextView(QWidget *parent = nullptr);
    ~BigTextView() override;

    static constexpr int MinimumColumn = 40;          // rows are never cut narrower, however narrow the view
    static constexpr qsizetype SyncLimit = 512 * 1024; // smaller texts are indexed at once
    static constexpr int RecutDelayMs = 100;          // a resize re-cuts big texts after this quiet time

    // Shows `text`: at once when it is small, else after its rows are indexed in a worker
    // (preparingChanged, progressChanged, then textShown). A new setText or cancel() drops
    // any preparation still running; its result is never shown.
    void setText(const TextSource &text);
    void cancel();
    bool isPreparing() const { return m_preparing; }
    int progress() const { return m_progress; }

    const TextSource &source() const { return m_text; } // the text shown, not one being prepared
    qsizetype textSize() const { return m_text.size(); }
    QString text() const { return m_text.mid(0, m_text.size()); } // converted whole: for tests
    qsizetype rowCount() const { return m_rows.starts.size(); }
    const TextRows &rows() const { return m_rows; }
    int wrapColumn() const { return m_rows.column; } // the column the shown rows are cut at
    int columnForWidth() const;                      // the column that fits the viewport now
    bool isRecutting() const { return m_recutTimer.isActive() || m_recutRunning; }
    qsizetype topOffset() const; // the first character of the top visible row

    // Selection as character offsets into text(), [start, end).
    void setSelection(qsizetype anchor, qsizetype position);
    qsizetype selectionStart() const { return qMin(m_anchor, m_position); }
    qsizetype selectionEnd() const { return qMax(m_anchor, m_position); }
    QString selectedText() const;
    void selectAll();
    void copy() const;

    enum FindDirection { FindForward, FindBackward };
    // Finds `needle` after (or before) the selection, wrapping around, in slices so the GUI stays
    // responsive; the match becomes the selection and is scrolled into view (findFinished).
    // The find bar shows `needle` and `cs`; it says "No match" when there is none.
    void find(const QString &needle, FindDirection direction, Qt::CaseSensitivity cs = Qt::CaseInsensitive);
    bool isFinding() const { return m_findTimer.isActive(); }
    void showFindBar();

    qsizetype offsetAt(const QPoint &viewportPos) const;
    void scrollToOffset(qsizetype offset);

Q_SIGNALS:
    void preparingChanged(bool preparing);
    void progressChanged(int percent);
    void textShown();
    void findFinished(bool found);
    void rowsRecut(); // the shown text was cut into rows anew for another width

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void apply(const TextSource &text, const TextRows &rows);
    QChar charAt(qsizetype offset) const { return m_reader.at(offset); }
    void setRows(const TextRows &rows); // keeps the top character at the top
    void setRows(const TextRows &rows, qsizetype top);
    void scheduleRecut();
    void recut();
    void stopRecut();
    void findFrom(const QString &needle, FindDirection direction, Qt::CaseSensitivity cs, qsizetype from);
    void findIncrementally();
    void setFindStatus(const QString &text, bool noMatch);
    Qt::CaseSensitivity barCase() const;
    void ensureVisible(qsizetype offset);
    void placeCaretInView();
    void moveCaretByRows(qsizetype rows);
    int caretX() const;
    void setPreparing(bool preparing);
    void updateScrollBars();
    void stopFind();
    void findStep();
    void placeFindBar();
    void moveCursorTo(qsizetype position, bool extend);

    qsizetype rowOf(qsizetype offset) const;
    qsizetype rowStart(qsizetype row) const { return m_rows.starts.at(row); }
    qsizetype rowDisplayEnd(qsizetype row) const; // end of the row's characters, before any line break
    bool isContinuation(qsizetype row) const;
    void layoutRow(QTextLayout &layout, qsizetype row) const;
    int lineHeight() const;
    int leftMargin() const;
    int visibleRows() const;

    TextSource m_text;
    mutable TextReader m_reader; // of m_text, for painting and input on the GUI thread
    TextRows m_rows;
    TextSource m_pendingText;
    QFutureWatcher<TextRows> m_watcher;
    QFutureWatcher<TextRows> m_recutWatcher;
    QTimer m_recutTimer;
    bool m_recutRunning = false; // until its result is shown: the future finishes before the watcher says so
    bool m_preparing = false;
    int m_progress = 0;
    int m_contentWidth = 0;

    qsizetype m_anchor = 0;
    qsizetype m_position = 0; // the caret
    int m_caretX = -1;        // where Shift+Up/Down keep the caret, in pixels; -1 = where it is
    QTimer m_scrollTimer; // scrolls while a drag selection is outside the view
    QPoint m_dragPos;

    QString m_needle;
    Qt::CaseSensitivity m_findCase = Qt::CaseInsensitive;
    FindDirection m_findDirection = FindForward;
    qsizetype m_findPos = 0;
    qsizetype m_findRemaining = 0;
    QTimer m_findTimer;
    QTimer m_incrementalTimer; // typing in the find bar searches after a short pause

    QWidget *m_findBar = nullptr;
    QLineEdit *m_findEdit = nullptr;
    QCheckBox *m_findCaseBox = nullptr;
    QLabel *m_findStatus = nullptr;
};

} // namespace Mcp::Ui
