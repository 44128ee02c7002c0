#include "apps/apphostbridge.h"
#include "apps/uimeta.h"
#include "session/client.h"
#include "transport/stdiotransport.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include "toollisting.h"

#include <memory>

using namespace Mcp;
using namespace Mcp::Apps;

namespace {
constexpr int kWait = 10000;

QJsonObject parse(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QByteArray frame(const QJsonObject &object)
{
    QJsonObject message = object;
    message.insert(QStringLiteral("jsonrpc"), QStringLiteral("2.0"));
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

QByteArray request(int id, const QString &method, const QJsonObject &params = {})
{
    return frame({{QStringLiteral("id"), id}, {QStringLiteral("method"), method}, {QStringLiteral("params"), params}});
}

QByteArray notification(const QString &method, const QJsonObject &params = {})
{
    return frame({{QStringLiteral("method"), method}, {QStringLiteral("params"), params}});
}

QJsonObject toolWith(const QString &name, const QJsonValue &visibility)
{
    QJsonObject ui{{QStringLiteral("resourceUri"), QStringLiteral("ui://x/view")}};
    if (!visibility.isUndefined())
        ui.insert(QStringLiteral("visibility"), visibility);
    return {{QStringLiteral("name"), name},
            {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}},
            {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("ui"), ui}}}};
}

// Plays the view: what the host posts lands in `posted`.
struct View
{
    AppHostBridge bridge;
    QList<QJsonObject> posted;

    View()
    {
        QObject::connect(&bridge, &AppHostBridge::postToView, &bridge,
                         [this](const QByteArray &json) { posted.append(parse(json)); });
    }
    QJsonObject lastReply(int id) const
    {
        for (auto it = posted.crbegin(); it != posted.crend(); ++it) {
            if (it->value(QStringLiteral("id")) == QJsonValue(id) && !it->contains(QStringLiteral("method")))
                return *it;
        }
        return {};
    }
    QStringList methods() const
    {
        QStringList list;
        for (const QJsonObject &message : posted) {
            if (message.contains(QStringLiteral("method")))
                list << message.value(QStringLiteral("method")).toString();
        }
        return list;
    }
    void initialize()
    {
        bridge.receive(request(1, QStringLiteral("ui/initialize"),
                               {{QStringLiteral("protocolVersion"), QStringLiteral("2026-01-26")},
                                {QStringLiteral("appInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")}}},
                                {QStringLiteral("appCapabilities"), QJsonObject()}}));
        bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
    }
};

int errorCode(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}
} // namespace

class tst_AppHostBridge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolMeta_data();
    void toolMeta();
    void defaultCspHasNoNetwork();
    void declaredCsp();
    void unsafeSourcesAreDropped();
    void contentMetaWinsOverListing();
    void sourceMatching_data();
    void sourceMatching();
    void clientCapability();

    void initializeAnswersHostContext();
    void notificationsHeldUntilInitialized();
    void hostContextChangesAfterInitialize();
    void requestsBeforeInitializeRefused();
    void toolVisibility();
    void toolsListShowsOnlyAppTools();
    void callsReachTheRealServer();
    void openLinkNeedsConsent();
    void messageAndModelContext();
    void sizeAndTeardownRequests();
    void unknownMethodsAndGarbage();
    void teardownWaitsForTheAnswer();
    void teardownTimesOut();
};

