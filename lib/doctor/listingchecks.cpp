#include "doctor/listingchecks.h"

#include "protocol/keys.h"
#include "schema/schemaresolver.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

namespace Mcp::Doctor {

namespace {

const QString ToolNamesRule = QStringLiteral("2025-11-25 server/tools, Tool Names: 1 to 128 characters, only "
                                             "A-Z a-z 0-9 _ - . (SHOULD)");

Finding finding(const QString &id, Severity severity, const QString &subject)
{
    Finding found;
    found.id = id;
    found.severity = severity;
    found.category = id.section(u'.', 0, 0);
    found.subject = subject;
    return found;
}

QString quoted(const QString &text)
{
    return QStringLiteral("\"%1\"").arg(text);
}

// Every string value in a JSON value, depth first.
void collectStrings(const QJsonValue &value, QStringList &out)
{
    if (value.isString()) {
        out.append(value.toString());
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            collectStrings(item, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            collectStrings(it.value(), out);
    }
}

// Every "description" in a JSON value (a tool's own and its schemas' properties').
void collectDescriptions(const QJsonValue &value, QStringList &out)
{
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            collectDescriptions(item, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == Key::Description && it.value().isString())
                out.append(it.value().toString());
            else
                collectDescriptions(it.value(), out);
        }
    }
}

void collectRefs(const QJsonValue &value, QStringList &out)
{
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            collectRefs(item, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == QLatin1String("$ref") && it.value().isString())
                out.append(it.value().toString());
            else
                collectRefs(it.value(), out);
        }
    }
}

// What every listed item is checked for: text hidden from a person, words for the model.
void checkText(const QJsonObject &item, const QString &subject, QList<Finding> &findings)
{
    QStringList strings;
    collectStrings(item, strings);
    QStringList hidden;
    for (const QString &text : std::as_const(strings)) {
        for (const QString &character : hiddenCharacters(text)) {
            if (!hidden.contains(character))
                hidden.append(character);
        }
    }
    if (!hidden.isEmpty()) {
        Finding found = finding(QStringLiteral("security.hidden-characters"), Severity::Error, subject);
        found.expected = QStringLiteral("text a person can read as the model reads it");
        found.seen = QStringLiteral("invisible characters: %1").arg(hidden.join(QStringLiteral(", ")));
        found.rule = QStringLiteral("tool poisoning: instructions hidden from the user in zero-width, tag or "
                                    "bidirectional characters reach the model unseen");
        found.fix = QStringLiteral("remove the invisible characters from the definition");
        findings.append(found);
    }
    QStringList descriptions;
    collectDescriptions(item, descriptions);
    QStringList phrases;
    for (const QString &text : std::as_const(descriptions))
        phrases += modelInstructions(text);
    if (!phrases.isEmpty()) {
        Finding found = finding(QStringLiteral("security.model-instructions"), Severity::Warning, subject);
        found.expected = QStringLiteral("a description of what it does");
        found.seen = QStringLiteral("words addressed to the model: %1").arg(phrases.join(QStringLiteral("; ")));
        found.rule = QStringLiteral("tool poisoning: hosts put descriptions into the model's context as they are, "
                                    "and scanners flag instructions in them");
        found.fix = QStringLiteral("describe the tool; put instructions for the model in the server's instructions");
        findings.append(found);
    }
}

