#include "doctor/modernchecks.h"

#include "doctor/httpprobes.h"
#include "protocol/errorcodes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "session/modern/subscriptions.h"
#include "session/requests.h"
#include "session/serverconnection.h"
#include "transport/modernheaders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace Mcp::Doctor {

namespace {

const QString BasicRule = QStringLiteral("2026-07-28 basic/index, Result Responses");
const QString CachingRule = QStringLiteral("2026-07-28 server/utilities/caching");

// What a fault of the results says: the expected, the rule, the fix and how bad it is.
struct ResultRule
{
    QString id;
    Severity severity;
    QString expected;
    QString rule;
    QString fix;
};

const QList<ResultRule> &resultRules()
{
    static const QList<ResultRule> rules{
        {QStringLiteral("modern.result-type.missing"), Severity::Error, QStringLiteral("\"resultType\" in every result"),
         BasicRule + QStringLiteral(": the result MUST include a resultType field; hosts read its absence as a server "
                                    "of an earlier revision"),
         QStringLiteral("add \"resultType\": \"complete\" to every result (\"input_required\" when asking for input)")},
        {QStringLiteral("modern.result-type.invalid"), Severity::Error,
         QStringLiteral("\"complete\" or \"input_required\" (or a type of an extension the server offers)"),
         BasicRule + QStringLiteral(", ResultType: a resultType the client does not recognize MUST be considered "
                                    "invalid, so the host drops the result"),
         QStringLiteral("send \"complete\" for a finished result")},
        {QStringLiteral("modern.server-info.missing"), Severity::Warning,
         QStringLiteral("_meta[\"io.modelcontextprotocol/serverInfo\"] with name and version in every result"),
         QStringLiteral("2026-07-28 basic/index, _meta, Per-response protocol fields: servers SHOULD include "
                        "io.modelcontextprotocol/serverInfo in every result's _meta; without a handshake it is how "
                        "a host names the server"),
         QStringLiteral("put {\"name\", \"version\"} under _meta[\"io.modelcontextprotocol/serverInfo\"] of every result")},
        {QStringLiteral("modern.cache-hint.missing"), Severity::Error,
         QStringLiteral("ttlMs and cacheScope on complete results of server/discover, the lists and resources/read"),
         CachingRule + QStringLiteral(", Cacheable Results: servers MUST include caching hints on these results"),
         QStringLiteral("add \"ttlMs\": 0 (or how long the result stays fresh) and \"cacheScope\": \"public\" or "
                        "\"private\"")},
        {QStringLiteral("modern.cache-hint.invalid"), Severity::Error,
         QStringLiteral("ttlMs an integer >= 0, cacheScope \"public\" or \"private\" (one for all pages of a list)"),
         CachingRule + QStringLiteral(", Cacheable Model: servers MUST provide a ttlMs >= 0; cacheScope is one of "
                                      "\"public\" and \"private\", the same on every page of a list"),
         QStringLiteral("send a whole number of milliseconds, 0 or more, and \"public\" or \"private\"")},
    };
    return rules;
}

bool isCacheable(const QString &method)
{
    return method == Method::ServerDiscover || method == Method::ToolsList || method == Method::PromptsList
        || method == Method::ResourcesList || method == Method::ResourcesTemplatesList || method == Method::ResourcesRead;
}

bool isClientSide(int code)
{
    return code == SessionErrorCode::Timeout || code == SessionErrorCode::Cancelled
        || code == SessionErrorCode::ConnectionClosed || code == SessionErrorCode::TransportFailure;
}

QString compactJson(const QJsonValue &value, qsizetype shown)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1).left(shown);
}

QString listed(const QStringList &names)
{
    constexpr qsizetype Shown = 6;
    QString text = names.mid(0, Shown).join(QStringLiteral(", "));
    if (names.size() > Shown)
        text += QStringLiteral(", … (%1 in all)").arg(names.size());
    return text;
}

} // namespace

