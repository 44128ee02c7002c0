// IconFetcher against a real HTTPS server on 127.0.0.1 (QSslServer with the test-only
// certificate tests/auto/httpclient/selfsigned.crt, trusted here through setSslConfiguration):
// what is fetched, what is refused before any request, what is cut short, what is never sent,
// and the Tools list picking up an icon that arrives late.

#include "tools/toollist.h"
#include "tools/toolpanel.h"
#include "widgets/iconfetcher.h"
#include "widgets/imagedecode.h"
#include "widgets/itemlist.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QAbstractItemModel>
#include <QIcon>
#include <QSignalSpy>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

#include <poll.h>
#include <sys/socket.h>

using namespace Mcp::Ui;

namespace {

struct Request
{
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; // names in lower case
};

// The server name (SNI) of a TLS ClientHello, empty when it has none or is not one.
QByteArray serverNameOf(const QByteArray &hello)
{
    const auto at = [&hello](qsizetype i) { return i < hello.size() ? int(quint8(hello.at(i))) : -1; };
    const auto u16 = [&at](qsizetype i) { return at(i) < 0 || at(i + 1) < 0 ? -1 : at(i) << 8 | at(i + 1); };
    if (at(0) != 0x16 || at(5) != 0x01) // handshake record, ClientHello
        return {};
    qsizetype i = 5 + 4 + 2 + 32;       // record and handshake headers, version, random
    i += 1 + at(i);                     // session id
    i += 2 + u16(i);                    // cipher suites
    i += 1 + at(i);                     // compression methods
    const qsizetype end = i + 2 + u16(i);
    for (i += 2; i + 4 <= end && u16(i) >= 0; i += 4 + u16(i + 2)) {
        if (u16(i) == 0 && at(i + 4 + 2) == 0) // server_name: list length, then a host_name entry
            return hello.mid(i + 4 + 2 + 1 + 2, u16(i + 4 + 2 + 1));
    }
    return {};
}

// Peeks at each connection's ClientHello (never consumed) to record the SNI it carries.
class SniRecordingServer : public QSslServer
{
public:
    QList<QByteArray> serverNames;

protected:
    void incomingConnection(qintptr handle) override
    {
        // The client's HTTP thread sends its ClientHello right after connecting; bounded wait.
        pollfd fd{int(handle), POLLIN, 0};
        QByteArray hello(4096, Qt::Uninitialized);
        if (::poll(&fd, 1, 2000) == 1) {
            const ssize_t n = ::recv(int(handle), hello.data(), size_t(hello.size()), MSG_PEEK);
            hello.truncate(n > 0 ? qsizetype(n) : 0);
            serverNames.append(serverNameOf(hello));
        }
        QSslServer::incomingConnection(handle);
    }
};

// HTTP/1.1 over TLS, keep-alive, one handler per path.
class TlsServer : public QObject
{
public:
    using Handler = std::function<void(QSslSocket *, const Request &)>;

    // certificate: base name of a .crt/.key pair under the source tree.
    explicit TlsServer(const QString &certificateBase = QStringLiteral("tests/auto/httpclient/selfsigned"))
    {
        QFile certFile(QStringLiteral(MCPSCOPE_SOURCE_DIR "/") + certificateBase + QStringLiteral(".crt"));
        QFile keyFile(QStringLiteral(MCPSCOPE_SOURCE_DIR "/") + certificateBase + QStringLiteral(".key"));
        certFile.open(QIODevice::ReadOnly);
        keyFile.open(QIODevice::ReadOnly);
        certificate = QSslCertificate(certFile.readAll());
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setLocalCertificate(certificate);
        config.setPrivateKey(QSslKey(keyFile.readAll(), QSsl::Rsa));
        m_server.setSslConfiguration(config);
        connect(&m_server, &QSslServer::startedEncryptionHandshake, this, [this] { ++connections; });
        // QSslServer (6.4) hands out a socket once its handshake is done, announced by
        // pendingConnectionAvailable; newConnection comes earlier, with nothing to take yet.
        connect(&m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (auto *socket = qobject_cast<QSslSocket *>(m_server.nextPendingConnection())) {
                connect(socket, &QSslSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
                connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
                if (socket->bytesAvailable() > 0) // the request may have come with the handshake
                    onReadyRead(socket);
            }
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }

    QUrl url(const QString &path, const QString &scheme = QStringLiteral("https"),
             const QString &host = QStringLiteral("127.0.0.1")) const
    {
        QUrl u;
        u.setScheme(scheme);
        u.setHost(host);
        u.setPort(m_server.serverPort());
        u.setPath(path);
        return u;
    }
    void route(const QByteArray &path, Handler handler) { m_routes.insert(path, std::move(handler)); }
    int count(const QByteArray &path) const
    {
        return int(std::count_if(requests.cbegin(), requests.cend(), [&](const Request &r) { return r.path == path; }));
    }
    // A trusted-CA configuration for the fetcher: verification stays on.
    QSslConfiguration trusting() const
    {
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.addCaCertificate(certificate);
        return config;
    }

    static void respond(QSslSocket *socket, const QByteArray &status, const QByteArray &body,
                        const QList<QByteArray> &headers = {})
    {
        QByteArray out = "HTTP/1.1 " + status + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
        for (const QByteArray &header : headers)
            out += header + "\r\n";
        socket->write(out + "\r\n" + body);
    }

    QSslCertificate certificate;
    QList<Request> requests;
    int connections = 0;
    const QList<QByteArray> &serverNames() const { return m_server.serverNames; }

private:
    void onReadyRead(QSslSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (qsizetype end = buffer.indexOf("\r\n\r\n"); end >= 0; end = buffer.indexOf("\r\n\r\n")) {
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            buffer.remove(0, end + 4);
            Request request;
            request.path = lines.value(0).split(' ').value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines.at(i).indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
            }
            requests.append(request);
            const Handler handler = m_routes.value(request.path);
            if (handler)
                handler(socket, request);
            else
                respond(socket, "404 Not Found", "no such icon");
        }
    }

    SniRecordingServer m_server;
    QHash<QByteArray, Handler> m_routes;
    QHash<QSslSocket *, QByteArray> m_buffers;
};

QByteArray png(const QColor &color, int side = 32)
{
    QImage image(side, side, QImage::Format_ARGB32);
    image.fill(color);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QColor centre(const QIcon &icon)
{
    const QImage image = icon.pixmap(16, 16).toImage();
    return image.pixelColor(image.width() / 2, image.height() / 2);
}

QJsonArray iconsOf(const QUrl &url)
{
    return QJsonArray{QJsonObject{{QStringLiteral("src"), url.toString()}}};
}

QString dataUri(const QByteArray &mimeType, const QByteArray &bytes)
{
    return QStringLiteral("data:") + QString::fromLatin1(mimeType) + QStringLiteral(";base64,") + QString::fromLatin1(bytes.toBase64());
}

} // namespace

class tst_IconFetcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        if (!QSslSocket::supportsSsl())
            QSKIP("No TLS backend");
        m_server = std::make_unique<TlsServer>();
        m_fetcher = std::make_unique<IconFetcher>();
        m_fetcher->setSslConfiguration(m_server->trusting());
        m_fetcher->setAllowPrivateAddresses(true); // the server is on 127.0.0.1; the address tests turn this off
        m_server->route("/red.png", [](QSslSocket *socket, const Request &) {
            TlsServer::respond(socket, "200 OK", png(Qt::red), {"Content-Type: image/png"});
        });
    }
    void cleanup()
    {
        m_fetcher.reset();
        m_server.reset();
    }

