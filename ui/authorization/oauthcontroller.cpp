#include "authorization/oauthcontroller.h"

#include "auth/authorizationuseragent.h"
#include "config/secretstore.h"
#include "connection/connection.h"
#include "authorization/oauthconsentdialog.h"

#include <QApplication>
#include <QDesktopServices>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QPushButton>
#include <QMutexLocker>
#include <QTimer>
#include <QUrlQuery>

Q_LOGGING_CATEGORY(lcOAuthUi, "mcp.ui.oauth")

namespace Mcp::Ui {

namespace {

OAuthController::ConsentAsker &consentAsker()
{
    static OAuthController::ConsentAsker asker;
    return asker;
}

OAuthController::UrlOpener &urlOpener()
{
    static OAuthController::UrlOpener opener;
    return opener;
}

OAuthController::IssuerAsker &issuerAsker()
{
    static OAuthController::IssuerAsker asker;
    return asker;
}

QJsonObject tokensToJson(const OAuthTokens &t)
{
    QJsonObject o{{QStringLiteral("access_token"), t.accessToken},
                  {QStringLiteral("token_type"), t.tokenType},
                  {QStringLiteral("refresh_token"), t.refreshToken},
                  {QStringLiteral("scope"), t.scope},
                  {QStringLiteral("issuer"), t.issuer}};
    if (t.expiresAt.isValid())
        o.insert(QStringLiteral("expires_at"), t.expiresAt.toString(Qt::ISODateWithMs));
    return o;
}

OAuthTokens tokensFromJson(const QJsonObject &o)
{
    OAuthTokens t;
    t.accessToken = o.value(QLatin1String("access_token")).toString();
    t.tokenType = o.value(QLatin1String("token_type")).toString();
    t.refreshToken = o.value(QLatin1String("refresh_token")).toString();
    t.scope = o.value(QLatin1String("scope")).toString();
    t.issuer = o.value(QLatin1String("issuer")).toString();
    t.expiresAt = QDateTime::fromString(o.value(QLatin1String("expires_at")).toString(), Qt::ISODateWithMs);
    return t;
}

} // namespace

// --- SharedTokenStore ---

template<typename T>
T SharedTokenStore::entry(const QHash<QString, T> &entries, const QString &key) const
{
    QMutexLocker lock(&m_mutex);
    return entries.value(key);
}

template<typename T>
void SharedTokenStore::setEntry(QHash<QString, T> &entries, const QString &key, const T &value, bool keep)
{
    {
        QMutexLocker lock(&m_mutex);
        if (keep)
            entries.insert(key, value);
        else
            entries.remove(key);
    }
    // Outside the lock: whoever saves the store reads it again.
    if (changed)
        changed();
}

OAuthTokens SharedTokenStore::tokens(const QString &resource) const
{
    return entry(m_tokens, resource);
}

void SharedTokenStore::setTokens(const QString &resource, const OAuthTokens &tokens)
{
    setEntry(m_tokens, resource, tokens, tokens.isValid());
}

OAuthClientRegistration SharedTokenStore::registration(const QString &issuer) const
{
    return entry(m_registrations, issuer);
}

void SharedTokenStore::setRegistration(const QString &issuer, const OAuthClientRegistration &registration)
{
    setEntry(m_registrations, issuer, registration, true);
}

QByteArray SharedTokenStore::dpopKey(const QString &resource) const
{
    return entry(m_dpopKeys, resource);
}

void SharedTokenStore::setDpopKey(const QString &resource, const QByteArray &pem)
{
    setEntry(m_dpopKeys, resource, pem, !pem.isEmpty());
}

QByteArray SharedTokenStore::toJson() const
{
    QMutexLocker lock(&m_mutex);
    QJsonObject tokens;
    for (auto it = m_tokens.begin(); it != m_tokens.end(); ++it)
        tokens.insert(it.key(), tokensToJson(it.value()));
    QJsonObject registrations;
    for (auto it = m_registrations.begin(); it != m_registrations.end(); ++it) {
        registrations.insert(it.key(), QJsonObject{{QStringLiteral("client_id"), it->clientId},
                                                   {QStringLiteral("client_secret"), it->clientSecret},
                                                   {QStringLiteral("token_endpoint_auth_method"), it->tokenEndpointAuthMethod},
                                                   {QStringLiteral("redirect_uri"), it->redirectUri}});
    }
    QJsonObject dpopKeys;
    for (auto it = m_dpopKeys.begin(); it != m_dpopKeys.end(); ++it)
        dpopKeys.insert(it.key(), QString::fromLatin1(it.value()));
    return QJsonDocument(QJsonObject{{QStringLiteral("tokens"), tokens},
                                     {QStringLiteral("registrations"), registrations},
                                     {QStringLiteral("dpop_keys"), dpopKeys}})
        .toJson(QJsonDocument::Compact);
}

void SharedTokenStore::loadJson(const QByteArray &json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    QMutexLocker lock(&m_mutex);
    m_tokens.clear();
    m_registrations.clear();
    m_dpopKeys.clear();
    const QJsonObject dpopKeys = root.value(QLatin1String("dpop_keys")).toObject();
    for (auto it = dpopKeys.begin(); it != dpopKeys.end(); ++it)
        m_dpopKeys.insert(it.key(), it.value().toString().toLatin1());
    const QJsonObject tokens = root.value(QLatin1String("tokens")).toObject();
    for (auto it = tokens.begin(); it != tokens.end(); ++it) {
        const OAuthTokens t = tokensFromJson(it.value().toObject());
        if (t.isValid())
            m_tokens.insert(it.key(), t);
    }
    const QJsonObject registrations = root.value(QLatin1String("registrations")).toObject();
    for (auto it = registrations.begin(); it != registrations.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        OAuthClientRegistration r;
        r.clientId = o.value(QLatin1String("client_id")).toString();
        r.clientSecret = o.value(QLatin1String("client_secret")).toString();
        r.tokenEndpointAuthMethod = o.value(QLatin1String("token_endpoint_auth_method")).toString();
        r.redirectUri = o.value(QLatin1String("redirect_uri")).toString();
        if (r.isValid())
            m_registrations.insert(it.key(), r);
    }
}

void SharedTokenStore::clear()
{
    QMutexLocker lock(&m_mutex);
    m_tokens.clear();
    m_registrations.clear();
    m_dpopKeys.clear();
}

bool SharedTokenStore::isEmpty() const
{
    QMutexLocker lock(&m_mutex);
    return m_tokens.isEmpty() && m_registrations.isEmpty() && m_dpopKeys.isEmpty();
}

OAuthTokens SharedTokenStore::anyTokens() const
{
    QMutexLocker lock(&m_mutex);
    return m_tokens.isEmpty() ? OAuthTokens() : m_tokens.begin().value();
}

// --- OAuthController ---

OAuthController::OAuthController(const QUuid &serverId, SecretStore *secrets, QObject *parent)
    : QObject(parent)
    , m_serverId(serverId)
    , m_secrets(secrets)
    , m_store(std::make_shared<SharedTokenStore>())
{
    // Runs on whichever thread changed the store (the connection's); persisting happens here.
    // The connection's thread ends before this object is destroyed (it is the Connection's child).
    QPointer<OAuthController> self(this);
    m_store->changed = [self] {
        if (OAuthController *controller = self.data())
            QMetaObject::invokeMethod(controller, &OAuthController::persist, Qt::QueuedConnection);
    };
    if (auto *connection = qobject_cast<Connection *>(parent)) {
        connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
            if (state != Connection::State::Connecting && state != Connection::State::Connected)
                abandonFlow();
        });
    }
}

