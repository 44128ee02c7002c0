#pragma once

// A client's answerer of form elicitations for tests: "Ada" for every property the server asks
// for, or no answer at all (as when the window's dialog cannot be shown). Header only.

#include "session/requests.h"

#include <QJsonObject>
#include <QStringList>

namespace Mcp::Test {

class AdaElicitation : public ServerRequestHandler
{
public:
    void handleRequest(IncomingRequest *request) override
    {
        asked.append(request->params().value(QLatin1String("message")).toString());
        if (refuse) {
            request->reject(RpcError{-32603, QStringLiteral("no answer")});
            return;
        }
        const QJsonObject properties =
            request->params().value(QLatin1String("requestedSchema")).toObject().value(QLatin1String("properties")).toObject();
        QJsonObject content;
        for (auto it = properties.begin(); it != properties.end(); ++it)
            content.insert(it.key(), QStringLiteral("Ada"));
        request->respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}, {QStringLiteral("content"), content}});
    }

    QStringList asked; // the messages of the elicitations asked, in order
    bool refuse = false;
};

} // namespace Mcp::Test
