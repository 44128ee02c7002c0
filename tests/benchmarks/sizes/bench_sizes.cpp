// Sizes a server or a file decides (issue 32), each ending in one line
// `target NAME: MEASURED vs GOAL: met|NOT met`:
// - an mcp.json of 200,000 servers read (McpJson::parse: Import, Record in a Host and a
//   project's .mcp.json all read through it) and written back (exportDocumentText);
// - tools/list in 1000 pages whose 256 KiB cursors differ at the end, against the same pages
//   whose cursors differ at the start (the cursor-loop check must not compare prefixes), over
//   stdio with tests/common/hostile_peer.py.
// Build in Release for meaningful figures.
#include "config/mcpjson.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/serverconfig.h"
#include "jsonrpc/json.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "session/client.h"
#include "transport/stdiotransport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <optional>

using namespace Mcp;

namespace {

void target(const char *name, double measured, const char *unit, double goal, bool lowerIsBetter = true)
{
    const bool met = lowerIsBetter ? measured < goal : measured > goal;
    std::printf("target %s: %.2f %s vs < %.2f %s: %s\n", name, measured, unit, goal, unit, met ? "met" : "NOT met");
    std::fflush(stdout);
}

QByteArray mcpJson(int servers)
{
    QByteArray text = "{\n  \"mcpServers\": {\n";
    for (int i = 0; i < servers; ++i) {
        text += "    \"server-" + QByteArray::number(i) + "\": {\"command\": \"node\", \"args\": [\"s" + QByteArray::number(i)
            + ".js\"], \"env\": {\"B\": \"2\", \"A\": \"1\"}}";
        text += i + 1 < servers ? ",\n" : "\n";
    }
    return text + "  }\n}\n";
}

// Reads (and writes back) an mcp.json of `servers` servers; the reading time in ms.
double readMcpJson(int servers, double *writeMs)
{
    const QByteArray text = mcpJson(servers);
    QElapsedTimer clock;
    clock.start();
    const McpJsonImport imported = McpJson::parse(text);
    const double readMs = clock.nsecsElapsed() / 1e6;
    if (imported.servers.size() != servers || imported.servers.first().name != QLatin1String("server-0")
        || imported.servers.first().env.first().name != QLatin1String("B")) {
        std::printf("mcp.json of %d servers: read %lld servers, wrongly\n", servers, qint64(imported.servers.size()));
        return 1e9;
    }
    clock.restart();
    const QByteArray written = McpJson::exportDocumentText(imported.servers, {});
    *writeMs = clock.nsecsElapsed() / 1e6;
    std::printf("mcp.json of %d servers (%.1f MiB): read %.0f ms, written back %.0f ms (%.1f MiB)\n", servers,
                text.size() / 1048576.0, readMs, *writeMs, written.size() / 1048576.0);
    return readMs;
}

// Imports an mcp.json of `servers` servers into a catalog that already holds them all (each a
// conflict, renamed), through planImport and applyImport; the time in ms.
double importIntoCatalog(int servers)
{
    QTemporaryDir dir;
    const McpJsonImport imported = McpJson::parse(mcpJson(servers));
    ServerCatalog catalog(dir.filePath(QStringLiteral("servers.json")));
    catalog.load();
    QElapsedTimer clock;
    clock.start();
    catalog.applyImport(catalog.planImport(imported));
    const double firstMs = clock.nsecsElapsed() / 1e6;
    // Each server changed, so that each is a conflict that is not identical (Rename), not Skip.
    McpJsonImport changed = imported;
    for (ServerConfig &config : changed.servers)
        config.args.append(QStringLiteral("--again"));
    clock.restart();
    const ImportPlan again = catalog.planImport(changed);
    catalog.applyImport(again);
    const double secondMs = clock.nsecsElapsed() / 1e6;
    std::printf("catalog import of %d servers: %.0f ms into an empty catalog, %.0f ms again (%d servers, %d renamed)\n",
                servers, firstMs, secondMs, catalog.count(), int(catalog.count() - servers));
    return qMax(firstMs, secondMs);
}

// Lists tools in `pages` pages over stdio from the hostile peer; the time in ms, or -1.
double listPages(int pages, int cursorBytes, const char *differ)
{
    StdioServerParameters parameters;
    parameters.program = QStandardPaths::findExecutable(QStringLiteral("python3"));
    parameters.arguments = {QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/common/hostile_peer.py"), QStringLiteral("--cursor-pages"),
                            QString::number(pages), QStringLiteral("--cursor-bytes"), QString::number(cursorBytes),
                            QStringLiteral("--cursor-differ"), QString::fromLatin1(differ)};
    Client client(new StdioTransport(parameters));
    client.setEraChoice(Modern::EraChoice{Modern::EraChoice::Mode::Legacy, {}});
    QEventLoop loop;
    QObject::connect(&client, &Client::stateChanged, &loop, [&loop](Client::State state) {
        if (state == Client::State::Ready || state == Client::State::Failed)
            loop.quit();
    });
    client.connectToServer();
    loop.exec();
    if (!client.isReady())
        return -1;
    QElapsedTimer clock;
    clock.start();
    qsizetype listed = -1;
    Client::ListOptions options;
    options.maxPages = pages;
    client.listAll(Lists::Tools, &loop, options,
                   [&](const QJsonArray &items, const std::optional<RpcError> &error, const CacheStatus &) {
        listed = error ? -1 : items.size();
        loop.quit();
    });
    loop.exec();
    const double ms = clock.nsecsElapsed() / 1e6;
    client.disconnectFromServer();
    QObject::connect(&client, &Client::disconnected, &loop, &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    if (client.state() != Client::State::Disconnected)
        loop.exec();
    if (listed != pages) {
        std::printf("listing %d pages (cursors differ at the %s): got %lld items\n", pages, differ, qint64(listed));
        return -1;
    }
    std::printf("tools/list in %d pages of %d KiB cursors differing at the %s: %.0f ms\n", pages, cursorBytes / 1024, differ, ms);
    return ms;
}

} // namespace

int main(int argc, char **argv)
{
    Json::keepBigBuffers(); // as the application does
    QCoreApplication app(argc, argv);
    double writeMs = 0;
    // `bench_sizes N`: the mcp.json figures at N servers only, no targets (for profiling).
    if (argc > 1) {
        const int servers = QByteArray(argv[1]).toInt();
        readMcpJson(servers, &writeMs);
        importIntoCatalog(servers);
        return 0;
    }
    readMcpJson(40000, &writeMs);
    const double read200k = readMcpJson(200000, &writeMs);
    target("200,000-server mcp.json read", read200k, "ms", 1000);
    target("200,000-server mcp.json written back", writeMs, "ms", 2000);
    importIntoCatalog(40000);
    target("200,000-server mcp.json imported into the catalog (the slower of two imports)", importIntoCatalog(200000), "ms",
           5000);

    const int pages = 1000;
    const int cursorBytes = 256 * 1024;
    const double start = listPages(pages, cursorBytes, "start");
    const double end = listPages(pages, cursorBytes, "end");
    if (start <= 0 || end <= 0) {
        std::printf("target 1000 pages of 256 KiB cursors differing at the end vs at the start: not measured: NOT met\n");
        return 1;
    }
    // Same work either way once the check does not compare prefixes: within 1.5 x.
    target("1000 pages of 256 KiB cursors, differing at the end / at the start", end / start, "x", 1.5);
    return 0;
}
