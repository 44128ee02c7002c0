// Server › Run Doctor… on a real desktop (Xvfb, openbox, xcb), reached with the keyboard: the
// dialog fits the screen, lists a flawed server's findings most severe first with the chosen
// one's rule and fix, filters by severity, runs again, and finds nothing to warn of in the demo
// server. Over HTTP the finding of a server that lets a foreign Origin in shows the Doctor's own
// request and the answer, and those requests are in the connection's traffic. With
// MCPSCOPE_SCREENSHOT_DIR set, the dialog is saved as the screen shows it.
#include "desktopfixture.h"
#include "opendoctor.h"

#include "connection/connection.h"
#include "dialogs/doctordialog.h"
#include "doctor/httpprobes.h"
#include "httppeer.h"
#include "servers/serverpage.h"
#include "traffic/trafficlog.h"
#include "traffic/trafficpage.h"
#include "traffic/trafficview.h"
#include "widgets/fittinglabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QTemporaryDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTabWidget>
#include <QTreeWidget>

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopDoctor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void flawedServerFromTheMenu();
    void demoServerHasNothingToWarnOf();
    void httpEvidenceAndTraffic();
    void runAgainShowsFixedAndNew();

private:
    Desktop::WindowFixture m_fixture;
};

void tst_DesktopDoctor::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopDoctorTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopDoctor::cleanup()
{
    m_fixture.closeWindow();
}

void tst_DesktopDoctor::flawedServerFromTheMenu()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("flawed")));
    QVERIFY(m_fixture.connect(Desktop::flawedServer(QStringLiteral("flawed"), {QStringLiteral("--flaw"),
                   QStringLiteral("duplicate-tool"), QStringLiteral("--flaw"), QStringLiteral("no-description"),
                   QStringLiteral("--flaw"), QStringLiteral("zero-width")})));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY2(Desktop::fitsScreen(dialog), qPrintable(Desktop::describe(dialog)));
    QVERIFY2(dialog->summaryText().contains(QLatin1String("2 error(s), 1 warning(s)")), qPrintable(dialog->summaryText()));

    // Most severe first; the first is chosen, its rule and fix shown.
    QTreeWidget *list = dialog->list();
    QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("error"));
    QCOMPARE(list->topLevelItem(2)->text(0), QStringLiteral("warning"));
    QVERIFY2(dialog->detailText().contains(QLatin1String("Fix:")), qPrintable(dialog->detailText()));
    // A click chooses another.
    QTreeWidgetItem *warning = list->topLevelItem(2);
    QVERIFY(Desktop::click(list->viewport(), list->visualItemRect(warning).center()));
    QTRY_COMPARE(list->currentItem(), warning);
    QVERIFY2(dialog->detailText().contains(QLatin1String("tools.description.missing")), qPrintable(dialog->detailText()));
    m_fixture.shoot(QStringLiteral("desktop-doctor"));

    // Errors only: the warning and the notes leave the list.
    auto *show = dialog->findChild<QComboBox *>(QStringLiteral("doctorShow"));
    QVERIFY(show);
    QVERIFY(Desktop::click(show));
    QTest::qWait(300);
    QVERIFY(Desktop::key(QStringLiteral("End")));
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_COMPARE(show->currentIndex(), 2);
    QCOMPARE(list->topLevelItemCount(), 2);

    // Run Again examines the server anew.
    QSignalSpy examined(dialog, &DoctorDialog::examined);
    auto *again = dialog->findChild<QPushButton *>(QStringLiteral("doctorAgain"));
    QVERIFY(again);
    QVERIFY(Desktop::click(again));
    QTRY_COMPARE_WITH_TIMEOUT(examined.size(), 1, 20000);
    QCOMPARE(list->topLevelItemCount(), 2);
    QVERIFY(dialog->reportText().contains(QLatin1String("security.hidden-characters")));
}

void tst_DesktopDoctor::demoServerHasNothingToWarnOf()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("demo")));
    QVERIFY(m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo"))));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    QVERIFY2(dialog->summaryText().contains(QLatin1String("no errors and no warnings")), qPrintable(dialog->reportText()));
    QVERIFY(dialog->list()->topLevelItemCount() > 0); // the notes: the tool list's size, the time to list
}

