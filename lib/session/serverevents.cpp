#include "session/serverevents.h"

#include "protocol/keys.h"
#include "protocol/methods.h"

namespace Mcp {

bool ServerEvents::hasSignalFor(const QString &method)
{
    return method == Method::ToolsListChangedNotification || method == Method::ResourcesListChangedNotification
        || method == Method::PromptsListChangedNotification || method == Method::ResourceUpdatedNotification
        || method == Method::TaskStatusNotification;
}

void ServerEvents::deliver(const Message &notification)
{
    const QString method = notification.method();
    if (method == Method::ToolsListChangedNotification)
        Q_EMIT toolsListChanged();
    else if (method == Method::ResourcesListChangedNotification)
        Q_EMIT resourcesListChanged();
    else if (method == Method::PromptsListChangedNotification)
        Q_EMIT promptsListChanged();
    else if (method == Method::ResourceUpdatedNotification)
        Q_EMIT resourceUpdated(notification.paramsObject().value(Key::Uri).toString());
    else if (method == Method::TaskStatusNotification)
        Q_EMIT taskStatus(notification.paramsObject());
}

} // namespace Mcp
