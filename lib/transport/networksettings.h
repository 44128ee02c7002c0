#pragma once

#include <QByteArray>
#include <QList>
#include <QNetworkAccessManager>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslError>
#include <QSslKey>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QNetworkProxy;
class QNetworkProxyFactory;
class QNetworkReply;
class QNetworkRequest;
QT_END_NAMESPACE

namespace Mcp {

// What a server's TLS connections trust beyond the system's store, and the certificate they
// present. Nothing here weakens the default: an empty TlsSettings is the system store alone.
struct TlsSettings
{
    // PEM files of certification authorities trusted for this server, besides the system's.
    QStringList caFiles;
    // SHA-256 fingerprints (lower-case hex, 64 digits) of leaf certificates trusted for this server.
    // When set, the server's certificate must be one of them, whether the system trusts it or not:
    // a later different certificate is refused, with both fingerprints in the error.
    QList<QByteArray> pinnedSha256;
    // Mutual TLS: the client certificate and its private key (PEM files, read at each connection).
    QString clientCertificateFile;
    QString clientKeyFile;
    QByteArray clientKeyPassphrase; // a secret: kept in the keychain, never in the catalog
    // A key imported into the keychain (PEM), used when clientKeyFile is empty: a secret, as above.
    QByteArray clientKeyPem;
    // Accept any certificate. Only the CLI's --insecure sets it, with a warning; it is never saved.
    bool insecure = false;

    bool isDefault() const { return *this == TlsSettings(); }
    friend bool operator==(const TlsSettings &a, const TlsSettings &b)
    {
        return a.caFiles == b.caFiles && a.pinnedSha256 == b.pinnedSha256
            && a.clientCertificateFile == b.clientCertificateFile && a.clientKeyFile == b.clientKeyFile
            && a.clientKeyPassphrase == b.clientKeyPassphrase && a.clientKeyPem == b.clientKeyPem
            && a.insecure == b.insecure;
    }
    friend bool operator!=(const TlsSettings &a, const TlsSettings &b) { return !(a == b); }
};

// Which proxy a server's connections go through.
struct ProxySettings
{
    enum class Mode : quint8 {
        System, // HTTPS_PROXY / HTTP_PROXY / ALL_PROXY / NO_PROXY (either case), else the desktop's settings
        None,   // straight to the server
        Manual, // url
    };
    Mode mode = Mode::System;
    QUrl url;         // Manual: http://[user@]host:port or socks5://[user@]host:port, no password
    QString password; // a secret: kept in the keychain, never in the catalog

    bool isDefault() const { return *this == ProxySettings(); }
    friend bool operator==(const ProxySettings &a, const ProxySettings &b)
    {
        return a.mode == b.mode && a.url == b.url && a.password == b.password;
    }
    friend bool operator!=(const ProxySettings &a, const ProxySettings &b) { return !(a == b); }
};

// How one server's network connections (HTTP, WebSocket, and OAuth's requests for it) are made.
struct NetworkSettings
{
    TlsSettings tls;
    ProxySettings proxy;

    bool isDefault() const { return tls.isDefault() && proxy.isDefault(); }
    friend bool operator==(const NetworkSettings &a, const NetworkSettings &b)
    {
        return a.tls == b.tls && a.proxy == b.proxy;
    }
    friend bool operator!=(const NetworkSettings &a, const NetworkSettings &b) { return !(a == b); }
};

// Why a TLS connection was refused: what the server presented and what was wrong with it, for a
// person to decide whether to trust it (the window's trust dialog, the CLI's error).
struct TlsFailure
{
    QString host;
    int port = 0;
    QList<QSslCertificate> chain;   // as the server sent it, leaf first
    QList<QSslError> errors;        // what verification found (empty when only a pin failed)
    QByteArray presentedSha256;     // the leaf's fingerprint
    QList<QByteArray> pinnedSha256; // the pins it did not match; empty when none is set

