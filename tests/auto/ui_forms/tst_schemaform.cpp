#include "widgets/jsontext.h"
#include "forms/schemaform.h"
#include "forms/debouncedcompleter.h"
#include "forms/toolinputstore.h"
#include "resources/uritemplateexpander.h"
#include "widgets/iconfetcher.h"
#include "widgets/imagedecode.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <QToolButton>

#include "formtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

QJsonObject json(const char *text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(text), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad JSON in test at %d: %s", error.offset, qPrintable(error.errorString()));
    return document.object();
}

// The demo server's rich_form inputSchema (app/demoserver/demoserver.cpp), and a schema with
// variants, maps, tuples and recursion. Kept in files: moc trips over multi-line raw strings.
QJsonObject schemaFile(const char *name)
{
    QFile file(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/ui_forms/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", name);
    return QJsonDocument::fromJson(file.readAll()).object();
}

template<typename T>
T *field(QWidget *form, const QString &name)
{
    T *widget = form->findChild<T *>(name);
    if (!widget)
        qWarning("no %s named %s", T::staticMetaObject.className(), qPrintable(name));
    return widget;
}

void choose(QComboBox *combo, const QString &text)
{
    const int index = combo->findText(text);
    QVERIFY2(index >= 0, qPrintable(text));
    combo->setCurrentIndex(index);
}

void click(QAbstractButton *button)
{
    QVERIFY(button);
    QVERIFY(button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(5, button->height() / 2));
}

void type(QWidget *editor, const QString &text)
{
    QVERIFY(editor);
    editor->setFocus();
    // Replaces what the field holds (a required field starts at its default), as a person would.
    if (auto *line = qobject_cast<QLineEdit *>(editor))
        line->selectAll();
    QTest::keyClicks(editor, text);
}

QString compact(const QJsonValue &value)
{
    return JsonText::compact(value);
}

using FieldPtrList = QList<FormFieldPtr>;

// Fields shown as a JSON editor although their schema says what they are.
void collectRaw(const FormFieldPtr &root, QStringList &out)
{
    visitFields(root, [&](const FormFieldPtr &field) {
        if (rawThoughTyped(*field))
            out.append(field->schemaPath + QLatin1String(" (") + field->note + QLatin1Char(')'));
    });
}

} // namespace

class tst_SchemaForm : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyFormSendsNothingOptional();
    void fillNestedFormByWidgets();
    void jsonModeRoundTrip();
    void invalidJsonIsReported();
    void numbersAndValidationMessages();
    void variantsMapsTuplesRecursion();
    void sameTypedVariantKeepsChoiceWhileTyping();
    void overriddenValueKeptAsJson();
    void realServerSchemasBuild_data();
    void realServerSchemasBuild();
    void fiftyFieldsStayFast();
    void uriTemplates_data();
    void uriTemplates();
    void debouncedCompletion();
    void completionOnFocus();
    void inputsRemembered();
    void icons();
};

void tst_SchemaForm::emptyFormSendsNothingOptional()
{
    SchemaFormWidget form;
    form.setSchema(schemaFile("richform.schema.json"));
    form.show();
    // Nothing typed: no optional field appears, no 0, "" or false invented; the required fields
    // start at their schema defaults (they must be sent anyway).
    QCOMPARE(compact(form.value()), QStringLiteral(R"({"colour":"green","name":"Ada Lovelace"})"));
    auto *name = field<QLineEdit>(&form, QStringLiteral("field:/name"));
    QCOMPARE(name->text(), QStringLiteral("Ada Lovelace"));
    // Focus on a field that shows its default selects it, so typing replaces it.
    QApplication::setActiveWindow(&form);
    QVERIFY(QTest::qWaitForWindowActive(&form));
    name->setFocus(Qt::MouseFocusReason);
    QVERIFY(name->hasSelectedText());
    QTest::keyClicks(name, QStringLiteral("Grace"));
    QCOMPARE(name->text(), QStringLiteral("Grace"));
    name->setText(QStringLiteral("Ada Lovelace"));
    // An optional field's default is a placeholder, not a value.
    auto *age = field<QLineEdit>(&form, QStringLiteral("field:/age"));
    QVERIFY(age->text().isEmpty());
    QVERIFY2(age->placeholderText().contains(QLatin1String("36")), qPrintable(age->placeholderText()));
    // A required field emptied by the user is reported, by its label.
    name->selectAll();
    QTest::keyClick(name, Qt::Key_Backspace);
    const ValidationResult result = form.validateAndShow();
    QVERIFY(!result.valid);
    auto *nameMessage = field<QLabel>(&form, QStringLiteral("message:/name"));
    QVERIFY(nameMessage);
    QVERIFY(nameMessage->isVisible());
    QVERIFY2(nameMessage->text().contains(QLatin1String("required")), qPrintable(nameMessage->text()));
    // Fill defaults fills every field that has one.
    click(field<QToolButton>(&form, QStringLiteral("fillDefaults")));
    const QJsonObject value = form.value().toObject();
    QCOMPARE(value.value(QLatin1String("name")).toString(), QStringLiteral("Ada Lovelace"));
    QCOMPARE(value.value(QLatin1String("age")).toInt(), 36);
    QCOMPARE(field<QLineEdit>(&form, QStringLiteral("field:/name"))->text(), QStringLiteral("Ada Lovelace"));
    // Clear goes back to the start: required defaults in, the rest empty.
    click(field<QToolButton>(&form, QStringLiteral("clearForm")));
    QCOMPARE(compact(form.value()), QStringLiteral(R"({"colour":"green","name":"Ada Lovelace"})"));
}

