#include "transport/stdiotransport.h"

#include <QDir>
#include <QEventLoop>
#include <QTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

#include "processes.h"

using namespace Mcp;

namespace {

QString python()
{
    return QStandardPaths::findExecutable(QStringLiteral("python3"));
}

QString hostilePeer()
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/common/hostile_peer.py");
}

qint64 readPid(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toLongLong() : 0;
}

QString peerScript()
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/stdiotransport/peers/peer.py");
}

StdioServerParameters peerParameters(const QStringList &flags = {})
{
    StdioServerParameters parameters;
    parameters.program = python();
    parameters.arguments = QStringList{QStringLiteral("-u"), peerScript()} + flags;
    return parameters;
}

// Collects everything a transport says, in order.
class Recorder : public QObject
{
public:
    explicit Recorder(StdioTransport *transport)
    {
        connect(transport, &Transport::messageReceived, this, [this](const Message &m) { messages.append(m); });
        connect(transport, &Transport::trafficEvent, this, [this](const TrafficEvent &e) { events.append(e); });
        connect(transport, &Transport::errorOccurred, this, [this](const TransportError &e) { errors.append(e); });
        connect(transport, &Transport::requestFailed, this,
                [this](const MessageId &id, const TransportError &e) { failed.append({id, e}); });
        connect(transport, &Transport::closed, this, [this](const QString &reason) { closedReasons.append(reason); });
        connect(transport, &Transport::opened, this, [this] { ++openedCount; });
    }

    QList<TrafficEvent> eventsOfKind(TrafficEvent::Kind kind) const
    {
        QList<TrafficEvent> result;
        for (const TrafficEvent &e : events) {
            if (e.kind == kind)
                result.append(e);
        }
        return result;
    }
    bool hasReplyTo(qint64 id) const
    {
        for (const Message &m : messages) {
            if (m.isReply() && m.id() == MessageId(id))
                return true;
        }
        return false;
    }
    Message replyTo(qint64 id) const
    {
        for (const Message &m : messages) {
            if (m.isReply() && m.id() == MessageId(id))
                return m;
        }
        return {};
    }

    QList<Message> messages;
    QList<TrafficEvent> events;
    QList<TransportError> errors;
    QList<QPair<MessageId, TransportError>> failed;
    QStringList closedReasons;
    int openedCount = 0;
};

Message call(qint64 id, const QString &method, const QJsonObject &params = {})
{
    return Message::request(MessageId(id), method, params);
}

} // namespace

class tst_StdioTransport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void echoRoundTrip();
    void crlfLineEnds();
    void garbageOnStdoutIsShownAndSessionContinues();
    void stderrFloodDoesNotDeadlock();
    void sixtyFourMiBLine();
    void lineOverMaximumIsReportedAndTransportContinues();
    void invalidUtf8IsKeptRaw();
    void invalidUtf8ReplyIsDelivered();
    void unreadableReplyFailsItsRequestAtOnce_data();
    void unreadableReplyFailsItsRequestAtOnce();
    void batchDeliversEveryMessage();
    void bigMessageWaitsForRoomInThePipe();
    void sendsWhileAnswersAreHandledGoOut();
    void heldSendGoesOutInANestedEventLoop();
    void closedStdinIsANoteNotACrash();
    void serverDoesNotInheritIgnoredSigpipe();
    void unterminatedLastLineIsDelivered();
    void exitCodeIsReported();
    void killedBySignalIsReported();
    void failedToStart();
    void badWorkingDirectoryFailsToStart();
    void environmentAddedOrReplaced_data();
    void environmentAddedOrReplaced();
    void workingDirectory();
    void processStartedNoteHidesSecrets();
    void gracefulShutdownClosesStdin();
    void stubbornPeerGetsSigterm();
    void stubbornPeerGetsSigkill();
    void trafficEventForEveryLine();
    void sendWhenClosedIsAnError();
    void reopenAfterClose();
    void describeExitSentences();
    // Issue 32: a launcher that ignores SIGTERM leaves no child behind (close and destruction);
    // a server that closes stdout and keeps running ends the connection at once.
    void launcherChildEndsWithTheConnection_data();
    void launcherChildEndsWithTheConnection();
    void closedStdoutEndsTheConnection();

