#include "connection/connection.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "traffic/trafficlog.h"

#include <QDir>
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
    // Rows (and with them relayout and repaint of the Traffic page) at most 20 times a second.
    m_trafficLog->setBatchInterval(50);
    // Connected first, so whoever else listens to trafficBatch finds the events in the log.
    connect(this, &Session::trafficBatch, this, &Connection::onTrafficBatch);
    connect(this, &Session::stateChanged, this, [this](State state) {
        if (state == State::Connected)
            takeListings();
    });
}

Connection::~Connection() = default;

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
    const quint64 generation = ++m_listingGeneration;
    const QJsonObject capabilities = sessionInfo().serverCapabilities;
    auto listings = std::make_shared<Listings>();
    auto remaining = std::make_shared<int>(0);
    const auto finish = [this, generation, listings] {
        if (generation != m_listingGeneration)
            return; // a newer connection started over
        if (m_listings) {
            ReloadDiff diff;
            diff.changedFiles = m_pendingChangedFiles;
            diff.tools = diffTools(m_listings->tools, listings->tools);
            diff.prompts = diffPrompts(m_listings->prompts, listings->prompts);
            diff.resources = diffResources(m_listings->resources, listings->resources);
            diff.resourceTemplates = diffResourceTemplates(m_listings->resourceTemplates, listings->resourceTemplates);
            m_lastReload = diff;
            Q_EMIT reloaded(diff);
        }
        m_pendingChangedFiles.clear();
        m_listings = *listings;
    };
    const auto list = [this, remaining, finish](const QString &method, const QString &key, QJsonArray *into) {
        ++*remaining;
        listAll(method, key, this, [remaining, finish, into](const QJsonArray &items, const std::optional<RpcError> &) {
            *into = items;
            if (--*remaining == 0)
                finish();
        });
    };
    if (capabilities.contains(Key::Tools))
        list(Method::ToolsList, Key::Tools, &listings->tools);
    if (capabilities.contains(Key::Prompts))
        list(Method::PromptsList, Key::Prompts, &listings->prompts);
    if (capabilities.contains(Key::Resources)) {
        list(Method::ResourcesList, Key::Resources, &listings->resources);
        list(Method::ResourcesTemplatesList, Key::ResourceTemplates, &listings->resourceTemplates);
    }
    if (*remaining == 0)
        finish();
}

void Connection::listSnapshot(const QObject *context, SnapshotDone done)
{
    if (!isConnected()) {
        QTimer::singleShot(0, context, [done, message = tr("%1 is not connected").arg(name())] { done({}, message); });
        return;
    }
    struct Pending
    {
        QJsonObject snapshot;
        QString error;
        int remaining = 0;
    };
    auto pending = std::make_shared<Pending>();
    const QJsonObject capabilities = sessionInfo().serverCapabilities;
    const auto list = [this, context, pending, done](const QString &method, const QString &key) {
        ++pending->remaining;
        // Asked of the server, not the result cache: a comparison is about what it offers now.
        Client::ListOptions options;
        options.forceRefresh = true;
        listAll(method, key, context, options, [pending, done, method, key](const QJsonArray &items, const std::optional<RpcError> &error, const CacheStatus &) {
            if (error) {
                if (pending->error.isEmpty())
                    pending->error = tr("%1 failed: %2").arg(method, error->message);
            } else {
                pending->snapshot.insert(key, items);
            }
            if (--pending->remaining == 0)
                done(pending->snapshot, pending->error);
        });
    };
    if (capabilities.contains(Key::Tools))
        list(Method::ToolsList, Key::Tools);
    if (capabilities.contains(Key::Prompts))
        list(Method::PromptsList, Key::Prompts);
    if (capabilities.contains(Key::Resources)) {
        list(Method::ResourcesList, Key::Resources);
        list(Method::ResourcesTemplatesList, Key::ResourceTemplates);
    }
    if (pending->remaining == 0) // offers none of them: an empty snapshot
        QTimer::singleShot(0, context, [done] { done({}, {}); });
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
