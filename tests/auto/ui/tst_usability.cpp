// The window at work on a 1024×700 screen (the offscreen platform sized by screen-1024x700.json),
// against the real demo server: the form gets the room before a result, the Run row stays put,
// Ctrl+Enter runs from anywhere on the Tools page, no state or dialog needs more than the screen,
// Enter in an item editor keeps the dialog and the text, validation names fields by label, and a
// server given on the command line opens connected. With MCPSCOPE_SCREENSHOT_DIR set, every page
// and dialog is saved there at this size (docs/screenshots/ is made this way).
#include "clientfeatures/elicitationdialog.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "dialogs/importdialog.h"
#include "dialogs/servereditordialog.h"
#include "forms/schemaform.h"
#include "tools/toolpanel.h"
#include "mainwindow.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "results/resultview.h"
#include "servers/serverlistdelegate.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <algorithm>
#include <QtTest>

#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {
const QSize Screen(1024, 700);
}

class tst_Usability : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void firstSizeFitsTheScreen();
    void formHasTheRoomUntilAResult();
    void serverHeaderIsShort();
    void runRowStaysPutAcrossACall();
    void ctrlEnterRunsFromResultAndList();
    void tabsAndTrafficFilterByKeyboard();
    void validationNamesTheFieldByLabel();
    void longErrorsFitOnEveryPage();
    void restartAfterAFailedStart();
    void connectionErrorSaidOnceUntilEdited();
    void noKeychainIsSaidOnce();
    void enterInItemEditorKeepsDialogAndText();
    void enterAnswersTheElicitation();
    void shortcutsAreListed();
    void trafficColumnsFitTheirContent();
    void pingsCanBeHidden();
    void pastedCommandLineIsSplit();
    void exportFormatFollowsTheFileName();
    void importReadsATypedPath();
    void dialogsFitTheScreen();
    void oneWidgetForBooleans();
    void commandLineOpensTheServer();
    void helpNeedsNoDisplay();

private:
    ServerConfig demoConfig(const QString &name) const;
    ServerPage *connectDemo();
    QUuid connectBroken(const QString &command);
    ToolsPage *connectDemoTool(const QString &tool);
    void shoot(QWidget *widget, const QString &name);
    static QPoint runRowPosition(ToolPanel *panel);

    QTemporaryDir m_dir;
    QString m_demo;
    QString m_shots;
    MainWindow *m_window = nullptr;
};

void tst_Usability::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("MCPScopeUsabilityTest"));
    QVERIFY(m_dir.isValid());
    m_demo = Test::builtDemoServer();
    if (m_demo.isEmpty())
        QSKIP("mcpscope-demo-server is not built");
    m_shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
    if (!m_shots.isEmpty())
        QDir().mkpath(m_shots);
    // Everything below is about this screen.
    QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), Screen);
}

