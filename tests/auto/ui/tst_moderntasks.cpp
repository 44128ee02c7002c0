// The Tasks page in the modern era (the tasks extension, which has no tasks/list), on a
// 1024×700 screen against the real demo server (`--era modern --conformance`): tool calls the
// server turns into tasks are listed as the window follows them (status as polled, then the
// result), a task cancelled from the page reaches cancelled with tasks/cancel on the wire, and
// a task that asks for input is answered in the window's elicitation dialog (tasks/update).
#include "clientfeatures/elicitationdialog.h"
#include "screenshot.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "tools/toolpanel.h"
#include "mainwindow.h"
#include "servers/serverpage.h"
#include "tasks/taskspage.h"
#include "tools/toolspage.h"
#include "results/resultview.h"
#include "theme.h"
#include "traffic/trafficlog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {
const QSize Screen(1024, 700);

// Outgoing requests of `method` in the log whose bytes contain `needle`.
int requestsSent(TrafficLog *log, const QString &method, const QByteArray &needle = {})
{
    log->flush();
    int count = 0;
    for (int row = 0; row < log->rowCount(); ++row)
        if (log->kind(row) == TrafficKind::Request && log->method(row) == method && log->rawBytes(row).contains(needle))
            ++count;
    return count;
}

// The ids of the page's rows.
QStringList taskIds(TasksPage *tasks)
{
    QStringList ids;
    for (int i = 0; i < tasks->tree()->topLevelItemCount(); ++i)
        ids << tasks->tree()->topLevelItem(i)->text(TasksPage::TaskColumn);
    return ids;
}

QString statusOf(TasksPage *tasks, const QString &taskId)
{
    const QTreeWidgetItem *row = tasks->rowOf(taskId);
    return row ? row->text(TasksPage::StatusColumn) : QString();
}
} // namespace

class tst_ModernTasks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void batchJobFollowedToItsResult();
    void cancelledFromTheTasksPage();
    void inputAnsweredInTheDialog();

private:
    void shot(const QString &name) const;
    // Runs `tool` with `arguments` from the Tools page and returns the task's id once listed.
    QString runTool(const QString &tool, const QString &arguments);

    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
    Connection *m_connection = nullptr;
    ServerPage *m_page = nullptr;
    TasksPage *m_tasks = nullptr;
};

void tst_ModernTasks::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("MCPScopeModernTasksTest"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    const QString demo = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    if (!QFileInfo::exists(demo))
        QSKIP("mcpscope-demo-server is not built");
    QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), Screen);
    Theme::apply(qApp); // MCPSCOPE_THEME=dark takes the screenshots dark

    m_window = new MainWindow(m_dir.filePath(QStringLiteral("servers.json")));
    m_window->setApprovalAnswerForTesting(1);
    m_window->resize(Screen);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    ServerConfig config = ServerConfig::create(QStringLiteral("tasks"));
    config.transport = ServerConfig::TransportType::Stdio;
    config.command = demo;
    config.args = {QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")};
    config.era.clear(); // Auto: probed with server/discover
    const QUuid id = m_window->catalog()->add(config);
    m_window->selectServer(id);
    m_window->connectServer(id);
    m_connection = m_window->existingConnection(id);
    QVERIFY(m_connection);
    QTRY_COMPARE_WITH_TIMEOUT(m_connection->state(), Connection::State::Connected, 20000);
    QCOMPARE(m_connection->sessionInfo().era.era, Modern::Era::Modern);
    m_page = m_window->pageFor(id);
    m_tasks = m_page->tasksPage();
    QTRY_VERIFY_WITH_TIMEOUT(m_page->toolsPage()->list()->selectByName(QStringLiteral("batch_job")), 10000);
}

void tst_ModernTasks::cleanupTestCase()
{
    if (m_connection) {
        m_connection->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!m_connection->isConnected(), 10000);
    }
    delete m_window;
}

void tst_ModernTasks::shot(const QString &name) const
{
    QVERIFY(Mcp::Test::saveScreenshot(m_window, name));
}

