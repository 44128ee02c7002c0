// OAuthClient against a real local authorization server and protected MCP endpoint
// (TestHttpServer on 127.0.0.1): discovery order and fallbacks, registration, PKCE, state,
// resource indicators, the transport's 401 -> token -> resend, step-up on 403, the retry
// limit, refresh, and the refusals (no S256, mismatching resource, wrong state). The 2026-07-28
// rules: RFC 9207 iss, the metadata's issuer, application_type, a move to another authorization
// server. ES256 keys, client assertions and DPoP proofs are checked by an independent verifier
// (jws_verify.py, python3-cryptography).

#include "../httpclient/testhttpserver.h"
#include "oauthmetadata.h"
#include "auth/authorizationuseragent.h"
#include "auth/oauthclient.h"
#include "session/client.h"
#include "traffic/trafficcapture.h"
#include "transport/httptransportoptions.h"
#include "transport/streamablehttptransport.h"

#include "auth/es256key.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

using namespace Mcp;

namespace {

QUrlQuery formOf(const QByteArray &body)
{
    return QUrlQuery(QString::fromUtf8(body).replace(QLatin1Char('+'), QLatin1Char(' ')));
}

QString decoded(const QUrlQuery &query, const QString &key)
{
    return query.queryItemValue(key, QUrl::FullyDecoded);
}

// The claims of a JWT, unverified (jws_verify.py checks signatures).
QJsonObject jwtPayload(const QByteArray &jwt)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(jwt.split('.').value(1), QByteArray::Base64UrlEncoding)).object();
}

// An authorization server and an MCP endpoint on one origin, each behaviour switchable.
class FakeServers
{
public:
    FakeServers()
    {
        server.setHandler([this](QTcpSocket *socket, const TestHttpRequest &request) { handle(socket, request); });
        const QString base = server.url(QString()).toString();
        prm = QJsonObject{{QStringLiteral("resource"), QString(base + QStringLiteral("/mcp"))},
                          {QStringLiteral("authorization_servers"), QJsonArray{base}}};
        asMetadata = Mcp::Test::authorizationServerMetadata(base, QJsonArray{QStringLiteral("none")});
        documents.insert("/.well-known/oauth-protected-resource/mcp", prm);
        documents.insert("/.well-known/oauth-authorization-server", asMetadata);
    }

    QUrl mcpUrl() const { return server.url(QStringLiteral("/mcp")); }
    QList<TestHttpRequest> requestsTo(const QByteArray &pathPrefix) const
    {
        QList<TestHttpRequest> list;
        for (const TestHttpRequest &r : server.requests) {
            if (r.path.startsWith(pathPrefix))
                list << r;
        }
        return list;
    }
    // The GET paths, in order: the discovery sequence.
    QList<QByteArray> getPaths() const
    {
        QList<QByteArray> list;
        for (const TestHttpRequest &r : server.requests) {
            if (r.method == "GET" && !r.path.startsWith("/authorize"))
                list << r.path;
        }
        return list;
    }

    TestHttpServer server;
    QJsonObject prm;
    QJsonObject asMetadata;
    QHash<QByteArray, QJsonObject> documents; // GET path -> JSON
    QByteArray challenge = "Bearer realm=\"mcp\"";
    QString wrongState;                       // non-empty: /authorize answers with this state
    QString iss;                              // non-empty: /authorize answers with this iss (RFC 9207)
    QByteArray dpopNonce;                     // non-empty: /token wants DPoP proofs with this nonce, binds tokens
    QHash<QString, QString> requiredScope;    // JSON-RPC method -> scopes the token needs
    bool alwaysForbid = false;                // 403 insufficient_scope to every token
    int usesBeforeExpiry = -1;                // a token stops working after this many uses
    bool sseRefusesAll = false;               // GET /sse answers 401 whatever the token
    int registerStatus = 0;                   // non-zero: POST /register answers with this status
    QString lastAuthorizeScope;
    QHash<QString, QString> tokenScopes;      // valid access tokens
    QHash<QString, int> tokenUses;
    QSet<QString> refreshTokens;
    int issued = 0;

private:
    void handle(QTcpSocket *socket, const TestHttpRequest &request)
    {
        QByteArray path = request.path.split('?').value(0);
        // A second authorization server at <origin>/as2 shares the endpoints but registers its own client.
        const bool secondServer = path.startsWith("/as2/");
        if (secondServer)
            path = path.mid(4);
        if (request.method == "GET" && documents.contains(path)) {
            TestHttpServer::respondJson(socket, documents.value(path));
        } else if (request.method == "GET" && path == "/authorize") {
            const QUrl target = Mcp::Test::approvedRedirect(request.path, &lastAuthorizeScope, wrongState, iss);
            TestHttpServer::respond(socket, 302, {}, {}, {{"Location", target.toEncoded()}});
        } else if (request.method == "POST" && path == "/register" && registerStatus) {
            TestHttpServer::respond(socket, registerStatus, "text/plain", "no");
        } else if (request.method == "POST" && path == "/register") {
            const QString clientId = secondServer ? QStringLiteral("dyn-client-as2") : QStringLiteral("dyn-client");
            TestHttpServer::respond(socket, 201, "application/json",
                                    TestHttpServer::compact({{QStringLiteral("client_id"), clientId}}));
        } else if (request.method == "POST" && path == "/token") {
            const QUrlQuery form = formOf(request.body);
            const QJsonObject proof = jwtPayload(request.header("dpop"));
            if (!dpopNonce.isEmpty() && proof.value(QLatin1String("nonce")).toString().toLatin1() != dpopNonce) {
                TestHttpServer::respond(socket, 400, "application/json", R"({"error":"use_dpop_nonce"})",
                                        {{"DPoP-Nonce", dpopNonce}});
                return;
            }
            const QString grant = decoded(form, QStringLiteral("grant_type"));
            QString scope = lastAuthorizeScope;
            if (grant == QLatin1String("refresh_token")) {
                if (!refreshTokens.contains(decoded(form, QStringLiteral("refresh_token")))) {
                    TestHttpServer::respond(socket, 400, "application/json", R"({"error":"invalid_grant"})");
                    return;
                }
            } else if (grant != QLatin1String("authorization_code") || decoded(form, QStringLiteral("code")) != QLatin1String("code-1")) {
                TestHttpServer::respond(socket, 400, "application/json", R"({"error":"invalid_grant"})");
                return;
            }
            ++issued;
            const QString token = QStringLiteral("tok-%1").arg(issued);
            const QString refresh = QStringLiteral("ref-%1").arg(issued);
            tokenScopes.insert(token, scope);
            refreshTokens.insert(refresh);
            TestHttpServer::respondJson(socket, {{QStringLiteral("access_token"), token},
                                                 {QStringLiteral("token_type"),
                                                  dpopNonce.isEmpty() ? QStringLiteral("Bearer") : QStringLiteral("DPoP")},
                                                 {QStringLiteral("expires_in"), 3600},
                                                 {QStringLiteral("refresh_token"), refresh},
                                                 {QStringLiteral("scope"), scope}});
        } else if (request.method == "POST" && path == "/mcp") {
            const QByteArray authorization = request.header("authorization");
            const QString token = QString::fromUtf8(authorization.mid(7));
            const bool known = authorization.startsWith("Bearer ") && tokenScopes.contains(token);
            const int uses = tokenUses.value(token);
            if (!known || (usesBeforeExpiry >= 0 && uses >= usesBeforeExpiry)) {
                TestHttpServer::respond(socket, 401, "application/json", R"({"error":"invalid_token"})",
                                        {{"WWW-Authenticate", challenge}});
                return;
            }
            tokenUses[token] = uses + 1;
            const QStringList have = tokenScopes.value(token).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            const QString needed = requiredScope.value(request.rpcMethod());
            bool enough = !alwaysForbid;
            for (const QString &scope : needed.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                enough = enough && have.contains(scope);
            if (!enough) {
                TestHttpServer::respond(socket, 403, "application/json", R"({"error":"insufficient_scope"})",
                                        {{"WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\""
                                                                  + (needed.isEmpty() ? QByteArray("admin") : needed.toUtf8()) + '"'}});
                return;
            }
            if (request.rpcMethod() == QLatin1String("initialize")) {
                TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {
                    {QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")},
                    {QStringLiteral("capabilities"), QJsonObject()},
                    {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("fake")},
                                                              {QStringLiteral("version"), QStringLiteral("1")}}}}));
                return;
            }
            TestHttpServer::respondJson(socket, TestHttpServer::result(request.rpcId(), {{QStringLiteral("ok"), true}}));
        } else if (request.method == "GET" && path == "/sse") {
            // A legacy HTTP+SSE server whose event stream needs a token.
            const QString token = QString::fromUtf8(request.header("authorization").mid(7));
            if (!tokenScopes.contains(token) || sseRefusesAll) {
                TestHttpServer::respond(socket, 401, "application/json", R"({"error":"invalid_token"})",
                                        {{"WWW-Authenticate", challenge}});
                return;
            }
            TestHttpServer::startSse(socket);
            socket->write("event: endpoint\ndata: /messages\n\n");
        } else {
            TestHttpServer::respond(socket, 404, "text/plain", "Not Found");
        }
    }
};

