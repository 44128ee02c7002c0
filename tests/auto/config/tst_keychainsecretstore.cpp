// Compiles ui/secrets/keychainsecretstore.cpp directly (with QtKeychain), so this test
// does not depend on the rest of the GUI library.
#include "config/servercatalog.h"
#include "secrets/keychainsecretstore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

class tst_KeychainSecretStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // No session bus, no display to autolaunch one: the situation of a headless box
        // or a desktop without a Secret Service. Must happen before QtDBus connects.
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/mcpscope-test-bus");
        qunsetenv("DISPLAY");
        qunsetenv("WAYLAND_DISPLAY");
    }

    void unavailableKeychainIsReported()
    {
        KeychainSecretStore store(QStringLiteral("MCP Scope test"), 5000);
        QSignalSpy status(&store, &SecretStore::statusChanged);
        QCOMPARE(store.availability(), KeychainSecretStore::Availability::Unknown);

        // Issued before the probe answers: must wait for it, then complete.
        SecretResult early;
        bool earlyDone = false;
        store.write(QStringLiteral("srv"), QStringLiteral("env/TOKEN"), QStringLiteral("v1"), this,
                    [&](const SecretResult &r) { early = r; earlyDone = true; });

        QTRY_VERIFY_WITH_TIMEOUT(store.availability() != KeychainSecretStore::Availability::Unknown, 8000);
        QCOMPARE(store.availability(), KeychainSecretStore::Availability::Unavailable);
        QVERIFY(status.count() >= 1);
        QVERIFY(!store.isPersistent());
        QVERIFY(!store.unavailableReason().isEmpty());
        QVERIFY2(store.statusText().startsWith(QStringLiteral("No keychain: secrets are kept in memory only")),
                 qPrintable(store.statusText()));
        qInfo().noquote() << "reported:" << store.statusText();

        QTRY_VERIFY_WITH_TIMEOUT(earlyDone, 2000);
        QVERIFY(early.ok());
        QCOMPARE(early.operation, SecretResult::Operation::Write);
    }

    void fallsBackToMemory()
    {
        KeychainSecretStore store(QStringLiteral("MCP Scope test"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(store.availability() == KeychainSecretStore::Availability::Unavailable, 8000);

        QSignalSpy finished(&store, &SecretStore::finished);
        store.write(QStringLiteral("srv"), QStringLiteral("bearerToken"), QStringLiteral("tok"));
        SecretResult read;
        store.read(QStringLiteral("srv"), QStringLiteral("bearerToken"), this, [&](const SecretResult &r) { read = r; });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 2000);
        QVERIFY(read.ok());
        QCOMPARE(read.value, QStringLiteral("tok"));

        SecretResult other;
        store.read(QStringLiteral("other"), QStringLiteral("bearerToken"), this, [&](const SecretResult &r) { other = r; });
        store.remove(QStringLiteral("srv"), QStringLiteral("bearerToken"));
        SecretResult gone;
        store.read(QStringLiteral("srv"), QStringLiteral("bearerToken"), this, [&](const SecretResult &r) { gone = r; });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 5, 2000);
        QCOMPARE(other.status, SecretResult::Status::NotFound);
        QCOMPARE(gone.status, SecretResult::Status::NotFound);
    }

    void callbackNotRunForDeadContext()
    {
        KeychainSecretStore store(QStringLiteral("MCP Scope test"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(store.availability() == KeychainSecretStore::Availability::Unavailable, 8000);
        bool ran = false;
        QSignalSpy finished(&store, &SecretStore::finished);
        {
            QObject context;
            store.read(QStringLiteral("s"), QStringLiteral("k"), &context, [&](const SecretResult &) { ran = true; });
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
        QVERIFY(!ran);
    }

    void catalogKeepsSecretsOutOfFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("servers.json"));
        KeychainSecretStore store(QStringLiteral("MCP Scope test"), 5000);
        ServerCatalog catalog(path);
        QVERIFY(catalog.load());
        catalog.setSecretStore(&store);
        ServerConfig c = ServerConfig::create(QStringLiteral("s"));
        c.command = QStringLiteral("x");
        c.env = {{QStringLiteral("API_TOKEN"), QStringLiteral("IN_MEMORY_ONLY"), true}};
        catalog.add(c);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("IN_MEMORY_ONLY"));
        QTRY_VERIFY_WITH_TIMEOUT(store.availability() == KeychainSecretStore::Availability::Unavailable, 8000);

        // Within the session, a second catalog on the same store gets the value back.
        ServerCatalog second(path);
        QVERIFY(second.load());
        QVERIFY(second.find(c.id).hasMissingSecrets());
        second.setSecretStore(&store);
        QTRY_COMPARE_WITH_TIMEOUT(second.find(c.id).env.at(0).value, QStringLiteral("IN_MEMORY_ONLY"), 2000);
    }
};

QTEST_GUILESS_MAIN(tst_KeychainSecretStore)
#include "tst_keychainsecretstore.moc"
