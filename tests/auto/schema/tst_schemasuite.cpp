#include "jsonschemasuite.h"

#include <QTest>

using Mcp::SchemaValidator;

class tst_SchemaSuite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void draft7PassRate()
    {
        if (!QDir(SchemaSuite::suiteDir(QStringLiteral("draft7"))).exists())
            QSKIP("json-schema-test-suite is not installed");
        const SchemaSuite::Tally tally = SchemaSuite::run(QStringLiteral("draft7"), SchemaValidator::Engine::Combined);
        qInfo("draft7: %d/%d passed (%.1f%%)", tally.passed, tally.total, tally.percent());
        for (const auto &f : tally.failures)
            qInfo("  failed: %s / %s / %s", qPrintable(f.file), qPrintable(f.group), qPrintable(f.test));
        // Measured 406/408 (99.5%) on Debian json-schema-test-suite 2.0.0 (the two misses need the
        // remote draft-07 meta-schema); the guard leaves a small margin.
        QVERIFY2(tally.percent() >= 99.0, qPrintable(QString::number(tally.percent())));
    }
};

QTEST_GUILESS_MAIN(tst_SchemaSuite)
#include "tst_schemasuite.moc"
