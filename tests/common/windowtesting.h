#pragma once

// The main window against the demo server, for the offscreen window tests: where the demo server
// is, a stdio configuration of it, and a catalog entry connected from the window. Header only.

#include "config/secretstore.h" // ServerCatalog holds a QPointer to one
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "mainwindow.h"

#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace Mcp::Test {

// The demo server this build made; empty when it was not built.
inline QString builtDemoServer()
{
    const QString demo = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    return QFileInfo::exists(demo) ? demo : QString();
}

// A stdio entry named name that runs command with arguments.
inline ServerConfig stdioConfig(const QString &name, const QString &command, const QStringList &arguments = {})
{
    ServerConfig config = ServerConfig::create(name);
    config.transport = ServerConfig::TransportType::Stdio;
    config.command = command;
    config.args = arguments;
    return config;
}

// A Streamable HTTP entry named name for the server at url.
inline ServerConfig httpConfig(const QString &name, const QUrl &url)
{
    ServerConfig config = ServerConfig::create(name);
    config.transport = ServerConfig::TransportType::StreamableHttp;
    config.url = url.toString();
    return config;
}

// Selects the entry id and connects it: its connection once connected, null if that took over 20 s.
inline Ui::Connection *connectEntry(Ui::MainWindow &window, const QUuid &id)
{
    window.selectServer(id);
    window.connectServer(id);
    Ui::Connection *connection = window.existingConnection(id);
    if (!connection || !QTest::qWaitFor([connection] { return connection->state() == Ui::Connection::State::Connected; }, 20000))
        return nullptr;
    return connection;
}

// Shows window, adds config (its commands approved), selects and connects it (connectEntry).
inline Ui::Connection *addAndConnect(Ui::MainWindow &window, const ServerConfig &config, QUuid *id)
{
    window.setApprovalAnswerForTesting(1);
    window.show();
    *id = window.catalog()->add(config);
    return connectEntry(window, *id);
}

// A window as at a first start (no saved geometry or splits), its catalog a file of dir named
// after the test function, commands approved; shown. The caller owns it.
inline Ui::MainWindow *freshWindow(const QTemporaryDir &dir)
{
    QSettings().clear();
    auto *window = new Ui::MainWindow(dir.filePath(QStringLiteral("servers-%1.json").arg(QTest::currentTestFunction())));
    window->setApprovalAnswerForTesting(1);
    window->show();
    return window;
}

} // namespace Mcp::Test
