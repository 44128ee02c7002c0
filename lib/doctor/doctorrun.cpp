#include "doctor/doctorrun.h"

#include "doctor/listingchecks.h"
#include "doctor/modernchecks.h"
#include "jsonrpc/message.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "session/serverconnection.h"

#include <QJsonDocument>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <memory>

namespace Mcp::Doctor {

namespace {

bool isClientSide(int code)
{
    return code == SessionErrorCode::Timeout || code == SessionErrorCode::Cancelled
        || code == SessionErrorCode::ConnectionClosed || code == SessionErrorCode::TransportFailure;
}

// A progress token as text: 7 and "7" are different tokens.
QString tokenText(const QJsonValue &token)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{token}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace

DoctorRun::DoctorRun(ServerConnection *connection, const Options &options, QObject *parent)
    : QObject(parent), m_connection(connection), m_options(options), m_modernChecks(new ModernChecks(this))
{
}

QString DoctorRun::unknownMethod()
{
    return QStringLiteral("mcpscope/doctor/no-such-method");
}

QString DoctorRun::unknownName()
{
    return QStringLiteral("mcpscope-doctor-no-such-name");
}

QString DoctorRun::unknownUri()
{
    return QStringLiteral("mcpscope-doctor://no-such-resource");
}

void DoctorRun::start(bool modern, const QString &protocolVersion, const QJsonObject &serverCapabilities)
{
    m_modern = modern;
    m_protocolVersion = protocolVersion;
    m_capabilities = serverCapabilities;
    if (m_options.http) {
        m_options.http->modern = modern;
        m_options.http->protocolVersion = protocolVersion;
    }
    listEverything();
}

void DoctorRun::observe(const TrafficEvent &event)
{
    m_modernChecks->observe(event);
    m_exchanges.observe(event);
    const bool message = event.kind == TrafficEvent::Kind::Message;
    const bool incoming = event.direction == TrafficEvent::Direction::Incoming;
    if (message && incoming) {
        m_listChanged = m_listChanged || event.raw.contains("/list_changed");
        // The transport reads invalid bytes as U+FFFD and goes on; a host's may not.
        if (!QUtf8StringView(event.raw).isValidUtf8() && m_invalidUtf8++ == 0)
            m_firstInvalidUtf8 = event;
        if (m_options.seesFirstByte && event.raw.contains(Method::ProgressNotification.data()))
            checkProgress(event);
    } else if (message && event.raw.contains("progressToken")) {
        const QJsonObject sent = QJsonDocument::fromJson(event.raw).object();
        const QJsonValue token = sent.value(QLatin1String("params")).toObject().value(QLatin1String("_meta")).toObject().value(QLatin1String("progressToken"));
        if (!token.isUndefined())
            m_progressTokens.insert(tokenText(token));
    }
    if (event.kind == TrafficEvent::Kind::InvalidMessage && event.direction == TrafficEvent::Direction::Incoming) {
        if (m_invalidMessages++ == 0)
            m_firstInvalid = event;
    } else if (event.kind == TrafficEvent::Kind::StderrLine) {
        ++m_stderrLines;
        m_stderrBytes += event.raw.size();
    }
}

void DoctorRun::checkProgress(const TrafficEvent &event)
{
    const QJsonObject notification = QJsonDocument::fromJson(event.raw).object();
    if (notification.value(QLatin1String("method")).toString() != Method::ProgressNotification)
        return;
    const QString token = tokenText(notification.value(QLatin1String("params")).toObject().value(QLatin1String("progressToken")));
    if (m_progressTokens.contains(token))
        return;
    if (m_strayProgressTokens.isEmpty())
        m_firstStrayProgress = event;
    if (!m_strayProgressTokens.contains(token))
        m_strayProgressTokens.append(token);
}

void DoctorRun::listEverything()
{
    if (!m_connection)
        return finish();
    ServerConnection::ListOptions options = ServerConnection::ListOptions::fromServer();
    options.pageTimeoutMs = m_options.timeoutMs;
    m_listing.start();
    m_connection->listSnapshot(this, options, [this](const QJsonObject &snapshot, const QString &error) {
        const qint64 elapsedMs = m_listing.elapsed();
        m_snapshot = snapshot;
        // A list that fails is reported by the walk (walkLists), page by page, with its exchange.
        Q_UNUSED(error);
        m_findings += checkListings(snapshot);
        m_findings.append(Finding::make(QStringLiteral("performance.list-time"), Severity::Info, QStringLiteral("all lists"),
                                        {}, QStringLiteral("listed everything in %1 ms").arg(elapsedMs),
                                        QStringLiteral("hosts list a server's offer when they connect and after every list_changed")));
        listAgain();
    });
}

void DoctorRun::listAgain()
{
    if (!m_connection)
        return finish();
    ServerConnection::ListOptions options = ServerConnection::ListOptions::fromServer();
    options.pageTimeoutMs = m_options.timeoutMs;
    m_connection->listSnapshot(this, options, [this](const QJsonObject &again, const QString &error) {
        const QStringList changed = changedDefinitions(m_snapshot, again);
        if (error.isEmpty() && !changed.isEmpty() && !m_listChanged) {
            m_findings.append(Finding::make(
                QStringLiteral("security.definitions-changed"), Severity::Warning, changed.constFirst(),
                QStringLiteral("the same definitions when listed again, or a list_changed notification first"),
                QStringLiteral("changed between two listings: %1").arg(changed.join(QStringLiteral(", "))),
                QStringLiteral("hosts show a user the definitions they approve and cache them; a definition that "
                               "changes unannounced is what the user did not approve (a \"rug pull\"), and "
                               "2025-11-25 server/tools says a server that changes its list SHOULD notify"),
                QStringLiteral("keep definitions stable; when they change, send notifications/tools/list_changed "
                               "(prompts/, resources/) and declare listChanged")));
        }
        if (m_modern && m_connection)
            return m_modernChecks->examine(m_connection, m_snapshot, again, m_protocolVersion, m_options.timeoutMs,
                                            [this] { askUnknownMethod(); });
        askUnknownMethod();
    });
}

void DoctorRun::ask(const Request &request, std::function<void(const OutgoingRequest *)> answered)
{
    if (!m_connection)
        return finish();
    RequestOptions options;
    options.timeoutMs = m_options.timeoutMs;
    options.forceRefresh = true; // the server's answer, never the result cache's (a list with ttlMs)
    OutgoingRequest *sent = m_connection->send(request, options);
    connect(sent, &OutgoingRequest::finished, this, [sent, answered = std::move(answered)] { answered(sent); });
}

void DoctorRun::askUnknownMethod()
{
    ask(Request{unknownMethod(), {}}, [this](const OutgoingRequest *request) {
        const Response response = request->response();
        const auto report = [this](Severity severity, const QString &seen) {
            m_findings.append(Finding::make(QStringLiteral("lifecycle.unknown-method"), severity,
                                            QStringLiteral("a method the server does not know"),
                                            QStringLiteral("an error with code -32601 (Method not found)"), seen,
                                            QStringLiteral("JSON-RPC 2.0, 5.1: -32601 when the method does not exist; "
                                                           "hosts send methods of newer revisions and rely on it"),
                                            QStringLiteral("answer every unknown method with -32601")));
        };
        if (!response.error) {
            report(Severity::Error, QStringLiteral("a result"));
        } else if (response.error->code == SessionErrorCode::Timeout) {
            report(Severity::Error, QStringLiteral("no answer within %1 ms").arg(m_options.timeoutMs));
        } else if (isClientSide(response.error->code)) {
            report(Severity::Warning, response.error->message);
        } else if (response.error->code != ErrorCode::MethodNotFound) {
            report(Severity::Error, QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message));
        }
        // One request a list the server offers (its key in the snapshot).
        const QList<UnknownName> asks{
            {QStringLiteral("tools"), QStringLiteral("tools.call.unknown-name"), Requests::callTool(unknownName(), {})},
            {QStringLiteral("prompts"), QStringLiteral("prompts.get.unknown-name"), Requests::getPrompt(unknownName())},
            {QStringLiteral("resources"), QStringLiteral("resources.read.unknown-uri"), Requests::readResource(unknownUri())}};
        QList<UnknownName> offered;
        for (const UnknownName &ask : asks) {
            if (m_snapshot.contains(ask.list))
                offered << ask;
        }
        askUnknownNames(offered);
    });
}

void DoctorRun::askUnknownNames(QList<UnknownName> asks)
{
    if (asks.isEmpty())
        return askInvalidParams();
    const UnknownName asked = asks.takeFirst();
    // 2026-07-28 moved "resource not found" from -32002 to Invalid params; a legacy server may
    // answer either (the SDKs long used -32602).
    const bool resources = asked.request.method == Method::ResourcesRead;
    const int expectedCode = resources && !m_modern ? int(ErrorCode::ResourceNotFound) : int(ErrorCode::InvalidParams);
    const int alsoAccepted = resources ? int(ErrorCode::InvalidParams) : expectedCode;
    const QString subject = QStringLiteral("%1 of a %2 it does not have")
                                .arg(asked.request.method, resources ? QStringLiteral("URI") : QStringLiteral("name"));
    const QString id = asked.id;
    ask(asked.request, [this, asks, expectedCode, alsoAccepted, subject, id](const OutgoingRequest *sent) {
        const Response response = sent->response();
        const auto report = [&](Severity severity, const QString &seen) {
            m_findings.append(Finding::make(
                id, severity, subject, QStringLiteral("an error with code %1").arg(expectedCode), seen,
                expectedCode == int(ErrorCode::ResourceNotFound)
                    ? QStringLiteral("2025-11-25 server/resources, Error Handling: a resource that is not found is "
                                     "answered with -32002")
                    : QStringLiteral("server/tools, server/prompts and (2026-07-28) server/resources, Error Handling: "
                                     "an unknown name is a protocol error, -32602 (Invalid params); a host that calls "
                                     "what was just removed must not see a result"),
                QStringLiteral("answer a name you do not have with the error code %1").arg(expectedCode)));
        };
        if (!response.error) {
            // The TypeScript SDK (v1) answers an unknown tool with an isError result on purpose:
            // hosts show it to the model, so it is worth knowing, not a fault.
            const bool isError = response.result.toObject().value(QLatin1String("isError")).toBool();
            report(isError ? Severity::Info : Severity::Error,
                   isError ? QStringLiteral("a tool result with isError: true (hosts show it to the model as the "
                                            "tool's answer)")
                           : QStringLiteral("a result"));
        } else if (response.error->code == SessionErrorCode::Timeout) {
            report(Severity::Error, QStringLiteral("no answer within %1 ms").arg(m_options.timeoutMs));
        } else if (!isClientSide(response.error->code) && response.error->code != expectedCode
                   && response.error->code != alsoAccepted) {
            report(Severity::Warning, QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message));
        }
        askUnknownNames(asks);
    });
}

