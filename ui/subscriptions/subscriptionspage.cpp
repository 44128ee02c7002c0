#include "subscriptions/subscriptionspage.h"

#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/fittinglabel.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QDateTime>
#include <QGroupBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTreeWidget>

namespace Mcp::Ui {

namespace {
constexpr int MaxArrived = 2000; // the oldest rows go past this
}

QString SubscriptionsPage::describeFilter(const Modern::SubscriptionFilter &filter)
{
    QStringList parts;
    if (filter.toolsListChanged)
        parts << tr("tool list changes");
    if (filter.promptsListChanged)
        parts << tr("prompt list changes");
    if (filter.resourcesListChanged)
        parts << tr("resource list changes");
    if (!filter.resourceSubscriptions.isEmpty())
        parts << tr("updates of %1").arg(filter.resourceSubscriptions.join(QStringLiteral(", ")));
    return parts.isEmpty() ? tr("nothing") : parts.join(QStringLiteral(", "));
}

QString SubscriptionsPage::acknowledgementText(const Modern::SubscriptionFilter &requested,
                                               const Modern::SubscriptionFilter &acknowledged)
{
    QString text = tr("Acknowledged by the server: %1").arg(describeFilter(acknowledged));
    const Modern::SubscriptionFilter missing = requested.notHonouredBy(acknowledged);
    if (!missing.isEmpty())
        text += u'\n' + tr("Not acknowledged, so not coming: %1").arg(describeFilter(missing));
    return text;
}

QString SubscriptionsPage::stateName(Client::ListenState state)
{
    switch (state) {
    case Client::ListenState::Off: return tr("off");
    case Client::ListenState::Opening: return tr("opening (sent, not acknowledged yet)");
    case Client::ListenState::Open: return tr("open (acknowledged)");
    case Client::ListenState::Reconnecting: return tr("reconnecting (the stream dropped)");
    case Client::ListenState::Closed: return tr("closed by the server");
    case Client::ListenState::Refused: return tr("refused by the server");
    }
    return QString();
}

SubscriptionsPage::SubscriptionsPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Subscriptions"), Theme::icon(QStringLiteral("follow")), true}, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *stateRow = new QHBoxLayout;
    m_state = new FittingLabel(this);
    m_state->setObjectName(QStringLiteral("listenState"));
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    stateRow->addWidget(m_state, 1);
    layout->addLayout(stateRow);
    m_error = hiddenNote<FittingLabel>(Theme::Role::Error, QStringLiteral("listenError"), this);
    layout->addWidget(m_error);
    m_eraNote = new FittingLabel(this);
    m_eraNote->setWordWrap(true);
    m_eraNote->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_eraNote);

    auto *filterBox = new QGroupBox(tr("What the stream asks for"), this);
    auto *filterLayout = new QHBoxLayout(filterBox);
    auto *lists = new QVBoxLayout;
    m_tools = new QCheckBox(tr("Tool list changes"), filterBox);
    m_tools->setObjectName(QStringLiteral("listenTools"));
    m_prompts = new QCheckBox(tr("Prompt list changes"), filterBox);
    m_prompts->setObjectName(QStringLiteral("listenPrompts"));
    m_resources = new QCheckBox(tr("Resource list changes"), filterBox);
    m_resources->setObjectName(QStringLiteral("listenResources"));
    lists->addWidget(m_tools);
    lists->addWidget(m_prompts);
    lists->addWidget(m_resources);
    lists->addStretch();
    auto *buttons = new QHBoxLayout;
    m_apply = new QPushButton(tr("Apply"), filterBox);
    m_apply->setObjectName(QStringLiteral("listenApply"));
    m_apply->setToolTip(tr("Reopen the stream with this filter"));
    m_default = new QPushButton(tr("Default"), filterBox);
    m_default->setObjectName(QStringLiteral("listenDefault"));
    m_default->setToolTip(tr("Every list change the server offers, and the resources subscribed on the Resources page"));
    buttons->addWidget(m_apply);
    buttons->addWidget(m_default);
    lists->addLayout(buttons);
    filterLayout->addLayout(lists);

    auto *uris = new QVBoxLayout;
    uris->addWidget(new QLabel(tr("Resource subscriptions (updates of these URIs):"), filterBox));
    m_uris = new QListWidget(filterBox);
    m_uris->setObjectName(QStringLiteral("listenUris"));
    m_uris->setMaximumHeight(70);
    uris->addWidget(m_uris);
    auto *uriRow = new QHBoxLayout;
    m_newUri = new QLineEdit(filterBox);
    m_newUri->setPlaceholderText(tr("Resource URI"));
    m_addUri = new QPushButton(tr("Add"), filterBox);
    m_removeUri = new QPushButton(tr("Remove"), filterBox);
    uriRow->addWidget(m_newUri, 1);
    uriRow->addWidget(m_addUri);
    uriRow->addWidget(m_removeUri);
    uris->addLayout(uriRow);
    filterLayout->addLayout(uris, 1);
    layout->addWidget(filterBox);

    m_acknowledged = new FittingLabel(this);
    m_acknowledged->setObjectName(QStringLiteral("listenAcknowledged"));
    m_acknowledged->setWordWrap(true);
    m_acknowledged->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_acknowledged);

    layout->addWidget(new QLabel(tr("What arrived:"), this));
    m_arrived = flatTree({tr("Time"), tr("Notification"), tr("Detail")}, this);
    m_arrived->setObjectName(QStringLiteral("listenArrived"));
    layout->addWidget(m_arrived, 1);

    for (QCheckBox *box : {m_tools, m_prompts, m_resources})
        connect(box, &QCheckBox::toggled, this, [this] { setEdited(true); });
    connect(m_apply, &QPushButton::clicked, this, &SubscriptionsPage::apply);
    connect(m_default, &QPushButton::clicked, this, &SubscriptionsPage::useDefault);
    connect(m_addUri, &QPushButton::clicked, this, [this] {
        addUri(m_newUri->text().trimmed());
        m_newUri->clear();
    });
    connect(m_newUri, &QLineEdit::returnPressed, m_addUri, &QPushButton::click);
    connect(m_removeUri, &QPushButton::clicked, this, [this] {
        delete m_uris->currentItem();
        setEdited(true);
    });
    connect(connection, &Connection::listenStatusChanged, this, &SubscriptionsPage::showStatus);
    // The ServerConnection signals, not every notification: a log flood must not be copied here for nothing.
    connect(connection, &Connection::toolsListChanged, this,
            [this] { addArrived(QStringLiteral("notifications/tools/list_changed")); });
    connect(connection, &Connection::promptsListChanged, this,
            [this] { addArrived(QStringLiteral("notifications/prompts/list_changed")); });
    connect(connection, &Connection::resourcesListChanged, this,
            [this] { addArrived(QStringLiteral("notifications/resources/list_changed")); });
    connect(connection, &Connection::resourceUpdated, this,
            [this](const QString &uri) { addArrived(QStringLiteral("notifications/resources/updated"), uri); });
    showStatus();
}


