#include "servers/servercontroller.h"

#include "connection/connection.h"
#include "authorization/oauthcontroller.h"
#include "servers/serverpage.h"

#include <utility>

namespace Mcp::Ui {

ServerController::ServerController(const QUuid &id, Connection *connection, OAuthController *oauth)
    : m_id(id), m_connection(connection), m_oauth(oauth)
{
}

ServerController::~ServerController()
{
    delete m_page;
}

std::optional<QString> ServerController::takeProvisionalName()
{
    return std::exchange(m_provisionalName, std::nullopt);
}

ServerController *ServerControllers::add(std::unique_ptr<ServerController> controller)
{
    ServerController *added = controller.release();
    delete m_controllers.value(added->id());
    m_controllers.insert(added->id(), added);
    return added;
}

void ServerControllers::clear()
{
    qDeleteAll(m_controllers);
    m_controllers.clear();
}

Connection *ServerControllers::connection(const QUuid &id) const
{
    const ServerController *controller = find(id);
    return controller ? controller->connection() : nullptr;
}

ServerPage *ServerControllers::page(const QUuid &id) const
{
    const ServerController *controller = find(id);
    return controller ? controller->page() : nullptr;
}

OAuthController *ServerControllers::oauth(const QUuid &id) const
{
    const ServerController *controller = find(id);
    return controller ? controller->oauth() : nullptr;
}

} // namespace Mcp::Ui
