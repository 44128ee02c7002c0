#include "apps/appview.h"

#include "apps/openlinkdialog.h"
#include "protocol/keys.h"
#include "session/session.h"
#include "theme.h"
#include "widgets/fittinglabel.h"

#include <QCoreApplication>
#include <QEvent>
#include <QJsonDocument>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QVBoxLayout>

#ifdef MCPSCOPE_HAVE_WEBENGINE
#include "apps/appwebpage.h"

#include <QWebEngineView>
#endif

namespace Mcp::Ui {

TrafficEvent appTrafficEvent(Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note,
                             const QString &uri)
{
    // An empty json is the host's own remark (a refusal, a timeout): a note in that direction.
    TrafficEvent::Kind kind = TrafficEvent::Kind::Note;
    if (!json.isEmpty()) {
        const MessageSummary summary = summarizeFrame(json);
        kind = summary.valid && !summary.batch ? TrafficEvent::Kind::Message : TrafficEvent::Kind::InvalidMessage;
    }
    TrafficEvent event = TrafficEvent::make(direction == Apps::AppHostBridge::Direction::HostToView
                                                ? TrafficEvent::Direction::HostToApp
                                                : TrafficEvent::Direction::AppToHost,
                                            kind, json, note);
    event.url = uri;
    return event;
}

AppView::AppView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("appView"));
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(2);
    // Wrapped in a narrow column rather than elided to its first words; the view below gets the
    // rest of the height.
    m_header = new FittingLabel(this);
    m_header->setWordWrap(true);
    m_header->setObjectName(QStringLiteral("appViewHeader"));
    m_layout->addWidget(m_header);
    // The view keeps the height it asks for (size-changed, within bounds) and scrolls in the room
    // the window has: a tall view must not make the window taller than the screen.
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("appViewScroll"));
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Below its scroll bar's own minimum: with a view open the window still fits 1024x700.
    m_scroll->setMinimumHeight(32);
    auto *holder = new QWidget(m_scroll);
    m_viewLayout = new QVBoxLayout(holder);
    m_viewLayout->setContentsMargins(0, 0, 0, 0);
    m_scroll->setWidget(holder);
    if (!canRender()) {
        m_missing = new QLabel(tr("This build has no Qt WebEngine, so MCP Apps views cannot run: their source is "
                                  "shown instead. Install qt6-webengine-dev (scripts/setup.sh does) and rebuild."),
                               this);
        m_missing->setObjectName(QStringLiteral("appViewMissing"));
        m_missing->setWordWrap(true);
        m_layout->addWidget(m_missing);
        m_source = new QPlainTextEdit(holder);
        m_source->setObjectName(QStringLiteral("appViewSource"));
        m_source->setReadOnly(true);
        m_source->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        m_viewLayout->addWidget(m_source, 1);
    }
    m_layout->addWidget(m_scroll, 1);
    newBridge();
}

AppView::~AppView()
{
    clearSurface();
}

bool AppView::canRender()
{
#ifdef MCPSCOPE_HAVE_WEBENGINE
    return true;
#else
    return false;
#endif
}

