// What the user types or chooses stays theirs, and the keyboard reaches everything, on a real
// desktop (Xvfb, openbox, xcb) with real input: the wheel never changes a field it passes over,
// a typed command line runs as previewed, a URL typed as a command is kept as a URL, fields come
// in the schema author's order, and the dialogs and pages answer the keys a person would press.
#include "contrast.h"
#include "desktopfixture.h"

#include "config/secretstore.h"
#include "clientfeatures/elicitationdialog.h"
#include "clientfeatures/samplingdialog.h"
#include "dialogs/commandapprovaldialog.h"
#include "dialogs/servereditordialog.h"
#include "resources/resourcesview.h"
#include "forms/schemaform.h"
#include "tools/toolpanel.h"
#include "resources/resourcespage.h"
#include "theme.h"
#include "traffic/trafficlog.h"
#include "widgets/itemlist.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

// The raw bytes of every tools/call request the connection sent.
QList<QByteArray> sentCalls(const Connection *connection)
{
    QList<QByteArray> calls;
    const TrafficLog *log = connection->trafficLog();
    for (int row = 0; row < log->rowCount(); ++row) {
        if (log->method(row) != QLatin1String("tools/call"))
            continue;
        const QByteArray raw = log->rawBytes(row);
        if (raw.contains("\"method\""))
            calls.append(raw);
    }
    return calls;
}

// How much of the widget's edge carries a focus ring: along the middle of each side, the share
// of places where two neighbouring pixels within the outer four both stand out at 3:1 from the
// window and the base colour (WCAG 2.2, focus appearance: 2 px, 3:1).
double ringCoverage(QWidget *widget)
{
    const QImage image = widget->grab().toImage();
    const qreal dpr = image.devicePixelRatio();
    const QColor window = widget->palette().color(QPalette::Window);
    const QColor base = widget->palette().color(QPalette::Base);
    auto standsOut = [&](int x, int y) {
        const QColor c = image.pixelColor(x, y);
        return Wcag::contrast(c, window) >= 3.0 && Wcag::contrast(c, base) >= 3.0;
    };
    auto ringAt = [&](QPoint edge, QPoint inward) {
        for (int depth = 0; depth < 3; ++depth) {
            const QPoint a = edge + inward * depth, b = edge + inward * (depth + 1);
            if (standsOut(a.x(), a.y()) && standsOut(b.x(), b.y()))
                return true;
        }
        return false;
    };
    const int w = image.width(), h = image.height();
    int places = 0, ringed = 0;
    for (int x = w / 5; x < w - w / 5; x += qMax(1, int(dpr))) {
        places += 2;
        ringed += ringAt({x, 0}, {0, 1}) + ringAt({x, h - 1}, {0, -1});
    }
    for (int y = h / 5; y < h - h / 5; y += qMax(1, int(dpr))) {
        places += 2;
        ringed += ringAt({0, y}, {1, 0}) + ringAt({w - 1, y}, {-1, 0});
    }
    return places ? double(ringed) / places : 0.0;
}

} // namespace

class tst_DesktopInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void wheelOverAToolFormScrollsItAndChangesNothing();
    void wheelOverADialogSpinBoxChangesNothing();
    void addServerTakesTypingAtOnceAndRunsWhatItPreviews();
    void urlTypedAsACommandIsKept();
    void returnInTheArgumentsListEditsIt();
    void altDigitsSwitchTabsFromTheServerList();
    void returnInATemplateVariableReads();
    void runCommandHasAMnemonic();
    void dialogButtonsHaveMnemonics();
    void toolFormHasNoInvisibleTabStops();
    void focusRingsAreClearlyVisible();
    void fieldsComeInTheAuthorsOrder();

private:
    ServerEditorDialog *openAddServer(const QString &windowName = {});

    Desktop::WindowFixture m_fixture;
    QPointer<ServerEditorDialog> m_dialog;
};

void tst_DesktopInput::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopInputTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopInput::cleanup()
{
    delete m_dialog;
    m_fixture.closeWindow();
}

// Add Server as the window opens it (window-modal), shown by the window manager: the dialog, or
// null. In a fresh window named windowName, or without one in the window open now.
ServerEditorDialog *tst_DesktopInput::openAddServer(const QString &windowName)
{
    MainWindow *window = windowName.isEmpty() ? m_fixture.window : m_fixture.openWindow(windowName);
    if (!window)
        return nullptr;
    m_dialog = new ServerEditorDialog(ServerConfig::create(window->catalog()->uniqueName(QStringLiteral("New server"))),
                                      window->catalog(), window);
    m_dialog->setWindowTitle(QStringLiteral("Add Server"));
    m_dialog->open();
    return Desktop::waitShown(m_dialog) ? m_dialog.data() : nullptr;
}

