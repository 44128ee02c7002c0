// server.json of the MCP Registry: the examples of the registry's own documentation
// (tests/auto/config/registry/) to exact configurations, and documents that must be refused.
#include "config/registryserver.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace Mcp;

namespace {

QString example(const char *name)
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/registry/") + QLatin1String(name);
}

RegistryServer load(const char *name)
{
    const RegistryServer server = RegistryServer::readFile(example(name));
    if (!server.isValid())
        qWarning("%s", qPrintable(server.error.toString()));
    return server;
}

ServerConfig configOf(const RegistryServer &server, int choice, const QHash<QString, QString> &values = {})
{
    const RegistryConfigResult result = server.configFor(choice, values);
    if (!result.config)
        qWarning("%s", qPrintable(result.error));
    return result.config.value_or(ServerConfig());
}

const RegistryInput *inputNamed(const RegistryChoice &choice, const QString &key)
{
    for (const RegistryInput &input : choice.inputs) {
        if (input.key == key)
            return &input;
    }
    return nullptr;
}

} // namespace

class tst_RegistryServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void npmWithSecretEnvironment();
    void nugetConstantArguments();
    void nugetRequiredEnvironment();
    void npmAndOciPackages();
    void pypiPackage();
    void ociWithVariablesChoicesAndFormats();
    void remotes();
    void remoteUrlTemplates();
    void packageServingHttp();
    void embeddedInCli();
    void bundleIsExplained();
    void websiteOnlyHasNothingToRun();
    void secretArgumentsAreAskedOnConnect();
    void secretsNeverReachTheFile();
    void recognisesServerJson();
    void badDocuments_data();
    void badDocuments();
};

