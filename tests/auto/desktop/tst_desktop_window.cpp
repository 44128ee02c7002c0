// The main window on a real desktop (Xvfb, openbox, xcb): its frame stays within the screen at a
// first start and with the demo server connected.
#include "desktopfixture.h"

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

QTEST_MAIN(tst_DesktopWindow)
#include "tst_desktop_window.moc"