    void sanitizeSvg_data();
    void sanitizeSvg();
    void rankIcons_data();
    void rankIcons();
    void pngFetchedAndDrawn();
    void svgDrawnWithoutExternalReferences();
    void contentLengthOverCapRefused();
    void streamOverCapAbortedEarly();
    void plainHttpRefusedWithoutRequest();
    void redirects();
    void silentServerTimesOut();
    void untrustedCertificateFails();
    void noCookiesNoCredentials();
    void sameUrlFetchedOnceAndFailuresCached();
    void atMostFourAtOnce();
    void toolListUpdatesInPlace();
    void fetchingOffMakesNoRequest();
    void toolPanelSaysWhyTheIconIsMissing();
    void isPublicAddress_data();
    void isPublicAddress();
    void privateAddressesRefusedByDefault();
    void localAddressRefusedWithoutConnection_data();
    void localAddressRefusedWithoutConnection();
    void redirectToLocalAddressRefused();
    void unresolvableHostFails();
    void resolvedAddressPinnedNameKept();
    void certificateForAnotherNameFails();

private:
    bool waitFinished(const QUrl &url, int timeout = 10000)
    {
        return QTest::qWaitFor([&] {
            return m_fetcher->state(url) == IconFetcher::State::Loaded || m_fetcher->state(url) == IconFetcher::State::Failed;
        }, timeout);
    }

    // The one the window uses, switched on or off, trusting the test server, its cache empty.
    IconFetcher *sharedFetcher(bool enabled)
    {
        IconFetcher *shared = IconFetcher::instance();
        shared->setEnabled(enabled);
        shared->setSslConfiguration(m_server->trusting());
        shared->setAllowPrivateAddresses(true);
        shared->clearCache();
        return shared;
    }

    // /big.png: an answer that says it is larger than any icon may be.
    void routeTooBig()
    {
        m_server->route("/big.png", [](QSslSocket *socket, const Request &) {
            socket->write("HTTP/1.1 200 OK\r\nContent-Length: 999999\r\n\r\n");
        });
    }

    std::unique_ptr<TlsServer> m_server;
    std::unique_ptr<IconFetcher> m_fetcher;
};

