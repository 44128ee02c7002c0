#include "oauthclient.h"
#include "cappedhttp.h"
#include "authorizationuseragent.h"
#include "config/serverconfig.h"
#include "transport/httpheaders.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTimer>
#include <QUrlQuery>

namespace Mcp {

Q_LOGGING_CATEGORY(lcOAuth, "mcp.auth")

namespace {

const QByteArray FormType = QByteArrayLiteral("application/x-www-form-urlencoded");
const QByteArray JsonType = QByteArrayLiteral("application/json");
const QString PrivateKeyJwt = QStringLiteral("private_key_jwt");
const QString DpopType = QStringLiteral("DPoP");

QByteArray base64Url(const QByteArray &bytes)
{
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray randomBytes(int count)
{
    QByteArray bytes(count, Qt::Uninitialized);
    for (int i = 0; i < count; ++i)
        bytes[i] = char(QRandomGenerator::system()->bounded(256));
    return bytes;
}

QUrl originOf(const QUrl &url)
{
    QUrl origin;
    origin.setScheme(url.scheme());
    origin.setHost(url.host());
    origin.setPort(url.port());
    return origin;
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const auto defaultPort = [](const QUrl &url) { return url.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0 ? 443 : 80; };
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && a.port(defaultPort(a)) == b.port(defaultPort(b));
}

QUrl withPath(const QUrl &origin, const QString &path)
{
    QUrl url = origin;
    url.setPath(path);
    return url;
}

// The path without its trailing slash; "" for the root.
QString trimmedPath(const QUrl &url)
{
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    return path;
}

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &v : array)
        list << v.toString();
    return list;
}

QStringList scopeList(const QString &scope)
{
    return scope.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QByteArray formEncode(const QList<QPair<QString, QString>> &form)
{
    QByteArray body;
    for (const auto &field : form) {
        if (!body.isEmpty())
            body += '&';
        body += QUrl::toPercentEncoding(field.first) + '=' + QUrl::toPercentEncoding(field.second);
    }
    return body;
}

} // namespace

BearerChallenge BearerChallenge::parse(const QByteArray &header)
{
    BearerChallenge challenge;
    const QString text = QString::fromUtf8(header);
    // auth-param: token "=" ( token / quoted-string ), after the "Bearer" scheme.
    static const QRegularExpression param(
        QStringLiteral(R"re(([A-Za-z0-9_\-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+)))re"));
    // A DPoP challenge (RFC 9449 7.1) has the same parameters.
    static const QRegularExpression scheme(QStringLiteral(R"re(\b(?:bearer|dpop)\b)re"),
                                           QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch schemeMatch = scheme.match(text);
    if (!schemeMatch.hasMatch())
        return challenge;
    auto it = param.globalMatch(text, schemeMatch.capturedEnd());
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const QString name = match.captured(1).toLower();
        QString value = match.captured(2).isNull() ? match.captured(3) : match.captured(2);
        value.replace(QRegularExpression(QStringLiteral(R"(\\(.))")), QStringLiteral("\\1"));
        if (name == QLatin1String("resource_metadata"))
            challenge.resourceMetadata = QUrl(value);
        else if (name == QLatin1String("scope"))
            challenge.scope = value;
        else if (name == QLatin1String("error"))
            challenge.error = value;
        else if (name == QLatin1String("error_description"))
            challenge.errorDescription = value;
    }
    return challenge;
}

// One authorization round, from unauthorized() to authorized() or failed().
struct OAuthClient::Flow
{
    int status = 0;
    QByteArray wwwAuthenticate; // as the server sent it, for the failure message
    QStringList tried;          // each request of the round and how it ended
    BearerChallenge challenge;
    QByteArray verifier;
    QByteArray state;
    QUrl redirectUri;
    QString scope;
    bool waitingForAgent = false;
    bool agentPrepared = false;    // the user agent got ready (a listener opened): it is closed at the end
    bool waitingForApproval = false;
    bool refreshing = false;
    // The round's time at the authorization servers (Settings::deadlineMs): the clock runs except
    // while the person is at the browser.
    QElapsedTimer httpClock;
    qint64 httpSpentMs = 0;
};

OAuthClient::Settings OAuthClient::settingsFor(const ServerAuth &auth, QString *error)
{
    Settings settings;
    settings.clientId = auth.clientId;
    settings.clientSecret = auth.clientSecret;
    settings.clientIssuer = auth.clientIssuer;
    settings.clientMetadataUrl = QUrl(auth.clientMetadataUrl);
    settings.useDpop = auth.dpop;
    settings.scope = auth.scopes;
    const auto readFile = [error](const QString &path, QByteArray *contents) {
        if (path.isEmpty())
            return;
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            *contents = file.readAll();
        } else if (error) {
            *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        }
    };
    readFile(auth.clientKeyFile, &settings.clientPrivateKeyPem);
    readFile(auth.workloadTokenFile, &settings.workloadIdentityToken);
    settings.workloadIdentityToken = settings.workloadIdentityToken.trimmed(); // files end in a newline
    switch (auth.grant) {
    case ServerAuth::Grant::Automatic: settings.grant = Grant::Automatic; break;
    case ServerAuth::Grant::AuthorizationCode: settings.grant = Grant::AuthorizationCode; break;
    case ServerAuth::Grant::ClientCredentials: settings.grant = Grant::ClientCredentials; break;
    }
    return settings;
}

OAuthClient::OAuthClient(const QUrl &serverUrl, const Settings &settings, QObject *parent)
    : HttpAuthorizer(parent)
    , m_serverUrl(serverUrl.adjusted(QUrl::RemoveFragment))
    , m_settings(settings)
    , m_nam(new SecureNetworkAccessManager(this))
    , m_ownStore(std::make_unique<MemoryTokenStore>())
{
    m_store = m_ownStore.get();
}

OAuthClient::~OAuthClient() = default;

void OAuthClient::setNetworkSettings(const NetworkSettings &settings)
{
    // Unusable files were refused before the transport was made (transportFactoryFor).
    m_nam->setNetworkSettings(settings, nullptr);
}

void OAuthClient::setUserAgent(AuthorizationUserAgent *agent)
{
    if (m_agent)
        disconnect(m_agent, nullptr, this, nullptr);
    m_agent = agent;
    if (!agent)
        return;
    connect(agent, &AuthorizationUserAgent::redirected, this, &OAuthClient::onRedirected);
    connect(agent, &AuthorizationUserAgent::failed, this, [this](const QString &reason) {
        if (m_flow && m_flow->waitingForAgent)
            fail(reason);
    });
    connect(agent, &AuthorizationUserAgent::trafficEvent, this, [this](const TrafficEvent &event) {
        TrafficEvent copy = event;
        copy.exchangeId = event.exchangeId ? (quint64(1) << 40) + event.exchangeId : 0; // apart from ours
        Q_EMIT trafficEvent(copy);
    });
}

