// Install links and server.json in the window: a link's command is shown and nothing is added or
// started unless the user approves; Open server.json… from a file and over a local HTTP server;
// Share… gives links that parse back without secrets; the import dialog takes a pasted link.
#include "config/installlink.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "dialogs/importdialog.h"
#include "dialogs/installlinkdialog.h"
#include "dialogs/registryserverdialog.h"
#include "dialogs/shareserverdialog.h"
#include "mainwindow.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "windowtesting.h"

#include <functional>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

QString example(const char *name)
{
    return QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/config/registry/") + QLatin1String(name);
}

// Runs `act` on the modal dialog of type T once it is up (the caller then calls what opens it).
template <typename T>
void whenModal(std::function<void(T *)> act, bool *seen)
{
    *seen = false;
    auto *poll = new QTimer;
    poll->setInterval(20);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, act, seen] {
        if (auto *dialog = qobject_cast<T *>(QApplication::activeModalWidget())) {
            poll->stop();
            poll->deleteLater();
            *seen = true;
            act(dialog);
        }
    });
    poll->start();
}

// One HTTP response to the first request on 127.0.0.1: the server.json a URL names.
class OneFileServer : public QTcpServer
{
public:
    explicit OneFileServer(const QByteArray &body) : m_body(body)
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            QTcpSocket *socket = nextPendingConnection();
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                m_request += socket->readAll();
                if (!m_request.contains("\r\n\r\n"))
                    return;
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                              + QByteArray::number(m_body.size()) + "\r\n\r\n" + m_body);
                socket->disconnectFromHost();
            });
        });
        listen(QHostAddress::LocalHost);
    }
    QByteArray request() const { return m_request; }

private:
    QByteArray m_body;
    QByteArray m_request;
};

} // namespace

class tst_RegistryWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void installLinkCancelledAddsAndStartsNothing();
    void installLinkApprovedIsAddedApprovedAndRunsOnConnect();
    void brokenLinkIsRefused();
    void serverJsonFromFile();
    void serverJsonOverHttp();
    void openServerJsonAddsUnapproved();
    void shareGivesLinksWithoutSecrets();
    void importDialogTakesLinksAndPointsToServerJson();

private:
    // A link whose command writes `marker` and then runs the demo server.
    QString markingLink(const QString &marker) const;
    QTemporaryDir m_dir;
    QString m_demo;
};

void tst_RegistryWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_demo = Test::builtDemoServer();
    if (m_demo.isEmpty())
        QSKIP("mcpscope-demo-server is not built");
}

QString tst_RegistryWindow::markingLink(const QString &marker) const
{
    ServerConfig config = ServerConfig::create(QStringLiteral("marking"));
    config.command = QStringLiteral("/bin/sh");
    config.args = {QStringLiteral("-c"), QStringLiteral("echo ran > '%1'; exec '%2'").arg(marker, m_demo)};
    config.env = {{QStringLiteral("MARK_TOKEN"), QStringLiteral("tok-99"), true}, {QStringLiteral("MODE"), QStringLiteral("x"), false}};
    return InstallLink::build(config, InstallLink::Format::VsCode);
}

void tst_RegistryWindow::installLinkCancelledAddsAndStartsNothing()
{
    const QString marker = m_dir.filePath(QStringLiteral("cancelled-ran"));
    MainWindow window(m_dir.filePath(QStringLiteral("servers-cancel.json")));
    window.show();
    const int before = window.catalog()->count();
    bool seen = false;
    QString details;
    whenModal<InstallLinkDialog>([&](InstallLinkDialog *dialog) {
        details = dialog->detailsText();
        // Cancel is the default button: Enter does not add what was not read.
        QTest::keyClick(dialog, Qt::Key_Return);
    }, &seen);
    QVERIFY(!window.openInstallLink(markingLink(marker)));
    QVERIFY(seen);
    // Exactly what would run: the program, each argument, the environment's names (not the secret).
    QVERIFY2(details.contains(QLatin1String("Program: /bin/sh")), qPrintable(details));
    QVERIFY(details.contains(QLatin1String("Argument 1: -c")));
    QVERIFY(details.contains(QStringLiteral("Argument 2: echo ran > '%1'; exec '%2'").arg(marker, m_demo)));
    QVERIFY2(details.contains(QLatin1String("Environment: MARK_TOKEN, MODE")), qPrintable(details));
    QVERIFY(!details.contains(QLatin1String("tok-99")));
    QCOMPARE(window.catalog()->count(), before);
    QTest::qWait(500);
    QVERIFY(!QFile::exists(marker));

    // The Cancel button, clicked, does the same.
    whenModal<InstallLinkDialog>([](InstallLinkDialog *dialog) {
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Cancel)->click();
    }, &seen);
    QVERIFY(!window.openInstallLink(markingLink(marker)));
    QVERIFY(seen);
    QCOMPARE(window.catalog()->count(), before);
    QTest::qWait(300);
    QVERIFY(!QFile::exists(marker));
}

