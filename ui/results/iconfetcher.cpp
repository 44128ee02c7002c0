#include "iconfetcher.h"

#include "results/imagedecode.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QListWidget>
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

namespace Mcp::Ui {

Q_LOGGING_CATEGORY(lcIcons, "mcp.ui.icons")

namespace {
constexpr int IconsRole = Qt::UserRole + 60;
constexpr int ToolTipRole = Qt::UserRole + 61;
constexpr int PendingRole = Qt::UserRole + 62;
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

bool darkBackground()
{
    return qGuiApp && QGuiApplication::palette().color(QPalette::Window).lightness() < 128;
}
}

QString IconFetcher::fetchSettingKey()
{
    return QStringLiteral("privacy/fetchWebIcons");
}

IconFetcher::IconFetcher(QObject *parent)
    : QObject(parent)
    , m_manager(new QNetworkAccessManager(this))
    , m_ssl(QSslConfiguration::defaultConfiguration())
    , m_dataIcons(16 * 1024 * 1024)
{
    m_manager->setCookieJar(new NoCookieJar(m_manager));
    m_manager->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
    // No authenticationRequired / proxyAuthenticationRequired handler: a server or proxy that
    // wants credentials makes the fetch fail, and none are ever offered.
}

IconFetcher::~IconFetcher() = default;

IconFetcher *IconFetcher::instance()
{
    static QPointer<IconFetcher> fetcher;
    if (!fetcher) {
        fetcher = new IconFetcher(QCoreApplication::instance());
        fetcher->m_enabled = QSettings().value(fetchSettingKey(), true).toBool();
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
        const QString src = candidate.value(QLatin1String("src")).toString();
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

void IconFetcher::setItemIcon(QListWidgetItem *item, const QJsonArray &icons, const QString &toolTip)
{
    if (icons.isEmpty() && item->data(IconsRole).isNull()) {
        item->setToolTip(toolTip);
        return;
    }
    const int size = item->listWidget() ? item->listWidget()->iconSize().width() : 24;
    const Lookup found = instance()->lookup(icons, size);
    item->setData(IconsRole, icons);
    item->setData(ToolTipRole, toolTip);
    item->setData(PendingRole, found.pending.isEmpty() ? QVariant() : QVariant(found.pending));
    item->setIcon(found.icon);
    item->setToolTip(found.note.isEmpty() ? toolTip
                     : toolTip.isEmpty()  ? found.note
                                          : toolTip + QStringLiteral("\n\n") + found.note);
}

void IconFetcher::keepUpdated(QListWidget *list)
{
    const auto refresh = [list](const QUrl &url) {
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem *item = list->item(i);
            if (!url.isEmpty() && item->data(PendingRole).toUrl() != url)
                continue;
            const QVariant icons = item->data(IconsRole);
            if (icons.isNull())
                continue;
            setItemIcon(item, icons.toJsonArray(), item->data(ToolTipRole).toString());
        }
    };
    connect(this, &IconFetcher::fetchFinished, list, refresh);
    connect(this, &IconFetcher::enabledChanged, list, [refresh] { refresh(QUrl()); });
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
    while (m_jobs.size() < MaxConcurrentFetches && !m_queue.isEmpty()) {
        const QUrl url = m_queue.dequeue();
        if (m_entries.value(url).state == State::Queued)
            start(url);
    }
}

void IconFetcher::start(const QUrl &url)
{
    QUrl target = url;
    target.setUserInfo(QString()); // credentials written into an icon's address are not sent either
    QNetworkRequest request(target);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::AuthenticationReuseAttribute, QNetworkRequest::Manual);
    // Qt refuses https -> http itself; onRedirected refuses any other scheme. (Not
    // UserVerifiedRedirectPolicy: Qt 6.4 mishandles its second redirect.)
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setMaximumRedirectsAllowed(MaxRedirects);
    request.setTransferTimeout(m_timeoutMs);
    request.setSslConfiguration(m_ssl);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("MCP Scope icon fetcher"));
    request.setRawHeader("Accept", "image/svg+xml, image/png, image/webp, image/jpeg, image/gif, image/*;q=0.8");
    QNetworkReply *reply = m_manager->get(request);
    m_jobs.insert(reply, Job{url, {}, {}, {}});
    m_entries[url].state = State::Fetching;
    connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply] { onMetaData(reply); });
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::redirected, this, [this, reply](const QUrl &target) { onRedirected(reply, target); });
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

void IconFetcher::onRedirected(QNetworkReply *reply, const QUrl &target)
{
    if (!isHttps(target)) {
        abortWith(reply, tr("redirected to %1, which is not https").arg(target.toDisplayString().left(200)));
        return;
    }
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
        case QNetworkReply::TooManyRedirectsError:
            error = tr("more than %n redirect(s)", nullptr, MaxRedirects);
            break;
        case QNetworkReply::InsecureRedirectError:
            error = tr("redirected to an address that is not https");
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