private:
    void openAndWait(StdioTransport &transport, Recorder &recorder);
};

void tst_StdioTransport::initTestCase()
{
    QVERIFY2(!python().isEmpty(), "python3 is needed for the stdio peers");
    QVERIFY(QFile::exists(peerScript()));
}

void tst_StdioTransport::openAndWait(StdioTransport &transport, Recorder &recorder)
{
    transport.open();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.openedCount, 1, 10000);
    QCOMPARE(transport.state(), Transport::State::Open);
}

void tst_StdioTransport::echoRoundTrip()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    QVERIFY(transport.processId() > 0);

    const Message request = call(1, QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("héllo \"q\"\n\t")}});
    transport.send(request);
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    const Message reply = recorder.replyTo(1);
    QVERIFY(reply.isResponse());
    QCOMPARE(reply.result(), request.params());

    const auto messages = recorder.eventsOfKind(TrafficEvent::Kind::Message);
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages.at(0).direction, TrafficEvent::Direction::Outgoing);
    QCOMPARE(messages.at(0).raw, request.serialize());
    QCOMPARE(messages.at(1).direction, TrafficEvent::Direction::Incoming);
    QVERIFY(messages.at(1).raw.startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,"));
    QVERIFY(!messages.at(1).raw.endsWith('\n'));
    QVERIFY(recorder.errors.isEmpty());
}

void tst_StdioTransport::crlfLineEnds()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(7, QStringLiteral("crlf"), {{QStringLiteral("a"), 1}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(7), 10000);
    QCOMPARE(recorder.replyTo(7).result().toObject().value(QStringLiteral("a")).toInt(), 1);
    const auto incoming = recorder.eventsOfKind(TrafficEvent::Kind::Message).last();
    QVERIFY(!incoming.raw.endsWith('\r'));
}

void tst_StdioTransport::garbageOnStdoutIsShownAndSessionContinues()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("garbage")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    const auto invalid = recorder.eventsOfKind(TrafficEvent::Kind::InvalidMessage);
    QCOMPARE(invalid.size(), 2);
    QCOMPARE(invalid.at(0).raw, QByteArray("this is not json"));
    QCOMPARE(invalid.at(0).direction, TrafficEvent::Direction::Incoming);
    QVERIFY(!invalid.at(0).note.isEmpty());
    QCOMPARE(invalid.at(1).raw, QByteArray());
    QVERIFY(invalid.at(1).note.contains(QLatin1String("empty")));
    // Later messages still arrive.
    transport.send(call(2, QStringLiteral("echo")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(2), 10000);
    QVERIFY(recorder.errors.isEmpty());
    QCOMPARE(transport.state(), Transport::State::Open);
}

