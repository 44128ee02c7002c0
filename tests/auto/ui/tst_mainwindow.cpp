// The main window against the real demo server: connect, pages fill, traffic arrives and
// filters, a crashing server shows its exit code and last stderr lines.
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "mainwindow.h"
#include "collections/collection.h"
#include "collections/collectionrunner.h"
#include "dialogs/collectionrundialog.h"
#include "logs/consolepage.h"
#include "logs/logspage.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"
#include "tools/toolpanel.h"
#include "traffic/trafficpage.h"
#include "results/bigtextview.h"
#include "results/resultview.h"
#include "clientfeatures/elicitationdialog.h"
#include "clientfeatures/samplingdialog.h"
#include "clientfeatures/rootspage.h"
#include "dialogs/serverrequestdialog.h"
#include "traffic/capturewindow.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include <QStatusBar>

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QDir>
#include <QPushButton>
#include <QTreeWidget>
#include <QListView>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void connectToDemoServer();
    void listingAtConnectAsksOnce();
    void bigResultIsPreparedOffTheGuiThread();
    void serverThatCrashesShowsExitCodeAndStderr();
    void twoServersAtOnce();
    void samplingAndElicitationDialogs();
    void exportAndReopenCapture();
    void autoRestartGivesUpOnCrashLoop();
    void eraBadgeAndReprobe();
    void pinnedEraShowsPinned();
    void saveCallToCollection();
    void runCollectionShowsPassAndFail();
    void openServerRunsExactlyWhatWasTyped();

private:
    ServerConfig demoConfig(const QString &name, const QStringList &extraArgs = {}) const;
    // Shows window, adds config, selects and connects it: its connection once
    // connected, null if it did not connect in 20 s.
    Connection *connectDemo(MainWindow &window, const ServerConfig &config, QUuid *id);
    // Connects config (connectDemo) and selects tool on its Tools page once listed: the page, or
    // null when the connection or the tool did not come; *connection is the connection.
    ServerPage *connectWithTool(MainWindow &window, const ServerConfig &config, const QString &tool,
                                Connection **connection);
    QTemporaryDir m_dir;
    QString m_demo;
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_demo = Test::builtDemoServer();
    if (m_demo.isEmpty())
        QSKIP("mcpscope-demo-server is not built");
}

ServerConfig tst_MainWindow::demoConfig(const QString &name, const QStringList &extraArgs) const
{
    ServerConfig config = Test::stdioConfig(name, m_demo, extraArgs);
    // The tests before the era ones look at the legacy era's traffic (initialize and its pairing);
    // the era tests clear this to let the window detect the era (Auto).
    config.era = QStringLiteral("legacy");
    return config;
}

Connection *tst_MainWindow::connectDemo(MainWindow &window, const ServerConfig &config, QUuid *id)
{
    return Test::addAndConnect(window, config, id);
}

ServerPage *tst_MainWindow::connectWithTool(MainWindow &window, const ServerConfig &config, const QString &tool,
                                            Connection **connection)
{
    QUuid id;
    *connection = connectDemo(window, config, &id);
    if (!*connection)
        return nullptr;
    ServerPage *page = window.pageFor(id);
    const bool selected = QTest::qWaitFor([page, &tool] { return page->toolsPage()->list()->selectByName(tool); }, 10000);
    return selected ? page : nullptr;
}

