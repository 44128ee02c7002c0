// The Client's result cache (server/utilities/caching.mdx) against the demo server, a real
// child process serving ttlMs: list calls answered from memory while fresh with nothing on the
// wire, a forced refresh, expiry, invalidation by the listen stream's list_changed, paging.
// And HeaderMismatch (-32020) over Streamable HTTP: the tools are listed again (past the
// cache) and the call retried once when the x-mcp-header mapping changed.
#include "session/client.h"
#include "transport/httpautotransport.h"
#include "transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include "httppeer.h"

using namespace Mcp;

namespace {

constexpr int kWait = 15000;
const QString DemoServer = QStringLiteral(MCPSCOPE_DEMO_SERVER);

StdioServerParameters demo(const QStringList &extra = {})
{
    StdioServerParameters parameters;
    parameters.program = DemoServer;
    parameters.arguments = QStringList{QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")}
        + extra;
    return parameters;
}

QUrl startHttp(QProcess &process)
{
    return Test::startHttpPeer(process, DemoServer, {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0"),
                                                     QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--conformance")});
}

// What went over the wire, from the Client's traffic events.
class Wire : public QObject
{
public:
    explicit Wire(Client *client)
    {
        connect(client, &Client::trafficEvent, this, [this](const TrafficEvent &event) {
            if (event.kind == TrafficEvent::Kind::Note) {
                notes.append(event.note);
                return;
            }
            if (event.direction != TrafficEvent::Direction::Outgoing || event.kind != TrafficEvent::Kind::Message)
                return;
            const QJsonObject message = QJsonDocument::fromJson(event.raw).object();
            if (message.contains(QLatin1String("id")))
                requests.append(message);
        });
    }
    // Requests sent with this method (and this tool name, for tools/call).
    int sent(const QString &method, const QString &name = {}) const
    {
        return int(std::count_if(requests.cbegin(), requests.cend(), [&](const QJsonObject &request) {
            return request.value(QLatin1String("method")).toString() == method
                && (name.isEmpty()
                    || request.value(QLatin1String("params")).toObject().value(QLatin1String("name")).toString() == name);
        }));
    }
    QList<QJsonObject> requests;
    QStringList notes;
};

bool waitFor(OutgoingRequest *request)
{
    if (request->isFinished())
        return true;
    QSignalSpy finished(request, &OutgoingRequest::finished);
    return finished.wait(kWait);
}

// Sends a request and waits; the answer's response (the handle deletes itself later).
Response ask(Client &client, const QString &method, const QJsonObject &params = {}, bool forceRefresh = false)
{
    RequestOptions options;
    options.forceRefresh = forceRefresh;
    OutgoingRequest *request = client.sendRequest(method, params, options);
    if (!waitFor(request))
        return Response{QJsonValue::Undefined, RpcError{-1, QStringLiteral("no answer in time")}};
    return request->response();
}

Response callTool(Client &client, const QString &name, const QJsonObject &arguments = {})
{
    return ask(client, QStringLiteral("tools/call"),
               {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
}

QByteArray errorText(const Response &response)
{
    return response.error ? response.error->message.toUtf8() : QByteArray("no error");
}

struct Listed
{
    QJsonArray items;
    std::optional<RpcError> error;
    CacheStatus cache;
    bool done = false;
};

Listed listAll(Client &client, const ListDescriptor &list, bool forceRefresh = false)
{
    auto listed = std::make_shared<Listed>();
    Client::ListOptions options;
    options.forceRefresh = forceRefresh;
    client.listAll(list, &client, options,
                   [listed](const QJsonArray &items, const std::optional<RpcError> &error, const CacheStatus &cache) {
                       *listed = Listed{items, error, cache, true};
                   });
    (void)QTest::qWaitFor([&] { return listed->done; }, kWait);
    return *listed;
}

bool connectModern(Client &client)
{
    client.setEraChoice({Modern::EraChoice::Mode::Modern, {}});
    client.connectToServer();
    return QTest::qWaitFor([&] { return client.state() == Client::State::Ready; }, kWait) && client.isModern();
}

QStringList names(const QJsonArray &items)
{
    QStringList list;
    for (const QJsonValue &item : items)
        list.append(item.toObject().value(QLatin1String("name")).toString());
    return list;
}

} // namespace

class tst_ClientCache : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void secondListFromCache_data();
    void secondListFromCache();
    void forcedRefreshSends();
    void expirySendsAgain();
    void listChangedInvalidates();
    void pagedListFromCache();
    void headerMismatchRelistsAndRetries();
};

void tst_ClientCache::secondListFromCache_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("itemsKey");
    QTest::newRow("tools") << QStringLiteral("tools/list") << QStringLiteral("tools");
    QTest::newRow("prompts") << QStringLiteral("prompts/list") << QStringLiteral("prompts");
    QTest::newRow("resources") << QStringLiteral("resources/list") << QStringLiteral("resources");
    QTest::newRow("templates") << QStringLiteral("resources/templates/list") << QStringLiteral("resourceTemplates");
}

void tst_ClientCache::secondListFromCache()
{
    QFETCH(QString, method);
    QFETCH(QString, itemsKey);
    Client client(new StdioTransport(demo()));
    Wire wire(&client);
    QVERIFY(connectModern(client));

    const Response first = ask(client, method);
    QVERIFY2(!first.isError(), errorText(first).constData());
    QVERIFY(!first.cache.fromCache);
    QCOMPARE(first.cache.freshForMs, qint64(60000)); // the demo server's ttlMs for lists
    QCOMPARE(wire.sent(method), 1);

    const Response second = ask(client, method);
    QVERIFY(!second.isError());
    QVERIFY(second.cache.fromCache);
    QVERIFY2(second.cache.freshForMs > 50000 && second.cache.freshForMs <= 60000,
             qPrintable(QString::number(second.cache.freshForMs)));
    QCOMPARE(second.result.toObject().value(itemsKey), first.result.toObject().value(itemsKey));
    QVERIFY(!second.result.toObject().value(itemsKey).toArray().isEmpty());
    QCOMPARE(wire.sent(method), 1); // nothing on the wire
    QVERIFY2(wire.notes.last().contains(QLatin1String("answered from the cache")), qPrintable(wire.notes.last()));

    // Other params are another cache key (caching.mdx: never served for different params).
    const Response other = ask(client, method, {{QStringLiteral("cursor"), QStringLiteral("no-such-cursor")}});
    QVERIFY(!other.cache.fromCache);
    QCOMPARE(wire.sent(method), 2);
}

void tst_ClientCache::forcedRefreshSends()
{
    Client client(new StdioTransport(demo()));
    Wire wire(&client);
    QVERIFY(connectModern(client));
    QVERIFY(!ask(client, QStringLiteral("tools/list")).isError());
    QVERIFY(ask(client, QStringLiteral("tools/list")).cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 1);

    const Response refreshed = ask(client, QStringLiteral("tools/list"), {}, true);
    QVERIFY(!refreshed.isError());
    QVERIFY(!refreshed.cache.fromCache);
    QCOMPARE(refreshed.cache.freshForMs, qint64(60000));
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 2);
    // The refresh was kept: the next call is served from it again.
    QVERIFY(ask(client, QStringLiteral("tools/list")).cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 2);

    // listAll's option does the same for every page.
    const Listed forced = listAll(client, Lists::Tools, true);
    QVERIFY(forced.done && !forced.error);
    QVERIFY(!forced.cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 3);
    const Listed cached = listAll(client, Lists::Tools);
    QVERIFY(cached.cache.fromCache);
    QVERIFY(cached.cache.freshForMs > 0);
    QCOMPARE(cached.items, forced.items);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 3);
}

void tst_ClientCache::expirySendsAgain()
{
    Client client(new StdioTransport(demo({QStringLiteral("--list-ttl"), QStringLiteral("600")})));
    Wire wire(&client);
    QVERIFY(connectModern(client));
    const Response first = ask(client, QStringLiteral("prompts/list"));
    QCOMPARE(first.cache.freshForMs, qint64(600));
    QElapsedTimer sinceFirst;
    sinceFirst.start();
    const Response second = ask(client, QStringLiteral("prompts/list"));
    if (sinceFirst.elapsed() < 500) { // a loaded machine may take longer than the ttl between the two
        QVERIFY(second.cache.fromCache);
        QCOMPARE(wire.sent(QStringLiteral("prompts/list")), 1);
    }
    QTest::qWait(int(qMax<qint64>(0, 700 - sinceFirst.elapsed())));
    const Response expired = ask(client, QStringLiteral("prompts/list"));
    QVERIFY(!expired.isError());
    QVERIFY(!expired.cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("prompts/list")), second.cache.fromCache ? 2 : 3);
}

