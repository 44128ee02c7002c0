#pragma once

#include "transport/networksettings.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QUuid>

#include <optional>

namespace Mcp {

// One name/value pair of a server's environment or HTTP headers. Values keep their
// original text (with ${VAR} references); expansion happens at connect time only.
struct ConfigEntry
{
    QString name;
    QString value;
    bool secret = false; // kept out of plain files (see ServerCatalog and SecretStore)

    friend bool operator==(const ConfigEntry &a, const ConfigEntry &b)
    {
        return a.name == b.name && a.value == b.value && a.secret == b.secret;
    }
    friend bool operator!=(const ConfigEntry &a, const ConfigEntry &b) { return !(a == b); }
};

// A value the user types when connecting, referenced as ${input:id} (VS Code "inputs").
struct InputPrompt
{
    QString id;
    QString description;
    QString defaultValue;
    bool password = false;

    QJsonObject toJson() const;
    static InputPrompt fromJson(const QJsonObject &object);
    friend bool operator==(const InputPrompt &a, const InputPrompt &b)
    {
        return a.id == b.id && a.description == b.description
            && a.defaultValue == b.defaultValue && a.password == b.password;
    }
};

// Request timeouts, in milliseconds; 0 means "no limit".
struct ServerTimeouts
{
    int requestMs = 60000;
    bool resetOnProgress = true;
    int maxTotalMs = 300000;
    int connectMs = 30000;

    friend bool operator==(const ServerTimeouts &a, const ServerTimeouts &b)
    {
        return a.requestMs == b.requestMs && a.resetOnProgress == b.resetOnProgress
            && a.maxTotalMs == b.maxTotalMs && a.connectMs == b.connectMs;
    }
};

// Restart a stdio server that exits unexpectedly, with exponential backoff.
struct AutoRestart
{
    bool enabled = false;
    int initialBackoffMs = 1000;
    int maxBackoffMs = 30000;
    int maxAttempts = 5; // consecutive failed restarts before giving up; 0 = unlimited

    friend bool operator==(const AutoRestart &a, const AutoRestart &b)
    {
        return a.enabled == b.enabled && a.initialBackoffMs == b.initialBackoffMs
            && a.maxBackoffMs == b.maxBackoffMs && a.maxAttempts == b.maxAttempts;
    }
};

// How an HTTP server is authorized.
struct ServerAuth
{
    enum class Mode : quint8 {
        Automatic, // the bearer token when one is set, otherwise OAuth when the server asks (401)
        None,      // no Authorization header; a 401 is an error
        Bearer,    // the bearer token only
        OAuth,     // OAuth 2.1 (MCP authorization spec) when the server asks
    };
    enum class Grant : quint8 { Automatic, AuthorizationCode, ClientCredentials };

    Mode mode = Mode::Automatic;
    Grant grant = Grant::Automatic;
    QString clientId;     // pre-registered; empty: client metadata document or dynamic registration
    QString clientSecret; // always a secret (store key "oauth/clientSecret")
    QString scopes;       // space-separated; empty: what the server asks for
    // The issuer of the authorization server that issued clientId; empty: whichever the server
    // names. Elsewhere the client registers anew (credentials are bound to their issuer).
    QString clientIssuer;
    QString clientKeyFile;     // private_key_jwt: a PEM file with the client's ES256 key, read when needed, never copied
    QString clientMetadataUrl; // https URL of this client's metadata document (CIMD), used where the server takes one
    QString workloadTokenFile; // workload identity: a file with the JWT for the jwt-bearer grant, read at each sign-in
    bool dpop = true;          // DPoP-bound tokens (RFC 9449) where the authorization server offers them

    bool isDefault() const { return *this == ServerAuth(); }
    // Whether OAuth may run for this server (with or without a bearer token set).
    bool usesOAuth(const QString &bearerToken) const
    {
        return mode == Mode::OAuth || (mode == Mode::Automatic && bearerToken.isEmpty());
    }
    static QString modeToString(Mode mode);   // auto, none, bearer, oauth
    static Mode modeFromString(const QString &text);
    static QString grantToString(Grant grant); // auto, authorization_code, client_credentials
    static Grant grantFromString(const QString &text);

