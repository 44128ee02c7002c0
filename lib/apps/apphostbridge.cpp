#include "apps/apphostbridge.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QLocale>
#include <QLoggingCategory>
#include <QMetaMethod>
#include <QTimeZone>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace Mcp::Apps {

Q_LOGGING_CATEGORY(lcAppHost, "mcp.apps.host")

namespace {
// The spec's "implementation-defined" error for a refusal (denied link, hidden tool...).
constexpr int RefusedCode = -32000;

namespace ViewMethod {
const QString Initialize = QStringLiteral("ui/initialize");
const QString Initialized = QStringLiteral("ui/notifications/initialized");
const QString ToolInput = QStringLiteral("ui/notifications/tool-input");
const QString ToolInputPartial = QStringLiteral("ui/notifications/tool-input-partial");
const QString ToolResult = QStringLiteral("ui/notifications/tool-result");
const QString ToolCancelled = QStringLiteral("ui/notifications/tool-cancelled");
const QString SizeChanged = QStringLiteral("ui/notifications/size-changed");
const QString HostContextChanged = QStringLiteral("ui/notifications/host-context-changed");
const QString RequestTeardown = QStringLiteral("ui/notifications/request-teardown");
const QString ResourceTeardown = QStringLiteral("ui/resource-teardown");
const QString OpenLink = QStringLiteral("ui/open-link");
const QString UiMessage = QStringLiteral("ui/message");
const QString UpdateModelContext = QStringLiteral("ui/update-model-context");
const QString RequestDisplayMode = QStringLiteral("ui/request-display-mode");
const QString Ping = QStringLiteral("ping");
const QString ToolsCall = QStringLiteral("tools/call");
const QString ToolsList = QStringLiteral("tools/list");
const QString ResourcesRead = QStringLiteral("resources/read");
const QString LogMessage = QStringLiteral("notifications/message");
const QString ToolsListChanged = QStringLiteral("notifications/tools/list_changed");
} // namespace ViewMethod

RpcError makeError(int code, const QString &message)
{
    RpcError error;
    error.code = code;
    error.message = message;
    return error;
}

int dimension(const QJsonObject &params, QLatin1StringView key)
{
    const QJsonValue value = params.value(key);
    return value.isDouble() ? qMax(0, int(value.toDouble())) : -1;
}
} // namespace

ViewRequest::ViewRequest(AppHostBridge *bridge, const MessageId &id, const QString &method, const QJsonObject &params)
    : AnswerOnce(bridge, id, method, params,
                 [bridge = QPointer<AppHostBridge>(bridge), id](const QJsonValue &result, const std::optional<RpcError> &error) {
                     if (bridge)
                         bridge->reply(error ? Message::errorResponse(id, *error) : Message::response(id, result));
                 })
{
}

AppHostBridge::AppHostBridge(QObject *parent) : QObject(parent)
{
    m_hostInfo = QJsonObject{{QStringLiteral("name"), QStringLiteral("mcpscope")},
                             {QStringLiteral("version"), QCoreApplication::applicationVersion().isEmpty()
                                                             ? QStringLiteral("0.1.0")
                                                             : QCoreApplication::applicationVersion()}};
    m_hostContext = QJsonObject{
        {QStringLiteral("theme"), QStringLiteral("light")},
        {QStringLiteral("displayMode"), QStringLiteral("inline")},
        {QStringLiteral("availableDisplayModes"), QJsonArray{QStringLiteral("inline")}},
        {QStringLiteral("platform"), QStringLiteral("desktop")},
        {QStringLiteral("locale"), QLocale().bcp47Name()},
        {QStringLiteral("timeZone"), QString::fromUtf8(QTimeZone::systemTimeZoneId())},
        {QStringLiteral("userAgent"), QStringLiteral("MCP Scope")},
        {QStringLiteral("deviceCapabilities"), QJsonObject{{QStringLiteral("touch"), false}, {QStringLiteral("hover"), true}}},
    };
}

AppHostBridge::~AppHostBridge() = default;

void AppHostBridge::setServerTools(const QJsonArray &tools)
{
    m_tools = tools;
}

void AppHostBridge::setToolInfo(const QJsonObject &tool, const MessageId &callId)
{
    QJsonObject info{{QStringLiteral("tool"), tool}};
    if (!callId.isNull())
        info.insert(QStringLiteral("id"), callId.toJson());
    m_hostContext.insert(QStringLiteral("toolInfo"), info);
}

