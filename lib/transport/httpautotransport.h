#pragma once

#include "httptransportoptions.h"
#include "transport.h"

#include <QPointer>
#include <QUrl>

namespace Mcp {

// Auto-detection for an HTTP URL (spec, backwards compatibility): POST the first legacy request
// (initialize) as Streamable HTTP; if that answers 400, 404 or 405, GET the URL as a legacy
// 2024-11-05 SSE endpoint and send the request again there. Modern (2026-07-28) requests, such
// as the session's era probe, go to Streamable HTTP and decide nothing here. The choice is announced as a
// Note traffic event and kept in chosenTransport.
class HttpAutoTransport : public Transport
{
    Q_OBJECT
    Q_PROPERTY(QString chosenTransport READ chosenTransport NOTIFY transportChosen)

public:
    explicit HttpAutoTransport(const QUrl &url, const HttpTransportOptions &options = {}, QObject *parent = nullptr);
    ~HttpAutoTransport() override;

    void open() override;
    void send(const Message &message) override;
    void close() override;

    QString transportName() const override;
    QString endpointDescription() const override;
    void setProtocolVersion(const QString &version) override;
    void setHandshakeNotification(const QString &method) override;
    QString sessionId() const override;
    void setRequestHeaders(RequestHeaders provider) override;
    bool abandonRequest(const MessageId &id) override;

    // "http" (Streamable HTTP), "sse" (legacy) or empty while undecided.
    QString chosenTransport() const { return m_chosen; }
    HttpTransportKind chosenKind() const;

Q_SIGNALS:
    void transportChosen(const QString &name);

private:
    void adopt(Transport *inner);
    void choose(const QString &name, const QString &why);
    void fallBack(const TransportError &error);
    void flushQueue();

    QUrl m_url;
    HttpTransportOptions m_options;
    QPointer<Transport> m_inner;
    QString m_chosen;
    QString m_protocolVersion;
    QString m_handshakeNotification;
    RequestHeaders m_requestHeaders;
    Message m_probe;          // the first request, sent again after a fallback
    bool m_probing = false;
    bool m_fallingBack = false;
    QList<Message> m_queued;  // sent while falling back
};

} // namespace Mcp
