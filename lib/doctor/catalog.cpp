#include "doctor/catalog.h"

#include <QJsonObject>

namespace Mcp::Doctor {

namespace {

constexpr Severity Error = Severity::Error;
constexpr Severity Warning = Severity::Warning;
constexpr Severity Info = Severity::Info;
constexpr CheckTransport AnyTransport = CheckTransport::Any;
constexpr CheckTransport Stdio = CheckTransport::Stdio;
constexpr CheckTransport Http = CheckTransport::Http;
constexpr CheckEra AnyEra = CheckEra::Any;
constexpr CheckEra Legacy = CheckEra::Legacy;
constexpr CheckEra Modern = CheckEra::Modern;

// One row a check: id, the most severe it reports, transport, era, title, rule, fix. The rules
// name the 2025-11-25 specification's pages unless they say otherwise.
const QList<Check> Checks{
    {"transport.invalid-message", Error, AnyTransport, AnyEra, "Only JSON-RPC messages from the server", "basic/transports, stdio: nothing on stdout that is not an MCP message (MUST NOT)", "log to stderr, never to stdout"},
    {"transport.invalid-utf8", Error, AnyTransport, AnyEra, "Messages in UTF-8", "basic: JSON-RPC messages MUST be UTF-8 encoded", "encode what you write as UTF-8"},
    {"transport.stderr", Info, Stdio, AnyEra, "What the server writes to stderr", "basic/transports, stdio: stderr MAY carry logging", ""},
    {"transport.stdin-close", Warning, Stdio, AnyEra, "The process exits when its stdin closes", "basic/lifecycle, Shutdown (stdio): the client closes stdin, waits, then signals", "exit when stdin reaches its end (EOF)"},
    {"http.origin.unchecked", Error, Http, AnyEra, "A foreign Origin is refused with 403", "basic/transports, Streamable HTTP, Security Warning: validate Origin (MUST; DNS rebinding)", "refuse an Origin you do not serve with 403 (allowedOrigins)"},
    {"http.host.unchecked", Warning, Http, AnyEra, "A foreign Host is refused on loopback", "basic/transports, Security Warning: DNS rebinding reaches a local server under a page's own name", "accept only the Host names you listen on (allowedHosts)"},
    {"http.protocol-version.unchecked", Error, Http, Legacy, "An unsupported MCP-Protocol-Version gets 400", "basic/transports, Protocol Version Header: 400 for an unsupported version (MUST)", "answer 400 when the header is not a version you support"},
    {"http.get-stream", Warning, Http, Legacy, "GET opens a stream or gets 405", "basic/transports, Listening for Messages: text/event-stream or 405 (MUST)", "answer 405 to GET when the server sends nothing unasked"},
    {"http.session.unknown", Warning, Http, Legacy, "A session id the server never gave gets 404", "basic/transports, Session Management: 404 for a session it does not hold", "answer 404 for a session id you do not hold"},
    {"http.session.delete", Warning, Http, Legacy, "DELETE ends the session, or gets 405", "basic/transports, Session Management: clients SHOULD DELETE; servers MAY answer 405", "end the session on DELETE, or answer 405"},
    {"http.session.after-delete", Error, Http, Legacy, "A deleted session gets 404", "basic/transports, Session Management: an ended session's requests get 404 (MUST)", "forget the session on DELETE"},
    {"http.probes.not-run", Info, Http, Legacy, "The HTTP checks could open a session of their own", "the session checks need an initialize of their own answered", ""},
    {"http.checked", Info, Http, AnyEra, "The HTTP checks the server passed", "basic/transports, Streamable HTTP", ""},
    {"http.plain-remote", Warning, Http, AnyEra, "https for a server beyond this machine", "basic/authorization, Communication Security: HTTPS (MUST); everything travels in clear text", "serve https, or listen on loopback only"},
    {"lifecycle.list-failed", Error, AnyTransport, AnyEra, "Every list the capabilities announce answers", "server/tools, server/prompts, server/resources: a declared list MUST answer", "answer the list, or do not declare the capability"},
    {"lifecycle.unknown-method", Error, AnyTransport, AnyEra, "An unknown method gets -32601", "JSON-RPC 2.0, 5.1: -32601 Method not found", "answer every unknown method with -32601"},
    {"lifecycle.ping", Error, AnyTransport, Legacy, "ping gets an empty result", "basic/utilities/ping: respond promptly with an empty result (MUST)", "answer ping with {}"},
    {"lifecycle.version-negotiation", Error, AnyTransport, Legacy, "initialize with an unknown version gets a version the server supports", "basic/lifecycle, Version Negotiation", "answer initialize with your latest version whatever is asked"},
    {"lifecycle.initialize.shape", Error, AnyTransport, Legacy, "The initialize result has every required member", "schema.ts, InitializeResult (protocolVersion, capabilities, serverInfo)", "answer initialize with every required member"},
    {"lifecycle.invalid-params", Error, AnyTransport, AnyEra, "A request without its required parameter gets -32602", "JSON-RPC 2.0, 5.1: -32602 Invalid params", "validate the parameters and answer -32602"},
    {"lifecycle.capability.undeclared", Warning, AnyTransport, AnyEra, "Lists the capabilities do not declare get -32601", "basic/lifecycle, Capability Negotiation: hosts use only what is declared", "declare the capability, or answer -32601"},
    {"modern.discover.failed", Error, AnyTransport, Modern, "server/discover answers", "2026-07-28 server/discover: servers MUST implement it", "answer server/discover with the supported versions, capabilities and serverInfo"},
    {"modern.discover.shape", Error, AnyTransport, Modern, "server/discover has supportedVersions, capabilities and serverInfo", "2026-07-28 server/discover, DiscoverResult", "answer with {supportedVersions, capabilities, serverInfo}"},
    {"modern.result-type.missing", Error, AnyTransport, Modern, "Every result has resultType", "2026-07-28 basic/index: every result carries resultType (MUST)", "add \"resultType\": \"complete\" to every result"},
    {"modern.result-type.invalid", Error, AnyTransport, Modern, "resultType is one the revision defines", "2026-07-28 basic/index: resultType complete or input_required", "send \"complete\" for a finished result"},
    {"modern.server-info.missing", Warning, AnyTransport, Modern, "Results name the server in _meta", "2026-07-28 basic/index, _meta: serverInfo on every response (SHOULD)", "put serverInfo under _meta of every result"},
    {"modern.cache-hint.missing", Error, AnyTransport, Modern, "Cacheable results carry ttlMs and cacheScope", "2026-07-28 basic/utilities/caching: the hints on discover, lists and reads (MUST)", "add \"ttlMs\" and \"cacheScope\""},
    {"modern.cache-hint.invalid", Error, AnyTransport, Modern, "Cache hints are well formed and agree across pages", "2026-07-28 basic/utilities/caching: ttlMs >= 0, cacheScope public or private", "send whole milliseconds and public or private"},
    {"modern.tool-order", Warning, AnyTransport, Modern, "Tools come in the same order each listing", "2026-07-28 server/tools, Listing Tools: a deterministic order (SHOULD)", "sort the tools (by name) before answering"},
    {"modern.list-order", Info, AnyTransport, Modern, "Prompts and resources come in the same order each listing", "hosts cache what they list; a moving list defeats the cache", "sort the list before answering"},
    {"modern.x-mcp-header", Error, AnyTransport, Modern, "x-mcp-header annotations are valid", "2026-07-28 server/tools, x-mcp-header: unique header tokens on scalar properties (MUST)", "give each annotated property a unique token and a scalar type"},
    {"modern.listen.ack", Error, AnyTransport, Modern, "subscriptions/listen is acknowledged first", "2026-07-28 basic/patterns/subscriptions, Acknowledgment (MUST)", "send notifications/subscriptions/acknowledged before anything else on the stream"},
    {"modern.checked", Info, AnyTransport, Modern, "What the modern era's checks passed", "2026-07-28", ""},
    {"modern.header-mismatch", Error, Http, Modern, "Mcp-Method and Mcp-Name that disagree with the body get 400 and -32020", "2026-07-28 basic/transports, Streamable HTTP: standard headers (MUST)", "compare the headers with the body and answer 400 with -32020"},
    {"modern.protocol-version.unsupported", Error, Http, Modern, "An unsupported version gets 400 and -32022 with the supported ones", "2026-07-28 basic/versioning, Protocol Version Negotiation", "answer 400 with -32022 and data.supported, data.requested"},
    {"modern.meta.missing", Error, Http, Modern, "A request without _meta gets 400 and -32602", "2026-07-28 basic/index, _meta: per-request protocol fields (MUST)", "refuse a request whose _meta lacks the version or client capabilities"},
    {"modern.unknown-method-http", Error, Http, Modern, "An unknown method gets 404 and -32601", "2026-07-28 basic/transports, Streamable HTTP: 404 with -32601", "answer an unknown method with 404 and -32601"},
    {"lifecycle.cancel-ignored", Warning, AnyTransport, AnyEra, "A cancelled call stops: no answer after notifications/cancelled", "basic/utilities/cancellation: stop the work, send no response (SHOULD)", "stop the work when notifications/cancelled names its request"},
    {"lifecycle.progress-token", Error, AnyTransport, AnyEra, "Progress names only tokens of requests in progress", "basic/utilities/progress: only tokens of active requests (MUST)", "send the progressToken from the request's _meta, as given"},
    {"tools.name.format", Warning, AnyTransport, AnyEra, "Tool names of 1 to 128 of A-Z a-z 0-9 _ - .", "server/tools, Tool Names (SHOULD)", "rename the tool, e.g. with _ for spaces"},
    {"tools.name.host-limits", Warning, AnyTransport, AnyEra, "Tool names model APIs accept (64 characters, no dot)", "model APIs accept only ^[a-zA-Z0-9_-]{1,64}$ (Anthropic, OpenAI)", "keep names short, without dots"},
    {"tools.name.duplicate", Error, AnyTransport, AnyEra, "Each tool name once", "server/tools: names SHOULD be unique; model APIs refuse duplicates", "give each tool its own name"},
    {"tools.description.missing", Warning, AnyTransport, AnyEra, "Every tool has a description", "server/tools: description; models choose tools by it", "describe what the tool does and when to use it"},
    {"tools.input-schema.type", Error, AnyTransport, AnyEra, "inputSchema is an object schema", "schema.ts, Tool.inputSchema: { type: \"object\" }", "give the tool an object schema ({\"type\": \"object\"})"},
    {"tools.output-schema.type", Error, AnyTransport, AnyEra, "outputSchema is an object schema", "schema.ts, Tool.outputSchema: { type: \"object\" }", "give the tool an object output schema"},
    {"tools.schema.ref-unresolved", Error, AnyTransport, AnyEra, "Every local $ref of a schema resolves", "JSON Schema 2020-12: a $ref that resolves to nothing makes the schema invalid", "point the $ref at a definition in $defs"},
    {"tools.schema.ref-remote", Warning, AnyTransport, AnyEra, "No remote $ref in a schema", "hosts do not fetch remote schemas", "inline the referenced schema under $defs"},
    {"tools.schema.invalid", Error, AnyTransport, AnyEra, "Every schema is a valid JSON Schema 2020-12", "schema.ts, Tool.inputSchema/outputSchema are JSON Schemas; hosts compile them", "correct the keywords named"},
    {"tools.schema.ref-recursive", Warning, AnyTransport, AnyEra, "No $ref that never ends", "hosts inline every $ref for model APIs without $ref support", "bound the structure, or take the recursive part as a string"},
    {"tools.input-schema.top-level", Warning, AnyTransport, AnyEra, "No oneOf, allOf or anyOf at the top of inputSchema", "model APIs refuse alternatives at the top level (Anthropic, OpenAI)", "move the alternatives into a property"},
    {"tools.call.unknown-name", Error, AnyTransport, AnyEra, "Calling a tool the server does not have is an error", "server/tools, Error Handling: an unknown tool is -32602", "answer a tool you do not have with -32602"},
    {"tools.calls", Info, AnyTransport, AnyEra, "The read-only tools the Doctor called", "only tools annotated readOnlyHint: true are called (schema.ts, ToolAnnotations)", ""},
    {"tools.call.timeout", Warning, AnyTransport, AnyEra, "A read-only tool answers in time", "hosts give a tool call a deadline and show the user an error after it", "answer promptly, or report progress"},
    {"tools.call.error", Warning, AnyTransport, AnyEra, "A tool's failure is an isError result, not a protocol error", "server/tools, Error Handling: protocol errors are for unknown tools and bad arguments", "report a tool's failure as a result with isError: true"},
    {"tools.call.is-error", Info, AnyTransport, AnyEra, "A called tool answered isError: true", "server/tools: a tool's failure is a result with isError: true", ""},
    {"tools.result.content", Error, AnyTransport, AnyEra, "A tool result has a content array of known blocks", "schema.ts, CallToolResult.content (required), ContentBlock", "return {\"content\": [{\"type\": \"text\", ...}]}"},
    {"tools.structured-content.missing", Error, AnyTransport, AnyEra, "A tool with an outputSchema returns structuredContent", "server/tools, Output Schema: structured results MUST be provided", "return structuredContent, or drop the outputSchema"},
    {"tools.structured-content.invalid", Error, AnyTransport, AnyEra, "structuredContent meets the outputSchema", "server/tools, Output Schema: structured results MUST conform", "make the result and the outputSchema agree"},
    {"tools.structured-content.text", Warning, AnyTransport, AnyEra, "structuredContent also as text", "server/tools, Structured Content: also the serialized JSON in a text block (SHOULD)", "add the JSON as a text block"},
    {"resources.uri.invalid", Error, AnyTransport, AnyEra, "Resource URIs are absolute, with a scheme", "schema.ts, Resource.uri: @format uri", "use a URI with a scheme, e.g. file:///path"},
    {"resources.uri.duplicate", Warning, AnyTransport, AnyEra, "Each resource listed once", "resources/read names a resource by its URI", "list each resource once"},
    {"resources.template.invalid", Error, AnyTransport, AnyEra, "Resource templates are RFC 6570 URI templates", "schema.ts, ResourceTemplate.uriTemplate: @format uri-template", "close every { with } and name a variable in each"},
    {"resources.read.unknown-uri", Error, AnyTransport, AnyEra, "Reading a resource the server does not have is an error", "server/resources, Error Handling: -32002 (2026-07-28: -32602)", "answer a URI you do not have with an error"},
    {"prompts.argument.name", Error, AnyTransport, AnyEra, "Every prompt argument has a name", "schema.ts, PromptArgument.name (required)", "name the argument"},
    {"prompts.name.duplicate", Error, AnyTransport, AnyEra, "Each prompt name once", "server/prompts: prompts/get names the prompt", "give each prompt its own name"},
    {"prompts.get.unknown-name", Error, AnyTransport, AnyEra, "Getting a prompt the server does not have is an error", "server/prompts, Error Handling: an unknown name is -32602", "answer a prompt you do not have with -32602"},
    {"pagination.cursor-loop", Error, AnyTransport, AnyEra, "No cursor comes back", "server/utilities/pagination: nextCursor marks more results; a loop lists forever", "leave out nextCursor on the last page"},
    {"pagination.repeated-item", Warning, AnyTransport, AnyEra, "Each item on one page", "server/utilities/pagination: a cursor marks a position in the results", "make each cursor continue after its page's last item"},
    {"pagination.small-pages", Warning, AnyTransport, AnyEra, "Pages big enough to list quickly", "hosts read the whole list on connecting, a round trip a page", "serve bigger pages"},
    {"pagination.page-failed", Error, AnyTransport, AnyEra, "Every page answers", "server/utilities/pagination: the client sends back the cursor the server gave", "answer every cursor you gave"},
    {"pagination.invalid-cursor", Warning, AnyTransport, AnyEra, "A cursor the server never gave gets -32602", "server/utilities/pagination, Error Handling: -32602 (SHOULD)", "answer an unknown or expired cursor with -32602"},
    {"performance.tool-list-size", Warning, AnyTransport, AnyEra, "The tool list's size in model tokens", "hosts send the whole tool list to the model with every request", "fewer tools, or shorter descriptions and schemas"},
    {"performance.list-time", Info, AnyTransport, AnyEra, "How long listing everything takes", "hosts list a server's offer on connecting and after every list_changed", ""},
    {"performance.list-latency", Warning, AnyTransport, AnyEra, "Each list's first page is quick (median, slowest)", "hosts list every server on connecting and after each list_changed", "answer lists from memory"},
    {"performance.connect-time", Info, AnyTransport, AnyEra, "How long connecting takes", "hosts start or reach every configured server when they start", ""},
    {"security.hidden-characters", Error, AnyTransport, AnyEra, "No invisible characters in definitions", "tool poisoning: zero-width, tag and bidirectional characters hide text from the user", "remove the invisible characters"},
    {"security.model-instructions", Warning, AnyTransport, AnyEra, "Descriptions do not address the model", "tool poisoning: descriptions reach the model's context as they are", "put instructions for the model in the server's instructions"},
    {"security.definitions-changed", Warning, AnyTransport, AnyEra, "Definitions stay the same without list_changed", "server/tools: a changed list SHOULD be notified; unannounced changes are a \"rug pull\"", "keep definitions stable; announce changes with list_changed"},
    {"security.tool-shadowing", Info, AnyTransport, AnyEra, "No tool named like one hosts have built in", "tool shadowing: a model offered two tools of one name calls either", "put your server's domain in the name"},
};

} // namespace

QString Check::category() const
{
    return idText().section(u'.', 0, 0);
}

bool Check::appliesTo(bool http, bool modern) const
{
    const bool transportFits = transport == CheckTransport::Any || (transport == CheckTransport::Http) == http;
    const bool eraFits = era == CheckEra::Any || (era == CheckEra::Modern) == modern;
    return transportFits && eraFits;
}

QJsonObject Check::toJson() const
{
    return QJsonObject{{QStringLiteral("id"), idText()},
                       {QStringLiteral("category"), category()},
                       {QStringLiteral("level"), severityName(level)},
                       {QStringLiteral("title"), titleText()},
                       {QStringLiteral("rule"), ruleText()},
                       {QStringLiteral("fix"), fixText()},
                       {QStringLiteral("transport"), checkTransportName(transport)},
                       {QStringLiteral("era"), checkEraName(era)}};
}

QString checkTransportName(CheckTransport transport)
{
    switch (transport) {
    case CheckTransport::Stdio: return QStringLiteral("stdio");
    case CheckTransport::Http: return QStringLiteral("http");
    case CheckTransport::Any: break;
    }
    return QStringLiteral("any");
}

QString checkEraName(CheckEra era)
{
    switch (era) {
    case CheckEra::Legacy: return QStringLiteral("legacy");
    case CheckEra::Modern: return QStringLiteral("modern");
    case CheckEra::Any: break;
    }
    return QStringLiteral("any");
}

const QList<Check> &catalog()
{
    return Checks;
}

const Check *checkNamed(const QString &id)
{
    for (const Check &check : Checks) {
        if (id == QLatin1String(check.id))
            return &check;
    }
    return nullptr;
}

QList<Check> applicableChecks(bool http, bool modern, const QStringList &only, const QStringList &skip)
{
    QList<Check> checks;
    for (const Check &check : Checks) {
        if (check.appliesTo(http, modern) && (only.isEmpty() || only.contains(check.category()))
            && !skip.contains(check.idText()))
            checks.append(check);
    }
    return checks;
}

QString catalogText()
{
    QStringList lines;
    QString category;
    for (const Check &check : Checks) {
        if (check.category() != category) {
            category = check.category();
            if (!lines.isEmpty())
                lines << QString();
            lines << category;
        }
        lines << QStringLiteral("  %1 %2  %3").arg(severityName(check.level).leftJustified(7), check.idText(), check.titleText());
        lines << QStringLiteral("          applies: %1 transport, %2 era").arg(checkTransportName(check.transport), checkEraName(check.era));
        lines << QStringLiteral("          rule: %1").arg(check.ruleText());
        if (*check.fix)
            lines << QStringLiteral("          fix: %1").arg(check.fixText());
    }
    lines << QString() << QStringLiteral("%1 checks").arg(Checks.size());
    return lines.join(u'\n');
}

QString catalogMarkdown()
{
    // Pipes would end a table cell early.
    const auto cell = [](QString text) { return text.replace(u'|', QStringLiteral("\\|")); };
    QStringList lines{QStringLiteral("| Check | Category | Level | Applies | What it checks | Rule | Fix |"),
                      QStringLiteral("|---|---|---|---|---|---|---|")};
    for (const Check &check : Checks) {
        lines << QStringLiteral("| `%1` | %2 | %3 | %4, %5 | %6 | %7 | %8 |")
                     .arg(check.idText(), check.category(), severityName(check.level), checkTransportName(check.transport),
                          checkEraName(check.era), cell(check.titleText()), cell(check.ruleText()), cell(check.fixText()));
    }
    return lines.join(u'\n') + u'\n';
}

QJsonArray catalogJson()
{
    QJsonArray checks;
    for (const Check &check : Checks)
        checks.append(check.toJson());
    return checks;
}

} // namespace Mcp::Doctor
