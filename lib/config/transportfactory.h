#pragma once

#include "config/serverconfig.h"

#include <functional>

namespace Mcp {

class Transport;

// Makes a fresh, unopened transport each time it is called (a reconnect needs a new one).
using TransportFactory = std::function<Transport *()>;

// The transport for a server configuration whose ${...} references are already expanded
// (ServerConfig::resolved). Returns an empty factory and sets *error when the configuration
// cannot be used: no command, no URL, an invalid URL. Shared by the GUI and the CLI.
TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error);

} // namespace Mcp
