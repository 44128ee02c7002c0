#include "session/modern/eradetector.h"

#include "jsonrpc/json.h"
#include "jsonrpc/message.h"

#include <QtTest>

using namespace Mcp;
using namespace Mcp::Modern;
using Action = EraStep::Action;
using Transport = EraDetector::Transport;

namespace {
const QString Modern1 = QStringLiteral("2026-07-28");
const QString Modern2 = QStringLiteral("2027-03-01"); // a later revision the client also speaks
const QStringList ModernVersions = {Modern2, Modern1};
const QStringList LegacyVersions = {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                    QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};

QJsonObject object(const char *json)
{
    return Json::parse(QByteArray(json)).toObject();
}

RpcError rpcError(const char *json)
{
    return RpcError::fromJson(object(json));
}

EraDetector detector(Transport transport, EraChoice choice = {}, EraRecord cached = {})
{
    return EraDetector(transport, choice, ModernVersions, LegacyVersions, cached);
}
} // namespace

Q_DECLARE_METATYPE(Mcp::Modern::EraStep::Action)

class tst_EraDetector : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void autoProbesWithTheNewestModernVersion();
    void discoverResultMeansModern();
    void discoverResultPicksAMutualVersion();
    void discoverResultWithoutAMutualModernVersion();
    void notADiscoverResultMeansLegacy();
    void unsupportedVersionRetriesOnceWithAMutualVersion();
    void unsupportedVersionTwiceFailsNamingBothLists();
    void unsupportedVersionListingOnlyLegacyVersions();
    void otherErrorsMeanLegacy_data();
    void otherErrorsMeanLegacy();
    void headerMismatchAndMissingCapabilityAreModern();
    void timeout();
    void httpStatuses_data();
    void httpStatuses();
    void httpInitializeRefusedFallsBackToLegacySse();
    void pinnedModern();
    void pinnedModernRefusesLegacy();
    void legacyChoiceSkipsTheProbe();
    void cachedRecordIsUsedWithoutProbing();
    void cachedAssumptionFailingProbesAgain();
    void recordRoundTripsThroughJson();
    void choiceStrings_data();
    void choiceStrings();
};

void tst_EraDetector::autoProbesWithTheNewestModernVersion()
{
    EraDetector d = detector(Transport::Stdio);
    const EraStep step = d.start();
    QCOMPARE(step.action, Action::SendModern);
    QCOMPARE(step.version, Modern2);
    QVERIFY(!d.record().isKnown());
}

void tst_EraDetector::discoverResultMeansModern()
{
    EraDetector d = detector(Transport::Stdio);
    d.start();
    const EraStep step = d.result(object(R"({"resultType":"complete","supportedVersions":["2027-03-01","2026-07-28"],"capabilities":{}})"));
    QCOMPARE(step.action, Action::UseModern);
    QCOMPARE(step.version, Modern2);
    QCOMPARE(d.record(), (EraRecord{Era::Modern, Modern2, EraRecord::Source::Probed}));
}

void tst_EraDetector::discoverResultPicksAMutualVersion()
{
    EraDetector d = detector(Transport::Http);
    d.start();
    const EraStep step = d.result(object(R"({"supportedVersions":["2026-07-28"],"capabilities":{}})"));
    QCOMPARE(step.action, Action::UseModern);
    QCOMPARE(step.version, Modern1);
}

void tst_EraDetector::discoverResultWithoutAMutualModernVersion()
{
    EraDetector autoDetector = detector(Transport::Stdio);
    autoDetector.start();
    QCOMPARE(autoDetector.result(object(R"({"supportedVersions":["2030-01-01"],"capabilities":{}})")).action,
             Action::Initialize);

    EraDetector modern = detector(Transport::Stdio, {EraChoice::Mode::Modern, {}});
    modern.start();
    const EraStep step = modern.result(object(R"({"supportedVersions":["2030-01-01"],"capabilities":{}})"));
    QCOMPARE(step.action, Action::Fail);
    QVERIFY2(step.message.contains(QStringLiteral("2030-01-01")), qPrintable(step.message));
    QVERIFY2(step.message.contains(QStringLiteral("2027-03-01, 2026-07-28")), qPrintable(step.message));
}

