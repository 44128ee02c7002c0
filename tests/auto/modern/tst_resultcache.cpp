#include "session/modern/resultcache.h"

#include "jsonrpc/json.h"

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Modern;

namespace {
QJsonObject object(const char *json)
{
    return Json::parse(QByteArray(json)).toObject();
}
} // namespace

class tst_ResultCache : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hints_data();
    void hints();
    void freshUntilTtlThenStale();
    void realClockExpires();
    void forcedRefreshBypasses();
    void keyIsMethodAndParamsWithoutMeta();
    void onlyCacheableCompleteResultsAreKept();
    void privateResultsStayInTheirAuthorizationContext();
    void notificationsInvalidate();

private:
    qint64 m_now = 1000;
    ResultCache cache() { return ResultCache([this] { return m_now; }); }
};

void tst_ResultCache::hints_data()
{
    QTest::addColumn<QByteArray>("result");
    QTest::addColumn<qint64>("ttl");
    QTest::addColumn<int>("scope");
    QTest::newRow("both") << QByteArray(R"({"ttlMs":300000,"cacheScope":"public"})") << qint64(300000) << int(CacheHints::Scope::Public);
    QTest::newRow("private") << QByteArray(R"({"ttlMs":5,"cacheScope":"private"})") << qint64(5) << int(CacheHints::Scope::Private);
    QTest::newRow("absent (older server)") << QByteArray(R"({"tools":[]})") << qint64(0) << int(CacheHints::Scope::Unspecified);
    QTest::newRow("negative") << QByteArray(R"({"ttlMs":-10,"cacheScope":"public"})") << qint64(0) << int(CacheHints::Scope::Public);
    QTest::newRow("unknown scope") << QByteArray(R"({"ttlMs":10,"cacheScope":"shared"})") << qint64(10) << int(CacheHints::Scope::Unspecified);
    QTest::newRow("ttl not a number") << QByteArray(R"({"ttlMs":"10"})") << qint64(0) << int(CacheHints::Scope::Unspecified);
}

void tst_ResultCache::hints()
{
    QFETCH(QByteArray, result);
    QFETCH(qint64, ttl);
    QFETCH(int, scope);
    const CacheHints hints = cacheHintsOf(Json::parse(result).toObject());
    QCOMPARE(hints.ttlMs, ttl);
    QCOMPARE(int(hints.scope), scope);
}

void tst_ResultCache::freshUntilTtlThenStale()
{
    ResultCache c = cache();
    const QJsonObject result = object(R"({"resultType":"complete","tools":[{"name":"a"}],"ttlMs":300,"cacheScope":"public"})");
    c.store(QStringLiteral("tools/list"), {}, result);
    QCOMPARE(c.lookup(QStringLiteral("tools/list"), {}), std::optional<QJsonObject>(result));
    m_now += 299;
    QVERIFY(c.lookup(QStringLiteral("tools/list"), {}));
    m_now += 1; // now == received + ttlMs: stale
    QVERIFY(!c.lookup(QStringLiteral("tools/list"), {}));

    // ttlMs 0 or absent: immediately stale, nothing kept.
    c.store(QStringLiteral("prompts/list"), {}, object(R"({"prompts":[],"ttlMs":0,"cacheScope":"public"})"));
    c.store(QStringLiteral("resources/list"), {}, object(R"({"resources":[]})"));
    QVERIFY(!c.lookup(QStringLiteral("prompts/list"), {}));
    QVERIFY(!c.lookup(QStringLiteral("resources/list"), {}));
}

void tst_ResultCache::realClockExpires()
{
    ResultCache c;
    c.store(QStringLiteral("server/discover"), {},
            object(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"ttlMs":80,"cacheScope":"public"})"));
    QVERIFY(c.lookup(QStringLiteral("server/discover"), {}));
    QTRY_VERIFY_WITH_TIMEOUT(!c.lookup(QStringLiteral("server/discover"), {}), 2000);
}

void tst_ResultCache::forcedRefreshBypasses()
{
    ResultCache c = cache();
    c.store(QStringLiteral("tools/list"), {}, object(R"({"tools":[],"ttlMs":60000,"cacheScope":"public"})"));
    QVERIFY(c.lookup(QStringLiteral("tools/list"), {}));
    QVERIFY(!c.lookup(QStringLiteral("tools/list"), {}, {}, ResultCache::Lookup::ForceRefresh));
    // The refreshed answer replaces the old one.
    c.store(QStringLiteral("tools/list"), {}, object(R"({"tools":[{"name":"new"}],"ttlMs":60000,"cacheScope":"public"})"));
    QCOMPARE(c.lookup(QStringLiteral("tools/list"), {})->value(QStringLiteral("tools")).toArray().size(), 1);
}

void tst_ResultCache::keyIsMethodAndParamsWithoutMeta()
{
    ResultCache c = cache();
    const QJsonObject page2 = object(R"({"tools":[{"name":"b"}],"ttlMs":60000,"cacheScope":"public"})");
    c.store(QStringLiteral("tools/list"),
            object(R"({"cursor":"p2","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","progressToken":1}})"), page2);
    QCOMPARE(c.lookup(QStringLiteral("tools/list"), object(R"({"cursor":"p2","_meta":{"progressToken":9}})")),
             std::optional<QJsonObject>(page2));
    QVERIFY(!c.lookup(QStringLiteral("tools/list"), {}));                           // other page
    QVERIFY(!c.lookup(QStringLiteral("tools/list"), object(R"({"cursor":"p3"})")));
    QVERIFY(!c.lookup(QStringLiteral("prompts/list"), object(R"({"cursor":"p2"})"))); // other method

    const QJsonObject read = object(R"({"contents":[{"uri":"mem:a","text":"x"}],"ttlMs":60000,"cacheScope":"public"})");
    c.store(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})"), read);
    QVERIFY(c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})")));
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:b"})")));
}

