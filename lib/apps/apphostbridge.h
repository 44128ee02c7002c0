#pragma once

#include "apps/uimeta.h"
#include "jsonrpc/answeronce.h"
#include "jsonrpc/message.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QUrl>

class QTimer;

namespace Mcp::Apps {

class AppHostBridge;

// A request from the view that the host answers later: a call proxied to the server, or a link
// that waits for the user's consent (answered exactly once, as AnswerOnce says).
class ViewRequest : public AnswerOnce
{
    Q_OBJECT

private:
    friend class AppHostBridge;
    ViewRequest(AppHostBridge *bridge, const MessageId &id, const QString &method, const QJsonObject &params);
};

// The host side of the MCP Apps view protocol (SEP-1865), without any browser: JSON text in from
// the view (receive), JSON text out to it (postToView). It answers ui/initialize with the host
// context and capabilities, holds every host notification until ui/notifications/initialized,
// proxies tools/call only for tools whose visibility includes "app" and resources/read to the
// server (serverRequest), asks for consent before ui/open-link (openLinkRequested), shows
// ui/message and ui/update-model-context, and answers anything else with a JSON-RPC error.
// Every message, both ways, is reported by messageLogged for the traffic view.
class AppHostBridge : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Loading,      // no ui/initialize yet
        Initializing, // ui/initialize answered, waiting for ui/notifications/initialized
        Ready,        // initialized: host notifications flow
        TearingDown,  // ui/resource-teardown sent, waiting for its answer
        TornDown,     // gone: every request is refused
    };
    Q_ENUM(State)
    enum class Direction { HostToView, ViewToHost };
    Q_ENUM(Direction)

    explicit AppHostBridge(QObject *parent = nullptr);
    ~AppHostBridge() override;

    State state() const { return m_state; }

    // The server's tools (tools/list's "tools"): what tools/call and tools/list may reach.
    void setServerTools(const QJsonArray &tools);
    // The tool whose call the view shows (hostContext.toolInfo), with the id of that tools/call.
    void setToolInfo(const QJsonObject &tool, const MessageId &callId = MessageId());
    // The resource's _meta.ui as applied (hostCapabilities.sandbox reports it).
    void setResourceMeta(const UiResourceMeta &meta) { m_resourceMeta = meta; }
    void setHostInfo(const QString &name, const QString &version);

    // Merges fields into the host context (theme, displayMode, containerDimensions...). Once the
    // view is initialized, the changed fields go to it as ui/notifications/host-context-changed.
    void updateHostContext(const QJsonObject &fields);
    QJsonObject hostContext() const { return m_hostContext; }

    // What the view said about itself in ui/initialize.
    QJsonObject appInfo() const { return m_appInfo; }
    QJsonObject appCapabilities() const { return m_appCapabilities; }
    // The last ui/update-model-context params (each update replaces the previous one).
    QJsonObject modelContext() const { return m_modelContext; }

    // Host to view; held until the view is initialized, dropped once it is torn down. The
    // complete input goes once; partial input only before it.
    void sendToolInputPartial(const QJsonObject &arguments);
    void sendToolInput(const QJsonObject &arguments);
    void sendToolResult(const QJsonObject &callToolResult);
    void sendToolCancelled(const QString &reason);
    // Sends ui/resource-teardown; tornDown() follows its answer, or timeoutMs without one, or at
    // once when the view never initialized.
    void tearDown(const QString &reason, int timeoutMs = 3000);

    // One message from the view (a postMessage's data, as JSON text).
    void receive(const QByteArray &json);

Q_SIGNALS:
    // JSON text for the view's window (the widget delivers it with postMessage).
    void postToView(const QByteArray &json);
    // Every message both ways; note says what the host made of it (a refusal, "held"...).
    void messageLogged(Mcp::Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note);
    // tools/call (of a tool the view may call) and resources/read: forward to the server and
    // answer. Unconnected: refused.
    void serverRequest(Mcp::Apps::ViewRequest *request);
    // ui/open-link with an http(s) or mailto URL: ask the user, then respond({}) or reject.
    // Unconnected: refused.
    void openLinkRequested(Mcp::Apps::ViewRequest *request, const QUrl &url);
    void messageReceived(const QJsonObject &params);        // ui/message
    void modelContextChanged(const QJsonObject &params);    // ui/update-model-context
    void logReceived(const QJsonObject &params);            // notifications/message
    // ui/notifications/size-changed; -1 for a dimension the view left out.
    void sizeChanged(int width, int height);
    void teardownRequested();                              // ui/notifications/request-teardown
    void initialized();
    void tornDown();

private:
    friend class ViewRequest;
    void handleRequest(const Message &request);
    void handleNotification(const Message &notification);
    void handleReply(const Message &reply);
    void reply(const Message &message, const QString &note = QString());
    void refuse(const MessageId &id, int code, const QString &message);
    void notifyView(const QString &method, const QJsonObject &params);
    void post(const Message &message, const QString &note);
    void finishTeardown();
    QJsonObject hostCapabilities() const;
    QJsonArray appVisibleTools() const;

    State m_state = State::Loading;
    QJsonArray m_tools;
    QJsonObject m_hostInfo;
    QJsonObject m_hostContext;
    QJsonObject m_appInfo;
    QJsonObject m_appCapabilities;
    QJsonObject m_modelContext;
    UiResourceMeta m_resourceMeta;
    QList<Message> m_held;      // host notifications waiting for initialized
    bool m_inputSent = false;
    qint64 m_nextId = 1;        // ids of the host's own requests to the view
    MessageId m_teardownId;
    QTimer *m_teardownTimer = nullptr;
};

} // namespace Mcp::Apps