// One sign-in against the fake servers through a headless user agent (redirecting to redirect
// when one is given), the tokens kept in store when one is given: the set-up of the tests that
// follow an authorization to its end, or to the step the client refuses.
struct SignIn
{
    explicit SignIn(FakeServers &servers, const QUrl &redirect = {}, const OAuthClient::Settings &settings = {},
                    TokenStore *store = nullptr)
        : fake(servers)
        , agent(redirect.isEmpty() ? std::make_unique<HeadlessUserAgent>() : std::make_unique<HeadlessUserAgent>(redirect))
        , client(servers.mcpUrl(), settings)
    {
        if (store)
            client.setTokenStore(store);
        client.setUserAgent(agent.get());
    }

    // Starts the sign-in with a 401 carrying challenge; whether the client was authorized once
    // within 10 s.
    bool succeeds(const QByteArray &challenge = {})
    {
        client.unauthorized(fake.mcpUrl(), 401, challenge);
        return QTest::qWaitFor([this] { return authorized.size() == 1; }, 10000);
    }

    // The same for a sign-in the client must refuse: whether it failed once within 10 s, with a
    // message that says words (when not, what happened is shown).
    bool failsSaying(QLatin1String words)
    {
        client.unauthorized(fake.mcpUrl(), 401, {});
        if (!QTest::qWaitFor([this] { return failed.size() == 1; }, 10000)) {
            qWarning("the sign-in failed %lld times, not once", qlonglong(failed.size()));
            return false;
        }
        const QString message = failed.first().first().toString();
        if (!message.contains(words)) {
            qWarning("the failure says: %s", qPrintable(message));
            return false;
        }
        return true;
    }

    FakeServers &fake;
    std::unique_ptr<HeadlessUserAgent> agent;
    OAuthClient client;
    QSignalSpy authorized{&client, &OAuthClient::authorized};
    QSignalSpy failed{&client, &OAuthClient::failed};
};

} // namespace

class tst_OAuthClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bearerChallenge_data();
    void bearerChallenge();
    void metadataUrls();
    void resourceMatching_data();
    void resourceMatching();
    void pkceChallenge();
    void discoveryOrder_data();
    void discoveryOrder();
    void registrationPkceStateResource();
    void failureLeadsWithWhatTheServerSaid();
    void stateMismatchRefused();
    void missingS256Refused();
    void resourceMismatchRefused();
    void transportRetriesWithBearer();
    void stepUpOn403();
    void retryLimit();
    void refreshOnExpiry();
    void signInTimeIsNotCountedAgainstTimeouts();
    void deadRefreshTokenReauthorizes();
    void autoTransportAuthorizes();
    void storedTokensAndRegistration();
    void legacySseStreamAuthorizes();
    void loopbackUserAgent();
    void oauthBodiesRedacted_data();
    void oauthBodiesRedacted();
    void issuerCheck_data();
    void issuerCheck();
    void issAdvertisedButMissingRefused();
    void metadataIssuerMismatchRefused();
    void applicationType();
    void authorizationServerMigration();
    void es256Key();
    void signaturesVerifyIndependently();
    void dpopProofClaims();
    void dpopBoundTokens();
};

