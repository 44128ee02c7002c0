#include "session/modern/multiroundtrip.h"

#include "jsonrpc/json.h"
#include "jsonrpc/message.h"

#include <QJsonArray>
#include <QtTest>

using namespace Mcp;
using namespace Mcp::Modern;

namespace {

QJsonObject object(const char *json)
{
    return Json::parse(QByteArray(json)).toObject();
}

// Answers like a person would: after a pause, from a table of answers by method; methods
// missing from the table are declined.
class ScriptedHandler : public InputRequestHandler
{
public:
    int delayMs = 20;
    QHash<QString, QJsonObject> answers;
    QList<InputRequest> asked;
    QList<QPointer<InputReply>> pending;

    void handleInputRequest(const InputRequest &request, InputReply *reply) override
    {
        asked.append(request);
        pending.append(reply);
        QPointer<InputReply> guard(reply);
        const QJsonObject answer = answers.value(request.method);
        const bool known = answers.contains(request.method);
        auto respond = [guard, answer, known] {
            if (!guard)
                return;
            if (known)
                guard->answer(answer);
            else
                guard->decline();
        };
        if (delayMs < 0)
            return; // never answers on its own
        if (delayMs == 0)
            respond();
        else
            QTimer::singleShot(delayMs, guard, respond);
    }
};

const QJsonObject AllCapabilities = object(R"({"elicitation":{"form":{}},"sampling":{},"roots":{}})");

// The spec's example (basic/patterns/mrtr.mdx, InputRequiredResult).
const char *SpecInputRequired = R"({
    "resultType": "input_required",
    "inputRequests": {
      "github_login": {
        "method": "elicitation/create",
        "params": {
          "mode": "form",
          "message": "Please provide your GitHub username",
          "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
        }
      },
      "capital_of_france": {
        "method": "sampling/createMessage",
        "params": {
          "messages": [{"role": "user", "content": {"type": "text", "text": "What is the capital of France?"}}],
          "modelPreferences": {"hints": [{"name": "claude-3-sonnet"}], "intelligencePriority": 0.8, "speedPriority": 0.5},
          "systemPrompt": "You are a helpful assistant.",
          "maxTokens": 100
        }
      }
    },
    "requestState": "AEAD-protected blob"
  })";

} // namespace

class tst_MultiRoundTrip : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void completeResultEndsAtOnce();
    void inputRequiredIsAnsweredAndRetried();
    void requestStateIsEchoedExactly();
    void noRequestStateMeansNoneInTheRetry();
    void rootsListIsAnInputRequestToo();
    void declinedInputIsLeftOut();
    void everyRoundNeedsANewId();
    void roundsAreBounded();
    void cancelStopsBetweenRounds();
    void stateOnlyResultIsRetriedAfterAPause();
    void answersThatCannotGoOnFail_data();
    void answersThatCannotGoOnFail();
    void undeclaredSubCapabilityFails_data();
    void undeclaredSubCapabilityFails();
    void errorEndsTheRequest();
};

void tst_MultiRoundTrip::completeResultEndsAtOnce()
{
    ScriptedHandler handler;
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"add"})"), &handler, AllCapabilities);
    QSignalSpy completed(&request, &MultiRoundTripRequest::completed);
    request.sent(MessageId(1));
    request.resultReceived(object(R"({"content":[]})")); // no resultType: complete
    QCOMPARE(completed.count(), 1);
    QCOMPARE(request.state(), MultiRoundTripRequest::State::Completed);
    QCOMPARE(request.rounds().size(), 1);
    QVERIFY(handler.asked.isEmpty());
}

