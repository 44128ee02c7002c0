#include "servername.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Mcp {

namespace {

// A script named after its role, not its package: its folders say more.
bool isGenericStem(const QString &stem)
{
    static const QStringList generic = {QStringLiteral("index"), QStringLiteral("main"), QStringLiteral("server"),
                                        QStringLiteral("cli"), QStringLiteral("app"), QStringLiteral("__main__"),
                                        QStringLiteral("run"), QStringLiteral("start"), QStringLiteral("mcp"),
                                        QStringLiteral("stdio"), QStringLiteral("bundle")};
    return generic.contains(stem.toLower());
}

bool isBuildFolder(const QString &name)
{
    static const QStringList folders = {QStringLiteral("dist"), QStringLiteral("build"), QStringLiteral("lib"),
                                        QStringLiteral("src"), QStringLiteral("bin"), QStringLiteral("out"),
                                        QStringLiteral("cjs"), QStringLiteral("esm"), QStringLiteral("target"),
                                        QStringLiteral("release"), QStringLiteral("debug"), QStringLiteral("scripts"),
                                        QStringLiteral("node_modules"), QStringLiteral(".bin")};
    return name.isEmpty() || name == QLatin1String(".") || name == QLatin1String("..") || folders.contains(name.toLower());
}

// "@scope/name" and "name@1.2.3" as the package's own name.
QString packageName(QString spec)
{
    const int version = spec.indexOf(u'@', 1);
    if (version > 0)
        spec.truncate(version);
    return spec.mid(spec.lastIndexOf(u'/') + 1);
}

QString nameForScript(const QString &path)
{
    const QFileInfo info(path);
    const QString stem = info.completeBaseName();
    if (!isGenericStem(stem) && !stem.isEmpty())
        return stem;
    QDir dir = info.dir();
    for (int level = 0; level < 5; ++level) {
        QFile manifest(dir.filePath(QStringLiteral("package.json")));
        if (manifest.open(QIODevice::ReadOnly)) {
            const QString name = QJsonDocument::fromJson(manifest.read(1 << 20)).object().value(QLatin1String("name")).toString();
            if (!name.isEmpty())
                return packageName(name);
        }
        if (!isBuildFolder(dir.dirName()))
            return dir.dirName();
        if (!dir.cdUp())
            break;
    }
    return stem.isEmpty() ? info.fileName() : stem;
}

} // namespace

QString serverNameForCommand(const QString &program, const QStringList &arguments)
{
    // Interpreters and package runners: the name is in what they run.
    static const QRegularExpression launcher(QStringLiteral(
        "^(node|nodejs|deno|bun|bunx|python[0-9.]*|py|pypy[0-9]*|uv|uvx|npx|pnpm|pnpx|yarn|npm|java|ruby|php|perl|"
        "sh|bash|zsh|dotnet|go|tsx|ts-node)(\\.exe)?$"));
    static const QStringList subcommands = {QStringLiteral("run"), QStringLiteral("exec"), QStringLiteral("x"),
                                            QStringLiteral("dlx"), QStringLiteral("tool"), QStringLiteral("start")};
    static const QRegularExpression scriptSuffix(QStringLiteral("\\.(m?js|cjs|ts|py|rb|php|pl|jar|sh)$"));
    QString name;
    if (launcher.match(QFileInfo(program).fileName().toLower()).hasMatch()) {
        for (int i = 0; i < arguments.size() && name.isEmpty(); ++i) {
            const QString &argument = arguments.at(i);
            if (argument == QLatin1String("-m") && i + 1 < arguments.size()) {
                name = arguments.at(i + 1).section(u'.', 0, 0); // python -m package.module
            } else if (argument == QLatin1String("-c") && i + 1 < arguments.size()) {
                const QString script = arguments.at(i + 1).trimmed(); // sh -c 'command …'
                name = serverNameForCommand(script.section(u' ', 0, 0), script.section(u' ', 1).split(u' ', Qt::SkipEmptyParts));
            } else if (argument.startsWith(u'-') || subcommands.contains(argument)) {
                continue;
            } else if ((argument.contains(u'/') && !argument.startsWith(u'@')) || scriptSuffix.match(argument).hasMatch()) {
                name = nameForScript(argument);
            } else {
                name = packageName(argument);
            }
        }
    }
    if (name.isEmpty())
        name = nameForScript(program);
    if (name.size() > 48)
        name = name.left(47) + QChar(0x2026);
    return name.isEmpty() ? program : name;
}

} // namespace Mcp
