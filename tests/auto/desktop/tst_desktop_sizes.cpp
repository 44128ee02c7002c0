// Sizes on a real desktop (Xvfb, openbox, xcb): no window or dialog larger than the screen,
// whatever the names, messages or content; waiting that says what it waits for; room for the
// work at 1024x700 and nothing that moves by itself (issue 30, items 1, 4 and 7).
#include "desktopfixture.h"
#include "widgetfinding.h"
#include "windowtesting.h"

#include "config/secretstore.h"
#include "config/servername.h"

#include "clientfeatures/elicitationdialog.h"
#include "clientfeatures/samplingdialog.h"
#include "dialogs/servereditordialog.h"
#include "forms/schemaform.h"
#include "tools/toolpanel.h"
#include "traffic/capturewindow.h"
#include "widgets/itemlist.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QJsonArray>
#include <QLineEdit>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

// The widget lies wholly on the screen (the part a person can reach).
bool onScreen(const QWidget *widget)
{
    const QRect global(widget->mapToGlobal(QPoint(0, 0)), widget->size());
    return Desktop::available(widget).contains(global);
}

QString where(const QWidget *widget)
{
    const QRect global(widget->mapToGlobal(QPoint(0, 0)), widget->size());
    return QStringLiteral("%1 at %2x%3+%4+%5").arg(widget->objectName()).arg(global.width()).arg(global.height())
        .arg(global.x()).arg(global.y());
}

template <typename T>
T *waitForWindow(int timeoutMs = 10000)
{
    T *found = nullptr;
    (void)QTest::qWaitFor([&found] { return (found = Test::visibleTopLevel<T>()) != nullptr; }, timeoutMs);
    return found;
}

QLabel *label(const QWidget *parent, const char *name)
{
    return parent->findChild<QLabel *>(QLatin1String(name));
}

} // namespace

class tst_DesktopSizes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();

    // Item 1: no window or dialog larger than the screen.
    void commandLineServerGetsAShortName();
    void longNameKeepsTheWindowOnScreen();
    void longStderrKeepsTheWindowOnScreen();
    void restoredGeometryIsClampedToTheScreen();
    void samplingDialogFitsAndAnswersByKeyboard();
    void elicitationDialogForOneFieldIsCompact();
    void captureWindowFits();
    void keyboardShortcutsShowTheirContent();
    void headerTogglesKeepTheWindow();

    // Item 4: waiting is visible and explained.
    void connectingShowsElapsedTimeAndWhatStdoutHeld();
    void savedServerOffersConnect();

    // Item 7: room where the work is, and nothing jumps.
    void resultGetsTheRoomOfAFormWithoutArguments();
    void pingTimeMovesNothing();
    void serverListGrowsWithTheWindow();
    void everyTabOfAnHttpServerIsInSight();
    void statusBarLabelsDoNotOverlap();
    void httpEditorRowsSitTogether();
    void toolListElidesInsteadOfScrollingSideways();

private:
    MainWindow *open(const char *name);
    Desktop::WindowFixture m_fixture;
};

void tst_DesktopSizes::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopSizesTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopSizes::cleanup()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (widget != m_fixture.window && widget->isWindow() && widget->isVisible()
            && (qobject_cast<QDialog *>(widget) || qobject_cast<CaptureWindow *>(widget)))
            widget->close();
    }
    m_fixture.closeWindow();
    QTest::qWait(50);
}

MainWindow *tst_DesktopSizes::open(const char *name)
{
    return m_fixture.openWindow(QString::fromLatin1(name));
}

