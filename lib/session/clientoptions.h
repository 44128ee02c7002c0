#pragma once

#include "protocol/types.h"
#include "session/modern/eradetector.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace Mcp {

// The server's own requests a client answers: roots/list, sampling/createMessage and
// elicitation/create (legacy server-to-client requests and modern input requests alike). Each one
// answered is advertised in the client's capabilities; the others are refused without asking.
struct ClientFeatures
{
    bool roots = false;
    bool sampling = false;
    bool elicitationForm = false;
    bool elicitationUrl = false;

    // Everything a server may ask (the window, where a person answers).
    static ClientFeatures all();
    // What a recorded client declared, so that a replay answers as it did.
    static ClientFeatures fromCapabilities(const QJsonObject &capabilities);
    bool answers(const QString &method) const;
    // roots {listChanged}, sampling {}, elicitation {form, url}: the members for initialize.
    QJsonObject capabilities() const;
};

// Everything that sets a Client up before it connects: one value for every client the project
// makes (the window's sessions, the CLI, diff, collections and replay). Client::setOptions takes
// it; it applies at the next connect.
struct ClientOptions
{
    Implementation clientInfo = defaultClientInfo();
    // The whole connect (the era probe, initialize, a probe again), from connectToServer() to Ready.
    int connectTimeoutMs = 60000;
    ClientFeatures features;       // answered by the handler given to Client::setServerRequestHandler
    QJsonObject extraCapabilities; // merged into the capabilities: extensions, tasks, experimental
    Modern::EraChoice era;         // Auto unless chosen
    Modern::EraRecord cachedEra;   // what an earlier connection decided; unknown: probe
    // W3C trace context in every request's params._meta (traceparent), so that a server with
    // OpenTelemetry continues the client's trace (the timeline's exports keep those ids).
    bool propagateTraceContext = false;

    // A person at the window answers: every feature advertised, 30 s to connect.
    static ClientOptions interactive();
    // mcpscope / MCP Scope / the application's version.
    static Implementation defaultClientInfo();
    // The era for a server configuration: what the user chose for this run (--protocol, a
    // collection's era) wins, then the configuration's own choice ("legacy", "modern:2026-07-28"),
    // then Auto. What an earlier connection decided is used only when nothing was chosen for
    // this run, since a choice made now is meant to be tried.
    void chooseEra(const std::optional<Modern::EraChoice> &chosenNow, const QString &configured,
                   const QJsonObject &configuredRecord = {});
};

} // namespace Mcp
