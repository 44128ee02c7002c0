#include "doctor/listingchecks.h"

#include "doctor/schemachecks.h"
#include "protocol/keys.h"
#include "schema/schemaresolver.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <utility>

namespace Mcp::Doctor {

namespace {

QString quoted(const QString &text)
{
    return QStringLiteral("\"%1\"").arg(text);
}

QString compactJson(const QJsonValue &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
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
        findings.append(Finding::make(
            QStringLiteral("security.hidden-characters"), Severity::Error, subject,
            QStringLiteral("text a person can read as the model reads it"),
            QStringLiteral("invisible characters: %1").arg(hidden.join(QStringLiteral(", "))),
            QStringLiteral("tool poisoning: instructions hidden from the user in zero-width, tag or bidirectional "
                           "characters reach the model unseen"),
            QStringLiteral("remove the invisible characters from the definition")));
    }
    QStringList descriptions; // a tool's own and its schemas' properties'
    collectStrings(item, descriptions, Key::Description);
    QStringList phrases;
    for (const QString &text : std::as_const(descriptions))
        phrases += modelInstructions(text);
    if (!phrases.isEmpty()) {
        findings.append(Finding::make(
            QStringLiteral("security.model-instructions"), Severity::Warning, subject,
            QStringLiteral("a description of what it does"),
            QStringLiteral("words addressed to the model: %1").arg(phrases.join(QStringLiteral("; "))),
            QStringLiteral("tool poisoning: hosts put descriptions into the model's context as they are, and "
                           "scanners flag instructions in them"),
            QStringLiteral("describe the tool; put instructions for the model in the server's instructions")));
    }
}

// Names listed more than once, each reported once, in the order first listed.
void checkUniqueNames(const QJsonArray &items, const QString &kind, const QString &rule, QList<Finding> &findings)
{
    QHash<QString, int> count;
    QStringList order;
    for (const QJsonValue &item : items) {
        const QString name = item.toObject().value(Key::Name).toString();
        if (count[name]++ == 0)
            order.append(name);
    }
    for (const QString &name : std::as_const(order)) {
        if (count.value(name) > 1) {
            findings.append(Finding::make(QStringLiteral("%1s.name.duplicate").arg(kind), Severity::Error,
                                          QStringLiteral("%1 %2").arg(kind, quoted(name)),
                                          QStringLiteral("each %1 name once").arg(kind),
                                          QStringLiteral("listed %1 times").arg(count.value(name)), rule,
                                          QStringLiteral("give each %1 its own name").arg(kind)));
        }
    }
}

void checkSchema(const QJsonObject &tool, QLatin1StringView key, bool required, const QString &subject,
                 QList<Finding> &findings)
{
    if (!required && !tool.contains(key))
        return;
    const QJsonValue schema = tool.value(key);
    if (!schema.isObject() || schema.toObject().value(QLatin1String("type")).toString() != QLatin1String("object")) {
        findings.append(Finding::make(
            key == Key::InputSchema ? QStringLiteral("tools.input-schema.type") : QStringLiteral("tools.output-schema.type"),
            Severity::Error, subject, QStringLiteral("%1: a JSON Schema object with \"type\": \"object\"").arg(key),
            tool.contains(key) ? QStringLiteral("%1: %2").arg(key, compactJson(schema).left(120)) : QStringLiteral("no %1").arg(key),
            QStringLiteral("schema.ts, Tool.%1: { type: \"object\", ... }").arg(key),
            QStringLiteral("give the tool an object schema (an empty one is {\"type\": \"object\"})")));
        return;
    }
    QStringList refs;
    collectStrings(schema, refs, QLatin1StringView("$ref"));
    const SchemaResolver resolver(schema);
    for (const QString &ref : std::as_const(refs)) {
        const SchemaResolver::Resolved resolved = resolver.resolveRef(ref);
        if (resolved.isValid())
            continue;
        const QString expected = QStringLiteral("every $ref of %1 resolvable inside it").arg(key);
        const QString seen = QStringLiteral("$ref %1: %2").arg(quoted(ref), resolved.error);
        if (ref.startsWith(u'#')) {
            findings.append(Finding::make(QStringLiteral("tools.schema.ref-unresolved"), Severity::Error, subject, expected, seen,
                                          QStringLiteral("JSON Schema 2020-12: a $ref that resolves to nothing makes the schema invalid"),
                                          QStringLiteral("point the $ref at a definition in $defs")));
        } else {
            findings.append(Finding::make(QStringLiteral("tools.schema.ref-remote"), Severity::Warning, subject, expected, seen,
                                          QStringLiteral("hosts do not fetch remote schemas: a remote $ref leaves the arguments unchecked"),
                                          QStringLiteral("inline the referenced schema under $defs")));
        }
    }
    const QStringList problems = schemaProblems(schema);
    if (!problems.isEmpty()) {
        findings.append(Finding::make(QStringLiteral("tools.schema.invalid"), Severity::Error, subject,
                                      QStringLiteral("%1: a valid JSON Schema 2020-12").arg(key), problems.join(QStringLiteral("; ")),
                                      QStringLiteral("schema.ts, Tool.%1 is a JSON Schema; hosts and SDKs that compile it "
                                                     "to check arguments or results refuse it, some the whole tool list").arg(key),
                                      QStringLiteral("correct the keywords named")));
    }
    const QStringList recursive = recursiveRefs(schema);
    if (!recursive.isEmpty()) {
        findings.append(Finding::make(QStringLiteral("tools.schema.ref-recursive"), Severity::Warning, subject,
                                      QStringLiteral("$refs that end (a schema with a finite inline form)"),
                                      QStringLiteral("%1: %2").arg(key, recursive.join(QStringLiteral(", "))),
                                      QStringLiteral("hosts that hand schemas to model APIs without $ref support inline "
                                                     "every reference, and a recursive one never ends; form builders stop "
                                                     "at a depth"),
                                      QStringLiteral("bound the structure (a fixed depth), or take the recursive part as a string")));
    }
    const QStringList rejected = key == Key::InputSchema ? topLevelRejected(schema) : QStringList();
    if (!rejected.isEmpty()) {
        findings.append(Finding::make(QStringLiteral("tools.input-schema.top-level"), Severity::Warning, subject,
                                      QStringLiteral("inputSchema: properties at the top, alternatives inside them"),
                                      QStringLiteral("%1 at the top of inputSchema").arg(rejected.join(QStringLiteral(", "))),
                                      QStringLiteral("hosts pass inputSchema to the model API as it is: the Anthropic API "
                                                     "answers \"input_schema does not support oneOf, allOf, or anyOf at the "
                                                     "top level\", and OpenAI function parameters must be a plain object schema"),
                                      QStringLiteral("move the alternatives into a property, or make the fields optional")));
    }
}

// The host whose built-in tools include this name (case aside), or nothing. Claude Code's and
// Cursor's agents' own tools, as the agents name them to the model.
QString hostBuiltIn(const QString &name)
{
    static const QList<QPair<QLatin1StringView, QStringList>> hosts{
        {QLatin1StringView("Claude Code"),
         {QStringLiteral("Bash"), QStringLiteral("Read"), QStringLiteral("Write"), QStringLiteral("Edit"),
          QStringLiteral("MultiEdit"), QStringLiteral("Glob"), QStringLiteral("Grep"), QStringLiteral("LS"),
          QStringLiteral("WebFetch"), QStringLiteral("WebSearch"), QStringLiteral("Task"), QStringLiteral("TodoWrite"),
          QStringLiteral("NotebookEdit")}},
        {QLatin1StringView("Cursor"),
         {QStringLiteral("codebase_search"), QStringLiteral("run_terminal_cmd"), QStringLiteral("list_dir"),
          QStringLiteral("grep_search"), QStringLiteral("file_search"), QStringLiteral("edit_file"),
          QStringLiteral("read_file"), QStringLiteral("delete_file"), QStringLiteral("web_search")}}};
    for (const auto &[host, names] : hosts) {
        if (names.contains(name, Qt::CaseInsensitive))
            return host;
    }
    return {};
}

void checkTools(const QJsonArray &tools, QList<Finding> &findings)
{
    static const QRegularExpression specName(QStringLiteral("^[A-Za-z0-9_.-]{1,128}$"));
    const QString namesRule = QStringLiteral("2025-11-25 server/tools, Tool Names: 1 to 128 characters, only A-Z a-z 0-9 _ - . (SHOULD)");
    for (const QJsonValue &value : tools) {
        const QJsonObject tool = value.toObject();
        const QString name = tool.value(Key::Name).toString();
        const QString subject = QStringLiteral("tool %1").arg(quoted(name));
        const QString seenName = QStringLiteral("%1 (%2 characters)").arg(quoted(name)).arg(name.size());
        if (!specName.match(name).hasMatch()) {
            findings.append(Finding::make(QStringLiteral("tools.name.format"), Severity::Warning, subject,
                                          QStringLiteral("1 to 128 of A-Z a-z 0-9 _ - ."),
                                          name.isEmpty() ? QStringLiteral("an empty name") : seenName, namesRule,
                                          QStringLiteral("rename the tool, e.g. with _ for spaces and other characters")));
        } else if (name.size() > 64 || name.contains(u'.')) {
            findings.append(Finding::make(QStringLiteral("tools.name.host-limits"), Severity::Warning, subject,
                                          QStringLiteral("1 to 64 of A-Z a-z 0-9 _ -"), seenName,
                                          QStringLiteral("hosts pass tool names to model APIs that accept only "
                                                         "^[a-zA-Z0-9_-]{1,64}$ (Anthropic, OpenAI), often with the "
                                                         "server's name put in front"),
                                          QStringLiteral("keep names short, without dots")));
        }
        if (const QString host = hostBuiltIn(name); !host.isEmpty()) {
            findings.append(Finding::make(QStringLiteral("security.tool-shadowing"), Severity::Info, subject,
                                          QStringLiteral("a name no host has built in"),
                                          QStringLiteral("%1 has a tool of this name built in").arg(host),
                                          QStringLiteral("a model offered two tools of one name calls either; a server "
                                                         "can take calls meant for the host's own tool that way "
                                                         "(tool shadowing)"),
                                          QStringLiteral("put your server's domain in the name (e.g. notes_read_file)")));
        }
        if (tool.value(Key::Description).toString().trimmed().isEmpty()) {
            findings.append(Finding::make(QStringLiteral("tools.description.missing"), Severity::Warning, subject,
                                          QStringLiteral("a description of what the tool does"), QStringLiteral("none"),
                                          QStringLiteral("2025-11-25 server/tools: description, a human-readable "
                                                         "description of functionality; models choose tools by it"),
                                          QStringLiteral("describe what the tool does and when to use it")));
        }
        checkSchema(tool, Key::InputSchema, true, subject, findings);
        checkSchema(tool, Key::OutputSchema, false, subject, findings);
        checkText(tool, subject, findings);
    }
    checkUniqueNames(tools, QStringLiteral("tool"),
                     QStringLiteral("2025-11-25 server/tools: tool names SHOULD be unique within a server; model APIs "
                                    "refuse a request whose tools share a name"),
                     findings);
    if (tools.isEmpty())
        return;
    const qsizetype bytes = QJsonDocument(tools).toJson(QJsonDocument::Compact).size();
    const qsizetype tokens = bytes / 4;
    const bool tooBig = tokens > ToolListTokenBudget;
    findings.append(Finding::make(QStringLiteral("performance.tool-list-size"), tooBig ? Severity::Warning : Severity::Info,
                                  QStringLiteral("tools/list"),
                                  QStringLiteral("at most about %1 tokens").arg(ToolListTokenBudget),
                                  QStringLiteral("%1 tools, %2 bytes of JSON, about %3 tokens").arg(tools.size()).arg(bytes).arg(tokens),
                                  QStringLiteral("every host sends the whole tool list to the model with every request"),
                                  tooBig ? QStringLiteral("fewer tools, or shorter descriptions and schemas") : QString()));
}

void checkPrompts(const QJsonArray &prompts, QList<Finding> &findings)
{
    for (const QJsonValue &value : prompts) {
        const QJsonObject prompt = value.toObject();
        const QString subject = QStringLiteral("prompt %1").arg(quoted(prompt.value(Key::Name).toString()));
        const QJsonArray arguments = prompt.value(Key::Arguments).toArray();
        for (qsizetype i = 0; i < arguments.size(); ++i) {
            if (arguments.at(i).toObject().value(Key::Name).toString().isEmpty()) {
                findings.append(Finding::make(QStringLiteral("prompts.argument.name"), Severity::Error, subject,
                                              QStringLiteral("every argument with a name"),
                                              QStringLiteral("argument %1 has none").arg(i + 1),
                                              QStringLiteral("schema.ts, PromptArgument.name (required)"),
                                              QStringLiteral("name the argument")));
            }
        }
        checkText(prompt, subject, findings);
    }
    checkUniqueNames(prompts, QStringLiteral("prompt"),
                     QStringLiteral("2025-11-25 server/prompts: prompts/get names the prompt, so only one can be got"),
                     findings);
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
            findings.append(Finding::make(QStringLiteral("resources.uri.invalid"), Severity::Error, subject,
                                          QStringLiteral("an absolute URI (RFC 3986) with a scheme"),
                                          uri.isEmpty() ? QStringLiteral("no uri") : quoted(uri),
                                          QStringLiteral("schema.ts, Resource.uri: @format uri"),
                                          QStringLiteral("use a URI with a scheme, e.g. file:///path or myserver://item")));
        } else if (seen.contains(uri)) {
            findings.append(Finding::make(QStringLiteral("resources.uri.duplicate"), Severity::Warning, subject,
                                          QStringLiteral("each resource listed once"), QStringLiteral("listed again"),
                                          QStringLiteral("resources/read names the resource by its URI: the copies cannot differ"),
                                          QStringLiteral("list each resource once")));
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
            findings.append(Finding::make(QStringLiteral("resources.template.invalid"), Severity::Error, subject,
                                          QStringLiteral("an RFC 6570 URI template: balanced, unnested, non-empty {expressions}"),
                                          uriTemplate.isEmpty() ? QStringLiteral("no uriTemplate") : quoted(uriTemplate),
                                          QStringLiteral("schema.ts, ResourceTemplate.uriTemplate: @format uri-template"),
                                          QStringLiteral("close every { with } and name a variable in each")));
        }
        checkText(resourceTemplate, subject, findings);
    }
}

} // namespace