void tst_StdioTransport::stderrFloodDoesNotDeadlock()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    const int lines = 10 * 1024;
    const int lineLength = 1024; // 10 MiB in all: far more than a pipe buffer
    transport.send(call(1, QStringLiteral("stderr"), {{QStringLiteral("lines"), lines}, {QStringLiteral("lineLength"), lineLength}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 30000);
    const auto stderrLines = recorder.eventsOfKind(TrafficEvent::Kind::StderrLine);
    QCOMPARE(stderrLines.size(), lines);
    QCOMPARE(stderrLines.first().raw, QByteArray(lineLength - 1, 'e'));
    QCOMPARE(stderrLines.last().raw, QByteArray(lineLength - 1, 'e'));
    QVERIFY(recorder.errors.isEmpty());
}

void tst_StdioTransport::sixtyFourMiBLine()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    const int size = 64 * 1024 * 1024;
    transport.send(call(1, QStringLiteral("big"), {{QStringLiteral("size"), size}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 60000);
    const QString text = recorder.replyTo(1).result().toObject().value(QStringLiteral("text")).toString();
    QCOMPARE(text.size(), size);
    QVERIFY(recorder.errors.isEmpty());
}

void tst_StdioTransport::lineOverMaximumIsReportedAndTransportContinues()
{
    StdioServerParameters parameters = peerParameters();
    parameters.maxMessageSize = 1024 * 1024;
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("oversized"), {{QStringLiteral("size"), 3 * 1024 * 1024}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 20000);
    QCOMPARE(recorder.errors.size(), 1);
    QCOMPARE(recorder.errors.first().kind, TransportError::Kind::MessageTooLarge);
    QVERIFY2(recorder.errors.first().message.contains(QLatin1String("1 MiB")), qPrintable(recorder.errors.first().message));
    const auto invalid = recorder.eventsOfKind(TrafficEvent::Kind::InvalidMessage);
    QCOMPARE(invalid.size(), 1);
    QVERIFY(invalid.first().raw.startsWith("aaaa"));
    QVERIFY(invalid.first().raw.size() <= LineFramer::OversizedPrefixSize);
    QCOMPARE(transport.state(), Transport::State::Open);
    QVERIFY(recorder.closedReasons.isEmpty());
    transport.send(call(2, QStringLiteral("echo")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(2), 10000);
}

void tst_StdioTransport::invalidUtf8IsKeptRaw()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("invalidUtf8")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    const QByteArray expected("{\"jsonrpc\":\"2.0\",\"method\":\"note\",\"params\":{\"s\":\"\xff\xfe\"}}");
    bool found = false;
    for (const TrafficEvent &event : std::as_const(recorder.events)) {
        if (event.direction == TrafficEvent::Direction::Incoming && event.raw == expected) {
            found = true;
            // Read as U+FFFD and delivered, as browsers and Node do; the raw bytes stay as they came.
            QCOMPARE(event.kind, TrafficEvent::Kind::Message);
            QVERIFY2(event.note.contains(QLatin1String("UTF-8"), Qt::CaseInsensitive), qPrintable(event.note));
        }
    }
    QVERIFY(found);
    QCOMPARE(recorder.messages.first().method(), QStringLiteral("note"));
    QCOMPARE(recorder.messages.first().params().toObject().value(QLatin1String("s")).toString(), QStringLiteral("\uFFFD\uFFFD"));
}

void tst_StdioTransport::invalidUtf8ReplyIsDelivered()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(4, QStringLiteral("invalidUtf8Reply")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(4), 10000);
    const QJsonObject result = recorder.replyTo(4).result().toObject();
    QCOMPARE(result.value(QLatin1String("content")).toArray().first().toObject().value(QLatin1String("text")).toString(),
             QStringLiteral("caf\uFFFD \uFFFD!"));
    QVERIFY(recorder.failed.isEmpty());
    const QList<TrafficEvent> incoming = recorder.eventsOfKind(TrafficEvent::Kind::Message);
    QVERIFY(std::any_of(incoming.cbegin(), incoming.cend(), [](const TrafficEvent &e) {
        return e.raw.contains("caf\xe9 \xff!") && e.note.contains(QLatin1String("U+FFFD"));
    }));
}

void tst_StdioTransport::unreadableReplyFailsItsRequestAtOnce_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not JSON") << QStringLiteral("unreadableReply") << QStringLiteral("not valid JSON");
    QTest::newRow("not a message") << QStringLiteral("replyWithoutJsonrpc") << QStringLiteral("jsonrpc");
}

