// TLS problems are reported as such, never ignored: a server with a self-signed certificate
// (selfsigned.crt, test data only) makes the request fail with TransportError::Kind::Tls.

#include "transport/streamablehttptransport.h"

#include <QFile>
#include <QSignalSpy>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTest>

#include "transportopening.h"

using namespace Mcp;

class tst_HttpTls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void selfSignedIsRefused();
};

void tst_HttpTls::selfSignedIsRefused()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("No TLS backend");
    QFile certFile(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpclient/selfsigned.crt"));
    QFile keyFile(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpclient/selfsigned.key"));
    QVERIFY(certFile.open(QIODevice::ReadOnly));
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificate(QSslCertificate(certFile.readAll()));
    config.setPrivateKey(QSslKey(keyFile.readAll(), QSsl::Rsa));
    QSslServer server;
    server.setSslConfiguration(config);
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    int handshakes = 0;
    connect(&server, &QSslServer::startedEncryptionHandshake, this, [&handshakes] { ++handshakes; });

    QUrl url(QStringLiteral("https://127.0.0.1/mcp"));
    url.setPort(server.serverPort());
    StreamableHttpTransport transport(url);
    QSignalSpy failures(&transport, &Transport::requestFailed);
    QVERIFY(Test::openTransport(transport, 2000));
    transport.send(Message::request(1, QStringLiteral("initialize")));
    QTRY_COMPARE_WITH_TIMEOUT(failures.size(), 1, 10000);
    const TransportError error = failures.at(0).at(1).value<TransportError>();
    QCOMPARE(error.kind, TransportError::Kind::Tls);
    QVERIFY2(error.message.contains(QLatin1String("self signed"), Qt::CaseInsensitive)
                 || error.message.contains(QLatin1String("self-signed"), Qt::CaseInsensitive),
             qPrintable(error.message));
    QVERIFY(handshakes >= 1);
}

QTEST_GUILESS_MAIN(tst_HttpTls)
#include "tst_httptls.moc"
