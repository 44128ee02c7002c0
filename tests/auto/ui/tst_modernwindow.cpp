// The modern era (2026-07-28) in the window, against the real demo server (`--era modern`):
// tools refused for broken x-mcp-header annotations, multi round-trip requests in the result
// view and the traffic log, request headers of HTTP POSTs, the Subscriptions page, and a ws://
// URL (the demo server's --ws), which the window reaches over WebSocket.
#include "screenshot.h"
#include "clientfeatures/savedanswers.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "tools/toolpanel.h"
#include "mainwindow.h"
#include "servers/serverpage.h"
#include "subscriptions/subscriptionspage.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "results/resultview.h"
#include "theme.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"
#include "widgets/itemlist.h"

#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QIcon>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>
#include "httppeer.h"
#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

class tst_ModernWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void invalidToolIsListedAndCannotRun();
    void listFromCacheAndForcedRefresh();
    void roundsInResultViewAndTraffic();
    void headersOfModernPosts();
    void subscriptionsPageFollowsTheStream();
    void subscriptionsPageSaysWhatWasNotAcknowledged();
    void webSocketServer();

private:
    // The demo server over HTTP (modern only, with the conformance tools); its URL, or invalid.
    QUrl startHttp(QProcess &process, int port = 0) const;
    ServerConfig demoConfig(const QString &name, const QStringList &extraArgs = {}) const;
    // With MCPSCOPE_SCREENSHOT_DIR set, saves the window there as <name>.png.
    void shot(QWidget *window, const QString &name) const;
    // Adds, approves, connects and waits for a modern connection.
    Connection *connectModern(MainWindow &window, const ServerConfig &config, QUuid *id);
    QTemporaryDir m_dir;
    QString m_demo;
};

void tst_ModernWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_demo = Test::builtDemoServer();
    Theme::apply(qApp); // MCPSCOPE_THEME=dark takes the screenshots dark
    if (m_demo.isEmpty())
        QSKIP("mcpscope-demo-server is not built");
}

ServerConfig tst_ModernWindow::demoConfig(const QString &name, const QStringList &extraArgs) const
{
    ServerConfig config = Test::stdioConfig(name, m_demo, QStringList{QStringLiteral("--era"), QStringLiteral("modern")} + extraArgs);
    config.era.clear(); // Auto: probed with server/discover
    return config;
}

void tst_ModernWindow::shot(QWidget *window, const QString &name) const
{
    QVERIFY(Mcp::Test::saveScreenshot(window, name));
}

Connection *tst_ModernWindow::connectModern(MainWindow &window, const ServerConfig &config, QUuid *id)
{
    Connection *connection = Test::addAndConnect(window, config, id);
    return connection && connection->sessionInfo().era.era == Modern::Era::Modern ? connection : nullptr;
}

void tst_ModernWindow::invalidToolIsListedAndCannotRun()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-invalid.json")));
    QUuid id;
    Connection *connection = connectModern(window, demoConfig(QStringLiteral("invalid tools")), &id);
    QVERIFY(connection);
    ServerPage *page = window.pageFor(id);
    ToolList *list = page->toolsPage()->list();
    // The verdict comes with tools/list (it was empty when the session became ready).
    QTRY_VERIFY_WITH_TIMEOUT(list->count() > 0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(connection->sessionInfo().invalidTools.contains(QStringLiteral("broken_headers")), 5000);
    const QString reason = connection->sessionInfo().invalidTools.value(QStringLiteral("broken_headers"));
    QVERIFY2(reason.contains(QLatin1String("declared twice")), qPrintable(reason));
    QCOMPARE(connection->sessionInfo().invalidTools.size(), 1); // route_query's headers are fine
    QCOMPARE(list->invalidTools(), connection->sessionInfo().invalidTools);

    // Listed, muted, with a warning icon and the reason.
    QVERIFY(list->selectByName(QStringLiteral("broken_headers")));
    const QModelIndex item = list->view()->currentIndex();
    QVERIFY2(item.data().toString().contains(reason), qPrintable(item.data().toString()));
    QVERIFY(item.data(Qt::ForegroundRole).isValid());
    QVERIFY(!item.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(item.data(Qt::ToolTipRole).toString().contains(reason));
    QVERIFY(list->selectByName(QStringLiteral("echo")));
    QVERIFY(!list->view()->currentIndex().data(Qt::ForegroundRole).isValid());
    QVERIFY(!list->view()->currentIndex().data().toString().contains(QLatin1String("cannot be called")));

    // It cannot be run: Run is disabled, the panel says why, and nothing goes on the wire.
    QVERIFY(list->selectByName(QStringLiteral("broken_headers")));
    ToolPanel *panel = page->toolsPage()->panel();
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY2(panel->statusText().contains(reason), qPrintable(panel->statusText()));
    shot(&window, QStringLiteral("modern-invalid-tool"));
    QSignalSpy finished(panel, &ToolPanel::callFinished);
    panel->run();
    QTest::qWait(500);
    QCOMPARE(finished.size(), 0);
    TrafficLog *log = connection->trafficLog();
    log->flush();
    for (int row = 0; row < log->rowCount(); ++row)
        QVERIFY2(!(log->method(row) == QLatin1String("tools/call")
                   && log->rawBytes(row).contains("broken_headers")), "broken_headers went on the wire");

    // The other tools run.
    QVERIFY(list->selectByName(QStringLiteral("echo")));
    QVERIFY(panel->runButton()->isEnabled());
    QVERIFY(!panel->statusText().contains(reason));
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"modern hello\"}"));
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(page->toolsPage()->resultText().contains(QLatin1String("modern hello")));
}

