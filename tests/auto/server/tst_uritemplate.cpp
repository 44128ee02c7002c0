#include "resources/uritemplateexpander.h"
#include "server/uritemplate.h"

#include <QElapsedTimer>
#include <QTest>

using Mcp::UriTemplate;

class tst_UriTemplate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void match_data();
    void match();
    void expandRoundTrip();
    void expanderPrefixCountsCharacters();
    void adjacentVariablesDoNotBacktrack();
};

void tst_UriTemplate::match_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("uri");
    QTest::addColumn<bool>("matches");
    QTest::addColumn<QStringList>("values"); // in variable order

    QTest::newRow("one variable") << "demo://items/{id}" << "demo://items/apple" << true << QStringList{"apple"};
    QTest::newRow("percent-decoded") << "demo://items/{id}" << "demo://items/a%20b" << true << QStringList{"a b"};
    QTest::newRow("no slash in level 1") << "demo://items/{id}" << "demo://items/a/b" << false << QStringList{};
    QTest::newRow("empty value") << "demo://items/{id}" << "demo://items/" << false << QStringList{};
    QTest::newRow("two variables") << "demo://files/{folder}/{name}" << "demo://files/docs/faq.md" << true
                                   << QStringList{"docs", "faq.md"};
    QTest::newRow("literal mismatch") << "demo://files/{folder}/{name}" << "demo://file/docs/faq.md" << false
                                      << QStringList{};
    QTest::newRow("reserved spans segments") << "file:///{+path}" << "file:///a/b/c.txt" << true
                                             << QStringList{"a/b/c.txt"};
    QTest::newRow("regex characters are literals") << "x://a.b/{v}?q=1" << "x://aXb/1?q=1" << false << QStringList{};
    QTest::newRow("regex characters match themselves") << "x://a.b/{v}+" << "x://a.b/1+" << true << QStringList{"1"};
    QTest::newRow("no variables") << "demo://clock" << "demo://clock" << true << QStringList{};
}

void tst_UriTemplate::match()
{
    QFETCH(QString, pattern);
    QFETCH(QString, uri);
    QFETCH(bool, matches);
    QFETCH(QStringList, values);
    const UriTemplate uriTemplate(pattern);
    QVERIFY(uriTemplate.isValid());
    QMap<QString, QString> variables;
    QCOMPARE(uriTemplate.match(uri, &variables), matches);
    if (!matches)
        return;
    QStringList actual;
    for (const QString &name : uriTemplate.variableNames())
        actual.append(variables.value(name));
    QCOMPARE(actual, values);
}

void tst_UriTemplate::expandRoundTrip()
{
    const UriTemplate uriTemplate(QStringLiteral("demo://files/{folder}/{name}"));
    const QMap<QString, QString> variables{{"folder", "my docs"}, {"name", "a/b?.md"}};
    const QString uri = uriTemplate.expand(variables);
    QCOMPARE(uri, QStringLiteral("demo://files/my%20docs/a%2Fb%3F.md"));
    QMap<QString, QString> back;
    QVERIFY(uriTemplate.match(uri, &back));
    QCOMPARE(back, variables);
}

void tst_UriTemplate::expanderPrefixCountsCharacters()
{
    // {var:n} keeps n characters: an emoji (two UTF-16 units) is one, and never cut in half.
    using Mcp::Ui::UriTemplateExpander::expand;
    const QMap<QString, QString> values{{QStringLiteral("v"), QStringLiteral("\U0001F600x\U0001F600")}};
    QCOMPARE(expand(QStringLiteral("u:{v:1}"), values), QStringLiteral("u:%F0%9F%98%80"));
    QCOMPARE(expand(QStringLiteral("u:{v:2}"), values), QStringLiteral("u:%F0%9F%98%80x"));
    QCOMPARE(expand(QStringLiteral("u:{v:9}"), values), QStringLiteral("u:%F0%9F%98%80x%F0%9F%98%80"));
    QCOMPARE(expand(QStringLiteral("u:{v:0}"), values), QStringLiteral("u:"));
}

void tst_UriTemplate::adjacentVariablesDoNotBacktrack()
{
    // Variables whose values can run into each other made a regular expression backtrack
    // polynomially; past PCRE2's limit a URI the template matches was reported as no match
    // (found by fuzz_uritemplate). Level 1 values are greedy, reserved ones lazy, as before.
    const UriTemplate adjacent(QStringLiteral("x:{a}{b}{c}{d}.{e}{f}!"));
    const QString value(300, QLatin1Char('v'));
    QMap<QString, QString> variables;
    QElapsedTimer timer;
    timer.start();
    QVERIFY(adjacent.match(QStringLiteral("x:") + value + QStringLiteral(".") + value + QStringLiteral("!"), &variables));
    QCOMPARE(variables.value(QStringLiteral("a")), QString(297, QLatin1Char('v')));
    QCOMPARE(variables.value(QStringLiteral("d")), QStringLiteral("v"));
    QCOMPARE(variables.value(QStringLiteral("e")), QString(299, QLatin1Char('v')));
    // A URI that does not match, the worst case for backtracking, is refused at once.
    QVERIFY(!adjacent.match(QStringLiteral("x:") + value + QStringLiteral(".") + value + QStringLiteral("?"), &variables));
    QVERIFY(!UriTemplate(QStringLiteral("{a}.{b}.{c}.{d}.{e}")).match(QString(2000, QLatin1Char('.')) + QLatin1Char('/')));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));

    const UriTemplate reserved(QStringLiteral("r:{+a}/{+b}"));
    QVERIFY(reserved.match(QStringLiteral("r:1/2/3"), &variables));
    QCOMPARE(variables.value(QStringLiteral("a")), QStringLiteral("1"));
    QCOMPARE(variables.value(QStringLiteral("b")), QStringLiteral("2/3"));
    QVERIFY(UriTemplate(QStringLiteral("u:{a}")).match(QStringLiteral("u:%E2%9C%93"), &variables));
    QCOMPARE(variables.value(QStringLiteral("a")), QStringLiteral("\u2713"));
}

QTEST_GUILESS_MAIN(tst_UriTemplate)
#include "tst_uritemplate.moc"
