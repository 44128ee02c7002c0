#pragma once

#include "httptransportoptions.h"
#include "transport.h"

#include <QPointer>
#include <QUrl>

#include <memory>

QT_BEGIN_NAMESPACE
class QNetworkReply;
class QTimer;
class QNetworkRequest;
QT_END_NAMESPACE

namespace Mcp {

class SecureNetworkAccessManager;

class SseParser;
struct SseEvent;

// The 2024-11-05 HTTP+SSE transport: GET the SSE URL, wait for the "endpoint" event, POST
// every message to that URL (resolved against the SSE URL, same origin only); the server's
// messages arrive as "message" events on the GET stream. The session lives as long as the stream.
class LegacySseTransport : public Transport
{
    Q_OBJECT
    Q_PROPERTY(QUrl url READ url CONSTANT)
    Q_PROPERTY(QUrl postUrl READ postUrl)

public:
    explicit LegacySseTransport(const QUrl &url, const HttpTransportOptions &options = {}, QObject *parent = nullptr);
    ~LegacySseTransport() override;

    void open() override;
    void send(const Message &message) override;
    void close() override;

    QString transportName() const override { return QStringLiteral("sse"); }
    QString endpointDescription() const override;
    void setProtocolVersion(const QString &version) override { m_protocolVersion = version; }

    QUrl url() const { return m_url; }
    // The URL of the endpoint event; empty until it came.
    QUrl postUrl() const { return m_postUrl; }
    void setExchangeIdBase(quint64 base) { m_nextExchangeId = base; }

private:
    void startStream();
    bool awaitAuthorization(QNetworkReply *reply, const QByteArray &body);
    void onStreamData();
    void onStreamFinished();
    void handleEvent(const SseEvent &event);
    void fail(const TransportError &error);
    void finishClose(const QString &reason);
    QNetworkRequest makeRequest(const QByteArray &method, const QUrl &url) const;

    QUrl m_url;
    QUrl m_postUrl;
    HttpTransportOptions m_options;
    // Two managers: the stream holds one connection for its whole life (QNAM: 6 per host).
    SecureNetworkAccessManager *m_streamNam = nullptr;
    SecureNetworkAccessManager *m_postNam = nullptr;
    QPointer<QNetworkReply> m_stream;
    std::unique_ptr<SseParser> m_parser;
    QTimer *m_endpointTimer = nullptr;
    QString m_protocolVersion;
    quint64 m_nextExchangeId = 0;
    quint64 m_streamExchangeId = 0;
    bool m_streamHeadersSeen = false;
    // The GET that opens the session was refused for want of credentials; reopened once authorized.
    int m_authRounds = 0;
    int m_lastAuthStatus = 0;
};

} // namespace Mcp
