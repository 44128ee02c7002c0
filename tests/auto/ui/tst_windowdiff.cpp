// Diff and replay in the window (issue 17), against real demo server processes on an offscreen
// 1024×700 screen: Server › Compare With… lists a tool toggled on one demo server against another
// (breaking only when it is gone), Save Snapshot… writes a file that Compare With… and
// `mcpscope diff` read, and a capture window's Replay Against… replays what the window recorded
// from the demo server: all the same against the demo server, a difference against one started
// with --extra-tool. With MCPSCOPE_SCREENSHOT_DIR set, both dialogs are saved there.
#include "collections/snapshotfile.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "dialogs/comparedialog.h"
#include "mainwindow.h"
#include "session/requests.h"
#include "traffic/capturewindow.h"
#include "traffic/replaydialog.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"
#include "widgets/listdiffview.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "httppeer.h"
#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {
const QSize Screen(1024, 700);
}

class tst_WindowDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void compareTwoServersWithAToggledTool();
    void snapshotSavedThenCompared();
    void replayCaptureFromTheDemoServer();

private:
    QUuid addDemo(const QString &name, const QStringList &args = {});
    Connection *connectDemo(const QUuid &id);
    bool toggleExtraTool(Connection *connection);
    static bool compare(CompareDialog *dialog, const std::function<void()> &how);
    void checkFits(QWidget *dialog);
    void shoot(QWidget *widget, const QString &name);

    QTemporaryDir m_dir;
    QString m_demo;
    QString m_shots;
    MainWindow *m_window = nullptr;
};

void tst_WindowDiff::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("MCPScopeWindowDiffTest"));
    QVERIFY(m_dir.isValid());
    m_demo = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    QVERIFY2(QFileInfo::exists(m_demo), qPrintable(m_demo));
    m_shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
    if (!m_shots.isEmpty())
        QDir().mkpath(m_shots);
    QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), Screen);
}

void tst_WindowDiff::init()
{
    m_window = Test::freshWindow(m_dir);
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void tst_WindowDiff::cleanup()
{
    // A capture window takes its replay dialog with it: collected first, deleted after.
    QList<QPointer<CaptureWindow>> captures;
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *window = qobject_cast<CaptureWindow *>(widget))
            captures.append(window);
    }
    for (const QPointer<CaptureWindow> &window : std::as_const(captures))
        delete window.data();
    delete m_window;
    m_window = nullptr;
}

QUuid tst_WindowDiff::addDemo(const QString &name, const QStringList &args)
{
    return m_window->catalog()->add(Test::stdioConfig(name, m_demo, args));
}

Connection *tst_WindowDiff::connectDemo(const QUuid &id)
{
    return Test::connectEntry(*m_window, id);
}

bool tst_WindowDiff::toggleExtraTool(Connection *connection)
{
    OutgoingRequest *request = connection->sendRequest(QStringLiteral("tools/call"),
                                                QJsonObject{{QStringLiteral("name"), QStringLiteral("toggle_extra_tool")},
                                                            {QStringLiteral("arguments"), QJsonObject()}});
    QSignalSpy finished(request, &OutgoingRequest::finished);
    return finished.wait(10000) && !request->response().isError();
}

// Runs how (which starts a comparison) and waits for its result.
bool tst_WindowDiff::compare(CompareDialog *dialog, const std::function<void()> &how)
{
    QSignalSpy compared(dialog, &CompareDialog::compared);
    how();
    return compared.size() > 0 || compared.wait(15000);
}

void tst_WindowDiff::checkFits(QWidget *dialog)
{
    const QRect available = dialog->screen()->availableGeometry();
    const QSize minimum = dialog->minimumSizeHint().expandedTo(dialog->minimumSize());
    QVERIFY2(minimum.width() <= available.width() && minimum.height() <= available.height() - 40,
             qPrintable(QStringLiteral("minimum %1x%2").arg(minimum.width()).arg(minimum.height())));
    QVERIFY2(dialog->width() <= available.width() && dialog->height() <= available.height() - 40,
             qPrintable(QStringLiteral("%1x%2").arg(dialog->width()).arg(dialog->height())));
}

void tst_WindowDiff::shoot(QWidget *widget, const QString &name)
{
    if (m_shots.isEmpty())
        return;
    QCoreApplication::processEvents();
    QVERIFY(widget->grab().save(QDir(m_shots).filePath(name + QStringLiteral(".png"))));
}