void tst_StdioTransport::unreadableReplyFailsItsRequestAtOnce()
{
    QFETCH(QString, method);
    QFETCH(QString, expected);
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    QElapsedTimer timer;
    timer.start();
    transport.send(call(9, method));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.failed.size(), 1, 10000);
    QVERIFY(timer.elapsed() < 5000);
    QCOMPARE(recorder.failed.first().first, MessageId(9));
    const QString message = recorder.failed.first().second.message;
    QVERIFY2(message.contains(QLatin1String("request 9")) && message.contains(expected), qPrintable(message));
    QVERIFY(!recorder.hasReplyTo(9));
}

void tst_StdioTransport::batchDeliversEveryMessage()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(5, QStringLiteral("batch")));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.messages.size(), 2, 10000);
    QVERIFY(recorder.messages.at(0).isResponse());
    QCOMPARE(recorder.messages.at(0).id(), MessageId(5));
    QVERIFY(recorder.messages.at(1).isNotification());
    const auto incoming = recorder.eventsOfKind(TrafficEvent::Kind::Message);
    QCOMPARE(incoming.size(), 2); // one out, one batch in
    QVERIFY(incoming.last().raw.startsWith('['));
}

void tst_StdioTransport::bigMessageWaitsForRoomInThePipe()
{
    // The peer reads nothing for a while: a message bigger than the pipe goes out in parts as
    // the pipe drains, in order, before the next one.
    StdioTransport transport(peerParameters({QStringLiteral("--read-after-ms"), QStringLiteral("500")}));
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    const QString text(3 * StdioTransport::PipeSize, u'x');
    transport.send(call(1, QStringLiteral("echo"), {{QStringLiteral("text"), text}}));
    transport.send(call(2, QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("after")}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(2), 20000);
    QVERIFY(recorder.hasReplyTo(1));
    QCOMPARE(recorder.replyTo(1).result().toObject().value(QStringLiteral("text")).toString(), text);
    QVERIFY(recorder.messages.at(0).id() == MessageId(1)); // answered in the order written
    QVERIFY(recorder.errors.isEmpty());
    QVERIFY(recorder.eventsOfKind(TrafficEvent::Kind::Note).isEmpty());
}

