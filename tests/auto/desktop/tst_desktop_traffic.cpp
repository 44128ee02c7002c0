// The live traffic view on a real desktop (Xvfb, openbox, xcb), driven by real input while the
// demo server floods it: scrolling up or choosing a row stops Follow from snapping the view back,
// a chosen row stays chosen and in view when a filter changes, requests name what they call,
// the latency column shows its unit, and an export reports only what it wrote.
#include "desktopfixture.h"

#include "config/secretstore.h"
#include "httppeer.h"

#include "resources/resourcesview.h"
#include "resources/resourcespage.h"
#include "traffic/trafficpage.h"
#include "traffic/trafficview.h"
#include "widgets/itemlist.h"

#include "protocol/keys.h"
#include "traffic/trafficlog.h"

#include <QtTest>

#include <QButtonGroup>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTableView>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopTraffic : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void scrollingUpPausesFollow();
    void choosingARowPausesFollowAndSurvivesAFilter();
    void requestsNameWhatTheyCall();
    void exportSaysWhatItWrote();
    void modernHttpListsEachOnceAtConnect();

private:
    // The demo server connected, its Traffic tab shown; the view.
    TrafficView *openTraffic(const QString &name);
    // notifications/message at a steady pace for a while, from the demo server.
    void startFlood(int perSecond, int seconds);
    // The log row shown at the top of the table.
    int topLogRow() const;

    Desktop::WindowFixture m_fixture;
    ServerPage *m_page = nullptr;
    TrafficView *m_view = nullptr;
};

void tst_DesktopTraffic::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopTrafficTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopTraffic::cleanup()
{
    m_page = nullptr;
    m_view = nullptr;
    m_fixture.closeWindow();
}

TrafficView *tst_DesktopTraffic::openTraffic(const QString &name)
{
    if (!m_fixture.openWindow(name))
        return nullptr;
    m_page = m_fixture.connect(m_fixture.demoConfig(name));
    if (!m_page)
        return nullptr;
    m_page->tabs()->setCurrentWidget(m_page->trafficPage());
    m_view = m_page->trafficPage()->view();
    QTest::qWait(200);
    return m_view;
}

void tst_DesktopTraffic::startFlood(int perSecond, int seconds)
{
    m_page->connection()->sendRequest(QStringLiteral("tools/call"),
                               {{Key::Name, QStringLiteral("notification_flood")},
                                {Key::Arguments, QJsonObject{{QStringLiteral("perSecond"), perSecond},
                                                             {QStringLiteral("seconds"), seconds}}}});
}

int tst_DesktopTraffic::topLogRow() const
{
    return m_view->logRow(m_view->table()->rowAt(0));
}

void tst_DesktopTraffic::scrollingUpPausesFollow()
{
    QVERIFY(openTraffic(QStringLiteral("scroll")));
    QTableView *table = m_view->table();
    QVERIFY(m_view->isFollowingTail());
    startFlood(200, 8);
    // Enough rows to scroll through, the newest in view.
    QTRY_VERIFY_WITH_TIMEOUT(m_view->visibleRowCount() > 300, 10000);
    QVERIFY(table->verticalScrollBar()->value() > 0);

    // The wheel over the table, as a person reading an earlier message does.
    QVERIFY(Desktop::moveTo(table->viewport()));
    QVERIFY(Desktop::wheel(-5));
    QTRY_VERIFY_WITH_TIMEOUT(!m_view->isFollowingTail(), 10000);
    const int top = topLogRow();
    const int rowsBefore = m_view->visibleRowCount();
    QTest::qWait(1500);
    QVERIFY2(m_view->visibleRowCount() > rowsBefore + 50, "the flood goes on");
    QCOMPARE(topLogRow(), top); // the view stays where the user put it
    QVERIFY(!m_view->isFollowingTail());

    // Back to the end, the scroll bar's thumb dragged down: following resumes, the newest rows
    // come into view.
    QScrollBar *vertical = table->verticalScrollBar();
    QStyleOptionSlider option;
    option.initFrom(vertical);
    option.orientation = Qt::Vertical;
    option.minimum = vertical->minimum();
    option.maximum = vertical->maximum();
    option.sliderPosition = vertical->sliderPosition();
    option.sliderValue = vertical->value();
    option.singleStep = vertical->singleStep();
    option.pageStep = vertical->pageStep();
    const QRect thumb = vertical->style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, vertical);
    QVERIFY(!thumb.isEmpty());
    QVERIFY(Desktop::drag(vertical, thumb.center(), QPoint(thumb.center().x(), vertical->height() + 40)));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->isFollowingTail(), 5000);
    QTest::qWait(500);
    QScrollBar *bar = table->verticalScrollBar();
    // While the flood goes on the maximum grows with every batch and the view catches up after
    // it: on a busy machine the two are equal only between batches, so the wait is long.
    QTRY_COMPARE_WITH_TIMEOUT(bar->value(), bar->maximum(), 10000);
    QVERIFY(topLogRow() > top);
}

