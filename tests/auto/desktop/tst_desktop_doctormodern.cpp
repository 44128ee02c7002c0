// Server › Run Doctor… on a real desktop against servers in the modern era (2026-07-28): the
// window's connection (a Session on its own thread) gets the same modern checks as the command
// line: the demo server does all the revision asks, subscriptions/listen acknowledged; a server
// that breaks the listen and the cache hints gets those findings, with their evidence.
#include "desktopfixture.h"
#include "opendoctor.h"

#include "dialogs/doctordialog.h"

#include <QTreeWidget>

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopDoctorModern : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void demoServerDoesAllTheRevisionAsks();
    void flawedModernServer();

private:
    Desktop::WindowFixture m_fixture;
};

void tst_DesktopDoctorModern::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopDoctorModernTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopDoctorModern::cleanup()
{
    m_fixture.closeWindow();
}

void tst_DesktopDoctorModern::demoServerDoesAllTheRevisionAsks()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("demo")));
    ServerConfig config = m_fixture.demoConfig(QStringLiteral("demo"));
    config.era = QStringLiteral("modern");
    QVERIFY(m_fixture.connect(config));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    const QString report = dialog->reportText();
    QVERIFY2(dialog->summaryText().contains(QLatin1String("no errors and no warnings")), qPrintable(report));
    for (const char *check : {"modern.checked", "the same order when listed again", "server/discover",
                              "subscriptions/listen acknowledged"})
        QVERIFY2(report.contains(QLatin1String(check)), qPrintable(report + QStringLiteral(" lacks ") + QLatin1String(check)));
}

void tst_DesktopDoctorModern::flawedModernServer()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("flawed-modern")));
    ServerConfig config = ServerConfig::create(QStringLiteral("flawed-modern"));
    config.transport = ServerConfig::TransportType::Stdio;
    config.command = QStringLiteral("python3");
    config.args = {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_modern_server.py"), QStringLiteral("--flaw"),
                   QStringLiteral("listen-notify-first"), QStringLiteral("--flaw"), QStringLiteral("no-cache-hints")};
    QVERIFY(m_fixture.connect(config));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    const QString report = dialog->reportText();
    QVERIFY2(report.contains(QLatin1String("error   modern.listen.ack")), qPrintable(report));
    QVERIFY2(report.contains(QLatin1String("error   modern.cache-hint.missing")), qPrintable(report));
    // The listen finding shows what the Doctor sent and what came first.
    QTreeWidget *list = dialog->list();
    QTreeWidgetItem *listen = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        if (list->topLevelItem(i)->text(1) == QLatin1String("modern.listen.ack"))
            listen = list->topLevelItem(i);
    }
    QVERIFY(listen);
    QVERIFY(Desktop::click(list->viewport(), list->visualItemRect(listen).center()));
    QTRY_COMPARE(list->currentItem(), listen);
    QVERIFY2(dialog->detailText().contains(QLatin1String("subscriptions/listen"))
                 && dialog->detailText().contains(QLatin1String("notifications/tools/list_changed")),
             qPrintable(dialog->detailText()));
}

QTEST_MAIN(tst_DesktopDoctorModern)
#include "tst_desktop_doctormodern.moc"