QList<Finding> checkDiscoverResult(const QJsonObject &result, const QString &protocolVersion)
{
    QList<Finding> findings;
    const auto report = [&](const QString &expected, const QString &seen) {
        findings.append(Finding::make(
            QStringLiteral("modern.discover.shape"), Severity::Error, QStringLiteral("server/discover"), expected, seen,
            QStringLiteral("2026-07-28 server/discover, DiscoverResult: supportedVersions (the protocol versions the "
                           "server supports) and capabilities are required; hosts pick their version from the list"),
            QStringLiteral("answer server/discover with {\"supportedVersions\": [\"2026-07-28\"], \"capabilities\": "
                           "{...}, \"resultType\": \"complete\", ...}")));
    };
    const QJsonValue versions = result.value(Key::SupportedVersions);
    const QJsonArray list = versions.toArray();
    const bool allStrings = std::all_of(list.cbegin(), list.cend(), [](const QJsonValue &v) { return v.isString(); });
    if (!versions.isArray() || list.isEmpty() || !allStrings) {
        report(QStringLiteral("supportedVersions: a non-empty list of version strings"),
               versions.isUndefined() ? QStringLiteral("no supportedVersions")
                                      : QStringLiteral("supportedVersions: %1").arg(compactJson(versions, 120)));
    } else if (!protocolVersion.isEmpty() && !list.contains(QJsonValue(protocolVersion))) {
        QStringList names;
        for (const QJsonValue &version : list)
            names << version.toString();
        report(QStringLiteral("supportedVersions naming %1, the version the server answers in").arg(protocolVersion),
               QStringLiteral("supportedVersions: %1").arg(names.join(QStringLiteral(", "))));
    }
    if (!result.value(Key::Capabilities).isObject())
        report(QStringLiteral("capabilities: an object"), result.contains(Key::Capabilities)
                                                              ? QStringLiteral("capabilities that are not an object")
                                                              : QStringLiteral("no capabilities"));
    return findings;
}

QList<Finding> checkToolHeaders(const QJsonObject &snapshot)
{
    QList<Finding> findings;
    for (const QJsonValue &value : snapshot.value(Key::Tools).toArray()) {
        const QJsonObject tool = value.toObject();
        const ModernHeaders::ToolHeaders headers = ModernHeaders::ToolHeaderRules::inspect(tool.value(Key::InputSchema).toObject());
        if (headers.valid)
            continue;
        findings.append(Finding::make(
            QStringLiteral("modern.x-mcp-header"), Severity::Error,
            QStringLiteral("tool \"%1\"").arg(tool.value(Key::Name).toString()),
            QStringLiteral("x-mcp-header values that are unique header tokens, on string, integer or boolean "
                           "properties reached through \"properties\" alone"),
            headers.reason,
            QStringLiteral("2026-07-28 server/tools, x-mcp-header: the constraints are MUSTs, and clients on "
                           "Streamable HTTP MUST leave a tool that breaks them out of tools/list"),
            QStringLiteral("fix the annotation (or remove it): a plain name such as \"Region\" on a top-level "
                           "string, integer or boolean parameter")));
    }
    return findings;
}

QList<Finding> checkListOrder(const QJsonObject &first, const QJsonObject &second)
{
    struct List
    {
        QLatin1StringView key;
        QLatin1StringView name;
        QString kind;
    };
    const List lists[] = {{Key::Tools, Key::Name, QStringLiteral("tools")},
                          {Key::Prompts, Key::Name, QStringLiteral("prompts")},
                          {Key::Resources, Key::Uri, QStringLiteral("resources")},
                          {Key::ResourceTemplates, Key::UriTemplate, QStringLiteral("resource templates")}};
    QList<Finding> findings;
    for (const List &list : lists) {
        const auto names = [&list](const QJsonObject &snapshot) {
            QStringList out;
            for (const QJsonValue &item : snapshot.value(list.key).toArray())
                out << item.toObject().value(list.name).toString();
            return out;
        };
        const QStringList before = names(first);
        const QStringList after = names(second);
        QStringList sortedBefore = before;
        QStringList sortedAfter = after;
        sortedBefore.sort();
        sortedAfter.sort();
        // Only the same items in another order: a list whose items changed may well move.
        if (before == after || sortedBefore != sortedAfter)
            continue;
        const bool tools = list.key == Key::Tools;
        findings.append(Finding::make(
            tools ? QStringLiteral("modern.tool-order") : QStringLiteral("modern.list-order"),
            tools ? Severity::Warning : Severity::Info, QStringLiteral("%1/list").arg(QString(list.key)),
            QStringLiteral("the %1 in the same order in both listings").arg(list.kind),
            QStringLiteral("first: %1; then: %2").arg(listed(before), listed(after)),
            tools ? QStringLiteral("2026-07-28 server/tools, Listing Tools: servers SHOULD return tools in a deterministic "
                                   "order; hosts cache the list, and a model's prompt cache misses when it moves")
                  : QStringLiteral("hosts put what they list into the model's context; a list that moves defeats its "
                                   "prompt cache"),
            QStringLiteral("sort the %1 (by name), or keep them in the order they were registered").arg(list.kind)));
    }
    return findings;
}

