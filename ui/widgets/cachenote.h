#pragma once

#include "session/requests.h"

#include <QString>

namespace Mcp::Ui {

// What a list's status line says of the result cache (2026-07-28 ttlMs): "answered from the
// cache, fresh for 42 s", "fresh for 60 s" for an answer the server let us keep, nothing for one
// it did not. Shared by the Tools, Prompts and Resources lists.
QString cacheNote(const CacheStatus &cache);

// The same appended to a status text with a separator, or the text alone.
QString withCacheNote(const QString &text, const CacheStatus &cache);

// "answered from the cache" tells a person that a list was shown again without asking the server.
// A view's first list of a session is not shown again, however it was answered (something else
// may have listed first): each list view keeps one of these, and passes every answer through it.
class ListingCacheNote
{
public:
    CacheStatus shown(CacheStatus cache)
    {
        if (!m_listed)
            cache.fromCache = false;
        m_listed = true;
        return cache;
    }
    // A new session: its first list is a first again.
    void sessionEnded() { m_listed = false; }

private:
    bool m_listed = false;
};

} // namespace Mcp::Ui
