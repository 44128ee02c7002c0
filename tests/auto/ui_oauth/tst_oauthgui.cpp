// OAuth in the GUI, end to end with real parts: a Connection to a protected MCP endpoint on
// 127.0.0.1 whose authorization server (same origin) needs discovery, dynamic registration and
// the authorization code flow. Consent is answered through the controller's test hook; the
// "browser" is a QNetworkAccessManager that GETs the authorization URL and follows the redirect
// to the LoopbackUserAgent's listener. Tokens go into a MemorySecretStore and are reused by a
// new connection (no second authorization); declining consent fails the connection, no browser.

#include "../httpclient/testhttpserver.h"
#include "oauthmetadata.h"
#include "widgetfinding.h"
#include "config/secretstore.h"
#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "connection/connection.h"
#include "authorization/oauthcontroller.h"
#include "authorization/oauthconsentdialog.h"
#include "dialogs/servereditordialog.h"
#include "authorization/authorizationpage.h"
#include "traffic/trafficlog.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QComboBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QJsonArray>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTest>
#include <QTreeWidget>
#include <QUrlQuery>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

// An authorization server and a protected MCP endpoint (just enough MCP: initialize, tools/list).
class ProtectedServer
{
public:
    explicit ProtectedServer(const QHostAddress &host = QHostAddress::LocalHost)
        : server(nullptr, host)
    {
        server.setHandler([this](QTcpSocket *socket, const TestHttpRequest &request) { handle(socket, request); });
        base = server.url(QString()).toString();
        authorizationServer = base;
    }

    QUrl mcpUrl() const { return server.url(QStringLiteral("/mcp")); }
    // The resource metadata names issuer's origin as the authorization server, and /mcp takes its tokens.
    void authorizeWith(ProtectedServer *issuer)
    {
        authorizationServer = issuer->base;
        tokensFrom = issuer;
    }

    int count(const QByteArray &method, const QByteArray &pathPrefix) const
    {
        int n = 0;
        for (const TestHttpRequest &r : server.requests)
            n += r.method == method && r.path.startsWith(pathPrefix);
        return n;
    }

