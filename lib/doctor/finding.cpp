#include "doctor/finding.h"

#include <QJsonArray>
#include <QStringList>
#include <QXmlStreamWriter>

#include <algorithm>
#include <utility>

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
                       {QStringLiteral("fix"), fix},
                       {QStringLiteral("evidence"), QJsonArray::fromStringList(evidenceLines())}};
}

namespace {

// The headers a report shows: on a request, what a probe set on purpose; on an answer, what
// says what it is. A session id is shown as set, never as its value.
QString shownHeaders(const TrafficEvent &event)
{
    static const QList<QByteArray> requestHeaders{"origin", "host", "mcp-protocol-version", "mcp-method", "mcp-name"};
    static const QList<QByteArray> answerHeaders{"content-type", "allow"};
    const bool request = event.direction == TrafficEvent::Direction::Outgoing;
    QStringList parts;
    for (const auto &header : event.headers) {
        const QByteArray name = header.first.toLower();
        if (name == "mcp-session-id")
            parts << QStringLiteral("%1: (set)").arg(QString::fromLatin1(header.first));
        else if ((request ? requestHeaders : answerHeaders).contains(name))
            parts << QStringLiteral("%1: %2").arg(QString::fromLatin1(header.first), QString::fromUtf8(header.second));
    }
    return parts.join(QStringLiteral("  "));
}

} // namespace

QList<QPair<QLatin1StringView, QString>> Finding::details() const
{
    QList<QPair<QLatin1StringView, QString>> shown;
    for (const auto &[label, text] : {std::pair{QLatin1StringView("expected"), &expected},
                                      std::pair{QLatin1StringView("seen"), &seen},
                                      std::pair{QLatin1StringView("rule"), &rule}, std::pair{QLatin1StringView("fix"), &fix}}) {
        if (!text->isEmpty())
            shown.append({label, *text});
    }
    return shown;
}

QStringList Finding::evidenceLines() const
{
    constexpr qsizetype ShownBodyChars = 160;
    QStringList lines;
    for (const TrafficEvent &event : evidence) {
        QStringList parts;
        if (!event.httpMethod.isEmpty())
            parts << QStringLiteral("%1 %2").arg(QString::fromLatin1(event.httpMethod), event.url);
        else if (event.httpStatus != 0)
            parts << QStringLiteral("HTTP %1").arg(event.httpStatus);
        else if (event.kind == TrafficEvent::Kind::InvalidMessage || event.kind == TrafficEvent::Kind::TransportError)
            parts << event.note;
        parts << shownHeaders(event);
        QString body = QString::fromUtf8(event.raw).simplified();
        if (body.size() > ShownBodyChars)
            body = body.left(ShownBodyChars) + QStringLiteral("…");
        parts << body;
        parts.removeAll(QString());
        const QString arrow = event.direction == TrafficEvent::Direction::Outgoing ? QStringLiteral("→ ") : QStringLiteral("← ");
        lines << arrow + parts.join(QStringLiteral("  "));
    }
    return lines;
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
        for (const auto &[label, text] : finding.details())
            lines << QStringLiteral("        %1: %2").arg(label, text);
        for (const QString &line : finding.evidenceLines())
            lines << QStringLiteral("        ") + line;
    }
    const Tally tally = Tally::of(findings);
    lines << QStringLiteral("%1 error(s), %2 warning(s), %3 note(s)").arg(tally.errors).arg(tally.warnings).arg(tally.infos);
    return lines.join(u'\n');
}

namespace {

// Text in a Markdown table cell or a line of prose: pipes and backticks would end it early.
QString markdownInline(QString text)
{
    return text.replace(u'|', QStringLiteral("\\|")).replace(u'`', u'\'').replace(u'\n', u' ');
}

} // namespace

QString reportMarkdown(const QString &title, const QList<Finding> &findings)
{
    const QList<Finding> ordered = mostSevereFirst(findings);
    const Tally tally = Tally::of(findings);
    QStringList lines{QStringLiteral("## %1").arg(markdownInline(title)), QString(),
                      QStringLiteral("**%1 error(s), %2 warning(s), %3 note(s)**").arg(tally.errors).arg(tally.warnings).arg(tally.infos)};
    if (ordered.isEmpty())
        return lines.join(u'\n') + u'\n';
    lines << QString() << QStringLiteral("| Severity | Finding | About |") << QStringLiteral("|---|---|---|");
    for (const Finding &finding : ordered) {
        lines << QStringLiteral("| %1 | `%2` | %3 |").arg(severityName(finding.severity), finding.id,
                                                         markdownInline(finding.subject));
    }
    for (const Finding &finding : ordered) {
        lines << QString() << QStringLiteral("### %1 `%2`: %3").arg(severityName(finding.severity), finding.id,
                                                                 markdownInline(finding.subject));
        for (const auto &[label, text] : finding.details()) {
            const QString name = QString(label);
            lines << QStringLiteral("- **%1%2:** %3").arg(name.left(1).toUpper(), name.mid(1), markdownInline(text));
        }
        const QStringList evidence = finding.evidenceLines();
        if (!evidence.isEmpty()) {
            // A fence longer than any run of backticks in the evidence.
            lines << QStringLiteral("- **Evidence:**") << QString() << QStringLiteral("  ````");
            for (const QString &line : evidence)
                lines << QStringLiteral("  ") + line;
            lines << QStringLiteral("  ````");
        }
    }
    return lines.join(u'\n') + u'\n';
}

QByteArray reportJUnit(const QString &suite, const QList<Finding> &findings, Severity failAt)
{
    const QList<Finding> ordered = mostSevereFirst(findings);
    const auto failed = static_cast<int>(std::count_if(ordered.cbegin(), ordered.cend(),
                                                       [failAt](const Finding &f) { return f.severity >= failAt; }));
    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    w.writeStartElement(QStringLiteral("testsuites"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("mcpscope doctor"));
    w.writeAttribute(QStringLiteral("tests"), QString::number(ordered.size()));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failed));
    w.writeStartElement(QStringLiteral("testsuite"));
    w.writeAttribute(QStringLiteral("name"), suite);
    w.writeAttribute(QStringLiteral("tests"), QString::number(ordered.size()));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failed));
    w.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    w.writeAttribute(QStringLiteral("skipped"), QStringLiteral("0"));
    for (const Finding &finding : ordered) {
        QStringList text;
        for (const auto &[label, value] : finding.details())
            text << QStringLiteral("%1: %2").arg(label, value);
        text << finding.evidenceLines();
        w.writeStartElement(QStringLiteral("testcase"));
        w.writeAttribute(QStringLiteral("name"), QStringLiteral("%1 (%2)").arg(finding.id, finding.subject));
        w.writeAttribute(QStringLiteral("classname"), QStringLiteral("doctor.") + finding.category);
        if (finding.severity >= failAt) {
            w.writeStartElement(QStringLiteral("failure"));
            w.writeAttribute(QStringLiteral("type"), severityName(finding.severity));
            w.writeAttribute(QStringLiteral("message"), finding.seen);
            w.writeCharacters(text.join(u'\n'));
            w.writeEndElement();
        } else {
            w.writeTextElement(QStringLiteral("system-out"), severityName(finding.severity) + u'\n' + text.join(u'\n'));
        }
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndDocument();
    return xml;
}

} // namespace Mcp::Doctor
