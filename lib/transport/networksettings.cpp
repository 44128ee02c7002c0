#include "transport/networksettings.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QNetworkProxy>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QReadWriteLock>
#include <QRegularExpression>
#include <QSslKey>
#include <QVariant>

namespace Mcp {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::NetworkTrust)
};

const char TlsFailureProperty[] = "_mcp_tlsFailure";

QString hostOf(const QUrl &url)
{
    return url.host().toLower();
}

int portOf(const QUrl &url)
{
    const bool secure = url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("wss");
    return url.port(secure ? 443 : 80);
}

// Where a proxy variable of the environment names one, in the order curl reads them (the
// lower-case name first: an upper-case HTTP_PROXY can be set by a CGI request's "Proxy:" header,
// which matters little to a desktop tool, but the order is the common one).
std::optional<std::pair<QString, QByteArray>> environmentProxyFor(const QUrl &target)
{
    const QString scheme = target.scheme().toLower();
    const bool secure = scheme == QLatin1String("https") || scheme == QLatin1String("wss");
    const char *const names[] = {secure ? "https_proxy" : "http_proxy", secure ? "HTTPS_PROXY" : "HTTP_PROXY",
                                 "all_proxy", "ALL_PROXY"};
    for (const char *name : names) {
        const QByteArray value = qgetenv(name).trimmed();
        if (!value.isEmpty())
            return std::make_pair(QString::fromLatin1(name), value);
    }
    return std::nullopt;
}

// NO_PROXY as curl reads it: comma- or blank-separated hosts, each matching itself and its
// subdomains (a leading dot is optional), an optional :port, IP addresses and CIDR ranges, and
// "*" for everything.
bool bypassedByNoProxy(const QUrl &target)
{
    QByteArray list = qgetenv("no_proxy");
    if (list.isEmpty())
        list = qgetenv("NO_PROXY");
    if (list.trimmed().isEmpty())
        return false;
    const QString host = hostOf(target);
    const int port = portOf(target);
    const QHostAddress address(host);
    const QStringList entries = QString::fromLatin1(list).split(QRegularExpression(QStringLiteral("[,\\s]+")),
                                                                Qt::SkipEmptyParts);
    for (QString entry : entries) {
        entry = entry.trimmed().toLower();
        if (entry == QLatin1String("*"))
            return true;
        int entryPort = -1;
        // host:port, but not a bare IPv6 address; [v6]:port keeps its brackets.
        const qsizetype colon = entry.lastIndexOf(QLatin1Char(':'));
        if (colon > 0 && entry.count(QLatin1Char(':')) == 1) {
            bool ok = false;
            entryPort = entry.mid(colon + 1).toInt(&ok);
            if (!ok)
                entryPort = -1;
            else
                entry.truncate(colon);
        }
        if (entry.startsWith(QLatin1Char('[')) && entry.contains(QLatin1String("]:"))) {
            entryPort = entry.section(QLatin1String("]:"), 1).toInt();
            entry = entry.section(QLatin1String("]:"), 0, 0).mid(1);
        }
        entry.remove(QLatin1Char('[')).remove(QLatin1Char(']'));
        if (entryPort >= 0 && entryPort != port)
            continue;
        if (!address.isNull() && entry.contains(QLatin1Char('/'))) {
            const auto subnet = QHostAddress::parseSubnet(entry);
            if (!subnet.first.isNull() && address.isInSubnet(subnet))
                return true;
            continue;
        }
        if (entry.startsWith(QLatin1Char('.')))
            entry.remove(0, 1);
        if (entry.isEmpty())
            continue;
        if (host == entry || host.endsWith(QLatin1Char('.') + entry))
            return true;
        if (!address.isNull() && QHostAddress(entry) == address)
            return true;
    }
    return false;
}

