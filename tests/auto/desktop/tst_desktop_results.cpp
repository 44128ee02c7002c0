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
#include <QTabBar>
#include <QTabWidget>

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

QTEST_MAIN(tst_DesktopResults)
#include "tst_desktop_results.moc"
