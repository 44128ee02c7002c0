// What every desktop test of the window starts from: settings of its own (a first start, no saved
// geometry), a MainWindow shown by the window manager, and the demo server connected on demand.
#pragma once

#include "desktop.h"

#include "config/secretstore.h" // ServerCatalog holds a QPointer to one
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "tools/toollist.h"
#include "mainwindow.h"
#include "servers/serverpage.h"
#include "tools/toolspage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace Desktop {

class WindowFixture
{
public:
    // Call from initTestCase(): false (with the reason in skipReason) when not on a desktop.
    bool setUp(const char *organization)
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QString::fromLatin1(organization));
#ifdef MCPSCOPE_DEMO_SERVER
        demo = QStringLiteral(MCPSCOPE_DEMO_SERVER);
#endif
        if (!onDesktop()) {
            skipReason = "not on a desktop session (run through tests/common/desktop-session.sh)";
            return false;
        }
        if (demo.isEmpty() || !QFileInfo::exists(demo)) {
            skipReason = "mcpscope-demo-server is not built";
            return false;
        }
        return dir.isValid();
    }

    // A fresh window, as at a first start; the test owns it until closeWindow().
    Mcp::Ui::MainWindow *openWindow(const QString &name)
    {
        QSettings().clear();
        window = new Mcp::Ui::MainWindow(dir.filePath(QStringLiteral("servers-%1.json").arg(name)));
        window->setApprovalAnswerForTesting(1);
        window->show();
        if (!waitShown(window)) {
            closeWindow();
            return nullptr;
        }
        return window;
    }

    void closeWindow()
    {
        delete window;
        window = nullptr;
    }

    Mcp::ServerConfig demoConfig(const QString &name, const QStringList &arguments = {}) const
    {
        Mcp::ServerConfig config = Mcp::ServerConfig::create(name);
        config.transport = Mcp::ServerConfig::TransportType::Stdio;
        config.command = demo;
        config.args = arguments;
        return config;
    }

    // Adds, selects and connects the demo server; the page once its tools are listed.
    Mcp::Ui::ServerPage *connect(const Mcp::ServerConfig &config)
    {
        const QUuid id = window->catalog()->add(config);
        window->selectServer(id);
        window->connectServer(id);
        Mcp::Ui::Connection *connection = window->existingConnection(id);
        if (!connection)
            return nullptr;
        if (!QTest::qWaitFor([connection] { return connection->state() == Mcp::Ui::Connection::State::Connected; }, 20000))
            return nullptr;
        Mcp::Ui::ServerPage *page = window->pageFor(id);
        if (!QTest::qWaitFor([page] { return page->toolsPage()->list()->count() > 0; }, 10000))
            return nullptr;
        return page;
    }

    // With MCPSCOPE_SCREENSHOT_DIR set, the whole screen as X shows it (frames included).
    void shoot(const QString &name) const
    {
        const QString shots = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
        if (shots.isEmpty() || !window)
            return;
        QDir().mkpath(shots);
        QCoreApplication::processEvents();
        window->screen()->grabWindow(0).save(QDir(shots).filePath(name + QStringLiteral(".png")));
    }

    QTemporaryDir dir;
    QString demo;
    const char *skipReason = "";
    Mcp::Ui::MainWindow *window = nullptr;
};

} // namespace Desktop

namespace Desktop {

// A fresh window named name (WindowFixture::openWindow), the demo server connected
// (WindowFixture::connect) and tool chosen on its Tools page: the server's page, or null.
inline Mcp::Ui::ServerPage *openWithDemoTool(WindowFixture &fixture, const QString &name, const QString &tool)
{
    if (!fixture.openWindow(name))
        return nullptr;
    Mcp::Ui::ServerPage *page = fixture.connect(fixture.demoConfig(QStringLiteral("demo")));
    if (!page || !page->toolsPage()->list()->selectByName(tool))
        return nullptr;
    return page;
}

} // namespace Desktop
