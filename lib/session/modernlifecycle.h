#pragma once

#include "jsonrpc/message.h"
#include "protocol/types.h"
#include "session/modern/eradetector.h"
#include "session/modern/multiroundtrip.h"
#include "session/modern/requestmeta.h"
#include "session/modern/subscriptions.h"
#include "session/client.h"
#include "transport/modernheaders.h"
#include "transport/transport.h"

#include <QHash>
#include <QJsonObject>
#include <QPointer>
#include <QStringList>

#include <optional>

namespace Mcp {

class ClientPrivate;
class OutgoingRequest;

// The modern lifecycle (2026-07-28 and later) behind the Client API, beside LegacyLifecycle:
// no handshake. At connect it decides the era with an EraDetector (probing with
// server/discover unless the choice or a cached record says otherwise) and hands a legacy
// server to LegacyLifecycle. On a modern connection every request carries the per-request
// `_meta`, runs as a multi round-trip request (input asked through the Client's
// ServerRequestHandlers, then retried with a new id), -32022 is retried once with a mutual
// version, serverInfo is read from results, and tools/list results are checked for
// `x-mcp-header` rules so that invalid tools are never called.
class ModernLifecycle : public Modern::InputRequestHandler
{
public:
    explicit ModernLifecycle(ClientPrivate *d) : d(d) {}

    // Newest first.
    static QStringList supportedProtocolVersions();

    Modern::EraRecord eraRecord() const { return m_record; }
    void setProbeTimeout(int timeoutMs) { m_probeTimeoutMs = timeoutMs; }
    void setLogLevel(const QString &level) { m_logLevel = level; }
    QString logLevel() const { return m_logLevel; }

    // A new connection: forget what the last one decided.
    void reset();
    // The transport is open: decide the era.
    void start();
    // The connection speaks the modern era (decided, not probing).
    bool isActive() const { return m_active; }

    // Sends a request of a modern connection.
    void send(OutgoingRequest *handle);
    // The answer to a request this lifecycle sent; false when it is not one of them.
    // The server/discover probe while it waits for its answer (else null).
    OutgoingRequest *probe() const { return m_probe; }
    bool onReply(OutgoingRequest *handle, const Message &reply);
    // The legacy initialize failed: when the era came from the cache, probe again (true).
    bool legacyInitializeFailed();

    // What server/discover said (the probe's answer, kept for the connection).
    QJsonObject discoverResult() const { return m_discover; }
    QString protocolVersion() const { return m_version; }
    Implementation serverInfo() const { return m_serverInfo; }
    QJsonObject serverCapabilities() const;
    QString instructions() const;
    // Deprecated features (roots, sampling, logging) this modern server relies on.
    QStringList deprecatedFeatures() const { return m_deprecated; }
    // Tools whose `x-mcp-header` annotations break the rules: name -> reason.
    QHash<QString, QString> invalidTools() const;

    // subscriptions/listen (basic/patterns/subscriptions.mdx)
    Client::ListenState listenState() const { return m_listenState; }
    Modern::SubscriptionFilter listenFilter() const;
    Modern::SubscriptionFilter acknowledgedListenFilter() const;
    QString listenError() const { return m_listenError; }
    void setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter);
    // resources/subscribe and unsubscribe of the modern era: change the filter, reopen.
    void setResourceSubscribed(const QString &uri, bool subscribed);
    // A notification: false when it broke the listen stream's rules (no typed signal then).
    bool acceptNotification(const Message &message);

    // A deprecated feature in use (a Note and Client::deprecatedFeatureUsed, once each).
    void noteDeprecated(const QString &feature);

    // A modern request whose response stream broke before its answer is lost: it MUST be sent
    // again as a new request with a new id (changelog 2026-07-28, SEP-2575). At most
    // MaxReissues times per request; false when it is not ours or the bound is reached.
    bool reissueLostRequest(OutgoingRequest *handle, const QString &why);
    // A request that became a task (SEP-2663) and is still running: tasks/cancel for it.
    bool cancelTask(OutgoingRequest *handle);
    static constexpr int MaxReissues = 2;
    // The request finished (any way): a task it followed gets its last record.
    void requestFinished(OutgoingRequest *handle);

