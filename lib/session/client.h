#pragma once

#include "jsonrpc/message.h"
#include "protocol/lists.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "session/clientoptions.h"
#include "session/modern/eradetector.h"
#include "session/modern/subscriptions.h"
#include "session/requests.h"
#include "session/serverconnection.h"
#include "transport/trafficevent.h"
#include "transport/transport.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

class Client;
class ClientPrivate;

// One MCP client session over one transport: lifecycle, request correlation, timeouts,
// cancellation, progress, server-to-client requests and notifications.
// Use it from the thread it lives in (move it, with its transport, to a connection thread if
// wanted, or use a Session); listAll() delivers its result to a context object on any thread.
// The server's notifications arrive as ServerConnection's signals and notificationReceived.
class Client : public ServerConnection
{
    Q_OBJECT

public:
    enum class State { Disconnected, Connecting, Initializing, Ready, Closing, Failed };
    Q_ENUM(State)
    // The modern era's subscriptions/listen stream: Off (legacy, not connected, or nothing to
    // listen for), Opening (sent, not acknowledged), Open (acknowledged), Reconnecting (dropped,
    // reopened after a backoff), Closed (the server ended it), Refused (an error answered it).
    enum class ListenState { Off, Opening, Open, Reconnecting, Closed, Refused };
    Q_ENUM(ListenState)

    explicit Client(Transport *transport, QObject *parent = nullptr); // takes ownership of the transport
    ~Client() override;

    Transport *transport() const;

    // Who the client is, what it answers, its era and connect timeout: at the next connect.
    void setOptions(const ClientOptions &options);
    ClientOptions options() const;
    Implementation clientInfo() const { return options().clientInfo; }
    // Answers the server's own requests that options().features advertise; the others are
    // refused without asking it. The client does not own it.
    void setServerRequestHandler(ServerRequestHandler *handler);

    // The protocol era (2026-07-28 "modern" or the legacy one): Auto detects it at connect;
    // Modern or Legacy, optionally pinned to a version, skip what does not apply. A shorthand
    // for options().era.
    void setEraChoice(const Modern::EraChoice &choice);
    Modern::EraChoice eraChoice() const;
    // What this connection decided, and how (probed, pinned, cached); unknown until ready.
    Modern::EraRecord eraRecord() const;
    bool isModern() const; // the connection speaks the modern era
    // How long a stdio server may stay silent on the server/discover probe (default 10 s)
    // before it is taken for a legacy one.
    void setProbeTimeout(int timeoutMs);

    void connectToServer() override; // Ready or Failed
    void disconnectFromServer() override;

    State state() const;
    QString errorString() const override;
    // What made the last connect fail, when a lifecycle request did: its method (server/discover
    // or initialize; empty when none failed) and its error, whose data has httpStatus and body
    // when an HTTP status refused it. For a caller that suggests what to try instead.
    QString connectFailureMethod() const;
    RpcError connectFailure() const;
    bool isReady() const { return state() == State::Ready; }

    QString protocolVersion() const;
    Implementation serverInfo() const;
    QJsonObject serverCapabilities() const;
    QJsonObject clientCapabilities() const;
    QString instructions() const;
    // Modern era: the server/discover result kept for the connection (versions, capabilities
    // with extensions, serverInfo, instructions); what the accessors above answer from.
    QJsonObject discoverResult() const;
    // Deprecated features (roots, sampling, logging) the modern server relies on.
    QStringList deprecatedFeatures() const;
    // Modern era: tools from tools/list whose x-mcp-header annotations break the rules,
    // name -> reason. They are never called (callTool fails at once with the reason).
    QHash<QString, QString> invalidTools() const;

    // Newest first: "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05".
    static QStringList supportedProtocolVersions();
    // The modern era's versions, newest first: "2026-07-28".
    static QStringList supportedModernVersions();

    // Requests made before the initialize result are queued until the session is ready
    // (except ping, which goes out at once); without a connection they fail at once.
    OutgoingRequest *sendRequest(const QString &method, const QJsonObject &params = {},
                                 const std::optional<RequestOptions> &options = std::nullopt) override;
    void sendNotification(const QString &method, const QJsonObject &params = {}) override;
    using ServerConnection::listAll;
    void listAll(const ListDescriptor &list, const QObject *context, const ListOptions &options,
                 ListDone done) override;
    void listSnapshot(const QObject *context, const ListOptions &options, SnapshotDone done) override;

    void notifyRootsListChanged();

    // Modern era: the listen stream. Client opens one on a modern connection whose server
    // advertises listChanged or subscribe; by default its filter asks for every list change
    // the server offers plus the resources subscribed with subscribeResource() (which in the
    // modern era reopens the stream instead of sending resources/subscribe). The notifications
    // arrive as the same signals as in the legacy era.
    ListenState listenState() const;
    Modern::SubscriptionFilter listenFilter() const;             // what is (or would be) requested
    Modern::SubscriptionFilter acknowledgedListenFilter() const; // what the server agreed to send
    void setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter) override;
    QString listenError() const; // why the stream was refused or dropped, empty otherwise

    // Number of requests waiting for an answer (sent or queued).
    int pendingRequestCount() const;

Q_SIGNALS:
    void stateChanged(Mcp::Client::State state);
    void ready(); // initialized
    void disconnected(const QString &reason);
    void errorOccurred(const QString &message);
    // Every notification the client accepted, after its ServerConnection signal (one the listen
    // stream refused is a Note in the traffic, nothing else).
    void notificationReceived(const Mcp::Message &message);
    void logMessage(const QString &level, const QString &logger, const QJsonValue &data);
    // The transport's events, plus session-level ones (Note: unknown response id, late response, re-initialised).
    void trafficEvent(const Mcp::TrafficEvent &event);
    void sessionReinitialized(); // after an HTTP session expired and a new initialize succeeded
    void listenStateChanged(Mcp::Client::ListenState state);

private:
    friend class ClientPrivate;
    std::unique_ptr<ClientPrivate> d;
};

} // namespace Mcp