void tst_MainWindow::connectToDemoServer()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-1.json")));
    QUuid id;
    Connection *connection = connectDemo(window, demoConfig(QStringLiteral("demo")), &id);
    QVERIFY(connection);
    QVERIFY(!connection->sessionInfo().protocolVersion.isEmpty());
    QCOMPARE(connection->sessionInfo().transportName, QStringLiteral("stdio"));
    QVERIFY(connection->sessionInfo().processId > 0);

    // The command was approved once and is remembered.
    QVERIFY(window.catalog()->isApproved(window.catalog()->find(id)));

    ServerPage *page = window.pageFor(id);
    QVERIFY(page);
    QCOMPARE(window.currentPage(), page);
    // The Tools page lists the demo server's tools.
    QTRY_VERIFY_WITH_TIMEOUT(page->toolsPage()->list()->count() > 0, 10000);
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("echo")));
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"hello from the test\"}"));
    QSignalSpy called(page->toolsPage(), &ToolsPage::callFinished);
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
    QCOMPARE(called.first().first().toBool(), false);
    QVERIFY2(page->toolsPage()->resultText().contains(QStringLiteral("hello from the test")),
             qPrintable(page->toolsPage()->resultText()));

    // Traffic: per connection and in the all-connections log.
    TrafficLog *log = connection->trafficLog();
    QTRY_VERIFY_WITH_TIMEOUT(log->rowCount() >= 6, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(window.allTraffic()->rowCount() >= log->rowCount() - 2, 5000);
    auto rowsWithMethod = [log](const QString &method) {
        int count = 0;
        for (int row = 0; row < log->rowCount(); ++row)
            count += log->method(row) == method ? 1 : 0;
        return count;
    };
    QTRY_VERIFY_WITH_TIMEOUT(rowsWithMethod(QStringLiteral("initialize")) >= 1, 5000);
    // The request and its response both carry the method.
    QTRY_VERIFY_WITH_TIMEOUT(rowsWithMethod(QStringLiteral("tools/call")) >= 1, 5000);

    // Filters: method, then text.
    TrafficView *view = page->trafficPage()->view();
    view->setMethodFilter(QStringLiteral("tools/call"));
    QTRY_VERIFY_WITH_TIMEOUT(view->visibleRowCount() >= 1 && view->visibleRowCount() < log->rowCount(), 5000);
    for (int row = 0; row < view->visibleRowCount(); ++row)
        QVERIFY(log->method(view->logRow(row)) == QLatin1String("tools/call"));
    view->setMethodFilter(QString());
    view->setTextFilter(QStringLiteral("hello from the test"));
    QTRY_VERIFY_WITH_TIMEOUT(view->visibleRowCount() >= 2 && view->visibleRowCount() < log->rowCount(), 5000);
    view->setTextFilter(QString());
    QTRY_COMPARE_WITH_TIMEOUT(view->visibleRowCount(), log->rowCount(), 5000);
    // The initialize request is paired with its response.
    int initializeRow = -1;
    for (int row = 0; row < log->rowCount() && initializeRow < 0; ++row) {
        if (log->method(row) == QLatin1String("initialize"))
            initializeRow = row;
    }
    QVERIFY(log->pairedRow(initializeRow) > initializeRow);
    QVERIFY(log->latencyNs(initializeRow) > 0);

    // Jump to the pair from the view.
    view->setFollowTail(false);
    view->selectViewRow(view->viewRow(initializeRow));
    view->jumpToPair();
    QCOMPARE(view->logRow(view->table()->currentIndex().row()), log->pairedRow(initializeRow));

    // Rows have a fixed height.
    QCOMPARE(view->table()->verticalHeader()->sectionResizeMode(0), QHeaderView::Fixed);

    // Disconnect ends the session and the process.
    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, 10000);
    QVERIFY(!page->isBannerVisible());
}

// A result of 4 MiB or more has its text converted in the thread pool (ToolPanel::finish): it
// still shows, with its size, its first part at once and the rest on request; a small call right
// after it shows its own result, never the big one that finished preparing later.
// At connect the pages list tools, prompts and templates, and the connection keeps a snapshot of
// every list (what a reload changed): it shares the pages' answers, so none is asked for twice.
void tst_MainWindow::listingAtConnectAsksOnce()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-listing.json")));
    window.setApprovalAnswerForTesting(1);
    window.show();
    const QUuid id = window.catalog()->add(demoConfig(QStringLiteral("demo")));
    window.selectServer(id);
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);
    QVERIFY(connection);
    ServerPage *page = window.pageFor(id);
    QVERIFY(page);
    TrafficLog *log = connection->trafficLog();
    const QStringList lists{QStringLiteral("tools/list"), QStringLiteral("prompts/list"),
                            QStringLiteral("resources/templates/list")};
    // Requests of a list sent, and how many of them are answered.
    const auto requests = [log](const QString &method, bool answeredOnly) {
        int count = 0;
        for (int row = 0; row < log->rowCount(); ++row) {
            if (log->kind(row) == TrafficKind::Request && log->method(row) == method
                && log->data(log->index(row, 0), TrafficLog::DirectionRole).toInt() == int(TrafficEvent::Direction::Outgoing))
                count += !answeredOnly || log->pairedRow(row) >= 0 ? 1 : 0;
        }
        return count;
    };
    const auto listed = [&](int times) {
        for (const QString &method : lists) {
            if (requests(method, true) < times)
                return false;
        }
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(listed(1), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(page->toolsPage()->list()->count() > 0, 10000);
    QTest::qWait(300); // a second request of its own would be sent by now
    for (const QString &method : lists)
        QVERIFY2(requests(method, false) == 1, qPrintable(QStringLiteral("%1: %2").arg(method).arg(requests(method, false))));

    // A restart lists once again, and the snapshot still tells what changed: nothing.
    QSignalSpy reloaded(connection, &Connection::reloaded);
    connection->restart();
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.size(), 1, 20000);
    QVERIFY(connection->lastReload().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(listed(2), 10000);
    QTest::qWait(300);
    for (const QString &method : lists)
        QVERIFY2(requests(method, false) == 2, qPrintable(QStringLiteral("%1: %2").arg(method).arg(requests(method, false))));
}

void tst_MainWindow::bigResultIsPreparedOffTheGuiThread()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-big.json")));
    Connection *connection = nullptr;
    ServerPage *page = connectWithTool(window, demoConfig(QStringLiteral("demo")), QStringLiteral("blob"), &connection);
    QVERIFY(page);
    const qint64 size = 6 * 1024 * 1024;
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"size\": %1}").arg(size));
    QSignalSpy called(page->toolsPage(), &ToolsPage::callFinished);
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 30000);
    QCOMPARE(called.first().first().toBool(), false);
    auto *truncated = page->toolsPage()->findChild<QLabel *>(QStringLiteral("truncated"));
    QVERIFY(truncated);
    QVERIFY2(truncated->text().contains(QString::number(size)), qPrintable(truncated->text()));
    auto *bigView = page->toolsPage()->findChild<BigTextView *>(QStringLiteral("bigTextView"));
    QVERIFY(bigView);
    QCOMPARE(bigView->text().size(), ResultView::EagerTextLimit);
    QVERIFY(bigView->text().startsWith(QStringLiteral("line of text\twith \"quotes\"")));

    // The big call, then at once a small one: only the small one's result may stay shown.
    page->toolsPage()->run();
    QTRY_VERIFY_WITH_TIMEOUT(!page->toolsPage()->panel()->isRunning(), 30000);
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("echo")));
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"small after big\"}"));
    page->toolsPage()->run();
    QTRY_VERIFY_WITH_TIMEOUT(page->toolsPage()->resultText().contains(QStringLiteral("small after big")), 30000);
    QTest::qWait(500); // a late big result would have replaced it by now
    QVERIFY(page->toolsPage()->resultText().contains(QStringLiteral("small after big")));
}