void tst_IconFetcher::sanitizeSvg_data()
{
    QTest::addColumn<QByteArray>("svg");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("external image dropped") << QByteArray(R"(<svg><image href="https://t/x.png" width="1"/><rect/></svg>)")
                                            << QByteArray(R"(<svg><rect/></svg>)");
    QTest::newRow("xlink image with body dropped") << QByteArray(R"(<svg><image xlink:href='file:///etc/passwd'></image ></svg>)")
                                                   << QByteArray(R"(<svg></svg>)");
    QTest::newRow("data image kept") << QByteArray(R"(<svg><image href="data:image/png;base64,AA"/></svg>)")
                                     << QByteArray(R"(<svg><image href="data:image/png;base64,AA"/></svg>)");
    QTest::newRow("fragment kept") << QByteArray(R"(<svg><use href="#a"/></svg>)") << QByteArray(R"(<svg><use href="#a"/></svg>)");
    QTest::newRow("external use dropped") << QByteArray(R"(<svg><use xlink:href="https://t/s.svg#a" x="1"/><use href="#b"/></svg>)")
                                          << QByteArray(R"(<svg><use href="#b"/></svg>)");
    QTest::newRow("external link loses href") << QByteArray(R"(<svg><a href="https://t/"><rect/></a></svg>)")
                                              << QByteArray(R"(<svg><a><rect/></a></svg>)");
    QTest::newRow("entity removed") << QByteArray(R"(<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg/>)")
                                    << QByteArray(R"(<!DOCTYPE svg []><svg/>)");
}

void tst_IconFetcher::sanitizeSvg()
{
    QFETCH(QByteArray, svg);
    QFETCH(QByteArray, expected);
    QCOMPARE(ImageDecode::sanitizeSvg(svg), expected);
}

void tst_IconFetcher::rankIcons_data()
{
    QTest::addColumn<QString>("icons");
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QString>("first");

    QTest::newRow("data before https") << R"([{"src":"https://a/x.png"},{"src":"data:image/png;base64,AA"}])" << false << "data:image/png;base64,AA";
    QTest::newRow("http and file last") << R"([{"src":"http://a/x.png"},{"src":"file:///x.png"},{"src":"https://a/y.png"}])" << false << "https://a/y.png";
    QTest::newRow("dark theme on dark palette") << R"([{"src":"https://a/l.png","theme":"light"},{"src":"https://a/d.png","theme":"dark"}])" << true << "https://a/d.png";
    QTest::newRow("light theme on light palette") << R"([{"src":"https://a/d.png","theme":"dark"},{"src":"https://a/l.png","theme":"light"}])" << false << "https://a/l.png";
    QTest::newRow("no theme beats the wrong theme") << R"([{"src":"data:image/png;base64,AA","theme":"dark"},{"src":"https://a/n.png"}])" << false << "https://a/n.png";
    QTest::newRow("closest size, larger preferred") << R"([{"src":"https://a/16.png","sizes":["16x16"]},{"src":"https://a/256.png","sizes":["256x256"]},{"src":"https://a/32.png","sizes":["32x32"]}])" << false << "https://a/32.png";
    QTest::newRow("any is exact") << R"([{"src":"https://a/48.png","sizes":["48x48"]},{"src":"https://a/s.svg","sizes":["any"]}])" << false << "https://a/s.svg";
    QTest::newRow("several sizes in one icon") << R"([{"src":"https://a/big.png","sizes":["512x512"]},{"src":"https://a/multi.ico","sizes":["16x16","24x24"]}])" << false << "https://a/multi.ico";
    QTest::newRow("garbage sizes tolerated") << R"([{"src":"https://a/g.png","sizes":["x","-3x4",7]},{"src":"https://a/ok.png"}])" << false << "https://a/g.png";
}

void tst_IconFetcher::rankIcons()
{
    QFETCH(QString, icons);
    QFETCH(bool, dark);
    QFETCH(QString, first);
    const QJsonArray array = QJsonDocument::fromJson(icons.toUtf8()).array();
    QVERIFY(!array.isEmpty());
    const QList<QJsonObject> ranked = ImageDecode::rankIcons(array, 24, dark);
    QCOMPARE(ranked.size(), array.size());
    QCOMPARE(ranked.first().value(QStringLiteral("src")).toString(), first);
}

void tst_IconFetcher::pngFetchedAndDrawn()
{
    const QUrl url = m_server->url(QStringLiteral("/red.png"));
    QSignalSpy finished(m_fetcher.get(), &IconFetcher::fetchFinished);
    IconFetcher::Lookup first = m_fetcher->lookup(iconsOf(url));
    QVERIFY(first.icon.isNull());
    QCOMPARE(first.pending, url);
    QVERIFY2(first.note.contains(QLatin1String("127.0.0.1")), qPrintable(first.note));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(finished.first().first().toUrl(), url);
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Loaded);
    const IconFetcher::Lookup second = m_fetcher->lookup(iconsOf(url));
    QVERIFY(!second.icon.isNull());
    QVERIFY(second.note.isEmpty());
    QCOMPARE(centre(second.icon), QColor(Qt::red));
    QCOMPARE(m_server->requests.size(), 1);
    // The request names what it accepts and carries nothing of the user's.
    const Request &request = m_server->requests.first();
    QVERIFY(request.headers.value("accept").contains("image/png"));
    QVERIFY(!request.headers.contains("cookie"));
    QVERIFY(!request.headers.contains("authorization"));
}

void tst_IconFetcher::svgDrawnWithoutExternalReferences()
{
    // Served with a lying Content-Type: the bytes decide.
    m_server->route("/logo.svg", [this](QSslSocket *socket, const Request &) {
        const QByteArray tracker = m_server->url(QStringLiteral("/tracker.png")).toEncoded();
        TlsServer::respond(socket, "200 OK",
                           "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                           "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"32\" height=\"32\">"
                           "<rect width=\"32\" height=\"32\" fill=\"#00ff00\"/>"
                           "<image href=\"" + tracker + "\" width=\"8\" height=\"8\"/>"
                           "<image xlink:href=\"" + tracker + "\" width=\"8\" height=\"8\"/>"
                           "<use href=\"" + tracker + "#x\"/></svg>",
                           {"Content-Type: text/plain"});
    });
    const QUrl url = m_server->url(QStringLiteral("/logo.svg"));
    m_fetcher->lookup(iconsOf(url));
    QVERIFY(waitFinished(url));
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Loaded);
    QCOMPARE(centre(m_fetcher->icon(url)), QColor(0, 255, 0));
    QTest::qWait(300); // anything the SVG asked for would have arrived by now
    QCOMPARE(m_server->count("/tracker.png"), 0);
    QCOMPARE(m_server->requests.size(), 1);
}

void tst_IconFetcher::contentLengthOverCapRefused()
{
    // Headers announce 300000 bytes, then the body trickles: the fetch must not wait for it.
    m_server->route("/huge.png", [](QSslSocket *socket, const Request &) {
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 300000\r\n\r\n");
        socket->write(png(Qt::blue));
    });
    const QUrl url = m_server->url(QStringLiteral("/huge.png"));
    QElapsedTimer timer;
    timer.start();
    m_fetcher->lookup(iconsOf(url));
    QVERIFY(waitFinished(url));
    QVERIFY(timer.elapsed() < 5000);
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
    QCOMPARE(m_fetcher->errorString(url), QStringLiteral("larger than 256 KiB"));
    const IconFetcher::Lookup again = m_fetcher->lookup(iconsOf(url));
    QVERIFY(again.icon.isNull());
    QCOMPARE(again.note, QStringLiteral("Icon not loaded: larger than 256 KiB"));
}

void tst_IconFetcher::streamOverCapAbortedEarly()
{
    // Chunked, no Content-Length: 8 MiB in 16 KiB chunks every 5 ms. The fetcher must hang up
    // once it has more than 256 KiB, long before the end.
    static constexpr qint64 Total = 8 * 1024 * 1024;
    // Shared with the server's callbacks, which may outlive this function by a few events.
    auto sent = std::make_shared<qint64>(0);
    auto closedEarly = std::make_shared<bool>(false);
    m_server->route("/endless.png", [sent, closedEarly](QSslSocket *socket, const Request &) {
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n");
        auto *timer = new QTimer(socket);
        connect(socket, &QSslSocket::disconnected, socket, [sent, closedEarly] { *closedEarly = *sent < Total; });
        connect(timer, &QTimer::timeout, socket, [socket, timer, sent] {
            const QByteArray chunk(16 * 1024, 'x');
            socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
            *sent += chunk.size();
            if (*sent >= Total) {
                socket->write("0\r\n\r\n");
                timer->stop();
            }
        });
        timer->start(5);
    });
    const QUrl url = m_server->url(QStringLiteral("/endless.png"));
    m_fetcher->lookup(iconsOf(url));
    QVERIFY(waitFinished(url, 20000));
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
    QCOMPARE(m_fetcher->errorString(url), QStringLiteral("larger than 256 KiB"));
    QTRY_VERIFY_WITH_TIMEOUT(*closedEarly, 5000);
    qInfo("the server had sent %lld of %lld bytes when the fetcher hung up", *sent, Total);
    QVERIFY2(*sent < 2 * 1024 * 1024, qPrintable(QString::number(*sent)));
}

void tst_IconFetcher::plainHttpRefusedWithoutRequest()
{
    const QUrl url = m_server->url(QStringLiteral("/red.png"), QStringLiteral("http"));
    QVERIFY(!m_fetcher->fetch(url));
    QVERIFY(!m_fetcher->fetch(QUrl(QStringLiteral("file:///etc/passwd"))));
    QVERIFY(!m_fetcher->fetch(QUrl(QStringLiteral("ftp://127.0.0.1/x.png"))));
    const IconFetcher::Lookup found = m_fetcher->lookup(iconsOf(url));
    QVERIFY(found.icon.isNull());
    QVERIFY(found.pending.isEmpty());
    QVERIFY2(found.note.contains(QLatin1String("https")), qPrintable(found.note));
    QTest::qWait(300);
    QCOMPARE(m_server->connections, 0);
    QCOMPARE(m_server->requests.size(), 0);
}

void tst_IconFetcher::redirects()
{
    m_server->route("/hop.png", [](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "302 Found", {}, {"Location: /red.png"});
    });
    m_server->route("/downgrade.png", [this](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "302 Found", {},
                           {"Location: " + m_server->url(QStringLiteral("/red.png"), QStringLiteral("http")).toEncoded()});
    });
    for (int i = 0; i < 10; ++i) {
        m_server->route("/loop" + QByteArray::number(i) + ".png", [i](QSslSocket *socket, const Request &) {
            TlsServer::respond(socket, "302 Found", {}, {"Location: /loop" + QByteArray::number(i + 1) + ".png"});
        });
    }

    const QUrl hop = m_server->url(QStringLiteral("/hop.png"));
    m_fetcher->fetch(hop);
    QVERIFY(waitFinished(hop));
    QCOMPARE(m_fetcher->state(hop), IconFetcher::State::Loaded);
    QCOMPARE(m_server->count("/red.png"), 1);

    const QUrl downgrade = m_server->url(QStringLiteral("/downgrade.png"));
    const int connectionsBefore = m_server->connections;
    m_fetcher->fetch(downgrade);
    QVERIFY(waitFinished(downgrade));
    QCOMPARE(m_fetcher->state(downgrade), IconFetcher::State::Failed);
    QVERIFY2(m_fetcher->errorString(downgrade).contains(QLatin1String("not https")), qPrintable(m_fetcher->errorString(downgrade)));
    QCOMPARE(m_server->count("/red.png"), 1); // the http address was never asked for
    QVERIFY(m_server->connections <= connectionsBefore + 1);

    const QUrl loop = m_server->url(QStringLiteral("/loop0.png"));
    m_fetcher->fetch(loop);
    QVERIFY(waitFinished(loop));
    QCOMPARE(m_fetcher->state(loop), IconFetcher::State::Failed);
    QVERIFY2(m_fetcher->errorString(loop).contains(QLatin1String("redirect")), qPrintable(m_fetcher->errorString(loop)));
    QCOMPARE(m_server->count("/loop3.png"), 1);
    QCOMPARE(m_server->count("/loop4.png"), 0);
}

void tst_IconFetcher::silentServerTimesOut()
{
    m_server->route("/silent.png", [](QSslSocket *, const Request &) {});
    m_fetcher->setTransferTimeout(300);
    const QUrl url = m_server->url(QStringLiteral("/silent.png"));
    QElapsedTimer timer;
    timer.start();
    m_fetcher->fetch(url);
    QVERIFY(waitFinished(url));
    QVERIFY(timer.elapsed() < 5000);
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
    QCOMPARE(m_fetcher->errorString(url), QStringLiteral("no answer within 0.3 s"));
}

void tst_IconFetcher::untrustedCertificateFails()
{
    IconFetcher stranger; // trusts only the system's CAs
    stranger.setAllowPrivateAddresses(true);
    const QUrl url = m_server->url(QStringLiteral("/red.png"));
    QSignalSpy finished(&stranger, &IconFetcher::fetchFinished);
    QVERIFY(stranger.fetch(url));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(stranger.state(url), IconFetcher::State::Failed);
    const QString error = stranger.errorString(url);
    QVERIFY2(error.startsWith(QLatin1String("TLS error")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("self signed"), Qt::CaseInsensitive)
                 || error.contains(QLatin1String("self-signed"), Qt::CaseInsensitive),
             qPrintable(error));
    QCOMPARE(m_server->requests.size(), 0);

    // Asking to relax verification is not honoured.
    QSslConfiguration lax = QSslConfiguration::defaultConfiguration();
    lax.setPeerVerifyMode(QSslSocket::VerifyNone);
    IconFetcher lenient;
    lenient.setAllowPrivateAddresses(true);
    lenient.setSslConfiguration(lax);
    QSignalSpy lenientFinished(&lenient, &IconFetcher::fetchFinished);
    QVERIFY(lenient.fetch(url));
    QTRY_COMPARE_WITH_TIMEOUT(lenientFinished.size(), 1, 10000);
    QCOMPARE(lenient.state(url), IconFetcher::State::Failed);
    QCOMPARE(m_server->requests.size(), 0);
}

void tst_IconFetcher::noCookiesNoCredentials()
{
    m_server->route("/cookie.png", [](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "200 OK", png(Qt::red),
                           {"Content-Type: image/png", "Set-Cookie: session=secret; Path=/; Secure"});
    });
    m_server->route("/locked.png", [](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "401 Unauthorized", "no", {"WWW-Authenticate: Basic realm=\"icons\""});
    });
    const QUrl cookie = m_server->url(QStringLiteral("/cookie.png"));
    m_fetcher->fetch(cookie);
    QVERIFY(waitFinished(cookie));
    QCOMPARE(m_fetcher->state(cookie), IconFetcher::State::Loaded);

    const QUrl after = m_server->url(QStringLiteral("/red.png"));
    m_fetcher->fetch(after);
    QVERIFY(waitFinished(after));

    // Credentials written into the icon's address are not sent either, not even after a challenge.
    QUrl locked = m_server->url(QStringLiteral("/locked.png"));
    locked.setUserInfo(QStringLiteral("user:secret"));
    m_fetcher->fetch(locked);
    QVERIFY(waitFinished(locked));
    QCOMPARE(m_fetcher->state(locked), IconFetcher::State::Failed);
    QVERIFY2(m_fetcher->errorString(locked).contains(QLatin1String("credentials"))
                 || m_fetcher->errorString(locked).contains(QLatin1String("401")),
             qPrintable(m_fetcher->errorString(locked)));

    QCOMPARE(m_server->count("/red.png"), 1);
    QVERIFY(m_server->count("/locked.png") >= 1);
    for (const Request &request : std::as_const(m_server->requests)) {
        QVERIFY2(!request.headers.contains("cookie"), request.path.constData());
        QVERIFY2(!request.headers.contains("authorization"), request.path.constData());
    }
}