void tst_DesktopInput::wheelOverAToolFormScrollsItAndChangesNothing()
{
    ServerPage *page = Desktop::openWithDemoTool(m_fixture, QStringLiteral("wheel"), QStringLiteral("rich_form"));
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();
    SchemaFormWidget *form = tools->panel()->form();
    QComboBox *size = nullptr;
    QTRY_VERIFY((size = form->findChild<QComboBox *>(QStringLiteral("field:/size"))));
    auto *scroll = form->findChild<QScrollArea *>();
    QVERIFY(scroll);
    QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
    scroll->ensureWidgetVisible(size, 0, 0);
    QTest::qWait(100);
    const int before = scroll->verticalScrollBar()->value();
    QVERIFY(before < scroll->verticalScrollBar()->maximum()); // room to scroll further down
    const int index = size->currentIndex();
    const QString text = size->currentText();

    // The pointer rests on the combo box, as it does when a person scrolls through the form.
    QVERIFY(Desktop::moveTo(size));
    QVERIFY(Desktop::wheel(3));
    QTRY_VERIFY2(scroll->verticalScrollBar()->value() > before, "the form did not scroll");
    QCOMPARE(size->currentIndex(), index);
    QCOMPARE(size->currentText(), text);
    QVERIFY(!size->hasFocus());
    QVERIFY(Desktop::wheel(-3));
    QCOMPARE(size->currentIndex(), index);

    // Nothing the user did not choose goes on the wire.
    auto *defaults = form->findChild<QAbstractButton *>(QStringLiteral("fillDefaults"));
    QVERIFY(defaults);
    QVERIFY(Desktop::click(defaults));
    QVERIFY(Desktop::click(tools->panel()->runButton()));
    QTRY_VERIFY_WITH_TIMEOUT(!sentCalls(page->connection()).isEmpty(), 10000);
    const QByteArray call = sentCalls(page->connection()).last();
    QVERIFY2(call.contains("rich_form"), call.constData());
    QVERIFY2(!call.contains("\"size\""), call.constData());
}

void tst_DesktopInput::wheelOverADialogSpinBoxChangesNothing()
{
    ServerEditorDialog *dialog = openAddServer(QStringLiteral("spin"));
    QVERIFY(dialog);
    auto *tabs = dialog->findChild<QTabWidget *>();
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i)
        if (!tabs->widget(i)->findChildren<QSpinBox *>().isEmpty())
            tabs->setCurrentIndex(i);
    QTest::qWait(100);
    // One the pointer merely passes over: the page's first box took the focus with the page.
    QSpinBox *box = nullptr;
    for (QSpinBox *candidate : tabs->currentWidget()->findChildren<QSpinBox *>())
        if (!box && candidate->isVisible() && candidate->isEnabled() && !candidate->hasFocus())
            box = candidate;
    QVERIFY(box);
    const int value = box->value();
    QVERIFY(Desktop::moveTo(box));
    QVERIFY(Desktop::wheel(-3));
    QVERIFY(Desktop::wheel(3));
    QVERIFY(Desktop::wheel(3));
    QCOMPARE(box->value(), value);
    QVERIFY(!box->hasFocus());
    // With the focus (a click), the wheel is the spin box's again.
    box->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(box->hasFocus());
    QVERIFY(Desktop::wheel(-2));
    QTRY_VERIFY(box->value() != value);
}