void tst_MainWindow::serverThatCrashesShowsExitCodeAndStderr()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-2.json")));
    Connection *connection = nullptr;
    ServerPage *page = connectWithTool(window, demoConfig(QStringLiteral("crashy")), QStringLiteral("crash"), &connection);
    QVERIFY(page);
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"code\": 3}"));
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Exited, 10000);
    QVERIFY2(connection->exitDescription().contains(QLatin1String("3")), qPrintable(connection->exitDescription()));
    QVERIFY(page->isBannerVisible());
    const QString banner = page->bannerText();
    QVERIFY2(banner.contains(QLatin1String("3")), qPrintable(banner));
    QVERIFY2(banner.contains(QLatin1String("crashing with exit code 3")), qPrintable(banner));
    // The console has the same stderr line.
    QTRY_VERIFY(page->consolePage()->plainText().contains(QLatin1String("crashing with exit code 3")));
    // The server list says so too.
    QVERIFY(connection->stateText().contains(QLatin1String("3")));
}

void tst_MainWindow::twoServersAtOnce()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-3.json")));
    window.setApprovalAnswerForTesting(1);
    window.show();
    const QUuid a = window.catalog()->add(demoConfig(QStringLiteral("first")));
    const QUuid b = window.catalog()->add(demoConfig(QStringLiteral("second")));
    window.connectServer(a);
    window.connectServer(b);
    QTRY_COMPARE_WITH_TIMEOUT(window.existingConnection(a)->state(), Connection::State::Connected, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(window.existingConnection(b)->state(), Connection::State::Connected, 20000);
    QVERIFY(window.existingConnection(a)->id() != window.existingConnection(b)->id());
    // The all-traffic log holds both connections, named.
    QTRY_VERIFY_WITH_TIMEOUT(window.allTraffic()->connectionNames().size() == 2, 5000);
    QSet<int> seen;
    QTRY_VERIFY_WITH_TIMEOUT(([&] {
        seen.clear();
        for (int row = 0; row < window.allTraffic()->rowCount(); ++row)
            seen.insert(window.allTraffic()->data(window.allTraffic()->index(row, 0), TrafficLog::ConnectionIdRole).toInt());
        return seen.size() == 2;
    }()), 5000);
    // Declared user approval was asked once per server, not per connect.
    window.disconnectServer(a);
    QTRY_COMPARE_WITH_TIMEOUT(window.existingConnection(a)->state(), Connection::State::Disconnected, 10000);
    QCOMPARE(window.existingConnection(b)->state(), Connection::State::Connected);
}