void OAuthClient::setTokenStore(TokenStore *store)
{
    m_store = store ? store : m_ownStore.get();
}

QString OAuthClient::resource() const
{
    const QString fromMetadata = m_prm.value(QLatin1String("resource")).toString();
    if (!fromMetadata.isEmpty())
        return fromMetadata;
    return storeKey(); // canonical form (RFC 8707): lower-case scheme and host, no fragment

}

QString OAuthClient::storeKey() const
{
    // The server's own URL, known before any discovery: a stored token is found on the first request.
    QUrl canonical = m_serverUrl.adjusted(QUrl::RemoveFragment | QUrl::RemoveQuery);
    canonical.setScheme(canonical.scheme().toLower());
    canonical.setHost(canonical.host().toLower());
    return canonical.toString();
}

OAuthTokens OAuthClient::tokens() const
{
    return m_store->tokens(storeKey());
}

QByteArray OAuthClient::authorizationHeader() const
{
    const OAuthTokens current = tokens();
    if (!current.isValid())
        return {};
    // RFC 9449 7.1: a DPoP-bound token goes with the DPoP scheme.
    const QByteArray scheme = current.tokenType == DpopType ? QByteArrayLiteral("DPoP") : QByteArrayLiteral("Bearer");
    return scheme + ' ' + current.accessToken.toUtf8();
}

HttpHeaders OAuthClient::requestHeaders(const QByteArray &method, const QUrl &url) const
{
    HttpHeaders headers = HttpAuthorizer::requestHeaders(method, url);
    const OAuthTokens current = tokens();
    if (!current.isValid() || current.tokenType != DpopType)
        return headers;
    // Without its key (a store that lost it) no proof: the refusal leads to a new authorization.
    const Es256Key key = m_dpopKey.isValid() ? m_dpopKey : Es256Key::fromPem(m_store->dpopKey(storeKey()));
    if (key.isValid())
        headers.append({QByteArrayLiteral("DPoP"), dpopProof(key, method, url, current.accessToken, m_rsNonce)});
    return headers;
}

void OAuthClient::responseReceived(const HttpHeaders &headers)
{
    for (const auto &header : headers) {
        if (header.first.compare("DPoP-Nonce", Qt::CaseInsensitive) == 0 && header.second != m_rsNonce) {
            m_rsNonce = header.second;
            m_rsNonceChanged = true;
        }
    }
}

QByteArray OAuthClient::dpopProof(const Es256Key &key, const QByteArray &method, const QUrl &url,
                                  const QString &accessToken, const QByteArray &nonce)
{
    const QJsonObject header{{QStringLiteral("typ"), QStringLiteral("dpop+jwt")}, {QStringLiteral("jwk"), key.publicJwk()}};
    QJsonObject claims{
        {QStringLiteral("jti"), QString::fromLatin1(base64Url(randomBytes(18)))},
        {QStringLiteral("htm"), QString::fromLatin1(method)},
        {QStringLiteral("htu"), url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment).toString(QUrl::FullyEncoded)},
        {QStringLiteral("iat"), QDateTime::currentSecsSinceEpoch()},
    };
    if (!accessToken.isEmpty())
        claims.insert(QStringLiteral("ath"), QString::fromLatin1(base64Url(QCryptographicHash::hash(
                                                 accessToken.toUtf8(), QCryptographicHash::Sha256))));
    if (!nonce.isEmpty())
        claims.insert(QStringLiteral("nonce"), QString::fromLatin1(nonce));
    return key.signJwt(header, claims);
}

QByteArray OAuthClient::clientAssertion(const Es256Key &key, const QString &clientId, const QString &audience)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const QJsonObject claims{
        {QStringLiteral("iss"), clientId},
        {QStringLiteral("sub"), clientId},
        {QStringLiteral("aud"), audience},
        {QStringLiteral("jti"), QString::fromLatin1(base64Url(randomBytes(18)))},
        {QStringLiteral("iat"), now},
        {QStringLiteral("exp"), now + 300},
    };
    return key.signJwt({{QStringLiteral("typ"), QStringLiteral("JWT")}}, claims);
}

bool OAuthClient::usesDpop() const
{
    return m_settings.useDpop
        && stringList(m_asMetadata.value(QLatin1String("dpop_signing_alg_values_supported"))).contains(QLatin1String("ES256"));
}

void OAuthClient::loadDpopKey()
{
    if (m_dpopKey.isValid())
        return;
    m_dpopKey = Es256Key::fromPem(m_store->dpopKey(storeKey()));
    if (m_dpopKey.isValid())
        return;
    m_dpopKey = Es256Key::generate();
    m_store->setDpopKey(storeKey(), m_dpopKey.privateKeyPem());
}

QByteArray OAuthClient::createCodeVerifier()
{
    return base64Url(randomBytes(32)); // 43 characters, the minimum of RFC 7636
}

QByteArray OAuthClient::codeChallenge(const QByteArray &verifier)
{
    return base64Url(QCryptographicHash::hash(verifier, QCryptographicHash::Sha256));
}

QList<QUrl> OAuthClient::authorizationServerMetadataUrls(const QUrl &issuer)
{
    const QUrl origin = originOf(issuer);
    const QString path = trimmedPath(issuer);
    if (path.isEmpty())
        return {withPath(origin, QStringLiteral("/.well-known/oauth-authorization-server")),
                withPath(origin, QStringLiteral("/.well-known/openid-configuration"))};
    // RFC 8414 path insertion, OpenID Connect path insertion, then OpenID path appending.
    return {withPath(origin, QStringLiteral("/.well-known/oauth-authorization-server") + path),
            withPath(origin, QStringLiteral("/.well-known/openid-configuration") + path),
            withPath(origin, path + QStringLiteral("/.well-known/openid-configuration"))};
}

QList<QUrl> OAuthClient::protectedResourceMetadataUrls(const QUrl &serverUrl)
{
    const QUrl origin = originOf(serverUrl);
    const QString path = trimmedPath(serverUrl);
    QList<QUrl> urls;
    if (!path.isEmpty())
        urls << withPath(origin, QStringLiteral("/.well-known/oauth-protected-resource") + path);
    urls << withPath(origin, QStringLiteral("/.well-known/oauth-protected-resource"));
    return urls;
}