// A proxy URL as HTTPS_PROXY or a server's settings hold it; a bare host:port is HTTP.
QNetworkProxy proxyFromUrl(QUrl url, const QString &password)
{
    if (!url.isValid() || url.host().isEmpty()) {
        url = QUrl(QStringLiteral("http://") + url.toString());
        if (!url.isValid() || url.host().isEmpty())
            return QNetworkProxy(QNetworkProxy::NoProxy);
    }
    const QString scheme = url.scheme().toLower();
    QNetworkProxy proxy;
    if (scheme.startsWith(QLatin1String("socks5"))) {
        proxy.setType(QNetworkProxy::Socks5Proxy);
        proxy.setPort(quint16(url.port(1080)));
    } else {
        proxy.setType(QNetworkProxy::HttpProxy);
        proxy.setPort(quint16(url.port(scheme == QLatin1String("https") ? 443 : 80)));
    }
    proxy.setHostName(url.host());
    proxy.setUser(url.userName(QUrl::FullyDecoded));
    proxy.setPassword(password.isEmpty() ? url.password(QUrl::FullyDecoded) : password);
    return proxy;
}

// Answers from the settings, once per scheme, host and port: the desktop's settings go through
// libproxy, whose every query is a round trip to a thread of its own, too slow for each request.
class SettingsProxyFactory : public QNetworkProxyFactory
{
public:
    explicit SettingsProxyFactory(const ProxySettings &settings) : m_settings(settings) {}
    QList<QNetworkProxy> queryProxy(const QNetworkProxyQuery &query) override
    {
        const QUrl url = query.url();
        const QString key = url.scheme() + QLatin1Char('|') + hostOf(url) + QLatin1Char('|') + QString::number(portOf(url));
        {
            QReadLocker lock(&m_lock);
            const auto found = m_cache.constFind(key);
            if (found != m_cache.constEnd())
                return {found.value()};
        }
        const QNetworkProxy proxy = NetworkTrust::proxyFor(m_settings, url);
        QWriteLocker lock(&m_lock);
        m_cache.insert(key, proxy);
        return {proxy};
    }

private:
    ProxySettings m_settings;
    QReadWriteLock m_lock; // QNetworkAccessManager asks from its own thread
    QHash<QString, QNetworkProxy> m_cache;
};

// The system's own bundles, which the TLS backend reads anyway: SSL_CERT_FILE and SSL_CERT_DIR
// commonly point at them, and reading hundreds of certificates again for each connection is waste.
bool isSystemCaLocation(const QString &path)
{
    static const QStringList system = {QStringLiteral("/etc/ssl/certs"), QStringLiteral("/etc/ssl/certs/ca-certificates.crt"),
                                       QStringLiteral("/etc/pki/tls/certs"), QStringLiteral("/etc/pki/tls/certs/ca-bundle.crt"),
                                       QStringLiteral("/etc/ssl/cert.pem")};
    return system.contains(QDir::cleanPath(path));
}

} // namespace

QString TlsFailure::describe() const
{
    const QString where = port > 0 ? host + QLatin1Char(':') + QString::number(port) : host;
    if (isPinMismatch()) {
        QStringList pins;
        for (const QByteArray &pin : pinnedSha256)
            pins << NetworkTrust::displayFingerprint(pin);
        return Tr::tr("The certificate of %1 is not the one trusted for this server. It presented SHA-256 %2; "
                      "trusted: %3.")
            .arg(where, NetworkTrust::displayFingerprint(presentedSha256), pins.join(QStringLiteral(", ")));
    }
    QStringList reasons;
    for (const QSslError &error : errors) {
        if (!reasons.contains(error.errorString()))
            reasons << error.errorString();
    }
    return Tr::tr("The TLS connection to %1 could not be trusted: %2 (certificate SHA-256 %3)")
        .arg(where, reasons.join(QStringLiteral("; ")), NetworkTrust::displayFingerprint(presentedSha256));
}

