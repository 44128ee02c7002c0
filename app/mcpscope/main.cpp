// mcpscope: the GUI by default, optionally opened on one server; or one headless operation with --cli.
#include "jsonrpc/json.h"
#include "clioptions.h"
#include "clirunner.h"
#include "compat.h"
#include "diffcommand.h"
#include "doctorcommand.h"
#include "recordcommand.h"
#include "replaycommand.h"
#include "testcommand.h"

#include "config/installlink.h"
#include "config/serverconfig.h"
#include "guimain.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <cstring>
#include <optional>

namespace {

const char GuiUsage[] =
    "Usage: mcpscope [options] [--] COMMAND [ARGS...]   open the window on a stdio server\n"
    "       mcpscope [options] URL                       open the window on an HTTP server\n"
    "       mcpscope --config FILE --server NAME         open the window on a server of an mcp.json\n"
    "       mcpscope LINK                                add a server from an install link (mcpscope://install?...,\n"
    "                                                    vscode:mcp/install?..., cursor://.../mcp/install?...) once approved\n"
    "       mcpscope                                     open the window on the saved servers\n"
    "       mcpscope --cli ...                           one operation, headless (mcpscope --cli --help)\n"
    "       mcpscope record ...                          record a host and a server (mcpscope record --help)\n"
    "       mcpscope diff A B                            compare two servers' tools, prompts and resources\n"
    "       mcpscope doctor SERVER                       what a host will trip on in a server (mcpscope doctor --help)\n"
    "       mcpscope test FILE                           run a collection's calls and assertions (mcpscope test --help)\n"
    "       mcpscope replay CAPTURE -- COMMAND...        replay a capture against a fresh server (mcpscope replay --help)\n"
    "\n"
    "The server is saved in the server list (once) and connected; a command given here\n"
    "needs no further approval.\n"
    "\n"
    "Options:\n"
    "  -e KEY=VALUE             environment variable for a stdio server (repeatable)\n"
    "  --cwd DIR                working directory for a stdio server\n"
    "  --config FILE            an mcp.json file (Claude, Cursor or VS Code dialect) or a registry server.json\n"
    "  --server NAME            the server of --config to open (server.json: a registry type or a remote's URL)\n"
    "  --transport T            stdio, http (Streamable HTTP), sse (legacy) or auto (default for URLs)\n"
    "  --header \"Name: value\"   HTTP header (repeatable)\n"
    "  --version                print the version\n"
    "  -h, --help               this text\n";

} // namespace

int main(int argc, char **argv)
{
    // mcpscope record ...: the recording proxy a host runs in place of a server; no display.
    if (argc > 1 && std::strcmp(argv[1], "record") == 0)
        return Mcp::Cli::runRecord(argc, argv);
    Mcp::Json::keepBigBuffers(); // big results without thousands of page faults each
    // --cli anywhere before a "--" selects the headless mode; it needs no display.
    bool cli = false;
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        if (std::strcmp(argv[i], "--cli") == 0) {
            cli = true;
            break;
        }
    }
    // Subcommands: headless, no display.
    if (argc > 1 && (std::strcmp(argv[1], "diff") == 0 || std::strcmp(argv[1], "test") == 0
                     || std::strcmp(argv[1], "replay") == 0 || std::strcmp(argv[1], "doctor") == 0)) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("mcpscope"));
        QCoreApplication::setApplicationVersion(QStringLiteral(MCPSCOPE_VERSION));
        if (std::strcmp(argv[1], "test") == 0)
            return Mcp::Cli::runTest(app.arguments().mid(2));
        if (std::strcmp(argv[1], "replay") == 0)
            return Mcp::Cli::runReplay(app.arguments().mid(2));
        if (std::strcmp(argv[1], "doctor") == 0)
            return Mcp::Cli::runDoctor(app.arguments().mid(2));
        return Mcp::Cli::runDiff(app.arguments().mid(2));
    }
    if (cli) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("mcpscope"));
        QCoreApplication::setOrganizationName(QStringLiteral("MCPScope"));
        QCoreApplication::setApplicationVersion(QStringLiteral(MCPSCOPE_VERSION));
        QStringList arguments = app.arguments().mid(1);
        arguments.removeOne(QStringLiteral("--cli"));
        return Mcp::Cli::runWithCompat(arguments);
    }
    if (argc > 1 && (std::strcmp(argv[1], "--version") == 0)) {
        std::printf("mcpscope %s\n", MCPSCOPE_VERSION);
        return 0;
    }
    // The GUI's own arguments are read before the QApplication exists: --help and a mistyped
    // command line need no display.
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    std::optional<Mcp::ServerConfig> server;
    // An install link (mcpscope://install?..., as the desktop entry's URL handler passes it, or a
    // VS Code or Cursor one): the window shows what it would add and adds it only when approved.
    QString installLink;
    if (arguments.size() == 1 && Mcp::InstallLink::looksLikeInstallLink(arguments.first()))
        installLink = arguments.takeFirst();
    if (!arguments.isEmpty()) {
        const Mcp::Cli::ParseOutcome parsed = Mcp::Cli::parseArguments(arguments);
        if (parsed.helpRequested) {
            std::fputs(GuiUsage, stdout);
            return Mcp::Cli::ExitOk;
        }
        Mcp::ServerConfig config;
        QString error = parsed.error;
        if (error.isEmpty() && !Mcp::Cli::serverConfiguration(parsed.options, &config, &error))
            config = {};
        if (!error.isEmpty()) {
            std::fprintf(stderr, "mcpscope: %s\nTry 'mcpscope --help'.\n", qPrintable(error));
            return Mcp::Cli::ExitUsage;
        }
        server = config;
    }
    // Without a display the window cannot start: say so in one line instead of Qt's abort.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fputs("mcpscope: no display for the window (DISPLAY is not set); set DISPLAY, run it under "
                   "xvfb-run, or use --cli for a headless run\n", stderr);
        return Mcp::Cli::ExitUsage;
    }
    return Mcp::Ui::runGui(argc, argv, server, installLink);
}