void tst_AppHostBridge::toolMeta_data()
{
    QTest::addColumn<QJsonObject>("tool");
    QTest::addColumn<QString>("uri");
    QTest::addColumn<bool>("model");
    QTest::addColumn<bool>("app");

    QTest::newRow("no meta") << QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}} << QString() << true << true;
    QTest::newRow("default visibility") << toolWith(QStringLiteral("a"), QJsonValue::Undefined)
                                        << QStringLiteral("ui://x/view") << true << true;
    QTest::newRow("app only") << toolWith(QStringLiteral("a"), QJsonArray{QStringLiteral("app")})
                              << QStringLiteral("ui://x/view") << false << true;
    QTest::newRow("model only") << toolWith(QStringLiteral("a"), QJsonArray{QStringLiteral("model")})
                                << QStringLiteral("ui://x/view") << true << false;
    QTest::newRow("empty visibility") << toolWith(QStringLiteral("a"), QJsonArray{})
                                      << QStringLiteral("ui://x/view") << false << false;
    QTest::newRow("deprecated flat key")
        << QJsonObject{{QStringLiteral("name"), QStringLiteral("a")},
                       {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("ui/resourceUri"), QStringLiteral("ui://old")}}}}
        << QStringLiteral("ui://old") << true << true;
    // The nested form wins over the deprecated flat key (as in ext-apps' getToolUiResourceUri).
    QTest::newRow("nested before flat")
        << QJsonObject{{QStringLiteral("name"), QStringLiteral("a")},
                       {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("ui/resourceUri"), QStringLiteral("ui://old")},
                                                             {QStringLiteral("ui"), QJsonObject{{QStringLiteral("resourceUri"), QStringLiteral("ui://new")}}}}}}
        << QStringLiteral("ui://new") << true << true;
    // Only ui:// resources are views: anything else is no view at all.
    QTest::newRow("https is no view")
        << QJsonObject{{QStringLiteral("name"), QStringLiteral("a")},
                       {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("ui"), QJsonObject{{QStringLiteral("resourceUri"), QStringLiteral("https://example.com/view.html")}}}}}}
        << QString() << true << true;
    QTest::newRow("file is no view")
        << QJsonObject{{QStringLiteral("name"), QStringLiteral("a")},
                       {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("ui/resourceUri"), QStringLiteral("file:///etc/passwd")}}}}
        << QString() << true << true;
}

void tst_AppHostBridge::toolMeta()
{
    QFETCH(QJsonObject, tool);
    QFETCH(QString, uri);
    QFETCH(bool, model);
    QFETCH(bool, app);
    const ToolUiMeta meta = ToolUiMeta::fromTool(tool);
    QCOMPARE(meta.resourceUri, uri);
    QCOMPARE(meta.hasView(), !uri.isEmpty());
    const QJsonObject toolMeta = tool.value(QStringLiteral("_meta")).toObject();
    const QString named = toolMeta.value(QStringLiteral("ui")).toObject().value(QStringLiteral("resourceUri")).toString(
        toolMeta.value(QStringLiteral("ui/resourceUri")).toString());
    QCOMPARE(meta.invalidResourceUri, named.startsWith(QStringLiteral("ui://")) ? QString() : named);
    QCOMPARE(meta.visibleToModel, model);
    QCOMPARE(meta.visibleToApp, app);
}

void tst_AppHostBridge::defaultCspHasNoNetwork()
{
    const QString csp = UiResourceMeta::fromJson({}).contentSecurityPolicy();
    const QStringList directives = csp.split(QStringLiteral("; "));
    QVERIFY(directives.contains(QStringLiteral("default-src 'none'")));
    QVERIFY(directives.contains(QStringLiteral("connect-src 'none'")));
    QVERIFY(directives.contains(QStringLiteral("frame-src 'none'")));
    QVERIFY(directives.contains(QStringLiteral("object-src 'none'")));
    QVERIFY(directives.contains(QStringLiteral("script-src 'self' 'unsafe-inline'")));
    QVERIFY(directives.contains(QStringLiteral("img-src 'self' data:")));
    QVERIFY(directives.contains(QStringLiteral("base-uri 'self'")));
    QVERIFY(!csp.contains(QStringLiteral("http")));
    const UiResourceMeta none;
    QVERIFY(!none.allows(QUrl(QStringLiteral("https://example.com/")), UiResourceMeta::RequestKind::Connect));
    QVERIFY(!none.allows(QUrl(QStringLiteral("https://example.com/a.js")), UiResourceMeta::RequestKind::Resource));
}

