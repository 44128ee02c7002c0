// Reads arbitrary text as Codex's config.toml and as a Continue or Goose config.yaml. Whatever
// reads: writing its first server back into the text (HostConfig::writeEntry) gives a file that
// reads again with the same servers, and Record in a Host's rewrite of that server either says
// why not or gives a file that reads again. What does not read says where.

#include "config/hostconfigs.h"
#include "config/recordrewrite.h"
#include "fuzzcommon.h"

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

QStringList namesOf(const McpJsonImport &result)
{
    QStringList names;
    for (const ServerConfig &config : result.servers)
        names.append(config.name);
    return names;
}

void checkFile(const QByteArray &text, const QString &path)
{
    const McpJsonImport imported = HostConfig::parse(text, path);
    if (!imported.isValid()) {
        FUZZ_CHECK(imported.servers.isEmpty());
        FUZZ_CHECK(!imported.error.toString().isEmpty());
        return;
    }
    if (imported.servers.isEmpty())
        return;
    const ServerConfig &first = imported.servers.first();
    QString error;
    if (const auto written = HostConfig::writeEntry(text, path, first, ServerConfig::SecretHandling::Include, &error)) {
        const McpJsonImport again = HostConfig::parse(*written, path);
        FUZZ_CHECK(again.isValid());
        FUZZ_CHECK(namesOf(again).contains(first.name));
    } else {
        FUZZ_CHECK(!error.isEmpty());
    }
    RecordRewrite::Recorder recorder{QStringLiteral("/usr/bin/mcpscope"), QString(), QUrl(QStringLiteral("http://127.0.0.1:9"))};
    if (const auto wrapped = RecordRewrite::wrap(text, first.name, recorder, &error))
        FUZZ_CHECK(HostConfig::parse(*wrapped, path).isValid());
    else
        FUZZ_CHECK(!error.isEmpty());
}

} // namespace

FUZZ_INITIALIZE()

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Mcp::Fuzz::bytes(data, size).toByteArray();
    checkFile(text, QStringLiteral("config.toml"));
    checkFile(text, QStringLiteral("config.yaml"));
    return 0;
}
