#include "doctor/finding.h"

#include "doctor/catalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>
#include <QUrl>
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

QByteArray reportJson(const ReportServer &server, const QList<Finding> &findings)
{
    QJsonArray items;
    for (const Finding &finding : findings)
        items.append(finding.toJson());
    const Tally tally = Tally::of(findings);
    const QJsonObject report{
        {QStringLiteral("server"), QJsonObject{{QStringLiteral("name"), server.name},
                                               {QStringLiteral("version"), server.version},
                                               {QStringLiteral("protocolVersion"), server.protocolVersion},
                                               {QStringLiteral("era"), server.era},
                                               {QStringLiteral("transport"), server.transport}}},
        {QStringLiteral("findings"), items},
        {QStringLiteral("summary"), QJsonObject{{QStringLiteral("errors"), tally.errors},
                                                {QStringLiteral("warnings"), tally.warnings},
                                                {QStringLiteral("infos"), tally.infos}}}};
    return QJsonDocument(report).toJson(QJsonDocument::Indented);
}

namespace {

// A finding's labelled details and evidence, a line each.
QStringList junitText(const Finding &finding)
{
    QStringList text{QStringLiteral("%1 %2").arg(severityName(finding.severity), finding.subject)};
    for (const auto &[label, value] : finding.details())
        text << QStringLiteral("  %1: %2").arg(label, value);
    for (const QString &line : finding.evidenceLines())
        text << QStringLiteral("  ") + line;
    return text;
}

} // namespace

QByteArray reportJUnit(const QString &suite, const QList<Finding> &findings, Severity failAt, const QList<Check> &checks)
{
    const QList<Finding> ordered = mostSevereFirst(findings);
    // The cases: every check that applied, then any id the catalog does not have (a finding is
    // never left out of the report).
    QStringList ids;
    for (const Check &check : checks)
        ids << check.idText();
    for (const Finding &finding : ordered) {
        if (!ids.contains(finding.id))
            ids << finding.id;
    }
    QList<QList<Finding>> findingsOf(ids.size());
    for (const Finding &finding : ordered)
        findingsOf[ids.indexOf(finding.id)].append(finding);
    const auto fails = [failAt](const QList<Finding> &found) {
        return !found.isEmpty() && found.constFirst().severity >= failAt; // most severe first
    };
    const auto failed = static_cast<int>(std::count_if(findingsOf.cbegin(), findingsOf.cend(), fails));

    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    w.writeStartElement(QStringLiteral("testsuites"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("mcpscope doctor"));
    w.writeAttribute(QStringLiteral("tests"), QString::number(ids.size()));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failed));
    w.writeStartElement(QStringLiteral("testsuite"));
    w.writeAttribute(QStringLiteral("name"), suite);
    w.writeAttribute(QStringLiteral("tests"), QString::number(ids.size()));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failed));
    w.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    w.writeAttribute(QStringLiteral("skipped"), QStringLiteral("0"));
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const QList<Finding> &found = findingsOf.at(i);
        const Check *check = checkNamed(ids.at(i));
        QStringList text;
        if (check)
            text << QStringLiteral("%1 (%2)").arg(check->titleText(), check->ruleText());
        for (const Finding &finding : found)
            text += junitText(finding);
        w.writeStartElement(QStringLiteral("testcase"));
        w.writeAttribute(QStringLiteral("name"), ids.at(i));
        w.writeAttribute(QStringLiteral("classname"), QStringLiteral("doctor.") + ids.at(i).section(u'.', 0, 0));
        if (fails(found)) {
            const Finding &worst = found.constFirst();
            w.writeStartElement(QStringLiteral("failure"));
            w.writeAttribute(QStringLiteral("type"), severityName(worst.severity));
            w.writeAttribute(QStringLiteral("message"), QStringLiteral("%1: %2").arg(worst.subject, worst.seen));
            w.writeCharacters(text.join(u'\n'));
            w.writeEndElement();
        } else if (!found.isEmpty()) {
            w.writeTextElement(QStringLiteral("system-out"), text.join(u'\n'));
        }
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndElement();
    w.writeEndDocument();
    return xml;
}

