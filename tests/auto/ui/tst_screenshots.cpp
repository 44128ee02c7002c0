// Renders the main window connected to the demo server, with traffic, into PNGs (light and
// dark palettes) and checks that they are not blank. Set MCPSCOPE_SCREENSHOT_DIR to keep them
// (docs/screenshots/ is made this way); otherwise they go to a temporary directory.
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "dialogs/importdialog.h"
#include "dialogs/servereditordialog.h"
#include "mainwindow.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "theme.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QAction>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "themes.h"
#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

class tst_Screenshots : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void mainWindow_data();
    void mainWindow();
    void dialogs();
    void themeChoiceAppliesAtOnce();

private:
    bool save(QWidget *widget, const QString &name);
    QTemporaryDir m_temp;
    QString m_out;
    QString m_demo;
};

void tst_Screenshots::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_out = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
    if (m_out.isEmpty())
        m_out = m_temp.path();
    QDir().mkpath(m_out);
    m_demo = Test::builtDemoServer();
    if (m_demo.isEmpty())
        QSKIP("mcpscope-demo-server is not built");
}

bool tst_Screenshots::save(QWidget *widget, const QString &name)
{
    const QImage image = widget->grab().toImage();
    // Not blank: at least a few hundred distinct colours (text, icons, state dots).
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    if (colours.size() < 50)
        return false;
    return image.save(QDir(m_out).filePath(name + QStringLiteral(".png")));
}

void tst_Screenshots::mainWindow_data()
{
    Mcp::Test::addThemeRows();
}

void tst_Screenshots::mainWindow()
{
    QFETCH(bool, dark);
    qputenv("MCPSCOPE_THEME", dark ? "dark" : "light");
    Theme::apply(qApp);
    const QString suffix = dark ? QStringLiteral("-dark") : QString();

    MainWindow window(m_temp.filePath(QStringLiteral("servers%1.json").arg(suffix)));
    window.setApprovalAnswerForTesting(1);
    window.resize(1360, 860);
    ServerConfig demo = ServerConfig::create(QStringLiteral("MCP Scope demo server"));
    demo.command = m_demo;
    ServerConfig files = ServerConfig::create(QStringLiteral("filesystem"));
    files.command = QStringLiteral("npx");
    files.args = {QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-filesystem"), QDir::homePath()};
    ServerConfig remote = ServerConfig::create(QStringLiteral("remote (HTTP)"));
    remote.transport = ServerConfig::TransportType::StreamableHttp;
    remote.url = QStringLiteral("https://example.com/mcp");
    const QUuid id = window.catalog()->add(demo);
    window.catalog()->add(files);
    window.catalog()->add(remote);
    window.show();
    window.selectServer(id);
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, 20000);
    ServerPage *page = window.pageFor(id);
    ToolsPage *tools = page->toolsPage();
    QTRY_VERIFY_WITH_TIMEOUT(tools->list()->selectByName(QStringLiteral("log_all_levels")), 10000);
    QSignalSpy called(tools, &ToolsPage::callFinished);
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
    QVERIFY(tools->list()->selectByName(QStringLiteral("get_weather")));
    tools->setArgumentsText(QStringLiteral("{\"city\": \"Lagos\"}")); // city is required: Run checks the form first
    tools->run();
    QTRY_COMPARE_WITH_TIMEOUT(called.size(), 2, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(connection->pingLatencyMs() >= 0, 5000);
    QTest::qWait(200);
    QVERIFY(save(&window, QStringLiteral("mainwindow-tools") + suffix));
    // A tool whose arguments also travel as Mcp-Param-* headers (x-mcp-header).
    QVERIFY(tools->list()->selectByName(QStringLiteral("route_query")));
    QTest::qWait(100);
    QVERIFY(save(&window, QStringLiteral("mainwindow-tools-headers") + suffix));
    QVERIFY(tools->list()->selectByName(QStringLiteral("get_weather")));

    page->tabs()->setCurrentWidget(page->trafficPage());
    TrafficView *view = page->trafficPage()->view();
    connection->trafficLog()->flush();
    view->setFollowTail(false);
    for (int row = 0; row < view->visibleRowCount(); ++row) {
        if (connection->trafficLog()->method(view->logRow(row)) == QLatin1String("tools/call")) {
            view->selectViewRow(row);
            break;
        }
    }
    QTest::qWait(100);
    QVERIFY(save(&window, QStringLiteral("mainwindow-traffic") + suffix));

    page->tabs()->setCurrentIndex(page->tabs()->indexOf(reinterpret_cast<QWidget *>(page->logsPage())));
    QTest::qWait(100);
    QVERIFY(save(&window, QStringLiteral("mainwindow-logs") + suffix));
    page->tabs()->setCurrentIndex(page->tabs()->indexOf(reinterpret_cast<QWidget *>(page->consolePage())));
    QTest::qWait(100);
    QVERIFY(save(&window, QStringLiteral("mainwindow-console") + suffix));
    if (!dark) {
        // The README's main picture: traffic with the all-connections dock.
        page->tabs()->setCurrentWidget(page->trafficPage());
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("mainwindow")));
    }
    window.disconnectServer(id);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Disconnected, 10000);
}

