// Parses arbitrary text as an mcp.json file or pasted snippet (every dialect, JSONC), then
// writes what was read back out in the McpServers and VS Code dialects and parses that again:
// the servers must come back the same. Also checks stripComments() keeps every offset.

#include "config/mcpjson.h"
#include "fuzzcommon.h"

#include <QHash>
#include <QJsonDocument>
#include <QSet>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

// What an export in either dialect must carry over.
void checkSame(const ServerConfig &a, const ServerConfig &b, bool allFields)
{
    FUZZ_CHECK(a.name == b.name);
    FUZZ_CHECK(a.usesCommand() == b.usesCommand());
    if (a.usesCommand()) {
        FUZZ_CHECK(a.command == b.command);
        FUZZ_CHECK(a.args == b.args);
    } else {
        FUZZ_CHECK(a.url == b.url);
    }
    if (allFields) {
        QJsonObject left = a.toJson();
        QJsonObject right = b.toJson();
        // A dialect entry carries what its transport uses: an entry with both a command and a
        // url (contradictory, accepted on import) comes back without the unused half.
        const QStringList unused = a.usesCommand()
            ? QStringList{QStringLiteral("url"), QStringLiteral("headers"), QStringLiteral("bearerToken"), QStringLiteral("auth")}
            : QStringList{QStringLiteral("command"), QStringLiteral("args"), QStringLiteral("env"), QStringLiteral("cwd"),
                          QStringLiteral("inheritEnvironment")};
        for (const QString &key : unused + QStringList{QStringLiteral("id")}) {
            left.remove(key);
            right.remove(key);
        }
        if (left != right)
            std::fprintf(stderr, "first:  %s\nagain:  %s\n", QJsonDocument(left).toJson(QJsonDocument::Compact).constData(),
                         QJsonDocument(right).toJson(QJsonDocument::Compact).constData());
        FUZZ_CHECK(left == right);
    }
}

void roundTrip(const McpJsonImport &first, McpJsonDialect dialect, bool mcpScopeFields)
{
    McpJsonExportOptions options;
    options.dialect = dialect;
    options.secrets = ServerConfig::SecretHandling::Include;
    options.mcpScopeFields = mcpScopeFields;
    const QByteArray text = McpJson::exportText(first.servers, options);
    const McpJsonImport again = McpJson::parse(text);
    FUZZ_CHECK(again.isValid());
    FUZZ_CHECK(again.servers.size() == first.servers.size());
    // In the same order: the text keeps the servers in the order they were read.
    for (qsizetype i = 0; i < first.servers.size(); ++i)
        checkSame(first.servers.at(i), again.servers.at(i), mcpScopeFields);
}

} // namespace

FUZZ_INITIALIZE()

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Mcp::Fuzz::bytes(data, size).toByteArray();

    // Comments and trailing commas become spaces: offsets into the text stay valid.
    const QByteArray stripped = McpJson::stripComments(text);
    FUZZ_CHECK(stripped.size() == text.size());

    const McpJsonImport imported = McpJson::parse(text, QStringLiteral("fuzz.json"));
    if (!imported.isValid()) {
        FUZZ_CHECK(imported.servers.isEmpty());
        FUZZ_CHECK(imported.error.line >= 0 && imported.error.column >= 0);
        FUZZ_CHECK(!imported.error.toString().isEmpty());
        return 0;
    }
    FUZZ_CHECK(imported.error.isNull());
    QSet<QString> names;
    for (const ServerConfig &config : imported.servers) {
        FUZZ_CHECK(!config.id.isNull());
        names.insert(config.name);
        // What the approval dialog and the catalog compute from a pasted server.
        (void)config.commandLineForDisplay(ServerConfig::SecretDisplay::Reveal);
        (void)config.commandFingerprint();
        (void)McpJson::suggestName(config);
    }
    // A map keyed by name cannot hold two servers of one name.
    FUZZ_CHECK(names.size() == imported.servers.size());

    roundTrip(imported, McpJsonDialect::McpServers, true);
    roundTrip(imported, McpJsonDialect::McpServers, false);
    roundTrip(imported, McpJsonDialect::VsCode, false);
    return 0;
}
