#include "resources/resourcespage.h"

#include "resources/resourcesview.h"
#include "theme.h"

namespace Mcp::Ui {

ResourcesPage::ResourcesPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Resources"), Theme::icon(QStringLiteral("resources"))}, parent)
    , m_view(new ResourcesView(connection, this))
{
    setView(m_view, 6);
}


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
