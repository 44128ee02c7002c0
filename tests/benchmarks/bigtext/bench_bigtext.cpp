// How long the GUI thread stalls while a multi-megabyte text result is shown in full (issue 5).
//
// Texts: "lines" (57-character lines, like a log or a listing) and "line" (one giant line of
// minified JSON, what most MCP tools return), of 16 MiB and 64 MiB.
// Modes:
//   phases     where the time goes with QPlainTextEdit: building the QTextDocument (with its
//              QPlainTextDocumentLayout), showing the top, scrolling to the end (all on the GUI thread).
//   plain      the old "Show all": QPlainTextEdit::setPlainText(whole text), then scroll to the end.
//   offthread  the QTextDocument built in a worker thread, moved back and set with setDocument().
//   view       ResultView now: the result is shown, "Show all" clicked, the end scrolled into view,
//              a string near the end found and selected.
//   resize     a BigTextView showing the text is resized a few times (widths below, each time
//              until the rows are cut anew for the new width), then dragged narrower in 30 steps
//              16 ms apart (one re-cut after the drag, not 30).
// For plain, offthread and view a 1 ms timer on the GUI thread records the gaps between its
// ticks from the action until everything is shown; the longest gap is the stall.
//
//   bench_bigtext [cases [modes]]
//     cases: comma list of 16M-lines,16M-line,64M-lines,64M-line (default: all four)
//     modes: comma list of phases,plain,offthread,view,resize (default: all)
//   QT_QPA_PLATFORM=offscreen works. Giant lines in QPlainTextEdit take minutes and gigabytes
//   above 16 MiB, so phases/plain/offthread skip the 64M-line case unless MCPSCOPE_BENCH_ALL=1.
#include "results/bigtextview.h"
#include "results/resultview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QPlainTextDocumentLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace Mcp::Ui;

namespace {

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 2);
}

const QString Needle = QStringLiteral("needle-near-the-end");

QString makeText(qsizetype size, bool oneLine)
{
    QString text;
    text.reserve(size);
    if (oneLine) {
        text += QLatin1String("{\"items\":[");
        for (int i = 0; text.size() < size - 200; ++i)
            text += QStringLiteral("{\"id\":%1,\"name\":\"item %1\",\"tags\":[\"alpha\",\"beta\"],\"value\":%2},").arg(i).arg(i * 0.5);
        text += QLatin1String("{\"id\":-1,\"name\":\"") + Needle + QLatin1String("\"}]}");
    } else {
        const QString pattern = QStringLiteral("line of text\twith \"quotes\", a \\backslash\\ and a newline\n");
        while (text.size() + pattern.size() < size - 100)
            text += pattern;
        text += Needle + QLatin1String(" is on the last line\n");
    }
    return text;
}

QPlainTextEdit *makeEdit()
{
    auto *edit = new QPlainTextEdit;
    edit->setReadOnly(true);
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setFont(QFont(QStringLiteral("monospace")));
    edit->resize(800, 600);
    return edit;
}

// Runs `action` with a 1 ms ticker on the GUI thread until `done()` (polled every tick) and
// returns the longest gap between ticks in ms.
// For a done() check whose work ends at step last: done one tick later, once its result is painted.
bool oneTickMore(int *step, int last)
{
    if (*step == last) {
        *step = last + 1;
        return false;
    }
    return *step == last + 1;
}

double measureStall(QApplication &app, const std::function<void()> &action, const std::function<bool()> &done,
                    qint64 *elapsedMs)
{
    std::vector<qint64> gaps;
    QElapsedTimer clock;
    clock.start();
    qint64 last = -1;
    QEventLoop loop; // the benchmark's own loop, not library code
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    bool started = false;
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (last >= 0)
            gaps.push_back(now - last);
        last = now;
        if (started && done())
            loop.quit();
    });
    QTimer::singleShot(20, &app, [&] {
        clock.restart();
        last = 0;
        started = true;
        action();
    });
    ticker.start();
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    loop.exec();
    *elapsedMs = clock.elapsed();
    return gaps.empty() ? 0 : *std::max_element(gaps.begin(), gaps.end()) / 1e6;
}

void paintNow(QWidget *widget)
{
    widget->repaint();
    QCoreApplication::processEvents();
}

void phases(const QString &name, const QString &text)
{
    QElapsedTimer timer;
    timer.start();
    auto *document = new QTextDocument;
    document->setDocumentLayout(new QPlainTextDocumentLayout(document));
    document->setDefaultFont(QFont(QStringLiteral("monospace")));
    document->setPlainText(text);
    const qint64 build = timer.restart();
    QPlainTextEdit *edit = makeEdit();
    edit->setDocument(document);
    const qint64 set = timer.restart();
    edit->show();
    paintNow(edit->viewport());
    const qint64 top = timer.restart();
    edit->verticalScrollBar()->setValue(edit->verticalScrollBar()->maximum());
    paintNow(edit->viewport());
    const qint64 end = timer.restart();
    delete edit;
    delete document;
    const qint64 destroy = timer.elapsed();
    std::printf("[%-9s] phases: document+layout build %6lld ms | setDocument %5lld ms | show+paint top %6lld ms | "
                "scroll to end+paint %6lld ms | destroy %5lld ms\n",
                qPrintable(name), qlonglong(build), qlonglong(set), qlonglong(top), qlonglong(end), qlonglong(destroy));
}