void tst_MultiRoundTrip::inputRequiredIsAnsweredAndRetried()
{
    ScriptedHandler handler;
    handler.answers.insert(QStringLiteral("elicitation/create"), object(R"({"action":"accept","content":{"name":"octocat"}})"));
    handler.answers.insert(QStringLiteral("sampling/createMessage"),
                           object(R"({"role":"assistant","content":{"type":"text","text":"Paris."},"model":"m","stopReason":"endTurn"})"));
    const QJsonObject original = object(R"({"name":"login","arguments":{"x":1},"_meta":{"progressToken":"p"}})");
    MultiRoundTripRequest request(QStringLiteral("tools/call"), original, &handler, AllCapabilities);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    QSignalSpy completed(&request, &MultiRoundTripRequest::completed);

    QCOMPARE(request.params(), original);
    request.sent(MessageId(1));
    request.resultReceived(object(SpecInputRequired));
    QCOMPARE(request.state(), MultiRoundTripRequest::State::CollectingInput);
    QCOMPARE(handler.asked.size(), 2);
    QVERIFY(retry.isEmpty()); // the answers come later
    QVERIFY(retry.wait(2000));

    QJsonObject expected = original;
    expected.insert(QStringLiteral("inputResponses"), object(R"({
        "github_login": {"action":"accept","content":{"name":"octocat"}},
        "capital_of_france": {"role":"assistant","content":{"type":"text","text":"Paris."},"model":"m","stopReason":"endTurn"}})"));
    expected.insert(QStringLiteral("requestState"), QStringLiteral("AEAD-protected blob"));
    QCOMPARE(request.params(), expected);
    QCOMPARE(request.state(), MultiRoundTripRequest::State::ReadyToSend);

    request.sent(MessageId(2));
    request.resultReceived(object(R"({"resultType":"complete","content":[{"type":"text","text":"hi octocat"}]})"));
    QCOMPARE(completed.count(), 1);

    const QList<RoundRecord> rounds = request.rounds();
    QCOMPARE(rounds.size(), 2);
    QCOMPARE(rounds.at(0).requestId, MessageId(1));
    QVERIFY(rounds.at(0).inputRequired);
    QVERIFY(!rounds.at(0).carriedRequestState);
    QCOMPARE(rounds.at(0).inputs.size(), 2);
    for (const InputExchange &input : rounds.at(0).inputs) {
        QVERIFY(input.answered);
        QVERIFY2(input.latencyMs >= handler.delayMs - 5, qPrintable(QString::number(input.latencyMs)));
    }
    QCOMPARE(rounds.at(1).requestId, MessageId(2));
    QVERIFY(rounds.at(1).carriedRequestState);
    QVERIFY(!rounds.at(1).inputRequired);
    QVERIFY(rounds.at(1).answeredAtMs >= rounds.at(1).sentAtMs);
}

void tst_MultiRoundTrip::requestStateIsEchoedExactly()
{
    // Opaque: quotes, backslashes, escapes, a NUL, non-BMP characters, what looks like JSON.
    const QByteArray frame(R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required",)"
                           R"("requestState":"{\"a\":1}\\\u0000\n\t \ud83d\ude00 é ✓ ==","inputRequests":{}}})");
    const ParsedFrame parsed = parseFrame(frame);
    QCOMPARE(parsed.messages.size(), 1);
    const QJsonObject result = parsed.messages.first().result().toObject();
    const QString sentState = result.value(QStringLiteral("requestState")).toString();
    QCOMPARE(sentState, QString::fromUtf8(R"({"a":1})") + QChar(u'\\') + QChar(0) + QString::fromUtf8("\n\t \xF0\x9F\x98\x80 \xC3\xA9 \xE2\x9C\x93 =="));

    ScriptedHandler handler;
    MultiRoundTripRequest request(QStringLiteral("prompts/get"), object(R"({"name":"p"})"), &handler, AllCapabilities);
    request.setStateOnlyRetryDelay(0);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    request.sent(MessageId(QStringLiteral("a")));
    request.resultReceived(result);
    QVERIFY(retry.wait(2000));

    // The retry, as it goes on the wire, carries the same string value, code unit for code unit.
    const Message retryMessage = Message::request(MessageId(QStringLiteral("b")), request.method(), request.params());
    const ParsedFrame echoed = parseFrame(retryMessage.serialize());
    QCOMPARE(echoed.messages.size(), 1);
    QCOMPARE(echoed.messages.first().paramsObject().value(QStringLiteral("requestState")).toString(), sentState);
    QVERIFY(!request.params().contains(QStringLiteral("inputResponses")));
}

void tst_MultiRoundTrip::noRequestStateMeansNoneInTheRetry()
{
    ScriptedHandler handler;
    handler.delayMs = 0;
    handler.answers.insert(QStringLiteral("elicitation/create"), object(R"({"action":"decline"})"));
    MultiRoundTripRequest request(QStringLiteral("resources/read"), object(R"({"uri":"file:///x"})"), &handler, AllCapabilities);
    request.sent(MessageId(1));
    request.resultReceived(object(R"({"resultType":"input_required","requestState":"s1",
        "inputRequests":{"e":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}}}})"));
    QCOMPARE(request.params().value(QStringLiteral("requestState")).toString(), QStringLiteral("s1"));
    request.sent(MessageId(2));
    // The second answer has no requestState: the next retry must not carry the first one.
    request.resultReceived(object(R"({"resultType":"input_required",
        "inputRequests":{"e2":{"method":"elicitation/create","params":{"mode":"form","message":"again","requestedSchema":{"type":"object","properties":{}}}}}})"));
    QCOMPARE(request.state(), MultiRoundTripRequest::State::ReadyToSend);
    QVERIFY(!request.params().contains(QStringLiteral("requestState")));
    // Only this round's responses, under this round's keys.
    QCOMPARE(request.params().value(QStringLiteral("inputResponses")).toObject(),
             object(R"({"e2":{"action":"decline"}})"));
    QCOMPARE(request.params().value(QStringLiteral("uri")).toString(), QStringLiteral("file:///x"));
}