QString tst_ModernTasks::runTool(const QString &tool, const QString &arguments)
{
    ToolsPage *tools = m_page->toolsPage();
    m_page->tabs()->setCurrentWidget(tools);
    if (!tools->list()->selectByName(tool))
        return {};
    tools->setArgumentsText(arguments);
    const QStringList before = taskIds(m_tasks);
    tools->run();
    QString taskId;
    const bool appeared = QTest::qWaitFor([&] {
        for (const QString &id : taskIds(m_tasks))
            if (!before.contains(id))
                taskId = id;
        return !taskId.isEmpty();
    }, 10000);
    if (!appeared)
        return {}; // the callers fail on an empty id
    if (m_tasks->rowOf(taskId)->text(TasksPage::FromColumn) != tool)
        return QStringLiteral("<not from %1>").arg(tool);
    return taskId;
}

void tst_ModernTasks::batchJobFollowedToItsResult()
{
    m_page->tabs()->setCurrentWidget(m_tasks);
    // The page says how its list comes about, and lists nothing with tasks/list.
    QVERIFY(m_tasks->modernNote()->isVisible());
    QVERIFY(m_tasks->modernNote()->text().contains(QLatin1String("followed")));
    QSignalSpy called(m_page->toolsPage(), &ToolsPage::callFinished);
    const QString taskId = runTool(QStringLiteral("batch_job"), QStringLiteral("{\"items\": 6, \"delayMs\": 300}"));
    QVERIFY2(!taskId.isEmpty(), "batch_job never showed on the Tasks page");
    m_page->tabs()->setCurrentWidget(m_tasks);

    // Working while the window polls, with the poll interval and where it came from.
    QCOMPARE(statusOf(m_tasks, taskId), QStringLiteral("working"));
    // The count above the list agrees with the list.
    auto *statusLine = m_tasks->findChild<QLabel *>(QStringLiteral("taskStatusLine"));
    QVERIFY(statusLine);
    QCOMPARE(statusLine->text(), TasksPage::tr("%n task(s) followed", nullptr, m_tasks->tree()->topLevelItemCount()));
    QVERIFY(m_tasks->tree()->topLevelItemCount() >= 1);
    QTreeWidgetItem *row = m_tasks->rowOf(taskId);
    QVERIFY2(row->text(TasksPage::PollColumn).endsWith(QLatin1String(" ms")), qPrintable(row->text(TasksPage::PollColumn)));
    QVERIFY(row->toolTip(TasksPage::FromColumn).contains(QLatin1String("tools/call")));
    QVERIFY(!row->text(TasksPage::CreatedColumn).isEmpty());
    m_tasks->tree()->setCurrentItem(row);
    QVERIFY(m_tasks->cancelButton()->isEnabled());
    QVERIFY(m_tasks->resultView()->resultJson().isUndefined()); // no result while it works
    QTRY_VERIFY_WITH_TIMEOUT(m_tasks->followedTask(taskId).polls >= 2, 5000);
    shot(QStringLiteral("modern-tasks-working"));

    // Completed, with the tool's result viewable as on the Tools page.
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(m_tasks, taskId), QStringLiteral("completed"), 15000);
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 5000);
    QCOMPARE(called.first().first().toBool(), false);
    QVERIFY2(m_page->toolsPage()->panel()->statusText().contains(QLatin1String("as a task")),
             qPrintable(m_page->toolsPage()->panel()->statusText()));
    QVERIFY(!m_tasks->followedTask(taskId).following);
    QVERIFY(!m_tasks->cancelButton()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(m_tasks->resultView()->resultJson().toObject().value(QLatin1String("structuredContent"))
                                  .toObject().value(QLatin1String("processed")).toInt(), 6, 5000);
    shot(QStringLiteral("modern-tasks-completed"));

    TrafficLog *log = m_connection->trafficLog();
    QVERIFY(requestsSent(log, QStringLiteral("tasks/get"), taskId.toUtf8()) >= 2);
    QCOMPARE(requestsSent(log, QStringLiteral("tasks/list")), 0); // the extension has none
}

