#pragma once

// Saving a widget test's screenshot when MCPSCOPE_SCREENSHOT_DIR is set (scripts/screenshots.sh):
// the name gets "-dark" under the dark palette. Header only, for the widget tests.

#include "theme.h"

#include <QDir>
#include <QTest>
#include <QWidget>

namespace Mcp::Test {

// False only when a grab was asked for and could not be saved.
inline bool saveScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return true;
    QDir().mkpath(dir);
    QTest::qWait(200); // let layouts and lazy views settle
    const QString suffix = Ui::Theme::isDark() ? QStringLiteral("-dark") : QString();
    return widget->grab().save(QDir(dir).filePath(name + suffix + QStringLiteral(".png")));
}

} // namespace Mcp::Test
