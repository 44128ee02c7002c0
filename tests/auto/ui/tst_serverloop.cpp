// The server author's loop in the window, against real servers: a stdio server reloaded when
// its file changes (one restart per debounce window, what changed shown), killed by a signal
// and ended with an exit code (history keeps both, Restart stays enabled), and the demo server
// over HTTP stopped and started again (unreachable, then reachable without a click).
// Screenshots of each state at 1024x700 (MCPSCOPE_SCREENSHOT_DIR keeps them).
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/watch.h"
#include "connection/connection.h"
#include "servers/restartpanel.h"
#include "widgets/listdiffview.h"
#include "mainwindow.h"
#include "forms/schemaform.h"
#include "tools/toollist.h"
#include "tools/toolpanel.h"
#include "results/resultview.h"
#include "servers/serverpage.h"

#include <QJsonDocument>
#include "tools/toolspage.h"

#include <QDialog>
#include <QFile>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

constexpr int kWait = 20000;

void writeTools(const QString &dir, const QByteArray &json)
{
    QFile file(dir + QStringLiteral("/tools.json"));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(json);
}

// The reloading peer, watched: tools.json changes restart it.
ServerConfig watchedPeer(const QString &dir, int debounceMs)
{
    ServerConfig config = ServerConfig::create(QStringLiteral("reloading"));
    config.command = QStandardPaths::findExecutable(QStringLiteral("python3"));
    config.args = {QStringLiteral("-u"), QStringLiteral("server.py")};
    config.workingDirectory = dir;
    WatchSettings watch;
    watch.enabled = true;
    watch.globs = {QStringLiteral("tools.json")};
    watch.debounceMs = debounceMs;
    watch.applyTo(config);
    return config;
}

} // namespace

class tst_ServerLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void watchedFileReloadsAndShowsTheDifference();
    void rerunAfterReloadShowsBothResults();
    void crashesAreKeptAndRestartStaysEnabled();
    void httpServerGoneAndBack();

private:
    void shoot(QWidget *window, const QString &name);
    QTemporaryDir m_dir;
    QString m_shots;
};

void tst_ServerLoop::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR", m_dir.filePath(QStringLiteral("shots")));
    QDir().mkpath(m_shots);
    // The peer runs from its own folder, next to the tools.json it reads.
    QVERIFY(QFile::copy(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/ui/peers/reloading_server.py"),
                        m_dir.filePath(QStringLiteral("server.py"))));
}

void tst_ServerLoop::shoot(QWidget *window, const QString &name)
{
    QTest::qWait(150);
    QVERIFY(window->grab().toImage().save(QDir(m_shots).filePath(name + QStringLiteral(".png"))));
}