void tst_IconFetcher::sameUrlFetchedOnceAndFailuresCached()
{
    const QUrl url = m_server->url(QStringLiteral("/red.png"));
    const QUrl missing = m_server->url(QStringLiteral("/missing.png"));
    QSignalSpy finished(m_fetcher.get(), &IconFetcher::fetchFinished);
    // Two lists asking at once, and again while it is under way.
    m_fetcher->lookup(iconsOf(url));
    m_fetcher->lookup(iconsOf(url));
    QVERIFY(m_fetcher->fetch(url));
    m_fetcher->lookup(iconsOf(missing));
    m_fetcher->lookup(iconsOf(missing));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);
    QVERIFY(!m_fetcher->lookup(iconsOf(url)).icon.isNull());
    const IconFetcher::Lookup failed = m_fetcher->lookup(iconsOf(missing));
    QVERIFY(failed.icon.isNull());
    QVERIFY2(failed.note.contains(QLatin1String("404")), qPrintable(failed.note));
    QTest::qWait(200);
    QCOMPARE(m_server->count("/red.png"), 1);
    QCOMPARE(m_server->count("/missing.png"), 1);
    QCOMPARE(finished.size(), 2);

    // A failed https icon falls back to the next one in the array.
    const QJsonArray twoIcons{QJsonObject{{QStringLiteral("src"), missing.toString()}, {QStringLiteral("sizes"), QJsonArray{QStringLiteral("24x24")}}},
                              QJsonObject{{QStringLiteral("src"), url.toString()}, {QStringLiteral("sizes"), QJsonArray{QStringLiteral("512x512")}}}};
    QVERIFY(!m_fetcher->lookup(twoIcons).icon.isNull());
}

