#include "clirunner.h"
#include "clioutput.h"

#include "auth/authorizationuseragent.h"
#include "auth/oauthclient.h"
#include "config/hostconfigs.h"
#include "config/mcpjson.h"
#include "config/registryserver.h"
#include "config/serverconfig.h"
#include "config/servername.h"
#include "config/transportfactory.h"
#include "protocol/clienttypes.h"
#include "protocol/errorcodes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/versions.h"
#include "traffic/trafficcapture.h"
#include "transport/transport.h"
#include "watchloop.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QUrl>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QProcessEnvironment>
#include <QSaveFile>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace Mcp::Cli {

static void writeErr(const QString &line)
{
    writeLine(stderr, line);
}

CliRunner::CliRunner(const CliOptions &options, QObject *parent)
    : QObject(parent), m_options(options)
{
}

CliRunner::~CliRunner() = default;

void CliRunner::start()
{
    if (!createClient())
        return;
    connect(m_client, &Client::ready, this, &CliRunner::runOperation);
    connect(m_client, &Client::stateChanged, this, [this](Client::State state) {
        if (state != Client::State::Failed || m_operationStarted)
            return;
        // The client's error already says it could not connect, and why.
        QString message = m_client->errorString();
        const QString hint = connectHint();
        if (!hint.isEmpty())
            message += u'\n' + hint;
        fail(ExitConnectFailed, message);
    });
    connect(m_client, &Client::disconnected, this, [this](const QString &reason) {
        if (m_finishing) {
            finish(m_exitCode);
        } else if (!m_operationStarted) {
            fail(ExitConnectFailed, tr("could not connect to the server: %1").arg(reason));
        } else if (m_options.method == Method::SubscriptionsListen) {
            fail(ExitConnectionLost, tr("the connection was lost while listening: %1").arg(reason));
        }
        // While a request is pending, its handle reports the lost connection.
    });
    m_client->connectToServer();
}

// What would help after a failed connect, named only where it would: the HTTP+SSE transport
// for a forced Streamable HTTP connection whose initialize POST was refused as an SSE-only
// endpoint refuses it (400, 404, 405), another --protocol when a modern choice met a legacy
// server. Empty otherwise.
QString CliRunner::connectHint() const
{
    if (m_client->eraChoice().mode == Modern::EraChoice::Mode::Modern && m_client->eraRecord().era == Modern::Era::Legacy)
        return tr("(this server speaks the legacy protocol: --protocol auto or --protocol legacy reaches it)");
    const RpcError cause = m_client->connectFailure();
    const int status = cause.data.toObject().value(QLatin1String("httpStatus")).toInt();
    if (m_options.transport == TransportChoice::Http && m_client->connectFailureMethod() == Method::Initialize
        && cause.code == SessionErrorCode::TransportFailure && (status == 400 || status == 404 || status == 405))
        return tr("(if this is a legacy HTTP+SSE server, try --transport sse or --transport auto)");
    return {};
}

// The --oauth-* flags over the configuration's auth settings.
static void applyOAuthOptions(const CliOAuthOptions &flags, ServerAuth *auth)
{
    const QList<QPair<const std::optional<QString> *, QString *>> texts{
        {&flags.clientId, &auth->clientId},           {&flags.clientSecret, &auth->clientSecret},
        {&flags.clientIssuer, &auth->clientIssuer},   {&flags.clientKeyFile, &auth->clientKeyFile},
        {&flags.clientMetadataUrl, &auth->clientMetadataUrl}, {&flags.workloadTokenFile, &auth->workloadTokenFile},
        {&flags.scopes, &auth->scopes}};
    for (const auto &[flag, setting] : texts) {
        if (flag->has_value())
            *setting = **flag;
    }
    if (flags.grant)
        auth->grant = ServerAuth::grantFromString(*flags.grant);
    if (flags.dpop)
        auth->dpop = *flags.dpop != QLatin1String("off");
}

