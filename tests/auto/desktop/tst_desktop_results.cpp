// Results on a real desktop (Xvfb, openbox, xcb), driven by real input against the demo server:
// a result stays with the call that made it (a list refresh after the call does not take it
// away), content read from one resource is not shown under another's heading, and a URL
// elicitation whose browser could not be started answers only what the person chose, as the
// traffic log shows.
#include "desktopfixture.h"
#include "widgetfinding.h"

#include "config/secretstore.h"

#include "clientfeatures/elicitationdialog.h"
#include "resources/resourcesview.h"
#include "tools/toolpanel.h"
#include "resources/resourcespage.h"
#include "traffic/trafficpage.h"
#include "results/bigtextview.h"
#include "results/resultview.h"
#include "traffic/trafficview.h"
#include "widgets/itemlist.h"

#include "protocol/keys.h"
#include "traffic/trafficlog.h"

#include <QtTest>

#include <QJsonDocument>
#include <QLabel>
#include <QAbstractItemView>
#include <QPushButton>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopResults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void toolResultSurvivesTheListRefresh();
    void templateShowsNoOldContent();
    void urlElicitationWithoutBrowserAnswersOnlyTheChoice();
    void bigResultReadFromItsFrame();

private:
    // Clicks the shown row of a list whose text contains `text`.
    static bool clickItem(QAbstractItemView *list, const QString &text);
    // The client's messages that went to the server, as JSON text.
    QStringList outgoingMessages(ServerPage *page) const;

    Desktop::WindowFixture m_fixture;
};

void tst_DesktopResults::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopResultsTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopResults::cleanup()
{
    ElicitationDialog::setUrlOpener({});
    m_fixture.closeWindow();
}

bool tst_DesktopResults::clickItem(QAbstractItemView *list, const QString &text)
{
    QAbstractItemModel *model = list->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex item = model->index(row, 0);
        if (!item.data().toString().contains(text))
            continue;
        list->scrollTo(item);
        QTest::qWait(50);
        const QRect rect = list->visualRect(item);
        return Desktop::click(list->viewport(), QPoint(qMin(rect.left() + 40, rect.center().x()), rect.center().y()));
    }
    qWarning("no row with %s", qPrintable(text));
    return false;
}

QStringList tst_DesktopResults::outgoingMessages(ServerPage *page) const
{
    TrafficLog *log = page->trafficPage()->view()->log();
    log->flush();
    QStringList messages;
    for (int row = 0; row < log->rowCount(); ++row) {
        const TrafficEvent event = log->event(row);
        if (event.direction == TrafficEvent::Direction::Outgoing && !event.raw.isEmpty())
            messages.append(QString::fromUtf8(event.raw));
    }
    return messages;
}

void tst_DesktopResults::toolResultSurvivesTheListRefresh()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("toggle")));
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("toggle")));
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();
    const int before = tools->list()->count();
    auto *list = tools->list()->findChild<QAbstractItemView *>(QStringLiteral("toolList"));
    QVERIFY(list);
    QVERIFY(clickItem(list, QStringLiteral("toggle_extra_tool")));
    QTRY_COMPARE_WITH_TIMEOUT(tools->panel()->tool().name, QStringLiteral("toggle_extra_tool"), 10000);
    QVERIFY(Desktop::click(tools->panel()->runButton()));

    // The call adds a tool: notifications/tools/list_changed, tools/list again, a longer list.
    QTRY_COMPARE_WITH_TIMEOUT(tools->list()->count(), before + 1, 10000);
    QTest::qWait(500);
    ResultView *result = tools->panel()->resultView();
    const QString shown = QString::fromUtf8(QJsonDocument(result->resultJson().toObject()).toJson());
    QVERIFY2(shown.contains(QLatin1String("Added extra_tool.")), qPrintable(shown));
    QVERIFY(result->isVisible());
    QVERIFY2(tools->panel()->statusText().contains(QLatin1String("Done")), qPrintable(tools->panel()->statusText()));
    QCOMPARE(tools->panel()->tool().name, QStringLiteral("toggle_extra_tool"));

    // Again: the tool goes away; the new result replaces the old one and stays too.
    QVERIFY(Desktop::click(tools->panel()->runButton()));
    QTRY_COMPARE_WITH_TIMEOUT(tools->list()->count(), before, 10000);
    QTest::qWait(500);
    const QString second = QString::fromUtf8(QJsonDocument(result->resultJson().toObject()).toJson());
    QVERIFY2(second.contains(QLatin1String("Removed extra_tool.")), qPrintable(second));
    m_fixture.shoot(QStringLiteral("desktop-toggle-result"));
}

