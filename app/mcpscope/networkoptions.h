#pragma once

#include "transport/networksettings.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Mcp::Cli {

// --ca-file, --pin-sha256, --client-cert, --client-key, --client-key-passphrase-env, --insecure,
// --proxy and --no-proxy: how a run reaches a server over TLS and through proxies, for --cli,
// doctor and test alike. They apply over what a --config entry says (see applyTo).
struct NetworkOptions
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Cli::NetworkOptions)

public:
    QStringList caFiles;
    QList<QByteArray> pins;          // normalized fingerprints
    QString clientCertificateFile;
    QString clientKeyFile;
    QString passphraseVariable;      // the environment variable that holds the key's passphrase
    bool insecure = false;
    std::optional<QString> proxy;    // --proxy URL
    bool noProxy = false;

    static const QStringList &valuedNames();
    static const QStringList &flagNames();
    static QString helpText();
    // Takes one option (a flag's value is empty); returns an error sentence, or empty.
    QString take(const QString &name, const QString &value);

    // Applies the options over a server's settings: CA files and pins are added to the entry's,
    // a client certificate, a proxy choice and --insecure replace them. An error sentence (an
    // unset passphrase variable), or empty.
    QString applyTo(NetworkSettings *settings) const;
    // What --insecure means, said on stderr each time it is used; empty without it.
    QString warning() const;
};

} // namespace Mcp::Cli