void tst_RegistryWindow::installLinkApprovedIsAddedApprovedAndRunsOnConnect()
{
    const QString marker = m_dir.filePath(QStringLiteral("approved-ran"));
    MainWindow window(m_dir.filePath(QStringLiteral("servers-approve.json")));
    window.setApprovalAnswerForTesting(0); // a second question would be refused: the link's dialog is the approval
    window.show();
    const int before = window.catalog()->count();
    bool seen = false;
    whenModal<InstallLinkDialog>([](InstallLinkDialog *dialog) { dialog->addButton()->click(); }, &seen);
    QVERIFY(window.openInstallLink(markingLink(marker)));
    QVERIFY(seen);
    QCOMPARE(window.catalog()->count(), before + 1);
    const QUuid id = window.currentServerId();
    const ServerConfig added = window.catalog()->find(id);
    QCOMPARE(added.name, QStringLiteral("marking"));
    QCOMPARE(added.command, QStringLiteral("/bin/sh"));
    QVERIFY(window.catalog()->isApproved(added));
    QTest::qWait(300);
    QVERIFY(!QFile::exists(marker)); // added, not started
    QVERIFY(!window.connectedConnection(id));
    QVERIFY(!window.existingConnection(id) || window.existingConnection(id)->state() == Connection::State::Disconnected);

    // Connecting asks for the secret left out of the link; answered here through the input prompt.
    bool asked = false;
    whenModal<QDialog>([](QDialog *dialog) {
        if (auto *field = dialog->findChild<QLineEdit *>())
            field->setText(QStringLiteral("given-at-connect"));
        dialog->accept();
    }, &asked);
    window.connectServer(id);
    QVERIFY(asked);
    Connection *connection = window.existingConnection(id);
    QVERIFY(connection);
    QTRY_VERIFY_WITH_TIMEOUT(connection->state() == Connection::State::Connected, 20000);
    QVERIFY(QFile::exists(marker));
}

