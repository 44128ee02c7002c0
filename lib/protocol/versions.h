#pragma once

#include <QLatin1StringView>
#include <QStringList>

// The protocol revisions MCP Scope speaks, client and server alike (basic/versioning).
namespace Mcp::ProtocolVersion {

// The stateless era's revision: every request carries it in _meta.
inline constexpr QLatin1StringView Modern("2026-07-28");
// The newest revision with an initialize handshake.
inline constexpr QLatin1StringView LatestLegacy("2025-11-25");

// Versions of the legacy era (initialize and sessions), newest first.
inline QStringList legacy()
{
    return {QString(LatestLegacy), QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"),
            QStringLiteral("2024-11-05")};
}

// Versions of the modern era, newest first.
inline QStringList modern()
{
    return {QString(Modern)};
}

// Whether a version string belongs to the modern era (revisions are dated, so they sort).
inline bool isModern(const QString &version)
{
    return version >= Modern;
}

} // namespace Mcp::ProtocolVersion