void tst_DesktopResults::templateShowsNoOldContent()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("template")));
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("template")));
    QVERIFY(page);
    page->tabs()->setCurrentWidget(page->resourcesPage());
    ResourcesView *view = page->resourcesPage()->view();
    QTRY_VERIFY_WITH_TIMEOUT(view->resourceList()->count() > 0 && view->templateList()->count() > 0, 10000);
    QTest::qWait(200);
    QVERIFY(clickItem(view->resourceList(), QStringLiteral("demo://docs/readme")));
    auto *read = view->findChild<QPushButton *>(QStringLiteral("read"));
    QVERIFY(read);
    QTRY_VERIFY_WITH_TIMEOUT(read->isEnabled(), 10000);
    QVERIFY(Desktop::click(read));
    QTRY_VERIFY_WITH_TIMEOUT(!view->resultView()->resultJson().isUndefined(), 5000);
    QCOMPARE(view->currentUri(), QStringLiteral("demo://docs/readme"));

    // The Templates tab, then a template: its heading, and no content read from elsewhere.
    auto *tabs = view->findChild<QTabWidget *>();
    QVERIFY(tabs);
    QTabBar *bar = tabs->tabBar();
    QVERIFY(Desktop::click(bar, bar->tabRect(1).center()));
    QTRY_COMPARE_WITH_TIMEOUT(tabs->currentIndex(), 1, 10000);
    QVERIFY(clickItem(view->templateList(), QStringLiteral("demo://items/{id}")));
    QTRY_VERIFY_WITH_TIMEOUT(view->variableEdit(QStringLiteral("id")), 10000);
    QTest::qWait(200);
    const QString left = QString::fromUtf8(QJsonDocument(view->resultView()->resultJson().toObject()).toJson());
    QVERIFY2(view->resultView()->resultJson().isUndefined(), qPrintable(left));
    auto *status = view->findChild<QLabel *>(QStringLiteral("resourceStatus"));
    QVERIFY(status);
    QVERIFY2(!status->text().contains(QLatin1String("readme")), qPrintable(status->text()));
}

