#pragma once

#include "transport/trafficevent.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace Mcp::Doctor {

struct Check;

// error: a host will fail, or a MUST is broken; warning: a SHOULD, or something real hosts are
// known to trip on; info: worth knowing. In order: a more severe one compares greater.
enum class Severity { Info, Warning, Error };

QString severityName(Severity severity); // "error", "warning", "info"
std::optional<Severity> severityNamed(const QString &name);

// One thing the Doctor found. The id is stable (scripts and --skip use it); category groups the
// ids ("tools", "security", ...); subject names what it is about ("tool get_weather").
struct Finding
{
    QString id;
    Severity severity = Severity::Info;
    QString category;
    QString subject;
    QString expected;
    QString seen;
    QString rule; // the specification section or the host behaviour it rests on
    QString fix;
    // The exchange that showed it, as the traffic view has it (requests the Doctor made itself).
    QList<TrafficEvent> evidence;

    // A finding whose category is its id's first word ("tools.name.duplicate": tools).
    static Finding make(const QString &id, Severity severity, const QString &subject, const QString &expected,
                        const QString &seen, const QString &rule, const QString &fix = {});
    QJsonObject toJson() const;
    // What every report shows under a finding, those that are empty left out, in this order:
    // ("expected", ...), ("seen", ...), ("rule", ...), ("fix", ...).
    QList<QPair<QLatin1StringView, QString>> details() const;
    // The evidence a line an event: "→ POST URL  Origin: ...", "← HTTP 200  content-type: ...".
    // Only the headers a probe chose and what the answer is are shown: the connection's own
    // headers (keys, tokens) and session ids stay out of reports.
    QStringList evidenceLines() const;
};

// How many findings of each severity.
struct Tally
{
    int errors = 0;
    int warnings = 0;
    int infos = 0;

    static Tally of(const QList<Finding> &findings);
    // Whether any finding is at least as severe as level.
    bool reaches(Severity level) const;
};

// The findings most severe first, in their order otherwise.
QList<Finding> mostSevereFirst(QList<Finding> findings);

// The findings most severe first (in their order otherwise), each with what was expected and
// seen, the rule and the fix, and a last line that counts them: what the terminal shows, and
// what the window copies.
QString reportText(const QList<Finding> &findings);
// The same as Markdown, to paste into an issue: a heading (title), the counts, a table of the
// findings, then each with what was expected and seen, the rule, the fix and its evidence.
QString reportMarkdown(const QString &title, const QList<Finding> &findings);
// The server a report is about: as it introduced itself, and how it was reached.
struct ReportServer
{
    QString name;
    QString version;
    QString protocolVersion;
    QString era;       // "legacy" or "modern"
    QString transport; // ServerConfig's word: "stdio", "http", ...
};
// The same as JSON, as docs/doctor-report.schema.json describes it: the server, each finding
// (Finding::toJson) and a summary of the counts.
QByteArray reportJson(const ReportServer &server, const QList<Finding> &findings);
// The same as JUnit XML for CI: one testsuite (suite: the server), a testcase per check that
// applied to the run (catalog.h's applicableChecks; name: its id, classname: doctor.category) and
// per finding of an id not among them. A check with a finding at or above failAt (what --fail-on
// fails) has a <failure>; one with findings below it passes with their text in <system-out>; one
// without passes, so that CI sees each check pass, not only the ones that failed.
QByteArray reportJUnit(const QString &suite, const QList<Finding> &findings, Severity failAt,
                       const QList<Check> &checks);
// Where the examined server is, for SARIF: a URI reference (its URL, or its command line
// percent-encoded) and how a person would name it (the URL, the command).
struct SarifArtifact
{
    QString uri;
    QString description;

    // From an http(s) URL (its user info left out) or a command line.
    static SarifArtifact of(const QString &endpoint);
};
// The same as SARIF 2.1.0, for code-scanning dashboards: one run whose tool.driver lists every
// catalogued check as a rule (title, rule, fix, level), and a result per finding with its level
// (error, warning, note), its subject as a logical location, the server as the artifact, and the
// category and evidence in its properties.
QByteArray reportSarif(const QList<Finding> &findings, const SarifArtifact &server, const QString &toolVersion);

} // namespace Mcp::Doctor
