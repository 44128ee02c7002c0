// "Record this server in…": one server entry of each host's mcp.json dialect rewritten to run
// through `mcpscope record`, byte for byte elsewhere, and undone from the backup.
#include "config/mcpjson.h"
#include "config/recordrewrite.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

class tst_RecordRewrite : public QObject
{
    Q_OBJECT

private slots:
    void wrap_data();
    void wrap();
    void fileAndUndo();
    void httpEntries_data();
    void httpEntries();
    void undoFromAnEarlierRun();
    void refusals();
    void rewrittenEntryRuns();

private:
    QTemporaryDir m_dir;
};

void tst_RecordRewrite::wrap_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("server");
    QTest::addColumn<QByteArray>("changed");   // the only bytes of the original that change
    QTest::addColumn<QStringList>("command");  // the original command line

    QTest::newRow("Claude Desktop") << QByteArray(R"({
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"]
    },
    "github": { "command": "docker", "args": ["run", "-i"], "env": {"GITHUB_TOKEN": "x"} }
  },
  "globalShortcut": "Ctrl+Space"
}
)") << "filesystem"
        << QByteArray(R"("npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"])")
        << QStringList{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"};

    QTest::newRow("Claude Code (args before command)") << QByteArray(
        "{\n\t\"mcpServers\": {\n\t\t\"local\": {\"type\": \"stdio\", \"args\": [\"server.js\", \"--port=\\\"x\\\"\"], "
        "\"env\": {\"A\": \"é\"}, \"command\": \"node\"}\n\t}\n}\n")
        << "local"
        << QByteArray("[\"server.js\", \"--port=\\\"x\\\"\"], \"env\": {\"A\": \"é\"}, \"command\": \"node\"")
        << QStringList{"node", "server.js", "--port=\"x\""};

    QTest::newRow("Cursor (no args)") << QByteArray(R"({"mcpServers":{"other":{"url":"http://x"},"tool":{"command":"/usr/local/bin/tool server"}}})")
                                      << "tool" << QByteArray(R"("/usr/local/bin/tool server")")
                                      << QStringList{"/usr/local/bin/tool server"};

    QTest::newRow("VS Code (JSONC)") << QByteArray(R"(// my servers
{
  "inputs": [{"type": "promptString", "id": "key", "password": true}],
  "servers": {
    /* the Python one */
    "py": {
      "type": "stdio",
      "command": "python", // which python
      "args": ["-m", "srv",],
    },
  },
}
)") << "py" << QByteArray(R"("python", // which python
      "args": ["-m", "srv",])")
        << QStringList{"python", "-m", "srv"};

    QTest::newRow("VS Code settings.json") << QByteArray(R"({"editor.fontSize": 14, "mcp": {"servers": {"s": {"command": "srv", "args": []}}}})")
                                           << "s" << QByteArray(R"("srv", "args": [])") << QStringList{"srv"};
}

void tst_RecordRewrite::wrap()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, server);
    QFETCH(QByteArray, changed);
    QFETCH(QStringList, command);
    RecordRewrite::Recorder recorder{QStringLiteral("/opt/mcp scope/mcpscope"), QString()};
    QString error;
    const auto out = RecordRewrite::wrap(text, server, recorder, &error);
    QVERIFY2(out, qPrintable(error));

    // Byte for byte elsewhere: the bytes that differ are exactly the command and args values.
    qsizetype prefix = 0;
    while (prefix < text.size() && prefix < out->size() && text.at(prefix) == out->at(prefix))
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < text.size() - prefix && suffix < out->size() - prefix
           && text.at(text.size() - 1 - suffix) == out->at(out->size() - 1 - suffix))
        ++suffix;
    const QByteArray differing = text.mid(prefix, text.size() - suffix - prefix);
    const qsizetype changedStart = text.indexOf(changed);
    QVERIFY(changedStart > 0);
    QVERIFY2(changedStart <= prefix && text.size() - suffix <= changedStart + changed.size(), differing.constData());

    // What a host reads from it now.
    const McpJsonImport parsed = McpJson::parse(*out);
    QVERIFY2(parsed.isValid(), qPrintable(parsed.error.toString()));
    const McpJsonImport before = McpJson::parse(text);
    QCOMPARE(parsed.servers.size(), before.servers.size());
    bool found = false;
    for (const ServerConfig &config : parsed.servers) {
        if (config.name != server)
            continue;
        found = true;
        QCOMPARE(config.command, recorder.program);
        QStringList expected{QStringLiteral("record"), QStringLiteral("--name"), server, QStringLiteral("--")};
        expected += command;
        QCOMPARE(config.args, expected);
    }
    QVERIFY(found);
}

