#pragma once

#include "jsonrpc/message.h"
#include "session/client.h"
#include "session/eralifecycle.h"

#include <QList>
#include <QPointer>
#include <QStringList>

namespace Mcp {

class ClientPrivate;
class OutgoingRequest;

// The legacy lifecycle (protocol versions 2024-11-05 to 2025-11-25) behind the Client API:
// initialize and notifications/initialized, version negotiation, a new initialize after the
// server ends the session, and what the caller sends before the session is ready, queued.
// Request correlation, timeouts and progress stay in the Client; the lifecycle without a
// handshake (2026-07-28), ModernLifecycle, goes beside this class, and EraNegotiator starts
// this one when the server turns out to be a legacy one. While the era is being decided this
// one also queues what the caller sends (ModernLifecycle takes the queue when it starts).
class LegacyLifecycle : public EraLifecycle
{
public:
    explicit LegacyLifecycle(ClientPrivate *d) : d(d) {}

    // Newest first.
    static QStringList supportedProtocolVersions();

    void reset() override;
    // Initialize, offering version (a pinned legacy version; empty: the newest).
    void start(const QString &version, const QString &decidedBy) override;
    // The connection ended or failed: no new session is being started any more.
    void stop() { m_reinitializing = false; }
    void onSessionExpired();
    // A request that met the expired session (HTTP 404): the server never processed it, so it
    // is sent again on the new session. False when it cannot be (internal, or disconnected).
    bool resendOnNewSession(OutgoingRequest *handle);

    // Sends what the caller asked for now, or queues it until the session is ready. False
    // when there is no session to send it on.
    bool send(OutgoingRequest *handle) override;
    bool send(const Message &notification) override;
    // A request that finished while queued.
    void forget(OutgoingRequest *handle);
    // The queued requests, taken out of the queue (queued notifications are dropped).
    QList<QPointer<OutgoingRequest>> takeQueuedRequests();
    int queuedRequestCount() const;

    // What initialize negotiated.
    QString protocolVersion() const override { return m_protocolVersion; }
    Implementation serverInfo() const override { return m_serverInfo; }
    QJsonObject serverCapabilities() const override { return m_serverCapabilities; }
    QString instructions() const override { return m_instructions; }

private:
    void initialize();
    void onInitializeFinished(OutgoingRequest *handle);
    void flushQueue();

    // Something to send once the session is ready, in the order it was asked for.
    struct Queued
    {
        QPointer<OutgoingRequest> handle; // a request, or...
        Message notification;             // ...a notification when handle is null
    };

    ClientPrivate *d;
    QString m_offeredVersion; // empty: the newest
    QString m_protocolVersion;
    Implementation m_serverInfo;
    QJsonObject m_serverCapabilities;
    QString m_instructions;
    QList<Queued> m_queue; // waiting for the initialize result
    QPointer<OutgoingRequest> m_initializeHandle;
    bool m_reinitializing = false;
};

} // namespace Mcp
