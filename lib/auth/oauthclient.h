#pragma once

#include "es256key.h"
#include "oauthtypes.h"
#include "transport/httpauthorizer.h"

#include <QJsonObject>
#include <QPointer>
#include <QUrl>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace Mcp {

class AuthorizationUserAgent;
struct ServerAuth;

// The OAuth 2.1 client of the MCP authorization spec, for one HTTP MCP server. Given to the
// transport as its HttpAuthorizer (HttpTransportOptions::authorizer): on a 401 it discovers the
// Protected Resource Metadata (RFC 9728) and the authorization server's metadata (RFC 8414 /
// OpenID discovery; 2025-03-26 servers: metadata at the server root or /authorize, /token,
// /register there), identifies the client (pre-registered, Client ID Metadata Document, or
// Dynamic Client Registration RFC 7591), runs the authorization code flow with PKCE S256,
// state and resource indicators (RFC 8707) through an AuthorizationUserAgent, or the
// client_credentials grant, and keeps the tokens in a TokenStore. A 401 with a refresh token
// refreshes first; a 403 insufficient_scope re-authorizes with the wider scope (step-up).
// Every HTTP exchange is emitted as a TrafficEvent. Lives in the thread of the transport that
// uses it (its signals reach the transport directly); the user agent lives there too.
class OAuthClient : public HttpAuthorizer
{
    Q_OBJECT

public:
    enum class Grant : quint8 {
        Automatic,         // authorization code; client credentials when the server offers only that
        AuthorizationCode,
        ClientCredentials, // needs a pre-registered client id and secret
    };

    struct Settings
    {
        Grant grant = Grant::Automatic;
        // Pre-registered credentials; empty: Client ID Metadata Document or dynamic registration.
        QString clientId;
        QString clientSecret;
        // The issuer of the authorization server that issued clientId (and the workload token's
        // audience). Empty: the MCP server's own origin only; at another origin the configured
        // credentials go nowhere unless askForForeignIssuer and the person agrees. Named: at
        // another authorization server the client registers anew instead.
        QString clientIssuer;
        // With no clientIssuer, an authorization server at another origin than the MCP server's
        // asks (foreignIssuerApprovalNeeded()) before the configured credentials go there; false:
        // refused.
        bool askForForeignIssuer = false;
        // private_key_jwt (RFC 7523 2.2, SEP-1046): the pre-registered client's ES256 private key
        // (PEM). When set, token requests carry a signed client assertion instead of a secret.
        QByteArray clientPrivateKeyPem;
        // Workload identity federation (SEP-1933): a JWT from the workload's identity provider,
        // exchanged in the RFC 7523 jwt-bearer grant. When set, that is the only grant tried.
        QByteArray workloadIdentityToken;
        // DPoP (RFC 9449): bind the tokens to this client's key pair when the authorization
        // server takes ES256 proofs (dpop_signing_alg_values_supported).
        bool useDpop = true;
        // The https URL of this client's metadata document, used as client_id when the
        // authorization server says client_id_metadata_document_supported.
        QUrl clientMetadataUrl;
        QString clientName = QStringLiteral("MCP Scope");
        // Scopes to ask for instead of the server's (space-separated); empty: the spec's selection.
        QString scope;
        // Ask for offline_access (a refresh token) when the authorization server lists it.
        bool requestOfflineAccess = true;
        QByteArray userAgent = QByteArrayLiteral("MCPScope");
        int transferTimeoutMs = 20000;
        // How long the exchanges of one authorization round with the authorization servers may
        // take together (discovery, registration, tokens; the time at the browser not counted).
        // 0: no bound.
        int deadlineMs = 30000;
        // Cross-app access (SEP-990, Enterprise-Managed Authorization): an identity
        // provider's ID token, exchanged there for an ID-JAG, which the authorization server
        // takes in a JWT bearer grant. Used when idpIdToken is set.
        QString idpIdToken;
        QUrl idpTokenEndpoint;
        QString idpClientId;
    };

    OAuthClient(const QUrl &serverUrl, const Settings &settings, QObject *parent = nullptr);
    ~OAuthClient() override;