void tst_IconFetcher::atMostFourAtOnce()
{
    // Each answer waits 150 ms; the server counts how many are open at the same time.
    int open = 0;
    int mostOpen = 0;
    for (int i = 0; i < 10; ++i) {
        m_server->route("/slow" + QByteArray::number(i) + ".png", [&](QSslSocket *socket, const Request &) {
            mostOpen = std::max(mostOpen, ++open);
            QTimer::singleShot(150, socket, [socket, &open] {
                --open;
                TlsServer::respond(socket, "200 OK", png(Qt::red));
            });
        });
    }
    QList<QUrl> urls;
    for (int i = 0; i < 10; ++i) {
        urls.append(m_server->url(QStringLiteral("/slow%1.png").arg(i)));
        m_fetcher->fetch(urls.last());
    }
    for (const QUrl &url : std::as_const(urls))
        QVERIFY(waitFinished(url, 20000));
    for (const QUrl &url : std::as_const(urls))
        QCOMPARE(m_fetcher->state(url), IconFetcher::State::Loaded);
    QCOMPARE(mostOpen, IconFetcher::MaxConcurrentFetches);
}

void tst_IconFetcher::toolListUpdatesInPlace()
{
    IconFetcher *shared = sharedFetcher(true);
    routeTooBig();
    const QUrl red = m_server->url(QStringLiteral("/red.png"));
    const QUrl big = m_server->url(QStringLiteral("/big.png"));
    const QString green = dataUri("image/png", png(Qt::green));
    const QJsonArray tools{
        QJsonObject{{QStringLiteral("name"), QStringLiteral("plain")}, {QStringLiteral("description"), QStringLiteral("no icon")}},
        QJsonObject{{QStringLiteral("name"), QStringLiteral("web")}, {QStringLiteral("description"), QStringLiteral("red from the web")},
                    {QStringLiteral("icons"), iconsOf(red)}},
        QJsonObject{{QStringLiteral("name"), QStringLiteral("inline")}, {QStringLiteral("icons"), QJsonArray{QJsonObject{{QStringLiteral("src"), green}}}}},
        QJsonObject{{QStringLiteral("name"), QStringLiteral("huge")}, {QStringLiteral("description"), QStringLiteral("too big")},
                    {QStringLiteral("icons"), iconsOf(big)}},
    };
    ToolList list;
    list.setItems(tools);
    QVERIFY(list.selectByName(QStringLiteral("huge")));
    QAbstractItemModel *model = list.view()->model();
    // Asked for as the view draws the rows.
    const auto icon = [model](int row) { return model->index(row, 0).data(Qt::DecorationRole).value<QIcon>(); };
    const auto toolTip = [model](int row) { return model->index(row, 0).data(Qt::ToolTipRole).toString(); };
    QVERIFY(icon(1).isNull());
    QVERIFY2(toolTip(1).startsWith(QLatin1String("red from the web\n\n")), qPrintable(toolTip(1)));
    QCOMPARE(centre(icon(2)), QColor(Qt::green)); // data: at once
    QVERIFY(toolTip(3).startsWith(QLatin1String("too big\n\n"))); // its fetch starts
    QSignalSpy reset(model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(model, &QAbstractItemModel::dataChanged);

    QTRY_VERIFY_WITH_TIMEOUT(!icon(1).isNull(), 10000);
    QVERIFY(!changed.isEmpty()); // the row is told to redraw itself
    QCOMPARE(reset.size(), 0);   // nothing rebuilt
    QCOMPARE(centre(icon(1)), QColor(Qt::red));
    QCOMPARE(toolTip(1), QStringLiteral("red from the web"));
    QTRY_COMPARE_WITH_TIMEOUT(toolTip(3), QStringLiteral("too big\n\nIcon not loaded: larger than 256 KiB"), 10000);
    QCOMPARE(list.view()->currentIndex().row(), 3);
    QCOMPARE(list.currentItem().value(QStringLiteral("name")).toString(), QStringLiteral("huge"));
    QVERIFY(icon(0).isNull());
    QCOMPARE(toolTip(0), QStringLiteral("no icon"));

    // A refresh of the list uses the cache: no new request, icon there at once.
    const int before = int(m_server->requests.size());
    list.setItems(tools);
    QVERIFY(!icon(1).isNull());
    QCOMPARE(list.view()->currentIndex().row(), 3);
    QTest::qWait(200);
    QCOMPARE(int(m_server->requests.size()), before);
    shared->clearCache();
}

void tst_IconFetcher::fetchingOffMakesNoRequest()
{
    IconFetcher *shared = sharedFetcher(false);
    const QUrl red = m_server->url(QStringLiteral("/red.png"));
    ToolList list;
    list.setItems({QJsonObject{{QStringLiteral("name"), QStringLiteral("web")}, {QStringLiteral("description"), QStringLiteral("d")},
                               {QStringLiteral("icons"), iconsOf(red)}}});
    const QModelIndex item = list.view()->model()->index(0, 0);
    QVERIFY(item.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY2(item.data(Qt::ToolTipRole).toString().contains(QLatin1String("turned off")), qPrintable(item.data(Qt::ToolTipRole).toString()));
    QVERIFY(item.data(Qt::ToolTipRole).toString().contains(red.toDisplayString()));
    const IconFetcher::Lookup found = shared->lookup(iconsOf(red));
    QVERIFY(found.icon.isNull());
    QVERIFY(found.note.contains(QLatin1String("turned off")));
    QVERIFY(!shared->fetch(red));
    QTest::qWait(300);
    QCOMPARE(m_server->connections, 0);

    // Switched on (the View menu does this): the list fetches and updates itself.
    shared->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!item.data(Qt::DecorationRole).value<QIcon>().isNull(), 10000);
    QCOMPARE(item.data(Qt::ToolTipRole).toString(), QStringLiteral("d"));
    QCOMPARE(m_server->count("/red.png"), 1);
    shared->clearCache();
}

void tst_IconFetcher::toolPanelSaysWhyTheIconIsMissing()
{
    IconFetcher *shared = sharedFetcher(true);
    routeTooBig();
    ToolPanel panel(nullptr);
    panel.setTool(Mcp::Tool::fromJson(QJsonObject{{QStringLiteral("name"), QStringLiteral("huge")},
                                             {QStringLiteral("icons"), iconsOf(m_server->url(QStringLiteral("/big.png")))}}));
    auto *badges = panel.findChild<QLabel *>(QStringLiteral("toolBadges"));
    QVERIFY(badges);
    QVERIFY2(badges->text().contains(QLatin1String("Loading the icon")), qPrintable(badges->text()));
    QTRY_VERIFY_WITH_TIMEOUT(badges->text().contains(QLatin1String("Icon not loaded: larger than 256 KiB")), 10000);
    shared->clearCache();
}

void tst_IconFetcher::isPublicAddress_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<bool>("isPublic");
    const auto row = [](const char *address, bool isPublic) { QTest::newRow(address) << QString::fromLatin1(address) << isPublic; };
    // Public
    row("8.8.8.8", true);
    row("93.184.216.34", true);
    row("1.1.1.1", true);
    row("100.63.255.255", true);    // just below CGNAT
    row("100.128.0.0", true);       // just above CGNAT
    row("172.15.255.255", true);    // just below 172.16/12
    row("172.32.0.0", true);        // just above
    row("169.253.255.255", true);
    row("192.167.255.255", true);
    row("223.255.255.255", true);   // last unicast before multicast
    row("2606:4700:4700::1111", true);
    row("2001:4860:4860::8888", true);
    row("2a00:1450:4001:82b::200e", true);
    row("::ffff:8.8.8.8", true);    // IPv4-mapped public
    row("64:ff9b::808:808", true);  // NAT64 of 8.8.8.8
    row("2002:808:808::1", true);   // 6to4 of 8.8.8.8
    // Not public
    row("127.0.0.1", false);
    row("127.255.255.254", false);
    row("10.0.0.1", false);
    row("10.255.255.255", false);
    row("172.16.0.1", false);
    row("172.31.255.255", false);
    row("192.168.1.1", false);
    row("169.254.169.254", false);  // cloud metadata service
    row("100.64.0.1", false);
    row("100.127.255.255", false);
    row("0.0.0.0", false);
    row("0.1.2.3", false);
    row("192.0.0.8", false);
    row("198.18.0.1", false);
    row("224.0.0.251", false);      // mDNS multicast
    row("239.255.255.250", false);  // SSDP
    row("240.0.0.1", false);
    row("255.255.255.255", false);
    row("::", false);
    row("::1", false);
    row("::127.0.0.1", false);      // IPv4-compatible (deprecated)
    row("fc00::1", false);
    row("fd12:3456:789a::1", false);
    row("fe80::1", false);
    row("febf::1", false);
    row("fec0::1", false);          // site-local (deprecated)
    row("ff02::1", false);
    row("ff05::c", false);
    row("::ffff:127.0.0.1", false);
    row("::ffff:192.168.1.1", false);
    row("::ffff:169.254.169.254", false);
    row("::ffff:10.1.2.3", false);
    row("64:ff9b::7f00:1", false);  // NAT64 of 127.0.0.1
    row("64:ff9b::a9fe:a9fe", false);
    row("2002:c0a8:101::1", false); // 6to4 of 192.168.1.1
    row("2002:7f00:1::", false);
    row("100::1", false);           // discard-only, not global unicast
    row("not an address", false);
}