void tst_MultiRoundTrip::rootsListIsAnInputRequestToo()
{
    ScriptedHandler handler;
    handler.answers.insert(QStringLiteral("roots/list"), object(R"({"roots":[{"uri":"file:///home/u/project","name":"project"}]})"));
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"scan"})"), &handler, AllCapabilities);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    request.sent(MessageId(1));
    request.resultReceived(object(R"({"resultType":"input_required","inputRequests":{"r":{"method":"roots/list"}}})"));
    QVERIFY(retry.wait(2000));
    QCOMPARE(handler.asked.first().method, QStringLiteral("roots/list"));
    // Built outside QCOMPARE: moc reads "//" in a raw string inside a macro as a comment.
    const QJsonObject expected = object(R"({"r":{"roots":[{"uri":"file:///home/u/project","name":"project"}]}})");
    QCOMPARE(request.params().value(QStringLiteral("inputResponses")).toObject(), expected);
}

void tst_MultiRoundTrip::declinedInputIsLeftOut()
{
    ScriptedHandler handler; // sampling is not in the table: declined
    handler.answers.insert(QStringLiteral("elicitation/create"), object(R"({"action":"cancel"})"));
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"t"})"), &handler, AllCapabilities);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    request.sent(MessageId(1));
    request.resultReceived(object(SpecInputRequired));
    QVERIFY(retry.wait(2000));
    QCOMPARE(request.params().value(QStringLiteral("inputResponses")).toObject(),
             object(R"({"github_login":{"action":"cancel"}})"));
    const QList<InputExchange> inputs = request.rounds().first().inputs;
    const auto sampling = std::find_if(inputs.cbegin(), inputs.cend(),
                                       [](const InputExchange &i) { return i.key == QLatin1String("capital_of_france"); });
    QVERIFY(sampling != inputs.cend());
    QVERIFY(!sampling->answered);
    QVERIFY(sampling->latencyMs >= 0);
}

void tst_MultiRoundTrip::everyRoundNeedsANewId()
{
    ScriptedHandler handler;
    handler.delayMs = 0;
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"t"})"), &handler, AllCapabilities);
    QSignalSpy failed(&request, &MultiRoundTripRequest::failed);
    request.setStateOnlyRetryDelay(0);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    request.sent(MessageId(5));
    request.resultReceived(object(R"({"resultType":"input_required","requestState":"s"})"));
    QVERIFY(retry.wait(2000));
    request.sent(MessageId(5));
    QCOMPARE(failed.count(), 1);
    QVERIFY2(failed.first().first().toString().contains(QStringLiteral("5")), qPrintable(failed.first().first().toString()));
}

void tst_MultiRoundTrip::roundsAreBounded()
{
    ScriptedHandler handler;
    handler.delayMs = 0;
    handler.answers.insert(QStringLiteral("elicitation/create"), object(R"({"action":"accept","content":{}})"));
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"t"})"), &handler, AllCapabilities);
    request.setMaxRounds(3);
    QSignalSpy failed(&request, &MultiRoundTripRequest::failed);
    const QJsonObject again = object(R"({"resultType":"input_required",
        "inputRequests":{"e":{"method":"elicitation/create","params":{"mode":"form","message":"more","requestedSchema":{"type":"object","properties":{}}}}}})");
    int sent = 0;
    while (request.state() == MultiRoundTripRequest::State::ReadyToSend && sent < 20) {
        request.sent(MessageId(++sent));
        request.resultReceived(again);
    }
    QCOMPARE(failed.count(), 1);
    QCOMPARE(sent, 4); // the first request and three retries; the fourth input_required ends it
    QCOMPARE(handler.asked.size(), 3);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(QStringLiteral("3")) && message.contains(QStringLiteral("tools/call")), qPrintable(message));

    MultiRoundTripRequest defaults(QStringLiteral("tools/call"), {}, &handler, AllCapabilities);
    QCOMPARE(MultiRoundTripRequest::DefaultMaxRounds, 10);
    int defaultSent = 0;
    while (defaults.state() == MultiRoundTripRequest::State::ReadyToSend && defaultSent < 50) {
        defaults.sent(MessageId(++defaultSent));
        defaults.resultReceived(again);
    }
    QCOMPARE(defaultSent, 11);
    QCOMPARE(defaults.state(), MultiRoundTripRequest::State::Failed);
}

