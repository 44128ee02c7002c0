// "Record a Server in a Host…" in the window (offscreen): the dialog rewrites the chosen
// entry through RecordRewrite and undoes it with one click.
#include "config/hostconfigs.h"
#include "config/mcpjson.h"
#include "dialogs/recordinhostdialog.h"

#include "session/client.h"
#include "transport/httptransportoptions.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include "recordtesting.h"

using namespace Mcp;

namespace {

// A host's configuration file as the test wrote it.
bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

} // namespace

class tst_RecordInHostDialog : public QObject
{
    Q_OBJECT

private slots:
    void recordAndUndo();
    void httpServerThroughTheProxy();
    void undoInALaterWindow();
    void recordInTomlAndYamlHosts();
};

void tst_RecordInHostDialog::recordAndUndo()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mcp.json"));
    const QByteArray original = "{\n  // Cursor\n  \"mcpServers\": {\n    \"web\": {\"url\": \"http://x\"},\n"
                                "    \"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs\"]}\n  }\n}\n";
    QVERIFY(writeFile(path, original));
    Ui::RecordInHostDialog dialog;
    dialog.setRecorderProgram(QStringLiteral("/usr/bin/mcpscope"));
    dialog.setFile(path);
    dialog.selectServer(QStringLiteral("files"));
    dialog.show();
    QVERIFY(dialog.record());
    const McpJsonImport rewritten = McpJson::readFile(path);
    QVERIFY(rewritten.isValid());
    QCOMPARE(rewritten.servers.size(), 2);
    const ServerConfig files = rewritten.servers.at(1);
    QCOMPARE(files.command, QStringLiteral("/usr/bin/mcpscope"));
    QCOMPARE(files.args, (QStringList{"record", "--name", "files", "--", "npx", "-y", "fs"}));
    QVERIFY(dialog.statusText().contains(QLatin1String(".mcpscope-backup-"))); // says where the backup is
    QVERIFY(!dialog.record()); // already recorded: the record button's state aside, it refuses

    QVERIFY(dialog.undo());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original);
}

void tst_RecordInHostDialog::httpServerThroughTheProxy()
{
    // A real HTTP server in a host's file; the dialog starts a real recording proxy for it.
    QProcess server;
    server.start(QStringLiteral(MCPSCOPE_DEMO_SERVER), {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(server.waitForStarted());
    QByteArray serverErr;
    QTRY_VERIFY_WITH_TIMEOUT((serverErr += server.readAllStandardError()).contains("listening on "), 10000);
    const QString target =
        QRegularExpression(QStringLiteral("listening on (\\S+)")).match(QString::fromUtf8(serverErr)).captured(1);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mcp.json"));
    const QByteArray original = "{\"servers\": {\"remote\": {\"type\": \"http\", \"url\": \"" + target.toUtf8() + "\"}}}\n";
    QVERIFY(writeFile(path, original));
    Ui::RecordInHostDialog dialog;
    dialog.setRecorderProgram(QStringLiteral(MCPSCOPE_CLI));
    dialog.setFile(path);
    dialog.selectServer(QStringLiteral("remote"));
    QVERIFY2(dialog.record(), qPrintable(dialog.statusText()));
    QVERIFY(dialog.statusText().contains(QLatin1String("proxy")));
    const ServerConfig rewritten = McpJson::readFile(path).servers.value(0);
    const QUrl proxied(rewritten.url);
    QCOMPARE(proxied.host(), QStringLiteral("127.0.0.1"));
    QVERIFY(proxied.port() != QUrl(target).port());
    QCOMPARE(proxied.path(), QUrl(target).path());

    // What the host would do now: talk to the server through the proxy.
    {
        Client client(createHttpTransport(proxied, HttpTransportKind::Auto, HttpTransportOptions()));
        expectEcho(client, QStringLiteral("via host file"), QStringLiteral("via host file"));
        if (QTest::currentTestFailed())
            return;
    }

    // Undo: the address as it was, and the proxy stopped.
    QVERIFY2(dialog.undo(), qPrintable(dialog.statusText()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original);
    QTRY_VERIFY_WITH_TIMEOUT([&proxied] {
        QTcpSocket socket;
        socket.connectToHost(proxied.host(), quint16(proxied.port()));
        return !socket.waitForConnected(500);
    }(), 10000);
    server.kill();
    server.waitForFinished();
}

void tst_RecordInHostDialog::undoInALaterWindow()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("claude_desktop_config.json"));
    const QByteArray original = "{\"mcpServers\": {\"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs\"]}}}";
    QVERIFY(writeFile(path, original));
    {
        Ui::RecordInHostDialog first;
        first.setRecorderProgram(QStringLiteral("/usr/bin/mcpscope"));
        first.setFile(path);
        first.selectServer(QStringLiteral("files"));
        QVERIFY(first.record());
    } // closed without undoing
    Ui::RecordInHostDialog later;
    later.setRecorderProgram(QStringLiteral("/usr/bin/mcpscope"));
    later.setFile(path);
    later.selectServer(QStringLiteral("files"));
    QVERIFY2(later.statusText().contains(QLatin1String("already goes through the recorder")), qPrintable(later.statusText()));
    QVERIFY(later.undo());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original);
}

// Codex's config.toml and Goose's config.yaml: the same dialog, the same one-entry change, the
// same byte-exact undo.
void tst_RecordInHostDialog::recordInTomlAndYamlHosts()
{
    QTemporaryDir dir;
    const QList<QPair<QString, QByteArray>> files = {
        {dir.filePath(QStringLiteral("config.toml")),
         "# Codex\nmodel = \"o3\"\n\n[mcp_servers.files]  # the files\ncommand = \"npx\"\nargs = [\"-y\", \"fs\"]\n"
         "\n[mcp_servers.web]\nurl = \"http://x/mcp\"\n"},
        {dir.filePath(QStringLiteral("config.yaml")),
         "# Goose\nextensions:\n  web:\n    type: sse\n    uri: http://x/sse\n  files:\n    type: stdio\n"
         "    cmd: npx   # from npm\n    args:\n      - -y\n      - fs\n    enabled: true\nGOOSE_MODEL: m\n"},
    };
    for (const auto &[path, original] : files) {
        QVERIFY(writeFile(path, original));
        Ui::RecordInHostDialog dialog;
        dialog.setRecorderProgram(QStringLiteral("/usr/bin/mcpscope"));
        dialog.setFile(path);
        dialog.selectServer(QStringLiteral("files"));
        QVERIFY2(dialog.record(), qPrintable(dialog.statusText()));
        const McpJsonImport rewritten = HostConfig::readFile(path);
        QVERIFY2(rewritten.isValid(), qPrintable(rewritten.error.toString()));
        QCOMPARE(rewritten.servers.size(), 2);
        for (const ServerConfig &server : rewritten.servers) {
            if (server.name != QLatin1String("files"))
                continue;
            QCOMPARE(server.command, QStringLiteral("/usr/bin/mcpscope"));
            QCOMPARE(server.args, (QStringList{"record", "--name", "files", "--", "npx", "-y", "fs"}));
        }
        QVERIFY(dialog.undo());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), original);
    }
}

QTEST_MAIN(tst_RecordInHostDialog)
#include "tst_recordinhostdialog.moc"