OAuthController::~OAuthController()
{
    m_store->changed = nullptr;
}

void OAuthController::setConsentAskerForTesting(ConsentAsker asker)
{
    consentAsker() = std::move(asker);
}

void OAuthController::setUrlOpenerForTesting(UrlOpener opener)
{
    urlOpener() = std::move(opener);
}

void OAuthController::setIssuerAskerForTesting(IssuerAsker asker)
{
    issuerAsker() = std::move(asker);
}

void OAuthController::prepare(const ServerConfig &resolved, std::function<void()> ready)
{
    const bool enabled = resolved.usesUrl() && resolved.auth.usesOAuth(resolved.bearerToken);
    if (enabled != m_enabled) {
        m_enabled = enabled;
        Q_EMIT enabledChanged(enabled);
    }
    m_settings = OAuthClient::settingsFor(resolved.auth);
    // Credentials without a named issuer go to another origin only when the person says so.
    m_settings.askForForeignIssuer = true;
    // The authorization servers' exchanges end within the connect timeout, whatever they send.
    m_settings.deadlineMs = resolved.timeouts.connectMs > 0 ? resolved.timeouts.connectMs : 30000;
    // Each connect shows its own flow (none when stored tokens are still good).
    m_steps.clear();
    Q_EMIT stepsChanged();

    if (!m_enabled || m_loaded || !m_secrets) {
        m_loaded = m_loaded || m_enabled;
        QTimer::singleShot(0, this, std::move(ready));
        return;
    }
    m_secrets->read(m_serverId.toString(QUuid::WithoutBraces), tokensKey(), this,
                    [this, ready = std::move(ready)](const SecretResult &result) {
        m_loaded = true;
        if (result.ok())
            m_store->loadJson(result.value.toUtf8());
        else if (result.status != SecretResult::Status::NotFound)
            qCWarning(lcOAuthUi) << "stored OAuth tokens unreadable:" << result.errorString;
        Q_EMIT tokensChanged();
        ready();
    });
}