void tst_DesktopTraffic::choosingARowPausesFollowAndSurvivesAFilter()
{
    QVERIFY(openTraffic(QStringLiteral("select")));
    QTableView *table = m_view->table();
    startFlood(200, 8);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->visibleRowCount() > 300, 10000);

    // A click on a row in the middle of the table.
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    const QPoint middle(table->viewport()->width() / 3, table->viewport()->height() / 2 / rowHeight * rowHeight + rowHeight / 2);
    QVERIFY(Desktop::click(table->viewport(), middle));
    QTRY_VERIFY_WITH_TIMEOUT(table->currentIndex().isValid(), 10000);
    const int chosen = m_view->logRow(table->currentIndex().row());
    QVERIFY(chosen >= 0);
    QTRY_VERIFY_WITH_TIMEOUT(!m_view->isFollowingTail(), 10000);
    const int rowsBefore = m_view->visibleRowCount();
    QTest::qWait(1500);
    QVERIFY2(m_view->visibleRowCount() > rowsBefore + 50, "the flood goes on");
    auto chosenInView = [this, table, chosen] {
        const int row = m_view->viewRow(chosen);
        return row >= 0 && table->currentIndex().row() == row
            && table->viewport()->rect().intersects(table->visualRect(table->model()->index(row, 0)));
    };
    QVERIFY2(chosenInView(), "the chosen row stays in view while messages arrive");

    // A filter changed by hand (Hide pings leaves the flood's notifications): the same message
    // is still chosen, and in view.
    auto *hidePings = m_view->findChild<QCheckBox *>(QStringLiteral("hidePings"));
    QVERIFY(hidePings);
    QVERIFY(Desktop::click(hidePings, QPoint(8, hidePings->height() / 2)));
    QTRY_VERIFY_WITH_TIMEOUT(hidePings->isChecked(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(chosenInView(), 10000);
    QVERIFY(!m_view->isFollowingTail());

    // Follow pressed: the newest rows again.
    m_view->setFollowTail(true);
    QTest::qWait(300);
    QScrollBar *bar = table->verticalScrollBar();
    // While the flood goes on the maximum grows with every batch and the view catches up after
    // it: on a busy machine the two are equal only between batches, so the wait is long.
    QTRY_COMPARE_WITH_TIMEOUT(bar->value(), bar->maximum(), 10000);
}

void tst_DesktopTraffic::requestsNameWhatTheyCall()
{
    QVERIFY(openTraffic(QStringLiteral("names")));
    m_page->connection()->sendRequest(QStringLiteral("tools/call"), {{Key::Name, QStringLiteral("echo")},
                                                             {Key::Arguments, QJsonObject{{QStringLiteral("message"), QStringLiteral("hi")}}}});
    m_page->connection()->sendRequest(QStringLiteral("resources/read"), {{Key::Uri, QStringLiteral("demo://docs/readme")}});
    m_page->connection()->sendRequest(QStringLiteral("prompts/get"), {{Key::Name, QStringLiteral("greeting")},
                                                              {Key::Arguments, QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}}});
    QAbstractItemModel *model = m_view->table()->model();
    auto methodTexts = [model] {
        QStringList texts;
        for (int row = 0; row < model->rowCount(); ++row)
            texts.append(model->index(row, TrafficLog::MethodColumn).data().toString());
        return texts;
    };
    QTRY_VERIFY_WITH_TIMEOUT(methodTexts().contains(QStringLiteral("tools/call echo")), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(methodTexts().contains(QStringLiteral("resources/read demo://docs/readme")), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(methodTexts().contains(QStringLiteral("prompts/get greeting")), 5000);
    QVERIFY(methodTexts().contains(QStringLiteral("tools/list"))); // other methods as before

    // The latency column: its values with their unit within the table's visible width, and its
    // width close to theirs (not stretched to the far edge).
    QTableView *table = m_view->table();
    QTest::qWait(200);
    int widest = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        widest = qMax(widest, table->fontMetrics().horizontalAdvance(model->index(row, TrafficLog::LatencyColumn).data().toString()));
    const int sample = table->fontMetrics().horizontalAdvance(QStringLiteral("10003.125 ms"));
    const int left = table->columnViewportPosition(TrafficLog::LatencyColumn);
    const int width = table->columnWidth(TrafficLog::LatencyColumn);
    const QString where = QStringLiteral("latency at %1, %2 wide, viewport %3, text %4")
                              .arg(left).arg(width).arg(table->viewport()->width()).arg(sample);
    QVERIFY2(widest > 0, "some rows have a latency");
    QVERIFY2(width > sample + 6, qPrintable(where));
    QVERIFY2(width < sample + 80, qPrintable(where));
    QVERIFY2(left >= 0 && left + width <= table->viewport()->width(), qPrintable(where));
    QCOMPARE(table->horizontalScrollBar()->value(), 0);
    m_fixture.shoot(QStringLiteral("desktop-traffic-names"));
}

void tst_DesktopTraffic::exportSaysWhatItWrote()
{
    QVERIFY(openTraffic(QStringLiteral("export")));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->visibleRowCount() > 4, 5000);
    const QString path = m_fixture.dir.filePath(QStringLiteral("stdio.har"));
    m_view->setExportPathForTesting(path);
    // The dialog runs its own event loop: it is driven from inside it, by real clicks.
    bool shown = false, harChosen = false, filteredChosen = false, harKept = false, closed = false;
    m_view->setExportDialogHookForTesting([&](QDialog *dialog) {
        QTimer::singleShot(0, dialog, [&, dialog] {
            shown = Desktop::waitShown(dialog);
            auto *har = dialog->findChild<QRadioButton *>(QStringLiteral("exportHar"));
            auto *filtered = dialog->findChild<QRadioButton *>(QStringLiteral("exportFiltered"));
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            if (shown && har && filtered && buttons) {
                // Format and rows are two choices: HAR of the filtered rows can be chosen.
                Desktop::click(har, QPoint(8, har->height() / 2));
                harChosen = QTest::qWaitFor([har] { return har->isChecked(); }, 2000);
                Desktop::click(filtered, QPoint(8, filtered->height() / 2));
                filteredChosen = QTest::qWaitFor([filtered] { return filtered->isChecked(); }, 2000);
                harKept = har->isChecked();
                Desktop::click(buttons->button(QDialogButtonBox::Ok));
                closed = QTest::qWaitFor([dialog] { return !dialog->isVisible(); }, 3000);
            }
            if (dialog->isVisible())
                dialog->reject();
        });
    });
    m_view->exportDialog();
    QVERIFY(shown);
    QVERIFY(harChosen);
    QVERIFY(filteredChosen);
    QVERIFY2(harKept, "choosing the rows kept the format");
    QVERIFY(closed);
    // A stdio connection has no HTTP exchange: no HAR file, and no "Exported".
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().contains(QLatin1String("xport")), 10000);
    QVERIFY2(!QFile::exists(path), qPrintable(m_view->statusText()));
    QVERIFY2(!m_view->statusText().contains(QLatin1String("Exported")), qPrintable(m_view->statusText()));
    QVERIFY2(m_view->statusText().contains(QLatin1String("HTTP")), qPrintable(m_view->statusText()));

    // JSON Lines of the same rows is written, and says how many.
    const QString jsonl = m_fixture.dir.filePath(QStringLiteral("stdio.jsonl"));
    QString error;
    int written = 0;
    QVERIFY2(m_view->exportTo(jsonl, false, true, false, &error, &written), qPrintable(error));
    QVERIFY(written > 4);
    QFile file(jsonl);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().count('\n') >= written);
}

