// Adding, editing and importing servers through the dialogs, against a real catalog file.
#include "config/mcpjson.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/watch.h"
#include "dialogs/commandapprovaldialog.h"
#include "dialogs/exportserversdialog.h"
#include "dialogs/importdialog.h"
#include "dialogs/servereditordialog.h"
#include "guimain.h"
#include "theme.h"

#include <QComboBox>
#include <QDir>
#include <QSpinBox>
#include <QCheckBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include "windowtesting.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

// The catalog file at path, loaded, its secrets kept in memory.
class MemoryCatalog : public ServerCatalog
{
public:
    explicit MemoryCatalog(const QString &path)
        : ServerCatalog(path)
    {
        setSecretStore(new MemorySecretStore(this));
        load();
    }
};

} // namespace

class tst_ServerDialogs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void addAndEditServer();
    void editorRejectsIncompleteServers();
    void webSocketUrlInCommandField();
    void importDialects_data();
    void importDialects();
    void importConflictResolvedByUser();
    void importFromFile();
    void approvalShowsExactCommandLine();
    void exportLeavesSecretsOutUnlessAsked();
    void exportToEveryHostAndAddToItsFile();
    void importOffersTheHostsFilesFound();
    void translationsAreCompiledIn_data();
    void translationsAreCompiledIn();
    void englishPluralForms();
    void watchSettingsEdited();
    void networkSettingsEdited();

private:
    QTemporaryDir m_dir;
    int m_catalogs = 0;
    QString nextCatalogPath() { return m_dir.filePath(QStringLiteral("servers-%1.json").arg(++m_catalogs)); }
};

void tst_ServerDialogs::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void tst_ServerDialogs::addAndEditServer()
{
    const QString path = nextCatalogPath();
    {
        MemoryCatalog catalog(path);
        ServerEditorDialog dialog(ServerConfig::create(QStringLiteral("new")), &catalog);
        dialog.nameEdit()->setText(QStringLiteral("files"));
        dialog.commandEdit()->setText(QStringLiteral("npx"));
        // Arguments are a list: the one with a space stays one argument.
        dialog.setArguments({QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-filesystem"),
                             QStringLiteral("/home/me/My Documents")});
        dialog.addEnvironment(QStringLiteral("API_KEY"), QStringLiteral("s3cret"), true);
        dialog.addEnvironment(QStringLiteral("LOG"), QStringLiteral("debug"), false);
        QVERIFY2(dialog.commandLinePreview().contains(QLatin1String("'/home/me/My Documents'")),
                 qPrintable(dialog.commandLinePreview()));
        QVERIFY(!dialog.commandLinePreview().contains(QLatin1String("s3cret")));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const ServerConfig config = dialog.config();
        QCOMPARE(config.args.size(), 3);
        QCOMPARE(config.args.at(2), QStringLiteral("/home/me/My Documents"));
        QCOMPARE(config.env.size(), 2);
        QVERIFY(config.env.at(0).secret);
        catalog.add(config);
    }
    // Saved as JSON in the catalog file, and read back.
    MemoryCatalog catalog(path);
    QCOMPARE(catalog.count(), 1);
    ServerConfig saved = catalog.server(0);
    QCOMPARE(saved.name, QStringLiteral("files"));
    QCOMPARE(saved.command, QStringLiteral("npx"));
    QCOMPARE(saved.args.at(2), QStringLiteral("/home/me/My Documents"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY2(!file.readAll().contains("s3cret"), "a secret value reached the plain catalog file");

    // Edit: switch to HTTP with a header.
    ServerEditorDialog edit(saved, &catalog);
    edit.transportCombo()->setCurrentIndex(edit.transportCombo()->findData(int(ServerConfig::TransportType::StreamableHttp)));
    edit.urlEdit()->setText(QStringLiteral("http://127.0.0.1:3001/mcp"));
    edit.addHeader(QStringLiteral("X-Team"), QStringLiteral("qa"), false);
    edit.accept();
    QCOMPARE(edit.result(), int(QDialog::Accepted));
    QVERIFY(catalog.update(edit.config()));
    QCOMPARE(catalog.server(0).transport, ServerConfig::TransportType::StreamableHttp);
    QCOMPARE(catalog.server(0).url, QStringLiteral("http://127.0.0.1:3001/mcp"));
    QCOMPARE(catalog.server(0).headers.size(), 1);
}

// A ws:// or wss:// URL typed where the command goes becomes the entry's URL, and the dialog says
// it is reached over WebSocket (the scheme chooses it) before saving.
void tst_ServerDialogs::webSocketUrlInCommandField()
{
    ServerCatalog catalog(nextCatalogPath());
    catalog.load();
    ServerEditorDialog dialog(ServerConfig::create(QStringLiteral("ws")), &catalog);
    dialog.commandEdit()->setText(QStringLiteral(" wss://example.com/mcp "));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected)); // shown first, saved on the next OK
    QCOMPARE(dialog.urlEdit()->text(), QStringLiteral("wss://example.com/mcp"));
    const auto *notice = dialog.findChild<QLabel *>(QStringLiteral("notice"));
    QVERIFY(notice);
    QVERIFY2(notice->text().contains(QLatin1String("WebSocket")), qPrintable(notice->text()));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.config().url, QStringLiteral("wss://example.com/mcp"));
    QCOMPARE(dialog.config().transport, ServerConfig::TransportType::Auto);
}