void AppHostBridge::setHostInfo(const QString &name, const QString &version)
{
    m_hostInfo = QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("version"), version}};
}

void AppHostBridge::updateHostContext(const QJsonObject &fields)
{
    QJsonObject changed;
    for (auto it = fields.begin(); it != fields.end(); ++it) {
        if (m_hostContext.value(it.key()) != it.value()) {
            m_hostContext.insert(it.key(), it.value());
            changed.insert(it.key(), it.value());
        }
    }
    // Before ui/initialize the view gets the whole context in its answer.
    if (!changed.isEmpty() && m_state != State::Loading)
        notifyView(ViewMethod::HostContextChanged, changed);
}

void AppHostBridge::sendToolInputPartial(const QJsonObject &arguments)
{
    // Partial input stops once the complete input went out.
    if (m_inputSent) {
        Q_EMIT messageLogged(Direction::HostToView, QByteArray(),
                             tr("Not sent: partial tool input after the complete input."));
        return;
    }
    notifyView(ViewMethod::ToolInputPartial, QJsonObject{{QStringLiteral("arguments"), arguments}});
}

void AppHostBridge::sendToolInput(const QJsonObject &arguments)
{
    // At most once per view.
    if (m_inputSent) {
        Q_EMIT messageLogged(Direction::HostToView, QByteArray(),
                             tr("Not sent: a view gets its tool input once."));
        return;
    }
    m_inputSent = true;
    notifyView(ViewMethod::ToolInput, QJsonObject{{QStringLiteral("arguments"), arguments}});
}

void AppHostBridge::sendToolResult(const QJsonObject &callToolResult)
{
    notifyView(ViewMethod::ToolResult, callToolResult);
}

void AppHostBridge::sendToolCancelled(const QString &reason)
{
    QJsonObject params;
    if (!reason.isEmpty())
        params.insert(QStringLiteral("reason"), reason);
    notifyView(ViewMethod::ToolCancelled, params);
}

void AppHostBridge::tearDown(const QString &reason, int timeoutMs)
{
    if (m_state == State::TearingDown || m_state == State::TornDown)
        return;
    m_held.clear();
    if (m_state == State::Loading) { // nothing to tell a view that never spoke
        finishTeardown();
        return;
    }
    m_state = State::TearingDown;
    m_teardownId = MessageId(m_nextId++);
    post(Message::request(m_teardownId, ViewMethod::ResourceTeardown, QJsonObject{{QStringLiteral("reason"), reason}}),
         QString());
    m_teardownTimer = new QTimer(this);
    m_teardownTimer->setSingleShot(true);
    connect(m_teardownTimer, &QTimer::timeout, this, [this] {
        Q_EMIT messageLogged(Direction::ViewToHost, QByteArray(),
                             tr("The view did not answer ui/resource-teardown in time; torn down anyway."));
        finishTeardown();
    });
    m_teardownTimer->start(timeoutMs);
}

void AppHostBridge::finishTeardown()
{
    if (m_state == State::TornDown)
        return;
    m_state = State::TornDown;
    if (m_teardownTimer)
        m_teardownTimer->stop();
    Q_EMIT tornDown();
}

void AppHostBridge::receive(const QByteArray &json)
{
    const ParsedFrame frame = parseFrame(json);
    if (frame.batch || frame.messages.size() != 1 || !frame.diagnostics.isEmpty()) {
        const QString why = frame.batch ? tr("batches are not part of the view protocol")
                                        : frame.diagnostics.value(0, tr("not a JSON-RPC message"));
        Q_EMIT messageLogged(Direction::ViewToHost, json, tr("Refused: %1").arg(why));
        // Answer a request we can still identify; anything else has nobody to answer.
        const QJsonObject object = QJsonDocument::fromJson(json).object();
        bool ok = false;
        const MessageId id = MessageId::fromJson(object.value(QLatin1StringView("id")), &ok);
        if (!frame.batch && ok && !id.isNull() && object.contains(QLatin1StringView("method")))
            refuse(id, ErrorCode::InvalidRequest, why);
        return;
    }
    const Message message = frame.messages.constFirst();
    if (message.isReply()) {
        Q_EMIT messageLogged(Direction::ViewToHost, json, QString());
        handleReply(message);
    } else if (message.isNotification()) {
        Q_EMIT messageLogged(Direction::ViewToHost, json, QString());
        handleNotification(message);
    } else {
        Q_EMIT messageLogged(Direction::ViewToHost, json, QString());
        handleRequest(message);
    }
}