void tst_StdioTransport::sendsWhileAnswersAreHandledGoOut()
{
    // Two answers read in one pass: what a slot sends on the first goes out once both are
    // handled (one write), and is answered.
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    QList<qint64> order;
    connect(&transport, &Transport::messageReceived, this, [&](const Message &message) {
        order.append(message.id().toInteger());
        if (message.id() == MessageId(1))
            transport.send(call(3, QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("third")}}));
    });
    transport.send(call(1, QStringLiteral("twoAnswers"), {{QStringLiteral("secondId"), 2}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(3), 10000);
    QCOMPARE(order, (QList<qint64>{1, 2, 3}));
    const auto sent = recorder.eventsOfKind(TrafficEvent::Kind::Message);
    QCOMPARE(sent.size(), 5); // two out, three in
}

void tst_StdioTransport::heldSendGoesOutInANestedEventLoop()
{
    // A slot that waits for an answer in an event loop of its own while the other answers of
    // its pass are still to be handled: what it sent must not wait for the pass to end.
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    bool answeredInside = false;
    bool waited = false;
    connect(&transport, &Transport::messageReceived, this, [&](const Message &message) {
        if (message.id() != MessageId(1) || waited)
            return;
        waited = true;
        transport.send(call(3, QStringLiteral("echo")));
        QEventLoop loop;
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        const auto connection = connect(&transport, &Transport::messageReceived, &loop, [&](const Message &inner) {
            if (inner.id() == MessageId(3)) {
                answeredInside = true;
                loop.quit();
            }
        });
        loop.exec();
        disconnect(connection);
    });
    transport.send(call(1, QStringLiteral("twoAnswers"), {{QStringLiteral("secondId"), 2}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(2), 15000);
    QVERIFY(answeredInside);
}

void tst_StdioTransport::closedStdinIsANoteNotACrash()
{
    // A server that closes stdin and keeps running: a write fails with EPIPE (not SIGPIPE, which
    // would end this process), the traffic log says what was not delivered, and the connection
    // ends as usual.
    StdioServerParameters parameters = peerParameters();
    parameters.closeStdinGraceMs = 200;
    parameters.terminateGraceMs = 2000;
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("closeStdin")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    // The peer closes stdin just after it answers: a write may still land in the pipe first.
    for (int attempt = 0; attempt < 100 && recorder.eventsOfKind(TrafficEvent::Kind::Note).isEmpty(); ++attempt) {
        transport.send(call(2 + attempt, QStringLiteral("echo")));
        QTest::qWait(50);
    }
    QVERIFY(!recorder.eventsOfKind(TrafficEvent::Kind::Note).isEmpty());
    const QString note = recorder.eventsOfKind(TrafficEvent::Kind::Note).first().note;
    QVERIFY2(note.contains(QLatin1String("not delivered")), qPrintable(note));
    QCOMPARE(transport.state(), Transport::State::Open);
    transport.close();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("SIGTERM")), qPrintable(recorder.closedReasons.first()));
}

void tst_StdioTransport::serverDoesNotInheritIgnoredSigpipe()
{
    // This process ignores SIGPIPE once it has started a server; the server must not: a shell
    // pipeline in it (`cmd | head`) relies on SIGPIPE to end its writer.
    // A shell, not the Python peer: Python ignores SIGPIPE itself when it starts. awk, its child,
    // reports the mask it inherited (an ignored signal stays ignored across fork and exec).
    StdioServerParameters parameters;
    parameters.program = QStringLiteral("/bin/sh");
    parameters.arguments = {QStringLiteral("-c"),
                            QStringLiteral("read request; mask=$(awk '/^SigIgn:/ {print $2}' /proc/self/status); "
                                           "echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"mask\":\"'$mask'\"}}'; "
                                           "read rest")};
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("ignoredSignals")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    bool ok = false;
    const quint64 mask = recorder.replyTo(1).result().toObject().value(QStringLiteral("mask")).toString().toULongLong(&ok, 16);
    QVERIFY(ok);
    QCOMPARE(mask & (quint64(1) << (SIGPIPE - 1)), quint64(0));
    struct sigaction current = {};
    QCOMPARE(::sigaction(SIGPIPE, nullptr, &current), 0);
    QVERIFY(current.sa_handler == SIG_IGN); // while this process does ignore it
}

void tst_StdioTransport::unterminatedLastLineIsDelivered()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(9, QStringLiteral("unterminated")));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY(recorder.hasReplyTo(9));
}

void tst_StdioTransport::exitCodeIsReported()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("exit"), {{QStringLiteral("code"), 3}}));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("exited with code 3")), qPrintable(recorder.closedReasons.first()));
    QCOMPARE(recorder.errors.size(), 1);
    QCOMPARE(recorder.errors.first().kind, TransportError::Kind::ProcessExited);
    QVERIFY(recorder.errors.first().message.contains(QLatin1String("exited with code 3")));
    const auto exited = recorder.eventsOfKind(TrafficEvent::Kind::ProcessExited);
    QCOMPARE(exited.size(), 1);
    QCOMPARE(exited.first().note, QStringLiteral("exited with code 3"));
    // stderr written just before the exit is not lost.
    const auto stderrLines = recorder.eventsOfKind(TrafficEvent::Kind::StderrLine);
    QCOMPARE(stderrLines.size(), 1);
    QCOMPARE(stderrLines.first().raw, QByteArray("exiting"));
    QCOMPARE(transport.state(), Transport::State::Closed);
    QCOMPARE(transport.processId(), 0);
}

void tst_StdioTransport::killedBySignalIsReported()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("kill")));
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("killed by signal 9 (SIGKILL)")),
             qPrintable(recorder.closedReasons.first()));
    QCOMPARE(recorder.errors.size(), 1);
    QCOMPARE(recorder.errors.first().kind, TransportError::Kind::ProcessExited);
}