AuthorizerFactory OAuthController::authorizerFactory()
{
    QPointer<OAuthController> self(this);
    const std::shared_ptr<SharedTokenStore> store = m_store;
    const OAuthClient::Settings settings = m_settings;
    const auto generations = m_generations;
    return [self, store, settings, generations](const QUrl &serverUrl) -> HttpAuthorizer * {
        auto *client = new OAuthClient(serverUrl, settings);
        client->setTokenStore(store.get());
        auto *agent = new LoopbackUserAgent(client);
        client->setUserAgent(agent);
        const quint64 generation = ++*generations;
        // The client and agent live on the connection's thread; these reach the GUI queued.
        if (OAuthController *controller = self.data()) {
            connect(agent, &LoopbackUserAgent::openUrl, controller,
                    [controller, generation](const QUrl &url) { controller->onOpenUrl(url, generation); });
            connect(client, &QObject::destroyed, controller,
                    [controller, generation] { controller->onClientGone(generation); });
            connect(agent, &AuthorizationUserAgent::redirected, controller, &OAuthController::onRedirected);
            connect(client, &HttpAuthorizer::trafficEvent, controller, &OAuthController::onTraffic);
            connect(client, &HttpAuthorizer::authorized, controller, &OAuthController::onAuthorized);
            connect(client, &HttpAuthorizer::failed, controller, &OAuthController::onFailed);
            connect(controller, &OAuthController::consentDeclined, client, &OAuthClient::cancel);
            connect(client, &OAuthClient::foreignIssuerApprovalNeeded, controller, &OAuthController::onForeignIssuer);
            connect(controller, &OAuthController::foreignIssuerAnswered, client, &OAuthClient::answerForeignIssuer);
        }
        return client;
    };
}

void OAuthController::forgetTokens()
{
    m_store->clear();
    if (m_secrets)
        m_secrets->remove(m_serverId.toString(QUuid::WithoutBraces), tokensKey());
    Q_EMIT tokensChanged();
}

void OAuthController::persist()
{
    Q_EMIT tokensChanged();
    if (!m_secrets)
        return;
    const QString id = m_serverId.toString(QUuid::WithoutBraces);
    if (m_store->isEmpty())
        m_secrets->remove(id, tokensKey());
    else
        m_secrets->write(id, tokensKey(), QString::fromUtf8(m_store->toJson()));
}

