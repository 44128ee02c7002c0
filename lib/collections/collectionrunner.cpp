#include "collectionrunner.h"

#include "jsonpath.h"

#include "config/transportfactory.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "schema/schemavalidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace Mcp {

namespace {

QString compact(const QJsonValue &value)
{
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

// At most a few values, each cut short, for a failure message.
QString found(const QList<QJsonValue> &values)
{
    QStringList texts;
    for (const QJsonValue &value : values.mid(0, 3)) {
        QString text = compact(value);
        if (text.size() > 200)
            text = text.left(200) + QStringLiteral("…");
        texts.append(text);
    }
    if (values.size() > 3)
        texts.append(QStringLiteral("… (%1 values)").arg(values.size()));
    return texts.join(QStringLiteral(", "));
}

// Every member of `part` is in `whole` with an equal value (objects recursively).
bool isSubset(const QJsonValue &part, const QJsonValue &whole)
{
    if (part.isObject() && whole.isObject()) {
        const QJsonObject p = part.toObject();
        const QJsonObject w = whole.toObject();
        for (auto it = p.begin(); it != p.end(); ++it) {
            if (!w.contains(it.key()) || !isSubset(it.value(), w.value(it.key())))
                return false;
        }
        return true;
    }
    return part == whole;
}

bool containsValue(const QJsonValue &value, const QJsonValue &expected)
{
    if (value.isString())
        return expected.isString() && value.toString().contains(expected.toString());
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray()) {
            if (isSubset(expected, item))
                return true;
        }
        return false;
    }
    if (value.isObject())
        return expected.isObject() ? isSubset(expected, value) : value.toObject().contains(expected.toString());
    return false;
}

QString describeError(const RpcError &error)
{
    return QStringLiteral("error %1: %2").arg(error.code).arg(error.message);
}

} // namespace

AssertionResult evaluateAssertion(const Assertion &a, const CallOutcome &outcome)
{
    AssertionResult r{a, false, {}};
    if (!outcome.ran) {
        r.message = outcome.connectionError;
        return r;
    }
    const Response &response = outcome.response;
    const QJsonObject result = response.result.toObject();
    auto needsResult = [&]() {
        if (!response.isError())
            return true;
        r.message = QStringLiteral("the request failed: ") + describeError(*response.error);
        return false;
    };
    switch (a.kind) {
    case Assertion::Kind::Status:
        if (a.expected.toString() == QLatin1String("ok")) {
            r.passed = !response.isError();
            r.message = r.passed ? QString() : QStringLiteral("got ") + describeError(*response.error);
        } else {
            r.passed = response.isError() && (a.code.isUndefined() || a.code.toInteger() == response.error->code);
            r.message = !response.isError() ? QStringLiteral("got a result") : r.passed ? QString()
                                                                           : QStringLiteral("got ") + describeError(*response.error);
        }
        return r;
    case Assertion::Kind::IsError: {
        if (!needsResult())
            return r;
        const bool isError = result.value(Key::IsError).toBool(false);
        r.passed = isError == a.expected.toBool();
        if (!r.passed) {
            QString text;
            for (const QJsonValue &block : result.value(Key::Content).toArray()) {
                if (block.toObject().value(Key::Type).toString() == QLatin1String("text"))
                    text = block.toObject().value(Key::Text).toString().left(200);
            }
            r.message = QStringLiteral("isError is %1").arg(isError ? QStringLiteral("true") : QStringLiteral("false"));
            if (!text.isEmpty())
                r.message += QStringLiteral(" (\"%1\")").arg(text);
        }
        return r;
    }
    case Assertion::Kind::PathEquals:
    case Assertion::Kind::PathContains:
    case Assertion::Kind::PathMatches:
    case Assertion::Kind::PathExists: {
        // Paths look into the result, or into the error ({code, message, data}) of a failed request.
        const QJsonValue root = response.isError() ? QJsonValue(response.error->toJson()) : response.result;
        QString error;
        const JsonPath path = JsonPath::parse(a.path, &error);
        const QList<QJsonValue> values = path.select(root);
        if (a.kind == Assertion::Kind::PathExists) {
            r.passed = values.isEmpty() != a.expected.toBool();
            r.message = r.passed ? QString() : values.isEmpty() ? QStringLiteral("nothing at %1").arg(a.path)
                                                                : QStringLiteral("found %1").arg(found(values));
            return r;
        }
        if (values.isEmpty()) {
            r.message = QStringLiteral("nothing at %1").arg(a.path);
            if (response.isError())
                r.message += QStringLiteral(" (the request failed: %1)").arg(describeError(*response.error));
            return r;
        }
        const QRegularExpression re(a.kind == Assertion::Kind::PathMatches ? a.expected.toString() : QString());
        for (const QJsonValue &value : values) {
            if (a.kind == Assertion::Kind::PathEquals)
                r.passed = value == a.expected;
            else if (a.kind == Assertion::Kind::PathContains)
                r.passed = containsValue(value, a.expected);
            else
                r.passed = re.match(value.isString() ? value.toString() : compact(value)).hasMatch();
            if (r.passed)
                return r;
        }
        r.message = QStringLiteral("found %1").arg(found(values));
        return r;
    }
    case Assertion::Kind::OutputSchema: {
        if (!needsResult())
            return r;
        if (outcome.outputSchema.isUndefined()) {
            r.message = outcome.outputSchemaProblem;
            return r;
        }
        if (!result.contains(Key::StructuredContent)) {
            r.message = QStringLiteral("the result has no structuredContent");
            return r;
        }
        const ValidationResult validation = SchemaValidator(outcome.outputSchema).validate(result.value(Key::StructuredContent));
        r.passed = validation.valid == a.expected.toBool();
        r.message = validation.valid ? QStringLiteral("structuredContent is valid") : validation.summary();
        if (r.passed && !validation.valid)
            r.message = QStringLiteral("invalid, as expected: ") + r.message;
        return r;
    }
    case Assertion::Kind::MaxLatency:
        r.passed = response.elapsedMs <= a.expected.toInteger();
        r.message = QStringLiteral("took %1 ms").arg(response.elapsedMs);
        return r;
    case Assertion::Kind::Asked:
        r.passed = outcome.asked.contains(a.expected.toString());
        r.message = outcome.asked.isEmpty() ? QStringLiteral("the server asked nothing")
                                            : QStringLiteral("the server asked: %1").arg(outcome.asked.join(QStringLiteral(", ")));
        return r;
    }
    return r;
}