void AppView::newBridge()
{
    m_bridge = new Apps::AppHostBridge(this);
    const QString version = QCoreApplication::applicationVersion();
    m_bridge->setHostInfo(QStringLiteral("mcpscope"), version.isEmpty() ? QStringLiteral("0.1.0") : version);
    m_bridge->setServerTools(m_tools);
    m_bridge->updateHostContext({{QStringLiteral("theme"), Theme::isDark() ? QStringLiteral("dark") : QStringLiteral("light")}});
    connect(m_bridge, &Apps::AppHostBridge::serverRequest, this, &AppView::onServerRequest);
    connect(m_bridge, &Apps::AppHostBridge::openLinkRequested, this, &AppView::onOpenLink);
    connect(m_bridge, &Apps::AppHostBridge::sizeChanged, this, [this](int width, int height) {
        Q_UNUSED(width) // the width is ours: the view fills it
        if (height < 0)
            return;
        m_viewHeight = qBound(minimumViewHeight, height, maximumViewHeight);
        if (QWidget *widget = viewWidget())
            widget->setFixedHeight(m_viewHeight);
    });
    connect(m_bridge, &Apps::AppHostBridge::messageReceived, this, [this](const QJsonObject &params) {
        QStringList texts;
        for (const QJsonValue &block : params.value(Key::Content).toArray())
            texts << block.toObject().value(Key::Text).toString();
        Q_EMIT activity(tr("Message from the view (%1): %2")
                            .arg(params.value(Key::Role).toString(), texts.join(QLatin1Char(' '))));
    });
    connect(m_bridge, &Apps::AppHostBridge::modelContextChanged, this, [this](const QJsonObject &params) {
        Q_EMIT activity(tr("Model context from the view: %1")
                            .arg(QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact)).left(400)));
    });
    connect(m_bridge, &Apps::AppHostBridge::logReceived, this, [this](const QJsonObject &params) {
        const QJsonValue data = params.value(Key::Data);
        Q_EMIT activity(tr("View log (%1): %2")
                            .arg(params.value(Key::Level).toString(),
                                 data.isString() ? data.toString()
                                                 : QString::fromUtf8(QJsonDocument::fromVariant(data.toVariant()).toJson(QJsonDocument::Compact))));
    });
    // What passes between view and host joins the connection's traffic (and its captures) in
    // directions of its own, paired like the server's messages; url names the view.
    connect(m_bridge, &Apps::AppHostBridge::messageLogged, this,
            [this](Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note) {
                if (m_session)
                    m_session->addLocalTraffic({appTrafficEvent(direction, json, note, m_uri)});
            });
    connect(m_bridge, &Apps::AppHostBridge::teardownRequested, this, [this] { tearDown(tr("the view asked to close")); });
    Q_EMIT bridgeReplaced();
}

void AppView::setSession(Session *session)
{
    m_session = session;
}

void AppView::setServerTools(const QJsonArray &tools)
{
    m_tools = tools;
    m_bridge->setServerTools(tools);
}

QWidget *AppView::viewWidget() const
{
#ifdef MCPSCOPE_HAVE_WEBENGINE
    return m_surface ? m_surface->view() : nullptr;
#else
    return m_source;
#endif
}

void AppView::load(const QString &uri, const QString &html, const Apps::UiResourceMeta &meta)
{
    if (isLoaded()) {
        // The old view gets its teardown; the new one starts at once beside it, hidden.
        Apps::AppHostBridge *old = m_bridge;
        disconnect(old, nullptr, this, nullptr);
        // Its teardown is view traffic too, under the old view's URI.
        connect(old, &Apps::AppHostBridge::messageLogged, this,
                [this, uri = m_uri](Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note) {
                    if (m_session)
                        m_session->addLocalTraffic({appTrafficEvent(direction, json, note, uri)});
                });
#ifdef MCPSCOPE_HAVE_WEBENGINE
        AppWebSurface *oldSurface = m_surface;
        m_surface = nullptr;
        if (oldSurface && oldSurface->view())
            oldSurface->view()->hide();
        connect(old, &Apps::AppHostBridge::tornDown, old, [old, oldSurface] {
            delete oldSurface;
            old->deleteLater();
        });
#else
        connect(old, &Apps::AppHostBridge::tornDown, old, &QObject::deleteLater);
#endif
        old->tearDown(tr("replaced by another view"));
        newBridge();
    }
    m_uri = uri;
    m_meta = meta;
    m_bridge->setResourceMeta(meta);
    const QString border = meta.prefersBorder.has_value() ? (*meta.prefersBorder ? tr("border") : tr("no border"))
                                                          : tr("border: host decides");
    // What the view may reach, said where it shows: its CSP's origins and nothing else (no WebRTC,
    // no WebTransport), naming the ones on this computer or the local network.
    QString reach = meta.csp.isEmpty() ? tr("no network") : tr("declared origins only");
    if (const QStringList local = meta.csp.loopbackSources(); !local.isEmpty())
        reach += tr(", this computer: %1").arg(local.join(QStringLiteral(", ")));
    if (const QStringList network = meta.csp.privateNetworkSources(); !network.isEmpty())
        reach += tr(", local network: %1").arg(network.join(QStringLiteral(", ")));
    m_header->setText(tr("%1 · CSP: %2 · %3").arg(uri, reach, border));
    m_header->setToolTip(meta.contentSecurityPolicy());
    m_viewHeight = 0;
#ifdef MCPSCOPE_HAVE_WEBENGINE
    m_surface = new AppWebSurface(html, meta, this);
    m_surface->view()->setObjectName(QStringLiteral("appWebView"));
    m_surface->view()->setMinimumHeight(minimumViewHeight);
    m_viewLayout->addWidget(m_surface->view(), 1);
    Apps::AppHostBridge *bridge = m_bridge;
    AppWebSurface *surface = m_surface;
    connect(surface, &AppWebSurface::received, bridge, &Apps::AppHostBridge::receive);
    connect(bridge, &Apps::AppHostBridge::postToView, surface, &AppWebSurface::post);
    connect(surface, &AppWebSurface::requestBlocked, this, [this](const QUrl &url, const QString &why) {
        m_blocked << url.toString() + QStringLiteral(": ") + why;
        Q_EMIT requestBlocked(url, why);
    });
    connect(surface, &AppWebSurface::consoleMessage, this, &AppView::consoleMessage);
    connect(surface, &AppWebSurface::loadFinished, this, &AppView::pageLoaded);
#else
    m_source->setPlainText(html);
#endif
    updateContainer();
}