void tst_WindowDiff::compareTwoServersWithAToggledTool()
{
    const QUuid a = addDemo(QStringLiteral("demo"));
    const QUuid b = addDemo(QStringLiteral("demo (baseline)"));
    Connection *ca = connectDemo(a);
    QVERIFY(ca);
    QVERIFY(connectDemo(b));
    // Not connected: nothing to compare.
    const QUuid c = addDemo(QStringLiteral("not connected"));
    QVERIFY(!m_window->compareServer(c));

    m_window->selectServer(a);
    CompareDialog *dialog = m_window->compareServer(a);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    checkFits(dialog);
    QVERIFY(compare(dialog, [dialog] { dialog->compareWithPeer(0); }));
    QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
    QCOMPARE(dialog->diff().changeCount(), 0);
    QVERIFY2(dialog->summaryText().contains(QLatin1String("No differences")), qPrintable(dialog->summaryText()));

    // The tool toggled on: an added tool, which breaks nobody.
    QVERIFY(toggleExtraTool(ca));
    // The list_changed notification and the call's answer travel separately: ask until it shows.
    QTRY_VERIFY_WITH_TIMEOUT((compare(dialog, [dialog] { dialog->compareWithPeer(0); }),
                              dialog->view()->itemFor(QStringLiteral("tools"), QStringLiteral("extra_tool")) != nullptr),
                             10000);
    QTreeWidgetItem *item = dialog->view()->itemFor(QStringLiteral("tools"), QStringLiteral("extra_tool"));
    QVERIFY2(item->text(0).startsWith(QLatin1String("added")), qPrintable(item->text(0)));
    QVERIFY(item->text(1).isEmpty());
    QCOMPARE(dialog->diff().breaking, 0);
    QCOMPARE(dialog->view()->breakingCount(), 0);
    QVERIFY2(dialog->summaryText().contains(QLatin1String("1 change")), qPrintable(dialog->summaryText()));

    // The other way round it is gone: breaking, and said so on its row.
    QVERIFY(compare(dialog, [dialog] { dialog->setReversed(true); }));
    item = dialog->view()->itemFor(QStringLiteral("tools"), QStringLiteral("extra_tool"));
    QVERIFY(item);
    QVERIFY2(item->text(0).startsWith(QLatin1String("removed")), qPrintable(item->text(0)));
    QVERIFY2(item->text(1).contains(QLatin1String("Breaking")), qPrintable(item->text(1)));
    QCOMPARE(dialog->diff().breaking, 1);
    QCOMPARE(dialog->view()->breakingCount(), 1);
    QVERIFY2(dialog->summaryText().contains(QLatin1String("1 breaking")), qPrintable(dialog->summaryText()));
    // Row heights stay readable at this size: the tree shows several rows.
    QVERIFY(dialog->view()->height() > 200);
    shoot(dialog, QStringLiteral("compare-servers"));

    // The baseline disconnected: said, not crashed.
    m_window->disconnectServer(b);
    QTRY_VERIFY(!m_window->existingConnection(b)->isConnected());
    QVERIFY(compare(dialog, [dialog] { dialog->compareWithPeer(0); }));
    QVERIFY2(!dialog->errorText().isEmpty(), qPrintable(dialog->summaryText()));
    dialog->close();
}