void tst_Screenshots::dialogs()
{
    qputenv("MCPSCOPE_THEME", "light");
    Theme::apply(qApp);
    ServerCatalog catalog(m_temp.filePath(QStringLiteral("dialogs.json")));
    catalog.load();
    catalog.add(Test::stdioConfig(QStringLiteral("github"), QStringLiteral("docker")));

    ServerConfig config = ServerConfig::create(QStringLiteral("github"));
    config.command = QStringLiteral("docker");
    config.args = {QStringLiteral("run"), QStringLiteral("-i"), QStringLiteral("--rm"), QStringLiteral("-e"),
                   QStringLiteral("GITHUB_PERSONAL_ACCESS_TOKEN"), QStringLiteral("ghcr.io/github/github-mcp-server")};
    config.env = {ConfigEntry{QStringLiteral("GITHUB_PERSONAL_ACCESS_TOKEN"), QStringLiteral("ghp_example"), true},
                  ConfigEntry{QStringLiteral("LOG_LEVEL"), QStringLiteral("info"), false}};
    ServerEditorDialog editor(config, &catalog);
    editor.show();
    QTest::qWait(50);
    QVERIFY(save(&editor, QStringLiteral("server-editor")));

    // The Protocol tab: a pinned modern version.
    config.era = QStringLiteral("modern:2026-07-28");
    ServerEditorDialog protocolEditor(config, &catalog);
    auto *editorTabs = protocolEditor.findChild<QTabWidget *>();
    QVERIFY(editorTabs);
    for (int i = 0; i < editorTabs->count(); ++i)
        if (editorTabs->tabText(i) == ServerEditorDialog::tr("Protocol"))
            editorTabs->setCurrentIndex(i);
    QCOMPARE(editorTabs->tabText(editorTabs->currentIndex()), ServerEditorDialog::tr("Protocol"));
    protocolEditor.show();
    QTest::qWait(50);
    QVERIFY(save(&protocolEditor, QStringLiteral("server-editor-protocol")));
    QCOMPARE(protocolEditor.config().era, QStringLiteral("modern:2026-07-28"));

    ImportDialog import(&catalog);
    import.setPastedText(QStringLiteral(
        "{\"mcpServers\": {\n"
        "  \"github\": {\"command\": \"docker\", \"args\": [\"run\", \"-i\", \"--rm\", \"ghcr.io/github/github-mcp-server\"]},\n"
        "  \"memory\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]},\n"
        "  \"remote\": {\"type\": \"http\", \"url\": \"https://example.com/mcp\"}}}"));
    import.show();
    QTest::qWait(50);
    QVERIFY(save(&import, QStringLiteral("import-dialog")));
}

void tst_Screenshots::themeChoiceAppliesAtOnce()
{
    // View › Theme: Dark, then Light, each at once and remembered, whatever the system says.
    qputenv("MCPSCOPE_THEME", "light");
    MainWindow window(m_temp.filePath(QStringLiteral("servers-theme.json")));
    auto pick = [&window](Theme::Choice choice) {
        auto *action = window.findChild<QAction *>(QStringLiteral("theme") + QString::number(int(choice)));
        QVERIFY(action);
        action->trigger();
    };
    pick(Theme::Choice::Dark);
    QVERIFY(Theme::isDark());
    QVERIFY(qApp->palette().color(QPalette::Window).lightness() < 128);
    QCOMPARE(Theme::savedChoice(), Theme::Choice::Dark);
    pick(Theme::Choice::Light);
    QVERIFY(!Theme::isDark());
    QVERIFY(qApp->palette().color(QPalette::Window).lightness() >= 128);
    QCOMPARE(Theme::savedChoice(), Theme::Choice::Light);
    pick(Theme::Choice::System); // the platform's (forced light above)
    QVERIFY(!Theme::isDark());
    QCOMPARE(Theme::savedChoice(), Theme::Choice::System);
}

QTEST_MAIN(tst_Screenshots)
#include "tst_screenshots.moc"