    TestHttpServer server;
    QString base;
    QString authorizationServer;         // the one the resource metadata names (this origin by default)
    ProtectedServer *tokensFrom = this;  // whose tokens /mcp takes
    QHash<QString, QString> tokenScopes; // valid access token -> granted scope
    QString toolsScope;                  // non-empty: tools/list needs this scope (403 otherwise)
    QString lastAuthorizeScope;
    int issued = 0;

private:
    void handle(QTcpSocket *socket, const TestHttpRequest &request)
    {
        const QByteArray path = request.path.split('?').value(0);
        if (request.method == "GET" && path == "/.well-known/oauth-protected-resource/mcp") {
            TestHttpServer::respondJson(socket, {{QStringLiteral("resource"), QString(base + QStringLiteral("/mcp"))},
                                                 {QStringLiteral("authorization_servers"), QJsonArray{authorizationServer}},
                                                 {QStringLiteral("scopes_supported"), QJsonArray{QStringLiteral("mcp:tools")}}});
        } else if (request.method == "GET" && path == "/.well-known/oauth-authorization-server") {
            TestHttpServer::respondJson(socket, Mcp::Test::authorizationServerMetadata(
                base, QJsonArray{QStringLiteral("none"), QStringLiteral("client_secret_basic")}));
        } else if (request.method == "GET" && path == "/authorize") {
            const QUrl target = Mcp::Test::approvedRedirect(request.path, &lastAuthorizeScope);
            TestHttpServer::respond(socket, 302, {}, {}, {{"Location", target.toEncoded()}});
        } else if (request.method == "POST" && path == "/register") {
            TestHttpServer::respond(socket, 201, "application/json",
                                    TestHttpServer::compact({{QStringLiteral("client_id"), QStringLiteral("dyn-client")}}));
        } else if (request.method == "POST" && path == "/token") {
            ++issued;
            const QString token = QStringLiteral("tok-%1").arg(issued);
            const QString scope = lastAuthorizeScope.isEmpty() ? QStringLiteral("mcp:tools") : lastAuthorizeScope;
            tokenScopes.insert(token, scope);
            TestHttpServer::respondJson(socket, {{QStringLiteral("access_token"), token},
                                                 {QStringLiteral("token_type"), QStringLiteral("Bearer")},
                                                 {QStringLiteral("expires_in"), 3600},
                                                 {QStringLiteral("refresh_token"), QStringLiteral("ref-%1").arg(issued)},
                                                 {QStringLiteral("scope"), scope}});
        } else if (path == "/mcp") {
            const QByteArray authorization = request.header("authorization");
            const QString token = QString::fromUtf8(authorization.mid(7));
            const QHash<QString, QString> &tokenScopes = tokensFrom->tokenScopes;
            if (!authorization.startsWith("Bearer ") || !tokenScopes.contains(token)) {
                TestHttpServer::respond(socket, 401, "application/json", R"({"error":"invalid_token"})",
                                        {{"WWW-Authenticate", "Bearer resource_metadata=\"" + base.toUtf8()
                                                                  + "/.well-known/oauth-protected-resource/mcp\""}});
                return;
            }
            if (request.method != "POST") {
                TestHttpServer::respond(socket, request.method == "DELETE" ? 200 : 405);
                return;
            }
            const QString method = request.rpcMethod();
            if (method == QLatin1String("tools/list") && !toolsScope.isEmpty()
                && !tokenScopes.value(token).split(QLatin1Char(' ')).contains(toolsScope)) {
                TestHttpServer::respond(socket, 403, "application/json", R"({"error":"insufficient_scope"})",
                                        {{"WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"mcp:tools "
                                                                  + toolsScope.toUtf8() + '"'}});
                return;
            }
            if (method == QLatin1String("initialize")) {
                TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {
                    {QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                    {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject{}}}},
                    {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("protected")},
                                                               {QStringLiteral("version"), QStringLiteral("1")}}}}));
            } else if (method == QLatin1String("tools/list")) {
                TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {
                    {QStringLiteral("tools"), QJsonArray{QJsonObject{
                        {QStringLiteral("name"), QStringLiteral("secret-tool")},
                        {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}}}}}));
            } else if (request.rpcId().isUndefined()) {
                TestHttpServer::respond(socket, 202);
            } else {
                TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {}));
            }
        } else {
            TestHttpServer::respond(socket, 404, "text/plain", "Not Found");
        }
    }
};

// The system browser, played by a network manager: follows the authorization server's redirect
// to the loopback listener.
class FakeBrowser
{
public:
    void open(const QUrl &url)
    {
        opened.append(url);
        QNetworkRequest request(url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
        QNetworkReply *reply = nam.get(request);
        QObject::connect(reply, &QNetworkReply::finished, reply, [this, reply] {
            landedOn = reply->url();
            landedStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            reply->deleteLater();
        });
    }

    // Opens the authorization URLs the window would open in the system browser.
    void takeSignIns()
    {
        OAuthController::setUrlOpenerForTesting([this](const QUrl &url) { open(url); });
    }

    QNetworkAccessManager nam;
    QList<QUrl> opened;
    QUrl landedOn;
    int landedStatus = 0;
};

ServerConfig protectedConfig(const QUrl &url)
{
    ServerConfig config = ServerConfig::create(QStringLiteral("Protected"));
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = url.toString();
    return config;
}

// A client with a secret of its own (my-client, my-secret-value), for the client credentials grant.
ServerConfig clientCredentialsConfig(const QUrl &url)
{
    ServerConfig config = protectedConfig(url);
    config.auth.clientId = QStringLiteral("my-client");
    config.auth.clientSecret = QStringLiteral("my-secret-value");
    config.auth.grant = ServerAuth::Grant::ClientCredentials;
    return config;
}

// A connection as MainWindow makes one: stored tokens read first, then the transport factory.
struct WindowSession
{
    WindowSession(const ServerConfig &config, SecretStore *secrets)
    {
        Connection::Options options;
        options.pingIntervalMs = 0;
        options.client.connectTimeoutMs = 20000;
        connection = std::make_unique<Connection>(1, config.name, Connection::TransportFactory(), options);
        oauth = new OAuthController(config.id, secrets, connection.get());
        oauth->setServerName(config.name);
        Connection *c = connection.get();
        OAuthController *o = oauth;
        oauth->prepare(config, [c, o, config] {
            QString error;
            c->setTransportFactory(transportFactoryFor(config, &error, o->authorizerFactory()));
            c->connectToServer();
        });
    }
    QStringList stepTitles() const
    {
        QStringList titles;
        for (const OAuthStep &step : oauth->steps())
            titles << step.title;
        return titles;
    }

