#include "config/watch.h"
#include "config/configkeys.h"

#include "config/serverconfig.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTimer>

namespace Mcp {

namespace {

// Runtimes whose first argument that names a file is the program that changes when rebuilt.
bool looksLikeScript(const QString &argument)
{
    static const QStringList suffixes{QStringLiteral("js"), QStringLiteral("mjs"), QStringLiteral("cjs"),
                                      QStringLiteral("ts"), QStringLiteral("py"), QStringLiteral("rb"),
                                      QStringLiteral("jar"), QStringLiteral("php"), QStringLiteral("dll")};
    return !argument.startsWith(u'-') && suffixes.contains(QFileInfo(argument).suffix(), Qt::CaseInsensitive);
}

// The directory part of a glob before its first wildcard.
QString staticPrefix(const QString &glob)
{
    const qsizetype wildcard = glob.indexOf(QRegularExpression(QStringLiteral("[*?\\[]")));
    const QString head = wildcard < 0 ? glob : glob.left(wildcard);
    const qsizetype slash = head.lastIndexOf(u'/');
    return slash < 0 ? QString() : head.left(slash);
}
} // namespace

WatchSettings WatchSettings::of(const ServerConfig &config)
{
    WatchSettings settings;
    const QJsonObject dev = config.extra.value(ConfigKey::Dev).toObject();
    const QJsonValue watch = dev.value(ConfigKey::Watch);
    if (watch.isString()) {
        settings.globs = QStringList{watch.toString()};
    } else if (watch.isArray()) {
        for (const QJsonValue &glob : watch.toArray())
            settings.globs.append(glob.toString());
        settings.globs.removeAll(QString());
    }
    settings.enabled = !watch.isUndefined();
    settings.debounceMs = dev.value(ConfigKey::DebounceMs).toInt(settings.debounceMs);
    return settings;
}

void WatchSettings::applyTo(ServerConfig &config) const
{
    QJsonObject dev = config.extra.value(ConfigKey::Dev).toObject();
    if (!enabled) {
        dev.remove(ConfigKey::Watch);
        dev.remove(ConfigKey::DebounceMs);
    } else {
        const QStringList stored = globs.isEmpty() ? defaultGlobs(config) : globs;
        dev.insert(ConfigKey::Watch, stored.size() == 1 ? QJsonValue(stored.first()) : QJsonValue(QJsonArray::fromStringList(stored)));
        if (debounceMs != WatchSettings().debounceMs)
            dev.insert(ConfigKey::DebounceMs, debounceMs);
        else
            dev.remove(ConfigKey::DebounceMs);
    }
    if (dev.isEmpty())
        config.extra.remove(ConfigKey::Dev);
    else
        config.extra.insert(ConfigKey::Dev, dev);
}

QStringList WatchSettings::defaultGlobs(const ServerConfig &config)
{
    QString program;
    for (const QString &argument : config.args) {
        if (looksLikeScript(argument)) {
            program = argument;
            break;
        }
    }
    // A command given as a path is the binary that a build replaces (its directory holds
    // the build's other products, which change on every build).
    if (program.isEmpty() && config.command.contains(u'/'))
        return {QDir::cleanPath(config.command)};
    if (program.isEmpty())
        return {};
    program = QDir::cleanPath(program);
    const QString directory = QFileInfo(program).path();
    if (QFileInfo(program).isAbsolute() || directory == QLatin1String("."))
        return {program};
    return {directory + QStringLiteral("/**")};
}

bool WatchSettings::operator==(const WatchSettings &other) const
{
    return enabled == other.enabled && globs == other.globs && debounceMs == other.debounceMs;
}

FileChangeWatcher::FileChangeWatcher(QObject *parent) : QObject(parent), m_debounce(new QTimer(this))
{
    m_debounce->setSingleShot(true);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        QStringList changed;
        changed.swap(m_changed);
        changed.removeDuplicates();
        if (!changed.isEmpty())
            Q_EMIT filesChanged(changed);
    });
}

FileChangeWatcher::~FileChangeWatcher() = default;