void DoctorRun::askInvalidParams()
{
    // The first offered of: a tool call, a prompt and a resource read, each without the one
    // parameter it must have.
    const QList<QPair<QString, QString>> methods{{QStringLiteral("tools"), Method::ToolsCall},
                                                 {QStringLiteral("prompts"), Method::PromptsGet},
                                                 {QStringLiteral("resources"), Method::ResourcesRead}};
    QString method;
    for (const auto &[list, candidate] : methods) {
        if (method.isEmpty() && m_snapshot.contains(list))
            method = candidate;
    }
    QList<ListDescriptor> undeclared;
    for (const ListDescriptor &list : Lists::offered()) {
        if (!m_capabilities.contains(list.capability))
            undeclared << list;
    }
    if (method.isEmpty())
        return askUndeclaredLists(undeclared);
    ask(Request{method, QJsonObject{}}, [this, method, undeclared](const OutgoingRequest *sent) {
        const Response response = sent->response();
        const bool refused = response.error && response.error->code == ErrorCode::InvalidParams;
        if (!refused && !(response.error && isClientSide(response.error->code))) {
            // Another error code (the TypeScript SDK's -32603 for a request that fails its schema)
            // still tells the host no; only a result is a fault.
            m_findings.append(Finding::make(
                QStringLiteral("lifecycle.invalid-params"), response.error ? Severity::Info : Severity::Error,
                QStringLiteral("%1 without its required parameter").arg(method),
                QStringLiteral("an error with code -32602 (Invalid params)"),
                response.error ? QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message)
                               : QStringLiteral("a result"),
                QStringLiteral("JSON-RPC 2.0, 5.1: -32602 for invalid method parameters; schema.ts marks the "
                               "parameter required, and hosts tell a bad request from a failure by the code"),
                QStringLiteral("validate the parameters and answer -32602 when one is missing or wrong")));
            m_evidenceOf.append({m_findings.size() - 1, SentRequest::of(sent)});
        }
        askUndeclaredLists(undeclared);
    });
}