void tst_Usability::init()
{
    m_window = Test::freshWindow(m_dir);
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void tst_Usability::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

ServerConfig tst_Usability::demoConfig(const QString &name) const
{
    return Test::stdioConfig(name, m_demo);
}

ServerPage *tst_Usability::connectDemo()
{
    const QUuid id = m_window->catalog()->add(demoConfig(QStringLiteral("demo")));
    if (!Test::connectEntry(*m_window, id))
        return nullptr;
    ServerPage *page = m_window->pageFor(id);
    if (!QTest::qWaitFor([page] { return page->toolsPage()->list()->count() > 0; }, 10000))
        return nullptr;
    return page;
}

// connectDemo, with tool chosen on its Tools page: that page, or null.
ToolsPage *tst_Usability::connectDemoTool(const QString &tool)
{
    ServerPage *page = connectDemo();
    if (!page || !page->toolsPage()->list()->selectByName(tool))
        return nullptr;
    return page->toolsPage();
}

// Adds a demo entry named "broken" that runs command (a program that is not there), selects and
// connects it: its id once its start failed, a null id when it had not failed within 20 s.
QUuid tst_Usability::connectBroken(const QString &command)
{
    ServerConfig broken = demoConfig(QStringLiteral("broken"));
    broken.command = command;
    const QUuid id = m_window->catalog()->add(broken);
    m_window->selectServer(id);
    m_window->connectServer(id);
    Connection *connection = m_window->existingConnection(id);
    if (!connection || !QTest::qWaitFor([connection] { return connection->state() == Connection::State::Failed; }, 20000))
        return {};
    return id;
}

void tst_Usability::shoot(QWidget *widget, const QString &name)
{
    if (m_shots.isEmpty())
        return;
    QCoreApplication::processEvents();
    QVERIFY(widget->grab().save(QDir(m_shots).filePath(name + QStringLiteral(".png"))));
}

QPoint tst_Usability::runRowPosition(ToolPanel *panel)
{
    auto *run = panel->findChild<QPushButton *>(QStringLiteral("run"));
    return run->mapTo(panel->window(), QPoint(0, 0));
}

void tst_Usability::firstSizeFitsTheScreen()
{
    const QRect available = m_window->screen()->availableGeometry();
    QVERIFY2(available.contains(m_window->geometry()),
             qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(m_window->width()).arg(m_window->height())
                            .arg(available.width()).arg(available.height())));
    // And a size saved on a bigger screen comes back within this one.
    m_window->resize(1280, 820);
    m_window->close();
    MainWindow again(m_dir.filePath(QStringLiteral("servers-again.json")));
    again.show();
    QVERIFY(available.contains(again.geometry()));
}

void tst_Usability::serverHeaderIsShort()
{
    // A modern server (extensions, a deprecated feature) once took eight header lines at
    // 1024x700; what each side offers is folded under one line now, and unfolds on demand.
    ServerPage *page = connectDemo();
    QVERIFY(page);
    QCoreApplication::processEvents();
    auto *toggle = page->findChild<QToolButton *>(QStringLiteral("capabilitiesToggle"));
    QVERIFY(toggle && toggle->isVisible() && !toggle->isChecked());
    auto *summary = page->findChild<QLabel *>(QStringLiteral("capabilitiesSummary"));
    QVERIFY(summary && summary->isVisible());
    QVERIFY2(summary->text().contains(QLatin1String("tools")), qPrintable(summary->text()));
    const int folded = page->tabs()->mapTo(page, QPoint(0, 0)).y();
    QVERIFY2(folded <= page->height() / 6, qPrintable(QStringLiteral("tabs start at %1 of %2 px").arg(folded).arg(page->height())));
    shoot(m_window, QStringLiteral("usability-server-header"));

    toggle->click();
    QCoreApplication::processEvents();
    QVERIFY(!summary->isVisible());
    const auto labels = page->findChildren<QLabel *>();
    const bool offersShown = std::any_of(labels.begin(), labels.end(), [](const QLabel *label) {
        return label->isVisible() && label->text().startsWith(QLatin1String("Server offers:"));
    });
    QVERIFY(offersShown);
    // Each side's extensions, the client's with its own settings (the MIME types it renders).
    const bool extensionsShown = std::any_of(labels.begin(), labels.end(), [](const QLabel *label) {
        return label->isVisible() && label->text().startsWith(QLatin1String("Extensions: server io.modelcontextprotocol/tasks"))
            && label->text().contains(QLatin1String("client io.modelcontextprotocol/ui {\"mimeTypes\":[\"text/html;profile=mcp-app\"]}"));
    });
    QVERIFY(extensionsShown);
    QVERIFY(page->tabs()->mapTo(page, QPoint(0, 0)).y() > folded);
    // The choice is kept (the next server page opens the same way); put it back.
    toggle->click();
    QCoreApplication::processEvents();
    QTRY_COMPARE(page->tabs()->mapTo(page, QPoint(0, 0)).y(), folded);
}

