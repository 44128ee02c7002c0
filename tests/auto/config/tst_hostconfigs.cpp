// Every MCP host's configuration dialect (issue 37): realistic files of each host (comments,
// members MCP Scope does not know, several servers, user and project scope) read, one entry
// rewritten and compared byte for byte with the expected file, Record in a Host on each, the
// dialect told from the file, and bad files reported where they are wrong.
#include "config/hostconfigs.h"
#include "config/recordrewrite.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

namespace {

QString hostPath(const QString &name)
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/hosts/") + name;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

const ServerConfig *byName(const McpJsonImport &result, const QString &name)
{
    for (const ServerConfig &c : result.servers)
        if (c.name == name)
            return &c;
    return nullptr;
}

QStringList names(const McpJsonImport &result)
{
    QStringList list;
    for (const ServerConfig &c : result.servers)
        list.append(c.name);
    return list;
}

QString envValue(const QList<ConfigEntry> &entries, const QString &name)
{
    for (const ConfigEntry &e : entries)
        if (e.name == name)
            return e.value;
    return QStringLiteral("<missing>");
}

// What a host runs: compared across a rewrite.
QString runs(const ServerConfig &c)
{
    QStringList env;
    for (const ConfigEntry &e : c.env)
        env << e.name + QLatin1Char('=') + e.value;
    env.sort();
    QStringList headers;
    for (const ConfigEntry &h : c.headers)
        headers << h.name + QLatin1Char('=') + h.value;
    headers.sort();
    return QStringList{ServerConfig::transportToString(c.transport), c.command, c.args.join(QLatin1Char(' ')),
                       env.join(QLatin1Char(',')), c.workingDirectory, c.url, headers.join(QLatin1Char(','))}
        .join(QLatin1Char('|'));
}

using Dialect = McpJsonDialect;

} // namespace

class tst_HostConfigs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseEach_data();
    void parseEach();
    void codex();
    void geminiCli();
    void zed();
    void clineWindsurfLmStudio();
    void continueYaml();
    void continueNetworkOptions();
    void goose();
    void detect_data();
    void detect();
    void rewriteEntry_data();
    void rewriteEntry();
    void addEntry_data();
    void addEntry();
    void recordInEachDialect_data();
    void recordInEachDialect();
    void exportReadsBack_data();
    void exportReadsBack();
    void badFiles_data();
    void badFiles();
    void oddValuesAreSaidNotFatal();
    void locations();
};

void tst_HostConfigs::parseEach_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<Dialect>("dialect");
    QTest::addColumn<QStringList>("servers");
    QTest::newRow("Codex user") << "codex_config.toml" << Dialect::Codex << QStringList{"filesystem", "github", "fetch"};
    QTest::newRow("Codex project") << "codex_project.toml" << Dialect::Codex << QStringList{"local", "tracker"};
    QTest::newRow("Gemini CLI") << "gemini_settings.json" << Dialect::Gemini << QStringList{"git", "github", "events"};
    QTest::newRow("Windsurf") << "windsurf_mcp_config.json" << Dialect::Windsurf << QStringList{"figma", "memory"};
    QTest::newRow("Zed") << "zed_settings.json" << Dialect::Zed << QStringList{"everything", "legacy", "remote"};
    QTest::newRow("Cline") << "cline_mcp_settings.json" << Dialect::McpServers << QStringList{"weather", "search", "legacy-sse"};
    QTest::newRow("LM Studio") << "lmstudio_mcp.json" << Dialect::McpServers << QStringList{"hf", "time"};
    QTest::newRow("Continue") << "continue_config.yaml" << Dialect::Continue << QStringList{"playwright", "docs", "sqlite"};
    QTest::newRow("Continue block") << "continue_block.yaml" << Dialect::Continue << QStringList{"Browser search"};
    QTest::newRow("Goose") << "goose_config.yaml" << Dialect::Goose << QStringList{"github", "search", "events"};
}

void tst_HostConfigs::parseEach()
{
    QFETCH(QString, file);
    QFETCH(Dialect, dialect);
    QFETCH(QStringList, servers);
    const McpJsonImport result = HostConfig::readFile(hostPath(file));
    QVERIFY2(result.isValid(), qPrintable(result.error.toString()));
    QCOMPARE(result.dialect, dialect);
    QCOMPARE(names(result), servers);
    // The same text pasted without its file name reads the same.
    const McpJsonImport pasted = HostConfig::parse(readAll(hostPath(file)));
    QCOMPARE(names(pasted), servers);
}

