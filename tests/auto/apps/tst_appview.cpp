#include "apps/apphostcontrols.h"
#include "apps/appview.h"
#include "apps/appwebpage.h"
#include "apps/openlinkdialog.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "resources/resourcesview.h"
#include "forms/schemaform.h"
#include "tools/toollist.h"
#include "tools/toolpanel.h"
#include "mainwindow.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "session/session.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"
#include "transport/stdiotransport.h"
#include "toollisting.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTreeWidget>
#include <QWebEngineView>

#include "reportingview.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {
constexpr int kWait = 30000;

// A local HTTP server that counts who reached it (a view must not, unless its CSP says so).
class ProbeServer : public QTcpServer
{
public:
    ProbeServer()
    {
        listen(QHostAddress::LocalHost);
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = nextPendingConnection()) {
                ++hits;
                connect(socket, &QTcpSocket::readyRead, socket, [socket] {
                    socket->readAll();
                    socket->write("HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: 2\r\n"
                                  "Connection: close\r\n\r\nok");
                    socket->disconnectFromHost();
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    QString url(const QString &path = QStringLiteral("/probe")) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(serverPort()).arg(path);
    }
    int hits = 0;
};

// Session::call and wait; the handle deletes itself after finished(), so the answer is taken there.
Response callAndWait(Session *session, const QString &method, const QJsonObject &params)
{
    OutgoingRequest *call = session->sendRequest(method, params);
    std::optional<Response> response;
    QObject::connect(call, &OutgoingRequest::finished, call, [&response, call] { response = call->response(); });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(response.has_value(), kWait); }();
    return response.value_or(Response{});
}

bool anyStartsWith(const QStringList &lines, const QString &prefix)
{
    return std::any_of(lines.cbegin(), lines.cend(), [&prefix](const QString &line) { return line.startsWith(prefix); });
}
} // namespace

class tst_AppView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void demoViewExercisesEveryMessage();
    void declaredOriginsOnly();
    void noFilesNoNavigationNoWindows();
    void viewCannotReachTheHost();
    void consentDeclined();
    void toolsAndResourcesPages();
    void appTabInTheWindow();
    void officialApps_data();
    void officialApps();

private:
    Session *m_session = nullptr;
    QJsonArray m_tools;
    QString m_demoHtml;
    QJsonObject m_demoContent;
};

void tst_AppView::initTestCase()
{
    QVERIFY(AppView::canRender());
    StdioServerParameters parameters;
    parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    m_session = new Session(1, QStringLiteral("demo"), [parameters] { return new StdioTransport(parameters); },
                            Session::Options(), this);
    m_session->connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->isConnected(), kWait);
    m_tools = Test::listedItems(*m_session, Lists::Tools, kWait);
    QVERIFY(!m_tools.isEmpty());
    const Response read = callAndWait(m_session, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("ui://mcpscope-demo/view")}});
    m_demoContent = read.result.toObject().value(QStringLiteral("contents")).toArray().at(0).toObject();
    m_demoHtml = m_demoContent.value(QStringLiteral("text")).toString();
    QVERIFY(m_demoHtml.contains(QStringLiteral("ui/initialize")));
    QCOMPARE(m_demoContent.value(QStringLiteral("mimeType")).toString(), QStringLiteral("text/html;profile=mcp-app"));
}

void tst_AppView::cleanupTestCase()
{
    // Gone while QTest still runs: as the test object's child it would go after qExec, and its
    // worker thread's last log lines would reach a test logger that no longer exists (SIGSEGV).
    delete m_session;
    m_session = nullptr;
}

