#pragma once

// Real TLS and proxies on loopback for tests: certificates made with the openssl tool, a TLS
// front (QSslServer) that relays to a plain HTTP peer such as the demo server, and a forward
// proxy (CONNECT and absolute-form requests) that records what went through it. Header only.

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QList>
#include <QPointer>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QString>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

namespace Mcp::Test {

// Runs openssl in dir; the empty string when it worked, else what it said.
inline QString runOpenssl(const QString &dir, const QStringList &arguments)
{
    QProcess openssl;
    openssl.setWorkingDirectory(dir);
    openssl.setProcessChannelMode(QProcess::MergedChannels);
    openssl.start(QStringLiteral("openssl"), arguments);
    if (!openssl.waitForFinished(60000) || openssl.exitStatus() != QProcess::NormalExit || openssl.exitCode() != 0)
        return QStringLiteral("openssl %1: %2").arg(arguments.join(u' '), QString::fromLocal8Bit(openssl.readAll()));
    return {};
}

// The files of a small PKI, made afresh for each test run in `dir`:
//   ca.pem/ca.key            a test certification authority
//   server.pem/server.key    127.0.0.1 and localhost, issued by the CA
//   self.pem/self.key        127.0.0.1, self-signed
//   other.pem/other.key      127.0.0.1, self-signed, a different key (a server that changed)
//   client.pem/client.key    a client certificate issued by the CA; its key is encrypted with
//                            clientPassphrase
struct TestPki
{
    QString dir;
    QByteArray clientPassphrase = QByteArrayLiteral("c1ient-pa55");

    QString path(const QString &name) const { return dir + u'/' + name; }

