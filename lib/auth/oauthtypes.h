#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Mcp {

// Tokens granted for one protected resource (an MCP server).
struct OAuthTokens
{
    QString accessToken;
    QString tokenType;      // "Bearer"
    QString refreshToken;
    QString scope;          // as granted (space-separated); empty when the server did not say
    QDateTime expiresAt;    // invalid: unknown

    bool isValid() const { return !accessToken.isEmpty(); }
    bool isExpired(const QDateTime &now = QDateTime::currentDateTimeUtc()) const
    {
        return expiresAt.isValid() && now >= expiresAt;
    }
};

// This client's identity at one authorization server: pre-registered, a Client ID
// Metadata Document URL, or the answer of Dynamic Client Registration (RFC 7591).
struct OAuthClientRegistration
{
    QString clientId;
    QString clientSecret;
    QString tokenEndpointAuthMethod; // none, client_secret_basic, client_secret_post; empty: choose
    QString redirectUri;             // registered with it (dynamic registration); empty: any

    bool isValid() const { return !clientId.isEmpty(); }
};

// The parameters of a "WWW-Authenticate: Bearer ..." challenge (RFC 6750, RFC 9728).
struct BearerChallenge
{
    QUrl resourceMetadata;
    QString scope;
    QString error;
    QString errorDescription;

    static BearerChallenge parse(const QByteArray &header);
};

// Where OAuthClient keeps tokens and registrations. The library holds them in memory
// (MemoryTokenStore); the application may persist them (a keychain) by implementing this.
class TokenStore
{
public:
    virtual ~TokenStore() = default;
    // resource: the MCP server's canonical URL; empty tokens mean "forget".
    virtual OAuthTokens tokens(const QString &resource) const = 0;
    virtual void setTokens(const QString &resource, const OAuthTokens &tokens) = 0;
    // issuer: the authorization server's URL.
    virtual OAuthClientRegistration registration(const QString &issuer) const = 0;
    virtual void setRegistration(const QString &issuer, const OAuthClientRegistration &registration) = 0;
};

class MemoryTokenStore final : public TokenStore
{
public:
    OAuthTokens tokens(const QString &resource) const override { return m_tokens.value(resource); }
    void setTokens(const QString &resource, const OAuthTokens &tokens) override
    {
        if (tokens.isValid())
            m_tokens.insert(resource, tokens);
        else
            m_tokens.remove(resource);
    }
    OAuthClientRegistration registration(const QString &issuer) const override { return m_registrations.value(issuer); }
    void setRegistration(const QString &issuer, const OAuthClientRegistration &registration) override
    {
        m_registrations.insert(issuer, registration);
    }

private:
    QHash<QString, OAuthTokens> m_tokens;
    QHash<QString, OAuthClientRegistration> m_registrations;
};

} // namespace Mcp
