#pragma once

#include "apps/apphostbridge.h"
#include "apps/uimeta.h"
#include "transport/trafficevent.h"

#include <QJsonArray>
#include <QPointer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QScrollArea;
class QVBoxLayout;

namespace Mcp {
class Session;
}

namespace Mcp::Ui {

class AppWebSurface;

// One message between a view (ui:// uri) and the host as a traffic event: HostToApp or AppToHost,
// a Message (InvalidMessage when it is not one JSON-RPC message), or a Note for the host's remarks.
TrafficEvent appTrafficEvent(Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note,
                             const QString &uri);

// One MCP Apps view in the window: the ui:// resource's HTML running in Qt WebEngine (its own
// profile, sandboxed iframe, CSP, request filter; see AppWebSurface), spoken to through an
// Apps::AppHostBridge whose server requests go to the Session. Built without Qt WebEngine it
// shows the view's source and says what is missing. The height follows the view's
// ui/notifications/size-changed within [minimumViewHeight, maximumViewHeight].
class AppView : public QWidget
{
    Q_OBJECT

public:
    explicit AppView(QWidget *parent = nullptr);
    ~AppView() override;

    // Whether this build renders views (Qt WebEngine found at build time).
    static bool canRender();
    static constexpr int minimumViewHeight = 120;
    static constexpr int maximumViewHeight = 900;

    Apps::AppHostBridge *bridge() const { return m_bridge; }
    // Where tools/call and resources/read of the view go (nullptr: refused).
    void setSession(Session *session);
    // The server's tools (for visibility and tools/list).
    void setServerTools(const QJsonArray &tools);

    // Shows a view: its ui:// URI, HTML and _meta.ui. A view already shown is torn down first
    // (ui/resource-teardown) and replaced at once.
    void load(const QString &uri, const QString &html, const Apps::UiResourceMeta &meta);
    QString uri() const { return m_uri; }
    // The _meta.ui the shown view runs under (CSP, permissions, border).
    Apps::UiResourceMeta resourceMeta() const { return m_meta; }
    bool isLoaded() const { return !m_uri.isEmpty(); }
    // ui/resource-teardown, then the view is removed (tornDown()).
    void tearDown(const QString &reason);

    // What was blocked so far (URL and why), newest last.
    QStringList blockedRequests() const { return m_blocked; }
    // The view widget (QWebEngineView, or the source text without WebEngine); for grabs.
    QWidget *viewWidget() const;

Q_SIGNALS:
    void requestBlocked(const QUrl &url, const QString &why);
    void consoleMessage(const QString &text);
    void pageLoaded(bool ok);
    void tornDown();
    // bridge() is a new object (after a teardown, or a load that replaced a view).
    void bridgeReplaced();
    // A line for a person: what the view did that has no place of its own (ui/message,
    // model context, log) .
    void activity(const QString &text);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void newBridge();
    void clearSurface();
    void updateContainer();
    void onServerRequest(Apps::ViewRequest *request);
    void onOpenLink(Apps::ViewRequest *request, const QUrl &url);

    QVBoxLayout *m_layout = nullptr;
    QScrollArea *m_scroll = nullptr;
    QVBoxLayout *m_viewLayout = nullptr; // inside m_scroll: the view (or its source)
    QLabel *m_header = nullptr;
    QLabel *m_missing = nullptr;
    QPlainTextEdit *m_source = nullptr;
    Apps::AppHostBridge *m_bridge = nullptr;
    AppWebSurface *m_surface = nullptr;
    QPointer<Session> m_session;
    QJsonArray m_tools;
    QString m_uri;
    Apps::UiResourceMeta m_meta;
    QStringList m_blocked;
    int m_viewHeight = 0;
};

} // namespace Mcp::Ui
