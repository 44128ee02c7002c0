#pragma once

#include "doctor/finding.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Mcp::Doctor {

// Over which transport a check can find something.
enum class CheckTransport { Any, Stdio, Http };
// In which protocol era.
enum class CheckEra { Any, Legacy, Modern };

// One check the Doctor makes: what a finding with this id is about, the rule it rests on (short:
// the finding itself cites it in full), the fix where there is one, and when it applies. The
// catalog is what --list-checks prints, what SARIF lists as rules and what JUnit makes a test
// case of, so every id a finding can have needs a row (tst_doctor fails otherwise).
struct Check
{
    const char *id;
    Severity level; // the most severe a finding of it can be
    CheckTransport transport;
    CheckEra era;
    const char *title;
    const char *rule;
    const char *fix; // "" for a measurement

    QString idText() const { return QString::fromUtf8(id); }
    QString category() const; // the id's first word, as Finding::make has it
    QString titleText() const { return QString::fromUtf8(title); }
    QString ruleText() const { return QString::fromUtf8(rule); }
    QString fixText() const { return QString::fromUtf8(fix); }
    bool appliesTo(bool http, bool modern) const;
    QJsonObject toJson() const;
};

QString checkTransportName(CheckTransport transport); // "any", "stdio", "http"
QString checkEraName(CheckEra era);                   // "any", "legacy", "modern"

// Every check, grouped by category.
const QList<Check> &catalog();
// The check with this id, or nullptr.
const Check *checkNamed(const QString &id);
// The checks a run over this transport in this era makes, less what --only (categories) and
// --skip (ids) leave out: what a JUnit report has a test case for.
QList<Check> applicableChecks(bool http, bool modern, const QStringList &only = {}, const QStringList &skip = {});

// The catalog as --list-checks prints it.
QString catalogText();
QString catalogMarkdown();
QJsonArray catalogJson();

} // namespace Mcp::Doctor