void checkSchema(const QJsonObject &tool, QLatin1StringView key, bool required, const QString &subject,
                 QList<Finding> &findings)
{
    if (!required && !tool.contains(key))
        return;
    const QJsonValue schema = tool.value(key);
    const QString kebab = key == Key::InputSchema ? QStringLiteral("input-schema") : QStringLiteral("output-schema");
    if (!schema.isObject() || schema.toObject().value(QLatin1String("type")).toString() != QLatin1String("object")) {
        Finding found = finding(QStringLiteral("tools.%1.type").arg(kebab), Severity::Error, subject);
        found.expected = QStringLiteral("%1: a JSON Schema object with \"type\": \"object\"").arg(key);
        found.seen = !tool.contains(key) ? QStringLiteral("no %1").arg(key)
            : QStringLiteral("%1: %2").arg(key, QString::fromUtf8(QJsonDocument(QJsonArray{schema}).toJson(QJsonDocument::Compact)).mid(1).chopped(1).left(120));
        found.rule = QStringLiteral("schema.ts, Tool.%1: { type: \"object\", ... }").arg(key);
        found.fix = QStringLiteral("give the tool an object schema (an empty one is {\"type\": \"object\"})");
        findings.append(found);
        return;
    }
    QStringList refs;
    collectRefs(schema, refs);
    const SchemaResolver resolver(schema);
    for (const QString &ref : std::as_const(refs)) {
        const SchemaResolver::Resolved resolved = resolver.resolveRef(ref);
        if (resolved.isValid())
            continue;
        const bool local = ref.startsWith(u'#');
        Finding found = finding(QStringLiteral("tools.schema.ref-%1").arg(local ? QStringLiteral("unresolved") : QStringLiteral("remote")),
                                local ? Severity::Error : Severity::Warning, subject);
        found.expected = QStringLiteral("every $ref of %1 resolvable inside it").arg(key);
        found.seen = QStringLiteral("$ref %1: %2").arg(quoted(ref), resolved.error);
        found.rule = local ? QStringLiteral("JSON Schema 2020-12: a $ref that resolves to nothing makes the schema invalid")
                           : QStringLiteral("hosts do not fetch remote schemas: a remote $ref leaves the arguments unchecked");
        found.fix = local ? QStringLiteral("point the $ref at a definition in $defs") : QStringLiteral("inline the referenced schema under $defs");
        findings.append(found);
    }
}

void checkTools(const QJsonArray &tools, QList<Finding> &findings)
{
    static const QRegularExpression specName(QStringLiteral("^[A-Za-z0-9_.-]{1,128}$"));
    QHash<QString, int> seen;
    QStringList order;
    for (const QJsonValue &value : tools) {
        const QJsonObject tool = value.toObject();
        const QString name = tool.value(Key::Name).toString();
        const QString subject = QStringLiteral("tool %1").arg(quoted(name));
        if (!seen.contains(name))
            order.append(name);
        ++seen[name];
        if (!specName.match(name).hasMatch()) {
            Finding found = finding(QStringLiteral("tools.name.format"), Severity::Warning, subject);
            found.expected = QStringLiteral("1 to 128 of A-Z a-z 0-9 _ - .");
            found.seen = name.isEmpty() ? QStringLiteral("an empty name") : QStringLiteral("%1 (%2 characters)").arg(quoted(name)).arg(name.size());
            found.rule = ToolNamesRule;
            found.fix = QStringLiteral("rename the tool, e.g. with _ for spaces and other characters");
            findings.append(found);
        } else if (name.size() > 64 || name.contains(u'.')) {
            Finding found = finding(QStringLiteral("tools.name.host-limits"), Severity::Warning, subject);
            found.expected = QStringLiteral("1 to 64 of A-Z a-z 0-9 _ -");
            found.seen = QStringLiteral("%1 (%2 characters)").arg(quoted(name)).arg(name.size());
            found.rule = QStringLiteral("hosts pass tool names to model APIs that accept only ^[a-zA-Z0-9_-]{1,64}$ "
                                        "(Anthropic, OpenAI), often with the server's name put in front");
            found.fix = QStringLiteral("keep names short, without dots");
            findings.append(found);
        }
        if (tool.value(Key::Description).toString().trimmed().isEmpty()) {
            Finding found = finding(QStringLiteral("tools.description.missing"), Severity::Warning, subject);
            found.expected = QStringLiteral("a description of what the tool does");
            found.seen = QStringLiteral("none");
            found.rule = QStringLiteral("2025-11-25 server/tools: description, a human-readable description of "
                                        "functionality; models choose tools by it");
            found.fix = QStringLiteral("describe what the tool does and when to use it");
            findings.append(found);
        }
        checkSchema(tool, Key::InputSchema, true, subject, findings);
        checkSchema(tool, Key::OutputSchema, false, subject, findings);
        checkText(tool, subject, findings);
    }
    for (const QString &name : std::as_const(order)) {
        if (seen.value(name) < 2)
            continue;
        Finding found = finding(QStringLiteral("tools.name.duplicate"), Severity::Error, QStringLiteral("tool %1").arg(quoted(name)));
        found.expected = QStringLiteral("each tool name once");
        found.seen = QStringLiteral("listed %1 times").arg(seen.value(name));
        found.rule = QStringLiteral("2025-11-25 server/tools: tool names SHOULD be unique within a server; model APIs "
                                    "refuse a request whose tools share a name");
        found.fix = QStringLiteral("give each tool its own name");
        findings.append(found);
    }
    if (tools.isEmpty())
        return;
    const qsizetype bytes = QJsonDocument(tools).toJson(QJsonDocument::Compact).size();
    const qsizetype tokens = bytes / 4;
    Finding found = finding(QStringLiteral("performance.tool-list-size"),
                            tokens > ToolListTokenBudget ? Severity::Warning : Severity::Info, QStringLiteral("tools/list"));
    found.expected = QStringLiteral("at most about %1 tokens").arg(ToolListTokenBudget);
    found.seen = QStringLiteral("%1 tools, %2 bytes of JSON, about %3 tokens").arg(tools.size()).arg(bytes).arg(tokens);
    found.rule = QStringLiteral("every host sends the whole tool list to the model with every request");
    found.fix = tokens > ToolListTokenBudget ? QStringLiteral("fewer tools, or shorter descriptions and schemas") : QString();
    findings.append(found);
}

