#include "resourcesview.h"

#include "widgets/cachenote.h"
#include "widgets/commonwidgets.h"

#include "apps/apphostcontrols.h"
#include "apps/appview.h"
#include "apps/uimeta.h"

#include "forms/debouncedcompleter.h"
#include "resources/uritemplateexpander.h"
#include "results/resultview.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"
#include "widgets/itemlist.h"
#include "widgets/twolinedelegate.h"
#include "widgets/units.h"

#include <QBoxLayout>
#include <QElapsedTimer>
#include <QDateTime>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>

namespace Mcp::Ui {

namespace {
QString rowText(const QString &title, const QString &uri)
{
    return title.isEmpty() ? uri : TwoLineDelegate::itemText(title, uri, {});
}

QString resourceText(const QJsonObject &json)
{
    const Resource resource = Resource::fromJson(json);
    return rowText(resource.displayName(), resource.uri);
}

QString templateText(const QJsonObject &json)
{
    const ResourceTemplate resourceTemplate = ResourceTemplate::fromJson(json);
    return rowText(resourceTemplate.displayName(), resourceTemplate.uriTemplate);
}

// Resources and templates alike: the description, then the MIME type.
QString toolTipOf(const QJsonObject &json)
{
    const Resource item = Resource::fromJson(json);
    QString tip = item.description;
    if (!item.mimeType.isEmpty())
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) + item.mimeType;
    return tip;
}
}

