// Reaching servers where they live (issue 36): real TLS on loopback in front of the demo server —
// a private CA, a self-signed certificate, a certificate that changes after it was pinned, a server
// that wants a client certificate (all made by openssl for this run) — and a real forward proxy,
// through the mcpscope binary's flags and environment and through the library's transport.

#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "transport/networksettings.h"
#include "transport/streamablehttptransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "httppeer.h"
#include "processes.h"
#include "tlsfixtures.h"
#include "transportopening.h"

using namespace Mcp;

class tst_Reach : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void privateCaNeedsItsCaFile();
    void environmentCaFileIsRead();
    void selfSignedIsPinnedByFingerprint();
    void insecureIsLoudAndWorks();
    void changedCertificateIsRefusedWithBothFingerprints();
    void pinOverridesAValidChain();
    void clientCertificate();
    void unreadableSettingsAreSaidBeforeConnecting();
    void transportReportsTheChain();
    void proxyFromEnvironmentAndNoProxy();
    void proxyFlagsAndCredentials();
    void httpsThroughProxyTunnels();
    void collectionsTakeTheFlags();
    void recorderReachesAPinnedTarget();
    void settingsRoundTrip();
    void fingerprintParsing();

private:
    // mcpscope --cli ARGS with env additions, the event loop running (the fronts and the proxy
    // live in this process).
    Test::ProcessRun cli(const QStringList &arguments, const QHash<QString, QString> &env = {});
    QJsonArray toolsOf(const Test::ProcessRun &run) const;

    QTemporaryDir m_dir;
    Test::TestPki m_pki;
    QProcess m_demo;
    QUrl m_demoUrl;
};

void tst_Reach::initTestCase()
{
    QVERIFY(QSslSocket::supportsSsl());
    QVERIFY(m_dir.isValid());
    m_pki.dir = m_dir.path();
    const QString problem = m_pki.make();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    m_demoUrl = Test::startHttpPeer(m_demo, QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http")});
    QVERIFY(m_demoUrl.isValid());
}

void tst_Reach::cleanupTestCase()
{
    m_demo.kill();
    m_demo.waitForFinished();
}

Test::ProcessRun tst_Reach::cli(const QStringList &arguments, const QHash<QString, QString> &env)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // The machine's own proxy settings stay out of the run unless a case sets them.
    for (const char *name : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
                             "no_proxy", "NO_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR"})
        environment.remove(QString::fromLatin1(name));
    for (auto it = env.begin(); it != env.end(); ++it)
        environment.insert(it.key(), it.value());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("--cli"), QStringLiteral("--connect-timeout"),
                                                             QStringLiteral("20000")} + arguments);
    Test::ProcessRun run;
    if (!process.waitForStarted(10000))
        return run;
    if (!QTest::qWaitFor([&process] { return process.state() == QProcess::NotRunning; }, 60000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QJsonArray tst_Reach::toolsOf(const Test::ProcessRun &run) const
{
    return QJsonDocument::fromJson(run.out).object().value(QLatin1String("tools")).toArray();
}

void tst_Reach::privateCaNeedsItsCaFile()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("server")), m_pki.key(QStringLiteral("server")));
    QVERIFY(front.isListening());
    const QString url = front.url().toString();

    const Test::ProcessRun refused = cli({url});
    QCOMPARE(refused.exitCode, 3);
    QVERIFY2(refused.err.contains("could not be trusted"), refused.err.constData());
    // The error names the certificate by its fingerprint, as the trust dialog does.
    QVERIFY2(refused.err.contains(NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("server"))).toLatin1()),
             refused.err.constData());

    const Test::ProcessRun trusted = cli({url, QStringLiteral("--ca-file"), m_pki.path(QStringLiteral("ca.pem"))});
    QVERIFY2(trusted.exitCode == 0, trusted.err.constData());
    QVERIFY(!toolsOf(trusted).isEmpty());
    QVERIFY(front.encrypted >= 1);
}

