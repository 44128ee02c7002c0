// Server › Run Doctor…'s Save Report… on a real desktop (Xvfb, openbox, xcb): a click writes the
// report in each of mcpscope doctor's formats, and what the window writes meets the same schemas
// as what the command prints (the JSON report's, SARIF 2.1.0, JUnit's), over stdio and HTTP.
#include "desktopfixture.h"
#include "opendoctor.h"

#include "../doctor/reportvalidation.h"
#include "dialogs/doctordialog.h"
#include "httppeer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QTemporaryDir>

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopDoctorReports : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void savesEachFormat();
    void savesHttpReports();

private:
    // Clicks Save Report… with the dialog told to write to path; what was written.
    QByteArray save(DoctorDialog *dialog, const QString &path);

    Desktop::WindowFixture m_fixture;
    QTemporaryDir m_dir;
};

void tst_DesktopDoctorReports::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopDoctorReportsTest"))
        QSKIP(m_fixture.skipReason);
    QVERIFY(m_dir.isValid());
}

void tst_DesktopDoctorReports::cleanup()
{
    m_fixture.closeWindow();
}

QByteArray tst_DesktopDoctorReports::save(DoctorDialog *dialog, const QString &path)
{
    auto *button = dialog->findChild<QPushButton *>(QStringLiteral("doctorSave"));
    if (!button || !button->isEnabled())
        return {};
    dialog->setSavePathForTesting(path);
    if (!Desktop::click(button) || !QTest::qWaitFor([&path] { return QFile::exists(path); }, 5000))
        return {};
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void tst_DesktopDoctorReports::savesEachFormat()
{
    QVERIFY(m_fixture.openWindow(QStringLiteral("flawed")));
    QVERIFY(m_fixture.connect(Desktop::flawedServer(QStringLiteral("flawed"), {QStringLiteral("--flaw"),
                   QStringLiteral("duplicate-tool"), QStringLiteral("--flaw"), QStringLiteral("no-description"),
                   QStringLiteral("--flaw"), QStringLiteral("ping-error")})));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY2(Desktop::fitsScreen(dialog), qPrintable(Desktop::describe(dialog)));

    const QByteArray text = save(dialog, m_dir.filePath(QStringLiteral("flawed.txt")));
    QVERIFY2(text.startsWith("error   "), text.constData());
    QVERIFY(text.contains("2 error(s), 1 warning(s)"));
    const QByteArray markdown = save(dialog, m_dir.filePath(QStringLiteral("flawed.md")));
    QVERIFY2(markdown.startsWith("## mcpscope doctor: flawed-server 1.0.0"), markdown.constData());

    const QByteArray json = save(dialog, m_dir.filePath(QStringLiteral("flawed.json")));
    const Test::Verdict jsonVerdict = Test::validateJson(Test::ReportSchema, json);
    QVERIFY2(jsonVerdict.exitCode == 0, qPrintable(jsonVerdict.said + QString::fromUtf8(json.left(400))));
    const QJsonObject report = QJsonDocument::fromJson(json).object();
    QCOMPARE(report[QLatin1String("server")][QLatin1String("transport")].toString(), QStringLiteral("stdio"));
    QCOMPARE(report[QLatin1String("summary")][QLatin1String("errors")].toInt(), 2);

    const QByteArray sarif = save(dialog, m_dir.filePath(QStringLiteral("flawed.sarif")));
    const Test::Verdict sarifVerdict = Test::validateJson(Test::SarifSchema, sarif);
    QVERIFY2(sarifVerdict.exitCode == 0, qPrintable(sarifVerdict.said + QString::fromUtf8(sarif.left(400))));
    const QJsonObject run = QJsonDocument::fromJson(sarif).object()[QLatin1String("runs")].toArray().at(0).toObject();
    const QJsonArray results = run[QLatin1String("results")].toArray();
    QCOMPARE(results.size(), dialog->findings().size());
    const QString uri = results.at(0)[QLatin1String("locations")].toArray().at(0)[QLatin1String("physicalLocation")]
                            [QLatin1String("artifactLocation")][QLatin1String("uri")].toString();
    QVERIFY2(uri.contains(QLatin1String("flawed_server.py")), qPrintable(uri));

    const QByteArray junit = save(dialog, m_dir.filePath(QStringLiteral("flawed.xml")));
    const Test::Verdict junitVerdict = Test::validateXml(Test::JUnitSchema, junit);
    QVERIFY2(junitVerdict.exitCode == 0, qPrintable(junitVerdict.said));
    // A case per check that applies: the two errors fail, the warning passes (--fail-on error).
    QVERIFY(junit.contains("<testcase name=\"lifecycle.ping\" classname=\"doctor.lifecycle\">"));
    QVERIFY(junit.contains("<testcase name=\"transport.stdin-close\""));
    QVERIFY(!junit.contains("http.origin.unchecked"));
    QCOMPARE(junit.count("<failure "), 2);
}

void tst_DesktopDoctorReports::savesHttpReports()
{
    const Mcp::Test::ScopedHttpPeer peer(QStringLiteral("python3"),
                                         {QStringLiteral("-u"), QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_server.py"),
                                          QStringLiteral("--http"), QStringLiteral("--flaw"), QStringLiteral("any-origin")});
    QVERIFY(!peer.url.isEmpty());
    QVERIFY(m_fixture.openWindow(QStringLiteral("flawed-http")));
    QVERIFY(m_fixture.connect(Desktop::flawedHttpServer(QStringLiteral("flawed-http"), peer.url)));
    DoctorDialog *dialog = Desktop::openDoctor(m_fixture.window);
    QVERIFY(dialog);

    const QByteArray sarif = save(dialog, m_dir.filePath(QStringLiteral("http.sarif")));
    const Test::Verdict sarifVerdict = Test::validateJson(Test::SarifSchema, sarif);
    QVERIFY2(sarifVerdict.exitCode == 0, qPrintable(sarifVerdict.said));
    const QJsonArray results =
        QJsonDocument::fromJson(sarif).object()[QLatin1String("runs")].toArray().at(0)[QLatin1String("results")].toArray();
    QVERIFY(!results.isEmpty());
    QCOMPARE(results.at(0)[QLatin1String("ruleId")].toString(), QStringLiteral("http.origin.unchecked"));
    QCOMPARE(results.at(0)[QLatin1String("locations")].toArray().at(0)[QLatin1String("physicalLocation")]
                 [QLatin1String("artifactLocation")][QLatin1String("uri")].toString(),
             peer.url);

    const QByteArray json = save(dialog, m_dir.filePath(QStringLiteral("http.json")));
    const Test::Verdict jsonVerdict = Test::validateJson(Test::ReportSchema, json);
    QVERIFY2(jsonVerdict.exitCode == 0, qPrintable(jsonVerdict.said));
    QCOMPARE(QJsonDocument::fromJson(json).object()[QLatin1String("server")][QLatin1String("transport")].toString(),
             QStringLiteral("http"));

    const QByteArray junit = save(dialog, m_dir.filePath(QStringLiteral("http.xml")));
    const Test::Verdict junitVerdict = Test::validateXml(Test::JUnitSchema, junit);
    QVERIFY2(junitVerdict.exitCode == 0, qPrintable(junitVerdict.said));
    QVERIFY(junit.contains("<testcase name=\"http.origin.unchecked\" classname=\"doctor.http\">\n"));
    QVERIFY(!junit.contains("transport.stdin-close"));
}

QTEST_MAIN(tst_DesktopDoctorReports)
#include "tst_desktop_doctorreports.moc"