void tst_ServerLoop::watchedFileReloadsAndShowsTheDifference()
{
    writeTools(m_dir.path(), R"([{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}},
                                 {"name":"old_tool","inputSchema":{"type":"object"}}])");
    MainWindow window(m_dir.filePath(QStringLiteral("servers-watch.json")));
    window.resize(1024, 700);
    QUuid id;
    Connection *connection = Test::addAndConnect(window, watchedPeer(m_dir.path(), 300), &id);
    QVERIFY(connection);
    QVERIFY(connection->isWatching());
    QSignalSpy started(connection, &Connection::reloadStarted);
    QSignalSpy reloaded(connection, &Connection::reloaded);
    QTest::qWait(300); // the first listing is the baseline
    ToolsPage *tools = window.pageFor(id)->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("add")), kWait);
    tools->setArgumentsText(QStringLiteral("{\"a\": 2}"));
    QTest::qWait(600); // typed arguments are saved after a pause

    // An editor that saves twice in a row: one restart.
    writeTools(m_dir.path(), R"([{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"integer"}}}}])");
    QTest::qWait(100);
    writeTools(m_dir.path(), R"([{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"integer"}}}},
                                 {"name":"new_tool","inputSchema":{"type":"object"}}])");
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.size(), 1, kWait);
    QCOMPARE(started.size(), 1);
    const ReloadDiff diff = connection->lastReload();
    QCOMPARE(diff.changedFiles, QStringList{QStringLiteral("tools.json")});
    QCOMPARE(diff.tools.count(ItemChange::Kind::Removed), 1);
    QCOMPARE(diff.tools.find(QStringLiteral("old_tool"))->kind, ItemChange::Kind::Removed);
    QCOMPARE(diff.tools.find(QStringLiteral("new_tool"))->kind, ItemChange::Kind::Added);
    QCOMPARE(diff.tools.find(QStringLiteral("add"))->fields.first().path.join(u'.'),
             QStringLiteral("inputSchema.properties.a.type"));
    const QString shown = window.pageFor(id)->restartPanel()->reloadText();
    QVERIFY2(shown.contains(QLatin1String("removed old_tool")) && shown.contains(QLatin1String("added new_tool"))
                 && shown.contains(QLatin1String("inputSchema.properties.a.type")),
             qPrintable(shown));
    QCOMPARE(connection->state(), Connection::State::Connected);
    QTest::qWait(600);
    QCOMPARE(started.size(), 1);
    // The page, the selected tool and the typed arguments are still there (its schema changed).
    QCOMPARE(window.pageFor(id)->tabs()->currentWidget(), static_cast<QWidget *>(tools));
    QCOMPARE(tools->list()->currentItem().value(QStringLiteral("name")).toString(), QStringLiteral("add"));
    QTRY_COMPARE_WITH_TIMEOUT(tools->panel()->form()->value().toObject().value(QStringLiteral("a")).toInt(), 2, kWait);
    shoot(&window, QStringLiteral("loop-reloaded"));
    // Changes… shows the same differences field by field, with the values before and after.
    RestartPanel *restart = window.pageFor(id)->restartPanel();
    QVERIFY(!restart->changesButton()->isHidden());
    restart->changesButton()->click();
    auto *dialog = restart->findChild<QDialog *>(QStringLiteral("reloadChangesDialog"));
    QVERIFY(dialog);
    auto *view = dialog->findChild<ListDiffView *>();
    QVERIFY(view);
    QCOMPARE(view->changeCount(), 3);
    const QList<QTreeWidgetItem *> typeRows = view->findItems(QStringLiteral("inputSchema.properties.a.type"), Qt::MatchRecursive);
    QCOMPARE(typeRows.size(), 1);
    QCOMPARE(typeRows.first()->text(1), QStringLiteral("\"number\""));
    QCOMPARE(typeRows.first()->text(2), QStringLiteral("\"integer\""));
    shoot(dialog, QStringLiteral("loop-changes"));
    dialog->close();

    // A disconnected server is not started by a save.
    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, kWait);
    writeTools(m_dir.path(), R"([])");
    QTest::qWait(800);
    QCOMPARE(connection->state(), Connection::State::Disconnected);
    QCOMPARE(started.size(), 1);
}

void tst_ServerLoop::rerunAfterReloadShowsBothResults()
{
    // "Run again after reload": a save reloads the server, the last call goes out again with the
    // form's arguments, and its result stands beside the one from before.
    writeTools(m_dir.path(), R"([{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}])");
    MainWindow window(m_dir.filePath(QStringLiteral("servers-rerun.json")));
    window.resize(1024, 700);
    QUuid id;
    Connection *connection = Test::addAndConnect(window, watchedPeer(m_dir.path(), 200), &id);
    QVERIFY(connection);
    ToolsPage *tools = window.pageFor(id)->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("add")), kWait);
    ToolPanel *panel = tools->panel();
    panel->setRunAgainAfterReload(true);
    tools->setArgumentsText(QStringLiteral("{\"a\": 2}"));
    QSignalSpy finished(panel, &ToolPanel::callFinished);
    panel->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kWait);
    QVERIFY2(panel->resultText().contains(QLatin1String("with 1 tools")), qPrintable(panel->resultText()));
    QVERIFY(panel->previousResultView()->parentWidget()->isHidden());

    QSignalSpy reloaded(connection, &Connection::reloaded);
    writeTools(m_dir.path(), R"([{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}},
                                 {"name":"sub","inputSchema":{"type":"object"}}])");
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.size(), 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kWait);
    QVERIFY2(panel->resultText().contains(QLatin1String("with 2 tools")), qPrintable(panel->resultText()));
    QVERIFY(!panel->previousResultView()->parentWidget()->isHidden());
    const QString previous = QString::fromUtf8(QJsonDocument(panel->previousResultView()->resultJson().toObject()).toJson());
    QVERIFY2(previous.contains(QLatin1String("with 1 tools")), qPrintable(previous));
    shoot(&window, QStringLiteral("loop-rerun"));

    // A tool the reload removed is not called.
    writeTools(m_dir.path(), R"([{"name":"sub","inputSchema":{"type":"object"}}])");
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.size(), 2, kWait);
    QTest::qWait(300);
    QCOMPARE(finished.size(), 2);
    QVERIFY(!tools->list()->selectByName(QStringLiteral("add")));
    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, kWait);
}