void tst_Reach::environmentCaFileIsRead()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("server")), m_pki.key(QStringLiteral("server")));
    const Test::ProcessRun viaFile = cli({front.url().toString()}, {{QStringLiteral("SSL_CERT_FILE"), m_pki.path(QStringLiteral("ca.pem"))}});
    QVERIFY2(viaFile.exitCode == 0, viaFile.err.constData());
    // SSL_CERT_DIR: a directory of PEM files, as OpenSSL's c_rehash leaves it.
    QTemporaryDir caDir;
    QVERIFY(QFile::copy(m_pki.path(QStringLiteral("ca.pem")), caDir.filePath(QStringLiteral("test-ca.pem"))));
    const Test::ProcessRun viaDir = cli({front.url().toString()}, {{QStringLiteral("SSL_CERT_DIR"), caDir.path()}});
    QVERIFY2(viaDir.exitCode == 0, viaDir.err.constData());
}

void tst_Reach::selfSignedIsPinnedByFingerprint()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    const QString url = front.url().toString();
    const Test::ProcessRun refused = cli({url});
    QCOMPARE(refused.exitCode, 3);
    QVERIFY2(refused.err.toLower().contains("self signed") || refused.err.toLower().contains("self-signed"), refused.err.constData());

    // As openssl prints it (colons, upper case), and as plain hex.
    const QString colons = NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("self")));
    const Test::ProcessRun pinned = cli({url, QStringLiteral("--pin-sha256"), colons});
    QVERIFY2(pinned.exitCode == 0, pinned.err.constData());
    QVERIFY(!toolsOf(pinned).isEmpty());
    const Test::ProcessRun hex = cli({url, QStringLiteral("--pin-sha256=") + QString::fromLatin1(m_pki.sha256(QStringLiteral("self")))});
    QVERIFY2(hex.exitCode == 0, hex.err.constData());

    const Test::ProcessRun wrong = cli({url, QStringLiteral("--pin-sha256"), QString::fromLatin1(m_pki.sha256(QStringLiteral("other")))});
    QCOMPARE(wrong.exitCode, 3);
    const Test::ProcessRun malformed = cli({url, QStringLiteral("--pin-sha256"), QStringLiteral("abc")});
    QCOMPARE(malformed.exitCode, 2);
    QVERIFY(malformed.err.contains("64 hex digits"));
}

void tst_Reach::insecureIsLoudAndWorks()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    const Test::ProcessRun run = cli({front.url().toString(), QStringLiteral("--insecure")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("--insecure") && run.err.contains("not checked"), run.err.constData());
}

void tst_Reach::changedCertificateIsRefusedWithBothFingerprints()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    const QString pin = QString::fromLatin1(m_pki.sha256(QStringLiteral("self")));
    QCOMPARE(cli({front.url().toString(), QStringLiteral("--pin-sha256"), pin}).exitCode, 0);
    front.setCertificate(m_pki.certificate(QStringLiteral("other")), m_pki.key(QStringLiteral("other")));
    const Test::ProcessRun changed = cli({front.url().toString(), QStringLiteral("--pin-sha256"), pin});
    QCOMPARE(changed.exitCode, 3);
    QVERIFY2(changed.err.contains(NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("self"))).toLatin1()), changed.err.constData());
    QVERIFY2(changed.err.contains(NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("other"))).toLatin1()), changed.err.constData());
}

void tst_Reach::pinOverridesAValidChain()
{
    // A pin is exact: a certificate the CA file makes valid is still refused when it is not the pinned one.
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("server")), m_pki.key(QStringLiteral("server")));
    const QStringList trustCa{QStringLiteral("--ca-file"), m_pki.path(QStringLiteral("ca.pem"))};
    const Test::ProcessRun pinnedElsewhere = cli(QStringList{front.url().toString(), QStringLiteral("--pin-sha256"),
                                                             QString::fromLatin1(m_pki.sha256(QStringLiteral("self")))}
                                                 + trustCa);
    QCOMPARE(pinnedElsewhere.exitCode, 3);
    QVERIFY2(pinnedElsewhere.err.contains("not the one trusted"), pinnedElsewhere.err.constData());
    const Test::ProcessRun pinnedRight = cli(QStringList{front.url().toString(), QStringLiteral("--pin-sha256"),
                                                         QString::fromLatin1(m_pki.sha256(QStringLiteral("server")))}
                                             + trustCa);
    QVERIFY2(pinnedRight.exitCode == 0, pinnedRight.err.constData());
}