void plain(QApplication &app, const QString &name, const QString &text)
{
    QPlainTextEdit *edit = makeEdit();
    edit->setPlainText(QStringLiteral("preview"));
    edit->show();
    paintNow(edit);
    int step = 0;
    qint64 elapsed = 0;
    const double stall = measureStall(app, [&] {
        edit->setPlainText(text);
        step = 1;
    }, [&] {
        if (step == 1) {
            edit->verticalScrollBar()->setValue(edit->verticalScrollBar()->maximum());
            step = 2;
            return false;
        }
        if (step == 2) {
            step = 3;
            return false; // one more tick: the end has been painted
        }
        return step == 3;
    }, &elapsed);
    const bool complete = edit->document()->characterCount() - 1 == text.size();
    std::printf("[%-9s] plain:     longest GUI stall %8.1f ms, all shown after %6lld ms%s\n", qPrintable(name), stall,
                qlonglong(elapsed), complete ? "" : " (INCOMPLETE)");
    std::fflush(stdout);
    delete edit;
}

void offthread(QApplication &app, const QString &name, const QString &text)
{
    QPlainTextEdit *edit = makeEdit();
    edit->setPlainText(QStringLiteral("preview"));
    edit->show();
    paintNow(edit);
    QTextDocument *built = nullptr;
    QThread *gui = QThread::currentThread();
    QThread *worker = nullptr;
    int step = 0;
    qint64 elapsed = 0;
    const double stall = measureStall(app, [&] {
        worker = QThread::create([&built, &text, gui] {
            auto *document = new QTextDocument;
            document->setDocumentLayout(new QPlainTextDocumentLayout(document));
            document->setDefaultFont(QFont(QStringLiteral("monospace")));
            document->setPlainText(text);
            document->moveToThread(gui);
            built = document;
        });
        worker->start();
        step = 1;
    }, [&] {
        if (step == 1 && worker->isFinished()) {
            edit->setDocument(built);
            step = 2;
            return false;
        }
        if (step == 2) {
            edit->verticalScrollBar()->setValue(edit->verticalScrollBar()->maximum());
            step = 3;
            return false;
        }
        return oneTickMore(&step, 3);
    }, &elapsed);
    worker->wait();
    delete worker;
    std::printf("[%-9s] offthread: longest GUI stall %8.1f ms, all shown after %6lld ms\n", qPrintable(name), stall,
                qlonglong(elapsed));
    std::fflush(stdout);
    delete edit;
    delete built;
}

void view(QApplication &app, const QString &name, const QString &text)
{
    ResultView resultView;
    resultView.resize(900, 700);
    resultView.show();
    const QJsonObject result{{QStringLiteral("content"),
                              QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                     {QStringLiteral("text"), text}}}}};
    BigTextView *bigView = nullptr;
    int step = 0;
    qint64 elapsed = 0, preparedAt = 0, foundAt = 0;
    QElapsedTimer clock;
    double setStall = 0;
    {
        qint64 setElapsed = 0;
        setStall = measureStall(app, [&] {
            resultView.setToolResult(result);
            step = 1;
        }, [&] { return step++ >= 2; }, &setElapsed);
    }
    bigView = resultView.findChild<BigTextView *>(QStringLiteral("bigTextView"));
    if (!bigView) {
        std::printf("[%-9s] view: no big text view\n", qPrintable(name));
        return;
    }
    step = 0;
    const double stall = measureStall(app, [&] {
        clock.start();
        resultView.findChild<QPushButton *>(QStringLiteral("showAll"))->click();
        step = 1;
    }, [&] {
        if (step == 1 && !bigView->isPreparing()) {
            preparedAt = clock.elapsed();
            bigView->verticalScrollBar()->setValue(0);
            bigView->find(Needle, BigTextView::FindForward);
            step = 2;
            return false;
        }
        if (step == 2 && !bigView->isFinding()) {
            foundAt = clock.elapsed();
            step = 3;
            return false;
        }
        return oneTickMore(&step, 3);
    }, &elapsed);
    const bool complete = bigView->text().size() == text.size() && bigView->selectedText() == Needle;
    std::printf("[%-9s] view:      longest GUI stall %8.1f ms (setToolResult %.1f ms), prepared after %6lld ms, "
                "found near the end after %6lld ms%s\n",
                qPrintable(name), stall, setStall, qlonglong(preparedAt), qlonglong(foundAt - preparedAt),
                complete ? "" : " (INCOMPLETE)");
    std::fflush(stdout);
}

