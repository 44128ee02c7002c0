#include "resultcache.h"

#include "requestmeta.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include "jsonrpc/json.h"

#include <QElapsedTimer>

#include <memory>

namespace Mcp::Modern {

namespace {

// Request params without `_meta` in one canonical form (QJsonObject keeps keys sorted).
QString requestKey(const QString &method, QJsonObject params)
{
    params.remove(Key::Meta);
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
    hints.ttlMs = std::max<qint64>(0, qint64(result.value(Key::TtlMs).toDouble(0)));
    const QString scope = result.value(Key::CacheScope).toString();
    if (scope == CacheScopeValue::Public)
        hints.scope = CacheHints::Scope::Public;
    else if (scope == CacheScopeValue::Private)
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
    static const QStringList methods = {Method::ServerDiscover, Method::ToolsList, Method::PromptsList,
                                        Method::ResourcesList, Method::ResourcesTemplatesList,
                                        Method::ResourcesRead};
    return methods.contains(method);
}

qint64 ResultCache::freshForMs(const QString &method, const QJsonObject &params, const QJsonObject &result)
{
    if (!isCacheable(method) || resultTypeOf(result) != ResultType::Complete
        || params.contains(Key::InputResponses) || params.contains(Key::RequestState))
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
                     {method, params.value(Key::Uri).toString(), result, m_clock() + hints.ttlMs});
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
    if (notificationMethod == Method::ToolsListChangedNotification) {
        removeIf([](const Entry &e) { return e.method == Method::ToolsList; });
    } else if (notificationMethod == Method::PromptsListChangedNotification) {
        removeIf([](const Entry &e) { return e.method == Method::PromptsList; });
    } else if (notificationMethod == Method::ResourcesListChangedNotification) {
        removeIf([](const Entry &e) {
            return e.method == Method::ResourcesList || e.method == Method::ResourcesTemplatesList;
        });
    } else if (notificationMethod == Method::ResourceUpdatedNotification) {
        const QString uri = notificationParams.value(Key::Uri).toString();
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