namespace {

// What the independent verifier (jws_verify.py, python3-cryptography) makes of an ES256 JWS:
// its header and payload when the signature verifies, an empty object otherwise.
QJsonObject verifiedJws(const QByteArray &jws, const QJsonObject &jwk = {})
{
    QProcess verifier;
    QStringList arguments{QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/auth/jws_verify.py"), QString::fromLatin1(jws)};
    if (!jwk.isEmpty())
        arguments << QString::fromUtf8(QJsonDocument(jwk).toJson(QJsonDocument::Compact));
    // Debian's interpreter: scripts/setup.sh installs python3-cryptography for it, and a python3
    // earlier on PATH (pyenv, a virtualenv) may not have the module.
    const QString debianPython = QStringLiteral("/usr/bin/python3");
    verifier.start(QFileInfo::exists(debianPython) ? debianPython : QStringLiteral("python3"), arguments);
    if (!verifier.waitForFinished(20000) || verifier.exitStatus() != QProcess::NormalExit || verifier.exitCode() != 0) {
        qWarning() << "jws_verify.py:" << verifier.readAllStandardError();
        return {};
    }
    return QJsonDocument::fromJson(verifier.readAllStandardOutput()).object();
}

// A P-256 key and its public JWK and RFC 7638 thumbprint, as Node's crypto module computed them.
const QByteArray KnownKeyPkcs8 = "-----BEGIN PRIVATE KEY-----\n"
                                 "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgne856Z489tK/6tNT\n"
                                 "qdwtb/2ncnWxzj+0vF2SA0Lh62OhRANCAAQWpSmvYwNdPhcPIwKpPmfJ27PfCEXh\n"
                                 "LzWsa/K+u8A+Tg1zeipE2ayQhDCIjbF4z7/AHyCFS3u3aAJo/uzszOXo\n"
                                 "-----END PRIVATE KEY-----\n";
const QByteArray KnownKeySec1 = "-----BEGIN EC PRIVATE KEY-----\n"
                                "MHcCAQEEIJ3vOemePPbSv+rTU6ncLW/9p3J1sc4/tLxdkgNC4etjoAoGCCqGSM49\n"
                                "AwEHoUQDQgAEFqUpr2MDXT4XDyMCqT5nyduz3whF4S81rGvyvrvAPk4Nc3oqRNms\n"
                                "kIQwiI2xeM+/wB8ghUt7t2gCaP7s7Mzl6A==\n"
                                "-----END EC PRIVATE KEY-----\n";
const char KnownX[] = "FqUpr2MDXT4XDyMCqT5nyduz3whF4S81rGvyvrvAPk4";
const char KnownY[] = "DXN6KkTZrJCEMIiNsXjPv8AfIIVLe7doAmj-7OzM5eg";
const char KnownThumbprint[] = "byfhDvxoXlu-TrX_IxUe0XUjOqYcDEU8JG9XvmUkX_Q";

} // namespace

void tst_OAuthClient::issuerCheck_data()
{
    QTest::addColumn<QString>("redirect");
    QTest::addColumn<bool>("advertised");
    QTest::addColumn<bool>("accepted");
    const QString cb = QStringLiteral("http://127.0.0.1:9/cb?code=c&state=s");
    QTest::newRow("advertised, equal") << cb + "&iss=https%3A%2F%2Fas.example%2Ft1" << true << true;
    QTest::newRow("advertised, absent") << cb << true << false;
    QTest::newRow("not advertised, absent") << cb << false << true;
    QTest::newRow("not advertised, equal") << cb + "&iss=https%3A%2F%2Fas.example%2Ft1" << false << true;
    QTest::newRow("not advertised, other") << cb + "&iss=https%3A%2F%2Fevil.example" << false << false;
    QTest::newRow("trailing slash") << cb + "&iss=https%3A%2F%2Fas.example%2Ft1%2F" << true << false;
    QTest::newRow("host case") << cb + "&iss=https%3A%2F%2FAS.example%2Ft1" << true << false;
    QTest::newRow("default port") << cb + "&iss=https%3A%2F%2Fas.example%3A443%2Ft1" << true << false;
    QTest::newRow("percent-encoded path") << cb + "&iss=https%3A%2F%2Fas.example%2F%2574%31" << true << false;
    QTest::newRow("empty") << cb + "&iss=" << true << false;
    QTest::newRow("error answer, other issuer") << QStringLiteral("http://127.0.0.1:9/cb?error=access_denied&iss=x")
                                                << true << false;
}

void tst_OAuthClient::issuerCheck()
{
    QFETCH(QString, redirect);
    QFETCH(bool, advertised);
    QFETCH(bool, accepted);
    const QString problem = OAuthClient::issuerProblem(QUrl(redirect), QStringLiteral("https://as.example/t1"), advertised);
    QCOMPARE(problem.isEmpty(), accepted);
}

void tst_OAuthClient::issAdvertisedButMissingRefused()
{
    FakeServers fake;
    fake.asMetadata.insert(QStringLiteral("authorization_response_iss_parameter_supported"), true);
    fake.documents.insert("/.well-known/oauth-authorization-server", fake.asMetadata);
    SignIn attempt(fake);
    QVERIFY(attempt.failsSaying(QLatin1String("RFC 9207")));
    QCOMPARE(fake.requestsTo("/authorize").size(), 1);
    QCOMPARE(fake.requestsTo("/token").size(), 0); // the code never reaches the token endpoint

    // The same server naming itself exactly is accepted.
    fake.iss = fake.server.url(QString()).toString();
    attempt.client.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_COMPARE_WITH_TIMEOUT(attempt.authorized.size(), 1, 10000);
    QCOMPARE(fake.requestsTo("/token").size(), 1);
}

void tst_OAuthClient::metadataIssuerMismatchRefused()
{
    FakeServers fake;
    fake.asMetadata.insert(QStringLiteral("issuer"), QStringLiteral("https://honest.example"));
    fake.documents.insert("/.well-known/oauth-authorization-server", fake.asMetadata);
    SignIn attempt(fake);
    QVERIFY(attempt.failsSaying(QLatin1String("https://honest.example")));
    QCOMPARE(fake.requestsTo("/register").size(), 0);
    QCOMPARE(fake.requestsTo("/authorize").size(), 0);
}

void tst_OAuthClient::applicationType()
{
    QCOMPARE(OAuthClient::applicationType(QUrl(QStringLiteral("http://127.0.0.1:5000/cb"))), QStringLiteral("native"));
    QCOMPARE(OAuthClient::applicationType(QUrl(QStringLiteral("http://localhost:3000/callback"))), QStringLiteral("native"));
    QCOMPARE(OAuthClient::applicationType(QUrl(QStringLiteral("http://[::1]:3000/cb"))), QStringLiteral("native"));
    QCOMPARE(OAuthClient::applicationType(QUrl(QStringLiteral("com.example.app:/cb"))), QStringLiteral("native"));
    QCOMPARE(OAuthClient::applicationType(QUrl(QStringLiteral("https://app.example/cb"))), QStringLiteral("web"));

    // Dynamic registration sends it.
    FakeServers fake;
    SignIn signIn(fake, QUrl(QStringLiteral("http://127.0.0.1:9/cb")));
    QVERIFY(signIn.succeeds());
    const QJsonObject registration = QJsonDocument::fromJson(fake.requestsTo("/register").value(0).body).object();
    QCOMPARE(registration.value(QLatin1String("application_type")).toString(), QStringLiteral("native"));
}

void tst_OAuthClient::authorizationServerMigration()
{
    FakeServers fake;
    const QString base = fake.server.url(QString()).toString();
    const QString secondIssuer = base + QStringLiteral("/as2");
    QJsonObject secondMetadata = fake.asMetadata;
    secondMetadata.insert(QStringLiteral("issuer"), secondIssuer);
    for (const char *endpoint : {"authorization_endpoint", "token_endpoint", "registration_endpoint"}) {
        const QString key = QString::fromLatin1(endpoint);
        secondMetadata.insert(key, secondMetadata.value(key).toString().replace(base, secondIssuer));
    }
    fake.documents.insert("/.well-known/oauth-authorization-server/as2", secondMetadata);

    MemoryTokenStore store;
    SignIn signIn(fake, QUrl(QStringLiteral("http://127.0.0.1:9/cb")), {}, &store);
    QVERIFY(signIn.succeeds());
    OAuthClient &client = signIn.client;
    QSignalSpy &authorized = signIn.authorized;
    QCOMPARE(client.tokens().issuer, base);
    QVERIFY(!client.tokens().refreshToken.isEmpty());

    // The resource moves to another authorization server under the same metadata URL.
    QJsonObject prm = fake.prm;
    prm.insert(QStringLiteral("authorization_servers"), QJsonArray{secondIssuer});
    fake.documents.insert("/.well-known/oauth-protected-resource/mcp", prm);
    client.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_COMPARE_WITH_TIMEOUT(authorized.size(), 2, 10000);
    QCOMPARE(client.issuer(), secondIssuer);
    QCOMPARE(fake.requestsTo("/as2/register").size(), 1); // registered anew there
    const QList<TestHttpRequest> authorizes = fake.requestsTo("/as2/authorize");
    QCOMPARE(authorizes.size(), 1);
    QCOMPARE(decoded(QUrlQuery(QUrl::fromEncoded("http://x" + authorizes.first().path)), QStringLiteral("client_id")),
             QStringLiteral("dyn-client-as2"));
    const QList<TestHttpRequest> tokens = fake.requestsTo("/as2/token");
    QCOMPARE(tokens.size(), 1); // the first server's refresh token never goes there
    QCOMPARE(decoded(formOf(tokens.first().body), QStringLiteral("grant_type")), QStringLiteral("authorization_code"));
    QCOMPARE(decoded(formOf(tokens.first().body), QStringLiteral("client_id")), QStringLiteral("dyn-client-as2"));
    QCOMPARE(client.tokens().issuer, secondIssuer);
    QCOMPARE(store.registration(base).clientId, QStringLiteral("dyn-client"));
    QCOMPARE(store.registration(secondIssuer).clientId, QStringLiteral("dyn-client-as2"));

    // A pre-registered client bound to the first server is not sent to the second: it registers there.
    OAuthClient::Settings settings;
    settings.clientId = QStringLiteral("configured-client");
    settings.clientIssuer = base;
    OAuthClient configured(fake.mcpUrl(), settings);
    configured.setUserAgent(signIn.agent.get());
    QSignalSpy configuredAuthorized(&configured, &OAuthClient::authorized);
    configured.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_COMPARE_WITH_TIMEOUT(configuredAuthorized.size(), 1, 10000);
    QCOMPARE(fake.requestsTo("/as2/register").size(), 2);
    for (const TestHttpRequest &request : fake.server.requests)
        QVERIFY(!request.path.contains("configured-client") && !request.body.contains("configured-client"));
    // With client credentials there is nothing to fall back to: it fails without sending the client.
    settings.grant = OAuthClient::Grant::ClientCredentials;
    settings.clientSecret = QStringLiteral("s");
    OAuthClient machine(fake.mcpUrl(), settings);
    QSignalSpy machineFailed(&machine, &OAuthClient::failed);
    machine.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_COMPARE_WITH_TIMEOUT(machineFailed.size(), 1, 10000);
    QVERIFY(machineFailed.first().first().toString().contains(base));
    QCOMPARE(fake.requestsTo("/as2/token").size(), 2);
}

void tst_OAuthClient::es256Key()
{
    for (const QByteArray &pem : {KnownKeyPkcs8, KnownKeySec1}) {
        const Es256Key key = Es256Key::fromPem(pem);
        QVERIFY(key.isValid());
        QCOMPARE(key.publicJwk().value(QLatin1String("kty")).toString(), QStringLiteral("EC"));
        QCOMPARE(key.publicJwk().value(QLatin1String("crv")).toString(), QStringLiteral("P-256"));
        QCOMPARE(key.publicJwk().value(QLatin1String("x")).toString(), QString::fromLatin1(KnownX));
        QCOMPARE(key.publicJwk().value(QLatin1String("y")).toString(), QString::fromLatin1(KnownY));
        QCOMPARE(key.thumbprint(), QByteArray(KnownThumbprint));
        QVERIFY(!key.publicJwk().contains(QLatin1String("d"))); // the private half never leaves
        // Kept as PKCS#8 and read back: the same key.
        QVERIFY(key.privateKeyPem().startsWith("-----BEGIN PRIVATE KEY-----"));
        QCOMPARE(Es256Key::fromPem(key.privateKeyPem()).thumbprint(), QByteArray(KnownThumbprint));
    }
    const Es256Key fresh = Es256Key::generate();
    QVERIFY(fresh.isValid());
    QVERIFY(fresh.thumbprint() != Es256Key::generate().thumbprint());
    QCOMPARE(fresh.sign("input").size(), 64);
    QVERIFY(fresh.sign("input") != fresh.sign("input")); // ECDSA: a fresh nonce per signature

    QVERIFY(!Es256Key::fromPem("not a key").isValid());
    QVERIFY(!Es256Key().isValid());
    QVERIFY(Es256Key().signJwt({}, {}).isEmpty());
    // A P-384 key is no ES256 key.
    const QByteArray p384 = "-----BEGIN PRIVATE KEY-----\n"
                            "MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDBS02BVUFk5y4BhDQi0\n"
                            "bpH91W1ojpozFga0k4EH1eq4wCxhlCu7ReuHCfQNgwRNv1GhZANiAAQyxzqBgNlm\n"
                            "XMYwUEIxzv3/oHuhMjwAS40+IwgIWHEvocmXpqFdtTbBAcqimkfbhEMeXlEgJhlZ\n"
                            "rU6ioR/WBanfWAjQ6Kl4vLnMBoy3nlAh031bUz7wFDR6MfRZ4jjavnU=\n"
                            "-----END PRIVATE KEY-----\n";
    QVERIFY(!Es256Key::fromPem(p384).isValid());
}

void tst_OAuthClient::signaturesVerifyIndependently()
{
    const Es256Key key = Es256Key::fromPem(KnownKeyPkcs8);
    const QByteArray assertion = OAuthClient::clientAssertion(key, QStringLiteral("client-1"), QStringLiteral("https://as.example"));
    const QJsonObject verified = verifiedJws(assertion, key.publicJwk());
    QVERIFY(!verified.isEmpty());
    const QJsonObject claims = verified.value(QLatin1String("payload")).toObject();
    QCOMPARE(claims.value(QLatin1String("iss")).toString(), QStringLiteral("client-1"));
    QCOMPARE(claims.value(QLatin1String("sub")).toString(), QStringLiteral("client-1"));
    QCOMPARE(claims.value(QLatin1String("aud")).toString(), QStringLiteral("https://as.example"));
    QVERIFY(claims.value(QLatin1String("exp")).toInteger() > claims.value(QLatin1String("iat")).toInteger());
    QVERIFY(!claims.value(QLatin1String("jti")).toString().isEmpty());

    // A signature for another key or over other bytes does not verify.
    QVERIFY(verifiedJws(assertion, Es256Key::generate().publicJwk()).isEmpty());
    QByteArray tampered = assertion;
    tampered[tampered.indexOf('.') + 2] = tampered[tampered.indexOf('.') + 2] == 'A' ? 'B' : 'A';
    QVERIFY(verifiedJws(tampered, key.publicJwk()).isEmpty());
}

void tst_OAuthClient::dpopProofClaims()
{
    const Es256Key key = Es256Key::generate();
    const QUrl url(QStringLiteral("https://mcp.example/mcp?session=1#frag"));
    const QByteArray first = OAuthClient::dpopProof(key, "POST", url, QStringLiteral("token-1"), "nonce-1");
    const QJsonObject verified = verifiedJws(first); // with the key the proof carries
    QVERIFY(!verified.isEmpty());
    const QJsonObject header = verified.value(QLatin1String("header")).toObject();
    QCOMPARE(header.value(QLatin1String("typ")).toString(), QStringLiteral("dpop+jwt"));
    QCOMPARE(header.value(QLatin1String("jwk")).toObject(), key.publicJwk());
    const QJsonObject claims = verified.value(QLatin1String("payload")).toObject();
    QCOMPARE(claims.value(QLatin1String("htm")).toString(), QStringLiteral("POST"));
    QCOMPARE(claims.value(QLatin1String("htu")).toString(), QStringLiteral("https://mcp.example/mcp"));
    QCOMPARE(claims.value(QLatin1String("nonce")).toString(), QStringLiteral("nonce-1"));
    // RFC 9449 4.2: ath is the base64url SHA-256 of the access token.
    QCOMPARE(claims.value(QLatin1String("ath")).toString(),
             QString::fromLatin1(QCryptographicHash::hash("token-1", QCryptographicHash::Sha256)
                                     .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)));
    QVERIFY(qAbs(claims.value(QLatin1String("iat")).toInteger() - QDateTime::currentSecsSinceEpoch()) < 60);