void DoctorRun::askUndeclaredLists(QList<ListDescriptor> lists)
{
    if (lists.isEmpty()) {
        QList<ListDescriptor> declared;
        for (const ListDescriptor &list : Lists::offered()) {
            if (m_capabilities.contains(list.capability))
                declared << list;
        }
        return walkLists(declared);
    }
    const ListDescriptor list = lists.takeFirst();
    ask(Requests::listPage(list.method), [this, list, lists](const OutgoingRequest *sent) {
        if (!sent->isError()) {
            const qsizetype items = sent->result().toObject().value(list.itemsKey).toArray().size();
            m_findings.append(Finding::make(
                QStringLiteral("lifecycle.capability.undeclared"), items > 0 ? Severity::Warning : Severity::Info,
                list.method, QStringLiteral("error -32601, as the capabilities do not declare \"%1\"").arg(list.capability),
                QStringLiteral("a result with %1 %2").arg(items).arg(list.itemsKey),
                QStringLiteral("2025-11-25 basic/lifecycle, Capability Negotiation: hosts use only what the "
                               "capabilities declare, so they never ask for this list and its users never see it"),
                QStringLiteral("declare \"%1\" in the capabilities, or answer -32601").arg(list.capability)));
            m_evidenceOf.append({m_findings.size() - 1, SentRequest::of(sent)});
        }
        askUndeclaredLists(lists);
    });
}

