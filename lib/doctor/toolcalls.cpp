#include "doctor/toolcalls.h"

#include "doctor/listingchecks.h"
#include "doctor/samplearguments.h"
#include "jsonrpc/message.h"
#include "protocol/keys.h"
#include "schema/schemavalidator.h"

#include <QHash>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace Mcp::Doctor {

namespace {

QString toolSubject(const QJsonObject &tool)
{
    return QStringLiteral("tool \"%1\"").arg(tool.value(Key::Name).toString());
}

bool isReadOnly(const QJsonObject &tool)
{
    return tool.value(Key::Annotations).toObject().value(Key::ReadOnlyHint).toBool(false);
}

QString listed(const QStringList &names)
{
    constexpr qsizetype Shown = 5;
    QString text = names.mid(0, Shown).join(QStringLiteral(", "));
    if (names.size() > Shown)
        text += QStringLiteral(" and %1 more").arg(names.size() - Shown);
    return text;
}

// A content block's type as the specification lists them (2025-11-25 schema.ts, ContentBlock).
bool isContentType(const QString &type)
{
    static const QSet<QString> types{QStringLiteral("text"), QStringLiteral("image"), QStringLiteral("audio"),
                                     QStringLiteral("resource_link"), QStringLiteral("resource")};
    return types.contains(type);
}

} // namespace

ToolCallPlan ToolCallPlan::of(const QJsonArray &tools, const QHash<QString, QJsonObject> &given, bool sample)
{
    ToolCallPlan plan;
    QSet<QString> names;
    for (const QJsonValue &value : tools) {
        const QJsonObject tool = value.toObject();
        const QString name = tool.value(Key::Name).toString();
        names.insert(name);
        if (!isReadOnly(tool)) {
            plan.notReadOnly.append(name);
        } else if (given.contains(name)) {
            plan.calls.append({tool, given.value(name), false});
        } else if (!sample) {
            plan.withoutArguments.append(name);
        } else {
            const QJsonObject schema = tool.value(Key::InputSchema).toObject();
            const QJsonObject arguments = sampleArguments(schema);
            if (SchemaValidator(schema).validate(arguments).valid)
                plan.calls.append({tool, arguments, true});
            else
                plan.unsampleable.append(name);
        }
    }
    for (auto it = given.begin(); it != given.end(); ++it) {
        if (!names.contains(it.key()))
            plan.unknown.append(it.key());
    }
    return plan;
}