void tst_Usability::formHasTheRoomUntilAResult()
{
    ToolsPage *tools = connectDemoTool(QStringLiteral("rich_form"));
    QVERIFY(tools);
    ToolPanel *panel = tools->panel();
    QCoreApplication::processEvents();
    // No result yet: the empty result area takes nothing, the form most of the panel.
    QVERIFY(panel->resultView()->isHidden());
    QVERIFY2(panel->form()->height() >= panel->height() * 6 / 10,
             qPrintable(QStringLiteral("form %1 of %2 px").arg(panel->form()->height()).arg(panel->height())));
    shoot(m_window, QStringLiteral("usability-tools-form"));

    tools->setArgumentsText(QStringLiteral("{\"name\": \"Ada\", \"colour\": \"green\"}"));
    QSignalSpy finished(panel, &ToolPanel::callFinished);
    panel->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCoreApplication::processEvents();
    QVERIFY(panel->resultView()->isVisible());
    QVERIFY(panel->resultView()->height() > 100);
    // The form keeps a fair share too.
    QVERIFY2(panel->form()->height() >= 100, qPrintable(QString::number(panel->form()->height())));
    shoot(m_window, QStringLiteral("usability-tools-result"));
    // The next tool starts over: its form has the room again.
    QVERIFY(tools->list()->selectByName(QStringLiteral("echo")));
    QVERIFY(panel->resultView()->isHidden());
}

void tst_Usability::runRowStaysPutAcrossACall()
{
    ToolsPage *tools = connectDemoTool(QStringLiteral("long_task"));
    QVERIFY(tools);
    ToolPanel *panel = tools->panel();
    tools->setArgumentsText(QStringLiteral("{\"steps\": 4, \"delayMs\": 150}"));
    QSignalSpy finished(panel, &ToolPanel::callFinished);
    for (int call = 0; call < 2; ++call) {
        QCoreApplication::processEvents();
        const QPoint before = runRowPosition(panel);
        panel->run();
        QVERIFY(panel->isRunning());
        QTest::qWait(100); // layouts settle, progress arrives
        QCOMPARE(runRowPosition(panel), before);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), call + 1, 10000);
    }
}

void tst_Usability::ctrlEnterRunsFromResultAndList()
{
    ToolsPage *tools = connectDemoTool(QStringLiteral("echo"));
    QVERIFY(tools);
    tools->setArgumentsText(QStringLiteral("{\"message\": \"keys\"}"));
    ToolPanel *panel = tools->panel();
    QSignalSpy finished(panel, &ToolPanel::callFinished);
    panel->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));

    // From the result area.
    QWidget *inResult = panel->resultView()->findChild<QWidget *>(QStringLiteral("resultStatus"));
    QVERIFY(inResult);
    inResult->setFocusPolicy(Qt::StrongFocus);
    inResult->setFocus();
    QTRY_VERIFY(inResult->hasFocus());
    QTest::keyClick(inResult, Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);

    // From the tool list.
    QWidget *list = tools->list();
    QWidget *target = list->focusProxy() ? list->focusProxy() : list;
    const QList<QWidget *> focusable = list->findChildren<QWidget *>();
    for (QWidget *child : focusable) {
        if (child->focusPolicy() != Qt::NoFocus && child->isVisible()) {
            target = child;
            break;
        }
    }
    target->setFocus();
    QTRY_VERIFY(target->hasFocus());
    QTest::keyClick(target, Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 10000);
}

