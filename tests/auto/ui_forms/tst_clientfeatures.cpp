#include "clientfeatures/elicitationdialog.h"
#include "clientfeatures/rootseditor.h"
#include "clientfeatures/samplingdialog.h"
#include "clientfeatures/savedanswers.h"
#include "widgets/jsontext.h"
#include "forms/schemaform.h"
#include "results/resultview.h"

#include "interophelpers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>

using namespace Mcp;
using namespace Mcp::Ui;
using namespace Interop;

namespace {

// Opens a dialog for each request, the way the main window does.
class DialogHandler : public ServerRequestHandler
{
public:
    std::function<QDialog *(IncomingRequest *)> make;
    QPointer<QDialog> dialog;
    void handleRequest(IncomingRequest *request) override
    {
        dialog = make(request);
        dialog->show();
    }
};

QString compact(const QJsonValue &value)
{
    return JsonText::compact(value);
}

} // namespace

class tst_ClientFeatures : public QObject
{
    Q_OBJECT

    DialogHandler m_elicitation;
    DialogHandler m_sampling;
    RequestRouter m_handlers{{QStringLiteral("sampling/createMessage"), &m_sampling},
                             {QStringLiteral("elicitation/create"), &m_elicitation}};
    std::unique_ptr<Client> m_client;
    QList<QJsonObject> m_outgoing;

    std::unique_ptr<Client> connectDemo(ServerRequestHandler *handler)
    {
        StdioServerParameters parameters;
        parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
        parameters.closeStdinGraceMs = 1000;
        parameters.terminateGraceMs = 1000;
        auto client = std::make_unique<Client>(new StdioTransport(parameters));
        ClientOptions options;
        options.features.sampling = options.features.elicitationForm = options.features.elicitationUrl = true;
        // These tests assert the legacy wire: server requests answered with a JSON-RPC reply.
        options.era = {Modern::EraChoice::Mode::Legacy, {}};
        client->setOptions(options);
        client->setServerRequestHandler(handler);
        client->connectToServer();
        if (!QTest::qWaitFor([&] { return client->isReady(); }, kWait))
            qWarning("demo server not ready");
        return client;
    }

    // The last answer the client sent to a server request (a response without a method).
    QJsonObject lastOutgoingReply() const
    {
        for (auto it = m_outgoing.crbegin(); it != m_outgoing.crend(); ++it)
            if (!it->contains(QLatin1String("method")) && (it->contains(QLatin1String("result")) || it->contains(QLatin1String("error"))))
                return *it;
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_elicitation.make = [](IncomingRequest *request) { return new ElicitationDialog(request, QStringLiteral("Demo server")); };
        m_sampling.make = [](IncomingRequest *request) { return new SamplingDialog(request, QStringLiteral("Demo server")); };
        m_client = connectDemo(&m_handlers);
        QVERIFY(m_client->isReady());
        connect(m_client.get(), &Client::trafficEvent, this, [this](const TrafficEvent &event) {
            if (event.direction == TrafficEvent::Direction::Outgoing && event.kind == TrafficEvent::Kind::Message)
                m_outgoing.append(QJsonDocument::fromJson(event.raw).object());
        });
    }

    void cleanupTestCase()
    {
        if (m_client)
            m_client->disconnectFromServer();
    }

