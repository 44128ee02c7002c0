#pragma once

#include <QHash>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace Mcp {

// The outcome of one secret-store operation.
struct SecretResult
{
    enum class Operation : quint8 { Read, Write, Delete };
    enum class Status : quint8 {
        Ok,
        NotFound,    // read or delete of a key that has no value
        Unavailable, // no usable backend (the store falls back to memory; see statusText())
        Failed,      // the backend refused or broke; errorString says why
    };

    Operation operation = Operation::Read;
    Status status = Status::Ok;
    QString serverId;
    QString key;
    QString value;       // Read only
    QString errorString;

    bool ok() const { return status == Status::Ok; }
};

// Where secret values (tokens, secret env values and headers) live, keyed by
// (server id, key). Asynchronous, because a keychain may ask the user to unlock it:
// every call completes later, on the event loop, never inside the call.
// Keys used by ServerCatalog: "env/NAME", "header/Name", "bearerToken".
class SecretStore : public QObject
{
    Q_OBJECT
    Q_PROPERTY(bool persistent READ isPersistent NOTIFY statusChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusChanged)

public:
    using Callback = std::function<void(const SecretResult &)>;

    using QObject::QObject;

    // The callback runs only while `context` lives (it may be null: then finished() is the
    // only notice). finished() is emitted for every operation either way.
    void read(const QString &serverId, const QString &key, const QObject *context = nullptr,
              Callback callback = {});
    void write(const QString &serverId, const QString &key, const QString &value,
               const QObject *context = nullptr, Callback callback = {});
    void remove(const QString &serverId, const QString &key, const QObject *context = nullptr,
                Callback callback = {});

    // True when values survive a restart (a working keychain).
    virtual bool isPersistent() const = 0;
    // A sentence for the GUI, e.g. "No keychain: secrets are kept in memory only."; empty when all is well.
    virtual QString statusText() const { return QString(); }

Q_SIGNALS:
    void finished(const Mcp::SecretResult &result);
    void statusChanged();

protected:
    // Implementations start the operation and call complete(job, result) later.
    virtual void start(quint64 job, const SecretResult &request) = 0;
    void complete(quint64 job, const SecretResult &result);

private:
    struct Pending
    {
        QPointer<const QObject> context;
        bool hasContext = false;
        Callback callback;
    };
    void enqueue(SecretResult::Operation operation, const QString &serverId, const QString &key, const QString &value,
                 const QObject *context, Callback callback);

    quint64 m_nextJob = 1;
    QHash<quint64, Pending> m_pending;
};

// Keeps secrets in this process only. Used when no keychain is available, and by tests.
class MemorySecretStore : public SecretStore
{
    Q_OBJECT

public:
    using SecretStore::SecretStore;

    bool isPersistent() const override { return false; }
    QString statusText() const override;

    // Synchronous access for the fallback path of other stores.
    QString value(const QString &serverId, const QString &key, bool *found = nullptr) const;
    void setValue(const QString &serverId, const QString &key, const QString &value);
    bool removeValue(const QString &serverId, const QString &key);
    int count() const { return int(m_values.size()); }

protected:
    void start(quint64 job, const SecretResult &request) override;

private:
    QHash<QString, QString> m_values;
};

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::SecretResult)