void SubscriptionsPage::connectionStateChanged(Connection::State)
{
    showStatus();
}

void SubscriptionsPage::setEdited(bool edited)
{
    m_edited = edited;
    m_apply->setEnabled(edited && connection()->listenStatus().modern);
}

void SubscriptionsPage::addUri(const QString &uri)
{
    if (uri.isEmpty() || !m_uris->findItems(uri, Qt::MatchExactly).isEmpty())
        return;
    m_uris->addItem(uri);
    setEdited(true);
}

Modern::SubscriptionFilter SubscriptionsPage::editedFilter() const
{
    Modern::SubscriptionFilter filter;
    filter.toolsListChanged = m_tools->isChecked();
    filter.promptsListChanged = m_prompts->isChecked();
    filter.resourcesListChanged = m_resources->isChecked();
    for (int i = 0; i < m_uris->count(); ++i)
        filter.resourceSubscriptions.append(m_uris->item(i)->text());
    return filter;
}

void SubscriptionsPage::apply()
{
    connection()->setListenFilter(editedFilter());
    setEdited(false);
}

void SubscriptionsPage::useDefault()
{
    connection()->setListenFilter(std::nullopt);
    setEdited(false);
}

void SubscriptionsPage::showFilter(const Modern::SubscriptionFilter &filter)
{
    const QSignalBlocker a(m_tools), b(m_prompts), c(m_resources);
    m_tools->setChecked(filter.toolsListChanged);
    m_prompts->setChecked(filter.promptsListChanged);
    m_resources->setChecked(filter.resourcesListChanged);
    m_uris->clear();
    m_uris->addItems(filter.resourceSubscriptions);
}

