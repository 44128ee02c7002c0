// mcpscope: the GUI by default, or one headless operation with --cli.
#include "clirunner.h"

#include "guimain.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv)
{
    // --cli anywhere before a "--" selects the headless mode; it needs no display.
    bool cli = false;
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        if (std::strcmp(argv[i], "--cli") == 0) {
            cli = true;
            break;
        }
    }
    if (cli) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("mcpscope"));
        QCoreApplication::setOrganizationName(QStringLiteral("MCPScope"));
        QCoreApplication::setApplicationVersion(QStringLiteral(MCPSCOPE_VERSION));
        QStringList arguments = app.arguments().mid(1);
        arguments.removeOne(QStringLiteral("--cli"));
        return Mcp::Cli::run(arguments);
    }
    if (argc > 1 && (std::strcmp(argv[1], "--version") == 0)) {
        std::printf("mcpscope %s\n", MCPSCOPE_VERSION);
        return 0;
    }
    return Mcp::Ui::runGui(argc, argv);
}
