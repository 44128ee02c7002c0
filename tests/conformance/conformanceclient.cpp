// The client under test for @modelcontextprotocol/conformance ("conformance client"): built
// on the library (Mcp::Client over the Streamable HTTP transport), it connects to the URL in
// argv[1] and does what the scenario in MCP_CONFORMANCE_SCENARIO needs, then disconnects.
// Exit code 0 when everything it did succeeded. Servers that want authorization get the
// library's OAuthClient with a headless user agent (the suite's authorization servers approve
// at once); MCP_CONFORMANCE_CONTEXT gives pre-registered credentials where a scenario has them
// (client secret or private key, a workload identity JWT, cross-app access tokens).

#include "auth/authorizationuseragent.h"
#include "auth/oauthclient.h"
#include "session/client.h"
#include "transport/httptransportoptions.h"

#include <QCoreApplication>
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

class Runner : public QObject
{
public:
    Runner(const QUrl &url, const QString &scenario) : m_scenario(scenario)
    {
        const QJsonObject context = QJsonDocument::fromJson(qgetenv("MCP_CONFORMANCE_CONTEXT")).object();
        OAuthClient::Settings settings;
        settings.clientId = context.value(QLatin1String("client_id")).toString();
        settings.clientSecret = context.value(QLatin1String("client_secret")).toString();
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
        m_oauth->setUserAgent(new HeadlessUserAgent(QUrl(QStringLiteral("http://localhost:3000/callback")), this));
        HttpTransportOptions options;
        options.authorizer = m_oauth;
        Transport *transport = createHttpTransport(url, HttpTransportKind::StreamableHttp, options);
        m_client = new Client(transport, this);
        m_client->setClientInfo({QStringLiteral("mcpscope-conformance-client"), QStringLiteral("0.1.0"), {}, {}});
        m_client->setElicitationHandler(&m_elicitation);
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
        say(QStringLiteral("initialized (protocol %1), scenario %2").arg(m_client->protocolVersion(), m_scenario));
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
