#pragma once

// For tests that check the window in both themes.

#include <QTest>

namespace Mcp::Test {

// A data column "dark" with one row per theme: "light" (false) and "dark" (true).
inline void addThemeRows()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

} // namespace Mcp::Test