ModernChecks::ModernChecks(QObject *parent) : QObject(parent) {}

ModernChecks::~ModernChecks() = default;

void ModernChecks::observe(const TrafficEvent &event)
{
    if (event.kind != TrafficEvent::Kind::Message || event.exchangeId >= HttpProbes::FirstExchangeId)
        return;
    const bool outgoing = event.direction == TrafficEvent::Direction::Outgoing;
    if (!outgoing && event.direction != TrafficEvent::Direction::Incoming)
        return;
    if (!outgoing) {
        // Read whole only what answers a modern request, or may belong to the Doctor's listen.
        const MessageSummary summary = summarizeFrame(event.raw);
        const bool answers = summary.kind == Message::Kind::Response || summary.kind == Message::Kind::ErrorResponse;
        if (!summary.valid || summary.batch
            || (!(answers && m_pending.contains(summary.id)) && !(m_listenStream && !m_listenDone)))
            return;
    }
    const ParsedFrame frame = parseFrame(event.raw);
    for (const Message &message : frame.messages) {
        if (outgoing) {
            // Only requests that carry the modern _meta are answered in the modern way.
            if (!message.isRequest() || ModernHeaders::metaProtocolVersion(message.paramsObject()).isEmpty())
                continue;
            m_pending.insert(message.id(), {message.method(), event, message.paramsObject().contains(Key::Cursor)});
            if (message.method() == Method::SubscriptionsListen && m_listenSent && !m_listenId && !m_listenDone) {
                m_listenId = message.id();
                m_listenStream = std::make_unique<Modern::ListenStream>(
                    message.id(), Modern::SubscriptionFilter::fromJson(message.paramsObject().value(Key::Notifications).toObject()));
                m_listenEvidence = {event};
            }
            continue;
        }
        if (message.isReply()) {
            const Pending request = m_pending.take(message.id());
            if (request.method.isEmpty())
                continue;
            if (request.method == Method::ServerDiscover) {
                m_discoverExchange = {request.request, event};
                m_discoverGotResult = message.isResponse();
            }
            if (message.isResponse())
                checkResult(request, message.result().toObject(), event);
        }
        if (!m_listenStream || m_listenDone)
            continue;
        const Modern::ListenEvent listened = m_listenStream->accept(message);
        switch (listened.kind) {
        case Modern::ListenEvent::Kind::Acknowledged:
            m_listenEvidence.append(event);
            listenAnswered({}, Severity::Info);
            break;
        case Modern::ListenEvent::Kind::Violation:
            m_listenEvidence.append(event);
            listenAnswered(listened.message, Severity::Error);
            break;
        case Modern::ListenEvent::Kind::Refused:
            m_listenEvidence.append(event);
            listenAnswered(QStringLiteral("the request was refused: %1 (%2)").arg(message.error().message).arg(message.error().code),
                           Severity::Error);
            break;
        case Modern::ListenEvent::Kind::Closed:
            m_listenEvidence.append(event);
            listenAnswered(QStringLiteral("a result that ended the subscription, with no acknowledgement first"),
                           Severity::Error);
            break;
        default:
            // The only acknowledgement a lone subscription gets: not tagged as its own.
            if (message.method() == Method::SubscriptionsAcknowledgedNotification
                && !message.paramsObject().value(Key::Meta).toObject().contains(MetaKey::SubscriptionId)) {
                m_listenEvidence.append(event);
                listenAnswered(QStringLiteral("an acknowledgement without _meta[\"io.modelcontextprotocol/subscriptionId\"]"),
                               Severity::Error);
            }
            break;
        }
    }
}