// --config with a registry server.json: the package or remote --server names (a package's registry
// type, a remote's URL), else the first remote, else the first package; its inputs from -e and
// --header by name, the environment, and their defaults. The -e and --header pairs used are
// taken out of *o, so they are not added again.
static bool registryConfiguration(CliOptions *o, ServerConfig *config, QString *error)
{
    const RegistryServer server = RegistryServer::readFile(o->configFile);
    if (!server.isValid()) {
        *error = tr("cannot read %1: %2").arg(o->configFile, server.error.toString());
        return false;
    }
    const int choice = o->serverName.isEmpty() ? server.defaultChoice() : server.findChoice(o->serverName);
    if (choice < 0) {
        QStringList offered;
        for (const RegistryChoice &candidate : server.choices)
            offered << (candidate.kind == RegistryChoice::Kind::Package ? candidate.registryType : candidate.url);
        *error = tr("%1 has no package or remote \"%2\"; it has: %3")
                     .arg(o->configFile, o->serverName, offered.join(QStringLiteral(", ")));
        return false;
    }
    const RegistryConfigResult result = server.configForCommandLine(choice, &o->environment, &o->headers,
                                                                    QProcessEnvironment::systemEnvironment());
    if (!result.config) {
        *error = tr("%1 (%2): %3").arg(o->configFile, server.choices.at(choice).label(), result.error);
        if (!result.missing.isEmpty())
            *error += tr(" (give them with -e NAME=VALUE or --header \"Name: value\")");
        return false;
    }
    for (const QString &warning : result.warnings)
        std::fprintf(stderr, "mcpscope: %s\n", qPrintable(warning));
    *config = *result.config;
    return true;
}

// The server to talk to, as a configuration: from --config, or made from the command line.
// Command-line -e, --header and --cwd apply on top of a --config entry.
bool serverConfiguration(const CliOptions &given, ServerConfig *config, QString *error)
{
    CliOptions o = given;
    // One word holding a whole command line ("npx -y server", quoted for the shell) is split by the
    // rule of the Add Server dialog; an existing path with a blank in it stays one word.
    if (o.configFile.isEmpty() && o.targetArguments.isEmpty() && !looksLikeUrl(o.target)
        && looksLikeCommandLine(o.target)) {
        QString splitError;
        const std::optional<QStringList> words = splitCommandLine(o.target, &splitError);
        if (!words) {
            *error = QStringLiteral("%1: %2").arg(o.target, splitError);
            return false;
        }
        o.target = words->first();
        o.targetArguments = words->mid(1);
    }
    if (!o.configFile.isEmpty() && RegistryServer::isServerJsonFile(o.configFile)) {
        if (!registryConfiguration(&o, config, error))
            return false;
    } else if (!o.configFile.isEmpty()) {
        const McpJsonImport imported = HostConfig::readFile(o.configFile);
        if (!imported.isValid()) {
            *error = tr("cannot read %1: %2").arg(o.configFile, imported.error.toString());
            return false;
        }
        QStringList names;
        for (const ServerConfig &server : imported.servers) {
            if (server.name == o.serverName) {
                *config = server;
                break;
            }
            names << server.name;
        }
        if (config->name != o.serverName) {
            *error = tr("%1 has no server named \"%2\"; it has: %3")
                         .arg(o.configFile, o.serverName, names.join(QStringLiteral(", ")));
            return false;
        }
    } else {
        const bool isUrl = looksLikeUrl(o.target);
        // Named as a person would say it: the host, or the package or script the command runs
        // (the window renames it after the server's own title once it answers).
        *config = ServerConfig::create(isUrl ? QUrl(o.target).host()
                                             : serverNameForCommand(o.target, o.targetArguments));
        if (isUrl) {
            config->url = o.target;
            config->transport = o.transport == TransportChoice::Http ? ServerConfig::TransportType::StreamableHttp
                              : o.transport == TransportChoice::Sse  ? ServerConfig::TransportType::Sse
                                                                     : ServerConfig::TransportType::Auto;
        } else {
            config->transport = ServerConfig::TransportType::Stdio;
            config->command = o.target;
            config->args = o.targetArguments;
        }
    }
    for (const auto &[name, value] : o.environment)
        config->env.append({name, value, McpJson::looksSecret(name)});
    for (const auto &[name, value] : o.headers)
        config->headers.append({name, value, McpJson::looksSecret(name)});
    if (!o.workingDirectory.isEmpty())
        config->workingDirectory = o.workingDirectory;
    applyOAuthOptions(o.oauth, &config->auth);
    if (const QString networkError = o.network.applyTo(&config->network); !networkError.isEmpty()) {
        *error = networkError;
        return false;
    }
    return true;
}

