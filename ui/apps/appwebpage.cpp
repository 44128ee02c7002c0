#include "apps/appwebpage.h"

#include <QCoreApplication>
#include <QFile>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QWebChannel>
#include <QWebEngineProfile>
#include <QWebEngineScript>
#include <QWebEngineScriptCollection>
#include <QWebEngineSettings>
#include <QWebEngineUrlRequestInfo>
#include <QWebEngineView>

#include <unistd.h>

namespace Mcp::Ui {

Q_LOGGING_CATEGORY(lcAppWeb, "mcp.ui.apps")

namespace {
QString readResource(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        qCWarning(lcAppWeb) << "missing resource" << path;
        return QString();
    }
    return QString::fromUtf8(file.readAll());
}

// A script compiled in as a resource, injected into every page of the view.
QWebEngineScript resourceScript(const QString &name, const QString &resourcePath,
                                QWebEngineScript::InjectionPoint injectionPoint, quint32 worldId, bool runsOnSubFrames)
{
    QWebEngineScript script;
    script.setName(name);
    script.setSourceCode(readResource(resourcePath));
    script.setInjectionPoint(injectionPoint);
    script.setWorldId(worldId);
    script.setRunsOnSubFrames(runsOnSubFrames);
    return script;
}

bool isNetworkScheme(const QString &scheme)
{
    return scheme == QLatin1StringView("http") || scheme == QLatin1StringView("https")
           || scheme == QLatin1StringView("ws") || scheme == QLatin1StringView("wss");
}
} // namespace

void prepareWebEngine()
{
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    // Egress that no URL request carries, so that neither a view's CSP nor the request filter
    // sees it. WebTransport is switched off in the engine (workers included). WebRTC cannot be:
    // Qt WebEngine 6.4 takes its IP handling policy from its settings, not from Chromium's
    // --force-webrtc-ip-handling-policy (tried: STUN and TURN still went out), so the script every
    // frame of a view runs first (noegress.js) removes RTCPeerConnection and its kin.
    QByteArray flags = qgetenv("QTWEBENGINE_CHROMIUM_FLAGS");
    const QByteArray blinkOff("--disable-blink-features=");
    if (const qsizetype at = flags.indexOf(blinkOff); at >= 0)
        flags.insert(at + blinkOff.size(), "WebTransport,");
    else
        flags += " " + blinkOff + "WebTransport";
    qputenv("QTWEBENGINE_CHROMIUM_FLAGS", flags.trimmed());
    // Chromium will not start its sandbox as root; views still run in the iframe sandbox, CSP,
    // request filter and per-view profile.
    if (::geteuid() == 0 && !qEnvironmentVariableIsSet("QTWEBENGINE_DISABLE_SANDBOX"))
        qputenv("QTWEBENGINE_DISABLE_SANDBOX", "1");
}

void AppRequestInterceptor::interceptRequest(QWebEngineUrlRequestInfo &info)
{
    const QUrl url = info.requestUrl();
    qCDebug(lcAppWeb) << "request" << url << info.resourceType() << info.navigationType();
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1StringView("data") || scheme == QLatin1StringView("blob")
        || scheme == QLatin1StringView("about"))
        return;
    QString why;
    if (!isNetworkScheme(scheme)) {
        why = tr("the %1: scheme is never reachable from a view").arg(scheme);
    } else {
        using Kind = Apps::UiResourceMeta::RequestKind;
        Kind kind = Kind::Resource;
        switch (info.resourceType()) {
        case QWebEngineUrlRequestInfo::ResourceTypeXhr:
        case QWebEngineUrlRequestInfo::ResourceTypePing:
        case QWebEngineUrlRequestInfo::ResourceTypeCspReport:
        case QWebEngineUrlRequestInfo::ResourceTypeWebSocket:
            kind = Kind::Connect;
            break;
        case QWebEngineUrlRequestInfo::ResourceTypeSubFrame:
            kind = Kind::Frame;
            break;
        case QWebEngineUrlRequestInfo::ResourceTypeMainFrame:
            why = tr("a view cannot navigate the host page");
            break;
        default:
            break;
        }
        if (why.isEmpty() && !m_meta.allows(url, kind))
            why = tr("not among the origins the resource's CSP declares");
    }
    if (why.isEmpty())
        return;
    info.block(true);
    // interceptRequest may run off the GUI thread: the signal is queued to receivers there.
    Q_EMIT requestBlocked(url, why);
}