void AppHostBridge::handleReply(const Message &reply)
{
    if (m_state == State::TearingDown && reply.id() == m_teardownId) {
        finishTeardown();
        return;
    }
    Q_EMIT messageLogged(Direction::ViewToHost, QByteArray(),
                         tr("A reply to %1, which the host never asked: ignored.").arg(reply.id().toDisplayString()));
}

void AppHostBridge::handleNotification(const Message &notification)
{
    if (m_state == State::TornDown)
        return;
    const QString method = notification.method();
    const QJsonObject params = notification.paramsObject();
    if (method == ViewMethod::Initialized) {
        if (m_state != State::Initializing) {
            Q_EMIT messageLogged(Direction::ViewToHost, QByteArray(),
                                 tr("%1 before ui/initialize was answered: ignored.").arg(method));
            return;
        }
        m_state = State::Ready;
        const QList<Message> held = std::exchange(m_held, {});
        for (const Message &message : held)
            post(message, tr("held until the view was initialized"));
        Q_EMIT initialized();
    } else if (method == ViewMethod::SizeChanged) {
        Q_EMIT sizeChanged(dimension(params, QLatin1StringView("width")), dimension(params, QLatin1StringView("height")));
    } else if (method == ViewMethod::RequestTeardown) {
        Q_EMIT teardownRequested();
    } else if (method == ViewMethod::LogMessage) {
        Q_EMIT logReceived(params);
    } else if (method == ViewMethod::ToolsListChanged) {
        // The app's own tools changed; we do not call app tools.
    } else {
        Q_EMIT messageLogged(Direction::ViewToHost, QByteArray(),
                             tr("%1 is not a notification this host knows: ignored.").arg(method));
    }
}

