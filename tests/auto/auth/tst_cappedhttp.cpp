// CappedHttpExchange over plain http against a raw peer on loopback that writes exactly the bytes
// each case needs: chunked bodies with extensions and trailers, bodies read until close, interim
// answers, redirects (same origin followed, another origin not, loops cut), malformed framing,
// silence, an answer announced or grown past the cap. (tst_oauth_hostile.py sends 1 GiB as fast as
// loopback allows to the real process.)
#include "auth/cappedhttp.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include "rawhttp.h"

using namespace Mcp;

namespace {

// Answers each request with the bytes registered for its path, then closes (unless told not to).
class RawPeer : public QObject
{
public:
    struct Answer
    {
        QByteArray bytes;
        bool close = true;
    };

    RawPeer()
    {
        QVERIFY(m_server.listen(QHostAddress::LocalHost));
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                auto *received = new QByteArray;
                connect(socket, &QObject::destroyed, this, [received] { delete received; });
                connect(socket, &QTcpSocket::readyRead, this, [this, socket, received] {
                    *received += socket->readAll();
                    QByteArray head, body;
                    if (!Mcp::Test::wholeRequest(*received, &head, &body))
                        return;
                    requests.append(*received);
                    const QByteArray path = head.split(' ').value(1).split('?').first();
                    received->clear();
                    const Answer answer = answers.value(path, {QByteArray("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")});
                    socket->write(answer.bytes);
                    if (answer.close)
                        socket->disconnectFromHost();
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    QUrl url(const QByteArray &path) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(QString::fromLatin1(path)));
    }

    QHash<QByteArray, Answer> answers;
    QList<QByteArray> requests;

private:
    QTcpServer m_server;
};

CappedHttpExchange::Response exchange(QNetworkAccessManager *nam, const CappedHttpExchange::Request &request)
{
    auto *exchange = new CappedHttpExchange(nam);
    CappedHttpExchange::Response response;
    bool done = false;
    QObject::connect(exchange, &CappedHttpExchange::finished, [&](const CappedHttpExchange::Response &r) {
        response = r;
        done = true;
    });
    exchange->start(request);
    if (!QTest::qWaitFor([&] { return done; }, 10000))
        response.errorString = QStringLiteral("(the test gave up waiting)");
    return response;
}

CappedHttpExchange::Request get(const QUrl &url)
{
    CappedHttpExchange::Request request;
    request.url = url;
    return request;
}

// A POST of form to url that follows same-origin redirects.
CappedHttpExchange::Request postFollowingRedirects(const QUrl &url, const QByteArray &form)
{
    CappedHttpExchange::Request request = get(url);
    request.method = "POST";
    request.body = form;
    request.followSameOriginRedirects = true;
    return request;
}

// What a plain GET receives from a peer that sends answer (and closes the connection after it).
CappedHttpExchange::Response getAnswered(QNetworkAccessManager *nam, const QByteArray &answer)
{
    RawPeer peer;
    peer.answers["/a"] = {answer};
    return exchange(nam, get(peer.url("/a")));
}

} // namespace

class tst_CappedHttp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chunkedWithExtensionsAndTrailer();
    void bodyUntilClose();
    void interimAnswerSkipped();
    void requestAsSent();
    void capAnnouncedOrReached_data();
    void capAnnouncedOrReached();
    void malformedFraming_data();
    void malformedFraming();
    void sameOriginRedirectFollowed();
    void otherOriginRedirectReturned();
    void redirectLoopCut();
    void silenceFails();

private:
    QNetworkAccessManager m_nam;
};

void tst_CappedHttp::chunkedWithExtensionsAndTrailer()
{
    const auto response = getAnswered(&m_nam, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Kind: token\r\n\r\n"
                                              "5;name=value\r\n{\"a\":\r\n3\r\n 1}\r\n0\r\nX-Trailer: yes\r\n\r\n");
    QCOMPARE(response.status, 200);
    QCOMPARE(response.body, QByteArray("{\"a\": 1}"));
    QCOMPARE(response.header("x-kind"), QByteArray("token"));
    QVERIFY(response.errorString.isEmpty());
}

void tst_CappedHttp::bodyUntilClose()
{
    const auto response = getAnswered(&m_nam, "HTTP/1.1 200 OK\r\n\r\nread until the end");
    QCOMPARE(response.status, 200);
    QCOMPARE(response.body, QByteArray("read until the end"));
}

void tst_CappedHttp::interimAnswerSkipped()
{
    const auto response = getAnswered(&m_nam, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}");
    QCOMPARE(response.status, 201);
    QCOMPARE(response.body, QByteArray("{}"));
}

void tst_CappedHttp::requestAsSent()
{
    RawPeer peer;
    peer.answers["/token"] = {"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"};
    CappedHttpExchange::Request request = get(peer.url("/token"));
    request.url.setQuery(QStringLiteral("a=b c"));
    request.method = "POST";
    request.body = "grant_type=client_credentials";
    request.headers.emplaceBack("Content-Type", "application/x-www-form-urlencoded");
    QCOMPARE(exchange(&m_nam, request).status, 200);
    QCOMPARE(peer.requests.size(), 1);
    const QByteArray sent = peer.requests.first();
    QVERIFY2(sent.startsWith("POST /token?a=b%20c HTTP/1.1\r\n"), sent.constData());
    QVERIFY2(sent.contains(QByteArray("\r\nHost: 127.0.0.1:" + QByteArray::number(request.url.port()) + "\r\n")), sent.constData());
    QVERIFY2(sent.contains("\r\nContent-Type: application/x-www-form-urlencoded\r\n"), sent.constData());
    QVERIFY2(sent.contains("\r\nContent-Length: 29\r\n"), sent.constData());
    QVERIFY2(sent.endsWith("\r\n\r\ngrant_type=client_credentials"), sent.constData());
}

