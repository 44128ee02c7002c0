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

// The columns of a cell of the spec's compatibility matrix: the peer ("demo" or "sdk2"), the
// server's era ("modern", "dual" or "legacy"), over HTTP or stdio, the client's choice of
// protocol, and what the test expects of that cell (its own code: an outcome, an exit code).
inline void addCompatibilityColumns()
{
    QTest::addColumn<QString>("peer");
    QTest::addColumn<QString>("era");
    QTest::addColumn<bool>("http");
    QTest::addColumn<QString>("choice");
    QTest::addColumn<int>("expected");
}

} // namespace Mcp::Test