void tst_AppHostBridge::declaredCsp()
{
    const QJsonObject ui = QJsonDocument::fromJson(R"x({"csp": {
        "connectDomains": ["https://api.example.com", "wss://live.example.com"],
        "resourceDomains": ["https://*.cdn.example.net"],
        "frameDomains": ["https://www.youtube.com"],
        "baseUriDomains": ["https://base.example.com"]},
        "permissions": {"camera": {}, "clipboardWrite": {}}, "prefersBorder": false})x").object();
    QStringList problems;
    const UiResourceMeta meta = UiResourceMeta::fromJson(ui, &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    const QStringList directives = meta.contentSecurityPolicy().split(QStringLiteral("; "));
    QVERIFY(directives.contains(QStringLiteral("connect-src https://api.example.com wss://live.example.com")));
    QVERIFY(directives.contains(QStringLiteral("script-src 'self' 'unsafe-inline' https://*.cdn.example.net")));
    QVERIFY(directives.contains(QStringLiteral("img-src 'self' data: https://*.cdn.example.net")));
    QVERIFY(directives.contains(QStringLiteral("frame-src https://www.youtube.com")));
    QVERIFY(directives.contains(QStringLiteral("base-uri https://base.example.com")));
    QCOMPARE(meta.permissionPolicy(), QStringLiteral("camera; clipboard-write"));
    QCOMPARE(meta.prefersBorder, std::optional<bool>(false));
    QVERIFY(meta.allows(QUrl(QStringLiteral("https://api.example.com/v1?q=1")), UiResourceMeta::RequestKind::Connect));
    QVERIFY(!meta.allows(QUrl(QStringLiteral("https://api.example.com/v1")), UiResourceMeta::RequestKind::Resource));
    QVERIFY(meta.allows(QUrl(QStringLiteral("https://a.cdn.example.net/x.js")), UiResourceMeta::RequestKind::Resource));
    QVERIFY(!meta.allows(QUrl(QStringLiteral("https://evil.example.org/")), UiResourceMeta::RequestKind::Connect));
    const QJsonObject sandbox = meta.sandboxJson();
    QVERIFY(sandbox.value(QStringLiteral("permissions")).toObject().contains(QStringLiteral("camera")));
    QVERIFY(!sandbox.value(QStringLiteral("permissions")).toObject().contains(QStringLiteral("microphone")));
}

void tst_AppHostBridge::unsafeSourcesAreDropped()
{
    // Each of these would widen or rewrite the policy if pasted into it.
    const QJsonObject ui = QJsonDocument::fromJson(R"x({"csp": {"connectDomains": [
        "https://ok.example.com", "https://a.com; script-src *", "*", "'unsafe-eval'", "https://b.com https://c.com",
        "file:///etc", "data:", "javascript:alert(1)", "https://d.com,e.com", 42]}})x").object();
    QStringList problems;
    const UiResourceMeta meta = UiResourceMeta::fromJson(ui, &problems);
    QCOMPARE(meta.csp.connectDomains, QStringList{QStringLiteral("https://ok.example.com")});
    QCOMPARE(problems.size(), 9);
    const QString csp = meta.contentSecurityPolicy();
    QVERIFY(!csp.contains(QStringLiteral("unsafe-eval")));
    QVERIFY(!csp.contains(QStringLiteral("script-src *")));
    QVERIFY(!csp.contains(QStringLiteral("file:")));
}