AppWebPage::AppWebPage(const Apps::UiResourceMeta &meta, QWebEngineProfile *profile, QObject *parent)
    : QWebEnginePage(profile, parent), m_meta(meta)
{
    connect(this, &QWebEnginePage::featurePermissionRequested, this,
            [this](const QUrl &origin, QWebEnginePage::Feature feature) {
                const bool declared = (feature == Geolocation && m_meta.geolocation)
                                      || (feature == MediaAudioCapture && m_meta.microphone)
                                      || (feature == MediaVideoCapture && m_meta.camera)
                                      || (feature == MediaAudioVideoCapture && m_meta.camera && m_meta.microphone);
                if (!declared) {
                    setFeaturePermission(origin, feature, PermissionDeniedByUser);
                    return;
                }
                // Declared in _meta.ui.permissions: still the user's decision.
                auto *box = new QMessageBox(QMessageBox::Question, tr("MCP App permission"),
                                            tr("The view asks to use your camera, microphone or location "
                                               "(declared in its resource). Allow it for this view?"),
                                            QMessageBox::Yes | QMessageBox::No, QWebEngineView::forPage(this));
                box->setAttribute(Qt::WA_DeleteOnClose);
                QPointer<AppWebPage> page(this);
                connect(box, &QMessageBox::finished, this, [page, origin, feature](int result) {
                    if (page)
                        page->setFeaturePermission(origin, feature,
                                                   result == QMessageBox::Yes ? PermissionGrantedByUser
                                                                              : PermissionDeniedByUser);
                });
                box->open();
            });
}

bool AppWebPage::acceptNavigationRequest(const QUrl &url, NavigationType type, bool isMainFrame)
{
    qCDebug(lcAppWeb) << "navigation" << url << type << isMainFrame;
    if (isMainFrame) {
        // The host page itself (setHtml), once.
        if (!m_hostLoaded) {
            m_hostLoaded = true;
            return true;
        }
    } else {
        const QString scheme = url.scheme().toLower();
        if (scheme == QLatin1StringView("about") || (isNetworkScheme(scheme) && m_meta.allows(url, Apps::UiResourceMeta::RequestKind::Frame)))
            return true;
    }
    Q_EMIT requestBlocked(url, tr("navigation is not allowed in a view"));
    return false;
}

QWebEnginePage *AppWebPage::createWindow(WebWindowType type)
{
    Q_UNUSED(type)
    Q_EMIT requestBlocked(QUrl(), tr("a view cannot open windows"));
    return nullptr;
}

void AppWebPage::javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message, int lineNumber,
                                          const QString &sourceId)
{
    Q_UNUSED(level)
    Q_EMIT consoleMessage(QStringLiteral("%1:%2: %3").arg(sourceId).arg(lineNumber).arg(message));
}

QString AppWebSurface::hostPageHtml(const Apps::UiResourceMeta &meta)
{
    // The view's srcdoc inherits this page's CSP as well as carrying its own: whatever the view's
    // HTML does before its meta element is still under the policy.
    return QStringLiteral("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                          "<meta http-equiv=\"Content-Security-Policy\" content=\"%1\">"
                          "<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}"
                          "iframe{border:0;width:100%;height:100%;display:block}</style></head>"
                          "<body><iframe id=\"mcp-app-view\" sandbox=\"%2\" allow=\"%3\"></iframe></body></html>")
        .arg(meta.contentSecurityPolicy().toHtmlEscaped(), sandboxFlags(), meta.permissionPolicy().toHtmlEscaped());
}

