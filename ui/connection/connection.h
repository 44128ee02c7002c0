#pragma once

#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "config/watch.h"
#include "protocol/listdiff.h"
#include "session/session.h"
#include "transport/trafficevent.h"
#include "widgets/latestonly.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <functional>

namespace Mcp {
class TrafficLog;
}

namespace Mcp::Ui {

// One line for the Console page: the server's stderr, stdout lines that are not JSON-RPC,
// and process lifecycle notes.
struct ConsoleLine
{
    enum class Stream : quint8 { Stderr, Stdout, Note };
    qint64 wallClockMs = 0;
    Stream stream = Stream::Stderr;
    QString text;
};

// What a reload changed: the server's listings before and after, compared.
struct ReloadDiff
{
    QStringList changedFiles; // what the watch saw (empty for a restart by hand)
    ListDiff tools;
    ListDiff prompts;
    ListDiff resources;
    ListDiff resourceTemplates;

    bool isEmpty() const
    {
        return tools.isEmpty() && prompts.isEmpty() && resources.isEmpty() && resourceTemplates.isEmpty();
    }
};

// A Session as the window keeps it: its traffic in a TrafficLog, the Console page's lines, and
// the secrets to redact from exports.
class Connection : public Session
{
    Q_OBJECT

public:
    Connection(int id, const QString &name, TransportFactory factory, const Options &options,
               QObject *parent = nullptr);
    ~Connection() override;

    void setName(const QString &name) override;
    // This connection's own traffic, from the first byte (owned).
    TrafficLog *trafficLog() const { return m_trafficLog; }
    // Secret values of the current configuration (secret env values and headers, bearer
    // token), redacted from traffic exports.
    QStringList secretValues() const { return m_secretValues; }
    void setSecretValues(const QStringList &values) { m_secretValues = values; }
    // Whether an edit changed what only a new connection can pick up (command, environment, URL,
    // headers, authorization, connect timeout); the rest applies at once through setOptions().
    static bool needsReconnect(const ServerConfig &before, const ServerConfig &after);
    // Watch mode (WatchSettings in the configuration): restart a stdio server (reconnect to an
    // HTTP one) when its files change. A configuration without it stops watching.
    void setWatch(const ServerConfig &config);
    bool isWatching() const { return m_watcher != nullptr; }
    // Where an HTTP server's requests go, with their headers (the Doctor's HTTP checks send the
    // same); nullopt for a stdio server.
    std::optional<HttpEndpoint> httpEndpoint() const { return m_httpEndpoint; }
    void setHttpEndpoint(const std::optional<HttpEndpoint> &endpoint) { m_httpEndpoint = endpoint; }
    // The last reload's differences (empty before the second connection).
    ReloadDiff lastReload() const { return m_lastReload; }

Q_SIGNALS:
    void consoleLines(const QList<Mcp::Ui::ConsoleLine> &lines);
    // Files changed and the server is being restarted.
    void reloadStarted(const QStringList &changedFiles);
    // Connected again after an earlier connection: what its listings changed.
    void reloaded(const Mcp::Ui::ReloadDiff &diff);

private:
    void onTrafficBatch(const QList<Mcp::TrafficEvent> &events);
    // Lists tools, prompts, resources and templates of the new connection and compares them
    // with the previous one's.
    void takeListings();
    void snapshotListings(quint64 generation);

    FileChangeWatcher *m_watcher = nullptr;
    QStringList m_pendingChangedFiles;
    std::optional<QJsonObject> m_listings; // of the previous connection, a snapshot
    ReloadDiff m_lastReload;
    LatestOnly m_listing;
    quint64 m_reloadsCompared = 0; // comparisons started
    quint64 m_reloadShown = 0;     // the latest of them that was shown

    TrafficLog *m_trafficLog = nullptr;
    QStringList m_secretValues;
    std::optional<HttpEndpoint> m_httpEndpoint;
};

} // namespace Mcp::Ui

Q_DECLARE_METATYPE(Mcp::Ui::ConsoleLine)