    // Not owned. Without one, the authorization code flow fails with a clear message.
    void setUserAgent(AuthorizationUserAgent *agent);
    // Not owned; null: a private MemoryTokenStore.
    void setTokenStore(TokenStore *store);

    QByteArray authorizationHeader() const override;
    HttpHeaders requestHeaders(const QByteArray &method, const QUrl &url) const override;
    void setNetworkSettings(const NetworkSettings &settings) override;
    void responseReceived(const HttpHeaders &headers) override;
    void unauthorized(const QUrl &resource, int status, const QByteArray &wwwAuthenticate) override;

    // Abandons a running authorization (failed() follows).
    void cancel();
    // The answer to foreignIssuerApprovalNeeded(issuer): whether the configured credentials may go there.
    void answerForeignIssuer(const QString &issuer, bool approved);
    OAuthTokens tokens() const;
    // The issuer identifier of the authorization server in use, as the resource metadata names it.
    QString issuer() const { return m_issuer; }
    // The resource indicator sent to the authorization server.
    QString resource() const;
    // The RFC 7638 thumbprint of this server's DPoP key (base64url); empty: no key yet.
    QByteArray dpopThumbprint() const { return m_dpopKey.thumbprint(); }

    // A DPoP proof (RFC 9449 4.2) for one request: a fresh jti, htu without query and fragment,
    // ath when an access token goes with it, the server's nonce when it gave one.
    static QByteArray dpopProof(const Es256Key &key, const QByteArray &method, const QUrl &url,
                                const QString &accessToken = {}, const QByteArray &nonce = {});
    // A client assertion for private_key_jwt (RFC 7523 2.2): iss and sub the client id, aud the issuer.
    static QByteArray clientAssertion(const Es256Key &key, const QString &clientId, const QString &audience);

    // PKCE (RFC 7636): a fresh verifier, and the S256 challenge of one.
    static QByteArray createCodeVerifier();
    static QByteArray codeChallenge(const QByteArray &verifier);
    // The URLs tried for an issuer's metadata, in the spec's order.
    static QList<QUrl> authorizationServerMetadataUrls(const QUrl &issuer);
    // The URLs tried for a server's Protected Resource Metadata without a resource_metadata hint.
    static QList<QUrl> protectedResourceMetadataUrls(const QUrl &serverUrl);
    // Whether an authorization answer may be redeemed (RFC 9207 as the 2026-07-28 revision applies
    // it): a present iss must equal the issuer exactly; an absent one is refused only when the
    // server advertises authorization_response_iss_parameter_supported. Empty: fine, else why not.
    static QString issuerProblem(const QUrl &redirect, const QString &issuer, bool issAdvertised);
    // Whether an authorization server endpoint may be used (OAuth 2.1 1.5): https, or http on a
    // loopback host. Empty: fine, else why not.
    static QString endpointSecurityProblem(const QUrl &url);
    // localhost, 127.0.0.0/8 or ::1.
    static bool isLoopbackHost(const QString &host);
    // DCR's application_type (SEP-837): "native" for a loopback or private-scheme redirect, else "web".
    static QString applicationType(const QUrl &redirectUri);
    // Whether metadata naming `resource` may be used for `serverUrl` (same origin, path prefix).
    static bool resourceMatches(const QUrl &serverUrl, const QString &resource);
    // Protected Resource Metadata (RFC 9728) read from `url` for `serverUrl`: empty and the
    // authorization server it names in *issuer, or why it cannot be used.
    static QString resourceMetadataProblem(const QUrl &serverUrl, const QUrl &url, const QJsonObject &metadata,
                                           QString *issuer);
    // Authorization server metadata (RFC 8414) read from `url` for `issuer`: empty and its
    // endpoints, or why it cannot be used.
    struct Endpoints
    {
        QUrl authorization;
        QUrl token;
        QUrl registration;
    };
    static QString authorizationServerMetadataProblem(const QString &issuer, const QUrl &url,
                                                      const QJsonObject &metadata, Endpoints *endpoints);
    // The settings a server's configuration asks for (pre-registered client, scopes, grant, keys).
    // The client key and the workload token are read from their files now; a file that cannot
    // be read leaves its setting empty and says why in *error.
    static Settings settingsFor(const ServerAuth &auth, QString *error = nullptr);

Q_SIGNALS:
    // The configured credentials would go to an authorization server at another origin than the
    // MCP server's, which no clientIssuer names (Settings::askForForeignIssuer); the round waits
    // for answerForeignIssuer().
    void foreignIssuerApprovalNeeded(const QString &issuer);

private:
    struct Flow;
    struct HttpResult
    {
        int status = 0;
        QByteArray body;
        HttpHeaders headers;
        QString errorString;
        bool ok() const { return status >= 200 && status < 300; }
        QJsonObject json() const;
        QByteArray header(const QByteArray &name) const; // case-insensitive; empty: absent
    };
    using Done = std::function<void(const HttpResult &)>;

