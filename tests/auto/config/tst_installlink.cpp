// Install links (mcpscope://, vscode:, vscode-insiders:, cursor://): parsed from each format,
// built from configurations and parsed back, secrets never in a link, bad links refused.
#include "config/installlink.h"

#include <QTest>
#include <QUrl>

using namespace Mcp;

Q_DECLARE_METATYPE(Mcp::InstallLink::Format)

class tst_InstallLink : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recognisesLinks();
    void vscodeLink();
    void vscodeInsidersHttpWithInputs();
    void vscodeRedirectBadge();
    void cursorLink();
    void roundTripCommand_data();
    void roundTripCommand();
    void roundTripUrl_data();
    void roundTripUrl();
    void mcpScopeKeepsItsSettings();
    void localFilesAreNotTaken();
    void refused_data();
    void refused();
};

void tst_InstallLink::recognisesLinks()
{
    QVERIFY(InstallLink::looksLikeInstallLink(QStringLiteral("mcpscope://install?name=a&config=e30")));
    QVERIFY(InstallLink::looksLikeInstallLink(QStringLiteral("  vscode:mcp/install?%7B%7D\n")));
    QVERIFY(InstallLink::looksLikeInstallLink(QStringLiteral("VSCODE-INSIDERS:mcp/install?%7B%7D")));
    QVERIFY(InstallLink::looksLikeInstallLink(QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=a")));
    QVERIFY(!InstallLink::looksLikeInstallLink(QStringLiteral("vscode:extension/ms-python.python")));
    QVERIFY(!InstallLink::looksLikeInstallLink(QStringLiteral("mcpscope://installer?x")));
    QVERIFY(!InstallLink::looksLikeInstallLink(QStringLiteral("{\"mcpServers\": {}}")));
    QVERIFY(!InstallLink::looksLikeInstallLink(QStringLiteral("npx -y server")));
}

void tst_InstallLink::vscodeLink()
{
    // As VS Code's documentation builds it: vscode:mcp/install?${encodeURIComponent(JSON.stringify(obj))}
    const InstallLink::Parsed parsed = InstallLink::parse(QStringLiteral(
        "vscode:mcp/install?%7B%22name%22%3A%22memory%22%2C%22command%22%3A%22npx%22%2C%22args%22%3A%5B%22-y%22%2C%22"
        "%40modelcontextprotocol%2Fserver-memory%22%5D%7D"));
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.format, InstallLink::Format::VsCode);
    QCOMPARE(parsed.config->name, QStringLiteral("memory"));
    QCOMPARE(parsed.config->transport, ServerConfig::TransportType::Stdio);
    QCOMPARE(parsed.config->command, QStringLiteral("npx"));
    QCOMPARE(parsed.config->args, (QStringList{QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-memory")}));
    QVERIFY(parsed.config->env.isEmpty());
    QVERIFY(!parsed.config->id.isNull());
}

void tst_InstallLink::vscodeInsidersHttpWithInputs()
{
    const QString json = QStringLiteral(
        R"({"name":"api","type":"http","url":"https://example.com/mcp","headers":{"Authorization":"Bearer ${input:api-token}"},)"
        R"("inputs":[{"type":"promptString","id":"api-token","description":"API token","password":true}]})");
    const InstallLink::Parsed parsed =
        InstallLink::parse(QStringLiteral("vscode-insiders:mcp/install?") + QString::fromLatin1(QUrl::toPercentEncoding(json)));
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.format, InstallLink::Format::VsCodeInsiders);
    QCOMPARE(parsed.config->name, QStringLiteral("api"));
    QCOMPARE(parsed.config->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(parsed.config->url, QStringLiteral("https://example.com/mcp"));
    QCOMPARE(parsed.config->headers.size(), 1);
    QCOMPARE(parsed.config->headers.first().name, QStringLiteral("Authorization"));
    QCOMPARE(parsed.config->headers.first().value, QStringLiteral("Bearer ${input:api-token}"));
    QCOMPARE(parsed.config->inputs.size(), 1);
    QCOMPARE(parsed.config->inputs.first().id, QStringLiteral("api-token"));
    QVERIFY(parsed.config->inputs.first().password);
}

void tst_InstallLink::vscodeRedirectBadge()
{
    const InstallLink::Parsed parsed = InstallLink::parse(QStringLiteral(
        "https://insiders.vscode.dev/redirect/mcp/install?name=github&config=%7B%22type%22%3A%20%22http%22%2C%20%22url%22%3A%20"
        "%22https%3A%2F%2Fapi.githubcopilot.com%2Fmcp%2F%22%7D&quality=insiders"));
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.format, InstallLink::Format::VsCodeInsiders);
    QCOMPARE(parsed.config->name, QStringLiteral("github"));
    QCOMPARE(parsed.config->url, QStringLiteral("https://api.githubcopilot.com/mcp/"));
    QCOMPARE(parsed.config->transport, ServerConfig::TransportType::StreamableHttp);
}

void tst_InstallLink::cursorLink()
{
    // Cursor's form: btoa(JSON.stringify(config)), padded standard base64.
    const InstallLink::Parsed parsed = InstallLink::parse(QStringLiteral(
        "cursor://anysphere.cursor-deeplink/mcp/install?name=postgres&config=eyJjb21tYW5kIjoibnB4IiwiYXJncyI6WyIteSIsIkBtb2Rl"
        "bGNvbnRleHRwcm90b2NvbC9zZXJ2ZXItcG9zdGdyZXMiLCJwb3N0Z3Jlc3FsOi8vbG9jYWxob3N0L215ZGIiXX0="));
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.format, InstallLink::Format::Cursor);
    QCOMPARE(parsed.config->name, QStringLiteral("postgres"));
    QCOMPARE(parsed.config->command, QStringLiteral("npx"));
    QCOMPARE(parsed.config->args, (QStringList{QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-postgres"),
                                               QStringLiteral("postgresql://localhost/mydb")}));
    // A URL server of Cursor's: a bare "url".
    const QString url = QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=remote&config=")
        + QString::fromLatin1(QByteArray(R"({"url":"https://example.com/sse"})").toBase64());
    const InstallLink::Parsed remote = InstallLink::parse(url);
    QVERIFY2(remote.config, qPrintable(remote.error));
    QCOMPARE(remote.config->url, QStringLiteral("https://example.com/sse"));
    QVERIFY(remote.config->usesUrl());
}

void tst_InstallLink::roundTripCommand_data()
{
    QTest::addColumn<InstallLink::Format>("format");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("mcpscope") << InstallLink::Format::McpScope << QStringLiteral("mcpscope://install?name=");
    QTest::newRow("vscode") << InstallLink::Format::VsCode << QStringLiteral("vscode:mcp/install?");
    QTest::newRow("vscode-insiders") << InstallLink::Format::VsCodeInsiders << QStringLiteral("vscode-insiders:mcp/install?");
    QTest::newRow("cursor") << InstallLink::Format::Cursor
                            << QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=");
}

void tst_InstallLink::roundTripCommand()
{
    QFETCH(InstallLink::Format, format);
    QFETCH(QString, prefix);
    ServerConfig config = ServerConfig::create(QStringLiteral("Weather & Co: ü"));
    config.command = QStringLiteral("uvx");
    config.args = {QStringLiteral("weather-mcp-server==0.5.0"), QStringLiteral("--units"), QStringLiteral("a b+c/d=e")};
    config.env = {{QStringLiteral("WEATHER_API_KEY"), QStringLiteral("sk-live-777"), true},
                  {QStringLiteral("WEATHER_UNITS"), QStringLiteral("celsius"), false}};
    config.workingDirectory = QStringLiteral("/srv/weather");

    const QString link = InstallLink::build(config, format);
    QVERIFY2(link.startsWith(prefix), qPrintable(link));
    QVERIFY(!link.contains(QLatin1String("sk-live-777")));
    QVERIFY(!QUrl::fromPercentEncoding(link.toUtf8()).contains(QLatin1String("sk-live-777")));
    QVERIFY(!QByteArray::fromBase64(link.section(QLatin1String("config="), 1).toLatin1(), QByteArray::Base64UrlEncoding)
                 .contains("sk-live-777"));

    const InstallLink::Parsed parsed = InstallLink::parse(link);
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.format, format);
    QCOMPARE(parsed.config->name, config.name);
    QCOMPARE(parsed.config->command, config.command);
    QCOMPARE(parsed.config->args, config.args);
    QCOMPARE(parsed.config->workingDirectory, config.workingDirectory);
    QCOMPARE(parsed.config->env.size(), 2);
    QCOMPARE(parsed.config->env.at(1), config.env.at(1));
    const ConfigEntry key = parsed.config->env.at(0);
    QCOMPARE(key.name, QStringLiteral("WEATHER_API_KEY"));
    QVERIFY(key.value != QLatin1String("sk-live-777"));
    if (format == InstallLink::Format::Cursor) {
        QCOMPARE(key.value, QStringLiteral("${WEATHER_API_KEY}")); // Cursor has no prompts: the environment
    } else {
        QVERIFY2(key.value.startsWith(QLatin1String("${input:")), qPrintable(key.value));
        QCOMPARE(parsed.config->inputs.size(), 1);
        QVERIFY(parsed.config->inputs.first().password);
        QCOMPARE(QStringLiteral("${input:%1}").arg(parsed.config->inputs.first().id), key.value);
    }
    QVERIFY(parsed.config->id != config.id);
}

void tst_InstallLink::roundTripUrl_data()
{
    roundTripCommand_data();
}

void tst_InstallLink::roundTripUrl()
{
    QFETCH(InstallLink::Format, format);
    ServerConfig config = ServerConfig::create(QStringLiteral("remote"));
    config.transport = ServerConfig::TransportType::Sse;
    config.url = QStringLiteral("https://mcp.example.com/sse?region=eu");
    config.headers = {{QStringLiteral("X-API-Key"), QStringLiteral("xk-secret-1"), true},
                      {QStringLiteral("X-Region"), QStringLiteral("eu-west-1"), false}};
    config.bearerToken = QStringLiteral("bearer-secret-2");

    const QString link = InstallLink::build(config, format);
    const QString decoded = QUrl::fromPercentEncoding(link.toUtf8())
        + QString::fromUtf8(QByteArray::fromBase64(QUrl::fromPercentEncoding(link.section(QLatin1String("config="), 1).toUtf8()).toLatin1(),
                                                   QByteArray::Base64UrlEncoding))
        + QString::fromUtf8(QByteArray::fromBase64(QUrl::fromPercentEncoding(link.section(QLatin1String("config="), 1).toUtf8()).toLatin1()));
    QVERIFY(decoded.contains(QLatin1String("mcp.example.com"))); // the decoding above works
    QVERIFY(!decoded.contains(QLatin1String("xk-secret-1")));
    QVERIFY(!decoded.contains(QLatin1String("bearer-secret-2")));

    const InstallLink::Parsed parsed = InstallLink::parse(link);
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.config->transport, ServerConfig::TransportType::Sse);
    QCOMPARE(parsed.config->url, config.url);
    QHash<QString, QString> headers;
    for (const ConfigEntry &header : parsed.config->headers)
        headers.insert(header.name, header.value);
    QCOMPARE(headers.size(), 3);
    QCOMPARE(headers.value(QStringLiteral("X-Region")), QStringLiteral("eu-west-1"));
    QVERIFY2(headers.value(QStringLiteral("X-API-Key")).startsWith(QLatin1String("${")),
             qPrintable(headers.value(QStringLiteral("X-API-Key"))));
    QVERIFY(headers.value(QStringLiteral("Authorization")).startsWith(QLatin1String("Bearer ${")));
    QVERIFY(parsed.config->bearerToken.isEmpty());
}

void tst_InstallLink::mcpScopeKeepsItsSettings()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("slow"));
    config.command = QStringLiteral("/opt/slow-server");
    config.timeouts.requestMs = 120000;
    config.pingIntervalMs = 15000;
    config.notes = QStringLiteral("Needs the VPN.");
    config.inheritEnvironment = false;
    const InstallLink::Parsed parsed = InstallLink::parse(InstallLink::build(config, InstallLink::Format::McpScope));
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.config->timeouts.requestMs, 120000);
    QCOMPARE(parsed.config->pingIntervalMs, 15000);
    QCOMPARE(parsed.config->notes, config.notes);
    QVERIFY(!parsed.config->inheritEnvironment);
    // VS Code's link has no place for them.
    const InstallLink::Parsed vscode = InstallLink::parse(InstallLink::build(config, InstallLink::Format::VsCode));
    QCOMPARE(vscode.config->timeouts.requestMs, ServerTimeouts().requestMs);
}