void checkPrompts(const QJsonArray &prompts, QList<Finding> &findings)
{
    QHash<QString, int> seen;
    QStringList order;
    for (const QJsonValue &value : prompts) {
        const QJsonObject prompt = value.toObject();
        const QString name = prompt.value(Key::Name).toString();
        const QString subject = QStringLiteral("prompt %1").arg(quoted(name));
        if (!seen.contains(name))
            order.append(name);
        ++seen[name];
        const QJsonArray arguments = prompt.value(Key::Arguments).toArray();
        for (qsizetype i = 0; i < arguments.size(); ++i) {
            if (!arguments.at(i).toObject().value(Key::Name).toString().isEmpty())
                continue;
            Finding found = finding(QStringLiteral("prompts.argument.name"), Severity::Error, subject);
            found.expected = QStringLiteral("every argument with a name");
            found.seen = QStringLiteral("argument %1 has none").arg(i + 1);
            found.rule = QStringLiteral("schema.ts, PromptArgument.name (required)");
            found.fix = QStringLiteral("name the argument");
            findings.append(found);
        }
        checkText(prompt, subject, findings);
    }
    for (const QString &name : std::as_const(order)) {
        if (seen.value(name) < 2)
            continue;
        Finding found = finding(QStringLiteral("prompts.name.duplicate"), Severity::Error, QStringLiteral("prompt %1").arg(quoted(name)));
        found.expected = QStringLiteral("each prompt name once");
        found.seen = QStringLiteral("listed %1 times").arg(seen.value(name));
        found.rule = QStringLiteral("2025-11-25 server/prompts: prompts/get names the prompt, so only one can be got");
        found.fix = QStringLiteral("give each prompt its own name");
        findings.append(found);
    }
}

void checkResources(const QJsonArray &resources, QList<Finding> &findings)
{
    QSet<QString> seen;
    for (const QJsonValue &value : resources) {
        const QJsonObject resource = value.toObject();
        const QString uri = resource.value(Key::Uri).toString();
        const QString subject = QStringLiteral("resource %1").arg(quoted(uri));
        const QUrl url(uri, QUrl::StrictMode);
        if (uri.isEmpty() || !url.isValid() || url.scheme().isEmpty()) {
            Finding found = finding(QStringLiteral("resources.uri.invalid"), Severity::Error, subject);
            found.expected = QStringLiteral("an absolute URI (RFC 3986) with a scheme");
            found.seen = uri.isEmpty() ? QStringLiteral("no uri") : quoted(uri);
            found.rule = QStringLiteral("schema.ts, Resource.uri: @format uri");
            found.fix = QStringLiteral("use a URI with a scheme, e.g. file:///path or myserver://item");
            findings.append(found);
        } else if (seen.contains(uri)) {
            Finding found = finding(QStringLiteral("resources.uri.duplicate"), Severity::Warning, subject);
            found.expected = QStringLiteral("each resource listed once");
            found.seen = QStringLiteral("listed again");
            found.rule = QStringLiteral("resources/read names the resource by its URI: the copies cannot differ");
            found.fix = QStringLiteral("list each resource once");
            findings.append(found);
        }
        seen.insert(uri);
        checkText(resource, subject, findings);
    }
}

