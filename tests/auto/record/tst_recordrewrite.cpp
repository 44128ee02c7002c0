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

    // The host's file edited since: undo refuses and keeps the backup.
    const auto again = RecordRewrite::wrapFile(path, QStringLiteral("a"), {QStringLiteral("mcpscope"), QString()}, &error);
    QVERIFY(again);
    QVERIFY(file.open(QIODevice::Append));
    file.write("\n");
    file.close();
    QVERIFY(!RecordRewrite::undo(*again, &error));
    QVERIFY(error.contains(QLatin1String("changed")));
    QVERIFY(QFile::exists(again->backupPath));
}

void tst_RecordRewrite::refusals()
{
    const RecordRewrite::Recorder recorder{QStringLiteral("mcpscope"), QString()};
    QString error;
    const QByteArray http = "{\"mcpServers\":{\"h\":{\"url\":\"http://127.0.0.1:1/mcp\"}}}";
    const QByteArray stdio = "{\"mcpServers\":{\"h\":{\"command\":\"x\"}}}";
    QVERIFY(!RecordRewrite::wrap(http, QStringLiteral("h"), recorder, &error));
    QVERIFY(error.contains(QLatin1String("--http")));
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