void tst_AppHostBridge::contentMetaWinsOverListing()
{
    const QJsonObject listing = QJsonDocument::fromJson(
        R"x({"uri": "ui://a", "_meta": {"ui": {"csp": {"connectDomains": ["https://listing.example.com"]}}}})x").object();
    const QJsonObject content = QJsonDocument::fromJson(
        R"x({"uri": "ui://a", "_meta": {"ui": {"csp": {"connectDomains": ["https://content.example.com"]}}}})x").object();
    QCOMPARE(UiResourceMeta::resolve(content, listing).csp.connectDomains,
             QStringList{QStringLiteral("https://content.example.com")});
    QCOMPARE(UiResourceMeta::resolve(QJsonObject{{QStringLiteral("uri"), QStringLiteral("ui://a")}}, listing).csp.connectDomains,
             QStringList{QStringLiteral("https://listing.example.com")});
}

void tst_AppHostBridge::sourceMatching_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("matches");

    QTest::newRow("same origin") << "https://a.com" << "https://a.com/x" << true;
    QTest::newRow("other host") << "https://a.com" << "https://b.com/" << false;
    QTest::newRow("suffix is not a subdomain") << "https://a.com" << "https://evila.com/" << false;
    QTest::newRow("http is not https") << "https://a.com" << "http://a.com/" << false;
    QTest::newRow("https allows wss") << "https://a.com" << "wss://a.com/" << true;
    QTest::newRow("explicit default port") << "https://a.com" << "https://a.com:443/" << true;
    QTest::newRow("other port") << "https://a.com" << "https://a.com:8443/" << false;
    QTest::newRow("declared port") << "http://127.0.0.1:8080" << "http://127.0.0.1:8080/x" << true;
    QTest::newRow("declared port, other") << "http://127.0.0.1:8080" << "http://127.0.0.1:8081/x" << false;
    QTest::newRow("wildcard subdomain") << "https://*.a.com" << "https://x.y.a.com/" << true;
    QTest::newRow("wildcard is not the apex") << "https://*.a.com" << "https://a.com/" << false;
    QTest::newRow("wildcard suffix trick") << "https://*.a.com" << "https://xa.com/" << false;
    QTest::newRow("case") << "https://A.com" << "https://a.COM/" << true;
}

void tst_AppHostBridge::sourceMatching()
{
    QFETCH(QString, source);
    QFETCH(QString, url);
    QFETCH(bool, matches);
    QCOMPARE(sourceMatches(source, QUrl(url)), matches);
}

void tst_AppHostBridge::clientCapability()
{
    const QJsonObject settings = clientExtensionSettings();
    QCOMPARE(settings.value(QStringLiteral("mimeTypes")).toArray(), QJsonArray{QStringLiteral("text/html;profile=mcp-app")});
    bool declared = true;
    QVERIFY(serverExtensionSettings({}, &declared).isEmpty());
    QVERIFY(!declared);
    serverExtensionSettings(QJsonObject{{QStringLiteral("extensions"), QJsonObject{{Apps::ExtensionId, QJsonObject()}}}}, &declared);
    QVERIFY(declared);
    QVERIFY(isAppMimeType(QStringLiteral("text/html; profile=mcp-app")));
    QVERIFY(!isAppMimeType(QStringLiteral("text/html")));
    QVERIFY(isUiResourceUri(QStringLiteral("ui://a/b")));
    QVERIFY(!isUiResourceUri(QStringLiteral("https://a/b")));
}

void tst_AppHostBridge::initializeAnswersHostContext()
{
    View view;
    view.bridge.setHostInfo(QStringLiteral("mcpscope"), QStringLiteral("9.9"));
    view.bridge.setToolInfo(toolWith(QStringLiteral("show"), QJsonValue::Undefined), MessageId(7));
    view.bridge.updateHostContext({{QStringLiteral("theme"), QStringLiteral("dark")}});
    view.bridge.receive(request(1, QStringLiteral("ui/initialize"),
                                {{QStringLiteral("protocolVersion"), QStringLiteral("2026-01-26")},
                                 {QStringLiteral("appInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("v")}}},
                                 {QStringLiteral("appCapabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject()}}}}));
    const QJsonObject result = view.lastReply(1).value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2026-01-26"));
    QCOMPARE(result.value(QStringLiteral("hostInfo")).toObject().value(QStringLiteral("version")).toString(), QStringLiteral("9.9"));
    const QJsonObject context = result.value(QStringLiteral("hostContext")).toObject();
    QCOMPARE(context.value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
    QCOMPARE(context.value(QStringLiteral("displayMode")).toString(), QStringLiteral("inline"));
    QCOMPARE(context.value(QStringLiteral("toolInfo")).toObject().value(QStringLiteral("id")).toInt(), 7);
    const QJsonObject capabilities = result.value(QStringLiteral("hostCapabilities")).toObject();
    for (const char *name : {"openLinks", "serverTools", "serverResources", "logging", "message", "updateModelContext", "sandbox"})
        QVERIFY2(capabilities.contains(QLatin1StringView(name)), name);
    QVERIFY(!capabilities.contains(QStringLiteral("sampling")));
    QVERIFY(!capabilities.contains(QStringLiteral("downloadFile")));
    QCOMPARE(view.bridge.appInfo().value(QStringLiteral("name")).toString(), QStringLiteral("v"));
    QCOMPARE(view.bridge.state(), AppHostBridge::State::Initializing);

    // A second ui/initialize is refused.
    view.bridge.receive(request(2, QStringLiteral("ui/initialize")));
    QCOMPARE(errorCode(view.lastReply(2)), ErrorCode::InvalidRequest);
}

void tst_AppHostBridge::notificationsHeldUntilInitialized()
{
    View view;
    QSignalSpy initialized(&view.bridge, &AppHostBridge::initialized);
    view.bridge.sendToolInputPartial({{QStringLiteral("q"), QStringLiteral("wea")}});
    view.bridge.sendToolInput({{QStringLiteral("q"), QStringLiteral("weather")}});
    view.bridge.sendToolResult({{QStringLiteral("content"), QJsonArray()}});
    QVERIFY(view.posted.isEmpty());

    view.bridge.receive(request(1, QStringLiteral("ui/initialize")));
    QCOMPARE(view.posted.size(), 1); // only the answer: still held
    QVERIFY(view.methods().isEmpty());

    view.bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
    QCOMPARE(initialized.size(), 1);
    QCOMPARE(view.methods(), (QStringList{QStringLiteral("ui/notifications/tool-input-partial"),
                                          QStringLiteral("ui/notifications/tool-input"),
                                          QStringLiteral("ui/notifications/tool-result")}));
    QCOMPARE(view.posted.at(2).value(QStringLiteral("params")).toObject().value(QStringLiteral("arguments")).toObject()
                 .value(QStringLiteral("q")).toString(), QStringLiteral("weather"));

    // The complete input goes once, and partial input never after it.
    const int sent = view.posted.size();
    view.bridge.sendToolInputPartial({{QStringLiteral("q"), QStringLiteral("late")}});
    view.bridge.sendToolInput({{QStringLiteral("q"), QStringLiteral("again")}});
    QCOMPARE(view.posted.size(), sent);

    // Once initialized, at once.
    view.bridge.sendToolCancelled(QStringLiteral("user"));
    QCOMPARE(view.methods().constLast(), QStringLiteral("ui/notifications/tool-cancelled"));
    QCOMPARE(view.bridge.state(), AppHostBridge::State::Ready);

    // initialized a second time changes nothing.
    view.bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
    QCOMPARE(initialized.size(), 1);
}

void tst_AppHostBridge::hostContextChangesAfterInitialize()
{
    View view;
    view.initialize();
    const int before = view.posted.size();
    view.bridge.updateHostContext({{QStringLiteral("theme"), QStringLiteral("light")}}); // unchanged: nothing
    QCOMPARE(view.posted.size(), before);
    view.bridge.updateHostContext({{QStringLiteral("theme"), QStringLiteral("dark")},
                                   {QStringLiteral("displayMode"), QStringLiteral("inline")}});
    QCOMPARE(view.posted.size(), before + 1);
    const QJsonObject changed = view.posted.constLast();
    QCOMPARE(changed.value(QStringLiteral("method")).toString(), QStringLiteral("ui/notifications/host-context-changed"));
    QCOMPARE(changed.value(QStringLiteral("params")).toObject(), (QJsonObject{{QStringLiteral("theme"), QStringLiteral("dark")}}));
}

void tst_AppHostBridge::requestsBeforeInitializeRefused()
{
    View view;
    view.bridge.receive(request(5, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("x")}}));
    QCOMPARE(errorCode(view.lastReply(5)), ErrorCode::InvalidRequest);
    view.bridge.receive(request(6, QStringLiteral("ping")));
    QVERIFY(view.lastReply(6).contains(QStringLiteral("result")));
}

void tst_AppHostBridge::toolVisibility()
{
    View view;
    view.bridge.setServerTools({toolWith(QStringLiteral("both"), QJsonValue::Undefined),
                                toolWith(QStringLiteral("apponly"), QJsonArray{QStringLiteral("app")}),
                                toolWith(QStringLiteral("hidden"), QJsonArray{QStringLiteral("model")})});
    QList<QPointer<ViewRequest>> forwarded;
    connect(&view.bridge, &AppHostBridge::serverRequest, this, [&forwarded](ViewRequest *r) { forwarded.append(r); });
    view.initialize();

    view.bridge.receive(request(10, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("both")}}));
    view.bridge.receive(request(11, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("apponly")}}));
    view.bridge.receive(request(12, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("hidden")}}));
    view.bridge.receive(request(13, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("nosuch")}}));
    view.bridge.receive(request(14, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("demo://a")}}));

    QCOMPARE(forwarded.size(), 3);
    QCOMPARE(forwarded.at(0)->params().value(QStringLiteral("name")).toString(), QStringLiteral("both"));
    QCOMPARE(forwarded.at(1)->params().value(QStringLiteral("name")).toString(), QStringLiteral("apponly"));
    QCOMPARE(forwarded.at(2)->method(), QStringLiteral("resources/read"));
    QCOMPARE(errorCode(view.lastReply(12)), -32000);
    QVERIFY(view.lastReply(12).value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString()
                .contains(QStringLiteral("hidden")));
    QCOMPARE(errorCode(view.lastReply(13)), ErrorCode::InvalidParams);

    // Answered once; a second answer is not sent; an unanswered one is dropped with -32603.
    forwarded.at(0)->respond(QJsonObject{{QStringLiteral("content"), QJsonArray()}});
    forwarded.at(0)->reject(RpcError{1, QStringLiteral("late"), {}}); // ignored (already answered)
    QVERIFY(view.lastReply(10).contains(QStringLiteral("result")));
    delete forwarded.at(1).data();
    QCOMPARE(errorCode(view.lastReply(11)), ErrorCode::InternalError);
}