void tst_StdioTransport::failedToStart()
{
    StdioServerParameters parameters;
    parameters.program = QStringLiteral("/nonexistent/mcp-server");
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    transport.open();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QCOMPARE(recorder.openedCount, 0);
    QCOMPARE(recorder.errors.size(), 1);
    QCOMPARE(recorder.errors.first().kind, TransportError::Kind::FailedToStart);
    QCOMPARE(recorder.closedReasons.first(),
             QStringLiteral("could not start '/nonexistent/mcp-server': No such file or directory"));
    QCOMPARE(recorder.eventsOfKind(TrafficEvent::Kind::TransportError).size(), 1);
    QCOMPARE(transport.state(), Transport::State::Closed);
}

void tst_StdioTransport::badWorkingDirectoryFailsToStart()
{
    StdioServerParameters parameters = peerParameters();
    parameters.workingDirectory = QStringLiteral("/nonexistent/dir");
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    transport.open();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QCOMPARE(recorder.errors.size(), 1);
    QCOMPARE(recorder.errors.first().kind, TransportError::Kind::FailedToStart);
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("/nonexistent/dir")), qPrintable(recorder.closedReasons.first()));
}

void tst_StdioTransport::environmentAddedOrReplaced_data()
{
    QTest::addColumn<bool>("inherit");
    QTest::newRow("added to the inherited environment") << true;
    QTest::newRow("replacing the environment") << false;
}

void tst_StdioTransport::environmentAddedOrReplaced()
{
    QFETCH(bool, inherit);
    QVERIFY(qEnvironmentVariableIsSet("HOME"));
    StdioServerParameters parameters = peerParameters();
    parameters.inheritEnvironment = inherit;
    parameters.environment.insert(QStringLiteral("MCPSCOPE_TEST_VALUE"), QStringLiteral("a b 'c'"));
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("env"), {{QStringLiteral("name"), QStringLiteral("MCPSCOPE_TEST_VALUE")}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    const QJsonObject result = recorder.replyTo(1).result().toObject();
    QCOMPARE(result.value(QStringLiteral("value")).toString(), QStringLiteral("a b 'c'"));
    QCOMPARE(result.value(QStringLiteral("home")).toBool(), inherit);
}

void tst_StdioTransport::workingDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    StdioServerParameters parameters = peerParameters();
    parameters.workingDirectory = dir.path();
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("cwd")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    QCOMPARE(QDir(recorder.replyTo(1).result().toObject().value(QStringLiteral("cwd")).toString()).canonicalPath(),
             QDir(dir.path()).canonicalPath());
}

void tst_StdioTransport::processStartedNoteHidesSecrets()
{
    StdioServerParameters parameters = peerParameters({QStringLiteral("arg with space")});
    parameters.environment.insert(QStringLiteral("API_TOKEN"), QStringLiteral("s3cr3t-value"));
    parameters.environment.insert(QStringLiteral("MODE"), QStringLiteral("demo"));
    parameters.secretEnvironmentKeys = {QStringLiteral("API_TOKEN")};
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    const auto started = recorder.eventsOfKind(TrafficEvent::Kind::ProcessStarted);
    QCOMPARE(started.size(), 1);
    const QString note = started.first().note;
    QVERIFY2(note.contains(QLatin1String("API_TOKEN=******")), qPrintable(note));
    QVERIFY(!note.contains(QLatin1String("s3cr3t")));
    QVERIFY(note.contains(QLatin1String("MODE=demo")));
    QVERIFY(note.contains(QLatin1String("'arg with space'")));
    QVERIFY(note.contains(python()));
    QVERIFY(!transport.endpointDescription().contains(QLatin1String("s3cr3t")));
}