void tst_MainWindow::samplingAndElicitationDialogs()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-4.json")));
    Connection *connection = nullptr;
    ServerPage *page = connectWithTool(window, demoConfig(QStringLiteral("asks")), QStringLiteral("ask_llm"), &connection);
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();

    // Sampling: a modeless dialog appears; the edited answer is what the server gets.
    QSignalSpy called(tools, &ToolsPage::callFinished);
    tools->setArgumentsText(QStringLiteral("{\"prompt\": \"Say hi\"}"));
    tools->run();
    SamplingDialog *sampling = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((sampling = window.findChild<SamplingDialog *>()) != nullptr, 10000);
    QVERIFY(!sampling->isModal());
    QVERIFY(sampling->windowTitle().contains(QLatin1String("asks")));
    // A legacy server: sampling is no deprecated feature there (the era test below has the modern case).
    QCOMPARE(connection->sessionInfo().era.era, Modern::Era::Legacy);
    QVERIFY(!sampling->deprecationLabel()->isVisibleTo(sampling));
    QVERIFY(!page->rootsPage()->deprecationLabel()->isVisibleTo(page->rootsPage()));
    sampling->findChild<QLineEdit *>(QStringLiteral("model"))->setText(QStringLiteral("test-model"));
    sampling->setAnswerText(QStringLiteral("hi there"));
    sampling->sendAnswer();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
    QVERIFY2(tools->resultText().contains(QLatin1String("test-model answered: hi there")), qPrintable(tools->resultText()));
    QTRY_VERIFY(window.findChild<SamplingDialog *>() == nullptr);

    // Elicitation: the form starts with the schema's defaults; decline is sent as such.
    QVERIFY(tools->list()->selectByName(QStringLiteral("ask_user")));
    tools->setArgumentsText(QStringLiteral("{}"));
    tools->run();
    ElicitationDialog *elicitation = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((elicitation = window.findChild<ElicitationDialog *>()) != nullptr, 10000);
    QCOMPARE(elicitation->content().value(QLatin1String("name")).toString(), QStringLiteral("Ada"));
    elicitation->declineRequest();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 2, 10000);
    QVERIFY2(tools->resultText().contains(QLatin1String("decline")), qPrintable(tools->resultText()));

    // URL mode: after the person accepts, the server says the out-of-band step is done
    // (notifications/elicitation/complete), and the window says so in its status bar.
    QVERIFY(tools->list()->selectByName(QStringLiteral("ask_user_url")));
    tools->setArgumentsText(QStringLiteral("{}"));
    tools->run();
    QTRY_VERIFY_WITH_TIMEOUT((elicitation = window.findChild<ElicitationDialog *>()) != nullptr && elicitation->isUrlMode(), 10000);
    ElicitationDialog::setUrlOpener([](const QUrl &) { return true; }); // no browser in a test
    elicitation->acceptRequest();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 3, 10000);
    QTRY_VERIFY2_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(QLatin1String("the page it sent you to is done")),
                              qPrintable(window.statusBar()->currentMessage()), 10000);
    QVERIFY2(window.statusBar()->currentMessage().startsWith(QLatin1String("asks: ")), qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("demo-url-")));
}

void tst_MainWindow::exportAndReopenCapture()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-5.json")));
    ServerConfig config = demoConfig(QStringLiteral("recorded"));
    config.env = {ConfigEntry{QStringLiteral("DEMO_TOKEN"), QStringLiteral("tok-ABCDEF-123"), true}};
    Connection *connection = nullptr;
    ServerPage *page = connectWithTool(window, config, QStringLiteral("echo"), &connection);
    QVERIFY(page);
    // The secret value crosses the wire in a tool call, so redaction has something to do.
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"token tok-ABCDEF-123 here\"}"));
    QSignalSpy called(page->toolsPage(), &ToolsPage::callFinished);
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
    TrafficView *view = page->trafficPage()->view();
    TrafficLog *log = connection->trafficLog();
    QTRY_VERIFY_WITH_TIMEOUT(log->rowCount() >= 8, 5000);
    log->flush();
    const int liveRows = log->rowCount();

    const QString all = m_dir.filePath(QStringLiteral("all.jsonl"));
    QString error;
    QVERIFY2(view->exportTo(all, false, false, false, &error), qPrintable(error));
    QFile file(all);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("{"));
    QVERIFY2(!text.contains("tok-ABCDEF-123"), "a secret value reached the export");
    file.close();

    // Re-open offline: same rows, same pairing, filters work.
    QScopedPointer<CaptureWindow> capture(CaptureWindow::open(all, &error));
    QVERIFY2(capture, qPrintable(error));
    capture->setAttribute(Qt::WA_DeleteOnClose, false);
    QCOMPARE(capture->log()->rowCount(), liveRows);
    QCOMPARE(capture->importIssueCount(), 0);
    for (int row = 0; row < liveRows; ++row) {
        QCOMPARE(capture->log()->method(row), log->method(row));
        QCOMPARE(capture->log()->pairedRow(row), log->pairedRow(row));
    }
    capture->view()->setMethodFilter(QStringLiteral("initialize"));
    QTRY_VERIFY_WITH_TIMEOUT(capture->view()->visibleRowCount() >= 1 && capture->view()->visibleRowCount() < liveRows, 5000);
    capture->view()->setMethodFilter(QString());
    capture->view()->setJsonFilter(QStringLiteral("/params/name=echo"));
    QTRY_COMPARE_WITH_TIMEOUT(capture->view()->visibleRowCount(), 1, 5000);

    // Only the filtered rows, with secrets kept when asked.
    const QString filtered = m_dir.filePath(QStringLiteral("filtered.jsonl"));
    view->setJsonFilter(QStringLiteral("/params/name=echo"));
    QTRY_COMPARE_WITH_TIMEOUT(view->visibleRowCount(), 1, 5000);
    QVERIFY2(view->exportTo(filtered, false, true, true, &error), qPrintable(error));
    QScopedPointer<CaptureWindow> small(CaptureWindow::open(filtered, &error));
    QVERIFY2(small, qPrintable(error));
    small->setAttribute(Qt::WA_DeleteOnClose, false);
    QCOMPARE(small->log()->rowCount(), 1);
    QVERIFY(small->log()->rawBytes(0).contains("tok-ABCDEF-123"));

    // Not a capture: a clear error.
    const QString junk = m_dir.filePath(QStringLiteral("junk.jsonl"));
    QFile junkFile(junk);
    QVERIFY(junkFile.open(QIODevice::WriteOnly));
    junkFile.write("hello\n");
    junkFile.close();
    QVERIFY(!CaptureWindow::open(junk, &error));
    QVERIFY(!error.isEmpty());
}

