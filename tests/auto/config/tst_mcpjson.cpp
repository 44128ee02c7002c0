#include "config/mcpjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Mcp;

namespace {

// Built from pieces: moc reads a comment opener inside a raw string as a real comment.
const char kMarkersInStrings[] = "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"args\": [\"http://x//y\", \"/" "*\", \",}\"]}}}";

QString dataPath(const char *name)
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/data/") + QLatin1String(name);
}

const ServerConfig *byName(const McpJsonImport &result, const QString &name)
{
    for (const ServerConfig &c : result.servers)
        if (c.name == name)
            return &c;
    return nullptr;
}

ConfigEntry entry(const QList<ConfigEntry> &entries, const QString &name)
{
    for (const ConfigEntry &e : entries)
        if (e.name == name)
            return e;
    return {};
}

} // namespace

class tst_McpJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void claudeDesktop()
    {
        const McpJsonImport r = McpJson::readFile(dataPath("claude_desktop_config.json"));
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.dialect, McpJsonDialect::McpServers);
        QCOMPARE(r.servers.size(), 3);
        const ServerConfig *fs = byName(r, QStringLiteral("filesystem"));
        QVERIFY(fs);
        QCOMPARE(fs->transport, ServerConfig::TransportType::Stdio);
        QCOMPARE(fs->command, QStringLiteral("npx"));
        QCOMPARE(fs->args.size(), 4);
        QCOMPARE(fs->args.at(3), QStringLiteral("/Users/alice/My Documents")); // one argument, not split
        const ServerConfig *gh = byName(r, QStringLiteral("github"));
        QVERIFY(gh);
        const ConfigEntry token = entry(gh->env, QStringLiteral("GITHUB_PERSONAL_ACCESS_TOKEN"));
        QCOMPARE(token.value, QStringLiteral("ghp_exampleExampleExample0123456789"));
        QVERIFY(token.secret); // a literal credential is marked secret on import
        QVERIFY(!fs->id.isNull());
        QVERIFY(fs->id != gh->id);
    }

    void claudeCode()
    {
        const McpJsonImport r = McpJson::readFile(dataPath("claude_code.mcp.json"));
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.servers.size(), 3);
        const ServerConfig *api = byName(r, QStringLiteral("api-server"));
        QVERIFY(api);
        QCOMPARE(api->transport, ServerConfig::TransportType::StreamableHttp);
        QCOMPARE(api->url, QStringLiteral("${API_BASE_URL:-https://api.example.com}/mcp")); // kept as written
        const ConfigEntry auth = entry(api->headers, QStringLiteral("Authorization"));
        QCOMPARE(auth.value, QStringLiteral("Bearer ${API_KEY}"));
        QVERIFY(!auth.secret); // a reference is not itself a secret
        const ServerConfig *sse = byName(r, QStringLiteral("legacy-events"));
        QVERIFY(sse);
        QCOMPARE(sse->transport, ServerConfig::TransportType::Sse);
        QVERIFY(entry(sse->headers, QStringLiteral("X-API-Key")).secret);
        const ServerConfig *local = byName(r, QStringLiteral("local-tools"));
        QVERIFY(local);
        QCOMPARE(local->command, QStringLiteral("${CLAUDE_PLUGIN_ROOT}/bin/server"));

        QProcessEnvironment env;
        env.insert(QStringLiteral("API_KEY"), QStringLiteral("k1"));
        QStringList unresolved;
        const ServerConfig resolved = api->resolved(env, {}, &unresolved);
        QCOMPARE(resolved.url, QStringLiteral("https://api.example.com/mcp"));
        QCOMPARE(entry(resolved.headers, QStringLiteral("Authorization")).value, QStringLiteral("Bearer k1"));
        QVERIFY(unresolved.isEmpty());
        local->resolved(QProcessEnvironment(), {}, &unresolved);
        QCOMPARE(unresolved, QStringList({QStringLiteral("${CLAUDE_PLUGIN_ROOT}"), QStringLiteral("${HOME}")}));
    }

    void cursor()
    {
        const McpJsonImport r = McpJson::readFile(dataPath("cursor_mcp.json"));
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.servers.size(), 3);
        const ServerConfig *docs = byName(r, QStringLiteral("remote-docs"));
        QVERIFY(docs);
        QCOMPARE(docs->transport, ServerConfig::TransportType::Auto); // url without type
        const ServerConfig *py = byName(r, QStringLiteral("python-tool"));
        QVERIFY(py);
        QCOMPARE(py->extra.value(QLatin1String("envFile")).toString(), QStringLiteral("${workspaceFolder}/.env"));
        QVERIFY(r.warnings.join(QLatin1Char('\n')).contains(QLatin1String("envFile")));
        QVERIFY(entry(byName(r, QStringLiteral("web-search"))->env, QStringLiteral("SEARCH_API_KEY")).secret);
    }

    void vscode()
    {
        const McpJsonImport r = McpJson::readFile(dataPath("vscode_mcp.json"));
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.dialect, McpJsonDialect::VsCode);
        QCOMPARE(r.servers.size(), 3);
        QCOMPARE(r.inputs.size(), 1);
        QCOMPARE(r.inputs.at(0).id, QStringLiteral("perplexity-key"));
        QVERIFY(r.inputs.at(0).password);
        const ServerConfig *p = byName(r, QStringLiteral("Perplexity"));
        QVERIFY(p);
        QCOMPARE(p->inputs.size(), 1); // the prompt travels with the server that uses it
        QVERIFY(byName(r, QStringLiteral("fetch"))->inputs.isEmpty());
        QCOMPARE(byName(r, QStringLiteral("fetch"))->workingDirectory, QStringLiteral("${workspaceFolder}"));
        QCOMPARE(byName(r, QStringLiteral("github"))->transport, ServerConfig::TransportType::StreamableHttp);

        QStringList unresolved;
        p->resolved(QProcessEnvironment(), {}, &unresolved);
        QCOMPARE(unresolved, QStringList{QStringLiteral("${input:perplexity-key}")});
        unresolved.clear();
        const ServerConfig resolved = p->resolved(QProcessEnvironment(), {{QStringLiteral("perplexity-key"), QStringLiteral("pk")}}, &unresolved);
        QVERIFY(unresolved.isEmpty());
        QCOMPARE(resolved.env.at(0).value, QStringLiteral("pk"));
    }

    void documentOrderKept()
    {
        const McpJsonImport cursor = McpJson::readFile(dataPath("cursor_mcp.json"));
        QStringList names;
        for (const ServerConfig &c : cursor.servers)
            names << c.name;
        QCOMPARE(names, QStringList({"web-search", "remote-docs", "python-tool"}));
        QCOMPARE(cursor.sourcePath, dataPath("cursor_mcp.json"));

        const McpJsonImport r = McpJson::parse(
            "{\"mcpServers\": {\"z\": {\"command\": \"x\", \"env\": {\"Z_FIRST\": \"1\", \"A \\\"quoted\\\" \\u00e9\": \"2\", \"M\": \"3\"}},"
            " \"a\": {\"url\": \"http://h/\", \"headers\": {\"X-B\": \"1\", \"X-A\": \"2\"}}}}");
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.servers.at(0).name, QStringLiteral("z"));
        QStringList env;
        for (const ConfigEntry &e : r.servers.at(0).env)
            env << e.name;
        QCOMPARE(env, QStringList({QStringLiteral("Z_FIRST"), QStringLiteral("A \"quoted\" \u00e9"), QStringLiteral("M")}));
        QCOMPARE(r.servers.at(1).headers.at(0).name, QStringLiteral("X-B"));
        // A snippet without braces keeps its order too.
        const McpJsonImport snippet = McpJson::parse("\"b\": {\"command\": \"x\"}, \"a\": {\"command\": \"y\"}");
        QCOMPARE(snippet.servers.at(0).name, QStringLiteral("b"));
    }

    void claudeCodeUserFileWarnsAboutProjects()
    {
        const McpJsonImport r = McpJson::parse(
            "{\"mcpServers\": {\"u\": {\"command\": \"x\"}}, \"projects\": {\"/p\": {\"mcpServers\": {\"a\": {\"command\": \"y\"}}}}}");
        QVERIFY(r.isValid());
        QCOMPARE(r.servers.size(), 1);
        QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QLatin1String("\"projects\"")));
    }

    void vscodeSettings()
    {
        const McpJsonImport r = McpJson::parse(
            "{\"editor.fontSize\": 14, \"mcp\": {\"servers\": {\"s\": {\"command\": \"x\"}}, \"inputs\": []}}");
        QVERIFY(r.isValid());
        QCOMPARE(r.dialect, McpJsonDialect::VsCode);
        QCOMPARE(r.servers.size(), 1);
    }

    void pasted_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("dialect");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("whole file") << QByteArray("{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}")
                                    << int(McpJsonDialect::McpServers) << QStringList{"a"};
        QTest::newRow("bare stdio server") << QByteArray("{\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]}")
                                           << int(McpJsonDialect::SingleServer) << QStringList{"server-memory"};
        QTest::newRow("bare versioned package") << QByteArray("{\"command\": \"npx\", \"args\": [\"-y\", \"mcp-thing@1.0.0\"]}")
                                                << int(McpJsonDialect::SingleServer) << QStringList{"mcp-thing"};
        QTest::newRow("bare url server") << QByteArray("{\"url\": \"https://mcp.example.org/mcp\"}")
                                         << int(McpJsonDialect::SingleServer) << QStringList{"mcp.example.org"};
        QTest::newRow("bare with name") << QByteArray("{\"name\": \"mine\", \"command\": \"/bin/srv\"}")
                                        << int(McpJsonDialect::SingleServer) << QStringList{"mine"};
        QTest::newRow("entry without braces") << QByteArray("\"memory\": {\"command\": \"npx\", \"args\": []}")
                                              << int(McpJsonDialect::ServerMap) << QStringList{"memory"};
        QTest::newRow("two entries, trailing comma") << QByteArray("\"a\": {\"command\": \"x\"},\n\"b\": {\"url\": \"http://h/\"},\n")
                                                     << int(McpJsonDialect::ServerMap) << QStringList{"a", "b"};
        QTest::newRow("mcpServers without braces") << QByteArray("\"mcpServers\": {\"z\": {\"command\": \"x\"}}")
                                                   << int(McpJsonDialect::McpServers) << QStringList{"z"};
        QTest::newRow("markdown fence") << QByteArray("```json\n{\"mcpServers\": {\"f\": {\"command\": \"x\"}}}\n```\n")
                                        << int(McpJsonDialect::McpServers) << QStringList{"f"};
        QTest::newRow("fenced snippet") << QByteArray("```\n\"f\": {\"command\": \"x\"}\n```")
                                        << int(McpJsonDialect::ServerMap) << QStringList{"f"};
        QTest::newRow("map") << QByteArray("{\"a\": {\"command\": \"x\"}, \"b\": {\"command\": \"y\"}}")
                             << int(McpJsonDialect::ServerMap) << QStringList{"a", "b"};
        QTest::newRow("comments") << QByteArray("// copied from the docs\n{\"servers\": {\"v\": {\"type\": \"sse\", \"url\": \"http://h/sse\"} /* end */}}")
                                  << int(McpJsonDialect::VsCode) << QStringList{"v"};
        QTest::newRow("comment markers inside strings") << QByteArray(kMarkersInStrings)
                                                        << int(McpJsonDialect::McpServers) << QStringList{"a"};
        // An empty key names no server: it gets a suggested, unique name (found by fuzz_mcpjson:
        // the empty name did not survive export).
        QTest::newRow("empty name") << QByteArray("```f\n\"\": {\"command\": \"x\"}\n```")
                                    << int(McpJsonDialect::ServerMap) << QStringList{"x"};
        QTest::newRow("empty name, suggestion taken") << QByteArray("{\"mcpServers\": {\"\": {\"command\": \"x\"}, \"x\": {\"command\": \"y\"}}}")
                                                      << int(McpJsonDialect::McpServers) << QStringList{"x (2)", "x"};
    }
    void pasted()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, dialect);
        QFETCH(QStringList, names);
        const McpJsonImport r = McpJson::parse(text);
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(int(r.dialect), dialect);
        QStringList actual;
        for (const ServerConfig &c : r.servers)
            actual << c.name;
        QCOMPARE(actual, names);
    }

    // A whole command line written as the command is split by the rule of the Add Server dialog
    // (a shell's), and the import says so; a command with arguments is never split.
    void commandLineAsCommandIsSplit()
    {
        const McpJsonImport r = McpJson::parse(QByteArray(R"({"mcpServers": {
            "whole": {"command": "sh -c 'sleep 2; exit 3'"},
            "listed": {"command": "my tool", "args": ["--x"]}}})"));
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.servers.size(), 2);
        QCOMPARE(r.servers.at(0).command, QStringLiteral("sh"));
        QCOMPARE(r.servers.at(0).args, (QStringList{"-c", "sleep 2; exit 3"}));
        QVERIFY2(r.warnings.join(u'\n').contains(QLatin1String("whole")), qPrintable(r.warnings.join(u'\n')));
        QCOMPARE(r.servers.at(1).command, QStringLiteral("my tool"));
        QCOMPARE(r.servers.at(1).args, QStringList{"--x"});
    }

    void exportKeepsOrder()
    {
        // Servers, environment variables and headers come back in the order they were written,
        // not sorted (found by fuzz_mcpjson: a round trip reordered the headers).
        const QByteArray text = "{\"mcpServers\": {\"zz\": {\"command\": \"x\", \"env\": {\"Z_VAR\": \"1\", \"A_VAR\": \"2\"}},"
                                " \"aa\": {\"url\": \"https://h/mcp\", \"headers\": {\"X-Z\": \"1\", \"Accept-Language\": \"en\"}}}}";
        const McpJsonImport first = McpJson::parse(text);
        QVERIFY(first.isValid());
        for (const McpJsonDialect dialect : {McpJsonDialect::McpServers, McpJsonDialect::VsCode}) {
            McpJsonExportOptions options;
            options.dialect = dialect;
            const McpJsonImport again = McpJson::parse(McpJson::exportText(first.servers, options));
            QVERIFY(again.isValid());
            QCOMPARE(again.servers.size(), 2);
            QCOMPARE(again.servers.at(0).name, QStringLiteral("zz"));
            QCOMPARE(again.servers.at(0).env.at(0).name, QStringLiteral("Z_VAR"));
            QCOMPARE(again.servers.at(0).env.at(1).name, QStringLiteral("A_VAR"));
            QCOMPARE(again.servers.at(1).headers.at(0).name, QStringLiteral("X-Z"));
            QCOMPARE(again.servers.at(1).headers.at(1).name, QStringLiteral("Accept-Language"));
        }
    }

    void exportLayoutIsQts()
    {
        // exportDocumentText() writes the file itself, in document order; where that order is the
        // sorted one, its bytes are QJsonDocument::Indented's, nested and empty values included.
        const QByteArray text = "{\"mcpServers\": { "
            "\"a server\": {\"command\": \"x\", \"args\": [], \"env\": {\"A\": \"1\", \"B\": \"\\u00e9\\n\\\"q\\\" \\ud83d\\ude00\"}, "
            "\"cwd\": \"/tmp\", \"disabled\": true, \"autoApprove\": [\"t\", 1, 2.5, -7, null, false, {}, [], [[]], {\"k\": {\"z\": [1e300]}}], "
            "\"nested\": {\"b\": {}, \"a\": [{\"y\": 1, \"x\": 2}]}}, "
            "\"b\": {\"url\": \"https://h/mcp\", \"headers\": {\"Accept\": \"x\", \"Authorization\": \"Bearer ${TOKEN}\"}}, "
            "\"c\": {\"command\": \"y\"}, "
            "\"d\": {\"command\": \"z\", \"args\": [\"1\", \"\\u00e9\"], \"cwd\": \"/d\", \"env\": {\"A\": \"\\u00e9\", \"B\": \"\"}} "
            "}} ";
        const McpJsonImport imported = McpJson::parse(text);
        QVERIFY2(imported.isValid(), qPrintable(imported.error.toString()));
        QCOMPARE(imported.servers.size(), 4);
        const QJsonObject base{{QStringLiteral("zeta"), QJsonArray{1, QJsonObject()}}, {QStringLiteral("alpha"), QJsonObject{{QStringLiteral("x"), QString()}}}};
        for (const McpJsonDialect dialect : {McpJsonDialect::McpServers, McpJsonDialect::VsCode}) {
            for (const bool ours : {false, true}) {
                McpJsonExportOptions options;
                options.dialect = dialect;
                options.mcpScopeFields = ours;
                const QByteArray written = McpJson::exportDocumentText(imported.servers, options, base);
                const QByteArray qt = QJsonDocument(McpJson::exportDocument(imported.servers, options, base)).toJson(QJsonDocument::Indented);
                QCOMPARE(written, qt);
                QCOMPARE(McpJson::exportDocumentText({}, options), QJsonDocument(McpJson::exportDocument({}, options)).toJson(QJsonDocument::Indented));
            }
        }
    }

    void nameOrMemberGivenTwice()
    {
        // Qt keeps the last of duplicate keys; the order is that of the first.
        const McpJsonImport r = McpJson::parse(
            "{\"mcpServers\": {\"b\": {\"command\": \"first\"}, \"a\": {\"command\": \"a\", \"env\": {\"Y\": \"1\", \"X\": \"2\"}, \"env\": {\"Z\": \"3\", \"Y\": \"4\"}}, \"b\": {\"command\": \"last\"}}} ");
        QVERIFY2(r.isValid(), qPrintable(r.error.toString()));
        QCOMPARE(r.servers.size(), 2);
        QCOMPARE(r.servers.at(0).name, QStringLiteral("b"));
        QCOMPARE(r.servers.at(0).command, QStringLiteral("last"));
        QStringList env;
        for (const ConfigEntry &e : r.servers.at(1).env)
            env << e.name + QLatin1Char('=') + e.value;
        QCOMPARE(env, QStringList({QStringLiteral("Y=4"), QStringLiteral("Z=3")}));
        // "mcpServers" twice: the last one is read.
        const McpJsonImport twice = McpJson::parse("{\"mcpServers\": {\"a\": {\"command\": \"x\"}}, \"mcpServers\": {\"b\": {\"command\": \"y\"}}} ");
        QCOMPARE(twice.servers.size(), 1);
        QCOMPARE(twice.servers.at(0).name, QStringLiteral("b"));
        // "mcpServers" that is no object leaves the choice to "servers", as before.
        const McpJsonImport vscode = McpJson::parse("{\"mcpServers\": null, \"servers\": {\"c\": {\"command\": \"z\"}}, \"inputs\": []} ");
        QCOMPARE(vscode.dialect, McpJsonDialect::VsCode);
        QCOMPARE(vscode.servers.at(0).name, QStringLiteral("c"));
    }

    void usualFileReadsAsAnyOther_data()
    {
        QTest::addColumn<QByteArray>("entry");
        QTest::newRow("plain") << QByteArray("{\"command\": \"node\", \"args\": [\"a b\", \"\"], \"env\": {\"Z\": \"1\", \"API_TOKEN\": \"t\", \"SECRET\": \"${X}\"}, \"cwd\": \"/w\"}");
        QTest::newRow("whole command line") << QByteArray("{\"command\": \"npx -y server\", \"args\": []}");
        QTest::newRow("unclosed quote") << QByteArray("{\"command\": \"sh -c 'x\"}");
        QTest::newRow("unknown type") << QByteArray("{\"type\": \"carrier-pigeon\", \"url\": \"https://h/\", \"headers\": {\"Authorization\": \"Bearer x\", \"A\": \"\"}}");
        QTest::newRow("sse, no url") << QByteArray("{\"type\": \"sse\", \"command\": \"x\", \"url\": \"\"}");
        QTest::newRow("url only") << QByteArray("{\"url\": \"https://h/mcp\"}");
        QTest::newRow("number argument") << QByteArray("{\"command\": \"x\", \"args\": [\"--port\", 8080]}");
        QTest::newRow("number in env") << QByteArray("{\"command\": \"x\", \"env\": {\"B\": 2, \"A\": \"1\"}}");
        QTest::newRow("env twice") << QByteArray("{\"command\": \"x\", \"env\": {\"B\": \"1\"}, \"env\": {\"A\": \"2\"}}");
        QTest::newRow("variable twice") << QByteArray("{\"command\": \"x\", \"env\": {\"B\": \"1\", \"B\": \"2\"}}");
        QTest::newRow("kept members") << QByteArray("{\"command\": \"x\", \"disabled\": true, \"envFile\": \"e\", \"autoApprove\": []}");
        QTest::newRow("windsurf") << QByteArray("{\"serverUrl\": \"https://h/\", \"transport\": \"http\"}");
        QTest::newRow("args as text") << QByteArray("{\"command\": \"x\", \"args\": \"--a --b\", \"env\": null}");
    }
    // The usual file is read by a path of its own (straight from simdjson for plain entries);
    // what it reads and says is what the general path (here: a bare map) reads and says.
    void usualFileReadsAsAnyOther()
    {
        QFETCH(QByteArray, entry);
        const McpJsonImport usual = McpJson::parse("{\"mcpServers\": {\"s\": " + entry + "}}");
        const McpJsonImport bare = McpJson::parse("{\"s\": " + entry + "}");
        QCOMPARE(usual.dialect, McpJsonDialect::McpServers);
        QCOMPARE(bare.dialect, McpJsonDialect::ServerMap);
        QCOMPARE(usual.warnings, bare.warnings);
        QCOMPARE(usual.servers.size(), 1);
        QCOMPARE(bare.servers.size(), 1);
        ServerConfig read = usual.servers.first();
        read.id = bare.servers.first().id;
        QCOMPARE(read, bare.servers.first());
    }

    void generatedInputsOncePerId()
    {
        // VS Code: a secret becomes ${input:id} with a generated password input, listed once per
        // id across all servers ("a b" and "a-b" both make a-b-token).
        QList<ServerConfig> servers;
        for (const QString &name : {QStringLiteral("a b"), QStringLiteral("a-b"), QStringLiteral("c")}) {
            ServerConfig config = ServerConfig::create(name);
            config.command = QStringLiteral("x");
            config.env = {{QStringLiteral("TOKEN"), QStringLiteral("t1"), true}, {QStringLiteral("TOKEN"), QStringLiteral("t2"), true}};
            servers.append(config);
        }
        McpJsonExportOptions options;
        options.dialect = McpJsonDialect::VsCode;
        const QJsonArray inputs = McpJson::exportDocument(servers, options).value(QLatin1String("inputs")).toArray();
        QStringList ids;
        for (const QJsonValue &input : inputs)
            ids << input.toObject().value(QLatin1String("id")).toString();
        QCOMPARE(ids, QStringList({QStringLiteral("a-b-token"), QStringLiteral("c-token")}));
        QCOMPARE(McpJson::parse(McpJson::exportDocumentText(servers, options)).inputs.size(), 2);
    }

    void commentMarkersInStringsKept()
    {
        const McpJsonImport r = McpJson::parse(kMarkersInStrings);
        QCOMPARE(r.servers.at(0).args, QStringList({QStringLiteral("http://x//y"), QStringLiteral("/*"), QStringLiteral(",}")}));
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("empty") << QByteArray("  \n") << 0 << 0 << "empty";
        QTest::newRow("missing comma") << QByteArray("{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"}\n    \"b\": {}\n  }\n}")
                                       << 4 << 5 << "Not valid JSON";
        QTest::newRow("list") << QByteArray("[1, 2]") << 1 << 1 << "list";
        QTest::newRow("no servers") << QByteArray("{\"theme\": \"dark\"}") << 0 << 0 << "No MCP servers";
        QTest::newRow("prose") << QByteArray("run npx foo") << 1 << 1 << "Not valid JSON";
        QTest::newRow("error in fenced text") << QByteArray("```json\n{\"mcpServers\": {\"a\": {\"command\": x}}}\n```") << 2 << 34 << "Not valid JSON";
    }
    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, reasonPart);
        const McpJsonImport r = McpJson::parse(text, QStringLiteral("/x/mcp.json"));
        QVERIFY(!r.isValid());
        QVERIFY2(r.error.reason.contains(reasonPart), qPrintable(r.error.reason));
        QCOMPARE(r.error.line, line);
        if (line > 0) {
            QCOMPARE(r.error.column, column);
            QVERIFY(r.error.toString().startsWith(QStringLiteral("/x/mcp.json:%1:%2: ").arg(line).arg(column)));
        }
    }

    // Every prefix of a valid file: never a crash, and an error always says where and why.
    void everyTruncation()
    {
        QFile file(dataPath("vscode_mcp.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        int valid = 0;
        for (qsizetype i = 0; i < text.size(); ++i) {
            const McpJsonImport r = McpJson::parse(text.left(i));
            if (r.isValid()) {
                ++valid;
                continue;
            }
            QVERIFY(!r.error.reason.isEmpty());
            QVERIFY(r.error.line >= 0);
        }
        // Only the full text (and prefixes ending in trailing whitespace) can be valid.
        QVERIFY(McpJson::parse(text).isValid());
        QVERIFY(valid <= 2);
    }

    void exportDialects_data()
    {
        QTest::addColumn<int>("dialect");
        QTest::addColumn<bool>("includeSecrets");
        QTest::newRow("claude, no secrets") << int(McpJsonDialect::McpServers) << false;
        QTest::newRow("claude, with secrets") << int(McpJsonDialect::McpServers) << true;
        QTest::newRow("vscode, no secrets") << int(McpJsonDialect::VsCode) << false;
        QTest::newRow("vscode, with secrets") << int(McpJsonDialect::VsCode) << true;
    }
    void exportDialects()
    {
        QFETCH(int, dialect);
        QFETCH(bool, includeSecrets);
        ServerConfig stdio = ServerConfig::create(QStringLiteral("gh"));
        stdio.command = QStringLiteral("docker");
        stdio.args = {QStringLiteral("run"), QStringLiteral("-i")};
        stdio.env = {{QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ghp_literal"), true},
                     {QStringLiteral("REF"), QStringLiteral("${HOME}"), true},
                     {QStringLiteral("LEVEL"), QStringLiteral("debug"), false}};
        ServerConfig http = ServerConfig::create(QStringLiteral("remote"));
        http.transport = ServerConfig::TransportType::StreamableHttp;
        http.url = QStringLiteral("https://h/mcp");
        http.bearerToken = QStringLiteral("bearer-literal");
        http.headers = {{QStringLiteral("X-Api-Key"), QStringLiteral("key-literal"), true}};
        ServerConfig sse = ServerConfig::create(QStringLiteral("old"));
        sse.transport = ServerConfig::TransportType::Sse;
        sse.url = QStringLiteral("https://h/sse");

        McpJsonExportOptions options;
        options.dialect = McpJsonDialect(dialect);
        options.secrets = includeSecrets ? ServerConfig::SecretHandling::Include : ServerConfig::SecretHandling::Omit;
        const QByteArray text = McpJson::exportText({stdio, http, sse}, options);
        const QJsonObject doc = QJsonDocument::fromJson(text).object();
        const bool vscode = options.dialect == McpJsonDialect::VsCode;
        const QJsonObject map = doc.value(vscode ? QLatin1String("servers") : QLatin1String("mcpServers")).toObject();
        QCOMPARE(map.size(), 3);
        const QJsonObject gh = map.value(QLatin1String("gh")).toObject();
        QCOMPARE(gh.value(QLatin1String("command")).toString(), QStringLiteral("docker"));
        QCOMPARE(gh.value(QLatin1String("type")).toString(), vscode ? QStringLiteral("stdio") : QString());
        QCOMPARE(gh.value(QLatin1String("env")).toObject().value(QLatin1String("LEVEL")).toString(), QStringLiteral("debug"));
        QCOMPARE(gh.value(QLatin1String("env")).toObject().value(QLatin1String("REF")).toString(), QStringLiteral("${HOME}"));
        const QJsonObject remote = map.value(QLatin1String("remote")).toObject();
        QCOMPARE(remote.value(QLatin1String("type")).toString(), QStringLiteral("http"));
        QCOMPARE(map.value(QLatin1String("old")).toObject().value(QLatin1String("type")).toString(), QStringLiteral("sse"));
        const QString token = gh.value(QLatin1String("env")).toObject().value(QLatin1String("GITHUB_TOKEN")).toString();
        const QString auth = remote.value(QLatin1String("headers")).toObject().value(QLatin1String("Authorization")).toString();
        const QString apiKey = remote.value(QLatin1String("headers")).toObject().value(QLatin1String("X-Api-Key")).toString();

        if (includeSecrets) {
            QCOMPARE(token, QStringLiteral("ghp_literal"));
            QCOMPARE(auth, QStringLiteral("Bearer bearer-literal"));
            QCOMPARE(apiKey, QStringLiteral("key-literal"));
            QVERIFY(doc.value(QLatin1String("inputs")).toArray().isEmpty());
        } else {
            QVERIFY(!text.contains("literal"));
            if (vscode) {
                QCOMPARE(token, QStringLiteral("${input:gh-github-token}"));
                QCOMPARE(auth, QStringLiteral("Bearer ${input:remote-token}"));
                const QJsonArray inputs = doc.value(QLatin1String("inputs")).toArray();
                QCOMPARE(inputs.size(), 3);
                for (const QJsonValue &input : inputs) {
                    QVERIFY(input.toObject().value(QLatin1String("password")).toBool());
                    QCOMPARE(input.toObject().value(QLatin1String("type")).toString(), QStringLiteral("promptString"));
                }
            } else {
                QCOMPARE(token, QStringLiteral("${GITHUB_TOKEN}"));
                QCOMPARE(auth, QStringLiteral("Bearer ${MCP_BEARER_TOKEN}"));
                QCOMPARE(apiKey, QStringLiteral("${X_API_KEY}"));
            }
        }

        // What we write, we read back.
        const McpJsonImport back = McpJson::parse(text);
        QVERIFY2(back.isValid(), qPrintable(back.error.toString()));
        QCOMPARE(back.servers.size(), 3);
        // JSON objects are unordered (QJsonObject sorts by name): look servers up by name.
        QCOMPARE(byName(back, QStringLiteral("gh"))->args, stdio.args);
        QCOMPARE(byName(back, QStringLiteral("old"))->transport, ServerConfig::TransportType::Sse);
        QCOMPARE(byName(back, QStringLiteral("remote"))->transport, ServerConfig::TransportType::StreamableHttp);
    }

    void entrySnippet()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("my server"));
        c.command = QStringLiteral("npx");
        c.args = {QStringLiteral("-y"), QStringLiteral("pkg")};
        const QByteArray snippet = McpJson::exportEntryText(c, McpJsonExportOptions());
        QVERIFY2(snippet.startsWith("\"my server\": {"), snippet.constData());
        // Pasted back (no outer braces), it is the same server.
        const McpJsonImport back = McpJson::parse(snippet);
        QVERIFY2(back.isValid(), qPrintable(back.error.toString()));
        QCOMPARE(back.servers.size(), 1);
        QCOMPARE(back.servers.at(0).name, c.name);
        QCOMPARE(back.servers.at(0).args, c.args);
    }

    void autoTransportExport()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("a"));
        c.transport = ServerConfig::TransportType::Auto;
        c.url = QStringLiteral("https://x/");
        McpJsonExportOptions claude;
        const QJsonObject entry = McpJson::exportEntry(c, claude);
        QVERIFY(!entry.contains(QLatin1String("type"))); // Cursor style: a bare url, detected on connect
        QCOMPARE(McpJson::parse(McpJson::exportText({c}, claude)).servers.at(0).transport, ServerConfig::TransportType::Auto);
        McpJsonExportOptions vscode;
        vscode.dialect = McpJsonDialect::VsCode;
        QCOMPARE(McpJson::exportEntry(c, vscode).value(QLatin1String("type")).toString(), QStringLiteral("http"));
    }

    void unknownEntryKeysSurviveExport()
    {
        const McpJsonImport r = McpJson::parse("{\"mcpServers\": {\"a\": {\"command\": \"x\", \"disabled\": true, \"autoApprove\": [\"t\"]}}}");
        const QJsonObject entry = McpJson::exportEntry(r.servers.at(0), McpJsonExportOptions());
        QCOMPARE(entry.value(QLatin1String("disabled")).toBool(), true);
        QCOMPARE(entry.value(QLatin1String("autoApprove")).toArray().size(), 1);
    }

    void mcpScopeFieldsRoundTrip()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("p"));
        c.command = QStringLiteral("srv");
        c.env = {{QStringLiteral("TOKEN"), QStringLiteral("t0k"), true}, {QStringLiteral("OPEN_KEY"), QStringLiteral("v"), false}};
        c.notes = QStringLiteral("n");
        c.timeouts.requestMs = 5;
        c.inheritEnvironment = false;
        McpJsonExportOptions options;
        options.mcpScopeFields = true;
        const QByteArray text = McpJson::exportText({c}, options);
        QVERIFY(!text.contains("t0k"));
        const ServerConfig back = McpJson::parse(text).servers.at(0);
        QCOMPARE(back.id, c.id);
        QCOMPARE(back.notes, c.notes);
        QCOMPARE(back.timeouts.requestMs, 5);
        QCOMPARE(back.inheritEnvironment, false);
        QVERIFY(entry(back.env, QStringLiteral("TOKEN")).secret);
        QVERIFY(entry(back.env, QStringLiteral("TOKEN")).value.isEmpty());
        QVERIFY(!entry(back.env, QStringLiteral("OPEN_KEY")).secret); // our flags replace the name-based guess
    }

    void authInMcpScopeFields_data()
    {
        QTest::addColumn<bool>("includeSecrets");
        QTest::newRow("secrets omitted") << false;
        QTest::newRow("secrets included") << true;
    }
    void authInMcpScopeFields()
    {
        QFETCH(bool, includeSecrets);
        ServerConfig c = ServerConfig::create(QStringLiteral("h"));
        c.transport = ServerConfig::TransportType::StreamableHttp;
        c.url = QStringLiteral("https://example.com/mcp");
        c.auth.mode = ServerAuth::Mode::OAuth;
        c.auth.grant = ServerAuth::Grant::ClientCredentials;
        c.auth.clientId = QStringLiteral("cid");
        c.auth.clientSecret = QStringLiteral("csecr3t");
        c.auth.scopes = QStringLiteral("mcp:read");
        McpJsonExportOptions options;
        options.mcpScopeFields = true;
        options.secrets = includeSecrets ? ServerConfig::SecretHandling::Include : ServerConfig::SecretHandling::Omit;
        const QByteArray text = McpJson::exportText({c}, options);
        QCOMPARE(text.contains("csecr3t"), includeSecrets);
        const ServerConfig back = McpJson::parse(text).servers.at(0);
        QCOMPARE(back.auth.mode, ServerAuth::Mode::OAuth);
        QCOMPARE(back.auth.grant, ServerAuth::Grant::ClientCredentials);
        QCOMPARE(back.auth.clientId, QStringLiteral("cid"));
        QCOMPARE(back.auth.scopes, QStringLiteral("mcp:read"));
        QCOMPARE(back.auth.clientSecret, includeSecrets ? QStringLiteral("csecr3t") : QString());
    }

    void looksSecret_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("secret");
        QTest::newRow("github") << "GITHUB_PERSONAL_ACCESS_TOKEN" << true;
        QTest::newRow("api key") << "OPENAI_API_KEY" << true;
        QTest::newRow("password") << "DB_PASSWORD" << true;
        QTest::newRow("authorization") << "Authorization" << true;
        QTest::newRow("x-api-key") << "x-api-key" << true;
        QTest::newRow("log level") << "LOG_LEVEL" << false;
        QTest::newRow("path") << "PATH" << false;
        QTest::newRow("keyboard") << "KEYBOARD_LAYOUT" << false;
    }
    void looksSecret()
    {
        QFETCH(QString, name);
        QFETCH(bool, secret);
        QCOMPARE(McpJson::looksSecret(name), secret);
    }
};

QTEST_GUILESS_MAIN(tst_McpJson)
#include "tst_mcpjson.moc"