QString OAuthClient::issuerProblem(const QUrl &redirect, const QString &issuer, bool issAdvertised)
{
    const QUrlQuery query(redirect);
    if (!query.hasQueryItem(QStringLiteral("iss"))) {
        return issAdvertised ? tr("Authorization server %1 says it names itself in its answers (iss), but this answer "
                                  "carries no iss; it was refused (RFC 9207).")
                                   .arg(issuer)
                             : QString();
    }
    // Form-decoded ('+' is a space), then compared as plain strings: no case folding, no
    // default port or trailing slash removed.
    QByteArray encoded = query.queryItemValue(QStringLiteral("iss"), QUrl::FullyEncoded).toLatin1();
    encoded.replace('+', "%20");
    const QString iss = QUrl::fromPercentEncoding(encoded);
    if (iss == issuer)
        return {};
    return tr("The authorization answer comes from issuer \"%1\", not from \"%2\", the server it was sent to; it was "
              "refused (RFC 9207).")
        .arg(iss, issuer);
}

QString OAuthClient::applicationType(const QUrl &redirectUri)
{
    const QString scheme = redirectUri.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return QStringLiteral("native"); // a private-use scheme
    const QString host = redirectUri.host().toLower();
    const bool loopback = host == QLatin1String("localhost") || host == QLatin1String("::1")
        || host.startsWith(QLatin1String("127."));
    return loopback ? QStringLiteral("native") : QStringLiteral("web");
}