int RunReport::count(CallReport::Status status) const
{
    return int(std::count_if(calls.begin(), calls.end(), [status](const CallReport &c) { return c.status == status; }));
}

CollectionRunner::CollectionRunner(const Collection &collection, const Options &options, QObject *parent)
    : QObject(parent), m_collection(collection), m_options(options)
{
    qRegisterMetaType<Mcp::CallReport>();
}

CollectionRunner::CollectionRunner(const Collection &collection, QObject *parent)
    : CollectionRunner(collection, Options(), parent)
{
}

CollectionRunner::~CollectionRunner() = default;

QHash<int, QString> CollectionRunner::connectionNames() const
{
    QHash<int, QString> names;
    for (qsizetype i = 0; i < m_collection.servers.size(); ++i)
        names.insert(int(i) + 1, m_collection.servers.at(i).name);
    return names;
}

void CollectionRunner::start()
{
    m_report = {};
    m_report.collectionName = m_collection.name;
    m_report.sourcePath = m_collection.sourcePath;
    m_report.started = QDateTime::currentDateTimeUtc();
    m_clock.start();
    m_index = -1;
    next();
}

void CollectionRunner::next()
{
    ++m_index;
    if (m_index >= m_collection.calls.size()) {
        m_responder.setAnswers({});
        closeAll();
        return;
    }
    Q_EMIT callStarted(m_index);
    m_current = {};
    m_responder.setAnswers(m_collection.calls.at(m_index).answers);
    proceed();
}

// Sends the current call once its server is connected (and its tools listed, when needed).
void CollectionRunner::proceed()
{
    const CollectionCall &call = m_collection.calls.at(m_index);
    auto it = m_connections.find(call.server);
    if (it == m_connections.end()) {
        connectServer(call.server);
        return; // ready or failed come back here
    }
    if (it->failed) {
        m_current.connectionError = it->error;
        complete(m_current);
        return;
    }
    if (!it->client || !it->client->isReady())
        return; // still connecting: ready() sends
    const bool needsTools = call.method == Method::ToolsCall
        && std::any_of(call.assertions.begin(), call.assertions.end(),
                       [](const Assertion &a) { return a.kind == Assertion::Kind::OutputSchema; });
    if (needsTools)
        withTools(call.server, [this] { send(); });
    else
        send();
}