    bool isPinMismatch() const { return !pinnedSha256.isEmpty(); }
    // One paragraph: the errors, or the pinned and presented fingerprints.
    QString describe() const;
};

namespace NetworkTrust {

// The certificate's SHA-256 fingerprint (lower-case hex).
QByteArray sha256Of(const QSslCertificate &certificate);
// "AB:CD:…" as openssl and browsers show it.
QString displayFingerprint(const QByteArray &hexFingerprint);
// A fingerprint as a person or a tool writes it (hex with or without colons, any case, an optional
// "sha256:" or "sha256/" prefix) in lower-case hex; nullopt unless it is 64 hex digits.
std::optional<QByteArray> parseFingerprint(const QString &text);

// The CA certificates in a PEM file; empty with *error when it cannot be read or holds none.
QList<QSslCertificate> readCaFile(const QString &path, QString *error);
// The CAs of SSL_CERT_FILE and SSL_CERT_DIR (as OpenSSL's tools read them), when set.
QList<QSslCertificate> environmentCaCertificates();

// A PEM private key opened with its passphrase (RSA, EC or DSA); null with *error (naming `where`)
// when it is not one or the passphrase does not open it.
QSslKey readPrivateKey(const QByteArray &pem, const QByteArray &passphrase, const QString &where, QString *error);

// The TLS configuration of a connection: the system's store, SSL_CERT_FILE/SSL_CERT_DIR, the
// settings' CA files and its client certificate and key (the file, else the imported one). nullopt with *error when a file cannot be
// read, a key does not open with its passphrase or does not belong to the certificate.
std::optional<QSslConfiguration> sslConfigurationFor(const TlsSettings &settings, QString *error);

// What to do with the errors a handshake reported: ignore them all (the leaf matches a pin, or
// settings.insecure), or refuse (nullopt) and describe why in *failure.
std::optional<QList<QSslError>> errorsToIgnore(const TlsSettings &settings, const QList<QSslError> &errors,
                                               const QList<QSslCertificate> &chain, TlsFailure *failure);
// After a handshake that verified: with pins set, the leaf must still be one of them.
bool leafMatchesPins(const TlsSettings &settings, const QList<QSslCertificate> &chain, TlsFailure *failure);

// The TlsFailure a reply of a SecureNetworkAccessManager ended with; null when TLS was not why it failed.
std::shared_ptr<const TlsFailure> tlsFailureOf(const QNetworkReply *reply);

// Answers the handshake of a socket (QSslSocket, QWebSocket) as SecureNetworkAccessManager
// answers a reply's: errors are ignored only for a pin or `insecure`, and once `connectedSignal`
// comes the leaf must match the pins; otherwise `refused` hears why (after a pin mismatch the
// socket is aborted; after errors the handshake fails by itself).
template <typename Socket, typename Signal>
void guardHandshake(Socket *socket, Signal connectedSignal, const TlsSettings &settings, const QUrl &target,
                    const std::function<void(const TlsFailure &)> &refused)
{
    const auto failureFor = [target] {
        TlsFailure failure;
        failure.host = target.host();
        failure.port = target.port(443);
        return failure;
    };
    QObject::connect(socket, &Socket::sslErrors, socket, [socket, settings, failureFor, refused](const QList<QSslError> &errors) {
        TlsFailure failure = failureFor();
        if (const auto ignore = errorsToIgnore(settings, errors, socket->sslConfiguration().peerCertificateChain(), &failure))
            socket->ignoreSslErrors(*ignore);
        else
            refused(failure);
    });
    QObject::connect(socket, connectedSignal, socket, [socket, settings, failureFor, refused] {
        TlsFailure failure = failureFor();
        if (leafMatchesPins(settings, socket->sslConfiguration().peerCertificateChain(), &failure))
            return;
        refused(failure);
        socket->abort();
    });
}

// The proxy for one URL. `source` (optional) says where it came from: "HTTPS_PROXY", "the
// system settings", "this server's settings"; empty when there is none.
QNetworkProxy proxyFor(const ProxySettings &settings, const QUrl &target, QString *source = nullptr);
// The proxy as a person reads it ("http://proxy.example:3128"), without a password; empty: none.
QString describeProxy(const QNetworkProxy &proxy);
// A QNetworkProxyFactory that answers with proxyFor(settings, url): one per QNetworkAccessManager
// (which takes ownership).
QNetworkProxyFactory *proxyFactory(const ProxySettings &settings);

} // namespace NetworkTrust

// A QNetworkAccessManager that makes every connection as a server's NetworkSettings say: its
// proxy, its TLS configuration on every request, errors answered by NetworkTrust::errorsToIgnore,
// pins checked after every handshake, and the TlsFailure kept on the reply that was refused.
class SecureNetworkAccessManager : public QNetworkAccessManager
{
    Q_OBJECT

public:
    explicit SecureNetworkAccessManager(QObject *parent = nullptr);
    // False with *error when the settings cannot be used (an unreadable file, a wrong passphrase);
    // the manager then keeps the system's defaults.
    bool setNetworkSettings(const NetworkSettings &settings, QString *error);
    const NetworkSettings &networkSettings() const { return m_settings; }

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request, QIODevice *outgoingData) override;

private:
    void judgeErrors(QNetworkReply *reply, const QList<QSslError> &errors);
    void checkPins(QNetworkReply *reply);

    NetworkSettings m_settings;
    std::optional<QSslConfiguration> m_ssl;
};

} // namespace Mcp