QUrl tst_ModernWindow::startHttp(QProcess &process, int port) const
{
    return Test::startHttpPeer(process, m_demo, {QStringLiteral("--http"), QStringLiteral("--port"), QString::number(port),
                                                 QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")});
}

namespace {
QJsonObject jsonOf(const QByteArray &raw)
{
    return QJsonDocument::fromJson(raw).object();
}

// Log rows of outgoing requests of `method` whose bytes contain `needle`.
QList<int> requestRows(TrafficLog *log, const QString &method, const QByteArray &needle)
{
    log->flush();
    QList<int> rows;
    for (int row = 0; row < log->rowCount(); ++row)
        if (log->kind(row) == TrafficKind::Request && log->method(row) == method && log->rawBytes(row).contains(needle))
            rows << row;
    return rows;
}

// Saves what view shows as a capture (JSON Lines) at path and opens it again into reopened; false
// (and why) when it could not be saved or opened.
bool exportAndReopen(TrafficView *view, const QString &path, TrafficLog *reopened)
{
    QString error;
    if (!view->exportTo(path, false, false, false, &error)) {
        qWarning("the capture was not saved: %s", qPrintable(error));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("the saved capture does not open: %s", qPrintable(file.errorString()));
        return false;
    }
    TrafficCapture::readJsonLines(&file, reopened);
    reopened->flush();
    return true;
}

QString headerValue(QTreeWidget *headers, const QString &name)
{
    for (int i = 0; i < headers->topLevelItemCount(); ++i)
        if (headers->topLevelItem(i)->text(0).compare(name, Qt::CaseInsensitive) == 0)
            return headers->topLevelItem(i)->text(1);
    return QStringLiteral("<missing>");
}
} // namespace

// An elicitation and a sampling round answered by the scripted answers: the result view shows
// the rounds, the wire shows the retry with inputResponses and the requestState echoed, and the
// traffic view groups the rounds.
// tools/list requests that went on the wire (the answers pair with them, so only requests count).
static int toolsListRequests(TrafficLog *log)
{
    log->flush();
    int requests = 0;
    for (int row = 0; row < log->rowCount(); ++row) {
        if (log->method(row) == QLatin1String("tools/list") && log->rawBytes(row).contains("\"method\""))
            ++requests;
    }
    return requests;
}

void tst_ModernWindow::listFromCacheAndForcedRefresh()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-cache.json")));
    QUuid id;
    // The demo server marks its lists fresh for a minute (ttlMs 60000).
    Connection *connection = connectModern(window, demoConfig(QStringLiteral("cache"), {QStringLiteral("--list-ttl"), QStringLiteral("60000")}), &id);
    QVERIFY(connection);
    ToolsPage *tools = window.pageFor(id)->toolsPage();
    ToolList *list = tools->list();
    QTRY_VERIFY_WITH_TIMEOUT(list->count() > 0, 10000);
    // The page may list twice while connecting (the second from the cache): either note names the ttl.
    QTRY_VERIFY2_WITH_TIMEOUT(list->message().contains(QLatin1String(" 60 s")), qPrintable(list->message()), 5000);
    const int sent = toolsListRequests(connection->trafficLog());
    QVERIFY(sent >= 1);

    // A refresh of the page's own (a reconnect, a tab shown) is answered from the cache, and says so.
    tools->refresh();
    QTRY_VERIFY2_WITH_TIMEOUT(list->message().contains(QLatin1String("answered from the cache, fresh for")),
                              qPrintable(list->message()), 5000);
    QTest::qWait(200);
    QCOMPARE(toolsListRequests(connection->trafficLog()), sent);

    // The Refresh button asks the server whatever the cache holds.
    auto *button = list->findChild<QToolButton *>(QStringLiteral("toolRefresh"));
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(toolsListRequests(connection->trafficLog()), sent + 1, 10000);
    QTRY_VERIFY2_WITH_TIMEOUT(!list->message().contains(QLatin1String("answered from the cache")) && list->message().contains(QLatin1String("kept for")),
                              qPrintable(list->message()), 5000);
    QVERIFY(list->count() > 0);
}

void tst_ModernWindow::roundsInResultViewAndTraffic()
{
    const QString name = QStringLiteral("rounds");
    SavedAnswers scripted;
    scripted.elicitationEnabled = true;
    scripted.elicitation = {{QStringLiteral("action"), QStringLiteral("accept")},
                            {QStringLiteral("content"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Grace")}}}};
    scripted.samplingEnabled = true;
    scripted.sampling = QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                    {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                            {QStringLiteral("text"), QStringLiteral("scripted hi")}}},
                                    {QStringLiteral("model"), QStringLiteral("script-model")}};
    scripted.save(name);
    const auto cleanup = qScopeGuard([name] { SavedAnswers().save(name); });

    MainWindow window(m_dir.filePath(QStringLiteral("servers-rounds.json")));
    QUuid id;
    Connection *connection = connectModern(window, demoConfig(name), &id);
    QVERIFY(connection);
    ServerPage *page = window.pageFor(id);
    ToolsPage *tools = page->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("ask_user")), 10000);
    QSignalSpy finished(tools, &ToolsPage::callFinished);
    tools->setArgumentsText(QStringLiteral("{\"message\": \"Who are you?\"}"));
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15000);
    QVERIFY2(tools->resultText().contains(QLatin1String("Grace")), qPrintable(tools->resultText()));

    // The timeline: round 1 asked (elicitation) and was answered, round 2 is the retry.
    QTreeWidget *timeline = tools->panel()->resultView()->roundsView();
    QVERIFY(timeline->isVisibleTo(tools->panel()));
    QCOMPARE(timeline->topLevelItemCount(), 2);
    QTreeWidgetItem *first = timeline->topLevelItem(0);
    QTreeWidgetItem *second = timeline->topLevelItem(1);
    QCOMPARE(first->text(ResultView::RoundColumn), ResultView::tr("%1 of %2").arg(1).arg(2));
    QVERIFY2(first->text(ResultView::AskedColumn).startsWith(QLatin1String("elicitation/create [")),
             qPrintable(first->text(ResultView::AskedColumn)));
    QVERIFY(first->text(ResultView::AskedColumn).contains(QLatin1String("Who are you?")));
    QVERIFY2(first->text(ResultView::AnsweredColumn).contains(QLatin1String("accept"))
                 && first->text(ResultView::AnsweredColumn).contains(QLatin1String("Grace")),
             qPrintable(first->text(ResultView::AnsweredColumn)));
    QVERIFY(first->text(ResultView::LatencyColumn).contains(QLatin1String("server")));
    QVERIFY2(second->text(ResultView::SentColumn).contains(QLatin1String("retry"))
                 && second->text(ResultView::SentColumn).contains(QLatin1String("inputResponses"))
                 && second->text(ResultView::SentColumn).contains(QLatin1String("requestState")),
             qPrintable(second->text(ResultView::SentColumn)));
    QCOMPARE(second->text(ResultView::AskedColumn), ResultView::tr("the final result"));
    shot(&window, QStringLiteral("modern-rounds-timeline"));

    // The wire: two tools/call requests with their own ids; the retry carries the answer under
    // the key the server chose and the requestState exactly as the server sent it.
    TrafficLog *log = connection->trafficLog();
    const QList<int> calls = requestRows(log, QStringLiteral("tools/call"), "ask_user");
    QCOMPARE(calls.size(), 2);
    const int firstReply = log->pairedRow(calls.at(0));
    QVERIFY(firstReply > calls.at(0));
    const QJsonObject asked = jsonOf(log->rawBytes(firstReply)).value(QLatin1String("result")).toObject();
    QCOMPARE(asked.value(QLatin1String("resultType")).toString(), QStringLiteral("input_required"));
    const QJsonObject inputRequests = asked.value(QLatin1String("inputRequests")).toObject();
    QCOMPARE(inputRequests.size(), 1);
    const QString key = inputRequests.keys().first();
    QCOMPARE(inputRequests.value(key).toObject().value(QLatin1String("method")).toString(), QStringLiteral("elicitation/create"));
    QVERIFY(first->text(ResultView::AskedColumn).contains(QLatin1Char('[') + key + QLatin1Char(']')));
    const QJsonObject retry = jsonOf(log->rawBytes(calls.at(1)));
    QVERIFY(retry.value(QLatin1String("id")) != jsonOf(log->rawBytes(calls.at(0))).value(QLatin1String("id")));
    const QJsonObject retryParams = retry.value(QLatin1String("params")).toObject();
    const QJsonObject answer = retryParams.value(QLatin1String("inputResponses")).toObject().value(key).toObject();
    QCOMPARE(answer.value(QLatin1String("action")).toString(), QStringLiteral("accept"));
    QCOMPARE(answer.value(QLatin1String("content")).toObject().value(QLatin1String("name")).toString(), QStringLiteral("Grace"));
    QVERIFY(asked.contains(QLatin1String("requestState")));
    QCOMPARE(retryParams.value(QLatin1String("requestState")), asked.value(QLatin1String("requestState")));
    QCOMPARE(retryParams.value(QLatin1String("arguments")).toObject().value(QLatin1String("message")).toString(),
             QStringLiteral("Who are you?"));
    QVERIFY(log->pairedRow(calls.at(1)) > calls.at(1));

    // The traffic log groups the rounds; pairing and latency stay per id.
    QCOMPARE(log->roundOf(calls.at(0)), qMakePair(1, 2));
    QCOMPARE(log->roundOf(firstReply), qMakePair(1, 2));
    QCOMPARE(log->roundOf(calls.at(1)), qMakePair(2, 2));
    QCOMPARE(log->data(log->index(calls.at(1), TrafficLog::RoundColumn)).toString(), TrafficLog::tr("%1 of %2").arg(2).arg(2));
    QVERIFY(log->latencyNs(calls.at(0)) >= 0 && log->latencyNs(calls.at(1)) >= 0);
    TrafficView *view = page->trafficPage()->view();
    QVERIFY(view->showRoundsOf(calls.at(1)));
    QTRY_COMPARE_WITH_TIMEOUT(view->visibleRowCount(), 4, 5000);
    page->tabs()->setCurrentWidget(page->trafficPage());
    view->selectViewRow(1);
    shot(&window, QStringLiteral("modern-rounds-traffic"));
    page->tabs()->setCurrentWidget(tools);
    for (int row = 0; row < view->visibleRowCount(); ++row)
        QCOMPARE(log->roundGroup(view->logRow(row)), log->roundGroup(calls.at(0)));
    view->clearRoundsFilter();
    QTRY_COMPARE_WITH_TIMEOUT(view->visibleRowCount(), log->rowCount(), 5000);
    // A capture groups the same way when it is opened again (the links come from the wire).
    {
        TrafficLog reopened;
        QVERIFY(exportAndReopen(view, m_dir.filePath(QStringLiteral("rounds.jsonl")), &reopened));
        const QList<int> again = requestRows(&reopened, QStringLiteral("tools/call"), "ask_user");
        QCOMPARE(again.size(), 2);
        QCOMPARE(reopened.roundOf(again.at(0)), qMakePair(1, 2));
        QCOMPARE(reopened.roundOf(again.at(1)), qMakePair(2, 2));
    }

    // A sampling round the same way.
    QVERIFY(tools->list()->selectByName(QStringLiteral("ask_llm")));
    tools->setArgumentsText(QStringLiteral("{\"prompt\": \"Say hi\"}"));
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 15000);
    QVERIFY2(tools->resultText().contains(QLatin1String("scripted hi")), qPrintable(tools->resultText()));
    QCOMPARE(timeline->topLevelItemCount(), 2);
    QVERIFY2(timeline->topLevelItem(0)->text(ResultView::AskedColumn).startsWith(QLatin1String("sampling/createMessage")),
             qPrintable(timeline->topLevelItem(0)->text(ResultView::AskedColumn)));
    QVERIFY(timeline->topLevelItem(0)->text(ResultView::AnsweredColumn).contains(QLatin1String("script-model")));
    const QList<int> samplingCalls = requestRows(log, QStringLiteral("tools/call"), "ask_llm");
    QCOMPARE(samplingCalls.size(), 2);
    QCOMPARE(log->roundOf(samplingCalls.at(1)), qMakePair(2, 2));
    QVERIFY(log->roundGroup(samplingCalls.at(0)) != log->roundGroup(calls.at(0)));

    // A call that needs no input shows no timeline.
    QVERIFY(tools->list()->selectByName(QStringLiteral("echo")));
    tools->setArgumentsText(QStringLiteral("{\"message\": \"one round\"}"));
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 10000);
    QVERIFY(!timeline->isVisibleTo(tools->panel()));
}