void tst_IconFetcher::isPublicAddress()
{
    QFETCH(QString, address);
    QFETCH(bool, isPublic);
    QCOMPARE(IconFetcher::isPublicAddress(QHostAddress(address)), isPublic);
}

void tst_IconFetcher::privateAddressesRefusedByDefault()
{
    QCOMPARE(IconFetcher::localNetworkSettingKey(), QStringLiteral("privacy/fetchLocalNetworkIcons"));
    IconFetcher fresh;
    QVERIFY(!fresh.allowsPrivateAddresses());
}

void tst_IconFetcher::localAddressRefusedWithoutConnection_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("shown");
    QTest::newRow("IPv4 loopback literal") << "127.0.0.1" << "(127.0.0.1)";
    QTest::newRow("name resolving to loopback") << "localhost" << "(localhost = ";
    QTest::newRow("IPv4-mapped loopback") << "::ffff:127.0.0.1" << "(::ffff:127.0.0.1)";
    QTest::newRow("IPv6 loopback") << "::1" << "(::1)";
}

void tst_IconFetcher::localAddressRefusedWithoutConnection()
{
    QFETCH(QString, host);
    QFETCH(QString, shown);
    m_fetcher->setAllowPrivateAddresses(false);
    QUrl url = m_server->url(QStringLiteral("/red.png"));
    url.setHost(host);
    QSignalSpy finished(m_fetcher.get(), &IconFetcher::fetchFinished);
    const IconFetcher::Lookup first = m_fetcher->lookup(iconsOf(url));
    QVERIFY(first.icon.isNull());
    QCOMPARE(first.pending, url); // refused from the event loop, like any other end
    QCOMPARE(finished.size(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
    const QString error = m_fetcher->errorString(url);
    QVERIFY2(error.startsWith(QLatin1String("its address is on your own machine or network ") + shown), qPrintable(error));
    QVERIFY2(error.endsWith(QLatin1String("; MCP Scope only fetches icons from public addresses")), qPrintable(error));
    // The refusal is cached and is what the tooltip says.
    const IconFetcher::Lookup again = m_fetcher->lookup(iconsOf(url));
    QVERIFY(again.pending.isEmpty());
    QCOMPARE(again.note, QStringLiteral("Icon not loaded: ") + error);
    QVERIFY(!m_fetcher->fetch(url) || m_fetcher->state(url) == IconFetcher::State::Failed);
    QTest::qWait(300);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(m_server->connections, 0);
    QCOMPARE(m_server->requests.size(), 0);
}

void tst_IconFetcher::redirectToLocalAddressRefused()
{
    m_fetcher->setAllowPrivateAddresses(false);
    // Stands in for a public icon server: only this host and port pass the address check.
    m_fetcher->allowPrivateOrigin(m_server->url(QString()));
    const QByteArray port = QByteArray::number(m_server->url(QString()).port());
    m_server->route("/hop.png", [](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "302 Found", {}, {"Location: /red.png"});
    });
    m_server->route("/to-localhost.png", [port](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "302 Found", {}, {"Location: https://localhost:" + port + "/red.png"});
    });
    m_server->route("/to-mapped.png", [port](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "307 Temporary Redirect", {}, {"Location: https://[::ffff:127.0.0.1]:" + port + "/red.png"});
    });

    // A redirect within the allowed origin is followed.
    const QUrl hop = m_server->url(QStringLiteral("/hop.png"));
    m_fetcher->fetch(hop);
    QVERIFY(waitFinished(hop));
    QCOMPARE(m_fetcher->state(hop), IconFetcher::State::Loaded);
    QCOMPARE(m_server->count("/red.png"), 1);
    const int connections = m_server->connections;

    for (const QByteArray path : {QByteArray("/to-localhost.png"), QByteArray("/to-mapped.png")}) {
        const QUrl url = m_server->url(QString::fromLatin1(path));
        m_fetcher->fetch(url);
        QVERIFY(waitFinished(url));
        QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
        const QString error = m_fetcher->errorString(url);
        QVERIFY2(error.startsWith(QLatin1String("redirected to https://")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("its address is on your own machine or network (")), qPrintable(error));
        QCOMPARE(m_server->count(path), 1);
    }
    QTest::qWait(300);
    QCOMPARE(m_server->count("/red.png"), 1); // never asked for through the local names
    QCOMPARE(m_server->connections, connections); // the redirects came over the kept-alive connection
}