void DoctorRun::walkLists(QList<ListDescriptor> lists)
{
    if (lists.isEmpty()) {
        reportLatencies();
        return askInvalidCursor();
    }
    ListWalk walk;
    walk.list = lists.takeFirst();
    walkPage(lists, walk, {});
}

void DoctorRun::walkPage(QList<ListDescriptor> lists, ListWalk walk, const QString &cursor)
{
    // Enough for any list a host would take; more pages than this is a finding of its own.
    constexpr int MaxPages = 100;
    ask(Requests::listPage(walk.list.method, cursor), [this, lists, walk, cursor](const OutgoingRequest *sent) mutable {
        walk.pageRequests.append(SentRequest::of(sent));
        if (sent->isError()) {
            walk.error = sent->error().message;
            return timeFirstPage(lists, walk);
        }
        if (cursor.isEmpty())
            walk.firstPageMs.append(sent->elapsedMs());
        const QJsonObject page = sent->result().toObject();
        walk.pages.append(page.value(walk.list.itemsKey).toArray());
        const QString next = page.value(Key::NextCursor).toString();
        if (next.isEmpty() || walk.pages.size() >= MaxPages)
            return timeFirstPage(lists, walk);
        if (m_paginatedList.isEmpty())
            m_paginatedList = walk.list.method;
        if (walk.cursors.contains(next)) {
            m_findings.append(Finding::make(
                QStringLiteral("pagination.cursor-loop"), Severity::Error, walk.list.method,
                QStringLiteral("a new cursor on every page, and none on the last"),
                QStringLiteral("the cursor \"%1\" again after %2 pages").arg(next.left(80)).arg(walk.pages.size()),
                QStringLiteral("2025-11-25 server/utilities/pagination: nextCursor marks more results; a cursor "
                               "that comes back makes a host list forever, or stop with what it has"),
                QStringLiteral("leave out nextCursor on the last page")));
            m_evidenceOf.append({m_findings.size() - 1, SentRequest::of(sent)});
            return timeFirstPage(lists, walk);
        }
        walk.cursors.insert(next);
        walkPage(lists, walk, next);
    });
}

