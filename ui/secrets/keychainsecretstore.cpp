#include "keychainsecretstore.h"

#include <QLoggingCategory>
#include <QMetaObject>
#include <QPointer>
#include <QTimer>

#include <qt6keychain/keychain.h>

Q_LOGGING_CATEGORY(lcKeychain, "mcp.config.keychain")

namespace Mcp {

namespace {
const QString kProbeKey = QStringLiteral("mcpscope-keychain-probe");
constexpr int kDefaultProbeTimeoutMs = 20000; // long enough for a user to unlock a keyring
}

KeychainSecretStore::KeychainSecretStore(QObject *parent)
    : KeychainSecretStore(QStringLiteral("MCP Scope"), kDefaultProbeTimeoutMs, parent)
{
}

KeychainSecretStore::KeychainSecretStore(const QString &service, int probeTimeoutMs, QObject *parent)
    : SecretStore(parent)
    , m_service(service)
{
    probe(probeTimeoutMs);
}

KeychainSecretStore::~KeychainSecretStore() = default;

QString KeychainSecretStore::statusText() const
{
    switch (m_availability) {
    case Availability::Available:
        return QString();
    case Availability::Unknown:
        return tr("Checking the keychain\u2026");
    case Availability::Unavailable:
        break;
    }
    return m_unavailableReason.isEmpty()
        ? tr("No keychain: secrets are kept in memory only.")
        : tr("No keychain: secrets are kept in memory only (%1).").arg(m_unavailableReason);
}

void KeychainSecretStore::probe(int timeoutMs)
{
    // Reading an entry that does not exist tells us whether a backend answers at all,
    // without writing anything.
    auto *job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(kProbeKey);
    connect(job, &QKeychain::Job::finished, this, [this](QKeychain::Job *finished) {
        if (m_availability != Availability::Unknown)
            return; // the timeout already decided
        const QKeychain::Error error = finished->error();
        if (error == QKeychain::NoError || error == QKeychain::EntryNotFound)
            setAvailability(Availability::Available, QString());
        else
            setAvailability(Availability::Unavailable, finished->errorString());
    });
    QTimer::singleShot(timeoutMs, this, [this, timeoutMs] {
        if (m_availability == Availability::Unknown)
            setAvailability(Availability::Unavailable,
                            tr("the keychain did not answer within %1 seconds").arg(timeoutMs / 1000));
    });
    job->start();
}

void KeychainSecretStore::setAvailability(Availability availability, const QString &reason)
{
    m_availability = availability;
    m_unavailableReason = reason;
    if (availability == Availability::Unavailable)
        qCWarning(lcKeychain).noquote() << "keychain unavailable:" << reason;
    Q_EMIT statusChanged();
    const auto waiting = std::exchange(m_waiting, {});
    for (const auto &[job, request] : waiting)
        start(job, request);
}

QString KeychainSecretStore::keychainKey(const SecretResult &request) const
{
    return request.serverId + QLatin1Char('/') + request.key;
}

void KeychainSecretStore::start(quint64 job, const SecretResult &request)
{
    switch (m_availability) {
    case Availability::Unknown:
        m_waiting.append({job, request});
        break;
    case Availability::Available:
        runOnKeychain(job, request);
        break;
    case Availability::Unavailable:
        runInMemory(job, request);
        break;
    }
}

void KeychainSecretStore::runInMemory(quint64 job, const SecretResult &request)
{
    SecretResult result = request;
    const QString key = keychainKey(request);
    switch (request.operation) {
    case SecretResult::Operation::Read:
        if (m_memory.contains(key))
            result.value = m_memory.value(key);
        else
            result.status = SecretResult::Status::NotFound;
        break;
    case SecretResult::Operation::Write:
        m_memory.insert(key, request.value);
        result.value.clear();
        break;
    case SecretResult::Operation::Delete:
        if (m_memory.remove(key) == 0)
            result.status = SecretResult::Status::NotFound;
        break;
    }
    QMetaObject::invokeMethod(this, [this, job, result] { complete(job, result); }, Qt::QueuedConnection);
}

void KeychainSecretStore::runOnKeychain(quint64 id, const SecretResult &request)
{
    QKeychain::Job *job = nullptr;
    switch (request.operation) {
    case SecretResult::Operation::Read:
        job = new QKeychain::ReadPasswordJob(m_service, this);
        break;
    case SecretResult::Operation::Write: {
        auto *write = new QKeychain::WritePasswordJob(m_service, this);
        write->setTextData(request.value);
        job = write;
        break;
    }
    case SecretResult::Operation::Delete:
        job = new QKeychain::DeletePasswordJob(m_service, this);
        break;
    }
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(keychainKey(request));
    connect(job, &QKeychain::Job::finished, this, [this, id, request](QKeychain::Job *finished) {
        SecretResult result = request;
        result.value.clear();
        const QString key = keychainKey(request);
        switch (finished->error()) {
        case QKeychain::NoError:
            if (request.operation == SecretResult::Operation::Read)
                result.value = static_cast<QKeychain::ReadPasswordJob *>(finished)->textData();
            else
                m_memory.remove(key);
            break;
        case QKeychain::EntryNotFound:
            // A value the keychain refused earlier may still be here for this session.
            if (request.operation == SecretResult::Operation::Read && m_memory.contains(key))
                result.value = m_memory.value(key);
            else
                result.status = SecretResult::Status::NotFound;
            if (request.operation == SecretResult::Operation::Delete && m_memory.remove(key) > 0)
                result.status = SecretResult::Status::Ok;
            break;
        default:
            result.status = SecretResult::Status::Failed;
            result.errorString = finished->errorString();
            qCWarning(lcKeychain).noquote() << "keychain operation failed:" << result.errorString;
            // The session keeps working with the value; it is just not stored for later.
            if (request.operation == SecretResult::Operation::Write)
                m_memory.insert(key, request.value);
            else if (request.operation == SecretResult::Operation::Read && m_memory.contains(key))
                result.value = m_memory.value(key);
            break;
        }
        complete(id, result);
    });
    job->start();
}

} // namespace Mcp