void tst_ClientCache::listChangedInvalidates()
{
    Client client(new StdioTransport(demo()));
    Wire wire(&client);
    QSignalSpy changed(&client, &Client::toolsListChanged);
    QVERIFY(connectModern(client));
    QTRY_COMPARE_WITH_TIMEOUT(client.listenState(), Client::ListenState::Open, kWait);

    const Response before = ask(client, QStringLiteral("tools/list"));
    QVERIFY(!before.isError());
    QVERIFY(ask(client, QStringLiteral("prompts/list")).cache.freshForMs > 0);
    QVERIFY(ask(client, QStringLiteral("tools/list")).cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 1);

    QVERIFY(!callTool(client, QStringLiteral("test_trigger_tool_change")).isError()); // adds test_dynamic_tool
    QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, kWait);
    const Response after = ask(client, QStringLiteral("tools/list"));
    QVERIFY(!after.cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), 2);
    QVERIFY(!names(before.result.toObject().value(QLatin1String("tools")).toArray())
                 .contains(QLatin1String("test_dynamic_tool")));
    QVERIFY(names(after.result.toObject().value(QLatin1String("tools")).toArray())
                .contains(QLatin1String("test_dynamic_tool")));
    // Only the list that changed: prompts are still fresh.
    QVERIFY(ask(client, QStringLiteral("prompts/list")).cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("prompts/list")), 1);

    // A new connection starts with an empty cache.
    client.disconnectFromServer();
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Disconnected, kWait);
    QVERIFY(connectModern(client));
    QVERIFY(!ask(client, QStringLiteral("prompts/list")).cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("prompts/list")), 2);
}

