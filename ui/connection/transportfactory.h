#pragma once

#include "config/serverconfig.h"
#include "connection/connection.h"

namespace Mcp {
namespace Ui {

// The transport for a server configuration whose ${...} references are already expanded
// (ServerCatalog::resolve). Returns an empty factory and sets *error when the
// configuration cannot be used (no command, no URL, an invalid URL).
Connection::TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error);

// Request defaults, connect timeout, ping interval and auto-restart from a configuration.
Connection::Options connectionOptionsFor(const ServerConfig &config, const Connection::Options &base = {});

} // namespace Ui
} // namespace Mcp