void AppHostBridge::handleRequest(const Message &request)
{
    const QString method = request.method();
    const QJsonObject params = request.paramsObject();
    const MessageId id = request.id();

    if (m_state == State::TornDown || m_state == State::TearingDown) {
        refuse(id, RefusedCode, tr("The view is being torn down."));
        return;
    }
    if (method == ViewMethod::Ping) {
        reply(Message::response(id, QJsonObject()));
        return;
    }
    if (method == ViewMethod::Initialize) {
        if (m_state != State::Loading) {
            refuse(id, ErrorCode::InvalidRequest, tr("ui/initialize was already answered."));
            return;
        }
        m_appInfo = params.value(QLatin1StringView("appInfo")).toObject();
        m_appCapabilities = params.value(QLatin1StringView("appCapabilities")).toObject();
        const QString asked = params.value(QLatin1StringView("protocolVersion")).toString();
        QJsonObject result{
            {QStringLiteral("protocolVersion"), asked.isEmpty() ? QString(ViewProtocolVersion) : asked},
            {QStringLiteral("hostInfo"), m_hostInfo},
            {QStringLiteral("hostCapabilities"), hostCapabilities()},
            {QStringLiteral("hostContext"), m_hostContext},
        };
        m_state = State::Initializing;
        reply(Message::response(id, result));
        return;
    }
    if (m_state == State::Loading) {
        refuse(id, ErrorCode::InvalidRequest, tr("%1 before ui/initialize.").arg(method));
        return;
    }

    if (method == ViewMethod::ToolsCall) {
        const QString name = params.value(QLatin1StringView("name")).toString();
        const auto found = std::find_if(m_tools.cbegin(), m_tools.cend(), [&name](const QJsonValue &tool) {
            return tool.toObject().value(QLatin1StringView("name")).toString() == name;
        });
        if (name.isEmpty() || found == m_tools.cend()) {
            refuse(id, ErrorCode::InvalidParams, tr("The server has no tool named \"%1\".").arg(name));
            return;
        }
        if (!ToolUiMeta::fromTool(found->toObject()).visibleToApp) {
            refuse(id, RefusedCode, tr("Tool \"%1\" is not visible to apps (its _meta.ui.visibility leaves out \"app\").").arg(name));
            return;
        }
    }
    if (method == ViewMethod::ToolsCall || method == ViewMethod::ResourcesRead) {
        if (!isSignalConnected(QMetaMethod::fromSignal(&AppHostBridge::serverRequest))) {
            refuse(id, RefusedCode, tr("This view is not connected to a server."));
            return;
        }
        Q_EMIT serverRequest(new ViewRequest(this, id, method, params));
        return;
    }
    if (method == ViewMethod::ToolsList) {
        reply(Message::response(id, QJsonObject{{QStringLiteral("tools"), appVisibleTools()}}));
        return;
    }
    if (method == ViewMethod::OpenLink) {
        const QUrl url(params.value(QLatin1StringView("url")).toString(), QUrl::StrictMode);
        const QString scheme = url.scheme().toLower();
        if (!url.isValid() || (scheme != QLatin1StringView("https") && scheme != QLatin1StringView("http")
                               && scheme != QLatin1StringView("mailto"))) {
            refuse(id, ErrorCode::InvalidParams, tr("Invalid URL: only http, https and mailto links are opened."));
            return;
        }
        if (!isSignalConnected(QMetaMethod::fromSignal(&AppHostBridge::openLinkRequested))) {
            refuse(id, RefusedCode, tr("Link opening denied: nobody here can consent."));
            return;
        }
        Q_EMIT openLinkRequested(new ViewRequest(this, id, method, params), url);
        return;
    }
    if (method == ViewMethod::UiMessage) {
        Q_EMIT messageReceived(params);
        reply(Message::response(id, QJsonObject()));
        return;
    }
    if (method == ViewMethod::UpdateModelContext) {
        m_modelContext = params;
        Q_EMIT modelContextChanged(params);
        reply(Message::response(id, QJsonObject()));
        return;
    }
    if (method == ViewMethod::RequestDisplayMode) {
        // Only inline exists here: the answer is the mode the view keeps.
        reply(Message::response(id, QJsonObject{{QStringLiteral("mode"), m_hostContext.value(QLatin1StringView("displayMode"))}}));
        return;
    }
    refuse(id, ErrorCode::MethodNotFound, tr("%1 is not offered to views by this host.").arg(method));
}

void AppHostBridge::refuse(const MessageId &id, int code, const QString &message)
{
    reply(Message::errorResponse(id, makeError(code, message)), tr("Refused: %1").arg(message));
}

void AppHostBridge::reply(const Message &message, const QString &note)
{
    if (m_state == State::TornDown)
        return;
    post(message, note);
}

void AppHostBridge::notifyView(const QString &method, const QJsonObject &params)
{
    if (m_state == State::TornDown || m_state == State::TearingDown)
        return;
    const Message message = Message::notification(method, params);
    if (m_state != State::Ready) {
        m_held.append(message);
        return;
    }
    post(message, QString());
}

void AppHostBridge::post(const Message &message, const QString &note)
{
    const QByteArray json = message.serialize();
    Q_EMIT messageLogged(Direction::HostToView, json, note);
    Q_EMIT postToView(json);
}

QJsonObject AppHostBridge::hostCapabilities() const
{
    const QJsonObject modalities{{QStringLiteral("text"), QJsonObject()},
                                 {QStringLiteral("image"), QJsonObject()},
                                 {QStringLiteral("resource"), QJsonObject()},
                                 {QStringLiteral("resourceLink"), QJsonObject()},
                                 {QStringLiteral("structuredContent"), QJsonObject()}};
    return QJsonObject{
        {QStringLiteral("openLinks"), QJsonObject()},
        {QStringLiteral("serverTools"), QJsonObject()},
        {QStringLiteral("serverResources"), QJsonObject()},
        {QStringLiteral("logging"), QJsonObject()},
        {QStringLiteral("updateModelContext"), modalities},
        {QStringLiteral("message"), modalities},
        {QStringLiteral("sandbox"), m_resourceMeta.sandboxJson()},
    };
}

QJsonArray AppHostBridge::appVisibleTools() const
{
    QJsonArray tools;
    for (const QJsonValue &tool : m_tools) {
        if (ToolUiMeta::fromTool(tool.toObject()).visibleToApp)
            tools.append(tool);
    }
    return tools;
}

} // namespace Mcp::Apps