void DoctorRun::timeFirstPage(QList<ListDescriptor> lists, ListWalk walk)
{
    // The first page five times in all: a median and a slowest that mean something.
    constexpr int Samples = 5;
    if (walk.error.isEmpty() && !walk.firstPageMs.isEmpty() && walk.firstPageMs.size() < Samples) {
        ask(Requests::listPage(walk.list.method), [this, lists, walk](const OutgoingRequest *sent) mutable {
            if (sent->isError())
                walk.error = sent->error().message;
            else
                walk.firstPageMs.append(sent->elapsedMs());
            timeFirstPage(lists, walk);
        });
        return;
    }
    const QString method = walk.list.method;
    QHash<QString, int> pageOf; // an item's key: the first page it was on
    QStringList repeated;
    int repeatedOn = 0; // the page the first repeat is on
    qsizetype items = 0;
    for (int page = 0; page < walk.pages.size(); ++page) {
        for (const QJsonValue &item : walk.pages.at(page)) {
            ++items;
            // The same item, not only the same name: two tools named alike are another finding.
            const QString key = QString::fromUtf8(QJsonDocument(item.toObject()).toJson(QJsonDocument::Compact));
            if (pageOf.contains(key) && pageOf.value(key) != page) {
                const QJsonObject object = item.toObject();
                const QString name = object.contains(Key::Uri) ? object.value(Key::Uri).toString()
                                     : object.contains(Key::UriTemplate) ? object.value(Key::UriTemplate).toString()
                                                                         : object.value(Key::Name).toString();
                repeatedOn = repeated.isEmpty() ? page : repeatedOn;
                if (!repeated.contains(name))
                    repeated << name;
            } else if (!pageOf.contains(key)) {
                pageOf.insert(key, page);
            }
        }
    }
    const auto evidence = [this, &walk](int page) {
        if (page < walk.pageRequests.size())
            m_evidenceOf.append({m_findings.size() - 1, walk.pageRequests.at(page)});
    };
    if (!repeated.isEmpty()) {
        m_findings.append(Finding::make(QStringLiteral("pagination.repeated-item"), Severity::Warning, method,
                                        QStringLiteral("each item on one page"),
                                        QStringLiteral("on more than one page: %1").arg(repeated.mid(0, 5).join(QStringLiteral(", "))),
                                        QStringLiteral("2025-11-25 server/utilities/pagination: a cursor marks a position "
                                                       "in the results; hosts show an item met twice twice, or refuse the list"),
                                        QStringLiteral("make each cursor continue after the last item of its page")));
        evidence(repeatedOn);
    }
    constexpr int ManyPages = 10;
    constexpr int SmallPage = 10;
    if (walk.pages.size() > ManyPages && items < qsizetype(walk.pages.size()) * SmallPage) {
        m_findings.append(Finding::make(QStringLiteral("pagination.small-pages"), Severity::Warning, method,
                                        QStringLiteral("pages of more than %1 items").arg(SmallPage),
                                        QStringLiteral("%1 items in %2 pages").arg(items).arg(walk.pages.size()),
                                        QStringLiteral("hosts read the whole list when they connect, a round trip a page, "
                                                       "before they show any of it"),
                                        QStringLiteral("serve bigger pages (the TypeScript and Python SDKs send whole lists)")));
        evidence(0);
    }
    if (!walk.error.isEmpty() && walk.pages.isEmpty()) {
        m_findings.append(Finding::make(QStringLiteral("lifecycle.list-failed"), Severity::Error, method,
                                        QStringLiteral("a list, as the capabilities declare \"%1\"").arg(walk.list.capability),
                                        walk.error,
                                        QStringLiteral("2025-11-25 server/tools, server/prompts, server/resources: a "
                                                       "server that declares the capability answers its list request"),
                                        QStringLiteral("answer the list, or do not declare the capability")));
        evidence(0);
    } else if (!walk.error.isEmpty()) {
        m_findings.append(Finding::make(QStringLiteral("pagination.page-failed"), Severity::Error, method,
                                        QStringLiteral("every page answered"),
                                        QStringLiteral("page %1: %2").arg(walk.pages.size() + 1).arg(walk.error),
                                        QStringLiteral("2025-11-25 server/utilities/pagination: the cursor a server gave "
                                                       "is what the client sends back for the next page"),
                                        QStringLiteral("accept every cursor you gave")));
        evidence(walk.pages.size());
    }
    if (!walk.firstPageMs.isEmpty()) {
        QList<qint64> times = walk.firstPageMs;
        std::sort(times.begin(), times.end());
        m_latencies.append({method, times.at(times.size() / 2), times.last(), walk.pages.size(), items});
    }
    walkLists(lists);
}