void tst_Usability::tabsAndTrafficFilterByKeyboard()
{
    ServerPage *page = connectDemo();
    QVERIFY(page);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QWidget *list = page->toolsPage()->list()->findChild<QAbstractItemView *>();
    QVERIFY(list);
    list->setFocus();
    QTRY_VERIFY(list->hasFocus());
    // Alt+2 opens the second tab, Alt+1 the first again.
    QTest::keyClick(m_window->windowHandle(), Qt::Key_2, Qt::AltModifier);
    QCOMPARE(page->tabs()->currentIndex(), 1);
    QTest::keyClick(m_window->windowHandle(), Qt::Key_1, Qt::AltModifier);
    QCOMPARE(page->tabs()->currentIndex(), 0);
    // Ctrl+F from the Tools page: the Traffic tab, its filter focused.
    list->setFocus();
    QTRY_VERIFY(list->hasFocus());
    QTest::keyClick(m_window->windowHandle(), Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(page->tabs()->currentWidget(), static_cast<QWidget *>(page->trafficPage()));
    QTRY_VERIFY(page->trafficPage()->findChild<QLineEdit *>(QStringLiteral("trafficTextFilter"))->hasFocus());
}

void tst_Usability::validationNamesTheFieldByLabel()
{
    ToolsPage *tools = connectDemoTool(QStringLiteral("rich_form"));
    QVERIFY(tools);
    tools->setArgumentsText(QStringLiteral("{\"name\": \"\", \"colour\": \"green\"}"));
    ToolPanel *panel = tools->panel();
    panel->run();
    const QString status = panel->statusText();
    QVERIFY2(status.contains(QStringLiteral("Name: ")), qPrintable(status));
    QVERIFY2(!status.contains(QStringLiteral("/name")), qPrintable(status));
}

void tst_Usability::longErrorsFitOnEveryPage()
{
    // A server whose start fails with a very long message, and a tool error as long.
    const QUuid brokenId = connectBroken(QStringLiteral("/nonexistent/") + QString(400, u'x'));
    QVERIFY(!brokenId.isNull());
    ServerPage *brokenPage = m_window->pageFor(brokenId);
    QVERIFY(brokenPage->isBannerVisible());

    ServerPage *page = connectDemo();
    QVERIFY(page);
    const QUuid demoId = m_window->currentServerId();
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("fail")));
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"%1\"}").arg(QString(60, u'w').repeated(8)));
    QSignalSpy finished(page->toolsPage()->panel(), &ToolPanel::callFinished);
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);

    for (const QUuid &id : {brokenId, demoId}) {
        m_window->selectServer(id);
        QTabWidget *tabs = m_window->currentPage()->tabs();
        for (int tab = 0; tab < tabs->count(); ++tab) {
            tabs->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            const QSize minimum = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
            QVERIFY2(minimum.width() <= Screen.width() && minimum.height() <= Screen.height(),
                     qPrintable(QStringLiteral("%1, page %2: minimum %3x%4")
                                    .arg(id == brokenId ? QStringLiteral("failed server") : QStringLiteral("tool error"),
                                         tabs->tabText(tab))
                                    .arg(minimum.width()).arg(minimum.height())));
            if (id != brokenId)
                shoot(m_window, QStringLiteral("usability-page-%1").arg(QString::fromLatin1(tabs->widget(tab)->metaObject()->className())
                                    .section(QStringLiteral("::"), -1).toLower()));
        }
        if (id == brokenId)
            shoot(m_window, QStringLiteral("usability-failed-server"));
    }
}

void tst_Usability::restartAfterAFailedStart()
{
    const QUuid id = connectBroken(QStringLiteral("/nonexistent/server"));
    QVERIFY(!id.isNull());
    QPushButton *restart = nullptr;
    for (QPushButton *button : m_window->pageFor(id)->findChildren<QPushButton *>())
        if (button->text() == ServerPage::tr("Restart"))
            restart = button;
    QVERIFY(restart);
    QVERIFY(restart->isEnabled());
}