bool CliRunner::createClient()
{
    const CliOptions &o = m_options;
    ServerConfig config;
    QString error;
    if (!serverConfiguration(o, &config, &error)) {
        fail(ExitUsage, error);
        return false;
    }
    if (const QString warning = o.network.warning(); !warning.isEmpty())
        writeErr(warning);
    // A headless run cannot ask for ${input:...} values: say which ones are missing.
    QStringList unresolved;
    const ServerConfig resolved = config.resolved(QProcessEnvironment::systemEnvironment(), {}, &unresolved);
    if (!unresolved.isEmpty()) {
        fail(ExitUsage, tr("the server configuration refers to values that are not set: %1 (set them in the environment)")
                            .arg(unresolved.join(QStringLiteral(", "))));
        return false;
    }
    // Secret values are redacted from the capture wherever they occur.
    m_secretValues << resolved.secretValues();
    m_serverLabel = o.configFile.isEmpty() ? (resolved.usesUrl() ? resolved.url : resolved.command) : resolved.name;

    // OAuth when an HTTP server asks (401): a browser sign-in goes through a 127.0.0.1 redirect
    // listener, and the CLI prints the address to open (it cannot open a browser itself).
    // Tokens last for this run only.
    AuthorizerFactory authorizer;
    if (resolved.usesUrl() && resolved.auth.usesOAuth(resolved.bearerToken)) {
        QString settingsError;
        const OAuthClient::Settings settings = OAuthClient::settingsFor(resolved.auth, &settingsError);
        if (!settingsError.isEmpty()) {
            fail(ExitUsage, settingsError);
            return false;
        }
        // A workload token is a credential: redacted from the capture like the client secret.
        if (!settings.workloadIdentityToken.isEmpty())
            m_secretValues << QString::fromUtf8(settings.workloadIdentityToken);
        const int waitSeconds = (o.connectTimeoutMs > 0 ? o.connectTimeoutMs : 30000) / 1000;
        // The exchanges with the authorization servers end within the run's shortest bound, whatever
        // those servers do (the transport does not time them while the authorization runs).
        OAuthClient::Settings bounded = settings;
        bounded.deadlineMs = o.connectTimeoutMs > 0 ? o.connectTimeoutMs : 30000;
        for (const int limit : {o.timeoutMs, o.maxTotalTimeoutMs}) {
            if (limit > 0)
                bounded.deadlineMs = qMin(bounded.deadlineMs, limit);
        }
        authorizer = [bounded, waitSeconds](const QUrl &serverUrl) -> HttpAuthorizer * {
            auto *client = new OAuthClient(serverUrl, bounded);
            auto *agent = new LoopbackUserAgent(client);
            // The session does not time out while a person signs in, so the sign-in has its own bound.
            agent->setWaitLimitMs(waitSeconds * 1000);
            client->setUserAgent(agent);
            connect(agent, &LoopbackUserAgent::openUrl, client, [waitSeconds](const QUrl &url) {
                writeErr(tr("mcpscope: the server asks you to sign in. Open this address in a browser "
                            "(waiting %1 s; --connect-timeout sets how long):\n%2")
                             .arg(waitSeconds)
                             .arg(url.toString(QUrl::FullyEncoded)));
            });
            return client;
        };
    }
    const TransportFactory factory = transportFactoryFor(resolved, &error, authorizer);
    if (!factory) {
        fail(ExitUsage, error);
        return false;
    }
    Transport *transport = factory();
    m_client = new Client(transport, this);
    ClientOptions options;
    options.clientInfo = {QStringLiteral("mcpscope-cli"), QCoreApplication::applicationVersion(),
                          QStringLiteral("MCP Scope CLI"), {}};
    // Connecting has its own bound: a short --timeout is meant for the operation, not for a slow start.
    options.connectTimeoutMs = o.connectTimeoutMs > 0 ? o.connectTimeoutMs : 30000;
    // --protocol, else the --config entry's choice ("era") and what an earlier connection
    // decided ("eraRecord", used without probing while it holds), else Auto.
    options.chooseEra(o.protocol, resolved.era, resolved.eraRecord);
    // Elicitation is advertised and answered as --elicitation says. Sampling is not: the CLI
    // has no answer to give, and a server told it may ask would then be refused.
    options.features.elicitationForm = true;
    options.features.roots = !o.roots.isEmpty();
    options.propagateTraceContext = o.trace.propagate;
    m_client->setOptions(options);
    m_client->setServerRequestHandler(&m_responder);
    m_responder.setAnswers(scriptedAnswers(o));
    m_responder.answered = [](const QString &method, const QJsonObject &answer) {
        if (method != Method::ElicitationCreate)
            return;
        const QString action = answer.value(Key::Action).toString();
        writeErr(action == ElicitActionValue::Accept ? tr("mcpscope: accepted the server's elicitation with the schema's defaults")
                 : action == ElicitActionValue::Cancel ? tr("mcpscope: cancelled the server's elicitation request")
                                                       : tr("mcpscope: declined the server's elicitation request"));
    };
    // A modern connection's listen stream asks for what --listen-filter says from the start.
    if (o.method == Method::SubscriptionsListen)
        m_client->setListenFilter(o.listenFilter);

    connect(m_client, &Client::trafficEvent, this, [this](const TrafficEvent &event) {
        if (!m_options.captureFile.isEmpty() || m_options.trace.wanted())
            m_capture.append(event);
        if (m_options.passServerStderr && event.kind == TrafficEvent::Kind::StderrLine)
            writeErr(QString::fromUtf8(event.raw));
    });
    return true;
}