ResourcesView::ResourcesView(Connection *connection, QWidget *parent)
    : QWidget(parent)
    , m_connection(connection)
{
    const ListAndDetails columns = splitListAndDetails(this);
    QWidget *left = columns.listColumn;
    QVBoxLayout *leftLayout = columns.listLayout;
    auto *filter = searchField(QStringLiteral("resourceFilter"), tr("Search"), left);
    leftLayout->addWidget(filter);
    m_tabs = new QTabWidget(left);
    m_resources = new ItemList({Key::Uri, &resourceText, &toolTipOf}, m_tabs);
    m_resources->setObjectName(QStringLiteral("resourceList"));
    m_templates = new ItemList({Key::UriTemplate, &templateText, &toolTipOf}, m_tabs);
    m_templates->setObjectName(QStringLiteral("templateList"));
    m_tabs->addTab(m_resources, tr("Resources"));
    m_tabs->addTab(m_templates, tr("Templates"));
    leftLayout->addWidget(m_tabs, 1);
    auto *listButtons = new QHBoxLayout;
    m_loadMore = new QPushButton(tr("Load more"), left);
    m_loadMore->setObjectName(QStringLiteral("loadMore"));
    m_loadMore->setToolTip(tr("Fetch the next page of resources/list"));
    m_loadMore->setEnabled(false);
    auto *refreshButton = new QPushButton(tr("Refresh"), left);
    listButtons->addWidget(m_loadMore);
    listButtons->addWidget(refreshButton);
    leftLayout->addLayout(listButtons);
    m_listMessage = new FittingLabel(left);
    m_listMessage->setObjectName(QStringLiteral("listMessage"));
    m_listMessage->setWordWrap(true);
    leftLayout->addWidget(m_listMessage);

    QWidget *right = columns.detailsColumn;
    QVBoxLayout *rightLayout = columns.detailsLayout;
    m_heading = headingLabel(tr("Select a resource or a template"), right);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details = new QLabel(tr("Pick a resource on the left, then Read (or double-click it); or a template, to "
                              "fill in its variables."), right);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rightLayout->addWidget(m_heading);
    rightLayout->addWidget(m_details);

    m_templateBox = new QWidget(right);
    m_templateForm = new QFormLayout(m_templateBox);
    m_templateForm->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_templateBox);
    m_templateBox->hide();

    auto *uriRow = new QHBoxLayout;
    m_uriEdit = new QLineEdit(right);
    m_uriEdit->setObjectName(QStringLiteral("uri"));
    m_uriEdit->setPlaceholderText(tr("Resource URI"));
    m_read = new QPushButton(tr("Read"), right);
    m_read->setObjectName(QStringLiteral("read"));
    m_read->setToolTip(tr("resources/read"));
    m_subscribe = new QPushButton(tr("Subscribe"), right);
    m_subscribe->setObjectName(QStringLiteral("subscribe"));
    uriRow->addWidget(m_uriEdit, 1);
    uriRow->addWidget(m_read);
    uriRow->addWidget(m_subscribe);
    rightLayout->addLayout(uriRow);
    m_status = new FittingLabel(right);
    m_status->setObjectName(QStringLiteral("resourceStatus"));
    m_status->setWordWrap(true);
    rightLayout->addWidget(m_status);
    m_result = new ResultView(right);
    auto *resultAndApp = new QSplitter(Qt::Vertical, right);
    resultAndApp->setObjectName(QStringLiteral("resourceAppSplitter"));
    resultAndApp->addWidget(m_result);
    const AppPane app = makeAppPane(connection, true, QStringLiteral("resourceAppBox"), resultAndApp);
    m_appBox = app.box;
    m_app = app.view;
    m_appControls = app.controls;
    resultAndApp->addWidget(m_appBox);
    resultAndApp->setStretchFactor(1, 3);
    m_appBox->hide();
    rightLayout->addWidget(resultAndApp, 1);
    rightLayout->addStretch(0); // keeps the form at the top while there is no result

    connect(filter, &QLineEdit::textChanged, m_resources, &ItemList::setFilterText);
    connect(filter, &QLineEdit::textChanged, m_templates, &ItemList::setFilterText);
    connect(m_resources, &ItemList::currentItemChanged, this, [this](const QJsonObject &item) {
        if (!item.isEmpty())
            showResource(Resource::fromJson(item));
    });
    connect(m_templates, &ItemList::currentItemChanged, this, [this](const QJsonObject &item) {
        if (!item.isEmpty())
            showTemplate(ResourceTemplate::fromJson(item));
    });
    connect(m_resources, &QListView::activated, this, [this] { read(); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        m_listMessage->setText(m_tabs->currentWidget() == m_templates ? m_templatesMessage : m_resourcesMessage);
    });
    connect(m_loadMore, &QPushButton::clicked, this, &ResourcesView::loadMore);
    connect(refreshButton, &QPushButton::clicked, this, [this] { refresh(true); });
    connect(m_read, &QPushButton::clicked, this, &ResourcesView::read);
    connect(m_uriEdit, &QLineEdit::returnPressed, this, &ResourcesView::read);
    connect(m_uriEdit, &QLineEdit::textChanged, this, [this] { updateSubscribeButton(); });
    connect(m_subscribe, &QPushButton::clicked, this, &ResourcesView::toggleSubscription);
    connect(m_result, &ResultView::openResourceRequested, this, &ResourcesView::openUri);
    if (connection) {
        connect(connection, &Connection::resourcesListChanged, this, [this] { refresh(); });
        connect(connection, &Connection::resourceUpdated, this, &ResourcesView::onUpdated);
        connect(connection, &Connection::listenStatusChanged, this, &ResourcesView::showAcknowledgement);
        connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
            if (state != Connection::State::Connected) {
                m_subscribed.clear(); // subscriptions end with the session
                m_awaitingAcknowledgement.clear();
                m_resourcesCacheNote.sessionEnded();
                m_templatesCacheNote.sessionEnded();
            }
            updateSubscribeButton();
        });
    }
    updateSubscribeButton();
}

void ResourcesView::refresh(bool forced)
{
    if (!m_connection || !m_connection->isConnected())
        return;
    // The list shown stays until the first page replaces it.
    m_firstPage = true;
    m_nextCursor.clear();
    fetchPage(QString(), forced);
    Client::ListOptions options;
    options.forceRefresh = forced;
    m_connection->listAll(Lists::ResourceTemplates, this, options,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error, const CacheStatus &cache) {
        m_templates->setItems(items);
        if (error && error->code != ErrorCode::MethodNotFound)
            setListMessage(m_templates, tr("Listing templates failed: %1").arg(error->message));
        else if (error)
            setListMessage(m_templates, tr("The server lists no templates."));
        else
            setListMessage(m_templates, withCacheNote(tr("%n template(s)", nullptr, int(items.size())), m_templatesCacheNote.shown(cache)));
    });
}

