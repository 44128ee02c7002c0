#pragma once

#include "jsonrpc/message.h"
#include "protocol/lists.h"
#include "protocol/requests.h"
#include "session/modern/subscriptions.h"
#include "session/requests.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace Mcp {

// One connection to one MCP server as its callers see it: the one front door, declared here once.
// Client implements it on its own thread; Session implements it for a caller on another thread
// (the window), carrying each call to its Client and the answers and the server's events back.
// Code written against it (a request, a listing, a snapshot) works on either.
//
// The server's notifications a window or a run reacts to are decoded from the wire in one place
// (deliver) into the signals below; every other notification is a Message
// (Client::notificationReceived, Session::onNotification).
class ServerConnection : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // Connect: open the transport, decide the era, initialize if legacy. Disconnect: gracefully.
    virtual void connectToServer() = 0;
    virtual void disconnectFromServer() = 0;
    // Why the last connection ended or failed (empty while it is up).
    virtual QString errorString() const = 0;

    // A client-to-server request; without a connection it finishes at once with an error. nullopt
    // options: the connection's defaults (Session::Options::request; a Client's RequestOptions{}).
    // tools/list, prompts/list, resources/list and resources/templates/list are answered from the
    // result cache while a result with ttlMs is fresh (nothing sent, a Note in the traffic;
    // OutgoingRequest::cacheStatus() says so) unless RequestOptions::forceRefresh is set; a
    // list_changed notification or a new connection empties the list's entries. The modern era
    // answers resources/(un)subscribe and logging/setLevel itself (the request finishes at once).
    virtual OutgoingRequest *sendRequest(const QString &method, const QJsonObject &params = {},
                                         const std::optional<RequestOptions> &options = std::nullopt) = 0;
    virtual void sendNotification(const QString &method, const QJsonObject &params = {}) = 0;

    // A request made by Requests:: (protocol/requests.h); the typed calls below are shorthands.
    OutgoingRequest *send(const Request &request, const std::optional<RequestOptions> &options = std::nullopt);
    OutgoingRequest *ping();
    OutgoingRequest *discover(); // server/discover
    OutgoingRequest *listTools(const QString &cursor = {});
    OutgoingRequest *callTool(const QString &name, const QJsonObject &arguments,
                              const std::optional<RequestOptions> &options = std::nullopt, const QJsonObject &task = {});
    OutgoingRequest *listResources(const QString &cursor = {});
    OutgoingRequest *listResourceTemplates(const QString &cursor = {});
    OutgoingRequest *readResource(const QString &uri);
    // Modern era: changes the listen stream's filter instead of sending resources/subscribe.
    OutgoingRequest *subscribeResource(const QString &uri);
    OutgoingRequest *unsubscribeResource(const QString &uri);
    OutgoingRequest *listPrompts(const QString &cursor = {});
    OutgoingRequest *getPrompt(const QString &name, const QJsonObject &arguments = {});
    OutgoingRequest *complete(const QJsonObject &ref, const QString &argumentName, const QString &value,
                              const QJsonObject &contextArguments = {});
    // Legacy: logging/setLevel. Modern: the level is sent in every request's _meta from now on.
    OutgoingRequest *setLogLevel(const QString &level);
    OutgoingRequest *getTask(const QString &taskId);
    OutgoingRequest *getTaskResult(const QString &taskId);
    OutgoingRequest *listTasks(const QString &cursor = {});
    OutgoingRequest *cancelTask(const QString &taskId);

    // Pagination: follows nextCursor until the end (or maxPages), concatenating the items of every
    // page (list: Lists::Tools... of protocol/lists.h); done runs on context's thread, never after
    // context is destroyed. On an error, items holds what was fetched before it. Pages with ttlMs
    // come from the result cache while fresh (see forceRefresh).
    struct ListOptions
    {
        bool forceRefresh = false; // ask the server for every page, whatever the cache holds
        int maxPages = 1000;
        int pageTimeoutMs = 60000;  // each page's timeout (RequestOptions::timeoutMs); 0 = none
        int totalTimeoutMs = 0;     // the whole listing, every page included; 0 = no bound
        // A Session may give this listing the answer of one under way (asked for by someone else,
        // of the same list with the same options) instead of asking the server again.
        bool joinUnderWay = false;
        // What is on the server now (a comparison, a snapshot): past the cache.
        static ListOptions fromServer()
        {
            ListOptions options;
            options.forceRefresh = true;
            return options;
        }
    };
    // done learns whether the list came from the cache: fromCache when every page did, freshForMs
    // the shortest freshness of its pages (0 when a page is not kept).
    using ListDone = std::function<void(const QJsonArray &items, const std::optional<RpcError> &error,
                                        const CacheStatus &cache)>;
    virtual void listAll(const ListDescriptor &list, const QObject *context, const ListOptions &options,
                         ListDone done) = 0;
    // The same with the default options, for a caller that does not care where the list came from.
    void listAll(const ListDescriptor &list, const QObject *context,
                 std::function<void(const QJsonArray &items, const std::optional<RpcError> &error)> done);
    // Everything the server offers (session/listsnapshot.h): each list its capabilities announce.
    using SnapshotDone = std::function<void(const QJsonObject &snapshot, const QString &error)>;
    virtual void listSnapshot(const QObject *context, const ListOptions &options, SnapshotDone done) = 0;

    // Modern era: what the subscriptions/listen stream asks for, from now on (reopening it when
    // connected); nullopt: the default (every list change the server offers, plus the resources
    // subscribed with subscribeResource()). An empty filter closes it.
    virtual void setListenFilter(const std::optional<Modern::SubscriptionFilter> &filter) = 0;

    // Whether deliver() turns notifications of this method into a signal below.
    static bool hasSignalFor(const QString &method);

Q_SIGNALS:
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    void resourceUpdated(const QString &uri);
    void taskStatus(const QJsonObject &task);
    // Modern era: a request became a task, or the task it follows changed (a status, input asked
    // or answered, its end, or the client stopped following it). The whole record every time.
    void followedTaskChanged(const Mcp::FollowedTask &task);
    // A modern server relied on a deprecated feature (roots, sampling, logging).
    void deprecatedFeatureUsed(const QString &feature);

protected:
    // Emits the signal a notification the client accepted stands for (none for other methods).
    void deliver(const Message &notification);
};

} // namespace Mcp
