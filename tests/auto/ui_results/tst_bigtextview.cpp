#include "results/bigtextview.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>

using namespace Mcp::Ui;

namespace {

// The width of `row` in cells: a character takes one, a tab reaches the next multiple of 8.
int cellsOf(QStringView row)
{
    int width = 0;
    for (const QChar c : row)
        width += c == u'\t' ? 8 - width % 8 : 1;
    return width;
}

// The rows as the view cuts them, computed the slow and obvious way: a row is cut before the
// character that would not fit in `column` cells, never inside a surrogate pair, never before a line break.
QList<qsizetype> referenceRows(const QString &text, int column)
{
    QList<qsizetype> starts{0};
    qsizetype rowStart = 0;
    int width = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'\n') {
            rowStart = i + 1;
            width = 0;
            starts.append(rowStart);
            continue;
        }
        const auto cellsAt = [&] { return text.at(i) == u'\t' ? 8 - width % 8 : 1; };
        if (width + cellsAt() > column && i > rowStart) {
            const qsizetype cut = text.at(i - 1).isHighSurrogate() && i - 1 > rowStart ? i - 1 : i;
            rowStart = cut;
            starts.append(rowStart);
            width = cellsOf(QStringView(text).mid(cut, i - cut)); // the high surrogate moved along, if any
        }
        width += cellsAt();
    }
    return starts;
}

// 24 MiB of lines with a needle near the end, or one line of JSON: above SyncLimit, so prepared in a worker.
QString bigText(bool oneLine, const QString &needle, qsizetype size = 24 << 20)
{
    QString text;
    text.reserve(size + 200);
    const QString unit = oneLine ? QStringLiteral("{\"id\":12345,\"name\":\"item\",\"tags\":[\"a\",\"b\"]},")
                                 : QStringLiteral("line of text\twith \"quotes\", a \\backslash\\ and a newline\n");
    while (text.size() < size)
        text += unit;
    text += needle + QStringLiteral(" and the end");
    return text;
}

// The shown rows are cut at the view's width: every row fits the column, they are the rows a
// cut at that column gives, and together they are the text.
void verifyRowsFit(const BigTextView &view, const QString &text)
{
    const int column = view.wrapColumn();
    QCOMPARE(column, view.columnForWidth());
    const QList<qsizetype> starts = view.rows().starts;
    QCOMPARE(starts, referenceRows(text, column));
    QString joined;
    for (qsizetype i = 0; i < starts.size(); ++i) {
        const qsizetype end = i + 1 < starts.size() ? starts.at(i + 1) : text.size();
        const QStringView row = QStringView(text).mid(starts.at(i), end - starts.at(i));
        const int cells = cellsOf(row.endsWith(u'\n') ? row.chopped(1) : row);
        if (cells > column)
            QFAIL(qPrintable(QStringLiteral("row %1 takes %2 cells, the column is %3").arg(i).arg(cells).arg(column)));
        joined += row;
    }
    QCOMPARE(joined, text);
}

QString jsonLine(qsizetype size)
{
    const QString pair = QString::fromUtf8("\xF0\x9F\x98\x80");
    QString text;
    text.reserve(size + 100);
    for (int i = 0; text.size() < size; ++i)
        text += QStringLiteral("{\"id\":%1,\"name\":\"item-%1\"%2},").arg(i).arg(i % 13 == 0 ? pair : QString());
    return text;
}

// Shows view at width x height with the short text "preview" (shown at once, without a worker).
void showPreview(BigTextView &view, int width, int height)
{
    view.resize(width, height);
    view.show();
    view.setText(QStringLiteral("preview"));
}

// Shows view at width x height with text, and waits (at most a minute) until all of it is cut into
// rows: false when it was not by then (or, exposedFirst, the view was not exposed before the text
// was set).
bool showCut(BigTextView &view, int width, int height, const QString &text, bool exposedFirst = false)
{
    view.resize(width, height);
    view.show();
    if (exposedFirst && !QTest::qWaitForWindowExposed(&view))
        return false;
    view.setText(text);
    return QTest::qWaitFor([&view] { return !view.isPreparing() && !view.isRecutting(); }, 60000);
}

} // namespace

