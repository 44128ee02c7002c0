#include "serverconfig.h"
#include "config/configkeys.h"

#include "jsonutil_p.h"
#include "jsonrpc/json.h"
#include "transport/credentials.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <cstring>
#include <QRegularExpression>

namespace Mcp {

namespace {

const QString kMask = QStringLiteral("\u2022\u2022\u2022\u2022");

QJsonArray entriesToJson(const QList<ConfigEntry> &entries, ServerConfig::SecretHandling secrets)
{
    QJsonArray array;
    for (const ConfigEntry &entry : entries) {
        QJsonObject object{{ConfigKey::Name, entry.name}};
        const bool omit = entry.secret && secrets == ServerConfig::SecretHandling::Omit;
        object.insert(ConfigKey::Value, omit ? QString() : entry.value);
        if (entry.secret)
            object.insert(ConfigKey::Secret, true);
        array.append(object);
    }
    return array;
}

QList<ConfigEntry> entriesFromJson(const QJsonValue &value, const QString &what, QStringList *warnings)
{
    QList<ConfigEntry> entries;
    if (value.isUndefined())
        return entries;
    if (value.isObject()) {
        // Tolerate the mcp.json map form {"NAME": "value"} in hand-edited files.
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            entries.append({it.key(), ConfigDetail::scalarToString(it.value()), false});
        return entries;
    }
    if (!value.isArray()) {
        if (warnings)
            warnings->append(ServerConfig::tr("\"%1\" is not a list; ignored.").arg(what));
        return entries;
    }
    for (const QJsonValue &item : value.toArray()) {
        const QJsonObject object = item.toObject();
        const QString name = object.value(ConfigKey::Name).toString();
        if (name.isEmpty()) {
            if (warnings)
                warnings->append(ServerConfig::tr("An entry of \"%1\" has no name; ignored.").arg(what));
            continue;
        }
        entries.append({name, object.value(ConfigKey::Value).toString(), object.value(ConfigKey::Secret).toBool()});
    }
    return entries;
}

int intMember(const QJsonObject &object, QLatin1String key, int fallback)
{
    const QJsonValue value = object.value(key);
    return value.isDouble() ? value.toInt(fallback) : fallback;
}

bool boolMember(const QJsonObject &object, QLatin1String key, bool fallback)
{
    const QJsonValue value = object.value(key);
    return value.isBool() ? value.toBool() : fallback;
}

// Keys of `object` other than `known`, so that they survive a round trip.
QJsonObject unknownMembers(const QJsonObject &object, std::initializer_list<QLatin1String> known)
{
    QJsonObject rest = object;
    for (QLatin1String key : known)
        rest.remove(key);
    return rest;
}

bool isIdentifier(QStringView text)
{
    if (text.isEmpty())
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const bool ok = c == QLatin1Char('_') || (c.unicode() < 128 && c.isLetter())
            || (i > 0 && c.unicode() < 128 && c.isDigit());
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

QJsonObject InputPrompt::toJson() const
{
    QJsonObject object{{QLatin1String("id"), id},
                       {QLatin1String("type"), QLatin1String("promptString")},
                       {QLatin1String("description"), description}};
    if (!defaultValue.isEmpty())
        object.insert(QLatin1String("default"), defaultValue);
    if (password)
        object.insert(QLatin1String("password"), true);
    return object;
}

InputPrompt InputPrompt::fromJson(const QJsonObject &object)
{
    InputPrompt prompt;
    prompt.id = object.value(QLatin1String("id")).toString();
    prompt.description = object.value(QLatin1String("description")).toString();
    prompt.defaultValue = object.value(QLatin1String("default")).toString();
    prompt.password = object.value(QLatin1String("password")).toBool();
    return prompt;
}

QUuid ServerConfig::newId()
{
    // QUuid::createUuid() draws from QRandomGenerator::system(), which on x86 executes
    // RDRAND/RDSEED for every id: a fifth of reading a file of many servers. An id needs to be
    // unique, not secret: the global generator (seeded from the system one) is enough.
    quint32 random[4];
    QRandomGenerator::global()->fillRange(random);
    return QUuid(random[0], quint16(random[1] >> 16), quint16((random[1] & 0x0fff) | 0x4000), // version 4
                 uchar(((random[2] >> 24) & 0x3f) | 0x80), // variant RFC 4122
                 uchar(random[2] >> 16), uchar(random[2] >> 8), uchar(random[2]), uchar(random[3] >> 24),
                 uchar(random[3] >> 16), uchar(random[3] >> 8), uchar(random[3]));
}

ServerConfig ServerConfig::create(const QString &name)
{
    ServerConfig config;
    config.id = newId();
    config.name = name;
    return config;
}

namespace {

using ConfigDetail::EnumWord;

constexpr EnumWord<ServerConfig::TransportType> TransportWords[] = {
    {ServerConfig::TransportType::Stdio, QLatin1StringView("stdio")},
    {ServerConfig::TransportType::StreamableHttp, QLatin1StringView("http")},
    {ServerConfig::TransportType::Sse, QLatin1StringView("sse")},
    {ServerConfig::TransportType::Auto, QLatin1StringView("auto")}};
constexpr EnumWord<ServerAuth::Mode> ModeWords[] = {{ServerAuth::Mode::Automatic, QLatin1StringView("auto")},
                                                    {ServerAuth::Mode::None, QLatin1StringView("none")},
                                                    {ServerAuth::Mode::Bearer, QLatin1StringView("bearer")},
                                                    {ServerAuth::Mode::OAuth, QLatin1StringView("oauth")}};
constexpr EnumWord<ServerAuth::Grant> GrantWords[] = {
    {ServerAuth::Grant::Automatic, QLatin1StringView("auto")},
    {ServerAuth::Grant::AuthorizationCode, QLatin1StringView("authorization_code")},
    {ServerAuth::Grant::ClientCredentials, QLatin1StringView("client_credentials")}};
constexpr EnumWord<ProxySettings::Mode> ProxyModeWords[] = {{ProxySettings::Mode::System, QLatin1StringView("system")},
                                                            {ProxySettings::Mode::None, QLatin1StringView("none")},
                                                            {ProxySettings::Mode::Manual, QLatin1StringView("manual")}};

} // namespace

QString ServerConfig::transportToString(TransportType transport) { return ConfigDetail::wordOf(TransportWords, transport); }

ServerConfig::TransportType ServerConfig::transportFromString(const QString &text, bool *ok)
{
    QString word = text.trimmed().toLower();
    // What other clients' files call Streamable HTTP.
    if (word == QLatin1String("streamable-http") || word == QLatin1String("streamablehttp")
        || word == QLatin1String("streamable_http"))
        word = QStringLiteral("http");
    return ConfigDetail::valueOf(TransportWords, word, ok);
}

QString ServerConfig::scopeToString(Scope scope)
{
    return scope == Scope::Project ? QStringLiteral("project") : QStringLiteral("user");
}

QString ServerConfig::displayName(TransportType transport)
{
    switch (transport) {
    case TransportType::Stdio: return tr("Standard I/O (local process)");
    case TransportType::StreamableHttp: return tr("Streamable HTTP");
    case TransportType::Sse: return tr("HTTP+SSE (legacy)");
    case TransportType::Auto: return tr("HTTP (detect)");
    }
    return QString();
}

QString ServerConfig::proxyModeToString(ProxySettings::Mode mode) { return ConfigDetail::wordOf(ProxyModeWords, mode); }
ProxySettings::Mode ServerConfig::proxyModeFromString(const QString &text) { return ConfigDetail::valueOf(ProxyModeWords, text); }

QString ServerAuth::modeToString(Mode mode) { return ConfigDetail::wordOf(ModeWords, mode); }
ServerAuth::Mode ServerAuth::modeFromString(const QString &text) { return ConfigDetail::valueOf(ModeWords, text); }
QString ServerAuth::grantToString(Grant grant) { return ConfigDetail::wordOf(GrantWords, grant); }
ServerAuth::Grant ServerAuth::grantFromString(const QString &text) { return ConfigDetail::valueOf(GrantWords, text); }

QJsonObject ServerConfig::toJson(SecretHandling secrets) const
{
    QJsonObject object = extra;
    object.insert(ConfigKey::Id, id.toString(QUuid::WithoutBraces));
    object.insert(ConfigKey::Name, name);
    object.insert(ConfigKey::Transport, transportToString(transport));
    object.insert(ConfigKey::Command, command);
    object.insert(ConfigKey::Args, QJsonArray::fromStringList(args));
    object.insert(ConfigKey::Env, entriesToJson(env, secrets));
    object.insert(ConfigKey::InheritEnvironment, inheritEnvironment);
    object.insert(ConfigKey::Cwd, workingDirectory);
    object.insert(ConfigKey::Url, url);
    object.insert(ConfigKey::Headers, entriesToJson(headers, secrets));
    object.insert(ConfigKey::BearerToken, secrets == SecretHandling::Omit ? QString() : bearerToken);
    if (!auth.isDefault() || extra.contains(ConfigKey::Auth)) {
        QJsonObject a = extra.value(ConfigKey::Auth).toObject();
        a.insert(ConfigKey::AuthMode, ServerAuth::modeToString(auth.mode));
        a.insert(ConfigKey::Grant, ServerAuth::grantToString(auth.grant));
        a.insert(ConfigKey::ClientId, auth.clientId);
        a.insert(ConfigKey::ClientSecret, secrets == SecretHandling::Omit ? QString() : auth.clientSecret);
        a.insert(ConfigKey::Scopes, auth.scopes);
        // The later settings only when set: files written before them stay as they were.
        const QList<QPair<QLatin1String, QString>> optional{{ConfigKey::ClientIssuer, auth.clientIssuer},
                                                            {ConfigKey::ClientKeyFile, auth.clientKeyFile},
                                                            {ConfigKey::ClientMetadataUrl, auth.clientMetadataUrl},
                                                            {ConfigKey::WorkloadTokenFile, auth.workloadTokenFile}};
        for (const auto &[key, value] : optional) {
            if (!value.isEmpty())
                a.insert(key, value);
        }
        if (!auth.dpop)
            a.insert(ConfigKey::Dpop, false);
        object.insert(ConfigKey::Auth, a);
    }
    const TlsSettings &tls = network.tls;
    if (!tls.isDefault() || extra.contains(ConfigKey::Tls)) {
        QJsonObject t = extra.value(ConfigKey::Tls).toObject();
        const auto putOrRemove = [&t](QLatin1StringView key, const QJsonValue &value, bool present) {
            if (present)
                t.insert(key, value);
            else
                t.remove(key);
        };
        QJsonArray pins;
        for (const QByteArray &pin : tls.pinnedSha256)
            pins.append(QString::fromLatin1(pin));
        putOrRemove(ConfigKey::CaFiles, QJsonArray::fromStringList(tls.caFiles), !tls.caFiles.isEmpty());
        putOrRemove(ConfigKey::PinnedSha256, pins, !pins.isEmpty());
        putOrRemove(ConfigKey::ClientCertificate, tls.clientCertificateFile, !tls.clientCertificateFile.isEmpty());
        putOrRemove(ConfigKey::ClientKey, tls.clientKeyFile, !tls.clientKeyFile.isEmpty());
        putOrRemove(ConfigKey::ClientKeyPassphrase,
                    secrets == SecretHandling::Omit ? QString() : QString::fromUtf8(tls.clientKeyPassphrase),
                    !tls.clientKeyPassphrase.isEmpty() || !tls.clientKeyFile.isEmpty());
        putOrRemove(ConfigKey::ClientKeyPem, secrets == SecretHandling::Omit ? QString() : QString::fromLatin1(tls.clientKeyPem),
                    !tls.clientKeyPem.isEmpty());
        object.insert(ConfigKey::Tls, t);
    }
    const ProxySettings &proxy = network.proxy;
    if (!proxy.isDefault() || extra.contains(ConfigKey::Proxy)) {
        QJsonObject p = extra.value(ConfigKey::Proxy).toObject();
        p.insert(ConfigKey::ProxyMode, proxyModeToString(proxy.mode));
        if (proxy.url.isEmpty())
            p.remove(ConfigKey::Url);
        else
            p.insert(ConfigKey::Url, proxy.url.toString());
        if (proxy.mode == ProxySettings::Mode::Manual)
            p.insert(ConfigKey::Password, secrets == SecretHandling::Omit ? QString() : proxy.password);
        else
            p.remove(ConfigKey::Password);
        object.insert(ConfigKey::Proxy, p);
    }

    // Written over what the file had there: the members we do not know stay.
    const auto putNested = [&](QLatin1StringView key, std::initializer_list<std::pair<QLatin1StringView, QJsonValue>> members) {
        QJsonObject nested = extra.value(key).toObject();
        for (const auto &[name, value] : members)
            nested.insert(name, value);
        object.insert(key, nested);
    };
    putNested(ConfigKey::Timeouts, {{ConfigKey::RequestMs, timeouts.requestMs},
                                    {ConfigKey::ResetOnProgress, timeouts.resetOnProgress},
                                    {ConfigKey::MaxTotalMs, timeouts.maxTotalMs},
                                    {ConfigKey::ConnectMs, timeouts.connectMs}});

    object.insert(ConfigKey::PingIntervalMs, pingIntervalMs);

    putNested(ConfigKey::AutoRestart, {{ConfigKey::Enabled, autoRestart.enabled},
                                       {ConfigKey::InitialBackoffMs, autoRestart.initialBackoffMs},
                                       {ConfigKey::MaxBackoffMs, autoRestart.maxBackoffMs},
                                       {ConfigKey::MaxAttempts, autoRestart.maxAttempts}});

    object.insert(ConfigKey::Notes, notes);
    if (!era.isEmpty())
        object.insert(ConfigKey::Era, era);
    if (!eraRecord.isEmpty())
        object.insert(ConfigKey::EraRecord, eraRecord);
    object.insert(ConfigKey::Scope, scopeToString(scope));
    QJsonArray inputArray;
    for (const InputPrompt &prompt : inputs)
        inputArray.append(prompt.toJson());
    object.insert(ConfigKey::Inputs, inputArray);
    return object;
}

void ServerConfig::appendJsonText(QByteArray &out, int level, SecretHandling secrets) const
{
    // Keys of our own that meet keys kept from elsewhere (extra), and OAuth settings, are rare:
    // those go the general way, through toJson().
    if (!extra.isEmpty() || !auth.isDefault() || !network.isDefault()) {
        Json::serializeIndentedTo(out, toJson(secrets), level);
        return;
    }
    const bool omit = secrets == SecretHandling::Omit;
    // The members in the order QJsonObject keeps them (sorted), each on a line of its own. A
    // line's start (the separator, the indentation and the key, or a closing bracket) goes out in
    // one append: QByteArray::append goes through a general insert.
    const auto line = [&out](bool first, int depth, QLatin1String key, char bracket) {
        char text[160];
        const qsizetype size = 2 + 4 * depth + key.size() + 4;
        if (size > qsizetype(sizeof text)) { // deeper than any file nests it
            out += first ? "\n" : ",\n";
            Json::appendIndentTo(out, depth);
            if (!key.isEmpty())
                out += '"' + QByteArray(key.data(), key.size()) + "\": ";
            if (bracket)
                out += bracket;
            return;
        }
        qsizetype n = 0;
        if (!first)
            text[n++] = ',';
        text[n++] = '\n';
        std::memset(text + n, ' ', size_t(4 * depth));
        n += 4 * depth;
        if (!key.isEmpty()) {
            text[n++] = '"';
            std::memcpy(text + n, key.data(), size_t(key.size()));
            n += key.size();
            std::memcpy(text + n, "\": ", 3);
            n += 3;
        }
        if (bracket)
            text[n++] = bracket;
        out.append(text, n);
    };
    // Objects open with '{' alone: their first key starts the line.
    const auto key = [&line](int depth, QLatin1String name, bool first = false) { line(first, depth, name, 0); };
    const auto close = [&line](int depth, char bracket) { line(true, depth, QLatin1String(), bracket); };
    const auto string = [&out](const QString &text) { Json::serializeStringTo(out, text); };
    const auto boolean = [&out](bool value) { out += value ? "true" : "false"; };
    const int in = level + 1;
    const auto strings = [&](const QStringList &list) {
        out += '[';
        for (qsizetype i = 0; i < list.size(); ++i) {
            line(i == 0, in + 1, QLatin1String(), 0);
            string(list.at(i));
        }
        close(in, ']');
    };
    const auto entries = [&](const QList<ConfigEntry> &list) {
        out += '[';
        for (qsizetype i = 0; i < list.size(); ++i) {
            const ConfigEntry &entry = list.at(i);
            line(i == 0, in + 1, QLatin1String(), '{');
            key(in + 2, ConfigKey::Name, true);
            string(entry.name);
            if (entry.secret) {
                key(in + 2, ConfigKey::Secret);
                boolean(true);
            }
            key(in + 2, ConfigKey::Value);
            string(entry.secret && omit ? QString() : entry.value);
            close(in + 1, '}');
        }
        close(in, ']');
    };

    out += '{';
    key(in, ConfigKey::Args, true);
    strings(args);
    key(in, ConfigKey::AutoRestart);
    out += '{';
    key(in + 1, ConfigKey::Enabled, true);
    boolean(autoRestart.enabled);
    key(in + 1, ConfigKey::InitialBackoffMs);
    Json::serializeIntegerTo(out, autoRestart.initialBackoffMs);
    key(in + 1, ConfigKey::MaxAttempts);
    Json::serializeIntegerTo(out, autoRestart.maxAttempts);
    key(in + 1, ConfigKey::MaxBackoffMs);
    Json::serializeIntegerTo(out, autoRestart.maxBackoffMs);
    close(in, '}');
    key(in, ConfigKey::BearerToken);
    string(omit ? QString() : bearerToken);
    key(in, ConfigKey::Command);
    string(command);
    key(in, ConfigKey::Cwd);
    string(workingDirectory);
    key(in, ConfigKey::Env);
    entries(env);
    if (!era.isEmpty()) {
        key(in, ConfigKey::Era);
        string(era);
    }
    if (!eraRecord.isEmpty()) {
        key(in, ConfigKey::EraRecord);
        Json::serializeIndentedTo(out, eraRecord, in);
    }
    key(in, ConfigKey::Headers);
    entries(headers);
    key(in, ConfigKey::Id);
    string(id.toString(QUuid::WithoutBraces));
    key(in, ConfigKey::InheritEnvironment);
    boolean(inheritEnvironment);
    key(in, ConfigKey::Inputs);
    QJsonArray inputArray;
    for (const InputPrompt &prompt : inputs)
        inputArray.append(prompt.toJson());
    Json::serializeIndentedTo(out, inputArray, in);
    key(in, ConfigKey::Name);
    string(name);
    key(in, ConfigKey::Notes);
    string(notes);
    key(in, ConfigKey::PingIntervalMs);
    Json::serializeIntegerTo(out, pingIntervalMs);
    key(in, ConfigKey::Scope);
    string(scopeToString(scope));
    key(in, ConfigKey::Timeouts);
    out += '{';
    key(in + 1, ConfigKey::ConnectMs, true);
    Json::serializeIntegerTo(out, timeouts.connectMs);
    key(in + 1, ConfigKey::MaxTotalMs);
    Json::serializeIntegerTo(out, timeouts.maxTotalMs);
    key(in + 1, ConfigKey::RequestMs);
    Json::serializeIntegerTo(out, timeouts.requestMs);
    key(in + 1, ConfigKey::ResetOnProgress);
    boolean(timeouts.resetOnProgress);
    close(in, '}');
    key(in, ConfigKey::Transport);
    string(transportToString(transport));
    key(in, ConfigKey::Url);
    string(url);
    close(level, '}');
}

ServerConfig ServerConfig::fromJson(const QJsonObject &object, QStringList *warnings)
{
    ServerConfig config;
    config.id = QUuid::fromString(object.value(ConfigKey::Id).toString());
    if (config.id.isNull())
        config.id = newId();
    config.name = object.value(ConfigKey::Name).toString();

    const QJsonValue transport = object.value(ConfigKey::Transport);
    if (!transport.isUndefined()) {
        bool ok = false;
        config.transport = transportFromString(transport.toString(), &ok);
        if (!ok && warnings)
            warnings->append(tr("Unknown transport \"%1\"; using stdio.").arg(transport.toString()));
    }
    config.command = object.value(ConfigKey::Command).toString();
    for (const QJsonValue &arg : object.value(ConfigKey::Args).toArray())
        config.args.append(ConfigDetail::scalarToString(arg));
    config.env = entriesFromJson(object.value(ConfigKey::Env), ConfigKey::Env, warnings);
    config.inheritEnvironment = boolMember(object, ConfigKey::InheritEnvironment, true);
    config.workingDirectory = object.value(ConfigKey::Cwd).toString();
    config.url = object.value(ConfigKey::Url).toString();
    config.headers = entriesFromJson(object.value(ConfigKey::Headers), ConfigKey::Headers, warnings);
    config.bearerToken = object.value(ConfigKey::BearerToken).toString();
    const QJsonObject a = object.value(ConfigKey::Auth).toObject();
    config.auth.mode = ServerAuth::modeFromString(a.value(ConfigKey::AuthMode).toString());
    config.auth.grant = ServerAuth::grantFromString(a.value(ConfigKey::Grant).toString());
    config.auth.clientId = a.value(ConfigKey::ClientId).toString();
    config.auth.clientSecret = a.value(ConfigKey::ClientSecret).toString();
    config.auth.scopes = a.value(ConfigKey::Scopes).toString();
    config.auth.clientIssuer = a.value(ConfigKey::ClientIssuer).toString();
    config.auth.clientKeyFile = a.value(ConfigKey::ClientKeyFile).toString();
    config.auth.clientMetadataUrl = a.value(ConfigKey::ClientMetadataUrl).toString();
    config.auth.workloadTokenFile = a.value(ConfigKey::WorkloadTokenFile).toString();
    config.auth.dpop = boolMember(a, ConfigKey::Dpop, true);

    const QJsonObject tls = object.value(ConfigKey::Tls).toObject();
    for (const QJsonValue &file : tls.value(ConfigKey::CaFiles).toArray())
        config.network.tls.caFiles.append(file.toString());
    for (const QJsonValue &pin : tls.value(ConfigKey::PinnedSha256).toArray()) {
        if (const std::optional<QByteArray> fingerprint = NetworkTrust::parseFingerprint(pin.toString()))
            config.network.tls.pinnedSha256.append(*fingerprint);
        else if (warnings)
            warnings->append(tr("Ignored a pinned certificate fingerprint that is not 64 hex digits: %1").arg(pin.toString()));
    }
    config.network.tls.clientCertificateFile = tls.value(ConfigKey::ClientCertificate).toString();
    config.network.tls.clientKeyFile = tls.value(ConfigKey::ClientKey).toString();
    config.network.tls.clientKeyPassphrase = tls.value(ConfigKey::ClientKeyPassphrase).toString().toUtf8();
    config.network.tls.clientKeyPem = tls.value(ConfigKey::ClientKeyPem).toString().toLatin1();
    const QJsonObject proxy = object.value(ConfigKey::Proxy).toObject();
    config.network.proxy.mode = proxyModeFromString(proxy.value(ConfigKey::ProxyMode).toString());
    config.network.proxy.url = QUrl(proxy.value(ConfigKey::Url).toString());
    config.network.proxy.password = proxy.value(ConfigKey::Password).toString();

    const QJsonObject t = object.value(ConfigKey::Timeouts).toObject();
    config.timeouts.requestMs = intMember(t, ConfigKey::RequestMs, config.timeouts.requestMs);
    config.timeouts.resetOnProgress = boolMember(t, ConfigKey::ResetOnProgress, config.timeouts.resetOnProgress);
    config.timeouts.maxTotalMs = intMember(t, ConfigKey::MaxTotalMs, config.timeouts.maxTotalMs);
    config.timeouts.connectMs = intMember(t, ConfigKey::ConnectMs, config.timeouts.connectMs);

    config.pingIntervalMs = intMember(object, ConfigKey::PingIntervalMs, 0);

    const QJsonObject r = object.value(ConfigKey::AutoRestart).toObject();
    config.autoRestart.enabled = boolMember(r, ConfigKey::Enabled, false);
    config.autoRestart.initialBackoffMs = intMember(r, ConfigKey::InitialBackoffMs, config.autoRestart.initialBackoffMs);
    config.autoRestart.maxBackoffMs = intMember(r, ConfigKey::MaxBackoffMs, config.autoRestart.maxBackoffMs);
    config.autoRestart.maxAttempts = intMember(r, ConfigKey::MaxAttempts, config.autoRestart.maxAttempts);

    config.notes = object.value(ConfigKey::Notes).toString();
    config.era = object.value(ConfigKey::Era).toString();
    config.eraRecord = object.value(ConfigKey::EraRecord).toObject();
    config.scope = object.value(ConfigKey::Scope).toString() == QLatin1String("project") ? Scope::Project : Scope::User;
    for (const QJsonValue &input : object.value(ConfigKey::Inputs).toArray())
        config.inputs.append(InputPrompt::fromJson(input.toObject()));

    config.extra = unknownMembers(object, {ConfigKey::Id, ConfigKey::Name, ConfigKey::Transport, ConfigKey::Command, ConfigKey::Args, ConfigKey::Env, ConfigKey::InheritEnvironment,
                                           ConfigKey::Cwd, ConfigKey::Url, ConfigKey::Headers, ConfigKey::BearerToken, ConfigKey::Auth, ConfigKey::Tls, ConfigKey::Proxy, ConfigKey::Timeouts,
                                           ConfigKey::PingIntervalMs, ConfigKey::AutoRestart, ConfigKey::Notes, ConfigKey::Era, ConfigKey::EraRecord, ConfigKey::Scope, ConfigKey::Inputs});
    // Unknown keys inside the nested objects live under the same key in `extra`.
    const QJsonObject tRest = unknownMembers(t, {ConfigKey::RequestMs, ConfigKey::ResetOnProgress, ConfigKey::MaxTotalMs, ConfigKey::ConnectMs});
    if (!tRest.isEmpty())
        config.extra.insert(ConfigKey::Timeouts, tRest);
    const QJsonObject aRest = unknownMembers(a, {ConfigKey::AuthMode, ConfigKey::Grant, ConfigKey::ClientId, ConfigKey::ClientSecret, ConfigKey::Scopes, ConfigKey::ClientIssuer,
                                                 ConfigKey::ClientKeyFile, ConfigKey::ClientMetadataUrl, ConfigKey::WorkloadTokenFile, ConfigKey::Dpop});
    if (!aRest.isEmpty())
        config.extra.insert(ConfigKey::Auth, aRest);
    const QJsonObject tlsRest = unknownMembers(tls, {ConfigKey::CaFiles, ConfigKey::PinnedSha256, ConfigKey::ClientCertificate,
                                                     ConfigKey::ClientKey, ConfigKey::ClientKeyPassphrase, ConfigKey::ClientKeyPem});
    if (!tlsRest.isEmpty())
        config.extra.insert(ConfigKey::Tls, tlsRest);
    const QJsonObject proxyRest = unknownMembers(proxy, {ConfigKey::ProxyMode, ConfigKey::Url, ConfigKey::Password});
    if (!proxyRest.isEmpty())
        config.extra.insert(ConfigKey::Proxy, proxyRest);
    const QJsonObject rRest = unknownMembers(r, {ConfigKey::Enabled, ConfigKey::InitialBackoffMs, ConfigKey::MaxBackoffMs, ConfigKey::MaxAttempts});
    if (!rRest.isEmpty())
        config.extra.insert(ConfigKey::AutoRestart, rRest);
    return config;
}

bool ServerConfig::hasMissingSecrets() const
{
    const auto missing = [](const QList<ConfigEntry> &entries) {
        return std::any_of(entries.begin(), entries.end(),
                           [](const ConfigEntry &e) { return e.secret && e.value.isEmpty(); });
    };
    return missing(env) || missing(headers);
}

bool containsVariableReference(const QString &text)
{
    const qsizetype start = text.indexOf(QLatin1String("${"));
    return start >= 0 && text.indexOf(QLatin1Char('}'), start + 2) > start;
}

QString expandVariables(const QString &text, const QProcessEnvironment &environment,
                        const QHash<QString, QString> &inputs, const QList<InputPrompt> &prompts,
                        QStringList *unresolved)
{
    QString out;
    qsizetype pos = 0;
    while (pos < text.size()) {
        const qsizetype start = text.indexOf(QLatin1String("${"), pos);
        const qsizetype end = start < 0 ? -1 : text.indexOf(QLatin1Char('}'), start + 2);
        if (start < 0 || end < 0) {
            out += QStringView(text).mid(pos);
            break;
        }
        out += QStringView(text).mid(pos, start - pos);
        const QString reference = text.mid(start, end - start + 1);
        const QString inner = text.mid(start + 2, end - start - 2);
        pos = end + 1;

        QString value;
        bool found = false;
        if (inner.startsWith(QLatin1String("env:"))) {
            const QString name = inner.mid(4);
            found = environment.contains(name);
            value = environment.value(name);
        } else if (const QString id = ServerConfig::inputIdOf(reference); !id.isEmpty()) {
            if (inputs.contains(id)) {
                found = true;
                value = inputs.value(id);
            } else {
                for (const InputPrompt &prompt : prompts) {
                    if (prompt.id == id && !prompt.defaultValue.isEmpty()) {
                        found = true;
                        value = prompt.defaultValue;
                    }
                }
            }
        } else if (inner == QLatin1String("workspaceFolder")) {
            found = inputs.contains(inner);
            value = inputs.value(inner);
        } else if (inner == QLatin1String("userHome")) {
            found = true;
            value = inputs.contains(inner) ? inputs.value(inner)
                : environment.contains(QStringLiteral("HOME")) ? environment.value(QStringLiteral("HOME"))
                                                               : QDir::homePath();
        } else if (const qsizetype dash = inner.indexOf(QLatin1String(":-")); dash > 0
                   && isIdentifier(QStringView(inner).left(dash))) {
            // Claude Code's ${VAR:-default}: the default when VAR is unset or empty.
            const QString name = inner.left(dash);
            found = true;
            value = environment.value(name);
            if (value.isEmpty())
                value = inner.mid(dash + 2);
        } else if (isIdentifier(inner)) {
            found = environment.contains(inner);
            value = environment.value(inner);
        }

        if (found) {
            out += value;
        } else {
            out += reference;
            if (unresolved && !unresolved->contains(reference))
                unresolved->append(reference);
        }
    }
    return out;
}

QString ServerConfig::inputIdOf(const QString &reference)
{
    static const QLatin1String prefix("${input:");
    if (!reference.startsWith(prefix) || !reference.endsWith(QLatin1Char('}')))
        return {};
    return reference.mid(prefix.size(), reference.size() - prefix.size() - 1);
}

ServerConfig ServerConfig::resolved(const QProcessEnvironment &environment,
                                    const QHash<QString, QString> &inputValues,
                                    QStringList *unresolved) const
{
    const auto expand = [&](const QString &text) {
        return expandVariables(text, environment, inputValues, inputs, unresolved);
    };
    ServerConfig copy = *this;
    copy.command = expand(command);
    for (QString &arg : copy.args)
        arg = expand(arg);
    for (ConfigEntry &entry : copy.env)
        entry.value = expand(entry.value);
    copy.workingDirectory = expand(workingDirectory);
    copy.url = expand(url);
    for (ConfigEntry &entry : copy.headers)
        entry.value = expand(entry.value);
    copy.bearerToken = expand(bearerToken);
    copy.auth.clientId = expand(auth.clientId);
    copy.auth.clientSecret = expand(auth.clientSecret);
    copy.auth.scopes = expand(auth.scopes);
    copy.auth.clientIssuer = expand(auth.clientIssuer);
    copy.auth.clientKeyFile = expand(auth.clientKeyFile);
    copy.auth.clientMetadataUrl = expand(auth.clientMetadataUrl);
    copy.auth.workloadTokenFile = expand(auth.workloadTokenFile);
    for (QString &file : copy.network.tls.caFiles)
        file = expand(file);
    copy.network.tls.clientCertificateFile = expand(network.tls.clientCertificateFile);
    copy.network.tls.clientKeyFile = expand(network.tls.clientKeyFile);
    copy.network.tls.clientKeyPassphrase = expand(QString::fromUtf8(network.tls.clientKeyPassphrase)).toUtf8();
    copy.network.proxy.url = QUrl(expand(network.proxy.url.toString()));
    copy.network.proxy.password = expand(network.proxy.password);
    return copy;
}

QStringList ServerConfig::secretValues() const
{
    QStringList values;
    for (const ConfigEntry &entry : env + headers) {
        if (entry.secret && !entry.value.isEmpty())
            values.append(entry.value);
    }
    if (!bearerToken.isEmpty())
        values.append(bearerToken);
    if (!auth.clientSecret.isEmpty())
        values.append(auth.clientSecret);
    if (!network.tls.clientKeyPassphrase.isEmpty())
        values.append(QString::fromUtf8(network.tls.clientKeyPassphrase));
    if (!network.tls.clientKeyPem.isEmpty())
        values.append(QString::fromLatin1(network.tls.clientKeyPem));
    if (!network.proxy.password.isEmpty())
        values.append(network.proxy.password);
    // A password or key in the URL (https://user:PASSWORD@host/, ?api_key=...).
    if (!url.isEmpty())
        values += credentialsInUrl(url);
    return values;
}

QByteArray ServerConfig::commandFingerprint() const
{
    QJsonArray envArray;
    for (const ConfigEntry &entry : env)
        envArray.append(QJsonArray{entry.name, entry.value});
    const QJsonArray canonical{QStringLiteral("mcpscope-command-v1"),
                               transportToString(transport),
                               command,
                               QJsonArray::fromStringList(args),
                               envArray,
                               inheritEnvironment,
                               workingDirectory};
    const QByteArray bytes = QJsonDocument(canonical).toJson(QJsonDocument::Compact);
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QString shellQuote(const QString &word)
{
    if (word.isEmpty())
        return QStringLiteral("''");
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (safe.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

namespace {
// Windows paths are full of backslashes: there one only escapes a quote or a blank.
bool backslashIsLiteral(const QString &text, qsizetype at)
{
#ifdef Q_OS_WIN
    return at + 1 >= text.size() || !QStringView(u"'\" \t").contains(text.at(at + 1));
#else
    Q_UNUSED(text)
    Q_UNUSED(at)
    return false;
#endif
}
} // namespace

std::optional<QStringList> splitCommandLine(const QString &text, QString *error)
{
    QStringList words;
    QString word;
    bool inWord = false; // '' and "" make a word even when empty
    enum class Quote { None, Single, Double } quote = Quote::None;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quote == Quote::Single) {
            if (c == u'\'')
                quote = Quote::None;
            else
                word += c;
        } else if (quote == Quote::Double) {
            if (c == u'"') {
                quote = Quote::None;
            } else if (c == u'\\' && i + 1 < text.size()
                       && QStringView(u"\\\"$`\n").contains(text.at(i + 1))) {
                if (text.at(++i) != u'\n') // a backslash-newline joins the lines
                    word += text.at(i);
            } else {
                word += c;
            }
        } else if (c == u'\'' || c == u'"') {
            quote = c == u'\'' ? Quote::Single : Quote::Double;
            inWord = true;
        } else if (c == u'\\' && !backslashIsLiteral(text, i)) {
            if (i + 1 >= text.size()) {
                if (error)
                    *error = ServerConfig::tr("The command line ends with a backslash.");
                return std::nullopt;
            }
            if (text.at(++i) != u'\n') {
                word += text.at(i);
                inWord = true;
            }
        } else if (c == u' ' || c == u'\t' || c == u'\n' || c == u'\r') {
            if (inWord)
                words.append(word);
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (quote != Quote::None) {
        if (error)
            *error = quote == Quote::Single ? ServerConfig::tr("A ' quote in the command line is not closed.")
                                            : ServerConfig::tr("A \" quote in the command line is not closed.");
        return std::nullopt;
    }
    if (inWord)
        words.append(word);
    return words;
}

bool looksLikeCommandLine(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || QFileInfo::exists(trimmed))
        return false;
    const std::optional<QStringList> words = splitCommandLine(trimmed);
    // An unclosed quote is still a command line being typed, not a program's name.
    return !words || words->size() > 1;
}

bool looksLikeUrl(const QString &text)
{
    const QString trimmed = text.trimmed();
    return (trimmed.startsWith(QLatin1String("http://"), Qt::CaseInsensitive)
            || trimmed.startsWith(QLatin1String("https://"), Qt::CaseInsensitive)
            || trimmed.startsWith(QLatin1String("ws://"), Qt::CaseInsensitive)
            || trimmed.startsWith(QLatin1String("wss://"), Qt::CaseInsensitive))
        && !trimmed.contains(QLatin1Char(' '));
}

QString ServerConfig::commandLineForDisplay(SecretDisplay secrets) const
{
    QStringList words;
    if (!workingDirectory.isEmpty())
        words << QStringLiteral("cd") << shellQuote(workingDirectory) << QStringLiteral("&&");
    if (!inheritEnvironment || !env.isEmpty()) {
        words << QStringLiteral("env");
        if (!inheritEnvironment)
            words << QStringLiteral("-i");
        for (const ConfigEntry &entry : env) {
            const QString value = entry.secret && secrets == SecretDisplay::Mask
                ? kMask : shellQuote(entry.value);
            words << (isIdentifier(entry.name) ? entry.name : shellQuote(entry.name)) + QLatin1Char('=') + value;
        }
    }
    // A first word with '=' would be read as an assignment by the shell: quote it.
    QString program = shellQuote(command);
    if (program == command && command.contains(QLatin1Char('=')))
        program = QLatin1Char('\'') + command + QLatin1Char('\'');
    words << program;
    for (const QString &arg : args)
        words << shellQuote(arg);
    return words.join(QLatin1Char(' '));
}

bool operator==(const ServerConfig &a, const ServerConfig &b)
{
    return a.id == b.id && a.name == b.name && a.transport == b.transport && a.command == b.command
        && a.args == b.args && a.env == b.env && a.inheritEnvironment == b.inheritEnvironment
        && a.workingDirectory == b.workingDirectory && a.url == b.url && a.headers == b.headers
        && a.bearerToken == b.bearerToken && a.auth == b.auth && a.network == b.network && a.timeouts == b.timeouts
        && a.pingIntervalMs == b.pingIntervalMs && a.autoRestart == b.autoRestart
        && a.notes == b.notes && a.era == b.era && a.eraRecord == b.eraRecord && a.scope == b.scope && a.inputs == b.inputs && a.extra == b.extra;
}

} // namespace Mcp
