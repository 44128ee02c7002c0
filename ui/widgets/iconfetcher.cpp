#include "iconfetcher.h"

#include "widgets/imagedecode.h"

#include "protocol/keys.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QHostAddress>
#include <QHostInfo>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QPalette>
#include <QPixmap>
#include <QPointer>
#include <QSettings>
#include <QSslError>
#include <QTimer>

#include <cstring>

namespace Mcp::Ui {

Q_LOGGING_CATEGORY(lcIcons, "mcp.ui.icons")

namespace {
constexpr int DecodedSide = 64; // sharp enough for 32 px icons on a 2x screen
constexpr qint64 RetryFailuresAfterMs = 10 * 60 * 1000;
constexpr qsizetype MaxCachedUrls = 4096; // about 64 MiB of 64 px icons at worst

// Icons are fetched anonymously: cookies are neither stored nor sent.
class NoCookieJar : public QNetworkCookieJar
{
public:
    using QNetworkCookieJar::QNetworkCookieJar;
    QList<QNetworkCookie> cookiesForUrl(const QUrl &) const override { return {}; }
    bool setCookiesFromUrl(const QList<QNetworkCookie> &, const QUrl &) override { return false; }
};

bool isHttps(const QUrl &url)
{
    return url.isValid() && url.scheme() == QLatin1String("https") && !url.host().isEmpty();
}

QString originOf(const QUrl &url)
{
    return url.host() + u':' + QString::number(url.port(443));
}

bool isFollowedRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

bool isPublicIPv4(quint32 a)
{
    const auto in = [a](quint32 net, int bits) { return (a >> (32 - bits)) == (net >> (32 - bits)); };
    return !(in(0x00000000, 8)      // 0.0.0.0/8 "this network", 0.0.0.0 itself
             || in(0x0A000000, 8)   // 10/8 private
             || in(0x64400000, 10)  // 100.64/10 carrier-grade NAT
             || in(0x7F000000, 8)   // 127/8 loopback
             || in(0xA9FE0000, 16)  // 169.254/16 link-local (cloud metadata services live here)
             || in(0xAC100000, 12)  // 172.16/12 private
             || in(0xC0000000, 24)  // 192.0.0/24 protocol assignments
             || in(0xC0A80000, 16)  // 192.168/16 private
             || in(0xC6120000, 15)  // 198.18/15 benchmarking, used inside networks
             || in(0xE0000000, 4)   // 224/4 multicast
             || in(0xF0000000, 4)); // 240/4 reserved, 255.255.255.255 broadcast
}

quint32 ipv4At(const Q_IPV6ADDR &v6, int offset)
{
    return quint32(v6[offset]) << 24 | quint32(v6[offset + 1]) << 16 | quint32(v6[offset + 2]) << 8 | quint32(v6[offset + 3]);
}

bool darkBackground()
{
    return qGuiApp && QGuiApplication::palette().color(QPalette::Window).lightness() < 128;
}
}

QString IconFetcher::fetchSettingKey()
{
    return QStringLiteral("privacy/fetchWebIcons");
}

QString IconFetcher::localNetworkSettingKey()
{
    return QStringLiteral("privacy/fetchLocalNetworkIcons");
}

bool IconFetcher::isPublicAddress(const QHostAddress &address)
{
    if (address.protocol() == QAbstractSocket::IPv4Protocol)
        return isPublicIPv4(address.toIPv4Address());
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return false; // null, or not an IP address at all
    const Q_IPV6ADDR v6 = address.toIPv6Address();
    static const quint8 mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    static const quint8 nat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
    // ::ffff:a.b.c.d is IPv4 a.b.c.d on a dual-stack socket; 64:ff9b::a.b.c.d is what DNS64
    // networks give for IPv4-only sites: both are judged by their IPv4 address.
    if (std::memcmp(v6.c, mapped, 12) == 0 || std::memcmp(v6.c, nat64, 12) == 0)
        return isPublicIPv4(ipv4At(v6, 12));
    // Global unicast is 2000::/3; the rest (::, ::1, IPv4-compatible ::a.b.c.d, fc00::/7
    // unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast) is not.
    if ((v6[0] & 0xe0) != 0x20)
        return false;
    if (v6[0] == 0x20 && v6[1] == 0x02) // 6to4 2002:a.b.c.d::/48 carries an IPv4 address
        return isPublicIPv4(ipv4At(v6, 2));
    return true;
}

void IconFetcher::allowPrivateOrigin(const QUrl &url)
{
    m_allowedOrigins.insert(originOf(url));
}

IconFetcher::IconFetcher(QObject *parent)
    : QObject(parent)
    , m_manager(new QNetworkAccessManager(this))
    , m_ssl(QSslConfiguration::defaultConfiguration())
    , m_dataIcons(16 * 1024 * 1024)
{
    m_manager->setCookieJar(new NoCookieJar(m_manager));
    // Redirects are followed in onFinished, so that each target's address is checked first.
    m_manager->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    // No authenticationRequired / proxyAuthenticationRequired handler: a server or proxy that
    // wants credentials makes the fetch fail, and none are ever offered.
}

IconFetcher::~IconFetcher() = default;

IconFetcher *IconFetcher::instance()
{
    static QPointer<IconFetcher> fetcher;
    if (!fetcher) {
        fetcher = new IconFetcher(QCoreApplication::instance());
        const QSettings settings;
        fetcher->m_enabled = settings.value(fetchSettingKey(), true).toBool();
        fetcher->m_allowPrivate = settings.value(localNetworkSettingKey(), false).toBool();
    }
    return fetcher;
}

void IconFetcher::setEnabled(bool on)
{
    if (m_enabled == on)
        return;
    m_enabled = on;
    if (!on) {
        // What is waiting or under way is forgotten, not recorded as a failure.
        for (const QUrl &url : std::as_const(m_queue))
            m_entries.remove(url);
        m_queue.clear();
        for (const Job &job : std::as_const(m_resolving)) {
            if (job.lookupId >= 0)
                QHostInfo::abortHostLookup(job.lookupId);
            m_entries.remove(job.url);
        }
        m_resolving.clear();
        const QList<QNetworkReply *> replies = m_jobs.keys();
        for (QNetworkReply *reply : replies) {
            m_entries.remove(m_jobs.value(reply).url);
            m_jobs.remove(reply);
            reply->disconnect(this);
            reply->abort();
            reply->deleteLater();
        }
    }
    Q_EMIT enabledChanged(on);
}

void IconFetcher::setMaxBytes(qsizetype bytes)
{
    m_maxBytes = bytes;
    m_dataIcons.clear();
}

void IconFetcher::setSslConfiguration(const QSslConfiguration &configuration)
{
    m_ssl = configuration;
    if (m_ssl.peerVerifyMode() != QSslSocket::VerifyPeer)
        m_ssl.setPeerVerifyMode(QSslSocket::VerifyPeer); // verification is never relaxed
}

IconFetcher::State IconFetcher::state(const QUrl &url) const
{
    return m_entries.value(url).state;
}

QIcon IconFetcher::icon(const QUrl &url) const
{
    return m_entries.value(url).icon;
}

QString IconFetcher::errorString(const QUrl &url) const
{
    return m_entries.value(url).error;
}

void IconFetcher::clearCache()
{
    m_dataIcons.clear();
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (it->state == State::Loaded || it->state == State::Failed)
            it = m_entries.erase(it);
        else
            ++it;
    }
}