void tst_EraDetector::notADiscoverResultMeansLegacy()
{
    EraDetector d = detector(Transport::Stdio);
    d.start();
    const EraStep step = d.result(object(R"({"tools":[]})"));
    QCOMPARE(step.action, Action::Initialize);
    QVERIFY(step.version.isEmpty());
    QCOMPARE(d.record().era, Era::Legacy);
}

void tst_EraDetector::unsupportedVersionRetriesOnceWithAMutualVersion()
{
    EraDetector d = detector(Transport::Stdio);
    d.start();
    EraStep step = d.error(rpcError(
        R"({"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28","2025-11-25"],"requested":"2027-03-01"}})"));
    QCOMPARE(step.action, Action::SendModern);
    QCOMPARE(step.version, Modern1);
    step = d.result(object(R"({"supportedVersions":["2026-07-28","2025-11-25"],"capabilities":{}})"));
    QCOMPARE(step.action, Action::UseModern);
    QCOMPARE(step.version, Modern1);
}

void tst_EraDetector::unsupportedVersionTwiceFailsNamingBothLists()
{
    EraDetector d = detector(Transport::Http);
    d.start();
    const RpcError refusal = rpcError(
        R"({"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"2027-03-01"}})");
    QCOMPARE(d.error(refusal).action, Action::SendModern);
    const EraStep step = d.error(refusal);
    QCOMPARE(step.action, Action::Fail);
    QVERIFY2(step.message.contains(QStringLiteral("supports 2026-07-28")), qPrintable(step.message));
    QVERIFY2(step.message.contains(QStringLiteral("2027-03-01, 2026-07-28")), qPrintable(step.message));

    // Refused although the server lists the version sent: retried once with it all the same.
    EraDetector same = detector(Transport::Http);
    same.start();
    const RpcError sameRefusal = rpcError(
        R"({"code":-32022,"message":"m","data":{"supported":["2026-07-28"],"requested":"2026-07-28"}})");
    const EraStep retry = same.error(sameRefusal);
    QCOMPARE(retry.action, Action::SendModern);
    QCOMPARE(retry.version, QStringLiteral("2026-07-28"));
    QCOMPARE(same.error(sameRefusal).action, Action::Fail);

    // No mutual version at all: no retry, a failure naming both lists.
    EraDetector none = detector(Transport::Stdio);
    none.start();
    const EraStep noneStep = none.error(rpcError(
        R"({"code":-32022,"message":"m","data":{"supported":["2031-01-01"],"requested":"2027-03-01"}})"));
    QCOMPARE(noneStep.action, Action::Fail);
    QVERIFY2(noneStep.message.contains(QStringLiteral("2031-01-01")), qPrintable(noneStep.message));
}

void tst_EraDetector::unsupportedVersionListingOnlyLegacyVersions()
{
    // A server that only speaks legacy versions but knows the error: initialize it.
    EraDetector d = detector(Transport::Stdio);
    d.start();
    QCOMPARE(d.error(rpcError(R"({"code":-32022,"message":"m","data":{"supported":["2025-06-18"]}})")).action,
             Action::Initialize);
}

void tst_EraDetector::otherErrorsMeanLegacy_data()
{
    // The fallback must not be keyed to one code (stdio.mdx, backward compatibility).
    QTest::addColumn<QByteArray>("error");
    QTest::newRow("-32601") << QByteArray(R"({"code":-32601,"message":"Method not found"})");
    QTest::newRow("-32602") << QByteArray(R"({"code":-32602,"message":"Invalid params"})");
    QTest::newRow("-32600") << QByteArray(R"({"code":-32600,"message":"Server not initialized"})");
    QTest::newRow("-32000") << QByteArray(R"({"code":-32000,"message":"Bad Request"})");
    QTest::newRow("-32022 without data") << QByteArray(R"({"code":-32022,"message":"something else"})");
    QTest::newRow("application code") << QByteArray(R"({"code":42,"message":"no"})");
}

