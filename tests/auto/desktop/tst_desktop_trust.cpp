// The certificate trust dialog on a real desktop (Xvfb, openbox, xcb), driven by real input: a
// server behind a self-signed certificate (made by openssl for the run, a TLS front before the demo
// server) fails to connect and the dialog shows its chain, within the screen with its buttons in
// reach; a click on Trust This Certificate pins it in the server's entry and connects; when the
// server's certificate changes, the dialog says so with both fingerprints and Escape refuses it;
// Add CA File… for a server behind a private CA connects with that CA. Screenshots
// (MCPSCOPE_SCREENSHOT_DIR) for docs/screenshots.
#include "desktopfixture.h"

#include "dialogs/certificatetrustdialog.h"
#include "httppeer.h"
#include "tlsfixtures.h"

#include <QtTest>

#include <QPushButton>
#include <QTextBrowser>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopTrust : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void trustPinChangeAndCa();

private:
    CertificateTrustDialog *awaitDialog() const;

    Desktop::WindowFixture m_fixture;
    QTemporaryDir m_pkiDir;
    Test::TestPki m_pki;
    QProcess m_demo;
    QUrl m_demoUrl;
};

void tst_DesktopTrust::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopTrustTest"))
        QSKIP(m_fixture.skipReason);
    m_pki.dir = m_pkiDir.path();
    const QString problem = m_pki.make();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    m_demoUrl = Test::startHttpPeer(m_demo, m_fixture.demo, {QStringLiteral("--http")});
    QVERIFY(m_demoUrl.isValid());
}

void tst_DesktopTrust::cleanupTestCase()
{
    m_fixture.closeWindow();
    m_demo.kill();
    m_demo.waitForFinished();
}

CertificateTrustDialog *tst_DesktopTrust::awaitDialog() const
{
    CertificateTrustDialog *found = nullptr;
    // The caller checks what was found.
    (void)QTest::qWaitFor([&found] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *dialog = qobject_cast<CertificateTrustDialog *>(widget); dialog && dialog->isVisible())
                found = dialog;
        }
        return found != nullptr;
    }, 20000);
    return found;
}

static QString shotName(const QString &what)
{
    const QSize screen = Desktop::sessionScreen();
    return QStringLiteral("desktop-%1x%2-%3").arg(screen.width()).arg(screen.height()).arg(what);
}

// The button's whole face within the screen's free area, where a person can click it.
static bool reachable(const QWidget *button)
{
    const QRect face(button->mapToGlobal(QPoint(0, 0)), button->size());
    return button->isVisible() && Desktop::available(button).contains(face);
}

void tst_DesktopTrust::trustPinChangeAndCa()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("trust"));
    QVERIFY(window);
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    QVERIFY(front.isListening());
    ServerConfig config = ServerConfig::create(
        QStringLiteral("Staging gateway behind the self-signed certificate the platform team made for the demo week"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = front.url().toString();
    const QUuid id = window->catalog()->add(config);
    window->selectServer(id);
    window->connectServer(id);

    CertificateTrustDialog *dialog = awaitDialog();
    QVERIFY(dialog);
    QVERIFY(Desktop::waitShown(dialog));
    QVERIFY2(Desktop::fitsScreen(dialog), qPrintable(Desktop::describe(dialog)));
    QVERIFY(reachable(dialog->trustButton()));
    QVERIFY(reachable(dialog->caButton()));
    const QString details = dialog->details()->toPlainText();
    const QString fingerprint = NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("self")));
    QVERIFY2(details.contains(fingerprint), qPrintable(details));
    QVERIFY2(details.contains(QLatin1String("127.0.0.1")), qPrintable(details)); // subject and names
    QVERIFY2(details.contains(QLatin1String("self signed"), Qt::CaseInsensitive)
                 || details.contains(QLatin1String("self-signed"), Qt::CaseInsensitive),
             qPrintable(details));
    m_fixture.shoot(shotName(QStringLiteral("trust-dialog")));
    QVERIFY(Desktop::click(dialog->trustButton()));

    Connection *connection = window->existingConnection(id);
    QVERIFY(connection);
    QTRY_COMPARE_WITH_TIMEOUT(connection->state(), Connection::State::Connected, 20000);
    QCOMPARE(window->catalog()->find(id).network.tls.pinnedSha256, QList<QByteArray>{m_pki.sha256(QStringLiteral("self"))});

    // The server's certificate changes: refused, the dialog names both, Escape keeps the old pin.
    front.setCertificate(m_pki.certificate(QStringLiteral("other")), m_pki.key(QStringLiteral("other")));
    window->disconnectServer(id);
    QTRY_VERIFY_WITH_TIMEOUT(connection->state() != Connection::State::Connected, 10000);
    window->connectServer(id);
    CertificateTrustDialog *changed = awaitDialog();
    QVERIFY(changed);
    QVERIFY(Desktop::waitShown(changed));
    QVERIFY2(Desktop::fitsScreen(changed), qPrintable(Desktop::describe(changed)));
    QVERIFY(changed->windowTitle().contains(QLatin1String("Changed")));
    const QString changedDetails = changed->details()->toPlainText();
    QVERIFY2(changedDetails.contains(fingerprint), qPrintable(changedDetails));
    QVERIFY2(changedDetails.contains(NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("other")))), qPrintable(changedDetails));
    m_fixture.shoot(shotName(QStringLiteral("trust-changed")));
    QVERIFY(Desktop::key(QStringLiteral("Escape")));
    QTRY_VERIFY_WITH_TIMEOUT(!changed->isVisible() || changed->isHidden(), 5000);
    QCOMPARE(window->catalog()->find(id).network.tls.pinnedSha256, QList<QByteArray>{m_pki.sha256(QStringLiteral("self"))});
    QTRY_VERIFY_WITH_TIMEOUT(connection->state() != Connection::State::Connected, 10000);

    // A private CA: Add CA File… for this server.
    Test::TlsFront privateCa(m_demoUrl, m_pki.certificate(QStringLiteral("server")), m_pki.key(QStringLiteral("server")));
    ServerConfig staging = ServerConfig::create(QStringLiteral("corporate staging"));
    staging.transport = ServerConfig::TransportType::StreamableHttp;
    staging.url = privateCa.url().toString();
    const QUuid stagingId = window->catalog()->add(staging);
    window->selectServer(stagingId);
    window->connectServer(stagingId);
    CertificateTrustDialog *untrusted = awaitDialog();
    QVERIFY(untrusted);
    QVERIFY(untrusted->details()->toPlainText().contains(QLatin1String("MCP Scope Test CA")));
    untrusted->chooseCaFile(m_pki.path(QStringLiteral("ca.pem")), CertificateTrustDialog::Decision::AddCaForServer);
    Connection *stagingConnection = window->existingConnection(stagingId);
    QTRY_COMPARE_WITH_TIMEOUT(stagingConnection->state(), Connection::State::Connected, 20000);
    QCOMPARE(window->catalog()->find(stagingId).network.tls.caFiles, QStringList{m_pki.path(QStringLiteral("ca.pem"))});
}

QTEST_MAIN(tst_DesktopTrust)
#include "tst_desktop_trust.moc"