void tst_DesktopDoctor::httpEvidenceAndTraffic()
{
    const Mcp::Test::ScopedHttpPeer peer(QStringLiteral("python3"),
                                         {QStringLiteral("-u"), QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_server.py"),
                                          QStringLiteral("--http"), QStringLiteral("--flaw"), QStringLiteral("any-origin")});
    QVERIFY(!peer.url.isEmpty());
    QVERIFY(m_fixture.openWindow(QStringLiteral("flawed-http")));
    QVERIFY(m_fixture.connect(Desktop::flawedHttpServer(QStringLiteral("flawed-http"), peer.url)));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY2(Desktop::fitsScreen(dialog), qPrintable(Desktop::describe(dialog)));
    // The one error, chosen first: what was sent and what came back.
    QTreeWidget *list = dialog->list();
    QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("http.origin.unchecked"));
    QTRY_VERIFY(dialog->detailText().contains(QLatin1String("Evidence:")));
    QVERIFY2(dialog->detailText().contains(QLatin1String("Origin: http://rebinding.example")), qPrintable(dialog->detailText()));
    QVERIFY2(dialog->detailText().contains(QStringLiteral("← HTTP 200")), qPrintable(dialog->detailText().right(300)));
    m_fixture.shoot(QStringLiteral("desktop-doctor-http"));

    // Every byte the probes sent is in the connection's traffic, with the server's answers.
    Connection *connection = m_fixture.window->existingConnection(m_fixture.window->currentServerId());
    QVERIFY(connection);
    TrafficLog *log = connection->trafficLog();
    log->flush();
    int sent = 0;
    int answered = 0;
    bool foreignOrigin = false;
    for (int row = 0; row < log->rowCount(); ++row) {
        const TrafficEvent event = log->event(row);
        if (event.exchangeId < Doctor::HttpProbes::FirstExchangeId)
            continue;
        if (event.direction == TrafficEvent::Direction::Outgoing) {
            ++sent;
            for (const auto &header : event.headers)
                foreignOrigin = foreignOrigin || (header.first == "Origin" && header.second == "http://rebinding.example");
        } else if (event.httpStatus != 0) {
            ++answered;
        }
    }
    QVERIFY2(sent >= 7, qPrintable(QString::number(sent))); // initialize, initialized, 4 checks, DELETE, Origin, Host
    QCOMPARE(answered, sent);
    QVERIFY(foreignOrigin);

    // Show in Traffic: the server's Traffic tab, on the request with the foreign Origin.
    auto *showTraffic = dialog->findChild<QPushButton *>(QStringLiteral("doctorShowTraffic"));
    QVERIFY(showTraffic);
    QVERIFY(showTraffic->isEnabled());
    QVERIFY(Desktop::click(showTraffic));
    ServerPage *page = m_fixture.window->pageFor(m_fixture.window->currentServerId());
    QTRY_COMPARE(page->tabs()->currentWidget(), static_cast<QWidget *>(page->trafficPage()));
    TrafficView *view = page->trafficPage()->view();
    QTRY_VERIFY(view->table()->currentIndex().isValid());
    const TrafficEvent chosen = log->event(view->logRow(view->table()->currentIndex().row()));
    QVERIFY(chosen.exchangeId >= Doctor::HttpProbes::FirstExchangeId);
    QCOMPARE(chosen.direction, TrafficEvent::Direction::Outgoing);
    QVERIFY2(std::any_of(chosen.headers.begin(), chosen.headers.end(),
                         [](const auto &header) { return header.first == "Origin"; }),
             chosen.raw.constData());
    m_fixture.shoot(QStringLiteral("desktop-doctor-traffic"));
    // The main window came in front of the Doctor's; back to it: a finding with nothing to show
    // leaves the button off.
    QVERIFY(QTest::qWaitForWindowActive(m_fixture.window));
    dialog->raise();
    dialog->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    QTreeWidgetItem *note = list->topLevelItem(list->topLevelItemCount() - 1);
    QVERIFY(Desktop::click(list->viewport(), list->visualItemRect(note).center()));
    QTRY_COMPARE(list->currentItem(), note);
    QVERIFY(!showTraffic->isEnabled());
}

QTEST_MAIN(tst_DesktopDoctor)
#include "tst_desktop_doctor.moc"

