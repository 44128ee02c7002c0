#include "connection/connection.h"
#include "widgets/jsontext.h"
#include "forms/schemaform.h"
#include "tools/toolpanel.h"
#include "resources/resourcesview.h"
#include "prompts/promptsview.h"
#include "tools/toollist.h"
#include "forms/debouncedcompleter.h"
#include "results/resultview.h"
#include "widgets/itemlist.h"
#include "widgets/markdown.h"
#include "transport/stdiotransport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QIcon>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSplitter>
#include <QSignalSpy>
#include <QTest>
#include <QTabWidget>
#include <QTextDocument>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

#include "formtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {
// Fields shown as a JSON editor although their schema says what they are.
void collectRaw(const FormFieldPtr &root, QStringList &out)
{
    visitFields(root, [&](const FormFieldPtr &field) {
        if (rawThoughTyped(*field))
            out.append(field->schemaPath);
    });
}
}

class tst_ToolPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<Connection> m_connection;
    QJsonArray m_tools;
    SentMessages sent;

    Tool tool(const QString &name) const
    {
        for (const QJsonValue &t : m_tools)
            if (t.toObject().value(QLatin1String("name")).toString() == name)
                return Tool::fromJson(t.toObject());
        return {};
    }

private Q_SLOTS:
    void listRowText();
    void descriptionMarkdown();
    void initTestCase()
    {
        freshSettings(QStringLiteral("tst_toolpanel"));
        // runAsTask and resources assert the legacy wire (the 2025-11-25 tasks API,
        // resources/subscribe and unsubscribe requests); the modern era has neither.
        m_connection = legacyDemoConnection({QStringLiteral("--page-size"), QStringLiteral("3")});
        sent.watch(m_connection.get(), this);
        m_connection->connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(m_connection->isConnected(), 20000);
        bool done = false;
        m_connection->listAll(Lists::Tools, this,
                              [&](const QJsonArray &items, const std::optional<RpcError> &) {
                                  m_tools = items;
                                  done = true;
                              });
        QTRY_VERIFY_WITH_TIMEOUT(done, 20000);
        QVERIFY(!tool(QStringLiteral("rich_form")).json.isEmpty());
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
        panel.findChild<QLineEdit *>(QStringLiteral("field:/name"))->selectAll(); // replaces the default it starts with
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

    void noToolNoEditorsAndNoArgumentsSaidSo()
    {
        ToolPanel panel(m_connection.get());
        panel.resize(800, 600);
        panel.show();
        auto *form = panel.findChild<SchemaFormWidget *>();
        QVERIFY(form);
        QVERIFY(form->isHidden()); // nothing to fill before a tool is chosen
        panel.setTool(Tool::fromJson(QJsonObject{{QStringLiteral("name"), QStringLiteral("no_args")},
                                  {QStringLiteral("inputSchema"),
                                   QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), QJsonObject()}}}}));
        // No empty form taking the result's room: one line says there is nothing to fill.
        QVERIFY(form->isHidden());
        bool said = false;
        for (QLabel *label : panel.findChildren<QLabel *>())
            said = said || (label->isVisible() && label->text() == ToolPanel::tr("No arguments: the value is an empty object."));
        QVERIFY(said);
        panel.setTool({});
        QVERIFY(form->isHidden());
    }

    void splitterPositionRemembered()
    {
        int formHeight = 0;
        {
            ToolPanel panel(m_connection.get());
            panel.resize(800, 1000);
            panel.show();
            auto *splitter = panel.findChild<QSplitter *>(QStringLiteral("toolSplitter"));
            QVERIFY(splitter);
            splitter->setSizes({800, 200});
            Q_EMIT splitter->splitterMoved(800, 1); // as a drag does
            formHeight = splitter->sizes().at(0);
            QVERIFY(formHeight > splitter->sizes().at(1));
        }
        ToolPanel again(m_connection.get());
        again.resize(800, 1000);
        again.show();
        QCoreApplication::processEvents();
        QCOMPARE(again.findChild<QSplitter *>(QStringLiteral("toolSplitter"))->sizes().at(0), formHeight);
        QSettings().remove(QStringLiteral("tools/splitter")); // the other cases start from the default
    }

    void toolListBadgesAndSearch()
    {
        ToolList list;
        list.setItems(m_tools);
        QCOMPARE(list.count(), int(m_tools.size()));
        QVERIFY(list.selectByName(QStringLiteral("get_weather")));
        const QModelIndex weather = list.view()->currentIndex();
        QVERIFY2(weather.data().toString().startsWith(QStringLiteral("Weather\nget_weather · read-only · open-world")),
                 qPrintable(weather.data().toString()));
        QVERIFY(!weather.data(Qt::DecorationRole).value<QIcon>().isNull()); // a data: SVG icon
        QVERIFY(list.selectByName(QStringLiteral("crash")));
        QVERIFY(list.view()->currentIndex().data().toString().contains(QLatin1String("destructive")));
        QVERIFY(list.selectByName(QStringLiteral("batch_job")));
        QVERIFY(list.view()->currentIndex().data().toString().contains(QLatin1String("task required")));
        list.findChild<QLineEdit *>(QStringLiteral("toolFilter"))->setText(QStringLiteral("weather"));
        QCOMPARE(list.view()->model()->rowCount(), 1);
        QCOMPARE(list.view()->model()->index(0, 0).data(ItemListModel::KeyRole).toString(), QStringLiteral("get_weather"));
        QCOMPARE(list.count(), int(m_tools.size())); // filtered, not gone
        // The chosen tool, hidden by the filter, is still the current one and comes back with it.
        QCOMPARE(list.currentItem().value(QStringLiteral("name")).toString(), QStringLiteral("batch_job"));
        list.findChild<QLineEdit *>(QStringLiteral("toolFilter"))->clear();
        QCOMPARE(list.view()->model()->rowCount(), int(m_tools.size()));
        QCOMPARE(list.view()->currentIndex().data(ItemListModel::KeyRole).toString(), QStringLiteral("batch_job"));
    }

    // Issue 32: a list this big is indexed in the thread pool, not item by item on the GUI
    // thread; it replaces the old one when ready, keeps the chosen tool by name, and filters.
    void bigToolListIsListedWhenReady()
    {
        const auto tools = [](int count, int skip = -1) {
            QJsonArray out;
            for (int i = 0; i < count; ++i)
                if (i != skip)
                    out.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("tool_%1").arg(i, 6, 10, QLatin1Char('0'))},
                                           {QStringLiteral("description"), QStringLiteral("Tool number %1").arg(i)}});
            return out;
        };
        const int count = ItemListModel::OffThreadItems * 2;
        ToolList list;
        QSignalSpy changed(&list, &ToolList::currentItemChanged);
        QSignalSpy replaced(&list, &ToolList::itemsReplaced);
        list.setItems(tools(count));
        QTRY_COMPARE_WITH_TIMEOUT(replaced.size(), 1, 20000);
        QCOMPARE(list.count(), count);
        QCOMPARE(list.view()->model()->rowCount(), count);
        const QString last = QStringLiteral("tool_%1").arg(count - 1, 6, 10, QLatin1Char('0'));
        QVERIFY(list.selectByName(last));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(list.view()->currentIndex().row(), count - 1);
        QCOMPARE(list.view()->currentIndex().data().toString(), ToolList::itemText(list.currentItem()));

        // A filter over this many runs in the pool too; the match is shown and stays current.
        auto *filter = list.findChild<QLineEdit *>(QStringLiteral("toolFilter"));
        filter->setText(QStringLiteral("NUMBER %1").arg(count - 1)); // the description, any case
        QTRY_COMPARE_WITH_TIMEOUT(list.view()->model()->rowCount(), 1, 20000);
        QCOMPARE(list.view()->currentIndex().data(ItemListModel::KeyRole).toString(), last);
        filter->clear();
        QCOMPARE(list.view()->model()->rowCount(), count);

        // A refresh with the chosen tool still there says nothing; one without it says "none".
        list.setItems(tools(count + 1));
        QTRY_COMPARE_WITH_TIMEOUT(replaced.size(), 2, 20000);
        QCOMPARE(list.count(), count + 1);
        QCOMPARE(list.currentItem().value(QStringLiteral("name")).toString(), last);
        QCOMPARE(list.view()->currentIndex().data(ItemListModel::KeyRole).toString(), last);
        QCOMPARE(changed.size(), 1);
        list.setItems(tools(count, count - 1));
        QTRY_COMPARE_WITH_TIMEOUT(replaced.size(), 3, 20000);
        QCOMPARE(changed.size(), 2);
        QVERIFY(changed.last().at(0).toJsonObject().isEmpty());
        QVERIFY(list.currentItem().isEmpty());

        // Invalid tools are marked in place: muted, with the reason.
        list.setInvalidTools({{QStringLiteral("tool_000002"), QStringLiteral("bad header")}});
        const QModelIndex marked = list.view()->model()->index(2, 0);
        QVERIFY(marked.data(Qt::ForegroundRole).isValid());
        QVERIFY(marked.data().toString().contains(QLatin1String("cannot be called: bad header")));
        QVERIFY(!list.view()->model()->index(3, 0).data(Qt::ForegroundRole).isValid());
    }

    // Done means: every demo tool can be called from its form without touching JSON.
    void everyDemoToolHasFormEditors()
    {
        ToolPanel panel(m_connection.get());
        for (const QJsonValue &value : m_tools) {
            panel.setTool(Tool::fromJson(value.toObject()));
            QStringList raw;
            collectRaw(panel.form()->formState().rootField(), raw);
            QVERIFY2(raw.isEmpty(), qPrintable(value.toObject().value(QLatin1String("name")).toString() + QLatin1String(": ") + raw.join(u',')));
            // With the defaults filled in, only required fields without a default are left to type.
            FormState state = panel.form()->formState();
            state.applyDefaults();
            for (const ValidationIssue &issue : state.missing()) {
                const FormValue *node = state.node(issue.path);
                QVERIFY2(node && node->field()->required && !node->field()->hasDefault, qPrintable(issue.text()));
            }
        }
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

    void resources()
    {
        ResourcesView view(m_connection.get());
        view.resize(900, 700);
        view.show();
        view.refresh();
        // Pages of three: Load more fetches the rest.
        QTRY_COMPARE_WITH_TIMEOUT(view.resourceList()->count(), 3, 10000);
        auto *more = view.findChild<QPushButton *>(QStringLiteral("loadMore"));
        while (more->isEnabled()) {
            const int before = view.resourceList()->count();
            more->click();
            QTRY_VERIFY_WITH_TIMEOUT(view.resourceList()->count() > before, 10000);
        }
        QVERIFY(view.resourceList()->count() >= 6);
        QTRY_VERIFY_WITH_TIMEOUT(view.templateList()->count() >= 2, 10000);

        // Read a text resource.
        QSignalSpy read(&view, &ResourcesView::readFinished);
        view.openUri(QStringLiteral("demo://docs/notes.txt"));
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 1, 10000);
        QCOMPARE(read.at(0).at(0).toBool(), false);
        bool found = false;
        for (QPlainTextEdit *text : view.resultView()->findChildren<QPlainTextEdit *>(QStringLiteral("textView")))
            found = found || !text->toPlainText().isEmpty();
        QVERIFY(found);

        // A template with completion.
        QAbstractItemModel *templates = view.templateList()->model();
        for (int i = 0; i < templates->rowCount(); ++i)
            if (templates->index(i, 0).data().toString().contains(QLatin1String("demo://items/{id}")))
                view.templateList()->setCurrentIndex(templates->index(i, 0));
        QLineEdit *id = view.variableEdit(QStringLiteral("id"));
        QVERIFY(id);
        id->setFocus();
        QTest::keyClicks(id, QStringLiteral("ap"));
        auto *completer = id->findChild<DebouncedCompleter *>();
        QVERIFY(completer);
        QTRY_VERIFY_WITH_TIMEOUT(completer->values().contains(QStringLiteral("apple")), 10000);
        QVERIFY(completer->values().contains(QStringLiteral("apricot")));
        QVERIFY(!completer->values().contains(QStringLiteral("banana")));
        QTest::keyClicks(id, QStringLiteral("ple"));
        QCOMPARE(view.expandedUri(), QStringLiteral("demo://items/apple"));
        view.read();
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 2, 10000);
        QCOMPARE(read.at(1).at(0).toBool(), false);
        QCOMPARE(view.currentUri(), QStringLiteral("demo://items/apple"));

        // Subscribe to the clock and see it update live.
        view.openUri(QStringLiteral("demo://clock"));
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 3, 10000);
        auto *subscribe = view.findChild<QPushButton *>(QStringLiteral("subscribe"));
        QVERIFY(subscribe->isEnabled());
        subscribe->click();
        QTRY_VERIFY_WITH_TIMEOUT(view.isSubscribed(QStringLiteral("demo://clock")), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(view.updateCount() >= 1 && read.size() >= 4, 10000);
        QCOMPARE(subscribe->text(), QStringLiteral("Unsubscribe"));
        subscribe->click();
        QTRY_VERIFY_WITH_TIMEOUT(!view.isSubscribed(QStringLiteral("demo://clock")), 10000);
        QTRY_VERIFY(!sent(QStringLiteral("resources/unsubscribe")).isEmpty());
    }

    void prompts()
    {
        PromptsView view(m_connection.get());
        view.resize(900, 700);
        view.show();
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(view.selectByName(QStringLiteral("greeting")), 10000);
        QLineEdit *name = view.argumentEdit(QStringLiteral("name"));
        QLineEdit *style = view.argumentEdit(QStringLiteral("style"));
        QVERIFY(name && style);
        QTest::keyClicks(name, QStringLiteral("Ada"));
        style->setFocus();
        QTest::keyClicks(style, QStringLiteral("p"));
        auto *completer = style->findChild<DebouncedCompleter *>();
        QTRY_VERIFY_WITH_TIMEOUT(completer->values() == QStringList{QStringLiteral("pirate")}, 10000);
        QTest::keyClicks(style, QStringLiteral("irate"));
        QSignalSpy got(&view, &PromptsView::getFinished);
        view.findChild<QPushButton *>(QStringLiteral("getPrompt"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(got.size(), 1, 10000);
        QCOMPARE(got.at(0).at(0).toBool(), false);
        QJsonObject params = sent(QStringLiteral("prompts/get")).last().value(QLatin1String("params")).toObject();
        params.remove(QStringLiteral("_meta")); // the progress token
        QCOMPARE(JsonText::compact(params), QStringLiteral(R"({"arguments":{"name":"Ada","style":"pirate"},"name":"greeting"})"));
        QVERIFY(!view.resultView()->findChildren<QLabel *>(QStringLiteral("role")).isEmpty());
    }

    // A prompt's required arguments are checked before sending, as a tool's are (Get again sends
    // anyway); the server's error is then said once, in the result's banner, not also in the
    // status line and in a tree below it.
    void promptsCheckedAndErrorSaidOnce()
    {
        PromptsView view(m_connection.get());
        view.resize(900, 700);
        view.show();
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(view.selectByName(QStringLiteral("greeting")), 10000);
        view.argumentEdit(QStringLiteral("name"))->clear();
        view.argumentEdit(QStringLiteral("style"))->clear();
        const qsizetype before = sent(QStringLiteral("prompts/get")).size();
        QSignalSpy got(&view, &PromptsView::getFinished);
        view.get();
        QTest::qWait(300);
        QCOMPARE(sent(QStringLiteral("prompts/get")).size(), before);
        QVERIFY2(view.statusText().contains(QLatin1String("Name")), qPrintable(view.statusText()));
        view.get();
        QTRY_COMPARE_WITH_TIMEOUT(got.size(), 1, 10000);
        QCOMPARE(got.at(0).at(0).toBool(), true);
        QCOMPARE(sent(QStringLiteral("prompts/get")).size(), before + 1);
        QTest::qWait(50);
        const QString said = QStringLiteral("Missing required argument");
        QStringList where;
        for (QLabel *label : view.findChildren<QLabel *>()) {
            if (label->isVisibleTo(&view) && label->text().contains(said))
                where.append(label->objectName() + QStringLiteral(": ") + label->text());
        }
        for (QTreeWidget *tree : view.findChildren<QTreeWidget *>()) {
            if (!tree->isVisibleTo(&view))
                continue;
            for (QTreeWidgetItemIterator it(tree); *it; ++it) {
                if ((*it)->text(0).contains(said) || (*it)->text(1).contains(said))
                    where.append(QStringLiteral("tree: ") + (*it)->text(1));
            }
        }
        QVERIFY2(where.size() == 1, qPrintable(where.join(u'\n')));
    }

    // The Templates tab counts templates; the Resources tab resources (one label, two lists).
    void templatesTabCountsTemplates()
    {
        ResourcesView view(m_connection.get());
        view.resize(900, 600);
        view.show();
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(view.templateList()->count() > 0 && view.resourceList()->count() > 0, 10000);
        auto *tabs = view.findChild<QTabWidget *>();
        auto *message = view.findChild<QLabel *>(QStringLiteral("listMessage"));
        QVERIFY(tabs && message);
        QTRY_VERIFY2(message->text().startsWith(QStringLiteral("%1 resource").arg(view.resourceList()->count())), qPrintable(message->text()));
        tabs->setCurrentWidget(view.templateList());
        QVERIFY2(message->text().startsWith(QStringLiteral("%1 template").arg(view.templateList()->count())), qPrintable(message->text()));
        QVERIFY(!message->text().contains(QLatin1String("resource")));
        tabs->setCurrentWidget(view.resourceList());
        QVERIFY2(message->text().startsWith(QStringLiteral("%1 resource").arg(view.resourceList()->count())), qPrintable(message->text()));
    }

    // One way to write a duration, while the call runs and once it is done: a call of over a
    // second is "1.3 s" in both places, not "1.3 s" and then "Done in 1312 ms".
    void durationsInOneFormat()
    {
        ToolPanel panel(m_connection.get());
        panel.show();
        panel.setTool(tool(QStringLiteral("long_task")));
        panel.findChild<QLineEdit *>(QStringLiteral("field:/steps"))->setText(QStringLiteral("3"));
        panel.findChild<QLineEdit *>(QStringLiteral("field:/delayMs"))->setText(QStringLiteral("450"));
        auto *elapsed = panel.findChild<QLabel *>(QStringLiteral("elapsed"));
        QSignalSpy finished(&panel, &ToolPanel::callFinished);
        panel.runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(elapsed->text().endsWith(QLatin1String(" s")), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        const QRegularExpression seconds(QStringLiteral("^\\d+\\.\\d s$"));
        QVERIFY2(seconds.match(elapsed->text()).hasMatch(), qPrintable(elapsed->text()));
        QVERIFY2(panel.statusText() == QStringLiteral("Done in ") + elapsed->text(), qPrintable(panel.statusText()));
    }

    // Pictures of the panels for docs/screenshots (MCPSCOPE_SCREENSHOT_DIR=<dir> to write them).
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("MCPSCOPE_SCREENSHOT_DIR not set");
        {
            ToolPanel panel(m_connection.get());
            panel.resize(900, 1000);
            panel.show();
            panel.setTool(tool(QStringLiteral("rich_form")));
            panel.form()->clear();
            QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/name")), QStringLiteral("Grace Hopper"));
            panel.findChild<QCheckBox *>(QStringLiteral("include:/home"))->click();
            QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/home/city")), QStringLiteral("Arlington"));
            QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/age")), QStringLiteral("200"));
            QSignalSpy finished(&panel, &ToolPanel::callFinished);
            panel.runButton()->click(); // invalid: marks the fields
            QTest::qWait(400);
            QVERIFY(panel.grab().save(dir + QStringLiteral("/tools-form.png")));
            panel.setTool(tool(QStringLiteral("content_gallery")));
            panel.runButton()->click();
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
            QTest::qWait(100);
            QVERIFY(panel.grab().save(dir + QStringLiteral("/tools-result.png")));
            panel.setTool(tool(QStringLiteral("get_weather")));
            QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("field:/city")), QStringLiteral("Lagos"));
            panel.runButton()->click();
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);
            QTest::qWait(100);
            QVERIFY(panel.grab().save(dir + QStringLiteral("/tools-structured.png")));
        }
        {
            ResourcesView view(m_connection.get());
            view.resize(900, 600);
            view.show();
            view.refresh();
            QTRY_VERIFY_WITH_TIMEOUT(view.resourceList()->count() > 0, 10000);
            QSignalSpy read(&view, &ResourcesView::readFinished);
            view.openUri(QStringLiteral("demo://images/logo.png"));
            QTRY_COMPARE_WITH_TIMEOUT(read.size(), 1, 10000);
            QTest::qWait(100);
            QVERIFY(view.grab().save(dir + QStringLiteral("/resources.png")));
        }
        {
            PromptsView view(m_connection.get());
            view.resize(900, 600);
            view.show();
            view.refresh();
            QTRY_VERIFY_WITH_TIMEOUT(view.selectByName(QStringLiteral("code_review")), 10000);
            view.argumentEdit(QStringLiteral("code"))->setText(QStringLiteral("int main() { return 0; }"));
            view.argumentEdit(QStringLiteral("language"))->setText(QStringLiteral("c++"));
            QSignalSpy got(&view, &PromptsView::getFinished);
            view.get();
            QTRY_COMPARE_WITH_TIMEOUT(got.size(), 1, 10000);
            QTest::qWait(100);
            QVERIFY(view.grab().save(dir + QStringLiteral("/prompts.png")));
        }
    }
};

