// Server configuration files as the catalog reads them. The first byte picks what the rest is:
// the user catalog file (servers.json), a project's .mcp.json, or one server object. A file the
// catalog reads without a problem must survive save and load unchanged; a configuration must
// survive toJson/fromJson; ${...} expansion must leave text without references alone.

#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "config/serverconfig.h"
#include "fuzzcommon.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QTemporaryDir>


#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

QTemporaryDir *scratch = nullptr;

void writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    FUZZ_CHECK(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    FUZZ_CHECK(file.write(content) == content.size());
}

void clearScratch()
{
    QDir dir(scratch->path());
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot))
        dir.remove(name);
}

// The catalog form of every server, in catalog order, secrets left out (without a secret store
// they are not written to the file).
QList<QJsonObject> forms(const ServerCatalog &catalog)
{
    QList<QJsonObject> result;
    for (const ServerConfig &config : catalog.servers()) {
        QJsonObject form = config.toJson(ServerConfig::SecretHandling::Omit);
        // A .mcp.json entry carries what its transport uses: one with a command and headers
        // (contradictory, or of an unknown type, read as stdio) comes back without the unused half.
        if (config.scope == ServerConfig::Scope::Project) {
            const QStringList unused = config.usesCommand()
                ? QStringList{QStringLiteral("url"), QStringLiteral("headers"), QStringLiteral("bearerToken"), QStringLiteral("auth")}
                : QStringList{QStringLiteral("command"), QStringLiteral("args"), QStringLiteral("env"), QStringLiteral("cwd"),
                              QStringLiteral("inheritEnvironment")};
            for (const QString &key : unused)
                form.remove(key);
        }
        result.append(form);
    }
    return result;
}

void fuzzConfig(const QByteArray &text)
{
    const QJsonObject object = QJsonDocument::fromJson(text).object();
    QStringList warnings;
    const ServerConfig first = ServerConfig::fromJson(object, &warnings);
    FUZZ_CHECK(!first.id.isNull());
    const QJsonObject json = first.toJson();
    const ServerConfig second = ServerConfig::fromJson(json);
    FUZZ_CHECK(second == first);
    FUZZ_CHECK(second.toJson() == json);
    (void)first.commandLineForDisplay(ServerConfig::SecretDisplay::Reveal);
    (void)first.secretValues();

    QStringList unresolved;
    const QProcessEnvironment environment;
    const ServerConfig resolved = first.resolved(environment, {{QStringLiteral("workspaceFolder"), QStringLiteral("/w")}},
                                                 &unresolved);
    if (!containsVariableReference(first.url))
        FUZZ_CHECK(resolved.url == first.url);
}

void fuzzCatalog(const QByteArray &text, bool project)
{
    clearScratch();
    const QString userFile = scratch->filePath(QStringLiteral("servers.json"));
    if (project)
        writeFile(scratch->filePath(QStringLiteral(".mcp.json")), text);
    else
        writeFile(userFile, text);

    QList<QJsonObject> loaded;
    {
        ServerCatalog catalog(userFile);
        const bool ok = project ? catalog.load() && catalog.setProjectFolder(scratch->path()) : catalog.load();
        loaded = forms(catalog);
        if (!ok || !catalog.problems().isEmpty())
            return;
        FUZZ_CHECK(catalog.save());
    }
    ServerCatalog again(userFile);
    FUZZ_CHECK(again.load());
    if (project)
        FUZZ_CHECK(again.setProjectFolder(scratch->path()));
    FUZZ_CHECK(again.problems().isEmpty());
    const QList<QJsonObject> reloaded = forms(again);
    if (reloaded != loaded) {
        for (qsizetype i = 0; i < qMax(reloaded.size(), loaded.size()); ++i)
            std::fprintf(stderr, "loaded:   %s\nreloaded: %s\n",
                         QJsonDocument(loaded.value(i)).toJson(QJsonDocument::Compact).constData(),
                         QJsonDocument(reloaded.value(i)).toJson(QJsonDocument::Compact).constData());
    }
    FUZZ_CHECK(reloaded == loaded);
}

void fuzzExpansion(const QByteArray &text)
{
    const QString string = QString::fromUtf8(text);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("A"), QStringLiteral("1"));
    environment.insert(QStringLiteral("HOME"), QStringLiteral("/home/fuzz"));
    QStringList unresolved;
    const QList<InputPrompt> prompts{InputPrompt{QStringLiteral("key"), {}, QStringLiteral("d"), true}};
    const QString expanded = expandVariables(string, environment, {{QStringLiteral("id"), QStringLiteral("v")}},
                                             prompts, &unresolved);
    if (!containsVariableReference(string))
        FUZZ_CHECK(expanded == string && unresolved.isEmpty());
    for (const QString &reference : std::as_const(unresolved))
        FUZZ_CHECK(string.contains(reference));
}

} // namespace

FUZZ_INITIALIZE(scratch = new QTemporaryDir; FUZZ_CHECK(scratch->isValid()))

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return Mcp::Fuzz::dispatch(data, size,
                               {[](const QByteArray &text) { fuzzCatalog(text, false); },
                                [](const QByteArray &text) { fuzzCatalog(text, true); }, fuzzConfig, fuzzExpansion});
}
