// The Tools, Resources, Prompts and Roots pages inside a ServerPage, connected to the demo server.
#include "clientfeatures/rootseditor.h"
#include "clientfeatures/savedanswers.h"
#include "connection/connection.h"
#include "forms/debouncedcompleter.h"
#include "widgets/jsontext.h"
#include "resources/resourcesview.h"
#include "tools/toollist.h"
#include "tools/toolpanel.h"
#include "prompts/promptspage.h"
#include "results/resultview.h"
#include "resources/resourcespage.h"
#include "clientfeatures/rootspage.h"
#include "tasks/taskspage.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"
#include "transport/stdiotransport.h"

#include <QComboBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QPushButton>
#include <QTreeWidget>
#include <QCheckBox>

#include "formtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

class tst_Pages : public QObject
{
    Q_OBJECT

    std::unique_ptr<Connection> m_connection;
    std::unique_ptr<ServerPage> m_page;
    SentMessages sent;

    // Chooses tool on the Tools page, types each field's text into its form ("a" for field:/a),
    // runs it and waits for the call to finish: the page, or null when the tool is not listed or
    // the call did not finish within 10 s.
    ToolsPage *runTool(const QString &tool, const QList<std::pair<QString, QString>> &fields = {})
    {
        ToolsPage *tools = m_page->toolsPage();
        if (!tools->list()->selectByName(tool))
            return nullptr;
        for (const auto &[field, text] : fields)
            QTest::keyClicks(tools->findChild<QLineEdit *>(QStringLiteral("field:/") + field), text);
        QSignalSpy called(tools, &ToolsPage::callFinished);
        tools->run();
        return QTest::qWaitFor([&called] { return called.size() == 1; }, 10000) ? tools : nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        freshSettings(QStringLiteral("tst_pages"));
        // rootsPageSendsListChanged and tasksPageShowsResults assert the legacy wire
        // (notifications/roots/list_changed, the 2025-11-25 tasks API).
        m_connection = legacyDemoConnection();
        sent.watch(m_connection.get(), this);
        m_page = std::make_unique<ServerPage>(m_connection.get());
        m_page->resize(1100, 800);
        m_page->show();
        m_connection->connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(m_connection->isConnected(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->toolsPage()->list()->count() > 10, 10000);
    }

    void cleanupTestCase()
    {
        m_page.reset();
        m_connection->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!m_connection->isConnected(), 10000);
        m_connection.reset();
    }

