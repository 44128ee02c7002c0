#pragma once

#include "connection/connection.h"
#include "widgets/cachenote.h"
#include "widgets/latestonly.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QSet>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

class AppHostControls;
class AppView;
class ItemList;
class ResultView;

// Resources of one server: the list page by page ("Load more" follows nextCursor), resource
// templates with a field per RFC 6570 variable (completion/complete as you type, debounced),
// read text and blobs into a ResultView (images shown, any blob saved), subscribe and
// unsubscribe where the server offers it, live re-reads on resources/updated, and a fresh
// list on list_changed. Both lists are ItemLists: 200,000 resources are listed without a stall,
// and the chosen one stays chosen across a refresh.
class ResourcesView : public QWidget
{
    Q_OBJECT

public:
    explicit ResourcesView(Connection *connection, QWidget *parent = nullptr);

    ItemList *resourceList() const { return m_resources; }
    ItemList *templateList() const { return m_templates; }
    ResultView *resultView() const { return m_result; }
    // A ui:// resource (or one of type text/html;profile=mcp-app) opens as a live MCP Apps view
    // under its source, with host controls to send tool input and results by hand.
    AppView *appView() const { return m_app; }
    AppHostControls *appControls() const { return m_appControls; }
    QString currentUri() const { return m_uri; }
    bool isSubscribed(const QString &uri) const { return m_subscribed.contains(uri); }
    int updateCount() const { return m_updates; }
    // The URI the template form expands to now.
    QString expandedUri() const;
    QLineEdit *variableEdit(const QString &name) const;

public Q_SLOTS:
    // Lists again; forced (the user asked), the server answers even while a cached list is fresh.
    void refresh(bool forced = false);
    void loadMore();
    // Shows and reads a URI (a resource link from a tool result, or typed by hand).
    void openUri(const QString &uri);
    void read();
    void toggleSubscription();

Q_SIGNALS:
    void readFinished(bool isError);

private:
    void showResource(const Resource &resource);
    void showTemplate(const ResourceTemplate &resourceTemplate);
    void clearReadOutcome();
    void showAcknowledgement();
    void updateSubscribeButton();
    void fetchPage(const QString &cursor, bool forceRefresh = false);
    void onUpdated(const QString &uri);
    // Sets one tab's list message; the label shows the current tab's.
    void setListMessage(QWidget *list, const QString &text);
    void showApp(const QString &uri, const ReadResourceResult &result);

    QPointer<Connection> m_connection;
    QTabWidget *m_tabs;
    ItemList *m_resources;
    ItemList *m_templates;
    QJsonArray m_resourceItems; // every page so far
    bool m_firstPage = true;    // the next page starts the list again (a refresh)
    QPushButton *m_loadMore;
    QLabel *m_listMessage;
    // What the label under the list says of each tab's list; it shows the current tab's.
    QString m_resourcesMessage;
    QString m_templatesMessage;
    ListingCacheNote m_resourcesCacheNote;
    ListingCacheNote m_templatesCacheNote;
    QLabel *m_heading;
    QLabel *m_details;
    QWidget *m_templateBox;
    QFormLayout *m_templateForm;
    QLineEdit *m_uriEdit;
    QPushButton *m_read;
    QPushButton *m_subscribe;
    QLabel *m_status;
    ResultView *m_result;
    QWidget *m_appBox = nullptr;
    AppView *m_app = nullptr;
    AppHostControls *m_appControls = nullptr;
    ResourceTemplate m_template;
    QHash<QString, QLineEdit *> m_variables;
    QString m_uri;
    QString m_nextCursor;
    QSet<QString> m_subscribed;
    int m_updates = 0;
    LatestOnly m_reading;
    QString m_awaitingAcknowledgement; // a modern subscription until the listen stream's acknowledgement
};

} // namespace Mcp::Ui
