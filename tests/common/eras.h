#pragma once

// For tests that check the same behaviour in both protocol eras.

#include <QTest>

namespace Mcp::Test {

// A data column "era" with one row per era: "legacy" (2025-11-25 and before) and "modern" (2026-07-28).
inline void addEraRows()
{
    QTest::addColumn<QString>("era");
    QTest::newRow("legacy") << QStringLiteral("legacy");
    QTest::newRow("modern") << QStringLiteral("modern");
}

} // namespace Mcp::Test