void AppView::tearDown(const QString &reason)
{
    if (!isLoaded())
        return;
    Apps::AppHostBridge *bridge = m_bridge;
    connect(bridge, &Apps::AppHostBridge::tornDown, this, [this, bridge] {
        if (bridge != m_bridge)
            return;
        clearSurface();
        m_uri.clear();
        m_meta = {};
        m_header->clear();
        if (m_source)
            m_source->clear();
        bridge->deleteLater();
        newBridge();
        Q_EMIT tornDown();
    });
    bridge->tearDown(reason);
}

void AppView::clearSurface()
{
#ifdef MCPSCOPE_HAVE_WEBENGINE
    delete m_surface;
    m_surface = nullptr;
#endif
}

void AppView::updateContainer()
{
    m_bridge->updateHostContext(
        {{QStringLiteral("containerDimensions"),
          QJsonObject{{QStringLiteral("width"), width()}, {QStringLiteral("maxHeight"), maximumViewHeight}}}});
}

void AppView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_bridge)
        m_bridge->updateHostContext({{QStringLiteral("theme"), Theme::isDark() ? QStringLiteral("dark") : QStringLiteral("light")}});
}

void AppView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_bridge && isLoaded())
        updateContainer();
}

void AppView::onServerRequest(Apps::ViewRequest *request)
{
    if (!m_session || !m_session->isConnected()) {
        request->reject(RpcError{-32000, tr("The server is not connected."), QJsonValue::Undefined});
        return;
    }
    OutgoingRequest *call = m_session->sendRequest(request->method(), request->params());
    QPointer<Apps::ViewRequest> pending(request);
    connect(call, &OutgoingRequest::finished, request, [pending, call] {
        if (!pending)
            return;
        if (call->isError())
            pending->reject(call->error());
        else
            pending->respond(call->result());
    });
}

void AppView::onOpenLink(Apps::ViewRequest *request, const QUrl &url)
{
    auto *dialog = new OpenLinkDialog(url, m_uri, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QPointer<Apps::ViewRequest> pending(request);
    connect(dialog, &QDialog::finished, request, [pending, url](int result) {
        if (!pending)
            return;
        if (result == QDialog::Accepted && OpenLinkDialog::openUrl(url))
            pending->respond(QJsonObject());
        else
            pending->reject(RpcError{-32000, QStringLiteral("Link opening denied by user"), QJsonValue::Undefined});
    });
    dialog->open();
}

} // namespace Mcp::Ui