void tst_Reach::clientCertificate()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("server")), m_pki.key(QStringLiteral("server")));
    front.requireClientCertificate(m_pki.certificate(QStringLiteral("ca")));
    const QStringList base{front.url().toString(), QStringLiteral("--ca-file"), m_pki.path(QStringLiteral("ca.pem"))};
    const Test::ProcessRun without = cli(base);
    QVERIFY2(without.exitCode == 3, without.err.constData());

    const QStringList withCertificate = base + QStringList{QStringLiteral("--client-cert"), m_pki.path(QStringLiteral("client.pem")),
                                                           QStringLiteral("--client-key"), m_pki.path(QStringLiteral("client.key")),
                                                           QStringLiteral("--client-key-passphrase-env"), QStringLiteral("TEST_KEY_PASSPHRASE")};
    const Test::ProcessRun with = cli(withCertificate, {{QStringLiteral("TEST_KEY_PASSPHRASE"), QString::fromLatin1(m_pki.clientPassphrase)}});
    QVERIFY2(with.exitCode == 0, with.err.constData());
    QVERIFY(!toolsOf(with).isEmpty());

    // A wrong passphrase, and none, are said before any connection, as a usage error.
    const int handshakesBefore = front.handshakes;
    const Test::ProcessRun wrong = cli(withCertificate, {{QStringLiteral("TEST_KEY_PASSPHRASE"), QStringLiteral("nope")}});
    QCOMPARE(wrong.exitCode, 2);
    QVERIFY2(wrong.err.contains("passphrase is missing or wrong"), wrong.err.constData());
    const Test::ProcessRun unset = cli(withCertificate);
    QCOMPARE(unset.exitCode, 2);
    QVERIFY2(unset.err.contains("TEST_KEY_PASSPHRASE"), unset.err.constData());
    QCOMPARE(front.handshakes, handshakesBefore);
    // The same key imported into the keychain (TlsSettings::clientKeyPem) rather than read from a file.
    QFile keyFile(m_pki.path(QStringLiteral("client.key")));
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    HttpTransportOptions options;
    options.network.tls.caFiles = {m_pki.path(QStringLiteral("ca.pem"))};
    options.network.tls.clientCertificateFile = m_pki.path(QStringLiteral("client.pem"));
    options.network.tls.clientKeyPem = keyFile.readAll();
    options.network.tls.clientKeyPassphrase = m_pki.clientPassphrase;
    StreamableHttpTransport transport(front.url(), options);
    QSignalSpy messages(&transport, &Transport::messageReceived);
    QVERIFY(Test::openTransport(transport, 2000));
    transport.send(Message::request(1, QStringLiteral("initialize"),
                                    QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                {QStringLiteral("capabilities"), QJsonObject()},
                                                {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")},
                                                                                           {QStringLiteral("version"), QStringLiteral("1")}}}}));
    QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 1, 15000);
    // The certificate without its key is a usage error too.
    QCOMPARE(cli(base + QStringList{QStringLiteral("--client-cert"), m_pki.path(QStringLiteral("client.pem"))}).exitCode, 2);
}

