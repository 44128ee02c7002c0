#include "doctor/finding.h"

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

} // namespace Mcp::Doctor