void tst_MultiRoundTrip::cancelStopsBetweenRounds()
{
    ScriptedHandler handler;
    handler.delayMs = 100;
    handler.answers.insert(QStringLiteral("elicitation/create"), object(R"({"action":"accept","content":{"name":"x"}})"));
    handler.answers.insert(QStringLiteral("sampling/createMessage"), object(R"({"role":"assistant","content":{"type":"text","text":"t"},"model":"m"})"));
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"t"})"), &handler, AllCapabilities);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    QSignalSpy cancelled(&request, &MultiRoundTripRequest::cancelled);
    request.sent(MessageId(1));
    request.resultReceived(object(SpecInputRequired));
    QCOMPARE(handler.pending.size(), 2);
    request.cancel();
    QCOMPARE(cancelled.count(), 1);
    QTRY_VERIFY(std::all_of(handler.pending.cbegin(), handler.pending.cend(),
                            [](const QPointer<InputReply> &reply) { return reply.isNull(); }));
    QTest::qWait(200); // past the handler's answers
    QVERIFY(retry.isEmpty());
    QCOMPARE(request.state(), MultiRoundTripRequest::State::Cancelled);
    // A late result of a round in flight is ignored.
    request.resultReceived(object(R"({"resultType":"complete"})"));
    QCOMPARE(request.state(), MultiRoundTripRequest::State::Cancelled);
}

void tst_MultiRoundTrip::stateOnlyResultIsRetriedAfterAPause()
{
    ScriptedHandler handler;
    MultiRoundTripRequest request(QStringLiteral("tools/call"), object(R"({"name":"t"})"), &handler, AllCapabilities);
    request.setStateOnlyRetryDelay(60);
    QSignalSpy retry(&request, &MultiRoundTripRequest::retryReady);
    QElapsedTimer clock;
    clock.start();
    request.sent(MessageId(1));
    request.resultReceived(object(R"({"resultType":"input_required","requestState":"busy, come back"})"));
    QVERIFY(retry.wait(2000));
    QVERIFY2(clock.elapsed() >= 55, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(request.params(), object(R"({"name":"t","requestState":"busy, come back"})"));
    QVERIFY(handler.asked.isEmpty());

    // Cancelled during the pause: no retry.
    MultiRoundTripRequest other(QStringLiteral("tools/call"), {}, &handler, AllCapabilities);
    other.setStateOnlyRetryDelay(30);
    QSignalSpy otherRetry(&other, &MultiRoundTripRequest::retryReady);
    other.sent(MessageId(1));
    other.resultReceived(object(R"({"resultType":"input_required","requestState":"s"})"));
    other.cancel();
    QTest::qWait(80);
    QVERIFY(otherRetry.isEmpty());
}

// Answers a request cannot go on from: it fails once, naming why, and never completes.
void tst_MultiRoundTrip::answersThatCannotGoOnFail_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QJsonObject>("capabilities"); // what the client declared
    QTest::addColumn<QByteArray>("result");        // the server's answer
    QTest::addColumn<QString>("reason");           // what the failure names (empty: not checked)
    QTest::addColumn<bool>("nobodyAsked");         // nobody is asked for part of a request that cannot go on
    QTest::newRow("undeclared capability") // the spec's input request asks for sampling too
        << QStringLiteral("tools/call") << object(R"({"elicitation":{}})") << QByteArray(SpecInputRequired)
        << QStringLiteral("sampling/createMessage") << true;
    QTest::newRow("unknown input kind")
        << QStringLiteral("tools/call") << AllCapabilities
        << QByteArray(R"({"resultType":"input_required","inputRequests":{"k":{"method":"tools/list"}}})")
        << QStringLiteral("tools/list") << false;
    QTest::newRow("input required on a method that may not get it")
        << QStringLiteral("tools/list") << AllCapabilities << QByteArray(SpecInputRequired) << QString() << true;
    QTest::newRow("empty input required")
        << QStringLiteral("tools/call") << AllCapabilities << QByteArray(R"({"resultType":"input_required"})")
        << QString() << false;
    QTest::newRow("unknown result type")
        << QStringLiteral("tools/call") << AllCapabilities << QByteArray(R"({"resultType":"partial","content":[]})")
        << QStringLiteral("partial") << false;
}