    std::unique_ptr<Connection> connection;
    OAuthController *oauth = nullptr;
};

// The consent question answered with answer, without a dialog; *asked counts the questions.
void countConsents(int *asked, bool answer)
{
    OAuthController::setConsentAskerForTesting([asked, answer](OAuthController *, const QUrl &, std::function<void(bool)> reply) {
        ++*asked;
        reply(answer);
    });
}

// A window session that signs in to servers: every consent answered yes and counted in asked,
// the fake browser taking the sign-ins.
struct SigningIn
{
    explicit SigningIn(ProtectedServer &servers)
    {
        countConsents(&asked, true);
        browser.takeSignIns();
        session = std::make_unique<WindowSession>(protectedConfig(servers.mcpUrl()), &secrets);
    }

    MemorySecretStore secrets;
    FakeBrowser browser;
    int asked = 0;
    std::unique_ptr<WindowSession> session;
};

// Whether tools/list answers without an error within 20 s.
bool toolsListed(Connection *connection)
{
    bool listed = false;
    QObject context;
    connection->listAll(Lists::Tools, &context,
                        [&](const QJsonArray &, const std::optional<RpcError> &error) { listed = !error; });
    return QTest::qWaitFor([&] { return listed; }, 20000);
}

// The TCP ports this process listens on (its socket inodes matched in /proc/net/tcp).
QSet<quint16> ownListeningPorts()
{
    QSet<QByteArray> inodes;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QFileInfo &fd : fds.entryInfoList(QDir::System | QDir::NoDotAndDotDot)) {
        const QString target = fd.symLinkTarget();
        if (target.contains(QLatin1String("socket:[")))
            inodes.insert(target.section(QLatin1Char('['), 1).chopped(1).toLatin1());
    }
    QSet<quint16> ports;
    for (const char *table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        QFile file(QString::fromLatin1(table));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        file.readLine();
        while (!file.atEnd()) {
            const QList<QByteArray> fields = file.readLine().simplified().split(' ');
            if (fields.size() > 9 && fields.at(3) == "0A" && inodes.contains(fields.at(9)))
                ports.insert(quint16(fields.at(1).split(':').value(1).toUInt(nullptr, 16)));
        }
    }
    return ports;
}

} // namespace

