// The client under test for @modelcontextprotocol/conformance ("conformance client"): built
// on the library (Mcp::Client over the Streamable HTTP transport), it connects to the URL in
// argv[1] and does what the scenario in MCP_CONFORMANCE_SCENARIO needs, then disconnects.
// Exit code 0 when everything it did succeeded. Servers that want authorization get the
// library's OAuthClient with a headless user agent (the suite's authorization servers approve
// at once); MCP_CONFORMANCE_CONTEXT gives pre-registered credentials where a scenario has them
// (client secret or private key, a workload identity JWT, cross-app access tokens).
// MCP_CONFORMANCE_PROTOCOL_VERSION names the wire version the scenario runs at: the client
// pins that era and version (without it, it detects the era). In the modern era it exercises
// the server whole: every tool called at once (arguments made from each schema, so that
// x-mcp-header parameters are mirrored), the first resource read, the first prompt got.

#include "auth/authorizationuseragent.h"
#include "auth/oauthclient.h"
#include "session/client.h"
#include "transport/httptransportoptions.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QUrl>

#include <cstdio>

using namespace Mcp;

namespace {

void say(const QString &line)
{
    std::fprintf(stderr, "conformance-client: %s\n", qPrintable(line));
    std::fflush(stderr);
}

// Accepts every form elicitation, filling each field the schema gives a default for
// (SEP-1034: omitted fields come back with their defaults).
class DefaultsElicitation : public ServerRequestHandler
{
public:
    void handleRequest(IncomingRequest *request) override
    {
        const QJsonObject properties = request->params()
                                           .value(QLatin1String("requestedSchema")).toObject()
                                           .value(QLatin1String("properties")).toObject();
        QJsonObject content;
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const QJsonObject property = it.value().toObject();
            if (property.contains(QLatin1String("default")))
                content.insert(it.key(), property.value(QLatin1String("default")));
        }
        say(QStringLiteral("elicitation answered with %1").arg(QString::fromUtf8(QJsonDocument(content).toJson(QJsonDocument::Compact))));
        request->respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}, {QStringLiteral("content"), content}});
    }
};

// Arguments for a tool from its inputSchema: every property (only the required ones for a tool
// whose name ends with _null, which tests that absent values send no header), with values that
// need the header encoding where the property's name asks for one.
QJsonObject argumentsFor(const QJsonObject &tool)
{
    static const QHash<QString, QString> strings = {
        {QStringLiteral("non_ascii_val"), QStringLiteral("Gr\u00fc\u00dfe aus K\u00f6ln")},
        {QStringLiteral("whitespace_val"), QStringLiteral("  padded  ")},
        {QStringLiteral("leading_space_val"), QStringLiteral(" leading")},
        {QStringLiteral("trailing_space_val"), QStringLiteral("trailing ")},
        {QStringLiteral("internal_space_val"), QStringLiteral("us west 1")},
        {QStringLiteral("control_char_val"), QStringLiteral("bell\ahere")},
        {QStringLiteral("crlf_val"), QStringLiteral("line1\r\nline2")},
        {QStringLiteral("tab_val"), QStringLiteral("\tindented")},
        {QStringLiteral("empty_val"), QString()},
    };
    const QJsonObject schema = tool.value(QLatin1String("inputSchema")).toObject();
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    const QJsonArray required = schema.value(QLatin1String("required")).toArray();
    const bool onlyRequired = tool.value(QLatin1String("name")).toString().endsWith(QLatin1String("_null"));
    QJsonObject arguments;
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (onlyRequired && !required.contains(it.key()))
            continue;
        const QString type = it.value().toObject().value(QLatin1String("type")).toString();
        if (type == QLatin1String("integer"))
            arguments.insert(it.key(), 5);
        else if (type == QLatin1String("number"))
            arguments.insert(it.key(), 3);
        else if (type == QLatin1String("boolean"))
            arguments.insert(it.key(), true);
        else if (type == QLatin1String("string"))
            arguments.insert(it.key(), strings.value(it.key(), QStringLiteral("us-west-1")));
    }
    return arguments;
}