    // A token request's proof has neither ath nor nonce; every proof has its own jti.
    const QJsonObject second = verifiedJws(OAuthClient::dpopProof(key, "GET", url)).value(QLatin1String("payload")).toObject();
    QCOMPARE(second.value(QLatin1String("htm")).toString(), QStringLiteral("GET"));
    QVERIFY(!second.contains(QLatin1String("ath")));
    QVERIFY(!second.contains(QLatin1String("nonce")));
    QVERIFY(second.value(QLatin1String("jti")).toString() != claims.value(QLatin1String("jti")).toString());
}

void tst_OAuthClient::bearerChallenge_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("error");
    QTest::newRow("quoted") << QByteArray(R"(Bearer resource_metadata="http://a/prm", scope="read write")")
                            << "http://a/prm" << "read write" << "";
    QTest::newRow("tokens, error first") << QByteArray(R"(Bearer error=insufficient_scope, scope=admin)")
                                         << "" << "admin" << "insufficient_scope";
    QTest::newRow("escaped quote") << QByteArray(R"(Bearer scope="a\"b", error="invalid_token")") << ""
                                   << "a\"b" << "invalid_token";
    QTest::newRow("other scheme first") << QByteArray(R"(Basic realm="x", Bearer scope="s")") << "" << "s" << "";
    QTest::newRow("no bearer") << QByteArray(R"(Basic realm="x")") << "" << "" << "";
}

void tst_OAuthClient::bearerChallenge()
{
    QFETCH(QByteArray, header);
    QFETCH(QString, metadata);
    QFETCH(QString, scope);
    QFETCH(QString, error);
    const BearerChallenge challenge = BearerChallenge::parse(header);
    QCOMPARE(challenge.resourceMetadata.toString(), metadata);
    QCOMPARE(challenge.scope, scope);
    QCOMPARE(challenge.error, error);
}

void tst_OAuthClient::metadataUrls()
{
    const auto strings = [](const QList<QUrl> &urls) {
        QStringList list;
        for (const QUrl &url : urls)
            list << url.toString();
        return list;
    };
    QCOMPARE(strings(OAuthClient::authorizationServerMetadataUrls(QUrl(QStringLiteral("https://as.example")))),
             QStringList({"https://as.example/.well-known/oauth-authorization-server",
                          "https://as.example/.well-known/openid-configuration"}));
    QCOMPARE(strings(OAuthClient::authorizationServerMetadataUrls(QUrl(QStringLiteral("https://as.example/tenant1/")))),
             QStringList({"https://as.example/.well-known/oauth-authorization-server/tenant1",
                          "https://as.example/.well-known/openid-configuration/tenant1",
                          "https://as.example/tenant1/.well-known/openid-configuration"}));
    QCOMPARE(strings(OAuthClient::protectedResourceMetadataUrls(QUrl(QStringLiteral("https://mcp.example:8443/api/mcp")))),
             QStringList({"https://mcp.example:8443/.well-known/oauth-protected-resource/api/mcp",
                          "https://mcp.example:8443/.well-known/oauth-protected-resource"}));
}

void tst_OAuthClient::resourceMatching_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("resource");
    QTest::addColumn<bool>("matches");
    QTest::newRow("same") << "https://a.example/mcp" << "https://a.example/mcp" << true;
    QTest::newRow("origin only") << "https://a.example/mcp" << "https://a.example" << true;
    QTest::newRow("parent path") << "https://a.example/v1/mcp" << "https://a.example/v1/" << true;
    QTest::newRow("host case") << "https://A.example/mcp" << "https://a.example/mcp" << true;
    QTest::newRow("other host") << "http://localhost:1234/mcp" << "https://evil.example.com/mcp" << false;
    QTest::newRow("other port") << "http://localhost:1234/mcp" << "http://localhost:1235/mcp" << false;
    QTest::newRow("other scheme") << "http://a.example/mcp" << "https://a.example/mcp" << false;
    QTest::newRow("sibling path") << "https://a.example/mcp" << "https://a.example/mcp2" << false;
    QTest::newRow("deeper resource") << "https://a.example/mcp" << "https://a.example/mcp/x" << false;
}

void tst_OAuthClient::resourceMatching()
{
    QFETCH(QString, server);
    QFETCH(QString, resource);
    QFETCH(bool, matches);
    QCOMPARE(OAuthClient::resourceMatches(QUrl(server), resource), matches);
}