    friend bool operator==(const ServerAuth &a, const ServerAuth &b)
    {
        return a.mode == b.mode && a.grant == b.grant && a.clientId == b.clientId
            && a.clientSecret == b.clientSecret && a.scopes == b.scopes && a.clientIssuer == b.clientIssuer
            && a.clientKeyFile == b.clientKeyFile && a.clientMetadataUrl == b.clientMetadataUrl
            && a.workloadTokenFile == b.workloadTokenFile && a.dpop == b.dpop;
    }
    friend bool operator!=(const ServerAuth &a, const ServerAuth &b) { return !(a == b); }
};

// How to reach one MCP server. A plain value type: public members, copied freely.
// toJson()/fromJson() are the one place the catalog format is defined; keys this
// version does not know are kept in `extra` and written back unchanged.
struct ServerConfig
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::ServerConfig)

public:
    enum class TransportType : quint8 {
        Stdio,          // child process, newline-delimited JSON on stdin/stdout
        StreamableHttp, // "http": Streamable HTTP (2025-03-26 and later)
        Sse,            // legacy HTTP+SSE (2024-11-05)
        Auto,           // a URL: try Streamable HTTP, fall back to legacy SSE
    };
    enum class Scope : quint8 { User, Project };
    enum class SecretHandling : quint8 { Omit, Include };

    QUuid id;
    QString name;
    TransportType transport = TransportType::Stdio;
    QString command;
    QStringList args;            // never split on spaces
    QList<ConfigEntry> env;      // ordered as the user wrote them
    bool inheritEnvironment = true;
    QString workingDirectory;
    QString url;                 // text, not QUrl: it may hold ${VAR} references
    QList<ConfigEntry> headers;
    QString bearerToken;         // always a secret
    ServerAuth auth;             // HTTP only; written as "auth" when not the default
    // URL servers: trust beyond the system store, client certificate, proxy; written as "tls" and
    // "proxy" when not the default. Passphrase and proxy password are secrets; `insecure` is never written.
    NetworkSettings network;
    ServerTimeouts timeouts;
    int pingIntervalMs = 0;      // 0 = no keep-alive pings
    AutoRestart autoRestart;
    QString notes;
    // The protocol era choice as Modern::EraChoice::toString() writes it ("auto", "modern",
    // "modern:2026-07-28", "legacy", "legacy:2025-06-18"); empty: auto. Written as "era" when set.
    QString era;
    // The protocol era an earlier connection decided (session/modern's EraRecord::toJson: era,
    // version, source), written as "eraRecord" when known; ClientOptions::chooseEra reads it.
    QJsonObject eraRecord;
    Scope scope = Scope::User;
    QList<InputPrompt> inputs;   // prompts for ${input:id} references
    QJsonObject extra;           // unknown keys, preserved on round trip

    // A new configuration with a fresh id.
    static ServerConfig create(const QString &name = QString());
    // A random (version 4) id, as QUuid::createUuid() makes, for create() and loops that give
    // many servers ids.
    static QUuid newId();

    bool usesCommand() const { return transport == TransportType::Stdio; }
    bool usesUrl() const { return !usesCommand(); }

    // The catalog form. With SecretHandling::Omit, secret values are written as
    // empty strings (their entries and secret flags are kept).
    QJsonObject toJson(SecretHandling secrets = SecretHandling::Include) const;
    // toJson(secrets) as QJsonDocument::Indented writes it nested `level` deep, appended to out
    // (the same bytes: tst_serverconfig holds it to that). A catalog of many servers is written
    // this way, without a QJsonObject per server, whose every member costs allocations.
    void appendJsonText(QByteArray &out, int level, SecretHandling secrets = SecretHandling::Include) const;
    // Never fails: missing or wrongly typed members take their defaults, a missing or
    // invalid id gets a new one. *warnings (optional) says what was ignored.
    static ServerConfig fromJson(const QJsonObject &object, QStringList *warnings = nullptr);

    // True when some secret has no value in memory (to be read from a SecretStore).
    bool hasMissingSecrets() const;

    // A copy with ${VAR}, ${env:VAR}, ${VAR:-default}, ${input:id}, ${workspaceFolder}
    // and ${userHome} expanded in command, args, env values, working directory, URL,
    // header values and bearer token. Inputs are looked up in `inputs` by id, then
    // InputPrompt::defaultValue. ${workspaceFolder} and ${userHome} may be given in
    // `inputs` under those names; ${userHome} falls back to HOME, then QDir::homePath().
    // References that cannot be resolved stay as written and are listed (as written,
    // e.g. "${input:api-key}", once each) in *unresolved.
    ServerConfig resolved(const QProcessEnvironment &environment,
                          const QHash<QString, QString> &inputs,
                          QStringList *unresolved) const;
    // The id in an ${input:id} reference as resolved() lists it; empty for any other reference.
    static QString inputIdOf(const QString &reference);

    // The values to redact wherever they occur (traffic views, captures): secret env and header
    // values, the bearer token, the OAuth client secret and the URL's password and credential
    // query parameters (credentialsInUrl), the empty ones left out. Ask a
    // resolved() copy, whose values are the ones sent.
    QStringList secretValues() const;

    // SHA-256 (hex) of what decides which process is started: transport, command, args,
    // env names and values, inheritEnvironment and working directory. Secret values are
    // not part of it (they are loaded later from the keychain); their names are.
    QByteArray commandFingerprint() const;

    enum class SecretDisplay : quint8 { Mask, Reveal };
    // The exact POSIX shell line that corresponds to the configuration, for the
    // approval dialog: [cd DIR && ][env [-i] NAME=VALUE ...] COMMAND ARGS..., each word
    // quoted only where needed. Secret values appear as '••••' unless revealed.
    QString commandLineForDisplay(SecretDisplay secrets = SecretDisplay::Mask) const;

    static QString transportToString(TransportType transport); // stdio, http, sse, auto
    static TransportType transportFromString(const QString &text, bool *ok = nullptr);
    static QString proxyModeToString(ProxySettings::Mode mode); // system, none, manual
    static ProxySettings::Mode proxyModeFromString(const QString &text);
    static QString scopeToString(Scope scope);
    static QString displayName(TransportType transport); // translated, for the GUI

    friend bool operator==(const ServerConfig &a, const ServerConfig &b);
    friend bool operator!=(const ServerConfig &a, const ServerConfig &b) { return !(a == b); }
};