void tst_HostConfigs::codex()
{
    const McpJsonImport r = HostConfig::readFile(hostPath(QStringLiteral("codex_config.toml")));
    const ServerConfig *fs = byName(r, QStringLiteral("filesystem"));
    QVERIFY(fs);
    QCOMPARE(fs->transport, ServerConfig::TransportType::Stdio);
    QCOMPARE(fs->command, QStringLiteral("npx"));
    QCOMPARE(fs->args, (QStringList{"-y", "@modelcontextprotocol/server-filesystem", "/home/me/projects"}));
    QCOMPARE(envValue(fs->env, QStringLiteral("LOG_LEVEL")), QStringLiteral("info"));
    QCOMPARE(fs->timeouts.connectMs, 20000);
    // What MCP Scope has no field for is kept as it was.
    QCOMPARE(fs->extra.value(QLatin1String("enabled_tools")).toArray().size(), 2);

    const ServerConfig *github = byName(r, QStringLiteral("github"));
    QVERIFY(github);
    QCOMPARE(github->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(github->url, QStringLiteral("https://api.githubcopilot.com/mcp/"));
    // The token and the header values stay in the environment: ${VAR} references.
    QCOMPARE(envValue(github->headers, QStringLiteral("Authorization")), QStringLiteral("Bearer ${GITHUB_PAT}"));
    QCOMPARE(envValue(github->headers, QStringLiteral("X-Team")), QStringLiteral("${TEAM_ID}"));
    QCOMPARE(envValue(github->headers, QStringLiteral("X-Client")), QStringLiteral("codex"));
    QCOMPARE(github->timeouts.requestMs, 120000);

    const ServerConfig *fetch = byName(r, QStringLiteral("fetch"));
    QVERIFY(fetch);
    QCOMPARE(envValue(fetch->env, QStringLiteral("HTTP_PROXY")), QStringLiteral("http://proxy.internal:3128"));
    QVERIFY(r.warnings.join(QLatin1Char('\n')).contains(QLatin1String("fetch: marked \"disabled\"")));

    const McpJsonImport project = HostConfig::readFile(hostPath(QStringLiteral("codex_project.toml")));
    QCOMPARE(project.servers.at(0).workingDirectory, QStringLiteral("tools"));
    QCOMPARE(project.servers.at(1).url, QStringLiteral("http://127.0.0.1:7000/mcp"));
}

void tst_HostConfigs::geminiCli()
{
    const McpJsonImport r = HostConfig::readFile(hostPath(QStringLiteral("gemini_settings.json")));
    const ServerConfig *git = byName(r, QStringLiteral("git"));
    QVERIFY(git);
    QCOMPARE(git->workingDirectory, QStringLiteral("./repo"));
    QCOMPARE(git->extra.value(QLatin1String("trust")).toBool(true), false);
    QCOMPARE(git->extra.value(QLatin1String("includeTools")).toArray().size(), 2);
    // httpUrl is a streamable HTTP server, url an SSE one.
    QCOMPARE(byName(r, QStringLiteral("github"))->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(byName(r, QStringLiteral("github"))->url, QStringLiteral("https://api.githubcopilot.com/mcp/"));
    QCOMPARE(byName(r, QStringLiteral("events"))->transport, ServerConfig::TransportType::Sse);
}

void tst_HostConfigs::zed()
{
    const McpJsonImport r = HostConfig::readFile(hostPath(QStringLiteral("zed_settings.json")));
    // The extension's server has nothing to run: said, not imported.
    QVERIFY(r.warnings.join(QLatin1Char('\n')).contains(QLatin1String("postgres-context-server")));
    const ServerConfig *legacy = byName(r, QStringLiteral("legacy"));
    QVERIFY(legacy);
    QCOMPARE(legacy->command, QStringLiteral("/usr/local/bin/legacy-mcp"));
    QCOMPARE(legacy->args, QStringList{QStringLiteral("serve")});
    QCOMPARE(envValue(legacy->env, QStringLiteral("LEGACY_MODE")), QStringLiteral("1"));
    QCOMPARE(byName(r, QStringLiteral("everything"))->extra.value(QLatin1String("source")).toString(), QStringLiteral("custom"));
    QCOMPARE(byName(r, QStringLiteral("remote"))->transport, ServerConfig::TransportType::Auto);
}

void tst_HostConfigs::clineWindsurfLmStudio()
{
    const McpJsonImport cline = HostConfig::readFile(hostPath(QStringLiteral("cline_mcp_settings.json")));
    QCOMPARE(byName(cline, QStringLiteral("search"))->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(byName(cline, QStringLiteral("legacy-sse"))->transport, ServerConfig::TransportType::Sse);
    QCOMPARE(byName(cline, QStringLiteral("weather"))->extra.value(QLatin1String("autoApprove")).toArray().size(), 1);
    QVERIFY(cline.warnings.join(QLatin1Char('\n')).contains(QLatin1String("search: marked \"disabled\"")));

    const McpJsonImport windsurf = HostConfig::readFile(hostPath(QStringLiteral("windsurf_mcp_config.json")));
    QCOMPARE(byName(windsurf, QStringLiteral("figma"))->url, QStringLiteral("https://mcp.figma.com/mcp"));
    QCOMPARE(byName(windsurf, QStringLiteral("figma"))->transport, ServerConfig::TransportType::Auto);

    const McpJsonImport lmStudio = HostConfig::readFile(hostPath(QStringLiteral("lmstudio_mcp.json")));
    QCOMPARE(envValue(byName(lmStudio, QStringLiteral("hf"))->headers, QStringLiteral("Authorization")),
             QStringLiteral("Bearer ${HF_TOKEN}"));
}

void tst_HostConfigs::continueYaml()
{
    const McpJsonImport r = HostConfig::readFile(hostPath(QStringLiteral("continue_config.yaml")));
    const ServerConfig *playwright = byName(r, QStringLiteral("playwright"));
    QVERIFY(playwright);
    QCOMPARE(playwright->args, QStringList{QStringLiteral("@playwright/mcp@latest")});
    QCOMPARE(envValue(playwright->env, QStringLiteral("DEBUG")), QStringLiteral("pw:*"));
    QCOMPARE(playwright->extra.value(QLatin1String("connectionTimeout")).toInt(), 30000);
    const ServerConfig *docs = byName(r, QStringLiteral("docs"));
    QCOMPARE(docs->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(envValue(docs->headers, QStringLiteral("Authorization")), QStringLiteral("Bearer ${{ secrets.DOCS_TOKEN }}"));
    QCOMPARE(docs->extra.value(QLatin1String("requestOptions")).toObject().value(QLatin1String("timeout")).toInt(), 20);
    QCOMPARE(byName(r, QStringLiteral("sqlite"))->args,
             (QStringList{"mcp-server-sqlite", "--db-path", "/tmp/test.db"}));
}

void tst_HostConfigs::continueNetworkOptions()
{
    // Continue's requestOptions carry a CA bundle, a client certificate and a proxy: read into the
    // server's network settings, written back to the same members; verifySsl: false is said and
    // kept, never taken; the rest of requestOptions stays as it was.
    const QByteArray text = "mcpServers:\n"
                            "  - name: gateway\n"
                            "    type: streamable-http\n"
                            "    url: https://gw.corp.example/mcp\n"
                            "    requestOptions:\n"
                            "      timeout: 20\n"
                            "      verifySsl: false\n"
                            "      noProxy: [localhost]\n"
                            "      caBundlePath: [/etc/corp/root.pem, /etc/corp/issuing.pem]\n"
                            "      proxy: http://me:pw@proxy.corp.example:3128\n"
                            "      clientCertificate:\n"
                            "        cert: /home/me/me.pem\n"
                            "        key: /home/me/me.key\n"
                            "        passphrase: key-pass\n";
    const McpJsonImport read = HostConfig::parse(text, QStringLiteral("config.yaml"));
    QVERIFY2(read.isValid(), qPrintable(read.error.toString()));
    const ServerConfig *gateway = byName(read, QStringLiteral("gateway"));
    QVERIFY(gateway);
    QCOMPARE(gateway->network.tls.caFiles, (QStringList{"/etc/corp/root.pem", "/etc/corp/issuing.pem"}));
    QCOMPARE(gateway->network.tls.clientCertificateFile, QStringLiteral("/home/me/me.pem"));
    QCOMPARE(gateway->network.tls.clientKeyFile, QStringLiteral("/home/me/me.key"));
    QCOMPARE(gateway->network.tls.clientKeyPassphrase, QByteArray("key-pass"));
    QVERIFY(!gateway->network.tls.insecure);
    QCOMPARE(gateway->network.proxy.mode, ProxySettings::Mode::Manual);
    QCOMPARE(gateway->network.proxy.url.host(), QStringLiteral("proxy.corp.example"));
    QVERIFY(gateway->network.proxy.url.password().isEmpty());
    QCOMPARE(gateway->network.proxy.password, QStringLiteral("pw"));
    QVERIFY2(read.warnings.join(u'\n').contains(QLatin1String("verifySsl")), qPrintable(read.warnings.join(u'\n')));

    const QByteArray written = HostConfig::exportText({*gateway}, read.dialect, ServerConfig::SecretHandling::Include);
    const McpJsonImport again = HostConfig::parse(written, QStringLiteral("config.yaml"));
    const ServerConfig *back = byName(again, QStringLiteral("gateway"));
    QVERIFY2(back, written.constData());
    QCOMPARE(back->network, gateway->network);
    QVERIFY2(written.contains("timeout: 20") && written.contains("verifySsl: false") && written.contains("noProxy"), written.constData());
    // Without secrets: neither the passphrase nor the proxy's password.
    const QByteArray shared = HostConfig::exportText({*gateway}, read.dialect, ServerConfig::SecretHandling::Omit);
    QVERIFY2(!shared.contains("key-pass") && !shared.contains(":pw@"), shared.constData());
    QVERIFY(shared.contains("caBundlePath"));
}

void tst_HostConfigs::goose()
{
    const McpJsonImport r = HostConfig::readFile(hostPath(QStringLiteral("goose_config.yaml")));
    QVERIFY(r.warnings.join(QLatin1Char('\n')).contains(QLatin1String("developer")));   // builtin: skipped, said so
    const ServerConfig *github = byName(r, QStringLiteral("github"));
    QVERIFY(github);
    QCOMPARE(github->command, QStringLiteral("npx"));
    QCOMPARE(github->args, (QStringList{"-y", "@modelcontextprotocol/server-github"}));
    QCOMPARE(envValue(github->env, QStringLiteral("GITHUB_HOST")), QStringLiteral("github.com"));
    QCOMPARE(github->extra.value(QLatin1String("description")).toString(), QStringLiteral("GitHub issues and pull requests"));
    QCOMPARE(byName(r, QStringLiteral("search"))->transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(envValue(byName(r, QStringLiteral("search"))->headers, QStringLiteral("X-Region")), QStringLiteral("eu"));
    QCOMPARE(byName(r, QStringLiteral("events"))->transport, ServerConfig::TransportType::Sse);
    QCOMPARE(byName(r, QStringLiteral("events"))->url, QStringLiteral("http://localhost:8080/sse"));
}

void tst_HostConfigs::detect_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<Dialect>("dialect");
    const auto file = [](const char *name) { return readAll(hostPath(QLatin1String(name))); };
    QTest::newRow("toml by name") << "/x/.codex/config.toml" << file("codex_config.toml") << Dialect::Codex;
    QTest::newRow("toml pasted") << QString() << file("codex_project.toml") << Dialect::Codex;
    QTest::newRow("goose by name") << "/x/config.yaml" << file("goose_config.yaml") << Dialect::Goose;
    QTest::newRow("goose pasted") << QString() << file("goose_config.yaml") << Dialect::Goose;
    QTest::newRow("continue pasted") << QString() << file("continue_config.yaml") << Dialect::Continue;
    QTest::newRow("continue .yml") << "/p/.continue/mcpServers/a.yml" << file("continue_block.yaml") << Dialect::Continue;
    QTest::newRow("gemini by path") << "/home/me/.gemini/settings.json"
                                    << QByteArray(R"({"mcpServers": {"a": {"url": "http://x/sse"}}})") << Dialect::Gemini;
    QTest::newRow("gemini by httpUrl") << QString() << file("gemini_settings.json") << Dialect::Gemini;
    QTest::newRow("windsurf") << QString() << file("windsurf_mcp_config.json") << Dialect::Windsurf;
    QTest::newRow("zed") << QString() << file("zed_settings.json") << Dialect::Zed;
    QTest::newRow("claude") << "/x/claude_desktop_config.json" << QByteArray(R"({"mcpServers": {"a": {"command": "x"}}})")
                            << Dialect::McpServers;
    QTest::newRow("vscode") << QString() << QByteArray(R"({"servers": {"a": {"command": "x"}}})") << Dialect::VsCode;
}

void tst_HostConfigs::detect()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, text);
    QFETCH(Dialect, dialect);
    QCOMPARE(HostConfig::detect(path, text), dialect);
    QCOMPARE(HostConfig::parse(text, path).dialect, dialect);
}

// One entry changed as a person would in the Add Server dialog; the whole file compared with
// the expected one under hosts/expected/ (MCPSCOPE_WRITE_EXPECTED=1 writes them anew).
void tst_HostConfigs::rewriteEntry_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("server");
    QTest::newRow("Codex table") << "codex_config.toml" << "github";
    QTest::newRow("Codex table with a sub-table") << "codex_config.toml" << "fetch";
    QTest::newRow("Codex inline table") << "codex_project.toml" << "local";
    QTest::newRow("Gemini CLI") << "gemini_settings.json" << "git";
    QTest::newRow("Gemini CLI http") << "gemini_settings.json" << "github";
    QTest::newRow("Windsurf") << "windsurf_mcp_config.json" << "figma";
    QTest::newRow("Zed (JSONC)") << "zed_settings.json" << "everything";
    QTest::newRow("Cline") << "cline_mcp_settings.json" << "weather";
    QTest::newRow("LM Studio") << "lmstudio_mcp.json" << "time";
    QTest::newRow("Continue") << "continue_config.yaml" << "docs";
    QTest::newRow("Continue flow args") << "continue_config.yaml" << "sqlite";
    QTest::newRow("Continue block") << "continue_block.yaml" << "Browser search";
    QTest::newRow("Goose") << "goose_config.yaml" << "github";
    QTest::newRow("Goose flow entry") << "goose_config.yaml" << "events";
}

void tst_HostConfigs::rewriteEntry()
{
    QFETCH(QString, file);
    QFETCH(QString, server);
    const QString path = hostPath(file);
    const QByteArray text = readAll(path);
    const McpJsonImport before = HostConfig::parse(text, path);
    const ServerConfig *original = byName(before, server);
    QVERIFY(original);
    ServerConfig changed = *original;
    if (changed.usesCommand()) {
        changed.args.append(QStringLiteral("--verbose"));
        changed.env.append({QStringLiteral("MCP_LOG"), QStringLiteral("debug"), false});
    } else {
        changed.url = changed.url.replace(QLatin1String("https://"), QLatin1String("https://eu."));
    }
    QString error;
    const auto out = HostConfig::writeEntry(text, path, changed, ServerConfig::SecretHandling::Include, &error);
    QVERIFY2(out, qPrintable(error));

    const QString expectedPath = hostPath(QStringLiteral("expected/%1.%2").arg(file, QString(server).replace(QLatin1Char(' '), QLatin1Char('_'))));
    if (qEnvironmentVariableIsSet("MCPSCOPE_WRITE_EXPECTED")) {
        QDir().mkpath(QFileInfo(expectedPath).absolutePath());
        QFile write(expectedPath);
        QVERIFY(write.open(QIODevice::WriteOnly));
        write.write(*out);
    }
    QCOMPARE(QString::fromUtf8(*out), QString::fromUtf8(readAll(expectedPath)));

    // Read back: the changed entry as changed, every other one as it was, in the same order.
    const McpJsonImport after = HostConfig::parse(*out, path);
    QVERIFY2(after.isValid(), qPrintable(after.error.toString()));
    QCOMPARE(names(after), names(before));
    for (const ServerConfig &config : after.servers) {
        const ServerConfig &was = *byName(before, config.name);
        QCOMPARE(runs(config), runs(config.name == server ? changed : was));
    }
}

void tst_HostConfigs::addEntry_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("Codex") << "codex_config.toml";
    QTest::newRow("Gemini CLI") << "gemini_settings.json";
    QTest::newRow("Zed") << "zed_settings.json";
    QTest::newRow("Continue") << "continue_config.yaml";
    QTest::newRow("Goose") << "goose_config.yaml";
}

void tst_HostConfigs::addEntry()
{
    QFETCH(QString, file);
    const QString path = hostPath(file);
    const QByteArray text = readAll(path);
    ServerConfig added = ServerConfig::create(QStringLiteral("added"));
    added.command = QStringLiteral("mcp-added");
    added.args = {QStringLiteral("--stdio")};
    QString error;
    const auto out = HostConfig::writeEntry(text, path, added, ServerConfig::SecretHandling::Include, &error);
    QVERIFY2(out, qPrintable(error));
    const McpJsonImport after = HostConfig::parse(*out, path);
    QVERIFY2(after.isValid(), qPrintable(after.error.toString()));
    const McpJsonImport before = HostConfig::parse(text, path);
    QCOMPARE(names(after), names(before) << QStringLiteral("added"));
    QCOMPARE(runs(*byName(after, QStringLiteral("added"))), runs(added));
    // Nothing of the file is lost: every line of it is still there, in order.
    qsizetype from = 0;
    for (const QByteArray &line : text.split('\n')) {
        const qsizetype at = out->indexOf(line, from);
        QVERIFY2(at >= 0, line.constData());
        from = at + line.size();
    }
}

void tst_HostConfigs::recordInEachDialect_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("server");
    QTest::newRow("Codex stdio") << "codex_config.toml" << "filesystem";
    QTest::newRow("Codex stdio, args in a sub-table's file") << "codex_config.toml" << "fetch";
    QTest::newRow("Codex http") << "codex_config.toml" << "github";
    QTest::newRow("Codex inline") << "codex_project.toml" << "local";
    QTest::newRow("Gemini CLI stdio") << "gemini_settings.json" << "git";
    QTest::newRow("Gemini CLI httpUrl") << "gemini_settings.json" << "github";
    QTest::newRow("Windsurf serverUrl") << "windsurf_mcp_config.json" << "figma";
    QTest::newRow("Zed flat") << "zed_settings.json" << "everything";
    QTest::newRow("Zed {path, args}") << "zed_settings.json" << "legacy";
    QTest::newRow("Cline") << "cline_mcp_settings.json" << "weather";
    QTest::newRow("LM Studio") << "lmstudio_mcp.json" << "time";
    QTest::newRow("Continue block args") << "continue_config.yaml" << "playwright";
    QTest::newRow("Continue flow args") << "continue_config.yaml" << "sqlite";
    QTest::newRow("Continue http") << "continue_config.yaml" << "docs";
    QTest::newRow("Goose stdio") << "goose_config.yaml" << "github";
    QTest::newRow("Goose http") << "goose_config.yaml" << "search";
    QTest::newRow("Goose flow entry") << "goose_config.yaml" << "events";
}