void tst_ModernTasks::cancelledFromTheTasksPage()
{
    QSignalSpy called(m_page->toolsPage(), &ToolsPage::callFinished);
    const QString taskId = runTool(QStringLiteral("batch_job"), QStringLiteral("{\"items\": 100, \"delayMs\": 300}"));
    QVERIFY(!taskId.isEmpty());
    m_page->tabs()->setCurrentWidget(m_tasks);
    QCOMPARE(statusOf(m_tasks, taskId), QStringLiteral("working"));
    m_tasks->tree()->setCurrentItem(m_tasks->rowOf(taskId));
    QVERIFY(m_tasks->cancelButton()->isEnabled());
    QTest::mouseClick(m_tasks->cancelButton(), Qt::LeftButton);

    TrafficLog *log = m_connection->trafficLog();
    QTRY_COMPARE_WITH_TIMEOUT(requestsSent(log, QStringLiteral("tasks/cancel"), taskId.toUtf8()), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(m_tasks, taskId), QStringLiteral("cancelled"), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_tasks->followedTask(taskId).following, 5000);
    QVERIFY(!m_tasks->cancelButton()->isEnabled());
    // The call on the Tools page ends with the cancellation, and the page shows it as no result.
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 5000);
    QCOMPARE(called.first().first().toBool(), true);
    QVERIFY2(m_tasks->followedTask(taskId).error.contains(QLatin1String("cancelled")),
             qPrintable(m_tasks->followedTask(taskId).error));
    QVERIFY(m_tasks->rowOf(taskId)->text(TasksPage::MessageColumn).contains(QLatin1String("Cancelled by the client")));
    QVERIFY(m_tasks->resultView()->resultJson().toObject().value(QLatin1String("error")).toString().contains(QLatin1String("cancelled")));
    auto *statusLine = m_tasks->findChild<QLabel *>(QStringLiteral("taskStatusLine"));
    QVERIFY2(statusLine->text().endsWith(QLatin1String("is cancelled.")), qPrintable(statusLine->text()));
    shot(QStringLiteral("modern-tasks-cancelled"));
}

void tst_ModernTasks::inputAnsweredInTheDialog()
{
    QSignalSpy called(m_page->toolsPage(), &ToolsPage::callFinished);
    const QString taskId = runTool(QStringLiteral("confirm_delete"), QStringLiteral("{}"));
    QVERIFY(!taskId.isEmpty());
    // The task asks; the window's elicitation dialog opens, and the page shows the question waiting.
    ElicitationDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<ElicitationDialog *>()) != nullptr, 10000);
    m_page->tabs()->setCurrentWidget(m_tasks);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(m_tasks, taskId), QStringLiteral("input_required"), 5000);
    QTreeWidgetItem *row = m_tasks->rowOf(taskId);
    QTRY_COMPARE_WITH_TIMEOUT(row->text(TasksPage::InputColumn), TasksPage::tr("%1 asked, %2 waiting").arg(1).arg(1), 5000);
    QVERIFY(row->toolTip(TasksPage::InputColumn).contains(QLatin1String("Delete everything?")));
    m_tasks->tree()->setCurrentItem(row);
    shot(QStringLiteral("modern-tasks-input"));

    auto *field = dialog->findChild<QLineEdit *>(QStringLiteral("field:/confirm"));
    QVERIFY(field);
    field->setText(QStringLiteral("yes"));
    dialog->acceptRequest();

    QTRY_COMPARE_WITH_TIMEOUT(statusOf(m_tasks, taskId), QStringLiteral("completed"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 5000);
    QCOMPARE(called.first().first().toBool(), false);
    QCOMPARE(row->text(TasksPage::InputColumn), TasksPage::tr("%1 asked, %2 answered").arg(1).arg(1));
    const FollowedTask task = m_tasks->followedTask(taskId);
    QVERIFY(std::any_of(task.rounds.cbegin(), task.rounds.cend(), [](const Modern::RoundRecord &round) {
        return round.taskPoll && round.inputs.size() == 1 && round.inputs.first().answered
            && round.inputs.first().response.value(QLatin1String("content")).toObject().value(QLatin1String("confirm")).toString()
                   == QLatin1String("yes");
    }));
    // The answer went out with tasks/update; the result view shows the result and the round.
    TrafficLog *log = m_connection->trafficLog();
    QCOMPARE(requestsSent(log, QStringLiteral("tasks/update"), taskId.toUtf8()), 1);
    ResultView *view = m_tasks->resultView();
    QTRY_VERIFY_WITH_TIMEOUT(QJsonDocument(view->resultJson().toObject()).toJson().contains("Deleted (not really)."), 5000);
    QVERIFY(view->roundsView()->isVisibleTo(m_tasks));
    bool roundShown = false;
    for (int i = 0; i < view->roundsView()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = view->roundsView()->topLevelItem(i);
        roundShown |= item->text(ResultView::SentColumn).contains(QLatin1String("tasks/update"))
            && item->text(ResultView::AskedColumn).contains(QLatin1String("Delete everything?"));
    }
    QVERIFY(roundShown);
    shot(QStringLiteral("modern-tasks-answered"));
}

QTEST_MAIN(tst_ModernTasks)
#include "tst_moderntasks.moc"