void tst_ClientCache::pagedListFromCache()
{
    Client client(new StdioTransport(demo({QStringLiteral("--page-size"), QStringLiteral("3")})));
    Wire wire(&client);
    QVERIFY(connectModern(client));
    const Listed first = listAll(client, Lists::Tools);
    QVERIFY(first.done && !first.error);
    const int pages = wire.sent(QStringLiteral("tools/list"));
    QVERIFY2(pages >= 3, "the demo server has more than 6 tools with --conformance");
    QCOMPARE(int(first.items.size() / 3 + (first.items.size() % 3 ? 1 : 0)), pages);
    QVERIFY(!first.cache.fromCache);
    QCOMPARE(first.cache.freshForMs, qint64(60000));

    const Listed second = listAll(client, Lists::Tools);
    QVERIFY(second.cache.fromCache);
    QCOMPARE(second.items, first.items);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), pages);
}

void tst_ClientCache::headerMismatchRelistsAndRetries()
{
    QProcess server;
    const QUrl url = startHttp(server);
    QVERIFY2(url.isValid(), "the demo server did not start");
    Client client(createHttpTransport(url, HttpTransportKind::Auto, {}));
    // No listen stream: the cached tools/list stays fresh when the mapping changes, so only a
    // re-list that bypasses the cache can see the new mapping.
    client.setListenFilter(Modern::SubscriptionFilter());
    Wire wire(&client);
    QVERIFY(connectModern(client));
    const Listed tools = listAll(client, Lists::Tools);
    QVERIFY(tools.done && !tools.error);
    QVERIFY(names(tools.items).contains(QLatin1String("test_header_route")));
    const int listsBefore = wire.sent(QStringLiteral("tools/list"));

    const QJsonObject arguments{{QStringLiteral("region"), QStringLiteral("eu-west1")}};
    Response answer = callTool(client, QStringLiteral("test_header_route"), arguments);
    QVERIFY2(!answer.isError(), errorText(answer).constData());

    // The server renames the header; our mapping is stale and the server says -32020.
    QVERIFY(!callTool(client, QStringLiteral("test_trigger_header_change"), {{QStringLiteral("header"), QStringLiteral("Zone")}})
                 .isError());
    QVERIFY(listAll(client, Lists::Tools).cache.fromCache); // still the old list
    answer = callTool(client, QStringLiteral("test_header_route"), arguments);
    QVERIFY2(!answer.isError(), errorText(answer).constData()); // retried with Mcp-Param-Zone
    QCOMPARE(answer.result.toObject().value(QLatin1String("content")).toArray().first().toObject().value(QLatin1String("text")).toString(),
             QStringLiteral("eu-west1"));
    QCOMPARE(wire.sent(QStringLiteral("tools/call"), QStringLiteral("test_header_route")), 3);
    QVERIFY2(wire.sent(QStringLiteral("tools/list")) > listsBefore, "the tools were listed again");
    QVERIFY(wire.notes.filter(QStringLiteral("HeaderMismatch")).size() == 1);
    // The re-list refreshed the cache too.
    const Listed relisted = listAll(client, Lists::Tools);
    QVERIFY(relisted.cache.fromCache);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), listsBefore + 1);

    // Renamed to something that breaks the x-mcp-header rules: listed again, the tool is
    // invalid, the call is not retried and the error says why.
    QVERIFY(!callTool(client, QStringLiteral("test_trigger_header_change"), {{QStringLiteral("header"), QStringLiteral("Bad Header")}})
                 .isError());
    answer = callTool(client, QStringLiteral("test_header_route"), arguments);
    QVERIFY(answer.isError());
    QCOMPARE(answer.error->code, -32020);
    QVERIFY2(answer.error->message.contains(QLatin1String("HeaderMismatch"))
                 && answer.error->message.contains(QLatin1String("invalid")),
             errorText(answer).constData());
    QCOMPARE(wire.sent(QStringLiteral("tools/call"), QStringLiteral("test_header_route")), 4);
    QCOMPARE(wire.sent(QStringLiteral("tools/list")), listsBefore + 2);
    QVERIFY(client.invalidTools().contains(QStringLiteral("test_header_route")));

    client.disconnectFromServer();
    server.kill();
    server.waitForFinished(3000);
}

QTEST_GUILESS_MAIN(tst_ClientCache)
#include "tst_clientcache.moc"
