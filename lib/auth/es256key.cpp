#include "es256key.h"

#include <QCryptographicHash>
#include <QJsonDocument>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

namespace Mcp {

namespace {

constexpr int CoordinateSize = 32; // P-256

QByteArray base64Url(const QByteArray &bytes)
{
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray coordinate(const EVP_PKEY *key, const char *name)
{
    BIGNUM *number = nullptr;
    if (!EVP_PKEY_get_bn_param(key, name, &number))
        return {};
    QByteArray bytes(CoordinateSize, Qt::Uninitialized);
    const bool ok = BN_bn2binpad(number, reinterpret_cast<unsigned char *>(bytes.data()), CoordinateSize) == CoordinateSize;
    BN_free(number);
    return ok ? bytes : QByteArray();
}

bool isP256(const EVP_PKEY *key)
{
    char group[64] = {};
    return EVP_PKEY_get_base_id(key) == EVP_PKEY_EC
        && EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, nullptr)
        && qstrcmp(group, "prime256v1") == 0;
}

} // namespace

struct Es256Key::Key
{
    explicit Key(EVP_PKEY *key) : pkey(key) {}
    ~Key() { EVP_PKEY_free(pkey); }
    Key(const Key &) = delete;
    Key &operator=(const Key &) = delete;
    EVP_PKEY *pkey;
};

Es256Key::Es256Key() = default;
Es256Key::~Es256Key() = default;
Es256Key::Es256Key(const Es256Key &) = default;
Es256Key &Es256Key::operator=(const Es256Key &) = default;

Es256Key Es256Key::generate()
{
    Es256Key result;
    if (EVP_PKEY *key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"))
        result.m_key = std::make_shared<const Key>(key);
    return result;
}

Es256Key Es256Key::fromPem(const QByteArray &pem)
{
    Es256Key result;
    BIO *bio = BIO_new_mem_buf(pem.constData(), int(pem.size()));
    if (!bio)
        return result;
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
    BIO_free(bio);
    if (key && isP256(key))
        result.m_key = std::make_shared<const Key>(key);
    else
        EVP_PKEY_free(key);
    return result;
}

QByteArray Es256Key::privateKeyPem() const
{
    if (!m_key)
        return {};
    BIO *bio = BIO_new(BIO_s_mem());
    QByteArray pem;
    if (bio && PEM_write_bio_PrivateKey(bio, m_key->pkey, nullptr, nullptr, 0, nullptr, nullptr)) {
        char *data = nullptr;
        const long size = BIO_get_mem_data(bio, &data);
        pem = QByteArray(data, size);
    }
    BIO_free(bio);
    return pem;
}

QJsonObject Es256Key::publicJwk() const
{
    if (!m_key)
        return {};
    return {{QStringLiteral("kty"), QStringLiteral("EC")},
            {QStringLiteral("crv"), QStringLiteral("P-256")},
            {QStringLiteral("x"), QString::fromLatin1(base64Url(coordinate(m_key->pkey, OSSL_PKEY_PARAM_EC_PUB_X)))},
            {QStringLiteral("y"), QString::fromLatin1(base64Url(coordinate(m_key->pkey, OSSL_PKEY_PARAM_EC_PUB_Y)))}};
}

QByteArray Es256Key::thumbprint() const
{
    const QJsonObject jwk = publicJwk();
    if (jwk.isEmpty())
        return {};
    // RFC 7638 3.2: the required members only, sorted, no whitespace (QJsonObject keeps keys sorted).
    const QJsonObject required{{QStringLiteral("crv"), jwk.value(QLatin1String("crv"))},
                               {QStringLiteral("kty"), jwk.value(QLatin1String("kty"))},
                               {QStringLiteral("x"), jwk.value(QLatin1String("x"))},
                               {QStringLiteral("y"), jwk.value(QLatin1String("y"))}};
    return base64Url(QCryptographicHash::hash(QJsonDocument(required).toJson(QJsonDocument::Compact),
                                              QCryptographicHash::Sha256));
}

QByteArray Es256Key::sign(const QByteArray &input) const
{
    if (!m_key)
        return {};
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    QByteArray der;
    size_t size = 0;
    if (context && EVP_DigestSignInit(context, nullptr, EVP_sha256(), nullptr, m_key->pkey) == 1
        && EVP_DigestSign(context, nullptr, &size, reinterpret_cast<const unsigned char *>(input.constData()),
                          size_t(input.size())) == 1) {
        der.resize(qsizetype(size));
        if (EVP_DigestSign(context, reinterpret_cast<unsigned char *>(der.data()), &size,
                           reinterpret_cast<const unsigned char *>(input.constData()), size_t(input.size())) == 1)
            der.resize(qsizetype(size));
        else
            der.clear();
    }
    EVP_MD_CTX_free(context);
    if (der.isEmpty())
        return {};
    // OpenSSL gives DER (SEQUENCE of r and s); JWS wants the two numbers side by side.
    const unsigned char *cursor = reinterpret_cast<const unsigned char *>(der.constData());
    ECDSA_SIG *signature = d2i_ECDSA_SIG(nullptr, &cursor, long(der.size()));
    if (!signature)
        return {};
    QByteArray raw(2 * CoordinateSize, Qt::Uninitialized);
    auto *out = reinterpret_cast<unsigned char *>(raw.data());
    const bool ok = BN_bn2binpad(ECDSA_SIG_get0_r(signature), out, CoordinateSize) == CoordinateSize
        && BN_bn2binpad(ECDSA_SIG_get0_s(signature), out + CoordinateSize, CoordinateSize) == CoordinateSize;
    ECDSA_SIG_free(signature);
    return ok ? raw : QByteArray();
}

QByteArray Es256Key::signJwt(QJsonObject header, const QJsonObject &claims) const
{
    header.insert(QStringLiteral("alg"), QStringLiteral("ES256"));
    const QByteArray input = base64Url(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
        + base64Url(QJsonDocument(claims).toJson(QJsonDocument::Compact));
    const QByteArray signature = sign(input);
    return signature.isEmpty() ? QByteArray() : input + '.' + base64Url(signature);
}

} // namespace Mcp