void tst_EraDetector::otherErrorsMeanLegacy()
{
    QFETCH(QByteArray, error);
    for (Transport transport : {Transport::Stdio, Transport::Http}) {
        EraDetector d = detector(transport);
        d.start();
        const EraStep step = d.error(RpcError::fromJson(Json::parse(error).toObject()));
        QCOMPARE(step.action, Action::Initialize);
        QCOMPARE(d.record(), (EraRecord{Era::Legacy, {}, EraRecord::Source::Probed}));
    }
}

void tst_EraDetector::headerMismatchAndMissingCapabilityAreModern()
{
    EraDetector d = detector(Transport::Http);
    d.start();
    const EraStep step = d.error(rpcError(R"({"code":-32020,"message":"Mcp-Method header missing"})"));
    QCOMPARE(step.action, Action::Fail); // no fallback to initialize
    QVERIFY2(step.message.contains(QStringLiteral("-32020")), qPrintable(step.message));
    QCOMPARE(d.record().era, Era::Modern);

    EraDetector d2 = detector(Transport::Stdio);
    d2.start();
    const EraStep step2 = d2.error(rpcError(R"({"code":-32021,"message":"m","data":{"requiredCapabilities":{"roots":{}}}})"));
    QCOMPARE(step2.action, Action::Fail);
    QVERIFY2(step2.message.contains(QStringLiteral("roots")), qPrintable(step2.message));
}

void tst_EraDetector::timeout()
{
    EraDetector stdio = detector(Transport::Stdio);
    stdio.start();
    QCOMPARE(stdio.timeout().action, Action::Initialize);

    // An HTTP server that hangs the modern POST is taken for a legacy one (versioning.mdx:
    // no recognized modern error), unless the modern era is pinned.
    EraDetector http = detector(Transport::Http);
    http.start();
    QCOMPARE(http.timeout().action, Action::Initialize);
    EraDetector httpPinned = detector(Transport::Http, {EraChoice::Mode::Modern, {}});
    httpPinned.start();
    QCOMPARE(httpPinned.timeout().action, Action::Fail);

    EraDetector pinned = detector(Transport::Stdio, {EraChoice::Mode::Modern, {}});
    pinned.start();
    QCOMPARE(pinned.timeout().action, Action::Fail);
}

void tst_EraDetector::httpStatuses_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<EraStep::Action>("action");
    QTest::addColumn<QString>("version");
    QTest::newRow("400 -32022") << 400
        << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"m","data":{"supported":["2026-07-28"],"requested":"2027-03-01"}}})")
        << Action::SendModern << Modern1;
    QTest::newRow("400 empty") << 400 << QByteArray() << Action::Initialize << QString();
    QTest::newRow("400 legacy session error") << 400
        << QByteArray(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}})")
        << Action::Initialize << QString();
    QTest::newRow("400 html") << 400 << QByteArray("<html>bad</html>") << Action::Initialize << QString();
    QTest::newRow("404 legacy SSE server") << 404 << QByteArray("Not Found") << Action::Initialize << QString();
    QTest::newRow("405") << 405 << QByteArray() << Action::Initialize << QString();
    QTest::newRow("400 -32020") << 400
        << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"Header mismatch"}})")
        << Action::Fail << Modern2;
    QTest::newRow("401") << 401 << QByteArray() << Action::Fail << QString();
    QTest::newRow("403") << 403 << QByteArray() << Action::Fail << QString();
    // A legacy server's answers to a method it does not know (issue 32): any status but
    // 401/403 without a recognized modern error falls back to initialize.
    QTest::newRow("500 -32603 id null") << 500
        << QByteArray(R"({"jsonrpc":"2.0","error":{"code":-32603,"message":"Error in httpTransport: "},"id":null})")
        << Action::Initialize << QString();
    QTest::newRow("500 html") << 500 << QByteArray("<html><body>Internal Server Error</body></html>")
        << Action::Initialize << QString();
    QTest::newRow("502 empty") << 502 << QByteArray() << Action::Initialize << QString();
    QTest::newRow("503 -32601") << 503
        << QByteArray(R"({"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1})")
        << Action::Initialize << QString();
    QTest::newRow("200 html") << 200 << QByteArray("<!doctype html><p>hello</p>") << Action::Initialize << QString();
    QTest::newRow("500 -32022") << 500
        << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"m","data":{"supported":["2026-07-28"]}}})")
        << Action::SendModern << Modern1;
}