void tst_DesktopInput::addServerTakesTypingAtOnceAndRunsWhatItPreviews()
{
    ServerEditorDialog *dialog = openAddServer(QStringLiteral("typing"));
    QVERIFY(dialog);
    MainWindow *window = m_fixture.window;
    // No click: what is typed lands in the first field.
    QVERIFY(Desktop::type(QStringLiteral("sleeper")));
    QCOMPARE(dialog->nameEdit()->text(), QStringLiteral("sleeper"));

    QVERIFY(Desktop::key(QStringLiteral("alt+c")));
    QTRY_VERIFY(dialog->commandEdit()->hasFocus());
    QVERIFY(Desktop::type(QStringLiteral("sh -c 'sleep 2; exit 3'")));
    QTRY_COMPARE(dialog->commandEdit()->text(), QStringLiteral("sh -c 'sleep 2; exit 3'"));
    const QString preview = dialog->commandLinePreview();
    QCOMPARE(preview, QStringLiteral("Runs: sh -c 'sleep 2; exit 3'"));
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_VERIFY(!dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Accepted));
    const ServerConfig saved = dialog->config();
    QCOMPARE(saved.command, QStringLiteral("sh"));
    QCOMPARE(saved.args, (QStringList{QStringLiteral("-c"), QStringLiteral("sleep 2; exit 3")}));
    QCOMPARE(QStringLiteral("Runs: ") + saved.commandLineForDisplay(), preview);

    // And it runs so: two seconds, then exit code 3.
    const QUuid id = window->catalog()->add(saved);
    QElapsedTimer clock;
    clock.start();
    window->connectServer(id);
    Connection *connection = window->existingConnection(id);
    QVERIFY(connection);
    QTRY_VERIFY_WITH_TIMEOUT(connection->state() == Connection::State::Exited
                                 || connection->state() == Connection::State::Failed, 20000);
    QVERIFY2(connection->errorString().contains(QLatin1String("code 3")), qPrintable(connection->errorString()));
    QVERIFY2(clock.elapsed() >= 1500, qPrintable(QString::number(clock.elapsed())));
}

void tst_DesktopInput::urlTypedAsACommandIsKept()
{
    ServerEditorDialog *dialog = openAddServer(QStringLiteral("url"));
    QVERIFY(dialog);
    MainWindow *window = m_fixture.window;
    const QString url = QStringLiteral("http://127.0.0.1:3001/mcp");
    QVERIFY(Desktop::key(QStringLiteral("alt+c")));
    QTRY_VERIFY(dialog->commandEdit()->hasFocus());
    QVERIFY(Desktop::type(url));
    QVERIFY(Desktop::key(QStringLiteral("Tab")));
    // Recognised: the URL field has it, the transport is HTTP, and the dialog says why.
    QTRY_COMPARE(dialog->urlEdit()->text(), url);
    QVERIFY(dialog->config().usesUrl());
    QVERIFY(dialog->commandLinePreview().contains(url));
    auto *notice = dialog->findChild<QLabel *>(QStringLiteral("notice"));
    QVERIFY(notice && notice->isVisible());

    // Switching transports by keyboard keeps what was typed.
    QVERIFY(Desktop::key(QStringLiteral("alt+t")));
    QTRY_VERIFY(dialog->transportCombo()->hasFocus());
    for (int i = 0; i < 4; ++i)
        QVERIFY(Desktop::key(QStringLiteral("Up"))); // stdio is the first
    QTRY_COMPARE(dialog->transportCombo()->currentIndex(), 0);
    QVERIFY(Desktop::key(QStringLiteral("Down"))); // Streamable HTTP
    QTRY_COMPARE(dialog->transportCombo()->currentIndex(), 1);
    QCOMPARE(dialog->urlEdit()->text(), url);
    QVERIFY(dialog->urlEdit()->isVisible());
    QCOMPARE(dialog->config().url, url);
    QVERIFY(dialog->config().command.isEmpty());

    // A URL still in the Command field when Save is pressed is not saved as a program either.
    ServerEditorDialog second(ServerConfig::create(QStringLiteral("second")), window->catalog(), window);
    second.commandEdit()->setText(url);
    second.accept();
    QVERIFY(second.result() != QDialog::Accepted);
    QCOMPARE(second.urlEdit()->text(), url);
    QVERIFY(second.config().usesUrl());
}

void tst_DesktopInput::returnInTheArgumentsListEditsIt()
{
    ServerEditorDialog *dialog = openAddServer(QStringLiteral("args"));
    QVERIFY(dialog);
    QVERIFY(Desktop::key(QStringLiteral("alt+c")));
    QVERIFY(Desktop::type(QStringLiteral("node")));
    QVERIFY(Desktop::key(QStringLiteral("alt+a")));
    auto *args = dialog->findChild<QListWidget *>(QStringLiteral("arguments"));
    QVERIFY(args);
    QTRY_VERIFY(args->hasFocus() || args->isAncestorOf(QApplication::focusWidget()));
    QVERIFY(args->alternatingRowColors()); // it looks like rows, not a text box
    // Return on the empty list starts a new argument; Return again ends its edit; the dialog stays.
    auto editing = [args] {
        QWidget *focus = QApplication::focusWidget();
        return qobject_cast<QLineEdit *>(focus) && args->isAncestorOf(focus);
    };
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_VERIFY(editing());
    QVERIFY(Desktop::type(QStringLiteral("server.js")));
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_VERIFY(!editing());
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTest::qWait(200);
    QVERIFY2(dialog->isVisible(), "Return in the arguments list saved the dialog");
    QVERIFY(Desktop::key(QStringLiteral("Escape"))); // closes the row editor Return opened
    QTest::qWait(100);
    QCOMPARE(dialog->config().args, QStringList{QStringLiteral("server.js")});
    QCOMPARE(dialog->commandLinePreview(), QStringLiteral("Runs: node server.js"));
}