IconFetcher::Lookup IconFetcher::lookup(const QJsonArray &icons, int iconSize)
{
    Lookup out;
    if (icons.isEmpty())
        return out;
    const qreal ratio = qGuiApp ? qGuiApp->devicePixelRatio() : 1.0;
    bool mayStart = true; // at most one new fetch per array: the best https icon still possible
    const QList<QJsonObject> ranked = ImageDecode::rankIcons(icons, qRound(iconSize * ratio), darkBackground());
    for (const QJsonObject &candidate : ranked) {
        const QString src = candidate.value(Key::Src).toString();
        QString why;
        if (src.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
            const QIcon icon = dataIcon(src, &why);
            if (!icon.isNull()) {
                out.icon = icon;
                break;
            }
            why = tr("Icon not loaded: %1").arg(why);
        } else if (src.startsWith(QLatin1String("https://"), Qt::CaseInsensitive)) {
            const QUrl url(src, QUrl::StrictMode);
            if (!isHttps(url)) {
                why = tr("Icon not loaded: %1 is not a valid address").arg(src.left(200));
            } else if (!m_enabled) {
                why = tr("This icon is on the web (%1); fetching icons from the web is turned off (View menu).")
                          .arg(url.toDisplayString());
            } else {
                auto it = m_entries.constFind(url);
                if (it != m_entries.constEnd() && it->state == State::Failed && it->retryAfter.hasExpired()) {
                    m_entries.remove(url);
                    it = m_entries.constEnd();
                }
                const State state = it == m_entries.constEnd() ? State::Unknown : it->state;
                if (state == State::Loaded) {
                    out.icon = it->icon;
                    break;
                }
                if (state == State::Failed) {
                    why = tr("Icon not loaded: %1").arg(it->error);
                } else if (mayStart || state != State::Unknown) {
                    if (state == State::Unknown)
                        fetch(url);
                    mayStart = false;
                    if (out.pending.isEmpty())
                        out.pending = url;
                    why = tr("Loading the icon from %1…").arg(url.host());
                }
            }
        } else {
            why = tr("Icon not loaded: only https and data: icons are allowed, not %1")
                      .arg(src.section(u':', 0, 0).left(20));
        }
        if (out.note.isEmpty())
            out.note = why;
    }
    if (!out.icon.isNull())
        out.note.clear();
    return out;
}