void tst_EraDetector::httpStatuses()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(EraStep::Action, action);
    QFETCH(QString, version);
    EraDetector d = detector(Transport::Http);
    d.start();
    const EraStep step = d.httpStatus(status, body);
    QCOMPARE(step.action, action);
    QCOMPARE(step.version, version);
    if (action == Action::Fail)
        QVERIFY(!step.message.isEmpty());
}

void tst_EraDetector::httpInitializeRefusedFallsBackToLegacySse()
{
    for (int status : {400, 404, 405}) {
        EraDetector d = detector(Transport::Http);
        d.start();
        QCOMPARE(d.httpStatus(404, {}).action, Action::Initialize);
        QCOMPARE(d.initializeRefused(status).action, Action::LegacySse);
        QCOMPARE(d.record().era, Era::Legacy);
    }
    EraDetector d = detector(Transport::Http);
    d.start();
    d.httpStatus(400, {});
    QCOMPARE(d.initializeRefused(500).action, Action::Fail);

    EraDetector stdio = detector(Transport::Stdio);
    stdio.start();
    stdio.timeout();
    QCOMPARE(stdio.initializeRefused(404).action, Action::Fail);
}

void tst_EraDetector::pinnedModern()
{
    EraDetector d = detector(Transport::Http, {EraChoice::Mode::Modern, Modern1});
    QCOMPARE(d.start().version, Modern1);
    // A pinned version is never traded for another one.
    const EraStep step = d.error(rpcError(R"({"code":-32022,"message":"m","data":{"supported":["2027-03-01"]}})"));
    QCOMPARE(step.action, Action::Fail);

    EraDetector ok = detector(Transport::Http, {EraChoice::Mode::Modern, Modern1});
    ok.start();
    QCOMPARE(ok.result(object(R"({"supportedVersions":["2027-03-01","2026-07-28"],"capabilities":{}})")).version,
             Modern1);
    QCOMPARE(ok.record(), (EraRecord{Era::Modern, Modern1, EraRecord::Source::Pinned}));
}

void tst_EraDetector::pinnedModernRefusesLegacy()
{
    EraDetector d = detector(Transport::Stdio, {EraChoice::Mode::Modern, {}});
    d.start();
    const EraStep step = d.error(rpcError(R"({"code":-32601,"message":"Method not found"})"));
    QCOMPARE(step.action, Action::Fail);
    QVERIFY2(step.message.contains(QStringLiteral("-32601")), qPrintable(step.message));

    EraDetector http = detector(Transport::Http, {EraChoice::Mode::Modern, {}});
    http.start();
    QCOMPARE(http.httpStatus(400, {}).action, Action::Fail);
}

void tst_EraDetector::legacyChoiceSkipsTheProbe()
{
    EraDetector d = detector(Transport::Http, {EraChoice::Mode::Legacy, QStringLiteral("2025-06-18")});
    const EraStep step = d.start();
    QCOMPARE(step.action, Action::Initialize);
    QCOMPARE(step.version, QStringLiteral("2025-06-18"));
    QCOMPARE(d.record(), (EraRecord{Era::Legacy, QStringLiteral("2025-06-18"), EraRecord::Source::Pinned}));
    QCOMPARE(d.initializeRefused(405).action, Action::LegacySse);

    EraDetector any = detector(Transport::Stdio, {EraChoice::Mode::Legacy, {}});
    QCOMPARE(any.start().action, Action::Initialize);
}

void tst_EraDetector::cachedRecordIsUsedWithoutProbing()
{
    EraDetector modern = detector(Transport::Http, {}, {Era::Modern, Modern1, EraRecord::Source::Probed});
    EraStep step = modern.start();
    QCOMPARE(step.action, Action::UseModern);
    QCOMPARE(step.version, Modern1);
    QCOMPARE(modern.record().source, EraRecord::Source::Cached);

    EraDetector legacy = detector(Transport::Stdio, {}, {Era::Legacy, {}, EraRecord::Source::Probed});
    QCOMPARE(legacy.start().action, Action::Initialize);

    // An explicit choice wins over the record.
    EraDetector pinned = detector(Transport::Stdio, {EraChoice::Mode::Modern, {}},
                                  {Era::Legacy, {}, EraRecord::Source::Probed});
    QCOMPARE(pinned.start().action, Action::SendModern);
}

