#pragma once

#include "httptransportoptions.h"
#include "transport.h"

#include <QHash>
#include <QNetworkRequest>
#include <QUrl>

#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QNetworkReply;
class QNetworkRequest;
QT_END_NAMESPACE

namespace Mcp {

class SecureNetworkAccessManager;

class SseParser;

// MCP Streamable HTTP (2025-03-26 and later): every message is a POST to one endpoint,
// answered with JSON, an SSE stream or 202; an optional GET stream carries
// server-initiated messages; Mcp-Session-Id and MCP-Protocol-Version headers; resumption
// with Last-Event-ID honouring the server's retry; DELETE on close. A request whose `_meta`
// names a protocol version is a modern (2026-07-28) one: no session id, the headers of
// ModernHeaders::standardHeaders plus the session's (Mcp-Param-*), no resumption, a JSON-RPC
// error in a 4xx body delivered as the answer, and abandonRequest() closes its stream.
class StreamableHttpTransport : public Transport
{
    Q_OBJECT
    Q_PROPERTY(QUrl url READ url CONSTANT)
    Q_PROPERTY(QString sessionId READ sessionId)

public:
    explicit StreamableHttpTransport(const QUrl &url, const HttpTransportOptions &options = {},
                                     QObject *parent = nullptr);
    ~StreamableHttpTransport() override;

    void open() override;
    void send(const Message &message) override;
    void close() override;

    QString transportName() const override { return QStringLiteral("http"); }
    QString endpointDescription() const override;
    void setProtocolVersion(const QString &version) override;
    QString protocolVersion() const { return m_protocolVersion; }
    void setHandshakeNotification(const QString &method) override { m_handshakeNotification = method; }
    QString sessionId() const override { return m_sessionId; }
    void setRequestHeaders(RequestHeaders provider) override { m_requestHeaders = std::move(provider); }
    bool abandonRequest(const MessageId &id) override;

    QUrl url() const { return m_url; }
    HttpTransportOptions options() const { return m_options; }
    // Exchange ids (TrafficEvent::exchangeId) start after this value; lets a wrapping
    // transport keep one sequence.
    void setExchangeIdBase(quint64 base) { m_nextExchangeId = base; }
    quint64 lastExchangeId() const { return m_nextExchangeId; }

private:
    struct Stream;
    struct Exchange;

    // modern: a 2026-07-28 request, which belongs to no session (no Mcp-Session-Id).
    QNetworkRequest makeRequest(const QByteArray &method, bool modern = false) const;
    // A POST's request and the headers the traffic log shows for it.
    std::pair<QNetworkRequest, HttpHeaders> postRequest(bool modern);
    void startPost(const Message &message, int authRounds = 0);
    bool awaitAuthorization(QNetworkReply *reply, Exchange *exchange);
    void onAuthorized();
    void onAuthorizationFailed(const QString &reason);
    void startGet(const std::shared_ptr<Stream> &stream, bool holdOthers = false);
    void releaseHold(Exchange *exchange);
    void track(QNetworkReply *reply, std::unique_ptr<Exchange> exchange);
    void onReadyRead(QNetworkReply *reply);
    void appendBody(QNetworkReply *reply, Exchange *exchange);
    void onFinished(QNetworkReply *reply);
    void finishRefused(QNetworkReply *reply, Exchange *exchange);
    bool wholeAnswer(QNetworkReply *reply, const Exchange *exchange) const;
    void finishPlainAnswer(QNetworkReply *reply, Exchange *exchange, quint64 generation);
    bool handleHeaders(QNetworkReply *reply, Exchange *exchange);
    void feedSse(QNetworkReply *reply, Exchange *exchange, QByteArrayView bytes);
    void dispatchFrame(QNetworkReply *reply, const QByteArray &frame, Exchange *exchange, const QByteArray &sseId,
                       const QByteArray &sseType);
    void streamEnded(Exchange *exchange, const QString &why);
    void scheduleReconnect(const std::shared_ptr<Stream> &stream);
    void failExchange(Exchange *exchange, const TransportError &error);
    void expireSession(Exchange *exchange);
    void maybeOpenGetStream();
    void abortAll();
    void finishClose(const QString &reason);
    void note(const QString &text, quint64 exchangeId = 0);

    QUrl m_url;
    QString m_urlText; // for every traffic event
    HttpTransportOptions m_options;
    // A POST's request and its headers as listed, kept while what they depend on stays (the
    // session, the era): building them anew for every call cost more than the call's JSON.
    // Not kept with an authorizer, whose headers change from one request to the next.
    struct PostTemplate
    {
        bool modern = false;
        QString sessionId;
        QString protocolVersion;
        QNetworkRequest request;
        HttpHeaders headers;
    };
    std::optional<PostTemplate> m_postTemplate;
    // Three managers because QNAM opens at most 6 connections per host and keeps an SSE
    // response's connection for as long as the stream lasts: requests whose answers stream
    // use one, long-lived GET streams another, and short replies, notifications and DELETE
    // the third, so that the answer to a server's request can never queue behind the streams
    // that wait for it.
    SecureNetworkAccessManager *m_requestNam = nullptr;
    SecureNetworkAccessManager *m_streamNam = nullptr;
    SecureNetworkAccessManager *m_controlNam = nullptr;
    QHash<QNetworkReply *, Exchange *> m_exchanges;
    QList<Message> m_held; // waiting for a notification's answer or the GET stream (see startPost)
    // Refused for want of credentials, or sent while an authorization runs: resent once authorized.
    struct AuthWaiting
    {
        Message message;
        int rounds = 0; // authorizations this message already caused
    };
    QList<AuthWaiting> m_authWaiting;
    quint64 m_authorizations = 0; // authorizations finished on this transport
    int m_lastAuthStatus = 0;
    QByteArray m_lastWwwAuthenticate;
    int m_holdCount = 0;
    std::shared_ptr<Stream> m_getStream;
    QString m_sessionId;
    QString m_protocolVersion;
    RequestHeaders m_requestHeaders;
    QString m_handshakeNotification; // once accepted, the GET stream may open
    quint64 m_nextExchangeId = 0;
    quint64 m_generation = 0; // bumped on close: timers of an earlier connection do nothing
    bool m_getStreamTried = false;
    QString m_closeReason;
    QNetworkReply *m_deleteReply = nullptr;
};

} // namespace Mcp
