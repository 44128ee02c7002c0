#pragma once

#include "auth/oauthclient.h"
#include "auth/oauthtypes.h"
#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "transport/trafficevent.h"

#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QUuid>

#include <atomic>
#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QDialog;
QT_END_NAMESPACE

namespace Mcp {
class SecretStore;
}

namespace Mcp::Ui {

// One step of an OAuth flow as the Authorization page lists it.
struct OAuthStep
{
    enum class Status : quint8 { Running, Done, Failed };
    enum class Kind : quint8 { Http, Browser, Code, Outcome, Check }; // Check: a verdict or decision of the client

    Kind kind = Kind::Http;
    QString title;            // "Protected resource metadata (RFC 9728)", "Browser authorization", ...
    QString url;
    Status status = Status::Running;
    QString statusText;       // "HTTP 404", the failure reason, ...
    qint64 wallClockMs = 0;
    quint64 exchangeId = 0;   // Http: the OAuthClient's exchange
    TrafficEvent request;     // Http: as sent (unredacted; the page redacts)
    TrafficEvent response;    // Http: as received
};

// A TokenStore that both threads may use: the OAuthClient on the connection's thread reads
// and writes it, the GUI shows scope and expiry and persists changes. Guarded by a mutex;
// every change is reported through `changed` (called on the writing thread).
class SharedTokenStore final : public TokenStore
{
public:
    OAuthTokens tokens(const QString &resource) const override;
    void setTokens(const QString &resource, const OAuthTokens &tokens) override;
    OAuthClientRegistration registration(const QString &issuer) const override;
    void setRegistration(const QString &issuer, const OAuthClientRegistration &registration) override;
    // DPoP keys stay with the tokens they are bound to, in the secret store (never a plain file).
    QByteArray dpopKey(const QString &resource) const override;
    void setDpopKey(const QString &resource, const QByteArray &pem) override;

    // The stored form (a JSON document for the secret store), and back.
    QByteArray toJson() const;
    void loadJson(const QByteArray &json);
    void clear();
    bool isEmpty() const;
    // Any tokens held (the first resource's), for display.
    OAuthTokens anyTokens() const;

    std::function<void()> changed;

private:
    // One entry, read under the lock.
    template<typename T>
    T entry(const QHash<QString, T> &entries, const QString &key) const;
    // Keeps value under key (or removes the key when keep is false), then calls changed.
    template<typename T>
    void setEntry(QHash<QString, T> &entries, const QString &key, const T &value, bool keep);

    mutable QMutex m_mutex;
    QHash<QString, OAuthTokens> m_tokens;
    QHash<QString, OAuthClientRegistration> m_registrations;
    QHash<QString, QByteArray> m_dpopKeys;
};

// The GUI-thread side of OAuth for one server: loads and saves its tokens in the SecretStore
// (key "oauth/tokens", read before the first request of a connect), makes one OAuthClient with
// a LoopbackUserAgent per transport on the connection's thread (authorizerFactory()), asks the
// user before the browser opens (the authorization server's domain highlighted), and records
// the steps of every flow for the Authorization page.
class OAuthController : public QObject
{
    Q_OBJECT

public:
    // Stored tokens live under this key of the server's id in the SecretStore.
    static QString tokensKey() { return QStringLiteral("oauth/tokens"); }

    // A Connection as parent: a flow still running when it disconnects or fails is abandoned.
    OAuthController(const QUuid &serverId, SecretStore *secrets, QObject *parent = nullptr);
    ~OAuthController() override;

    QUuid serverId() const { return m_serverId; }
    QString serverName() const { return m_serverName; }
    void setServerName(const QString &name) { m_serverName = name; }

    // Takes the auth settings of the (resolved) configuration, reads stored tokens the first
    // time, then runs `ready` on the GUI thread (never inside this call).
    void prepare(const ServerConfig &resolved, std::function<void()> ready);
    // For transportFactoryFor(): called on the connection's thread.
    AuthorizerFactory authorizerFactory();
    bool isEnabled() const { return m_enabled; }

    QList<OAuthStep> steps() const { return m_steps; }
    // The current tokens (for scope and expiry; the page never shows the token unless asked).
    OAuthTokens currentTokens() const { return m_store->anyTokens(); }
    bool hasStoredTokens() const { return !m_store->isEmpty(); }
    // Forgets tokens and client registrations, here and in the secret store.
    void forgetTokens();

    // How consent is asked and the browser opened; tests replace them. The asker answers
    // through the callback (true: open), possibly later.
    using ConsentAsker = std::function<void(OAuthController *controller, const QUrl &url, std::function<void(bool)> answer)>;
    using UrlOpener = std::function<void(const QUrl &url)>;
    static void setConsentAskerForTesting(ConsentAsker asker);
    static void setUrlOpenerForTesting(UrlOpener opener);
    // How the person is asked whether the configured client credentials may go to an
    // authorization server at another origin (true: send); tests replace it.
    using IssuerAsker = std::function<void(OAuthController *controller, const QString &issuer, std::function<void(bool)> answer)>;
    static void setIssuerAskerForTesting(IssuerAsker asker);

Q_SIGNALS:
    void stepsChanged();
    void tokensChanged();
    // The user declined to open the browser: the running authorization is cancelled.
    void consentDeclined();
    // The answer to OAuthClient::foreignIssuerApprovalNeeded(), for the connection's clients.
    void foreignIssuerAnswered(const QString &issuer, bool approved);
    // Whether OAuth applies to the current configuration changed.
    void enabledChanged(bool enabled);

private:
    void onOpenUrl(const QUrl &url, quint64 generation);
    // Asked once per authorization server for this server while the application runs.
    void onForeignIssuer(const QString &issuer);
    // The OAuthClient of `generation` went away in the middle of a flow.
    void onClientGone(quint64 generation);
    // The connection ended: a running flow is over, its consent dialog closes.
    void abandonFlow();
    void onRedirected(const QUrl &url);
    void onTraffic(const Mcp::TrafficEvent &event);
    void onAuthorized();
    void onFailed(const QString &reason);
    void finishRunning(OAuthStep::Status status, const QString &text);
    void persist();

    QUuid m_serverId;
    QString m_serverName;
    QPointer<SecretStore> m_secrets;
    std::shared_ptr<SharedTokenStore> m_store;
    OAuthClient::Settings m_settings;
    bool m_enabled = false;
    bool m_loaded = false;
    bool m_persistQueued = false;
    QList<OAuthStep> m_steps;
    QStringList m_approvedIssuers;
    QStringList m_declinedIssuers;
    std::shared_ptr<std::atomic<quint64>> m_generations = std::make_shared<std::atomic<quint64>>(0);
    quint64 m_dialogGeneration = 0;
    QPointer<QDialog> m_dialog;
};

} // namespace Mcp::Ui
