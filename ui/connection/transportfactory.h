#pragma once

#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "connection/connection.h"

namespace Mcp::Ui {

// The transport itself comes from Mcp::transportFactoryFor (lib/config), shared with the CLI.

// Request defaults, connect timeout, ping interval and auto-restart from a configuration.
Connection::Options connectionOptionsFor(const ServerConfig &config, const Connection::Options &base = {});

} // namespace Mcp::Ui