void tst_DesktopResults::urlElicitationWithoutBrowserAnswersOnlyTheChoice()
{
    QList<QUrl> tried;
    ElicitationDialog::setUrlOpener([&tried](const QUrl &url) {
        tried.append(url);
        return false; // as QDesktopServices::openUrl where no browser can start
    });
    QVERIFY(m_fixture.openWindow(QStringLiteral("url")));
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("url")));
    QVERIFY(page);
    OutgoingRequest *call = page->connection()->sendRequest(QStringLiteral("tools/call"), {{Key::Name, QStringLiteral("ask_user_url")},
                                                                                    {Key::Arguments, QJsonObject()}});
    QPointer<OutgoingRequest> watched(call);
    ElicitationDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = Test::visibleTopLevel<ElicitationDialog>()), 10000);
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY(dialog->isUrlMode());
    auto *open = dialog->findChild<QPushButton *>(QStringLiteral("openUrl"));
    QVERIFY(open);
    QVERIFY(Desktop::click(open));
    QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 1, 10000);
    QTest::qWait(500);
    // Nothing opened, so nothing accepted: the dialog stays, says why, and offers the link.
    QVERIFY2(dialog->isVisible(), "the dialog stays open when no browser started");
    auto *problem = dialog->findChild<QLabel *>(QStringLiteral("problem"));
    QVERIFY(problem && problem->isVisible());
    QVERIFY2(problem->text().contains(QLatin1String("browser")), qPrintable(problem->text()));
    auto *copy = dialog->findChild<QPushButton *>(QStringLiteral("copyLink"));
    QVERIFY(copy && copy->isVisible());
    for (const QString &message : outgoingMessages(page))
        QVERIFY2(!message.contains(QLatin1String("\"accept\"")), qPrintable(message));

    // Declined by the person: that, and only that, goes to the server.
    auto *decline = dialog->findChild<QPushButton *>(QStringLiteral("decline"));
    QVERIFY(decline);
    QVERIFY(Desktop::click(decline));
    QTRY_VERIFY_WITH_TIMEOUT(!watched || watched->isFinished(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(outgoingMessages(page).join(QLatin1Char('\n')).contains(QLatin1String("\"decline\"")), 5000);
    for (const QString &message : outgoingMessages(page))
        QVERIFY2(!message.contains(QLatin1String("\"accept\"")), qPrintable(message));
}

void tst_DesktopResults::bigResultReadFromItsFrame()
{
    // A 24 MiB text (quotes, backslashes, tabs: escaped in its frame) shown whole with Show all,
    // read with the wheel and the keyboard, found with Ctrl+F: from the frame the traffic log
    // holds, never converted whole, in a 1024x700 window that stays on the screen.
    ServerPage *page = Desktop::openWithDemoTool(m_fixture, QStringLiteral("big result"), QStringLiteral("blob"));
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();
    constexpr qint64 Size = 24 << 20;
    tools->setArgumentsText(QStringLiteral("{\"size\": %1}").arg(Size));
    QVERIFY(Desktop::click(tools->panel()->runButton()));
    BigTextView *view = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((view = tools->findChild<BigTextView *>(QStringLiteral("bigTextView"))), 60000);
    auto *showAll = tools->findChild<QPushButton *>(QStringLiteral("showAll"));
    QVERIFY(showAll);
    QTRY_VERIFY_WITH_TIMEOUT(showAll->isVisible(), 10000);
    QVERIFY(Desktop::click(showAll));
    QTRY_COMPARE_WITH_TIMEOUT(view->textSize(), Size, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!view->isPreparing(), 60000);
    QVERIFY(view->source().isPaged()); // paged from the frame
    auto *label = tools->findChild<QLabel *>(QStringLiteral("truncated"));
    QTRY_VERIFY_WITH_TIMEOUT(label->text().startsWith(ResultView::tr("Showing all %1").section(u' ', 0, 1)), 10000);
    QVERIFY(Desktop::fitsScreen(m_fixture.window));
    m_fixture.shoot(QStringLiteral("desktop-big-result-shown"));

    // The wheel scrolls the text, not anything else; Ctrl+End reaches its last row.
    // The one-field form leaves the result the room: rows of the text are on the screen at once.
    const QRect visible = view->viewport()->visibleRegion().boundingRect();
    QVERIFY2(visible.height() >= 8 * view->fontMetrics().lineSpacing(),
             qPrintable(QStringLiteral("%1 px of the text shown").arg(visible.height())));
    QVERIFY(Desktop::moveTo(view->viewport(), visible.center()));
    const int before = view->verticalScrollBar()->value();
    QVERIFY(Desktop::wheel(5));
    QTRY_VERIFY_WITH_TIMEOUT(view->verticalScrollBar()->value() > before, 5000);
    QVERIFY(Desktop::click(view->viewport(), visible.center()));
    QVERIFY(Desktop::key(QStringLiteral("ctrl+End")));
    QTRY_COMPARE_WITH_TIMEOUT(view->verticalScrollBar()->value(), view->verticalScrollBar()->maximum(), 5000);
    const QString pattern = QStringLiteral("line of text\twith \"quotes\", a \\backslash\\ and a newline\n");
    const qsizetype top = view->topOffset();
    QCOMPARE(view->source().mid(top, 200), QString(pattern.repeated(200 / pattern.size() + 2)).mid(top % pattern.size(), 200).left(Size - top));

    // Ctrl+F, a word, Enter: the first match after the caret (at the end: wrapped to the start).
    QVERIFY(Desktop::key(QStringLiteral("ctrl+f")));
    QVERIFY(Desktop::type(QStringLiteral("backslash")));
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_COMPARE_WITH_TIMEOUT(view->selectedText(), QStringLiteral("backslash"), 10000);
    QCOMPARE(view->selectionStart() % pattern.size(), pattern.indexOf(QLatin1String("backslash")));
    m_fixture.shoot(QStringLiteral("desktop-1024x700-big-result"));

    // The answer in the traffic log: too big for the Raw tab's text, all of it in All Text, paged
    // from the log's own bytes.
    page->tabs()->setCurrentWidget(page->trafficPage());
    TrafficView *traffic = page->trafficPage()->view();
    traffic->log()->flush();
    int biggest = -1;
    for (int row = 0; row < traffic->log()->rowCount(); ++row) {
        if (biggest < 0 || traffic->log()->event(row).raw.size() > traffic->log()->event(biggest).raw.size())
            biggest = row;
    }
    QVERIFY(biggest >= 0);
    const QByteArray raw = traffic->log()->event(biggest).raw;
    QVERIFY(raw.size() > Size);
    QTest::qWait(300);
    const QModelIndex index = traffic->table()->model()->index(traffic->viewRow(biggest), 0);
    traffic->table()->scrollTo(index);
    QTest::qWait(100);
    QVERIFY(Desktop::click(traffic->table()->viewport(), traffic->table()->visualRect(index).center()));
    auto *whole = traffic->findChild<BigTextView *>(QStringLiteral("wholeText"));
    QVERIFY(whole);
    QTRY_COMPARE_WITH_TIMEOUT(whole->textSize(), raw.size(), 60000); // ASCII: a character a byte
    QTRY_VERIFY_WITH_TIMEOUT(!whole->isPreparing(), 60000);
    QVERIFY(whole->source().isPaged());
    QCOMPARE(whole->source().mid(raw.size() - 300, 300), QString::fromUtf8(raw.right(300)));
    auto *tabs = qobject_cast<QTabWidget *>(whole->parentWidget()->parentWidget());
    QVERIFY(tabs);
    QTabBar *bar = tabs->tabBar();
    QVERIFY(Desktop::click(bar, bar->tabRect(tabs->indexOf(whole)).center()));
    QTRY_VERIFY_WITH_TIMEOUT(whole->isVisible(), 5000);
    // Prepared while its tab was hidden: cut again for the width it has now.
    QTRY_VERIFY_WITH_TIMEOUT(!whole->isRecutting() && whole->rows().sameRowsAt(whole->columnForWidth()), 30000);
    QVERIFY(whole->wrapColumn() > BigTextView::MinimumColumn);
    QVERIFY(Desktop::fitsScreen(m_fixture.window));
    m_fixture.shoot(QStringLiteral("desktop-1024x700-big-message-all-text"));
}

QTEST_MAIN(tst_DesktopResults)
#include "tst_desktop_results.moc"