void tst_AppHostBridge::toolsListShowsOnlyAppTools()
{
    View view;
    view.bridge.setServerTools({toolWith(QStringLiteral("both"), QJsonValue::Undefined),
                                toolWith(QStringLiteral("apponly"), QJsonArray{QStringLiteral("app")}),
                                toolWith(QStringLiteral("hidden"), QJsonArray{QStringLiteral("model")})});
    view.initialize();
    view.bridge.receive(request(3, QStringLiteral("tools/list")));
    QStringList names;
    for (const QJsonValue &tool : view.lastReply(3).value(QStringLiteral("result")).toObject().value(QStringLiteral("tools")).toArray())
        names << tool.toObject().value(QStringLiteral("name")).toString();
    QCOMPARE(names, (QStringList{QStringLiteral("both"), QStringLiteral("apponly")}));
}

void tst_AppHostBridge::callsReachTheRealServer()
{
    // The demo server's own app tools, proxied through a real Client as the window does.
    StdioServerParameters parameters;
    parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    Client client(new StdioTransport(parameters));
    client.connectToServer();
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), Client::State::Ready, kWait);
    const QJsonArray tools = Test::listedItems(client, Lists::Tools, kWait);
    QVERIFY(!tools.isEmpty());

    View view;
    view.bridge.setServerTools(tools);
    connect(&view.bridge, &AppHostBridge::serverRequest, &client, [&client](ViewRequest *viewRequest) {
        QPointer<ViewRequest> pending(viewRequest);
        OutgoingRequest *call = client.sendRequest(viewRequest->method(), viewRequest->params());
        connect(call, &OutgoingRequest::finished, viewRequest, [pending, call] {
            if (call->isError())
                pending->reject(call->error());
            else
                pending->respond(call->result());
        });
    });
    view.initialize();
    view.bridge.receive(request(20, QStringLiteral("tools/call"),
                                {{QStringLiteral("name"), QStringLiteral("app_counter")},
                                 {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("step"), 5}}}}));
    QTRY_VERIFY_WITH_TIMEOUT(!view.lastReply(20).isEmpty(), kWait);
    QVERIFY2(view.lastReply(20).contains(QStringLiteral("result")), QJsonDocument(view.lastReply(20)).toJson().constData());
    QCOMPARE(view.lastReply(20).value(QStringLiteral("result")).toObject().value(QStringLiteral("structuredContent"))
                 .toObject().value(QStringLiteral("count")).toInt(), 5);

    view.bridge.receive(request(21, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("model_only_note")}}));
    QCOMPARE(errorCode(view.lastReply(21)), -32000); // refused without asking the server

    view.bridge.receive(request(22, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("demo://docs/notes.txt")}}));
    QTRY_VERIFY_WITH_TIMEOUT(!view.lastReply(22).isEmpty(), kWait);
    QVERIFY(view.lastReply(22).value(QStringLiteral("result")).toObject().value(QStringLiteral("contents")).toArray()
                .at(0).toObject().value(QStringLiteral("text")).toString().startsWith(QStringLiteral("An embedded text resource")));

    view.bridge.receive(request(23, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("demo://nothing")}}));
    QTRY_VERIFY_WITH_TIMEOUT(!view.lastReply(23).isEmpty(), kWait);
    QVERIFY(view.lastReply(23).contains(QStringLiteral("error"))); // the server's error reaches the view
    client.disconnectFromServer();
}