QRegularExpression FileChangeWatcher::globToRegularExpression(const QString &glob)
{
    QString pattern;
    for (qsizetype i = 0; i < glob.size(); ++i) {
        const QChar c = glob.at(i);
        if (c == u'*' && i + 1 < glob.size() && glob.at(i + 1) == u'*') {
            const bool segment = i + 2 < glob.size() && glob.at(i + 2) == u'/';
            pattern += segment ? QStringLiteral("(?:.*/)?") : QStringLiteral(".*");
            i += segment ? 2 : 1;
        } else if (c == u'*') {
            pattern += QStringLiteral("[^/]*");
        } else if (c == u'?') {
            pattern += QStringLiteral("[^/]");
        } else {
            pattern += QRegularExpression::escape(QString(c));
        }
    }
    return QRegularExpression(QRegularExpression::anchoredPattern(pattern));
}

void FileChangeWatcher::watch(const QString &baseDirectory, const QStringList &globs, int debounceMs)
{
    stop();
    m_base = QDir(baseDirectory).absolutePath();
    for (QString glob : globs) {
        if (QFileInfo(glob).isAbsolute())
            glob = QDir(m_base).relativeFilePath(glob);
        glob = QDir::cleanPath(glob);
        m_patterns.append(globToRegularExpression(glob));
        const QString root = staticPrefix(glob);
        const bool deep = glob.mid(root.size() + (root.isEmpty() ? 0 : 1)).contains(u'/') || glob.contains(QLatin1String("**"));
        m_roots[root] = m_roots.value(root) || deep;
    }
    m_debounce->setInterval(qMax(0, debounceMs));
    m_watcher = new QFileSystemWatcher(this);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &FileChangeWatcher::rescan);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &FileChangeWatcher::rescan);
    m_files = scan();
}

void FileChangeWatcher::stop()
{
    delete m_watcher;
    m_watcher = nullptr;
    m_debounce->stop();
    m_patterns.clear();
    m_roots.clear();
    m_files.clear();
    m_changed.clear();
}

QHash<QString, FileChangeWatcher::Stamp> FileChangeWatcher::scan()
{
    QHash<QString, Stamp> files;
    QSet<QString> directories;
    const QDir base(m_base);
    for (auto root = m_roots.cbegin(); root != m_roots.cend(); ++root) {
        const QString rootPath = root.key().isEmpty() ? m_base : base.filePath(root.key());
        if (!QFileInfo(rootPath).isDir())
            continue;
        directories.insert(rootPath);
        QDirIterator it(rootPath, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden,
                        root.value() ? QDirIterator::Subdirectories : QDirIterator::NoIteratorFlags);
        while (it.hasNext()) {
            it.next();
            const QFileInfo info = it.fileInfo();
            if (info.isDir()) {
                if (root.value())
                    directories.insert(info.absoluteFilePath());
                continue;
            }
            const QString relative = base.relativeFilePath(info.absoluteFilePath());
            for (const QRegularExpression &pattern : std::as_const(m_patterns)) {
                if (pattern.match(relative).hasMatch()) {
                    files.insert(relative, Stamp{info.lastModified(), info.size()});
                    break;
                }
            }
        }
    }
    // Directories tell of files added and removed; the files themselves of writes in place.
    const QStringList watchedDirectories = m_watcher->directories();
    const QStringList watchedFiles = m_watcher->files();
    QStringList addDirectories;
    for (const QString &directory : std::as_const(directories)) {
        if (!watchedDirectories.contains(directory))
            addDirectories.append(directory);
    }
    if (!addDirectories.isEmpty())
        m_watcher->addPaths(addDirectories);
    QStringList addFiles;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = base.filePath(it.key());
        if (!watchedFiles.contains(path))
            addFiles.append(path);
    }
    if (!addFiles.isEmpty())
        m_watcher->addPaths(addFiles);
    return files;
}

void FileChangeWatcher::rescan()
{
    if (!m_watcher)
        return;
    const QHash<QString, Stamp> now = scan();
    for (auto it = now.cbegin(); it != now.cend(); ++it) {
        const auto before = m_files.constFind(it.key());
        if (before == m_files.cend() || *before != it.value())
            m_changed.append(it.key());
    }
    for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
        if (!now.contains(it.key()))
            m_changed.append(it.key());
    }
    m_files = now;
    // One signal per quiet period: a build writes many files.
    if (!m_changed.isEmpty())
        m_debounce->start();
}

} // namespace Mcp