void OAuthController::onOpenUrl(const QUrl &url, quint64 generation)
{
    OAuthStep step;
    step.kind = OAuthStep::Kind::Browser;
    // With a token that still works, a new authorization asks for more scope (403 insufficient_scope).
    const OAuthTokens current = m_store->anyTokens();
    const QString scope = QUrlQuery(url).queryItemValue(QStringLiteral("scope"), QUrl::FullyDecoded);
    step.title = current.isValid() && !current.isExpired() ? tr("Browser authorization (step-up)")
                                                           : tr("Browser authorization");
    step.url = url.toString(QUrl::FullyEncoded);
    step.statusText = scope.isEmpty() ? tr("Waiting for your consent")
                                      : tr("Waiting for your consent (scope: %1)").arg(scope);
    step.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    m_steps.append(step);
    Q_EMIT stepsChanged();

    const int index = int(m_steps.size()) - 1;
    QPointer<OAuthController> self(this);
    auto answer = [self, index, url](bool open) {
        // A late answer for a flow that already ended (failed, disconnected) opens nothing.
        if (!self || index >= self->m_steps.size() || self->m_steps.at(index).kind != OAuthStep::Kind::Browser
            || self->m_steps.at(index).status != OAuthStep::Status::Running)
            return;
        OAuthStep &step = self->m_steps[index];
        if (!open) {
            step.status = OAuthStep::Status::Failed;
            step.statusText = tr("Declined: the browser was not opened");
            Q_EMIT self->stepsChanged();
            Q_EMIT self->consentDeclined();
            return;
        }
        step.statusText = tr("Waiting for the browser to return");
        Q_EMIT self->stepsChanged();
        if (urlOpener()) {
            urlOpener()(url);
        } else if (!QDesktopServices::openUrl(url) && self && index < self->m_steps.size()) {
            // No browser started: the step says so; its URL (shown with it) can be opened by hand.
            self->m_steps[index].statusText = tr("No browser could be started: open the URL of this step yourself; "
                                                 "the authorization goes on once the browser returns");
            Q_EMIT self->stepsChanged();
        }
    };
    if (consentAsker()) {
        consentAsker()(this, url, answer);
        return;
    }
    if (m_dialog)
        m_dialog->close();
    auto *dialog = new OAuthConsentDialog(m_serverName, url, QApplication::activeWindow());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [answer](int result) { answer(result == QDialog::Accepted); });
    m_dialog = dialog;
    m_dialogGeneration = generation;
    dialog->open();
}

void OAuthController::onForeignIssuer(const QString &issuer)
{
    if (m_approvedIssuers.contains(issuer) || m_declinedIssuers.contains(issuer)) {
        Q_EMIT foreignIssuerAnswered(issuer, m_approvedIssuers.contains(issuer));
        return;
    }
    QPointer<OAuthController> self(this);
    auto answer = [self, issuer](bool approved) {
        if (!self)
            return;
        (approved ? self->m_approvedIssuers : self->m_declinedIssuers).append(issuer);
        Q_EMIT self->foreignIssuerAnswered(issuer, approved);
    };
    if (issuerAsker()) {
        issuerAsker()(this, issuer, answer);
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Send the client credentials to another server?"),
                                tr("%1 sends you to sign in at the authorization server %2, which is not at the "
                                   "server's own address, and the client id and secret (or key) configured for this "
                                   "server do not name it as their issuer.\n\nSend them to %2 only if that is where "
                                   "the client was registered.")
                                    .arg(m_serverName, QUrl(issuer).adjusted(QUrl::RemovePath).toDisplayString()),
                                QMessageBox::NoButton, QApplication::activeWindow());
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *send = box->addButton(tr("&Send to %1").arg(QUrl(issuer).host()), QMessageBox::AcceptRole);
    box->addButton(tr("&Don't send"), QMessageBox::RejectRole);
    box->setDefaultButton(qobject_cast<QPushButton *>(box->buttons().constLast()));
    connect(box, &QMessageBox::finished, this, [box, send, answer](int) { answer(box->clickedButton() == send); });
    box->open();
}

void OAuthController::onClientGone(quint64 generation)
{
    if (generation == m_generations->load())
        abandonFlow();
    else if (m_dialog && m_dialogGeneration == generation) {
        m_dialog->disconnect(this);
        m_dialog->close();
    }
}