void tst_Usability::connectionErrorSaidOnceUntilEdited()
{
    const QUuid id = connectBroken(QStringLiteral("/nonexistent/stale-server"));
    QVERIFY(!id.isNull());
    QCoreApplication::processEvents();

    auto *delegate = qobject_cast<ServerListDelegate *>(m_window->serverList()->itemDelegate());
    QVERIFY(delegate);
    // Every place in the window that says why the server failed.
    auto placesSaying = [this, delegate, id](const QString &error) {
        QStringList places;
        for (QLabel *label : m_window->findChildren<QLabel *>())
            if (label->isVisible() && label->text().contains(error))
                places << label->text();
        if (m_window->statusBar()->currentMessage().contains(error))
            places << m_window->statusBar()->currentMessage();
        const QString row = delegate->detailText(m_window->catalog()->index(m_window->catalog()->indexOf(id)));
        if (row.contains(error))
            places << row;
        return places;
    };
    const QString error = QStringLiteral("stale-server");
    const QStringList before = placesSaying(error);
    QVERIFY2(before.size() == 1, qPrintable(before.join(QStringLiteral("\n"))));
    QVERIFY(m_window->pageFor(id)->bannerText().contains(error));

    // Editing the server's command makes the error stale: it goes.
    QTimer::singleShot(0, this, [this] {
        auto *dialog = qobject_cast<ServerEditorDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->commandEdit()->setText(m_demo);
        Q_EMIT dialog->commandEdit()->editingFinished();
        dialog->accept();
    });
    m_window->editServer(id);
    QCOMPARE(m_window->catalog()->find(id).command, m_demo);
    QCoreApplication::processEvents();
    QVERIFY2(placesSaying(error).isEmpty(), qPrintable(placesSaying(error).join(QStringLiteral("\n"))));
    QVERIFY(!m_window->pageFor(id)->isBannerVisible());
}

void tst_Usability::noKeychainIsSaidOnce()
{
    SecretStore *store = m_window->secretStore();
    QTRY_VERIFY_WITH_TIMEOUT(!store->statusText().endsWith(QChar(0x2026)), 10000); // the check has ended
    if (store->isPersistent())
        QSKIP("this machine has a keychain");
    // Said in the status bar, with what it means, elided to the room it has (the whole text in its
    // tooltip), for a while: not in a label that stays forever.
    auto *label = m_window->findChild<QLabel *>(QStringLiteral("secretsStatus"));
    QVERIFY(label);
    QVERIFY(!label->isHidden());
    QVERIFY2(label->text().contains(store->statusText()), qPrintable(label->text()));
    QVERIFY(label->text().size() > store->statusText().size() + 20);
    QVERIFY(label->toolTip().contains(store->statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(label->isHidden(), 25000);
}

void tst_Usability::enterInItemEditorKeepsDialogAndText()
{
    ServerEditorDialog dialog(demoConfig(QStringLiteral("edit me")), m_window->catalog(), m_window);
    dialog.setArguments({QStringLiteral("first")});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));

    auto typeInto = [&dialog](QAbstractItemView *view, const QModelIndex &index, const QString &text) {
        view->setCurrentIndex(index);
        view->edit(index);
        QLineEdit *editor = nullptr;
        (void)QTest::qWaitFor([&] {
            editor = view->viewport()->findChild<QLineEdit *>();
            return editor && editor->isVisible();
        }, 2000);
        if (!editor)
            return false;
        editor->setFocus();
        editor->selectAll();
        QTest::keyClicks(editor, text);
        // Through the window, as a keyboard delivers it (to the focus widget, then up its parents).
        QTest::keyClick(dialog.windowHandle(), Qt::Key_Return);
        QCoreApplication::processEvents();
        return dialog.isVisible() && dialog.result() == 0;
    };

    auto *arguments = dialog.findChild<QListWidget *>(QStringLiteral("arguments"));
    QVERIFY(arguments);
    QVERIFY2(typeInto(arguments, arguments->model()->index(0, 0), QStringLiteral("typed")), "Enter closed the dialog");
    QTRY_COMPARE(dialog.config().args, QStringList{QStringLiteral("typed")});

    dialog.addEnvironment(QStringLiteral("NAME"), QStringLiteral("value"), false);
    QTableWidget *environment = nullptr;
    for (QTableWidget *table : dialog.findChildren<QTableWidget *>())
        if (table->isVisibleTo(&dialog) && table->rowCount() == 1)
            environment = table;
    QVERIFY(environment);
    QVERIFY2(typeInto(environment, environment->model()->index(0, 1), QStringLiteral("changed")), "Enter closed the dialog");
    QTRY_COMPARE(dialog.config().env.value(0).value, QStringLiteral("changed"));
    shoot(&dialog, QStringLiteral("usability-dialog-server-stdio"));
}

