#pragma once

#include "apps/uimeta.h"

#include <QObject>
#include <QPointer>
#include <QWebEnginePage>
#include <QWebEngineUrlRequestInterceptor>
#include <QWebEngineView>

class QWebEngineProfile;

class QWebChannel;
class QWidget;

// Qt WebEngine's part of an MCP Apps view (built only with MCPSCOPE_HAVE_WEBENGINE).
namespace Mcp::Ui {

// What the host page's relay sees of the C++ host over QWebChannel ("host").
class AppChannelObject : public QObject
{
    Q_OBJECT

public:
    explicit AppChannelObject(const QString &viewHtml, QObject *parent = nullptr)
        : QObject(parent), m_viewHtml(viewHtml)
    {
    }
    // The view's document, with its CSP, for the iframe's srcdoc.
    Q_INVOKABLE QString viewHtml() const { return m_viewHtml; }
    // One postMessage from the view, as JSON text.
    Q_INVOKABLE void fromView(const QString &json) { Q_EMIT received(json.toUtf8()); }

Q_SIGNALS:
    void toView(const QString &json); // the relay posts it into the view
    void received(const QByteArray &json);

private:
    QString m_viewHtml;
};

// Lets through only what the view's CSP declares (http(s)/ws(s) to a declared origin, by the
// kind of request) and the in-memory schemes a page needs (data:, blob:); everything else,
// file: and qrc: included, is blocked and reported. A second wall behind the CSP.
class AppRequestInterceptor : public QWebEngineUrlRequestInterceptor
{
    Q_OBJECT

public:
    AppRequestInterceptor(const Apps::UiResourceMeta &meta, QObject *parent = nullptr)
        : QWebEngineUrlRequestInterceptor(parent), m_meta(meta)
    {
    }
    void interceptRequest(QWebEngineUrlRequestInfo &info) override;

Q_SIGNALS:
    void requestBlocked(const QUrl &url, const QString &why);

private:
    Apps::UiResourceMeta m_meta;
};

// The host page: loads once, refuses every later navigation of its main frame, lets the view's
// iframe hold only its srcdoc (and declared frameDomains inside it), opens no windows and grants
// no device permission.
class AppWebPage : public QWebEnginePage
{
    Q_OBJECT

public:
    AppWebPage(const Apps::UiResourceMeta &meta, QWebEngineProfile *profile, QObject *parent = nullptr);

Q_SIGNALS:
    void requestBlocked(const QUrl &url, const QString &why);
    void consoleMessage(const QString &text);

protected:
    bool acceptNavigationRequest(const QUrl &url, NavigationType type, bool isMainFrame) override;
    QWebEnginePage *createWindow(WebWindowType type) override;
    void javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message, int lineNumber,
                                  const QString &sourceId) override;

private:
    Apps::UiResourceMeta m_meta;
    bool m_hostLoaded = false;
};

// One running view: its own off-the-record profile (no disk, no cookies or storage shared with
// anything), the interceptor, the page, the channel and the QWebEngineView.
class AppWebSurface : public QObject
{
    Q_OBJECT

public:
    AppWebSurface(const QString &viewHtml, const Apps::UiResourceMeta &meta, QWidget *parentWidget);
    ~AppWebSurface() override;

    QWebEngineView *view() const { return m_view; }
    void post(const QByteArray &json);

    // The host page for meta: its CSP, and the sandboxed iframe the relay fills.
    static QString hostPageHtml(const Apps::UiResourceMeta &meta);
    // The iframe's sandbox: scripts and forms (submission cannot navigate: the page refuses it),
    // never allow-same-origin, allow-popups or allow-top-navigation.
    static QString sandboxFlags() { return QStringLiteral("allow-scripts allow-forms"); }

Q_SIGNALS:
    void received(const QByteArray &json);
    void requestBlocked(const QUrl &url, const QString &why);
    void consoleMessage(const QString &text);
    void loadFinished(bool ok);

private:
    QWebEngineProfile *m_profile = nullptr;
    AppRequestInterceptor *m_interceptor = nullptr;
    AppWebPage *m_page = nullptr;
    QWebChannel *m_channel = nullptr;
    AppChannelObject *m_host = nullptr;
    QPointer<QWebEngineView> m_view;
};

// Before the QApplication exists: what Qt WebEngine needs from the process (shared OpenGL
// contexts; as root, Chromium's own sandbox off, which it refuses to run as root).
void prepareWebEngine();

} // namespace Mcp::Ui
