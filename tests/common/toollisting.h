#pragma once
// What a server lists, for tests: a whole list (every page) and one item of it by name.
#include "jsonrpc/message.h"
#include "protocol/lists.h"
#include "session/serverconnection.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTest>

#include <optional>

namespace Mcp::Test {

// Every item of list that connection (a Client, Session or Connection) lists, every page
// followed: empty, and said, when the listing failed or did not end within timeoutMs.
inline QJsonArray listedItems(ServerConnection &connection, const ListDescriptor &list, int timeoutMs)
{
    bool done = false;
    QJsonArray items;
    QObject context;
    connection.listAll(list, &context, [&done, &items, &list](const QJsonArray &listed, const std::optional<RpcError> &error) {
        done = true;
        if (error)
            qWarning("%s failed: %s", qPrintable(list.method), qPrintable(error->message));
        else
            items = listed;
    });
    if (!QTest::qWaitFor([&done] { return done; }, timeoutMs))
        qWarning("%s: no answer within %d ms", qPrintable(list.method), timeoutMs);
    return items;
}

// The item of a listing whose name is name; an empty object when there is none.
inline QJsonObject itemNamed(const QJsonArray &items, const QString &name)
{
    for (const QJsonValue &item : items) {
        if (item.toObject().value(QLatin1String("name")).toString() == name)
            return item.toObject();
    }
    return {};
}

} // namespace Mcp::Test