namespace {

QString sarifLevel(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QStringLiteral("error");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Info: break;
    }
    return QStringLiteral("note");
}

QJsonObject sarifText(const QString &text)
{
    return QJsonObject{{QStringLiteral("text"), text}};
}

} // namespace

SarifArtifact SarifArtifact::of(const QString &endpoint)
{
    const QUrl url(endpoint, QUrl::StrictMode);
    if (url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"))) {
        const QUrl shown = url.adjusted(QUrl::RemoveUserInfo);
        return {shown.toString(QUrl::FullyEncoded), shown.toDisplayString()};
    }
    // A relative URI reference that names the command: its spaces and colons encoded.
    return {QString::fromLatin1(QUrl::toPercentEncoding(endpoint, "/")), endpoint};
}

QByteArray reportSarif(const QList<Finding> &findings, const SarifArtifact &server, const QString &toolVersion)
{
    QJsonArray rules;
    for (const Check &check : catalog()) {
        QJsonObject rule{{QStringLiteral("id"), check.idText()},
                         {QStringLiteral("shortDescription"), sarifText(check.titleText())},
                         {QStringLiteral("fullDescription"), sarifText(check.ruleText())},
                         {QStringLiteral("defaultConfiguration"), QJsonObject{{QStringLiteral("level"), sarifLevel(check.level)}}},
                         {QStringLiteral("properties"), QJsonObject{{QStringLiteral("category"), check.category()},
                                                                    {QStringLiteral("tags"), QJsonArray{check.category()}}}}};
        if (*check.fix)
            rule.insert(QStringLiteral("help"), sarifText(check.fixText()));
        rules.append(rule);
    }
    QJsonObject artifact{{QStringLiteral("uri"), server.uri}};
    if (!server.description.isEmpty())
        artifact.insert(QStringLiteral("description"), sarifText(server.description));
    QJsonArray results;
    for (const Finding &finding : mostSevereFirst(findings)) {
        QString message = finding.subject.isEmpty() ? finding.seen : QStringLiteral("%1: %2").arg(finding.subject, finding.seen);
        if (!finding.expected.isEmpty())
            message += QStringLiteral(" (expected: %1)").arg(finding.expected);
        const QJsonObject location{
            {QStringLiteral("physicalLocation"), QJsonObject{{QStringLiteral("artifactLocation"), artifact}}},
            {QStringLiteral("logicalLocations"), QJsonArray{QJsonObject{{QStringLiteral("name"), finding.subject}}}}};
        QJsonObject properties{{QStringLiteral("category"), finding.category},
                               {QStringLiteral("evidence"), QJsonArray::fromStringList(finding.evidenceLines())}};
        if (!finding.fix.isEmpty())
            properties.insert(QStringLiteral("fix"), finding.fix);
        QJsonObject result{{QStringLiteral("ruleId"), finding.id},
                           {QStringLiteral("level"), sarifLevel(finding.severity)},
                           {QStringLiteral("message"), sarifText(message)},
                           {QStringLiteral("locations"), QJsonArray{location}},
                           {QStringLiteral("properties"), properties}};
        // An id without a row has no rule to point at (tst_doctor fails on one).
        if (const Check *check = checkNamed(finding.id))
            result.insert(QStringLiteral("ruleIndex"), int(check - catalog().constData()));
        results.append(result);
    }
    const QJsonObject driver{{QStringLiteral("name"), QStringLiteral("mcpscope doctor")},
                             {QStringLiteral("version"), toolVersion},
                             {QStringLiteral("rules"), rules}};
    const QJsonObject log{
        {QStringLiteral("$schema"),
         QStringLiteral("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")},
        {QStringLiteral("version"), QStringLiteral("2.1.0")},
        {QStringLiteral("runs"), QJsonArray{QJsonObject{{QStringLiteral("tool"), QJsonObject{{QStringLiteral("driver"), driver}}},
                                                        {QStringLiteral("results"), results}}}}};
    return QJsonDocument(log).toJson(QJsonDocument::Indented);
}

} // namespace Mcp::Doctor
