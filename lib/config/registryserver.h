#pragma once

#include "mcpjson.h"
#include "serverconfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Mcp {

// One value a server.json leaves to the user: an argument, an environment variable, a header or
// a URL variable without a fixed "value", or a {variable} inside a fixed value.
struct RegistryInput
{
    enum class Role : quint8 { Argument, Environment, Header, UrlVariable };

    QString key;          // unique within its choice: the key of its value for RegistryServer::configFor()
    QString label;        // what a person knows it by: the variable, the flag, the valueHint or the name
    Role role = Role::Argument;
    QString description;
    QString defaultValue;
    QString placeholder;
    QStringList choices;  // when set, the value must be one of them
    QString format;       // string, number, boolean or filepath
    bool required = false;
    bool secret = false;
    // A secret that cannot live in the keychain (it goes on the command line or into the URL):
    // the configuration refers to it as ${input:id} and it is asked for at each connect.
    bool askedOnConnect = false;
};

// One way to run the server a server.json describes: a package or a remote.
struct RegistryChoice
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::RegistryChoice)

public:
    enum class Kind : quint8 { Package, Remote };

    Kind kind = Kind::Package;
    int index = 0;            // in "packages" or "remotes"
    QString registryType;     // npm, pypi, oci, nuget, mcpb, ... (packages only)
    QString identifier;       // the package name, image or bundle URL
    QString version;
    QString runtimeHint;
    QString fileSha256;
    QString transport;        // stdio, streamable-http or sse
    QString url;              // the URL template of an HTTP transport
    QList<RegistryInput> inputs;
    QJsonObject entry;        // the package or remote as written

    // "npm @scope/server 1.0.2 (stdio)", "streamable-http https://…": for lists and messages.
    QString label() const;
    // Whether --server TEXT names this choice: a package's registry type or identifier, a
    // remote's URL (as written) or transport type.
    bool matches(const QString &text) const;
};

// The filled-in choice: a configuration, or why there is none.
struct RegistryConfigResult
{
    std::optional<ServerConfig> config;
    QStringList missing;  // labels of required inputs without a value
    QStringList warnings; // what the user should know (a server they start themselves, a pinned "latest")
    QString error;        // set when config is empty
};

// A server.json of the MCP Registry (schema 2025-12-11 and the camelCase ones before it):
// what it offers and, for one choice and the user's values, a ServerConfig that runs it.
struct RegistryServer
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::RegistryServer)

public:
    QString sourcePath;   // file or URL; empty for pasted text
    QString name;         // reverse-DNS, e.g. io.github.user/weather
    QString title;
    QString description;
    QString version;
    QString websiteUrl;
    QList<RegistryChoice> choices; // the packages, then the remotes, in document order
    QStringList warnings;
    ConfigParseError error;        // set when the document cannot be used

    bool isValid() const { return error.isNull(); }
    // A name for the server list: the title, else the part of the name after the slash.
    QString displayName() const;
    // The choice --config FILE uses without --server: the first remote, else the first package.
    int defaultChoice() const;
    // The choice --server TEXT names, or -1.
    int findChoice(const QString &text) const;

    static RegistryServer parse(const QByteArray &text, const QString &sourcePath = QString());
    static RegistryServer readFile(const QString &path);
    // Whether a JSON document is a server.json rather than an mcp.json: "packages" or "remotes"
    // beside a "name", or the registry's "$schema".
    static bool looksLikeServerJson(const QByteArray &text);
    static bool isServerJsonFile(const QString &path);

    // The configuration for choice `choice` with `values` keyed by RegistryInput::key. An input
    // without an entry takes its default; an entry, even empty, is what the user chose. Secrets
    // never become literal arguments: a secret environment variable or header is a secret entry
    // (kept in the keychain by the catalog); any other secret is an ${input:id} asked at connect.
    RegistryConfigResult configFor(int choice, const QHash<QString, QString> &values) const;
    // configFor() for a command line, which cannot ask: an input takes its value from
    // *variables (-e NAME=VALUE, by the input's label) or, for a header, from *headers (--header),
    // else an environment variable's from `environment`, else its default. The pairs used are
    // taken out of *variables and *headers.
    RegistryConfigResult configForCommandLine(int choice, QList<QPair<QString, QString>> *variables,
                                              QList<QPair<QString, QString>> *headers,
                                              const QProcessEnvironment &environment) const;
};

} // namespace Mcp
