#pragma once

// Runs the JSON Schema Test Suite (Debian json-schema-test-suite) through SchemaValidator.
// Shared by tst_schemasuite (a regression guard) and the schema benchmark (prints figures).

#include <schema/schemavalidator.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace SchemaSuite {

inline QString suiteDir(const QString &draft)
{
    return QStringLiteral("/usr/share/json-schema-test-suite/tests/") + draft;
}

struct Failure
{
    QString file, group, test;
};

struct Tally
{
    int passed = 0;
    int total = 0;
    QList<Failure> failures;
    double percent() const { return total ? 100.0 * passed / total : 0.0; }
};

// Remote references need a web server the suite expects on localhost:1234; not wired here.
inline bool skipped(const QString &fileName)
{
    return fileName == QLatin1String("refRemote.json");
}

inline QStringList files(const QString &draft)
{
    QStringList out;
    const QDir dir(suiteDir(draft));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        if (!skipped(name))
            out.append(dir.filePath(name));
    return out;
}

// The suite's draft-07 schemas carry no $schema; without one we would read them as 2020-12.
inline QJsonValue asDraft07(QJsonValue schema)
{
    if (schema.isObject() && !schema.toObject().contains(QLatin1String("$schema"))) {
        QJsonObject object = schema.toObject();
        object.insert(QLatin1String("$schema"), QStringLiteral("http://json-schema.org/draft-07/schema#"));
        schema = object;
    }
    return schema;
}

inline void runFile(const QString &path, Mcp::SchemaValidator::Engine engine, Tally &tally)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QJsonArray groups = QJsonDocument::fromJson(file.readAll()).array();
    for (const QJsonValue &groupValue : groups) {
        const QJsonObject group = groupValue.toObject();
        const Mcp::SchemaValidator validator(asDraft07(group.value(QLatin1String("schema"))), engine);
        for (const QJsonValue &testValue : group.value(QLatin1String("tests")).toArray()) {
            const QJsonObject test = testValue.toObject();
            const bool expected = test.value(QLatin1String("valid")).toBool();
            // Format checks are opt-in in draft-07 (they live in optional/), so judge validity only
            // by non-format issues: Combined reports format warnings without calling the value invalid.
            const Mcp::ValidationResult result = validator.validate(test.value(QLatin1String("data")));
            ++tally.total;
            const bool engineRan = validator.isCompiled() || engine == Mcp::SchemaValidator::Engine::Combined
                || engine == Mcp::SchemaValidator::Engine::MessagesOnly;
            if (engineRan && result.valid == expected)
                ++tally.passed;
            else
                tally.failures.append({QFileInfo(path).fileName(), group.value(QLatin1String("description")).toString(),
                                       test.value(QLatin1String("description")).toString()});
        }
    }
}

inline Tally run(const QString &draft, Mcp::SchemaValidator::Engine engine)
{
    Tally tally;
    for (const QString &path : files(draft))
        runFile(path, engine, tally);
    return tally;
}

} // namespace SchemaSuite