void DoctorRun::reportLatencies()
{
    if (m_latencies.isEmpty())
        return;
    constexpr qint64 SlowMs = 2000;
    QStringList seen;
    QStringList slow;
    for (const ListLatency &list : std::as_const(m_latencies)) {
        seen << QStringLiteral("%1 median %2 ms, slowest %3 ms (%4 page(s), %5 items)")
                    .arg(list.method).arg(list.medianMs).arg(list.slowestMs).arg(list.pages).arg(list.items);
        if (list.medianMs > SlowMs)
            slow << list.method;
    }
    m_findings.append(Finding::make(
        QStringLiteral("performance.list-latency"), slow.isEmpty() ? Severity::Info : Severity::Warning,
        slow.isEmpty() ? QStringLiteral("every list") : slow.join(QStringLiteral(", ")),
        QStringLiteral("a first page within %1 ms (the first page asked five times)").arg(SlowMs), seen.join(QStringLiteral("; ")),
        QStringLiteral("hosts list every server when they connect and after each list_changed; the user waits"),
        slow.isEmpty() ? QString() : QStringLiteral("answer lists from memory; compute them ahead")));
}

void DoctorRun::askInvalidCursor()
{
    // A list that paginates, where a cursor means something; else the first declared.
    QString method = m_paginatedList;
    for (const ListDescriptor &list : Lists::offered()) {
        if (method.isEmpty() && m_capabilities.contains(list.capability))
            method = list.method;
    }
    const auto then = [this] {
        const QJsonArray tools = m_snapshot.value(Key::Tools).toArray();
        m_plan = ToolCallPlan::of(tools, m_options.callArguments, m_options.sampleCalls);
        callTools(m_plan.calls);
    };
    if (method.isEmpty())
        return then();
    ask(Requests::listPage(method, unknownName()), [this, method, then](const OutgoingRequest *sent) {
        const Response response = sent->response();
        if (!(response.error && (response.error->code == ErrorCode::InvalidParams || isClientSide(response.error->code)))) {
            // Most servers that never paginate ignore the cursor: worth knowing, no more.
            m_findings.append(Finding::make(
                QStringLiteral("pagination.invalid-cursor"), m_paginatedList.isEmpty() ? Severity::Info : Severity::Warning, method,
                QStringLiteral("an error with code -32602 for a cursor the server never gave"),
                response.error ? QStringLiteral("error %1: %2").arg(response.error->code).arg(response.error->message)
                               : QStringLiteral("a result"),
                QStringLiteral("2025-11-25 server/utilities/pagination, Error Handling: invalid cursors SHOULD "
                               "result in an error with code -32602"),
                QStringLiteral("answer an unknown or expired cursor with -32602")));
            m_evidenceOf.append({m_findings.size() - 1, SentRequest::of(sent)});
        }
        then();
    });
}

void DoctorRun::callTools(QList<ToolCallPlan::Call> calls)
{
    if (calls.isEmpty()) {
        if (m_snapshot.contains(Key::Tools) || !m_options.callArguments.isEmpty())
            m_findings.append(toolCallsSummary(m_plan, m_callTimes));
        // Many tools failing alike (a server offline, its API unreachable) read as one finding.
        m_findings += mergeAlike(m_callFindings);
        return checkCancellation();
    }
    const ToolCallPlan::Call call = calls.takeFirst();
    ask(Requests::callTool(call.tool.value(Key::Name).toString(), call.arguments),
        [this, call, calls](const OutgoingRequest *sent) {
            const Response response = sent->response();
            m_callTimes.append({call.tool.value(Key::Name).toString(), response.elapsedMs});
            // The answer's traffic has been seen by now (a Session hands it over first).
            const QList<TrafficEvent> exchange = m_exchanges.of(SentRequest::of(sent));
            for (Finding finding : checkToolResult(call, response, m_options.timeoutMs)) {
                finding.evidence = exchange;
                m_callFindings.append(finding);
            }
            callTools(calls);
        });
}