void tst_RegistryServer::npmWithSecretEnvironment()
{
    const RegistryServer server = load("npm-brave-search.json");
    QVERIFY(server.isValid());
    QCOMPARE(server.name, QStringLiteral("io.modelcontextprotocol.anonymous/brave-search"));
    QCOMPARE(server.displayName(), QStringLiteral("Brave Search"));
    QCOMPARE(server.version, QStringLiteral("1.0.2"));
    QCOMPARE(server.choices.size(), 1);
    const RegistryChoice &npm = server.choices.first();
    QCOMPARE(npm.kind, RegistryChoice::Kind::Package);
    QCOMPARE(npm.registryType, QStringLiteral("npm"));
    QCOMPARE(npm.label(), QStringLiteral("npm @modelcontextprotocol/server-brave-search 1.0.2 (stdio)"));
    QCOMPARE(npm.inputs.size(), 1);
    const RegistryInput &key = npm.inputs.first();
    QCOMPARE(key.key, QStringLiteral("env.BRAVE_API_KEY"));
    QCOMPARE(key.role, RegistryInput::Role::Environment);
    QVERIFY(key.required);
    QVERIFY(key.secret);
    QVERIFY(!key.askedOnConnect); // an environment variable: kept in the keychain
    QCOMPARE(key.description, QStringLiteral("Brave Search API Key"));

    // Filled in: a secret environment entry.
    ServerConfig config = configOf(server, 0, {{QStringLiteral("env.BRAVE_API_KEY"), QStringLiteral("BSA-123")}});
    QCOMPARE(config.name, QStringLiteral("Brave Search"));
    QCOMPARE(config.transport, ServerConfig::TransportType::Stdio);
    QCOMPARE(config.command, QStringLiteral("npx"));
    QCOMPARE(config.args, (QStringList{QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-brave-search@1.0.2")}));
    QCOMPARE(config.env, (QList<ConfigEntry>{{QStringLiteral("BRAVE_API_KEY"), QStringLiteral("BSA-123"), true}}));
    QVERIFY(config.inputs.isEmpty());
    QVERIFY(config.notes.contains(QLatin1String("MCP server for Brave Search API integration.")));

    // Left empty: asked for when connecting, as a password.
    config = configOf(server, 0);
    QCOMPARE(config.env.size(), 1);
    QCOMPARE(config.env.first().value, QStringLiteral("${input:BRAVE_API_KEY}"));
    QCOMPARE(config.inputs.size(), 1);
    QCOMPARE(config.inputs.first().id, QStringLiteral("BRAVE_API_KEY"));
    QVERIFY(config.inputs.first().password);
}

void tst_RegistryServer::nugetConstantArguments()
{
    const RegistryServer server = load("nuget-constant-arguments.json");
    QVERIFY(server.isValid());
    QVERIFY(server.choices.first().inputs.isEmpty());
    const ServerConfig config = configOf(server, 0);
    // The documentation's own words: dnx Knapcode.SampleMcpServer@0.4.0-beta -- mcp start
    QCOMPARE(config.command, QStringLiteral("dnx"));
    QCOMPARE(config.args, (QStringList{QStringLiteral("Knapcode.SampleMcpServer@0.4.0-beta"), QStringLiteral("--yes"),
                                       QStringLiteral("--"), QStringLiteral("mcp"), QStringLiteral("start")}));
    QCOMPARE(config.name, QStringLiteral("knapcode-samplemcpserver"));
}

void tst_RegistryServer::nugetRequiredEnvironment()
{
    const RegistryServer server = load("nuget-weather.json");
    QVERIFY(server.isValid());
    const RegistryConfigResult empty = server.configFor(0, {});
    QVERIFY(!empty.config);
    QCOMPARE(empty.missing, QStringList{QStringLiteral("WEATHER_CHOICES")});
    QVERIFY2(empty.error.contains(QLatin1String("WEATHER_CHOICES")), qPrintable(empty.error));

    const ServerConfig config = configOf(server, 0, {{QStringLiteral("env.WEATHER_CHOICES"), QStringLiteral("sunny,rainy")}});
    QCOMPARE(config.command, QStringLiteral("dnx"));
    QCOMPARE(config.args, (QStringList{QStringLiteral("Knapcode.SampleMcpServer@0.5.0"), QStringLiteral("--yes")}));
    QCOMPARE(config.env, (QList<ConfigEntry>{{QStringLiteral("WEATHER_CHOICES"), QStringLiteral("sunny,rainy"), false}}));
}

void tst_RegistryServer::npmAndOciPackages()
{
    const RegistryServer server = load("filesystem-npm-and-oci.json");
    QVERIFY(server.isValid());
    QCOMPARE(server.choices.size(), 2);
    QCOMPARE(server.defaultChoice(), 0); // no remote: the first package
    QCOMPARE(server.findChoice(QStringLiteral("oci")), 1);
    QCOMPARE(server.findChoice(QStringLiteral("NPM")), 0);
    QCOMPARE(server.findChoice(QStringLiteral("pypi")), -1);

    // The positional argument's default stands in for what the user does not give.
    ServerConfig npm = configOf(server, 0);
    QCOMPARE(npm.command, QStringLiteral("npx"));
    QCOMPARE(npm.args, (QStringList{QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-filesystem@1.0.2"),
                                    QStringLiteral("/Users/username/Desktop")}));
    QCOMPARE(npm.env, (QList<ConfigEntry>{{QStringLiteral("LOG_LEVEL"), QStringLiteral("info"), false}}));
    npm = configOf(server, 0, {{QStringLiteral("packageArguments[0]"), QStringLiteral("/home/me/notes")},
                               {QStringLiteral("env.LOG_LEVEL"), QString()}});
    QCOMPARE(npm.args.last(), QStringLiteral("/home/me/notes"));
    QVERIFY(npm.env.isEmpty()); // emptied by the user: an optional variable is left out

    const RegistryChoice &oci = server.choices.at(1);
    const RegistryInput *source = inputNamed(oci, QStringLiteral("runtimeArguments[0].source_path"));
    QVERIFY(source);
    QCOMPARE(source->label, QStringLiteral("source_path"));
    QCOMPARE(source->format, QStringLiteral("filepath"));
    QVERIFY(source->required);
    QVERIFY(inputNamed(oci, QStringLiteral("runtimeArguments[0].target_path")));
    QVERIFY(!inputNamed(oci, QStringLiteral("packageArguments[0]"))); // a fixed value asks nothing

    const RegistryConfigResult unfilled = server.configFor(1, {});
    QCOMPARE(unfilled.missing, QStringList{QStringLiteral("source_path")});
    const ServerConfig docker = configOf(server, 1, {{QStringLiteral("runtimeArguments[0].source_path"), QStringLiteral("/home/me/src")}});
    QCOMPARE(docker.command, QStringLiteral("docker"));
    QCOMPARE(docker.args, (QStringList{QStringLiteral("run"), QStringLiteral("-i"), QStringLiteral("--rm"),
                                       QStringLiteral("--mount"), QStringLiteral("type=bind,src=/home/me/src,dst=/project"),
                                       QStringLiteral("-e"), QStringLiteral("LOG_LEVEL"),
                                       QStringLiteral("docker.io/mcp/filesystem:1.0.2"), QStringLiteral("/project")}));
    QCOMPARE(docker.env, (QList<ConfigEntry>{{QStringLiteral("LOG_LEVEL"), QStringLiteral("info"), false}}));
}

void tst_RegistryServer::pypiPackage()
{
    const RegistryServer server = load("pypi-weather.json");
    QVERIFY(server.isValid());
    const ServerConfig config = configOf(server, 0, {{QStringLiteral("env.WEATHER_API_KEY"), QStringLiteral("w-key")}});
    QCOMPARE(config.command, QStringLiteral("uvx"));
    QCOMPARE(config.args, QStringList{QStringLiteral("weather-mcp-server==0.5.0")});
    QCOMPARE(config.env, (QList<ConfigEntry>{{QStringLiteral("WEATHER_API_KEY"), QStringLiteral("w-key"), true},
                                             {QStringLiteral("WEATHER_UNITS"), QStringLiteral("celsius"), false}}));
}

void tst_RegistryServer::ociWithVariablesChoicesAndFormats()
{
    const RegistryServer server = load("oci-database-manager.json");
    QVERIFY(server.isValid());
    const RegistryChoice &choice = server.choices.first();
    const RegistryInput *type = inputNamed(choice, QStringLiteral("runtimeArguments[1].db_type"));
    QVERIFY(type);
    QCOMPARE(type->choices, (QStringList{QStringLiteral("postgres"), QStringLiteral("mysql"), QStringLiteral("mongodb"),
                                         QStringLiteral("redis")}));
    const RegistryInput *ssl = inputNamed(choice, QStringLiteral("env.SSL_MODE"));
    QVERIFY(ssl);
    QCOMPARE(ssl->defaultValue, QStringLiteral("prefer"));
    QVERIFY(inputNamed(choice, QStringLiteral("env.DB_PASSWORD"))->secret);
    QCOMPARE(inputNamed(choice, QStringLiteral("packageArguments[1]"))->format, QStringLiteral("number"));
    QCOMPARE(inputNamed(choice, QStringLiteral("packageArguments[2]"))->label, QStringLiteral("database_name"));

    QHash<QString, QString> values{{QStringLiteral("runtimeArguments[1].db_type"), QStringLiteral("postgres")},
                                   {QStringLiteral("packageArguments[2]"), QStringLiteral("inventory")},
                                   {QStringLiteral("env.DB_USERNAME"), QStringLiteral("admin")},
                                   {QStringLiteral("env.DB_PASSWORD"), QStringLiteral("pa55word")}};
    const ServerConfig config = configOf(server, 0, values);
    QCOMPARE(config.command, QStringLiteral("docker"));
    QCOMPARE(config.args,
             (QStringList{QStringLiteral("run"), QStringLiteral("-i"), QStringLiteral("--rm"), QStringLiteral("--network"),
                          QStringLiteral("host"), QStringLiteral("-e"), QStringLiteral("DB_TYPE=postgres"),
                          QStringLiteral("-e"), QStringLiteral("DB_USERNAME"), QStringLiteral("-e"), QStringLiteral("DB_PASSWORD"),
                          QStringLiteral("-e"), QStringLiteral("SSL_MODE"),
                          QStringLiteral("docker.io/example/database-manager-mcp:3.1.0"), QStringLiteral("--host"),
                          QStringLiteral("localhost"), QStringLiteral("inventory")}));
    QCOMPARE(config.env, (QList<ConfigEntry>{{QStringLiteral("DB_USERNAME"), QStringLiteral("admin"), false},
                                             {QStringLiteral("DB_PASSWORD"), QStringLiteral("pa55word"), true},
                                             {QStringLiteral("SSL_MODE"), QStringLiteral("prefer"), false}}));
    QVERIFY(!config.args.join(QLatin1Char(' ')).contains(QLatin1String("pa55word")));

    // The optional number, given: "--port 5432" in two words.
    values.insert(QStringLiteral("packageArguments[1]"), QStringLiteral("5432"));
    QVERIFY(configOf(server, 0, values).args.join(QLatin1Char(' ')).endsWith(QLatin1String("--host localhost --port 5432 inventory")));
    // Refused: a value not among the choices, a number that is not one.
    values.insert(QStringLiteral("runtimeArguments[1].db_type"), QStringLiteral("oracle"));
    RegistryConfigResult refused = server.configFor(0, values);
    QVERIFY(!refused.config);
    QVERIFY2(refused.error.contains(QLatin1String("\"oracle\" is not one of postgres, mysql, mongodb, redis")),
             qPrintable(refused.error));
    values.insert(QStringLiteral("runtimeArguments[1].db_type"), QStringLiteral("mysql"));
    values.insert(QStringLiteral("packageArguments[1]"), QStringLiteral("fifty"));
    refused = server.configFor(0, values);
    QVERIFY2(refused.error.contains(QLatin1String("--port: \"fifty\" is not a number")), qPrintable(refused.error));
}

void tst_RegistryServer::remotes()
{
    const RegistryServer single = load("remote-streamable-http.json");
    QVERIFY(single.isValid());
    const ServerConfig remote = configOf(single, 0);
    QCOMPARE(remote.transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(remote.url, QStringLiteral("https://mcp-fs.anonymous.modelcontextprotocol.io/http"));
    QVERIFY(remote.command.isEmpty());
    QCOMPARE(remote.name, QStringLiteral("mcp-fs"));

    const RegistryServer hybrid = load("hybrid-package-and-remotes.json");
    QVERIFY(hybrid.isValid());
    QCOMPARE(hybrid.choices.size(), 3);
    QCOMPARE(hybrid.defaultChoice(), 1); // the first remote
    QCOMPARE(hybrid.findChoice(QStringLiteral("https://mcp.anonymous.modelcontextprotocol.io/sse")), 2);
    QCOMPARE(hybrid.findChoice(QStringLiteral("sse")), 2);
    QCOMPARE(hybrid.choices.at(1).label(), QStringLiteral("streamable-http https://mcp.anonymous.modelcontextprotocol.io/http"));

    const ServerConfig npm = configOf(hybrid, 0);
    QCOMPARE(npm.command, QStringLiteral("npx"));
    QCOMPARE(npm.args, (QStringList{QStringLiteral("-y"), QStringLiteral("@example/hybrid-mcp-server@1.5.0"),
                                    QStringLiteral("--mode"), QStringLiteral("local")}));

    const ServerConfig http = configOf(hybrid, 1, {{QStringLiteral("header.X-API-Key"), QStringLiteral("key-1")}});
    QCOMPARE(http.transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(http.headers, (QList<ConfigEntry>{{QStringLiteral("X-API-Key"), QStringLiteral("key-1"), true},
                                               {QStringLiteral("X-Region"), QStringLiteral("us-east-1"), false}}));
    const ServerConfig sse = configOf(hybrid, 2);
    QCOMPARE(sse.transport, ServerConfig::TransportType::Sse);
    QCOMPARE(sse.url, QStringLiteral("https://mcp.anonymous.modelcontextprotocol.io/sse"));
    QVERIFY(sse.headers.isEmpty());
}

void tst_RegistryServer::remoteUrlTemplates()
{
    const RegistryServer server = load("remote-url-template.json");
    QVERIFY(server.isValid());
    const RegistryInput *tenant = inputNamed(server.choices.first(), QStringLiteral("url.tenant_id"));
    QVERIFY(tenant);
    QCOMPARE(tenant->role, RegistryInput::Role::UrlVariable);
    QVERIFY(tenant->required);
    QCOMPARE(server.configFor(0, {}).missing, QStringList{QStringLiteral("tenant_id")});
    QCOMPARE(configOf(server, 0, {{QStringLiteral("url.tenant_id"), QStringLiteral("us-cell1")}}).url,
             QStringLiteral("https://anonymous.modelcontextprotocol.io/mcp/us-cell1"));

    const RegistryServer sse = load("remote-sse-template.json");
    QVERIFY(sse.isValid());
    const ServerConfig config = configOf(sse, 0, {{QStringLiteral("url.tenant_id"), QStringLiteral("emea-cell1")}});
    QCOMPARE(config.transport, ServerConfig::TransportType::Sse);
    QCOMPARE(config.url, QStringLiteral("https://events.anonymous.modelcontextprotocol.io/sse/emea-cell1"));
}

void tst_RegistryServer::packageServingHttp()
{
    const RegistryServer server = load("package-url-template.json");
    QVERIFY(server.isValid());
    RegistryConfigResult result = server.configFor(0, {});
    QVERIFY(result.config);
    QCOMPARE(result.config->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(result.config->url, QStringLiteral("http://localhost:3000/mcp"));
    QCOMPARE(result.warnings.size(), 1);
    QVERIFY2(result.warnings.first().contains(QLatin1String("npx -y @example/mcp-server@1.0.0 --port 3000")),
             qPrintable(result.warnings.first()));
    QVERIFY(result.config->notes.contains(QLatin1String("npx -y @example/mcp-server@1.0.0 --port 3000")));
    result = server.configFor(0, {{QStringLiteral("packageArguments[0]"), QStringLiteral("8080")}});
    QCOMPARE(result.config->url, QStringLiteral("http://localhost:8080/mcp"));
}

void tst_RegistryServer::embeddedInCli()
{
    const ServerConfig config = configOf(load("npm-embedded-in-cli.json"), 0);
    QCOMPARE(config.command, QStringLiteral("npx"));
    QCOMPARE(config.args, (QStringList{QStringLiteral("-y"), QStringLiteral("snyk@1.1298.0"), QStringLiteral("mcp"),
                                       QStringLiteral("-t"), QStringLiteral("stdio")}));
    QCOMPARE(config.name, QStringLiteral("Snyk"));
}

void tst_RegistryServer::bundleIsExplained()
{
    const RegistryServer server = load("mcpb-text-editor.json");
    QVERIFY(server.isValid()); // listed, so the user sees it is there
    QCOMPARE(server.choices.first().registryType, QStringLiteral("mcpb"));
    const RegistryConfigResult result = server.configFor(0, {});
    QVERIFY(!result.config);
    QVERIFY2(result.error.contains(QLatin1String("MCP bundle")), qPrintable(result.error));
    QVERIFY(result.error.contains(QLatin1String("fe333e598595000ae021bd27117db32ec69af6987f507ba7a63c90638ff633ce")));
    QVERIFY(result.error.contains(QLatin1String("downloaded")));
}

void tst_RegistryServer::websiteOnlyHasNothingToRun()
{
    const RegistryServer server = load("website-only.json");
    QVERIFY(!server.isValid());
    QVERIFY2(server.error.reason.contains(QLatin1String("https://anonymous.modelcontextprotocol.io/embedded-mcp-guide")),
             qPrintable(server.error.reason));
    QCOMPARE(server.error.path, example("website-only.json"));
}

void tst_RegistryServer::secretArgumentsAreAskedOnConnect()
{
    const QByteArray text = R"({"name": "io.example/tokens", "description": "d", "version": "1.0.0",
        "packages": [{"registryType": "npm", "identifier": "tokens", "version": "1.0.0", "transport": {"type": "stdio"},
          "packageArguments": [{"type": "named", "name": "--token", "isSecret": true, "isRequired": true},
                               {"type": "positional", "valueHint": "extra", "isSecret": true}]}],
        "remotes": [{"type": "streamable-http", "url": "https://example.com/{key}/mcp",
          "variables": {"key": {"isSecret": true, "isRequired": true}},
          "headers": [{"name": "Authorization", "value": "Bearer {token}",
                       "variables": {"token": {"isSecret": true, "isRequired": true}}}]}]})";
    const RegistryServer server = RegistryServer::parse(text);
    QVERIFY2(server.isValid(), qPrintable(server.error.toString()));
    const RegistryInput *token = inputNamed(server.choices.first(), QStringLiteral("packageArguments[0]"));
    QVERIFY(token);
    QVERIFY(token->askedOnConnect);
    // Whatever was typed, the command line holds a reference, never the secret.
    ServerConfig config = configOf(server, 0, {{QStringLiteral("packageArguments[0]"), QStringLiteral("tok-1")}});
    QCOMPARE(config.args, (QStringList{QStringLiteral("-y"), QStringLiteral("tokens@1.0.0"), QStringLiteral("--token"),
                                       QStringLiteral("${input:token}")}));
    QCOMPARE(config.inputs.size(), 1);
    QCOMPARE(config.inputs.first().id, QStringLiteral("token"));
    QVERIFY(config.inputs.first().password);
    // The optional secret, given: included as its own prompt.
    config = configOf(server, 0, {{QStringLiteral("packageArguments[1]"), QStringLiteral("x")}});
    QCOMPARE(config.args.last(), QStringLiteral("${input:extra}"));
    QCOMPARE(config.inputs.size(), 2);

    // A secret in the URL is asked for; one in a header's value is a secret header.
    config = configOf(server, 1, {{QStringLiteral("url.key"), QStringLiteral("k")},
                                  {QStringLiteral("header.Authorization.token"), QStringLiteral("t0k")}});
    QCOMPARE(config.url, QStringLiteral("https://example.com/${input:key}/mcp"));
    QCOMPARE(config.headers, (QList<ConfigEntry>{{QStringLiteral("Authorization"), QStringLiteral("Bearer t0k"), true}}));
}

void tst_RegistryServer::secretsNeverReachTheFile()
{
    const RegistryServer server = load("oci-database-manager.json");
    const ServerConfig config = configOf(server, 0, {{QStringLiteral("runtimeArguments[1].db_type"), QStringLiteral("redis")},
                                                     {QStringLiteral("packageArguments[2]"), QStringLiteral("db")},
                                                     {QStringLiteral("env.DB_USERNAME"), QStringLiteral("u")},
                                                     {QStringLiteral("env.DB_PASSWORD"), QStringLiteral("hunter2-secret")}});
    const QByteArray file = QJsonDocument(config.toJson(ServerConfig::SecretHandling::Omit)).toJson();
    QVERIFY(!file.contains("hunter2-secret"));
    QVERIFY(config.secretValues().contains(QStringLiteral("hunter2-secret")));
    QVERIFY(!config.commandLineForDisplay().contains(QLatin1String("hunter2-secret")));
}

void tst_RegistryServer::recognisesServerJson()
{
    QFile file(example("hybrid-package-and-remotes.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(RegistryServer::looksLikeServerJson(file.readAll()));
    QFile mcpJson(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/data/claude_desktop_config.json"));
    QVERIFY(mcpJson.open(QIODevice::ReadOnly));
    QVERIFY(!RegistryServer::looksLikeServerJson(mcpJson.readAll()));
    QVERIFY(!RegistryServer::looksLikeServerJson("{\"command\": \"npx\"}"));
    QVERIFY(!RegistryServer::looksLikeServerJson("not json"));
}

void tst_RegistryServer::badDocuments_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<int>("line");

    QTest::newRow("not json") << QByteArray("{\n  \"name\": \"io.x/y\",\n  \"packages\": [\n}") << QStringLiteral("Not valid JSON") << 4;
    QTest::newRow("a list") << QByteArray("[]") << QStringLiteral("is a JSON object") << 0;
    QTest::newRow("mcp.json") << QByteArray(R"({"mcpServers": {"a": {"command": "x"}}})")
                              << QStringLiteral("This is an mcp.json") << 0;
    QTest::newRow("snake_case") << QByteArray(R"({"name": "io.x/y", "packages": [{"registry_type": "npm"}]})")
                                << QStringLiteral("packages[0] uses the snake_case names") << 0;
    QTest::newRow("missing name") << QByteArray(R"({"description": "d", "remotes": [{"type": "sse", "url": "https://x"}]})")
                                  << QStringLiteral("name: missing") << 0;
    QTest::newRow("positional without value")
        << QByteArray(R"({"name": "io.x/y", "packages": [{"registryType": "npm", "identifier": "p", "version": "1",
             "transport": {"type": "stdio"}, "packageArguments": [{"type": "positional", "description": "d"}]}]})")
        << QStringLiteral("packages[0].packageArguments[0]: a positional argument needs") << 0;
    QTest::newRow("named without name")
        << QByteArray(R"({"name": "io.x/y", "packages": [{"registryType": "npm", "identifier": "p",
             "transport": {"type": "stdio"}, "runtimeArguments": [{"type": "named", "value": "v"}]}]})")
        << QStringLiteral("packages[0].runtimeArguments[0].name: missing") << 0;
    QTest::newRow("argument type")
        << QByteArray(R"({"name": "io.x/y", "packages": [{"registryType": "npm", "identifier": "p",
             "transport": {"type": "stdio"}, "packageArguments": [{"type": "flag", "value": "v"}]}]})")
        << QStringLiteral("packages[0].packageArguments[0].type: \"flag\" is neither") << 0;
    QTest::newRow("no transport") << QByteArray(R"({"name": "io.x/y", "packages": [{"registryType": "npm", "identifier": "p"}]})")
                                  << QStringLiteral("packages[0].transport: missing") << 0;
    QTest::newRow("bad transport")
        << QByteArray(R"({"name": "io.x/y", "packages": [{"registryType": "npm", "identifier": "p", "transport": {"type": "websocket"}}]})")
        << QStringLiteral("packages[0].transport.type: \"websocket\" is not one of") << 0;
    QTest::newRow("stdio remote") << QByteArray(R"({"name": "io.x/y", "remotes": [{"type": "stdio"}]})")
                                  << QStringLiteral("remotes[0].type: \"stdio\" is not a remote transport") << 0;
    QTest::newRow("remote without url") << QByteArray(R"({"name": "io.x/y", "remotes": [{"type": "streamable-http"}]})")
                                        << QStringLiteral("remotes[0].url: missing") << 0;
    QTest::newRow("remote url not http") << QByteArray(R"({"name": "io.x/y", "remotes": [{"type": "sse", "url": "ftp://x/sse"}]})")
                                         << QStringLiteral("remotes[0].url: \"ftp://x/sse\" is not an http") << 0;
    QTest::newRow("env without name")
        << QByteArray(R"({"name": "io.x/y", "packages": [{"registryType": "npm", "identifier": "p", "transport": {"type": "stdio"},
             "environmentVariables": [{"description": "d"}]}]})")
        << QStringLiteral("packages[0].environmentVariables[0].name: missing") << 0;
    QTest::newRow("isSecret a string")
        << QByteArray(R"({"name": "io.x/y", "remotes": [{"type": "sse", "url": "https://x", "headers": [{"name": "K", "isSecret": "yes"}]}]})")
        << QStringLiteral("remotes[0].headers[0].isSecret: expected true or false") << 0;
    QTest::newRow("packages not a list") << QByteArray(R"({"name": "io.x/y", "packages": {"npm": {}}})")
                                         << QStringLiteral("packages: expected a list") << 0;
    QTest::newRow("bad format")
        << QByteArray(R"({"name": "io.x/y", "remotes": [{"type": "sse", "url": "https://x/{v}", "variables": {"v": {"format": "date"}}}]})")
        << QStringLiteral("remotes[0].variables.v.format: \"date\" is not one of") << 0;
}

void tst_RegistryServer::badDocuments()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, reason);
    QFETCH(int, line);
    const RegistryServer server = RegistryServer::parse(text, QStringLiteral("server.json"));
    QVERIFY(!server.isValid());
    QVERIFY(server.choices.isEmpty());
    QVERIFY2(server.error.reason.contains(reason), qPrintable(server.error.reason));
    QCOMPARE(server.error.path, QStringLiteral("server.json"));
    if (line > 0) {
        QCOMPARE(server.error.line, line);
        QVERIFY(server.error.toString().startsWith(QStringLiteral("server.json:%1:").arg(line)));
    }
}

QTEST_GUILESS_MAIN(tst_RegistryServer)
#include "tst_registryserver.moc"
