#include "networkoptions.h"

#include <QUrl>

namespace Mcp::Cli {

const QStringList &NetworkOptions::valuedNames()
{
    static const QStringList names{QStringLiteral("--ca-file"), QStringLiteral("--pin-sha256"),
                                   QStringLiteral("--client-cert"), QStringLiteral("--client-key"),
                                   QStringLiteral("--client-key-passphrase-env"), QStringLiteral("--proxy")};
    return names;
}

const QStringList &NetworkOptions::flagNames()
{
    static const QStringList names{QStringLiteral("--insecure"), QStringLiteral("--no-proxy")};
    return names;
}

QString NetworkOptions::helpText()
{
    return tr("TLS and proxies (https://, wss://):\n"
              "  --ca-file PEM            also trust the certification authorities in PEM (repeatable);\n"
              "                           SSL_CERT_FILE and SSL_CERT_DIR are read as OpenSSL reads them\n"
              "  --pin-sha256 FP          trust exactly the certificate with this SHA-256 fingerprint\n"
              "                           (hex, colons optional; repeatable): a self-signed server, and\n"
              "                           no other certificate, even a valid one\n"
              "  --insecure               accept any certificate (said on stderr; never saved)\n"
              "  --client-cert PEM        present this client certificate (mutual TLS), with\n"
              "  --client-key PEM         its private key, whose passphrase, if it has one, is read from\n"
              "  --client-key-passphrase-env NAME   the environment variable NAME\n"
              "  --proxy URL              go through this proxy (http://host:port, socks5://host:port)\n"
              "  --no-proxy               go straight to the server; by default HTTPS_PROXY,\n"
              "                           HTTP_PROXY, ALL_PROXY and NO_PROXY are read, then the desktop's\n"
              "                           proxy settings\n");
}

QString NetworkOptions::take(const QString &name, const QString &value)
{
    if (name == QLatin1String("--ca-file")) {
        caFiles.append(value);
    } else if (name == QLatin1String("--pin-sha256")) {
        const std::optional<QByteArray> pin = NetworkTrust::parseFingerprint(value);
        if (!pin)
            return tr("--pin-sha256 expects a SHA-256 fingerprint (64 hex digits, colons optional), got \"%1\"").arg(value);
        pins.append(*pin);
    } else if (name == QLatin1String("--client-cert")) {
        clientCertificateFile = value;
    } else if (name == QLatin1String("--client-key")) {
        clientKeyFile = value;
    } else if (name == QLatin1String("--client-key-passphrase-env")) {
        passphraseVariable = value;
    } else if (name == QLatin1String("--proxy")) {
        const QUrl url = QUrl::fromUserInput(value);
        if (!url.isValid() || url.host().isEmpty()
            || !QStringList{QStringLiteral("http"), QStringLiteral("socks5"), QStringLiteral("socks5h")}.contains(url.scheme()))
            return tr("--proxy expects http://HOST:PORT or socks5://HOST:PORT, got \"%1\"").arg(value);
        if (noProxy)
            return tr("--proxy and --no-proxy cannot be given together");
        proxy = value;
    } else if (name == QLatin1String("--no-proxy")) {
        if (proxy)
            return tr("--proxy and --no-proxy cannot be given together");
        noProxy = true;
    } else if (name == QLatin1String("--insecure")) {
        insecure = true;
    }
    return {};
}

QString NetworkOptions::applyTo(NetworkSettings *settings) const
{
    TlsSettings &tls = settings->tls;
    for (const QString &file : caFiles) {
        if (!tls.caFiles.contains(file))
            tls.caFiles.append(file);
    }
    for (const QByteArray &pin : pins) {
        if (!tls.pinnedSha256.contains(pin))
            tls.pinnedSha256.append(pin);
    }
    if (clientCertificateFile.isEmpty() != clientKeyFile.isEmpty())
        return tr("--client-cert and --client-key go together");
    if (!clientCertificateFile.isEmpty()) {
        tls.clientCertificateFile = clientCertificateFile;
        tls.clientKeyFile = clientKeyFile;
    }
    if (!passphraseVariable.isEmpty()) {
        if (!qEnvironmentVariableIsSet(passphraseVariable.toLocal8Bit().constData()))
            return tr("--client-key-passphrase-env: the environment variable %1 is not set").arg(passphraseVariable);
        tls.clientKeyPassphrase = qgetenv(passphraseVariable.toLocal8Bit().constData());
    }
    tls.insecure = insecure;
    if (noProxy) {
        settings->proxy = ProxySettings{ProxySettings::Mode::None, {}, {}};
    } else if (proxy) {
        QUrl url = QUrl::fromUserInput(*proxy);
        // A password in the URL is kept apart, as the window keeps it in the keychain.
        const QString password = url.password(QUrl::FullyDecoded);
        url.setPassword(QString());
        settings->proxy = ProxySettings{ProxySettings::Mode::Manual, url, password};
    }
    return {};
}

QString NetworkOptions::warning() const
{
    if (!insecure)
        return {};
    return tr("mcpscope: warning: --insecure: the server's certificate is not checked, so anyone between "
              "you and it can read and change this connection, credentials included.");
}

} // namespace Mcp::Cli