void DoctorRun::checkCancellation()
{
    // A call slow enough to be caught working: the slowest, if it took a second or more.
    constexpr qint64 SlowEnoughMs = 1000;
    constexpr qint64 CancelAfterMs = 100;
    const auto next = [this] { m_modern ? probeHttp() : ping(); };
    const auto slowest = std::max_element(m_callTimes.cbegin(), m_callTimes.cend(),
                                          [](const auto &a, const auto &b) { return a.second < b.second; });
    if (slowest == m_callTimes.cend() || slowest->second < SlowEnoughMs || !m_connection)
        return next();
    const QString tool = slowest->first;
    const qint64 tookMs = slowest->second;
    const auto call = std::find_if(m_plan.calls.cbegin(), m_plan.calls.cend(), [&tool](const ToolCallPlan::Call &c) {
        return c.tool.value(Key::Name).toString() == tool;
    });
    RequestOptions options;
    options.timeoutMs = m_options.timeoutMs;
    OutgoingRequest *sent = m_connection->send(Requests::callTool(tool, call->arguments), options);
    const SentRequest asked = SentRequest::of(sent);
    auto cancelledAtNs = std::make_shared<qint64>(0);
    QTimer::singleShot(CancelAfterMs, sent, [sent, cancelledAtNs] {
        *cancelledAtNs = TrafficEvent::clockNs();
        sent->cancel(QStringLiteral("mcpscope doctor: checking cancellation"));
    });
    // Whether an answer comes anyway, by the time the call took before and a second more. An
    // answer before the cancel (a task's creation, a call that was quick this time) says nothing.
    QTimer::singleShot(qMin<qint64>(tookMs + 1000, m_options.timeoutMs), this, [this, asked, tool, tookMs, next, cancelledAtNs] {
        const QList<TrafficEvent> exchange = m_exchanges.of(asked);
        // An answer already on its way when the cancel went out (a loaded machine makes any call
        // slow) comes soon after it; work that went on comes about as late as the call took.
        const qint64 lateMs = qMax<qint64>(500, tookMs / 2);
        if (exchange.size() == 2 && *cancelledAtNs > 0
            && exchange.last().monotonicNs - *cancelledAtNs >= lateMs * 1000000) {
            m_findings.append(Finding::make(
                QStringLiteral("lifecycle.cancel-ignored"), Severity::Warning, QStringLiteral("tool \"%1\"").arg(tool),
                QStringLiteral("no answer to a call cancelled after %1 ms (it took %2 ms before)").arg(CancelAfterMs).arg(tookMs),
                QStringLiteral("the whole answer, after notifications/cancelled: the work went on"),
                QStringLiteral("2025-11-25 basic/utilities/cancellation: the receiver SHOULD stop processing the "
                               "cancelled request, free its resources and not send a response; hosts cancel "
                               "what the user stops or what timed out, and the work goes on costing"),
                QStringLiteral("stop the work when notifications/cancelled names its request (an abort signal)")));
            m_findings.last().evidence = exchange;
        }
        next();
    });
}

void DoctorRun::ping()
{
    ask(Requests::ping(), [this](const OutgoingRequest *request) {
        if (request->isError()) {
            m_findings.append(Finding::make(QStringLiteral("lifecycle.ping"), Severity::Error, QStringLiteral("ping"),
                                            QStringLiteral("an empty result"), request->error().message,
                                            QStringLiteral("2025-11-25 basic/utilities/ping: the receiver MUST respond "
                                                           "promptly with an empty response"),
                                            QStringLiteral("answer ping with {}")));
        }
        negotiateVersion();
    });
}

void DoctorRun::negotiateVersion()
{
    if (!m_options.secondConnection)
        return probeHttp();
    auto *probe = new VersionProbe(m_options.secondConnection, m_options.timeoutMs, this);
    connect(probe, &VersionProbe::trafficEvent, this, &DoctorRun::probeTraffic);
    connect(probe, &VersionProbe::finished, this, [this, probe] {
        m_findings += probe->findings();
        probe->deleteLater();
        probeHttp();
    });
    probe->start();
}