void tst_MainWindow::autoRestartGivesUpOnCrashLoop()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-6.json")));
    window.setApprovalAnswerForTesting(1);
    ServerConfig config = demoConfig(QStringLiteral("crash loop"), {QStringLiteral("--fault"), QStringLiteral("crash-after-init")});
    config.autoRestart.enabled = true;
    config.autoRestart.initialBackoffMs = 100;
    config.autoRestart.maxBackoffMs = 200;
    config.autoRestart.maxAttempts = 2;
    const QUuid id = window.catalog()->add(config);
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);
    QSignalSpy scheduled(connection, &Connection::autoRestartScheduled);
    QSignalSpy gaveUp(connection, &Connection::autoRestartGaveUp);
    QTRY_COMPARE_WITH_TIMEOUT(gaveUp.size(), 1, 30000);
    QCOMPARE(scheduled.size(), 2);
    QVERIFY(connection->state() == Connection::State::Exited || connection->state() == Connection::State::Failed);
    QVERIFY2(connection->lastStderrLines().join(QLatin1Char('\n')).contains(QLatin1String("crash")),
             qPrintable(connection->lastStderrLines().join(QLatin1Char('\n'))));
}

void tst_MainWindow::eraBadgeAndReprobe()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-era.json")));
    window.setApprovalAnswerForTesting(1);
    window.show();
    // No era in the configuration: Auto, which probes with server/discover.
    ServerConfig modernConfig = demoConfig(QStringLiteral("modern"), {QStringLiteral("--era"), QStringLiteral("modern")});
    ServerConfig legacyConfig = demoConfig(QStringLiteral("legacy"), {QStringLiteral("--era"), QStringLiteral("legacy")});
    modernConfig.era.clear();
    legacyConfig.era.clear();
    const QUuid modern = window.catalog()->add(modernConfig);
    const QUuid legacy = window.catalog()->add(legacyConfig);
    window.connectServer(modern);
    window.connectServer(legacy);
    Connection *m = window.existingConnection(modern);
    Connection *l = window.existingConnection(legacy);
    QTRY_COMPARE_WITH_TIMEOUT(m->state(), Connection::State::Connected, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(l->state(), Connection::State::Connected, 30000);

    ServerPage *page = window.pageFor(modern);
    QCOMPARE(m->sessionInfo().era.era, Modern::Era::Modern);
    QCOMPARE(page->eraLabel()->text(), ServerPage::tr("%1 %2 · %3").arg(QStringLiteral("Modern"), QStringLiteral("2026-07-28"), QStringLiteral("probed")));
    QVERIFY(page->eraLabel()->isVisibleTo(page));
    // The whole server/discover result is there to read.
    QVERIFY(page->discoveryView()->toPlainText().contains(QLatin1String("2026-07-28")));
    QVERIFY(page->discoveryView()->toPlainText().contains(QLatin1String("serverInfo")));

    ServerPage *legacyPage = window.pageFor(legacy);
    QCOMPARE(l->sessionInfo().era.era, Modern::Era::Legacy);
    QVERIFY2(legacyPage->eraLabel()->text().startsWith(QLatin1String("Legacy ")), qPrintable(legacyPage->eraLabel()->text()));
    QVERIFY2(legacyPage->eraLabel()->text().endsWith(QStringLiteral("· probed")), qPrintable(legacyPage->eraLabel()->text()));
    QVERIFY(legacyPage->discoveryView()->toPlainText().isEmpty());

    // Logging is deprecated in the modern revision: the Logs page says so for the modern
    // server that offers it, not for the legacy one.
    QVERIFY(m->sessionInfo().serverCapabilities.contains(QLatin1String("logging")));
    QTRY_VERIFY(page->logsPage()->deprecationLabel()->isVisibleTo(page->logsPage()));
    QVERIFY(page->logsPage()->deprecationLabel()->text().contains(QLatin1String("2026-07-28")));
    QVERIFY(!legacyPage->logsPage()->deprecationLabel()->isVisibleTo(legacyPage->logsPage()));
    // The page's level went into _meta at connect, so the modern server's log messages arrive.
    QTRY_VERIFY_WITH_TIMEOUT(page->toolsPage()->list()->selectByName(QStringLiteral("log_all_levels")), 10000);
    page->toolsPage()->run();
    QTRY_VERIFY_WITH_TIMEOUT(page->logsPage()->model()->rowCount() >= 7, 10000); // info and above of eight

    // Sampling is deprecated too: the dialog of a modern server's request says so, and the Roots
    // page (where scripted sampling answers are kept) from then on.
    QVERIFY(!page->rootsPage()->deprecationLabel()->isVisibleTo(page->rootsPage()));
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("ask_llm")));
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"prompt\": \"Say hi\"}"));
    page->toolsPage()->run();
    SamplingDialog *sampling = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((sampling = window.findChild<SamplingDialog *>()) != nullptr, 10000);
    QVERIFY(sampling->deprecationLabel()->isVisibleTo(sampling));
    QVERIFY2(sampling->deprecationLabel()->text().contains(QLatin1String("2026-07-28")), qPrintable(sampling->deprecationLabel()->text()));
    // While the dialog waits, the Tools page says which round the call is in and what it waits for.
    QTRY_COMPARE(page->toolsPage()->panel()->statusText(),
                 QStringLiteral("Round 1: the server asked for sampling/createMessage; waiting for the answer"));
    sampling->rejectRequest();
    QTRY_VERIFY(page->rootsPage()->deprecationLabel()->isVisibleTo(page->rootsPage()));
    QVERIFY2(page->rootsPage()->deprecationLabel()->text().contains(QLatin1String("sampling")),
             qPrintable(page->rootsPage()->deprecationLabel()->text()));

    // Arguments that become headers (x-mcp-header) are marked in the tool form.
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("route_query")));
    QTRY_VERIFY(!page->findChildren<QLabel *>().isEmpty());
    QStringList headerNotes;
    for (QLabel *label : page->findChildren<QLabel *>())
        if (label->objectName().startsWith(QLatin1String("header:")))
            headerNotes << label->text();
    QVERIFY2(headerNotes.join(QLatin1Char('|')).contains(QLatin1String("Mcp-Param-Region")), qPrintable(headerNotes.join(QLatin1Char('|'))));
    QVERIFY(headerNotes.join(QLatin1Char('|')).contains(QLatin1String("Mcp-Param-Priority")));

    // What was detected is kept with each configuration, for the next run.
    QCOMPARE(Modern::EraRecord::fromJson(window.catalog()->find(modern).eraRecord).era, Modern::Era::Modern);
    QCOMPARE(Modern::EraRecord::fromJson(window.catalog()->find(legacy).eraRecord).era, Modern::Era::Legacy);
    // A restart starts from it: no probe.
    QSignalSpy restarted(l, &Connection::stateChanged);
    window.restartServer(legacy);
    QTRY_VERIFY_WITH_TIMEOUT(restarted.count() >= 2 && l->state() == Connection::State::Connected, 30000);
    QVERIFY2(legacyPage->eraLabel()->text().endsWith(QStringLiteral("· cached")), qPrintable(legacyPage->eraLabel()->text()));

    // Re-probe connects anew: a new process, asked server/discover again.
    const qint64 pid = m->sessionInfo().processId;
    QSignalSpy states(m, &Connection::stateChanged);
    page->reprobeButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(states.count() >= 2 && m->state() == Connection::State::Connected, 20000);
    QVERIFY(m->sessionInfo().processId != pid);
    QCOMPARE(m->sessionInfo().era.era, Modern::Era::Modern);
    QVERIFY(page->eraLabel()->text().startsWith(QLatin1String("Modern 2026-07-28")));
    QVERIFY2(page->eraLabel()->text().endsWith(QStringLiteral("· probed")), qPrintable(page->eraLabel()->text()));
    QCOMPARE(Modern::EraRecord::fromJson(window.catalog()->find(modern).eraRecord).era, Modern::Era::Modern);
}

