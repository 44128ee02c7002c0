// mcpscope --cli --config server.json: a registry server.json's remote against the demo server
// over real HTTP on 127.0.0.1, and its npm package through an `npx` on PATH that starts the demo
// server; --server choosing, values from -e, --header and the environment, refusals.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "httppeer.h"
#include "processes.h"

class tst_CliRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void remoteOnTheDemoServerOverHttp();
    void packageRunsThroughNpx();
    void refusals();

private:
    using Run = Mcp::Test::ProcessRun;
    Run cli(const QStringList &arguments, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    QString write(const QString &name, const QJsonObject &document);
    QTemporaryDir m_dir;
};

void tst_CliRegistry::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(QStringLiteral(MCPSCOPE_DEMO_SERVER)), "the demo server is not built");
}

tst_CliRegistry::Run tst_CliRegistry::cli(const QStringList &arguments, const QProcessEnvironment &env)
{
    return Mcp::Test::runToEnd(QStringLiteral(MCPSCOPE_CLI), QStringList{QStringLiteral("--cli")} + arguments, 60000, env);
}

QString tst_CliRegistry::write(const QString &name, const QJsonObject &document)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QString();
    file.write(QJsonDocument(document).toJson());
    return path;
}

static QJsonObject parseJson(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

void tst_CliRegistry::remoteOnTheDemoServerOverHttp()
{
    QProcess server;
    const QUrl url(Mcp::Test::startMergedHttpPeer(&server, QStringLiteral(MCPSCOPE_DEMO_SERVER),
                                                  {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")}));
    QVERIFY(url.isValid() && url.port() > 0);

    // A package first: without --server the first remote is still the one used. The port comes
    // from the remote's URL variable's default; the headers from --header and their defaults.
    QJsonObject document = parseJson(R"({
        "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
        "name": "io.github.mcpscope/demo", "description": "The demo server", "version": "1.0.0",
        "packages": [{"registryType": "npm", "identifier": "never-run", "version": "1.0.0", "transport": {"type": "stdio"}}],
        "remotes": [{"type": "streamable-http", "url": "http://127.0.0.1:{port}/mcp",
                     "variables": {"port": {"isRequired": true}},
                     "headers": [{"name": "X-API-Key", "isRequired": true, "isSecret": true},
                                 {"name": "X-Region", "default": "eu-west-1", "choices": ["us-east-1", "eu-west-1"]}]}]})");
    QJsonArray remotes = document.value(QStringLiteral("remotes")).toArray();
    QJsonObject remote = remotes.first().toObject();
    QJsonObject variables = remote.value(QStringLiteral("variables")).toObject();
    variables.insert(QStringLiteral("port"), QJsonObject{{QStringLiteral("isRequired"), true},
                                                         {QStringLiteral("default"), QString::number(url.port())}});
    remote.insert(QStringLiteral("variables"), variables);
    remotes.replace(0, remote);
    document.insert(QStringLiteral("remotes"), remotes);
    const QString path = write(QStringLiteral("remote-server.json"), document);

    const QString har = m_dir.filePath(QStringLiteral("remote.har"));
    const Run run = cli({QStringLiteral("--config"), path, QStringLiteral("--header"), QStringLiteral("X-API-Key: key-for-cli-registry"),
                         QStringLiteral("--capture"), har, QStringLiteral("--method"), QStringLiteral("tools/call"),
                         QStringLiteral("--tool-name"), QStringLiteral("echo"), QStringLiteral("--tool-arg"),
                         QStringLiteral("message=from server.json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.contains("from server.json"));
    QFile file(har);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray harText = file.readAll();
    // The secret header went out (the server answered) but never into the capture; the plain one did.
    QVERIFY2(!harText.contains("key-for-cli-registry"), "the secret header reached the HAR file");
    QVERIFY(harText.contains("eu-west-1"));
    QVERIFY(harText.contains(QStringLiteral("127.0.0.1:%1/mcp").arg(url.port()).toUtf8()));

    // Named by URL (as written) the same remote; by a header missing, refused before connecting.
    const Run named = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:{port}/mcp"),
                           QStringLiteral("--header"), QStringLiteral("X-API-Key: k"), QStringLiteral("--method"), QStringLiteral("tools/list")});
    QVERIFY2(named.exitCode == 0, named.err.constData());
    const Run missing = cli({QStringLiteral("--config"), path, QStringLiteral("--method"), QStringLiteral("tools/list")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("X-API-Key"), missing.err.constData());
    server.kill();
    server.waitForFinished();
}

void tst_CliRegistry::packageRunsThroughNpx()
{
    // An `npx` of our own first on PATH: it notes its arguments and environment, then runs the demo server.
    const QString bin = m_dir.filePath(QStringLiteral("bin"));
    QVERIFY(QDir().mkpath(bin));
    const QString notes = m_dir.filePath(QStringLiteral("npx-notes.txt"));
    QFile npx(bin + QStringLiteral("/npx"));
    QVERIFY(npx.open(QIODevice::WriteOnly));
    npx.write(QStringLiteral("#!/bin/sh\necho \"args: $*\" >> '%1'\necho \"token: $DEMO_TOKEN mode: $DEMO_MODE\" >> '%1'\nexec '%2'\n")
                  .arg(notes, QStringLiteral(MCPSCOPE_DEMO_SERVER)).toUtf8());
    npx.close();
    QVERIFY(npx.setPermissions(npx.permissions() | QFileDevice::ExeOwner));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), bin + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    env.remove(QStringLiteral("DEMO_TOKEN"));

    const QString path = write(QStringLiteral("package-server.json"), parseJson(R"({
        "name": "io.github.mcpscope/demo-package", "description": "d", "version": "2.0.0",
        "packages": [{"registryType": "npm", "identifier": "@mcpscope/demo", "version": "2.0.0", "transport": {"type": "stdio"},
                      "packageArguments": [{"type": "named", "name": "--flag", "value": "v"},
                                           {"type": "positional", "valueHint": "folder", "default": "/tmp"}],
                      "environmentVariables": [{"name": "DEMO_TOKEN", "isRequired": true, "isSecret": true},
                                               {"name": "DEMO_MODE", "default": "quiet"}]}],
        "remotes": [{"type": "sse", "url": "https://example.invalid/sse"}]})"));

    // --server names the package; -e gives the secret, -e folder the positional argument.
    Run run = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("npm"), QStringLiteral("-e"),
                   QStringLiteral("DEMO_TOKEN=from-e"), QStringLiteral("-e"), QStringLiteral("folder=/srv/data"),
                   QStringLiteral("--method"), QStringLiteral("tools/list")},
                  env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(!run.json().value(QStringLiteral("tools")).toArray().isEmpty());
    QFile file(notes);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("args: -y @mcpscope/demo@2.0.0 --flag v /srv/data\ntoken: from-e mode: quiet\n"));
    file.close();

    // The secret from the environment instead, by its name.
    QFile::remove(notes);
    env.insert(QStringLiteral("DEMO_TOKEN"), QStringLiteral("from-environment"));
    run = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("@mcpscope/demo"),
               QStringLiteral("--method"), QStringLiteral("tools/list")},
              env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("args: -y @mcpscope/demo@2.0.0 --flag v /tmp\ntoken: from-environment mode: quiet\n"));
    file.close();

    // Neither: refused, nothing started.
    QFile::remove(notes);
    env.remove(QStringLiteral("DEMO_TOKEN"));
    run = cli({QStringLiteral("--config"), path, QStringLiteral("--server"), QStringLiteral("npm"), QStringLiteral("--method"),
               QStringLiteral("tools/list")},
              env);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("DEMO_TOKEN"), run.err.constData());
    QVERIFY(!QFile::exists(notes));
}

void tst_CliRegistry::refusals()
{
    const QString examples = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/registry/");
    Run run = cli({QStringLiteral("--config"), examples + QStringLiteral("filesystem-npm-and-oci.json"), QStringLiteral("--server"),
                   QStringLiteral("pypi"), QStringLiteral("--method"), QStringLiteral("tools/list")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("has no package or remote \"pypi\"; it has: npm, oci"), run.err.constData());

    run = cli({QStringLiteral("--config"), examples + QStringLiteral("mcpb-text-editor.json"), QStringLiteral("--method"),
               QStringLiteral("tools/list")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("MCP bundle"), run.err.constData());

    run = cli({QStringLiteral("--config"), examples + QStringLiteral("website-only.json"), QStringLiteral("--method"),
               QStringLiteral("tools/list")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("no packages and no remotes"), run.err.constData());
}

QTEST_GUILESS_MAIN(tst_CliRegistry)
#include "tst_cliregistry.moc"