void ResourcesView::fetchPage(const QString &cursor, bool forceRefresh)
{
    const Request request = Requests::listResources(cursor);
    setListMessage(m_resources, tr("Loading…"));
    m_loadMore->setEnabled(false);
    RequestOptions options;
    options.forceRefresh = forceRefresh;
    OutgoingRequest *call = m_connection->send(request, options);
    connect(call, &OutgoingRequest::finished, this, [this, call] {
        if (call->isError()) {
            setListMessage(m_resources, tr("Listing resources failed: %1").arg(call->error().message));
            return;
        }
        const QJsonObject result = call->result().toObject();
        const QJsonArray page = result.value(Key::Resources).toArray();
        if (std::exchange(m_firstPage, false)) {
            m_resourceItems = page;
        } else {
            for (const QJsonValue &item : page)
                m_resourceItems.append(item);
        }
        m_resources->setItems(m_resourceItems);
        m_nextCursor = result.value(Key::NextCursor).toString();
        m_loadMore->setEnabled(!m_nextCursor.isEmpty());
        const int count = int(m_resourceItems.size());
        setListMessage(m_resources, withCacheNote(m_nextCursor.isEmpty()
                                                      ? tr("%n resource(s)", nullptr, count)
                                                      : tr("%n resource(s) so far; more with Load more", nullptr, count),
                                                  m_resourcesCacheNote.shown(call->cacheStatus())));
    });
}

void ResourcesView::setListMessage(QWidget *list, const QString &text)
{
    (list == m_templates ? m_templatesMessage : m_resourcesMessage) = text;
    if (m_tabs->currentWidget() == list)
        m_listMessage->setText(text);
}

void ResourcesView::loadMore()
{
    if (!m_nextCursor.isEmpty() && m_connection && m_connection->isConnected())
        fetchPage(m_nextCursor);
}

// What was read belongs to the URI it was read from: another resource or a template chosen
// leaves no old content under the new heading (nor lets a late answer land there).
void ResourcesView::clearReadOutcome()
{
    m_reading.cancel();
    m_uri.clear();
    m_result->clear();
    m_status->clear();
    if (m_app->isLoaded())
        m_app->tearDown(tr("another resource was chosen"));
    m_appBox->hide();
}

void ResourcesView::showResource(const Resource &resource)
{
    m_template = {};
    m_templateBox->hide();
    const QString &uri = resource.uri;
    if (uri != m_uri)
        clearReadOutcome();
    const QString title = resource.displayName();
    m_heading->setText(title.isEmpty() ? uri : title);
    QStringList details;
    if (!resource.description.isEmpty())
        details.append(resource.description);
    if (!resource.mimeType.isEmpty())
        details.append(tr("Type: %1").arg(resource.mimeType));
    if (resource.size)
        details.append(tr("Size: %1").arg(Units::size(*resource.size)));
    m_details->setText(details.join(u'\n'));
    m_uriEdit->setReadOnly(false);
    m_uriEdit->setText(uri);
    updateSubscribeButton();
}