void tst_DesktopInput::altDigitsSwitchTabsFromTheServerList()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("alt"));
    QVERIFY(window);
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo")));
    QVERIFY(page);
    QListView *servers = window->serverList();
    const QModelIndex current = servers->currentIndex();
    QVERIFY(current.isValid());
    QVERIFY(Desktop::click(servers->viewport(), servers->visualRect(current).center()));
    QTRY_VERIFY(servers->hasFocus());
    QVERIFY(Desktop::key(QStringLiteral("alt+3")));
    QTRY_COMPARE(page->tabs()->currentIndex(), 2);
    QVERIFY(Desktop::key(QStringLiteral("alt+1")));
    QTRY_COMPARE(page->tabs()->currentIndex(), 0);
    QVERIFY(servers->hasFocus()); // the list keeps the focus
}

void tst_DesktopInput::returnInATemplateVariableReads()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("template"));
    QVERIFY(window);
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("demo")));
    QVERIFY(page);
    page->tabs()->setCurrentWidget(page->resourcesPage());
    ResourcesView *view = page->resourcesPage()->view();
    QTRY_VERIFY_WITH_TIMEOUT(view->templateList()->count() > 0, 10000);
    QModelIndex item;
    QAbstractItemModel *templates = view->templateList()->model();
    for (int i = 0; i < templates->rowCount(); ++i)
        if (templates->index(i, 0).data().toString().contains(QLatin1String("demo://items/{id}")))
            item = templates->index(i, 0);
    QVERIFY(item.isValid());
    // The Templates tab, then the template, as a person would pick them.
    if (!view->templateList()->isVisible()) {
        auto *tabs = qobject_cast<QTabWidget *>(view->templateList()->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(view->templateList());
    }
    QTRY_VERIFY(view->templateList()->isVisible());
    view->templateList()->scrollTo(item);
    QVERIFY(Desktop::click(view->templateList()->viewport(), view->templateList()->visualRect(item).center()));
    QLineEdit *id = nullptr;
    QTRY_VERIFY((id = view->variableEdit(QStringLiteral("id"))) && id->isVisible());
    QVERIFY(Desktop::click(id));
    QTRY_VERIFY(id->hasFocus());
    QVERIFY(Desktop::type(QStringLiteral("42")));
    QVERIFY(Desktop::key(QStringLiteral("Return")));
    QTRY_COMPARE_WITH_TIMEOUT(view->currentUri(), QStringLiteral("demo://items/42"), 10000);
}

void tst_DesktopInput::runCommandHasAMnemonic()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("approval"));
    QVERIFY(window);
    const ServerConfig config = m_fixture.demoConfig(QStringLiteral("approve me"));
    // What the approval dialog, shown by the window manager, ends with once keys are pressed: -1
    // when it was not shown, the keys did not go or it stayed open.
    const auto resultAfter = [&config, window](const QString &keys) {
        CommandApprovalDialog dialog(config, window);
        dialog.open();
        if (!Desktop::waitShown(&dialog) || !Desktop::key(keys)
            || !QTest::qWaitFor([&dialog] { return !dialog.isVisible(); }, 5000))
            return -1;
        return dialog.result();
    };
    QCOMPARE(resultAfter(QStringLiteral("alt+r")), int(QDialog::Accepted));
    // The safe default stays: Return cancels.
    QCOMPARE(resultAfter(QStringLiteral("Return")), int(QDialog::Rejected));
}