// Every modern POST carries MCP-Protocol-Version, Mcp-Method, Mcp-Name and the tool's
// Mcp-Param-* headers: the traffic detail pane lists them, and a capture keeps them.
void tst_ModernWindow::headersOfModernPosts()
{
    QProcess server;
    const QUrl url = startHttp(server);
    QVERIFY2(url.isValid(), "the demo server did not start");
    const auto stop = qScopeGuard([&server] {
        server.kill();
        server.waitForFinished(3000);
    });
    const ServerConfig config = Test::httpConfig(QStringLiteral("headers"), url);
    MainWindow window(m_dir.filePath(QStringLiteral("servers-headers.json")));
    QUuid id;
    Connection *connection = connectModern(window, config, &id);
    QVERIFY(connection);
    QCOMPARE(connection->sessionInfo().transportName, QStringLiteral("http"));
    ServerPage *page = window.pageFor(id);
    ToolsPage *tools = page->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("route_query")), 10000);
    QSignalSpy finished(tools, &ToolsPage::callFinished);
    tools->setArgumentsText(QString::fromUtf8(R"({"region": "eu-west1", "query": "q", "priority": 3, "tenant": {"id": "Zürich"}})"));
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(finished.first().first().toBool(), false);

    TrafficLog *log = connection->trafficLog();
    const QList<int> calls = requestRows(log, QStringLiteral("tools/call"), "route_query");
    QCOMPARE(calls.size(), 1);
    page->tabs()->setCurrentWidget(page->trafficPage());
    TrafficView *view = page->trafficPage()->view();
    view->selectViewRow(view->viewRow(calls.first()));
    QTreeWidget *headers = view->headersView();
    QTRY_VERIFY(headers->topLevelItemCount() > 0);
    QCOMPARE(headerValue(headers, QStringLiteral("MCP-Protocol-Version")), QStringLiteral("2026-07-28"));
    QCOMPARE(headerValue(headers, QStringLiteral("Mcp-Method")), QStringLiteral("tools/call"));
    QCOMPARE(headerValue(headers, QStringLiteral("Mcp-Name")), QStringLiteral("route_query"));
    QCOMPARE(headerValue(headers, QStringLiteral("Mcp-Param-Region")), QStringLiteral("eu-west1"));
    QCOMPARE(headerValue(headers, QStringLiteral("Mcp-Param-Priority")), QStringLiteral("3"));
    // Not ASCII: sent Base64-encoded, shown decoded beside it.
    const QString tenant = headerValue(headers, QStringLiteral("Mcp-Param-Tenant"));
    QVERIFY2(tenant.startsWith(QLatin1String("=?base64?")) && tenant.contains(QString::fromUtf8("Zürich")), qPrintable(tenant));
    QCOMPARE(headerValue(headers, QStringLiteral("Mcp-Param-Dry-Run")), QStringLiteral("<missing>")); // not given
    QVERIFY(view->detailsText().contains(QLatin1String("Mcp-Param-Region: eu-west1")));
    QVERIFY(view->detailsText().contains(QLatin1String("HTTP method: POST")));
    if (auto *tabs = qobject_cast<QTabWidget *>(headers->parentWidget()->parentWidget()))
        tabs->setCurrentWidget(headers);
    shot(&window, QStringLiteral("modern-post-headers"));

    // A capture keeps them.
    TrafficLog reopened;
    QVERIFY(exportAndReopen(view, m_dir.filePath(QStringLiteral("headers.jsonl")), &reopened));
    const QList<int> again = requestRows(&reopened, QStringLiteral("tools/call"), "route_query");
    QCOMPARE(again.size(), 1);
    bool found = false;
    for (const auto &[name, value] : reopened.event(again.first()).headers)
        found |= name == "Mcp-Param-Region" && value == "eu-west1";
    QVERIFY(found);

    // And so does a HAR file, on the POST's request.
    const QString harPath = m_dir.filePath(QStringLiteral("headers.har"));
    QString error;
    QVERIFY2(view->exportTo(harPath, true, false, false, &error), qPrintable(error));
    QFile harFile(harPath);
    QVERIFY(harFile.open(QIODevice::ReadOnly));
    const QJsonArray entries = QJsonDocument::fromJson(harFile.readAll()).object().value(QLatin1String("log")).toObject()
                                   .value(QLatin1String("entries")).toArray();
    bool inHar = false;
    for (const QJsonValue &entry : entries) {
        const QJsonObject request = entry.toObject().value(QLatin1String("request")).toObject();
        if (!request.value(QLatin1String("postData")).toObject().value(QLatin1String("text")).toString().contains(QLatin1String("route_query")))
            continue;
        for (const QJsonValue &header : request.value(QLatin1String("headers")).toArray())
            inHar |= header.toObject().value(QLatin1String("name")).toString() == QLatin1String("Mcp-Param-Region")
                && header.toObject().value(QLatin1String("value")).toString() == QLatin1String("eu-west1");
    }
    QVERIFY(inHar);
}