void resize(QApplication &app, const QString &name, const QString &text)
{
    BigTextView bigView;
    bigView.resize(900, 700);
    bigView.show();
    bigView.setText(text);
    QElapsedTimer clock;
    clock.start();
    while (bigView.isPreparing() || bigView.isRecutting())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    const qint64 prepared = clock.elapsed();
    const int startColumn = bigView.wrapColumn();
    const qsizetype startRows = bigView.rowCount();
    auto settled = [&] { return !bigView.isRecutting() && bigView.rows().sameRowsAt(bigView.columnForWidth()); };

    // Resized and left alone until cut anew, a few times.
    const std::vector<int> widths{600, 1100, 420, 900, 380, 900};
    std::vector<qint64> recutMs;
    QStringList columns;
    size_t next = 0;
    qint64 resizedAt = 0;
    qint64 elapsed = 0;
    const double stall = measureStall(app, [&] {
        clock.restart();
        resizedAt = 0;
        bigView.resize(widths.at(next++), 700);
    }, [&] {
        if (!settled())
            return false;
        recutMs.push_back(clock.elapsed() - resizedAt);
        columns += QString::number(bigView.wrapColumn());
        if (next == widths.size())
            return true;
        resizedAt = clock.elapsed();
        bigView.resize(widths.at(next++), 700);
        return false;
    }, &elapsed);
    QStringList times;
    for (size_t i = 0; i < recutMs.size(); ++i)
        times += QString::number(recutMs.at(i));

    // Dragged from 900 to 420 px in 30 steps, 16 ms apart, then left alone until cut anew.
    int step = 0;
    qint64 lastStepAt = 0;
    qint64 settledAfter = 0;
    int recuts = 0;
    QObject counter;
    QObject::connect(&bigView, &BigTextView::rowsRecut, &counter, [&recuts] { ++recuts; });
    qint64 dragElapsed = 0;
    const double dragStall = measureStall(app, [&] {
        clock.restart();
        bigView.resize(900, 700);
        lastStepAt = 0;
    }, [&] {
        if (step < 30) {
            if (clock.elapsed() - lastStepAt >= 16) {
                lastStepAt = clock.elapsed();
                bigView.resize(900 - (++step) * 16, 700);
            }
            return false;
        }
        if (!settled())
            return false;
        settledAfter = clock.elapsed() - lastStepAt;
        return true;
    }, &dragElapsed);
    const bool complete = bigView.text().size() == text.size() && settled();
    std::printf("[%-9s] resize:    prepared in %lld ms at %d columns (%lld rows, %lld KiB of row index); "
                "6 resizes (600,1100,420,900,380,900 px): longest GUI stall %6.1f ms, settled after [%s] ms at [%s] columns; "
                "30-step drag: longest GUI stall %6.1f ms, %d re-cut(s), settled %lld ms after the last step at %d columns%s\n",
                qPrintable(name), qlonglong(prepared), startColumn, qlonglong(startRows), qlonglong(startRows * 8 / 1024),
                stall, qPrintable(times.join(QLatin1Char(','))), qPrintable(columns.join(QLatin1Char(','))), dragStall, recuts, qlonglong(settledAfter),
                bigView.wrapColumn(), complete ? "" : " (INCOMPLETE)");
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList cases = (argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("16M-lines,16M-line,64M-lines,64M-line"))
                                  .split(QLatin1Char(','), Qt::SkipEmptyParts);
    const QStringList modes = (argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("phases,plain,offthread,view,resize"))
                                  .split(QLatin1Char(','), Qt::SkipEmptyParts);
    const bool all = qEnvironmentVariableIntValue("MCPSCOPE_BENCH_ALL") == 1;
    std::printf("big text: GUI ticker every 1 ms, stall = longest gap between ticks; load %s\n", qPrintable(loadAverage()));
    for (const QString &name : cases) {
        const qsizetype size = qsizetype(name.section(QLatin1Char('M'), 0, 0).toLongLong()) << 20;
        const bool oneLine = name.endsWith(QLatin1String("-line"));
        const QString text = makeText(size, oneLine);
        const bool tooBigForQTextDocument = oneLine && size > (16 << 20) && !all;
        for (const QString &mode : modes) {
            if (mode != QLatin1String("view") && mode != QLatin1String("resize") && tooBigForQTextDocument) {
                std::printf("[%-9s] %s: skipped (set MCPSCOPE_BENCH_ALL=1)\n", qPrintable(name), qPrintable(mode));
                continue;
            }
            if (mode == QLatin1String("phases"))
                phases(name, text);
            else if (mode == QLatin1String("plain"))
                plain(app, name, text);
            else if (mode == QLatin1String("offthread"))
                offthread(app, name, text);
            else if (mode == QLatin1String("view"))
                view(app, name, text);
            else if (mode == QLatin1String("resize"))
                resize(app, name, text);
            std::fflush(stdout);
        }
    }
    std::printf("load after: %s\n", qPrintable(loadAverage()));
    return 0;
}
