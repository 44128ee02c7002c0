#pragma once

#include "jsonrpc/message.h"
#include "protocol/errorcodes.h"
#include "protocol/keys.h"
#include "protocol/types.h" // LoggingLevel
#include "uritemplate.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Mcp {

class RequestContext;
class ServerSession;
class ServerTransport;

// A tool handler receives the call in flight; it answers with respond() or fail(), now or later.
using ToolCall = RequestContext;
using ToolHandler = std::function<void(ToolCall *call)>;
// Returns the `contents` array of resources/read for uri (variables: what a template matched).
// An empty array means "no such resource" (-32002).
using ResourceReader = std::function<QJsonArray(const QString &uri, const QMap<QString, QString> &variables)>;
// Returns the prompts/get result ({description?, messages}); sets error->code to refuse.
using PromptHandler = std::function<QJsonObject(const QJsonObject &arguments, RpcError *error)>;
// Returns candidate values for an argument being typed (value: what was typed so far;
// contextArguments: the other arguments already filled in). Truncated to 100 by the server.
using CompletionProvider = std::function<QStringList(const QString &value, const QJsonObject &contextArguments)>;

// Prompt handler that may ask the client for input (multi round-trip requests): answers
// through RequestContext::respond() with a GetPromptResult, or asks with askClient()/requireInput().
using InteractivePromptHandler = std::function<void(RequestContext *request)>;

// Sees every client request before the server does; returns true when it has dealt with it
// (answered through ServerSession::sendReply(), or deliberately not at all). For test servers
// that must misbehave (never answer initialize, answer with an error, ...).
using RequestInterceptor = std::function<bool(ServerSession *session, const Message &request)>;

// Which protocol eras a server speaks (basic/versioning): the legacy one with its initialize
// handshake (2024-11-05 to 2025-11-25), the stateless modern one (2026-07-28), or both.
enum class Era : quint8 { Dual, Modern, Legacy };

// Builders for common tools/call results.
namespace ToolResult {
QJsonObject text(const QString &text);
// A tool error (isError: true): the model sees it, it is not a protocol error.
QJsonObject error(const QString &text);
// structuredContent plus its JSON serialisation as text, as the spec recommends.
QJsonObject structured(const QJsonObject &structuredContent);
}

// Builders for resources/read contents entries.
namespace ResourceContents {
QJsonObject text(const QString &uri, const QString &mimeType, const QString &text);
QJsonObject blob(const QString &uri, const QString &mimeType, const QByteArray &bytes);
}

// What a server offers: identity, tools, resources, templates, prompts and completions.
// One Server serves any number of ServerSessions (one per stdio connection or per HTTP
// Mcp-Session-Id); definitions are shared, per-connection state lives in the session.
class Server : public QObject
{
    Q_OBJECT

public:
    explicit Server(QObject *parent = nullptr);
    ~Server() override;

    // Legacy (initialize) versions, newest first: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05.
    static QStringList supportedProtocolVersions();
    // Modern (per-request _meta) versions: 2026-07-28.
    static QStringList modernProtocolVersions();

    // Dual (the default) serves a request carrying modern _meta statelessly and an initialize
    // with a legacy session; Modern refuses the handshake; Legacy answers as 2025-11-25 servers do.
    void setEra(Era era) { m_era = era; }
    Era era() const { return m_era; }
    bool speaksModern() const { return m_era != Era::Legacy; }
    bool speaksLegacy() const { return m_era != Era::Modern; }

    // Cache hints (ttlMs, cacheScope "public") on modern list and server/discover results;
    // resources/read gets readTtlMs, since resources change more often than lists.
    void setCacheTtl(int listTtlMs, int readTtlMs)
    {
        m_listTtlMs = qMax(0, listTtlMs);
        m_readTtlMs = qMax(0, readTtlMs);
    }
    int listTtlMs() const { return m_listTtlMs; }
    int readTtlMs() const { return m_readTtlMs; }

    // Signs and checks the opaque requestState of multi round-trip requests (HMAC-SHA256 with a
    // key of this process), so that a client cannot forge the answers a request has collected.
    QString signRequestState(const QJsonObject &state) const;
    // The state, or an empty object when the signature, format or expiry is wrong.
    QJsonObject verifyRequestState(const QString &requestState) const;
    // The client's version when supported, else the newest (or the forced version when set).
    QString negotiateProtocolVersion(const QString &requested) const;
    // Answer this version whatever the client asks (to test clients that must refuse it).
    void setForcedProtocolVersion(const QString &version) { m_forcedVersion = version; }

    void setServerInfo(const QString &name, const QString &version, const QString &title = {});
    QJsonObject serverInfo() const { return m_serverInfo; }
    void setInstructions(const QString &instructions) { m_instructions = instructions; }
    QString instructions() const { return m_instructions; }
    QJsonObject capabilities() const;

    // Tasks (experimental in 2025-11-25): tools whose execution.taskSupport is "optional" or
    // "required" may be called with params.task; the call answers at once with a task that the
    // client polls (tasks/get, tasks/result, tasks/list, tasks/cancel). Off by default.
    void setTasksEnabled(bool enabled) { m_tasksEnabled = enabled; }
    bool tasksEnabled() const { return m_tasksEnabled; }
    // Suggested client polling interval for tasks, in milliseconds.
    int taskPollInterval() const { return m_taskPollInterval; }
    // The same switch offers modern requests the io.modelcontextprotocol/tasks extension
    // (SEP-2663): for a client that declares it, a call to such a tool that is still running
    // when its handler returns becomes a task (resultType "task"; an immediate answer or
    // input_required stays as it is); the client polls tasks/get (the result inline once done)
    // and answers input requests with tasks/update.
    static QString tasksExtension() { return QStringLiteral("io.modelcontextprotocol/tasks"); }