void tst_OAuthClient::pkceChallenge()
{
    // RFC 7636 appendix B.
    QCOMPARE(OAuthClient::codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
             QByteArray("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
    const QByteArray a = OAuthClient::createCodeVerifier();
    QCOMPARE(a.size(), 43);
    QVERIFY(a != OAuthClient::createCodeVerifier());
}

void tst_OAuthClient::discoveryOrder_data()
{
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QList<QByteArray>>("expected");
    QTest::newRow("hint in WWW-Authenticate")
        << "hint" << QList<QByteArray>{"/custom/prm.json", "/.well-known/oauth-authorization-server"};
    QTest::newRow("path-based PRM")
        << "path" << QList<QByteArray>{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server"};
    QTest::newRow("root PRM")
        << "root" << QList<QByteArray>{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource",
                                       "/.well-known/oauth-authorization-server"};
    QTest::newRow("issuer with path, OpenID appended")
        << "tenant" << QList<QByteArray>{"/.well-known/oauth-protected-resource/mcp",
                                         "/.well-known/oauth-authorization-server/tenant1",
                                         "/.well-known/openid-configuration/tenant1",
                                         "/tenant1/.well-known/openid-configuration"};
    QTest::newRow("2025-03-26: metadata at the root")
        << "legacy-metadata" << QList<QByteArray>{"/.well-known/oauth-protected-resource/mcp",
                                                  "/.well-known/oauth-protected-resource",
                                                  "/.well-known/oauth-authorization-server"};
    QTest::newRow("2025-03-26: default endpoints")
        << "legacy-endpoints" << QList<QByteArray>{"/.well-known/oauth-protected-resource/mcp",
                                                   "/.well-known/oauth-protected-resource",
                                                   "/.well-known/oauth-authorization-server",
                                                   "/.well-known/openid-configuration"};
}

void tst_OAuthClient::discoveryOrder()
{
    QFETCH(QString, variant);
    QFETCH(QList<QByteArray>, expected);
    FakeServers fake;
    const QString base = fake.server.url(QString()).toString();
    QByteArray challenge = "Bearer error=\"invalid_token\"";
    if (variant == QLatin1String("hint")) {
        fake.documents.remove("/.well-known/oauth-protected-resource/mcp");
        fake.documents.insert("/custom/prm.json", fake.prm);
        challenge = "Bearer resource_metadata=\"" + base.toUtf8() + "/custom/prm.json\"";
    } else if (variant == QLatin1String("root")) {
        fake.documents.remove("/.well-known/oauth-protected-resource/mcp");
        QJsonObject prm = fake.prm;
        prm.insert(QStringLiteral("resource"), base);
        fake.documents.insert("/.well-known/oauth-protected-resource", prm);
    } else if (variant == QLatin1String("tenant")) {
        QJsonObject prm = fake.prm;
        prm.insert(QStringLiteral("authorization_servers"), QJsonArray{QString(base + QStringLiteral("/tenant1"))});
        fake.documents.insert("/.well-known/oauth-protected-resource/mcp", prm);
        fake.documents.remove("/.well-known/oauth-authorization-server");
        QJsonObject metadata = fake.asMetadata; // metadata names the issuer its URL was built from
        metadata.insert(QStringLiteral("issuer"), QString(base + QStringLiteral("/tenant1")));
        fake.documents.insert("/tenant1/.well-known/openid-configuration", metadata);
    } else if (variant.startsWith(QLatin1String("legacy"))) {
        fake.documents.remove("/.well-known/oauth-protected-resource/mcp");
        if (variant == QLatin1String("legacy-endpoints"))
            fake.documents.remove("/.well-known/oauth-authorization-server");
    }
    OAuthClient client(fake.mcpUrl(), {});
    HeadlessUserAgent agent;
    client.setUserAgent(&agent);
    QSignalSpy authorized(&client, &OAuthClient::authorized);
    QSignalSpy failed(&client, &OAuthClient::failed);
    client.unauthorized(fake.mcpUrl(), 401, challenge);
    QVERIFY(authorized.isEmpty()); // never during the call
    QTRY_VERIFY_WITH_TIMEOUT(!authorized.isEmpty() || !failed.isEmpty(), 10000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(fake.getPaths(), expected);
    QCOMPARE(fake.requestsTo("/register").size(), 1);
    QCOMPARE(fake.requestsTo("/authorize").size(), 1);
    QCOMPARE(fake.requestsTo("/token").size(), 1);
    QCOMPARE(client.authorizationHeader(), QByteArray("Bearer tok-1"));
}

// A 401 with no OAuth metadata anywhere: the message leads with the server's answer (HTTP 401
// and its WWW-Authenticate), then every step tried, then where it stopped.
void tst_OAuthClient::failureLeadsWithWhatTheServerSaid()
{
    FakeServers fake;
    fake.documents.clear();
    fake.registerStatus = 406;
    OAuthClient client(fake.mcpUrl(), OAuthClient::Settings());
    HeadlessUserAgent agent(QUrl(QStringLiteral("http://127.0.0.1:9/cb")));
    client.setUserAgent(&agent);
    QSignalSpy failed(&client, &OAuthClient::failed);
    client.unauthorized(fake.mcpUrl(), 401, "Bearer realm=\"x\"");
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.startsWith(fake.mcpUrl().toDisplayString() + QStringLiteral(" answered HTTP 401 with WWW-Authenticate: Bearer realm=\"x\"")),
             qPrintable(message));
    const qsizetype tried = message.indexOf(QLatin1String("Tried: "));
    QVERIFY2(tried > 0, qPrintable(message));
    QVERIFY2(message.indexOf(QLatin1String("oauth-protected-resource"), tried) > tried, qPrintable(message));
    QVERIFY2(message.indexOf(QLatin1String("HTTP 404"), tried) > tried, qPrintable(message));
    QVERIFY2(message.indexOf(QLatin1String("/register: HTTP 406"), tried) > tried, qPrintable(message));
    QVERIFY2(message.lastIndexOf(QLatin1String("Authorization failed: ")) > message.indexOf(QLatin1String("/register")),
             qPrintable(message));

    // Without the header, the message says so.
    OAuthClient bare(fake.mcpUrl(), OAuthClient::Settings());
    bare.setUserAgent(&agent);
    QSignalSpy bareFailed(&bare, &OAuthClient::failed);
    bare.unauthorized(fake.mcpUrl(), 401, QByteArray());
    QTRY_COMPARE_WITH_TIMEOUT(bareFailed.size(), 1, 10000);
    QVERIFY2(bareFailed.at(0).at(0).toString().contains(QLatin1String("answered HTTP 401 with no WWW-Authenticate header.")),
             qPrintable(bareFailed.at(0).at(0).toString()));
}

void tst_OAuthClient::registrationPkceStateResource()
{
    FakeServers fake;
    OAuthClient::Settings settings;
    settings.clientName = QStringLiteral("Scope Test");
    SignIn signIn(fake, QUrl(QStringLiteral("http://127.0.0.1:9/cb")), settings);
    QVERIFY(signIn.succeeds("Bearer scope=\"mcp:read\""));
    const OAuthClient &client = signIn.client;

    const QJsonObject registration = fake.requestsTo("/register").value(0).json();
    QCOMPARE(registration.value(QLatin1String("client_name")).toString(), QStringLiteral("Scope Test"));
    QCOMPARE(registration.value(QLatin1String("redirect_uris")).toArray(), QJsonArray{QStringLiteral("http://127.0.0.1:9/cb")});
    QVERIFY(registration.value(QLatin1String("grant_types")).toArray().contains(QStringLiteral("authorization_code")));
    QCOMPARE(registration.value(QLatin1String("token_endpoint_auth_method")).toString(), QStringLiteral("none"));

    const QUrlQuery authorize(QUrl::fromEncoded("http://x" + fake.requestsTo("/authorize").value(0).path));
    const QUrlQuery token = formOf(fake.requestsTo("/token").value(0).body);
    QCOMPARE(decoded(authorize, QStringLiteral("response_type")), QStringLiteral("code"));
    QCOMPARE(decoded(authorize, QStringLiteral("client_id")), QStringLiteral("dyn-client"));
    QCOMPARE(decoded(authorize, QStringLiteral("code_challenge_method")), QStringLiteral("S256"));
    QCOMPARE(decoded(authorize, QStringLiteral("scope")), QStringLiteral("mcp:read"));
    QVERIFY(decoded(authorize, QStringLiteral("state")).size() >= 16);
    const QString resource = fake.mcpUrl().toString();
    QCOMPARE(decoded(authorize, QStringLiteral("resource")), resource);
    QCOMPARE(decoded(token, QStringLiteral("resource")), resource);
    const QByteArray verifier = decoded(token, QStringLiteral("code_verifier")).toLatin1();
    QVERIFY(verifier.size() >= 43);
    QCOMPARE(QString::fromLatin1(QCryptographicHash::hash(verifier, QCryptographicHash::Sha256)
                                     .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)),
             decoded(authorize, QStringLiteral("code_challenge")));
    QCOMPARE(decoded(token, QStringLiteral("client_id")), QStringLiteral("dyn-client"));
    QCOMPARE(decoded(token, QStringLiteral("redirect_uri")), QStringLiteral("http://127.0.0.1:9/cb"));
    QVERIFY(fake.requestsTo("/token").value(0).header("authorization").isEmpty()); // public client
    QCOMPARE(client.tokens().refreshToken, QStringLiteral("ref-1"));
    QVERIFY(client.tokens().expiresAt > QDateTime::currentDateTimeUtc());
}

void tst_OAuthClient::stateMismatchRefused()
{
    FakeServers fake;
    fake.wrongState = QStringLiteral("forged");
    SignIn attempt(fake);
    QVERIFY(attempt.failsSaying(QLatin1String("state")));
    QVERIFY(fake.requestsTo("/token").isEmpty());
    QVERIFY(attempt.client.authorizationHeader().isEmpty());
}

void tst_OAuthClient::missingS256Refused()
{
    FakeServers fake;
    QJsonObject metadata = fake.asMetadata;
    metadata.insert(QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("plain")});
    fake.documents.insert("/.well-known/oauth-authorization-server", metadata);
    SignIn attempt(fake);
    QVERIFY(attempt.failsSaying(QLatin1String("S256")));
    QVERIFY(fake.requestsTo("/authorize").isEmpty());
    QVERIFY(fake.requestsTo("/register").isEmpty());
}

void tst_OAuthClient::resourceMismatchRefused()
{
    FakeServers fake;
    QJsonObject prm = fake.prm;
    prm.insert(QStringLiteral("resource"), QStringLiteral("https://evil.example.com/mcp"));
    fake.documents.insert("/.well-known/oauth-protected-resource/mcp", prm);
    SignIn attempt(fake);
    QVERIFY(attempt.failsSaying(QLatin1String("evil.example.com")));
    QVERIFY(fake.requestsTo("/authorize").isEmpty());
}

namespace {

struct Connection
{
    explicit Connection(FakeServers &fake, const HttpTransportOptions &extra = {})
        : client(fake.mcpUrl(), {})
    {
        client.setUserAgent(&agent);
        HttpTransportOptions options = extra;
        options.authorizer = &client;
        options.openGetStream = false;
        transport = std::make_unique<StreamableHttpTransport>(fake.mcpUrl(), options);
        QObject::connect(transport.get(), &Transport::trafficEvent, transport.get(),
                         [this](const TrafficEvent &event) { traffic << event; });
        QObject::connect(transport.get(), &Transport::messageReceived, transport.get(),
                         [this](const Message &message) { received << message; });
        QObject::connect(transport.get(), &Transport::requestFailed, transport.get(),
                         [this](const MessageId &, const TransportError &error) { failures << error; });
        transport->open();
    }

    // Waits (5 s) for the transport to open and sends initialize as request 1.
    bool initialize()
    {
        if (!QTest::qWaitFor([this] { return transport->isOpen(); }, 5000))
            return false;
        transport->send(Message::request(1, QStringLiteral("initialize")));
        return true;
    }

    // initialize(), then waits (10 s) for its answer.
    bool initialized()
    {
        return initialize() && QTest::qWaitFor([this] { return received.size() == 1; }, 10000);
    }

    HeadlessUserAgent agent;
    OAuthClient client;
    std::unique_ptr<StreamableHttpTransport> transport;
    QList<TrafficEvent> traffic;
    QList<Message> received;
    QList<TransportError> failures;
};

} // namespace

void tst_OAuthClient::transportRetriesWithBearer()
{
    FakeServers fake;
    Connection c(fake);
    QVERIFY(c.initialize());
    c.transport->send(Message::request(2, QStringLiteral("tools/list"))); // also refused: joins the same round
    QTRY_VERIFY(!fake.requestsTo("/register").isEmpty());
    c.transport->send(Message::request(3, QStringLiteral("ping")));      // during or after the authorization
    QTRY_COMPARE_WITH_TIMEOUT(c.received.size(), 3, 10000);
    QVERIFY(c.failures.isEmpty());
    const QList<TestHttpRequest> posts = fake.requestsTo("/mcp");
    QCOMPARE(posts.size(), 5); // two refused, then all three with the token
    QVERIFY(posts.at(0).header("authorization").isEmpty());
    QVERIFY(posts.at(1).header("authorization").isEmpty());
    for (int i = 2; i < 5; ++i)
        QCOMPARE(posts.at(i).header("authorization"), QByteArray("Bearer tok-1"));
    QCOMPARE(fake.requestsTo("/authorize").size(), 1);
    // Order kept: the held messages go out again as they came. (Not the server's order of arrival:
    // two POSTs on two connections may arrive either way round.)
    QStringList resent;
    for (const TrafficEvent &e : std::as_const(c.traffic)) {
        if (e.direction == TrafficEvent::Direction::Outgoing && e.kind == TrafficEvent::Kind::Message
            && e.headers.contains(qMakePair(QByteArray("Authorization"), QByteArray("Bearer tok-1"))))
            resent << QJsonDocument::fromJson(e.raw).object().value(QLatin1String("method")).toString();
    }
    QCOMPARE(resent.mid(0, 2), (QStringList{QStringLiteral("initialize"), QStringLiteral("tools/list")}));
    for (const TestHttpRequest &post : posts)
        QVERIFY(!post.path.contains("tok-1")); // never in the URL

    // The OAuth exchanges are in the connection's traffic, and export redaction hides the token.
    const auto tokenAnswer = std::find_if(c.traffic.cbegin(), c.traffic.cend(), [](const TrafficEvent &e) {
        return e.direction == TrafficEvent::Direction::Incoming && e.url.endsWith(QLatin1String("/token"));
    });
    QVERIFY(tokenAnswer != c.traffic.cend());
    QVERIFY(tokenAnswer->raw.contains("tok-1"));
    QVERIFY(tokenAnswer->exchangeId != 0);
    const TrafficEvent redacted = TrafficCapture::redacted(*tokenAnswer, {});
    QVERIFY(!redacted.raw.contains("tok-1"));
    QVERIFY(!redacted.raw.contains("ref-1"));
    QVERIFY(std::any_of(c.traffic.cbegin(), c.traffic.cend(), [](const TrafficEvent &e) {
        return e.httpMethod == "POST" && e.url.endsWith(QLatin1String("/register"));
    }));
}

void tst_OAuthClient::stepUpOn403()
{
    FakeServers fake;
    fake.requiredScope.insert(QStringLiteral("initialize"), QStringLiteral("read"));
    fake.requiredScope.insert(QStringLiteral("tools/call"), QStringLiteral("read write"));
    fake.challenge = "Bearer scope=\"read\"";
    Connection c(fake);
    QVERIFY(c.initialized());
    c.transport->send(Message::request(2, QStringLiteral("tools/call")));
    QTRY_COMPARE_WITH_TIMEOUT(c.received.size(), 2, 10000);
    QVERIFY(c.failures.isEmpty());
    const QList<TestHttpRequest> authorizations = fake.requestsTo("/authorize");
    QCOMPARE(authorizations.size(), 2);
    const auto scopeOf = [](const TestHttpRequest &r) {
        return decoded(QUrlQuery(QUrl::fromEncoded("http://x" + r.path)), QStringLiteral("scope"))
            .split(QLatin1Char(' ')).toVector();
    };
    QCOMPARE(scopeOf(authorizations.at(0)), QList<QString>{QStringLiteral("read")});
    QVERIFY(scopeOf(authorizations.at(1)).contains(QStringLiteral("read")));
    QVERIFY(scopeOf(authorizations.at(1)).contains(QStringLiteral("write")));
    QCOMPARE(fake.requestsTo("/mcp").last().header("authorization"), QByteArray("Bearer tok-2"));
}

void tst_OAuthClient::retryLimit()
{
    FakeServers fake;
    fake.alwaysForbid = true;
    Connection c(fake);
    QVERIFY(c.initialize());
    QTRY_COMPARE_WITH_TIMEOUT(c.failures.size(), 1, 15000);
    QVERIFY(c.received.isEmpty());
    QCOMPARE(c.failures.first().kind, TransportError::Kind::Http);
    QCOMPARE(c.failures.first().httpStatus, 403);
    QVERIFY2(c.failures.first().message.contains(QLatin1String("after 3 authorizations")),
             qPrintable(c.failures.first().message));
    QCOMPARE(fake.requestsTo("/authorize").size(), 3);
    QTest::qWait(200);
    QCOMPARE(fake.requestsTo("/mcp").size(), 4); // no loop after the failure
}

namespace {
// A person who takes their time in the browser: the headless agent, started late.
class SlowUserAgent : public AuthorizationUserAgent
{
public:
    explicit SlowUserAgent(int delayMs) : m_delayMs(delayMs)
    {
        connect(&m_inner, &AuthorizationUserAgent::redirected, this, &AuthorizationUserAgent::redirected);
        connect(&m_inner, &AuthorizationUserAgent::failed, this, &AuthorizationUserAgent::failed);
    }
    QUrl redirectUri() const override { return m_inner.redirectUri(); }
    void start(const QUrl &authorizationUrl) override
    {
        ++started;
        QTimer::singleShot(m_delayMs, this, [this, authorizationUrl] { m_inner.start(authorizationUrl); });
    }
    int started = 0;

private:
    HeadlessUserAgent m_inner;
    int m_delayMs;
};
} // namespace

void tst_OAuthClient::signInTimeIsNotCountedAgainstTimeouts()
{
    // Signing in takes a person far longer than the initialize timeout; that time is not the server's.
    FakeServers fake;
    OAuthClient oauth(fake.mcpUrl(), {});
    SlowUserAgent agent(1500);
    oauth.setUserAgent(&agent);
    HttpTransportOptions options;
    options.authorizer = &oauth;
    options.openGetStream = false;
    auto *transport = new StreamableHttpTransport(fake.mcpUrl(), options);
    QSignalSpy pendingChanges(transport, &Transport::authorizationPendingChanged);
    Client client(transport);
    ClientOptions clientOptions;
    clientOptions.connectTimeoutMs = 400;
    client.setOptions(clientOptions);
    QSignalSpy ready(&client, &Client::ready);
    client.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 15000);
    QCOMPARE(agent.started, 1);
    QCOMPARE(pendingChanges.size(), 2);
    QCOMPARE(pendingChanges.at(0).at(0).toBool(), true);
    QCOMPARE(pendingChanges.at(1).at(0).toBool(), false);
    QCOMPARE(client.state(), Client::State::Ready);
}