void CollectionRunner::connectServer(const QString &name)
{
    Connection &connection = m_connections[name];
    const CollectionServer *server = m_collection.server(name);
    auto fail = [this, name](const QString &error) {
        Connection &c = m_connections[name];
        if (c.failed)
            return;
        c.failed = true;
        c.error = error;
        m_report.unreachable.append({name, error});
        m_current.connectionError = error;
        complete(m_current);
    };
    if (!server)
        return fail(tr("no server named \"%1\"").arg(name));
    QStringList unresolved;
    const ServerConfig resolved = server->config.resolved(m_options.environment, {}, &unresolved);
    if (!unresolved.isEmpty())
        return fail(tr("%1: the configuration refers to values that are not set: %2")
                        .arg(name, unresolved.join(QStringLiteral(", "))));
    QString error;
    const TransportFactory factory = transportFactoryFor(resolved, &error);
    if (!factory)
        return fail(QStringLiteral("%1: %2").arg(name, error));
    auto *client = new Client(factory(), this);
    connection.client = client;
    ClientOptions options;
    options.clientInfo = {QStringLiteral("mcpscope-test"), QCoreApplication::applicationVersion(),
                          QStringLiteral("MCP Scope collection runner"), {}};
    options.connectTimeoutMs = m_options.connectTimeoutMs > 0 ? m_options.connectTimeoutMs
                                                              : qMax(1000, resolved.timeouts.connectMs);
    options.chooseEra(m_options.era, server->era);
    options.propagateTraceContext = m_options.propagateTraceContext;
    if (server->clientCapabilities) {
        // A replay: the recorded client's capabilities, so the server answers as it did then.
        options.features = ClientFeatures::fromCapabilities(*server->clientCapabilities);
        options.extraCapabilities = *server->clientCapabilities; // tasks, experimental, extensions...
        for (const QLatin1StringView declared : {Key::Roots, Key::Sampling, Key::Elicitation})
            options.extraCapabilities.remove(declared);
        if (!server->clientInfo.isEmpty())
            options.clientInfo = Implementation::fromJson(server->clientInfo);
    } else {
        // What a server may ask is advertised, so that scripted answers can be given; sampling
        // only when a call to this server scripts an answer to it (a server that routes a tool
        // through sampling must not be told it will be answered, then be refused).
        options.features.roots = true;
        options.features.elicitationForm = true;
        options.features.sampling = std::any_of(m_collection.calls.cbegin(), m_collection.calls.cend(),
                                                [&name](const CollectionCall &call) {
            return call.server == name && !call.answers.sampling.isEmpty();
        });
    }
    client->setOptions(options);
    client->setServerRequestHandler(this);
    const int connectionId = int(server - m_collection.servers.constData()) + 1;
    if (m_options.keepTraffic) {
        connect(client, &Client::trafficEvent, this, [this, connectionId](const TrafficEvent &event) {
            TrafficEvent copy = event;
            copy.connectionId = connectionId;
            m_traffic.append(copy);
        });
    }
    connect(client, &Client::ready, this, [this, name] {
        Connection &c = m_connections[name];
        if (c.wasReady)
            return; // a new session after an expired one: the Client resends what was pending
        c.wasReady = true;
        // The call that asked for this server is still the current one.
        proceed();
    });
    auto ended = [this, name, fail](const QString &reason) {
        if (m_closing)
            return;
        Connection &c = m_connections[name];
        if (!c.wasReady) {
            // Never got ready: the server could not be started or reached.
            fail(QStringLiteral("%1: %2").arg(name, reason));
            return;
        }
        // Lost after being ready: a pending request reports it itself; later calls get this.
        if (!c.failed) {
            c.failed = true;
            c.error = QStringLiteral("%1: the connection was lost: %2").arg(name, reason);
        }
    };
    connect(client, &Client::stateChanged, this, [client, ended](Client::State state) {
        if (state == Client::State::Failed)
            ended(client->errorString());
    });
    connect(client, &Client::disconnected, this, ended);
    client->connectToServer();
}

void CollectionRunner::withTools(const QString &name, std::function<void()> then)
{
    Connection &connection = m_connections[name];
    if (connection.toolsListed)
        return then();
    connection.client->listAll(Lists::Tools, this,
                               [this, name, then](const QJsonArray &items, const std::optional<RpcError> &error) {
                                   Connection &c = m_connections[name];
                                   c.toolsListed = true;
                                   c.toolsError = error;
                                   for (const QJsonValue &item : items)
                                       c.tools.insert(item.toObject().value(Key::Name).toString(), item.toObject());
                                   then();
                               });
}