class Runner : public QObject
{
public:
    Runner(const QUrl &url, const QString &scenario) : m_scenario(scenario)
    {
        const QJsonObject context = QJsonDocument::fromJson(qgetenv("MCP_CONFORMANCE_CONTEXT")).object();
        OAuthClient::Settings settings;
        settings.clientId = context.value(QLatin1String("client_id")).toString();
        settings.clientSecret = context.value(QLatin1String("client_secret")).toString();
        // The suite's authorization server runs on another port than its MCP server: another origin,
        // where pre-registered credentials go only when named as their issuer or when the person
        // agrees (this client agrees, as the person who configured them would).
        settings.clientIssuer = context.value(QLatin1String("issuer")).toString();
        settings.askForForeignIssuer = true;
        // The suite expects this Client ID Metadata Document URL (it never fetches it).
        settings.clientMetadataUrl = QUrl(QStringLiteral("https://conformance-test.local/client-metadata.json"));
        settings.clientName = QStringLiteral("mcpscope-conformance-client");
        settings.idpIdToken = context.value(QLatin1String("idp_id_token")).toString();
        settings.idpTokenEndpoint = QUrl(context.value(QLatin1String("idp_token_endpoint")).toString());
        settings.idpClientId = context.value(QLatin1String("idp_client_id")).toString();
        // private_key_jwt (client-credentials-jwt): the suite's ES256 key; the signing_algorithm it
        // names is ES256, the only one Es256Key makes.
        settings.clientPrivateKeyPem = context.value(QLatin1String("private_key_pem")).toString().toUtf8();
        // Workload identity (wif-jwt-bearer): the valid JWT; the wrong-audience and expired ones
        // are for clients that test their own refusals.
        settings.workloadIdentityToken = context.value(QLatin1String("valid_jwt")).toString().toUtf8();
        m_oauth = new OAuthClient(url, settings, this);
        connect(m_oauth, &OAuthClient::foreignIssuerApprovalNeeded, m_oauth,
                [this](const QString &issuer) { m_oauth->answerForeignIssuer(issuer, true); });
        m_oauth->setUserAgent(new HeadlessUserAgent(QUrl(QStringLiteral("http://localhost:3000/callback")), this));
        HttpTransportOptions options;
        options.authorizer = m_oauth;
        Transport *transport = createHttpTransport(url, HttpTransportKind::StreamableHttp, options);
        m_client = new Client(transport, this);
        ClientOptions clientOptions;
        clientOptions.clientInfo = {QStringLiteral("mcpscope-conformance-client"), QStringLiteral("0.1.0"), {}, {}};
        clientOptions.features.elicitationForm = clientOptions.features.elicitationUrl = true;
        clientOptions.chooseEra(std::nullopt, qEnvironmentVariable("MCP_CONFORMANCE_PROTOCOL_VERSION"));
        m_client->setOptions(clientOptions);
        m_client->setServerRequestHandler(&m_elicitation);
        connect(m_client, &Client::ready, this, [this] { onReady(); });
        // Every HTTP exchange on stderr: the conformance tool saves it with the results.
        connect(transport, &Transport::trafficEvent, this, [](const TrafficEvent &e) {
            say(QStringLiteral("traffic #%1 %2 %3 %4 %5 %6 %7")
                    .arg(e.exchangeId)
                    .arg(QString::fromLatin1(e.httpMethod))
                    .arg(e.httpStatus)
                    .arg(QString::fromLatin1(e.sseEventId), e.note, QString::fromUtf8(e.raw.left(300)))
                    .arg(int(e.kind)));
        });
        connect(m_client, &Client::stateChanged, this, [this](Client::State state) {
            if (state == Client::State::Failed)
                finish(1, QStringLiteral("connection failed: ") + m_client->errorString());
        });
        connect(m_client, &Client::disconnected, this, [this](const QString &reason) {
            if (!m_done)
                finish(m_exitCode, QStringLiteral("disconnected: ") + reason);
        });
    }

    void start() { m_client->connectToServer(); }

private:
    void onReady()
    {
        say(QStringLiteral("ready (protocol %1, %2 era), scenario %3")
                .arg(m_client->protocolVersion(), m_client->isModern() ? QStringLiteral("modern") : QStringLiteral("legacy"),
                     m_scenario));
        if (m_client->isModern()) {
            exerciseModern();
            return;
        }
        OutgoingRequest *tools = m_client->listTools();
        connect(tools, &OutgoingRequest::finished, this, [this, tools] {
            if (tools->isError()) {
                end(1, QStringLiteral("tools/list failed: ") + tools->error().message);
                return;
            }
            const QJsonArray list = tools->result().toObject().value(QLatin1String("tools")).toArray();
            QString tool;
            QJsonObject arguments;
            if (m_scenario == QLatin1String("tools_call")) {
                tool = QStringLiteral("add_numbers");
                arguments = {{QStringLiteral("a"), 5}, {QStringLiteral("b"), 3}};
            } else if (m_scenario == QLatin1String("elicitation-sep1034-client-defaults")) {
                tool = QStringLiteral("test_client_elicitation_defaults");
            } else if (m_scenario == QLatin1String("sse-retry")) {
                tool = QStringLiteral("test_reconnection");
            } else if (m_scenario == QLatin1String("json-schema-2020-12-preservation")) {
                // The focal tool's inputSchema goes back as the library kept it; the suite
                // compares it with what it sent ($schema, $defs, allOf, if/then/else, $anchor...).
                tool = QStringLiteral("json_schema_echo");
                for (const QJsonValue &listed : list) {
                    if (listed.toObject().value(QLatin1String("name")) == QLatin1String("json_schema_2020_12_tool"))
                        arguments = {{QStringLiteral("schema"), listed.toObject().value(QLatin1String("inputSchema"))}};
                }
            } else if (m_scenario != QLatin1String("initialize") && !list.isEmpty()) {
                tool = list.first().toObject().value(QLatin1String("name")).toString();
            }
            if (tool.isEmpty()) {
                end(0, QStringLiteral("done"));
                return;
            }
            OutgoingRequest *call = m_client->callTool(tool, arguments);
            connect(call, &OutgoingRequest::finished, this, [this, call, tool] {
                if (call->isError()) {
                    end(1, QStringLiteral("%1 failed: %2").arg(tool, call->error().message));
                    return;
                }
                say(QStringLiteral("%1 -> %2").arg(tool, QString::fromUtf8(QJsonDocument(call->result().toObject()).toJson(QJsonDocument::Compact))));
                end(0, QStringLiteral("done"));
            });
        });
    }

