#include "secretstore.h"

#include <QCoreApplication>
#include <QMetaObject>

namespace Mcp {

void SecretStore::enqueue(SecretResult::Operation operation, const QString &serverId, const QString &key,
                          const QString &value, const QObject *context, Callback callback)
{
    SecretResult request;
    request.operation = operation;
    request.serverId = serverId;
    request.key = key;
    request.value = value;
    const quint64 job = m_nextJob++;
    m_pending.insert(job, {context, context != nullptr, std::move(callback)});
    start(job, request);
}

void SecretStore::read(const QString &serverId, const QString &key, const QObject *context, Callback callback)
{
    enqueue(SecretResult::Operation::Read, serverId, key, QString(), context, std::move(callback));
}

void SecretStore::write(const QString &serverId, const QString &key, const QString &value,
                        const QObject *context, Callback callback)
{
    enqueue(SecretResult::Operation::Write, serverId, key, value, context, std::move(callback));
}

void SecretStore::remove(const QString &serverId, const QString &key, const QObject *context, Callback callback)
{
    enqueue(SecretResult::Operation::Delete, serverId, key, QString(), context, std::move(callback));
}

void SecretStore::complete(quint64 job, const SecretResult &result)
{
    // Taken out before it runs, so a callback that starts another job is safe.
    const Pending pending = m_pending.take(job);
    if (pending.callback && (!pending.hasContext || pending.context))
        pending.callback(result);
    Q_EMIT finished(result);
}

QString MemorySecretStore::statusText() const
{
    return tr("Secrets are kept in memory only and are lost when MCP Scope quits.");
}

static QString memoryKey(const QString &serverId, const QString &key)
{
    return serverId + QLatin1Char('\n') + key;
}

QString MemorySecretStore::value(const QString &serverId, const QString &key, bool *found) const
{
    const auto it = m_values.constFind(memoryKey(serverId, key));
    if (found)
        *found = it != m_values.constEnd();
    return it != m_values.constEnd() ? *it : QString();
}

void MemorySecretStore::setValue(const QString &serverId, const QString &key, const QString &value)
{
    m_values.insert(memoryKey(serverId, key), value);
}

bool MemorySecretStore::removeValue(const QString &serverId, const QString &key)
{
    return m_values.remove(memoryKey(serverId, key)) > 0;
}

void MemorySecretStore::start(quint64 job, const SecretResult &request)
{
    SecretResult result = request;
    switch (request.operation) {
    case SecretResult::Operation::Read: {
        bool found = false;
        result.value = value(request.serverId, request.key, &found);
        if (!found)
            result.status = SecretResult::Status::NotFound;
        break;
    }
    case SecretResult::Operation::Write:
        setValue(request.serverId, request.key, request.value);
        result.value.clear();
        break;
    case SecretResult::Operation::Delete:
        if (!removeValue(request.serverId, request.key))
            result.status = SecretResult::Status::NotFound;
        break;
    }
    // Completed on the event loop, as a real keychain would, so callers cannot come to
    // rely on synchronous completion.
    QMetaObject::invokeMethod(this, [this, job, result] { complete(job, result); }, Qt::QueuedConnection);
}

} // namespace Mcp