void tst_DesktopDoctor::runAgainShowsFixedAndNew()
{
    // The server's flaws are a file's lines: the test fixes one and brings in another between runs.
    QTemporaryDir dir;
    const QString flawsFile = dir.filePath(QStringLiteral("flaws"));
    const auto writeFlaws = [&flawsFile](const QByteArray &flaws) {
        QFile file(flawsFile);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(flaws) == flaws.size();
    };
    QVERIFY(writeFlaws("zero-width\nno-description\n"));
    QVERIFY(m_fixture.openWindow(QStringLiteral("flawed-fixed")));
    QVERIFY(m_fixture.connect(Desktop::flawedServer(QStringLiteral("flawed-fixed"), {QStringLiteral("--flaws-from"),
                   flawsFile})));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    QVERIFY(Desktop::waitShown(dialog));
    QTreeWidget *list = dialog->list();
    QVERIFY(list->isColumnHidden(3)); // nothing to compare with yet
    QVERIFY2(!dialog->summaryText().contains(QLatin1String("Since the last run")), qPrintable(dialog->summaryText()));

    // The hidden characters fixed, a bad tool name brought in; and this time the read-only tool is called.
    QVERIFY(writeFlaws("no-description\ntool-name-space\nstructured-invalid\n"));
    auto *calls = dialog->findChild<QCheckBox *>(QStringLiteral("doctorSampleCalls"));
    QVERIFY(calls);
    QVERIFY(Desktop::click(calls));
    QTRY_VERIFY(calls->isChecked());
    QSignalSpy examined(dialog, &DoctorDialog::examined);
    QVERIFY(Desktop::click(dialog->findChild<QPushButton *>(QStringLiteral("doctorAgain"))));
    QTRY_COMPARE_WITH_TIMEOUT(examined.size(), 1, 20000);
    QVERIFY2(dialog->summaryText().contains(QLatin1String("Since the last run: 1 fixed, 2 new.")),
             qPrintable(dialog->summaryText()));
    QVERIFY(!list->isColumnHidden(3));
    QCOMPARE(dialog->fixed().size(), 1);
    QCOMPARE(dialog->fixed().constFirst().id, QStringLiteral("security.hidden-characters"));
    QStringList marked;
    for (int row = 0; row < list->topLevelItemCount(); ++row) {
        const QTreeWidgetItem *item = list->topLevelItem(row);
        if (!item->text(3).isEmpty())
            marked << item->text(3) + QLatin1Char(' ') + item->text(1);
    }
    marked.sort();
    QCOMPARE(marked, (QStringList{QStringLiteral("fixed security.hidden-characters"),
                                  QStringLiteral("new tools.name.format"),
                                  QStringLiteral("new tools.structured-content.invalid")}));
    // The call's finding shows the call and its answer, one click from the traffic.
    for (const Doctor::Finding &finding : dialog->findings()) {
        if (finding.id == QLatin1String("tools.structured-content.invalid"))
            QCOMPARE(finding.evidence.size(), 2);
    }
    QCOMPARE(list->currentItem()->text(1), QStringLiteral("tools.structured-content.invalid"));
    QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("doctorShowTraffic"))->isEnabled());
    m_fixture.shoot(QStringLiteral("desktop-doctor-run-again"));

    // The category filter, with the keyboard: only the tools findings stay.
    auto *category = dialog->findChild<QComboBox *>(QStringLiteral("doctorCategory"));
    QVERIFY(category);
    const int tools = category->findText(QStringLiteral("tools"));
    QVERIFY(tools > 0);
    category->setFocus();
    QTRY_VERIFY(category->hasFocus());
    for (int i = 0; i < tools; ++i)
        QVERIFY(Desktop::key(QStringLiteral("Down")));
    QTRY_COMPARE(category->currentIndex(), tools);
    QVERIFY(list->topLevelItemCount() > 0);
    for (int row = 0; row < list->topLevelItemCount(); ++row)
        QVERIFY2(list->topLevelItem(row)->text(1).startsWith(QLatin1String("tools.")), qPrintable(list->topLevelItem(row)->text(1)));
    // The fixed finding is a security one: it left with the filter; its detail says it was fixed.
    QVERIFY(Desktop::key(QStringLiteral("Home")));
    QTRY_COMPARE(category->currentIndex(), 0);
    for (int row = 0; row < list->topLevelItemCount(); ++row) {
        if (list->topLevelItem(row)->text(3) == QLatin1String("fixed"))
            list->setCurrentItem(list->topLevelItem(row));
    }
    QVERIFY2(dialog->detailText().contains(QLatin1String("Fixed:")), qPrintable(dialog->detailText()));
}
