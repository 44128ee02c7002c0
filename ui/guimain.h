#pragma once

#include "config/serverconfig.h"

#include <QString>

#include <optional>

namespace Mcp::Ui {

// The GUI entry point, called by app/mcpscope's main() when --cli is not given: creates
// the QApplication, loads translations and the palette, shows the main window (which
// connects to the bundled demo server on first start, and to `server` when one is given; an
// `installLink` is shown for approval, MainWindow::openInstallLink) and runs the event loop.
int runGui(int &argc, char **argv, const std::optional<ServerConfig> &server = std::nullopt,
           const QString &installLink = QString());

// Where the bundled demo server (mcpscope-demo-server) is, or an empty string when it
// cannot be found. Looked up, in order:
//  1. the MCPSCOPE_DEMO_SERVER environment variable (a path to the executable);
//  2. next to the running executable (installed layout, and build/app/mcpscope/);
//  3. ../demoserver/ relative to it (the build tree: build/app/mcpscope -> build/app/demoserver);
//  4. ../libexec/ relative to it (some distributions' layout).
QString demoServerProgram();

// Applies the translation for the given locale name ("de", "zh_CN"; empty: the system's)
// to the running application: our own catalogue from :/i18n and Qt's own.
void installTranslations(const QString &localeName = QString());

} // namespace Mcp::Ui
