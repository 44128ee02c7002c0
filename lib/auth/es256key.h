#pragma once

#include <QByteArray>
#include <QJsonObject>

#include <memory>

namespace Mcp {

// An ECDSA P-256 key pair for ES256 signatures (RFC 7518 3.4), made and used through OpenSSL;
// the only place the auth layer touches cryptography beyond hashing. Cheap to copy (shared).
class Es256Key
{
public:
    Es256Key();
    ~Es256Key();
    Es256Key(const Es256Key &);
    Es256Key &operator=(const Es256Key &);

    static Es256Key generate();
    // A private key in PEM (PKCS#8 "PRIVATE KEY" or SEC1 "EC PRIVATE KEY"); invalid when it is
    // not a P-256 key.
    static Es256Key fromPem(const QByteArray &pem);

    bool isValid() const { return m_key != nullptr; }
    // PKCS#8 PEM, for a secret store; the private half, never for a log or a plain file.
    QByteArray privateKeyPem() const;
    // The public half as a JWK (kty, crv, x, y).
    QJsonObject publicJwk() const;
    // The RFC 7638 SHA-256 thumbprint of publicJwk(), base64url (DPoP's jkt).
    QByteArray thumbprint() const;
    // The JWS signature of `input`: SHA-256, then r and s as 32 bytes each (RFC 7518 3.4). Empty on failure.
    QByteArray sign(const QByteArray &input) const;
    // A compact JWS: header (alg ES256 added) and claims, signed. Empty on failure.
    QByteArray signJwt(QJsonObject header, const QJsonObject &claims) const;

private:
    struct Key;
    std::shared_ptr<const Key> m_key;
};

} // namespace Mcp