    void elicitationAccept()
    {
        auto outcome = watch(m_client->callTool(QStringLiteral("ask_user"), {}));
        QTRY_VERIFY_WITH_TIMEOUT(m_elicitation.dialog, kWait);
        auto *dialog = qobject_cast<ElicitationDialog *>(m_elicitation.dialog.data());
        QVERIFY(dialog);
        QVERIFY(!dialog->isUrlMode());
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("serverBanner"))->text().contains(QLatin1String("Demo server")));
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("elicitationMessage"))->text(),
                 QStringLiteral("Please tell us a little about yourself."));
        // Defaults are filled in.
        auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("field:/name"));
        QVERIFY(name);
        QCOMPARE(name->text(), QStringLiteral("Ada"));
        QCOMPARE(dialog->findChild<QComboBox *>(QStringLiteral("field:/size"))->currentText(), QStringLiteral("Medium"));
        // Change some, clear one that has a default (it comes back with it), type one without.
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Grace"));
        auto *age = dialog->findChild<QLineEdit *>(QStringLiteral("field:/age"));
        age->selectAll();
        QTest::keyClicks(age, QStringLiteral("45"));
        dialog->findChild<QLineEdit *>(QStringLiteral("field:/score"))->clear();
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("field:/email")), QStringLiteral("grace@example.com"));
        dialog->findChild<QCheckBox *>(QStringLiteral("field:/newsletter"))->click();
        QSignalSpy scripted(dialog, &ElicitationDialog::scriptedAnswerRequested);
        dialog->findChild<QPushButton *>(QStringLiteral("saveScripted"))->click();
        QCOMPARE(scripted.size(), 1);
        QCOMPARE(scripted.at(0).at(0).toJsonObject().value(QLatin1String("content")).toObject().value(QLatin1String("name")).toString(),
                 QStringLiteral("Grace"));
        dialog->findChild<QPushButton *>(QStringLiteral("accept"))->click();
        QVERIFY(!dialog->isVisible());

        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        const QString expected = QStringLiteral(
            R"({"action":"accept","content":{"age":45,"colour":"blue","email":"grace@example.com","name":"Grace",)"
            R"("newsletter":true,"score":7.5,"size":"m","topics":["mcp"]}})");
        QCOMPARE(compact(lastOutgoingReply().value(QLatin1String("result"))), expected);
        QCOMPARE(compact(outcome->result.toObject().value(QLatin1String("structuredContent"))), expected);
        delete dialog;
    }

    void elicitationRefusesInvalidThenDeclines()
    {
        auto outcome = watch(m_client->callTool(QStringLiteral("ask_user"), {}));
        QTRY_VERIFY_WITH_TIMEOUT(m_elicitation.dialog, kWait);
        auto *dialog = qobject_cast<ElicitationDialog *>(m_elicitation.dialog.data());
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("field:/email")), QStringLiteral("not an address"));
        dialog->findChild<QPushButton *>(QStringLiteral("accept"))->click();
        QVERIFY(dialog->isVisible()); // not sent: the field is marked
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("problem"))->isVisible());
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("message:/email"))->isVisible());
        QVERIFY(!outcome->finished);
        dialog->findChild<QPushButton *>(QStringLiteral("decline"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QCOMPARE(compact(lastOutgoingReply().value(QLatin1String("result"))), QStringLiteral(R"({"action":"decline"})"));
        delete dialog;

        // Closing the window is cancel.
        auto second = watch(m_client->callTool(QStringLiteral("ask_user"), {}));
        QTRY_VERIFY_WITH_TIMEOUT(m_elicitation.dialog, kWait); // null since the delete (see samplingAnswerAndReject)
        m_elicitation.dialog->close();
        QTRY_VERIFY_WITH_TIMEOUT(second->finished, kWait);
        QCOMPARE(compact(lastOutgoingReply().value(QLatin1String("result"))), QStringLiteral(R"({"action":"cancel"})"));
        delete m_elicitation.dialog.data();
    }

    void elicitationUrlMode()
    {
        QList<QUrl> opened;
        ElicitationDialog::setUrlOpener([&opened](const QUrl &url) {
            opened.append(url);
            return true;
        });
        const QJsonObject params{{QStringLiteral("mode"), QStringLiteral("url")},
                                 {QStringLiteral("message"), QStringLiteral("Authorise the demo")},
                                 {QStringLiteral("elicitationId"), QStringLiteral("e-1")},
                                 {QStringLiteral("url"), QStringLiteral("https://user@login.example.com/authorize?state=a<b")}};
        ElicitationDialog dialog(params, QStringLiteral("Demo server"));
        dialog.show();
        QVERIFY(dialog.isUrlMode());
        const QString text = dialog.findChild<QLabel *>(QStringLiteral("urlText"))->text();
        QVERIFY2(text.contains(QLatin1String("<b>login.example.com</b>")), qPrintable(text));
        QVERIFY2(text.startsWith(QLatin1String("https://user@")), qPrintable(text));
        QVERIFY(!text.contains(QLatin1String("a<b"))); // escaped
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("urlDomain"))->text().contains(QLatin1String("<b>login.example.com</b>")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("urlWarning"))); // user info before the domain
        QVERIFY(opened.isEmpty()); // nothing opened without consent
        dialog.findChild<QPushButton *>(QStringLiteral("openUrl"))->click();
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().host(), QStringLiteral("login.example.com"));
        ElicitationDialog::setUrlOpener({});
    }

    void samplingAnswerAndReject()
    {
        auto outcome = watch(m_client->callTool(QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("Write a haiku")},
                                                                             {QStringLiteral("systemPrompt"), QStringLiteral("Be brief")},
                                                                             {QStringLiteral("maxTokens"), 50}}));
        QTRY_VERIFY_WITH_TIMEOUT(m_sampling.dialog, kWait);
        auto *dialog = qobject_cast<SamplingDialog *>(m_sampling.dialog.data());
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("serverBanner"))->text().contains(QLatin1String("Demo server")));
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("systemPrompt"))->text(), QStringLiteral("Be brief"));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("preferences"))->text().contains(QLatin1String("claude")));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("limits"))->text().contains(QLatin1String("50")));
        QCOMPARE(dialog->messagesView()->findChildren<QLabel *>(QStringLiteral("role")).size(), 1);
        bool shown = false;
        for (QPlainTextEdit *text : dialog->messagesView()->findChildren<QPlainTextEdit *>(QStringLiteral("textView")))
            shown = shown || text->toPlainText() == QLatin1String("Write a haiku");
        QVERIFY(shown);
        auto *model = dialog->findChild<QLineEdit *>(QStringLiteral("model"));
        model->selectAll();
        QTest::keyClicks(model, QStringLiteral("test-model"));
        QTest::keyClicks(dialog->findChild<QPlainTextEdit *>(QStringLiteral("answerText")), QStringLiteral("Protocols hum"));
        dialog->findChild<QPushButton *>(QStringLiteral("send"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(outcome->finished, kWait);
        QCOMPARE(compact(lastOutgoingReply().value(QLatin1String("result"))),
                 QStringLiteral(R"({"content":{"text":"Protocols hum","type":"text"},"model":"test-model","role":"assistant","stopReason":"endTurn"})"));
        QCOMPARE(allText(outcome->result.toObject()), QStringLiteral("test-model answered: Protocols hum"));
        delete dialog;

        auto rejected = watch(m_client->callTool(QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("again")}}));
        // The first dialog is deleted, so its QPointer is null until the next one opens (comparing
        // addresses could not tell them apart: the new one may be allocated where the old one was).
        QTRY_VERIFY_WITH_TIMEOUT(m_sampling.dialog, kWait);
        m_sampling.dialog->findChild<QPushButton *>(QStringLiteral("reject"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(rejected->finished, kWait);
        const QJsonObject reply = lastOutgoingReply();
        QCOMPARE(reply.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), -1);
        QVERIFY(rejected->result.toObject().value(QLatin1String("isError")).toBool());
        delete m_sampling.dialog.data();
    }

    void scriptedAnswers()
    {
        SavedAnswers answers;
        answers.samplingEnabled = true;
        answers.sampling = QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                       {QStringLiteral("model"), QStringLiteral("script")},
                                       {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), QStringLiteral("canned")}}}};
        answers.elicitationEnabled = true;
        answers.elicitation = QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")},
                                          {QStringLiteral("content"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Bot")}}}};
        QCOMPARE(SavedAnswers::fromJson(answers.toJson()).toJson(), answers.toJson());
        QCoreApplication::setOrganizationName(QStringLiteral("mcpscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_clientfeatures"));
        answers.save(QStringLiteral("demo"));
        const SavedAnswers loaded = SavedAnswers::load(QStringLiteral("demo"));
        QCOMPARE(loaded.toJson(), answers.toJson());

        ScriptedResponder responder(loaded.scripted());
        auto client = connectDemo(&responder);
        QVERIFY(client->isReady());
        const QJsonObject user = resultOf(client->callTool(QStringLiteral("ask_user"), {}));
        // Omitted fields come back with their defaults.
        QCOMPARE(compact(user.value(QLatin1String("structuredContent"))),
                 QStringLiteral(R"({"action":"accept","content":{"age":36,"colour":"blue","name":"Bot","newsletter":false,"score":7.5,"size":"m","topics":["mcp"]}})"));
        const QJsonObject llm = resultOf(client->callTool(QStringLiteral("ask_llm"), {{QStringLiteral("prompt"), QStringLiteral("hi")}}));
        QCOMPARE(allText(llm), QStringLiteral("script answered: canned"));
        QCOMPARE(responder.answeredCount(QStringLiteral("sampling/createMessage")), 1);
        client->disconnectFromServer();
        QSettings().remove(QStringLiteral("scriptedAnswers"));
    }

    void rootsEditor()
    {
        QTemporaryDir dir;
        RootsEditor editor;
        QSignalSpy changed(&editor, &RootsEditor::changed);
        QVERIFY(editor.addFolder(dir.path()));
        QVERIFY(!editor.addFolder(dir.path())); // no duplicates
        QCOMPARE(changed.size(), 1);
        const QJsonArray roots = editor.roots();
        QCOMPARE(roots.size(), 1);
        QCOMPARE(roots.at(0).toObject().value(QLatin1String("uri")).toString(), QUrl::fromLocalFile(dir.path()).toString());
        QVERIFY(roots.at(0).toObject().value(QLatin1String("uri")).toString().startsWith(QLatin1String("file:///")));
        auto *table = editor.findChild<QTableWidget *>(QStringLiteral("rootsTable"));
        table->item(0, 0)->setText(QStringLiteral("project"));
        QCOMPARE(changed.size(), 2);
        QCOMPARE(editor.roots().at(0).toObject().value(QLatin1String("name")).toString(), QStringLiteral("project"));
        editor.setRoots(editor.roots());
        QCOMPARE(changed.size(), 2); // loading is not a change
        table->selectRow(0);
        editor.findChild<QPushButton *>(QStringLiteral("removeRoot"))->click();
        QCOMPARE(editor.roots().size(), 0);
        QCOMPARE(changed.size(), 3);
    }
};

QTEST_MAIN(tst_ClientFeatures)
#include "tst_clientfeatures.moc"
