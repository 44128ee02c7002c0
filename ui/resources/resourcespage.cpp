#include "resources/resourcespage.h"

#include "resources/resourcesview.h"
#include "theme.h"

#include <QVBoxLayout>

namespace Mcp::Ui {

ResourcesPage::ResourcesPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_view = new ResourcesView(connection, this);
    layout->addWidget(m_view);
}

QIcon ResourcesPage::icon() const { return Theme::icon(QStringLiteral("resources")); }

void ResourcesPage::connectionStateChanged(Connection::State state)
{
    if (state == Connection::State::Connected)
        refresh();
}

void ResourcesPage::refresh()
{
    m_view->refresh();
}

void ResourcesPage::read()
{
    m_view->read();
}

void ResourcesPage::openUri(const QString &uri)
{
    m_view->openUri(uri);
}

} // namespace Mcp::Ui
