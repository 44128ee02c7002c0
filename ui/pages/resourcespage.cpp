#include "pages/resourcespage.h"

#include "theme.h"
#include "widgets/itemlist.h"
#include "widgets/jsonview.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace Mcp {
namespace Ui {

ResourcesPage::ResourcesPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_tabs = new QTabWidget(splitter);
    m_resources = new ItemList(m_tabs);
    m_templates = new ItemList(m_tabs);
    m_tabs->addTab(m_resources, tr("Resources"));
    m_tabs->addTab(m_templates, tr("Templates"));

    auto *right = new QWidget(splitter);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 0, 0, 0);
    auto *uriRow = new QHBoxLayout;
    m_uri = new QLineEdit(right);
    m_uri->setPlaceholderText(tr("Resource URI"));
    m_read = new QPushButton(tr("Read"), right);
    uriRow->addWidget(new QLabel(tr("URI:"), right));
    uriRow->addWidget(m_uri, 1);
    uriRow->addWidget(m_read);
    rightLayout->addLayout(uriRow);
    m_status = new QLabel(right);
    m_status->setWordWrap(true);
    rightLayout->addWidget(m_status);
    m_result = new JsonTextView(right);
    rightLayout->addWidget(m_result, 1);
    splitter->addWidget(m_tabs);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter);

    connect(m_resources, &ItemList::refreshRequested, this, &ResourcesPage::refresh);
    connect(m_templates, &ItemList::refreshRequested, this, &ResourcesPage::refresh);
    connect(m_resources, &ItemList::currentItemChanged, this, [this](const QJsonObject &item) {
        if (!item.isEmpty())
            m_uri->setText(item.value(QStringLiteral("uri")).toString());
    });
    connect(m_templates, &ItemList::currentItemChanged, this, [this](const QJsonObject &item) {
        if (!item.isEmpty())
            m_uri->setText(item.value(QStringLiteral("uriTemplate")).toString());
    });
    connect(m_read, &QPushButton::clicked, this, &ResourcesPage::read);
    connect(m_uri, &QLineEdit::returnPressed, this, &ResourcesPage::read);
    connect(connection, &Connection::resourcesListChanged, this, &ResourcesPage::refresh);
}

QIcon ResourcesPage::icon() const { return Theme::icon(QStringLiteral("resources")); }

void ResourcesPage::connectionStateChanged(Connection::State state)
{
    m_read->setEnabled(state == Connection::State::Connected);
    if (state == Connection::State::Connected)
        refresh();
}

void ResourcesPage::refresh()
{
    if (!connection()->isConnected())
        return;
    m_resources->setMessage(tr("Loading…"));
    connection()->listAll(QStringLiteral("resources/list"), QStringLiteral("resources"), this,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error) {
        m_resources->setItems(items, QStringLiteral("uri"));
        if (error)
            m_resources->setMessage(tr("Listing resources failed: %1").arg(error->message));
    });
    connection()->listAll(QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates"), this,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error) {
        m_templates->setItems(items, QStringLiteral("uriTemplate"));
        if (error)
            m_templates->setMessage(tr("Listing templates failed: %1").arg(error->message));
    });
}

void ResourcesPage::read()
{
    const QString uri = m_uri->text().trimmed();
    if (uri.isEmpty())
        return;
    m_status->setText(tr("Reading…"));
    PendingCall *call = connection()->call(QStringLiteral("resources/read"), QJsonObject{{QStringLiteral("uri"), uri}});
    connect(call, &PendingCall::finished, this, [this, call] {
        if (call->isError()) {
            m_status->setText(tr("Error %1: %2").arg(call->error().code).arg(call->error().message));
            m_result->setJson(call->error().toJson());
        } else {
            m_status->setText(tr("Read in %1 ms").arg(call->elapsedMs()));
            m_result->setJson(call->result());
        }
    });
}

} // namespace Ui
} // namespace Mcp
