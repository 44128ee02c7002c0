#include "connection/transportfactory.h"


namespace Mcp {
namespace Ui {

Connection::Options connectionOptionsFor(const ServerConfig &config, const Connection::Options &base)
{
    Connection::Options options = base;
    options.request.timeoutMs = config.timeouts.requestMs;
    options.request.resetTimeoutOnProgress = config.timeouts.resetOnProgress;
    options.request.maxTotalTimeoutMs = config.timeouts.maxTotalMs;
    options.connectTimeoutMs = config.timeouts.connectMs > 0 ? config.timeouts.connectMs : 30000;
    if (config.pingIntervalMs > 0)
        options.pingIntervalMs = config.pingIntervalMs;
    options.autoRestart = config.autoRestart.enabled;
    options.restartInitialBackoffMs = config.autoRestart.initialBackoffMs;
    options.restartMaxBackoffMs = config.autoRestart.maxBackoffMs;
    options.restartMaxAttempts = config.autoRestart.maxAttempts;
    return options;
}

} // namespace Ui
} // namespace Mcp