bool OAuthClient::isLoopbackHost(const QString &host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

QString OAuthClient::endpointSecurityProblem(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https") || (scheme == QLatin1String("http") && isLoopbackHost(url.host())))
        return {};
    return tr("The authorization server address %1 is not https; OAuth 2.1 requires TLS for every authorization "
              "server endpoint except on this machine (loopback), so nothing was sent there.")
        .arg(url.toDisplayString());
}

bool OAuthClient::resourceMatches(const QUrl &serverUrl, const QString &resource)
{
    const QUrl named(resource);
    if (!named.isValid() || named.scheme().compare(serverUrl.scheme(), Qt::CaseInsensitive) != 0
        || named.host().compare(serverUrl.host(), Qt::CaseInsensitive) != 0
        || named.port(-1) != serverUrl.port(-1))
        return false;
    const QString namedPath = trimmedPath(named);
    const QString serverPath = trimmedPath(serverUrl);
    return namedPath.isEmpty() || serverPath == namedPath || serverPath.startsWith(namedPath + QLatin1Char('/'));
}

QString OAuthClient::resourceMetadataProblem(const QUrl &serverUrl, const QUrl &url, const QJsonObject &metadata,
                                             QString *issuer)
{
    const QString resource = metadata.value(QLatin1String("resource")).toString();
    if (!resource.isEmpty() && !resourceMatches(serverUrl, resource))
        return tr("The protected resource metadata at %1 is for %2, not for %3; refusing to authorize.")
            .arg(url.toDisplayString(), resource, serverUrl.toDisplayString());
    const QStringList servers = stringList(metadata.value(QLatin1String("authorization_servers")));
    if (servers.isEmpty() || !QUrl(servers.first()).isValid())
        return tr("The protected resource metadata at %1 names no authorization server.").arg(url.toDisplayString());
    *issuer = servers.first();
    return {};
}

QString OAuthClient::authorizationServerMetadataProblem(const QString &issuer, const QUrl &url,
                                                        const QJsonObject &metadata, Endpoints *endpoints)
{
    // RFC 8414 3.3: metadata for another issuer than the one its URL was built from is not used.
    const QString named = metadata.value(QLatin1String("issuer")).toString();
    if (named != issuer)
        return tr("The authorization server metadata at %1 names the issuer \"%2\", not \"%3\"; it was not used "
                  "(RFC 8414 3.3).")
            .arg(url.toDisplayString(), named, issuer);
    endpoints->authorization = QUrl(metadata.value(QLatin1String("authorization_endpoint")).toString());
    endpoints->token = QUrl(metadata.value(QLatin1String("token_endpoint")).toString());
    endpoints->registration = QUrl(metadata.value(QLatin1String("registration_endpoint")).toString());
    if (!endpoints->token.isValid() || endpoints->token.isEmpty())
        return tr("The metadata of authorization server %1 names no token endpoint.").arg(issuer);
    for (const QUrl &endpoint : {endpoints->authorization, endpoints->token, endpoints->registration}) {
        if (!endpoint.isEmpty()) {
            const QString problem = endpointSecurityProblem(endpoint);
            if (!problem.isEmpty())
                return problem;
        }
    }
    return {};
}

QJsonObject OAuthClient::HttpResult::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray OAuthClient::HttpResult::header(const QByteArray &name) const
{
    return headerValue(headers, name);
}

void OAuthClient::request(const QByteArray &method, const QUrl &url, const QByteArray &body,
                          const QByteArray &contentType, const HttpHeaders &headers, const QString &purpose,
                          Done done)
{
    CappedHttpExchange::Request request;
    request.method = method;
    request.url = url;
    request.body = body;
    request.maxBodyBytes = MaxOAuthResponseBytes; // metadata and tokens are kilobytes
    request.transferTimeoutMs = m_settings.transferTimeoutMs;
    // Credentials never follow a redirect to another origin.
    request.followSameOriginRedirects = true;
    request.headers.emplaceBack("Accept", "application/json");
    if (!m_settings.userAgent.isEmpty())
        request.headers.emplaceBack("User-Agent", m_settings.userAgent);
    if (!contentType.isEmpty())
        request.headers.emplaceBack("Content-Type", contentType);
    request.headers += headers;

    const quint64 exchangeId = ++m_nextExchangeId;
    TrafficEvent out = TrafficEvent::make(TrafficEvent::Direction::Outgoing, TrafficEvent::Kind::HttpRequest, body,
                                          purpose);
    out.httpMethod = method;
    out.url = url.toString();
    out.exchangeId = exchangeId;
    out.headers = request.headers;
    Q_EMIT trafficEvent(out);
    qCDebug(lcOAuth) << method << url.toDisplayString() << purpose;

    const qint64 remaining = remainingMs();
    if (remaining == 0) {
        fail(tr("The authorization did not finish within the %1 s it may take (the connect timeout); %2 at %3 was "
                "not sent.")
                 .arg(m_settings.deadlineMs / 1000.0)
                 .arg(purpose, url.toDisplayString()));
        return;
    }
    auto *exchange = new CappedHttpExchange(m_nam, this);
    const quint64 flowId = m_flowId;
    // Not the transfer timeout alone: a server that sends a byte a second never trips it.
    if (remaining > 0) {
        QTimer::singleShot(int(remaining), exchange, [this, exchange, url, purpose, flowId] {
            const QString reason = tr("%1 at %2 did not answer completely within the %3 s the authorization may take "
                                      "(the connect timeout).")
                                       .arg(purpose, url.toDisplayString())
                                       .arg(m_settings.deadlineMs / 1000.0);
            // The flow fails first: the exchange's own end then finds it over.
            if (flowId == m_flowId && m_flow)
                fail(reason);
            exchange->abort(reason);
        });
    }
    connect(exchange, &CappedHttpExchange::finished, this,
            [this, url, exchangeId, flowId, purpose, done](const CappedHttpExchange::Response &response) {
        HttpResult result;
        result.status = response.status;
        result.body = response.body;
        result.headers = response.headers;
        result.errorString = response.errorString;
        if (response.tooLarge)
            result.errorString = tr("the answer is larger than %1 MiB (OAuth metadata and tokens are a few kilobytes); "
                                    "it was not read")
                                     .arg(MaxOAuthResponseBytes / (1024 * 1024));
        TrafficEvent in = TrafficEvent::make(TrafficEvent::Direction::Incoming, TrafficEvent::Kind::HttpResponse,
                                             result.body, result.errorString);
        in.url = url.toString();
        in.httpStatus = result.status;
        in.headers = result.headers;
        in.exchangeId = exchangeId;
        Q_EMIT trafficEvent(in);
        if (flowId != m_flowId || !m_flow)
            return; // cancelled or superseded
        m_flow->tried.append(result.status > 0 ? tr("%1 at %2: HTTP %3").arg(purpose, url.toDisplayString()).arg(result.status)
                                               : tr("%1 at %2: %3").arg(purpose, url.toDisplayString(), result.errorString));
        done(result);
    });
    exchange->start(request);
}

void OAuthClient::fetchFirstJson(const QList<QUrl> &urls, int index, const QString &purpose,
                                 std::function<void(const QUrl &, const QJsonObject &)> found,
                                 std::function<void()> none)
{
    if (index >= urls.size()) {
        none();
        return;
    }
    const QUrl url = urls.at(index);
    request("GET", url, {}, {}, {}, purpose, [=](const HttpResult &result) {
        const QJsonObject object = result.json();
        if (result.ok() && !object.isEmpty()) {
            found(url, object);
            return;
        }
        fetchFirstJson(urls, index + 1, purpose, found, none);
    });
}

void OAuthClient::unauthorized(const QUrl &resourceUrl, int status, const QByteArray &wwwAuthenticate)
{
    Q_UNUSED(resourceUrl) // one client per server: m_serverUrl
    if (m_flow)
        return; // the running round answers this caller too
    // RFC 9449 9: the resource wants a proof with its (new) nonce; the token itself is fine.
    if (std::exchange(m_rsNonceChanged, false)
        && BearerChallenge::parse(wwwAuthenticate).error == QLatin1String("use_dpop_nonce")) {
        noteStep(tr("The server wants a DPoP nonce; the request is repeated with it (RFC 9449 9)."));
        QTimer::singleShot(0, this, [this] { Q_EMIT authorized(); });
        return;
    }
    m_flow = std::make_unique<Flow>();
    const quint64 flowId = ++m_flowId;
    m_flow->status = status;
    m_flow->wwwAuthenticate = wwwAuthenticate;
    m_flow->challenge = BearerChallenge::parse(wwwAuthenticate);
    m_flow->httpClock.start();
    // Always asynchronous: the caller expects a signal later, never during this call.
    QTimer::singleShot(0, this, [this, flowId] {
        if (flowId != m_flowId || !m_flow)
            return;
        discover([this] { proceed(); });
    });
}

void OAuthClient::cancel()
{
    if (!m_flow)
        return;
    fail(tr("The authorization was cancelled."));
}

void OAuthClient::answerForeignIssuer(const QString &issuer, bool approved)
{
    if (!m_flow || !m_flow->waitingForApproval || issuer != m_issuer)
        return;
    m_flow->waitingForApproval = false;
    m_flow->httpClock.start();
    if (!approved) {
        fail(tr("The configured client credentials were not sent to authorization server %1: you declined.").arg(issuer));
        return;
    }
    m_approvedIssuers.append(issuer);
    noteStep(tr("You agreed to send the configured client credentials to authorization server %1.").arg(issuer));
    proceed();
}

qint64 OAuthClient::remainingMs() const
{
    if (m_settings.deadlineMs <= 0 || !m_flow)
        return -1;
    const qint64 spent = m_flow->httpSpentMs + (m_flow->httpClock.isValid() ? m_flow->httpClock.elapsed() : 0);
    return qMax<qint64>(0, m_settings.deadlineMs - spent);
}

void OAuthClient::discover(std::function<void()> then)
{
    // The resource metadata is read again in every round: it is where a move to another
    // authorization server shows (SEP-2352), even under the same resource_metadata URL.
    QList<QUrl> urls;
    if (m_flow->challenge.resourceMetadata.isValid())
        urls << m_serverUrl.resolved(m_flow->challenge.resourceMetadata);
    for (const QUrl &url : protectedResourceMetadataUrls(m_serverUrl)) {
        if (!urls.contains(url))
            urls << url;
    }
    fetchFirstJson(
        urls, 0, tr("Protected resource metadata (RFC 9728)"),
        [this, then](const QUrl &url, const QJsonObject &prm) {
            QString issuer;
            const QString problem = resourceMetadataProblem(m_serverUrl, url, prm, &issuer);
            if (!problem.isEmpty()) {
                fail(problem);
                return;
            }
            m_prmUrl = url;
            m_prm = prm;
            useAuthorizationServer(issuer, false, then);
        },
        [this, then] {
            // 2025-03-26: no resource metadata; the authorization server is the MCP server's origin.
            m_prmUrl.clear();
            m_prm = {};
            useAuthorizationServer(originOf(m_serverUrl).toString(), true, then);
        });
}

void OAuthClient::useAuthorizationServer(const QString &issuer, bool legacy, std::function<void()> then)
{
    if (m_discovered && issuer == m_issuer) {
        then();
        return;
    }
    // OAuth 2.1: no credential, code or token goes to an authorization server in the clear.
    const QString insecure = endpointSecurityProblem(QUrl(issuer));
    if (!insecure.isEmpty()) {
        fail(insecure);
        return;
    }
    // Another authorization server: nothing of the previous one applies there.
    if (m_discovered)
        noteStep(tr("The server now names authorization server %1 instead of %2; nothing of the previous one is used there.")
                     .arg(issuer, m_issuer));
    m_discovered = false;
    m_issuer = issuer;
    m_asMetadata = {};
    m_client = {};
    discoverAuthorizationServer(legacy, then);
}

void OAuthClient::discoverAuthorizationServer(bool legacy, std::function<void()> then)
{
    fetchFirstJson(
        authorizationServerMetadataUrls(QUrl(m_issuer)), 0, tr("Authorization server metadata (RFC 8414)"),
        [this, then](const QUrl &url, const QJsonObject &metadata) {
            Endpoints endpoints;
            const QString problem = authorizationServerMetadataProblem(m_issuer, url, metadata, &endpoints);
            if (!problem.isEmpty()) {
                fail(problem);
                return;
            }
            noteStep(tr("Checked: the metadata names issuer %1, the one its address was built from (RFC 8414 3.3).")
                         .arg(m_issuer));
            m_asMetadata = metadata;
            m_authorizationEndpoint = endpoints.authorization;
            m_tokenEndpoint = endpoints.token;
            m_registrationEndpoint = endpoints.registration;
            m_discovered = true;
            then();
        },
        [this, legacy, then] {
            if (!legacy) {
                fail(tr("Authorization server %1 publishes no metadata (RFC 8414 or OpenID discovery).").arg(m_issuer));
                return;
            }
            // 2025-03-26 fallback: the default endpoints at the server's root.
            m_asMetadata = {};
            const QUrl origin(m_issuer);
            m_authorizationEndpoint = withPath(origin, QStringLiteral("/authorize"));
            m_tokenEndpoint = withPath(origin, QStringLiteral("/token"));
            m_registrationEndpoint = withPath(origin, QStringLiteral("/register"));
            m_discovered = true;
            then();
        });
}

void OAuthClient::proceed()
{
    // Credentials registered with one authorization server are not handed to whichever another
    // the MCP server names (the server could name its own).
    if (hasConfiguredCredentials() && !credentialsBoundHere() && m_settings.clientIssuer.isEmpty()) {
        if (m_settings.askForForeignIssuer) {
            m_flow->waitingForApproval = true;
            if (m_flow->httpClock.isValid())
                m_flow->httpSpentMs += m_flow->httpClock.elapsed();
            m_flow->httpClock.invalidate();
            Q_EMIT foreignIssuerApprovalNeeded(m_issuer);
            return;
        }
        fail(tr("The configured client credentials were not sent to authorization server %1: it is not at the MCP "
                "server's origin (%2) and is not named as the client's issuer. If the client was registered there, "
                "name it as the issuer (--oauth-client-issuer %1, or clientIssuer in the server's auth settings).")
                 .arg(m_issuer, originOf(m_serverUrl).toString()));
        return;
    }
    const OAuthTokens current = tokens();
    // A refused or expired token with a refresh token: refresh once before asking the person again.
    if (m_flow->status == 401 && !current.refreshToken.isEmpty() && current.issuer == m_issuer && !m_lastRoundRefreshed) {
        refresh();
        return;
    }
    if (!m_settings.idpIdToken.isEmpty()) {
        crossAppAccess();
        return;
    }
    if (!m_settings.workloadIdentityToken.isEmpty()) {
        if (!credentialsBoundHere()) {
            fail(tr("The workload identity token is for authorization server %1, not for %2, which the server now "
                    "names; it is not sent there.")
                     .arg(m_settings.clientIssuer, m_issuer));
            return;
        }
        workloadIdentity();
        return;
    }
    const QStringList grants = stringList(m_asMetadata.value(QLatin1String("grant_types_supported")));
    // A server that offers only client_credentials has no authorization page to send anyone to.
    if (m_settings.grant == Grant::ClientCredentials
        || (m_settings.grant == Grant::Automatic && !grants.isEmpty()
            && !grants.contains(QLatin1String("authorization_code"))
            && grants.contains(QLatin1String("client_credentials")))) {
        clientCredentials();
        return;
    }
    authorizeWithCode();
}

QString OAuthClient::selectScope() const
{
    // The spec's order: the challenge's scope, else the resource's scopes_supported, else none.
    QStringList scopes = scopeList(m_settings.scope);
    if (scopes.isEmpty())
        scopes = scopeList(m_flow->challenge.scope);
    if (scopes.isEmpty())
        scopes = stringList(m_prm.value(QLatin1String("scopes_supported")));
    if (m_flow->status == 403) {
        // Step-up keeps what was granted before.
        for (const QString &scope : scopeList(m_requestedScope)) {
            if (!scopes.contains(scope))
                scopes.prepend(scope);
        }
    }
    const QStringList asScopes = stringList(m_asMetadata.value(QLatin1String("scopes_supported")));
    if (m_settings.requestOfflineAccess && !scopes.isEmpty() && asScopes.contains(QLatin1String("offline_access"))
        && !scopes.contains(QLatin1String("offline_access")))
        scopes << QStringLiteral("offline_access");
    return scopes.join(QLatin1Char(' '));
}

QString OAuthClient::tokenEndpointAuthMethod() const
{
    if (!m_client.tokenEndpointAuthMethod.isEmpty())
        return m_client.tokenEndpointAuthMethod;
    if (!m_settings.clientPrivateKeyPem.isEmpty() && m_client.clientId == m_settings.clientId && credentialsBoundHere())
        return PrivateKeyJwt;
    if (m_client.clientSecret.isEmpty())
        return QStringLiteral("none");
    const QStringList supported = stringList(m_asMetadata.value(QLatin1String("token_endpoint_auth_methods_supported")));
    if (supported.isEmpty() || supported.contains(QLatin1String("client_secret_basic")))
        return QStringLiteral("client_secret_basic"); // RFC 8414's default
    if (supported.contains(QLatin1String("client_secret_post")))
        return QStringLiteral("client_secret_post");
    if (supported.contains(QLatin1String("none")))
        return QStringLiteral("none");
    return QStringLiteral("client_secret_basic");
}

OAuthClientRegistration OAuthClient::preRegisteredClient() const
{
    // Credentials belong to the authorization server that issued them (keyed by its issuer).
    if (!credentialsBoundHere())
        return {};
    return {m_settings.clientId, m_settings.clientSecret, {}};
}

bool OAuthClient::hasConfiguredCredentials() const
{
    return !m_settings.clientId.isEmpty() || !m_settings.workloadIdentityToken.isEmpty();
}

bool OAuthClient::credentialsBoundHere() const
{
    if (!m_settings.clientIssuer.isEmpty())
        return m_settings.clientIssuer == m_issuer;
    return sameOrigin(QUrl(m_issuer), m_serverUrl) || m_approvedIssuers.contains(m_issuer);
}

void OAuthClient::identify(std::function<void()> then)
{
    m_client = preRegisteredClient();
    if (m_client.isValid()) {
        then();
        return;
    }
    // A Client ID Metadata Document where the server takes one: the spec's preferred way.
    if (m_asMetadata.value(QLatin1String("client_id_metadata_document_supported")).toBool()
        && m_settings.clientMetadataUrl.isValid() && !m_settings.clientMetadataUrl.isEmpty()) {
        m_client = {m_settings.clientMetadataUrl.toString(), {}, QStringLiteral("none")};
        then();
        return;
    }
    const QString issuerKey = m_issuer;
    const OAuthClientRegistration stored = m_store->registration(issuerKey);
    // A registration names its redirect URIs; a loopback listener on another port needs a new one.
    if (stored.isValid()
        && (stored.redirectUri.isEmpty() || m_flow->redirectUri.isEmpty() || stored.redirectUri == m_flow->redirectUri.toString())) {
        m_client = stored;
        then();
        return;
    }
    if (!m_registrationEndpoint.isValid() || m_registrationEndpoint.isEmpty()) {
        fail(tr("Authorization server %1 offers no dynamic client registration; configure a client id for it.")
                 .arg(m_issuer));
        return;
    }
    const QStringList supported = stringList(m_asMetadata.value(QLatin1String("token_endpoint_auth_methods_supported")));
    QString method;
    for (const QString &candidate : {QStringLiteral("none"), QStringLiteral("client_secret_basic"),
                                     QStringLiteral("client_secret_post")}) {
        if (supported.contains(candidate)) {
            method = candidate;
            break;
        }
    }
    QJsonObject metadata{
        {QStringLiteral("client_name"), m_settings.clientName},
        {QStringLiteral("redirect_uris"), QJsonArray{m_flow->redirectUri.toString()}},
        {QStringLiteral("grant_types"), QJsonArray{QStringLiteral("authorization_code"), QStringLiteral("refresh_token")}},
        {QStringLiteral("response_types"), QJsonArray{QStringLiteral("code")}},
        {QStringLiteral("application_type"), applicationType(m_flow->redirectUri)},
    };
    if (!method.isEmpty())
        metadata.insert(QStringLiteral("token_endpoint_auth_method"), method);
    request("POST", m_registrationEndpoint, QJsonDocument(metadata).toJson(QJsonDocument::Compact), JsonType, {},
            tr("Dynamic client registration (RFC 7591)"), [this, then, method, issuerKey](const HttpResult &result) {
                const QJsonObject answer = result.json();
                const QString clientId = answer.value(QLatin1String("client_id")).toString();
                if (!result.ok() || clientId.isEmpty()) {
                    fail(tr("Client registration at %1 failed: %2")
                             .arg(m_registrationEndpoint.toDisplayString(),
                                  result.status ? tr("HTTP %1 %2").arg(result.status).arg(QString::fromUtf8(result.body.left(200)))
                                                : result.errorString));
                    return;
                }
                m_client.clientId = clientId;
                m_client.clientSecret = answer.value(QLatin1String("client_secret")).toString();
                m_client.tokenEndpointAuthMethod = answer.value(QLatin1String("token_endpoint_auth_method")).toString();
                m_client.redirectUri = m_flow->redirectUri.toString();
                if (m_client.tokenEndpointAuthMethod.isEmpty() && !method.isEmpty()
                    && (method != QLatin1String("none") || m_client.clientSecret.isEmpty()))
                    m_client.tokenEndpointAuthMethod = method;
                m_store->setRegistration(issuerKey, m_client);
                noteStep(tr("Registered as client %1 at issuer %2.").arg(clientId, issuerKey));
                then();
            });
}

void OAuthClient::authorizeWithCode()
{
    if (!m_asMetadata.isEmpty()) {
        const QStringList methods = stringList(m_asMetadata.value(QLatin1String("code_challenge_methods_supported")));
        if (!methods.contains(QLatin1String("S256"))) {
            fail(tr("Authorization server %1 does not list PKCE S256 in code_challenge_methods_supported; "
                    "refusing to authorize without it.")
                     .arg(m_issuer));
            return;
        }
    }
    if (!m_authorizationEndpoint.isValid() || m_authorizationEndpoint.isEmpty()) {
        fail(tr("The metadata of authorization server %1 names no authorization endpoint.").arg(m_issuer));
        return;
    }
    if (!m_agent) {
        fail(tr("Authorizing needs a browser, and none is available here."));
        return;
    }
    // The sign-in begins: the user agent gets ready (a listener opens) until the round ends.
    const QString notReady = m_agent->prepare();
    if (!notReady.isEmpty()) {
        fail(notReady);
        return;
    }
    m_flow->agentPrepared = true;
    m_flow->redirectUri = m_agent->redirectUri();
    identify([this] {
        m_flow->verifier = createCodeVerifier();
        m_flow->state = base64Url(randomBytes(16));
        m_flow->scope = selectScope();
        QUrl url = m_authorizationEndpoint;
        QUrlQuery query(url);
        query.addQueryItem(QStringLiteral("response_type"), QStringLiteral("code"));
        query.addQueryItem(QStringLiteral("client_id"), m_client.clientId);
        query.addQueryItem(QStringLiteral("redirect_uri"), m_flow->redirectUri.toString());
        query.addQueryItem(QStringLiteral("code_challenge"), QString::fromLatin1(codeChallenge(m_flow->verifier)));
        query.addQueryItem(QStringLiteral("code_challenge_method"), QStringLiteral("S256"));
        query.addQueryItem(QStringLiteral("state"), QString::fromLatin1(m_flow->state));
        if (!m_flow->scope.isEmpty())
            query.addQueryItem(QStringLiteral("scope"), m_flow->scope);
        query.addQueryItem(QStringLiteral("resource"), resource());
        // Query values must survive '+', '&', '=' and ':' in URLs and scopes.
        QUrlQuery encoded;
        for (const auto &item : query.queryItems(QUrl::FullyDecoded))
            encoded.addQueryItem(QString::fromLatin1(QUrl::toPercentEncoding(item.first)),
                                 QString::fromLatin1(QUrl::toPercentEncoding(item.second)));
        url.setQuery(encoded.query(QUrl::FullyEncoded), QUrl::StrictMode);
        m_requestedScope = m_flow->scope;
        m_flow->waitingForAgent = true;
        // The person's time at the browser is not the authorization servers'.
        m_flow->httpSpentMs += m_flow->httpClock.elapsed();
        m_flow->httpClock.invalidate();
        m_agent->start(url);
    });
}

void OAuthClient::onRedirected(const QUrl &url)
{
    if (!m_flow || !m_flow->waitingForAgent)
        return;
    m_flow->waitingForAgent = false;
    m_flow->httpClock.start();
    // Before anything in the answer is used, its error included (a mix-up attack's answer is not shown).
    const QString issProblem = issuerProblem(
        url, m_issuer, m_asMetadata.value(QLatin1String("authorization_response_iss_parameter_supported")).toBool());
    if (!issProblem.isEmpty()) {
        fail(issProblem);
        return;
    }
    const QUrlQuery query(url);
    noteStep(query.hasQueryItem(QStringLiteral("iss"))
                 ? tr("Checked: the authorization answer names issuer %1 (RFC 9207).").arg(m_issuer)
                 : tr("Checked: the authorization answer has no iss, and the server does not promise one (RFC 9207)."));
    const QString error = query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    if (!error.isEmpty()) {
        fail(tr("The authorization server refused: %1 %2")
                 .arg(error, query.queryItemValue(QStringLiteral("error_description"), QUrl::FullyDecoded)).trimmed());
        return;
    }
    if (query.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded) != QString::fromLatin1(m_flow->state)) {
        fail(tr("The authorization answer carries a state that this client did not send; it was ignored."));
        return;
    }
    const QString code = query.queryItemValue(QStringLiteral("code"), QUrl::FullyDecoded);
    if (code.isEmpty()) {
        fail(tr("The authorization answer carries no code."));
        return;
    }
    tokenRequest({{QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                  {QStringLiteral("code"), code},
                  {QStringLiteral("redirect_uri"), m_flow->redirectUri.toString()},
                  {QStringLiteral("code_verifier"), QString::fromLatin1(m_flow->verifier)},
                  {QStringLiteral("resource"), resource()}},
                 tr("Token request (authorization code)"));
}

void OAuthClient::refresh()
{
    m_flow->refreshing = true;
    identify([this] {
        m_flow->scope = m_requestedScope;
        tokenRequest({{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                      {QStringLiteral("refresh_token"), tokens().refreshToken},
                      {QStringLiteral("resource"), resource()}},
                     tr("Token refresh"));
    });
}

void OAuthClient::clientCredentials()
{
    m_client = preRegisteredClient();
    if (!m_settings.clientId.isEmpty() && !m_client.isValid()) {
        fail(tr("The configured client belongs to authorization server %1, not to %2, which the server now names; "
                "it is not sent there.")
                 .arg(m_settings.clientIssuer, m_issuer));
        return;
    }
    if (m_client.clientId.isEmpty() || (m_client.clientSecret.isEmpty() && m_settings.clientPrivateKeyPem.isEmpty())) {
        fail(tr("Authorization server %1 offers only the client credentials grant, which needs a pre-registered "
                "client id with a secret or a private key (private_key_jwt).")
                 .arg(m_issuer));
        return;
    }
    m_flow->scope = selectScope();
    QList<QPair<QString, QString>> form{{QStringLiteral("grant_type"), QStringLiteral("client_credentials")}};
    if (!m_flow->scope.isEmpty())
        form.append({QStringLiteral("scope"), m_flow->scope});
    form.append({QStringLiteral("resource"), resource()});
    tokenRequest(form, tr("Token request (client credentials)"));
}

void OAuthClient::crossAppAccess()
{
    m_client = preRegisteredClient();
    m_flow->scope = selectScope();
    const QString audience = m_issuer;
    QList<QPair<QString, QString>> form{
        {QStringLiteral("grant_type"), QStringLiteral("urn:ietf:params:oauth:grant-type:token-exchange")},
        {QStringLiteral("requested_token_type"), QStringLiteral("urn:ietf:params:oauth:token-type:id-jag")},
        {QStringLiteral("subject_token"), m_settings.idpIdToken},
        {QStringLiteral("subject_token_type"), QStringLiteral("urn:ietf:params:oauth:token-type:id_token")},
        {QStringLiteral("audience"), audience},
        {QStringLiteral("resource"), resource()},
    };
    if (!m_settings.idpClientId.isEmpty())
        form.append({QStringLiteral("client_id"), m_settings.idpClientId});
    if (!m_flow->scope.isEmpty())
        form.append({QStringLiteral("scope"), m_flow->scope});
    const QString insecure = endpointSecurityProblem(m_settings.idpTokenEndpoint);
    if (!insecure.isEmpty()) {
        fail(insecure);
        return;
    }
    request("POST", m_settings.idpTokenEndpoint, formEncode(form), FormType, {},
            tr("Token exchange at the identity provider (RFC 8693)"), [this](const HttpResult &result) {
                const QString grant = result.json().value(QLatin1String("access_token")).toString();
                if (!result.ok() || grant.isEmpty()) {
                    fail(tr("The identity provider refused the token exchange: %1")
                             .arg(result.status ? QString::fromUtf8(result.body.left(200)) : result.errorString));
                    return;
                }
                QList<QPair<QString, QString>> jwtForm{
                    {QStringLiteral("grant_type"), QStringLiteral("urn:ietf:params:oauth:grant-type:jwt-bearer")},
                    {QStringLiteral("assertion"), grant},
                    {QStringLiteral("resource"), resource()},
                };
                if (!m_flow->scope.isEmpty())
                    jwtForm.append({QStringLiteral("scope"), m_flow->scope});
                tokenRequest(jwtForm, tr("Token request (JWT bearer grant, RFC 7523)"));
            });
}

void OAuthClient::workloadIdentity()
{
    // The workload's own JWT is the grant (RFC 7523 2.1); a refusal is reported, never retried
    // with it or answered with another grant.
    m_client = preRegisteredClient();
    m_flow->scope = selectScope();
    QList<QPair<QString, QString>> form{
        {QStringLiteral("grant_type"), QStringLiteral("urn:ietf:params:oauth:grant-type:jwt-bearer")},
        {QStringLiteral("assertion"), QString::fromLatin1(m_settings.workloadIdentityToken)},
        {QStringLiteral("resource"), resource()},
    };
    if (!m_flow->scope.isEmpty())
        form.append({QStringLiteral("scope"), m_flow->scope});
    tokenRequest(form, tr("Token request (JWT bearer grant, RFC 7523)"));
}

void OAuthClient::tokenRequest(QList<QPair<QString, QString>> form, const QString &purpose, bool nonceRetried)
{
    const QList<QPair<QString, QString>> unauthenticated = form; // a nonce retry signs afresh
    const QString method = tokenEndpointAuthMethod();
    HttpHeaders headers;
    if (method == QLatin1String("client_secret_basic")) {
        // RFC 6749 2.3.1: both parts form-encoded before Base64.
        headers.append({QByteArrayLiteral("Authorization"),
                        "Basic "
                            + QByteArray(QUrl::toPercentEncoding(m_client.clientId) + ':'
                                         + QUrl::toPercentEncoding(m_client.clientSecret))
                                  .toBase64()});
    } else {
        if (!m_client.clientId.isEmpty())
            form.append({QStringLiteral("client_id"), m_client.clientId});
        if (method == QLatin1String("client_secret_post"))
            form.append({QStringLiteral("client_secret"), m_client.clientSecret});
    }
    if (method == PrivateKeyJwt) {
        const Es256Key key = Es256Key::fromPem(m_settings.clientPrivateKeyPem);
        if (!key.isValid()) {
            fail(tr("The client's private key is not an ES256 (P-256) private key in PEM form."));
            return;
        }
        form.append({QStringLiteral("client_assertion_type"),
                     QStringLiteral("urn:ietf:params:oauth:client-assertion-type:jwt-bearer")});
        form.append({QStringLiteral("client_assertion"), QString::fromLatin1(clientAssertion(key, m_client.clientId, m_issuer))});
    }
    const bool dpop = usesDpop();
    if (dpop) {
        loadDpopKey();
        headers.append({QByteArrayLiteral("DPoP"), dpopProof(m_dpopKey, "POST", m_tokenEndpoint, {}, m_asNonce)});
    }
    request("POST", m_tokenEndpoint, formEncode(form), FormType, headers, purpose,
            [this, unauthenticated, purpose, nonceRetried, dpop](const HttpResult &result) {
        const QByteArray nonce = result.header("DPoP-Nonce");
        if (!nonce.isEmpty())
            m_asNonce = nonce;
        const QJsonObject answer = result.json();
        const QString accessToken = answer.value(QLatin1String("access_token")).toString();
        if (!result.ok() || accessToken.isEmpty()) {
            const QString error = answer.value(QLatin1String("error")).toString();
            // RFC 9449 8: the authorization server wants its nonce in the proof; once.
            if (dpop && error == QLatin1String("use_dpop_nonce") && !nonce.isEmpty() && !nonceRetried) {
                noteStep(tr("The authorization server wants a DPoP nonce; the token request is repeated with it (RFC 9449 8)."));
                tokenRequest(unauthenticated, purpose, true);
                return;
            }
            const QString reason = !error.isEmpty()
                ? QString(error + QLatin1Char(' ') + answer.value(QLatin1String("error_description")).toString()).trimmed()
                : (result.status ? tr("HTTP %1").arg(result.status) : result.errorString);
            if (m_flow->refreshing) {
                // The refresh token is dead: forget it and authorize from the start.
                OAuthTokens stale = tokens();
                stale.refreshToken.clear();
                m_store->setTokens(storeKey(), stale);
                m_flow->refreshing = false;
                proceed();
                return;
            }
            fail(tr("The token endpoint %1 refused: %2").arg(m_tokenEndpoint.toDisplayString(), reason));
            return;
        }
        const QString type = answer.value(QLatin1String("token_type")).toString(QStringLiteral("Bearer"));
        const bool bound = dpop && type.compare(DpopType, Qt::CaseInsensitive) == 0;
        if (!bound && type.compare(QLatin1String("bearer"), Qt::CaseInsensitive) != 0) {
            fail(tr("The token endpoint issued a %1 token; only Bearer tokens are supported.").arg(type));
            return;
        }
        OAuthTokens granted;
        granted.accessToken = accessToken;
        granted.tokenType = bound ? DpopType : QStringLiteral("Bearer");
        if (bound)
            noteStep(tr("The token is bound to DPoP key %1 (RFC 7638 thumbprint).").arg(QString::fromLatin1(m_dpopKey.thumbprint())));
        granted.issuer = m_issuer;
        // A refresh answer without a new refresh token keeps the old one (RFC 6749 6).
        granted.refreshToken = answer.value(QLatin1String("refresh_token")).toString(tokens().refreshToken);
        granted.scope = answer.value(QLatin1String("scope")).toString(m_flow->scope);
        const qint64 expiresIn = answer.value(QLatin1String("expires_in")).toInteger(-1);
        if (expiresIn >= 0)
            granted.expiresAt = QDateTime::currentDateTimeUtc().addSecs(expiresIn);
        succeed(granted);
    });
}

void OAuthClient::noteStep(const QString &text)
{
    TrafficEvent event = TrafficEvent::make(TrafficEvent::Direction::Local, TrafficEvent::Kind::Note, {}, text);
    event.url = m_issuer;
    Q_EMIT trafficEvent(event);
}

void OAuthClient::succeed(const OAuthTokens &granted)
{
    // A refreshed token that is refused again means the grant itself is no longer enough.
    m_lastRoundRefreshed = m_flow->refreshing;
    if (m_flow->agentPrepared && m_agent)
        m_agent->cancel();
    m_store->setTokens(storeKey(), granted);
    m_flow.reset();
    ++m_flowId;
    Q_EMIT authorized();
}

void OAuthClient::fail(const QString &why)
{
    // What the server said leads, then each step tried, then where it stopped.
    QString reason = why;
    if (m_flow && m_flow->status > 0) {
        const QString said = m_flow->wwwAuthenticate.isEmpty()
            ? tr("%1 answered HTTP %2 with no WWW-Authenticate header.").arg(m_serverUrl.toDisplayString()).arg(m_flow->status)
            : tr("%1 answered HTTP %2 with WWW-Authenticate: %3").arg(m_serverUrl.toDisplayString()).arg(m_flow->status)
                  .arg(QString::fromLatin1(m_flow->wwwAuthenticate));
        reason = m_flow->tried.isEmpty() ? tr("%1 Authorization failed: %2").arg(said, why)
                                         : tr("%1 Tried: %2. Authorization failed: %3")
                                               .arg(said, m_flow->tried.join(QLatin1String("; ")), why);
    }
    qCDebug(lcOAuth) << "authorization failed:" << reason;
    // The sign-in is over: the user agent stops listening.
    if (m_flow && m_flow->agentPrepared && m_agent)
        m_agent->cancel();
    m_flow.reset();
    ++m_flowId;
    m_lastRoundRefreshed = false;
    Q_EMIT failed(reason);
}

} // namespace Mcp