void tst_HostConfigs::recordInEachDialect()
{
    QFETCH(QString, file);
    QFETCH(QString, server);
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    QVERIFY(QFile::copy(hostPath(file), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray text = readAll(path);
    const McpJsonImport before = HostConfig::parse(text, path);
    const ServerConfig original = *byName(before, server);

    RecordRewrite::Recorder recorder{QStringLiteral("/opt/mcp scope/mcpscope"), QString(), QUrl(QStringLiteral("http://127.0.0.1:4567"))};
    QString error;
    const auto change = RecordRewrite::wrapFile(path, server, recorder, &error);
    QVERIFY2(change, qPrintable(error));
    const QByteArray wrapped = readAll(path);
    const McpJsonImport after = HostConfig::parse(wrapped, path);
    QVERIFY2(after.isValid(), qPrintable(after.error.toString()));
    QCOMPARE(names(after), names(before));
    for (const ServerConfig &config : after.servers) {
        if (config.name != server) {
            QCOMPARE(runs(config), runs(*byName(before, config.name)));
            continue;
        }
        if (original.usesCommand()) {
            QCOMPARE(config.command, recorder.program);
            QStringList expected{QStringLiteral("record"), QStringLiteral("--name"), server, QStringLiteral("--"), original.command};
            QCOMPARE(config.args, expected + original.args);
            QCOMPARE(envValue(config.env, QStringLiteral("x")), envValue(original.env, QStringLiteral("x")));
        } else {
            const QUrl was(original.url);
            QCOMPARE(QUrl(config.url).host(), QStringLiteral("127.0.0.1"));
            QCOMPARE(QUrl(config.url).port(), 4567);
            QCOMPARE(QUrl(config.url).path(), was.path());
        }
    }
    // Recorded now, as a later run finds it.
    const auto entry = RecordRewrite::entry(wrapped, server, recorder.program, &error);
    QVERIFY2(entry, qPrintable(error));
    QCOMPARE(entry->recorded, original.usesCommand());
    QVERIFY(!RecordRewrite::wrap(wrapped, server, recorder, &error));

    // Put back from the recorder's own arguments (the backup for a url): what it ran before.
    const auto unwrapped = RecordRewrite::unwrap(wrapped, server, text, recorder.program, &error);
    QVERIFY2(unwrapped, qPrintable(error));
    QCOMPARE(runs(*byName(HostConfig::parse(*unwrapped, path), server)), runs(original));
    // Undo while the file is what we wrote: byte for byte the file as it was.
    QVERIFY2(RecordRewrite::undo(*change, &error), qPrintable(error));
    QCOMPARE(readAll(path), text);
}

void tst_HostConfigs::exportReadsBack_data()
{
    QTest::addColumn<Dialect>("dialect");
    for (const Dialect d : {Dialect::McpServers, Dialect::VsCode, Dialect::Windsurf, Dialect::Gemini, Dialect::Zed,
                            Dialect::Codex, Dialect::Continue, Dialect::Goose})
        QTest::newRow(qPrintable(HostConfig::dialectName(d))) << d;
}

void tst_HostConfigs::exportReadsBack()
{
    QFETCH(Dialect, dialect);
    ServerConfig stdio = ServerConfig::create(QStringLiteral("files"));
    stdio.command = QStringLiteral("npx");
    stdio.args = {QStringLiteral("-y"), QStringLiteral("@scope/server files"), QStringLiteral("true"), QStringLiteral("--port=3")};
    stdio.env = {{QStringLiteral("LOG"), QStringLiteral("a: b # c"), false}};
    if (dialect != Dialect::Goose) // Goose has no working directory
        stdio.workingDirectory = QStringLiteral("/srv/x");
    ServerConfig http = ServerConfig::create(QStringLiteral("remote api"));
    http.transport = dialect == Dialect::Codex ? ServerConfig::TransportType::StreamableHttp : ServerConfig::TransportType::Sse;
    http.url = QStringLiteral("https://api.example.com/sse?x=1");
    http.headers = {{QStringLiteral("X-Region"), QStringLiteral("eu"), false}};
    const QByteArray text = HostConfig::exportText({stdio, http}, dialect, ServerConfig::SecretHandling::Include);
    // Gemini CLI's "url" (SSE) is told from Cursor's by the file's place.
    const QString path = dialect == Dialect::Gemini ? QStringLiteral("/tmp/.gemini/settings.json")
                                                    : QStringLiteral("/tmp/host.") + HostConfig::suffix(dialect);
    const McpJsonImport back = HostConfig::parse(text, path);
    QVERIFY2(back.isValid(), qPrintable(back.error.toString() + QLatin1Char('\n') + QString::fromUtf8(text)));
    QCOMPARE(names(back), (QStringList{"files", "remote api"}));
    QCOMPARE(runs(back.servers.at(0)), runs(stdio));
    if (dialect == Dialect::McpServers || dialect == Dialect::Windsurf || dialect == Dialect::Zed)
        http.transport = back.servers.at(1).transport; // these say "url" alone, and the client detects the rest
    QCOMPARE(runs(back.servers.at(1)), runs(http));
}

void tst_HostConfigs::badFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("located");   // what the error starts with
    QTest::addColumn<QString>("reason");
    QTest::newRow("TOML syntax") << "config.toml" << QByteArray("model = \"o3\"\n[mcp_servers.a]\ncommand = \n")
                                 << "config.toml:3:" << "Not valid TOML";
    QTest::newRow("TOML servers not a table") << "config.toml" << QByteArray("# x\nmcp_servers = 3\n")
                                              << "config.toml:2:" << "\"mcp_servers\" is not a table";
    QTest::newRow("YAML syntax") << "config.yaml" << QByteArray("mcpServers:\n  - name: a\n    args: [x, y\n")
                                 << "config.yaml:" << "Not valid YAML";
    QTest::newRow("Continue list not a list") << "config.yaml" << QByteArray("name: x\nmcpServers: 3\n")
                                              << "config.yaml:2:" << "\"mcpServers\" is not a list";
    QTest::newRow("Goose extensions not a map") << "config.yaml" << QByteArray("GOOSE_MODEL: x\nextensions:\n  - a\n")
                                                << "config.yaml:3:" << "\"extensions\" is not a map";
    QTest::newRow("Zed JSON") << "settings.json" << QByteArray("{\n  \"context_servers\": {\n    \"a\": {\"command\": }\n  }\n}")
                              << "settings.json:3:" << "Not valid JSON";
}

void tst_HostConfigs::badFiles()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, text);
    QFETCH(QString, located);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
    file.close();
    const McpJsonImport result = HostConfig::readFile(path);
    QVERIFY(!result.isValid());
    const QString message = result.error.toString();
    QVERIFY2(message.startsWith(dir.filePath(located)), qPrintable(message));
    QVERIFY2(message.contains(reason), qPrintable(message));
    // Nothing is written into a file that cannot be read.
    QString error;
    ServerConfig config = ServerConfig::create(QStringLiteral("a"));
    config.command = QStringLiteral("x");
    QVERIFY(!HostConfig::writeEntry(text, path, config, ServerConfig::SecretHandling::Omit, &error));
    QVERIFY(!error.isEmpty());
}