void tst_DesktopTraffic::modernHttpListsEachOnceAtConnect()
{
    QProcess http;
    auto stopHttp = qScopeGuard([&http] { http.kill(); http.waitForFinished(); });
    const QUrl url = Test::startHttpPeer(http, m_fixture.demo, {QStringLiteral("--http"), QStringLiteral("--era"), QStringLiteral("modern")});
    QVERIFY(url.isValid());
    QVERIFY(m_fixture.openWindow(QStringLiteral("http")));
    ServerConfig config = ServerConfig::create(QStringLiteral("http"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = url.toString();
    m_page = m_fixture.connect(config);
    QVERIFY(m_page);
    TrafficLog *log = m_page->connection()->trafficLog();
    // Every page has listed (and the window's own snapshot too) once these are answered.
    QTRY_VERIFY_WITH_TIMEOUT(m_page->resourcesPage()->view()->resourceList()->count() > 0, 10000);
    QTest::qWait(1500);
    log->flush();
    QHash<QString, int> sent;
    for (int row = 0; row < log->rowCount(); ++row) {
        const TrafficEvent event = log->event(row);
        if (event.direction == TrafficEvent::Direction::Outgoing && log->kind(row) == TrafficKind::Request)
            ++sent[log->method(row)];
    }
    for (const char *method : {"tools/list", "prompts/list", "resources/list", "resources/templates/list"})
        QVERIFY2(sent.value(QLatin1String(method)) == 1,
                 qPrintable(QStringLiteral("%1 sent %2 times").arg(QLatin1String(method)).arg(sent.value(QLatin1String(method)))));
}

QTEST_MAIN(tst_DesktopTraffic)
#include "tst_desktop_traffic.moc"