void tst_ResultCache::onlyCacheableCompleteResultsAreKept()
{
    ResultCache c = cache();
    const QJsonObject hints = object(R"({"ttlMs":60000,"cacheScope":"public"})");
    c.store(QStringLiteral("tools/call"), object(R"({"name":"a"})"), hints);
    QVERIFY(!c.lookup(QStringLiteral("tools/call"), object(R"({"name":"a"})")));
    QVERIFY(!ResultCache::isCacheable(QStringLiteral("tools/call")));
    for (const char *method : {"server/discover", "tools/list", "prompts/list", "resources/list",
                               "resources/templates/list", "resources/read"})
        QVERIFY2(ResultCache::isCacheable(QString::fromLatin1(method)), method);

    // Interim results, and the results of retries carrying inputResponses or requestState.
    c.store(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})"),
            object(R"({"resultType":"input_required","requestState":"s","ttlMs":60000,"cacheScope":"public"})"));
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})")));
    const QJsonObject complete = object(R"({"resultType":"complete","contents":[],"ttlMs":60000,"cacheScope":"public"})");
    c.store(QStringLiteral("resources/read"), object(R"({"uri":"mem:a","requestState":"s"})"), complete);
    c.store(QStringLiteral("resources/read"), object(R"({"uri":"mem:a","inputResponses":{"k":{"action":"accept"}}})"), complete);
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})")));
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:a","requestState":"s"})")));
}

void tst_ResultCache::privateResultsStayInTheirAuthorizationContext()
{
    ResultCache c = cache();
    const QJsonObject mine = object(R"({"contents":[{"uri":"mem:inbox","text":"alice"}],"ttlMs":60000,"cacheScope":"private"})");
    const QJsonObject params = object(R"({"uri":"mem:inbox"})");
    c.store(QStringLiteral("resources/read"), params, mine, QStringLiteral("token-alice"));
    QCOMPARE(c.lookup(QStringLiteral("resources/read"), params, QStringLiteral("token-alice")), std::optional<QJsonObject>(mine));
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), params, QStringLiteral("token-bob")));
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), params));

    // No scope given: treated as private.
    c.store(QStringLiteral("prompts/list"), {}, object(R"({"prompts":[],"ttlMs":60000})"), QStringLiteral("token-alice"));
    QVERIFY(!c.lookup(QStringLiteral("prompts/list"), {}, QStringLiteral("token-bob")));

    // Public results are shared across contexts.
    c.store(QStringLiteral("tools/list"), {}, object(R"({"tools":[],"ttlMs":60000,"cacheScope":"public"})"), QStringLiteral("token-alice"));
    QVERIFY(c.lookup(QStringLiteral("tools/list"), {}, QStringLiteral("token-bob")));
}

void tst_ResultCache::notificationsInvalidate()
{
    ResultCache c = cache();
    const QJsonObject hints = object(R"({"ttlMs":60000,"cacheScope":"public"})");
    c.store(QStringLiteral("tools/list"), {}, hints);
    c.store(QStringLiteral("tools/list"), object(R"({"cursor":"p2"})"), hints);
    c.store(QStringLiteral("prompts/list"), {}, hints);
    c.store(QStringLiteral("resources/list"), {}, hints);
    c.store(QStringLiteral("resources/templates/list"), {}, hints);
    c.store(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})"), hints);
    c.store(QStringLiteral("resources/read"), object(R"({"uri":"mem:b"})"), hints);

    c.invalidateFor(QStringLiteral("notifications/tools/list_changed"), {});
    QVERIFY(!c.lookup(QStringLiteral("tools/list"), {}));
    QVERIFY(!c.lookup(QStringLiteral("tools/list"), object(R"({"cursor":"p2"})")));
    QVERIFY(c.lookup(QStringLiteral("prompts/list"), {}));

    c.invalidateFor(QStringLiteral("notifications/resources/updated"), object(R"({"uri":"mem:a"})"));
    QVERIFY(!c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:a"})")));
    QVERIFY(c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:b"})")));
    QVERIFY(c.lookup(QStringLiteral("resources/list"), {}));

    c.invalidateFor(QStringLiteral("notifications/resources/list_changed"), {});
    QVERIFY(!c.lookup(QStringLiteral("resources/list"), {}));
    QVERIFY(!c.lookup(QStringLiteral("resources/templates/list"), {}));
    QVERIFY(c.lookup(QStringLiteral("resources/read"), object(R"({"uri":"mem:b"})")));

    c.invalidateFor(QStringLiteral("notifications/prompts/list_changed"), {});
    QVERIFY(!c.lookup(QStringLiteral("prompts/list"), {}));
}

QTEST_GUILESS_MAIN(tst_ResultCache)
#include "tst_resultcache.moc"