void tst_AppHostBridge::openLinkNeedsConsent()
{
    View view;
    view.initialize();
    // Nobody to consent: refused.
    view.bridge.receive(request(30, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("https://example.com/")}}));
    QCOMPARE(errorCode(view.lastReply(30)), -32000);

    QList<QPointer<ViewRequest>> asked;
    QList<QUrl> urls;
    connect(&view.bridge, &AppHostBridge::openLinkRequested, this, [&](ViewRequest *r, const QUrl &url) {
        asked.append(r);
        urls.append(url);
    });
    for (const char *bad : {"javascript:alert(1)", "file:///etc/passwd", "not a url", "data:text/html,hi"}) {
        view.bridge.receive(request(31, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QLatin1StringView(bad)}}));
        QCOMPARE(errorCode(view.lastReply(31)), ErrorCode::InvalidParams);
    }
    QVERIFY(asked.isEmpty());

    view.bridge.receive(request(32, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("https://example.com/a")}}));
    view.bridge.receive(request(33, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("https://example.org/b")}}));
    QCOMPARE(asked.size(), 2);
    QCOMPARE(urls.at(0), QUrl(QStringLiteral("https://example.com/a")));
    QVERIFY(view.lastReply(32).isEmpty()); // waits for the user
    asked.at(0)->respond(QJsonObject());
    RpcError denied;
    denied.code = -32000;
    denied.message = QStringLiteral("Link opening denied by user");
    asked.at(1)->reject(denied);
    QVERIFY(view.lastReply(32).contains(QStringLiteral("result")));
    QCOMPARE(errorCode(view.lastReply(33)), -32000);
}

