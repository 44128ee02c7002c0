// The timeline on a real desktop (Xvfb, openbox, xcb), driven by real input: the Traffic tab's
// Timeline button shows the demo server's calls as bars within the screen; a click on a bar shows
// that call's messages in the table, a chosen message picks out its call, the wheel and the
// keyboard zoom and pan, a drag across the time filters the table to it, and the latency table
// counts the calls. Screenshots (MCPSCOPE_SCREENSHOT_DIR) for docs/screenshots.
#include "desktopfixture.h"

#include "protocol/keys.h"
#include "timeline/latencyview.h"
#include "timeline/timelinepanel.h"
#include "timeline/timelineview.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficpage.h"
#include "traffic/trafficview.h"

#include <QtTest>

#include <QTableView>
#include <QToolBar>
#include <QToolButton>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void barsClicksZoomAndRanges();

private:
    void call(const QString &tool, const QJsonObject &arguments = {});

    Desktop::WindowFixture m_fixture;
    ServerPage *m_page = nullptr;
};

void tst_DesktopTimeline::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopTimelineTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopTimeline::cleanup()
{
    m_page = nullptr;
    m_fixture.closeWindow();
}

// "desktop-1024x700-timeline", as docs/screenshots names them.
static QString shotName(const QString &what)
{
    const QSize screen = Desktop::sessionScreen();
    return QStringLiteral("desktop-%1x%2-%3").arg(screen.width()).arg(screen.height()).arg(what);
}

void tst_DesktopTimeline::call(const QString &tool, const QJsonObject &arguments)
{
    m_page->connection()->sendRequest(QStringLiteral("tools/call"), {{Key::Name, tool}, {Key::Arguments, arguments}});
}

