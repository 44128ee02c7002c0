#pragma once

#include "config/secretstore.h"

#include <QHash>
#include <QList>
#include <QString>

namespace QKeychain {
class Job;
}

namespace Mcp {

// Secrets in the desktop keychain (Secret Service, KWallet, macOS Keychain, Windows
// Credential Manager) through QtKeychain. On a machine without a usable keychain (for
// example no D-Bus session or no Secret Service) it says so in statusText() and keeps
// the values in memory for this session only; it never falls back to a plain file
// (QtKeychain's "insecure fallback" stays off). Storing them in the catalog file instead
// is the user's explicit choice (ServerCatalog::setSecretsInFile()).
class KeychainSecretStore : public SecretStore
{
    Q_OBJECT
    Q_PROPERTY(Availability availability READ availability NOTIFY statusChanged)
    Q_PROPERTY(QString unavailableReason READ unavailableReason NOTIFY statusChanged)

public:
    enum class Availability { Unknown, Available, Unavailable };
    Q_ENUM(Availability)

    // Starts probing the keychain at once; operations issued meanwhile wait for the answer.
    explicit KeychainSecretStore(QObject *parent = nullptr);
    KeychainSecretStore(const QString &service, int probeTimeoutMs, QObject *parent = nullptr);
    ~KeychainSecretStore() override;

    Availability availability() const { return m_availability; }
    // The backend's own words when the keychain cannot be used; empty otherwise.
    QString unavailableReason() const { return m_unavailableReason; }

    bool isPersistent() const override { return m_availability == Availability::Available; }
    // Empty while the keychain works; "No keychain: secrets are kept in memory only (...)." otherwise.
    QString statusText() const override;

    QString service() const { return m_service; }

protected:
    void start(quint64 job, const SecretResult &request) override;

private:
    void probe(int timeoutMs);
    void setAvailability(Availability availability, const QString &reason);
    void runOnKeychain(quint64 job, const SecretResult &request);
    void runInMemory(quint64 job, const SecretResult &request);
    QString keychainKey(const SecretResult &request) const;

    QString m_service;
    Availability m_availability = Availability::Unknown;
    QString m_unavailableReason;
    QList<QPair<quint64, SecretResult>> m_waiting; // issued before the probe answered
    QHash<QString, QString> m_memory;              // fallback, and values a keychain refused
};

} // namespace Mcp
