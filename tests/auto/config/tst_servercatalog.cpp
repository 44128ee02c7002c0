#include "config/secretstore.h"
#include "config/servercatalog.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Mcp;

namespace {

QString dataPath(const char *name)
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/data/") + QLatin1String(name);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
}

ServerConfig stdioServer(const QString &name, const QString &command = QStringLiteral("node"))
{
    ServerConfig c = ServerConfig::create(name);
    c.command = command;
    c.args = {QStringLiteral("server.js"), QStringLiteral("--root"), QStringLiteral("/a b")};
    return c;
}

QStringList names(const ServerCatalog &catalog)
{
    QStringList list;
    for (const ServerConfig &c : catalog.servers())
        list << c.name;
    return list;
}

} // namespace

class tst_ServerCatalog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString userFile() const { return m_dir.filePath(QStringLiteral("config/servers.json")); }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
    }

    void defaultPath()
    {
        QVERIFY(ServerCatalog::defaultUserFilePath().endsWith(QLatin1String("/servers.json")));
    }

    void addEditDuplicateRemoveReorder()
    {
        ServerCatalog catalog(userFile());
        QAbstractItemModelTester tester(&catalog, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(catalog.load());
        QCOMPARE(catalog.rowCount(), 0);

        const QUuid a = catalog.add(stdioServer(QStringLiteral("alpha")));
        const QUuid b = catalog.add(stdioServer(QStringLiteral("beta")));
        QVERIFY(!a.isNull() && a != b);
        QVERIFY(QFile::exists(userFile())); // saved at once

        ServerConfig edited = catalog.find(b);
        edited.notes = QStringLiteral("edited");
        QSignalSpy changed(&catalog, &ServerCatalog::serverChanged);
        QVERIFY(catalog.update(edited));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QUuid>(), b);

        const QUuid copy = catalog.duplicate(a);
        QVERIFY(!copy.isNull() && copy != a);
        QCOMPARE(names(catalog), QStringList({"alpha", "alpha (copy)", "beta"}));
        QCOMPARE(catalog.find(copy).args, catalog.find(a).args);
        const QUuid copy2 = catalog.duplicate(a);
        QCOMPARE(catalog.find(copy2).name, QStringLiteral("alpha (copy) (2)"));
        QVERIFY(catalog.remove(copy2));

        QVERIFY(catalog.move(2, 0));
        QCOMPARE(names(catalog), QStringList({"beta", "alpha", "alpha (copy)"}));
        QVERIFY(catalog.move(0, 2));
        QCOMPARE(names(catalog), QStringList({"alpha", "alpha (copy)", "beta"}));
        QVERIFY(!catalog.move(0, 3));

        QVERIFY(catalog.remove(copy));
        QVERIFY(!catalog.remove(copy));
        QCOMPARE(names(catalog), QStringList({"alpha", "beta"}));

        // The model API form, as a view would call it.
        QVERIFY(catalog.moveRows(QModelIndex(), 0, 1, QModelIndex(), 2));
        QCOMPARE(names(catalog), QStringList({"beta", "alpha"}));
        QVERIFY(catalog.moveRows(QModelIndex(), 1, 1, QModelIndex(), 0));
        QCOMPARE(names(catalog), QStringList({"alpha", "beta"}));

        // Everything above is on disk, in order, and reads back equal.
        ServerCatalog reloaded(userFile());
        QVERIFY(reloaded.load());
        QCOMPARE(reloaded.servers(), catalog.servers());
        QCOMPARE(reloaded.find(b).notes, QStringLiteral("edited"));
        QCOMPARE(reloaded.data(reloaded.index(0), Qt::DisplayRole).toString(), QStringLiteral("alpha"));
        QCOMPARE(reloaded.data(reloaded.index(0), ServerCatalog::CommandLineRole).toString(),
                 QStringLiteral("node server.js --root '/a b'"));
        QCOMPARE(reloaded.data(reloaded.index(0), ServerCatalog::ConfigRole).value<ServerConfig>(), catalog.server(0));
    }

    void unknownTopLevelKeysKept()
    {
        QDir().mkpath(QFileInfo(userFile()).absolutePath());
        writeAll(userFile(), "{\"format\": \"mcpscope-servers\", \"version\": 1, \"servers\": [], \"windowLayout\": {\"x\": 1}}");
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        catalog.add(stdioServer(QStringLiteral("s")));
        const QJsonObject root = QJsonDocument::fromJson(readAll(userFile())).object();
        QCOMPARE(root.value(QLatin1String("windowLayout")).toObject().value(QLatin1String("x")).toInt(), 1);
        QCOMPARE(root.value(QLatin1String("servers")).toArray().size(), 1);
    }

    // The user file is written server by server; its bytes stay QJsonDocument::Indented's.
    void userFileIsQtsLayout()
    {
        QDir().mkpath(QFileInfo(userFile()).absolutePath());
        writeAll(userFile(), "{\"format\": \"mcpscope-servers\", \"version\": 1, \"servers\": [], \"Z\": [{}, []], \"a\": {\"\u00e9\": 1.25}}");
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        const auto isQts = [this] {
            const QByteArray bytes = readAll(userFile());
            return bytes == QJsonDocument::fromJson(bytes).toJson(QJsonDocument::Indented);
        };
        QVERIFY(catalog.save());
        QVERIFY(isQts()); // no servers
        ServerConfig secret = stdioServer(QStringLiteral("secret"));
        secret.env = {{QStringLiteral("API_TOKEN"), QStringLiteral("s3cr3t"), true}, {QStringLiteral("B"), QStringLiteral("b"), false}};
        ServerConfig remote = ServerConfig::create(QStringLiteral("remote"));
        remote.transport = ServerConfig::TransportType::StreamableHttp;
        remote.url = QStringLiteral("https://h/mcp");
        remote.auth.mode = ServerAuth::Mode::OAuth;
        remote.auth.clientId = QStringLiteral("client");
        remote.extra.insert(QStringLiteral("kept"), QJsonArray{1, QStringLiteral("x")});
        const QList<ServerConfig> added{stdioServer(QStringLiteral("plain")), secret, remote};
        for (const ServerConfig &config : added)
            catalog.add(config);
        QVERIFY(isQts());
        QCOMPARE(QJsonDocument::fromJson(readAll(userFile())).object().value(QLatin1String("Z")).toArray().size(), 2);
        const QJsonArray servers = QJsonDocument::fromJson(readAll(userFile())).object().value(QLatin1String("servers")).toArray();
        QCOMPARE(servers.size(), 3);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(servers.at(i).toObject(), catalog.server(i).toJson(ServerConfig::SecretHandling::Omit));
        catalog.setSecretsInFile(true);
        QVERIFY(isQts());
        QCOMPARE(QJsonDocument::fromJson(readAll(userFile())).object().value(QLatin1String("servers")).toArray().at(1).toObject(),
                 catalog.server(1).toJson(ServerConfig::SecretHandling::Include));
    }

    void brokenFileKeptAsBackup_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("serversRead");
        QTest::newRow("truncated") << QByteArray("{\n  \"servers\": [\n    {\"name\": \"a\"}\n") << 4 << 1;
        QTest::newRow("cut inside a server") << QByteArray("{\"servers\": [{\"name\": \"a\"}, {\"name\": \"b") << 1 << 1;
        QTest::newRow("hand-edit error in the middle")
            << QByteArray("{\"servers\": [\n{\"name\": \"a\"},\n{\"name\": \"b\" \"command\": \"y\"},\n{\"name\": \"c\"}\n]}") << 3 << 2;
        QTest::newRow("garbage") << QByteArray("\n\nnot json at all") << 3 << 0;
        QTest::newRow("wrong shape") << QByteArray("{\"servers\": 5}") << 0 << 0;
        QTest::newRow("one bad entry") << QByteArray("{\"servers\": [{\"name\": \"good\", \"command\": \"x\"}, 42]}") << 0 << 1;
    }
    void brokenFileKeptAsBackup()
    {
        QFETCH(QByteArray, content);
        QFETCH(int, line);
        QFETCH(int, serversRead);
        QDir().mkpath(QFileInfo(userFile()).absolutePath());
        writeAll(userFile(), content);

        ServerCatalog catalog(userFile());
        QSignalSpy problems(&catalog, &ServerCatalog::problemFound);
        QVERIFY(!catalog.load());
        QCOMPARE(problems.count(), 1);
        QCOMPARE(catalog.problems().size(), 1);
        const CatalogProblem problem = catalog.problems().at(0);
        QCOMPARE(problem.error.path, userFile());
        QCOMPARE(problem.error.line, line);
        QVERIFY(!problem.error.reason.isEmpty());
        QVERIFY(problem.toString().contains(userFile()));
        QVERIFY(problem.toString().contains(problem.backupPath));
        QVERIFY(problem.backupPath.startsWith(userFile() + QStringLiteral(".broken-")));
        QCOMPARE(readAll(problem.backupPath), content);
        QCOMPARE(catalog.count(), serversRead);

        // The app goes on; a later save rewrites the main file but never the backup.
        catalog.add(stdioServer(QStringLiteral("new")));
        QCOMPARE(readAll(problem.backupPath), content);
        ServerCatalog reloaded(userFile());
        QVERIFY(reloaded.load());
        QCOMPARE(reloaded.count(), serversRead + 1);

        // A second broken load does not overwrite the first backup.
        writeAll(userFile(), content);
        ServerCatalog again(userFile());
        QVERIFY(!again.load());
        QVERIFY(again.problems().at(0).backupPath != problem.backupPath);
        QCOMPARE(readAll(problem.backupPath), content);
    }

    void atomicSave()
    {
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        catalog.add(stdioServer(QStringLiteral("first")));
        const QByteArray before = readAll(userFile());
        // A hard link to the old file: an in-place rewrite would change what it shows,
        // a write-to-temporary-and-rename leaves it as it was.
        const QString link = m_dir.filePath(QStringLiteral("old-inode"));
        QCOMPARE(::link(QFile::encodeName(userFile()).constData(), QFile::encodeName(link).constData()), 0);
        catalog.add(stdioServer(QStringLiteral("second")));
        QCOMPARE(readAll(link), before);
        QVERIFY(readAll(userFile()).contains("second"));
        // No temporary files left behind.
        QCOMPARE(QDir(QFileInfo(userFile()).absolutePath()).entryList(QDir::Files), QStringList{"servers.json"});
    }

    void saveFailureReported()
    {
        writeAll(m_dir.filePath(QStringLiteral("plainfile")), "x");
        ServerCatalog catalog(m_dir.filePath(QStringLiteral("plainfile/servers.json")));
        QVERIFY(catalog.load());
        QSignalSpy failed(&catalog, &ServerCatalog::saveFailed);
        catalog.add(stdioServer(QStringLiteral("s")));
        QCOMPARE(failed.count(), 1);
        QVERIFY(!catalog.lastSaveError().isEmpty());
        QCOMPARE(catalog.count(), 1); // kept in memory
    }

    void approval()
    {
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        const McpJsonImport source = McpJson::readFile(dataPath("claude_desktop_config.json"));
        const QList<QUuid> ids = catalog.applyImport(catalog.planImport(source));
        QCOMPARE(ids.size(), 3);
        for (const QUuid &id : ids)
            QVERIFY(!catalog.isApproved(catalog.find(id))); // imported: never started before a yes
        QVERIFY(!catalog.data(catalog.index(catalog.indexOf(ids.at(0))), ServerCatalog::ApprovedRole).toBool());

        ServerConfig config = catalog.find(ids.at(0));
        QSignalSpy approvals(&catalog, &ServerCatalog::approvalsChanged);
        catalog.approve(config);
        QCOMPARE(approvals.count(), 1);
        QVERIFY(catalog.isApproved(config));
        QVERIFY(catalog.data(catalog.index(catalog.indexOf(ids.at(0))), ServerCatalog::ApprovedRole).toBool());

        // Survives a restart.
        {
            ServerCatalog reloaded(userFile());
            QVERIFY(reloaded.load());
            QVERIFY(reloaded.isApproved(reloaded.find(ids.at(0))));
            QVERIFY(!reloaded.isApproved(reloaded.find(ids.at(1))));
        }

        // Renaming keeps it; any change to what runs drops it.
        config.name = QStringLiteral("renamed");
        catalog.update(config);
        QVERIFY(catalog.isApproved(catalog.find(config.id)));
        config.args.append(QStringLiteral("--extra"));
        catalog.update(config);
        QVERIFY(!catalog.isApproved(catalog.find(config.id)));
        config.args.removeLast();
        QVERIFY(catalog.isApproved(config)); // exactly the approved command line again

        catalog.revokeApproval(config);
        QVERIFY(!catalog.isApproved(config));

        // Nothing to start, nothing to approve.
        ServerConfig http = ServerConfig::create(QStringLiteral("h"));
        http.transport = ServerConfig::TransportType::StreamableHttp;
        http.url = QStringLiteral("https://x/");
        QVERIFY(catalog.isApproved(http));
    }

    void projectFileCannotApproveItself()
    {
        // A project file is someone else's text: approvals only ever come from the user file.
        ServerConfig c = stdioServer(QStringLiteral("evil"), QStringLiteral("/bin/sh"));
        QJsonObject root = McpJson::exportDocument({c}, McpJsonExportOptions());
        root.insert(QLatin1String("approvedCommands"), QJsonArray{QString::fromLatin1(c.commandFingerprint())});
        const QString project = m_dir.filePath(QStringLiteral("proj"));
        QDir().mkpath(project);
        writeAll(project + QStringLiteral("/.mcp.json"), QJsonDocument(root).toJson());
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        QVERIFY(catalog.setProjectFolder(project));
        QCOMPARE(catalog.count(), 1);
        QVERIFY(!catalog.isApproved(catalog.server(0)));
    }

    void importConflicts()
    {
        ServerCatalog catalog(userFile());
        QAbstractItemModelTester tester(&catalog, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(catalog.load());
        const McpJsonImport source = McpJson::readFile(dataPath("claude_desktop_config.json"));
        ImportPlan first = catalog.planImport(source);
        QCOMPARE(first.conflictCount(), 0);
        QCOMPARE(first.dialect, McpJsonDialect::McpServers);
        catalog.applyImport(first);
        QCOMPARE(catalog.count(), 3);

        // The same file again: everything conflicts and is identical, so Skip is proposed.
        ImportPlan again = catalog.planImport(source);
        QCOMPARE(again.conflictCount(), 3);
        for (const ImportEntry &e : again.entries) {
            QVERIFY(e.identical);
            QCOMPARE(e.action, ImportEntry::Action::Skip);
        }
        QVERIFY(catalog.applyImport(again).isEmpty());
        QCOMPARE(catalog.count(), 3);

        // Changed entries: Rename is proposed with a free name; the user picks per entry.
        McpJsonImport changed = source;
        for (ServerConfig &c : changed.servers)
            c.args.append(QStringLiteral("--changed"));
        ImportPlan plan = catalog.planImport(changed);
        QCOMPARE(plan.conflictCount(), 3);
        QMap<QString, int> row;
        for (int i = 0; i < plan.entries.size(); ++i) {
            QVERIFY(!plan.entries.at(i).identical);
            QCOMPARE(plan.entries.at(i).action, ImportEntry::Action::Rename);
            QCOMPARE(plan.entries.at(i).newName, plan.entries.at(i).config.name + QStringLiteral(" (2)"));
            row.insert(plan.entries.at(i).config.name, i);
        }
        const QUuid githubId = plan.entries.at(row.value(QStringLiteral("github"))).conflictsWith;
        plan.entries[row.value(QStringLiteral("filesystem"))].action = ImportEntry::Action::Skip;
        plan.entries[row.value(QStringLiteral("github"))].action = ImportEntry::Action::Replace;
        plan.entries[row.value(QStringLiteral("sqlite"))].newName = QStringLiteral("sqlite-new");
        const QList<QUuid> ids = catalog.applyImport(plan);
        QCOMPARE(ids.size(), 2);
        QCOMPARE(catalog.count(), 4);
        QVERIFY(ids.contains(githubId)); // replaced in place, same id
        QVERIFY(catalog.find(githubId).args.contains(QStringLiteral("--changed")));
        QVERIFY(!catalog.find(catalog.server(catalog.indexOfName(QStringLiteral("filesystem"))).id).args.contains(QStringLiteral("--changed")));
        QVERIFY(catalog.indexOfName(QStringLiteral("sqlite-new")) >= 0);
    }

    void pastedImport()
    {
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        catalog.add(stdioServer(QStringLiteral("server-memory")));
        const ImportPlan plan = catalog.planImport(McpJson::parse("{\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]}"));
        QCOMPARE(plan.entries.size(), 1);
        QVERIFY(plan.entries.at(0).hasConflict());
        QCOMPARE(plan.entries.at(0).newName, QStringLiteral("server-memory (2)"));
    }

    void secretsStayOutOfTheFile()
    {
        MemorySecretStore store;
        ServerConfig c = stdioServer(QStringLiteral("gh"));
        c.env = {{QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ghp_SECRET"), true},
                 {QStringLiteral("LEVEL"), QStringLiteral("debug"), false}};
        ServerConfig h = ServerConfig::create(QStringLiteral("remote"));
        h.transport = ServerConfig::TransportType::StreamableHttp;
        h.url = QStringLiteral("https://x/");
        h.bearerToken = QStringLiteral("BEARER_SECRET");
        h.headers = {{QStringLiteral("X-Api-Key"), QStringLiteral("HEADER_SECRET"), true}};
        {
            ServerCatalog catalog(userFile());
            QVERIFY(catalog.load());
            catalog.setSecretStore(&store);
            catalog.add(c);
            catalog.add(h);
            const QByteArray file = readAll(userFile());
            QVERIFY(!file.contains("SECRET"));
            QVERIFY(file.contains("debug"));
            QTRY_COMPARE_WITH_TIMEOUT(store.count(), 3, 2000);
            QCOMPARE(store.value(c.id.toString(QUuid::WithoutBraces), QStringLiteral("env/GITHUB_TOKEN")), QStringLiteral("ghp_SECRET"));
            QCOMPARE(store.value(h.id.toString(QUuid::WithoutBraces), QStringLiteral("bearerToken")), QStringLiteral("BEARER_SECRET"));
        }
        {
            // Next start: values come back from the store, asynchronously.
            ServerCatalog catalog(userFile());
            QVERIFY(catalog.load());
            QVERIFY(catalog.find(c.id).hasMissingSecrets());
            QSignalSpy changed(&catalog, &ServerCatalog::serverChanged);
            catalog.setSecretStore(&store);
            QTRY_COMPARE_WITH_TIMEOUT(catalog.find(c.id).env.at(0).value, QStringLiteral("ghp_SECRET"), 2000);
            QTRY_COMPARE_WITH_TIMEOUT(catalog.find(h.id).bearerToken, QStringLiteral("BEARER_SECRET"), 2000);
            QTRY_COMPARE_WITH_TIMEOUT(catalog.find(h.id).headers.at(0).value, QStringLiteral("HEADER_SECRET"), 2000);
            QVERIFY(changed.count() >= 3);
            QCOMPARE(catalog.find(c.id), c);

            // Removing a server forgets its secrets.
            catalog.remove(c.id);
            QTRY_COMPARE_WITH_TIMEOUT(store.count(), 2, 2000);

            // Opting in puts them in the file.
            catalog.setSecretsInFile(true);
            QVERIFY(readAll(userFile()).contains("BEARER_SECRET"));
            catalog.setSecretsInFile(false);
            QVERIFY(!readAll(userFile()).contains("BEARER_SECRET"));
        }
    }

    void emptySecretInUpdateKeepsValue()
    {
        MemorySecretStore store;
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        catalog.setSecretStore(&store);
        ServerConfig c = stdioServer(QStringLiteral("s"));
        c.env = {{QStringLiteral("TOKEN"), QStringLiteral("KEEP_ME"), true}};
        catalog.add(c);

        // An editor that copied the configuration before the keychain answered.
        ServerConfig stale = c;
        stale.env[0].value.clear();
        stale.notes = QStringLiteral("edited");
        QVERIFY(catalog.update(stale));
        QCOMPARE(catalog.find(c.id).env.at(0).value, QStringLiteral("KEEP_ME"));
        QCOMPARE(catalog.find(c.id).notes, QStringLiteral("edited"));

        // Clearing on purpose.
        QVERIFY(catalog.update(stale, ServerCatalog::SecretUpdate::ReplaceSecrets));
        QVERIFY(catalog.find(c.id).env.at(0).value.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(store.count(), 0, 2000);
    }

    void secretsWithoutStoreLiveInMemory()
    {
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        ServerConfig c = stdioServer(QStringLiteral("s"));
        c.env = {{QStringLiteral("TOKEN"), QStringLiteral("MEMONLY"), true}};
        catalog.add(c);
        QCOMPARE(catalog.find(c.id).env.at(0).value, QStringLiteral("MEMONLY"));
        QVERIFY(!readAll(userFile()).contains("MEMONLY"));
    }

    void ensureDemoServerOnlyOnce()
    {
        const QString demo = QStringLiteral("/opt/mcpscope/bin/mcpscope-demo-server");
        {
            ServerCatalog catalog(userFile());
            QVERIFY(catalog.load());
            QVERIFY(catalog.ensureDemoServer(demo));
            QCOMPARE(catalog.count(), 1);
            const ServerConfig config = catalog.server(0);
            QCOMPARE(config.command, demo);
            QCOMPARE(config.transport, ServerConfig::TransportType::Stdio);
            QVERIFY(catalog.isApproved(config)); // ships with the app
            QVERIFY(!catalog.ensureDemoServer(demo));
            QCOMPARE(catalog.count(), 1);
            catalog.remove(config.id); // the user does not want it
        }
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        QVERIFY(!catalog.ensureDemoServer(demo));
        QCOMPARE(catalog.count(), 0);
    }

    void demoServerFollowsTheApplication()
    {
        {
            ServerCatalog catalog(userFile());
            QVERIFY(catalog.load());
            QVERIFY(catalog.ensureDemoServer(QStringLiteral("/old/place/demo")));
        }
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        QVERIFY(!catalog.ensureDemoServer(QStringLiteral("/new/place/demo")));
        QCOMPARE(catalog.count(), 1);
        QCOMPARE(catalog.server(0).command, QStringLiteral("/new/place/demo"));
        QVERIFY(catalog.isApproved(catalog.server(0)));
    }

    void noDemoServerForExistingUsers()
    {
        ServerCatalog first(userFile());
        QVERIFY(first.load());
        first.add(stdioServer(QStringLiteral("mine")));
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        QVERIFY(!catalog.ensureDemoServer(QStringLiteral("/x/demo")));
        QCOMPARE(catalog.count(), 1);
    }

    void projectFileKeepsItsOrder()
    {
        // A hand-written .mcp.json, its servers not in alphabetical order. Rewriting it (any
        // change to a project server) must not sort them: JSON objects are written sorted
        // (found by fuzz_serverconfig: save and load gave the servers back reordered).
        const QString project = m_dir.filePath(QStringLiteral("ordered project"));
        QDir().mkpath(project);
        const QString projectFile = project + QStringLiteral("/.mcp.json");
        writeAll(projectFile, "{\"mcpServers\": {\n"
                              "  \"zeta\": {\"command\": \"z\"},\n"
                              "  \"alpha\": {\"url\": \"https://a.example/mcp\"},\n"
                              "  \"mid\": {\"command\": \"m\", \"args\": [\"-v\"]}\n"
                              "}, \"other\": [1, {\"b\": 2, \"a\": \"x\\ny\"}], \"v\": 3}");
        const QStringList order{QStringLiteral("zeta"), QStringLiteral("alpha"), QStringLiteral("mid")};
        {
            ServerCatalog catalog(m_dir.filePath(QStringLiteral("ordered.json")));
            QVERIFY(catalog.load());
            QVERIFY(catalog.setProjectFolder(project));
            QCOMPARE(names(catalog), order);
            ServerConfig mid = catalog.server(2);
            mid.notes = QStringLiteral("changed");
            QVERIFY(catalog.update(mid));
        }
        const QByteArray written = readAll(projectFile);
        QVERIFY(written.indexOf("\"zeta\"") < written.indexOf("\"alpha\""));
        QVERIFY(written.indexOf("\"alpha\"") < written.indexOf("\"mid\""));
        // Still JSON, other members as they were.
        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(written, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(root.value(QLatin1String("other")).toArray().at(1).toObject().value(QLatin1String("a")).toString(),
                 QStringLiteral("x\ny"));
        QCOMPARE(root.value(QLatin1String("v")).toInt(), 3);
        ServerCatalog again(m_dir.filePath(QStringLiteral("ordered.json")));
        QVERIFY(again.load());
        QVERIFY(again.setProjectFolder(project));
        QCOMPARE(names(again), order);
        QCOMPARE(again.server(2).notes, QStringLiteral("changed"));

        // The clipboard text too.
        const QByteArray text = McpJson::exportText(again.servers(), McpJsonExportOptions());
        QVERIFY(text.indexOf("\"zeta\"") < text.indexOf("\"alpha\""));
        QStringList pasted;
        for (const ServerConfig &config : McpJson::parse(text).servers)
            pasted << config.name;
        QCOMPARE(pasted, order);
    }

    void projectScope()
    {
        const QString project = m_dir.filePath(QStringLiteral("my project"));
        QDir().mkpath(project);
        const QString projectFile = project + QStringLiteral("/.mcp.json");
        QFile::copy(dataPath("claude_code.mcp.json"), projectFile);
        // Other members of the file survive our rewrite.
        QJsonObject original = QJsonDocument::fromJson(readAll(projectFile)).object();
        original.insert(QLatin1String("otherTool"), QJsonObject{{QLatin1String("keep"), true}});
        writeAll(projectFile, QJsonDocument(original).toJson());

        QUuid apiId;
        {
            ServerCatalog catalog(userFile());
            QAbstractItemModelTester tester(&catalog, QAbstractItemModelTester::FailureReportingMode::QtTest);
            QVERIFY(catalog.load());
            catalog.add(stdioServer(QStringLiteral("user-one")));
            QVERIFY(catalog.setProjectFolder(project));
            QCOMPARE(catalog.count(), 4);
            QCOMPARE(catalog.server(0).name, QStringLiteral("user-one"));
            const int api = catalog.indexOfName(QStringLiteral("api-server"));
            QVERIFY(api > 0);
            QCOMPARE(catalog.server(api).scope, ServerConfig::Scope::Project);
            QCOMPARE(catalog.data(catalog.index(api), ServerCatalog::ScopeRole).toString(), QStringLiteral("project"));
            apiId = catalog.server(api).id;

            // Ids of hand-written entries are stable across loads.
            ServerCatalog other(m_dir.filePath(QStringLiteral("other.json")));
            QVERIFY(other.load());
            QVERIFY(other.setProjectFolder(project));
            QCOMPARE(other.find(apiId).name, QStringLiteral("api-server"));

            // A user server added now goes before the project's.
            catalog.add(stdioServer(QStringLiteral("user-two")));
            QCOMPARE(catalog.server(1).name, QStringLiteral("user-two"));
            // So do they when the user file is read again with a project open.
            QVERIFY(catalog.load());
            QCOMPARE(catalog.count(), 5);
            QCOMPARE(catalog.server(1).name, QStringLiteral("user-two"));
            QCOMPARE(catalog.server(2).scope, ServerConfig::Scope::Project);

            // Editing a project server rewrites .mcp.json, never the user file's list.
            ServerConfig edited = catalog.find(apiId);
            edited.notes = QStringLiteral("project note");
            edited.headers.append({QStringLiteral("X-Secret"), QStringLiteral("PROJECT_SECRET"), true});
            QVERIFY(catalog.update(edited));
            const QByteArray written = readAll(projectFile);
            QVERIFY(!written.contains("PROJECT_SECRET"));
            const QJsonObject root = QJsonDocument::fromJson(written).object();
            QVERIFY(root.value(QLatin1String("otherTool")).toObject().value(QLatin1String("keep")).toBool());
            const QJsonObject entry = root.value(QLatin1String("mcpServers")).toObject().value(QLatin1String("api-server")).toObject();
            QCOMPARE(entry.value(QLatin1String("type")).toString(), QStringLiteral("http"));
            QCOMPARE(entry.value(QLatin1String("url")).toString(), QStringLiteral("${API_BASE_URL:-https://api.example.com}/mcp"));
            QCOMPARE(entry.value(QLatin1String("x-mcpscope")).toObject().value(QLatin1String("notes")).toString(), QStringLiteral("project note"));
            const QJsonArray userServers = QJsonDocument::fromJson(readAll(userFile())).object().value(QLatin1String("servers")).toArray();
            QCOMPARE(userServers.size(), 2);

            // ${workspaceFolder} is the project folder for project servers.
            ServerConfig ws = catalog.find(apiId);
            ws.url = QStringLiteral("file://${workspaceFolder}/x");
            QStringList unresolved;
            QCOMPARE(catalog.resolve(ws, QProcessEnvironment(), {}, &unresolved).url,
                     QStringLiteral("file://") + QDir(project).absolutePath() + QStringLiteral("/x"));
            QCOMPARE(unresolved, QStringList{QStringLiteral("${API_KEY}")}); // from its header, not the URL

            QVERIFY(catalog.setProjectFolder(QString()));
            QCOMPARE(names(catalog), QStringList({"user-one", "user-two"}));
        }
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        QVERIFY(catalog.setProjectFolder(project));
        QCOMPARE(catalog.find(apiId).notes, QStringLiteral("project note"));
        QVERIFY(catalog.find(apiId).headers.last().secret);
    }

    void brokenProjectFile()
    {
        const QString project = m_dir.filePath(QStringLiteral("p"));
        QDir().mkpath(project);
        writeAll(project + QStringLiteral("/.mcp.json"), "{\"mcpServers\": {\"a\": {\"command\": \"x\"},}\n  oops");
        ServerCatalog catalog(userFile());
        QVERIFY(catalog.load());
        catalog.add(stdioServer(QStringLiteral("u")));
        QVERIFY(!catalog.setProjectFolder(project));
        QCOMPARE(catalog.count(), 1);
        QCOMPARE(catalog.problems().size(), 1);
        QCOMPARE(catalog.problems().at(0).error.line, 2);
        QVERIFY(QFile::exists(catalog.problems().at(0).backupPath));
    }
};

QTEST_GUILESS_MAIN(tst_ServerCatalog)
#include "tst_servercatalog.moc"