void DoctorRun::probeHttp()
{
    if (!m_options.http)
        return finish();
    const QUrl url = m_options.http->url;
    if (url.scheme() == QLatin1String("http") && !HttpProbes::isLoopback(url)) {
        m_findings.append(Finding::make(
            QStringLiteral("http.plain-remote"), Severity::Warning, url.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery),
            QStringLiteral("https for a server beyond this machine"), QStringLiteral("plain http to %1").arg(url.host()),
            QStringLiteral("2025-11-25 basic/authorization, Communication Security: all authorization endpoints "
                           "MUST be served over HTTPS; tokens, keys and every tool result travel in clear text"),
            QStringLiteral("serve https (a reverse proxy with a certificate), or listen on loopback only")));
    }
    auto *probes = new HttpProbes(*m_options.http, this);
    connect(probes, &HttpProbes::trafficEvent, this, &DoctorRun::probeTraffic);
    connect(probes, &HttpProbes::finished, this, [this, probes] {
        m_findings += probes->findings();
        probes->deleteLater();
        finish();
    });
    probes->start();
}

void DoctorRun::finish()
{
    // The findings about an answer, and the method whose exchange shows it.
    const QList<QPair<QString, QString>> answered{{QStringLiteral("lifecycle.unknown-method"), unknownMethod()},
                                                  {QStringLiteral("lifecycle.ping"), Method::Ping},
                                                  {QStringLiteral("tools.call.unknown-name"), Method::ToolsCall},
                                                  {QStringLiteral("prompts.get.unknown-name"), Method::PromptsGet},
                                                  {QStringLiteral("resources.read.unknown-uri"), Method::ResourcesRead}};
    for (Finding &finding : m_findings) {
        for (const auto &[id, method] : answered) {
            if (finding.id == id)
                finding.evidence = m_exchanges.lastOf(method);
        }
    }
    for (const auto &[index, id] : std::as_const(m_evidenceOf))
        m_findings[index].evidence = m_exchanges.of(id);
    if (m_modern)
        m_findings += m_modernChecks->findings();
    if (!m_strayProgressTokens.isEmpty()) {
        m_findings.append(Finding::make(
            QStringLiteral("lifecycle.progress-token"), Severity::Error, QStringLiteral("notifications/progress"),
            QStringLiteral("the progressToken of a request in progress"),
            QStringLiteral("token(s) no request carried: %1").arg(m_strayProgressTokens.mid(0, 5).join(QStringLiteral(", "))),
            QStringLiteral("2025-11-25 basic/utilities/progress: progress notifications MUST only reference "
                           "tokens that were provided in an active request; hosts drop the rest"),
            QStringLiteral("send the progressToken from the request's _meta, as given (a number stays a number)")));
        m_findings.last().evidence = {m_firstStrayProgress};
    }
    if (m_invalidMessages > 0) {
        m_findings.append(Finding::make(
            QStringLiteral("transport.invalid-message"), Severity::Error, QStringLiteral("what the server sent"),
            QStringLiteral("only JSON-RPC messages"),
            QStringLiteral("%1 time(s) something else, first: %2 (%3)")
                .arg(m_invalidMessages)
                .arg(QString::fromUtf8(m_firstInvalid.raw.left(80)), m_firstInvalid.note),
            QStringLiteral("2025-11-25 basic/transports, stdio: the server MUST NOT write anything to its stdout "
                           "that is not a valid MCP message; hosts drop the connection or the message"),
            QStringLiteral("log to stderr, never to stdout (print, console.log)")));
        m_findings.last().evidence = {m_firstInvalid};
    }
    if (m_invalidUtf8 > 0) {
        m_findings.append(Finding::make(
            QStringLiteral("transport.invalid-utf8"), Severity::Error, QStringLiteral("what the server sent"),
            QStringLiteral("messages in UTF-8"), QStringLiteral("%1 message(s) with bytes that are not UTF-8").arg(m_invalidUtf8),
            QStringLiteral("2025-11-25 basic: JSON-RPC messages MUST be UTF-8 encoded; hosts refuse the message or "
                           "show mangled text"),
            QStringLiteral("encode what you write as UTF-8 (a Latin-1 file read as bytes, a Windows code page)")));
        m_findings.last().evidence = {m_firstInvalidUtf8};
    }
    if (m_stderrLines > 0) {
        m_findings.append(Finding::make(QStringLiteral("transport.stderr"), Severity::Info, QStringLiteral("stderr"), {},
                                        QStringLiteral("%1 line(s), %2 bytes").arg(m_stderrLines).arg(m_stderrBytes),
                                        QStringLiteral("2025-11-25 basic/transports, stdio: stderr MAY carry logging; "
                                                       "hosts keep or show it")));
    }
    Q_EMIT finished();
}

} // namespace Mcp::Doctor
