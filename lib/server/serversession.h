#pragma once

#include "server.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <optional>

namespace Mcp {

class RequestContext;
class ServerTransport;

// One client connection to a Server: the negotiated protocol version, the client's identity
// and capabilities, its log level and subscriptions, the requests in flight both ways.
// Every request the client sends gets exactly one reply (unless the client cancels it).
class ServerSession : public QObject
{
    Q_OBJECT

public:
    using ReplyHandler = std::function<void(const Mcp::Message &reply)>;

    // Takes ownership of transport (it becomes a child of the session).
    ServerSession(Server *server, ServerTransport *transport, QObject *parent = nullptr);
    ~ServerSession() override;

    Server *server() const { return m_server; }
    ServerTransport *transport() const { return m_transport; }

    // initialize has been answered.
    bool isInitializeAnswered() const { return !m_protocolVersion.isEmpty(); }
    QString protocolVersion() const { return m_protocolVersion; }
    QJsonObject clientInfo() const { return m_clientInfo; }
    QJsonObject clientCapabilities() const { return m_clientCapabilities; }
    // "sampling", "elicitation", "roots": whether the client declared it.
    bool clientSupports(const QString &capability) const { return m_clientCapabilities.contains(capability); }

    // Empty until the client calls logging/setLevel: then everything at or above it is sent.
    std::optional<LoggingLevel> logLevel() const { return m_logLevel; }
    bool wouldLog(LoggingLevel level) const { return !m_logLevel || level >= *m_logLevel; }
    // Resource URIs watched: resources/subscribe (legacy) and open subscriptions/listen streams.
    QSet<QString> subscriptions() const;

    // Sends a reply as is. Tool handlers answer through RequestContext; this is for interceptors.
    void sendReply(const Message &reply) { this->reply(reply); }
    void sendNotification(const QString &method, const QJsonObject &params,
                          const MessageId &relatedRequest = {});
    void log(LoggingLevel level, const QString &logger, const QJsonValue &data,
             const MessageId &relatedRequest = {});
    // A server-to-client request; handler gets the reply unless context is gone by then.
    void sendRequest(const QString &method, const QJsonObject &params, const QObject *context,
                     ReplyHandler handler, const MessageId &relatedRequest = {});
    // Cancels what is in flight and closes the transport.
    void close();

Q_SIGNALS:
    void initialized();
    // notifications/roots/list_changed from the client.
    void rootsListChanged();
    void closed();

private:
    friend class RequestContext;
    friend class Server;

    void handleMessage(const Message &message);
    void handleRequest(const Message &request);
    enum class Era { Legacy, Modern };
    // Runs the handler of the request's method in that era; Method not found otherwise.
    void dispatch(const Message &request, Era era);
    // Requests of the modern era (2026-07-28): _meta checked, then served statelessly. The
    // members read of params and its _meta, in one pass each (Qt 6.4 spends ~1k instructions
    // on a lookup by key).
    struct ModernParts
    {
        QJsonValue version = QJsonValue::Undefined;      // _meta protocolVersion
        QJsonValue capabilities = QJsonValue::Undefined; // _meta clientCapabilities
        QJsonValue logLevel = QJsonValue::Undefined;     // _meta logLevel
        QJsonValue inputResponses = QJsonValue::Undefined;
        QJsonValue requestState = QJsonValue::Undefined;
    };
    static ModernParts modernPartsOf(const QJsonObject &params);
    bool isModernRequest(const Message &request, const ModernParts &parts) const;
    void handleModernRequest(const Message &request, const ModernParts &parts);
    void refuseLegacyRequest(const Message &request);
    // resultType, serverInfo and cache hints on the result of a modern request.
    Message decorateModernReply(const Message &reply);
    QJsonObject modernCapabilities() const;
    void discover(const Message &request);
    void listen(const Message &request);
    void endListen(const MessageId &id);
    // A RequestContext for request, in flight, with its modern _meta applied.
    RequestContext *startRequest(const Message &request);
    void handleNotification(const Message &notification);
    void handleReply(const Message &reply);
    void reply(const Message &message);
    void finishRequest(RequestContext *context, const Message &answer);
    void handleTransportClosed();