void tst_StdioTransport::gracefulShutdownClosesStdin()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.close();
    QCOMPARE(transport.state(), Transport::State::Closing);
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    // It left on stdin EOF, before any signal: no SIGTERM/SIGKILL step (each is a Note) and a
    // clean exit code. Checked by events, not by wall time, so a loaded machine cannot fail it.
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("exited with code 0")), qPrintable(recorder.closedReasons.first()));
    QVERIFY(recorder.errors.isEmpty());
    QVERIFY(recorder.eventsOfKind(TrafficEvent::Kind::Note).isEmpty());
    QCOMPARE(transport.state(), Transport::State::Closed);
}

void tst_StdioTransport::stubbornPeerGetsSigterm()
{
    StdioServerParameters parameters = peerParameters({QStringLiteral("--ignore-stdin-close")});
    parameters.closeStdinGraceMs = 300;
    parameters.terminateGraceMs = 5000;
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("echo")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    transport.close();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("SIGTERM")), qPrintable(recorder.closedReasons.first()));
    QCOMPARE(recorder.eventsOfKind(TrafficEvent::Kind::Note).size(), 1);
    QVERIFY(recorder.errors.isEmpty());
}

void tst_StdioTransport::stubbornPeerGetsSigkill()
{
    StdioServerParameters parameters = peerParameters({QStringLiteral("--ignore-stdin-close"), QStringLiteral("--ignore-sigterm")});
    parameters.closeStdinGraceMs = 300;
    parameters.terminateGraceMs = 300;
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    // An answer means the peer has set up its signal handling.
    transport.send(call(1, QStringLiteral("echo")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    QElapsedTimer timer;
    timer.start();
    transport.close();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY(timer.elapsed() >= 600);
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("killed by signal 9 (SIGKILL)")),
             qPrintable(recorder.closedReasons.first()));
    const auto notes = recorder.eventsOfKind(TrafficEvent::Kind::Note);
    QCOMPARE(notes.size(), 2);
    QVERIFY(notes.at(0).note.contains(QLatin1String("SIGTERM")));
    QVERIFY(notes.at(1).note.contains(QLatin1String("SIGKILL")));
    QVERIFY(recorder.errors.isEmpty());
}

void tst_StdioTransport::trafficEventForEveryLine()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    for (int i = 1; i <= 3; ++i)
        transport.send(call(i, QStringLiteral("echo"), {{QStringLiteral("i"), i}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(3), 10000);
    transport.close();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);

    QList<TrafficEvent::Kind> kinds;
    int outgoing = 0;
    int incoming = 0;
    for (const TrafficEvent &event : std::as_const(recorder.events)) {
        kinds.append(event.kind);
        QVERIFY(event.monotonicNs > 0);
        QVERIFY(event.wallClockMs > 0);
        if (event.kind == TrafficEvent::Kind::Message) {
            if (event.direction == TrafficEvent::Direction::Outgoing)
                ++outgoing;
            else
                ++incoming;
        }
    }
    QCOMPARE(outgoing, 3);
    QCOMPARE(incoming, 3);
    QCOMPARE(kinds.first(), TrafficEvent::Kind::ProcessStarted);
    QCOMPARE(kinds.last(), TrafficEvent::Kind::ProcessExited);
    // Replies come in the order the peer wrote them.
    QCOMPARE(recorder.messages.size(), 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(recorder.messages.at(i).id(), MessageId(i + 1));
}

void tst_StdioTransport::sendWhenClosedIsAnError()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    transport.send(call(1, QStringLiteral("echo")));
    QCOMPARE(recorder.errors.size(), 1);
    QVERIFY(recorder.eventsOfKind(TrafficEvent::Kind::Message).isEmpty());
}

void tst_StdioTransport::reopenAfterClose()
{
    StdioTransport transport(peerParameters());
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.close();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    transport.open();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.openedCount, 2, 10000);
    transport.send(call(1, QStringLiteral("echo")));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
}