    // The completion request the prompt and resource-template forms share (forms/debouncedcompleter.h).
    void completionAsksWithContext()
    {
        QStringList values;
        bool answered = false;
        requestCompletion(m_connection.get(), this,
                          QJsonObject{{QStringLiteral("type"), QStringLiteral("ref/prompt")}, {QStringLiteral("name"), QStringLiteral("greeting")}},
                          QStringLiteral("style"), QStringLiteral("p"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}},
                          [&](const QStringList &v) { values = v; answered = true; });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 10000);
        QCOMPARE(values, QStringList{QStringLiteral("pirate")});
        const QList<QJsonObject> asked = sent(QStringLiteral("completion/complete"));
        QVERIFY(!asked.isEmpty());
        const QJsonObject params = asked.last().value(QLatin1String("params")).toObject();
        QCOMPARE(params.value(QLatin1String("argument")).toObject().value(QLatin1String("value")).toString(), QStringLiteral("p"));
        QCOMPARE(params.value(QLatin1String("context")).toObject().value(QLatin1String("arguments")).toObject()
                     .value(QLatin1String("name")).toString(), QStringLiteral("Ada"));
    }

    void toolsPageRunsFromTheForm()
    {
        ToolsPage *tools = runTool(QStringLiteral("add"), {{QStringLiteral("a"), QStringLiteral("2.5")}, {QStringLiteral("b"), QStringLiteral("-1")}});
        QVERIFY(tools);
        QCOMPARE(JsonText::compact(sent(QStringLiteral("tools/call")).last().value(QLatin1String("params")).toObject().value(QLatin1String("arguments"))),
                 QStringLiteral(R"({"a":2.5,"b":-1})"));
        QCOMPARE(tools->panel()->resultView()->structuredVerdict(), QStringLiteral("valid"));
        QVERIFY(tools->resultText().contains(QLatin1String("1.5")));
    }

    void listChangedRefreshesTools()
    {
        ToolsPage *tools = m_page->toolsPage();
        const int before = tools->list()->count();
        QVERIFY(tools->list()->selectByName(QStringLiteral("toggle_extra_tool")));
        QSignalSpy called(tools, &ToolsPage::callFinished);
        tools->run();
        QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(tools->list()->count(), before + 1, 10000);
        tools->run();
        QTRY_COMPARE_WITH_TIMEOUT(called.size(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(tools->list()->count(), before, 10000);
    }

    void resourceLinkOpensOnResourcesPage()
    {
        ToolsPage *tools = runTool(QStringLiteral("content_gallery"));
        QVERIFY(tools);
        auto *open = tools->findChild<QToolButton *>(QStringLiteral("openResource"));
        QVERIFY(open);
        QSignalSpy read(m_page->resourcesPage()->view(), &ResourcesView::readFinished);
        open->click();
        QCOMPARE(m_page->tabs()->currentWidget(), m_page->resourcesPage());
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 1, 10000);
        QCOMPARE(read.at(0).at(0).toBool(), false);
        QCOMPARE(m_page->resourcesPage()->view()->currentUri(), QStringLiteral("demo://docs/readme"));
        m_page->tabs()->setCurrentWidget(tools);
    }

    void rootsPageSendsListChanged()
    {
        QTemporaryDir dir;
        const int before = int(sent(QStringLiteral("notifications/roots/list_changed")).size());
        QVERIFY(m_page->rootsPage()->editor()->addFolder(dir.path(), QStringLiteral("work")));
        QTRY_COMPARE_WITH_TIMEOUT(int(sent(QStringLiteral("notifications/roots/list_changed")).size()), before + 1, 10000);
        QCOMPARE(m_connection->roots().size(), 1);
        // The server sees them when it asks.
        ToolsPage *tools = runTool(QStringLiteral("list_roots"));
        QVERIFY(tools);
        QVERIFY2(tools->resultText().contains(QUrl::fromLocalFile(dir.path()).toString()), qPrintable(tools->resultText()));
    }

    void scriptedAnswersSwitchedOnRootsPage()
    {
        SavedAnswers answers;
        answers.elicitation = QJsonObject{{QStringLiteral("action"), QStringLiteral("decline")}};
        answers.elicitationEnabled = false;
        answers.save(m_connection->name());
        m_page->tabs()->setCurrentWidget(m_page->rootsPage());
        auto *box = m_page->rootsPage()->findChild<QCheckBox *>(QStringLiteral("scriptedElicitation"));
        QVERIFY(box->isEnabled());
        QVERIFY(!box->isChecked());
        box->click();
        QVERIFY(SavedAnswers::load(m_connection->name()).elicitationEnabled);
        box->click();
        QVERIFY(!SavedAnswers::load(m_connection->name()).elicitationEnabled);
        m_page->tabs()->setCurrentWidget(m_page->toolsPage());
    }

    void tasksPageShowsResults()
    {
        ToolsPage *tools = runTool(QStringLiteral("batch_job"), {{QStringLiteral("items"), QStringLiteral("2")}, {QStringLiteral("delayMs"), QStringLiteral("50")}});
        QVERIFY(tools);
        TasksPage *tasks = m_page->tasksPage();
        tasks->refresh();
        auto *tree = tasks->findChild<QTreeWidget *>();
        QTRY_VERIFY_WITH_TIMEOUT(tree->topLevelItemCount() > 0, 10000);
        // The count above the list agrees with the list (it once said "0 tasks" above one).
        auto *statusLine = tasks->findChild<QLabel *>(QStringLiteral("taskStatusLine"));
        QVERIFY(statusLine);
        QTRY_COMPARE(statusLine->text(), TasksPage::tr("%n task(s)", nullptr, tree->topLevelItemCount()));
        tree->setCurrentItem(tree->topLevelItem(tree->topLevelItemCount() - 1));
        auto *view = tasks->findChild<ResultView *>();
        tasks->findChild<QPushButton *>(QStringLiteral("taskResult"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(JsonText::compact(view->resultJson().toObject().value(QLatin1String("structuredContent")).toObject().value(QLatin1String("processed"))),
                                  QStringLiteral("2"), 10000);
    }

    void screenshots()
    {
        const QString dir = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("MCPSCOPE_SCREENSHOT_DIR not set");
        ToolsPage *tools = runTool(QStringLiteral("content_gallery"));
        QVERIFY(tools);
        QTest::qWait(150);
        QVERIFY(m_page->grab().save(dir + QStringLiteral("/page-tools.png")));
        m_page->tabs()->setCurrentWidget(m_page->resourcesPage());
        m_page->resourcesPage()->openUri(QStringLiteral("demo://docs/readme"));
        QTest::qWait(400);
        QVERIFY(m_page->grab().save(dir + QStringLiteral("/page-resources.png")));
        m_page->tabs()->setCurrentWidget(m_page->promptsPage());
        QTest::qWait(300);
        QVERIFY(m_page->grab().save(dir + QStringLiteral("/page-prompts.png")));
        m_page->tabs()->setCurrentWidget(m_page->rootsPage());
        QTest::qWait(100);
        QVERIFY(m_page->grab().save(dir + QStringLiteral("/page-roots.png")));
        m_page->tabs()->setCurrentWidget(tools);
    }
};

QTEST_MAIN(tst_Pages)
#include "tst_pages.moc"
