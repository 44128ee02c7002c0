#include "installlink.h"

#include "configkeys.h"
#include "mcpjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>
#include <QUrlQuery>

namespace Mcp {

namespace {

struct Prefix
{
    InstallLink::Format format;
    QLatin1String text;
};

// Spellings seen in the wild: VS Code's documented "vscode:mcp/install" and the URL forms.
const Prefix Prefixes[] = {
    {InstallLink::Format::McpScope, QLatin1String("mcpscope://install")},
    {InstallLink::Format::VsCode, QLatin1String("vscode:mcp/install")},
    {InstallLink::Format::VsCode, QLatin1String("vscode:/mcp/install")},
    {InstallLink::Format::VsCode, QLatin1String("vscode://mcp/install")},
    {InstallLink::Format::VsCodeInsiders, QLatin1String("vscode-insiders:mcp/install")},
    {InstallLink::Format::VsCodeInsiders, QLatin1String("vscode-insiders:/mcp/install")},
    {InstallLink::Format::VsCodeInsiders, QLatin1String("vscode-insiders://mcp/install")},
    {InstallLink::Format::Cursor, QLatin1String("cursor://anysphere.cursor-deeplink/mcp/install")},
    // The web redirects README badges use: name and config (URL-encoded JSON) as parameters.
    {InstallLink::Format::VsCode, QLatin1String("https://vscode.dev/redirect/mcp/install")},
    {InstallLink::Format::VsCodeInsiders, QLatin1String("https://insiders.vscode.dev/redirect/mcp/install")},
};

const Prefix *prefixOf(const QString &link)
{
    for (const Prefix &prefix : Prefixes) {
        if (link.startsWith(prefix.text, Qt::CaseInsensitive)) {
            const QChar next = link.size() > prefix.text.size() ? link.at(prefix.text.size()) : QChar();
            if (next.isNull() || next == QLatin1Char('?') || next == QLatin1Char('/'))
                return &prefix;
        }
    }
    return nullptr;
}

// Standard or URL-safe base64, padded or not (Cursor's links use btoa(), ours base64url).
std::optional<QByteArray> decodeBase64(QString text)
{
    text.replace(QLatin1Char(' '), QLatin1Char('+')); // a '+' that went through form decoding
    text.replace(QLatin1Char('-'), QLatin1Char('+')).replace(QLatin1Char('_'), QLatin1Char('/'));
    while (text.endsWith(QLatin1Char('=')))
        text.chop(1);
    while (text.size() % 4 != 0)
        text += QLatin1Char('=');
    const auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return *decoded;
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

QString InstallLink::formatName(Format format)
{
    switch (format) {
    case Format::McpScope: return QStringLiteral("MCP Scope");
    case Format::VsCode: return QStringLiteral("VS Code");
    case Format::VsCodeInsiders: return QStringLiteral("VS Code Insiders");
    case Format::Cursor: return QStringLiteral("Cursor");
    }
    return QString();
}

bool InstallLink::looksLikeInstallLink(const QString &text)
{
    return prefixOf(text.trimmed()) != nullptr;
}

InstallLink::Parsed InstallLink::parse(const QString &given)
{
    Parsed result;
    const QString link = given.trimmed();
    const Prefix *prefix = prefixOf(link);
    if (!prefix) {
        result.error = tr("This is not an install link (mcpscope://install, vscode:mcp/install or "
                          "cursor://anysphere.cursor-deeplink/mcp/install).");
        return result;
    }
    result.format = prefix->format;
    if (link.size() > MaxLinkLength) {
        result.error = tr("The link is %1 characters long; install links of more than %2 are refused.")
                           .arg(link.size()).arg(MaxLinkLength);
        return result;
    }
    const qsizetype question = link.indexOf(QLatin1Char('?'));
    const QString query = question < 0 ? QString() : link.mid(question + 1);
    if (query.isEmpty()) {
        result.error = tr("The link carries no server configuration (nothing after \"?\").");
        return result;
    }

    QString name;
    QByteArray json;
    const bool vscode = prefix->format == Format::VsCode || prefix->format == Format::VsCodeInsiders;
    if (vscode && !prefix->text.startsWith(QLatin1String("https:"))) {
        json = QUrl::fromPercentEncoding(query.toUtf8()).toUtf8();
    } else {
        const QUrlQuery items(query);
        name = items.queryItemValue(QStringLiteral("name"), QUrl::FullyDecoded);
        const QString config = items.queryItemValue(QStringLiteral("config"), QUrl::FullyDecoded);
        if (config.isEmpty()) {
            result.error = tr("The link has no \"config\" parameter.");
            return result;
        }
        // JSON as such (the vscode.dev redirects), or base64 of it.
        const std::optional<QByteArray> decoded =
            config.trimmed().startsWith(QLatin1Char('{')) ? std::optional(config.toUtf8()) : decodeBase64(config);
        if (!decoded) {
            result.error = tr("The link's \"config\" parameter is not base64.");
            return result;
        }
        json = *decoded;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        const QString reason = parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                             : tr("not an object");
        result.error = tr("The link's configuration is not a JSON object: %1 (at character %2).")
                           .arg(reason).arg(parseError.offset);
        return result;
    }
    QJsonObject entry = document.object();
    if (name.isEmpty())
        name = entry.value(ConfigKey::Name).toString();
    entry.remove(ConfigKey::Name);
    const QJsonValue inputs = entry.take(ConfigKey::Inputs);
    if (!entry.contains(ConfigKey::Command) && !entry.contains(ConfigKey::Url)) {
        result.error = tr("The link's configuration has neither a \"command\" nor a \"url\".");
        return result;
    }
    // Through the mcp.json reader, so a link means exactly what the same entry in a file means.
    const bool cursor = prefix->format == Format::Cursor;
    const QString key = name.isEmpty() ? QStringLiteral("server") : name;
    QJsonObject wrapper{{cursor ? ConfigKey::McpServers : ConfigKey::Servers, QJsonObject{{key, entry}}}};
    if (!cursor && inputs.isArray())
        wrapper.insert(ConfigKey::Inputs, inputs);
    const McpJsonImport imported = McpJson::parse(compact(wrapper));
    if (!imported.isValid() || imported.servers.size() != 1) {
        result.error = imported.isValid() ? tr("The link's configuration is not one server.") : imported.error.reason;
        return result;
    }
    ServerConfig config = imported.servers.first();
    config.id = ServerConfig::newId(); // never one the link chose
    if (name.isEmpty())
        config.name = McpJson::suggestName(config);
    if (config.usesCommand() && config.command.trimmed().isEmpty()) {
        result.error = tr("The link's configuration has an empty command.");
        return result;
    }
    if (config.usesUrl() && !looksLikeUrl(config.url) && !containsVariableReference(config.url)) {
        result.error = tr("The link's URL \"%1\" is not an http:// or https:// URL.").arg(config.url);
        return result;
    }
    result.warnings = imported.warnings;
    // A link names no file of this computer for its OAuth client: a key or a workload token read
    // from a path the link chose would be used for, or sent to, a server the link chose.
    if (!config.auth.clientKeyFile.isEmpty() || !config.auth.workloadTokenFile.isEmpty()) {
        result.warnings << tr("The link's OAuth key and workload token files are ignored: a link does not choose local "
                              "files. Set them in the server's settings if you want them.");
        config.auth.clientKeyFile.clear();
        config.auth.workloadTokenFile.clear();
    }
    result.config = config;
    return result;
}

QString InstallLink::build(const ServerConfig &config, Format format)
{
    const QString name = config.name.isEmpty() ? McpJson::suggestName(config) : config.name;
    const auto percent = [](const QString &text) { return QString::fromLatin1(QUrl::toPercentEncoding(text)); };
    if (format == Format::Cursor) {
        const McpJsonExportOptions options{McpJsonDialect::McpServers, ServerConfig::SecretHandling::Omit, false};
        const QByteArray base64 = compact(McpJson::exportEntry(config, options)).toBase64();
        return QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=%1&config=%2")
            .arg(percent(name), percent(QString::fromLatin1(base64)));
    }
    const McpJsonExportOptions options{McpJsonDialect::VsCode, ServerConfig::SecretHandling::Omit, false};
    QList<InputPrompt> generated;
    QJsonObject entry = McpJson::exportEntry(config, options, &generated);
    QJsonArray inputs;
    for (const InputPrompt &prompt : config.inputs + generated)
        inputs.append(prompt.toJson());
    if (format == Format::McpScope) {
        // What the VS Code form has no place for; secrets stay empty there.
        McpJsonExportOptions ours = options;
        ours.mcpScopeFields = true;
        QJsonObject fields = McpJson::exportEntry(config, ours).value(ConfigKey::XMcpscope).toObject();
        fields.remove(ConfigKey::Id);
        fields.remove(ConfigKey::Inputs);
        // Their values are ${input:…} prompts in a link, not values for the keychain.
        fields.remove(ConfigKey::SecretEnv);
        fields.remove(ConfigKey::SecretHeaders);
        if (!fields.isEmpty())
            entry.insert(ConfigKey::XMcpscope, fields);
    }
    if (!inputs.isEmpty())
        entry.insert(ConfigKey::Inputs, inputs);
    if (format == Format::McpScope) {
        const QByteArray base64 =
            compact(entry).toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
        return QStringLiteral("mcpscope://install?name=%1&config=%2").arg(percent(name), QString::fromLatin1(base64));
    }
    entry.insert(ConfigKey::Name, name);
    const QString scheme = format == Format::VsCodeInsiders ? QStringLiteral("vscode-insiders") : QStringLiteral("vscode");
    return QStringLiteral("%1:mcp/install?%2").arg(scheme, QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(compact(entry)))));
}

} // namespace Mcp
