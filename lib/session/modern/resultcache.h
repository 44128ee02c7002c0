#pragma once

#include <QHash>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

namespace Mcp::Modern {

// The caching hints of a cacheable result (server/utilities/caching.mdx).
struct CacheHints
{
    enum class Scope { Unspecified, Public, Private };
    qint64 ttlMs = 0; // absent or negative: 0, immediately stale
    Scope scope = Scope::Unspecified;
};
CacheHints cacheHintsOf(const QJsonObject &result);

// Results of server/discover, the list calls and resources/read, answered from memory while
// fresh (now < received + ttlMs). The key is the method with its params (without `_meta`);
// private results (and those with no scope) are kept per authorization context, public ones
// are shared. Results of multi round-trip retries and interim results are never kept.
class ResultCache
{
public:
    enum class Lookup { UseFresh, ForceRefresh };

    // `clock`: milliseconds from any fixed origin; a monotonic clock by default.
    explicit ResultCache(std::function<qint64()> clock = {});

    static bool isCacheable(const QString &method);

    void store(const QString &method, const QJsonObject &params, const QJsonObject &result,
               const QString &authorizationContext = {});
    // A fresh result for this request; nullopt when there is none or a refresh is forced.
    std::optional<QJsonObject> lookup(const QString &method, const QJsonObject &params,
                                      const QString &authorizationContext = {},
                                      Lookup mode = Lookup::UseFresh) const;
    // The same, with how long (ms from now, > 0) the result stays fresh.
    struct Fresh
    {
        QJsonObject result;
        qint64 freshForMs = 0;
    };
    std::optional<Fresh> find(const QString &method, const QJsonObject &params,
                              const QString &authorizationContext = {}) const;
    // How long a result just stored stays fresh (its ttlMs; 0 when it was not kept).
    static qint64 freshForMs(const QString &method, const QJsonObject &params, const QJsonObject &result);
    // A change notification makes what it names stale: list_changed the list (both resource
    // lists for resources), resources/updated the reads of its uri.
    void invalidateFor(const QString &notificationMethod, const QJsonObject &notificationParams);
    // Every page of a list (a cursor the server no longer accepts: pagination.mdx says start over).
    void invalidateMethod(const QString &method);
    void clear() { m_entries.clear(); }

private:
    struct Entry
    {
        QString method;
        QString uri;
        QJsonObject result;
        qint64 freshUntil = 0;
    };
    void removeIf(const std::function<bool(const Entry &)> &stale);

    std::function<qint64()> m_clock;
    QHash<QString, Entry> m_entries;
};

} // namespace Mcp::Modern