void tst_WindowDiff::snapshotSavedThenCompared()
{
    const QUuid a = addDemo(QStringLiteral("demo"));
    const QUuid b = addDemo(QStringLiteral("demo (toggled)"));
    QVERIFY(connectDemo(a));
    Connection *cb = connectDemo(b);
    QVERIFY(cb);
    QVERIFY(toggleExtraTool(cb));

    // Save Snapshot… of the plain server.
    const QString path = m_dir.filePath(QStringLiteral("demo-snapshot.json"));
    m_window->selectServer(a);
    m_window->saveSnapshot(a, path);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path), 10000);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject saved = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(saved.value(QStringLiteral("format")).toString(), QStringLiteral("mcpscope-snapshot"));
    QCOMPARE(saved.value(QStringLiteral("server")).toString(), QStringLiteral("demo"));
    bool echo = false;
    for (const QJsonValue &tool : saved.value(QStringLiteral("tools")).toArray())
        echo = echo || tool.toObject().value(QStringLiteral("name")).toString() == QLatin1String("echo");
    QVERIFY(echo);
    QVERIFY(!saved.value(QStringLiteral("prompts")).toArray().isEmpty());
    QVERIFY(!saved.value(QStringLiteral("resources")).toArray().isEmpty());

    // The server it came from against it: no differences.
    CompareDialog *dialog = m_window->compareServer(a);
    QVERIFY(dialog);
    QVERIFY(compare(dialog, [dialog, path] { dialog->compareWithSnapshot(path); }));
    QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
    QCOMPARE(dialog->diff().changeCount(), 0);
    dialog->close();

    // The toggled server against the snapshot: extra_tool added, nothing breaking; reversed, it breaks.
    m_window->selectServer(b);
    dialog = m_window->compareServer(b);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QTRY_VERIFY_WITH_TIMEOUT((compare(dialog, [dialog, path] { dialog->compareWithSnapshot(path); }),
                              dialog->view()->itemFor(QStringLiteral("tools"), QStringLiteral("extra_tool")) != nullptr),
                             10000);
    QCOMPARE(dialog->diff().breaking, 0);
    QVERIFY(dialog->summaryText().contains(QLatin1String("1 change")));
    QVERIFY(compare(dialog, [dialog] { dialog->setReversed(true); }));
    QCOMPARE(dialog->diff().breaking, 1);

    // A snapshot that is not one is said.
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    QFile brokenFile(broken);
    QVERIFY(brokenFile.open(QIODevice::WriteOnly));
    brokenFile.write("[1, 2");
    brokenFile.close();
    QVERIFY(compare(dialog, [dialog, broken] { dialog->compareWithSnapshot(broken); }));
    QVERIFY2(dialog->errorText().contains(QLatin1String("not a JSON object")), qPrintable(dialog->errorText()));
    dialog->close();

    // The CLI reads the window's snapshot: `mcpscope diff SNAPSHOT "demo --extra-tool"` adds a tool.
    QProcess diff;
    diff.start(QStringLiteral(MCPSCOPE_APP), {QStringLiteral("diff"), path, m_demo + QStringLiteral(" --extra-tool")});
    QVERIFY(diff.waitForFinished(60000));
    const QByteArray out = diff.readAllStandardOutput();
    QVERIFY2(diff.exitCode() == 0, diff.readAllStandardError().constData());
    QVERIFY2(out.contains("+ tools extra_tool"), out.constData());

    // An older snapshot, edited by hand: echo had a "times" property and other words, a resource
    // that is gone, one prompt fewer. Field by field, and what breaks is marked.
    QJsonObject older = saved;
    QJsonArray tools = older.value(QStringLiteral("tools")).toArray();
    for (qsizetype i = 0; i < tools.size(); ++i) {
        QJsonObject tool = tools.at(i).toObject();
        if (tool.value(QStringLiteral("name")).toString() != QLatin1String("echo"))
            continue;
        QJsonObject schema = tool.value(QStringLiteral("inputSchema")).toObject();
        QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        properties.insert(QStringLiteral("times"), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}});
        schema.insert(QStringLiteral("properties"), properties);
        tool.insert(QStringLiteral("inputSchema"), schema);
        tool.insert(QStringLiteral("description"), QStringLiteral("Returns the message, as often as asked."));
        tools[i] = tool;
    }
    older.insert(QStringLiteral("tools"), tools);
    QJsonArray prompts = older.value(QStringLiteral("prompts")).toArray();
    const QString droppedPrompt = prompts.first().toObject().value(QStringLiteral("name")).toString();
    prompts.removeFirst();
    older.insert(QStringLiteral("prompts"), prompts);
    QJsonArray resources = older.value(QStringLiteral("resources")).toArray();
    resources.append(QJsonObject{{QStringLiteral("uri"), QStringLiteral("demo://retired")}, {QStringLiteral("name"), QStringLiteral("retired")}});
    older.insert(QStringLiteral("resources"), resources);
    const QString olderPath = m_dir.filePath(QStringLiteral("demo-older.json"));
    QFile olderFile(olderPath);
    QVERIFY(olderFile.open(QIODevice::WriteOnly));
    olderFile.write(QJsonDocument(older).toJson());
    olderFile.close();
    m_window->selectServer(a);
    dialog = m_window->compareServer(a);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QVERIFY(compare(dialog, [dialog, olderPath] { dialog->compareWithSnapshot(olderPath); }));
    QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
    QTreeWidgetItem *echoItem = dialog->view()->itemFor(QStringLiteral("tools"), QStringLiteral("echo"));
    QVERIFY(echoItem);
    QVERIFY2(echoItem->text(1).contains(QLatin1String("times")), qPrintable(echoItem->text(1)));
    QStringList fields;
    for (int i = 0; i < echoItem->childCount(); ++i)
        fields << echoItem->child(i)->text(0);
    QVERIFY2(fields.contains(QStringLiteral("description")) && fields.contains(QStringLiteral("inputSchema.properties.times")),
             qPrintable(fields.join(u',')));
    QTreeWidgetItem *promptItem = dialog->view()->itemFor(QStringLiteral("prompts"), droppedPrompt);
    QVERIFY(promptItem && promptItem->text(0).startsWith(QLatin1String("added")) && promptItem->text(1).isEmpty());
    QTreeWidgetItem *resourceItem = dialog->view()->itemFor(QStringLiteral("resources"), QStringLiteral("demo://retired"));
    QVERIFY(resourceItem && resourceItem->text(1).contains(QLatin1String("Breaking")));
    QCOMPARE(dialog->diff().breaking, 2);
    QCOMPARE(dialog->diff().changeCount(), 3);
    // The verdict is readable: the Before column is not squeezed at this size.
    QVERIFY2(dialog->view()->columnWidth(1) >= 250, qPrintable(QString::number(dialog->view()->columnWidth(1))));
    shoot(dialog, QStringLiteral("compare-snapshot"));
    dialog->close();
}