// Values of the wrong kind where yaml-cpp would throw if asked the wrong question: read with a
// warning, and Record in a Host refuses with a reason.
void tst_HostConfigs::oddValuesAreSaidNotFatal()
{
    const QByteArray continueText = "mcpServers:\n  - name: a\n    command: [x, y]\n    args: {k: v}\n  - 3\n  - name: b\n"
                                    "    command: srv\n    args: plain\n";
    const McpJsonImport continued = HostConfig::parse(continueText, QStringLiteral("config.yaml"));
    QVERIFY2(continued.isValid(), qPrintable(continued.error.toString()));
    QCOMPARE(names(continued), (QStringList{"a", "b"}));
    QVERIFY(continued.warnings.join(QLatin1Char('\n')).contains(QLatin1String("a: \"args\" is not a list")));
    QVERIFY(continued.warnings.join(QLatin1Char('\n')).contains(QLatin1String("is not a map; skipped")));
    QString error;
    RecordRewrite::Recorder recorder{QStringLiteral("/usr/bin/mcpscope"), QString(), QUrl()};
    QVERIFY(!RecordRewrite::wrap(continueText, QStringLiteral("b"), recorder, &error));
    QVERIFY2(error.contains(QLatin1String("args")), qPrintable(error));

    const QByteArray gooseText = "extensions:\n  ? [complex, key]\n  : {type: stdio, cmd: x}\n  ok:\n    type: stdio\n    cmd: y\n";
    const McpJsonImport goose = HostConfig::parse(gooseText, QStringLiteral("config.yaml"));
    QVERIFY2(goose.isValid(), qPrintable(goose.error.toString()));
    QVERIFY(names(goose).contains(QStringLiteral("ok")));

    const QByteArray toml = "[mcp_servers.a]\ncommand = 3\nargs = \"x\"\nenv = [1]\n";
    const McpJsonImport codex = HostConfig::parse(toml, QStringLiteral("config.toml"));
    QVERIFY(codex.isValid());
    QVERIFY(codex.warnings.join(QLatin1Char('\n')).contains(QLatin1String("\"args\" is not a list")));
    QVERIFY(!RecordRewrite::wrap(toml, QStringLiteral("a"), recorder, &error));
    QVERIFY2(error.contains(QLatin1String("not a string")), qPrintable(error));
}