void tst_Usability::enterAnswersTheElicitation()
{
    const QJsonObject params = QJsonDocument::fromJson(R"({"message": "Who?", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]}})").object();
    QJsonObject answer;
    PendingRequestDialog::Responder responder;
    responder.respond = [&answer](const QJsonObject &result) { answer = result; };
    ElicitationDialog dialog({params, responder}, QStringLiteral("demo"), m_window);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    auto *name = dialog.form()->findChild<QLineEdit *>();
    QVERIFY(name);
    // Typing into the dialog as it opens, then Enter: the focus starts in the form.
    QVERIFY(dialog.focusWidget());
    QTest::keyClicks(dialog.focusWidget(), QStringLiteral("Ada"));
    QTest::keyClick(dialog.windowHandle(), Qt::Key_Return);
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(answer.value(QStringLiteral("action")).toString(), QStringLiteral("accept"));
    QCOMPARE(answer.value(QStringLiteral("content")).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("Ada"));
}

void tst_Usability::shortcutsAreListed()
{
    QVERIFY(connectDemo());
    const QList<QPair<QString, QKeySequence>> shortcuts = m_window->keyboardShortcuts();
    auto listed = [&shortcuts](const QKeySequence &key) {
        for (const auto &entry : shortcuts)
            if (entry.second == key && !entry.first.isEmpty())
                return true;
        return false;
    };
    QVERIFY(listed(QKeySequence(Qt::CTRL | Qt::Key_N)));          // a menu action
    QVERIFY(listed(QKeySequence(Qt::CTRL | Qt::Key_Return)));     // run the tool
    QVERIFY(listed(QKeySequence(Qt::ALT | Qt::Key_1)));           // a tab
    QVERIFY(listed(QKeySequence::Find));                          // the traffic filter

    QAction *help = nullptr;
    for (QAction *action : m_window->findChildren<QAction *>())
        if (action->text().remove(u'&').startsWith(MainWindow::tr("Keyboard Shortcuts")))
            help = action;
    QVERIFY(help);
    int rows = -1;
    QTimer::singleShot(0, this, [&rows] {
        QWidget *dialog = QApplication::activeModalWidget();
        if (!dialog)
            return;
        if (auto *table = dialog->findChild<QTableWidget *>())
            rows = table->rowCount();
        dialog->close();
    });
    help->trigger();
    QCOMPARE(rows, int(shortcuts.size()));
}

void tst_Usability::trafficColumnsFitTheirContent()
{
    ServerPage *page = connectDemo();
    QVERIFY(page);
    page->tabs()->setCurrentWidget(page->trafficPage());
    QTableView *table = page->trafficPage()->view()->table();
    QAbstractItemModel *model = table->model();
    QTRY_VERIFY(model->rowCount() > 2);
    QCoreApplication::processEvents();
    auto widest = [table, model](int column) {
        int widest = 0;
        for (int row = 0; row < model->rowCount(); ++row)
            widest = qMax(widest, table->fontMetrics().horizontalAdvance(model->index(row, column).data().toString()));
        return widest;
    };
    // A ten-second latency, "10003.125 ms", is not cut (the cell has margins of 3 px a side or more);
    // Method is not far wider than its longest name, even in a wide table.
    const int latency = table->fontMetrics().horizontalAdvance(QStringLiteral("10003.125 ms")) + 6;
    QVERIFY2(table->columnWidth(TrafficLog::LatencyColumn) > latency,
             qPrintable(QString::number(table->columnWidth(TrafficLog::LatencyColumn))));
    QVERIFY(table->columnWidth(TrafficLog::LatencyColumn) > widest(TrafficLog::LatencyColumn));
    table->resize(1800, table->height());
    QCoreApplication::processEvents();
    const int method = qMax(widest(TrafficLog::MethodColumn), table->fontMetrics().horizontalAdvance(QStringLiteral("notifications/resources/updated")));
    QVERIFY2(table->columnWidth(TrafficLog::MethodColumn) < method + 60,
             qPrintable(QStringLiteral("%1 for %2").arg(table->columnWidth(TrafficLog::MethodColumn)).arg(method)));
}

