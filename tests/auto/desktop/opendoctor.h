#pragma once

// Server › Run Doctor… opened as a person does, with the keyboard, for the Doctor's desktop tests.
#include "desktop.h"
#include "dialogs/doctordialog.h"
#include "config/serverconfig.h"
#include "mainwindow.h"

#include <QtTest>

namespace Desktop {

// Opens Server › Run Doctor… on window's chosen server and waits until its examination ended
// (it has findings); nullptr when the menu or the findings did not come.
inline Mcp::Ui::DoctorDialog *openDoctor(Mcp::Ui::MainWindow *window, int examinationMs = 30000)
{
    window->activateWindow();
    if (!key(QStringLiteral("alt+s")))
        return nullptr;
    QTest::qWait(300);
    if (!key(QStringLiteral("o")))
        return nullptr;
    Mcp::Ui::DoctorDialog *dialog = nullptr;
    if (!QTest::qWaitFor([&] { return (dialog = window->findChild<Mcp::Ui::DoctorDialog *>()) != nullptr; }, 5000))
        return nullptr;
    if (!QTest::qWaitFor([dialog] { return !dialog->findings().isEmpty(); }, examinationMs))
        return nullptr;
    return dialog;
}

// tests/auto/doctor/flawed_server.py over stdio as a server entry, with these arguments (its
// flaws: "--flaw", "zero-width", ...).
inline Mcp::ServerConfig flawedServer(const QString &name, const QStringList &arguments)
{
    Mcp::ServerConfig config = Mcp::ServerConfig::create(name);
    config.transport = Mcp::ServerConfig::TransportType::Stdio;
    config.command = QStringLiteral("python3");
    config.args = QStringList{QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/auto/doctor/flawed_server.py")} + arguments;
    return config;
}

// flawed_server.py --http, already serving at url, as a Streamable HTTP server entry.
inline Mcp::ServerConfig flawedHttpServer(const QString &name, const QString &url)
{
    Mcp::ServerConfig config = Mcp::ServerConfig::create(name);
    config.transport = Mcp::ServerConfig::TransportType::StreamableHttp;
    config.url = url;
    return config;
}

} // namespace Desktop