void tst_MultiRoundTrip::answersThatCannotGoOnFail()
{
    QFETCH(QString, method);
    QFETCH(QJsonObject, capabilities);
    QFETCH(QByteArray, result);
    QFETCH(QString, reason);
    QFETCH(bool, nobodyAsked);
    ScriptedHandler handler;
    MultiRoundTripRequest request(method, {}, &handler, capabilities);
    QSignalSpy failed(&request, &MultiRoundTripRequest::failed);
    QSignalSpy completed(&request, &MultiRoundTripRequest::completed);
    request.sent(MessageId(1));
    request.resultReceived(object(result.constData()));
    QCOMPARE(failed.count(), 1);
    QVERIFY(completed.isEmpty());
    QVERIFY2(failed.first().first().toString().contains(reason), qPrintable(failed.first().first().toString()));
    if (nobodyAsked)
        QVERIFY(handler.asked.isEmpty());
}

void tst_MultiRoundTrip::undeclaredSubCapabilityFails_data()
{
    QTest::addColumn<QByteArray>("capabilities");
    QTest::addColumn<QByteArray>("inputRequest");
    QTest::addColumn<bool>("allowed");
    const QByteArray form = R"({"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}})";
    const QByteArray noMode = R"({"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}})";
    const QByteArray url = R"({"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://example.com/x"}})";
    const QByteArray sampling = R"({"method":"sampling/createMessage","params":{"messages":[],"maxTokens":10}})";
    const QByteArray samplingTools = R"({"method":"sampling/createMessage","params":{"messages":[],"maxTokens":10,"tools":[{"name":"t","inputSchema":{"type":"object"}}]}})";
    QTest::newRow("empty elicitation: form") << QByteArray(R"({"elicitation":{}})") << form << true;
    QTest::newRow("empty elicitation: no mode is form") << QByteArray(R"({"elicitation":{}})") << noMode << true;
    QTest::newRow("empty elicitation: url") << QByteArray(R"({"elicitation":{}})") << url << false;
    QTest::newRow("form only: url") << QByteArray(R"({"elicitation":{"form":{}}})") << url << false;
    QTest::newRow("url only: form") << QByteArray(R"({"elicitation":{"url":{}}})") << form << false;
    QTest::newRow("url only: url") << QByteArray(R"({"elicitation":{"url":{}}})") << url << true;
    QTest::newRow("both: url") << QByteArray(R"({"elicitation":{"form":{},"url":{}}})") << url << true;
    QTest::newRow("sampling: plain") << QByteArray(R"({"sampling":{}})") << sampling << true;
    QTest::newRow("sampling: tools undeclared") << QByteArray(R"({"sampling":{}})") << samplingTools << false;
    QTest::newRow("sampling: tools declared") << QByteArray(R"({"sampling":{"tools":{}}})") << samplingTools << true;
}

void tst_MultiRoundTrip::undeclaredSubCapabilityFails()
{
    QFETCH(QByteArray, capabilities);
    QFETCH(QByteArray, inputRequest);
    QFETCH(bool, allowed);
    ScriptedHandler handler;
    handler.delayMs = -1;
    MultiRoundTripRequest request(QStringLiteral("tools/call"), {}, &handler, Json::parse(capabilities).toObject());
    QSignalSpy failed(&request, &MultiRoundTripRequest::failed);
    request.sent(MessageId(1));
    QJsonObject result{{QStringLiteral("resultType"), QStringLiteral("input_required")}};
    result.insert(QStringLiteral("inputRequests"), QJsonObject{{QStringLiteral("k"), Json::parse(inputRequest)}});
    request.resultReceived(result);
    QCOMPARE(failed.isEmpty(), allowed);
    QCOMPARE(handler.asked.size(), allowed ? 1 : 0);
}

void tst_MultiRoundTrip::errorEndsTheRequest()
{
    ScriptedHandler handler;
    MultiRoundTripRequest request(QStringLiteral("tools/call"), {}, &handler, AllCapabilities);
    QSignalSpy failed(&request, &MultiRoundTripRequest::failed);
    request.sent(MessageId(1));
    request.errorReceived(QStringLiteral("Invalid params"));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(request.errorMessage(), QStringLiteral("Invalid params"));
    QVERIFY(request.rounds().first().answeredAtMs >= 0);

    // An error without a message still fails with a reason (found by fuzz_modern).
    MultiRoundTripRequest silent(QStringLiteral("tools/call"), {}, &handler, AllCapabilities);
    silent.sent(MessageId(1));
    silent.errorReceived(QString());
    QCOMPARE(silent.state(), MultiRoundTripRequest::State::Failed);
    QVERIFY(silent.errorMessage().contains(QLatin1String("tools/call")));
}

QTEST_GUILESS_MAIN(tst_MultiRoundTrip)
#include "tst_multiroundtrip.moc"
