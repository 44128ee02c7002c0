// "Record a Server in a Host…" in the window (offscreen): the dialog rewrites the chosen
// entry through RecordRewrite and undoes it with one click.
#include "config/mcpjson.h"
#include "dialogs/recordinhostdialog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

class tst_RecordInHostDialog : public QObject
{
    Q_OBJECT

private slots:
    void recordAndUndo();
};

void tst_RecordInHostDialog::recordAndUndo()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mcp.json"));
    const QByteArray original = "{\n  // Cursor\n  \"mcpServers\": {\n    \"web\": {\"url\": \"http://x\"},\n"
                                "    \"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs\"]}\n  }\n}\n";
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(original);
    }
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

QTEST_MAIN(tst_RecordInHostDialog)
#include "tst_recordinhostdialog.moc"
