// Built without Qt WebEngine (-DMCPSCOPE_WITH_WEBENGINE=OFF): a view cannot run, so it shows its
// source and says what is missing. Against the demo server's own view, on the Tools page.
#include "apps/appview.h"
#include "connection/connection.h"
#include "forms/schemaform.h"
#include "tools/toolpanel.h"
#include "transport/stdiotransport.h"

#include <QApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_AppSource : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolViewShowsItsSource();
};

void tst_AppSource::toolViewShowsItsSource()
{
    constexpr int wait = 30000;
    QVERIFY(!AppView::canRender());
    StdioServerParameters parameters;
    parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    Connection connection(3, QStringLiteral("demo"), [parameters] { return new StdioTransport(parameters); }, Session::Options());
    connection.connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(connection.isConnected(), wait);
    QJsonArray tools;
    bool listed = false;
    connection.listAll(Lists::Tools, this,
                       [&](const QJsonArray &items, const std::optional<RpcError> &) { tools = items; listed = true; });
    QTRY_VERIFY_WITH_TIMEOUT(listed, wait);
    QJsonObject showView;
    for (const QJsonValue &tool : tools) {
        if (tool.toObject().value(QStringLiteral("name")).toString() == QLatin1StringView("show_view"))
            showView = tool.toObject();
    }
    QVERIFY(!showView.isEmpty());

    ToolPanel panel(&connection);
    panel.resize(1000, 700);
    panel.show();
    panel.setServerTools(tools);
    panel.setTool(Tool::fromJson(showView));
    panel.run();
    AppView *view = panel.appView();
    QTRY_VERIFY_WITH_TIMEOUT(view->isLoaded(), wait);
    QCOMPARE(view->uri(), QStringLiteral("ui://mcpscope-demo/view"));
    auto *source = view->findChild<QPlainTextEdit *>(QStringLiteral("appViewSource"));
    QVERIFY(source);
    QCOMPARE(view->viewWidget(), static_cast<QWidget *>(source));
    QVERIFY(source->isVisible());
    QVERIFY(source->toPlainText().contains(QStringLiteral("ui/initialize")));
    auto *missing = view->findChild<QLabel *>(QStringLiteral("appViewMissing"));
    QVERIFY(missing);
    QVERIFY(missing->isVisible());
    QVERIFY(missing->text().contains(QStringLiteral("qt6-webengine-dev")));
    // Nothing runs the view: the bridge never hears ui/initialize and holds what the host sends.
    QCOMPARE(view->bridge()->state(), Apps::AppHostBridge::State::Loading);

    // Another tool takes the view away; a view that never spoke is gone at once.
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), wait);
    QSignalSpy tornDown(view, &AppView::tornDown);
    panel.setTool(Tool::fromJson(QJsonObject{{QStringLiteral("name"), QStringLiteral("echo")}}));
    QTRY_COMPARE_WITH_TIMEOUT(tornDown.size(), 1, wait);
    QVERIFY(!view->isLoaded());
    QVERIFY(source->toPlainText().isEmpty());
    connection.disconnectFromServer();
}

QTEST_MAIN(tst_AppSource)
#include "tst_appsource.moc"