void ModernChecks::checkResult(const Pending &request, const QJsonObject &result, const TrafficEvent &answer)
{
    ++m_results;
    const QString method = request.method;
    const QJsonValue type = result.value(Key::ResultType);
    const QString typeName = type.toString();
    if (type.isUndefined()) {
        fault(QStringLiteral("modern.result-type.missing"), QStringLiteral("%1 answered without resultType").arg(method),
              request, answer);
    } else if (typeName != ResultTypeValue::Complete && typeName != ResultTypeValue::InputRequired
               && !(typeName == ResultTypeValue::Task && m_tasksOffered)) {
        fault(QStringLiteral("modern.result-type.invalid"),
              QStringLiteral("%1 answered with resultType %2")
                  .arg(method, type.isString() ? QStringLiteral("\"%1\"").arg(typeName) : QStringLiteral("that is not a string")),
              request, answer);
    }
    const QJsonObject serverInfo = result.value(Key::Meta).toObject().value(MetaKey::ServerInfo).toObject();
    if (!serverInfo.value(Key::Name).isString() || !serverInfo.value(Key::Version).isString())
        fault(QStringLiteral("modern.server-info.missing"),
              QStringLiteral("%1 answered without _meta serverInfo (name and version)").arg(method), request, answer);

    const bool complete = type.isUndefined() || typeName == ResultTypeValue::Complete;
    const QJsonValue ttl = result.value(Key::TtlMs);
    const QJsonValue scope = result.value(Key::CacheScope);
    if (isCacheable(method) && complete && (ttl.isUndefined() || scope.isUndefined())) {
        QStringList missing;
        if (ttl.isUndefined())
            missing << QString(Key::TtlMs);
        if (scope.isUndefined())
            missing << QString(Key::CacheScope);
        fault(QStringLiteral("modern.cache-hint.missing"),
              QStringLiteral("%1 answered without %2").arg(method, missing.join(QStringLiteral(" and "))), request, answer);
    }
    const double ms = ttl.toDouble(-1);
    const bool ttlValid = ttl.isUndefined() || (ttl.isDouble() && ms >= 0 && std::floor(ms) == ms);
    const bool scopeValid = scope.isUndefined() || scope == CacheScopeValue::Public || scope == CacheScopeValue::Private;
    if (!ttlValid || !scopeValid) {
        fault(QStringLiteral("modern.cache-hint.invalid"),
              QStringLiteral("%1 answered with %2").arg(method, !ttlValid ? QStringLiteral("ttlMs %1").arg(compactJson(ttl, 60))
                                                                          : QStringLiteral("cacheScope %1").arg(compactJson(scope, 60))),
              request, answer);
    }
    // caching.mdx, Interaction with Pagination: every page of a list with the same cacheScope.
    if (complete && method != Method::ServerDiscover && method != Method::ResourcesRead && isCacheable(method)) {
        if (!request.nextPage)
            m_firstPageScope.insert(method, scope);
        else if (scopeValid && m_firstPageScope.contains(method) && m_firstPageScope.value(method) != scope)
            fault(QStringLiteral("modern.cache-hint.invalid"),
                  QStringLiteral("%1 pages with cacheScope %2, then %3")
                      .arg(method, m_firstPageScope.value(method).toString(), scope.toString()),
                  request, answer);
    }
    if (method == Method::ServerDiscover)
        m_tasksOffered = result.value(Key::Capabilities).toObject().value(Key::Extensions).toObject().contains(ExtensionId::Tasks);
}