// A server may agree to less than the filter asked for: what it left out is named, since those
// notifications will never come.
void tst_ModernWindow::subscriptionsPageSaysWhatWasNotAcknowledged()
{
    Modern::SubscriptionFilter requested;
    requested.toolsListChanged = true;
    requested.promptsListChanged = true;
    requested.resourceSubscriptions = {QStringLiteral("demo://clock"), QStringLiteral("demo://secret")};
    Modern::SubscriptionFilter acknowledged;
    acknowledged.toolsListChanged = true;
    acknowledged.resourceSubscriptions = {QStringLiteral("demo://clock")};
    const QString text = SubscriptionsPage::acknowledgementText(requested, acknowledged);
    QCOMPARE(text, SubscriptionsPage::tr("Acknowledged by the server: %1").arg(SubscriptionsPage::describeFilter(acknowledged))
                       + u'\n'
                       + SubscriptionsPage::tr("Not acknowledged, so not coming: %1")
                             .arg(SubscriptionsPage::tr("prompt list changes") + QStringLiteral(", ")
                                  + SubscriptionsPage::tr("updates of %1").arg(QStringLiteral("demo://secret"))));
    QCOMPARE(SubscriptionsPage::acknowledgementText(acknowledged, acknowledged),
             SubscriptionsPage::tr("Acknowledged by the server: %1").arg(SubscriptionsPage::describeFilter(acknowledged)));
}

