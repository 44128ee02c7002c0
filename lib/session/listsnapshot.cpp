#include "listsnapshot.h"

#include "protocol/lists.h"

#include <QTimer>

#include <memory>

namespace Mcp {

void listSnapshot(ServerConnection &connection, const QJsonObject &serverCapabilities, const QObject *context,
                  const ServerConnection::ListOptions &options, ServerConnection::SnapshotDone done)
{
    struct Pending
    {
        QJsonObject snapshot;
        QString error;
        int remaining = 0;
    };
    auto pending = std::make_shared<Pending>();
    // Each list its capability announces (templates come with resources).
    for (const ListDescriptor &list : Lists::offered()) {
        if (!serverCapabilities.contains(list.capability))
            continue;
        ++pending->remaining;
        connection.listAll(list, context, options, [pending, done, list](const QJsonArray &items,
                                                                      const std::optional<RpcError> &error,
                                                                      const CacheStatus &) {
            if (error) {
                if (pending->error.isEmpty())
                    pending->error = ServerConnection::tr("%1 failed: %2").arg(list.method, error->message);
            } else {
                pending->snapshot.insert(list.itemsKey, items);
            }
            if (--pending->remaining == 0)
                done(pending->snapshot, pending->error);
        });
    }
    if (pending->remaining == 0) // offers none of them: an empty snapshot
        QTimer::singleShot(0, context, [done] { done({}, {}); });
}

} // namespace Mcp
