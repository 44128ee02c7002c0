// mcpscope-demo-server: an MCP server that shows off everything MCP Scope renders.
// stdout carries MCP messages only; diagnostics go to stderr.
#include "demoserver.h"

#include "server/server.h"
#include "server/serversession.h"
#include "server/stdioservertransport.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("mcpscope-demo-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("MCP demo server for MCP Scope (stdio)."));
    parser.addHelpOption();
    parser.addVersionOption();
    addDemoOptions(parser);
    parser.process(app);

    DemoOptions options;
    QString error;
    if (!demoOptionsFromParser(parser, &options, &error)) {
        std::fprintf(stderr, "mcpscope-demo-server: %s\n", qPrintable(error));
        return 2;
    }

    Mcp::Server *server = buildDemoServer(options, &app);
    std::fprintf(stderr, "mcpscope-demo-server: serving MCP on stdio\n");
    Mcp::ServerSession *session = server->createSession(new Mcp::StdioServerTransport);
    QObject::connect(session, &Mcp::ServerSession::closed, &app, &QCoreApplication::quit);
    return app.exec();
}