    void initialize(const Message &request);
    void listTools(const Message &request);
    void callTool(const Message &request);
    void listResources(const Message &request);
    void listResourceTemplates(const Message &request);
    void readResource(const Message &request);
    void subscribe(const Message &request, bool on);
    void listPrompts(const Message &request);
    void getPrompt(const Message &request);
    void complete(const Message &request);
    void setLogLevel(const Message &request);
    void sendLog(LoggingLevel level, const QString &logger, const QJsonValue &data, const MessageId &relatedRequest);
    void replyWithPage(const Message &request, const QJsonArray &all, const QString &key);

    // Tasks (2025-11-25, experimental).
    struct Task
    {
        QString id;
        QString status; // working, input_required, completed, failed, cancelled
        QString statusMessage;
        QDateTime createdAt;
        QDateTime lastUpdatedAt;
        QJsonValue ttl;
        QPointer<RequestContext> context;
        QJsonObject result;
        std::optional<RpcError> error;
        QList<MessageId> waiting; // tasks/result requests to answer when the task ends
        // The tasks extension (modern requests): the request that runs again for every round
        // of input, the answers collected so far, and what the last round asked for.
        bool modern = false;
        Message request;
        QJsonObject clientCapabilities;
        QJsonObject answers;
        QJsonObject inputRequests;
        bool isTerminal() const;
    };
    void startTask(const Message &request, RequestContext *context);
    void getTask(const Message &request);
    void getTaskResult(const Message &request);
    void cancelTask(const Message &request);
    void listTasks(const Message &request);
    // Modern tasks: the host session (Server::taskHost()) keeps them; any session serves these.
    // Takes over a modern tools/call still running: it becomes a task (its CreateTaskResult returned).
    QJsonObject adoptModernTask(RequestContext *context);
    void runModernTaskRound(const QString &taskId);
    QJsonObject modernTaskJson(const Task &task, bool detailed) const;
    void getModernTask(const Message &request);
    void updateModernTask(const Message &request);
    void cancelModernTask(const Message &request);
    Task *findTask(const Message &request);
    // The context's tool answered: the task ends with result or error.
    void finishTask(RequestContext *context, const QJsonObject &result, const std::optional<RpcError> &error);
    void setTaskStatus(const QString &taskId, const QString &status, const QString &message = {});
    QJsonObject taskJson(const Task &task) const;
    void answerTaskResult(const Task &task, const MessageId &request);

    void notifyListChanged(const QString &method);
    void notifyResourceUpdated(const QString &uri);

    struct PendingRequest
    {
        QPointer<const QObject> context;
        ReplyHandler handler;
    };

    Server *m_server;
    ServerTransport *m_transport;
    QString m_protocolVersion;
    QJsonObject m_clientInfo;
    QJsonObject m_clientCapabilities;
    std::optional<LoggingLevel> m_logLevel;
    QSet<QString> m_subscriptions;
    QHash<MessageId, RequestContext *> m_inFlight;
    // Modern requests not answered yet: what their _meta and requestState said.
    struct ModernRequest
    {
        QString method;
        QJsonObject clientCapabilities;
        std::optional<LoggingLevel> logLevel;
        QJsonObject previousAnswers;
        bool stateVerified = false;
    };
    QHash<MessageId, ModernRequest> m_modernRequests;
    QJsonObject m_serverInfoMeta; // {serverInfo}: the _meta of most modern results
    QJsonObject m_serverInfoSource; // the server's info it was built from (a shared copy compares at once)
    // Most results (a tool's content, a page of a list) come with the same keys every time and
    // neither resultType nor _meta: they are copied into the last such shape, an object with
    // their keys, resultType "complete" and m_serverInfoMeta, whose values are replaced in
    // place (Qt 6.4 spends ~2.5k instructions an insert).
    struct ResultShape
    {
        QStringList keys;       // the result's keys, sorted as QJsonObject keeps them
        QJsonObject object;     // those keys (null), resultType and _meta
        QList<qsizetype> positions; // where each of keys sits in object
    };
    ResultShape m_resultShape;
    const QJsonObject &serverInfoMeta(); // m_serverInfoMeta, rebuilt when the server's info changed
    QJsonObject withModernMembers(const QJsonObject &result);
    // Open subscriptions/listen streams: the acknowledged filter, by the request's id.
    QHash<MessageId, QJsonObject> m_listens;
    QHash<MessageId, PendingRequest> m_pending;
    qint64 m_nextId = 1;
    QHash<QString, Task> m_tasks;
    QStringList m_taskOrder; // creation order, for tasks/list
    quint64 m_nextTaskNumber = 1;
    bool m_initialized = false;
    bool m_closed = false;
};

} // namespace Mcp
