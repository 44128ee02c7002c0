#include "doctor/finding.h"

#include <QStringList>

#include <algorithm>

namespace Mcp::Doctor {

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QStringLiteral("error");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Info: break;
    }
    return QStringLiteral("info");
}

std::optional<Severity> severityNamed(const QString &name)
{
    for (Severity severity : {Severity::Info, Severity::Warning, Severity::Error}) {
        if (severityName(severity) == name)
            return severity;
    }
    return std::nullopt;
}

Finding Finding::make(const QString &id, Severity severity, const QString &subject, const QString &expected,
                      const QString &seen, const QString &rule, const QString &fix)
{
    return Finding{id, severity, id.section(u'.', 0, 0), subject, expected, seen, rule, fix};
}

QJsonObject Finding::toJson() const
{
    return QJsonObject{{QStringLiteral("id"), id},
                       {QStringLiteral("severity"), severityName(severity)},
                       {QStringLiteral("category"), category},
                       {QStringLiteral("subject"), subject},
                       {QStringLiteral("expected"), expected},
                       {QStringLiteral("seen"), seen},
                       {QStringLiteral("rule"), rule},
                       {QStringLiteral("fix"), fix}};
}

Tally Tally::of(const QList<Finding> &findings)
{
    Tally tally;
    for (const Finding &finding : findings) {
        switch (finding.severity) {
        case Severity::Error: ++tally.errors; break;
        case Severity::Warning: ++tally.warnings; break;
        case Severity::Info: ++tally.infos; break;
        }
    }
    return tally;
}

bool Tally::reaches(Severity level) const
{
    switch (level) {
    case Severity::Error: return errors > 0;
    case Severity::Warning: return errors + warnings > 0;
    case Severity::Info: break;
    }
    return errors + warnings + infos > 0;
}

QList<Finding> mostSevereFirst(QList<Finding> findings)
{
    std::stable_sort(findings.begin(), findings.end(),
                     [](const Finding &a, const Finding &b) { return a.severity > b.severity; });
    return findings;
}

QString reportText(const QList<Finding> &findings)
{
    QStringList lines;
    for (const Finding &finding : mostSevereFirst(findings)) {
        lines << QStringLiteral("%1 %2  %3").arg(severityName(finding.severity).leftJustified(7), finding.id, finding.subject);
        const auto detail = [&lines](const char *label, const QString &text) {
            if (!text.isEmpty())
                lines << QStringLiteral("        %1: %2").arg(QLatin1String(label), text);
        };
        detail("expected", finding.expected);
        detail("seen", finding.seen);
        detail("rule", finding.rule);
        detail("fix", finding.fix);
    }
    const Tally tally = Tally::of(findings);
    lines << QStringLiteral("%1 error(s), %2 warning(s), %3 note(s)").arg(tally.errors).arg(tally.warnings).arg(tally.infos);
    return lines.join(u'\n');
}

} // namespace Mcp::Doctor
