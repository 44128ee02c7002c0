#include "guimain.h"

#include "mainwindow.h"
#include "theme.h"

#ifdef MCPSCOPE_HAVE_WEBENGINE
#include "apps/appwebpage.h"
#endif

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

namespace Mcp::Ui {

QString demoServerProgram()
{
    const QString fromEnv = qEnvironmentVariable("MCPSCOPE_DEMO_SERVER");
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable())
        return QFileInfo(fromEnv).absoluteFilePath();

#ifdef Q_OS_WIN
    const QString name = QStringLiteral("mcpscope-demo-server.exe");
#else
    const QString name = QStringLiteral("mcpscope-demo-server");
#endif
    const QDir appDir(QCoreApplication::applicationDirPath());
    const QStringList candidates = {
        appDir.filePath(name),
        appDir.filePath(QStringLiteral("../demoserver/") + name),
        appDir.filePath(QStringLiteral("../libexec/") + name),
        appDir.filePath(QStringLiteral("../app/demoserver/") + name),
    };
    for (const QString &candidate : candidates) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return {};
}

void installTranslations(const QString &localeName)
{
    static QTranslator *ours = nullptr;
    static QTranslator *qt = nullptr;
    static QTranslator *plurals = nullptr;
    if (!plurals) {
        // English plural forms ("1 item", "2 items") beneath whatever language is chosen: the
        // sources say "%n item(s)".
        plurals = new QTranslator(qApp);
        if (plurals->load(QStringLiteral(":/i18n/mcpscope_en.qm")))
            QCoreApplication::installTranslator(plurals);
    }
    if (ours) {
        QCoreApplication::removeTranslator(ours);
        delete ours;
        ours = nullptr;
    }
    if (qt) {
        QCoreApplication::removeTranslator(qt);
        delete qt;
        qt = nullptr;
    }
    const QLocale locale = localeName.isEmpty() ? QLocale() : QLocale(localeName);
    auto *translator = new QTranslator(qApp);
    if (locale.language() != QLocale::English
        && translator->load(locale, QStringLiteral("mcpscope"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(translator);
        ours = translator;
    } else {
        delete translator;
    }
    auto *qtTranslator = new QTranslator(qApp);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qtTranslator);
        qt = qtTranslator;
    } else {
        delete qtTranslator;
    }
}

int runGui(int &argc, char **argv, const std::optional<ServerConfig> &server, const QString &installLink)
{
    QApplication::setApplicationName(QStringLiteral("mcpscope"));
    QApplication::setOrganizationName(QStringLiteral("MCPScope"));
    QApplication::setApplicationDisplayName(QStringLiteral("MCP Scope"));
#ifdef MCPSCOPE_HAVE_WEBENGINE
    prepareWebEngine();
#endif
    QApplication app(argc, argv);
    if (QCoreApplication::applicationVersion().isEmpty())
        QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.mcpscope.McpScope"));
    QApplication::setWindowIcon(Theme::appIcon());

    // A language chosen in the settings wins over the system's.
    installTranslations(QSettings().value(QStringLiteral("ui/language")).toString());
    Theme::apply(&app);

    MainWindow window;
    window.show();
    window.startUp();
    // Another window of the user's may already show the recordings; this one then does not.
    window.listenForRecordings();
    if (server)
        window.openServer(*server);
    if (!installLink.isEmpty()) {
        // Once the window is up, so the question has its parent on screen.
        QTimer::singleShot(0, &window, [&window, installLink] { window.openInstallLink(installLink); });
    }
    return app.exec();
}

} // namespace Mcp::Ui