void tst_HostConfigs::locations()
{
    QTemporaryDir home;
    QTemporaryDir project;
    const auto touch = [](const QString &path) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        return file.open(QIODevice::WriteOnly);
    };
    QVERIFY(touch(home.filePath(QStringLiteral(".codex/config.toml"))));
    QVERIFY(touch(home.filePath(QStringLiteral(".config/goose/config.yaml"))));
    QVERIFY(touch(home.filePath(QStringLiteral(".gemini/settings.json"))));
    QVERIFY(touch(project.filePath(QStringLiteral(".zed/settings.json"))));
    QVERIFY(touch(project.filePath(QStringLiteral(".continue/mcpServers/b.yaml"))));
    QVERIFY(touch(project.filePath(QStringLiteral(".continue/mcpServers/a.yml"))));
    qunsetenv("CODEX_HOME");
    const QList<HostConfig::Location> found = HostConfig::existingLocations(project.path(), home.path());
    QStringList seen;
    for (const HostConfig::Location &l : found)
        seen << QStringLiteral("%1 %2 %3 %4").arg(l.host, QDir(l.scope == ServerConfig::Scope::User ? home.path() : project.path()).relativeFilePath(l.path),
                                                  l.scope == ServerConfig::Scope::User ? QStringLiteral("user") : QStringLiteral("project"),
                                                  HostConfig::suffix(l.dialect));
    QCOMPARE(seen, (QStringList{"Codex .codex/config.toml user toml", "Gemini CLI .gemini/settings.json user json",
                                "Goose .config/goose/config.yaml user yaml", "Zed .zed/settings.json project json",
                                "Continue .continue/mcpServers/a.yml project yaml",
                                "Continue .continue/mcpServers/b.yaml project yaml"}));
    // Every host has a user location, Linux's first.
    QStringList hosts;
    for (const HostConfig::Location &l : HostConfig::locations(QString(), home.path()))
        if (!hosts.contains(l.host))
            hosts << l.host;
    QCOMPARE(hosts, (QStringList{"Claude Desktop", "Claude Code", "Cursor", "VS Code", "Codex", "Gemini CLI", "Windsurf",
                                 "Zed", "Cline", "LM Studio", "Continue", "Goose"}));
}

QTEST_GUILESS_MAIN(tst_HostConfigs)
#include "tst_hostconfigs.moc"