void ModernChecks::fault(const QString &id, const QString &first, const Pending &request, const TrafficEvent &answer)
{
    Fault &seen = m_faults[id];
    if (seen.count++ == 0) {
        seen.first = first;
        seen.evidence = {request.request, answer};
    }
}

void ModernChecks::examine(ServerConnection *connection, const QJsonObject &first, const QJsonObject &second,
                           const QString &protocolVersion, int timeoutMs, std::function<void()> done)
{
    m_connection = connection;
    m_protocolVersion = protocolVersion;
    m_timeoutMs = timeoutMs;
    m_done = std::move(done);
    const QList<Finding> order = checkListOrder(first, second);
    const bool listed = !first.value(Key::Tools).toArray().isEmpty() || !first.value(Key::Prompts).toArray().isEmpty()
        || !first.value(Key::Resources).toArray().isEmpty();
    if (order.isEmpty() && listed)
        m_passed << QStringLiteral("the same order when listed again");
    m_findings += order;
    m_findings += checkToolHeaders(first);
    m_firstResource = first.value(Key::Resources).toArray().first().toObject().value(Key::Uri).toString();
    discover();
}

void ModernChecks::discover()
{
    if (!m_connection)
        return finishExamination();
    RequestOptions options;
    options.timeoutMs = m_timeoutMs;
    options.attachProgressToken = false;
    OutgoingRequest *sent = m_connection->sendRequest(Method::ServerDiscover, {}, options);
    connect(sent, &OutgoingRequest::finished, this, [this, sent] {
        const Response response = sent->response();
        QJsonObject capabilities;
        if (response.error) {
            // A result the client could not read (an invalid resultType) is the results' fault,
            // reported with them.
            const bool unreadable = m_discoverGotResult && response.error->code == ErrorCode::InternalError;
            if (!unreadable && (!isClientSide(response.error->code) || response.error->code == SessionErrorCode::Timeout)) {
                Finding finding = Finding::make(
                    QStringLiteral("modern.discover.failed"), Severity::Error, QStringLiteral("server/discover"),
                    QStringLiteral("a DiscoverResult"),
                    QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message),
                    QStringLiteral("2026-07-28 server/discover: servers MUST implement it; hosts on stdio send it first "
                                   "to learn the server's era"),
                    QStringLiteral("answer server/discover with the supported versions, capabilities and serverInfo"));
                finding.evidence = m_discoverExchange;
                m_findings.append(finding);
            }
        } else {
            const QJsonObject result = response.result.toObject();
            capabilities = result.value(Key::Capabilities).toObject();
            QList<Finding> shape = checkDiscoverResult(result, m_protocolVersion);
            if (shape.isEmpty())
                m_passed << QStringLiteral("server/discover");
            for (Finding &finding : shape)
                finding.evidence = m_discoverExchange;
            m_findings += shape;
        }
        listen(capabilities);
    });
}

void ModernChecks::listen(const QJsonObject &capabilities)
{
    const auto offers = [&](QLatin1StringView capability, QLatin1StringView flag) {
        return capabilities.value(capability).toObject().value(flag).toBool();
    };
    Modern::SubscriptionFilter filter;
    filter.toolsListChanged = offers(Key::Tools, Key::ListChanged);
    filter.promptsListChanged = offers(Key::Prompts, Key::ListChanged);
    filter.resourcesListChanged = offers(Key::Resources, Key::ListChanged);
    if (offers(Key::Resources, Key::Subscribe) && !m_firstResource.isEmpty())
        filter.resourceSubscriptions = {m_firstResource};
    // A server that offers none of what the stream carries need not have one.
    if (!m_connection || filter.isEmpty())
        return finishExamination();
    RequestOptions options;
    options.timeoutMs = 0; // the stream stays open until the Doctor closes it
    options.attachProgressToken = false;
    m_listenSent = true;
    m_listenTime.start();
    OutgoingRequest *sent = m_connection->sendRequest(Method::SubscriptionsListen, Modern::listenParams(filter), options);
    if (sent->isFinished())
        return finishExamination(); // not sent: its own error says why, nothing of the server's
    m_listenRequest = sent;
    if (!m_listenId && !sent->id().isNull()) {
        m_listenId = sent->id();
        m_listenStream = std::make_unique<Modern::ListenStream>(sent->id(), filter);
    }
    connect(sent, &OutgoingRequest::finished, this, [this, sent] {
        if (m_listenDone)
            return;
        const Response response = sent->response();
        if (response.error && isClientSide(response.error->code))
            listenAnswered(QStringLiteral("the stream ended before an acknowledgement: %1").arg(response.error->message),
                           Severity::Error);
        else if (response.error)
            listenAnswered(QStringLiteral("the request was refused: %1 (%2)").arg(response.error->message).arg(response.error->code),
                           Severity::Error);
        else
            listenAnswered(QStringLiteral("a result that ended the subscription, with no acknowledgement first"),
                           Severity::Error);
    });
    QTimer::singleShot(m_timeoutMs, this, [this] {
        if (m_listenDone)
            return;
        listenAnswered(QStringLiteral("no acknowledgement within %1 ms").arg(m_timeoutMs), Severity::Error);
    });
}

