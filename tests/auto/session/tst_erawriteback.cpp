// The era a connection detects, written back into the server's configuration and used by the
// next connection, as the window does it (Session::eraDetected -> ServerCatalog), against the
// demo server (a real child process) and a catalog file on disk: the first run probes, the next
// starts from the record without probing, and a record that no longer holds is probed again
// and replaced.
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/transportfactory.h"
#include "session/session.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

namespace {

constexpr int kWait = 20000;

ServerConfig demoConfig(const QString &era)
{
    ServerConfig config = ServerConfig::create(QStringLiteral("demo"));
    config.command = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    config.args = {QStringLiteral("--era"), era};
    return config;
}

// One connection of one configuration as the window makes it; what went over the wire.
struct Run
{
    Modern::EraRecord era;
    QList<Modern::EraRecord> detected;
    QStringList methods; // requests sent, in order
};

Run connectOnce(ServerCatalog &catalog, const QUuid &id)
{
    const ServerConfig config = catalog.find(id);
    QString error;
    const TransportFactory factory = transportFactoryFor(config, &error);
    Session::Options options;
    options.pingIntervalMs = 0;
    options.client.era = Modern::EraChoice{}; // Auto, whatever the library's default
    options.client.cachedEra = Modern::EraRecord::fromJson(config.eraRecord);
    Session session(1, config.name, factory, options);
    Run run;
    QObject::connect(&session, &Session::eraDetected, &catalog, [&](const Modern::EraRecord &record) {
        run.detected.append(record);
        catalog.rememberEraRecord(id, record.toJson());
    });
    QObject::connect(&session, &Session::trafficBatch, &catalog, [&run](const QList<TrafficEvent> &events) {
        for (const TrafficEvent &event : events) {
            if (event.direction != TrafficEvent::Direction::Outgoing || event.kind != TrafficEvent::Kind::Message)
                continue;
            const QJsonObject message = QJsonDocument::fromJson(event.raw).object();
            if (message.contains(QLatin1String("id")))
                run.methods.append(message.value(QLatin1String("method")).toString());
        }
    });
    session.connectToServer();
    if (!QTest::qWaitFor([&] { return session.state() == Session::State::Connected; }, kWait))
        return run;
    QTest::qWait(100); // the last traffic batch
    run.era = session.sessionInfo().era;
    session.disconnectFromServer();
    (void)QTest::qWaitFor([&] { return session.state() != Session::State::Connected; }, kWait);
    return run;
}

} // namespace

class tst_EraWriteBack : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void detectedEraIsPersistedAndReused();
    void staleRecordIsProbedAgainAndReplaced();
    void rememberOnlyWhatChanged();

private:
    QTemporaryDir m_dir;
    QString catalogFile(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
};

void tst_EraWriteBack::detectedEraIsPersistedAndReused()
{
    QUuid id;
    {
        ServerCatalog catalog(catalogFile("reuse.json"));
        QVERIFY(catalog.load());
        id = catalog.add(demoConfig(QStringLiteral("legacy")));
        const Run first = connectOnce(catalog, id);
        QCOMPARE(first.era.era, Modern::Era::Legacy);
        QCOMPARE(first.era.source, Modern::EraRecord::Source::Probed);
        QCOMPARE(first.methods.first(), QStringLiteral("server/discover")); // probed
        QCOMPARE(first.detected.size(), 1);
        QCOMPARE(first.detected.first(), first.era);
    }
    // The next run reads the file: the record is there and used without a probe.
    ServerCatalog catalog(catalogFile("reuse.json"));
    QVERIFY(catalog.load());
    const Modern::EraRecord stored = Modern::EraRecord::fromJson(catalog.find(id).eraRecord);
    QCOMPARE(stored.era, Modern::Era::Legacy);
    QVERIFY(!stored.version.isEmpty());
    const Run second = connectOnce(catalog, id);
    QCOMPARE(second.era.era, Modern::Era::Legacy);
    QCOMPARE(second.era.source, Modern::EraRecord::Source::Cached);
    QVERIFY2(!second.methods.contains(QLatin1String("server/discover")), qPrintable(second.methods.join(u' ')));
    QCOMPARE(second.methods.first(), QStringLiteral("initialize"));
    QVERIFY(second.detected.isEmpty()); // nothing new to persist
}

void tst_EraWriteBack::staleRecordIsProbedAgainAndReplaced()
{
    ServerCatalog catalog(catalogFile("stale.json"));
    QVERIFY(catalog.load());
    // The server was legacy last time; now it speaks only the modern era.
    ServerConfig config = demoConfig(QStringLiteral("modern"));
    config.eraRecord = Modern::EraRecord{Modern::Era::Legacy, QStringLiteral("2025-11-25"),
                                         Modern::EraRecord::Source::Probed}.toJson();
    const QUuid id = catalog.add(config);

    const Run run = connectOnce(catalog, id);
    QCOMPARE(run.era.era, Modern::Era::Modern);
    QCOMPARE(run.era.source, Modern::EraRecord::Source::Probed);
    QVERIFY2(run.methods.startsWith(QStringLiteral("initialize")), qPrintable(run.methods.join(u' '))); // the record, tried
    QVERIFY(run.methods.contains(QLatin1String("server/discover")));                                    // then probed
    QCOMPARE(run.detected.size(), 1);
    QCOMPARE(Modern::EraRecord::fromJson(catalog.find(id).eraRecord).era, Modern::Era::Modern);

    // And the other way: a modern record for a server that is legacy now.
    config = catalog.find(id);
    config.args = {QStringLiteral("--era"), QStringLiteral("legacy")};
    QVERIFY(catalog.update(config));
    const Run back = connectOnce(catalog, id);
    QCOMPARE(back.era.era, Modern::Era::Legacy);
    QCOMPARE(back.era.source, Modern::EraRecord::Source::Probed);
    QCOMPARE(Modern::EraRecord::fromJson(catalog.find(id).eraRecord).era, Modern::Era::Legacy);

    ServerCatalog reread(catalogFile("stale.json"));
    QVERIFY(reread.load());
    QCOMPARE(Modern::EraRecord::fromJson(reread.find(id).eraRecord).era, Modern::Era::Legacy);
}

void tst_EraWriteBack::rememberOnlyWhatChanged()
{
    ServerCatalog catalog(catalogFile("changes.json"));
    QVERIFY(catalog.load());
    const QUuid id = catalog.add(demoConfig(QStringLiteral("dual")));
    QSignalSpy changed(&catalog, &ServerCatalog::serverChanged);
    const Modern::EraRecord probed{Modern::Era::Modern, QStringLiteral("2026-07-28"), Modern::EraRecord::Source::Probed};
    QVERIFY(catalog.rememberEraRecord(id, probed.toJson()));
    QCOMPARE(changed.size(), 1);
    // The same era and version decided another way is no news: the file is not rewritten.
    Modern::EraRecord cached = probed;
    cached.source = Modern::EraRecord::Source::Cached;
    QVERIFY(!catalog.rememberEraRecord(id, cached.toJson()));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(Modern::EraRecord::fromJson(catalog.find(id).eraRecord), probed);
    // Forgetting it (the window's "probe again").
    QVERIFY(catalog.rememberEraRecord(id, {}));
    QVERIFY(catalog.find(id).eraRecord.isEmpty());
    QVERIFY(!catalog.rememberEraRecord(id, {}));
    QVERIFY(!catalog.rememberEraRecord(QUuid::createUuid(), probed.toJson()));
}

QTEST_GUILESS_MAIN(tst_EraWriteBack)
#include "tst_erawriteback.moc"
