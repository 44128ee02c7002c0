#pragma once

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QRegularExpression>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QFileSystemWatcher;
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

struct ServerConfig;

// "Restart when files change" for one server. Stored as VS Code's mcp.json stores it, in the
// entry's `dev` object ("watch": one glob or a list; "debounceMs" is ours), so an imported
// mcp.json keeps its dev.watch and an exported one carries it.
struct WatchSettings
{
    bool enabled = false;
    QStringList globs;      // relative to the server's working directory; empty: defaultGlobs()
    int debounceMs = 300;

    static WatchSettings of(const ServerConfig &config);
    void applyTo(ServerConfig &config) const;
    // The script or binary the command runs: `node build/index.js` watches build/**, `python3
    // server.py` watches server.py, `./target/debug/server` watches that file.
    static QStringList defaultGlobs(const ServerConfig &config);
    bool operator==(const WatchSettings &other) const;
};

// Watches the files that match globs under a base directory and says once per quiet period
// which of them changed (modified, created or removed). New directories are picked up.
class FileChangeWatcher : public QObject
{
    Q_OBJECT

public:
    explicit FileChangeWatcher(QObject *parent = nullptr);
    ~FileChangeWatcher() override;

    void watch(const QString &baseDirectory, const QStringList &globs, int debounceMs);
    void stop();
    // The files that match now, relative to the base directory.
    QStringList matchingFiles() const { return m_files.keys(); }

    // `**` any path, `*` and `?` within one path segment.
    static QRegularExpression globToRegularExpression(const QString &glob);

Q_SIGNALS:
    void filesChanged(const QStringList &paths);

private:
    struct Stamp
    {
        QDateTime modified;
        qint64 size = -1;
        bool operator!=(const Stamp &other) const { return modified != other.modified || size != other.size; }
    };
    QHash<QString, Stamp> scan();
    void rescan();

    QString m_base;
    QList<QRegularExpression> m_patterns;
    // Directories below which matches can be (relative to m_base), and whether matches can be
    // in their subdirectories too.
    QHash<QString, bool> m_roots;
    QHash<QString, Stamp> m_files;
    QStringList m_changed;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_debounce;
};

} // namespace Mcp