void tst_SchemaForm::fillNestedFormByWidgets()
{
    SchemaFormWidget form;
    form.resize(700, 900);
    form.setSchema(schemaFile("richform.schema.json"));
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));

    type(field<QLineEdit>(&form, QStringLiteral("field:/name")), QStringLiteral("Grace Hopper"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/age")), QStringLiteral("85"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/ratio")), QStringLiteral("0.25"));
    choose(field<QComboBox>(&form, QStringLiteral("field:/colour")), QStringLiteral("blue"));
    choose(field<QComboBox>(&form, QStringLiteral("field:/size")), QStringLiteral("Medium"));
    click(field<QCheckBox>(&form, QStringLiteral("null:/nickname")));
    type(field<QLineEdit>(&form, QStringLiteral("field:/birthday")), QStringLiteral("1906-12-09"));
    auto *subscribe = field<QCheckBox>(&form, QStringLiteral("field:/subscribe"));
    QCOMPARE(subscribe->checkState(), Qt::PartiallyChecked); // optional boolean starts unset
    click(subscribe);
    QCOMPARE(subscribe->checkState(), Qt::Checked);

    // Optional nested object: include, then fill.
    QVERIFY(!form.findChild<QLineEdit *>(QStringLiteral("field:/home/city")));
    click(field<QCheckBox>(&form, QStringLiteral("include:/home")));
    type(field<QLineEdit>(&form, QStringLiteral("field:/home/city")), QStringLiteral("Arlington"));

    // Multi-select.
    auto *tags = field<QListWidget>(&form, QStringLiteral("field:/tags"));
    QVERIFY(tags);
    tags->item(1)->setCheckState(Qt::Checked); // beta
    tags->item(3)->setCheckState(Qt::Checked); // delta

    // Array of objects: include, add three, fill, remove the first, move.
    click(field<QCheckBox>(&form, QStringLiteral("include:/contacts")));
    for (int i = 0; i < 3; ++i) {
        click(field<QPushButton>(&form, QStringLiteral("add:/contacts")));
        QCoreApplication::processEvents(); // deleteLater of the rebuilt part
    }
    choose(field<QComboBox>(&form, QStringLiteral("field:/contacts/0/kind")), QStringLiteral("fax"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/contacts/0/value")), QStringLiteral("000"));
    choose(field<QComboBox>(&form, QStringLiteral("field:/contacts/1/kind")), QStringLiteral("phone"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/contacts/1/value")), QStringLiteral("555-0100"));
    choose(field<QComboBox>(&form, QStringLiteral("field:/contacts/2/kind")), QStringLiteral("email"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/contacts/2/value")), QStringLiteral("grace@example.com"));
    click(field<QToolButton>(&form, QStringLiteral("remove:/contacts/0")));
    QCoreApplication::processEvents();
    click(field<QToolButton>(&form, QStringLiteral("down:/contacts/0")));
    QCoreApplication::processEvents();
    QCOMPARE(field<QLineEdit>(&form, QStringLiteral("field:/contacts/1/value"))->text(), QStringLiteral("555-0100"));

    // Two levels of optional objects.
    click(field<QCheckBox>(&form, QStringLiteral("include:/settings")));
    choose(field<QComboBox>(&form, QStringLiteral("field:/settings/theme")), QStringLiteral("dark"));
    click(field<QCheckBox>(&form, QStringLiteral("include:/settings/notifications")));
    type(field<QLineEdit>(&form, QStringLiteral("field:/settings/notifications/frequency")), QStringLiteral("3"));

    const QString expected = QStringLiteral(
        R"({"age":85,"birthday":"1906-12-09","colour":"blue",)"
        R"("contacts":[{"kind":"email","value":"grace@example.com"},{"kind":"phone","value":"555-0100"}],)"
        R"("home":{"city":"Arlington"},"name":"Grace Hopper","nickname":null,"ratio":0.25,)"
        R"("settings":{"notifications":{"frequency":3},"theme":"dark"},"size":"m","subscribe":true,)"
        R"("tags":["beta","delta"]})");
    QCOMPARE(compact(form.value()), expected);
    const ValidationResult result = form.validateAndShow();
    QVERIFY2(result.valid, qPrintable(result.summary()));

    // Unticking an optional part leaves it out; ticking it again brings back what was typed.
    click(field<QCheckBox>(&form, QStringLiteral("include:/home")));
    QVERIFY(!form.value().toObject().contains(QLatin1String("home")));
    click(field<QCheckBox>(&form, QStringLiteral("include:/home")));
    QCOMPARE(compact(form.value().toObject().value(QLatin1String("home"))), QStringLiteral(R"({"city":"Arlington"})"));

    // Clearing a text field unsets it (not "").
    field<QLineEdit>(&form, QStringLiteral("field:/birthday"))->clear();
    QVERIFY(!form.value().toObject().contains(QLatin1String("birthday")));

    // maxItems 5: the add button is disabled at the limit.
    for (int i = 0; i < 3; ++i) {
        click(field<QPushButton>(&form, QStringLiteral("add:/contacts")));
        QCoreApplication::processEvents();
    }
    QVERIFY(!field<QPushButton>(&form, QStringLiteral("add:/contacts"))->isEnabled());

    if (qEnvironmentVariableIsSet("MCPSCOPE_SCREENSHOT_DIR")) {
        QCoreApplication::processEvents();
        form.grab().save(qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR") + QStringLiteral("/schemaform.png"));
    }
}

void tst_SchemaForm::jsonModeRoundTrip()
{
    SchemaFormWidget form;
    form.setSchema(schemaFile("richform.schema.json"));
    form.show();
    type(field<QLineEdit>(&form, QStringLiteral("field:/name")), QStringLiteral("Grace"));
    choose(field<QComboBox>(&form, QStringLiteral("field:/colour")), QStringLiteral("red"));

    click(field<QToolButton>(&form, QStringLiteral("editAsJson")));
    QVERIFY(form.isJsonMode());
    auto *editor = field<QPlainTextEdit>(&form, QStringLiteral("jsonEditor"));
    QCOMPARE(compact(*JsonText::parse(editor->toPlainText())), QStringLiteral(R"({"colour":"red","name":"Grace"})"));

    // Edit the text: includes a key the schema does not know, and a nested object.
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral(R"({"name": "Grace", "colour": "green", "home": {"city": "NYC", "street": "5th"}, "extra": [1, 2]})"));
    QVERIFY(form.jsonError().isEmpty());
    QCOMPARE(compact(form.value()),
             QStringLiteral(R"({"colour":"green","extra":[1,2],"home":{"city":"NYC","street":"5th"},"name":"Grace"})"));

    click(field<QToolButton>(&form, QStringLiteral("editAsJson")));
    QVERIFY(!form.isJsonMode());
    QCOMPARE(field<QLineEdit>(&form, QStringLiteral("field:/home/street"))->text(), QStringLiteral("5th"));
    QCOMPARE(field<QComboBox>(&form, QStringLiteral("field:/colour"))->currentText(), QStringLiteral("green"));
    QVERIFY(field<QCheckBox>(&form, QStringLiteral("include:/home"))->isChecked());
    // Nothing lost, including the unknown key (kept as JSON).
    QCOMPARE(compact(form.value()),
             QStringLiteral(R"({"colour":"green","extra":[1,2],"home":{"city":"NYC","street":"5th"},"name":"Grace"})"));
    auto *extra = field<QPlainTextEdit>(&form, QStringLiteral("field:/extra"));
    QVERIFY(extra);

    // And back again: the text shows the form's value.
    QVERIFY(form.setJsonMode(true));
    QCOMPARE(compact(*JsonText::parse(editor->toPlainText())), compact(form.value()));
}

void tst_SchemaForm::invalidJsonIsReported()
{
    SchemaFormWidget form;
    form.setSchema(schemaFile("richform.schema.json"));
    form.show();
    type(field<QLineEdit>(&form, QStringLiteral("field:/name")), QStringLiteral("Kept"));
    QVERIFY(form.setJsonMode(true));
    auto *editor = field<QPlainTextEdit>(&form, QStringLiteral("jsonEditor"));
    editor->setPlainText(QStringLiteral("{\n  \"name\": \"Lost\",\n  oops\n}"));
    QVERIFY(!form.jsonError().isEmpty());
    QVERIFY2(form.jsonError().contains(QLatin1String("line 3")), qPrintable(form.jsonError()));
    auto *error = field<QLabel>(&form, QStringLiteral("jsonError"));
    QVERIFY(error->isVisible());
    // Back to the form refuses, and the form keeps its last valid value.
    QVERIFY(!form.setJsonMode(false));
    QVERIFY(form.isJsonMode());
    QCOMPARE(compact(form.value()), QStringLiteral(R"({"colour":"green","name":"Kept"})"));
    QVERIFY(!form.validateAndShow().valid);
    // Fixing the text is taken at once.
    editor->setPlainText(QStringLiteral(R"({"name": "Fixed", "colour": "red"})"));
    QVERIFY(form.jsonError().isEmpty());
    QVERIFY(!error->isVisible());
    QVERIFY(form.setJsonMode(false));
    QCOMPARE(field<QLineEdit>(&form, QStringLiteral("field:/name"))->text(), QStringLiteral("Fixed"));
}

void tst_SchemaForm::numbersAndValidationMessages()
{
    SchemaFormWidget form;
    form.setSchema(schemaFile("richform.schema.json"));
    form.show();
    auto *age = field<QLineEdit>(&form, QStringLiteral("field:/age"));
    type(age, QStringLiteral("abc"));
    auto *message = field<QLabel>(&form, QStringLiteral("message:/age"));
    QTRY_VERIFY(message->isVisible());
    QVERIFY2(message->text().contains(QLatin1String("number")), qPrintable(message->text()));
    QVERIFY(!form.validateAndShow().valid);
    // Out of range: the validator's message lands next to the field.
    age->clear();
    QVERIFY(!form.value().toObject().contains(QLatin1String("age")));
    type(age, QStringLiteral("200"));
    QCOMPARE(form.value().toObject().value(QLatin1String("age")).toInt(), 200);
    QTRY_VERIFY(message->isVisible() && message->text().contains(QLatin1String("150")));
    age->clear();
    type(age, QStringLiteral("0"));
    QCOMPARE(compact(form.value().toObject().value(QLatin1String("age"))), QStringLiteral("0")); // 0 is a value, not unset
    // Exclusive bounds.
    auto *ratio = field<QLineEdit>(&form, QStringLiteral("field:/ratio"));
    type(ratio, QStringLiteral("1"));
    auto *ratioMessage = field<QLabel>(&form, QStringLiteral("message:/ratio"));
    QTRY_VERIFY(ratioMessage->isVisible());
    // Date format checked as typed.
    type(field<QLineEdit>(&form, QStringLiteral("field:/birthday")), QStringLiteral("9 Dec 1906"));
    auto *birthday = field<QLabel>(&form, QStringLiteral("message:/birthday"));
    QTRY_VERIFY(birthday->isVisible());
    QVERIFY(birthday->text().contains(QLatin1String("date")));
    // Said once: the validator and the form's own date check do not both say it, in two wordings.
    QVERIFY2(!birthday->text().contains(u'\n'), qPrintable(birthday->text()));
    const ValidationResult checked = form.validateAndShow();
    QVERIFY2(form.describe(checked).count(QLatin1String("Birthday")) + form.describe(checked).count(QLatin1String("birthday")) == 1,
             qPrintable(form.describe(checked)));
    QVERIFY2(!birthday->text().contains(u'\n'), qPrintable(birthday->text()));
    // Pattern of a nested field.
    click(field<QCheckBox>(&form, QStringLiteral("include:/home")));
    type(field<QLineEdit>(&form, QStringLiteral("field:/home/postcode")), QStringLiteral("!!"));
    auto *postcode = field<QLabel>(&form, QStringLiteral("message:/home/postcode"));
    QTRY_VERIFY(postcode->isVisible());
    // Required city of an included object shows only once the user asked to validate everything.
    SchemaFormWidget fresh;
    fresh.setSchema(schemaFile("richform.schema.json"));
    fresh.show();
    click(field<QCheckBox>(&fresh, QStringLiteral("include:/home")));
    type(field<QLineEdit>(&fresh, QStringLiteral("field:/home/street")), QStringLiteral("Main St"));
    QTest::qWait(400);
    QVERIFY2(!field<QLabel>(&fresh, QStringLiteral("message:/home/city"))->isVisible(),
             qPrintable(field<QLabel>(&fresh, QStringLiteral("message:/home/city"))->text()));
    fresh.validateAndShow();
    QVERIFY(field<QLabel>(&fresh, QStringLiteral("message:/home/city"))->isVisible());
}

void tst_SchemaForm::variantsMapsTuplesRecursion()
{
    SchemaFormWidget form;
    form.resize(700, 900);
    form.setSchema(schemaFile("shapes.schema.json"));
    form.show();

    // Variant: pick the second alternative and fill it.
    choose(field<QComboBox>(&form, QStringLiteral("variant:/shape")), QStringLiteral("Square"));
    auto *variant = field<QComboBox>(&form, QStringLiteral("variant:/shape"));
    Q_EMIT variant->activated(1);
    QCoreApplication::processEvents();
    type(field<QLineEdit>(&form, QStringLiteral("field:/shape/side")), QStringLiteral("4"));

    // Map: add two entries, rename one.
    click(field<QCheckBox>(&form, QStringLiteral("include:/labels")));
    for (const QString &key : {QStringLiteral("en"), QStringLiteral("de")}) {
        auto *newKey = field<QLineEdit>(&form, QStringLiteral("newkey:/labels"));
        type(newKey, key);
        click(field<QPushButton>(&form, QStringLiteral("add:/labels")));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
    }
    type(field<QLineEdit>(&form, QStringLiteral("field:/labels/en")), QStringLiteral("Hello"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/labels/de")), QStringLiteral("Hallo"));
    auto *key = field<QLineEdit>(&form, QStringLiteral("entrykey:/labels/de"));
    key->selectAll();
    type(key, QStringLiteral("fr"));
    QTest::keyClick(key, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();

    // Tuple: positions.
    click(field<QCheckBox>(&form, QStringLiteral("include:/point")));
    type(field<QLineEdit>(&form, QStringLiteral("field:/point/0")), QStringLiteral("1.5"));
    type(field<QLineEdit>(&form, QStringLiteral("field:/point/1")), QStringLiteral("-2"));
    QVERIFY(!form.findChild<QPushButton *>(QStringLiteral("add:/point"))); // items: false

    // Recursive: tree -> children -> item, whose own children are deferred until expanded.
    click(field<QCheckBox>(&form, QStringLiteral("include:/tree")));
    type(field<QLineEdit>(&form, QStringLiteral("field:/tree/label")), QStringLiteral("root"));
    click(field<QCheckBox>(&form, QStringLiteral("include:/tree/children")));
    click(field<QPushButton>(&form, QStringLiteral("add:/tree/children")));
    QCoreApplication::processEvents();
    if (auto *expand = form.findChild<QPushButton *>(QStringLiteral("expand:/tree/children/0"))) {
        click(expand);
        QCoreApplication::processEvents();
    }
    type(field<QLineEdit>(&form, QStringLiteral("field:/tree/children/0/label")), QStringLiteral("leaf"));

    // Raw part: a JSON editor with inline errors.
    auto *anything = field<QPlainTextEdit>(&form, QStringLiteral("field:/anything"));
    type(anything, QStringLiteral("[1, {"));
    auto *rawMessage = field<QLabel>(&form, QStringLiteral("message:/anything"));
    QVERIFY(rawMessage->isVisible());
    QVERIFY(rawMessage->text().contains(QLatin1String("JSON")));
    type(anything, QStringLiteral("\"a\": true}]"));
    QVERIFY(!rawMessage->isVisible());

    QCOMPARE(compact(form.value()),
             QStringLiteral(R"({"anything":[1,{"a":true}],"labels":{"en":"Hello","fr":"Hallo"},"point":[1.5,-2],)"
                            R"("shape":{"side":4},"tree":{"children":[{"label":"leaf"}],"label":"root"}})"));
}

void tst_SchemaForm::sameTypedVariantKeepsChoiceWhileTyping()
{
    // Both alternatives are strings, so every text fits both: the one the user picked must stay.
    SchemaFormWidget form;
    form.resize(700, 400);
    form.setSchema(QJsonDocument::fromJson(R"({"type":"object","properties":{"contact":{"oneOf":[{"title":"Email","type":"string","format":"email"},{"title":"Web page","type":"string","format":"uri"}]}}})").object());
    form.show();
    click(field<QCheckBox>(&form, QStringLiteral("include:/contact")));
    QCoreApplication::processEvents();
    auto *variant = field<QComboBox>(&form, QStringLiteral("variant:/contact"));
    QVERIFY(variant);
    choose(variant, QStringLiteral("Web page"));
    Q_EMIT variant->activated(1);
    QCoreApplication::processEvents();
    auto *edit = field<QLineEdit>(&form, QStringLiteral("field:/contact"));
    type(edit, QStringLiteral("https://example.org/a@b"));
    QCoreApplication::processEvents();
    QCOMPARE(field<QComboBox>(&form, QStringLiteral("variant:/contact"))->currentIndex(), 1);
    QCOMPARE(field<QLineEdit>(&form, QStringLiteral("field:/contact")), edit); // not rebuilt under the user's hands
    QCOMPARE(compact(form.value()), QStringLiteral("{\"contact\":\"https://example.org/a@b\"}"));
    edit->clear();
    QCOMPARE(compact(form.value()), QStringLiteral("{}"));
    QCOMPARE(form.formState().node(QStringLiteral("/contact"))->variantIndex(), 1);
    // Through "Edit as JSON" and back, the choice survives too.
    QVERIFY(form.setJsonMode(true));
    QVERIFY(form.setJsonMode(false));
    QCOMPARE(form.formState().node(QStringLiteral("/contact"))->variantIndex(), 1);
}

void tst_SchemaForm::overriddenValueKeptAsJson()
{
    SchemaFormWidget form;
    form.setSchema(schemaFile("richform.schema.json"));
    form.show();
    // A value the form cannot express (age as a string) is kept as JSON, not dropped.
    form.setValue(json(R"({"name": "X", "colour": "red", "age": "old"})"));
    auto *age = field<QPlainTextEdit>(&form, QStringLiteral("field:/age"));
    QVERIFY(age);
    QCOMPARE(compact(form.value()), QStringLiteral(R"({"age":"old","colour":"red","name":"X"})"));
    click(field<QPushButton>(&form, QStringLiteral("reset:/age")));
    QCoreApplication::processEvents();
    QVERIFY(field<QLineEdit>(&form, QStringLiteral("field:/age")));
    QCOMPARE(compact(form.value()), QStringLiteral(R"({"colour":"red","name":"X"})"));
}

void tst_SchemaForm::realServerSchemasBuild_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("server-everything") << QStringLiteral("server-everything");
    QTest::newRow("server-filesystem") << QStringLiteral("server-filesystem");
    QTest::newRow("server-memory") << QStringLiteral("server-memory");
}

void tst_SchemaForm::realServerSchemasBuild()
{
    QFETCH(QString, file);
    QFile data(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/schema/data/") + file + QStringLiteral(".tools.json"));
    QVERIFY(data.open(QIODevice::ReadOnly));
    const QJsonArray tools = QJsonDocument::fromJson(data.readAll()).object().value(QLatin1String("tools")).toArray();
    QVERIFY(!tools.isEmpty());
    SchemaFormWidget form;
    form.show();
    QElapsedTimer timer;
    qint64 worst = 0;
    for (const QJsonValue &tool : tools) {
        timer.start();
        form.setSchema(tool.toObject().value(QLatin1String("inputSchema")));
        QCoreApplication::processEvents();
        worst = qMax(worst, timer.elapsed());
        // Every top-level property has an editor or a section.
        const QJsonObject properties = tool.toObject().value(QLatin1String("inputSchema")).toObject()
                                           .value(QLatin1String("properties")).toObject();
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const QString path = QLatin1Char('/') + it.key();
            const bool found = form.findChild<QWidget *>(QLatin1String("field:") + path)
                || form.findChild<QWidget *>(QLatin1String("include:") + path)
                || form.findChild<QWidget *>(QLatin1String("message:") + path);
            QVERIFY2(found, qPrintable(tool.toObject().value(QLatin1String("name")).toString() + path));
        }
        // Empty form: nothing optional sent.
        QVERIFY(form.value().isObject());
        // Every part has a real editor: JSON text only where the schema allows any value.
        QStringList raw;
        collectRaw(form.formState().rootField(), raw);
        QVERIFY2(raw.isEmpty(), qPrintable(tool.toObject().value(QLatin1String("name")).toString() + QLatin1String(": ") + raw.join(QLatin1String(", "))));
    }
    qInfo("%s: %lld tools, slowest form built in %lld ms", qPrintable(file), qlonglong(tools.size()), qlonglong(worst));
    QVERIFY(worst < 1000);
}

void tst_SchemaForm::fiftyFieldsStayFast()
{
    QJsonObject properties;
    QJsonArray required;
    for (int i = 0; i < 50; ++i) {
        const QString name = QStringLiteral("field%1").arg(i, 2, 10, QLatin1Char('0'));
        switch (i % 5) {
        case 0: properties.insert(name, json(R"({"type": "string", "description": "A string field"})")); break;
        case 1: properties.insert(name, json(R"({"type": "integer", "minimum": 0})")); break;
        case 2: properties.insert(name, json(R"({"type": "boolean"})")); break;
        case 3: properties.insert(name, json(R"({"type": "string", "enum": ["a", "b", "c"]})")); break;
        default: properties.insert(name, json(R"({"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "array", "items": {"type": "string"}}}})")); break;
        }
        if (i % 3 == 0)
            required.append(name);
    }
    SchemaFormWidget form;
    form.resize(700, 900);
    form.show();
    QElapsedTimer timer;
    timer.start();
    form.setSchema(QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                               {QStringLiteral("properties"), properties},
                               {QStringLiteral("required"), required}});
    QCoreApplication::processEvents();
    const qint64 build = timer.elapsed();
    timer.start();
    auto *edit = field<QLineEdit>(&form, QStringLiteral("field:/field45"));
    type(edit, QStringLiteral("typing fifty characters into one field of the form"));
    const qint64 typing = timer.elapsed();
    QTest::qWait(300); // the debounced validation
    timer.start();
    form.validateAndShow();
    const qint64 validate = timer.elapsed();
    qInfo("50 fields: build %lld ms, 50 keystrokes %lld ms, validate %lld ms", qlonglong(build), qlonglong(typing),
          qlonglong(validate));
    QVERIFY(build < 2000);
    QVERIFY(typing < 2000);
    QCOMPARE(form.value().toObject().value(QLatin1String("field45")).toString(),
             QStringLiteral("typing fifty characters into one field of the form"));
}

void tst_SchemaForm::uriTemplates_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("expected");
    QTest::newRow("simple") << QStringLiteral("demo://items/{id}") << QStringLiteral("demo://items/a%20b%2Fc");
    QTest::newRow("two") << QStringLiteral("demo://files/{folder}/{name}") << QStringLiteral("demo://files/docs/guide.md");
    QTest::newRow("reserved") << QStringLiteral("file:///{+path}") << QStringLiteral("file:///src/main.cpp");
    QTest::newRow("fragment") << QStringLiteral("x{#frag}") << QStringLiteral("x#a/b");
    QTest::newRow("query, undefined left out") << QStringLiteral("/search{?q,missing,lang}") << QStringLiteral("/search?q=hello%20world&lang=en");
    QTest::newRow("continuation") << QStringLiteral("/s?x=1{&lang}") << QStringLiteral("/s?x=1&lang=en");
    QTest::newRow("path segments") << QStringLiteral("{/folder,name}") << QStringLiteral("/docs/guide.md");
    QTest::newRow("label") << QStringLiteral("file{.ext}") << QStringLiteral("file.md");
    QTest::newRow("matrix, empty") << QStringLiteral("m{;empty,lang}") << QStringLiteral("m;empty;lang=en");
    QTest::newRow("prefix") << QStringLiteral("{lang:1}/{folder:2}") << QStringLiteral("e/do");
}

void tst_SchemaForm::uriTemplates()
{
    QFETCH(QString, pattern);
    QFETCH(QString, expected);
    const QMap<QString, QString> values{{QStringLiteral("id"), QStringLiteral("a b/c")},
                                        {QStringLiteral("folder"), QStringLiteral("docs")},
                                        {QStringLiteral("name"), QStringLiteral("guide.md")},
                                        {QStringLiteral("path"), QStringLiteral("src/main.cpp")},
                                        {QStringLiteral("frag"), QStringLiteral("a/b")},
                                        {QStringLiteral("q"), QStringLiteral("hello world")},
                                        {QStringLiteral("lang"), QStringLiteral("en")},
                                        {QStringLiteral("ext"), QStringLiteral("md")},
                                        {QStringLiteral("empty"), QString()}};
    QCOMPARE(UriTemplateExpander::expand(pattern, values), expected);
    QVERIFY(!UriTemplateExpander::variableNames(pattern).isEmpty());
    QCOMPARE(UriTemplateExpander::variableNames(QStringLiteral("demo://files/{folder}/{name}{?q,folder}")),
             (QStringList{QStringLiteral("folder"), QStringLiteral("name"), QStringLiteral("q")}));
}

void tst_SchemaForm::debouncedCompletion()
{
    QLineEdit edit;
    edit.show();
    QStringList asked;
    std::function<void(const QStringList &)> pendingReply;
    DebouncedCompleter completer(&edit, [&](const QString &text, std::function<void(const QStringList &)> reply) {
        asked.append(text);
        pendingReply = reply;
    }, 100);
    type(&edit, QStringLiteral("app"));
    QCOMPARE(asked.size(), 0); // nothing while typing
    QTRY_COMPARE(asked.size(), 1);
    QCOMPARE(asked.first(), QStringLiteral("app"));
    auto staleReply = pendingReply;
    type(&edit, QStringLiteral("l"));
    QTRY_COMPARE(asked.size(), 2);
    pendingReply({QStringLiteral("apple")});
    staleReply({QStringLiteral("apricot")}); // an answer to older text is dropped
    QCOMPARE(completer.values(), QStringList{QStringLiteral("apple")});
}

void tst_SchemaForm::completionOnFocus()
{
    // An empty argument offers the server's suggestions as soon as it has focus, before any key.
    QWidget window;
    auto *other = new QLineEdit(&window);
    auto *edit = new QLineEdit(&window);
    edit->move(0, 40);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    other->setFocus();
    QStringList asked;
    DebouncedCompleter completer(edit, [&](const QString &text, std::function<void(const QStringList &)> reply) {
        asked.append(text);
        reply({QStringLiteral("alpha"), QStringLiteral("beta")});
    }, 5000); // far longer than the test waits: only the focus can have asked
    edit->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(asked, QStringList{QString()});
    QCOMPARE(completer.values(), (QStringList{QStringLiteral("alpha"), QStringLiteral("beta")}));
    // A field that already holds text is not asked again on focus.
    edit->setText(QStringLiteral("al"));
    other->setFocus();
    edit->setFocus(Qt::TabFocusReason);
    QTest::qWait(50);
    QCOMPARE(asked.size(), 1);
}

void tst_SchemaForm::inputsRemembered()
{
    QCoreApplication::setOrganizationName(QStringLiteral("mcpscope-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_schemaform"));
    const QJsonObject value = json(R"({"name": "x/y", "n": 1})");
    ToolInputStore::save(QStringLiteral("server/one"), QStringLiteral("tool"), QStringLiteral("a/b"), value);
    QCOMPARE(ToolInputStore::load(QStringLiteral("server/one"), QStringLiteral("tool"), QStringLiteral("a/b")), QJsonValue(value));
    QVERIFY(ToolInputStore::load(QStringLiteral("server/two"), QStringLiteral("tool"), QStringLiteral("a/b")).isUndefined());
    ToolInputStore::remove(QStringLiteral("server/one"), QStringLiteral("tool"), QStringLiteral("a/b"));
    QVERIFY(ToolInputStore::load(QStringLiteral("server/one"), QStringLiteral("tool"), QStringLiteral("a/b")).isUndefined());
}

void tst_SchemaForm::icons()
{
    // data: icons are drawn at once; https icons are IconFetcher's (tests/auto/ui_icons), so
    // fetching is switched off here: no test reaches example.com.
    IconFetcher *fetcher = IconFetcher::instance();
    fetcher->setEnabled(false);
    const QByteArray svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\"><rect width=\"48\" height=\"48\" fill=\"red\"/></svg>";
    const QJsonArray dataIcon{QJsonObject{{QStringLiteral("src"), QString(QStringLiteral("data:image/svg+xml;base64,") + QString::fromLatin1(svg.toBase64()))}}};
    QVERIFY(!fetcher->lookup(dataIcon).icon.isNull());
    IconFetcher::Lookup found;
    QString note;
    const QJsonArray webIcon{QJsonObject{{QStringLiteral("src"), QStringLiteral("https://example.com/icon.png")}}};
    found = fetcher->lookup(webIcon);
    note = found.note;
    QVERIFY(found.icon.isNull());
    QVERIFY2(note.contains(QLatin1String("https://example.com/icon.png")) && note.contains(QLatin1String("turned off")), qPrintable(note));
    QCOMPARE(fetcher->state(QUrl(QStringLiteral("https://example.com/icon.png"))), IconFetcher::State::Unknown);
    const QJsonArray fileIcon{QJsonObject{{QStringLiteral("src"), QStringLiteral("file:///etc/icon.png")}}};
    found = fetcher->lookup(fileIcon);
    note = found.note;
    QVERIFY(found.icon.isNull());
    QVERIFY2(note.contains(QLatin1String("only https and data:")), qPrintable(note));
    // Over the size cap: refused, and the note says so.
    fetcher->setMaxBytes(16);
    found = fetcher->lookup(dataIcon);
    note = found.note;
    QVERIFY(found.icon.isNull());
    QVERIFY2(note.startsWith(QLatin1String("Icon not loaded: larger than")), qPrintable(note));
    fetcher->setMaxBytes(IconFetcher::DefaultMaxBytes);
    QVERIFY(!fetcher->lookup(dataIcon).icon.isNull());
}

QTEST_MAIN(tst_SchemaForm)
#include "tst_schemaform.moc"