void tst_OAuthClient::refreshOnExpiry()
{
    FakeServers fake;
    fake.usesBeforeExpiry = 1;
    Connection c(fake);
    QVERIFY(c.initialized());
    c.transport->send(Message::request(2, QStringLiteral("tools/list"))); // tok-1 has expired
    QTRY_COMPARE_WITH_TIMEOUT(c.received.size(), 2, 10000);
    QVERIFY(c.failures.isEmpty());
    QCOMPARE(fake.requestsTo("/authorize").size(), 1); // no second trip through the browser
    const QList<TestHttpRequest> tokenRequests = fake.requestsTo("/token");
    QCOMPARE(tokenRequests.size(), 2);
    const QUrlQuery refresh = formOf(tokenRequests.at(1).body);
    QCOMPARE(decoded(refresh, QStringLiteral("grant_type")), QStringLiteral("refresh_token"));
    QCOMPARE(decoded(refresh, QStringLiteral("refresh_token")), QStringLiteral("ref-1"));
    QCOMPARE(decoded(refresh, QStringLiteral("resource")), fake.mcpUrl().toString());
    QCOMPARE(fake.requestsTo("/mcp").last().header("authorization"), QByteArray("Bearer tok-2"));
    QCOMPARE(c.client.tokens().refreshToken, QStringLiteral("ref-2"));
}

