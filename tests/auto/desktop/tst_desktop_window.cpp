// The main window on a real desktop (Xvfb, openbox, xcb): its frame stays within the screen at a
// first start, with the demo server connected, and on every page of a server. With
// MCPSCOPE_SCREENSHOT_DIR set, each page is saved as the screen shows it, frame included
// (scripts/screenshots.sh takes the docs/ screenshots this way).
#include "desktopfixture.h"

#include "tools/toolpanel.h"
#include "results/resultview.h"

#include <QSignalSpy>
#include <QTabWidget>

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void firstStartFitsTheScreen();
    void everyPageFitsTheScreen();

private:
    Desktop::WindowFixture m_fixture;
};

void tst_DesktopWindow::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopWindowTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopWindow::cleanup()
{
    m_fixture.closeWindow();
}

void tst_DesktopWindow::firstStartFitsTheScreen()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("first"));
    QVERIFY(window);
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    QVERIFY(m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo"))));
    QTest::qWait(200);
    QVERIFY2(Desktop::fitsScreen(window), qPrintable(Desktop::describe(window)));
    m_fixture.shoot(QStringLiteral("desktop-first-start"));
}

void tst_DesktopWindow::everyPageFitsTheScreen()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("pages"));
    QVERIFY(window);
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo")));
    QVERIFY(page);
    const QString size = qEnvironmentVariable("MCPSCOPE_DESKTOP_SCREEN");
    // A call with a result first, so the Tools and Traffic pages show what they are for.
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("echo")));
    page->toolsPage()->setArgumentsText(QStringLiteral("{\"message\": \"Hello from the desktop\"}"));
    QSignalSpy finished(page->toolsPage()->panel(), &ToolPanel::callFinished);
    page->toolsPage()->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    for (int tab = 0; tab < page->tabs()->count(); ++tab) {
        if (!page->tabs()->isTabEnabled(tab))
            continue;
        page->tabs()->setCurrentIndex(tab);
        QTest::qWait(100);
        QVERIFY(page->tabs()->currentWidget()->isVisible());
        QVERIFY2(Desktop::fitsScreen(window),
                 qPrintable(page->tabs()->tabText(tab) + QStringLiteral(": ") + Desktop::describe(window)));
        m_fixture.shoot(QStringLiteral("desktop-%1-%2").arg(size, page->tabs()->tabText(tab).remove(QLatin1Char('&')).toLower()));
    }
}

QTEST_MAIN(tst_DesktopWindow)
#include "tst_desktop_window.moc"