QIcon IconFetcher::dataIcon(const QString &src, QString *problem)
{
    if (const DataIcon *cached = m_dataIcons.object(src)) {
        *problem = cached->error;
        return cached->icon;
    }
    QString why;
    QIcon icon;
    const QByteArray bytes = ImageDecode::dataUriBytes(src, m_maxBytes, &why);
    int cost = 1024;
    if (!bytes.isEmpty()) {
        const QImage image = ImageDecode::decodeIcon(bytes, &why, DecodedSide);
        if (!image.isNull()) {
            icon = QIcon(QPixmap::fromImage(image));
            cost += int(image.sizeInBytes());
        }
    }
    *problem = why;
    m_dataIcons.insert(src, new DataIcon{icon, why}, cost);
    return icon;
}

bool IconFetcher::fetch(const QUrl &url)
{
    if (!isHttps(url) || !m_enabled)
        return false;
    auto it = m_entries.find(url);
    if (it != m_entries.end()) {
        if (it->state != State::Failed || !it->retryAfter.hasExpired())
            return true;
        m_entries.erase(it);
    }
    m_entries.insert(url, Entry{State::Queued, {}, {}, {}});
    m_queue.enqueue(url);
    startQueued();
    return true;
}

void IconFetcher::startQueued()
{
    while (activeJobs() < MaxConcurrentFetches && !m_queue.isEmpty()) {
        const QUrl url = m_queue.dequeue();
        if (m_entries.value(url).state == State::Queued)
            start(url);
    }
}

void IconFetcher::start(const QUrl &url)
{
    m_entries[url].state = State::Fetching;
    Job job;
    job.url = url;
    job.current = url;
    checkThenGet(std::move(job));
}

QString IconFetcher::refusal(const Job &job, const QHostAddress &address) const
{
    const QString host = job.current.host();
    const QString where = address.toString() == host ? host : host + QStringLiteral(" = ") + address.toString();
    const QString why = tr("its address is on your own machine or network (%1); MCP Scope only fetches icons from public addresses")
                            .arg(where);
    return job.redirects == 0 ? why : tr("redirected to %1, but %2").arg(job.current.toDisplayString().left(200), why);
}

void IconFetcher::failResolving(quint64 serial, const QString &error)
{
    auto it = m_resolving.find(serial);
    if (it == m_resolving.end())
        return;
    if (it->lookupId >= 0)
        QHostInfo::abortHostLookup(it->lookupId);
    const QUrl url = it->url;
    m_resolving.erase(it);
    complete(url, {}, error);
    startQueued();
}