    void request(const QByteArray &method, const QUrl &url, const QByteArray &body, const QByteArray &contentType,
                 const HttpHeaders &headers, const QString &purpose, Done done);
    void fetchFirstJson(const QList<QUrl> &urls, int index, const QString &purpose,
                        std::function<void(const QUrl &, const QJsonObject &)> found, std::function<void()> none);
    void discover(std::function<void()> then);
    void useAuthorizationServer(const QString &issuer, bool legacy, std::function<void()> then);
    void discoverAuthorizationServer(bool legacy, std::function<void()> then);
    void proceed();
    void identify(std::function<void()> then);
    // The configured client when it belongs to the authorization server in use; else empty.
    OAuthClientRegistration preRegisteredClient() const;
    // Whether the configured credentials (client, workload token) may go to the authorization
    // server in use: its issuer is the configured one, or it is at the MCP server's origin, or the
    // person agreed.
    bool credentialsBoundHere() const;
    bool hasConfiguredCredentials() const;
    // The time left of the round's deadline (Settings::deadlineMs); -1: no bound.
    qint64 remainingMs() const;
    void authorizeWithCode();
    void onRedirected(const QUrl &url);
    void refresh();
    void clientCredentials();
    void crossAppAccess();
    void workloadIdentity();
    bool usesDpop() const;
    void loadDpopKey();
    void tokenRequest(QList<QPair<QString, QString>> form, const QString &purpose, bool nonceRetried = false);
    QString selectScope() const;
    QString storeKey() const;
    QString tokenEndpointAuthMethod() const;
    // A check passed or a decision taken, for the traffic log and the Authorization page.
    void noteStep(const QString &text);
    void succeed(const OAuthTokens &tokens);
    void fail(const QString &reason);

    QUrl m_serverUrl;
    Settings m_settings;
    SecureNetworkAccessManager *m_nam = nullptr;
    QPointer<AuthorizationUserAgent> m_agent;
    TokenStore *m_store = nullptr;
    std::unique_ptr<MemoryTokenStore> m_ownStore;
    std::unique_ptr<Flow> m_flow;
    quint64 m_flowId = 0;
    quint64 m_nextExchangeId = 0;

    // Discovery, kept across authorizations (step-up, refresh).
    bool m_discovered = false;
    QUrl m_prmUrl;
    QJsonObject m_prm;
    QString m_issuer;           // exactly as named; compared as a string, never normalized
    QJsonObject m_asMetadata;
    QUrl m_authorizationEndpoint;
    QUrl m_tokenEndpoint;
    QUrl m_registrationEndpoint;
    OAuthClientRegistration m_client;
    QString m_requestedScope;   // of the last authorization, widened by step-up
    QStringList m_approvedIssuers; // foreign issuers the person let the credentials go to
    bool m_lastRoundRefreshed = false;
    // DPoP: the key (from the token store, or made on first use) and the latest nonces.
    Es256Key m_dpopKey;
    QByteArray m_asNonce;
    QByteArray m_rsNonce;
    bool m_rsNonceChanged = false;
};

} // namespace Mcp