QList<Finding> checkToolResult(const ToolCallPlan::Call &call, const Response &response, int timeoutMs)
{
    QList<Finding> findings;
    const QString subject = toolSubject(call.tool);
    const QString arguments = QString::fromUtf8(QJsonDocument(call.arguments).toJson(QJsonDocument::Compact));
    const QString how = call.sampled ? QStringLiteral("with arguments made from its schema %1").arg(arguments)
                                     : QStringLiteral("with the arguments given %1").arg(arguments);
    if (response.error) {
        const RpcError &error = *response.error;
        if (error.code == SessionErrorCode::Timeout) {
            findings.append(Finding::make(QStringLiteral("tools.call.timeout"), Severity::Warning, subject,
                                          QStringLiteral("an answer within %1 ms").arg(timeoutMs),
                                          QStringLiteral("no answer, called %1").arg(how),
                                          QStringLiteral("hosts give a tool call a deadline (often 60 s) and show the "
                                                         "user an error after it; a read-only tool should answer quickly"),
                                          QStringLiteral("answer promptly, or report progress (notifications/progress)")));
        } else {
            // Invalid params for arguments made from a schema is fair: a schema cannot say everything.
            const bool fair = error.code == ErrorCode::InvalidParams;
            findings.append(Finding::make(QStringLiteral("tools.call.error"), fair ? Severity::Info : Severity::Warning,
                                          subject, QStringLiteral("a result (or an isError result for a failure of the tool)"),
                                          QStringLiteral("error %1: %2, called %3").arg(error.code).arg(error.message, how),
                                          QStringLiteral("2025-11-25 server/tools, Error Handling: protocol errors are for "
                                                         "unknown tools and invalid arguments; a tool's own failure is "
                                                         "a result with isError: true, which hosts show to the model"),
                                          fair ? QString() : QStringLiteral("report a tool's failure as a result with isError: true")));
        }
        return findings;
    }
    const QJsonObject result = response.result.toObject();
    const QJsonValue content = result.value(Key::Content);
    QStringList badBlocks;
    const QJsonArray blocks = content.toArray();
    for (qsizetype i = 0; i < blocks.size(); ++i) {
        const QString type = blocks.at(i).toObject().value(QLatin1String("type")).toString();
        if (!isContentType(type))
            badBlocks.append(QStringLiteral("content[%1] of type \"%2\"").arg(i).arg(type));
    }
    if (!content.isArray() || !badBlocks.isEmpty()) {
        findings.append(Finding::make(QStringLiteral("tools.result.content"), Severity::Error, subject,
                                      QStringLiteral("content: an array of text, image, audio, resource_link or resource blocks"),
                                      content.isArray() ? badBlocks.join(QStringLiteral(", "))
                                                        : QStringLiteral("no content array, called %1").arg(how),
                                      QStringLiteral("2025-11-25 schema.ts, CallToolResult.content (required) and "
                                                     "ContentBlock; hosts show a result from its content"),
                                      QStringLiteral("return {\"content\": [{\"type\": \"text\", \"text\": ...}]}")));
    }
    if (result.value(Key::IsError).toBool()) {
        QString text;
        for (const QJsonValue &block : blocks)
            text += block.toObject().value(QLatin1String("text")).toString();
        findings.append(Finding::make(QStringLiteral("tools.call.is-error"), Severity::Info, subject, {},
                                      QStringLiteral("isError: true (%1), called %2").arg(text.left(160), how),
                                      QStringLiteral("2025-11-25 server/tools: a tool's failure is a result with "
                                                     "isError: true; hosts give it to the model")));
        return findings; // what an error result holds is not checked against the output schema
    }
    const bool declared = call.tool.contains(Key::OutputSchema);
    const QJsonValue structured = result.value(Key::StructuredContent);
    if (declared && !structured.isObject()) {
        findings.append(Finding::make(QStringLiteral("tools.structured-content.missing"), Severity::Error, subject,
                                      QStringLiteral("structuredContent: an object that meets the tool's outputSchema"),
                                      structured.isUndefined() ? QStringLiteral("no structuredContent, called %1").arg(how)
                                                               : QStringLiteral("structuredContent that is not an object"),
                                      QStringLiteral("2025-11-25 server/tools, Output Schema: if an output schema is "
                                                     "provided, servers MUST provide structured results that conform "
                                                     "to it; hosts that validate reject the result"),
                                      QStringLiteral("return structuredContent, or drop the outputSchema")));
    } else if (declared) {
        const ValidationResult validation = SchemaValidator(call.tool.value(Key::OutputSchema)).validate(structured);
        if (!validation.valid) {
            findings.append(Finding::make(QStringLiteral("tools.structured-content.invalid"), Severity::Error, subject,
                                          QStringLiteral("structuredContent that meets the tool's outputSchema"),
                                          QStringLiteral("%1 (called %2)").arg(validation.summary().left(300), how),
                                          QStringLiteral("2025-11-25 server/tools, Output Schema: structured results "
                                                         "MUST conform to the output schema; clients SHOULD validate "
                                                         "them, and hosts that do reject this result"),
                                          QStringLiteral("make the result and the outputSchema agree")));
        }
    }
    if (structured.isObject() && content.isArray()) {
        // The JSON itself in a text block, as the specification says; or, as the reference
        // servers do, every string of it in the text: a host that reads only content misses nothing.
        QString text;
        bool asText = false;
        for (const QJsonValue &block : blocks) {
            const QJsonObject object = block.toObject();
            if (object.value(QLatin1String("type")).toString() != QLatin1String("text"))
                continue;
            text += object.value(QLatin1String("text")).toString();
            const QJsonDocument parsed = QJsonDocument::fromJson(object.value(QLatin1String("text")).toString().toUtf8());
            asText = asText || (parsed.isObject() && parsed.object() == structured.toObject());
        }
        QStringList strings;
        collectStrings(structured, strings);
        asText = asText || (!text.isEmpty() && std::all_of(strings.cbegin(), strings.cend(), [&text](const QString &s) {
                     return text.contains(s);
                 }));
        if (!asText) {
            findings.append(Finding::make(QStringLiteral("tools.structured-content.text"), Severity::Warning, subject,
                                          QStringLiteral("the structuredContent also as JSON in a text block (or its strings in the text)"),
                                          text.isEmpty() ? QStringLiteral("no text block")
                                                         : QStringLiteral("the text blocks hold neither it nor all its strings"),
                                          QStringLiteral("2025-11-25 server/tools, Structured Content: for backwards "
                                                         "compatibility a tool that returns structured content SHOULD "
                                                         "also return the serialized JSON in a TextContent block; "
                                                         "hosts that read only content see nothing else"),
                                          QStringLiteral("add {\"type\": \"text\", \"text\": JSON of the structuredContent}")));
        }
    }
    return findings;
}