void tst_RecordRewrite::fileAndUndo()
{
    const QString path = m_dir.filePath(QStringLiteral("claude_desktop_config.json"));
    const QByteArray original = "{\r\n  \"mcpServers\": {\"a\": {\"command\": \"srv\"}}\r\n}";
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(original);
    }
    QString error;
    const auto change = RecordRewrite::wrapFile(path, QStringLiteral("a"), {QStringLiteral("mcpscope"), QString()}, &error);
    QVERIFY2(change, qPrintable(error));
    QFile backup(change->backupPath);
    QVERIFY(backup.open(QIODevice::ReadOnly));
    QCOMPARE(backup.readAll(), original);
    backup.close();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), change->rewritten);
    file.close();
    QVERIFY(change->rewritten.contains("\"record\""));

    QVERIFY2(RecordRewrite::undo(*change, &error), qPrintable(error));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original); // exactly, CRLFs and all
    file.close();
    QVERIFY(!QFile::exists(change->backupPath));

    // The host's file edited since: undo puts back this entry alone and keeps the other edits.
    const auto again = RecordRewrite::wrapFile(path, QStringLiteral("a"), {QStringLiteral("mcpscope"), QString()}, &error);
    QVERIFY(again);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray edited = file.readAll();
    file.close();
    edited.replace("\"mcpServers\": {", "\"mcpServers\": {\"b\": {\"command\": \"other\"}, ");
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(edited);
    file.close();
    QVERIFY2(RecordRewrite::undo(*again, &error), qPrintable(error));
    const McpJsonImport undone = McpJson::readFile(path);
    QCOMPARE(undone.servers.size(), 2);
    for (const ServerConfig &server : undone.servers) {
        QCOMPARE(server.command, server.name == QLatin1String("a") ? QStringLiteral("srv") : QStringLiteral("other"));
        QVERIFY(server.args.isEmpty());
    }
    QVERIFY(!QFile::exists(again->backupPath));

    // An entry that is not the recorder's cannot be "undone".
    const auto third = RecordRewrite::wrapFile(path, QStringLiteral("a"), {QStringLiteral("mcpscope"), QString()}, &error);
    QVERIFY(third);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"mcpServers\": {\"a\": {\"command\": \"edited-by-hand\"}}}");
    file.close();
    QVERIFY(!RecordRewrite::undo(*third, &error));
    QVERIFY(error.contains(QLatin1String("changed")));
    QVERIFY(QFile::exists(third->backupPath));
}

