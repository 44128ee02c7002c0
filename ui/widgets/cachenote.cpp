#include "cachenote.h"

#include <QCoreApplication>

namespace Mcp::Ui {

QString cacheNote(const CacheStatus &cache)
{
    const int seconds = int((cache.freshForMs + 999) / 1000);
    if (cache.fromCache)
        return cache.freshForMs > 0
            ? QCoreApplication::translate("CacheNote", "answered from the cache, fresh for %n s", nullptr, seconds)
            : QCoreApplication::translate("CacheNote", "answered from the cache");
    if (cache.freshForMs > 0)
        return QCoreApplication::translate("CacheNote", "the server lets this list be kept for %n s", nullptr, seconds);
    return {};
}

QString withCacheNote(const QString &text, const CacheStatus &cache)
{
    const QString note = cacheNote(cache);
    if (note.isEmpty())
        return text;
    return text.isEmpty() ? note : text + QStringLiteral(" · ") + note;
}

} // namespace Mcp::Ui