void tst_Reach::unreadableSettingsAreSaidBeforeConnecting()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("tls"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("https://127.0.0.1:1/mcp");
    config.network.tls.caFiles = {m_pki.path(QStringLiteral("missing.pem"))};
    QString error;
    QVERIFY(!transportFactoryFor(config, &error));
    QVERIFY2(error.contains(QLatin1String("missing.pem")), qPrintable(error));
    // A file that is not PEM: a key file as CA file.
    config.network.tls.caFiles = {m_pki.path(QStringLiteral("self.key"))};
    QVERIFY(!transportFactoryFor(config, &error));
    QVERIFY2(error.contains(QLatin1String("no certificate")), qPrintable(error));
    // Over plain http the TLS settings play no part.
    config.url = QStringLiteral("http://127.0.0.1:1/mcp");
    QVERIFY(transportFactoryFor(config, &error));
}

void tst_Reach::transportReportsTheChain()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    const Message initialize = Message::request(1, QStringLiteral("initialize"),
                                                QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                            {QStringLiteral("capabilities"), QJsonObject()},
                                                            {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")},
                                                                                                       {QStringLiteral("version"), QStringLiteral("1")}}}});
    {
        StreamableHttpTransport transport(front.url());
        QSignalSpy failures(&transport, &Transport::requestFailed);
        QVERIFY(Test::openTransport(transport, 2000));
        transport.send(initialize);
        QTRY_COMPARE_WITH_TIMEOUT(failures.size(), 1, 15000);
        const TransportError error = failures.at(0).at(1).value<TransportError>();
        QCOMPARE(error.kind, TransportError::Kind::Tls);
        QVERIFY(error.tlsFailure);
        QCOMPARE(error.tlsFailure->presentedSha256, m_pki.sha256(QStringLiteral("self")));
        QCOMPARE(error.tlsFailure->chain.value(0), m_pki.certificate(QStringLiteral("self")));
        QVERIFY(!error.tlsFailure->errors.isEmpty());
        QCOMPARE(error.tlsFailure->host, QStringLiteral("127.0.0.1"));
        QCOMPARE(error.tlsFailure->port, front.url().port());
        QVERIFY(!error.tlsFailure->isPinMismatch());
    }
    {
        HttpTransportOptions options;
        options.network.tls.pinnedSha256 = {m_pki.sha256(QStringLiteral("self"))};
        StreamableHttpTransport transport(front.url(), options);
        QSignalSpy messages(&transport, &Transport::messageReceived);
        QVERIFY(Test::openTransport(transport, 2000));
        transport.send(initialize);
        QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 1, 15000);
        QVERIFY(messages.at(0).at(0).value<Message>().isResponse());
    }
}

void tst_Reach::proxyFromEnvironmentAndNoProxy()
{
    Test::ForwardProxy proxy;
    const QString url = m_demoUrl.toString();
    const Test::ProcessRun through = cli({url, QStringLiteral("--capture"), m_dir.filePath(QStringLiteral("proxied.jsonl"))},
                                         {{QStringLiteral("HTTP_PROXY"), proxy.url()}});
    QVERIFY2(through.exitCode == 0, through.err.constData());
    QVERIFY(!proxy.targets.isEmpty());
    for (const QString &target : std::as_const(proxy.targets))
        QVERIFY2(target.contains(QStringLiteral("http://127.0.0.1:%1/").arg(m_demoUrl.port())), qPrintable(target));
    // The traffic says which proxy carried it, and from where it came.
    QFile capture(m_dir.filePath(QStringLiteral("proxied.jsonl")));
    QVERIFY(capture.open(QIODevice::ReadOnly));
    const QByteArray captured = capture.readAll();
    QVERIFY2(captured.contains(QByteArray("through the proxy " + proxy.url().toLatin1() + " (HTTP_PROXY)")), captured.left(2000).constData());

    const qsizetype before = proxy.targets.size();
    // NO_PROXY as curl reads it: the host, with a port, a domain suffix or a CIDR range.
    for (const QString &noProxy : {QStringLiteral("127.0.0.1"), QStringLiteral("example.com, 127.0.0.0/8"),
                                   QStringLiteral("127.0.0.1:%1").arg(m_demoUrl.port()), QStringLiteral("*")}) {
        const Test::ProcessRun bypassed = cli({url}, {{QStringLiteral("http_proxy"), proxy.url()}, {QStringLiteral("NO_PROXY"), noProxy}});
        QVERIFY2(bypassed.exitCode == 0, bypassed.err.constData());
        QCOMPARE(proxy.targets.size(), before);
    }
    // An entry for another port, or another host, does not bypass it.
    const Test::ProcessRun otherPort = cli({url}, {{QStringLiteral("HTTP_PROXY"), proxy.url()}, {QStringLiteral("NO_PROXY"), QStringLiteral("127.0.0.1:1,localhost")}});
    QVERIFY2(otherPort.exitCode == 0, otherPort.err.constData());
    QVERIFY(proxy.targets.size() > before);

    const qsizetype beforeFlag = proxy.targets.size();
    const Test::ProcessRun direct = cli({url, QStringLiteral("--no-proxy")}, {{QStringLiteral("HTTP_PROXY"), proxy.url()}});
    QVERIFY2(direct.exitCode == 0, direct.err.constData());
    QCOMPARE(proxy.targets.size(), beforeFlag);
}