    void setRequestInterceptor(RequestInterceptor interceptor) { m_interceptor = std::move(interceptor); }

    // Items per page of tools/list, resources/list, resources/templates/list, prompts/list;
    // 0 (the default) means everything in one page.
    void setPageSize(int pageSize) { m_pageSize = qMax(0, pageSize); }
    int pageSize() const { return m_pageSize; }

    // Tools. The definition is sent as is in tools/list (name, title, description,
    // inputSchema, outputSchema, annotations, icons, execution, _meta). Adding a tool with an
    // existing name replaces it. Changes emit toolListChanged() (sessions notify clients).
    void addTool(const QJsonObject &definition, ToolHandler handler);
    bool removeTool(const QString &name);
    bool hasTool(const QString &name) const;
    QJsonArray toolDefinitions() const;
    // The x-mcp-header names (lower case) of a tool's arguments, each with the argument's path;
    // empty for an unknown tool or one without such annotations. Read once, when it is added.
    QHash<QString, QStringList> toolParamHeaders(const QString &name) const;

    // Resources and resource templates (definition: uri or uriTemplate, name, title,
    // description, mimeType, size, annotations, icons).
    void addResource(const QJsonObject &definition, ResourceReader reader);
    void addTextResource(const QJsonObject &definition, const QString &text);
    void addBlobResource(const QJsonObject &definition, const QByteArray &bytes);
    bool removeResource(const QString &uri);
    void addResourceTemplate(const QJsonObject &definition, ResourceReader reader);
    // Tells every session subscribed to uri (notifications/resources/updated).
    void notifyResourceUpdated(const QString &uri);
    // How many sessions are subscribed to uri.
    int subscriberCount(const QString &uri) const;

    // Prompts (definition: name, title, description, arguments[{name, title, description, required}]).
    void addPrompt(const QJsonObject &definition, PromptHandler handler);
    void addPrompt(const QJsonObject &definition, InteractivePromptHandler handler);
    bool removePrompt(const QString &name);

    // completion/complete providers.
    void addPromptCompletion(const QString &prompt, const QString &argument, CompletionProvider provider);
    void addResourceTemplateCompletion(const QString &uriTemplate, const QString &variable,
                                       CompletionProvider provider);

    // Serves one connection. The session takes ownership of the transport and opens it;
    // the session deletes itself when the transport closes.
    ServerSession *createSession(ServerTransport *transport);
    QList<ServerSession *> sessions() const { return m_sessions; }

Q_SIGNALS:
    void toolListChanged();
    void resourceListChanged();
    void promptListChanged();
    void resourceUpdated(const QString &uri);
    // A session subscribed to or unsubscribed from uri (or went away while subscribed).
    void subscriptionsChanged(const QString &uri);
    void sessionCreated(Mcp::ServerSession *session);
    // The client sent notifications/initialized.
    void sessionInitialized(Mcp::ServerSession *session);
    void sessionClosed(Mcp::ServerSession *session);

private:
    friend class ServerSession;

    struct Tool
    {
        QJsonObject definition;
        ToolHandler handler;
        // Read from the definition once, for every call: its name, execution.taskSupport
        // ("forbidden" when absent), inputSchema.required, and the x-mcp-header names
        // (lower case) of its arguments with each one's path in the arguments.
        QString name;
        QString taskSupport;
        QStringList required;
        QHash<QString, QStringList> paramHeaders;
    };
    struct Resource
    {
        QJsonObject definition;
        ResourceReader reader;
    };
    struct ResourceTemplate
    {
        QJsonObject definition;
        UriTemplate uriTemplate;
        ResourceReader reader;
    };
    struct Prompt
    {
        QJsonObject definition;
        InteractivePromptHandler handler;
    };

    // The page of items starting at cursor; sets *nextCursor (empty at the end).
    // Returns false for a cursor this server never issued.
    bool page(const QJsonArray &all, const QString &cursor, QJsonArray *items, QString *nextCursor) const;
    QJsonArray resourceDefinitions() const;
    QJsonArray resourceTemplateDefinitions() const;
    QJsonArray promptDefinitions() const;
    // resources/read: the contents for uri, or an empty array.
    QJsonArray readResource(const QString &uri) const;
    const Tool *tool(const QString &name) const;
    const Prompt *prompt(const QString &name) const;
    QStringList complete(const QJsonObject &ref, const QString &argument, const QString &value,
                         const QJsonObject &contextArguments, bool *known) const;
    void forgetSession(ServerSession *session);
    // Runs the tasks of modern requests: they outlive the request (and, over HTTP, its session).
    ServerSession *taskHost();

    QJsonObject m_serverInfo;
    QString m_instructions;
    Era m_era = Era::Dual;
    int m_listTtlMs = 60000;
    int m_readTtlMs = 0;
    QByteArray m_stateKey;
    QString m_forcedVersion;
    int m_pageSize = 0;
    RequestInterceptor m_interceptor;
    bool m_tasksEnabled = false;
    int m_taskPollInterval = 500;
    QList<Tool> m_tools;
    QList<Resource> m_resources;
    QList<ResourceTemplate> m_templates;
    QList<Prompt> m_prompts;
    QHash<QString, CompletionProvider> m_promptCompletions;   // "prompt\nargument"
    QHash<QString, CompletionProvider> m_templateCompletions; // "uriTemplate\nvariable"
    QList<ServerSession *> m_sessions;
    ServerSession *m_taskHost = nullptr;
};

} // namespace Mcp