void tst_DesktopSizes::commandLineServerGetsAShortName()
{
    // `mcpscope node /srv/…/weather/dist/index.js`: named after the package, not the command line.
    QTemporaryDir tree;
    QVERIFY(tree.isValid());
    QVERIFY(QDir(tree.path()).mkpath(QStringLiteral("weather/dist")));
    const QString script = tree.filePath(QStringLiteral("weather/dist/index.js"));
    QCOMPARE(serverNameForCommand(QStringLiteral("node"), {script}), QStringLiteral("weather"));
    QFile manifest(tree.filePath(QStringLiteral("weather/package.json")));
    QVERIFY(manifest.open(QIODevice::WriteOnly));
    manifest.write(R"({"name": "@acme/weather-server", "version": "1.0.0"})");
    manifest.close();
    QCOMPARE(serverNameForCommand(QStringLiteral("node"), {script}), QStringLiteral("weather-server"));
    QCOMPARE(serverNameForCommand(QStringLiteral("npx"), {QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-everything@latest")}),
             QStringLiteral("server-everything"));
    QCOMPARE(serverNameForCommand(QStringLiteral("python3"), {QStringLiteral("-m"), QStringLiteral("mcp_server_git.cli")}),
             QStringLiteral("mcp_server_git"));

    // Opened from the command line: once the server answers, its own title names it.
    MainWindow *window = open("shortname");
    QVERIFY(window);
    ServerConfig config = ServerConfig::create(serverNameForCommand(m_fixture.demo, {}));
    config.command = m_fixture.demo;
    QCOMPARE(config.name, QStringLiteral("mcpscope-demo-server"));
    window->openServer(config);
    const QUuid id = window->currentServerId();
    QVERIFY(QTest::qWaitFor([&] { return window->catalog()->find(id).name == QLatin1String("MCP Scope demo server"); }, 20000));
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
}

void tst_DesktopSizes::longNameKeepsTheWindowOnScreen()
{
    MainWindow *window = open("longname");
    QVERIFY(window);
    // The name a command line used to give: the whole of it.
    QString name = QStringLiteral("node ");
    for (int i = 0; i < 12; ++i)
        name += QStringLiteral("/home/someone/projects/mcp-servers/packages");
    name += QStringLiteral("/weather/dist/index.js --verbose --port 8080");
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(name));
    QVERIFY(page);
    QTest::qWait(200);
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    QVERIFY2(window->minimumSizeHint().width() <= Desktop::available(window).width(),
             qPrintable(QString::number(window->minimumSizeHint().width())));
    // Maximized, every button of the header is on the screen.
    window->showMaximized();
    QTRY_VERIFY_WITH_TIMEOUT(window->isMaximized(), 5000);
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    for (QPushButton *button : page->findChildren<QPushButton *>()) {
        if (button->isVisible() && button->parentWidget() && !button->window()->inherits("QDialog")
            && (button->text() == QLatin1String("Disconnect") || button->text() == QLatin1String("Restart")
                || button->text() == QLatin1String("Re-probe")))
            QVERIFY2(onScreen(button), qPrintable(where(button) + QStringLiteral(" ") + button->text()));
    }
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    m_fixture.shoot(QStringLiteral("sizes-long-name"));
}

void tst_DesktopSizes::longStderrKeepsTheWindowOnScreen()
{
    MainWindow *window = open("longstderr");
    QVERIFY(window);
    ServerConfig config = ServerConfig::create(QStringLiteral("noisy"));
    config.command = QStringLiteral("sh");
    // Restarted once, then given up on: the reason (with the stderr it ended with) is shown too.
    config.autoRestart.enabled = true;
    config.autoRestart.maxAttempts = 1;
    config.autoRestart.initialBackoffMs = 200;
    // One 6,000-character line on stderr, then an exit with an error.
    config.args = {QStringLiteral("-c"), QStringLiteral("for i in $(seq 600); do printf 'failure%03d ' $i >&2; done; "
                                                        "printf 'X%.0s' $(seq 3000) >&2; echo >&2; exit 3")};
    const QUuid id = window->catalog()->add(config);
    window->selectServer(id);
    window->connectServer(id);
    Connection *connection = window->existingConnection(id);
    QVERIFY(connection);
    QVERIFY(QTest::qWaitFor([connection] {
        return (connection->state() == Connection::State::Exited || connection->state() == Connection::State::Failed)
            && connection->restartAttempt() == 0 && !connection->exitHistory().isEmpty();
    }, 20000));
    QTest::qWait(1500);
    QVERIFY(window->pageFor(id)->isBannerVisible());
    QVERIFY2(window->minimumSizeHint().width() <= Desktop::available(window).width(),
             qPrintable(QString::number(window->minimumSizeHint().width())));
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    m_fixture.shoot(QStringLiteral("sizes-long-stderr"));
}

void tst_DesktopSizes::restoredGeometryIsClampedToTheScreen()
{
    // A geometry saved on a bigger screen, far to the right and below this one.
    QWidget elsewhere;
    elsewhere.setGeometry(2600, 1500, 2400, 1400);
    const QByteArray saved = elsewhere.saveGeometry();
    QSettings().clear();
    QSettings().setValue(QStringLiteral("mainWindow/geometry"), saved);
    auto *window = new MainWindow(m_fixture.dir.filePath(QStringLiteral("servers-restored.json")));
    m_fixture.window = window;
    window->show();
    QVERIFY(Desktop::waitShown(window));
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
}

void tst_DesktopSizes::samplingDialogFitsAndAnswersByKeyboard()
{
    ServerPage *page = Desktop::openWithDemoTool(m_fixture, QStringLiteral("sampling"), QStringLiteral("ask_llm"));
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();
    QStringList system;
    for (int i = 1; i <= 80; ++i)
        system << QStringLiteral("Rule %1: answer briefly, politely and only about the protocol.").arg(i);
    tools->setArgumentsText(QJsonDocument(QJsonObject{{QStringLiteral("prompt"), QStringLiteral("Say hello.")},
                                                      {QStringLiteral("systemPrompt"), system.join(u'\n')}})
                                .toJson(QJsonDocument::Compact));
    tools->run();
    auto *dialog = waitForWindow<SamplingDialog>();
    QVERIFY(dialog);
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY2(Desktop::fitsScreen(dialog), qPrintable(Desktop::describe(dialog)));
    auto *send = dialog->findChild<QPushButton *>(QStringLiteral("send"));
    auto *reject = dialog->findChild<QPushButton *>(QStringLiteral("reject"));
    QVERIFY(send && reject);
    QVERIFY2(onScreen(send), qPrintable(where(send)));
    QVERIFY2(onScreen(reject), qPrintable(where(reject)));
    m_fixture.shoot(QStringLiteral("sizes-sampling"));

    // Type the answer; Tab leaves the answer box (no tab typed), and the keyboard reaches Send.
    auto *answer = dialog->findChild<QPlainTextEdit *>(QStringLiteral("answerText"));
    QVERIFY(answer);
    QTRY_VERIFY(answer->hasFocus());
    QVERIFY(Desktop::type(QStringLiteral("Hello from the keyboard")));
    QVERIFY(Desktop::key(QStringLiteral("Tab")));
    QVERIFY2(!answer->toPlainText().contains(u'\t'), qPrintable(answer->toPlainText()));
    QVERIFY(!answer->hasFocus());
    for (int i = 0; i < 6 && !send->hasFocus(); ++i)
        QVERIFY(Desktop::key(QStringLiteral("Tab")));
    QVERIFY2(send->hasFocus(), QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "none");
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_VERIFY_WITH_TIMEOUT(tools->resultText().contains(QLatin1String("Hello from the keyboard")), 10000);
}

void tst_DesktopSizes::elicitationDialogForOneFieldIsCompact()
{
    MainWindow *window = open("elicitation");
    QVERIFY(window);
    const QJsonObject params{
        {QStringLiteral("message"), QStringLiteral("Which city?")},
        {QStringLiteral("requestedSchema"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                     {QStringLiteral("properties"),
                      QJsonObject{{QStringLiteral("city"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                                       {QStringLiteral("title"), QStringLiteral("City")}}}}}}}};
    auto answered = std::make_shared<QJsonObject>(); // the dialog may answer after this function (Cancel on close)
    PendingRequestDialog::Responder responder;
    responder.respond = [answered](const QJsonObject &result) { *answered = result; };
    auto *dialog = new ElicitationDialog({params, responder}, QStringLiteral("demo"), window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY2(Desktop::fitsScreen(dialog), qPrintable(Desktop::describe(dialog)));
    // One field: a small dialog, not 640 px of mostly nothing.
    QVERIFY2(dialog->height() <= 300, qPrintable(Desktop::describe(dialog)));
    m_fixture.shoot(QStringLiteral("sizes-elicitation"));
    QVERIFY(Desktop::type(QStringLiteral("Lisbon")));
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_COMPARE(answered->value(QStringLiteral("content")).toObject().value(QStringLiteral("city")).toString(),
                 QStringLiteral("Lisbon"));
}

void tst_DesktopSizes::captureWindowFits()
{
    MainWindow *window = open("capture");
    QVERIFY(window);
    window->openCapture(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/fuzz/capture/corpus/stdio.jsonl"));
    auto *capture = waitForWindow<CaptureWindow>();
    QVERIFY(capture);
    QVERIFY(Desktop::waitShown(capture));
    QVERIFY2(Desktop::fitsScreen(capture), qPrintable(Desktop::describe(capture)));
    capture->close();
}

void tst_DesktopSizes::keyboardShortcutsShowTheirContent()
{
    MainWindow *window = open("shortcuts");
    QVERIFY(window);
    const QUuid id = window->catalog()->add(m_fixture.demoConfig(QStringLiteral("demo")));
    window->selectServer(id); // its page, with the Alt+digit shortcuts
    QDialog *shown = nullptr;
    QStringList rows;
    bool fits = false;
    bool wholeWidth = false;
    bool tall = false;
    QString description;
    QTimer::singleShot(0, this, [&] {
        (void)QTest::qWaitFor([&] { return (shown = qobject_cast<QDialog *>(QApplication::activeModalWidget())) != nullptr; }, 5000);
        if (!shown)
            return;
        Desktop::waitShown(shown);
        auto *table = shown->findChild<QTableWidget *>();
        for (int row = 0; table && row < table->rowCount(); ++row)
            rows << table->item(row, 0)->text();
        fits = Desktop::fitsScreen(shown);
        description = Desktop::describe(shown);
        // Every column whole, and as many rows as the screen has room for.
        int longest = 0;
        for (const QString &row : std::as_const(rows))
            longest = qMax(longest, table->fontMetrics().horizontalAdvance(row));
        wholeWidth = table && table->horizontalHeader()->sectionSize(0) >= longest
            && table->viewport()->width() >= table->horizontalHeader()->length() - 1;
        tall = table && (!table->verticalScrollBar()->isVisible()
                         || shown->frameGeometry().height() >= Desktop::available(shown).height() - 80);
        m_fixture.shoot(QStringLiteral("sizes-shortcuts"));
        Desktop::key(QStringLiteral("Escape"));
    });
    window->showKeyboardShortcuts();
    QVERIFY(shown);
    QVERIFY2(fits, qPrintable(description));
    QVERIFY2(wholeWidth, qPrintable(description));
    QVERIFY2(tall, qPrintable(description));
    QVERIFY2(rows.contains(QLatin1String("Show the Tools tab")), qPrintable(rows.join(QStringLiteral(" | "))));
    QVERIFY2(!rows.join(u'|').contains(QLatin1String("of the server page")), qPrintable(rows.join(QStringLiteral(" | "))));
}

void tst_DesktopSizes::headerTogglesKeepTheWindow()
{
    // A tool with a form below: the page has less height to give.
    ServerPage *page = Desktop::openWithDemoTool(m_fixture, QStringLiteral("toggles"), QStringLiteral("rich_form"));
    QVERIFY(page);
    MainWindow *window = m_fixture.window;
    QTest::qWait(200);
    const QRect before = window->frameGeometry();
    auto *capabilities = page->findChild<QToolButton *>(QStringLiteral("capabilitiesToggle"));
    QToolButton *discovery = nullptr;
    QToolButton *instructions = nullptr;
    for (QToolButton *button : page->findChildren<QToolButton *>()) {
        if (button->text() == QLatin1String("Discovery"))
            discovery = button;
        else if (button->text() == QLatin1String("Instructions"))
            instructions = button;
    }
    QVERIFY(capabilities && discovery && instructions);
    // Unfolds a part of the header by a click: the window still fits the screen a moment later.
    const auto unfoldsAndFits = [window](QToolButton *toggle) {
        if (!Desktop::click(toggle) || !QTest::qWaitFor([toggle] { return toggle->isChecked(); }, 5000))
            return false;
        QTest::qWait(200);
        return Desktop::fitsScreen(window);
    };
    if (instructions->isVisible())
        QVERIFY2(unfoldsAndFits(instructions), qPrintable(Desktop::describe(window)));
    QVERIFY(capabilities->isVisible());
    const QPoint capabilitiesAt = capabilities->mapToGlobal(QPoint(0, 0));
    QVERIFY2(unfoldsAndFits(capabilities), qPrintable(Desktop::describe(window)));
    QCOMPARE(capabilities->mapToGlobal(QPoint(0, 0)), capabilitiesAt);
    if (discovery->isVisible()) {
        const QPoint discoveryAt = discovery->mapToGlobal(QPoint(0, 0));
        QVERIFY2(unfoldsAndFits(discovery), qPrintable(Desktop::describe(window)));
        QCOMPARE(discovery->mapToGlobal(QPoint(0, 0)), discoveryAt);
        m_fixture.shoot(QStringLiteral("sizes-header-unfolded"));
        QVERIFY(Desktop::click(discovery));
        QTRY_VERIFY(!discovery->isChecked());
    }
    QVERIFY(Desktop::click(capabilities));
    QTRY_VERIFY(!capabilities->isChecked());
    if (instructions->isChecked()) {
        QVERIFY(Desktop::click(instructions));
        QTRY_VERIFY(!instructions->isChecked());
    }
    QTest::qWait(200);
    QCOMPARE(window->frameGeometry(), before);
}

void tst_DesktopSizes::connectingShowsElapsedTimeAndWhatStdoutHeld()
{
    MainWindow *window = open("waiting");
    QVERIFY(window);
    // A server that prints lines that are not JSON-RPC and never answers.
    ServerConfig config = ServerConfig::create(QStringLiteral("chatty"));
    config.command = QStringLiteral("sh");
    config.args = {QStringLiteral("-c"), QStringLiteral("while :; do echo 'Server starting, please wait'; sleep 0.2; done")};
    config.timeouts.connectMs = 3000;
    const QUuid id = window->catalog()->add(config);
    window->selectServer(id);
    QElapsedTimer clock;
    clock.start();
    window->connectServer(id);
    Connection *connection = window->existingConnection(id);
    QVERIFY(connection);
    ServerPage *page = window->pageFor(id);
    QTest::qWait(2500);
    QCOMPARE(connection->state(), Connection::State::Connecting);
    // The header counts the seconds, says what it waits for and what stdout held; it does not
    // say "Not connected." while connecting.
    QString header;
    for (QLabel *label : page->findChildren<QLabel *>()) {
        if (label->isVisible())
            header += label->text() + QLatin1Char('\n');
    }
    QVERIFY2(!header.contains(QLatin1String("Not connected.")), qPrintable(header));
    QVERIFY2(header.contains(QRegularExpression(QStringLiteral("Connecting for [1-9]\\d* s"))), qPrintable(header));
    QVERIFY2(header.contains(QLatin1String("not JSON-RPC")), qPrintable(header));
    m_fixture.shoot(QStringLiteral("sizes-connecting"));
    QVERIFY(QTest::qWaitFor([connection] { return connection->state() == Connection::State::Failed; }, 60000));
    const qint64 waited = clock.elapsed() / 1000;
    QTest::qWait(300);
    // One honest timeout: the banner names the whole wait, and what stdout held.
    const QString banner = page->bannerText();
    const QRegularExpressionMatch after = QRegularExpression(QStringLiteral("after (\\d+) s")).match(banner);
    QVERIFY2(after.hasMatch(), qPrintable(banner));
    QVERIFY2(qAbs(after.captured(1).toLongLong() - waited) <= 1, qPrintable(banner + QStringLiteral(" / waited %1 s").arg(waited)));
    QVERIFY2(banner.contains(QLatin1String("not JSON-RPC")), qPrintable(banner));
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    window->disconnectServer(id);
}

void tst_DesktopSizes::savedServerOffersConnect()
{
    MainWindow *window = open("offline");
    QVERIFY(window);
    const QUuid id = window->catalog()->add(m_fixture.demoConfig(QStringLiteral("demo")));
    window->selectServer(id);
    ServerPage *page = window->pageFor(id);
    QTest::qWait(200);
    QCOMPARE(page->tabs()->currentWidget(), page->toolsPage());
    auto *notice = page->toolsPage()->findChild<QWidget *>(QStringLiteral("offlineNotice"));
    QVERIFY2(notice && notice->isVisible(), "the Tools page of a server never connected does not say so");
    QVERIFY(label(notice, "offlineText")->text().contains(QLatin1String("not connected")));
    auto *connectButton = notice->findChild<QPushButton *>(QStringLiteral("offlineConnect"));
    QVERIFY(connectButton && connectButton->isVisible());
    m_fixture.shoot(QStringLiteral("sizes-offline"));
    QVERIFY(Desktop::click(connectButton));
    QVERIFY(QTest::qWaitFor([page] { return page->toolsPage()->list()->count() > 0; }, 20000));
    QVERIFY(!notice->isVisible());
}

void tst_DesktopSizes::resultGetsTheRoomOfAFormWithoutArguments()
{
    ServerPage *page = Desktop::openWithDemoTool(m_fixture, QStringLiteral("room"), QStringLiteral("content_gallery"));
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();
    tools->run();
    QTRY_VERIFY_WITH_TIMEOUT(!tools->resultText().isEmpty(), 10000);
    QTest::qWait(300);
    auto *splitter = tools->findChild<QSplitter *>(QStringLiteral("toolSplitter"));
    QVERIFY(splitter);
    const QList<int> sizes = splitter->sizes();
    QVERIFY2(sizes.value(1) > 2 * sizes.value(0),
             qPrintable(QStringLiteral("form %1 px, result %2 px").arg(sizes.value(0)).arg(sizes.value(1))));
    m_fixture.shoot(QStringLiteral("sizes-room"));
}

void tst_DesktopSizes::pingTimeMovesNothing()
{
    MainWindow *window = open("ping");
    QVERIFY(window);
    ServerConfig config = m_fixture.demoConfig(QStringLiteral("demo"));
    ServerPage *page = m_fixture.connect(config);
    QVERIFY(page);
    // A name as long as the header has room for (a longer one is elided): the page is as narrow
    // as it may be, and only what does not move keeps it there.
    for (int i = 0; i < 40 && page->minimumSizeHint().width() < page->width() - 12; ++i) {
        config.name += QStringLiteral(" x");
        window->catalog()->update(config);
        QCoreApplication::processEvents();
    }
    QTest::qWait(200);
    const int pageX = page->mapToGlobal(QPoint(0, 0)).x();
    const int tabsX = page->tabs()->mapToGlobal(QPoint(0, 0)).x();
    // Ping times of every width, as the header and the server list show them.
    Connection *connection = page->connection();
    for (const qint64 ms : {0, 7, 12345, 3, 999}) {
        Q_EMIT connection->pingLatencyChanged(ms);
        QTest::qWait(80);
        QCOMPARE(page->mapToGlobal(QPoint(0, 0)).x(), pageX);
        QCOMPARE(page->tabs()->mapToGlobal(QPoint(0, 0)).x(), tabsX);
    }
}

void tst_DesktopSizes::serverListGrowsWithTheWindow()
{
    MainWindow *window = open("list");
    QVERIFY(window);
    QVERIFY(m_fixture.connect(m_fixture.demoConfig(QStringLiteral("A server with a rather long name for the list"))));
    window->showMaximized();
    QTRY_VERIFY_WITH_TIMEOUT(window->isMaximized(), 5000);
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    QListView *list = window->serverList();
    QVERIFY2(!list->horizontalScrollBar()->isVisible(), "the server list scrolls sideways");
    // A share of the window, not a fixed width.
    QVERIFY2(list->width() * 100 >= window->width() * 15,
             qPrintable(QStringLiteral("list %1 px of %2").arg(list->width()).arg(window->width())));
}

void tst_DesktopSizes::everyTabOfAnHttpServerIsInSight()
{
    MainWindow *window = open("tabs");
    QVERIFY(window);
    ServerConfig config = Test::httpConfig(QStringLiteral("remote"), QUrl(QStringLiteral("http://127.0.0.1:9/mcp")));
    const QUuid id = window->catalog()->add(config);
    window->selectServer(id);
    ServerPage *page = window->pageFor(id);
    QTest::qWait(200);
    QTabBar *bar = page->tabs()->tabBar();
    QVERIFY2(bar->count() >= 10, qPrintable(QString::number(bar->count())));
    for (QToolButton *arrow : bar->findChildren<QToolButton *>())
        QVERIFY2(!arrow->isVisible(), "tabs behind scroll arrows");
    for (int i = 0; i < bar->count(); ++i)
        QVERIFY2(bar->rect().contains(bar->tabRect(i)), qPrintable(bar->tabText(i)));
    QVERIFY(onScreen(bar));
}

void tst_DesktopSizes::statusBarLabelsDoNotOverlap()
{
    MainWindow *window = open("status");
    QVERIFY(window);
    QVERIFY(m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo"))));
    SecretStore *store = window->secretStore();
    QTRY_VERIFY_WITH_TIMEOUT(!store->statusText().endsWith(QChar(0x2026)), 25000); // the keychain check has ended
    QTest::qWait(200);
    m_fixture.shoot(QStringLiteral("sizes-status-bar"));
    // A status message is drawn as it is, cut where the room ends: it must fit its room, left
    // of the permanent labels.
    int room = window->statusBar()->width();
    for (QWidget *child : window->statusBar()->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isVisible() && child->x() > window->statusBar()->width() / 3)
            room = qMin(room, child->x());
    }
    const QString message = window->statusBar()->currentMessage();
    QVERIFY2(window->statusBar()->fontMetrics().horizontalAdvance(message) <= room - 8,
             qPrintable(QStringLiteral("%1 px of room for: %2").arg(room).arg(message)));
    QList<QWidget *> shown;
    for (QWidget *child : window->statusBar()->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isVisible() && child->inherits("QLabel"))
            shown << child;
    }
    for (int i = 0; i < shown.size(); ++i) {
        QVERIFY2(window->statusBar()->rect().contains(shown.at(i)->geometry()), qPrintable(where(shown.at(i))));
        for (int j = i + 1; j < shown.size(); ++j)
            QVERIFY2(!shown.at(i)->geometry().intersects(shown.at(j)->geometry()),
                     qPrintable(where(shown.at(i)) + QStringLiteral(" / ") + where(shown.at(j))));
    }
}

// The HTTP page of the server editor: URL, headers and bearer token one under another, the spare
// height below them, not between them (the page shares the height of the taller stdio page).
void tst_DesktopSizes::httpEditorRowsSitTogether()
{
    MainWindow *window = open("httpeditor");
    QVERIFY(window);
    ServerConfig config = Test::httpConfig(QStringLiteral("remote"), QUrl(QStringLiteral("https://example.com/mcp")));
    config.headers = {ConfigEntry{QStringLiteral("X-Team"), QStringLiteral("tools"), false}};
    ServerEditorDialog dialog(config, window->catalog(), window);
    dialog.open();
    QVERIFY(Desktop::waitShown(&dialog));
    QVERIFY2(Desktop::fitsScreen(&dialog), qPrintable(Desktop::describe(&dialog)));
    QLineEdit *url = dialog.urlEdit();
    auto *headers = url->parentWidget()->findChild<QTableWidget *>();
    QLineEdit *bearer = nullptr;
    for (QLineEdit *edit : url->parentWidget()->findChildren<QLineEdit *>()) {
        if (edit->echoMode() == QLineEdit::Password)
            bearer = edit;
    }
    QVERIFY(url->isVisible() && headers && headers->isVisible() && bearer && bearer->isVisible());
    const auto top = [](const QWidget *w) { return w->mapToGlobal(QPoint(0, 0)).y(); };
    const int slack = 2 * dialog.style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing) + 12;
    const int aboveTable = top(headers) - (top(url) + url->height());
    const int belowTable = top(bearer) - (top(headers) + headers->height());
    m_fixture.shoot(QStringLiteral("sizes-http-editor"));
    QVERIFY2(aboveTable <= slack && belowTable <= slack,
             qPrintable(QStringLiteral("gaps: %1 px above the headers, %2 px below (at most %3)").arg(aboveTable).arg(belowTable).arg(slack)));
}

// The tool list at the window's default width: each row as wide as the list, its text elided; no
// sideways scroll bar hiding the ends of rows.
void tst_DesktopSizes::toolListElidesInsteadOfScrollingSideways()
{
    MainWindow *window = open("toollist");
    QVERIFY(window);
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo")));
    QVERIFY(page);
    ItemList *list = page->toolsPage()->list()->view();
    QTRY_VERIFY(list->model() && list->model()->rowCount() > 5);
    QTest::qWait(200);
    QVERIFY2(!list->horizontalScrollBar()->isVisible(), "the tool list scrolls sideways");
    const QRect row = list->visualRect(list->model()->index(0, 0));
    QVERIFY2(row.width() <= list->viewport()->width(),
             qPrintable(QStringLiteral("row %1 px in a list %2 px wide").arg(row.width()).arg(list->viewport()->width())));
}

QTEST_MAIN(tst_DesktopSizes)
#include "tst_desktop_sizes.moc"