void tst_InstallLink::localFilesAreNotTaken()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("oauth"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("https://mcp.example.com/mcp");
    config.auth.mode = ServerAuth::Mode::OAuth;
    config.auth.clientId = QStringLiteral("client-1");
    config.auth.clientKeyFile = QStringLiteral("/home/me/.config/key.pem");
    config.auth.workloadTokenFile = QStringLiteral("/var/run/secrets/token");
    const InstallLink::Parsed parsed = InstallLink::parse(InstallLink::build(config, InstallLink::Format::McpScope));
    QVERIFY2(parsed.config, qPrintable(parsed.error));
    QCOMPARE(parsed.config->auth.mode, ServerAuth::Mode::OAuth);
    QCOMPARE(parsed.config->auth.clientId, QStringLiteral("client-1")); // settings travel
    QVERIFY(parsed.config->auth.clientKeyFile.isEmpty());               // local files do not
    QVERIFY(parsed.config->auth.workloadTokenFile.isEmpty());
    QVERIFY(parsed.warnings.join(QLatin1Char(' ')).contains(QLatin1String("ignored")));
}

void tst_InstallLink::refused_data()
{
    QTest::addColumn<QString>("link");
    QTest::addColumn<QString>("reason");
    const QString cursor = QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=");
    QTest::newRow("not a link") << QStringLiteral("https://example.com/mcp") << QStringLiteral("not an install link");
    QTest::newRow("no query") << QStringLiteral("vscode:mcp/install") << QStringLiteral("carries no server configuration");
    QTest::newRow("no config") << QStringLiteral("mcpscope://install?name=x") << QStringLiteral("no \"config\" parameter");
    QTest::newRow("not base64") << cursor + QStringLiteral("%%%!!") << QStringLiteral("not base64");
    QTest::newRow("not json") << cursor + QString::fromLatin1(QByteArray("{\"command\": ").toBase64())
                              << QStringLiteral("not a JSON object");
    QTest::newRow("a list") << QStringLiteral("vscode:mcp/install?%5B1%5D") << QStringLiteral("not a JSON object");
    QTest::newRow("nothing to run") << cursor + QString::fromLatin1(QByteArray(R"({"env":{"A":"1"}})").toBase64())
                                    << QStringLiteral("neither a \"command\" nor a \"url\"");
    QTest::newRow("empty command") << cursor + QString::fromLatin1(QByteArray(R"({"command":"  "})").toBase64())
                                   << QStringLiteral("empty command");
    QTest::newRow("file url") << cursor + QString::fromLatin1(QByteArray(R"({"url":"file:///etc/passwd"})").toBase64())
                              << QStringLiteral("is not an http:// or https:// URL");
    QTest::newRow("too long") << QStringLiteral("vscode:mcp/install?") + QString(InstallLink::MaxLinkLength, QLatin1Char('a'))
                              << QStringLiteral("are refused");
}

void tst_InstallLink::refused()
{
    QFETCH(QString, link);
    QFETCH(QString, reason);
    const InstallLink::Parsed parsed = InstallLink::parse(link);
    QVERIFY(!parsed.config);
    QVERIFY2(parsed.error.contains(reason), qPrintable(parsed.error));
}

QTEST_GUILESS_MAIN(tst_InstallLink)
#include "tst_installlink.moc"