    // Modern era: everything at once; the run ends when the last answer is in.
    void exerciseModern()
    {
        const QJsonObject capabilities = m_client->serverCapabilities();
        track(m_client->listTools(), [this](const QJsonObject &result) {
            const QHash<QString, QString> invalid = m_client->invalidTools();
            for (const QJsonValue &listed : result.value(QLatin1String("tools")).toArray()) {
                const QJsonObject tool = listed.toObject();
                const QString name = tool.value(QLatin1String("name")).toString();
                if (invalid.contains(name)) {
                    say(QStringLiteral("not calling %1: %2").arg(name, invalid.value(name)));
                    continue;
                }
                QJsonObject arguments = argumentsFor(tool);
                if (name == QLatin1String("json_schema_echo")) {
                    // The focal tool's inputSchema goes back as the library kept it.
                    for (const QJsonValue &other : result.value(QLatin1String("tools")).toArray()) {
                        if (other.toObject().value(QLatin1String("name")) == QLatin1String("json_schema_2020_12_tool"))
                            arguments = {{QStringLiteral("schema"), other.toObject().value(QLatin1String("inputSchema"))}};
                    }
                }
                track(m_client->callTool(name, arguments), {});
            }
        });
        if (capabilities.contains(QLatin1String("resources"))) {
            track(m_client->listResources(), [this](const QJsonObject &result) {
                const QJsonArray resources = result.value(QLatin1String("resources")).toArray();
                if (!resources.isEmpty())
                    track(m_client->readResource(resources.first().toObject().value(QLatin1String("uri")).toString()), {});
            });
        }
        if (capabilities.contains(QLatin1String("prompts"))) {
            track(m_client->listPrompts(), [this](const QJsonObject &result) {
                const QJsonArray prompts = result.value(QLatin1String("prompts")).toArray();
                if (!prompts.isEmpty()) {
                    const QJsonObject prompt = prompts.first().toObject();
                    QJsonObject arguments;
                    for (const QJsonValue &argument : prompt.value(QLatin1String("arguments")).toArray())
                        arguments.insert(argument.toObject().value(QLatin1String("name")).toString(), QStringLiteral("test"));
                    track(m_client->getPrompt(prompt.value(QLatin1String("name")).toString(), arguments), {});
                }
            });
        }
    }

    // Counts a request until it finishes; a failure makes the exit code 1.
    void track(OutgoingRequest *request, std::function<void(const QJsonObject &result)> then)
    {
        ++m_outstanding;
        connect(request, &OutgoingRequest::finished, this, [this, request, then] {
            if (request->isError()) {
                m_exitCode = 1;
                say(QStringLiteral("%1 failed: %2").arg(request->method(), request->error().message));
            } else {
                say(QStringLiteral("%1 -> %2").arg(request->method(),
                                                   QString::fromUtf8(QJsonDocument(request->result().toObject())
                                                                         .toJson(QJsonDocument::Compact).left(300))));
                if (then)
                    then(request->result().toObject());
            }
            if (--m_outstanding == 0)
                end(m_exitCode, QStringLiteral("done"));
        });
    }

    // Disconnects gracefully (DELETE of the session), then exits.
    void end(int code, const QString &why)
    {
        m_exitCode = code;
        say(why);
        m_client->disconnectFromServer();
        QTimer::singleShot(5000, this, [this] { finish(m_exitCode, QStringLiteral("disconnect timed out")); });
    }

    void finish(int code, const QString &why)
    {
        if (m_done)
            return;
        m_done = true;
        say(why);
        QCoreApplication::exit(code);
    }

    QString m_scenario;
    OAuthClient *m_oauth = nullptr;
    Client *m_client = nullptr;
    DefaultsElicitation m_elicitation;
    int m_exitCode = 0;
    int m_outstanding = 0;
    bool m_done = false;
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() < 2) {
        std::fprintf(stderr, "usage: %s <server-url>  (scenario in MCP_CONFORMANCE_SCENARIO)\n", argv[0]);
        return 2;
    }
    const QUrl url = QUrl::fromUserInput(arguments.at(1));
    const QString scenario = qEnvironmentVariable("MCP_CONFORMANCE_SCENARIO");
    Runner runner(url, scenario);
    runner.start();
    QTimer::singleShot(25000, &app, [] {
        say(QStringLiteral("gave up after 25 s"));
        QCoreApplication::exit(1);
    });
    return app.exec();
}