void tst_AppHostBridge::messageAndModelContext()
{
    View view;
    QSignalSpy messages(&view.bridge, &AppHostBridge::messageReceived);
    QSignalSpy contexts(&view.bridge, &AppHostBridge::modelContextChanged);
    QSignalSpy logs(&view.bridge, &AppHostBridge::logReceived);
    view.initialize();
    const QJsonObject message{{QStringLiteral("role"), QStringLiteral("user")},
                              {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                                 {QStringLiteral("text"), QStringLiteral("hi")}}}}};
    view.bridge.receive(request(40, QStringLiteral("ui/message"), message));
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.at(0).at(0).toJsonObject(), message);
    QCOMPARE(view.lastReply(40).value(QStringLiteral("result")).toObject(), QJsonObject());

    view.bridge.receive(request(41, QStringLiteral("ui/update-model-context"), {{QStringLiteral("structuredContent"), QJsonObject{{QStringLiteral("a"), 1}}}}));
    view.bridge.receive(request(42, QStringLiteral("ui/update-model-context"), {{QStringLiteral("structuredContent"), QJsonObject{{QStringLiteral("a"), 2}}}}));
    QCOMPARE(contexts.size(), 2);
    QCOMPARE(view.bridge.modelContext().value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("a")).toInt(), 2);

    view.bridge.receive(notification(QStringLiteral("notifications/message"), {{QStringLiteral("level"), QStringLiteral("info")}, {QStringLiteral("data"), QStringLiteral("x")}}));
    QCOMPARE(logs.size(), 1);

    view.bridge.receive(request(43, QStringLiteral("ui/request-display-mode"), {{QStringLiteral("mode"), QStringLiteral("fullscreen")}}));
    QCOMPARE(view.lastReply(43).value(QStringLiteral("result")).toObject().value(QStringLiteral("mode")).toString(), QStringLiteral("inline"));
}