void tst_ServerDialogs::editorRejectsIncompleteServers()
{
    ServerCatalog catalog(nextCatalogPath());
    catalog.load();
    catalog.add(ServerConfig::create(QStringLiteral("taken")));
    ServerEditorDialog dialog(ServerConfig::create(QStringLiteral("x")), &catalog);
    dialog.commandEdit()->clear();
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted); // no command
    dialog.commandEdit()->setText(QStringLiteral("server"));
    dialog.nameEdit()->setText(QStringLiteral("taken"));
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted); // name in use
    dialog.nameEdit()->setText(QStringLiteral("free"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
}

void tst_ServerDialogs::importDialects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("names");

    QTest::newRow("claude desktop mcpServers")
        << QStringLiteral(R"({"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
                             "remote": {"url": "https://example.com/mcp"}}})")
        << QStringList{QStringLiteral("fs"), QStringLiteral("remote")};
    QTest::newRow("claude code .mcp.json with type")
        << QStringLiteral(R"({"mcpServers": {"api": {"type": "http", "url": "https://api.example.com/mcp",
                             "headers": {"Authorization": "Bearer ${API_TOKEN}"}}}})")
        << QStringList{QStringLiteral("api")};
    QTest::newRow("vscode servers and inputs")
        << QStringLiteral(R"({"inputs": [{"type": "promptString", "id": "key", "description": "API key", "password": true}],
                             // VS Code writes JSONC
                             "servers": {"gh": {"type": "stdio", "command": "docker", "args": ["run", "-i", "ghcr.io/github/github-mcp-server"],
                                                "env": {"TOKEN": "${input:key}"}},},})")
        << QStringList{QStringLiteral("gh")};
    QTest::newRow("bare server map")
        << QStringLiteral(R"({"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}})")
        << QStringList{QStringLiteral("memory")};
    QTest::newRow("single server object")
        << QStringLiteral(R"({"command": "uvx", "args": ["mcp-server-time"]})")
        << QStringList{QStringLiteral("mcp-server-time")};
    QTest::newRow("codex config.toml")
        << QStringLiteral("# Codex\nmodel = \"o3\"\n[mcp_servers.fs]\ncommand = \"npx\"\nargs = [\"-y\", \"fs-server\"]\n"
                          "[mcp_servers.web]\nurl = \"https://example.com/mcp\"\n")
        << QStringList{QStringLiteral("fs"), QStringLiteral("web")};
    QTest::newRow("goose config.yaml")
        << QStringLiteral("GOOSE_MODEL: x\nextensions:\n  gh:\n    name: GitHub\n    type: stdio\n    cmd: npx\n"
                          "    args: [-y, gh-server]\n    enabled: true\n")
        << QStringList{QStringLiteral("gh")};
    QTest::newRow("continue config.yaml")
        << QStringLiteral("name: a\nmcpServers:\n  - name: pw\n    command: npx\n    args:\n      - pw-mcp\n")
        << QStringList{QStringLiteral("pw")};
}

