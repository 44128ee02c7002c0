#include "resultcache.h"

#include "requestmeta.h"
#include "vocabulary.h"

#include "jsonrpc/json.h"

#include <QElapsedTimer>

#include <memory>

namespace Mcp::Modern {

namespace {

// Request params without `_meta` in one canonical form (QJsonObject keeps keys sorted).
QString requestKey(const QString &method, QJsonObject params)
{
    params.remove(MetaKey::Meta);
    return method + QLatin1Char('\n') + QString::fromUtf8(Json::serialize(params));
}

QString entryKey(const QString &requestKey, CacheHints::Scope scope, const QString &authorizationContext)
{
    if (scope == CacheHints::Scope::Public)
        return requestKey + QLatin1String("\npublic");
    return requestKey + QLatin1String("\nprivate\n") + authorizationContext;
}

} // namespace

CacheHints cacheHintsOf(const QJsonObject &result)
{
    CacheHints hints;
    hints.ttlMs = std::max<qint64>(0, qint64(result.value(Field::TtlMs).toDouble(0)));
    const QString scope = result.value(Field::CacheScope).toString();
    if (scope == Field::Public)
        hints.scope = CacheHints::Scope::Public;
    else if (scope == Field::Private)
        hints.scope = CacheHints::Scope::Private;
    return hints;
}

ResultCache::ResultCache(std::function<qint64()> clock) : m_clock(std::move(clock))
{
    if (!m_clock) {
        auto monotonic = std::make_shared<QElapsedTimer>();
        monotonic->start();
        m_clock = [monotonic] { return monotonic->elapsed(); };
    }
}

bool ResultCache::isCacheable(const QString &method)
{
    static const QStringList methods = {Method::Discover, Method::ToolsList, Method::PromptsList,
                                        Method::ResourcesList, Method::ResourceTemplatesList,
                                        Method::ResourcesRead};
    return methods.contains(method);
}

qint64 ResultCache::freshForMs(const QString &method, const QJsonObject &params, const QJsonObject &result)
{
    if (!isCacheable(method) || resultTypeOf(result) != ResultType::Complete
        || params.contains(Field::InputResponses) || params.contains(Field::RequestState))
        return 0;
    return cacheHintsOf(result).ttlMs;
}

void ResultCache::store(const QString &method, const QJsonObject &params, const QJsonObject &result,
                        const QString &authorizationContext)
{
    if (freshForMs(method, params, result) <= 0)
        return;
    const CacheHints hints = cacheHintsOf(result);
    const QString key = requestKey(method, params);
    // A newer answer replaces the other scope's entry too.
    m_entries.remove(entryKey(key, CacheHints::Scope::Public, {}));
    m_entries.remove(entryKey(key, CacheHints::Scope::Private, authorizationContext));
    m_entries.insert(entryKey(key, hints.scope, authorizationContext),
                     {method, params.value(Field::Uri).toString(), result, m_clock() + hints.ttlMs});
}

std::optional<QJsonObject> ResultCache::lookup(const QString &method, const QJsonObject &params,
                                               const QString &authorizationContext, Lookup mode) const
{
    if (mode == Lookup::ForceRefresh)
        return std::nullopt;
    if (const std::optional<Fresh> fresh = find(method, params, authorizationContext))
        return fresh->result;
    return std::nullopt;
}

std::optional<ResultCache::Fresh> ResultCache::find(const QString &method, const QJsonObject &params,
                                                    const QString &authorizationContext) const
{
    const QString key = requestKey(method, params);
    const qint64 now = m_clock();
    for (const QString &candidate : {entryKey(key, CacheHints::Scope::Private, authorizationContext),
                                     entryKey(key, CacheHints::Scope::Public, {})}) {
        const auto it = m_entries.constFind(candidate);
        if (it != m_entries.constEnd() && now < it->freshUntil)
            return Fresh{it->result, it->freshUntil - now};
    }
    return std::nullopt;
}

void ResultCache::invalidateFor(const QString &notificationMethod, const QJsonObject &notificationParams)
{
    if (notificationMethod == Notification::ToolsListChanged) {
        removeIf([](const Entry &e) { return e.method == Method::ToolsList; });
    } else if (notificationMethod == Notification::PromptsListChanged) {
        removeIf([](const Entry &e) { return e.method == Method::PromptsList; });
    } else if (notificationMethod == Notification::ResourcesListChanged) {
        removeIf([](const Entry &e) {
            return e.method == Method::ResourcesList || e.method == Method::ResourceTemplatesList;
        });
    } else if (notificationMethod == Notification::ResourceUpdated) {
        const QString uri = notificationParams.value(Field::Uri).toString();
        removeIf([&uri](const Entry &e) { return e.method == Method::ResourcesRead && e.uri == uri; });
    }
}

void ResultCache::invalidateMethod(const QString &method)
{
    removeIf([&method](const Entry &e) { return e.method == method; });
}

void ResultCache::removeIf(const std::function<bool(const Entry &)> &stale)
{
    m_entries.removeIf([&stale](const QHash<QString, Entry>::iterator &it) { return stale(it.value()); });
}

} // namespace Mcp::Modern