void tst_AppView::demoViewExercisesEveryMessage()
{
    ProbeServer probe;
    QList<QUrl> opened;
    OpenLinkDialog::setUrlOpener([&opened](const QUrl &url) {
        opened << url;
        return true;
    });

    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    auto *view = new AppView(&window);
    auto *controls = new AppHostControls(view, true, &window);
    layout->addWidget(view, 1);
    layout->addWidget(controls);
    view->setSession(m_session);
    view->setServerTools(m_tools);
    window.resize(900, 900);
    window.show();

    QStringList activity;
    connect(view, &AppView::activity, this, [&activity](const QString &text) { activity << text; });
    QStringList console;
    connect(view, &AppView::consoleMessage, this, [&console](const QString &text) { console << text; });
    view->load(QStringLiteral("ui://mcpscope-demo/view"), m_demoHtml, Apps::UiResourceMeta::resolve(m_demoContent, {}));
    Apps::AppHostBridge *bridge = view->bridge();
    QSignalSpy initialized(bridge, &Apps::AppHostBridge::initialized);
    QSignalSpy logs(bridge, &Apps::AppHostBridge::logReceived);
    QSignalSpy sizes(bridge, &Apps::AppHostBridge::sizeChanged);
    QSignalSpy messages(bridge, &Apps::AppHostBridge::messageReceived);
    QSignalSpy contexts(bridge, &Apps::AppHostBridge::modelContextChanged);
    QSignalSpy links(bridge, &Apps::AppHostBridge::openLinkRequested);

    const QJsonObject showView = Test::itemNamed(m_tools, QStringLiteral("show_view"));
    QVERIFY(!showView.isEmpty());
    bridge->setToolInfo(showView);
    bridge->sendToolInput({{QStringLiteral("message"), QStringLiteral("from the test")},
                           {QStringLiteral("probeUrl"), probe.url()},
                           {QStringLiteral("autorun"), true}});
    bridge->sendToolResult(QJsonDocument::fromJson(R"({"content": [{"type": "text", "text": "{\"message\":\"from the test\"}"}],
                                                       "structuredContent": {"message": "from the test"}})").object());
    QTRY_COMPARE_WITH_TIMEOUT(initialized.size(), 1, kWait);
    QCOMPARE(bridge->appInfo().value(QStringLiteral("name")).toString(), QStringLiteral("mcpscope-demo-view"));

    // The consent dialog for ui/open-link: the user opens it.
    QTRY_COMPARE_WITH_TIMEOUT(links.size(), 1, kWait);
    OpenLinkDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = view->findChild<OpenLinkDialog *>()) != nullptr, kWait);
    QCOMPARE(dialog->url(), QUrl(QStringLiteral("https://modelcontextprotocol.io/extensions/apps")));
    dialog->findChild<QPushButton *>(QStringLiteral("openLinkOpen"))->click();

    QTRY_VERIFY2_WITH_TIMEOUT(logLines(logs).contains(QStringLiteral("autorun done")),
                              qPrintable(logLines(logs).join(u'\n') + u'\n' + console.join(u'\n')), kWait);
    const QStringList lines = logLines(logs);
    // tools/call through the host to the server (an app-only tool).
    QVERIFY2(anyStartsWith(lines, QStringLiteral("app_counter: ")), qPrintable(lines.join(u'\n')));
    // A tool whose visibility leaves out "app" is refused by the host.
    QVERIFY(anyStartsWith(lines, QStringLiteral("hidden tool refused: Tool \"model_only_note\" is not visible to apps")));
    // resources/read through the host.
    QVERIFY(lines.contains(QStringLiteral("resources/read: An embedded text resource.")));
    // Network outside the CSP (none declared): refused, and nothing reached the server.
    QVERIFY(lines.contains(QStringLiteral("fetch %1: blocked (TypeError)").arg(probe.url())));
    QCOMPARE(probe.hits, 0);
    // size-changed: the view's height follows within bounds.
    QVERIFY(!sizes.isEmpty());
    const int height = sizes.constLast().at(1).toInt();
    QCOMPARE(view->viewWidget()->height(), qBound(AppView::minimumViewHeight, height, AppView::maximumViewHeight));
    // ui/update-model-context and ui/message are shown.
    QCOMPARE(contexts.size(), 1);
    QCOMPARE(messages.size(), 1);
    QVERIFY(anyStartsWith(activity, QStringLiteral("Message from the view (user): Hello from the demo view")));
    QVERIFY(anyStartsWith(activity, QStringLiteral("Model context from the view:")));
    // The link was opened after consent.
    QVERIFY(lines.contains(QStringLiteral("open-link: accepted")));
    QCOMPARE(opened, QList<QUrl>{QUrl(QStringLiteral("https://modelcontextprotocol.io/extensions/apps"))});
    // The input and result reached the view, held until it was initialized.
    QTRY_VERIFY_WITH_TIMEOUT(controls->messageLog()->topLevelItemCount() > 10, kWait);
    QStringList methods;
    for (int row = 0; row < controls->messageLog()->topLevelItemCount(); ++row)
        methods << controls->messageLog()->topLevelItem(row)->text(2);
    const qsizetype initializedAt = methods.indexOf(QStringLiteral("ui/notifications/initialized"));
    QVERIFY(initializedAt >= 0);
    QVERIFY(methods.indexOf(QStringLiteral("ui/notifications/tool-input")) > initializedAt);
    QVERIFY(methods.indexOf(QStringLiteral("ui/notifications/tool-result")) > methods.indexOf(QStringLiteral("ui/notifications/tool-input")));
    QVERIFY(methods.contains(QStringLiteral("reply to ui/initialize")));
    QVERIFY(methods.contains(QStringLiteral("error reply to tools/call")));

    // Theme changes reach the view as host-context-changed.
    bridge->updateHostContext({{QStringLiteral("theme"), QStringLiteral("dark")}});
    QTRY_VERIFY_WITH_TIMEOUT(logLines(logs).contains(QStringLiteral("host context changed: theme")), kWait);

    if (const QByteArray dir = qgetenv("MCPSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(500);
        window.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("mcp-app-demo-view.png")));
    }

    // Teardown: ui/resource-teardown, answered by the view, then the view is gone.
    QSignalSpy tornDown(view, &AppView::tornDown);
    view->tearDown(QStringLiteral("test over"));
    QTRY_COMPARE_WITH_TIMEOUT(tornDown.size(), 1, kWait);
    QVERIFY(logLines(logs).contains(QStringLiteral("teardown: test over")));
    QVERIFY(!view->isLoaded());
    QVERIFY(!view->findChild<QWebEngineView *>());
}

