#include "jsonrpc/json.h"
#include "protocol/listdiff.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include "testjson.h"

using namespace Mcp;

namespace {

QJsonArray array(const char *json)
{
    return Test::testJson<QJsonArray>(json);
}

QStringList path(const char *dotted)
{
    return QString::fromLatin1(dotted).split(u'.');
}

// One line per field change ("~ inputSchema.properties.count.type"), for readable comparisons.
QStringList summary(const ItemChange *item)
{
    QStringList lines;
    if (!item)
        return lines;
    for (const FieldChange &field : item->fields) {
        const char sign = field.kind == FieldChange::Kind::Added ? '+' : field.kind == FieldChange::Kind::Removed ? '-' : '~';
        lines.append(QString(QLatin1Char(sign)) + u' ' + field.path.join(u'.'));
    }
    return lines;
}

} // namespace

class tst_ListDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameListsHaveNoDifference();
    void addedAndRemovedTools();
    void schemaPropertiesByName();
    void setsIgnoreOrder();
    void promptArgumentsByName();
    void resourcesAndTemplatesByIdentity();
    void itemsWithoutIdentityAreIgnored();
};

void tst_ListDiff::sameListsHaveNoDifference()
{
    const QJsonArray tools = array(R"([{"name":"a","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{}}])");
    QVERIFY(diffTools(tools, tools).isEmpty());
    // Order of tools and of members is no change either.
    const QJsonArray reordered = array(R"([{"inputSchema":{},"name":"b"},{"name":"a","inputSchema":{"type":"object"}}])");
    QVERIFY(diffTools(tools, reordered).isEmpty());
}

void tst_ListDiff::addedAndRemovedTools()
{
    const ListDiff diff = diffTools(array(R"([{"name":"echo"},{"name":"add"},{"name":"slow"}])"),
                                    array(R"([{"name":"add"},{"name":"fresh"},{"name":"echo"}])"));
    QCOMPARE(diff.items.size(), 2);
    QCOMPARE(diff.items.at(0).kind, ItemChange::Kind::Removed);
    QCOMPARE(diff.items.at(0).key, QStringLiteral("slow"));
    QCOMPARE(diff.items.at(1).kind, ItemChange::Kind::Added);
    QCOMPARE(diff.items.at(1).key, QStringLiteral("fresh"));
    QCOMPARE(diff.count(ItemChange::Kind::Added), 1);
    QCOMPARE(diff.count(ItemChange::Kind::Removed), 1);
    QCOMPARE(diff.count(ItemChange::Kind::Changed), 0);
    QVERIFY(!diff.find(QStringLiteral("echo")));
}

void tst_ListDiff::schemaPropertiesByName()
{
    const ListDiff diff = diffTools(
        array(R"([{"name":"add","description":"Adds","inputSchema":{"type":"object",
            "properties":{"a":{"type":"number"},"b":{"type":"number"},"gone":{"type":"string"}},"required":["a","b"]}}])"),
        array(R"([{"name":"add","description":"Adds two numbers","inputSchema":{"type":"object",
            "properties":{"a":{"type":"integer"},"b":{"type":"number"},"c":{"type":"number","default":0}},"required":["a","b","c"]},
            "outputSchema":{"type":"object"}}])"));
    const ItemChange *add = diff.find(QStringLiteral("add"));
    QVERIFY(add);
    QCOMPARE(add->kind, ItemChange::Kind::Changed);
    QCOMPARE(summary(add), (QStringList{
        QStringLiteral("~ description"),
        QStringLiteral("~ inputSchema.properties.a.type"),
        QStringLiteral("- inputSchema.properties.gone"),
        QStringLiteral("+ inputSchema.properties.c"),
        QStringLiteral("~ inputSchema.required"),
        QStringLiteral("+ outputSchema"),
    }));
    const FieldChange &type = add->fields.at(1);
    QCOMPARE(type.path, path("inputSchema.properties.a.type"));
    QCOMPARE(type.before, QJsonValue(QStringLiteral("number")));
    QCOMPARE(type.after, QJsonValue(QStringLiteral("integer")));
    QCOMPARE(add->fields.at(2).before.toObject().value(QStringLiteral("type")), QJsonValue(QStringLiteral("string")));
    QVERIFY(add->fields.at(2).after.isUndefined());
}

void tst_ListDiff::setsIgnoreOrder()
{
    const QJsonArray before = array(R"([{"name":"t","inputSchema":{"required":["a","b"],
        "properties":{"m":{"enum":["x","y"],"type":["string","null"]}}}}])");
    const QJsonArray after = array(R"([{"name":"t","inputSchema":{"required":["b","a"],
        "properties":{"m":{"enum":["y","x"],"type":["null","string"]}}}}])");
    QVERIFY(diffTools(before, after).isEmpty());

    // Other arrays keep their order: prefixItems reordered is a change.
    const QList<FieldChange> changes = diffJson(
        QJsonValue(array(R"([{"prefixItems":[{"type":"string"},{"type":"number"}]}])").at(0)),
        QJsonValue(array(R"([{"prefixItems":[{"type":"number"},{"type":"string"}]}])").at(0)));
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.first().path, QStringList{QStringLiteral("prefixItems")});
}

void tst_ListDiff::promptArgumentsByName()
{
    const ListDiff diff = diffPrompts(
        array(R"([{"name":"greet","arguments":[{"name":"who","required":true},{"name":"tone"}]}])"),
        array(R"([{"name":"greet","arguments":[{"name":"tone","description":"How"},{"name":"who","required":false}]}])"));
    QCOMPARE(summary(diff.find(QStringLiteral("greet"))), (QStringList{
        QStringLiteral("+ arguments.tone.description"),
        QStringLiteral("~ arguments.who.required"),
    }));
}

void tst_ListDiff::resourcesAndTemplatesByIdentity()
{
    const ListDiff resources = diffResources(
        array(R"([{"uri":"file:///a","name":"A","mimeType":"text/plain"}])"),
        array(R"([{"uri":"file:///a","name":"A","mimeType":"text/markdown"},{"uri":"file:///b","name":"A"}])"));
    QCOMPARE(resources.items.size(), 2);
    QCOMPARE(summary(resources.find(QStringLiteral("file:///a"))), QStringList{QStringLiteral("~ mimeType")});
    QCOMPARE(resources.find(QStringLiteral("file:///b"))->kind, ItemChange::Kind::Added);

    const ListDiff templates = diffResourceTemplates(
        array(R"([{"uriTemplate":"notes://{id}","name":"note"}])"),
        array(R"([{"uriTemplate":"notes://{id}/v2","name":"note"}])"));
    QCOMPARE(templates.count(ItemChange::Kind::Removed), 1);
    QCOMPARE(templates.count(ItemChange::Kind::Added), 1);
}

void tst_ListDiff::itemsWithoutIdentityAreIgnored()
{
    const ListDiff diff = diffTools(array(R"([{"description":"no name"},"junk",{"name":"a"}])"),
                                    array(R"([{"name":"a"},{"name":"a","description":"duplicate"}])"));
    QVERIFY(diff.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ListDiff)
#include "tst_listdiff.moc"