QList<Finding> mergeAlike(const QList<Finding> &findings)
{
    constexpr qsizetype Few = 3;
    constexpr qsizetype Shown = 3;
    QHash<QString, QList<Finding>> byId;
    for (const Finding &finding : findings)
        byId[finding.id].append(finding);
    QList<Finding> merged;
    QSet<QString> done;
    for (const Finding &finding : findings) {
        const QList<Finding> &alike = byId.value(finding.id);
        if (alike.size() <= Few) {
            merged.append(finding);
            continue;
        }
        if (done.contains(finding.id))
            continue;
        done.insert(finding.id);
        Finding one = alike.constFirst();
        QStringList seen;
        for (qsizetype i = 0; i < qMin(alike.size(), Shown); ++i)
            seen << QStringLiteral("%1: %2").arg(alike.at(i).subject, alike.at(i).seen);
        one.subject = QStringLiteral("%1 tools").arg(alike.size());
        one.seen = QStringLiteral("%1; and %2 more").arg(seen.join(QStringLiteral("; "))).arg(alike.size() - Shown);
        merged.append(one);
    }
    return merged;
}

Finding toolCallsSummary(const ToolCallPlan &plan, const QList<QPair<QString, qint64>> &times)
{
    QStringList parts;
    parts << QStringLiteral("%1 read-only tool(s) called").arg(plan.calls.size());
    if (!times.isEmpty()) {
        QList<qint64> sorted;
        for (const auto &[tool, ms] : times)
            sorted.append(ms);
        std::sort(sorted.begin(), sorted.end());
        const auto slowest = std::max_element(times.begin(), times.end(),
                                              [](const auto &a, const auto &b) { return a.second < b.second; });
        parts.last() += QStringLiteral(" (median %1 ms, slowest %2: %3 ms)")
                            .arg(sorted.at(sorted.size() / 2))
                            .arg(slowest->first)
                            .arg(slowest->second);
    }
    const QList<QPair<QString, QStringList>> left{
        {QStringLiteral("not called, not annotated readOnlyHint: true: %1"), plan.notReadOnly},
        {QStringLiteral("read-only, not called without arguments (--call NAME=JSON or --sample-calls): %1"),
         plan.withoutArguments},
        {QStringLiteral("read-only, no arguments could be made that meet its schema: %1"), plan.unsampleable},
        {QStringLiteral("arguments given for tools the server does not list: %1"), plan.unknown}};
    for (const auto &[text, names] : left) {
        if (!names.isEmpty())
            parts << text.arg(listed(names));
    }
    return Finding::make(QStringLiteral("tools.calls"), Severity::Info, QStringLiteral("tools/call"), {},
                         parts.join(QStringLiteral("; ")),
                         QStringLiteral("the Doctor calls only tools annotated readOnlyHint: true (2025-11-25 "
                                        "schema.ts, ToolAnnotations), so nothing it does changes the server's state"));
}

} // namespace Mcp::Doctor
