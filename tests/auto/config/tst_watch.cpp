// Watch mode's settings (VS Code's dev.watch) and FileChangeWatcher on a real directory.

#include "config/mcpjson.h"
#include "config/serverconfig.h"
#include "config/watch.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

namespace {

void write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
}

ServerConfig command(const QString &program, const QStringList &args)
{
    ServerConfig config = ServerConfig::create(QStringLiteral("s"));
    config.command = program;
    config.args = args;
    return config;
}

} // namespace

class tst_Watch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultGlobs_data();
    void defaultGlobs();
    void globs_data();
    void globs();
    void settingsLiveInDevWatch();
    void vsCodeDevWatchImported();
    void oneSignalPerQuietPeriod();
    void newDirectoriesAndRemovedFiles();
};

void tst_Watch::defaultGlobs_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("globs");
    QTest::newRow("node build") << "node" << QStringList{"build/index.js"} << QStringList{"build/**"};
    QTest::newRow("node flags first") << "node" << QStringList{"--inspect", "./dist/server.mjs", "--port", "1"} << QStringList{"dist/**"};
    QTest::newRow("python at top") << "python3" << QStringList{"-u", "server.py"} << QStringList{"server.py"};
    QTest::newRow("binary by path") << "./target/debug/server" << QStringList{"--stdio"} << QStringList{"target/debug/server"};
    QTest::newRow("absolute binary") << "/opt/srv/bin/mcp" << QStringList{} << QStringList{"/opt/srv/bin/mcp"};
    QTest::newRow("npx package: nothing to watch") << "npx" << QStringList{"-y", "@scope/server"} << QStringList{};
}

void tst_Watch::defaultGlobs()
{
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QFETCH(QStringList, globs);
    QCOMPARE(WatchSettings::defaultGlobs(command(program, args)), globs);
}

void tst_Watch::globs_data()
{
    QTest::addColumn<QString>("glob");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("matches");
    QTest::newRow("** any depth") << "build/**" << "build/a/b/c.js" << true;
    QTest::newRow("** direct") << "build/**" << "build/x.js" << true;
    QTest::newRow("** other dir") << "build/**" << "src/x.js" << false;
    QTest::newRow("**/ zero dirs") << "src/**/*.ts" << "src/a.ts" << true;
    QTest::newRow("**/ deep") << "src/**/*.ts" << "src/a/b/c.ts" << true;
    QTest::newRow("* one segment") << "src/*.ts" << "src/a/b.ts" << false;
    QTest::newRow("? one char") << "v?.js" << "v1.js" << true;
    QTest::newRow("dot is literal") << "a.js" << "abjs" << false;
}

void tst_Watch::globs()
{
    QFETCH(QString, glob);
    QFETCH(QString, path);
    QFETCH(bool, matches);
    QCOMPARE(FileChangeWatcher::globToRegularExpression(glob).match(path).hasMatch(), matches);
}

void tst_Watch::settingsLiveInDevWatch()
{
    ServerConfig config = command(QStringLiteral("node"), {QStringLiteral("build/index.js")});
    QVERIFY(!WatchSettings::of(config).enabled);

    WatchSettings settings;
    settings.enabled = true; // no globs: the default is written, so that other tools see it
    settings.applyTo(config);
    QCOMPARE(config.extra.value(QStringLiteral("dev")).toObject().value(QStringLiteral("watch")).toString(), QStringLiteral("build/**"));

    settings.globs = {QStringLiteral("build/**/*.js"), QStringLiteral("schema/*.json")};
    settings.debounceMs = 800;
    settings.applyTo(config);
    // Through the JSON a catalog saves, and back.
    const ServerConfig reloaded = ServerConfig::fromJson(config.toJson());
    QCOMPARE(WatchSettings::of(reloaded), settings);

    settings.enabled = false;
    settings.applyTo(config);
    QVERIFY(!config.extra.contains(QStringLiteral("dev")));
}

void tst_Watch::vsCodeDevWatchImported()
{
    const QByteArray vscode = R"({"servers":{"weather":{"type":"stdio","command":"node","args":["build/index.js"],
        "dev":{"watch":"build/**/*.js","debug":{"type":"node"}}}}})";
    const McpJsonImport imported = McpJson::parse(vscode);
    QCOMPARE(imported.servers.size(), 1);
    const WatchSettings settings = WatchSettings::of(imported.servers.first());
    QVERIFY(settings.enabled);
    QCOMPARE(settings.globs, QStringList{QStringLiteral("build/**/*.js")});

    // Exported for VS Code: dev.watch (and the rest of dev) as it came.
    McpJsonExportOptions options;
    options.dialect = McpJsonDialect::VsCode;
    const QJsonObject dev = McpJson::exportEntry(imported.servers.first(), options).value(QStringLiteral("dev")).toObject();
    QCOMPARE(dev.value(QStringLiteral("watch")).toString(), QStringLiteral("build/**/*.js"));
    QCOMPARE(dev.value(QStringLiteral("debug")).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("node"));
}

void tst_Watch::oneSignalPerQuietPeriod()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("build/index.js")), "1");
    write(dir.filePath(QStringLiteral("build/lib/util.js")), "1");
    write(dir.filePath(QStringLiteral("src/index.ts")), "1");
    FileChangeWatcher watcher;
    QSignalSpy changed(&watcher, &FileChangeWatcher::filesChanged);
    watcher.watch(dir.path(), {QStringLiteral("build/**")}, 300);
    QCOMPARE(watcher.matchingFiles().size(), 2);

    // A rebuild writes several files in a burst: one signal naming them all.
    QTest::qWait(50);
    write(dir.filePath(QStringLiteral("build/index.js")), "22");
    QTest::qWait(100);
    write(dir.filePath(QStringLiteral("build/lib/util.js")), "22");
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
    QStringList paths = changed.at(0).at(0).toStringList();
    paths.sort();
    QCOMPARE(paths, (QStringList{QStringLiteral("build/index.js"), QStringLiteral("build/lib/util.js")}));
    QTest::qWait(600);
    QCOMPARE(changed.count(), 1);

    // Outside the globs: nothing.
    write(dir.filePath(QStringLiteral("src/index.ts")), "22");
    QTest::qWait(800);
    QCOMPARE(changed.count(), 1);
}

void tst_Watch::newDirectoriesAndRemovedFiles()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("build/index.js")), "1");
    FileChangeWatcher watcher;
    QSignalSpy changed(&watcher, &FileChangeWatcher::filesChanged);
    watcher.watch(dir.path(), {QStringLiteral("build/**/*.js")}, 100);

    write(dir.filePath(QStringLiteral("build/tools/new.js")), "1");
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
    QCOMPARE(changed.at(0).at(0).toStringList(), QStringList{QStringLiteral("build/tools/new.js")});

    // A file in the new directory is watched from now on.
    QTest::qWait(1100); // a different modification time on file systems with 1 s resolution
    write(dir.filePath(QStringLiteral("build/tools/new.js")), "2");
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 5000);

    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("build/index.js"))));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, 5000);
    QCOMPARE(changed.at(2).at(0).toStringList(), QStringList{QStringLiteral("build/index.js")});
}

QTEST_GUILESS_MAIN(tst_Watch)
#include "tst_watch.moc"