void tst_OAuthClient::deadRefreshTokenReauthorizes()
{
    FakeServers fake;
    fake.usesBeforeExpiry = 1;
    Connection c(fake);
    QVERIFY(c.initialized());
    fake.refreshTokens.clear(); // the authorization server revoked it
    c.transport->send(Message::request(2, QStringLiteral("tools/list")));
    QTRY_COMPARE_WITH_TIMEOUT(c.received.size(), 2, 10000);
    QVERIFY(c.failures.isEmpty());
    QCOMPARE(fake.requestsTo("/authorize").size(), 2);
    const QList<TestHttpRequest> tokenRequests = fake.requestsTo("/token");
    QCOMPARE(tokenRequests.size(), 3); // code, refused refresh, code
    QCOMPARE(decoded(formOf(tokenRequests.at(1).body), QStringLiteral("grant_type")), QStringLiteral("refresh_token"));
    QCOMPARE(decoded(formOf(tokenRequests.at(2).body), QStringLiteral("grant_type")), QStringLiteral("authorization_code"));
    QCOMPARE(fake.requestsTo("/register").size(), 1); // the registration is kept
}

void tst_OAuthClient::autoTransportAuthorizes()
{
    FakeServers fake;
    OAuthClient client(fake.mcpUrl(), {});
    HeadlessUserAgent agent;
    client.setUserAgent(&agent);
    HttpTransportOptions options;
    options.authorizer = &client;
    options.openGetStream = false;
    std::unique_ptr<Transport> transport(createHttpTransport(fake.mcpUrl(), HttpTransportKind::Auto, options));
    QList<Message> received;
    QList<TrafficEvent> traffic;
    connect(transport.get(), &Transport::messageReceived, this, [&](const Message &m) { received << m; });
    connect(transport.get(), &Transport::trafficEvent, this, [&](const TrafficEvent &e) { traffic << e; });
    transport->open();
    QTRY_VERIFY(transport->isOpen());
    transport->send(Message::request(1, QStringLiteral("initialize")));
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), 1, 10000);
    QCOMPARE(fake.requestsTo("/mcp").last().header("authorization"), QByteArray("Bearer tok-1"));
    QVERIFY(std::any_of(traffic.cbegin(), traffic.cend(),
                        [](const TrafficEvent &e) { return e.url.endsWith(QLatin1String("/token")); }));
}

void tst_OAuthClient::storedTokensAndRegistration()
{
    FakeServers fake;
    MemoryTokenStore store;
    {
        SignIn first(fake, QUrl(QStringLiteral("http://127.0.0.1:9/cb")), {}, &store);
        QVERIFY(first.succeeds());
    }
    // A later client with the same store sends the stored token from the first request on.
    OAuthClient second(fake.mcpUrl(), {});
    second.setTokenStore(&store);
    QCOMPARE(second.authorizationHeader(), QByteArray("Bearer tok-1"));

    // Authorizing again through the same redirect URI reuses the registration; another one registers anew.
    HeadlessUserAgent sameAgent(QUrl(QStringLiteral("http://127.0.0.1:9/cb")));
    second.setUserAgent(&sameAgent);
    QSignalSpy authorized(&second, &OAuthClient::authorized);
    second.unauthorized(fake.mcpUrl(), 403, "Bearer error=\"insufficient_scope\", scope=\"more\"");
    QTRY_COMPARE_WITH_TIMEOUT(authorized.size(), 1, 10000);
    QCOMPARE(fake.requestsTo("/register").size(), 1);
    HeadlessUserAgent otherAgent(QUrl(QStringLiteral("http://127.0.0.1:10/cb")));
    second.setUserAgent(&otherAgent);
    second.unauthorized(fake.mcpUrl(), 403, "Bearer error=\"insufficient_scope\", scope=\"more\"");
    QTRY_COMPARE_WITH_TIMEOUT(authorized.size(), 2, 10000);
    QCOMPARE(fake.requestsTo("/register").size(), 2);
    QCOMPARE(second.authorizationHeader(), QByteArray("Bearer tok-3"));
}

void tst_OAuthClient::legacySseStreamAuthorizes()
{
    FakeServers fake;
    const QUrl sseUrl = fake.server.url(QStringLiteral("/sse"));
    // The resource metadata names the SSE endpoint's origin, which covers /sse.
    QJsonObject prm = fake.prm;
    prm.insert(QStringLiteral("resource"), fake.server.url(QString()).toString());
    fake.documents.insert("/.well-known/oauth-protected-resource/sse", prm);
    OAuthClient client(sseUrl, {});
    HeadlessUserAgent agent;
    client.setUserAgent(&agent);
    HttpTransportOptions options;
    options.authorizer = &client;
    std::unique_ptr<Transport> transport(createHttpTransport(sseUrl, HttpTransportKind::LegacySse, options));
    QSignalSpy opened(transport.get(), &Transport::opened);
    QSignalSpy closed(transport.get(), &Transport::closed);
    transport->open();
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !closed.isEmpty(), 10000);
    QVERIFY2(closed.isEmpty(), closed.isEmpty() ? "" : qPrintable(closed.first().first().toString()));
    const QList<TestHttpRequest> gets = fake.requestsTo("/sse");
    QCOMPARE(gets.size(), 2);
    QVERIFY(gets.at(0).header("authorization").isEmpty());
    QCOMPARE(gets.at(1).header("authorization"), QByteArray("Bearer tok-1"));

    // A server that refuses every token ends the opening with a clear error, not a loop.
    transport->close();
    fake.sseRefusesAll = true;
    OAuthClient client2(sseUrl, {});
    client2.setUserAgent(&agent);
    HttpTransportOptions options2;
    options2.authorizer = &client2;
    std::unique_ptr<Transport> transport2(createHttpTransport(sseUrl, HttpTransportKind::LegacySse, options2));
    QSignalSpy closed2(transport2.get(), &Transport::closed);
    transport2->open();
    QTRY_VERIFY_WITH_TIMEOUT(!closed2.isEmpty(), 10000);
    QVERIFY2(closed2.first().first().toString().contains(QLatin1String("after 3 authorizations")),
             qPrintable(closed2.first().first().toString()));
    QCOMPARE(fake.requestsTo("/sse").size(), 2 + 4);
}

