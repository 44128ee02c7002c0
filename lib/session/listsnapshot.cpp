#include "listsnapshot.h"

#include "protocol/keys.h"
#include "protocol/methods.h"

#include <QTimer>

#include <memory>

namespace Mcp {

void listSnapshot(const QJsonObject &serverCapabilities, const ListAllFunction &listAll, const QObject *context,
                  const Client::ListOptions &options, SnapshotDone done)
{
    struct Pending
    {
        QJsonObject snapshot;
        QString error;
        int remaining = 0;
    };
    auto pending = std::make_shared<Pending>();
    const auto list = [&](const QString &method, const QString &key) {
        ++pending->remaining;
        listAll(method, key, context, options,
                [pending, done, method, key](const QJsonArray &items, const std::optional<RpcError> &error,
                                             const CacheStatus &) {
            if (error) {
                if (pending->error.isEmpty())
                    pending->error = Client::tr("%1 failed: %2").arg(method, error->message);
            } else {
                pending->snapshot.insert(key, items);
            }
            if (--pending->remaining == 0)
                done(pending->snapshot, pending->error);
        });
    };
    // The capability that announces each list (templates come with resources).
    if (serverCapabilities.contains(Key::Tools))
        list(Method::ToolsList, Key::Tools);
    if (serverCapabilities.contains(Key::Prompts))
        list(Method::PromptsList, Key::Prompts);
    if (serverCapabilities.contains(Key::Resources)) {
        list(Method::ResourcesList, Key::Resources);
        list(Method::ResourcesTemplatesList, Key::ResourceTemplates);
    }
    if (pending->remaining == 0) // offers none of them: an empty snapshot
        QTimer::singleShot(0, context, [done] { done({}, {}); });
}

} // namespace Mcp