void tst_RecordRewrite::httpEntries_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("url"); // the url value as written, the only bytes that change
    QTest::newRow("Cursor") << QByteArray(R"({"mcpServers":{"web":{"url":"https://api.example.com/mcp?team=a%20b","headers":{"X":"1"}},"tool":{"command":"t"}}})")
                            << QByteArray(R"("https://api.example.com/mcp?team=a%20b")");
    QTest::newRow("Claude Code") << QByteArray("{\n  \"mcpServers\": {\n    \"web\": {\"type\": \"http\", \"url\": \"http://localhost:3000/mcp\"}\n  }\n}\n")
                                 << QByteArray(R"("http://localhost:3000/mcp")");
    QTest::newRow("VS Code (JSONC)") << QByteArray("{\n  \"servers\": {\n    // remote\n    \"web\": {\"type\": \"sse\", \"url\": \"http://h:8080/sse\",},\n  },\n}\n")
                                     << QByteArray(R"("http://h:8080/sse")");
    QTest::newRow("VS Code settings.json") << QByteArray(R"({"mcp": {"servers": {"web": {"type": "http", "url": "http://h/mcp/"}}}, "x": 1})")
                                           << QByteArray(R"("http://h/mcp/")");
}

void tst_RecordRewrite::httpEntries()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, url);
    const QUrl original(QString::fromUtf8(url.mid(1, url.size() - 2)));
    RecordRewrite::Recorder recorder{QStringLiteral("mcpscope"), QString(), QUrl(QStringLiteral("http://127.0.0.1:4567"))};
    QString error;
    const auto entry = RecordRewrite::entry(text, QStringLiteral("web"), recorder.program, &error);
    QVERIFY2(entry, qPrintable(error));
    QCOMPARE(entry->url, original);
    QVERIFY(entry->command.isEmpty());

    // Without a proxy it says how to record an HTTP server.
    QVERIFY(!RecordRewrite::wrap(text, QStringLiteral("web"), {QStringLiteral("mcpscope"), QString()}, &error));
    QVERIFY(error.contains(QLatin1String("--http")));

    const auto out = RecordRewrite::wrap(text, QStringLiteral("web"), recorder, &error);
    QVERIFY2(out, qPrintable(error));
    QUrl expected = recorder.httpProxy;
    expected.setPath(original.path(QUrl::FullyEncoded), QUrl::StrictMode);
    expected.setQuery(original.query(QUrl::FullyEncoded), QUrl::StrictMode);
    QByteArray replaced = text;
    replaced.replace(url, QByteArray('"' + expected.toString(QUrl::FullyEncoded).toUtf8() + '"'));
    QCOMPARE(*out, replaced); // every other byte as it was
    const McpJsonImport parsed = McpJson::parse(*out);
    QVERIFY2(parsed.isValid(), qPrintable(parsed.error.toString()));
    QVERIFY(!RecordRewrite::wrap(*out, QStringLiteral("web"), recorder, &error));
    QVERIFY(error.contains(QLatin1String("already")));

    // Undo takes the address from the file as it was.
    const auto back = RecordRewrite::unwrap(*out, QStringLiteral("web"), text, recorder.program, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(*back, text);
}

void tst_RecordRewrite::undoFromAnEarlierRun()
{
    // The window that made the change has closed; a new one finds the backup and undoes.
    const QString path = m_dir.filePath(QStringLiteral("earlier.json"));
    const QByteArray original = R"({"mcpServers": {"s": {"command": "srv", "args": ["a"]}, "w": {"url": "http://h/mcp"}}})";
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(original);
    }
    QVERIFY(!RecordRewrite::pendingChange(path, QStringLiteral("s"), QStringLiteral("mcpscope")));
    QString error;
    QVERIFY(RecordRewrite::wrapFile(path, QStringLiteral("s"), {QStringLiteral("mcpscope"), QString()}, &error));
    QTest::qWait(5); // backups are named to the millisecond
    QVERIFY(RecordRewrite::wrapFile(path, QStringLiteral("w"),
                                    {QStringLiteral("mcpscope"), QString(), QUrl(QStringLiteral("http://127.0.0.1:9999"))},
                                    &error));
    QVERIFY(!RecordRewrite::pendingChange(path, QStringLiteral("s"), QStringLiteral("other-program")));
    for (const QString &name : {QStringLiteral("w"), QStringLiteral("s")}) {
        const auto pending = RecordRewrite::pendingChange(path, name, QStringLiteral("mcpscope"));
        QVERIFY2(pending, qPrintable(name));
        QVERIFY2(RecordRewrite::undo(*pending, &error), qPrintable(error));
        QVERIFY(!RecordRewrite::pendingChange(path, name, QStringLiteral("mcpscope")));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original);
}

void tst_RecordRewrite::refusals()
{
    const RecordRewrite::Recorder recorder{QStringLiteral("mcpscope"), QString()};
    QString error;
    const QByteArray http = "{\"mcpServers\":{\"h\":{\"url\":\"http://127.0.0.1:1/mcp\"}}}";
    const QByteArray stdio = "{\"mcpServers\":{\"h\":{\"command\":\"x\"}}}";
    QVERIFY(!RecordRewrite::wrap(http, QStringLiteral("h"), recorder, &error));
    QVERIFY(error.contains(QLatin1String("--http")));
    const RecordRewrite::Recorder proxy{QStringLiteral("mcpscope"), QString(), QUrl(QStringLiteral("http://127.0.0.1:2"))};
    QVERIFY(!RecordRewrite::wrap("{\"mcpServers\":{\"h\":{\"url\":\"${BASE}/mcp\"}}}", QStringLiteral("h"), proxy, &error));
    QVERIFY(error.contains(QLatin1String("variables")));
    QVERIFY(!RecordRewrite::wrap("{\"mcpServers\":{\"h\":{\"type\":\"stdio\"}}}", QStringLiteral("h"), proxy, &error));
    QVERIFY(error.contains(QLatin1String("neither")));
    QVERIFY(!RecordRewrite::wrap(stdio, QStringLiteral("nope"), recorder, &error));
    QVERIFY(error.contains(QLatin1String("nope")));
    const auto once = RecordRewrite::wrap(stdio, QStringLiteral("h"), recorder, &error);
    QVERIFY(once);
    QVERIFY(!RecordRewrite::wrap(*once, QStringLiteral("h"), recorder, &error));
    QVERIFY(error.contains(QLatin1String("already")));
    QVERIFY(!RecordRewrite::wrap("[1]", QStringLiteral("h"), recorder, &error));
}

void tst_RecordRewrite::rewrittenEntryRuns()
{
    // The rewritten entry, run as a host would run it, records and passes traffic.
    const QString capture = m_dir.filePath(QStringLiteral("run.jsonl"));
    const QByteArray entry = "{\"mcpServers\":{\"echo\":{\"command\":\"cat\"}}}";
    const auto out = RecordRewrite::wrap(entry, QStringLiteral("echo"),
                                         {QStringLiteral(MCPSCOPE_CLI), capture}, nullptr);
    QVERIFY(out);
    const ServerConfig config = McpJson::parse(*out).servers.value(0);
    QProcess host;
    host.start(config.command, config.args);
    QVERIFY(host.waitForStarted());
    host.write("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n");
    host.closeWriteChannel();
    QVERIFY(host.waitForFinished(10000));
    QCOMPARE(host.readAllStandardOutput(), QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n"));
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    const QByteArray name = "\"name\":\"echo\"";
    const QByteArray method = "\\\"method\\\":\\\"x\\\"";
    QVERIFY(text.contains(name));
    QVERIFY(text.contains(method));
}

QTEST_GUILESS_MAIN(tst_RecordRewrite)
#include "tst_recordrewrite.moc"
