#pragma once

#include <QCache>
#include <QDeadlineTimer>
#include <QHash>
#include <QHostAddress>
#include <QIcon>
#include <QJsonArray>
#include <QObject>
#include <QQueue>
#include <QSet>
#include <QSslConfiguration>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QHostInfo;
class QNetworkAccessManager;
class QNetworkReply;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Icons of tools, resources and prompts (MCP "icons" arrays), for the GUI thread. data: URIs
// are decoded at once; https icons are fetched in the background and cached per URL, failures
// included, so a list refresh never refetches.
//
// The fetch is deliberately anonymous: its own QNetworkAccessManager (never a connection's,
// so no server headers, bearer tokens or cookies), no cookies stored or sent, no credentials
// (a server that asks for them fails), no disk cache, https only (redirects too, at most 3),
// a transfer timeout, a size cap checked against Content-Length and again as bytes arrive,
// TLS errors are failures. The bytes are sniffed and decoded by ImageDecode::decodeIcon, which
// renders SVG without anything external.
//
// Like a browser's Private Network Access rule, an icon never reaches into the user's own
// machine or network: before each request (the first and every redirect, which are followed
// here, not by Qt) the host is resolved with QHostInfo and refused when any address is not
// public (isPublicAddress: loopback, private, link-local, CGNAT, multicast, unspecified, and
// their IPv4-mapped forms). A remote MCP server could otherwise make MCP Scope send GETs to
// the router or a cloud metadata service. The QSettings key privacy/fetchLocalNetworkIcons
// (bool, default false; localNetworkSettingKey()) lets them through. A host name is resolved
// here only: the request goes to the first checked address as an IP literal, with the name
// kept for SNI, the certificate check (QNetworkRequest::setPeerVerifyName) and the Host header,
// so an answer that changes before Qt connects (DNS rebinding) is never used. Such requests
// are HTTP/1.1 only (HTTP/2 would put the IP into :authority). Redirects are resolved against
// the named URL and pinned the same way; errors and the cache speak of the named URL.
class IconFetcher : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype DefaultMaxBytes = 256 * 1024;
    static constexpr int DefaultTransferTimeoutMs = 10000;
    static constexpr int MaxConcurrentFetches = 4;
    static constexpr int MaxRedirects = 3;
    // QSettings key of the user's choice (bool, default true).
    static QString fetchSettingKey();
    // QSettings key (bool, default false): also fetch icons from private and local addresses.
    static QString localNetworkSettingKey();

    enum class State { Unknown, Queued, Fetching, Loaded, Failed };

    struct Lookup
    {
        QIcon icon;     // null when nothing can be drawn yet
        QString note;   // why there is no icon (fetching off, loading, failed); empty when drawn
        QUrl pending;   // a better icon on its way; fetchFinished(pending) will say when
    };

    explicit IconFetcher(QObject *parent = nullptr);
    ~IconFetcher() override;

    // The one the views use, created on first use (reads the QSettings choice) and owned by the application.
    static IconFetcher *instance();

    // The best icon of an "icons" array for icons of iconSize pixels (ImageDecode::rankIcons),
    // starting the fetch of the best https one if needed. Cheap: cached after the first call.
    Lookup lookup(const QJsonArray &icons, int iconSize = 24);

    bool isEnabled() const { return m_enabled; }
    // Runtime switch; the menu stores the user's choice under fetchSettingKey().
    void setEnabled(bool on);
    qsizetype maxBytes() const { return m_maxBytes; }
    void setMaxBytes(qsizetype bytes);
    void setTransferTimeout(int milliseconds) { m_timeoutMs = milliseconds; }
    // Trust for the TLS handshake (tests add their own CA); peers are always verified.
    void setSslConfiguration(const QSslConfiguration &configuration);

    // Off by default: icons whose host is (or resolves to) a non-public address are refused.
    // Refusals already cached stay until clearCache() or their retry time.
    bool allowsPrivateAddresses() const { return m_allowPrivate; }
    void setAllowPrivateAddresses(bool allow) { m_allowPrivate = allow; }
    // Lets this one origin (host and port of url) through the address check while private
    // addresses are otherwise refused; tests use it for their first hop.
    void allowPrivateOrigin(const QUrl &url);
    // True for an address a public icon server may have: not loopback, private (10/8,
    // 172.16/12, 192.168/16, fc00::/7), link-local, CGNAT (100.64/10), multicast, broadcast,
    // unspecified, reserved, nor an IPv4-mapped (or NAT64-embedded) form of one of those.
    static bool isPublicAddress(const QHostAddress &address);

    // Starts fetching url unless it is cached or under way. Anything but https is refused
    // (returns false, no request). Fetching off also returns false.
    bool fetch(const QUrl &url);
    State state(const QUrl &url) const;
    QIcon icon(const QUrl &url) const;
    QString errorString(const QUrl &url) const;
    // Forgets everything fetched (not what is under way).
    void clearCache();

Q_SIGNALS:
    // A fetch ended, with the icon or with an error (state() and errorString() say which).
    void fetchFinished(const QUrl &url);
    void enabledChanged(bool enabled);

private:
    struct Entry
    {
        State state = State::Unknown;
        QIcon icon;
        QString error;
        QDeadlineTimer retryAfter; // failures are retried after a while, not on every refresh
    };
    struct Job
    {
        QUrl url;       // the icon's address, the cache key
        QUrl current;   // where this hop goes (url, or a redirect's target)
        int redirects = 0;
        int lookupId = -1;
        QHostAddress pinned; // where current's host name was resolved to: the one address connected to
        QByteArray bytes;
        QString abortReason;
        QStringList tlsErrors;
    };

    int activeJobs() const { return int(m_jobs.size() + m_resolving.size()); }
    void startQueued();
    void start(const QUrl &url);
    // Checks job.current's addresses (a lookup unless the host is an IP literal), then gets it.
    void checkThenGet(Job job);
    void onResolved(quint64 serial, const QHostInfo &info);
    QString refusal(const Job &job, const QHostAddress &address) const;
    void failResolving(quint64 serial, const QString &error);
    void get(Job job);
    void onMetaData(QNetworkReply *reply);
    void onReadyRead(QNetworkReply *reply);
    void followRedirect(Job job, const QUrl &target);
    void onFinished(QNetworkReply *reply);
    void abortWith(QNetworkReply *reply, const QString &reason);
    void complete(const QUrl &url, const QIcon &icon, const QString &error);
    QIcon dataIcon(const QString &src, QString *problem);

    QNetworkAccessManager *m_manager;
    QSslConfiguration m_ssl;
    QHash<QUrl, Entry> m_entries;
    QQueue<QUrl> m_queue;
    QHash<QNetworkReply *, Job> m_jobs;
    QHash<quint64, Job> m_resolving; // by serial: host lookups under way
    quint64 m_nextSerial = 0;
    QSet<QString> m_allowedOrigins;  // "host:port"
    struct DataIcon
    {
        QIcon icon;
        QString error;
    };
    QCache<QString, DataIcon> m_dataIcons;
    qsizetype m_maxBytes = DefaultMaxBytes;
    int m_timeoutMs = DefaultTransferTimeoutMs;
    bool m_enabled = true;
    bool m_allowPrivate = false;
};

} // namespace Mcp::Ui