// What the run answers the server: the --root folders, and --elicitation's answer.
ScriptedAnswers CliRunner::scriptedAnswers(const CliOptions &o)
{
    ScriptedAnswers answers;
    if (!o.roots.isEmpty()) {
        QList<Root> roots;
        for (const QString &dir : o.roots) {
            const QString absolute = QFileInfo(dir).absoluteFilePath();
            Root root;
            root.uri = QUrl::fromLocalFile(absolute).toString();
            root.name = QFileInfo(absolute).fileName();
            roots.append(root);
        }
        answers.roots = ListRootsResult::rootsToJson(roots);
    }
    switch (o.elicitation) {
    case ElicitationAnswer::AcceptDefaults:
        // Every property with a default comes back with it: the conformance suite expects omitted fields filled.
        answers.unscriptedElicitation = {{Key::Action, ElicitActionValue::Accept}};
        answers.fillDefaults = true;
        break;
    case ElicitationAnswer::Cancel:
        answers.unscriptedElicitation = {{Key::Action, ElicitActionValue::Cancel}};
        break;
    case ElicitationAnswer::Decline:
        break;
    }
    return answers;
}

static int exitCodeFor(const RpcError &error)
{
    switch (error.code) {
    case SessionErrorCode::Timeout: return ExitTimeout;
    case SessionErrorCode::ConnectionClosed: return ExitConnectionLost;
    default: return ExitRequestFailed;
    }
}

static QString describe(const RpcError &error)
{
    QString text = QStringLiteral("%1 (code %2)").arg(error.message).arg(error.code);
    if (!error.data.isUndefined() && !error.data.isNull()) {
        const QJsonDocument doc = error.data.isObject() ? QJsonDocument(error.data.toObject())
                                  : error.data.isArray() ? QJsonDocument(error.data.toArray())
                                                         : QJsonDocument(QJsonArray{error.data});
        text += QStringLiteral("; data: ") + QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
    }
    return text;
}

static QString eraName(Modern::Era era)
{
    return era == Modern::Era::Modern ? QStringLiteral("modern") : QStringLiteral("legacy");
}

static QString sourceName(Modern::EraRecord::Source source)
{
    switch (source) {
    case Modern::EraRecord::Source::Pinned: return QStringLiteral("pinned");
    case Modern::EraRecord::Source::Cached: return QStringLiteral("cached");
    case Modern::EraRecord::Source::Probed: break;
    }
    return QStringLiteral("probed");
}

// --verbose names the era in use, its version and how it was decided.
void CliRunner::reportEra()
{
    const Modern::EraRecord record = m_client->eraRecord();
    writeErr(tr("mcpscope: %1 era, protocol version %2 (%3)")
                 .arg(eraName(record.era), m_client->protocolVersion(), sourceName(record.source)));
}