    // Mcp-Param-* headers of a tools/call (Transport::setRequestHeaders).
    Transport::HeaderList paramHeaders(const Message &request) const;

private:
    static QString eraSourceText(const Modern::EraRecord &record);
    void step(const Modern::EraStep &next);
    void sendProbe(const QString &version);
    void onProbeFinished(OutgoingRequest *handle);
    void becomeModern(const QString &version);
    void useDiscoverResult(const QJsonObject &result);
    const Modern::RequestMeta &meta() const;
    // params with meta()'s fields in its `_meta` (RequestMeta::applyTo, from the cache).
    QJsonObject withMeta(QJsonObject params) const;
    void startRound(OutgoingRequest *handle);
    void attachMultiRound(OutgoingRequest *handle, const QJsonObject &params);
    void followTask(OutgoingRequest *handle, Modern::MultiRoundTripRequest *rounds);
    // Emits Client::followedTaskChanged with the request's task record, brought up to date.
    void publishTask(OutgoingRequest *handle);
    void rememberTools(const QJsonObject &result);
    // -32020 on tools/call: list the tools again (not from the cache), retry once when the
    // tool's x-mcp-header mapping changed, otherwise finish with a clear error.
    void relistAfterHeaderMismatch(OutgoingRequest *handle, const RpcError &error);
    void handleInputRequest(const Modern::InputRequest &request, Modern::InputReply *reply) override;
    void requestBecameTask(Modern::MultiRoundTripRequest *rounds) override;
    void requestRetryReady(Modern::MultiRoundTripRequest *rounds) override;
    void requestFailed(Modern::MultiRoundTripRequest *rounds, const QString &message) override;
    void requestRoundsChanged(Modern::MultiRoundTripRequest *rounds) override;
    // The request whose rounds these are, unless newer rounds replaced them.
    static OutgoingRequest *ownerOf(Modern::MultiRoundTripRequest *rounds);
    // Finishes with the server's error, which the rounds record as their answer.
    void failWithServerError(OutgoingRequest *handle, const RpcError &error);
    void openListen();
    void closeListen();
    void onListenFinished(OutgoingRequest *handle);
    void setListenState(Client::ListenState state);

    ClientPrivate *d;
    // Auto: detect the era (the default). Tests that assert the legacy wire (an
    // initialize row, replies to server requests) pin Legacy.
    Modern::EraRecord m_record;
    std::optional<Modern::EraDetector> m_detector;
    QPointer<OutgoingRequest> m_probe;
    QHash<const OutgoingRequest *, int> m_reissues; // reissueLostRequest's count per request
    QHash<const OutgoingRequest *, FollowedTask> m_followedTasks; // requests that became tasks
    int m_probeTimeoutMs = 10000;
    bool m_active = false;
    QString m_version;
    QString m_logLevel;
    QJsonObject m_discover;
    Implementation m_serverInfo;
    QJsonObject m_serverInfoJson; // what m_serverInfo was read from (most results repeat it)
    QJsonObject m_lastHead;       // the last result's Message::resultHead(), and whether it was complete
    bool m_lastHeadComplete = false;
    Modern::MultiRoundTripRequest *m_failingWithServerError = nullptr; // see failWithServerError()
    // meta() and what it was built from: every modern request needs it (twice), and building it
    // from QJsonObjects cost about as much as a stdio round trip's own reads and writes.
    struct MetaCache
    {
        QString version;
        QString logLevel;
        QJsonObject capabilities;
        Implementation clientInfo;
        Modern::RequestMeta meta;
        QJsonObject metaObject;         // `_meta` as applyTo() writes it into params without one
        QJsonObject capabilitiesObject; // meta.capabilitiesWithExtensions()
    };
    mutable std::optional<MetaCache> m_metaCache;
    QStringList m_deprecated;
    QHash<QString, ModernHeaders::ToolHeaders> m_toolHeaders; // listed tools with an x-mcp-header mapping, or an invalid one

    std::optional<Modern::SubscriptionFilter> m_listenExplicit; // setListenFilter()
    QStringList m_subscribedUris;                               // subscribeResource()
    QPointer<OutgoingRequest> m_listen;
    std::optional<Modern::ListenStream> m_listenStream;
    Client::ListenState m_listenState = Client::ListenState::Off;
    QString m_listenError;
    Modern::ReconnectBackoff m_backoff;
    quint64 m_listenGeneration = 0; // a reconnect timer of an older stream does nothing
};

} // namespace Mcp