void tst_WindowDiff::replayCaptureFromTheDemoServer()
{
    const QUuid a = addDemo(QStringLiteral("demo"));
    Connection *connection = connectDemo(a);
    QVERIFY(connection);
    // A call of our own besides what the window lists by itself.
    OutgoingRequest *request = connection->sendRequest(QStringLiteral("tools/call"),
                                                QJsonObject{{QStringLiteral("name"), QStringLiteral("echo")},
                                                            {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("again")}}}});
    QSignalSpy finished(request, &OutgoingRequest::finished);
    QVERIFY(finished.wait(10000));
    QVERIFY(!request->response().isError());
    // A call the user cancelled: the replay cancels it too, at the same point.
    OutgoingRequest *slow = connection->sendRequest(QStringLiteral("tools/call"),
                                             QJsonObject{{QStringLiteral("name"), QStringLiteral("hang")},
                                                         {QStringLiteral("arguments"), QJsonObject()}});
    QSignalSpy slowFinished(slow, &OutgoingRequest::finished);
    QTest::qWait(300);
    slow->cancel(QStringLiteral("enough"));
    QVERIFY(slowFinished.count() == 1 || slowFinished.wait(5000));
    // A call whose answer depends on what the client declared (URL mode elicitation), declined.
    OutgoingRequest *urlCall = connection->sendRequest(QStringLiteral("tools/call"),
                                            QJsonObject{{QStringLiteral("name"), QStringLiteral("ask_user_url")},
                                                        {QStringLiteral("arguments"), QJsonObject()}});
    QSignalSpy urlFinished(urlCall, &OutgoingRequest::finished);
    QJsonObject urlResult;
    connect(urlCall, &OutgoingRequest::finished, this, [&urlResult, urlCall] { urlResult = urlCall->response().result.toObject(); });
    QPushButton *decline = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((decline = [] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (widget->isVisible())
                if (auto *button = widget->findChild<QPushButton *>(QStringLiteral("decline")))
                    return button;
        }
        return static_cast<QPushButton *>(nullptr);
    }()), 10000);
    decline->click();
    QVERIFY(urlFinished.count() == 1 || urlFinished.wait(10000));
    QVERIFY2(QJsonDocument(urlResult).toJson().contains("decline"), QJsonDocument(urlResult).toJson().constData());
    QTest::qWait(500); // the window's own listings settle
    connection->trafficLog()->flush();

    // The connection's traffic saved as a capture and opened in a capture window.
    const QString capture = m_dir.filePath(QStringLiteral("demo.jsonl"));
    QFile file(capture);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QString error;
    QVERIFY2(TrafficCapture::writeJsonLines(&file, *connection->trafficLog(), TrafficCapture::ExportOptions{}, &error), qPrintable(error));
    file.close();
    m_window->openCapture(capture);
    CaptureWindow *window = nullptr;
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *candidate = qobject_cast<CaptureWindow *>(widget))
            window = candidate;
    }
    QVERIFY(window);
    ReplayDialog *dialog = window->replayAgainst();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    checkFits(dialog);
    QVERIFY(dialog->requestCount() >= 4);
    const int steps = dialog->requestCount();
    // The capture's own server is the one chosen.
    auto *serverChoice = dialog->findChild<QComboBox *>(QStringLiteral("replayServer"));
    QVERIFY(serverChoice);
    QCOMPARE(serverChoice->currentText(), QStringLiteral("demo"));
    QCOMPARE(dialog->tree()->topLevelItemCount(), steps);

    // The configured demo server (approved on connecting) answers the same.
    const QList<ServerConfig> servers = m_window->replayServers();
    int demo = -1;
    for (int i = 0; i < servers.size(); ++i) {
        if (servers.at(i).id == a)
            demo = i;
    }
    QVERIFY(demo >= 0);
    QSignalSpy done(dialog, &ReplayDialog::replayFinished);
    dialog->replayAgainstServer(demo);
    QVERIFY(dialog->isRunning());
    QVERIFY(done.wait(60000));
    QString differences;
    for (int i = 0; i < dialog->tree()->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = dialog->tree()->topLevelItem(i);
        if (item->text(1) != QLatin1String("Same"))
            differences += item->text(0) + QStringLiteral(": ") + item->text(1) + u' '
                + (item->childCount() ? item->child(0)->text(0) + u' ' + item->child(0)->text(2) + QStringLiteral(" -> ") + item->child(0)->text(3) : QString())
                + u'\n';
    }
    QVERIFY2(dialog->differentCount() == 0, qPrintable(differences));
    QCOMPARE(dialog->sameCount(), steps);
    QVERIFY2(dialog->summaryText().contains(QStringLiteral("%1 same, 0 different").arg(steps)), qPrintable(dialog->summaryText()));
    shoot(dialog, QStringLiteral("replay-same"));

    // The same requests over HTTP, to a URL typed in: the same answers.
    QProcess http;
    auto stopHttp = qScopeGuard([&http] { http.kill(); http.waitForFinished(); });
    const QString url = Test::startHttpPeer(http, m_demo, {QStringLiteral("--http")}).toString();
    QVERIFY(!url.isEmpty());
    dialog->replayAgainstCommand(url);
    QVERIFY(done.wait(60000));
    QVERIFY2(dialog->differentCount() == 0 && dialog->sameCount() == steps, qPrintable(dialog->summaryText()));

    // A server that lists one more tool: tools/list differs, by that tool; echo is still the same.
    dialog->replayAgainstCommand(m_demo + QStringLiteral(" --extra-tool"));
    QVERIFY(done.wait(60000));
    QVERIFY(dialog->differentCount() >= 1);
    bool toolsListDiffers = false, echoSame = false;
    for (int i = 0; i < dialog->tree()->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = dialog->tree()->topLevelItem(i);
        if (item->text(0).endsWith(QLatin1String("tools/list")) && item->text(1) == QLatin1String("Different")) {
            QVERIFY(item->childCount() >= 1);
            toolsListDiffers = item->child(0)->text(0).contains(QLatin1String("extra_tool"));
            QCOMPARE(item->child(0)->text(2), QStringLiteral("(absent)"));
            QVERIFY(item->child(0)->text(3).contains(QLatin1String("extra_tool")));
        }
        if (item->text(0).endsWith(QLatin1String("tools/call echo")))
            echoSame = item->text(1) == QLatin1String("Same");
    }
    QVERIFY(toolsListDiffers);
    QVERIFY(echoSame);
    shoot(dialog, QStringLiteral("replay-differences"));

    // A command that does not start: every request is Not sent, and the summary says why.
    dialog->replayAgainstCommand(m_dir.filePath(QStringLiteral("no-such-server")));
    QVERIFY(done.wait(60000));
    QVERIFY2(dialog->summaryText().startsWith(QLatin1String("Could not replay")), qPrintable(dialog->summaryText()));
    QCOMPARE(dialog->sameCount(), 0);
    dialog->close();

    // Closed while it runs: the run stops with the dialog, nothing arrives afterwards.
    QPointer<ReplayDialog> running = window->replayAgainst();
    QVERIFY(running);
    running->replayAgainstServer(demo);
    QVERIFY(running->isRunning());
    QTest::qWait(50);
    running->close();
    QTRY_VERIFY(!running);
    QTest::qWait(300);
}

QTEST_MAIN(tst_WindowDiff)
#include "tst_windowdiff.moc"