void IconFetcher::checkThenGet(Job job)
{
    const QString host = job.current.host();
    job.pinned.clear();
    const bool allowed = m_allowPrivate || m_allowedOrigins.contains(originOf(job.current));
    const quint64 serial = ++m_nextSerial;
    const QHostAddress literal(host);
    if (!literal.isNull()) {
        if (allowed || isPublicAddress(literal)) {
            get(std::move(job));
            return;
        }
        // Refused without a lookup, but reported from the event loop like every other end:
        // lookup() must return before anyone hears fetchFinished.
        const QString reason = refusal(job, literal);
        m_resolving.insert(serial, std::move(job));
        QTimer::singleShot(0, this, [this, serial, reason] { failResolving(serial, reason); });
        return;
    }
    m_resolving.insert(serial, std::move(job));
    const int id = QHostInfo::lookupHost(host, this, [this, serial](const QHostInfo &info) { onResolved(serial, info); });
    auto it = m_resolving.find(serial);
    if (it == m_resolving.end())
        return; // answered already (from the cache)
    it->lookupId = id;
    // The system resolver may take long on a broken network; the transfer timeout bounds it too.
    QTimer::singleShot(m_timeoutMs, this, [this, serial] {
        failResolving(serial, tr("no answer within %1 s").arg(m_timeoutMs / 1000.0, 0, 'g', 3));
    });
}

void IconFetcher::onResolved(quint64 serial, const QHostInfo &info)
{
    auto it = m_resolving.find(serial);
    if (it == m_resolving.end())
        return;
    Job job = std::move(*it);
    m_resolving.erase(it);
    const QString host = job.current.host();
    if (info.error() != QHostInfo::NoError || info.addresses().isEmpty()) {
        complete(job.url, {}, tr("could not look up %1: %2").arg(host, info.errorString()));
        startQueued();
        return;
    }
    // Every address, though only the first is used: a name that also points into the local
    // network is refused outright.
    if (!m_allowPrivate && !m_allowedOrigins.contains(originOf(job.current))) {
        for (const QHostAddress &address : info.addresses()) {
            if (!isPublicAddress(address)) {
                complete(job.url, {}, refusal(job, address));
                startQueued();
                return;
            }
        }
    }
    job.pinned = info.addresses().constFirst();
    if (!job.pinned.scopeId().isEmpty())
        job.pinned.clear(); // a scoped link-local address (allowed by the user) has no URL form
    get(std::move(job));
}

void IconFetcher::get(Job job)
{
    QUrl target = job.current;
    target.setUserInfo(QString()); // credentials written into an icon's address are not sent either
    const bool pinned = !job.pinned.isNull();
    if (pinned) {
        // Connect to the address that was checked, so that Qt does not resolve the name again
        // (a DNS rebind could answer differently); the name still goes into SNI, the
        // certificate check and the Host header.
        target.setHost(job.pinned.toString());
    }
    QNetworkRequest request(target);
    if (pinned) {
        request.setPeerVerifyName(job.current.host(QUrl::FullyEncoded));
        request.setRawHeader("Host", job.current.authority(QUrl::FullyEncoded | QUrl::RemoveUserInfo).toLatin1());
        // HTTP/2 would send :authority from the URL, i.e. the address, instead of the Host header.
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    }
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::AuthenticationReuseAttribute, QNetworkRequest::Manual);
    // Not UserVerifiedRedirectPolicy (Qt 6.4 mishandles its second redirect), nor letting Qt
    // follow them: the target's address must be checked before anything is sent there.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(m_timeoutMs);
    request.setSslConfiguration(m_ssl);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("MCP Scope icon fetcher"));
    request.setRawHeader("Accept", "image/svg+xml, image/png, image/webp, image/jpeg, image/gif, image/*;q=0.8");
    QNetworkReply *reply = m_manager->get(request);
    job.bytes.clear();
    job.abortReason.clear();
    job.tlsErrors.clear();
    m_jobs.insert(reply, std::move(job));
    connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply] { onMetaData(reply); });
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::sslErrors, this, [this, reply](const QList<QSslError> &errors) {
        // Recorded for the message, never ignored: the handshake fails.
        auto it = m_jobs.find(reply);
        if (it != m_jobs.end())
            for (const QSslError &error : errors)
                it->tlsErrors.append(error.errorString());
    });
    // Queued: abort() finishes the reply synchronously, and the views this wakes may start
    // new fetches; neither should happen inside the reply's own readyRead.
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); }, Qt::QueuedConnection);
}

void IconFetcher::onMetaData(QNetworkReply *reply)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status >= 300 && status < 400)
        return; // a redirect's own body does not count
    const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
    if (length.isValid() && length.toLongLong() > m_maxBytes)
        abortWith(reply, tr("larger than %1 KiB").arg(m_maxBytes / 1024.0, 0, 'g', 3));
}