void tst_Reach::proxyFlagsAndCredentials()
{
    Test::ForwardProxy proxy;
    proxy.requireCredentials("scope:pr0xy-s3cret");
    const QString url = m_demoUrl.toString();
    const QString capturePath = m_dir.filePath(QStringLiteral("proxy-auth.jsonl"));
    const QString withPassword = QStringLiteral("http://scope:pr0xy-s3cret@127.0.0.1:%1").arg(proxy.port());
    const Test::ProcessRun run = cli({url, QStringLiteral("--proxy"), withPassword, QStringLiteral("--capture"), capturePath});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(proxy.refused >= 1);
    QVERIFY(!proxy.targets.isEmpty());
    QFile capture(capturePath);
    QVERIFY(capture.open(QIODevice::ReadOnly));
    const QByteArray captured = capture.readAll();
    QVERIFY(!captured.isEmpty());
    QVERIFY2(!captured.contains("pr0xy-s3cret"), "the proxy's password reached the capture");

    const Test::ProcessRun bad = cli({url, QStringLiteral("--proxy"), QStringLiteral("ftp://x")});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(cli({url, QStringLiteral("--proxy"), proxy.url(), QStringLiteral("--no-proxy")}).exitCode, 2);
}

void tst_Reach::httpsThroughProxyTunnels()
{
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("server")), m_pki.key(QStringLiteral("server")));
    Test::ForwardProxy proxy;
    const Test::ProcessRun run = cli({front.url().toString(), QStringLiteral("--ca-file"), m_pki.path(QStringLiteral("ca.pem"))},
                                     {{QStringLiteral("HTTPS_PROXY"), proxy.url()}});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(!proxy.targets.isEmpty());
    QCOMPARE(proxy.targets.first(), QStringLiteral("CONNECT 127.0.0.1:%1").arg(front.url().port()));
    // HTTP_PROXY is for http:// only.
    const qsizetype before = proxy.targets.size();
    QCOMPARE(cli({front.url().toString(), QStringLiteral("--ca-file"), m_pki.path(QStringLiteral("ca.pem"))},
                 {{QStringLiteral("HTTP_PROXY"), proxy.url()}}).exitCode, 0);
    QCOMPARE(proxy.targets.size(), before);
}