void CollectionRunner::send()
{
    const CollectionCall &call = m_collection.calls.at(m_index);
    Connection &connection = m_connections[call.server];
    if (call.method == Method::ToolsCall && connection.toolsListed) {
        if (connection.toolsError) {
            m_current.outputSchemaProblem = tr("tools/list failed: %1").arg(connection.toolsError->message);
        } else if (!connection.tools.contains(call.target)) {
            m_current.outputSchemaProblem = tr("the server lists no tool \"%1\"").arg(call.target);
        } else {
            const QJsonObject tool = connection.tools.value(call.target);
            if (tool.value(QLatin1String("outputSchema")).isObject())
                m_current.outputSchema = tool.value(QLatin1String("outputSchema"));
            else
                m_current.outputSchemaProblem = tr("the tool \"%1\" has no outputSchema").arg(call.target);
        }
    }
    RequestOptions options;
    options.timeoutMs = call.timeoutMs > 0 ? call.timeoutMs : m_collection.defaultTimeoutMs;
    options.maxTotalTimeoutMs = options.timeoutMs * 4;
    m_current.ran = true;
    // Given params are sent as they are (a replay sends what was recorded); otherwise the
    // request is built from what the call names, and a list follows every page.
    Request request{call.method, call.params};
    if (call.params.isEmpty() && !call.paramsAsRecorded) {
        if (call.method == Method::ToolsCall)
            request = Requests::callTool(call.target, call.arguments);
        else if (call.method == Method::PromptsGet)
            request = Requests::getPrompt(call.target, call.arguments);
        else if (call.method == Method::ResourcesRead)
            request = Requests::readResource(call.target);
        if (const std::optional<ListDescriptor> list = Lists::offeredByMethod(call.method)) {
            const QString key = list->itemsKey;
            auto clock = std::make_shared<QElapsedTimer>();
            clock->start();
            // The call's timeout bounds each page, and its total the whole listing.
            Client::ListOptions listOptions;
            listOptions.pageTimeoutMs = options.timeoutMs;
            listOptions.totalTimeoutMs = options.maxTotalTimeoutMs;
            connection.client->listAll(*list, this, listOptions,
                                       [this, key, clock](const QJsonArray &items, const std::optional<RpcError> &error,
                                                          const CacheStatus &) {
                                           m_current.response.elapsedMs = clock->elapsed();
                                           if (error)
                                               m_current.response.error = error;
                                           else
                                               m_current.response.result = QJsonObject{{key, items}};
                                           complete(m_current);
                                       });
            return;
        }
    }
    OutgoingRequest *handle = connection.client->send(request, options);
    connect(handle, &OutgoingRequest::finished, this, [this, handle] {
        m_current.response = handle->response();
        complete(m_current);
    });
    if (call.cancelAfterMs) {
        const QPointer<OutgoingRequest> pending(handle);
        QTimer::singleShot(int(qBound(qint64(0), *call.cancelAfterMs, qint64(24) * 3600 * 1000)), this, [pending] {
            if (pending)
                pending->cancel(tr("cancelled where the recorded call was"));
        });
    }
}

void CollectionRunner::handleRequest(IncomingRequest *request)
{
    m_responder.handleRequest(request);
    m_current.asked = m_responder.asked();
    m_current.unscripted = m_responder.unscripted();
}

void CollectionRunner::complete(CallOutcome outcome)
{
    CallReport report;
    report.call = m_collection.calls.at(m_index);
    report.outcome = outcome;
    QList<Assertion> assertions = report.call.assertions;
    if (assertions.isEmpty()) // a call without assertions must at least be answered
        assertions.append(Assertion{Assertion::Kind::Status, {}, QStringLiteral("ok"), QJsonValue::Undefined, report.call.pointer});
    for (const Assertion &assertion : std::as_const(assertions))
        report.results.append(evaluateAssertion(assertion, outcome));
    const bool allPassed = std::all_of(report.results.begin(), report.results.end(),
                                       [](const AssertionResult &r) { return r.passed; });
    report.status = !outcome.ran ? CallReport::Status::Error
                  : allPassed    ? CallReport::Status::Passed
                                 : CallReport::Status::Failed;
    m_report.calls.append(report);
    Q_EMIT callFinished(report);
    // The next call starts from the event loop, not inside this request's signal.
    QTimer::singleShot(0, this, &CollectionRunner::next);
}

void CollectionRunner::closeAll()
{
    m_closing = true;
    m_report.elapsedMs = m_clock.elapsed();
    auto open = std::make_shared<int>(0);
    auto done = std::make_shared<bool>(false);
    auto finish = [this, done] {
        if (*done)
            return;
        *done = true;
        Q_EMIT finished();
    };
    for (Connection &connection : m_connections) {
        Client *client = connection.client;
        if (!client || client->state() == Client::State::Disconnected || client->state() == Client::State::Failed)
            continue;
        ++*open;
        connect(client, &Client::disconnected, this, [open, finish] {
            if (--*open == 0)
                finish();
        });
        client->disconnectFromServer();
    }
    if (*open == 0) {
        QTimer::singleShot(0, this, finish);
        return;
    }
    // Bounded: the transports' own grace periods end well before this.
    QTimer::singleShot(10000, this, finish);
}

} // namespace Mcp