// POSIX shell quoting of one word: as is when it only holds safe characters,
// otherwise in single quotes ('' for the empty string).
QString shellQuote(const QString &word);

// Splits a command line into words as a POSIX shell does, and nothing more (no variables, globs
// or operators): unquoted blanks separate words; '...' keeps everything literally; "..." keeps
// everything but \\, \", \$ and \` which lose their backslash; an unquoted backslash keeps the
// next character (on Windows, only a quote or a blank: paths are full of backslashes there).
// The inverse of shellQuote(): the one rule for the Add Server dialog, the
// command line and imports. std::nullopt, with the reason in *error, for an unclosed quote or
// a trailing backslash.
std::optional<QStringList> splitCommandLine(const QString &text, QString *error = nullptr);

// Whether text typed where a program belongs is rather a whole command line ("npx -y server"):
// it has a blank outside quotes and is not the path of an existing file.
bool looksLikeCommandLine(const QString &text);

// Whether text typed where a program belongs is an http://, https://, ws:// or wss:// URL.
bool looksLikeUrl(const QString &text);

// Expands ${...} references in one string (the rules of ServerConfig::resolved());
// references that cannot be resolved stay as written and are appended to *unresolved.
QString expandVariables(const QString &text, const QProcessEnvironment &environment,
                        const QHash<QString, QString> &inputs,
                        const QList<InputPrompt> &prompts, QStringList *unresolved);

// True when the text holds at least one ${...} reference.
bool containsVariableReference(const QString &text);

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::ServerConfig)
