#include "connection/connection.h"
#include "forms/jsontext.h"
#include "forms/schemaform.h"
#include "forms/toolpanel.h"
#include "results/resultview.h"
#include "transport/stdiotransport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_ToolPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<Connection> m_connection;
    QJsonArray m_tools;
    QList<QJsonObject> m_outgoing;

    QJsonObject tool(const QString &name) const
    {
        for (const QJsonValue &t : m_tools)
            if (t.toObject().value(QLatin1String("name")).toString() == name)
                return t.toObject();
        return {};
    }

    QList<QJsonObject> sent(const QString &method) const
    {
        QList<QJsonObject> out;
        for (const QJsonObject &m : m_outgoing)
            if (m.value(QLatin1String("method")).toString() == method)
                out.append(m);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("mcpscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_toolpanel"));
        QSettings().clear();
        Connection::Options options;
        options.pingIntervalMs = 0;
        m_connection = std::make_unique<Connection>(1, QStringLiteral("demo"), [] {
            StdioServerParameters parameters;
            parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
            parameters.closeStdinGraceMs = 500;
            parameters.terminateGraceMs = 500;
            return new StdioTransport(parameters);
        }, options);
        connect(m_connection.get(), &Connection::trafficBatch, this, [this](const QList<TrafficEvent> &events) {
            for (const TrafficEvent &event : events)
                if (event.direction == TrafficEvent::Direction::Outgoing && event.kind == TrafficEvent::Kind::Message)
                    m_outgoing.append(QJsonDocument::fromJson(event.raw).object());
        });
        m_connection->connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(m_connection->isConnected(), 20000);
        bool done = false;
        m_connection->listAll(QStringLiteral("tools/list"), QStringLiteral("tools"), this,
                              [&](const QJsonArray &items, const std::optional<RpcError> &) {
                                  m_tools = items;
                                  done = true;
                              });
        QTRY_VERIFY_WITH_TIMEOUT(done, 20000);
        QVERIFY(!tool(QStringLiteral("rich_form")).isEmpty());
    }

    void cleanupTestCase()
    {
        m_connection->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!m_connection->isConnected(), 10000);
        m_connection.reset();
    }

    void richFormSendsExactlyWhatWasFilled()
    {
        ToolPanel panel(m_connection.get());
        panel.resize(800, 1000);
        panel.show();
        panel.setTool(tool(QStringLiteral("rich_form")));
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("toolBadges"))->text().contains(QLatin1String("read-only")));
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/name")), QStringLiteral("Grace"));
        auto *colour = panel.findChild<QComboBox *>(QStringLiteral("field:/colour"));
        colour->setCurrentIndex(colour->findText(QStringLiteral("red")));
        panel.findChild<QCheckBox *>(QStringLiteral("include:/home"))->click();
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/home/city")), QStringLiteral("Paris"));
        panel.findChild<QCheckBox *>(QStringLiteral("include:/contacts"))->click();
        panel.findChild<QPushButton *>(QStringLiteral("add:/contacts"))->click();
        QCoreApplication::processEvents();
        auto *kind = panel.findChild<QComboBox *>(QStringLiteral("field:/contacts/0/kind"));
        kind->setCurrentIndex(kind->findText(QStringLiteral("email")));
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/contacts/0/value")), QStringLiteral("g@example.com"));
        QSignalSpy finished(&panel, &ToolPanel::callFinished);
        QTest::keyClick(panel.findChild<QLineEdit *>(QStringLiteral("field:/name")), Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        const QString expected = QStringLiteral(R"({"colour":"red","contacts":[{"kind":"email","value":"g@example.com"}],"home":{"city":"Paris"},"name":"Grace"})");
        QTRY_VERIFY(!sent(QStringLiteral("tools/call")).isEmpty());
        const QJsonObject params = sent(QStringLiteral("tools/call")).last().value(QLatin1String("params")).toObject();
        QCOMPARE(params.value(QLatin1String("name")).toString(), QStringLiteral("rich_form"));
        QCOMPARE(JsonText::compact(params.value(QLatin1String("arguments"))), expected);
        QVERIFY(panel.resultText().contains(QLatin1String("Paris")));
        QVERIFY(panel.statusText().startsWith(QLatin1String("Done")));
    }

    void inputsRememberedPerTool()
    {
        ToolPanel panel(m_connection.get());
        panel.show();
        panel.setTool(tool(QStringLiteral("echo")));
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/message")), QStringLiteral("remember me"));
        panel.setTool(tool(QStringLiteral("add")));
        QVERIFY(panel.findChild<QLineEdit *>(QStringLiteral("field:/a"))->text().isEmpty());
        // A new panel (a restart) still has it.
        ToolPanel other(m_connection.get());
        other.setTool(tool(QStringLiteral("echo")));
        QCOMPARE(other.findChild<QLineEdit *>(QStringLiteral("field:/message"))->text(), QStringLiteral("remember me"));
    }

    void cancelLongTask()
    {
        ToolPanel panel(m_connection.get());
        panel.show();
        panel.setTool(tool(QStringLiteral("long_task")));
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/steps")), QStringLiteral("100"));
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/delayMs")), QStringLiteral("100"));
        QSignalSpy finished(&panel, &ToolPanel::callFinished);
        panel.runButton()->click();
        QVERIFY(panel.isRunning());
        auto *progress = panel.findChild<QProgressBar *>(QStringLiteral("progress"));
        QTRY_VERIFY_WITH_TIMEOUT(progress->maximum() == 1000 && progress->value() > 0, 10000);
        QVERIFY(panel.statusText().startsWith(QLatin1String("Step")));
        panel.findChild<QPushButton *>(QStringLiteral("cancel"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QVERIFY(panel.statusText().startsWith(QLatin1String("Cancelled")));
        QTRY_VERIFY(!sent(QStringLiteral("notifications/cancelled")).isEmpty());
        const QJsonObject cancelled = sent(QStringLiteral("notifications/cancelled")).last();
        const QJsonObject call = sent(QStringLiteral("tools/call")).last();
        QCOMPARE(cancelled.value(QLatin1String("params")).toObject().value(QLatin1String("requestId")), call.value(QLatin1String("id")));
    }

    void runAsTask()
    {
        ToolPanel panel(m_connection.get());
        panel.show();
        panel.setTool(tool(QStringLiteral("batch_job")));
        auto *asTask = panel.findChild<QCheckBox *>(QStringLiteral("runAsTask"));
        QVERIFY(asTask->isChecked());   // required
        QVERIFY(!asTask->isEnabled());
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/items")), QStringLiteral("3"));
        QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/delayMs")), QStringLiteral("150"));
        QSignalSpy finished(&panel, &ToolPanel::callFinished);
        panel.runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!panel.taskId().isEmpty(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(panel.resultText().contains(QLatin1String("\"processed\": 3")));
        QCOMPARE(panel.resultView()->structuredVerdict(), QStringLiteral("valid"));
        QVERIFY(!sent(QStringLiteral("tasks/result")).isEmpty());

        // Cancel a running task.
        panel.findChild<QLineEdit *>(QStringLiteral("field:/items"))->setText(QStringLiteral("100"));
        panel.runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!panel.taskId().isEmpty(), 10000);
        panel.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);
        QVERIFY(!sent(QStringLiteral("tasks/cancel")).isEmpty());
        QVERIFY(panel.statusText().contains(QLatin1String("ancel")));
    }
};

QTEST_MAIN(tst_ToolPanel)
#include "tst_toolpanel.moc"