void tst_MainWindow::pinnedEraShowsPinned()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-pinned.json")));
    window.setApprovalAnswerForTesting(1);
    window.show();
    ServerConfig config = demoConfig(QStringLiteral("dual"), {QStringLiteral("--era"), QStringLiteral("dual")});
    config.era = QStringLiteral("legacy:2025-06-18");
    const QUuid id = window.catalog()->add(config);
    QCOMPARE(window.catalog()->find(id).era, QStringLiteral("legacy:2025-06-18"));
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, 20000);
    QCOMPARE(connection->sessionInfo().protocolVersion, QStringLiteral("2025-06-18"));
    QCOMPARE(window.pageFor(id)->eraLabel()->text(), QStringLiteral("Legacy 2025-06-18 · pinned"));
}

// Tools › Save to Collection…: the call just made, with assertions its result satisfies, goes
// into a collection file with the server's entry; a second call joins the same server; the
// file loads, and its calls pass when run against the demo server.
void tst_MainWindow::saveCallToCollection()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-collection.json")));
    const QString file = m_dir.filePath(QStringLiteral("saved-collection.json"));
    window.setCollectionFileForTesting(file);
    QUuid id;
    Connection *connection = connectDemo(window, demoConfig(QStringLiteral("demo")), &id);
    QVERIFY(connection);
    ToolsPage *tools = window.pageFor(id)->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("get_weather")), 10000);
    tools->setArgumentsText(QStringLiteral("{\"city\": \"Oslo\"}"));
    QSignalSpy called(tools, &ToolsPage::callFinished);
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
    auto *save = tools->panel()->findChild<QPushButton *>(QStringLiteral("saveToCollection"));
    QVERIFY(save);
    QVERIFY(save->isEnabled());
    save->click();
    QVERIFY(tools->list()->selectByName(QStringLiteral("fail")));
    tools->setArgumentsText(QStringLiteral("{}"));
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 2, 10000);
    save->click();

    const Collection::LoadResult loaded = Collection::load(file);
    QVERIFY2(loaded.isValid(), qPrintable(loaded.errorText()));
    QCOMPARE(loaded.collection.servers.size(), 1);
    QCOMPARE(loaded.collection.calls.size(), 2);
    const CollectionCall &weather = loaded.collection.calls.at(0);
    QCOMPARE(weather.target, QStringLiteral("get_weather"));
    QCOMPARE(weather.arguments.value(QStringLiteral("city")).toString(), QStringLiteral("Oslo"));
    // status ok, isError false, structuredContentValid, structuredContent equals, the text contains
    QList<Assertion::Kind> kinds;
    for (const Assertion &assertion : weather.assertions)
        kinds.append(assertion.kind);
    QVERIFY2(kinds.size() >= 4 && kinds.mid(0, 4) == (QList<Assertion::Kind>{Assertion::Kind::Status, Assertion::Kind::IsError,
                                                                              Assertion::Kind::OutputSchema, Assertion::Kind::PathEquals}),
             qPrintable(QString::number(kinds.size())));
    QCOMPARE(weather.assertions.at(3).expected.toObject().value(QStringLiteral("city")).toString(), QStringLiteral("Oslo"));
    QCOMPARE(loaded.collection.calls.at(1).assertions.at(1).expected, QJsonValue(true)); // fail: isError true
    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, 10000);

    CollectionRunner runner(loaded.collection);
    QSignalSpy finished(&runner, &CollectionRunner::finished);
    runner.start();
    QVERIFY(finished.wait(60000));
    QCOMPARE(runner.report().count(CallReport::Status::Passed), 2);
}