// subscriptions/listen: each notification the filter asks for, as one JSON line, until
// --listen-for ends the run. Modern connections open the library's listen stream with the
// filter; legacy ones get the notifications from the connection itself, and resource:URI
// entries subscribe to those resources.
void CliRunner::listen()
{
    const Modern::SubscriptionFilter &filter = m_options.listenFilter;
    connect(m_client, &Client::notificationReceived, this, [this, filter](const Message &notification) {
        const QString method = notification.method();
        const bool wanted = (method == Method::ToolsListChangedNotification && filter.toolsListChanged)
            || (method == Method::PromptsListChangedNotification && filter.promptsListChanged)
            || (method == Method::ResourcesListChangedNotification && filter.resourcesListChanged)
            || (method == Method::ResourceUpdatedNotification
                && filter.resourceSubscriptions.contains(notification.paramsObject().value(Key::Uri).toString()));
        if (wanted)
            printNotification(notification);
    });
    if (m_client->isModern()) {
        connect(m_client, &Client::listenStateChanged, this, [this](Client::ListenState state) {
            if (state == Client::ListenState::Refused)
                fail(ExitRequestFailed, m_client->listenError());
        });
        if (!(m_client->listenFilter() == filter))
            m_client->setListenFilter(filter);
    } else {
        for (const QString &uri : filter.resourceSubscriptions) {
            OutgoingRequest *handle = m_client->subscribeResource(uri);
            connect(handle, &OutgoingRequest::finished, this, [this, handle] {
                if (handle->isError())
                    fail(exitCodeFor(handle->error()), tr("%1 failed: %2").arg(handle->method(), describe(handle->error())));
            });
        }
    }
    // Precise: a coarse timer may end the listen up to 5 % early.
    QTimer::singleShot(m_options.listenForSeconds * 1000, Qt::PreciseTimer, this, [this] { finish(ExitOk); });
}

void CliRunner::printNotification(const Message &notification)
{
    printJson(QJsonDocument(notification.toJson()), true);
}

void CliRunner::runOperation()
{
    if (m_operationStarted)
        return;
    m_operationStarted = true;
    if (m_options.verbose)
        reportEra();
    const CliOptions &o = m_options;
    RequestOptions requestOptions;
    requestOptions.timeoutMs = o.timeoutMs;
    requestOptions.maxTotalTimeoutMs = o.maxTotalTimeoutMs;

    // --timeout bounds each page and --max-total-timeout the whole listing, as for one request.
    Client::ListOptions listOptions;
    listOptions.pageTimeoutMs = o.timeoutMs;
    listOptions.totalTimeoutMs = o.maxTotalTimeoutMs;
    OutgoingRequest *handle = nullptr;
    const QString &m = o.method;
    if (const std::optional<ListDescriptor> list = Lists::offeredByMethod(m)) {
        // An inspector shows what the server really does: an undeclared list is asked all the
        // same, and the person told (onListDone decides what its refusal means).
        m_listUndeclared = !m_client->serverCapabilities().contains(list->capability);
        if (m_listUndeclared)
            writeErr(tr("mcpscope: the server did not declare the %1 capability; asking %2 anyway")
                         .arg(list->capability, list->method));
        m_client->listAll(*list, this, listOptions,
                          [this, key = list->itemsKey](const QJsonArray &items, const std::optional<RpcError> &error,
                                                       const CacheStatus &) { onListDone(key, items, error); });
    } else if (m == Method::Initialize) { // Inspector v2: what the connection learned
        printResult(QJsonObject{{Key::ProtocolVersion, m_client->protocolVersion()},
                                {Key::Capabilities, m_client->serverCapabilities()},
                                {Key::ServerInfo, m_client->serverInfo().toJson()},
                                {Key::Instructions, m_client->instructions()}});
        finish(ExitOk);
    } else if (m == Method::ToolsCall) {
        handle = m_client->send(Requests::callTool(o.toolName, o.toolArguments), requestOptions);
    } else if (m == Method::ResourcesRead) {
        handle = m_client->send(Requests::readResource(o.uri), requestOptions);
    } else if (m == Method::PromptsGet) {
        handle = m_client->send(Requests::getPrompt(o.promptName, o.promptArguments), requestOptions);
    } else if (m == Method::LoggingSetLevel) {
        handle = m_client->send(Requests::setLogLevel(o.logLevel), requestOptions);
    } else if (m == Method::Ping) {
        handle = m_client->send(Requests::ping(), requestOptions);
    } else if (m == Method::ServerDiscover) {
        handle = m_client->discover();
    } else if (m == Method::SubscriptionsListen) {
        listen();
    } else if (m == Method::CompletionComplete) {
        const bool isPrompt = o.completionRef.startsWith(QLatin1String("prompt:"));
        const QString refValue = o.completionRef.section(u':', 1);
        const QJsonObject ref = isPrompt ? Requests::promptReference(refValue) : Requests::resourceReference(refValue);
        const QString argName = o.completionArgument.section(u'=', 0, 0);
        const QString argValue = o.completionArgument.section(u'=', 1);
        handle = m_client->complete(ref, argName, argValue);
    }
    if (handle)
        connect(handle, &OutgoingRequest::finished, this, [this, handle] { onRequestDone(handle); });
}

