#include "connection/connection.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "traffic/trafficlog.h"
#include "workpool.h"

#include <QDir>
#include <QFuture>
#include <QPromise>
#include <QThreadPool>
#include <QTimer>

#include <memory>

namespace Mcp::Ui {

Connection::Connection(int id, const QString &name, TransportFactory factory, const Options &options,
                       QObject *parent)
    : Session(id, name, std::move(factory), options, parent)
{
    static const bool registered = [] {
        qRegisterMetaType<Mcp::Ui::ConsoleLine>();
        qRegisterMetaType<QList<Mcp::Ui::ConsoleLine>>();
        return true;
    }();
    Q_UNUSED(registered)
    m_trafficLog = new TrafficLog(this);
    m_trafficLog->setConnectionName(id, name);
    setTrafficPreparer(&TrafficLog::summarizeBigFrames);
    // Connected first, so whoever else listens to trafficBatch finds the events in the log.
    connect(this, &Session::trafficBatch, this, &Connection::onTrafficBatch);
    connect(this, &Session::stateChanged, this, [this](State state) {
        if (state == State::Connected)
            takeListings();
    });
}

Connection::~Connection()
{
    // The last snapshot may be the last reference to 40 MiB of listings, whose freeing held the GUI
    // thread for hundreds of milliseconds.
    if (m_listings)
        workPool()->start([listings = std::move(*m_listings)]() mutable { listings = {}; });
}

void Connection::setName(const QString &name)
{
    Session::setName(name);
    m_trafficLog->setConnectionName(id(), name);
}

bool Connection::needsReconnect(const ServerConfig &before, const ServerConfig &after)
{
    // Compared with what applies at once made equal.
    ServerConfig a = before;
    ServerConfig b = after;
    b.name = a.name;
    b.notes = a.notes;
    b.scope = a.scope;
    b.pingIntervalMs = a.pingIntervalMs;
    b.autoRestart = a.autoRestart;
    b.timeouts.requestMs = a.timeouts.requestMs;
    b.timeouts.resetOnProgress = a.timeouts.resetOnProgress;
    b.timeouts.maxTotalMs = a.timeouts.maxTotalMs;
    return a.toJson() != b.toJson();
}

void Connection::setWatch(const ServerConfig &config)
{
    delete m_watcher;
    m_watcher = nullptr;
    const WatchSettings settings = WatchSettings::of(config);
    // An HTTP server's files are wherever it runs: only watched when named.
    if (!settings.enabled || (config.usesUrl() && settings.globs.isEmpty()))
        return;
    m_watcher = new FileChangeWatcher(this);
    connect(m_watcher, &FileChangeWatcher::filesChanged, this, [this](const QStringList &paths) {
        if (state() == State::Disconnected)
            return; // not wanted running: a save does not start it
        m_pendingChangedFiles = paths;
        Q_EMIT reloadStarted(paths);
        restart();
    });
    // Relative globs are relative to where the server runs.
    m_watcher->watch(config.workingDirectory.isEmpty() ? QDir::currentPath() : config.workingDirectory,
                     settings.globs.isEmpty() ? WatchSettings::defaultGlobs(config) : settings.globs,
                     settings.debounceMs);
}

void Connection::takeListings()
{
    const quint64 generation = m_listing.start();
    // The pages list at connect too, told after this: the snapshot waits for their requests to be
    // under way and shares their answers rather than asking for every list a second time.
    QTimer::singleShot(0, this, [this, generation] {
        if (m_listing.isLatest(generation))
            snapshotListings(generation);
    });
}

void Connection::snapshotListings(quint64 generation)
{
    ListOptions shared;
    shared.joinUnderWay = true;
    listSnapshot(this, shared, [this, generation](const QJsonObject &listings, const QString &) {
        if (!m_listing.isLatest(generation))
            return; // a newer connection started over
        if (m_listings) {
            // Comparing 200,000 tools held the GUI thread for seconds: the pool compares, and lets
            // go of the old snapshot there too.
            auto promise = std::make_shared<QPromise<ReloadDiff>>();
            QFuture<ReloadDiff> future = promise->future();
            promise->start();
            workPool()->start(
                [promise, before = std::exchange(m_listings, std::nullopt).value(), listings,
                 changedFiles = m_pendingChangedFiles]() mutable {
                const auto list = [](const QJsonObject &snapshot, QLatin1StringView key) {
                    return snapshot.value(key).toArray();
                };
                ReloadDiff diff;
                diff.changedFiles = changedFiles;
                diff.tools = diffTools(list(before, Key::Tools), list(listings, Key::Tools));
                diff.prompts = diffPrompts(list(before, Key::Prompts), list(listings, Key::Prompts));
                diff.resources = diffResources(list(before, Key::Resources), list(listings, Key::Resources));
                diff.resourceTemplates = diffResourceTemplates(list(before, Key::ResourceTemplates),
                                                               list(listings, Key::ResourceTemplates));
                before = {};
                promise->addResult(std::move(diff));
                promise->finish();
            });
            const quint64 compared = ++m_reloadsCompared;
            future.then(this, [this, compared](const ReloadDiff &diff) {
                if (compared < m_reloadShown)
                    return; // a later reload's comparison was quicker
                m_reloadShown = compared;
                m_lastReload = diff;
                Q_EMIT reloaded(diff);
            });
        }
        m_pendingChangedFiles.clear();
        m_listings = listings;
    });
}

void Connection::onTrafficBatch(const QList<TrafficEvent> &events)
{
    QList<ConsoleLine> lines;
    for (const TrafficEvent &event : events) {
        switch (event.kind) {
        case TrafficEvent::Kind::StderrLine:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Stderr, QString::fromUtf8(event.raw)});
            break;
        case TrafficEvent::Kind::InvalidMessage:
            if (event.direction == TrafficEvent::Direction::Incoming)
                lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Stdout, QString::fromUtf8(event.raw)});
            break;
        case TrafficEvent::Kind::ProcessStarted:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note,
                                     tr("Started: %1").arg(event.note)});
            break;
        case TrafficEvent::Kind::ProcessExited:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note,
                                     tr("Process %1").arg(event.note)});
            break;
        case TrafficEvent::Kind::TransportError:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note, event.note});
            break;
        default:
            break;
        }
    }
    m_trafficLog->appendBatch(events);
    if (!lines.isEmpty())
        Q_EMIT consoleLines(lines);
}

} // namespace Mcp::Ui