void ResourcesView::showTemplate(const ResourceTemplate &resourceTemplate)
{
    if (resourceTemplate.json != m_template.json)
        clearReadOutcome();
    m_template = resourceTemplate;
    const QString pattern = resourceTemplate.uriTemplate;
    const QString title = resourceTemplate.displayName();
    m_heading->setText(title.isEmpty() ? pattern : title);
    m_details->setText(resourceTemplate.description + QStringLiteral("\n") + tr("Template: %1").arg(pattern));
    while (m_templateForm->rowCount() > 0)
        m_templateForm->removeRow(0);
    m_variables.clear();
    const bool completions = m_connection && m_connection->sessionInfo().serverCapabilities.contains(Key::Completions);
    for (const QString &name : UriTemplateExpander::variableNames(pattern)) {
        auto *edit = new QLineEdit(m_templateBox);
        edit->setObjectName(QLatin1String("variable:") + name);
        edit->setPlaceholderText(completions ? tr("type for suggestions") : QString());
        m_templateForm->addRow(name + QLatin1Char(':'), edit);
        m_variables.insert(name, edit);
        connect(edit, &QLineEdit::textChanged, this, [this] { m_uriEdit->setText(expandedUri()); });
        // Return reads, as it does in the URI field.
        connect(edit, &QLineEdit::returnPressed, this, [this] {
            if (m_read->isEnabled())
                read();
        });
        if (completions) {
            QPointer<ResourcesView> self(this);
            new DebouncedCompleter(edit, [self, name, pattern](const QString &text, std::function<void(const QStringList &)> reply) {
                if (!self || !self->m_connection)
                    return;
                QJsonObject context;
                for (auto it = self->m_variables.cbegin(); it != self->m_variables.cend(); ++it)
                    if (it.key() != name && !it.value()->text().isEmpty())
                        context.insert(it.key(), it.value()->text());
                requestCompletion(self->m_connection, self, Requests::resourceReference(pattern),
                                  name, text, context, std::move(reply));
            });
        }
    }
    m_templateBox->setVisible(!m_variables.isEmpty());
    m_uriEdit->setText(expandedUri());
    updateSubscribeButton();
}

QString ResourcesView::expandedUri() const
{
    QMap<QString, QString> values;
    for (auto it = m_variables.cbegin(); it != m_variables.cend(); ++it)
        if (!it.value()->text().isEmpty())
            values.insert(it.key(), it.value()->text());
    return UriTemplateExpander::expand(m_template.uriTemplate, values);
}

QLineEdit *ResourcesView::variableEdit(const QString &name) const
{
    return m_variables.value(name);
}

void ResourcesView::openUri(const QString &uri)
{
    if (m_resources->selectByKey(uri)) {
        m_tabs->setCurrentWidget(m_resources);
        read();
        return;
    }
    Resource unlisted;
    unlisted.uri = uri;
    showResource(unlisted);
    read();
}

void ResourcesView::read()
{
    const QString uri = m_uriEdit->text().trimmed();
    if (uri.isEmpty() || !m_connection || !m_connection->isConnected())
        return;
    m_uri = uri;
    const quint64 generation = m_reading.start();
    m_status->setText(tr("Reading %1…").arg(uri));
    QElapsedTimer clock;
    clock.start();
    const Request request = Requests::readResource(uri);
    OutgoingRequest *call = m_connection->send(request);
    connect(call, &OutgoingRequest::finished, this, [this, call, uri, generation, clock] {
        if (!m_reading.isLatest(generation))
            return; // a newer read was started
        if (call->isError()) {
            // Said once, in the result's banner; the status line only says how it ended.
            m_status->setText(tr("Failed after %1").arg(Units::duration(clock.elapsed())));
            m_result->setError(tr("Reading %1 failed: %2 (%3)").arg(uri, call->error().message).arg(call->error().code),
                               call->error().toJson());
            m_result->setRounds(call->rounds());
            Q_EMIT readFinished(true);
            return;
        }
        const ReadResourceResult result = ReadResourceResult::fromJson(call->result().toObject());
        m_result->setResourceContents(result);
        m_result->setRounds(call->rounds());
        showApp(uri, result);
        const QString when = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
        m_status->setText(m_subscribed.contains(uri) ? tr("Read at %1 · subscribed, %n update(s) so far", nullptr, m_updates).arg(when)
                                                     : tr("Read at %1 in %2").arg(when, Units::duration(clock.elapsed())));
        Q_EMIT readFinished(false);
    });
}

void ResourcesView::showApp(const QString &uri, const ReadResourceResult &result)
{
    const ResourceContent content = result.contents.value(0);
    const bool isApp = Apps::isUiResourceUri(uri) || Apps::isAppMimeType(content.mimeType);
    QString html = content.text.value_or(QString());
    if (html.isEmpty() && content.blob)
        html = QString::fromUtf8(QByteArray::fromBase64(content.blob->toLatin1()));
    if (!isApp || html.isEmpty()) {
        if (m_app->isLoaded())
            m_app->tearDown(tr("another resource was read"));
        m_appBox->hide();
        return;
    }
    // _meta.ui of the content item, else of the listing entry.
    const QJsonObject listed = m_resources->itemModel()->itemByKey(uri);
    m_appBox->show();
    m_appControls->clear();
    // The server's tools, for what the view may call.
    m_connection->listAll(Lists::Tools, m_app,
                          [this](const QJsonArray &tools, const std::optional<RpcError> &) { m_app->setServerTools(tools); });
    m_app->load(uri, html, Apps::UiResourceMeta::resolve(content.json, listed));
}