void CliRunner::onRequestDone(OutgoingRequest *handle)
{
    if (handle->isError()) {
        fail(exitCodeFor(handle->error()), tr("%1 failed: %2").arg(handle->method(), describe(handle->error())));
        return;
    }
    // A big text of the result goes from the frame to stdout in pieces, never converted whole.
    const ResultTexts result = handle->resultWithTexts();
    printResult(result);
    const bool toolError = handle->method() == Method::ToolsCall
        && result.value.toObject().value(Key::IsError).toBool();
    if (toolError) {
        m_errorMessage = tr("the tool reported an error (isError: true)");
        writeErr(QStringLiteral("mcpscope: ") + m_errorMessage);
    }
    finish(toolError ? ExitToolError : ExitOk);
}

void CliRunner::onListDone(const QString &itemsKey, const QJsonArray &items, const std::optional<RpcError> &error)
{
    // A list the server did not declare and then refused is empty, as the Inspector prints it:
    // exit 0, so that a script listing every kind of thing runs on. A timeout or a lost
    // connection is still a failure.
    const bool sessionError = error && (error->code == SessionErrorCode::Timeout || error->code == SessionErrorCode::Cancelled
                                        || error->code == SessionErrorCode::ConnectionClosed
                                        || error->code == SessionErrorCode::TransportFailure);
    if (error && m_listUndeclared && !sessionError && items.isEmpty()) {
        writeErr(tr("mcpscope: %1 was refused (%2); the capability is not declared, so the list is empty")
                     .arg(m_options.method, describe(*error)));
        printResult(QJsonObject{{itemsKey, QJsonArray()}});
        finish(ExitOk);
        return;
    }
    if (error) {
        fail(exitCodeFor(*error), tr("%1 failed: %2").arg(m_options.method, describe(*error)));
        return;
    }
    printResult(QJsonObject{{itemsKey, items}});
    finish(ExitOk);
}

void CliRunner::printResult(const QJsonValue &result)
{
    printResult(ResultTexts{result, {}});
}

void CliRunner::printResult(const ResultTexts &result)
{
    const QJsonValue &value = result.value;
    if (m_options.resultEnvelope) { // --format json (Inspector v2): one {"result": ...} line
        printJson(QJsonDocument(QJsonObject{{Key::Result, value}}), true, result);
        return;
    }
    printJson(value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject()), m_options.compact,
              result);
}

// The document as QJsonDocument writes it; the markers of big texts (texts.value's strings that
// stand for texts.texts) are written as those texts would be, straight from their frame.
void CliRunner::printJson(const QJsonDocument &document, bool compact, const ResultTexts &texts)
{
    const QByteArray bytes = document.toJson(compact ? QJsonDocument::Compact : QJsonDocument::Indented);
    bool writing = true;
    auto write = [&writing](QByteArrayView piece) {
        writing = writing && std::fwrite(piece.data(), 1, size_t(piece.size()), stdout) == size_t(piece.size());
        return writing;
    };
    qsizetype from = 0;
    if (!texts.texts.isEmpty()) {
        const QByteArray markerStart = '"' + ResultTexts::markerPrefix().toLatin1();
        for (qsizetype at = bytes.indexOf(markerStart); at >= 0 && writing; at = bytes.indexOf(markerStart, from)) {
            const qsizetype closing = bytes.indexOf('"', at + 1);
            const qsizetype index = texts.indexOf(QString::fromLatin1(bytes.sliced(at + 1, closing - at - 1)));
            if (index < 0) {
                write(QByteArrayView(bytes).sliced(from, closing - from));
            } else {
                write(QByteArrayView(bytes).sliced(from, at + 1 - from));
                texts.texts.at(index).writeEscaped(write);
            }
            from = closing; // the closing quote begins the next part
        }
    }
    write(QByteArrayView(bytes).sliced(from));
    if (!bytes.endsWith('\n'))
        std::fputc('\n', stdout);
    std::fflush(stdout);
}