AppWebSurface::AppWebSurface(const QString &viewHtml, const Apps::UiResourceMeta &meta, QWidget *parentWidget)
    : QObject(parentWidget)
{
    // No storage name: off the record, nothing on disk, nothing shared with another view.
    m_profile = new QWebEngineProfile(this);
    m_profile->setHttpCacheType(QWebEngineProfile::MemoryHttpCache);
    m_profile->setPersistentCookiesPolicy(QWebEngineProfile::NoPersistentCookies);
    m_profile->setSpellCheckEnabled(false);
    m_interceptor = new AppRequestInterceptor(meta, this);
    m_profile->setUrlRequestInterceptor(m_interceptor);
    connect(m_interceptor, &AppRequestInterceptor::requestBlocked, this, &AppWebSurface::requestBlocked,
            Qt::QueuedConnection);

    m_page = new AppWebPage(meta, m_profile, this);
    QWebEngineSettings *settings = m_page->settings();
    settings->setAttribute(QWebEngineSettings::LocalContentCanAccessFileUrls, false);
    settings->setAttribute(QWebEngineSettings::LocalContentCanAccessRemoteUrls, false);
    settings->setAttribute(QWebEngineSettings::JavascriptCanOpenWindows, false);
    settings->setAttribute(QWebEngineSettings::JavascriptCanAccessClipboard, meta.clipboardWrite);
    settings->setAttribute(QWebEngineSettings::JavascriptCanPaste, false);
    settings->setAttribute(QWebEngineSettings::PluginsEnabled, false);
    settings->setAttribute(QWebEngineSettings::PdfViewerEnabled, false);
    settings->setAttribute(QWebEngineSettings::FullScreenSupportEnabled, false);
    settings->setAttribute(QWebEngineSettings::ScreenCaptureEnabled, false);
    settings->setAttribute(QWebEngineSettings::HyperlinkAuditingEnabled, false);
    settings->setAttribute(QWebEngineSettings::DnsPrefetchEnabled, false);
    settings->setAttribute(QWebEngineSettings::NavigateOnDropEnabled, false);
    settings->setAttribute(QWebEngineSettings::AllowRunningInsecureContent, false);
    settings->setAttribute(QWebEngineSettings::AllowWindowActivationFromJavaScript, false);
    settings->setAttribute(QWebEngineSettings::WebRTCPublicInterfacesOnly, true);
    settings->setAttribute(QWebEngineSettings::ErrorPageEnabled, false);
    settings->setAttribute(QWebEngineSettings::AutoLoadIconsForPage, false);
    connect(m_page, &AppWebPage::requestBlocked, this, &AppWebSurface::requestBlocked);
    connect(m_page, &AppWebPage::consoleMessage, this, &AppWebSurface::consoleMessage);
    connect(m_page, &QWebEnginePage::loadFinished, this, &AppWebSurface::loadFinished);

    // The relay and qwebchannel.js live in an isolated world: the view (main world, its own
    // opaque origin) can reach neither them nor the channel's transport.
    m_host = new AppChannelObject(Apps::withContentSecurityPolicy(viewHtml, meta.contentSecurityPolicy()), this);
    connect(m_host, &AppChannelObject::received, this, &AppWebSurface::received);
    m_channel = new QWebChannel(this);
    m_channel->registerObject(QStringLiteral("host"), m_host);
    m_page->setWebChannel(m_channel, QWebEngineScript::ApplicationWorld);
    // In the view's own world and every frame it makes, before its first script.
    m_page->scripts().insert(resourceScript(QStringLiteral("mcp-app-no-egress"), QStringLiteral(":/apps/noegress.js"),
                                            QWebEngineScript::DocumentCreation, QWebEngineScript::MainWorld, true));
    m_page->scripts().insert(resourceScript(QStringLiteral("qwebchannel"), QStringLiteral(":/qtwebchannel/qwebchannel.js"),
                                            QWebEngineScript::DocumentCreation, QWebEngineScript::ApplicationWorld, false));
    m_page->scripts().insert(resourceScript(QStringLiteral("mcp-app-relay"), QStringLiteral(":/apps/relay.js"),
                                            QWebEngineScript::DocumentReady, QWebEngineScript::ApplicationWorld, false));

    m_view = new QWebEngineView(parentWidget);
    m_view->setContextMenuPolicy(Qt::NoContextMenu);
    m_view->setPage(m_page);
    m_page->setHtml(hostPageHtml(meta));
}

AppWebSurface::~AppWebSurface()
{
    // The page goes before its profile, and the view before its page.
    delete m_view.data();
    delete m_page;
    m_page = nullptr;
}

void AppWebSurface::post(const QByteArray &json)
{
    Q_EMIT m_host->toView(QString::fromUtf8(json));
}

} // namespace Mcp::Ui