class tst_OAuthGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        OAuthController::setConsentAskerForTesting({});
        OAuthController::setUrlOpenerForTesting({});
        OAuthController::setIssuerAskerForTesting({});
    }

    // The redirect listener opens when the browser sign-in starts and closes when it ends; a
    // connection with good tokens never opens one.
    void listenerOnlyWhileSigningIn()
    {
        ProtectedServer servers;
        MemorySecretStore secrets;
        FakeBrowser browser;
        const QSet<quint16> before = ownListeningPorts(); // the test's own server
        QSet<quint16> whileAsked;
        quint16 redirectPort = 0;
        std::function<void(bool)> pendingAnswer;
        OAuthController::setConsentAskerForTesting([&](OAuthController *, const QUrl &url, std::function<void(bool)> answer) {
            redirectPort = quint16(QUrl(QUrlQuery(url).queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded)).port());
            pendingAnswer = answer;
        });
        browser.takeSignIns();
        const ServerConfig config = protectedConfig(servers.mcpUrl());
        {
            WindowSession session(config, &secrets);
            QTRY_VERIFY_WITH_TIMEOUT(pendingAnswer, 20000);
            whileAsked = ownListeningPorts() - before;
            QCOMPARE(whileAsked, QSet<quint16>{redirectPort});
            // A forged answer (another state) is answered and ignored; the sign-in goes on.
            QNetworkAccessManager nam;
            QNetworkReply *forged = nam.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/callback?code=x&state=forged").arg(redirectPort))));
            QTRY_VERIFY(forged->isFinished());
            QCOMPARE(forged->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 400);
            delete forged;
            QCOMPARE(ownListeningPorts() - before, QSet<quint16>{redirectPort});
            pendingAnswer(true);
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Connected, 20000);
            QTRY_COMPARE(ownListeningPorts() - before, QSet<quint16>());
            session.connection->disconnectFromServer();
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Disconnected, 10000);
        }
        {
            WindowSession again(config, &secrets);
            QTRY_COMPARE_WITH_TIMEOUT(again.connection->state(), Connection::State::Connected, 20000);
            QCOMPARE(ownListeningPorts() - before, QSet<quint16>());
            again.connection->disconnectFromServer();
            QTRY_COMPARE_WITH_TIMEOUT(again.connection->state(), Connection::State::Disconnected, 10000);
        }
    }

    // A configured client secret goes to an authorization server at another origin (which the
    // MCP server names, and no client issuer does) only after the person agreed, asked once.
    void foreignIssuerAskedOnce()
    {
        ProtectedServer foreign{QHostAddress(QStringLiteral("127.0.0.2"))};
        ProtectedServer servers;
        servers.authorizeWith(&foreign);
        MemorySecretStore secrets;
        QStringList asked;
        bool approve = false;
        OAuthController::setIssuerAskerForTesting([&](OAuthController *, const QString &issuer, std::function<void(bool)> answer) {
            asked << issuer;
            answer(approve);
        });
        OAuthController::setConsentAskerForTesting([](OAuthController *, const QUrl &, std::function<void(bool)> answer) { answer(false); });
        ServerConfig config = clientCredentialsConfig(servers.mcpUrl());
        config.auth.mode = ServerAuth::Mode::OAuth;
        const auto secretSeen = [&foreign] {
            for (const TestHttpRequest &r : foreign.server.requests) {
                const QByteArray basic = QByteArray::fromBase64(r.header("authorization").mid(6));
                if (r.body.contains("my-secret-value") || basic.contains("my-secret-value") || r.path.contains("my-client"))
                    return true;
            }
            return false;
        };
        {
            WindowSession session(config, &secrets);
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Failed, 20000);
            QCOMPARE(asked, QStringList{foreign.base});
            QVERIFY(!secretSeen());
            QCOMPARE(foreign.count("POST", "/token"), 0);
        }
        approve = true;
        asked.clear();
        {
            WindowSession session(config, &secrets);
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Connected, 20000);
            QCOMPARE(asked, QStringList{foreign.base});
            QVERIFY(secretSeen());
            // Asked once: the next connection's authorization goes there without a question.
            session.connection->disconnectFromServer();
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Disconnected, 10000);
            foreign.tokenScopes.clear();
            session.connection->connectToServer();
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Connected, 20000);
            QCOMPARE(foreign.count("POST", "/token"), 2);
            QCOMPARE(asked.size(), 1);
            session.connection->disconnectFromServer();
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Disconnected, 10000);
        }
    }

    void authorizeListToolsAndReuseTokens()
    {
        ProtectedServer servers;
        MemorySecretStore secrets;
        FakeBrowser browser;
        QList<QUrl> consentUrls;
        QStringList consentServers;
        OAuthController::setConsentAskerForTesting(
            [&](OAuthController *controller, const QUrl &url, std::function<void(bool)> answer) {
                consentUrls << url;
                consentServers << controller->serverName();
                answer(true);
            });
        browser.takeSignIns();

        const ServerConfig config = protectedConfig(servers.mcpUrl());
        {
            WindowSession session(config, &secrets);
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Connected, 20000);
            QCOMPARE(consentUrls.size(), 1);
            QCOMPARE(consentServers.value(0), QStringLiteral("Protected"));
            QCOMPARE(consentUrls.at(0).path(), QStringLiteral("/authorize"));
            QCOMPARE(browser.opened, consentUrls);
            QCOMPARE(browser.landedOn.host(), QStringLiteral("127.0.0.1"));
            QCOMPARE(browser.landedStatus, 200);
            QCOMPARE(servers.count("GET", "/authorize"), 1);

            bool listed = false;
            QJsonArray tools;
            session.connection->listAll(Lists::Tools, this,
                                        [&](const QJsonArray &items, const std::optional<RpcError> &error) {
                                            listed = !error;
                                            tools = items;
                                        });
            QTRY_VERIFY_WITH_TIMEOUT(listed, 10000);
            QCOMPARE(tools.at(0).toObject().value(QLatin1String("name")).toString(), QStringLiteral("secret-tool"));

            // The steps, in the order they happened, all done.
            const QStringList titles = session.stepTitles();
            const QStringList expected{QStringLiteral("Protected resource metadata"), QStringLiteral("Authorization server metadata"),
                                       QStringLiteral("Dynamic client registration"), QStringLiteral("Browser authorization"),
                                       QStringLiteral("Authorization code received"), QStringLiteral("Token request (authorization code)"),
                                       QStringLiteral("Authorized")};
            int at = 0;
            for (const QString &title : titles) {
                if (at < expected.size() && title.startsWith(expected.at(at)))
                    ++at;
            }
            QVERIFY2(at == expected.size(), qPrintable(titles.join(QStringLiteral(" | "))));
            // The client's checks and decisions are steps too: the metadata's issuer, the registration, iss.
            for (const char *check : {"Checked: the metadata names issuer", "Registered as client dyn-client at issuer",
                                      "Checked: the authorization answer has no iss"}) {
                bool shown = false;
                for (const OAuthStep &step : session.oauth->steps())
                    shown |= step.kind == OAuthStep::Kind::Check && step.title.startsWith(QLatin1String(check));
                QVERIFY2(shown, check);
            }
            for (const OAuthStep &step : session.oauth->steps())
                QVERIFY2(step.status == OAuthStep::Status::Done, qPrintable(step.title + QStringLiteral(": ") + step.statusText));

            // Tokens are in the secret store, under the server's id.
            bool found = false;
            const QString stored = secrets.value(config.id.toString(QUuid::WithoutBraces), OAuthController::tokensKey(), &found);
            QTRY_VERIFY(secrets.value(config.id.toString(QUuid::WithoutBraces), OAuthController::tokensKey(), &found).contains(QLatin1String("tok-1")));
            Q_UNUSED(stored)
            QVERIFY(found);

            // The OAuth exchanges are in the connection's traffic log too.
            bool tokenInLog = false;
            QTRY_VERIFY([&] {
                for (int row = 0; row < session.connection->trafficLog()->rowCount(); ++row)
                    tokenInLog |= session.connection->trafficLog()->event(row).url.endsWith(QLatin1String("/token"));
                return tokenInLog;
            }());

            // The page lists the steps; credentials hidden until shown.
            AuthorizationPage page(session.connection.get(), session.oauth);
            QCOMPARE(page.stepList()->topLevelItemCount(), int(session.oauth->steps().size()));
            QVERIFY(page.tokenText().contains(QLatin1String("mcp:tools")));
            QVERIFY(!page.tokenText().contains(QLatin1String("tok-1")));
            for (int i = 0; i < page.stepList()->topLevelItemCount(); ++i) {
                if (page.stepList()->topLevelItem(i)->text(0).startsWith(QLatin1String("Token request")))
                    page.stepList()->setCurrentItem(page.stepList()->topLevelItem(i));
            }
            QVERIFY(page.detailText().contains(QLatin1String("/token")));
            QVERIFY2(!page.detailText().contains(QLatin1String("tok-1")), qPrintable(page.detailText()));
            QVERIFY(!page.detailText().contains(QLatin1String("ref-1")));
            const QString shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
            if (!shots.isEmpty()) {
                page.resize(1000, 620);
                page.show();
                QTest::qWait(100);
                QVERIFY(page.grab().save(shots + QStringLiteral("/oauth-steps.png")));
            }
            page.setSecretsShown(true);
            QVERIFY(page.detailText().contains(QLatin1String("tok-1")));
            QVERIFY(page.tokenText().contains(QLatin1String("tok-1")));

            session.connection->disconnectFromServer();
            QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Disconnected, 10000);
        }

        // A new connection (as after a restart) reads the stored tokens: no second authorization.
        {
            WindowSession again(config, &secrets);
            QTRY_COMPARE_WITH_TIMEOUT(again.connection->state(), Connection::State::Connected, 20000);
            QCOMPARE(consentUrls.size(), 1);
            QCOMPARE(servers.count("GET", "/authorize"), 1);
            QCOMPARE(servers.count("POST", "/token"), 1);
            QCOMPARE(servers.count("POST", "/register"), 1);
            QVERIFY(again.stepTitles().isEmpty());

            // Forgetting removes them from the store.
            again.oauth->forgetTokens();
            QVERIFY(!again.oauth->hasStoredTokens());
            bool found = true;
            QTRY_VERIFY((secrets.value(config.id.toString(QUuid::WithoutBraces), OAuthController::tokensKey(), &found), !found));
            again.connection->disconnectFromServer();
            QTRY_COMPARE_WITH_TIMEOUT(again.connection->state(), Connection::State::Disconnected, 10000);
        }
    }

    void declinedConsentFailsWithoutBrowser_data()
    {
        QTest::addColumn<bool>("realDialog");
        QTest::newRow("test hook") << false;
        QTest::newRow("consent dialog, Cancel") << true;
    }
    void declinedConsentFailsWithoutBrowser()
    {
        QFETCH(bool, realDialog);
        ProtectedServer servers;
        MemorySecretStore secrets;
        FakeBrowser browser;
        int asked = 0;
        if (!realDialog) {
            countConsents(&asked, false);
        }
        browser.takeSignIns();

        WindowSession session(protectedConfig(servers.mcpUrl()), &secrets);
        if (realDialog) {
            // The dialog names the server and shows the authorization URL; Cancel declines.
            OAuthConsentDialog *dialog = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT((dialog = Test::visibleTopLevel<OAuthConsentDialog>()) != nullptr, 20000);
            QVERIFY(dialog->windowTitle().contains(QLatin1String("Protected")));
            QCOMPARE(dialog->url().path(), QStringLiteral("/authorize"));
            ++asked;
            dialog->reject();
        }
        QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Failed, 20000);
        QCOMPARE(asked, 1);
        QVERIFY(browser.opened.isEmpty());
        QCOMPARE(servers.count("GET", "/authorize"), 0);
        QVERIFY2(session.connection->errorString().contains(QLatin1String("cancelled")),
                 qPrintable(session.connection->errorString()));
        const QList<OAuthStep> steps = session.oauth->steps();
        QVERIFY(!steps.isEmpty());
        QCOMPARE(steps.last().status, OAuthStep::Status::Failed);
        bool browserDeclined = false;
        for (const OAuthStep &step : steps)
            browserDeclined |= step.kind == OAuthStep::Kind::Browser && step.status == OAuthStep::Status::Failed;
        QVERIFY(browserDeclined);
        QVERIFY(!session.oauth->currentTokens().isValid());
    }

    // Without the test hook: the question names the other origin, and "Don't send" sends nothing.
    void foreignIssuerDialogNamesTheOrigin()
    {
        ProtectedServer foreign{QHostAddress(QStringLiteral("127.0.0.2"))};
        ProtectedServer servers;
        servers.authorizeWith(&foreign);
        MemorySecretStore secrets;
        const ServerConfig config = clientCredentialsConfig(servers.mcpUrl());
        WindowSession session(config, &secrets);
        QPointer<QMessageBox> box;
        QTRY_VERIFY_WITH_TIMEOUT((box = Test::visibleTopLevel<QMessageBox>()) != nullptr, 20000);
        QVERIFY2(box->text().contains(QUrl(foreign.base).authority()), qPrintable(box->text()));
        QAbstractButton *dontSend = nullptr;
        for (QAbstractButton *button : box->buttons())
            if (box->buttonRole(button) == QMessageBox::RejectRole)
                dontSend = button;
        QVERIFY(dontSend);
        QCOMPARE(box->defaultButton(), dontSend);
        dontSend->click();
        QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Failed, 20000);
        QCOMPARE(foreign.count("POST", "/token"), 0);
    }

    void stepUpShownAsSecondAuthorization()
    {
        ProtectedServer servers;
        servers.toolsScope = QStringLiteral("mcp:admin");
        SigningIn signIn(servers);
        WindowSession &session = *signIn.session;
        QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Connected, 20000);
        QVERIFY(toolsListed(session.connection.get()));
        QCOMPARE(signIn.asked, 2);
        QCOMPARE(servers.count("GET", "/authorize"), 2);
        QVERIFY(signIn.browser.opened.at(1).query(QUrl::FullyDecoded).contains(QLatin1String("mcp:admin")));
        const QStringList titles = session.stepTitles();
        QVERIFY2(titles.contains(QStringLiteral("Browser authorization (step-up)")), qPrintable(titles.join(QStringLiteral(" | "))));
        QVERIFY(session.oauth->currentTokens().scope.contains(QLatin1String("mcp:admin")));
        session.connection->disconnectFromServer();
        QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Disconnected, 10000);
    }

    void disconnectWhileAskingClosesDialog()
    {
        ProtectedServer servers;
        MemorySecretStore secrets;
        FakeBrowser browser;
        browser.takeSignIns();
        WindowSession session(protectedConfig(servers.mcpUrl()), &secrets);
        QPointer<OAuthConsentDialog> dialog;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = Test::visibleTopLevel<OAuthConsentDialog>()) != nullptr, 20000);
        session.connection->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog || !dialog->isVisible(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!session.oauth->steps().isEmpty()
                                     && session.oauth->steps().last().status == OAuthStep::Status::Failed, 10000);
        QVERIFY(browser.opened.isEmpty());
        QCOMPARE(servers.count("GET", "/authorize"), 0);
    }

    void refreshShownWithoutConsent()
    {
        ProtectedServer servers;
        SigningIn signIn(servers);
        WindowSession &session = *signIn.session;
        QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Connected, 20000);
        servers.tokenScopes.clear(); // the server stops accepting the access token
        QVERIFY(toolsListed(session.connection.get()));
        QCOMPARE(signIn.asked, 1);
        QCOMPARE(servers.count("POST", "/token"), 2);
        QVERIFY(session.stepTitles().contains(QStringLiteral("Token refresh")));
        QTRY_VERIFY(signIn.secrets.value(session.oauth->serverId().toString(QUuid::WithoutBraces), OAuthController::tokensKey())
                        .contains(QLatin1String("tok-2")));
        session.connection->disconnectFromServer();
        QTRY_COMPARE_WITH_TIMEOUT(session.connection->state(), Connection::State::Disconnected, 10000);
    }

    void editorAuthorizationSection()
    {
        ServerConfig config = protectedConfig(QUrl(QStringLiteral("https://example.com/mcp")));
        config.auth.clientId = QStringLiteral("before");
        ServerEditorDialog editor(config, nullptr);
        QCOMPARE(editor.clientIdEdit()->text(), QStringLiteral("before"));
        QVERIFY(editor.authModeCombo()->parentWidget()->isEnabled());
        editor.authModeCombo()->setCurrentIndex(editor.authModeCombo()->findData(int(ServerAuth::Mode::OAuth)));
        editor.clientIdEdit()->setText(QStringLiteral("  my-client "));
        editor.clientSecretEdit()->setText(QStringLiteral("shh"));
        editor.scopesEdit()->setText(QStringLiteral("a  b"));
        QCOMPARE(editor.clientSecretEdit()->echoMode(), QLineEdit::Password);
        const ServerConfig edited = editor.config();
        QCOMPARE(edited.auth.mode, ServerAuth::Mode::OAuth);
        QCOMPARE(edited.auth.clientId, QStringLiteral("my-client"));
        QCOMPARE(edited.auth.clientSecret, QStringLiteral("shh"));
        QCOMPARE(edited.auth.scopes, QStringLiteral("a b"));
        QVERIFY(editor.dpopCheck()->isChecked()); // DPoP where offered, by default
        editor.clientIssuerEdit()->setText(QStringLiteral(" https://as.example "));
        editor.clientKeyFileEdit()->setText(QStringLiteral("/keys/c.pem"));
        editor.clientMetadataUrlEdit()->setText(QStringLiteral("https://app.example/client.json"));
        editor.workloadTokenFileEdit()->setText(QStringLiteral("/run/token"));
        editor.dpopCheck()->setChecked(false);
        const ServerAuth extended = editor.config().auth;
        QCOMPARE(extended.clientIssuer, QStringLiteral("https://as.example"));
        QCOMPARE(extended.clientKeyFile, QStringLiteral("/keys/c.pem"));
        QCOMPARE(extended.clientMetadataUrl, QStringLiteral("https://app.example/client.json"));
        QCOMPARE(extended.workloadTokenFile, QStringLiteral("/run/token"));
        QVERIFY(!extended.dpop);

        QSignalSpy forget(&editor, &ServerEditorDialog::forgetTokensRequested);
        auto *button = editor.findChild<QPushButton *>(QStringLiteral("forgetTokens"));
        QVERIFY(button);
        button->click();
        QCOMPARE(forget.size(), 1);
        QCOMPARE(forget.at(0).at(0).toUuid(), config.id);

        // Not for stdio servers.
        editor.transportCombo()->setCurrentIndex(editor.transportCombo()->findData(int(ServerConfig::TransportType::Stdio)));
        QVERIFY(!editor.authModeCombo()->parentWidget()->isEnabled());
    }

    void consentDialogHighlightsDomain()
    {
        const QUrl url(QStringLiteral("https://auth.example.com/authorize?client_id=x&state=y"));
        OAuthConsentDialog dialog(QStringLiteral("My server"), url);
        QVERIFY(dialog.windowTitle().contains(QLatin1String("My server")));
        if (const QString shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR"); !shots.isEmpty()) {
            dialog.show();
            QTest::qWait(100);
            QVERIFY(dialog.grab().save(shots + QStringLiteral("/oauth-consent.png")));
        }
        auto *full = dialog.findChild<QLabel *>(QStringLiteral("authorizationUrl"));
        QVERIFY(full);
        QVERIFY(full->text().contains(QLatin1String("<b>auth.example.com</b>")));
        QVERIFY(full->text().contains(QLatin1String("client_id=x")));
    }
};

QTEST_MAIN(tst_OAuthGui)
#include "tst_oauthgui.moc"