// RFC 6570 at the level hosts rely on: braces balanced, never nested, never empty.
bool isWellFormedTemplate(const QString &uriTemplate)
{
    bool open = false;
    qsizetype expressionStart = 0;
    for (qsizetype i = 0; i < uriTemplate.size(); ++i) {
        const QChar c = uriTemplate.at(i);
        if (c == u'{') {
            if (open)
                return false;
            open = true;
            expressionStart = i + 1;
        } else if (c == u'}') {
            if (!open || i == expressionStart)
                return false;
            open = false;
        }
    }
    return !open && !uriTemplate.isEmpty();
}

void checkTemplates(const QJsonArray &templates, QList<Finding> &findings)
{
    for (const QJsonValue &value : templates) {
        const QJsonObject resourceTemplate = value.toObject();
        const QString uriTemplate = resourceTemplate.value(Key::UriTemplate).toString();
        const QString subject = QStringLiteral("resource template %1").arg(quoted(uriTemplate));
        if (!isWellFormedTemplate(uriTemplate)) {
            Finding found = finding(QStringLiteral("resources.template.invalid"), Severity::Error, subject);
            found.expected = QStringLiteral("an RFC 6570 URI template: balanced, unnested, non-empty {expressions}");
            found.seen = uriTemplate.isEmpty() ? QStringLiteral("no uriTemplate") : quoted(uriTemplate);
            found.rule = QStringLiteral("schema.ts, ResourceTemplate.uriTemplate: @format uri-template");
            found.fix = QStringLiteral("close every { with } and name a variable in each");
            findings.append(found);
        }
        checkText(resourceTemplate, subject, findings);
    }
}

} // namespace

QStringList hiddenCharacters(const QString &text)
{
    QStringList found;
    const QList<uint> codePoints = text.toUcs4();
    for (qsizetype i = 0; i < codePoints.size(); ++i) {
        const uint c = codePoints.at(i);
        const bool zeroWidth = (c >= 0x200B && c <= 0x200F) || (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF;
        const bool bidi = (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
        const bool tag = c >= 0xE0000 && c <= 0xE007F;
        if (!zeroWidth && !bidi && !tag)
            continue;
        // The zero-width joiner between two pictographs builds one emoji (a family, a flag).
        if (c == 0x200D && i > 0 && i + 1 < codePoints.size() && codePoints.at(i - 1) >= 0x2000
            && codePoints.at(i + 1) >= 0x2000)
            continue;
        const QString name = QStringLiteral("U+") + QString::number(c, 16).toUpper().rightJustified(4, u'0');
        if (!found.contains(name))
            found.append(name);
    }
    return found;
}

QStringList modelInstructions(const QString &text)
{
    static const QList<QRegularExpression> patterns{
        QRegularExpression(QStringLiteral("\\b(ignore|disregard|forget)\\s+(all\\s+|any\\s+)?(the\\s+|your\\s+)?"
                                          "(previous|prior|above|earlier|other)\\s+(instructions|prompts|messages|rules)"),
                           QRegularExpression::CaseInsensitiveOption),
        QRegularExpression(QStringLiteral("\\b(do\\s+not|don't|never)\\s+(tell|inform|mention|reveal|show)\\b[^.]{0,40}\\buser\\b"),
                           QRegularExpression::CaseInsensitiveOption),
        QRegularExpression(QStringLiteral("<\\s*/?\\s*(important|system|instructions?)\\s*>"),
                           QRegularExpression::CaseInsensitiveOption),
    };
    QStringList found;
    for (const QRegularExpression &pattern : patterns) {
        const QRegularExpressionMatch match = pattern.match(text);
        if (match.hasMatch())
            found.append(quoted(match.captured(0)));
    }
    return found;
}

QList<Finding> checkListings(const QJsonObject &snapshot)
{
    QList<Finding> findings;
    checkTools(snapshot.value(Key::Tools).toArray(), findings);
    checkPrompts(snapshot.value(Key::Prompts).toArray(), findings);
    checkResources(snapshot.value(Key::Resources).toArray(), findings);
    checkTemplates(snapshot.value(Key::ResourceTemplates).toArray(), findings);
    return findings;
}

} // namespace Mcp::Doctor
