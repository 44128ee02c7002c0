#pragma once

#include "transport/trafficevent.h"

#include <QObject>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
class QTcpServer;
class QTcpSocket;
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

// The user-agent step of the authorization code flow: shows the authorization page to the
// person (a browser) and catches the redirect back. OAuthClient calls prepare() when a browser
// sign-in begins, asks redirectUri() before it registers the client, calls start() with the full
// authorization URL, and waits for exactly one of redirected() (the URL the authorization server
// redirected to, with code and state; OAuthClient checks both) or failed(). cancel() abandons a
// sign-in (prepared or started) without a signal.
// An agent lives in OAuthClient's thread (OAuthClient calls start() directly); one that must
// reach a GUI on another thread does so with queued signals, like LoopbackUserAgent::openUrl.
class AuthorizationUserAgent : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // Gets ready to receive the answer of one sign-in: empty, or why it cannot.
    virtual QString prepare() { return {}; }
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

// For native apps (RFC 8252 7.3): listens on 127.0.0.1 for the browser's redirect, only while a
// sign-in runs: prepare() opens the listener (the port of the previous sign-in when it is free,
// so that a registered redirect URI still holds; else an ephemeral one), and it closes when the
// answer came, on cancel(), or after waitLimitMs() without one (failed()). start() emits
// openUrl() with the authorization URL; the application opens it in the system browser
// (QDesktopServices::openUrl, connected queued from the GUI thread) or prints it (CLI). The
// browser lands on redirectUri(): an answer carrying the state of the authorization URL gets a
// short page and redirected(); one with another state (any local process can send one) gets a
// short page too and is ignored, and the wait goes on. Other requests get 404.
class LoopbackUserAgent : public AuthorizationUserAgent
{
    Q_OBJECT

public:
    explicit LoopbackUserAgent(QObject *parent = nullptr);
    ~LoopbackUserAgent() override;

    bool isListening() const;
    void setWaitLimitMs(int ms) { m_waitLimitMs = ms; }

    QString prepare() override;
    QUrl redirectUri() const override;
    void start(const QUrl &authorizationUrl) override;
    void cancel() override;

Q_SIGNALS:
    void openUrl(const QUrl &authorizationUrl);

private:
    void onReadyRead(QTcpSocket *socket);
    void close();

    QTcpServer *m_server = nullptr;
    QTimer *m_waitTimer = nullptr;
    quint16 m_lastPort = 0;
    int m_waitLimitMs = 10 * 60 * 1000;
    bool m_waiting = false;
    QString m_state; // of the authorization URL: the answer to wait for carries it
};

} // namespace Mcp