void IconFetcher::onReadyRead(QNetworkReply *reply)
{
    auto it = m_jobs.find(reply);
    if (it == m_jobs.end() || !it->abortReason.isEmpty())
        return;
    it->bytes += reply->read(m_maxBytes + 1 - it->bytes.size());
    if (it->bytes.size() > m_maxBytes)
        abortWith(reply, tr("larger than %1 KiB").arg(m_maxBytes / 1024.0, 0, 'g', 3));
}

void IconFetcher::abortWith(QNetworkReply *reply, const QString &reason)
{
    auto it = m_jobs.find(reply);
    if (it == m_jobs.end() || !it->abortReason.isEmpty())
        return;
    it->abortReason = reason;
    it->bytes.clear();
    reply->abort();
}

void IconFetcher::onFinished(QNetworkReply *reply)
{
    reply->deleteLater();
    auto it = m_jobs.find(reply);
    if (it == m_jobs.end())
        return;
    Job job = std::move(*it);
    m_jobs.erase(it);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QUrl location = reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
    if (job.abortReason.isEmpty() && reply->error() == QNetworkReply::NoError && isFollowedRedirect(status)
        && location.isValid()) {
        // Against the icon's own address: reply->url() has the pinned IP in place of the name.
        const QUrl base = job.current;
        followRedirect(std::move(job), base.resolved(location));
        return;
    }
    QString error = job.abortReason;
    if (error.isEmpty() && reply->error() != QNetworkReply::NoError) {
        switch (reply->error()) {
        case QNetworkReply::SslHandshakeFailedError:
            error = tr("TLS error: %1").arg(job.tlsErrors.isEmpty() ? reply->errorString() : job.tlsErrors.join(QStringLiteral("; ")));
            break;
        case QNetworkReply::OperationCanceledError:
            error = tr("no answer within %1 s").arg(m_timeoutMs / 1000.0, 0, 'g', 3);
            break;
        case QNetworkReply::AuthenticationRequiredError:
        case QNetworkReply::ProxyAuthenticationRequiredError:
            error = tr("the server asks for credentials, and MCP Scope never sends any for icons");
            break;
        default:
            error = status > 0 ? tr("the server answered HTTP %1 %2")
                                     .arg(status)
                                     .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString())
                                     .trimmed()
                               : reply->errorString();
        }
    } else if (error.isEmpty() && (status < 200 || status > 299)) {
        error = tr("the server answered HTTP %1").arg(status);
    }
    if (error.isEmpty()) {
        job.bytes += reply->read(m_maxBytes + 1 - job.bytes.size());
        if (job.bytes.size() > m_maxBytes)
            error = tr("larger than %1 KiB").arg(m_maxBytes / 1024.0, 0, 'g', 3);
    }
    QIcon icon;
    if (error.isEmpty()) {
        const QImage image = ImageDecode::decodeIcon(job.bytes, &error, DecodedSide);
        if (!image.isNull())
            icon = QIcon(QPixmap::fromImage(image));
    }
    complete(job.url, icon, icon.isNull() ? error : QString());
    startQueued();
}

void IconFetcher::followRedirect(Job job, const QUrl &target)
{
    QString error;
    if (!isHttps(target))
        error = tr("redirected to %1, which is not https").arg(target.toDisplayString().left(200));
    else if (++job.redirects > MaxRedirects)
        error = tr("more than %n redirect(s)", nullptr, MaxRedirects);
    if (!error.isEmpty()) {
        complete(job.url, {}, error);
        startQueued();
        return;
    }
    job.current = target;
    checkThenGet(std::move(job));
}

void IconFetcher::complete(const QUrl &url, const QIcon &icon, const QString &error)
{
    // A crude bound: items keep their own copy of an icon, so forgetting costs a refetch at
    // most, and only for a server that names thousands of distinct icons.
    if (m_entries.size() > MaxCachedUrls)
        clearCache();
    Entry &entry = m_entries[url];
    entry.icon = icon;
    entry.error = error;
    entry.state = icon.isNull() ? State::Failed : State::Loaded;
    if (icon.isNull()) {
        entry.retryAfter = QDeadlineTimer(RetryFailuresAfterMs);
        qCInfo(lcIcons) << "icon" << url.toDisplayString() << "not loaded:" << error;
    }
    Q_EMIT fetchFinished(url);
}

} // namespace Mcp::Ui