void tst_ServerDialogs::importDialects()
{
    QFETCH(QString, text);
    QFETCH(QStringList, names);
    ServerCatalog catalog(nextCatalogPath());
    catalog.load();
    ImportDialog dialog(&catalog);
    dialog.setPastedText(text);
    QVERIFY2(dialog.entryCount() == names.size(), qPrintable(dialog.errorText()));
    QCOMPARE(dialog.conflictCount(), 0);
    const QList<QUuid> ids = catalog.applyImport(dialog.plan());
    QCOMPARE(ids.size(), names.size());
    QStringList imported;
    for (const ServerConfig &config : catalog.servers())
        imported << config.name;
    for (const QString &name : names)
        QVERIFY2(imported.contains(name), qPrintable(imported.join(QLatin1Char(','))));
    // Imported commands wait for the user's yes.
    for (const QUuid &id : ids) {
        const ServerConfig config = catalog.find(id);
        if (config.usesCommand())
            QVERIFY(!catalog.isApproved(config));
    }
}

void tst_ServerDialogs::importConflictResolvedByUser()
{
    ServerCatalog catalog(nextCatalogPath());
    catalog.load();
    catalog.add(Test::stdioConfig(QStringLiteral("fs"), QStringLiteral("old-server")));
    catalog.add(Test::stdioConfig(QStringLiteral("memory"), QStringLiteral("memory-server")));

    const QString text = QStringLiteral(R"({"mcpServers": {"fs": {"command": "new-server"},
                                                           "memory": {"command": "memory-server-2"},
                                                           "fresh": {"command": "fresh-server"}}})");
    ImportDialog dialog(&catalog);
    dialog.setPastedText(text);
    QCOMPARE(dialog.entryCount(), 3);
    QCOMPARE(dialog.conflictCount(), 2);
    // The user replaces "fs", keeps both "memory" servers under a new name, and adds "fresh".
    int fsRow = -1, memoryRow = -1;
    for (int row = 0; row < dialog.entryCount(); ++row) {
        if (dialog.plan().entries.at(row).config.name == QLatin1String("fs"))
            fsRow = row;
        if (dialog.plan().entries.at(row).config.name == QLatin1String("memory"))
            memoryRow = row;
    }
    QVERIFY(fsRow >= 0 && memoryRow >= 0);
    dialog.setAction(fsRow, ImportEntry::Action::Replace);
    dialog.setAction(memoryRow, ImportEntry::Action::Rename);
    dialog.setNewName(memoryRow, QStringLiteral("memory (imported)"));
    QCOMPARE(dialog.plan().entries.at(fsRow).action, ImportEntry::Action::Replace);
    QCOMPARE(dialog.plan().entries.at(memoryRow).newName, QStringLiteral("memory (imported)"));

    catalog.applyImport(dialog.plan());
    QCOMPARE(catalog.count(), 4);
    QCOMPARE(catalog.find(catalog.server(catalog.indexOfName(QStringLiteral("fs"))).id).command, QStringLiteral("new-server"));
    QVERIFY(catalog.indexOfName(QStringLiteral("memory (imported)")) >= 0);
    QCOMPARE(catalog.server(catalog.indexOfName(QStringLiteral("memory"))).command, QStringLiteral("memory-server"));
    QVERIFY(catalog.indexOfName(QStringLiteral("fresh")) >= 0);
}

void tst_ServerDialogs::importFromFile()
{
    const QString path = m_dir.filePath(QStringLiteral("claude_desktop_config.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"mcpServers": {"everything": {"command": "node", "args": ["dist/index.js", "stdio"]}}})");
    file.close();
    ServerCatalog catalog(nextCatalogPath());
    catalog.load();
    ImportDialog dialog(&catalog);
    dialog.setFile(path);
    QCOMPARE(dialog.entryCount(), 1);
    QCOMPARE(dialog.plan().entries.first().config.args, (QStringList{QStringLiteral("dist/index.js"), QStringLiteral("stdio")}));

    ImportDialog broken(&catalog);
    broken.setPastedText(QStringLiteral("{\"mcpServers\": {\"x\": "));
    QCOMPARE(broken.entryCount(), 0);
    QVERIFY(!broken.errorText().isEmpty());
}

void tst_ServerDialogs::approvalShowsExactCommandLine()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("x"));
    config.command = QStringLiteral("python3");
    config.args = {QStringLiteral("-m"), QStringLiteral("my server"), QStringLiteral("--flag=$HOME")};
    config.env = {ConfigEntry{QStringLiteral("TOKEN"), QStringLiteral("abc123"), true}};
    CommandApprovalDialog dialog(config);
    const QString text = dialog.commandLineText();
    QVERIFY2(text.contains(QLatin1String("python3 -m 'my server' '--flag=$HOME'")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("abc123")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("TOKEN=")));
}