void tst_CappedHttp::capAnnouncedOrReached_data()
{
    QTest::addColumn<QByteArray>("answer");
    const QByteArray block(600, 'x');
    QTest::newRow("Content-Length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n{");
    QTest::newRow("one chunk announced") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3e9\r\n{");
    QTest::newRow("chunks add up") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n" + block
                                                 + "\r\n258\r\n" + block + "\r\n0\r\n\r\n");
    QTest::newRow("until close") << QByteArray("HTTP/1.1 200 OK\r\n\r\n" + block + block);
}

void tst_CappedHttp::capAnnouncedOrReached()
{
    QFETCH(QByteArray, answer);
    RawPeer peer;
    peer.answers["/big"] = {answer};
    CappedHttpExchange::Request request = get(peer.url("/big"));
    request.maxBodyBytes = 1000;
    const auto response = exchange(&m_nam, request);
    QVERIFY(response.tooLarge);
    QCOMPARE(response.status, 0);
    QVERIFY(response.body.isEmpty());
}

void tst_CappedHttp::malformedFraming_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QString>("error");
    QTest::newRow("not HTTP") << QByteArray("SSH-2.0-OpenSSH\r\n\r\n") << QStringLiteral("not HTTP/1.1");
    QTest::newRow("chunk size") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                                << QStringLiteral("no valid size");
    QTest::newRow("chunk end") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n")
                               << QStringLiteral("does not end");
    QTest::newRow("encoding") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n")
                              << QStringLiteral("\"gzip\" is not supported");
    QTest::newRow("length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n")
                            << QStringLiteral("not a number");
    QTest::newRow("closed early") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")
                                  << QStringLiteral("closed before the answer was complete");
    QTest::newRow("endless head") << QByteArray("HTTP/1.1 200 OK\r\nX: " + QByteArray(70 * 1024, 'h'))
                                  << QStringLiteral("headers are larger");
}

void tst_CappedHttp::malformedFraming()
{
    QFETCH(QByteArray, answer);
    QFETCH(QString, error);
    RawPeer peer;
    peer.answers["/m"] = {answer, !QByteArray(QTest::currentDataTag()).startsWith("endless")};
    const auto response = exchange(&m_nam, get(peer.url("/m")));
    QCOMPARE(response.status, 0);
    QVERIFY2(response.errorString.contains(error), qPrintable(response.errorString));
}

void tst_CappedHttp::sameOriginRedirectFollowed()
{
    RawPeer peer;
    peer.answers["/old"] = {"HTTP/1.1 302 Found\r\nLocation: /new\r\nContent-Length: 0\r\n\r\n"};
    peer.answers["/new"] = {"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nhere"};
    const CappedHttpExchange::Request request = postFollowingRedirects(peer.url("/old"), "x=1");
    const auto response = exchange(&m_nam, request);
    QCOMPARE(response.status, 200);
    QCOMPARE(response.body, QByteArray("here"));
    QCOMPARE(peer.requests.size(), 2);
    // A POST answered 302 is followed with a GET, and the form does not go along.
    QVERIFY2(peer.requests.at(1).startsWith("GET /new HTTP/1.1\r\n"), peer.requests.at(1).constData());
    QVERIFY(!peer.requests.at(1).contains("x=1"));
}

void tst_CappedHttp::otherOriginRedirectReturned()
{
    RawPeer peer;
    RawPeer other;
    other.answers["/steal"] = {"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"};
    peer.answers["/old"] = {"HTTP/1.1 307 Temporary Redirect\r\nLocation: " + other.url("/steal").toEncoded()
                            + "\r\nContent-Length: 0\r\n\r\n"};
    const CappedHttpExchange::Request request = postFollowingRedirects(peer.url("/old"), "client_secret=s3cret");
    const auto response = exchange(&m_nam, request);
    QCOMPARE(response.status, 307);
    QTest::qWait(100);
    QVERIFY(other.requests.isEmpty());
}

void tst_CappedHttp::redirectLoopCut()
{
    RawPeer peer;
    peer.answers["/loop"] = {"HTTP/1.1 308 Permanent Redirect\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n"};
    CappedHttpExchange::Request request = get(peer.url("/loop"));
    request.followSameOriginRedirects = true;
    const auto response = exchange(&m_nam, request);
    QCOMPARE(response.status, 0);
    QVERIFY2(response.errorString.contains(QStringLiteral("redirects")), qPrintable(response.errorString));
    QCOMPARE(peer.requests.size(), 11);
}

void tst_CappedHttp::silenceFails()
{
    RawPeer peer;
    peer.answers["/slow"] = {"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{", false};
    CappedHttpExchange::Request request = get(peer.url("/slow"));
    request.transferTimeoutMs = 300;
    const auto response = exchange(&m_nam, request);
    QCOMPARE(response.status, 0);
    QVERIFY2(response.errorString.contains(QStringLiteral("nothing arrived for 0.3 s")), qPrintable(response.errorString));
}

QTEST_MAIN(tst_CappedHttp)
#include "tst_cappedhttp.moc"
