#pragma once

#include "traffic/trafficevent.h"

#include <QObject>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace Mcp {

// The user-agent step of the authorization code flow: shows the authorization page to the
// person (a browser) and catches the redirect back. OAuthClient asks redirectUri() before it
// registers the client, calls start() with the full authorization URL, and waits for exactly
// one of redirected() (the URL the authorization server redirected to, with code and state;
// OAuthClient checks both) or failed(). cancel() abandons a start() without a signal.
// The GUI implements it with the system browser and a loopback listener (RFC 8252).
class AuthorizationUserAgent : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    virtual QUrl redirectUri() const = 0;
    virtual void start(const QUrl &authorizationUrl) = 0;
    virtual void cancel() {}

Q_SIGNALS:
    void redirected(const QUrl &redirectUrl);
    void failed(const QString &reason);
    // HTTP exchanges the user agent made itself, if any (HeadlessUserAgent), for the traffic log.
    void trafficEvent(const Mcp::TrafficEvent &event);
};

// For tests and the conformance client, never for a real authorization server: GETs the
// authorization URL without a person, follows the server's own redirects up to the redirect
// URI, and reports that Location. Works with servers that approve without a login page.
class HeadlessUserAgent : public AuthorizationUserAgent
{
    Q_OBJECT

public:
    explicit HeadlessUserAgent(const QUrl &redirectUri = QUrl(QStringLiteral("http://localhost:3000/callback")),
                               QObject *parent = nullptr);

    QUrl redirectUri() const override { return m_redirectUri; }
    void start(const QUrl &authorizationUrl) override;
    void cancel() override;

private:
    void get(const QUrl &url, int redirectsLeft);

    QUrl m_redirectUri;
    QNetworkAccessManager *m_nam = nullptr;
    quint64 m_generation = 0;
    quint64 m_nextExchangeId = 0;
};

} // namespace Mcp