void tst_ServerDialogs::exportLeavesSecretsOutUnlessAsked()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("api"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("https://example.com/mcp");
    config.headers = {ConfigEntry{QStringLiteral("Authorization"), QStringLiteral("Bearer topsecret"), true}};
    ExportServersDialog dialog({config});
    QByteArray text = dialog.exportedText();
    QVERIFY(text.contains("mcpServers"));
    QVERIFY2(!text.contains("topsecret"), text.constData());
    // The warning under the text turns red while secrets are in it, and back afterwards.
    QLabel *warning = nullptr;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        if (label->text().contains(QLatin1String("${NAME}")))
            warning = label;
    QVERIFY(warning);
    const QColor normal = warning->palette().color(QPalette::WindowText);
    QCOMPARE(normal, dialog.palette().color(QPalette::WindowText));
    dialog.setIncludeSecrets(true);
    QVERIFY(dialog.exportedText().contains("topsecret"));
    QVERIFY(warning->text().contains(QLatin1String("Careful")));
    QCOMPARE(warning->palette().color(QPalette::WindowText), Theme::color(Theme::Role::Error));
    dialog.setIncludeSecrets(false);
    QCOMPARE(warning->palette().color(QPalette::WindowText), normal);
    dialog.setVsCodeDialect(true);
    text = dialog.exportedText();
    QVERIFY(QJsonDocument::fromJson(text).object().contains(QStringLiteral("servers")));
    QVERIFY(!text.contains("topsecret"));
}

void tst_ServerDialogs::exportToEveryHostAndAddToItsFile()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("api"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("https://example.com/mcp");
    config.headers = {ConfigEntry{QStringLiteral("Authorization"), QStringLiteral("Bearer topsecret"), true}};
    ExportServersDialog dialog({config});
    dialog.setDialect(McpJsonDialect::Codex);
    QCOMPARE(dialog.dialect(), McpJsonDialect::Codex);
    QByteArray text = dialog.exportedText();
    QVERIFY2(text.startsWith("[mcp_servers.api]\n"), text.constData());
    QVERIFY2(!text.contains("topsecret") && text.contains("bearer_token_env_var"), text.constData());
    dialog.setDialect(McpJsonDialect::Goose);
    QVERIFY2(dialog.exportedText().startsWith("extensions:\n  api:\n"), dialog.exportedText().constData());

    // Into an existing host file: the entry is added, the rest stays as it was.
    const QString path = m_dir.filePath(QStringLiteral("codex-config.toml"));
    const QByteArray before = "# my Codex settings\nmodel = \"o3\"\n\n[mcp_servers.fs] # files\ncommand = \"npx\"\n";
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(before);
    file.close();
    dialog.setDialect(McpJsonDialect::Codex);
    QString error;
    QVERIFY2(dialog.addToFile(path, &error), qPrintable(error));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray after = file.readAll();
    file.close();
    QVERIFY2(after.startsWith(QByteArray(before + "\n[mcp_servers.api]\nurl = \"https://example.com/mcp\"\n")), after.constData());
    QVERIFY(!after.contains("topsecret"));
}

// The Import dialog lists the hosts' files found in the home folder; choosing one reads it.
void tst_ServerDialogs::importOffersTheHostsFilesFound()
{
    QTemporaryDir home;
    QVERIFY(QDir().mkpath(home.filePath(QStringLiteral(".codex"))));
    QFile codex(home.filePath(QStringLiteral(".codex/config.toml")));
    QVERIFY(codex.open(QIODevice::WriteOnly));
    codex.write("# mine\n[mcp_servers.a]\ncommand = \"x\"\n[mcp_servers.b]\nurl = \"http://127.0.0.1:9/mcp\"\n");
    codex.close();
    const QByteArray oldHome = qgetenv("HOME");
    const QByteArray oldCodexHome = qgetenv("CODEX_HOME");
    qputenv("HOME", home.path().toUtf8());
    qunsetenv("CODEX_HOME");
    ServerCatalog catalog(nextCatalogPath());
    catalog.load();
    ImportDialog dialog(&catalog);
    qputenv("HOME", oldHome);
    if (!oldCodexHome.isEmpty())
        qputenv("CODEX_HOME", oldCodexHome);
    QComboBox *hosts = nullptr;
    for (QComboBox *box : dialog.findChildren<QComboBox *>())
        if (box->count() > 1 && box->itemText(1).startsWith(QLatin1String("Codex")))
            hosts = box;
    QVERIFY(hosts);
    QCOMPARE(hosts->itemData(1).toString(), codex.fileName());
    hosts->activated(1);
    QCOMPARE(dialog.entryCount(), 2);
    QCOMPARE(dialog.dialectName(), QStringLiteral("Codex"));
}