void tst_Usability::pingsCanBeHidden()
{
    ServerPage *page = connectDemo();
    QVERIFY(page);
    page->tabs()->setCurrentWidget(page->trafficPage());
    QAbstractItemModel *model = page->trafficPage()->view()->table()->model();
    auto pingRows = [model] {
        int rows = 0;
        // The demo server speaks the modern era, whose keep-alive is server/discover (no ping).
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString method = model->index(row, TrafficLog::MethodColumn).data().toString();
            rows += method == QLatin1String("ping") || method == QLatin1String("server/discover");
        }
        return rows;
    };
    page->connection()->pingNow();
    QTRY_VERIFY(pingRows() >= 4); // the probe, the keep-alive: each request and its response
    auto *hide = page->trafficPage()->view()->findChild<QCheckBox *>(QStringLiteral("hidePings"));
    QVERIFY(hide);
    hide->setChecked(true);
    QTRY_COMPARE(pingRows(), 0);
    QVERIFY(model->rowCount() > 0); // the rest stays
    hide->setChecked(false);
    QTRY_VERIFY(pingRows() >= 4);
}

void tst_Usability::pastedCommandLineIsSplit()
{
    ServerEditorDialog dialog(ServerConfig::create(QStringLiteral("pasted")), m_window->catalog(), m_window);
    dialog.commandEdit()->setText(QStringLiteral("npx -y \"@scope/server name\" --flag x"));
    Q_EMIT dialog.commandEdit()->editingFinished();
    QCOMPARE(dialog.config().command, QStringLiteral("npx"));
    QCOMPARE(dialog.config().args, (QStringList{QStringLiteral("-y"), QStringLiteral("@scope/server name"),
                                                QStringLiteral("--flag"), QStringLiteral("x")}));
}

void tst_Usability::exportFormatFollowsTheFileName()
{
    QVERIFY(TrafficView::exportsAsHar(QStringLiteral("/tmp/run.HAR"), false));
    QVERIFY(!TrafficView::exportsAsHar(QStringLiteral("/tmp/run.jsonl"), true));
    QVERIFY(TrafficView::exportsAsHar(QStringLiteral("/tmp/run"), true));
    QVERIFY(!TrafficView::exportsAsHar(QStringLiteral("/tmp/run"), false));
}

void tst_Usability::importReadsATypedPath()
{
    const QString path = m_dir.filePath(QStringLiteral("typed-mcp.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"mcpServers": {"typed": {"command": "node", "args": ["server.js"]}}})");
    file.close();
    ImportDialog dialog(m_window->catalog(), m_window);
    dialog.show();
    QLineEdit *field = nullptr;
    for (QLineEdit *edit : dialog.findChildren<QLineEdit *>())
        if (edit->isVisible() && !field)
            field = edit;
    QVERIFY(field);
    field->setFocus();
    QTest::keyClicks(field, path); // typed, focus still in the field
    QTRY_COMPARE(dialog.entryCount(), 1);
}

void tst_Usability::dialogsFitTheScreen()
{
    auto fits = [](QWidget *dialog) {
        const QSize minimum = dialog->minimumSizeHint().expandedTo(dialog->minimumSize());
        const QSize size = dialog->size();
        return minimum.width() <= Screen.width() && minimum.height() <= Screen.height() - 40
            && size.width() <= Screen.width() && size.height() <= Screen.height() - 40;
    };
    ServerEditorDialog editor(demoConfig(QStringLiteral("stdio")), m_window->catalog(), m_window);
    editor.show();
    QVERIFY(fits(&editor));
    editor.transportCombo()->setCurrentIndex(editor.transportCombo()->findData(int(ServerConfig::TransportType::StreamableHttp)));
    QCoreApplication::processEvents();
    QVERIFY2(fits(&editor), qPrintable(QStringLiteral("HTTP editor minimum %1x%2").arg(editor.minimumSizeHint().width())
                                          .arg(editor.minimumSizeHint().height())));
    shoot(&editor, QStringLiteral("usability-dialog-server-http"));

    ImportDialog import(m_window->catalog(), m_window);
    import.show();
    QVERIFY(fits(&import));
    shoot(&import, QStringLiteral("usability-dialog-import"));

    const QJsonObject params = QJsonDocument::fromJson(R"({"message": "Tell us about you", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string", "title": "Name"},
        "newsletter": {"type": "boolean", "title": "Newsletter", "default": false}}, "required": ["name"]}})").object();
    ElicitationDialog elicitation(params, QStringLiteral("demo"), m_window);
    elicitation.show();
    QVERIFY(fits(&elicitation));
    shoot(&elicitation, QStringLiteral("usability-dialog-elicitation"));
}