void tst_ToolPanel::listRowText()
{
    // A title: the name on the second line. No title: the description's first sentence rather
    // than the name twice. Badges follow either.
    QCOMPARE(ToolList::itemText(QJsonObject{{"name", "echo"}, {"title", "Echo"}, {"description", "Echoes. Really."}}),
             QStringLiteral("Echo\necho"));
    QCOMPARE(ToolList::itemText(QJsonObject{{"name", "echo"}, {"description", "Echoes the text. Twice."}}),
             QStringLiteral("echo\nEchoes the text."));
    QCOMPARE(ToolList::itemText(QJsonObject{{"name", "echo"}}), QStringLiteral("echo"));
    // A tool with an MCP App view is marked in the list.
    QCOMPARE(ToolList::itemText(QJsonObject{{"name", "dash"}, {"_meta", QJsonObject{{"ui", QJsonObject{{"resourceUri", "ui://dash/view"}}}}}}),
             QStringLiteral("dash\napp view"));
    QCOMPARE(ToolList::itemText(QJsonObject{{"name", "wipe"}, {"annotations", QJsonObject{{"destructiveHint", true}}}}),
             QStringLiteral("wipe\n⚠ destructive"));
}

void tst_ToolPanel::descriptionMarkdown()
{
    // Markdown is rendered; raw HTML is shown as text, except inside code spans where it is text anyway.
    QCOMPARE(markdownWithoutHtml(QStringLiteral("Use `a<b` and <img src=x> **now**")),
             QStringLiteral("Use `a<b` and &lt;img src=x> **now**"));
    QCOMPARE(markdownWithoutHtml(QStringLiteral("``x ` <y>`` <z>")), QStringLiteral("``x ` <y>`` &lt;z>"));
    QLabel label;
    setMarkdownText(&label, QStringLiteral("Reads `path` <b>bold</b>"));
    QCOMPARE(label.textFormat(), Qt::MarkdownText);
    QTextDocument document;
    document.setMarkdown(label.text());
    QCOMPARE(document.toPlainText(), QStringLiteral("Reads path <b>bold</b>"));
}

QTEST_MAIN(tst_ToolPanel)
#include "tst_toolpanel.moc"