void tst_AppHostBridge::sizeAndTeardownRequests()
{
    View view;
    QSignalSpy sizes(&view.bridge, &AppHostBridge::sizeChanged);
    QSignalSpy teardown(&view.bridge, &AppHostBridge::teardownRequested);
    view.initialize();
    view.bridge.receive(notification(QStringLiteral("ui/notifications/size-changed"), {{QStringLiteral("width"), 320}, {QStringLiteral("height"), 480.6}}));
    view.bridge.receive(notification(QStringLiteral("ui/notifications/size-changed"), {{QStringLiteral("height"), 10}}));
    QCOMPARE(sizes.size(), 2);
    QCOMPARE(sizes.at(0).at(0).toInt(), 320);
    QCOMPARE(sizes.at(0).at(1).toInt(), 480);
    QCOMPARE(sizes.at(1).at(0).toInt(), -1);
    view.bridge.receive(notification(QStringLiteral("ui/notifications/request-teardown")));
    QCOMPARE(teardown.size(), 1);
}

void tst_AppHostBridge::unknownMethodsAndGarbage()
{
    View view;
    QSignalSpy logged(&view.bridge, &AppHostBridge::messageLogged);
    view.initialize();
    for (const char *method : {"sampling/createMessage", "ui/download-file", "prompts/get", "elicitation/create"}) {
        view.bridge.receive(request(50, QLatin1StringView(method)));
        QCOMPARE(errorCode(view.lastReply(50)), ErrorCode::MethodNotFound);
    }
    const int posted = view.posted.size();
    view.bridge.receive("not json");
    view.bridge.receive("[1,2]");
    view.bridge.receive(R"x({"id": 51, "method": "ping"})x"); // no jsonrpc member
    QCOMPARE(view.posted.size(), posted + 1);
    QCOMPARE(errorCode(view.lastReply(51)), ErrorCode::InvalidRequest);
    bool sawRefusal = false;
    for (const QList<QVariant> &entry : logged)
        sawRefusal |= entry.at(2).toString().startsWith(QStringLiteral("Refused"));
    QVERIFY(sawRefusal);
}

void tst_AppHostBridge::teardownWaitsForTheAnswer()
{
    View view;
    QSignalSpy tornDown(&view.bridge, &AppHostBridge::tornDown);
    view.initialize();
    view.bridge.tearDown(QStringLiteral("closed"));
    const QJsonObject teardown = view.posted.constLast();
    QCOMPARE(teardown.value(QStringLiteral("method")).toString(), QStringLiteral("ui/resource-teardown"));
    QCOMPARE(teardown.value(QStringLiteral("params")).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("closed"));
    QCOMPARE(view.bridge.state(), AppHostBridge::State::TearingDown);
    QVERIFY(tornDown.isEmpty());
    // Requests while tearing down are refused; notifications are not sent any more.
    view.bridge.receive(request(60, QStringLiteral("ui/message"), {}));
    QCOMPARE(errorCode(view.lastReply(60)), -32000);
    const int posted = view.posted.size();
    view.bridge.sendToolResult({});
    QCOMPARE(view.posted.size(), posted);

    view.bridge.receive(frame({{QStringLiteral("id"), teardown.value(QStringLiteral("id"))}, {QStringLiteral("result"), QJsonObject()}}));
    QCOMPARE(tornDown.size(), 1);
    QCOMPARE(view.bridge.state(), AppHostBridge::State::TornDown);
    view.bridge.receive(request(61, QStringLiteral("ping")));
    QVERIFY(view.lastReply(61).isEmpty()); // nobody answers a torn-down view
}

void tst_AppHostBridge::teardownTimesOut()
{
    View view;
    QSignalSpy tornDown(&view.bridge, &AppHostBridge::tornDown);
    view.initialize();
    view.bridge.tearDown(QStringLiteral("closed"), 200);
    QVERIFY(tornDown.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(tornDown.size(), 1, 2000);

    // A view that never spoke is torn down at once.
    View silent;
    QSignalSpy silentDown(&silent.bridge, &AppHostBridge::tornDown);
    silent.bridge.tearDown(QStringLiteral("closed"));
    QCOMPARE(silentDown.size(), 1);
    QVERIFY(silent.posted.isEmpty());
}

QTEST_GUILESS_MAIN(tst_AppHostBridge)
#include "tst_apphostbridge.moc"
