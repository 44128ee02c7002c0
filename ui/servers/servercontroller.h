#pragma once

#include <QHash>
#include <QList>
#include <QUuid>

#include <memory>
#include <optional>

namespace Mcp::Ui {

class Connection;
class OAuthController;
class ServerPage;

// One saved server in the window: its connection, its authorization (made with the connection),
// its page (made when first shown) and the name it was given from its command while it waits for
// the server's own title. They are made together and removed together, so nothing about one
// server is left behind in another table.
class ServerController
{
public:
    ServerController(const QUuid &id, Connection *connection, OAuthController *oauth);
    // The page first (it refers to the connection), then the connection, which ends its thread.
    ~ServerController();
    ServerController(const ServerController &) = delete;
    ServerController &operator=(const ServerController &) = delete;

    QUuid id() const { return m_id; }
    Connection *connection() const { return m_connection.get(); }
    OAuthController *oauth() const { return m_oauth; }
    ServerPage *page() const { return m_page; }
    void setPage(ServerPage *page) { m_page = page; }

    // A name made from the command (the window opened with `mcpscope COMMAND…`), which gives way
    // to the server's title once it answers; taken once.
    void setProvisionalName(const QString &name) { m_provisionalName = name; }
    std::optional<QString> takeProvisionalName();

private:
    QUuid m_id;
    std::unique_ptr<Connection> m_connection;
    OAuthController *m_oauth; // a child of the connection
    ServerPage *m_page = nullptr; // owned (a child of the window's page stack too)
    std::optional<QString> m_provisionalName;
};

// The window's servers that have a controller, by id.
class ServerControllers
{
public:
    ServerControllers() = default;
    ~ServerControllers() { clear(); }
    ServerControllers(const ServerControllers &) = delete;
    ServerControllers &operator=(const ServerControllers &) = delete;

    ServerController *find(const QUuid &id) const { return m_controllers.value(id); }
    ServerController *add(std::unique_ptr<ServerController> controller);
    // Removes and deletes one (its page, authorization and connection go with it).
    void remove(const QUuid &id) { delete m_controllers.take(id); }
    void clear();
    QList<ServerController *> all() const { return m_controllers.values(); }

    // Shorthands: null when the server has no controller (or no page yet).
    Connection *connection(const QUuid &id) const;
    ServerPage *page(const QUuid &id) const;
    OAuthController *oauth(const QUuid &id) const;

private:
    QHash<QUuid, ServerController *> m_controllers; // owned
};

} // namespace Mcp::Ui
