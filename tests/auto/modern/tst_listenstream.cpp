#include "session/modern/subscriptions.h"

#include "jsonrpc/json.h"

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Modern;
using Kind = ListenEvent::Kind;

namespace {
QJsonObject object(const char *json)
{
    return Json::parse(QByteArray(json)).toObject();
}

Message message(const char *json)
{
    const ParsedFrame frame = parseFrame(QByteArray(json));
    return frame.messages.value(0);
}

SubscriptionFilter toolsAndConfig()
{
    SubscriptionFilter filter;
    filter.toolsListChanged = true;
    filter.resourceSubscriptions = {QStringLiteral("file:///project/config.json")};
    return filter;
}
} // namespace

class tst_ListenStream : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void requestParams();
    void filterRoundTripAndWhatWasNotHonoured();
    void acknowledgementThenTaggedNotifications();
    void notificationsBeforeTheAcknowledgementAreViolations();
    void onlyWhatWasRequested();
    void otherSubscriptionsAndUntaggedMessagesAreNotOurs();
    void stringIdsTagToo();
    void gracefulCloseAndRefusal();
    void backoffGrowsWithJitterAndCap();
    void backoffResetsAndOnlyDropsReopen();
};

void tst_ListenStream::requestParams()
{
    // Built outside QCOMPARE: moc reads "//" in a raw string inside a macro as a comment.
    const QJsonObject expected =
        object(R"({"notifications":{"toolsListChanged":true,"resourceSubscriptions":["file:///project/config.json"]}})");
    QCOMPARE(listenParams(toolsAndConfig()), expected);
    QCOMPARE(listenParams({}), object(R"({"notifications":{}})"));
    SubscriptionFilter all = toolsAndConfig();
    all.promptsListChanged = all.resourcesListChanged = true;
    QCOMPARE(listenParams(all).value(QStringLiteral("notifications")).toObject().keys(),
             QStringList({"promptsListChanged", "resourceSubscriptions", "resourcesListChanged", "toolsListChanged"}));
}

void tst_ListenStream::filterRoundTripAndWhatWasNotHonoured()
{
    SubscriptionFilter requested = toolsAndConfig();
    requested.promptsListChanged = true;
    requested.resourceSubscriptions.append(QStringLiteral("file:///b"));
    QCOMPARE(SubscriptionFilter::fromJson(requested.toJson()), requested);

    const SubscriptionFilter acknowledged = SubscriptionFilter::fromJson(
        object(R"({"toolsListChanged":true,"resourceSubscriptions":["file:///project/config.json"]})"));
    const SubscriptionFilter missing = requested.notHonouredBy(acknowledged);
    QVERIFY(!missing.toolsListChanged);
    QVERIFY(missing.promptsListChanged);
    QCOMPARE(missing.resourceSubscriptions, QStringList{QStringLiteral("file:///b")});
    QVERIFY(requested.notHonouredBy(requested).isEmpty());
}

void tst_ListenStream::acknowledgementThenTaggedNotifications()
{
    // The spec's examples (basic/patterns/subscriptions.mdx).
    ListenStream stream(MessageId(1), toolsAndConfig());
    QVERIFY(!stream.isAcknowledged());
    ListenEvent event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":1},
                  "notifications":{"toolsListChanged":true,"resourceSubscriptions":["file:///project/config.json"]}}})"));
    QCOMPARE(event.kind, Kind::Acknowledged);
    QCOMPARE(event.filter, toolsAndConfig());
    QVERIFY(stream.isAcknowledged());

    event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/resources/updated",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":1},"uri":"file:///project/config.json"}})"));
    QCOMPARE(event.kind, Kind::ResourceUpdated);
    QCOMPARE(event.uri, QStringLiteral("file:///project/config.json"));

    event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/tools/list_changed",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":1}}})"));
    QCOMPARE(event.kind, Kind::ToolsListChanged);
}

void tst_ListenStream::notificationsBeforeTheAcknowledgementAreViolations()
{
    ListenStream stream(MessageId(4), toolsAndConfig());
    const ListenEvent event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/tools/list_changed",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":4}}})"));
    QCOMPARE(event.kind, Kind::Violation);
    QVERIFY2(event.message.contains(QStringLiteral("acknowledg")), qPrintable(event.message));
}

