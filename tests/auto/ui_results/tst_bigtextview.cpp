#include "results/bigtextview.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>

using namespace Mcp::Ui;

namespace {

// The rows as the view cuts them, computed the slow and obvious way.
QList<qsizetype> referenceRows(const QString &text, int column)
{
    QList<qsizetype> starts{0};
    qsizetype rowStart = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'\n') {
            rowStart = i + 1;
            starts.append(rowStart);
        } else if (i - rowStart == column - 1 && i + 1 < text.size() && text.at(i + 1) != u'\n') {
            // The row is full and the line goes on; a surrogate pair is never cut.
            const qsizetype next = text.at(i).isHighSurrogate() ? i : i + 1;
            rowStart = next;
            starts.append(rowStart);
        }
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
            QVERIFY(row.isEmpty() || !row.back().isHighSurrogate() || end == text.size());
            longest = qMax(longest, row.size());
        }
        QCOMPARE(rows.longestRow, longest);
    }

    void buildIsCancellable()
    {
        const QString text = bigText(false, QStringLiteral("x"), 4 << 20);
        int calls = 0;
        const TextRows rows = TextRows::build(text, BigTextView::WrapColumn, [&calls](int) { return ++calls < 3; });
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
        view.resize(800, 400);
        view.show();
        view.setText(QStringLiteral("preview"));
        QSignalSpy preparing(&view, &BigTextView::preparingChanged);
        view.setText(text);
        QVERIFY(view.isPreparing());
        QCOMPARE(view.text(), QStringLiteral("preview")); // the old text stays until the new one is ready
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPreparing(), 60000);
        QCOMPARE(preparing.count(), 2);
        QCOMPARE(view.text().size(), text.size());
        QVERIFY(view.text().endsWith(needle + QStringLiteral(" and the end")));
        if (oneLine)
            QCOMPARE(view.rowCount(), (text.size() + BigTextView::WrapColumn - 1) / BigTextView::WrapColumn);

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
        QCOMPARE(view.findChild<QLabel *>(QStringLiteral("findStatus"))->text(), BigTextView::tr("Not found"));

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
        QString text(BigTextView::WrapColumn * 3, u'x');
        text.replace(BigTextView::WrapColumn - 3, 6, QStringLiteral("SPLIT!"));
        text += QStringLiteral("\nnext line");
        BigTextView view;
        view.setText(text);
        QSignalSpy finished(&view, &BigTextView::findFinished);
        view.find(QStringLiteral("split!"), BigTextView::FindForward);
        QCOMPARE(finished.count(), 1); // small texts are searched at once
        QCOMPARE(view.selectionStart(), BigTextView::WrapColumn - 3);
        view.find(QStringLiteral("x\nnext"), BigTextView::FindForward);
        QCOMPARE(finished.count(), 2);
        QCOMPARE(view.selectedText(), QStringLiteral("x\nnext"));
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

    void newTextOrCancelWhilePreparing()
    {
        const QString first = bigText(true, QStringLiteral("first"));
        const QString second = bigText(false, QStringLiteral("second"));
        BigTextView view;
        view.resize(400, 300);
        view.show();
        view.setText(QStringLiteral("preview"));
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
