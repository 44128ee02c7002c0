// Reads arbitrary text as a registry server.json and fills every choice (with no values, and with
// every input given the same text); reads it as an install link. What comes out must hold:
// a refused document has a reason and no choices, a secret never becomes a literal argument or
// URL, and every configuration made turns into links of each form that parse back to it.

#include "config/installlink.h"
#include "config/registryserver.h"
#include "fuzzcommon.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

void checkLinks(const ServerConfig &config)
{
    for (const InstallLink::Format format : {InstallLink::Format::McpScope, InstallLink::Format::VsCode,
                                             InstallLink::Format::VsCodeInsiders, InstallLink::Format::Cursor}) {
        const QString link = InstallLink::build(config, format);
        FUZZ_CHECK(InstallLink::looksLikeInstallLink(link));
        if (link.size() > InstallLink::MaxLinkLength)
            continue;
        const InstallLink::Parsed parsed = InstallLink::parse(link);
        // A configuration without a command or with an unusable URL is refused, with a reason.
        if (!parsed.config) {
            FUZZ_CHECK(!parsed.error.isEmpty());
            continue;
        }
        FUZZ_CHECK(parsed.format == format);
        FUZZ_CHECK(parsed.config->usesCommand() == config.usesCommand());
        if (config.usesCommand()) {
            FUZZ_CHECK(parsed.config->command == config.command);
            FUZZ_CHECK(parsed.config->args == config.args);
        } else {
            FUZZ_CHECK(parsed.config->url == config.url);
        }
    }
}

void checkChoice(const RegistryServer &server, int index, const QString &given)
{
    const RegistryChoice &choice = server.choices.at(index);
    QHash<QString, QString> values;
    for (const RegistryInput &input : choice.inputs) {
        FUZZ_CHECK(!input.key.isEmpty());
        values.insert(input.key, given);
    }
    for (const QHash<QString, QString> &attempt : {QHash<QString, QString>(), values}) {
        const RegistryConfigResult result = server.configFor(index, attempt);
        FUZZ_CHECK(result.config.has_value() == result.error.isEmpty());
        if (!result.config)
            continue;
        const ServerConfig &config = *result.config;
        // A secret that cannot be kept in the keychain is asked for, never written.
        bool askedSecret = false;
        for (const RegistryInput &input : choice.inputs)
            askedSecret = askedSecret || input.askedOnConnect;
        if (askedSecret && !given.isEmpty() && !attempt.isEmpty()) {
            const QString plain = config.args.join(QLatin1Char('\n')) + QLatin1Char('\n') + config.url;
            // Only when the given text is nothing a fixed part of the document could also hold.
            if (given.size() > 12 && !choice.entry.isEmpty()
                && !QString::fromUtf8(QJsonDocument(choice.entry).toJson()).contains(given))
                FUZZ_CHECK(!plain.contains(given));
        }
        checkLinks(config);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const bool quiet = (Fuzz::quietQt(), true);
    Q_UNUSED(quiet)
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));

    const RegistryServer server = RegistryServer::parse(text, QStringLiteral("server.json"));
    if (!server.isValid()) {
        FUZZ_CHECK(!server.error.reason.isEmpty());
        FUZZ_CHECK(server.choices.isEmpty());
    } else {
        FUZZ_CHECK(!server.choices.isEmpty());
        FUZZ_CHECK(server.defaultChoice() >= 0);
        const QString given = QStringLiteral("fuzz-secret-value-%1").arg(size);
        for (int i = 0; i < server.choices.size(); ++i)
            checkChoice(server, i, given);
    }
    (void)RegistryServer::looksLikeServerJson(text);

    const InstallLink::Parsed link = InstallLink::parse(QString::fromUtf8(text));
    FUZZ_CHECK(link.config.has_value() == link.error.isEmpty());
    if (link.config)
        checkLinks(*link.config);
    return 0;
}