void tst_Usability::oneWidgetForBooleans()
{
    // Tool forms and elicitation draw a boolean with one and the same widget.
    SchemaFormWidget toolForm;
    toolForm.setSchema(QJsonDocument::fromJson(R"({"type": "object", "properties": {
        "optional": {"type": "boolean"}, "required": {"type": "boolean"}}, "required": ["required"]})").object());
    const QJsonObject params = QJsonDocument::fromJson(R"({"message": "?", "requestedSchema": {
        "type": "object", "properties": {"newsletter": {"type": "boolean"}}}})").object();
    ElicitationDialog elicitation(params, QStringLiteral("demo"));
    QSet<QByteArray> kinds;
    for (QWidget *field : {toolForm.findChild<QWidget *>(QStringLiteral("field:/optional")),
                           toolForm.findChild<QWidget *>(QStringLiteral("field:/required")),
                           elicitation.form()->findChild<QWidget *>(QStringLiteral("field:/newsletter"))}) {
        QVERIFY(field);
        QVERIFY(qobject_cast<QCheckBox *>(field));
        kinds.insert(field->metaObject()->className());
    }
    QCOMPARE(kinds.size(), 1);
}

void tst_Usability::commandLineOpensTheServer()
{
    m_window->startUp();
    const int before = m_window->catalog()->count();
    ServerConfig fromCommandLine = demoConfig(QStringLiteral("mcpscope-demo-server"));
    fromCommandLine.args = {QStringLiteral("--page-size"), QStringLiteral("0")};
    m_window->openServer(fromCommandLine);
    const QUuid id = m_window->currentServerId();
    QVERIFY(!id.isNull());
    QCOMPARE(m_window->catalog()->find(id).args, fromCommandLine.args);
    QVERIFY(m_window->catalog()->isApproved(m_window->catalog()->find(id)));
    Connection *connection = m_window->existingConnection(id);
    QVERIFY(connection);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, 20000);
    // Named again: the same entry, not a second one.
    const int after = m_window->catalog()->count();
    QVERIFY(after >= before + 1);
    m_window->openServer(fromCommandLine);
    QCOMPARE(m_window->catalog()->count(), after);
    QCOMPARE(m_window->currentServerId(), id);
}

void tst_Usability::helpNeedsNoDisplay()
{
#ifndef MCPSCOPE_APP
    QSKIP("the mcpscope executable is not known");
#else
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb")); // would abort if reached
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(MCPSCOPE_APP), {QStringLiteral("--help")});
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    const QString help = QString::fromUtf8(process.readAllStandardOutput());
    QVERIFY2(help.contains(QStringLiteral("--config FILE --server NAME")) && help.contains(QStringLiteral("URL")), qPrintable(help));
    // A mistake is reported the same way, with the usage exit code.
    process.start(QStringLiteral(MCPSCOPE_APP), {QStringLiteral("--no-such-option")});
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 2);
#endif
}

QTEST_MAIN(tst_Usability)
#include "tst_usability.moc"