// What Alt+letter reaches in a dialog as shown: every push button has a letter of its own (but the
// one that dismisses, whose key is Escape), and no two buttons, check boxes or labelled fields share one.
static QStringList mnemonicProblems(QWidget *dialog)
{
    QHash<int, QString> taken;
    QStringList problems;
    const auto consider = [&](const QString &text, bool required) {
        const QKeySequence key = QKeySequence::mnemonic(text);
        QString plain = text;
        plain.remove(u'&');
        if (key.isEmpty()) {
            if (required)
                problems << QStringLiteral("\"%1\" has no mnemonic").arg(plain);
            return;
        }
        const auto other = taken.constFind(key[0].toCombined());
        if (other != taken.constEnd())
            problems << QStringLiteral("\"%1\" and \"%2\" share %3").arg(plain, *other, key.toString());
        else
            taken.insert(key[0].toCombined(), plain);
    };
    for (QAbstractButton *button : dialog->findChildren<QAbstractButton *>()) {
        auto *box = qobject_cast<QDialogButtonBox *>(button->parentWidget());
        const bool dismisses = box && box->buttonRole(button) == QDialogButtonBox::RejectRole;
        if (button->isVisibleTo(dialog) && !button->text().isEmpty()
            && (qobject_cast<QPushButton *>(button) || qobject_cast<QCheckBox *>(button)))
            consider(button->text(), qobject_cast<QPushButton *>(button) && !dismisses);
    }
    for (QLabel *label : dialog->findChildren<QLabel *>()) {
        if (label->buddy() && label->isVisibleTo(dialog))
            consider(label->text(), false);
    }
    return problems;
}

void tst_DesktopInput::dialogButtonsHaveMnemonics()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("mnemonics"));
    QVERIFY(window);
    const QJsonObject sampling{
        {QStringLiteral("messages"),
         QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                        {QStringLiteral("text"), QStringLiteral("Hi")}}}}}},
        {QStringLiteral("maxTokens"), 10}};
    const QJsonObject form{
        {QStringLiteral("message"), QStringLiteral("Which city?")},
        {QStringLiteral("requestedSchema"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                     {QStringLiteral("properties"),
                      QJsonObject{{QStringLiteral("city"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}}}}};
    const QJsonObject url{{QStringLiteral("mode"), QStringLiteral("url")},
                          {QStringLiteral("message"), QStringLiteral("Sign in")},
                          {QStringLiteral("url"), QStringLiteral("https://example.com/sign-in")},
                          {QStringLiteral("elicitationId"), QStringLiteral("e1")}};
    QStringList problems;
    {
        SamplingDialog dialog(sampling, QStringLiteral("demo"), window);
        dialog.show();
        problems += mnemonicProblems(&dialog);
    }
    for (const QJsonObject &params : {form, url}) {
        ElicitationDialog dialog(params, QStringLiteral("demo"), window);
        dialog.show();
        problems += mnemonicProblems(&dialog);
    }
    {
        CommandApprovalDialog dialog(m_fixture.demoConfig(QStringLiteral("approve me")), window);
        dialog.show();
        problems += mnemonicProblems(&dialog);
    }
    // Every tab of the server editor, for a stdio and an HTTP server.
    for (const auto transport : {ServerConfig::TransportType::Stdio, ServerConfig::TransportType::StreamableHttp}) {
        ServerConfig config = ServerConfig::create(QStringLiteral("edited"));
        config.transport = transport;
        ServerEditorDialog dialog(config, window->catalog(), window);
        dialog.show();
        auto *tabs = dialog.findChild<QTabWidget *>();
        QVERIFY(tabs);
        for (int tab = 0; tab < tabs->count(); ++tab) {
            tabs->setCurrentIndex(tab);
            for (const QString &problem : mnemonicProblems(&dialog))
                problems += tabs->tabText(tab) + QStringLiteral(": ") + problem;
        }
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));

    // And the letter works: Alt+S sends the sampling answer.
    bool answered = false;
    PendingRequestDialog::Responder responder;
    responder.respond = [&answered](const QJsonObject &) { answered = true; };
    SamplingDialog dialog({sampling, responder}, QStringLiteral("demo"), window);
    dialog.open();
    QVERIFY(Desktop::waitShown(&dialog));
    QVERIFY(Desktop::key(QStringLiteral("alt+s")));
    QTRY_VERIFY(answered);
}