namespace NetworkTrust {

QByteArray sha256Of(const QSslCertificate &certificate)
{
    return certificate.digest(QCryptographicHash::Sha256).toHex();
}

QString displayFingerprint(const QByteArray &hexFingerprint)
{
    return QString::fromLatin1(QByteArray::fromHex(hexFingerprint).toHex(':').toUpper());
}

std::optional<QByteArray> parseFingerprint(const QString &text)
{
    QString hex = text.trimmed().toLower();
    for (const QLatin1String prefix : {QLatin1String("sha256:"), QLatin1String("sha256/"), QLatin1String("sha256=")}) {
        if (hex.startsWith(prefix))
            hex.remove(0, prefix.size());
    }
    hex.remove(QLatin1Char(':'));
    if (hex.size() != 64)
        return std::nullopt;
    for (const QChar c : std::as_const(hex)) {
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))))
            return std::nullopt;
    }
    return hex.toLatin1();
}

QList<QSslCertificate> readCaFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Tr::tr("The CA file %1 could not be read: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return {};
    }
    QList<QSslCertificate> certificates = QSslCertificate::fromData(file.readAll(), QSsl::Pem);
    if (certificates.isEmpty()) {
        file.seek(0);
        certificates = QSslCertificate::fromData(file.readAll(), QSsl::Der);
    }
    if (certificates.isEmpty() && error)
        *error = Tr::tr("The CA file %1 holds no certificate (PEM or DER).").arg(QDir::toNativeSeparators(path));
    return certificates;
}

QList<QSslCertificate> environmentCaCertificates()
{
    // Read once: the environment does not change under a running process.
    static const QList<QSslCertificate> certificates = [] {
        QList<QSslCertificate> found;
        const QString file = qEnvironmentVariable("SSL_CERT_FILE");
        if (!file.isEmpty() && !isSystemCaLocation(file))
            found += readCaFile(file, nullptr);
        const QStringList directories = qEnvironmentVariable("SSL_CERT_DIR").split(QDir::listSeparator(), Qt::SkipEmptyParts);
        for (const QString &directory : directories) {
            if (isSystemCaLocation(directory))
                continue;
            const QFileInfoList entries = QDir(directory).entryInfoList(QDir::Files | QDir::Readable);
            for (const QFileInfo &entry : entries)
                found += QSslCertificate::fromPath(entry.filePath(), QSsl::Pem);
        }
        return found;
    }();
    return certificates;
}

QSslKey readPrivateKey(const QByteArray &pem, const QByteArray &passphrase, const QString &where, QString *error)
{
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        const QSslKey key(pem, algorithm, QSsl::Pem, QSsl::PrivateKey, passphrase);
        if (!key.isNull())
            return key;
    }
    if (error)
        *error = pem.contains("ENCRYPTED") ? Tr::tr("The client key %1 did not open: its passphrase is missing or wrong.").arg(where)
                                           : Tr::tr("The client key %1 is not a PEM private key (RSA, EC or DSA).").arg(where);
    return {};
}

std::optional<QSslConfiguration> sslConfigurationFor(const TlsSettings &settings, QString *error)
{
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    QList<QSslCertificate> extra = environmentCaCertificates();
    for (const QString &path : settings.caFiles) {
        const QList<QSslCertificate> fromFile = readCaFile(path, error);
        if (fromFile.isEmpty())
            return std::nullopt;
        extra += fromFile;
    }
    if (!extra.isEmpty())
        configuration.addCaCertificates(extra);

    const bool hasKey = !settings.clientKeyFile.isEmpty() || !settings.clientKeyPem.isEmpty();
    if (settings.clientCertificateFile.isEmpty() && !hasKey)
        return configuration;
    if (settings.clientCertificateFile.isEmpty() || !hasKey) {
        if (error)
            *error = Tr::tr("A client certificate needs both its certificate file and its key file.");
        return std::nullopt;
    }
    const QList<QSslCertificate> certificates = QSslCertificate::fromPath(settings.clientCertificateFile, QSsl::Pem);
    if (certificates.isEmpty()) {
        if (error)
            *error = Tr::tr("The client certificate %1 could not be read (a PEM file is expected).")
                         .arg(QDir::toNativeSeparators(settings.clientCertificateFile));
        return std::nullopt;
    }
    QByteArray pem = settings.clientKeyPem;
    QString where = Tr::tr("imported into the keychain");
    if (!settings.clientKeyFile.isEmpty()) {
        QFile keyFile(settings.clientKeyFile);
        if (!keyFile.open(QIODevice::ReadOnly)) {
            if (error)
                *error = Tr::tr("The client key %1 could not be read: %2")
                             .arg(QDir::toNativeSeparators(settings.clientKeyFile), keyFile.errorString());
            return std::nullopt;
        }
        pem = keyFile.readAll();
        where = QDir::toNativeSeparators(settings.clientKeyFile);
    }
    const QSslKey key = readPrivateKey(pem, settings.clientKeyPassphrase, where, error);
    if (key.isNull())
        return std::nullopt;
    configuration.setLocalCertificateChain(certificates);
    configuration.setPrivateKey(key);
    return configuration;
}

