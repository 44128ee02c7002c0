#include "connection/transportfactory.h"

#include "transport/httptransportoptions.h"
#include "transport/stdiotransport.h"

#include <QCoreApplication>
#include <QUrl>

namespace Mcp {
namespace Ui {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("Mcp::Ui::Connection", text);
}
} // namespace

Connection::TransportFactory transportFactoryFor(const ServerConfig &resolved, QString *error)
{
    if (resolved.usesCommand()) {
        if (resolved.command.trimmed().isEmpty()) {
            if (error)
                *error = tr("The server has no command to start.");
            return {};
        }
        StdioServerParameters parameters;
        parameters.program = resolved.command;
        parameters.arguments = resolved.args;
        parameters.inheritEnvironment = resolved.inheritEnvironment;
        parameters.workingDirectory = resolved.workingDirectory;
        for (const ConfigEntry &entry : resolved.env) {
            parameters.environment.insert(entry.name, entry.value);
            if (entry.secret)
                parameters.secretEnvironmentKeys.append(entry.name);
        }
        return [parameters]() -> Transport * { return new StdioTransport(parameters); };
    }

    const QUrl url(resolved.url.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty()) {
        if (error)
            *error = tr("The server URL is not valid: %1").arg(resolved.url);
        return {};
    }
    HttpTransportOptions options;
    for (const ConfigEntry &header : resolved.headers)
        options.headers.append({header.name.toUtf8(), header.value.toUtf8()});
    options.bearerToken = resolved.bearerToken;
    HttpTransportKind kind = HttpTransportKind::Auto;
    if (resolved.transport == ServerConfig::TransportType::StreamableHttp)
        kind = HttpTransportKind::StreamableHttp;
    else if (resolved.transport == ServerConfig::TransportType::Sse)
        kind = HttpTransportKind::LegacySse;
    return [url, kind, options]() -> Transport * { return createHttpTransport(url, kind, options); };
}

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