void OAuthController::abandonFlow()
{
    bool running = false;
    for (const OAuthStep &step : std::as_const(m_steps))
        running |= step.status == OAuthStep::Status::Running;
    if (running) {
        finishRunning(OAuthStep::Status::Failed, tr("Abandoned: the connection closed"));
        Q_EMIT stepsChanged();
    }
    if (m_dialog) {
        m_dialog->disconnect(this);
        m_dialog->close();
    }
}

void OAuthController::onRedirected(const QUrl &url)
{
    // The code step goes right after its browser step: the token request it starts may
    // have been queued to this thread before this notice.
    qsizetype insertAt = m_steps.size();
    for (qsizetype i = 0; i < m_steps.size(); ++i) {
        OAuthStep &step = m_steps[i];
        if (step.kind == OAuthStep::Kind::Browser && step.status == OAuthStep::Status::Running) {
            step.status = OAuthStep::Status::Done;
            step.statusText = tr("Returned to MCP Scope");
            insertAt = i + 1;
        }
    }
    OAuthStep code;
    code.kind = OAuthStep::Kind::Code;
    code.title = tr("Authorization code received");
    code.url = url.toString(QUrl::FullyEncoded);
    code.status = OAuthStep::Status::Done;
    code.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    m_steps.insert(insertAt, code);
    Q_EMIT stepsChanged();
}

void OAuthController::onTraffic(const TrafficEvent &event)
{
    if (event.direction == TrafficEvent::Direction::Local) {
        OAuthStep step;
        step.kind = OAuthStep::Kind::Check;
        step.title = event.note;
        step.url = event.url;
        step.status = OAuthStep::Status::Done;
        step.wallClockMs = event.wallClockMs;
        m_steps.append(step);
        Q_EMIT stepsChanged();
        return;
    }
    if (event.direction == TrafficEvent::Direction::Outgoing) {
        OAuthStep step;
        step.title = event.note.isEmpty() ? QString::fromLatin1(event.httpMethod) : event.note;
        step.url = event.url;
        step.exchangeId = event.exchangeId;
        step.request = event;
        step.wallClockMs = event.wallClockMs;
        m_steps.append(step);
        Q_EMIT stepsChanged();
        return;
    }
    for (qsizetype i = m_steps.size() - 1; i >= 0; --i) {
        OAuthStep &step = m_steps[i];
        if (step.kind != OAuthStep::Kind::Http || step.exchangeId != event.exchangeId || step.exchangeId == 0)
            continue;
        step.response = event;
        const bool ok = event.httpStatus >= 200 && event.httpStatus < 300;
        step.status = ok ? OAuthStep::Status::Done : OAuthStep::Status::Failed;
        step.statusText = event.httpStatus ? tr("HTTP %1").arg(event.httpStatus) : event.note;
        Q_EMIT stepsChanged();
        return;
    }
}

void OAuthController::finishRunning(OAuthStep::Status status, const QString &text)
{
    for (OAuthStep &step : m_steps) {
        if (step.status == OAuthStep::Status::Running) {
            step.status = status;
            step.statusText = text;
        }
    }
}

void OAuthController::onAuthorized()
{
    const OAuthTokens tokens = m_store->anyTokens();
    OAuthStep step;
    step.kind = OAuthStep::Kind::Outcome;
    step.title = tr("Authorized");
    step.status = OAuthStep::Status::Done;
    step.statusText = tokens.scope.isEmpty() ? tr("Token granted") : tr("Token granted for %1").arg(tokens.scope);
    step.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    m_steps.append(step);
    Q_EMIT stepsChanged();
    Q_EMIT tokensChanged();
}

void OAuthController::onFailed(const QString &reason)
{
    finishRunning(OAuthStep::Status::Failed, reason);
    OAuthStep step;
    step.kind = OAuthStep::Kind::Outcome;
    step.title = tr("Authorization failed");
    step.status = OAuthStep::Status::Failed;
    step.statusText = reason;
    step.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    m_steps.append(step);
    Q_EMIT stepsChanged();
}

} // namespace Mcp::Ui