void tst_DesktopInput::toolFormHasNoInvisibleTabStops()
{
    ServerPage *page = Desktop::openWithDemoTool(m_fixture, QStringLiteral("tab"), QStringLiteral("echo"));
    QVERIFY(page);
    ToolsPage *tools = page->toolsPage();
    QWidget *field = nullptr;
    QTRY_VERIFY((field = tools->panel()->form()->findChild<QWidget *>(QStringLiteral("field:/message"))));
    ItemList *list = tools->list()->view();
    QVERIFY(Desktop::click(list->viewport(), list->visualRect(list->currentIndex()).center()));
    QTRY_VERIFY(list->hasFocus());
    // From the tool list, Tab reaches the first field through visible controls only.
    QStringList path;
    for (int step = 0; step < 12 && QApplication::focusWidget() != field; ++step) {
        QVERIFY(Desktop::key(QStringLiteral("Tab")));
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        path.append(QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(focus->metaObject()->className()), focus->objectName()));
        if (focus == field)
            break;
        const bool control = qobject_cast<QAbstractButton *>(focus) || qobject_cast<QLineEdit *>(focus)
            || qobject_cast<QComboBox *>(focus) || qobject_cast<QAbstractSpinBox *>(focus)
            || qobject_cast<QPlainTextEdit *>(focus) || qobject_cast<QAbstractItemView *>(focus);
        QVERIFY2(control && focus->isVisible(), qPrintable(QStringLiteral("an invisible Tab stop: ") + path.join(QStringLiteral(" → "))));
    }
    QVERIFY2(field->hasFocus(), qPrintable(path.join(QStringLiteral(" → "))));
    QVERIFY2(path.size() <= 5, qPrintable(path.join(QStringLiteral(" → "))));
}

void tst_DesktopInput::focusRingsAreClearlyVisible()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("rings"));
    QVERIFY(window);
    for (const Theme::Choice palette : {Theme::Choice::Light, Theme::Choice::Dark}) {
        Theme::apply(qApp, palette);
        ServerEditorDialog *dialog = openAddServer();
        QVERIFY(dialog);
        QVERIFY(Desktop::click(dialog->nameEdit()));
        QTRY_VERIFY(dialog->nameEdit()->hasFocus());
        QTest::qWait(100);
        const char *name = palette == Theme::Choice::Dark ? "dark" : "light";
        const double field = ringCoverage(dialog->nameEdit());
        QVERIFY2(field >= 0.9, qPrintable(QStringLiteral("%1: the name field's ring covers %2").arg(QLatin1String(name)).arg(field)));
        QVERIFY(Desktop::key(QStringLiteral("Tab")));
        QTRY_VERIFY(dialog->transportCombo()->hasFocus());
        QTest::qWait(100);
        const double combo = ringCoverage(dialog->transportCombo());
        QVERIFY2(combo >= 0.9, qPrintable(QStringLiteral("%1: the transport box's ring covers %2").arg(QLatin1String(name)).arg(combo)));
        // Without the focus, no ring: the measure tells them apart.
        QVERIFY(ringCoverage(dialog->nameEdit()) < 0.5);
        delete m_dialog;
    }
    Theme::apply(qApp, Theme::Choice::Light);
}

void tst_DesktopInput::fieldsComeInTheAuthorsOrder()
{
    // server-everything (zod) writes gzip-file-as-resource's properties as name, data, outputType,
    // all optional: sorted, data would come first; required first changes nothing here.
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString everything = QStringLiteral(MCPSCOPE_PEERS_DIR "/@modelcontextprotocol/server-everything/dist/index.js");
    if (node.isEmpty() || !QFileInfo::exists(everything))
        QSKIP("node or server-everything (scripts/setup.sh --test-peers) is not installed");
    MainWindow *window = m_fixture.openWindow(QStringLiteral("order"));
    QVERIFY(window);
    ServerConfig config = ServerConfig::create(QStringLiteral("everything"));
    config.transport = ServerConfig::TransportType::Stdio;
    config.command = node;
    config.args = {everything, QStringLiteral("stdio")};
    ServerPage *page = m_fixture.connect(config);
    QVERIFY(page);
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("gzip-file-as-resource")));
    SchemaFormWidget *form = page->toolsPage()->panel()->form();
    QStringList order;
    QTRY_VERIFY(form->findChild<QWidget *>(QStringLiteral("field:/outputType")));
    QList<QPair<int, QString>> placed;
    for (const QString &name : {QStringLiteral("outputType"), QStringLiteral("data"), QStringLiteral("name")}) {
        QWidget *field = form->findChild<QWidget *>(QStringLiteral("field:/") + name);
        QVERIFY2(field, qPrintable(name));
        placed.append({field->mapTo(form, QPoint()).y(), name});
    }
    std::sort(placed.begin(), placed.end());
    for (const auto &[y, name] : std::as_const(placed))
        order.append(name);
    QCOMPARE(order, (QStringList{QStringLiteral("name"), QStringLiteral("data"), QStringLiteral("outputType")}));
}

QTEST_MAIN(tst_DesktopInput)
#include "tst_desktop_input.moc"
