// StdioServerTransport over real pipes, in process: line splitting at every offset, invalid
// frames, a huge message through a slow reader, EOF and the line size cap.
#include "server/stdioservertransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QSocketNotifier>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace Mcp;

namespace {

// Two pipes: the test writes the transport's input and reads its output.
struct Pipes
{
    int input[2] = {-1, -1};
    int output[2] = {-1, -1};
    bool ok = false;

    Pipes()
    {
        ok = ::pipe(input) == 0 && ::pipe(output) == 0;
        if (ok) {
            ::fcntl(output[0], F_SETFL, ::fcntl(output[0], F_GETFL) | O_NONBLOCK);
            ::fcntl(input[1], F_SETFL, ::fcntl(input[1], F_GETFL) | O_NONBLOCK);
        }
    }
    ~Pipes()
    {
        for (int fd : {input[0], input[1], output[0], output[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
    }
    void write(const QByteArray &bytes) const
    {
        qsizetype done = 0;
        while (done < bytes.size()) {
            const ssize_t written = ::write(input[1], bytes.constData() + done, size_t(bytes.size() - done));
            if (written > 0)
                done += written;
            else
                QCoreApplication::processEvents(); // the pipe is full: let the transport read
        }
    }
    void closeInput()
    {
        ::close(input[1]);
        input[1] = -1;
    }
    QByteArray readAvailable() const
    {
        QByteArray all;
        char buffer[65536];
        ssize_t count;
        while ((count = ::read(output[0], buffer, sizeof buffer)) > 0)
            all.append(buffer, count);
        return all;
    }
};

QByteArray line(const Message &message)
{
    return message.serialize() + '\n';
}

} // namespace

class tst_StdioServerTransport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitAtEveryOffset();
    void invalidFrames_data();
    void invalidFrames();
    void hugeMessageThroughSlowReader();
    void endOfInputClosesAfterOutputDrains();
    void lineSizeCap();
};

void tst_StdioServerTransport::splitAtEveryOffset()
{
    const QList<Message> expected{
        Message::request(1, QStringLiteral("ping")),
        Message::notification(QStringLiteral("notifications/initialized")),
        Message::request(QStringLiteral("a\nb"), QStringLiteral("tools/call"),
                         QJsonObject{{QStringLiteral("name"), QStringLiteral("echo")},
                                     {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("\u00e9\t\"x\"")}}}}),
        Message::response(7, QJsonObject{{QStringLiteral("ok"), true}}),
        Message::request(8, QStringLiteral("ping")),
        Message::request(9, QStringLiteral("ping")),
    };
    // CRLF, an empty line, a blank CRLF line, a batch, and a last line without its newline.
    QByteArray stream = line(expected.at(0)) + "\n" + expected.at(1).serialize() + "\r\n\r\n" + line(expected.at(2))
        + line(expected.at(3)) + QJsonDocument(QJsonArray{expected.at(4).toJson(), expected.at(5).toJson()}).toJson(QJsonDocument::Compact);

    for (qsizetype offset = 0; offset <= stream.size(); ++offset) {
        Pipes pipes;
        QVERIFY(pipes.ok);
        StdioServerTransport transport(pipes.input[0], pipes.output[1]);
        QList<Message> received;
        connect(&transport, &ServerTransport::messageReceived, this, [&received](const Message &m) { received.append(m); });
        QSignalSpy closed(&transport, &ServerTransport::closed);
        transport.open();
        pipes.write(stream.left(offset));
        QCoreApplication::processEvents();
        pipes.write(stream.mid(offset));
        pipes.closeInput();
        QTRY_COMPARE_WITH_TIMEOUT(closed.size(), 1, 2000);
        QCOMPARE(received, expected);
        QVERIFY2(pipes.readAvailable().isEmpty(), "nothing is answered by the transport itself");
    }
}

void tst_StdioServerTransport::invalidFrames_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<int>("code");
    QTest::addColumn<QJsonValue>("id");
    QTest::newRow("not JSON") << QByteArray("hello world") << -32700 << QJsonValue(QJsonValue::Null);
    QTest::newRow("truncated") << QByteArray("{\"jsonrpc\":\"2.0\",") << -32700 << QJsonValue(QJsonValue::Null);
    QTest::newRow("number") << QByteArray("42") << -32600 << QJsonValue(QJsonValue::Null);
    QTest::newRow("two numbers") << QByteArray("1,2") << -32700 << QJsonValue(QJsonValue::Null);
    QTest::newRow("no jsonrpc, id kept") << QByteArray(R"({"id":"k","method":"ping"})") << -32600 << QJsonValue("k");
    QTest::newRow("null request id") << QByteArray(R"({"jsonrpc":"2.0","id":null,"method":"ping"})") << -32600
                                     << QJsonValue(QJsonValue::Null);
    QTest::newRow("empty batch") << QByteArray("[]") << -32600 << QJsonValue(QJsonValue::Null);
}