// File › Run Collection…: pass and fail beside each call, failed assertions under their call,
// a connection error for a server that cannot start; then only the selected call again.
void tst_MainWindow::runCollectionShowsPassAndFail()
{
    const QString path = m_dir.filePath(QStringLiteral("run-collection.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QJsonObject demo{{QStringLiteral("command"), m_demo}};
    const QJsonObject gone{{QStringLiteral("command"), QStringLiteral("/nonexistent/server")}};
    QJsonObject root{{QStringLiteral("format"), QStringLiteral("mcpscope-collection")}, {QStringLiteral("version"), 1},
                     {QStringLiteral("name"), QStringLiteral("window")},
                     {QStringLiteral("servers"), QJsonObject{{QStringLiteral("demo"), demo}, {QStringLiteral("gone"), gone}}}};
    root.insert(QStringLiteral("calls"), QJsonDocument::fromJson(R"([
        {"name": "sum", "server": "demo", "tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"path": "$.structuredContent.sum", "equals": 3}]},
        {"name": "wrong", "server": "demo", "tool": "add", "arguments": {"a": 1, "b": 2}, "expect": [{"path": "$.structuredContent.sum", "equals": 4}]},
        {"name": "nowhere", "server": "gone", "tool": "echo"}])").array());
    file.write(QJsonDocument(root).toJson());
    file.close();

    MainWindow window(m_dir.filePath(QStringLiteral("servers-runcollection.json")));
    CollectionRunDialog *dialog = window.runCollection(path);
    QVERIFY(dialog->loadError().isEmpty());
    QSignalSpy finished(dialog, &CollectionRunDialog::runFinished);
    // A collection's commands start only once approved, as the window's own servers do.
    window.setApprovalAnswerForTesting(0);
    dialog->runAll();
    QVERIFY(!dialog->isRunning());
    QVERIFY2(dialog->summaryText().contains(QStringLiteral("not approved")), qPrintable(dialog->summaryText()));
    QVERIFY(!finished.wait(500));
    window.setApprovalAnswerForTesting(1);
    dialog->runAll();
    QVERIFY(finished.wait(60000));
    QTreeWidget *tree = dialog->tree();
    QCOMPARE(tree->topLevelItemCount(), 3);
    QCOMPARE(tree->topLevelItem(0)->text(2), QStringLiteral("Passed"));
    QCOMPARE(tree->topLevelItem(1)->text(2), QStringLiteral("Failed"));
    QCOMPARE(tree->topLevelItem(1)->childCount(), 1);
    QVERIFY2(tree->topLevelItem(1)->child(0)->text(0).contains(QStringLiteral("found 3")),
             qPrintable(tree->topLevelItem(1)->child(0)->text(0)));
    QCOMPARE(tree->topLevelItem(2)->text(2), QStringLiteral("Error"));
    QCOMPARE(dialog->summaryText(), QStringLiteral("1 passed, 1 failed, 1 errors"));
    // Each call's answer can be opened: selecting the call shows what the server said.
    ResultView *result = dialog->resultView();
    QVERIFY(result);
    tree->setCurrentItem(tree->topLevelItem(1)->child(0)); // a failed assertion's line opens its call
    QVERIFY(result->isVisibleTo(dialog));
    QCOMPARE(result->resultJson().toObject().value(QLatin1String("structuredContent")).toObject().value(QLatin1String("sum")).toInt(), 3);
    QCOMPARE(result->structuredVerdict(), QStringLiteral("unchecked")); // no structuredContentValid: the schema was not read
    tree->setCurrentItem(tree->topLevelItem(2));
    QVERIFY(result->isVisibleTo(dialog));
    QVERIFY(result->findChild<QLabel *>(QStringLiteral("banner")));
    if (const QString shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR"); !shots.isEmpty())
        QVERIFY(dialog->grab().save(QDir(shots).filePath(QStringLiteral("run-collection.png"))));

    // Only the selected call runs again.
    tree->clearSelection();
    tree->topLevelItem(0)->setSelected(true);
    dialog->runSelected();
    QCOMPARE(tree->topLevelItem(1)->text(2), QStringLiteral("Failed")); // untouched
    QVERIFY(finished.wait(60000));
    QCOMPARE(dialog->summaryText(), QStringLiteral("1 passed, 0 failed, 0 errors"));
    dialog->close();

    // A malformed file says why, and cannot run.
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"format\": \"mcpscope-collection\", \"version\": 1,\n \"servers\": 3}");
    file.close();
    CollectionRunDialog *broken = window.runCollection(path);
    QVERIFY2(broken->loadError().contains(QStringLiteral("/servers")), qPrintable(broken->loadError()));
    QVERIFY(!broken->findChild<QPushButton *>(QStringLiteral("runAll"))->isEnabled());
    broken->close();
}

// `mcpscope COMMAND -e X=1 --cwd D` (MainWindow::openServer): a saved entry with the same command
// and arguments but its own environment and working directory (where NODE_OPTIONS or LD_PRELOAD
// would sit) is not what the user typed: what starts is the typed command, with the typed
// environment and folder, and the saved entry stays unapproved.
void tst_MainWindow::openServerRunsExactlyWhatWasTyped()
{
    const QString marks = m_dir.filePath(QStringLiteral("open-server-marks.txt"));
    QFile::remove(marks);
    const QString typedFolder = m_dir.filePath(QStringLiteral("typed-cwd"));
    const QString savedFolder = m_dir.filePath(QStringLiteral("saved-cwd"));
    QVERIFY(QDir().mkpath(typedFolder));
    QVERIFY(QDir().mkpath(savedFolder));
    // A real server that first writes down the environment and folder it was started with.
    const QStringList args{QStringLiteral("-c"), QStringLiteral("echo \"$MARK $(pwd)\" >> '%1'; exec '%2'").arg(marks, m_demo)};
    ServerConfig saved = ServerConfig::create(QStringLiteral("saved"));
    saved.transport = ServerConfig::TransportType::Stdio;
    saved.command = QStringLiteral("/bin/sh");
    saved.args = args;
    saved.env = {{QStringLiteral("MARK"), QStringLiteral("saved"), false}};
    saved.workingDirectory = savedFolder;

    MainWindow window(m_dir.filePath(QStringLiteral("servers-open-typed.json")));
    window.setApprovalAnswerForTesting(0); // no prompt may start anything
    window.show();
    const QUuid savedId = window.catalog()->add(saved);
    QVERIFY(!window.catalog()->isApproved(window.catalog()->find(savedId)));

    ServerConfig typed = ServerConfig::create(QStringLiteral("sh"));
    typed.transport = ServerConfig::TransportType::Stdio;
    typed.command = saved.command;
    typed.args = args;
    typed.env = {{QStringLiteral("MARK"), QStringLiteral("typed"), false}};
    typed.workingDirectory = typedFolder;
    window.openServer(typed);

    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(marks).size() > 0, 20000);
    QTest::qWait(300);
    QFile file(marks);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll().trimmed();
    QCOMPARE(written, (QStringLiteral("typed ") + QDir(typedFolder).canonicalPath()).toUtf8());
    QVERIFY(!window.catalog()->isApproved(window.catalog()->find(savedId)));
    QVERIFY(!window.existingConnection(savedId));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
