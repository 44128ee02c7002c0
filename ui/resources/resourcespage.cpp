#include "resources/resourcespage.h"

#include "resources/resourcesview.h"
#include "theme.h"

namespace Mcp::Ui {

ResourcesPage::ResourcesPage(Connection *connection, QWidget *parent)
    : Page(connection, parent), m_view(new ResourcesView(connection, this))
{
    setView(m_view, 6);
}

QIcon ResourcesPage::icon() const { return Theme::icon(QStringLiteral("resources")); }

void ResourcesPage::connectionStateChanged(Connection::State state)
{
    if (state == Connection::State::Connected)
        m_view->refresh();
}

void ResourcesPage::openUri(const QString &uri)
{
    m_view->openUri(uri);
}

} // namespace Mcp::Ui
