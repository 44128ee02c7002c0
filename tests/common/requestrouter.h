// Hands each request a server makes to the test's handler for its method, for tests that answer
// roots, sampling and elicitation each their own way; features() is what to advertise.
#pragma once

#include "jsonrpc/message.h"
#include "session/clientoptions.h"
#include "session/requests.h"

#include <QHash>
#include <QString>

#include <initializer_list>
#include <utility>

class RequestRouter : public Mcp::ServerRequestHandler
{
public:
    RequestRouter(std::initializer_list<std::pair<QString, Mcp::ServerRequestHandler *>> routes = {})
    {
        for (const auto &route : routes)
            handlers.insert(route.first, route.second);
    }

    QHash<QString, Mcp::ServerRequestHandler *> handlers; // method -> handler

    void handleRequest(Mcp::IncomingRequest *request) override
    {
        if (Mcp::ServerRequestHandler *handler = handlers.value(request->method()))
            handler->handleRequest(request);
        else
            request->reject({Mcp::ErrorCode::MethodNotFound, QStringLiteral("no handler in the test"), {}});
    }

    // Every method with a handler; elicitation in both modes.
    Mcp::ClientFeatures features() const
    {
        Mcp::ClientFeatures features;
        features.roots = handlers.contains(QStringLiteral("roots/list"));
        features.sampling = handlers.contains(QStringLiteral("sampling/createMessage"));
        features.elicitationForm = features.elicitationUrl = handlers.contains(QStringLiteral("elicitation/create"));
        return features;
    }
};