void tst_ServerDialogs::translationsAreCompiledIn_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("quit");
    QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("&Datei") << QStringLiteral("&Beenden");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)") << QStringLiteral("退出(&Q)");
}

void tst_ServerDialogs::translationsAreCompiledIn()
{
    QFETCH(QString, language);
    QFETCH(QString, file);
    QFETCH(QString, quit);
    QTranslator translator;
    QVERIFY(translator.load(QLocale(language), QStringLiteral("mcpscope"), QStringLiteral("_"), QStringLiteral(":/i18n")));
    QCOMPARE(translator.translate("Mcp::Ui::MainWindow", "&File"), file);
    QCOMPARE(translator.translate("Mcp::Ui::MainWindow", "&Quit"), quit);
    // Plural forms and library strings are there too.
    QVERIFY(!translator.translate("Mcp::Ui::TrafficView", "%n message(s)", nullptr, 3).isEmpty());
    QVERIFY(!translator.translate("Mcp::StdioTransport", "exited with code %1").isEmpty());
}

void tst_ServerDialogs::englishPluralForms()
{
    // The sources say "%n message(s)"; English readers see "1 message" and "3 messages".
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/mcpscope_en.qm")));
    QCOMPARE(translator.translate("Mcp::Ui::TrafficView", "%n message(s)", nullptr, 1), QStringLiteral("%n message"));
    QCOMPARE(translator.translate("Mcp::Ui::TrafficView", "%n message(s)", nullptr, 3), QStringLiteral("%n messages"));
    // And through the application's own loading, beneath the chosen language.
    installTranslations(QStringLiteral("en_GB"));
    QCOMPARE(QCoreApplication::translate("Mcp::Ui::LazyJsonTree", "[%n item(s)]", nullptr, 1), QStringLiteral("[1 item]"));
    QCOMPARE(QCoreApplication::translate("Mcp::Ui::LazyJsonTree", "[%n item(s)]", nullptr, 2), QStringLiteral("[2 items]"));
    installTranslations(QStringLiteral("de"));
    QVERIFY(QCoreApplication::translate("Mcp::Ui::MainWindow", "&File") != QLatin1String("&File"));
    installTranslations(QStringLiteral("en_GB"));
}

void tst_ServerDialogs::watchSettingsEdited()
{
    // Watch mode is set in the editor: the default globs are named, what is typed is kept as
    // the entry's dev.watch, and the catalog keeps it.
    const QString path = nextCatalogPath();
    MemoryCatalog catalog(path);
    ServerEditorDialog dialog(ServerConfig::create(QStringLiteral("mine")), &catalog);
    dialog.nameEdit()->setText(QStringLiteral("mine"));
    dialog.commandEdit()->setText(QStringLiteral("node"));
    dialog.setArguments({QStringLiteral("build/index.js")});
    auto *enabled = dialog.findChild<QCheckBox *>(QStringLiteral("watchEnabled"));
    auto *globs = dialog.findChild<QLineEdit *>(QStringLiteral("watchGlobs"));
    auto *debounce = dialog.findChild<QSpinBox *>(QStringLiteral("watchDebounce"));
    QVERIFY(enabled && globs && debounce);
    QVERIFY(!globs->isEnabled());
    QVERIFY2(globs->placeholderText().contains(QLatin1String("build/**")), qPrintable(globs->placeholderText()));
    enabled->setChecked(true);
    QVERIFY(globs->isEnabled());
    globs->setText(QStringLiteral("dist/**, schema.json"));
    debounce->setValue(500);
    dialog.accept();
    const WatchSettings watch = WatchSettings::of(dialog.config());
    QVERIFY(watch.enabled);
    QCOMPARE(watch.globs, (QStringList{QStringLiteral("dist/**"), QStringLiteral("schema.json")}));
    QCOMPARE(watch.debounceMs, 500);
    const QUuid id = catalog.add(dialog.config());
    MemoryCatalog reread(path);
    QVERIFY(WatchSettings::of(reread.find(id)) == watch);
}