void tst_ListenStream::onlyWhatWasRequested()
{
    ListenStream stream(MessageId(2), toolsAndConfig());
    stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":2},"notifications":{"toolsListChanged":true}}})"));
    ListenEvent event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/prompts/list_changed",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":2}}})"));
    QCOMPARE(event.kind, Kind::Violation);
    QVERIFY(event.message.contains(QStringLiteral("notifications/prompts/list_changed")));
    event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/resources/updated",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":2},"uri":"file:///other"}})"));
    QCOMPARE(event.kind, Kind::Violation);
    QVERIFY(event.message.contains(QStringLiteral("file:///other")));
    // Request-scoped notifications never belong on the listen stream.
    event = stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/message",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":2},"level":"info","data":"x"}})"));
    QCOMPARE(event.kind, Kind::Violation);
}

void tst_ListenStream::otherSubscriptionsAndUntaggedMessagesAreNotOurs()
{
    ListenStream stream(MessageId(7), toolsAndConfig());
    // stdio: another subscription's acknowledgement may come first.
    QCOMPARE(stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":8},"notifications":{}}})")).kind, Kind::NotForThisStream);
    QVERIFY(!stream.isAcknowledged());
    QCOMPARE(stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/progress",
        "params":{"progressToken":"t","progress":1}})")).kind, Kind::NotForThisStream);
    // A string "7" is not the integer 7.
    QCOMPARE(stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/tools/list_changed",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"7"}}})")).kind, Kind::NotForThisStream);
    QCOMPARE(stream.accept(message(R"({"jsonrpc":"2.0","id":3,"result":{"resultType":"complete"}})")).kind,
             Kind::NotForThisStream);
}

void tst_ListenStream::stringIdsTagToo()
{
    ListenStream stream(MessageId(QStringLiteral("listen-1")), toolsAndConfig());
    QCOMPARE(stream.accept(message(R"({"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged",
        "params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"listen-1"},"notifications":{"toolsListChanged":true}}})")).kind,
             Kind::Acknowledged);
}

void tst_ListenStream::gracefulCloseAndRefusal()
{
    ListenStream stream(MessageId(1), toolsAndConfig());
    QCOMPARE(stream.accept(message(R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete",
        "_meta":{"io.modelcontextprotocol/subscriptionId":1}}})")).kind, Kind::Closed);
    const ListenEvent refused = stream.accept(message(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}})"));
    QCOMPARE(refused.kind, Kind::Refused);
    QCOMPARE(refused.message, QStringLiteral("Method not found"));
}

void tst_ListenStream::backoffGrowsWithJitterAndCap()
{
    ReconnectBackoff backoff({}, 42);
    const QList<double> nominal = {1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000};
    for (double expected : nominal) {
        const int delay = backoff.nextDelayMs();
        QVERIFY2(delay >= expected * 0.8 - 1 && delay <= expected * 1.2 + 1,
                 qPrintable(QStringLiteral("%1 for %2").arg(delay).arg(expected)));
    }
    QCOMPARE(backoff.attempts(), nominal.size());

    // Jitter spreads the delays (two clients do not reconnect in lockstep).
    ReconnectBackoff a({}, 1), b({}, 2);
    QVERIFY(a.nextDelayMs() != b.nextDelayMs());

    BackoffPolicy exact;
    exact.jitter = 0;
    exact.initialDelayMs = 100;
    exact.growth = 3;
    exact.maxDelayMs = 1000;
    ReconnectBackoff noJitter(exact, 0);
    QCOMPARE(noJitter.nextDelayMs(), 100);
    QCOMPARE(noJitter.nextDelayMs(), 300);
    QCOMPARE(noJitter.nextDelayMs(), 900);
    QCOMPARE(noJitter.nextDelayMs(), 1000);
}

void tst_ListenStream::backoffResetsAndOnlyDropsReopen()
{
    BackoffPolicy exact;
    exact.jitter = 0;
    ReconnectBackoff backoff(exact, 0);
    backoff.nextDelayMs();
    backoff.nextDelayMs();
    backoff.reset();
    QCOMPARE(backoff.attempts(), 0);
    QCOMPARE(backoff.nextDelayMs(), 1000);

    QVERIFY(ReconnectBackoff::shouldReopen(ReconnectBackoff::StreamEnd::Dropped));
    QVERIFY(!ReconnectBackoff::shouldReopen(ReconnectBackoff::StreamEnd::ClosedByServer));
    QVERIFY(!ReconnectBackoff::shouldReopen(ReconnectBackoff::StreamEnd::Refused));
}

QTEST_GUILESS_MAIN(tst_ListenStream)
#include "tst_listenstream.moc"
