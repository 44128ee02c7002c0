#pragma once

#include "jsonrpc/message.h"
#include "protocol/lists.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "session/clientoptions.h"
#include "session/modern/eradetector.h"
#include "session/modern/subscriptions.h"
#include "session/requests.h"
#include "session/serverevents.h"
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
// The server's notifications arrive as ServerEvents' signals and notificationReceived.
class Client : public ServerEvents
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

    void connectToServer();      // open transport, decide the era, initialize if legacy; Ready or Failed
    void disconnectFromServer(); // graceful

    State state() const;
    QString errorString() const;
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
    // tools/list, prompts/list, resources/list and resources/templates/list are answered from
    // the result cache while a result with ttlMs is fresh (nothing sent, a Note in the traffic;
    // OutgoingRequest::cacheStatus() says so) unless RequestOptions::forceRefresh is set; a
    // list_changed notification or a new connection empties the list's entries.
    OutgoingRequest *sendRequest(const QString &method, const QJsonObject &params = {},
                               const RequestOptions &options = {});
    void sendNotification(const QString &method, const QJsonObject &params = {});

    // A request made by Requests:: (the typed calls below are shorthands for them).
    OutgoingRequest *send(const Request &request, const RequestOptions &options = {});
    // Typed calls
    OutgoingRequest *ping();
    OutgoingRequest *discover(); // server/discover
    OutgoingRequest *listTools(const QString &cursor = {});
    OutgoingRequest *callTool(const QString &name, const QJsonObject &arguments,
                            const RequestOptions &options = {}, const QJsonObject &task = {});
    OutgoingRequest *listResources(const QString &cursor = {});
    OutgoingRequest *listResourceTemplates(const QString &cursor = {});
    OutgoingRequest *readResource(const QString &uri);
    OutgoingRequest *subscribeResource(const QString &uri);
    OutgoingRequest *unsubscribeResource(const QString &uri);
    OutgoingRequest *listPrompts(const QString &cursor = {});
    OutgoingRequest *getPrompt(const QString &name, const QJsonObject &arguments = {});
    OutgoingRequest *complete(const QJsonObject &ref, const QString &argumentName, const QString &value,
                            const QJsonObject &contextArguments = {});
    // Legacy: logging/setLevel. Modern: the level is sent in every request's _meta from now
    // on (the returned request finishes at once).
    OutgoingRequest *setLogLevel(const QString &level);
    OutgoingRequest *getTask(const QString &taskId);
    OutgoingRequest *getTaskResult(const QString &taskId);
    OutgoingRequest *listTasks(const QString &cursor = {});
    OutgoingRequest *cancelTask(const QString &taskId);

    // Pagination: follows nextCursor until the end (or maxPages), concatenating the items of
    // every page (list: Lists::Tools... of protocol/lists.h); done(items, error) runs on context.
    // On an error, items holds what was fetched before it. Pages with ttlMs come from the result
    // cache while fresh (see RequestOptions::forceRefresh).
    void listAll(const ListDescriptor &list, const QObject *context,
                 std::function<void(const QJsonArray &items, const std::optional<RpcError> &error)> done,
                 int maxPages = 1000);
    struct ListOptions
    {
        bool forceRefresh = false; // ask the server for every page, whatever the cache holds
        int maxPages = 1000;
        int pageTimeoutMs = 60000;  // each page's timeout (RequestOptions::timeoutMs); 0 = none
        int totalTimeoutMs = 0;     // the whole listing, every page included; 0 = no bound
        // What is on the server now (a comparison, a snapshot): past the cache.
        static ListOptions fromServer()
        {
            ListOptions options;
            options.forceRefresh = true;
            return options;
        }
    };
    // The same, telling done whether the list came from the cache: fromCache when every page
    // did, freshForMs the shortest freshness of its pages (0 when a page is not kept).
    using ListDone = std::function<void(const QJsonArray &items, const std::optional<RpcError> &error,
                                        const CacheStatus &cache)>;
    void listAll(const ListDescriptor &list, const QObject *context, const ListOptions &options, ListDone done);
    // Everything the server offers (session/listsnapshot.h): each list its capabilities announce.
    using SnapshotDone = std::function<void(const QJsonObject &snapshot, const QString &error)>;
    void listSnapshot(const QObject *context, const ListOptions &options, SnapshotDone done);

    void notifyRootsListChanged();

    // Modern era: the listen stream. Client opens one on a modern connection whose server
    // advertises listChanged or subscribe; by default its filter asks for every list change
    // the server offers plus the resources subscribed with subscribeResource() (which in the
    // modern era reopens the stream instead of sending resources/subscribe). The notifications
    // arrive as the same signals as in the legacy era.
    ListenState listenState() const;
    Modern::SubscriptionFilter listenFilter() const;             // what is (or would be) requested
    Modern::SubscriptionFilter acknowledgedListenFilter() const; // what the server agreed to send
    // Replaces the default filter (reopens the stream when connected); an empty filter closes it.
    void setListenFilter(const Modern::SubscriptionFilter &filter);
    void resetListenFilter(); // back to the default filter
    QString listenError() const; // why the stream was refused or dropped, empty otherwise

    // Number of requests waiting for an answer (sent or queued).
    int pendingRequestCount() const;

Q_SIGNALS:
    void stateChanged(Mcp::Client::State state);
    void ready(); // initialized
    void disconnected(const QString &reason);
    void errorOccurred(const QString &message);
    // Every notification the client accepted, after its ServerEvents signal (one the listen
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