void ResourcesView::updateSubscribeButton()
{
    const bool offered = m_connection && m_connection->isConnected()
        && Capabilities{m_connection->sessionInfo().serverCapabilities}.resourcesSubscribe();
    const QString uri = m_uriEdit->text().trimmed();
    m_subscribe->setEnabled(offered && !uri.isEmpty());
    m_subscribe->setText(m_subscribed.contains(uri) ? tr("Unsubscribe") : tr("Subscribe"));
    m_subscribe->setToolTip(offered ? tr("resources/subscribe: the server sends notifications/resources/updated when it changes")
                                    : tr("This server does not offer subscriptions"));
    m_read->setEnabled(m_connection && m_connection->isConnected() && !uri.isEmpty());
}

void ResourcesView::toggleSubscription()
{
    const QString uri = m_uriEdit->text().trimmed();
    if (uri.isEmpty() || !m_connection)
        return;
    const bool subscribe = !m_subscribed.contains(uri);
    const Request request = subscribe ? Requests::subscribeResource(uri) : Requests::unsubscribeResource(uri);
    OutgoingRequest *call = m_connection->send(request);
    connect(call, &OutgoingRequest::finished, this, [this, call, uri, subscribe] {
        if (call->isError()) {
            m_status->setText(tr("%1 failed: %2").arg(call->method(), call->error().message));
            return;
        }
        if (subscribe) {
            m_subscribed.insert(uri);
            m_updates = 0;
            if (m_connection && m_connection->listenStatus().modern) {
                // The modern era subscribes through the listen stream: only the server's
                // acknowledgement says whether updates will come.
                m_awaitingAcknowledgement = uri;
                m_status->setText(tr("Asked the server for updates of %1 (subscriptions/listen); waiting for it to acknowledge…").arg(uri));
                showAcknowledgement();
            } else {
                m_status->setText(tr("Subscribed to %1: it is read again whenever the server says it changed.").arg(uri));
            }
        } else {
            if (m_awaitingAcknowledgement == uri)
                m_awaitingAcknowledgement.clear();
            m_subscribed.remove(uri);
            m_status->setText(tr("Unsubscribed from %1.").arg(uri));
        }
        updateSubscribeButton();
    });
}

void ResourcesView::showAcknowledgement()
{
    const QString uri = m_awaitingAcknowledgement;
    if (uri.isEmpty() || !m_connection)
        return;
    const ListenStatus status = m_connection->listenStatus();
    if (status.state == Client::ListenState::Refused || status.state == Client::ListenState::Closed) {
        m_awaitingAcknowledgement.clear();
        m_status->setText(tr("Not subscribed to %1: the server ended or refused subscriptions/listen (%2).")
                              .arg(uri, status.error.isEmpty() ? tr("no reason given") : status.error));
        return;
    }
    // An acknowledgement of the stream that asks for this URI; one from before does not count.
    if (status.state != Client::ListenState::Open || !status.requested.resourceSubscriptions.contains(uri))
        return;
    m_awaitingAcknowledgement.clear();
    if (status.acknowledged.resourceSubscriptions.contains(uri))
        m_status->setText(tr("Subscribed to %1 (the server acknowledged it): it is read again whenever the server says it changed.").arg(uri));
    else
        m_status->setText(tr("The server did not acknowledge the subscription to %1: it says it will not send updates of it.").arg(uri));
}

void ResourcesView::onUpdated(const QString &uri)
{
    if (!m_subscribed.contains(uri))
        return;
    ++m_updates;
    if (uri == m_uri)
        read(); // live: show the new contents
}

} // namespace Mcp::Ui
