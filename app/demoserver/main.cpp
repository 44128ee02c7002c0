// mcpscope-demo-server: an MCP server that shows off everything MCP Scope renders.
// stdout carries MCP messages only; diagnostics go to stderr.
#include "jsonrpc/json.h"
#include "demoserver.h"

#include "server/server.h"
#include "server/httpserver.h"
#include "server/serversession.h"
#include "server/stdioservertransport.h"
#include "server/websocketserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char *argv[])
{
    Mcp::Json::keepBigBuffers();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("mcpscope-demo-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("MCP demo server for MCP Scope (stdio, or Streamable HTTP or WebSocket on 127.0.0.1)."));
    parser.addHelpOption();
    parser.addVersionOption();
    addDemoOptions(parser);
    parser.addOption({QStringLiteral("http"), QStringLiteral("Serve Streamable HTTP on 127.0.0.1 instead of stdio.")});
    parser.addOption({QStringLiteral("ws"),
                      QStringLiteral("Serve MCP over WebSocket (ws://127.0.0.1:PORT/mcp, subprotocol mcp) instead of stdio.")});
    parser.addOption({QStringLiteral("port"), QStringLiteral("The HTTP or WebSocket port (0: any free port)."), QStringLiteral("N"),
                      QStringLiteral("0")});
    parser.addOption({QStringLiteral("http-responses"),
                      QStringLiteral("auto: JSON unless progress or server requests come first; sse: always an event stream."),
                      QStringLiteral("mode"), QStringLiteral("auto")});
    parser.process(app);

    DemoOptions options;
    QString error;
    if (!demoOptionsFromParser(parser, &options, &error)) {
        std::fprintf(stderr, "mcpscope-demo-server: %s\n", qPrintable(error));
        return 2;
    }

    Mcp::Server *server = buildDemoServer(options, &app);
    if (parser.isSet(QStringLiteral("http")) && parser.isSet(QStringLiteral("ws"))) {
        std::fprintf(stderr, "mcpscope-demo-server: --http and --ws cannot be combined\n");
        return 2;
    }
    if (parser.isSet(QStringLiteral("ws"))) {
        bool ok = false;
        const uint port = parser.value(QStringLiteral("port")).toUInt(&ok);
        if (!ok || port > 65535) {
            std::fprintf(stderr, "mcpscope-demo-server: --port needs 0..65535\n");
            return 2;
        }
        auto *webSocket = new Mcp::WebSocketMcpServer(server, &app);
        // Loopback only: a demo server must not be reachable from the network.
        if (!webSocket->listen(QHostAddress::LocalHost, quint16(port))) {
            std::fprintf(stderr, "mcpscope-demo-server: cannot listen on 127.0.0.1:%u: %s\n", port,
                         qPrintable(webSocket->errorString()));
            return 1;
        }
        std::fprintf(stderr, "mcpscope-demo-server: listening on %s\n", qPrintable(webSocket->url().toString()));
        std::fflush(stderr);
        return app.exec();
    }
    if (parser.isSet(QStringLiteral("http"))) {
        bool ok = false;
        const uint port = parser.value(QStringLiteral("port")).toUInt(&ok);
        const QString mode = parser.value(QStringLiteral("http-responses"));
        if (!ok || port > 65535 || (mode != QLatin1String("auto") && mode != QLatin1String("sse"))) {
            std::fprintf(stderr, "mcpscope-demo-server: --port needs 0..65535, --http-responses auto or sse\n");
            return 2;
        }
        auto *http = new Mcp::StreamableHttpServer(server, &app);
        if (mode == QLatin1String("sse"))
            http->setResponseMode(Mcp::StreamableHttpServer::ResponseMode::AlwaysSse);
        // Loopback only: a demo server must not be reachable from the network.
        if (!http->listen(QHostAddress::LocalHost, quint16(port))) {
            std::fprintf(stderr, "mcpscope-demo-server: cannot listen on 127.0.0.1:%u: %s\n", port,
                         qPrintable(http->errorString()));
            return 1;
        }
        std::fprintf(stderr, "mcpscope-demo-server: listening on %s\n", qPrintable(http->url().toString()));
        std::fflush(stderr);
        return app.exec();
    }
    std::fprintf(stderr, "mcpscope-demo-server: serving MCP on stdio\n");
    Mcp::ServerSession *session = server->createSession(new Mcp::StdioServerTransport);
    QObject::connect(session, &Mcp::ServerSession::closed, &app, &QCoreApplication::quit);
    return app.exec();
}
