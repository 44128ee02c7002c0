// Server and ServerSession in process, through a recording transport: several sessions on one
// Server (the Streamable HTTP case), per-session state, and the request context's guarantees.
#include "server/requestcontext.h"
#include "server/server.h"
#include "server/serversession.h"
#include "server/servertransport.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Mcp;

namespace {

class RecordingTransport : public ServerTransport
{
public:
    void open() override { ++opened; }
    void send(const Message &message, const MessageId &relatedRequest) override
    {
        sent.append(message);
        related.append(relatedRequest);
    }
    void close() override { Q_EMIT closed(); }

    void receive(const Message &message) { Q_EMIT messageReceived(message); }
    Message lastReply() const
    {
        for (qsizetype i = sent.size() - 1; i >= 0; --i) {
            if (sent.at(i).isReply())
                return sent.at(i);
        }
        return {};
    }
    QList<Message> notifications(const QString &method) const
    {
        QList<Message> found;
        for (const Message &message : sent) {
            if (message.isNotification() && message.method() == method)
                found.append(message);
        }
        return found;
    }

    int opened = 0;
    QList<Message> sent;
    QList<MessageId> related;
};

void initialize(RecordingTransport *transport, const QJsonObject &capabilities = {})
{
    transport->receive(Message::request(QStringLiteral("init"), QStringLiteral("initialize"),
                                        QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                    {QStringLiteral("capabilities"), capabilities},
                                                    {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")}}}}));
    transport->receive(Message::notification(QStringLiteral("notifications/initialized")));
}

QJsonObject call(const QString &tool, const QJsonObject &arguments = {}, const QJsonValue &token = QJsonValue::Undefined)
{
    QJsonObject params{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}};
    if (!token.isUndefined())
        params.insert(QStringLiteral("_meta"), QJsonObject{{QStringLiteral("progressToken"), token}});
    return params;
}

} // namespace

class tst_Server : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sessionsAreIndependent();
    void exactlyOneAnswer();
    void cancellationAndClose();
    void serverRequestsAreRouted();
};

void tst_Server::sessionsAreIndependent()
{
    Server server;
    server.addTextResource({{QStringLiteral("uri"), QStringLiteral("x://a")}, {QStringLiteral("name"), QStringLiteral("a")}},
                           QStringLiteral("A"));
    auto *first = new RecordingTransport;
    auto *second = new RecordingTransport;
    QSignalSpy initialized(&server, &Server::sessionInitialized);
    QSignalSpy subscriptions(&server, &Server::subscriptionsChanged);
    ServerSession *one = server.createSession(first);
    ServerSession *two = server.createSession(second);
    QCOMPARE(first->opened, 1);
    QCOMPARE(server.sessions().size(), 2);
    initialize(first);
    initialize(second);
    QCOMPARE(initialized.size(), 2);
    QCOMPARE(one->protocolVersion(), QStringLiteral("2025-06-18"));

    // Log levels and subscriptions belong to one session.
    first->receive(Message::request(1, QStringLiteral("logging/setLevel"), QJsonObject{{QStringLiteral("level"), QStringLiteral("error")}}));
    QVERIFY(!one->wouldLog(LoggingLevel::Warning));
    QVERIFY(two->wouldLog(LoggingLevel::Debug));
    second->receive(Message::request(2, QStringLiteral("resources/subscribe"), QJsonObject{{QStringLiteral("uri"), QStringLiteral("x://a")}}));
    QCOMPARE(subscriptions.size(), 1);
    QCOMPARE(server.subscriberCount(QStringLiteral("x://a")), 1);
    server.notifyResourceUpdated(QStringLiteral("x://a"));
    QCOMPARE(first->notifications(QStringLiteral("notifications/resources/updated")).size(), 0);
    QCOMPARE(second->notifications(QStringLiteral("notifications/resources/updated")).size(), 1);

    // List changes reach every initialized session.
    server.addTool({{QStringLiteral("name"), QStringLiteral("t")}, {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}},
                   [](ToolCall *c) { c->respond(ToolResult::text(QStringLiteral("ok"))); });
    QCOMPARE(first->notifications(QStringLiteral("notifications/tools/list_changed")).size(), 1);
    QCOMPARE(second->notifications(QStringLiteral("notifications/tools/list_changed")).size(), 1);

    // A session that closes is forgotten and its subscriptions with it.
    QSignalSpy closed(&server, &Server::sessionClosed);
    second->close();
    QCOMPARE(closed.size(), 1);
    QCOMPARE(server.sessions().size(), 1);
    QCOMPARE(server.subscriberCount(QStringLiteral("x://a")), 0);
    QCOMPARE(subscriptions.size(), 2);
    QPointer<ServerSession> gone(two);
    QTRY_VERIFY(gone.isNull());
}

void tst_Server::exactlyOneAnswer()
{
    Server server;
    QPointer<ToolCall> kept;
    server.addTool({{QStringLiteral("name"), QStringLiteral("twice")}}, [&kept](ToolCall *c) {
        kept = c;
        c->respond(ToolResult::text(QStringLiteral("first")));
        c->respond(ToolResult::text(QStringLiteral("second")));
        c->fail(ErrorCode::InternalError, QStringLiteral("third"));
        c->reportProgress(1, 2); // after the answer: dropped
    });
    auto *transport = new RecordingTransport;
    server.createSession(transport);
    initialize(transport);
    const qsizetype before = transport->sent.size();
    transport->receive(Message::request(9, QStringLiteral("tools/call"), call(QStringLiteral("twice"), {}, 5)));
    QCOMPARE(transport->sent.size(), before + 1);
    QCOMPARE(transport->lastReply().result().toObject().value(QStringLiteral("content")).toArray().at(0).toObject()
                 .value(QStringLiteral("text")).toString(), QStringLiteral("first"));
    QCOMPARE(transport->related.constLast(), MessageId(9));
    QTRY_VERIFY(kept.isNull()); // the context deletes itself once answered
}

void tst_Server::cancellationAndClose()
{
    Server server;
    QList<QPointer<ToolCall>> calls;
    QStringList reasons;
    server.addTool({{QStringLiteral("name"), QStringLiteral("wait")}}, [&](ToolCall *c) {
        calls.append(c);
        connect(c, &RequestContext::cancelled, this, [&reasons](const QString &reason) { reasons.append(reason); });
    });
    auto *transport = new RecordingTransport;
    server.createSession(transport);
    initialize(transport);
    const qsizetype before = transport->sent.size();
    transport->receive(Message::request(QStringLiteral("a"), QStringLiteral("tools/call"), call(QStringLiteral("wait"))));
    transport->receive(Message::request(QStringLiteral("b"), QStringLiteral("tools/call"), call(QStringLiteral("wait"))));
    QCOMPARE(calls.size(), 2);
    transport->receive(Message::notification(QStringLiteral("notifications/cancelled"),
                                             QJsonObject{{QStringLiteral("requestId"), QStringLiteral("a")}, {QStringLiteral("reason"), QStringLiteral("user")}}));
    QCOMPARE(reasons, QStringList{QStringLiteral("user")});
    QVERIFY(calls.at(0)->isCancelled());
    calls.at(0)->respond(ToolResult::text(QStringLiteral("late"))); // never sent
    QCOMPARE(transport->sent.size(), before);
    transport->close();
    QCOMPARE(reasons.size(), 2);
    QTRY_VERIFY(calls.at(0).isNull() && calls.at(1).isNull());
}

void tst_Server::serverRequestsAreRouted()
{
    Server server;
    QString answer;
    server.addTool({{QStringLiteral("name"), QStringLiteral("ask")}}, [&answer](ToolCall *c) {
        c->sendRequest(QStringLiteral("roots/list"), {}, c, [c, &answer](const Message &reply) {
            answer = reply.isErrorResponse() ? reply.error().message : QStringLiteral("ok");
            c->respond(ToolResult::text(answer));
        });
    });
    auto *transport = new RecordingTransport;
    server.createSession(transport);
    initialize(transport, {{QStringLiteral("roots"), QJsonObject()}});
    transport->receive(Message::request(3, QStringLiteral("tools/call"), call(QStringLiteral("ask"))));
    const Message outgoing = transport->sent.constLast();
    QVERIFY(outgoing.isRequest());
    QCOMPARE(outgoing.method(), QStringLiteral("roots/list"));
    QCOMPARE(transport->related.constLast(), MessageId(3)); // HTTP puts it on request 3's stream
    // A reply to an id we never used changes nothing; the right one completes the tool.
    transport->receive(Message::response(12345, QJsonObject()));
    QVERIFY(answer.isEmpty());
    transport->receive(Message::errorResponse(outgoing.id(), {ErrorCode::MethodNotFound, QStringLiteral("no roots here")}));
    QCOMPARE(answer, QStringLiteral("no roots here"));
    QCOMPARE(transport->lastReply().id(), MessageId(3));
}

QTEST_GUILESS_MAIN(tst_Server)
#include "tst_server.moc"