class tst_BigTextView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rows_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("column");
        const QString pair = QString::fromUtf8("\xF0\x9F\x98\x80"); // one emoji: a surrogate pair
        QTest::newRow("empty") << QString() << 4;
        QTest::newRow("one char") << QStringLiteral("a") << 4;
        QTest::newRow("line break only") << QStringLiteral("\n") << 4;
        QTest::newRow("ends with a line break") << QStringLiteral("ab\ncd\n") << 4;
        QTest::newRow("exactly a column") << QStringLiteral("abcd") << 4;
        QTest::newRow("column then break") << QStringLiteral("abcd\nefgh\n") << 4;
        QTest::newRow("one over") << QStringLiteral("abcde") << 4;
        QTest::newRow("long line") << QStringLiteral("abcdefghijklmnopqrstuvwxyz") << 4;
        QTest::newRow("crlf") << QStringLiteral("ab\r\ncd\r\n\r\nefghijk") << 4;
        QTest::newRow("pair at the cut") << (QStringLiteral("abc") + pair + QStringLiteral("defgh")) << 4;
        QTest::newRow("pairs only") << (pair + pair + pair + pair + pair) << 3;
        // Every mix of short pieces, so cuts and breaks fall at every offset.
        const QStringList pieces{QStringLiteral("a"), QStringLiteral("\n"), pair, QStringLiteral("bc")};
        for (int n = 0; n < 4 * 4 * 4 * 4 * 4; ++n) {
            QString text;
            for (int i = 0, rest = n; i < 5; ++i, rest /= 4)
                text += pieces.at(rest % 4);
            QTest::newRow(qPrintable(QStringLiteral("mix %1").arg(n))) << text << 3;
        }
        // Tabs take cells up to the next multiple of 8, counted from the row's start.
        QTest::newRow("tab fits") << QStringLiteral("ab\tc") << 9;
        QTest::newRow("tab does not fit") << QStringLiteral("abcd\tefgh") << 7;
        QTest::newRow("tab at a row start") << QStringLiteral("abcdefg\t\tx") << 8;
        QTest::newRow("tab wider than the column") << QStringLiteral("\t\ta\t") << 4;
        const QStringList tabbed{QStringLiteral("a"), QStringLiteral("\n"), QStringLiteral("\t"), pair, QStringLiteral("bcd")};
        for (int n = 0; n < 5 * 5 * 5 * 5; ++n) {
            QString text;
            for (int i = 0, rest = n; i < 4; ++i, rest /= 5)
                text += tabbed.at(rest % 5);
            QTest::newRow(qPrintable(QStringLiteral("tabs %1").arg(n))) << text << 9;
        }
    }

    void rows()
    {
        QFETCH(QString, text);
        QFETCH(int, column);
        const TextRows rows = TextRows::build(text, column);
        QCOMPARE(rows.starts, referenceRows(text, column));
        qsizetype longest = 0;
        for (qsizetype i = 0; i < rows.starts.size(); ++i) {
            const qsizetype end = i + 1 < rows.starts.size() ? rows.starts.at(i + 1) : text.size();
            QString row = text.mid(rows.starts.at(i), end - rows.starts.at(i));
            if (row.endsWith(u'\n'))
                row.chop(1);
            QVERIFY(row.size() <= column);
            QVERIFY(cellsOf(row) <= column || row.size() == 1); // one character always fits
            QVERIFY(row.isEmpty() || !row.back().isHighSurrogate() || end == text.size());
            longest = qMax<qsizetype>(longest, cellsOf(row));
        }
        QCOMPARE(rows.longestRow, longest);
        qsizetype longestLine = 0;
        for (const QString &line : text.split(u'\n'))
            longestLine = qMax<qsizetype>(longestLine, cellsOf(line));
        const bool cut = rows.starts.size() != text.count(u'\n') + 1;
        QCOMPARE(cut, longestLine > column);
        if (cut)
            QVERIFY(rows.longestLine > column);
        else
            QCOMPARE(rows.longestLine, longestLine);
        QCOMPARE(rows.column, column);
        // A resize skips re-cutting only when the other column gives the same rows.
        for (int other = 1; other < 12; ++other)
            QVERIFY(!rows.sameRowsAt(other) || TextRows::build(text, other).starts == rows.starts);
        QVERIFY(rows.sameRowsAt(column));
        QCOMPARE(rows.sameRowsAt(column + 1), longestLine <= column);
    }

    void buildIsCancellable()
    {
        const QString text = bigText(false, QStringLiteral("x"), 4 << 20);
        int calls = 0;
        const TextRows rows = TextRows::build(text, 200, [&calls](int) { return ++calls < 3; });
        QCOMPARE(calls, 3);
        QVERIFY(rows.starts.isEmpty());
    }

    void smallTextAtOnce()
    {
        BigTextView view;
        QSignalSpy shown(&view, &BigTextView::textShown);
        view.setText(QStringLiteral("one\ntwo\n"));
        QVERIFY(!view.isPreparing());
        QCOMPARE(shown.count(), 1);
        QCOMPARE(view.text(), QStringLiteral("one\ntwo\n"));
        QCOMPARE(view.rowCount(), 3);
    }

    void bigTextPreparedInAWorker_data()
    {
        QTest::addColumn<bool>("oneLine");
        QTest::newRow("many lines") << false;
        QTest::newRow("one giant line") << true;
    }

    void bigTextPreparedInAWorker()
    {
        QFETCH(bool, oneLine);
        const QString needle = QStringLiteral("needle-%1").arg(oneLine);
        const QString text = bigText(oneLine, needle);
        BigTextView view;
        showPreview(view, 800, 400);
        QSignalSpy preparing(&view, &BigTextView::preparingChanged);
        view.setText(text);
        QVERIFY(view.isPreparing());
        QCOMPARE(view.text(), QStringLiteral("preview")); // the old text stays until the new one is ready
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPreparing(), 60000);
        QCOMPARE(preparing.count(), 2);
        QCOMPARE(view.text().size(), text.size());
        QVERIFY(view.text().endsWith(needle + QStringLiteral(" and the end")));
        QCOMPARE(view.wrapColumn(), view.columnForWidth());
        if (oneLine)
            QCOMPARE(view.rowCount(), (text.size() + view.wrapColumn() - 1) / view.wrapColumn());

        // The last row is shown at the bottom: the character under the last visible row is the end.
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        QVERIFY(!view.grab().isNull());
        const int lastRowY = int((view.rowCount() - 1 - view.verticalScrollBar()->value()) * view.fontMetrics().lineSpacing()) + 2;
        QCOMPARE(view.offsetAt(QPoint(view.viewport()->width() - 1, lastRowY)), text.size());
    }

    void findNearTheEndWithTheFindBar()
    {
        const QString needle = QStringLiteral("Needle-Near-The-End");
        const QString text = bigText(true, needle);
        BigTextView view;
        view.resize(800, 400);
        view.show();
        view.setText(text);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPreparing(), 60000);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_F, Qt::ControlModifier);
        auto *edit = view.findChild<QLineEdit *>(QStringLiteral("findText"));
        QVERIFY(edit && edit->isVisible());
        QSignalSpy finished(&view, &BigTextView::findFinished);
        QTest::keyClicks(edit, needle.toLower()); // case-insensitive by default
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(finished.at(0).at(0).toBool());
        QCOMPARE(view.selectionStart(), text.size() - needle.size() - 12);
        QCOMPARE(view.selectedText(), needle);
        QVERIFY(view.verticalScrollBar()->value() > 0);

        // Next wraps around to the same (only) match; case-sensitive with the wrong case finds nothing.
        view.find(needle, BigTextView::FindForward);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
        QCOMPARE(view.selectedText(), needle);
        view.find(needle.toLower(), BigTextView::FindBackward, Qt::CaseSensitive);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 60000);
        QVERIFY(!finished.at(2).at(0).toBool());
        QCOMPARE(view.findChild<QLabel *>(QStringLiteral("findStatus"))->text(), BigTextView::tr("No match"));

        // Backward from the end finds the last of many matches, forward from the start the first.
        view.setSelection(text.size(), text.size());
        view.find(QStringLiteral("\"id\""), BigTextView::FindBackward);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 4, 60000);
        QCOMPARE(view.selectionStart(), text.lastIndexOf(QStringLiteral("\"id\"")));
        view.setSelection(0, 0);
        view.find(QStringLiteral("\"ID\""), BigTextView::FindForward);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 5, 60000);
        QCOMPARE(view.selectionStart(), 1);
    }

    void findAcrossRowCuts()
    {
        // A match that straddles the cut of a long line into rows, and one across a line break.
        BigTextView view;
        view.setText(QStringLiteral("x"));
        const int column = view.wrapColumn();
        QString text(column * 3, u'x');
        text.replace(column - 3, 6, QStringLiteral("SPLIT!"));
        text += QStringLiteral("\nnext line");
        view.setText(text);
        QCOMPARE(view.rows().starts.at(1), column);
        QSignalSpy finished(&view, &BigTextView::findFinished);
        view.find(QStringLiteral("split!"), BigTextView::FindForward);
        QCOMPARE(finished.count(), 1); // small texts are searched at once
        QCOMPARE(view.selectionStart(), column - 3);
        view.find(QStringLiteral("x\nnext"), BigTextView::FindForward);
        QCOMPARE(finished.count(), 2);
        QCOMPARE(view.selectedText(), QStringLiteral("x\nnext"));
    }

    void jsonTextActsAsItsString()
    {
        // A text left in its frame (escapes, raw and escaped non-ASCII, surrogate pairs both
        // ways) reads, cuts, finds, copies and saves as the same text converted to a QString.
        const QString pair = QString::fromUtf8("\xF0\x9F\x98\x80");
        QString expected;
        for (int i = 0; expected.size() < 2'000'000; ++i)
            expected += QStringLiteral("%1\t\"caf\u00e9\" \\ \u4e2d ").arg(i) + (i % 3 == 0 ? pair : QString())
                + (i % 11 == 0 ? QStringLiteral("\r\n") : QString()) + (i % 97 == 0 ? QString(300, u'w') : QString());
        const QString needle = QStringLiteral("Needle") + pair + QStringLiteral("\u00e9nd");
        expected += needle + QStringLiteral(" and the end");
        QByteArray frame = QJsonDocument(QJsonArray{expected}).toJson(QJsonDocument::Compact);
        frame.replace("\xc3\xa9", "\\u00e9").replace("\xF0\x9F\x98\x80", "\\ud83d\\ude00");
        QVERIFY(frame.contains("\\u00e9") && frame.contains("\\ud83d\\ude00") && frame.contains("\xe4\xb8\xad"));
        const Mcp::JsonText json(frame, 2, frame.size() - 4);
        const TextSource source(json, json.index(TextSource::BlockUnits));
        QVERIFY(source.isPaged());
        QCOMPARE(source.size(), expected.size());
        QCOMPARE(source.utf8Size(), expected.toUtf8().size());

        TextReader reader(source);
        QRandomGenerator random(42);
        for (int i = 0; i < 300; ++i) {
            const qsizetype at = random.bounded(qint64(expected.size()));
            const qsizetype n = random.bounded(i % 10 == 0 ? 100000 : 200);
            QCOMPARE(reader.window(at, n), QStringView(expected).mid(at, n));
        }
        QCOMPARE(source.mid(0, source.size()), expected);
        QByteArray utf8;
        QVERIFY(source.writeUtf8([&utf8](QByteArrayView piece) {
            utf8 += piece;
            return true;
        }));
        QCOMPARE(utf8, expected.toUtf8());
        for (const int column : {40, 97})
            QCOMPARE(TextRows::build(source, column).starts, TextRows::build(expected, column).starts);

        BigTextView view;
        view.resize(700, 400);
        view.show();
        view.setText(source);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPreparing(), 60000);
        QCOMPARE(view.textSize(), expected.size());
        QCOMPARE(view.rows().starts, TextRows::build(expected, view.wrapColumn()).starts);
        QSignalSpy finished(&view, &BigTextView::findFinished);
        view.find(needle, BigTextView::FindForward);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(finished.at(0).at(0).toBool());
        QCOMPARE(view.selectionStart(), expected.indexOf(needle));
        QCOMPARE(view.selectedText(), needle);
        view.setSelection(expected.size() - 5000, expected.size());
        view.copy();
        QCOMPARE(QApplication::clipboard()->text(), expected.right(5000));
        // Painting at the end draws from the last blocks (no crash, the right rows).
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.repaint();
        QCOMPARE(view.topOffset(), view.rows().starts.at(view.verticalScrollBar()->value()));
    }

    void utf8BytesActAsTheirString()
    {
        // A message's bytes as the traffic log holds them: blocks cut between characters of 1 to 4
        // bytes; bytes that are not UTF-8 read as U+FFFD and the index stays exact.
        QByteArray bytes;
        for (int i = 0; bytes.size() < 3'000'000; ++i)
            bytes += "row " + QByteArray::number(i) + " caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80 \\\"x\\\"\n";
        const QString expected = QString::fromUtf8(bytes);
        const TextSource source = TextSource::fromUtf8(bytes);
        QVERIFY(source.isPaged());
        QCOMPARE(source.size(), expected.size());
        QCOMPARE(source.utf8Size(), bytes.size());
        QCOMPARE(source.mid(0, source.size()), expected);
        TextReader reader(source);
        QRandomGenerator random(7);
        for (int i = 0; i < 200; ++i) {
            const qsizetype at = random.bounded(qint64(expected.size()));
            const qsizetype n = random.bounded(50000);
            QCOMPARE(reader.window(at, n), QStringView(expected).mid(at, n));
        }
        QByteArray written;
        QVERIFY(source.writeUtf8([&written](QByteArrayView piece) {
            written += piece;
            return true;
        }));
        QCOMPARE(written, bytes);

        QByteArray broken = bytes.left(100000);
        for (qsizetype at = 17; at < broken.size(); at += 4099)
            broken[at] = char(0x80 | (at & 0x3f)); // stray continuation bytes, some inside sequences
        broken += "\xf0\x9f"; // cut off at the end
        const TextSource odd = TextSource::fromUtf8(broken);
        QCOMPARE(odd.mid(0, odd.size()).size(), odd.size());
        QVERIFY(odd.mid(0, odd.size()).contains(QChar(0xfffd)));
        QVERIFY(TextSource::fromUtf8(bytes, [](int) { return false; }).isEmpty()); // cancelled
    }

    void copyGivesTheExactCharacters()
    {
        const QString pair = QString::fromUtf8("\xF0\x9F\x98\x80");
        QString text;
        for (int i = 0; i < 3000; ++i)
            text += QStringLiteral("%1\tcolumn \"%2\"\\ ").arg(i).arg(i % 7) + (i % 5 == 0 ? pair : QString())
                + (i % 9 == 0 ? QStringLiteral("\r\n") : QString());
        text += QStringLiteral("the end");
        BigTextView view;
        view.resize(600, 300);
        view.show();
        view.setText(text);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        QGuiApplication::clipboard()->clear();

        // A selection across row cuts, line breaks and surrogate pairs.
        view.setSelection(150, text.size() - 5);
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), text.mid(150, text.size() - 155));

        QTest::keyClick(&view, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), text);

        // With the mouse: a drag from one point to another selects what lies between them.
        const QPoint from(view.fontMetrics().horizontalAdvance(u'M') * 5, view.fontMetrics().lineSpacing() / 2);
        const QPoint to(view.viewport()->width() / 2, view.fontMetrics().lineSpacing() * 5 + 2);
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, to, view.viewport()->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view.viewport(), &move);
        QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, to);
        const qsizetype start = view.offsetAt(from);
        const qsizetype end = view.offsetAt(to);
        QVERIFY(end > start + 100);
        QCOMPARE(view.selectionStart(), start);
        QCOMPARE(view.selectionEnd(), end);
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), text.mid(start, end - start));
    }

    void cuttingFollowsTheWidth_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("inAWorker");
        QTest::newRow("one giant line, re-cut in a worker") << jsonLine(3 << 20) << true;
        QString tabbed;
        for (int i = 0; i < 300; ++i)
            tabbed += QStringLiteral("%1\tkey\tvalue with a few words\t").arg(i).repeated(1 + i % 9) + u'\n';
        QTest::newRow("tabbed lines, re-cut at once") << tabbed << false;
        QTest::newRow("small lines and a long one, re-cut at once") << (QStringLiteral("short\nlines\n") + jsonLine(20000) + QStringLiteral("\nend")) << false;
    }

    void cuttingFollowsTheWidth()
    {
        QFETCH(QString, text);
        QFETCH(bool, inAWorker);
        BigTextView view;
        QVERIFY(showCut(view, 900, 400, text, true));
        verifyRowsFit(view, text);
        QVERIFY(view.wrapColumn() > BigTextView::MinimumColumn);
        QVERIFY(view.grab().width() > 0); // painted: rows measured
        QCoreApplication::processEvents();
        QCOMPARE(view.horizontalScrollBar()->maximum(), 0); // no sideways scrolling

        QSignalSpy recut(&view, &BigTextView::rowsRecut);
        for (const int width : {520, 1300, 700}) {
            const int before = view.wrapColumn();
            view.resize(width, 400);
            QVERIFY(view.columnForWidth() != before);
            if (inAWorker) { // the old rows stay shown until the new ones are ready
                QCOMPARE(view.wrapColumn(), before);
                QVERIFY(view.isRecutting());
            }
            QTRY_VERIFY_WITH_TIMEOUT(!view.isRecutting(), 60000);
            verifyRowsFit(view, text);
            view.grab();
            QCoreApplication::processEvents();
            QCOMPARE(view.horizontalScrollBar()->maximum(), 0);
        }
        QCOMPARE(recut.count(), 3);

        // Narrower than the minimum: cut at the minimum, scrolled sideways.
        view.resize(150, 400);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isRecutting() && view.wrapColumn() == BigTextView::MinimumColumn, 60000);
        verifyRowsFit(view, text);
        QVERIFY(view.horizontalScrollBar()->maximum() > 0);
    }

    void shortLinesAreNotRecut()
    {
        const QString text = bigText(false, QStringLiteral("needle"), 2 << 20); // 60-character lines
        BigTextView view;
        view.resize(900, 400);
        view.show();
        view.setText(text);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPreparing(), 60000);
        QCOMPARE(view.rows().starts.size(), text.count(u'\n') + 1);
        QSignalSpy recut(&view, &BigTextView::rowsRecut);
        view.resize(1200, 400);
        QVERIFY(!view.isRecutting()); // the lines fit before and after: nothing to do
        view.resize(300, 400);        // now they do not
        QVERIFY(view.isRecutting());
        QTRY_COMPARE_WITH_TIMEOUT(recut.count(), 1, 60000);
        verifyRowsFit(view, text);
    }

    void topCharacterAndSelectionSurviveAResize()
    {
        const QString text = jsonLine(3 << 20);
        BigTextView view;
        QVERIFY(showCut(view, 900, 400, text));
        view.verticalScrollBar()->setValue(int(view.rowCount() * 2 / 3));
        const qsizetype top = view.topOffset();
        QVERIFY(top > text.size() / 2);
        view.setSelection(top + 10, top + 3000);
        const QString selected = view.selectedText();

        for (const int width : {600, 1100}) {
            view.resize(width, 400);
            QTRY_VERIFY_WITH_TIMEOUT(!view.isRecutting() && view.wrapColumn() == view.columnForWidth(), 60000);
            // The top row is the one holding the character that was at the top.
            const QList<qsizetype> starts = view.rows().starts;
            const qsizetype row = view.verticalScrollBar()->value();
            QVERIFY(starts.at(row) <= top);
            QVERIFY(top < starts.at(row + 1));
            QCOMPARE(view.selectionStart(), top + 10);
            QCOMPARE(view.selectedText(), selected);
        }
    }

    void keyboardSelectionAndCopy()
    {
        QString text;
        for (int i = 0; i < 200; ++i)
            text += QStringLiteral("line %1: ").arg(i, 3) + QString(i % 3 == 0 ? 150 : 30, QLatin1Char('a' + i % 26)) + u'\n';
        BigTextView view;
        view.resize(700, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setText(text);
        const int lineHeight = view.fontMetrics().lineSpacing();
        const int charWidth = view.fontMetrics().horizontalAdvance(u'M');
        const QPoint click(charWidth * 2 + charWidth * 6 + 1, lineHeight + lineHeight / 2); // row 1, column 6
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, click);
        const qsizetype caret = view.offsetAt(click);
        QCOMPARE(caret, view.rows().starts.at(1) + 6);
        QCOMPARE(view.selectionStart(), view.selectionEnd()); // a caret, nothing selected

        QTest::keyClick(&view, Qt::Key_Down, Qt::ShiftModifier);
        QTest::keyClick(&view, Qt::Key_Down, Qt::ShiftModifier);
        QTest::keyClick(&view, Qt::Key_Down, Qt::ShiftModifier);
        const qsizetype end = view.rows().starts.at(4) + 6; // the same column three rows down
        QCOMPARE(view.selectionStart(), caret);
        QCOMPARE(view.selectionEnd(), end);
        QGuiApplication::clipboard()->clear();
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), text.mid(caret, end - caret));

        // Shift+Up takes a row back, Shift+Right a character more, Shift+End to the row's end.
        QTest::keyClick(&view, Qt::Key_Up, Qt::ShiftModifier);
        QCOMPARE(view.selectionEnd(), view.rows().starts.at(3) + 6);
        QTest::keyClick(&view, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(view.selectionEnd(), view.rows().starts.at(3) + 7);
        QTest::keyClick(&view, Qt::Key_End, Qt::ShiftModifier);
        const qsizetype rowEnd = view.rows().starts.at(4) - (text.at(view.rows().starts.at(4) - 1) == u'\n' ? 1 : 0);
        QCOMPARE(view.selectedText(), text.mid(caret, rowEnd - caret));

        // Shift+PageDown moves a page of rows and keeps the caret in view; Ctrl+Shift+End selects to the end.
        const int top = view.verticalScrollBar()->value();
        QTest::keyClick(&view, Qt::Key_PageDown, Qt::ShiftModifier);
        QVERIFY(view.selectionEnd() > view.rows().starts.at(6));
        QVERIFY(view.verticalScrollBar()->value() > top);
        QTest::keyClick(&view, Qt::Key_End, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), text.mid(caret));
        QCOMPARE(view.text(), text); // read-only: typing changes nothing
        QTest::keyClicks(&view, QStringLiteral("xyz"));
        QTest::keyClick(&view, Qt::Key_Delete);
        QCOMPARE(view.text(), text);
    }

    void doubleClickSelectsAWordAcrossRowCuts()
    {
        BigTextView view;
        view.resize(500, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setText(QStringLiteral("x"));
        const QString word(view.wrapColumn() * 2, u'w');
        view.setText(QString(QStringLiteral("one ") + word + QStringLiteral(" two")));
        QCOMPARE(view.rowCount(), 3);
        const int charWidth = view.fontMetrics().horizontalAdvance(u'M');
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, QPoint(charWidth * 2 + charWidth * 10 + 1, view.fontMetrics().lineSpacing() / 2));
        QCOMPARE(view.selectedText(), word);
    }

    void keysScroll()
    {
        const QString text = jsonLine(3 << 20);
        BigTextView view;
        QVERIFY(showCut(view, 700, 300, text));
        QScrollBar *bar = view.verticalScrollBar();
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(bar->value(), 1);
        QTest::keyClick(&view, Qt::Key_PageDown);
        QCOMPARE(bar->value(), 1 + bar->pageStep());
        QTest::keyClick(&view, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(bar->value() + bar->pageStep() >= view.rowCount()); // the last row is in view
        QCOMPARE(view.offsetAt(QPoint(view.viewport()->width() - 1,
                                      int(view.rowCount() - 1 - bar->value()) * view.fontMetrics().lineSpacing() + 2)),
                 text.size());
        QTest::keyClick(&view, Qt::Key_PageUp);
        QCOMPARE(bar->value(), bar->maximum() - bar->pageStep());
        QTest::keyClick(&view, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(bar->value(), 0);
    }

    void findBarShowsTheNeedleAndNoMatch()
    {
        const QString text = QStringLiteral("alpha beta alpha gamma\nALPHA delta alpine");
        BigTextView view;
        view.resize(700, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setText(text);
        view.showFindBar();
        auto *edit = view.findChild<QLineEdit *>(QStringLiteral("findText"));
        auto *status = view.findChild<QLabel *>(QStringLiteral("findStatus"));
        QVERIFY(edit && edit->isVisible() && status);

        // Called from code with the bar open: the bar shows what is searched for.
        view.find(QStringLiteral("gamma"), BigTextView::FindForward);
        QCOMPARE(edit->text(), QStringLiteral("gamma"));
        QCOMPARE(view.selectionStart(), text.indexOf(QStringLiteral("gamma")));

        // Typing searches by itself, from the current match on, after a short pause.
        view.setSelection(0, 0);
        edit->clear();
        QSignalSpy finished(&view, &BigTextView::findFinished);
        QTest::keyClicks(edit, QStringLiteral("alp"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QCOMPARE(view.selectionStart(), 0);
        QTest::keyClicks(edit, QStringLiteral("ha"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 10000);
        QCOMPARE(view.selectionStart(), 0); // refined in place, not moved on
        QCOMPARE(view.selectedText(), QStringLiteral("alpha"));

        // Enter: next; Shift+Enter: previous.
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(view.selectionStart(), 11);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(view.selectedText(), QStringLiteral("ALPHA"));
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(view.selectionStart(), 11);
        QVERIFY(status->text().isEmpty());
        QVERIFY(!edit->property("noMatch").toBool());
        const QColor normalBase = edit->palette().color(QPalette::Base);

        // A string that is not there: "No match", the line edit tinted, the selection kept.
        QTest::keyClicks(edit, QStringLiteral("-x"));
        QTRY_COMPARE_WITH_TIMEOUT(status->text(), BigTextView::tr("No match"), 10000);
        QVERIFY(!finished.last().at(0).toBool());
        QVERIFY(edit->property("noMatch").toBool());
        QVERIFY(edit->palette().color(QPalette::Base) != normalBase);
        QCOMPARE(view.selectionStart(), 11);
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().isEmpty(), 10000);
        QCOMPARE(edit->palette().color(QPalette::Base), normalBase);
        QCOMPARE(view.selectionStart(), 11);
    }

    void findBarScreenshot()
    {
        const QString dir = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("MCPSCOPE_SCREENSHOT_DIR not set");
        const QString text = jsonLine(600000);
        BigTextView view;
        QVERIFY(showCut(view, 900, 360, text, true));
        view.setFocus();
        view.setSelection(text.indexOf(QStringLiteral("item-20")), text.indexOf(QStringLiteral("item-20")));
        view.scrollToOffset(view.selectionStart());
        QTest::keyClick(&view, Qt::Key_Down, Qt::ShiftModifier);
        QTest::keyClick(&view, Qt::Key_Down, Qt::ShiftModifier);
        view.showFindBar();
        auto *edit = view.findChild<QLineEdit *>(QStringLiteral("findText"));
        QTest::keyClicks(edit, QStringLiteral("no such thing"));
        QTRY_VERIFY_WITH_TIMEOUT(edit->property("noMatch").toBool(), 10000);
        QVERIFY(view.grab().save(dir + QStringLiteral("/bigtext-nomatch.png")));
    }

    void newTextOrCancelWhilePreparing()
    {
        const QString first = bigText(true, QStringLiteral("first"));
        const QString second = bigText(false, QStringLiteral("second"));
        BigTextView view;
        showPreview(view, 400, 300);
        QSignalSpy shown(&view, &BigTextView::textShown);

        // Cancelled: the preview stays, and the finished worker's result is never shown.
        view.setText(first);
        view.cancel();
        QVERIFY(!view.isPreparing());
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 60000);
        QCoreApplication::processEvents();
        QCOMPARE(view.text(), QStringLiteral("preview"));
        QCOMPARE(shown.count(), 0);

        // Replaced while preparing: only the second text is ever shown.
        view.setText(first);
        view.setText(second);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPreparing(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 60000);
        QCoreApplication::processEvents();
        QCOMPARE(shown.count(), 1);
        QCOMPARE(view.text().size(), second.size());
        QVERIFY(view.text().endsWith(QStringLiteral("second and the end")));

        // Destroyed while preparing: the worker finishes on its own, nothing is touched.
        auto *doomed = new BigTextView;
        doomed->setText(first);
        delete doomed;
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 60000);
    }
};

QTEST_MAIN(tst_BigTextView)
#include "tst_bigtextview.moc"