std::optional<QList<QSslError>> errorsToIgnore(const TlsSettings &settings, const QList<QSslError> &errors,
                                               const QList<QSslCertificate> &chain, TlsFailure *failure)
{
    const QByteArray presented = chain.isEmpty() ? QByteArray() : sha256Of(chain.first());
    if (settings.insecure || (!presented.isEmpty() && settings.pinnedSha256.contains(presented)))
        return errors;
    if (failure) {
        failure->chain = chain;
        failure->errors = errors;
        failure->presentedSha256 = presented;
        failure->pinnedSha256 = settings.pinnedSha256;
    }
    return std::nullopt;
}

bool leafMatchesPins(const TlsSettings &settings, const QList<QSslCertificate> &chain, TlsFailure *failure)
{
    if (settings.insecure || settings.pinnedSha256.isEmpty())
        return true;
    const QByteArray presented = chain.isEmpty() ? QByteArray() : sha256Of(chain.first());
    if (settings.pinnedSha256.contains(presented))
        return true;
    if (failure) {
        failure->chain = chain;
        failure->errors.clear();
        failure->presentedSha256 = presented;
        failure->pinnedSha256 = settings.pinnedSha256;
    }
    return false;
}

std::shared_ptr<const TlsFailure> tlsFailureOf(const QNetworkReply *reply)
{
    return reply->property(TlsFailureProperty).value<std::shared_ptr<const TlsFailure>>();
}

QNetworkProxy proxyFor(const ProxySettings &settings, const QUrl &target, QString *source)
{
    if (source)
        source->clear();
    switch (settings.mode) {
    case ProxySettings::Mode::None:
        return QNetworkProxy(QNetworkProxy::NoProxy);
    case ProxySettings::Mode::Manual: {
        const QNetworkProxy proxy = proxyFromUrl(settings.url, settings.password);
        if (source && proxy.type() != QNetworkProxy::NoProxy)
            *source = Tr::tr("this server's settings");
        return proxy;
    }
    case ProxySettings::Mode::System:
        break;
    }
    // Any proxy variable set makes the environment the whole answer, as for curl: HTTP_PROXY is
    // not for https, though the desktop's fallback would read it so.
    static const bool environmentDecides = [] {
        for (const char *name : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"}) {
            if (!qgetenv(name).trimmed().isEmpty())
                return true;
        }
        return false;
    }();
    if (const auto fromEnvironment = environmentProxyFor(target)) {
        if (bypassedByNoProxy(target)) {
            if (source)
                *source = QStringLiteral("NO_PROXY");
            return QNetworkProxy(QNetworkProxy::NoProxy);
        }
        const QNetworkProxy proxy = proxyFromUrl(QUrl::fromUserInput(QString::fromLatin1(fromEnvironment->second)), {});
        if (source && proxy.type() != QNetworkProxy::NoProxy)
            *source = fromEnvironment->first.toUpper();
        return proxy;
    }
    if (environmentDecides)
        return QNetworkProxy(QNetworkProxy::NoProxy);
    // The desktop's settings (libproxy, or GNOME/KDE through it, where Qt was built with it).
    QNetworkProxyQuery query(target);
    const QList<QNetworkProxy> system = QNetworkProxyFactory::systemProxyForQuery(query);
    for (const QNetworkProxy &proxy : system) {
        if (proxy.type() == QNetworkProxy::HttpProxy || proxy.type() == QNetworkProxy::Socks5Proxy) {
            if (source)
                *source = Tr::tr("the system settings");
            return proxy;
        }
    }
    return QNetworkProxy(QNetworkProxy::NoProxy);
}