void ModernChecks::listenAnswered(const QString &seen, Severity severity)
{
    m_listenDone = true;
    if (seen.isEmpty()) {
        m_passed << QStringLiteral("subscriptions/listen acknowledged in %1 ms").arg(m_listenTime.elapsed());
    } else {
        Finding finding = Finding::make(
            QStringLiteral("modern.listen.ack"), severity, QStringLiteral("subscriptions/listen"),
            QStringLiteral("notifications/subscriptions/acknowledged first, with _meta[\"io.modelcontextprotocol/"
                           "subscriptionId\"] the request's id"),
            seen,
            QStringLiteral("2026-07-28 basic/patterns/subscriptions, Acknowledgment: the server MUST send the "
                           "acknowledgement as the first message carrying the subscription's id, and MUST NOT send a "
                           "notification on the subscription before it; the capabilities' listChanged and subscribe "
                           "promise the stream"),
            QStringLiteral("answer subscriptions/listen with the acknowledgement at once, tagged with the request's id, "
                           "and keep the stream open"));
        finding.evidence = m_listenEvidence;
        m_findings.append(finding);
    }
    finishExamination();
}

void ModernChecks::finishExamination()
{
    if (!m_done)
        return;
    // Not from inside the traffic signal that brought the acknowledgement: the transport is
    // still reading the stream that closing would free.
    QTimer::singleShot(0, this, [this, done = std::exchange(m_done, {})] {
        // Seen what it needed: the stream is closed again (HTTP: the response stream; stdio:
        // notifications/cancelled), so none stays open.
        if (m_listenRequest && !m_listenRequest->isFinished())
            m_listenRequest->cancel(QStringLiteral("The Doctor saw what it needed of the subscription."));
        done();
    });
}

QList<Finding> ModernChecks::findings() const
{
    QList<Finding> findings = m_findings;
    for (const ResultRule &rule : resultRules()) {
        const auto fault = m_faults.constFind(rule.id);
        if (fault == m_faults.cend())
            continue;
        Finding finding = Finding::make(rule.id, rule.severity, QStringLiteral("results of the modern era"), rule.expected,
                                        QStringLiteral("%1 of %2 result(s); the first: %3")
                                            .arg(fault->count)
                                            .arg(m_results)
                                            .arg(fault->first),
                                        rule.rule, rule.fix);
        finding.evidence = fault->evidence;
        findings.append(finding);
    }
    QStringList passed = m_passed;
    if (m_results > 0 && m_faults.isEmpty())
        passed.prepend(QStringLiteral("%1 result(s) with resultType, serverInfo and well-formed cache hints").arg(m_results));
    if (!passed.isEmpty())
        findings.append(Finding::make(QStringLiteral("modern.checked"), Severity::Info, QStringLiteral("the modern era"), {},
                                      QStringLiteral("as the revision asks: %1").arg(passed.join(QStringLiteral(", "))),
                                      QStringLiteral("2026-07-28")));
    return findings;
}

} // namespace Mcp::Doctor