void SubscriptionsPage::showStatus()
{
    const ListenStatus status = connection()->listenStatus();
    const bool connected = connection()->isConnected();
    if (status.modern && status.state != m_lastState) {
        // The stream's own events belong to what arrived on it.
        if (status.state == Client::ListenState::Open)
            addArrived(tr("stream acknowledged"), describeFilter(status.acknowledged));
        else if (status.state == Client::ListenState::Reconnecting || status.state == Client::ListenState::Closed
                 || status.state == Client::ListenState::Refused)
            addArrived(tr("stream %1").arg(stateName(status.state)), status.error);
    }
    m_lastState = status.state;
    Theme::Role role = Theme::Role::Muted;
    switch (status.state) {
    case Client::ListenState::Open: role = Theme::Role::Ok; break;
    case Client::ListenState::Opening:
    case Client::ListenState::Reconnecting: role = Theme::Role::Warning; break;
    case Client::ListenState::Refused: role = Theme::Role::Error; break;
    default: break;
    }
    QString text;
    if (!connected)
        text = tr("Not connected.");
    else if (!status.modern)
        text = tr("Legacy era: no listen stream; notifications arrive on the session.");
    else
        text = tr("Listen stream: %1").arg(stateName(status.state));
    m_state->setText(QStringLiteral("<span style=\"color:%1\">●</span> %2")
                         .arg(Theme::color(connected ? role : Theme::Role::Muted).name(), text.toHtmlEscaped()));
    m_error->setText(status.error);
    m_error->setVisible(connected && !status.error.isEmpty());

    const bool modern = connected && status.modern;
    m_eraNote->setText(modern ? tr("The 2026-07-28 revision delivers list changes and resource updates only on a "
                                   "subscriptions/listen stream, and only what its filter asks for. Changing the "
                                   "filter reopens the stream.")
                              : tr("Resources are subscribed with resources/subscribe on the Resources page; the "
                                   "server sends every list change it offers."));
    for (QWidget *w : std::initializer_list<QWidget *>{m_tools, m_prompts, m_resources, m_uris, m_newUri, m_addUri,
                                                        m_removeUri, m_default})
        w->setEnabled(modern);
    m_apply->setEnabled(modern && m_edited);
    if (!m_edited)
        showFilter(status.requested);
    if (!modern) {
        m_acknowledged->clear();
    } else if (status.state == Client::ListenState::Open) {
        m_acknowledged->setText(acknowledgementText(status.requested, status.acknowledged));
        m_acknowledged->setToolTip(QString::fromUtf8(QJsonDocument(status.acknowledged.toJson()).toJson(QJsonDocument::Compact)));
        if (status.requested.notHonouredBy(status.acknowledged).isEmpty())
            Theme::resetTextColor(m_acknowledged);
        else
            Theme::setTextColor(m_acknowledged, Theme::Role::Warning);
    } else {
        m_acknowledged->setText(tr("Not acknowledged yet."));
        Theme::resetTextColor(m_acknowledged);
    }
}

void SubscriptionsPage::addArrived(const QString &what, const QString &detail)
{
    auto *item = new QTreeWidgetItem(m_arrived, {QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss.zzz")), what, detail});
    item->setToolTip(2, detail);
    while (m_arrived->topLevelItemCount() > MaxArrived)
        delete m_arrived->takeTopLevelItem(0);
    m_arrived->scrollToItem(item);
}

} // namespace Mcp::Ui