// The Subscriptions page: the listen stream's state and filter, what arrived, a changed filter
// reopening the stream, and a server-side drop shown as reconnecting, then open again.
void tst_ModernWindow::subscriptionsPageFollowsTheStream()
{
    QProcess server;
    const QUrl url = startHttp(server);
    QVERIFY2(url.isValid(), "the demo server did not start");
    QProcess again;
    const auto stop = qScopeGuard([&server, &again] {
        for (QProcess *process : {&server, &again}) {
            process->kill();
            process->waitForFinished(3000);
        }
    });
    const ServerConfig config = Test::httpConfig(QStringLiteral("listen"), url);
    MainWindow window(m_dir.filePath(QStringLiteral("servers-listen.json")));
    QUuid id;
    Connection *connection = connectModern(window, config, &id);
    QVERIFY(connection);
    ServerPage *page = window.pageFor(id);
    SubscriptionsPage *subscriptions = page->subscriptionsPage();
    page->tabs()->setCurrentWidget(subscriptions);
    const QString open = SubscriptionsPage::stateName(Client::ListenState::Open);
    QTRY_VERIFY_WITH_TIMEOUT(subscriptions->stateLabel()->text().contains(open), 10000);
    QVERIFY(subscriptions->toolsBox()->isChecked()); // the default: what the server offers
    QVERIFY(subscriptions->toolsBox()->isEnabled());
    QVERIFY(connection->listenStatus().acknowledged.toolsListChanged);

    auto arrived = [subscriptions](const QString &what) {
        int count = 0;
        QTreeWidget *view = subscriptions->arrivedView();
        for (int i = 0; i < view->topLevelItemCount(); ++i)
            count += view->topLevelItem(i)->text(1) == what ? 1 : 0;
        return count;
    };
    auto trigger = [connection] {
        OutgoingRequest *call = connection->sendRequest(QStringLiteral("tools/call"),
                                                 {{QStringLiteral("name"), QStringLiteral("test_trigger_tool_change")},
                                                  {QStringLiteral("arguments"), QJsonObject()}});
        QSignalSpy done(call, &OutgoingRequest::finished);
        return done.wait(10000);
    };
    const QString toolsChanged = QStringLiteral("notifications/tools/list_changed");
    QVERIFY(trigger());
    QTRY_COMPARE_WITH_TIMEOUT(arrived(toolsChanged), 1, 5000);
    const int acknowledgements = arrived(SubscriptionsPage::tr("stream acknowledged"));
    QVERIFY(acknowledgements >= 1);

    // Without tool list changes: the stream reopens, the server acknowledges less, nothing comes.
    subscriptions->toolsBox()->setChecked(false);
    subscriptions->apply();
    QTRY_VERIFY_WITH_TIMEOUT(connection->listenStatus().state == Client::ListenState::Open
                                 && !connection->listenStatus().acknowledged.toolsListChanged, 10000);
    QVERIFY(connection->listenStatus().explicitFilter);
    QTRY_COMPARE(arrived(SubscriptionsPage::tr("stream acknowledged")), acknowledgements + 1);
    QVERIFY(!subscriptions->toolsBox()->isChecked());
    QVERIFY(trigger());
    QTest::qWait(1000);
    QCOMPARE(arrived(toolsChanged), 1);
    // Default again: tool list changes come back.
    QPushButton *defaults = subscriptions->findChild<QPushButton *>(QStringLiteral("listenDefault"));
    defaults->click();
    QTRY_VERIFY_WITH_TIMEOUT(connection->listenStatus().state == Client::ListenState::Open
                                 && connection->listenStatus().acknowledged.toolsListChanged, 10000);
    QVERIFY(subscriptions->toolsBox()->isChecked());
    QVERIFY(trigger());
    QTRY_COMPARE_WITH_TIMEOUT(arrived(toolsChanged), 2, 5000);
    // A resource subscription through the filter: the clock's updates arrive on the stream.
    const QString updated = QStringLiteral("notifications/resources/updated");
    subscriptions->addUri(QStringLiteral("demo://clock"));
    subscriptions->apply();
    QTRY_VERIFY_WITH_TIMEOUT(connection->listenStatus().state == Client::ListenState::Open
                                 && connection->listenStatus().acknowledged.resourceSubscriptions
                                        == QStringList{QStringLiteral("demo://clock")}, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(arrived(updated) >= 1, 5000); // it ticks every second
    QTreeWidget *list = subscriptions->arrivedView();
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->text(1) == updated)
            QCOMPARE(list->topLevelItem(i)->text(2), QStringLiteral("demo://clock"));
    QCOMPARE(subscriptions->uriList()->count(), 1);
    defaults->click(); // the default has no resource subscriptions: the updates stop
    QTRY_VERIFY_WITH_TIMEOUT(connection->listenStatus().state == Client::ListenState::Open
                                 && connection->listenStatus().acknowledged.resourceSubscriptions.isEmpty(), 10000);
    QCOMPARE(subscriptions->uriList()->count(), 0);
    QTest::qWait(300); // an update already on its way may still arrive
    const int updates = arrived(updated);
    QTest::qWait(2200);
    QCOMPARE(arrived(updated), updates);
    // The demo server acknowledges all it was asked: the page names nothing as missing.
    auto *acknowledged = subscriptions->findChild<QLabel *>(QStringLiteral("listenAcknowledged"));
    QVERIFY(acknowledged);
    QVERIFY2(acknowledged->text().startsWith(SubscriptionsPage::tr("Acknowledged by the server: %1").arg(QString())),
             qPrintable(acknowledged->text()));
    QVERIFY2(!acknowledged->text().contains(u'\n'), qPrintable(acknowledged->text()));
    shot(&window, QStringLiteral("modern-subscriptions"));

    // The server goes away: reconnecting; back on the same port: open again.
    server.kill();
    server.waitForFinished(5000);
    const QString reconnecting = SubscriptionsPage::stateName(Client::ListenState::Reconnecting);
    QTRY_VERIFY_WITH_TIMEOUT(subscriptions->stateLabel()->text().contains(reconnecting), 10000);
    shot(&window, QStringLiteral("modern-subscriptions-reconnecting"));
    QVERIFY(arrived(SubscriptionsPage::tr("stream %1").arg(reconnecting)) >= 1);
    QVERIFY(startHttp(again, url.port()).isValid());
    QTRY_VERIFY_WITH_TIMEOUT(subscriptions->stateLabel()->text().contains(open), 40000);
    QVERIFY(trigger());
    QTRY_COMPARE_WITH_TIMEOUT(arrived(toolsChanged), 3, 5000);
}