void tst_OAuthClient::loopbackUserAgent()
{
    FakeServers fake;
    OAuthClient client(fake.mcpUrl(), {});
    LoopbackUserAgent agent;
    // Nothing listens until a sign-in begins.
    QVERIFY(!agent.isListening());
    client.setUserAgent(&agent);
    // The "browser": a forged answer first (another state: answered, ignored), then it follows the
    // authorization server's redirect to the loopback listener.
    QNetworkAccessManager browser;
    QByteArray page;
    bool listeningWhileSigningIn = false;
    int forgedStatus = 0;
    connect(&agent, &LoopbackUserAgent::openUrl, this, [&](const QUrl &url) {
        listeningWhileSigningIn = agent.isListening() && agent.redirectUri().host() == QLatin1String("127.0.0.1");
        QNetworkReply *forged = browser.get(QNetworkRequest(QUrl(agent.redirectUri().toString() + QStringLiteral("?code=x&state=forged"))));
        connect(forged, &QNetworkReply::finished, this, [&, forged, url] {
            forgedStatus = forged->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            forged->deleteLater();
            QNetworkReply *reply = browser.get(QNetworkRequest(url));
            connect(reply, &QNetworkReply::finished, this, [&page, reply] {
                page = reply->readAll();
                reply->deleteLater();
            });
        });
    });
    QSignalSpy authorized(&client, &OAuthClient::authorized);
    QSignalSpy failed(&client, &OAuthClient::failed);
    client.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_VERIFY_WITH_TIMEOUT(!authorized.isEmpty() || !failed.isEmpty(), 10000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QVERIFY(listeningWhileSigningIn);
    QCOMPARE(forgedStatus, 400);
    QCOMPARE(client.authorizationHeader(), QByteArray("Bearer tok-1"));
    QTRY_VERIFY(page.contains("Authorization received"));
    const QJsonObject registration = fake.requestsTo("/register").value(0).json();
    QCOMPARE(registration.value(QLatin1String("redirect_uris")).toArray().first().toString(), agent.redirectUri().toString());

    // The sign-in is over: nothing listens, a late or forged redirect finds no one.
    QVERIFY(!agent.isListening());
    QNetworkReply *late = browser.get(QNetworkRequest(QUrl(agent.redirectUri().toString() + QStringLiteral("?code=x&state=y"))));
    QTRY_VERIFY(late->isFinished());
    QCOMPARE(late->error(), QNetworkReply::ConnectionRefusedError);
    delete late;

    // A sign-in nobody answers ends after the wait limit, and the listener closes.
    agent.setWaitLimitMs(1000);
    disconnect(&agent, &LoopbackUserAgent::openUrl, this, nullptr);
    client.setUserAgent(nullptr);
    OAuthClient unanswered(fake.mcpUrl(), {});
    unanswered.setUserAgent(&agent);
    QSignalSpy unansweredFailed(&unanswered, &OAuthClient::failed);
    unanswered.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_VERIFY(agent.isListening());
    QTRY_VERIFY_WITH_TIMEOUT(!unansweredFailed.isEmpty(), 5000);
    QVERIFY2(unansweredFailed.first().first().toString().contains(QLatin1String("no longer listens")),
             qPrintable(unansweredFailed.first().first().toString()));
    QVERIFY(!agent.isListening());
}

void tst_OAuthClient::oauthBodiesRedacted_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("secret");
    QTest::newRow("code verifier") << QByteArray("grant_type=authorization_code&code=c1&code_verifier=SECRETVERIFIER&resource=x")
                                   << QByteArray("SECRETVERIFIER");
    QTest::newRow("authorization code") << QByteArray("grant_type=authorization_code&code=SECRETCODE&redirect_uri=x")
                                        << QByteArray("SECRETCODE");
    QTest::newRow("redirect with code") << QByteArray("GET /callback?code=SECRETCODE&state=s HTTP/1.1") << QByteArray("SECRETCODE");
    QTest::newRow("client secret post") << QByteArray("grant_type=refresh_token&client_id=a&client_secret=SECRETVALUE")
                                        << QByteArray("SECRETVALUE");
    QTest::newRow("refresh token") << QByteArray("grant_type=refresh_token&refresh_token=SECRETREFRESH")
                                   << QByteArray("SECRETREFRESH");
    QTest::newRow("token exchange") << QByteArray("grant_type=urn%3Aietf&subject_token=SECRETIDTOKEN&audience=x")
                                    << QByteArray("SECRETIDTOKEN");
    QTest::newRow("jwt bearer grant") << QByteArray("grant_type=jwt&assertion=SECRETJAG&resource=x") << QByteArray("SECRETJAG");
    QTest::newRow("token answer") << QByteArray(R"({"access_token":"SECRETACCESS","token_type":"Bearer"})")
                                  << QByteArray("SECRETACCESS");
    QTest::newRow("registration answer") << QByteArray(R"({"client_id":"c","client_secret":"SECRETDCR"})")
                                         << QByteArray("SECRETDCR");
    QTest::newRow("private_key_jwt assertion")
        << QByteArray("grant_type=client_credentials&client_assertion_type=urn&client_assertion=SECRETASSERTION")
        << QByteArray("SECRETASSERTION");
    QTest::newRow("DPoP scheme in text") << QByteArray("Authorization: DPoP SECRETDPOPTOKEN") << QByteArray("SECRETDPOPTOKEN");
}

void tst_OAuthClient::oauthBodiesRedacted()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, secret);
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, body);
    QVERIFY(!TrafficCapture::redacted(event, {}).raw.contains(secret));
    TrafficCapture::ExportOptions keep;
    keep.redaction = TrafficCapture::Redaction::KeepSecrets;
    QVERIFY(TrafficCapture::redacted(event, keep).raw.contains(secret));

    // DPoP proofs and DPoP-scheme tokens in headers are credentials too.
    TrafficEvent request = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, {});
    request.headers = {{"Authorization", "DPoP SECRETDPOPTOKEN"}, {"DPoP", "SECRETPROOF"}};
    const TrafficEvent redacted = TrafficCapture::redacted(request, {});
    for (const auto &header : redacted.headers)
        QVERIFY2(!header.second.contains("SECRET"), header.first.constData());
}

void tst_OAuthClient::dpopBoundTokens()
{
    FakeServers fake;
    fake.dpopNonce = "as-nonce-1";
    fake.asMetadata.insert(QStringLiteral("dpop_signing_alg_values_supported"), QJsonArray{QStringLiteral("ES256")});
    fake.documents.insert("/.well-known/oauth-authorization-server", fake.asMetadata);
    MemoryTokenStore store;
    OAuthClient client(fake.mcpUrl(), {});
    client.setTokenStore(&store);
    HeadlessUserAgent agent;
    client.setUserAgent(&agent);
    QSignalSpy authorized(&client, &OAuthClient::authorized);
    client.unauthorized(fake.mcpUrl(), 401, {});
    QTRY_COMPARE_WITH_TIMEOUT(authorized.size(), 1, 10000);

    // The token request carried a proof, was refused for the nonce and repeated once with it.
    const QList<TestHttpRequest> tokenRequests = fake.requestsTo("/token");
    QCOMPARE(tokenRequests.size(), 2);
    const QJsonObject retried = verifiedJws(tokenRequests.last().header("dpop")).value(QLatin1String("payload")).toObject();
    QCOMPARE(retried.value(QLatin1String("nonce")).toString(), QStringLiteral("as-nonce-1"));
    QCOMPARE(retried.value(QLatin1String("htu")).toString(), fake.server.url(QStringLiteral("/token")).toString());
    QVERIFY(!retried.contains(QLatin1String("ath")));
    QVERIFY(jwtPayload(tokenRequests.first().header("dpop")).value(QLatin1String("jti"))
            != retried.value(QLatin1String("jti")));

    // The token goes with the DPoP scheme and a proof of the same key per request, with ath.
    QCOMPARE(client.tokens().tokenType, QStringLiteral("DPoP"));
    QCOMPARE(client.authorizationHeader(), QByteArray("DPoP tok-1"));
    const QString resource = fake.mcpUrl().toString();
    const Es256Key kept = Es256Key::fromPem(store.dpopKey(resource));
    QVERIFY(kept.isValid());
    QCOMPARE(client.dpopThumbprint(), kept.thumbprint());
    HttpHeaders headers = client.requestHeaders("POST", fake.mcpUrl());
    QCOMPARE(headers.size(), 2);
    QCOMPARE(headers.at(0), (QPair<QByteArray, QByteArray>("Authorization", "DPoP tok-1")));
    QCOMPARE(headers.at(1).first, QByteArray("DPoP"));
    const QJsonObject proof = verifiedJws(headers.at(1).second);
    QCOMPARE(proof.value(QLatin1String("header")).toObject().value(QLatin1String("jwk")).toObject(), kept.publicJwk());
    QVERIFY(proof.value(QLatin1String("payload")).toObject().contains(QLatin1String("ath")));

    // A resource server nonce (RFC 9449 9): the next proof carries it, and its challenge is answered
    // at once, without a new authorization.
    client.responseReceived({{"DPoP-Nonce", "rs-nonce-1"}});
    client.unauthorized(fake.mcpUrl(), 401, R"(DPoP error="use_dpop_nonce", error_description="nonce")");
    QTRY_COMPARE_WITH_TIMEOUT(authorized.size(), 2, 10000);
    QCOMPARE(fake.requestsTo("/token").size(), 2);
    headers = client.requestHeaders("POST", fake.mcpUrl());
    QCOMPARE(jwtPayload(headers.at(1).second).value(QLatin1String("nonce")).toString(), QStringLiteral("rs-nonce-1"));

    // Another client with the same store proves with the same key; forgetting the key ends that.
    OAuthClient later(fake.mcpUrl(), {});
    later.setTokenStore(&store);
    const QJsonObject laterProof = verifiedJws(later.requestHeaders("GET", fake.mcpUrl()).value(1).second);
    QCOMPARE(laterProof.value(QLatin1String("header")).toObject().value(QLatin1String("jwk")).toObject(), kept.publicJwk());
    QCOMPARE(laterProof.value(QLatin1String("payload")).toObject().value(QLatin1String("htm")).toString(), QStringLiteral("GET"));
    store.setDpopKey(resource, {});
    OAuthClient forgotten(fake.mcpUrl(), {});
    forgotten.setTokenStore(&store);
    QCOMPARE(forgotten.requestHeaders("POST", fake.mcpUrl()).size(), 1); // no proof without the key
}

QTEST_GUILESS_MAIN(tst_OAuthClient)
#include "tst_oauthclient.moc"