void tst_Reach::collectionsTakeTheFlags()
{
    // mcpscope test: the same flags over every server of the collection.
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    const QString path = m_dir.filePath(QStringLiteral("tls-collection.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(QJsonObject{
                                 {QStringLiteral("format"), QStringLiteral("mcpscope-collection")},
                                 {QStringLiteral("version"), 1},
                                 {QStringLiteral("name"), QStringLiteral("tls")},
                                 {QStringLiteral("servers"), QJsonObject{{QStringLiteral("gateway"),
                                                                          QJsonObject{{QStringLiteral("type"), QStringLiteral("http")},
                                                                                      {QStringLiteral("url"), front.url().toString()}}}}},
                                 {QStringLiteral("calls"), QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("tools/list")}}}}})
                   .toJson());
    file.close();
    const auto test = [&](const QStringList &flags) {
        QProcess process;
        process.start(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("test"), path} + flags);
        process.waitForStarted(10000);
        (void)QTest::qWaitFor([&process] { return process.state() == QProcess::NotRunning; }, 60000); // the exit code tells
        return std::make_pair(process.exitCode(), QByteArray(process.readAllStandardOutput() + process.readAllStandardError()));
    };
    const auto refused = test({});
    QVERIFY2(refused.first != 0, refused.second.constData());
    QVERIFY2(refused.second.contains("could not be trusted"), refused.second.constData());
    const auto pinned = test({QStringLiteral("--pin-sha256"), QString::fromLatin1(m_pki.sha256(QStringLiteral("self")))});
    QVERIFY2(pinned.first == 0, pinned.second.constData());
}

void tst_Reach::recorderReachesAPinnedTarget()
{
    // mcpscope record --http in front of a self-signed https server: the flags say how the
    // recorder reaches it; without them the host's requests fail, and the capture says why.
    Test::TlsFront front(m_demoUrl, m_pki.certificate(QStringLiteral("self")), m_pki.key(QStringLiteral("self")));
    const auto startRecorder = [&](QProcess &recorder, const QString &capture, const QStringList &flags) {
        recorder.start(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("record"), QStringLiteral("--http"), QStringLiteral("--no-live"),
                                                                 QStringLiteral("--target"), front.url().toString(),
                                                                 QStringLiteral("--capture"), capture} + flags);
        QByteArray out;
        (void)QTest::qWaitFor([&] { // the URL, or its absence, tells
            out += recorder.readAllStandardOutput();
            return out.contains('\n') || recorder.state() == QProcess::NotRunning;
        }, 15000);
        return QString::fromUtf8(out.left(out.indexOf('\n')).trimmed());
    };
    const QString pinnedCapture = m_dir.filePath(QStringLiteral("record-pinned.jsonl"));
    QProcess pinned;
    const QString pinnedUrl = startRecorder(pinned, pinnedCapture,
                                            {QStringLiteral("--pin-sha256"), QString::fromLatin1(m_pki.sha256(QStringLiteral("self")))});
    QVERIFY2(pinnedUrl.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(pinnedUrl + pinned.readAllStandardError()));
    const Test::ProcessRun through = cli({pinnedUrl});
    QVERIFY2(through.exitCode == 0, through.err.constData());
    QVERIFY(!toolsOf(through).isEmpty());
    pinned.terminate();
    pinned.waitForFinished(10000);

    const QString refusedCapture = m_dir.filePath(QStringLiteral("record-refused.jsonl"));
    QProcess unpinned;
    const QString unpinnedUrl = startRecorder(unpinned, refusedCapture, {});
    QVERIFY(unpinnedUrl.startsWith(QLatin1String("http://127.0.0.1:")));
    const Test::ProcessRun refused = cli({unpinnedUrl});
    QVERIFY2(refused.exitCode == 3, refused.err.constData());
    unpinned.terminate();
    unpinned.waitForFinished(10000);
    QFile capture(refusedCapture);
    QVERIFY(capture.open(QIODevice::ReadOnly));
    const QByteArray captured = capture.readAll();
    QVERIFY2(captured.contains(NetworkTrust::displayFingerprint(m_pki.sha256(QStringLiteral("self"))).toLatin1()), captured.left(3000).constData());
}