void tst_ModernWindow::webSocketServer()
{
    QProcess server;
    const auto stopServer = qScopeGuard([&server] { server.kill(); server.waitForFinished(); });
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(m_demo, {QStringLiteral("--ws"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--era"), QStringLiteral("modern")});
    QVERIFY(server.waitForStarted());
    QByteArray said;
    QTRY_VERIFY_WITH_TIMEOUT((said += server.readAll()).contains("ws://"), 10000);
    const QUrl url(QRegularExpression(QStringLiteral("(ws://\\S+)")).match(QString::fromUtf8(said)).captured(1));
    QVERIFY(url.isValid());
    // A URL entry as the Add Server dialog makes it (transport detected at connect): the scheme
    // chooses WebSocket.
    ServerConfig config = ServerConfig::create(QStringLiteral("ws demo"));
    config.transport = ServerConfig::TransportType::Auto;
    config.url = url.toString();

    MainWindow window(m_dir.filePath(QStringLiteral("servers-ws.json")));
    QUuid id;
    Connection *connection = connectModern(window, config, &id);
    QVERIFY(connection);
    QCOMPARE(connection->sessionInfo().transportName, QStringLiteral("websocket"));
    ServerPage *page = window.pageFor(id);
    QTRY_VERIFY_WITH_TIMEOUT(page->toolsPage()->list()->count() > 0, 10000);
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("echo")));
    QSignalSpy finished(page->toolsPage()->panel(), &ToolPanel::callFinished);
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"over a WebSocket\"}"));
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QVERIFY(page->toolsPage()->resultText().contains(QLatin1String("over a WebSocket")));
    shot(&window, QStringLiteral("websocket-window"));

    // The log has the handshake's 101 with the subprotocol and the frames, in both directions.
    TrafficLog *log = connection->trafficLog();
    log->flush();
    bool upgraded = false;
    for (int row = 0; row < log->rowCount(); ++row) {
        const TrafficEvent event = log->event(row);
        upgraded = upgraded || (event.httpStatus == 101 && event.headers.contains(qMakePair(QByteArray("Sec-WebSocket-Protocol"), QByteArray("mcp"))));
    }
    QVERIFY(upgraded);
    QVERIFY(!requestRows(log, QStringLiteral("tools/call"), "over a WebSocket").isEmpty());
}

QTEST_MAIN(tst_ModernWindow)
#include "tst_modernwindow.moc"