void tst_EraDetector::cachedAssumptionFailingProbesAgain()
{
    EraDetector d = detector(Transport::Stdio, {}, {Era::Modern, Modern1, EraRecord::Source::Probed});
    QCOMPARE(d.start().action, Action::UseModern);
    const EraStep step = d.cachedAssumptionFailed();
    QCOMPARE(step.action, Action::SendModern);
    QCOMPARE(step.version, Modern2);
    QCOMPARE(d.error(rpcError(R"({"code":-32601,"message":"Method not found"})")).action, Action::Initialize);
    QCOMPARE(d.record(), (EraRecord{Era::Legacy, {}, EraRecord::Source::Probed}));
    // A probed era that fails is not re-probed in a loop.
    QCOMPARE(d.cachedAssumptionFailed().action, Action::Fail);
}

void tst_EraDetector::recordRoundTripsThroughJson()
{
    const EraRecord record{Era::Modern, Modern1, EraRecord::Source::Pinned};
    QCOMPARE(record.toJson(), object(R"({"era":"modern","version":"2026-07-28","decidedBy":"pinned"})"));
    QCOMPARE(EraRecord::fromJson(record.toJson()), record);
    const EraRecord legacy{Era::Legacy, {}, EraRecord::Source::Probed};
    QCOMPARE(EraRecord::fromJson(legacy.toJson()), legacy);
    QVERIFY(!EraRecord::fromJson(object(R"({"era":"future","version":"x","decidedBy":"probed"})")).isKnown());
    QVERIFY(!EraRecord::fromJson(object(R"({"era":"modern","decidedBy":"guessed"})")).isKnown());
    QVERIFY(EraRecord().toJson().isEmpty());
}

void tst_EraDetector::choiceStrings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("pinned");
    QTest::addColumn<QString>("written");
    QTest::newRow("auto") << "auto" << true << int(EraChoice::Mode::Auto) << QString() << "auto";
    QTest::newRow("modern") << "modern" << true << int(EraChoice::Mode::Modern) << QString() << "modern";
    QTest::newRow("modern pinned") << "modern:2026-07-28" << true << int(EraChoice::Mode::Modern) << Modern1 << "modern:2026-07-28";
    QTest::newRow("legacy") << "legacy" << true << int(EraChoice::Mode::Legacy) << QString() << "legacy";
    QTest::newRow("legacy pinned") << "legacy:2025-03-26" << true << int(EraChoice::Mode::Legacy) << "2025-03-26" << "legacy:2025-03-26";
    QTest::newRow("bare modern version") << "2026-07-28" << true << int(EraChoice::Mode::Modern) << Modern1 << "modern:2026-07-28";
    QTest::newRow("bare legacy version") << "2024-11-05" << true << int(EraChoice::Mode::Legacy) << "2024-11-05" << "legacy:2024-11-05";
    QTest::newRow("legacy era, modern version") << "legacy:2026-07-28" << false << 0 << QString() << QString();
    QTest::newRow("unknown version") << "1900-01-01" << false << 0 << QString() << QString();
    QTest::newRow("empty pin") << "modern:" << false << 0 << QString() << QString();
    QTest::newRow("garbage") << "newest" << false << 0 << QString() << QString();
}

void tst_EraDetector::choiceStrings()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(int, mode);
    QFETCH(QString, pinned);
    QFETCH(QString, written);
    const auto choice = EraChoice::fromString(text, ModernVersions, LegacyVersions);
    QCOMPARE(choice.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(int(choice->mode), mode);
    QCOMPARE(choice->pinnedVersion, pinned);
    QCOMPARE(choice->toString(), written);
    QCOMPARE(EraChoice::fromString(written, ModernVersions, LegacyVersions), choice);
}

QTEST_GUILESS_MAIN(tst_EraDetector)
#include "tst_eradetector.moc"