void tst_RegistryWindow::brokenLinkIsRefused()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-broken.json")));
    window.show();
    const int before = window.catalog()->count();
    bool seen = false;
    QString text;
    whenModal<QMessageBox>([&](QMessageBox *box) {
        text = box->text();
        box->accept();
    }, &seen);
    QVERIFY(!window.openInstallLink(QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=%%%")));
    QVERIFY(seen);
    QVERIFY2(text.contains(QLatin1String("not base64")), qPrintable(text));
    QCOMPARE(window.catalog()->count(), before);
}

void tst_RegistryWindow::serverJsonFromFile()
{
    RegistryServerDialog dialog;
    QSignalSpy loaded(&dialog, &RegistryServerDialog::loaded);
    dialog.setSource(example("oci-database-manager.json"));
    QCOMPARE(loaded.count(), 1);
    QVERIFY(dialog.server().isValid());
    QVERIFY(!dialog.addButton()->isEnabled()); // required values missing
    QVERIFY2(dialog.statusText().contains(QLatin1String("DB_USERNAME")), qPrintable(dialog.statusText()));
    // The secret is masked; choices are a list.
    const auto fields = dialog.findChildren<QLineEdit *>();
    const bool masked = std::any_of(fields.begin(), fields.end(), [](QLineEdit *field) {
        return field->echoMode() == QLineEdit::Password;
    });
    QVERIFY(masked);
    QVERIFY(!dialog.setValue(QStringLiteral("runtimeArguments[1].db_type"), QStringLiteral("oracle")));
    QVERIFY(dialog.setValue(QStringLiteral("runtimeArguments[1].db_type"), QStringLiteral("mysql")));
    QVERIFY(dialog.setValue(QStringLiteral("packageArguments[2]"), QStringLiteral("shop")));
    QVERIFY(dialog.setValue(QStringLiteral("env.DB_USERNAME"), QStringLiteral("admin")));
    QVERIFY(dialog.setValue(QStringLiteral("env.DB_PASSWORD"), QStringLiteral("sesame-77")));
    QVERIFY(dialog.addButton()->isEnabled());
    const QString preview = dialog.previewText();
    QVERIFY2(preview.contains(QLatin1String("docker run -i --rm --network host -e DB_TYPE=mysql")), qPrintable(preview));
    QVERIFY(preview.contains(QLatin1String("DB_PASSWORD (secret)")));
    QVERIFY(!preview.contains(QLatin1String("sesame-77")));
    QCOMPARE(dialog.config()->env.at(1), (ConfigEntry{QStringLiteral("DB_PASSWORD"), QStringLiteral("sesame-77"), true}));

    // The bundle: listed, explained, not addable.
    dialog.setSource(example("mcpb-text-editor.json"));
    QVERIFY(!dialog.addButton()->isEnabled());
    QVERIFY(dialog.statusText().contains(QLatin1String("MCP bundle")));
    // A broken file: its error, located.
    const QString broken = m_dir.filePath(QStringLiteral("broken-server.json"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"name\": \"io.x/y\",\n  \"remotes\": [\n");
    file.close();
    dialog.setSource(broken);
    QVERIFY2(dialog.statusText().startsWith(broken + QStringLiteral(":4:")), qPrintable(dialog.statusText()));
    QVERIFY(!dialog.addButton()->isEnabled());
}

void tst_RegistryWindow::serverJsonOverHttp()
{
    QFile file(example("hybrid-package-and-remotes.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    OneFileServer http(file.readAll());
    QVERIFY(http.isListening());
    RegistryServerDialog dialog;
    QSignalSpy loaded(&dialog, &RegistryServerDialog::loaded);
    dialog.setSource(QStringLiteral("http://127.0.0.1:%1/server.json").arg(http.serverPort()));
    QVERIFY(loaded.wait(10000));
    QVERIFY(http.request().startsWith("GET /server.json HTTP/1.1"));
    QVERIFY2(dialog.server().isValid(), qPrintable(dialog.statusText()));
    QCOMPARE(dialog.currentChoice(), 1); // the first remote
    QVERIFY(dialog.setValue(QStringLiteral("header.X-API-Key"), QStringLiteral("key-5")));
    QVERIFY(dialog.setValue(QStringLiteral("header.X-Region"), QStringLiteral("eu-west-1")));
    QVERIFY(dialog.addButton()->isEnabled());
    QCOMPARE(dialog.config()->url, QStringLiteral("https://mcp.anonymous.modelcontextprotocol.io/http"));
    QCOMPARE(dialog.config()->headers.at(1).value, QStringLiteral("eu-west-1"));
    dialog.setChoice(0);
    QVERIFY(dialog.previewText().contains(QLatin1String("npx -y @example/hybrid-mcp-server@1.5.0 --mode local")));

    // Plain http elsewhere is refused without a request.
    dialog.setSource(QStringLiteral("http://example.com/server.json"));
    QVERIFY(dialog.statusText().contains(QLatin1String("https only")));
    QVERIFY(!dialog.addButton()->isEnabled());
}

void tst_RegistryWindow::openServerJsonAddsUnapproved()
{
    MainWindow window(m_dir.filePath(QStringLiteral("servers-serverjson.json")));
    window.setApprovalAnswerForTesting(0);
    window.show();
    const int before = window.catalog()->count();
    bool seen = false;
    whenModal<RegistryServerDialog>([](RegistryServerDialog *dialog) {
        dialog->setValue(QStringLiteral("env.BRAVE_API_KEY"), QStringLiteral("BSA-secret-1"));
        dialog->addButton()->click();
    }, &seen);
    window.openServerJson(example("npm-brave-search.json"));
    QVERIFY(seen);
    QCOMPARE(window.catalog()->count(), before + 1);
    const ServerConfig added = window.catalog()->find(window.currentServerId());
    QCOMPARE(added.name, QStringLiteral("Brave Search"));
    QCOMPARE(added.args, (QStringList{QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-brave-search@1.0.2")}));
    QVERIFY(added.env.first().secret);
    QVERIFY(!window.catalog()->isApproved(added)); // the usual confirmation comes at connect
    QFile catalogFile(window.catalog()->userFilePath());
    QVERIFY(catalogFile.open(QIODevice::ReadOnly));
    QVERIFY(!catalogFile.readAll().contains("BSA-secret-1"));
}

void tst_RegistryWindow::shareGivesLinksWithoutSecrets()
{
    ServerConfig config = ServerConfig::create(QStringLiteral("shared"));
    config.command = QStringLiteral("npx");
    config.args = {QStringLiteral("-y"), QStringLiteral("pkg@1.0.0")};
    config.env = {{QStringLiteral("API_KEY"), QStringLiteral("very-secret-3"), true}};
    ShareServerDialog dialog(config);
    for (const InstallLink::Format format : {InstallLink::Format::McpScope, InstallLink::Format::VsCode,
                                             InstallLink::Format::VsCodeInsiders, InstallLink::Format::Cursor}) {
        const QString link = dialog.link(format);
        QVERIFY(!link.isEmpty());
        QVERIFY(!link.contains(QLatin1String("very-secret-3")));
        const InstallLink::Parsed parsed = InstallLink::parse(link);
        QVERIFY2(parsed.config, qPrintable(parsed.error));
        QCOMPARE(parsed.format, format);
        QCOMPARE(parsed.config->args, config.args);
        QVERIFY(parsed.config->env.first().value != QLatin1String("very-secret-3"));
    }
    dialog.copy(InstallLink::Format::Cursor);
    QCOMPARE(QApplication::clipboard()->text(), dialog.link(InstallLink::Format::Cursor));
}

void tst_RegistryWindow::importDialogTakesLinksAndPointsToServerJson()
{
    ServerCatalog catalog(m_dir.filePath(QStringLiteral("servers-import.json")));
    catalog.load();
    ImportDialog dialog(&catalog);
    dialog.setPastedText(QStringLiteral("  vscode:mcp/install?%7B%22name%22%3A%22memory%22%2C%22command%22%3A%22npx%22%2C%22args%22"
                                        "%3A%5B%22-y%22%2C%22%40modelcontextprotocol%2Fserver-memory%22%5D%7D\n"));
    QCOMPARE(dialog.entryCount(), 1);
    QCOMPARE(dialog.dialectName(), QStringLiteral("VS Code install link"));
    QCOMPARE(dialog.plan().entries.first().config.command, QStringLiteral("npx"));
    QCOMPARE(dialog.plan().entries.first().config.name, QStringLiteral("memory"));

    QFile file(example("pypi-weather.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray serverJson = file.readAll();
    dialog.setPastedText(QString::fromUtf8(serverJson));
    QCOMPARE(dialog.entryCount(), 0);
    QVERIFY2(dialog.errorText().contains(QLatin1String("server.json of the MCP Registry")), qPrintable(dialog.errorText()));
    QCOMPARE(dialog.serverJsonText(), serverJson);
    dialog.setFile(example("pypi-weather.json"));
    QCOMPARE(dialog.serverJsonPath(), example("pypi-weather.json"));
    QVERIFY(dialog.errorText().contains(QLatin1String("server.json of the MCP Registry")));
}

QTEST_MAIN(tst_RegistryWindow)
#include "tst_registrywindow.moc"