QString describeProxy(const QNetworkProxy &proxy)
{
    if (proxy.type() != QNetworkProxy::HttpProxy && proxy.type() != QNetworkProxy::Socks5Proxy)
        return {};
    QUrl url;
    url.setScheme(proxy.type() == QNetworkProxy::Socks5Proxy ? QStringLiteral("socks5") : QStringLiteral("http"));
    url.setHost(proxy.hostName());
    url.setPort(proxy.port());
    url.setUserName(proxy.user());
    return url.toString();
}

QNetworkProxyFactory *proxyFactory(const ProxySettings &settings)
{
    return new SettingsProxyFactory(settings);
}

} // namespace NetworkTrust

SecureNetworkAccessManager::SecureNetworkAccessManager(QObject *parent) : QNetworkAccessManager(parent)
{
    setProxyFactory(NetworkTrust::proxyFactory(m_settings.proxy));
    connect(this, &QNetworkAccessManager::sslErrors, this, &SecureNetworkAccessManager::judgeErrors);
    connect(this, &QNetworkAccessManager::encrypted, this, &SecureNetworkAccessManager::checkPins);
}

bool SecureNetworkAccessManager::setNetworkSettings(const NetworkSettings &settings, QString *error)
{
    std::optional<QSslConfiguration> ssl;
    if (!settings.tls.isDefault() || !NetworkTrust::environmentCaCertificates().isEmpty()) {
        ssl = NetworkTrust::sslConfigurationFor(settings.tls, error);
        if (!ssl)
            return false;
    }
    m_settings = settings;
    m_ssl = ssl;
    setProxyFactory(NetworkTrust::proxyFactory(settings.proxy));
    return true;
}

QNetworkReply *SecureNetworkAccessManager::createRequest(Operation op, const QNetworkRequest &request,
                                                         QIODevice *outgoingData)
{
    if (!m_ssl || request.url().scheme() != QLatin1String("https"))
        return QNetworkAccessManager::createRequest(op, request, outgoingData);
    QNetworkRequest configured = request;
    configured.setSslConfiguration(*m_ssl);
    return QNetworkAccessManager::createRequest(op, configured, outgoingData);
}

void SecureNetworkAccessManager::judgeErrors(QNetworkReply *reply, const QList<QSslError> &errors)
{
    auto failure = std::make_shared<TlsFailure>();
    failure->host = hostOf(reply->url());
    failure->port = portOf(reply->url());
    const QList<QSslCertificate> chain = reply->sslConfiguration().peerCertificateChain();
    if (const auto ignore = NetworkTrust::errorsToIgnore(m_settings.tls, errors, chain, failure.get()))
        reply->ignoreSslErrors(*ignore);
    else
        reply->setProperty(TlsFailureProperty, QVariant::fromValue(std::shared_ptr<const TlsFailure>(failure)));
}

void SecureNetworkAccessManager::checkPins(QNetworkReply *reply)
{
    auto failure = std::make_shared<TlsFailure>();
    failure->host = hostOf(reply->url());
    failure->port = portOf(reply->url());
    if (NetworkTrust::leafMatchesPins(m_settings.tls, reply->sslConfiguration().peerCertificateChain(), failure.get()))
        return;
    reply->setProperty(TlsFailureProperty, QVariant::fromValue(std::shared_ptr<const TlsFailure>(failure)));
    reply->abort();
}

} // namespace Mcp