void tst_ServerDialogs::networkSettingsEdited()
{
    // The Network tab shows a URL server's trust, client certificate and proxy, edits them, and
    // refuses half a client certificate or a manual proxy without its URL; the catalog file
    // keeps the settings but not the key's passphrase or the proxy's password.
    const QString path = nextCatalogPath();
    MemoryCatalog catalog(path);
    ServerConfig config = ServerConfig::create(QStringLiteral("gateway"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = QStringLiteral("https://gateway.corp.example/mcp");
    const QByteArray pinA(64, 'a');
    const QByteArray pinB(64, 'b');
    config.network.tls.caFiles = {QStringLiteral("/etc/corp/root.pem")};
    config.network.tls.pinnedSha256 = {pinA, pinB};
    ServerEditorDialog dialog(config, &catalog);
    QCOMPARE(dialog.caFilesList()->count(), 1);
    QCOMPARE(dialog.pinsList()->count(), 2);
    QCOMPARE(dialog.pinsList()->item(0)->text(), NetworkTrust::displayFingerprint(pinA));
    QVERIFY(dialog.proxyModeCombo()->isEnabled());
    QVERIFY(!dialog.proxyUrlEdit()->isEnabled()); // System: no URL to type
    auto *inUse = dialog.findChild<QLabel *>(QStringLiteral("proxyInUse"));
    QVERIFY(inUse && inUse->text().contains(QLatin1String("gateway.corp.example")));

    delete dialog.pinsList()->item(0);
    dialog.clientCertificateEdit()->setText(QStringLiteral("/home/me/me.pem"));
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted); // a certificate without its key
    dialog.clientKeyEdit()->setText(QStringLiteral("/home/me/me.key"));
    dialog.clientKeyPassphraseEdit()->setText(QStringLiteral("key-pass"));
    dialog.proxyModeCombo()->setCurrentIndex(dialog.proxyModeCombo()->findData(int(ProxySettings::Mode::Manual)));
    QVERIFY(dialog.proxyUrlEdit()->isEnabled());
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted); // "This proxy" without its URL
    dialog.proxyUrlEdit()->setText(QStringLiteral("http://me@proxy.corp.example:3128"));
    dialog.proxyPasswordEdit()->setText(QStringLiteral("proxy-pass"));
    QVERIFY2(inUse->text().contains(QLatin1String("proxy.corp.example:3128")), qPrintable(inUse->text()));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));

    const ServerConfig edited = dialog.config();
    QCOMPARE(edited.network.tls.pinnedSha256, QList<QByteArray>{pinB});
    QCOMPARE(edited.network.tls.clientKeyFile, QStringLiteral("/home/me/me.key"));
    QCOMPARE(edited.network.tls.clientKeyPassphrase, QByteArray("key-pass"));
    QCOMPARE(edited.network.proxy.mode, ProxySettings::Mode::Manual);
    QCOMPARE(edited.network.proxy.url.host(), QStringLiteral("proxy.corp.example"));
    const QUuid id = catalog.add(edited);
    QCOMPARE(catalog.find(id).network, edited.network);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("proxy.corp.example"));
    QVERIFY(text.contains(QByteArray(pinB)));
    QVERIFY2(!text.contains("key-pass") && !text.contains("proxy-pass"), text.constData());

    // A key imported into the keychain instead of a file: checked when imported, kept as a secret.
    QString error;
    QVERIFY(!dialog.importClientKey(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpclient/selfsigned.crt"), &error));
    QVERIFY2(error.contains(QLatin1String("not a PEM private key")), qPrintable(error));
    QVERIFY2(dialog.importClientKey(QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/httpclient/selfsigned.key"), &error), qPrintable(error));
    QVERIFY(dialog.clientKeyEdit()->text().isEmpty());
    const ServerConfig imported = dialog.config();
    QVERIFY(imported.network.tls.clientKeyPem.contains("PRIVATE KEY"));
    QVERIFY(imported.network.tls.clientKeyFile.isEmpty());
    catalog.update(imported);
    QVERIFY(file.seek(0));
    QVERIFY2(!file.readAll().contains("PRIVATE KEY"), "an imported key reached the catalog file");
    QCOMPARE(catalog.find(id).network.tls.clientKeyPem, imported.network.tls.clientKeyPem);

    // A stdio server has no network settings to edit.
    dialog.transportCombo()->setCurrentIndex(dialog.transportCombo()->findData(int(ServerConfig::TransportType::Stdio)));
    QVERIFY(!dialog.proxyModeCombo()->isEnabled());
}

QTEST_MAIN(tst_ServerDialogs)
#include "tst_serverdialogs.moc"
