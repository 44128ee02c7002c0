// Prints the JSON Schema Test Suite pass rate of each validation engine, and how long each took.
#include "../../auto/schema/jsonschemasuite.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.schema.*.debug=false"));
    const bool verbose = app.arguments().contains(QLatin1String("-v"));
    const struct { const char *name; Mcp::SchemaValidator::Engine engine; } engines[] = {
        {"combined (shipped)", Mcp::SchemaValidator::Engine::Combined},
        {"valijson only", Mcp::SchemaValidator::Engine::ValijsonOnly},
        {"message walk only", Mcp::SchemaValidator::Engine::MessagesOnly},
        {"valijson, raw schema", Mcp::SchemaValidator::Engine::ValijsonUnnormalized},
    };
    for (const auto &e : engines) {
        QElapsedTimer timer;
        timer.start();
        const SchemaSuite::Tally tally = SchemaSuite::run(QStringLiteral("draft7"), e.engine);
        std::printf("%-20s draft7: %d/%d passed (%.1f%%) in %lld ms\n", e.name, tally.passed, tally.total,
                    tally.percent(), static_cast<long long>(timer.elapsed()));
        if (verbose)
            for (const auto &f : tally.failures)
                std::printf("    %s / %s / %s\n", qPrintable(f.file), qPrintable(f.group), qPrintable(f.test));
    }
    std::printf("(skipped: optional/, refRemote.json)\n");
    return 0;
}
