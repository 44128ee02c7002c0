#pragma once

// The Doctor's reports checked against their schemas: JSON against docs/doctor-report.schema.json
// and SARIF against the OASIS SARIF 2.1.0 schema with Ajv (tests/peers, validate_json.js), JUnit
// against Jenkins' junit-10.xsd with xmllint. A validator that is missing is a failure, not a skip.
#include "processes.h"

#include <QFileInfo>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryFile>

#include <memory>

namespace Mcp::Test {

inline const QString ReportSchema = QStringLiteral(MCPSCOPE_SOURCE_DIR "/docs/doctor-report.schema.json");
inline const QString SarifSchema = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/schemas/sarif-schema-2.1.0.json");
inline const QString JUnitSchema = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/schemas/junit-10.xsd");

// What a validator said of a document.
struct Verdict
{
    int exitCode = -1; // 0: valid
    QString said;
};

// A document in a file of its own, for a validator to read.
inline std::unique_ptr<QTemporaryFile> fileWith(const QByteArray &document)
{
    auto file = std::make_unique<QTemporaryFile>();
    if (file->open()) {
        file->write(document);
        file->flush();
    }
    return file;
}

// document validated against a JSON Schema by Ajv (tests/peers), through validate_json.js.
inline Verdict validateJson(const QString &schema, const QByteArray &document)
{
    QString node = QStringLiteral(MCPSCOPE_PEERS_DIR "/.bin/node");
    if (!QFileInfo::exists(node))
        node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        return {-1, QStringLiteral("node is not installed (scripts/setup.sh --test-peers)")};
    if (!QFileInfo::exists(QStringLiteral(MCPSCOPE_PEERS_DIR "/ajv-formats/package.json")))
        return {-1, QStringLiteral("Ajv is not in tests/peers/node_modules (scripts/setup.sh --test-peers)")};
    const auto file = fileWith(document);
    const ProcessRun run = runToEnd(
        node, {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/validate_json.js"), QStringLiteral(MCPSCOPE_PEERS_DIR),
               schema, file->fileName()},
        60000);
    return {run.exitCode, QString::fromUtf8(run.err)};
}

// xml validated against an XML Schema by xmllint (libxml2-utils; scripts/setup.sh installs it):
// a CI without it fails here rather than pass unchecked.
inline Verdict validateXml(const QString &schema, const QByteArray &xml)
{
    const QString xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint"));
    if (xmllint.isEmpty())
        return {-1, QStringLiteral("xmllint is not installed (libxml2-utils: scripts/setup.sh)")};
    const auto file = fileWith(xml);
    const ProcessRun run = runToEnd(
        xmllint, {QStringLiteral("--noout"), QStringLiteral("--schema"), schema, file->fileName()}, 60000);
    return {run.exitCode, QString::fromUtf8(run.err)};
}

} // namespace Mcp::Test
