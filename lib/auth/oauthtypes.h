#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Mcp {

// The largest answer an authorization server (or the pages of a headless sign-in) may send:
// metadata, registrations and tokens are a few kilobytes. Larger ones are cut off unread.
constexpr qint64 MaxOAuthResponseBytes = 1024 * 1024;

// Tokens granted for one protected resource (an MCP server).
struct OAuthTokens
{
    QString accessToken;
    QString tokenType;      // "Bearer", or "DPoP" for a token bound to this client's DPoP key
    QString refreshToken;
    QString scope;          // as granted (space-separated); empty when the server did not say
    QDateTime expiresAt;    // invalid: unknown
    // The authorization server that issued them (its issuer identifier): a refresh token is
    // only ever sent back there. Empty: unknown (stored by an older version), never refreshed.
    QString issuer;

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
    // issuer: the authorization server's issuer identifier, exactly as its metadata gives it; a
    // registration is only ever used at the server that issued it.
    virtual OAuthClientRegistration registration(const QString &issuer) const = 0;
    virtual void setRegistration(const QString &issuer, const OAuthClientRegistration &registration) = 0;
    // The DPoP key pair for one resource (a PEM private key; empty: none, or forget it). A store
    // that keeps nothing here makes every OAuthClient start with a fresh key.
    virtual QByteArray dpopKey(const QString &resource) const
    {
        Q_UNUSED(resource)
        return {};
    }
    virtual void setDpopKey(const QString &resource, const QByteArray &pem)
    {
        Q_UNUSED(resource)
        Q_UNUSED(pem)
    }
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
    QByteArray dpopKey(const QString &resource) const override { return m_dpopKeys.value(resource); }
    void setDpopKey(const QString &resource, const QByteArray &pem) override
    {
        if (pem.isEmpty())
            m_dpopKeys.remove(resource);
        else
            m_dpopKeys.insert(resource, pem);
    }

private:
    QHash<QString, OAuthTokens> m_tokens;
    QHash<QString, OAuthClientRegistration> m_registrations;
    QHash<QString, QByteArray> m_dpopKeys;
};

} // namespace Mcp