void CliRunner::fail(int exitCode, const QString &message)
{
    if (m_finishing)
        return;
    m_errorMessage = message;
    writeErr(QStringLiteral("mcpscope: ") + message);
    finish(exitCode);
}

void CliRunner::finish(int exitCode)
{
    if (!m_finishing) {
        m_finishing = true;
        m_exitCode = exitCode;
        if (m_client && m_client->state() != Client::State::Disconnected && m_client->state() != Client::State::Failed) {
            // Graceful shutdown first (stdin closed, then SIGTERM, then SIGKILL); disconnected() brings us back here.
            m_client->disconnectFromServer();
            // Bounded: the transport's own grace periods end well before this.
            QTimer::singleShot(10000, this, [this] { finish(m_exitCode); });
            return;
        }
    }
    if (m_done)
        return;
    m_done = true;
    if (!m_options.captureFile.isEmpty()) {
        QString error;
        if (!writeCapture(&error)) {
            writeErr(QStringLiteral("mcpscope: ") + error);
            if (m_exitCode == ExitOk)
                m_exitCode = ExitUsage;
        }
    }
    if (m_options.trace.wanted()) {
        QString error;
        QList<TrafficEvent> events = m_capture; // one connection, as in the capture
        for (TrafficEvent &event : events)
            event.connectionId = 1;
        if (!m_options.trace.deliver(events, {{1, m_serverLabel}}, m_secretValues, &error)) {
            writeErr(QStringLiteral("mcpscope: ") + error);
            if (m_exitCode == ExitOk)
                m_exitCode = ExitUsage;
        }
    }
    Q_EMIT finished(m_exitCode);
}

bool CliRunner::writeCapture(QString *error) const
{
    // One connection: the server this run talked to.
    QList<TrafficEvent> events = m_capture;
    for (TrafficEvent &event : events)
        event.connectionId = 1;
    const QHash<int, QString> names{{1, m_serverLabel}};
    TrafficCapture::ExportOptions options;
    options.secretValues = m_secretValues;

    QSaveFile file(m_options.captureFile);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("cannot write the capture %1: %2").arg(m_options.captureFile, file.errorString());
        return false;
    }
    if (m_options.captureFile.endsWith(QLatin1String(".har"), Qt::CaseInsensitive)) {
        // HAR holds HTTP exchanges only; a stdio capture would be empty, so say so.
        const QJsonObject har = TrafficCapture::har(events, names, options);
        if (har.value(QStringLiteral("log")).toObject().value(QStringLiteral("entries")).toArray().isEmpty()) {
            *error = tr("a HAR capture holds HTTP exchanges only, and this run had none; use a .jsonl file");
            file.cancelWriting();
            return false;
        }
        file.write(QJsonDocument(har).toJson(QJsonDocument::Indented));
    } else if (!TrafficCapture::writeJsonLines(&file, events, names, options, error)) {
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        *error = tr("cannot write the capture %1: %2").arg(m_options.captureFile, file.errorString());
        return false;
    }
    return true;
}

int run(const QStringList &arguments)
{
    const ParseOutcome parsed = parseArguments(arguments);
    if (parsed.helpRequested) {
        std::fputs(usageText().toUtf8().constData(), stdout);
        return ExitOk;
    }
    if (!parsed.error.isEmpty()) {
        writeErr(QStringLiteral("mcpscope: ") + parsed.error);
        writeErr(tr("Try 'mcpscope --cli --help'."));
        return ExitUsage;
    }
    // stdout carries only the result and stderr only what a person must read, unless asked.
    if (!parsed.options.verbose)
        QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false\nmcp.*.warning=false"));
    int exitCode = ExitOk;
    auto finishWith = [&exitCode](int code) {
        exitCode = code;
        QCoreApplication::exit(code);
    };
    if (!parsed.options.watchGlobs.isEmpty()) {
        WatchLoop loop(parsed.options);
        QObject::connect(&loop, &WatchLoop::finished, qApp, finishWith);
        QString error;
        if (!loop.start(&error)) {
            writeErr(QStringLiteral("mcpscope: ") + error);
            return ExitUsage;
        }
        QCoreApplication::exec();
        return exitCode;
    }
    CliRunner runner(parsed.options);
    QObject::connect(&runner, &CliRunner::finished, qApp, finishWith);
    QTimer::singleShot(0, &runner, &CliRunner::start);
    QCoreApplication::exec();
    return exitCode;
}

} // namespace Mcp::Cli