void tst_StdioTransport::describeExitSentences()
{
    QCOMPARE(StdioTransport::describeExit(3, QProcess::NormalExit), QStringLiteral("exited with code 3"));
    QCOMPARE(StdioTransport::describeExit(9, QProcess::CrashExit), QStringLiteral("killed by signal 9 (SIGKILL)"));
    QCOMPARE(StdioTransport::describeExit(15, QProcess::CrashExit), QStringLiteral("killed by signal 15 (SIGTERM)"));
    QCOMPARE(StdioTransport::describeExit(11, QProcess::CrashExit), QStringLiteral("killed by signal 11 (SIGSEGV)"));
    QCOMPARE(StdioTransport::shellQuote(QStringLiteral("plain-arg")), QStringLiteral("plain-arg"));
    QCOMPARE(StdioTransport::shellQuote(QStringLiteral("it's")), QStringLiteral("'it'\\''s'"));
    QCOMPARE(StdioTransport::shellQuote(QString()), QStringLiteral("''"));
}

void tst_StdioTransport::launcherChildEndsWithTheConnection_data()
{
    QTest::addColumn<bool>("destroy");
    QTest::newRow("close") << false;
    QTest::newRow("destroyed") << true;
}

void tst_StdioTransport::launcherChildEndsWithTheConnection()
{
    QFETCH(bool, destroy);
    // sh ignores SIGTERM (as a launcher may) and waits for its child, a server that keeps
    // running when stdin ends; the child inherits the ignored SIGTERM too.
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("pid"));
    StdioServerParameters parameters;
    parameters.program = QStringLiteral("sh");
    parameters.arguments = {QStringLiteral("-c"), QStringLiteral("trap '' TERM; \"$0\" \"$1\" --ignore-eof --pidfile \"$2\""),
                            python(), hostilePeer(), pidFile};
    parameters.closeStdinGraceMs = 300;
    parameters.terminateGraceMs = 300;
    auto transport = std::make_unique<StdioTransport>(parameters);
    Recorder recorder(transport.get());
    openAndWait(*transport, recorder);
    QTRY_VERIFY_WITH_TIMEOUT(readPid(pidFile) > 0, 10000);
    const qint64 child = readPid(pidFile);
    QVERIFY(Test::processAlive(child));
    auto reap = qScopeGuard([child] { ::kill(pid_t(child), SIGKILL); });
    if (destroy) {
        transport.reset(); // as a window closing at once does
    } else {
        transport->close();
        QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    }
    QTRY_VERIFY_WITH_TIMEOUT(!Test::processAlive(child), 5000);
}

void tst_StdioTransport::closedStdoutEndsTheConnection()
{
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("pid"));
    StdioServerParameters parameters;
    parameters.program = python();
    parameters.arguments = {hostilePeer(), QStringLiteral("--close-stdout-after-init"), QStringLiteral("--pidfile"), pidFile};
    parameters.closeStdinGraceMs = 300;
    parameters.terminateGraceMs = 300;
    StdioTransport transport(parameters);
    Recorder recorder(&transport);
    openAndWait(transport, recorder);
    transport.send(call(1, QStringLiteral("initialize"), {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")}}));
    QTRY_VERIFY_WITH_TIMEOUT(recorder.hasReplyTo(1), 10000);
    QElapsedTimer clock;
    clock.start();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 1, 10000);
    QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(recorder.closedReasons.first().contains(QLatin1String("closed its stdout")),
             qPrintable(recorder.closedReasons.first()));
    QCOMPARE(transport.state(), Transport::State::Closed);
    // The process, still running when stdout ended, is stopped as at shutdown.
    const qint64 pid = readPid(pidFile);
    QVERIFY(pid > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!Test::processAlive(pid), 5000);
    // The transport opens again as usual.
    transport.open();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.openedCount, 2, 10000);
    transport.close();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.closedReasons.size(), 2, 10000);
}

QTEST_GUILESS_MAIN(tst_StdioTransport)
#include "tst_stdiotransport.moc"
