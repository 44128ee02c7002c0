#pragma once

#include "jsonrpc/message.h"
#include "protocol/types.h"
#include "session/eralifecycle.h"
#include "session/modern/multiroundtrip.h"
#include "session/modern/requestmeta.h"

#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Mcp {

class ClientPrivate;
class OutgoingRequest;

// The modern lifecycle (2026-07-28 and later) behind the Client API, beside LegacyLifecycle:
// no handshake; EraNegotiator starts it once server/discover (or the configuration, or a
// cached record) says the server is a modern one. Every request carries the per-request
// `_meta` and runs as a multi round-trip request (input asked through the Client's
// ServerRequestHandler, then retried with a new id); -32022 is retried once with a mutual
// version, and serverInfo is read from results. What is not about a request's rounds lives in
// classes of its own beside it: the listen stream (Modern::ListenController), requests that
// became tasks (Modern::TaskFollower) and the x-mcp-header rules of tools/call
// (Modern::ToolHeaderGuard).
class ModernLifecycle : public EraLifecycle, public Modern::InputRequestHandler
{
public:
    explicit ModernLifecycle(ClientPrivate *d) : d(d) {}

    // Newest first.
    static QStringList supportedProtocolVersions();
    // The multi round-trip rounds a modern request runs as (null for any other request).
    static Modern::MultiRoundTripRequest *roundsOf(const OutgoingRequest *handle);

    QString logLevel() const { return m_logLevel; }

    void reset() override;
    void start(const QString &version, const QString &decidedBy) override;
    // The connection speaks the modern era (chosen, not probing).
    bool isActive() const { return m_active; }

    // The params of a server/discover probe at version, the version requests carry from then on.
    QJsonObject discoverParams(const QString &version);
    // The probe's answer, kept for the connection.
    void useDiscoverResult(const QJsonObject &result);

    // Sends a request of a modern connection; false when it is not ready.
    bool send(OutgoingRequest *handle) override;
    bool send(const Message &notification) override;
    // resources/subscribe and unsubscribe: the listen stream's filter changes instead.
    OutgoingRequest *answerLocally(const QString &method, const QJsonObject &params) override;
    // The answer to a request this lifecycle sent; false when it is not one of them.
    bool onReply(OutgoingRequest *handle, const Message &reply) override;
    bool acceptNotification(const Message &message) override;

    // What server/discover said (the probe's answer, kept for the connection).
    QJsonObject discoverResult() const { return m_discover; }
    QString protocolVersion() const override { return m_version; }
    Implementation serverInfo() const override { return m_serverInfo; }
    QJsonObject serverCapabilities() const override;
    QString instructions() const override;
    // Deprecated features (roots, sampling, logging) this modern server relies on.
    QStringList deprecatedFeatures() const { return m_deprecated; }
    // A deprecated feature in use (a Note and Client::deprecatedFeatureUsed, once each).
    void noteDeprecated(const QString &feature);

    // A modern request whose response stream broke before its answer is lost: it MUST be sent
    // again as a new request with a new id (changelog 2026-07-28, SEP-2575). At most
    // MaxReissues times per request; false when it is not ours or the bound is reached.
    bool reissueLostRequest(OutgoingRequest *handle, const QString &why);
    static constexpr int MaxReissues = 2;

private:
    // Sends a request as a modern one, whatever the connection's state.
    void sendNow(OutgoingRequest *handle);
    const Modern::RequestMeta &meta() const;
    // params with meta()'s fields in its `_meta` (RequestMeta::applyTo, from the cache).
    QJsonObject withMeta(QJsonObject params) const;
    void startRound(OutgoingRequest *handle);
    void attachMultiRound(OutgoingRequest *handle, const QJsonObject &params);
    // -32020 on tools/call: ToolHeaderGuard lists the tools again; retried once when the
    // tool's x-mcp-header mapping changed, otherwise finished with a clear error.
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

    ClientPrivate *d;
    QHash<const OutgoingRequest *, int> m_reissues; // reissueLostRequest's count per request
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
};

} // namespace Mcp