    // Empty on success, else why not.
    QString make()
    {
        QFile ext(path(QStringLiteral("server.ext")));
        if (!ext.open(QIODevice::WriteOnly))
            return ext.errorString();
        ext.write("basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
        ext.close();
        QFile clientExt(path(QStringLiteral("client.ext")));
        if (!clientExt.open(QIODevice::WriteOnly))
            return clientExt.errorString();
        clientExt.write("basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n");
        clientExt.close();
        const QString pass = QStringLiteral("pass:") + QString::fromLatin1(clientPassphrase);
        const QList<QStringList> steps = {
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
             QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"), QStringLiteral("ca.pem"), QStringLiteral("-days"),
             QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=MCP Scope Test CA"), QStringLiteral("-addext"),
             QStringLiteral("basicConstraints=critical,CA:TRUE"), QStringLiteral("-addext"), QStringLiteral("keyUsage=critical,keyCertSign,cRLSign")},
            {QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"),
             QStringLiteral("server.key"), QStringLiteral("-out"), QStringLiteral("server.csr"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1")},
            {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), QStringLiteral("server.csr"), QStringLiteral("-CA"),
             QStringLiteral("ca.pem"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"), QStringLiteral("-out"),
             QStringLiteral("server.pem"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"), QStringLiteral("server.ext")},
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
             QStringLiteral("-keyout"), QStringLiteral("self.key"), QStringLiteral("-out"), QStringLiteral("self.pem"), QStringLiteral("-days"),
             QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
             QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost")},
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
             QStringLiteral("-keyout"), QStringLiteral("other.key"), QStringLiteral("-out"), QStringLiteral("other.pem"), QStringLiteral("-days"),
             QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
             QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost")},
            // An EC client key, encrypted: the other key type and the passphrase path.
            {QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
             QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-keyout"), QStringLiteral("client.key"), QStringLiteral("-passout"),
             pass, QStringLiteral("-out"), QStringLiteral("client.csr"), QStringLiteral("-subj"), QStringLiteral("/CN=mcp-scope-test-client")},
            {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), QStringLiteral("client.csr"), QStringLiteral("-CA"),
             QStringLiteral("ca.pem"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"), QStringLiteral("-out"),
             QStringLiteral("client.pem"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"), QStringLiteral("client.ext")},
        };
        for (const QStringList &step : steps) {
            if (const QString problem = runOpenssl(dir, step); !problem.isEmpty())
                return problem;
        }
        return {};
    }

    QSslCertificate certificate(const QString &name) const
    {
        return QSslCertificate::fromPath(path(name + QStringLiteral(".pem"))).value(0);
    }
    QSslKey key(const QString &name) const
    {
        QFile file(path(name + QStringLiteral(".key")));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QSslKey(file.readAll(), QSsl::Rsa);
    }
    // "ab12…" as NetworkSettings keeps fingerprints.
    QByteArray sha256(const QString &name) const { return certificate(name).digest(QCryptographicHash::Sha256).toHex(); }
};

// Relays one accepted socket to a new connection to host:port, both ways, until either closes.
inline void relayTo(QTcpSocket *accepted, const QString &host, quint16 port, const QByteArray &firstBytes = {})
{
    auto *upstream = new QTcpSocket(accepted);
    QObject::connect(upstream, &QTcpSocket::connected, accepted, [accepted, upstream, firstBytes] {
        if (!firstBytes.isEmpty())
            upstream->write(firstBytes);
        if (accepted->bytesAvailable() > 0)
            upstream->write(accepted->readAll());
    });
    QObject::connect(accepted, &QTcpSocket::readyRead, upstream, [accepted, upstream] {
        if (upstream->state() == QAbstractSocket::ConnectedState)
            upstream->write(accepted->readAll());
    });
    QObject::connect(upstream, &QTcpSocket::readyRead, accepted, [accepted, upstream] { accepted->write(upstream->readAll()); });
    QObject::connect(upstream, &QTcpSocket::disconnected, accepted, [accepted] { accepted->disconnectFromHost(); });
    QObject::connect(upstream, &QTcpSocket::errorOccurred, accepted, [accepted] { accepted->disconnectFromHost(); });
    QObject::connect(accepted, &QTcpSocket::disconnected, accepted, [accepted, upstream] {
        upstream->disconnectFromHost();
        accepted->deleteLater();
    });
    upstream->connectToHost(host, port);
}

// TLS in front of a plain HTTP peer: every connection is decrypted here and relayed to upstream.
class TlsFront : public QObject
{
public:
    TlsFront(const QUrl &upstream, const QSslCertificate &certificate, const QSslKey &key)
        : m_upstream(upstream)
    {
        setCertificate(certificate, key);
        QObject::connect(&m_server, &QSslServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++encrypted;
                relayTo(socket, m_upstream.host(), quint16(m_upstream.port()));
            }
        });
        QObject::connect(&m_server, &QSslServer::startedEncryptionHandshake, this, [this] { ++handshakes; });
        m_server.listen(QHostAddress::LocalHost, 0);
    }
    // A server whose certificate changed: connections from now on get this one.
    void setCertificate(const QSslCertificate &certificate, const QSslKey &key)
    {
        QSslConfiguration configuration = m_server.sslConfiguration();
        configuration.setLocalCertificate(certificate);
        configuration.setPrivateKey(key);
        m_server.setSslConfiguration(configuration);
    }
    // Mutual TLS: connections without a client certificate issued by `ca` are refused.
    void requireClientCertificate(const QSslCertificate &ca)
    {
        QSslConfiguration configuration = m_server.sslConfiguration();
        configuration.setPeerVerifyMode(QSslSocket::VerifyPeer);
        configuration.setCaCertificates({ca});
        m_server.setSslConfiguration(configuration);
    }
    // https://127.0.0.1:PORT with the upstream's path.
    QUrl url() const
    {
        QUrl url = m_upstream;
        url.setScheme(QStringLiteral("https"));
        url.setPort(m_server.serverPort());
        return url;
    }
    bool isListening() const { return m_server.isListening(); }

    int handshakes = 0; // begun
    int encrypted = 0;  // completed, relayed

private:
    QUrl m_upstream;
    QSslServer m_server;
};

// A forward proxy: CONNECT host:port (tunnels, for https), or an absolute-form request
// (GET http://host/path, for http). Records each target; may require Basic credentials.
class ForwardProxy : public QObject
{
public:
    ForwardProxy()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readHead(socket); });
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    quint16 port() const { return m_server.serverPort(); }
    // "user:password": requests without them get 407.
    void requireCredentials(const QByteArray &userColonPassword) { m_credentials = userColonPassword; }

    QStringList targets;   // "CONNECT 127.0.0.1:443" or "POST http://127.0.0.1:80/mcp", in order
    int refused = 0;       // 407 answers

private:
    // Requests are read one by one (head, then Content-Length bytes of body): each may name
    // another target, and each is recorded.
    void readHead(QTcpSocket *socket)
    {
        if (socket->property("tunnel").toBool())
            return;
        QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
        for (;;) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                break;
            const QByteArray head = buffer.left(end + 4);
            const QByteArray requestLine = head.left(head.indexOf("\r\n"));
            const QList<QByteArray> words = requestLine.split(' ');
            if (words.size() < 3) {
                socket->disconnectFromHost();
                return;
            }
            qsizetype bodySize = 0;
            for (const QByteArray &line : head.split('\n')) {
                if (line.toLower().startsWith("content-length:"))
                    bodySize = line.mid(15).trimmed().toLongLong();
            }
            if (buffer.size() < end + 4 + bodySize)
                break;
            const QByteArray body = buffer.mid(end + 4, bodySize);
            buffer.remove(0, end + 4 + bodySize);
            if (!m_credentials.isEmpty() && !head.contains(QByteArray("Proxy-Authorization: Basic " + m_credentials.toBase64()))) {
                ++refused;
                socket->write("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\n"
                              "Content-Length: 0\r\n\r\n");
                continue; // the client asks again with credentials
            }
            targets << QString::fromLatin1(words.at(0) + ' ' + words.at(1));
            if (words.at(0) == "CONNECT") {
                const QList<QByteArray> hostPort = words.at(1).split(':');
                socket->setProperty("tunnel", true);
                QObject::disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
                socket->write("HTTP/1.1 200 Connection established\r\n\r\n");
                relayTo(socket, QString::fromLatin1(hostPort.value(0)), quint16(hostPort.value(1).toUInt()), buffer);
                return;
            }
            const QUrl target(QString::fromLatin1(words.at(1)));
            QByteArray originForm = target.path(QUrl::FullyEncoded).toLatin1();
            if (target.hasQuery())
                originForm += '?' + target.query(QUrl::FullyEncoded).toLatin1();
            QByteArray rest = head.mid(requestLine.size());
            rest.replace("Proxy-Connection:", "X-Proxy-Connection:");
            upstreamFor(socket, target)->write(words.at(0) + ' ' + originForm + ' ' + words.at(2) + rest + body);
        }
        socket->setProperty("buffer", buffer);
    }

    // One upstream connection per client connection; its answers go back as they come.
    QTcpSocket *upstreamFor(QTcpSocket *client, const QUrl &target)
    {
        if (auto *existing = client->findChild<QTcpSocket *>(QStringLiteral("upstream")))
            return existing;
        auto *upstream = new QTcpSocket(client);
        upstream->setObjectName(QStringLiteral("upstream"));
        QObject::connect(upstream, &QTcpSocket::readyRead, client, [client, upstream] { client->write(upstream->readAll()); });
        QObject::connect(upstream, &QTcpSocket::disconnected, client, [client] { client->disconnectFromHost(); });
        QObject::connect(client, &QTcpSocket::disconnected, client, [client] { client->deleteLater(); });
        upstream->connectToHost(target.host(), quint16(target.port(80)));
        return upstream;
    }

    QTcpServer m_server;
    QByteArray m_credentials;
};

} // namespace Mcp::Test
