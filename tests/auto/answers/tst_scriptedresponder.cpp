// ScriptedResponder answering the demo server's sampling, elicitation and roots requests, in the
// legacy era (server-to-client requests on the wire) and the modern one (input requests answered
// into the next round): each answer of a list in turn, the last reused, the short sampling form
// completed, form defaults filled only when asked, and what was not scripted refused plainly.
#include "answers/scriptedresponder.h"
#include "session/client.h"
#include "transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Mcp;

namespace {

constexpr int kWait = 20000;

struct Outcome
{
    bool finished = false;
    bool isError = false;
    QString error;
    QJsonObject result;
};

// Runs one tool call to its end (the handle deletes itself after finished()).
Outcome call(Client *client, const QString &tool, const QJsonObject &arguments = {})
{
    Outcome outcome;
    OutgoingRequest *request = client->callTool(tool, arguments);
    QObject::connect(request, &OutgoingRequest::finished, request, [request, &outcome] {
        outcome.finished = true;
        outcome.isError = request->isError();
        outcome.error = request->error().message;
        outcome.result = request->result().toObject();
    });
    if (!QTest::qWaitFor([&outcome] { return outcome.finished; }, kWait))
        qWarning("tools/call %s: no answer within %d ms", qPrintable(tool), kWait);
    return outcome;
}

QString text(const Outcome &outcome)
{
    return outcome.result.value(QLatin1String("content")).toArray().at(0).toObject().value(QLatin1String("text")).toString();
}

QString structured(const Outcome &outcome)
{
    return QString::fromUtf8(QJsonDocument(outcome.result.value(QLatin1String("structuredContent")).toObject())
                                 .toJson(QJsonDocument::Compact));
}

QJsonObject object(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class tst_ScriptedResponder : public QObject
{
    Q_OBJECT

    ScriptedResponder m_responder;

    std::unique_ptr<Client> connectDemo(bool modern)
    {
        StdioServerParameters demo;
        demo.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
        demo.arguments = {QStringLiteral("--era"), modern ? QStringLiteral("modern") : QStringLiteral("legacy")};
        auto client = std::make_unique<Client>(new StdioTransport(demo));
        ClientOptions options;
        options.features = ClientFeatures::all();
        options.era = {modern ? Modern::EraChoice::Mode::Modern : Modern::EraChoice::Mode::Legacy, {}};
        client->setOptions(options);
        client->setServerRequestHandler(&m_responder);
        client->connectToServer();
        if (!QTest::qWaitFor([&] { return client->isReady(); }, kWait))
            qWarning("demo server not ready: %s", qPrintable(client->errorString()));
        return client;
    }

private Q_SLOTS:
    void eras_data()
    {
        QTest::addColumn<bool>("modern");
        QTest::newRow("legacy") << false;
        QTest::newRow("modern") << true;
    }

    void answersInTurnThenReusesTheLast_data() { eras_data(); }
    void answersInTurnThenReusesTheLast()
    {
        QFETCH(bool, modern);
        ScriptedAnswers answers;
        answers.elicitation = {object(R"({"action":"accept","content":{"name":"Bob"}})"), object(R"({"action":"decline"})")};
        answers.sampling = {object(R"({"text":"first","model":"m1"})"),
                            object(R"({"role":"assistant","model":"m2","content":{"type":"text","text":"second"}})")};
        m_responder.setAnswers(answers);
        auto client = connectDemo(modern);
        QVERIFY(client->isReady());
        QCOMPARE(client->isModern(), modern);

        // Written as given: no defaults added (fillDefaults is off).
        QCOMPARE(structured(call(client.get(), QStringLiteral("ask_user"))), QStringLiteral(R"({"action":"accept","content":{"name":"Bob"}})"));
        QCOMPARE(structured(call(client.get(), QStringLiteral("ask_user"))), QStringLiteral(R"({"action":"decline"})"));
        QCOMPARE(structured(call(client.get(), QStringLiteral("ask_user"))), QStringLiteral(R"({"action":"decline"})"));
        // The short form becomes a CreateMessageResult; the full one goes as it is, then again.
        QCOMPARE(text(call(client.get(), QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("hi")}})), QStringLiteral("m1 answered: first"));
        QCOMPARE(text(call(client.get(), QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("hi")}})), QStringLiteral("m2 answered: second"));
        QCOMPARE(text(call(client.get(), QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("hi")}})), QStringLiteral("m2 answered: second"));

        QCOMPARE(m_responder.answeredCount(QStringLiteral("elicitation/create")), 3);
        QCOMPARE(m_responder.answeredCount(QStringLiteral("sampling/createMessage")), 3);
        QVERIFY(m_responder.unscripted().isEmpty());
        client->disconnectFromServer();
    }

    void fillsFormDefaultsWhenAsked_data() { eras_data(); }
    void fillsFormDefaultsWhenAsked()
    {
        QFETCH(bool, modern);
        ScriptedAnswers answers;
        answers.elicitation = {object(R"({"action":"accept","content":{"name":"Bot"}})")};
        answers.fillDefaults = true;
        m_responder.setAnswers(answers);
        auto client = connectDemo(modern);
        QVERIFY(client->isReady());
        // What the person wrote stays; every other field with a default comes back with it.
        QCOMPARE(structured(call(client.get(), QStringLiteral("ask_user"))),
                 QStringLiteral(R"({"action":"accept","content":{"age":36,"colour":"blue","name":"Bot","newsletter":false,"score":7.5,"size":"m","topics":["mcp"]}})"));
        client->disconnectFromServer();
    }

    void refusesWhatIsNotScripted_data() { eras_data(); }
    void refusesWhatIsNotScripted()
    {
        QFETCH(bool, modern);
        m_responder.setAnswers({});
        auto client = connectDemo(modern);
        QVERIFY(client->isReady());
        QCOMPARE(structured(call(client.get(), QStringLiteral("ask_user"))), QStringLiteral(R"({"action":"decline"})"));
        const Outcome sampled = call(client.get(), QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("hi")}});
        QVERIFY(sampled.finished);
        if (modern) {
            // A refused input request is left out of the next round; the demo server asks again
            // each round, and the client stops after ten.
            QVERIFY(sampled.isError);
            QVERIFY2(sampled.error.contains(QLatin1String("after 10 round(s)")), qPrintable(sampled.error));
            QCOMPARE(m_responder.answeredCount(QStringLiteral("sampling/createMessage")), 10);
        } else {
            QCOMPARE(text(sampled), QStringLiteral("Sampling failed (-1): No scripted sampling answer"));
            QCOMPARE(m_responder.answeredCount(QStringLiteral("sampling/createMessage")), 1);
        }
        QCOMPARE(m_responder.asked().constFirst(), QStringLiteral("elicitation/create"));
        QCOMPARE(m_responder.unscripted(), m_responder.asked());
        client->disconnectFromServer();
    }

    void scriptedErrorAndRoots()
    {
        ScriptedAnswers answers;
        answers.elicitation = {object(R"({"error":{"code":-32042,"message":"not today"}})")};
        answers.roots = QJsonArray{QJsonObject{{QStringLiteral("uri"), QStringLiteral("file:///work/scripted")},
                                               {QStringLiteral("name"), QStringLiteral("scripted")}}};
        m_responder.setAnswers(answers);
        auto client = connectDemo(false);
        QVERIFY(client->isReady());
        QCOMPARE(text(call(client.get(), QStringLiteral("ask_user"))), QStringLiteral("Elicitation failed (-32042): not today"));
        QVERIFY(text(call(client.get(), QStringLiteral("list_roots"))).contains(QLatin1String("file:///work/scripted")));
        QCOMPARE(m_responder.unscripted(), QStringList());
        client->disconnectFromServer();
    }

    void answersOnlyWhatItHas()
    {
        ScriptedAnswers answers;
        QVERIFY(answers.isEmpty());
        QVERIFY(!answers.answers(QStringLiteral("roots/list")));
        answers.roots = QJsonArray();
        QVERIFY(answers.answers(QStringLiteral("roots/list"))); // an empty list scripted is an answer
        QVERIFY(!answers.answers(QStringLiteral("sampling/createMessage")));
        QVERIFY(!answers.answers(QStringLiteral("ping")));
        // The answer a request would get, without a request.
        ScriptedResponder responder;
        const QJsonObject unknown = responder.answerFor(QStringLiteral("tools/list"), {});
        QCOMPARE(responder.unscripted(), QStringList{QStringLiteral("tools/list")});
        QCOMPARE(unknown.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), -32601);
        // An accept kept for unscripted forms does not accept a URL nobody opens.
        ScriptedAnswers acceptForms;
        acceptForms.unscriptedElicitation = object(R"({"action":"accept"})");
        acceptForms.fillDefaults = true;
        responder.setAnswers(acceptForms);
        const QJsonObject urlRequest{{QStringLiteral("mode"), QStringLiteral("url")},
                                     {QStringLiteral("url"), QStringLiteral("https://example.com")}};
        const QJsonObject formRequest = object(R"({"mode":"form","requestedSchema":{"type":"object","properties":{"n":{"type":"integer","default":3}}}})");
        QCOMPARE(responder.answerFor(QStringLiteral("elicitation/create"), urlRequest), object(R"({"action":"decline"})"));
        QCOMPARE(responder.answerFor(QStringLiteral("elicitation/create"), formRequest), object(R"({"action":"accept","content":{"n":3}})"));
    }
};

QTEST_GUILESS_MAIN(tst_ScriptedResponder)
#include "tst_scriptedresponder.moc"