void tst_ServerLoop::crashesAreKeptAndRestartStaysEnabled()
{
    writeTools(m_dir.path(), R"([{"name":"crash","inputSchema":{"type":"object"}}])");
    MainWindow window(m_dir.filePath(QStringLiteral("servers-crash.json")));
    window.resize(1024, 700);
    ServerConfig config = ServerConfig::create(QStringLiteral("crashing"));
    config.command = QStandardPaths::findExecutable(QStringLiteral("python3"));
    config.args = {QStringLiteral("-u"), QStringLiteral("server.py")};
    config.workingDirectory = m_dir.path();
    config.autoRestart.enabled = true;
    config.autoRestart.initialBackoffMs = 4000; // long enough to see and to press Restart Now
    config.autoRestart.maxAttempts = 5;
    QUuid id;
    Connection *connection = Test::addAndConnect(window, config, &id);
    QVERIFY(connection);
    RestartPanel *panel = window.pageFor(id)->restartPanel();
    QAction *restart = nullptr;
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->text() == QLatin1String("Res&tart"))
            restart = action;
    }
    QVERIFY(restart);

    ::kill(pid_t(connection->sessionInfo().processId), SIGKILL);
    QTRY_VERIFY_WITH_TIMEOUT(connection->restartAttempt() == 1, kWait);
    QVERIFY(restart->isEnabled());
    QVERIFY2(panel->text().contains(QLatin1String("attempt 1 of 5")), qPrintable(panel->text()));
    QVERIFY(panel->restartNowButton()->isVisible());
    QVERIFY(panel->historyButton()->isVisible());
    shoot(&window, QStringLiteral("loop-restarting"));
    panel->restartNowButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, kWait);

    OutgoingRequest *crash = connection->sendRequest(QStringLiteral("tools/call"),
                                              {{QStringLiteral("name"), QStringLiteral("crash")},
                                               {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("code"), 9}}}});
    Q_UNUSED(crash)
    QTRY_COMPARE_WITH_TIMEOUT(connection->exitHistory().size(), 2, kWait);
    QVERIFY(restart->isEnabled());
    connection->stopRetrying();
    const QList<ExitRecord> history = connection->exitHistory();
    QVERIFY2(history.at(0).description.contains(QLatin1String("SIGKILL")), qPrintable(history.at(0).description));
    QVERIFY2(history.at(1).description.contains(QLatin1String("9")), qPrintable(history.at(1).description));
    QCOMPARE(history.at(1).pendingRequests, QStringList{QStringLiteral("tools/call")});
    QVERIFY(history.at(1).stderrTail.contains(QLatin1String("crash requested")));
    panel->showHistory();
    auto *dialog = window.findChild<QDialog *>(QStringLiteral("exitHistoryDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->findChild<QPlainTextEdit *>()->toPlainText().contains(QLatin1String("crash requested")));
    dialog->resize(760, 420);
    shoot(dialog, QStringLiteral("loop-exit-history"));
    shoot(&window, QStringLiteral("loop-exited"));
    // Restart after a crash starts it again.
    restart->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, kWait);
    QCOMPARE(connection->exitHistory().size(), 2);
}

void tst_ServerLoop::httpServerGoneAndBack()
{
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    QProcess server;
    const auto startServer = [&] {
        server.start(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http"), QStringLiteral("--port"), QString::number(port)});
        QVERIFY(server.waitForStarted(kWait));
        QTRY_VERIFY_WITH_TIMEOUT([&] {
            QTcpSocket socket;
            socket.connectToHost(QHostAddress::LocalHost, port);
            return socket.waitForConnected(100);
        }(), kWait);
    };
    startServer();
    MainWindow window(m_dir.filePath(QStringLiteral("servers-http.json")));
    window.resize(1024, 700);
    window.show();
    ServerConfig config = ServerConfig::create(QStringLiteral("remote demo"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("http://127.0.0.1:%1/mcp").arg(port);
    config.pingIntervalMs = 400;
    const QUuid id = window.catalog()->add(config);
    Connection *connection = Test::connectEntry(window, id);
    QVERIFY(connection);

    server.kill();
    server.waitForFinished(kWait);
    QTRY_COMPARE_WITH_TIMEOUT(connection->health(), Connection::Health::Unreachable, 3000);
    QVERIFY2(connection->stateText().startsWith(QLatin1String("unreachable")), qPrintable(connection->stateText()));
    shoot(&window, QStringLiteral("loop-unreachable"));

    startServer();
    QTRY_COMPARE_WITH_TIMEOUT(connection->health(), Connection::Health::Reachable, kWait);
    QCOMPARE(connection->stateText(), Connection::stateName(Connection::State::Connected));
    shoot(&window, QStringLiteral("loop-reachable"));
    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, kWait);
    server.kill();
    server.waitForFinished(kWait);
}

QTEST_MAIN(tst_ServerLoop)
#include "tst_serverloop.moc"