void tst_DesktopTimeline::barsClicksZoomAndRanges()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("timeline")));
    m_page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("weather-and-files-with-a-long-name-for-the-lane")));
    QVERIFY(m_page);
    m_page->tabs()->setCurrentWidget(m_page->trafficPage());
    TrafficView *traffic = m_page->trafficPage()->view();
    // Calls of every outcome: answered, a tool error, an unknown tool, one with progress.
    call(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("hi")}});
    call(QStringLiteral("fail"));
    call(QStringLiteral("no_such_tool"));
    call(QStringLiteral("long_task"), {{QStringLiteral("steps"), 4}, {QStringLiteral("delayMs"), 150}});
    for (int i = 0; i < 20; ++i)
        call(QStringLiteral("add"), {{QStringLiteral("a"), i}, {QStringLiteral("b"), 1}});
    // Every call over (long_task: 600 ms of work, and its polls should it become a task).
    QTest::qWait(2500);

    // The Timeline button on the traffic toolbar, clicked.
    QToolButton *button = nullptr;
    for (QToolButton *candidate : traffic->findChildren<QToolButton *>()) {
        if (candidate->defaultAction() == traffic->timelineAction())
            button = candidate;
    }
    QVERIFY(button);
    QVERIFY(Desktop::click(button));
    QTRY_VERIFY_WITH_TIMEOUT(traffic->timelinePanel() && traffic->timelinePanel()->isVisible(), 5000);
    TimelinePanel *panel = traffic->timelinePanel();
    TimelineView *view = panel->view();
    QTRY_VERIFY_WITH_TIMEOUT(panel->timelineLayout() && panel->latencyModel()->rowCount() > 0, 10000);
    // Every call answered (long_task ends after 600 ms), the last build seeing them all.
    const auto spanOf = [&](const QString &tool) {
        const auto layout = panel->timelineLayout();
        for (int i = 0; i < layout->timeline().spans.size(); ++i) {
            const Span &s = layout->timeline().spans.at(i);
            if (s.isTopLevel() && layout->timeline().subjectOf(s) == tool)
                return i;
        }
        return -1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(spanOf(QStringLiteral("long_task")) >= 0
                                 && panel->timelineLayout()->timeline().spans.at(spanOf(QStringLiteral("long_task"))).outcome
                                        == SpanOutcome::Result,
                             10000);
    m_fixture.shoot(shotName(QStringLiteral("timeline")));
    QVERIFY2(Desktop::fitsScreen(m_fixture.window), qPrintable(Desktop::describe(m_fixture.window)));
    QVERIFY2(view->height() >= 80, qPrintable(QString::number(view->height())));
    // A build of what the log held then (the panel builds again as rows arrive; span numbers stay).
    const std::shared_ptr<const TimelineLayout> built = panel->timelineLayout();
    const Timeline &timeline = built->timeline();
    QCOMPARE(timeline.spans.at(spanOf(QStringLiteral("fail"))).outcome, SpanOutcome::ToolError);
    QCOMPARE(timeline.spans.at(spanOf(QStringLiteral("no_such_tool"))).outcome, SpanOutcome::RpcError);
    // long_task reports progress; should the server make it a task, its tasks/get polls are inside it.
    QVERIFY(timeline.spans.at(spanOf(QStringLiteral("long_task"))).progressCount >= 1);
    const QList<int> polls = built->childrenOf(spanOf(QStringLiteral("long_task")));
    for (int poll : polls)
        QCOMPARE(timeline.spans.at(poll).kind, SpanKind::TaskPoll);
    m_fixture.shoot(shotName(QStringLiteral("timeline")));

    // Zoomed to the long task with the keyboard: its bar is wide enough to hit.
    const int task = spanOf(QStringLiteral("long_task"));
    view->showSpan(task);
    QVERIFY(Desktop::click(view->viewport(), QPoint(4, view->viewport()->height() - 4))); // focus, no span
    const Span &taskSpan = timeline.spans.at(task);
    view->setVisibleRange(taskSpan.startNs - (taskSpan.endNs - taskSpan.startNs) / 4,
                          taskSpan.endNs + (taskSpan.endNs - taskSpan.startNs) / 4);
    QRect bar = view->spanRect(task);
    QVERIFY2(bar.width() > 100, qPrintable(QString::number(bar.width())));

    // A click on the bar: the table shows only that call's messages, its request chosen.
    QVERIFY(Desktop::click(view->viewport(), bar.center()));
    QTRY_COMPARE_WITH_TIMEOUT(view->selectedSpan(), task, 5000);
    QTableView *table = traffic->table();
    // Its request and answer, its polls and their answers, its progress.
    QTRY_COMPARE_WITH_TIMEOUT(traffic->visibleRowCount(), int(2 + 2 * polls.size() + taskSpan.progressCount), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(table->currentIndex().isValid(), 5000);
    QCOMPARE(traffic->logRow(table->currentIndex().row()) + traffic->log()->firstAbsoluteRow(), taskSpan.requestRow);
    m_fixture.shoot(shotName(QStringLiteral("timeline-call")));
    traffic->clearRoundsFilter();
    QTRY_VERIFY_WITH_TIMEOUT(traffic->visibleRowCount() > 20, 5000);

    // The other way round: a message chosen in the table picks out its call.
    const int echo = spanOf(QStringLiteral("echo"));
    const int echoRow = traffic->viewRow(int(timeline.spans.at(echo).responseRow - traffic->log()->firstAbsoluteRow()));
    QVERIFY(echoRow >= 0);
    table->scrollTo(table->model()->index(echoRow, 0));
    QVERIFY(Desktop::click(table->viewport(), table->visualRect(table->model()->index(echoRow, 1)).center()));
    QTRY_COMPARE_WITH_TIMEOUT(view->selectedSpan(), echo, 5000);

    // The wheel over the plot zooms in around the pointer; Home fits all again.
    view->fitAll();
    const qint64 wide = view->visibleToNs() - view->visibleFromNs();
    QVERIFY(Desktop::moveTo(view->viewport(), QPoint(view->viewport()->width() / 2, view->viewport()->height() / 2)));
    QVERIFY(Desktop::wheel(-3));
    QTRY_VERIFY2_WITH_TIMEOUT(view->visibleToNs() - view->visibleFromNs() < wide / 1.5,
                              qPrintable(QStringLiteral("%1 of %2 ns in view; under the pointer: %3")
                                             .arg(view->visibleToNs() - view->visibleFromNs()).arg(wide).arg(Desktop::underPointer())),
                              5000);
    QVERIFY(Desktop::click(view->viewport(), QPoint(4, view->viewport()->height() - 4)));
    const auto shown = [view] { return view->visibleToNs() - view->visibleFromNs(); };
    const qint64 zoomed = shown();
    QVERIFY(Desktop::key(QStringLiteral("Home")));
    QTRY_VERIFY_WITH_TIMEOUT(shown() > zoomed, 5000);
    const qint64 fitted = shown();
    QVERIFY(Desktop::key(QStringLiteral("equal"))); // "=" zooms in as "+" does, without Shift
    QTRY_VERIFY2_WITH_TIMEOUT(shown() < fitted * 3 / 4, qPrintable(QStringLiteral("%1 of %2 ns").arg(shown()).arg(fitted)), 5000);
    QVERIFY(Desktop::key(QStringLiteral("minus")));
    QTRY_VERIFY_WITH_TIMEOUT(shown() > fitted * 3 / 4, 5000);
    QVERIFY(Desktop::key(QStringLiteral("Home")));

    // A drag from the long task's start to the end of the plot: the table shows only what crossed
    // the wire then, which leaves out the connect and the calls before it.
    const int total = traffic->visibleRowCount();
    const int y = view->viewport()->height() - 6;
    const int from = int(view->xOf(timeline.spans.at(task).startNs)) + 1;
    const int to = view->viewport()->width() - 4;
    QVERIFY2(to - from > 10, qPrintable(QStringLiteral("%1 to %2").arg(from).arg(to)));
    QVERIFY(Desktop::drag(view->viewport(), QPoint(from, y), QPoint(to, y)));
    QTRY_VERIFY_WITH_TIMEOUT(traffic->visibleRowCount() > 0 && traffic->visibleRowCount() < total, 5000);
    traffic->clearRoundsFilter();

    // The latency table counts the 20 adds, none failed.
    LatencyModel *latency = panel->latencyModel();
    bool found = false;
    for (const LatencyRow &row : latency->rows()) {
        if (row.subject == QLatin1String("add")) {
            QCOMPARE(row.count, 20);
            QCOMPARE(row.errors, 0);
            QVERIFY(row.p50Ns <= row.p99Ns && row.p99Ns <= row.maxNs);
            found = true;
        }
    }
    QVERIFY(found);
    panel->tabs()->setCurrentIndex(1);
    m_fixture.shoot(shotName(QStringLiteral("timeline-latency")));
}

QTEST_MAIN(tst_DesktopTimeline)
#include "tst_desktop_timeline.moc"