void collectStrings(const QJsonValue &value, QStringList &out, QLatin1StringView key)
{
    if (value.isString() && key.isEmpty()) {
        out.append(value.toString());
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            collectStrings(item, out, key);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!key.isEmpty() && it.key() == key && it.value().isString())
                out.append(it.value().toString());
            else
                collectStrings(it.value(), out, key);
        }
    }
}

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

QStringList changedDefinitions(const QJsonObject &before, const QJsonObject &after)
{
    QStringList changed;
    for (const auto &[key, kind] : {std::pair{QLatin1String("tools"), QLatin1String("tool")},
                                    std::pair{QLatin1String("prompts"), QLatin1String("prompt")}}) {
        const auto byName = [key = key](const QJsonObject &snapshot) {
            QMap<QString, QJsonObject> items;
            for (const QJsonValue &item : snapshot.value(key).toArray())
                items.insert(item[QLatin1String("name")].toString(), item.toObject());
            return items;
        };
        const QMap<QString, QJsonObject> was = byName(before);
        const QMap<QString, QJsonObject> is = byName(after);
        for (auto it = was.cbegin(); it != was.cend(); ++it) {
            if (!is.contains(it.key()))
                changed << QStringLiteral("%1 %2 (removed)").arg(kind, it.key());
            else if (is.value(it.key()) != it.value())
                changed << QStringLiteral("%1 %2").arg(kind, it.key());
        }
        for (auto it = is.cbegin(); it != is.cend(); ++it) {
            if (!was.contains(it.key()))
                changed << QStringLiteral("%1 %2 (added)").arg(kind, it.key());
        }
    }
    return changed;
}

} // namespace Mcp::Doctor