void tst_StdioServerTransport::invalidFrames()
{
    QFETCH(QByteArray, frame);
    QFETCH(int, code);
    QFETCH(QJsonValue, id);
    Pipes pipes;
    QVERIFY(pipes.ok);
    StdioServerTransport transport(pipes.input[0], pipes.output[1]);
    QSignalSpy invalid(&transport, &ServerTransport::invalidFrameReceived);
    QSignalSpy received(&transport, &ServerTransport::messageReceived);
    transport.open();
    pipes.write(frame + '\n' + line(Message::request(5, QStringLiteral("ping"))));
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), 1, 2000);
    QCOMPARE(invalid.size(), 1);
    QCOMPARE(invalid.at(0).at(0).toByteArray(), frame);
    QByteArray output;
    QTRY_VERIFY_WITH_TIMEOUT((output += pipes.readAvailable()).endsWith('\n'), 2000);
    QCOMPARE(output.count('\n'), 1);
    const QJsonObject reply = QJsonDocument::fromJson(output).object();
    QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), code);
    QCOMPARE(reply.value(QStringLiteral("id")), id);
}

void tst_StdioServerTransport::hugeMessageThroughSlowReader()
{
    Pipes pipes;
    QVERIFY(pipes.ok);
    StdioServerTransport transport(pipes.input[0], pipes.output[1]);
    QList<Message> received;
    connect(&transport, &ServerTransport::messageReceived, this, [&received](const Message &m) { received.append(m); });
    transport.open();

    QString text(16 * 1024 * 1024 + 3, u'x');
    for (qsizetype i = 0; i < text.size(); i += 997)
        text[i] = (i / 997) % 3 == 0 ? u'"' : (i / 997) % 3 == 1 ? u'\n' : u'\t';
    const Message big = Message::response(1, QJsonObject{{QStringLiteral("text"), text}});
    const Message small = Message::notification(QStringLiteral("after"));
    transport.send(big);
    transport.send(small);
    // send() returned without waiting for the reader: most of it is still queued.
    QVERIFY(transport.pendingOutputBytes() > 8 * 1024 * 1024);

    // While output is stuck, input is still read.
    pipes.write(line(Message::request(2, QStringLiteral("ping"))));
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), 1, 2000);

    // Read slowly, 64 KiB per event loop pass.
    QByteArray output;
    QSocketNotifier notifier(pipes.output[0], QSocketNotifier::Read);
    connect(&notifier, &QSocketNotifier::activated, this, [&] {
        char buffer[65536];
        const ssize_t count = ::read(pipes.output[0], buffer, sizeof buffer);
        if (count > 0)
            output.append(buffer, count);
    });
    const QByteArray expected = line(big) + line(small);
    QTRY_COMPARE_WITH_TIMEOUT(output.size(), expected.size(), 60000);
    QVERIFY(output == expected);
    QCOMPARE(transport.pendingOutputBytes(), 0);
}

void tst_StdioServerTransport::endOfInputClosesAfterOutputDrains()
{
    Pipes pipes;
    QVERIFY(pipes.ok);
    StdioServerTransport transport(pipes.input[0], pipes.output[1]);
    QSignalSpy closed(&transport, &ServerTransport::closed);
    transport.open();
    transport.send(Message::response(1, QJsonObject{{QStringLiteral("text"), QString(1024 * 1024, u'y')}}));
    pipes.closeInput();
    QTest::qWait(100);
    QCOMPARE(closed.size(), 0); // output still queued: not closed yet
    QByteArray output;
    QTRY_VERIFY_WITH_TIMEOUT((output += pipes.readAvailable()).endsWith('\n'), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(closed.size(), 1, 2000);
}

void tst_StdioServerTransport::lineSizeCap()
{
    Pipes pipes;
    QVERIFY(pipes.ok);
    StdioServerTransport transport(pipes.input[0], pipes.output[1]);
    transport.setMaximumLineSize(1000);
    QList<Message> received;
    connect(&transport, &ServerTransport::messageReceived, this, [&received](const Message &m) { received.append(m); });
    QSignalSpy invalid(&transport, &ServerTransport::invalidFrameReceived);
    transport.open();
    const Message tooBig = Message::request(1, QStringLiteral("x"), QJsonObject{{QStringLiteral("pad"), QString(300000, u'p')}});
    const Message fine = Message::request(2, QStringLiteral("ping"));
    pipes.write(line(tooBig) + line(fine));
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), 1, 2000);
    QCOMPARE(received.constFirst(), fine);
    QCOMPARE(invalid.size(), 1);
    QByteArray output;
    QTRY_VERIFY_WITH_TIMEOUT((output += pipes.readAvailable()).endsWith('\n'), 2000);
    QCOMPARE(QJsonDocument::fromJson(output).object().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
             -32600);
}

QTEST_GUILESS_MAIN(tst_StdioServerTransport)
#include "tst_stdioservertransport.moc"