void tst_AppView::declaredOriginsOnly()
{
    ProbeServer allowed;
    ProbeServer other;
    AppView view;
    view.resize(400, 300);
    view.show();
    QSignalSpy blocked(&view, &AppView::requestBlocked);
    Apps::UiResourceMeta meta = Apps::UiResourceMeta::fromJson(QJsonObject{
        {QStringLiteral("csp"), QJsonObject{{QStringLiteral("connectDomains"),
                                             QJsonArray{QStringLiteral("http://127.0.0.1:%1").arg(allowed.serverPort())}}}}});
    view.load(QStringLiteral("ui://test/csp"), reportingView(QStringLiteral(R"(
fetch("%1").then(r => r.text()).then(t => report("allowed: " + t), e => report("allowed failed: " + e.name));
fetch("%2").then(() => report("other: reached"), e => report("other: blocked"));
)").arg(allowed.url(), other.url())), meta);
    QSignalSpy logs(view.bridge(), &Apps::AppHostBridge::logReceived);
    QTRY_COMPARE_WITH_TIMEOUT(logs.size(), 2, kWait);
    const QStringList lines = logLines(logs);
    QVERIFY2(lines.contains(QStringLiteral("allowed: ok")), qPrintable(lines.join(u'\n')));
    QVERIFY(lines.contains(QStringLiteral("other: blocked")));
    QCOMPARE(allowed.hits, 1);
    QCOMPARE(other.hits, 0);
}

void tst_AppView::noFilesNoNavigationNoWindows()
{
    ProbeServer probe;
    AppView view;
    view.resize(400, 300);
    view.show();
    QSignalSpy blocked(&view, &AppView::requestBlocked);
    // An image from a file, a popup, and a navigation of the view and of the host page (CSP does
    // not govern navigation: the page and the request filter do).
    view.load(QStringLiteral("ui://test/escape"), reportingView(QStringLiteral(R"(
const img = new Image();
img.onload = () => report("file: loaded");
img.onerror = () => report("file: refused");
img.src = "file:///etc/hostname";
const popup = window.open("https://example.com/", "_blank");
report("popup: " + (popup ? "opened" : "refused"));
try { window.top.location.href = "https://example.com/top"; report("top: no exception"); }
catch (e) { report("top: " + e.name); }
navigator.geolocation.getCurrentPosition(() => report("geolocation: granted"), (e) => report("geolocation: denied " + e.code));
setTimeout(() => { location.href = "%1"; }, 200);
setTimeout(() => report("still here"), 1500);
)").arg(probe.url(QStringLiteral("/self")))), Apps::UiResourceMeta());
    QSignalSpy logs(view.bridge(), &Apps::AppHostBridge::logReceived);
    QTRY_VERIFY_WITH_TIMEOUT(logLines(logs).contains(QStringLiteral("still here")), kWait);
    const QStringList lines = logLines(logs);
    QVERIFY2(lines.contains(QStringLiteral("file: refused")), qPrintable(lines.join(u'\n')));
    QVERIFY(lines.contains(QStringLiteral("popup: refused")));
    // No permission declared in _meta.ui: none granted (PERMISSION_DENIED is 1).
    QVERIFY(lines.contains(QStringLiteral("geolocation: denied 1")));
    QVERIFY(anyStartsWith(lines, QStringLiteral("top: "))); // SecurityError from the sandbox, or refused later
    // The view's own navigation did not happen (the host page's frame-src, then the page's
    // navigation rule and the request filter): it kept running and reporting, nothing was fetched.
    QCOMPARE(probe.hits, 0);
}

void tst_AppView::viewCannotReachTheHost()
{
    AppView first;
    AppView second;
    first.show();
    second.show();
    // The relay's channel lives in an isolated world; the view has an opaque origin and its own
    // profile, so neither the channel nor storage are shared.
    const QString probe = QStringLiteral(R"(
report("qt: " + typeof window.qt);
try { report("parent document: " + window.parent.document.title); } catch (e) { report("parent document: " + e.name); }
try { localStorage.setItem("k", "%1"); report("storage: " + localStorage.getItem("k")); } catch (e) { report("storage: " + e.name); }
try { document.cookie = "c=%1"; report("cookie: " + document.cookie); } catch (e) { report("cookie: " + e.name); }
)");
    first.load(QStringLiteral("ui://test/a"), reportingView(probe.arg(QStringLiteral("first"))), Apps::UiResourceMeta());
    second.load(QStringLiteral("ui://test/b"), reportingView(probe.arg(QStringLiteral("second"))), Apps::UiResourceMeta());
    QSignalSpy firstLogs(first.bridge(), &Apps::AppHostBridge::logReceived);
    QSignalSpy secondLogs(second.bridge(), &Apps::AppHostBridge::logReceived);
    QTRY_COMPARE_WITH_TIMEOUT(firstLogs.size(), 4, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(secondLogs.size(), 4, kWait);
    const QStringList lines = logLines(firstLogs);
    QVERIFY2(lines.contains(QStringLiteral("qt: undefined")), qPrintable(lines.join(u'\n')));
    QVERIFY(lines.contains(QStringLiteral("parent document: SecurityError")));
    QVERIFY(!lines.contains(QStringLiteral("storage: second")));
    QVERIFY(!logLines(secondLogs).contains(QStringLiteral("storage: first")));
}

void tst_AppView::consentDeclined()
{
    QList<QUrl> opened;
    OpenLinkDialog::setUrlOpener([&opened](const QUrl &url) {
        opened << url;
        return true;
    });
    AppView view;
    view.show();
    view.load(QStringLiteral("ui://test/link"), reportingView(QStringLiteral(R"(
window.addEventListener("message", (event) => {
  const m = event.data;
  if (m.id === 1) window.parent.postMessage({jsonrpc: "2.0", method: "ui/notifications/initialized"}, "*"),
                  window.parent.postMessage({jsonrpc: "2.0", id: 2, method: "ui/open-link", params: {url: "https://evil.example/phish"}}, "*");
  if (m.id === 2) report(m.error ? "denied: " + m.error.message : "opened");
});
window.parent.postMessage({jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {}}, "*");
)")), Apps::UiResourceMeta());
    QSignalSpy logs(view.bridge(), &Apps::AppHostBridge::logReceived);
    OpenLinkDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = view.findChild<OpenLinkDialog *>()) != nullptr, kWait);
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("openLinkDomain"))->text().contains(QStringLiteral("evil.example")));
    dialog->findChild<QPushButton *>(QStringLiteral("openLinkCancel"))->click();
    QTRY_COMPARE_WITH_TIMEOUT(logs.size(), 1, kWait);
    QCOMPARE(logLines(logs).constFirst(), QStringLiteral("denied: Link opening denied by user"));
    QVERIFY(opened.isEmpty());
}

// Where views show in the window: beside a tool's result on the Tools page, and live for a ui://
// resource on the Resources page.
void tst_AppView::toolsAndResourcesPages()
{
    StdioServerParameters parameters;
    parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    Connection connection(7, QStringLiteral("demo"), [parameters] { return new StdioTransport(parameters); }, Session::Options());
    connection.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(connection.isConnected(), kWait);
    const QJsonObject showView = Test::itemNamed(m_tools, QStringLiteral("show_view"));
    QVERIFY(!showView.isEmpty());

    ToolPanel panel(&connection);
    panel.resize(1000, 800);
    panel.show();
    panel.setServerTools(m_tools);
    panel.setTool(Tool::fromJson(showView));
    panel.form()->setValue(QJsonObject{{QStringLiteral("message"), QStringLiteral("from the Tools page")}});
    panel.run();
    QTRY_VERIFY_WITH_TIMEOUT(panel.appView()->isLoaded(), kWait);
    QCOMPARE(panel.appView()->uri(), QStringLiteral("ui://mcpscope-demo/view"));
    // The demo's content item has no _meta.ui: the resources/list entry's applies (prefersBorder).
    QVERIFY(!m_demoContent.contains(QStringLiteral("_meta")));
    QCOMPARE(panel.appView()->resourceMeta().prefersBorder, std::optional<bool>(true));
    QTRY_COMPARE_WITH_TIMEOUT(panel.appView()->bridge()->state(), Apps::AppHostBridge::State::Ready, kWait);
    const auto logged = [](QTreeWidget *log, const QString &method) {
        for (int row = 0; row < log->topLevelItemCount(); ++row) {
            if (log->topLevelItem(row)->text(2) == method)
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(logged(panel.appControls()->messageLog(), QStringLiteral("ui/notifications/tool-result")), kWait);
    QVERIFY(logged(panel.appControls()->messageLog(), QStringLiteral("ui/notifications/tool-input")));
    QVERIFY(panel.appControls()->isVisible());

    // A tool without a view takes the view away (torn down first).
    const QJsonObject echo = Test::itemNamed(m_tools, QStringLiteral("echo"));
    QSignalSpy tornDown(panel.appView(), &AppView::tornDown);
    panel.setTool(Tool::fromJson(echo));
    QTRY_COMPARE_WITH_TIMEOUT(tornDown.size(), 1, kWait);
    QVERIFY(!panel.appView()->isVisibleTo(&panel));

    ResourcesView resources(&connection);
    resources.resize(1000, 800);
    resources.show();
    resources.openUri(QStringLiteral("ui://mcpscope-demo/view"));
    QTRY_VERIFY_WITH_TIMEOUT(resources.appView()->isLoaded(), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(resources.appView()->bridge()->state(), Apps::AppHostBridge::State::Ready, kWait);
    // The host controls send tool input and a result by hand.
    resources.appControls()->findChild<QPlainTextEdit *>(QStringLiteral("appToolInput"))->setPlainText(QStringLiteral("{\"message\": \"by hand\"}"));
    resources.appControls()->findChild<QPushButton *>(QStringLiteral("appSendInput"))->click();
    resources.appControls()->findChild<QPushButton *>(QStringLiteral("appSendResult"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(logged(resources.appControls()->messageLog(), QStringLiteral("ui/notifications/tool-result")), kWait);
    QVERIFY(logged(resources.appControls()->messageLog(), QStringLiteral("ui/notifications/tool-input")));
    QSignalSpy resourceTornDown(resources.appView(), &AppView::tornDown);
    resources.appControls()->findChild<QPushButton *>(QStringLiteral("appTearDown"))->click();
    QTRY_COMPARE_WITH_TIMEOUT(resourceTornDown.size(), 1, kWait);
    QVERIFY(logged(resources.appControls()->messageLog(), QStringLiteral("ui/resource-teardown")));

    // The view's messages are in the connection's traffic too (and so in its captures), host to view.
    QTRY_VERIFY_WITH_TIMEOUT([&connection] {
        TrafficLog *log = connection.trafficLog();
        for (int row = 0; row < log->rowCount(); ++row) {
            const TrafficEvent event = log->event(row);
            if (event.kind == TrafficEvent::Kind::Message && event.raw.contains("ui/resource-teardown")
                && event.direction == TrafficEvent::Direction::HostToApp
                && event.url == QLatin1StringView("ui://mcpscope-demo/view"))
                return true;
        }
        return false;
    }(), kWait);
    connection.disconnectFromServer();
}

// The traffic view's App tab in the window: the demo view's messages with the host, paired, apart
// from the server's traffic, and exported and imported like it.
void tst_AppView::appTabInTheWindow()
{
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    OpenLinkDialog::setUrlOpener([](const QUrl &) { return true; });
    MainWindow window(temp.filePath(QStringLiteral("servers.json")));
    window.setApprovalAnswerForTesting(1);
    window.resize(1024, 700);
    ServerConfig demo = ServerConfig::create(QStringLiteral("MCP Scope demo server"));
    demo.command = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    const QUuid id = window.catalog()->add(demo);
    window.show();
    window.selectServer(id);
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);
    QVERIFY(connection);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, kWait);
    ServerPage *page = window.pageFor(id);
    ToolsPage *tools = page->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("show_view")), kWait);
    tools->setArgumentsText(QStringLiteral(R"({"message": "from the window", "autorun": true})"));
    tools->run();
    AppView *view = tools->panel()->appView();
    QTRY_VERIFY_WITH_TIMEOUT(view->isLoaded(), kWait);
    QSignalSpy logs(view->bridge(), &Apps::AppHostBridge::logReceived);
    // The autorun ends with ui/open-link: the user consents.
    OpenLinkDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = view->findChild<OpenLinkDialog *>()) != nullptr, kWait);
    dialog->findChild<QPushButton *>(QStringLiteral("openLinkOpen"))->click();
    QTRY_VERIFY2_WITH_TIMEOUT(logLines(logs).contains(QStringLiteral("autorun done")), qPrintable(logLines(logs).join(u'\n')), kWait);
    // At 1024x700 the view has the larger share of the width beside the result (it once kept
    // ~100 px: the result's one-row button bar set a wide minimum).
    const QWidget *results = tools->panel()->findChild<QWidget *>(QStringLiteral("resultComparison"));
    QVERIFY(results);
    QTRY_VERIFY2(view->width() >= results->width() / 2,
                 qPrintable(QStringLiteral("view %1 px of %2").arg(view->width()).arg(results->width())));

    if (const QByteArray dir = qgetenv("MCPSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(300);
        window.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("mcp-app-tools-page.png")));
    }
    page->tabs()->setCurrentWidget(page->trafficPage());
    TrafficView *traffic = page->trafficPage()->view();
    TrafficLog *log = connection->trafficLog();
    log->flush();
    QTRY_VERIFY(traffic->scopeTabs()->isVisible());
    traffic->setFollowTail(false);
    traffic->setScope(TrafficView::Scope::App);
    QVERIFY(traffic->visibleRowCount() > 10);
    QVERIFY(traffic->visibleRowCount() < log->rowCount());

    int initialize = -1;
    int call = -1;
    for (int row = 0; row < traffic->visibleRowCount(); ++row) {
        const int logRow = traffic->logRow(row);
        const TrafficEvent event = log->event(logRow);
        QVERIFY2(TrafficEvent::isAppDirection(event.direction), qPrintable(log->method(logRow)));
        QCOMPARE(event.url, QStringLiteral("ui://mcpscope-demo/view"));
        if (log->kind(logRow) != TrafficKind::Request || event.direction != TrafficEvent::Direction::AppToHost)
            continue;
        if (log->method(logRow) == QLatin1StringView("ui/initialize"))
            initialize = logRow;
        else if (log->method(logRow) == QLatin1StringView("tools/call") && event.raw.contains("app_counter"))
            call = logRow;
    }
    QVERIFY(initialize >= 0);
    QVERIFY(call >= 0);
    for (const int request : {initialize, call}) {
        const int answer = log->pairedRow(request);
        QVERIFY2(answer > request, qPrintable(log->method(request)));
        QCOMPARE(log->event(answer).direction, TrafficEvent::Direction::HostToApp);
        QCOMPARE(log->kind(answer), TrafficKind::Response);
        QCOMPARE(log->method(answer), log->method(request));
        QVERIFY(log->latencyNs(request) > 0);
        QVERIFY(!traffic->viewModel()->index(traffic->viewRow(request), TrafficLog::LatencyColumn).data().toString().isEmpty());
        QVERIFY(traffic->viewRow(answer) >= 0);
    }
    // The host sent the view's tools/call on to the server as a request of its own: that one is
    // server traffic, shown by the Server tab and not by the App tab.
    int forwarded = -1;
    for (int row = call; row < log->rowCount() && forwarded < 0; ++row) {
        if (log->event(row).direction == TrafficEvent::Direction::Outgoing && log->method(row) == QLatin1StringView("tools/call")
            && log->rawBytes(row).contains("app_counter"))
            forwarded = row;
    }
    QVERIFY(forwarded > call);
    QCOMPARE(traffic->viewRow(forwarded), -1);
    traffic->setScope(TrafficView::Scope::Server);
    QVERIFY(traffic->viewRow(forwarded) >= 0);
    QCOMPARE(traffic->viewRow(initialize), -1);
    traffic->setScope(TrafficView::Scope::All);
    QVERIFY(traffic->viewRow(forwarded) >= 0 && traffic->viewRow(initialize) >= 0);
    traffic->setScope(TrafficView::Scope::App);
    traffic->selectViewRow(traffic->viewRow(call));
    QVERIFY(traffic->detailsText().contains(QStringLiteral("ui://mcpscope-demo/view")));
    // The view grew (size-changed) on the Tools page; it scrolls there, the window keeps its size.
    QVERIFY(view->viewWidget()->height() > 300);
    QCOMPARE(window.size(), QSize(1024, 700));
    if (const QByteArray dir = qgetenv("MCPSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(300);
        window.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("mcp-app-traffic-tab.png")));
    }

    // Exported with the rows the App tab shows, read back with the same pairs.
    QString error;
    const QString jsonl = temp.filePath(QStringLiteral("app.jsonl"));
    QVERIFY2(traffic->exportTo(jsonl, false, true, false, &error), qPrintable(error));
    QFile file(jsonl);
    QVERIFY(file.open(QIODevice::ReadOnly));
    TrafficLog imported;
    const TrafficCapture::ImportResult result = TrafficCapture::readJsonLines(&file, &imported);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(result.issues.isEmpty());
    QCOMPARE(imported.rowCount(), traffic->visibleRowCount());
    QVERIFY(imported.hasAppTraffic());
    int pairedCalls = 0;
    for (int row = 0; row < imported.rowCount(); ++row) {
        if (imported.kind(row) == TrafficKind::Request && imported.method(row) == QLatin1StringView("tools/call")
            && imported.event(row).direction == TrafficEvent::Direction::AppToHost && imported.pairedRow(row) > row)
            ++pairedCalls;
    }
    QVERIFY(pairedCalls >= 2); // app_counter, and the hidden tool's refusal
    const QString har = temp.filePath(QStringLiteral("app.har"));
    QVERIFY2(traffic->exportTo(har, true, true, false, &error), qPrintable(error));
    QFile harFile(har);
    QVERIFY(harFile.open(QIODevice::ReadOnly));
    const QJsonObject harLog = QJsonDocument::fromJson(harFile.readAll()).object().value(QStringLiteral("log")).toObject();
    QCOMPARE(harLog.value(QStringLiteral("_mcpAppMessages")).toArray().size(), traffic->visibleRowCount());

    // A second call replaces the view: the old one's ui/resource-teardown and its answer are
    // view traffic too, paired.
    page->tabs()->setCurrentWidget(tools);
    QTRY_VERIFY_WITH_TIMEOUT(!tools->panel()->isRunning(), kWait);
    const int before = log->rowCount();
    tools->setArgumentsText(QStringLiteral(R"({"message": "again"})"));
    tools->run();
    const auto tornDownPaired = [log, before] {
        log->flush();
        for (int row = before; row < log->rowCount(); ++row) {
            if (log->method(row) == QLatin1StringView("ui/resource-teardown") && log->kind(row) == TrafficKind::Request
                && log->event(row).direction == TrafficEvent::Direction::HostToApp && log->pairedRow(row) > row
                && log->event(log->pairedRow(row)).direction == TrafficEvent::Direction::AppToHost)
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(tornDownPaired(), kWait);

    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, kWait);
}

void tst_AppView::officialApps_data()
{
    QTest::addColumn<QString>("package");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<bool>("callsTools"); // the view calls a server tool by itself
    QTest::newRow("basic-vanillajs") << "server-basic-vanillajs" << "get-time" << false;
    QTest::newRow("system-monitor") << "server-system-monitor" << "get-system-info" << true;
    QTest::newRow("budget-allocator") << "server-budget-allocator" << "get-budget-data" << false;
}

// The official example servers of @modelcontextprotocol/ext-apps (pinned in tests/peers) over
// stdio: the tool is called, its view renders, initializes, gets input and result, and sizes itself.
void tst_AppView::officialApps()
{
    QFETCH(QString, package);
    QFETCH(QString, tool);
    QFETCH(bool, callsTools);
    const QString peers = qEnvironmentVariableIsSet("MCPSCOPE_APPS_PEERS_DIR")
                              ? qEnvironmentVariable("MCPSCOPE_APPS_PEERS_DIR")
                              : QStringLiteral(MCPSCOPE_PEERS_DIR);
    const QString script = peers + QStringLiteral("/@modelcontextprotocol/") + package + QStringLiteral("/dist/index.js");
    if (!QFileInfo::exists(script))
        QSKIP("npm test peers are not installed (scripts/setup.sh --test-peers)");
    QString node = peers + QStringLiteral("/.bin/node");
    if (!QFileInfo::exists(node))
        node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY(!node.isEmpty());

    StdioServerParameters parameters;
    parameters.program = node;
    parameters.arguments = {script, QStringLiteral("--stdio")};
    Session session(2, package, [parameters] { return new StdioTransport(parameters); }, Session::Options());
    session.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(session.isConnected(), kWait);
    const QJsonArray tools = Test::listedItems(session, Lists::Tools, kWait);
    QVERIFY(!tools.isEmpty());
    const QJsonObject toolJson = Test::itemNamed(tools, tool);
    const Apps::ToolUiMeta toolMeta = Apps::ToolUiMeta::fromTool(toolJson);
    QVERIFY2(toolMeta.hasView(), qPrintable(tool));

    const Response call = callAndWait(&session, QStringLiteral("tools/call"), {{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), QJsonObject()}});
    const Response read = callAndWait(&session, QStringLiteral("resources/read"), {{QStringLiteral("uri"), toolMeta.resourceUri}});
    QVERIFY2(!call.isError(), qPrintable(call.error ? call.error->message : QString()));
    const QJsonObject result = call.result.toObject();
    const QJsonObject content = read.result.toObject().value(QStringLiteral("contents")).toArray().at(0).toObject();
    QVERIFY(Apps::isAppMimeType(content.value(QStringLiteral("mimeType")).toString()));

    AppView view;
    view.resize(800, 600);
    view.show();
    view.setSession(&session);
    view.setServerTools(tools);
    QStringList console;
    connect(&view, &AppView::consoleMessage, this, [&console](const QString &text) { console << text; });
    view.load(toolMeta.resourceUri, content.value(QStringLiteral("text")).toString(), Apps::UiResourceMeta::resolve(content, {}));
    QSignalSpy initialized(view.bridge(), &Apps::AppHostBridge::initialized);
    QSignalSpy sizes(view.bridge(), &Apps::AppHostBridge::sizeChanged);
    QList<QByteArray> fromView;
    connect(view.bridge(), &Apps::AppHostBridge::messageLogged, this,
            [&fromView](Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &) {
                if (direction == Apps::AppHostBridge::Direction::ViewToHost)
                    fromView << json;
            });
    QList<QByteArray> toView;
    connect(view.bridge(), &Apps::AppHostBridge::postToView, this, [&toView](const QByteArray &json) { toView << json; });
    view.bridge()->setToolInfo(toolJson);
    view.bridge()->sendToolInput({});
    view.bridge()->sendToolResult(result);
    QTRY_VERIFY2_WITH_TIMEOUT(initialized.size() == 1, qPrintable(console.join(u'\n')), kWait);
    QTRY_VERIFY_WITH_TIMEOUT(!sizes.isEmpty(), kWait);
    QVERIFY(std::any_of(toView.cbegin(), toView.cend(), [](const QByteArray &json) { return json.contains("ui/notifications/tool-result"); }));
    if (callsTools) {
        // The view asks the server for data through the host, and gets answers.
        QTRY_VERIFY2_WITH_TIMEOUT(std::any_of(fromView.cbegin(), fromView.cend(), [](const QByteArray &json) { return json.contains("\"tools/call\""); }),
                                  qPrintable(console.join(u'\n')), kWait);
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(toView.cbegin(), toView.cend(), [](const QByteArray &json) {
            return json.contains("\"structuredContent\"") && !json.contains("\"method\"");
        }), kWait);
    }
    QVERIFY2(view.blockedRequests().isEmpty(), qPrintable(view.blockedRequests().join(u'\n')));
    if (const QByteArray dir = qgetenv("MCPSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(1500);
        view.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("mcp-app-%1.png").arg(package)));
    }
    QSignalSpy tornDown(&view, &AppView::tornDown);
    view.tearDown(QStringLiteral("test over"));
    QTRY_COMPARE_WITH_TIMEOUT(tornDown.size(), 1, kWait);
    session.disconnectFromServer();
}

int main(int argc, char **argv)
{
    prepareWebEngine();
    QApplication app(argc, argv);
    tst_AppView test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_appview.moc"