void tst_Reach::settingsRoundTrip()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("staging"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("https://staging.example/mcp");
    config.network.tls.caFiles = {QStringLiteral("/etc/corp/ca.pem")};
    config.network.tls.pinnedSha256 = {m_pki.sha256(QStringLiteral("self"))};
    config.network.tls.clientCertificateFile = QStringLiteral("${userHome}/client.pem");
    config.network.tls.clientKeyFile = QStringLiteral("${userHome}/client.key");
    config.network.tls.clientKeyPassphrase = "key-secret";
    config.network.proxy = {ProxySettings::Mode::Manual, QUrl(QStringLiteral("http://me@proxy.corp:3128")), QStringLiteral("proxy-secret")};

    const QJsonObject full = config.toJson();
    QCOMPARE(ServerConfig::fromJson(full), config);
    // Without secrets: the passphrase and the proxy's password are left out, the rest kept.
    const QJsonObject omitted = config.toJson(ServerConfig::SecretHandling::Omit);
    const QByteArray text = QJsonDocument(omitted).toJson();
    QVERIFY(!text.contains("key-secret"));
    QVERIFY(!text.contains("proxy-secret"));
    const ServerConfig back = ServerConfig::fromJson(omitted);
    QCOMPARE(back.network.tls.pinnedSha256, config.network.tls.pinnedSha256);
    QCOMPARE(back.network.proxy.url, config.network.proxy.url);
    QVERIFY(back.network.proxy.password.isEmpty());
    // The catalog's text writer gives the same bytes as toJson.
    QByteArray written;
    config.appendJsonText(written, 0);
    QCOMPARE(QJsonDocument::fromJson(written).object(), full);
    // Secrets are redacted wherever they occur.
    QVERIFY(config.secretValues().contains(QStringLiteral("key-secret")));
    QVERIFY(config.secretValues().contains(QStringLiteral("proxy-secret")));
    // Paths expand like the others.
    QStringList unresolved;
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("HOME"), QStringLiteral("/home/dev"));
    QCOMPARE(config.resolved(environment, {}, &unresolved).network.tls.clientCertificateFile, QStringLiteral("/home/dev/client.pem"));
    // --insecure is never written.
    ServerConfig insecure = config;
    insecure.network.tls.insecure = true;
    QVERIFY(!QJsonDocument(insecure.toJson()).toJson().contains("insecure"));
    QVERIFY(!ServerConfig::fromJson(insecure.toJson()).network.tls.insecure);
    // A default entry writes neither member, so files written before stay as they were.
    const QJsonObject plain = ServerConfig::create(QStringLiteral("plain")).toJson();
    QVERIFY(!plain.contains(QLatin1String("tls")));
    QVERIFY(!plain.contains(QLatin1String("proxy")));
    // A bad pin is said, not taken.
    QJsonObject badPin = full;
    badPin.insert(QStringLiteral("tls"), QJsonObject{{QStringLiteral("pinnedSha256"), QJsonArray{QStringLiteral("zz")}}});
    QStringList warnings;
    QVERIFY(ServerConfig::fromJson(badPin, &warnings).network.tls.pinnedSha256.isEmpty());
    QCOMPARE(warnings.size(), 1);
}

void tst_Reach::fingerprintParsing()
{
    const QByteArray hex = m_pki.sha256(QStringLiteral("self"));
    QCOMPARE(NetworkTrust::parseFingerprint(QString::fromLatin1(hex)).value_or(QByteArray()), hex);
    QCOMPARE(NetworkTrust::parseFingerprint(NetworkTrust::displayFingerprint(hex)).value_or(QByteArray()), hex);
    QCOMPARE(NetworkTrust::parseFingerprint(QStringLiteral("SHA256:") + QString::fromLatin1(hex.toUpper())).value_or(QByteArray()), hex);
    QVERIFY(!NetworkTrust::parseFingerprint(QString::fromLatin1(hex.left(62))));
    QVERIFY(!NetworkTrust::parseFingerprint(QString::fromLatin1(hex.left(63)) + u'g'));
    QCOMPARE(NetworkTrust::displayFingerprint(QByteArrayLiteral("ab01")), QStringLiteral("AB:01"));
}

QTEST_GUILESS_MAIN(tst_Reach)
#include "tst_reach.moc"
