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

} // namespace Mcp::Ui