void tst_IconFetcher::unresolvableHostFails()
{
    // .invalid never resolves (RFC 2606). Without a working resolver the lookup may instead
    // run into the transfer timeout, which bounds lookups too.
    m_fetcher->setAllowPrivateAddresses(false);
    m_fetcher->setTransferTimeout(3000);
    const QUrl url(QStringLiteral("https://icon.mcpscope-test.invalid/x.png"));
    QVERIFY(m_fetcher->fetch(url));
    QVERIFY(waitFinished(url));
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
    const QString error = m_fetcher->errorString(url);
    QVERIFY2(error.startsWith(QLatin1String("could not look up icon.mcpscope-test.invalid: "))
                 || error == QLatin1String("no answer within 3 s"),
             qPrintable(error));
}

void tst_IconFetcher::resolvedAddressPinnedNameKept()
{
    // The certificate is valid for "localhost" only, not for 127.0.0.1: the handshake succeeds
    // only if the name, not the address connected to, is what is verified.
    TlsServer named(QStringLiteral("tests/auto/ui_icons/localhost"));
    named.route("/red.png", [](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "200 OK", png(Qt::red), {"Content-Type: image/png"});
    });
    named.route("/hop.png", [](QSslSocket *socket, const Request &) {
        TlsServer::respond(socket, "302 Found", {}, {"Location: /red.png"});
    });
    const QByteArray authority = "localhost:" + QByteArray::number(named.url(QString()).port());
    for (const bool allowAll : {true, false}) {
        IconFetcher fetcher;
        fetcher.setSslConfiguration(named.trusting());
        fetcher.setAllowPrivateAddresses(allowAll);
        if (!allowAll) // the checked path: this origin stands in for a public server
            fetcher.allowPrivateOrigin(named.url(QString(), QStringLiteral("https"), QStringLiteral("localhost")));
        // A relative redirect is resolved against the named URL, so it stays on "localhost".
        const QUrl url = named.url(allowAll ? QStringLiteral("/red.png") : QStringLiteral("/hop.png"),
                                   QStringLiteral("https"), QStringLiteral("localhost"));
        const int before = int(named.requests.size());
        QVERIFY(fetcher.fetch(url));
        QTRY_VERIFY_WITH_TIMEOUT(fetcher.state(url) == IconFetcher::State::Loaded
                                     || fetcher.state(url) == IconFetcher::State::Failed, 10000);
        QVERIFY2(fetcher.state(url) == IconFetcher::State::Loaded, qPrintable(fetcher.errorString(url)));
        QCOMPARE(centre(fetcher.icon(url)), QColor(Qt::red));
        QCOMPARE(int(named.requests.size()), before + (allowAll ? 1 : 2));
        for (qsizetype i = before; i < named.requests.size(); ++i)
            QCOMPARE(named.requests.at(i).headers.value("host"), authority);
    }
    QVERIFY(!named.serverNames().isEmpty());
    for (const QByteArray &name : named.serverNames())
        QCOMPARE(name, QByteArray("localhost"));
}

void tst_IconFetcher::certificateForAnotherNameFails()
{
    // m_server's certificate is for 127.0.0.1, the address "localhost" is pinned to: the TCP
    // connection succeeds, the name check must not.
    const QUrl url = m_server->url(QStringLiteral("/red.png"), QStringLiteral("https"), QStringLiteral("localhost"));
    QVERIFY(m_fetcher->fetch(url));
    QVERIFY(waitFinished(url));
    QCOMPARE(m_fetcher->state(url), IconFetcher::State::Failed);
    const QString error = m_fetcher->errorString(url);
    QVERIFY2(error.startsWith(QLatin1String("TLS error: ")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("host name did not match")), qPrintable(error));
    QVERIFY(m_server->connections >= 1);
    QCOMPARE(m_server->requests.size(), 0);
    QCOMPARE(m_server->serverNames().value(0), QByteArray("localhost"));
}

QTEST_MAIN(tst_IconFetcher)
#include "tst_iconfetcher.moc"
